// Helpers shared by the algebra operations (algebra.hpp).
#include "algebra/detail.hpp"

namespace ics::algebra {

std::string default_prefix(std::size_t i) { return "g" + std::to_string(i) + ":"; }

namespace detail {

void check_nodes(std::string_view what, std::uint64_t nodes) {
    if (nodes > kMaxNodes)
        fail(Errc::too_large, std::string(what) + " would have " + std::to_string(nodes) + " nodes (limit " +
                                  std::to_string(kMaxNodes) + ")");
}

NodeId checked_id(const Dag& g, NodeId v, std::string_view what) {
    if (!g.valid(v))
        fail(Errc::unknown_node, std::string(what) + ": no node with id " + std::to_string(v) + " (the dag has " +
                                     std::to_string(g.node_count()) + " nodes)");
    return v;
}

void add_prefixed(DagBuilder& b, std::string& buffer, std::string_view prefix, std::string_view name) {
    buffer.assign(prefix);
    buffer.append(name);
    b.add_node(buffer);
}

}  // namespace detail
}  // namespace ics::algebra
