// The pipeline on the familiar computations (decomposition only: the exact
// search disabled), each at about a million nodes, and the algebra's sum of
// two of them. Run: build/tests/familiar/bench_familiar
#include <benchmark/benchmark.h>

#include <functional>
#include <string>
#include <vector>

#include "algebra/algebra.hpp"
#include "families/families.hpp"
#include "schedule/schedule.hpp"

namespace {

using namespace ics;

struct Case {
    const char* name;
    std::function<Dag()> make;
};

const std::vector<Case>& cases() {
    static const std::vector<Case> all{
        {"wavefront 1000x1000", [] { return families::wavefront(1000, 1000); }},
        {"divide-conquer b=2 h=18", [] { return families::divide_conquer(2, 18); }},
        {"laplace n=700", [] { return families::laplace(700); }},
        {"parallel-prefix n=65536", [] { return families::parallel_prefix(65536); }},
        {"matrix-multiplication levels=3", [] { return families::matrix_multiplication(3); }},
        {"fmri width=3000", [] { return families::fmri(3000); }},
    };
    return all;
}

const Dag& cached(std::size_t k) {
    static std::vector<Dag> dags(cases().size());
    if (dags[k].empty()) dags[k] = cases()[k].make();
    return dags[k];
}

void BM_ScheduleByDecomposition(benchmark::State& state) {
    const auto k = static_cast<std::size_t>(state.range(0));
    const Dag& g = cached(k);
    schedule::Options o;
    o.exact_max_nodes = 0;
    o.exact_max_downsets = 0;
    o.area_max_downsets = 0;
    bool ico = true;
    for (auto _ : state) {
        const auto r = schedule::schedule(g, o);
        ico = ico && r.status == schedule::Status::ic_optimal;
        benchmark::DoNotOptimize(r.order.data());
    }
    state.SetLabel(std::string(cases()[k].name) + (ico ? " ic-optimal" : " NOT ic-optimal"));
    state.counters["nodes"] = g.node_count();
}
BENCHMARK(BM_ScheduleByDecomposition)->DenseRange(0, 5)->Unit(benchmark::kMillisecond);

void BM_SumOfTwo(benchmark::State& state) {
    const Dag& g = cached(0);
    const Dag* two[] = {&g, &g};
    for (auto _ : state) benchmark::DoNotOptimize(algebra::sum(two).dag.node_count());
    state.counters["nodes"] = 2.0 * g.node_count();
}
BENCHMARK(BM_SumOfTwo)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
