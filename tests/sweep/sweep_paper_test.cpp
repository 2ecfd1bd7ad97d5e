// The worked examples of sweep-algorithm.txt §3.2 and §5 (Tables 2 and 3),
// re-derived: the printed tables are checked to be sum tables of their
// headers, and every claim is decided by exhaustive search as well as by
// IC-Sweep. Also the API's edge cases.
#include <set>

#include "priority/priority.hpp"
#include "sweep/ic_sweep.hpp"
#include "sweep_test_util.hpp"

namespace ics::test_sweep {
namespace {

using priority::has_priority;
using sweep::ic_sweep;
using sweep::kNone;
using Table = std::vector<std::vector<std::uint32_t>>;
using Paths = std::vector<std::vector<std::uint32_t>>;

// The printed table E must be E(i,j) = E1(i)+E2(j) with E1 = column 0 and
// E2 = row 0 (E(0,0) = 0); returns {E1, E2}.
std::pair<Profile, Profile> headers(const Table& e) {
    Profile e1, e2 = e[0];
    for (const auto& row : e) e1.push_back(row[0]);
    EXPECT_EQ(e[0][0], 0u);
    for (std::size_t i = 0; i < e.size(); ++i)
        for (std::size_t j = 0; j < e[i].size(); ++j) EXPECT_EQ(e[i][j], e1[i] + e2[j]) << i << "," << j;
    return {e1, e2};
}

bool interleaves(const std::vector<std::uint32_t>& path) {  // neither "L" nor "7"
    return !std::is_sorted(path.begin(), path.end()) && !std::is_sorted(path.rbegin(), path.rend());
}

const Profile kB1{0, 4, 6}, kB2{0, 3, 5}, kB3{0, 0, 1}, kB6{0, 0, 0, 1}, kB5{0, 0, 0, 0, 1};

TEST(SweepPaper, Table2LeftB1PlusB2NeedsInterleaving) {
    const auto [b1, b2] = headers({{0, 3, 5}, {4, 7, 9}, {6, 9, 11}});
    ASSERT_EQ(b1, kB1);
    ASSERT_EQ(b2, kB2);
    // (a) neither B1 ▷ B2 nor B2 ▷ B1
    EXPECT_FALSE(has_priority(b1, b2));
    EXPECT_FALSE(has_priority(b2, b1));
    // (b), (c): exactly two IC-optimal paths, through (1,1) = 7, both interleaving
    const Paths all = ico_interleavings({b1, b2});
    EXPECT_EQ(all, (Paths{{0, 1, 0, 1}, {0, 1, 1, 0}}));
    for (const auto& p : all) EXPECT_TRUE(interleaves(p));
    const std::vector<Profile> ps{b1, b2};
    const auto r = ic_sweep(ps);
    EXPECT_TRUE(r.ico);
    EXPECT_EQ(r.path, all[0]);  // G1's steps as early as possible
    EXPECT_EQ(r.profile, (Profile{0, 4, 7, 9, 11}));
    EXPECT_EQ(r.envelope, r.profile);
    EXPECT_FALSE(r.chain);
    EXPECT_EQ(r.pairs, (std::vector<std::uint8_t>{0, 0, 0, 0}));  // not even B1 ▷ B1: 4+4 > 6
    EXPECT_EQ(r.failed_group, kNone);
    EXPECT_NE(r.reason.find("summand 0 \u25B7 summand 1 fails at x=1, y=1"), std::string::npos) << r.reason;
}

TEST(SweepPaper, Table2CenterG3HasNoIcoSchedule) {
    const auto [l, rr] = headers({{0, 0, 2}, {1, 1, 3}});
    ASSERT_EQ(l, (Profile{0, 1}));
    ASSERT_EQ(rr, (Profile{0, 0, 2}));
    // By hand: diagonal 1 = {E(1,0)=1, E(0,1)=0} keeps only (1,0); diagonal 2 =
    // {E(1,1)=1, E(0,2)=2}: the maximum (0,2) is not adjacent to (1,0).
    EXPECT_TRUE(ico_interleavings({l, rr}).empty());
    const std::vector<Profile> ps{l, rr};
    const auto r = ic_sweep(ps);
    EXPECT_FALSE(r.ico);
    EXPECT_FALSE(r.chain);
    EXPECT_EQ(r.failed_group, 0u);
    EXPECT_EQ(r.failed_diagonal, 2u);
    EXPECT_TRUE(r.path.empty());
    EXPECT_TRUE(r.profile.empty());
    EXPECT_EQ(r.envelope, (Profile{0, 1, 2, 3}));
    EXPECT_NE(r.reason.find("diagonal 2"), std::string::npos) << r.reason;
}

TEST(SweepPaper, Table2RightG4HasNoIcoSchedule) {
    const auto [l, rr] = headers({{0, 0, 0, 1, 3}, {0, 0, 0, 1, 3}, {1, 1, 1, 2, 4}, {2, 2, 2, 3, 5}});
    ASSERT_EQ(l, (Profile{0, 0, 1, 2}));
    ASSERT_EQ(rr, (Profile{0, 0, 0, 1, 3}));
    // By hand: maxima 0 | 1 at (2,0) | 2 at (3,0) | 3 only at (0,4), whose
    // neighbours (0,3) (value 1 on diagonal 3, max 2) are NO: fails at t = 4.
    EXPECT_TRUE(ico_interleavings({l, rr}).empty());
    const std::vector<Profile> ps{l, rr};
    const auto r = ic_sweep(ps);
    EXPECT_FALSE(r.ico);
    EXPECT_EQ(r.failed_group, 0u);
    EXPECT_EQ(r.failed_diagonal, 4u);
    EXPECT_EQ(r.envelope, (Profile{0, 0, 1, 2, 3, 3, 4, 5}));
    const auto best = table_maxima(ps);
    EXPECT_TRUE(std::equal(best.begin(), best.end(), r.envelope.begin(), r.envelope.end()));
}

TEST(SweepPaper, Table3Priorities) {
    struct Case {
        Table table;
        Profile row, col;
    };
    const std::vector<Case> cases{
        {{{0, 0, 1}, {4, 4, 5}, {6, 6, 7}}, kB1, kB3},                           // B1 ▷ (B3 = B4)
        {{{0, 0, 1}, {3, 3, 4}, {5, 5, 6}}, kB2, kB3},                           // B2 ▷ (B3 = B4)
        {{{0, 0, 0, 1}, {0, 0, 0, 1}, {1, 1, 1, 2}}, kB3, kB6},                  // B4 ▷ B6
        {{{0, 0, 0, 0, 1}, {0, 0, 0, 0, 1}, {0, 0, 0, 0, 1}, {1, 1, 1, 1, 2}}, kB6, kB5},  // B6 ▷ B5
    };
    for (const auto& c : cases) {
        const auto [e1, e2] = headers(c.table);
        ASSERT_EQ(e1, c.row);
        ASSERT_EQ(e2, c.col);
        EXPECT_TRUE(has_priority(e1, e2));
        EXPECT_TRUE(naive_priority(e1, e2));
        // strict: the converse fails (x=0, y=1 for the first two; the later block
        // completes a sink earlier, so executing it first falls short)
        EXPECT_FALSE(has_priority(e2, e1));
        const std::vector<Profile> ps{e1, e2};
        const auto r = ic_sweep(ps);
        EXPECT_TRUE(r.ico);
        EXPECT_TRUE(r.chain);
        EXPECT_EQ(r.profile, concat_profile(ps));
        std::vector<std::uint32_t> l_path(e1.size() - 1, 0);
        l_path.resize(l_path.size() + e2.size() - 1, 1);
        EXPECT_EQ(r.path, l_path);  // the sweep returns the L path when it is optimal
        EXPECT_TRUE(r.reason.empty()) << r.reason;
    }
}

// §5 item 1: (B1 + B2) ▷ B3 ▷ B4 ▷ B6 ▷ B5 ▷ B7 with B3 = B4, B5 = B7.
TEST(SweepPaper, Section5FirstDagLinearization) {
    const std::vector<Profile> pair{kB1, kB2};
    const Profile b12 = ic_sweep(pair).profile;
    EXPECT_TRUE(has_priority(b12, kB3));  // Theorem 4.1 from B1 ▷ B3, B2 ▷ B3
    const std::vector<Profile> chain{b12, kB3, kB3, kB6, kB5, kB5};
    const auto rc = ic_sweep(chain);
    EXPECT_TRUE(rc.ico);
    EXPECT_TRUE(rc.chain);
    EXPECT_EQ(rc.profile, concat_profile(chain));
    EXPECT_TRUE(std::is_sorted(rc.path.begin(), rc.path.end()));  // block after block
    // the seven CBBBs as one sum: IC-optimal, but no ▷-chain in that order
    const std::vector<Profile> seven{kB1, kB2, kB3, kB3, kB6, kB5, kB5};
    const auto r7 = ic_sweep(seven);
    EXPECT_TRUE(r7.ico);
    EXPECT_FALSE(r7.chain);
    EXPECT_EQ(r7.profile, rc.profile);
    EXPECT_EQ(sweep::path_profile(seven, r7.path), r7.profile);
}

TEST(SweepPaper, Table3FmriPairIsScheduledByInterleaving) {
    const auto [l, rr] = headers({{0, 3, 4, 5}, {3, 6, 7, 8}, {4, 7, 8, 9}, {5, 8, 9, 10}});
    ASSERT_EQ(l, (Profile{0, 3, 4, 5}));
    ASSERT_EQ(rr, l);
    EXPECT_FALSE(has_priority(l, rr));  // x=1,y=1: 6 > E(2,0) = 4
    // Diagonal 2's only maximum is (1,1) = 6; past it every cell of [1,3]² is
    // maximal: 2 · C(4,2) = 12 IC-optimal paths, all interleaving.
    const Paths all = ico_interleavings({l, rr});
    EXPECT_EQ(all.size(), 12u);
    for (const auto& p : all) EXPECT_NE(p[0], p[1]);
    const std::vector<Profile> ps{l, rr};
    const auto r = ic_sweep(ps);
    ASSERT_TRUE(r.ico);
    EXPECT_TRUE(interleaves(r.path));
    EXPECT_EQ(r.profile, (Profile{0, 3, 6, 7, 8, 9, 10}));
    // the order of tasks: right-to-left schedules of G(L) and G(R)
    const std::vector<std::vector<std::uint32_t>> sched{{12, 11, 10}, {22, 21, 20}};
    const auto order = sweep::interleave(sched, r.path);
    ASSERT_EQ(order.size(), 6u);
    EXPECT_EQ(std::set<std::uint32_t>(order.begin(), order.end()), (std::set<std::uint32_t>{10, 11, 12, 20, 21, 22}));
}

TEST(SweepApi, SingleSummandIsTriviallyIco) {
    const std::vector<Profile> one{kB1};
    const auto r = ic_sweep(one);
    EXPECT_TRUE(r.ico);
    EXPECT_TRUE(r.chain);
    EXPECT_EQ(r.path, (std::vector<std::uint32_t>{0, 0}));
    EXPECT_EQ(r.profile, kB1);
    EXPECT_EQ(r.envelope, kB1);
    EXPECT_EQ(r.pairs, (std::vector<std::uint8_t>{0}));  // B1 ▷ B1 fails at x=y=1
    const std::vector<Profile> m3{{0, 0, 0, 1}};
    EXPECT_EQ(ic_sweep(m3).pairs, (std::vector<std::uint8_t>{1}));
}

TEST(SweepApi, RejectsBadInput) {
    expect_errc([] { ic_sweep(std::span<const Profile>{}); }, Errc::invalid_argument, "no profiles");
    const std::vector<Profile> empty{kB1, {}};
    expect_errc([&] { ic_sweep(empty); }, Errc::invalid_argument, "summand 1: empty");
    const std::vector<Profile> nonzero{kB1, kB2, {1, 2}};
    expect_errc([&] { ic_sweep(nonzero); }, Errc::invalid_argument, "summand 2: E(0) = 1");
    expect_errc([] { sweep::two_sweep(Profile{2}, kB1); }, Errc::invalid_argument, "G1");
    expect_errc([] { sweep::max_plus(kB1, Profile{}); }, Errc::invalid_argument, "G2");
}

TEST(SweepApi, EmptySummandsAreNeutral) {
    const std::vector<Profile> ps{{0}, kB1, {0}, kB2, {0}};
    const auto r = ic_sweep(ps);
    ASSERT_TRUE(r.ico);
    EXPECT_EQ(r.profile, (Profile{0, 4, 7, 9, 11}));
    EXPECT_EQ(std::count(r.path.begin(), r.path.end(), 1u), 2);
    EXPECT_EQ(std::count(r.path.begin(), r.path.end(), 3u), 2);
    EXPECT_EQ(sweep::path_profile(ps, r.path), r.profile);
    const std::vector<Profile> chain{kB3, {0}, kB6, {0}};
    EXPECT_TRUE(ic_sweep(chain).chain);
    const std::vector<Profile> nothing{{0}, {0}};
    const auto z = ic_sweep(nothing);
    EXPECT_TRUE(z.ico && z.chain && z.path.empty());
    EXPECT_EQ(z.profile, (Profile{0}));
}

TEST(SweepApi, InterleaveAndPathProfileValidate) {
    const std::vector<std::vector<std::uint32_t>> sched{{10, 11}, {20, 21}};
    EXPECT_EQ(sweep::interleave(sched, std::vector<std::uint32_t>{0, 1, 1, 0}),
              (std::vector<std::uint32_t>{10, 20, 21, 11}));
    expect_errc([&] { sweep::interleave(sched, std::vector<std::uint32_t>{0, 1, 1}); }, Errc::invalid_argument,
                "summand 0 1 times, expected 2");
    expect_errc([&] { sweep::interleave(sched, std::vector<std::uint32_t>{0, 1, 1, 1}); }, Errc::invalid_argument,
                "more than its 2 steps");
    expect_errc([&] { sweep::interleave(sched, std::vector<std::uint32_t>{0, 2, 1, 1}); }, Errc::invalid_argument,
                "summand 2 of 2");
    const std::vector<Profile> ps{kB1, kB2};
    EXPECT_EQ(sweep::path_profile(ps, std::vector<std::uint32_t>{0, 0, 1, 1}), (Profile{0, 4, 6, 9, 11}));
    expect_errc([&] { sweep::path_profile(ps, std::vector<std::uint32_t>{0, 0, 1}); }, Errc::invalid_argument);
}

TEST(SweepApi, OptionsSkipWork) {
    const std::vector<Profile> ps{{0, 1}, {0, 0, 2}, kB1};
    sweep::SweepOptions o;
    o.path = o.pairs = o.envelope = false;
    const auto r = ic_sweep(ps, o);
    EXPECT_FALSE(r.ico);
    EXPECT_EQ(r.failed_group, 0u);
    EXPECT_TRUE(r.pairs.empty() && r.envelope.empty());
    const std::vector<Profile> ok{kB1, kB2};
    const auto s = ic_sweep(ok, o);
    EXPECT_TRUE(s.ico);
    EXPECT_TRUE(s.path.empty());
    EXPECT_EQ(s.profile, (Profile{0, 4, 7, 9, 11}));
}

}  // namespace
}  // namespace ics::test_sweep
