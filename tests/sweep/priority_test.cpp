// The ▷ relation (system (1), sweep-algorithm.txt §2) against a verbatim
// implementation, Theorem 3.1's L-path characterization, and transitivity.
#include <limits>

#include "priority/priority.hpp"
#include "sweep_test_util.hpp"

namespace ics::test_sweep {
namespace {

using priority::compare;
using priority::describe;
using priority::find_violation;
using priority::has_priority;

const Profile kB1{0, 4, 6}, kB2{0, 3, 5};  // Table 2 (left): row / column headers

TEST(Priority, Table2NeitherB1NorB2WithWitness) {
    const auto pp = compare(kB1, kB2);
    EXPECT_FALSE(pp.forward);
    EXPECT_FALSE(pp.backward);
    // (1,1): E(1,1) = 7 beats the L path's E(2,0) = 6; B2 ▷ B1 already fails at
    // (0,1): executing B1 first gives 4 > 3.
    const auto v = find_violation(kB1, kB2);
    ASSERT_TRUE(v);
    EXPECT_EQ(v->x, 1u);
    EXPECT_EQ(v->y, 1u);
    EXPECT_EQ(describe(*v, kB1, kB2, "B1", "B2"),
              "B1 \u25B7 B2 fails at x=1, y=1: E1(1)+E2(1) = 4+3 = 7 > E1(2)+E2(0) = 6+0 = 6");
    const auto w = find_violation(kB2, kB1);
    ASSERT_TRUE(w);
    EXPECT_EQ(describe(*w, kB2, kB1),
              "G1 \u25B7 G2 fails at x=0, y=1: E1(0)+E2(1) = 0+4 = 4 > E1(1)+E2(0) = 3+0 = 3");
}

TEST(Priority, RejectsBadProfiles) {
    expect_errc([] { has_priority(Profile{}, kB1); }, Errc::invalid_argument, "G1: empty");
    expect_errc([] { has_priority(kB1, Profile{1, 2}); }, Errc::invalid_argument, "G2: E(0) = 1");
    expect_errc([] { priority::validate_profile(Profile{3}, "B7"); }, Errc::invalid_argument, "B7");
    // Non-monotone profiles are legal (non-bipartite dags): only E(0) = 0 is required.
    EXPECT_NO_THROW(has_priority(Profile{0, 2, 1, 3}, Profile{0, 1, 0}));
}

TEST(Priority, EmptyDagIsNeutral) {
    // s = 0: (1) has only x = 0 (resp. y = 0) and holds with equality.
    EXPECT_TRUE(has_priority(Profile{0}, kB1));
    EXPECT_TRUE(has_priority(kB1, Profile{0}));
    EXPECT_TRUE(has_priority(Profile{0}, Profile{0}));
}

// Random profiles, monotone or not, short and long (several 16-wide blocks).
Profile random_profile(SplitMix64& rng, std::size_t max_len, std::uint32_t max_step, bool monotone) {
    Profile e{0};
    const std::size_t n = rng.below(max_len + 1);
    for (std::size_t i = 0; i < n; ++i)
        e.push_back(monotone ? e.back() + std::uint32_t(rng.below(max_step + 1)) : std::uint32_t(rng.below(max_step * 4 + 1)));
    return e;
}

TEST(Priority, AgreesWithVerbatimSystem1AndGivesSmallestWitness) {
    SplitMix64 rng(11);
    int holds = 0, total = 0;
    for (int it = 0; it < 6000; ++it) {
        const bool mono = it % 3 != 0;
        const std::size_t len = it % 5 == 0 ? 70 : 6;
        const Profile a = random_profile(rng, len, 3, mono), b = random_profile(rng, len, 3, mono);
        const bool want = naive_priority(a, b);
        ASSERT_EQ(has_priority(a, b), want) << it;
        holds += want;
        ++total;
        const auto v = find_violation(a, b);
        ASSERT_EQ(!v, want);
        if (!v) continue;
        // the witness violates (1), and no lexicographically smaller pair does
        const std::size_t s1 = a.size() - 1;
        auto bad = [&](std::size_t x, std::size_t y) {
            return std::uint64_t(a[x]) + b[y] > std::uint64_t(a[std::min(s1, x + y)]) + b[x + y > s1 ? x + y - s1 : 0];
        };
        ASSERT_TRUE(bad(v->x, v->y));
        EXPECT_EQ(v->lhs, std::uint64_t(a[v->x]) + b[v->y]);
        for (std::size_t x = 0; x <= v->x; ++x)
            for (std::size_t y = 0; y < (x == v->x ? v->y : b.size()); ++y) ASSERT_FALSE(bad(x, y));
    }
    // both outcomes are well represented
    EXPECT_GT(holds, total / 10);
    EXPECT_LT(holds, total * 9 / 10);
}

// Profiles with few constant runs (joins: 0 ... 0 1) are checked run by run
// with a sliding minimum; the same answers and witnesses as system (1)
// verbatim, against long and short first profiles.
TEST(Priority, FewRunsAgreeWithVerbatimSystem1) {
    SplitMix64 rng(12);
    int holds = 0, total = 0;
    for (int it = 0; it < 3000; ++it) {
        const Profile a = random_profile(rng, 40 + rng.below(200), 3, it % 4 != 0);
        Profile b{0};
        const std::size_t n = 100 + rng.below(300), k = 1 + rng.below(4);
        for (std::size_t y = 1; y <= n; ++y) b.push_back(rng.below(n) < k ? b.back() + std::uint32_t(rng.below(3)) : b.back());
        if (rng.below(2)) b.back() += 1;  // a join's last step
        const bool want = naive_priority(a, b);
        ASSERT_EQ(has_priority(a, b), want) << it;
        holds += want;
        ++total;
        const auto v = find_violation(a, b);
        if (!v) continue;
        const std::size_t s1 = a.size() - 1;
        for (std::size_t x = 0; x <= v->x; ++x)
            for (std::size_t y = 0; y < (x == v->x ? v->y : b.size()); ++y)
                ASSERT_LE(std::uint64_t(a[x]) + b[y],
                          std::uint64_t(a[std::min(s1, x + y)]) + b[x + y > s1 ? x + y - s1 : 0]);
    }
    EXPECT_GT(holds, total / 20);
    EXPECT_LT(holds, total * 19 / 20);
}

// Every pair of sizes up to 17 (the yes/no path for tables of at most 256
// cells and the general one past it), small steps and values near 2^32.
TEST(Priority, SmallTablesAgreeWithVerbatimSystem1) {
    SplitMix64 rng(13);
    int holds = 0, total = 0;
    for (std::size_t n1 = 0; n1 <= 16; ++n1)
        for (std::size_t n2 = 0; n2 <= 16; ++n2)
            for (int it = 0; it < 40; ++it) {
                Profile a = random_profile(rng, n1, 3, it % 3 != 0), b = random_profile(rng, n2, 3, it % 3 != 0);
                if (it % 10 == 9)  // 64-bit sums
                    for (std::size_t i = 1; i < a.size(); ++i) a[i] = std::numeric_limits<std::uint32_t>::max() - a[i];
                const bool want = naive_priority(a, b);
                ASSERT_EQ(has_priority(a, b), want) << n1 << " x " << n2 << " #" << it;
                ASSERT_EQ(!find_violation(a, b), want);
                holds += want;
                ++total;
            }
    EXPECT_GT(holds, total / 10);
    EXPECT_LT(holds, total * 9 / 10);
}

TEST(Priority, LargeValuesUse64BitSums) {
    const std::uint32_t big = std::numeric_limits<std::uint32_t>::max() - 7;
    const Profile a{0, big - 5, big}, b{0, big - 1, big};
    EXPECT_EQ(has_priority(a, b), naive_priority(a, b));
    EXPECT_EQ(has_priority(b, a), naive_priority(b, a));
    EXPECT_FALSE(has_priority(a, b));  // x=1,y=1: 2big-6 > a(2)+b(0) = big, needs 33 bits
    const auto v = find_violation(a, b);  // but first x=0,y=1: b(1) = big-1 > a(1) = big-5
    ASSERT_TRUE(v);
    EXPECT_EQ(v->x, 0u);
    EXPECT_EQ(v->y, 1u);
    EXPECT_EQ(v->lhs, std::uint64_t(big - 1));
    EXPECT_EQ(v->rhs, std::uint64_t(big - 5));
    const Profile c{0, big - 5, big - 1};  // c ▷ c fails only at x=1,y=1 (33-bit sums)
    const auto w = find_violation(c, c);
    ASSERT_TRUE(w);
    EXPECT_EQ(w->x, 1u);
    EXPECT_EQ(w->y, 1u);
    EXPECT_EQ(w->lhs, 2 * std::uint64_t(big - 5));
    EXPECT_EQ(w->rhs, std::uint64_t(big - 1));
    // scaling preserves (1): K·E1 ▷ K·E2 iff E1 ▷ E2, past 2^31 too
    SplitMix64 rng(5);
    for (int it = 0; it < 500; ++it) {
        Profile p = random_profile(rng, 20, 3, true), q = random_profile(rng, 20, 3, true);
        Profile P = p, Q = q;
        for (auto& x : P) x *= (1u << 26);
        for (auto& x : Q) x *= (1u << 26);
        ASSERT_EQ(has_priority(P, Q), has_priority(p, q));
    }
}

// Theorem 3.1: G1 ▷ G2 iff the "L" path (n1 moves down, then n2 right) is a
// path of maxima of E(i,j) = E1(i)+E2(j); G2 ▷ G1 iff the "7" path is.
TEST(Priority, EqualsLAndSevenPathsOfMaxima) {
    SplitMix64 rng(3);
    for (int it = 0; it < 3000; ++it) {
        const Profile a = random_profile(rng, 7, 3, it % 2), b = random_profile(rng, 7, 3, it % 2);
        const auto best = table_maxima({a, b});
        const std::size_t n1 = a.size() - 1;
        bool l_path = true, seven = true;
        for (std::size_t t = 0; t < best.size(); ++t) {
            l_path &= std::uint64_t(a[std::min(t, n1)]) + b[t > n1 ? t - n1 : 0] == best[t];
            const std::size_t n2 = b.size() - 1;
            seven &= std::uint64_t(b[std::min(t, n2)]) + a[t > n2 ? t - n2 : 0] == best[t];
        }
        const auto pp = compare(a, b);
        ASSERT_EQ(pp.forward, l_path) << it;
        ASSERT_EQ(pp.backward, seven) << it;
    }
}

// Lemma 2.2 (transitivity) holds for all non-empty profiles; the empty dag
// (s = 0) is ▷-comparable with everything both ways, so it breaks transitivity.
TEST(Priority, TransitiveOnNonEmptyProfiles) {
    SplitMix64 rng(8);
    int chains = 0;
    for (int it = 0; it < 80000; ++it) {
        const bool mono = it % 2;
        Profile a = random_profile(rng, 4, 3, mono), b = random_profile(rng, 4, 3, mono), c = random_profile(rng, 4, 3, mono);
        if (a.size() == 1 || b.size() == 1 || c.size() == 1) continue;
        if (!has_priority(a, b) || !has_priority(b, c)) continue;
        ++chains;
        ASSERT_TRUE(has_priority(a, c)) << it;
    }
    EXPECT_GT(chains, 1000);
    EXPECT_TRUE(has_priority(kB1, Profile{0}) && has_priority(Profile{0}, kB2));
    EXPECT_FALSE(has_priority(kB1, kB2));
}

}  // namespace
}  // namespace ics::test_sweep
