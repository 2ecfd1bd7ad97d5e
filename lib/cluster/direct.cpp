// The direct task-clustering strategy (clustering.txt §3.2.1): F_k = the
// first k tasks of an IC-optimal schedule Σ. F_k is self-contained and
// productive, and the tail of Σ is IC-optimal for the residual (Theorem 3.1).
// For a ▷-linear composition the engine's Σ is the one of Corollary 3.1: the
// blocks' sources in chain order, each block in its own order, then sinks.
#include "cluster/detail.hpp"

namespace ics::cluster::detail {

Candidate direct_candidate(const Context& c) {
    if (c.ico_order.empty())
        fail(Errc::not_ic_optimal, "direct: the unexecuted dag has no proven IC-optimal schedule (" +
                                       c.sched.reason + ")");
    Candidate cand;
    cand.strategy = Strategy::direct;
    cand.tasks.assign(c.ico_order.begin(), c.ico_order.begin() + c.k);
    cand.cut = cut_of(c.u, cand.tasks);
    return cand;
}

}  // namespace ics::cluster::detail
