// Internal helpers of lib/algebra (not part of the public interface).
#pragma once

#include <string>
#include <string_view>

#include "algebra/algebra.hpp"

namespace ics::algebra::detail {

// Throws Errc::too_large when `what` would exceed kMaxNodes nodes.
void check_nodes(std::string_view what, std::uint64_t nodes);
// Returns v, or throws Errc::unknown_node naming `what`.
NodeId checked_id(const Dag& g, NodeId v, std::string_view what);
// Adds node prefix + name (throws duplicate_node when it exists).
void add_prefixed(DagBuilder& b, std::string& buffer, std::string_view prefix, std::string_view name);

}  // namespace ics::algebra::detail
