// One simulated run of a 10^5-task workflow with 1,000 workers (target: < 1 s),
// and where the time goes: the policy's ranking (computed once per policy) and
// the event loop on the IC server. Run: build/tests/bench/bench_simulate
#include <benchmark/benchmark.h>

#include "families/families.hpp"
#include "simulate/simulate.hpp"

using namespace ics;

namespace {

// 100 layers of 1,000 tasks, each task with ~3 parents in the layer above.
const Dag& layered() {
    static const Dag d = families::random_layered(100, 1000, 0.003, 42);
    return d;
}
const Dag& fft13() {  // 114,688 tasks
    static const Dag d = families::fft(13);
    return d;
}

// One run with the FIFO ranking (cheap to compute): the event loop on the server dominates.
void run(benchmark::State& state, const Dag& dag, simulate::Availability availability) {
    simulate::Options o;
    o.workers = static_cast<std::uint32_t>(state.range(0));
    o.policy = simulate::Policy::fifo;
    o.durations = simulate::Durations::exponential;
    o.speeds = simulate::Speeds::heterogeneous;
    o.availability = availability;
    for (auto _ : state) benchmark::DoNotOptimize(simulate::simulate(dag, o));
    state.counters["tasks"] = dag.node_count();
    state.counters["tasks/s"] = benchmark::Counter(static_cast<double>(dag.node_count()) * state.iterations(),
                                                   benchmark::Counter::kIsRate);
}

void BM_RunLayered(benchmark::State& s) {
    run(s, layered(), simulate::Availability::always);
}
void BM_RunLayeredChurn(benchmark::State& s) {
    run(s, layered(), simulate::Availability::churn);
}
void BM_RunFft(benchmark::State& s) {
    run(s, fft13(), simulate::Availability::always);
}
// The whole call with icsched's ranking: schedule + one run.
void BM_IcschedEndToEnd(benchmark::State& state) {
    simulate::Options o;
    o.workers = static_cast<std::uint32_t>(state.range(0));
    o.durations = simulate::Durations::exponential;
    for (auto _ : state) benchmark::DoNotOptimize(simulate::simulate(fft13(), o));
}

}  // namespace

BENCHMARK(BM_RunLayered)->Arg(1000)->Arg(100)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_RunLayeredChurn)->Arg(1000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_RunFft)->Arg(1000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_IcschedEndToEnd)->Arg(1000)->Unit(benchmark::kMillisecond);
BENCHMARK_MAIN();
