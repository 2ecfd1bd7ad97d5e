// lib/exact against a deliberately dumb oracle: every permutation of a dag of
// <= 8 nodes, the valid ones played with pebble::evaluate.
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <vector>

#include "exact/downset_search.hpp"
#include "exact/oracle.hpp"
#include "exact_test_util.hpp"
#include "pebble/pebble.hpp"

namespace ics::exact_test {
namespace {

using Profile = std::vector<std::uint32_t>;

// What brute force over all n! permutations says about a dag.
struct Brute {
    Profile max_profile;            // per-step maxima of E(t) over valid orders
    bool ico = false;               // some valid order attains them at every step
    Profile lexmax;                 // lexicographically largest E(0..n)
    std::uint32_t first_unreachable = 0;  // !ico: max over orders of the first t with E(t) < M(t)
    std::vector<std::vector<NodeId>> ico_orders;
    std::vector<NodeId> worse_order;  // a valid order missing M at some step, if any
};

Brute brute_force(const Dag& g) {
    const NodeId n = g.node_count();
    std::vector<std::pair<NodeId, NodeId>> arcs;
    for (NodeId v = 0; v < n; ++v)
        for (NodeId c : g.children(v)) arcs.emplace_back(v, c);
    std::vector<NodeId> perm(n), pos(n);
    std::iota(perm.begin(), perm.end(), 0);
    std::vector<std::pair<Profile, std::vector<NodeId>>> plays;
    do {
        for (NodeId i = 0; i < n; ++i) pos[perm[i]] = i;
        if (std::all_of(arcs.begin(), arcs.end(), [&](auto a) { return pos[a.first] < pos[a.second]; }))
            plays.emplace_back(pebble::evaluate(g, perm).eligible, perm);
    } while (std::next_permutation(perm.begin(), perm.end()));
    Brute b;
    b.max_profile.assign(n + 1, 0);
    for (const auto& [e, order] : plays) {
        for (NodeId t = 0; t <= n; ++t) b.max_profile[t] = std::max(b.max_profile[t], e[t]);
        b.lexmax = std::max(b.lexmax, e);
    }
    for (const auto& [e, order] : plays) {
        const auto t = static_cast<std::uint32_t>(std::mismatch(e.begin(), e.end(), b.max_profile.begin()).first - e.begin());
        if (t == n + 1) {
            b.ico = true;
            b.ico_orders.push_back(order);
        } else {
            b.first_unreachable = std::max(b.first_unreachable, t);
            if (b.worse_order.empty()) b.worse_order = order;
        }
    }
    if (b.ico) b.first_unreachable = 0;
    return b;
}

// Down-sets by testing all 2^n subsets.
std::uint64_t count_downsets(const Dag& g) {
    std::uint64_t count = 0;
    for (std::uint64_t s = 0; s < (std::uint64_t{1} << g.node_count()); ++s) {
        bool closed = true;
        for (NodeId v = 0; v < g.node_count() && closed; ++v)
            if ((s >> v) & 1)
                for (NodeId p : g.parents(v)) closed = closed && ((s >> p) & 1);
        count += closed ? 1 : 0;
    }
    return count;
}

// The i-th of the seeded small dags: 1..8 nodes (mostly 6..8, since no dag
// of fewer than 6 nodes lacks an ICO schedule); a quarter fully random, a
// quarter leveled, half sums of bipartite blocks (where IC optimality fails
// most; complete blocks for a quarter).
Dag small_dag(std::uint64_t i) {
    SplitMix64 rng(0xE1AC7 + i);
    const auto n = static_cast<std::uint32_t>(rng.below(4) == 0 ? 1 + rng.below(8) : 6 + rng.below(3));
    const auto blocks = static_cast<std::uint32_t>(2 + rng.below(2));
    switch (i % 4) {
        case 0: return random_dag(n, 0.05 + 0.65 * rng.uniform(), rng.next());
        case 1: return leveled_dag(n, static_cast<std::uint32_t>(2 + rng.below(2)), 0.3 + 0.6 * rng.uniform(), rng.next());
        case 2: return sum_of_bipartite(n, blocks, 1.0, rng.next());
        default: return sum_of_bipartite(n, blocks, 0.6 + 0.4 * rng.uniform(), rng.next());
    }
}

constexpr std::uint64_t kSmallDags = 3000;

// The seeded small dags with their brute-force verdicts, computed once.
struct SmallCase {
    Dag dag;
    Brute brute;
};

const std::vector<SmallCase>& small_cases() {
    static const std::vector<SmallCase> cases = [] {
        std::vector<SmallCase> v;
        for (std::uint64_t i = 0; i < kSmallDags; ++i) {
            Dag g = small_dag(i);
            Brute b = brute_force(g);
            v.push_back({std::move(g), std::move(b)});
        }
        return v;
    }();
    return cases;
}

TEST(Oracle, ProfileMatchesAllPermutations) {
    std::uint64_t with_ico = 0;
    for (std::uint64_t i = 0; i < kSmallDags; ++i) {
        const Dag& g = small_cases()[i].dag;
        const Brute& b = small_cases()[i].brute;
        const exact::DownsetProfile p = exact::downset_profile(g);
        ASSERT_EQ(p.max_profile, b.max_profile) << "dag #" << i;
        ASSERT_EQ(exact::max_eligible_profile(g), b.max_profile) << "dag #" << i;
        ASSERT_EQ(p.downset_count, count_downsets(g)) << "dag #" << i;
        with_ico += b.ico ? 1 : 0;
        // is_ic_optimal agrees with brute force on orders attaining M and on one that does not.
        for (std::size_t k = 0; k < std::min<std::size_t>(b.ico_orders.size(), 3); ++k)
            ASSERT_TRUE(exact::is_ic_optimal(g, b.ico_orders[k])) << "dag #" << i;
        if (!b.worse_order.empty()) {
            ASSERT_FALSE(exact::is_ic_optimal(g, b.worse_order)) << "dag #" << i;
        }
    }
    EXPECT_GT(with_ico, kSmallDags / 4);
    EXPECT_LT(with_ico, kSmallDags);  // the sample must contain dags with no ICO schedule
}

TEST(ExactSchedule, DecidesLikeAllPermutations) {
    std::uint64_t without_ico = 0;
    for (std::uint64_t i = 0; i < kSmallDags; ++i) {
        const Dag& g = small_cases()[i].dag;
        const Brute& b = small_cases()[i].brute;
        const exact::ExactResult r = exact::exact_schedule(g);
        ASSERT_EQ(r.max_profile, b.max_profile) << "dag #" << i;
        ASSERT_EQ(r.ico, b.ico) << "dag #" << i;
        ASSERT_EQ(r.first_unreachable_step, b.first_unreachable) << "dag #" << i;
        ASSERT_EQ(r.downsets_visited, count_downsets(g)) << "dag #" << i;
        const Profile e = pebble::evaluate(g, r.order).eligible;  // throws on an invalid order
        if (r.ico) {
            ASSERT_EQ(e, b.max_profile) << "dag #" << i;
            ASSERT_TRUE(exact::is_ic_optimal(g, r.order, r.max_profile)) << "dag #" << i;
        } else {
            ++without_ico;
            ASSERT_EQ(e, b.lexmax) << "dag #" << i;  // the documented best-effort order
            ASSERT_FALSE(exact::is_ic_optimal(g, r.order)) << "dag #" << i;
        }
    }
    std::cout << "[ info ] " << without_ico << " of " << kSmallDags << " small dags admit no ICO schedule\n";
    EXPECT_GT(without_ico, 60u);
}

// The same small dags, hidden behind a long chain that needs 2..16 words per
// node set: D then the chain (every sink of D a parent of its head), the chain
// numbered first so that D's nodes sit in the high words.
TEST(ExactSchedule, WideNodeSetsAgreeWithOneWord) {
    const std::uint32_t lengths[] = {60, 120, 250, 500, 1000};
    for (std::uint64_t i = 0; i < 200; ++i) {
        const Dag d = small_dag(i);
        const NodeId k = d.node_count();
        const std::uint32_t len = lengths[i % 5];
        DagBuilder b = nodes(len, "c");
        for (NodeId v = 0; v < k; ++v) b.add_node("v" + std::to_string(v));
        for (NodeId j = 1; j < len; ++j) b.add_arc(j - 1, j);
        for (NodeId v = 0; v < k; ++v) {
            for (NodeId c : d.children(v)) b.add_arc(len + v, len + c);
            if (d.is_sink(v)) b.add_arc(len + v, 0);
        }
        const Dag g = b.build();
        const exact::ExactResult small = exact::exact_schedule(d);
        const exact::ExactResult big = exact::exact_schedule(g);
        Profile expected(small.max_profile.begin(), small.max_profile.end() - 1);
        expected.resize(g.node_count(), 1);
        expected.push_back(0);
        ASSERT_EQ(big.max_profile, expected) << "dag #" << i;
        ASSERT_EQ(big.ico, small.ico) << "dag #" << i;
        ASSERT_EQ(big.first_unreachable_step, small.first_unreachable_step) << "dag #" << i;
        ASSERT_EQ(big.downsets_visited, small.downsets_visited + len) << "dag #" << i;
        for (NodeId t = 0; t < k; ++t) ASSERT_EQ(big.order[t], small.order[t] + len) << "dag #" << i;
    }
}

TEST(Oracle, HandExamples) {
    // Antichain: every order is ICO, E(t) = n - t.
    EXPECT_EQ(exact::max_eligible_profile(antichain(4)), (Profile{4, 3, 2, 1, 0}));
    // Chain: one eligible node until the end.
    EXPECT_EQ(exact::max_eligible_profile(chain(3)), (Profile{1, 1, 1, 0}));
    // The empty dag and a single node.
    EXPECT_EQ(exact::max_eligible_profile(Dag{}), (Profile{0}));
    EXPECT_EQ(exact::max_eligible_profile(antichain(1)), (Profile{1, 0}));
    // Diamond a -> b, c -> d.
    const Dag diamond = from_arcs({{"a", "b"}, {"a", "c"}, {"b", "d"}, {"c", "d"}});
    EXPECT_EQ(exact::max_eligible_profile(diamond), (Profile{1, 2, 1, 1, 0}));
    const NodeId order[] = {0, 1, 2, 3};
    EXPECT_TRUE(exact::is_ic_optimal(diamond, order));
    // A vee a -> c <- b beside a lone arc x -> y: x must go first.
    const Dag vee = from_arcs({{"a", "c"}, {"b", "c"}, {"x", "y"}});
    // Ids: a 0, c 1, b 2, x 3, y 4.
    EXPECT_EQ(exact::max_eligible_profile(vee), (Profile{3, 3, 2, 2, 1, 0}));
    const NodeId bad[] = {0, 2, 3, 1, 4};  // a, b, x, c, y: E = 3, 2, 2, 2, 1, 0
    const NodeId good[] = {3, 0, 2, 1, 4};  // x, a, b, c, y
    EXPECT_TRUE(exact::is_ic_optimal(vee, good));
    EXPECT_FALSE(exact::is_ic_optimal(vee, bad));
}

TEST(Oracle, Errors) {
    const Dag diamond = from_arcs({{"a", "b"}, {"a", "c"}, {"b", "d"}, {"c", "d"}});
    // Six down-sets: {}, a, ab, ac, abc, abcd.
    EXPECT_EQ(exact::downset_profile(diamond, 6).downset_count, 6u);
    expect_error([&] { exact::max_eligible_profile(diamond, 5); }, Errc::too_large, "budget of 5 down-sets");
    // Wide: rejected before any enumeration.
    expect_error([&] { exact::max_eligible_profile(antichain(23)); }, Errc::too_large, "budget of 4194304");
    expect_error([&] { exact::max_eligible_profile(antichain(64), ~std::uint64_t{0}); }, Errc::too_large,
                 "antichain of 64");
    // Too many nodes even for a chain.
    expect_error([&] { exact::max_eligible_profile(chain(1025)); }, Errc::too_large, "1024");
    EXPECT_EQ(exact::max_eligible_profile(chain(1024)).size(), 1025u);
    // Orders.
    const NodeId wrong[] = {1, 0, 2, 3};
    expect_error([&] { exact::is_ic_optimal(diamond, wrong); }, Errc::invalid_order, "before its parent");
    const NodeId ok[] = {0, 1, 2, 3};
    const std::uint32_t short_profile[] = {1, 2};
    expect_error([&] { exact::is_ic_optimal(diamond, ok, std::span<const std::uint32_t>(short_profile)); },
                 Errc::invalid_argument, "expected 5");
}

}  // namespace
}  // namespace ics::exact_test
