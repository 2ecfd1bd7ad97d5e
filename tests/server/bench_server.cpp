// Throughput of the IC server: request+complete pairs per second over
// 10^6-node dags (FFT d=16 and a random layered dag), journal off, with
// fsync every 1,000 records and every record, and 8 threads hammering one
// server; bytes of server state per task. (Crash trials: the `server_crash`
// benchmark runs the crash test with ICS_CRASH_TRIALS=1000.)
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <memory>
#include <mutex>

#include "families/families.hpp"
#include "io/io.hpp"
#include "schedule/schedule.hpp"
#include "server/server.hpp"

namespace {

using namespace ics;

struct Case {
    Dag g;
    std::vector<NodeId> order;  // the schedule, computed once: servers are re-created with Ranking::order
};

const Case& fft16() {
    static const Case c = [] {
        Case k{families::fft(16), {}};
        k.order = schedule::schedule(k.g).order;
        return k;
    }();
    return c;
}

const Case& layered() {
    static const Case c = [] {
        Case k{families::random_layered(1000, 1000, 0.003, 7), {}};  // 10^6 tasks, ~3·10^6 arcs
        k.order = schedule::schedule(k.g).order;
        return k;
    }();
    return c;
}

std::string journal_path() {
    const char* dir = std::getenv("TMPDIR");
    return std::string(dir ? dir : "/tmp") + "/ics_bench_server_" + std::to_string(::getpid()) + ".jnl";
}

std::unique_ptr<server::Server> make(const Case& c, int fsync_every) {
    server::Options o;
    o.ranking = server::Ranking::order;
    o.order = c.order;
    if (fsync_every >= 0) {
        o.journal = journal_path();
        std::filesystem::remove(o.journal);
        o.fsync = fsync_every == 0 ? server::Fsync::never
                                   : fsync_every == 1 ? server::Fsync::every : server::Fsync::every_n;
        o.fsync_every = fsync_every > 1 ? static_cast<std::uint32_t>(fsync_every) : 1;
    }
    return std::make_unique<server::Server>(c.g, o);
}

// One worker asking and reporting at once; a fresh server when the dag is done.
// fsync_every: -1 no journal, 0 never, 1 every record, N every N.
void pairs(benchmark::State& state, const Case& c, int fsync_every) {
    auto s = make(c, fsync_every);
    state.counters["bytes_per_task"] = static_cast<double>(s->memory_bytes()) / c.g.node_count();
    std::uint64_t done = 0;
    for (auto _ : state) {
        auto t = s->request(0);
        if (t.empty()) {
            state.PauseTiming();
            s.reset();
            s = make(c, fsync_every);
            state.ResumeTiming();
            t = s->request(0);
        }
        benchmark::DoNotOptimize(s->complete(t[0]));
        ++done;
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(done));  // pairs
    state.counters["events_per_s"] = benchmark::Counter(2.0 * static_cast<double>(done), benchmark::Counter::kIsRate);
    s.reset();
    if (fsync_every >= 0) std::filesystem::remove(journal_path());
}

void BM_Pairs_FFT16(benchmark::State& s) { pairs(s, fft16(), -1); }
void BM_Pairs_Layered1M(benchmark::State& s) { pairs(s, layered(), -1); }
void BM_Pairs_FFT16_Fsync1000(benchmark::State& s) { pairs(s, fft16(), 1000); }
void BM_Pairs_FFT16_FsyncNever(benchmark::State& s) { pairs(s, fft16(), 0); }
void BM_Pairs_FFT16_FsyncEvery(benchmark::State& s) { pairs(s, fft16(), 1); }
BENCHMARK(BM_Pairs_FFT16)->Unit(benchmark::kNanosecond);
BENCHMARK(BM_Pairs_Layered1M)->Unit(benchmark::kNanosecond);
BENCHMARK(BM_Pairs_FFT16_Fsync1000)->Unit(benchmark::kNanosecond);
BENCHMARK(BM_Pairs_FFT16_FsyncNever)->Unit(benchmark::kNanosecond);
BENCHMARK(BM_Pairs_FFT16_FsyncEvery)->Unit(benchmark::kMicrosecond)->Iterations(2000);

// 8 threads (workers 0..7) hammering one server; the server is re-created
// (under a lock) by whichever thread finds the dag done.
std::mutex g_mutex;
std::shared_ptr<server::Server> g_server;

void BM_Pairs_FFT16_Threads(benchmark::State& state) {
    const Case& c = fft16();
    if (state.thread_index() == 0) {
        std::lock_guard lock(g_mutex);
        g_server = make(c, -1);
    }
    std::uint64_t done = 0;
    for (auto _ : state) {
        std::shared_ptr<server::Server> s;
        {
            std::lock_guard lock(g_mutex);
            s = g_server;
        }
        if (!s) continue;
        auto t = s->request(static_cast<server::WorkerId>(state.thread_index()));
        if (t.empty()) {
            std::lock_guard lock(g_mutex);
            if (g_server == s && s->counts().executed == c.g.node_count()) g_server = make(c, -1);
            continue;
        }
        s->complete(t[0]);
        ++done;
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(done));
}
BENCHMARK(BM_Pairs_FFT16_Threads)->Threads(8)->UseRealTime()->Unit(benchmark::kNanosecond);

// Requests that run an algorithm over the current state, on the 2,122-task
// Montage of ../shared/workloads (the example: ics_batch_select on
// an executed array took 0.6-2 ms per call there): the state is a quarter of
// the workflow executed, then per iteration one request and the tasks put
// back (release), so every call sees the same state.
const Dag* montage() {
    static const std::unique_ptr<Dag> g = []() -> std::unique_ptr<Dag> {
        const char* dir = std::getenv("ICS_WORKLOADS");
        const std::string path = std::string(dir ? dir : "../shared/workloads") +
                                 "/wfinstances/pegasus/montage/montage-chameleon-dss-15d-001.json";
        if (!std::filesystem::exists(path)) return nullptr;
        return std::make_unique<Dag>(io::read_file(path).dag);
    }();
    return g.get();
}

void on_montage(benchmark::State& state, server::Multi multi, bool batch, std::uint32_t k) {
    const Dag* g = montage();
    if (g == nullptr) {
        state.SkipWithError("ICS_WORKLOADS has no montage-chameleon-dss-15d-001.json");
        return;
    }
    server::Options o;
    o.multi = multi;
    o.cluster_strategy = cluster::Strategy::direct;
    server::Server s(*g, o);
    for (std::uint32_t i = 0; i < g->node_count() / 4; ++i) {
        auto t = s.request(0);
        if (t.empty()) break;
        s.complete(t[0]);
    }
    state.counters["eligible"] = s.counts().eligible;
    std::size_t handed = 0;
    for (auto _ : state) {
        auto t = batch ? s.request_batch(k, std::vector<server::WorkerId>(k, 1)) : s.request(1, k);
        handed += t.size();
        s.release(1);
    }
    state.counters["tasks_per_call"] = static_cast<double>(handed) / static_cast<double>(state.iterations());
}
void BM_Montage_Batch4(benchmark::State& s) { on_montage(s, server::Multi::best, true, 4); }
void BM_Montage_Batch64(benchmark::State& s) { on_montage(s, server::Multi::best, true, 64); }
void BM_Montage_Best8(benchmark::State& s) { on_montage(s, server::Multi::best, false, 8); }
void BM_Montage_ClusterRank8(benchmark::State& s) { on_montage(s, server::Multi::cluster_rank, false, 8); }
void BM_Montage_ClusterDirect8(benchmark::State& s) { on_montage(s, server::Multi::cluster, false, 8); }
BENCHMARK(BM_Montage_Batch4)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Montage_Batch64)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Montage_Best8)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Montage_ClusterRank8)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Montage_ClusterDirect8)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
