// The greedy fallback for large unknown blocks, and throughput of
// schedule_block on many tiny blocks.
#include <chrono>
#include <cstdio>

#include "block_test_util.hpp"

namespace ics::blocks::test {
namespace {

TEST(Greedy, LargeUnknownBlocks) {
    SplitMix64 rng(6);
    for (int it = 0; it < 20; ++it) {
        const auto tops = 31 + static_cast<std::uint32_t>(rng.below(400));
        const auto bottoms = 31 + static_cast<std::uint32_t>(rng.below(400));
        const TestBlock tb = materialise(random_spec(tops, bottoms, 0.02 + 0.05 * rng.uniform(), rng),
                                         static_cast<std::uint64_t>(it) + 1);
        const BlockSchedule r = schedule_block(tb.dag, tb.sources);
        if (r.kind == Kind::pbt) continue;  // a random sparse block can be a caterpillar
        EXPECT_EQ(r.kind, Kind::greedy);
        EXPECT_FALSE(r.proven);
        EXPECT_TRUE(r.ico_exists);
        EXPECT_EQ(r.shape, "bipartite(" + std::to_string(tops) + " sources)");
        expect_consistent(tb.dag, tb.sources, r);
    }
}

TEST(Greedy, OptimalOnTheClosedForms) {
    // Not a guarantee in general, but the greedy rule does find the ICO
    // orders of W, M, N, C and Q blocks.
    std::vector<Spec> specs;
    for (std::uint32_t s = 1; s <= 9; ++s)
        for (std::uint32_t d = 2; d <= 4; ++d) {
            specs.push_back(w_spec(s, d));
            if (s * (d - 1) + 1 <= 16) specs.push_back(m_spec(s, d));
        }
    for (std::uint32_t s = 2; s <= 12; ++s) {
        specs.push_back(n_spec(s));
        specs.push_back(c_spec(s));
        specs.push_back(q_spec(s, 3));
    }
    int i = 0;
    for (const Spec& spec : specs) {
        const TestBlock tb = materialise(spec, static_cast<std::uint64_t>(++i));
        const BlockSchedule r = greedy_block_schedule(tb.dag, tb.sources);
        EXPECT_EQ(r.kind, Kind::greedy);
        expect_consistent(tb.dag, tb.sources, r);
        EXPECT_EQ(r.profile, bf_max_profile(tb.dag, tb.sources)) << schedule_block(tb.dag, tb.sources).shape;
    }
}

TEST(Greedy, QualityOnRandomBlocks) {
    // Information: how often the greedy order is ICO when one exists.
    SplitMix64 rng(10);
    int exists = 0, hit = 0;
    for (int it = 0; it < 1000; ++it) {
        const TestBlock tb = materialise(random_spec(2 + static_cast<std::uint32_t>(rng.below(10)),
                                                     2 + static_cast<std::uint32_t>(rng.below(10)), 0.3, rng),
                                         static_cast<std::uint64_t>(it) + 1);
        const auto max = bf_max_profile(tb.dag, tb.sources);
        if (bf_lexmax_profile(tb.dag, tb.sources) != max) continue;
        ++exists;
        const BlockSchedule r = greedy_block_schedule(tb.dag, tb.sources);
        expect_consistent(tb.dag, tb.sources, r);
        hit += r.profile == max;
    }
    RecordProperty("ico_exists", exists);
    RecordProperty("greedy_is_ico", hit);
    std::printf("greedy order is ICO on %d of %d random blocks that admit one\n", hit, exists);
}

TEST(GreedyPerf, SixtyThousandButterflies) {
    // 60,000 disjoint C_2 butterflies (an FFT-sized workload of tiny blocks).
    constexpr std::uint32_t kBlocks = 60000;
    DagBuilder b;
    b.reserve(4 * kBlocks, 4 * kBlocks);
    std::vector<std::vector<NodeId>> blocks(kBlocks);
    for (std::uint32_t k = 0; k < kBlocks; ++k) {
        const std::string p = std::to_string(k);
        const NodeId u = b.add_node("u" + p), v = b.add_node("v" + p), x = b.add_node("x" + p),
                     y = b.add_node("y" + p);
        for (NodeId s : {u, v})
            for (NodeId t : {x, y}) b.add_arc(s, t);
        blocks[k] = {u, v};
    }
    const Dag g = b.build();
    const auto t0 = std::chrono::steady_clock::now();
    std::uint64_t check = 0;
    for (const auto& src : blocks) {
        const BlockSchedule r = schedule_block(g, src);
        check += r.profile.back() + (r.kind == Kind::cycle_dag);
    }
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("60,000 butterflies through schedule_block: %.3f s (%.2f us each)\n", s, s / kBlocks * 1e6);
    EXPECT_EQ(check, 3ull * kBlocks);
}

TEST(GreedyPerf, MixedSmallBlocks) {
    // 20,000 random small blocks (<= 8 sources) that mostly reach the exact search.
    SplitMix64 rng(12);
    std::vector<TestBlock> tbs;
    for (int it = 0; it < 20000; ++it)
        tbs.push_back(materialise(random_spec(2 + static_cast<std::uint32_t>(rng.below(7)),
                                              2 + static_cast<std::uint32_t>(rng.below(7)), 0.4, rng),
                                  0));
    const auto t0 = std::chrono::steady_clock::now();
    int exact = 0;
    for (const TestBlock& tb : tbs) exact += schedule_block(tb.dag, tb.sources).kind == Kind::exact;
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("20,000 random blocks of 2..8 sources: %.3f s (%d by exact search)\n", s, exact);
}

}  // namespace
}  // namespace ics::blocks::test
