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
#include <algorithm>

#include "blocks/block_detail.hpp"

namespace ics::blocks::detail {

bool m_order_in(const Dag& g, std::span<const NodeId> sources, std::vector<NodeId>& order, std::uint32_t& s,
                std::uint32_t& d) {
    const auto n = static_cast<std::uint32_t>(sources.size());
    if (n < 2) return false;
    // The dual view's W test: sinks of one in-degree d >= 2, sources of
    // out-degree 1 or 2, s - 1 of them shared, n = s(d-1)+1 sources; a sink's
    // in-arcs all lie in the block, so the dag's in-degree is the block's.
    // One pass over the block's arcs (issue 18: this was two on the
    // reduction-mesh, whose every block is an M-dag) also finds the chain's
    // start: the smallest sink with at most one shared parent.
    std::uint64_t arcs = 0, shared = 0;
    std::uint32_t in_min = ~std::uint32_t{0}, in_max = 0;
    NodeId start = kNoNode;
    for (std::uint32_t i = 0; i < n; ++i) {
        const NodeId u = sources[i];
        if (i > 0 && u <= sources[i - 1]) return false;  // the slow path validates
        const auto kids = g.children(u);
        const auto out = static_cast<std::uint32_t>(kids.size());
        if (out == 0 || out > 2) return false;
        shared += out == 2;
        arcs += out;
        for (NodeId c : kids) {
            const std::uint32_t in = g.in_degree(c);
            in_min = std::min(in_min, in);
            in_max = std::max(in_max, in);
            if (c >= start) continue;
            std::uint32_t k = 0;
            for (NodeId p : g.parents(c)) k += g.out_degree(p) == 2;
            if (k <= 1) start = c;
        }
    }
    // Every sink has in-degree d (then there are exactly arcs / d of them).
    d = in_max;
    if (in_min != in_max || d < 2 || arcs % d != 0) return false;
    s = static_cast<std::uint32_t>(arcs / d);
    if (shared != s - 1 || std::uint64_t{n} != std::uint64_t{s} * (d - 1) + 1) return false;
    if (start == kNoNode) return false;
    return m_walk(g, start, n, s, order);
}

bool m_order_ascending(const Dag& g, std::uint32_t n, std::span<const NodeId> sinks, std::vector<NodeId>& order) {
    // With the form's degrees (sources of out-degree <= 2, sinks - 1 of
    // them shared), a parent common to sinks i and i + 1 has exactly those
    // two children, so the pairs use up every shared source: the sinks'
    // chain is their increasing order, the start m_walk picks is sinks[0],
    // and sink i's packet is its parents but the one shared with sink i + 1
    // (in row order). Packets run last sink first, as m_walk writes them.
    order.resize(n);
    std::size_t pos = 0;
    for (std::size_t i = sinks.size(); i-- > 0;) {
        const auto ps = g.parents(sinks[i]);
        NodeId next_shared = kNoNode;
        if (i + 1 < sinks.size() && (next_shared = first_common(ps, g.parents(sinks[i + 1]))) == kNoNode) return false;
        for (NodeId p : ps) {
            if (p == next_shared) continue;
            if (pos == n) return false;
            order[pos++] = p;
        }
    }
    return pos == n;
}

bool m_order_of_form(const Dag& g, std::span<const NodeId> sources, std::span<const NodeId> sinks,
                     std::vector<NodeId>& order) {
    if (m_order_ascending(g, static_cast<std::uint32_t>(sources.size()), sinks, order)) return true;
    // The degrees are checked (BlockForm::m_like): only the start is left,
    // the smallest sink with at most one shared parent (sinks ascend).
    for (NodeId c : sinks) {
        std::uint32_t k = 0;
        for (NodeId p : g.parents(c)) k += g.out_degree(p) == 2 ? 1u : 0u;
        if (k <= 1)
            return m_walk(g, c, static_cast<std::uint32_t>(sources.size()), static_cast<std::uint32_t>(sinks.size()),
                          order);
    }
    return false;
}

bool m_walk(const Dag& g, NodeId start, std::uint32_t n, std::uint32_t s, std::vector<NodeId>& order) {
    // The sinks along the chain (through shared parents), as walk_chain walks
    // the dual: the first shared parent (by id) other than the one we came
    // through, then its other child. The sinks and shared parents of a block
    // form a connected graph with s - 1 edges, a tree; a walk covering all s
    // sinks makes it a path, so a shared parent always joins neighbours of
    // the chain. The same pass writes dual_local_order: sink i's packet is
    // its parents whose children are all among sinks 0..i (a parent of
    // out-degree 1, or shared with sink i-1), in increasing id; packets run
    // last sink first, so they fill `order` from its end, each read backwards.
    order.resize(n);
    std::size_t pos = n;
    std::uint32_t walked = 0;
    for (NodeId t = start, via = kNoNode, prev = kNoNode; t != kNoNode && walked <= s; ++walked) {
        const auto ps = g.parents(t);
        NodeId next = kNoNode, through = kNoNode;
        for (std::size_t j = ps.size(); j-- > 0;) {
            const NodeId p = ps[j];
            const auto c = g.children(p);
            if (c.size() == 1) {
                if (pos == 0) return false;
                order[--pos] = p;
                continue;
            }
            if (c[0] == prev || c[1] == prev) {
                if (pos == 0) return false;
                order[--pos] = p;
            }
            if (p != via) {  // shared; read backwards, the last found is the first by id
                next = c[0] == t ? c[1] : c[0];
                through = p;
            }
        }
        prev = t;
        t = next;
        via = through;
    }
    return walked == s && pos == 0;
}

bool schedule_m(const BlockView& v, BlockSchedule& out) {
    if (v.tops() < 2) return false;
    const BlockView w = v.dual();
    const std::vector<std::uint32_t> chain = w_chain(w);
    if (chain.empty()) return false;
    const std::uint32_t s = v.bottoms(), d = v.in_degree(0), n = v.tops();
    const std::vector<std::uint32_t> order = dual_local_order(w, chain);
    set_proven(out, v, Kind::m_dag, shape_name({Kind::m_dag, s, d}), order);
    out.profile.resize(n + 1);
    out.profile[0] = 0;
    for (std::uint32_t x = 1; x <= n; ++x) out.profile[x] = (x - 1) / (d - 1);
    return true;
}

}  // namespace ics::blocks::detail
