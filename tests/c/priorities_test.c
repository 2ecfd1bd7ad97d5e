/* Priorities for workflow systems from C: ics_order_priorities and the
 * rewritten DAGMan file (read back: same dag, one PRIORITY per node, values
 * decreasing along the schedule), and every error path. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <unistd.h>

#include "check.h"

static char* data_path(const char* rel) {
    const char* dir = getenv("ICS_TEST_DATA");
    if (!dir) dir = "tests/data";
    char* p = malloc(strlen(dir) + strlen(rel) + 2);
    if (p) sprintf(p, "%s/%s", dir, rel);
    return p;
}

static void test_dagman(void) {
    char* path = data_path("dagman/pegasus_generated_diamond-0.dag");
    ics_dag* dag = NULL;
    OK(ics_dag_read_file(&dag, path, NULL));
    free(path);
    if (!dag) return;
    uint32_t n = 0;
    OK(ics_dag_node_count(&n, dag));
    uint32_t order[64], prio[64];
    size_t len = 0, plen = 0;
    CHECK(n <= 64);
    ics_schedule_result* s = NULL;
    OK(ics_schedule(&s, dag, NULL));
    OK(ics_schedule_result_order(order, 64, &len, s));
    ics_schedule_result_destroy(s);
    CHECK(len == n);

    OK(ics_order_priorities(prio, 64, &plen, dag, order, len));
    CHECK(plen == n);
    for (size_t i = 0; i < len; ++i) CHECK(prio[order[i]] == len - i);

    char* text = NULL;
    size_t text_len = 0;
    OK(ics_dag_write_dagman_priorities(&text, &text_len, dag, order, len));
    CHECK(text != NULL && strlen(text) == text_len);
    if (text) {
        /* One PRIORITY line per node, with its value. */
        for (uint32_t v = 0; v < n; ++v) {
            const char* name = NULL;
            char line[256];
            OK(ics_dag_node_name(&name, dag, v));
            snprintf(line, sizeof line, "PRIORITY %s %u\n", name, prio[v]);
            CHECK(strstr(text, line) != NULL);
        }
        /* Read back: the same dag, everything else intact. */
        ics_read_options ro = ICS_READ_OPTIONS_INIT;
        ro.format = ICS_FORMAT_DAGMAN;
        ics_dag* again = NULL;
        OK(ics_dag_read_string(&again, text, text_len, &ro));
        uint32_t n2 = 0;
        uint64_t a1 = 0, a2 = 0;
        OK(ics_dag_node_count(&n2, again));
        OK(ics_dag_arc_count(&a1, dag));
        OK(ics_dag_arc_count(&a2, again));
        CHECK(n2 == n && a1 == a2);
        CHECK(strstr(text, "SCRIPT POST analyze_ID000004") != NULL);
        ics_dag_destroy(again);
        ics_free(text);
    }

    /* Not an execution order. */
    uint32_t bad[64];
    for (size_t i = 0; i < len; ++i) bad[i] = order[len - 1 - i];
    EXPECT_STATUS(ics_order_priorities(prio, 64, &plen, dag, bad, len), ICS_ERR_INVALID_ORDER, "before its parent");
    text = NULL;
    EXPECT_STATUS(ics_dag_write_dagman_priorities(&text, NULL, dag, bad, len), ICS_ERR_INVALID_ORDER, "before");
    CHECK(text == NULL);
    EXPECT_STATUS(ics_dag_write_dagman_priorities(NULL, NULL, dag, order, len), ICS_ERR_INVALID_ARGUMENT, "out");
    EXPECT_STATUS(ics_order_priorities(prio, 64, &plen, dag, NULL, 3), ICS_ERR_INVALID_ARGUMENT, "NULL");
    /* Short buffer: nothing written, the length reported. */
    EXPECT_STATUS(ics_order_priorities(prio, 1, &plen, dag, order, len), ICS_ERR_BUFFER_TOO_SMALL, "");
    CHECK(plen == n);
    ics_dag_destroy(dag);
}

static void test_not_dagman(void) {
    ics_dag* g = NULL;
    OK(ics_dag_generate_fft(&g, 1));
    uint32_t order[4], prio[4];
    size_t len = 0;
    OK(ics_dag_order(order, 4, &len, g, ICS_POLICY_FIFO, 0));
    OK(ics_order_priorities(prio, 4, NULL, g, order, len));
    char* text = NULL;
    EXPECT_STATUS(ics_dag_write_dagman_priorities(&text, NULL, g, order, len), ICS_ERR_UNSUPPORTED, "DAGMan");
    CHECK(text == NULL);
    ics_dag_destroy(g);
    EXPECT_STATUS(ics_order_priorities(prio, 4, NULL, NULL, order, len), ICS_ERR_INVALID_ARGUMENT, "");
}

/* Reads a whole file (NULL if it cannot). */
static char* slurp(const char* path) {
    FILE* f = fopen(path, "rb");
    if (!f) return NULL;
    char* buf = malloc(1 << 20);
    size_t n = buf ? fread(buf, 1, (1 << 20) - 1, f) : 0;
    fclose(f);
    if (buf) buf[n] = '\0';
    return buf;
}

/* ics_dag_write_priorities_*: every target from C, the file written through a
 * temporary file, and the errors (nothing left behind). */
static void test_targets(void) {
    char* path = data_path("dax/HEFT_paper.xml");
    ics_dag* dag = NULL;
    OK(ics_dag_read_file(&dag, path, NULL));
    free(path);
    if (!dag) return;
    uint32_t order[64], prio[64];
    size_t len = 0;
    ics_schedule_result* s = NULL;
    OK(ics_schedule(&s, dag, NULL));
    OK(ics_schedule_result_order(order, 64, &len, s));
    ics_schedule_result_destroy(s);
    OK(ics_order_priorities(prio, 64, NULL, dag, order, len));

    ics_priority_options o;
    OK(ics_priority_options_init(&o, ICS_PRIORITY_OPTIONS_VERSION));
    CHECK(o.target == ICS_PRIORITIES_CSV && o.mode == ICS_PRIORITY_MODE_REPLACE && o.prio_compat == 0);
    o.target = ICS_PRIORITIES_DAX;
    char* text = NULL;
    OK(ics_dag_write_priorities_string(&text, NULL, dag, order, len, &o));
    if (text) {
        for (uint32_t v = 0; v < len; ++v) {
            const char* name = NULL;
            char want[160];
            OK(ics_dag_node_name(&name, dag, v));
            /* the job's start tag, then (after its attributes) its profile */
            snprintf(want, sizeof want, "<job id=\"%s\"", name);
            const char* job = strstr(text, want);
            CHECK(job != NULL);
            snprintf(want, sizeof want, "<profile namespace=\"condor\" key=\"priority\">%u</profile>", prio[v]);
            const char* p = job ? strstr(job, want) : NULL;
            CHECK(p != NULL && p < strstr(job, "</job>"));
        }
        ics_free(text);
    }

    /* To a file: read back as the same dag. */
    char dir[] = "/tmp/ics-prio-XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    char out[128], missing[128];
    snprintf(out, sizeof out, "%s/out.xml", dir);
    snprintf(missing, sizeof missing, "%s/no/out.xml", dir);
    OK(ics_dag_write_priorities_file(dag, out, order, len, &o));
    ics_dag* again = NULL;
    OK(ics_dag_read_file(&again, out, NULL));
    uint32_t n1 = 0, n2 = 0;
    OK(ics_dag_node_count(&n1, dag));
    if (again) OK(ics_dag_node_count(&n2, again));
    CHECK(n1 == n2 && n1 == len);
    ics_dag_destroy(again);

    /* Errors leave an existing file as it was and create none. */
    char* before = slurp(out);
    uint32_t bad[64];
    for (size_t i = 0; i < len; ++i) bad[i] = order[len - 1 - i];
    EXPECT_STATUS(ics_dag_write_priorities_file(dag, out, bad, len, &o), ICS_ERR_INVALID_ORDER, "before");
    char* after = slurp(out);
    CHECK(before && after && strcmp(before, after) == 0);
    free(before);
    free(after);
    EXPECT_STATUS(ics_dag_write_priorities_file(dag, missing, order, len, &o), ICS_ERR_IO, "cannot write");
    o.target = ICS_PRIORITIES_DAGMAN;
    EXPECT_STATUS(ics_dag_write_priorities_file(dag, out, order, len, &o), ICS_ERR_UNSUPPORTED, "DAGMan");
    o.target = (ics_priority_target)99;
    EXPECT_STATUS(ics_dag_write_priorities_string(&text, NULL, dag, order, len, &o), ICS_ERR_INVALID_ARGUMENT,
                  "target");
    o.target = ICS_PRIORITIES_CSV;
    o.mode = (ics_priority_mode)7;
    EXPECT_STATUS(ics_dag_write_priorities_string(&text, NULL, dag, order, len, &o), ICS_ERR_INVALID_ARGUMENT,
                  "mode");
    o.mode = ICS_PRIORITY_MODE_REPLACE;
    o.version = 0;
    EXPECT_STATUS(ics_dag_write_priorities_string(&text, NULL, dag, order, len, &o), ICS_ERR_INVALID_ARGUMENT,
                  "version");
    EXPECT_STATUS(ics_priority_options_init(&o, 2), ICS_ERR_INVALID_ARGUMENT, "version");
    EXPECT_STATUS(ics_dag_write_priorities_file(dag, NULL, order, len, NULL), ICS_ERR_INVALID_ARGUMENT, "path");
    remove(out);
    CHECK(rmdir(dir) == 0); /* nothing else was left in it */

    /* CSV (the default) for any dag; a changed dag no longer matches its DAX. */
    OK(ics_dag_write_priorities_string(&text, NULL, dag, order, len, NULL));
    if (text) {
        CHECK(strncmp(text, "node,rank,priority\n", 19) == 0);
        ics_free(text);
    }
    ics_dag* copy = NULL;
    OK(ics_dag_clone(&copy, dag));
    OK(ics_priority_options_init(&o, ICS_PRIORITY_OPTIONS_VERSION));
    o.target = ICS_PRIORITIES_DAX;
    OK(ics_dag_write_priorities_string(&text, NULL, copy, order, len, &o));
    ics_free(text);
    uint32_t extra = 0;
    OK(ics_dag_add_node(&extra, copy, "extra"));
    order[len] = extra;
    EXPECT_STATUS(ics_dag_write_priorities_string(&text, NULL, copy, order, len + 1, &o), ICS_ERR_INVALID_ARGUMENT,
                  "jobs");
    ics_dag_destroy(copy);
    ics_dag_destroy(dag);

    /* Names. */
    for (int t = ICS_PRIORITIES_DAGMAN; t <= ICS_PRIORITIES_TABLE_JSON; ++t) {
        ics_priority_target back = ICS_PRIORITIES_CSV;
        OK(ics_priority_target_from_name(&back, ics_priority_target_name((ics_priority_target)t)));
        CHECK((int)back == t);
    }
    for (int m = ICS_PRIORITY_MODE_REPLACE; m <= ICS_PRIORITY_MODE_ADD; ++m) {
        ics_priority_mode back = ICS_PRIORITY_MODE_REPLACE;
        OK(ics_priority_mode_from_name(&back, ics_priority_mode_name((ics_priority_mode)m)));
        CHECK((int)back == m);
    }
    CHECK(strcmp(ics_priority_target_name((ics_priority_target)42), "unknown") == 0);
    ics_priority_target t = ICS_PRIORITIES_CSV;
    EXPECT_STATUS(ics_priority_target_from_name(&t, "pegasus"), ICS_ERR_INVALID_ARGUMENT, "dax");
}

int main(void) {
    test_dagman();
    test_not_dagman();
    test_targets();
    return CHECK_REPORT();
}
