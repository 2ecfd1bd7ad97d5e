// Random instances of the batch tests and benchmark (no GoogleTest here).
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include "common/random.hpp"
#include "dag/dag.hpp"

namespace ics::test {

// A composite of bipartite tree-dags (batch-scheduling.txt §2.1): each block
// is a random bipartite tree whose sources are fresh nodes or sinks of
// earlier blocks not yet used as sources, and whose sinks are fresh.
inline Dag composite_tree_dag(std::uint32_t max_nodes, SplitMix64& rng) {
    DagBuilder b;
    std::vector<NodeId> open;  // nodes without out-arcs that may become sources
    auto fresh = [&] { return b.add_node("n" + std::to_string(b.node_count())); };
    while (b.node_count() + 3 <= max_nodes) {
        const std::uint32_t room = max_nodes - b.node_count();
        const std::uint32_t size = 2 + static_cast<std::uint32_t>(rng.below(std::min<std::uint32_t>(room, 14) - 1));
        std::vector<NodeId> srcs, snks;
        std::vector<std::pair<std::uint8_t, NodeId>> nodes;  // (is sink, node), in attach order
        for (std::uint32_t x = 0; x < size; ++x) {
            const bool sink = x == 1 || (x > 1 && rng.below(2) == 0);
            NodeId v;
            if (!sink && !open.empty() && rng.below(3) != 0) {
                const std::size_t at = rng.below(open.size());
                v = open[at];
                open.erase(open.begin() + static_cast<std::ptrdiff_t>(at));
            } else {
                if (b.node_count() >= max_nodes) break;
                v = fresh();
            }
            // Attach to a random node of the other side (a tree: one arc per new node).
            if (x > 0) {
                auto& other = sink ? srcs : snks;
                if (other.empty()) {
                    if (!sink) open.push_back(v);  // keep it for later; cannot attach yet
                    continue;
                }
                const NodeId w = other[rng.below(other.size())];
                if (sink) b.add_arc(w, v);
                else b.add_arc(v, w);
            }
            (sink ? snks : srcs).push_back(v);
        }
        for (NodeId v : snks) open.push_back(v);
    }
    if (b.node_count() == 0) fresh();
    return b.build();
}

// A composite of bipartite expansive dags (§2.1, §6): `levels` blocks, the
// sources of block 1 fresh, those of block k+1 some sinks of block k. In each
// block every source v gets phi_v >= 2 private children and at most phi_v
// children shared with other sources of the block.
inline Dag expansive_dag(std::uint32_t sources, std::uint32_t levels, SplitMix64& rng) {
    DagBuilder b;
    std::uint32_t names = 0;
    auto fresh = [&] { return b.add_node("n" + std::to_string(names++)); };
    std::vector<NodeId> srcs;
    for (std::uint32_t i = 0; i < sources; ++i) srcs.push_back(fresh());
    for (std::uint32_t level = 0; level < levels && srcs.size() > 0; ++level) {
        const auto s = static_cast<std::uint32_t>(srcs.size());
        std::vector<std::uint32_t> phi(s), psi(s, 0);
        std::vector<NodeId> sinks;
        for (std::uint32_t i = 0; i < s; ++i) {
            phi[i] = 2 + static_cast<std::uint32_t>(rng.below(3));
            for (std::uint32_t k = 0; k < phi[i]; ++k) {
                sinks.push_back(fresh());
                b.add_arc(srcs[i], sinks.back());
            }
        }
        // Shared sinks: 2..3 parents each, while every parent has room.
        for (std::uint32_t tries = 0; tries < 4 * s; ++tries) {
            const std::uint32_t deg = 2 + static_cast<std::uint32_t>(rng.below(2));
            std::vector<std::uint32_t> ps;
            for (std::uint32_t k = 0; k < deg; ++k) {
                const auto p = static_cast<std::uint32_t>(rng.below(s));
                if (std::find(ps.begin(), ps.end(), p) == ps.end() && psi[p] < phi[p]) ps.push_back(p);
            }
            if (ps.size() < 2) continue;
            sinks.push_back(fresh());
            for (std::uint32_t p : ps) {
                b.add_arc(srcs[p], sinks.back());
                ++psi[p];
            }
        }
        // The next block's sources: a few of these sinks.
        srcs.clear();
        for (NodeId v : sinks)
            if (rng.below(4) == 0) srcs.push_back(v);
    }
    return b.build();
}

// A random bipartite tree-dag of n nodes: node i attaches to a random
// earlier node of the other side (sources and sinks alternate at random).
inline Dag bipartite_tree_dag(std::uint32_t n, SplitMix64& rng) {
    DagBuilder b;
    b.reserve(n, n);
    std::vector<NodeId> srcs, snks;
    for (std::uint32_t i = 0; i < n; ++i) {
        const bool sink = i == 1 || (i > 1 && rng.below(2) == 0);
        const NodeId v = b.add_node("n" + std::to_string(i));
        if (i > 0) {
            const auto& other = sink ? srcs : snks;
            const NodeId w = other[rng.below(other.size())];
            if (sink) b.add_arc(w, v);
            else b.add_arc(v, w);
        }
        (sink ? snks : srcs).push_back(v);
    }
    return b.build();
}

}  // namespace ics::test
