// The Sidney decomposition of 1|prec|Σ w_j C_j for AREA (area.hpp: jobs are
// the nodes, a unit-weight zero-length marker per nonsource follows its
// parents), and the order that runs its blocks in turn.
//
// Sidney (1975): take an initial set I of the remaining jobs (closed under
// predecessors, given the jobs already taken) of largest ratio
// ρ(I) = released(I) / |I|, released(I) = markers whose parents all lie in
// the taken jobs ∪ I with at least one in I; repeat on the rest. Some optimal
// schedule runs the blocks in turn, and every order that does is a
// 2-approximation (Chekuri & Motwani 1999; Margot, Queyranne, Wang 2003):
// within a block every initial subset has ratio ≤ the block's.
//
// Blocks by parametric maximum-weight closure (Picard 1976): for λ = a/b,
// max over initial sets I of f(I) = b·released(I) − a·|I| is a minimum cut
// of the network s → marker (capacity b), job → t (capacity a), marker →
// each parent job and job → each parent job (infinite); the source side of
// the cut is the least maximizer. Released is supermodular on down-sets
// (a marker released by both A and B is released by A ∩ B), so the
// maximizers are nested in λ and the decomposition splits recursively
// (divide and conquer over the node set, as for parametric flows):
// with λ the ratio of the current set U (f(U) = 0), either max f = 0 — then
// no initial subset of U beats U's ratio and U is one block — or the least
// maximizer A (ratio > λ) is decomposed first and U − A (ratio < λ, given A)
// after it. Weakly connected components are decomposed apart (smaller
// networks) and their blocks merged by non-increasing ratio, which is the
// decomposition of their sum (released and |I| add over components).
// Max-flow: Boost.Graph's Boykov–Kolmogorov.
#include <algorithm>
#include <cstdint>
#include <limits>
#include <numeric>
#include <queue>
#include <span>
#include <tuple>

// Boost 1.74's edge iterator trips GCC 12's -Wmaybe-uninitialized (a false
// positive inside boost::optional); silenced for these headers only.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/boykov_kolmogorov_max_flow.hpp>
#pragma GCC diagnostic pop

#include "area/area.hpp"
#include "common/error.hpp"

namespace ics::area {

__extension__ typedef unsigned __int128 u128;

namespace {

using Capacity = long long;
using Traits = boost::adjacency_list_traits<boost::vecS, boost::vecS, boost::directedS>;
using FlowGraph = boost::adjacency_list<
    boost::vecS, boost::vecS, boost::directedS,
    boost::property<boost::vertex_index_t, long,
                    boost::property<boost::vertex_color_t, boost::default_color_type,
                                    boost::property<boost::vertex_distance_t, long,
                                                    boost::property<boost::vertex_predecessor_t,
                                                                    Traits::edge_descriptor>>>>,
    boost::property<boost::edge_capacity_t, Capacity,
                    boost::property<boost::edge_residual_capacity_t, Capacity,
                                    boost::property<boost::edge_reverse_t, Traits::edge_descriptor>>>>;

class Network {
public:
    explicit Network(std::size_t vertices) : g_(vertices) {}
    void arc(std::size_t u, std::size_t v, Capacity c) {
        auto cap = boost::get(boost::edge_capacity, g_);
        auto rev = boost::get(boost::edge_reverse, g_);
        const auto e = boost::add_edge(u, v, g_).first;
        const auto r = boost::add_edge(v, u, g_).first;
        cap[e] = c;
        cap[r] = 0;
        rev[e] = r;
        rev[r] = e;
    }
    Capacity max_flow(std::size_t s, std::size_t t) { return boost::boykov_kolmogorov_max_flow(g_, s, t); }
    // Vertices reachable from s along arcs with residual capacity: the least
    // source side of a minimum cut.
    std::vector<char> source_side(std::size_t s) const {
        auto res = boost::get(boost::edge_residual_capacity, g_);
        std::vector<char> seen(boost::num_vertices(g_), 0);
        std::vector<std::size_t> stack{s};
        seen[s] = 1;
        while (!stack.empty()) {
            const std::size_t u = stack.back();
            stack.pop_back();
            for (auto [e, end] = boost::out_edges(u, g_); e != end; ++e) {
                const std::size_t v = boost::target(*e, g_);
                if (!seen[v] && res[*e] > 0) {
                    seen[v] = 1;
                    stack.push_back(v);
                }
            }
        }
        return seen;
    }

private:
    FlowGraph g_;
};

struct Block {
    std::vector<NodeId> nodes;
    std::uint64_t released;
};

// Decomposes one weakly connected component (its nodes in `comp`) into
// blocks appended to `out` in order. `done` marks the jobs already taken.
class Decomposer {
public:
    Decomposer(const Dag& dag, std::span<const NodeId> taken)
        : dag_(dag), done_(dag.node_count(), 0), in_u_(dag.node_count(), 0), local_(dag.node_count(), 0),
          stamp_(dag.node_count(), 0) {
        for (NodeId v : taken) done_[v] = 1;
    }

    void run(std::vector<NodeId> comp, std::vector<Block>& out) {
        std::vector<std::vector<NodeId>> stack;
        stack.push_back(std::move(comp));
        while (!stack.empty()) {
            std::vector<NodeId> u = std::move(stack.back());
            stack.pop_back();
            std::vector<NodeId> a = least_maximizer(u);
            if (a.empty()) {  // u is one block
                for (NodeId v : u) done_[v] = 1;
                std::sort(u.begin(), u.end());
                out.push_back({std::move(u), last_released_});
                continue;
            }
            for (NodeId v : a) in_u_[v] = 2;
            std::vector<NodeId> rest;
            rest.reserve(u.size() - a.size());
            for (NodeId v : u)
                if (in_u_[v] != 2) rest.push_back(v);
            for (NodeId v : a) in_u_[v] = 0;
            stack.push_back(std::move(rest));  // after a
            stack.push_back(std::move(a));
        }
    }

private:
    // Empty when no initial subset of u has a larger ratio than u (u is a
    // block; last_released_ = its markers), else the least maximizer of f.
    std::vector<NodeId> least_maximizer(const std::vector<NodeId>& u) {
        ++round_;
        for (std::uint32_t i = 0; i < u.size(); ++i) {
            in_u_[u[i]] = 1;
            local_[u[i]] = i;
        }
        // Markers released within u: every parent taken or in u, one in u.
        std::vector<NodeId> markers;
        for (NodeId j : u)
            for (NodeId v : dag_.children(j)) {
                if (stamp_[v] == round_) continue;
                stamp_[v] = round_;
                const auto ps = dag_.parents(v);
                if (std::all_of(ps.begin(), ps.end(), [&](NodeId p) { return done_[p] || in_u_[p]; }))
                    markers.push_back(v);
            }
        last_released_ = markers.size();
        std::vector<NodeId> a;
        const auto size = static_cast<Capacity>(u.size());
        const auto weight = static_cast<Capacity>(markers.size());
        if (u.size() > 1 && weight > 0) {
            // Vertices: 0 = s, 1 = t, 2 + i = job u[i], 2 + |u| + m = marker m.
            Network net(2 + u.size() + markers.size());
            const Capacity inf = std::numeric_limits<Capacity>::max() / 4;
            for (std::uint32_t i = 0; i < u.size(); ++i) {
                net.arc(2 + i, 1, weight);
                for (NodeId p : dag_.parents(u[i]))
                    if (in_u_[p]) net.arc(2 + i, 2 + local_[p], inf);
            }
            for (std::size_t m = 0; m < markers.size(); ++m) {
                const std::size_t mv = 2 + u.size() + m;
                net.arc(0, mv, size);
                for (NodeId p : dag_.parents(markers[m]))
                    if (in_u_[p]) net.arc(mv, 2 + local_[p], inf);
            }
            const Capacity flow = net.max_flow(0, 1);
            if (flow < size * weight) {  // some initial subset has f > 0 = f(u)
                const std::vector<char> side = net.source_side(0);
                for (std::uint32_t i = 0; i < u.size(); ++i)
                    if (side[2 + i]) a.push_back(u[i]);
                if (a.empty() || a.size() == u.size())
                    fail(Errc::internal, "Sidney decomposition: the least maximizer is empty or the whole set");
            }
        }
        for (NodeId v : u) in_u_[v] = 0;
        return a;
    }

    const Dag& dag_;
    std::vector<char> done_, in_u_;
    std::vector<std::uint32_t> local_, stamp_;
    std::uint32_t round_ = 0;
    std::uint64_t last_released_ = 0;
};

// Weakly connected components of the nodes not taken, each as its nodes in
// id order, by the smallest id they hold.
std::vector<std::vector<NodeId>> components(const Dag& dag, const std::vector<char>& taken) {
    const NodeId n = dag.node_count();
    std::vector<NodeId> root(n);
    std::iota(root.begin(), root.end(), 0);
    auto find = [&](NodeId v) {
        while (root[v] != v) v = root[v] = root[root[v]];
        return v;
    };
    for (NodeId v = 0; v < n; ++v)
        for (NodeId c : dag.children(v)) {
            if (taken[v] || taken[c]) continue;
            const NodeId a = find(v), b = find(c);
            if (a != b) root[std::max(a, b)] = std::min(a, b);
        }
    std::vector<std::uint32_t> index(n, kNoNode);
    std::vector<std::vector<NodeId>> comps;
    for (NodeId v = 0; v < n; ++v) {
        if (taken[v]) continue;
        const NodeId r = find(v);
        if (index[r] == kNoNode) {
            index[r] = static_cast<std::uint32_t>(comps.size());
            comps.emplace_back();
        }
        comps[index[r]].push_back(v);
    }
    return comps;
}

}  // namespace

SidneyDecomposition sidney_decomposition(const Dag& dag, std::span<const NodeId> taken) {
    std::vector<char> is_taken(dag.node_count(), 0);
    for (NodeId v : taken) {
        if (v >= dag.node_count() || is_taken[v]) fail(Errc::internal, "Sidney decomposition: a taken node repeats");
        for (NodeId p : dag.parents(v))
            if (!is_taken[p]) fail(Errc::internal, "Sidney decomposition: the taken nodes are no down-set in order");
        is_taken[v] = 1;
    }
    Decomposer dec(dag, taken);
    std::vector<std::vector<Block>> per_comp;
    for (std::vector<NodeId>& comp : components(dag, is_taken)) {
        per_comp.emplace_back();
        dec.run(std::move(comp), per_comp.back());
    }
    // Merge by non-increasing ratio, each component's blocks in their order
    // (ties: the component holding the smaller id first).
    using Head = std::tuple<std::uint64_t, std::uint32_t, std::size_t, std::size_t>;  // released, size, comp, index
    auto later = [](const Head& x, const Head& y) {
        const u128 lx = static_cast<u128>(std::get<0>(x)) * std::get<1>(y);
        const u128 ly = static_cast<u128>(std::get<0>(y)) * std::get<1>(x);
        if (lx != ly) return lx < ly;  // smaller ratio runs later
        return std::get<2>(x) > std::get<2>(y);
    };
    std::priority_queue<Head, std::vector<Head>, decltype(later)> heads(later);
    auto push = [&](std::size_t c, std::size_t i) {
        if (i < per_comp[c].size())
            heads.emplace(per_comp[c][i].released, static_cast<std::uint32_t>(per_comp[c][i].nodes.size()), c, i);
    };
    for (std::size_t c = 0; c < per_comp.size(); ++c) push(c, 0);
    SidneyDecomposition out;
    out.nodes.reserve(dag.node_count());
    while (!heads.empty()) {
        const auto [w, s, c, i] = heads.top();
        heads.pop();
        const Block& b = per_comp[c][i];
        out.nodes.insert(out.nodes.end(), b.nodes.begin(), b.nodes.end());
        out.offsets.push_back(static_cast<std::uint32_t>(out.nodes.size()));
        out.released.push_back(b.released);
        push(c, i + 1);
    }
    return out;
}

std::vector<NodeId> sidney_order(const Dag& dag, const SidneyDecomposition& sd, std::span<const NodeId> taken) {
    const NodeId n = dag.node_count();
    std::vector<std::uint32_t> block_of(n, kNoNode), missing(n), gain(n, 0);
    for (std::size_t b = 0; b < sd.block_count(); ++b)
        for (std::uint32_t k = sd.offsets[b]; k < sd.offsets[b + 1]; ++k) block_of[sd.nodes[k]] = static_cast<std::uint32_t>(b);
    std::vector<char> done(n, 0);
    std::vector<NodeId> order;
    order.reserve(n);
    for (NodeId v = 0; v < n; ++v) missing[v] = dag.in_degree(v);
    // The taken prefix runs first, as given (sidney_decomposition checked it).
    for (NodeId u : taken) {
        if (missing[u] != 0 || block_of[u] != kNoNode) fail(Errc::internal, "Sidney order: the taken prefix is not the decomposition's");
        done[u] = 1;
        order.push_back(u);
        for (NodeId c : dag.children(u)) --missing[c];
    }
    // gain[u] = children whose only unexecuted parent is u: the tasks running
    // u makes eligible now.
    for (NodeId v = 0; v < n; ++v)
        if (!done[v] && missing[v] == 1)
            for (NodeId p : dag.parents(v))
                if (!done[p]) {
                    ++gain[p];
                    break;
                }
    // Max-heap of (gain, nonsink, -id) over eligible nodes of the current
    // block; stale entries (gain changed) are skipped. Nodes of later blocks
    // that become eligible wait in their block's list.
    using Entry = std::tuple<std::uint32_t, double, bool, std::int64_t>;
    std::priority_queue<Entry> heap;
    std::vector<std::vector<NodeId>> waiting(sd.block_count());
    std::size_t current = 0;
    // Ties: the most progress towards children that still wait on others.
    auto progress = [&](NodeId v) {
        double p = 0;
        for (NodeId c : dag.children(v)) p += missing[c] > 1 ? 1.0 / missing[c] : 0.0;
        return p;
    };
    auto entry = [&](NodeId v) { return Entry{gain[v], progress(v), !dag.is_sink(v), -static_cast<std::int64_t>(v)}; };
    auto eligible = [&](NodeId v) {
        if (block_of[v] == current) heap.push(entry(v));
        else waiting[block_of[v]].push_back(v);
    };
    for (NodeId v = 0; v < n; ++v)
        if (!done[v] && missing[v] == 0) eligible(v);
    for (current = 0; current < sd.block_count(); ++current) {
        for (NodeId v : waiting[current]) heap.push(entry(v));
        waiting[current] = {};
        while (!heap.empty()) {
            const auto [g, prog, nonsink, negid] = heap.top();
            heap.pop();
            const auto u = static_cast<NodeId>(-negid);
            if (done[u] || g != gain[u]) continue;
            done[u] = 1;
            order.push_back(u);
            for (NodeId c : dag.children(u)) {
                if (--missing[c] == 0) {
                    eligible(c);
                } else if (missing[c] == 1) {
                    for (NodeId p : dag.parents(c))
                        if (!done[p]) {
                            ++gain[p];
                            if (missing[p] == 0 && block_of[p] == current) heap.push(entry(p));
                            break;
                        }
                }
            }
        }
    }
    if (order.size() != n) fail(Errc::internal, "Sidney order: a block is not closed under parents");
    return order;
}

}  // namespace ics::area
