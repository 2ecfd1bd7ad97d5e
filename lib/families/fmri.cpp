// An fMRI-like dag in the spirit of sweep-algorithm.txt §5 (Fig. 3, bottom,
// and Fig. 8: a subdag of the functional-MRI workflow of [16], duplicated):
// two identical bipartite summands G(L) and G(R) whose sum must be
// scheduled by interleaving them, joined at the end by one summary task
// (the "softmean" of the fMRI workflow).
// Summand X in {L, R} with `width` = w >= 2 sources X_s1..X_sw: source X_sw
// has w private children X_t1..X_tw, and X_t(w+i) (1 <= i < w) is the child
// of X_si and X_s(i+1). Its right-to-left schedule X_sw, ..., X_s1 is
// IC-optimal with nonsource profile (0, w, w+1, ..., 2w-1) — for w = 3 the
// (0,3,4,5) of the paper's Table 3 — so neither summand has ▷-priority over
// the other (x = y = 1: 2w > E(2) = w+1), yet their sum is IC-optimal by
// executing X_sw of both sides first (IC-Sweep, sweep-algorithm.txt §3).
// Then every sink of both summands feeds the sink "mean". 6w - 1 nodes,
// 10w - 6 arcs.
// The tail stops at that join on purpose: a task after it (the workflow's
// slicer/convert chain) would be a one-source block with more immediate
// yield than the join's M block, so no ▷-linearization exists (the join
// lacks ▷-priority over it), although the dag stays IC-optimal; per-side
// joins fail the same way (M(1,2w-1) lacks ▷-priority over a final M(1,2)).
// Ids: L's sources and sinks, then R's, then mean.
#include <vector>

#include "families/detail.hpp"
#include "families/families.hpp"

namespace ics::families {

Dag fmri(std::uint32_t width) {
    const std::string what = detail::checked_call("fmri", {{"width", width, 2}});
    const std::uint64_t w = width;
    const std::uint64_t nodes = detail::sat_mul(w, 6) - 1;
    detail::check_size(what, nodes, detail::sat_mul(w, 10));
    DagBuilder b;
    b.reserve(nodes, 10 * w);
    detail::Name name;
    std::vector<NodeId> sinks;
    sinks.reserve(4 * w);
    for (int side = 0; side < 2; ++side) {
        const char* prefix = side == 0 ? "L_" : "R_";
        const NodeId s0 = b.node_count();
        for (std::uint64_t i = 1; i <= w; ++i) b.add_node(name.reset(prefix).add("s").add(i).view());
        const NodeId t0 = b.node_count();
        for (std::uint64_t j = 1; j < 2 * w; ++j) b.add_node(name.reset(prefix).add("t").add(j).view());
        const auto s = [&](std::uint64_t i) { return static_cast<NodeId>(s0 + i - 1); };
        const auto t = [&](std::uint64_t j) { return static_cast<NodeId>(t0 + j - 1); };
        for (std::uint64_t j = 1; j <= w; ++j) b.add_arc(s(w), t(j));
        for (std::uint64_t i = 1; i < w; ++i) {
            b.add_arc(s(i), t(w + i));
            b.add_arc(s(i + 1), t(w + i));
        }
        for (std::uint64_t j = 1; j < 2 * w; ++j) sinks.push_back(t(j));
    }
    const NodeId mean = b.add_node("mean");
    for (NodeId t : sinks) b.add_arc(t, mean);
    return std::move(b).build();
}

}  // namespace ics::families
