// The sum G_0 + ... + G_{p-1} of disjoint dags (sweep-algorithm.txt §2: node
// set the union, arc set the union), made disjoint by prefixing each
// summand's names. Summand i's node v gets id offset_i + v.
#include "algebra/detail.hpp"

namespace ics::algebra {

Derived sum(std::span<const Dag* const> dags, std::span<const std::string> prefixes) {
    if (dags.empty()) fail(Errc::invalid_argument, "sum: no summands");
    if (!prefixes.empty() && prefixes.size() != dags.size())
        fail(Errc::invalid_argument, "sum: " + std::to_string(prefixes.size()) + " prefixes for " +
                                         std::to_string(dags.size()) + " summands");
    std::uint64_t nodes = 0, arcs = 0;
    for (std::size_t i = 0; i < dags.size(); ++i) {
        if (dags[i] == nullptr) fail(Errc::invalid_argument, "sum: summand " + std::to_string(i) + " is NULL");
        nodes += dags[i]->node_count();
        arcs += dags[i]->arc_count();
    }
    detail::check_nodes("sum", nodes);
    DagBuilder b;
    b.reserve(nodes, arcs);
    Derived r;
    r.origin.reserve(nodes);
    std::string name;
    for (std::size_t i = 0; i < dags.size(); ++i) {
        const Dag& g = *dags[i];
        const std::string prefix = prefixes.empty() ? default_prefix(i) : prefixes[i];
        const NodeId offset = b.node_count();
        for (NodeId v = 0; v < g.node_count(); ++v) {
            detail::add_prefixed(b, name, prefix, g.name(v));
            r.origin.push_back({static_cast<std::uint32_t>(i), v});
        }
        for (NodeId v = 0; v < g.node_count(); ++v)
            for (NodeId c : g.children(v)) b.add_arc(offset + v, offset + c);
    }
    r.dag = std::move(b).build();
    return r;
}

}  // namespace ics::algebra
