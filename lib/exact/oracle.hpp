// The brute-force IC-optimality oracle (guidelines-common-dags.txt §2.2,
// sweep-algorithm.txt §2): the largest possible number of ELIGIBLE nodes
// after every step, by enumerating the dag's DOWN-SETS.
//
// A down-set D is a set of nodes closed under parents. The executed set after
// t steps of any schedule is a down-set of size t, and every down-set is
// reached by some schedule, so with elig(D) = #nodes outside D whose parents
// all lie in D:
//     M(t) = max { elig(D) : D a down-set, |D| = t },   t = 0..n,
// and a schedule is IC optimal (ICO) iff its E(t) equals M(t) for every t.
//
// Cost: O(#down-sets * (n + arcs) * ceil(n/64)) time, O(n * ceil(n/64))
// memory (no down-set is stored). The count of down-sets ranges from n + 1
// (a chain) to 2^n (an antichain); dags wider than log2(budget) are rejected
// at once, since an antichain of w nodes alone yields 2^w down-sets.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "dag/dag.hpp"

namespace ics::exact {

// Default number of down-sets an exact computation may enumerate (~4.2M: a few
// tenths of a second; every dag of <= 22 nodes fits).
inline constexpr std::uint64_t kDefaultDownsetBudget = std::uint64_t{1} << 22;

struct DownsetProfile {
    std::vector<std::uint32_t> max_profile;  // M(0..n)
    std::uint64_t downset_count = 0;         // down-sets of the dag, the empty one included
};

// Enumerates every down-set once. Throws Errc::too_large (naming the budget)
// when the dag has more than `max_downsets` down-sets, is wider than
// log2(max_downsets), or has more than 1024 nodes.
DownsetProfile downset_profile(const Dag& dag, std::uint64_t max_downsets = kDefaultDownsetBudget);

// M(0..n) (n + 1 entries; {0} for the empty dag). Same errors as downset_profile.
std::vector<std::uint32_t> max_eligible_profile(const Dag& dag, std::uint64_t max_downsets = kDefaultDownsetBudget);

// True iff `order`'s E(t) (pebble::evaluate) equals M(t) at every step.
// Throws Errc::invalid_order for an invalid order; too_large as above.
bool is_ic_optimal(const Dag& dag, std::span<const NodeId> order, std::uint64_t max_downsets = kDefaultDownsetBudget);
// Same, against an M computed before (max_profile.size() must be n + 1, else invalid_argument).
bool is_ic_optimal(const Dag& dag, std::span<const NodeId> order, std::span<const std::uint32_t> max_profile);

}  // namespace ics::exact
