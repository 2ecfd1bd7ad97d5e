/* ics — subcommands that describe a dag: info. */
#include "cli.h"

static int run_info(const cli_command* self, int argc, char** argv) {
    const char* format = NULL;
    int json = 0;
    const cli_option opts[] = {
        {"--format", NULL, &format, NULL},
        {"--json", NULL, NULL, &json},
    };
    int npos = 0;
    int rc = cli_parse_args(self, argc, argv, opts, sizeof opts / sizeof opts[0], 1, 1, &npos);
    if (rc >= 0) return rc;
    const char* path = argv[0];

    ics_dag* dag = NULL;
    if ((rc = cli_load_dag(&dag, self, path, format)) != 0) return rc;
    ics_dag_info info = ICS_DAG_INFO_INIT;
    ics_format source = ICS_FORMAT_AUTO;
    ics_status st = ics_dag_info_get(&info, dag);
    if (st == ICS_OK) st = ics_dag_source_format(&source, dag);
    ics_dag_destroy(dag);
    if (st != ICS_OK) return cli_fail_status(st, path);

    const struct {
        const char* key;   /* JSON key */
        const char* label; /* text label */
        uint64_t value;
    } rows[] = {
        {"nodes", "nodes", info.nodes},
        {"arcs", "arcs", info.arcs},
        {"duplicate_arcs", "duplicate arcs", info.duplicate_arcs},
        {"sources", "sources", info.sources},
        {"sinks", "sinks", info.sinks},
        {"levels", "levels", info.levels},
        {"max_level_width", "max level width", info.max_level_width},
    };
    const size_t nrows = sizeof rows / sizeof rows[0];
    if (json) {
        json_object obj;
        json_begin(&obj);
        json_string(&obj, "file", path);
        json_string(&obj, "format", ics_format_name(source));
        for (size_t k = 0; k < nrows; ++k) json_u64(&obj, rows[k].key, rows[k].value);
        json_end(&obj);
        return CLI_EXIT_OK;
    }
    out_label("file");
    out_str(path);
    out_char('\n');
    out_label("format");
    out_str(ics_format_name(source));
    out_char('\n');
    for (size_t k = 0; k < nrows; ++k) {
        out_label(rows[k].label);
        out_u64(rows[k].value);
        out_char('\n');
    }
    return CLI_EXIT_OK;
}

const cli_command cli_cmd_info = {
    "info",
    "summarize a dag: nodes, arcs, sources, sinks, levels",
    "usage: ics info FILE [--format F] [--json]\n"
    "\n"
    "Reads a workflow file and prints its size and shape: nodes, distinct arcs,\n"
    "duplicate arcs (merged while reading), sources, sinks, levels (the longest\n"
    "path, counted in nodes) and the most nodes on one level.\n"
    "\n"
    "  FILE         the workflow file; '-' reads standard input\n"
    "  --format F   input format: auto (default: detect), edges, dot, dagman,\n"
    "               json (WfFormat), dax, stg, adjacency-json\n"
    "  --json       print one JSON object with the keys file, format, nodes, arcs,\n"
    "               duplicate_arcs, sources, sinks, levels, max_level_width\n",
    run_info,
};
