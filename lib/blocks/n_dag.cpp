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

namespace {

// The N_s tests and walk over any view of a block of s tops and `bottoms`
// bottoms: top(i) and bottom(i) their ids, down(t) a top's children and
// up(b) a bottom's parents (spans of ids):
// s >= 2 tops and bottoms, 2s - 1 arcs, exactly one bottom of in-degree 1 and
// one top of out-degree 1, all other degrees 2, then the path from that
// bottom: v_1, u_1, v_2, u_2, ..., the tops into `order`. False when the
// block is no N_s (`order` then unspecified). One piece for the local copy
// (schedule_n) and the dag's rows (n_order_of_form).
template <class Top, class Bottom, class Down, class Up>
bool n_path(std::size_t s, std::size_t bottoms, Top&& top, Bottom&& bottom, Down&& down, Up&& up,
            std::vector<NodeId>& order) {
    if (s < 2 || bottoms != s) return false;
    std::uint64_t arcs = 0;
    std::uint32_t out_ones = 0;
    for (std::size_t i = 0; i < s; ++i) {
        const std::size_t k = down(top(i)).size();
        arcs += k;
        if (k == 1) ++out_ones;
        else if (k != 2) return false;
    }
    if (arcs != 2 * s - 1 || out_ones != 1) return false;
    NodeId first = kNoNode;
    std::uint32_t ones = 0;
    for (std::size_t i = 0; i < s; ++i) {
        const std::size_t k = up(bottom(i)).size();
        if (k == 1) {
            ++ones;
            first = bottom(i);
        } else if (k != 2) {
            return false;
        }
    }
    if (ones != 1) return false;
    order.clear();
    NodeId b = first, t = up(first)[0];
    for (;;) {
        order.push_back(t);
        if (order.size() > s) return false;
        const auto kids = down(t);
        if (kids.size() == 1) break;
        const NodeId nb = kids[0] == b ? kids[1] : kids[0];
        const auto ps = up(nb);
        if (ps.size() != 2) return false;
        const NodeId nt = ps[0] == t ? ps[1] : ps[0];
        b = nb;
        t = nt;
    }
    return order.size() == s;
}

}  // namespace

// (Every arc of a block's source and every arc into its sink lie in the
// block: the dag's degrees are the block's.)
bool n_order_of_form(const Dag& g, std::span<const NodeId> sources, std::span<const NodeId> sinks,
                     std::vector<NodeId>& order) {
    return n_path(
        sources.size(), sinks.size(), [&](std::size_t i) { return sources[i]; }, [&](std::size_t i) { return sinks[i]; },
        [&](NodeId t) { return g.children(t); }, [&](NodeId b) { return g.parents(b); }, order);
}

bool schedule_n(const BlockView& v, BlockSchedule& out) {
    const std::uint32_t s = v.tops();
    if (s < 2 || v.bottoms() != s || v.arcs() != 2ull * s - 1) return false;  // (most blocks: no pass)
    // The tops' local ids into out.order (its buffer reused across blocks:
    // schedule_block_into), made global in place by set_proven.
    const auto local = [](std::size_t i) { return static_cast<NodeId>(i); };
    if (!n_path(s, s, local, local, [&](std::uint32_t t) { return v.down(t); }, [&](std::uint32_t b) { return v.up(b); },
                out.order)) {
        out.order.clear();
        return false;
    }
    set_proven(out, v, Kind::n_dag, shape_name({Kind::n_dag, s}), out.order);
    out.profile.resize(s + 1);
    for (std::uint32_t x = 0; x <= s; ++x) out.profile[x] = x;
    return true;
}

}  // namespace ics::blocks::detail
