/* ics — subcommands that make dags: generate. */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

/* One family of `ics generate`. Families whose parameters are all uint32
 * (one or two) use gen1/gen2; the others a custom function. */
typedef struct family {
    const char* name;
    const char* params; /* names of the parameters, space-separated */
    int nparams;        /* -1: one or more */
    ics_status (*gen1)(ics_dag**, uint32_t);
    ics_status (*gen2)(ics_dag**, uint32_t, uint32_t);
    /* Parses params and generates; returns 0 or an exit status (error printed). */
    int (*custom)(ics_dag** out, const cli_command* cmd, char** params, int n);
} family;

/* The library's verdict on a generation: bad parameters are usage errors. */
static int generated(ics_status st, const cli_command* cmd, const char* fam) {
    if (st == ICS_OK) return 0;
    if (st == ICS_ERR_INVALID_ARGUMENT || st == ICS_ERR_PARSE || st == ICS_ERR_TOO_LARGE ||
        st == ICS_ERR_UNSUPPORTED) {
        const char* msg = ics_last_error_message(); /* names the family and parameter */
        if (!*msg) return cli_usage_error(cmd, "%s: %s", fam, ics_status_string(st));
        return cli_usage_error(cmd, "%s", msg);
    }
    return cli_fail_status(st, fam);
}

static int gen_pbt(ics_dag** out, const cli_command* cmd, char** params, int n) {
    (void)n;
    return generated(ics_dag_generate_pbt(out, params[0]), cmd, "pbt");
}

static int gen_tree_strings(ics_dag** out, const cli_command* cmd, char** params, int n) {
    const char** strings = malloc((size_t)n * sizeof *strings);
    if (!strings) return cli_fail("out of memory");
    for (int k = 0; k < n; ++k) strings[k] = strcmp(params[k], "-") == 0 ? "" : params[k];
    int rc = generated(ics_dag_generate_reduction_tree_strings(out, strings, (size_t)n), cmd,
                       "reduction-tree-strings");
    free(strings);
    return rc;
}

static int gen_random_layered(ics_dag** out, const cli_command* cmd, char** params, int n) {
    (void)n;
    uint32_t layers = 0, width = 0;
    double p = 0.0;
    uint64_t seed = 0;
    int rc;
    if ((rc = cli_parse_u32(&layers, cmd, "LAYERS", params[0])) ||
        (rc = cli_parse_u32(&width, cmd, "WIDTH", params[1])) ||
        (rc = cli_parse_probability(&p, cmd, "P", params[2])) ||
        (rc = cli_parse_u64(&seed, cmd, "SEED", params[3])))
        return rc;
    return generated(ics_dag_generate_random_layered(out, layers, width, p, seed), cmd, "random-layered");
}

static int gen_random_er(ics_dag** out, const cli_command* cmd, char** params, int n) {
    (void)n;
    uint32_t nodes = 0;
    double p = 0.0;
    uint64_t seed = 0;
    int rc;
    if ((rc = cli_parse_u32(&nodes, cmd, "N", params[0])) ||
        (rc = cli_parse_probability(&p, cmd, "P", params[1])) ||
        (rc = cli_parse_u64(&seed, cmd, "SEED", params[2])))
        return rc;
    return generated(ics_dag_generate_random_er(out, nodes, p, seed), cmd, "random-er");
}

static int gen_clustering_fig6(ics_dag** out, const cli_command* cmd, char** params, int n) {
    (void)params, (void)n;
    return generated(ics_dag_generate_clustering_fig6(out), cmd, "clustering-fig6");
}

static const family families[] = {
    {"w", "S D", 2, NULL, ics_dag_generate_w, NULL},
    {"m", "S D", 2, NULL, ics_dag_generate_m, NULL},
    {"n", "S", 1, ics_dag_generate_n, NULL, NULL},
    {"cycle", "S", 1, ics_dag_generate_cycle, NULL, NULL},
    {"pbt", "DELTA", 1, NULL, NULL, gen_pbt},
    {"reduction-mesh", "L", 1, ics_dag_generate_reduction_mesh, NULL, NULL},
    {"out-mesh", "L", 1, ics_dag_generate_out_mesh, NULL, NULL},
    {"reduction-tree", "H", 1, ics_dag_generate_reduction_tree, NULL, NULL},
    {"reduction-tree-strings", "S1 S2 ...", -1, NULL, NULL, gen_tree_strings},
    {"fft", "D", 1, ics_dag_generate_fft, NULL, NULL},
    {"expansion-reduction", "DEPTH", 1, ics_dag_generate_expansion_reduction, NULL, NULL},
    {"random-layered", "LAYERS WIDTH P SEED", 4, NULL, NULL, gen_random_layered},
    {"random-er", "N P SEED", 3, NULL, NULL, gen_random_er},
    /* familiar computations (issue 4) */
    {"matrix-multiplication", "LEVELS", 1, ics_dag_generate_matrix_multiplication, NULL, NULL},
    {"laplace", "N", 1, ics_dag_generate_laplace, NULL, NULL},
    {"divide-conquer", "BRANCHING DEPTH", 2, NULL, ics_dag_generate_divide_conquer, NULL},
    {"wavefront", "ROWS COLS", 2, NULL, ics_dag_generate_wavefront, NULL},
    {"parallel-prefix", "N", 1, ics_dag_generate_parallel_prefix, NULL, NULL},
    {"fmri", "WIDTH", 1, ics_dag_generate_fmri, NULL, NULL},
    {"clustering-fig6", "", 0, NULL, NULL, gen_clustering_fig6},
};

/* The k-th word of `params` into buf. */
static const char* param_name(const char* params, int k, char* buf, size_t size) {
    while (k-- > 0 && strchr(params, ' ')) params = strchr(params, ' ') + 1;
    size_t len = strcspn(params, " ");
    if (len >= size) len = size - 1;
    memcpy(buf, params, len);
    buf[len] = '\0';
    return buf;
}

static int run_generate(const cli_command* self, int argc, char** argv) {
    cli_output output = {NULL, NULL, ICS_FORMAT_EDGES};
    const cli_option opts[] = {CLI_OUTPUT_OPTIONS(output)};
    int npos = 0;
    int rc = cli_parse_args(self, argc, argv, opts, sizeof opts / sizeof opts[0], 1, -1, &npos);
    if (rc >= 0) return rc;
    if ((rc = cli_output_check(&output, self, "edges")) != 0) return rc;

    const family* fam = NULL;
    for (size_t k = 0; k < sizeof families / sizeof families[0]; ++k)
        if (strcmp(families[k].name, argv[0]) == 0) fam = &families[k];
    if (!fam) return cli_usage_error(self, "unknown family '%s'", argv[0]);
    char** params = argv + 1;
    int n = npos - 1;
    if (fam->nparams >= 0 ? n != fam->nparams : n < 1)
        return cli_usage_error(self, "%s expects the parameters %s", fam->name, fam->params);

    ics_dag* dag = NULL;
    if (fam->custom) {
        rc = fam->custom(&dag, self, params, n);
    } else {
        uint32_t v[2] = {0, 0};
        char what[32];
        rc = 0;
        for (int k = 0; k < n && rc == 0; ++k)
            rc = cli_parse_u32(&v[k], self, param_name(fam->params, k, what, sizeof what), params[k]);
        if (rc == 0)
            rc = generated(fam->gen1 ? fam->gen1(&dag, v[0]) : fam->gen2(&dag, v[0], v[1]), self, fam->name);
    }
    return rc ? rc : cli_output_dag(&output, dag);
}

const cli_command cli_cmd_generate = {
    "generate",
    "write a dag of one of the papers' families",
    "usage: ics generate FAMILY PARAMS... [--to edges|dot|json|dagman|dax] [-o OUT]\n"
    "\n"
    "Builds a dag of a family and writes it (an edge list by default). Node\n"
    "names encode coordinates.\n"
    "\n"
    "  w S D                      W-dag W_{S,D}: S sources of out-degree D, each\n"
    "                             sharing its last sink with the next source\n"
    "  m S D                      M-dag M_{S,D}: W_{S,D} with its arcs reversed\n"
    "  n S                        N-dag N_S: S sources, S sinks, 2S-1 arcs\n"
    "  cycle S                    (bipartite) cycle-dag C_S\n"
    "  pbt DELTA                  planar bipartite tree P[DELTA], DELTA a zigzagged\n"
    "                             sequence written like 3,1/2,2\n"
    "  reduction-mesh L           reduction mesh with L levels (L sources, 1 sink)\n"
    "  out-mesh L                 evolving mesh with L levels: the reduction mesh\n"
    "                             reversed (1 source, L sinks)\n"
    "  reduction-tree H           complete binary reduction tree of height H\n"
    "  reduction-tree-strings S1 S2 ...\n"
    "                             reduction tree over a full prefix-closed set of\n"
    "                             binary strings; the root (the empty string) is\n"
    "                             written - (or \"\"), e.g.: - 0 1 00 01\n"
    "  fft D                      FFT dag F_D: D+1 levels of 2^D nodes\n"
    "  expansion-reduction DEPTH  a complete binary out-tree of depth DEPTH whose\n"
    "                             leaves feed a complete in-tree of the same depth\n"
    "  random-layered LAYERS WIDTH P SEED\n"
    "                             LAYERS layers of WIDTH nodes; each node gets an\n"
    "                             arc from each node of the layer before with\n"
    "                             probability P (and at least one parent)\n"
    "  random-er N P SEED         Erdos-Renyi dag on N nodes: each pair gets an arc\n"
    "                             with probability P, oriented by a random order\n"
    "  clustering-fig6            the dag of Fig. 6 of the clustering paper: two\n"
    "                             out-meshes joined, ▷-chain W(1,2) ... W(10,2)\n"
    "\n"
    "Familiar computations (each IC-optimal by the decomposition):\n"
    "  matrix-multiplication LEVELS\n"
    "                             recursive multiplication of 2^LEVELS x 2^LEVELS\n"
    "                             blocks: blocks a<i>_<k>, b<k>_<j>, products\n"
    "                             p<i>_<k>_<j>, sums s.., results c<i>_<j>\n"
    "  laplace N                  discrete Laplace transform y_k = sum_i x_i w^(ik),\n"
    "                             1 <= k, i < N, term by term: powers w<k>_<i>,\n"
    "                             running sums y<k>_<i>\n"
    "  divide-conquer BRANCHING DEPTH\n"
    "                             BRANCHING-ary out-tree (d..) whose leaves (b..)\n"
    "                             feed an in-tree (c..) of the same depth\n"
    "  wavefront ROWS COLS        the ROWS x COLS grid, i_j -> (i+1)_j, i_(j+1)\n"
    "  parallel-prefix N          scan of N inputs, recursive doubling: level_pos\n"
    "  fmri WIDTH                 two summands L_.., R_.. of WIDTH sources that an\n"
    "                             IC-optimal schedule interleaves, joined by mean\n"
    "\n"
    "Numbers are non-negative decimal integers; P is a decimal number in [0, 1];\n"
    "the same SEED gives the same dag.\n"
    "\n"
    "  --to T             output format: edges (default), dot, json (WfFormat),\n"
    "                     dagman (HTCondor), dax (Pegasus), adjacency-json\n"
    "  -o, --output OUT   write to OUT instead of standard output\n",
    run_generate,
};
