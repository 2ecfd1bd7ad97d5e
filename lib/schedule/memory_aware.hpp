// Memory-aware IC-optimal scheduling (guidelines-common-dags.txt §2.2.3,
// §3.3, §4.3, §5.3): the ▷-linearization leaves freedom — which of several
// ▷-dominant source blocks goes next, and the order of a block's sources
// among the orders with the same block profile — and every choice keeps the
// schedule IC-optimal (Theorem 2.1 of sweep-algorithm.txt only asks for a
// ▷-chain and each block's profile). MemoryGuide spends that freedom on the
// memory cost: the number of EXECUTED nodes with an unexecuted child.
//
// Rule (documented heuristic): among the admissible blocks, run the one whose
// sources change the open-node count least (delta = sources that open minus
// parents they close), oldest first on ties; inside a block, the source that
// keeps the block's profile and changes the count least, earliest in the
// block's own order on ties. On the papers' families this is exactly their
// memory-optimal IC-optimal schedules: Postorder-Execute on complete
// reduction-trees (2h, Theorem 4.2), sweeping each level of a reduction-mesh
// from one end (ℓ, Theorem 3.2), and on FFT dags level by level with the
// butterflies that complete their parents' butterflies next (2^d + 2: the
// least any IC-optimal schedule reaches — see README on Theorem 5.2).
#pragma once

#include <cstdint>
#include <limits>
#include <span>
#include <vector>

#include "dag/big_vector.hpp"
#include "decompose/decomposition.hpp"
#include "schedule/schedule.hpp"

namespace ics::schedule {

class MemoryGuide {
public:
    // `dag` is the input (memory counts all its arcs, shortcuts included);
    // `skeleton` and `dec` its decomposition; `blocks` the block schedules,
    // whose source orders run_block may permute keeping their profiles.
    // `reference` (tests only): refine() by evaluating every candidate at
    // every step (O(s · candidates) per block of s sources), as before the
    // candidates were kept in heaps by gain, and drain_dirty() refreshing
    // every block it marked; nor does it settle refines at construction or
    // skip children scans while no block is announced.
    MemoryGuide(const Dag& dag, const Dag& skeleton, const decompose::Decomposition& dec,
                blocks::ScheduleTable& blocks, bool reference = false);
    MemoryGuide(const MemoryGuide&) = delete;
    MemoryGuide& operator=(const MemoryGuide&) = delete;
    ~MemoryGuide();

    // Change of the open-node count if block b's sources ran now; the
    // caller keys block b by it until b is refreshed (drain_dirty).
    std::int64_t delta(decompose::BlockId b);
    // Refines b's source order for memory (same profile) and plays it.
    void run_block(decompose::BlockId b);
    // Plays a sum scheduled by IC-Sweep: path[k] is the member run at step k.
    void run_sum(std::span<const std::uint32_t> members, std::span<const std::uint32_t> path);
    // Calls f(b) for every block whose delta may have changed since the last
    // call, then forgets them. A block whose delta was handed out and is the
    // same now is left out: its key stands (on WorkflowSim Inspiral copies
    // 88% of the refreshes, each a heap entry for the linearizer to push and
    // later drop as stale). f(b) may call delta(b), which then costs nothing.
    template <class F>
    void drain_dirty(F&& f) {
        for (decompose::BlockId b : dirty_) {
            dirty_mark_[b] = 0;
            if (!reference_ && announced_[b] != kUnannounced) {
                const std::int64_t d = compute_delta(b);
                if (d == announced_[b]) continue;
                fresh_block_ = b;
                fresh_delta_ = d;
            }
            f(b);
            fresh_block_ = decompose::kNoBlock;
        }
        dirty_.clear();
    }

    // Blocks whose sources refine() reordered (tests: that they are reached)
    // and blocks it gave up on (no fitting candidate, or the work bound).
    std::uint64_t refined_blocks() const noexcept { return refined_; }
    std::uint64_t kept_blocks() const noexcept { return kept_; }
    // Blocks of parentless sources whose refine() was settled at
    // construction (refine_roots; tests: that the path is reached).
    std::uint64_t settled_blocks() const noexcept { return settled_; }

private:
    void execute(NodeId v);
    void forget(decompose::BlockId b);  // b ran: announced_[b] = kUnannounced
    // Settles refine() of the blocks whose sources have no parents, in
    // block order (memory_aware.cpp); the second for at most 64 sources and sinks.
    void refine_roots();
    bool refine_small_roots(decompose::BlockId b, std::vector<NodeId>& out);
    void undo(NodeId v);
    std::int64_t node_delta(NodeId v) const;
    std::int64_t compute_delta(decompose::BlockId b);
    bool refine(decompose::BlockId b, std::vector<NodeId>& out);
    bool refine_reference(decompose::BlockId b, std::vector<NodeId>& out);
    bool refine_pair(std::span<const NodeId> order, std::span<const std::uint32_t> prof, std::vector<NodeId>& out);
    // One candidate of refine(): its open-count change and rank in the block's order.
    struct Candidate {
        std::int64_t delta;
        std::uint32_t rank;
        bool operator>(const Candidate& o) const noexcept {
            return delta != o.delta ? delta > o.delta : rank > o.rank;
        }
    };

    bool reference_;
    const Dag& dag_;
    const Dag& skel_;
    const decompose::Decomposition& dec_;
    blocks::ScheduleTable& blocks_;
    // remaining_, count_ and rank_: three n-word arrays in one mapped block
    // (dag/big_vector.hpp), not the heap: freed after the linearization,
    // their holes in the heap were too small for the fallback's per-node
    // arrays, which were then mapped and faulted in anew (issue 18: sums of
    // random blocks at 10^6 nodes, ~7,700 more page faults than the
    // eligibility objective).
    BigVector<std::uint32_t> node_words_;
    std::span<std::uint32_t> remaining_;  // unexecuted children (input dag)
    std::vector<std::uint8_t> executed_;
    std::vector<decompose::BlockId> dirty_;
    std::vector<std::uint8_t> dirty_mark_;
    // Per block: the delta last handed out, kUnannounced before that and
    // once the block ran (it is then no source block: the caller drops it).
    static constexpr std::int64_t kUnannounced = std::numeric_limits<std::int64_t>::min();
    std::vector<std::int64_t> announced_;
    std::uint64_t announced_count_ = 0;  // blocks with a delta handed out
    decompose::BlockId fresh_block_ = decompose::kNoBlock;  // drain_dirty's delta of it
    std::int64_t fresh_delta_ = 0;
    // Scratch of refine() and delta(), reset after each use.
    std::span<std::uint32_t> count_;
    std::span<std::uint32_t> rank_;
    std::vector<NodeId> touched_;
    // Scratch of refine(), by rank in the block's order: each source's gain
    // and delta; min-heaps of candidates per gain (stale entries dropped
    // when they surface), and the gains whose heaps were used.
    std::vector<std::uint32_t> gain_;
    std::vector<std::int64_t> cand_delta_;
    std::vector<std::vector<Candidate>> by_gain_;
    std::vector<std::uint32_t> used_gains_;
    std::vector<NodeId> refined_order_;  // run_block's scratch
    // refine_roots(): per block, whether refine() was settled in advance
    // (empty when no block was): refined (the refined order in place, the
    // block's own order in root_order_, by source offset, until it runs),
    // refined to its own order, kept, or run (or swept) since.
    static constexpr std::uint8_t kNotRoot = 0, kRootRefined = 1, kRootKept = 2, kRootSame = 3, kRootRun = 4;
    void restore_root_order(decompose::BlockId b);
    std::vector<std::uint8_t> root_state_;
    std::vector<NodeId> root_order_;
    std::uint64_t refined_ = 0, kept_ = 0, settled_ = 0;
};

}  // namespace ics::schedule
