/* Progress reports and cancellation (ics_schedule_options version 5): the
 * callback sees the pipeline's stages in order with done <= total, does not
 * change the answer, and a nonzero return at any of its calls gives
 * ICS_ERR_CANCELLED with nothing written (run under ASan / valgrind for
 * leaks); ics_workspace_schedule alike, its workspace usable afterwards;
 * versions 1-4 never read the new fields. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "check.h"

/* The pipeline's stages in the order it reaches them (ics.h). */
static const char* const kStages[] = {
    "certificate",   "shortcuts",    "decomposition",
    "blocks",        "linearization", "assembly",
    "exact search",  "AREA fallback", "AREA fallback: exact AREA search",
    "AREA fallback: Sidney decomposition", "AREA fallback: candidate orders", "evaluation",
    "memory objective",
};
enum { STAGES = sizeof kStages / sizeof kStages[0] };

static int stage_index(const char* stage) {
    for (int k = 0; k < STAGES; ++k)
        if (strcmp(stage, kStages[k]) == 0) return k;
    return -1;
}

typedef struct recorder {
    int calls;
    int cancel_at; /* 1-based call that returns nonzero; 0: never */
    int last;      /* index in kStages of the last stage seen */
    int in_order;  /* every stage known, none before the previous one */
    int counts_ok; /* done <= total whenever total > 0, done = total = 0 else allowed */
    int seen[STAGES];
} recorder;

static void recorder_init(recorder* r, int cancel_at) {
    memset(r, 0, sizeof *r);
    r->cancel_at = cancel_at;
    r->last = -1;
    r->in_order = 1;
    r->counts_ok = 1;
}

static int record(void* user, const char* stage, uint64_t done, uint64_t total) {
    recorder* r = (recorder*)user;
    ++r->calls;
    const int k = stage_index(stage);
    if (k < 0 || k < r->last) {
        fprintf(stderr, "stage '%s' out of order (after %s)\n", stage, r->last >= 0 ? kStages[r->last] : "none");
        r->in_order = 0;
    }
    if (k >= 0) {
        r->last = k;
        r->seen[k] = 1;
    }
    if (total > 0 ? done > total : done != 0) r->counts_ok = 0;
    return r->cancel_at != 0 && r->calls >= r->cancel_at;
}

static int same_u32s(ics_status (*f)(uint32_t*, size_t, size_t*, const ics_schedule_result*),
                     const ics_schedule_result* a, const ics_schedule_result* b) {
    size_t na = 0, nb = 0;
    if (f(NULL, 0, &na, a) != ICS_OK || f(NULL, 0, &nb, b) != ICS_OK || na != nb) return 0;
    uint32_t* va = malloc((na + 1) * sizeof *va);
    uint32_t* vb = malloc((nb + 1) * sizeof *vb);
    int same = va && vb && f(va, na, &na, a) == ICS_OK && f(vb, nb, &nb, b) == ICS_OK &&
               memcmp(va, vb, na * sizeof *va) == 0;
    free(va);
    free(vb);
    return same;
}

static int same_result(const ics_schedule_result* a, const ics_schedule_result* b) {
    const char *ra = NULL, *rb = NULL;
    uint64_t xa = 0, xb = 0;
    ics_schedule_status sa, sb;
    if (ics_schedule_result_status(&sa, a) || ics_schedule_result_status(&sb, b) || sa != sb) return 0;
    if (ics_schedule_result_reason(&ra, a) || ics_schedule_result_reason(&rb, b) || strcmp(ra, rb) != 0) return 0;
    if (ics_schedule_result_area_bound(&xa, a) || ics_schedule_result_area_bound(&xb, b) || xa != xb) return 0;
    return same_u32s(ics_schedule_result_order, a, b) && same_u32s(ics_schedule_result_eligible, a, b);
}

/* One dag: a counting run (same answer as without a callback, stages in
 * order), then a cancel at each of its calls in turn, with and without a
 * workspace. Returns the number of calls of the counting run. */
static int check_dag(const char* what, const ics_dag* dag, ics_objective objective, ics_workspace* ws) {
    ics_schedule_options plain = ICS_SCHEDULE_OPTIONS_INIT;
    plain.objective = objective;
    plain.area_max_downsets = 4096; /* the exact AREA search gives up at once on the random dags */
    ics_schedule_result* expected = NULL;
    OK(ics_schedule(&expected, dag, &plain));

    recorder rec;
    recorder_init(&rec, 0);
    ics_schedule_options o = plain;
    o.progress = record;
    o.progress_user = &rec;
    ics_schedule_result* got = NULL;
    OK(ics_schedule(&got, dag, &o));
    CHECK(rec.calls >= 2);
    CHECK(rec.in_order);
    CHECK(rec.counts_ok);
    CHECK(rec.seen[0]); /* "certificate" always comes first */
    CHECK(got != NULL && same_result(expected, got));
    ics_schedule_status status = ICS_SCHEDULE_HEURISTIC;
    OK(ics_schedule_result_status(&status, expected));
    if (objective == ICS_OBJECTIVE_MEMORY && status == ICS_SCHEDULE_IC_OPTIMAL) CHECK(rec.seen[STAGES - 1]);
    ics_schedule_result_destroy(got);
    const int calls = rec.calls;

    for (int k = 1; k <= calls; ++k) {
        recorder c;
        recorder_init(&c, k);
        o.progress_user = &c;
        ics_schedule_result* none = (ics_schedule_result*)&c; /* must stay untouched */
        EXPECT_STATUS(ics_schedule(&none, dag, &o), ICS_ERR_CANCELLED, "cancelled");
        CHECK(none == (ics_schedule_result*)&c);
        CHECK(c.calls == k);
        recorder_init(&c, k);
        none = NULL;
        EXPECT_STATUS(ics_workspace_schedule(&none, ws, dag, &o), ICS_ERR_CANCELLED, "cancelled");
        CHECK(none == NULL);
        CHECK(c.calls == k);
    }
    /* The workspace is free again and gives the same answer. */
    recorder_init(&rec, 0);
    o.progress_user = &rec;
    OK(ics_workspace_schedule(&got, ws, dag, &o));
    CHECK(got != NULL && same_result(expected, got));
    CHECK(rec.calls == calls);
    ics_schedule_result_destroy(got);
    ics_schedule_result_destroy(expected);
    if (failures) fprintf(stderr, "  (%s: %d calls)\n", what, calls);
    return calls;
}

static void test_versions(void) {
    /* init of an older version writes only that version's fields */
    unsigned char raw[sizeof(ics_schedule_options) + 16];
    memset(raw, 0xAB, sizeof raw);
    ics_schedule_options* o = (ics_schedule_options*)(void*)raw;
    OK(ics_schedule_options_init(o, 4));
    for (size_t i = offsetof(ics_schedule_options, progress); i < sizeof raw; ++i) CHECK(raw[i] == 0xAB);
    OK(ics_schedule_options_init(o, 5));
    CHECK(o->version == 5 && o->progress == NULL && o->progress_user == NULL);
    ics_schedule_options d = ICS_SCHEDULE_OPTIONS_INIT;
    CHECK(d.version == 5 && d.progress == NULL && d.progress_user == NULL);

    /* versions 1-4 never call a progress field they do not have */
    ics_dag* dag = NULL;
    OK(ics_dag_generate_random_er(&dag, 300, 0.02, 7));
    for (unsigned v = 1; v <= 5; ++v) {
        recorder rec;
        recorder_init(&rec, 1);
        ics_schedule_options old = ICS_SCHEDULE_OPTIONS_INIT;
        old.version = v;
        old.progress = record;
        old.progress_user = &rec;
        ics_schedule_result* r = NULL;
        if (v < 5) {
            OK(ics_schedule(&r, dag, &old));
            CHECK(rec.calls == 0);
        } else {
            EXPECT_STATUS(ics_schedule(&r, dag, &old), ICS_ERR_CANCELLED, "cancelled");
            CHECK(rec.calls == 1 && r == NULL);
        }
        ics_schedule_result_destroy(r);
    }
    ics_schedule_options six = ICS_SCHEDULE_OPTIONS_INIT;
    six.version = 6;
    ics_schedule_result* r = NULL;
    EXPECT_STATUS(ics_schedule(&r, dag, &six), ICS_ERR_INVALID_ARGUMENT, "ics_schedule_options");
    ics_dag_destroy(dag);
    CHECK(strcmp(ics_status_string(ICS_ERR_CANCELLED), "cancelled") == 0);
}

int main(void) {
    test_versions();
    ics_workspace* ws = NULL;
    OK(ics_workspace_create(&ws));
    ics_dag* dag = NULL;

    /* Decomposable (blocks, linearization, assembly) */
    OK(ics_dag_generate_fft(&dag, 6));
    check_dag("fft 6", dag, ICS_OBJECTIVE_ELIGIBILITY, ws);
    check_dag("fft 6 memory", dag, ICS_OBJECTIVE_MEMORY, ws);
    ics_dag_destroy(dag);
    OK(ics_dag_generate_reduction_mesh(&dag, 40));
    check_dag("mesh 40", dag, ICS_OBJECTIVE_ELIGIBILITY, ws);
    ics_dag_destroy(dag);
    /* Random dags: the AREA fallback with its candidate orders */
    for (uint64_t seed = 1; seed <= 4; ++seed) {
        OK(ics_dag_generate_random_er(&dag, 400 * (uint32_t)seed, 4.0 / (400.0 * (double)seed), seed));
        recorder seen;
        recorder_init(&seen, 0);
        ics_schedule_options o = ICS_SCHEDULE_OPTIONS_INIT;
        o.area_max_downsets = 4096;
        o.progress = record;
        o.progress_user = &seen;
        ics_schedule_result* r = NULL;
        OK(ics_schedule(&r, dag, &o));
        ics_schedule_result_destroy(r);
        CHECK(seen.seen[stage_index("AREA fallback: candidate orders")]);
        check_dag("random er", dag, ICS_OBJECTIVE_ELIGIBILITY, ws);
        ics_dag_destroy(dag);
    }
    OK(ics_dag_generate_random_layered(&dag, 12, 30, 0.2, 3));
    check_dag("random layered", dag, ICS_OBJECTIVE_MEMORY, ws);
    ics_dag_destroy(dag);
    /* A small dag decided by the exact search */
    OK(ics_dag_generate_random_er(&dag, 14, 0.3, 5));
    check_dag("exact", dag, ICS_OBJECTIVE_ELIGIBILITY, ws);
    ics_dag_destroy(dag);

    ics_workspace_destroy(ws);
    return CHECK_REPORT();
}
