/* ics — priorities: the schedule's order as priorities in the workflow
 * system's own file (DAGMan, Pegasus DAX, WfFormat) or as a table (Airflow,
 * CSV, JSON). */
#include "cli.h"

#include <string.h>

static int ends_with(const char* s, const char* suffix) {
    size_t n = strlen(s), k = strlen(suffix);
    return n >= k && strcmp(s + n - k, suffix) == 0;
}

static int run_priorities(const cli_command* self, int argc, char** argv) {
    const char *format = NULL, *to = NULL, *mode = NULL, *out_path = NULL, *objective = NULL;
    int compat = 0;
    const cli_option opts[] = {
        {"--to", NULL, &to, NULL},
        {"--mode", NULL, &mode, NULL},
        {"--prio-compat", NULL, NULL, &compat},
        {"--output", "-o", &out_path, NULL},
        {"--objective", NULL, &objective, NULL},
        {"--format", NULL, &format, NULL},
    };
    int npos = 0;
    cli_take_progress_flags(&argc, argv);
    int rc = cli_parse_args(self, argc, argv, opts, sizeof opts / sizeof opts[0], 1, 1, &npos);
    if (rc >= 0) return rc;
    const char* path = argv[0];

    ics_priority_options po = ICS_PRIORITY_OPTIONS_INIT;
    if (!to) return cli_usage_error(self, "missing --to dagman|dax|wfformat|airflow|csv");
    if (ics_priority_target_from_name(&po.target, to) != ICS_OK)
        return cli_usage_error(self, "unknown --to '%s' (dagman, dax, wfformat, airflow, csv)", to);
    /* The file name picks the variant: a Python module for Airflow, a JSON table. */
    const int to_file = out_path && strcmp(out_path, "-") != 0;
    if (to_file && po.target == ICS_PRIORITIES_AIRFLOW_JSON && ends_with(out_path, ".py"))
        po.target = ICS_PRIORITIES_AIRFLOW_PYTHON;
    if (to_file && po.target == ICS_PRIORITIES_CSV && ends_with(out_path, ".json")) po.target = ICS_PRIORITIES_TABLE_JSON;
    if (mode && ics_priority_mode_from_name(&po.mode, mode) != ICS_OK)
        return cli_usage_error(self, "unknown --mode '%s' (replace, keep, add)", mode);
    if (compat && po.target != ICS_PRIORITIES_DAGMAN)
        return cli_usage_error(self, "--prio-compat is for --to dagman");
    po.prio_compat = compat;
    ics_schedule_options options = ICS_SCHEDULE_OPTIONS_INIT;
    if (objective && ics_objective_from_name(&options.objective, objective) != ICS_OK)
        return cli_usage_error(self, "unknown objective '%s' (eligibility, memory)", objective);

    ics_dag* dag = NULL;
    cli_keep_source(1); /* the file's text is what dagman, dax and wfformat rewrite */
    if ((rc = cli_load_dag(&dag, self, path, format)) != 0) return rc;
    ics_schedule_result* res = NULL;
    cli_u32s order = {NULL, 0, 0};
    cli_progress_begin(&options, NULL);
    ics_status st = cli_progress_end(&options, ics_schedule(&res, dag, &options));
    if (st == ICS_OK) CLI_FETCH(st, order, ics_schedule_result_order(order.v, order.cap, &order.len, res));
    if (st == ICS_OK && to_file) {
        st = ics_dag_write_priorities_file(dag, out_path, order.v, order.len, &po);
    } else if (st == ICS_OK) {
        char* text = NULL;
        size_t len = 0;
        st = ics_dag_write_priorities_string(&text, &len, dag, order.v, order.len, &po);
        if (st == ICS_OK) out_mem(text, len);
        ics_free(text);
    }
    /* The library's messages name the file already. */
    rc = st == ICS_OK                                   ? CLI_EXIT_OK
         : st == ICS_ERR_CANCELLED && cli_interrupted() ? cli_fail("cancelled")
                                                        : cli_fail_status(st, NULL);
    cli_u32s_free(&order);
    ics_schedule_result_destroy(res);
    ics_dag_destroy(dag);
    return rc;
}

const cli_command cli_cmd_priorities = {
    "priorities",
    "write the schedule as priorities for DAGMan, Pegasus, WfCommons, Airflow",
    "usage: ics priorities FILE --to dagman|dax|wfformat|airflow|csv\n"
    "                           [--mode replace|keep|add] [--prio-compat] [-o OUT]\n"
    "                           [--objective eligibility|memory] [--format F]\n"
    "                           [--progress | --no-progress]\n"
    "\n"
    "Schedules the dag as 'ics schedule' does and gives each task a priority from\n"
    "the order: the first task n, the last 1 (DAGMan, Pegasus/HTCondor and Airflow\n"
    "start higher priorities first). dagman, dax and wfformat write the file FILE\n"
    "was read from with priorities in it and every other byte unchanged\n"
    "(comments, spacing, case, line endings, unknown fields).\n"
    "\n"
    "  FILE              the workflow file; '-' reads standard input\n"
    "  --to T            dagman    PRIORITY lines in a DAGMan file (not for FINAL\n"
    "                              and SERVICE nodes, nor nodes of a SPLICE, which\n"
    "                              only the splice's own file can name)\n"
    "                    dax       <profile namespace=\"condor\" key=\"priority\"> in\n"
    "                              each job of a Pegasus DAX\n"
    "                    wfformat  a \"priority\" field in each task of a WfFormat\n"
    "                              file (other inputs: a new WfFormat 1.5 file)\n"
    "                    airflow   {\"weight_rule\": \"absolute\", \"priority_weight\":\n"
    "                              {task_id: weight}}; with -o X.py a Python module\n"
    "                              (WEIGHT_RULE, PRIORITY_WEIGHTS) to import\n"
    "                    csv       node,rank,priority; with -o X.json a JSON array\n"
    "                              of {\"node\", \"rank\", \"priority\"}\n"
    "                    (also airflow-python, table-json by name)\n"
    "  --mode M          where the file already gives a task a priority:\n"
    "                    replace (default) ours only, the user's removed;\n"
    "                    keep      a task's own priority stays and wins, the others\n"
    "                              get ours (DAGMan: PRIORITY ALL_NODES stays but is\n"
    "                              no task's own);\n"
    "                    add       user x (n+1) + ours: the user's tiers stay ordered,\n"
    "                              ours orders the tasks of each tier\n"
    "  --prio-compat     dagman: write VARS <node> JOBPRIORITY=\"<p>\" lines (as prio\n"
    "                    did) instead of PRIORITY, for submit files that say\n"
    "                    priority = $(JOBPRIORITY)\n"
    "  -o, --output OUT  write OUT (through a temporary file: on an error no file\n"
    "                    is left and an existing OUT is unchanged); default: stdout\n"
    "  --objective O     the schedule's objective: eligibility (default) or memory\n"
    "  --format F        input format: auto (default: detect), edges, dot, dagman,\n"
    "                    json (WfFormat), dax, stg, adjacency-json\n"
    "  --progress        the scheduling stage and elapsed seconds on one stderr\n"
    "                    line, cleared at the end (default: when stderr is a\n"
    "                    terminal); --no-progress: never. Ctrl-C cancels cleanly\n",
    run_priorities,
};
