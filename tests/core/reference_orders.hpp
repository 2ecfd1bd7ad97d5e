// The plays (pebble::evaluate / area / validate_order) as they were before
// issue 18's one-pass initialisation (lib/pebble/pebble.cpp, commit fc9fac5),
// kept as references: the tests check that the library's versions give the
// same E(t), AREA, memory and errors, and score the candidate orders with them.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "area/area.hpp"
#include "common/error.hpp"
#include "common/indexed_heap.hpp"
#include "dag/dag.hpp"
#include "pebble/pebble.hpp"

namespace ics::reference {

// Shared by validate_order and evaluate so both report the same errors.
template <class OnStep>
inline
void play(const Dag& dag, std::span<const NodeId> order, OnStep&& on_step) {
    const NodeId n = dag.node_count();
    if (order.size() != n)
        fail(Errc::invalid_order, "order has " + std::to_string(order.size()) + " entries, the dag has " +
                                      std::to_string(n) + " nodes");
    // missing[v] = parents of v not yet executed; executed marked by kNoNode.
    std::vector<std::uint32_t> missing(n);
    for (NodeId v = 0; v < n; ++v) missing[v] = dag.in_degree(v);
    for (std::size_t t = 0; t < order.size(); ++t) {
        const NodeId v = order[t];
        // Built only on failure: the happy path allocates nothing per step.
        auto step = [t] { return " at step " + std::to_string(t + 1); };
        if (v >= n) fail(Errc::invalid_order, "unknown node id " + std::to_string(v) + step());
        if (missing[v] == kNoNode)
            fail(Errc::invalid_order, "node '" + std::string(dag.name(v)) + "' executed twice" + step());
        if (missing[v] != 0) {
            NodeId p = 0;
            for (NodeId q : dag.parents(v))
                if (missing[q] != kNoNode) {
                    p = q;
                    break;
                }
            fail(Errc::invalid_order, "node '" + std::string(dag.name(v)) + "' executed" + step() +
                                          " before its parent '" + std::string(dag.name(p)) + "'");
        }
        missing[v] = kNoNode;
        std::uint32_t newly = 0;
        for (NodeId c : dag.children(v))
            if (--missing[c] == 0) ++newly;
        on_step(v, newly);
    }
}

inline void validate_order(const Dag& dag, std::span<const NodeId> order) {
    play(dag, order, [](NodeId, std::uint32_t) {});
}

inline pebble::Evaluation evaluate(const Dag& dag, std::span<const NodeId> order) {
    pebble::Evaluation ev;
    const NodeId n = dag.node_count();
    ev.eligible.reserve(static_cast<std::size_t>(n) + 1);
    std::uint32_t eligible = 0;
    for (NodeId v = 0; v < n; ++v) eligible += dag.is_source(v) ? 1u : 0u;
    ev.eligible.push_back(eligible);
    ev.area = eligible;
    // open = EXECUTED nodes that still have an unexecuted child (§2.2.3).
    std::vector<std::uint32_t> pending(n);
    for (NodeId v = 0; v < n; ++v) pending[v] = dag.out_degree(v);
    std::uint32_t open = 0;
    play(dag, order, [&](NodeId v, std::uint32_t newly) {
        eligible = eligible - 1 + newly;
        ev.eligible.push_back(eligible);
        ev.area += eligible;
        if (pending[v] > 0) ++open;
        for (NodeId p : dag.parents(v))
            if (--pending[p] == 0) --open;
        ev.memory = std::max(ev.memory, open);
    });
    return ev;
}

inline std::uint64_t area(const Dag& dag, std::span<const NodeId> order) {
    std::uint32_t eligible = 0;
    for (NodeId v = 0; v < dag.node_count(); ++v) eligible += dag.is_source(v) ? 1u : 0u;
    std::uint64_t sum = eligible;
    play(dag, order, [&](NodeId, std::uint32_t newly) {
        eligible = eligible - 1 + newly;
        sum += eligible;
    });
    return sum;
}


}  // namespace ics::reference
