// Shortcut removal (skeleton/shortcut.hpp): proved against brute force on
// seeded random dags, and checked on the papers' dags and hand cases.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>

#include "skeleton/shortcut.hpp"
#include "skeleton/shortcut_detail.hpp"
#include "structure_check.hpp"
#include "structure_dags.hpp"

namespace ics::structure_test {
namespace {

using skeleton::find_shortcuts;
using skeleton::remove_shortcuts;

std::pair<NodeId, NodeId> arc(const Dag& g, const char* u, const char* v) { return {g.find(u), g.find(v)}; }

// Everything remove_shortcuts promises, by brute force.
void check_skeleton(const Dag& g, const skeleton::Skeleton& s) {
    ASSERT_EQ(s.dag.node_count(), g.node_count());
    for (NodeId v = 0; v < g.node_count(); ++v) ASSERT_EQ(s.dag.name(v), g.name(v));
    const auto reach = closure(g);
    EXPECT_EQ(closure(s.dag), reach) << "reachability changed";
    const auto skel_reach = reach;  // the same relation, as just checked
    for (auto [u, v] : arcs_of(s.dag))
        EXPECT_FALSE(brute_is_shortcut(s.dag, skel_reach, u, v)) << g.name(u) << " -> " << g.name(v) << " kept";
    // removed = original arcs minus skeleton arcs, in increasing order.
    const Arcs before = arcs_of(g), after = arcs_of(s.dag);
    Arcs diff;
    std::set_difference(before.begin(), before.end(), after.begin(), after.end(), std::back_inserter(diff));
    EXPECT_EQ(s.removed, diff);
    EXPECT_TRUE(std::includes(before.begin(), before.end(), after.begin(), after.end()));
    for (auto [u, v] : s.removed) EXPECT_TRUE(brute_is_shortcut(g, reach, u, v));
    EXPECT_EQ(find_shortcuts(g), s.removed);
    EXPECT_TRUE(std::equal(g.levels().begin(), g.levels().end(), s.dag.levels().begin(), s.dag.levels().end()));
}

TEST(Shortcut, RemovesTheArcDuplicatingAPath) {
    const Dag g = from_arcs({{"a", "b"}, {"b", "c"}, {"a", "c"}});
    const auto s = remove_shortcuts(g);
    EXPECT_EQ(s.removed, (Arcs{arc(g, "a", "c")}));
    EXPECT_EQ(s.dag.arc_count(), 2u);
    EXPECT_EQ(s.dag.find("a"), g.find("a"));
    check_skeleton(g, s);
}

TEST(Shortcut, KeepsALongArcWithNoParallelPath) {
    // level(v) = 3 through s, but u -> v is the only path from u.
    const Dag g = from_arcs({{"s", "p"}, {"p", "q"}, {"q", "v"}, {"u", "v"}, {"u", "w"}});
    const auto s = remove_shortcuts(g);
    EXPECT_TRUE(s.removed.empty());
    EXPECT_EQ(s.dag.arc_count(), g.arc_count());
    check_skeleton(g, s);
}

TEST(Shortcut, ChainWithAllForwardArcsKeepsOnlyTheChain) {
    DagBuilder b;
    const NodeId n = 60;
    for (NodeId i = 0; i < n; ++i) b.add_node("c" + std::to_string(i));
    for (NodeId i = 0; i < n; ++i)
        for (NodeId j = i + 1; j < n; ++j) b.add_arc(i, j);
    const Dag g = b.build();
    const auto s = remove_shortcuts(g);
    EXPECT_EQ(s.dag.arc_count(), n - 1u);
    for (NodeId i = 0; i + 1 < n; ++i) EXPECT_EQ(s.dag.children(i).size(), 1u);
    EXPECT_EQ(s.removed.size(), g.arc_count() - (n - 1));
    check_skeleton(g, s);
}

TEST(Shortcut, ThePapersDagsHaveNoShortcuts) {
    for (const Dag& g : {reduction_mesh(9), out_mesh(7), fft(4), reduction_tree(5)}) {
        const auto s = remove_shortcuts(g);
        EXPECT_TRUE(s.removed.empty());
        EXPECT_EQ(arcs_of(s.dag), arcs_of(g));
    }
}

TEST(Shortcut, RvalueOverloadMovesWhenNothingIsRemoved) {
    Dag g = fft(3);
    const auto* children_data = g.out_targets().data();
    const auto s = remove_shortcuts(std::move(g));
    EXPECT_TRUE(s.removed.empty());
    EXPECT_EQ(s.dag.out_targets().data(), children_data);  // the storage moved, no copy
    Dag h = from_arcs({{"a", "b"}, {"b", "c"}, {"a", "c"}});
    const auto t = remove_shortcuts(std::move(h));
    EXPECT_EQ(t.removed.size(), 1u);
    EXPECT_EQ(t.dag.arc_count(), 2u);
}

TEST(Shortcut, SkeletonRefCopiesNothingWithoutShortcuts) {
    const Dag f = fft(3);
    const skeleton::SkeletonRef a(f);
    EXPECT_EQ(&a.dag(), &f);
    EXPECT_TRUE(a.removed().empty());
    const Dag g = from_arcs({{"a", "b"}, {"b", "c"}, {"a", "c"}});
    const skeleton::SkeletonRef b(g);
    EXPECT_NE(&b.dag(), &g);
    EXPECT_EQ(b.removed(), (Arcs{arc(g, "a", "c")}));
    check_skeleton(g, skeleton::Skeleton{b.dag(), b.removed()});
    const skeleton::SkeletonRef moved = std::move(b);  // owned dag moves along
    EXPECT_EQ(moved.dag().arc_count(), 2u);
}

TEST(Shortcut, EmptyAndArclessDags) {
    EXPECT_TRUE(remove_shortcuts(Dag{}).removed.empty());
    DagBuilder b;
    b.add_node("x");
    b.add_node("y");
    const auto s = remove_shortcuts(b.build());
    EXPECT_EQ(s.dag.node_count(), 2u);
    EXPECT_TRUE(s.removed.empty());
}

// Both strategies of find_shortcuts, run on every candidate directly
// (find_shortcuts picks one by estimated cost), and the search stopped by
// budgets of all sizes with the bitset method finishing the rest.
Arcs each_strategy(const Dag& g) {
    using namespace skeleton::detail;
    const std::vector<Arc> cand = candidate_arcs(g);
    const LevelOrder lo(g);
    std::vector<std::uint8_t> by_bits(cand.size(), 0), by_search(cand.size(), 0);
    bitset_shortcuts(g, lo, cand, &by_bits);
    EXPECT_EQ(search_shortcuts(g, cand, ~std::uint64_t{0}, by_search), cand.size());
    EXPECT_EQ(by_bits, by_search);
    for (std::uint64_t budget : {0, 1, 5, 40, 300}) {
        std::vector<std::uint8_t> mixed(cand.size(), 0);
        const std::size_t decided = search_shortcuts(g, cand, budget, mixed);
        EXPECT_TRUE(decided == cand.size() || decided == 0 || cand[decided].u != cand[decided - 1].u);
        std::vector<std::uint8_t> rest(cand.size() - decided, 0);
        bitset_shortcuts(g, lo, std::span<const Arc>(cand).subspan(decided), &rest);
        std::copy(rest.begin(), rest.end(), mixed.begin() + static_cast<std::ptrdiff_t>(decided));
        EXPECT_EQ(mixed, by_bits) << "budget " << budget;
    }
    // The search pruned by interval labels, whole and cut by budgets.
    const IntervalLabels labels(g);
    std::vector<std::uint8_t> by_labels(cand.size(), 0);
    EXPECT_EQ(search_shortcuts(g, cand, ~std::uint64_t{0}, by_labels, &labels), cand.size());
    EXPECT_EQ(by_labels, by_bits);
    for (std::uint64_t budget : {0, 3, 60}) {
        std::vector<std::uint8_t> mixed(cand.size(), 0);
        const std::size_t decided = search_shortcuts(g, cand, budget, mixed, &labels);
        std::vector<std::uint8_t> rest(cand.size() - decided, 0);
        bitset_shortcuts(g, lo, std::span<const Arc>(cand).subspan(decided), &rest);
        std::copy(rest.begin(), rest.end(), mixed.begin() + static_cast<std::ptrdiff_t>(decided));
        EXPECT_EQ(mixed, by_bits) << "labelled, budget " << budget;
    }
    Arcs out;
    for (std::size_t i = 0; i < cand.size(); ++i)
        if (by_bits[i]) out.emplace_back(cand[i].u, cand[i].v);
    return out;
}

// The shortcuts by definition: arcs u -> v with another child of u reaching v.
Arcs brute_shortcuts(const Dag& g) {
    const auto reach = closure(g);
    Arcs out;
    for (auto [u, v] : arcs_of(g))
        if (brute_is_shortcut(g, reach, u, v)) out.emplace_back(u, v);
    return out;
}

// Sparse Erdős–Rényi: `arcs` random pairs (i < j in a random order of the nodes).
Dag sparse_er(std::uint32_t n, std::uint64_t arcs, std::uint64_t seed) {
    SplitMix64 rng(seed);
    const std::vector<NodeId> perm = shuffled_ids(n, rng);
    DagBuilder b;
    for (NodeId i = 0; i < n; ++i) b.add_node("e" + std::to_string(i));
    for (std::uint64_t k = 0; k < arcs; ++k) {
        const auto x = static_cast<NodeId>(rng.below(n)), y = static_cast<NodeId>(rng.below(n));
        if (x != y) b.add_arc(perm[std::min(x, y)], perm[std::max(x, y)]);
    }
    b.merge_duplicate_arcs();
    return std::move(b).build();
}

// Random layered: every node of layer j > 0 gets `in` parents, most from
// layer j - 1, some from further down (those arcs may be shortcuts).
Dag layered(std::uint32_t layers, std::uint32_t width, std::uint32_t in, std::uint64_t seed) {
    SplitMix64 rng(seed);
    DagBuilder b;
    for (std::uint32_t j = 0; j < layers; ++j)
        for (std::uint32_t i = 0; i < width; ++i) b.add_node("l" + std::to_string(j) + "_" + std::to_string(i));
    for (std::uint32_t j = 1; j < layers; ++j)
        for (std::uint32_t i = 0; i < width; ++i)
            for (std::uint32_t k = 0; k < in; ++k) {
                const std::uint32_t back = rng.below(4) == 0 ? 1 + static_cast<std::uint32_t>(rng.below(j)) : 1;
                b.add_arc((j - back) * width + static_cast<std::uint32_t>(rng.below(width)), j * width + i);
            }
    b.merge_duplicate_arcs();
    return std::move(b).build();
}

// The property test: 600 seeded random dags, 1..40 nodes, sparse to complete.
TEST(Shortcut, RandomDagsMatchBruteForce) {
    const double ps[] = {0.03, 0.08, 0.15, 0.25, 0.4, 0.6, 0.85, 1.0};
    std::size_t removed = 0, arcs = 0;
    for (std::uint64_t seed = 0; seed < 600; ++seed) {
        const auto n = static_cast<std::uint32_t>(1 + seed % 40);
        const Dag g = random_dag(n, ps[seed % 8], seed);
        const auto s = remove_shortcuts(g);
        SCOPED_TRACE("seed " + std::to_string(seed));
        check_skeleton(g, s);
        EXPECT_EQ(each_strategy(g), s.removed);
        removed += s.removed.size();
        arcs += g.arc_count();
        if (HasFatalFailure()) return;
    }
    RecordProperty("arcs", static_cast<int>(arcs));
    RecordProperty("removed", static_cast<int>(removed));
    EXPECT_GT(removed, arcs / 3);  // the sweep really exercises removal
}

// Dense dags of 2,000 nodes (several groups of 512 targets): checked against
// a full bitset closure, and timed.
void check_dense(std::uint32_t n, double p, std::uint64_t seed) {
    const Dag g = random_dag(n, p, seed);
    const auto t0 = std::chrono::steady_clock::now();
    const auto removed = find_shortcuts(g);
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    ::testing::Test::RecordProperty("n" + std::to_string(n) + "_p" + std::to_string(p) + "_ms", static_cast<int>(secs * 1000));

    // reach[v] = bitset of strict descendants, reverse topological order.
    const std::size_t W = (n + 63) / 64;
    std::vector<std::uint64_t> reach(std::size_t{n} * W, 0);
    const auto topo = g.topological_order();
    for (auto it = topo.rbegin(); it != topo.rend(); ++it)
        for (NodeId c : g.children(*it)) {
            reach[*it * W + c / 64] |= std::uint64_t{1} << (c % 64);
            for (std::size_t k = 0; k < W; ++k) reach[*it * W + k] |= reach[c * W + k];
        }
    Arcs expect;
    std::vector<std::uint64_t> two(W);
    for (NodeId u = 0; u < n; ++u) {
        std::fill(two.begin(), two.end(), 0);  // nodes at distance >= 2
        for (NodeId w : g.children(u))
            for (std::size_t k = 0; k < W; ++k) two[k] |= reach[w * W + k];
        for (NodeId v : g.children(u))
            if ((two[v / 64] >> (v % 64)) & 1u) expect.emplace_back(u, v);
    }
    EXPECT_EQ(removed, expect);
}

// Large sparse dags, where find_shortcuts prefers the search: both
// strategies agree, and the search's estimate decides as designed.
TEST(Shortcut, LargeSparseDagsAgreeAcrossStrategies) {
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
        const Dag g = random_dag(3000, 0.0015 * static_cast<double>(seed), seed);
        EXPECT_EQ(each_strategy(g), find_shortcuts(g));
    }
    // A sparse random dag (40,000 nodes, 48,000 random forward arcs, 12
    // levels): the bitset method is estimated at ~2.9M units, the search at
    // ~65K, so find_shortcuts takes the search path.
    SplitMix64 rng(99);
    DagBuilder b;
    const NodeId n = 40000;
    for (NodeId i = 0; i < n; ++i) b.add_node("s" + std::to_string(i));
    for (NodeId k = 0; k < 48000; ++k) {
        const auto x = static_cast<NodeId>(rng.below(n)), y = static_cast<NodeId>(rng.below(n));
        if (x != y) b.add_arc(std::min(x, y), std::max(x, y));
    }
    const Dag g = b.build();
    {  // find_shortcuts will take the search path here
        using namespace skeleton::detail;
        std::vector<Arc> cand = candidate_arcs(g);
        const std::uint64_t limit = search_limit(g, LevelOrder(g), cand);
        EXPECT_GT(limit, 0u);
        EXPECT_LE(search_estimate(g, cand, kSampleStride, limit), limit);
        // ... and the bitset path on a dense dag.
        const Dag dense = random_dag(400, 0.5, 3);
        cand = candidate_arcs(dense);
        const std::uint64_t dense_limit = search_limit(dense, LevelOrder(dense), cand);
        EXPECT_GT(dense_limit, 0u);
        EXPECT_GT(search_estimate(dense, cand, kSampleStride, dense_limit), dense_limit);
    }
    const auto t0 = std::chrono::steady_clock::now();
    const auto removed = find_shortcuts(g);
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    ::testing::Test::RecordProperty("sparse30000_ms", static_cast<int>(secs * 1000));
    EXPECT_EQ(each_strategy(g), removed);
}

// Interval labels (GRAIL) are sound: every pair joined by a path passes
// may_reach, on 200 random dags; and they do refute (most unrelated pairs).
TEST(Shortcut, IntervalLabelsNeverRefuteAPath) {
    const double ps[] = {0.05, 0.1, 0.2, 0.4, 0.8};
    std::size_t unrelated = 0, refuted = 0;
    for (std::uint64_t seed = 0; seed < 200; ++seed) {
        const auto n = static_cast<std::uint32_t>(1 + seed % 60);
        const Dag g = random_dag(n, ps[seed % 5], seed);
        const auto reach = closure(g);
        const skeleton::detail::IntervalLabels labels(g);
        for (NodeId x = 0; x < n; ++x) {
            for (NodeId y = 0; y < n; ++y) {
                if (reach[x][y]) {
                    ASSERT_TRUE(labels.may_reach(x, y)) << "seed " << seed << ": " << x << " ~> " << y;
                } else if (x != y) {
                    ++unrelated;
                    refuted += labels.may_reach(x, y) ? 0 : 1;
                }
            }
        }
    }
    EXPECT_GT(refuted, unrelated / 2);
}

// The shapes issue 18 measured, small enough for brute force: Erdős–Rényi
// with 4 and 8 arcs per node, random layered dags whose arcs skip layers,
// dense random dags. The plain and the label-pruned searches (also cut by
// budgets and finished by the bitset method), the bitset method,
// find_shortcuts and the definition all give the same removed arcs.
TEST(Shortcut, RandomShapesAgreeAcrossStrategiesAndBruteForce) {
    std::size_t removed = 0, candidates = 0;
    for (std::uint64_t seed = 0; seed < 90; ++seed) {
        Dag g;
        const auto n = static_cast<std::uint32_t>(30 + 37 * (seed % 11));  // 30 .. 400 nodes
        switch (seed % 5) {
            case 0: g = sparse_er(n, 4ull * n, seed); break;
            case 1: g = sparse_er(n, 8ull * n, seed); break;
            case 2: g = layered(2 + static_cast<std::uint32_t>(seed % 13), 3 + n / 20, 3, seed); break;
            case 3: g = layered(20, 4, 2, seed); break;
            default: g = random_dag(n / 2, 0.3, seed); break;
        }
        SCOPED_TRACE("seed " + std::to_string(seed));
        const Arcs brute = brute_shortcuts(g);
        EXPECT_EQ(each_strategy(g), brute);
        EXPECT_EQ(find_shortcuts(g), brute);
        removed += brute.size();
        candidates += skeleton::detail::candidate_arcs(g).size();
        if (HasFatalFailure()) return;
    }
    EXPECT_GT(removed, candidates / 10);                // shortcuts do occur
    EXPECT_GT(candidates - removed, candidates / 10);  // and so do candidates that are none
}

// Larger ones: labels_pay says yes on an Erdős–Rényi dag of 20,000 nodes
// (4 arcs per node), where the labels cut the estimated search, but no on a
// dense dag (almost every candidate a shortcut, nothing to refute); every
// strategy agrees on Erdős–Rényi dags of 3,000 and 6,000 nodes (4 and 8 arcs
// per node) and on a random layered one.
TEST(Shortcut, LargeRandomDagsUseTheLabels) {
    using namespace skeleton::detail;
    const Dag er = sparse_er(20000, 80000, 11);
    {
        const std::vector<Arc> cand = candidate_arcs(er);
        const std::uint64_t limit = search_limit(er, LevelOrder(er), cand);
        ASSERT_GT(limit, 0u);
        const SearchSample plain = search_sample(er, cand, kSampleStride, limit * kLabelGain);
        EXPECT_GT(plain.candidates, 10 * plain.shortcuts);
        EXPECT_TRUE(labels_pay(er, plain));
        const IntervalLabels labels(er);
        EXPECT_LT(search_estimate(er, cand, kSampleStride, limit, &labels), plain.estimate);
    }
    {
        const Dag dense = random_dag(400, 0.5, 3);
        const std::vector<Arc> cand = candidate_arcs(dense);
        const SearchSample plain = search_sample(dense, cand, kSampleStride, ~std::uint64_t{0} / 2);
        EXPECT_LT(plain.candidates, 2 * plain.shortcuts);
        EXPECT_FALSE(labels_pay(dense, plain));
    }
    for (std::uint64_t seed = 1; seed <= 2; ++seed) {
        const Dag g = sparse_er(3000 * static_cast<std::uint32_t>(seed), 3000 * seed * 4 * seed, seed);
        EXPECT_EQ(each_strategy(g), find_shortcuts(g));
    }
    const Dag lay = layered(12, 500, 4, 5);
    EXPECT_EQ(each_strategy(lay), find_shortcuts(lay));
}

TEST(Shortcut, Dense2000NodesSparse) { check_dense(2000, 0.01, 7); }
TEST(Shortcut, Dense2000NodesHalf) { check_dense(2000, 0.5, 8); }
TEST(Shortcut, Dense2000NodesComplete) { check_dense(2000, 1.0, 9); }

}  // namespace
}  // namespace ics::structure_test
