// Small builders of the dags the structure tests and benchmarks need
// (guidelines-common-dags.txt §2.1; clustering.txt §2.2.1), kept here so the
// tests do not depend on lib/families. from_arcs and random_dag come from
// the core tests' helpers.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "../core/test_util.hpp"
#include "common/random.hpp"
#include "dag/dag.hpp"

namespace ics::structure_test {

using test::from_arcs;
using test::random_dag;

// "<prefix><a>_<b>", reusing one buffer.
class Namer {
public:
    std::string_view operator()(char prefix, std::uint64_t a, std::uint64_t b) {
        s_.assign(1, prefix);
        s_ += std::to_string(a);
        s_ += '_';
        s_ += std::to_string(b);
        return s_;
    }

private:
    std::string s_;
};

// Reduction-mesh M_l (guidelines §2.1.1): nodes <x,y>, 0 <= x+y < l, named
// "m<x>_<y>"; arcs <x,y> -> <x-1,y> and <x,y> -> <x,y-1>. Node <x,y> has id
// (x+y)(x+y+1)/2 + y.
inline std::uint32_t mesh_id(std::uint32_t x, std::uint32_t y) { return (x + y) * (x + y + 1) / 2 + y; }
inline Dag reduction_mesh(std::uint32_t l) {
    DagBuilder b;
    const std::uint64_t n = std::uint64_t{l} * (l + 1) / 2;
    b.reserve(n, 2 * n);
    Namer name;
    for (std::uint32_t s = 0; s < l; ++s)
        for (std::uint32_t y = 0; y <= s; ++y) b.add_node(name('m', s - y, y));
    for (std::uint32_t s = 1; s < l; ++s)
        for (std::uint32_t y = 0; y <= s; ++y) {
            const std::uint32_t x = s - y;
            if (x > 0) b.add_arc(mesh_id(x, y), mesh_id(x - 1, y));
            if (y > 0) b.add_arc(mesh_id(x, y), mesh_id(x, y - 1));
        }
    return b.build();
}

// The out-mesh: the reduction-mesh with every arc reversed (clustering Fig. 1).
inline Dag out_mesh(std::uint32_t l) {
    const Dag m = reduction_mesh(l);
    DagBuilder b;
    for (NodeId v = 0; v < m.node_count(); ++v) b.add_node(m.name(v));
    for (NodeId u = 0; u < m.node_count(); ++u)
        for (NodeId v : m.children(u)) b.add_arc(v, u);
    return b.build();
}

// FFT dag F_d (guidelines §2.1.3): node <l,x> (id l*2^d + x, named "f<l>_<x>")
// has arcs to <l-1,x> and <l-1,x^2^(l-1)>: the butterflies of level l pair
// the positions differing in bit l-1. Sources are on level d.
inline NodeId fft_id(std::uint32_t d, std::uint32_t l, std::uint32_t x) { return (l << d) + x; }
inline Dag fft(std::uint32_t d) {
    DagBuilder b;
    const std::uint64_t w = std::uint64_t{1} << d;
    b.reserve((d + 1) * w, 2 * d * w);
    Namer name;
    for (std::uint32_t l = 0; l <= d; ++l)
        for (std::uint32_t x = 0; x < w; ++x) b.add_node(name('f', l, x));
    for (std::uint32_t l = 1; l <= d; ++l)
        for (std::uint32_t x = 0; x < w; ++x) {
            b.add_arc(fft_id(d, l, x), fft_id(d, l - 1, x));
            b.add_arc(fft_id(d, l, x), fft_id(d, l - 1, x ^ (1u << (l - 1))));
        }
    return b.build();
}

// Complete reduction-tree T_h (guidelines §2.1.2) in heap numbering: node i
// (1-based, id i-1, named "t<depth>_<i>") has an arc to its parent i/2.
inline Dag reduction_tree(std::uint32_t h) {
    DagBuilder b;
    const std::uint64_t n = (std::uint64_t{2} << h) - 1;
    b.reserve(n, n - 1);
    Namer name;
    std::uint32_t depth = 0;
    for (std::uint64_t i = 1; i <= n; ++i) {
        if (i == (std::uint64_t{2} << depth)) ++depth;
        b.add_node(name('t', depth, i));
    }
    for (std::uint64_t i = 2; i <= n; ++i) b.add_arc(static_cast<NodeId>(i - 1), static_cast<NodeId>(i / 2 - 1));
    return b.build();
}

// A random composition of CBBBs (clustering §2.2.1): blocks are added one
// at a time; each takes some sources among the sinks of earlier blocks not
// yet used as a source (the merge of ↑) and fresh nodes otherwise, gets fresh
// sinks, and a random connected bipartite arc set. The block of arcs[i] is
// arc_block[i].
struct Composite {
    Dag dag;
    std::vector<std::pair<NodeId, NodeId>> arcs;
    std::vector<std::uint32_t> arc_block;
    std::uint32_t blocks = 0;
};
// A dag of `nodes` nodes ("n0", ...) with `arcs` (logical ids), the ids
// kept (each block's nodes consecutive) or, with `spread`, shuffled over
// the dag.
inline Dag with_ids(std::uint32_t nodes, const std::vector<std::pair<std::uint32_t, std::uint32_t>>& arcs, bool spread,
                    SplitMix64& rng) {
    std::vector<std::uint32_t> id(nodes);
    for (std::uint32_t i = 0; i < nodes; ++i) id[i] = i;
    if (spread)
        for (std::uint32_t i = nodes; i > 1; --i) std::swap(id[i - 1], id[rng.below(i)]);
    DagBuilder b;
    for (std::uint32_t i = 0; i < nodes; ++i) b.add_node("n" + std::to_string(i));
    for (auto [u, v] : arcs) b.add_arc(id[u], id[v]);
    return std::move(b).build();
}

inline Composite random_composite(std::uint32_t blocks, std::uint32_t max_side, std::uint64_t seed) {
    SplitMix64 rng(seed);
    Composite c;
    c.blocks = blocks;
    DagBuilder b;
    std::vector<NodeId> open;  // sinks of earlier blocks not yet merged into a source
    for (std::uint32_t k = 0; k < blocks; ++k) {
        const auto s = static_cast<std::uint32_t>(1 + rng.below(max_side));
        const auto t = static_cast<std::uint32_t>(1 + rng.below(max_side));
        std::vector<NodeId> src, snk;
        for (std::uint32_t i = 0; i < s; ++i) {
            if (!open.empty() && rng.below(3) != 0) {
                const auto j = rng.below(open.size());
                src.push_back(open[j]);
                open[j] = open.back();
                open.pop_back();
            } else {
                src.push_back(b.add_node("n" + std::to_string(b.node_count())));
            }
        }
        for (std::uint32_t i = 0; i < t; ++i) snk.push_back(b.add_node("n" + std::to_string(b.node_count())));
        // Connected: a random spanning tree of the complete bipartite graph
        // (attach each new node to an already attached one of the other
        // side), plus random extra arcs.
        std::vector<std::vector<char>> has(s, std::vector<char>(t, 0));
        auto add = [&](std::uint32_t i, std::uint32_t j) {
            if (has[i][j]) return;
            has[i][j] = 1;
            b.add_arc(src[i], snk[j]);
            c.arcs.emplace_back(src[i], snk[j]);
            c.arc_block.push_back(k);
        };
        std::vector<std::uint32_t> order_s{0}, order_t;
        std::uint32_t next_s = 1, next_t = 0;
        while (next_s < s || next_t < t) {
            const bool pick_t = next_t < t && (next_s >= s || rng.below(2) == 0);
            if (pick_t) {
                add(order_s[rng.below(order_s.size())], next_t);
                order_t.push_back(next_t++);
            } else {
                if (order_t.empty()) {  // a source needs a sink to hang on
                    add(order_s[rng.below(order_s.size())], next_t);
                    order_t.push_back(next_t++);
                    continue;
                }
                add(next_s, order_t[rng.below(order_t.size())]);
                order_s.push_back(next_s++);
            }
        }
        const auto extra = rng.below(s * t / 2 + 1);
        for (std::uint64_t e = 0; e < extra; ++e)
            add(static_cast<std::uint32_t>(rng.below(s)), static_cast<std::uint32_t>(rng.below(t)));
        for (NodeId v : snk) open.push_back(v);
    }
    c.dag = b.build();
    return c;
}

}  // namespace ics::structure_test
