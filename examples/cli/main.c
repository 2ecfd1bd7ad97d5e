/* ics — the icsched command-line tool: the table of subcommands and dispatch. */
#include "cli.h"

#include <string.h>

static int run_help(const cli_command* self, int argc, char** argv);
static int run_version(const cli_command* self, int argc, char** argv);

static const cli_command cmd_version = {
    "version",
    "print the versions of ics and of the icsched library",
    "usage: ics version\n"
    "\n"
    "Prints the version ics was built with and that of the library it runs with.\n",
    run_version,
};

static const cli_command cmd_help = {
    "help",
    "print this help, or a command's help: ics help COMMAND",
    "usage: ics help [COMMAND]\n"
    "\n"
    "Prints the list of commands, or the usage of COMMAND (like ics COMMAND --help).\n",
    run_help,
};

/* Every subcommand, in the order `ics help` lists them. */
static const cli_command* const commands[] = {
    &cli_cmd_info,
    &cli_cmd_profile,
    &cli_cmd_schedule,
    &cli_cmd_compare,
    &cli_cmd_priorities,
    &cli_cmd_sweep,
    &cli_cmd_priority,
    &cli_cmd_skeleton,
    &cli_cmd_superdag,
    &cli_cmd_convert,
    &cli_cmd_generate,
    &cli_cmd_sum,
    &cli_cmd_compose,
    &cli_cmd_induced,
    &cli_cmd_cluster,
    &cli_cmd_batch,
    &cli_cmd_dispatch,
    &cli_cmd_replay,
    &cli_cmd_simulate,
    &cli_cmd_plot,
    &cmd_version,
    &cmd_help,
};
enum { COMMAND_COUNT = sizeof commands / sizeof commands[0] };

static const cli_command* find_command(const char* name) {
    for (size_t k = 0; k < COMMAND_COUNT; ++k)
        if (strcmp(commands[k]->name, name) == 0) return commands[k];
    return NULL;
}

static void print_overview(void) {
    out_str("usage: ics COMMAND [ARGUMENTS...]\n"
            "\n"
            "IC-scheduling of computation dags: inspect and schedule them (for\n"
            "eligibility or memory), compare with the usual policies, decide ▷\n"
            "priorities and sums with IC-Sweep, show their structure, combine, convert\n"
            "and generate them, cut clustered tasks for workers and choose batches,\n"
            "and dispatch tasks to workers at run time through the IC server.\n"
            "\n"
            "Commands:\n");
    for (size_t k = 0; k < COMMAND_COUNT; ++k) {
        size_t len = strlen(commands[k]->name);
        out_str("  ");
        out_str(commands[k]->name);
        do out_char(' ');
        while (++len < 11);
        out_str(commands[k]->summary);
        out_char('\n');
    }
    out_str("\n"
            "FILE arguments are workflow files in any format the library reads (edges,\n"
            "dot, dagman, json (WfFormat), dax, stg, adjacency-json), detected from the\n"
            "name and content unless --format F is given; '-' is standard input.\n"
            "Read limits, for every command reading FILE (README, \"Security and limits\"):\n"
            "  --max-bytes N --max-includes N --max-splices N --max-nodes N --max-arcs N\n"
            "  (defaults 1 GiB, 10000, 10000, 10^7, 10^7 arcs as written), and\n"
            "  --include-policy same-directory-tree|deny|allow with --base-dir DIR: the\n"
            "  files a DAGMan INCLUDE/SPLICE may open (default: the FILE's folder tree;\n"
            "  for '-', the current directory's).\n"
            "Every list argument (--executed, --sizes, --check, --prefixes, --merge,\n"
            "--requests, --policy/--policies, the profiles or files of sweep, the\n"
            "files of sum, the nodes of induced) also takes @FILE: one entry per line,\n"
            "blank lines and '#' lines skipped (@- reads standard input).\n"
            "Exit status: 0 success, 1 failure, 2 usage error; an error is one line\n"
            "\"ics: MESSAGE\" on standard error.\n"
            "Run 'ics COMMAND --help' for the options of a command.\n");
}

static int run_help(const cli_command* self, int argc, char** argv) {
    int npos = 0;
    int rc = cli_parse_args(self, argc, argv, NULL, 0, 0, 1, &npos);
    if (rc >= 0) return rc;
    if (npos == 0) {
        print_overview();
        return CLI_EXIT_OK;
    }
    const cli_command* cmd = find_command(argv[0]);
    if (!cmd) return cli_usage_error(self, "unknown command '%s'", argv[0]);
    out_str(cmd->usage);
    return CLI_EXIT_OK;
}

static int run_version(const cli_command* self, int argc, char** argv) {
    int npos = 0;
    int rc = cli_parse_args(self, argc, argv, NULL, 0, 0, 0, &npos);
    if (rc >= 0) return rc;
    out_str("ics " ICS_VERSION_STRING " (library ");
    out_str(ics_version());
    out_str(")\n");
    return CLI_EXIT_OK;
}

int main(int argc, char** argv) {
    if (argc < 2) return out_finish(cli_usage_error(NULL, "missing command"));
    const char* name = argv[1];
    if (strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0) name = "help";
    else if (strcmp(name, "--version") == 0) name = "version";
    const cli_command* cmd = find_command(name);
    if (!cmd) return out_finish(cli_usage_error(NULL, "unknown command '%s'", argv[1]));
    int sub_argc = argc - 1;
    int rc = cli_take_read_flags(cmd, &sub_argc, argv + 1);
    if (rc >= 0) return out_finish(rc);
    return out_finish(cmd->run(cmd, sub_argc, argv + 1));
}
