// Reduction-mesh M_l (guidelines paper §2.1.1): nodes <x,y> with
// 0 <= x+y < l, level x+y; <x,y> has an arc to <x-1,y> when x > 0 and to
// <x,y-1> when y > 0. The l nodes of level l-1 are the sources, <0,0> the
// only sink: l(l+1)/2 nodes, l(l-1) arcs. Node <x,y> is named "x_y".
// With `dual` every arc is reversed: the evolving (out-)mesh (out_mesh.cpp).
// Ids run level by level from the sources' level, x ascending within a level.
#include "families/detail.hpp"
#include "families/families.hpp"

namespace ics::families {

Dag detail::mesh(std::uint32_t levels, bool dual) {
    const std::string what = checked_call(dual ? "out_mesh" : "reduction_mesh", {{"levels", levels, 1}});
    const std::uint64_t l = levels;
    const std::uint64_t n = l * (l + 1) / 2;
    check_size(what, n, l * (l - 1));
    // First id of level k: the nodes on the levels before it in id order.
    const auto first = [&](std::uint64_t k) { return dual ? k * (k + 1) / 2 : n - (k + 1) * (k + 2) / 2; };
    const auto id = [&](std::uint64_t x, std::uint64_t y) { return static_cast<NodeId>(first(x + y) + x); };

    DagBuilder b;
    b.reserve(n, l * (l - 1));
    Name name;
    for (std::uint64_t i = 0; i < l; ++i) {
        const std::uint64_t k = dual ? i : l - 1 - i;
        for (std::uint64_t x = 0; x <= k; ++x) b.add_node(name.reset("").add(x).add("_").add(k - x).view());
    }
    const auto arc = [&](NodeId from, NodeId to) { dual ? b.add_arc(to, from) : b.add_arc(from, to); };
    for (std::uint64_t k = 1; k < l; ++k)
        for (std::uint64_t x = 0; x <= k; ++x) {
            const std::uint64_t y = k - x;
            if (x > 0) arc(id(x, y), id(x - 1, y));
            if (y > 0) arc(id(x, y), id(x, y - 1));
        }
    return std::move(b).build();
}

Dag reduction_mesh(std::uint32_t levels) { return detail::mesh(levels, false); }

}  // namespace ics::families
