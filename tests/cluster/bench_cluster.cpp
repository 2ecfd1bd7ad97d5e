// Extraction time of one k = 100 cluster on million-node dags (issue 6):
// the 1,000,405-node out-mesh (l = 1414) and FFT d = 16 (1,114,112 nodes),
// per strategy. Each extraction schedules the dag, builds the candidate(s)
// and the residual dag, and proves the residual (Theorem 3.1 or the engine).
#include <benchmark/benchmark.h>

#include "cluster/cluster.hpp"
#include "families/families.hpp"

namespace {

const ics::Dag& dag(int which) {
    static const ics::Dag mesh = ics::families::out_mesh(1414);
    static const ics::Dag fft = ics::families::fft(16);
    return which == 0 ? mesh : fft;
}

void BM_Extract(benchmark::State& state) {
    const ics::Dag& g = dag(static_cast<int>(state.range(0)));
    const auto strategy = static_cast<ics::cluster::Strategy>(state.range(1));
    std::size_t cut = 0;
    for (auto _ : state) {
        const ics::cluster::Cluster cl = ics::cluster::extract(g, {}, 100, strategy);
        cut = cl.cut.size();
        benchmark::DoNotOptimize(cl.residual_order.data());
    }
    state.counters["nodes"] = g.node_count();
    state.counters["cut_arcs"] = static_cast<double>(cut);
    state.SetLabel(std::string(state.range(0) == 0 ? "out-mesh l=1414" : "fft d=16") + " " +
                   ics::cluster::strategy_name(strategy));
}

void BM_Schedule(benchmark::State& state) {  // the baseline: scheduling alone
    const ics::Dag& g = dag(static_cast<int>(state.range(0)));
    for (auto _ : state) benchmark::DoNotOptimize(ics::schedule::schedule(g).order.data());
    state.SetLabel(state.range(0) == 0 ? "out-mesh l=1414" : "fft d=16");
}

}  // namespace

BENCHMARK(BM_Schedule)->Args({0})->Args({1})->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Extract)
    ->ArgsProduct({{0, 1}, {0, 1, 2, 3}})
    ->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
