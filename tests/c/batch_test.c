/* The batched-scheduling C API seen from C: answers against a brute force
 * over all subsets, every status, NULLs, foreign and borrowed handles, the
 * buffer convention, play results as CSR. No C++ anywhere. */
#include <ics/ics.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

enum { MAX_N = 12 };

/* parents[v] as a bit mask, n <= MAX_N. */
static void parent_masks(const ics_dag* dag, uint32_t n, uint32_t* masks) {
    for (uint32_t v = 0; v < n; ++v) {
        uint32_t ps[MAX_N];
        size_t k = 0;
        OK(ics_dag_parents(ps, MAX_N, &k, dag, v));
        masks[v] = 0;
        for (size_t i = 0; i < k; ++i) masks[v] |= 1u << ps[i];
    }
}

static uint32_t eligible_mask(uint32_t n, const uint32_t* masks, uint32_t done) {
    uint32_t e = 0;
    for (uint32_t v = 0; v < n; ++v)
        if (!(done & (1u << v)) && (masks[v] & ~done) == 0) e |= 1u << v;
    return e;
}

static int popcount(uint32_t x) {
    int c = 0;
    for (; x; x &= x - 1) ++c;
    return c;
}

/* Best number of ELIGIBLE tasks after executing r of E. */
static int brute(uint32_t n, const uint32_t* masks, uint32_t done, uint32_t r) {
    const uint32_t e = eligible_mask(n, masks, done);
    int best = -1;
    for (uint32_t s = e;; s = (s - 1) & e) {
        if (popcount(s) == (int)r) {
            int after = popcount(eligible_mask(n, masks, done | s));
            if (after > best) best = after;
        }
        if (s == 0) break;
    }
    return best;
}

static void test_brute_force(void) {
    uint64_t seed = 1;
    int optimal = 0;
    for (int it = 0; it < 200; ++it) {
        const uint32_t n = 3 + (uint32_t)(it % (MAX_N - 2));
        ics_dag* dag = NULL;
        OK(ics_dag_generate_random_er(&dag, n, 0.3, seed++));
        uint32_t masks[MAX_N];
        parent_masks(dag, n, masks);
        /* Executed: a prefix of a topological order. */
        uint32_t topo[MAX_N], executed[MAX_N];
        OK(ics_dag_topological_order(topo, MAX_N, NULL, dag));
        const uint32_t x = (uint32_t)(it % 4) * n / 6;
        uint32_t done = 0;
        for (uint32_t k = 0; k < x; ++k) {
            executed[k] = topo[k];
            done |= 1u << topo[k];
        }
        const int e = popcount(eligible_mask(n, masks, done));
        if (e == 0) {
            ics_dag_destroy(dag);
            continue;
        }
        const uint32_t r = 1 + (uint32_t)it % (uint32_t)e;
        ics_batch_result* res = NULL;
        OK(ics_batch_select(&res, dag, executed, x, r, NULL));
        uint32_t sel[MAX_N], after = 0, before = 0, newly = 0, bound = 0;
        size_t count = 0;
        int opt = 0;
        OK(ics_batch_result_selected(sel, MAX_N, &count, res));
        OK(ics_batch_result_eligible_after(&after, res));
        OK(ics_batch_result_eligible_before(&before, res));
        OK(ics_batch_result_newly_eligible(&newly, res));
        OK(ics_batch_result_bound_after(&bound, res));
        OK(ics_batch_result_optimal(&opt, res));
        CHECK(count == r);
        uint32_t s = 0;
        for (size_t k = 0; k < count; ++k) s |= 1u << sel[k];
        CHECK((s & ~eligible_mask(n, masks, done)) == 0 && popcount(s) == (int)r);
        CHECK((int)after == popcount(eligible_mask(n, masks, done | s)));
        CHECK((int)before == e && after == before - r + newly);
        const int best = brute(n, masks, done, r);
        CHECK((int)bound >= best);
        CHECK(opt == 1 && (int)after == best); /* <= 12 tasks: always solved exactly */
        optimal += opt;
        ics_batch_result_destroy(res);
        ics_dag_destroy(dag);
    }
    CHECK(optimal > 100);
}

static ics_dag* parse(const char* text) {
    ics_dag* d = NULL;
    ics_read_options o = ICS_READ_OPTIONS_INIT;
    o.format = ICS_FORMAT_EDGES;
    OK(ics_dag_read_string(&d, text, strlen(text), &o));
    return d;
}

static void test_errors_and_handles(void) {
    ics_dag* dag = parse("a b\nb c\nd c\n"); /* ids: a 0, b 1, c 2, d 3 */
    ics_batch_result* res = NULL;
    const uint32_t b_only[] = {1}, twice[] = {0, 0}, far[] = {99};
    EXPECT_STATUS(ics_batch_select(&res, dag, b_only, 1, 1, NULL), ICS_ERR_INVALID_ARGUMENT, "unexecuted parent 'a'");
    EXPECT_STATUS(ics_batch_select(&res, dag, twice, 2, 1, NULL), ICS_ERR_INVALID_ARGUMENT, "twice");
    EXPECT_STATUS(ics_batch_select(&res, dag, far, 1, 1, NULL), ICS_ERR_INVALID_ARGUMENT, "out of range");
    EXPECT_STATUS(ics_batch_select(&res, dag, NULL, 1, 1, NULL), ICS_ERR_INVALID_ARGUMENT, "executed is NULL");
    EXPECT_STATUS(ics_batch_select(&res, dag, NULL, 0, 0, NULL), ICS_ERR_INVALID_ARGUMENT, "r >= 1");
    EXPECT_STATUS(ics_batch_select(&res, dag, NULL, 0, 3, NULL), ICS_ERR_INVALID_ARGUMENT, "2 eligible");
    EXPECT_STATUS(ics_batch_select(&res, dag, NULL, 0, 0xFFFFFFFFu, NULL), ICS_ERR_INVALID_ARGUMENT, "exceeds");
    EXPECT_STATUS(ics_batch_select(NULL, dag, NULL, 0, 1, NULL), ICS_ERR_INVALID_ARGUMENT, "out");
    EXPECT_STATUS(ics_batch_select(&res, NULL, NULL, 0, 1, NULL), ICS_ERR_INVALID_ARGUMENT, "dag");
    CHECK(res == NULL);

    ics_batch_options o = ICS_BATCH_OPTIONS_INIT;
    o.version = 7;
    EXPECT_STATUS(ics_batch_select(&res, dag, NULL, 0, 1, &o), ICS_ERR_INVALID_ARGUMENT, "version");
    OK(ics_batch_options_init(&o, ICS_BATCH_OPTIONS_VERSION));
    CHECK(o.method == ICS_BATCH_METHOD_AUTO && o.exact_budget == 1048576);
    o.method = (ics_batch_method)42;
    EXPECT_STATUS(ics_batch_select(&res, dag, NULL, 0, 1, &o), ICS_ERR_INVALID_ARGUMENT, "method");

    ics_batch_method m = ICS_BATCH_METHOD_AUTO;
    for (int k = ICS_BATCH_METHOD_AUTO; k <= ICS_BATCH_METHOD_GREEDY; ++k) {
        OK(ics_batch_method_from_name(&m, ics_batch_method_name((ics_batch_method)k)));
        CHECK((int)m == k);
    }
    EXPECT_STATUS(ics_batch_method_from_name(&m, "magic"), ICS_ERR_INVALID_ARGUMENT, "magic");
    CHECK(strcmp(ics_batch_method_name((ics_batch_method)99), "unknown") == 0);

    /* Buffer convention and the answer: a then d completes c? no: c needs b. */
    OK(ics_batch_select(&res, dag, NULL, 0, 2, NULL));
    size_t count = 0;
    OK(ics_batch_result_selected(NULL, 0, &count, res));
    CHECK(count == 2);
    uint32_t one[1];
    EXPECT_STATUS(ics_batch_result_selected(one, 1, &count, res), ICS_ERR_BUFFER_TOO_SMALL, "");
    const char* g = NULL;
    OK(ics_batch_result_guarantee(&g, res));
    CHECK(g != NULL && strstr(g, "optimal") != NULL);
    OK(ics_batch_result_method(&m, res));
    CHECK(m == ICS_BATCH_METHOD_EXACT);
    /* Wrong handle kinds are detected. */
    EXPECT_STATUS(ics_batch_result_optimal(NULL, res), ICS_ERR_INVALID_ARGUMENT, "out");
    EXPECT_STATUS(ics_batch_play_result_count(&one[0], (const ics_batch_play_result*)(const void*)res), ICS_ERR_MISUSE,
                  "");
    EXPECT_STATUS(ics_batch_result_eligible_after(&one[0], (const ics_batch_result*)(const void*)dag), ICS_ERR_MISUSE,
                  "");
    ics_batch_result_destroy(res);
    ics_batch_result_destroy(NULL);
    ics_batch_play_result_destroy(NULL);
    ics_dag_destroy(dag);
}

static void test_play(void) {
    ics_dag* dag = parse("a x\na y\nb y\nb z\nc z\nz q\n");
    const uint32_t req[] = {1, 2, 5, 1};
    ics_batch_play_result* p = NULL;
    const uint32_t zero[] = {1, 0};
    EXPECT_STATUS(ics_batch_play(&p, dag, NULL, 0, zero, 2, NULL), ICS_ERR_INVALID_ARGUMENT, "request 2");
    OK(ics_batch_play(&p, dag, NULL, 0, req, 4, NULL));
    uint32_t count = 0, offsets[5], ids[16], after[4];
    size_t n = 0;
    OK(ics_batch_play_result_count(&count, p));
    CHECK(count == 4);
    OK(ics_batch_play_result_offsets(offsets, 5, &n, p));
    CHECK(n == 5 && offsets[0] == 0);
    OK(ics_batch_play_result_ids(ids, 16, &n, p));
    CHECK(n == offsets[4] && n == 7); /* 1 + 2 + 3 (a, b, c done; x, y, z then q left) + 1 */
    OK(ics_batch_play_result_eligible_after(after, 4, &n, p));
    CHECK(n == 4 && after[0] == 3 && after[1] == 3 && after[2] == 1 && after[3] == 0);
    for (uint32_t t = 0; t < count; ++t) {
        const ics_batch_result* b = NULL;
        uint32_t a = 0;
        size_t k = 0;
        OK(ics_batch_play_result_batch(&b, p, t));
        OK(ics_batch_result_eligible_after(&a, b));
        OK(ics_batch_result_selected(NULL, 0, &k, b));
        CHECK(a == after[t] && k == offsets[t + 1] - offsets[t]);
        ics_batch_result_destroy((ics_batch_result*)b); /* borrowed: ignored */
    }
    const ics_batch_result* b = NULL;
    EXPECT_STATUS(ics_batch_play_result_batch(&b, p, 4), ICS_ERR_INVALID_ARGUMENT, "out of range");
    ics_batch_play_result_destroy(p);
    ics_dag_destroy(dag);
}

int main(void) {
    test_brute_force();
    test_errors_and_handles();
    test_play();
    return CHECK_REPORT();
}
