// The dag algebra (lib/algebra): sum, composition, induced subdag. Proven
// by invariants (every arc and name accounted for through the origin map)
// and by brute force: the per-step maximum M(t) of a sum is the max-plus
// convolution of its summands' (down-sets of G1 + G2 are pairs of down-sets).
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "../core/test_util.hpp"
#include "algebra/algebra.hpp"
#include "blocks/duality.hpp"
#include "exact/oracle.hpp"
#include "families/families.hpp"
#include "schedule/schedule.hpp"

namespace ics::algebra {
namespace {

using test::expect_error;
using test::from_arcs;
using test::random_dag;

// Every arc of `r` comes from an arc of the operand its ends come from, and
// every node's name is the operand's name with its prefix.
void expect_traceable(const Derived& r, std::span<const Dag* const> ops, std::span<const std::string> prefixes) {
    ASSERT_EQ(r.origin.size(), r.dag.node_count());
    for (NodeId v = 0; v < r.dag.node_count(); ++v) {
        const Origin o = r.origin[v];
        ASSERT_LT(o.part, ops.size());
        ASSERT_LT(o.node, ops[o.part]->node_count());
        EXPECT_EQ(std::string(r.dag.name(v)), prefixes[o.part] + std::string(ops[o.part]->name(o.node)));
    }
}

std::vector<std::uint32_t> max_plus(const std::vector<std::uint32_t>& a, const std::vector<std::uint32_t>& b) {
    std::vector<std::uint32_t> c(a.size() + b.size() - 1, 0);
    for (std::size_t x = 0; x < a.size(); ++x)
        for (std::size_t y = 0; y < b.size(); ++y) c[x + y] = std::max(c[x + y], a[x] + b[y]);
    return c;
}

TEST(Sum, DisjointUnionWithPrefixedNames) {
    const Dag w = families::w_dag(2, 2), m = families::m_dag(1, 3);
    const Dag* ops[] = {&w, &m, &w};
    const Derived r = sum(ops);
    EXPECT_EQ(r.dag.node_count(), 2 * w.node_count() + m.node_count());
    EXPECT_EQ(r.dag.arc_count(), 2 * w.arc_count() + m.arc_count());
    const std::vector<std::string> prefixes{"g0:", "g1:", "g2:"};
    expect_traceable(r, ops, prefixes);
    // ids: summand i's node v at offset_i + v
    EXPECT_EQ(r.origin[w.node_count()], (Origin{1, 0}));
    EXPECT_EQ(r.dag.name(w.node_count() + m.node_count()), "g2:s1");
    for (NodeId v = 0; v < r.dag.node_count(); ++v) {
        const Origin o = r.origin[v];
        std::set<std::string> got, want;
        for (NodeId c : r.dag.children(v)) got.emplace(r.dag.name(c));
        for (NodeId c : ops[o.part]->children(o.node)) want.emplace(prefixes[o.part] + std::string(ops[o.part]->name(c)));
        EXPECT_EQ(got, want);
    }
    // caller-chosen prefixes; "" keeps names
    const std::vector<std::string> mine{"left/", "", "right/"};
    const Derived named = sum(ops, mine);
    expect_traceable(named, ops, mine);
    EXPECT_NE(named.dag.find("s1"), kNoNode);
    EXPECT_NE(named.dag.find("left/s1"), kNoNode);
}

TEST(Sum, OracleOfSumIsMaxPlusOfSummands) {
    int checked = 0;
    for (std::uint64_t seed = 0; seed < 60; ++seed) {
        const Dag a = random_dag(2 + seed % 6, 0.4, seed), b = random_dag(1 + (seed * 7) % 6, 0.3, seed + 1000);
        const Dag* ops[] = {&a, &b};
        const Derived r = sum(ops);
        EXPECT_EQ(exact::max_eligible_profile(r.dag),
                  max_plus(exact::max_eligible_profile(a), exact::max_eligible_profile(b)));
        ++checked;
    }
    EXPECT_EQ(checked, 60);
}

TEST(Sum, Errors) {
    const Dag w = families::w_dag(2, 2);
    expect_error([] { sum(std::span<const Dag* const>{}); }, Errc::invalid_argument, {"no summands"});
    const Dag* two[] = {&w, &w};
    const std::vector<std::string> one{"a"};
    expect_error([&] { sum(two, one); }, Errc::invalid_argument, {"1 prefixes for 2 summands"});
    const std::vector<std::string> same{"", ""};
    expect_error([&] { sum(two, same); }, Errc::duplicate_node, {"s1"});
    const Dag* with_null[] = {&w, nullptr};
    expect_error([&] { sum(with_null); }, Errc::invalid_argument, {"summand 1 is NULL"});
}

TEST(Sum, BeyondTheNodeLimitIsTooLargeBeforeAllocating) {
    const Dag g = families::wavefront(256, 256);  // 2^16 nodes
    const std::vector<const Dag*> copies(32769, &g);  // 2^31 + 2^16 nodes
    expect_error([&] { sum(copies); }, Errc::too_large, {"sum would have 2147549184 nodes", "limit 2147483647"});
}

TEST(Compose, MergesSinksWithSources) {
    // W_{1,2} ↑ M_{1,2}: the diamond
    const Dag w = families::w_dag(1, 2), m = families::m_dag(1, 2);
    const std::vector<MergePair> pairs{{w.find("t1"), m.find("s1")}, {w.find("t2"), m.find("s2")}};
    const Derived r = compose(w, m, pairs);
    EXPECT_EQ(r.dag.node_count(), 4u);
    EXPECT_EQ(r.dag.arc_count(), 4u);
    EXPECT_EQ(r.dag.sources().size(), 1u);
    EXPECT_EQ(r.dag.sinks().size(), 1u);
    EXPECT_EQ(r.dag.name(r.dag.sinks()[0]), "g1:t1");
    EXPECT_EQ(r.origin[w.find("t1")], (Origin{0, w.find("t1")}));  // merged: named and identified by G1's sink
    EXPECT_EQ(r.dag.name(w.find("t2")), "g0:t2");
    EXPECT_EQ(r.origin[3], (Origin{1, m.find("t1")}));
    const Dag* ops[] = {&w, &m};
    const std::vector<std::string> prefixes{"g0:", "g1:"};
    expect_traceable(r, ops, prefixes);
}

TEST(Compose, WithoutPairsIsTheSum) {
    const Dag a = random_dag(7, 0.3, 5), b = random_dag(5, 0.4, 6);
    const Dag* ops[] = {&a, &b};
    const Derived s = sum(ops);
    const Derived c = compose(a, b, {});
    ASSERT_EQ(s.dag.node_count(), c.dag.node_count());
    for (NodeId v = 0; v < s.dag.node_count(); ++v) {
        EXPECT_EQ(s.dag.name(v), c.dag.name(v));
        EXPECT_TRUE(std::ranges::equal(s.dag.children(v), c.dag.children(v)));
    }
    EXPECT_EQ(s.origin, c.origin);
}

TEST(Compose, RandomCompositionsAreTraceable) {
    for (std::uint64_t seed = 0; seed < 40; ++seed) {
        const Dag a = random_dag(3 + seed % 8, 0.3, seed), b = random_dag(3 + seed % 5, 0.3, seed + 77);
        const auto sinks = a.sinks(), sources = b.sources();
        std::vector<MergePair> pairs;
        for (std::size_t k = 0; k < std::min(sinks.size(), sources.size()) && k < 1 + seed % 3; ++k)
            pairs.emplace_back(sinks[k], sources[sources.size() - 1 - k]);
        const Derived r = compose(a, b, pairs, "a.", "b.");
        EXPECT_EQ(r.dag.node_count(), a.node_count() + b.node_count() - pairs.size());
        // arcs: G1's and G2's, none lost (merging a sink with a source creates no duplicates)
        EXPECT_EQ(r.dag.arc_count(), a.arc_count() + b.arc_count());
        // G1 is the subdag induced on its ids; G2's arcs reappear through the merge map
        std::vector<NodeId> ids1(a.node_count());
        for (NodeId v = 0; v < a.node_count(); ++v) ids1[v] = v;
        const Derived back = induced(r.dag, ids1);
        EXPECT_EQ(back.dag.arc_count(), a.arc_count());
        std::vector<NodeId> id2(b.node_count(), kNoNode);
        for (NodeId v = 0; v < r.dag.node_count(); ++v)
            if (r.origin[v].part == 1) id2[r.origin[v].node] = v;
        for (auto [s, t] : pairs) id2[t] = s;
        for (NodeId v = 0; v < b.node_count(); ++v)
            for (NodeId c : b.children(v)) {
                const auto ch = r.dag.children(id2[v]);
                EXPECT_TRUE(std::find(ch.begin(), ch.end(), id2[c]) != ch.end());
            }
    }
}

TEST(Compose, ChainOfPriorityBlocksIsScheduledByTheorem21) {
    // W_{2,2} ↑ M_{2,2} ↑ M_{1,2} (the 3-level reduction-mesh's dual half and the
    // mesh): a ▷-linear composition; its schedule reaches M(t) at every step.
    const Dag w = families::w_dag(1, 2), m2 = families::m_dag(2, 2), m1 = families::m_dag(1, 2);
    const std::vector<MergePair> p1{{w.find("t1"), m2.find("s2")}, {w.find("t2"), m2.find("s3")}};
    const Derived g = compose(w, m2, p1, "", "x");
    const std::vector<MergePair> p2{{g.dag.find("xt1"), m1.find("s1")}, {g.dag.find("xt2"), m1.find("s2")}};
    const Derived h = compose(g.dag, m1, p2, "", "y");
    schedule::Options o;
    o.exact_max_nodes = 0;
    o.exact_max_downsets = 0;
    o.area_max_downsets = 0;
    const auto r = schedule::schedule(h.dag, o);
    ASSERT_EQ(r.status, schedule::Status::ic_optimal) << r.reason;
    EXPECT_EQ(r.eval.eligible, exact::max_eligible_profile(h.dag));
}

TEST(Compose, Errors) {
    const Dag w = families::w_dag(1, 2), m = families::m_dag(1, 2);
    const auto bad = [&](std::vector<MergePair> pairs, Errc code, std::initializer_list<std::string> needles) {
        expect_error([&] { compose(w, m, pairs); }, code, needles);
    };
    bad({{9, 0}}, Errc::unknown_node, {"pair 0", "sink of G1", "no node with id 9"});
    bad({{1, 7}}, Errc::unknown_node, {"source of G2", "id 7"});
    bad({{0, 0}}, Errc::invalid_argument, {"'s1' is not a sink of G1"});
    bad({{1, 2}}, Errc::invalid_argument, {"'t1' is not a source of G2"});
    bad({{1, 0}, {1, 1}}, Errc::invalid_argument, {"pair 1", "sink 1 of G1 is merged twice"});
    bad({{1, 0}, {2, 0}}, Errc::invalid_argument, {"source 0 of G2 is merged twice"});
    expect_error([&] { compose(w, w, {}, "", ""); }, Errc::duplicate_node, {"s1"});
}

TEST(Induced, KeepsArcsAmongTheChosenNodes) {
    const Dag g = from_arcs({{"a", "b"}, {"b", "c"}, {"a", "c"}, {"c", "d"}, {"e", "d"}});
    const std::vector<NodeId> ids{g.find("d"), g.find("a"), g.find("c")};  // any order
    const Derived r = induced(g, ids);
    ASSERT_EQ(r.dag.node_count(), 3u);
    // increasing original id: a, c, d; names kept
    EXPECT_EQ(r.dag.name(0), "a");
    EXPECT_EQ(r.dag.name(1), "c");
    EXPECT_EQ(r.dag.name(2), "d");
    EXPECT_EQ(r.origin[1], (Origin{0, g.find("c")}));
    EXPECT_EQ(r.dag.arc_count(), 2u);  // a->c, c->d (b and e are gone)
    std::vector<NodeId> all(g.node_count());
    for (NodeId v = 0; v < g.node_count(); ++v) all[v] = v;
    EXPECT_EQ(induced(g, all).dag.arc_count(), g.arc_count());
    EXPECT_EQ(induced(g, {}).dag.node_count(), 0u);
}

TEST(Induced, Errors) {
    const Dag g = families::w_dag(2, 2);
    const std::vector<NodeId> out_of_range{0, 99};
    expect_error([&] { induced(g, out_of_range); }, Errc::unknown_node, {"nodes[1]", "no node with id 99"});
    const std::vector<NodeId> twice{1, 0, 1};
    expect_error([&] { induced(g, twice); }, Errc::invalid_argument, {"node 1 's2' is listed twice"});
}

TEST(Dual, OfASumIsTheSumOfDuals) {
    // the algebra's dual is blocks::dual; it commutes with the sum
    const Dag a = random_dag(6, 0.4, 3), b = random_dag(4, 0.5, 4);
    const Dag* ops[] = {&a, &b};
    const Dag da = blocks::dual(a), db = blocks::dual(b);
    const Dag* dops[] = {&da, &db};
    const Dag x = blocks::dual(sum(ops).dag), y = sum(dops).dag;
    ASSERT_EQ(x.node_count(), y.node_count());
    for (NodeId v = 0; v < x.node_count(); ++v) EXPECT_TRUE(std::ranges::equal(x.children(v), y.children(v)));
}

}  // namespace
}  // namespace ics::algebra
