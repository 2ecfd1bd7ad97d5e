// Task clustering for heterogeneous workers (clustering.txt §3): when a worker
// of capacity k arrives, hand it a *clustered task* F of k tasks that it can
// finish without further communication, such that the residual dag G^[F]
// still admits an IC-optimal schedule, so the next worker is served
// optimally too.
//
// Definitions used throughout (also in ics.h and the README):
//  - running state: the dag G plus the set X of executed tasks, which must be
//    closed under parents (a down-set); X empty = start of the computation.
//    U = G minus X is the *unexecuted dag*.
//  - self-contained (§3.1): F ⊆ U and every task of F is ELIGIBLE or has all
//    its unexecuted ancestors in F, i.e. F is a down-set of U.
//  - residual G^[F]: the subdag of G induced on U \ F (names kept).
//  - cut arcs (§3.1, criterion 2(b)): the arcs (u, v) with u ∈ F and v in
//    the residual: the results the worker must send back. For a
//    self-contained F no arc enters F from the residual, and arcs from X into
//    F (inputs the server already holds) are not counted. Fig. 6 at k = 6:
//    direct 8, staggered 6.
//  - eligible rendered (§3.1, criterion 2(a)): the number of tasks ELIGIBLE
//    once F is executed, i.e. the sources of the residual (E(|F|) of U along
//    a schedule that starts with F); `newly_eligible` counts those with a
//    parent in F. A productive F maximises eligible rendered.
//  - closure F̂ (§3.3.3): F plus the residual tasks left isolated in G^[F]
//    that are adjacent to F (`closure` lists the latter).
//
// Every residual reported `ic_optimal` is proven: either by Theorem 3.1 (the
// tail of an IC-optimal schedule of U after a prefix F) or by the engine
// (lib/schedule) run on the residual itself, or, for a Theorem 3.4 donor, on
// the residual's dual (then Theorem 2.3 turns that schedule around).
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "dag/dag.hpp"
#include "schedule/schedule.hpp"

namespace ics::cluster {

// Values equal the C API's ics_cluster_strategy; only grow at the end.
enum class Strategy : int {
    direct = 0,     // §3.2.1, Theorem 3.1 / Corollary 3.1: the first k tasks of an ICO schedule
    staggered = 1,  // §3.2.2, Lemma 3.1: whole blocks of the ▷-chain, skipping some
    donor = 2,      // §3.3, Theorems 3.3/3.4: universal donors (W/N/Cycle, or M, compositions)
    min_cut = 3,    // the certified candidate of the strategies above with the fewest cut arcs
    check = 4,      // a user-supplied cluster (check())
};
// "direct", "staggered", "donor", "min-cut", "check".
const char* strategy_name(Strategy s) noexcept;

struct Options {
    schedule::Options schedule;  // for the unexecuted dag and the residuals
    // Staggered: steps of the search over sequences of ▷-chain blocks.
    std::uint64_t search_budget = std::uint64_t{1} << 16;
    // Candidates whose residual is certified by running the engine, at most
    // (a candidate costs one run of the pipeline on the residual; prefixes of
    // the IC-optimal order need none and are always tried).
    std::uint32_t max_verified = 3;
    // Donor: sources of U used as seeds of the greedy growth (besides the
    // unseeded growth), at most.
    std::uint32_t donor_seeds = 16;
};

struct Cluster {
    Strategy strategy = Strategy::direct;  // the strategy that produced F (min_cut: the winner's)
    std::vector<NodeId> tasks;             // F (ids of G), in an order the worker can execute
    std::vector<std::pair<NodeId, NodeId>> cut;  // cut arcs (u in F, v in the residual)
    std::uint32_t eligible_rendered = 0;
    std::uint32_t newly_eligible = 0;
    bool self_contained = true;
    std::string violation;       // why not self-contained ("" when it is)
    std::vector<NodeId> closure; // residual tasks isolated in G^[F] and adjacent to F
    // The residual dag (names of G kept) and its ids in G.
    Dag residual;
    std::vector<NodeId> residual_to_original;
    schedule::Status residual_status = schedule::Status::heuristic;
    std::string residual_reason;  // why not proven ("" when ic_optimal)
    std::string certificate;      // how the residual's schedule was proven
    std::vector<NodeId> residual_order;  // ids of G
    // Donor and min-cut: which universal-donor theorem applied ("Theorem
    // 3.3: ...", "Theorem 3.4: ...") or why none did; "" for other strategies.
    std::string donor_note;
};

// The unexecuted dag of a running state: the subdag of G on V \ X, and its
// ids in G (empty `to_original` means identity: X was empty). Throws
// invalid_argument when X repeats a task or is not closed under parents,
// unknown_node for an id out of range.
struct Unexecuted {
    const Dag* dag = nullptr;
    Dag owned;
    std::vector<NodeId> to_original;
    NodeId original(NodeId v) const noexcept { return to_original.empty() ? v : to_original[v]; }
};
Unexecuted unexecuted(const Dag& g, std::span<const NodeId> executed);

// Extracts a cluster of k tasks (1 <= k <= unexecuted tasks). Errors:
// invalid_argument (k, executed), not_ic_optimal (the unexecuted dag has no
// proven IC-optimal schedule: no strategy applies), unsupported (the strategy
// needs a structure the dag lacks; the message says which).
Cluster extract(const Dag& g, std::span<const NodeId> executed, std::uint32_t k, Strategy strategy,
                const Options& options = {});

// Checks a user-supplied cluster F (ids of G, distinct, unexecuted; any
// order): self-containment (with the violation named), cut arcs, closure,
// eligible rendered, and the residual scheduled by the engine. `tasks` keeps
// the given order.
Cluster check(const Dag& g, std::span<const NodeId> executed, std::span<const NodeId> tasks,
              const Options& options = {});

// Serves workers of capacities sizes[0], sizes[1], ... one after the other
// from the shrinking residual. Entry i is the cluster of worker i. When the
// chosen strategy does not apply to a residual that is known IC-optimal only
// by Theorem 3.1 (not as a composition), that worker is served by the direct
// strategy on the known schedule (its `strategy` says so).
std::vector<Cluster> sequence(const Dag& g, std::span<const NodeId> executed, std::span<const std::uint32_t> sizes,
                              Strategy strategy, const Options& options = {});
// The same, handing each worker's cluster to `each` as soon as it is made
// (issue 17: kept all at once, 300 residuals of K(2000,2000) took 3.6 GB).
// `each` may drop the residual dag: residual_dag() rebuilds it.
void sequence(const Dag& g, std::span<const NodeId> executed, std::span<const std::uint32_t> sizes,
              Strategy strategy, const Options& options, const std::function<void(Cluster&&)>& each);

// The residual dag of `c`, a cluster of `g`: the subdag of G induced on
// c.residual_to_original (what c.residual holds unless it was dropped).
Dag residual_dag(const Dag& g, const Cluster& c);

}  // namespace ics::cluster
