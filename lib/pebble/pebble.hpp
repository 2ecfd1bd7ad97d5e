// The IC pebble game (guidelines paper §2.2): evaluation of an execution
// order and baseline orders. All linear in the size of the dag.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "dag/dag.hpp"

namespace ics::pebble {

struct Evaluation {
    // eligible[t] = E(t): ELIGIBLE nodes (unexecuted, all parents executed)
    // after t executions, t = 0..n.
    std::vector<std::uint32_t> eligible;
    // Memory cost (§2.2.3): max over steps of EXECUTED nodes with an unexecuted child.
    std::uint32_t memory = 0;
    // AREA = sum over t of E(t).
    std::uint64_t area = 0;
};

// Throws Errc::invalid_order (naming the offending node and step) unless
// `order` executes every node exactly once, parents first.
void validate_order(const Dag& dag, std::span<const NodeId> order);
// Validates, then plays the game.
Evaluation evaluate(const Dag& dag, std::span<const NodeId> order);
// Validates and returns evaluate(dag, order).area in the same single pass,
// without E(t) or the memory cost (comparing candidate orders).
std::uint64_t area(const Dag& dag, std::span<const NodeId> order);

// The profile the ▷ relation and IC-Sweep use (sweep-algorithm.txt §2,
// footnote 4): entry i = nonsource nodes ELIGIBLE after the first i nonsinks
// of `order` have executed (sinks in `order` are ignored, as if deferred to
// the end, which Lemma 2.1 allows). Length = #nonsinks + 1; entry 0 is 0.
std::vector<std::uint32_t> nonsource_profile(const Dag& dag, std::span<const NodeId> order);

// Values equal the C API's ics_policy; only grow at the end.
enum class Policy : int {
    fifo = 0,    // ready queue in the order tasks became eligible
    lifo = 1,    // newest eligible first (the papers' "eager")
    level = 2,   // level by level (longest-path levels), id order inside a level
    random = 3,  // uniformly random eligible task, seeded
    postorder = 4,  // depth-first from the sinks through parents (memory-lean)
};

std::vector<NodeId> baseline_order(const Dag& dag, Policy policy, std::uint64_t seed = 0);
// baseline_order(dag, Policy::fifo), with its AREA (area()) written to
// `area`, summed as the order is built (no second pass).
std::vector<NodeId> fifo_order(const Dag& dag, std::uint64_t& area);
// The AREA of fifo_order(dag), without the order: on dags of at most two
// levels from the sources' ranks (no play), else played.
std::uint64_t fifo_area(const Dag& dag);
// baseline_order(dag, Policy::level), with its AREA written to `area`,
// found from the positions in one walk over the parent lists (no play).
std::vector<NodeId> level_order(const Dag& dag, std::uint64_t& area);
// Whether the dag's arcs join nearby ids (a sample of up to 1024 nodes
// spread over the ids, at most 1/16 of their out-arcs spanning more than
// 64 ids): then a node's children's counts sit in the cache lines near its
// own and the orders' look-ahead prefetches cost more than they save.
bool ids_local(const Dag& dag);

namespace detail {
// Test hook: FIFO's look-ahead prefetches decided by ids_local (-1), off
// (0) or on (1). Returns the previous setting.
int set_fifo_prefetch(int mode);
}  // namespace detail

}  // namespace ics::pebble
