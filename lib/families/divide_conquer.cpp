// Divide-and-conquer (sweep-algorithm.txt Fig. 1, right; overview slides,
// "Expansive-Reductive Computations"; clustering.txt §2.2.1 Fig. 4): each
// problem splits into `branching` = b subproblems down to depth h (an
// out-tree of W_{1,b}s), the b^h base cases are solved, and the results are
// combined b at a time back to one (an in-tree of M_{b,1}s). As in
// expansion_reduction.cpp (the case b = 2), the two trees share the level of
// base cases: 2(b^h - 1)/(b - 1) + b^h nodes, one source, one sink.
// Names: x is a string of base-b digits (0-9 then a-z, so b <= 36):
// divide node "d<x>" (|x| < h; the source is "d"), base case "b<x>"
// (|x| = h), combine node "c<x>" (|x| < h; the sink is "c").
// Ids: divide levels from the source, base cases, combine levels to the sink.
#include <vector>

#include "families/detail.hpp"
#include "families/families.hpp"

namespace ics::families {

namespace {

// Adds "<prefix><x>" for every base-b string x of `length` digits, in numeric order.
NodeId add_digit_strings(DagBuilder& b, std::string& name, char prefix, std::uint32_t base, std::uint32_t length,
                         std::uint64_t count) {
    const NodeId first = b.node_count();
    for (std::uint64_t v = 0; v < count; ++v) {
        name.assign(length + 1, '0');
        name[0] = prefix;
        for (std::uint64_t x = v, at = length; at > 0; x /= base, --at) {
            const auto digit = static_cast<char>(x % base);
            name[at] = static_cast<char>(digit < 10 ? '0' + digit : 'a' + digit - 10);
        }
        b.add_node(name);
    }
    return first;
}

}  // namespace

Dag divide_conquer(std::uint32_t branching, std::uint32_t depth) {
    const std::string what = detail::checked_call("divide_conquer", {{"branching", branching, 2}, {"depth", depth, 1}});
    if (branching > 36) detail::invalid(what, "branching must be at most 36 (one digit per level in the names)");
    // Sizes first (saturating, stopping once past any limit: depth may be huge).
    std::uint64_t level_width = 1, inner = 0;  // b^l; nodes of one tree above the base cases
    for (std::uint32_t l = 1; l <= depth && level_width <= kMaxNodes; ++l) {
        inner = detail::sat_add(inner, level_width);
        level_width = detail::sat_mul(level_width, branching);
    }
    const std::uint64_t nodes = detail::sat_add(detail::sat_mul(inner, 2), level_width);
    detail::check_size(what, nodes, detail::sat_mul(nodes, 2));
    std::vector<std::uint64_t> width(depth + 1, 1);  // width[l] = b^l
    for (std::uint32_t l = 1; l <= depth; ++l) width[l] = width[l - 1] * branching;
    DagBuilder b;
    b.reserve(nodes, 2 * (nodes - 1));
    std::string name;
    std::vector<NodeId> down(depth + 1), up(depth + 1);
    for (std::uint32_t l = 0; l < depth; ++l) down[l] = add_digit_strings(b, name, 'd', branching, l, width[l]);
    down[depth] = up[depth] = add_digit_strings(b, name, 'b', branching, depth, width[depth]);
    for (std::uint32_t l = depth; l-- > 0;) up[l] = add_digit_strings(b, name, 'c', branching, l, width[l]);
    for (std::uint32_t l = 1; l <= depth; ++l)
        for (std::uint64_t i = 0; i < width[l]; ++i) {
            b.add_arc(static_cast<NodeId>(down[l - 1] + i / branching), static_cast<NodeId>(down[l] + i));
            b.add_arc(static_cast<NodeId>(up[l] + i), static_cast<NodeId>(up[l - 1] + i / branching));
        }
    return std::move(b).build();
}

}  // namespace ics::families
