// The reference Sidney order of the tests (area_test, sidney_order_test):
// the greedy of lib/area/sidney_order.cpp written plainly, blocks in turn,
// inside each the eligible node of the block with the largest key (gain,
// progress, nonsink, -id) from a lazy std::priority_queue of tuples (a node
// whose gain grows is pushed again, its stale entries skipped), the last
// unexecuted parent found by scanning the parents, progress = Σ 1.0 /
// missing in the children's order, and the AREA summed step by step.
#pragma once

#include <cstdint>
#include <queue>
#include <span>
#include <tuple>
#include <vector>

#include "area/area.hpp"

namespace ics::test {

inline std::vector<NodeId> reference_order(const Dag& dag, const area::SidneyDecomposition& sd,
                                           std::span<const NodeId> taken, std::uint64_t& area) {
    const NodeId n = dag.node_count();
    std::vector<std::uint32_t> block_of(n, kNoNode), missing(n), gain(n, 0);
    for (std::size_t b = 0; b < sd.block_count(); ++b)
        for (std::uint32_t k = sd.offsets[b]; k < sd.offsets[b + 1]; ++k) block_of[sd.nodes[k]] = static_cast<std::uint32_t>(b);
    std::vector<char> done(n, 0);
    std::vector<NodeId> order;
    std::uint64_t eligible = 0;
    for (NodeId v = 0; v < n; ++v) {
        missing[v] = dag.in_degree(v);
        eligible += missing[v] == 0;
    }
    area = eligible;
    auto start = [&](NodeId u) {
        done[u] = 1;
        order.push_back(u);
        --eligible;
    };
    for (NodeId u : taken) {
        start(u);
        for (NodeId c : dag.children(u)) eligible += --missing[c] == 0;
        area += eligible;
    }
    auto last_parent = [&](NodeId v) {
        for (NodeId p : dag.parents(v))
            if (!done[p]) return p;
        return kNoNode;
    };
    for (NodeId v = 0; v < n; ++v)
        if (!done[v] && missing[v] == 1) ++gain[last_parent(v)];
    using Key = std::tuple<std::uint32_t, double, bool, std::int64_t>;
    std::priority_queue<Key> heap;
    std::vector<std::vector<NodeId>> waiting(sd.block_count());  // eligible nodes of later blocks
    std::size_t current = 0;
    auto progress = [&](NodeId v) {
        double p = 0;
        for (NodeId c : dag.children(v)) p += missing[c] > 1 ? 1.0 / missing[c] : 0.0;
        return p;
    };
    auto push = [&](NodeId v) { heap.emplace(gain[v], progress(v), !dag.is_sink(v), -static_cast<std::int64_t>(v)); };
    for (NodeId v = 0; v < n; ++v)
        if (!done[v] && missing[v] == 0) waiting[block_of[v]].push_back(v);
    for (current = 0; current < sd.block_count(); ++current) {
        for (NodeId v : waiting[current]) push(v);
        while (!heap.empty()) {
            const auto [g, prog, nonsink, negid] = heap.top();
            heap.pop();
            const auto u = static_cast<NodeId>(-negid);
            if (done[u] || g != gain[u]) continue;  // run, or gained since
            // One child at a time: a key computed on the way sees the
            // children after this one still waiting on u.
            start(u);
            for (NodeId c : dag.children(u))
                if (--missing[c] == 1) {
                    const NodeId p = last_parent(c);
                    ++gain[p];
                    if (missing[p] == 0 && block_of[p] == current) push(p);
                } else if (missing[c] == 0) {
                    ++eligible;
                    if (block_of[c] == current) push(c);
                    else waiting[block_of[c]].push_back(c);
                }
            area += eligible;
        }
    }
    return order;
}

}  // namespace ics::test
