/* ▷ priority and IC-Sweep from C: the sweep paper's Table 2 and G3, then
 * random profiles against brute force written here (lattice paths over the
 * table E1(i) + E2(j), the lexicographically first violation of system (1),
 * max-plus envelopes), sweeps of dags, and every error path. */
#include <stdlib.h>

#include "check.h"

enum { MAXLEN = 12 };

static uint32_t max_u32(uint32_t a, uint32_t b) { return a > b ? a : b; }

/* c[t] = max over i + j = t of a[i] + b[j]. */
static size_t max_plus(uint32_t* c, const uint32_t* a, size_t la, const uint32_t* b, size_t lb) {
    for (size_t t = 0; t < la + lb - 1; ++t) c[t] = 0;
    for (size_t i = 0; i < la; ++i)
        for (size_t j = 0; j < lb; ++j) c[i + j] = max_u32(c[i + j], a[i] + b[j]);
    return la + lb - 1;
}

/* Lexicographically first (x, y) with E1(x)+E2(y) > E1(min(s1,x+y)) + E2(max(0,x+y-s1)); 0 if none. */
static int brute_violation(const uint32_t* e1, size_t l1, const uint32_t* e2, size_t l2, uint32_t* x, uint32_t* y) {
    const size_t s1 = l1 - 1;
    for (size_t i = 0; i < l1; ++i)
        for (size_t j = 0; j < l2; ++j) {
            const size_t z = i + j;
            const uint64_t lhs = (uint64_t)e1[i] + e2[j];
            const uint64_t rhs = (uint64_t)e1[z < s1 ? z : s1] + e2[z > s1 ? z - s1 : 0];
            if (lhs > rhs) {
                *x = (uint32_t)i;
                *y = (uint32_t)j;
                return 1;
            }
        }
    return 0;
}

/* First diagonal of the table on which no cell on a maximum is reachable by
 * steps right or down through maxima only; (size_t)-1 when (l1-1, l2-1) is reached. */
static size_t brute_failed_diagonal(const uint32_t* e1, size_t l1, const uint32_t* e2, size_t l2) {
    uint32_t m[2 * MAXLEN];
    max_plus(m, e1, l1, e2, l2);
    int reach[MAXLEN][MAXLEN];
    for (size_t t = 0; t < l1 + l2 - 1; ++t) {
        int any = 0;
        for (size_t i = 0; i < l1; ++i) {
            if (t < i || t - i >= l2) continue;
            const size_t j = t - i;
            const int on_max = e1[i] + e2[j] == m[t];
            const int from = t == 0 || (i > 0 && reach[i - 1][j]) || (j > 0 && reach[i][j - 1]);
            reach[i][j] = on_max && from;
            any |= reach[i][j];
        }
        if (!any) return t;
    }
    return (size_t)-1;
}

/* xorshift32: the same numbers on every platform. */
static uint32_t next_u32(uint32_t* s) {
    *s ^= *s << 13;
    *s ^= *s >> 17;
    *s ^= *s << 5;
    return *s;
}

static void random_profile(uint32_t* e, size_t len, uint32_t* seed) {
    e[0] = 0;
    for (size_t i = 1; i < len; ++i) e[i] = (uint32_t)(next_u32(seed) % 7);
}

static void test_table2_and_g3(void) {
    /* Table 2: B1 + B2 is IC-optimal only interleaved; neither ▷ the other. */
    const uint32_t b1[] = {0, 4, 6}, b2[] = {0, 3, 5};
    const uint32_t* ps[] = {b1, b2};
    const size_t lens[] = {3, 3};
    ics_sweep_result* r = NULL;
    OK(ics_sweep(&r, ps, lens, 2));
    int ico = 0, chain = 1, failed = 1;
    uint32_t group = 7, diagonal = 7, env[8], prof[8], expect[8];
    size_t n_env = 0, n_prof = 0;
    OK(ics_sweep_result_ico(&ico, r));
    OK(ics_sweep_result_chain(&chain, r));
    CHECK(ico == 1 && chain == 0);
    OK(ics_sweep_result_failure(&failed, &group, &diagonal, r));
    CHECK(failed == 0 && group == 0 && diagonal == 0);
    OK(ics_sweep_result_envelope(env, 8, &n_env, r));
    OK(ics_sweep_result_profile(prof, 8, &n_prof, r));
    CHECK(n_env == max_plus(expect, b1, 3, b2, 3) && n_prof == n_env);
    for (size_t t = 0; t < n_env; ++t) CHECK(env[t] == expect[t] && prof[t] == expect[t]);
    ics_sweep_result_destroy(r);

    int found = 0;
    uint32_t x = 9, y = 9;
    OK(ics_priority_violation(&found, &x, &y, b1, 3, b2, 3));
    CHECK(found == 1 && x == 1 && y == 1); /* E1(1)+E2(1) = 7 > E1(2)+E2(0) = 6 */
    OK(ics_priority_violation(&found, NULL, NULL, b2, 3, b1, 3));
    CHECK(found == 1);

    /* G3: (0,1) + (0,0,2) admits no IC-optimal schedule; the envelope is still the per-step maximum. */
    const uint32_t g1[] = {0, 1}, g2[] = {0, 0, 2};
    const uint32_t* qs[] = {g1, g2};
    const size_t qlens[] = {2, 3};
    OK(ics_sweep(&r, qs, qlens, 2));
    OK(ics_sweep_result_ico(&ico, r));
    CHECK(ico == 0);
    OK(ics_sweep_result_failure(&failed, &group, &diagonal, r));
    CHECK(failed == 1 && group == 0 && diagonal == brute_failed_diagonal(g1, 2, g2, 3));
    OK(ics_sweep_result_failure(&failed, NULL, NULL, r)); /* the locations are optional */
    OK(ics_sweep_result_envelope(env, 8, &n_env, r));
    CHECK(n_env == max_plus(expect, g1, 2, g2, 3));
    for (size_t t = 0; t < n_env; ++t) CHECK(env[t] == expect[t]);
    OK(ics_sweep_result_profile(NULL, 0, &n_prof, r));
    CHECK(n_prof == 0); /* no IC-optimal profile */
    ics_sweep_result_destroy(r);

    /* A ▷ chain: the L path; no violation either way round for equal profiles. */
    const uint32_t w[] = {0, 1, 3};
    OK(ics_priority_violation(&found, &x, &y, w, 3, w, 3));
    CHECK(found == 0 && x == 0 && y == 0);
}

static void test_random_against_brute_force(void) {
    uint32_t seed = 12345;
    int icos = 0, fails = 0, violations = 0;
    for (int round = 0; round < 2000; ++round) {
        uint32_t e1[MAXLEN], e2[MAXLEN], env[2 * MAXLEN], expect[2 * MAXLEN];
        const size_t l1 = 1 + (size_t)(next_u32(&seed) % 7), l2 = 1 + (size_t)(next_u32(&seed) % 7);
        random_profile(e1, l1, &seed);
        random_profile(e2, l2, &seed);

        int found = -1, has = -1;
        uint32_t x = 0, y = 0, bx = 0, by = 0;
        OK(ics_priority_violation(&found, &x, &y, e1, l1, e2, l2));
        OK(ics_priority(&has, e1, l1, e2, l2));
        const int brute = brute_violation(e1, l1, e2, l2, &bx, &by);
        CHECK(found == brute && has == !brute);
        if (brute) CHECK(x == bx && y == by);
        violations += brute;

        const uint32_t* ps[] = {e1, e2};
        const size_t lens[] = {l1, l2};
        ics_sweep_result* r = NULL;
        OK(ics_sweep(&r, ps, lens, 2));
        if (!r) continue;
        int ico = 0, failed = 0;
        uint32_t group = 0, diagonal = 0;
        size_t n_env = 0;
        OK(ics_sweep_result_ico(&ico, r));
        OK(ics_sweep_result_failure(&failed, &group, &diagonal, r));
        const size_t bad = brute_failed_diagonal(e1, l1, e2, l2);
        CHECK(ico == (bad == (size_t)-1) && failed == !ico);
        if (failed) CHECK(group == 0 && diagonal == bad);
        OK(ics_sweep_result_envelope(env, 2 * MAXLEN, &n_env, r));
        CHECK(n_env == max_plus(expect, e1, l1, e2, l2));
        for (size_t t = 0; t < n_env && t < 2 * MAXLEN; ++t) CHECK(env[t] == expect[t]);
        icos += ico;
        fails += failed;
        ics_sweep_result_destroy(r);
    }
    /* Both outcomes occur often enough for the comparison to mean something. */
    CHECK(icos > 200 && fails > 200 && violations > 200);

    /* Three summands: the envelope is the iterated max-plus convolution. */
    for (int round = 0; round < 200; ++round) {
        uint32_t e[3][5], ab[16], abc[16], env[16];
        size_t lens[3];
        const uint32_t* ps[3];
        for (int k = 0; k < 3; ++k) {
            lens[k] = 1 + (size_t)(next_u32(&seed) % 5);
            random_profile(e[k], lens[k], &seed);
            ps[k] = e[k];
        }
        const size_t lab = max_plus(ab, e[0], lens[0], e[1], lens[1]);
        const size_t labc = max_plus(abc, ab, lab, e[2], lens[2]);
        ics_sweep_result* r = NULL;
        size_t n_env = 0;
        OK(ics_sweep(&r, ps, lens, 3));
        OK(ics_sweep_result_envelope(env, 16, &n_env, r));
        CHECK(n_env == labc);
        for (size_t t = 0; t < labc; ++t) CHECK(env[t] == abc[t]);
        int failed = 0;
        uint32_t group = 0;
        OK(ics_sweep_result_failure(&failed, &group, NULL, r));
        if (failed) CHECK(group <= 1);
        ics_sweep_result_destroy(r);
    }
}

static void test_dags(void) {
    /* W(2,2) + M(2,2) (generated): the sum of two dags through their ICO schedules. */
    ics_dag* g[2] = {NULL, NULL};
    OK(ics_dag_generate_w(&g[0], 2, 2));
    OK(ics_dag_generate_m(&g[1], 2, 2));
    if (!g[0] || !g[1]) return;
    ics_sweep_result* r = NULL;
    OK(ics_sweep_dags(&r, (const ics_dag* const*)g, 2));
    int ico = 0, failed = 1;
    uint32_t env[16], prof[16];
    size_t n_env = 0, n_prof = 0;
    OK(ics_sweep_result_ico(&ico, r));
    OK(ics_sweep_result_failure(&failed, NULL, NULL, r));
    CHECK(ico == 1 && failed == 0);
    OK(ics_sweep_result_envelope(env, 16, &n_env, r));
    OK(ics_sweep_result_profile(prof, 16, &n_prof, r));
    CHECK(n_env == n_prof && n_env > 1);
    for (size_t t = 0; t < n_env && t < 16; ++t) CHECK(env[t] == prof[t]);
    ics_sweep_result_destroy(r);
    ics_dag_destroy(g[0]);
    ics_dag_destroy(g[1]);
}

static void test_errors(void) {
    const uint32_t p[] = {0, 2}, bad[] = {1, 2};
    int found = 0;
    uint32_t x = 0;
    EXPECT_STATUS(ics_priority_violation(NULL, &x, &x, p, 2, p, 2), ICS_ERR_INVALID_ARGUMENT, "out_found");
    EXPECT_STATUS(ics_priority_violation(&found, &x, &x, NULL, 2, p, 2), ICS_ERR_INVALID_ARGUMENT, "profile1");
    EXPECT_STATUS(ics_priority_violation(&found, &x, &x, p, 0, p, 2), ICS_ERR_INVALID_ARGUMENT, "empty");
    EXPECT_STATUS(ics_priority_violation(&found, &x, &x, p, 2, bad, 2), ICS_ERR_INVALID_ARGUMENT, "0");

    const uint32_t* ps[] = {p, p};
    const size_t lens[] = {2, 2};
    ics_sweep_result* r = NULL;
    OK(ics_sweep(&r, ps, lens, 2));
    uint32_t env[1];
    size_t n = 0;
    EXPECT_STATUS(ics_sweep_result_envelope(env, 1, &n, r), ICS_ERR_BUFFER_TOO_SMALL, "");
    CHECK(n == 3); /* the size needed */
    EXPECT_STATUS(ics_sweep_result_failure(NULL, NULL, NULL, r), ICS_ERR_INVALID_ARGUMENT, "out_failed");
    ics_sweep_result_destroy(r);

    int failed = 0;
    EXPECT_STATUS(ics_sweep_result_failure(&failed, NULL, NULL, NULL), ICS_ERR_INVALID_ARGUMENT, "NULL");
    EXPECT_STATUS(ics_sweep_result_envelope(env, 1, &n, NULL), ICS_ERR_INVALID_ARGUMENT, "NULL");
    /* A handle of another kind is refused, not read. */
    ics_dag* d = NULL;
    OK(ics_dag_create(&d));
    EXPECT_STATUS(ics_sweep_result_failure(&failed, NULL, NULL, (const ics_sweep_result*)(const void*)d),
                  ICS_ERR_MISUSE, "sweep result");
    ics_dag_destroy(d);
}

int main(void) {
    test_table2_and_g3();
    test_random_against_brute_force();
    test_dags();
    test_errors();
    return CHECK_REPORT();
}
