/* ics — does it make runs faster? simulate, plot. */
#include "cli.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { MAX_POLICIES = 16, METRICS = 5 };

static const ics_sim_metric metric_ids[METRICS] = {ICS_SIM_METRIC_MAKESPAN, ICS_SIM_METRIC_IDLE,
                                                   ICS_SIM_METRIC_GRIDLOCK, ICS_SIM_METRIC_MEMORY_PEAK,
                                                   ICS_SIM_METRIC_MEMORY_MEAN};

/* Doubles in output: shortest text that reads back the same up to 10 digits,
 * the same on every machine (glibc's printf is exact). */
static void out_double(double v) {
    char buf[40];
    snprintf(buf, sizeof buf, "%.10g", v);
    out_str(buf);
}

static void json_double(json_object* obj, const char* key, double v) {
    json_key(obj, key);
    out_double(v);
}

/* "icsched,fifo" -> policies; returns 0 or an exit status (error printed). */
static int parse_policies(ics_sim_policy* out, size_t* count, const cli_command* cmd, const char* arg) {
    *count = 0;
    const char* p = arg;
    for (;;) {
        const char* comma = strchr(p, ',');
        size_t n = comma ? (size_t)(comma - p) : strlen(p);
        char item[64];
        if (n == 0 || n >= sizeof item) return cli_usage_error(cmd, "bad policy list '%s'", arg);
        memcpy(item, p, n);
        item[n] = '\0';
        if (*count == MAX_POLICIES) return cli_usage_error(cmd, "at most %d policies", MAX_POLICIES);
        if (ics_sim_policy_from_name(&out[*count], item) != ICS_OK)
            return cli_usage_error(cmd, "%s", ics_last_error_message());
        ++*count;
        if (!comma) return 0;
        p = comma + 1;
    }
}

/* What the simulation options and durations come from; shared by simulate and plot. */
typedef struct sim_setup {
    const char *workers, *seed, *runs, *durations, *speeds, *spread, *availability, *mean_up, *mean_down, *period,
        *duty, *batch, *failures, *retries, *max_events;
} sim_setup;

#define SIM_SETUP_OPTIONS(s)                                                                                  \
    {"--workers", "-w", &(s).workers, NULL}, {"--seed", NULL, &(s).seed, NULL},                              \
        {"--runs", NULL, &(s).runs, NULL}, {"--durations", NULL, &(s).durations, NULL},                      \
        {"--speeds", NULL, &(s).speeds, NULL}, {"--spread", NULL, &(s).spread, NULL},                        \
        {"--availability", NULL, &(s).availability, NULL}, {"--mean-up", NULL, &(s).mean_up, NULL},          \
        {"--mean-down", NULL, &(s).mean_down, NULL}, {"--period", NULL, &(s).period, NULL},                  \
        {"--duty", NULL, &(s).duty, NULL}, {"--batch", NULL, &(s).batch, NULL},                              \
        {"--failures", NULL, &(s).failures, NULL}, {"--retries", NULL, &(s).retries, NULL},                  \
        {"--max-events", NULL, &(s).max_events, NULL}

/* Fills opts from the command line; *durations receives the file's runtimes
 * (--durations file, or auto when the file has them), else NULL. *used names
 * the durations model in effect. */
static int sim_options(ics_simulate_options* o, double** durations, const char** used, const sim_setup* s,
                       const cli_command* cmd, const ics_dag* dag, const char* path, uint32_t default_workers,
                       uint32_t default_runs) {
    int rc;
    *durations = NULL;
    o->workers = default_workers;
    o->runs = default_runs;
    if (s->workers && (rc = cli_parse_u32(&o->workers, cmd, "--workers", s->workers))) return rc;
    if (o->workers == 0) return cli_usage_error(cmd, "--workers must be at least 1");
    if (s->seed && (rc = cli_parse_u64(&o->seed, cmd, "--seed", s->seed))) return rc;
    if (s->runs && (rc = cli_parse_u32(&o->runs, cmd, "--runs", s->runs))) return rc;
    if (o->runs == 0) return cli_usage_error(cmd, "--runs must be at least 1");
    if (s->speeds && ics_sim_speeds_from_name(&o->speeds, s->speeds) != ICS_OK)
        return cli_usage_error(cmd, "%s", ics_last_error_message());
    if (s->spread && (rc = cli_parse_number(&o->spread, cmd, "--spread", s->spread, 1.0))) return rc;
    if (s->availability && ics_sim_availability_from_name(&o->availability, s->availability) != ICS_OK)
        return cli_usage_error(cmd, "%s", ics_last_error_message());
    if (s->mean_up && (rc = cli_parse_number(&o->mean_up, cmd, "--mean-up", s->mean_up, 0.0))) return rc;
    if (s->mean_down && (rc = cli_parse_number(&o->mean_down, cmd, "--mean-down", s->mean_down, 0.0))) return rc;
    if (s->period && (rc = cli_parse_number(&o->period, cmd, "--period", s->period, 0.0))) return rc;
    if (s->duty && (rc = cli_parse_probability(&o->duty, cmd, "--duty", s->duty))) return rc;
    if (s->batch && (rc = cli_parse_u32(&o->batch, cmd, "--batch", s->batch))) return rc;
    if (s->failures && (rc = cli_parse_probability(&o->failure_probability, cmd, "--failures", s->failures)))
        return rc;
    if (s->retries && (rc = cli_parse_u32(&o->retry_limit, cmd, "--retries", s->retries))) return rc;
    if (s->max_events && (rc = cli_parse_u64(&o->max_events, cmd, "--max-events", s->max_events))) return rc;

    const char* model = s->durations ? s->durations : "auto";
    int want_file = strcmp(model, "file") == 0 || strcmp(model, "given") == 0;
    if (strcmp(model, "auto") != 0 && !want_file) {
        if (ics_sim_durations_from_name(&o->durations, model) != ICS_OK)
            return cli_usage_error(cmd, "--durations must be auto, unit, file or exponential, not '%s'", model);
        *used = ics_sim_durations_name(o->durations);
        return 0;
    }
    if (strcmp(path, "-") == 0) {
        if (want_file) return cli_usage_error(cmd, "--durations file needs a file, not standard input");
        *used = "unit";
        return 0;
    }
    uint32_t n = 0;
    ics_dag_node_count(&n, dag);
    double* d = malloc((n ? n : 1) * sizeof *d);
    if (!d) return cli_fail("out of memory");
    size_t got = 0;
    ics_status st = ics_dag_read_durations(d, n, &got, dag, path, ICS_FORMAT_AUTO);
    if (st == ICS_OK) {
        *durations = d;
        *used = "file";
        return 0;
    }
    free(d);
    if (want_file || st != ICS_ERR_UNSUPPORTED) return cli_fail_status(st, "--durations file");
    *used = "unit"; /* auto: the format records no runtimes */
    return 0;
}

/* The dag, its options and durations, shared by simulate and plot. */
typedef struct sim_input {
    ics_dag* dag;
    ics_simulate_options o;
    double* durations; /* the file's runtimes, or NULL */
    const char* used;  /* the durations model in effect */
    uint32_t n;
} sim_input;

/* Loads FILE and reads the simulation options; 0 or an exit status (error printed).
 * Call sim_input_free either way. */
static int sim_load(sim_input* in, const cli_command* cmd, const char* path, const char* format, const sim_setup* s,
                    uint32_t default_workers, uint32_t default_runs) {
    const ics_simulate_options init = ICS_SIMULATE_OPTIONS_INIT;
    in->dag = NULL;
    in->o = init;
    in->durations = NULL;
    in->used = "unit";
    in->n = 0;
    int rc = cli_load_dag(&in->dag, cmd, path, format);
    if (rc) return rc;
    ics_dag_node_count(&in->n, in->dag);
    return sim_options(&in->o, &in->durations, &in->used, s, cmd, in->dag, path, default_workers, default_runs);
}

static void sim_input_free(sim_input* in) {
    free(in->durations);
    ics_dag_destroy(in->dag);
}

static int progress_on(void) { return isatty(2); }

/* Runs one policy; *out receives the simulation. */
static int simulate_policy(ics_simulation** out, const ics_dag* dag, const double* durations, size_t n,
                           ics_simulate_options* o, ics_sim_policy policy, const char* path) {
    o->policy = policy;
    if (progress_on()) fprintf(stderr, "ics: simulating %s: %u runs, %u workers...\r", ics_sim_policy_name(policy),
                               o->runs, o->workers);
    ics_status st = ics_simulate(out, dag, durations, durations ? n : 0, o);
    if (progress_on()) fprintf(stderr, "%60s\r", "");
    return st == ICS_OK ? 0 : cli_fail_status(st, path);
}

static void json_run(const ics_sim_run* r) {
    json_object o;
    json_begin(&o);
    json_double(&o, "makespan", r->makespan);
    json_double(&o, "idle", r->idle);
    json_u64(&o, "gridlock", r->gridlock);
    json_u64(&o, "memory_peak", r->memory_peak);
    json_double(&o, "memory_mean", r->memory_mean);
    json_u64(&o, "executed", r->executed);
    json_u64(&o, "failed", r->failed);
    json_bool(&o, "complete", r->complete);
    json_bool(&o, "stalled", r->stalled);
    json_close(&o);
}

/* The members of one policy's JSON object. */
static ics_status json_policy(json_object* obj, const ics_simulation* sim, ics_sim_policy policy, int full_profile) {
    uint32_t runs = 0;
    ics_status st = ics_simulation_run_count(&runs, sim);
    if (st != ICS_OK) return st;
    json_string(obj, "policy", ics_sim_policy_name(policy));
    double mean[METRICS], ci[METRICS];
    for (int m = 0; m < METRICS && st == ICS_OK; ++m) st = ics_simulation_summary(&mean[m], &ci[m], sim, metric_ids[m]);
    if (st != ICS_OK) return st;
    ics_sim_run first;
    if ((st = ics_simulation_run(&first, sim, 0)) != ICS_OK) return st;
    /* One run: its values; several: their means (and the lists below). */
    json_double(obj, "makespan", mean[0]);
    json_double(obj, "idle", mean[1]);
    json_double(obj, "gridlock", mean[2]);
    json_double(obj, "memory_peak", mean[3]);
    json_double(obj, "memory_mean", mean[4]);
    json_bool(obj, "complete", first.complete);
    json_bool(obj, "stalled", first.stalled);
    cli_u32s prof = {NULL, 0, 0};
    CLI_FETCH(st, prof, ics_simulation_profile(prof.v, prof.cap, &prof.len, sim, 0));
    if (st != ICS_OK) return st;
    (void)full_profile;
    json_key(obj, "profile");
    out_json_u32_array(prof.v, prof.len);
    cli_u32s_free(&prof);
    if (runs > 1) {
        json_key(obj, "runs");
        out_char('[');
        for (uint32_t i = 0; i < runs && st == ICS_OK; ++i) {
            ics_sim_run r;
            st = ics_simulation_run(&r, sim, i);
            if (st != ICS_OK) break;
            if (i) out_str(", ");
            json_run(&r);
        }
        out_char(']');
        json_object m, c;
        json_key(obj, "mean");
        json_begin(&m);
        for (int k = 0; k < METRICS; ++k) json_double(&m, ics_sim_metric_name(metric_ids[k]), mean[k]);
        json_close(&m);
        json_key(obj, "ci95");
        json_begin(&c);
        for (int k = 0; k < METRICS; ++k) json_double(&c, ics_sim_metric_name(metric_ids[k]), ci[k]);
        json_close(&c);
    }
    return st;
}

/* Paired comparison by makespan: run i of a against run i of b (same seed). */
static ics_status wins_losses(uint32_t* wins, uint32_t* losses, uint32_t* ties, const ics_simulation* a,
                              const ics_simulation* b) {
    uint32_t runs = 0;
    ics_status st = ics_simulation_run_count(&runs, a);
    *wins = *losses = *ties = 0;
    for (uint32_t i = 0; i < runs && st == ICS_OK; ++i) {
        ics_sim_run ra, rb;
        st = ics_simulation_run(&ra, a, i);
        if (st == ICS_OK) st = ics_simulation_run(&rb, b, i);
        if (st != ICS_OK) break;
        /* Relative tolerance: equal up to rounding is a tie. */
        double tol = 1e-9 * (fabs(ra.makespan) + fabs(rb.makespan));
        if (ra.makespan < rb.makespan - tol) ++*wins;
        else if (ra.makespan > rb.makespan + tol) ++*losses;
        else ++*ties;
    }
    return st;
}

static void text_header(void) {
    out_str("policy                 makespan (±95%)        idle    gridlock   memory peak   mean  wins/ties/losses\n");
}

static void pad_to(size_t written, size_t width) {
    while (written++ < width) out_char(' ');
}

static void out_cell(const char* text, size_t width) {
    pad_to(strlen(text), width);
    out_str(text);
}

static ics_status text_policy(const ics_simulation* sim, ics_sim_policy policy, const ics_simulation* base,
                              int is_base) {
    double mean[METRICS], ci[METRICS];
    ics_status st = ICS_OK;
    for (int m = 0; m < METRICS && st == ICS_OK; ++m) st = ics_simulation_summary(&mean[m], &ci[m], sim, metric_ids[m]);
    if (st != ICS_OK) return st;
    char buf[96];
    const char* name = ics_sim_policy_name(policy);
    out_str(name);
    pad_to(strlen(name), 16);
    snprintf(buf, sizeof buf, "%.6g ± %.3g", mean[0], ci[0]);
    out_cell(buf, 24);
    snprintf(buf, sizeof buf, "%.6g", mean[1]);
    out_cell(buf, 12);
    snprintf(buf, sizeof buf, "%.4g", mean[2]);
    out_cell(buf, 12);
    snprintf(buf, sizeof buf, "%.4g", mean[3]);
    out_cell(buf, 14);
    snprintf(buf, sizeof buf, "%.4g", mean[4]);
    out_cell(buf, 7);
    if (!is_base && base) {
        uint32_t w = 0, l = 0, t = 0;
        if ((st = wins_losses(&w, &l, &t, base, sim)) != ICS_OK) return st;
        /* The first policy's record against this one. */
        snprintf(buf, sizeof buf, "%u/%u/%u", w, t, l);
        out_cell(buf, 18);
    } else {
        out_cell("-", 18);
    }
    out_char('\n');
    return ICS_OK;
}

static int run_simulate(const cli_command* self, int argc, char** argv) {
    const char *format = NULL, *policy_arg = NULL;
    sim_setup s;
    memset(&s, 0, sizeof s);
    int json = 0, full = 0;
    const cli_option opts[] = {
        {"--format", NULL, &format, NULL},
        {"--policy", "-p", &policy_arg, NULL},
        SIM_SETUP_OPTIONS(s),
        {"--full", NULL, NULL, &full},
        {"--json", NULL, NULL, &json},
    };
    int npos = 0;
    int rc = cli_parse_args(self, argc, argv, opts, sizeof opts / sizeof opts[0], 1, 1, &npos);
    if (rc >= 0) return rc;
    if ((rc = cli_list_arg(&policy_arg))) return rc;
    const char* path = argv[0];
    if (!s.workers) return cli_usage_error(self, "--workers W is required");
    ics_sim_policy policies[MAX_POLICIES];
    size_t npol = 0;
    if ((rc = parse_policies(policies, &npol, self, policy_arg ? policy_arg : "icsched")) != 0) return rc;

    sim_input in;
    rc = sim_load(&in, self, path, format, &s, 4, 1);
    const ics_dag* dag = in.dag;
    ics_simulate_options o = in.o;
    const double* durations = in.durations;
    const char* used = in.used;
    const uint32_t n = in.n;
    ics_simulation* sims[MAX_POLICIES] = {NULL};
    for (size_t k = 0; rc == 0 && k < npol; ++k)
        rc = simulate_policy(&sims[k], dag, durations, n, &o, policies[k], path);
    ics_status st = ICS_OK;
    if (rc == 0) {
        json_object obj;
        if (json) {
            json_begin(&obj);
            json_string(&obj, "file", path);
            json_u64(&obj, "tasks", n);
            json_u64(&obj, "workers", o.workers);
            json_u64(&obj, "seed", o.seed);
            json_u64(&obj, "run_count", o.runs);
            json_string(&obj, "durations", used);
            if (durations) { /* what churn and volunteer periods compare with */
                double sum = 0, mx = 0;
                for (uint32_t v = 0; v < n; ++v) {
                    sum += durations[v];
                    if (durations[v] > mx) mx = durations[v];
                }
                json_double(&obj, "duration_mean", n ? sum / n : 0);
                json_double(&obj, "duration_max", mx);
            }
            json_string(&obj, "speeds", ics_sim_speeds_name(o.speeds));
            json_string(&obj, "availability", ics_sim_availability_name(o.availability));
            if (npol == 1) {
                st = json_policy(&obj, sims[0], policies[0], full);
            } else {
                json_key(&obj, "policies");
                out_char('[');
                for (size_t k = 0; k < npol && st == ICS_OK; ++k) {
                    json_object p;
                    if (k) out_str(", ");
                    json_begin(&p);
                    st = json_policy(&p, sims[k], policies[k], full);
                    json_close(&p);
                }
                out_char(']');
                /* The first policy against each other one, run by run (same seeds). */
                json_key(&obj, "comparison");
                out_char('[');
                for (size_t k = 1; k < npol && st == ICS_OK; ++k) {
                    uint32_t w = 0, l = 0, t = 0;
                    st = wins_losses(&w, &l, &t, sims[0], sims[k]);
                    json_object c;
                    if (k > 1) out_str(", ");
                    json_begin(&c);
                    json_string(&c, "policy", ics_sim_policy_name(policies[0]));
                    json_string(&c, "against", ics_sim_policy_name(policies[k]));
                    json_u64(&c, "wins", w);
                    json_u64(&c, "ties", t);
                    json_u64(&c, "losses", l);
                    json_close(&c);
                }
                out_char(']');
            }
            if (st == ICS_OK) json_end(&obj);
        } else {
            char buf[160];
            out_row("file", path);
            snprintf(buf, sizeof buf, "%u tasks, %u workers (speeds %s, %s), durations %s, %u run%s, seed %llu", n,
                     o.workers, ics_sim_speeds_name(o.speeds), ics_sim_availability_name(o.availability), used,
                     o.runs, o.runs == 1 ? "" : "s", (unsigned long long)o.seed);
            out_row("setup", buf);
            out_char('\n');
            text_header();
            for (size_t k = 0; k < npol && st == ICS_OK; ++k) st = text_policy(sims[k], policies[k], sims[0], k == 0);
            if (st == ICS_OK && npol > 1) {
                out_str("\nwins/ties/losses: runs where ");
                out_str(ics_sim_policy_name(policies[0]));
                out_str(" finished sooner / as soon / later than the policy of the row (same seeds).\n");
            }
            if (st == ICS_OK && npol == 1) {
                ics_sim_run r;
                st = ics_simulation_run(&r, sims[0], 0);
                if (st == ICS_OK && !r.complete) {
                    if (r.stalled)
                        snprintf(buf, sizeof buf,
                                 "%u tasks executed; cut after --max-events: tasks kept being interrupted "
                                 "(longer than the periods workers stay)",
                                 r.executed);
                    else
                        snprintf(buf, sizeof buf, "%u tasks executed, %u given up after --retries failures",
                                 r.executed, r.failed);
                    out_row("incomplete", buf);
                }
            }
        }
        if (st != ICS_OK) rc = cli_fail_status(st, path);
    }
    for (size_t k = 0; k < npol; ++k) ics_simulation_destroy(sims[k]);
    sim_input_free(&in);
    return rc;
}

#define SIM_SETUP_HELP                                                                                   \
    "  --workers W         number of workers (required for simulate; plot: 8)\n"                         \
    "  --seed S            seed (default 1); run i uses a seed derived from (S, i), the\n"               \
    "                      same for every policy: runs are paired\n"                                    \
    "  --runs R            runs per policy (simulate: 1, plot: 20)\n"                                    \
    "  --durations D       auto (default: the file's runtimes when it records them —\n"                  \
    "                      WfFormat, DAX, STG —, else unit), unit, file, exponential\n"                  \
    "  --speeds S          fixed (default), heterogeneous (per worker), per-task\n"                      \
    "  --spread X          speeds are log-uniform in [1/X, X] (default 4)\n"                             \
    "  --availability A    always (default), churn (exponential up/down periods,\n"                      \
    "                      --mean-up 50 --mean-down 10), volunteer (up --duty 0.5 of\n"                  \
    "                      every --period 100, phase per worker); a worker that leaves\n"                \
    "                      returns its task to the server\n"                                             \
    "  --batch R           workers waiting at one instant ask together, up to R\n"                       \
    "                      (batched selection); default: each asks alone\n"                              \
    "  --failures P        probability that an execution fails (retried)\n"                              \
    "  --retries N         failures a task may have before it is given up (default 3)\n"            \
    "  --max-events N      cut a run after N events (stalled: a task longer than the\n"              \
    "                      periods workers stay is restarted forever); default 200 per\n"           \
    "                      task and worker, at least 10^6\n"

const cli_command cli_cmd_simulate = {
    "simulate",
    "simulate a run on workers that come, go and differ: makespan, idle time, gridlock",
    "usage: ics simulate FILE --workers W --policy P[,P2,...] [--seed S] [--runs R]\n"
    "                    [--durations auto|unit|file|exponential] [--speeds fixed|heterogeneous|per-task]\n"
    "                    [--spread X] [--availability always|churn|volunteer] [--mean-up X]\n"
    "                    [--mean-down X] [--period X] [--duty X] [--batch R] [--failures P]\n"
    "                    [--retries N] [--format F] [--json]\n"
    "\n"
    "Simulates the IC server (ics dispatch) handing the workflow's tasks to W\n"
    "workers by a policy's ranking, and reports the makespan, the worker time\n"
    "spent waiting with no eligible task (idle), the completions after which a\n"
    "worker waited and nothing was eligible (gridlock), the results held (memory)\n"
    "and E(t) as played.\n"
    "\n"
    "  FILE                the workflow file; '-' reads standard input\n"
    "  --policy P          icsched (default), icsched-memory, fifo, lifo, level,\n"
    "                      random, postorder, upward-rank (critical path, HEFT),\n"
    "                      dask-like, greedy (most newly eligible first); several\n"
    "                      separated by commas are compared run by run\n" SIM_SETUP_HELP
    "  --json              one JSON object: makespan, idle, gridlock, memory_peak,\n"
    "                      memory_mean, complete, profile (of the first run); with\n"
    "                      --runs R > 1 the metrics are means, plus \"runs\" (one\n"
    "                      object per run), \"mean\" and \"ci95\" (95% confidence\n"
    "                      half-widths); with several policies a list \"policies\" of\n"
    "                      such objects and \"comparison\" (wins/ties/losses of the\n"
    "                      first policy against each other one)\n"
    "\n"
    "With unit durations and W always-on workers of speed 1, W = 1 gives a\n"
    "makespan of n, and W >= n the number of nodes on a longest path.\n",
    run_simulate,
};

/* ------------------------------------------------------------ plot (SVG) */

static const char* const palette[] = {"#d62728", "#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b",
                                      "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"};

typedef struct svg {
    FILE* f;
    int failed;
} svg;

static void svg_printf(svg* s, const char* fmt, ...) CLI_PRINTF(2, 3);

static void svg_printf(svg* s, const char* fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    if (vfprintf(s->f, fmt, ap) < 0) s->failed = 1;
    va_end(ap);
}

/* Text for SVG: & < > " escaped. */
static void svg_text(svg* s, const char* t) {
    for (; *t; ++t) {
        switch (*t) {
            case '&': svg_printf(s, "&amp;"); break;
            case '<': svg_printf(s, "&lt;"); break;
            case '>': svg_printf(s, "&gt;"); break;
            case '"': svg_printf(s, "&quot;"); break;
            default: fputc(*t, s->f);
        }
    }
}

/* A "nice" tick step for a range (1, 2 or 5 times a power of ten). */
static double nice_step(double range, int ticks) {
    if (range <= 0) return 1;
    double raw = range / ticks, p = pow(10, floor(log10(raw)));
    double m = raw / p;
    return (m < 1.5 ? 1 : m < 3.5 ? 2 : m < 7.5 ? 5 : 10) * p;
}

static int cmp_double(const void* a, const void* b) {
    double x = *(const double*)a, y = *(const double*)b;
    return (x > y) - (x < y);
}

static double quantile(const double* sorted, size_t n, double q) {
    double pos = q * (double)(n - 1);
    size_t i = (size_t)pos;
    double frac = pos - (double)i;
    return i + 1 < n ? sorted[i] * (1 - frac) + sorted[i + 1] * frac : sorted[n - 1];
}

static int run_plot(const cli_command* self, int argc, char** argv) {
    const char *format = NULL, *policy_arg = NULL, *out_path = NULL, *title = NULL;
    sim_setup s;
    memset(&s, 0, sizeof s);
    const cli_option opts[] = {
        {"--format", NULL, &format, NULL},   {"--policies", "-p", &policy_arg, NULL},
        {"--output", "-o", &out_path, NULL}, {"--title", NULL, &title, NULL},
        SIM_SETUP_OPTIONS(s),
    };
    int npos = 0;
    int rc = cli_parse_args(self, argc, argv, opts, sizeof opts / sizeof opts[0], 1, 1, &npos);
    if (rc >= 0) return rc;
    if ((rc = cli_list_arg(&policy_arg))) return rc;
    const char* path = argv[0];
    if (!out_path) return cli_usage_error(self, "-o OUT.svg is required");
    ics_sim_policy policies[MAX_POLICIES];
    size_t npol = 0;
    if ((rc = parse_policies(policies, &npol, self,
                             policy_arg ? policy_arg : "icsched,fifo,upward-rank,dask-like,random")) != 0)
        return rc;

    sim_input in;
    rc = sim_load(&in, self, path, format, &s, 8, 20);
    const ics_dag* dag = in.dag;
    ics_simulate_options o = in.o;
    const double* durations = in.durations;
    const char* used = in.used;
    const uint32_t n = in.n;

    /* E(t) of each policy's ranking played one task at a time, and the makespans of its runs. */
    uint32_t* curves = NULL;
    double* makespans = NULL;
    ics_simulation* sim = NULL;
    if (rc == 0) {
        curves = malloc((size_t)npol * ((size_t)n + 1) * sizeof *curves);
        makespans = malloc((size_t)npol * o.runs * sizeof *makespans);
        if (!curves || !makespans) rc = cli_fail("out of memory");
    }
    cli_u32s order = {NULL, 0, 0};
    for (size_t k = 0; rc == 0 && k < npol; ++k) {
        ics_status st;
        CLI_FETCH(st, order,
                  ics_sim_ranking(order.v, order.cap, &order.len, dag, durations, durations ? n : 0, policies[k], o.seed));
        ics_profile* prof = NULL;
        if (st == ICS_OK) st = ics_profile_evaluate(&prof, dag, order.v, order.len);
        size_t got = 0;
        if (st == ICS_OK) st = ics_profile_eligible(curves + k * ((size_t)n + 1), (size_t)n + 1, &got, prof);
        ics_profile_destroy(prof);
        if (st != ICS_OK) {
            rc = cli_fail_status(st, path);
            break;
        }
        if ((rc = simulate_policy(&sim, dag, durations, n, &o, policies[k], path)) != 0) break;
        for (uint32_t i = 0; i < o.runs && st == ICS_OK; ++i) {
            ics_sim_run r;
            st = ics_simulation_run(&r, sim, i);
            makespans[k * o.runs + i] = r.makespan;
        }
        ics_simulation_destroy(sim);
        sim = NULL;
        if (st != ICS_OK) rc = cli_fail_status(st, path);
    }
    cli_u32s_free(&order);

    if (rc == 0) {
        /* Write to OUT.tmp, then rename: no half-written picture is left behind. */
        size_t len = strlen(out_path);
        char* tmp = malloc(len + 5);
        if (!tmp) rc = cli_fail("out of memory");
        svg sv = {NULL, 0};
        if (rc == 0) {
            memcpy(tmp, out_path, len);
            memcpy(tmp + len, ".tmp", 5);
            sv.f = fopen(tmp, "w");
            if (!sv.f) rc = cli_fail("%s: cannot write: %s", out_path, strerror(errno));
        }
        if (rc == 0) {
            const int W = 900, H = 760, L = 70, R = 180, T = 50, PH = 300, GAP = 90;
            const int pw = W - L - R;
            uint32_t emax = 1;
            for (size_t i = 0; i < npol * ((size_t)n + 1); ++i)
                if (curves[i] > emax) emax = curves[i];
            svg_printf(&sv,
                       "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                       "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
                       "font-family=\"sans-serif\" font-size=\"12\">\n"
                       "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n",
                       W, H, W, H);
            svg_printf(&sv, "<text x=\"%d\" y=\"24\" font-size=\"16\" font-weight=\"bold\">", L);
            svg_text(&sv, title ? title : path);
            svg_printf(&sv, "</text>\n");
            /* Panel 1: E(t). */
            svg_printf(&sv, "<g id=\"eligible\">\n<text x=\"%d\" y=\"%d\">ELIGIBLE tasks E(t) after t tasks "
                            "(each policy's order, one task at a time)</text>\n",
                       L, T + 4);
            int y0 = T + 20;
            double ystep = nice_step(emax, 5), xstep = nice_step(n, 8);
            for (double v = 0; v <= emax + 1e-9; v += ystep) {
                double y = y0 + PH - v / emax * PH;
                svg_printf(&sv, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#ddd\"/>"
                                "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%g</text>\n",
                           L, y, L + pw, y, L - 6, y + 4, v);
            }
            for (double v = 0; v <= n + 1e-9; v += xstep) {
                double x = L + (n ? v / n : 0) * pw;
                svg_printf(&sv, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%g</text>\n", x, y0 + PH + 16, v);
            }
            svg_printf(&sv, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">t (tasks executed)</text>\n", L + pw / 2,
                       y0 + PH + 34);
            svg_printf(&sv, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"#333\"/>\n", L,
                       y0, pw, PH);
            /* At most ~2 points per pixel column: big dags stay small files. */
            size_t stride = n / (2 * (size_t)pw) + 1;
            /* Drawn last-first so the first policy is on top; dashes tell overlapping
               curves apart, and the legend names the curves that coincide. */
            static const char* const dashes[] = {"", "7,3", "2,3", "9,3,2,3", "4,4", "12,4"};
            for (size_t j = npol; j-- > 0;) {
                const size_t k = j;
                const char* name = ics_sim_policy_name(policies[k]);
                svg_printf(&sv, "<polyline class=\"series\" data-policy=\"%s\" fill=\"none\" stroke=\"%s\" "
                                "stroke-width=\"%s\" stroke-dasharray=\"%s\" points=\"",
                           name, palette[k % 10], k == 0 ? "2.5" : "1.5", dashes[k % 6]);
                const uint32_t* c = curves + k * ((size_t)n + 1);
                for (size_t t = 0; t <= n; t += stride) {
                    svg_printf(&sv, "%.1f,%.1f ", L + (n ? (double)t / n : 0) * pw, y0 + PH - (double)c[t] / emax * PH);
                    if (t + stride > n && t != n) t = n - stride; /* end on t = n */
                }
                svg_printf(&sv, "\"/>\n");
            }
            for (size_t k = 0; k < npol; ++k) {
                const char* name = ics_sim_policy_name(policies[k]);
                const uint32_t* c = curves + k * ((size_t)n + 1);
                svg_printf(&sv, "<text x=\"%d\" y=\"%d\" fill=\"%s\">", L + pw + 12, y0 + 14 + (int)k * 18,
                           palette[k % 10]);
                svg_text(&sv, name);
                for (size_t e = 0; e < k; ++e)
                    if (memcmp(c, curves + e * ((size_t)n + 1), ((size_t)n + 1) * sizeof *c) == 0) {
                        svg_printf(&sv, " (= ");
                        svg_text(&sv, ics_sim_policy_name(policies[e]));
                        svg_printf(&sv, ")");
                        break;
                    }
                svg_printf(&sv, "</text>\n");
            }
            svg_printf(&sv, "</g>\n");
            /* Panel 2: makespan distributions. */
            int y1 = y0 + PH + GAP, bh = 250;
            double lo = makespans[0], hi = makespans[0];
            for (size_t i = 0; i < npol * o.runs; ++i) {
                if (makespans[i] < lo) lo = makespans[i];
                if (makespans[i] > hi) hi = makespans[i];
            }
            double span = hi - lo > 0 ? hi - lo : (hi > 0 ? hi * 0.1 : 1);
            lo -= span * 0.05;
            hi += span * 0.05;
            svg_printf(&sv, "<g id=\"makespan\">\n<text x=\"%d\" y=\"%d\">Makespan over %u runs: %u workers, speeds %s, "
                            "%s, durations %s (box: quartiles, line: median, whiskers: min-max)</text>\n",
                       L, y1 - 12, o.runs, o.workers, ics_sim_speeds_name(o.speeds),
                       ics_sim_availability_name(o.availability), used);
            double step = nice_step(hi - lo, 5);
            for (double v = ceil(lo / step) * step; v <= hi; v += step) {
                double y = y1 + bh - (v - lo) / (hi - lo) * bh;
                svg_printf(&sv, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#ddd\"/>"
                                "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%g</text>\n",
                           L, y, L + pw, y, L - 6, y + 4, v);
            }
            svg_printf(&sv, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"#333\"/>\n", L,
                       y1, pw, bh);
            double slot = (double)pw / (double)npol;
            double* sorted = malloc(o.runs * sizeof *sorted);
            for (size_t k = 0; sorted && k < npol; ++k) {
                memcpy(sorted, makespans + k * o.runs, o.runs * sizeof *sorted);
                qsort(sorted, o.runs, sizeof *sorted, cmp_double);
                double q[5] = {sorted[0], quantile(sorted, o.runs, 0.25), quantile(sorted, o.runs, 0.5),
                               quantile(sorted, o.runs, 0.75), sorted[o.runs - 1]};
                double ys[5];
                for (int i = 0; i < 5; ++i) ys[i] = y1 + bh - (q[i] - lo) / (hi - lo) * bh;
                double cx = L + slot * ((double)k + 0.5), w = slot * 0.4 < 40 ? slot * 0.4 : 40;
                const char* name = ics_sim_policy_name(policies[k]);
                const char* col = palette[k % 10];
                svg_printf(&sv, "<g class=\"box\" data-policy=\"%s\" data-min=\"%.10g\" data-median=\"%.10g\" "
                                "data-max=\"%.10g\">",
                           name, q[0], q[2], q[4]);
                svg_printf(&sv, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>", cx, ys[0], cx,
                           ys[4], col);
                svg_printf(&sv, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\" "
                                "fill-opacity=\"0.25\" stroke=\"%s\"/>",
                           cx - w / 2, ys[3], w, ys[1] - ys[3] > 0.5 ? ys[1] - ys[3] : 0.5, col, col);
                svg_printf(&sv, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"2\"/>",
                           cx - w / 2, ys[2], cx + w / 2, ys[2], col);
                svg_printf(&sv, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\" fill=\"%s\">", cx, y1 + bh + 16, col);
                svg_text(&sv, name);
                svg_printf(&sv, "</text></g>\n");
            }
            free(sorted);
            svg_printf(&sv, "</g>\n</svg>\n");
            if (fclose(sv.f) != 0) sv.failed = 1;
            if (sv.failed) {
                remove(tmp);
                rc = cli_fail("%s: cannot write", out_path);
            } else if (rename(tmp, out_path) != 0) {
                remove(tmp);
                rc = cli_fail("%s: cannot write: %s", out_path, strerror(errno));
            }
        }
        free(tmp);
    }
    free(curves);
    free(makespans);
    sim_input_free(&in);
    return rc;
}

const cli_command cli_cmd_plot = {
    "plot",
    "draw E(t) curves and makespan distributions of several policies (SVG)",
    "usage: ics plot FILE -o OUT.svg [--policies P1,P2,...] [--title T] [--workers W]\n"
    "                [--runs R] [simulation options of 'ics simulate'] [--format F]\n"
    "\n"
    "Writes one SVG picture, readable in a browser: on top, E(t) of each\n"
    "policy's order played one task at a time; below, the distribution of the\n"
    "makespan of R simulated runs per policy (box plots; the same seeds for\n"
    "every policy).\n"
    "\n"
    "  FILE                the workflow file; '-' reads standard input\n"
    "  -o, --output OUT    the SVG file (written to OUT.tmp, then renamed)\n"
    "  --policies P,...    default icsched,fifo,upward-rank,dask-like,random\n"
    "  --title T           the picture's title (default: FILE)\n" SIM_SETUP_HELP,
    run_plot,
};
