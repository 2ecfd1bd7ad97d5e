// AREA-maximal schedules of series-parallel dags in polynomial time
// (issue 12; Cordasco & Rosenberg, "On scheduling series-parallel DAGs to
// maximize AREA", IJFCS 2014, show such schedules exist in polynomial time;
// this file derives one from Lawler's algorithm for 1|sp|Σ w_j C_j, as
// presented in Brucker, Scheduling Algorithms, §4.3.1, and proves below
// that it applies).
//
// SERIES-PARALLEL here: the reachability order of the dag is series-parallel
// (N-free), i.e. built from single nodes by PARALLEL composition (disjoint
// union) and SERIES composition G1 ; G2 (every node of G1 an ancestor of
// every node of G2). Shortcut arcs do not matter: only reachability does.
//
// Recognition (`decompose`): with ancestor bit sets, a node set S of more
// than one node is a parallel composition iff its weakly connected
// components (in the dag restricted to S) are several; else a series
// composition iff some proper prefix D of S in topological order has every
// node of D an ancestor of every node of S − D (a series factor precedes
// the rest in EVERY topological order, so the factors are such prefixes);
// else S is not series-parallel (a connected poset whose incomparability
// graph is connected contains an N). Factors are convex, so ancestors
// within a factor are the ancestors intersected with it.
//
// Why Lawler applies (area.hpp: AREA = n(n+1)/2 − Σ_v T_v, T_v = the step of
// v's last parent). Build the job poset Q(G): nodes are unit jobs of weight
// 0; a nonsource v gets a MARKER, a zero-length job of weight 1:
//   Q(node x) = {x};   Q(G1 ∥ G2) = Q(G1) ∥ Q(G2);
//   Q(F1 ; F2 ; ... ; Fk) = Q(F1) ; (Q(F2) ∥ M2) ; ... ; (Q(Fk) ∥ Mk),
// Mi = markers of the sources of Fi (nodes with no parent inside Fi). Each
// nonsource v gets exactly one marker: at the lowest series node where v's
// factor Fi (i ≥ 2) has v as a source (a parent of v inside Fi would have
// given it one lower; higher up v has parents inside its factor). In Q the
// marker of v follows all of F1..F(i−1), all ancestors of v, whose last
// job is a sink of F(i−1) and a parent of v: the earliest completion of the
// marker is T_v. Q adds constraints marker → later factors' jobs, which cost
// nothing (a marker completes at its release, before those jobs start). So
// min Σ w_j C_j over Q = min Σ_v T_v, every optimal sequence of Q gives an
// AREA-maximal order of the nodes (drop the markers), and Q is series-
// parallel. Lawler: process the decomposition bottom-up, each part a list
// of COMPOSITE jobs (contiguous runs) of non-increasing ratio ρ = w / p;
// parallel = merge the lists by ratio; series S1 ; S2 = S1's list then S2's,
// combining the adjacent pair at the junction while the earlier composite's
// ratio is below the later one's (then the later composite can be assumed
// to follow the earlier immediately). Zero-length composites have ratio +∞:
// ratios are compared as w_a p_b vs w_b p_a.
//
// Cost: the closure O(n · arcs / 64) time and n² / 8 bytes (hence a node
// limit), the decomposition O(n²) per level of the tree (a work limit:
// kMaxWork prefix tests, then no answer), the sequencing O(n log n) per level.
#include <algorithm>
#include <bit>
#include <numeric>
#include <string>

#include "area/area.hpp"
#include "common/error.hpp"

namespace ics::area {

namespace {

__extension__ typedef unsigned __int128 u128;

// Prefix tests of the series cuts, at most (O(n²) per level of the
// decomposition tree; deeply alternating dags would need O(n³)).
constexpr std::uint64_t kMaxWork = std::uint64_t{1} << 27;

// A run of jobs kept contiguous: node ids (markers are not written out),
// total weight (markers) and length (nodes).
struct Composite {
    std::uint64_t weight = 0, length = 0;
    std::vector<NodeId> nodes;
};

// ρ(a) < ρ(b), ρ = weight / length (+∞ for length 0).
bool lower_ratio(const Composite& a, const Composite& b) {
    return static_cast<u128>(a.weight) * b.length < static_cast<u128>(b.weight) * a.length;
}

using Sequence = std::vector<Composite>;

// Parallel: merge by non-increasing ratio (stable: ties keep `a` first).
Sequence merge(Sequence a, Sequence b) {
    Sequence out;
    out.reserve(a.size() + b.size());
    std::size_t i = 0, j = 0;
    while (i < a.size() || j < b.size()) {
        if (j == b.size() || (i < a.size() && !lower_ratio(a[i], b[j]))) out.push_back(std::move(a[i++]));
        else out.push_back(std::move(b[j++]));
    }
    return out;
}

// Series: `a` then `b`, composites at the junction combined while the
// earlier one's ratio is below the later one's.
void append_series(Sequence& a, Sequence b) {
    for (Composite& c : b) {
        a.push_back(std::move(c));
        while (a.size() >= 2 && lower_ratio(a[a.size() - 2], a.back())) {
            Composite top = std::move(a.back());
            a.pop_back();
            Composite& prev = a.back();
            prev.weight += top.weight;
            prev.length += top.length;
            prev.nodes.insert(prev.nodes.end(), top.nodes.begin(), top.nodes.end());
        }
    }
}

class SeriesParallel {
public:
    explicit SeriesParallel(const Dag& dag) : dag_(dag), n_(dag.node_count()), words_((n_ + 63) / 64) {
        const auto topo = dag.topological_order();
        pos_.assign(n_, 0);
        for (NodeId i = 0; i < n_; ++i) pos_[topo[i]] = i;
        // anc_[v]: ancestors of v as bits over topological positions.
        anc_.assign(static_cast<std::size_t>(n_) * words_, 0);
        for (NodeId v : topo) {
            std::uint64_t* row = bits(v);
            for (NodeId p : dag.parents(v)) {
                const std::uint64_t* prow = bits(p);
                for (std::size_t w = 0; w < words_; ++w) row[w] |= prow[w];
                row[pos_[p] / 64] |= std::uint64_t{1} << (pos_[p] % 64);
            }
        }
        in_.assign(n_, 0);
        comp_.assign(n_, 0);
    }

    // The ratio-sorted composites of the nodes `s` (in topological order);
    // false when they are not series-parallel.
    bool sequence(std::vector<NodeId> s, Sequence& out) {
        if (s.size() == 1) {
            out = {Composite{0, 1, {s[0]}}};
            return true;
        }
        // Parallel: weakly connected components within s.
        std::vector<std::vector<NodeId>> parts = components(s);
        if (parts.size() > 1) {
            out.clear();
            for (auto& part : parts) {
                Sequence sub;
                if (!sequence(std::move(part), sub)) return false;
                out = merge(std::move(out), std::move(sub));
            }
            return true;
        }
        // Series: cut points k (prefix s[0..k) precedes all of s[k..)). cover[j]
        // = how long a prefix of s the ancestors of s[j] contain.
        const std::size_t m = s.size();
        std::vector<std::size_t> cover(m);
        for (std::size_t j = 0; j < m; ++j) {
            const std::uint64_t* row = bits(s[j]);
            std::size_t k = 0;
            while (k < j && (row[pos_[s[k]] / 64] >> (pos_[s[k]] % 64) & 1)) ++k;
            cover[j] = k;
            work_ += k + 1;
        }
        if (work_ > kMaxWork) return false;  // deep alternations: give up (no claim made)
        std::vector<std::size_t> cuts;  // k with min_{j ≥ k} cover[j] ≥ k
        std::size_t low = m;
        std::vector<std::size_t> suffix_min(m + 1, m);
        for (std::size_t j = m; j-- > 0;) suffix_min[j] = low = std::min(low, cover[j]);
        for (std::size_t k = 1; k < m; ++k)
            if (suffix_min[k] >= k) cuts.push_back(k);
        if (cuts.empty()) return false;  // connected both ways: an N inside
        cuts.push_back(m);
        std::size_t begin = 0;
        out.clear();
        for (std::size_t cut : cuts) {
            std::vector<NodeId> factor(s.begin() + static_cast<std::ptrdiff_t>(begin),
                                       s.begin() + static_cast<std::ptrdiff_t>(cut));
            Sequence sub;
            if (!sequence(factor, sub)) return false;
            if (begin > 0) {
                // Markers of the factor's sources (no parent inside it): weight 1, length 0.
                for (NodeId v : factor) in_[v] = 1;
                Sequence markers;
                for (NodeId v : factor) {
                    const auto ps = dag_.parents(v);
                    if (std::none_of(ps.begin(), ps.end(), [&](NodeId p) { return in_[p] != 0; }))
                        markers.push_back(Composite{1, 0, {}});
                }
                for (NodeId v : factor) in_[v] = 0;
                sub = merge(std::move(markers), std::move(sub));
            }
            append_series(out, std::move(sub));
            begin = cut;
        }
        return true;
    }

private:
    std::uint64_t* bits(NodeId v) { return &anc_[static_cast<std::size_t>(v) * words_]; }

    std::vector<std::vector<NodeId>> components(const std::vector<NodeId>& s) {
        for (std::uint32_t i = 0; i < s.size(); ++i) {
            in_[s[i]] = 1;
            comp_[s[i]] = i;
        }
        std::vector<std::uint32_t> root(s.size());
        std::iota(root.begin(), root.end(), 0);
        auto find = [&](std::uint32_t x) {
            while (root[x] != x) x = root[x] = root[root[x]];
            return x;
        };
        for (NodeId v : s)
            for (NodeId c : dag_.children(v))
                if (in_[c]) {
                    const std::uint32_t a = find(comp_[v]), b = find(comp_[c]);
                    if (a != b) root[std::max(a, b)] = std::min(a, b);
                }
        std::vector<std::uint32_t> index(s.size(), kNoNode);
        std::vector<std::vector<NodeId>> parts;
        for (std::uint32_t i = 0; i < s.size(); ++i) {  // s is in topological order: so is each part
            const std::uint32_t r = find(i);
            if (index[r] == kNoNode) {
                index[r] = static_cast<std::uint32_t>(parts.size());
                parts.emplace_back();
            }
            parts[index[r]].push_back(s[i]);
        }
        for (NodeId v : s) in_[v] = 0;
        return parts;
    }

    const Dag& dag_;
    NodeId n_;
    std::size_t words_;
    std::vector<NodeId> pos_;
    std::vector<std::uint64_t> anc_;
    std::vector<char> in_;
    std::vector<std::uint32_t> comp_;
    std::uint64_t work_ = 0;
};

}  // namespace

std::optional<std::vector<NodeId>> series_parallel_schedule(const Dag& dag) {
    const NodeId n = dag.node_count();
    if (n == 0) return std::vector<NodeId>{};
    if (n > kMaxSeriesParallelNodes) return std::nullopt;
    SeriesParallel sp(dag);
    const auto topo = dag.topological_order();
    Sequence seq;
    if (!sp.sequence(std::vector<NodeId>(topo.begin(), topo.end()), seq)) return std::nullopt;
    std::vector<NodeId> order;
    order.reserve(n);
    for (const Composite& c : seq) order.insert(order.end(), c.nodes.begin(), c.nodes.end());
    if (order.size() != n) fail(Errc::internal, "series-parallel schedule: nodes lost in the composites");
    return order;
}

}  // namespace ics::area
