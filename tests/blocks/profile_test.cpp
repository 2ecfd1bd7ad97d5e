// block_profile: profile[x] = block sinks all of whose parents are among the
// first x sources of the order (sweep-algorithm.txt §2, E_Σ on nonsources).
#include "block_test_util.hpp"

namespace ics::blocks::test {
namespace {

TEST(Profile, Definition) {
    // s0 -> a, b; s1 -> b, c; s2 -> c, d, e.
    const Spec spec{3, 5, {{0, 0}, {0, 1}, {1, 1}, {1, 2}, {2, 2}, {2, 3}, {2, 4}}};
    const TestBlock tb = materialise(spec, 0);
    const auto& s = tb.sources;
    EXPECT_EQ(block_profile(tb.dag, std::vector<NodeId>{s[0], s[1], s[2]}), (std::vector<std::uint32_t>{0, 1, 2, 5}));
    EXPECT_EQ(block_profile(tb.dag, std::vector<NodeId>{s[2], s[1], s[0]}), (std::vector<std::uint32_t>{0, 2, 3, 5}));
    EXPECT_EQ(block_profile(tb.dag, std::vector<NodeId>{s[1], s[0], s[2]}), (std::vector<std::uint32_t>{0, 0, 2, 5}));
    // A single source: [0, children].
    EXPECT_EQ(block_profile(tb.dag, std::vector<NodeId>{s[2]}), (std::vector<std::uint32_t>{0, 3}));
}

TEST(Profile, OnlyBlockArcsCount) {
    // Unrelated nodes and arcs around the block (materialise with a seed) change nothing.
    SplitMix64 rng(8);
    for (int it = 0; it < 500; ++it) {
        const Spec spec = random_spec(1 + static_cast<std::uint32_t>(rng.below(9)),
                                      1 + static_cast<std::uint32_t>(rng.below(9)), 0.4, rng);
        const TestBlock tb = materialise(spec, static_cast<std::uint64_t>(it) + 1);
        std::vector<std::uint32_t> idx(tb.sources.size());
        for (std::uint32_t i = 0; i < idx.size(); ++i) idx[i] = i;
        shuffle(idx, rng);
        std::vector<NodeId> order;
        for (std::uint32_t i : idx) order.push_back(tb.sources[i]);
        EXPECT_EQ(block_profile(tb.dag, order), bf_profile(tb.dag, tb.sources, order)) << it;
    }
}

TEST(Profile, Errors) {
    const TestBlock tb = materialise(c_spec(3), 0);
    EXPECT_THROW(block_profile(tb.dag, std::vector<NodeId>{}), Error);
    EXPECT_THROW(block_profile(tb.dag, std::vector<NodeId>{tb.sources[0], tb.sources[0]}), Error);
}

}  // namespace
}  // namespace ics::blocks::test
