/* ics — subcommands that schedule a dag and evaluate the schedule: profile,
 * schedule. */
#include "cli.h"

#include <stdio.h>

#include <stdlib.h>
#include <string.h>

/* Reads ORDERFILE: one node name per line; blank lines and lines starting with
 * '#' are skipped, spaces around a name are trimmed. *out (to free()) receives
 * the ids in file order. Returns 0 or an exit status (error printed). */
static int read_order_file(uint32_t** out, size_t* out_len, const ics_dag* dag, const char* path) {
    char* data = NULL;
    size_t len = 0;
    int rc = cli_read_file(&data, &len, path);
    if (rc) return rc;
    size_t lines = 1;
    for (size_t k = 0; k < len; ++k) lines += data[k] == '\n';
    uint32_t* ids = malloc(lines * sizeof *ids);
    if (!ids) {
        free(data);
        return cli_fail("%s: out of memory", path);
    }
    size_t count = 0, line_no = 0;
    char* line = data;
    while (rc == 0 && line <= data + len) {
        char* end = memchr(line, '\n', (size_t)(data + len - line));
        if (!end) end = data + len;
        char* next = end + 1;
        ++line_no;
        while (line < end && (*line == ' ' || *line == '\t' || *line == '\r')) ++line;
        while (end > line && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\r')) --end;
        *end = '\0';
        if (line < end && *line != '#') {
            ics_status st = ics_dag_node_id(&ids[count], dag, line);
            if (st == ICS_ERR_UNKNOWN_NODE) rc = cli_fail("%s:%zu: unknown node '%s'", path, line_no, line);
            else if (st != ICS_OK) rc = cli_fail_status(st, path);
            ++count;
        }
        line = next;
    }
    free(data);
    if (rc) {
        free(ids);
        return rc;
    }
    *out = ids;
    *out_len = count;
    return 0;
}

/* The figures of one evaluated order. */
typedef struct profile_report {
    uint32_t steps;
    uint32_t* eligible; /* E(0..steps), to free() */
    uint32_t memory;
    uint64_t area;
    uint32_t min_eligible_90; /* min E(t) for 0 <= t <= floor(0.9 * steps) */
} profile_report;

/* min E(t) for 0 <= t <= floor(0.9 * steps); eligible holds E(0..steps). */
static uint32_t min_eligible_90(const uint32_t* eligible, uint32_t steps) {
    uint32_t last = (uint32_t)((uint64_t)steps * 9 / 10);
    uint32_t min = eligible[0];
    for (uint32_t t = 1; t <= last; ++t)
        if (eligible[t] < min) min = eligible[t];
    return min;
}

static ics_status evaluate(profile_report* r, const ics_dag* dag, const uint32_t* order, size_t len) {
    ics_profile* prof = NULL;
    ics_status st = ics_profile_evaluate(&prof, dag, order, len);
    if (st != ICS_OK) return st;
    st = ics_profile_steps(&r->steps, prof);
    if (st == ICS_OK) {
        r->eligible = malloc(((size_t)r->steps + 1) * sizeof *r->eligible);
        st = r->eligible ? ics_profile_eligible(r->eligible, (size_t)r->steps + 1, NULL, prof) : ICS_ERR_NOMEM;
    }
    if (st == ICS_OK) st = ics_profile_memory(&r->memory, prof);
    if (st == ICS_OK) st = ics_profile_area(&r->area, prof);
    ics_profile_destroy(prof);
    if (st != ICS_OK) return st;
    r->min_eligible_90 = min_eligible_90(r->eligible, r->steps);
    return ICS_OK;
}

static int write_json(const ics_dag* dag, const char* path, const char* policy, const char* order_file,
                      const uint32_t* order, size_t len, const profile_report* r) {
    json_object obj;
    json_begin(&obj);
    json_string(&obj, "file", path);
    json_string(&obj, "policy", policy);
    if (order_file) json_string(&obj, "order_file", order_file);
    json_u64(&obj, "steps", r->steps);
    json_u64(&obj, "memory", r->memory);
    json_u64(&obj, "area", r->area);
    json_u64(&obj, "min_eligible_90", r->min_eligible_90);
    json_key(&obj, "order");
    ics_status st = out_node_names(dag, order, len, 1);
    if (st != ICS_OK) return cli_fail_status(st, path);
    json_key(&obj, "profile");
    out_json_u32_array(r->eligible, (size_t)r->steps + 1);
    json_end(&obj);
    return CLI_EXIT_OK;
}

static void write_text(const char* path, const char* policy, const profile_report* r) {
    const struct {
        const char* label;
        uint64_t value;
    } rows[] = {
        {"steps", r->steps},
        {"AREA", r->area},
        {"memory", r->memory},
        {"min E (90%)", r->min_eligible_90},
    };
    out_label("file");
    out_str(path);
    out_char('\n');
    out_label("policy");
    out_str(policy);
    out_char('\n');
    for (size_t k = 0; k < sizeof rows / sizeof rows[0]; ++k) {
        out_label(rows[k].label);
        out_u64(rows[k].value);
        out_char('\n');
    }
    out_label("profile");
    out_u32_list(r->eligible, (size_t)r->steps + 1, " ");
    out_char('\n');
}

static int run_profile(const cli_command* self, int argc, char** argv) {
    const char *format = NULL, *policy_name = NULL, *seed_text = NULL, *order_file = NULL;
    int json = 0;
    const cli_option opts[] = {
        {"--format", NULL, &format, NULL},
        {"--policy", NULL, &policy_name, NULL},
        {"--seed", NULL, &seed_text, NULL},
        {"--order", NULL, &order_file, NULL},
        {"--json", NULL, NULL, &json},
    };
    int npos = 0;
    int rc = cli_parse_args(self, argc, argv, opts, sizeof opts / sizeof opts[0], 1, 1, &npos);
    if (rc >= 0) return rc;
    const char* path = argv[0];
    ics_policy policy = ICS_POLICY_FIFO;
    uint64_t seed = 0;
    if (order_file && (policy_name || seed_text))
        return cli_usage_error(self, "--order cannot be combined with --policy or --seed");
    if (policy_name && ics_policy_from_name(&policy, policy_name) != ICS_OK)
        return cli_usage_error(self, "unknown policy '%s' (fifo, lifo, level, random, postorder)", policy_name);
    if (seed_text && (rc = cli_parse_u64(&seed, self, "--seed", seed_text)) != 0) return rc;

    ics_dag* dag = NULL;
    if ((rc = cli_load_dag(&dag, self, path, format)) != 0) return rc;
    uint32_t* order = NULL;
    size_t len = 0;
    profile_report report = {0, NULL, 0, 0, 0};
    if (order_file) {
        rc = read_order_file(&order, &len, dag, order_file);
        if (rc == 0) {
            ics_status st = evaluate(&report, dag, order, len);
            if (st != ICS_OK) rc = cli_fail_status(st, order_file);
        }
    } else {
        uint32_t n = 0;
        ics_status st = ics_dag_node_count(&n, dag);
        if (st == ICS_OK) {
            len = n;
            order = malloc(((size_t)n + 1) * sizeof *order);
            st = order ? ics_dag_order(order, len, NULL, dag, policy, seed) : ICS_ERR_NOMEM;
        }
        if (st == ICS_OK) st = evaluate(&report, dag, order, len);
        if (st != ICS_OK) rc = cli_fail_status(st, path);
    }
    const char* policy_label = order_file ? "file" : ics_policy_name(policy);
    if (rc == 0 && json) rc = write_json(dag, path, policy_label, order_file, order, len, &report);
    else if (rc == 0) write_text(path, policy_label, &report);
    free(report.eligible);
    free(order);
    ics_dag_destroy(dag);
    return rc;
}

const cli_command cli_cmd_profile = {
    "profile",
    "compute an execution order and its eligibility profile E(t), memory, AREA",
    "usage: ics profile FILE [--policy fifo|lifo|level|random|postorder] [--seed S]\n"
    "                        [--order ORDERFILE] [--format F] [--json]\n"
    "\n"
    "Plays the IC pebble game on the dag with one execution order and reports\n"
    "E(t), the number of ELIGIBLE nodes after t executions (t = 0..n), its sum\n"
    "AREA, and the memory cost (the most executed nodes that still have an\n"
    "unexecuted child).\n"
    "\n"
    "  FILE                the workflow file; '-' reads standard input\n"
    "  --policy P          how to pick the next eligible node: fifo (default),\n"
    "                      lifo, level, random, postorder (depth-first from the\n"
    "                      sinks: memory-lean)\n"
    "  --seed S            seed of the random policy (default 0)\n"
    "  --order ORDERFILE   evaluate this order instead: one node name per line\n"
    "                      (spaces around it trimmed); blank lines and lines\n"
    "                      starting with '#' are skipped\n"
    "  --format F          input format: auto (default: detect), edges, dot,\n"
    "                      dagman, json (WfFormat), dax, stg, adjacency-json\n"
    "  --json              print one JSON object with the keys file, policy\n"
    "                      (\"file\" with --order), order_file, steps, memory,\n"
    "                      area, min_eligible_90, order (node names in execution\n"
    "                      order) and profile (E(0..n))\n"
    "\n"
    "The text report gives the policy, steps, AREA, memory, min E (90%): the\n"
    "least E(t) for t from 0 to floor(0.9 n), and the profile on one line.\n",
    run_profile,
};

/* ------------------------------------------------------------ schedule */

/* What `schedule` reports, fetched from an ics_schedule_result. */
typedef struct schedule_report {
    const ics_schedule_result* res;
    ics_objective objective;
    ics_schedule_status status;
    ics_schedule_method method;
    const char* reason;
    cli_u32s order, eligible;
    cli_u32s max_eligible; /* empty when the exact search did not run */
    uint32_t memory, blocks, groups;
    uint64_t area, shortcuts;
    uint32_t forced_joins; /* groups proven by the forced-join lemma */
    uint64_t area_bound; /* >= every schedule's AREA */
    double area_gap;     /* (area_bound - area) / area_bound */
} schedule_report;

static ics_status fetch_schedule(schedule_report* r) {
    const ics_schedule_result* res = r->res;
    ics_status st = ics_schedule_result_status(&r->status, res);
    if (st == ICS_OK) st = ics_schedule_result_method(&r->method, res);
    if (st == ICS_OK) st = ics_schedule_result_reason(&r->reason, res);
    if (st == ICS_OK) st = ics_schedule_result_memory(&r->memory, res);
    if (st == ICS_OK) st = ics_schedule_result_area(&r->area, res);
    if (st == ICS_OK) st = ics_schedule_result_area_bound(&r->area_bound, res);
    if (st == ICS_OK) st = ics_schedule_result_area_gap(&r->area_gap, res);
    if (st == ICS_OK) st = ics_schedule_result_shortcuts_removed(&r->shortcuts, res);
    if (st == ICS_OK) st = ics_schedule_result_forced_joins(&r->forced_joins, res);
    if (st == ICS_OK) st = ics_schedule_result_block_count(&r->blocks, res);
    if (st == ICS_OK) st = ics_schedule_result_group_count(&r->groups, res);
    if (st == ICS_OK) CLI_FETCH(st, r->order, ics_schedule_result_order(r->order.v, r->order.cap, &r->order.len, res));
    if (st == ICS_OK)
        CLI_FETCH(st, r->eligible,
                  ics_schedule_result_eligible(r->eligible.v, r->eligible.cap, &r->eligible.len, res));
    if (st == ICS_OK)
        CLI_FETCH(st, r->max_eligible,
                  ics_schedule_result_max_eligible(r->max_eligible.v, r->max_eligible.cap, &r->max_eligible.len,
                                                   res));
    return st;
}

ics_status cli_write_block_json(const ics_dag* dag, const ics_schedule_result* res, uint32_t block, cli_u32s* buf) {
    ics_block_info info = ICS_BLOCK_INFO_INIT;
    ics_status st = ics_schedule_result_block(&info, res, block);
    if (st != ICS_OK) return st;
    json_object obj;
    json_begin(&obj);
    json_u64(&obj, "index", block);
    json_string(&obj, "shape", info.shape);
    json_string(&obj, "kind", info.kind);
    json_bool(&obj, "proven", info.proven);
    json_key(&obj, "sources");
    CLI_FETCH(st, *buf, ics_schedule_result_block_sources(buf->v, buf->cap, &buf->len, res, block));
    if (st == ICS_OK) st = out_node_names(dag, buf->v, buf->len, 1);
    if (st == ICS_OK) {
        json_key(&obj, "sinks");
        CLI_FETCH(st, *buf, ics_schedule_result_block_sinks(buf->v, buf->cap, &buf->len, res, block));
    }
    if (st == ICS_OK) st = out_node_names(dag, buf->v, buf->len, 1);
    if (st == ICS_OK) {
        json_key(&obj, "profile");
        CLI_FETCH(st, *buf, ics_schedule_result_block_profile(buf->v, buf->cap, &buf->len, res, block));
    }
    if (st == ICS_OK) out_json_u32_array(buf->v, buf->len);
    json_close(&obj);
    return st;
}

static ics_status write_schedule_json(const ics_dag* dag, const char* path, const schedule_report* r) {
    uint32_t steps = (uint32_t)r->order.len;
    json_object obj;
    json_begin(&obj);
    json_string(&obj, "file", path);
    json_string(&obj, "status", ics_schedule_status_name(r->status));
    json_string(&obj, "method", ics_schedule_method_name(r->method));
    json_string(&obj, "objective", ics_objective_name(r->objective));
    json_string(&obj, "reason", r->reason);
    json_u64(&obj, "steps", steps);
    json_u64(&obj, "memory", r->memory);
    json_u64(&obj, "area", r->area);
    json_u64(&obj, "area_bound", r->area_bound);
    json_key(&obj, "area_gap");
    char gap[32];
    snprintf(gap, sizeof gap, "%.6f", r->area_gap);
    out_str(gap);
    json_u64(&obj, "min_eligible_90", min_eligible_90(r->eligible.v, steps));
    json_u64(&obj, "shortcuts_removed", r->shortcuts);
    json_u64(&obj, "forced_joins", r->forced_joins);
    json_key(&obj, "order");
    ics_status st = out_node_names(dag, r->order.v, r->order.len, 1);
    json_key(&obj, "profile");
    out_json_u32_array(r->eligible.v, r->eligible.len);
    json_key(&obj, "max_profile");
    if (r->max_eligible.len) out_json_u32_array(r->max_eligible.v, r->max_eligible.len);
    else out_str("null");
    json_key(&obj, "blocks");
    out_char('[');
    cli_u32s buf = {NULL, 0, 0};
    for (uint32_t b = 0; b < r->blocks && st == ICS_OK; ++b) {
        if (b) out_str(", ");
        st = cli_write_block_json(dag, r->res, b, &buf);
    }
    out_char(']');
    json_key(&obj, "linearization");
    out_char('[');
    for (uint32_t g = 0; g < r->groups && st == ICS_OK; ++g) {
        if (g) out_str(", ");
        CLI_FETCH(st, buf, ics_schedule_result_group(buf.v, buf.cap, &buf.len, r->res, g));
        out_json_u32_array(buf.v, st == ICS_OK ? buf.len : 0);
    }
    out_char(']');
    json_end(&obj);
    cli_u32s_free(&buf);
    return st;
}

/* Blocks of one shape: how many, and the first one's index. */
typedef struct shape_count {
    const char* shape;
    uint32_t first;
    uint32_t count;
} shape_count;

static int by_shape(const void* a, const void* b) {
    const shape_count *x = a, *y = b;
    int c = strcmp(x->shape, y->shape);
    return c ? c : (x->first > y->first) - (x->first < y->first);
}

static int by_count(const void* a, const void* b) {
    const shape_count *x = a, *y = b;
    if (x->count != y->count) return x->count > y->count ? -1 : 1;
    return (x->first > y->first) - (x->first < y->first);
}

/* "12 (8 x W(2,2), 4 x C(2))": the blocks grouped by shape, the most
 * frequent first (ties: in block order), at most MAX_SHAPES shapes named. */
static ics_status write_block_shapes(const ics_schedule_result* res, uint32_t blocks) {
    enum { MAX_SHAPES = 8 };
    out_u64(blocks);
    if (blocks == 0) return ICS_OK;
    shape_count* all = malloc((size_t)blocks * sizeof *all);
    ics_status st = all ? ICS_OK : ICS_ERR_NOMEM;
    for (uint32_t b = 0; b < blocks && st == ICS_OK; ++b) {
        ics_block_info info = ICS_BLOCK_INFO_INIT;
        st = ics_schedule_result_block(&info, res, b);
        all[b] = (shape_count){info.shape, b, 1};
    }
    if (st == ICS_OK) {
        /* Few distinct shapes (the usual case: a tree has a million M(1,2)):
         * count them in a short list, the last hit first; else sort. */
        enum { FEW = 64 };
        shape_count few[FEW];
        size_t nfew = 0, last = 0;
        uint32_t b = 0;
        for (; b < blocks; ++b) {
            size_t k = last;
            if (nfew == 0 || strcmp(few[k].shape, all[b].shape) != 0)
                for (k = 0; k < nfew && strcmp(few[k].shape, all[b].shape) != 0; ++k) continue;
            if (k == nfew) {
                if (nfew == FEW) break;
                few[nfew++] = all[b];
            } else {
                ++few[k].count;
            }
            last = k;
        }
        size_t nruns = 0;
        if (b == blocks) { /* the short list is the answer */
            memcpy(all, few, nfew * sizeof *few);
            nruns = nfew;
        } else { /* many shapes: sort by shape, merge runs in place */
            qsort(all, blocks, sizeof *all, by_shape);
            for (uint32_t i = 0; i < blocks; ++i) {
                if (nruns && strcmp(all[nruns - 1].shape, all[i].shape) == 0) ++all[nruns - 1].count;
                else all[nruns++] = all[i];
            }
        }
        qsort(all, nruns, sizeof *all, by_count);
        out_str(" (");
        for (size_t k = 0; k < nruns && k < MAX_SHAPES; ++k) {
            if (k) out_str(", ");
            out_u64(all[k].count);
            out_str(" x ");
            out_str(all[k].shape);
        }
        if (nruns > MAX_SHAPES) {
            out_str(", ... ");
            out_u64(nruns - MAX_SHAPES);
            out_str(" more shapes");
        }
        out_char(')');
    }
    free(all);
    return st;
}

/* "5 groups, 1 of them an IC-Sweep sum" */
static ics_status write_linearization(const ics_schedule_result* res, uint32_t groups) {
    uint32_t sums = 0;
    ics_status st = ICS_OK;
    for (uint32_t g = 0; g < groups && st == ICS_OK; ++g) {
        size_t size = 0;
        st = ics_schedule_result_group(NULL, 0, &size, res, g);
        sums += size > 1;
    }
    out_u64(groups);
    out_str(groups == 1 ? " group" : " groups");
    if (sums) {
        out_str(", ");
        out_u64(sums);
        out_str(sums == 1 ? " of them an IC-Sweep sum" : " of them IC-Sweep sums");
    }
    return st;
}

static ics_status write_schedule_text(const ics_dag* dag, const char* path, const schedule_report* r, int full) {
    uint32_t steps = (uint32_t)r->order.len;
    const struct {
        const char* label;
        const char* text;
    } texts[] = {
        {"file", path},
        {"status", ics_schedule_status_name(r->status)},
        {"method", ics_schedule_method_name(r->method)},
        {"objective", ics_objective_name(r->objective)},
        {"reason", r->reason},
    };
    const struct {
        const char* label;
        uint64_t value;
    } rows[] = {
        {"steps", steps},
        {"AREA", r->area},
        {"memory", r->memory},
        {"min E (90%)", min_eligible_90(r->eligible.v, steps)},
        {"shortcuts", r->shortcuts},
    };
    for (size_t k = 0; k < sizeof texts / sizeof texts[0]; ++k)
        if (*texts[k].text) out_row(texts[k].label, texts[k].text); /* no reason when ic-optimal */
    for (size_t k = 0; k < sizeof rows / sizeof rows[0]; ++k) {
        out_label(rows[k].label);
        out_u64(rows[k].value);
        if (k == 1) { /* after AREA: its bound and how close AREA is to the optimum */
            char line[96];
            if (r->status == ICS_SCHEDULE_HEURISTIC)
                snprintf(line, sizeof line, " (AREA is at least %.1f%% of the optimum)", /* rounded down */
                         (double)(uint64_t)(1000.0 * (1.0 - r->area_gap)) / 10.0);
            else
                snprintf(line, sizeof line, " (AREA is the maximum)");
            out_char('\n');
            out_label("AREA bound");
            out_u64(r->area_bound);
            out_str(line);
        }
        out_char('\n');
    }
    if (r->forced_joins) { /* the proof used the forced-join lemma (README "Forced joins") */
        out_label("forced joins");
        out_u64(r->forced_joins);
        out_char('\n');
    }
    out_label("blocks");
    ics_status st = write_block_shapes(r->res, r->blocks);
    out_char('\n');
    out_label("linearization");
    if (st == ICS_OK) st = write_linearization(r->res, r->groups);
    out_char('\n');
    int all = full || steps <= CLI_SHORT_LIST;
    if (all) {
        out_label("profile");
        out_u32_list(r->eligible.v, r->eligible.len, " ");
        out_char('\n');
        if (r->max_eligible.len) {
            out_label("max profile");
            out_u32_list(r->max_eligible.v, r->max_eligible.len, " ");
            out_char('\n');
        }
    }
    out_label("order");
    if (st == ICS_OK) st = out_node_names(dag, r->order.v, all ? r->order.len : CLI_SHORT_LIST, 0);
    if (!all) out_cut(steps - CLI_SHORT_LIST);
    out_char('\n');
    return st;
}

/* The DAGMan file the dag was read from, with PRIORITY lines from `order`
 * (ics priorities --to dagman), written to `out_path` through a temporary
 * file. An exit status (errors printed). */
static int write_dagman_priorities(const ics_dag* dag, const cli_u32s* order, const char* out_path) {
    ics_priority_options po = ICS_PRIORITY_OPTIONS_INIT;
    po.target = ICS_PRIORITIES_DAGMAN;
    ics_status st = ics_dag_write_priorities_file(dag, out_path, order->v, order->len, &po);
    return st == ICS_OK ? CLI_EXIT_OK : cli_fail_status(st, "--write-dagman");
}

static int run_schedule(const cli_command* self, int argc, char** argv) {
    const char *format = NULL, *max_nodes_text = NULL, *budget_text = NULL, *objective = NULL, *dagman_out = NULL;
    const char *area_budget_text = NULL, *sidney_work_text = NULL;
    int json = 0, full = 0;
    const cli_option opts[] = {
        {"--format", NULL, &format, NULL},
        {"--objective", NULL, &objective, NULL},
        {"--write-dagman", NULL, &dagman_out, NULL},
        {"--exact-max-nodes", NULL, &max_nodes_text, NULL},
        {"--exact-budget", NULL, &budget_text, NULL},
        {"--area-max-downsets", NULL, &area_budget_text, NULL},
        {"--sidney-max-work", NULL, &sidney_work_text, NULL},
        {"--full", NULL, NULL, &full},
        {"--json", NULL, NULL, &json},
    };
    int npos = 0;
    cli_take_progress_flags(&argc, argv);
    int rc = cli_parse_args(self, argc, argv, opts, sizeof opts / sizeof opts[0], 1, -1, &npos);
    if (rc >= 0) return rc;
    if ((rc = cli_list_args(&npos, &argv, 0))) return rc;
    if (npos > 1 && dagman_out) return cli_usage_error(self, "--write-dagman takes one FILE (got %d)", npos);
    cli_keep_source(dagman_out != NULL); /* --write-dagman rewrites the file read */
    ics_schedule_options options = ICS_SCHEDULE_OPTIONS_INIT;
    if (max_nodes_text &&
        (rc = cli_parse_u32(&options.exact_max_nodes, self, "--exact-max-nodes", max_nodes_text)) != 0)
        return rc;
    if (budget_text && (rc = cli_parse_u64(&options.exact_max_downsets, self, "--exact-budget", budget_text)) != 0)
        return rc;
    if (area_budget_text &&
        (rc = cli_parse_u64(&options.area_max_downsets, self, "--area-max-downsets", area_budget_text)) != 0)
        return rc;
    if (sidney_work_text &&
        (rc = cli_parse_u64(&options.sidney_max_work, self, "--sidney-max-work", sidney_work_text)) != 0)
        return rc;
    if (objective && ics_objective_from_name(&options.objective, objective) != ICS_OK)
        return cli_usage_error(self, "unknown objective '%s' (eligibility, memory)", objective);

    /* Several files: one workspace for all (ics.h "workspace"), so that each
     * schedule reuses the big arrays of the one before. */
    ics_workspace* ws = NULL;
    if (npos > 1) {
        ics_status st = ics_workspace_create(&ws);
        if (st != ICS_OK) return cli_fail_status(st, "workspace");
    }
    int first_rc = CLI_EXIT_OK;
    for (int f = 0; f < npos && !cli_interrupted(); ++f) {
        const char* path = argv[f];
        if (f && !json) out_char('\n'); /* text reports apart by a blank line; JSON: one object per line */
        ics_dag* dag = NULL;
        if ((rc = cli_load_dag(&dag, self, path, format)) != 0) {
            if (first_rc == CLI_EXIT_OK) first_rc = rc;
            continue;
        }
        ics_schedule_result* res = NULL;
        schedule_report report = {NULL, options.objective, ICS_SCHEDULE_HEURISTIC, ICS_METHOD_GREEDY, "",
                                  {NULL, 0, 0}, {NULL, 0, 0}, {NULL, 0, 0}, 0, 0, 0, 0, 0, 0, 0, 0.0};
        cli_progress_begin(&options, path);
        ics_status st = ws ? ics_workspace_schedule(&res, ws, dag, &options) : ics_schedule(&res, dag, &options);
        st = cli_progress_end(&options, st);
        report.res = res;
        if (st == ICS_OK) st = fetch_schedule(&report);
        if (st == ICS_OK && dagman_out) {
            rc = write_dagman_priorities(dag, &report.order, dagman_out);
            if (rc != CLI_EXIT_OK) st = ICS_ERR_IO; /* reported already */
        }
        if (st == ICS_OK)
            st = json ? write_schedule_json(dag, path, &report) : write_schedule_text(dag, path, &report, full);
        if (rc == CLI_EXIT_OK && st == ICS_ERR_CANCELLED && cli_interrupted()) rc = cli_fail("cancelled");
        if (rc == CLI_EXIT_OK) rc = st == ICS_OK ? CLI_EXIT_OK : cli_fail_status(st, path);
        if (first_rc == CLI_EXIT_OK) first_rc = rc;
        cli_u32s_free(&report.order);
        cli_u32s_free(&report.eligible);
        cli_u32s_free(&report.max_eligible);
        ics_schedule_result_destroy(res);
        ics_dag_destroy(dag);
    }
    ics_workspace_destroy(ws);
    return first_rc;
}

const cli_command cli_cmd_schedule = {
    "schedule",
    "find an IC-optimal schedule (or a heuristic one) and its certificate",
    "usage: ics schedule FILE... [--objective eligibility|memory] [--exact-max-nodes N]\n"
    "                         [--exact-budget B] [--area-max-downsets A]\n"
    "                         [--sidney-max-work W] [--write-dagman OUT] [--full]\n"
    "                         [--format F] [--json] [--progress | --no-progress]\n"
    "\n"
    "Runs the IC-scheduling pipeline: removes shortcut arcs, parses the skeleton\n"
    "into bipartite building blocks, schedules each block, ▷-linearizes them\n"
    "(IC-Sweep on sums of blocks when no block has priority), and decides small\n"
    "dags by an exact search over down-sets. The status is \"ic-optimal\" when\n"
    "E(t) is proven maximal at every step; \"area-optimal\" when the dag admits\n"
    "no IC-optimal schedule and AREA (the sum of E(t)) is proven the maximum\n"
    "over all schedules (exact search while the down-sets stay under a budget,\n"
    "or any size when the dag is series-parallel);\n"
    "else \"heuristic\": the best by AREA of the Sidney-decomposition order, the\n"
    "greedy orders, FIFO and level order, with a reason and a certified upper\n"
    "bound on every schedule's AREA.\n"
    "\n"
    "  FILE...              workflow files ('-' stdin, @LIST one per line); several\n"
    "                       share a workspace (ics_workspace), reports in order\n"
    "  --objective O        what to spend the freedom among IC-optimal schedules on:\n"
    "                       eligibility (default) or memory (a low memory cost,\n"
    "                       the least possible on small dags; same E(t))\n"
    "  --write-dagman OUT   for a DAGMan input: write it to OUT with one PRIORITY\n"
    "                       line per node from the schedule (first task highest),\n"
    "                       every other line unchanged\n"
    "  --exact-max-nodes N  dags of at most N nodes are decided exactly when the\n"
    "                       decomposition proves nothing (default 20)\n"
    "  --exact-budget B     down-sets the exact search may visit on larger dags\n"
    "                       (up to 64 nodes; default 1048576)\n"
    "  --area-max-downsets A  down-sets the exact AREA search may visit, on a\n"
    "                       dag of any size without a proven IC-optimal schedule\n"
    "                       (default 2097152, about 0.6 s; 0 = off); over it the\n"
    "                       heuristic answer comes back and the reason says so\n"
    "  --sidney-max-work W  units of work (arcs built and scanned, or subsets\n"
    "                       enumerated / 8 on small two-level parts) the Sidney\n"
    "                       decomposition of a heuristic answer may spend (default\n"
    "                       0: min(2 size^2, 2^20) per component, plus\n"
    "                       16 x (nodes + arcs) + 2^24 up to 2^18 nodes + arcs);\n"
    "                       past it sets stay\n"
    "                       unsplit and the AREA bound is looser (the reason\n"
    "                       says so); more buys a tighter bound, often a larger\n"
    "                       AREA (ER 10^5 nodes: ~4e8, 2-5 s; 1 splits nothing)\n"
    "  --full               text report: print the whole order and profile even\n"
    "                       when the dag has more than 50 nodes\n"
    "  --format F           input format: auto (default: detect), edges, dot,\n"
    "                       dagman, json (WfFormat), dax, stg, adjacency-json\n"
    "  --json               print one JSON object (see below)\n"
    "  --progress           show the pipeline's stage (done/total and percentage\n"
    "                       where known) and the elapsed seconds on one stderr\n"
    "                       line, cleared at the end (default: only when stderr\n"
    "                       is a terminal)\n"
    "  --no-progress        never show it\n"
    "Ctrl-C (SIGINT) while scheduling cancels cleanly: \"ics: cancelled\", exit 1.\n"
    "\n"
    "The text report gives the status, method, reason (when not ic-optimal),\n"
    "steps, AREA, AREA bound (and how close to the optimum AREA is proven), memory, min E (90%) (as in 'ics profile'), the number of shortcut\n"
    "arcs removed, the blocks counted by shape, the length of the\n"
    "linearization, the profile E(0..n) and, when the exact search ran, the\n"
    "per-step maximum M(0..n) (only for at most 50 nodes unless --full), and\n"
    "the order: node names separated by spaces, the first 50 unless --full.\n"
    "\n"
    "JSON keys: file; status (\"ic-optimal\", \"area-optimal\" or \"heuristic\");\n"
    "method (\"decomposition\", \"decomposition+sweep\", \"exact-search\",\n"
    "\"greedy\", \"sidney\", \"fifo\", \"level\", \"series-parallel\"); reason (\"\"\n"
    "when ic-optimal);\n"
    "steps; memory; area; area_bound (an integer >= every schedule's AREA:\n"
    "area itself unless heuristic); area_gap ((area_bound - area) / area_bound);\n"
    "min_eligible_90;\n"
    "shortcuts_removed (0 when arcs proven no shortcut already show the dag\n"
    "is no composition: its shortcuts are then not looked for);\n"
    "forced_joins (linearization groups proven by the\n"
    "forced-join lemma, README \"Forced joins\"); order (node names in\n"
    "execution order); profile (E(0..n)\n"
    "of the order, as 'ics profile' computes it); max_profile (M(0..n), the most\n"
    "eligible nodes any schedule reaches at each step, when the exact search\n"
    "ran, else null); blocks (the building blocks of the skeleton, empty when\n"
    "it is not decomposable: objects with index, shape, kind, proven, sources\n"
    "(names, in the order of the block's schedule), sinks (names) and profile\n"
    "(sinks made eligible after 0..#sources of its sources)); linearization\n"
    "(the ▷-linearization: an array of groups, each an array of block indices;\n"
    "a group of several blocks is a sum scheduled by IC-Sweep).\n",
    run_schedule,
};

/* ------------------------------------------------------------ compare */

/* One row of `ics compare`: an order and its quality. */
typedef struct compare_row {
    const char* policy;
    profile_report report;
} compare_row;

enum { COMPARE_ROWS = 7 };

/* The icsched schedule with `objective` into row->report; its status too. */
static ics_status compare_engine(compare_row* row, ics_schedule_status* status, uint64_t* area_bound,
                                 const ics_dag* dag, ics_objective objective) {
    ics_schedule_options options = ICS_SCHEDULE_OPTIONS_INIT;
    options.objective = objective;
    ics_schedule_result* res = NULL;
    cli_u32s order = {NULL, 0, 0};
    cli_progress_begin(&options, NULL);
    ics_status st = cli_progress_end(&options, ics_schedule(&res, dag, &options));
    if (st == ICS_OK) st = ics_schedule_result_status(status, res);
    if (st == ICS_OK) st = ics_schedule_result_area_bound(area_bound, res);
    if (st == ICS_OK) CLI_FETCH(st, order, ics_schedule_result_order(order.v, order.cap, &order.len, res));
    if (st == ICS_OK) st = evaluate(&row->report, dag, order.v, order.len);
    cli_u32s_free(&order);
    ics_schedule_result_destroy(res);
    return st;
}

static ics_status compare_policy(compare_row* row, const ics_dag* dag, ics_policy policy, uint64_t seed) {
    cli_u32s order = {NULL, 0, 0};
    ics_status st;
    CLI_FETCH(st, order, ics_dag_order(order.v, order.cap, &order.len, dag, policy, seed));
    if (st == ICS_OK) st = evaluate(&row->report, dag, order.v, order.len);
    cli_u32s_free(&order);
    return st;
}

/* Same E(t) at every step as the reference profile. */
static int same_profile(const profile_report* a, const profile_report* b) {
    if (a->steps != b->steps) return 0;
    for (uint32_t t = 0; t <= a->steps; ++t)
        if (a->eligible[t] != b->eligible[t]) return 0;
    return 1;
}

/* AREA as a share of the bound (1 when the bound is 0: the empty dag). */
static double of_bound(uint64_t area, uint64_t bound) { return bound ? (double)area / (double)bound : 1.0; }

static void write_compare_json(const char* path, ics_schedule_status status, uint64_t bound, const compare_row* rows,
                               size_t n) {
    json_object obj;
    json_begin(&obj);
    json_string(&obj, "file", path);
    json_u64(&obj, "steps", rows[0].report.steps);
    json_string(&obj, "icsched_status", ics_schedule_status_name(status));
    json_u64(&obj, "area_bound", bound);
    json_key(&obj, "policies");
    out_char('[');
    for (size_t k = 0; k < n; ++k) {
        json_object row;
        if (k) out_str(", ");
        json_begin(&row);
        json_string(&row, "policy", rows[k].policy);
        json_u64(&row, "area", rows[k].report.area);
        json_key(&row, "area_of_bound");
        char share[32];
        snprintf(share, sizeof share, "%.6f", of_bound(rows[k].report.area, bound));
        out_str(share);
        json_u64(&row, "min_eligible_90", rows[k].report.min_eligible_90);
        json_u64(&row, "memory", rows[k].report.memory);
        /* Known only against a proven IC-optimal profile. */
        if (status == ICS_SCHEDULE_IC_OPTIMAL) json_bool(&row, "ic_optimal", same_profile(&rows[k].report, &rows[0].report));
        json_close(&row);
    }
    out_char(']');
    json_end(&obj);
}

static void write_compare_text(const char* path, ics_schedule_status status, uint64_t bound, const compare_row* rows,
                               size_t n) {
    out_row("file", path);
    out_label("steps");
    out_u64(rows[0].report.steps);
    out_char('\n');
    out_row("icsched", ics_schedule_status_name(status));
    out_label("AREA bound");
    out_u64(bound);
    out_str(status == ICS_SCHEDULE_HEURISTIC ? " (no schedule exceeds it)\n" : " (the maximum)\n");
    out_str("\npolicy                 AREA  % of icsched  % of bound  min E (90%)      memory  ic-optimal\n");
    for (size_t k = 0; k < n; ++k) {
        char line[160];
        const profile_report* r = &rows[k].report;
        const double pct = rows[0].report.area ? 100.0 * (double)r->area / (double)rows[0].report.area : 100.0;
        const char* ico = status != ICS_SCHEDULE_IC_OPTIMAL ? "?" : same_profile(r, &rows[0].report) ? "yes" : "no";
        snprintf(line, sizeof line, "%-14s %12llu %13.1f %11.1f %12u %11u  %s\n", rows[k].policy,
                 (unsigned long long)r->area, pct, 100.0 * of_bound(r->area, bound), r->min_eligible_90, r->memory, ico);
        out_str(line);
    }
}

static int run_compare(const cli_command* self, int argc, char** argv) {
    const char *format = NULL, *seed_text = NULL;
    int json = 0;
    const cli_option opts[] = {
        {"--format", NULL, &format, NULL},
        {"--seed", NULL, &seed_text, NULL},
        {"--json", NULL, NULL, &json},
    };
    int npos = 0;
    cli_take_progress_flags(&argc, argv);
    int rc = cli_parse_args(self, argc, argv, opts, sizeof opts / sizeof opts[0], 1, 1, &npos);
    if (rc >= 0) return rc;
    const char* path = argv[0];
    uint64_t seed = 0;
    if (seed_text && (rc = cli_parse_u64(&seed, self, "--seed", seed_text)) != 0) return rc;
    ics_dag* dag = NULL;
    if ((rc = cli_load_dag(&dag, self, path, format)) != 0) return rc;

    compare_row rows[COMPARE_ROWS] = {{"icsched", {0}},      {"icsched-memory", {0}}, {"fifo", {0}}, {"lifo", {0}},
                                      {"level", {0}},        {"random", {0}},         {"postorder", {0}}};
    const ics_policy policies[] = {ICS_POLICY_FIFO, ICS_POLICY_LIFO, ICS_POLICY_LEVEL, ICS_POLICY_RANDOM,
                                   ICS_POLICY_POSTORDER};
    ics_schedule_status status = ICS_SCHEDULE_HEURISTIC, status_memory = ICS_SCHEDULE_HEURISTIC;
    uint64_t bound = 0, bound_memory = 0;
    ics_status st = compare_engine(&rows[0], &status, &bound, dag, ICS_OBJECTIVE_ELIGIBILITY);
    if (st == ICS_OK) st = compare_engine(&rows[1], &status_memory, &bound_memory, dag, ICS_OBJECTIVE_MEMORY);
    for (size_t k = 0; st == ICS_OK && k < sizeof policies / sizeof policies[0]; ++k)
        st = compare_policy(&rows[2 + k], dag, policies[k], seed);
    if (st == ICS_OK) {
        if (json) write_compare_json(path, status, bound, rows, COMPARE_ROWS);
        else write_compare_text(path, status, bound, rows, COMPARE_ROWS);
    }
    rc = st == ICS_OK                                   ? CLI_EXIT_OK
         : st == ICS_ERR_CANCELLED && cli_interrupted() ? cli_fail("cancelled")
                                                        : cli_fail_status(st, path);
    for (size_t k = 0; k < COMPARE_ROWS; ++k) free(rows[k].report.eligible);
    ics_dag_destroy(dag);
    return rc;
}

const cli_command cli_cmd_compare = {
    "compare",
    "how important is IC optimality? icsched against the usual policies",
    "usage: ics compare FILE [--seed S] [--format F] [--json] [--progress | --no-progress]\n"
    "\n"
    "Plays the IC pebble game with the icsched schedule (objective eligibility,\n"
    "then memory) and with the orders of the policies fifo, lifo (the papers'\n"
    "\"eager\"), level, random and postorder, and reports for each: AREA (the sum\n"
    "of E(t)), the least E(t) before the last 10% of the steps (t <= 0.9 n), the\n"
    "memory cost, and whether its E(t) is the IC-optimal one (when icsched\n"
    "proved its schedule IC-optimal), and its AREA as a share of the AREA\n"
    "bound ('ics schedule': the maximum when icsched's status is ic-optimal\n"
    "or area-optimal, else an upper bound no schedule exceeds).\n"
    "Guidelines paper §3.4, §4.4, §5.4.\n"
    "\n"
    "  FILE        the workflow file; '-' reads standard input\n"
    "  --seed S    seed of the random policy (default 0)\n"
    "  --format F  input format (default: detect)\n"
    "  --json      one JSON object: file, steps, icsched_status, area_bound,\n"
    "              policies (a list of {policy, area, area_of_bound,\n"
    "              min_eligible_90, memory[, ic_optimal]})\n"
    "  --progress, --no-progress  the scheduling stage on stderr, as 'ics schedule'\n"
    "              (default: when stderr is a terminal); Ctrl-C cancels\n",
    run_compare,
};
