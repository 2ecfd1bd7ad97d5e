/*
 * batch_example — batched scheduling: r workers ask for tasks at once.
 *
 *   batch_example [FILE [R]]
 *
 * Plays the Batched IC Pebble Game (Malewicz and Rosenberg, "Batch-Scheduling
 * Dags for Internet-Based Computing", §2.2): at each step R workers (default
 * 3) ask at once, and icsched chooses R ELIGIBLE tasks whose execution leaves
 * the most tasks ELIGIBLE, saying whether the choice is proven optimal. The
 * dag is FILE, or a complete reduction-tree of height 4. Checks that every
 * batch respects its proven bound.
 *
 * Build: cc -o batch_example batch_example.c $(pkg-config --cflags --libs ics)
 */
#include <ics/ics.h>

#include <stdio.h>
#include <stdlib.h>

#define CHECK(call)                                                                          \
    do {                                                                                     \
        ics_status status_ = (call);                                                         \
        if (status_ != ICS_OK) {                                                             \
            fprintf(stderr, "batch_example: %s (%s)\n", ics_last_error_message(),            \
                    ics_status_string(status_));                                             \
            goto done;                                                                       \
        }                                                                                    \
    } while (0)

int main(int argc, char** argv) {
    int exit_code = EXIT_FAILURE;
    ics_dag* dag = NULL;
    ics_batch_play_result* play = NULL;
    uint32_t* requests = NULL;
    uint32_t* ids = NULL;
    const uint32_t r = argc > 2 ? (uint32_t)strtoul(argv[2], NULL, 10) : 3;
    if (argc > 1)
        CHECK(ics_dag_read_file(&dag, argv[1], NULL));
    else
        CHECK(ics_dag_generate_reduction_tree(&dag, 4));
    if (r == 0) {
        fprintf(stderr, "batch_example: R must be at least 1\n");
        goto done;
    }
    uint32_t n = 0;
    CHECK(ics_dag_node_count(&n, dag));
    /* At most n batches: each runs at least one task until all have run. */
    requests = malloc((size_t)n * sizeof *requests);
    ids = malloc((size_t)n * sizeof *ids);
    if (!requests || !ids) {
        fprintf(stderr, "batch_example: out of memory\n");
        goto done;
    }
    for (uint32_t t = 0; t < n; ++t) requests[t] = r;

    ics_batch_options options = ICS_BATCH_OPTIONS_INIT; /* AUTO: the best method per component */
    CHECK(ics_batch_play(&play, dag, NULL, 0, requests, n, &options));
    uint32_t batches = 0;
    CHECK(ics_batch_play_result_count(&batches, play));
    uint32_t optimal_batches = 0, done_tasks = 0;
    for (uint32_t t = 0; t < batches && done_tasks < n; ++t) {
        const ics_batch_result* batch = NULL; /* owned by the play */
        size_t count = 0;
        uint32_t after = 0, bound = 0;
        int optimal = 0;
        ics_batch_method method;
        CHECK(ics_batch_play_result_batch(&batch, play, t));
        CHECK(ics_batch_result_selected(ids, n, &count, batch));
        CHECK(ics_batch_result_eligible_after(&after, batch));
        CHECK(ics_batch_result_bound_after(&bound, batch));
        CHECK(ics_batch_result_optimal(&optimal, batch));
        CHECK(ics_batch_result_method(&method, batch));
        printf("batch %u (%s%s):", (unsigned)t + 1, ics_batch_method_name(method), optimal ? ", optimal" : "");
        for (size_t k = 0; k < count; ++k) {
            const char* name = NULL;
            CHECK(ics_dag_node_name(&name, dag, ids[k]));
            printf(" %s", name);
        }
        printf(" -> %u eligible (bound %u)\n", (unsigned)after, (unsigned)bound);
        if (after > bound || (optimal && after != bound)) {
            fprintf(stderr, "batch_example: batch %u breaks its bound\n", (unsigned)t + 1);
            goto done;
        }
        optimal_batches += optimal ? 1u : 0u;
        done_tasks += (uint32_t)count;
    }
    printf("%u tasks in batches of %u; %u batches proven optimal\n", (unsigned)done_tasks, (unsigned)r,
           (unsigned)optimal_batches);
    if (done_tasks != n) {
        fprintf(stderr, "batch_example: %u of %u tasks ran\n", (unsigned)done_tasks, (unsigned)n);
        goto done;
    }
    exit_code = EXIT_SUCCESS;

done:
    ics_batch_play_result_destroy(play);
    ics_dag_destroy(dag);
    free(requests);
    free(ids);
    return exit_code;
}
