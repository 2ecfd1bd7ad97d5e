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
    ICS_ERR_INTERNAL = -15         /* a bug: please report */
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
/* Format the dag was read from (ICS_FORMAT_AUTO for dags built by hand). */
ICS_API ics_status ics_dag_source_format(ics_format* out, const ics_dag* dag);
/* Writes as EDGES, DOT or WFFORMAT (JSON); others give ICS_ERR_UNSUPPORTED. */
ICS_API ics_status ics_dag_write_file(const ics_dag* dag, const char* path, ics_format format);
/* The same into a NUL-terminated string to free with ics_free(); *out_len may be NULL. */
ICS_API ics_status ics_dag_write_string(char** out, size_t* out_len, const ics_dag* dag, ics_format format);

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
    ICS_POLICY_FIFO = 0,  /* ready queue in the order tasks became eligible */
    ICS_POLICY_LIFO = 1,  /* newest eligible first (the papers' "eager") */
    ICS_POLICY_LEVEL = 2, /* level by level */
    ICS_POLICY_RANDOM = 3 /* random eligible task, seeded */
} ics_policy;

/* "fifo", "lifo", "level", "random". */
ICS_API const char* ics_policy_name(ics_policy policy);
ICS_API ics_status ics_policy_from_name(ics_policy* out, const char* name);

/* A baseline execution order (node_count ids). `seed` is used by RANDOM. */
ICS_API ics_status ics_dag_order(uint32_t* out, size_t capacity, size_t* out_count, const ics_dag* dag,
                                 ics_policy policy, uint64_t seed);
/* ICS_OK if `order` executes every node exactly once with parents first;
 * ICS_ERR_INVALID_ORDER otherwise (message names the node and step). */
ICS_API ics_status ics_order_validate(const ics_dag* dag, const uint32_t* order, size_t len);

/* The outcome of playing the IC pebble game with one order. */
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

#ifdef __cplusplus
}
#endif

#endif /* ICS_ICS_H */
