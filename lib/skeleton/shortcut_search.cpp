// Shortcut detection by level-bounded search (MRY06 step 1; see shortcut.hpp).
//
// For a tail u whose candidate heads reach up to level L, every node reached
// from a child of u by at least one more arc is marked, never going past
// level L (a node on level >= L reaches no head); a candidate head so marked
// is reachable by a path of >= 2 arcs, i.e. its arc is a shortcut. The
// search stops once all of u's candidate heads are marked. Cheap when the
// descendant cones are small (large sparse dags), hopeless on dense ones, so
// the caller first estimates its cost on a sample of the tails.
//
// With interval labels (shortcut_intervals.cpp), a node is expanded only if
// its labels say it may still reach a head not yet marked (on tails of at
// most kMaxFilteredHeads heads): its children can then be no unmarked head,
// nor lead to one. On Erdős–Rényi dags with 4 arcs per node, where almost no candidate is
// a shortcut, half the candidates are refuted at the tail's children already
// and the search scans 2.8 times fewer arcs (issue 18).
#include <algorithm>

#include "skeleton/shortcut_detail.hpp"

namespace ics::skeleton::detail {

namespace {

class TailSearch {
public:
    TailSearch(const Dag& dag, const IntervalLabels* labels)
        : dag_(dag), labels_(labels), mark_(dag.node_count()) {
        const auto level = dag.levels();
        for (NodeId v = 0; v < dag.node_count(); ++v) mark_[v] = Mark{0, 0, level[v], 0};
    }

    // Decides cand[i, j) (one tail). Returns the work done (arcs scanned plus
    // one), or stops early, returning more than `budget`, once over it.
    std::uint64_t run(std::span<const Arc> cand, std::size_t i, std::size_t j, std::uint64_t budget) {
        const NodeId u = cand[i].u;
        ++stamp_;
        std::uint32_t top = 0;
        heads_.clear();
        for (std::size_t k = i; k < j; ++k) {
            mark_[cand[k].v].head = stamp_;
            top = std::max(top, level(cand[k].v));
            heads_.push_back(cand[k].v);
        }
        left_ = j - i;
        top_ = top;
        stack_.clear();
        std::uint64_t work = 1 + dag_.out_degree(u);
        for (NodeId w : dag_.children(u)) {
            if (level(w) >= top || !may_reach_head(w)) continue;
            work += dag_.out_degree(w);
            if (!expand(w)) return work;
        }
        while (!stack_.empty()) {
            if (work > budget) return work;
            const NodeId x = stack_.back();
            stack_.pop_back();
            work += dag_.out_degree(x);
            if (!expand(x)) return work;
        }
        return work;
    }
    bool marked(NodeId v) const { return mark_[v].seen == stamp_; }

private:
    // False when the labels show x reaches no head still unmarked (a marked
    // head needs no second path). Tails with many heads are not filtered:
    // the test would cost more than it saves.
    bool may_reach_head(NodeId x) const {
        if (labels_ == nullptr || heads_.size() > kMaxFilteredHeads) return true;
        for (NodeId h : heads_)
            if (mark_[h].seen != stamp_ && level(x) < level(h) && labels_->may_reach(x, h)) return true;
        return false;
    }

    // Marks x's children (reached by >= 2 arcs from the tail); false once
    // every candidate head is marked.
    bool expand(NodeId x) {
        for (NodeId c : dag_.children(x)) {
            Mark& m = mark_[c];
            const std::uint32_t lc = m.level;
            if (m.seen == stamp_ || lc > top_) continue;
            m.seen = stamp_;
            if (m.head == stamp_ && --left_ == 0) return false;
            if (lc < top_ && may_reach_head(c)) stack_.push_back(c);
        }
        return true;
    }

    static constexpr std::size_t kMaxFilteredHeads = 32;

    std::uint32_t level(NodeId x) const { return mark_[x].level; }

    const Dag& dag_;
    const IntervalLabels* labels_;
    std::vector<NodeId> heads_;  // of the current tail
    // Per node: the last tail search that reached it, the last whose head it
    // is, and its level: what a search reads of every node it meets, in one
    // cache line (16 bytes).
    struct Mark {
        std::uint32_t seen, head, level, unused;
    };
    std::vector<Mark> mark_;
    std::vector<NodeId> stack_;
    std::uint32_t stamp_ = 0, top_ = 0;
    std::size_t left_ = 0;
};

std::size_t tail_end(std::span<const Arc> cand, std::size_t i) {
    std::size_t j = i;
    while (j < cand.size() && cand[j].u == cand[i].u) ++j;
    return j;
}

}  // namespace

SearchSample search_sample(const Dag& dag, std::span<const Arc> cand, std::uint32_t stride, std::uint64_t limit,
                           const IntervalLabels* labels) {
    TailSearch search(dag, labels);
    SearchSample out;
    std::uint64_t work = 0, tails = 0, sampled = 0;
    for (std::size_t i = 0; i < cand.size(); ++tails) {
        const std::size_t j = tail_end(cand, i);
        if (tails % stride == 0) {
            work += search.run(cand, i, j, limit / stride + 1);
            ++sampled;
            if (work > limit / stride) {  // already over: stop sampling
                out.estimate = limit == ~std::uint64_t{0} ? limit : limit + 1;
                return out;
            }
            out.candidates += j - i;
            for (std::size_t k = i; k < j; ++k) out.shortcuts += search.marked(cand[k].v) ? 1 : 0;
        }
        i = j;
    }
    out.estimate = sampled == 0 ? 0 : work * tails / sampled;
    return out;
}

std::uint64_t search_estimate(const Dag& dag, std::span<const Arc> cand, std::uint32_t stride, std::uint64_t limit,
                              const IntervalLabels* labels) {
    return search_sample(dag, cand, stride, limit, labels).estimate;
}

std::size_t search_shortcuts(const Dag& dag, std::span<const Arc> cand, std::uint64_t budget,
                             std::vector<std::uint8_t>& shortcut, const IntervalLabels* labels) {
    TailSearch search(dag, labels);
    std::uint64_t work = 0;
    std::size_t i = 0;
    while (i < cand.size()) {
        const std::size_t j = tail_end(cand, i);
        work += search.run(cand, i, j, budget - std::min(work, budget));
        if (work > budget) return i;  // this tail undecided: left to the caller
        for (; i < j; ++i) shortcut[i] = search.marked(cand[i].v) ? 1 : 0;
    }
    return i;
}

}  // namespace ics::skeleton::detail
