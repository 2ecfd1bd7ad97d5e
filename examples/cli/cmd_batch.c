/* ics — batched IC scheduling (BICSO): batch. */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

/* Splits `text` (modified in place) at `sep` characters and looks each
 * trimmed, non-empty name up; with `comments`, lines starting with '#' are
 * skipped. Appends the ids to *ids. Returns 0 or an exit status (error
 * printed: "ics: unknown task 'x'"; `where` prefixes other errors). */
static int parse_names(cli_u32s* ids, const ics_dag* dag, char* text, char sep, int comments, const char* where) {
    char* item = text;
    for (;;) {
        char* end = strchr(item, sep);
        char* next = end ? end + 1 : NULL;
        if (!end) end = item + strlen(item);
        while (item < end && (*item == ' ' || *item == '\t' || *item == '\r')) ++item;
        while (end > item && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\r')) --end;
        *end = '\0';
        if (item < end && !(comments && *item == '#')) {
            uint32_t id = 0;
            ics_status st = ics_dag_node_id(&id, dag, item);
            if (st == ICS_ERR_UNKNOWN_NODE) return cli_fail("unknown task '%s'", item);
            if (st != ICS_OK) return cli_fail_status(st, where);
            if (ids->len == ids->cap && cli_u32s_reserve(ids, ids->cap * 2) != ICS_OK)
                return cli_fail("out of memory");
            ids->v[ids->len++] = id;
        }
        if (!next) return 0;
        item = next;
    }
}

/* --executed: "a,b,c", "" (nothing executed) or "@FILE" (one name per line). */
static int read_executed(cli_u32s* ids, const ics_dag* dag, const char* arg) {
    ids->len = 0;
    if (cli_u32s_reserve(ids, 16) != ICS_OK) return cli_fail("out of memory");
    if (!arg) return 0;
    if (arg[0] == '@') {
        char* data = NULL;
        size_t len = 0;
        int rc = cli_read_file(&data, &len, arg + 1);
        if (rc) return rc;
        rc = parse_names(ids, dag, data, '\n', 1, arg + 1);
        free(data);
        return rc;
    }
    char* copy = malloc(strlen(arg) + 1);
    if (!copy) return cli_fail("out of memory");
    strcpy(copy, arg);
    int rc = parse_names(ids, dag, copy, ',', 0, NULL);
    free(copy);
    return rc;
}

/* --requests: "R" or "R1,R2,...", each >= 1. */
static int read_requests(cli_u32s* req, const cli_command* self, const char* arg) {
    req->len = 0;
    if (cli_u32s_reserve(req, 16) != ICS_OK) return cli_fail("out of memory");
    const char* p = arg;
    for (;;) {
        const char* comma = strchr(p, ',');
        size_t n = comma ? (size_t)(comma - p) : strlen(p);
        char item[32];
        if (n == 0 || n >= sizeof item) return cli_usage_error(self, "--requests: bad request size list '%s'", arg);
        memcpy(item, p, n);
        item[n] = '\0';
        uint32_t r = 0;
        int rc = cli_parse_u32(&r, self, "--requests", item);
        if (rc) return rc;
        if (r == 0) return cli_usage_error(self, "--requests: a request size must be at least 1");
        if (req->len == req->cap && cli_u32s_reserve(req, req->cap * 2) != ICS_OK) return cli_fail("out of memory");
        req->v[req->len++] = r;
        if (!comma) return 0;
        p = comma + 1;
    }
}

/* One batch: as JSON members of `obj`, or as text lines. */
static ics_status write_batch(const ics_dag* dag, const ics_batch_result* res, json_object* obj, int json,
                              cli_u32s* buf) {
    ics_status st;
    uint32_t before = 0, after = 0, newly = 0, bound = 0;
    ics_batch_method method = ICS_BATCH_METHOD_AUTO;
    int optimal = 0;
    const char* guarantee = "";
    CLI_FETCH(st, *buf, ics_batch_result_selected(buf->v, buf->cap, &buf->len, res));
    if (st == ICS_OK) st = ics_batch_result_eligible_before(&before, res);
    if (st == ICS_OK) st = ics_batch_result_eligible_after(&after, res);
    if (st == ICS_OK) st = ics_batch_result_newly_eligible(&newly, res);
    if (st == ICS_OK) st = ics_batch_result_bound_after(&bound, res);
    if (st == ICS_OK) st = ics_batch_result_method(&method, res);
    if (st == ICS_OK) st = ics_batch_result_optimal(&optimal, res);
    if (st == ICS_OK) st = ics_batch_result_guarantee(&guarantee, res);
    if (st != ICS_OK) return st;
    if (json) {
        json_u64(obj, "r", buf->len);
        json_key(obj, "select");
        if ((st = out_node_names(dag, buf->v, buf->len, 1)) != ICS_OK) return st;
        json_u64(obj, "eligible_before", before);
        json_u64(obj, "eligible_after", after);
        json_u64(obj, "newly_eligible", newly);
        json_u64(obj, "bound_after", bound);
        json_string(obj, "method", ics_batch_method_name(method));
        json_bool(obj, "optimal", optimal);
        json_string(obj, "guarantee", guarantee);
        return ICS_OK;
    }
    out_label("select");
    if ((st = out_node_names(dag, buf->v, buf->len, 0)) != ICS_OK) return st;
    out_char('\n');
    out_label("eligible_after");
    out_u64(after);
    out_str(" (");
    out_u64(before);
    out_str(" before, ");
    out_u64(buf->len);
    out_str(" in the batch, ");
    out_u64(newly);
    out_str(" newly eligible; best possible <= ");
    out_u64(bound);
    out_str(")\n");
    out_row("method", ics_batch_method_name(method));
    out_row("optimal", optimal ? "true" : "false");
    out_row("guarantee", guarantee);
    return ICS_OK;
}

static int run_select(const ics_dag* dag, const char* path, const cli_u32s* executed, uint32_t r,
                      const ics_batch_options* opts, int json) {
    ics_batch_result* res = NULL;
    ics_status st = ics_batch_select(&res, dag, executed->v, executed->len, r, opts);
    if (st != ICS_OK) return cli_fail_status(st, path);
    cli_u32s buf = {NULL, 0, 0};
    json_object obj;
    if (json) {
        json_begin(&obj);
        json_string(&obj, "file", path);
        json_u64(&obj, "executed", executed->len);
    } else {
        out_row("file", path);
    }
    st = write_batch(dag, res, &obj, json, &buf);
    if (st == ICS_OK && json) json_end(&obj);
    cli_u32s_free(&buf);
    ics_batch_result_destroy(res);
    return st == ICS_OK ? CLI_EXIT_OK : cli_fail_status(st, path);
}

static int run_play(const ics_dag* dag, const char* path, const cli_u32s* executed, const cli_u32s* req,
                    const ics_batch_options* opts, int json) {
    ics_batch_play_result* play = NULL;
    ics_status st = ics_batch_play(&play, dag, executed->v, executed->len, req->v, req->len, opts);
    if (st != ICS_OK) return cli_fail_status(st, path);
    cli_u32s buf = {NULL, 0, 0};
    json_object obj, entry;
    if (json) {
        json_begin(&obj);
        json_string(&obj, "file", path);
        json_u64(&obj, "executed", executed->len);
        json_key(&obj, "batches");
        out_char('[');
    } else {
        out_row("file", path);
    }
    for (uint32_t t = 0; st == ICS_OK && t < req->len; ++t) {
        const ics_batch_result* res = NULL;
        st = ics_batch_play_result_batch(&res, play, t);
        if (st != ICS_OK) break;
        if (json) {
            if (t) out_str(", ");
            json_begin(&entry);
            json_u64(&entry, "batch", t + 1);
            json_u64(&entry, "requested", req->v[t]);
            st = write_batch(dag, res, &entry, 1, &buf);
            json_close(&entry);
        } else {
            out_str("\nbatch ");
            out_u64(t + 1);
            out_str(" (");
            out_u64(req->v[t]);
            out_str(" requested)\n");
            st = write_batch(dag, res, NULL, 0, &buf);
        }
    }
    if (st == ICS_OK && json) {
        out_char(']');
        json_end(&obj);
    }
    cli_u32s_free(&buf);
    ics_batch_play_result_destroy(play);
    return st == ICS_OK ? CLI_EXIT_OK : cli_fail_status(st, path);
}

static int run_batch(const cli_command* self, int argc, char** argv) {
    const char *format = NULL, *executed_arg = NULL, *requests_arg = NULL, *method_name = NULL, *budget_text = NULL;
    int json = 0;
    const cli_option opts[] = {
        {"--format", NULL, &format, NULL},
        {"--executed", NULL, &executed_arg, NULL},
        {"--requests", "-r", &requests_arg, NULL},
        {"--method", NULL, &method_name, NULL},
        {"--exact-budget", NULL, &budget_text, NULL},
        {"--json", NULL, NULL, &json},
    };
    int npos = 0;
    int rc = cli_parse_args(self, argc, argv, opts, sizeof opts / sizeof opts[0], 1, 1, &npos);
    if (rc >= 0) return rc;
    if ((rc = cli_list_arg(&requests_arg))) return rc;
    const char* path = argv[0];
    if (!requests_arg) return cli_usage_error(self, "--requests R is required");
    ics_batch_options bopts = ICS_BATCH_OPTIONS_INIT;
    if (method_name && ics_batch_method_from_name(&bopts.method, method_name) != ICS_OK)
        return cli_usage_error(self, "unknown method '%s' (auto, exact, tree-dp, expansive, greedy)", method_name);
    if (budget_text && (rc = cli_parse_u64(&bopts.exact_budget, self, "--exact-budget", budget_text)) != 0) return rc;
    cli_u32s req = {NULL, 0, 0}, executed = {NULL, 0, 0};
    if ((rc = read_requests(&req, self, requests_arg)) != 0) {
        cli_u32s_free(&req);
        return rc;
    }
    ics_dag* dag = NULL;
    rc = cli_load_dag(&dag, self, path, format);
    if (rc == 0) rc = read_executed(&executed, dag, executed_arg);
    if (rc == 0)
        rc = req.len == 1 ? run_select(dag, path, &executed, req.v[0], &bopts, json)
                          : run_play(dag, path, &executed, &req, &bopts, json);
    cli_u32s_free(&req);
    cli_u32s_free(&executed);
    ics_dag_destroy(dag);
    return rc;
}

const cli_command cli_cmd_batch = {
    "batch",
    "choose the best r tasks when r workers ask at once (batched IC scheduling)",
    "usage: ics batch FILE --requests R[,R2,...] [--executed NAMES|@FILE]\n"
    "                      [--method auto|exact|tree-dp|expansive|greedy] [--exact-budget B]\n"
    "                      [--format F] [--json]\n"
    "\n"
    "Given the tasks already executed, chooses R ELIGIBLE tasks whose execution\n"
    "leaves the most tasks ELIGIBLE (batch-scheduling.txt), and says how good the\n"
    "choice is: optimal when proven, else the method's guarantee and an upper bound.\n"
    "With several request sizes, plays the batches in sequence (each batch runs\n"
    "min(eligible, R_t) tasks and counts as executed for the next).\n"
    "\n"
    "  FILE                the workflow file; '-' reads standard input\n"
    "  --requests R        the batch size; R1,R2,... plays several batches\n"
    "  --executed NAMES    tasks already executed: a comma-separated list, or\n"
    "                      @FILE with one name per line ('#' lines skipped);\n"
    "                      empty or absent: nothing executed. Must be closed\n"
    "                      under parents.\n"
    "  --method M          auto (default), or force exact, tree-dp, expansive, greedy\n"
    "  --exact-budget B    search nodes of the exact search (default 1048576; 0 = no limit)\n"
    "  --json              one JSON object: select (names), eligible_before,\n"
    "                      eligible_after, newly_eligible, bound_after, method,\n"
    "                      optimal, guarantee; with several requests a list\n"
    "                      \"batches\" of such objects\n"
    "\n"
    "eligible_after is the number of ELIGIBLE tasks once the batch has run:\n"
    "eligible_before - R + newly_eligible.\n",
    run_batch,
};
