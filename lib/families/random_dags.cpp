// Seeded random dags. Same (parameters, seed) -> same names and arcs on every
// platform: the generator is xoshiro256** seeded by splitmix64 and all
// sampling is written out in prng.hpp (no std::*_distribution, no libm).
//
// random_layered(L, w, p): L layers of w nodes, node i of layer j named
//   "v<j>_<i>" (0-based). Each node of layer j > 0 gets an arc from each node
//   of layer j-1 independently with probability p; a node left without a
//   parent then gets one, uniformly chosen from layer j-1. Expected arcs
//   (L-1) * w * (w p + (1-p)^w).
// random_er(n, p): nodes "v0".."v<n-1>" and a uniformly random permutation
//   of them; each of the n(n-1)/2 pairs gets an arc, from the earlier to the
//   later node of the permutation, independently with probability p (so the
//   dag is acyclic by construction and its topological order is hidden from
//   the names). Time O(n + arcs) for p < 1/2 (geometric skipping).
#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

#include "families/detail.hpp"
#include "families/families.hpp"
#include "families/prng.hpp"

namespace ics::families {

namespace {

void check_probability(std::string_view what, double p) {
    if (!(p >= 0.0 && p <= 1.0)) detail::invalid(what, "p must be in [0, 1] (got " + std::to_string(p) + ")");
}

// Rejects parameter sets whose expected arc count exceeds the limit; returns
// a reservation with room for a few standard deviations.
std::uint64_t expected_arcs(std::string_view what, std::uint64_t nodes, double expected) {
    const double limit = static_cast<double>(detail::kMaxArcs);
    detail::check_size(what, nodes, expected > limit ? detail::kMaxArcs + 1 : 0);
    return static_cast<std::uint64_t>(std::min(limit, expected + 6 * std::sqrt(expected) + 16));
}

}  // namespace

Dag random_layered(std::uint32_t layers, std::uint32_t width, double p, std::uint64_t seed) {
    const std::string what = detail::checked_call("random_layered", {{"layers", layers, 1}, {"width", width, 1}});
    check_probability(what, p);
    const std::uint64_t nodes = std::uint64_t{layers} * width;
    const double w = width;
    const double per_gap = w * (w * p + std::pow(1 - p, w));  // pow only sizes the reservation
    const std::uint64_t reserve = expected_arcs(what, nodes, (layers - 1) * per_gap);

    DagBuilder b;
    b.reserve(nodes, reserve);
    detail::Name name;
    for (std::uint64_t j = 0; j < layers; ++j)
        for (std::uint64_t i = 0; i < width; ++i) b.add_node(name.reset("v").add(j).add("_").add(i).view());

    detail::Rng rng(seed);
    std::vector<char> has_parent(width);
    for (std::uint64_t j = 1; j < layers; ++j) {
        const NodeId above = static_cast<NodeId>((j - 1) * width), here = static_cast<NodeId>(j * width);
        std::fill(has_parent.begin(), has_parent.end(), 0);
        // Pair k = child * width + parent, so each child's parents come together.
        detail::bernoulli_indices(rng, p, std::uint64_t{width} * width, [&](std::uint64_t k) {
            const auto child = static_cast<NodeId>(k / width), parent = static_cast<NodeId>(k % width);
            b.add_arc(above + parent, here + child);
            has_parent[child] = 1;
        });
        for (NodeId child = 0; child < width; ++child)
            if (has_parent[child] == 0) b.add_arc(above + static_cast<NodeId>(rng.below(width)), here + child);
        if (b.arc_count_with_duplicates() > detail::kMaxArcs) detail::check_size(what, nodes, b.arc_count_with_duplicates());
    }
    return std::move(b).build();
}

Dag random_er(std::uint32_t n, double p, std::uint64_t seed) {
    const std::string what = detail::checked_call("random_er", {{"n", n, 1}});
    check_probability(what, p);
    const std::uint64_t pairs = std::uint64_t{n} * (n - 1) / 2;
    const std::uint64_t reserve = expected_arcs(what, n, p * static_cast<double>(pairs));

    DagBuilder b;
    b.reserve(n, reserve);
    detail::Name name;
    for (std::uint64_t i = 0; i < n; ++i) b.add_node(name.reset("v").add(i).view());

    detail::Rng rng(seed);
    std::vector<NodeId> order(n);  // order[r]: the node of rank r (Fisher-Yates)
    for (NodeId i = 0; i < n; ++i) order[i] = i;
    for (NodeId i = n - 1; i > 0; --i) std::swap(order[i], order[rng.below(std::uint64_t{i} + 1)]);

    // Pair k enumerates (r, s), r < s, row by row: row r holds ranks r+1..n-1
    // and starts at pair row_start. Hits come in increasing k.
    std::uint64_t r = 0, row_start = 0;
    detail::bernoulli_indices(rng, p, pairs, [&](std::uint64_t k) {
        while (k >= row_start + (n - 1 - r)) row_start += n - 1 - r++;
        b.add_arc(order[r], order[r + 1 + (k - row_start)]);
        if (b.arc_count_with_duplicates() > detail::kMaxArcs) detail::check_size(what, n, b.arc_count_with_duplicates());
    });
    return std::move(b).build();
}

}  // namespace ics::families
