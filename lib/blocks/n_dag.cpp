// N_s (clustering.txt §2.2.1): sources u_1..u_s, sinks v_1..v_s, arcs
// u_i -> v_i and u_i -> v_{i+1}; a path from the in-degree-1 sink v_1 to the
// out-degree-1 source u_s.
//
// IC-optimal order: u_1, u_2, ..., u_s, starting at the source of the
// in-degree-1 sink (NOT at the out-degree-1 source u_s, whose only child
// v_s also waits for u_{s-1}). Profile: E(x) = x.
// Optimality: every ELIGIBLE sink v_i has u_i executed, so E(x) <= x; and
// the order is the only IC-optimal one (E(1) = 1 forces u_1, and so on).
#include "blocks/block_detail.hpp"

namespace ics::blocks::detail {

// (Every arc of a block's source and every arc into its sink lie in the
// block: the dag's degrees are the block's.)
bool n_order_of_form(const Dag& g, std::span<const NodeId> sources, std::span<const NodeId> sinks,
                     std::vector<NodeId>& order) {
    const std::size_t s = sources.size();
    if (s < 2 || sinks.size() != s) return false;
    std::uint64_t arcs = 0;
    std::uint32_t out_ones = 0;
    for (NodeId t : sources) {
        const std::uint32_t k = g.out_degree(t);
        arcs += k;
        if (k == 1) ++out_ones;
        else if (k != 2) return false;
    }
    if (arcs != 2 * s - 1 || out_ones != 1) return false;
    NodeId first = kNoNode;
    std::uint32_t ones = 0;
    for (NodeId b : sinks) {
        const std::uint32_t k = g.in_degree(b);
        if (k == 1) {
            ++ones;
            first = b;
        } else if (k != 2) {
            return false;
        }
    }
    if (ones != 1) return false;
    order.clear();
    NodeId b = first, t = g.parents(first)[0];
    for (;;) {
        order.push_back(t);
        if (order.size() > s) return false;
        const auto kids = g.children(t);
        if (kids.size() == 1) break;
        const NodeId nb = kids[0] == b ? kids[1] : kids[0];
        const auto ps = g.parents(nb);
        if (ps.size() != 2) return false;
        const NodeId nt = ps[0] == t ? ps[1] : ps[0];
        b = nb;
        t = nt;
    }
    return order.size() == s;
}

bool schedule_n(const BlockView& v, BlockSchedule& out) {
    const std::uint32_t s = v.tops();
    if (s < 2 || v.bottoms() != s || v.arcs() != 2ull * s - 1) return false;
    std::uint32_t first = s, ones = 0;
    for (std::uint32_t b = 0; b < s; ++b) {
        const std::uint32_t k = v.in_degree(b);
        if (k == 1) {
            ++ones;
            first = b;
        } else if (k != 2) {
            return false;
        }
    }
    std::uint32_t out_ones = 0;
    for (std::uint32_t t = 0; t < s; ++t) {
        const std::uint32_t k = v.out_degree(t);
        if (k == 1) ++out_ones;
        else if (k != 2) return false;
    }
    if (ones != 1 || out_ones != 1) return false;
    // Walk the path v_1, u_1, v_2, u_2, ..., the tops' local ids written
    // into out.order (its buffer reused across blocks: schedule_block_into)
    // and made global in place by set_proven.
    std::vector<std::uint32_t>& order = out.order;
    order.clear();
    order.reserve(s);
    const auto fail = [&] {  // (out.order left empty)
        order.clear();
        return false;
    };
    std::uint32_t b = first, t = v.up(first)[0];
    for (;;) {
        order.push_back(t);
        if (order.size() > s) return fail();
        const auto kids = v.down(t);
        if (kids.size() == 1) break;
        const std::uint32_t nb = kids[0] == b ? kids[1] : kids[0];
        const auto ps = v.up(nb);
        if (ps.size() != 2) return fail();
        const std::uint32_t nt = ps[0] == t ? ps[1] : ps[0];
        b = nb;
        t = nt;
    }
    if (order.size() != s) return fail();
    set_proven(out, v, Kind::n_dag, shape_name({Kind::n_dag, s}), order);
    out.profile.resize(s + 1);
    for (std::uint32_t x = 0; x <= s; ++x) out.profile[x] = x;
    return true;
}

}  // namespace ics::blocks::detail
