/* The task-clustering C API (ics_cluster_*) seen from C: the Fig. 6 example,
 * running states, sequences, user clusters, every error status, NULLs,
 * foreign handles and the buffer conventions. */
#include <ics/ics.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

static uint32_t id_of(const ics_dag* dag, const char* name) {
    uint32_t id = 0;
    OK(ics_dag_node_id(&id, dag, name));
    return id;
}

static void test_fig6(void) {
    ics_dag* g = NULL;
    OK(ics_dag_generate_clustering_fig6(&g));
    uint32_t n = 0;
    OK(ics_dag_node_count(&n, g));
    CHECK(n == 54);
    const ics_cluster_strategy strategies[] = {ICS_CLUSTER_DIRECT, ICS_CLUSTER_STAGGERED};
    const uint64_t cuts[] = {8, 6};
    for (int i = 0; i < 2; ++i) {
        ics_cluster* c = NULL;
        OK(ics_cluster_extract(&c, g, NULL, 0, 6, strategies[i], NULL));
        uint64_t cut = 0;
        OK(ics_cluster_cut_arc_count(&cut, c));
        CHECK(cut == cuts[i]);
        size_t count = 0;
        OK(ics_cluster_cut_arcs(NULL, NULL, 0, &count, c));
        CHECK(count == cuts[i]);
        uint32_t from[8], to[8];
        EXPECT_STATUS(ics_cluster_cut_arcs(from, to, 2, &count, c), ICS_ERR_BUFFER_TOO_SMALL, "");
        OK(ics_cluster_cut_arcs(from, to, 8, &count, c));
        uint32_t tasks[6];
        OK(ics_cluster_tasks(tasks, 6, &count, c));
        CHECK(count == 6);
        /* every cut arc leaves F */
        for (size_t a = 0; a < cuts[i]; ++a) {
            int in = 0;
            for (int t = 0; t < 6; ++t) in |= tasks[t] == from[a];
            CHECK(in);
        }
        ics_schedule_status st;
        OK(ics_cluster_residual_status(&st, c));
        CHECK(st == ICS_SCHEDULE_IC_OPTIMAL);
        ics_cluster_strategy used;
        OK(ics_cluster_strategy_used(&used, c));
        CHECK(used == strategies[i]);
        int sc = 0;
        OK(ics_cluster_self_contained(&sc, c));
        CHECK(sc == 1);
        ics_dag* r = NULL;
        OK(ics_cluster_residual_dag(&r, c));
        uint32_t rn = 0;
        OK(ics_dag_node_count(&rn, r));
        CHECK(rn == 48);
        OK(ics_cluster_residual_order(NULL, 0, &count, c));
        CHECK(count == 48);
        const char* text = NULL;
        OK(ics_cluster_certificate(&text, c));
        CHECK(text != NULL && text[0] != '\0');
        OK(ics_cluster_residual_reason(&text, c));
        CHECK(strcmp(text, "") == 0);
        ics_dag_destroy(r);
        ics_cluster_destroy(c);
    }
    ics_dag_destroy(g);
}

/* The engine's linearization of the Fig. 6 dag is the ▷-chain (3). */
static void test_fig6_chain(void) {
    static const char* const chain3[] = {"trivial(2)", "trivial(2)", "W(2,2)", "W(2,2)", "W(3,2)", "W(3,2)",
                                         "W(4,2)",     "W(4,2)",     "W(5,2)", "W(6,2)", "W(10,2)"};
    ics_dag* g = NULL;
    OK(ics_dag_generate_clustering_fig6(&g));
    ics_schedule_result* r = NULL;
    OK(ics_schedule(&r, g, NULL));
    ics_schedule_status st;
    OK(ics_schedule_result_status(&st, r));
    CHECK(st == ICS_SCHEDULE_IC_OPTIMAL);
    uint32_t groups = 0;
    OK(ics_schedule_result_group_count(&groups, r));
    CHECK(groups == 11);
    for (uint32_t i = 0; i < groups && i < 11; ++i) {
        uint32_t block[4];
        size_t count = 0;
        OK(ics_schedule_result_group(block, 4, &count, r, i));
        CHECK(count == 1);
        ics_block_info info = ICS_BLOCK_INFO_INIT;
        OK(ics_schedule_result_block(&info, r, block[0]));
        CHECK(strcmp(info.shape, chain3[i]) == 0);
    }
    ics_schedule_result_destroy(r);
    ics_dag_destroy(g);
}

static void test_state_sequence_check(void) {
    ics_dag* g = NULL;
    OK(ics_dag_generate_out_mesh(&g, 5));
    /* running state: 0_0 executed */
    uint32_t done[1] = {id_of(g, "0_0")};
    ics_cluster* c = NULL;
    OK(ics_cluster_extract(&c, g, done, 1, 2, ICS_CLUSTER_MIN_CUT, NULL));
    uint32_t tasks[2];
    size_t count = 0;
    OK(ics_cluster_tasks(tasks, 2, &count, c));
    CHECK(count == 2 && tasks[0] != done[0] && tasks[1] != done[0]);
    ics_cluster_destroy(c);

    const uint32_t sizes[] = {3, 5, 2};
    ics_cluster_list* list = NULL;
    OK(ics_cluster_sequence(&list, g, NULL, 0, sizes, 3, ICS_CLUSTER_STAGGERED, NULL));
    uint32_t k = 0;
    OK(ics_cluster_list_count(&k, list));
    CHECK(k == 3);
    uint32_t g_nodes = 0, served = 0;
    OK(ics_dag_node_count(&g_nodes, g));
    for (uint32_t i = 0; i < k; ++i) {
        OK(ics_cluster_list_get(&c, list, i));
        OK(ics_cluster_tasks(NULL, 0, &count, c));
        CHECK(count == sizes[i]);
        /* The list keeps no residual dags (issue 17): this one is rebuilt,
         * with the residual order's nodes. */
        served += (uint32_t)count;
        ics_dag* residual = NULL;
        OK(ics_cluster_residual_dag(&residual, c));
        uint32_t rn = 0;
        OK(ics_dag_node_count(&rn, residual));
        size_t order_len = 0;
        OK(ics_cluster_residual_order(NULL, 0, &order_len, c));
        CHECK(rn == g_nodes - served && order_len == rn);
        ics_dag_destroy(residual);
        ics_schedule_status st;
        OK(ics_cluster_residual_status(&st, c));
        CHECK(st == ICS_SCHEDULE_IC_OPTIMAL);
        ics_cluster_destroy(c);
    }
    EXPECT_STATUS(ics_cluster_list_get(&c, list, 3), ICS_ERR_INVALID_ARGUMENT, "out of range");
    ics_cluster_list_destroy(list);

    /* From a running state: the residual a list entry rebuilds holds exactly
     * the tasks neither executed before nor by workers 0..i (issue 18: the
     * list keeps no residual ids either). */
    {
        const uint32_t sizes2[] = {2, 3};
        OK(ics_cluster_sequence(&list, g, done, 1, sizes2, 2, ICS_CLUSTER_DIRECT, NULL));
        served = 1;
        for (uint32_t i = 0; i < 2; ++i) {
            OK(ics_cluster_list_get(&c, list, i));
            uint32_t t[8];
            OK(ics_cluster_tasks(t, 8, &count, c));
            served += (uint32_t)count;
            ics_dag* residual = NULL;
            OK(ics_cluster_residual_dag(&residual, c));
            uint32_t rn = 0, id = 0;
            OK(ics_dag_node_count(&rn, residual));
            CHECK(rn == g_nodes - served);
            const char* name = NULL;
            OK(ics_dag_node_name(&name, g, done[0]));
            EXPECT_STATUS(ics_dag_node_id(&id, residual, name), ICS_ERR_UNKNOWN_NODE, "");
            for (size_t j = 0; j < count; ++j) {
                OK(ics_dag_node_name(&name, g, t[j]));
                EXPECT_STATUS(ics_dag_node_id(&id, residual, name), ICS_ERR_UNKNOWN_NODE, "");
            }
            uint32_t order[64];
            size_t len = 0;
            OK(ics_cluster_residual_order(order, 64, &len, c));
            CHECK(len == rn);
            for (size_t j = 0; j < len; ++j) {
                OK(ics_dag_node_name(&name, g, order[j]));
                OK(ics_dag_node_id(&id, residual, name));
            }
            ics_dag_destroy(residual);
            ics_cluster_destroy(c);
        }
        ics_cluster_list_destroy(list);
    }

    /* a user cluster that is not self-contained */
    uint32_t bad[1] = {id_of(g, "1_1")};
    OK(ics_cluster_check(&c, g, NULL, 0, bad, 1, NULL));
    int sc = 1;
    OK(ics_cluster_self_contained(&sc, c));
    CHECK(sc == 0);
    const char* why = NULL;
    OK(ics_cluster_violation(&why, c));
    CHECK(strstr(why, "'1_1'") != NULL);
    ics_cluster_strategy used;
    OK(ics_cluster_strategy_used(&used, c));
    CHECK(used == ICS_CLUSTER_CHECK);
    ics_cluster_destroy(c);
    ics_dag_destroy(g);
}

static void test_errors(void) {
    ics_dag* g = NULL;
    OK(ics_dag_generate_out_mesh(&g, 3));
    ics_cluster* c = NULL;
    EXPECT_STATUS(ics_cluster_extract(NULL, g, NULL, 0, 1, ICS_CLUSTER_DIRECT, NULL), ICS_ERR_INVALID_ARGUMENT, "out");
    EXPECT_STATUS(ics_cluster_extract(&c, NULL, NULL, 0, 1, ICS_CLUSTER_DIRECT, NULL), ICS_ERR_INVALID_ARGUMENT, "dag");
    EXPECT_STATUS(ics_cluster_extract(&c, g, NULL, 0, 0, ICS_CLUSTER_DIRECT, NULL), ICS_ERR_INVALID_ARGUMENT, "size 0");
    EXPECT_STATUS(ics_cluster_extract(&c, g, NULL, 0, 7, ICS_CLUSTER_DIRECT, NULL), ICS_ERR_INVALID_ARGUMENT, "1..6");
    EXPECT_STATUS(ics_cluster_extract(&c, g, NULL, 0, 1, ICS_CLUSTER_CHECK, NULL), ICS_ERR_INVALID_ARGUMENT, "strategy");
    EXPECT_STATUS(ics_cluster_extract(&c, g, NULL, 0, 1, (ics_cluster_strategy)99, NULL), ICS_ERR_INVALID_ARGUMENT,
                  "strategy");
    EXPECT_STATUS(ics_cluster_extract(&c, g, NULL, 3, 1, ICS_CLUSTER_DIRECT, NULL), ICS_ERR_INVALID_ARGUMENT,
                  "executed");
    uint32_t bad[1] = {99};
    EXPECT_STATUS(ics_cluster_extract(&c, g, bad, 1, 1, ICS_CLUSTER_DIRECT, NULL), ICS_ERR_UNKNOWN_NODE, "99");
    uint32_t not_closed[1] = {1};
    EXPECT_STATUS(ics_cluster_extract(&c, g, not_closed, 1, 1, ICS_CLUSTER_DIRECT, NULL), ICS_ERR_INVALID_ARGUMENT,
                  "closed under parents");
    ics_cluster_options o = ICS_CLUSTER_OPTIONS_INIT;
    o.version = 7;
    EXPECT_STATUS(ics_cluster_extract(&c, g, NULL, 0, 1, ICS_CLUSTER_DIRECT, &o), ICS_ERR_INVALID_ARGUMENT, "version");
    OK(ics_cluster_options_init(&o, ICS_CLUSTER_OPTIONS_VERSION));
    CHECK(o.max_verified == 3);
    ics_cluster_strategy s;
    OK(ics_cluster_strategy_from_name(&s, "min-cut"));
    CHECK(s == ICS_CLUSTER_MIN_CUT);
    EXPECT_STATUS(ics_cluster_strategy_from_name(&s, "best"), ICS_ERR_INVALID_ARGUMENT, "'best'");
    CHECK(strcmp(ics_cluster_strategy_name(ICS_CLUSTER_DONOR), "donor") == 0);
    CHECK(strcmp(ics_cluster_strategy_name((ics_cluster_strategy)42), "unknown") == 0);
    /* a foreign handle */
    EXPECT_STATUS(ics_cluster_cut_arc_count(&(uint64_t){0}, (const ics_cluster*)g), ICS_ERR_MISUSE, "cluster");
    ics_cluster_destroy(NULL);
    ics_cluster_list_destroy(NULL);
    /* Q(2,3) is no universal donor; the message names its shape */
    ics_dag* q = NULL;
    OK(ics_dag_create(&q));
    const char* arcs[6][2] = {{"a", "x"}, {"a", "y"}, {"a", "z"}, {"b", "x"}, {"b", "y"}, {"b", "z"}};
    for (int i = 0; i < 6; ++i) {
        ics_dag_add_node(NULL, q, arcs[i][0]);
        ics_dag_add_node(NULL, q, arcs[i][1]);
        OK(ics_dag_add_arc_by_name(q, arcs[i][0], arcs[i][1]));
    }
    EXPECT_STATUS(ics_cluster_extract(&c, q, NULL, 0, 1, ICS_CLUSTER_DONOR, NULL), ICS_ERR_UNSUPPORTED, "Q(2,3)");
    ics_dag_destroy(q);
    ics_dag_destroy(g);
}

/* Which universal-donor theorem applied (Theorem 3.4 on the in-mesh, whose
 * dual is the out-mesh); none for the direct strategy; and the forced-join
 * count of a schedule proven by that lemma (README "Forced joins"). */
static void test_donor_note_and_forced_joins(void) {
    ics_dag* g = NULL;
    OK(ics_dag_generate_reduction_mesh(&g, 5));
    ics_cluster* c = NULL;
    OK(ics_cluster_extract(&c, g, NULL, 0, 4, ICS_CLUSTER_DONOR, NULL));
    const char* note = NULL;
    OK(ics_cluster_donor_note(&note, c));
    CHECK(note != NULL && strncmp(note, "Theorem 3.4:", 12) == 0);
    CHECK(ics_cluster_donor_note(NULL, c) == ICS_ERR_INVALID_ARGUMENT);
    ics_cluster_destroy(c);
    OK(ics_cluster_extract(&c, g, NULL, 0, 4, ICS_CLUSTER_DIRECT, NULL));
    OK(ics_cluster_donor_note(&note, c));
    CHECK(strcmp(note, "") == 0);
    ics_cluster_destroy(c);
    ics_dag_destroy(g);

    const char* text = "a1 j\na2 j\na3 j\nj c1\nj c2\nj c3\n";
    ics_read_options o = ICS_READ_OPTIONS_INIT;
    o.format = ICS_FORMAT_EDGES;
    OK(ics_dag_read_string(&g, text, strlen(text), &o));
    ics_schedule_result* r = NULL;
    OK(ics_schedule(&r, g, NULL));
    uint32_t forced = 0;
    OK(ics_schedule_result_forced_joins(&forced, r));
    CHECK(forced == 1);
    ics_schedule_result_destroy(r);
    ics_dag_destroy(g);
}

int main(void) {
    test_fig6();
    test_donor_note_and_forced_joins();
    test_fig6_chain();
    test_state_sequence_check();
    test_errors();
    return CHECK_REPORT();
}
