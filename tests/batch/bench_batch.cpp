// Selection time of batch::select for r = 10 and r = 1,000 on 100,000-node
// dags: a random layered dag (general: exact search / greedy), a composite
// tree-dag of small blocks and one bipartite tree-dag (Σ_DP + Theorem 2).
#include <benchmark/benchmark.h>

#include "batch/batch.hpp"
#include "batch_gen.hpp"
#include "families/families.hpp"

namespace {

using namespace ics;

struct Case {
    Dag g;
    std::vector<NodeId> executed;
};

// Executed: every task of level < cut, and each task of level `cut` with probability 1/2 (a down-set).
std::vector<NodeId> frontier(const Dag& g, std::uint32_t cut, std::uint64_t seed) {
    SplitMix64 rng(seed);
    std::vector<NodeId> x;
    for (NodeId v : g.topological_order())
        if (g.levels()[v] < cut || (g.levels()[v] == cut && rng.below(2) == 0)) x.push_back(v);
    return x;
}

const Case& layered() {
    static const Case c = [] {
        Case k{families::random_layered(20, 5000, 0.0004, 1), {}};
        k.executed = frontier(k.g, 9, 2);
        return k;
    }();
    return c;
}

const Case& composite_tree() {
    static const Case c = [] {
        SplitMix64 rng(3);
        Case k{test::composite_tree_dag(100000, rng), {}};
        k.executed = frontier(k.g, 2, 4);
        return k;
    }();
    return c;
}

const Case& one_tree() {
    static const Case c = [] {
        SplitMix64 rng(5);
        return Case{test::bipartite_tree_dag(100000, rng), {}};
    }();
    return c;
}

void run(benchmark::State& state, const Case& c, batch::Method m) {
    batch::Options o;
    o.method = m;
    const auto r = static_cast<std::uint64_t>(state.range(0));
    batch::Selection s;
    for (auto _ : state) {
        s = batch::select(c.g, c.executed, r, o);
        benchmark::DoNotOptimize(s.eligible_after);
    }
    state.counters["nodes"] = c.g.node_count();
    state.counters["eligible"] = static_cast<double>(s.eligible_before);
    state.counters["components"] = s.components;
    state.counters["optimal"] = s.optimal;
    state.counters["gain"] = static_cast<double>(s.newly_eligible);
    state.counters["gain_bound"] = static_cast<double>(s.bound_after - (s.eligible_after - s.newly_eligible));
    state.SetLabel(batch::method_name(s.method));
}

void BM_LayeredAuto(benchmark::State& st) { run(st, layered(), batch::Method::automatic); }
void BM_LayeredGreedy(benchmark::State& st) { run(st, layered(), batch::Method::greedy); }
void BM_CompositeTree(benchmark::State& st) { run(st, composite_tree(), batch::Method::automatic); }
void BM_OneTree(benchmark::State& st) { run(st, one_tree(), batch::Method::automatic); }

BENCHMARK(BM_LayeredAuto)->Arg(10)->Arg(1000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_LayeredGreedy)->Arg(10)->Arg(1000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_CompositeTree)->Arg(10)->Arg(1000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_OneTree)->Arg(10)->Arg(1000)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
