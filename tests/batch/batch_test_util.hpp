// Instances and the brute-force oracle of the batch tests.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "../core/test_util.hpp"
#include "batch/batch.hpp"
#include "batch_gen.hpp"

namespace ics::test {

struct Instance {
    Dag dag;
    std::vector<NodeId> executed;
};

// ELIGIBLE tasks: unexecuted, every parent executed.
inline std::vector<NodeId> eligible_set(const Dag& g, const std::vector<NodeId>& executed) {
    std::vector<std::uint8_t> done(g.node_count(), 0);
    for (NodeId v : executed) done[v] = 1;
    std::vector<NodeId> e;
    for (NodeId v = 0; v < g.node_count(); ++v) {
        if (done[v]) continue;
        const auto ps = g.parents(v);
        if (std::all_of(ps.begin(), ps.end(), [&](NodeId p) { return done[p] != 0; })) e.push_back(v);
    }
    return e;
}

// A random down-set: walk a topological order, keep a task with probability q
// when all its parents were kept.
inline std::vector<NodeId> random_downset(const Dag& g, double q, SplitMix64& rng) {
    std::vector<std::uint8_t> in(g.node_count(), 0);
    std::vector<NodeId> x;
    for (NodeId v : g.topological_order()) {
        const auto ps = g.parents(v);
        if (std::all_of(ps.begin(), ps.end(), [&](NodeId p) { return in[p] != 0; }) && rng.uniform() < q) {
            in[v] = 1;
            x.push_back(v);
        }
    }
    return x;
}

// The best eligible_after over all r-subsets of E, straight from the definition.
inline std::uint64_t brute_force(const Dag& g, const std::vector<NodeId>& executed, std::uint32_t r) {
    const std::vector<NodeId> e = eligible_set(g, executed);
    std::vector<std::uint8_t> pick(e.size(), 0);
    std::fill(pick.begin(), pick.begin() + r, 1);
    std::uint64_t best = 0;
    std::vector<NodeId> batch;
    do {
        batch.clear();
        for (std::size_t i = 0; i < e.size(); ++i)
            if (pick[i]) batch.push_back(e[i]);
        best = std::max(best, batch::eligible_after(g, executed, batch));
    } while (std::prev_permutation(pick.begin(), pick.end()));
    return best;
}

// C(n, k) capped at `cap`.
inline std::uint64_t choose(std::uint64_t n, std::uint64_t k, std::uint64_t cap) {
    k = std::min(k, n - k);
    std::uint64_t c = 1;
    for (std::uint64_t i = 1; i <= k; ++i) {
        c = c * (n - k + i) / i;
        if (c > cap) return cap + 1;
    }
    return c;
}

// The answer is a valid batch and its counts are right.
inline void expect_consistent(const Dag& g, const std::vector<NodeId>& executed, std::uint32_t r,
                              const batch::Selection& s) {
    const std::vector<NodeId> e = eligible_set(g, executed);
    ASSERT_EQ(s.selected.size(), r);
    EXPECT_TRUE(std::is_sorted(s.selected.begin(), s.selected.end()));
    EXPECT_EQ(std::adjacent_find(s.selected.begin(), s.selected.end()), s.selected.end());
    for (NodeId v : s.selected) EXPECT_TRUE(std::binary_search(e.begin(), e.end(), v)) << g.name(v);
    EXPECT_EQ(s.eligible_before, e.size());
    EXPECT_EQ(s.eligible_after, batch::eligible_after(g, executed, s.selected));
    EXPECT_EQ(s.eligible_after, s.eligible_before - r + s.newly_eligible);
    EXPECT_GE(s.bound_after, s.eligible_after);
    EXPECT_EQ(s.optimal, s.bound_after == s.eligible_after);
    EXPECT_FALSE(s.guarantee.empty());
}

}  // namespace ics::test
