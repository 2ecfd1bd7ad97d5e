// Discrete Laplace transform (overview slides, "Familiar Computations: The
// Discrete Laplace Transform"; sweep-algorithm.txt Fig. 1; [CMR07b]): the n
// functions y_k(ω) = x_0 + x_1 ω^k + x_2 ω^{2k} + ... + x_{n-1} ω^{(n-1)k},
// computed term by term. The papers' figure is not in our text; this is the
// dag of that formula with the coefficients x_i as constants (not tasks):
//   - w<k>_<i> = ω^{ik} (1 <= k, i < n): the powers ω^k = ω^{k-1}·ω along
//     w<k>_1 (w1_1 = ω is the only source) and, for each k, the powers
//     ω^{(i+1)k} = ω^{ik}·ω^k along w<k>_<i>;
//   - y<k>_<i> = x_0 + ... + x_i ω^{ik}: the running sum, from y<k>_<i-1>
//     and w<k>_<i>; y<k>_<n-1> is y_k (y_0 = x_0 + ... + x_{n-1} needs no
//     power and is left out).
// Every multiplication names both of its factors, so the dag carries the
// shortcut arcs ω -> ω^k (k > 2) and ω^k -> ω^{ik} (i > 2) that the
// skeleton removes; what remains is a chain of powers with one "ladder" of
// N-shaped blocks per k. 2(n-1)^2 nodes.
// Ids: for k = 1..n-1, the w<k>_* then the y<k>_* nodes, i ascending.
#include "families/detail.hpp"
#include "families/families.hpp"

namespace ics::families {

Dag laplace(std::uint32_t n) {
    const std::string what = detail::checked_call("laplace", {{"n", n, 2}});
    const std::uint64_t m = n - 1;  // powers and sums per k
    const std::uint64_t nodes = detail::sat_mul(detail::sat_mul(m, m), 2);
    detail::check_size(what, nodes, detail::sat_mul(nodes, 2));
    DagBuilder b;
    b.reserve(nodes, 2 * nodes);
    detail::Name name;
    const auto w = [&](std::uint64_t k, std::uint64_t i) { return static_cast<NodeId>((k - 1) * 2 * m + i - 1); };
    const auto y = [&](std::uint64_t k, std::uint64_t i) { return static_cast<NodeId>(w(k, i) + m); };
    for (std::uint64_t k = 1; k <= m; ++k) {
        for (std::uint64_t i = 1; i <= m; ++i) b.add_node(name.reset("w").add(k).add("_").add(i).view());
        for (std::uint64_t i = 1; i <= m; ++i) b.add_node(name.reset("y").add(k).add("_").add(i).view());
    }
    for (std::uint64_t k = 1; k <= m; ++k) {
        if (k > 1) {
            b.add_arc(w(k - 1, 1), w(k, 1));  // ω^k = ω^{k-1} · ω
            b.add_arc(w(1, 1), w(k, 1));
        }
        for (std::uint64_t i = 1; i <= m; ++i) {
            if (i > 1) {
                b.add_arc(w(k, i - 1), w(k, i));  // ω^{ik} = ω^{(i-1)k} · ω^k
                b.add_arc(w(k, 1), w(k, i));
                b.add_arc(y(k, i - 1), y(k, i));  // running sum
            }
            b.add_arc(w(k, i), y(k, i));
        }
    }
    return std::move(b).build();
}

}  // namespace ics::families
