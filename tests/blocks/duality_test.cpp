// Duality (clustering.txt §2.2.2, Theorem 2.3(a)): dual dags, dual schedules,
// and IC-optimality of the dual of an IC-optimal schedule, by brute force.
#include <algorithm>

#include "block_test_util.hpp"
#include "blocks/duality.hpp"

namespace ics::blocks::test {
namespace {

// E(t) along `order` (every node once) and the maximum over down-sets of size
// t, for a whole dag of at most 16 nodes.
std::vector<std::uint32_t> eligible_along(const Dag& g, const std::vector<NodeId>& order) {
    std::vector<std::uint32_t> out;
    std::vector<std::uint8_t> done(g.node_count(), 0);
    for (std::size_t t = 0; t <= order.size(); ++t) {
        if (t > 0) done[order[t - 1]] = 1;
        std::uint32_t e = 0;
        for (NodeId v = 0; v < g.node_count(); ++v) {
            if (done[v]) continue;
            bool ok = true;
            for (NodeId p : g.parents(v)) ok = ok && done[p];
            e += ok;
        }
        out.push_back(e);
    }
    return out;
}
std::uint32_t parent_mask(const Dag& g, NodeId v) {
    std::uint32_t m = 0;
    for (NodeId p : g.parents(v)) m |= 1u << p;
    return m;
}
bool is_downset(const Dag& g, std::uint32_t s) {
    for (NodeId v = 0; v < g.node_count(); ++v)
        if ((s >> v & 1) && (parent_mask(g, v) & ~s)) return false;
    return true;
}
std::uint32_t elig(const Dag& g, std::uint32_t s) {
    std::uint32_t e = 0;
    for (NodeId v = 0; v < g.node_count(); ++v) e += !(s >> v & 1) && (parent_mask(g, v) & ~s) == 0;
    return e;
}
std::vector<std::uint32_t> max_eligible(const Dag& g) {
    std::vector<std::uint32_t> m(g.node_count() + 1, 0);
    for (std::uint32_t s = 0; s < (1u << g.node_count()); ++s)
        if (is_downset(g, s)) m[__builtin_popcount(s)] = std::max(m[__builtin_popcount(s)], elig(g, s));
    return m;
}
// An ICO schedule of g (down-set chain meeting the maximum), or empty.
std::vector<NodeId> ico_schedule(const Dag& g) {
    const auto m = max_eligible(g);
    const NodeId n = g.node_count();
    std::vector<std::uint8_t> reach(1u << n, 0);
    reach[0] = 1;
    for (std::uint32_t s = 1; s < (1u << n); ++s) {
        if (!is_downset(g, s) || elig(g, s) != m[__builtin_popcount(s)]) continue;
        for (NodeId v = 0; v < n; ++v)
            if ((s >> v & 1) && reach[s & ~(1u << v)]) reach[s] = 1;
    }
    if (!reach[(1u << n) - 1]) return {};
    std::vector<NodeId> order(n);
    std::uint32_t s = (1u << n) - 1;
    for (std::uint32_t k = n; k-- > 0;)
        for (NodeId v = 0; v < n; ++v)
            if ((s >> v & 1) && reach[s & ~(1u << v)]) {
                order[k] = v;
                s &= ~(1u << v);
                break;
            }
    return order;
}
bool valid_order(const Dag& g, const std::vector<NodeId>& order) {
    if (order.size() != g.node_count()) return false;
    std::vector<std::uint8_t> done(g.node_count(), 0);
    for (NodeId v : order) {
        if (v >= g.node_count() || done[v]) return false;
        for (NodeId p : g.parents(v))
            if (!done[p]) return false;
        done[v] = 1;
    }
    return true;
}

TEST(Duality, DualDag) {
    SplitMix64 rng(3);
    const TestBlock tb = materialise(random_spec(6, 8, 0.4, rng), 5);
    const Dag d = dual(tb.dag);
    ASSERT_EQ(d.node_count(), tb.dag.node_count());
    EXPECT_EQ(d.arc_count(), tb.dag.arc_count());
    for (NodeId v = 0; v < d.node_count(); ++v) {
        EXPECT_EQ(d.name(v), tb.dag.name(v));
        const auto a = d.parents(v), b = tb.dag.children(v);
        EXPECT_TRUE(std::equal(a.begin(), a.end(), b.begin(), b.end()));
    }
    const Dag dd = dual(d);
    for (NodeId v = 0; v < dd.node_count(); ++v) {
        const auto a = dd.children(v), b = tb.dag.children(v);
        EXPECT_TRUE(std::equal(a.begin(), a.end(), b.begin(), b.end()));
    }
    EXPECT_EQ(dual(Dag()).node_count(), 0u);
}

TEST(Duality, PacketsOfW22) {
    // u1 -> a, b; u2 -> b, c. Σ = u1, u2 renders P1 = {a}, P2 = {b, c}; the
    // dual runs P2, P1, then the sinks of the dual (u1, u2).
    const NodeId u1 = 0, u2 = 1, a = 2, bb = 3, c = 4;
    const Dag g = small_dag({"u1", "u2", "a", "b", "c"}, {{u1, a}, {u1, bb}, {u2, bb}, {u2, c}});
    const std::vector<NodeId> order{u1, u2};
    EXPECT_EQ(dual_schedule(g, order), (std::vector<NodeId>{bb, c, a, u1, u2}));
    const std::vector<NodeId> full{u1, u2, c, a, bb};  // sinks in the order are ignored
    EXPECT_EQ(dual_schedule(g, full), (std::vector<NodeId>{bb, c, a, u1, u2}));
    const std::vector<NodeId> rev{u2, u1};  // P1 = {c}, P2 = {a, b}
    EXPECT_EQ(dual_schedule(g, rev), (std::vector<NodeId>{a, bb, c, u1, u2}));
}

TEST(Duality, Errors) {
    const NodeId x = 0, y = 1, z = 2;
    const Dag g = small_dag({"x", "y", "z"}, {{x, y}, {y, z}});
    const auto code = [&](std::vector<NodeId> order) {
        try {
            dual_schedule(g, order);
        } catch (const Error& e) {
            return e.code();
        }
        return Errc::ok;
    };
    EXPECT_EQ(code({x}), Errc::invalid_order);        // y missing
    EXPECT_EQ(code({y, x}), Errc::invalid_order);     // y before its parent
    EXPECT_EQ(code({x, x, y}), Errc::invalid_order);  // twice
    EXPECT_EQ(code({x, 7}), Errc::invalid_order);     // not a node
    EXPECT_EQ(code({x, y}), Errc::ok);
    EXPECT_EQ(dual_schedule(g, std::vector<NodeId>{x, y, z}), (std::vector<NodeId>{z, y, x}));
}

// Theorem 2.3(a) on bipartite blocks: for >= 1000 random blocks with an ICO
// order Σ (found by brute force), the dual schedule is a valid order of the
// dual dag that runs its sources first with the per-step maximum profile.
TEST(Duality, DualOfIcoIsIcoOnBipartiteBlocks) {
    SplitMix64 rng(1234);
    int tested = 0, attempts = 0;
    while (tested < 1200) {
        ++attempts;
        const auto tops = 1 + static_cast<std::uint32_t>(rng.below(10));
        const auto bottoms = 1 + static_cast<std::uint32_t>(rng.below(12));
        const Spec spec = random_spec(tops, bottoms, 0.15 + 0.5 * rng.uniform(), rng);
        const TestBlock tb = materialise(spec, static_cast<std::uint64_t>(attempts), false);
        std::vector<NodeId> sigma;
        if (bf_lexmax_profile(tb.dag, tb.sources, &sigma) != bf_max_profile(tb.dag, tb.sources)) continue;
        ++tested;
        const Dag d = dual(tb.dag);
        std::vector<NodeId> full = sigma;
        full.insert(full.end(), tb.sinks.begin(), tb.sinks.end());
        const std::vector<NodeId> dual_order = dual_schedule(tb.dag, full);
        EXPECT_EQ(dual_order, dual_schedule(tb.dag, sigma));
        ASSERT_TRUE(valid_order(d, dual_order)) << attempts;
        // the dual's sources (G's sinks) come first, then its sinks (G's sources)
        std::vector<NodeId> head(dual_order.begin(), dual_order.begin() + static_cast<std::ptrdiff_t>(tb.sinks.size()));
        std::vector<NodeId> sorted_head(head), sinks(tb.sinks);
        std::sort(sorted_head.begin(), sorted_head.end());
        std::sort(sinks.begin(), sinks.end());
        ASSERT_EQ(sorted_head, sinks);
        EXPECT_EQ(bf_profile(d, tb.sinks, head), bf_max_profile(d, tb.sinks)) << "attempt " << attempts;
        // ... and the block machinery agrees: the same order is ICO for the dual block.
        EXPECT_EQ(block_profile(d, head), block_max_profile(d, tb.sinks));
    }
    RecordProperty("blocks", tested);
}

// The same construction on general dags (<= 11 nodes): the dual of an ICO
// schedule (brute force over down-sets) is ICO for the dual dag.
TEST(Duality, DualOfIcoIsIcoOnGeneralDags) {
    SplitMix64 rng(77);
    int tested = 0;
    for (int it = 0; it < 1500; ++it) {
        const auto n = 2 + static_cast<std::uint32_t>(rng.below(10));
        std::vector<std::uint32_t> perm(n);
        for (std::uint32_t i = 0; i < n; ++i) perm[i] = i;
        shuffle(perm, rng);
        const double p = 0.15 + 0.4 * rng.uniform();
        DagBuilder b;
        for (std::uint32_t i = 0; i < n; ++i) b.add_node("v" + std::to_string(i));
        for (std::uint32_t i = 0; i < n; ++i)
            for (std::uint32_t j = i + 1; j < n; ++j)
                if (rng.uniform() < p) b.add_arc(perm[i], perm[j]);
        const Dag g = b.build();
        const std::vector<NodeId> sigma = ico_schedule(g);
        if (sigma.empty()) continue;
        ++tested;
        const Dag d = dual(g);
        const std::vector<NodeId> dual_order = dual_schedule(g, sigma);
        ASSERT_TRUE(valid_order(d, dual_order)) << it;
        EXPECT_EQ(eligible_along(d, dual_order), max_eligible(d)) << "it " << it;
    }
    RecordProperty("dags", tested);
    EXPECT_GT(tested, 500);
}

}  // namespace
}  // namespace ics::blocks::test
