// MemoryGuide: see memory_aware.hpp.
#include "schedule/memory_aware.hpp"

#include <algorithm>
#include <limits>

namespace ics::schedule {

namespace {
// A parent's pending children are looked at (to mark the blocks it could
// close for) only once this few remain: O(kWatch · arcs) in all. A parent
// closed by a block holding more of its children is still counted by delta(),
// just not re-announced; the heuristic stays linear on wide fan-outs.
constexpr std::uint32_t kWatch = 4;
// refine() gives up (keeping the block's own order) after this many candidate
// evaluations per source: complete bipartite blocks make every source a
// candidate at every step.
constexpr std::uint64_t kRefineWorkPerSource = 16;
}  // namespace

MemoryGuide::MemoryGuide(const Dag& dag, const Dag& skeleton, const decompose::Decomposition& dec,
                         blocks::ScheduleTable& blocks, bool reference)
    : reference_(reference),
      dag_(dag),
      skel_(skeleton),
      dec_(dec),
      blocks_(blocks),
      remaining_(dag.node_count()),
      executed_(dag.node_count(), 0),
      dirty_mark_(dec.block_count, 0),
      count_(dag.node_count(), 0),
      rank_(dag.node_count(), 0) {
    for (NodeId v = 0; v < dag.node_count(); ++v) remaining_[v] = dag.out_degree(v);
}

std::int64_t MemoryGuide::node_delta(NodeId v) const {
    std::int64_t d = dag_.out_degree(v) > 0 ? 1 : 0;
    for (NodeId p : dag_.parents(v))
        if (remaining_[p] == 1) --d;
    return d;
}

std::int64_t MemoryGuide::delta(decompose::BlockId b) {
    // Parent p closes when all its unexecuted children are among b's sources.
    std::int64_t d = 0;
    for (NodeId s : dec_.sources(b)) {
        if (dag_.out_degree(s) > 0) ++d;
        for (NodeId p : dag_.parents(s)) {
            if (count_[p]++ == 0) touched_.push_back(p);
            if (count_[p] == remaining_[p]) --d;
        }
    }
    for (NodeId p : touched_) count_[p] = 0;
    touched_.clear();
    return d;
}

void MemoryGuide::execute(NodeId v) {
    executed_[v] = 1;
    for (NodeId p : dag_.parents(v)) {
        const std::uint32_t left = --remaining_[p];
        if (left == 0 || left > kWatch) continue;
        for (NodeId c : dag_.children(p)) {
            if (executed_[c]) continue;
            const decompose::BlockId b = dec_.out_block[c];  // sized by node: c's block as a source
            if (b != decompose::kNoBlock && !dirty_mark_[b]) {
                dirty_mark_[b] = 1;
                dirty_.push_back(b);
            }
        }
    }
}

void MemoryGuide::undo(NodeId v) {
    executed_[v] = 0;
    for (NodeId p : dag_.parents(v)) ++remaining_[p];
}

// Greedy over the block's sources: each step takes a source that makes
// exactly as many of the block's sinks eligible as the block's profile says
// (so E(t) is unchanged) and changes the open count least. Candidates after
// the first step are the sources sharing a sink with an executed one (the
// orders of W, M, N, C blocks grow by neighbours); when no candidate fits,
// or the work bound is hit, the block keeps its own order.
//
// The frontier holds exactly the candidates: the one executed leaves it
// (swap with the last; the choice is by (delta, rank), a strict order, so
// the frontier's order does not matter), and a sink's parents join it when
// its first parent runs. Each step then costs its candidates (what the work
// bound counts) and the arcs it touches. The former frontier kept executed
// sources and rescanned the parents of a sink at each of its parents' runs:
// O(s²) per W(s,d) block, 78% of `--objective memory` on parallel-prefix
// 65536 (kept as `reference` for the tests).
bool MemoryGuide::refine(decompose::BlockId b, std::vector<NodeId>& out) {
    const auto order = blocks_.order(b);
    const auto prof = blocks_.profile(b);
    const std::size_t s = order.size();
    if (s <= 1 || prof.size() != s + 1) return false;
    for (std::size_t i = 0; i < s; ++i) rank_[order[i]] = static_cast<std::uint32_t>(i);
    // count_[k] = executed parents of block sink k; count_ of sources marks
    // 1 = candidate, 2 = executed (sources and sinks of a block are distinct).
    std::vector<NodeId> frontier;
    std::uint64_t work = 0;
    const std::uint64_t budget = kRefineWorkPerSource * s + 64;
    bool ok = true;
    auto gain = [&](NodeId c) {
        std::uint32_t g = 0;
        for (NodeId k : skel_.children(c))
            if (count_[k] + 1 == skel_.in_degree(k)) ++g;
        return g;
    };
    for (std::size_t x = 0; x < s; ++x) {
        const std::uint32_t want = prof[x + 1] - prof[x];
        NodeId best = kNoNode;
        std::int64_t best_delta = std::numeric_limits<std::int64_t>::max();
        auto consider = [&](NodeId c) {
            ++work;
            if (gain(c) != want) return;
            const std::int64_t d = node_delta(c);
            if (d < best_delta || (d == best_delta && rank_[c] < rank_[best])) {
                best = c;
                best_delta = d;
            }
        };
        std::size_t best_at = 0;  // best's index in the frontier
        if (x == 0) {
            for (NodeId c : order) consider(c);
        } else if (reference_) {
            for (NodeId c : frontier)
                if (count_[c] == 1) consider(c);
        } else {
            for (std::size_t i = 0; i < frontier.size(); ++i) {
                const NodeId before = best;
                consider(frontier[i]);
                if (best != before) best_at = i;
            }
        }
        if (best == kNoNode || work > budget) {
            ok = false;
            break;
        }
        out.push_back(best);
        if (x > 0 && !reference_) {
            frontier[best_at] = frontier.back();
            frontier.pop_back();
        }
        if (count_[best] == 0) touched_.push_back(best);
        count_[best] = 2;
        execute(best);
        for (NodeId k : skel_.children(best)) {
            const bool first = count_[k]++ == 0;
            if (first) touched_.push_back(k);
            if (!first && !reference_) continue;  // its parents joined at its first parent's run
            for (NodeId q : skel_.parents(k))
                if (count_[q] == 0) {
                    count_[q] = 1;
                    touched_.push_back(q);
                    frontier.push_back(q);
                }
        }
        if (reference_ && frontier.size() > 4 * s) std::erase_if(frontier, [&](NodeId q) { return count_[q] != 1; });
    }
    for (NodeId v : touched_) count_[v] = 0;
    touched_.clear();
    if (!ok)
        for (auto it = out.rbegin(); it != out.rend(); ++it) undo(*it);
    return ok;
}

void MemoryGuide::run_block(decompose::BlockId b) {
    std::vector<NodeId> refined;
    const auto order = blocks_.order(b);
    refined.reserve(order.size());
    if (refine(b, refined)) {
        std::copy(refined.begin(), refined.end(), order.begin());  // a permutation: same length
        return;
    }
    for (NodeId v : order) execute(v);
}

void MemoryGuide::run_sum(std::span<const std::uint32_t> members, std::span<const std::uint32_t> path) {
    for_each_swept_source(members, path, [&](std::uint32_t b, std::uint32_t x) { execute(blocks_.order(b)[x]); });
}

}  // namespace ics::schedule
