/*
 * schedule_example — the typical use of the icsched C API.
 *
 *   schedule_example [FILE [POLICY]]
 *
 * 1. Get a dag: read a workflow FILE (format detected), or build one by hand.
 * 2. Compute an execution order with a policy (fifo, lifo, level, random, postorder).
 * 3. Evaluate the order with the IC pebble game.
 * 4. Print the order, the eligibility profile E(t), the memory cost and AREA.
 *
 * With no FILE it builds the diamond a -> {b, c} -> d and also checks the
 * result (E = 1 2 1 1 0, memory 2, AREA 5), so that it doubles as a test.
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
    ics_profile* profile = NULL;
    uint32_t* order = NULL;
    uint32_t* eligible = NULL;

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

    /* 2. An execution order: n node ids. */
    ics_policy policy;
    CHECK(ics_policy_from_name(&policy, policy_name));
    order = malloc(((size_t)n + 1) * sizeof *order);
    eligible = malloc(((size_t)n + 1) * sizeof *eligible);
    if (!order || !eligible) {
        fprintf(stderr, "schedule_example: out of memory\n");
        goto done;
    }
    CHECK(ics_dag_order(order, n, NULL, dag, policy, /*seed=*/42));

    /* 3. Play the pebble game with it. */
    CHECK(ics_profile_evaluate(&profile, dag, order, n));
    uint32_t steps = 0, memory = 0;
    uint64_t area = 0;
    CHECK(ics_profile_steps(&steps, profile)); /* = n */
    CHECK(ics_profile_eligible(eligible, (size_t)steps + 1, NULL, profile));
    CHECK(ics_profile_memory(&memory, profile));
    CHECK(ics_profile_area(&area, profile));

    /* 4. Report. */
    printf("dag: %s, %u nodes, policy %s\n", file ? file : "diamond (built by hand)", (unsigned)n,
           ics_policy_name(policy));
    printf("order:");
    for (uint32_t k = 0; k < n; ++k) {
        const char* name = NULL;
        CHECK(ics_dag_node_name(&name, dag, order[k]));
        printf(" %s", name);
    }
    printf("\nE(t), t = 0..%u:", (unsigned)steps);
    for (uint32_t t = 0; t <= steps; ++t) printf(" %u", (unsigned)eligible[t]);
    printf("\nmemory: %u\nAREA: %llu\n", (unsigned)memory, (unsigned long long)area);

    if (!file) { /* the diamond's known answer */
        const uint32_t expected[] = {1, 2, 1, 1, 0};
        if (strcmp(policy_name, "fifo") == 0 &&
            (steps != 4 || memcmp(eligible, expected, sizeof expected) != 0 || memory != 2 || area != 5)) {
            fprintf(stderr, "schedule_example: unexpected result for the diamond\n");
            goto done;
        }
    }
    exit_code = EXIT_SUCCESS;

done:
    ics_profile_destroy(profile);
    ics_dag_destroy(dag);
    free(order);
    free(eligible);
    return exit_code;
}
