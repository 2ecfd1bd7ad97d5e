// Helpers of the lib/exact tests: seeded dag generators and error checks,
// local so these tests depend on no other area than dag and pebble.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "common/error.hpp"
#include "common/random.hpp"
#include "dag/dag.hpp"

namespace ics::exact_test {

// Runs f, expects an ics::Error with `code` whose message contains `needle`.
inline void expect_error(const std::function<void()>& f, Errc code, const std::string& needle = "") {
    try {
        f();
        ADD_FAILURE() << "no error thrown";
    } catch (const Error& e) {
        EXPECT_EQ(static_cast<int>(e.code()), static_cast<int>(code)) << e.what();
        EXPECT_NE(std::string(e.what()).find(needle), std::string::npos) << e.what();
    }
}

inline DagBuilder nodes(std::uint32_t n, const std::string& prefix = "v") {
    DagBuilder b;
    for (std::uint32_t i = 0; i < n; ++i) b.add_node(prefix + std::to_string(i));
    return b;
}

// Arc i -> j (i before j in a hidden random order, so ids are not topological)
// with probability p.
inline Dag random_dag(std::uint32_t n, double p, std::uint64_t seed) {
    SplitMix64 rng(seed);
    const std::vector<NodeId> perm = shuffled_ids(n, rng);
    DagBuilder b = nodes(n);
    for (NodeId i = 0; i < n; ++i)
        for (NodeId j = i + 1; j < n; ++j)
            if (rng.uniform() < p) b.add_arc(perm[i], perm[j]);
    return b.build();
}

// Nodes spread over `levels` levels (ids shuffled); arcs only between
// consecutive levels, each with probability p: bipartite-like building blocks
// where IC optimality often fails.
inline Dag leveled_dag(std::uint32_t n, std::uint32_t levels, double p, std::uint64_t seed) {
    SplitMix64 rng(seed);
    const std::vector<NodeId> perm = shuffled_ids(n, rng);
    std::vector<std::uint32_t> level(n);
    for (NodeId i = 0; i < n; ++i) level[i] = static_cast<std::uint32_t>(rng.below(levels));
    DagBuilder b = nodes(n);
    for (NodeId i = 0; i < n; ++i)
        for (NodeId j = 0; j < n; ++j)
            if (level[j] == level[i] + 1 && rng.uniform() < p) b.add_arc(perm[i], perm[j]);
    return b.build();
}

// A sum of `blocks` disjoint bipartite dags: each node is put in a random
// block, as a source or a sink with equal odds; arcs go from a block's
// sources to its sinks with probability p. Sums of complete bipartite blocks
// are where ICO schedules fail most (sweep-algorithm.txt §3.2.2).
inline Dag sum_of_bipartite(std::uint32_t n, std::uint32_t blocks, double p, std::uint64_t seed) {
    SplitMix64 rng(seed);
    const std::vector<NodeId> perm = shuffled_ids(n, rng);
    std::vector<std::uint64_t> block(n), sink(n);
    for (NodeId i = 0; i < n; ++i) {
        block[i] = rng.below(blocks);
        sink[i] = rng.below(2);
    }
    DagBuilder b = nodes(n);
    for (NodeId i = 0; i < n; ++i)
        for (NodeId j = 0; j < n; ++j)
            if (block[i] == block[j] && !sink[i] && sink[j] && rng.uniform() < p) b.add_arc(perm[i], perm[j]);
    return b.build();
}

// Consecutive antichains of the given widths; every node of one layer is a
// parent of every node of the next when `complete`, else of a random half.
inline Dag chain_of_antichains(const std::vector<std::uint32_t>& widths, bool complete, std::uint64_t seed = 1) {
    SplitMix64 rng(seed);
    std::uint32_t n = 0;
    for (std::uint32_t w : widths) n += w;
    DagBuilder b = nodes(n);
    NodeId start = 0;
    for (std::size_t l = 0; l + 1 < widths.size(); ++l) {
        const NodeId next = start + widths[l];
        for (NodeId u = start; u < next; ++u)
            for (NodeId v = next; v < next + widths[l + 1]; ++v)
                if (complete || rng.below(2) == 0) b.add_arc(u, v);
        start = next;
    }
    return b.build();
}

inline Dag antichain(std::uint32_t n) { return nodes(n).build(); }

inline Dag chain(std::uint32_t n) {
    DagBuilder b = nodes(n);
    for (NodeId i = 1; i < n; ++i) b.add_arc(i - 1, i);
    return b.build();
}

inline Dag from_arcs(std::initializer_list<std::pair<const char*, const char*>> arcs) {
    DagBuilder b;
    for (auto [u, v] : arcs) {
        const NodeId a = b.ensure_node(u);
        b.add_arc(a, b.ensure_node(v));
    }
    return b.build();
}

}  // namespace ics::exact_test
