// W_{s,d} (clustering.txt §2.2.1): s sources of out-degree d > 1 in a chain,
// consecutive sources sharing exactly one sink; s(d-1)+1 sinks, the two end
// sinks and the d-2 middle sinks of every source of in-degree 1.
//
// IC-optimal order: the sources along the chain from one end. Profile:
//   E(x) = x(d-1) for 0 <= x < s,   E(s) = s(d-1) + 1.
// Optimality: a set X of x < s sources renders its x(d-2) private sinks, the
// end sinks of the end sources it holds, and one shared sink per pair of
// chain neighbours in X; with c >= 1 runs along the chain that is at most
// x(d-2) + min(2, c) + (x - c) <= x(d-1), which a prefix of the chain attains.
#include <algorithm>

#include "blocks/block_detail.hpp"

namespace ics::blocks::detail {

std::vector<std::uint32_t> w_chain(const BlockView& v) {
    const std::uint32_t s = v.tops();
    if (s == 0) return {};
    const std::uint32_t d = v.out_degree(0);
    if (d < 2 || v.bottoms() != std::uint64_t{s} * (d - 1) + 1) return {};
    for (std::uint32_t t = 1; t < s; ++t)
        if (v.out_degree(t) != d) return {};
    std::uint32_t shared = 0;
    for (std::uint32_t b = 0; b < v.bottoms(); ++b) {
        const std::uint32_t k = v.in_degree(b);
        if (k > 2) return {};
        shared += k == 2;
    }
    if (shared != s - 1) return {};
    // Chain neighbour of top t across a shared bottom other than `via`.
    const auto next = [&](std::uint32_t t, std::uint32_t via, std::uint32_t& through) -> std::uint32_t {
        for (std::uint32_t b : v.down(t)) {
            if (b == via || v.in_degree(b) != 2) continue;
            const auto p = v.up(b);
            through = b;
            return p[0] == t ? p[1] : p[0];
        }
        return s;
    };
    // An end: a top with at most one shared bottom; the smaller global id wins.
    std::uint32_t start = s;
    for (std::uint32_t t = 0; t < s; ++t) {
        std::uint32_t k = 0;
        for (std::uint32_t b : v.down(t)) k += v.in_degree(b) == 2;
        if (k <= 1 && (start == s || v.top_ids[t] < v.top_ids[start])) start = t;
    }
    if (start == s) return {};
    std::vector<std::uint32_t> chain;
    chain.reserve(s);
    std::uint32_t t = start, via = v.bottoms();
    while (t != s && chain.size() <= s) {
        chain.push_back(t);
        std::uint32_t through = v.bottoms();
        t = next(t, via, through);
        via = through;
    }
    // s-1 shared bottoms and a walk over all s tops: a path (no cycle elsewhere).
    if (chain.size() != s) return {};
    return chain;
}

bool w_chain_in(const Dag& g, std::span<const NodeId> sources, std::vector<NodeId>& chain, std::uint32_t& d) {
    const auto s = static_cast<std::uint32_t>(sources.size());
    if (s < 2) return false;
    d = g.out_degree(sources[0]);
    if (d < 2) return false;
    // Out-degree d everywhere, sinks of in-degree 1 or 2, and s - 1 shared
    // sinks (counted once per parent: 2(s-1)) make s(d-1)+1 sinks. Sinks of a
    // block have all their in-arcs in it, so the dag's in-degree is the block's.
    std::uint64_t shared_arcs = 0;
    NodeId start = kNoNode;
    for (std::uint32_t i = 0; i < s; ++i) {
        const NodeId u = sources[i];
        if (i > 0 && u <= sources[i - 1]) return false;  // the slow path validates
        if (g.out_degree(u) != d) return false;
        std::uint32_t k = 0;
        for (NodeId c : g.children(u)) {
            const std::uint32_t in = g.in_degree(c);
            if (in > 2) return false;
            k += in == 2;
        }
        shared_arcs += k;
        if (k <= 1 && start == kNoNode) start = u;  // an end; sources ascend, so the smaller id
    }
    if (shared_arcs != 2 * std::uint64_t{s - 1} || start == kNoNode) return false;
    return w_walk(g, start, s, chain);
}

bool w_walk(const Dag& g, NodeId start, std::uint32_t s, std::vector<NodeId>& chain) {
    // Walk the chain as w_chain does: the first shared child (by id) other
    // than the one we came through, then its other parent.
    walk_chain(
        start, s, chain, [&](NodeId t) { return g.children(t); }, [&](NodeId c) { return g.parents(c); },
        [&](NodeId c) { return g.in_degree(c) == 2; });
    return chain.size() == s;
}

bool w_chain_ascending(const Dag& g, std::span<const NodeId> sources, std::vector<NodeId>& chain) {
    // With the form's degrees (sinks of in-degree <= 2, s - 1 of them
    // shared), a child common to sources i and i + 1 has exactly those two
    // parents, so s - 1 such pairs use up every shared sink: the chain is
    // the sources in increasing id, from the smaller end, as w_walk finds.
    for (std::size_t i = 1; i < sources.size(); ++i)
        if (first_common(g.children(sources[i - 1]), g.children(sources[i])) == kNoNode) return false;
    chain.assign(sources.begin(), sources.end());
    return true;
}

bool w_chain_of_form(const Dag& g, std::span<const NodeId> sources, std::vector<NodeId>& chain) {
    if (w_chain_ascending(g, sources, chain)) return true;
    // The degrees are checked (BlockForm::w_like): only the start is left,
    // the first source (by id) with at most one shared child.
    for (NodeId u : sources) {
        std::uint32_t k = 0;
        for (NodeId c : g.children(u)) k += g.in_degree(c) == 2 ? 1u : 0u;
        if (k <= 1) return w_walk(g, u, static_cast<std::uint32_t>(sources.size()), chain);
    }
    return false;
}

bool schedule_w(const BlockView& v, BlockSchedule& out) {
    if (v.tops() < 2) return false;
    const std::vector<std::uint32_t> chain = w_chain(v);
    if (chain.empty()) return false;
    const std::uint32_t s = v.tops(), d = v.out_degree(0);
    set_proven(out, v, Kind::w_dag, shape_name({Kind::w_dag, s, d}), chain);
    out.profile.resize(s + 1);
    fill_w_profile(out.profile, d);
    return true;
}

}  // namespace ics::blocks::detail
