/* ics — subcommands that rewrite a dag file: convert. */
#include "cli.h"

static int run_convert(const cli_command* self, int argc, char** argv) {
    const char* format = NULL;
    cli_output output = {NULL, NULL, ICS_FORMAT_EDGES};
    const cli_option opts[] = {
        {"--format", NULL, &format, NULL},
        CLI_OUTPUT_OPTIONS(output),
    };
    int npos = 0;
    int rc = cli_parse_args(self, argc, argv, opts, sizeof opts / sizeof opts[0], 1, 1, &npos);
    if (rc >= 0) return rc;
    if ((rc = cli_output_check(&output, self, NULL)) != 0) return rc;
    ics_dag* dag = NULL;
    if ((rc = cli_load_dag(&dag, self, argv[0], format)) != 0) return rc;
    return cli_output_dag(&output, dag);
}

const cli_command cli_cmd_convert = {
    "convert",
    "convert a dag file to edges, dot, json, dagman or dax",
    "usage: ics convert FILE --to edges|dot|json|dagman|dax [--format F] [-o OUT]\n"
    "\n"
    "Reads a workflow file and writes the same dag in another format.\n"
    "\n"
    "  FILE              the workflow file; '-' reads standard input\n"
    "  --to T            output format: edges (\"u v\" per line), dot (Graphviz),\n"
    "                    json (WfFormat), dagman (HTCondor DAGMan: a JOB per task,\n"
    "                    its submit file <task>.sub), dax (Pegasus DAX 3.6),\n"
    "                    adjacency-json\n"
    "  --format F        input format: auto (default: detect), edges, dot, dagman,\n"
    "                    json (WfFormat), dax, stg, adjacency-json\n"
    "  -o, --output OUT  write to OUT instead of standard output\n",
    run_convert,
};
