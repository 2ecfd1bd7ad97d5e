/* ics — reading and writing dags and files, shared by the subcommands. */
#include "cli.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define STDIN_NAME "standard input"

int cli_read_file(char** out, size_t* out_len, const char* path) {
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
static int cli_loaded(ics_dag* dag) {
    uint32_t n = 0;
    if (ics_dag_warning_count(&n, dag) != ICS_OK) return 0;
    for (uint32_t i = 0; i < n; ++i) {
        const char* w = NULL;
        if (ics_dag_warning(&w, dag, i) == ICS_OK) fprintf(stderr, "ics: warning: %s\n", w);
    }
    return 0;
}

int cli_load_dag(ics_dag** out, const cli_command* cmd, const char* path, const char* format_name) {
    ics_read_options opts = ICS_READ_OPTIONS_INIT;
    if (format_name && ics_format_from_name(&opts.format, format_name) != ICS_OK)
        return cli_usage_error(cmd, "unknown format '%s' (auto, edges, dot, dagman, json, dax, stg, adjacency-json)",
                               format_name);
    if (strcmp(path, "-") != 0) {
        ics_status st = ics_dag_read_file(out, path, &opts);
        return st == ICS_OK ? cli_loaded(*out) : cli_fail_status(st, NULL); /* the message names the file */
    }
    char* data = NULL;
    size_t len = 0;
    int rc = cli_read_file(&data, &len, path);
    if (rc) return rc;
    ics_status st = ics_dag_read_string(out, data, len, &opts);
    free(data);
    if (st == ICS_OK) return cli_loaded(*out);
    /* The C API cannot name the data it reads from memory: its messages say
     * "<string>", which is standard input here. */
    const char* msg = ics_last_error_message();
    const char* anon = "<string>";
    if (strncmp(msg, anon, strlen(anon)) == 0) return cli_fail(STDIN_NAME "%s", msg + strlen(anon));
    return cli_fail_status(st, STDIN_NAME);
}

int cli_output_check(cli_output* out, const cli_command* cmd, const char* default_to) {
    const char* name = out->to ? out->to : default_to;
    if (!name) return cli_usage_error(cmd, "missing --to edges|dot|json");
    ics_format f = ICS_FORMAT_AUTO;
    if (ics_format_from_name(&f, name) != ICS_OK ||
        (f != ICS_FORMAT_EDGES && f != ICS_FORMAT_DOT && f != ICS_FORMAT_WFFORMAT))
        return cli_usage_error(cmd, "--to must be edges, dot or json, not '%s'", name);
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
