// schedule::Workspace (C API ics_workspace): the same answer with and without
// a workspace, on random dags and the families, one workspace across calls of
// changing sizes. meson runs this with ICS_BIG_MIN_BYTES=4096 so that the
// arrays of these small dags go through the mapping cache (the default 4 MB
// needs ~10^6-node dags); the tests check that the cache is really used.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <vector>

#include "../core/test_util.hpp"
#include "dag/big_vector.hpp"
#include "families/families.hpp"
#include "schedule/schedule.hpp"

namespace ics::schedule {
namespace {

template <class A, class B>
bool same_span(const A& a, const B& b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end());
}

// Every field of two results (the certificate included).
void expect_same(const Result& a, const Result& b, const std::string& what) {
    SCOPED_TRACE(what);
    EXPECT_EQ(a.status, b.status);
    EXPECT_EQ(a.method, b.method);
    EXPECT_EQ(a.reason, b.reason);
    EXPECT_EQ(a.order, b.order);
    EXPECT_EQ(a.eval.eligible, b.eval.eligible);
    EXPECT_EQ(a.eval.memory, b.eval.memory);
    EXPECT_EQ(a.eval.area, b.eval.area);
    EXPECT_EQ(a.shortcuts_removed, b.shortcuts_removed);
    ASSERT_EQ(a.blocks.size(), b.blocks.size());
    for (std::uint32_t k = 0; k < a.blocks.size(); ++k) {
        EXPECT_TRUE(same_span(a.blocks.order(k), b.blocks.order(k))) << "block " << k;
        EXPECT_TRUE(same_span(a.blocks.profile(k), b.blocks.profile(k))) << "block " << k;
        EXPECT_EQ(a.blocks.shape(k), b.blocks.shape(k));
        EXPECT_EQ(a.blocks.kind(k), b.blocks.kind(k));
        EXPECT_EQ(a.blocks.proven(k), b.blocks.proven(k));
        EXPECT_EQ(a.blocks.ico_exists(k), b.blocks.ico_exists(k));
    }
    EXPECT_EQ(a.block_sink_offsets, b.block_sink_offsets);
    EXPECT_TRUE(same_span(a.block_sinks, b.block_sinks));
    EXPECT_EQ(a.group_offsets, b.group_offsets);
    EXPECT_EQ(a.linearization, b.linearization);
    EXPECT_EQ(a.forced_joins, b.forced_joins);
    EXPECT_EQ(a.exact_ran, b.exact_ran);
    EXPECT_EQ(a.max_profile, b.max_profile);
    EXPECT_EQ(a.area_bound, b.area_bound);
}

std::size_t env_bytes(const char* name) {
    const char* v = std::getenv(name);
    return v != nullptr ? static_cast<std::size_t>(std::strtoull(v, nullptr, 10)) : 0;
}

// Whether these small dags' arrays reach the cache: mapped from 4 KB
// (ICS_BIG_MIN_BYTES=4096).
bool cache_engaged() {
    const std::size_t big = env_bytes("ICS_BIG_MIN_BYTES");
    return big != 0 && big <= 4096;
}

TEST(Workspace, SameResultOnRandomDags) {
    Workspace ws;
    std::size_t held_max = 0;
    for (std::uint64_t seed = 1; seed <= 250; ++seed) {
        // Sizes go up and down so that held blocks are split, reused whole
        // and dropped; both objectives.
        const auto n = static_cast<std::uint32_t>(20 + (seed * 7919) % 1500);
        const Dag g = seed % 3 == 0 ? families::random_layered(2 + static_cast<std::uint32_t>(seed % 5), 1 + n / 4,
                                                                0.05 + 0.01 * static_cast<double>(seed % 7), seed)
                                    : test::random_dag(n, 3.0 / n, seed);
        Options o;
        o.objective = seed % 4 == 1 ? Objective::memory : Objective::eligibility;
        const Result fresh = schedule(g, o);
        const Result reused = schedule(g, o, &ws);
        expect_same(fresh, reused, "seed " + std::to_string(seed));
        held_max = std::max(held_max, ws.bytes());
        if (::testing::Test::HasFailure()) break;
    }
    if (cache_engaged()) {
        EXPECT_GT(held_max, 0u) << "the mapping cache was never used";
    }
}

TEST(Workspace, SameResultOnTheFamilies) {
    Workspace ws;
    std::vector<Dag> dags;
    dags.push_back(families::fft(8));
    dags.push_back(families::reduction_mesh(60));
    dags.push_back(families::out_mesh(60));
    dags.push_back(families::reduction_tree(11));
    dags.push_back(families::wavefront(30, 40));
    dags.push_back(families::divide_conquer(2, 8));
    dags.push_back(families::laplace(30));
    dags.push_back(families::parallel_prefix(256));
    dags.push_back(families::fmri(300));
    dags.push_back(families::expansion_reduction(6));
    dags.push_back(families::matrix_multiplication(2));
    // Twice round: each call reuses what the one before left.
    std::size_t held_max = 0;
    for (int round = 0; round < 2; ++round)
        for (std::size_t k = 0; k < dags.size(); ++k)
            for (Objective obj : {Objective::eligibility, Objective::memory}) {
                Options o;
                o.objective = obj;
                expect_same(schedule(dags[k], o), schedule(dags[k], o, &ws),
                            "family " + std::to_string(k) + " round " + std::to_string(round));
                held_max = std::max(held_max, ws.bytes());
            }
    if (cache_engaged()) {
        EXPECT_GT(held_max, 0u);
    }
    schedule(dags[0], {}, &ws);
    ws.release();
    EXPECT_EQ(ws.bytes(), 0u);
}

// Results made with a workspace outlive it and stay intact while it is
// reused: their arrays are their own once returned.
TEST(Workspace, ResultsOutliveTheWorkspace) {
    std::vector<Result> kept;
    const Dag g = families::reduction_tree(10);
    {
        Workspace ws;
        for (int k = 0; k < 5; ++k) kept.push_back(schedule(g, {}, &ws));
    }
    const Result fresh = schedule(g);
    for (const Result& r : kept) expect_same(fresh, r, "kept result");
}

// The cache's bookkeeping: best fit, the rest kept, blocks freed outside a
// scope unmapped (nothing held), nothing held after release().
TEST(Workspace, MappingCacheCarvesAndReleases) {
    if (env_bytes("ICS_BIG_MIN_BYTES") != 4096) GTEST_SKIP() << "needs ICS_BIG_MIN_BYTES=4096";
    detail::MappingCache cache;
    {
        const detail::MappingCache::Scope scope(cache);
        BigVector<std::uint32_t> a(100000), b(3000);  // 400 KB, 12 KB
        a[99999] = 7;
        b[2999] = 8;
    }
    EXPECT_EQ(cache.bytes(), 400000u / 4096 * 4096 + 4096 + 3 * 4096);
    const std::size_t held = cache.bytes();
    {
        const detail::MappingCache::Scope scope(cache);
        BigVector<std::uint32_t> c(50000);  // 200 KB carved from the 400 KB block
        EXPECT_EQ(cache.bytes(), held - (200000u / 4096 + 1) * 4096);
        c.assign(c.size(), 5);
        EXPECT_EQ(c[49999], 5u);
    }
    // What a scope's calls allocated is all a cache keeps past its end.
    EXPECT_EQ(cache.bytes(), (200000u / 4096 + 1) * 4096);
    BigVector<std::uint32_t> outside(100000);  // no scope: mapped and unmapped as before
    outside.clear();
    outside.shrink_to_fit();
    EXPECT_EQ(cache.bytes(), (200000u / 4096 + 1) * 4096);
    cache.release();
    EXPECT_EQ(cache.bytes(), 0u);
}

}  // namespace
}  // namespace ics::schedule
