// Wavefront computation (sweep-algorithm.txt Fig. 1, second from left;
// guidelines-common-dags.txt §1, mesh-structured computations "executed via
// sweeps" of a mesh; clustering.txt §2.2.1 Fig. 1): the rows × cols grid
// whose task <i,j> needs <i-1,j> and <i,j-1> (dynamic programming, stencil
// sweeps). Its wavefronts are the anti-diagonals i + j: from the source
// <0,0> they widen like the evolving out-mesh (W_{k,2} blocks), run at width
// min(rows, cols), then narrow like the reduction-mesh (pyramid dag, M_{k,2}
// blocks) to the sink <rows-1,cols-1>. rows·cols nodes,
// 2·rows·cols - rows - cols arcs. Node <i,j> is named "i_j"; ids row-major.
#include "families/detail.hpp"
#include "families/families.hpp"

namespace ics::families {

Dag wavefront(std::uint32_t rows, std::uint32_t cols) {
    const std::string what = detail::checked_call("wavefront", {{"rows", rows, 1}, {"cols", cols, 1}});
    const std::uint64_t nodes = detail::sat_mul(rows, cols);
    detail::check_size(what, nodes, detail::sat_mul(nodes, 2));
    DagBuilder b;
    b.reserve(nodes, 2 * nodes);
    detail::Name name;
    for (std::uint64_t i = 0; i < rows; ++i)
        for (std::uint64_t j = 0; j < cols; ++j) b.add_node(name.reset("").add(i).add("_").add(j).view());
    const auto id = [&](std::uint64_t i, std::uint64_t j) { return static_cast<NodeId>(i * cols + j); };
    for (std::uint64_t i = 0; i < rows; ++i)
        for (std::uint64_t j = 0; j < cols; ++j) {
            if (i + 1 < rows) b.add_arc(id(i, j), id(i + 1, j));
            if (j + 1 < cols) b.add_arc(id(i, j), id(i, j + 1));
        }
    return std::move(b).build();
}

}  // namespace ics::families
