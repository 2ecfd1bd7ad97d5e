// Recursive matrix multiplication (overview slides, "Familiar Computations:
// Matrix Multiplication via Recursion"; sweep-algorithm.txt Fig. 1, left;
// [CMR07b]). The slides' step
//     (A B; C D) × (E F; G H) = (AE+BG  AF+BH; CE+DG  CF+DH)
// applied `levels` = r times splits both operands into N × N blocks, N = 2^r:
//   - sources: the blocks a<i>_<k> of the left and b<k>_<j> of the right
//     operand (0 <= i, j, k < N);
//   - products p<i>_<k>_<j> = a<i>_<k> · b<k>_<j>: N^3 nodes, two parents each;
//   - for every output block (i, j), the sums of the recursion: a complete
//     binary in-tree over k whose node (h, q) adds the products with
//     k in [q·2^h, (q+1)·2^h), named s<i>_<j>_<h>_<q> (1 <= h < r), the root
//     (h = r) c<i>_<j>. The root adds the two halves of the top-level split,
//     as the slides' formula does (AE + BG).
// For r = 1 this is the slides' dag: the 8 blocks A..H feed two cycle-dags
// C_4 ({A,C,E,F} -> AE,AF,CE,CF and {B,D,G,H} -> BG,BH,DG,DH) whose products
// the four sums reduce. 2N^3 + N^2 nodes, 4N^3 - 2N^2 arcs.
// Ids: a, then b (row-major), products (i, k, j) lexicographic, then each
// (i, j)'s tree bottom-up.
#include "families/detail.hpp"
#include "families/families.hpp"

namespace ics::families {

Dag matrix_multiplication(std::uint32_t levels) {
    const std::string what = detail::checked_call("matrix_multiplication", {{"levels", levels, 1}});
    const std::uint64_t n = detail::sat_pow2(levels);
    const std::uint64_t n2 = detail::sat_mul(n, n), n3 = detail::sat_mul(n2, n);
    detail::check_size(what, detail::sat_add(detail::sat_mul(n3, 2), n2), detail::sat_mul(n3, 4));
    DagBuilder b;
    b.reserve(2 * n3 + n2, 4 * n3 - 2 * n2);
    detail::Name name;
    const auto ij = [&](const char* prefix, std::uint64_t x, std::uint64_t y) {
        return b.add_node(name.reset(prefix).add(x).add("_").add(y).view());
    };
    const NodeId a0 = b.node_count();
    for (std::uint64_t i = 0; i < n; ++i)
        for (std::uint64_t k = 0; k < n; ++k) ij("a", i, k);
    const NodeId b0 = b.node_count();
    for (std::uint64_t k = 0; k < n; ++k)
        for (std::uint64_t j = 0; j < n; ++j) ij("b", k, j);
    const NodeId p0 = b.node_count();
    for (std::uint64_t i = 0; i < n; ++i)
        for (std::uint64_t k = 0; k < n; ++k)
            for (std::uint64_t j = 0; j < n; ++j) {
                const NodeId p = b.add_node(name.reset("p").add(i).add("_").add(k).add("_").add(j).view());
                b.add_arc(static_cast<NodeId>(a0 + i * n + k), p);
                b.add_arc(static_cast<NodeId>(b0 + k * n + j), p);
            }
    std::vector<NodeId> below, above;  // the tree level under construction and the one below it
    for (std::uint64_t i = 0; i < n; ++i)
        for (std::uint64_t j = 0; j < n; ++j) {
            below.clear();
            for (std::uint64_t k = 0; k < n; ++k) below.push_back(static_cast<NodeId>(p0 + (i * n + k) * n + j));
            for (std::uint32_t h = 1; h <= levels; ++h) {
                above.clear();
                for (std::uint64_t q = 0; 2 * q < below.size(); ++q) {
                    if (h == levels)
                        name.reset("c").add(i).add("_").add(j);
                    else
                        name.reset("s").add(i).add("_").add(j).add("_").add(h).add("_").add(q);
                    const NodeId s = b.add_node(name.view());
                    b.add_arc(below[2 * q], s);
                    b.add_arc(below[2 * q + 1], s);
                    above.push_back(s);
                }
                below.swap(above);
            }
        }
    return std::move(b).build();
}

}  // namespace ics::families
