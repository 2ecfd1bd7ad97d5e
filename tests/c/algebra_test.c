/* The dag algebra and the familiar-computation generators seen from C:
 * origin maps, names, the buffer convention, every bad input, and each
 * familiar computation IC-optimal by decomposition (exact search disabled). */
#include <ics/ics.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

static uint32_t node_count(const ics_dag* d) {
    uint32_t n = 0;
    OK(ics_dag_node_count(&n, d));
    return n;
}

static int has_name(const ics_dag* d, uint32_t id, const char* want) {
    const char* s = NULL;
    OK(ics_dag_node_name(&s, d, id));
    return s != NULL && strcmp(s, want) == 0;
}

static void test_sum(void) {
    ics_dag *w = NULL, *m = NULL, *s = NULL;
    OK(ics_dag_generate_w(&w, 2, 2)); /* 5 nodes */
    OK(ics_dag_generate_m(&m, 1, 3)); /* 4 nodes */
    const ics_dag* ops[] = {w, m};
    uint32_t part[9], node[9];
    size_t n = 0;
    OK(ics_dag_sum(&s, part, node, 9, &n, ops, 2, NULL));
    CHECK(n == 9 && node_count(s) == 9);
    CHECK(part[0] == 0 && node[0] == 0 && part[5] == 1 && node[5] == 0 && part[8] == 1 && node[8] == 3);
    CHECK(has_name(s, 0, "g0:s1") && has_name(s, 5, "g1:s1"));
    uint64_t arcs = 0;
    OK(ics_dag_arc_count(&arcs, s));
    CHECK(arcs == 4 + 3);
    ics_dag_destroy(s);
    s = NULL;

    /* caller's prefixes, NULL = default; no map wanted */
    const char* prefixes[] = {"left/", NULL};
    OK(ics_dag_sum(&s, NULL, NULL, 0, &n, ops, 2, prefixes));
    CHECK(n == 9 && has_name(s, 0, "left/s1") && has_name(s, 5, "g1:s1"));
    ics_dag_destroy(s);
    s = NULL;

    /* a map too short: nothing made, length reported */
    n = 0;
    EXPECT_STATUS(ics_dag_sum(&s, part, NULL, 8, &n, ops, 2, NULL), ICS_ERR_BUFFER_TOO_SMALL, "needs 9");
    CHECK(s == NULL && n == 9);
    const char* clash[] = {"", ""};
    const ics_dag* same[] = {w, w};
    EXPECT_STATUS(ics_dag_sum(&s, NULL, NULL, 0, NULL, same, 2, clash), ICS_ERR_DUPLICATE_NODE, "s1");
    EXPECT_STATUS(ics_dag_sum(&s, NULL, NULL, 0, NULL, ops, 0, NULL), ICS_ERR_INVALID_ARGUMENT, "no summands");
    EXPECT_STATUS(ics_dag_sum(&s, NULL, NULL, 0, NULL, NULL, 2, NULL), ICS_ERR_INVALID_ARGUMENT, "dags is NULL");
    const ics_dag* with_null[] = {w, NULL};
    EXPECT_STATUS(ics_dag_sum(&s, NULL, NULL, 0, NULL, with_null, 2, NULL), ICS_ERR_INVALID_ARGUMENT, "dags[1]");
    EXPECT_STATUS(ics_dag_sum(NULL, NULL, NULL, 0, NULL, ops, 2, NULL), ICS_ERR_INVALID_ARGUMENT, "out");
    CHECK(s == NULL);

    /* 32769 copies of 2^16 nodes: beyond 2^31 - 1, refused before anything is built */
    ics_dag* grid = NULL;
    OK(ics_dag_generate_wavefront(&grid, 256, 256));
    const ics_dag** many = malloc(32769 * sizeof *many);
    CHECK(many != NULL);
    if (many) {
        for (size_t i = 0; i < 32769; ++i) many[i] = grid;
        EXPECT_STATUS(ics_dag_sum(&s, NULL, NULL, 0, NULL, many, 32769, NULL), ICS_ERR_TOO_LARGE, "limit");
        free(many);
    }
    ics_dag_destroy(grid);
    ics_dag_destroy(w);
    ics_dag_destroy(m);
}

static void test_compose(void) {
    ics_dag *w = NULL, *m = NULL, *d = NULL;
    OK(ics_dag_generate_w(&w, 1, 2)); /* s1 -> t1, t2 */
    OK(ics_dag_generate_m(&m, 1, 2)); /* s1, s2 -> t1 */
    const uint32_t sinks[] = {1, 2}, sources[] = {0, 1};
    uint32_t part[4], node[4];
    size_t n = 0;
    OK(ics_dag_compose(&d, part, node, 4, &n, w, m, sinks, sources, 2, NULL, NULL));
    CHECK(n == 4); /* the diamond */
    CHECK(part[1] == 0 && node[1] == 1 && part[3] == 1 && node[3] == 2);
    CHECK(has_name(d, 1, "g0:t1") && has_name(d, 3, "g1:t1"));
    uint32_t deg = 0;
    OK(ics_dag_in_degree(&deg, d, 3));
    CHECK(deg == 2);
    ics_dag_destroy(d);
    d = NULL;
    OK(ics_dag_compose(&d, NULL, NULL, 0, &n, w, m, NULL, NULL, 0, "a.", "b."));
    CHECK(n == 6 && has_name(d, 0, "a.s1") && has_name(d, 3, "b.s1"));
    ics_dag_destroy(d);
    d = NULL;

    const uint32_t bad_sink[] = {0}, zero[] = {0}, bad_source[] = {2}, big[] = {99}, twice[] = {1, 1};
    EXPECT_STATUS(ics_dag_compose(&d, NULL, NULL, 0, NULL, w, m, bad_sink, zero, 1, NULL, NULL),
                  ICS_ERR_INVALID_ARGUMENT, "not a sink of G1");
    EXPECT_STATUS(ics_dag_compose(&d, NULL, NULL, 0, NULL, w, m, sinks, bad_source, 1, NULL, NULL),
                  ICS_ERR_INVALID_ARGUMENT, "not a source of G2");
    EXPECT_STATUS(ics_dag_compose(&d, NULL, NULL, 0, NULL, w, m, big, zero, 1, NULL, NULL), ICS_ERR_UNKNOWN_NODE,
                  "no node with id 99");
    EXPECT_STATUS(ics_dag_compose(&d, NULL, NULL, 0, NULL, w, m, twice, sources, 2, NULL, NULL),
                  ICS_ERR_INVALID_ARGUMENT, "merged twice");
    EXPECT_STATUS(ics_dag_compose(&d, NULL, NULL, 0, NULL, w, m, NULL, sources, 1, NULL, NULL),
                  ICS_ERR_INVALID_ARGUMENT, "sinks is NULL");
    EXPECT_STATUS(ics_dag_compose(&d, NULL, NULL, 0, NULL, w, NULL, sinks, sources, 2, NULL, NULL),
                  ICS_ERR_INVALID_ARGUMENT, "");
    EXPECT_STATUS(ics_dag_compose(&d, part, node, 3, &n, w, m, sinks, sources, 2, NULL, NULL),
                  ICS_ERR_BUFFER_TOO_SMALL, "needs 4");
    CHECK(d == NULL && n == 4);
    ics_dag_destroy(w);
    ics_dag_destroy(m);
}

static void test_induced(void) {
    ics_dag *g = NULL, *h = NULL;
    OK(ics_dag_generate_wavefront(&g, 3, 3));
    const uint32_t ids[] = {4, 0, 1, 3}; /* 1_1, 0_0, 0_1, 1_0 */
    uint32_t node[4];
    size_t n = 0;
    OK(ics_dag_induced(&h, node, 4, &n, g, ids, 4));
    CHECK(n == 4 && node[0] == 0 && node[3] == 4);
    CHECK(has_name(h, 3, "1_1"));
    uint64_t arcs = 0;
    OK(ics_dag_arc_count(&arcs, h));
    CHECK(arcs == 4);
    ics_dag_destroy(h);
    h = NULL;
    const uint32_t dup[] = {1, 1}, big[] = {9};
    EXPECT_STATUS(ics_dag_induced(&h, NULL, 0, NULL, g, dup, 2), ICS_ERR_INVALID_ARGUMENT, "listed twice");
    EXPECT_STATUS(ics_dag_induced(&h, NULL, 0, NULL, g, big, 1), ICS_ERR_UNKNOWN_NODE, "id 9");
    EXPECT_STATUS(ics_dag_induced(&h, NULL, 0, NULL, g, NULL, 1), ICS_ERR_INVALID_ARGUMENT, "ids is NULL");
    OK(ics_dag_induced(&h, NULL, 0, &n, g, NULL, 0));
    CHECK(n == 0);
    ics_dag_destroy(h);
    ics_dag_destroy(g);
}

/* Schedules with the exact search disabled: IC-optimal by decomposition only. */
static void expect_ico_by_decomposition(ics_dag* g, ics_schedule_method want, const char* what) {
    ics_schedule_options opts = ICS_SCHEDULE_OPTIONS_INIT;
    opts.exact_max_nodes = 0;
    opts.exact_max_downsets = 0;
    opts.area_max_downsets = 0;
    ics_schedule_result* r = NULL;
    OK(ics_schedule(&r, g, &opts));
    ics_schedule_status status = ICS_SCHEDULE_HEURISTIC;
    ics_schedule_method method = ICS_METHOD_GREEDY;
    OK(ics_schedule_result_status(&status, r));
    OK(ics_schedule_result_method(&method, r));
    if (status != ICS_SCHEDULE_IC_OPTIMAL || method != want) {
        const char* reason = "";
        ics_schedule_result_reason(&reason, r);
        fprintf(stderr, "%s: status %d method %d: %s\n", what, (int)status, (int)method, reason);
    }
    CHECK(status == ICS_SCHEDULE_IC_OPTIMAL && method == want);
    ics_schedule_result_destroy(r);
    ics_dag_destroy(g);
}

static void test_generators(void) {
    for (uint32_t k = 1; k <= 3; ++k) {
        ics_dag *mm = NULL, *lp = NULL, *dc = NULL, *wf = NULL, *pp = NULL, *fm = NULL;
        OK(ics_dag_generate_matrix_multiplication(&mm, k));
        expect_ico_by_decomposition(mm, ICS_METHOD_DECOMPOSITION, "matrix-multiplication");
        OK(ics_dag_generate_laplace(&lp, 2 * k + 1));
        expect_ico_by_decomposition(lp, ICS_METHOD_DECOMPOSITION, "laplace");
        OK(ics_dag_generate_divide_conquer(&dc, k + 1, 3));
        expect_ico_by_decomposition(dc, ICS_METHOD_DECOMPOSITION, "divide-conquer");
        OK(ics_dag_generate_wavefront(&wf, 2 * k, 3 * k));
        expect_ico_by_decomposition(wf, ICS_METHOD_DECOMPOSITION, "wavefront");
        OK(ics_dag_generate_parallel_prefix(&pp, 5 * k));
        expect_ico_by_decomposition(pp, ICS_METHOD_DECOMPOSITION, "parallel-prefix");
        OK(ics_dag_generate_fmri(&fm, k + 1));
        expect_ico_by_decomposition(fm, ICS_METHOD_SWEEP, "fmri");
    }
    ics_dag* g = NULL;
    EXPECT_STATUS(ics_dag_generate_matrix_multiplication(&g, 0), ICS_ERR_INVALID_ARGUMENT, "levels");
    EXPECT_STATUS(ics_dag_generate_matrix_multiplication(&g, 12), ICS_ERR_TOO_LARGE, "nodes");
    EXPECT_STATUS(ics_dag_generate_laplace(&g, 1), ICS_ERR_INVALID_ARGUMENT, "n must be at least 2");
    EXPECT_STATUS(ics_dag_generate_divide_conquer(&g, 40, 2), ICS_ERR_INVALID_ARGUMENT, "at most 36");
    EXPECT_STATUS(ics_dag_generate_divide_conquer(&g, 2, 4000000000u), ICS_ERR_TOO_LARGE, "divide_conquer");
    EXPECT_STATUS(ics_dag_generate_wavefront(&g, 0, 1), ICS_ERR_INVALID_ARGUMENT, "rows");
    EXPECT_STATUS(ics_dag_generate_wavefront(&g, 100000, 100000), ICS_ERR_TOO_LARGE, "wavefront");
    EXPECT_STATUS(ics_dag_generate_parallel_prefix(&g, 0), ICS_ERR_INVALID_ARGUMENT, "n must be");
    EXPECT_STATUS(ics_dag_generate_fmri(&g, 1), ICS_ERR_INVALID_ARGUMENT, "width");
    EXPECT_STATUS(ics_dag_generate_fmri(NULL, 3), ICS_ERR_INVALID_ARGUMENT, "out");
    CHECK(g == NULL);
}

int main(void) {
    test_sum();
    test_compose();
    test_induced();
    test_generators();
    return CHECK_REPORT();
}
