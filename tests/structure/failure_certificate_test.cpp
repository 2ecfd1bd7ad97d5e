// The failure certificate (decompose/failure_certificate.hpp): every node it
// names is offending in the decomposition of the true skeleton (brute force
// and the full removal), shortcuts never join blocks in it, and the pipeline
// that uses it schedules exactly as the full path would.
#include <gtest/gtest.h>

#include <algorithm>

#include "decompose/decomposition.hpp"
#include "decompose/failure_certificate.hpp"
#include "families/families.hpp"
#include "pebble/pebble.hpp"
#include "schedule/schedule.hpp"
#include "skeleton/shortcut.hpp"
#include "structure_check.hpp"
#include "structure_dags.hpp"

namespace ics::structure_test {
namespace {

using decompose::FailureCertificate;

// Per node: is it a source and a sink of one block of the true skeleton?
std::vector<char> offending_in_skeleton(const Dag& g) {
    const auto s = skeleton::remove_shortcuts(g);
    const decompose::Decomposition d = decompose::decompose(s.dag);
    std::vector<char> off(g.node_count(), 0);
    for (NodeId v = 0; v < g.node_count(); ++v)
        off[v] = d.out_block[v] != decompose::kNoBlock && d.out_block[v] == d.in_block[v];
    return off;
}

void check_sound(const Dag& g, const FailureCertificate& f) {
    const std::vector<char> off = offending_in_skeleton(g);
    const auto total = static_cast<std::uint32_t>(std::count(off.begin(), off.end(), 1));
    ASSERT_FALSE(f.offending.empty());
    EXPECT_TRUE(std::is_sorted(f.offending.begin(), f.offending.end()));
    EXPECT_LE(f.offending_at_least, total);
    EXPECT_LE(f.offending.size(), decompose::kMaxOffending);
    EXPECT_LE(f.arcs_proven, g.arc_count());
    for (NodeId v : f.offending) EXPECT_TRUE(off[v]) << "node " << g.name(v) << " is no offending node";
    EXPECT_NE(f.message.find(std::string(g.name(f.offending[0]))), std::string::npos);
}

TEST(FailureCertificate, NamesOnlyOffendingNodesOfRandomDags) {
    const double ps[] = {0.05, 0.1, 0.2, 0.35, 0.5, 0.8};
    std::size_t failing = 0, proven = 0;
    for (std::uint64_t seed = 0; seed < 900; ++seed) {
        const auto n = static_cast<std::uint32_t>(4 + seed % 40);
        const Dag g = random_dag(n, ps[seed % 6], seed);
        SCOPED_TRACE("seed " + std::to_string(seed));
        const auto s = skeleton::remove_shortcuts(g);
        const bool bipartite = decompose::decompose(s.dag).bipartite;
        failing += !bipartite;
        const auto f = decompose::prove_not_composite(g);
        if (!f) continue;
        ++proven;
        EXPECT_FALSE(bipartite);
        check_sound(g, *f);
        if (HasFatalFailure()) return;
    }
    RecordProperty("failing", static_cast<int>(failing));
    RecordProperty("proven", static_cast<int>(proven));
    EXPECT_GT(proven, failing / 2);  // it proves most failures, not a few
}

// Shortcuts are arcs the skeleton lacks: were one taken as proven, the
// triangle below would name b (its arcs a->b, a->c, b->c share a class).
TEST(FailureCertificate, ShortcutsNeverJoinBlocks) {
    EXPECT_FALSE(decompose::prove_not_composite(from_arcs({{"a", "b"}, {"a", "c"}, {"b", "c"}})));
    // Random compositions (composite skeletons) with random shortcuts added.
    for (std::uint64_t seed = 0; seed < 300; ++seed) {
        const Composite c = random_composite(3 + static_cast<std::uint32_t>(seed % 12), 5, seed);
        const auto reach = closure(c.dag);
        DagBuilder b = c.dag.to_builder();
        SplitMix64 rng(seed + 1000);
        const NodeId n = c.dag.node_count();
        for (std::uint32_t k = 0; k < n; ++k) {
            const auto u = static_cast<NodeId>(rng.below(n)), v = static_cast<NodeId>(rng.below(n));
            bool via = false;  // v reachable from u through a path of two arcs or more
            for (NodeId w : c.dag.children(u)) via = via || (w != v && reach[w][v]);
            if (via) b.add_arc(u, v);
        }
        const Dag g = std::move(b).build();
        SCOPED_TRACE("seed " + std::to_string(seed));
        ASSERT_TRUE(decompose::decompose(skeleton::remove_shortcuts(g).dag).composite());
        EXPECT_FALSE(decompose::prove_not_composite(g));
    }
}

TEST(FailureCertificate, GateLeavesSmallAndShortcutHeavyDags) {
    // Too few arcs skipping a level: the full removal is cheap there.
    EXPECT_FALSE(decompose::failure_certificate(random_dag(40, 0.3, 1)));
    // No arc skips a level (the papers' families): nothing to try.
    EXPECT_FALSE(decompose::failure_certificate(fft(8)));
    // Laplace's long arcs are shortcuts of two arcs: left to the removal.
    EXPECT_FALSE(decompose::failure_certificate(families::laplace(120)));
}

// The gate's count of arcs that skip a level (`skipping`: 0 lets the
// pipeline skip the shortcut removal) against a count by definition, on
// dags of one and two levels (no pass: none can skip) and deeper ones.
TEST(FailureCertificate, SkippingCountsTheArcsThatSkipALevel) {
    std::vector<Dag> dags;
    dags.push_back(families::random_layered(2, 300, 0.02, 1));
    dags.push_back(families::random_layered(2, 5000, 0.0006, 2));
    dags.push_back(families::random_layered(6, 400, 0.01, 3));
    dags.push_back(families::random_er(3000, 6.0 / 3000, 4));
    dags.push_back(families::laplace(60));
    dags.push_back(fft(6));
    for (const Dag& g : dags) {
        std::uint64_t want = 0;
        const auto level = g.levels();
        for (NodeId u = 0; u < g.node_count(); ++u)
            for (NodeId w : g.children(u)) want += level[w] > level[u] + 1 ? 1 : 0;
        std::uint64_t got = ~std::uint64_t{0};
        const auto f = decompose::failure_certificate(g, &got);
        EXPECT_EQ(got, want) << g.node_count() << " nodes, " << g.level_count() << " levels";
        if (g.level_count() <= 2) EXPECT_FALSE(f);
    }
}

// A random dag large enough for the gate: the certificate stands in for
// the decomposition, and the schedule is the fallback's, as before.
TEST(FailureCertificate, PipelineSkipsTheRemovalOnRandomDags) {
    const Dag g = families::random_er(6000, 8.0 / 6000, 3);
    const auto f = decompose::failure_certificate(g);
    ASSERT_TRUE(f);
    check_sound(g, *f);
    const schedule::Result r = schedule::schedule(g, {});
    EXPECT_EQ(r.status, schedule::Status::heuristic);
    EXPECT_EQ(r.shortcuts_removed, 0u);
    EXPECT_EQ(r.blocks.size(), 0u);
    EXPECT_EQ(r.reason.rfind(f->message, 0), 0u) << r.reason;
    EXPECT_EQ(r.eval.area, pebble::evaluate(g, r.order).area);
    EXPECT_LE(r.eval.area, r.area_bound);
}

}  // namespace
}  // namespace ics::structure_test
