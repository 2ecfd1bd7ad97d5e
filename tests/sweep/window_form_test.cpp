// System (1) in window form (priority/window_form.hpp) against system (1)
// verbatim and has_priority: every pair of profiles of at most 4 steps with
// values 0..4, and random pairs up to the window form's 64 steps (monotone or
// not, values near 2^32, E(0) = 0 as profiles have).
#include <limits>
#include <string>

#include "priority/priority.hpp"
#include "priority/window_form.hpp"
#include "sweep_test_util.hpp"

namespace ics::test_sweep {
namespace {

using priority::WindowForm;

// Every profile of at most `steps` steps with values 0..max_value.
std::vector<Profile> all_profiles(std::size_t steps, std::uint32_t max_value) {
    std::vector<Profile> out{{0}};
    for (std::size_t k = 0; k < out.size(); ++k) {
        if (out[k].size() > steps) continue;
        for (std::uint32_t v = 0; v <= max_value; ++v) {
            Profile p = out[k];
            p.push_back(v);
            out.push_back(std::move(p));
        }
    }
    return out;
}

// The window form of `ps` (each added in turn gets the next index) against
// system (1) verbatim on every ordered pair, and has_priority too when
// `also_has_priority`; returns how many pairs hold.
std::size_t agreeing_pairs(const std::vector<Profile>& ps, bool also_has_priority) {
    WindowForm w;
    for (const Profile& p : ps) {
        const std::size_t next = w.size();
        EXPECT_EQ(w.add(p), next);
    }
    std::size_t holds = 0;
    for (std::uint32_t a = 0; a < ps.size(); ++a)
        for (std::uint32_t b = 0; b < ps.size(); ++b) {
            const bool want = naive_priority(ps[a], ps[b]);
            if (also_has_priority) EXPECT_EQ(priority::has_priority(ps[a], ps[b]), want) << a << " " << b;
            EXPECT_EQ(w.has_priority(a, b), want) << a << " " << b;
            if (w.has_priority(a, b) != want) return holds;  // one report, not thousands
            holds += want;
        }
    return holds;
}

TEST(WindowForm, EveryPairOfSmallProfilesAgreesWithSystem1) {
    const std::vector<Profile> ps = all_profiles(4, 4);  // 781 profiles
    ASSERT_EQ(ps.size(), 781u);
    const std::size_t holds = agreeing_pairs(ps, false);
    EXPECT_GT(holds, 5000u);  // both answers well represented (6,068 hold)
    EXPECT_LT(holds, ps.size() * ps.size() / 2);
}

TEST(WindowForm, RandomProfilesAgreeWithHasPriority) {
    SplitMix64 rng(18);
    for (int round = 0; round < 30; ++round) {
        std::vector<Profile> ps;
        for (int i = 0; i < 80; ++i) {
            const std::size_t steps = rng.below(round % 3 == 0 ? 65 : 12);
            const bool mono = rng.below(3) != 0, concave = rng.below(4) == 0;
            Profile p{0};
            std::uint32_t inc = 1 + std::uint32_t(rng.below(4));
            for (std::size_t y = 1; y <= steps; ++y) {
                if (concave) {
                    if (inc && rng.below(3) == 0) --inc;
                    p.push_back(p.back() + inc);
                } else {
                    p.push_back(mono ? p.back() + std::uint32_t(rng.below(4)) : std::uint32_t(rng.below(13)));
                }
            }
            if (round % 5 == 4)  // 64-bit sums, large differences
                for (std::size_t y = 1; y < p.size(); ++y) p[y] = std::numeric_limits<std::uint32_t>::max() - p[y];
            ps.push_back(p);
        }
        SCOPED_TRACE("round " + std::to_string(round));
        EXPECT_GT(agreeing_pairs(ps, true), 0u);
        if (HasFatalFailure()) return;
    }
}

// The bit matrix of every answer at once (the linearizer's greedy steps)
// against has_priority pair by pair: random profiles of 0 to 64 steps,
// monotone or not, values near 2^32 in some rounds, ids listed in any order,
// repeated, or kNone (rows and columns 0); a budget too small for the
// bitsets leaves the output alone.
TEST(WindowForm, PriorityMatrixMatchesEveryPair) {
    SplitMix64 rng(2611);
    std::size_t holds = 0, cells = 0;
    for (int round = 0; round < 40; ++round) {
        WindowForm w;
        std::vector<Profile> ps;
        const int count = 1 + static_cast<int>(rng.below(round % 4 == 0 ? 200 : 90));
        for (int i = 0; i < count; ++i) {
            const std::size_t steps = rng.below(round % 3 == 0 ? 65 : 12);
            const bool mono = rng.below(3) != 0;
            Profile p{0};
            for (std::size_t y = 1; y <= steps; ++y)
                p.push_back(mono ? p.back() + std::uint32_t(rng.below(4)) : std::uint32_t(rng.below(13)));
            if (round % 5 == 4)
                for (std::size_t y = 1; y < p.size(); ++y) p[y] = std::numeric_limits<std::uint32_t>::max() - p[y];
            ps.push_back(p);
            w.add(p);
        }
        std::vector<std::uint32_t> ids;
        const std::size_t m = 1 + rng.below(2 * ps.size());
        for (std::size_t j = 0; j < m; ++j)
            ids.push_back(rng.below(8) == 0 ? WindowForm::kNone : static_cast<std::uint32_t>(rng.below(ps.size())));
        std::vector<std::uint64_t> bits;
        ASSERT_TRUE(w.priority_matrix(ids, std::size_t{1} << 30, bits));
        const std::size_t words = (m + 63) / 64;
        ASSERT_EQ(bits.size(), m * words);
        for (std::size_t i = 0; i < m; ++i)
            for (std::size_t j = 0; j < m; ++j) {
                const bool got = (bits[i * words + j / 64] >> (j % 64)) & 1;
                const bool want = ids[i] != WindowForm::kNone && ids[j] != WindowForm::kNone &&
                                  priority::has_priority(ps[ids[i]], ps[ids[j]]);
                ASSERT_EQ(got, want) << "round " << round << ": " << i << " " << j;
                holds += want;
                ++cells;
            }
        std::vector<std::uint64_t> untouched{42};
        EXPECT_FALSE(w.priority_matrix(ids, 0, untouched));
        EXPECT_EQ(untouched, std::vector<std::uint64_t>{42});
    }
    EXPECT_GT(holds, cells / 10);
    EXPECT_LT(holds, cells * 9 / 10);
}

TEST(WindowForm, KeepsOnlyProfilesOfFewSteps) {
    WindowForm w;
    EXPECT_EQ(w.add(Profile(WindowForm::kMaxSteps + 1, 0)), 0u);
    EXPECT_EQ(w.add(Profile(WindowForm::kMaxSteps + 2, 0)), WindowForm::kNone);
    EXPECT_EQ(w.size(), 1u);
}

}  // namespace
}  // namespace ics::test_sweep
