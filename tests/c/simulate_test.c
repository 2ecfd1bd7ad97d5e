/* Simulated runs through the C API: the hand-computed cases (one worker =
 * sum of durations, enough workers = the critical path computed here, one
 * worker replays the ranking's E(t)), summaries, names, durations from a
 * file, every bad argument. No C++ anywhere. */
#include <ics/ics.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

enum { MAX_N = 64 };

/* Longest path weighted by d (unit when NULL), by relaxing in a topological order. */
static double critical_path(const ics_dag* dag, const double* d) {
    uint32_t n = 0, order[MAX_N], ps[MAX_N];
    size_t len = 0, k = 0;
    double finish[MAX_N], best = 0;
    OK(ics_dag_node_count(&n, dag));
    OK(ics_dag_topological_order(order, MAX_N, &len, dag));
    for (size_t i = 0; i < len; ++i) {
        uint32_t v = order[i];
        double start = 0;
        OK(ics_dag_parents(ps, MAX_N, &k, dag, v));
        for (size_t j = 0; j < k; ++j)
            if (finish[ps[j]] > start) start = finish[ps[j]];
        finish[v] = start + (d ? d[v] : 1.0);
        if (finish[v] > best) best = finish[v];
    }
    return best;
}

static void test_hand_computed(void) {
    for (uint64_t seed = 1; seed <= 20; ++seed) {
        ics_dag* dag = NULL;
        OK(ics_dag_generate_random_layered(&dag, 4, 6, 0.4, seed));
        uint32_t n = 0;
        OK(ics_dag_node_count(&n, dag));
        CHECK(n <= MAX_N);
        double d[MAX_N], sum = 0;
        for (uint32_t v = 0; v < n; ++v) sum += d[v] = 1.0 + (double)((v * 5 + seed) % 7);
        for (int p = ICS_SIM_POLICY_ICSCHED; p <= ICS_SIM_POLICY_GREEDY; ++p) {
            ics_simulate_options o;
            OK(ics_simulate_options_init(&o, ICS_SIMULATE_OPTIONS_VERSION));
            o.policy = (ics_sim_policy)p;
            o.workers = 1;
            ics_simulation* sim = NULL;
            ics_sim_run r;
            OK(ics_simulate(&sim, dag, d, n, &o));
            OK(ics_simulation_run(&r, sim, 0));
            CHECK(fabs(r.makespan - sum) < 1e-9 * sum);
            CHECK(r.complete == 1 && r.executed == n && r.failed == 0 && r.idle == 0);
            /* One worker: E(t) as played is the ranking's profile. */
            uint32_t order[MAX_N], played[MAX_N + 1], expected[MAX_N + 1];
            size_t len = 0, plen = 0, elen = 0;
            OK(ics_sim_ranking(order, MAX_N, &len, dag, d, n, (ics_sim_policy)p, 0));
            OK(ics_simulation_profile(played, MAX_N + 1, &plen, sim, 0));
            ics_profile* prof = NULL;
            if (p != ICS_SIM_POLICY_RANDOM) { /* random draws its order from the run's seed */
                OK(ics_profile_evaluate(&prof, dag, order, len));
                OK(ics_profile_eligible(expected, MAX_N + 1, &elen, prof));
                CHECK(plen == elen && memcmp(played, expected, plen * sizeof *played) == 0);
                ics_profile_destroy(prof);
            }
            ics_simulation_destroy(sim);
            /* Enough workers: the critical path. */
            o.workers = n;
            OK(ics_simulate(&sim, dag, d, n, &o));
            OK(ics_simulation_run(&r, sim, 0));
            CHECK(fabs(r.makespan - critical_path(dag, d)) < 1e-9);
            ics_simulation_destroy(sim);
            OK(ics_simulate(&sim, dag, NULL, 0, &o)); /* unit durations */
            OK(ics_simulation_run(&r, sim, 0));
            CHECK(r.makespan == critical_path(dag, NULL));
            ics_simulation_destroy(sim);
        }
        ics_dag_destroy(dag);
    }
}

static void test_runs_and_summaries(void) {
    ics_dag* dag = NULL;
    OK(ics_dag_generate_fft(&dag, 4));
    ics_simulate_options o = ICS_SIMULATE_OPTIONS_INIT;
    o.workers = 6;
    o.runs = 8;
    o.durations = ICS_SIM_DURATIONS_EXPONENTIAL;
    o.speeds = ICS_SIM_SPEEDS_HETEROGENEOUS;
    o.availability = ICS_SIM_AVAILABILITY_CHURN;
    o.failure_probability = 0.1;
    o.retry_limit = 254;
    ics_simulation *a = NULL, *b = NULL;
    OK(ics_simulate(&a, dag, NULL, 0, &o));
    OK(ics_simulate(&b, dag, NULL, 0, &o));
    uint32_t runs = 0;
    OK(ics_simulation_run_count(&runs, a));
    CHECK(runs == 8);
    double sum = 0, sq = 0;
    for (uint32_t i = 0; i < runs; ++i) {
        ics_sim_run ra, rb;
        OK(ics_simulation_run(&ra, a, i));
        OK(ics_simulation_run(&rb, b, i));
        CHECK(ra.makespan == rb.makespan && ra.idle == rb.idle && ra.gridlock == rb.gridlock); /* same seed */
        CHECK(ra.complete == 1);
        sum += ra.makespan;
        sq += ra.makespan * ra.makespan;
    }
    double mean = 0, ci = 0;
    OK(ics_simulation_summary(&mean, &ci, a, ICS_SIM_METRIC_MAKESPAN));
    CHECK(fabs(mean - sum / runs) < 1e-9 * mean);
    double sd = sqrt((sq - runs * mean * mean) / (runs - 1));
    CHECK(fabs(ci - 2.365 * sd / sqrt((double)runs)) < 1e-6 * (ci + 1)); /* t(0.975, 7) = 2.365 */
    ics_sim_run r;
    EXPECT_STATUS(ics_simulation_run(&r, a, 8), ICS_ERR_INVALID_ARGUMENT, "out of range");
    EXPECT_STATUS(ics_simulation_summary(&mean, &ci, a, (ics_sim_metric)9), ICS_ERR_INVALID_ARGUMENT, "metric");
    ics_simulation_destroy(a);
    ics_simulation_destroy(b);
    ics_dag_destroy(dag);
}

static void test_names(void) {
    ics_sim_policy p;
    OK(ics_sim_policy_from_name(&p, "upward-rank"));
    CHECK(p == ICS_SIM_POLICY_UPWARD_RANK);
    OK(ics_sim_policy_from_name(&p, "critical-path"));
    CHECK(p == ICS_SIM_POLICY_UPWARD_RANK);
    for (int i = 0; i <= ICS_SIM_POLICY_GREEDY; ++i) {
        OK(ics_sim_policy_from_name(&p, ics_sim_policy_name((ics_sim_policy)i)));
        CHECK(p == (ics_sim_policy)i);
    }
    EXPECT_STATUS(ics_sim_policy_from_name(&p, "heftier"), ICS_ERR_INVALID_ARGUMENT, "dask-like");
    CHECK(strcmp(ics_sim_policy_name((ics_sim_policy)77), "unknown") == 0);
    ics_sim_durations d;
    OK(ics_sim_durations_from_name(&d, "file"));
    CHECK(d == ICS_SIM_DURATIONS_GIVEN);
    ics_sim_speeds s;
    OK(ics_sim_speeds_from_name(&s, "per-task"));
    CHECK(s == ICS_SIM_SPEEDS_PER_TASK);
    ics_sim_availability a;
    OK(ics_sim_availability_from_name(&a, "volunteer"));
    CHECK(a == ICS_SIM_AVAILABILITY_VOLUNTEER);
    EXPECT_STATUS(ics_sim_availability_from_name(&a, "sometimes"), ICS_ERR_INVALID_ARGUMENT, "churn");
    CHECK(strcmp(ics_sim_metric_name(ICS_SIM_METRIC_MEMORY_PEAK), "memory_peak") == 0);
}

static void test_durations_file(void) {
    const char* data = getenv("ICS_TEST_DATA");
    if (!data) data = "tests/data";
    char path[1024];
    snprintf(path, sizeof path, "%s/stg/rand0000.stg", data);
    ics_dag* dag = NULL;
    OK(ics_dag_read_file(&dag, path, NULL));
    uint32_t n = 0, id = 0;
    OK(ics_dag_node_count(&n, dag));
    size_t count = 0;
    OK(ics_dag_read_durations(NULL, 0, &count, dag, path, ICS_FORMAT_AUTO));
    CHECK(count == n);
    double* d = malloc(n * sizeof *d);
    EXPECT_STATUS(ics_dag_read_durations(d, 1, &count, dag, path, ICS_FORMAT_AUTO), ICS_ERR_BUFFER_TOO_SMALL, "");
    OK(ics_dag_read_durations(d, n, &count, dag, path, ICS_FORMAT_AUTO));
    OK(ics_dag_node_id(&id, dag, "1"));
    CHECK(d[id] == 9.0); /* "1 9 1 0" */
    free(d);
    snprintf(path, sizeof path, "%s/dagman/pegasus_generated_diamond-0.dag", data);
    ics_dag* dm = NULL;
    OK(ics_dag_read_file(&dm, path, NULL));
    EXPECT_STATUS(ics_dag_read_durations(NULL, 0, &count, dm, path, ICS_FORMAT_AUTO), ICS_ERR_UNSUPPORTED,
                  "records no task runtimes");
    ics_dag_destroy(dm);
    EXPECT_STATUS(ics_dag_read_durations(NULL, 0, &count, dag, "/nonexistent/x.stg", ICS_FORMAT_AUTO), ICS_ERR_IO,
                  "cannot read");
    ics_dag_destroy(dag);
}

static void test_bad_calls(void) {
    ics_dag* dag = NULL;
    OK(ics_dag_generate_w(&dag, 3, 2));
    ics_simulation* sim = NULL;
    ics_simulate_options o = ICS_SIMULATE_OPTIONS_INIT;
    double d[2] = {1, 2};
    EXPECT_STATUS(ics_simulate(NULL, dag, NULL, 0, &o), ICS_ERR_INVALID_ARGUMENT, "out");
    EXPECT_STATUS(ics_simulate(&sim, NULL, NULL, 0, &o), ICS_ERR_INVALID_ARGUMENT, "dag");
    EXPECT_STATUS(ics_simulate(&sim, dag, d, 2, &o), ICS_ERR_INVALID_ARGUMENT, "2 values for");
    EXPECT_STATUS(ics_simulate(&sim, dag, NULL, 3, &o), ICS_ERR_INVALID_ARGUMENT, "NULL");
    o.workers = 0;
    EXPECT_STATUS(ics_simulate(&sim, dag, NULL, 0, &o), ICS_ERR_INVALID_ARGUMENT, "workers");
    o.workers = 2;
    o.durations = ICS_SIM_DURATIONS_GIVEN;
    EXPECT_STATUS(ics_simulate(&sim, dag, NULL, 0, &o), ICS_ERR_INVALID_ARGUMENT, "no durations");
    o.durations = ICS_SIM_DURATIONS_UNIT;
    o.failure_probability = 1.5;
    EXPECT_STATUS(ics_simulate(&sim, dag, NULL, 0, &o), ICS_ERR_INVALID_ARGUMENT, "failure_probability");
    o.failure_probability = 0;
    o.policy = (ics_sim_policy)42;
    EXPECT_STATUS(ics_simulate(&sim, dag, NULL, 0, &o), ICS_ERR_INVALID_ARGUMENT, "policy");
    o.policy = ICS_SIM_POLICY_FIFO;
    o.version = 99;
    EXPECT_STATUS(ics_simulate(&sim, dag, NULL, 0, &o), ICS_ERR_INVALID_ARGUMENT, "version");
    CHECK(sim == NULL);
    OK(ics_simulate(&sim, dag, NULL, 0, NULL)); /* defaults */
    uint32_t runs = 0;
    EXPECT_STATUS(ics_simulation_run_count(&runs, (const ics_simulation*)dag), ICS_ERR_MISUSE, "simulation");
    ics_simulation_destroy(sim);
    ics_simulation_destroy(NULL);
    ics_dag* cyc = NULL;
    OK(ics_dag_create(&cyc));
    uint32_t a = 0, b = 0;
    OK(ics_dag_add_node(&a, cyc, "a"));
    OK(ics_dag_add_node(&b, cyc, "b"));
    OK(ics_dag_add_arc(cyc, a, b));
    OK(ics_dag_add_arc(cyc, b, a));
    EXPECT_STATUS(ics_simulate(&sim, cyc, NULL, 0, NULL), ICS_ERR_CYCLE, "cycle");
    ics_dag_destroy(cyc);
    ics_dag_destroy(dag);
}

int main(void) {
    test_hand_computed();
    test_runs_and_summaries();
    test_names();
    test_durations_file();
    test_bad_calls();
    return CHECK_REPORT();
}
