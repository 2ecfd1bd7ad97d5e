/* The IC server's C API seen from C: one worker replays ics_schedule's order,
 * every status (unknown task, not running, twice, failed task, foreign
 * handle, short buffers, clock going back, journal on a bad path, journal of
 * another dag) with the state unchanged, retries and blocking, leases,
 * release, the journal reopened with tasks in doubt and a torn tail cut. */
#define _DEFAULT_SOURCE /* truncate */
#include <ics/ics.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"

static ics_server_counts counts(const ics_server* s) {
    ics_server_counts c = ICS_SERVER_COUNTS_INIT;
    OK(ics_server_counts_get(&c, s));
    return c;
}

static void test_replays_schedule(void) {
    ics_dag* dag = NULL;
    OK(ics_dag_generate_fft(&dag, 3));
    ics_schedule_result* sched = NULL;
    OK(ics_schedule(&sched, dag, NULL));
    uint32_t order[64];
    size_t n = 0;
    OK(ics_schedule_result_order(order, 64, &n, sched));
    ics_server* s = NULL;
    OK(ics_server_create(&s, dag, NULL));
    uint32_t plan[64];
    size_t pn = 0;
    OK(ics_server_plan_order(plan, 64, &pn, s));
    CHECK(pn == n && memcmp(plan, order, n * sizeof *order) == 0);
    for (size_t i = 0; i < n; ++i) {
        uint32_t t = 0, newly[8];
        size_t got = 0, nn = 0;
        OK(ics_server_request(&t, 1, &got, s, 1, 1));
        CHECK(got == 1 && t == order[i]);
        OK(ics_server_complete(newly, 8, &nn, s, t));
    }
    uint32_t t = 0;
    size_t got = 7;
    OK(ics_server_request(&t, 1, &got, s, 1, 1));
    CHECK(got == 0);
    ics_server_counts c = counts(s);
    CHECK(c.executed == n && c.running == 0 && c.eligible == 0);
    uint32_t played[65], planned[65];
    size_t a = 0, b = 0;
    OK(ics_server_profile_played(played, 65, &a, s));
    OK(ics_server_profile_plan(planned, 65, &b, s));
    CHECK(a == n + 1 && b == n + 1 && memcmp(played, planned, a * sizeof *played) == 0);
    ics_server_destroy(s);
    ics_schedule_result_destroy(sched);
    ics_dag_destroy(dag);
}

static void test_errors(void) {
    ics_dag* dag = NULL;
    OK(ics_dag_generate_reduction_tree(&dag, 2)); /* 7 tasks */
    ics_server_options o;
    OK(ics_server_options_init(&o, ICS_SERVER_OPTIONS_VERSION));
    EXPECT_STATUS(ics_server_options_init(&o, 99), ICS_ERR_INVALID_ARGUMENT, "version");
    OK(ics_server_options_init(&o, ICS_SERVER_OPTIONS_VERSION));
    o.retry_limit = 1;
    o.lease = 10;
    ics_server* s = NULL;
    EXPECT_STATUS(ics_server_create(NULL, dag, &o), ICS_ERR_INVALID_ARGUMENT, "out");
    o.multi = (ics_server_multi)17;
    EXPECT_STATUS(ics_server_create(&s, dag, &o), ICS_ERR_INVALID_ARGUMENT, "multi");
    o.multi = ICS_SERVER_MULTI_BEST;
    OK(ics_server_create(&s, dag, &o));
    uint32_t buf[8];
    size_t cnt = 0;
    EXPECT_STATUS(ics_server_request(buf, 1, &cnt, s, 0, 3), ICS_ERR_BUFFER_TOO_SMALL, "buffer");
    CHECK(cnt == 3 && counts(s).running == 0);
    EXPECT_STATUS(ics_server_request(buf, 8, &cnt, s, 0, 0), ICS_ERR_INVALID_ARGUMENT, "k");
    OK(ics_server_request(buf, 8, &cnt, s, 5, 2));
    CHECK(cnt == 2 && counts(s).running == 2);
    const uint32_t a = buf[0], b = buf[1];
    EXPECT_STATUS(ics_server_complete(NULL, 0, NULL, s, 99), ICS_ERR_UNKNOWN_NODE, "not a task");
    uint32_t other = 0;
    while (other == a || other == b) ++other;
    EXPECT_STATUS(ics_server_complete(NULL, 0, NULL, s, other), ICS_ERR_INVALID_ARGUMENT, "not running");
    EXPECT_STATUS(ics_server_complete(NULL, 0, NULL, (ics_server*)dag, a), ICS_ERR_MISUSE, "server");
    EXPECT_STATUS(ics_server_complete(NULL, 0, NULL, NULL, a), ICS_ERR_INVALID_ARGUMENT, "server");
    OK(ics_server_complete(NULL, 0, &cnt, s, a));
    EXPECT_STATUS(ics_server_complete(NULL, 0, NULL, s, a), ICS_ERR_INVALID_ARGUMENT, "executed");
    CHECK(counts(s).executed == 1);
    /* fail twice with retry_limit 1: failed, its parent and the root blocked */
    int failed = -1;
    uint32_t blocked = 99;
    OK(ics_server_fail(&failed, &blocked, s, b));
    CHECK(failed == 0 && blocked == 0);
    ics_task_state st;
    OK(ics_server_task_state(&st, s, b));
    CHECK(st == ICS_TASK_ELIGIBLE);
    OK(ics_server_request(buf, 8, &cnt, s, 5, 1));
    CHECK(cnt == 1 && buf[0] == b);
    OK(ics_server_fail(&failed, &blocked, s, b));
    CHECK(failed == 1 && blocked == 2);
    EXPECT_STATUS(ics_server_fail(NULL, NULL, s, b), ICS_ERR_INVALID_ARGUMENT, "failed");
    OK(ics_server_tasks(NULL, 0, &cnt, s, ICS_TASK_BLOCKED));
    CHECK(cnt == 2);
    CHECK(strcmp(ics_task_state_name(ICS_TASK_BLOCKED), "blocked") == 0);
    /* leases: hand out at time 0, expire at 10 */
    OK(ics_server_request(buf, 8, &cnt, s, 6, 2));
    CHECK(cnt == 2);
    OK(ics_server_tick(s, 5));
    EXPECT_STATUS(ics_server_tick(s, 4), ICS_ERR_INVALID_ARGUMENT, "back");
    OK(ics_server_expire(buf, 8, &cnt, s, 9));
    CHECK(cnt == 0);
    EXPECT_STATUS(ics_server_expire(buf, 1, &cnt, s, 10), ICS_ERR_BUFFER_TOO_SMALL, "buffer");
    CHECK(cnt == 2 && counts(s).running == 2);
    OK(ics_server_expire(buf, 8, &cnt, s, 10));
    CHECK(cnt == 2 && counts(s).running == 0);
    /* release */
    OK(ics_server_request(buf, 8, &cnt, s, 7, 1));
    uint32_t held[4], who[4];
    OK(ics_server_holdings(held, who, 4, &cnt, s));
    CHECK(cnt == 1 && who[0] == 7);
    OK(ics_server_release(buf, 8, &cnt, s, 7));
    CHECK(cnt == 1 && buf[0] == held[0] && counts(s).running == 0);
    OK(ics_server_replan(s));
    EXPECT_STATUS(ics_server_snapshot(s), ICS_ERR_INVALID_ARGUMENT, "journal");
    ics_server_destroy(s);
    ics_server_destroy(NULL);
    ics_dag_destroy(dag);
}

static void test_journal(void) {
    char path[256];
    snprintf(path, sizeof path, "%s/ics_c_server_%d.jnl", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp", (int)getpid());
    remove(path);
    ics_dag* dag = NULL;
    OK(ics_dag_generate_fft(&dag, 2));
    ics_server_options o = ICS_SERVER_OPTIONS_INIT;
    o.journal = path;
    o.fsync = ICS_FSYNC_EVERY_N;
    o.fsync_every = 2;
    ics_server* s = NULL;
    OK(ics_server_create(&s, dag, &o));
    uint32_t buf[16];
    size_t cnt = 0;
    OK(ics_server_request(buf, 16, &cnt, s, 1, 3));
    OK(ics_server_complete(NULL, 0, NULL, s, buf[0]));
    const uint32_t doubt1 = buf[1], doubt2 = buf[2];
    ics_server_destroy(s);
    /* a second create over it is refused; open replays */
    EXPECT_STATUS(ics_server_create(&s, dag, &o), ICS_ERR_INVALID_ARGUMENT, "exists");
    OK(ics_server_open(&s, dag, &o));
    ics_server_counts c = counts(s);
    CHECK(c.executed == 1 && c.running == 2);
    OK(ics_server_in_doubt(buf, 16, &cnt, s));
    CHECK(cnt == 2 && ((buf[0] == doubt1 && buf[1] == doubt2) || (buf[0] == doubt2 && buf[1] == doubt1)));
    OK(ics_server_complete(NULL, 0, NULL, s, doubt1));
    OK(ics_server_in_doubt(buf, 16, &cnt, s));
    CHECK(cnt == 1 && buf[0] == doubt2);
    ics_server_destroy(s);
    /* a torn tail: the last record loses 3 bytes */
    FILE* f = fopen(path, "rb");
    CHECK(f != NULL);
    fseek(f, 0, SEEK_END);
    const long size = ftell(f);
    fclose(f);
    CHECK(truncate(path, size - 3) == 0);
    OK(ics_server_open(&s, dag, &o));
    uint64_t records = 0, cut = 0;
    const char* msg = NULL;
    OK(ics_server_recovery(&records, &cut, &msg, s));
    CHECK(records == 2 && cut > 0 && strstr(msg, "truncated") != NULL);
    c = counts(s);
    CHECK(c.executed == 1 && c.running == 2); /* the second completion was cut */
    OK(ics_server_snapshot(s));
    ics_server_destroy(s);
    OK(ics_server_open(&s, dag, &o));
    OK(ics_server_recovery(&records, &cut, &msg, s));
    CHECK(records == 1 && cut == 0 && strcmp(msg, "") == 0);
    CHECK(counts(s).executed == 1);
    ics_server_destroy(s);
    /* another dag */
    ics_dag* other = NULL;
    OK(ics_dag_generate_fft(&other, 3));
    EXPECT_STATUS(ics_server_open(&s, other, &o), ICS_ERR_INVALID_ARGUMENT, "another dag");
    ics_dag_destroy(other);
    /* unwritable path; missing journal */
    o.journal = "/proc/no-such-dir/j.jnl";
    EXPECT_STATUS(ics_server_create(&s, dag, &o), ICS_ERR_IO, "journal");
    EXPECT_STATUS(ics_server_open(&s, dag, &o), ICS_ERR_IO, "journal");
    o.journal = NULL;
    EXPECT_STATUS(ics_server_open(&s, dag, &o), ICS_ERR_INVALID_ARGUMENT, "journal");
    remove(path);
    ics_dag_destroy(dag);
}

/* k > 1: the k best, a cluster by rank, a clustering-paper cluster: every
 * task handed out has its parents executed or earlier in the answer. Batches:
 * one task per worker, best rank first. */
static void test_multi_and_batch(void) {
    ics_dag* dag = NULL;
    OK(ics_dag_generate_reduction_tree(&dag, 3)); /* 8 leaves, 15 tasks */
    for (int mode = ICS_SERVER_MULTI_BEST; mode <= ICS_SERVER_MULTI_CLUSTER; ++mode) {
        ics_server_options o = ICS_SERVER_OPTIONS_INIT;
        o.multi = (ics_server_multi)mode;
        ics_server* s = NULL;
        OK(ics_server_create(&s, dag, &o));
        uint32_t got[8];
        size_t n = 0;
        OK(ics_server_request(got, 8, &n, s, 1, 3));
        CHECK(n == 3);
        int cluster_task = 0;
        for (size_t i = 0; i < n; ++i) {
            uint32_t ps[2];
            size_t np = 0;
            OK(ics_dag_parents(ps, 2, &np, dag, got[i]));
            cluster_task |= np > 0;
            for (size_t j = 0; j < np; ++j) {
                int before = 0;
                for (size_t k = 0; k < i; ++k) before |= got[k] == ps[j];
                CHECK(before); /* nothing is executed yet: parents come earlier in the answer */
            }
            ics_task_state st;
            OK(ics_server_task_state(&st, s, got[i]));
            CHECK(st == ICS_TASK_RUNNING);
        }
        if (mode == ICS_SERVER_MULTI_BEST) CHECK(!cluster_task);
        /* a child in a cluster cannot be completed before its parent */
        for (size_t i = 0; i < n; ++i) {
            uint32_t ps[2];
            size_t np = 0;
            OK(ics_dag_parents(ps, 2, &np, dag, got[i]));
            if (np > 0) EXPECT_STATUS(ics_server_complete(NULL, 0, NULL, s, got[i]), ICS_ERR_INVALID_ARGUMENT, "parent");
        }
        ics_server_destroy(s);
    }
    ics_server* s = NULL;
    OK(ics_server_create(&s, dag, NULL));
    const uint32_t workers[3] = {10, 11, 12};
    uint32_t got[3];
    size_t n = 0;
    EXPECT_STATUS(ics_server_request_batch(got, 2, &n, s, workers, 3), ICS_ERR_BUFFER_TOO_SMALL, "buffer");
    CHECK(n == 3);
    EXPECT_STATUS(ics_server_request_batch(got, 3, &n, s, workers, 0), ICS_ERR_INVALID_ARGUMENT, "r");
    OK(ics_server_request_batch(got, 3, &n, s, workers, 3));
    CHECK(n == 3);
    for (size_t i = 0; i < n; ++i) {
        uint32_t held[4];
        size_t nh = 0;
        OK(ics_server_held_by(held, 4, &nh, s, workers[i]));
        CHECK(nh == 1 && held[0] == got[i]);
        uint32_t r0 = 0, r1 = 0;
        if (i > 0) {
            OK(ics_server_rank(&r0, s, got[i - 1]));
            OK(ics_server_rank(&r1, s, got[i]));
            CHECK(r0 < r1);
        }
    }
    /* a batch of leaves: two sibling leaves make their parent eligible (batch paper: the best pairs) */
    ics_server_counts c = counts(s);
    CHECK(c.running == 3 && c.eligible == 5);
    ics_server_destroy(s);
    ics_dag_destroy(dag);
}

int main(void) {
    test_replays_schedule();
    test_multi_and_batch();
    test_errors();
    test_journal();
    return CHECK_REPORT();
}
