// The rankings the simulated server hands tasks out by, one per policy.
// icsched's come from the pipeline (lib/schedule), the baselines from the
// pebble game (lib/pebble); the two list-scheduling classics are here:
//  - upward rank (Topcuoglu, Hariri, Wu, "HEFT", IEEE TPDS 2002):
//    rank(v) = duration(v) + max over children rank(c), highest first — the
//    critical path first;
//  - dask-like: depth-first execution that finishes a branch before it starts
//    another, the child with the most work below first. This is the shape of
//    dask.order's goal (run what frees results soon, depth first), not its
//    code: dask.order itself is measured on Dask in the Python binding.
#include <algorithm>
#include <numeric>

#include "common/error.hpp"
#include "pebble/pebble.hpp"
#include "schedule/schedule.hpp"
#include "simulate/simulate.hpp"

namespace ics::simulate {

namespace {

// rank(v) = d(v) + max over children rank(c), in reverse topological order.
std::vector<double> upward_ranks(const Dag& dag, std::span<const double> durations) {
    std::vector<double> rank(dag.node_count(), 0.0);
    const auto topo = dag.topological_order();
    for (auto it = topo.rbegin(); it != topo.rend(); ++it) {
        const NodeId v = *it;
        double below = 0;
        for (NodeId c : dag.children(v)) below = std::max(below, rank[c]);
        rank[v] = (durations.empty() ? 1.0 : durations[v]) + below;
    }
    return rank;
}

std::vector<NodeId> by_upward_rank(const Dag& dag, std::span<const double> durations) {
    const std::vector<double> rank = upward_ranks(dag, durations);
    const auto topo = dag.topological_order();
    std::vector<NodeId> order(topo.begin(), topo.end());
    // Stable over a topological order: equal ranks (zero durations) keep parents first.
    std::stable_sort(order.begin(), order.end(), [&](NodeId a, NodeId b) { return rank[a] > rank[b]; });
    return order;
}

std::vector<NodeId> dask_like(const Dag& dag, std::span<const double> durations) {
    const std::vector<double> rank = upward_ranks(dag, durations);
    const NodeId n = dag.node_count();
    std::vector<std::uint32_t> pending(n);
    std::vector<NodeId> stack, fresh, order;
    order.reserve(n);
    auto push_sorted = [&] {
        // Pushed lowest rank first, so the child with the most work below pops first.
        std::sort(fresh.begin(), fresh.end(), [&](NodeId a, NodeId b) {
            return rank[a] != rank[b] ? rank[a] < rank[b] : a > b;
        });
        stack.insert(stack.end(), fresh.begin(), fresh.end());
        fresh.clear();
    };
    for (NodeId v = 0; v < n; ++v) {
        pending[v] = dag.in_degree(v);
        if (pending[v] == 0) fresh.push_back(v);
    }
    push_sorted();
    while (!stack.empty()) {
        const NodeId v = stack.back();
        stack.pop_back();
        order.push_back(v);
        for (NodeId c : dag.children(v))
            if (--pending[c] == 0) fresh.push_back(c);
        push_sorted();
    }
    return order;
}

}  // namespace

std::vector<NodeId> ranking(const Dag& dag, Policy policy, std::span<const double> durations, std::uint64_t seed) {
    switch (policy) {
        case Policy::icsched:
        case Policy::icsched_memory: {
            schedule::Options opt;
            if (policy == Policy::icsched_memory) opt.objective = schedule::Objective::memory;
            return schedule::schedule(dag, opt).order;
        }
        case Policy::fifo: return pebble::baseline_order(dag, pebble::Policy::fifo);
        case Policy::lifo: return pebble::baseline_order(dag, pebble::Policy::lifo);
        case Policy::level: return pebble::baseline_order(dag, pebble::Policy::level);
        case Policy::random: return pebble::baseline_order(dag, pebble::Policy::random, seed);
        case Policy::postorder: return pebble::baseline_order(dag, pebble::Policy::postorder);
        case Policy::upward_rank: return by_upward_rank(dag, durations);
        case Policy::dask_like: return dask_like(dag, durations);
        case Policy::greedy: return schedule::greedy_order(dag);
    }
    fail(Errc::invalid_argument, "unknown simulation policy " + std::to_string(static_cast<int>(policy)));
}

const char* policy_name(Policy p) noexcept {
    switch (p) {
        case Policy::icsched: return "icsched";
        case Policy::icsched_memory: return "icsched-memory";
        case Policy::fifo: return "fifo";
        case Policy::lifo: return "lifo";
        case Policy::level: return "level";
        case Policy::random: return "random";
        case Policy::postorder: return "postorder";
        case Policy::upward_rank: return "upward-rank";
        case Policy::dask_like: return "dask-like";
        case Policy::greedy: return "greedy";
    }
    return "unknown";
}

bool policy_from_name(std::string_view name, Policy& out) noexcept {
    for (int k = 0; k < kPolicyCount; ++k)
        if (name == policy_name(static_cast<Policy>(k))) {
            out = static_cast<Policy>(k);
            return true;
        }
    // The names HEFT users and the issue use for the same ranking.
    if (name == "critical-path" || name == "heft") {
        out = Policy::upward_rank;
        return true;
    }
    if (name == "most-eligible") {
        out = Policy::greedy;
        return true;
    }
    return false;
}

}  // namespace ics::simulate
