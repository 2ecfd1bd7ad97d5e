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

// The sources of block b along its path (consecutive ones share a sink);
// empty when they form no path/cycle (not a W/N/C block).
std::vector<NodeId> drawing(const Dag& g, std::span<const NodeId> sources, bool cycle) {
    if (sources.size() <= 1) return {sources.begin(), sources.end()};
    std::vector<NodeId> sorted(sources.begin(), sources.end());
    std::sort(sorted.begin(), sorted.end());
    auto index = [&](NodeId v) {
        return static_cast<std::size_t>(std::lower_bound(sorted.begin(), sorted.end(), v) - sorted.begin());
    };
    std::vector<std::vector<std::size_t>> nb(sorted.size());
    for (std::size_t i = 0; i < sorted.size(); ++i)
        for (NodeId w : g.children(sorted[i]))
            for (NodeId p : g.parents(w))
                if (p != sorted[i]) {
                    const std::size_t j = index(p);
                    if (std::find(nb[i].begin(), nb[i].end(), j) == nb[i].end()) nb[i].push_back(j);
                }
    std::size_t start = 0;
    for (std::size_t i = 0; i < nb.size(); ++i) {
        if (nb[i].size() > 2 || nb[i].empty()) return {};
        if (nb[i].size() == 1) start = i;
    }
    std::vector<NodeId> out;
    std::vector<char> seen(sorted.size(), 0);
    for (std::size_t at = start, prev = sorted.size();;) {
        out.push_back(sorted[at]);
        seen[at] = 1;
        std::size_t next = sorted.size();
        for (std::size_t j : nb[at])
            if (j != prev && !seen[j]) next = j;
        if (next == sorted.size()) break;
        prev = at;
        at = next;
    }
    if (out.size() != sorted.size()) return {};
    (void)cycle;  // a cycle is walked from any source; its positions wrap (see reticulated)
    return out;
}

}  // namespace

bool reticulated(const Dag& g, const schedule::Result& r, std::string& why) {
    const std::size_t nb = r.blocks.size();
    std::vector<std::uint32_t> block_of(g.node_count(), 0xFFFFFFFFu);
    std::vector<std::vector<NodeId>> draw(nb);
    std::vector<Shape> shapes(nb);
    for (std::uint32_t b = 0; b < nb; ++b) {
        shapes[b] = shape_of(r.blocks.shape(b));
        for (NodeId v : r.blocks.order(b)) block_of[v] = b;
        draw[b] = drawing(g, r.blocks.order(b), shapes[b].kind == 'C');
        if (draw[b].empty()) {
            why = "block #" + std::to_string(b) + " " + r.blocks.shape(b) + " has no standard drawing";
            return false;
        }
    }
    std::vector<std::uint32_t> pos(g.node_count(), 0);
    for (std::uint32_t b = 0; b < nb; ++b)
        for (std::size_t x = 0; x < draw[b].size(); ++x) pos[draw[b][x]] = static_cast<std::uint32_t>(x);
    for (std::uint32_t j = 0; j < nb; ++j) {
        // Children blocks of j in the super-dag.
        std::vector<std::uint32_t> kids;
        for (NodeId w : r.sinks(j))
            if (block_of[w] != 0xFFFFFFFFu && block_of[w] != j) kids.push_back(block_of[w]);
        std::sort(kids.begin(), kids.end());
        kids.erase(std::unique(kids.begin(), kids.end()), kids.end());
        for (std::uint32_t i : kids) {
            if (persistent(shapes[j], shapes[i])) continue;
            const auto& dj = draw[j];
            const std::int64_t ki = static_cast<std::int64_t>(draw[i].size());
            const bool cyc = shapes[i].kind == 'C';
            // T(u): positions in i's drawing of u's children that are sources of i.
            std::vector<std::vector<std::int64_t>> t(dj.size());
            for (std::size_t m = 0; m < dj.size(); ++m)
                for (NodeId w : g.children(dj[m]))
                    if (block_of[w] == i) t[m].push_back(pos[w]);
            bool ok = false;
            for (int sigma : {1, -1}) {
                for (std::int64_t l : t[0]) {
                    auto at = [&](std::int64_t off) {
                        std::int64_t p = l + sigma * off;
                        if (cyc) p = ((p % ki) + ki) % ki;
                        return p;
                    };
                    bool fits = true;
                    for (std::size_t m = 0; m < dj.size() && fits; ++m) {
                        const std::int64_t want = at(static_cast<std::int64_t>(m));
                        if (!cyc && (want < 0 || want >= ki)) fits = false;
                        fits = fits && std::find(t[m].begin(), t[m].end(), want) != t[m].end();
                        // No arc outside the window s_l .. s_{l+k_j}.
                        for (std::int64_t p : t[m]) {
                            bool inside = false;
                            for (std::int64_t off = 0; off <= static_cast<std::int64_t>(dj.size()) && !inside; ++off)
                                inside = at(off) == p;
                            fits = fits && inside;
                        }
                    }
                    if (fits) ok = true;
                }
            }
            if (!ok) {
                why = "block #" + std::to_string(j) + " " + r.blocks.shape(j) + " has no persistent priority (Lemma 3.2) over its child block #" +
                      std::to_string(i) + " " + r.blocks.shape(i) +
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
