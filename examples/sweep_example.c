/*
 * sweep_example — ▷ priority and Algorithm IC-Sweep on a sum of dags.
 *
 *   sweep_example
 *
 * When several independent sub-computations are ready at once, which should
 * run first? G1 ▷ G2 (G1 has priority over G2) when running G1 first never
 * loses eligible tasks; IC-Sweep decides whether the sum G1 + ... + Gp has an
 * IC-optimal schedule at all, and interleaves the summands when it has one
 * even if no summand has priority (Cordasco, Malewicz and Rosenberg,
 * "Extending IC-Scheduling via the Sweep Algorithm", §2 for ▷, §3 for
 * IC-Sweep, Theorem 4.1 for its use in scheduling).
 *
 * Here: sums of a W-dag, an M-dag and an N-dag (W ▷ M and N ▷ M, "On
 * clustering DAGs for task-hungry computing platforms", §2.2). Checks that an IC-optimal sum meets
 * the per-step maximum (the envelope) at every step.
 *
 * Build: cc -o sweep_example sweep_example.c $(pkg-config --cflags --libs ics)
 */
#include <ics/ics.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHECK(call)                                                                          \
    do {                                                                                     \
        ics_status status_ = (call);                                                         \
        if (status_ != ICS_OK) {                                                             \
            fprintf(stderr, "sweep_example: %s (%s)\n", ics_last_error_message(),            \
                    ics_status_string(status_));                                             \
            goto done;                                                                       \
        }                                                                                    \
    } while (0)

/* Sweeps `count` dags and prints the verdict; 0 on success. */
static int sweep(const char* title, const ics_dag* const* dags, size_t count) {
    int rc = 1;
    ics_sweep_result* result = NULL;
    uint32_t* path = NULL;
    uint32_t* profile = NULL;
    uint32_t* envelope = NULL;
    CHECK(ics_sweep_dags(&result, dags, count));
    int ico = 0, chain = 0;
    const char* reason = NULL;
    size_t steps = 0, len = 0, env_len = 0;
    CHECK(ics_sweep_result_ico(&ico, result));
    CHECK(ics_sweep_result_chain(&chain, result));
    CHECK(ics_sweep_result_reason(&reason, result));
    CHECK(ics_sweep_result_path(NULL, 0, &steps, result)); /* size query */
    CHECK(ics_sweep_result_profile(NULL, 0, &len, result));
    CHECK(ics_sweep_result_envelope(NULL, 0, &env_len, result));
    path = malloc((steps + 1) * sizeof *path);
    profile = malloc((len + 1) * sizeof *profile);
    envelope = malloc((env_len + 1) * sizeof *envelope);
    if (!path || !profile || !envelope) goto done;
    CHECK(ics_sweep_result_path(path, steps, NULL, result));
    CHECK(ics_sweep_result_profile(profile, len, NULL, result));
    CHECK(ics_sweep_result_envelope(envelope, env_len, NULL, result));

    printf("%s: %s, %s\n", title, ico ? "IC-optimal schedule exists" : "no IC-optimal schedule",
           chain ? "a ▷-chain" : "not a ▷-chain");
    if (*reason) printf("  why: %s\n", reason);
    if (ico) {
        printf("  summand run at each step:");
        for (size_t k = 0; k < steps; ++k) printf(" G%u", (unsigned)path[k] + 1);
        printf("\n  eligible nonsources:");
        for (size_t k = 0; k < len; ++k) printf(" %u", (unsigned)profile[k]);
        printf("\n");
        if (len != env_len || memcmp(profile, envelope, len * sizeof *profile) != 0) {
            fprintf(stderr, "sweep_example: the IC-optimal sum misses the envelope\n");
            goto done;
        }
    }
    rc = 0;
done:
    ics_sweep_result_destroy(result);
    free(path);
    free(profile);
    free(envelope);
    return rc;
}

int main(void) {
    int exit_code = EXIT_FAILURE;
    ics_dag *w = NULL, *m = NULL, *n = NULL;
    CHECK(ics_dag_generate_w(&w, 3, 2));
    CHECK(ics_dag_generate_m(&m, 3, 2));
    CHECK(ics_dag_generate_n(&n, 3));

    int w_over_m = 0, m_over_w = 0;
    CHECK(ics_priority_dags(&w_over_m, w, m));
    CHECK(ics_priority_dags(&m_over_w, m, w));
    printf("W(3,2) ▷ M(3,2): %s; M(3,2) ▷ W(3,2): %s\n", w_over_m ? "yes" : "no", m_over_w ? "yes" : "no");

    const ics_dag* sum1[] = {w, m, n};
    if (sweep("W(3,2) + M(3,2) + N(3)", sum1, 3) != 0) goto done;
    const ics_dag* sum2[] = {m, w};
    if (sweep("M(3,2) + W(3,2)", sum2, 2) != 0) goto done;
    exit_code = EXIT_SUCCESS;

done:
    ics_dag_destroy(w);
    ics_dag_destroy(m);
    ics_dag_destroy(n);
    return exit_code;
}
