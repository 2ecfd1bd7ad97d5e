// Batched IC scheduling, BICSO (batch-scheduling.txt §2.2): given the set X of
// EXECUTED tasks, choose r of the ELIGIBLE tasks E whose execution leaves the
// most tasks ELIGIBLE.
//
// Counting convention (used everywhere, also by the C API and the CLI):
//   eligible_before = |E|;
//   newly_eligible  = tasks outside X ∪ E all of whose parents are in X ∪ R
//                     (R the selected batch);
//   eligible_after  = |E| - r + newly_eligible, the number of ELIGIBLE tasks
//                     once the batch has run (the paper's objective).
// Maximizing eligible_after is maximizing newly_eligible (r is fixed).
//
// How an answer is found (select):
//  1. the reduction of Theorem 2 (§4): the bipartite graph H between E and the
//     tasks the batch could render eligible (all parents in X ∪ E, at most r of
//     them in E), split into connected components;
//  2. each component is solved for every batch size k <= min(r, its sources):
//     stars in closed form, tree components by Σ_DP (Lemma 3, §5), small ones
//     by exhaustive search, others by branch and bound within a budget, else
//     greedily with an upper bound;
//  3. the per-component curves are combined by the knapsack DP of Theorem 2;
//  4. when a component could not be solved exactly and H is expansive (§6),
//     Σ_exp's answer (Theorem 4: >= 1/4 of the optimal gain) is taken when it
//     is better.
// The answer is `optimal` when every component was solved exactly, or when the
// gain equals a proven upper bound.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "dag/dag.hpp"

namespace ics::batch {

// Values equal the C API's ics_batch_method; only grow at the end.
enum class Method : int {
    automatic = 0,  // as options: choose per component; never a result
    exact = 1,      // exhaustive search / branch and bound (and closed forms)
    tree_dp = 2,    // Σ_DP on tree components + Theorem 2 (every nontrivial component is a tree)
    expansive = 3,  // Σ_exp (Theorem 4)
    greedy = 4,     // greedy per component + Theorem 2, with a proven upper bound
};
const char* method_name(Method m) noexcept;  // "auto", "exact", "tree-dp", "expansive", "greedy"

// Default budget of the branch and bound: search nodes per select call.
inline constexpr std::uint64_t kDefaultExactBudget = 1u << 20;
// Components with at most this many eligible tasks are always solved exactly:
// by a full subset enumeration (2^s sums), or by the search over the sets of
// size <= r when there are far fewer, without budget.
inline constexpr std::uint32_t kSubsetMaxSources = 20;
// The branch and bound runs for batch sizes K = min(r, sources) up to this;
// beyond, a larger component that is not a tree goes to the greedy directly
// (forced EXACT throws too_large).
inline constexpr std::uint32_t kSearchMaxBatch = 64;

// Σ_DP's tables take O(Σ_u min(s_u, r)) cells of 4 bytes (s_u: sources
// below u in the rooted tree; a long path with a large r is the worst case).
// Above this many cells per component, AUTO treats the tree like any other
// component and forced TREE_DP throws too_large.
inline constexpr std::uint64_t kTreeDpMaxCells = std::uint64_t(1) << 28;  // 1 GiB

struct Options {
    Method method = Method::automatic;
    // Search nodes the branch and bound may visit (all components together);
    // 0 = unlimited. Forced EXACT throws too_large when it runs out.
    std::uint64_t exact_budget = kDefaultExactBudget;
};

struct Selection {
    std::vector<NodeId> selected;  // the batch R, increasing ids
    std::uint64_t eligible_before = 0;
    std::uint64_t eligible_after = 0;
    std::uint64_t newly_eligible = 0;
    // Proven upper bound on the best possible eligible_after (== eligible_after when optimal).
    std::uint64_t bound_after = 0;
    Method method = Method::exact;
    bool optimal = false;
    std::string guarantee;  // one line: what is proven about this answer
    // Statistics of the reduction.
    std::uint32_t components = 0;       // components of H with >= 2 eligible tasks
    std::uint32_t tree_components = 0;  // of which solved by Σ_DP
    std::uint32_t searched_components = 0;
    std::uint32_t greedy_components = 0;  // not solved exactly
};

// Throws invalid_argument when `executed` has an id out of range, a duplicate,
// or a task whose parent is not executed (the message names both), when
// r == 0 or r exceeds the number of ELIGIBLE tasks (the message gives both
// counts); unsupported when a forced method does not apply (TREE_DP on a
// component with a cycle, EXPANSIVE on a non-expansive instance); too_large
// when forced EXACT exceeds its budget.
Selection select(const Dag& g, std::span<const NodeId> executed, std::uint64_t r, const Options& options = {});

// The Batched IC Pebble Game from the `executed` tasks (validated as by
// select; empty = the start of the game): step t selects min(e_t, requests[t])
// ELIGIBLE tasks with select(). Steps after everything has been executed give
// empty batches. requests[t] == 0 is invalid_argument.
struct Play {
    std::vector<Selection> batches;
};
Play play(const Dag& g, std::span<const NodeId> executed, std::span<const std::uint64_t> requests,
          const Options& options = {});

// The number of ELIGIBLE tasks given `executed`, validated as by select().
std::uint64_t eligible_count(const Dag& g, std::span<const NodeId> executed);

// Executing `batch` on top of `executed`: the number of ELIGIBLE tasks after
// (straight from the definition; used by the tests and by select's checks).
std::uint64_t eligible_after(const Dag& g, std::span<const NodeId> executed, std::span<const NodeId> batch);

}  // namespace ics::batch
