// Internals shared by the clustering strategies (lib/cluster/). Not part of
// the public interface: see cluster.hpp.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "cluster/cluster.hpp"
#include "schedule/schedule.hpp"

namespace ics::cluster::detail {

// What every strategy works on: the unexecuted dag U, the engine's result on
// it, and an IC-optimal order of U when one is known.
struct Context {
    const Unexecuted& ux;
    const Dag& u;
    const schedule::Result& sched;   // the engine on U
    std::span<const NodeId> ico_order;  // an IC-optimal order of U (ids of U), or empty
    bool composition = false;  // sched is ic_optimal through a ▷-linearization of blocks (condition (2))
    std::uint32_t k = 0;
    const Options& options;
    // The dag before any task ran (for the universal-donor theorems, which
    // apply to it: the executed tasks plus F are one clustered task of it).
    const Dag* original = nullptr;
};

// A proposed F (ids of U), before its residual is built and certified.
struct Candidate {
    Strategy strategy = Strategy::direct;
    std::vector<NodeId> tasks;
    std::int64_t cut = 0;
    // Donor candidates: 33 or 34 when Theorem 3.3 / 3.4 says every F works
    // (then the candidate is tried whatever max_verified), else 0; `note`
    // says which theorem applied or why none did (Cluster::donor_note).
    int theorem = 0;
    std::string note;
};

// reticulation.cpp (clustering.txt §3.3.2-3.3.3): whether U is a universal
// donor by Theorem 3.3 (a reticulated composition of W-, N- and Cycle-dags)
// or 3.4 (a composition of M-dags with a reticulated dual), and why not.
struct Donorship {
    int theorem = 0;  // 33, 34, or 0
    std::string note;
};
Donorship donorship(const Context& c);
// The reticulation condition on the standard drawing of g's blocks (r: the
// engine on g, a composition); `why` names the first pair that fails.
bool reticulated(const Dag& g, const schedule::Result& r, std::string& why);
// The dual dag (arcs reversed, names and ids kept).
Dag dual_of(const Dag& g);
// Theorem 2.3 (a): a schedule of the dag whose dual is `dual`, from an
// IC-optimal order of `dual`: IC-optimal when that order is.
std::vector<NodeId> dual_schedule(const Dag& dual, std::span<const NodeId> dual_order);

// For a down-set F of U the cut arcs number Σ_{v ∈ F} (out(v) - in(v)) (in U):
// an arc inside F counts +1 at its tail and -1 at its head. So the cut is
// additive and each strategy can track it incrementally.
inline std::int64_t weight(const Dag& u, NodeId v) {
    return static_cast<std::int64_t>(u.out_degree(v)) - static_cast<std::int64_t>(u.in_degree(v));
}
std::int64_t cut_of(const Dag& u, std::span<const NodeId> tasks);

// True when all of v's parents in U are marked in `in_f`.
inline bool available(const Dag& u, const std::vector<char>& in_f, NodeId v) {
    for (NodeId p : u.parents(v))
        if (!in_f[p]) return false;
    return true;
}

// direct.cpp: the first k tasks of the IC-optimal order (Theorem 3.1,
// Corollary 3.1). Throws not_ic_optimal when none is known.
Candidate direct_candidate(const Context& c);
// staggered.cpp: Lemma 3.1. Throws unsupported unless c.composition.
std::vector<Candidate> staggered_candidates(const Context& c);
// The ▷-chain's groups (block sources, in each block's order), when c.composition.
std::vector<std::span<const NodeId>> chain_groups(const Context& c);
// Self-contained F of k tasks grown by whole groups, least cut added per task
// first (see staggered.cpp); empty when none was found within the budget.
std::vector<NodeId> closure_greedy(const Context& c, std::span<const std::span<const NodeId>> groups);
// universal_donor.cpp: §3.3. Throws unsupported unless the blocks are W/N/C
// (Theorem 3.3) or M (Theorem 3.4) dags of a ▷-linear composition.
std::vector<Candidate> donor_candidates(const Context& c);

// residual.cpp: builds the cluster of `cand` (cut arcs, residual, eligible
// counts, closure, self-containment). With `certify`, proves the residual:
// by Theorem 3.1 when F is the k-prefix of c.ico_order (no engine run),
// otherwise by running the engine on the residual.
Cluster build(const Context& c, const Candidate& cand, bool certify);
// Keeps the `limit` candidates of least cut (stable).
void keep_best(std::vector<Candidate>& cands, std::size_t limit);

}  // namespace ics::cluster::detail
