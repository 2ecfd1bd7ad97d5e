// exact_schedule on 9..14-node dags against an independent dynamic program
// over all 2^n subsets; the paper's examples; timings of the worst cases.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <chrono>
#include <iostream>
#include <vector>

#include "exact/downset_search.hpp"
#include "exact/oracle.hpp"
#include "exact_test_util.hpp"
#include "pebble/pebble.hpp"

namespace ics::exact_test {
namespace {

using Profile = std::vector<std::uint32_t>;

// Everything by brute force over the 2^n subsets S of the nodes (n <= 16).
struct SubsetDp {
    Profile max_profile;
    bool ico = false;
    std::uint32_t first_unreachable = 0;
    Profile lexmax;  // !ico only
};

SubsetDp subset_dp(const Dag& g) {
    const NodeId n = g.node_count();
    const std::uint32_t full = (1u << n) - 1;
    std::vector<std::uint32_t> pmask(n, 0);
    for (NodeId v = 0; v < n; ++v)
        for (NodeId p : g.parents(v)) pmask[v] |= 1u << p;
    std::vector<std::uint8_t> down(full + 1u, 0), elig(full + 1u, 0), reach(full + 1u, 0);
    SubsetDp r;
    r.max_profile.assign(n + 1, 0);
    for (std::uint32_t s = 0; s <= full; ++s) {
        bool closed = true;
        std::uint8_t e = 0;
        for (NodeId v = 0; v < n; ++v) {
            const bool in = (s >> v) & 1, ready = (pmask[v] & ~s) == 0;
            closed = closed && (!in || ready);
            e += (!in && ready) ? 1 : 0;
        }
        down[s] = closed;
        elig[s] = e;
        if (closed) r.max_profile[std::popcount(s)] = std::max<std::uint32_t>(r.max_profile[std::popcount(s)], e);
    }
    // reach[S]: a chain of maximal down-sets ends at S (subsets come before supersets).
    std::vector<std::uint8_t> size_reached(n + 1, 0);
    for (std::uint32_t s = 0; s <= full; ++s) {
        if (!down[s] || elig[s] != r.max_profile[std::popcount(s)]) continue;
        bool ok = s == 0;
        for (NodeId v = 0; v < n && !ok; ++v) ok = ((s >> v) & 1) && reach[s & ~(1u << v)];
        reach[s] = ok;
        if (ok) size_reached[std::popcount(s)] = 1;
    }
    r.ico = reach[full];
    if (r.ico) return r;
    r.first_unreachable = static_cast<std::uint32_t>(std::find(size_reached.begin(), size_reached.end(), 0) - size_reached.begin());
    // lex[S]: the lexicographically largest E(0..|S|) over schedules whose executed set reaches S.
    std::vector<Profile> lex(full + 1u);
    for (std::uint32_t s = 0; s <= full; ++s) {
        if (!down[s]) continue;
        for (NodeId v = 0; v < n; ++v)
            if (((s >> v) & 1) && down[s & ~(1u << v)]) lex[s] = std::max(lex[s], lex[s & ~(1u << v)]);
        lex[s].push_back(elig[s]);
    }
    r.lexmax = lex[full];
    return r;
}

TEST(ExactSchedule, MediumDagsAgreeWithSubsetDp) {
    std::uint32_t with_ico = 0, total = 0;
    for (std::uint64_t i = 0; i < 600; ++i) {
        SplitMix64 rng(0x5EED + i);
        const auto n = static_cast<std::uint32_t>(9 + i % 6);
        const Dag g = i % 3 == 0   ? random_dag(n, 0.05 + 0.5 * rng.uniform(), rng.next())
                      : i % 3 == 1 ? leveled_dag(n, static_cast<std::uint32_t>(2 + rng.below(3)), 0.2 + 0.6 * rng.uniform(), rng.next())
                                   : sum_of_bipartite(n, static_cast<std::uint32_t>(2 + rng.below(3)), 0.6 + 0.4 * rng.uniform(), rng.next());
        const SubsetDp dp = subset_dp(g);
        const exact::ExactResult r = exact::exact_schedule(g);
        ++total;
        ASSERT_EQ(r.max_profile, dp.max_profile) << "dag #" << i;
        ASSERT_EQ(r.max_profile, exact::max_eligible_profile(g)) << "dag #" << i;
        ASSERT_EQ(r.ico, dp.ico) << "dag #" << i;
        ASSERT_EQ(r.first_unreachable_step, dp.first_unreachable) << "dag #" << i;
        const Profile e = pebble::evaluate(g, r.order).eligible;  // validates the order
        if (r.ico) {
            ++with_ico;
            ASSERT_EQ(e, r.max_profile) << "dag #" << i;
        } else {
            ASSERT_EQ(e, dp.lexmax) << "dag #" << i;
        }
    }
    std::cout << "[ info ] " << with_ico << " of " << total << " medium dags admit an ICO schedule\n";
    EXPECT_GT(with_ico, 50u);
    EXPECT_LT(with_ico, total - 50);
}

// sweep-algorithm.txt Fig. 5(a) / Table 2(center): G3(L) has nonsource
// profile 0, 1 and G3(R) 0, 0, 2; their sum admits no ICO schedule.
TEST(ExactSchedule, SweepPaperG3HasNoIcoSchedule) {
    const Dag left = from_arcs({{"s", "x"}});
    const Dag right = from_arcs({{"a", "c"}, {"a", "d"}, {"b", "c"}, {"b", "d"}});
    // E(t) counts sources too: remove the unexecuted ones to get the paper's tables.
    EXPECT_EQ(exact::max_eligible_profile(left), (Profile{1, 1, 0}));         // 0, 1 + sources 1, 0
    EXPECT_EQ(exact::max_eligible_profile(right), (Profile{2, 1, 2, 1, 0}));  // 0, 0, 2 + sources 2, 1, 0
    EXPECT_TRUE(exact::exact_schedule(left).ico);
    EXPECT_TRUE(exact::exact_schedule(right).ico);

    const Dag g3 = from_arcs({{"s", "x"}, {"a", "c"}, {"a", "d"}, {"b", "c"}, {"b", "d"}});
    const exact::ExactResult r = exact::exact_schedule(g3);
    EXPECT_FALSE(r.ico);
    EXPECT_EQ(r.max_profile, (Profile{3, 3, 3, 3, 2, 1, 0}));
    // Step 1 needs s (E = 3), step 2 needs {a, b} (E = 3): no chain.
    EXPECT_EQ(r.first_unreachable_step, 2u);
    // Lexicographically best: s, a, b (3, 3, 2, 3, ...).
    EXPECT_EQ(pebble::evaluate(g3, r.order).eligible, (Profile{3, 3, 2, 3, 2, 1, 0}));
    EXPECT_EQ(r.downsets_visited, 3u * 7u);  // {s,x} gives 3 down-sets, K(2,2) gives 7
}

// Table 2(right): G4(L) nonsource profile 0, 0, 1, 2; G4(R) 0, 0, 0, 1, 3.
TEST(ExactSchedule, SweepPaperG4BoxesHaveNoIcoSchedule) {
    const Dag g4 = from_arcs({{"p", "u"}, {"q", "u"}, {"p", "w"}, {"q", "w"}, {"r", "w"},
                              {"a", "e"}, {"b", "e"}, {"c", "e"},
                              {"a", "f"}, {"b", "f"}, {"c", "f"}, {"d", "f"},
                              {"a", "g"}, {"b", "g"}, {"c", "g"}, {"d", "g"}});
    const exact::ExactResult r = exact::exact_schedule(g4);
    EXPECT_FALSE(r.ico);
    EXPECT_EQ(r.first_unreachable_step, 4u);  // (3, 0) is best at t = 3, only (0, 4) at t = 4
    EXPECT_EQ(r.max_profile, subset_dp(g4).max_profile);
}

TEST(ExactSchedule, DiamondAndTrivialDags) {
    const Dag diamond = from_arcs({{"a", "b"}, {"a", "c"}, {"b", "d"}, {"c", "d"}});
    const exact::ExactResult r = exact::exact_schedule(diamond);
    EXPECT_TRUE(r.ico);
    EXPECT_EQ(r.order, (std::vector<NodeId>{0, 1, 2, 3}));
    EXPECT_EQ(r.first_unreachable_step, 0u);
    EXPECT_EQ(r.downsets_visited, 6u);

    const exact::ExactResult empty = exact::exact_schedule(Dag{});
    EXPECT_TRUE(empty.ico);
    EXPECT_TRUE(empty.order.empty());
    EXPECT_EQ(empty.max_profile, (Profile{0}));
    EXPECT_EQ(empty.downsets_visited, 1u);

    const exact::ExactResult one = exact::exact_schedule(antichain(1));
    EXPECT_TRUE(one.ico);
    EXPECT_EQ(one.order, (std::vector<NodeId>{0}));
}

TEST(ExactSchedule, BudgetExceeded) {
    const Dag diamond = from_arcs({{"a", "b"}, {"a", "c"}, {"b", "d"}, {"c", "d"}});
    EXPECT_TRUE(exact::exact_schedule(diamond, 6).ico);
    expect_error([&] { exact::exact_schedule(diamond, 5); }, Errc::too_large, "budget of 5 down-sets");
    expect_error([&] { exact::exact_schedule(antichain(21), std::uint64_t{1} << 20); }, Errc::too_large,
                 "budget of 1048576 down-sets");
    // Narrow but long: 8 layers of 4 in a chain of antichains with random arcs.
    const Dag narrow = chain_of_antichains(std::vector<std::uint32_t>(8, 4), false, 3);
    const std::uint64_t count = exact::downset_profile(narrow).downset_count;
    EXPECT_NO_THROW(exact::exact_schedule(narrow, count));
    expect_error([&] { exact::exact_schedule(narrow, count - 1); }, Errc::too_large, "down-sets");
}

double ms_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

void expect_sound(const Dag& g, const exact::ExactResult& r) {
    pebble::validate_order(g, r.order);
    EXPECT_EQ(r.ico, exact::is_ic_optimal(g, r.order, r.max_profile));
}

TEST(ExactScheduleTiming, Antichain20) {
    const Dag g = antichain(20);
    const auto start = std::chrono::steady_clock::now();
    const exact::ExactResult r = exact::exact_schedule(g);
    const double ms = ms_since(start);
    std::cout << "[ timing ] 20-node antichain: " << ms << " ms, " << r.downsets_visited << " down-sets\n";
    EXPECT_TRUE(r.ico);
    EXPECT_EQ(r.downsets_visited, std::uint64_t{1} << 20);
    for (std::uint32_t t = 0; t <= 20; ++t) EXPECT_EQ(r.max_profile[t], 20 - t);
    EXPECT_LT(ms, 5000.0);  // generous: sanitizer builds; ~10 ms optimized

    const auto start22 = std::chrono::steady_clock::now();
    const exact::ExactResult r22 = exact::exact_schedule(antichain(22));  // exactly the default budget
    std::cout << "[ timing ] 22-node antichain: " << ms_since(start22) << " ms, " << r22.downsets_visited
              << " down-sets\n";
    EXPECT_TRUE(r22.ico);
}

TEST(ExactScheduleTiming, Random20) {
    double total = 0, worst = 0;
    std::uint64_t worst_count = 0;
    std::uint32_t ico = 0;
    const int kDags = 300;
    for (int i = 0; i < kDags; ++i) {
        SplitMix64 rng(0x2020 + static_cast<std::uint64_t>(i));
        const Dag g = i % 2 == 0 ? random_dag(20, 0.02 + 0.3 * rng.uniform(), rng.next())
                                 : leveled_dag(20, static_cast<std::uint32_t>(2 + rng.below(3)), 0.1 + 0.5 * rng.uniform(), rng.next());
        const auto start = std::chrono::steady_clock::now();
        const exact::ExactResult r = exact::exact_schedule(g);
        const double ms = ms_since(start);
        total += ms;
        if (ms > worst) {
            worst = ms;
            worst_count = r.downsets_visited;
        }
        ico += r.ico ? 1 : 0;
        expect_sound(g, r);
    }
    std::cout << "[ timing ] " << kDags << " random 20-node dags (" << ico << " with ICO): total " << total
              << " ms, worst " << worst << " ms (" << worst_count << " down-sets)\n";
}

TEST(ExactScheduleTiming, ChainsOfAntichains30) {
    const std::vector<std::vector<std::uint32_t>> shapes = {
        {5, 5, 5, 5, 5, 5}, {3, 3, 3, 3, 3, 3, 3, 3, 3, 3}, {10, 10, 10}, {15, 15}, {6, 6, 6, 6, 6}, {2, 8, 10, 8, 2}};
    for (const auto& w : shapes)
        for (bool complete : {true, false}) {
            const Dag g = chain_of_antichains(w, complete, 7);
            const auto start = std::chrono::steady_clock::now();
            const exact::ExactResult r = exact::exact_schedule(g);
            const double ms = ms_since(start);
            std::cout << "[ timing ] 30-node chain of antichains " << (complete ? "complete" : "half-arcs") << " widths";
            for (std::uint32_t x : w) std::cout << ' ' << x;
            std::cout << ": " << ms << " ms, " << r.downsets_visited << " down-sets, ico " << r.ico << '\n';
            expect_sound(g, r);
            if (complete) {
                EXPECT_TRUE(r.ico);
            }
        }
}

TEST(ExactSchedule, LargerNarrowDags) {
    // 64 and 100 nodes: dense random dags are narrow.
    for (std::uint32_t n : {40u, 64u, 65u, 100u}) {
        const Dag g = random_dag(n, 0.3, n);
        const exact::ExactResult r = exact::exact_schedule(g);
        expect_sound(g, r);
        EXPECT_EQ(r.max_profile.size(), n + 1u);
    }
}

}  // namespace
}  // namespace ics::exact_test
