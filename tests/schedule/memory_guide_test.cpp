// MemoryGuide::refine (lib/schedule/memory_aware.cpp) keeps its candidates in
// heaps by gain, updated per change, and drain_dirty leaves out blocks whose
// delta is unchanged; its reference weighs every candidate at every step and
// refreshes every marked block. Both must give the same source orders, the
// same linearization
// and the same work-bound give-ups, on random dags whose blocks it refines
// and gives up on: workflow-like sums of fan-ins and fan-outs (Inspiral's
// shape), random bipartite blocks, random layered dags, the families, all
// with shortcuts (the open count is over the input dag, gains over the
// skeleton).
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "blocks/block_schedule.hpp"
#include "blocks/schedule_table.hpp"
#include "common/random.hpp"
#include "decompose/decomposition.hpp"
#include "families/families.hpp"
#include "schedule/linearize.hpp"
#include "schedule/memory_aware.hpp"
#include "skeleton/shortcut.hpp"
#include "expect_same_linearization.hpp"

namespace ics::schedule {
namespace {

struct Counts {
    std::uint64_t dags = 0, refined = 0, kept = 0, settled = 0;
};

// Linearizes `dag` for memory with either refine() and compares everything.
void compare_on(const Dag& dag, const std::string& what, Counts& counts) {
    const skeleton::SkeletonRef sk(dag);
    const decompose::Decomposition dec = decompose::decompose(sk.dag());
    if (!dec.composite()) return;
    blocks::ScheduleTable table;
    table.reserve(dec.block_count, dec.source_nodes.size());
    for (decompose::BlockId b = 0; b < dec.block_count; ++b) blocks::schedule_block_into(table, sk.dag(), dec.sources(b));
    blocks::ScheduleTable t1 = table, t2 = table;
    // The guides end before the orders are compared: refine_roots puts
    // refined orders in place at construction, and a sum's member or a
    // block never run (no ▷-linearization) gets its own order back.
    auto fast = std::make_unique<MemoryGuide>(dag, sk.dag(), dec, t1);
    auto slow = std::make_unique<MemoryGuide>(dag, sk.dag(), dec, t2, true);
    const Linearization a = linearize(dec, t1, fast.get()), b = linearize(dec, t2, slow.get());
    expect_same(a, b, what);
    if (::testing::Test::HasFatalFailure()) return;
    EXPECT_EQ(fast->refined_blocks(), slow->refined_blocks()) << what;
    EXPECT_EQ(fast->kept_blocks(), slow->kept_blocks()) << what;
    EXPECT_EQ(slow->settled_blocks(), 0u) << what;  // the reference settles nothing in advance
    ++counts.dags;
    counts.settled += fast->settled_blocks();
    counts.refined += fast->refined_blocks();
    counts.kept += fast->kept_blocks();
    fast.reset();
    slow.reset();
    for (decompose::BlockId blk = 0; blk < dec.block_count; ++blk) {
        const auto o1 = t1.order(blk), o2 = t2.order(blk);
        if (!std::ranges::equal(o1, o2)) {
            ADD_FAILURE() << what << ": the sources of block " << blk << " differ";
            break;
        }
    }
}

// Adds arcs u -> w where u -> v -> w: shortcuts, in the input dag only.
void add_shortcuts(DagBuilder& b, const std::vector<std::pair<NodeId, NodeId>>& arcs, double p, SplitMix64& rng) {
    std::vector<std::vector<NodeId>> out;
    for (auto [u, v] : arcs) {
        if (out.size() <= std::max(u, v)) out.resize(std::size_t{std::max(u, v)} + 1);
        out[u].push_back(v);
    }
    for (auto [u, v] : arcs)
        for (NodeId w : out[v])
            if (rng.uniform() < p) b.add_arc(u, w);
}

// A workflow-like dag: levels joined alternately by fan-ins (groups of up to
// `group` consecutive nodes into one), fan-outs and 1:1 arcs, with a few
// extra arcs into each group; `copies` copies, ids shuffled.
Dag workflow(std::uint32_t copies, std::uint32_t group, double extra, double shortcut, std::uint64_t seed) {
    SplitMix64 rng(seed);
    std::vector<std::pair<NodeId, NodeId>> arcs;
    NodeId n = 0;
    for (std::uint32_t c = 0; c < copies; ++c) {
        std::vector<NodeId> level;
        const auto width = 2 + static_cast<std::uint32_t>(rng.below(3 * group));
        for (std::uint32_t i = 0; i < width; ++i) level.push_back(n++);
        const auto levels = 2 + static_cast<std::uint32_t>(rng.below(5));
        for (std::uint32_t l = 0; l < levels; ++l) {
            std::vector<NodeId> next;
            switch (rng.below(3)) {
                case 0:  // fan-in groups
                    for (std::size_t i = 0; i < level.size();) {
                        const auto g = 1 + static_cast<std::size_t>(rng.below(group));
                        const NodeId t = n++;
                        next.push_back(t);
                        for (std::size_t j = i; j < std::min(level.size(), i + g); ++j) arcs.emplace_back(level[j], t);
                        i += g;
                    }
                    break;
                case 1:  // fan-outs
                    for (NodeId u : level) {
                        const auto g = 1 + static_cast<std::uint32_t>(rng.below(std::max<std::uint32_t>(2, group / 4)));
                        for (std::uint32_t j = 0; j < g; ++j) {
                            next.push_back(n++);
                            arcs.emplace_back(u, next.back());
                        }
                    }
                    break;
                default:  // 1:1
                    for (NodeId u : level) {
                        next.push_back(n++);
                        arcs.emplace_back(u, next.back());
                    }
            }
            // Extra arcs from this level into the next one.
            for (NodeId u : level)
                if (rng.uniform() < extra) arcs.emplace_back(u, next[rng.below(next.size())]);
            level = std::move(next);
            if (level.size() > 400) level.resize(400);
        }
    }
    std::vector<NodeId> perm = shuffled_ids(n, rng);
    for (auto& [u, v] : arcs) u = perm[u], v = perm[v];
    DagBuilder b;
    for (NodeId i = 0; i < n; ++i) b.add_node("v" + std::to_string(i));
    for (auto [u, v] : arcs) b.add_arc(u, v);
    add_shortcuts(b, arcs, shortcut, rng);
    return b.build();
}

// Layers of random bipartite blocks: each layer's nodes split into groups,
// every group a block with random arcs to a group of the next layer.
Dag bipartite_layers(std::uint32_t layers, std::uint32_t blocks, std::uint32_t width, double p, double shortcut,
                     std::uint64_t seed) {
    SplitMix64 rng(seed);
    std::vector<std::pair<NodeId, NodeId>> arcs;
    NodeId n = 0;
    std::vector<std::vector<NodeId>> groups(blocks);
    for (auto& g : groups)
        for (std::uint32_t i = 0, w = 1 + static_cast<std::uint32_t>(rng.below(width)); i < w; ++i) g.push_back(n++);
    for (std::uint32_t l = 0; l < layers; ++l) {
        std::vector<std::vector<NodeId>> next(blocks);
        for (std::uint32_t k = 0; k < blocks; ++k) {
            for (std::uint32_t i = 0, w = 1 + static_cast<std::uint32_t>(rng.below(width)); i < w; ++i)
                next[k].push_back(n++);
            for (NodeId u : groups[k]) {
                bool any = false;
                for (NodeId v : next[k])
                    if (rng.uniform() < p) {
                        arcs.emplace_back(u, v);
                        any = true;
                    }
                if (!any) arcs.emplace_back(u, next[k][rng.below(next[k].size())]);
            }
        }
        groups = std::move(next);
    }
    DagBuilder b;
    for (NodeId i = 0; i < n; ++i) b.add_node("v" + std::to_string(i));
    for (auto [u, v] : arcs) b.add_arc(u, v);
    add_shortcuts(b, arcs, shortcut, rng);
    return b.build();
}

TEST(MemoryGuide, HeapsMatchReferenceOnWorkflowSums) {
    Counts counts;
    for (std::uint64_t seed = 1; seed <= 300; ++seed) {
        SplitMix64 pick(seed * 104729);
        const auto copies = 1 + static_cast<std::uint32_t>(pick.below(12));
        const auto group = 2 + static_cast<std::uint32_t>(pick.below(45));  // past the work bound from ~18 sources
        const double extra = pick.uniform() < 0.5 ? 0.0 : 0.3 * pick.uniform();
        const double shortcut = pick.uniform() < 0.5 ? 0.0 : 0.2 * pick.uniform();
        compare_on(workflow(copies, group, extra, shortcut, seed), "workflow seed " + std::to_string(seed), counts);
        if (HasFatalFailure()) return;
    }
    // The inputs must reach both outcomes of refine().
    EXPECT_GT(counts.dags, 200u);
    EXPECT_GT(counts.refined, 500u);
    EXPECT_GT(counts.kept, 100u);
}

TEST(MemoryGuide, HeapsMatchReferenceOnRandomBipartiteBlocks) {
    Counts counts;
    for (std::uint64_t seed = 1; seed <= 300; ++seed) {
        SplitMix64 pick(seed * 7919);
        const auto layers = 1 + static_cast<std::uint32_t>(pick.below(4));
        const auto blocks = 1 + static_cast<std::uint32_t>(pick.below(6));
        const auto width = 2 + static_cast<std::uint32_t>(pick.below(pick.uniform() < 0.2 ? 60 : 12));
        const double p = 0.05 + 0.5 * pick.uniform();
        const double shortcut = pick.uniform() < 0.5 ? 0.0 : 0.3 * pick.uniform();
        compare_on(bipartite_layers(layers, blocks, width, p, shortcut, seed), "blocks seed " + std::to_string(seed),
                   counts);
        if (HasFatalFailure()) return;
    }
    EXPECT_GT(counts.refined, 200u);
    EXPECT_GT(counts.kept, 50u);
}

TEST(MemoryGuide, HeapsMatchReferenceOnRandomLayeredAndFamilies) {
    Counts counts;
    for (std::uint64_t seed = 1; seed <= 60; ++seed) {
        SplitMix64 pick(seed);
        const auto layers = 2 + static_cast<std::uint32_t>(pick.below(5));
        const auto width = 2 + static_cast<std::uint32_t>(pick.below(40));
        compare_on(families::random_layered(layers, width, 0.02 + 0.2 * pick.uniform(), seed),
                   "random-layered seed " + std::to_string(seed), counts);
        if (HasFatalFailure()) return;
    }
    // The other families are compared in linearize_test.cpp (there with the
    // reference linearizer too); single W, M, N and C blocks of 40-50 sources
    // here, past and within the work bound.
    const std::vector<std::pair<std::string, Dag>> dags = {
        {"W(40,3)", families::w_dag(40, 3)}, {"M(40,3)", families::m_dag(40, 3)}, {"N_50", families::n_dag(50)},
        {"C_50", families::cycle_dag(50)},   {"W(12,2)", families::w_dag(12, 2)}, {"M(12,4)", families::m_dag(12, 4)},
        {"fft 6", families::fft(6)},
    };
    for (const auto& [name, dag] : dags) {
        compare_on(dag, name, counts);
        if (HasFatalFailure()) return;
    }
    EXPECT_GT(counts.refined, 100u) << counts.refined;
    EXPECT_GT(counts.kept, 5u) << counts.kept;
}

// refine_pair (blocks of two sources: Laplace's N(2) blocks) against the
// reference: Laplace and wavefront dags, whose blocks are nearly all N(2),
// and random layers of two-source blocks with shortcuts (the open count then
// differs between the two sources, so either may go first).
TEST(MemoryGuide, PairsMatchReferenceOnLaplaceAndTwoSourceBlocks) {
    Counts counts;
    for (std::uint32_t n = 2; n <= 40; ++n) {
        compare_on(families::laplace(n), "laplace " + std::to_string(n), counts);
        compare_on(families::wavefront(n, 2 + n % 7), "wavefront " + std::to_string(n), counts);
        if (HasFatalFailure()) return;
    }
    for (std::uint64_t seed = 1; seed <= 300; ++seed) {
        SplitMix64 pick(seed * 65537);
        const auto layers = 1 + static_cast<std::uint32_t>(pick.below(5));
        const auto blocks = 1 + static_cast<std::uint32_t>(pick.below(8));
        const double p = 0.2 + 0.6 * pick.uniform();
        const double shortcut = pick.uniform() < 0.3 ? 0.0 : 0.5 * pick.uniform();
        compare_on(bipartite_layers(layers, blocks, 2, p, shortcut, seed), "pairs seed " + std::to_string(seed), counts);
        if (HasFatalFailure()) return;
    }
    EXPECT_GT(counts.refined, 5000u) << counts.refined;
}

// The guide's shortcuts against the reference, on inputs that reach each:
// refines settled at construction (blocks of parentless sources: the first
// layer of summed bipartite blocks and of workflow copies, refined and
// given up on), the first step's gains counted from the sinks and only the
// sources of the first gain weighed (wide random layered blocks, whose
// first gain is 1 or more with few such sources, or 0), children scans
// skipped while no block is announced (layered blocks run one after the
// other), and the linearizer's per-delta FIFOs with moved blocks (many
// copies: queues of hundreds of blocks whose deltas change while queued).
TEST(MemoryGuide, ShortcutsMatchReferenceOnRootsWideLayersAndCopies) {
    Counts counts;
    for (std::uint64_t seed = 1; seed <= 12; ++seed) {
        SplitMix64 pick(seed * 2654435761u);
        const auto layers = 1 + static_cast<std::uint32_t>(pick.below(3));
        const auto blocks = 20 + static_cast<std::uint32_t>(pick.below(100));
        const auto width = 2 + static_cast<std::uint32_t>(pick.below(pick.uniform() < 0.3 ? 16 : 8));
        const double shortcut = pick.uniform() < 0.5 ? 0.0 : 0.3 * pick.uniform();
        compare_on(bipartite_layers(layers, blocks, width, 0.1 + 0.4 * pick.uniform(), shortcut, seed),
                   "block sums seed " + std::to_string(seed), counts);
        compare_on(workflow(10 + static_cast<std::uint32_t>(pick.below(30)), 2 + static_cast<std::uint32_t>(pick.below(30)),
                            0.2 * pick.uniform(), shortcut, seed),
                   "workflow copies seed " + std::to_string(seed), counts);
        if (HasFatalFailure()) return;
    }
    EXPECT_GT(counts.settled, 800u) << counts.settled;
    const std::uint64_t roots = counts.settled;
    for (std::uint64_t seed = 1; seed <= 8; ++seed) {
        SplitMix64 pick(seed * 40503);
        const auto layers = 2 + static_cast<std::uint32_t>(pick.below(4));
        const auto width = 100 + static_cast<std::uint32_t>(pick.below(300));
        const double arcs_per_node = 1.5 + 8 * pick.uniform();
        compare_on(families::random_layered(layers, width, arcs_per_node / width, seed),
                   "wide random-layered seed " + std::to_string(seed), counts);
        if (HasFatalFailure()) return;
    }
    EXPECT_GT(counts.settled, roots) << "no wide first layer settled";
    EXPECT_GT(counts.refined, 2500u) << counts.refined;
    EXPECT_GT(counts.kept, 100u) << counts.kept;
}

// refine_roots puts the refined orders of blocks of parentless sources in
// place at construction; a block the linearizer never runs (no
// ▷-linearization stops it) must keep its own order, as when the order was
// put in place at run_block: a guide ended before any block ran leaves the
// table as it was, after changing some orders.
TEST(MemoryGuide, UnrunRootBlocksKeepTheirOrders) {
    std::uint64_t changed = 0;
    for (std::uint64_t seed = 1; seed <= 12; ++seed) {
        const Dag dag = bipartite_layers(1 + seed % 2, 40, 3 + static_cast<std::uint32_t>(seed % 9), 0.3, 0.0, seed);
        const skeleton::SkeletonRef sk(dag);
        const decompose::Decomposition dec = decompose::decompose(sk.dag());
        if (!dec.composite()) continue;
        blocks::ScheduleTable table;
        table.reserve(dec.block_count, dec.source_nodes.size());
        for (decompose::BlockId b = 0; b < dec.block_count; ++b)
            blocks::schedule_block_into(table, sk.dag(), dec.sources(b));
        blocks::ScheduleTable t1 = table;
        {
            MemoryGuide guide(dag, sk.dag(), dec, t1);
            for (decompose::BlockId b = 0; b < dec.block_count; ++b)
                changed += std::ranges::equal(t1.order(b), table.order(b)) ? 0 : 1;
        }
        for (decompose::BlockId b = 0; b < dec.block_count; ++b)
            ASSERT_TRUE(std::ranges::equal(t1.order(b), table.order(b))) << "seed " << seed << " block " << b;
    }
    EXPECT_GT(changed, 5u) << "no order put in place at construction";
}

}  // namespace
}  // namespace ics::schedule
