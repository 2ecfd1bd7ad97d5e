// Planar bipartite trees: recognition (bipartite caterpillars) and the
// slides' greedy Σ_S, checked against brute force.
#include <algorithm>
#include <chrono>
#include <cstdio>

#include "block_test_util.hpp"
#include "blocks/block_detail.hpp"
#include "families/families.hpp"

namespace ics::blocks::test {
namespace {

bool closed_form(Kind k) {
    return k == Kind::trivial || k == Kind::w_dag || k == Kind::m_dag || k == Kind::n_dag || k == Kind::q_dag;
}

std::vector<int> reversed(std::vector<int> d) {
    std::reverse(d.begin(), d.end());
    return d;
}

TEST(Pbt, SlidesExample) {
    // P[4,1/2,2]: 2 sources; the first alone renders 3 sinks, both render 5.
    const TestBlock tb = materialise(pbt_spec({4, -2, 2}), 0);
    ASSERT_EQ(tb.sources.size(), 2u);
    const BlockSchedule r = schedule_block(tb.dag, tb.sources);
    EXPECT_EQ(r.kind, Kind::pbt);
    EXPECT_TRUE(r.shape == "P[4,1/2,2]" || r.shape == "P[2,1/2,4]") << r.shape;
    EXPECT_EQ(r.order, tb.sources);
    EXPECT_EQ(r.profile, (std::vector<std::uint32_t>{0, 3, 5}));
}

TEST(Pbt, RandomDeltasAreIcOptimal) {
    SplitMix64 rng(77);
    int pbt = 0, total = 0;
    for (int it = 0; it < 3000; ++it) {
        const std::vector<int> delta = random_delta(1 + static_cast<std::uint32_t>(rng.below(9)), 5, rng);
        const Spec spec = pbt_spec(delta);
        if (spec.tops > 16) continue;
        const TestBlock tb = materialise(spec, static_cast<std::uint64_t>(it) + 1);
        const BlockSchedule r = schedule_block(tb.dag, tb.sources);
        const std::string want = delta_text(delta);
        SCOPED_TRACE(want);
        if (r.kind == Kind::pbt) {
            ++pbt;
            EXPECT_TRUE(r.shape == want || r.shape == delta_text(reversed(delta))) << r.shape;
        } else {
            EXPECT_TRUE(closed_form(r.kind)) << r.shape;
        }
        EXPECT_TRUE(r.proven);
        EXPECT_EQ(r.profile, bf_max_profile(tb.dag, tb.sources));
        expect_consistent(tb.dag, tb.sources, r);
        ++total;
    }
    RecordProperty("pbt", pbt);
    RecordProperty("total", total);
    EXPECT_GT(pbt, 1500);
}

TEST(Pbt, RandomCaterpillarsAreIcOptimal) {
    SplitMix64 rng(91);
    int pbt = 0;
    for (int it = 0; it < 3000; ++it) {
        const Spec spec = random_caterpillar_spec(1 + static_cast<std::uint32_t>(rng.below(10)),
                                                  static_cast<std::uint32_t>(rng.below(4)), rng);
        if (spec.tops > 16 || spec.tops < 2) continue;
        const TestBlock tb = materialise(spec, static_cast<std::uint64_t>(it) + 1);
        const BlockSchedule r = schedule_block(tb.dag, tb.sources);
        EXPECT_TRUE(r.kind == Kind::pbt || closed_form(r.kind)) << r.shape;
        pbt += r.kind == Kind::pbt;
        EXPECT_TRUE(r.proven);
        EXPECT_EQ(r.profile, bf_max_profile(tb.dag, tb.sources)) << "it " << it << " " << r.shape;
        expect_consistent(tb.dag, tb.sources, r);
    }
    RecordProperty("pbt", pbt);
    EXPECT_GT(pbt, 1000);
}

TEST(Pbt, LargerCaterpillarsMatchExactSearch) {
    // 17..24 sources: compared with the exhaustive M(x) of lib/blocks (itself
    // checked against brute force in exact_test.cpp).
    SplitMix64 rng(5);
    int checked = 0;
    for (int it = 0; it < 400 && checked < 60; ++it) {
        const Spec spec = random_caterpillar_spec(6 + static_cast<std::uint32_t>(rng.below(12)), 3, rng);
        if (spec.tops < 17 || spec.tops > 24) continue;
        const TestBlock tb = materialise(spec, static_cast<std::uint64_t>(it) + 1);
        const BlockSchedule r = schedule_block(tb.dag, tb.sources);
        EXPECT_TRUE(r.proven);
        EXPECT_EQ(r.profile, block_max_profile(tb.dag, tb.sources)) << r.shape;
        ++checked;
    }
    EXPECT_GE(checked, 30);
}

TEST(Pbt, OtherTreesAreNotPbts) {
    // A spider with three legs of length 2 around a source hub is a tree but
    // no caterpillar; count how many random non-caterpillar trees admit an
    // ICO order at all (information only).
    const Spec spider{4, 3, {{0, 0}, {0, 1}, {0, 2}, {1, 0}, {2, 1}, {3, 2}}};
    const TestBlock tb = materialise(spider, 3);
    const BlockSchedule r = schedule_block(tb.dag, tb.sources);
    EXPECT_EQ(r.kind, Kind::exact);
    EXPECT_FALSE(recognize_block(tb.dag, tb.sources).has_value());
    SplitMix64 rng(123);
    int trees = 0, ico = 0;
    for (int it = 0; it < 1500; ++it) {
        const Spec spec = random_tree_spec(2 + static_cast<std::uint32_t>(rng.below(11)),
                                           2 + static_cast<std::uint32_t>(rng.below(11)), rng);
        const TestBlock t = materialise(spec, static_cast<std::uint64_t>(it) + 1);
        const BlockSchedule s = schedule_block(t.dag, t.sources);
        if (s.kind != Kind::exact) continue;
        ++trees;
        ico += s.ico_exists;
        EXPECT_EQ(s.ico_exists, bf_lexmax_profile(t.dag, t.sources) == bf_max_profile(t.dag, t.sources));
    }
    RecordProperty("non_caterpillar_trees", trees);
    RecordProperty("with_ico", ico);
    std::printf("non-caterpillar random trees: %d, admitting an ICO order: %d\n", trees, ico);
}

TEST(Pbt, BigCaterpillar) {
    SplitMix64 rng(8);
    const Spec spec = random_caterpillar_spec(800, 3, rng);
    const TestBlock tb = materialise(spec, 9);
    const BlockSchedule r = schedule_block(tb.dag, tb.sources);
    EXPECT_EQ(r.kind, Kind::pbt);
    expect_consistent(tb.dag, tb.sources, r);
    BlockOptions small;
    small.pbt_max_work = 1000;
    EXPECT_EQ(schedule_block(tb.dag, tb.sources, small).kind, Kind::greedy);
}

}  // namespace
}  // namespace ics::blocks::test

namespace ics::blocks::test {
namespace {

TEST(PbtPerf, LargeCaterpillars) {
    SplitMix64 rng(44);
    for (std::uint32_t hubs : {500u, 1000u, 2000u, 4000u}) {
        for (int regular = 0; regular < 2; ++regular) {
            // regular: every hub of degree 3 (one leaf each), P[2,1/3,3,1/3,...,3]: ties everywhere
            Spec spec;
            if (regular) {
                std::vector<int> delta{2};
                for (std::uint32_t h = 1; h < hubs; ++h) delta.push_back(h % 2 ? -3 : 3);
                spec = pbt_spec(delta);
            } else {
                spec = random_caterpillar_spec(hubs, 3, rng);
            }
            if (spec.tops > 4096) continue;
            const TestBlock tb = materialise(spec, hubs);
            const auto t0 = std::chrono::steady_clock::now();
            const BlockSchedule r = schedule_block(tb.dag, tb.sources);
            const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
            std::printf("PBT greedy, %u sources (%s): %.3f s, kind %s\n", spec.tops, regular ? "regular" : "random", s,
                        kind_name(r.kind));
            if (!regular) {
                EXPECT_EQ(r.kind, Kind::pbt);
            }
            EXPECT_EQ(r.profile, block_profile(tb.dag, r.order));
        }
    }
}

// Σ_S kept up to date step by step against the former greedy that rebuilt
// the strands at every step: the same order on random caterpillars and
// zigzagged δ of all sizes (ties on u(1) included), and on the fMRI summand.
TEST(Pbt, IncrementalGreedyMatchesReference) {
    SplitMix64 rng(2027);
    int compared = 0;
    const auto compare = [&](const TestBlock& tb, const std::string& what) {
        const detail::LocalBlock lb = detail::make_local_block(tb.dag, tb.sources);
        BlockSchedule fast, slow;
        const bool a = detail::schedule_pbt(lb.view(), fast, std::uint64_t{1} << 40, false);
        const bool b = detail::schedule_pbt(lb.view(), slow, std::uint64_t{1} << 40, true);
        ASSERT_EQ(a, b) << what;
        if (!a) return;
        ASSERT_EQ(fast.order, slow.order) << what;
        ASSERT_EQ(fast.profile, slow.profile) << what;
        ++compared;
    };
    for (int it = 0; it < 1500; ++it) {
        const Spec spec = it % 2 ? random_caterpillar_spec(1 + static_cast<std::uint32_t>(rng.below(40)),
                                                           static_cast<std::uint32_t>(rng.below(5)), rng)
                                 : pbt_spec(random_delta(1 + static_cast<std::uint32_t>(rng.below(30)),
                                                         1 + static_cast<std::uint32_t>(rng.below(5)), rng));
        if (spec.tops < 2) continue;
        compare(materialise(spec, static_cast<std::uint64_t>(it) + 1), "it " + std::to_string(it));
        if (HasFatalFailure()) return;
    }
    EXPECT_GE(compared, 1000);
    // One fMRI summand (width 200): the left half of fmri(200) is a PBT.
    const Dag f = families::fmri(200);
    std::vector<NodeId> left;
    for (NodeId v = 0; v < 200; ++v) left.push_back(v);
    compare(TestBlock{f, left, {}}, "fmri(200) left summand");
}

}  // namespace
}  // namespace ics::blocks::test
