// The large members the generators must build quickly: prints the time each
// takes (generation + Dag::build) and checks the counts.
#include <chrono>
#include <cstdio>
#include <ctime>

#include "family_util.hpp"

namespace ics::families {
namespace {

// Wall time and this process's CPU time (the latter is steadier on a busy machine).
template <class F>
Dag timed(const char* what, F&& make) {
    const auto wall = std::chrono::steady_clock::now();
    const std::clock_t cpu = std::clock();
    Dag g = make();
    const double cpu_s = static_cast<double>(std::clock() - cpu) / CLOCKS_PER_SEC;
    const std::chrono::duration<double> wall_s = std::chrono::steady_clock::now() - wall;
    std::printf("[ timing   ] %-34s %9u nodes %10llu arcs %7.3f s wall %7.3f s cpu\n", what, g.node_count(),
                static_cast<unsigned long long>(g.arc_count()), wall_s.count(), cpu_s);
    return g;
}

TEST(Large, FftD16) {
    const Dag g = timed("fft(16)", [] { return fft(16); });
    EXPECT_EQ(g.node_count(), 17u << 16);
    EXPECT_EQ(g.arc_count(), 32ull << 16);
    EXPECT_EQ(g.level_count(), 17u);
}

TEST(Large, ReductionMeshOfAMillionNodes) {
    const Dag g = timed("reduction_mesh(1414)", [] { return reduction_mesh(1414); });
    EXPECT_EQ(g.node_count(), 1414u * 1415 / 2);
    EXPECT_EQ(g.arc_count(), 1414ull * 1413);
    EXPECT_EQ(g.level_count(), 1414u);
    const Dag out = timed("out_mesh(1414)", [] { return out_mesh(1414); });
    EXPECT_EQ(out.sources().size(), 1u);
}

TEST(Large, CompleteTreeHeight20) {
    const Dag g = timed("reduction_tree(20)", [] { return reduction_tree(20u); });
    EXPECT_EQ(g.node_count(), (1u << 21) - 1);
    EXPECT_EQ(g.level_count(), 21u);
    const Dag er = timed("expansion_reduction(20)", [] { return expansion_reduction(20); });
    EXPECT_EQ(er.node_count(), 3u * (1u << 20) - 2);
}

TEST(Large, SparseRandomDagsAreNearLinear) {
    const Dag er = timed("random_er(1000000, 2e-6)", [] { return random_er(1000000, 2e-6, 1); });
    EXPECT_NEAR(static_cast<double>(er.arc_count()), 1e6 * (1e6 - 1) / 2 * 2e-6, 6000);
    const Dag layered = timed("random_layered(1000, 1000, 0.002)", [] { return random_layered(1000, 1000, 0.002, 1); });
    EXPECT_EQ(layered.node_count(), 1000000u);
    const Dag big = timed("w_dag(500000, 3)", [] { return w_dag(500000, 3); });
    EXPECT_EQ(big.arc_count(), 1500000u);
}

}  // namespace
}  // namespace ics::families
