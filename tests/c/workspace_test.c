/* ics_workspace: ics_workspace_schedule gives what ics_schedule gives (order,
 * E(t), memory, AREA, bound, status, method, reason, blocks, groups) on
 * random dags and the families, one workspace across all calls; the
 * workspace really holds arrays after a 131k-node call (meson lowers the
 * cache threshold to 4 KB, ICS_BIG_MIN_BYTES); misuse is reported. */
#include <stdint.h>
#include <stdlib.h>

#include "check.h"

static uint32_t* fetch(ics_status (*f)(uint32_t*, size_t, size_t*, const ics_schedule_result*),
                       const ics_schedule_result* r, size_t* n) {
    *n = 0;
    if (f(NULL, 0, n, r) != ICS_OK) return NULL;
    uint32_t* v = malloc((*n + 1) * sizeof *v);
    if (v != NULL && f(v, *n, n, r) != ICS_OK) {
        free(v);
        return NULL;
    }
    return v;
}

static int same_array(ics_status (*f)(uint32_t*, size_t, size_t*, const ics_schedule_result*),
                      const ics_schedule_result* a, const ics_schedule_result* b) {
    size_t na = 0, nb = 0;
    uint32_t* va = fetch(f, a, &na);
    uint32_t* vb = fetch(f, b, &nb);
    const int same = va != NULL && vb != NULL && na == nb && memcmp(va, vb, na * sizeof *va) == 0;
    free(va);
    free(vb);
    return same;
}

/* Every answer of the two results alike (blocks and groups compared by count
 * and their source lists). */
static int same_result(const ics_schedule_result* a, const ics_schedule_result* b) {
    ics_schedule_status sa, sb;
    ics_schedule_method ma, mb;
    const char *ra = NULL, *rb = NULL;
    uint32_t mema = 0, memb = 0, ba = 0, bb = 0, ga = 0, gb = 0;
    uint64_t aa = 0, ab = 0, xa = 0, xb = 0;
    if (ics_schedule_result_status(&sa, a) || ics_schedule_result_status(&sb, b) || sa != sb) return 0;
    if (ics_schedule_result_method(&ma, a) || ics_schedule_result_method(&mb, b) || ma != mb) return 0;
    if (ics_schedule_result_reason(&ra, a) || ics_schedule_result_reason(&rb, b) || strcmp(ra, rb) != 0) return 0;
    if (ics_schedule_result_memory(&mema, a) || ics_schedule_result_memory(&memb, b) || mema != memb) return 0;
    if (ics_schedule_result_area(&aa, a) || ics_schedule_result_area(&ab, b) || aa != ab) return 0;
    if (ics_schedule_result_area_bound(&xa, a) || ics_schedule_result_area_bound(&xb, b) || xa != xb) return 0;
    if (ics_schedule_result_block_count(&ba, a) || ics_schedule_result_block_count(&bb, b) || ba != bb) return 0;
    if (ics_schedule_result_group_count(&ga, a) || ics_schedule_result_group_count(&gb, b) || ga != gb) return 0;
    for (uint32_t k = 0; k < ba; k += 1 + ba / 64) {
        uint32_t o1[64], o2[64];
        size_t n1 = 0, n2 = 0;
        ics_status s1 = ics_schedule_result_block_sources(o1, 64, &n1, a, k);
        ics_status s2 = ics_schedule_result_block_sources(o2, 64, &n2, b, k);
        if (s1 != s2 || n1 != n2 || (s1 == ICS_OK && memcmp(o1, o2, n1 * sizeof *o1) != 0)) return 0;
    }
    return same_array(ics_schedule_result_order, a, b) && same_array(ics_schedule_result_eligible, a, b) &&
           same_array(ics_schedule_result_max_eligible, a, b);
}

static void compare(ics_workspace* ws, const ics_dag* dag, const ics_schedule_options* opts, const char* what) {
    ics_schedule_result *plain = NULL, *reused = NULL;
    OK(ics_schedule(&plain, dag, opts));
    OK(ics_workspace_schedule(&reused, ws, dag, opts));
    ++checks;
    if (plain == NULL || reused == NULL || !same_result(plain, reused)) {
        ++failures;
        fprintf(stderr, "workspace result differs on %s\n", what);
    }
    ics_schedule_result_destroy(plain);
    ics_schedule_result_destroy(reused);
}

int main(void) {
    ics_workspace* ws = NULL;
    OK(ics_workspace_create(&ws));
    CHECK(ws != NULL);
    uint64_t held = 1;
    OK(ics_workspace_size(&held, ws));
    CHECK(held == 0);

    ics_schedule_options memory_opts = ICS_SCHEDULE_OPTIONS_INIT;
    memory_opts.objective = ICS_OBJECTIVE_MEMORY;
    for (uint64_t seed = 1; seed <= 60; ++seed) {
        ics_dag* g = NULL;
        if (seed % 2)
            OK(ics_dag_generate_random_er(&g, (uint32_t)(10 + seed * 13 % 300), 0.02, seed));
        else
            OK(ics_dag_generate_random_layered(&g, 2 + (uint32_t)(seed % 4), 4 + (uint32_t)(seed % 30), 0.2, seed));
        char what[64];
        snprintf(what, sizeof what, "random dag, seed %llu", (unsigned long long)seed);
        compare(ws, g, seed % 3 == 0 ? &memory_opts : NULL, what);
        ics_dag_destroy(g);
    }

    /* The families; meson sets ICS_BIG_MIN_BYTES=4096, so their arrays go
     * through the workspace's cache (by default only arrays from 4 MB on). */
    struct {
        const char* name;
        ics_dag* g;
    } fam[6] = {{"fft 8", NULL}, {"reduction-mesh 80", NULL}, {"out-mesh 80", NULL}, {"wavefront 30x40", NULL},
                {"reduction-tree 17", NULL}, {"fft 11", NULL}};
    OK(ics_dag_generate_fft(&fam[0].g, 8));
    OK(ics_dag_generate_reduction_mesh(&fam[1].g, 80));
    OK(ics_dag_generate_out_mesh(&fam[2].g, 80));
    OK(ics_dag_generate_wavefront(&fam[3].g, 30, 40));
    OK(ics_dag_generate_reduction_tree(&fam[4].g, 17));
    OK(ics_dag_generate_fft(&fam[5].g, 11));
    for (int round = 0; round < 2; ++round)
        for (int k = 0; k < 6; ++k) compare(ws, fam[k].g, NULL, fam[k].name);
    OK(ics_workspace_size(&held, ws));
    CHECK(held >= ((uint64_t)1 << 19)); /* a 131k-node call left its arrays */

    /* A result outlives its workspace. */
    ics_schedule_result* kept = NULL;
    OK(ics_workspace_schedule(&kept, ws, fam[0].g, NULL));
    ics_workspace_destroy(ws);
    ics_workspace_destroy(NULL);
    uint32_t blocks = 0;
    OK(ics_schedule_result_block_count(&blocks, kept));
    CHECK(blocks > 0);
    ics_schedule_result_destroy(kept);
    for (int k = 0; k < 6; ++k) ics_dag_destroy(fam[k].g);

    /* Misuse: NULL arguments, a destroyed or foreign handle, a bad version. */
    ics_schedule_result* r = NULL;
    ics_dag* d = NULL;
    OK(ics_dag_generate_fft(&d, 3));
    EXPECT_STATUS(ics_workspace_create(NULL), ICS_ERR_INVALID_ARGUMENT, "out");
    EXPECT_STATUS(ics_workspace_schedule(&r, NULL, d, NULL), ICS_ERR_INVALID_ARGUMENT, "workspace");
    EXPECT_STATUS(ics_workspace_schedule(&r, ws, d, NULL), ICS_ERR_MISUSE, "workspace");
    EXPECT_STATUS(ics_workspace_schedule(&r, (ics_workspace*)d, d, NULL), ICS_ERR_MISUSE, "workspace");
    EXPECT_STATUS(ics_workspace_size(&held, ws), ICS_ERR_MISUSE, "workspace");
    OK(ics_workspace_create(&ws));
    EXPECT_STATUS(ics_workspace_schedule(NULL, ws, d, NULL), ICS_ERR_INVALID_ARGUMENT, "out");
    EXPECT_STATUS(ics_workspace_schedule(&r, ws, NULL, NULL), ICS_ERR_INVALID_ARGUMENT, "dag");
    ics_schedule_options bad = ICS_SCHEDULE_OPTIONS_INIT;
    bad.version = 99;
    EXPECT_STATUS(ics_workspace_schedule(&r, ws, d, &bad), ICS_ERR_INVALID_ARGUMENT, "version");
    CHECK(r == NULL);
    EXPECT_STATUS(ics_workspace_size(NULL, ws), ICS_ERR_INVALID_ARGUMENT, "out");
    ics_workspace_destroy(ws);
    ics_dag_destroy(d);
    CHECK_REPORT();
}
