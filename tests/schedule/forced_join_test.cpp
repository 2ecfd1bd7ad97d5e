// The forced-join lemma (lib/schedule/forced_join.cpp): every dag whose
// schedule the decomposition proves with it is checked against the
// brute-force oracle (lib/exact/oracle), on seeded random dags and on random
// compositions "dag, join, dag below it" built to meet it; and the real
// workflows of issue 19 that it proves.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "../core/test_util.hpp"
#include "common/error.hpp"
#include "exact/oracle.hpp"
#include "io/io.hpp"
#include "schedule/schedule.hpp"

namespace ics::schedule {
namespace {

// The decomposition alone: no exhaustive search may prove (or hide) anything.
Options theory_only(Objective objective = Objective::eligibility) {
    Options o;
    o.exact_max_nodes = 0;
    o.exact_max_downsets = 0;
    o.area_max_downsets = 0;
    o.objective = objective;
    return o;
}

// a1..a3 -> j (a join, M(1,3)) -> c1..c4 (one source, four sinks): M(1,3)
// lacks ▷-priority over trivial(4) (0,0,0,1 against 0,4), so Theorem 2.1
// cannot order them, but nothing can run below j before the join completes.
TEST(ForcedJoin, OneSourceBlockAfterAFinalJoinIsProven) {
    const Dag g = test::from_arcs({{"a1", "j"}, {"a2", "j"}, {"a3", "j"}, {"j", "c1"}, {"j", "c2"}, {"j", "c3"},
                                   {"j", "c4"}});
    const Result r = schedule(g, theory_only());
    ASSERT_EQ(r.status, Status::ic_optimal) << r.reason;
    EXPECT_EQ(r.method, Method::decomposition);
    EXPECT_EQ(r.forced_joins, 1u);
    EXPECT_TRUE(exact::is_ic_optimal(g, r.order));
}

// The gate fails when a task below the join has an input that is ELIGIBLE
// before the join completes (x -> c1): the lemma must not apply, and the
// engine's answer still agrees with the oracle.
TEST(ForcedJoin, NoGateNoLemma) {
    const Dag g = test::from_arcs({{"a1", "j"}, {"a2", "j"}, {"a3", "j"}, {"j", "c1"}, {"j", "c2"}, {"x", "c1"},
                                   {"x", "c3"}, {"c1", "d1"}, {"c1", "d2"}, {"c1", "d3"}});
    const Result r = schedule(g, theory_only());
    EXPECT_EQ(r.forced_joins, 0u);
    if (r.status == Status::ic_optimal) {
        EXPECT_TRUE(exact::is_ic_optimal(g, r.order));
    }
}

// A random composition that meets the lemma's hypotheses often: a random
// upper dag, a join of all its sinks into one node j, and a random lower dag
// whose sources are all children of j.
Dag upper_join_lower(std::uint32_t n_up, std::uint32_t n_low, double p, std::uint64_t seed) {
    const Dag up = test::random_dag(n_up, p, seed);
    const Dag low = test::random_dag(n_low, p, seed ^ 0x9e3779b97f4a7c15ull);
    DagBuilder b;
    for (NodeId v = 0; v < n_up; ++v) b.add_node("u" + std::to_string(v));
    const NodeId j = b.add_node("j");
    for (NodeId v = 0; v < n_low; ++v) b.add_node("l" + std::to_string(v));
    for (NodeId v = 0; v < n_up; ++v) {
        for (NodeId c : up.children(v)) b.add_arc(v, c);
        if (up.is_sink(v)) b.add_arc(v, j);
    }
    for (NodeId v = 0; v < n_low; ++v) {
        if (low.is_source(v)) b.add_arc(j, n_up + 1 + v);
        for (NodeId c : low.children(v)) b.add_arc(n_up + 1 + v, n_up + 1 + c);
    }
    return b.build();
}

// Every `ic-optimal` claim of the decomposition on >= 2,000 random dags of at
// most 14 nodes agrees with the oracle; the lemma is used on many of them.
TEST(ForcedJoin, RandomDagsAgainstTheOracle) {
    int dags = 0, claims = 0, forced = 0, forced_memory = 0;
    for (std::uint64_t seed = 0; seed < 3000; ++seed) {
        Dag g;
        if (seed % 2 == 0) {
            const std::uint32_t n = 3 + static_cast<std::uint32_t>(seed % 12);  // 3..14 nodes
            g = test::random_dag(n, 0.12 + 0.04 * static_cast<double>(seed % 7), seed);
        } else {
            const std::uint32_t up = 2 + static_cast<std::uint32_t>(seed % 6);         // 2..7
            const std::uint32_t low = 1 + static_cast<std::uint32_t>((seed / 6) % 6);  // 1..6
            g = upper_join_lower(up, low, 0.1 + 0.05 * static_cast<double>(seed % 5), seed);
        }
        ASSERT_LE(g.node_count(), 14u);
        ++dags;
        const auto best = exact::max_eligible_profile(g);
        for (Objective obj : {Objective::eligibility, Objective::memory}) {
            const Result r = schedule(g, theory_only(obj));
            if (r.status != Status::ic_optimal) continue;
            ++claims;
            (obj == Objective::memory ? forced_memory : forced) += r.forced_joins > 0;
            ASSERT_TRUE(exact::is_ic_optimal(g, r.order, best))
                << "seed " << seed << " objective " << objective_name(obj) << " forced joins " << r.forced_joins;
        }
    }
    std::printf("%d random dags, %d ic-optimal claims checked by brute force, %d (memory objective: %d) proven "
                "with the forced-join lemma\n",
                dags, claims, forced, forced_memory);
    EXPECT_GE(dags, 2000);
    EXPECT_GT(forced, 200);
    EXPECT_GT(forced_memory, 200);
}

// The real workflows of issue 19 that exhaustive search finds IC-optimal
// (suite *Perf: the sanitizer build skips it, the oracle visits 2·10^6 down-sets):
// those the lemma proves are checked by the oracle where their down-sets fit.
TEST(ForcedJoinPerf, RealWorkflowsOfIssue19) {
    const char* dir = std::getenv("ICS_WORKLOADS");
    if (!dir || !std::filesystem::exists(std::filesystem::path(dir) / "MANIFEST.tsv"))
        GTEST_SKIP() << "ICS_WORKLOADS not set";
    const char* files[] = {
        "wfinstances/pegasus/1000genome/1000genome-chameleon-2ch-100k-001.json",
        "flowbench/1000genome.json",
        "wfinstances/pegasus/epigenomics/epigenomics-chameleon-hep-1seq-100k-001.json",
        "workflowsim-dax/Epigenomics_100.xml",
        "workflowsim-dax/Inspiral_50.xml",
        "workflowsim-dax/Sipht_30.xml",
    };
    int by_lemma = 0;
    for (const char* f : files) {
        const Dag g = io::read_file((std::filesystem::path(dir) / f).string()).dag;
        const Result r = schedule(g, theory_only());
        std::printf("%s: %s%s\n", f, status_name(r.status),
                    r.forced_joins ? (" (forced joins: " + std::to_string(r.forced_joins) + ")").c_str() : "");
        if (r.status != Status::ic_optimal) continue;
        by_lemma += r.forced_joins > 0;
        try {
            EXPECT_TRUE(exact::is_ic_optimal(g, r.order, std::uint64_t{1} << 26)) << f;
            std::printf("  confirmed by the oracle\n");
        } catch (const Error& e) {
            EXPECT_EQ(e.code(), Errc::too_large) << e.what();
        }
    }
    EXPECT_GE(by_lemma, 2);
}

}  // namespace
}  // namespace ics::schedule
