// The dag algebra of sweep-algorithm.txt §2: the sum G1 + ... + Gp (disjoint
// union), the composition G1 ↑ G2 (chosen sinks of G1 merged one-to-one with
// chosen sources of G2), and the subdag induced by a set of nodes. The dual
// is blocks::dual (lib/blocks/duality.hpp).
//
// Every result records where each of its nodes comes from (Origin), and its
// node names are traceable: a sum and a composition prefix each operand's
// names with a caller-chosen string (default "g0:", "g1:", ... by operand
// index); an induced subdag keeps the names as they are.
//
// Ids are deterministic:
//   sum:      the summands' nodes in order, summand i's node v at offset_i + v;
//   compose:  G1's nodes keep their ids; G2's unmerged nodes follow in
//             increasing id; a merged G2 source takes its G1 sink's id;
//   induced:  the chosen nodes in increasing original id.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "dag/dag.hpp"

namespace ics::algebra {

// Node v of a result comes from node `node` of operand `part` (summand index;
// 0 = G1 / 1 = G2 of a composition, a merged node reporting its G1 sink;
// 0 for an induced subdag).
struct Origin {
    std::uint32_t part = 0;
    NodeId node = kNoNode;
    bool operator==(const Origin&) const = default;
};

struct Derived {
    Dag dag;
    std::vector<Origin> origin;  // one per node of `dag`
};

// Default name prefix of operand i: "g<i>:".
std::string default_prefix(std::size_t i);

// G_0 + ... + G_{p-1}. `prefixes` is empty (defaults) or has one entry per
// summand ("" keeps the names; clashing names then throw duplicate_node).
// Throws invalid_argument on no summands or a prefix count mismatch,
// too_large beyond kMaxNodes nodes.
Derived sum(std::span<const Dag* const> dags, std::span<const std::string> prefixes = {});

// A pair (sink of G1, source of G2) to merge.
using MergePair = std::pair<NodeId, NodeId>;

// G1 ↑ G2 merging each pair's G1 sink with its G2 source. Throws
// unknown_node for an id out of range, invalid_argument when a first member
// is not a sink of G1, a second not a source of G2, or a node appears in two
// pairs; too_large beyond kMaxNodes nodes. The merged node is named after its
// G1 sink (prefix1 + name). With no pairs the result is G1 + G2.
Derived compose(const Dag& g1, const Dag& g2, std::span<const MergePair> pairs,
                std::string_view prefix1 = "g0:", std::string_view prefix2 = "g1:");

// The subdag induced by `nodes` (the arcs among them). Throws unknown_node
// for an id out of range, invalid_argument for a repeated id.
Derived induced(const Dag& g, std::span<const NodeId> nodes);

}  // namespace ics::algebra
