// A block with one source: every order is the same, so it is IC optimal;
// its profile is [0, d] for the source's d children.
#include "blocks/block_detail.hpp"

namespace ics::blocks::detail {

bool schedule_trivial(const BlockView& v, BlockSchedule& out) {
    if (v.tops() != 1) return false;
    out.kind = Kind::trivial;
    out.proven = true;
    out.ico_exists = true;
    out.shape = "trivial(" + std::to_string(v.bottoms()) + ")";
    out.order.assign(v.top_ids.begin(), v.top_ids.end());
    out.profile = {0, v.bottoms()};
    return true;
}

}  // namespace ics::blocks::detail
