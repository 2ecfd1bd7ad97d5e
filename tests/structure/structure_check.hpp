// Brute-force oracles for the structure tests: transitive closure, shortcut
// test, and an independent check of every property a decomposition promises.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <set>
#include <utility>
#include <vector>

#include "dag/dag.hpp"
#include "decompose/decomposition.hpp"

namespace ics::structure_test {

using Arcs = std::vector<std::pair<NodeId, NodeId>>;

inline Arcs arcs_of(const Dag& g) {
    Arcs a;
    for (NodeId u = 0; u < g.node_count(); ++u)
        for (NodeId v : g.children(u)) a.emplace_back(u, v);
    return a;
}

// reach[u][v] != 0 iff a path of >= 1 arc leads from u to v (DFS from every node).
inline std::vector<std::vector<char>> closure(const Dag& g) {
    const NodeId n = g.node_count();
    std::vector<std::vector<char>> reach(n, std::vector<char>(n, 0));
    std::vector<NodeId> stack;
    for (NodeId s = 0; s < n; ++s) {
        stack.assign(g.children(s).begin(), g.children(s).end());
        while (!stack.empty()) {
            const NodeId v = stack.back();
            stack.pop_back();
            if (reach[s][v]) continue;
            reach[s][v] = 1;
            for (NodeId c : g.children(v)) stack.push_back(c);
        }
    }
    return reach;
}

// Arc u -> v is a shortcut iff some other child of u reaches v.
inline bool brute_is_shortcut(const Dag& g, const std::vector<std::vector<char>>& reach, NodeId u, NodeId v) {
    for (NodeId w : g.children(u))
        if (w != v && reach[w][v]) return true;
    return false;
}

// Does the super-dag (CSR in d) have a cycle? Plain three-colour DFS.
inline bool super_has_cycle(const decompose::Decomposition& d) {
    std::vector<int> colour(d.block_count, 0);
    std::vector<std::pair<decompose::BlockId, std::uint32_t>> stack;
    for (decompose::BlockId s = 0; s < d.block_count; ++s) {
        if (colour[s] != 0) continue;
        stack.emplace_back(s, 0);
        colour[s] = 1;
        while (!stack.empty()) {
            auto& [b, i] = stack.back();
            const auto succ = d.successors(b);
            if (i == succ.size()) {
                colour[b] = 2;
                stack.pop_back();
                continue;
            }
            const decompose::BlockId c = succ[i++];
            if (colour[c] == 1) return true;
            if (colour[c] == 0) {
                colour[c] = 1;
                stack.emplace_back(c, 0);
            }
        }
    }
    return false;
}

// Checks everything decomposition.hpp promises about d = decompose(g)
// against direct computations (the block classes by a naive fixed point).
inline void check_decomposition(const Dag& g, const decompose::Decomposition& d) {
    using decompose::BlockId;
    using decompose::kNoBlock;
    const NodeId n = g.node_count();
    const BlockId B = d.block_count;
    ASSERT_EQ(d.out_block.size(), n);
    ASSERT_EQ(d.in_block.size(), n);
    ASSERT_EQ(d.source_offsets.size(), std::size_t{B} + 1);
    ASSERT_EQ(d.sink_offsets.size(), std::size_t{B} + 1);
    ASSERT_EQ(d.super_offsets.size(), std::size_t{B} + 1);
    ASSERT_EQ(d.super_in_degree.size(), B);

    // Per node slots, isolated nodes, and one block per arc (seen from both ends).
    std::vector<NodeId> isolated;
    for (NodeId v = 0; v < n; ++v) {
        ASSERT_EQ(d.out_block[v] == kNoBlock, g.out_degree(v) == 0) << g.name(v);
        ASSERT_EQ(d.in_block[v] == kNoBlock, g.in_degree(v) == 0) << g.name(v);
        if (d.out_block[v] != kNoBlock) {
            ASSERT_LT(d.out_block[v], B);
        }
        if (d.in_block[v] != kNoBlock) {
            ASSERT_LT(d.in_block[v], B);
        }
        if (g.out_degree(v) == 0 && g.in_degree(v) == 0) isolated.push_back(v);
    }
    EXPECT_EQ(d.isolated, isolated);
    const Arcs arcs = arcs_of(g);
    for (auto [u, v] : arcs) ASSERT_EQ(d.out_block[u], d.in_block[v]) << g.name(u) << " -> " << g.name(v);

    // Sources / sinks lists.
    std::vector<std::vector<NodeId>> src(B), snk(B);
    for (NodeId v = 0; v < n; ++v) {
        if (d.out_block[v] != kNoBlock) src[d.out_block[v]].push_back(v);
        if (d.in_block[v] != kNoBlock) snk[d.in_block[v]].push_back(v);
    }
    for (BlockId b = 0; b < B; ++b) {
        EXPECT_FALSE(src[b].empty()) << "block " << b;
        EXPECT_TRUE(std::equal(src[b].begin(), src[b].end(), d.sources(b).begin(), d.sources(b).end())) << b;
        EXPECT_TRUE(std::equal(snk[b].begin(), snk[b].end(), d.sinks(b).begin(), d.sinks(b).end())) << b;
    }

    // Classes = the naive fixed point of "share a head or a tail" over arc labels.
    std::vector<std::uint64_t> label(arcs.size());
    for (std::size_t e = 0; e < arcs.size(); ++e) label[e] = e;
    std::vector<std::vector<std::size_t>> in_arcs(n), out_arcs(n);
    for (std::size_t e = 0; e < arcs.size(); ++e) {
        out_arcs[arcs[e].first].push_back(e);
        in_arcs[arcs[e].second].push_back(e);
    }
    for (bool changed = true; changed;) {
        changed = false;
        for (NodeId v = 0; v < n; ++v)
            for (const auto* group : {&in_arcs[v], &out_arcs[v]}) {
                if (group->empty()) continue;
                std::uint64_t m = label[group->front()];
                for (auto e : *group) m = std::min(m, label[e]);
                for (auto e : *group)
                    if (label[e] != m) {
                        label[e] = m;
                        changed = true;
                    }
            }
    }
    std::map<std::uint64_t, BlockId> label_to_block;
    std::map<BlockId, std::uint64_t> block_to_label;
    for (std::size_t e = 0; e < arcs.size(); ++e) {
        const BlockId b = d.out_block[arcs[e].first];
        auto [i1, f1] = label_to_block.emplace(label[e], b);
        auto [i2, f2] = block_to_label.emplace(b, label[e]);
        ASSERT_EQ(i1->second, b) << "one naive class split over blocks";
        ASSERT_EQ(i2->second, label[e]) << "one block merges naive classes";
    }
    EXPECT_EQ(block_to_label.size(), B);

    // Each block is connected (undirected BFS over its own arcs).
    std::vector<std::vector<NodeId>> nbr(n);
    for (auto [u, v] : arcs) {
        nbr[u].push_back(v);
        nbr[v].push_back(u);
    }
    std::vector<BlockId> seen_in(n, kNoBlock), seen_out(n, kNoBlock);
    for (BlockId b = 0; b < B; ++b) {
        // A node is "in b" through its out-slot (if a source of b) or in-slot.
        std::vector<NodeId> queue{d.sources(b)[0]};
        seen_out[queue[0]] = b;
        std::size_t reached = 1;
        for (std::size_t h = 0; h < queue.size(); ++h) {
            const NodeId x = queue[h];
            if (seen_out[x] == b)
                for (NodeId c : g.children(x))
                    if (seen_in[c] != b) {
                        seen_in[c] = b;
                        ++reached;
                        queue.push_back(c);
                    }
            if (seen_in[x] == b)
                for (NodeId p : g.parents(x))
                    if (seen_out[p] != b) {
                        seen_out[p] = b;
                        ++reached;
                        queue.push_back(p);
                    }
        }
        EXPECT_EQ(reached, d.sources(b).size() + d.sinks(b).size()) << "block " << b << " is not connected";
    }

    // Bipartite by direct check.
    std::vector<NodeId> offending;
    for (NodeId v = 0; v < n; ++v)
        if (d.out_block[v] != kNoBlock && d.out_block[v] == d.in_block[v]) offending.push_back(v);
    EXPECT_EQ(d.bipartite, offending.empty());
    EXPECT_EQ(d.offending_count, offending.size());
    if (offending.size() > decompose::kMaxOffending) offending.resize(decompose::kMaxOffending);
    EXPECT_EQ(d.offending, offending);
    if (!d.bipartite) {
        EXPECT_NE(d.message.find("'" + std::string(g.name(offending[0])) + "'"), std::string::npos) << d.message;
        EXPECT_NE(d.message.find("not a composition of CBBBs"), std::string::npos) << d.message;
    }

    // Super-dag arcs are exactly the shared-node relations (no self-loops).
    std::set<std::pair<BlockId, BlockId>> expect;
    for (NodeId v = 0; v < n; ++v)
        if (d.in_block[v] != kNoBlock && d.out_block[v] != kNoBlock && d.in_block[v] != d.out_block[v])
            expect.emplace(d.in_block[v], d.out_block[v]);
    std::vector<std::uint32_t> indeg(B, 0);
    std::set<std::pair<BlockId, BlockId>> got;
    for (BlockId b = 0; b < B; ++b) {
        const auto succ = d.successors(b);
        for (std::size_t i = 0; i < succ.size(); ++i) {
            if (i > 0) {
                EXPECT_LT(succ[i - 1], succ[i]) << "row " << b << " not increasing";
            }
            got.emplace(b, succ[i]);
            ++indeg[succ[i]];
        }
    }
    EXPECT_EQ(got, expect);
    EXPECT_EQ(d.super_in_degree, indeg);

    // Acyclicity and topological numbering.
    EXPECT_EQ(d.acyclic, !super_has_cycle(d));
    if (d.acyclic) {
        for (auto [b, c] : got) EXPECT_LT(b, c) << "numbering is not topological";
        EXPECT_TRUE(d.super_cycle.empty());
    } else {
        ASSERT_GE(d.super_cycle.size(), 2u);
        for (std::size_t i = 0; i < d.super_cycle.size(); ++i)
            EXPECT_TRUE(got.count({d.super_cycle[i], d.super_cycle[(i + 1) % d.super_cycle.size()]}))
                << "super_cycle is not a cycle";
        EXPECT_NE(d.message.find("cycle"), std::string::npos) << d.message;
    }
    EXPECT_EQ(d.composite(), d.bipartite && d.acyclic);
    if (d.composite()) {
        EXPECT_TRUE(d.message.empty()) << d.message;
    }
}

}  // namespace ics::structure_test
