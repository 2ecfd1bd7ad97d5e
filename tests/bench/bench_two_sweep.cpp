// The two-dag sweep (issue 18): system (1) and the 2-IC-Sweep on the profiles
// of two W(10^5,d) dags and of two random planar bipartite trees, the concave-hull screened versions (find_violation,
// two_sweep) against the row / table scans alone (find_violation_reference,
// two_sweep_reference) in the same run. Arg 0 = before (reference), 1 = after.
// The dags are scheduled and profiled once, as `ics sweep A B` does.
// Run: build/tests/bench/bench_two_sweep --benchmark_min_time=0.3
#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

#include "common/random.hpp"
#include "families/families.hpp"
#include "pebble/pebble.hpp"
#include "priority/priority.hpp"
#include "schedule/schedule.hpp"
#include "sweep/ic_sweep.hpp"

namespace {

using namespace ics;
using Profile = std::vector<std::uint32_t>;

// The profile `ics sweep` gives a dag (its proven IC-optimal schedule).
Profile profile_of(const Dag& g) {
    const schedule::Result r = schedule::schedule(g);
    if (r.status != schedule::Status::ic_optimal) return {};
    return pebble::nonsource_profile(g, r.order);
}

// A planar bipartite tree from `entries` source degrees 2..6 zigzagged with
// `entries` - 1 sink degrees 1/2..1/6 (like `ics generate pbt 3,1/5,2,...`):
// an IC-optimal dag whose profile is irregular. At 3,000 entries (~9,000
// sources, 18,000 nodes) the schedule is still proven; far beyond, the PBT
// recognizer gives up and there is no profile to sweep.
Dag random_pbt(std::uint32_t entries, std::uint64_t seed) {
    SplitMix64 rng(seed);
    std::vector<std::int32_t> delta;
    for (std::uint32_t k = 0; k < entries; ++k) {
        delta.push_back(2 + std::int32_t(rng.below(5)));
        if (k + 1 < entries) delta.push_back(-(2 + std::int32_t(rng.below(5))));
    }
    return families::pbt(delta);
}

struct Pair {
    Profile a, b;
};

const Pair& w2_w2() {
    static const Pair p = [] {
        const Profile e = profile_of(families::w_dag(100000, 2));
        return Pair{e, e};
    }();
    return p;
}
const Pair& w2_w3() {
    static const Pair p{profile_of(families::w_dag(100000, 2)), profile_of(families::w_dag(100000, 3))};
    return p;
}
const Pair& pbt_pbt() {
    static const Pair p{profile_of(random_pbt(3000, 1)), profile_of(random_pbt(3000, 2))};
    return p;
}
// Random monotone profiles (increments 0..5 in random order, neither concave
// nor convex): the screen's worst case, 10^4 steps each.
const Pair& random_walks() {
    static const Pair p = [] {
        SplitMix64 rng(7);
        Pair q;
        for (Profile* e : {&q.a, &q.b}) {
            e->push_back(0);
            for (int k = 0; k < 10000; ++k) e->push_back(e->back() + std::uint32_t(rng.below(6)));
        }
        return q;
    }();
    return p;
}

// Random walks where (1) holds without being concave: G1 gains 4..5 per step,
// G2 0..1, in random order. The hull of a random walk lies ~sqrt(n) above it,
// so the one-level screen leaves most diagonals open: the worst case.
Pair steep_over_flat(int steps) {
    SplitMix64 rng(8);
    Pair q{{0}, {0}};
    for (int k = 0; k < steps; ++k) {
        q.a.push_back(q.a.back() + 4 + std::uint32_t(rng.below(2)));
        q.b.push_back(q.b.back() + std::uint32_t(rng.below(2)));
    }
    return q;
}

void priority_case(benchmark::State& state, const Pair& p) {
    if (p.a.empty() || p.b.empty()) return state.SkipWithError("a dag without a proven IC-optimal schedule");
    const bool after = state.range(0) != 0;
    for (auto _ : state) {
        // `ics sweep A B` decides both directions (the chain and its report).
        auto f = after ? priority::find_violation(p.a, p.b) : priority::find_violation_reference(p.a, p.b);
        auto g = after ? priority::find_violation(p.b, p.a) : priority::find_violation_reference(p.b, p.a);
        benchmark::DoNotOptimize(f);
        benchmark::DoNotOptimize(g);
    }
    state.counters["steps"] = double(p.a.size() + p.b.size() - 2);
}

void sweep_case(benchmark::State& state, const Pair& p) {
    if (p.a.empty() || p.b.empty()) return state.SkipWithError("a dag without a proven IC-optimal schedule");
    const bool after = state.range(0) != 0;
    for (auto _ : state) {
        auto r = after ? sweep::two_sweep(p.a, p.b, true) : sweep::two_sweep_reference(p.a, p.b, true);
        benchmark::DoNotOptimize(r.ico);
    }
    state.counters["steps"] = double(p.a.size() + p.b.size() - 2);
}

void BM_PriorityW2W2(benchmark::State& s) { priority_case(s, w2_w2()); }
void BM_PriorityW2W3(benchmark::State& s) { priority_case(s, w2_w3()); }
void BM_PriorityRandomPbt(benchmark::State& s) { priority_case(s, pbt_pbt()); }
void BM_PriorityRandomWalks(benchmark::State& s) { priority_case(s, random_walks()); }
void BM_PriorityRandomHolds(benchmark::State& state) {
    const Pair p = steep_over_flat(int(state.range(1)));
    const bool after = state.range(0) != 0;
    for (auto _ : state) {
        auto f = after ? priority::find_violation(p.a, p.b) : priority::find_violation_reference(p.a, p.b);
        if (f) state.SkipWithError("expected (1) to hold");
        benchmark::DoNotOptimize(f);
    }
}
void BM_TwoSweepW2W3(benchmark::State& s) { sweep_case(s, w2_w3()); }
void BM_TwoSweepRandomPbt(benchmark::State& s) { sweep_case(s, pbt_pbt()); }
void BM_TwoSweepRandomWalks(benchmark::State& s) { sweep_case(s, random_walks()); }

// The whole two-dag sweep after the dags' schedules: ic_sweep as
// ics_sweep_dags calls it (path, envelope, no pairs table).
void BM_IcSweepW2W2(benchmark::State& state) {
    const std::vector<Profile> ps{w2_w2().a, w2_w2().b};
    const sweep::SweepOptions o{.path = true, .pairs = false, .envelope = true};
    for (auto _ : state) benchmark::DoNotOptimize(sweep::ic_sweep(ps, o).ico);
}
void BM_IcSweepRandomPbt(benchmark::State& state) {
    const std::vector<Profile> ps{pbt_pbt().a, pbt_pbt().b};
    if (ps[0].empty() || ps[1].empty()) return state.SkipWithError("a dag without a proven IC-optimal schedule");
    const sweep::SweepOptions o{.path = true, .pairs = false, .envelope = true};
    for (auto _ : state) benchmark::DoNotOptimize(sweep::ic_sweep(ps, o).ico);
}

// What the linearizer asks many times: ▷ between mid-sized profiles (n/5..n
// steps, monotone random increments 0..3, ramps of 1..3 per step), both ways,
// over 2,000 pairs: the screen must not cost more than the scan it saves.
void BM_PriorityMidSized(benchmark::State& state) {
    SplitMix64 rng(10);
    std::vector<Pair> pairs(2000);
    for (auto& q : pairs)
        for (Profile* e : {&q.a, &q.b}) {
            const bool ramp = rng.below(2) != 0;
            const std::uint32_t d = 1 + std::uint32_t(rng.below(3));
            e->push_back(0);
            const std::uint64_t top = std::uint64_t(state.range(1));
            for (std::uint64_t k = 0, n = top / 5 + rng.below(top - top / 5 + 1); k < n; ++k)
                e->push_back(e->back() + (ramp ? d : std::uint32_t(rng.below(4))));
            if (ramp) e->back() += 1;
        }
    const bool after = state.range(0) != 0;
    for (auto _ : state)
        for (const auto& q : pairs) {
            auto f = after ? priority::find_violation(q.a, q.b) : priority::find_violation_reference(q.a, q.b);
            auto g = after ? priority::find_violation(q.b, q.a) : priority::find_violation_reference(q.b, q.a);
            benchmark::DoNotOptimize(f);
            benchmark::DoNotOptimize(g);
        }
}

// IC-Sweep's envelope when the sum has no IC-optimal schedule, over p random
// profiles of 1..8 steps (increments 0..3, like `ics sweep --profiles`):
// before = the pairwise max_plus per summand, after = max_plus_all.
void BM_Envelope(benchmark::State& state) {
    SplitMix64 rng(9);
    std::vector<Profile> ps(std::size_t(state.range(1)));
    for (auto& e : ps) {
        e = {0};
        for (std::uint64_t k = 0, n = 1 + rng.below(8); k < n; ++k) e.push_back(e.back() + std::uint32_t(rng.below(4)));
    }
    const bool after = state.range(0) != 0;
    for (auto _ : state) {
        if (after) {
            benchmark::DoNotOptimize(sweep::max_plus_all(ps[0], std::span(ps).subspan(1)));
        } else {
            Profile env = ps[0];
            for (std::size_t k = 1; k < ps.size(); ++k) env = sweep::max_plus(env, ps[k]);
            benchmark::DoNotOptimize(env);
        }
    }
}

}  // namespace

BENCHMARK(BM_PriorityMidSized)->ArgsProduct({{0, 1}, {80, 300}})->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Envelope)->ArgsProduct({{0, 1}, {8000, 32000}})->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PriorityW2W2)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PriorityW2W3)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PriorityRandomPbt)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PriorityRandomWalks)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PriorityRandomHolds)->ArgsProduct({{0, 1}, {10000, 100000}})->Unit(benchmark::kMillisecond);
BENCHMARK(BM_TwoSweepW2W3)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_TwoSweepRandomPbt)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_TwoSweepRandomWalks)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_IcSweepW2W2)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_IcSweepRandomPbt)->Unit(benchmark::kMillisecond);
BENCHMARK_MAIN();
