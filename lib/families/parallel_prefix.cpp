// Parallel prefix (scan) of n inputs (clustering.txt §2.2.1, "parallel-prefix
// (or, scan) operators"; [CMR07b]): the recursive-doubling network (Kogge-
// Stone; Hillis-Steele). Level 0 holds the inputs x_0..x_{n-1}; at level
// l = 1..L (L = ceil(log2 n)) position i combines its level-(l-1) value with
// that of position i - 2^(l-1) when i >= 2^(l-1), and carries its value
// unchanged otherwise (a one-parent copy task, as in the network's drawing
// where every position has a node on every level). After level L position i
// holds x_0 ⊕ ... ⊕ x_i. Every level-to-level stage is a sum of N-dags (one
// per residue class of i mod 2^(l-1)), the shape of sweep-algorithm.txt §5.
// n(L+1) nodes. Node <l,i> is named "l_i"; ids level by level.
#include "families/detail.hpp"
#include "families/families.hpp"

namespace ics::families {

Dag parallel_prefix(std::uint32_t n) {
    const std::string what = detail::checked_call("parallel_prefix", {{"n", n, 1}});
    std::uint32_t levels = 0;  // L
    while ((std::uint64_t{1} << levels) < n) ++levels;
    const std::uint64_t nodes = detail::sat_mul(n, std::uint64_t{levels} + 1);
    detail::check_size(what, nodes, detail::sat_mul(nodes, 2));
    DagBuilder b;
    b.reserve(nodes, 2 * nodes);
    detail::Name name;
    for (std::uint64_t l = 0; l <= levels; ++l)
        for (std::uint64_t i = 0; i < n; ++i) b.add_node(name.reset("").add(l).add("_").add(i).view());
    const auto id = [&](std::uint64_t l, std::uint64_t i) { return static_cast<NodeId>(l * n + i); };
    for (std::uint64_t l = 1; l <= levels; ++l) {
        const std::uint64_t stride = std::uint64_t{1} << (l - 1);
        for (std::uint64_t i = 0; i < n; ++i) {
            b.add_arc(id(l - 1, i), id(l, i));
            if (i >= stride) b.add_arc(id(l - 1, i - stride), id(l, i));
        }
    }
    return std::move(b).build();
}

}  // namespace ics::families
