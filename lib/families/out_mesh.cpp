// Evolving mesh (out-mesh; clustering paper §2.2.1 Fig. 1, overview slides):
// the dual of the reduction-mesh M_l of guidelines §2.1.1, i.e. nodes <x,y>
// with 0 <= x+y < l and arcs <x,y> -> <x+1,y>, <x,y> -> <x,y+1>. Its only
// source is <0,0>; the l nodes of level l-1 are the sinks. Names "x_y" as in
// reduction_mesh.cpp, which builds both.
#include "families/detail.hpp"
#include "families/families.hpp"

namespace ics::families {

Dag out_mesh(std::uint32_t levels) { return detail::mesh(levels, true); }

}  // namespace ics::families
