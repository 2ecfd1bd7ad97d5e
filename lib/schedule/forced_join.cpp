// The forced-join lemma (an extension of Theorem 2.1 of sweep-algorithm.txt
// §2, with the exchange argument of its proof; not in the papers).
//
// Notation. G is composite of CBBBs; for a block B with s_B sources, E_B(x)
// is its IC-optimal profile (sinks of B rendered ELIGIBLE by the best x of
// its sources). B is a JOIN when E_B(x) = 0 for all x < s_B: every sink of B
// is a child of every source of B (one-source blocks are joins). The
// linearizer emits groups (a block, or a sum of source blocks scheduled by
// IC-Sweep); P is the set of emitted blocks, closed under super-dag parents.
//
// Lemma (forced join). Let the linearizer be at a step where
//   (J1) b is a join and a source block of the remnant R = blocks \ P;
//   (J2) b GATES R: every source of every block of R other than b is a sink
//        of a block of R (no arc of the super-dag runs from P to R \ {b}, and
//        no block of R \ {b} has a source of G among its sources);
//   (J3) g ▷ c for every block c that b frees, where g is the last group
//        emitted by an ordinary step (§4.2 (a) or (c)); for a sum, every
//        summand ▷ c. (Vacuous when there is no such g.)
// Emit b next although b ▷ c may fail for the blocks c it frees. If every
// other step is an ordinary one, the schedule of Theorem 2.1 built from the
// groups (blocks' sources in group order, then all sinks) is IC optimal.
//
// Proof. Write the emitted sequence as S_0, b_1, S_1, ..., b_J, S_J, where
// the b_k are the blocks emitted by this lemma and the S_k the ordinary
// groups between them. (a) The ordinary groups alone form a ▷-linear chain
// S_0 S_1 ... S_J: inside an S_k by §4.2, between last(S_{k-1}) and first(S_k)
// by (J3) (first(S_k) is freed by some b_j with no ordinary group since
// last(S_{k-1}); a group ▷ each summand of a sum implies ▷ the sum, shifting
// one summand at a time). (b) last(S_{k-1}) ▷ b_k: b_k was live or freed when
// the last ordinary group was emitted (checked there), or was freed by a
// forced b_j (checked by (J3)); by transitivity every block of S_0..S_{k-1}
// has ▷-priority over b_k. (c) Gates: a source v of a block after b_k is a
// sink of a block c' after or equal to b_k (J2); all of v's parents are
// sources of c'; if c' = b_k they are all of b_k's sources (join), otherwise,
// by induction along the super-dag, each of them needs all of b_k's sources.
// So a down-set X that contains any source of a block after b_k contains all
// sources of b_k.
//   For a down-set X of nonsinks with |X| = t, let x_B = |X ∩ sources(B)|;
// the number of nodes all of whose parents lie in X is #sources(G) +
// Σ_B e_B(X) ≤ #sources(G) + Σ_B E_B(x_B), and ELIGIBLE = that - t (sinks of G
// are executed last, Lemma 2.1). Let K be the number of leading joins that X
// fills (b_1..b_K full, b_{K+1} not); by (c) X has no source in blocks after
// b_{K+1}, and b_{K+1} contributes E = 0 (join, not full). So
//   Σ_B E_B(x_B) ≤ Σ_{k≤K} E_{b_k}(s_{b_k}) + Σ_{B ∈ S_0..S_K} E_B(x_B).
// The second sum is at most the lexicographic fill of the ▷-linear chain
// S_0..S_K with the same mass (the exchange of Theorem 2.1's proof, using
// (a)); dropping b_{K+1}'s sources only lowers the mass, and Σ's count of
// rendered nodes below is nondecreasing in t, so that is no loss. Now move mass out of the last full join b_K into the earliest
// non-full block a of S_0..S_{K-1} while there is one: a precedes b_K, so
// a ▷ b_K by (b), and inequality (1) says the exchange does not decrease the
// sum (b_K may become partial; nothing after it holds mass); then b_{K-1},
// and so on. The end point fills S_0, b_1, S_1, ... in order: it is exactly
// the vector of Theorem 2.1's schedule Σ after t steps, which attains every
// E_B(x_B) with equality (each block in its own IC-optimal order). Hence
// Σ's ELIGIBLE count at every step t is the maximum over all schedules. □
//
// Why (J2) and not just "b is the only source block": a block of R \ {b}
// with a source that is ELIGIBLE before b completes could interleave with b,
// and then b's lack of priority would matter. (J2) is checked in O(1)
// amortised: the arcs leaving the emitted set P number Σ_{a ∈ P} (out(a) -
// in(a)) in the super-dag (P is closed under parents: each arc inside P
// counts +1 at its tail and -1 at its head), and b's in-arcs all come from
// P, so no arc reaches R \ {b} iff that sum equals in(b).
//
// Evidence: tests/schedule/forced_join_test.cpp checks every dag this lemma
// helps prove against the brute-force oracle (lib/exact/oracle).
#include "schedule/forced_join.hpp"

#include <algorithm>

namespace ics::schedule {

using decompose::BlockId;

ForcedJoin::ForcedJoin(const decompose::Decomposition& dec, const blocks::ScheduleTable& blocks)
    : dec_(dec), blocks_(blocks), open_source_(dec.block_count, 0) {
    for (BlockId b = 0; b < dec.block_count; ++b) {
        for (NodeId v : dec.sources(b))
            if (dec.in_block[v] == decompose::kNoBlock) {
                open_source_[b] = 1;
                ++open_total_;
                break;
            }
    }
}

void ForcedJoin::catch_up(const Linearization& lin) {
    for (; blocks_seen_ < lin.blocks.size(); ++blocks_seen_) {
        const BlockId a = lin.blocks[blocks_seen_];
        arcs_out_ += static_cast<std::int64_t>(dec_.successors(a).size()) -
                     static_cast<std::int64_t>(dec_.super_in_degree[a]);
        open_emitted_ += open_source_[a];
    }
    std::size_t f = 0;
    for (; groups_seen_ < lin.group_count(); ++groups_seen_) {
        while (f < forced_groups_.size() && forced_groups_[f] < groups_seen_) ++f;
        if (f == forced_groups_.size() || forced_groups_[f] != groups_seen_)
            last_ordinary_ = static_cast<std::int64_t>(groups_seen_);
    }
}

bool ForcedJoin::admit(BlockId b, Linearization& lin, const std::uint32_t* pending,
                       const std::function<bool(BlockId, BlockId)>& prio) {
    if (!blocks_.proven(b)) return false;
    // (J1) b is a join: no sink before its last source.
    const auto profile = blocks_.profile(b);
    const std::size_t s = profile.size() - 1;
    if (s == 0 || profile[s - 1] != 0) return false;
    // (J2) b gates the remnant.
    catch_up(lin);
    if (arcs_out_ != static_cast<std::int64_t>(dec_.super_in_degree[b])) return false;
    if (open_total_ - open_emitted_ != static_cast<std::uint64_t>(open_source_[b])) return false;
    // (J3) the last ordinary group has priority over every block b frees.
    // Its members are taken once per distinct profile (▷ sees profiles only):
    // a sum of many copies followed by a chain of forced joins stays linear.
    if (last_ordinary_ >= 0 && reps_of_ != last_ordinary_) {
        reps_.clear();
        for (BlockId a : lin.group(static_cast<std::size_t>(last_ordinary_))) {
            const auto pa = blocks_.profile(a);
            bool seen = false;
            for (BlockId x : reps_) seen = seen || std::ranges::equal(blocks_.profile(x), pa);
            if (!seen) reps_.push_back(a);
        }
        reps_of_ = last_ordinary_;
    }
    if (last_ordinary_ >= 0) {
        for (BlockId c : dec_.successors(b)) {
            if (pending[c] != 1) continue;
            for (BlockId a : reps_)
                if (!prio(a, c)) return false;
        }
    }
    forced_groups_.push_back(static_cast<std::uint32_t>(lin.group_count()));
    ++lin.forced_joins;
    return true;
}

}  // namespace ics::schedule
