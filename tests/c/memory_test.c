/* The memory objective and the postorder policy from C: versioned options
 * (a version-1 caller's struct is never written past its end), names, bad
 * values, and the guidelines paper's memory costs (2^d+2 on F_d, 2h on T_h,
 * h+1 for the pure postorder) with E(t) unchanged. */
#include <stddef.h>
#include <stdlib.h>

#include "check.h"

/* Schedule with `objective`; its memory cost and E(0..n) into e (capacity cap). */
static uint32_t memory_of(const ics_dag* dag, ics_objective objective, uint32_t* e, size_t cap, size_t* len) {
    ics_schedule_options o = ICS_SCHEDULE_OPTIONS_INIT;
    o.objective = objective;
    ics_schedule_result* r = NULL;
    uint32_t memory = 0;
    ics_schedule_status status = ICS_SCHEDULE_HEURISTIC;
    OK(ics_schedule(&r, dag, &o));
    OK(ics_schedule_result_status(&status, r));
    CHECK(status == ICS_SCHEDULE_IC_OPTIMAL);
    OK(ics_schedule_result_memory(&memory, r));
    OK(ics_schedule_result_eligible(e, cap, len, r));
    ics_schedule_result_destroy(r);
    return memory;
}

/* ics_schedule_options_init(o, version) on a struct filled with 0xAB sets
 * `version` and leaves every byte from `end` (the first field the version
 * lacks) alone. */
static void init_leaves_tail(ics_schedule_options* o, unsigned version, size_t end) {
    memset(o, 0xAB, sizeof *o);
    OK(ics_schedule_options_init(o, version));
    CHECK(o->version == version);
    const unsigned char* raw = (const unsigned char*)o;
    size_t i = end;
    while (i < sizeof *o && raw[i] == 0xAB) ++i;
    CHECK(i == sizeof *o);
}

static void test_options_versions(void) {
    ics_schedule_options o;
    /* Each version ends before the field the next one added. */
    init_leaves_tail(&o, 1, offsetof(ics_schedule_options, objective));
    CHECK(o.exact_max_nodes == 20 && o.block_exact_max_sources == 24);
    init_leaves_tail(&o, 2, offsetof(ics_schedule_options, area_max_downsets));
    CHECK(o.objective == ICS_OBJECTIVE_ELIGIBILITY);
    init_leaves_tail(&o, 3, offsetof(ics_schedule_options, sidney_max_work));
    CHECK(o.area_max_downsets == 2097152);
    init_leaves_tail(&o, 4, offsetof(ics_schedule_options, progress));
    CHECK(o.sidney_max_work == 0);
    OK(ics_schedule_options_init(&o, ICS_SCHEDULE_OPTIONS_VERSION));
    CHECK(o.version == 5 && o.objective == ICS_OBJECTIVE_ELIGIBILITY && o.area_max_downsets == 2097152 &&
          o.sidney_max_work == 0 && o.progress == NULL && o.progress_user == NULL);
    EXPECT_STATUS(ics_schedule_options_init(&o, 6), ICS_ERR_INVALID_ARGUMENT, "version 6");

    /* A version-1 struct's garbage past its end is never read. */
    ics_dag* fft = NULL;
    OK(ics_dag_generate_fft(&fft, 2));
    memset(&o, 0xAB, sizeof o);
    OK(ics_schedule_options_init(&o, 1));
    ics_schedule_result* r = NULL;
    OK(ics_schedule(&r, fft, &o));
    ics_schedule_result_destroy(r);
    /* Version 2 with an objective that does not exist. */
    OK(ics_schedule_options_init(&o, 2));
    o.objective = (ics_objective)7;
    r = NULL;
    EXPECT_STATUS(ics_schedule(&r, fft, &o), ICS_ERR_INVALID_ARGUMENT, "objective");
    CHECK(r == NULL);
    ics_dag_destroy(fft);
}

static void test_names(void) {
    ics_objective ob = ICS_OBJECTIVE_ELIGIBILITY;
    CHECK(strcmp(ics_objective_name(ICS_OBJECTIVE_MEMORY), "memory") == 0);
    CHECK(strcmp(ics_objective_name(ICS_OBJECTIVE_ELIGIBILITY), "eligibility") == 0);
    CHECK(strcmp(ics_objective_name((ics_objective)9), "unknown") == 0);
    OK(ics_objective_from_name(&ob, "memory"));
    CHECK(ob == ICS_OBJECTIVE_MEMORY);
    EXPECT_STATUS(ics_objective_from_name(&ob, "speed"), ICS_ERR_INVALID_ARGUMENT, "speed");
    EXPECT_STATUS(ics_objective_from_name(NULL, "memory"), ICS_ERR_INVALID_ARGUMENT, "out");
    EXPECT_STATUS(ics_objective_from_name(&ob, NULL), ICS_ERR_INVALID_ARGUMENT, "name");
    ics_policy p = ICS_POLICY_FIFO;
    CHECK(strcmp(ics_policy_name(ICS_POLICY_POSTORDER), "postorder") == 0);
    OK(ics_policy_from_name(&p, "postorder"));
    CHECK(p == ICS_POLICY_POSTORDER);
}

static void test_memory_costs(void) {
    enum { CAP = 4096 };
    uint32_t* e1 = malloc(CAP * sizeof *e1);
    uint32_t* e2 = malloc(CAP * sizeof *e2);
    CHECK(e1 && e2);
    if (!e1 || !e2) return;
    for (uint32_t d = 2; d <= 6; ++d) {
        ics_dag* g = NULL;
        size_t n1 = 0, n2 = 0;
        OK(ics_dag_generate_fft(&g, d));
        const uint32_t base = memory_of(g, ICS_OBJECTIVE_ELIGIBILITY, e1, CAP, &n1);
        const uint32_t mem = memory_of(g, ICS_OBJECTIVE_MEMORY, e2, CAP, &n2);
        CHECK(mem == (1u << d) + 2);
        CHECK(mem <= base);
        CHECK(n1 == n2 && memcmp(e1, e2, n1 * sizeof *e1) == 0);
        ics_dag_destroy(g);
    }
    for (uint32_t h = 1; h <= 8; ++h) {
        ics_dag* g = NULL;
        size_t n = 0;
        OK(ics_dag_generate_reduction_tree(&g, h));
        CHECK(memory_of(g, ICS_OBJECTIVE_MEMORY, e1, CAP, &n) == 2 * h);
        uint32_t count = 0, memory = 0;
        OK(ics_dag_node_count(&count, g));
        OK(ics_dag_order(e2, CAP, &n, g, ICS_POLICY_POSTORDER, 0));
        ics_profile* prof = NULL;
        OK(ics_profile_evaluate(&prof, g, e2, n));
        OK(ics_profile_memory(&memory, prof));
        CHECK(memory == h + 1);
        ics_profile_destroy(prof);
        ics_dag_destroy(g);
    }
    free(e1);
    free(e2);
}

int main(void) {
    test_options_versions();
    test_names();
    test_memory_costs();
    return CHECK_REPORT();
}
