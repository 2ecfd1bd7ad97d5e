// Shortcut removal (MRY06 step 1; sweep-algorithm.txt §2, step 1): a dag is
// "pruned to remove shortcuts, arcs that duplicate existing paths". The
// resulting skeleton shares all of its IC-optimal schedules with the dag.
//
// An arc (u -> v) is a shortcut when another path u ~> v exists. Such a path
// has at least two arcs, so level(v) >= level(u) + 2 for the longest-path
// levels: arcs joining consecutive levels are never shortcuts and cost
// nothing beyond one pass. The other arcs are checked by bitset reachability
// over groups of their heads, or by level-bounded searches from their tails
// when a sample says those are cheaper, pruned by interval labels when most
// candidates are no shortcut (see shortcut.cpp).
#pragma once

#include <utility>
#include <vector>

#include "dag/dag.hpp"

namespace ics::skeleton {

struct Skeleton {
    // Same node ids and names as the input, shortcuts removed.
    Dag dag;
    // The removed arcs (u, v), in increasing (u, v).
    std::vector<std::pair<NodeId, NodeId>> removed;
};

// The shortcuts of `dag`, in increasing (u, v). Time O(n + m) when every arc
// joins consecutive levels; otherwise at most about twice the bitset
// method's O(n + m + sum over groups of 512 candidate heads of the arcs
// leaving the levels between the group's lowest tail and highest head).
std::vector<std::pair<NodeId, NodeId>> find_shortcuts(const Dag& dag);

// The skeleton of `dag`. When nothing is removed the dag is copied (the
// rvalue overload moves it instead).
Skeleton remove_shortcuts(const Dag& dag);
Skeleton remove_shortcuts(Dag&& dag);

// The skeleton without the copy: dag() is `base` itself when it has no
// shortcut (the usual case: meshes, trees, FFTs), else an owned rebuilt dag.
// Copying a large Dag costs several topological sorts (fresh memory), so
// callers that keep the input alive should prefer this. `base` must outlive
// the SkeletonRef.
class SkeletonRef {
public:
    explicit SkeletonRef(const Dag& base);
    const Dag& dag() const noexcept { return removed_.empty() ? *base_ : owned_; }
    const std::vector<std::pair<NodeId, NodeId>>& removed() const noexcept { return removed_; }

private:
    const Dag* base_;
    Dag owned_;
    std::vector<std::pair<NodeId, NodeId>> removed_;
};

}  // namespace ics::skeleton
