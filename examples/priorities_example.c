/*
 * priorities_example — hand icsched's schedule to a workflow system as task
 * priorities (higher = submit earlier).
 *
 *   priorities_example FILE
 *
 * Schedules FILE (any format) and prints one priority per task: the first
 * task of the schedule gets n, the last 1 (ics_order_priorities). For an
 * HTCondor DAGMan file it prints the file itself with one PRIORITY line per
 * job (ics_dag_write_dagman_priorities): every other line is kept as it was,
 * so the output can replace the .dag file. Checks that the priorities follow
 * the schedule.
 *
 * Build: cc -o priorities_example priorities_example.c $(pkg-config --cflags --libs ics)
 */
#include <ics/ics.h>

#include <stdio.h>
#include <stdlib.h>

#define CHECK(call)                                                                          \
    do {                                                                                     \
        ics_status status_ = (call);                                                         \
        if (status_ != ICS_OK) {                                                             \
            fprintf(stderr, "priorities_example: %s (%s)\n", ics_last_error_message(),       \
                    ics_status_string(status_));                                             \
            goto done;                                                                       \
        }                                                                                    \
    } while (0)

int main(int argc, char** argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: priorities_example FILE\n");
        return 2;
    }
    int exit_code = EXIT_FAILURE;
    ics_dag* dag = NULL;
    ics_schedule_result* schedule = NULL;
    uint32_t* order = NULL;
    uint32_t* priority = NULL;
    char* text = NULL; /* from the library: free with ics_free */

    CHECK(ics_dag_read_file(&dag, argv[1], NULL));
    uint32_t n = 0;
    CHECK(ics_dag_node_count(&n, dag));
    CHECK(ics_schedule(&schedule, dag, NULL));
    order = malloc((size_t)n * sizeof *order);
    priority = malloc((size_t)n * sizeof *priority);
    if (!order || !priority) {
        fprintf(stderr, "priorities_example: out of memory\n");
        goto done;
    }
    CHECK(ics_schedule_result_order(order, n, NULL, schedule));
    CHECK(ics_order_priorities(priority, n, NULL, dag, order, n)); /* indexed by node id */
    for (uint32_t k = 0; k < n; ++k) {
        if (priority[order[k]] != n - k) {
            fprintf(stderr, "priorities_example: task %u has priority %u at position %u\n", (unsigned)order[k],
                    (unsigned)priority[order[k]], (unsigned)k);
            goto done;
        }
    }

    ics_format format;
    CHECK(ics_dag_source_format(&format, dag));
    if (format == ICS_FORMAT_DAGMAN) {
        size_t len = 0;
        CHECK(ics_dag_write_dagman_priorities(&text, &len, dag, order, n));
        fwrite(text, 1, len, stdout);
    } else {
        for (uint32_t k = 0; k < n; ++k) {
            const char* name = NULL;
            CHECK(ics_dag_node_name(&name, dag, order[k]));
            printf("%s %u\n", name, (unsigned)priority[order[k]]);
        }
    }
    exit_code = EXIT_SUCCESS;

done:
    ics_free(text);
    ics_schedule_result_destroy(schedule);
    ics_dag_destroy(dag);
    free(order);
    free(priority);
    return exit_code;
}
