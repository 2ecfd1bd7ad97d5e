// The super-dag of a decomposition as a Dag or as Graphviz DOT
// (sweep-algorithm.txt §2 step 3; clustering.txt Figs. 1-2).
#pragma once

#include <iosfwd>

#include "decompose/decomposition.hpp"

namespace ics::decompose {

// One node "B<i>" per block i (node id i), one arc per super-dag arc.
// Throws Errc::cycle when the super-dag is not acyclic.
Dag super_dag(const Decomposition& d);

// digraph "superdag": node "B<i>" labelled "B<i>\n<s> sources, <t> sinks",
// then the arcs; blocks on a super-dag cycle are drawn red.
void write_superdag_dot(std::ostream& out, const Decomposition& d);

}  // namespace ics::decompose
