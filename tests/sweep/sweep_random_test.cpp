// IC-Sweep against exhaustive search: profiles of real random bipartite dags
// (IC-optimal profiles found by brute force), and long synthetic profiles
// against a verification table V kept in full.
#include <limits>

#include "priority/priority.hpp"
#include "sweep/ic_sweep.hpp"
#include "sweep_test_util.hpp"

namespace ics::test_sweep {
namespace {

using priority::has_priority;
using sweep::ic_sweep;
using sweep::kNone;

// Alg. 2-IC-Sweep with the whole table V in memory: the first diagonal with
// no YES, or kNone.
std::uint32_t naive_failed_diagonal(const Profile& a, const Profile& b) {
    const std::size_t n1 = a.size() - 1, n2 = b.size() - 1;
    const auto best = table_maxima({a, b});
    std::vector<std::vector<std::uint8_t>> v(n1 + 1, std::vector<std::uint8_t>(n2 + 1, 0));
    v[0][0] = 1;
    for (std::size_t t = 1; t <= n1 + n2; ++t) {
        bool any = false;
        for (std::size_t i = 0; i <= std::min(t, n1); ++i) {
            const std::size_t j = t - i;
            if (j > n2) continue;
            const bool adj = (i > 0 && v[i - 1][j]) || (j > 0 && v[i][j - 1]);
            v[i][j] = adj && std::uint64_t(a[i]) + b[j] == best[t];
            any |= v[i][j] != 0;
        }
        if (!any) return static_cast<std::uint32_t>(t);
    }
    return kNone;
}

bool equal_u64(const std::vector<std::uint64_t>& x, const Profile& y) {
    return std::equal(x.begin(), x.end(), y.begin(), y.end());
}

// chain by Theorem 3.2's L path, and by consecutive non-empty pairs
bool consecutive_chain(const std::vector<Profile>& ps) {
    const Profile* prev = nullptr;
    for (const auto& e : ps) {
        if (e.size() == 1) continue;
        if (prev && !has_priority(*prev, e)) return false;
        prev = &e;
    }
    return true;
}

struct Stats {
    int ico = 0, chain = 0, second_invocation_fails = 0;
};

void check_against_brute_force(const std::vector<Profile>& ps, Stats& st) {
    const auto best = table_maxima(ps);
    const bool exists = !ico_interleavings(ps, 1).empty();
    const auto r = ic_sweep(ps);
    ASSERT_EQ(r.ico, exists);
    ASSERT_TRUE(equal_u64(best, r.envelope));
    // pairs: system (1) verbatim
    const std::size_t p = ps.size();
    ASSERT_EQ(r.pairs.size(), p * p);
    for (std::size_t i = 0; i < p; ++i)
        for (std::size_t j = 0; j < p; ++j) ASSERT_EQ(r.pairs[i * p + j] != 0, naive_priority(ps[i], ps[j]));
    // chain: concatenated profile is the per-step maximum, iff consecutive ▷
    const bool chain = equal_u64(best, concat_profile(ps));
    ASSERT_EQ(r.chain, chain);
    ASSERT_EQ(chain, consecutive_chain(ps));
    st.chain += chain;
    if (r.ico) {
        ++st.ico;
        ASSERT_EQ(r.failed_group, kNone);
        ASSERT_EQ(r.profile, r.envelope);
        ASSERT_EQ(sweep::path_profile(ps, r.path), r.profile);  // valid, and maximal at every step
        if (chain) {
            ASSERT_TRUE(std::is_sorted(r.path.begin(), r.path.end()));
        }
        return;
    }
    ASSERT_FALSE(r.chain);  // an L path of maxima would itself be an IC-optimal schedule
    // the first invocation that fails: summands 0..k+1 have no IC-optimal schedule
    std::size_t k = 0;
    auto prefix = [&](std::size_t n) { return std::vector<Profile>(ps.begin(), ps.begin() + std::ptrdiff_t(n)); };
    while (!ico_interleavings(prefix(k + 2), 1).empty()) ++k;
    ASSERT_EQ(r.failed_group, k);
    st.second_invocation_fails += k == 1;
    const auto merged = table_maxima(prefix(k + 1));
    ASSERT_EQ(r.failed_diagonal, naive_failed_diagonal(Profile(merged.begin(), merged.end()), ps[k + 1]));
}

TEST(SweepRandom, DagPairsAndTriplesMatchExhaustiveSearch) {
    SplitMix64 rng(2024);
    int cases = 0;
    Stats st;
    for (int it = 0; it < 1200; ++it) {
        const std::size_t p = it % 2 ? 3 : 2;
        std::vector<Profile> ps;
        for (std::size_t k = 0; k < p; ++k) ps.push_back(random_ico_profile(rng, p == 2 ? 5 : 4, 6));
        SCOPED_TRACE(it);
        check_against_brute_force(ps, st);
        if (HasFatalFailure()) return;
        ++cases;
    }
    EXPECT_EQ(cases, 1200);
    EXPECT_GT(st.ico, 200);
    EXPECT_GT(cases - st.ico, 100);
    EXPECT_GT(st.chain, 100);
    EXPECT_GT(st.second_invocation_fails, 10);
}

// Synthetic profiles that keep long YES paths alive: concave (any sum of
// concave profiles is ico), linear with ties, 0/1 steps, or arbitrary.
Profile synthetic(SplitMix64& rng, std::size_t n) {
    Profile e{0};
    const unsigned kind = unsigned(rng.below(4));
    std::vector<std::uint32_t> inc(n);
    for (auto& d : inc) d = std::uint32_t(rng.below(kind == 3 ? 7 : 4));
    if (kind == 0) std::sort(inc.rbegin(), inc.rend());
    if (kind == 1) std::fill(inc.begin(), inc.end(), 2);
    if (kind == 2)
        for (auto& d : inc) d = d & 1u;
    for (std::size_t i = 0; i < n; ++i)
        e.push_back(kind == 3 && rng.below(3) == 0 ? std::uint32_t(rng.below(3 * (i + 1)))  // non-monotone
                                                    : e.back() + inc[i]);
    return e;
}

TEST(SweepRandom, LongProfilesMatchFullVerificationTable) {
    SplitMix64 rng(77);
    int ico = 0, late = 0;
    for (int it = 0; it < 1500; ++it) {
        const Profile a = synthetic(rng, rng.below(200)), b = synthetic(rng, rng.below(200));
        const auto best = table_maxima({a, b});
        const auto r = sweep::two_sweep(a, b);
        const std::uint32_t want = naive_failed_diagonal(a, b);
        ASSERT_EQ(r.ico, want == kNone) << it;
        ASSERT_EQ(r.failed_diagonal, want) << it;
        ASSERT_TRUE(std::equal(r.maxima.begin(), r.maxima.end(), best.begin())) << it;
        if (!r.ico) {
            late += want > 64;
            ASSERT_EQ(r.maxima.size(), std::size_t(want) + 1);
            continue;
        }
        ++ico;
        ASSERT_EQ(r.maxima.size(), best.size());
        ASSERT_EQ(sweep::max_plus(a, b), r.maxima);
        // the moves: n1 downward, n2 rightward, every cell maximal
        std::size_t i = 0, j = 0;
        for (std::size_t t = 0; t < r.moves.size(); ++t) {
            if (r.moves[t]) ++i;
            else ++j;
            ASSERT_LE(i, a.size() - 1);
            ASSERT_LE(j, b.size() - 1);
            ASSERT_EQ(std::uint64_t(a[i]) + b[j], best[t + 1]) << it << " step " << t;
        }
        // the L path is returned whenever it is IC-optimal
        if (has_priority(a, b)) {
            ASSERT_TRUE(std::is_sorted(r.moves.rbegin(), r.moves.rend())) << it;
        }
    }
    EXPECT_GT(ico, 300);
    EXPECT_GT(late, 5);
}

// Sums past 2^31 switch the kernels to 64-bit; answers scale exactly.
TEST(SweepRandom, LargeValuesTakeTheWidePath) {
    SplitMix64 rng(31);
    for (int it = 0; it < 300; ++it) {
        std::vector<Profile> small, big;
        for (int k = 0; k < 3; ++k) {
            small.push_back(random_ico_profile(rng, 4, 6));
            big.push_back(small.back());
            for (auto& x : big.back()) x *= 1u << 27;  // total <= 3·6·2^27 < 2^32
        }
        const auto r = ic_sweep(small), s = ic_sweep(big);
        ASSERT_EQ(r.ico, s.ico);
        ASSERT_EQ(r.chain, s.chain);
        ASSERT_EQ(r.pairs, s.pairs);
        ASSERT_EQ(r.failed_group, s.failed_group);
        ASSERT_EQ(r.failed_diagonal, s.failed_diagonal);
        ASSERT_EQ(r.path, s.path);
        for (std::size_t t = 0; t < r.envelope.size(); ++t) ASSERT_EQ(std::uint64_t(r.envelope[t]) << 27, s.envelope[t]);
    }
    const std::uint32_t top = std::numeric_limits<std::uint32_t>::max();
    const std::vector<Profile> over{{0, top}, {0, 1}};
    expect_errc([&] { ic_sweep(over); }, Errc::too_large, "2^32");
}

// Theorem 4.1 / Corollary 4.1: if every Gi ▷ G' and G1+...+Gp is ico, then
// (G1+...+Gp) ▷ G', the sum's profile being the sweep's merged profile.
TEST(SweepRandom, Theorem41SumInheritsPriority) {
    SplitMix64 rng(41);
    int used = 0;
    for (int it = 0; it < 4000 && used < 300; ++it) {
        std::vector<Profile> ps;
        for (int k = 0; k < 3; ++k) ps.push_back(random_ico_profile(rng, 4, 5));
        const Profile g = random_ico_profile(rng, 4, 5);
        if (!std::all_of(ps.begin(), ps.end(), [&](const Profile& e) { return has_priority(e, g); })) continue;
        const auto r = ic_sweep(ps);
        if (!r.ico) continue;
        ++used;
        ASSERT_TRUE(has_priority(r.profile, g)) << it;
        std::vector<Profile> with = ps;
        with.push_back(g);
        ASSERT_TRUE(ic_sweep(with).ico);  // condition (A) of §4.2 survives adding G'
    }
    EXPECT_GE(used, 100);
}

// ic_sweep's shortcut for summands that form a ▷-chain in the given order
// against the 2-IC-Sweeps it skips: every field equal, on random lists of
// IC-optimal profiles, half of them put in a ▷ order first (copies included).
TEST(IcSweep, ChainShortcutMatchesSweeps) {
    SplitMix64 rng(2026);
    int chains = 0, others = 0;
    for (int it = 0; it < 600; ++it) {
        std::vector<Profile> pool, ps;
        const int kinds = 1 + static_cast<int>(rng.below(4));
        for (int k = 0; k < kinds; ++k) pool.push_back(random_ico_profile(rng, 4, 5));
        const int p = 1 + static_cast<int>(rng.below(12));
        for (int k = 0; k < p; ++k) ps.push_back(pool[rng.below(pool.size())]);
        if (rng.below(2)) {  // insertion sort by ▷ where it decides
            for (std::size_t a = 1; a < ps.size(); ++a)
                for (std::size_t b = a; b > 0 && has_priority(ps[b], ps[b - 1]) && !has_priority(ps[b - 1], ps[b]); --b)
                    std::swap(ps[b], ps[b - 1]);
        }
        const auto fast = ic_sweep(ps), slow = sweep::ic_sweep_reference(ps);
        (consecutive_chain(ps) ? chains : others) += 1;
        ASSERT_EQ(fast.ico, slow.ico);
        ASSERT_EQ(fast.chain, slow.chain);
        ASSERT_EQ(fast.path, slow.path);
        ASSERT_EQ(fast.profile, slow.profile);
        ASSERT_EQ(fast.envelope, slow.envelope);
        ASSERT_EQ(fast.pairs, slow.pairs);
        ASSERT_EQ(fast.failed_group, slow.failed_group);
        ASSERT_EQ(fast.failed_diagonal, slow.failed_diagonal);
        ASSERT_EQ(fast.reason, slow.reason);
    }
    EXPECT_GE(chains, 100);
    EXPECT_GE(others, 100);
}

// Two runs of 2-IC-Sweep agree on everything they report.
// Path recovery from checkpoints (what two 10^5-step profiles get) against
// the full bit table: the same moves, the same failures.
TEST(TwoSweep, CheckpointedPathMatchesFullBits) {
    SplitMix64 rng(77);
    int ico = 0;
    for (int it = 0; it < 400; ++it) {
        std::vector<Profile> ps;
        for (int k = 0; k < 2; ++k) {
            Profile e{0};
            const auto n = rng.below(300);
            const bool ramp = rng.below(2) != 0;  // W-like ties over whole diagonals
            for (std::uint64_t x = 0; x < n; ++x)
                e.push_back(ramp ? e.back() + 1 : e.back() + static_cast<std::uint32_t>(rng.below(4)));
            if (ramp && n > 0) e.back() += 1;
            ps.push_back(std::move(e));
        }
        const auto full = sweep::two_sweep_reference(ps[0], ps[1], true),
                   parts = sweep::two_sweep_reference(ps[0], ps[1], true, 0);
        expect_same_two_sweep(full, parts);
        if (HasFailure()) return;
        ico += full.ico;
    }
    EXPECT_GE(ico, 50);
}

// Concave profiles are merged instead of swept: the same maxima and path as
// the table (ties between the two summands' increments included).
TEST(TwoSweep, ConcaveMergeMatchesTable) {
    SplitMix64 rng(4242);
    int merged = 0;
    for (int it = 0; it < 2000; ++it) {
        std::vector<Profile> ps;
        for (int k = 0; k < 2; ++k) {
            const auto n = rng.below(40);
            std::vector<std::int64_t> inc;
            for (std::uint64_t x = 0; x < n; ++x) inc.push_back(static_cast<std::int64_t>(rng.below(5)) - 1);
            if (rng.below(4) != 0) std::sort(inc.rbegin(), inc.rend());  // mostly concave
            Profile e{0};
            std::int64_t v = 0;
            for (const auto d : inc) {
                v = std::max<std::int64_t>(0, v + d);
                e.push_back(static_cast<std::uint32_t>(v));
            }
            ps.push_back(std::move(e));
        }
        const auto fast = sweep::two_sweep(ps[0], ps[1], true), table = sweep::two_sweep_reference(ps[0], ps[1], true);
        expect_same_two_sweep(fast, table);
        if (HasFailure()) return;
        bool both = true;
        for (const auto& e : ps)
            for (std::size_t x = 2; x < e.size(); ++x)
                both = both && std::int64_t(e[x]) - e[x - 1] <= std::int64_t(e[x - 1]) - e[x - 2];
        merged += both;
    }
    EXPECT_GE(merged, 500);
}

}  // namespace
}  // namespace ics::test_sweep
