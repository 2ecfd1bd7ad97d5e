/* ics — subcommands on the ▷ priority relation and Algorithm IC-Sweep:
 * sweep, priority. */
#include "cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A profile written "0,4,6" into *out. Returns 0 or an exit status (error
 * printed). */
static int parse_profile(cli_u32s* out, const cli_command* cmd, const char* text) {
    size_t n = 1;
    for (const char* p = text; *p; ++p) n += *p == ',';
    size_t len = strlen(text);
    char* copy = malloc(len + 1);
    if (!copy || cli_u32s_reserve(out, n) != ICS_OK) {
        free(copy);
        return cli_fail("out of memory");
    }
    memcpy(copy, text, len + 1);
    char what[96];
    snprintf(what, sizeof what, "an entry of profile '%.60s%s'", text, len > 60 ? "..." : "");
    int rc = 0;
    out->len = 0;
    for (char* entry = copy; rc == 0;) {
        char* comma = strchr(entry, ',');
        if (comma) *comma = '\0';
        rc = cli_parse_u32(&out->v[out->len++], cmd, what, entry);
        if (!comma) break;
        entry = comma + 1;
    }
    free(copy);
    if (rc == 0 && out->v[0] != 0)
        rc = cli_usage_error(cmd, "profile '%s' must start with 0 (no nonsource is eligible before anything runs)",
                             text);
    return rc;
}

/* The profile ics_priority_dags and ics_sweep_dags give a dag: nonsources
 * made eligible after each nonsink of its IC-optimal schedule. Returns 0 or
 * an exit status (error printed). */
static int dag_profile(cli_u32s* out, const ics_dag* dag, const char* path) {
    ics_schedule_result* res = NULL;
    ics_schedule_status status = ICS_SCHEDULE_HEURISTIC;
    const char* reason = "";
    cli_u32s order = {NULL, 0, 0};
    ics_status st = ics_schedule(&res, dag, NULL);
    if (st == ICS_OK) st = ics_schedule_result_status(&status, res);
    if (st == ICS_OK) st = ics_schedule_result_reason(&reason, res);
    int rc = 0;
    if (st == ICS_OK && status != ICS_SCHEDULE_IC_OPTIMAL)
        rc = cli_fail("%s: the dag has no proven IC-optimal schedule: %s", path, reason);
    if (st == ICS_OK && rc == 0)
        CLI_FETCH(st, order, ics_schedule_result_order(order.v, order.cap, &order.len, res));
    if (st == ICS_OK && rc == 0)
        CLI_FETCH(st, *out, ics_order_nonsource_profile(out->v, out->cap, &out->len, dag, order.v, order.len));
    if (st != ICS_OK) rc = cli_fail_status(st, path);
    cli_u32s_free(&order);
    ics_schedule_result_destroy(res);
    return rc;
}

/* Reports a failed ics_sweep_dags / ics_priority_dags on the dags read from
 * names[0..count): the library's message says "dag K ..." (1-based) when
 * dag K has no proven IC-optimal schedule; the file is named then. */
static int fail_dags(ics_status st, char* const* names, size_t count) {
    unsigned long k = 0;
    if (st == ICS_ERR_NOT_IC_OPTIMAL && sscanf(ics_last_error_message(), "dag %lu ", &k) == 1 && k >= 1 &&
        k <= count)
        return cli_fail_status(st, names[k - 1]);
    return cli_fail_status(st, NULL);
}

/* A profile argument contains a comma or is "0"; anything else is a file. */
static int is_profile_text(const char* text) { return strchr(text, ',') || strcmp(text, "0") == 0; }

/* ------------------------------------------------------------ sweep */

/* Pairs Gi ▷ Gj the text report lists before ", ...". */
#define SHOWN_PAIRS 20

typedef struct sweep_report {
    const ics_sweep_result* res;
    uint32_t count;
    int ico, chain;
    const char* reason;
    cli_u32s path, profile, envelope;
    int failed; /* no IC-optimal schedule: invocation failed_group found none at step failed_step */
    uint32_t failed_group, failed_step;
    /* Text report: the first SHOWN_PAIRS + 1 pairs Gi ▷ Gj (i != j), row-major:
     * only these are decided, not the whole p x p relation. */
    uint32_t shown[SHOWN_PAIRS + 1][2];
    size_t shown_count;
} sweep_report;

static ics_status fetch_sweep(sweep_report* r, int json) {
    const ics_sweep_result* res = r->res;
    ics_status st = ics_sweep_result_count(&r->count, res);
    if (st == ICS_OK) st = ics_sweep_result_ico(&r->ico, res);
    if (st == ICS_OK) st = ics_sweep_result_chain(&r->chain, res);
    if (st == ICS_OK) st = ics_sweep_result_reason(&r->reason, res);
    if (st == ICS_OK) CLI_FETCH(st, r->path, ics_sweep_result_path(r->path.v, r->path.cap, &r->path.len, res));
    if (st == ICS_OK)
        CLI_FETCH(st, r->profile, ics_sweep_result_profile(r->profile.v, r->profile.cap, &r->profile.len, res));
    if (st == ICS_OK)
        CLI_FETCH(st, r->envelope, ics_sweep_result_envelope(r->envelope.v, r->envelope.cap, &r->envelope.len, res));
    if (st == ICS_OK) st = ics_sweep_result_failure(&r->failed, &r->failed_group, &r->failed_step, res);
    if (!json) {
        for (uint32_t i = 0; i < r->count && st == ICS_OK && r->shown_count <= SHOWN_PAIRS; ++i)
            for (uint32_t j = 0; j < r->count && st == ICS_OK && r->shown_count <= SHOWN_PAIRS; ++j) {
                int yes = 0;
                if (i == j) continue;
                st = ics_sweep_result_pair(&yes, res, i, j);
                if (st == ICS_OK && yes) {
                    r->shown[r->shown_count][0] = i;
                    r->shown[r->shown_count][1] = j;
                    ++r->shown_count;
                }
            }
        return st;
    }
    /* JSON: the p x p pairs are asked while they are written (no p x p
     * array: 8,000 profiles took 256 MB). */
    return st;
}

/* "order": [{"dag": k, "node": name}, ...] of a sweep of dags. */
static ics_status write_sweep_order(const ics_sweep_result* res, ics_dag* const* dags) {
    size_t n = 0;
    ics_status st = ics_sweep_result_order(NULL, NULL, 0, &n, res);
    uint32_t* which = st == ICS_OK ? malloc((n + 1) * sizeof *which) : NULL;
    uint32_t* nodes = which ? malloc((n + 1) * sizeof *nodes) : NULL;
    if (st == ICS_OK && !nodes) st = ICS_ERR_NOMEM;
    if (st == ICS_OK) st = ics_sweep_result_order(which, nodes, n, &n, res);
    if (st == ICS_OK) {
        out_char('[');
        for (size_t k = 0; k < n && st == ICS_OK; ++k) {
            const char* name = NULL;
            st = ics_dag_node_name(&name, dags[which[k]], nodes[k]);
            if (st != ICS_OK) break;
            out_str(k ? ", {\"dag\": " : "{\"dag\": ");
            out_u64(which[k]);
            out_str(", \"node\": ");
            out_json_string(name);
            out_char('}');
        }
        out_char(']');
    }
    free(which);
    free(nodes);
    return st;
}

static ics_status write_sweep_json(const sweep_report* r, const cli_u32s* profiles, ics_dag* const* dags) {
    json_object obj;
    json_begin(&obj);
    json_u64(&obj, "summands", r->count);
    json_bool(&obj, "ico", r->ico);
    json_bool(&obj, "chain", r->chain);
    json_string(&obj, "reason", r->reason);
    json_key(&obj, "path");
    out_json_u32_array(r->path.v, r->path.len);
    json_key(&obj, "profile");
    out_json_u32_array(r->profile.v, r->profile.len);
    json_key(&obj, "envelope");
    out_json_u32_array(r->envelope.v, r->envelope.len);
    json_key(&obj, "failed");
    if (r->failed) {
        out_str("{\"group\": ");
        out_u64(r->failed_group);
        out_str(", \"diagonal\": ");
        out_u64(r->failed_step);
        out_char('}');
    } else {
        out_str("null");
    }
    json_key(&obj, "pairs");
    out_char('[');
    ics_status st = ICS_OK;
    for (uint32_t i = 0; i < r->count && st == ICS_OK; ++i) {
        out_str(i ? ", [" : "[");
        for (uint32_t j = 0; j < r->count && st == ICS_OK; ++j) {
            int yes = 0;
            st = ics_sweep_result_pair(&yes, r->res, i, j);
            if (j) out_str(", ");
            out_str(yes ? "true" : "false");
        }
        out_char(']');
    }
    out_char(']');
    if (st != ICS_OK) return st;
    if (profiles) {
        json_key(&obj, "profiles");
        out_char('[');
        for (uint32_t i = 0; i < r->count; ++i) {
            if (i) out_str(", ");
            out_json_u32_array(profiles[i].v, profiles[i].len);
        }
        out_char(']');
    } else {
        json_key(&obj, "order");
        if (r->ico) st = write_sweep_order(r->res, dags);
        else out_str("[]");
    }
    json_end(&obj);
    return st;
}

static unsigned digits(uint64_t v) {
    unsigned n = 1;
    while (v >= 10) {
        v /= 10;
        ++n;
    }
    return n;
}

static void pad(unsigned n) {
    while (n--) out_char(' ');
}

/* The paper's Table 2: E(i,j) = E1(i) + E2(j), each diagonal's maxima boxed. */
static void write_sweep_table(const cli_u32s* e1, const cli_u32s* e2) {
    uint64_t top = 0;
    for (size_t i = 0; i < e1->len; ++i)
        for (size_t j = 0; j < e2->len; ++j)
            if ((uint64_t)e1->v[i] + e2->v[j] > top) top = (uint64_t)e1->v[i] + e2->v[j];
    unsigned width = digits(top) + 2; /* room for "[" and "]" */
    if (width < 4) width = 4;           /* "j=10" */
    out_str("\nE(i,j) = E1(i) + E2(j) after i steps of G1 (rows) and j of G2 (columns);\n"
            "[x] marks the maximum of its diagonal i + j:\n\n      ");
    for (size_t j = 0; j < e2->len; ++j) {
        out_char(' ');
        pad(width - 2 - digits(j));
        out_str("j=");
        out_u64(j);
    }
    out_char('\n');
    for (size_t i = 0; i < e1->len; ++i) {
        out_str("  i=");
        out_u64(i);
        pad(2 - digits(i));
        for (size_t j = 0; j < e2->len; ++j) {
            uint64_t v = (uint64_t)e1->v[i] + e2->v[j], best = 0;
            for (size_t a = 0; a < e1->len; ++a) /* the diagonal a + b = i + j */
                if (i + j >= a && i + j - a < e2->len && (uint64_t)e1->v[a] + e2->v[i + j - a] > best)
                    best = (uint64_t)e1->v[a] + e2->v[i + j - a];
            out_char(' ');
            pad(width - 1 - digits(v));
            out_char(v == best ? '[' : ' ');
            out_u64(v);
            if (v == best) out_char(']');
            else if (j + 1 < e2->len) out_char(' '); /* no trailing blank */
        }
        out_char('\n');
    }
}

/* v as "1 2 3", each entry plus `add`, cut unless `full` (see out_cut). */
static void write_numbers(const uint32_t* v, size_t n, uint32_t add, int full) {
    size_t shown = full || n <= CLI_SHORT_LIST ? n : CLI_SHORT_LIST;
    for (size_t k = 0; k < shown; ++k) {
        if (k) out_char(' ');
        out_u64((uint64_t)v[k] + add);
    }
    if (shown < n) out_cut(n - shown);
    if (n == 0) out_str("none");
}

static void write_sweep_text(const sweep_report* r, char** names, const cli_u32s* profiles, int full) {
    out_label("summands");
    out_u64(r->count);
    out_char('\n');
    for (uint32_t i = 0; i < r->count; ++i) {
        char label[32];
        snprintf(label, sizeof label, "G%lu", (unsigned long)i + 1);
        out_row(label, names[i]);
    }
    out_row("IC-optimal", r->ico ? "yes" : "no");
    out_row("chain", r->chain ? "yes" : "no");
    out_label("priorities");
    for (size_t k = 0; k < r->shown_count; ++k) {
        if (k == SHOWN_PAIRS) {
            out_str(", ...");
            break;
        }
        if (k > 0) out_str(", ");
        char pair[64];
        snprintf(pair, sizeof pair, "G%lu ▷ G%lu", (unsigned long)r->shown[k][0] + 1, (unsigned long)r->shown[k][1] + 1);
        out_str(pair);
    }
    if (!r->shown_count) out_str("none");
    out_char('\n');
    if (*r->reason) out_row("reason", r->reason);
    if (r->ico) {
        out_label("path");
        write_numbers(r->path.v, r->path.len, 1, full);
        out_char('\n');
        out_label("profile");
        write_numbers(r->profile.v, r->profile.len, 0, full);
        out_char('\n');
    } else {
        char where[96];
        snprintf(where, sizeof where, "step %lu (merging G%lu)", (unsigned long)r->failed_step,
                 (unsigned long)r->failed_group + 2);
        out_row("fails at", where);
        out_label("maximum");
        write_numbers(r->envelope.v, r->envelope.len, 0, full);
        out_char('\n');
    }
    if (profiles) write_sweep_table(&profiles[0], &profiles[1]);
}

/* The number of nonsinks of a dag (its profile has one more entry). */
static ics_status nonsink_count(size_t* out, const ics_dag* dag) {
    uint32_t nodes = 0;
    size_t sinks = 0;
    ics_status st = ics_dag_node_count(&nodes, dag);
    if (st == ICS_OK) st = ics_dag_sinks(NULL, 0, &sinks, dag);
    if (st == ICS_OK) *out = nodes - sinks;
    return st;
}

static int run_sweep(const cli_command* self, int argc, char** argv) {
    enum { TABLE_MAX = 12 }; /* profiles of at most 12 entries get a table */
    const char* format = NULL;
    int json = 0, given = 0, full = 0;
    const cli_option opts[] = {
        {"--profiles", NULL, NULL, &given},
        {"--format", NULL, &format, NULL},
        {"--full", NULL, NULL, &full},
        {"--json", NULL, NULL, &json},
    };
    int npos = 0;
    int rc = cli_parse_args(self, argc, argv, opts, sizeof opts / sizeof opts[0], 1, -1, &npos);
    if (rc >= 0) return rc;
    if ((rc = cli_list_args(&npos, &argv, 0))) return rc;
    if (given && format) return cli_usage_error(self, "--format goes with files, not with --profiles");
    rc = 0;
    size_t p = (size_t)npos;
    cli_u32s* profiles = calloc(p, sizeof *profiles);
    ics_dag** dags = calloc(p, sizeof *dags);
    const uint32_t** arrays = calloc(p, sizeof *arrays);
    size_t* lengths = calloc(p, sizeof *lengths);
    if (!profiles || !dags || !arrays || !lengths) rc = cli_fail("out of memory");
    for (size_t i = 0; i < p && rc == 0; ++i) {
        if (given) {
            rc = parse_profile(&profiles[i], self, argv[i]);
            arrays[i] = profiles[i].v;
            lengths[i] = profiles[i].len;
        } else {
            rc = cli_load_dag(&dags[i], self, argv[i], format);
        }
    }
    ics_sweep_result* res = NULL;
    sweep_report report;
    memset(&report, 0, sizeof report);
    report.reason = "";
    ics_status st = ICS_OK;
    if (rc == 0) {
        st = given ? ics_sweep(&res, arrays, lengths, p) : ics_sweep_dags(&res, (const ics_dag* const*)dags, p);
        report.res = res;
        if (st == ICS_OK) st = fetch_sweep(&report, json);
        if (st != ICS_OK) rc = fail_dags(st, argv, p);
    }
    /* The text table needs the summands' profiles: computed for two small dags. */
    int table = rc == 0 && !json && p == 2;
    for (size_t i = 0; i < p && table && !given; ++i) {
        size_t nonsinks = 0;
        if ((st = nonsink_count(&nonsinks, dags[i])) != ICS_OK) rc = cli_fail_status(st, argv[i]);
        table = rc == 0 && nonsinks < TABLE_MAX;
    }
    for (size_t i = 0; i < p && table && !given; ++i) table = (rc = dag_profile(&profiles[i], dags[i], argv[i])) == 0;
    for (size_t i = 0; i < p && table; ++i) table = profiles[i].len <= TABLE_MAX;
    if (rc == 0 && json) {
        st = write_sweep_json(&report, given ? profiles : NULL, dags);
        if (st != ICS_OK) rc = cli_fail_status(st, NULL);
    } else if (rc == 0) {
        write_sweep_text(&report, argv, table ? profiles : NULL, full);
    }
    for (size_t i = 0; i < p; ++i) {
        if (profiles) cli_u32s_free(&profiles[i]);
        if (dags) ics_dag_destroy(dags[i]);
    }
    cli_u32s_free(&report.path);
    cli_u32s_free(&report.profile);
    cli_u32s_free(&report.envelope);
    ics_sweep_result_destroy(res);
    free(profiles);
    free(dags);
    free(arrays);
    free(lengths);
    return rc;
}

const cli_command cli_cmd_sweep = {
    "sweep",
    "decide with IC-Sweep whether a sum of dags has an IC-optimal schedule",
    "usage: ics sweep --profiles P1 P2 ... [--full] [--json]\n"
    "       ics sweep FILE1 FILE2 ... [--format F] [--full] [--json]\n"
    "\n"
    "Runs Algorithm IC-Sweep on the sum G1 + G2 + ... of dags given by their\n"
    "profiles or as files: decides whether the sum admits an IC-optimal\n"
    "schedule and, if so, how it interleaves the summands' nonsinks.\n"
    "\n"
    "  --profiles    the arguments are profiles: comma-separated non-negative\n"
    "                integers E(0),E(1),... starting with E(0) = 0, where E(i) is\n"
    "                the number of nonsources made eligible by the first i\n"
    "                nonsinks of an IC-optimal schedule (e.g. 0,4,6 0,3,5)\n"
    "  FILE          workflow files; each dag needs a proven IC-optimal schedule\n"
    "                (see 'ics schedule'), whose profile is used\n"
    "  @LIST         a file of profiles (with --profiles) or of workflow files,\n"
    "                one per line ('#' and blank lines skipped): for lists too\n"
    "                long for a command line\n"
    "  --format F    input format of the files: auto (default: detect), edges,\n"
    "                dot, dagman, json (WfFormat), dax, stg, adjacency-json\n"
    "  --full        text report: print the whole path and profile, even when\n"
    "                longer than 50 entries\n"
    "  --json        print one JSON object (see below)\n"
    "\n"
    "The text report numbers the summands from 1: G1 is the first argument. It\n"
    "says whether the sum admits an IC-optimal schedule, whether G1 ▷ G2 ▷ ...\n"
    "(a chain: no interleaving needed), which pairs Gi ▷ Gj hold, the reason\n"
    "when either fails (the library's words, which number summands from 0),\n"
    "the path (the summand, 1-based, whose next nonsink each step executes,\n"
    "e.g. \"1 2 1 2\") and the sum's profile along it; when there is no\n"
    "IC-optimal schedule, the step at which IC-Sweep found none (\"merging Gk\":\n"
    "the sum of G1..Gk-1 plus Gk) and the maximum of each step over all\n"
    "schedules of the sum, which no schedule reaches at every step. For two\n"
    "summands whose profiles have at most 12 entries it also prints the table\n"
    "E(i,j) = E1(i) + E2(j) with the maximum of each diagonal in brackets, like\n"
    "Table 2 of the IC-Sweep paper.\n"
    "\n"
    "JSON keys (summands numbered from 0): summands (p); ico (true when the sum\n"
    "admits an IC-optimal schedule); chain (true when G1 ▷ G2 ▷ ... ▷ Gp);\n"
    "reason (why not ico, or why not a chain; \"\" when both hold); path (the\n"
    "0-based summand executed at each step; [] when not ico); profile (the sum's\n"
    "profile along the path; [] when not ico); envelope (the maximum of each\n"
    "step over all schedules of the sum: equals profile when ico); failed (null\n"
    "when ico, else {\"group\": k, \"diagonal\": t}: IC-Sweep's invocation k,\n"
    "merging summands 0..k with summand k+1, found no schedule reaching the\n"
    "maximum at step t); pairs (p x p booleans: pairs[i][j]\n"
    "is Gi ▷ Gj); with --profiles, profiles (the profiles given); with files,\n"
    "order (the sum's IC-optimal order: objects {\"dag\": k, \"node\": NAME}, k\n"
    "0-based; the nonsinks along the path, then every summand's sinks; [] when\n"
    "not ico).\n",
    run_sweep,
};

/* ------------------------------------------------------------ priority */

static int run_priority(const cli_command* self, int argc, char** argv) {
    const char* format = NULL;
    int json = 0;
    const cli_option opts[] = {
        {"--format", NULL, &format, NULL},
        {"--json", NULL, NULL, &json},
    };
    int npos = 0;
    int rc = cli_parse_args(self, argc, argv, opts, sizeof opts / sizeof opts[0], 2, 2, &npos);
    if (rc >= 0) return rc;
    rc = 0;
    cli_u32s profiles[2] = {{NULL, 0, 0}, {NULL, 0, 0}};
    ics_dag* dags[2] = {NULL, NULL};
    int given[2] = {0, 0};
    for (int k = 0; k < 2 && rc == 0; ++k) {
        given[k] = is_profile_text(argv[k]);
        rc = given[k] ? parse_profile(&profiles[k], self, argv[k]) : cli_load_dag(&dags[k], self, argv[k], format);
    }
    if (rc == 0 && format && given[0] && given[1])
        rc = cli_usage_error(self, "--format goes with files, not with profiles");
    /* Files go through their IC-optimal schedules' profiles (what
     * ics_priority_dags uses), so that a "no" can show its witness. */
    for (int k = 0; k < 2 && rc == 0; ++k)
        if (!given[k]) rc = dag_profile(&profiles[k], dags[k], argv[k]);
    int violated[2] = {0, 0}; /* [0]: A ▷ B fails, [1]: B ▷ A fails */
    uint32_t x[2] = {0, 0}, y[2] = {0, 0};
    ics_status st = ICS_OK;
    for (int k = 0; k < 2 && rc == 0 && st == ICS_OK; ++k) {
        const cli_u32s* p1 = &profiles[k];
        const cli_u32s* p2 = &profiles[1 - k];
        st = ics_priority_violation(&violated[k], &x[k], &y[k], p1->v, p1->len, p2->v, p2->len);
    }
    if (rc == 0 && st != ICS_OK) rc = cli_fail_status(st, NULL);
    if (rc == 0 && json) {
        json_object obj;
        json_begin(&obj);
        json_string(&obj, "a", argv[0]);
        json_string(&obj, "b", argv[1]);
        json_bool(&obj, "forward", !violated[0]);
        json_bool(&obj, "backward", !violated[1]);
        const char* wkeys[2] = {"forward_violation", "backward_violation"};
        for (int k = 0; k < 2; ++k) {
            json_key(&obj, wkeys[k]);
            if (!violated[k]) {
                out_str("null");
                continue;
            }
            out_str("{\"x\": ");
            out_u64(x[k]);
            out_str(", \"y\": ");
            out_u64(y[k]);
            out_char('}');
        }
        const char* keys[2] = {"profile_a", "profile_b"};
        for (int k = 0; k < 2; ++k) {
            json_key(&obj, keys[k]);
            out_json_u32_array(profiles[k].v, profiles[k].len);
        }
        json_end(&obj);
    } else if (rc == 0) {
        out_row("A", argv[0]);
        out_row("B", argv[1]);
        const char* names[2][2] = {{"A", "B"}, {"B", "A"}};
        const char* labels[2] = {"forward", "backward"};
        for (int k = 0; k < 2; ++k) {
            const char* g1 = names[k][0];
            const char* g2 = names[k][1];
            char text[400];
            if (!violated[k]) {
                snprintf(text, sizeof text, "yes (%s ▷ %s)", g1, g2);
            } else {
                /* System (1) at (x, y): x steps of G1 and y of G2 beat G1's first. */
                const cli_u32s* e1 = &profiles[k];
                const cli_u32s* e2 = &profiles[1 - k];
                const size_t s1 = e1->len - 1, z = (size_t)x[k] + y[k];
                const size_t zx = z < s1 ? z : s1, zy = z > s1 ? z - s1 : 0;
                snprintf(text, sizeof text,
                         "no (not %s ▷ %s: E%s(%lu)+E%s(%lu) = %lu+%lu = %llu > E%s(%lu)+E%s(%lu) = %lu+%lu = %llu)", g1,
                         g2, g1, (unsigned long)x[k], g2, (unsigned long)y[k], (unsigned long)e1->v[x[k]],
                         (unsigned long)e2->v[y[k]], (unsigned long long)e1->v[x[k]] + e2->v[y[k]], g1,
                         (unsigned long)zx, g2, (unsigned long)zy, (unsigned long)e1->v[zx], (unsigned long)e2->v[zy],
                         (unsigned long long)e1->v[zx] + e2->v[zy]);
            }
            out_row(labels[k], text);
        }
    }
    for (int k = 0; k < 2; ++k) {
        cli_u32s_free(&profiles[k]);
        ics_dag_destroy(dags[k]);
    }
    return rc;
}

const cli_command cli_cmd_priority = {
    "priority",
    "decide the ▷ priority of two dags or profiles, both ways",
    "usage: ics priority A B [--format F] [--json]\n"
    "\n"
    "Decides whether A ▷ B (A has priority over B: executing all of A's nonsinks\n"
    "before B's is never worse, system (1) of the IC-Sweep paper) and whether\n"
    "B ▷ A.\n"
    "\n"
    "  A, B          each a profile or a workflow file. A profile is written as\n"
    "                comma-separated non-negative integers starting with 0 (see\n"
    "                'ics sweep --help'), e.g. 0,4,6; an argument that contains\n"
    "                a comma, or is \"0\", is a profile, anything else a file\n"
    "                (write ./0 for a file named 0). A file's dag needs a proven\n"
    "                IC-optimal schedule (see 'ics schedule'), whose profile is\n"
    "                used.\n"
    "  --format F    input format of the files: auto (default: detect), edges,\n"
    "                dot, dagman, json (WfFormat), dax, stg, adjacency-json\n"
    "  --json        print one JSON object with the keys a and b (the arguments),\n"
    "                forward (A ▷ B), backward (B ▷ A), forward_violation and\n"
    "                backward_violation (null, or {\"x\": x, \"y\": y}: see below),\n"
    "                and profile_a, profile_b (the profiles compared)\n"
    "\n"
    "When A ▷ B fails, the report shows the first pair (x, y) violating system\n"
    "(1): EA(x) + EB(y) > EA(min(sA, x+y)) + EB(max(0, x+y-sA)), sA = A's\n"
    "nonsinks. Running x nonsinks of A and y of B then makes more tasks eligible\n"
    "than running A's first.\n",
    run_priority,
};
