// M-dag M_{s,d} (clustering paper §2.2.1, "M-DAGS"): W_{s,d} with every arc
// reversed. So M_{s,d} has s sinks of in-degree d, s(d-1)+1 sources (the s-1
// shared ones have out-degree 2) and s*d arcs. W_{s,d}'s sink t_j becomes
// M_{s,d}'s source s_j, and W's source s_i becomes M's sink t_i.
#include "families/families.hpp"
#include "families/detail.hpp"

namespace ics::families {

Dag m_dag(std::uint32_t s, std::uint32_t d) { return detail::w_or_m_dag("m_dag", s, d, true); }

}  // namespace ics::families
