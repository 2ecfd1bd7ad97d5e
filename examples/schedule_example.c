/*
 * schedule_example — schedule a workflow IC-optimally with the icsched C API.
 *
 *   schedule_example [FILE [POLICY]]
 *
 * 1. Get a dag: read a workflow FILE (format detected from its name and
 *    content), or build the diamond a -> {b, c} -> d by hand.
 * 2. ics_schedule: an execution order that keeps as many tasks ELIGIBLE as
 *    possible at every step, proven IC-optimal (with its certificate: the
 *    building blocks and their ▷-linearization) or heuristic (with the reason).
 * 3. Play a baseline POLICY (fifo, lifo, level, random, postorder; default
 *    fifo) in the IC pebble game and compare: an IC-optimal schedule is never
 *    behind it, at any step.
 *
 * It checks what it prints (the diamond's known answer; never behind the
 * baseline when proven), so it doubles as a test.
 *
 * Build against an installed icsched:
 *   cc -o schedule_example schedule_example.c $(pkg-config --cflags --libs ics)
 */
#include <ics/ics.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Runs an API call; on failure prints the library's message and jumps to `done`. */
#define CHECK(call)                                                                          \
    do {                                                                                     \
        ics_status status_ = (call);                                                         \
        if (status_ != ICS_OK) {                                                             \
            fprintf(stderr, "schedule_example: %s (%s)\n", ics_last_error_message(),         \
                    ics_status_string(status_));                                             \
            goto done;                                                                       \
        }                                                                                    \
    } while (0)

int main(int argc, char** argv) {
    const char* file = argc > 1 ? argv[1] : NULL;
    const char* policy_name = argc > 2 ? argv[2] : "fifo";
    int exit_code = EXIT_FAILURE;
    ics_dag* dag = NULL;
    ics_schedule_result* schedule = NULL;
    ics_profile* baseline = NULL;
    uint32_t* order = NULL;
    uint32_t* eligible = NULL;
    uint32_t* base_eligible = NULL;
    uint32_t* block_sources = NULL;

    /* 1. The dag. */
    if (file) {
        CHECK(ics_dag_read_file(&dag, file, NULL)); /* NULL options: detect the format */
    } else {
        CHECK(ics_dag_create(&dag));
        const char* names[] = {"a", "b", "c", "d"};
        for (int k = 0; k < 4; ++k) CHECK(ics_dag_add_node(NULL, dag, names[k]));
        CHECK(ics_dag_add_arc_by_name(dag, "a", "b"));
        CHECK(ics_dag_add_arc_by_name(dag, "a", "c"));
        CHECK(ics_dag_add_arc_by_name(dag, "b", "d"));
        CHECK(ics_dag_add_arc_by_name(dag, "c", "d"));
        CHECK(ics_dag_validate(dag)); /* acyclic? */
    }
    uint32_t n = 0;
    CHECK(ics_dag_node_count(&n, dag));
    order = malloc(((size_t)n + 1) * sizeof *order); /* buffers the caller owns: n ids, n+1 counts */
    eligible = malloc(((size_t)n + 1) * sizeof *eligible);
    base_eligible = malloc(((size_t)n + 1) * sizeof *base_eligible);
    block_sources = malloc(((size_t)n + 1) * sizeof *block_sources);
    if (!order || !eligible || !base_eligible || !block_sources) {
        fprintf(stderr, "schedule_example: out of memory\n");
        goto done;
    }

    /* 2. The IC-optimal schedule (NULL options: the defaults). */
    ics_schedule_options options = ICS_SCHEDULE_OPTIONS_INIT;
    options.objective = ICS_OBJECTIVE_ELIGIBILITY;
    CHECK(ics_schedule(&schedule, dag, &options));
    ics_schedule_status status;
    ics_schedule_method method;
    const char* reason = NULL; /* owned by the result */
    uint32_t memory = 0, blocks = 0;
    uint64_t area = 0;
    CHECK(ics_schedule_result_status(&status, schedule));
    CHECK(ics_schedule_result_method(&method, schedule));
    CHECK(ics_schedule_result_reason(&reason, schedule));
    CHECK(ics_schedule_result_order(order, n, NULL, schedule));
    CHECK(ics_schedule_result_eligible(eligible, (size_t)n + 1, NULL, schedule));
    CHECK(ics_schedule_result_memory(&memory, schedule));
    CHECK(ics_schedule_result_area(&area, schedule));
    CHECK(ics_schedule_result_block_count(&blocks, schedule));

    printf("dag: %s, %u nodes\n", file ? file : "diamond (built by hand)", (unsigned)n);
    printf("schedule: %s by %s%s%s\n", ics_schedule_status_name(status), ics_schedule_method_name(method),
           *reason ? ": " : "", reason);
    printf("order:");
    for (uint32_t k = 0; k < n; ++k) {
        const char* name = NULL; /* owned by the dag */
        CHECK(ics_dag_node_name(&name, dag, order[k]));
        printf(" %s", name);
    }
    printf("\nE(t), t = 0..%u:", (unsigned)n);
    for (uint32_t t = 0; t <= n; ++t) printf(" %u", (unsigned)eligible[t]);
    printf("\nmemory: %u, AREA: %llu\n", (unsigned)memory, (unsigned long long)area);

    /* The certificate: each building block with its shape and schedule. */
    printf("building blocks: %u\n", (unsigned)blocks);
    for (uint32_t b = 0; b < blocks && b < 10; ++b) {
        ics_block_info info = ICS_BLOCK_INFO_INIT;
        size_t count = 0;
        CHECK(ics_schedule_result_block(&info, schedule, b));
        /* The size query (NULL, 0) gives the length; here the buffer is big enough anyway. */
        CHECK(ics_schedule_result_block_sources(block_sources, (size_t)n + 1, &count, schedule, b));
        printf("  block %u: %s (%s), %u sources, %u sinks, %s\n", (unsigned)b, info.shape, info.kind,
               (unsigned)info.sources, (unsigned)info.sinks, info.proven ? "proven" : "not proven");
    }

    /* 3. A baseline policy in the IC pebble game. */
    ics_policy policy;
    CHECK(ics_policy_from_name(&policy, policy_name));
    CHECK(ics_dag_order(order, n, NULL, dag, policy, /*seed=*/42));
    CHECK(ics_profile_evaluate(&baseline, dag, order, n));
    uint64_t base_area = 0;
    CHECK(ics_profile_eligible(base_eligible, (size_t)n + 1, NULL, baseline));
    CHECK(ics_profile_area(&base_area, baseline));
    printf("%s: AREA %llu (icsched %llu)\n", ics_policy_name(policy), (unsigned long long)base_area,
           (unsigned long long)area);

    if (status == ICS_SCHEDULE_IC_OPTIMAL) {
        for (uint32_t t = 0; t <= n; ++t) {
            if (eligible[t] < base_eligible[t]) {
                fprintf(stderr, "schedule_example: IC-optimal schedule behind %s at step %u\n", policy_name,
                        (unsigned)t);
                goto done;
            }
        }
    }
    if (!file) { /* the diamond's known answer */
        const uint32_t expected[] = {1, 2, 1, 1, 0};
        if (status != ICS_SCHEDULE_IC_OPTIMAL || memcmp(eligible, expected, sizeof expected) != 0 || area != 5) {
            fprintf(stderr, "schedule_example: unexpected result for the diamond\n");
            goto done;
        }
    }
    exit_code = EXIT_SUCCESS;

done:
    ics_profile_destroy(baseline); /* destroy functions accept NULL */
    ics_schedule_result_destroy(schedule);
    ics_dag_destroy(dag);
    free(order);
    free(eligible);
    free(base_eligible);
    free(block_sources);
    return exit_code;
}
