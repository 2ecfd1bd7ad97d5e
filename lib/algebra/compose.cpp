// Composition G1 ↑ G2 (sweep-algorithm.txt §2, "On scheduling complex
// dags"): start from the sum G1 + G2, select some sinks of G1 and equally
// many sources of G2, and merge them pairwise. The merged node inherits G1's
// in-arcs and G2's out-arcs. It is named and identified after its G1 sink;
// G2's other nodes follow G1's in increasing id.
#include <string>

#include "algebra/detail.hpp"

namespace ics::algebra {

Derived compose(const Dag& g1, const Dag& g2, std::span<const MergePair> pairs, std::string_view prefix1,
                std::string_view prefix2) {
    // merged_into[v] = the G1 sink that G2's source v merges with.
    std::vector<NodeId> merged_into(g2.node_count(), kNoNode);
    std::vector<std::uint8_t> sink_used(g1.node_count(), 0);
    for (std::size_t k = 0; k < pairs.size(); ++k) {
        const std::string at = "compose: pair " + std::to_string(k);
        const NodeId s = detail::checked_id(g1, pairs[k].first, at + " (sink of G1)");
        const NodeId t = detail::checked_id(g2, pairs[k].second, at + " (source of G2)");
        if (!g1.is_sink(s))
            fail(Errc::invalid_argument, at + ": node " + std::to_string(s) + " " + quoted(g1.name(s)) +
                                             " is not a sink of G1");
        if (!g2.is_source(t))
            fail(Errc::invalid_argument, at + ": node " + std::to_string(t) + " " + quoted(g2.name(t)) +
                                             " is not a source of G2");
        if (sink_used[s] != 0)
            fail(Errc::invalid_argument, at + ": sink " + std::to_string(s) + " of G1 is merged twice");
        if (merged_into[t] != kNoNode)
            fail(Errc::invalid_argument, at + ": source " + std::to_string(t) + " of G2 is merged twice");
        sink_used[s] = 1;
        merged_into[t] = s;
    }
    const std::uint64_t nodes = std::uint64_t{g1.node_count()} + g2.node_count() - pairs.size();
    detail::check_nodes("compose", nodes);

    DagBuilder b;
    b.reserve(nodes, g1.arc_count() + g2.arc_count());
    Derived r;
    r.origin.reserve(nodes);
    std::string name;
    for (NodeId v = 0; v < g1.node_count(); ++v) {
        detail::add_prefixed(b, name, prefix1, g1.name(v));
        r.origin.push_back({0, v});
    }
    // id2[v]: the result id of G2's node v.
    std::vector<NodeId> id2(g2.node_count());
    for (NodeId v = 0; v < g2.node_count(); ++v) {
        if (merged_into[v] != kNoNode) {
            id2[v] = merged_into[v];
            continue;
        }
        id2[v] = b.node_count();
        detail::add_prefixed(b, name, prefix2, g2.name(v));
        r.origin.push_back({1, v});
    }
    for (NodeId v = 0; v < g1.node_count(); ++v)
        for (NodeId c : g1.children(v)) b.add_arc(v, c);
    for (NodeId v = 0; v < g2.node_count(); ++v)
        for (NodeId c : g2.children(v)) b.add_arc(id2[v], id2[c]);
    r.dag = std::move(b).build();  // acyclic: every merged node is a sink of G1 and a source of G2
    return r;
}

}  // namespace ics::algebra
