// Structure of the familiar-computation generators (lib/families): sizes as
// their comments state, the values the tasks compute (followed through the
// arcs), the papers' block shapes, and parameter errors.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <limits>
#include <set>
#include <string>
#include <vector>

#include "../families/family_util.hpp"
#include "algebra/algebra.hpp"
#include "families/families.hpp"
#include "schedule/schedule.hpp"

namespace ics::familiar {
namespace {

using families::test::expect_error;
using families::test::named_arcs;
using families::test::neighbours;
using families::test::node;
using Strings = std::set<std::string>;

// For each node, the set of source names it (transitively) depends on.
std::vector<std::set<NodeId>> source_cover(const Dag& g) {
    std::vector<std::set<NodeId>> cover(g.node_count());
    for (NodeId v : g.topological_order()) {
        if (g.is_source(v)) cover[v].insert(v);
        for (NodeId p : g.parents(v)) cover[v].insert(cover[p].begin(), cover[p].end());
    }
    return cover;
}

TEST(FamiliarGenerators, MatrixMultiplicationIsTheSlidesFormula) {
    const Dag g = families::matrix_multiplication(1);
    EXPECT_EQ(g.node_count(), 20u);  // 2N^3 + N^2, N = 2
    EXPECT_EQ(g.arc_count(), 24u);   // 4N^3 - 2N^2
    // (A B; C D) × (E F; G H): a0_0 = A, a0_1 = B, a1_0 = C, a1_1 = D; b0_0 = E, ...
    EXPECT_EQ(neighbours(g, "c0_0", false), (Strings{"p0_0_0", "p0_1_0"}));  // AE + BG
    EXPECT_EQ(neighbours(g, "c1_1", false), (Strings{"p1_0_1", "p1_1_1"}));  // CF + DH
    EXPECT_EQ(neighbours(g, "p0_1_0", false), (Strings{"a0_1", "b1_0"}));    // B·G
    EXPECT_EQ(neighbours(g, "a0_0", true), (Strings{"p0_0_0", "p0_0_1"}));   // A feeds AE, AF
    for (std::uint32_t r = 1; r <= 3; ++r) {
        SCOPED_TRACE(r);
        const Dag m = families::matrix_multiplication(r);
        const std::uint64_t n = std::uint64_t{1} << r;
        EXPECT_EQ(m.node_count(), 2 * n * n * n + n * n);
        EXPECT_EQ(m.arc_count(), 4 * n * n * n - 2 * n * n);
        EXPECT_EQ(m.sources().size(), 2 * n * n);
        EXPECT_EQ(m.sinks().size(), n * n);
        EXPECT_EQ(m.level_count(), r + 2);
        // c<i>_<j> = Σ_k a<i>_<k> b<k>_<j>: it depends on exactly row i of a and column j of b.
        const auto cover = source_cover(m);
        for (std::uint64_t i = 0; i < n; ++i)
            for (std::uint64_t j = 0; j < n; ++j) {
                std::set<NodeId> want;
                for (std::uint64_t k = 0; k < n; ++k) {
                    want.insert(node(m, "a" + std::to_string(i) + "_" + std::to_string(k)));
                    want.insert(node(m, "b" + std::to_string(k) + "_" + std::to_string(j)));
                }
                EXPECT_EQ(cover[node(m, "c" + std::to_string(i) + "_" + std::to_string(j))], want);
            }
    }
}

TEST(FamiliarGenerators, MatrixMultiplicationBlocksAreTwoCyclesThenSums) {
    // The decomposition finds the slides' structure: C_4 twice, then four M_{1,2}.
    const auto r = schedule::schedule(families::matrix_multiplication(1));
    std::multiset<std::string> shapes;
    for (std::uint32_t b = 0; b < r.blocks.size(); ++b) shapes.insert(r.blocks.shape(b));
    EXPECT_EQ(shapes, (std::multiset<std::string>{"C(4)", "C(4)", "M(1,2)", "M(1,2)", "M(1,2)", "M(1,2)"}));
}

TEST(FamiliarGenerators, LaplaceComputesEveryTerm) {
    for (std::uint32_t n : {2u, 3u, 5u, 9u}) {
        SCOPED_TRACE(n);
        const Dag g = families::laplace(n);
        const std::uint64_t m = n - 1;
        EXPECT_EQ(g.node_count(), 2 * m * m);
        EXPECT_EQ(g.sources().size(), 1u);  // ω
        EXPECT_EQ(g.name(g.sources()[0]), "w1_1");
        EXPECT_EQ(g.sinks().size(), m);  // y_1 .. y_{n-1}
        // y_k = Σ_i x_i ω^{ik} needs every power ω^{ik}, i = 1..n-1, and nothing of another k except ω^j, j <= k.
        for (std::uint64_t k = 1; k <= m; ++k) {
            const NodeId y = node(g, "y" + std::to_string(k) + "_" + std::to_string(m));
            EXPECT_TRUE(g.is_sink(y));
            std::set<std::string> anc;
            std::vector<NodeId> stack{y};
            std::vector<std::uint8_t> seen(g.node_count(), 0);
            while (!stack.empty()) {
                const NodeId v = stack.back();
                stack.pop_back();
                for (NodeId p : g.parents(v))
                    if (seen[p] == 0) {
                        seen[p] = 1;
                        anc.emplace(g.name(p));
                        stack.push_back(p);
                    }
            }
            for (std::uint64_t i = 1; i <= m; ++i) EXPECT_TRUE(anc.count("w" + std::to_string(k) + "_" + std::to_string(i)));
            for (std::uint64_t j = 1; j < k; ++j) EXPECT_TRUE(anc.count("w" + std::to_string(j) + "_1"));
            EXPECT_EQ(anc.size(), m + (k - 1) + (m - 1));  // powers of k, ω..ω^{k-1}, earlier running sums
        }
    }
}

TEST(FamiliarGenerators, DivideConquerWithBranchingTwoIsExpansionReduction) {
    for (std::uint32_t d = 1; d <= 5; ++d) {
        SCOPED_TRACE(d);
        const Dag dc = families::divide_conquer(2, d);
        const Dag er = families::expansion_reduction(d);
        // same ids, same arcs; names differ only in their first letter (d/e, b/m, c/r)
        ASSERT_EQ(dc.node_count(), er.node_count());
        const auto rename = [](std::string_view s) {
            std::string r(s);
            r[0] = r[0] == 'd' ? 'e' : r[0] == 'b' ? 'm' : 'r';
            return r;
        };
        EXPECT_EQ(named_arcs(dc, rename), named_arcs(er));
        for (NodeId v = 0; v < dc.node_count(); ++v) EXPECT_EQ(rename(dc.name(v)), er.name(v));
    }
}

TEST(FamiliarGenerators, ExpansionReductionBisectsThenAccumulates) {
    // Issue 4: "bisecting out-tree then accumulating in-tree", the out-tree's
    // leaves being the in-tree's: the composition dual(T_h) ↑ T_h over the leaves.
    for (std::uint32_t h = 1; h <= 5; ++h) {
        SCOPED_TRACE(h);
        const Dag tree = families::reduction_tree(h);
        DagBuilder out_b;  // the out-tree of bisections: the dual of the reduction tree
        for (NodeId v = 0; v < tree.node_count(); ++v) out_b.add_node(tree.name(v));
        for (NodeId v = 0; v < tree.node_count(); ++v)
            for (NodeId c : tree.children(v)) out_b.add_arc(c, v);
        const Dag out = out_b.build();
        std::vector<algebra::MergePair> pairs;
        for (NodeId leaf : tree.sources()) pairs.emplace_back(leaf, leaf);
        const auto composed = algebra::compose(out, tree, pairs, "e", "");
        const Dag er = families::expansion_reduction(h);
        // out-tree node "er<x>" is "e<x>" (or "m<x>" at the leaves); in-tree "r<x>" stays
        const auto rename = [h](std::string_view s) {
            if (s.substr(0, 2) != "er") return std::string(s);
            const std::string x(s.substr(2));
            return (x.size() == h ? "m" : "e") + x;
        };
        EXPECT_EQ(named_arcs(composed.dag, rename), named_arcs(er));
    }
}

TEST(FamiliarGenerators, DivideConquerShape) {
    const Dag g = families::divide_conquer(3, 2);
    EXPECT_EQ(g.node_count(), 2u * 4 + 9);
    EXPECT_EQ(neighbours(g, "d", true), (Strings{"d0", "d1", "d2"}));
    EXPECT_EQ(neighbours(g, "d2", true), (Strings{"b20", "b21", "b22"}));
    EXPECT_EQ(neighbours(g, "c1", false), (Strings{"b10", "b11", "b12"}));
    EXPECT_EQ(neighbours(g, "c", false), (Strings{"c0", "c1", "c2"}));
    const Dag wide = families::divide_conquer(12, 1);
    EXPECT_EQ(neighbours(wide, "d", true).count("bb"), 1u);  // digit 11
    EXPECT_EQ(wide.node_count(), 14u);
}

TEST(FamiliarGenerators, WavefrontIsTheGrid) {
    const Dag g = families::wavefront(3, 4);
    EXPECT_EQ(g.node_count(), 12u);
    EXPECT_EQ(g.arc_count(), 2u * 12 - 3 - 4);
    EXPECT_EQ(g.level_count(), 3u + 4 - 1);
    EXPECT_EQ(g.max_level_width(), 3u);
    EXPECT_EQ(neighbours(g, "1_2", true), (Strings{"2_2", "1_3"}));
    EXPECT_EQ(neighbours(g, "1_2", false), (Strings{"0_2", "1_1"}));
    // the square grid is the out-mesh composed with the reduction-mesh along the middle anti-diagonal
    const Dag sq = families::wavefront(4, 4);
    const Dag up = families::out_mesh(4), down = families::reduction_mesh(4);
    std::vector<algebra::MergePair> pairs;
    for (NodeId s : up.sinks()) {  // out-mesh "x_y" is grid <x,y>, reduction-mesh "y_x" (x + y = 3) too
        const std::string name(up.name(s));
        pairs.emplace_back(s, node(down, name.substr(2) + "_" + name.substr(0, 1)));
    }
    const auto composed = algebra::compose(up, down, pairs, "", "r");
    // out-mesh "x_y" is grid <x,y>; reduction-mesh "rx_y" is grid <3-x,3-y>
    const auto rename = [](std::string_view s) {
        if (s[0] != 'r') return std::string(s);
        const int x = s[1] - '0', y = s[3] - '0';
        return std::to_string(3 - x) + "_" + std::to_string(3 - y);
    };
    EXPECT_EQ(named_arcs(composed.dag, rename), named_arcs(sq));
}

TEST(FamiliarGenerators, ParallelPrefixComputesPrefixes) {
    for (std::uint32_t n : {1u, 2u, 3u, 5u, 8u, 13u, 64u}) {
        SCOPED_TRACE(n);
        const Dag g = families::parallel_prefix(n);
        std::uint32_t levels = 0;
        while ((1u << levels) < n) ++levels;
        EXPECT_EQ(g.node_count(), n * (levels + 1));
        EXPECT_EQ(g.sinks().size(), n);
        // the last level's position i depends on exactly x_0..x_i
        const auto cover = source_cover(g);
        for (std::uint32_t i = 0; i < n; ++i) {
            std::set<NodeId> want;
            for (std::uint32_t j = 0; j <= i; ++j) want.insert(node(g, "0_" + std::to_string(j)));
            EXPECT_EQ(cover[node(g, std::to_string(levels) + "_" + std::to_string(i))], want);
        }
    }
}

TEST(FamiliarGenerators, FmriShape) {
    const Dag g = families::fmri(3);
    EXPECT_EQ(g.node_count(), 6u * 3 - 1);
    EXPECT_EQ(g.arc_count(), 10u * 3 - 6);
    EXPECT_EQ(neighbours(g, "L_s3", true), (Strings{"L_t1", "L_t2", "L_t3", "L_t5"}));
    EXPECT_EQ(neighbours(g, "R_s1", true), (Strings{"R_t4"}));
    EXPECT_EQ(neighbours(g, "mean", false).size(), 10u);
}

TEST(FamiliarGenerators, BadParameters) {
    const auto invalid = [](const std::function<void()>& f, std::initializer_list<std::string> needles) {
        expect_error(f, Errc::invalid_argument, needles);
    };
    invalid([] { families::matrix_multiplication(0); }, {"matrix_multiplication", "levels must be at least 1"});
    invalid([] { families::laplace(1); }, {"laplace", "n must be at least 2"});
    invalid([] { families::divide_conquer(1, 3); }, {"divide_conquer", "branching must be at least 2"});
    invalid([] { families::divide_conquer(2, 0); }, {"depth must be at least 1"});
    invalid([] { families::divide_conquer(37, 1); }, {"at most 36"});
    invalid([] { families::wavefront(0, 3); }, {"wavefront", "rows"});
    invalid([] { families::wavefront(3, 0); }, {"cols"});
    invalid([] { families::parallel_prefix(0); }, {"parallel_prefix", "n must be"});
    invalid([] { families::fmri(1); }, {"fmri", "width must be at least 2"});
    const std::uint32_t max32 = std::numeric_limits<std::uint32_t>::max();
    const auto too_large = [](const std::function<void()>& f, std::initializer_list<std::string> needles) {
        expect_error(f, Errc::too_large, needles);
    };
    too_large([] { families::matrix_multiplication(10); }, {"matrix_multiplication(levels=10)", "nodes"});
    too_large([=] { families::matrix_multiplication(max32); }, {"over 2^63"});
    too_large([] { families::laplace(40000); }, {"laplace"});
    too_large([=] { families::divide_conquer(36, max32); }, {"divide_conquer"});
    too_large([] { families::divide_conquer(2, 31); }, {"divide_conquer"});
    too_large([=] { families::wavefront(max32, max32); }, {"wavefront"});
    too_large([=] { families::parallel_prefix(max32); }, {"parallel_prefix"});
    too_large([=] { families::fmri(max32); }, {"fmri"});
}

}  // namespace
}  // namespace ics::familiar
