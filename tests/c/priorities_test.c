/* Priorities for workflow systems from C: ics_order_priorities and the
 * rewritten DAGMan file (read back: same dag, one PRIORITY per node, values
 * decreasing along the schedule), and every error path. */
#include <stdlib.h>

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

int main(void) {
    test_dagman();
    test_not_dagman();
    return CHECK_REPORT();
}
