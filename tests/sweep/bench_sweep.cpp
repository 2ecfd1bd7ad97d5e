// Google Benchmark: IC-Sweep and system (1) on 20,000-step profiles.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "common/random.hpp"
#include "priority/priority.hpp"
#include "sweep/ic_sweep.hpp"

namespace {

using Profile = std::vector<std::uint32_t>;
constexpr std::uint32_t kSteps = 20000;

// W_{s,2}: E(x) = x for x < s, E(s) = s+1. W + W ties on every cell before
// step s, so V's YES range spans whole diagonals: the sweep's worst case.
Profile w_profile(std::uint32_t s) {
    Profile e(s + 1);
    for (std::uint32_t x = 0; x < s; ++x) e[x] = x;
    e[s] = s + 1;
    return e;
}

// Concave random profile (decreasing increments): any sum of these is ico.
Profile concave(std::uint64_t seed) {
    ics::SplitMix64 rng(seed);
    std::vector<std::uint32_t> inc(kSteps);
    for (auto& d : inc) d = static_cast<std::uint32_t>(rng.below(8));
    std::sort(inc.rbegin(), inc.rend());
    Profile e{0};
    for (const auto d : inc) e.push_back(e.back() + d);
    return e;
}

void sweep_pair(benchmark::State& state, const Profile& a, const Profile& b, bool path) {
    const std::vector<Profile> ps{a, b};
    ics::sweep::SweepOptions o;
    o.path = path;
    o.pairs = false;
    for (auto _ : state) {
        auto r = ics::sweep::ic_sweep(ps, o);
        benchmark::DoNotOptimize(r.ico);
        if (!r.ico) state.SkipWithError("expected an IC-optimal sum");
    }
    state.counters["cells"] = double(a.size()) * double(b.size());
}

void BM_SweepWW(benchmark::State& s) { sweep_pair(s, w_profile(kSteps), w_profile(kSteps), s.range(0) != 0); }
void BM_SweepConcave(benchmark::State& s) { sweep_pair(s, concave(1), concave(2), s.range(0) != 0); }

// system (1) when it holds (every row is checked): W_{s,3} ▷ W_{s,2}.
void BM_PriorityHolds(benchmark::State& state) {
    Profile a(kSteps + 1), b = w_profile(kSteps);
    for (std::uint32_t x = 0; x < kSteps; ++x) a[x] = 2 * x;
    a[kSteps] = 2 * kSteps + 1;
    for (auto _ : state) {
        const bool r = ics::priority::has_priority(a, b);
        if (!r) state.SkipWithError("expected W(s,3) |> W(s,2)");
        benchmark::DoNotOptimize(r);
    }
}

void BM_MaxPlus(benchmark::State& state) {
    const Profile a = concave(3), b = concave(4);
    for (auto _ : state) benchmark::DoNotOptimize(ics::sweep::max_plus(a, b));
}

}  // namespace

BENCHMARK(BM_SweepWW)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SweepConcave)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PriorityHolds)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_MaxPlus)->Unit(benchmark::kMillisecond);
BENCHMARK_MAIN();
