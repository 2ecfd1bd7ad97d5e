// A block with one source: every order is the same, so it is IC optimal;
// its profile is [0, d] for the source's d children.
#include "blocks/block_detail.hpp"

namespace ics::blocks::detail {

bool schedule_trivial(const BlockView& v, BlockSchedule& out) {
    if (v.tops() != 1) return false;
    const std::uint32_t only = 0;
    set_proven(out, v, Kind::trivial, shape_name({Kind::trivial, 1, v.bottoms()}), {&only, 1});
    out.profile = {0, v.bottoms()};
    return true;
}

}  // namespace ics::blocks::detail
