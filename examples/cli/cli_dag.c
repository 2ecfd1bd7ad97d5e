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

int cli_load_dag(ics_dag** out, const cli_command* cmd, const char* path, const char* format_name) {
    ics_read_options opts = ICS_READ_OPTIONS_INIT;
    if (format_name && ics_format_from_name(&opts.format, format_name) != ICS_OK)
        return cli_usage_error(cmd, "unknown format '%s' (auto, edges, dot, dagman, json, dax, stg, adjacency-json)",
                               format_name);
    if (strcmp(path, "-") != 0) {
        ics_status st = ics_dag_read_file(out, path, &opts);
        return st == ICS_OK ? 0 : cli_fail_status(st, NULL); /* the message names the file */
    }
    char* data = NULL;
    size_t len = 0;
    int rc = cli_read_file(&data, &len, path);
    if (rc) return rc;
    ics_status st = ics_dag_read_string(out, data, len, &opts);
    free(data);
    if (st == ICS_OK) return 0;
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
