// The running state and the residual dag G^[F] (clustering.txt §3.1): the
// unexecuted dag, cut arcs, eligible counts, closure (§3.3.3) and the proof
// that the residual admits an IC-optimal schedule (Theorem 3.1 or the engine).
#include <algorithm>

#include "cluster/detail.hpp"

namespace ics::cluster {

const char* strategy_name(Strategy s) noexcept {
    switch (s) {
        case Strategy::direct: return "direct";
        case Strategy::staggered: return "staggered";
        case Strategy::donor: return "donor";
        case Strategy::min_cut: return "min-cut";
        case Strategy::check: return "check";
    }
    return "unknown";
}

namespace {

// The subdag of `g` on the nodes marked in `keep`, names kept; `to_g` maps its ids to g's.
Dag induced(const Dag& g, const std::vector<char>& keep, std::vector<NodeId>& to_g) {
    const NodeId n = g.node_count();
    std::vector<NodeId> map(n, kNoNode);
    to_g.clear();
    for (NodeId v = 0; v < n; ++v)
        if (keep[v]) {
            map[v] = static_cast<NodeId>(to_g.size());
            to_g.push_back(v);
        }
    DagBuilder b(g.names().subset(to_g));
    b.reserve(to_g.size(), g.arc_count());
    for (NodeId v : to_g)
        for (NodeId c : g.children(v))
            if (keep[c]) b.add_arc(map[v], map[c]);
    return std::move(b).build();
}

}  // namespace

Dag residual_dag(const Dag& g, const Cluster& c) {
    std::vector<char> keep(g.node_count(), 0);
    for (NodeId v : c.residual_to_original) {
        if (v >= g.node_count()) fail(Errc::invalid_argument, "the cluster is not one of this dag");
        keep[v] = 1;
    }
    std::vector<NodeId> to_g;
    return induced(g, keep, to_g);  // ids in increasing order of G, as residual_to_original
}

Unexecuted unexecuted(const Dag& g, std::span<const NodeId> executed) {
    Unexecuted ux;
    ux.dag = &g;
    if (executed.empty()) return ux;
    const NodeId n = g.node_count();
    std::vector<char> done(n, 0);
    for (NodeId v : executed) {
        if (v >= n) fail(Errc::unknown_node, "executed task id " + std::to_string(v) + " is not a node");
        if (done[v]) fail(Errc::invalid_argument, "executed task " + quoted(g.name(v)) + " is listed twice");
        done[v] = 1;
    }
    for (NodeId v : executed)
        for (NodeId p : g.parents(v))
            if (!done[p])
                fail(Errc::invalid_argument, "the executed tasks are not closed under parents: " + quoted(g.name(v)) +
                                                 " is executed but its parent " + quoted(g.name(p)) + " is not");
    for (NodeId v = 0; v < n; ++v) done[v] = !done[v];
    ux.owned = induced(g, done, ux.to_original);
    ux.dag = &ux.owned;
    return ux;
}

namespace detail {

std::int64_t cut_of(const Dag& u, std::span<const NodeId> tasks) {
    std::int64_t cut = 0;
    for (NodeId v : tasks) cut += weight(u, v);
    return cut;
}

void keep_best(std::vector<Candidate>& cands, std::size_t limit) {
    std::stable_sort(cands.begin(), cands.end(), [](const Candidate& a, const Candidate& b) { return a.cut < b.cut; });
    // Drop repeated sets (equal cuts are adjacent): each would cost one more
    // engine run on the same residual.
    std::vector<std::vector<NodeId>> sorted;
    std::size_t out = 0;
    for (std::size_t i = 0; i < cands.size() && out < limit; ++i) {
        std::vector<NodeId> key = cands[i].tasks;
        std::sort(key.begin(), key.end());
        bool repeated = false;
        for (std::size_t j = out; j-- > 0 && cands[j].cut == cands[i].cut;)
            repeated = repeated || sorted[j] == key;
        if (repeated) continue;
        sorted.push_back(std::move(key));
        if (out != i) cands[out] = std::move(cands[i]);
        ++out;
    }
    cands.resize(out);
}

Cluster build(const Context& c, const Candidate& cand, bool certify) {
    const Dag& u = c.u;
    const NodeId n = u.node_count();
    Cluster cl;
    cl.strategy = cand.strategy;
    cl.donor_note = cand.note;
    std::vector<char> in_f(n, 0);
    cl.tasks.reserve(cand.tasks.size());
    for (NodeId v : cand.tasks) {
        in_f[v] = 1;
        cl.tasks.push_back(c.ux.original(v));
    }
    for (NodeId v : cand.tasks) {
        for (NodeId p : u.parents(v))
            if (!in_f[p] && cl.self_contained) {
                cl.self_contained = false;
                cl.violation = quoted(u.name(v)) + " needs its parent " + quoted(u.name(p)) +
                               ", which is neither executed nor in the cluster";
            }
        for (NodeId ch : u.children(v))
            if (!in_f[ch]) cl.cut.emplace_back(c.ux.original(v), c.ux.original(ch));
    }
    // Residual: eligible counts and closure (tasks isolated in G^[F], adjacent to F).
    std::vector<char> keep(n);
    for (NodeId v = 0; v < n; ++v) keep[v] = !in_f[v];
    for (NodeId v = 0; v < n; ++v) {
        if (in_f[v]) continue;
        bool all_in_f = true, some_in_f = false, residual_neighbour = false;
        for (NodeId p : u.parents(v)) {
            if (in_f[p]) {
                some_in_f = true;
            } else {
                all_in_f = false;
                residual_neighbour = true;
            }
        }
        bool adjacent = some_in_f;
        for (NodeId ch : u.children(v)) {
            if (in_f[ch]) adjacent = true;
            else residual_neighbour = true;
        }
        if (all_in_f) {
            ++cl.eligible_rendered;
            if (some_in_f) ++cl.newly_eligible;
        }
        if (!residual_neighbour && adjacent) cl.closure.push_back(c.ux.original(v));
    }
    std::vector<NodeId> res_to_u;
    cl.residual = induced(u, keep, res_to_u);
    cl.residual_to_original.reserve(res_to_u.size());
    for (NodeId v : res_to_u) cl.residual_to_original.push_back(c.ux.original(v));
    if (!certify) return cl;

    // Theorem 3.1: after the k-prefix of an IC-optimal schedule, its tail is
    // IC-optimal for the residual.
    const std::size_t k = cand.tasks.size();
    bool prefix = !c.ico_order.empty() && k <= c.ico_order.size();
    for (std::size_t i = 0; prefix && i < k; ++i) prefix = in_f[c.ico_order[i]] != 0;
    if (prefix && cl.self_contained) {
        cl.residual_status = schedule::Status::ic_optimal;
        cl.certificate = "Theorem 3.1: the tail of an IC-optimal schedule";
        cl.residual_order.reserve(n - k);
        for (std::size_t i = k; i < c.ico_order.size(); ++i) cl.residual_order.push_back(c.ux.original(c.ico_order[i]));
        return cl;
    }
    const schedule::Result r = schedule::schedule(cl.residual, c.options.schedule);
    cl.residual_status = r.status;
    cl.residual_reason = r.reason;
    cl.certificate = r.status == schedule::Status::ic_optimal
                         ? std::string("engine on the residual: ") + schedule::method_name(r.method)
                         : std::string();
    std::vector<NodeId> order = r.order;
    if (r.status != schedule::Status::ic_optimal && cand.theorem == 34) {
        // Theorem 3.4's route: the residual of an M-composition can be a
        // tangle of W-, N- and M-dags (Fig. 12), its dual a W-composition.
        const Dag dual = dual_of(cl.residual);
        const schedule::Result rd = schedule::schedule(dual, c.options.schedule);
        if (rd.status == schedule::Status::ic_optimal) {
            order = dual_schedule(dual, rd.order);
            cl.residual_status = schedule::Status::ic_optimal;
            cl.residual_reason.clear();
            cl.certificate = std::string("Theorem 2.3: the dual of the engine's schedule of the residual's dual (") +
                             schedule::method_name(rd.method) + ")";
        }
    }
    if (cl.residual_status == schedule::Status::ic_optimal && cand.theorem)
        cl.certificate += cand.theorem == 33 ? "; universal donor by Theorem 3.3" : "; universal donor by Theorem 3.4";
    cl.residual_order.reserve(order.size());
    for (NodeId v : order) cl.residual_order.push_back(cl.residual_to_original[v]);
    return cl;
}

}  // namespace detail
}  // namespace ics::cluster
