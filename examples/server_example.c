/* The IC server from C: runs a real workflow through ics_server with
 * simulated workers of different speeds, printing progress.
 *
 *   server_example [WORKFLOW_FILE [JOURNAL]]   (default examples/workflows/Montage_25.xml)
 *
 * A discrete-event simulation on a virtual clock: four workers take 1, 2, 3
 * and 5 time units per task; whenever a worker is idle it asks the server
 * for a task, and the worker that finishes first reports it. Worker 3 (the
 * slowest) fails its first task once (it goes back to the pool) and later
 * vanishes with a task in hand; the server's lease (10 units) returns that
 * task to the pool and another worker runs it. At the end the example checks
 * what it claims: every task executed once, parents first, and E(t) as
 * played equal to a replay of the completion order. With JOURNAL, every
 * event is journaled and the journal is reopened at the end to show the
 * same state. */
#include <ics/ics.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { WORKERS = 4, NONE = -1 };

static const char* name_of(const ics_dag* dag, uint32_t id) {
    const char* n = "?";
    ics_dag_node_name(&n, dag, id);
    return n;
}

static int fail_with(ics_status st, const char* what) {
    fprintf(stderr, "server_example: %s: %s (%s)\n", what, ics_last_error_message(), ics_status_string(st));
    return 1;
}

int main(int argc, char** argv) {
    const char* path = argc > 1 ? argv[1] : ICS_EXAMPLE_WORKFLOW;
    const char* journal = argc > 2 ? argv[2] : NULL;
    const uint64_t speed[WORKERS] = {1, 2, 3, 5};
    ics_dag* dag = NULL;
    ics_status st = ics_dag_read_file(&dag, path, NULL);
    if (st != ICS_OK) return fail_with(st, path);
    uint32_t n = 0;
    ics_dag_node_count(&n, dag);

    ics_server_options opts = ICS_SERVER_OPTIONS_INIT;
    opts.lease = 10;
    opts.retry_limit = 2;
    opts.journal = journal;
    opts.fsync = ICS_FSYNC_EVERY_N;
    opts.fsync_every = 100;
    if (journal) remove(journal);
    ics_server* server = NULL;
    if ((st = ics_server_create(&server, dag, &opts)) != ICS_OK) return fail_with(st, "ics_server_create");

    int64_t task[WORKERS];
    uint64_t finish[WORKERS];
    int failed_once = 0, vanished = 0;
    for (int w = 0; w < WORKERS; ++w) task[w] = NONE;
    uint64_t now = 0;
    uint32_t* newly = malloc(sizeof(uint32_t) * (n + 1));
    if (!newly) return 1;
    printf("%s: %u tasks, %d workers (speeds 1 2 3 5), lease 10\n", path, n, WORKERS);
    for (;;) {
        /* Idle workers ask. */
        for (int w = 0; w < WORKERS; ++w) {
            if (task[w] != NONE || (w == 3 && vanished == 2)) continue;
            uint32_t t = 0;
            size_t got = 0;
            if ((st = ics_server_request(&t, 1, &got, server, (uint32_t)w, 1)) != ICS_OK)
                return fail_with(st, "ics_server_request");
            if (got == 0) continue;
            task[w] = t;
            finish[w] = now + speed[w];
            printf("t=%3llu  worker %d takes %s\n", (unsigned long long)now, w, name_of(dag, t));
        }
        /* The next event: the earliest finish, or the lease of the vanished worker's task. */
        int next = NONE;
        for (int w = 0; w < WORKERS; ++w)
            if (task[w] != NONE && (next == NONE || finish[w] < finish[next])) next = w;
        ics_server_counts c = ICS_SERVER_COUNTS_INIT;
        ics_server_counts_get(&c, server);
        if (next == NONE) {
            if (c.running == 0) break; /* nothing running, nothing eligible: done */
            /* only the vanished worker's task is out: wait for its lease */
            now += 1;
            size_t back = 0;
            if ((st = ics_server_expire(newly, n, &back, server, now)) != ICS_OK) return fail_with(st, "expire");
            for (size_t i = 0; i < back; ++i)
                printf("t=%3llu  lease of %s ran out: back to the pool\n", (unsigned long long)now,
                       name_of(dag, newly[i]));
            continue;
        }
        now = finish[next];
        size_t back = 0;
        if ((st = ics_server_expire(newly, n, &back, server, now)) != ICS_OK) return fail_with(st, "expire");
        for (size_t i = 0; i < back; ++i)
            printf("t=%3llu  lease of %s ran out: back to the pool\n", (unsigned long long)now, name_of(dag, newly[i]));
        const uint32_t t = (uint32_t)task[next];
        task[next] = NONE;
        if (next == 3 && !failed_once) {
            failed_once = 1;
            int failed = 0;
            if ((st = ics_server_fail(&failed, NULL, server, t)) != ICS_OK) return fail_with(st, "ics_server_fail");
            printf("t=%3llu  worker 3 failed %s: %s\n", (unsigned long long)now, name_of(dag, t),
                   failed ? "failed for good" : "back to the pool");
            continue;
        }
        if (next == 3 && vanished == 0 && c.executed > n / 3) {
            vanished = 2; /* gone with its task: never reports it */
            printf("t=%3llu  worker 3 vanishes holding %s\n", (unsigned long long)now, name_of(dag, t));
            continue;
        }
        size_t made = 0;
        if ((st = ics_server_complete(newly, n, &made, server, t)) != ICS_OK) return fail_with(st, "complete");
        ics_server_counts_get(&c, server);
        printf("t=%3llu  worker %d done %s: %zu newly eligible; %u/%u executed, %u eligible, %u running\n",
               (unsigned long long)now, next, name_of(dag, t), made, c.executed, n, c.eligible, c.running);
    }

    /* Check the claims. */
    ics_server_counts c = ICS_SERVER_COUNTS_INIT;
    ics_server_counts_get(&c, server);
    uint32_t* done = malloc(sizeof(uint32_t) * (n + 1));
    uint32_t* played = malloc(sizeof(uint32_t) * (n + 2));
    size_t nd = 0, np = 0;
    if (!done || !played) return 1;
    if ((st = ics_server_tasks(done, n, &nd, server, ICS_TASK_EXECUTED)) != ICS_OK) return fail_with(st, "tasks");
    if ((st = ics_server_profile_played(played, n + 1, &np, server)) != ICS_OK) return fail_with(st, "profile");
    ics_profile* replay = NULL;
    if ((st = ics_profile_evaluate(&replay, dag, done, nd)) != ICS_OK) return fail_with(st, "completion order");
    uint32_t* e = malloc(sizeof(uint32_t) * (n + 1));
    size_t ne = 0;
    if (!e) return 1;
    ics_profile_eligible(e, n + 1, &ne, replay);
    const int ok = c.executed == n && nd == n && ne == np && memcmp(e, played, ne * sizeof *e) == 0 && vanished &&
                   failed_once;
    printf("finished at t=%llu: %u/%u executed, E(t) as played:", (unsigned long long)now, c.executed, n);
    for (size_t i = 0; i < np; ++i) printf(" %u", played[i]);
    printf("\n");
    ics_profile_destroy(replay);
    ics_server_destroy(server);
    if (ok && journal) {
        ics_server* again = NULL;
        if ((st = ics_server_open(&again, dag, &opts)) != ICS_OK) return fail_with(st, "ics_server_open");
        ics_server_counts r = ICS_SERVER_COUNTS_INIT;
        ics_server_counts_get(&r, again);
        printf("journal %s reopened: %u executed, %u running\n", journal, r.executed, r.running);
        ics_server_destroy(again);
        if (r.executed != n) return 1;
    }
    free(e);
    free(done);
    free(played);
    free(newly);
    ics_dag_destroy(dag);
    if (!ok) {
        fprintf(stderr, "server_example: the run did not execute every task once with the played E(t)\n");
        return 1;
    }
    return 0;
}
