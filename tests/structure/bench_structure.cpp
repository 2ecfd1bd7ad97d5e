// Structure benchmarks: shortcut removal and decomposition on FFT F_14
// (245,760 nodes), the reduction-mesh M_1000 (500,500 nodes) and the complete
// reduction-tree T_20 (2,097,151 nodes), each next to a plain topological
// sort (Kahn) of the same dag as the yardstick; plus dense random dags,
// where shortcut removal has real work to do.
// Run: build/tests/structure/bench_structure
#include <benchmark/benchmark.h>

#include <memory>

#include "decompose/decomposition.hpp"
#include "skeleton/shortcut.hpp"
#include "structure_dags.hpp"

namespace {

using namespace ics;

const char* const kNames[] = {"fft(14)", "reduction-mesh(1000)", "reduction-tree(20)", "random(2000, p=0.05)",
                              "random(2000, p=0.5)"};

const Dag& dag(int which) {
    static std::unique_ptr<Dag> cache[5];
    if (!cache[which]) {
        switch (which) {
            case 0: cache[which] = std::make_unique<Dag>(structure_test::fft(14)); break;
            case 1: cache[which] = std::make_unique<Dag>(structure_test::reduction_mesh(1000)); break;
            case 2: cache[which] = std::make_unique<Dag>(structure_test::reduction_tree(20)); break;
            case 3: cache[which] = std::make_unique<Dag>(structure_test::random_dag(2000, 0.05, 1)); break;
            default: cache[which] = std::make_unique<Dag>(structure_test::random_dag(2000, 0.5, 2)); break;
        }
    }
    return *cache[which];
}

void label(benchmark::State& state, const Dag& g) {
    state.SetLabel(kNames[state.range(0)]);
    state.counters["nodes"] = g.node_count();
    state.counters["arcs"] = static_cast<double>(g.arc_count());
    state.counters["nodes/s"] =
        benchmark::Counter(g.node_count(), benchmark::Counter::kIsIterationInvariantRate);
}

// The yardstick: Kahn's algorithm over the CSR (in-degrees, FIFO queue).
void BM_TopologicalSort(benchmark::State& state) {
    const Dag& g = dag(static_cast<int>(state.range(0)));
    for (auto _ : state) {
        const NodeId n = g.node_count();
        std::vector<std::uint32_t> indeg(n);
        for (NodeId v = 0; v < n; ++v) indeg[v] = g.in_degree(v);
        std::vector<NodeId> order;
        order.reserve(n);
        for (NodeId v = 0; v < n; ++v)
            if (indeg[v] == 0) order.push_back(v);
        for (std::size_t i = 0; i < order.size(); ++i)
            for (NodeId c : g.children(order[i]))
                if (--indeg[c] == 0) order.push_back(c);
        benchmark::DoNotOptimize(order.data());
    }
    label(state, g);
}

void BM_FindShortcuts(benchmark::State& state) {
    const Dag& g = dag(static_cast<int>(state.range(0)));
    std::size_t removed = 0;
    for (auto _ : state) {
        auto r = skeleton::find_shortcuts(g);
        removed = r.size();
        benchmark::DoNotOptimize(r.data());
    }
    label(state, g);
    state.counters["shortcuts"] = static_cast<double>(removed);
}

// Includes building (or, with nothing removed, copying) the skeleton Dag.
void BM_RemoveShortcuts(benchmark::State& state) {
    const Dag& g = dag(static_cast<int>(state.range(0)));
    for (auto _ : state) {
        auto s = skeleton::remove_shortcuts(g);
        benchmark::DoNotOptimize(s.dag.out_targets().data());
    }
    label(state, g);
}

// The copy-free form: references the input when nothing is removed.
void BM_SkeletonRef(benchmark::State& state) {
    const Dag& g = dag(static_cast<int>(state.range(0)));
    for (auto _ : state) {
        skeleton::SkeletonRef s(g);
        benchmark::DoNotOptimize(&s.dag());
    }
    label(state, g);
}

void BM_Decompose(benchmark::State& state) {
    const Dag& g = dag(static_cast<int>(state.range(0)));
    const Dag sk = skeleton::remove_shortcuts(g).dag;
    std::uint32_t blocks = 0;
    for (auto _ : state) {
        auto d = decompose::decompose(sk);
        blocks = d.block_count;
        benchmark::DoNotOptimize(d.out_block.data());
    }
    label(state, sk);
    state.counters["blocks"] = blocks;
}

}  // namespace

BENCHMARK(BM_TopologicalSort)->DenseRange(0, 4)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_FindShortcuts)->DenseRange(0, 4)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_RemoveShortcuts)->DenseRange(0, 4)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SkeletonRef)->DenseRange(0, 4)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Decompose)->DenseRange(0, 4)->Unit(benchmark::kMillisecond);
BENCHMARK_MAIN();
