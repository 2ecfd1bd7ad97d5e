// M_{s,d} (clustering.txt §2.2.1): the dual of W_{s,d}; s sinks of in-degree
// d > 1 in a chain, consecutive sinks sharing one source; s(d-1)+1 sources.
// Recognised by finding the W structure in the dual view.
//
// IC-optimal order: the dual schedule (Theorem 2.3(a)) of W's chain order,
// i.e. the sinks along the chain from one end, each one's not yet executed
// parents as a packet. The first sink needs d sources, every later one d-1:
//   E(0) = 0,   E(x) = floor((x-1)/(d-1)) for 1 <= x <= s(d-1)+1.
// Optimality: X completes sinks forming c >= 1 runs along the chain, with k
// sinks in all; they have k(d-1) + c >= k(d-1) + 1 distinct parents.
#include "blocks/block_detail.hpp"

namespace ics::blocks::detail {

bool schedule_m(const BlockView& v, BlockSchedule& out) {
    if (v.tops() < 2) return false;
    const BlockView w = v.dual();
    const std::vector<std::uint32_t> chain = w_chain(w);
    if (chain.empty()) return false;
    const std::uint32_t s = v.bottoms(), d = v.in_degree(0), n = v.tops();
    const std::vector<std::uint32_t> order = dual_local_order(w, chain);
    set_proven(out, v, Kind::m_dag, "M(" + std::to_string(s) + "," + std::to_string(d) + ")", order);
    out.profile.resize(n + 1);
    out.profile[0] = 0;
    for (std::uint32_t x = 1; x <= n; ++x) out.profile[x] = (x - 1) / (d - 1);
    return true;
}

}  // namespace ics::blocks::detail
