// Checking a user-supplied clustered task (clustering.txt §3.1, §3.3.3):
// whether it is self-contained, its cut arcs, closure and eligible counts,
// and whether the residual admits an IC-optimal schedule (the engine decides).
#include "cluster/detail.hpp"

namespace ics::cluster {

Cluster check(const Dag& g, std::span<const NodeId> executed, std::span<const NodeId> tasks,
              const Options& options) {
    const Unexecuted ux = unexecuted(g, executed);
    const Dag& u = *ux.dag;
    if (tasks.empty()) fail(Errc::invalid_argument, "the cluster is empty");
    std::vector<NodeId> to_u(g.node_count(), kNoNode);
    for (NodeId v = 0; v < u.node_count(); ++v) to_u[ux.original(v)] = v;
    detail::Candidate cand;
    cand.strategy = Strategy::check;
    std::vector<char> seen(g.node_count(), 0);
    for (NodeId v : tasks) {
        if (v >= g.node_count()) fail(Errc::unknown_node, "cluster task id " + std::to_string(v) + " is not a node");
        if (seen[v]) fail(Errc::invalid_argument, "cluster task " + quoted(g.name(v)) + " is listed twice");
        if (to_u[v] == kNoNode)
            fail(Errc::invalid_argument, "cluster task " + quoted(g.name(v)) + " is already executed");
        seen[v] = 1;
        cand.tasks.push_back(to_u[v]);
    }
    cand.cut = detail::cut_of(u, cand.tasks);
    const schedule::Result none;
    const detail::Context c{ux, u, none, {}, false, static_cast<std::uint32_t>(tasks.size()), options};
    return detail::build(c, cand, true);
}

}  // namespace ics::cluster
