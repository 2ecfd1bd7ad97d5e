/*
 * icsched — IC-optimal scheduling of computation DAGs. The stable C API.
 *
 * Conventions (see README "C API"):
 *  - Every function returns an ics_status (ICS_OK = 0, errors negative) unless
 *    it is a destroy function or a pure query of static text.
 *  - Out-parameters come first; inputs are const.
 *  - On error, ics_last_error_message() (thread-local) says why; the status is
 *    the source of truth. Out-parameters are left untouched on error.
 *  - Handles are opaque; destroy functions accept NULL. Passing a destroyed or
 *    foreign pointer where a handle is expected is detected on a best-effort
 *    basis and reported as ICS_ERR_MISUSE.
 *  - Arrays are copied into caller buffers: `capacity` is the buffer length in
 *    elements; when it is too small, nothing is written, *out_count (if given)
 *    receives the needed length and ICS_ERR_BUFFER_TOO_SMALL is returned.
 *    A NULL buffer with capacity 0 is a size query: ICS_OK and *out_count set.
 *  - Node ids are dense: 0 .. node_count-1, in the order nodes were added/read.
 *  - Enums only grow; values are never renumbered.
 */
#ifndef ICS_ICS_H
#define ICS_ICS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(_WIN32)
#  if defined(ICS_BUILDING)
#    define ICS_API __declspec(dllexport)
#  else
#    define ICS_API __declspec(dllimport)
#  endif
#elif defined(__GNUC__)
#  define ICS_API __attribute__((visibility("default")))
#else
#  define ICS_API
#endif

#define ICS_VERSION_MAJOR 0
#define ICS_VERSION_MINOR 1
#define ICS_VERSION_PATCH 0
#define ICS_VERSION_STRING "0.1.0"
/* 10000*major + 100*minor + patch */
#define ICS_VERSION_NUMBER (ICS_VERSION_MAJOR * 10000 + ICS_VERSION_MINOR * 100 + ICS_VERSION_PATCH)

/* ---------------------------------------------------------------- status */

typedef enum ics_status {
    ICS_OK = 0,
    ICS_ERR_INVALID_ARGUMENT = -1, /* NULL pointer, bad parameter value */
    ICS_ERR_NOMEM = -2,            /* allocation failed */
    ICS_ERR_IO = -3,               /* file cannot be opened, read or written */
    ICS_ERR_PARSE = -4,            /* malformed input file or string */
    ICS_ERR_CYCLE = -5,            /* the graph has a cycle (message names one) */
    ICS_ERR_UNKNOWN_NODE = -6,     /* a name or id that is not a node */
    ICS_ERR_DUPLICATE_NODE = -7,   /* a node name used twice */
    ICS_ERR_SELF_LOOP = -8,        /* an arc from a node to itself */
    ICS_ERR_EMPTY_GRAPH = -9,      /* an empty graph where one is not allowed */
    ICS_ERR_INVALID_ORDER = -10,   /* not a valid execution order */
    ICS_ERR_MISUSE = -11,          /* destroyed or wrong handle */
    ICS_ERR_BUFFER_TOO_SMALL = -12,/* caller buffer too short (length reported) */
    ICS_ERR_TOO_LARGE = -13,       /* size beyond the library's limits */
    ICS_ERR_UNSUPPORTED = -14,     /* format or operation not supported */
    ICS_ERR_INTERNAL = -15,        /* a bug: please report */
    ICS_ERR_NOT_IC_OPTIMAL = -16,  /* an operation needs a dag with a proven IC-optimal schedule */
    ICS_ERR_NOT_DECOMPOSABLE = -17 /* the dag is not a composition of bipartite building blocks */
} ics_status;

/* Static English text for a status ("ok", "cycle", ...); never NULL. */
ICS_API const char* ics_status_string(ics_status status);
/* Message of the last failing call on this thread; "" if none. Never NULL.
 * Valid until the next failing call on this thread. */
ICS_API const char* ics_last_error_message(void);

/* "0.1.0" of the library actually linked. */
ICS_API const char* ics_version(void);
/* ICS_VERSION_NUMBER of the library actually linked. */
ICS_API int ics_version_number(void);

/* Frees memory the library returned (strings from *_write_string). NULL ok. */
ICS_API void ics_free(void* ptr);

/* ---------------------------------------------------------------- dag */

typedef struct ics_dag ics_dag;

/* An empty, mutable dag. */
ICS_API ics_status ics_dag_create(ics_dag** out);
ICS_API void ics_dag_destroy(ics_dag* dag);
/* Deep copy. */
ICS_API ics_status ics_dag_clone(ics_dag** out, const ics_dag* dag);

/* Adds a node; *out_id (may be NULL) receives its id. Names are non-empty,
 * unique, NUL-terminated UTF-8. */
ICS_API ics_status ics_dag_add_node(uint32_t* out_id, ics_dag* dag, const char* name);
/* Adds arc from -> to (from must execute before to). A duplicate arc is
 * merged (counted in ics_dag_info.duplicate_arcs). Self-loops and unknown ids
 * are errors. A cycle is reported by the first call that needs the dag to be
 * acyclic (ics_dag_validate, queries of structure, algorithms). */
ICS_API ics_status ics_dag_add_arc(ics_dag* dag, uint32_t from, uint32_t to);
ICS_API ics_status ics_dag_add_arc_by_name(ics_dag* dag, const char* from, const char* to);
/* ICS_OK when the dag is acyclic, ICS_ERR_CYCLE otherwise (message names a cycle). */
ICS_API ics_status ics_dag_validate(const ics_dag* dag);

ICS_API ics_status ics_dag_node_count(uint32_t* out, const ics_dag* dag);
/* Distinct arcs (duplicates merged). */
ICS_API ics_status ics_dag_arc_count(uint64_t* out, const ics_dag* dag);
/* Id of the node called `name`; ICS_ERR_UNKNOWN_NODE if none. */
ICS_API ics_status ics_dag_node_id(uint32_t* out, const ics_dag* dag, const char* name);
/* Name of node `id`: NUL-terminated, owned by the dag, valid until the dag is
 * modified or destroyed. */
ICS_API ics_status ics_dag_node_name(const char** out, const ics_dag* dag, uint32_t id);

ICS_API ics_status ics_dag_in_degree(uint32_t* out, const ics_dag* dag, uint32_t id);
ICS_API ics_status ics_dag_out_degree(uint32_t* out, const ics_dag* dag, uint32_t id);
/* Parents / children of `id`, in increasing id order. */
ICS_API ics_status ics_dag_parents(uint32_t* out, size_t capacity, size_t* out_count, const ics_dag* dag,
                                   uint32_t id);
ICS_API ics_status ics_dag_children(uint32_t* out, size_t capacity, size_t* out_count, const ics_dag* dag,
                                    uint32_t id);
/* Sources / sinks in increasing id order. */
ICS_API ics_status ics_dag_sources(uint32_t* out, size_t capacity, size_t* out_count, const ics_dag* dag);
ICS_API ics_status ics_dag_sinks(uint32_t* out, size_t capacity, size_t* out_count, const ics_dag* dag);
/* A topological order (node_count entries). */
ICS_API ics_status ics_dag_topological_order(uint32_t* out, size_t capacity, size_t* out_count,
                                             const ics_dag* dag);
/* Longest-path level of each node (sources 0), indexed by id. */
ICS_API ics_status ics_dag_levels(uint32_t* out, size_t capacity, size_t* out_count, const ics_dag* dag);

#define ICS_DAG_INFO_VERSION 1
typedef struct ics_dag_info {
    unsigned version;         /* set to ICS_DAG_INFO_VERSION before the call */
    uint32_t nodes;
    uint64_t arcs;            /* distinct arcs */
    uint64_t duplicate_arcs;  /* arcs given more than once, merged */
    uint32_t sources;
    uint32_t sinks;
    uint32_t levels;          /* longest path counted in nodes */
    uint32_t max_level_width; /* most nodes on one longest-path level */
} ics_dag_info;
#define ICS_DAG_INFO_INIT {ICS_DAG_INFO_VERSION, 0, 0, 0, 0, 0, 0, 0}
/* Fills `out` (whose version field must be set; ICS_DAG_INFO_INIT does it). */
ICS_API ics_status ics_dag_info_get(ics_dag_info* out, const ics_dag* dag);

/* ---------------------------------------------------------------- files */

typedef enum ics_format {
    ICS_FORMAT_AUTO = 0,          /* detect from the name and content */
    ICS_FORMAT_EDGES = 1,         /* "u v" per line; "v" alone declares a node; '#' comments */
    ICS_FORMAT_DOT = 2,           /* Graphviz digraph */
    ICS_FORMAT_DAGMAN = 3,        /* HTCondor DAGMan .dag */
    ICS_FORMAT_WFFORMAT = 4,      /* WfCommons WfFormat JSON (1.3-1.5, WorkflowHub 0.x) */
    ICS_FORMAT_DAX = 5,           /* Pegasus DAX XML */
    ICS_FORMAT_STG = 6,           /* Kasahara Standard Task Graph */
    ICS_FORMAT_ADJACENCY_JSON = 7 /* {"node": ["child", ...]} */
} ics_format;

/* "edges", "dot", "dagman", "json" (wfformat), "dax", "stg", "adjacency-json", "auto". */
ICS_API const char* ics_format_name(ics_format format);
/* Inverse of ics_format_name; also accepts "wfformat", "edgelist", "xml". */
ICS_API ics_status ics_format_from_name(ics_format* out, const char* name);

#define ICS_READ_OPTIONS_VERSION 1
typedef struct ics_read_options {
    unsigned version; /* ICS_READ_OPTIONS_VERSION */
    ics_format format;/* ICS_FORMAT_AUTO by default */
} ics_read_options;
#define ICS_READ_OPTIONS_INIT {ICS_READ_OPTIONS_VERSION, ICS_FORMAT_AUTO}
ICS_API ics_status ics_read_options_init(ics_read_options* opts, unsigned version);

/* Reads a workflow file (options may be NULL = auto-detect). The result is a
 * validated dag; errors name the file, line (or JSON path) and cause. */
ICS_API ics_status ics_dag_read_file(ics_dag** out, const char* path, const ics_read_options* opts);
/* Same from memory; `len` bytes of `data` (need not be NUL-terminated). */
ICS_API ics_status ics_dag_read_string(ics_dag** out, const char* data, size_t len,
                                       const ics_read_options* opts);
/* Warnings of the reader: what it read past without failing, e.g. a DAGMan
 * INCLUDE or SPLICE file that does not exist (its nodes are not in the dag).
 * Strings are owned by the dag. */
ICS_API ics_status ics_dag_warning_count(uint32_t* out, const ics_dag* dag);
ICS_API ics_status ics_dag_warning(const char** out, const ics_dag* dag, uint32_t index);
/* Format the dag was read from (ICS_FORMAT_AUTO for dags built by hand). */
ICS_API ics_status ics_dag_source_format(ics_format* out, const ics_dag* dag);
/* Writes as EDGES, DOT, WFFORMAT (JSON) or ADJACENCY_JSON; others give ICS_ERR_UNSUPPORTED. */
ICS_API ics_status ics_dag_write_file(const ics_dag* dag, const char* path, ics_format format);
/* The same into a NUL-terminated string to free with ics_free(); *out_len may be NULL. */
ICS_API ics_status ics_dag_write_string(char** out, size_t* out_len, const ics_dag* dag, ics_format format);

/* Task priorities from an execution order, for workflow systems that start
 * higher priorities first (HTCondor DAGMan PRIORITY, Pegasus job priorities,
 * Dask): out[v] = len - (position of v in `order`), indexed by node id, so
 * the first task gets len and the last 1. `order` must be a valid execution
 * order (ICS_ERR_INVALID_ORDER otherwise). */
ICS_API ics_status ics_order_priorities(uint32_t* out, size_t capacity, size_t* out_count, const ics_dag* dag,
                                        const uint32_t* order, size_t len);
/* For a dag read from an HTCondor DAGMan file: that file's text with one
 * "PRIORITY <node> <value>" line per node (after its JOB line; values of
 * ics_order_priorities) and its former PRIORITY lines for those nodes removed;
 * every other line is kept byte for byte. Nodes DAGMan takes no PRIORITY for
 * (FINAL, SERVICE, nodes inside a SPLICE) get none. NUL-terminated, free with
 * ics_free(); *out_len may be NULL. ICS_ERR_UNSUPPORTED when the dag was not
 * read from a DAGMan file; ICS_ERR_INVALID_ARGUMENT when it was changed since. */
ICS_API ics_status ics_dag_write_dagman_priorities(char** out, size_t* out_len, const ics_dag* dag,
                                                   const uint32_t* order, size_t len);

/* ---------------------------------------------------------------- generators */
/* Families of the papers; node names encode coordinates. Parameter limits keep
 * the result under 2^31 nodes (ICS_ERR_TOO_LARGE otherwise). */

ICS_API ics_status ics_dag_generate_w(ics_dag** out, uint32_t s, uint32_t d);     /* W_{s,d} */
ICS_API ics_status ics_dag_generate_m(ics_dag** out, uint32_t s, uint32_t d);     /* M_{s,d} */
ICS_API ics_status ics_dag_generate_n(ics_dag** out, uint32_t s);                 /* N_s */
ICS_API ics_status ics_dag_generate_cycle(ics_dag** out, uint32_t s);             /* C_s */
/* P[delta], delta a zigzagged sequence written like "3,1/2,2". */
ICS_API ics_status ics_dag_generate_pbt(ics_dag** out, const char* delta);
ICS_API ics_status ics_dag_generate_reduction_mesh(ics_dag** out, uint32_t levels); /* M_l */
ICS_API ics_status ics_dag_generate_out_mesh(ics_dag** out, uint32_t levels);       /* evolving mesh */
ICS_API ics_status ics_dag_generate_reduction_tree(ics_dag** out, uint32_t height); /* complete T_h */
/* Reduction-tree over a full prefix-closed set of binary strings; "" is the root. */
ICS_API ics_status ics_dag_generate_reduction_tree_strings(ics_dag** out, const char* const* strings,
                                                           size_t count);
ICS_API ics_status ics_dag_generate_fft(ics_dag** out, uint32_t d);                  /* F_d */
ICS_API ics_status ics_dag_generate_expansion_reduction(ics_dag** out, uint32_t depth);
ICS_API ics_status ics_dag_generate_random_layered(ics_dag** out, uint32_t layers, uint32_t width, double p,
                                                   uint64_t seed);
ICS_API ics_status ics_dag_generate_random_er(ics_dag** out, uint32_t n, double p, uint64_t seed);

/* ---------------------------------------------------------------- orders and profiles */

typedef enum ics_policy {
    ICS_POLICY_FIFO = 0,     /* ready queue in the order tasks became eligible */
    ICS_POLICY_LIFO = 1,     /* newest eligible first (the papers' "eager") */
    ICS_POLICY_LEVEL = 2,    /* level by level */
    ICS_POLICY_RANDOM = 3,   /* random eligible task, seeded */
    ICS_POLICY_POSTORDER = 4 /* depth-first from the sinks: each task as soon as the
                                subtree of parents it closes is done (memory-lean;
                                the pure postorder of guidelines §4.3, h+1 on T_h) */
} ics_policy;

/* "fifo", "lifo", "level", "random", "postorder". */
ICS_API const char* ics_policy_name(ics_policy policy);
ICS_API ics_status ics_policy_from_name(ics_policy* out, const char* name);

/* A baseline execution order (node_count ids). `seed` is used by RANDOM. */
ICS_API ics_status ics_dag_order(uint32_t* out, size_t capacity, size_t* out_count, const ics_dag* dag,
                                 ics_policy policy, uint64_t seed);
/* ICS_OK if `order` executes every node exactly once with parents first;
 * ICS_ERR_INVALID_ORDER otherwise (message names the node and step). */
ICS_API ics_status ics_order_validate(const ics_dag* dag, const uint32_t* order, size_t len);

/* The outcome of playing the IC pebble game with one order. A profile copies
 * what it needs: it stays valid after its dag is modified or destroyed. */
typedef struct ics_profile ics_profile;

/* Validates `order` and evaluates it. */
ICS_API ics_status ics_profile_evaluate(ics_profile** out, const ics_dag* dag, const uint32_t* order,
                                        size_t len);
ICS_API void ics_profile_destroy(ics_profile* profile);
/* Number of steps n (the profile has n+1 values E(0..n)). */
ICS_API ics_status ics_profile_steps(uint32_t* out, const ics_profile* profile);
/* E(0..n): ELIGIBLE nodes after t executions. */
ICS_API ics_status ics_profile_eligible(uint32_t* out, size_t capacity, size_t* out_count,
                                        const ics_profile* profile);
/* The order that was evaluated. */
ICS_API ics_status ics_profile_order(uint32_t* out, size_t capacity, size_t* out_count,
                                     const ics_profile* profile);
/* Memory cost: max over steps of EXECUTED nodes with an unexecuted child. */
ICS_API ics_status ics_profile_memory(uint32_t* out, const ics_profile* profile);
/* AREA = sum of E(t). */
ICS_API ics_status ics_profile_area(uint64_t* out, const ics_profile* profile);

/* ---------------------------------------------------------------- IC-optimal scheduling */

typedef enum ics_schedule_status {
    ICS_SCHEDULE_IC_OPTIMAL = 0, /* proven: E(t) is maximum at every step */
    ICS_SCHEDULE_HEURISTIC = 1,  /* not proven; ics_schedule_result_reason() says why */
    ICS_SCHEDULE_AREA_OPTIMAL = 2 /* the dag admits no IC-optimal schedule; AREA = sum of E(t)
                                     is the maximum over all its schedules (exact search) */
} ics_schedule_status;

typedef enum ics_schedule_method {
    ICS_METHOD_DECOMPOSITION = 0, /* building blocks + ▷-linearization (Theorem 2.1) */
    ICS_METHOD_SWEEP = 1,         /* the same with IC-Sweep on sums of blocks (Theorem 4.1) */
    ICS_METHOD_EXACT = 2,         /* exhaustive search over down-sets (small dags) */
    ICS_METHOD_GREEDY = 3,        /* heuristic fallback: most newly eligible first, sinks last */
    ICS_METHOD_SIDNEY = 4,        /* heuristic fallback: Sidney decomposition, greedy inside its blocks */
    ICS_METHOD_FIFO = 5,          /* heuristic fallback: the FIFO order had the largest AREA */
    ICS_METHOD_LEVEL = 6          /* heuristic fallback: the level order had the largest AREA */
} ics_schedule_method;

/* "ic-optimal" / "heuristic" / "area-optimal"; "decomposition", "decomposition+sweep",
 * "exact-search", "greedy", "sidney", "fifo", "level". */
ICS_API const char* ics_schedule_status_name(ics_schedule_status status);
ICS_API const char* ics_schedule_method_name(ics_schedule_method method);

/* What the freedom left among IC-optimal schedules is spent on. Either way
 * the profile E(t) is the same whenever the schedule is proven IC-optimal. */
typedef enum ics_objective {
    ICS_OBJECTIVE_ELIGIBILITY = 0, /* E(t) only (the engine's first choice among equals) */
    ICS_OBJECTIVE_MEMORY = 1       /* also a low memory cost: exact least among all IC-optimal
                                      schedules for dags within the exact-search limits,
                                      else the documented heuristic (README "Memory") */
} ics_objective;
/* "eligibility", "memory". */
ICS_API const char* ics_objective_name(ics_objective objective);
ICS_API ics_status ics_objective_from_name(ics_objective* out, const char* name);

#define ICS_SCHEDULE_OPTIONS_VERSION 2
typedef struct ics_schedule_options {
    unsigned version;                 /* ICS_SCHEDULE_OPTIONS_VERSION */
    uint32_t exact_max_nodes;         /* dags up to this size are decided exactly (default 20) */
    uint64_t exact_max_downsets;      /* down-set budget of the exact search for larger dags (default 2^20) */
    uint32_t block_exact_max_sources; /* exhaustive search limit for one block (default 24, at most 30) */
    ics_objective objective;          /* version >= 2; default ICS_OBJECTIVE_ELIGIBILITY */
} ics_schedule_options;
#define ICS_SCHEDULE_OPTIONS_INIT {ICS_SCHEDULE_OPTIONS_VERSION, 20, 1048576, 24, ICS_OBJECTIVE_ELIGIBILITY}
ICS_API ics_status ics_schedule_options_init(ics_schedule_options* opts, unsigned version);

typedef struct ics_schedule_result ics_schedule_result;

/* The whole pipeline: skeleton, building blocks, ▷-linearization, IC-Sweep,
 * exact search for small dags. opts may be NULL (defaults). */
ICS_API ics_status ics_schedule(ics_schedule_result** out, const ics_dag* dag, const ics_schedule_options* opts);
ICS_API void ics_schedule_result_destroy(ics_schedule_result* result);
ICS_API ics_status ics_schedule_result_status(ics_schedule_status* out, const ics_schedule_result* result);
ICS_API ics_status ics_schedule_result_method(ics_schedule_method* out, const ics_schedule_result* result);
/* Why the schedule is not proven IC-optimal ("" when it is). Owned by the result. */
ICS_API ics_status ics_schedule_result_reason(const char** out, const ics_schedule_result* result);
/* The execution order (node ids), its E(0..n), memory cost and AREA. */
ICS_API ics_status ics_schedule_result_order(uint32_t* out, size_t capacity, size_t* out_count,
                                             const ics_schedule_result* result);
ICS_API ics_status ics_schedule_result_eligible(uint32_t* out, size_t capacity, size_t* out_count,
                                                const ics_schedule_result* result);
ICS_API ics_status ics_schedule_result_memory(uint32_t* out, const ics_schedule_result* result);
ICS_API ics_status ics_schedule_result_area(uint64_t* out, const ics_schedule_result* result);
/* An integer >= the AREA of every schedule of the dag: the AREA itself when
 * the status is ic-optimal or area-optimal, else a certified bound (Sidney
 * decomposition's envelope, README "AREA"). */
ICS_API ics_status ics_schedule_result_area_bound(uint64_t* out, const ics_schedule_result* result);
/* (area_bound - AREA) / area_bound, in [0, 1]: the AREA is at least
 * (1 - gap) x the optimum; 0 when proven. */
ICS_API ics_status ics_schedule_result_area_gap(double* out, const ics_schedule_result* result);
/* Certificate: shortcut arcs removed, building blocks, linearization groups. */
ICS_API ics_status ics_schedule_result_shortcuts_removed(uint64_t* out, const ics_schedule_result* result);
ICS_API ics_status ics_schedule_result_block_count(uint32_t* out, const ics_schedule_result* result);

#define ICS_BLOCK_INFO_VERSION 1
typedef struct ics_block_info {
    unsigned version;     /* ICS_BLOCK_INFO_VERSION */
    const char* shape;    /* "W(3,2)", "C(4)", "Q(2,2)", "X(4,4)", "P[3,1/2,2]", "bipartite(30 sources)" */
    const char* kind;     /* "trivial", "w_dag", "m_dag", "n_dag", "cycle_dag", "q_dag", "pbt", "exact", "dual", "greedy", "product" */
    int proven;           /* its schedule is IC-optimal for the block */
    uint32_t sources;
    uint32_t sinks;
} ics_block_info;
#define ICS_BLOCK_INFO_INIT {ICS_BLOCK_INFO_VERSION, NULL, NULL, 0, 0, 0}
/* Strings stay valid while the result lives. */
ICS_API ics_status ics_schedule_result_block(ics_block_info* out, const ics_schedule_result* result, uint32_t block);
/* A block's sources in its schedule's order, its sinks, and its profile
 * E(0..sources) (sinks made eligible after x of its sources). */
ICS_API ics_status ics_schedule_result_block_sources(uint32_t* out, size_t capacity, size_t* out_count,
                                                     const ics_schedule_result* result, uint32_t block);
ICS_API ics_status ics_schedule_result_block_sinks(uint32_t* out, size_t capacity, size_t* out_count,
                                                   const ics_schedule_result* result, uint32_t block);
ICS_API ics_status ics_schedule_result_block_profile(uint32_t* out, size_t capacity, size_t* out_count,
                                                     const ics_schedule_result* result, uint32_t block);
/* The ▷-linearization: groups of block indices (a group of several blocks is a
 * sum scheduled by IC-Sweep). */
ICS_API ics_status ics_schedule_result_group_count(uint32_t* out, const ics_schedule_result* result);
ICS_API ics_status ics_schedule_result_group(uint32_t* out, size_t capacity, size_t* out_count,
                                             const ics_schedule_result* result, uint32_t group);
/* M(0..n), the per-step maximum of E over all schedules, when the exact search
 * ran (*out_count = 0 otherwise). */
ICS_API ics_status ics_schedule_result_max_eligible(uint32_t* out, size_t capacity, size_t* out_count,
                                                    const ics_schedule_result* result);

/* The profile the ▷ relation and IC-Sweep work on: nonsources made ELIGIBLE
 * after each of the first i nonsinks of `order` (i = 0..#nonsinks). */
ICS_API ics_status ics_order_nonsource_profile(uint32_t* out, size_t capacity, size_t* out_count,
                                               const ics_dag* dag, const uint32_t* order, size_t len);

/* ---------------------------------------------------------------- ▷ priority and IC-Sweep */

/* *out = 1 when G1 ▷ G2 by system (1) of sweep-algorithm.txt §2, else 0.
 * Profiles start with 0 (see ics_order_nonsource_profile). */
ICS_API ics_status ics_priority(int* out, const uint32_t* profile1, size_t len1, const uint32_t* profile2,
                                size_t len2);
/* The same for two dags, each through its IC-optimal schedule
 * (ICS_ERR_NOT_IC_OPTIMAL if one has none proven). */
ICS_API ics_status ics_priority_dags(int* out, const ics_dag* g1, const ics_dag* g2);
/* Why G1 ▷ G2 fails: the lexicographically smallest (x, y) violating system (1),
 *   E1(x) + E2(y) > E1(min(s1, x + y)) + E2(max(0, x + y - s1)),   s1 = len1 - 1,
 * i.e. running x nonsinks of G1 and y of G2 beats running G1's first. *out_found = 1
 * and (x, y) written when there is one; *out_found = 0 (and x = y = 0) when G1 ▷ G2.
 * out_x and out_y may be NULL. */
ICS_API ics_status ics_priority_violation(int* out_found, uint32_t* out_x, uint32_t* out_y, const uint32_t* profile1,
                                          size_t len1, const uint32_t* profile2, size_t len2);

typedef struct ics_sweep_result ics_sweep_result;
/* Algorithm IC-Sweep on p >= 1 profiles (profiles[i] has lengths[i] entries). */
ICS_API ics_status ics_sweep(ics_sweep_result** out, const uint32_t* const* profiles, const size_t* lengths,
                             size_t count);
/* The same on dags, each through its IC-optimal schedule. */
ICS_API ics_status ics_sweep_dags(ics_sweep_result** out, const ics_dag* const* dags, size_t count);
ICS_API void ics_sweep_result_destroy(ics_sweep_result* result);
/* 1 when the sum admits an IC-optimal schedule. */
ICS_API ics_status ics_sweep_result_ico(int* out, const ics_sweep_result* result);
/* 1 when G1 ▷ G2 ▷ ... ▷ Gp. */
ICS_API ics_status ics_sweep_result_chain(int* out, const ics_sweep_result* result);
/* 1 when Gi ▷ Gj (0-based). */
ICS_API ics_status ics_sweep_result_pair(int* out, const ics_sweep_result* result, uint32_t i, uint32_t j);
ICS_API ics_status ics_sweep_result_count(uint32_t* out, const ics_sweep_result* result);
/* Summand index executed at each step (when ico); the sum's profile along it. */
ICS_API ics_status ics_sweep_result_path(uint32_t* out, size_t capacity, size_t* out_count,
                                         const ics_sweep_result* result);
ICS_API ics_status ics_sweep_result_profile(uint32_t* out, size_t capacity, size_t* out_count,
                                            const ics_sweep_result* result);
/* Why no IC-optimal schedule exists, or why the summands are not a ▷-chain
 * ("" when both hold). Owned by the result. */
ICS_API ics_status ics_sweep_result_reason(const char** out, const ics_sweep_result* result);
/* Per-step maximum of the sum's eligibility over all its schedules (the
 * iterated max-plus convolution of the profiles): Σ (length - 1) + 1 entries,
 * starting with 0. No schedule of the sum does better at any step; an
 * IC-optimal one (when ico) meets it at every step, so it equals the profile. */
ICS_API ics_status ics_sweep_result_envelope(uint32_t* out, size_t capacity, size_t* out_count,
                                             const ics_sweep_result* result);
/* Where IC-Sweep failed: it merges the summands one at a time, and invocation
 * *out_group (summands 0..group merged, plus summand group + 1) found no
 * schedule reaching the maximum at step *out_diagonal of its table.
 * *out_failed = 0 (group = diagonal = 0) when the sum admits an IC-optimal
 * schedule. out_group and out_diagonal may be NULL. */
ICS_API ics_status ics_sweep_result_failure(int* out_failed, uint32_t* out_group, uint32_t* out_diagonal,
                                            const ics_sweep_result* result);
/* For sweeps of dags: the interleaved order of the sum, as (summand, node id)
 * pairs written to out_dag[i], out_node[i]; nonsinks only, then sinks per summand. */
ICS_API ics_status ics_sweep_result_order(uint32_t* out_dag, uint32_t* out_node, size_t capacity,
                                          size_t* out_count, const ics_sweep_result* result);

/* ---------------------------------------------------------------- structure */

/* The skeleton: the dag without shortcut arcs (arcs duplicating a longer
 * path); same node ids. *out_removed (may be NULL) receives their number. */
ICS_API ics_status ics_dag_skeleton(ics_dag** out, uint64_t* out_removed, const ics_dag* dag);
/* The super-dag of the skeleton's building blocks: node "B<i>" per block i
 * (the block numbering of ics_schedule_result_block). ICS_ERR_NOT_DECOMPOSABLE
 * when a block is not bipartite (the message names the nodes). */
ICS_API ics_status ics_dag_superdag(ics_dag** out, const ics_dag* dag);
/* The dual dag: every arc reversed, same node ids and names. */
ICS_API ics_status ics_dag_dual(ics_dag** out, const ics_dag* dag);
/* The dual of a schedule (clustering.txt Thm 2.3): for `order` of `dag`, an
 * order of the dual dag executing the packets of nonsources in reverse. */
ICS_API ics_status ics_order_dual(uint32_t* out, size_t capacity, size_t* out_count, const ics_dag* dag,
                                  const uint32_t* order, size_t len);

/* ---------------------------------------------------------------- dag algebra and familiar computations */

/* The dag algebra of sweep-algorithm.txt §2 (the dual is ics_dag_dual).
 * Each operation makes a new dag and, when asked, its ORIGIN MAP: for every
 * node v of the result, origin_part[v] is the operand it comes from (the
 * summand index of a sum; 0 = G1, 1 = G2 of a composition) and origin_node[v]
 * its id there. Either array may be NULL; `capacity` is their length. Unless
 * both are NULL it must be at least the result's node count, which the caller
 * knows beforehand (the summands' node counts added; n1 + n2 - pair_count;
 * count), else ICS_ERR_BUFFER_TOO_SMALL, *out_count set and no dag made.
 * *out_count (may be NULL) receives the result's node count.
 * Ids: a sum lists summand 0's nodes, then summand 1's, ... (node v of
 * summand i at offset_i + v); a composition keeps G1's ids and appends G2's
 * unmerged nodes in increasing id (a merged node keeps its G1 sink's id, name
 * and origin); an induced subdag lists the chosen nodes in increasing
 * original id.
 * Names stay unique and traceable: a sum and a composition prefix every
 * operand's names with prefixes[i] / prefix1, prefix2, by default (NULL)
 * "g<i>:" ("g0:", "g1:", ...); "" keeps the names, and names that then clash
 * give ICS_ERR_DUPLICATE_NODE. An induced subdag keeps the names. */

/* G_0 + ... + G_{count-1}: the disjoint union. `prefixes` is NULL (defaults)
 * or has `count` entries, each NULL (default) or a string. */
ICS_API ics_status ics_dag_sum(ics_dag** out, uint32_t* origin_part, uint32_t* origin_node, size_t capacity,
                               size_t* out_count, const ics_dag* const* dags, size_t count,
                               const char* const* prefixes);
/* G1 ↑ G2: sinks[k] of G1 merged with sources[k] of G2, k < pair_count
 * (ICS_ERR_UNKNOWN_NODE for an id out of range; ICS_ERR_INVALID_ARGUMENT when
 * sinks[k] is not a sink of G1, sources[k] not a source of G2, or a node is
 * merged twice). With no pairs the result is G1 + G2. */
ICS_API ics_status ics_dag_compose(ics_dag** out, uint32_t* origin_part, uint32_t* origin_node, size_t capacity,
                                   size_t* out_count, const ics_dag* g1, const ics_dag* g2, const uint32_t* sinks,
                                   const uint32_t* sources, size_t pair_count, const char* prefix1,
                                   const char* prefix2);
/* The subdag induced by ids[0..count): those nodes and the arcs among them
 * (ICS_ERR_UNKNOWN_NODE for an id out of range, ICS_ERR_INVALID_ARGUMENT for
 * a repeated one). origin_node[v] = the original id of node v. */
ICS_API ics_status ics_dag_induced(ics_dag** out, uint32_t* origin_node, size_t capacity, size_t* out_count,
                                   const ics_dag* dag, const uint32_t* ids, size_t count);

/* Familiar computations (overview slides "Familiar Computations"; sweep-algorithm.txt
 * Fig. 1, §5). Node names: see README "Dag algebra and familiar computations". */
/* Recursive matrix multiplication of 2^levels × 2^levels blocks. */
ICS_API ics_status ics_dag_generate_matrix_multiplication(ics_dag** out, uint32_t levels);
/* Discrete Laplace transform y_k(ω) = Σ_i x_i ω^{ik}, 1 <= k, i < n, term by term (n >= 2). */
ICS_API ics_status ics_dag_generate_laplace(ics_dag** out, uint32_t n);
/* Divide-and-conquer: b-ary out-tree of the given depth whose leaves feed a
 * b-ary in-tree (2 <= b <= 36); b = 2 is the expansion-reduction dag. */
ICS_API ics_status ics_dag_generate_divide_conquer(ics_dag** out, uint32_t branching, uint32_t depth);
/* Wavefront: the rows × cols grid, <i,j> -> <i+1,j>, <i,j+1>. */
ICS_API ics_status ics_dag_generate_wavefront(ics_dag** out, uint32_t rows, uint32_t cols);
/* Parallel prefix (scan) of n inputs: the recursive-doubling network. */
ICS_API ics_status ics_dag_generate_parallel_prefix(ics_dag** out, uint32_t n);
/* fMRI-like dag: two summands of `width` >= 2 sources each whose IC-optimal
 * schedule interleaves them (no summand has ▷-priority), joined by one sink. */
ICS_API ics_status ics_dag_generate_fmri(ics_dag** out, uint32_t width);

/* ---------------------------------------------------------------- task clustering (clustering.txt §3) */
/*
 * When a worker of capacity k arrives, the server hands it a *clustered task*
 * F: k tasks it can finish without further communication, chosen so that the
 * residual dag still admits an IC-optimal schedule.
 *
 *  - running state: the dag plus the ids of the EXECUTED tasks, which must be
 *    closed under parents (executed may be NULL/0: start of the computation).
 *  - self-contained: every task of F is ELIGIBLE or has all its unexecuted
 *    ancestors in F.
 *  - residual: the subdag on the tasks neither executed nor in F (names kept).
 *  - cut arcs: the arcs from a task of F to a task of the residual (the
 *    results the worker sends back; arcs from executed tasks into F are not
 *    counted). The clustering paper's Fig. 6 at k = 6: direct 8, staggered 6.
 *  - eligible rendered: tasks ELIGIBLE once F is executed (the residual's
 *    sources); newly eligible: those of them with a parent in F.
 *  - closure: the residual tasks left isolated by F and adjacent to it (§3.3.3).
 * A residual reported ICS_SCHEDULE_IC_OPTIMAL is proven: by Theorem 3.1 (the
 * tail of an IC-optimal schedule) or by the engine run on the residual.
 */
typedef enum ics_cluster_strategy {
    ICS_CLUSTER_DIRECT = 0,    /* first k tasks of an IC-optimal schedule (Theorem 3.1, Corollary 3.1) */
    ICS_CLUSTER_STAGGERED = 1, /* whole blocks of the ▷-chain, skipping some (Lemma 3.1) */
    ICS_CLUSTER_DONOR = 2,     /* universal donors: W/N/Cycle or M compositions (Theorems 3.3, 3.4) */
    ICS_CLUSTER_MIN_CUT = 3,   /* the certified candidate of the above with the fewest cut arcs */
    ICS_CLUSTER_CHECK = 4      /* a user-supplied cluster (ics_cluster_check) */
} ics_cluster_strategy;

/* "direct", "staggered", "donor", "min-cut", "check". */
ICS_API const char* ics_cluster_strategy_name(ics_cluster_strategy strategy);
/* Inverse of ics_cluster_strategy_name (also "min_cut", "mincut"). */
ICS_API ics_status ics_cluster_strategy_from_name(ics_cluster_strategy* out, const char* name);

#define ICS_CLUSTER_OPTIONS_VERSION 1
typedef struct ics_cluster_options {
    unsigned version;                 /* ICS_CLUSTER_OPTIONS_VERSION */
    uint32_t exact_max_nodes;         /* as ics_schedule_options (default 20) */
    uint64_t exact_max_downsets;      /* as ics_schedule_options (default 2^20) */
    uint32_t block_exact_max_sources; /* as ics_schedule_options (default 24, at most 30) */
    uint64_t search_budget;           /* steps of the staggered search (default 65536) */
    uint32_t max_verified;            /* candidate residuals proven by running the engine, at most (default 3) */
    uint32_t donor_seeds;             /* ELIGIBLE tasks seeding the donor's greedy growth (default 16) */
} ics_cluster_options;
#define ICS_CLUSTER_OPTIONS_INIT {ICS_CLUSTER_OPTIONS_VERSION, 20, 1048576, 24, 65536, 3, 16}
ICS_API ics_status ics_cluster_options_init(ics_cluster_options* opts, unsigned version);

typedef struct ics_cluster ics_cluster;

/* Extracts a cluster of k tasks (1 <= k <= unexecuted tasks) with `strategy`
 * (not ICS_CLUSTER_CHECK). Errors: ICS_ERR_INVALID_ARGUMENT (k, executed not
 * closed under parents or repeated), ICS_ERR_UNKNOWN_NODE (an id),
 * ICS_ERR_NOT_IC_OPTIMAL (the unexecuted dag has no proven IC-optimal
 * schedule), ICS_ERR_UNSUPPORTED (the strategy needs a structure the dag
 * lacks: staggered a ▷-linear composition, donor W/N/Cycle or M blocks; the
 * message says which). opts may be NULL. */
ICS_API ics_status ics_cluster_extract(ics_cluster** out, const ics_dag* dag, const uint32_t* executed,
                                       size_t executed_len, uint32_t k, ics_cluster_strategy strategy,
                                       const ics_cluster_options* opts);
/* Checks a user-supplied cluster (distinct unexecuted ids, any order): whether
 * it is self-contained (ics_cluster_violation says why not), its cut arcs,
 * closure, eligible counts, and the residual scheduled by the engine. */
ICS_API ics_status ics_cluster_check(ics_cluster** out, const ics_dag* dag, const uint32_t* executed,
                                     size_t executed_len, const uint32_t* tasks, size_t len,
                                     const ics_cluster_options* opts);
ICS_API void ics_cluster_destroy(ics_cluster* cluster);

/* The strategy that produced the cluster (for MIN_CUT: the winner's). */
ICS_API ics_status ics_cluster_strategy_used(ics_cluster_strategy* out, const ics_cluster* cluster);
/* F (ids of the dag), in an order the worker can execute (check: as given). */
ICS_API ics_status ics_cluster_tasks(uint32_t* out, size_t capacity, size_t* out_count, const ics_cluster* cluster);
ICS_API ics_status ics_cluster_cut_arc_count(uint64_t* out, const ics_cluster* cluster);
/* The cut arcs as pairs out_from[i] -> out_to[i]. */
ICS_API ics_status ics_cluster_cut_arcs(uint32_t* out_from, uint32_t* out_to, size_t capacity, size_t* out_count,
                                        const ics_cluster* cluster);
ICS_API ics_status ics_cluster_eligible_rendered(uint32_t* out, const ics_cluster* cluster);
ICS_API ics_status ics_cluster_newly_eligible(uint32_t* out, const ics_cluster* cluster);
/* *out = 1 when self-contained; the violation ("" when self-contained). */
ICS_API ics_status ics_cluster_self_contained(int* out, const ics_cluster* cluster);
ICS_API ics_status ics_cluster_violation(const char** out, const ics_cluster* cluster);
/* Residual tasks isolated in the residual and adjacent to F (the closure minus F). */
ICS_API ics_status ics_cluster_closure(uint32_t* out, size_t capacity, size_t* out_count, const ics_cluster* cluster);
/* The residual dag: a new handle (names kept, ids renumbered). */
ICS_API ics_status ics_cluster_residual_dag(ics_dag** out, const ics_cluster* cluster);
/* Whether the residual's schedule is proven IC-optimal; its order (ids of the
 * ORIGINAL dag); why not proven; how it was proven. Strings owned by the cluster. */
ICS_API ics_status ics_cluster_residual_status(ics_schedule_status* out, const ics_cluster* cluster);
ICS_API ics_status ics_cluster_residual_order(uint32_t* out, size_t capacity, size_t* out_count,
                                              const ics_cluster* cluster);
ICS_API ics_status ics_cluster_residual_reason(const char** out, const ics_cluster* cluster);
ICS_API ics_status ics_cluster_certificate(const char** out, const ics_cluster* cluster);

/* Repeated extraction: workers of capacities sizes[0..count) served one after
 * the other from the shrinking residual (cluster i is extracted after clusters
 * 0..i-1 ran). When the strategy does not apply to a residual known to be
 * IC-optimal only by Theorem 3.1, that worker gets the direct cluster (see
 * ics_cluster_strategy_used). */
typedef struct ics_cluster_list ics_cluster_list;
ICS_API ics_status ics_cluster_sequence(ics_cluster_list** out, const ics_dag* dag, const uint32_t* executed,
                                        size_t executed_len, const uint32_t* sizes, size_t count,
                                        ics_cluster_strategy strategy, const ics_cluster_options* opts);
ICS_API void ics_cluster_list_destroy(ics_cluster_list* list);
ICS_API ics_status ics_cluster_list_count(uint32_t* out, const ics_cluster_list* list);
/* A new handle holding a copy of cluster `index` (destroy it). */
ICS_API ics_status ics_cluster_list_get(ics_cluster** out, const ics_cluster_list* list, uint32_t index);

/* The dag of Fig. 6a of the clustering paper: two out-meshes joined, of type
 * W(1,2)↑W(1,2)↑W(2,2)↑W(2,2)↑W(3,2)↑W(3,2)↑W(4,2)↑W(4,2)↑W(5,2)↑W(6,2)↑W(10,2)
 * (54 nodes: left mesh "L<x>_<y>", right mesh "R<x>_<y>", joining sinks "J1".."J11"). */
ICS_API ics_status ics_dag_generate_clustering_fig6(ics_dag** out);

/* ---------------------------------------------------------------- batched scheduling (BICSO) */
/* batch-scheduling.txt: r workers ask for tasks at once; choose r ELIGIBLE
 * tasks whose execution leaves the most tasks ELIGIBLE (NP-hard in general,
 * §3, so every answer says how good it is).
 *
 * Counts reported (all from the definition, ELIGIBLE = unexecuted with every
 * parent executed):
 *   eligible_before  ELIGIBLE tasks given the executed set;
 *   newly_eligible   tasks the batch renders ELIGIBLE (not ELIGIBLE before);
 *   eligible_after   ELIGIBLE tasks once the batch has run
 *                    = eligible_before - r + newly_eligible;
 *   bound_after      a proven upper bound on the best possible eligible_after
 *                    (== eligible_after when the answer is optimal).
 *
 * Methods: EXACT (exhaustive search of each component of the reduction of
 * Theorem 2, with a budget), TREE_DP (Σ_DP of Lemma 3 on composite tree-dags,
 * combined by Theorem 2: polynomial and optimal), EXPANSIVE (Σ_exp of
 * Theorem 4: >= 1/4 of the optimal gain), GREEDY (no guarantee beyond
 * bound_after). AUTO picks per component; see README "Batched scheduling". */
typedef enum ics_batch_method {
    ICS_BATCH_METHOD_AUTO = 0,      /* options only: choose per component */
    ICS_BATCH_METHOD_EXACT = 1,
    ICS_BATCH_METHOD_TREE_DP = 2,
    ICS_BATCH_METHOD_EXPANSIVE = 3,
    ICS_BATCH_METHOD_GREEDY = 4
} ics_batch_method;

/* "auto", "exact", "tree-dp", "expansive", "greedy". */
ICS_API const char* ics_batch_method_name(ics_batch_method method);
ICS_API ics_status ics_batch_method_from_name(ics_batch_method* out, const char* name);

#define ICS_BATCH_OPTIONS_VERSION 1
typedef struct ics_batch_options {
    unsigned version;        /* ICS_BATCH_OPTIONS_VERSION */
    ics_batch_method method; /* AUTO, or force one method: EXACT fails with ICS_ERR_TOO_LARGE when its
                                budget runs out; TREE_DP / EXPANSIVE fail with ICS_ERR_UNSUPPORTED
                                when the instance is not a composite tree-dag / not expansive */
    uint64_t exact_budget;   /* search nodes of the branch and bound per call; 0 = unlimited */
} ics_batch_options;
#define ICS_BATCH_OPTIONS_INIT {ICS_BATCH_OPTIONS_VERSION, ICS_BATCH_METHOD_AUTO, 1048576}
ICS_API ics_status ics_batch_options_init(ics_batch_options* opts, unsigned version);

typedef struct ics_batch_result ics_batch_result;

/* Chooses r ELIGIBLE tasks given the `executed` tasks (ids; any order; may be
 * NULL when executed_len is 0). ICS_ERR_INVALID_ARGUMENT when the executed set
 * has an id out of range, a duplicate or a task with an unexecuted parent (the
 * message names both), when r is 0 or exceeds the number of ELIGIBLE tasks
 * (the message gives the counts). opts may be NULL (defaults). */
ICS_API ics_status ics_batch_select(ics_batch_result** out, const ics_dag* dag, const uint32_t* executed,
                                    size_t executed_len, uint32_t r, const ics_batch_options* opts);
/* Accepts NULL; a result owned by a play (ics_batch_play_result_batch) is left alone. */
ICS_API void ics_batch_result_destroy(ics_batch_result* result);
/* The batch: r task ids in increasing order. */
ICS_API ics_status ics_batch_result_selected(uint32_t* out, size_t capacity, size_t* out_count,
                                             const ics_batch_result* result);
ICS_API ics_status ics_batch_result_eligible_before(uint32_t* out, const ics_batch_result* result);
ICS_API ics_status ics_batch_result_eligible_after(uint32_t* out, const ics_batch_result* result);
ICS_API ics_status ics_batch_result_newly_eligible(uint32_t* out, const ics_batch_result* result);
ICS_API ics_status ics_batch_result_bound_after(uint32_t* out, const ics_batch_result* result);
/* The method that produced the answer (never AUTO). */
ICS_API ics_status ics_batch_result_method(ics_batch_method* out, const ics_batch_result* result);
/* 1 when eligible_after is proven to be the maximum. */
ICS_API ics_status ics_batch_result_optimal(int* out, const ics_batch_result* result);
/* One line saying what is proven (owned by the result). */
ICS_API ics_status ics_batch_result_guarantee(const char** out, const ics_batch_result* result);

typedef struct ics_batch_play_result ics_batch_play_result;

/* Plays the Batched IC Pebble Game from the `executed` tasks (checked as by
 * ics_batch_select; none = the start of the game): step t executes
 * min(e_t, requests[t]) ELIGIBLE tasks chosen by ics_batch_select (an empty
 * batch once everything has run). requests[t] == 0 is ICS_ERR_INVALID_ARGUMENT. */
ICS_API ics_status ics_batch_play(ics_batch_play_result** out, const ics_dag* dag, const uint32_t* executed,
                                  size_t executed_len, const uint32_t* requests, size_t count,
                                  const ics_batch_options* opts);
ICS_API void ics_batch_play_result_destroy(ics_batch_play_result* result);
/* Number of batches (= count of requests). */
ICS_API ics_status ics_batch_play_result_count(uint32_t* out, const ics_batch_play_result* result);
/* The batches as CSR: offsets (count+1 entries) into ids; batch t is
 * ids[offsets[t] .. offsets[t+1]). */
ICS_API ics_status ics_batch_play_result_offsets(uint32_t* out, size_t capacity, size_t* out_count,
                                                 const ics_batch_play_result* result);
ICS_API ics_status ics_batch_play_result_ids(uint32_t* out, size_t capacity, size_t* out_count,
                                             const ics_batch_play_result* result);
/* ELIGIBLE tasks after each batch (count entries). */
ICS_API ics_status ics_batch_play_result_eligible_after(uint32_t* out, size_t capacity, size_t* out_count,
                                                        const ics_batch_play_result* result);
/* Batch t as a result handle owned by the play (valid until it is destroyed;
 * ics_batch_result_destroy ignores it). */
ICS_API ics_status ics_batch_play_result_batch(const ics_batch_result** out, const ics_batch_play_result* result,
                                               uint32_t index);

#ifdef __cplusplus
}
#endif

#endif /* ICS_ICS_H */
