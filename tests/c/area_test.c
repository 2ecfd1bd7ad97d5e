/* AREA from C: the area-optimal status, the fallback methods, the AREA
 * bound and gap against a brute-force AREA maximum (every order of small
 * random dags), NULLs and foreign handles. */
#include <math.h>
#include <stdlib.h>

#include "check.h"

/* Largest AREA over all down-set chains (subset DP; n <= 12). */
static uint64_t brute_max_area(const ics_dag* d) {
    uint32_t n = 0, buf[16];
    size_t count = 0;
    ics_dag_node_count(&n, d);
    uint32_t pm[16] = {0};
    for (uint32_t v = 0; v < n; ++v) {
        ics_dag_parents(buf, 16, &count, d, v);
        for (size_t k = 0; k < count; ++k) pm[v] |= 1u << buf[k];
    }
    int64_t* best = malloc(sizeof *best << n);
    for (uint32_t s = 0; s < 1u << n; ++s) {
        int down = 1;
        uint64_t elig = 0;
        for (uint32_t v = 0; v < n; ++v) {
            if (s >> v & 1) down = down && (pm[v] & ~s) == 0;
            else elig += (pm[v] & ~s) == 0;
        }
        int64_t b = s == 0 ? 0 : -1;
        for (uint32_t v = 0; v < n && down; ++v)
            if ((s >> v & 1) && best[s & ~(1u << v)] > b) b = best[s & ~(1u << v)];
        best[s] = down && b >= 0 ? b + (int64_t)elig : -1;
    }
    uint64_t r = (uint64_t)best[(1u << n) - 1];
    free(best);
    return r;
}

static void test_names(void) {
    CHECK(ICS_SCHEDULE_AREA_OPTIMAL == 2 && ICS_METHOD_SIDNEY == 4 && ICS_METHOD_FIFO == 5 && ICS_METHOD_LEVEL == 6);
    CHECK(strcmp(ics_schedule_status_name(ICS_SCHEDULE_AREA_OPTIMAL), "area-optimal") == 0);
    CHECK(strcmp(ics_schedule_method_name(ICS_METHOD_SIDNEY), "sidney") == 0);
    CHECK(strcmp(ics_schedule_method_name(ICS_METHOD_FIFO), "fifo") == 0);
    CHECK(strcmp(ics_schedule_method_name(ICS_METHOD_LEVEL), "level") == 0);
    CHECK(ICS_METHOD_SERIES_PARALLEL == 7);
    CHECK(strcmp(ics_schedule_method_name(ICS_METHOD_SERIES_PARALLEL), "series-parallel") == 0);
    CHECK(strcmp(ics_schedule_method_name((ics_schedule_method)8), "unknown") == 0);
    CHECK(strcmp(ics_schedule_status_name((ics_schedule_status)3), "unknown") == 0);
}

static void test_random_dags(void) {
    int area_optimal = 0, heuristic = 0;
    for (uint64_t seed = 1; seed <= 120; ++seed) {
        ics_dag* d = NULL;
        if (seed % 2) OK(ics_dag_generate_random_er(&d, 4 + (uint32_t)(seed % 9), 0.3, seed));
        else OK(ics_dag_generate_random_layered(&d, 3, 2 + (uint32_t)(seed % 3), 0.5, seed));
        const uint64_t best = brute_max_area(d);
        for (int exact = 1; exact >= 0; --exact) {
            ics_schedule_options o = ICS_SCHEDULE_OPTIONS_INIT;
            if (!exact) o.exact_max_nodes = 0, o.exact_max_downsets = 0, o.area_max_downsets = 0;
            ics_schedule_result* r = NULL;
            ics_schedule_status status = ICS_SCHEDULE_HEURISTIC;
            uint64_t area = 0, bound = 0;
            double gap = -1;
            OK(ics_schedule(&r, d, &o));
            OK(ics_schedule_result_status(&status, r));
            OK(ics_schedule_result_area(&area, r));
            OK(ics_schedule_result_area_bound(&bound, r));
            OK(ics_schedule_result_area_gap(&gap, r));
            CHECK(bound >= best && area <= best);
            CHECK(gap >= 0 && gap < 1 && (bound == 0 || fabs(gap - (double)(bound - area) / (double)bound) < 1e-12));
            if (exact) CHECK(status != ICS_SCHEDULE_HEURISTIC && area == best && bound == area && gap == 0);
            if (status == ICS_SCHEDULE_AREA_OPTIMAL) ++area_optimal;
            if (status == ICS_SCHEDULE_HEURISTIC) ++heuristic;
            ics_schedule_result_destroy(r);
        }
        ics_dag_destroy(d);
    }
    printf("area-optimal %d, heuristic %d\n", area_optimal, heuristic);
    CHECK(area_optimal > 5 && heuristic > 5);
}

/* Status and reason of `d` scheduled with `o`. */
static ics_schedule_status status_with(const ics_dag* d, const ics_schedule_options* o, const char* needle) {
    ics_schedule_result* r = NULL;
    ics_schedule_status status = ICS_SCHEDULE_HEURISTIC;
    const char* reason = NULL;
    OK(ics_schedule(&r, d, o));
    OK(ics_schedule_result_status(&status, r));
    OK(ics_schedule_result_reason(&reason, r));
    if (needle && !strstr(reason, needle)) {
        printf("reason without '%s': %s\n", needle, reason);
        CHECK(0);
    }
    ics_schedule_result_destroy(r);
    return status;
}

/* The exact AREA search's own budget (version 3): 0 turns it off, a small
 * one runs out (the reason says so; series-parallel dags stay AREA-maximal); version 2 keeps the budget derived from
 * the exact search's (off when that is off). */
static void test_area_budget(void) {
    int seen = 0;
    for (uint64_t seed = 1; seed <= 600 && seen < 5; ++seed) {
        ics_dag* d = NULL;
        if (seed % 2) OK(ics_dag_generate_random_er(&d, 6 + (uint32_t)(seed % 7), 0.3, seed));
        else OK(ics_dag_generate_random_layered(&d, 3, 2 + (uint32_t)(seed % 3), 0.5, seed));
        ics_schedule_options o = ICS_SCHEDULE_OPTIONS_INIT;
        o.exact_max_nodes = 0, o.exact_max_downsets = 0;
        if (status_with(d, &o, NULL) == ICS_SCHEDULE_AREA_OPTIMAL) {
            ++seen;
            o.area_max_downsets = 0;
            CHECK(status_with(d, &o, "exact AREA search off") == ICS_SCHEDULE_HEURISTIC);
            /* Over the budget: heuristic, or still AREA-maximal when series-parallel. */
            o.area_max_downsets = 5;
            const ics_schedule_status over = status_with(d, &o, "budget 5 down-sets");
            CHECK(over == ICS_SCHEDULE_HEURISTIC || over == ICS_SCHEDULE_AREA_OPTIMAL);
            const char* why = over == ICS_SCHEDULE_HEURISTIC ? "raise area_max_downsets" : "series-parallel";
            CHECK(status_with(d, &o, why) == over);
            ics_schedule_options v2;
            OK(ics_schedule_options_init(&v2, 2));
            CHECK(status_with(d, &v2, NULL) == ICS_SCHEDULE_AREA_OPTIMAL);
            v2.exact_max_nodes = 0, v2.exact_max_downsets = 0;
            CHECK(status_with(d, &v2, NULL) == ICS_SCHEDULE_HEURISTIC);
        }
        ics_dag_destroy(d);
    }
    CHECK(seen == 5);
}

/* The Sidney decomposition's work budget (version 4): 1 splits nothing (the
 * reason says the budget was reached and names the option), a large one
 * finishes (no such words) with a bound no looser; 0 is the default; an
 * older struct keeps the default whatever lies past its end. */
static void test_sidney_budget(void) {
    ics_dag* d = NULL;
    OK(ics_dag_generate_random_er(&d, 2000, 0.004, 7));
    ics_schedule_options o = ICS_SCHEDULE_OPTIONS_INIT;
    CHECK(o.version == 5 && o.sidney_max_work == 0);
    o.area_max_downsets = 0;
    uint64_t bound_small = 0, bound_large = 0, area_small = 0, area_large = 0;
    ics_schedule_result* r = NULL;
    const char* reason = NULL;
    o.sidney_max_work = 1;
    OK(ics_schedule(&r, d, &o));
    OK(ics_schedule_result_reason(&reason, r));
    CHECK(strstr(reason, "reached its work budget") != NULL && strstr(reason, "--sidney-max-work") != NULL);
    OK(ics_schedule_result_area_bound(&bound_small, r));
    OK(ics_schedule_result_area(&area_small, r));
    ics_schedule_result_destroy(r);
    o.sidney_max_work = UINT64_C(1) << 40;
    OK(ics_schedule(&r, d, &o));
    OK(ics_schedule_result_reason(&reason, r));
    CHECK(strstr(reason, "work budget") == NULL);
    OK(ics_schedule_result_area_bound(&bound_large, r));
    OK(ics_schedule_result_area(&area_large, r));
    ics_schedule_result_destroy(r);
    CHECK(bound_large < bound_small && area_large <= bound_large && area_small <= bound_small);
    /* Version 3 ends before sidney_max_work: garbage there is never read. */
    ics_schedule_options v3;
    memset(&v3, 0xAB, sizeof v3);
    OK(ics_schedule_options_init(&v3, 3));
    v3.area_max_downsets = 0;
    uint64_t bound_v3 = 0;
    OK(ics_schedule(&r, d, &v3));
    OK(ics_schedule_result_area_bound(&bound_v3, r));
    ics_schedule_result_destroy(r);
    o.sidney_max_work = 0;
    uint64_t bound_default = 0;
    OK(ics_schedule(&r, d, &o));
    OK(ics_schedule_result_area_bound(&bound_default, r));
    ics_schedule_result_destroy(r);
    CHECK(bound_v3 == bound_default);
    ics_dag_destroy(d);
}

static void test_errors(void) {
    uint64_t u = 0;
    double g = 0;
    ics_dag* d = NULL;
    OK(ics_dag_generate_fft(&d, 2));
    ics_schedule_result* r = NULL;
    OK(ics_schedule(&r, d, NULL));
    EXPECT_STATUS(ics_schedule_result_area_bound(NULL, r), ICS_ERR_INVALID_ARGUMENT, "out");
    EXPECT_STATUS(ics_schedule_result_area_gap(NULL, r), ICS_ERR_INVALID_ARGUMENT, "out");
    EXPECT_STATUS(ics_schedule_result_area_bound(&u, NULL), ICS_ERR_INVALID_ARGUMENT, "");
    EXPECT_STATUS(ics_schedule_result_area_gap(&g, (const ics_schedule_result*)d), ICS_ERR_MISUSE, "");
    OK(ics_schedule_result_area_bound(&u, r));
    uint64_t area = 0;
    OK(ics_schedule_result_area(&area, r));
    CHECK(u == area); /* FFT: IC-optimal */
    ics_schedule_result_destroy(r);
    ics_dag_destroy(d);
}

int main(void) {
    test_names();
    test_random_dags();
    test_area_budget();
    test_sidney_budget();
    test_errors();
    return CHECK_REPORT();
}
