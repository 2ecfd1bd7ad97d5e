/* ics — option parsing and strict number parsing shared by all subcommands. */
#include "cli.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The synopsis of a command: its usage text's first line without "usage: ". */
static int synopsis_length(const char* usage, const char** start) {
    const char* prefix = "usage: ";
    if (strncmp(usage, prefix, strlen(prefix)) == 0) usage += strlen(prefix);
    *start = usage;
    const char* nl = strchr(usage, '\n');
    return (int)(nl ? (size_t)(nl - usage) : strlen(usage));
}

static const cli_option* find_option(const cli_option* opts, size_t nopts, const char* name, size_t len) {
    for (size_t k = 0; k < nopts; ++k) {
        if (strlen(opts[k].name) == len && strncmp(opts[k].name, name, len) == 0) return &opts[k];
        if (opts[k].alias && strlen(opts[k].alias) == len && strncmp(opts[k].alias, name, len) == 0)
            return &opts[k];
    }
    return NULL;
}

int cli_parse_args(const cli_command* cmd, int argc, char** argv, const cli_option* opts, size_t nopts,
                   int min_pos, int max_pos, int* npos) {
    int n = 0;
    int options_done = 0;
    for (int i = 1; i < argc; ++i) {
        char* arg = argv[i];
        if (options_done || arg[0] != '-' || arg[1] == '\0') { /* positional ("-" included) */
            argv[n++] = arg; /* n < i: never overwrites an unread argument */
            continue;
        }
        if (strcmp(arg, "--") == 0) {
            options_done = 1;
            continue;
        }
        if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
            out_str(cmd->usage);
            return CLI_EXIT_OK;
        }
        const char* eq = strncmp(arg, "--", 2) == 0 ? strchr(arg, '=') : NULL;
        size_t name_len = eq ? (size_t)(eq - arg) : strlen(arg);
        const cli_option* opt = find_option(opts, nopts, arg, name_len);
        if (!opt) return cli_usage_error(cmd, "unknown option '%.*s'", (int)name_len, arg);
        if (!opt->value) {
            if (eq) return cli_usage_error(cmd, "option %s takes no value", opt->name);
            *opt->flag = 1;
        } else if (eq) {
            *opt->value = eq + 1;
        } else if (i + 1 < argc) {
            *opt->value = argv[++i];
        } else {
            return cli_usage_error(cmd, "option %s needs a value", opt->name);
        }
    }
    if (n < min_pos || (max_pos >= 0 && n > max_pos)) {
        const char* syn;
        int len = synopsis_length(cmd->usage, &syn);
        if (n < min_pos) return cli_usage_error(cmd, "missing arguments; usage: %.*s", len, syn);
        return cli_usage_error(cmd, "unexpected argument '%s'; usage: %.*s", argv[max_pos], len, syn);
    }
    *npos = n;
    return -1;
}

static int all_digits(const char* s) {
    if (*s == '\0') return 0;
    for (; *s; ++s)
        if (*s < '0' || *s > '9') return 0;
    return 1;
}

int cli_parse_u64(uint64_t* out, const cli_command* cmd, const char* what, const char* text) {
    if (!all_digits(text)) return cli_usage_error(cmd, "%s must be a non-negative integer, not '%s'", what, text);
    errno = 0;
    char* end = NULL;
    unsigned long long v = strtoull(text, &end, 10);
    if (errno == ERANGE || *end != '\0')
        return cli_usage_error(cmd, "%s is too large: '%s'", what, text);
    *out = (uint64_t)v;
    return 0;
}

int cli_parse_u32(uint32_t* out, const cli_command* cmd, const char* what, const char* text) {
    uint64_t v = 0;
    int rc = cli_parse_u64(&v, cmd, what, text);
    if (rc) return rc;
    if (v > UINT32_MAX) return cli_usage_error(cmd, "%s is too large: '%s' (at most %lu)", what, text,
                                               (unsigned long)UINT32_MAX);
    *out = (uint32_t)v;
    return 0;
}

int cli_parse_number(double* out, const cli_command* cmd, const char* what, const char* text, double lo) {
    /* Plain decimal only: no whitespace, hex floats, "inf" or "nan". */
    int ok = *text != '\0' && strspn(text, "0123456789.eE+-") == strlen(text);
    char* end = NULL;
    double v = 0.0;
    if (ok) {
        errno = 0;
        v = strtod(text, &end);
        ok = *end == '\0' && errno != ERANGE && isfinite(v);
    }
    if (!ok || v < lo) return cli_usage_error(cmd, "%s must be a number >= %g, not '%s'", what, lo, text);
    *out = v;
    return 0;
}

int cli_parse_probability(double* out, const cli_command* cmd, const char* what, const char* text) {
    double v = 0.0;
    int rc = cli_parse_number(&v, cmd, what, text, 0.0);
    if (rc == 0 && v > 1.0) return cli_usage_error(cmd, "%s must be a number from 0 to 1, not '%s'", what, text);
    if (rc != 0) return rc;
    *out = v;
    return 0;
}
