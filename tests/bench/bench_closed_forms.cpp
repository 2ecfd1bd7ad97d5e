// The guidelines paper's families at a million nodes: the engine's schedule
// with each objective, checked in the same run against the closed forms
// (Theorems 3.1, 4.1, 5.1 as functions of t) and the memory costs ℓ, 2h and
// 2^d + 2 (a mismatch is reported as an error, not a timing).
// Run: build/tests/bench/bench_closed_forms
#include <benchmark/benchmark.h>

#include <string>

#include "families/families.hpp"
#include "schedule/schedule.hpp"

namespace {

using namespace ics;

struct Family {
    const char* name;
    Dag (*make)();
    std::uint64_t (*max_e)(std::uint64_t t);  // the maximum E(t)
    std::uint32_t memory;                    // least memory of an ICO schedule
};

constexpr std::uint32_t kEll = 1414, kH = 19, kD = 16;

const Family kFamilies[] = {
    {"reduction-mesh l=1414 (1,000,405 nodes)", [] { return families::reduction_mesh(kEll); },
     [](std::uint64_t t) -> std::uint64_t {
         for (std::uint64_t size = kEll; size >= 1; --size) {
             if (t < size) return t == 0 ? size : size - 1;
             t -= size;
         }
         return 0;
     },
     kEll},
    {"reduction-tree h=19 (1,048,575 nodes)", [] { return families::reduction_tree(kH); },
     [](std::uint64_t t) -> std::uint64_t { return (std::uint64_t{1} << kH) - (t + 1) / 2; }, 2 * kH},
    {"fft d=16 (1,114,112 nodes)", [] { return families::fft(kD); },
     [](std::uint64_t t) -> std::uint64_t {
         const std::uint64_t w = std::uint64_t{1} << kD, nonsinks = kD * w;
         return t <= nonsinks ? w - (t & 1) : w - (t - nonsinks);
     },
     (1u << kD) + 2},
};

const Dag& cached(std::size_t f) {
    static std::vector<Dag> dags(std::size(kFamilies));
    if (dags[f].empty()) dags[f] = kFamilies[f].make();
    return dags[f];
}

void BM_ClosedForm(benchmark::State& state) {
    const auto f = static_cast<std::size_t>(state.range(0));
    const auto objective = static_cast<schedule::Objective>(state.range(1));
    const Dag& g = cached(f);
    schedule::Options opt;
    opt.objective = objective;
    schedule::Result r;
    for (auto _ : state) {
        r = schedule::schedule(g, opt);
        benchmark::DoNotOptimize(r);
    }
    std::string error;
    if (r.status != schedule::Status::ic_optimal) error = "not ic-optimal: " + r.reason;
    for (std::uint64_t t = 0; error.empty() && t < r.eval.eligible.size(); ++t)
        if (r.eval.eligible[t] != kFamilies[f].max_e(t))
            error = "E(" + std::to_string(t) + ") = " + std::to_string(r.eval.eligible[t]) + ", closed form " +
                    std::to_string(kFamilies[f].max_e(t));
    if (error.empty() && objective == schedule::Objective::memory && r.eval.memory != kFamilies[f].memory)
        error = "memory " + std::to_string(r.eval.memory) + ", expected " + std::to_string(kFamilies[f].memory);
    if (!error.empty()) state.SkipWithError(error.c_str());
    state.SetLabel(std::string(kFamilies[f].name) + ", " + schedule::objective_name(objective) +
                   ", closed form holds at every step");
    state.counters["nodes"] = g.node_count();
    state.counters["memory"] = r.eval.memory;
}
BENCHMARK(BM_ClosedForm)
    ->ArgsProduct({{0, 1, 2}, {0, 1}})
    ->Unit(benchmark::kMillisecond)
    ->Iterations(3);

}  // namespace

BENCHMARK_MAIN();
