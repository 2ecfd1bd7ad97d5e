// The IC-scheduling pipeline against a plain topological sort of the same
// dag, in the same run (issue targets: < 1 s and within 5x the sort).
// Run: build/tests/bench/bench_schedule
#include <benchmark/benchmark.h>

#include "blocks/schedule_table.hpp"
#include "decompose/decomposition.hpp"
#include "families/families.hpp"
#include "decompose/failure_certificate.hpp"
#include "schedule/linearize.hpp"
#include "schedule/schedule.hpp"
#include "skeleton/shortcut.hpp"

namespace {

using namespace ics;

Dag make(int family) {
    switch (family) {
        case 0: return families::fft(14);              // 245,760 nodes
        case 1: return families::reduction_mesh(1000);  // 500,500 nodes
        case 2: return families::reduction_tree(20);    // 2,097,151 nodes
        default: return families::out_mesh(1000);       // 500,500 nodes
    }
}

const char* name(int family) {
    static const char* names[] = {"fft d=14", "reduction-mesh l=1000", "reduction-tree h=20", "out-mesh l=1000"};
    return names[family];
}

const Dag& cached(int family) {
    static std::vector<Dag> dags(4);
    if (dags[family].empty()) dags[family] = make(family);
    return dags[family];
}

// Kahn's algorithm over the CSR: the baseline the pipeline is compared with.
void BM_TopologicalSort(benchmark::State& state) {
    const Dag& g = cached(static_cast<int>(state.range(0)));
    for (auto _ : state) {
        std::vector<std::uint32_t> missing(g.node_count());
        std::vector<NodeId> order;
        order.reserve(g.node_count());
        for (NodeId v = 0; v < g.node_count(); ++v)
            if ((missing[v] = g.in_degree(v)) == 0) order.push_back(v);
        for (std::size_t h = 0; h < order.size(); ++h)
            for (NodeId c : g.children(order[h]))
                if (--missing[c] == 0) order.push_back(c);
        benchmark::DoNotOptimize(order);
    }
    state.SetLabel(name(static_cast<int>(state.range(0))));
    state.counters["nodes"] = g.node_count();
}

void BM_Schedule(benchmark::State& state) {
    const Dag& g = cached(static_cast<int>(state.range(0)));
    bool ico = false;
    for (auto _ : state) {
        auto r = schedule::schedule(g);
        ico = r.status == schedule::Status::ic_optimal;
        benchmark::DoNotOptimize(r);
    }
    state.SetLabel(std::string(name(static_cast<int>(state.range(0)))) + (ico ? ", ic-optimal" : ", HEURISTIC"));
    state.counters["nodes"] = g.node_count();
}

// The same dag scheduled again and again through one schedule::Workspace
// (C API ics_workspace_schedule): the big arrays stay mapped between calls.
void BM_ScheduleWorkspace(benchmark::State& state) {
    const Dag& g = cached(static_cast<int>(state.range(0)));
    schedule::Workspace ws;
    bool ico = false;
    for (auto _ : state) {
        auto r = schedule::schedule(g, {}, &ws);
        ico = r.status == schedule::Status::ic_optimal;
        benchmark::DoNotOptimize(r);
    }
    state.SetLabel(std::string(name(static_cast<int>(state.range(0)))) + (ico ? ", ic-optimal" : ", HEURISTIC"));
    state.counters["nodes"] = g.node_count();
    state.counters["held_MB"] = static_cast<double>(ws.bytes()) / (1 << 20);
}

// Two of the pipeline's passes alone, to profile them apart (the dags have
// no shortcut: the skeleton is the dag): the decomposition, and the block
// schedules over a decomposition made once (as schedule() sends them).
void BM_Decompose(benchmark::State& state) {
    const Dag& g = cached(static_cast<int>(state.range(0)));
    for (auto _ : state) {
        auto d = decompose::decompose(g);
        benchmark::DoNotOptimize(d);
    }
    state.SetLabel(name(static_cast<int>(state.range(0))));
}

void BM_BlockSchedules(benchmark::State& state) {
    const Dag& g = cached(static_cast<int>(state.range(0)));
    const decompose::Decomposition d = decompose::decompose(g);
    for (auto _ : state) {
        blocks::ScheduleTable t;
        t.reserve(d.block_count, d.source_nodes.size());
        for (decompose::BlockId b = 0; b < d.block_count; ++b) {
            if (d.forms[b] == decompose::BlockForm::complete) {  // runs of complete blocks at once, as schedule()
                decompose::BlockId e = b + 1;
                while (e < d.block_count && d.forms[e] == decompose::BlockForm::complete) ++e;
                t.push_complete_blocks(d, b, e);
                b = e - 1;
                continue;
            }
            blocks::schedule_block_into(t, g, d.sources(b), d.sinks(b), d.forms[b]);
        }
        benchmark::DoNotOptimize(t);
    }
    state.SetLabel(name(static_cast<int>(state.range(0))));
}

// The pipeline's other passes alone: the failure certificate's gate, the
// shortcut check (no shortcut on these dags), the ▷-linearization over a
// decomposition and block table made once.
void BM_FailureCertificate(benchmark::State& state) {
    const Dag& g = cached(static_cast<int>(state.range(0)));
    for (auto _ : state) benchmark::DoNotOptimize(decompose::failure_certificate(g));
    state.SetLabel(name(static_cast<int>(state.range(0))));
}

void BM_Skeleton(benchmark::State& state) {
    const Dag& g = cached(static_cast<int>(state.range(0)));
    for (auto _ : state) {
        skeleton::SkeletonRef sk(g);
        benchmark::DoNotOptimize(sk.removed().size());
    }
    state.SetLabel(name(static_cast<int>(state.range(0))));
}

void BM_Linearize(benchmark::State& state) {
    const Dag& g = cached(static_cast<int>(state.range(0)));
    const decompose::Decomposition d = decompose::decompose(g);
    blocks::ScheduleTable t;
    t.reserve(d.block_count, d.source_nodes.size());
    for (decompose::BlockId b = 0; b < d.block_count; ++b)
        blocks::schedule_block_into(t, g, d.sources(b), d.sinks(b), d.forms[b]);
    for (auto _ : state) {
        auto lin = schedule::linearize(d, t);
        benchmark::DoNotOptimize(lin);
    }
    state.SetLabel(name(static_cast<int>(state.range(0))));
}

BENCHMARK(BM_TopologicalSort)->DenseRange(0, 3)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Decompose)->DenseRange(0, 3)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_BlockSchedules)->DenseRange(0, 3)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_FailureCertificate)->DenseRange(0, 3)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Skeleton)->DenseRange(0, 3)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Linearize)->DenseRange(0, 3)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Schedule)->DenseRange(0, 3)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ScheduleWorkspace)->DenseRange(0, 3)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
