// Spine benchmarks: dag construction, the pebble-game evaluation (linear time,
// reported as nodes per second) and baseline orders on generated dags of up to
// ~1M nodes. Run: build/tests/bench/bench_spine
#include <benchmark/benchmark.h>

#include "families/families.hpp"
#include "pebble/pebble.hpp"

namespace {

using namespace ics;

// Families indexed by a benchmark argument so every size shows up in one table.
Dag make(int family, int size) {
    switch (family) {
        case 0: return families::reduction_mesh(static_cast<std::uint32_t>(size));
        case 1: return families::fft(static_cast<std::uint32_t>(size));
        default: return families::random_layered(static_cast<std::uint32_t>(size), 1000, 0.004, 42);
    }
}

const char* family_name(int family) {
    return family == 0 ? "reduction-mesh" : family == 1 ? "fft" : "random-layered(width 1000)";
}

void BM_Generate(benchmark::State& state) {
    const int family = static_cast<int>(state.range(0));
    std::uint64_t nodes = 0;
    for (auto _ : state) {
        Dag g = make(family, static_cast<int>(state.range(1)));
        nodes = g.node_count();
        benchmark::DoNotOptimize(g);
    }
    state.SetLabel(family_name(family));
    state.counters["nodes"] = static_cast<double>(nodes);
    state.counters["nodes/s"] = benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kIsIterationInvariantRate);
}

void BM_Evaluate(benchmark::State& state) {
    const int family = static_cast<int>(state.range(0));
    const Dag g = make(family, static_cast<int>(state.range(1)));
    const auto order = pebble::baseline_order(g, pebble::Policy::fifo);
    for (auto _ : state) {
        auto ev = pebble::evaluate(g, order);
        benchmark::DoNotOptimize(ev);
    }
    state.SetLabel(family_name(family));
    state.counters["nodes"] = g.node_count();
    state.counters["arcs"] = static_cast<double>(g.arc_count());
    state.counters["nodes/s"] = benchmark::Counter(g.node_count(), benchmark::Counter::kIsIterationInvariantRate);
}

void BM_Baseline(benchmark::State& state) {
    const Dag g = make(1, 16);  // FFT d=16: 1,114,112 nodes
    const auto policy = static_cast<pebble::Policy>(state.range(0));
    for (auto _ : state) {
        auto order = pebble::baseline_order(g, policy, 7);
        benchmark::DoNotOptimize(order);
    }
    static const char* names[] = {"fifo", "lifo", "level", "random"};
    state.SetLabel(std::string("fft 16, ") + names[state.range(0)]);
    state.counters["nodes/s"] = benchmark::Counter(g.node_count(), benchmark::Counter::kIsIterationInvariantRate);
}

// Sizes: mesh 1414 levels ~ 1.0M nodes; FFT 16 = 1.1M nodes; 1000 layers x 1000.
BENCHMARK(BM_Generate)->Args({0, 1414})->Args({1, 16})->Args({2, 1000})->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Evaluate)
    ->Args({0, 100})->Args({0, 447})->Args({0, 1414})
    ->Args({1, 10})->Args({1, 13})->Args({1, 16})
    ->Args({2, 1000})
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Baseline)->DenseRange(0, 3)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
