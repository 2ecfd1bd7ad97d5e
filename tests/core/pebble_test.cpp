// The IC pebble game: E(t), memory cost and AREA against definitions
// recomputed naively, order validation, baseline policies.
#include <algorithm>

#include "pebble/pebble.hpp"
#include "test_util.hpp"

namespace ics::pebble {
namespace {

using test::expect_error;
using test::from_arcs;

// E and open-node count after executing the first t nodes, from the definitions.
struct Naive {
    std::vector<std::uint32_t> eligible;
    std::uint32_t memory = 0;
};

Naive naive(const Dag& g, std::span<const NodeId> order) {
    Naive r;
    std::vector<bool> done(g.node_count(), false);
    for (std::size_t t = 0; t <= order.size(); ++t) {
        if (t > 0) done[order[t - 1]] = true;
        std::uint32_t e = 0, open = 0;
        for (NodeId v = 0; v < g.node_count(); ++v) {
            if (!done[v]) {
                bool ready = true;
                for (NodeId p : g.parents(v)) ready = ready && done[p];
                e += ready ? 1u : 0u;
            } else {
                bool has_open_child = false;
                for (NodeId c : g.children(v)) has_open_child = has_open_child || !done[c];
                open += has_open_child ? 1u : 0u;
            }
        }
        r.eligible.push_back(e);
        r.memory = std::max(r.memory, open);
    }
    return r;
}

TEST(Pebble, DiamondByHand) {
    const Dag g = from_arcs({{"a", "b"}, {"a", "c"}, {"b", "d"}, {"c", "d"}});
    const std::vector<NodeId> order{0, 1, 2, 3};
    const Evaluation ev = evaluate(g, order);
    EXPECT_EQ(ev.eligible, (std::vector<std::uint32_t>{1, 2, 1, 1, 0}));
    EXPECT_EQ(ev.area, 5u);
    EXPECT_EQ(ev.memory, 2u);  // after b: a (c pending) and b (d pending)
}

TEST(Pebble, ChainAndAntichain) {
    const Dag chain = from_arcs({{"a", "b"}, {"b", "c"}});
    EXPECT_EQ(evaluate(chain, std::vector<NodeId>{0, 1, 2}).eligible, (std::vector<std::uint32_t>{1, 1, 1, 0}));
    EXPECT_EQ(evaluate(chain, std::vector<NodeId>{0, 1, 2}).memory, 1u);
    DagBuilder b;
    for (auto n : {"x", "y", "z"}) b.add_node(n);
    const Dag anti = b.build();
    const Evaluation ev = evaluate(anti, std::vector<NodeId>{2, 0, 1});
    EXPECT_EQ(ev.eligible, (std::vector<std::uint32_t>{3, 2, 1, 0}));
    EXPECT_EQ(ev.memory, 0u);
    EXPECT_EQ(ev.area, 6u);
}

TEST(Pebble, InvalidOrdersAreNamed) {
    const Dag g = from_arcs({{"a", "b"}, {"a", "c"}, {"b", "d"}, {"c", "d"}});
    expect_error([&] { validate_order(g, std::vector<NodeId>{0, 1, 2}); }, Errc::invalid_order, {"3 entries"});
    expect_error([&] { validate_order(g, std::vector<NodeId>{0, 1, 1, 3}); }, Errc::invalid_order,
                 {"'b'", "twice", "step 3"});
    expect_error([&] { validate_order(g, std::vector<NodeId>{0, 1, 3, 2}); }, Errc::invalid_order,
                 {"'d'", "'c'", "step 3"});
    expect_error([&] { validate_order(g, std::vector<NodeId>{0, 1, 2, 9}); }, Errc::invalid_order, {"9"});
    expect_error([&] { evaluate(g, std::vector<NodeId>{1, 0, 2, 3}); }, Errc::invalid_order, {"'b'", "'a'"});
}

TEST(Pebble, EvaluationMatchesDefinitionsOnRandomDags) {
    for (std::uint64_t seed = 0; seed < 300; ++seed) {
        const std::uint32_t n = 1 + static_cast<std::uint32_t>(seed % 30);
        const Dag g = test::random_dag(n, 0.2, seed * 7 + 1);
        for (Policy pol : {Policy::fifo, Policy::lifo, Policy::level, Policy::random, Policy::postorder}) {
            const auto order = baseline_order(g, pol, seed);
            ASSERT_NO_THROW(validate_order(g, order));
            const Evaluation ev = evaluate(g, order);
            const Naive want = naive(g, order);
            ASSERT_EQ(ev.eligible, want.eligible) << "seed " << seed;
            EXPECT_EQ(ev.memory, want.memory);
            std::uint64_t area = 0;
            for (auto e : want.eligible) area += e;
            EXPECT_EQ(ev.area, area);
            EXPECT_EQ(ev.eligible.back(), 0u);
            EXPECT_EQ(pebble::area(g, order), area) << "seed " << seed;  // the one-pass AREA
        }
    }
}

// pebble::area (the pipeline's candidates are scored by it) is evaluate's
// AREA on larger random dags and orders, and rejects what evaluate rejects.
TEST(Pebble, AreaAloneIsTheEvaluationsArea) {
    for (std::uint64_t seed = 0; seed < 200; ++seed) {
        const std::uint32_t n = 1 + static_cast<std::uint32_t>((seed * 37) % 700);
        const Dag g = test::random_dag(n, 4.0 / n, seed * 11 + 3);
        for (Policy pol : {Policy::fifo, Policy::lifo, Policy::level, Policy::random, Policy::postorder})
            ASSERT_EQ(pebble::area(g, baseline_order(g, pol, seed)), evaluate(g, baseline_order(g, pol, seed)).area)
                << "seed " << seed;
    }
    const Dag g = from_arcs({{"a", "b"}, {"a", "c"}, {"b", "d"}, {"c", "d"}});
    expect_error([&] { (void)pebble::area(g, std::vector<NodeId>{1, 0, 2, 3}); }, Errc::invalid_order, {"'b'", "'a'"});
    expect_error([&] { (void)pebble::area(g, std::vector<NodeId>{0, 1, 2}); }, Errc::invalid_order, {"3 entries"});
}

TEST(Baseline, PoliciesFollowTheirRules) {
    // a -> {b, c}; b -> d; c -> e. fifo: a b c d e; lifo: a b d c e.
    const Dag g = from_arcs({{"a", "b"}, {"a", "c"}, {"b", "d"}, {"c", "e"}});
    EXPECT_EQ(baseline_order(g, Policy::fifo), (std::vector<NodeId>{0, 1, 2, 3, 4}));
    EXPECT_EQ(baseline_order(g, Policy::lifo), (std::vector<NodeId>{0, 1, 3, 2, 4}));
    for (std::uint64_t seed = 0; seed < 50; ++seed) {
        const Dag r = test::random_dag(25, 0.15, seed);
        const auto lv = baseline_order(r, Policy::level);
        for (std::size_t i = 1; i < lv.size(); ++i) EXPECT_LE(r.levels()[lv[i - 1]], r.levels()[lv[i]]);
        EXPECT_EQ(baseline_order(r, Policy::random, seed), baseline_order(r, Policy::random, seed));
    }
    // Different seeds explore different orders on an antichain.
    DagBuilder b;
    for (int i = 0; i < 20; ++i) b.add_node("t" + std::to_string(i));
    const Dag anti = b.build();
    EXPECT_NE(baseline_order(anti, Policy::random, 1), baseline_order(anti, Policy::random, 2));
}

TEST(Baseline, RejectsUnknownPolicy) {
    const Dag g = from_arcs({{"a", "b"}});
    expect_error([&] { baseline_order(g, static_cast<Policy>(42)); }, Errc::invalid_argument);
}

}  // namespace
}  // namespace ics::pebble
