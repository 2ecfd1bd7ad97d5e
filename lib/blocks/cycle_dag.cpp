// Bipartite cycle C_s (clustering.txt §2.2.1): source u_i -> sinks v_i and
// v_{i+1 mod s}; s >= 2 (C_2 is the FFT butterfly, also Q_{2,2}).
//
// IC-optimal order: consecutive sources around the cycle from any start.
// Profile: E(0) = 0, E(x) = x - 1 for 1 <= x < s, E(s) = s.
// Optimality: an ELIGIBLE sink needs both its cycle-neighbour sources, so a
// proper subset of x sources (c >= 1 runs) renders x - c <= x - 1 sinks.
#include "blocks/block_detail.hpp"

namespace ics::blocks::detail {

bool schedule_cycle(const BlockView& v, BlockSchedule& out) {
    const std::uint32_t s = v.tops();
    if (s < 2 || v.bottoms() != s || v.arcs() != 2ull * s) return false;
    for (std::uint32_t t = 0; t < s; ++t)
        if (v.out_degree(t) != 2) return false;
    for (std::uint32_t b = 0; b < s; ++b)
        if (v.in_degree(b) != 2) return false;
    // Start at the smallest global id; leave through its first bottom.
    std::uint32_t t = 0;
    for (std::uint32_t i = 1; i < s; ++i)
        if (v.top_ids[i] < v.top_ids[t]) t = i;
    const std::uint32_t start = t;
    std::uint32_t b = v.down(t)[1];  // the bottom we "arrived" through
    std::vector<std::uint32_t> order;
    order.reserve(s);
    do {
        order.push_back(t);
        const auto kids = v.down(t);
        const std::uint32_t nb = kids[0] == b ? kids[1] : kids[0];
        const auto ps = v.up(nb);
        t = ps[0] == t ? ps[1] : ps[0];
        b = nb;
    } while (t != start && order.size() < s);
    if (t != start || order.size() != s) return false;  // two or more cycles
    set_proven(out, v, Kind::cycle_dag, shape_name({Kind::cycle_dag, s}), order);
    out.profile.resize(s + 1);
    out.profile[0] = 0;
    for (std::uint32_t x = 1; x < s; ++x) out.profile[x] = x - 1;
    out.profile[s] = s;
    return true;
}

}  // namespace ics::blocks::detail
