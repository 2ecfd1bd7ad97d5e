// lib/area at scale (issue 12 targets): the Sidney heuristic and the AREA
// bound on sums of real Montage workflows (10^5 and 10^6 nodes: < 1 s and
// < 10 s), and the exact AREA search per 10^6 down-sets (every dag with at
// most 2^22 down-sets). Run: build/tests/bench/bench_area
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "algebra/algebra.hpp"
#include "area/area.hpp"
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
