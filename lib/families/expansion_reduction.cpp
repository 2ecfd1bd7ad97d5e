// Expansion-reduction dag (clustering paper §2.2.1 Fig. 4; overview slides,
// "Expansive-Reductive Computations"): a complete out-tree of bisections of
// depth h (root -> 2 -> ... -> 2^h nodes, built from W_{1,2}s) whose 2^h
// leaves are also the leaves of a complete in-tree (reduction-tree T_h, built
// from M_{1,2}s) of the same depth. The two trees share that middle level:
// 3*2^h - 2 nodes, 2^(h+2) - 4 arcs, one source, one sink, 2h+1 levels.
// Names: out-tree node x (|x| < h) "e<x>" (the source is "e"), middle node x
// (|x| = h) "m<x>", in-tree node x (|x| < h) "r<x>" (the sink is "r"); arcs
// e<x> -> e<x0>, e<x1> (m<..> at depth h) and m<xb>/r<xb> -> r<x>.
// Ids run from the source down: out-tree levels, middle, in-tree levels.
#include <vector>

#include "families/detail.hpp"
#include "families/families.hpp"

namespace ics::families {

Dag expansion_reduction(std::uint32_t depth) {
    const std::string what = detail::checked_call("expansion_reduction", {{"depth", depth, 1}});
    const std::uint64_t middle = detail::sat_pow2(depth);
    detail::check_size(what, detail::sat_mul(middle, 3) - 2, detail::sat_mul(middle, 4) - 4);
    const std::uint64_t nodes = 3 * middle - 2;
    DagBuilder b;
    b.reserve(nodes, 4 * middle - 4);
    detail::Name name;
    // out[l] / in[l]: first id of level l (level depth is the shared middle).
    std::vector<NodeId> out(depth + 1), in(depth + 1);
    for (std::uint32_t l = 0; l < depth; ++l) out[l] = detail::add_bit_strings(b, name, "e", l);
    out[depth] = in[depth] = detail::add_bit_strings(b, name, "m", depth);
    for (std::uint32_t l = depth; l-- > 0;) in[l] = detail::add_bit_strings(b, name, "r", l);
    for (std::uint32_t l = 1; l <= depth; ++l)
        for (NodeId i = 0; i < (NodeId{1} << l); ++i) {
            b.add_arc(out[l - 1] + (i >> 1), out[l] + i);
            b.add_arc(in[l] + i, in[l - 1] + (i >> 1));
        }
    return std::move(b).build();
}

}  // namespace ics::families
