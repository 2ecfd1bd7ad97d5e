// When a dag is a universal donor (clustering.txt §3.3.2-3.3.3): the
// reticulation condition of Theorem 3.3 on the standard drawing, the
// persistent priorities of Lemma 3.2, and Theorem 3.4's route through the
// dual (Theorem 2.3: the dual of an IC-optimal schedule of the dual dag is
// IC-optimal).
//
// Drawing. A W-, N- or Cycle-block is a path (a cycle) that alternates
// sources and shared sinks, so its standard drawing (Fig. 3) orders the
// sources along that path: consecutive sources share a sink. We recover it
// from the arcs, up to mirror image (for a cycle also up to rotation), and
// accept a parent/child pair when the paper's non-crossing independent arcs
// exist for either orientation of the child: the drawing is fixed per block,
// the mirror chosen per pair (a reading that is at least as permissive as
// the paper's; every residual is still certified by the engine, so the
// theorems choose the clusters but never vouch for a residual alone).
#include <algorithm>
#include <string_view>

#include "cluster/detail.hpp"

namespace ics::cluster::detail {

namespace {

struct Shape {
    char kind = 0;  // 'W', 'N', 'C', 'M', 0 = other
    std::uint64_t d = 0;  // W: outdegree
};

Shape shape_of(std::string_view s) {
    auto number_after = [&](std::size_t at) {
        std::uint64_t v = 0;
        for (std::size_t i = at; i < s.size() && s[i] >= '0' && s[i] <= '9'; ++i) v = v * 10 + (s[i] - '0');
        return v;
    };
    if (s.starts_with("trivial(")) return {'W', number_after(8)};  // W_{1,d}
    if (s.size() > 2 && s[1] == '(' && (s[0] == 'W' || s[0] == 'N' || s[0] == 'C' || s[0] == 'M')) {
        const std::size_t comma = s.find(',');
        return {s[0], comma == std::string_view::npos ? 0 : number_after(comma + 1)};
    }
    return {};
}

// Lemma 3.2: persistent priority of parent over child.
bool persistent(const Shape& parent, const Shape& child) {
    if (parent.kind != 'W') return false;
    if (child.kind == 'W') return parent.d > child.d;
    return parent.d > 2 && (child.kind == 'N' || child.kind == 'M' || child.kind == 'C');
}

}  // namespace

// Flat storage, no per-block objects (an out-mesh has a thousand blocks of
// up to a thousand sources, an FFT half a million butterflies).
bool reticulated(const Dag& g, const schedule::Result& r, std::string& why) {
    const std::size_t nb = r.blocks.size();
    const NodeId n = g.node_count();
    constexpr std::uint32_t kNone = 0xFFFFFFFFu;
    std::vector<std::uint32_t> block_of(n, kNone);
    std::vector<Shape> shapes(nb);
    for (std::uint32_t b = 0; b < nb; ++b) {
        shapes[b] = shape_of(r.blocks.shape(b));
        for (NodeId v : r.blocks.order(b)) block_of[v] = b;
    }
    // The standard drawing: pos[v] = position of source v along its block's
    // path (consecutive sources share a sink), at[offset[b] + x] = the source
    // at position x. Each source has at most two neighbours on the path.
    std::vector<NodeId> nb1(n, kNoNode), nb2(n, kNoNode);
    std::vector<std::uint32_t> pos(n, 0), offset(nb + 1, 0);
    std::vector<NodeId> at;
    at.reserve(n);
    for (std::uint32_t b = 0; b < nb; ++b) {
        const auto src = r.blocks.order(b);
        offset[b] = static_cast<std::uint32_t>(at.size());
        bool path = true;
        NodeId start = src.empty() ? kNoNode : src[0];
        for (NodeId u : src) {
            for (NodeId w : g.children(u))
                for (NodeId p : g.parents(w)) {
                    if (p == u || p == nb1[u] || p == nb2[u]) continue;
                    if (nb1[u] == kNoNode) nb1[u] = p;
                    else if (nb2[u] == kNoNode) nb2[u] = p;
                    else path = false;  // three neighbours: no path
                }
            if (src.size() > 1 && nb1[u] == kNoNode) path = false;
            if (nb2[u] == kNoNode) start = u;  // an end of the path (a cycle has none)
        }
        std::size_t walked = 0;
        for (NodeId prev = kNoNode, cur = start; path && cur != kNoNode && walked < src.size();) {
            pos[cur] = static_cast<std::uint32_t>(walked++);
            at.push_back(cur);
            const NodeId next = nb1[cur] != prev ? nb1[cur] : nb2[cur];
            prev = cur;
            cur = next;
        }
        if (!path || walked != src.size()) {
            why = "block #" + std::to_string(b) + " " + r.blocks.shape(b) + " has no standard drawing";
            return false;
        }
    }
    offset[nb] = static_cast<std::uint32_t>(at.size());
    std::vector<std::uint32_t> kids;
    for (std::uint32_t j = 0; j < nb; ++j) {
        // Children blocks of j in the super-dag.
        kids.clear();
        for (NodeId w : r.sinks(j))
            if (block_of[w] != kNone && block_of[w] != j) kids.push_back(block_of[w]);
        std::sort(kids.begin(), kids.end());
        kids.erase(std::unique(kids.begin(), kids.end()), kids.end());
        const std::span<const NodeId> dj(at.data() + offset[j], at.data() + offset[j + 1]);
        const std::int64_t kj = static_cast<std::int64_t>(dj.size());
        for (std::uint32_t i : kids) {
            if (persistent(shapes[j], shapes[i])) continue;
            const std::int64_t ki = static_cast<std::int64_t>(offset[i + 1] - offset[i]);
            const bool cyc = shapes[i].kind == 'C';
            bool ok = false;
            for (int sigma : {1, -1}) {
                for (NodeId w0 : g.children(dj[0])) {
                    if (block_of[w0] != i || ok) continue;
                    const std::int64_t l = pos[w0];
                    // Offset of position p from s_l along sigma (wrapping on a cycle).
                    auto off = [&](std::int64_t p) {
                        std::int64_t o = sigma * (p - l);
                        if (cyc) o = ((o % ki) + ki) % ki;
                        return o;
                    };
                    bool fits = true;
                    for (std::int64_t m = 0; m < kj && fits; ++m) {
                        bool mapped = false;  // the arc (s_{j_m}, s_{i_{l+m}})
                        for (NodeId w : g.children(dj[static_cast<std::size_t>(m)])) {
                            if (block_of[w] != i) continue;
                            const std::int64_t o = off(pos[w]);
                            mapped = mapped || o == m;
                            fits = fits && o >= 0 && o <= kj;  // no arc outside s_l .. s_{l+k_j}
                        }
                        fits = fits && mapped;
                    }
                    ok = fits;
                }
            }
            if (!ok) {
                why = "block #" + std::to_string(j) + " " + r.blocks.shape(j) +
                      " has no persistent priority (Lemma 3.2) over its child block #" + std::to_string(i) + " " +
                      r.blocks.shape(i) +
                      ", and no non-crossing independent arcs map its sources onto consecutive sources of the child";
                return false;
            }
        }
    }
    return true;
}

Dag dual_of(const Dag& g) {
    DagBuilder d;
    for (NodeId v = 0; v < g.node_count(); ++v) d.add_node(g.name(v));
    for (NodeId v = 0; v < g.node_count(); ++v)
        for (NodeId c : g.children(v)) d.add_arc(c, v);
    return std::move(d).build();
}

std::vector<NodeId> dual_schedule(const Dag& dual, std::span<const NodeId> dual_order) {
    // Theorem 2.3 (a): the nonsources of `dual` in the order they become
    // ELIGIBLE under dual_order, reversed, then the dual's sources (the
    // sinks of the dag itself).
    std::vector<std::uint32_t> missing(dual.node_count());
    for (NodeId v = 0; v < dual.node_count(); ++v) missing[v] = dual.in_degree(v);
    std::vector<NodeId> seq;
    for (NodeId x : dual_order)
        for (NodeId y : dual.children(x))
            if (--missing[y] == 0) seq.push_back(y);
    std::reverse(seq.begin(), seq.end());
    for (NodeId v = 0; v < dual.node_count(); ++v)
        if (dual.is_source(v)) seq.push_back(v);
    return seq;
}

namespace {

bool proven_composition(const schedule::Result& r) {
    return r.status == schedule::Status::ic_optimal &&
           (r.method == schedule::Method::decomposition || r.method == schedule::Method::sweep);
}

// Theorems 3.3 and 3.4 on a dag g proven a ▷-linear composition by r.
Donorship donorship_of(const Dag& g, const schedule::Result& r, const Options& options) {
    Donorship d;
    bool wnc = true, m = true;
    for (std::uint32_t b = 0; b < r.blocks.size(); ++b) {
        const Shape s = shape_of(r.blocks.shape(b));
        const bool one = r.blocks.shape(b) == "trivial(1)";
        wnc = wnc && (s.kind == 'W' || s.kind == 'N' || s.kind == 'C');
        m = m && (s.kind == 'M' || one);
    }
    if (r.shortcuts_removed != 0) {
        d.note = "no universal donor: the dag has shortcut arcs, so its drawing is not that of its blocks";
        return d;
    }
    std::string why;
    if (wnc) {
        if (reticulated(g, r, why)) {
            d.theorem = 33;
            d.note = "Theorem 3.3: a reticulated composition of W-, N- and Cycle-dags is a universal donor";
        } else {
            d.note = "Theorem 3.3 does not apply: not reticulated (" + why + ")";
        }
        return d;
    }
    if (m) {
        const Dag dual = dual_of(g);
        const schedule::Result rd = schedule::schedule(dual, options.schedule);
        if (!proven_composition(rd)) {
            d.note = "Theorem 3.4 does not apply: the dual dag is not proven a ▷-linear composition";
        } else if (rd.shortcuts_removed != 0 || !reticulated(dual, rd, why)) {
            d.note = "Theorem 3.4 does not apply: the dual dag is not reticulated (" +
                     (why.empty() ? std::string("it has shortcut arcs") : why) + ")";
        } else {
            d.theorem = 34;
            d.note = "Theorem 3.4: a composition of M-dags whose dual is reticulated is a universal donor";
        }
        return d;
    }
    d.note = "no universal donor: the blocks are neither all W-, N- and Cycle-dags (Theorem 3.3) nor all M-dags "
             "(Theorem 3.4)";
    return d;
}

}  // namespace

Donorship donorship(const Context& c) {
    Donorship d;
    if (c.composition) {
        d = donorship_of(c.u, c.sched, c.options);
    } else {
        d.note = "no universal donor: the unexecuted dag is not proven a ▷-linear composition (condition (2))";
    }
    // In a running state the theorems may hold for the whole dag G although
    // the unexecuted dag is a mix (an M-composition's residual is a tangle of
    // W-, N- and M-dags, Fig. 12): the executed tasks X and F together are
    // one clustered task of G, and G^[X ∪ F] is the residual we leave.
    if (d.theorem || !c.original || c.ux.to_original.empty()) return d;
    const schedule::Result rg = schedule::schedule(*c.original, c.options.schedule);
    if (!proven_composition(rg)) return d;
    Donorship whole = donorship_of(*c.original, rg, c.options);
    if (!whole.theorem) return d;
    whole.note += " (applied to the whole dag: the executed tasks and the cluster are one clustered task of it)";
    return whole;
}

}  // namespace ics::cluster::detail
