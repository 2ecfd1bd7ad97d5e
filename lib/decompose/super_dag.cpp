// The super-dag as a Dag (sweep-algorithm.txt §2 step 3): see superdag.hpp.
#include <string>

#include "decompose/superdag.hpp"

namespace ics::decompose {

Dag super_dag(const Decomposition& d) {
    DagBuilder b;
    b.reserve(d.block_count, d.super_targets.size());
    for (BlockId i = 0; i < d.block_count; ++i) b.add_node("B" + std::to_string(i));
    for (BlockId i = 0; i < d.block_count; ++i)
        for (BlockId j : d.successors(i)) b.add_arc(i, j);
    return std::move(b).build();  // throws Errc::cycle, naming the blocks, when not acyclic
}

}  // namespace ics::decompose
