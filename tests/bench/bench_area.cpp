// lib/area at scale (issue 12 targets): the Sidney heuristic and the AREA
// bound on sums of real Montage workflows (10^5 and 10^6 nodes: < 1 s and
// < 10 s), the AREA fallback on random layered dags (issue 18), and the
// exact AREA search per 10^6 down-sets (every dag with at most 2^22
// down-sets). Run: build/tests/bench/bench_area
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "algebra/algebra.hpp"
#include "area/area.hpp"
#include "blocks/block_detail.hpp"
#include "blocks/schedule_table.hpp"
#include "decompose/decomposition.hpp"
#include "families/families.hpp"
#include "schedule/schedule.hpp"
#include "io/io.hpp"
#include "pebble/pebble.hpp"

namespace {

using namespace ics;

// `copies` disjoint copies of a workflow file (as `ics sum`).
Dag copies_of(const std::string& path, int copies) {
    const Dag one = io::read_file(path).dag;
    std::vector<const Dag*> parts(static_cast<std::size_t>(copies), &one);
    return algebra::sum(parts).dag;
}

const Dag& montage(int which) {
    static std::vector<Dag> dags(4);
    if (dags[which].empty()) {
        const std::string bundled = ICS_EXAMPLES_DIR "/Montage_25.xml";
        const char* w = std::getenv("ICS_WORKLOADS");
        const std::string big = std::string(w ? w : ICS_WORKLOADS_DIR) + "/workflowsim-dax/Montage_1000.xml";
        switch (which) {
            case 0: dags[0] = copies_of(bundled, 4000); break;   // 100,000 nodes
            case 1: dags[1] = copies_of(bundled, 40000); break;  // 1,000,000 nodes
            case 2: dags[2] = copies_of(big, 100); break;        // 100,000 nodes
            default: dags[3] = copies_of(big, 1000); break;      // 1,000,000 nodes
        }
    }
    return dags[which];
}

// Decomposition, order, bound and the order's AREA: what the pipeline adds
// for a dag too large for the exact search.
void BM_SidneyAndBound(benchmark::State& state) {
    const Dag& g = montage(static_cast<int>(state.range(0)));
    std::uint64_t area = 0, bound = 0;
    for (auto _ : state) {
        const area::SidneyDecomposition sd = area::sidney_decomposition(g);
        const std::vector<NodeId> order = area::sidney_order(g, sd);
        bound = area::area_upper_bound(g, sd);
        area = pebble::evaluate(g, order).area;
        benchmark::DoNotOptimize(area);
    }
    state.counters["nodes"] = g.node_count();
    state.counters["area/bound"] = static_cast<double>(area) / static_cast<double>(bound);
}
BENCHMARK(BM_SidneyAndBound)->Arg(0)->Arg(1)->Arg(2)->Arg(3)->Unit(benchmark::kMillisecond)->Iterations(1);

// Issue 18: the heuristic path every unproven dag takes, on random layered
// dags as `ics generate random-layered 10 W 8/n 1` (8 arcs per node; no
// block proven, the AREA fallback runs): Arg 5 = 10^5 nodes, 6 = 10^6.
const Dag& layered(int exponent) {
    static std::vector<Dag> dags(7);
    if (dags[exponent].empty()) {
        const std::uint32_t n = exponent == 5 ? 100000 : 1000000;
        dags[exponent] = families::random_layered(10, n / 10, 80.0 / n, 1);
    }
    return dags[exponent];
}

// The whole pipeline (skeleton, blocks, linearization, AREA fallback).
void BM_LayeredSchedule(benchmark::State& state) {
    const Dag& g = layered(static_cast<int>(state.range(0)));
    for (auto _ : state) benchmark::DoNotOptimize(schedule::schedule(g).eval.area);
    state.counters["nodes+arcs"] = static_cast<double>(g.node_count() + g.arc_count());
}
BENCHMARK(BM_LayeredSchedule)->Arg(5)->Arg(6)->Unit(benchmark::kMillisecond)->Iterations(1);

// The fallback's Sidney candidate: decomposition (reaches its work budget
// at 10^6), order, bound.
void BM_LayeredSidney(benchmark::State& state) {
    const Dag& g = layered(static_cast<int>(state.range(0)));
    for (auto _ : state) {
        const area::SidneyDecomposition sd = area::sidney_decomposition(g);
        benchmark::DoNotOptimize(area::sidney_order(g, sd).data());
        benchmark::DoNotOptimize(area::area_upper_bound(g, sd));
    }
}
BENCHMARK(BM_LayeredSidney)->Arg(5)->Arg(6)->Unit(benchmark::kMillisecond)->Iterations(1);

// A whole Sidney decomposition (no budget) of Erdős–Rényi dags (4 arcs per
// node; 10^4 nodes: 129 blocks, 10^5: 510) by Dinic (0) or push-relabel
// (1, push_relabel.hpp) on every network: the same blocks; the work units
// each spends are a counter.
void BM_SidneyWhole(benchmark::State& state) {
    static const Dag er4 = families::random_er(10000, 8.0 / 10000, 1);
    static const Dag er5 = families::random_er(100000, 8.0 / 100000, 1);
    const Dag& g = state.range(0) == 4 ? er4 : er5;
    const std::uint32_t old = area::detail::set_sidney_push_relabel_vertices(state.range(1) == 0 ? 0xFFFFFFFFu : 0u);
    std::uint64_t work = 0, blocks = 0;
    for (auto _ : state) {
        const area::SidneyDecomposition sd = area::sidney_decomposition(g, {}, ~std::uint64_t{0});
        work = sd.work;
        blocks = sd.block_count();
        benchmark::DoNotOptimize(sd.nodes.data());
    }
    area::detail::set_sidney_push_relabel_vertices(old);
    state.SetLabel(state.range(1) == 0 ? "dinic" : "push-relabel");
    state.counters["work"] = static_cast<double>(work);
    state.counters["blocks"] = static_cast<double>(blocks);
}
BENCHMARK(BM_SidneyWhole)->ArgsProduct({{4, 5}, {0, 1}})->ArgNames({"n10^", "pr"})->Unit(benchmark::kMillisecond)->Iterations(1);

// Sums of distinct 10 x 10 random bipartite blocks (cli_bench.sh's
// `blocks`: each sink 3 random parents, duplicates merged): ~50,000
// components of ~20 nodes at 10^6, each decomposed by ~10-20 small Dinic
// max-flows. Arg: 5 = 10^5 nodes, 6 = 10^6.
const Dag& random_blocks(int exponent) {
    static std::vector<Dag> dags(7);
    if (dags[exponent].empty()) {
        const std::uint32_t blocks = (exponent == 5 ? 100000u : 1000000u) / 20;
        DagBuilder b;
        std::uint64_t x = 7;
        auto next = [&x] {  // splitmix64
            std::uint64_t z = (x += 0x9E3779B97F4A7C15ull);
            z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
            z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
            return z ^ (z >> 31);
        };
        // Nodes as the file's arcs name them (a source without children is
        // not in the file).
        for (std::uint32_t k = 0; k < blocks; ++k) {
            const std::string p = "b" + std::to_string(k);
            for (int j = 0; j < 10; ++j)
                for (int r = 0; r < 3; ++r)
                    b.add_arc(b.ensure_node(p + "s" + std::to_string(next() % 10)), b.ensure_node(p + "t" + std::to_string(j)));
        }
        dags[exponent] = b.build();
    }
    return dags[exponent];
}

void BM_BlocksSidney(benchmark::State& state) {
    const Dag& g = random_blocks(static_cast<int>(state.range(0)));
    std::uint64_t work = 0, blocks = 0;
    for (auto _ : state) {
        const area::SidneyDecomposition sd = area::sidney_decomposition(g);
        work = sd.work;
        blocks = sd.block_count();
        benchmark::DoNotOptimize(sd.nodes.data());
    }
    state.counters["work"] = static_cast<double>(work);
    state.counters["blocks"] = static_cast<double>(blocks);
}
BENCHMARK(BM_BlocksSidney)->Arg(5)->Arg(6)->Unit(benchmark::kMillisecond);

// The decomposition of the random blocks with a sidney.cpp test hook set
// to Arg 1 (in-process A/B: the same blocks and work either way).
void blocks_sidney_with(benchmark::State& state, bool (*set_hook)(bool)) {
    const Dag& g = random_blocks(static_cast<int>(state.range(0)));
    const bool old = set_hook(state.range(1) != 0);
    std::uint64_t work = 0;
    for (auto _ : state) {
        const area::SidneyDecomposition sd = area::sidney_decomposition(g);
        work = sd.work;
        benchmark::DoNotOptimize(sd.nodes.data());
    }
    set_hook(old);
    state.counters["work"] = static_cast<double>(work);
}

// Arg pairs for blocks_sidney_with: 10^5 then 10^6 nodes, the hook off and
// on twice each, interleaved.
void hook_pairs(benchmark::internal::Benchmark* b) {
    for (int exponent : {5, 6})
        for (int round = 0; round < 2; ++round) b->Args({exponent, 0})->Args({exponent, 1});
}

// In-process A/B of Dinic's small networks in fixed arrays (sidney.cpp,
// SmallMaxFlow; small:0 = the generic FlowNetwork path). Arg pairs
// interleave the two within one run.
void BM_BlocksSidneySmallNetworks(benchmark::State& state) {
    blocks_sidney_with(state, area::detail::set_sidney_small_networks);
}
BENCHMARK(BM_BlocksSidneySmallNetworks)->Apply(hook_pairs)->ArgNames({"n10^", "small"})->Unit(benchmark::kMillisecond);

// In-process A/B of the decomposition's local mode (sidney.cpp: components
// of at most 64 nodes in local ids over bit masks; local:0 = the dag-wide
// path). Arg pairs interleave the two within one run.
void BM_BlocksSidneyLocalComponents(benchmark::State& state) {
    blocks_sidney_with(state, area::detail::set_sidney_local_components);
}
BENCHMARK(BM_BlocksSidneyLocalComponents)->Apply(hook_pairs)->ArgNames({"n10^", "local"})->Unit(benchmark::kMillisecond);

// In-process A/B of the local mode's networks counted from the masks and
// placed without a list (sidney.cpp, SmallMaxFlow::begin_counted; direct:0 =
// list and build).
void BM_BlocksSidneyDirectBuild(benchmark::State& state) {
    blocks_sidney_with(state, area::detail::set_sidney_direct_build);
}
BENCHMARK(BM_BlocksSidneyDirectBuild)->Apply(hook_pairs)->ArgNames({"n10^", "direct"})->Unit(benchmark::kMillisecond);

// The exact searches of the same blocks (lib/blocks/exact_block.cpp: each
// block's 10 sources, 2^10 subsets), the blocks built beforehand: ~5,000
// searches at 10^5 nodes, ~50,000 at 10^6.
void BM_BlocksExactSearch(benchmark::State& state) {
    const Dag& g = random_blocks(static_cast<int>(state.range(0)));
    // A block's sources: those sharing a component (union-find over arcs).
    std::vector<NodeId> root(g.node_count());
    for (NodeId v = 0; v < g.node_count(); ++v) root[v] = v;
    auto find = [&](NodeId v) {
        while (root[v] != v) v = root[v] = root[root[v]];
        return v;
    };
    for (NodeId v = 0; v < g.node_count(); ++v)
        for (NodeId c : g.children(v)) root[find(c)] = find(v);
    std::vector<std::vector<NodeId>> sources(g.node_count());
    for (NodeId v = 0; v < g.node_count(); ++v)
        if (g.in_degree(v) == 0) sources[find(v)].push_back(v);
    std::vector<blocks::detail::LocalBlock> local;
    for (const auto& s : sources)
        if (!s.empty()) local.push_back(blocks::detail::make_local_block(g, s));
    std::uint64_t ico = 0;
    for (auto _ : state) {
        ico = 0;
        for (const auto& b : local) ico += blocks::detail::exact_search(b.view()).ico ? 1 : 0;
    }
    state.counters["blocks"] = static_cast<double>(local.size());
    state.counters["ico"] = static_cast<double>(ico);
}
BENCHMARK(BM_BlocksExactSearch)->Arg(5)->Arg(6)->Unit(benchmark::kMillisecond);

// The pipeline's blocks stage on the same dags (schedule.cpp's loop: the
// decomposition's blocks by form into one table), with the small blocks
// searched from the dag's rows (rows:1) or from their local copy (rows:0,
// the former path, by the test hook); arg pairs interleave the two.
void BM_BlocksStage(benchmark::State& state) {
    const Dag& g = random_blocks(static_cast<int>(state.range(0)));
    const decompose::Decomposition dec = decompose::decompose(g);
    const bool old = blocks::detail::set_search_from_rows(state.range(1) != 0);
    for (auto _ : state) {
        blocks::ScheduleTable table;
        table.reserve(dec.block_count, dec.source_nodes.size());
        for (decompose::BlockId b = 0; b < dec.block_count; ++b)
            blocks::schedule_block_into(table, g, dec.sources(b), dec.sinks(b), dec.forms[b]);
        benchmark::DoNotOptimize(table.size());
    }
    blocks::detail::set_search_from_rows(old);
    state.counters["blocks"] = static_cast<double>(dec.block_count);
}
BENCHMARK(BM_BlocksStage)->Apply(hook_pairs)->ArgNames({"n10^", "rows"})->Unit(benchmark::kMillisecond);

// The decomposition of the same dags (decompose.cpp: find_blocks, the
// super-dag's rows).
void BM_BlocksDecompose(benchmark::State& state) {
    const Dag& g = random_blocks(static_cast<int>(state.range(0)));
    for (auto _ : state) {
        const decompose::Decomposition dec = decompose::decompose(g);
        benchmark::DoNotOptimize(dec.block_count);
    }
}
BENCHMARK(BM_BlocksDecompose)->Arg(5)->Arg(6)->Unit(benchmark::kMillisecond);

// Issue 18: the fallback's Sidney stage without its order (sidney_order
// has its own benchmark): the budget, the decomposition and the bound, the
// dag's components found by each of the first two (shared 0) or once for
// both (shared 1: sidney_components, as the pipeline does). Layered dags
// (Arg 5, 6: one giant component, stopped by the budget before its first
// scan) and sums of random blocks (Arg 15, 16 = 10^5, 10^6 nodes: ~5,000 /
// 50,000 small components, each decomposed in full).
void BM_SidneyStageWithoutOrder(benchmark::State& state) {
    const int which = static_cast<int>(state.range(0));
    const Dag& g = which < 10 ? layered(which) : random_blocks(which - 10);
    std::uint64_t work = 0, bound = 0;
    for (auto _ : state) {
        area::SidneyDecomposition sd;
        if (state.range(1) == 0) {
            sd = area::sidney_decomposition(g, {}, area::sidney_work_budget(g));
        } else {
            area::SidneyComponents comps = area::sidney_components(g);
            const std::uint64_t budget = area::sidney_work_budget(g, comps);
            sd = area::sidney_decomposition_from(g, std::move(comps), budget);
        }
        bound = area::area_upper_bound(g, sd);
        work = sd.work;
        benchmark::DoNotOptimize(bound);
    }
    state.counters["work"] = static_cast<double>(work);
}
BENCHMARK(BM_SidneyStageWithoutOrder)
    ->ArgsProduct({{5, 6, 15, 16}, {0, 1}})
    ->ArgNames({"dag", "shared"})
    ->Unit(benchmark::kMillisecond);

// The other candidates, each scored by pebble::area (one pass, no E(t)), by
// a full pebble::evaluate of each, or (summed 2) as the fallback does since
// issue 18: most newly eligible first and FIFO sum their AREA while they are
// built, only the level order is played.
void BM_LayeredCandidates(benchmark::State& state) {
    const Dag& g = layered(static_cast<int>(state.range(0)));
    const bool full = state.range(1) == 1, summed = state.range(1) == 2;
    for (auto _ : state) {
        std::uint64_t best = 0;
        for (int k = 0; k < 3; ++k) {
            std::uint64_t area = 0;
            const std::vector<NodeId> order = k == 0   ? schedule::greedy_order(g, summed ? &area : nullptr)
                                              : k == 1 ? (summed ? pebble::fifo_order(g, area)
                                                                 : pebble::baseline_order(g, pebble::Policy::fifo))
                                                       : pebble::baseline_order(g, pebble::Policy::level);
            if (!summed || k == 2) area = full ? pebble::evaluate(g, order).area : pebble::area(g, order);
            best = std::max(best, area);
        }
        benchmark::DoNotOptimize(best);
    }
}
BENCHMARK(BM_LayeredCandidates)->ArgsProduct({{5, 6}, {0, 1, 2}})->ArgNames({"n10^", "full"})->Unit(benchmark::kMillisecond);

// k independent 2-chains (3^k down-sets) and 3-chains (4^k).
Dag chains(int k, int length) {
    DagBuilder b;
    for (int c = 0; c < k; ++c)
        for (int i = 0; i < length; ++i) {
            b.add_node("c" + std::to_string(c) + "_" + std::to_string(i));
            if (i > 0) b.add_arc(static_cast<NodeId>(c * length + i - 1), static_cast<NodeId>(c * length + i));
        }
    return b.build();
}

void BM_AreaExact(benchmark::State& state) {
    // 3^13 = 1,594,323 and 4^11 = 4,194,304 = 2^22 down-sets (the default budget).
    const Dag g = state.range(0) == 0 ? chains(13, 2) : chains(11, 3);
    std::uint64_t downsets = 0;
    for (auto _ : state) downsets = area::area_optimal_schedule(g).downsets;
    state.counters["down-sets"] = static_cast<double>(downsets);
    state.counters["s per 1e6 down-sets"] =
        benchmark::Counter(static_cast<double>(downsets) / 1e6, benchmark::Counter::kIsIterationInvariantRate |
                                                                     benchmark::Counter::kInvert);
}

BENCHMARK(BM_AreaExact)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->Iterations(1);

}  // namespace

BENCHMARK_MAIN();
