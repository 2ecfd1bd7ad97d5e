// The ▷-linearizer and IC-Sweep on many summands (issue 18, part B): each
// case against the former quadratic steps (linearize_reference,
// ic_sweep_reference), in the same run. The linearizer is timed alone, on a
// decomposition and block schedules made once. Cases 5-9 are the summed
// workflows and block sums of issue 18's scaling table at 10^5 and 10^6
// nodes, for both objectives (BM_LinearizeMemory: with the MemoryGuide);
// case 10 a random layered dag (few big blocks, one after the other).
// Run: build/tests/bench/bench_linearize --benchmark_min_time=0.3
// (ICS_WORKLOADS names the workloads folder; default: the configured one)
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "algebra/algebra.hpp"
#include "blocks/block_detail.hpp"
#include "blocks/schedule_table.hpp"
#include "common/random.hpp"
#include "decompose/decomposition.hpp"
#include "families/families.hpp"
#include "io/io.hpp"
#include "schedule/linearize.hpp"
#include "schedule/memory_aware.hpp"
#include "skeleton/shortcut.hpp"
#include "sweep/ic_sweep.hpp"

namespace {

using namespace ics;

std::string workload(const char* rel) {
    const char* w = std::getenv("ICS_WORKLOADS");
    return std::string(w ? w : ICS_WORKLOADS_DIR) + "/" + rel;
}

// `ics sum PATH PATH ...` (k times) read back as the CLI reads its output:
// the edge list numbers nodes by first mention, which orders the blocks.
Dag copies(const std::string& path, std::size_t k) {
    const Dag one = io::read_file(path).dag;
    std::vector<const Dag*> parts(k, &one);
    std::ostringstream text;
    io::write(text, algebra::sum(parts).dag, io::Format::edges);
    return io::read_string(text.str(), io::Format::edges).dag;
}

// `blocks` random 10 x 10 bipartite blocks summed (every sink and source with
// at least one arc, each pair with probability 0.2): 20 nodes per block.
Dag random_blocks(std::uint32_t blocks, std::uint64_t seed) {
    SplitMix64 rng(seed);
    DagBuilder b;
    for (std::uint32_t k = 0; k < blocks; ++k) {
        const NodeId base = k * 20;
        for (int i = 0; i < 20; ++i) b.add_node("b" + std::to_string(k) + "_" + std::to_string(i));
        bool arc[10][10] = {};
        for (int j = 0; j < 10; ++j) arc[rng.below(10)][j] = true;
        for (int i = 0; i < 10; ++i) arc[i][rng.below(10)] = true;
        for (int i = 0; i < 10; ++i)
            for (int j = 0; j < 10; ++j)
                if (arc[i][j] || rng.uniform() < 0.2) b.add_arc(base + i, base + 10 + j);
    }
    return b.build();
}

// The `blocks` case of tests/bench/cli_bench.sh (its awk line, with this
// generator instead of awk's): per block 10 sinks, each fed by 3 sources
// drawn from 10 with repetition (duplicate arcs once), 20 nodes per block.
Dag cli_blocks(std::uint32_t blocks, std::uint64_t seed) {
    SplitMix64 rng(seed);
    DagBuilder b;
    for (std::uint32_t k = 0; k < blocks; ++k) {
        const std::string p = "b" + std::to_string(k);
        bool arc[10][10] = {};
        for (int j = 0; j < 10; ++j)
            for (int r = 0; r < 3; ++r) arc[rng.below(10)][j] = true;
        for (int i = 0; i < 10; ++i)
            for (int j = 0; j < 10; ++j)
                if (arc[i][j]) b.add_arc(b.ensure_node(p + "s" + std::to_string(i)), b.ensure_node(p + "t" + std::to_string(j)));
    }
    return b.build();
}

struct Prepared {
    std::string label;
    Dag dag;
    std::unique_ptr<skeleton::SkeletonRef> sk;
    decompose::Decomposition dec;
    blocks::ScheduleTable table;
};

const Prepared& prepared(int which) {
    static std::vector<std::unique_ptr<Prepared>> cache(11);
    auto& p = cache[which];
    if (p) return *p;
    p = std::make_unique<Prepared>();
    switch (which) {
        case 0:
            p->label = "47 x Montage dss-15d (99,734 nodes)";
            p->dag = copies(workload("wfinstances/pegasus/montage/montage-chameleon-dss-15d-001.json"), 47);
            break;
        case 1:
            p->label = "100 x Inspiral_1000 (10^5 nodes)";
            p->dag = copies(workload("workflowsim-dax/Inspiral_1000.xml"), 100);
            break;
        case 2: p->label = "500 random 10x10 blocks (10^4 nodes)"; p->dag = random_blocks(500, 1); break;
        case 3: p->label = "5,000 random 10x10 blocks (10^5 nodes)"; p->dag = random_blocks(5000, 2); break;
        case 4: p->label = "50,000 random 10x10 blocks (10^6 nodes)"; p->dag = random_blocks(50000, 3); break;
        // Summed workflows at 10^5 and 10^6 nodes (issue 18's scaling cases):
        case 5: p->label = "4,000 x Montage_25 (10^5 nodes)"; p->dag = copies(ICS_EXAMPLES_DIR "/Montage_25.xml", 4000); break;
        case 6: p->label = "40,000 x Montage_25 (10^6 nodes)"; p->dag = copies(ICS_EXAMPLES_DIR "/Montage_25.xml", 40000); break;
        case 7: p->label = "cli_bench blocks, 50,000 (10^6 nodes)"; p->dag = cli_blocks(50000, 7); break;
        case 8:
            p->label = "472 x Montage dss-15d (10^6 nodes)";
            p->dag = copies(workload("wfinstances/pegasus/montage/montage-chameleon-dss-15d-001.json"), 472);
            break;
        case 9: p->label = "1,000 x Inspiral_1000 (10^6 nodes)"; p->dag = copies(workload("workflowsim-dax/Inspiral_1000.xml"), 1000); break;
        // `ics generate random-layered 10 10000 0.0008 1` (cli_bench.sh's
        // `layered` case, lay5): a few big blocks, run one after the other.
        default: p->label = "random layered 10 x 10^4, 8 arcs/node (10^5 nodes)"; p->dag = families::random_layered(10, 10000, 0.0008, 1); break;
    }
    p->sk = std::make_unique<skeleton::SkeletonRef>(p->dag);
    p->dec = decompose::decompose(p->sk->dag());
    p->table.reserve(p->dec.block_count, p->dec.source_nodes.size());
    for (decompose::BlockId b = 0; b < p->dec.block_count; ++b)
        blocks::schedule_block_into(p->table, p->sk->dag(), p->dec.sources(b));
    return *p;
}

void linearize_case(benchmark::State& state, bool reference) {
    const Prepared& p = prepared(static_cast<int>(state.range(0)));
    std::uint64_t scans = 0;
    for (auto _ : state) {
        auto lin = reference ? schedule::linearize_reference(p.dec, p.table) : schedule::linearize(p.dec, p.table);
        scans = lin.dominance_scans;
        benchmark::DoNotOptimize(lin);
    }
    state.SetLabel(p.label);
    state.counters["blocks"] = p.dec.block_count;
    state.counters["scans"] = static_cast<double>(scans);  // dominance scans the witnesses did not settle
}

void BM_Linearize(benchmark::State& s) { linearize_case(s, false); }
void BM_LinearizeReference(benchmark::State& s) { linearize_case(s, true); }

// Objective memory: the guide plays every group and reorders sources in its
// own copy of the block table (copied outside the timing). The guide's
// construction is timed (it settles the refines of blocks of parentless
// sources in advance), as in schedule()'s linearization stage.
void BM_LinearizeMemory(benchmark::State& state) {
    const Prepared& p = prepared(static_cast<int>(state.range(0)));
    std::uint64_t scans = 0;
    for (auto _ : state) {
        state.PauseTiming();
        auto table = std::make_unique<blocks::ScheduleTable>(p.table);
        state.ResumeTiming();
        auto guide = std::make_unique<schedule::MemoryGuide>(p.dag, p.sk->dag(), p.dec, *table);
        auto lin = schedule::linearize(p.dec, *table, guide.get());
        scans = lin.dominance_scans;
        benchmark::DoNotOptimize(lin);
        state.PauseTiming();
        guide.reset();
        table.reset();
        state.ResumeTiming();
    }
    state.SetLabel(p.label);
    state.counters["scans"] = static_cast<double>(scans);
}

// Every block's schedule into a table, as schedule() makes it (the exact
// searches of 10-source blocks on the block sums).
void BM_BlockTable(benchmark::State& state) {
    const Prepared& p = prepared(static_cast<int>(state.range(0)));
    for (auto _ : state) {
        blocks::ScheduleTable table;
        table.reserve(p.dec.block_count, p.dec.source_nodes.size());
        for (decompose::BlockId b = 0; b < p.dec.block_count; ++b)
            blocks::schedule_block_into(table, p.sk->dag(), p.dec.sources(b));
        benchmark::DoNotOptimize(table);
    }
    state.SetLabel(p.label);
}

// The exhaustive searches alone over the blocks of at most 12 sources that
// are not complete (local copies made once): the one-table path against the
// two half tables (exact_search_reference), same blocks.
void exact_searches(benchmark::State& state, bool reference) {
    const Prepared& p = prepared(static_cast<int>(state.range(0)));
    static std::vector<blocks::detail::LocalBlock> local;
    static int made = -1;
    if (made != state.range(0)) {
        local.clear();
        for (decompose::BlockId b = 0; b < p.dec.block_count; ++b) {
            const auto src = p.dec.sources(b);
            if (src.size() > 12 || blocks::detail::complete_block_sinks(p.sk->dag(), src) > 0) continue;
            local.push_back(blocks::detail::make_local_block(p.sk->dag(), src));
        }
        made = static_cast<int>(state.range(0));
    }
    for (auto _ : state)
        for (const auto& b : local) {
            auto r = reference ? blocks::detail::exact_search_reference(b.view()) : blocks::detail::exact_search(b.view());
            benchmark::DoNotOptimize(r);
        }
    state.SetLabel(p.label);
    state.counters["searches"] = static_cast<double>(local.size());
}
void BM_ExactSearches(benchmark::State& s) { exact_searches(s, false); }
void BM_ExactSearchesReference(benchmark::State& s) { exact_searches(s, true); }

// 8,000 profiles: 4,000 copies of (0,2,3), which lacks priority over itself,
// then 4,000 of (0,1,1): no chain, a real sweep; or 8,000 copies of W(2,2)'s.
std::vector<std::vector<std::uint32_t>> many_profiles(bool chain) {
    std::vector<std::vector<std::uint32_t>> ps;
    for (int k = 0; k < 8000; ++k) {
        if (chain)
            ps.push_back({0, 1, 3});  // W(2,2): W ▷ W, a ▷-chain in any order
        else
            ps.push_back(k < 4000 ? std::vector<std::uint32_t>{0, 2, 3} : std::vector<std::uint32_t>{0, 1, 1});
    }
    return ps;
}

void sweep_many(benchmark::State& state, bool reference) {
    const auto ps = many_profiles(state.range(0) != 0);
    sweep::SweepOptions o;
    o.pairs = false;  // as ics_sweep now: pairs are decided when asked
    for (auto _ : state) {
        auto r = reference ? sweep::ic_sweep_reference(ps, o) : sweep::ic_sweep(ps, o);
        benchmark::DoNotOptimize(r);
    }
    state.SetLabel(state.range(0) ? "8,000 profiles, a chain" : "8,000 profiles, no chain");
}
void BM_IcSweepMany(benchmark::State& s) { sweep_many(s, false); }
void BM_IcSweepManyReference(benchmark::State& s) { sweep_many(s, true); }

// Two W(s,2)-like profiles (ties on whole diagonals, the sweep's worst case)
// with path recovery: the full bit table (arg 1) against checkpoints (arg 0).
void BM_TwoSweepPath(benchmark::State& state) {
    const std::uint32_t s = 40000;
    std::vector<std::uint32_t> e(s + 1);
    for (std::uint32_t x = 0; x < s; ++x) e[x] = x;
    e[s] = s + 1;
    const std::size_t full = state.range(0) ? ~std::size_t{0} : sweep::kFullPathBits;
    for (auto _ : state) {
        auto r = sweep::two_sweep(e, e, true, full);
        if (!r.ico) state.SkipWithError("expected an IC-optimal sum");
        benchmark::DoNotOptimize(r);
    }
    state.SetLabel(state.range(0) ? "W(40000,2) x 2, one bit per cell" : "W(40000,2) x 2, checkpoints");
}

BENCHMARK(BM_Linearize)->DenseRange(0, 10)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_LinearizeMemory)->DenseRange(0, 10)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_LinearizeReference)->DenseRange(0, 3)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_BlockTable)->Arg(3)->Arg(7)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ExactSearches)->Arg(3)->Arg(7)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ExactSearchesReference)->Arg(3)->Arg(7)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_IcSweepMany)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_IcSweepManyReference)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_TwoSweepPath)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
