// Decomposition into CBBBs and the super-dag (decompose/decomposition.hpp):
// every property checked by brute force on random dags and random
// compositions, and the papers' examples (clustering.txt Figs. 1-2).
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <sstream>

#include "common/random.hpp"
#include "decompose/decomposition.hpp"
#include "decompose/superdag.hpp"
#include "skeleton/shortcut.hpp"
#include "structure_check.hpp"
#include "structure_dags.hpp"

namespace ics::structure_test {
namespace {

using decompose::BlockId;
using decompose::decompose;
using decompose::Decomposition;

std::vector<std::string> names(const Dag& g, std::span<const NodeId> ids) {
    std::vector<std::string> out;
    for (NodeId v : ids) out.emplace_back(g.name(v));
    std::sort(out.begin(), out.end());
    return out;
}

using Names = std::vector<std::string>;

TEST(Decompose, DiamondHasTwoBlocksInAPath) {
    const Dag g = from_arcs({{"a", "b"}, {"a", "c"}, {"b", "d"}, {"c", "d"}});
    const Decomposition d = decompose(g);
    check_decomposition(g, d);
    ASSERT_EQ(d.block_count, 2u);
    EXPECT_TRUE(d.composite());
    EXPECT_EQ(names(g, d.sources(0)), (Names{"a"}));
    EXPECT_EQ(names(g, d.sinks(0)), (Names{"b", "c"}));
    EXPECT_EQ(names(g, d.sources(1)), (Names{"b", "c"}));
    EXPECT_EQ(names(g, d.sinks(1)), (Names{"d"}));
    EXPECT_EQ(std::vector<BlockId>(d.successors(0).begin(), d.successors(0).end()), std::vector<BlockId>{1});
    EXPECT_TRUE(d.successors(1).empty());
    EXPECT_EQ(d.super_in_degree, (std::vector<std::uint32_t>{0, 1}));
}

TEST(Decompose, ShortcutRemovedThenAPathOfSingleArcs) {
    const Dag g = from_arcs({{"a", "b"}, {"b", "c"}, {"a", "c"}});
    const auto s = skeleton::remove_shortcuts(g);
    const Decomposition d = decompose(s.dag);
    check_decomposition(s.dag, d);
    ASSERT_EQ(d.block_count, 2u);
    EXPECT_EQ(names(s.dag, d.sources(0)), (Names{"a"}));
    EXPECT_EQ(names(s.dag, d.sinks(0)), (Names{"b"}));
    EXPECT_EQ(names(s.dag, d.sources(1)), (Names{"b"}));
    EXPECT_EQ(names(s.dag, d.sinks(1)), (Names{"c"}));
    // Without the skeleton, b's parent a shares b's child's block: not bipartite.
    const Decomposition raw = decompose(g);
    check_decomposition(g, raw);
    EXPECT_FALSE(raw.bipartite);
    EXPECT_EQ(names(g, raw.offending), (Names{"b"}));
}

// Reduction-mesh M_l (guidelines §2.1.1): l-1 blocks, the block with sources
// on mesh level k being M_{k,2} (k+1 sources, k sinks); the super-dag is a
// path (clustering Fig. 1, in-mesh = M_{k,2} ↑ ... ↑ M_{1,2}).
TEST(Decompose, ReductionMeshIsAPathOfMDags) {
    for (std::uint32_t l = 2; l <= 14; ++l) {
        SCOPED_TRACE("l = " + std::to_string(l));
        const Dag g = reduction_mesh(l);
        ASSERT_TRUE(skeleton::find_shortcuts(g).empty());
        const Decomposition d = decompose(g);
        check_decomposition(g, d);
        ASSERT_EQ(d.block_count, l - 1);
        EXPECT_TRUE(d.composite());
        for (BlockId b = 0; b < d.block_count; ++b) {
            const std::uint32_t k = l - 1 - b;  // mesh level of the block's sources
            std::vector<NodeId> src, snk;
            for (std::uint32_t y = 0; y <= k; ++y) src.push_back(mesh_id(k - y, y));
            for (std::uint32_t y = 0; y < k; ++y) snk.push_back(mesh_id(k - 1 - y, y));
            std::sort(src.begin(), src.end());
            std::sort(snk.begin(), snk.end());
            EXPECT_TRUE(std::equal(src.begin(), src.end(), d.sources(b).begin(), d.sources(b).end()));
            EXPECT_TRUE(std::equal(snk.begin(), snk.end(), d.sinks(b).begin(), d.sinks(b).end()));
            // M_{k,2}: every sink has 2 parents; the two end sources have 1 child.
            for (NodeId v : d.sinks(b)) EXPECT_EQ(g.in_degree(v), 2u);
            std::uint32_t ends = 0;
            for (NodeId u : d.sources(b)) ends += g.out_degree(u) == 1;
            EXPECT_EQ(ends, 2u);
            if (b + 1 < d.block_count) {
                EXPECT_EQ(std::vector<BlockId>(d.successors(b).begin(), d.successors(b).end()),
                          std::vector<BlockId>{b + 1});
            } else {
                EXPECT_TRUE(d.successors(b).empty());
            }
        }
    }
}

// The out-mesh: W_{1,2} ↑ W_{2,2} ↑ ... (clustering Fig. 1).
TEST(Decompose, OutMeshIsAPathOfWDags) {
    const std::uint32_t l = 10;
    const Dag g = out_mesh(l);
    const Decomposition d = decompose(g);
    check_decomposition(g, d);
    ASSERT_EQ(d.block_count, l - 1);
    for (BlockId b = 0; b < d.block_count; ++b) {
        EXPECT_EQ(d.sources(b).size(), b + 1);
        EXPECT_EQ(d.sinks(b).size(), b + 2);
        for (NodeId u : d.sources(b)) EXPECT_EQ(g.out_degree(u), 2u);
        if (b > 0) {
            EXPECT_EQ(d.super_in_degree[b], 1u);
        }
    }
}

// FFT F_d: d 2^(d-1) butterflies C_2 (2 sources, 2 sinks, complete), and the
// super-dag is F_{d-1} (clustering Fig. 2): decomposing it again, down to
// F_1 (one butterfly), gives (d-1) 2^(d-2), ... blocks.
TEST(Decompose, FftIsButterfliesAndItsSuperDagIsASmallerFft) {
    const Dag f3 = fft(3);
    const Decomposition d3 = decompose(f3);
    check_decomposition(f3, d3);
    ASSERT_EQ(d3.block_count, 12u);
    for (BlockId b = 0; b < 12; ++b) {
        ASSERT_EQ(d3.sources(b).size(), 2u);
        ASSERT_EQ(d3.sinks(b).size(), 2u);
        for (NodeId u : d3.sources(b))
            EXPECT_TRUE(std::equal(f3.children(u).begin(), f3.children(u).end(), d3.sinks(b).begin(),
                                   d3.sinks(b).end()));
    }
    EXPECT_EQ(d3.super_targets.size(), 16u);

    for (std::uint32_t dim = 1; dim <= 8; ++dim) {
        SCOPED_TRACE("d = " + std::to_string(dim));
        Dag g = fft(dim);
        for (std::uint32_t k = dim; k >= 1; --k) {  // g is F_k
            const Decomposition d = decompose(g);
            check_decomposition(g, d);
            ASSERT_EQ(d.block_count, k << (k - 1));
            EXPECT_TRUE(d.composite());
            EXPECT_EQ(d.super_targets.size(), k == 1 ? 0u : std::size_t{2} * ((k - 1) << (k - 1)));
            for (BlockId b = 0; b < d.block_count; ++b) {
                EXPECT_EQ(d.sources(b).size(), 2u);
                EXPECT_EQ(d.sinks(b).size(), 2u);
                const std::size_t out = d.successors(b).size(), in = d.super_in_degree[b];
                EXPECT_TRUE(out == 0 || out == 2);
                EXPECT_TRUE(in == 0 || in == 2);
            }
            if (k == 1) break;
            g = decompose::super_dag(d);
            ASSERT_TRUE(skeleton::find_shortcuts(g).empty());
            EXPECT_EQ(g.level_count(), k);
            EXPECT_EQ(g.max_level_width(), 1u << (k - 1));
        }
    }
}

// Complete reduction-tree T_h: one M_{1,2} per internal node; the super-dag
// is the in-tree T_{h-1}.
TEST(Decompose, ReductionTreeIsATreeOfMDags) {
    for (std::uint32_t h = 1; h <= 10; ++h) {
        const Dag g = reduction_tree(h);
        const Decomposition d = decompose(g);
        check_decomposition(g, d);
        ASSERT_EQ(d.block_count, (1u << h) - 1);
        std::uint32_t roots = 0;
        for (BlockId b = 0; b < d.block_count; ++b) {
            EXPECT_EQ(d.sources(b).size(), 2u);
            EXPECT_EQ(d.sinks(b).size(), 1u);
            EXPECT_LE(d.successors(b).size(), 1u);
            roots += d.successors(b).empty();
            EXPECT_TRUE(d.super_in_degree[b] == 0 || d.super_in_degree[b] == 2);
        }
        EXPECT_EQ(roots, 1u);
    }
}

// Shortcut-free yet not bipartite: v's parent a and v's child c are tied by
// a -> x <- w -> c, so v is a source and a sink of the single block.
TEST(Decompose, NonBipartiteNamesTheOffendingNode) {
    const Dag g = from_arcs({{"a", "v"}, {"a", "x"}, {"w", "x"}, {"w", "c"}, {"v", "c"}});
    ASSERT_TRUE(skeleton::find_shortcuts(g).empty());
    const Decomposition d = decompose(g);
    check_decomposition(g, d);
    EXPECT_FALSE(d.bipartite);
    EXPECT_FALSE(d.composite());
    EXPECT_EQ(d.block_count, 1u);
    EXPECT_EQ(d.offending, std::vector<NodeId>{g.find("v")});
    EXPECT_EQ(d.message,
              "node 'v' is both a source and a sink of one building block (its parents and children share a "
              "block), so the dag is not a composition of CBBBs");
    EXPECT_TRUE(d.super_targets.empty());  // the self-relation is no super-dag arc
}

TEST(Decompose, OffendingIsCappedAndCounted) {
    DagBuilder b;
    const int copies = 150;
    for (int i = 0; i < copies; ++i) {
        const std::string s = std::to_string(i);
        for (auto [u, v] : {std::pair{"a", "v"}, {"a", "x"}, {"w", "x"}, {"w", "c"}, {"v", "c"}})
            b.add_arc(b.ensure_node(u + s), b.ensure_node(v + s));
    }
    const Dag g = b.build();
    const Decomposition d = decompose(g);
    check_decomposition(g, d);
    EXPECT_EQ(d.offending_count, 150u);
    EXPECT_EQ(d.offending.size(), decompose::kMaxOffending);
    EXPECT_NE(d.message.find("'v0'"), std::string::npos);
    EXPECT_NE(d.message.find("149 more such nodes: 'v1', "), std::string::npos) << d.message;
}

// All blocks bipartite, but v joins B -> C and w joins C -> B.
TEST(Decompose, CyclicSuperDagIsReported) {
    const Dag g = from_arcs({{"x", "v"}, {"x", "y"}, {"w", "y"}, {"v", "z"}, {"q", "z"}, {"q", "w"}});
    ASSERT_TRUE(skeleton::find_shortcuts(g).empty());
    const Decomposition d = decompose(g);
    check_decomposition(g, d);
    EXPECT_TRUE(d.bipartite);
    EXPECT_FALSE(d.acyclic);
    EXPECT_FALSE(d.composite());
    EXPECT_EQ(d.block_count, 2u);
    EXPECT_EQ(d.super_cycle.size(), 2u);
    EXPECT_NE(d.message.find("'v'"), std::string::npos) << d.message;
    EXPECT_NE(d.message.find("'w'"), std::string::npos) << d.message;
    try {
        (void)decompose::super_dag(d);
        ADD_FAILURE() << "super_dag accepted a cycle";
    } catch (const Error& e) {
        EXPECT_EQ(e.code(), Errc::cycle);
    }
    std::ostringstream dot;
    decompose::write_superdag_dot(dot, d);
    EXPECT_NE(dot.str().find("color=red"), std::string::npos);
}

TEST(Decompose, IsolatedAndEmpty) {
    DagBuilder b;
    b.add_node("i1");
    b.add_arc(b.ensure_node("a"), b.ensure_node("b"));
    b.add_node("i2");
    const Dag g = b.build();
    const Decomposition d = decompose(g);
    check_decomposition(g, d);
    EXPECT_EQ(d.block_count, 1u);
    EXPECT_EQ(d.isolated, (std::vector<NodeId>{g.find("i1"), g.find("i2")}));
    const Decomposition e = decompose(Dag{});
    EXPECT_EQ(e.block_count, 0u);
    EXPECT_TRUE(e.composite());
    EXPECT_EQ(e.source_offsets, std::vector<std::uint32_t>{0});
}

TEST(Decompose, SuperDagAsDagAndDot) {
    const Dag g = from_arcs({{"a", "b"}, {"a", "c"}, {"b", "d"}, {"c", "d"}, {"d", "e"}});
    const Decomposition d = decompose(g);
    const Dag s = decompose::super_dag(d);
    ASSERT_EQ(s.node_count(), 3u);
    EXPECT_EQ(s.name(0), "B0");
    EXPECT_EQ(arcs_of(s), (Arcs{{0, 1}, {1, 2}}));
    std::ostringstream dot;
    decompose::write_superdag_dot(dot, d);
    EXPECT_EQ(dot.str(),
              "digraph \"superdag\" {\n"
              "  node [shape=box];\n"
              "  \"B0\" [label=\"B0\\n1 source, 2 sinks\"];\n"
              "  \"B1\" [label=\"B1\\n2 sources, 1 sink\"];\n"
              "  \"B2\" [label=\"B2\\n1 source, 1 sink\"];\n"
              "  \"B0\" -> \"B1\";\n"
              "  \"B1\" -> \"B2\";\n"
              "}\n");
}

// The property test on the same 600 random dags as the skeleton test: the
// skeleton's decomposition, and the raw dag's (any dag is accepted).
TEST(Decompose, RandomDagsMatchBruteForce) {
    const double ps[] = {0.03, 0.08, 0.15, 0.25, 0.4, 0.6, 0.85, 1.0};
    int non_bipartite = 0, cyclic = 0, composite = 0;
    for (std::uint64_t seed = 0; seed < 600; ++seed) {
        SCOPED_TRACE("seed " + std::to_string(seed));
        const auto n = static_cast<std::uint32_t>(1 + seed % 40);
        const Dag g = random_dag(n, ps[seed % 8], seed);
        const auto s = skeleton::remove_shortcuts(g);
        const Decomposition d = decompose(s.dag);
        check_decomposition(s.dag, d);
        non_bipartite += !d.bipartite;
        cyclic += !d.acyclic;
        composite += d.composite();
        check_decomposition(g, decompose(g));
        // Deterministic.
        const Decomposition again = decompose(s.dag);
        EXPECT_EQ(again.out_block, d.out_block);
        EXPECT_EQ(again.in_block, d.in_block);
        if (HasFatalFailure()) return;
    }
    RecordProperty("non_bipartite", non_bipartite);
    RecordProperty("cyclic", cyclic);
    RecordProperty("composite", composite);
    EXPECT_GT(non_bipartite, 0);
    EXPECT_GT(composite, 0);
}

// Every block's source and sink lists are in increasing id and hold exactly
// the nodes whose out- / in-block it is (sort_ids: one word of bits for ids
// within 64 of each other, else insertion sort, bitmap or std::sort): random
// dags and compositions, and sums of random blocks of 2..40 nodes per side
// with ids consecutive per block or spread over the dag.
TEST(Decompose, BlockListsAreTheirNodesInIncreasingId) {
    std::vector<Dag> dags;
    for (std::uint64_t seed = 0; seed < 100; ++seed) {
        dags.push_back(random_dag(static_cast<std::uint32_t>(1 + seed % 60), 0.05 + 0.01 * static_cast<double>(seed % 30), seed));
        dags.push_back(random_composite(1 + static_cast<std::uint32_t>(seed % 20), 1 + static_cast<std::uint32_t>(seed % 9), seed).dag);
        SplitMix64 rng(seed + 99);
        std::vector<std::pair<std::uint32_t, std::uint32_t>> arcs;
        std::uint32_t nodes = 0;
        for (int block = 0; block < 8; ++block) {
            const auto tops = static_cast<std::uint32_t>(2 + rng.below(39)), bottoms = static_cast<std::uint32_t>(2 + rng.below(39));
            for (std::uint32_t j = 0; j < bottoms; ++j)
                for (int r = 0; r < 3; ++r) arcs.emplace_back(nodes + static_cast<std::uint32_t>(rng.below(tops)), nodes + tops + j);
            nodes += tops + bottoms;
        }
        dags.push_back(with_ids(nodes, arcs, seed % 2 == 1, rng));
    }
    std::size_t lists = 0;
    for (std::size_t k = 0; k < dags.size(); ++k) {
        const Dag& g = dags[k];
        const Decomposition d = decompose(g);
        std::vector<std::vector<NodeId>> src(d.block_count), snk(d.block_count);
        for (NodeId v = 0; v < g.node_count(); ++v) {
            if (d.out_block[v] != decompose::kNoBlock) src[d.out_block[v]].push_back(v);
            if (d.in_block[v] != decompose::kNoBlock) snk[d.in_block[v]].push_back(v);
        }
        for (BlockId x = 0; x < d.block_count; ++x) {
            EXPECT_EQ(std::vector<NodeId>(d.sources(x).begin(), d.sources(x).end()), src[x]) << k << " block " << x;
            EXPECT_EQ(std::vector<NodeId>(d.sinks(x).begin(), d.sinks(x).end()), snk[x]) << k << " block " << x;
            lists += 2;
        }
    }
    EXPECT_GT(lists, 3000u);
}

// Random compositions of random CBBBs: the skeleton keeps every arc, and the
// decomposition recovers exactly the composed blocks and the composition's
// blueprint (clustering §2.2.1: arc i -> j when sinks of i were merged with
// sources of j).
TEST(Decompose, RandomCompositionsAreRecoveredExactly) {
    for (std::uint64_t seed = 0; seed < 300; ++seed) {
        SCOPED_TRACE("seed " + std::to_string(seed));
        const auto blocks = static_cast<std::uint32_t>(1 + seed % 30);
        const auto side = static_cast<std::uint32_t>(1 + seed % 5);
        const Composite c = random_composite(blocks, side, seed);
        ASSERT_TRUE(skeleton::find_shortcuts(c.dag).empty());
        const Decomposition d = decompose(c.dag);
        check_decomposition(c.dag, d);
        ASSERT_TRUE(d.composite()) << d.message;
        ASSERT_EQ(d.block_count, blocks);
        // Bijection composed block <-> found block.
        std::vector<BlockId> found(blocks, decompose::kNoBlock);
        for (std::size_t i = 0; i < c.arcs.size(); ++i) {
            const BlockId b = d.out_block[c.arcs[i].first];
            if (found[c.arc_block[i]] == decompose::kNoBlock) found[c.arc_block[i]] = b;
            ASSERT_EQ(found[c.arc_block[i]], b);
        }
        ASSERT_EQ(std::set<BlockId>(found.begin(), found.end()).size(), blocks);
        // Blueprint.
        std::vector<std::uint32_t> made_in(c.dag.node_count(), ~0u), used_by(c.dag.node_count(), ~0u);
        for (std::size_t i = 0; i < c.arcs.size(); ++i) {
            used_by[c.arcs[i].first] = c.arc_block[i];
            made_in[c.arcs[i].second] = c.arc_block[i];
        }
        std::set<std::pair<BlockId, BlockId>> expect, got;
        for (NodeId v = 0; v < c.dag.node_count(); ++v)
            if (made_in[v] != ~0u && used_by[v] != ~0u) expect.emplace(found[made_in[v]], found[used_by[v]]);
        for (BlockId b = 0; b < d.block_count; ++b)
            for (BlockId x : d.successors(b)) got.emplace(b, x);
        EXPECT_EQ(got, expect);
    }
}

}  // namespace
}  // namespace ics::structure_test
