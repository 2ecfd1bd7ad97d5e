// Reduction-meshes, evolving meshes, reduction-trees (guidelines §2.1) and
// expansion-reduction dags (clustering §2.2.1 Fig. 4).
#include <cmath>

#include "family_util.hpp"

namespace ics::families {
namespace {

using test::children_of;
using test::expect_error;
using test::named_arcs;
using test::node;
using test::parents_of;

std::string xy(std::uint64_t x, std::uint64_t y) { return std::to_string(x) + "_" + std::to_string(y); }

TEST(ReductionMesh, NodesArcsAndLevels) {
    for (std::uint32_t l = 1; l <= 40; ++l) {
        SCOPED_TRACE("M_" + std::to_string(l));
        const Dag g = reduction_mesh(l);
        EXPECT_EQ(g.node_count(), l * (l + 1) / 2);
        EXPECT_EQ(g.arc_count(), std::uint64_t{l} * (l - 1));
        EXPECT_EQ(g.level_count(), l);
        EXPECT_EQ(g.max_level_width(), l);
        ASSERT_EQ(g.sinks().size(), 1u);
        EXPECT_EQ(g.name(g.sinks()[0]), "0_0");
        EXPECT_EQ(g.sources().size(), l);
        for (NodeId v : g.sources()) {
            const auto name = std::string(g.name(v));
            const auto cut = name.find('_');
            EXPECT_EQ(std::stoul(name.substr(0, cut)) + std::stoul(name.substr(cut + 1)), l - 1) << name;
        }
        // Paper level x+y = l-1 - (longest-path level from the sources).
        for (std::uint64_t x = 0; x < l; ++x)
            for (std::uint64_t y = 0; x + y < l; ++y) {
                const NodeId v = node(g, xy(x, y));
                EXPECT_EQ(g.levels()[v], l - 1 - (x + y));
                // Every non-source has the two parents <x+1,y>, <x,y+1>.
                if (x + y + 1 < l)
                    EXPECT_EQ(parents_of(g, xy(x, y)), (std::set<std::string>{xy(x + 1, y), xy(x, y + 1)}));
                else
                    EXPECT_EQ(g.in_degree(v), 0u);
                std::set<std::string> kids;
                if (x > 0) kids.insert(xy(x - 1, y));
                if (y > 0) kids.insert(xy(x, y - 1));
                EXPECT_EQ(children_of(g, xy(x, y)), kids);  // one child on the borders x=0 / y=0
            }
    }
}

TEST(OutMesh, IsTheDualOfTheReductionMesh) {
    for (std::uint32_t l = 1; l <= 25; ++l) {
        const Dag out = out_mesh(l), in = reduction_mesh(l);
        EXPECT_EQ(named_arcs(out), test::reversed(named_arcs(in)));
        ASSERT_EQ(out.sources().size(), 1u);
        EXPECT_EQ(out.name(out.sources()[0]), "0_0");
        EXPECT_EQ(out.sinks().size(), l);
        EXPECT_EQ(out.level_count(), l);
        EXPECT_EQ(out.topological_order()[0], out.sources()[0]);
    }
}

TEST(OutMesh, IsComposedOfWDags) {
    // Clustering §2.2.1: the out-mesh is W_{1,2} ^ W_{2,2} ^ ... from the source
    // outward: levels k and k+1 form W_{k+1,2} with <x,k-x> -> s_{x+1} and <x,k+1-x> -> t_{x+1}.
    const std::uint32_t l = 9;
    const Dag g = out_mesh(l);
    for (std::uint64_t k = 0; k + 1 < l; ++k) {
        test::NamedArcs layer;
        for (std::uint64_t x = 0; x <= k; ++x)
            for (const auto& kid : children_of(g, xy(x, k - x)))
                layer.emplace("s" + std::to_string(x + 1), "t" + std::to_string(std::stoul(kid) + 1));
        EXPECT_EQ(layer, named_arcs(w_dag(static_cast<std::uint32_t>(k + 1), 2))) << "level " << k;
    }
}

// "r0110" -> "0110"
std::string bits(std::string_view name) { return std::string(name.substr(1)); }

TEST(ReductionTree, CompleteTreeCounts) {
    for (std::uint32_t h = 1; h <= 14; ++h) {
        SCOPED_TRACE("T_" + std::to_string(h));
        const Dag g = reduction_tree(h);
        EXPECT_EQ(g.node_count(), (1u << (h + 1)) - 1);
        EXPECT_EQ(g.arc_count(), (1u << (h + 1)) - 2);
        EXPECT_EQ(g.level_count(), h + 1);
        EXPECT_EQ(g.max_level_width(), 1u << h);
        ASSERT_EQ(g.sinks().size(), 1u);
        EXPECT_EQ(g.name(g.sinks()[0]), "r");
        EXPECT_EQ(g.sources().size(), 1u << h);
        for (NodeId v = 0; v < g.node_count(); ++v) {
            const std::string x = bits(g.name(v));
            EXPECT_EQ(g.levels()[v], h - x.size());
            if (x.empty()) continue;
            ASSERT_EQ(g.out_degree(v), 1u);
            EXPECT_EQ(g.name(g.children(v)[0]), "r" + x.substr(0, x.size() - 1));  // xb -> x
            EXPECT_EQ(g.in_degree(v), x.size() < h ? 2u : 0u);
        }
    }
}

TEST(ReductionTree, FromStringsMatchesTheCompleteTree) {
    for (std::uint32_t h = 1; h <= 6; ++h) {
        std::vector<std::string> strings;
        for (std::uint32_t len = 0; len <= h; ++len)
            for (std::uint32_t i = 0; i < (1u << len); ++i) {
                std::string s;
                for (std::uint32_t b = len; b-- > 0;) s += ((i >> b) & 1u) ? '1' : '0';
                strings.push_back(s);
            }
        std::reverse(strings.begin(), strings.end());  // any order is fine
        EXPECT_EQ(named_arcs(reduction_tree(strings)), named_arcs(reduction_tree(h)));
    }
}

TEST(ReductionTree, FromAnIrregularFullPrefixClosedSet) {
    // Eight leaves, five levels (the shape of guidelines Fig. 2).
    const std::vector<std::string> s = {"",    "0",    "1",    "00",   "01",   "10",  "11",
                                        "010", "011",  "110",  "111",  "0110", "0111"};
    const Dag g = reduction_tree(s);
    EXPECT_EQ(g.node_count(), s.size());
    EXPECT_EQ(g.arc_count(), s.size() - 1);
    EXPECT_EQ(g.sources().size(), 7u);
    EXPECT_EQ(g.level_count(), 5u);
    EXPECT_EQ(parents_of(g, "r01"), (std::set<std::string>{"r010", "r011"}));
    EXPECT_EQ(children_of(g, "r0111"), (std::set<std::string>{"r011"}));
    for (NodeId v = 0; v < g.node_count(); ++v) EXPECT_TRUE(g.in_degree(v) == 0 || g.in_degree(v) == 2);
    const std::vector<std::string> root_only = {""};
    EXPECT_EQ(reduction_tree(root_only).node_count(), 1u);
}

TEST(ReductionTree, RejectsSetsThatAreNotFullOrNotPrefixClosed) {
    using V = std::vector<std::string>;
    expect_error([] { reduction_tree(V{}); }, Errc::invalid_argument, {"empty"});
    expect_error([] { reduction_tree(V{"", "0"}); }, Errc::invalid_argument, {"not full", "'1'"});
    expect_error([] { reduction_tree(V{"", "0", "1", "00", "01", "10"}); }, Errc::invalid_argument, {"not full"});
    expect_error([] { reduction_tree(V{"", "0", "1", "010", "011"}); }, Errc::invalid_argument,
                 {"prefix-closed", "'01'"});
    expect_error([] { reduction_tree(V{"0", "1"}); }, Errc::invalid_argument, {"prefix-closed", "root"});
    expect_error([] { reduction_tree(V{"", "0", "2"}); }, Errc::invalid_argument, {"not a binary string"});
    expect_error([] { reduction_tree(V{"", "0", "1", "0"}); }, Errc::invalid_argument, {"twice"});
}

TEST(ExpansionReduction, OutTreeThenInTreeSharingTheMiddle) {
    for (std::uint32_t h = 1; h <= 12; ++h) {
        SCOPED_TRACE("depth " + std::to_string(h));
        const Dag g = expansion_reduction(h);
        const std::uint32_t mid = 1u << h;
        EXPECT_EQ(g.node_count(), 3 * mid - 2);
        EXPECT_EQ(g.arc_count(), 4 * mid - 4);
        EXPECT_EQ(g.level_count(), 2 * h + 1);
        EXPECT_EQ(g.max_level_width(), mid);
        ASSERT_EQ(g.sources().size(), 1u);
        ASSERT_EQ(g.sinks().size(), 1u);
        EXPECT_EQ(g.name(g.sources()[0]), "e");
        EXPECT_EQ(g.name(g.sinks()[0]), "r");
        for (NodeId v = 0; v < g.node_count(); ++v) {
            const char kind = g.name(v)[0];
            const std::size_t len = g.name(v).size() - 1;
            EXPECT_EQ(g.levels()[v], kind == 'e' ? len : kind == 'm' ? h : 2 * h - len) << g.name(v);
            EXPECT_EQ(g.out_degree(v), kind == 'e' ? 2u : (kind == 'm' || len > 0) ? 1u : 0u) << g.name(v);
            EXPECT_EQ(g.in_degree(v), kind == 'r' ? 2u : (kind == 'm' || len > 0) ? 1u : 0u) << g.name(v);
        }
        // The reduction half is T_h (middle node m<x> = leaf r<x>); the
        // expansion half is T_h's dual (e<x>, m<x> = r<x>).
        test::NamedArcs in, out;
        for (NodeId u = 0; u < g.node_count(); ++u)
            for (NodeId v : g.children(u)) {
                const std::string a = "r" + std::string(g.name(u).substr(1)), b = "r" + std::string(g.name(v).substr(1));
                (g.name(v)[0] == 'r' ? in : out).emplace(a, b);
            }
        EXPECT_EQ(in, named_arcs(reduction_tree(h)));
        EXPECT_EQ(out, test::reversed(named_arcs(reduction_tree(h))));
    }
}

}  // namespace
}  // namespace ics::families
