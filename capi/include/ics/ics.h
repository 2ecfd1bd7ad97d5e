/*
 * icsched — IC-optimal scheduling of computation DAGs. The stable C API.
 *
 * icsched orders the tasks of a computation dag so that, after every step, as
 * many tasks as possible are ELIGIBLE (unexecuted, every parent executed):
 * the remote workers of a grid, a volunteer-computing project or a workflow
 * system then rarely starve. A schedule that reaches the maximum at every step
 * is IC-optimal. This one header is the whole API; build with
 *     cc prog.c $(pkg-config --cflags --libs ics)
 * Stability: VERSIONING.md (installed with the documentation) says what may
 * change between releases and how the options structs grow.
 *
 * Papers cited below by title and section:
 *  - A. L. Rosenberg, M. Yurkewych, "Guidelines for Scheduling Some Common
 *    Computation-Dags for Internet-Based Computing" (IEEE Trans. Computers,
 *    2005): the IC pebble game, E(t), memory cost, meshes, trees, FFT dags.
 *  - G. Cordasco, G. Malewicz, A. L. Rosenberg, "Extending IC-Scheduling via
 *    the Sweep Algorithm" (PDP 2008 / JPDC 2010): building blocks, the ▷
 *    priority relation (§2, system (1)), Algorithm IC-Sweep (§3), scheduling
 *    with it (§4, Theorem 4.1), the dag algebra (§2).
 *  - G. Cordasco, A. L. Rosenberg, M. Sims, "On clustering DAGs for
 *    task-hungry computing platforms" (Central European J. Computer Science,
 *    2011): IC-optimal schedules via decomposition (§2.2), duality, clustered
 *    tasks (§3).
 *  - G. Malewicz, A. L. Rosenberg, "Batch-Scheduling Dags for Internet-Based
 *    Computing" (Euro-Par 2005): the batched pebble game and BICSO.
 *
 * Conventions
 *  - Status: every function returns an ics_status (ICS_OK = 0, errors
 *    negative) unless it is a destroy function or a pure query of static
 *    text. On error, ics_last_error_message() says why (names the file and
 *    line, the node, the limit...); the status is the source of truth.
 *    Out-parameters are left untouched on error. No call aborts or lets an
 *    exception escape on bad input.
 *  - Arguments: out-parameters come first; inputs are const. Names are
 *    NUL-terminated UTF-8. Node ids are dense: 0 .. node_count-1, in the order
 *    nodes were added or read.
 *  - Handles (ics_dag, ics_profile, ics_schedule_result, ics_sweep_result,
 *    ics_cluster, ics_cluster_list, ics_batch_result, ics_batch_play_result,
 *    ics_workspace) are opaque. The caller owns every handle a function creates (out
 *    parameter `ics_xxx** out`) and frees it with the matching *_destroy,
 *    which accepts NULL. A pointer that is not a live handle of the expected
 *    kind — a foreign pointer, or a handle already destroyed — is reported as
 *    ICS_ERR_MISUSE (a *_destroy ignores it) without reading the memory it
 *    points to: the library keeps a registry of live handles (and a magic
 *    number per kind). What it cannot detect: a destroyed handle whose
 *    address the allocator has since given to a new handle of the same kind
 *    (then the call acts on the new one). Result handles copy what they need: they stay
 *    valid after the dag they came from is changed or destroyed.
 *  - Strings returned through `const char** out` are owned by the handle they
 *    came from and stay valid while it lives (a dag's node names: until the
 *    dag is modified). Strings returned through `char** out` are the
 *    caller's: free them with ics_free(). Static strings (*_name,
 *    ics_status_string, ics_version) live forever.
 *  - Buffers: arrays are copied into caller buffers. `capacity` is the buffer
 *    length in elements; when it is too small nothing is written, *out_count
 *    (if given) receives the needed length and ICS_ERR_BUFFER_TOO_SMALL is
 *    returned. A NULL buffer with capacity 0 is a size query: ICS_OK and
 *    *out_count set. Sizes known beforehand are documented (n ids for an
 *    order, n+1 values for E(0..n)).
 *  - Versioned structs: options and info structs start with `unsigned
 *    version`; initialise them with their *_INIT macro or *_init() function.
 *    NULL options mean the defaults.
 *  - Enums only grow; values are never renumbered.
 *
 * Threads
 *  - Different handles are independent: any calls on different handles may
 *    run concurrently.
 *  - On the same handle, every function that takes it as `const` (all
 *    queries, reading a dag's structure, scheduling it, sweeping, clustering,
 *    batch selection, writing it to a file) may be called from any number of
 *    threads at once. A dag built by hand is turned into its compact form by
 *    the first such call, under a lock inside the handle.
 *  - Functions that take the handle non-const — ics_dag_add_node,
 *    ics_dag_add_arc, ics_dag_add_arc_by_name — and every *_destroy need
 *    exclusive use of it: no other call on that handle may run at the same
 *    time, and strings previously returned by the dag (node names) become
 *    invalid.
 *  - ics_last_error_message() is per thread: it reports the last failing call
 *    of the calling thread.
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

/* ---------------------------------------------------------------- status
 * Status codes, the per-thread error message, the library's version, and
 * ics_free for memory the library hands over. */

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
    ICS_ERR_NOT_DECOMPOSABLE = -17, /* the dag is not a composition of bipartite building blocks */
    ICS_ERR_CANCELLED = -18        /* a progress callback returned nonzero (ics_schedule_options version 5) */
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

/* ---------------------------------------------------------------- dag
 * The dag handle: build a dag node by node and arc by arc (or read, generate
 * or derive one), then query its structure. Arcs u -> v mean u runs before v.
 * Mutations and queries may be interleaved; a cycle is reported by the first
 * call that needs an acyclic dag. */

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

/* ---------------------------------------------------------------- files
 * Reading workflow files (the format is detected from the name and the
 * content unless given; content that is none of the formats is refused with
 * one message naming the formats tried), writing dags, and handing a
 * schedule to a workflow system as task priorities. */

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

/* Which files a DAGMan INCLUDE or SPLICE may open (README, "Security and
 * limits"). Only regular files are ever read (never a FIFO or device), and
 * the policy is checked before a file is opened, so an error never shows a
 * line of a file outside the allowed tree. */
typedef enum ics_include_policy {
    ICS_INCLUDE_SAME_DIRECTORY_TREE = 0, /* default: files under base_dir (ics_dag_read_string: no file
                                            at all without one) or under the read file's folder
                                            (ics_dag_read_file), symbolic links resolved */
    ICS_INCLUDE_DENY = 1,                /* no INCLUDE / SPLICE file is opened */
    ICS_INCLUDE_ALLOW = 2                /* any regular file the process can read (trusted input only) */
} ics_include_policy;
/* "same-directory-tree", "deny", "allow". */
ICS_API const char* ics_include_policy_name(ics_include_policy policy);
ICS_API ics_status ics_include_policy_from_name(ics_include_policy* out, const char* name);

/* Read limits: a hostile file (an INCLUDE bomb, one arc written a million
 * times, INCLUDE /dev/zero) fails fast with ICS_ERR_TOO_LARGE, the message
 * naming the limit, its value and the file, instead of exhausting time or
 * memory. Counts cover the whole read: every file, every re-read. A limit of
 * 0 means its default below; UINT64_MAX means none. */
#define ICS_READ_DEFAULT_MAX_BYTES 1073741824u /* 1 GiB read in all */
#define ICS_READ_DEFAULT_MAX_INCLUDES 10000u   /* INCLUDE + SPLICE files opened */
#define ICS_READ_DEFAULT_MAX_SPLICES 10000u    /* SPLICE instances, nested ones included */
#define ICS_READ_DEFAULT_MAX_NODES 10000000u
#define ICS_READ_DEFAULT_MAX_ARCS 10000000u    /* arcs as written, duplicates counted */

#define ICS_READ_OPTIONS_VERSION 3
typedef struct ics_read_options {
    unsigned version; /* ICS_READ_OPTIONS_VERSION */
    ics_format format;/* ICS_FORMAT_AUTO by default */
    /* version 2: limits (a version-1 struct gets the defaults) */
    ics_include_policy include_policy; /* ICS_INCLUDE_SAME_DIRECTORY_TREE */
    const char* base_dir; /* NULL: ics_dag_read_string opens no file; ics_dag_read_file allows the
                             file's own folder. Else the root of the allowed tree and (strings)
                             the base of relative paths */
    uint64_t max_bytes;
    uint64_t max_includes;
    uint64_t max_splices;
    uint64_t max_nodes;
    uint64_t max_arcs;
    /* version 3: 1 (default, and for a version-1/2 struct) keeps what
     * ics_dag_write_priorities_* needs to rewrite the file read (DAGMan,
     * DAX, WfFormat: its text, ~50-80 bytes per node + arc). 0 drops it once
     * the dag is built, for callers that never write priorities back; they
     * then give ICS_ERR_UNSUPPORTED for the file's own target (dagman, dax,
     * wfformat), the message saying to read with keep_source = 1. */
    /* With 0, ics_dag_read_file maps a regular file of 1 MiB or more instead
     * of loading it, and the DAGMan, WfFormat and adjacency-JSON readers give
     * its pages back as they pass them (issue 18: the file is never held
     * whole); another process truncating the file during the read ends this
     * one with SIGBUS, as with any mapped file. */
    int keep_source;
} ics_read_options;
#define ICS_READ_OPTIONS_INIT                                                                   \
    {ICS_READ_OPTIONS_VERSION, ICS_FORMAT_AUTO, ICS_INCLUDE_SAME_DIRECTORY_TREE, NULL,          \
     ICS_READ_DEFAULT_MAX_BYTES, ICS_READ_DEFAULT_MAX_INCLUDES, ICS_READ_DEFAULT_MAX_SPLICES,   \
     ICS_READ_DEFAULT_MAX_NODES, ICS_READ_DEFAULT_MAX_ARCS, 1}
ICS_API ics_status ics_read_options_init(ics_read_options* opts, unsigned version);

/* Reads a workflow file (options may be NULL = auto-detect, default limits
 * and include policy). The result is a validated dag; errors name the file,
 * line (or JSON path) and cause; a read limit hit is ICS_ERR_TOO_LARGE, a
 * DAGMan INCLUDE/SPLICE the policy refuses or that is not a regular file
 * ICS_ERR_IO. */
ICS_API ics_status ics_dag_read_file(ics_dag** out, const char* path, const ics_read_options* opts);
/* Same from memory; `len` bytes of `data` (need not be NUL-terminated).
 * A DAGMan INCLUDE/SPLICE opens no file unless opts->base_dir is given (or
 * the policy is ICS_INCLUDE_ALLOW); relative paths start from base_dir. */
ICS_API ics_status ics_dag_read_string(ics_dag** out, const char* data, size_t len,
                                       const ics_read_options* opts);
/* Warnings of the reader: what it read past without failing, e.g. a DAGMan
 * INCLUDE or SPLICE file that does not exist (its nodes are not in the dag).
 * Strings are owned by the dag. */
ICS_API ics_status ics_dag_warning_count(uint32_t* out, const ics_dag* dag);
ICS_API ics_status ics_dag_warning(const char** out, const ics_dag* dag, uint32_t index);
/* Format the dag was read from (ICS_FORMAT_AUTO for dags built by hand). */
ICS_API ics_status ics_dag_source_format(ics_format* out, const ics_dag* dag);
/* Writes as EDGES, DOT, WFFORMAT (JSON), ADJACENCY_JSON, DAGMAN (a JOB line per
 * task naming the submit file <task>.sub, then PARENT/CHILD lines) or DAX
 * (Pegasus DAX 3.6: <job> and <child>/<parent> elements); each reads back to
 * the same dag with the same ids. STG, or a name the format cannot hold (an
 * edge list: white space or '#'; DAGMan: white space, '+', PARENT, CHILD,
 * ALL_NODES, a trailing '\'; control characters), gives ICS_ERR_UNSUPPORTED. */
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
 * read from a DAGMan file; ICS_ERR_INVALID_ARGUMENT when it was changed since;
 * ICS_ERR_IO when a SPLICE file is missing (its nodes are unknown). The same
 * as ics_dag_write_priorities_string with ICS_PRIORITIES_DAGMAN. */
ICS_API ics_status ics_dag_write_dagman_priorities(char** out, size_t* out_len, const ics_dag* dag,
                                                   const uint32_t* order, size_t len);

/* Priorities written into the workflow systems users run. `order` (a valid
 * execution order, ICS_ERR_INVALID_ORDER otherwise) gives each node the
 * priority of ics_order_priorities: the first task n, the last 1. The
 * rewriting targets start from the file the dag was read from and keep every
 * other byte of it (comments, spacing, case, line endings):
 *  DAGMAN    PRIORITY lines (or prio's VARS JOBPRIORITY, see prio_compat) in
 *            the top-level DAGMan file; nodes DAGMan takes no PRIORITY for
 *            from it (FINAL, SERVICE, nodes of a SPLICE, which only their own
 *            file can name) get none; a SPLICE whose file is missing is
 *            ICS_ERR_IO.
 *  DAX       <profile namespace="condor" key="priority"> in each Pegasus job.
 *  WFFORMAT  a "priority" field in each task of the task list (WfFormat's
 *            schema allows task fields beyond its own); dags read from other
 *            formats are written as a new WfFormat 1.5 document.
 *  AIRFLOW_JSON / AIRFLOW_PYTHON  {"weight_rule": "absolute",
 *            "priority_weight": {task_id: weight}} / a Python module with
 *            WEIGHT_RULE and PRIORITY_WEIGHTS for a DAG file to import.
 *  CSV / TABLE_JSON  node,rank,priority / [{"node", "rank", "priority"}].
 * DAGMAN and DAX need a dag read from that format (ICS_ERR_UNSUPPORTED
 * otherwise) and not changed since (ICS_ERR_INVALID_ARGUMENT). */
typedef enum ics_priority_target {
    ICS_PRIORITIES_DAGMAN = 0,
    ICS_PRIORITIES_DAX = 1,
    ICS_PRIORITIES_WFFORMAT = 2,
    ICS_PRIORITIES_AIRFLOW_JSON = 3,
    ICS_PRIORITIES_AIRFLOW_PYTHON = 4,
    ICS_PRIORITIES_CSV = 5,
    ICS_PRIORITIES_TABLE_JSON = 6
} ics_priority_target;
/* Where the file already gives a node a priority (DAGMan: its PRIORITY lines,
 * the last one winning and ALL_NODES counting for every node; DAX: a condor
 * priority profile; WfFormat: a task's "priority"). */
typedef enum ics_priority_mode {
    ICS_PRIORITY_MODE_REPLACE = 0, /* ours only: the user's statements for those nodes are removed */
    ICS_PRIORITY_MODE_KEEP = 1,    /* a node's own statement stays and wins; the others get ours
                                      (DAGMan: PRIORITY ALL_NODES stays but is no node's own) */
    ICS_PRIORITY_MODE_ADD = 2      /* user * (n + 1) + ours: the user's tiers stay ordered, ours
                                      orders each tier; beyond 32 bits is ICS_ERR_TOO_LARGE */
} ics_priority_mode;
/* "dagman", "dax", "wfformat", "airflow", "airflow-python", "csv", "table-json". */
ICS_API const char* ics_priority_target_name(ics_priority_target target);
ICS_API ics_status ics_priority_target_from_name(ics_priority_target* out, const char* name);
/* "replace", "keep", "add". */
ICS_API const char* ics_priority_mode_name(ics_priority_mode mode);
ICS_API ics_status ics_priority_mode_from_name(ics_priority_mode* out, const char* name);

#define ICS_PRIORITY_OPTIONS_VERSION 1
typedef struct ics_priority_options {
    unsigned version;           /* ICS_PRIORITY_OPTIONS_VERSION */
    ics_priority_target target; /* ICS_PRIORITIES_CSV by default */
    ics_priority_mode mode;     /* ICS_PRIORITY_MODE_REPLACE by default */
    int prio_compat;            /* DAGMAN only: nonzero writes VARS <node> JOBPRIORITY="<p>" (prio, 2005)
                                   instead of PRIORITY lines, for submit files saying
                                   priority = $(JOBPRIORITY); such VARS lines count as the user's */
} ics_priority_options;
#define ICS_PRIORITY_OPTIONS_INIT {ICS_PRIORITY_OPTIONS_VERSION, ICS_PRIORITIES_CSV, ICS_PRIORITY_MODE_REPLACE, 0}
ICS_API ics_status ics_priority_options_init(ics_priority_options* opts, unsigned version);
/* The text of opts->target (opts NULL = defaults), NUL-terminated, to free
 * with ics_free(); *out_len may be NULL. */
ICS_API ics_status ics_dag_write_priorities_string(char** out, size_t* out_len, const ics_dag* dag,
                                                   const uint32_t* order, size_t len,
                                                   const ics_priority_options* opts);
/* The same into `path`, through a temporary file in the same folder renamed
 * at the end: on any error no file is left behind and an existing `path` is
 * unchanged. */
ICS_API ics_status ics_dag_write_priorities_file(const ics_dag* dag, const char* path, const uint32_t* order,
                                                 size_t len, const ics_priority_options* opts);

/* ---------------------------------------------------------------- generators
 * The dag families of the papers (W, M, N and cycle blocks, PBT, meshes,
 * trees, FFT; "Guidelines for Scheduling Some Common Computation-Dags" §3-5,
 * "On clustering DAGs" §2.2) and random dags. */
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

/* ---------------------------------------------------------------- orders and profiles
 * Baseline execution orders (fifo, lifo, level, random, postorder) and the IC
 * pebble game: E(t), the ELIGIBLE tasks after t executions; the memory cost;
 * AREA = the sum of E(t) ("Guidelines ..." §2). */

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

/* ---------------------------------------------------------------- IC-optimal scheduling
 * ics_schedule: the IC-optimal schedule of a dag when one can be proven
 * (shortcut removal, building blocks, ▷-linearization with IC-Sweep on sums:
 * "Extending IC-Scheduling via the Sweep Algorithm" §2 and Theorem 4.1;
 * exact search on small dags), else a heuristic one with the reason; the
 * result carries the certificate (blocks, their schedules, the groups). */

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
    ICS_METHOD_LEVEL = 6,         /* heuristic fallback: the level order had the largest AREA */
    ICS_METHOD_SERIES_PARALLEL = 7 /* AREA-maximal: the dag is series-parallel (Lawler's algorithm) */
} ics_schedule_method;

/* "ic-optimal" / "heuristic" / "area-optimal"; "decomposition", "decomposition+sweep",
 * "exact-search", "greedy", "sidney", "fifo", "level", "series-parallel". */
ICS_API const char* ics_schedule_status_name(ics_schedule_status status);
ICS_API const char* ics_schedule_method_name(ics_schedule_method method);

/* What the freedom left among IC-optimal schedules is spent on. Either way
 * the profile E(t) is the same whenever the schedule is proven IC-optimal. */
typedef enum ics_objective {
    ICS_OBJECTIVE_ELIGIBILITY = 0, /* E(t) only (the engine's first choice among equals) */
    ICS_OBJECTIVE_MEMORY = 1       /* also a low memory cost: exact least among all IC-optimal
                                      schedules for dags within the exact-search limits,
                                      else a heuristic: the admissible block, then source, that
                                      changes the number of open tasks least */
} ics_objective;
/* "eligibility", "memory". */
ICS_API const char* ics_objective_name(ics_objective objective);
ICS_API ics_status ics_objective_from_name(ics_objective* out, const char* name);

#define ICS_SCHEDULE_OPTIONS_VERSION 5
typedef struct ics_schedule_options {
    unsigned version;                 /* ICS_SCHEDULE_OPTIONS_VERSION */
    uint32_t exact_max_nodes;         /* dags up to this size are decided exactly (default 20) */
    uint64_t exact_max_downsets;      /* down-set budget of the exact search for larger dags (default 2^20) */
    uint32_t block_exact_max_sources; /* exhaustive search limit for one block (default 24, at most 30) */
    ics_objective objective;          /* version >= 2; default ICS_OBJECTIVE_ELIGIBILITY */
    /* version >= 3: down-sets the exact AREA search may visit on a dag without
     * a proven IC-optimal schedule, of any size (default 2^21, about 0.6 s);
     * over it the heuristic answer is returned, the reason says so; 0 turns
     * the exact AREA search off. Versions 1 and 2 keep their budget:
     * max(their exact budget, 2^22), none when that is 0. */
    uint64_t area_max_downsets;
    /* version >= 4: units of work (arcs built and scanned by max-flows;
     * one per 8 subsets where small two-level parts are split by
     * enumeration) the Sidney
     * decomposition may spend when no schedule is proven (README "The AREA
     * fallback"); 0 (the default): min(2 size^2, 2^20) per weakly connected
     * component (size = its nodes + arcs), plus 16 x (nodes + arcs) + 2^24
     * on dags of at most 2^18 nodes + arcs. Past it the sets not yet split stay whole blocks,
     * ordered greedily, and the AREA bound is looser (the reason says so);
     * more buys a tighter bound and often a larger AREA (Erdős–Rényi 10^5
     * nodes: ~400M units, 2-5 s, gap 47% -> 0.07%); 1 splits nothing. */
    uint64_t sidney_max_work;
    /* version >= 5: progress reports and cancellation (default NULL: none).
     * Called on the calling thread at the pipeline's stage boundaries (at
     * most ~80 calls per dag: no measurable cost) with the stage's name (for
     * people, e.g. "certificate", "shortcuts", "decomposition", "blocks",
     * "linearization", "exact search", "AREA fallback: Sidney decomposition",
     * "AREA fallback: candidate orders", "evaluation", "memory objective"; the
     * names and their number may change between releases) and, where the
     * stage has a natural count, `done` of `total` (else 0 of 0); `stage`
     * lives until the callback returns. A nonzero return cancels: the call
     * frees what it built and returns ICS_ERR_CANCELLED. The callback must
     * return (no longjmp, no exception). Reading a dag is not covered. */
    int (*progress)(void* user, const char* stage, uint64_t done, uint64_t total);
    void* progress_user; /* passed to progress as `user` */
} ics_schedule_options;
#define ICS_SCHEDULE_OPTIONS_INIT {ICS_SCHEDULE_OPTIONS_VERSION, 20, 1048576, 24, ICS_OBJECTIVE_ELIGIBILITY, 2097152, 0, NULL, NULL}
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
/* Certificate: shortcut arcs removed, building blocks, linearization groups.
 * shortcuts_removed is 0 when arcs proven to be no shortcut already showed
 * that the dag is no composition of CBBBs (its shortcuts are then not
 * looked for; the reason ends "the shortcuts were not removed"). */
ICS_API ics_status ics_schedule_result_shortcuts_removed(uint64_t* out, const ics_schedule_result* result);
/* Linearization groups the proof emitted by the forced-join lemma (README
 * "Forced joins"): a join block that gates the rest of the dag goes next
 * although it lacks ▷-priority over the blocks it frees. 0 unless the
 * decomposition proved the schedule that way. */
ICS_API ics_status ics_schedule_result_forced_joins(uint32_t* out, const ics_schedule_result* result);
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

/* ---------------------------------------------------------------- workspace
 * A workspace keeps the pipeline's big arrays across ics_workspace_schedule
 * calls, as zstd's ZSTD_CCtx does for compression: the arrays a call maps and
 * frees (the skeleton's, the decomposition's, the linearizer's, the
 * assembly's per-node arrays of 4 MB and more, i.e. dags of about 10^6
 * nodes and up) stay mapped in it, and the next call reuses them instead of
 * mapping new ones and having the kernel fault in and zero every page again.
 * Meant for repeated scheduling (a server, many same-sized dags); results are
 * identical to ics_schedule's. Results do not depend on the workspace: they
 * may outlive it and be destroyed in any order.
 * Threads: a workspace is used by one call at a time (one per thread): an
 * ics_workspace_schedule on a workspace another one is using fails with
 * ICS_ERR_MISUSE; ics_workspace_size, although it takes the workspace
 * const, must not run during a call on it either.
 * Memory: between calls it holds at most what the last call allocated in
 * such arrays (ics_workspace_size); ics_workspace_destroy gives them back.
 * Smaller dags gain nothing (their arrays come from malloc, which reuses
 * them by itself). */
typedef struct ics_workspace ics_workspace;
ICS_API ics_status ics_workspace_create(ics_workspace** out);
/* Accepts NULL. */
ICS_API void ics_workspace_destroy(ics_workspace* workspace);
/* ics_schedule(out, dag, opts) reusing the workspace's arrays (opts may be NULL). */
ICS_API ics_status ics_workspace_schedule(ics_schedule_result** out, ics_workspace* workspace, const ics_dag* dag,
                                          const ics_schedule_options* opts);
/* Bytes the workspace holds between calls (mapped arrays not in use). */
ICS_API ics_status ics_workspace_size(uint64_t* out, const ics_workspace* workspace);

/* The profile the ▷ relation and IC-Sweep work on: nonsources made ELIGIBLE
 * after each of the first i nonsinks of `order` (i = 0..#nonsinks). */
ICS_API ics_status ics_order_nonsource_profile(uint32_t* out, size_t capacity, size_t* out_count,
                                               const ics_dag* dag, const uint32_t* order, size_t len);

/* ---------------------------------------------------------------- ▷ priority and IC-Sweep
 * G1 ▷ G2 (G1 has priority over G2: running G1's nonsinks first never loses
 * ELIGIBLE tasks) and Algorithm IC-Sweep, which decides whether a sum of dags
 * admits an IC-optimal schedule and builds it by interleaving the summands
 * ("Extending IC-Scheduling via the Sweep Algorithm" §2-3). */

/* *out = 1 when G1 ▷ G2 by system (1) of "Extending IC-Scheduling via the
 * Sweep Algorithm" §2, else 0.
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
/* 1 when Gi ▷ Gj (0-based). Decided when asked, by system (1) in
 * O(s_i · s_j): no p x p table is built by the sweep. */
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

/* ---------------------------------------------------------------- structure
 * What the scheduler works on, as dags of their own: the skeleton (no
 * shortcut arcs), the super-dag of building blocks, the dual dag and the dual
 * of a schedule. */

/* The skeleton: the dag without shortcut arcs (arcs duplicating a longer
 * path); same node ids. *out_removed (may be NULL) receives their number. */
ICS_API ics_status ics_dag_skeleton(ics_dag** out, uint64_t* out_removed, const ics_dag* dag);
/* The super-dag of the skeleton's building blocks: node "B<i>" per block i
 * (the block numbering of ics_schedule_result_block). ICS_ERR_NOT_DECOMPOSABLE
 * when a block is not bipartite (the message names the nodes). */
ICS_API ics_status ics_dag_superdag(ics_dag** out, const ics_dag* dag);
/* The dual dag: every arc reversed, same node ids and names. */
ICS_API ics_status ics_dag_dual(ics_dag** out, const ics_dag* dag);
/* The dual of a schedule ("On clustering DAGs ..." Theorem 2.3): for `order` of `dag`, an
 * order of the dual dag executing the packets of nonsources in reverse. */
ICS_API ics_status ics_order_dual(uint32_t* out, size_t capacity, size_t* out_count, const ics_dag* dag,
                                  const uint32_t* order, size_t len);

/* ---------------------------------------------------------------- dag algebra and familiar computations
 * Sum, composition and induced subdag with origin maps ("Extending
 * IC-Scheduling via the Sweep Algorithm" §2), and generators of familiar
 * computations (matrix multiplication, Laplace transform, divide and conquer,
 * wavefront, parallel prefix, fMRI-like). */

/* The dag algebra of "Extending IC-Scheduling via the Sweep Algorithm" §2
 * (the dual is ics_dag_dual).
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

/* Familiar computations (Cordasco's overview "IC-Scheduling Theory: A New
 * Scheduling Paradigm for Internet-Based Computing", "Familiar Computations";
 * "Extending IC-Scheduling via the Sweep Algorithm" Fig. 1, §5). Node names
 * encode the computation: matrix multiplication blocks a<i>_<k>, b<k>_<j>,
 * products p<i>_<k>_<j>, results c<i>_<j>; Laplace powers w<k>_<i> and sums
 * y<k>_<i>; wavefront <i>_<j>; parallel prefix <level>_<pos>; divide and
 * conquer d…, b…, c… in base-B digits; fMRI L_…, R_… joined by "mean". */
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

/* ---------------------------------------------------------------- task clustering
 * Clustered tasks for workers of capacity k ("On clustering DAGs for
 * task-hungry computing platforms" §3). */
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
 * tail of an IC-optimal schedule) or by the engine run on the residual (for a
 * Theorem 3.4 donor, possibly on the residual's dual, then Theorem 2.3).
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
/* Donor and min-cut strategies: which universal-donor theorem applied
 * ("Theorem 3.3: ..." reticulated W/N/Cycle composition, "Theorem 3.4: ..."
 * M-composition with a reticulated dual) or why none did (e.g. "Theorem 3.3
 * does not apply: not reticulated (...)"); "" for the other strategies. Owned
 * by the cluster. */
ICS_API ics_status ics_cluster_donor_note(const char** out, const ics_cluster* cluster);

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

/* ---------------------------------------------------------------- batched scheduling (BICSO)
 * r ELIGIBLE tasks at once for r workers ("Batch-Scheduling Dags for
 * Internet-Based Computing"). */
/* r workers ask for tasks at once; choose r ELIGIBLE
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
 * bound_after). AUTO picks per component: stars in closed form, trees by
 * TREE_DP, small or budget-bounded ones by EXACT, else GREEDY with an upper
 * bound; EXPANSIVE's answer is taken when it is better. */
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

/* ---------------------------------------------------------------- the IC server (run-time dispatching) */
/* A stateful dispatcher over one dag (ic-scheduling-overview slides;
 * batch-scheduling.txt §1; clustering.txt §1, §3): workers ask for tasks and
 * report them done or failed, in any order; eligible tasks always go out by
 * rank (by default the order of ics_schedule, so one worker reporting each
 * task at once replays `ics schedule`'s order).
 *
 * Task states: WAITING (a parent not executed), ELIGIBLE (in the pool),
 * RUNNING (handed out: a holder and a lease deadline), EXECUTED, FAILED
 * (failed more often than retry_limit allows), BLOCKED (a descendant of a
 * failed task). Inside a cluster (k > 1) a task may be handed out before its
 * parents, which the same worker holds; it can be completed once they are.
 *
 * Threads: a server may be called from any number of threads at once; each
 * call takes the server's mutex, so calls are linearised and every call sees
 * the state the previous one left. Destroying it while another thread uses
 * it is a bug (as for every handle).
 *
 * Errors: a bad call (unknown task, completing a task that is not running,
 * completing it twice, a failed task, a clock going back, a buffer too short,
 * a journal write that fails) returns a status and a message and leaves the
 * state unchanged.
 *
 * Durability (options.journal): every state change is appended to the
 * journal (length + CRC32C per record) with one write before the call
 * returns, so a process killed at any instant (kill -9) loses no reported
 * event; fsync after every record, every fsync_every records, or never
 * decides what survives a power cut. ics_server_open replays it: tasks
 * handed out but not reported are RUNNING and listed by ics_server_in_doubt;
 * a truncated or corrupt tail record is cut and reported
 * (ics_server_recovery), never replayed; a journal of another dag is refused
 * (ICS_ERR_INVALID_ARGUMENT). ics_server_snapshot compacts the journal into
 * one record atomically (temp file, fsync, rename). */
typedef struct ics_server ics_server;

typedef enum ics_task_state {
    ICS_TASK_WAITING = 0,
    ICS_TASK_ELIGIBLE = 1,
    ICS_TASK_RUNNING = 2,
    ICS_TASK_EXECUTED = 3,
    ICS_TASK_FAILED = 4,
    ICS_TASK_BLOCKED = 5
} ics_task_state;
/* "waiting", "eligible", "running", "executed", "failed", "blocked". */
ICS_API const char* ics_task_state_name(ics_task_state state);

typedef enum ics_server_ranking {
    ICS_SERVER_RANK_SCHEDULE = 0,  /* ics_schedule's order (objective from the options) */
    ICS_SERVER_RANK_ORDER = 1,     /* options.order: every task once, first = best */
    ICS_SERVER_RANK_PRIORITIES = 2 /* options.priorities (one per task): higher first, ties by id */
} ics_server_ranking;

/* What a request for k > 1 tasks hands out. */
typedef enum ics_server_multi {
    ICS_SERVER_MULTI_BEST = 0,         /* the k best-ranked eligible tasks */
    ICS_SERVER_MULTI_CLUSTER_RANK = 1, /* a self-contained cluster grown by rank: eligible tasks and tasks
                                          whose unexecuted parents are all in it, best rank first */
    ICS_SERVER_MULTI_CLUSTER = 2       /* a clustering-paper cluster (options.cluster_strategy) over the tasks
                                          no running or failed task precedes; CLUSTER_RANK when the strategy
                                          does not apply to them */
} ics_server_multi;

typedef enum ics_fsync {
    ICS_FSYNC_EVERY = 0,   /* fsync after every record */
    ICS_FSYNC_EVERY_N = 1, /* after every fsync_every records */
    ICS_FSYNC_NEVER = 2    /* leave it to the system */
} ics_fsync;

/* No particular worker (ics_server_request_batch with workers NULL). */
#define ICS_SERVER_NO_WORKER 0xFFFFFFFFu

#define ICS_SERVER_OPTIONS_VERSION 1
typedef struct ics_server_options {
    unsigned version;                  /* ICS_SERVER_OPTIONS_VERSION */
    ics_server_ranking ranking;        /* default ICS_SERVER_RANK_SCHEDULE */
    const uint32_t* order;             /* RANK_ORDER: node_count ids (copied) */
    size_t order_len;
    const uint32_t* priorities;        /* RANK_PRIORITIES: node_count values (copied) */
    size_t priorities_len;
    ics_objective objective;           /* RANK_SCHEDULE and ics_server_replan (default ELIGIBILITY) */
    uint64_t lease;                    /* lease length in the caller's clock units; 0 = none (default) */
    uint32_t retry_limit;              /* failures a task may have before it is FAILED (default 3, at most 254) */
    ics_server_multi multi;            /* default ICS_SERVER_MULTI_BEST */
    ics_cluster_strategy cluster_strategy; /* MULTI_CLUSTER: DIRECT, STAGGERED, DONOR or MIN_CUT (default DIRECT) */
    ics_batch_method batch_method;     /* ics_server_request_batch (default AUTO) */
    const char* journal;               /* journal file; NULL = none */
    ics_fsync fsync;                   /* default ICS_FSYNC_EVERY */
    uint32_t fsync_every;              /* ICS_FSYNC_EVERY_N (default 1000) */
} ics_server_options;
#define ICS_SERVER_OPTIONS_INIT                                                                          \
    {ICS_SERVER_OPTIONS_VERSION, ICS_SERVER_RANK_SCHEDULE, NULL, 0, NULL, 0, ICS_OBJECTIVE_ELIGIBILITY, 0, 3, \
     ICS_SERVER_MULTI_BEST, ICS_CLUSTER_DIRECT, ICS_BATCH_METHOD_AUTO, NULL, ICS_FSYNC_EVERY, 1000}
ICS_API ics_status ics_server_options_init(ics_server_options* opts, unsigned version);

/* A server at the start of the computation (the dag is copied; opts may be
 * NULL). With a journal: a new one is written (ICS_ERR_INVALID_ARGUMENT when
 * a non-empty file is there: open it; ICS_ERR_IO when it cannot be written). */
ICS_API ics_status ics_server_create(ics_server** out, const ics_dag* dag, const ics_server_options* opts);
/* The server of an existing journal (opts->journal required), replayed.
 * Give the options it was created with: the records say what happened, the
 * options how tasks are ranked (and re-ranked by a replayed ics_server_replan). */
ICS_API ics_status ics_server_open(ics_server** out, const ics_dag* dag, const ics_server_options* opts);
ICS_API void ics_server_destroy(ics_server* server);

/* Up to k >= 1 tasks for `worker`, in an order it can execute; fewer (or
 * none: *out_count = 0, ICS_OK) when fewer are available. capacity must be
 * at least k (else ICS_ERR_BUFFER_TOO_SMALL, *out_count = k, nothing handed out). */
ICS_API ics_status ics_server_request(uint32_t* out, size_t capacity, size_t* out_count, ics_server* server,
                                      uint32_t worker, uint32_t k);
/* min(r, eligible) tasks for r workers asking at once, chosen by the batch
 * selection (ics_batch_select) over the current state; out[i] goes to
 * workers[i] (workers NULL: to ICS_SERVER_NO_WORKER). Best rank first;
 * capacity >= r. */
ICS_API ics_status ics_server_request_batch(uint32_t* out, size_t capacity, size_t* out_count, ics_server* server,
                                            const uint32_t* workers, uint32_t r);
/* A running task reported done; out receives the tasks it made ELIGIBLE.
 * out may be NULL (capacity 0): *out_count then only counts them; otherwise
 * a capacity of the task's out-degree always suffices. */
ICS_API ics_status ics_server_complete(uint32_t* out, size_t capacity, size_t* out_count, ics_server* server,
                                       uint32_t task);
/* A running task reported failed: back to the pool until it has failed more
 * than retry_limit times, then FAILED (*out_failed = 1) and its descendants
 * BLOCKED (*out_blocked = how many became so: ics_server_tasks lists them).
 * out_failed and out_blocked may be NULL. */
ICS_API ics_status ics_server_fail(int* out_failed, uint32_t* out_blocked, ics_server* server, uint32_t task);
/* A worker left: its running tasks go back to the pool (no failure counted).
 * out as for ics_server_complete (capacity: ics_server_held_by's count). */
ICS_API ics_status ics_server_release(uint32_t* out, size_t capacity, size_t* out_count, ics_server* server,
                                      uint32_t worker);
/* Sets the clock (the caller's units, never backwards): leases run out at
 * hand-out time + options.lease. */
ICS_API ics_status ics_server_tick(ics_server* server, uint64_t now);
/* ics_server_tick(now), then every running task whose lease ran out goes
 * back to the pool; out lists them (as for ics_server_complete). */
ICS_API ics_status ics_server_expire(uint32_t* out, size_t capacity, size_t* out_count, ics_server* server,
                                     uint64_t now);
/* Schedules what is left (running tasks counted as done) and re-ranks:
 * executed tasks first (in completion order), then the running ones, then
 * the new schedule, then failed and blocked tasks. */
ICS_API ics_status ics_server_replan(ics_server* server);
/* Compacts the journal into one snapshot record (ICS_ERR_INVALID_ARGUMENT without one). */
ICS_API ics_status ics_server_snapshot(ics_server* server);

#define ICS_SERVER_COUNTS_VERSION 1
typedef struct ics_server_counts {
    unsigned version; /* ICS_SERVER_COUNTS_VERSION */
    uint32_t executed, running, eligible, waiting, blocked, failed;
} ics_server_counts;
#define ICS_SERVER_COUNTS_INIT {ICS_SERVER_COUNTS_VERSION, 0, 0, 0, 0, 0, 0}
ICS_API ics_status ics_server_counts_get(ics_server_counts* out, const ics_server* server);
ICS_API ics_status ics_server_task_state(ics_task_state* out, const ics_server* server, uint32_t task);
/* The tasks in `state`: ELIGIBLE and RUNNING by rank, EXECUTED in completion order, the others by id. */
ICS_API ics_status ics_server_tasks(uint32_t* out, size_t capacity, size_t* out_count, const ics_server* server,
                                    ics_task_state state);
/* Tasks handed out before the journal was reopened and not reported since, by rank. */
ICS_API ics_status ics_server_in_doubt(uint32_t* out, size_t capacity, size_t* out_count, const ics_server* server);
/* Who holds what: running tasks by rank, out_task[i] held by out_worker[i]
 * (either may be NULL; capacity is their length). */
ICS_API ics_status ics_server_holdings(uint32_t* out_task, uint32_t* out_worker, size_t capacity, size_t* out_count,
                                       const ics_server* server);
ICS_API ics_status ics_server_held_by(uint32_t* out, size_t capacity, size_t* out_count, const ics_server* server,
                                      uint32_t worker);
/* E(0..t): ELIGIBLE tasks after each completion so far (the play), and the
 * plan's E(0..n): the order the server hands tasks to one worker reporting
 * each at once, under the current ranks (ics_server_plan_order). */
ICS_API ics_status ics_server_profile_played(uint32_t* out, size_t capacity, size_t* out_count,
                                             const ics_server* server);
ICS_API ics_status ics_server_profile_plan(uint32_t* out, size_t capacity, size_t* out_count,
                                           const ics_server* server);
ICS_API ics_status ics_server_plan_order(uint32_t* out, size_t capacity, size_t* out_count, const ics_server* server);
/* The rank of a task (0 = best) and the clock. */
ICS_API ics_status ics_server_rank(uint32_t* out, const ics_server* server, uint32_t task);
ICS_API ics_status ics_server_now(uint64_t* out, const ics_server* server);
/* What ics_server_open found: records replayed, bytes of a truncated or
 * corrupt tail cut, and a message ("" when the journal was whole; owned by
 * the server). Any of the three may be NULL. */
ICS_API ics_status ics_server_recovery(uint64_t* out_records, uint64_t* out_bytes_cut, const char** out_message,
                                       const ics_server* server);
/* ---------------------------------------------------------------- simulation: does it make runs faster? */

/* An event-driven simulation of the IC server (ics_server_*) handing tasks to
 * workers that arrive, leave, differ in speed and fail; each policy is a
 * ranking the server hands eligible tasks out by. Runs with the same seed are
 * paired across policies (the same workers, churn, task and failure draws) and
 * give the same numbers on every machine. README "Does it help?". */
typedef enum ics_sim_policy {
    ICS_SIM_POLICY_ICSCHED = 0,        /* icsched's schedule (objective eligibility) */
    ICS_SIM_POLICY_ICSCHED_MEMORY = 1, /* icsched's schedule, objective memory */
    ICS_SIM_POLICY_FIFO = 2,
    ICS_SIM_POLICY_LIFO = 3,
    ICS_SIM_POLICY_LEVEL = 4,
    ICS_SIM_POLICY_RANDOM = 5,         /* a random order, drawn per run */
    ICS_SIM_POLICY_POSTORDER = 6,
    ICS_SIM_POLICY_UPWARD_RANK = 7,    /* HEFT's upward rank: critical path first */
    ICS_SIM_POLICY_DASK_LIKE = 8,      /* depth-first, the child with the most work below first */
    ICS_SIM_POLICY_GREEDY = 9          /* most newly eligible first */
} ics_sim_policy;
/* "icsched", "icsched-memory", "fifo", "lifo", "level", "random", "postorder",
 * "upward-rank", "dask-like", "greedy"; from_name also takes "critical-path" /
 * "heft" (upward-rank) and "most-eligible" (greedy). */
ICS_API const char* ics_sim_policy_name(ics_sim_policy policy);
ICS_API ics_status ics_sim_policy_from_name(ics_sim_policy* out, const char* name);

typedef enum ics_sim_durations {
    ICS_SIM_DURATIONS_UNIT = 0,        /* every task takes 1 */
    ICS_SIM_DURATIONS_GIVEN = 1,       /* the durations array passed to ics_simulate */
    ICS_SIM_DURATIONS_EXPONENTIAL = 2  /* drawn per task, exponential with mean 1 */
} ics_sim_durations;
typedef enum ics_sim_speeds {
    ICS_SIM_SPEEDS_FIXED = 0,          /* every worker speed 1 */
    ICS_SIM_SPEEDS_HETEROGENEOUS = 1,  /* per worker, log-uniform in [1/spread, spread] */
    ICS_SIM_SPEEDS_PER_TASK = 2        /* each execution's time times a log-uniform draw in [1/spread, spread] */
} ics_sim_speeds;
typedef enum ics_sim_availability {
    ICS_SIM_AVAILABILITY_ALWAYS = 0,   /* every worker present throughout */
    ICS_SIM_AVAILABILITY_CHURN = 1,    /* up / down periods, exponential (mean_up, mean_down); a worker
                                          that leaves returns its task to the pool */
    ICS_SIM_AVAILABILITY_VOLUNTEER = 2 /* up duty*period of every period, phase drawn per worker */
} ics_sim_availability;
/* "unit", "given" (also "file"), "exponential"; "fixed", "heterogeneous", "per-task";
 * "always", "churn", "volunteer". */
ICS_API const char* ics_sim_durations_name(ics_sim_durations durations);
ICS_API ics_status ics_sim_durations_from_name(ics_sim_durations* out, const char* name);
ICS_API const char* ics_sim_speeds_name(ics_sim_speeds speeds);
ICS_API ics_status ics_sim_speeds_from_name(ics_sim_speeds* out, const char* name);
ICS_API const char* ics_sim_availability_name(ics_sim_availability availability);
ICS_API ics_status ics_sim_availability_from_name(ics_sim_availability* out, const char* name);

#define ICS_SIMULATE_OPTIONS_VERSION 1
typedef struct ics_simulate_options {
    unsigned version;                  /* ICS_SIMULATE_OPTIONS_VERSION */
    uint32_t workers;                  /* >= 1 */
    ics_sim_policy policy;
    uint64_t seed;                     /* run i uses a seed derived from (seed, i) */
    uint32_t runs;                     /* >= 1 */
    ics_sim_durations durations;       /* GIVEN is implied when ics_simulate gets a durations array */
    ics_sim_speeds speeds;
    double spread;                     /* >= 1 (speeds HETEROGENEOUS / PER_TASK) */
    ics_sim_availability availability;
    double mean_up, mean_down;         /* CHURN: mean lengths of up and down periods (> 0) */
    double period, duty;               /* VOLUNTEER: period > 0, 0 < duty <= 1 */
    uint32_t batch;                    /* 0/1: each waiting worker asks alone; r >= 2: workers waiting at
                                          the same instant ask together, up to r (batched selection) */
    double failure_probability;        /* an execution fails, found at its end: [0, 1) */
    uint32_t retry_limit;              /* failures a task may have before it is given up (<= 254) */
    uint64_t max_events;               /* events one run may process before it is cut (stalled);
                                          0 = 200 per task and worker, at least 10^6 */
} ics_simulate_options;
#define ICS_SIMULATE_OPTIONS_INIT                                                                            \
    {ICS_SIMULATE_OPTIONS_VERSION, 4, ICS_SIM_POLICY_ICSCHED, 1, 1, ICS_SIM_DURATIONS_UNIT,                  \
     ICS_SIM_SPEEDS_FIXED, 4.0, ICS_SIM_AVAILABILITY_ALWAYS, 50.0, 10.0, 100.0, 0.5, 0, 0.0, 3, 0}
ICS_API ics_status ics_simulate_options_init(ics_simulate_options* opts, unsigned version);

/* Task durations recorded in a workflow file (WfFormat/WorkflowHub runtimes,
 * DAX job runtimes, STG processing times), one per node of `dag`, which must
 * have been read from the same file: out[id]. ICS_ERR_UNSUPPORTED when the
 * format records none (edges, DOT, DAGMan, adjacency JSON), ICS_ERR_PARSE
 * naming a task without one. Array convention of this header. */
ICS_API ics_status ics_dag_read_durations(double* out, size_t capacity, size_t* out_count, const ics_dag* dag,
                                          const char* path, ics_format format);

/* The ranking a policy hands to the server (node_count ids, first = best).
 * durations (may be NULL: unit) weigh UPWARD_RANK and DASK_LIKE; seed is used by RANDOM. */
ICS_API ics_status ics_sim_ranking(uint32_t* out, size_t capacity, size_t* out_count, const ics_dag* dag,
                                   const double* durations, size_t duration_count, ics_sim_policy policy,
                                   uint64_t seed);

typedef struct ics_simulation ics_simulation;

/* Runs opts->runs simulations. durations: one per node (NULL with count 0:
 * opts->durations, UNIT or EXPONENTIAL). opts may be NULL (defaults).
 * ICS_ERR_INVALID_ARGUMENT names a bad option; ICS_ERR_CYCLE for a cyclic dag. */
ICS_API ics_status ics_simulate(ics_simulation** out, const ics_dag* dag, const double* durations,
                                size_t duration_count, const ics_simulate_options* opts);
ICS_API void ics_simulation_destroy(ics_simulation* simulation);

typedef struct ics_sim_run {
    double makespan;       /* time of the last completion */
    double idle;           /* worker-time present and waiting with nothing eligible, up to makespan */
    uint64_t gridlock;     /* completions after which nothing was eligible while a worker waited */
    uint32_t memory_peak;  /* most results held at once (executed tasks with an unexecuted child) */
    double memory_mean;    /* results held, averaged over time */
    uint32_t executed;     /* tasks executed */
    uint32_t failed;       /* tasks given up after retry_limit failures */
    int complete;          /* 1 when every task executed */
    int stalled;           /* 1 when the run was cut after max_events: some task kept being
                              interrupted (longer than the periods its workers stay) */
} ics_sim_run;

typedef enum ics_sim_metric {
    ICS_SIM_METRIC_MAKESPAN = 0,
    ICS_SIM_METRIC_IDLE = 1,
    ICS_SIM_METRIC_GRIDLOCK = 2,
    ICS_SIM_METRIC_MEMORY_PEAK = 3,
    ICS_SIM_METRIC_MEMORY_MEAN = 4
} ics_sim_metric;
/* "makespan", "idle", "gridlock", "memory_peak", "memory_mean". */
ICS_API const char* ics_sim_metric_name(ics_sim_metric metric);

ICS_API ics_status ics_simulation_run_count(uint32_t* out, const ics_simulation* simulation);
ICS_API ics_status ics_simulation_run(ics_sim_run* out, const ics_simulation* simulation, uint32_t run);
/* E(t) after t completions in run `run`, as the server played it. */
ICS_API ics_status ics_simulation_profile(uint32_t* out, size_t capacity, size_t* out_count,
                                          const ics_simulation* simulation, uint32_t run);
/* Mean over the runs and the half-width of its 95% confidence interval (Student's t; 0 for one run). */
ICS_API ics_status ics_simulation_summary(double* out_mean, double* out_ci95, const ics_simulation* simulation,
                                          ics_sim_metric metric);

#ifdef __cplusplus
}
#endif

#endif /* ICS_ICS_H */
