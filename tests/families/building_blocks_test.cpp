// The building-block dags of clustering §2.2.1: W-, M-, N- and Cycle-dags.
#include "family_util.hpp"

namespace ics::families {
namespace {

using test::bipartite_sources_to_sinks;
using test::children_of;
using test::index_of;
using test::named_arcs;
using test::parents_of;
using test::weakly_connected;

std::string s(std::uint64_t i) { return "s" + std::to_string(i); }
std::string t(std::uint64_t j) { return "t" + std::to_string(j); }

// 's' <-> 't': maps a W-dag's names onto its dual M-dag's names.
std::string swap_side(std::string_view name) { return (name[0] == 's' ? "t" : "s") + std::string(name.substr(1)); }

TEST(WDag, CountsAndDegreesFollowTheInductiveDefinition) {
    for (std::uint32_t sources = 1; sources <= 7; ++sources)
        for (std::uint32_t d = 2; d <= 6; ++d) {
            SCOPED_TRACE("W_{" + std::to_string(sources) + "," + std::to_string(d) + "}");
            const Dag g = w_dag(sources, d);
            const std::uint64_t sinks = std::uint64_t{sources} * (d - 1) + 1;
            EXPECT_EQ(g.node_count(), sources + sinks);
            EXPECT_EQ(g.arc_count(), std::uint64_t{sources} * d);
            EXPECT_EQ(g.duplicate_arcs(), 0u);
            EXPECT_EQ(g.sources().size(), sources);
            EXPECT_EQ(g.sinks().size(), sinks);
            EXPECT_EQ(g.level_count(), 2u);
            EXPECT_TRUE(bipartite_sources_to_sinks(g));
            EXPECT_TRUE(weakly_connected(g));
            for (NodeId v : g.sources()) {
                EXPECT_EQ(g.name(v)[0], 's');
                EXPECT_EQ(g.out_degree(v), d);
            }
            // Exactly the s-1 merged sinks t_{i(d-1)+1} (i = 1..s-1) have in-degree 2.
            std::uint64_t shared = 0;
            for (NodeId v : g.sinks()) {
                const std::uint64_t j = index_of(g.name(v));
                const bool merged = j > 1 && j < sinks && (j - 1) % (d - 1) == 0;
                EXPECT_EQ(g.in_degree(v), merged ? 2u : 1u) << g.name(v);
                shared += merged ? 1 : 0;
            }
            EXPECT_EQ(shared, sources - 1u);
            // Source i's children are d consecutive sinks starting at (i-1)(d-1)+1.
            for (std::uint64_t i = 1; i <= sources; ++i) {
                std::set<std::string> want;
                for (std::uint64_t k = 0; k < d; ++k) want.insert(t((i - 1) * (d - 1) + 1 + k));
                EXPECT_EQ(children_of(g, s(i)), want);
            }
        }
}

TEST(WDag, IsTheMergeOfSmallerWDags) {
    // W_{a+b,d}: W_{a,d}'s rightmost sink merged with W_{b,d}'s leftmost sink.
    for (std::uint32_t d = 2; d <= 4; ++d)
        for (std::uint32_t a = 1; a <= 4; ++a)
            for (std::uint32_t b = 1; b <= 4; ++b) {
                const std::uint64_t shift_s = a, shift_t = std::uint64_t{a} * (d - 1);
                test::NamedArcs merged = named_arcs(w_dag(a, d));
                for (const auto& [u, v] : named_arcs(w_dag(b, d)))
                    merged.emplace(s(index_of(u) + shift_s), t(index_of(v) + shift_t));
                EXPECT_EQ(named_arcs(w_dag(a + b, d)), merged) << "a=" << a << " b=" << b << " d=" << d;
            }
}

TEST(MDag, IsExactlyTheDualOfW) {
    for (std::uint32_t sources = 1; sources <= 6; ++sources)
        for (std::uint32_t d = 2; d <= 5; ++d) {
            const Dag w = w_dag(sources, d), m = m_dag(sources, d);
            EXPECT_EQ(named_arcs(m), test::reversed(named_arcs(w, swap_side)));
            EXPECT_EQ(m.node_count(), w.node_count());
            EXPECT_EQ(m.sinks().size(), sources);
            EXPECT_EQ(m.sources().size(), std::uint64_t{sources} * (d - 1) + 1);
            for (NodeId v : m.sinks()) EXPECT_EQ(m.in_degree(v), d);
            EXPECT_TRUE(bipartite_sources_to_sinks(m));
        }
}

TEST(NDag, EachSourceFeedsItsSinkAndTheNext) {
    for (std::uint32_t n = 1; n <= 12; ++n) {
        const Dag g = n_dag(n);
        EXPECT_EQ(g.node_count(), 2u * n);
        EXPECT_EQ(g.arc_count(), 2u * n - 1);
        EXPECT_EQ(g.sources().size(), n);
        EXPECT_EQ(g.sinks().size(), n);
        EXPECT_TRUE(bipartite_sources_to_sinks(g));
        EXPECT_TRUE(weakly_connected(g));
        for (std::uint64_t v = 1; v <= n; ++v) {
            std::set<std::string> want{t(v)};
            if (v < n) want.insert(t(v + 1));
            EXPECT_EQ(children_of(g, s(v)), want);
            EXPECT_EQ(parents_of(g, t(v)).size(), v == 1 ? 1u : 2u);
        }
    }
}

TEST(CycleDag, IsNPlusTheClosingArc) {
    for (std::uint32_t n = 2; n <= 12; ++n) {
        const Dag c = cycle_dag(n);
        EXPECT_EQ(c.node_count(), 2u * n);
        EXPECT_EQ(c.arc_count(), 2u * n);
        EXPECT_TRUE(bipartite_sources_to_sinks(c));
        EXPECT_TRUE(weakly_connected(c));
        for (NodeId v : c.sources()) EXPECT_EQ(c.out_degree(v), 2u);
        for (NodeId v : c.sinks()) EXPECT_EQ(c.in_degree(v), 2u);
        test::NamedArcs want = named_arcs(n_dag(n));
        want.emplace(s(n), t(1));
        EXPECT_EQ(named_arcs(c), want);
    }
}

}  // namespace
}  // namespace ics::families
