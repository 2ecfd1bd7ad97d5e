// System (1) screened by the concave-hull bound (priority/hull_bound.hpp,
// sweep-algorithm.txt §2) against the row scans alone and against the table
// itself: the same answer and the same witness on every pair, exhaustive over
// small profiles and random over concave, convex, linear, mixed and
// non-monotone ones; the bound is never below a diagonal's maximum and is
// exact when both profiles are concave.
#include <limits>

#include "priority/hull_bound.hpp"
#include "priority/priority.hpp"
#include "sweep/ic_sweep.hpp"
#include "sweep_test_util.hpp"

namespace ics::test_sweep {
namespace {

using priority::find_violation;
using priority::find_violation_reference;
using priority::find_violation_screened;
using priority::hull_convolution_bound;

void expect_same(const std::optional<priority::Violation>& got, const std::optional<priority::Violation>& want,
                 const Profile& a, const Profile& b) {
    ASSERT_EQ(got.has_value(), want.has_value()) << ::testing::PrintToString(a) << " / " << ::testing::PrintToString(b);
    if (!got) return;
    EXPECT_EQ(got->x, want->x);
    EXPECT_EQ(got->y, want->y);
    EXPECT_EQ(got->lhs, want->lhs);
    EXPECT_EQ(got->rhs, want->rhs);
}

bool concave(const Profile& e) {
    for (std::size_t x = 2; x < e.size(); ++x)
        if (std::int64_t(e[x]) - e[x - 1] > std::int64_t(e[x - 1]) - e[x - 2]) return false;
    return true;
}

// The bound against the table's per-step maxima: never below, and equal when
// both profiles are concave.
void check_bound(const Profile& a, const Profile& b) {
    const auto bound = hull_convolution_bound(a, b);
    const auto best = table_maxima({a, b});
    ASSERT_EQ(bound.size(), best.size());
    const bool exact = concave(a) && concave(b);
    for (std::size_t z = 0; z < best.size(); ++z) {
        ASSERT_GE(bound[z], std::int64_t(best[z])) << z;
        if (exact) {
            ASSERT_EQ(bound[z], std::int64_t(best[z])) << z;
        }
    }
}

// Every profile with s steps, each value in 0..top (E(0) = 0), in turn.
template <class F>
void each_profile(std::size_t s, std::uint32_t top, F&& f) {
    Profile e(s + 1, 0);
    for (;;) {
        f(e);
        std::size_t k = 1;
        while (k <= s && ++e[k] > top) e[k++] = 0;
        if (k > s) return;
    }
}

TEST(HullScreen, ExhaustiveSmallProfiles) {
    std::vector<Profile> all;
    for (std::size_t s = 0; s <= 4; ++s) each_profile(s, 4, [&](const Profile& e) { all.push_back(e); });
    int holds = 0;
    for (const auto& a : all)
        for (const auto& b : all) {
            const auto want = find_violation_reference(a, b);
            expect_same(find_violation_screened(a, b, 0), want, a, b);
            ASSERT_EQ(!want, naive_priority(a, b));
            holds += !want;
        }
    EXPECT_GT(holds, 1000);
    for (std::size_t k = 0; k < all.size(); k += 7)
        for (std::size_t m = 0; m < all.size(); m += 11) check_bound(all[k], all[m]);
}

// Long random profiles of several shapes (values may pass 2^31).
enum class Shape { concave, convex, linear, mixed, noisy, flat_runs };
constexpr Shape kShapes[] = {Shape::concave, Shape::convex, Shape::linear, Shape::mixed, Shape::noisy, Shape::flat_runs};

Profile shaped(SplitMix64& rng, std::size_t steps, Shape shape, std::uint32_t scale) {
    std::vector<std::int64_t> inc(steps);
    for (auto& d : inc) d = std::int64_t(rng.below(6));
    switch (shape) {
        case Shape::concave: std::sort(inc.rbegin(), inc.rend()); break;
        case Shape::convex: std::sort(inc.begin(), inc.end()); break;
        case Shape::linear: {  // W(s,d)-like: d-1 per step, one more at the end
            const std::int64_t d = 1 + std::int64_t(rng.below(3));
            for (auto& v : inc) v = d;
            if (!inc.empty()) inc.back() += std::int64_t(rng.below(3));
            break;
        }
        case Shape::mixed:  // concave pieces glued together, a few local bumps
            for (std::size_t k = 0; k < steps; k += 1 + rng.below(40)) {
                const std::size_t end = std::min(steps, k + 1 + rng.below(40));
                std::sort(inc.begin() + std::ptrdiff_t(k), inc.begin() + std::ptrdiff_t(end), std::greater<>());
            }
            break;
        case Shape::noisy:  // non-monotone: some steps lose eligible nodes
            for (auto& v : inc) v -= std::int64_t(rng.below(4));
            break;
        case Shape::flat_runs:  // joins: mostly 0, a few 1s
            for (auto& v : inc) v = rng.below(20) == 0;
            break;
    }
    Profile e{0};
    std::int64_t cur = 0;
    for (const auto d : inc) {
        cur = std::max<std::int64_t>(0, cur + d);
        e.push_back(static_cast<std::uint32_t>(cur * scale));
    }
    return e;
}

// Two profiles of random shapes; one iteration in three up to `longer`
// steps, else up to `shorter`; one in ten scaled past 2^31 in sums.
std::pair<Profile, Profile> shaped_pair(SplitMix64& rng, int it, std::size_t longer, std::size_t shorter) {
    const std::uint32_t scale = it % 10 == 0 ? (1u << 20) : 1;
    const std::size_t cap = it % 3 == 0 ? longer : shorter;
    Profile a = shaped(rng, rng.below(cap), kShapes[rng.below(6)], scale);
    Profile b = shaped(rng, rng.below(cap), kShapes[rng.below(6)], scale);
    return {std::move(a), std::move(b)};
}

TEST(HullScreen, RandomShapesAgreeWithTheRowScans) {
    SplitMix64 rng(18);
    int holds = 0, total = 0;
    for (int it = 0; it < 6000; ++it) {
        auto [a, b] = shaped_pair(rng, it, 400, 60);
        if (it % 4 == 0) b = a;  // a profile against itself: ▷ holds often
        const std::size_t la = a.size() - 1, lb = b.size() - 1;
        const auto want = find_violation_reference(a, b);
        expect_same(find_violation(a, b), want, a, b);
        expect_same(find_violation_screened(a, b, 0), want, a, b);
        expect_same(find_violation_screened(a, b, 2), want, a, b);
        if (la * lb < 4000) {
            ASSERT_EQ(!want, naive_priority(a, b));
        }
        if (la + lb < 120) check_bound(a, b);
        holds += !want;
        ++total;
    }
    EXPECT_GT(holds, total / 10);
    EXPECT_LT(holds, total * 9 / 10);
}

TEST(HullScreen, LargeValuesAndLinearProfiles) {
    const std::uint32_t big = std::numeric_limits<std::uint32_t>::max() - 7;
    const Profile a{0, big - 5, big}, c{0, big - 5, big - 1};
    expect_same(find_violation_screened(a, a, 0), find_violation_reference(a, a), a, a);
    expect_same(find_violation_screened(c, c, 0), find_violation_reference(c, c), c, c);
    expect_same(find_violation_screened(a, c, 0), find_violation_reference(a, c), a, c);
    // W(s,2) against itself and against W(s,3): every diagonal decided by the bound.
    for (std::uint32_t s : {1u, 2u, 17u, 300u, 1000u}) {
        Profile w2(s + 1), w3(s + 1);
        for (std::uint32_t x = 0; x < s; ++x) w2[x] = x, w3[x] = 2 * x;
        w2[s] = s + 1;
        w3[s] = 2 * s + 1;
        expect_same(find_violation_screened(w2, w2, 0), std::nullopt, w2, w2);
        expect_same(find_violation_screened(w3, w2, 0), std::nullopt, w3, w2);
        expect_same(find_violation_screened(w2, w3, 0), find_violation_reference(w2, w3), w2, w3);
        ASSERT_TRUE(find_violation_screened(w2, w3, 0) || s == 0);
    }
}

// The 2-IC-Sweep scans a diagonal's marked range first and the rest only
// when the range misses the hull bound: the same maxima, failures and path as
// the table sweep, with the full bit table and from checkpoints.
TEST(HullScreen, TwoSweepAgreesWithTheTableSweep) {
    SplitMix64 rng(1818);
    int ico = 0, total = 0;
    for (int it = 0; it < 3000; ++it) {
        auto [a, b] = shaped_pair(rng, it, 300, 50);
        if (it % 5 == 0) b = a;
        const std::size_t la = a.size() - 1, lb = b.size() - 1;
        const std::size_t bits = it % 2 ? sweep::kFullPathBits : 0;
        const auto want = sweep::two_sweep_reference(a, b, true, bits);
        expect_same_two_sweep(sweep::two_sweep(a, b, true, bits), want);
        expect_same_two_sweep(sweep::two_sweep(a, b, false), sweep::two_sweep_reference(a, b, false));
        if (HasFailure()) return;
        if (la + lb < 100) {
            const auto best = table_maxima({a, b});
            ASSERT_TRUE(std::equal(want.maxima.begin(), want.maxima.end(), best.begin()));
        }
        ico += want.ico;
        ++total;
    }
    EXPECT_GT(ico, total / 10);
    EXPECT_LT(ico, total * 9 / 10);
}

// Long random walks where (1) holds off the hull (G1 steep, G2 flat): the
// block search refines the screen near the L path; with a jump planted in G2
// (or a dip in G1) at a random step, violations appear deep in the table.
TEST(HullScreen, BlockSearchFindsTheFirstBadRow) {
    SplitMix64 rng(1819);
    int holds = 0, total = 0;
    for (int it = 0; it < 300; ++it) {
        const std::size_t n1 = 200 + rng.below(1500), n2 = 200 + rng.below(1500);
        Profile a{0}, b{0};
        for (std::size_t k = 0; k < n1; ++k) a.push_back(a.back() + 3 + std::uint32_t(rng.below(3)));
        for (std::size_t k = 0; k < n2; ++k) b.push_back(b.back() + std::uint32_t(rng.below(2)));
        if (it % 3 != 0) {  // plant a jump in G2 or a flat stretch in G1
            if (rng.below(2)) {
                const std::size_t at = 1 + rng.below(n2), jump = 1 + rng.below(12);
                for (std::size_t y = at; y <= n2; ++y) b[y] += std::uint32_t(jump);
            } else {
                const std::size_t at = 1 + rng.below(n1), len = 1 + rng.below(8);
                for (std::size_t x = at; x <= n1; ++x) a[x] -= std::uint32_t(std::min(x - at + 1, len) * 3);
            }
        }
        const auto want = find_violation_reference(a, b);
        expect_same(find_violation(a, b), want, a, b);
        expect_same(find_violation_screened(a, b, 0), want, a, b);
        if (HasFailure()) return;
        holds += !want;
        ++total;
    }
    EXPECT_GT(holds, total / 5);
    EXPECT_LT(holds, total * 4 / 5);
}

// Profiles of few runs of equal increments (W, N, M, C-like, random
// piecewise-linear, with ties across whole diagonals): the interval sweep
// against the table sweep, field by field.
Profile piecewise(SplitMix64& rng, std::size_t steps, std::size_t pieces) {
    Profile e{0};
    while (e.size() <= steps) {
        const std::size_t len = 1 + rng.below(std::max<std::size_t>(1, steps / pieces + 1));
        const std::int64_t d = std::int64_t(rng.below(4)) - (rng.below(5) == 0 ? 1 : 0);
        for (std::size_t k = 0; k < len && e.size() <= steps; ++k)
            e.push_back(static_cast<std::uint32_t>(std::max<std::int64_t>(0, std::int64_t(e.back()) + d)));
    }
    return e;
}

TEST(RunSweep, AgreesWithTheTableSweep) {
    SplitMix64 rng(1821);
    int ico = 0, total = 0;
    for (int it = 0; it < 3000; ++it) {
        const std::size_t n1 = rng.below(it % 3 == 0 ? 300 : 40), n2 = rng.below(it % 3 == 0 ? 300 : 40);
        Profile a = piecewise(rng, n1, 1 + rng.below(5)), b = it % 7 == 0 ? a : piecewise(rng, n2, 1 + rng.below(5));
        if (it % 5 == 0 && b.size() > 1) b.back() += 1;  // W's last sink
        const auto want = sweep::two_sweep_reference(a, b, true);
        expect_same_two_sweep(sweep::two_sweep_runs(a, b, true), want);
        expect_same_two_sweep(sweep::two_sweep(a, b, true), want);
        expect_same_two_sweep(sweep::two_sweep_runs(a, b, false), sweep::two_sweep_reference(a, b, false));
        if (HasFailure()) return;
        ico += want.ico;
        ++total;
    }
    EXPECT_GT(ico, total / 10);
    EXPECT_LT(ico, total * 9 / 10);
    // any profiles at all (many runs): still the table's answer
    for (int it = 0; it < 1000; ++it) {
        const Profile a = shaped(rng, rng.below(60), kShapes[rng.below(6)], 1),
                      b = shaped(rng, rng.below(60), kShapes[rng.below(6)], 1);
        expect_same_two_sweep(sweep::two_sweep_runs(a, b, true), sweep::two_sweep_reference(a, b, true));
        if (HasFailure()) return;
    }
}

// IC-Sweep's envelope over many summands by shifted passes against the
// pairwise max-plus convolutions (per diagonal) and, when small, the table.
TEST(Envelope, ManySummandsAgreeWithPairwiseConvolutions) {
    SplitMix64 rng(1820);
    for (int it = 0; it < 400; ++it) {
        const std::size_t p = 1 + rng.below(it % 4 == 0 ? 60 : 5);
        const std::uint32_t scale = it % 10 == 0 ? (1u << 18) : 1;  // sums past 2^31
        std::vector<Profile> ps;
        for (std::size_t k = 0; k < p; ++k)
            ps.push_back(shaped(rng, rng.below(it % 3 == 0 ? 100 : 9), kShapes[rng.below(6)], scale));
        Profile want = ps[0];
        for (std::size_t k = 1; k < p; ++k) want = sweep::max_plus(want, ps[k]);
        ASSERT_EQ(sweep::max_plus_all(ps[0], std::span(ps).subspan(1)), want) << it;
        if (p <= 3 && want.size() < 40) {
            const auto best = table_maxima(ps);
            ASSERT_TRUE(std::equal(want.begin(), want.end(), best.begin(), best.end())) << it;
        }
    }
    // long operands with few runs of increments: each diagonal from its breaks
    for (int it = 0; it < 60; ++it) {
        std::vector<Profile> ps;
        for (std::size_t k = 0, p = 2 + rng.below(3); k < p; ++k)
            ps.push_back(piecewise(rng, 200 + rng.below(2500), 1 + rng.below(4)));
        Profile want = ps[0];
        for (std::size_t k = 1; k < ps.size(); ++k) want = sweep::max_plus(want, ps[k]);
        ASSERT_EQ(sweep::max_plus_all(ps[0], std::span(ps).subspan(1)), want) << it;
    }
    const std::uint32_t big = std::numeric_limits<std::uint32_t>::max() - 1;
    const std::vector<Profile> over{{0, 2}, {0, big}};  // 1 + 2 + big at step 3
    expect_errc([&] { sweep::max_plus_all(Profile{0, 1}, over); }, Errc::too_large, "2^32-1");
    expect_errc([&] { sweep::max_plus_all(Profile{0, 1}, std::vector<Profile>{{1}}); }, Errc::invalid_argument, "G2");
}

}  // namespace
}  // namespace ics::test_sweep
