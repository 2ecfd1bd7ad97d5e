/* ics — reading and writing dags and files, shared by the subcommands. */
#include "cli.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define STDIN_NAME "standard input"

int cli_read_file(char** out, size_t* out_len, const char* path) {
    return cli_read_file_max(out, out_len, path, SIZE_MAX - 1);
}

int cli_read_file_max(char** out, size_t* out_len, const char* path, size_t max_bytes) {
    int is_stdin = strcmp(path, "-") == 0;
    const char* name = is_stdin ? STDIN_NAME : path;
    FILE* f = is_stdin ? stdin : fopen(path, "rb");
    if (!f) return cli_fail("%s: %s", name, strerror(errno));
    size_t len = 0, cap = 1 << 16;
    char* data = malloc(cap);
    int err = data ? 0 : ENOMEM;
    while (!err) {
        len += fread(data + len, 1, cap - 1 - len, f);
        if (ferror(f)) err = errno ? errno : EIO;
        else if (len > max_bytes) err = EFBIG;
        else if (feof(f)) break;
        else if (len == cap - 1) {
            char* bigger = cap <= SIZE_MAX / 2 ? realloc(data, cap * 2) : NULL;
            if (!bigger) err = ENOMEM;
            else {
                data = bigger;
                cap *= 2;
            }
        }
    }
    if (!is_stdin) fclose(f);
    if (err == EFBIG) {
        free(data);
        return cli_fail("%s: more than %zu bytes: over the read limit max_bytes (raise it with --max-bytes)", name,
                        max_bytes);
    }
    if (err) {
        free(data);
        return cli_fail("%s: %s", name, strerror(err));
    }
    data[len] = '\0';
    *out = data;
    *out_len = len;
    return 0;
}

/* What the reader read past (a missing DAGMan INCLUDE or SPLICE file) goes to
 * stderr as "ics: warning: ..." lines: the command still succeeds, but the
 * user learns that part of the workflow is absent. */
static int cli_loaded(ics_dag* dag, int is_stdin) {
    uint32_t n = 0;
    if (ics_dag_warning_count(&n, dag) != ICS_OK) return 0;
    const char* anon = "<string>"; /* what the C API calls data read from memory */
    for (uint32_t i = 0; i < n; ++i) {
        const char* w = NULL;
        if (ics_dag_warning(&w, dag, i) != ICS_OK) continue;
        if (is_stdin && strncmp(w, anon, strlen(anon)) == 0)
            fprintf(stderr, "ics: warning: " STDIN_NAME "%s\n", w + strlen(anon));
        else
            fprintf(stderr, "ics: warning: %s\n", w);
    }
    return 0;
}

/* Read limits and include policy of every command that reads a dag
 * (--max-bytes, --max-includes, --max-splices, --max-nodes, --max-arcs,
 * --include-policy, --base-dir), taken out of argv by cli_take_read_flags. */
static ics_read_options read_opts = ICS_READ_OPTIONS_INIT;
static int keep_source = 0;

void cli_keep_source(int keep) {
    keep_source = keep;
}

static const struct {
    const char* name;
    uint64_t* value;
} limit_flags[] = {
    {"--max-bytes", &read_opts.max_bytes},     {"--max-includes", &read_opts.max_includes},
    {"--max-splices", &read_opts.max_splices}, {"--max-nodes", &read_opts.max_nodes},
    {"--max-arcs", &read_opts.max_arcs},
};

int cli_take_read_flags(const cli_command* cmd, int* argc, char** argv) {
    int n = 1;
    for (int i = 1; i < *argc; ++i) {
        char* arg = argv[i];
        if (strcmp(arg, "--") == 0) { /* the rest is positional: keep it all */
            while (i < *argc) argv[n++] = argv[i++];
            break;
        }
        const char* eq = strncmp(arg, "--", 2) == 0 ? strchr(arg, '=') : NULL;
        size_t name_len = eq ? (size_t)(eq - arg) : strlen(arg);
        int known = strlen("--include-policy") == name_len && strncmp(arg, "--include-policy", name_len) == 0;
        int base = strlen("--base-dir") == name_len && strncmp(arg, "--base-dir", name_len) == 0;
        uint64_t* limit = NULL;
        for (size_t k = 0; k < sizeof limit_flags / sizeof limit_flags[0]; ++k)
            if (strlen(limit_flags[k].name) == name_len && strncmp(arg, limit_flags[k].name, name_len) == 0)
                limit = limit_flags[k].value, known = 1;
        if (!known && !base) {
            argv[n++] = arg;
            continue;
        }
        const char* value = eq ? eq + 1 : NULL;
        if (!value) {
            if (i + 1 >= *argc) return cli_usage_error(cmd, "option %.*s needs a value", (int)name_len, arg);
            value = argv[++i];
        }
        if (base) {
            read_opts.base_dir = value;
        } else if (limit) {
            int rc = cli_parse_u64(limit, cmd, arg, value);
            if (rc) return rc;
            if (*limit == 0) return cli_usage_error(cmd, "%.*s must be at least 1", (int)name_len, arg);
        } else if (ics_include_policy_from_name(&read_opts.include_policy, value) != ICS_OK) {
            return cli_usage_error(cmd, "--include-policy must be same-directory-tree, deny or allow, not '%s'", value);
        }
    }
    argv[n] = NULL;
    *argc = n;
    return -1;
}

int cli_load_dag(ics_dag** out, const cli_command* cmd, const char* path, const char* format_name) {
    ics_read_options opts = read_opts;
    opts.keep_source = keep_source;
    if (format_name && ics_format_from_name(&opts.format, format_name) != ICS_OK)
        return cli_usage_error(cmd, "unknown format '%s' (auto, edges, dot, dagman, json, dax, stg, adjacency-json)",
                               format_name);
    if (strcmp(path, "-") != 0) {
        ics_status st = ics_dag_read_file(out, path, &opts);
        return st == ICS_OK ? cli_loaded(*out, 0) : cli_fail_status(st, NULL); /* the message names the file */
    }
    char* data = NULL;
    size_t len = 0;
    int rc = cli_read_file_max(&data, &len, path, opts.max_bytes < SIZE_MAX ? (size_t)opts.max_bytes : SIZE_MAX - 1);
    if (rc) return rc;
    /* Standard input has no folder of its own: INCLUDE / SPLICE paths are
     * taken from the current directory, the tree the default policy allows. */
    if (!opts.base_dir) opts.base_dir = ".";
    ics_status st = ics_dag_read_string(out, data, len, &opts);
    free(data);
    if (st == ICS_OK) return cli_loaded(*out, 1);
    /* The C API cannot name the data it reads from memory: its messages say
     * "<string>", which is standard input here. */
    const char* msg = ics_last_error_message();
    const char* anon = "<string>";
    if (strncmp(msg, anon, strlen(anon)) == 0) return cli_fail(STDIN_NAME "%s", msg + strlen(anon));
    return cli_fail_status(st, STDIN_NAME);
}

int cli_output_check(cli_output* out, const cli_command* cmd, const char* default_to) {
    const char* name = out->to ? out->to : default_to;
    if (!name) return cli_usage_error(cmd, "missing --to edges|dot|json|dagman|dax");
    ics_format f = ICS_FORMAT_AUTO;
    if (ics_format_from_name(&f, name) != ICS_OK ||
        (f != ICS_FORMAT_EDGES && f != ICS_FORMAT_DOT && f != ICS_FORMAT_WFFORMAT && f != ICS_FORMAT_DAGMAN &&
         f != ICS_FORMAT_DAX && f != ICS_FORMAT_ADJACENCY_JSON))
        return cli_usage_error(cmd, "--to must be edges, dot, json, dagman, dax or adjacency-json, not '%s'", name);
    out->format = f;
    return 0;
}

int cli_output_dag(const cli_output* out, ics_dag* dag) {
    ics_status st = ICS_OK;
    if (out->path && strcmp(out->path, "-") != 0) {
        st = ics_dag_write_file(dag, out->path, out->format);
    } else {
        char* text = NULL;
        size_t len = 0;
        st = ics_dag_write_string(&text, &len, dag, out->format);
        if (st == ICS_OK) out_mem(text, len);
        ics_free(text);
    }
    ics_dag_destroy(dag);
    return st == ICS_OK ? 0 : cli_fail_status(st, NULL);
}

ics_status out_node_names(const ics_dag* dag, const uint32_t* ids, size_t n, int json) {
    if (json) out_char('[');
    for (size_t k = 0; k < n; ++k) {
        const char* name = NULL;
        ics_status st = ics_dag_node_name(&name, dag, ids[k]);
        if (st != ICS_OK) return st;
        if (k) out_str(json ? ", " : " ");
        if (json) out_json_string(name);
        else out_str(name);
    }
    if (json) out_char(']');
    return ICS_OK;
}

ics_status cli_u32s_reserve(cli_u32s* a, size_t n) {
    if (n < 16) n = 16;
    if (n <= a->cap) return ICS_OK;
    if (n > SIZE_MAX / sizeof *a->v) return ICS_ERR_NOMEM;
    uint32_t* bigger = realloc(a->v, n * sizeof *a->v);
    if (!bigger) return ICS_ERR_NOMEM;
    a->v = bigger;
    a->cap = n;
    return ICS_OK;
}

void cli_u32s_free(cli_u32s* a) {
    free(a->v);
    a->v = NULL;
    a->len = a->cap = 0;
}
