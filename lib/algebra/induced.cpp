// The subdag induced by a node set: the chosen nodes (in increasing original
// id, names kept) and every arc between two of them. Used to cut familiar
// computations into the summands and blocks the papers reason about.
#include <algorithm>

#include "algebra/detail.hpp"

namespace ics::algebra {

Derived induced(const Dag& g, std::span<const NodeId> nodes) {
    std::vector<NodeId> id(g.node_count(), kNoNode);
    for (std::size_t k = 0; k < nodes.size(); ++k) {
        const NodeId v = detail::checked_id(g, nodes[k], "induced: nodes[" + std::to_string(k) + "]");
        if (id[v] != kNoNode)
            fail(Errc::invalid_argument, "induced: node " + std::to_string(v) + " " + quoted(g.name(v)) +
                                             " is listed twice");
        id[v] = 0;
    }
    Derived r;
    r.origin.reserve(nodes.size());
    std::vector<NodeId> kept;  // in increasing original id
    kept.reserve(nodes.size());
    for (NodeId v = 0; v < g.node_count(); ++v)
        if (id[v] != kNoNode) {
            id[v] = static_cast<NodeId>(kept.size());
            kept.push_back(v);
            r.origin.push_back({0, v});
        }
    DagBuilder b(g.names().subset(kept));
    for (const Origin& o : r.origin)
        for (NodeId c : g.children(o.node))
            if (id[c] != kNoNode) b.add_arc(id[o.node], id[c]);
    r.dag = std::move(b).build();
    return r;
}

}  // namespace ics::algebra
