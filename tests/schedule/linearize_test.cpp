// The ▷-linearizer's incremental steps (▷-chain shortcut for sums, (B) before
// the sweep, greedy scores kept up to date, witnesses for failed dominance)
// against the former quadratic steps, kept as linearize_reference: the same
// groups, sums, paths, proofs and reasons on random sums of many components
// and on random composite dags, for both objectives.
#include <gtest/gtest.h>

#include <algorithm>
#include <iterator>
#include <set>
#include <string>
#include <vector>

#include "blocks/block_schedule.hpp"
#include "blocks/schedule_table.hpp"
#include "common/random.hpp"
#include "decompose/decomposition.hpp"
#include "families/families.hpp"
#include "schedule/linearize.hpp"
#include "schedule/memory_aware.hpp"
#include "schedule/position_set.hpp"
#include "skeleton/shortcut.hpp"
#include "expect_same_linearization.hpp"

namespace ics::schedule {
namespace {

// A small random component: `layers` layers of up to `width` nodes, each node
// of a layer with at least one parent in the layer before.
struct Component {
    std::uint32_t nodes = 0;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> arcs;
};

Component random_component(SplitMix64& rng) {
    Component c;
    const std::uint32_t layers = 2 + static_cast<std::uint32_t>(rng.below(2));
    std::vector<std::uint32_t> first{0};
    for (std::uint32_t l = 0; l < layers; ++l) {
        const std::uint32_t w = 1 + static_cast<std::uint32_t>(rng.below(4));
        first.push_back(first.back() + w);
    }
    c.nodes = first.back();
    const double p = 0.2 + 0.6 * rng.uniform();
    for (std::uint32_t l = 1; l < layers; ++l)
        for (std::uint32_t v = first[l]; v < first[l + 1]; ++v) {
            bool any = false;
            for (std::uint32_t u = first[l - 1]; u < first[l]; ++u)
                if (rng.uniform() < p) {
                    c.arcs.emplace_back(u, v);
                    any = true;
                }
            if (!any) c.arcs.emplace_back(first[l - 1] + static_cast<std::uint32_t>(rng.below(first[l] - first[l - 1])), v);
        }
    return c;
}

// The sum of `copies` components drawn from `kinds` random ones, with node
// ids shuffled (so block ids interleave the copies, as `ics sum` of several
// files and real workflows do).
Dag random_sum(std::uint32_t kinds, std::uint32_t copies, std::uint64_t seed) {
    SplitMix64 rng(seed);
    std::vector<Component> kind;
    for (std::uint32_t k = 0; k < kinds; ++k) kind.push_back(random_component(rng));
    std::vector<std::uint32_t> base, of;
    std::uint32_t n = 0;
    for (std::uint32_t c = 0; c < copies; ++c) {
        of.push_back(static_cast<std::uint32_t>(rng.below(kinds)));
        base.push_back(n);
        n += kind[of.back()].nodes;
    }
    std::vector<NodeId> perm(n);
    for (NodeId i = 0; i < n; ++i) perm[i] = i;
    if (rng.uniform() < 0.7) perm = shuffled_ids(n, rng);
    DagBuilder b;
    for (NodeId i = 0; i < n; ++i) b.add_node("v" + std::to_string(i));
    for (std::uint32_t c = 0; c < copies; ++c)
        for (auto [u, v] : kind[of[c]].arcs) b.add_arc(perm[base[c] + u], perm[base[c] + v]);
    return b.build();
}

// Returns how many of the dag's linearizations used a sum (to check that the
// random inputs reach the sum step at all).
int compare_on(const Dag& dag, const std::string& what) {
    const skeleton::SkeletonRef sk(dag);
    const decompose::Decomposition dec = decompose::decompose(sk.dag());
    if (!dec.composite()) return 0;
    blocks::ScheduleTable table;
    table.reserve(dec.block_count, dec.source_nodes.size());
    for (decompose::BlockId b = 0; b < dec.block_count; ++b) blocks::schedule_block_into(table, sk.dag(), dec.sources(b));
    const Linearization fast = linearize(dec, table), slow = linearize_reference(dec, table);
    expect_same(fast, slow, what + " (eligibility)");
    // The guide reorders blocks' sources in its table: one table each, and
    // the reordered sources must agree too. The reference side also refines
    // blocks by the guide's reference (every candidate weighed at each step).
    blocks::ScheduleTable t1 = table, t2 = table;
    MemoryGuide g1(dag, sk.dag(), dec, t1), g2(dag, sk.dag(), dec, t2, true);
    expect_same(linearize(dec, t1, &g1), linearize_reference(dec, t2, &g2), what + " (memory)");
    for (decompose::BlockId b = 0; b < dec.block_count; ++b) {
        const auto o1 = t1.order(b), o2 = t2.order(b);
        if (!std::ranges::equal(o1, o2)) {
            ADD_FAILURE() << what << " (memory): the sources of block " << b << " differ";
            break;
        }
    }
    return fast.swept.empty() ? 0 : 1;
}

TEST(Linearize, IncrementalMatchesReferenceOnSumsOfComponents) {
    int sums = 0, cases = 0;
    for (std::uint64_t seed = 1; seed <= 400; ++seed) {
        SplitMix64 pick(seed * 7919);
        const auto kinds = 1 + static_cast<std::uint32_t>(pick.below(4));
        const auto copies = 2 + static_cast<std::uint32_t>(pick.below(40));
        const Dag d = random_sum(kinds, copies, seed);
        sums += compare_on(d, "sum seed " + std::to_string(seed));
        ++cases;
        if (HasFatalFailure()) return;
    }
    // The inputs must reach the sum step: otherwise this test checks nothing there.
    EXPECT_GT(sums, cases / 20) << "sums reached in " << sums << " of " << cases;
}

TEST(Linearize, IncrementalMatchesReferenceOnRandomLayeredDags) {
    for (std::uint64_t seed = 1; seed <= 200; ++seed) {
        SplitMix64 rng(seed);
        const auto layers = 2 + static_cast<std::uint32_t>(rng.below(4));
        const auto width = 2 + static_cast<std::uint32_t>(rng.below(8));
        const double p = 0.1 + 0.4 * rng.uniform();
        DagBuilder b;
        for (std::uint32_t i = 0; i < layers * width; ++i) b.add_node("n" + std::to_string(i));
        for (std::uint32_t l = 1; l < layers; ++l)
            for (std::uint32_t i = 0; i < width; ++i)
                for (std::uint32_t j = 0; j < width; ++j)
                    if (rng.uniform() < p) b.add_arc((l - 1) * width + j, l * width + i);
        compare_on(b.build(), "layered seed " + std::to_string(seed));
        if (HasFatalFailure()) return;
    }
}

// Sums of thousands of copies of a few components (summed workflows): the
// buckets of equal profiles hold thousands of blocks, most of which cannot
// go by §4.2 (a) (a block they free lacks priority), the case the linearizer
// answers from its set of admissible blocks instead of rescanning buckets.
TEST(Linearize, IncrementalMatchesReferenceOnManyCopies) {
    for (std::uint64_t seed = 1; seed <= 12; ++seed) {
        SplitMix64 pick(seed * 104729);
        const auto kinds = 1 + static_cast<std::uint32_t>(pick.below(3));
        const auto copies = 500 + static_cast<std::uint32_t>(pick.below(1500));
        compare_on(random_sum(kinds, copies, seed), "copies seed " + std::to_string(seed));
        if (HasFatalFailure()) return;
    }
}

// Sums of many distinct random bipartite blocks (tests/bench/cli_bench.sh's
// `blocks` case: each sink fed by up to 3 random sources), of 1 to 12
// sources and sinks: thousands of distinct profiles, so the linearizer's
// answers go through its dense table (≤ 2,048 types) and, past that, its two-bit
// table, decided by system (1) in window form, and its greedy step
// ranks them all; the reference decides each by the table of system (1).
Dag random_blocks_sum(std::uint32_t blocks, std::uint32_t max_side, std::uint64_t seed) {
    SplitMix64 rng(seed);
    DagBuilder b;
    NodeId next = 0;
    for (std::uint32_t k = 0; k < blocks; ++k) {
        const auto ns = 1 + static_cast<std::uint32_t>(rng.below(max_side));
        const auto nt = 1 + static_cast<std::uint32_t>(rng.below(max_side));
        for (std::uint32_t i = 0; i < ns + nt; ++i) b.add_node("b" + std::to_string(k) + "_" + std::to_string(i));
        std::vector<bool> used(ns, false), arc(ns * nt, false);
        for (std::uint32_t j = 0; j < nt; ++j)
            for (int r = 0; r < 3; ++r) {
                const auto i = static_cast<std::uint32_t>(rng.below(ns));
                used[i] = true;
                arc[i * nt + j] = true;
            }
        for (std::uint32_t i = 0; i < ns; ++i)
            if (!used[i]) arc[i * nt + rng.below(nt)] = true;  // no isolated source
        for (std::uint32_t i = 0; i < ns; ++i)
            for (std::uint32_t j = 0; j < nt; ++j)
                if (arc[i * nt + j]) b.add_arc(next + i, next + ns + j);
        next += ns + nt;
    }
    return b.build();
}

void compare_on_distinct_blocks(std::span<const std::pair<std::uint32_t, std::uint32_t>> cases, std::uint64_t seed) {
    for (auto [blocks, side] : cases)
        for (int rep = 0; rep < (blocks > 1000 ? 1 : 4); ++rep, ++seed) {
            compare_on(random_blocks_sum(blocks, side, seed),
                       std::to_string(blocks) + " blocks, seed " + std::to_string(seed));
            if (::testing::Test::HasFatalFailure()) return;
        }
}

TEST(Linearize, IncrementalMatchesReferenceOnDistinctRandomBlocks) {
    const std::pair<std::uint32_t, std::uint32_t> cases[] = {{40, 4}, {300, 6}, {600, 10}};
    compare_on_distinct_blocks(cases, 1);
}

// Thousands of distinct profiles (the reference is quadratic in them): in
// the plain build only (the sanitizer runs filter out Large.*).
TEST(Large, LinearizeIncrementalMatchesReferenceOnThousandsOfDistinctBlocks) {
    const std::pair<std::uint32_t, std::uint32_t> cases[] = {{1500, 12}, {2600, 12}};
    compare_on_distinct_blocks(cases, 13);
}

// §4.2 (a)'s dominance scans start at a place drawn from the type, so the
// witnesses they leave are spread over the source types: with one witness
// type for all (a scan from the front) each greedy step rescanned ~60 types
// here. The same linearization as the reference, which scans from the front.
TEST(Linearize, DominanceScansSpreadTheirWitnesses) {
    // (blocks summed, most dominance scans allowed): from the front they
    // were 2,183 and 8,145; spread 1,448 and 4,593.
    for (const auto& [blocks, most] : {std::pair{1200u, 1800u}, std::pair{12000u, 6000u}}) {
        const Dag dag = random_blocks_sum(blocks, 10, 77);
        const skeleton::SkeletonRef sk(dag);
        const decompose::Decomposition dec = decompose::decompose(sk.dag());
        ASSERT_TRUE(dec.composite());
        blocks::ScheduleTable table;
        table.reserve(dec.block_count, dec.source_nodes.size());
        for (decompose::BlockId b = 0; b < dec.block_count; ++b) blocks::schedule_block_into(table, sk.dag(), dec.sources(b));
        const Linearization fast = linearize(dec, table);
        EXPECT_FALSE(fast.proven);
        // The reference is quadratic in the types: the smaller sum only.
        if (blocks < 2000) expect_same(fast, linearize_reference(dec, table), "1200 random 10x10 blocks");
        EXPECT_LT(fast.dominance_scans, most) << blocks << " blocks";
    }
}

// Random blocks summed with W, M, N and cycle blocks (Theorem 2.2 decides
// their pairs before system (1)) and with random blocks of 65 to 90
// sources (profiles too long for the window form): the greedy steps' matrix
// of every answer fills those pairs by the same decisions; the reference
// asks system (1) pair by pair.
Dag mixed_blocks_sum(std::uint64_t seed) {
    SplitMix64 rng(seed);
    const Dag randoms = random_blocks_sum(150 + static_cast<std::uint32_t>(rng.below(250)), 10, seed);
    DagBuilder b;
    for (NodeId v = 0; v < randoms.node_count(); ++v) b.add_node(std::string(randoms.name(v)));
    for (NodeId v = 0; v < randoms.node_count(); ++v)
        for (NodeId c : randoms.children(v)) b.add_arc(v, c);
    NodeId next = randoms.node_count();
    auto add = [&](std::uint32_t tops, std::uint32_t bottoms, const std::vector<std::pair<std::uint32_t, std::uint32_t>>& arcs) {
        for (std::uint32_t i = 0; i < tops + bottoms; ++i) b.add_node("x" + std::to_string(next + i));
        for (auto [t, u] : arcs) b.add_arc(next + t, next + tops + u);
        next += tops + bottoms;
    };
    const int extra = 20 + static_cast<int>(rng.below(40));
    for (int k = 0; k < extra; ++k) {
        const auto s = 1 + static_cast<std::uint32_t>(rng.below(6)), d = 2 + static_cast<std::uint32_t>(rng.below(3));
        std::vector<std::pair<std::uint32_t, std::uint32_t>> arcs;
        switch (rng.below(5)) {
            case 0:  // W(s,d): source i feeds sinks i(d-1) .. i(d-1)+d-1
                for (std::uint32_t i = 0; i < s; ++i)
                    for (std::uint32_t j = 0; j < d; ++j) arcs.emplace_back(i, i * (d - 1) + j);
                add(s, s * (d - 1) + 1, arcs);
                break;
            case 1:  // M(s,d): its dual
                for (std::uint32_t i = 0; i < s; ++i)
                    for (std::uint32_t j = 0; j < d; ++j) arcs.emplace_back(i * (d - 1) + j, i);
                add(s * (d - 1) + 1, s, arcs);
                break;
            case 2:  // N(s+1): source i feeds sinks i and i+1, the last one sink s only
                for (std::uint32_t i = 0; i <= s; ++i) {
                    arcs.emplace_back(i, i);
                    if (i < s) arcs.emplace_back(i, i + 1);
                }
                add(s + 1, s + 1, arcs);
                break;
            case 3:  // C(s+1): a cycle
                for (std::uint32_t i = 0; i <= s; ++i) {
                    arcs.emplace_back(i, i);
                    arcs.emplace_back(i, (i + 1) % (s + 1));
                }
                add(s + 1, s + 1, arcs);
                break;
            default: {  // sometimes a long random block: 65 to 90 sources
                if (rng.below(4) != 0) break;
                const auto n = 65 + static_cast<std::uint32_t>(rng.below(26));
                for (std::uint32_t j = 0; j < n; ++j) {
                    arcs.emplace_back(j, j);  // every source used
                    for (int r = 0; r < 2; ++r) arcs.emplace_back(static_cast<std::uint32_t>(rng.below(n)), j);
                }
                std::sort(arcs.begin(), arcs.end());
                arcs.erase(std::unique(arcs.begin(), arcs.end()), arcs.end());
                add(n, n, arcs);
            }
        }
    }
    return b.build();
}

TEST(Linearize, IncrementalMatchesReferenceOnBlocksMixedWithFamiliesAndLongProfiles) {
    for (std::uint64_t seed = 1; seed <= 12; ++seed) {
        compare_on(mixed_blocks_sum(seed), "mixed seed " + std::to_string(seed));
        if (HasFatalFailure()) return;
    }
}

// The papers' families, whose blocks (W and M chains, butterflies, trees)
// the memory guide refines step by step: the same source orders as with its
// former frontier, at sizes where blocks have hundreds of sources; sums of
// copies and random layered dags above cover blocks it gives up on.
TEST(Linearize, MemoryGuideMatchesReferenceOnFamilies) {
    const std::vector<std::pair<std::string, Dag>> dags = {
        {"parallel-prefix 512", families::parallel_prefix(512)},
        {"parallel-prefix 300", families::parallel_prefix(300)},
        {"wavefront 40 60", families::wavefront(40, 60)},
        {"reduction-mesh 80", families::reduction_mesh(80)},
        {"out-mesh 60", families::out_mesh(60)},
        {"fft 7", families::fft(7)},
        {"reduction-tree 9", families::reduction_tree(9)},
        {"divide-conquer 3 4", families::divide_conquer(3, 4)},
        {"laplace 30", families::laplace(30)},
        {"fmri 200", families::fmri(200)},
        {"random-layered 6 40 0.08", families::random_layered(6, 40, 0.08, 5)},
    };
    for (const auto& [name, dag] : dags) {
        compare_on(dag, name);
        if (HasFatalFailure()) return;
    }
}

// The set behind it against std::set: random inserts, erases and
// predecessor queries, sizes across its three levels of words.
TEST(PositionSet, PredecessorMatchesStdSet) {
    for (std::size_t n : {1u, 63u, 64u, 65u, 4096u, 5000u, 300000u, 600000u}) {
        SplitMix64 rng(n);
        PositionSet s(n);
        std::set<std::size_t> ref;
        // Sparse sets (most queries climb levels) and dense ones.
        const std::size_t ops = 20000;
        for (std::size_t k = 0; k < ops; ++k) {
            const std::size_t i = rng.below(n);
            switch (rng.below(4)) {
                case 0: s.set(i); ref.insert(i); break;
                case 1: s.reset(i); ref.erase(i); break;
                case 2: {
                    auto it = ref.upper_bound(i);
                    const std::size_t want = it == ref.begin() ? PositionSet::kNone : *std::prev(it);
                    ASSERT_EQ(s.pred(i), want) << "n " << n << " i " << i;
                    break;
                }
                default: ASSERT_EQ(s.test(i), ref.count(i) == 1) << "n " << n << " i " << i;
            }
            if (k == ops / 2)  // then empty it again through reset
                for (auto it = ref.begin(); it != ref.end();) {
                    s.reset(*it);
                    it = ref.erase(it);
                }
        }
        for (std::size_t i : {std::size_t{0}, n / 2, n - 1}) {
            auto it = ref.upper_bound(i);
            EXPECT_EQ(s.pred(i), it == ref.begin() ? PositionSet::kNone : *std::prev(it)) << "n " << n;
        }
    }
}

// Many copies of one block whose profile has priority over itself: the sum
// is a ▷-chain in block order, scheduled without a sweep, each copy in one
// piece (Theorem 3.2), as IC-Sweep's path would have it.
TEST(Linearize, ChainOfCopiesIsTheLPath) {
    // Two sources feeding a join through a shared sink: M(2,1)-like blocks
    // after a W(1,2) source block, 30 copies.
    DagBuilder b;
    for (int c = 0; c < 30; ++c) {
        const std::string p = "c" + std::to_string(c) + "_";
        const NodeId s = b.ensure_node(p + "s"), a = b.ensure_node(p + "a"), d = b.ensure_node(p + "d"),
                     j = b.ensure_node(p + "j");
        b.add_arc(s, a);
        b.add_arc(s, d);
        b.add_arc(a, j);
        b.add_arc(d, j);
    }
    const Dag dag = b.build();
    compare_on(dag, "30 copies");
}

}  // namespace
}  // namespace ics::schedule
