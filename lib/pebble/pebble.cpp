// Plays the IC pebble game (guidelines paper §2.2) along a given order:
// one pass, O(n + m), validating the order as it goes.
#include "pebble/pebble.hpp"

#include <algorithm>
#include <string>

namespace ics::pebble {

namespace {

// Shared by validate_order and evaluate so both report the same errors.
// missing[v] = parents of v not yet executed (the caller fills it with the
// in-degrees, beside its own per-node state: one pass over the nodes);
// executed marked by kNoNode.
template <class OnStep>
void play(const Dag& dag, std::span<const NodeId> order, std::vector<std::uint32_t>& missing, OnStep&& on_step) {
    const NodeId n = dag.node_count();
    if (order.size() != n)
        fail(Errc::invalid_order, "order has " + std::to_string(order.size()) + " entries, the dag has " +
                                      std::to_string(n) + " nodes");
    for (std::size_t t = 0; t < order.size(); ++t) {
        // The order names the next nodes: their children lists and counts,
        // at random places, are loaded a few steps ahead (ids unchecked yet,
        // so only valid ones).
        if (t + 16 < order.size() && order[t + 16] < n) __builtin_prefetch(dag.children(order[t + 16]).data());
        if (t + 8 < order.size() && order[t + 8] < n) {
            __builtin_prefetch(&missing[order[t + 8]]);
            for (NodeId c : dag.children(order[t + 8])) __builtin_prefetch(&missing[c]);
        }
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

// The in-degrees, and how many are 0 (E(0)).
std::uint32_t in_degrees(const Dag& dag, std::vector<std::uint32_t>& missing) {
    missing.resize(dag.node_count());
    std::uint32_t sources = 0;
    for (NodeId v = 0; v < dag.node_count(); ++v) {
        missing[v] = dag.in_degree(v);
        sources += missing[v] == 0 ? 1u : 0u;
    }
    return sources;
}

}  // namespace

void validate_order(const Dag& dag, std::span<const NodeId> order) {
    std::vector<std::uint32_t> missing;
    in_degrees(dag, missing);
    play(dag, order, missing, [](NodeId, std::uint32_t) {});
}

Evaluation evaluate(const Dag& dag, std::span<const NodeId> order) {
    Evaluation ev;
    const NodeId n = dag.node_count();
    ev.eligible.reserve(static_cast<std::size_t>(n) + 1);
    // missing and pending filled in one pass over the nodes (issue 18).
    // open = EXECUTED nodes that still have an unexecuted child (§2.2.3).
    std::vector<std::uint32_t> missing(n), pending(n);
    std::uint32_t eligible = 0;
    for (NodeId v = 0; v < n; ++v) {
        missing[v] = dag.in_degree(v);
        pending[v] = dag.out_degree(v);
        eligible += missing[v] == 0 ? 1u : 0u;
    }
    ev.eligible.push_back(eligible);
    ev.area = eligible;
    std::uint32_t open = 0;
    play(dag, order, missing, [&](NodeId v, std::uint32_t newly) {
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

std::uint64_t area(const Dag& dag, std::span<const NodeId> order) {
    std::vector<std::uint32_t> missing;
    std::uint32_t eligible = in_degrees(dag, missing);
    std::uint64_t sum = eligible;
    play(dag, order, missing, [&](NodeId, std::uint32_t newly) {
        eligible = eligible - 1 + newly;
        sum += eligible;
    });
    return sum;
}

std::vector<std::uint32_t> nonsource_profile(const Dag& dag, std::span<const NodeId> order) {
    validate_order(dag, order);
    std::vector<std::uint32_t> missing(dag.node_count());
    for (NodeId v = 0; v < dag.node_count(); ++v) missing[v] = dag.in_degree(v);
    std::vector<std::uint32_t> profile{0};
    std::uint32_t eligible = 0;
    for (NodeId v : order) {
        if (dag.is_sink(v)) continue;
        if (!dag.is_source(v)) --eligible;  // it was an eligible nonsource
        for (NodeId c : dag.children(v))
            if (--missing[c] == 0) ++eligible;
        profile.push_back(eligible);
    }
    return profile;
}

}  // namespace ics::pebble
