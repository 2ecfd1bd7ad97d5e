/* The Threads contract of ics.h: calls that take a handle const may run
 * concurrently on the same handle. A dag built by hand is frozen by the first
 * query (under the handle's lock), so every thread starts on the unfrozen dag
 * at once; each checks its results against the ones computed alone, and that
 * ics_last_error_message() is per thread. */
#define _POSIX_C_SOURCE 200809L /* pthread barriers under -std=c11 */
#include <ics/ics.h>

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { THREADS = 8, ROUNDS = 20, SIDE = 12 };

static ics_dag* shared_dag;
static uint32_t expected_nodes;
static uint32_t expected_order[SIDE * SIDE];
static uint64_t expected_area;
static pthread_barrier_t start;

static int fail(const char* what) {
    fprintf(stderr, "threads_test: %s (%s)\n", what, ics_last_error_message());
    return 1;
}

/* A wavefront grid built node by node: every query needs the frozen form. */
static ics_dag* build(void) {
    ics_dag* dag = NULL;
    if (ics_dag_create(&dag) != ICS_OK) return NULL;
    char name[32];
    for (int i = 0; i < SIDE; ++i)
        for (int j = 0; j < SIDE; ++j) {
            snprintf(name, sizeof name, "n%d_%d", i, j);
            if (ics_dag_add_node(NULL, dag, name) != ICS_OK) return NULL;
        }
    for (int i = 0; i < SIDE; ++i)
        for (int j = 0; j < SIDE; ++j) {
            const uint32_t v = (uint32_t)(i * SIDE + j);
            if (i + 1 < SIDE && ics_dag_add_arc(dag, v, v + SIDE) != ICS_OK) return NULL;
            if (j + 1 < SIDE && ics_dag_add_arc(dag, v, v + 1) != ICS_OK) return NULL;
        }
    return dag;
}

/* What every thread computes: node count, names, the schedule and its AREA. */
static int compute(uint32_t* nodes, uint32_t* order, uint64_t* area) {
    ics_schedule_result* s = NULL;
    int rc = 1;
    if (ics_dag_node_count(nodes, shared_dag) != ICS_OK) return fail("node_count");
    const char* name = NULL;
    if (ics_dag_node_name(&name, shared_dag, *nodes - 1) != ICS_OK || strcmp(name, "n11_11") != 0)
        return fail("node_name");
    if (ics_schedule(&s, shared_dag, NULL) != ICS_OK) return fail("schedule");
    if (ics_schedule_result_order(order, SIDE * SIDE, NULL, s) != ICS_OK) goto done;
    if (ics_schedule_result_area(area, s) != ICS_OK) goto done;
    rc = 0;
done:
    ics_schedule_result_destroy(s);
    return rc;
}

static void* worker(void* arg) {
    const long id = (long)arg;
    pthread_barrier_wait(&start);
    for (int r = 0; r < ROUNDS; ++r) {
        uint32_t nodes = 0, order[SIDE * SIDE];
        uint64_t area = 0;
        if (compute(&nodes, order, &area) != 0) return (void*)1;
        if (nodes != expected_nodes || area != expected_area || memcmp(order, expected_order, sizeof order) != 0) {
            fprintf(stderr, "threads_test: thread %ld round %d differs\n", id, r);
            return (void*)1;
        }
        /* A failing call on odd threads: its message stays on that thread. */
        if (id % 2 == 1) {
            uint32_t missing = 0;
            if (ics_dag_node_id(&missing, shared_dag, "no-such-node") != ICS_ERR_UNKNOWN_NODE) return (void*)1;
            if (strstr(ics_last_error_message(), "no-such-node") == NULL) return (void*)1;
        } else if (ics_last_error_message()[0] != '\0') {
            fprintf(stderr, "threads_test: thread %ld sees another thread's error: %s\n", id, ics_last_error_message());
            return (void*)1;
        }
    }
    return NULL;
}

int main(void) {
    /* Alone first, on a dag of its own, for the expected answers. */
    shared_dag = build();
    if (!shared_dag || compute(&expected_nodes, expected_order, &expected_area) != 0) return fail("reference");
    ics_dag_destroy(shared_dag);

    /* Then the threads, all starting on a fresh unfrozen dag. */
    shared_dag = build();
    if (!shared_dag) return fail("build");
    pthread_barrier_init(&start, NULL, THREADS);
    pthread_t threads[THREADS];
    for (long t = 0; t < THREADS; ++t)
        if (pthread_create(&threads[t], NULL, worker, (void*)t) != 0) return fail("pthread_create");
    int failed = 0;
    for (int t = 0; t < THREADS; ++t) {
        void* result = NULL;
        pthread_join(threads[t], &result);
        failed |= result != NULL;
    }
    pthread_barrier_destroy(&start);
    ics_dag_destroy(shared_dag);
    if (failed) return 1;
    printf("threads_test: %d threads x %d rounds agree (area %llu)\n", THREADS, ROUNDS,
           (unsigned long long)expected_area);
    return 0;
}
