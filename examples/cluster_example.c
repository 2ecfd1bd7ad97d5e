/*
 * cluster_example — hand workers of different capacities clustered tasks.
 *
 *   cluster_example
 *
 * A worker that can take k tasks gets k tasks it can finish without talking
 * to the server again, chosen so that the tasks left still admit an
 * IC-optimal schedule (Cordasco, Rosenberg and Sims, "On clustering DAGs for
 * task-hungry computing platforms", §3). The fewer arcs leave the cluster, the
 * fewer results the worker sends back.
 *
 * On the dag of that paper's Fig. 6 with k = 6: the direct cluster (the first
 * six tasks of an IC-optimal schedule) cuts 8 arcs, the staggered one 6,
 * which the example checks; then three workers of capacities 3, 5 and 2 are
 * served one after the other from the shrinking dag.
 *
 * Build: cc -o cluster_example cluster_example.c $(pkg-config --cflags --libs ics)
 */
#include <ics/ics.h>

#include <stdio.h>
#include <stdlib.h>

#define CHECK(call)                                                                          \
    do {                                                                                     \
        ics_status status_ = (call);                                                         \
        if (status_ != ICS_OK) {                                                             \
            fprintf(stderr, "cluster_example: %s (%s)\n", ics_last_error_message(),          \
                    ics_status_string(status_));                                             \
            goto done;                                                                       \
        }                                                                                    \
    } while (0)

/* Prints a cluster: strategy, tasks by name, cut arcs, the residual's status. */
static int print_cluster(const ics_dag* dag, const ics_cluster* c, uint64_t* cut_out) {
    int rc = 1;
    uint32_t tasks[64];
    size_t count = 0;
    ics_cluster_strategy used;
    uint64_t cut = 0;
    ics_schedule_status residual;
    CHECK(ics_cluster_strategy_used(&used, c));
    CHECK(ics_cluster_tasks(tasks, 64, &count, c));
    CHECK(ics_cluster_cut_arc_count(&cut, c));
    CHECK(ics_cluster_residual_status(&residual, c));
    printf("  %-9s cut arcs %llu, residual %s, tasks:", ics_cluster_strategy_name(used), (unsigned long long)cut,
           ics_schedule_status_name(residual));
    for (size_t k = 0; k < count; ++k) {
        const char* name = NULL;
        CHECK(ics_dag_node_name(&name, dag, tasks[k]));
        printf(" %s", name);
    }
    printf("\n");
    *cut_out = cut;
    rc = 0;
done:
    return rc;
}

int main(void) {
    int exit_code = EXIT_FAILURE;
    ics_dag* dag = NULL;
    ics_cluster* direct = NULL;
    ics_cluster* staggered = NULL;
    ics_cluster_list* workers = NULL;
    ics_cluster* worker = NULL;
    CHECK(ics_dag_generate_clustering_fig6(&dag));

    uint64_t direct_cut = 0, staggered_cut = 0, cut = 0;
    printf("one worker, k = 6 (no task executed yet):\n");
    CHECK(ics_cluster_extract(&direct, dag, NULL, 0, 6, ICS_CLUSTER_DIRECT, NULL));
    if (print_cluster(dag, direct, &direct_cut) != 0) goto done;
    CHECK(ics_cluster_extract(&staggered, dag, NULL, 0, 6, ICS_CLUSTER_STAGGERED, NULL));
    if (print_cluster(dag, staggered, &staggered_cut) != 0) goto done;
    if (direct_cut != 8 || staggered_cut != 6) {
        fprintf(stderr, "cluster_example: Fig. 6 expects 8 and 6 cut arcs\n");
        goto done;
    }

    const uint32_t sizes[] = {3, 5, 2};
    printf("three workers in turn, capacities 3, 5, 2 (fewest cut arcs):\n");
    CHECK(ics_cluster_sequence(&workers, dag, NULL, 0, sizes, 3, ICS_CLUSTER_MIN_CUT, NULL));
    uint32_t count = 0;
    CHECK(ics_cluster_list_count(&count, workers));
    for (uint32_t i = 0; i < count; ++i) {
        CHECK(ics_cluster_list_get(&worker, workers, i)); /* a copy: destroy it */
        if (print_cluster(dag, worker, &cut) != 0) goto done;
        ics_cluster_destroy(worker);
        worker = NULL;
    }
    exit_code = EXIT_SUCCESS;

done:
    ics_cluster_destroy(worker);
    ics_cluster_list_destroy(workers);
    ics_cluster_destroy(staggered);
    ics_cluster_destroy(direct);
    ics_dag_destroy(dag);
    return exit_code;
}
