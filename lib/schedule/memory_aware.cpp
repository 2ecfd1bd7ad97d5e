// MemoryGuide: see memory_aware.hpp.
#include "schedule/memory_aware.hpp"

#include <algorithm>
#include <bit>
#include <functional>
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
// refine()'s delta of a source not weighed yet.
constexpr std::int64_t kUnknown = std::numeric_limits<std::int64_t>::min();
}  // namespace

MemoryGuide::MemoryGuide(const Dag& dag, const Dag& skeleton, const decompose::Decomposition& dec,
                         blocks::ScheduleTable& blocks, bool reference)
    : reference_(reference),
      dag_(dag),
      skel_(skeleton),
      dec_(dec),
      blocks_(blocks),
      node_words_(3 * static_cast<std::size_t>(dag.node_count()), 0),
      remaining_(node_words_.data(), dag.node_count()),
      executed_(dag.node_count(), 0),
      dirty_mark_(dec.block_count, 0),
      announced_(dec.block_count, kUnannounced),
      count_(node_words_.data() + dag.node_count(), dag.node_count()),
      rank_(node_words_.data() + 2 * static_cast<std::size_t>(dag.node_count()), dag.node_count()) {
    for (NodeId v = 0; v < dag.node_count(); ++v) remaining_[v] = dag.out_degree(v);
    if (!reference_) refine_roots();
}

// refine() of a block whose sources have no parents in the input dag reads
// nothing that other blocks' runs change (its deltas are its sources' own
// [out-degree > 0], no closes; its sources' executed marks are read by no
// other block: they are nobody's children), so its outcome is known before
// the linearizer gets to it. Computed here in block order, the blocks'
// sources, sinks, profiles and arcs are read in the order they are stored
// instead of one cache miss per array in the order the linearizer emits
// them (sums of 10^5 random 10×10 blocks: refine() at emission was about
// the memory objective's whole extra cost). run_block plays the result;
// a block that runs in a sum (run_sum) keeps its order, as before.
void MemoryGuide::refine_roots() {
    for (decompose::BlockId b = 0; b < dec_.block_count; ++b) {
        const auto sources = dec_.sources(b);
        if (sources.size() < 2) continue;
        bool roots = true;
        for (NodeId v : sources) roots = roots && dag_.in_degree(v) == 0;
        if (!roots) continue;
        if (root_state_.empty()) {
            root_state_.assign(dec_.block_count, kNotRoot);
            root_order_.assign(dec_.source_nodes.size(), 0);
        }
        ++settled_;
        refined_order_.clear();
        const bool small = sources.size() > 2 && sources.size() <= 64 && dec_.sinks(b).size() <= 64;
        if (!(small ? refine_small_roots(b, refined_order_) : refine(b, refined_order_))) {
            root_state_[b] = kRootKept;
            continue;
        }
        if (!small)
            for (NodeId v : refined_order_) undo(v);  // no parents: only the executed marks
        // The refined order goes in place now, while the block's order is
        // in cache (run_block's copy at emission missed twice per block:
        // sums of 10^5 random 10×10 blocks); the block's own order is kept
        // for a sum (run_sum) and for a block never run (~MemoryGuide).
        const auto order = blocks_.order(b);
        if (std::ranges::equal(order, refined_order_)) {
            root_state_[b] = kRootSame;
            continue;
        }
        root_state_[b] = kRootRefined;
        std::ranges::copy(order, root_order_.begin() + dec_.source_offsets[b]);
        std::ranges::copy(refined_order_, order.begin());
    }
}

void MemoryGuide::restore_root_order(decompose::BlockId b) {
    const auto order = blocks_.order(b);
    const auto pre = root_order_.begin() + dec_.source_offsets[b];
    std::copy(pre, pre + static_cast<std::ptrdiff_t>(order.size()), order.begin());
}

MemoryGuide::~MemoryGuide() {
    // Blocks the linearizer did not get to (no ▷-linearization) keep their
    // own orders, as when the refined order was put in place at run_block.
    for (decompose::BlockId b = 0; b < root_state_.size(); ++b)
        if (root_state_[b] == kRootRefined) restore_root_order(b);
}

// refine() on a block of parentless sources, at most 64 of them and of its
// sinks (sums of random 10×10 blocks), by bitsets: every source's delta is
// 1 (it has children, no parents, and no parent of it closes), so the
// choice is the earliest source in the block's order, among the candidates
// (all sources at the first step, then the unexecuted parents of the sinks
// an executed source feeds), whose gain — its sinks whose other parents all
// ran — is the profile's; the work bound counts the same candidates. The
// same order and the same give-ups as refine(), without its heaps; nothing
// is executed (these sources' marks are read by nobody).
bool MemoryGuide::refine_small_roots(decompose::BlockId b, std::vector<NodeId>& out) {
    const auto order = blocks_.order(b);
    const auto prof = blocks_.profile(b);
    const auto sinks = dec_.sinks(b);
    const std::size_t s = order.size();
    if (prof.size() != s + 1) return false;
    const std::uint64_t budget = kRefineWorkPerSource * s + 64;
    for (std::size_t j = 0; j < sinks.size(); ++j) rank_[sinks[j]] = static_cast<std::uint32_t>(j);
    // Per sink its sources, per source its sinks (by rank / index); only
    // the entries in use are zeroed (two 512-byte fills per block were a
    // fifth of this function on sums of 10×10 blocks).
    std::uint64_t parents[64], feeds[64];
    for (std::size_t j = 0; j < sinks.size(); ++j) parents[j] = 0;
    for (std::size_t i = 0; i < s; ++i) feeds[i] = 0;
    for (std::size_t i = 0; i < s; ++i)
        for (NodeId k : skel_.children(order[i])) {
            const std::uint32_t j = rank_[k];
            parents[j] |= std::uint64_t{1} << i;
            feeds[i] |= std::uint64_t{1} << j;
        }
    const std::uint64_t all = s == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << s) - 1;
    // At most s - x candidates at step x: s + s(s-1)/2 in all. Within the
    // budget (up to 34 sources) the work is not counted: no popcount per step.
    const bool bounded = s + s * (s - 1) / 2 > budget;
    if (bounded)  // refine()'s check: a sink fed by every source
        for (NodeId k : skel_.children(order[0]))
            if (parents[rank_[k]] == all) return false;
    std::uint64_t executed = 0, candidates = all, touched = 0;
    auto gain = [&](std::size_t i) {
        std::uint32_t g = 0;
        for (std::uint64_t m = feeds[i]; m; m &= m - 1)
            if ((parents[std::countr_zero(m)] & ~executed) == std::uint64_t{1} << i) ++g;
        return g;
    };
    std::uint64_t work = s;
    for (std::size_t x = 0;;) {
        const std::uint32_t want = prof[x + 1] - prof[x];
        std::size_t best = s;
        for (std::uint64_t m = candidates; m; m &= m - 1) {
            const auto i = static_cast<std::size_t>(std::countr_zero(m));
            if (gain(i) == want) {
                best = i;
                break;
            }
        }
        if (best == s) return false;
        out.push_back(order[best]);
        executed |= std::uint64_t{1} << best;
        if (x == 0) candidates = 0;
        for (std::uint64_t m = feeds[best] & ~touched; m; m &= m - 1) candidates |= parents[std::countr_zero(m)];
        touched |= feeds[best];
        candidates &= ~executed;
        if (++x == s) return true;
        if (!bounded) continue;
        work += static_cast<std::uint64_t>(std::popcount(candidates));
        if (work > budget) return false;
    }
}

std::int64_t MemoryGuide::node_delta(NodeId v) const {
    std::int64_t d = dag_.out_degree(v) > 0 ? 1 : 0;
    for (NodeId p : dag_.parents(v))
        if (remaining_[p] == 1) --d;
    return d;
}

std::int64_t MemoryGuide::delta(decompose::BlockId b) {
    const std::int64_t d = b == fresh_block_ ? fresh_delta_ : compute_delta(b);
    if (announced_[b] == kUnannounced) ++announced_count_;
    announced_[b] = d;
    return d;
}

std::int64_t MemoryGuide::compute_delta(decompose::BlockId b) {
    // Parent p closes when all its unexecuted children are among b's sources.
    const auto sources = dec_.sources(b);
    if (sources.size() == 1) return node_delta(sources[0]);  // each parent counted once
    std::int64_t d = 0;
    for (NodeId s : sources) {
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
    // Only announced blocks are refreshed (drain_dirty; the caller keys no
    // other block): with none announced, as while a random layered dag's
    // blocks run one after the other, no children are scanned (4 scans of
    // each parent's children were 9% of `--objective memory` on 10^6 nodes).
    if (!reference_ && announced_count_ == 0) {
        for (NodeId p : dag_.parents(v)) --remaining_[p];
        return;
    }
    for (NodeId p : dag_.parents(v)) {
        const std::uint32_t left = --remaining_[p];
        if (left == 0 || left > kWatch) continue;
        for (NodeId c : dag_.children(p)) {
            if (executed_[c]) continue;
            const decompose::BlockId b = dec_.out_block[c];  // sized by node: c's block as a source
            if (b != decompose::kNoBlock && !dirty_mark_[b] && (reference_ || announced_[b] != kUnannounced)) {
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
// (so E(t) is unchanged) and changes the open count least, earliest in the
// block's order on ties. Candidates after the first step are the sources
// sharing a sink with an executed one (the orders of W, M, N, C blocks grow
// by neighbours); when no candidate fits, or the work bound is hit, the
// block keeps its own order. The work bound counts the candidates each step
// would weigh (all sources at the first step, the unexecuted candidates at
// the others), whether or not they are looked at.
//
// A candidate's gain (sinks it would make eligible) only grows, by one when
// a sink is left with it as its only unexecuted parent (found as the xor of
// the sink's unexecuted parents, kept in rank_ of the sink: a block's sinks
// are none of its sources); its delta only falls, by one when a parent of it
// is left with it as its only unexecuted child. Both are kept per source and
// the candidates sit in one min-heap of (delta, rank) per gain, a new entry
// at each change, stale entries dropped when they surface: a block costs its
// arcs and its sources' parents' arcs (each such parent's children are
// scanned once, when it is left with one) times a logarithm, instead of its
// candidates at every step (5.6 evaluations of a source's arcs per node of
// WorkflowSim Inspiral copies, 40% of `--objective memory`'s own time).
bool MemoryGuide::refine(decompose::BlockId b, std::vector<NodeId>& out) {
    if (reference_) return refine_reference(b, out);
    const auto order = blocks_.order(b);
    const auto prof = blocks_.profile(b);
    const std::size_t s = order.size();
    if (s <= 1 || prof.size() != s + 1) return false;
    if (s == 2) return refine_pair(order, prof, out);
    const std::uint64_t budget = kRefineWorkPerSource * s + 64;
    // A sink fed by every source makes every source a candidate from the
    // second step on, whatever the first: s - x candidates at step x, so the
    // work bound is known now. Past it the attempt would only be undone
    // (its executions mark no block the block's own run does not), e.g. the
    // fan-ins of ~40 sources of WorkflowSim Inspiral.
    if (s + s * (s - 1) / 2 > budget)
        for (NodeId k : skel_.children(order[0]))
            if (skel_.in_degree(k) == s) return false;
    if (gain_.size() < s) {
        gain_.resize(s);
        cand_delta_.resize(s);
    }
    std::uint32_t max_want = 0;  // a candidate of larger gain is never taken
    for (std::size_t x = 0; x < s; ++x) max_want = std::max(max_want, prof[x + 1] - prof[x]);
    // The first step weighs every source (count_ is all zero). A source's
    // gain is its sinks of in-degree 1, counted from the block's sinks (the
    // children of its sources); its delta is computed when it is weighed or
    // becomes a candidate (kUnknown until then: its decrements below are
    // then already in node_delta). When the first gain is positive only the
    // sources with a sink of their own are weighed: on random layered dags
    // ~300 of a block's 10^5 sources, whose every source's parents were read
    // before only to fail at the second step.
    const std::uint32_t want0 = prof[1] - prof[0];
    for (std::size_t i = 0; i < s; ++i) {
        rank_[order[i]] = static_cast<std::uint32_t>(i);
        gain_[i] = 0;
        cand_delta_[i] = kUnknown;
    }
    for (NodeId k : dec_.sinks(b))
        if (skel_.in_degree(k) == 1) ++gain_[rank_[skel_.parents(k)[0]]];
    std::size_t first = s;
    auto weigh = [&](std::size_t i) {
        if (gain_[i] != want0 || cand_delta_[i] != kUnknown) return;
        cand_delta_[i] = node_delta(order[i]);
        if (first == s || cand_delta_[i] < cand_delta_[first] || (cand_delta_[i] == cand_delta_[first] && i < first))
            first = i;
    };
    if (want0 == 0) {
        for (std::size_t i = 0; i < s; ++i) weigh(i);
    } else {
        for (NodeId k : dec_.sinks(b))
            if (skel_.in_degree(k) == 1) weigh(rank_[skel_.parents(k)[0]]);
    }
    auto push = [&](NodeId c) {
        const std::uint32_t r = rank_[c], g = gain_[r];
        if (g > max_want) return;
        if (cand_delta_[r] == kUnknown) cand_delta_[r] = node_delta(c);
        if (g >= by_gain_.size()) by_gain_.resize(std::size_t{g} + 1);
        auto& h = by_gain_[g];
        if (h.empty()) used_gains_.push_back(g);
        h.push_back(Candidate{cand_delta_[r], r});
        std::push_heap(h.begin(), h.end(), std::greater<>{});
    };
    std::uint64_t work = s;
    std::size_t candidates = 0;  // sources with count_ 1
    bool ok = first < s;
    NodeId best = ok ? order[first] : kNoNode;
    for (std::size_t x = 0; ok;) {
        out.push_back(best);
        if (count_[best] == 1) --candidates;
        if (count_[best] == 0) touched_.push_back(best);
        count_[best] = 2;
        execute(best);
        // A parent left with one unexecuted child: that child, if one of
        // this block's sources, now closes it.
        for (NodeId p : dag_.parents(best)) {
            if (remaining_[p] != 1) continue;
            for (NodeId w : dag_.children(p)) {
                if (executed_[w]) continue;
                if (dec_.out_block[w] == b && cand_delta_[rank_[w]] != kUnknown) {
                    --cand_delta_[rank_[w]];
                    if (count_[w] == 1) push(w);
                }
                break;
            }
        }
        for (NodeId k : skel_.children(best)) {
            if (count_[k]++ == 0) {  // its parents join the candidates
                touched_.push_back(k);
                NodeId parents_xor = 0;
                for (NodeId q : skel_.parents(k)) {
                    parents_xor ^= q;
                    if (count_[q] == 0) {
                        count_[q] = 1;
                        touched_.push_back(q);
                        ++candidates;
                        push(q);
                    }
                }
                rank_[k] = parents_xor;
            }
            rank_[k] ^= best;
            if (count_[k] + 1 == skel_.in_degree(k)) {  // rank_[k]: its one unexecuted parent
                const NodeId u = rank_[k];
                ++gain_[rank_[u]];
                push(u);
            }
        }
        if (++x == s) break;
        work += candidates;
        if (work > budget) {
            ok = false;
            break;
        }
        const std::uint32_t want = prof[x + 1] - prof[x];
        best = kNoNode;
        if (want < by_gain_.size()) {
            auto& h = by_gain_[want];
            while (!h.empty()) {
                const Candidate top = h.front();
                const NodeId c = order[top.rank];
                if (count_[c] == 1 && gain_[top.rank] == want && cand_delta_[top.rank] == top.delta) {
                    best = c;
                    break;
                }
                std::pop_heap(h.begin(), h.end(), std::greater<>{});
                h.pop_back();
            }
        }
        ok = best != kNoNode;
    }
    for (std::uint32_t g : used_gains_) by_gain_[g].clear();
    used_gains_.clear();
    for (NodeId v : touched_) count_[v] = 0;
    touched_.clear();
    if (!ok)
        for (auto it = out.rbegin(); it != out.rend(); ++it) undo(*it);
    return ok;
}

// refine() on a block of two sources (Laplace's N(2) blocks, 99% of its
// blocks; 6% of `--objective memory` there was the general path's setup of
// heaps and candidates for them): the first is the source of the profile's
// first gain with the smaller delta, the earlier on ties; the second then
// makes every sink left eligible (a block's sinks have only its sources as
// parents), which is the profile's second step, and the work bound (3
// evaluations) is never reached. The same choice as the general path.
bool MemoryGuide::refine_pair(std::span<const NodeId> order, std::span<const std::uint32_t> prof,
                              std::vector<NodeId>& out) {
    const std::uint32_t want0 = prof[1] - prof[0];
    auto gain = [&](NodeId c) {
        std::uint32_t g = 0;
        for (NodeId k : skel_.children(c))
            if (skel_.in_degree(k) == 1) ++g;
        return g;
    };
    const bool fit0 = gain(order[0]) == want0, fit1 = gain(order[1]) == want0;
    std::size_t first;
    if (fit0 && fit1) first = node_delta(order[1]) < node_delta(order[0]) ? 1 : 0;
    else if (fit0) first = 0;
    else if (fit1) first = 1;
    else return false;
    out.push_back(order[first]);
    out.push_back(order[1 - first]);
    execute(order[first]);
    execute(order[1 - first]);
    return true;
}

// refine() by weighing every candidate at every step (tests only): the
// frontier holds exactly the candidates; the one executed leaves it (swap
// with the last; the choice is by (delta, rank), a strict order, so the
// frontier's order does not matter), and a sink's parents join it when its
// first parent runs.
bool MemoryGuide::refine_reference(decompose::BlockId b, std::vector<NodeId>& out) {
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
        if (x > 0) {
            frontier[best_at] = frontier.back();
            frontier.pop_back();
        }
        if (count_[best] == 0) touched_.push_back(best);
        count_[best] = 2;
        execute(best);
        for (NodeId k : skel_.children(best)) {
            if (count_[k]++ != 0) continue;  // its parents joined at its first parent's run
            touched_.push_back(k);
            for (NodeId q : skel_.parents(k))
                if (count_[q] == 0) {
                    count_[q] = 1;
                    touched_.push_back(q);
                    frontier.push_back(q);
                }
        }
    }
    for (NodeId v : touched_) count_[v] = 0;
    touched_.clear();
    if (!ok)
        for (auto it = out.rbegin(); it != out.rend(); ++it) undo(*it);
    return ok;
}

void MemoryGuide::forget(decompose::BlockId b) {
    if (announced_[b] == kUnannounced) return;
    announced_[b] = kUnannounced;
    --announced_count_;
}

void MemoryGuide::run_block(decompose::BlockId b) {
    forget(b);
    if (!root_state_.empty() && root_state_[b] != kNotRoot) {
        // The refined order is in place already (refine_roots).
        if (root_state_[b] == kRootKept) ++kept_;
        else ++refined_;
        root_state_[b] = kRootRun;
        // Not executed: parentless sources decrement no count, and their
        // executed marks are read by nobody (they are no node's children).
        return;
    }
    const auto order = blocks_.order(b);
    refined_order_.clear();
    if (order.size() > 1 && refine(b, refined_order_)) {
        std::copy(refined_order_.begin(), refined_order_.end(), order.begin());  // a permutation: same length
        ++refined_;
        return;
    }
    if (order.size() > 1) ++kept_;
    for (NodeId v : order) execute(v);
}

void MemoryGuide::run_sum(std::span<const std::uint32_t> members, std::span<const std::uint32_t> path) {
    for (std::uint32_t b : members) {
        forget(b);
        if (root_state_.empty() || root_state_[b] == kNotRoot) continue;
        if (root_state_[b] == kRootRefined) restore_root_order(b);  // a sum's member keeps its order
        root_state_[b] = kRootRun;
    }
    for_each_swept_source(members, path, [&](std::uint32_t b, std::uint32_t x) { execute(blocks_.order(b)[x]); });
}

}  // namespace ics::schedule
