// The AREA fallback's plays (pebble::evaluate / area / validate_order) give
// what their versions before issue 18's one-pass initialisation gave
// (tests/core/reference_orders.hpp): the same AREA, E(t), memory cost and
// error messages; the candidate orders (sidney_order, greedy_order, FIFO,
// level order) are valid, report the AREA the reference play gives, and the
// Sidney order runs the taken prefix then the blocks in turn; on hundreds of
// random dags (Erdős–Rényi, layered with arcs that skip layers, sums of small
// random blocks with chains), the Sidney order also with taken prefixes and
// complete multi-block, unsplit and budget-cut decompositions.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <deque>
#include <string>
#include <vector>

#include "area/area.hpp"
#include "common/error.hpp"
#include "common/random.hpp"
#include "pebble/pebble.hpp"
#include "reference_orders.hpp"
#include "schedule/schedule.hpp"
#include "test_util.hpp"

namespace {

using namespace ics;

// Random layered dag: `layers` layers of up to `width` nodes, arcs to the
// next layer with probability p, a few arcs skipping layers.
Dag layered(std::uint32_t layers, std::uint32_t width, double p, SplitMix64& rng) {
    DagBuilder b;
    std::vector<std::vector<NodeId>> lay(layers);
    NodeId next = 0;
    for (auto& l : lay) {
        const auto w = 1 + static_cast<std::uint32_t>(rng.below(width));
        for (std::uint32_t i = 0; i < w; ++i) {
            b.add_node("v" + std::to_string(next));
            l.push_back(next++);
        }
    }
    for (std::uint32_t j = 0; j + 1 < layers; ++j)
        for (NodeId u : lay[j]) {
            for (NodeId v : lay[j + 1])
                if (rng.uniform() < p) b.add_arc(u, v);
            if (j + 2 < layers && rng.uniform() < 0.2) {
                const auto& far = lay[j + 2 + rng.below(layers - j - 2)];
                b.add_arc(u, far[rng.below(far.size())]);
            }
        }
    return std::move(b).build();
}

// A sum of small random bipartite blocks (s sources, t sinks), some chained
// (a block's sink is the next block's source), plus isolated nodes.
Dag sum_of_blocks(std::uint32_t blocks, SplitMix64& rng) {
    DagBuilder b;
    NodeId next = 0;
    auto node = [&] {
        b.add_node("v" + std::to_string(next));
        return next++;
    };
    std::vector<NodeId> prev_sinks;
    for (std::uint32_t k = 0; k < blocks; ++k) {
        const auto s = 1 + static_cast<std::uint32_t>(rng.below(6)), t = 1 + static_cast<std::uint32_t>(rng.below(6));
        std::vector<NodeId> src, dst;
        const bool chain = !prev_sinks.empty() && rng.below(3) == 0;
        for (std::uint32_t i = 0; i < s; ++i)
            src.push_back(chain && i < prev_sinks.size() ? prev_sinks[i] : node());
        for (std::uint32_t j = 0; j < t; ++j) dst.push_back(node());
        for (NodeId u : src)
            for (NodeId v : dst)
                if (rng.uniform() < 0.55) b.add_arc(u, v);
        prev_sinks = dst;
        if (rng.below(4) == 0) node();
    }
    return std::move(b).build();
}

Dag random_case(std::uint64_t seed) {
    SplitMix64 rng(seed * 7919 + 13);
    switch (seed % 3) {
        case 0: {
            const auto n = 1 + static_cast<std::uint32_t>(rng.below(160));
            return test::random_dag(n, (1.0 + 5.0 * rng.uniform()) / n, seed);
        }
        case 1: return layered(2 + static_cast<std::uint32_t>(rng.below(8)), 12, 0.1 + 0.4 * rng.uniform(), rng);
        default: return sum_of_blocks(1 + static_cast<std::uint32_t>(rng.below(25)), rng);
    }
}

// FIFO as the textbook queue: the sources in id order, then each node as
// its last parent runs, a parent's children in list order.
std::vector<NodeId> fifo_reference(const Dag& dag) {
    std::vector<std::uint32_t> missing(dag.node_count());
    std::deque<NodeId> queue;
    for (NodeId v = 0; v < dag.node_count(); ++v)
        if ((missing[v] = dag.in_degree(v)) == 0) queue.push_back(v);
    std::vector<NodeId> order;
    while (!queue.empty()) {
        const NodeId v = queue.front();
        queue.pop_front();
        order.push_back(v);
        for (NodeId c : dag.children(v))
            if (--missing[c] == 0) queue.push_back(c);
    }
    return order;
}

// A random topological order (every eligible node equally likely).
std::vector<NodeId> random_topological(const Dag& dag, SplitMix64& rng) {
    return pebble::baseline_order(dag, pebble::Policy::random, rng.next());
}

void expect_same_evaluation(const Dag& dag, std::span<const NodeId> order, const char* what) {
    const pebble::Evaluation a = pebble::evaluate(dag, order), b = reference::evaluate(dag, order);
    EXPECT_EQ(a.eligible, b.eligible) << what;
    EXPECT_EQ(a.memory, b.memory) << what;
    EXPECT_EQ(a.area, b.area) << what;
    EXPECT_EQ(pebble::area(dag, order), b.area) << what;
}

TEST(CandidateOrders, SidneyOrderRunsTheBlocksInTurn) {
    int multi_block = 0, with_prefix = 0;
    for (std::uint64_t seed = 0; seed < 420; ++seed) {
        const Dag dag = random_case(seed);
        SplitMix64 rng(seed + 1000);
        // The taken prefix: none, or a random down-set's first nodes.
        std::vector<NodeId> taken;
        if (seed % 2 == 1) {
            taken = random_topological(dag, rng);
            taken.resize(rng.below(taken.size() + 1));
        }
        // Complete (multi-block), unsplit (budget 0) and budget-cut decompositions.
        for (std::uint64_t budget : {area::sidney_work_budget(dag), std::uint64_t{0}, std::uint64_t{60}}) {
            const area::SidneyDecomposition sd = area::sidney_decomposition(dag, taken, budget);
            multi_block += sd.block_count() > 2 ? 1 : 0;
            with_prefix += taken.empty() ? 0 : 1;
            std::uint64_t a = 0;
            const std::vector<NodeId> mine = area::sidney_order(dag, sd, taken, &a);
            reference::validate_order(dag, mine);
            ASSERT_EQ(a, reference::area(dag, mine)) << "seed " << seed << " budget " << budget;
            ASSERT_TRUE(std::equal(taken.begin(), taken.end(), mine.begin())) << "seed " << seed;
            // The blocks in turn: each node's block never goes back.
            std::vector<std::size_t> block_of(dag.node_count(), 0);
            for (std::size_t k = 0; k < sd.block_count(); ++k)
                for (std::uint32_t i = sd.offsets[k]; i < sd.offsets[k + 1]; ++i) block_of[sd.nodes[i]] = k;
            for (std::size_t i = taken.size() + 1; i < mine.size(); ++i)
                ASSERT_LE(block_of[mine[i - 1]], block_of[mine[i]]) << "seed " << seed << " budget " << budget;
            EXPECT_EQ(area::sidney_order(dag, sd, taken), mine);  // without the AREA
        }
    }
    EXPECT_GT(multi_block, 300);
    EXPECT_GT(with_prefix, 300);
}

TEST(CandidateOrders, GreedyFifoAndLevelOrdersAreValid) {
    for (std::uint64_t seed = 0; seed < 420; ++seed) {
        const Dag dag = random_case(seed);
        std::uint64_t a = 0;
        const std::vector<NodeId> g = schedule::greedy_order(dag, &a);
        reference::validate_order(dag, g);
        ASSERT_EQ(a, reference::area(dag, g)) << "seed " << seed;
        EXPECT_EQ(schedule::greedy_order(dag), g);
        const std::vector<NodeId> f = pebble::fifo_order(dag, a);
        reference::validate_order(dag, f);
        ASSERT_EQ(a, reference::area(dag, f)) << "seed " << seed;
        EXPECT_EQ(pebble::baseline_order(dag, pebble::Policy::fifo), f);
        ASSERT_EQ(f, fifo_reference(dag)) << "seed " << seed;
        const std::vector<NodeId> l = pebble::baseline_order(dag, pebble::Policy::level);
        reference::validate_order(dag, l);
        const auto lv = dag.levels();
        for (std::size_t i = 1; i < l.size(); ++i) ASSERT_LE(lv[l[i - 1]], lv[l[i]]) << "seed " << seed;
        // The level order's AREA from the positions: the plain play's.
        ASSERT_EQ(pebble::level_order(dag, a), l) << "seed " << seed;
        ASSERT_EQ(a, reference::area(dag, l)) << "seed " << seed;
        ASSERT_EQ(a, pebble::area(dag, l)) << "seed " << seed;
        expect_same_evaluation(dag, g, "greedy");
        expect_same_evaluation(dag, f, "fifo");
        expect_same_evaluation(dag, l, "level");
    }
}

// sum_of_blocks without its chains (only the sources' arcs kept): at most
// two levels.
Dag two_levels(const Dag& dag) {
    DagBuilder b;
    for (NodeId v = 0; v < dag.node_count(); ++v) b.add_node(std::string(dag.name(v)));
    for (NodeId v = 0; v < dag.node_count(); ++v)
        for (NodeId c : dag.children(v))
            if (dag.is_source(v)) b.add_arc(v, c);
    return std::move(b).build();
}

// pebble::fifo_area (on at most two levels from the sources' ranks) is the
// AREA of FIFO's order, on the random cases and their two-level versions.
TEST(CandidateOrders, FifoAreaAsItsOrders) {
    int ranked = 0;
    for (std::uint64_t seed = 0; seed < 420; ++seed) {
        const Dag dag = random_case(seed);
        for (const Dag& g : {dag, two_levels(dag)}) {
            std::uint64_t want = 0;
            pebble::fifo_order(g, want);
            ASSERT_EQ(pebble::fifo_area(g), want) << "seed " << seed;
            ranked += g.level_count() <= 2 ? 1 : 0;
        }
    }
    EXPECT_GT(ranked, 420);
}

// The AREA fallback's FIFO and level-order candidates (pipeline.cpp: on
// dags of at most two levels FIFO's AREA from pebble::fifo_area, the order
// built only if it wins; the level order's is FIFO's, not built) report
// the AREAs of pebble::fifo_order and pebble::level_order, on sums of small
// random blocks of two levels and more (chained), each over 64 nodes (no
// exhaustive search).
TEST(CandidateOrders, FallbackReportsTheFifoAndLevelOrdersAreas) {
    int two = 0, more = 0;
    for (std::uint64_t seed = 0; seed < 160; ++seed) {
        SplitMix64 rng(seed * 31 + 7);
        Dag dag = sum_of_blocks(30 + static_cast<std::uint32_t>(rng.below(30)), rng);
        if (seed % 2 == 0) dag = two_levels(dag);
        if (dag.node_count() <= 64) continue;
        const schedule::Result r = schedule::schedule(dag);
        const std::size_t level_at = r.reason.find("level order "), fifo_at = r.reason.find("FIFO ");
        if (level_at == std::string::npos || fifo_at == std::string::npos) continue;
        std::uint64_t level = 0, fifo = 0;
        pebble::level_order(dag, level);
        pebble::fifo_order(dag, fifo);
        EXPECT_EQ(std::stoull(r.reason.substr(level_at + 12)), level) << "seed " << seed << ": " << r.reason;
        EXPECT_EQ(std::stoull(r.reason.substr(fifo_at + 5)), fifo) << "seed " << seed << ": " << r.reason;
        (dag.level_count() <= 2 ? two : more) += 1;
    }
    EXPECT_GT(two, 40);
    EXPECT_GT(more, 40);
}

// FIFO with its look-ahead prefetches off, on, and as ids_local decides:
// the same order as the textbook queue, the same AREA.
TEST(CandidateOrders, FifoWithAndWithoutPrefetchAsTheQueue) {
    for (int mode : {0, 1, -1}) {
        const int before = pebble::detail::set_fifo_prefetch(mode);
        for (std::uint64_t seed = 0; seed < 300; ++seed) {
            const Dag dag = random_case(seed);
            std::uint64_t a = 0;
            const std::vector<NodeId> f = pebble::fifo_order(dag, a);
            ASSERT_EQ(f, fifo_reference(dag)) << "mode " << mode << " seed " << seed;
            ASSERT_EQ(a, reference::area(dag, f)) << "mode " << mode << " seed " << seed;
        }
        pebble::detail::set_fifo_prefetch(before);
    }
}

// ids_local: block sums (a block's ids together) are local at any size;
// random layered and Erdős–Rényi dags past a few hundred nodes are not;
// dags of at most 65 nodes are (every arc within 64 ids).
TEST(CandidateOrders, IdsLocalOnBlocksNotOnRandomDags) {
    SplitMix64 rng(77);
    EXPECT_TRUE(pebble::ids_local(sum_of_blocks(5000, rng)));
    EXPECT_TRUE(pebble::ids_local(sum_of_blocks(20, rng)));
    EXPECT_TRUE(pebble::ids_local(test::random_dag(65, 0.2, 3)));
    EXPECT_FALSE(pebble::ids_local(test::random_dag(900, 0.01, 3)));
    EXPECT_FALSE(pebble::ids_local(test::random_dag(5000, 4.0 / 5000, 3)));
    EXPECT_FALSE(pebble::ids_local(layered(4, 5000, 0.001, rng)));
    EXPECT_TRUE(pebble::ids_local(Dag{}));
}

TEST(CandidateOrders, PlaysAsBefore) {
    for (std::uint64_t seed = 0; seed < 300; ++seed) {
        const Dag dag = random_case(seed);
        SplitMix64 rng(seed + 5000);
        for (int k = 0; k < 3; ++k) expect_same_evaluation(dag, random_topological(dag, rng), "random order");
        // Invalid orders: the same error, word for word.
        std::vector<NodeId> bad = random_topological(dag, rng);
        if (bad.empty()) continue;
        switch (seed % 4) {
            case 0: std::swap(bad.front(), bad.back()); break;
            case 1: bad[rng.below(bad.size())] = bad[rng.below(bad.size())]; break;
            case 2: bad.pop_back(); break;
            default: bad[rng.below(bad.size())] = dag.node_count() + 3; break;
        }
        std::string mine, ref;
        try {
            pebble::evaluate(dag, bad);
        } catch (const Error& e) {
            mine = e.what();
        }
        try {
            reference::evaluate(dag, bad);
        } catch (const Error& e) {
            ref = e.what();
        }
        EXPECT_EQ(mine, ref) << "seed " << seed;
        try {
            pebble::area(dag, bad);
            mine.clear();
        } catch (const Error& e) {
            mine = e.what();
        }
        EXPECT_EQ(mine, ref) << "seed " << seed;
    }
}

}  // namespace
