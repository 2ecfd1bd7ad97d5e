/* ics — the dag algebra of sweep-algorithm.txt §2: sum, compose, induced. */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

/* Splits a copy of `text` at `sep` into *out (pointers into *buf); returns the count. */
static size_t split(char** buf, const char*** out, const char* text, char sep) {
    size_t n = 1;
    for (const char* c = text; *c; ++c) n += *c == sep;
    *buf = malloc(strlen(text) + 1);
    *out = malloc(n * sizeof **out);
    if (!*buf || !*out) return 0;
    strcpy(*buf, text);
    size_t k = 0;
    for (char* c = *buf;; ++c) {
        (*out)[k++] = c;
        c = strchr(c, sep);
        if (!c) break;
        *c = '\0';
    }
    return n;
}

/* Loads argv[0..n) into dags[]; 0 or an exit status (the loaded ones stay in dags[]). */
static int load_all(ics_dag** dags, const cli_command* cmd, char** paths, int n, const char* format) {
    for (int k = 0; k < n; ++k) {
        int rc = cli_load_dag(&dags[k], cmd, paths[k], format);
        if (rc) return rc;
    }
    return 0;
}

static void destroy_all(ics_dag** dags, int n) {
    for (int k = 0; k < n; ++k) ics_dag_destroy(dags[k]);
}

/* --prefixes P0,P1,...: exactly `want` entries (each may be empty). */
static int parse_prefixes(char** buf, const char*** out, const cli_command* cmd, const char* text, size_t want) {
    *buf = NULL;
    *out = NULL;
    if (!text) return 0;
    size_t n = split(buf, out, text, ',');
    if (n == 0) return cli_fail("out of memory");
    if (n != want)
        return cli_usage_error(cmd, "--prefixes has %zu entries for %zu dags", n, want);
    return 0;
}

/* ------------------------------------------------------------ sum */

static int run_sum(const cli_command* self, int argc, char** argv) {
    const char *format = NULL, *prefix_text = NULL;
    cli_output output = {NULL, NULL, ICS_FORMAT_EDGES};
    const cli_option opts[] = {
        {"--format", NULL, &format, NULL},
        {"--prefixes", NULL, &prefix_text, NULL},
        CLI_OUTPUT_OPTIONS(output),
    };
    int npos = 0;
    int rc = cli_parse_args(self, argc, argv, opts, sizeof opts / sizeof opts[0], 1, -1, &npos);
    if (rc >= 0) return rc;
    if ((rc = cli_list_arg(&prefix_text)) || (rc = cli_list_args(&npos, &argv, 0))) return rc;
    if ((rc = cli_output_check(&output, self, "edges")) != 0) return rc;
    char* buf = NULL;
    const char** prefixes = NULL;
    if ((rc = parse_prefixes(&buf, &prefixes, self, prefix_text, (size_t)npos)) != 0) goto done_prefixes;
    ics_dag** dags = calloc((size_t)npos, sizeof *dags);
    if (!dags) {
        rc = cli_fail("out of memory");
        goto done_prefixes;
    }
    ics_dag* result = NULL;
    if ((rc = load_all(dags, self, argv, npos, format)) == 0) {
        ics_status st = ics_dag_sum(&result, NULL, NULL, 0, NULL, (const ics_dag* const*)dags, (size_t)npos, prefixes);
        rc = st == ICS_OK ? cli_output_dag(&output, result) : cli_fail_status(st, "sum");
    }
    destroy_all(dags, npos);
    free(dags);
done_prefixes:
    free(buf);
    free(prefixes);
    return rc;
}

const cli_command cli_cmd_sum = {
    "sum",
    "write the sum (disjoint union) of dags",
    "usage: ics sum FILE... [--prefixes P1,P2,...] [--format F] [--to edges|dot|json|dagman|dax] [-o OUT]\n"
    "\n"
    "Writes G1 + G2 + ...: every node and arc of every file (sweep-algorithm.txt\n"
    "§2). Node names are prefixed by their file's index, g0:, g1:, ..., or by\n"
    "the given prefixes (one per file; an empty one keeps the names, which must\n"
    "then not clash).\n"
    "\n"
    "  --prefixes LIST    comma-separated name prefixes, one per FILE\n"
    "  --format F         input format (default: detected)\n"
    "  --to T             output format: edges (default), dot, json (WfFormat),\n"
    "                     dagman (HTCondor), dax (Pegasus), adjacency-json\n"
    "  -o, --output OUT   write to OUT instead of standard output\n",
    run_sum,
};

/* ------------------------------------------------------------ compose */

/* The pairs of --merge "SINK=SOURCE,..." (names) or, with --match, every sink
 * of g1 whose name is a source of g2. */
static int merge_pairs(cli_u32s* sinks, cli_u32s* sources, const cli_command* cmd, const ics_dag* g1,
                       const ics_dag* g2, const char* merge) {
    ics_status st = ICS_OK;
    if (!merge) { /* --match */
        CLI_FETCH(st, *sinks, ics_dag_sinks(sinks->v, sinks->cap, &sinks->len, g1));
        if (st == ICS_OK) st = cli_u32s_reserve(sources, sinks->len);
        if (st != ICS_OK) return cli_fail_status(st, "compose");
        size_t kept = 0;
        for (size_t k = 0; k < sinks->len; ++k) {
            const char* name = NULL;
            uint32_t id = 0, deg = 1;
            if ((st = ics_dag_node_name(&name, g1, sinks->v[k])) != ICS_OK) return cli_fail_status(st, "compose");
            if (ics_dag_node_id(&id, g2, name) != ICS_OK) continue;
            if ((st = ics_dag_in_degree(&deg, g2, id)) != ICS_OK) return cli_fail_status(st, "compose");
            if (deg != 0) continue;
            sinks->v[kept] = sinks->v[k];
            sources->v[kept++] = id;
        }
        sinks->len = sources->len = kept;
        return 0;
    }
    char* buf = NULL;
    const char** items = NULL;
    size_t n = split(&buf, &items, merge, ',');
    int rc = n == 0 ? cli_fail("out of memory") : 0;
    if (rc == 0 && ((st = cli_u32s_reserve(sinks, n)) != ICS_OK || (st = cli_u32s_reserve(sources, n)) != ICS_OK))
        rc = cli_fail_status(st, "compose");
    for (size_t k = 0; k < n && rc == 0; ++k) {
        char* eq = strchr(items[k], '=');
        if (!eq) {
            rc = cli_usage_error(cmd, "--merge: '%s' is not SINK=SOURCE", items[k]);
            break;
        }
        *eq = '\0';
        if ((st = ics_dag_node_id(&sinks->v[k], g1, items[k])) != ICS_OK ||
            (st = ics_dag_node_id(&sources->v[k], g2, eq + 1)) != ICS_OK)
            rc = cli_fail_status(st, "compose");
    }
    sinks->len = sources->len = n;
    free(buf);
    free(items);
    return rc;
}

static int run_compose(const cli_command* self, int argc, char** argv) {
    const char *format = NULL, *prefix_text = NULL, *merge = NULL;
    int match = 0;
    cli_output output = {NULL, NULL, ICS_FORMAT_EDGES};
    const cli_option opts[] = {
        {"--format", NULL, &format, NULL},     {"--prefixes", NULL, &prefix_text, NULL},
        {"--merge", NULL, &merge, NULL},       {"--match", NULL, NULL, &match},
        CLI_OUTPUT_OPTIONS(output),
    };
    int npos = 0;
    int rc = cli_parse_args(self, argc, argv, opts, sizeof opts / sizeof opts[0], 2, 2, &npos);
    if (rc >= 0) return rc;
    if ((rc = cli_list_arg(&prefix_text)) || (rc = cli_list_arg(&merge))) return rc;
    if (!merge == !match) return cli_usage_error(self, "give either --merge SINK=SOURCE,... or --match");
    if ((rc = cli_output_check(&output, self, "edges")) != 0) return rc;
    char* buf = NULL;
    const char** prefixes = NULL;
    if ((rc = parse_prefixes(&buf, &prefixes, self, prefix_text, 2)) != 0) return rc;
    ics_dag* dags[2] = {NULL, NULL};
    cli_u32s sinks = {NULL, 0, 0}, sources = {NULL, 0, 0};
    if ((rc = load_all(dags, self, argv, 2, format)) == 0 &&
        (rc = merge_pairs(&sinks, &sources, self, dags[0], dags[1], merge)) == 0) {
        ics_dag* result = NULL;
        ics_status st = ics_dag_compose(&result, NULL, NULL, 0, NULL, dags[0], dags[1], sinks.v, sources.v, sinks.len,
                                        prefixes ? prefixes[0] : NULL, prefixes ? prefixes[1] : NULL);
        rc = st == ICS_OK ? cli_output_dag(&output, result) : cli_fail_status(st, NULL);
    }
    cli_u32s_free(&sinks);
    cli_u32s_free(&sources);
    destroy_all(dags, 2);
    free(buf);
    free(prefixes);
    return rc;
}

const cli_command cli_cmd_compose = {
    "compose",
    "write the composition G1 ^ G2 of two dags",
    "usage: ics compose FILE1 FILE2 (--merge SINK=SOURCE,... | --match) [--prefixes P1,P2]\n"
    "                   [--format F] [--to edges|dot|json|dagman|dax] [-o OUT]\n"
    "\n"
    "Writes G1 ^ G2 (sweep-algorithm.txt §2): the sum of both dags in which each\n"
    "chosen sink of G1 is merged with a chosen source of G2. The merged node\n"
    "keeps G1's name. Names are prefixed g0: (G1) and g1: (G2) unless\n"
    "--prefixes says otherwise (an empty prefix keeps the names).\n"
    "\n"
    "  --merge LIST       comma-separated SINK=SOURCE pairs of node names (a sink\n"
    "                     of FILE1, a source of FILE2; each used once)\n"
    "  --match            merge every sink of FILE1 with the source of FILE2 of\n"
    "                     the same name\n"
    "  --prefixes P1,P2   name prefixes of FILE1's and FILE2's nodes\n"
    "  --format F         input format (default: detected)\n"
    "  --to T             output format: edges (default), dot, json (WfFormat),\n"
    "                     dagman (HTCondor), dax (Pegasus), adjacency-json\n"
    "  -o, --output OUT   write to OUT instead of standard output\n",
    run_compose,
};

/* ------------------------------------------------------------ induced */

static int run_induced(const cli_command* self, int argc, char** argv) {
    const char* format = NULL;
    cli_output output = {NULL, NULL, ICS_FORMAT_EDGES};
    const cli_option opts[] = {
        {"--format", NULL, &format, NULL},
        CLI_OUTPUT_OPTIONS(output),
    };
    int npos = 0;
    int rc = cli_parse_args(self, argc, argv, opts, sizeof opts / sizeof opts[0], 1, -1, &npos);
    if (rc >= 0) return rc;
    if ((rc = cli_list_args(&npos, &argv, 1))) return rc;
    if ((rc = cli_output_check(&output, self, "edges")) != 0) return rc;
    ics_dag* dag = NULL;
    if ((rc = cli_load_dag(&dag, self, argv[0], format)) != 0) return rc;
    cli_u32s ids = {NULL, 0, 0};
    ics_status st = cli_u32s_reserve(&ids, (size_t)npos);
    for (int k = 1; k < npos && st == ICS_OK; ++k) st = ics_dag_node_id(&ids.v[k - 1], dag, argv[k]);
    ics_dag* result = NULL;
    if (st == ICS_OK) st = ics_dag_induced(&result, NULL, 0, NULL, dag, ids.v, (size_t)npos - 1);
    rc = st == ICS_OK ? cli_output_dag(&output, result) : cli_fail_status(st, "induced");
    cli_u32s_free(&ids);
    ics_dag_destroy(dag);
    return rc;
}

const cli_command cli_cmd_induced = {
    "induced",
    "write the subdag induced by some nodes",
    "usage: ics induced FILE NODE... [--format F] [--to edges|dot|json|dagman|dax] [-o OUT]\n"
    "\n"
    "Writes the named nodes (names kept) and every arc of FILE between two of\n"
    "them.\n"
    "\n"
    "  --format F         input format (default: detected)\n"
    "  --to T             output format: edges (default), dot, json (WfFormat),\n"
    "                     dagman (HTCondor), dax (Pegasus), adjacency-json\n"
    "  -o, --output OUT   write to OUT instead of standard output\n",
    run_induced,
};
