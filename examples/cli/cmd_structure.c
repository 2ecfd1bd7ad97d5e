/* ics — subcommands on the structure the scheduler sees: skeleton, superdag. */
#include "cli.h"

#include <stdio.h>
#include <string.h>

/* ------------------------------------------------------------ skeleton */

/* "shortcuts": the arcs of `dag` that `skeleton` (same node ids, a subset of
 * the arcs) lacks, as [["from", "to"], ...]. */
static ics_status write_shortcuts(const ics_dag* dag, const ics_dag* skeleton) {
    uint32_t n = 0;
    cli_u32s all = {NULL, 0, 0}, kept = {NULL, 0, 0};
    ics_status st = ics_dag_node_count(&n, dag);
    size_t written = 0;
    out_char('[');
    for (uint32_t u = 0; u < n && st == ICS_OK; ++u) {
        CLI_FETCH(st, all, ics_dag_children(all.v, all.cap, &all.len, dag, u));
        if (st == ICS_OK) CLI_FETCH(st, kept, ics_dag_children(kept.v, kept.cap, &kept.len, skeleton, u));
        /* Both lists are in increasing id order: walk them together. */
        for (size_t a = 0, k = 0; a < all.len && st == ICS_OK; ++a) {
            if (k < kept.len && kept.v[k] == all.v[a]) {
                ++k;
                continue;
            }
            uint32_t arc[2] = {u, all.v[a]};
            out_str(written++ ? ", " : "");
            st = out_node_names(dag, arc, 2, 1);
        }
    }
    out_char(']');
    cli_u32s_free(&all);
    cli_u32s_free(&kept);
    return st;
}

static int run_skeleton(const cli_command* self, int argc, char** argv) {
    const char* format = NULL;
    int json = 0;
    cli_output output = {NULL, NULL, ICS_FORMAT_EDGES};
    const cli_option opts[] = {
        {"--format", NULL, &format, NULL},
        CLI_OUTPUT_OPTIONS(output),
        {"--json", NULL, NULL, &json},
    };
    int npos = 0;
    int rc = cli_parse_args(self, argc, argv, opts, sizeof opts / sizeof opts[0], 1, 1, &npos);
    if (rc >= 0) return rc;
    const char* path = argv[0];
    int to_file = output.path && strcmp(output.path, "-") != 0;
    if (json && output.to && !to_file)
        return cli_usage_error(self, "with --json the dag is written only to -o OUT: --to needs -o");
    if ((rc = cli_output_check(&output, self, "edges")) != 0) return rc;

    ics_dag* dag = NULL;
    if ((rc = cli_load_dag(&dag, self, path, format)) != 0) return rc;
    ics_dag* skeleton = NULL;
    uint64_t removed = 0, arcs = 0;
    uint32_t nodes = 0;
    ics_status st = ics_dag_skeleton(&skeleton, &removed, dag);
    if (st == ICS_OK && json && to_file && (st = ics_dag_write_file(skeleton, output.path, output.format)) != ICS_OK)
        rc = cli_fail_status(st, NULL); /* written before the summary: no stdout on error */
    else if (st == ICS_OK && json) {
        st = ics_dag_node_count(&nodes, skeleton);
        if (st == ICS_OK) st = ics_dag_arc_count(&arcs, skeleton);
        if (st == ICS_OK) {
            json_object obj;
            json_begin(&obj);
            json_string(&obj, "file", path);
            json_u64(&obj, "removed", removed);
            json_u64(&obj, "nodes", nodes);
            json_u64(&obj, "arcs", arcs);
            json_key(&obj, "shortcuts");
            st = write_shortcuts(dag, skeleton);
            json_end(&obj);
        }
    }
    if (st != ICS_OK && rc == 0) rc = cli_fail_status(st, path);
    ics_dag_destroy(dag);
    if (rc == 0 && !json) return cli_output_dag(&output, skeleton);
    ics_dag_destroy(skeleton);
    return rc;
}

const cli_command cli_cmd_skeleton = {
    "skeleton",
    "remove the shortcut arcs of a dag (the scheduler's first step)",
    "usage: ics skeleton FILE [--to edges|dot|json|dagman|dax] [-o OUT] [--format F] [--json]\n"
    "\n"
    "Writes the skeleton of the dag: the same nodes without its shortcut arcs,\n"
    "the arcs u -> v that duplicate a longer path from u to v. Removing them\n"
    "changes no execution order's eligibility profile.\n"
    "\n"
    "  FILE              the workflow file; '-' reads standard input\n"
    "  --to T            output format: edges (default), dot, json (WfFormat),\n"
    "                    dagman (HTCondor), dax (Pegasus), adjacency-json\n"
    "  -o, --output OUT  write the skeleton to OUT instead of standard output\n"
    "  --format F        input format: auto (default: detect), edges, dot, dagman,\n"
    "                    json (WfFormat), dax, stg, adjacency-json\n"
    "  --json            print one JSON object instead of the skeleton: file,\n"
    "                    removed (the number of shortcut arcs), nodes and arcs\n"
    "                    (of the skeleton), shortcuts (the removed arcs as\n"
    "                    [FROM, TO] name pairs); the skeleton is then written\n"
    "                    only with -o OUT\n",
    run_skeleton,
};

/* ------------------------------------------------------------ superdag */

/* `s` inside a DOT string literal. */
static void out_dot_escaped(const char* s) {
    for (; *s; ++s) {
        if (*s == '"' || *s == '\\') out_char('\\');
        out_char(*s);
    }
}

static ics_status write_superdag_dot(const ics_dag* super, const ics_schedule_result* res, uint32_t blocks,
                                     cli_u32s* buf) {
    ics_status st = ICS_OK;
    out_str("digraph superdag {\n");
    for (uint32_t b = 0; b < blocks && st == ICS_OK; ++b) {
        ics_block_info info = ICS_BLOCK_INFO_INIT;
        st = ics_schedule_result_block(&info, res, b);
        if (st != ICS_OK) break;
        char counts[96];
        snprintf(counts, sizeof counts, "\\n%lu source%s, %lu sink%s\"];\n", (unsigned long)info.sources,
                 info.sources == 1 ? "" : "s", (unsigned long)info.sinks, info.sinks == 1 ? "" : "s");
        out_str("  B");
        out_u64(b);
        out_str(" [label=\"B");
        out_u64(b);
        out_str("\\n");
        out_dot_escaped(info.shape);
        out_str(counts);
    }
    for (uint32_t b = 0; b < blocks && st == ICS_OK; ++b) {
        CLI_FETCH(st, *buf, ics_dag_children(buf->v, buf->cap, &buf->len, super, b));
        for (size_t k = 0; k < buf->len && st == ICS_OK; ++k) {
            out_str("  B");
            out_u64(b);
            out_str(" -> B");
            out_u64(buf->v[k]);
            out_str(";\n");
        }
    }
    out_str("}\n");
    return st;
}

static ics_status write_superdag_json(const ics_dag* dag, const char* path, const ics_dag* super,
                                      const ics_schedule_result* res, uint32_t blocks, cli_u32s* buf) {
    ics_status st = ICS_OK;
    json_object obj;
    json_begin(&obj);
    json_string(&obj, "file", path);
    json_key(&obj, "blocks");
    out_char('[');
    for (uint32_t b = 0; b < blocks && st == ICS_OK; ++b) {
        if (b) out_str(", ");
        st = cli_write_block_json(dag, res, b, buf);
    }
    out_char(']');
    json_key(&obj, "arcs");
    out_char('[');
    size_t written = 0;
    for (uint32_t b = 0; b < blocks && st == ICS_OK; ++b) {
        CLI_FETCH(st, *buf, ics_dag_children(buf->v, buf->cap, &buf->len, super, b));
        for (size_t k = 0; k < buf->len && st == ICS_OK; ++k) {
            out_str(written++ ? ", [" : "[");
            out_u64(b);
            out_str(", ");
            out_u64(buf->v[k]);
            out_char(']');
        }
    }
    out_char(']');
    json_end(&obj);
    return st;
}

static int run_superdag(const cli_command* self, int argc, char** argv) {
    const char* format = NULL;
    int json = 0, dot = 0;
    const cli_option opts[] = {
        {"--format", NULL, &format, NULL},
        {"--dot", NULL, NULL, &dot},
        {"--json", NULL, NULL, &json},
    };
    int npos = 0;
    int rc = cli_parse_args(self, argc, argv, opts, sizeof opts / sizeof opts[0], 1, 1, &npos);
    if (rc >= 0) return rc;
    if (dot && json) return cli_usage_error(self, "--dot and --json exclude each other");
    const char* path = argv[0];
    ics_dag* dag = NULL;
    if ((rc = cli_load_dag(&dag, self, path, format)) != 0) return rc;
    ics_dag* super = NULL;
    ics_status st = ics_dag_superdag(&super, dag);
    if (st == ICS_OK && !dot && !json) {
        ics_dag_destroy(dag);
        cli_output output = {NULL, NULL, ICS_FORMAT_EDGES};
        return cli_output_dag(&output, super);
    }
    /* The blocks' shapes, sources and sinks come from the schedule, whose
     * blocks are numbered like the super-dag's nodes B<i> (node id i). */
    ics_schedule_result* res = NULL;
    uint32_t blocks = 0, nodes = 0;
    cli_u32s buf = {NULL, 0, 0};
    if (st == ICS_OK) st = ics_schedule(&res, dag, NULL);
    if (st == ICS_OK) st = ics_schedule_result_block_count(&blocks, res);
    if (st == ICS_OK) st = ics_dag_node_count(&nodes, super);
    if (st == ICS_OK && nodes != blocks)
        rc = cli_fail("%s: the schedule has %lu blocks but the super-dag %lu nodes", path, (unsigned long)blocks,
                      (unsigned long)nodes);
    else if (st == ICS_OK)
        st = dot ? write_superdag_dot(super, res, blocks, &buf)
                 : write_superdag_json(dag, path, super, res, blocks, &buf);
    if (st != ICS_OK) rc = cli_fail_status(st, path);
    cli_u32s_free(&buf);
    ics_schedule_result_destroy(res);
    ics_dag_destroy(super);
    ics_dag_destroy(dag);
    return rc;
}

const cli_command cli_cmd_superdag = {
    "superdag",
    "write the super-dag of a dag's building blocks",
    "usage: ics superdag FILE [--dot | --json] [--format F]\n"
    "\n"
    "Parses the skeleton of the dag (see 'ics skeleton') into connected\n"
    "bipartite building blocks and writes the super-dag: a node B<i> per block\n"
    "i, an arc Bi -> Bj when a sink of block i is a source of block j. Blocks\n"
    "are numbered as in 'ics schedule' (its \"blocks\"), in a topological order\n"
    "of the super-dag. A dag whose skeleton is not a composition of bipartite\n"
    "blocks is an error (exit 1).\n"
    "\n"
    "  FILE         the workflow file; '-' reads standard input\n"
    "  --dot        write Graphviz DOT; each node's label gives the block's\n"
    "               shape and its numbers of sources and sinks\n"
    "  --json       print one JSON object: file, blocks (objects with index,\n"
    "               shape, kind, proven, sources and sinks (names) and profile,\n"
    "               as in 'ics schedule --json') and arcs ([i, j] pairs of\n"
    "               block indices)\n"
    "  --format F   input format: auto (default: detect), edges, dot, dagman,\n"
    "               json (WfFormat), dax, stg, adjacency-json\n"
    "\n"
    "By default the super-dag is written as an edge list: \"Bi Bj\" per arc; a\n"
    "line with one name declares a block (also one without super-arcs).\n",
    run_superdag,
};
