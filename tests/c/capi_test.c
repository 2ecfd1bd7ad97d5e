/* The C API seen from C: every status, NULLs, foreign handles, buffer
 * conventions, malformed input, cycles. No C++ anywhere. */
#include <ics/ics.h>

#include <stdio.h>
#include <stdlib.h>
#include <stddef.h>
#include <string.h>

#include "check.h"

static ics_dag* diamond(void) {
    ics_dag* d = NULL;
    uint32_t a, b, c, e;
    OK(ics_dag_create(&d));
    OK(ics_dag_add_node(&a, d, "a"));
    OK(ics_dag_add_node(&b, d, "b"));
    OK(ics_dag_add_node(&c, d, "c"));
    OK(ics_dag_add_node(&e, d, "d"));
    OK(ics_dag_add_arc(d, a, b));
    OK(ics_dag_add_arc(d, a, c));
    OK(ics_dag_add_arc_by_name(d, "b", "d"));
    OK(ics_dag_add_arc_by_name(d, "c", "d"));
    return d;
}

static void test_version_and_status(void) {
    CHECK(strcmp(ics_version(), ICS_VERSION_STRING) == 0);
    CHECK(ics_version_number() == ICS_VERSION_NUMBER);
    CHECK(ICS_VERSION_NUMBER == 100);
    for (int s = ICS_OK; s >= ICS_ERR_CANCELLED; --s) {
        const char* text = ics_status_string((ics_status)s);
        CHECK(text != NULL && strcmp(text, "unknown status") != 0);
    }
    CHECK(strcmp(ics_status_string((ics_status)-999), "unknown status") == 0);
    CHECK(ics_last_error_message() != NULL);
    ics_dag_destroy(NULL);
    ics_profile_destroy(NULL);
    ics_free(NULL);
}

/* Every enum a C caller passes, out of range (C lets any int sit in an enum):
 * the names say "unknown", the calls ICS_ERR_INVALID_ARGUMENT, nothing is
 * read as the enum type (clang's UBSan checks enum loads in CI's ASan build). */
static void test_enums_out_of_range(void) {
    static const int bad[] = {-1, 1000, 0x7fffffff};
    ics_dag* d = diamond();
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; ++i) {
        const int v = bad[i];
        CHECK(strcmp(ics_status_string((ics_status)(v == -1 ? -999 : v)), "unknown status") == 0); /* (-1: a status) */
        CHECK(strcmp(ics_format_name((ics_format)v), "unknown") == 0);
        CHECK(strcmp(ics_include_policy_name((ics_include_policy)v), "unknown") == 0);
        CHECK(strcmp(ics_priority_target_name((ics_priority_target)v), "unknown") == 0);
        CHECK(strcmp(ics_priority_mode_name((ics_priority_mode)v), "unknown") == 0);
        CHECK(strcmp(ics_policy_name((ics_policy)v), "unknown") == 0);
        CHECK(strcmp(ics_schedule_status_name((ics_schedule_status)v), "unknown") == 0);
        CHECK(strcmp(ics_schedule_method_name((ics_schedule_method)v), "unknown") == 0);
        CHECK(strcmp(ics_objective_name((ics_objective)v), "unknown") == 0);
        CHECK(strcmp(ics_cluster_strategy_name((ics_cluster_strategy)v), "unknown") == 0);
        CHECK(strcmp(ics_batch_method_name((ics_batch_method)v), "unknown") == 0);
        CHECK(strcmp(ics_task_state_name((ics_task_state)v), "unknown") == 0);
        CHECK(strcmp(ics_sim_policy_name((ics_sim_policy)v), "unknown") == 0);
        CHECK(strcmp(ics_sim_durations_name((ics_sim_durations)v), "unknown") == 0);
        CHECK(strcmp(ics_sim_speeds_name((ics_sim_speeds)v), "unknown") == 0);
        CHECK(strcmp(ics_sim_availability_name((ics_sim_availability)v), "unknown") == 0);
        CHECK(strcmp(ics_sim_metric_name((ics_sim_metric)v), "unknown") == 0);
        char* text = NULL;
        size_t len = 0;
        CHECK(ics_dag_write_string(&text, &len, d, (ics_format)v) == ICS_ERR_INVALID_ARGUMENT);
        CHECK(text == NULL);
        uint32_t order[4];
        size_t count = 0;
        CHECK(ics_dag_order(order, 4, &count, d, (ics_policy)v, 1) == ICS_ERR_INVALID_ARGUMENT);
        CHECK(ics_sim_ranking(order, 4, &count, d, NULL, 0, (ics_sim_policy)v, 1) == ICS_ERR_INVALID_ARGUMENT);
        ics_cluster* c = NULL;
        CHECK(ics_cluster_extract(&c, d, NULL, 0, 2, (ics_cluster_strategy)v, NULL) == ICS_ERR_INVALID_ARGUMENT);
        CHECK(c == NULL);
    }
    ics_dag_destroy(d);
}

static void test_build_and_query(void) {
    ics_dag* d = diamond();
    uint32_t n = 0, id = 0, deg = 0;
    uint64_t m = 0;
    OK(ics_dag_node_count(&n, d));
    CHECK(n == 4);
    OK(ics_dag_arc_count(&m, d));
    CHECK(m == 4);
    OK(ics_dag_node_id(&id, d, "c"));
    CHECK(id == 2);
    const char* name = NULL;
    OK(ics_dag_node_name(&name, d, 3));
    CHECK(name && strcmp(name, "d") == 0);
    OK(ics_dag_in_degree(&deg, d, 3));
    CHECK(deg == 2);
    OK(ics_dag_out_degree(&deg, d, 3));
    CHECK(deg == 0);

    uint32_t buf[8];
    size_t count = 0;
    OK(ics_dag_children(NULL, 0, &count, d, 0)); /* size query */
    CHECK(count == 2);
    OK(ics_dag_children(buf, 8, &count, d, 0));
    CHECK(count == 2 && buf[0] == 1 && buf[1] == 2);
    OK(ics_dag_parents(buf, 8, &count, d, 3));
    CHECK(count == 2 && buf[0] == 1 && buf[1] == 2);
    buf[0] = 77;
    EXPECT_STATUS(ics_dag_parents(buf, 1, &count, d, 3), ICS_ERR_BUFFER_TOO_SMALL, "2 needed");
    CHECK(count == 2 && buf[0] == 77); /* nothing written */
    OK(ics_dag_sources(buf, 8, &count, d));
    CHECK(count == 1 && buf[0] == 0);
    OK(ics_dag_sinks(buf, 8, &count, d));
    CHECK(count == 1 && buf[0] == 3);
    OK(ics_dag_topological_order(buf, 8, &count, d));
    CHECK(count == 4 && buf[0] == 0 && buf[3] == 3);
    OK(ics_dag_levels(buf, 8, &count, d));
    CHECK(count == 4 && buf[0] == 0 && buf[1] == 1 && buf[2] == 1 && buf[3] == 2);

    ics_dag_info info = ICS_DAG_INFO_INIT;
    OK(ics_dag_add_arc(d, 0, 1)); /* duplicate, merged */
    OK(ics_dag_info_get(&info, d));
    CHECK(info.nodes == 4 && info.arcs == 4 && info.duplicate_arcs == 1 && info.sources == 1 &&
          info.sinks == 1 && info.levels == 3 && info.max_level_width == 2);
    info.version = 99;
    EXPECT_STATUS(ics_dag_info_get(&info, d), ICS_ERR_INVALID_ARGUMENT, "version");

    ics_dag* copy = NULL;
    OK(ics_dag_clone(&copy, d));
    OK(ics_dag_add_node(NULL, copy, "e"));
    OK(ics_dag_node_count(&n, copy));
    CHECK(n == 5);
    OK(ics_dag_node_count(&n, d));
    CHECK(n == 4);
    ics_dag_destroy(copy);
    ics_dag_destroy(d);
}

static void test_errors(void) {
    ics_dag* d = diamond();
    uint32_t id;
    EXPECT_STATUS(ics_dag_create(NULL), ICS_ERR_INVALID_ARGUMENT, "NULL");
    EXPECT_STATUS(ics_dag_add_node(&id, d, "a"), ICS_ERR_DUPLICATE_NODE, "'a'");
    EXPECT_STATUS(ics_dag_add_node(&id, d, ""), ICS_ERR_INVALID_ARGUMENT, "empty");
    EXPECT_STATUS(ics_dag_add_node(&id, d, NULL), ICS_ERR_INVALID_ARGUMENT, "NULL");
    EXPECT_STATUS(ics_dag_add_node(&id, NULL, "x"), ICS_ERR_INVALID_ARGUMENT, "NULL");
    EXPECT_STATUS(ics_dag_add_arc(d, 0, 0), ICS_ERR_SELF_LOOP, "'a'");
    EXPECT_STATUS(ics_dag_add_arc(d, 0, 42), ICS_ERR_UNKNOWN_NODE, "42");
    EXPECT_STATUS(ics_dag_add_arc_by_name(d, "a", "nope"), ICS_ERR_UNKNOWN_NODE, "'nope'");
    EXPECT_STATUS(ics_dag_node_id(&id, d, "nope"), ICS_ERR_UNKNOWN_NODE, "'nope'");
    const char* name;
    EXPECT_STATUS(ics_dag_node_name(&name, d, 4), ICS_ERR_UNKNOWN_NODE, "out of range");
    EXPECT_STATUS(ics_dag_children(NULL, 0, NULL, d, 0), ICS_ERR_INVALID_ARGUMENT, "out_count");
    uint32_t buf[4];
    EXPECT_STATUS(ics_dag_children(NULL, 4, NULL, d, 0), ICS_ERR_INVALID_ARGUMENT, "out");
    (void)buf;

    /* A cycle is reported, naming its nodes, by every call needing acyclicity. */
    OK(ics_dag_add_arc_by_name(d, "d", "a"));
    EXPECT_STATUS(ics_dag_validate(d), ICS_ERR_CYCLE, "'d'");
    uint64_t m;
    EXPECT_STATUS(ics_dag_arc_count(&m, d), ICS_ERR_CYCLE, "'a'");
    size_t count;
    EXPECT_STATUS(ics_dag_order(buf, 4, &count, d, ICS_POLICY_FIFO, 0), ICS_ERR_CYCLE, "cycle");
    uint32_t n;
    OK(ics_dag_node_count(&n, d)); /* still answerable */
    CHECK(n == 4);
    ics_dag_destroy(d);

    /* A pointer that is not a handle is refused, not dereferenced further. */
    uint64_t fake[64];
    memset(fake, 0, sizeof fake);
    EXPECT_STATUS(ics_dag_node_count(&n, (const ics_dag*)fake), ICS_ERR_MISUSE, "invalid");
    EXPECT_STATUS(ics_profile_memory(&n, (const ics_profile*)fake), ICS_ERR_MISUSE, "invalid");
    ics_dag_destroy((ics_dag*)fake); /* ignored */

    ics_format f;
    EXPECT_STATUS(ics_format_from_name(&f, "xls"), ICS_ERR_INVALID_ARGUMENT, "'xls'");
    ics_policy p;
    EXPECT_STATUS(ics_policy_from_name(&p, "best"), ICS_ERR_INVALID_ARGUMENT, "'best'");
    OK(ics_policy_from_name(&p, "eager"));
    CHECK(p == ICS_POLICY_LIFO);
    CHECK(strcmp(ics_policy_name(ICS_POLICY_LEVEL), "level") == 0);
}

static void test_profile(void) {
    ics_dag* d = diamond();
    const uint32_t order[4] = {0, 1, 2, 3};
    ics_profile* p = NULL;
    OK(ics_profile_evaluate(&p, d, order, 4));
    uint32_t e[5], steps = 0, mem = 0;
    uint64_t area = 0;
    size_t count = 0;
    OK(ics_profile_steps(&steps, p));
    CHECK(steps == 4);
    OK(ics_profile_eligible(e, 5, &count, p));
    CHECK(count == 5 && e[0] == 1 && e[1] == 2 && e[2] == 1 && e[3] == 1 && e[4] == 0);
    OK(ics_profile_memory(&mem, p));
    CHECK(mem == 2);
    OK(ics_profile_area(&area, p));
    CHECK(area == 5);
    uint32_t back[4];
    OK(ics_profile_order(back, 4, &count, p));
    CHECK(count == 4 && back[3] == 3);
    ics_profile_destroy(p);

    const uint32_t bad[4] = {0, 3, 1, 2};
    p = NULL;
    EXPECT_STATUS(ics_profile_evaluate(&p, d, bad, 4), ICS_ERR_INVALID_ORDER, "'d'");
    CHECK(p == NULL);
    EXPECT_STATUS(ics_order_validate(d, order, 3), ICS_ERR_INVALID_ORDER, "3 entries");
    EXPECT_STATUS(ics_order_validate(d, NULL, 4), ICS_ERR_INVALID_ARGUMENT, "NULL");
    OK(ics_order_validate(d, order, 4));

    for (int pol = ICS_POLICY_FIFO; pol <= ICS_POLICY_POSTORDER; ++pol) {
        uint32_t o[4];
        OK(ics_dag_order(NULL, 0, &count, d, (ics_policy)pol, 1));
        CHECK(count == 4);
        OK(ics_dag_order(o, 4, &count, d, (ics_policy)pol, 1));
        OK(ics_order_validate(d, o, 4));
        EXPECT_STATUS(ics_dag_order(o, 3, &count, d, (ics_policy)pol, 1), ICS_ERR_BUFFER_TOO_SMALL, "needed");
    }
    EXPECT_STATUS(ics_dag_order(e, 5, &count, d, (ics_policy)9, 1), ICS_ERR_INVALID_ARGUMENT, "policy");
    ics_dag_destroy(d);
}

static void test_files(void) {
    static const char text[] = "# a diamond\na b\na c\nb d\nc d\nlonely\n";
    ics_read_options opts = ICS_READ_OPTIONS_INIT;
    opts.format = ICS_FORMAT_EDGES;
    ics_dag* d = NULL;
    OK(ics_dag_read_string(&d, text, strlen(text), &opts));
    ics_dag_info info = ICS_DAG_INFO_INIT;
    OK(ics_dag_info_get(&info, d));
    CHECK(info.nodes == 5 && info.arcs == 4 && info.sources == 2 && info.sinks == 2);
    ics_format f;
    OK(ics_dag_source_format(&f, d));
    CHECK(f == ICS_FORMAT_EDGES);

    /* Every writer's output reads back to the same dag. */
    const ics_format formats[6] = {ICS_FORMAT_EDGES,  ICS_FORMAT_DOT, ICS_FORMAT_WFFORMAT,
                                   ICS_FORMAT_DAGMAN, ICS_FORMAT_DAX, ICS_FORMAT_ADJACENCY_JSON};
    for (int i = 0; i < 6; ++i) {
        char* s = NULL;
        size_t len = 0;
        OK(ics_dag_write_string(&s, &len, d, formats[i]));
        CHECK(s != NULL && strlen(s) == len);
        ics_dag* back = NULL;
        OK(ics_dag_read_string(&back, s, len, NULL)); /* auto-detected */
        ics_format bf = ICS_FORMAT_AUTO;
        OK(ics_dag_source_format(&bf, back));
        CHECK(bf == formats[i]);
        ics_dag_info bi = ICS_DAG_INFO_INIT;
        OK(ics_dag_info_get(&bi, back));
        CHECK(bi.nodes == 5 && bi.arcs == 4);
        /* The same names with the same ids and the same arcs. */
        for (uint32_t v = 0; v < 5; ++v) {
            const char *na = NULL, *nb = NULL;
            OK(ics_dag_node_name(&na, d, v));
            OK(ics_dag_node_name(&nb, back, v));
            CHECK(strcmp(na, nb) == 0);
        }
        char *ea = NULL, *eb = NULL;
        OK(ics_dag_write_string(&ea, NULL, d, ICS_FORMAT_EDGES));
        OK(ics_dag_write_string(&eb, NULL, back, ICS_FORMAT_EDGES));
        CHECK(strcmp(ea, eb) == 0);
        ics_free(ea);
        ics_free(eb);
        uint32_t id;
        OK(ics_dag_node_id(&id, back, "lonely"));
        ics_dag_destroy(back);
        ics_free(s);
    }
    /* Names XML must escape survive DAX and DAGMan; names DAGMan cannot hold
     * are refused. */
    {
        static const char odd[] = "x&y z\"<w>\n'q' z\"<w>\n";
        ics_dag* g = NULL;
        ics_read_options eo = ICS_READ_OPTIONS_INIT;
        eo.format = ICS_FORMAT_EDGES;
        OK(ics_dag_read_string(&g, odd, strlen(odd), &eo));
        char* x = NULL;
        OK(ics_dag_write_string(&x, NULL, g, ICS_FORMAT_DAX));
        ics_dag* back = NULL;
        OK(ics_dag_read_string(&back, x, strlen(x), NULL));
        uint32_t id;
        OK(ics_dag_node_id(&id, back, "x&y"));
        OK(ics_dag_node_id(&id, back, "z\"<w>"));
        OK(ics_dag_node_id(&id, back, "'q'"));
        ics_dag_destroy(back);
        ics_free(x);
        OK(ics_dag_write_string(&x, NULL, g, ICS_FORMAT_DAGMAN));
        OK(ics_dag_read_string(&back, x, strlen(x), NULL));
        OK(ics_dag_node_id(&id, back, "z\"<w>"));
        ics_dag_destroy(back);
        ics_free(x);
        ics_dag_destroy(g);
        static const char words[] = "a parent\n";
        OK(ics_dag_read_string(&g, words, strlen(words), &eo));
        EXPECT_STATUS(ics_dag_write_string(&x, NULL, g, ICS_FORMAT_DAGMAN), ICS_ERR_UNSUPPORTED, "reserved word");
        ics_dag_destroy(g);
        static const char plus[] = "a b+c\n";
        OK(ics_dag_read_string(&g, plus, strlen(plus), &eo));
        EXPECT_STATUS(ics_dag_write_string(&x, NULL, g, ICS_FORMAT_DAGMAN), ICS_ERR_UNSUPPORTED, "'+'");
        OK(ics_dag_write_string(&x, NULL, g, ICS_FORMAT_DAX));
        ics_free(x);
        ics_dag_destroy(g);
    }
    char* s = NULL;
    EXPECT_STATUS(ics_dag_write_string(&s, NULL, d, ICS_FORMAT_STG), ICS_ERR_UNSUPPORTED, "");
    EXPECT_STATUS(ics_dag_write_string(&s, NULL, d, (ics_format)77), ICS_ERR_INVALID_ARGUMENT, "format");

    const char* path = "capi_test_tmp.dot";
    OK(ics_dag_write_file(d, path, ICS_FORMAT_DOT));
    ics_dag* fromfile = NULL;
    OK(ics_dag_read_file(&fromfile, path, NULL));
    OK(ics_dag_source_format(&f, fromfile));
    CHECK(f == ICS_FORMAT_DOT);
    ics_dag_destroy(fromfile);
    remove(path);
    ics_dag_destroy(d);

    ics_dag* none = NULL;
    EXPECT_STATUS(ics_dag_read_file(&none, "/nonexistent/x.dag", NULL), ICS_ERR_IO, "/nonexistent/x.dag");
    CHECK(none == NULL);
    static const char cyclic[] = "a b\nb c\nc a\n";
    EXPECT_STATUS(ics_dag_read_string(&none, cyclic, strlen(cyclic), &opts), ICS_ERR_CYCLE, "'b'");
    static const char bad[] = "a b c\n";
    EXPECT_STATUS(ics_dag_read_string(&none, bad, strlen(bad), &opts), ICS_ERR_PARSE, "1");
    static const char badjson[] = "{\"workflow\": {\"tasks\": [ {\"name\": 3 } ]";
    opts.format = ICS_FORMAT_WFFORMAT;
    EXPECT_STATUS(ics_dag_read_string(&none, badjson, strlen(badjson), &opts), ICS_ERR_PARSE, "");
    EXPECT_STATUS(ics_dag_read_string(&none, "", 0, NULL), ICS_ERR_EMPTY_GRAPH, "");
    EXPECT_STATUS(ics_dag_read_string(&none, NULL, 3, NULL), ICS_ERR_INVALID_ARGUMENT, "NULL");
    opts.version = 0;
    EXPECT_STATUS(ics_dag_read_string(&none, text, strlen(text), &opts), ICS_ERR_INVALID_ARGUMENT, "version");
    OK(ics_read_options_init(&opts, ICS_READ_OPTIONS_VERSION));
    CHECK(opts.format == ICS_FORMAT_AUTO);
    OK(ics_format_from_name(&f, "dagman"));
    CHECK(f == ICS_FORMAT_DAGMAN);
    CHECK(strcmp(ics_format_name(ICS_FORMAT_DOT), "dot") == 0);
}

static void test_warnings(void) {
    /* A DAGMan INCLUDE whose file is absent is read past with a warning. */
    static const char dag[] = "JOB A a.sub\nJOB B b.sub\nINCLUDE /nonexistent/missing.inc\nPARENT A CHILD B\n";
    ics_read_options opts = ICS_READ_OPTIONS_INIT;
    opts.format = ICS_FORMAT_DAGMAN;
    opts.include_policy = ICS_INCLUDE_ALLOW; /* a string opens no file under the default policy */
    ics_dag* d = NULL;
    OK(ics_dag_read_string(&d, dag, strlen(dag), &opts));
    uint32_t n = 0;
    OK(ics_dag_warning_count(&n, d));
    CHECK(n == 1);
    const char* w = NULL;
    OK(ics_dag_warning(&w, d, 0));
    CHECK(w && strstr(w, "missing.inc") != NULL);
    EXPECT_STATUS(ics_dag_warning(&w, d, 1), ICS_ERR_INVALID_ARGUMENT, "out of range");
    ics_dag* copy = NULL;
    OK(ics_dag_clone(&copy, d));
    OK(ics_dag_warning_count(&n, copy));
    CHECK(n == 1);
    ics_dag_destroy(copy);
    ics_dag_destroy(d);
    d = diamond();
    OK(ics_dag_warning_count(&n, d));
    CHECK(n == 0);
    ics_dag_destroy(d);
}

static void test_generators(void) {
    ics_dag* d = NULL;
    ics_dag_info info = ICS_DAG_INFO_INIT;
    OK(ics_dag_generate_fft(&d, 3));
    OK(ics_dag_info_get(&info, d));
    CHECK(info.nodes == 32 && info.arcs == 48 && info.sources == 8 && info.sinks == 8 && info.levels == 4);
    ics_dag_destroy(d);
    OK(ics_dag_generate_reduction_mesh(&d, 5));
    OK(ics_dag_info_get(&info, d));
    CHECK(info.nodes == 15 && info.arcs == 20 && info.sources == 5 && info.sinks == 1);
    ics_dag_destroy(d);
    OK(ics_dag_generate_reduction_tree(&d, 3));
    OK(ics_dag_info_get(&info, d));
    CHECK(info.nodes == 15 && info.arcs == 14 && info.sources == 8 && info.sinks == 1);
    ics_dag_destroy(d);
    const char* strings[] = {"", "0", "1", "00", "01"};
    OK(ics_dag_generate_reduction_tree_strings(&d, strings, 5));
    OK(ics_dag_info_get(&info, d));
    CHECK(info.nodes == 5 && info.arcs == 4 && info.sources == 3);
    ics_dag_destroy(d);
    d = NULL;
    const char* notfull[] = {"", "0"};
    EXPECT_STATUS(ics_dag_generate_reduction_tree_strings(&d, notfull, 2), ICS_ERR_INVALID_ARGUMENT, "");
    EXPECT_STATUS(ics_dag_generate_pbt(&d, "1/2,1/3"), ICS_ERR_INVALID_ARGUMENT, "");
    EXPECT_STATUS(ics_dag_generate_pbt(&d, NULL), ICS_ERR_INVALID_ARGUMENT, "NULL");
    EXPECT_STATUS(ics_dag_generate_fft(&d, 40), ICS_ERR_TOO_LARGE, "");
    EXPECT_STATUS(ics_dag_generate_random_er(&d, 10, 1.5, 1), ICS_ERR_INVALID_ARGUMENT, "");
    CHECK(d == NULL);
    OK(ics_dag_generate_random_layered(&d, 4, 5, 0.5, 7));
    OK(ics_dag_validate(d));
    ics_dag_destroy(d);
}

/* Read limits and the include policy (issue 17; README "Security and limits"). */
static void test_read_limits(void) {
    ics_dag* none = NULL;
    /* Strings open no file by default: the error names the policy, never the
     * target's content. */
    static const char passwd[] = "JOB A a\nINCLUDE /etc/passwd\n";
    EXPECT_STATUS(ics_dag_read_string(&none, passwd, strlen(passwd), NULL), ICS_ERR_IO, "no base directory");
    CHECK(strstr(ics_last_error_message(), "root:") == NULL);
    ics_read_options opts = ICS_READ_OPTIONS_INIT;
    opts.base_dir = "/tmp";
    EXPECT_STATUS(ics_dag_read_string(&none, passwd, strlen(passwd), &opts), ICS_ERR_IO,
                  "outside the directory tree");
    opts.include_policy = ICS_INCLUDE_DENY;
    EXPECT_STATUS(ics_dag_read_string(&none, passwd, strlen(passwd), &opts), ICS_ERR_IO, "include policy deny");
    static const char zero[] = "JOB A a\nINCLUDE /dev/zero\n";
    opts.include_policy = ICS_INCLUDE_ALLOW;
    EXPECT_STATUS(ics_dag_read_string(&none, zero, strlen(zero), &opts), ICS_ERR_IO, "not a regular file");
    /* Each limit: ICS_ERR_TOO_LARGE naming it and the source. */
    static const char edges[] = "a b\na b\nb c\n";
    opts = (ics_read_options)ICS_READ_OPTIONS_INIT;
    opts.max_arcs = 2;
    EXPECT_STATUS(ics_dag_read_string(&none, edges, strlen(edges), &opts), ICS_ERR_TOO_LARGE, "max_arcs = 2");
    opts.max_arcs = 3; /* duplicates count as read */
    ics_dag* d = NULL;
    OK(ics_dag_read_string(&d, edges, strlen(edges), &opts));
    ics_dag_destroy(d);
    opts.max_nodes = 2;
    EXPECT_STATUS(ics_dag_read_string(&none, edges, strlen(edges), &opts), ICS_ERR_TOO_LARGE, "max_nodes = 2");
    opts.max_nodes = 0; /* 0 = the default */
    opts.max_bytes = 5;
    EXPECT_STATUS(ics_dag_read_string(&none, edges, strlen(edges), &opts), ICS_ERR_TOO_LARGE, "<string>");
    EXPECT_STATUS(ics_dag_read_file(&none, "/dev/zero", &opts), ICS_ERR_TOO_LARGE, "max_bytes = 5");
    CHECK(none == NULL);
    opts = (ics_read_options)ICS_READ_OPTIONS_INIT;
    opts.include_policy = (ics_include_policy)7;
    EXPECT_STATUS(ics_dag_read_string(&none, edges, strlen(edges), &opts), ICS_ERR_INVALID_ARGUMENT, "policy 7");

    /* A version-1 struct: _init writes only its two fields, the read takes the defaults. */
    unsigned char raw[sizeof(ics_read_options)];
    memset(raw, 0xAB, sizeof raw);
    OK(ics_read_options_init((ics_read_options*)raw, 1));
    CHECK(raw[sizeof raw - 1] == 0xAB && raw[offsetof(ics_read_options, include_policy)] == 0xAB);
    ics_read_options v1;
    memcpy(&v1, raw, offsetof(ics_read_options, include_policy));
    OK(ics_dag_read_string(&d, edges, strlen(edges), &v1));
    ics_dag_destroy(d);
    EXPECT_STATUS(ics_dag_read_string(&none, passwd, strlen(passwd), &v1), ICS_ERR_IO, "refused");

    /* A destroyed handle passed again (no handle made in between): MISUSE,
     * a second destroy is harmless, and neither reads the freed memory
     * (ASan checks that in the sanitizer build). */
    OK(ics_dag_read_string(&d, edges, strlen(edges), &v1));
    ics_dag_destroy(d);
    ics_dag_destroy(d);
    uint32_t count = 0;
    EXPECT_STATUS(ics_dag_node_count(&count, d), ICS_ERR_MISUSE, "destroyed");
    int on_stack = 0;
    EXPECT_STATUS(ics_dag_node_count(&count, (const ics_dag*)&on_stack), ICS_ERR_MISUSE, "dag handle");
    ics_dag_destroy((ics_dag*)&on_stack); /* foreign: ignored */
    /* A misaligned foreign pointer too (UB in the check before; UBSan,
     * fuzz/capi_fuzz.cpp). */
    uint32_t words[4] = {0x49435344u, 0x49435344u, 0, 0};
    EXPECT_STATUS(ics_dag_node_count(&count, (const ics_dag*)(words + 1)), ICS_ERR_MISUSE, "dag handle");
    ics_dag_destroy((ics_dag*)(words + 1)); /* ignored */

    /* exact_max_nodes of 64 and more once shifted 1 by 64+ bits (UB; the
     * sanitizer build runs this with UBSan halting on error). */
    ics_dag* small = diamond();
    const uint32_t big[] = {63, 64, 65, 1000, UINT32_MAX};
    for (size_t i = 0; i < sizeof big / sizeof big[0]; ++i) {
        ics_schedule_options so = ICS_SCHEDULE_OPTIONS_INIT;
        so.exact_max_nodes = big[i];
        ics_schedule_result* r = NULL;
        OK(ics_schedule(&r, small, &so));
        ics_schedule_result_destroy(r);
    }
    ics_dag_destroy(small);

    ics_include_policy p;
    OK(ics_include_policy_from_name(&p, "deny"));
    CHECK(p == ICS_INCLUDE_DENY);
    CHECK(strcmp(ics_include_policy_name(ICS_INCLUDE_SAME_DIRECTORY_TREE), "same-directory-tree") == 0);
    CHECK(strcmp(ics_include_policy_name((ics_include_policy)9), "unknown") == 0);
    EXPECT_STATUS(ics_include_policy_from_name(&p, "all"), ICS_ERR_INVALID_ARGUMENT, "same-directory-tree, deny, allow");
}

/* ics_read_options version 3, keep_source: a version-2 struct keeps the
 * source and priorities can be written into it; keep_source = 0 reads the
 * same dag, and writing priorities into the file read is ICS_ERR_UNSUPPORTED
 * saying how to read it. Strings and files, DAGMan, WfFormat, DAX. */
static void test_keep_source(void) {
    static const char dagman[] = "JOB a a.sub\nJOB b b.sub\nJOB c c.sub\nJOB d d.sub\nPARENT a CHILD b c\n"
                                 "PARENT b c CHILD d\n";
    static const char wf[] =
        "{\"name\": \"dag\", \"schemaVersion\": \"1.5\", \"workflow\": {\"specification\": {\"tasks\": ["
        "{\"id\": \"a\", \"name\": \"a\", \"parents\": [], \"children\": [\"b\", \"c\"]},"
        "{\"id\": \"b\", \"name\": \"b\", \"parents\": [\"a\"], \"children\": [\"d\"]},"
        "{\"id\": \"c\", \"name\": \"c\", \"parents\": [\"a\"], \"children\": [\"d\"]},"
        "{\"id\": \"d\", \"name\": \"d\", \"parents\": [\"b\", \"c\"], \"children\": []}]}}}\n";
    static const char dax[] = "<adag><job id=\"a\"/><job id=\"b\"/><job id=\"c\"/><job id=\"d\"/>"
                              "<child ref=\"b\"><parent ref=\"a\"/></child><child ref=\"c\"><parent ref=\"a\"/></child>"
                              "<child ref=\"d\"><parent ref=\"b\"/><parent ref=\"c\"/></child></adag>\n";
    const struct {
        const char* text;
        ics_format format;
        ics_priority_target target;
        const char* file;
    } cases[] = {
        {dagman, ICS_FORMAT_DAGMAN, ICS_PRIORITIES_DAGMAN, "ics_capi_keep.dag"},
        {wf, ICS_FORMAT_WFFORMAT, ICS_PRIORITIES_WFFORMAT, "ics_capi_keep.json"},
        {dax, ICS_FORMAT_DAX, ICS_PRIORITIES_DAX, "ics_capi_keep.xml"},
    };
    /* _init(2) writes nothing past a version-2 struct; 3 sets keep_source = 1. */
    unsigned char raw[sizeof(ics_read_options)];
    memset(raw, 0xAB, sizeof raw);
    OK(ics_read_options_init((ics_read_options*)raw, 2));
    CHECK(raw[offsetof(ics_read_options, keep_source)] == 0xAB);
    ics_read_options v3;
    OK(ics_read_options_init(&v3, 3));
    CHECK(v3.keep_source == 1 && v3.version == 3);
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; ++k) {
        FILE* f = fopen(cases[k].file, "wb");
        CHECK(f != NULL);
        if (!f) continue;
        fputs(cases[k].text, f);
        fclose(f);
        for (int from_file = 0; from_file < 2; ++from_file) {
            ics_read_options v2;
            memcpy(&v2, raw, offsetof(ics_read_options, keep_source));
            v2.format = cases[k].format;
            ics_read_options drop = ICS_READ_OPTIONS_INIT;
            drop.format = cases[k].format;
            drop.keep_source = 0;
            ics_dag *kept = NULL, *dropped = NULL;
            const size_t len = strlen(cases[k].text);
            if (from_file) {
                OK(ics_dag_read_file(&kept, cases[k].file, &v2));
                OK(ics_dag_read_file(&dropped, cases[k].file, &drop));
            } else {
                OK(ics_dag_read_string(&kept, cases[k].text, len, &v2));
                OK(ics_dag_read_string(&dropped, cases[k].text, len, &drop));
            }
            if (!kept || !dropped) continue;
            char *a = NULL, *b = NULL;
            OK(ics_dag_write_string(&a, NULL, kept, ICS_FORMAT_EDGES));
            OK(ics_dag_write_string(&b, NULL, dropped, ICS_FORMAT_EDGES));
            CHECK(a && b && strcmp(a, b) == 0);
            ics_free(a);
            ics_free(b);
            ics_format fmt = ICS_FORMAT_AUTO;
            OK(ics_dag_source_format(&fmt, dropped));
            CHECK(fmt == cases[k].format);
            const uint32_t order[] = {0, 1, 2, 3};
            ics_priority_options po = ICS_PRIORITY_OPTIONS_INIT;
            po.target = cases[k].target;
            char* text = NULL;
            OK(ics_dag_write_priorities_string(&text, NULL, kept, order, 4, &po));
            CHECK(text != NULL && strlen(text) > len / 2);
            ics_free(text);
            text = NULL;
            EXPECT_STATUS(ics_dag_write_priorities_string(&text, NULL, dropped, order, 4, &po), ICS_ERR_UNSUPPORTED,
                          "keep_source = 1");
            CHECK(text == NULL);
            EXPECT_STATUS(ics_dag_write_priorities_file(dropped, "ics_capi_keep.out", order, 4, &po),
                          ICS_ERR_UNSUPPORTED, "without its source text");
            if (cases[k].format == ICS_FORMAT_DAGMAN)
                EXPECT_STATUS(ics_dag_write_dagman_priorities(&text, NULL, dropped, order, 4), ICS_ERR_UNSUPPORTED,
                              "keep_source");
            /* Targets that do not rewrite the file are the same. */
            po.target = ICS_PRIORITIES_CSV;
            OK(ics_dag_write_priorities_string(&a, NULL, kept, order, 4, &po));
            OK(ics_dag_write_priorities_string(&b, NULL, dropped, order, 4, &po));
            CHECK(a && b && strcmp(a, b) == 0);
            ics_free(a);
            ics_free(b);
            /* A clone keeps the answer. */
            ics_dag* clone = NULL;
            OK(ics_dag_clone(&clone, dropped));
            po.target = cases[k].target;
            EXPECT_STATUS(ics_dag_write_priorities_string(&text, NULL, clone, order, 4, &po), ICS_ERR_UNSUPPORTED,
                          "keep_source");
            ics_dag_destroy(clone);
            ics_dag_destroy(kept);
            ics_dag_destroy(dropped);
        }
        remove(cases[k].file);
    }
}

int main(void) {
    test_version_and_status();
    test_enums_out_of_range();
    test_build_and_query();
    test_errors();
    test_profile();
    test_files();
    test_warnings();
    test_read_limits();
    test_keep_source();
    test_generators();
    return CHECK_REPORT();
}
