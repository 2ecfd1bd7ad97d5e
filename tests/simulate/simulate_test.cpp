// The simulator (lib/simulate) against cases whose answer is known by hand:
// one worker runs the tasks back to back, enough workers run every task as
// soon as it is eligible (the critical path), one instantaneous worker
// replays the ranking's E(t) exactly; statistics on known samples; seeds.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numeric>

#include "families/families.hpp"
#include "io/durations.hpp"
#include "io/io.hpp"
#include "pebble/pebble.hpp"
#include "simulate/simulate.hpp"

using namespace ics;
namespace sim = ics::simulate;
using sim::Availability;
using sim::Durations;
using sim::Metric;
using sim::Options;
using sim::Policy;
using sim::Speeds;
using sim::Summary;
using sim::kPolicyCount;
using sim::policy_name;
using sim::ranking;
using sim::run_seed;
using sim::summarize;
using SimRun = sim::Run;

namespace {

Dag diamond() {
    DagBuilder b;
    b.add_arc(b.ensure_node("a"), b.ensure_node("b"));
    b.add_arc(b.ensure_node("a"), b.ensure_node("c"));
    b.add_arc(b.ensure_node("b"), b.ensure_node("d"));
    b.add_arc(b.ensure_node("c"), b.ensure_node("d"));
    return std::move(b).build();
}

std::vector<Dag> sample_dags() {
    std::vector<Dag> v;
    v.push_back(diamond());
    v.push_back(families::fft(3));
    v.push_back(families::reduction_tree(4));
    v.push_back(families::w_dag(4, 3));
    for (std::uint64_t s = 1; s <= 6; ++s) v.push_back(families::random_layered(5, 6, 0.35, s));
    for (std::uint64_t s = 1; s <= 4; ++s) v.push_back(families::random_er(30, 0.12, s));
    return v;
}

// The longest path, weighted by durations (unit when empty).
double critical_path(const Dag& dag, const std::vector<double>& d) {
    std::vector<double> finish(dag.node_count(), 0);
    double best = 0;
    for (NodeId v : dag.topological_order()) {
        double start = 0;
        for (NodeId p : dag.parents(v)) start = std::max(start, finish[p]);
        finish[v] = start + (d.empty() ? 1.0 : d[v]);
        best = std::max(best, finish[v]);
    }
    return best;
}

std::vector<double> some_durations(const Dag& dag, std::uint64_t seed) {
    std::vector<double> d(dag.node_count());
    for (NodeId v = 0; v < dag.node_count(); ++v) d[v] = 0.5 + static_cast<double>((v * 7 + seed * 13) % 11);
    return d;
}

bool is_topological(const Dag& dag, const std::vector<NodeId>& order) {
    try {
        pebble::validate_order(dag, order);
        return true;
    } catch (const Error&) {
        return false;
    }
}

}  // namespace

TEST(Simulate, OneWorkerRunsTasksBackToBack) {
    for (const Dag& dag : sample_dags())
        for (int p = 0; p < kPolicyCount; ++p) {
            Options o;
            o.workers = 1;
            o.policy = static_cast<Policy>(p);
            std::vector<SimRun> unit = sim::simulate(dag, o);
            ASSERT_EQ(unit.size(), 1u);
            EXPECT_TRUE(unit[0].complete);
            EXPECT_DOUBLE_EQ(unit[0].makespan, dag.node_count()) << policy_name(o.policy);
            EXPECT_DOUBLE_EQ(unit[0].idle, 0.0);
            o.durations = Durations::given;
            o.given = some_durations(dag, 3);
            const double sum = std::accumulate(o.given.begin(), o.given.end(), 0.0);
            EXPECT_NEAR(sim::simulate(dag, o)[0].makespan, sum, 1e-9 * sum);
        }
}

TEST(Simulate, EnoughWorkersGiveTheCriticalPath) {
    for (const Dag& dag : sample_dags())
        for (Policy p : {Policy::icsched, Policy::fifo, Policy::lifo, Policy::random, Policy::dask_like}) {
            Options o;
            o.workers = dag.node_count();
            o.policy = p;
            const SimRun r = sim::simulate(dag, o)[0];
            EXPECT_DOUBLE_EQ(r.makespan, dag.level_count()) << policy_name(p);
            EXPECT_EQ(r.gridlock + 1 >= 1, true);
            o.durations = Durations::given;
            o.given = some_durations(dag, 5);
            EXPECT_NEAR(sim::simulate(dag, o)[0].makespan, critical_path(dag, o.given), 1e-9);
        }
}

// One worker: the server hands out the best-ranked eligible task each time,
// so the play is the ranking itself (a topological order) and E(t) is its profile.
TEST(Simulate, OneWorkerReplaysTheRankingsProfile) {
    for (const Dag& dag : sample_dags())
        for (int p = 0; p < kPolicyCount; ++p) {
            const Policy policy = static_cast<Policy>(p);
            const std::vector<NodeId> order = ranking(dag, policy, {}, run_seed(1, 0));
            ASSERT_TRUE(is_topological(dag, order)) << policy_name(policy);
            Options o;
            o.workers = 1;
            o.policy = policy;
            o.durations = Durations::exponential;  // the times do not change the order
            const SimRun r = sim::simulate(dag, o)[0];
            EXPECT_EQ(r.profile, pebble::evaluate(dag, order).eligible) << policy_name(policy);
        }
}

TEST(Simulate, MemoryIsTheResultsHeld) {
    // A chain a -> b -> c: one result held at a time, then none.
    DagBuilder b;
    b.add_arc(b.ensure_node("a"), b.ensure_node("b"));
    b.add_arc(b.ensure_node("b"), b.ensure_node("c"));
    const Dag chain = std::move(b).build();
    Options o;
    o.workers = 1;
    const SimRun r = sim::simulate(chain, o)[0];
    EXPECT_EQ(r.memory_peak, 1u);
    EXPECT_NEAR(r.memory_mean, 2.0 / 3.0, 1e-12);  // held during [1, 3) of [0, 3)
    // One worker on a tree plays the pebble game: the peak equals the order's memory cost.
    const Dag tree = families::reduction_tree(5);
    o.policy = Policy::fifo;
    EXPECT_EQ(sim::simulate(tree, o)[0].memory_peak,
              pebble::evaluate(tree, ranking(tree, Policy::fifo, {}, 0)).memory);
}

TEST(Simulate, UpwardRankPutsTheCriticalPathFirst) {
    // a -> b -> c (long), d (short, alone): upward rank runs a before d.
    DagBuilder b;
    b.add_arc(b.ensure_node("d"), b.ensure_node("e"));
    b.add_arc(b.ensure_node("a"), b.ensure_node("b"));
    b.add_arc(b.ensure_node("b"), b.ensure_node("c"));
    const Dag dag = std::move(b).build();
    const std::vector<NodeId> order = ranking(dag, Policy::upward_rank, {}, 0);
    EXPECT_EQ(dag.name(order[0]), "a");
    std::vector<double> d(dag.node_count(), 1.0);
    d[dag.find("d")] = 10;  // now d's path is the longest
    EXPECT_EQ(dag.name(ranking(dag, Policy::upward_rank, d, 0)[0]), "d");
}

TEST(Simulate, SameSeedSameRunsOtherSeedOtherRuns) {
    const Dag dag = families::random_layered(8, 20, 0.2, 7);
    Options o;
    o.workers = 6;
    o.runs = 5;
    o.durations = Durations::exponential;
    o.speeds = Speeds::heterogeneous;
    o.availability = Availability::churn;
    o.mean_up = 20;
    o.mean_down = 5;
    o.failure_probability = 0.1;
    o.retry_limit = 254;
    const std::vector<SimRun> a = sim::simulate(dag, o), b = sim::simulate(dag, o);
    ASSERT_EQ(a.size(), 5u);
    for (std::size_t i = 0; i < a.size(); ++i) {
        EXPECT_TRUE(a[i].complete);
        EXPECT_EQ(a[i].makespan, b[i].makespan);
        EXPECT_EQ(a[i].idle, b[i].idle);
        EXPECT_EQ(a[i].gridlock, b[i].gridlock);
        EXPECT_EQ(a[i].profile, b[i].profile);
    }
    EXPECT_NE(a[0].makespan, a[1].makespan);  // runs differ
    o.seed = 2;
    EXPECT_NE(sim::simulate(dag, o)[0].makespan, a[0].makespan);
    // SimRun i alone (runs = 1, its derived seed) is run i of the set: runs are reproducible one by one.
    Options one = o;
    one.seed = 1;
    one.runs = 3;
    const std::vector<SimRun> three = sim::simulate(dag, one);
    EXPECT_EQ(three[2].makespan, a[2].makespan);
}

// The draws are integer mixing plus + - * / and exact scalings only: these
// numbers are the same on every machine. (Computed once with this code; a
// platform that gives others breaks the promise of reproducible seeds.)
TEST(Simulate, DrawsArePortable) {
    // Golden values, bit for bit: the seed derivation is SplitMix64's mixer,
    // and a run with exponential durations, heterogeneous speeds and churn
    // uses every kind of draw.
    EXPECT_EQ(run_seed(1, 0), 10451216379200822465ull);
    const Dag dag = diamond();
    Options o;
    o.workers = 1;
    o.durations = Durations::exponential;
    EXPECT_EQ(sim::simulate(dag, o)[0].makespan, 4.0503192297198609);
    o.workers = 3;
    o.speeds = Speeds::heterogeneous;
    o.availability = Availability::churn;
    o.mean_up = 2;
    o.mean_down = 1;
    EXPECT_EQ(sim::simulate(families::fft(3), o)[0].makespan, 18.336692633821087);
    o.speeds = Speeds::heterogeneous;
    o.spread = 1.0;  // log-uniform in [1, 1]: every speed exactly 1
    o.availability = Availability::always;
    o.workers = 1;
    EXPECT_EQ(sim::simulate(dag, o)[0].makespan, 4.0503192297198609);
}

TEST(Simulate, ChurnVolunteersFailuresAndBatchesStillFinish) {
    const Dag dag = families::fft(4);
    for (Availability a : {Availability::always, Availability::churn, Availability::volunteer})
        for (std::uint32_t batch : {0u, 4u}) {
            Options o;
            o.workers = 8;
            o.runs = 3;
            o.availability = a;
            o.mean_up = 4;
            o.mean_down = 2;
            o.period = 6;
            o.duty = 0.5;
            o.batch = batch;
            o.failure_probability = 0.2;
            o.retry_limit = 254;
            for (const SimRun& r : sim::simulate(dag, o)) {
                EXPECT_TRUE(r.complete);
                EXPECT_EQ(r.executed, dag.node_count());
                EXPECT_EQ(r.profile.size(), dag.node_count() + 1u);
                EXPECT_EQ(r.profile.back(), 0u);
                EXPECT_GE(r.idle, 0);
                EXPECT_LE(r.idle, 8 * r.makespan + 1e-9);
                // At least n executions of unit time on 8 workers.
                EXPECT_GE(r.makespan, dag.node_count() / 8.0 - 1e-9);
            }
        }
}

TEST(Simulate, GivingUpATaskBlocksItsDescendants) {
    const Dag dag = families::reduction_tree(4);
    Options o;
    o.workers = 4;
    o.failure_probability = 0.5;
    o.retry_limit = 0;  // the first failure gives a task up
    const SimRun r = sim::simulate(dag, o)[0];
    EXPECT_FALSE(r.complete);
    EXPECT_GT(r.failed, 0u);
    EXPECT_LT(r.executed, dag.node_count());
}

// A task longer than every up period is restarted forever: the run is cut
// after max_events and says so, instead of running without end.
TEST(Simulate, EndlessRestartsAreCut) {
    DagBuilder b;
    const NodeId s = b.add_node("short"), l = b.add_node("long");  // ids 0, 1
    b.add_arc(s, l);
    const Dag dag = std::move(b).build();
    Options o;
    o.workers = 2;
    o.durations = Durations::given;
    o.given = {1.0, 1e6};
    o.availability = Availability::volunteer;
    o.period = 10;
    o.duty = 0.5;  // up 5 of every 10: "long" never fits
    o.max_events = 10'000;
    const SimRun r = sim::simulate(dag, o)[0];
    EXPECT_TRUE(r.stalled);
    EXPECT_FALSE(r.complete);
    EXPECT_EQ(r.executed, 1u);
    o.given = {1.0, 4.0};  // fits in an up period: finishes
    const SimRun ok = sim::simulate(dag, o)[0];
    EXPECT_TRUE(ok.complete);
    EXPECT_FALSE(ok.stalled);
}

TEST(Simulate, StatisticsOnAKnownSample) {
    std::vector<SimRun> runs(5);
    for (int i = 0; i < 5; ++i) runs[i].makespan = i + 1;  // 1..5: mean 3, sd sqrt(2.5)
    const Summary s = summarize(runs, Metric::makespan);
    EXPECT_DOUBLE_EQ(s.mean, 3.0);
    EXPECT_NEAR(s.ci95, 2.776 * std::sqrt(2.5) / std::sqrt(5.0), 1e-12);
    EXPECT_EQ(summarize(std::span<const SimRun>(runs.data(), 1), Metric::makespan).ci95, 0.0);
}

TEST(Simulate, BadOptionsAreRefused) {
    const Dag dag = diamond();
    auto refused = [&](auto edit) {
        Options o;
        edit(o);
        try {
            sim::simulate(dag, o);
        } catch (const Error& e) {
            return e.code() == Errc::invalid_argument || e.code() == Errc::too_large;
        }
        return false;
    };
    EXPECT_TRUE(refused([](Options& o) { o.workers = 0; }));
    EXPECT_TRUE(refused([](Options& o) { o.runs = 0; }));
    EXPECT_TRUE(refused([](Options& o) { o.durations = Durations::given; }));  // no values
    EXPECT_TRUE(refused([](Options& o) {
        o.durations = Durations::given;
        o.given = {1, 2, -1, 3};
    }));
    EXPECT_TRUE(refused([](Options& o) {
        o.durations = Durations::given;
        o.given = {1, 2, NAN, 3};
    }));
    EXPECT_TRUE(refused([](Options& o) { o.spread = 0.5; }));
    EXPECT_TRUE(refused([](Options& o) { o.failure_probability = 1.0; }));
    EXPECT_TRUE(refused([](Options& o) {
        o.availability = Availability::churn;
        o.mean_up = 0;
    }));
    EXPECT_TRUE(refused([](Options& o) {
        o.availability = Availability::volunteer;
        o.duty = 0;
    }));
    EXPECT_TRUE(refused([](Options& o) { o.policy = static_cast<Policy>(99); }));
}

TEST(Durations, ReadFromDaxStgAndWfFormat) {
    const std::string root = ICS_SOURCE_ROOT;
    {
        const std::string path = root + "/examples/workflows/Montage_25.xml";
        const Dag dag = io::read_file(path).dag;
        const std::vector<double> d = io::read_durations(path, dag);
        ASSERT_EQ(d.size(), dag.node_count());
        EXPECT_DOUBLE_EQ(d[dag.find("ID00000")], 13.39);  // <job id="ID00000" ... runtime="13.39">
        for (double x : d) EXPECT_GE(x, 0);
    }
    {
        const std::string path = root + "/tests/data/stg/rand0000.stg";
        const Dag dag = io::read_file(path).dag;
        const std::vector<double> d = io::read_durations(path, dag);
        EXPECT_DOUBLE_EQ(d[dag.find("0")], 0);  // the entry dummy
        EXPECT_DOUBLE_EQ(d[dag.find("1")], 9);  // "1 9 1 0"
    }
    {
        const std::string path = root + "/tests/data/wfformat/helloworld-chain-5-chameleon.json";
        const Dag dag = io::read_file(path).dag;
        const std::vector<double> d = io::read_durations(path, dag);
        EXPECT_DOUBLE_EQ(d[dag.find("cpuhog_chain_00000001")], 100.376);
    }
    const Dag dag = diamond();
    try {
        io::read_durations_string("a b\n", dag, io::Format::edges);
        FAIL();
    } catch (const Error& e) {
        EXPECT_EQ(e.code(), Errc::unsupported);
    }
    try {  // a task without a runtime is named
        io::read_durations_string(R"({"workflow": {"tasks": [{"name": "a", "runtime": 1}]}})", dag,
                                  io::Format::wfformat);
        FAIL();
    } catch (const Error& e) {
        EXPECT_EQ(e.code(), Errc::parse);
        EXPECT_NE(std::string(e.what()).find("has no runtime"), std::string::npos);
    }
}
