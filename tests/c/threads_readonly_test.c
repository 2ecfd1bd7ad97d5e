/* Issue 17: 8 threads on one shared dag read from text (only const calls on
 * it: every read-only query, scheduling, writing, deriving dags) while each
 * also reads, changes, queries and destroys dags of its own. (A destroyed
 * handle passed again is capi_test's: here another thread's new handle may
 * take its address, ics.h "Conventions".) Each thread compares its answers
 * with the ones computed alone first. Run under ThreadSanitizer in CI
 * (scripts/test-all): any data race fails it there. */
#define _POSIX_C_SOURCE 200809L /* pthread barriers under -std=c11 */
#include <ics/ics.h>

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { THREADS = 8, ROUNDS = 10, MAXN = 64 };

/* A 5x5 out-mesh fragment as an edge list, plus a lonely node. */
static const char text[] =
    "a b\na c\nb d\nc d\nc e\nd f\ne f\nf g\nf h\ng i\nh i\nlonely\n";

typedef struct answers {
    uint32_t nodes;
    uint64_t arcs;
    uint32_t topo[MAXN], levels[MAXN], sources[MAXN], sinks[MAXN], kids[MAXN];
    size_t nsources, nsinks, nkids;
    uint32_t order[MAXN];
    uint32_t eligible[MAXN + 1];
    uint64_t skeleton_removed;
    size_t written_len;
    uint32_t dual_sources;
} answers;

static ics_dag* shared_dag;
static answers expected;
static pthread_barrier_t start;

#define TRY(call)                                                                                  \
    do {                                                                                           \
        if ((call) != ICS_OK) {                                                                    \
            fprintf(stderr, "threads_readonly_test: %s failed: %s\n", #call, ics_last_error_message()); \
            return 1;                                                                              \
        }                                                                                          \
    } while (0)

static int compute(const ics_dag* dag, answers* a) {
    memset(a, 0, sizeof *a);
    ics_dag_info info = ICS_DAG_INFO_INIT;
    TRY(ics_dag_info_get(&info, dag));
    TRY(ics_dag_node_count(&a->nodes, dag));
    if (a->nodes > MAXN || info.nodes != a->nodes) return 1;
    a->arcs = info.arcs;
    uint32_t id = 0;
    TRY(ics_dag_node_id(&id, dag, "f"));
    const char* name = NULL;
    TRY(ics_dag_node_name(&name, dag, id));
    if (strcmp(name, "f") != 0) return 1;
    TRY(ics_dag_children(a->kids, MAXN, &a->nkids, dag, id));
    TRY(ics_dag_topological_order(a->topo, MAXN, NULL, dag));
    TRY(ics_dag_levels(a->levels, MAXN, NULL, dag));
    TRY(ics_dag_sources(a->sources, MAXN, &a->nsources, dag));
    TRY(ics_dag_sinks(a->sinks, MAXN, &a->nsinks, dag));
    TRY(ics_order_validate(dag, a->topo, a->nodes));

    ics_schedule_result* s = NULL;
    TRY(ics_schedule(&s, dag, NULL));
    int rc = ics_schedule_result_order(a->order, MAXN, NULL, s) != ICS_OK;
    ics_schedule_result_destroy(s);
    if (rc) return 1;
    ics_profile* p = NULL;
    TRY(ics_profile_evaluate(&p, dag, a->order, a->nodes));
    rc = ics_profile_eligible(a->eligible, MAXN + 1, NULL, p) != ICS_OK;
    ics_profile_destroy(p);
    if (rc) return 1;

    ics_dag* derived = NULL;
    TRY(ics_dag_skeleton(&derived, &a->skeleton_removed, dag));
    ics_dag_destroy(derived);
    TRY(ics_dag_dual(&derived, dag));
    size_t n = 0;
    rc = ics_dag_sources(NULL, 0, &n, derived) != ICS_OK;
    a->dual_sources = (uint32_t)n;
    ics_dag_destroy(derived);
    if (rc) return 1;
    TRY(ics_dag_clone(&derived, dag));
    ics_dag_destroy(derived);
    char* out = NULL;
    TRY(ics_dag_write_string(&out, &a->written_len, dag, ICS_FORMAT_DOT));
    ics_free(out);
    return 0;
}

/* A dag of the thread's own: read, queried, changed, destroyed. */
static int private_dags(void) {
    ics_read_options opts = ICS_READ_OPTIONS_INIT;
    opts.format = ICS_FORMAT_EDGES;
    ics_dag* mine = NULL;
    TRY(ics_dag_read_string(&mine, text, strlen(text), &opts));
    answers a;
    if (compute(mine, &a) != 0 || memcmp(&a, &expected, sizeof a) != 0) return 1;
    TRY(ics_dag_add_node(NULL, mine, "extra"));
    uint32_t n = 0;
    TRY(ics_dag_node_count(&n, mine));
    if (n != expected.nodes + 1) return 1;
    ics_dag_destroy(mine);
    /* A limit hit in this thread is this thread's message. */
    opts.max_arcs = 2;
    ics_dag* none = NULL;
    if (ics_dag_read_string(&none, text, strlen(text), &opts) != ICS_ERR_TOO_LARGE || none != NULL) return 1;
    return strstr(ics_last_error_message(), "max_arcs") == NULL;
}

static void* worker(void* arg) {
    const long id = (long)arg;
    pthread_barrier_wait(&start);
    for (int r = 0; r < ROUNDS; ++r) {
        answers a;
        if (compute(shared_dag, &a) != 0 || memcmp(&a, &expected, sizeof a) != 0) {
            fprintf(stderr, "threads_readonly_test: thread %ld round %d: shared dag answers differ\n", id, r);
            return (void*)1;
        }
        if (private_dags() != 0) {
            fprintf(stderr, "threads_readonly_test: thread %ld round %d: private dags failed\n", id, r);
            return (void*)1;
        }
    }
    return NULL;
}

int main(void) {
    ics_read_options opts = ICS_READ_OPTIONS_INIT;
    opts.format = ICS_FORMAT_EDGES;
    if (ics_dag_read_string(&shared_dag, text, strlen(text), &opts) != ICS_OK || compute(shared_dag, &expected) != 0) {
        fprintf(stderr, "threads_readonly_test: reference failed: %s\n", ics_last_error_message());
        return 1;
    }
    pthread_barrier_init(&start, NULL, THREADS);
    pthread_t threads[THREADS];
    for (long t = 0; t < THREADS; ++t)
        if (pthread_create(&threads[t], NULL, worker, (void*)t) != 0) return 1;
    int failed = 0;
    for (int t = 0; t < THREADS; ++t) {
        void* result = NULL;
        pthread_join(threads[t], &result);
        failed |= result != NULL;
    }
    pthread_barrier_destroy(&start);
    ics_dag_destroy(shared_dag);
    if (failed) return 1;
    printf("threads_readonly_test: %d threads x %d rounds agree (%u nodes, %llu arcs)\n", THREADS, ROUNDS,
           expected.nodes, (unsigned long long)expected.arcs);
    return 0;
}
