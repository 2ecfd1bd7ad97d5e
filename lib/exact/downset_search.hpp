// Exact IC-optimal scheduling of small dags by search over DOWN-SETS
// (definitions in exact/oracle.hpp; sweep-algorithm.txt §2 for IC optimality).
//
// A dag admits an IC-optimal (ICO) schedule iff there is a chain of down-sets
// D_0 ⊂ D_1 ⊂ ... ⊂ D_n, |D_t| = t, with elig(D_t) = M(t) for every t; the
// schedule executes D_t - D_{t-1} at step t.
//
// exact_schedule works in up to three passes, each touching every down-set at
// most once:
//   1. M(0..n) and the down-set count by reverse search (oracle.cpp);
//   2. a depth-first search along chains of MAXIMAL down-sets (elig = M(t)),
//      remembering down-sets proven to lead nowhere (chain_search.cpp);
//   3. only when no ICO schedule exists: the layered search for the
//      lexicographically maximal profile (lexmax_search.cpp).
// Time O(#down-sets * (n + arcs) * ceil(n/64)); memory O(#down-sets * n/8)
// bytes in the worst case of passes 2 and 3 (a hash table of down-sets, open
// addressing). #down-sets is between n + 1 (a chain) and 2^n (an antichain):
// every dag of <= 20 nodes fits the default budget (the 20-node antichain,
// 2^20 down-sets, takes about 7 ms of CPU); larger dags fit while narrow.
#pragma once

#include <cstdint>
#include <vector>

#include "dag/dag.hpp"
#include "exact/oracle.hpp"

namespace ics::exact {

struct ExactResult {
    // True iff the dag admits an IC-optimal schedule.
    bool ico = false;
    // ico: an IC-optimal schedule (E(t) = M(t) for all t).
    // !ico: a schedule whose profile E(0..n) is LEXICOGRAPHICALLY MAXIMAL among
    // all schedules: it maximises E(1), then E(2) among schedules attaining
    // that E(1), and so on. In particular it stays IC optimal for steps
    // 0..first_unreachable_step - 1, and at first_unreachable_step it attains
    // the largest value any such schedule can attain.
    std::vector<NodeId> order;
    // M(0..n): the largest number of ELIGIBLE nodes after t steps over all schedules.
    std::vector<std::uint32_t> max_profile;
    // !ico: the smallest t such that no chain of down-sets D_0 ⊂ ... ⊂ D_t with
    // elig(D_s) = M(s) for all s <= t exists (1 <= t <= n). 0 when ico.
    std::uint32_t first_unreachable_step = 0;
    // Number of down-sets of the dag (the empty one included): all of them are
    // enumerated to compute M; the chain searches visit a subset.
    std::uint64_t downsets_visited = 0;
};

// Decides whether `dag` admits an ICO schedule and returns one (or the
// lexicographically best schedule). Deterministic: among equals, smaller node
// ids are preferred. Throws Errc::too_large (naming the budget) when the dag
// has more than `max_downsets` down-sets, is wider than log2(max_downsets), or
// has more than 1024 nodes; the caller should then fall back to heuristics.
// The empty dag gives ico = true, an empty order and max_profile = {0}.
ExactResult exact_schedule(const Dag& dag, std::uint64_t max_downsets = kDefaultDownsetBudget);

struct MinMemoryResult {
    // The lexicographically maximal profile E(0..n); it is M(0..n), and the
    // schedules below are exactly the IC-optimal ones, iff the dag admits an
    // IC-optimal schedule (compare with max_eligible_profile or a closed form).
    std::vector<std::uint32_t> profile;
    // A schedule with that profile and, among all such schedules, the least
    // memory cost (max over steps of EXECUTED nodes with an unexecuted child).
    std::vector<NodeId> order;
    std::uint32_t memory = 0;
    std::uint64_t states = 0;  // down-sets kept over all layers
};

// Exhaustive search for the least memory cost among the schedules with the
// lexicographically maximal profile (min_memory_search.cpp). Stores only the
// down-sets those schedules pass through, so its cost follows the number of
// IC-optimal prefixes, not of all down-sets. Throws Errc::too_large when more
// than `max_states` down-sets are kept, when more than `max_work` extensions
// D + v are tried (one unit each: ~20-60 ns, and it bounds the memory of a
// layer's candidates too), or when the dag has more than 1024 nodes.
MinMemoryResult min_memory_schedule(const Dag& dag, std::uint64_t max_states = kDefaultDownsetBudget,
                                    std::uint64_t max_work = ~std::uint64_t{0});

}  // namespace ics::exact
