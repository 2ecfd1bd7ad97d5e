/*
 * ics — the icsched command-line tool. Shared declarations.
 *
 * The tool uses only the public C API (<ics/ics.h>). Each subcommand is a
 * `cli_command` defined in the cmd_*.c file of its group and listed in the
 * table of main.c. Helpers shared by all subcommands:
 *   cli_args.c  option parsing, strict number parsing
 *   cli_out.c   buffered stdout, JSON strings, error lines on stderr
 *   cli_dag.c   loading a dag (--format, '-' = stdin), writing one (--to, -o),
 *               node names, growable arrays for the library's lists
 *
 * To add a subcommand: write its run function and `const cli_command` in the
 * cmd_*.c file of its group (a new group is a new file, listed in
 * examples/meson.build), declare it below and add it to `commands` in main.c.
 *
 * Exit status: CLI_EXIT_OK, CLI_EXIT_FAIL (the work failed: file, data,
 * library), CLI_EXIT_USAGE (the command line is wrong). Every error prints
 * exactly one line "ics: <message>" on stderr.
 */
#ifndef ICS_CLI_H
#define ICS_CLI_H

#include <stddef.h>
#include <stdint.h>

#include <ics/ics.h>

enum { CLI_EXIT_OK = 0, CLI_EXIT_FAIL = 1, CLI_EXIT_USAGE = 2 };

/* ------------------------------------------------------------ subcommands */

typedef struct cli_command {
    const char* name;
    const char* summary; /* one line for `ics help` */
    const char* usage;   /* full text for `ics NAME --help`; starts with "usage: " */
    /* argv[0] is the subcommand name; returns an exit status. */
    int (*run)(const struct cli_command* self, int argc, char** argv);
} cli_command;

extern const cli_command cli_cmd_info;     /* cmd_inspect.c */
extern const cli_command cli_cmd_profile;  /* cmd_schedule.c */
extern const cli_command cli_cmd_schedule; /* cmd_schedule.c */
extern const cli_command cli_cmd_compare;  /* cmd_schedule.c */
extern const cli_command cli_cmd_sweep;    /* cmd_sweep.c */
extern const cli_command cli_cmd_priority; /* cmd_sweep.c */
extern const cli_command cli_cmd_skeleton; /* cmd_structure.c */
extern const cli_command cli_cmd_superdag; /* cmd_structure.c */
extern const cli_command cli_cmd_convert;  /* cmd_convert.c */
extern const cli_command cli_cmd_generate; /* cmd_generate.c */
extern const cli_command cli_cmd_sum;      /* cmd_algebra.c */
extern const cli_command cli_cmd_compose;  /* cmd_algebra.c */
extern const cli_command cli_cmd_induced;  /* cmd_algebra.c */
extern const cli_command cli_cmd_cluster;  /* cmd_cluster.c */
extern const cli_command cli_cmd_batch;    /* cmd_batch.c */
extern const cli_command cli_cmd_priorities; /* cmd_priorities.c */
extern const cli_command cli_cmd_dispatch; /* cmd_dispatch.c */
extern const cli_command cli_cmd_replay;   /* cmd_dispatch.c */
extern const cli_command cli_cmd_simulate; /* cmd_simulate.c */
extern const cli_command cli_cmd_plot;     /* cmd_simulate.c */

/* ------------------------------------------------------------ arguments */

/* One option of a subcommand. `value` receives the argument of an option
 * that takes one (NULL for a flag); `flag` is set to 1 for a flag. */
typedef struct cli_option {
    const char* name;  /* "--json" */
    const char* alias; /* "-o", or NULL */
    const char** value;
    int* flag;
} cli_option;

/* Parses argv[1..argc) of `cmd`: options (`--name VALUE`, `--name=VALUE`,
 * `-o VALUE`), `--help`/`-h`, and positionals, which are moved in order to
 * the front of argv (argv[0..*npos)). "-" alone is a positional; "--" ends
 * the options. Each positional count is checked against [min_pos, max_pos]
 * (max_pos < 0: unbounded).
 * Returns -1 to go on, or an exit status to return at once (help printed:
 * CLI_EXIT_OK; error printed: CLI_EXIT_USAGE). */
int cli_parse_args(const cli_command* cmd, int argc, char** argv, const cli_option* opts, size_t nopts,
                   int min_pos, int max_pos, int* npos);

/* Strict numbers: decimal digits only, the whole string, no sign, no
 * overflow. `what` names the argument in the error. Return 0, or
 * CLI_EXIT_USAGE after printing the error. */
int cli_parse_u32(uint32_t* out, const cli_command* cmd, const char* what, const char* text);
int cli_parse_u64(uint64_t* out, const cli_command* cmd, const char* what, const char* text);
/* A finite plain decimal number >= lo. */
int cli_parse_number(double* out, const cli_command* cmd, const char* what, const char* text, double lo);
/* A probability: a finite decimal number in [0, 1]. */
int cli_parse_probability(double* out, const cli_command* cmd, const char* what, const char* text);

/* @FILE for list arguments (every list a command takes, so that lists too
 * long for a command line fit). The file's lines are the entries: blank
 * lines and lines starting with '#' are skipped, spaces around a line are
 * dropped; "@-" reads standard input.
 * cli_list_arg: an option's comma-separated list given as "@FILE" becomes
 * the file's lines joined by commas (a line may itself be a comma list).
 * cli_list_args: each positional argv[first..*argc) given as "@FILE" is
 * replaced by the file's lines, one argument each (*argv then points to a new
 * array). Texts stay allocated until exit. Return 0, or CLI_EXIT_FAIL after
 * printing the error (unreadable file; an empty list for positionals). */
int cli_list_arg(const char** value);
int cli_list_args(int* argc, char*** argv, int first);

/* ------------------------------------------------------------ output */

/* Buffered standard output (the only way subcommands write to stdout). */
void out_mem(const char* data, size_t len);
void out_str(const char* s);
void out_char(char c);
void out_u64(uint64_t v);
/* v[0..n) separated by `sep` ("1 2 3" with " "). */
void out_u32_list(const uint32_t* v, size_t n, const char* sep);
/* v[0..n) as a JSON array: [1, 2, 3]. */
void out_json_u32_array(const uint32_t* v, size_t n);
/* "LABEL:" padded with spaces to a fixed column, for text reports. */
void out_label(const char* label);
/* A whole text-report line: out_label(label), text, newline. */
void out_row(const char* label, const char* text);
/* Text reports show lists of more than CLI_SHORT_LIST entries cut, unless
 * --full; out_cut(hidden) ends a cut list: " ... (N more; --full prints all)". */
enum { CLI_SHORT_LIST = 50 };
void out_cut(size_t hidden);
/* `s` as a JSON string literal, quotes included. Invalid UTF-8 bytes become
 * U+FFFD so that the output is always valid JSON. */
void out_json_string(const char* s);
/* Flushes stdout; reports a write error (one line) and returns CLI_EXIT_FAIL,
 * else returns `status`. Call once, at the end of main. */
int out_finish(int status);

/* A JSON object written on one line: {"key": value, ...}\n */
typedef struct json_object {
    int members;
} json_object;
void json_begin(json_object* obj);
void json_key(json_object* obj, const char* key); /* then write the value */
void json_u64(json_object* obj, const char* key, uint64_t value);
void json_string(json_object* obj, const char* key, const char* value);
void json_bool(json_object* obj, const char* key, int value);
void json_end(json_object* obj);
/* Ends an object nested in another one (no newline). */
void json_close(json_object* obj);

/* Error lines "ics: ..." on stderr (newlines in messages become spaces). */
#if defined(__GNUC__)
#  define CLI_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#  define CLI_PRINTF(f, a)
#endif
/* Prints "ics: CMD: MESSAGE (see 'ics CMD --help')"; returns CLI_EXIT_USAGE. */
int cli_usage_error(const cli_command* cmd, const char* fmt, ...) CLI_PRINTF(2, 3);
/* Prints "ics: MESSAGE"; returns CLI_EXIT_FAIL. */
int cli_fail(const char* fmt, ...) CLI_PRINTF(1, 2);
/* Prints "ics: [CONTEXT: ]<ics_last_error_message()>" (or the status text
 * when the library gave no message); returns CLI_EXIT_FAIL. */
int cli_fail_status(ics_status status, const char* context);

/* ------------------------------------------------------------ dags */

/* Reads PATH ("-" = standard input) in format FORMAT_NAME (NULL = detect).
 * Returns 0, or an exit status after printing the error. */
int cli_load_dag(ics_dag** out, const cli_command* cmd, const char* path, const char* format_name);
/* Takes the read flags every command accepts (--max-bytes N, --max-includes N,
 * --max-splices N, --max-nodes N, --max-arcs N, --include-policy P,
 * --base-dir DIR) out of argv[1..argc) for cli_load_dag. Returns -1 when the
 * command goes on, else an exit status (usage error printed). */
int cli_take_read_flags(const cli_command* cmd, int* argc, char** argv);
/* Whether cli_load_dag keeps the file's text (ics_read_options.keep_source):
 * only commands that write priorities back into the file read need it
 * (ics priorities, ics schedule --write-dagman); off by default, so that
 * schedule, info and the others take less memory (README, "Formats"). */
void cli_keep_source(int keep);

/* Where a subcommand writes a dag: options --to FORMAT and -o/--output OUT.
 * List CLI_OUTPUT_OPTIONS(out) among the subcommand's options. */
typedef struct cli_output {
    const char* to;   /* edges, dot, json (WfFormat), dagman, dax, adjacency-json; NULL: the default */
    const char* path; /* NULL or "-": standard output */
    ics_format format;
} cli_output;
#define CLI_OUTPUT_OPTIONS(out) {"--to", NULL, &(out).to, NULL}, {"--output", "-o", &(out).path, NULL}
/* Checks --to (required when default_to is NULL) and sets out->format.
 * 0 or CLI_EXIT_USAGE (error printed). */
int cli_output_check(cli_output* out, const cli_command* cmd, const char* default_to);
/* Writes `dag` as `out` says and destroys it. Returns an exit status. */
int cli_output_dag(const cli_output* out, ics_dag* dag);

/* Writes the names of the nodes ids[0..n): separated by spaces, or with
 * `json` as a JSON array of strings. ICS_OK or the status of the failing
 * call (nothing printed about it). */
ics_status out_node_names(const ics_dag* dag, const uint32_t* ids, size_t n, int json);

/* Reads a whole file ("-" = stdin) into a NUL-terminated buffer to free().
 * Returns 0, or CLI_EXIT_FAIL after printing the error. */
int cli_read_file(char** out, size_t* out_len, const char* path);
/* The same, failing past max_bytes bytes (the read limit of a dag on stdin). */
int cli_read_file_max(char** out, size_t* out_len, const char* path, size_t max_bytes);

/* ------------------------------------------------------------ arrays */

/* A growable array of uint32_t, to receive the library's lists. */
typedef struct cli_u32s {
    uint32_t* v;
    size_t len; /* entries filled by the last CLI_FETCH */
    size_t cap;
} cli_u32s;
/* Makes room for n entries (at least 16: a fetch never becomes a size query).
 * ICS_OK or ICS_ERR_NOMEM. */
ics_status cli_u32s_reserve(cli_u32s* a, size_t n);
void cli_u32s_free(cli_u32s* a);

/* Fills the cli_u32s A from a list function of the C API: CALL is the call,
 * written with (A).v, (A).cap, &(A).len as its first three arguments. It is
 * made again once with a bigger array when the first one said
 * ICS_ERR_BUFFER_TOO_SMALL. ST receives the status. */
#define CLI_FETCH(st, a, call)                                                   \
    do {                                                                         \
        (st) = cli_u32s_reserve(&(a), 16);                                       \
        if ((st) == ICS_OK) (st) = (call);                                       \
        if ((st) == ICS_ERR_BUFFER_TOO_SMALL) {                                  \
            (st) = cli_u32s_reserve(&(a), (a).len);                              \
            if ((st) == ICS_OK) (st) = (call);                                   \
        }                                                                        \
    } while (0)

/* ------------------------------------------------------------ schedules */

/* Writes block `block` of a schedule of `dag` as a JSON object with the keys
 * index, shape, kind, proven, sources (names, in the order of the block's
 * schedule), sinks (names) and profile. `buf` is scratch space. Returns
 * ICS_OK or the status of the failing call. (cmd_schedule.c) */
ics_status cli_write_block_json(const ics_dag* dag, const ics_schedule_result* res, uint32_t block, cli_u32s* buf);

/* ------------------------------------------------------------ progress
 * Long scheduling calls show one line on stderr ("ics: FILE: STAGE 2/5 (40%)
 * 3.2 s"), redrawn at each stage the library reports and cleared at the end:
 * when stderr is a terminal, or always with --progress; never with
 * --no-progress (cli_progress.c). SIGINT during such a call cancels it
 * cleanly through the callback (ICS_ERR_CANCELLED; a second one kills).
 * cli_take_progress_flags takes --progress / --no-progress out of
 * argv[1..argc) (before cli_parse_args); returns -1. cli_progress_begin
 * sets options->progress for one call (label: the file, or NULL);
 * cli_progress_end clears the line, restores SIGINT and returns the call's
 * status (ICS_ERR_CANCELLED when interrupted). cli_interrupted: SIGINT came;
 * the command then prints "ics: cancelled" and stops. */
int cli_take_progress_flags(int* argc, char** argv);
void cli_progress_begin(ics_schedule_options* options, const char* label);
ics_status cli_progress_end(ics_schedule_options* options, ics_status status);
int cli_interrupted(void);

#endif /* ICS_CLI_H */
