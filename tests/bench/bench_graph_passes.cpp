// Graph passes of issue 18 (near-linear on every dag), each beside the size
// of the dag it works on: the greedy block order on dense blocks (K(n,n)
// minus one arc, a 100k x 100k random layer pair), shortcut removal on dense
// and deep dags (Laplace, Erdős–Rényi with 4 and 8 arcs per node at 10^4 to
// 10^6 nodes) and the failure certificate that replaces it on random dags,
// the AREA fallback's candidate orders (greedy, Sidney, FIFO, level) and
// the plays that score them (pebble::area, pebble::evaluate), and the
// objective-memory pipeline on 128-node blocks whose exact least-memory search
// is cut by its work budget. Run: build/tests/bench/bench_graph_passes
#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "area/area.hpp"
#include "common/random.hpp"
#include "blocks/block_schedule.hpp"
#include "decompose/failure_certificate.hpp"
#include "families/families.hpp"
#include "pebble/pebble.hpp"
#include "schedule/schedule.hpp"
#include "skeleton/shortcut.hpp"

namespace {

using namespace ics;

// K(n,n) minus the arc s0 -> t0: no closed form, so the greedy order runs.
Dag complete_minus_one(std::uint32_t n) {
    DagBuilder b;
    b.reserve(2 * n, static_cast<std::uint64_t>(n) * n);
    for (std::uint32_t i = 0; i < n; ++i) b.add_node("s" + std::to_string(i));
    for (std::uint32_t j = 0; j < n; ++j) b.add_node("t" + std::to_string(j));
    for (std::uint32_t i = 0; i < n; ++i)
        for (std::uint32_t j = 0; j < n; ++j)
            if (i != 0 || j != 0) b.add_arc(i, n + j);
    return std::move(b).build();
}

void BM_GreedyBlockCompleteMinusOne(benchmark::State& state) {
    const auto n = static_cast<std::uint32_t>(state.range(0));
    const Dag g = complete_minus_one(n);
    std::vector<NodeId> sources(n);
    for (std::uint32_t i = 0; i < n; ++i) sources[i] = i;
    for (auto _ : state) benchmark::DoNotOptimize(blocks::greedy_block_schedule(g, sources));
    state.counters["arcs"] = static_cast<double>(g.arc_count());
}

// Two layers of a random layered dag, 8 arcs per source: one large block.
void BM_GreedyBlockRandomLayer(benchmark::State& state) {
    const auto width = static_cast<std::uint32_t>(state.range(0));
    const Dag g = families::random_layered(2, width, 8.0 / width, 7);
    std::vector<NodeId> sources;
    for (NodeId v = 0; v < g.node_count(); ++v)
        if (g.in_degree(v) == 0 && g.out_degree(v) > 0) sources.push_back(v);
    for (auto _ : state) benchmark::DoNotOptimize(blocks::greedy_block_schedule(g, sources));
    state.counters["arcs"] = static_cast<double>(g.arc_count());
}

// The AREA fallback's greedy candidates (most newly eligible first; the
// Sidney order, here of a decomposition that leaves the dag one block, as
// the work budget does on these dags) on Erdős–Rényi (4 arcs per node) and
// random layered (10 layers, 8 arcs per node) dags of 10^6 nodes.
const Dag& greedy_case(int which) {
    static const Dag er = families::random_er(1000000, 8.0 / 1000000, 1);
    static const Dag layered = families::random_layered(10, 100000, 0.00008, 1);
    return which == 0 ? er : layered;
}

const Dag& block_sum();

// Also on the block sum (dag 2); its children's prefetch as
// pebble::ids_local decides (prefetch -1), off (0) or on (1).
void BM_GreedyOrder(benchmark::State& state) {
    const int which = static_cast<int>(state.range(0));
    const Dag& g = which == 2 ? block_sum() : greedy_case(which);
    const int before = schedule::set_greedy_order_prefetch(static_cast<int>(state.range(1)));
    std::uint64_t area = 0;
    for (auto _ : state) benchmark::DoNotOptimize(schedule::greedy_order(g, &area));
    schedule::set_greedy_order_prefetch(before);
    state.SetLabel(which == 0 ? "er" : which == 1 ? "layered" : "blocks");
    state.counters["area"] = static_cast<double>(area);
}

void BM_SidneyOrder(benchmark::State& state) {
    const Dag& g = greedy_case(static_cast<int>(state.range(0)));
    const area::SidneyDecomposition sd = area::sidney_decomposition(g, {}, 0);
    std::uint64_t area = 0;
    for (auto _ : state) benchmark::DoNotOptimize(area::sidney_order(g, sd, {}, &area));
    state.SetLabel(state.range(0) == 0 ? "er" : "layered");
    state.counters["area"] = static_cast<double>(area);
}

// The fallback's other candidates and plays on the same dags: FIFO and
// level order, and the plays that score and evaluate an order (here the
// greedy order): pebble::area (AREA alone) and pebble::evaluate (E(t), the
// memory cost).
// FIFO also on the block sum (dag 2), its look-ahead prefetches as
// pebble::ids_local decides (prefetch -1), off (0) or on (1).
void BM_FifoOrder(benchmark::State& state) {
    const int which = static_cast<int>(state.range(0));
    const Dag& g = which == 2 ? block_sum() : greedy_case(which);
    const int before = pebble::detail::set_fifo_prefetch(static_cast<int>(state.range(1)));
    std::uint64_t area = 0;
    for (auto _ : state) benchmark::DoNotOptimize(pebble::fifo_order(g, area));
    pebble::detail::set_fifo_prefetch(before);
    state.SetLabel(which == 0 ? "er" : which == 1 ? "layered" : "blocks");
    state.counters["area"] = static_cast<double>(area);
}

void BM_LevelOrder(benchmark::State& state) {
    const Dag& g = greedy_case(static_cast<int>(state.range(0)));
    for (auto _ : state) benchmark::DoNotOptimize(pebble::baseline_order(g, pebble::Policy::level));
    state.SetLabel(state.range(0) == 0 ? "er" : "layered");
}

// 10^6 nodes as 50,000 random 10x10 bipartite blocks (each arc with
// probability 1/2), a block's ids contiguous (the shape of blk6.edges).
const Dag& block_sum() {
    static const Dag g = [] {
        DagBuilder b;
        SplitMix64 rng(18);
        for (std::uint32_t k = 0; k < 50000; ++k) {
            const NodeId base = k * 20;
            for (std::uint32_t i = 0; i < 20; ++i) b.add_node("b" + std::to_string(k) + "_" + std::to_string(i));
            for (std::uint32_t i = 0; i < 10; ++i)
                for (std::uint32_t j = 0; j < 10; ++j)
                    if (rng.below(2) == 0) b.add_arc(base + i, base + 10 + j);
        }
        return std::move(b).build();
    }();
    return g;
}

// The level order scored as the fallback did (built, then played by
// pebble::area: new 0) and does (pebble::level_order: the AREA from the
// positions, new 1), on the dags above and the block sum (dag 2).
void BM_LevelOrderScored(benchmark::State& state) {
    const int which = static_cast<int>(state.range(0));
    const Dag& g = which == 2 ? block_sum() : greedy_case(which);
    const bool fresh = state.range(1) == 1;
    std::uint64_t area = 0;
    for (auto _ : state) {
        if (fresh) {
            benchmark::DoNotOptimize(pebble::level_order(g, area));
        } else {
            const std::vector<NodeId> order = pebble::baseline_order(g, pebble::Policy::level);
            area = pebble::area(g, order);
        }
        benchmark::DoNotOptimize(area);
    }
    state.SetLabel(which == 0 ? "er" : which == 1 ? "layered" : "blocks");
    state.counters["area"] = static_cast<double>(area);
}
BENCHMARK(BM_LevelOrderScored)->ArgsProduct({{0, 1, 2}, {0, 1}})->ArgNames({"dag", "new"})->Unit(benchmark::kMillisecond);

void BM_AreaPlay(benchmark::State& state) {
    const Dag& g = greedy_case(static_cast<int>(state.range(0)));
    const std::vector<NodeId> order = schedule::greedy_order(g);
    for (auto _ : state) benchmark::DoNotOptimize(pebble::area(g, order));
    state.SetLabel(state.range(0) == 0 ? "er" : "layered");
}

void BM_Evaluate(benchmark::State& state) {
    const Dag& g = greedy_case(static_cast<int>(state.range(0)));
    const std::vector<NodeId> order = schedule::greedy_order(g);
    for (auto _ : state) benchmark::DoNotOptimize(pebble::evaluate(g, order));
    state.SetLabel(state.range(0) == 0 ? "er" : "layered");
}

Dag shortcut_case(int which, std::uint32_t n) {
    switch (which) {
        case 0: return families::laplace(n);
        case 1: return families::random_er(n, 8.0 / n, 5);  // 4 arcs per node
        default: return families::random_er(n, 16.0 / n, 5);  // 8 arcs per node
    }
}

// find_shortcuts against one pass over the arcs (the levels) of the same dag.
void BM_FindShortcuts(benchmark::State& state) {
    const int which = static_cast<int>(state.range(0));
    const Dag g = shortcut_case(which, static_cast<std::uint32_t>(state.range(1)));
    std::size_t removed = 0;
    for (auto _ : state) {
        const auto s = skeleton::find_shortcuts(g);
        removed = s.size();
        benchmark::DoNotOptimize(s);
    }
    static const char* names[] = {"laplace", "er 4 arcs/node", "er 8 arcs/node"};
    state.SetLabel(names[which]);
    state.counters["nodes"] = g.node_count();
    state.counters["arcs"] = static_cast<double>(g.arc_count());
    state.counters["removed"] = static_cast<double>(removed);
}

// What the pipeline does instead of find_shortcuts on these dags: the gate
// and the failure certificate (decompose/failure_certificate.hpp); Laplace
// stops at the gate (its long arcs are shortcuts of two arcs).
void BM_FailureCertificate(benchmark::State& state) {
    const int which = static_cast<int>(state.range(0));
    const Dag g = shortcut_case(which, static_cast<std::uint32_t>(state.range(1)));
    std::uint32_t proven = 0;
    for (auto _ : state) {
        const auto f = decompose::failure_certificate(g);
        proven = f ? f->offending_at_least : 0;
        benchmark::DoNotOptimize(f);
    }
    static const char* names[] = {"laplace", "er 4 arcs/node", "er 8 arcs/node"};
    state.SetLabel(names[which]);
    state.counters["arcs"] = static_cast<double>(g.arc_count());
    state.counters["offending"] = static_cast<double>(proven);
}

void BM_MemoryObjective(benchmark::State& state) {
    const auto s = static_cast<std::uint32_t>(state.range(0));
    const Dag g = state.range(1) == 0 ? families::n_dag(s) : families::cycle_dag(s);
    schedule::Options opt;
    opt.objective = schedule::Objective::memory;
    for (auto _ : state) benchmark::DoNotOptimize(schedule::schedule(g, opt));
    state.SetLabel(state.range(1) == 0 ? "N_s" : "C_s");
}

BENCHMARK(BM_GreedyBlockCompleteMinusOne)->Arg(300)->Arg(1000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_GreedyBlockRandomLayer)->Arg(10000)->Arg(100000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_GreedyOrder)
    ->ArgsProduct({{0, 1, 2}, {-1, 0, 1}})
    ->ArgNames({"dag", "prefetch"})
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SidneyOrder)->DenseRange(0, 1)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_FifoOrder)
    ->ArgsProduct({{0, 1, 2}, {-1, 0, 1}})
    ->ArgNames({"dag", "prefetch"})
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_LevelOrder)->DenseRange(0, 1)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_AreaPlay)->DenseRange(0, 1)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Evaluate)->DenseRange(0, 1)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_FindShortcuts)
    ->ArgsProduct({{0}, {100, 300, 700}})
    ->ArgsProduct({{1, 2}, {10000, 100000}})
    ->Unit(benchmark::kMillisecond);
// Erdős–Rényi at 10^6 nodes (issue 18: > 60 s end to end before the
// labels): one iteration each, minutes in all for 8 arcs per node.
BENCHMARK(BM_FindShortcuts)->ArgsProduct({{1, 2}, {1000000}})->Iterations(1)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_FailureCertificate)
    ->ArgsProduct({{0}, {700}})
    ->ArgsProduct({{1, 2}, {10000, 100000, 1000000}})
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_MemoryObjective)->ArgsProduct({{64}, {0, 1}})->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
