// Reduction-trees (guidelines paper §2.1.2). The nodes are a finite, full
// ("x0 in S iff x1 in S") and prefix-closed ("xb in S implies x in S") set S
// of binary strings, with an arc from each node xb to node x; the null string
// (the root) is the only sink and the leaves are the sources. Node x is named
// "r" followed by x's bits: the root is "r", its children "r0" and "r1".
// The complete tree T_h holds every string of length <= h: 2^(h+1)-1 nodes,
// 2^(h+1)-2 arcs, 2^h leaves; its ids run level by level from the leaves,
// in numeric order within a level.
#include <string>
#include <unordered_set>
#include <vector>

#include "families/detail.hpp"
#include "families/families.hpp"

namespace ics::families {

Dag reduction_tree(std::uint32_t height) {
    const std::string what = detail::checked_call("reduction_tree", {{"height", height, 1}});
    const std::uint64_t nodes = detail::sat_pow2(std::uint64_t{height} + 1) - 1;
    detail::check_size(what, nodes, nodes - 1);
    DagBuilder b;
    b.reserve(nodes, nodes - 1);
    detail::Name name;
    std::vector<NodeId> first(height + 1);
    for (std::uint32_t l = height + 1; l-- > 0;) first[l] = detail::add_bit_strings(b, name, "r", l);
    for (std::uint32_t l = 1; l <= height; ++l)
        for (NodeId i = 0; i < (NodeId{1} << l); ++i) b.add_arc(first[l] + i, first[l - 1] + (i >> 1));
    return std::move(b).build();
}

Dag reduction_tree(std::span<const std::string> strings) {
    constexpr std::string_view what = "reduction_tree(strings)";
    if (strings.empty()) detail::invalid(what, "the set of binary strings is empty");
    detail::check_size(what, strings.size(), strings.size() - 1);
    std::unordered_set<std::string_view> set;
    set.reserve(strings.size());
    for (const std::string& s : strings) {
        if (s.find_first_not_of("01") != std::string::npos)
            detail::invalid(what, "'" + s + "' is not a binary string");
        if (!set.insert(s).second) detail::invalid(what, "'" + s + "' is listed twice");
    }
    std::string sibling;
    for (const std::string& s : strings) {
        if (s.empty()) continue;
        const std::string_view parent = std::string_view(s).substr(0, s.size() - 1);
        if (!set.contains(parent))
            detail::invalid(what, "the set is not prefix-closed: it holds '" + s + "' but not its prefix '" +
                                      std::string(parent) + "'" + (parent.empty() ? " (the root, the null string)" : ""));
        sibling.assign(parent).push_back(s.back() == '0' ? '1' : '0');
        if (!set.contains(sibling))
            detail::invalid(what, "the set is not full: it holds '" + s + "' but not '" + sibling + "'");
    }
    DagBuilder b;
    b.reserve(strings.size(), strings.size() - 1);
    detail::Name name;
    for (const std::string& s : strings) b.add_node(name.reset("r").add(s).view());
    for (NodeId v = 0; v < b.node_count(); ++v) {
        const std::string_view s = strings[v];
        if (!s.empty()) b.add_arc(v, b.find(name.reset("r").add(s.substr(0, s.size() - 1)).view()));
    }
    return std::move(b).build();
}

}  // namespace ics::families
