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

/* ------------------------------------------------------------ @FILE lists */

/* Texts made from @FILE arguments stay reachable until the process exits
 * (argv's strings do too). */
static char** kept = NULL;
static size_t kept_len = 0, kept_cap = 0;

static int keep(void* p) {
    if (kept_len == kept_cap) {
        size_t cap = kept_cap ? kept_cap * 2 : 8;
        char** bigger = realloc(kept, cap * sizeof *bigger);
        if (!bigger) {
            free(p);
            return cli_fail("out of memory");
        }
        kept = bigger;
        kept_cap = cap;
    }
    kept[kept_len++] = p;
    return 0;
}

/* The entries of a list file, in place: each kept line (trimmed, NUL-ended)
 * is passed to `each`; blank lines and lines starting with '#' are skipped.
 * Returns how many lines were kept. */
static size_t list_lines(char* data, void (*each)(char* line, void* ctx), void* ctx) {
    size_t count = 0;
    char* line = data;
    while (*line) {
        char* end = strchr(line, '\n');
        char* next = end ? end + 1 : line + strlen(line);
        if (end) *end = '\0';
        while (*line == ' ' || *line == '\t' || *line == '\r') ++line;
        size_t len = strlen(line);
        while (len > 0 && (line[len - 1] == ' ' || line[len - 1] == '\t' || line[len - 1] == '\r')) line[--len] = '\0';
        if (len > 0 && line[0] != '#') {
            if (each) each(line, ctx);
            ++count;
        }
        line = next;
    }
    return count;
}

typedef struct {
    char* out;
    size_t len;
} joined;

static void join_line(char* line, void* ctx) {
    joined* j = ctx;
    if (j->len > 0) j->out[j->len++] = ',';
    size_t n = strlen(line);
    memmove(j->out + j->len, line, n); /* the output never overtakes the input */
    j->len += n;
}

int cli_list_arg(const char** value) {
    if (!*value || (*value)[0] != '@') return 0;
    char* data = NULL;
    size_t len = 0;
    int rc = cli_read_file(&data, &len, *value + 1);
    if (rc) return rc;
    joined j = {data, 0};
    list_lines(data, join_line, &j);
    data[j.len] = '\0';
    if ((rc = keep(data)) != 0) return rc;
    *value = data;
    return 0;
}

typedef struct {
    char** args;
    size_t len;
} arg_list;

static void add_arg(char* line, void* ctx) {
    arg_list* a = ctx;
    a->args[a->len++] = line;
}

int cli_list_args(int* argc, char*** argv, int first) {
    int any = 0;
    for (int i = first; i < *argc; ++i) any |= (*argv)[i][0] == '@';
    if (!any) return 0;
    arg_list a = {NULL, 0};
    size_t cap = (size_t)*argc;
    a.args = malloc((cap + 1) * sizeof *a.args);
    if (!a.args) return cli_fail("out of memory");
    for (int i = 0; i < *argc; ++i) {
        char* arg = (*argv)[i];
        if (i < first || arg[0] != '@') {
            a.args[a.len++] = arg;
            continue;
        }
        char* data = NULL;
        size_t len = 0;
        int rc = cli_read_file(&data, &len, arg + 1);
        if (rc == 0) rc = keep(data);
        if (rc) {
            free(a.args);
            return rc;
        }
        size_t most = 1; /* lines in the file, an upper bound on its entries */
        for (const char* c = data; *c; ++c) most += *c == '\n';
        char** bigger = realloc(a.args, (cap + most + 1) * sizeof *bigger);
        if (!bigger) {
            free(a.args);
            return cli_fail("out of memory");
        }
        a.args = bigger;
        cap += most;
        if (list_lines(data, add_arg, &a) == 0) {
            free(a.args);
            return cli_fail("%s: the list is empty", arg + 1);
        }
    }
    a.args[a.len] = NULL;
    int rc = keep(a.args);
    if (rc) return rc;
    *argc = (int)a.len;
    *argv = a.args;
    return 0;
}
