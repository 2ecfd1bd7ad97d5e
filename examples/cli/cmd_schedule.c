/* ics — subcommands that schedule a dag and evaluate the schedule: profile. */
#include "cli.h"

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
    uint32_t last = (uint32_t)((uint64_t)r->steps * 9 / 10);
    r->min_eligible_90 = r->eligible[0];
    for (uint32_t t = 1; t <= last; ++t)
        if (r->eligible[t] < r->min_eligible_90) r->min_eligible_90 = r->eligible[t];
    return ICS_OK;
}

static void write_u32_list(const uint32_t* v, size_t n, const char* sep) {
    for (size_t k = 0; k < n; ++k) {
        if (k) out_str(sep);
        out_u64(v[k]);
    }
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
    out_char('[');
    for (size_t k = 0; k < len; ++k) {
        const char* name = NULL;
        ics_status st = ics_dag_node_name(&name, dag, order[k]);
        if (st != ICS_OK) return cli_fail_status(st, path);
        if (k) out_str(", ");
        out_json_string(name);
    }
    out_char(']');
    json_key(&obj, "profile");
    out_char('[');
    write_u32_list(r->eligible, (size_t)r->steps + 1, ", ");
    out_char(']');
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
    write_u32_list(r->eligible, (size_t)r->steps + 1, " ");
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
        return cli_usage_error(self, "unknown policy '%s' (fifo, lifo, level, random)", policy_name);
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
    "usage: ics profile FILE [--policy fifo|lifo|level|random] [--seed S]\n"
    "                        [--order ORDERFILE] [--format F] [--json]\n"
    "\n"
    "Plays the IC pebble game on the dag with one execution order and reports\n"
    "E(t), the number of ELIGIBLE nodes after t executions (t = 0..n), its sum\n"
    "AREA, and the memory cost (the most executed nodes that still have an\n"
    "unexecuted child).\n"
    "\n"
    "  FILE                the workflow file; '-' reads standard input\n"
    "  --policy P          how to pick the next eligible node: fifo (default),\n"
    "                      lifo, level, random\n"
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
