/* ics — task clustering for heterogeneous workers (clustering.txt §3): cluster. */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

/* Parses the comma-separated list `text` into out->v, one entry per word,
 * with parse(entry, ctx, word). Returns 0 or an exit status (error printed). */
typedef int (*parse_word)(uint32_t* entry, void* ctx, const char* word);
static int parse_list(cli_u32s* out, const char* text, parse_word parse, void* ctx) {
    size_t len = strlen(text), max = 1;
    for (const char* p = text; *p; ++p) max += *p == ',';
    char* copy = malloc(len + 1);
    if (!copy || cli_u32s_reserve(out, max) != ICS_OK) {
        free(copy);
        return cli_fail("out of memory");
    }
    memcpy(copy, text, len + 1);
    int rc = 0;
    out->len = 0;
    for (char* w = copy; w && rc == 0;) {
        char* comma = strchr(w, ',');
        if (comma) *comma = '\0';
        if (*w) rc = parse(&out->v[out->len++], ctx, w);
        w = comma ? comma + 1 : NULL;
    }
    free(copy);
    return rc;
}

typedef struct names_ctx {
    const ics_dag* dag;
    const char* option;
} names_ctx;

static int parse_name(uint32_t* entry, void* ctx, const char* word) {
    const names_ctx* c = ctx;
    if (ics_dag_node_id(entry, c->dag, word) != ICS_OK) return cli_fail("%s: unknown node '%s'", c->option, word);
    return 0;
}

/* "a,b,c" (node names) into ids. */
static int parse_names(cli_u32s* out, const ics_dag* dag, const char* option, const char* text) {
    names_ctx ctx = {dag, option};
    return parse_list(out, text, parse_name, &ctx);
}

static int parse_size(uint32_t* entry, void* ctx, const char* word) {
    return cli_parse_u32(entry, ctx, "--sizes", word);
}

/* "3,5,2" into sizes. */
static int parse_sizes(cli_u32s* out, const cli_command* cmd, const char* text) {
    int rc = parse_list(out, text, parse_size, (void*)cmd);
    if (rc == 0 && out->len == 0) rc = cli_usage_error(cmd, "--sizes needs at least one size");
    return rc;
}

/* One cluster as text rows or as the members of a JSON object. */
static ics_status write_cluster(const ics_dag* dag, const ics_cluster* c, json_object* obj, int full) {
    cli_u32s tasks = {NULL, 0, 0}, order = {NULL, 0, 0}, closure = {NULL, 0, 0}, from = {NULL, 0, 0},
             to = {NULL, 0, 0};
    ics_cluster_strategy used = ICS_CLUSTER_DIRECT;
    ics_schedule_status status = ICS_SCHEDULE_HEURISTIC;
    uint64_t cut = 0;
    uint32_t eligible = 0, newly = 0;
    int self_contained = 0;
    const char *reason = "", *certificate = "", *violation = "", *donor = "";
    ics_status st = ics_cluster_strategy_used(&used, c);
    if (st == ICS_OK) st = ics_cluster_residual_status(&status, c);
    if (st == ICS_OK) st = ics_cluster_cut_arc_count(&cut, c);
    if (st == ICS_OK) st = ics_cluster_eligible_rendered(&eligible, c);
    if (st == ICS_OK) st = ics_cluster_newly_eligible(&newly, c);
    if (st == ICS_OK) st = ics_cluster_self_contained(&self_contained, c);
    if (st == ICS_OK) st = ics_cluster_residual_reason(&reason, c);
    if (st == ICS_OK) st = ics_cluster_certificate(&certificate, c);
    if (st == ICS_OK) st = ics_cluster_donor_note(&donor, c);
    if (st == ICS_OK) st = ics_cluster_violation(&violation, c);
    if (st == ICS_OK) CLI_FETCH(st, tasks, ics_cluster_tasks(tasks.v, tasks.cap, &tasks.len, c));
    if (st == ICS_OK) CLI_FETCH(st, order, ics_cluster_residual_order(order.v, order.cap, &order.len, c));
    if (st == ICS_OK) CLI_FETCH(st, closure, ics_cluster_closure(closure.v, closure.cap, &closure.len, c));
    if (st == ICS_OK) st = cli_u32s_reserve(&from, (size_t)cut + 1);
    if (st == ICS_OK) st = cli_u32s_reserve(&to, (size_t)cut + 1);
    if (st == ICS_OK) st = ics_cluster_cut_arcs(from.v, to.v, from.cap, &from.len, c);
    if (st != ICS_OK) goto done;
    const char* names[2] = {NULL, NULL};
    if (obj) {
        json_string(obj, "strategy", ics_cluster_strategy_name(used));
        json_key(obj, "cluster");
        if ((st = out_node_names(dag, tasks.v, tasks.len, 1)) != ICS_OK) goto done;
        json_u64(obj, "size", tasks.len);
        json_u64(obj, "cut_arcs", cut);
        json_key(obj, "cut");
        out_char('[');
        for (size_t k = 0; k < from.len; ++k) {
            if ((st = ics_dag_node_name(&names[0], dag, from.v[k])) != ICS_OK ||
                (st = ics_dag_node_name(&names[1], dag, to.v[k])) != ICS_OK)
                goto done;
            out_str(k ? ", [" : "[");
            out_json_string(names[0]);
            out_str(", ");
            out_json_string(names[1]);
            out_char(']');
        }
        out_char(']');
        json_u64(obj, "eligible_rendered", eligible);
        json_u64(obj, "newly_eligible", newly);
        json_bool(obj, "self_contained", self_contained);
        if (!self_contained) json_string(obj, "violation", violation);
        json_key(obj, "closure");
        if ((st = out_node_names(dag, closure.v, closure.len, 1)) != ICS_OK) goto done;
        json_string(obj, "residual_status", ics_schedule_status_name(status));
        json_key(obj, "residual_order");
        if ((st = out_node_names(dag, order.v, order.len, 1)) != ICS_OK) goto done;
        json_string(obj, "certificate", certificate);
        json_string(obj, "reason", reason);
        if (*donor) json_string(obj, "donor", donor);
    } else {
        out_row("strategy", ics_cluster_strategy_name(used));
        out_label("cluster");
        if ((st = out_node_names(dag, tasks.v, tasks.len, 0)) != ICS_OK) goto done;
        out_char('\n');
        out_label("cut_arcs");
        out_u64(cut);
        out_char('\n');
        out_label("eligible_rendered");
        out_u64(eligible);
        out_str(" (");
        out_u64(newly);
        out_str(" newly)\n");
        out_row("self_contained", self_contained ? "yes" : violation);
        if (closure.len) {
            out_label("closure");
            if ((st = out_node_names(dag, closure.v, closure.len, 0)) != ICS_OK) goto done;
            out_char('\n');
        }
        out_row("residual_status", ics_schedule_status_name(status));
        if (*certificate) out_row("certificate", certificate);
        if (*reason) out_row("reason", reason);
        if (*donor) out_row("donor", donor);
        out_label("residual_order");
        size_t shown = full || order.len <= CLI_SHORT_LIST ? order.len : CLI_SHORT_LIST;
        if ((st = out_node_names(dag, order.v, shown, 0)) != ICS_OK) goto done;
        if (shown < order.len) out_cut(order.len - shown);
        out_char('\n');
    }
done:
    cli_u32s_free(&tasks);
    cli_u32s_free(&order);
    cli_u32s_free(&closure);
    cli_u32s_free(&from);
    cli_u32s_free(&to);
    return st;
}

static int run_cluster(const cli_command* self, int argc, char** argv) {
    const char *format = NULL, *size_text = NULL, *sizes_text = NULL, *strategy_text = NULL, *check_text = NULL,
               *executed_text = NULL;
    int json = 0, full = 0;
    const cli_option opts[] = {
        {"--size", "-k", &size_text, NULL},    {"--sizes", NULL, &sizes_text, NULL},
        {"--strategy", NULL, &strategy_text, NULL}, {"--check", NULL, &check_text, NULL},
        {"--executed", NULL, &executed_text, NULL}, {"--format", NULL, &format, NULL},
        {"--full", NULL, NULL, &full},          {"--json", NULL, NULL, &json},
    };
    int npos = 0;
    int rc = cli_parse_args(self, argc, argv, opts, sizeof opts / sizeof opts[0], 1, 1, &npos);
    if (rc >= 0) return rc;
    if ((rc = cli_list_arg(&sizes_text)) || (rc = cli_list_arg(&check_text)) || (rc = cli_list_arg(&executed_text)))
        return rc;
    const char* path = argv[0];
    if (!!size_text + !!sizes_text + !!check_text != 1)
        return cli_usage_error(self, "give exactly one of --size K, --sizes K1,K2,... and --check NAMES");
    if (check_text && strategy_text) return cli_usage_error(self, "--check takes no --strategy");
    ics_cluster_strategy strategy = ICS_CLUSTER_DIRECT;
    if (strategy_text && (ics_cluster_strategy_from_name(&strategy, strategy_text) != ICS_OK ||
                          strategy == ICS_CLUSTER_CHECK))
        return cli_usage_error(self, "unknown strategy '%s' (direct, staggered, donor, min-cut)", strategy_text);
    uint32_t k = 0;
    if (size_text && (rc = cli_parse_u32(&k, self, "--size", size_text)) != 0) return rc;
    cli_u32s sizes = {NULL, 0, 0}, executed = {NULL, 0, 0}, tasks = {NULL, 0, 0};
    ics_dag* dag = NULL;
    ics_cluster* one = NULL;
    ics_cluster_list* list = NULL;
    ics_status st = ICS_OK;
    if (sizes_text && (rc = parse_sizes(&sizes, self, sizes_text)) != 0) goto done;
    if ((rc = cli_load_dag(&dag, self, path, format)) != 0) goto done;
    if (executed_text && (rc = parse_names(&executed, dag, "--executed", executed_text)) != 0) goto done;
    if (check_text && (rc = parse_names(&tasks, dag, "--check", check_text)) != 0) goto done;
    if (check_text)
        st = ics_cluster_check(&one, dag, executed.v, executed.len, tasks.v, tasks.len, NULL);
    else if (size_text)
        st = ics_cluster_extract(&one, dag, executed.v, executed.len, k, strategy, NULL);
    else
        st = ics_cluster_sequence(&list, dag, executed.v, executed.len, sizes.v, sizes.len, strategy, NULL);
    if (st != ICS_OK) {
        rc = cli_fail_status(st, path);
        goto done;
    }
    json_object obj;
    if (json) {
        json_begin(&obj);
        json_string(&obj, "file", path);
    } else {
        out_row("file", path);
    }
    if (one) {
        st = write_cluster(dag, one, json ? &obj : NULL, full);
    } else {
        uint32_t count = 0;
        st = ics_cluster_list_count(&count, list);
        if (json && st == ICS_OK) {
            json_key(&obj, "workers");
            out_char('[');
        }
        for (uint32_t i = 0; i < count && st == ICS_OK; ++i) {
            ics_cluster* c = NULL;
            st = ics_cluster_list_get(&c, list, i);
            json_object w;
            if (st == ICS_OK && json) {
                if (i) out_str(", ");
                json_begin(&w);
                json_u64(&w, "worker", i + 1);
                json_u64(&w, "capacity", sizes.v[i]);
            } else if (st == ICS_OK) {
                out_label("worker");
                out_u64(i + 1);
                out_str(" (capacity ");
                out_u64(sizes.v[i]);
                out_str(")\n");
            }
            if (st == ICS_OK) st = write_cluster(dag, c, json ? &w : NULL, full);
            if (st == ICS_OK && json) json_close(&w);
            ics_cluster_destroy(c);
        }
        if (json && st == ICS_OK) out_char(']');
    }
    if (json && st == ICS_OK) json_end(&obj);
    rc = st == ICS_OK ? CLI_EXIT_OK : cli_fail_status(st, path);
done:
    cli_u32s_free(&sizes);
    cli_u32s_free(&executed);
    cli_u32s_free(&tasks);
    ics_cluster_destroy(one);
    ics_cluster_list_destroy(list);
    ics_dag_destroy(dag);
    return rc;
}

const cli_command cli_cmd_cluster = {
    "cluster",
    "hand a worker of capacity K a self-contained clustered task",
    "usage: ics cluster FILE (--size K | --sizes K1,K2,... | --check NAMES)\n"
    "                        [--strategy direct|staggered|donor|min-cut]\n"
    "                        [--executed NAMES] [--full] [--format F] [--json]\n"
    "\n"
    "Task clustering (clustering paper §3): a cluster F of K tasks that a worker\n"
    "can finish without further communication (self-contained), such that the\n"
    "residual dag still admits an IC-optimal schedule. Prints the cluster, the\n"
    "cut arcs (arcs from F to the residual: the results sent back), the tasks\n"
    "ELIGIBLE once F is done (eligible_rendered), the residual's status\n"
    "(\"ic-optimal\" when proven, else \"heuristic\") and its order.\n"
    "\n"
    "  FILE               the workflow file; '-' reads standard input\n"
    "  --size K, -k K     one worker of capacity K\n"
    "  --sizes K1,K2,...  workers served one after the other from the shrinking\n"
    "                     residual (one entry per worker)\n"
    "  --check NAMES      check a user cluster (comma-separated names): self-\n"
    "                     contained or not, cut arcs, closure, the residual\n"
    "  --strategy S       direct (default): the first K tasks of an IC-optimal\n"
    "                     schedule; staggered: whole blocks of the ▷-chain,\n"
    "                     skipping some, to cut fewer arcs; donor: universal\n"
    "                     donors (W/N/Cycle or M compositions), fewest cut arcs;\n"
    "                     min-cut: the best certified candidate of all three\n"
    "  --executed NAMES   the running state: tasks already executed (closed\n"
    "                     under parents), comma-separated\n"
    "  --full             text report: print the whole residual order\n"
    "  --format F         input format (default: detect)\n"
    "  --json             one JSON object: file, strategy, cluster, size,\n"
    "                     cut_arcs, cut, eligible_rendered, newly_eligible,\n"
    "                     self_contained, closure, residual_status,\n"
    "                     residual_order, certificate, reason, donor (donor\n"
    "                     and min-cut: the universal-donor theorem that\n"
    "                     applied, or why none did); with --sizes:\n"
    "                     file and workers (one such object per worker, plus\n"
    "                     worker and capacity)\n",
    run_cluster,
};
