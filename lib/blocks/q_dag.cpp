// Complete bipartite block Q_{s,t}: every source is a parent of every sink,
// so no sink is ELIGIBLE before the last source runs; any order is IC optimal.
// Profile: 0 for x < s, t at x = s.
// Q_{s,1} is reported as M(1,s) and Q_{2,2} as C(2) (recognize.cpp tries
// those first); Q_{1,t} is trivial.
#include "blocks/block_detail.hpp"

namespace ics::blocks::detail {

bool schedule_q(const BlockView& v, BlockSchedule& out) {
    const std::uint32_t s = v.tops(), t = v.bottoms();
    if (s < 2 || t < 2 || v.arcs() != std::uint64_t{s} * t) return false;  // no duplicate arcs: complete
    std::vector<std::uint32_t> order(s);
    for (std::uint32_t i = 0; i < s; ++i) order[i] = i;  // as given
    set_proven(out, v, Kind::q_dag, shape_name({Kind::q_dag, s, t}), order);
    out.profile.assign(s + 1, 0);
    out.profile[s] = t;
    return true;
}

}  // namespace ics::blocks::detail
