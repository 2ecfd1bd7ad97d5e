// area::sidney_order (lib/area/sidney_order.cpp, issue 18) on the dags of
// the `ics schedule` scaling cases, with node ids shuffled as a file's edge
// list leaves them (the generators' ids are more local): the random layered
// dag of 10^6 nodes (10 layers, 8 arcs per node) with the decomposition a
// work budget of 0 leaves (one unsplit set of ~10^6 nodes, a few single
// nodes: as `ics schedule`'s budget cuts it), and the sum of 10x10 random bipartite blocks (each sink 3 random parents,
// cli_bench.sh's `blocks`) of 10^6 nodes, ~n/10 blocks. Run:
// build/tests/bench/bench_sidney_order
// BM_SidneyOrderSmallBlocks: the blocks of at most 64 nodes from a local
// array of keys (small:1) or through the heaps (small:0, hook
// detail::set_sidney_order_small_blocks), in one binary; sums of random
// blocks of 10^5 and 10^6 nodes with their decompositions, the layered dag
// (one large block: the same code either way), Inspiral_1000 x 1,000 when
// ICS_WORKLOADS is set (copies renamed, one original run). For an A/B:
// --benchmark_filter=SmallBlocks --benchmark_repetitions=5
// --benchmark_enable_random_interleaving=true
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <numeric>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "algebra/algebra.hpp"
#include "area/area.hpp"
#include "families/families.hpp"
#include "io/io.hpp"

namespace {

using namespace ics;

// `g` with its ids permuted at random (names kept).
Dag shuffled(const Dag& g, std::uint64_t seed) {
    std::vector<NodeId> to(g.node_count());
    std::iota(to.begin(), to.end(), NodeId{0});
    std::shuffle(to.begin(), to.end(), std::mt19937_64(seed));
    std::vector<NodeId> from(g.node_count());
    for (NodeId v = 0; v < g.node_count(); ++v) from[to[v]] = v;
    DagBuilder b;
    b.reserve(g.node_count(), g.arc_count());
    for (NodeId w = 0; w < g.node_count(); ++w) b.add_node(std::string(g.name(from[w])));
    for (NodeId v = 0; v < g.node_count(); ++v)
        for (NodeId c : g.children(v)) b.add_arc(to[v], to[c]);
    return std::move(b).build();
}

// `count` blocks of 10 sources and 10 sinks, each sink with 3 distinct
// random parents among its block's sources.
Dag random_blocks(std::uint32_t count, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    DagBuilder b;
    b.reserve(20 * count, 30 * std::uint64_t{count});
    for (std::uint32_t v = 0; v < 20 * count; ++v) b.add_node("v" + std::to_string(v));
    std::vector<std::uint32_t> sources(10);
    for (std::uint32_t k = 0; k < count; ++k)
        for (std::uint32_t t = 0; t < 10; ++t) {
            std::iota(sources.begin(), sources.end(), 20 * k);
            std::shuffle(sources.begin(), sources.end(), rng);
            for (std::uint32_t j = 0; j < 3; ++j) b.add_arc(sources[j], 20 * k + 10 + t);
        }
    return std::move(b).build();
}

struct Case {
    const Dag* dag = nullptr;
    area::SidneyDecomposition sd;
};

const Case& sidney_case(int which) {
    static Case cases[2];
    Case& c = cases[which];
    if (!c.dag) {
        static const Dag layered = shuffled(families::random_layered(10, 100000, 0.00008, 1), 2);
        static const Dag blocks = shuffled(random_blocks(50000, 3), 4);
        c.dag = which == 0 ? &layered : &blocks;
        c.sd = which == 0 ? area::sidney_decomposition(*c.dag, {}, 0) : area::sidney_decomposition(*c.dag);
    }
    return c;
}

void BM_SidneyOrderFile(benchmark::State& state) {
    const Case& c = sidney_case(static_cast<int>(state.range(0)));
    std::uint64_t area = 0;
    for (auto _ : state) benchmark::DoNotOptimize(area::sidney_order(*c.dag, c.sd, {}, &area).data());
    static const char* const labels[] = {"layered, unsplit", "random blocks"};
    state.SetLabel(labels[state.range(0)]);
    state.counters["blocks"] = static_cast<double>(c.sd.block_count());
    state.counters["area"] = static_cast<double>(area);
}

}  // namespace

// The A/B cases: 0, 1 random blocks of 10^5 / 10^6 nodes (shuffled ids,
// the default budget's decomposition), 2 the layered dag unsplit, 3
// Inspiral_1000 x 1,000 (null when ICS_WORKLOADS is not set).
const Case* small_case(int which) {
    static Case cases[4];
    static bool made[4] = {};
    Case& c = cases[which];
    if (!made[which]) {
        made[which] = true;
        static const Dag blocks5 = shuffled(random_blocks(5000, 5), 6);
        static Dag inspiral;
        if (which == 3) {
            const char* w = std::getenv("ICS_WORKLOADS");
            const std::filesystem::path file = std::filesystem::path(w ? w : "") / "workflowsim-dax" / "Inspiral_1000.xml";
            if (!w || !std::filesystem::exists(file)) return nullptr;
            const Dag one = io::read_file(file.string()).dag;
            std::vector<const Dag*> parts(1000, &one);
            inspiral = algebra::sum(parts).dag;
        }
        switch (which) {
        case 0: c.dag = &blocks5; c.sd = area::sidney_decomposition(blocks5); break;
        case 1: c.dag = sidney_case(1).dag; c.sd = sidney_case(1).sd; break;
        case 2: c.dag = sidney_case(0).dag; c.sd = sidney_case(0).sd; break;
        default: c.dag = &inspiral; c.sd = area::sidney_decomposition(inspiral); break;
        }
    }
    return c.dag ? &c : nullptr;
}

void BM_SidneyOrderSmallBlocks(benchmark::State& state) {
    const Case* c = small_case(static_cast<int>(state.range(0)));
    if (!c) {
        state.SkipWithError("ICS_WORKLOADS not set");
        return;
    }
    const bool before = area::detail::set_sidney_order_small_blocks(state.range(1) != 0);
    std::uint64_t area = 0;
    std::vector<std::uint32_t> profile;  // (E(t), as the pipeline asks)
    for (auto _ : state) benchmark::DoNotOptimize(area::sidney_order(*c->dag, c->sd, {}, &area, &profile).data());
    area::detail::set_sidney_order_small_blocks(before);
    static const char* const labels[] = {"random blocks 10^5", "random blocks 10^6", "layered 10^6, unsplit",
                                         "Inspiral_1000 x 1000"};
    state.SetLabel(labels[state.range(0)]);
    std::size_t small = 0;
    for (std::size_t b = 0; b < c->sd.block_count(); ++b) small += c->sd.block_size(b) <= 64 ? 1 : 0;
    state.counters["blocks"] = static_cast<double>(c->sd.block_count());
    state.counters["small"] = static_cast<double>(small);
    state.counters["area"] = static_cast<double>(area);
}

BENCHMARK(BM_SidneyOrderFile)->DenseRange(0, 1)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SidneyOrderSmallBlocks)
    ->ArgsProduct({{0, 1, 2, 3}, {0, 1}})
    ->ArgNames({"case", "small"})
    ->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
