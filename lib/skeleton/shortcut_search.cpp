// Shortcut detection by level-bounded search (MRY06 step 1; see shortcut.hpp).
//
// For a tail u whose candidate heads reach up to level L, every node reached
// from a child of u by at least one more arc is marked, never going past
// level L (a node on level >= L reaches no head); a candidate head so marked
// is reachable by a path of >= 2 arcs, i.e. its arc is a shortcut. The
// search stops once all of u's candidate heads are marked. Cheap when the
// descendant cones are small (large sparse dags), hopeless on dense ones, so
// the caller first estimates its cost on a sample of the tails.
#include <algorithm>

#include "skeleton/shortcut_detail.hpp"

namespace ics::skeleton::detail {

namespace {

class TailSearch {
public:
    explicit TailSearch(const Dag& dag)
        : dag_(dag), level_(dag.levels()), seen_(dag.node_count(), 0), head_(dag.node_count(), 0) {}

    // Decides cand[i, j) (one tail). Returns the work done (arcs scanned plus
    // one), or stops early, returning more than `budget`, once over it.
    std::uint64_t run(std::span<const Arc> cand, std::size_t i, std::size_t j, std::uint64_t budget) {
        const NodeId u = cand[i].u;
        ++stamp_;
        std::uint32_t top = 0;
        for (std::size_t k = i; k < j; ++k) {
            head_[cand[k].v] = stamp_;
            top = std::max(top, level_[cand[k].v]);
        }
        left_ = j - i;
        top_ = top;
        stack_.clear();
        std::uint64_t work = 1 + dag_.out_degree(u);
        for (NodeId w : dag_.children(u)) {
            if (level_[w] >= top) continue;
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
    bool marked(NodeId v) const { return seen_[v] == stamp_; }

private:
    // Marks x's children (reached by >= 2 arcs from the tail); false once
    // every candidate head is marked.
    bool expand(NodeId x) {
        for (NodeId c : dag_.children(x)) {
            if (seen_[c] == stamp_ || level_[c] > top_) continue;
            seen_[c] = stamp_;
            if (head_[c] == stamp_ && --left_ == 0) return false;
            if (level_[c] < top_) stack_.push_back(c);
        }
        return true;
    }

    const Dag& dag_;
    std::span<const std::uint32_t> level_;
    std::vector<std::uint32_t> seen_, head_;
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

std::uint64_t search_estimate(const Dag& dag, std::span<const Arc> cand, std::uint32_t stride, std::uint64_t limit) {
    TailSearch search(dag);
    std::uint64_t work = 0, tails = 0, sampled = 0;
    for (std::size_t i = 0; i < cand.size(); ++tails) {
        const std::size_t j = tail_end(cand, i);
        if (tails % stride == 0) {
            work += search.run(cand, i, j, limit / stride + 1);
            ++sampled;
            if (work > limit / stride) return limit + 1;  // already over: stop sampling
        }
        i = j;
    }
    return sampled == 0 ? 0 : work * tails / sampled;
}

std::size_t search_shortcuts(const Dag& dag, std::span<const Arc> cand, std::uint64_t budget,
                             std::vector<std::uint8_t>& shortcut) {
    TailSearch search(dag);
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
