// Scheduling-based duality (clustering.txt §2.2.2; overview slides
// "Scheduling-Based Duality"; [4] Cordasco, Malewicz, Rosenberg 2007).
#pragma once

#include <span>
#include <vector>

#include "dag/dag.hpp"

namespace ics::blocks {

// The dual dag: every arc reversed; same nodes, names and ids.
Dag dual(const Dag& g);

// A schedule of dual(g) that is dual to the schedule `order` of g.
//
// `order` must run every nonsink of g exactly once, each after all of its
// parents; it may also contain sinks of g (each at most once, after its
// parents), which are ignored: sinks render nothing ELIGIBLE. Otherwise
// throws Errc::invalid_order.
//
// Let u_1..u_n be the nonsinks of g in `order` and P_i the nonsources of g
// that become ELIGIBLE when u_i executes (those whose last parent is u_i).
// Every nonsource of g lies in exactly one packet, and the nonsources of g are
// exactly the nonsinks of dual(g). The result executes P_n, P_{n-1}, ..., P_1
// (each packet in increasing id), then all sources of g (the sinks and
// isolated nodes of dual(g)) in increasing id: a complete, valid order of
// dual(g) (a packet is an antichain and the children of v in P_i lie in
// packets P_k, k > i), which runs every nonsink of dual(g) before its sinks.
// This is the same construction for every dag, bipartite or not; Theorem
// 2.3(a): when `order` is IC optimal for g, the result is IC optimal for
// dual(g).
std::vector<NodeId> dual_schedule(const Dag& g, std::span<const NodeId> order);

}  // namespace ics::blocks
