// Helpers shared by the core tests.
#pragma once

#include <gtest/gtest.h>

#include <functional>
#include <string>

#include "common/error.hpp"
#include "common/random.hpp"
#include "dag/dag.hpp"

namespace ics::test {

// Runs `f`, expects an ics::Error with `code` whose message contains every `needle`.
inline void expect_error(const std::function<void()>& f, Errc code, std::initializer_list<std::string> needles = {}) {
    try {
        f();
        ADD_FAILURE() << "no error thrown";
    } catch (const Error& e) {
        EXPECT_EQ(static_cast<int>(e.code()), static_cast<int>(code)) << e.what();
        for (const auto& n : needles) EXPECT_NE(std::string(e.what()).find(n), std::string::npos) << e.what();
    }
}

// A seeded random dag: arc i -> j (i < j in a hidden random order) with probability p.
inline Dag random_dag(std::uint32_t n, double p, std::uint64_t seed) {
    SplitMix64 rng(seed);
    const std::vector<NodeId> perm = shuffled_ids(n, rng);
    DagBuilder b;
    for (NodeId i = 0; i < n; ++i) b.add_node("v" + std::to_string(i));
    for (NodeId i = 0; i < n; ++i)
        for (NodeId j = i + 1; j < n; ++j)
            if (rng.uniform() < p) b.add_arc(perm[i], perm[j]);
    return b.build();
}

inline Dag from_arcs(std::initializer_list<std::pair<const char*, const char*>> arcs) {
    DagBuilder b;
    for (auto [u, v] : arcs) {
        const NodeId a = b.ensure_node(u);  // named first, so ids follow first mention
        b.add_arc(a, b.ensure_node(v));
    }
    return b.build();
}

}  // namespace ics::test
