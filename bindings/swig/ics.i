/*
 * icsched SWIG interface, shared by the Java and C# bindings (GDAL style:
 * one language-neutral file plus bindings/<lang>/ics_<lang>.swg).
 *
 * Shape of the generated API:
 *  - the opaque handles become proxy classes (Dag, Profile) through SWIG-only
 *    structs IcsDag/IcsProfile (C++ typedefs of ics_dag/ics_profile, named
 *    apart so that %extend's helper names never collide with ics_dag_*);
 *  - every status != ICS_OK is turned into a C++ IcsSwigError inside the
 *    %extend bodies and into the language's IcsException by one %exception;
 *  - arrays follow ics.h's two-call (length, then fill) convention inside
 *    the helpers and leave as int[] / long[];
 *  - everything in ics.h is ignored except the enums and ics_version*
 *    (whitelist).
 */
%module Ics

%{
#include <ics/ics.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <new>
#include <string>
#include <utility>
#include <vector>

typedef ics_dag IcsDag;
typedef ics_profile IcsProfile;

namespace {

/* What the language layer throws (see ICS_SWIG_RAISE in ics_<lang>.swg). */
enum IcsSwigKind {
    ICS_SWIG_KIND_STATUS = 0, /* IcsException(code, message) */
    ICS_SWIG_KIND_CLOSED = 1, /* IllegalStateException / ObjectDisposedException; message = class name */
    ICS_SWIG_KIND_NULL = 2    /* NullPointerException / ArgumentNullException; message = parameter */
};

struct IcsSwigError {
    int code;
    std::string message;
};

/* Results carried from the %extend helpers to the out typemaps. */
struct IcsSwigIds {
    std::vector<uint32_t> v;
};
struct IcsSwigLongs {
    std::vector<int64_t> v;
};
struct IcsSwigText {
    std::string s;
};

[[noreturn]] void ics_swig_fail(ics_status st) {
    const char *m = ics_last_error_message();
    throw IcsSwigError{static_cast<int>(st), (m != nullptr && *m != '\0') ? std::string(m)
                                                                           : std::string(ics_status_string(st))};
}

[[noreturn]] void ics_swig_fail(ics_status st, std::string message) {
    throw IcsSwigError{static_cast<int>(st), std::move(message)};
}

inline void ics_swig_check(ics_status st) {
    if (st != ICS_OK) {
        ics_swig_fail(st);
    }
}

/* A count, size or id coming from Java/C# int: negative values are refused
 * here instead of wrapping around to huge uint32 values. */
inline uint32_t ics_swig_u32(int value, const char *what) {
    if (value < 0) {
        ics_swig_fail(ICS_ERR_INVALID_ARGUMENT, std::string(what) + " must not be negative (got " +
                                                    std::to_string(value) + ")");
    }
    return static_cast<uint32_t>(value);
}

/* An id: a negative one cannot name a node. */
inline uint32_t ics_swig_id(int value) {
    if (value < 0) {
        ics_swig_fail(ICS_ERR_UNKNOWN_NODE, "no node with id " + std::to_string(value));
    }
    return static_cast<uint32_t>(value);
}

inline int ics_swig_int(uint64_t value, const char *what) {
    if (value > static_cast<uint64_t>(std::numeric_limits<int>::max())) {
        ics_swig_fail(ICS_ERR_TOO_LARGE, std::string(what) + " does not fit a 32-bit signed int");
    }
    return static_cast<int>(value);
}

/* ics.h array convention: ask the length with (NULL, 0), allocate, fill.
 * `call(buffer, capacity, &count)` wraps one ics_* array function. A `hint`
 * (the expected length) saves the first call for results that are costly to
 * compute (orders): when it is right, the C function runs once. */
template <class Call>
IcsSwigIds ics_swig_fetch(Call &&call, size_t hint = 0) {
    IcsSwigIds r;
    r.v.assign(hint, 0u);
    for (int attempt = 0; attempt < 8; ++attempt) {
        size_t count = 0;
        ics_status st = call(r.v.empty() ? nullptr : r.v.data(), r.v.size(), &count);
        if (st == ICS_OK && count <= r.v.size()) {
            r.v.resize(count);
            if (count > static_cast<size_t>(std::numeric_limits<int>::max())) {
                ics_swig_fail(ICS_ERR_TOO_LARGE, "array too long for a Java/C# array");
            }
            return r;
        }
        if (st != ICS_OK && st != ICS_ERR_BUFFER_TOO_SMALL) {
            ics_swig_fail(st);
        }
        if (count <= r.v.size()) {
            ics_swig_fail(ICS_ERR_INTERNAL, "ics: BUFFER_TOO_SMALL without a larger needed length");
        }
        r.v.assign(count, 0u);
    }
    ics_swig_fail(ICS_ERR_INTERNAL, "ics: array length kept changing between calls");
}

/* `dag` by reference: it is read after the call that fills it (argument
 * evaluation order is unspecified). */
inline IcsDag *ics_swig_new_dag(ics_status st, ics_dag *&dag) {
    if (st != ICS_OK) {
        ics_dag_destroy(dag); /* left untouched on error per ics.h; NULL here */
        ics_swig_fail(st);
    }
    if (dag == nullptr) {
        ics_swig_fail(ICS_ERR_INTERNAL, "ics: ICS_OK with a NULL dag");
    }
    return dag;
}

inline size_t ics_swig_node_hint(const ics_dag *dag) {
    uint32_t n = 0;
    return ics_dag_node_count(&n, dag) == ICS_OK ? n : 0;
}

inline size_t ics_swig_steps_hint(const ics_profile *profile) {
    uint32_t n = 0;
    return ics_profile_steps(&n, profile) == ICS_OK ? n : 0;
}

inline const uint32_t *ics_swig_ids_ptr(const int *ids) {
    /* int32_t and uint32_t may alias each other; ids are < 2^31. */
    return reinterpret_cast<const uint32_t *>(ids);
}

inline void ics_swig_check_len(int len) {
    if (len < 0) {
        ics_swig_fail(ICS_ERR_INVALID_ARGUMENT, "negative array length");
    }
}

} /* namespace */
%}

/* ------------------------------------------------------------ language part */
#if defined(SWIGJAVA)
%include "ics_java.swg"
#elif defined(SWIGCSHARP)
%include "ics_csharp.swg"
#else
#error "icsched: only the Java and C# bindings are maintained"
#endif

/* ------------------------------------------------------------ one exception rule
 * The helpers throw IcsSwigError; nothing C++ ever leaves a wrapper. */
%exception %{
    try {
        $action
    } catch (const IcsSwigError &e) {
        ICS_SWIG_RAISE(ICS_SWIG_KIND_STATUS, e.code, e.message.c_str());
        return $null;
    } catch (const std::bad_alloc &) {
        ICS_SWIG_RAISE(ICS_SWIG_KIND_STATUS, ICS_ERR_NOMEM, "out of memory in the icsched binding");
        return $null;
    } catch (const std::exception &e) {
        ICS_SWIG_RAISE(ICS_SWIG_KIND_STATUS, ICS_ERR_INTERNAL, e.what());
        return $null;
    }
%}

/* A closed/disposed proxy has a NULL pointer: refuse it before any C call. */
%typemap(check, canthrow=1) IcsDag *self %{
    if ($1 == nullptr) {
        ICS_SWIG_RAISE(ICS_SWIG_KIND_CLOSED, 0, "Dag");
        return $null;
    }
%}
%typemap(check, canthrow=1) IcsProfile *self %{
    if ($1 == nullptr) {
        ICS_SWIG_RAISE(ICS_SWIG_KIND_CLOSED, 0, "Profile");
        return $null;
    }
%}
/* Strings that must not be null (the language null check). */
%typemap(check, canthrow=1) const char *NONNULL %{
    if ($1 == nullptr) {
        ICS_SWIG_RAISE(ICS_SWIG_KIND_NULL, 0, "$1_name");
        return $null;
    }
%}
%apply const char *NONNULL { const char *name, const char *from, const char *to, const char *path,
                             const char *text, const char *delta };

%feature("novaluewrapper") IcsSwigIds;
%feature("novaluewrapper") IcsSwigLongs;
%feature("novaluewrapper") IcsSwigText;

/* ------------------------------------------------------------ whitelist
 * Nothing of ics.h is wrapped as is: the handles are reached through the
 * classes below, option structs are filled by the helpers. */
%rename("$ignore", regextarget=1, %$isfunction) "^ics_";
%rename("$ignore", regextarget=1, %$isconstant) "^ICS_";
%rename("$ignore", regextarget=1, %$isclass) "^ics_";
%rename("$ignore", regextarget=1, %$isenum) "^ics_";
%rename("$ignore", regextarget=1, %$isvariable) "^ics_";
%rename(Status) ics_status;
%rename(Format) ics_format;
%rename(Policy) ics_policy;
#if defined(SWIGCSHARP)
%rename(Version) ics_version;
%rename(VersionNumber) ics_version_number;
#else
%rename(version) ics_version;
%rename(versionNumber) ics_version_number;
#endif

%rename(Dag) IcsDag;
%rename(Profile) IcsProfile;
%nodefaultctor IcsProfile;
struct IcsDag {};
struct IcsProfile {};

%include "ics/ics.h"

%newobject IcsDag::copy;
%newobject IcsDag::read;
%newobject IcsDag::parse;
%newobject IcsDag::w;
%newobject IcsDag::m;
%newobject IcsDag::n;
%newobject IcsDag::cycle;
%newobject IcsDag::pbt;
%newobject IcsDag::reductionMesh;
%newobject IcsDag::outMesh;
%newobject IcsDag::reductionTree;
%newobject IcsDag::fft;
%newobject IcsDag::expansionReduction;
%newobject IcsDag::randomLayered;
%newobject IcsDag::randomEr;
%newobject IcsDag::evaluate;

%extend IcsDag {
    /** An empty, mutable dag. */
    IcsDag() {
        ics_dag *d = nullptr;
        return ics_swig_new_dag(ics_dag_create(&d), d);
    }
    ~IcsDag() {
        ics_dag_destroy($self);
    }
    /** A deep copy, with its own lifetime. */
    IcsDag *copy() {
        ics_dag *d = nullptr;
        return ics_swig_new_dag(ics_dag_clone(&d, $self), d);
    }

    /* ---- files and text */
    /** Reads a workflow file (AUTO detects the format from the name and content); the result is validated. */
    static IcsDag *read(const char *path, ics_format format = ICS_FORMAT_AUTO) {
        ics_read_options opts = ICS_READ_OPTIONS_INIT;
        opts.format = format;
        ics_dag *d = nullptr;
        return ics_swig_new_dag(ics_dag_read_file(&d, path, &opts), d);
    }
    /** Parses a workflow from text, as read() does for files. */
    static IcsDag *parse(const char *text, ics_format format = ICS_FORMAT_AUTO) {
        ics_read_options opts = ICS_READ_OPTIONS_INIT;
        opts.format = format;
        ics_dag *d = nullptr;
        return ics_swig_new_dag(ics_dag_read_string(&d, text, std::strlen(text), &opts), d);
    }
    /** Writes the dag as EDGES, DOT or WFFORMAT (others: UNSUPPORTED). */
    void write(const char *path, ics_format format) {
        ics_swig_check(ics_dag_write_file($self, path, format));
    }
    /** The dag as EDGES, DOT or WFFORMAT text (others: UNSUPPORTED). */
    IcsSwigText toString(ics_format format) {
        char *s = nullptr;
        size_t len = 0;
        ics_swig_check(ics_dag_write_string(&s, &len, $self, format));
        IcsSwigText t;
        try {
            t.s.assign(s != nullptr ? s : "", s != nullptr ? len : 0);
        } catch (...) {
            ics_free(s);
            throw;
        }
        ics_free(s);
        return t;
    }
    /** Format the dag was read from; AUTO for dags built by hand or generated. */
    ics_format sourceFormat() {
        ics_format f = ICS_FORMAT_AUTO;
        ics_swig_check(ics_dag_source_format(&f, $self));
        return f;
    }

    /* ---- generators (the papers' families) */
    /** W_{s,d}: s sources with d children each, neighbours sharing one. */
    static IcsDag *w(int s, int d) {
        ics_dag *g = nullptr;
        return ics_swig_new_dag(ics_dag_generate_w(&g, ics_swig_u32(s, "s"), ics_swig_u32(d, "d")), g);
    }
    /** M_{s,d}: the dual of W_{s,d}. */
    static IcsDag *m(int s, int d) {
        ics_dag *g = nullptr;
        return ics_swig_new_dag(ics_dag_generate_m(&g, ics_swig_u32(s, "s"), ics_swig_u32(d, "d")), g);
    }
    /** N_s: s sources and s sinks in a zigzag. */
    static IcsDag *n(int s) {
        ics_dag *g = nullptr;
        return ics_swig_new_dag(ics_dag_generate_n(&g, ics_swig_u32(s, "s")), g);
    }
    /** C_s: the cycle-dag with s sources and s sinks. */
    static IcsDag *cycle(int s) {
        ics_dag *g = nullptr;
        return ics_swig_new_dag(ics_dag_generate_cycle(&g, ics_swig_u32(s, "s")), g);
    }
    /** P[delta], the planar bipartite tree of a zigzagged sequence such as "3,1/2,2". */
    static IcsDag *pbt(const char *delta) {
        ics_dag *g = nullptr;
        return ics_swig_new_dag(ics_dag_generate_pbt(&g, delta), g);
    }
    /** The reduction mesh M_l: levels*(levels+1)/2 nodes, one sink. */
    static IcsDag *reductionMesh(int levels) {
        ics_dag *g = nullptr;
        return ics_swig_new_dag(ics_dag_generate_reduction_mesh(&g, ics_swig_u32(levels, "levels")), g);
    }
    /** The evolving (out-)mesh: the dual of the reduction mesh, one source. */
    static IcsDag *outMesh(int levels) {
        ics_dag *g = nullptr;
        return ics_swig_new_dag(ics_dag_generate_out_mesh(&g, ics_swig_u32(levels, "levels")), g);
    }
    /** The complete reduction tree T_h: 2^(h+1)-1 nodes. */
    static IcsDag *reductionTree(int height) {
        ics_dag *g = nullptr;
        return ics_swig_new_dag(ics_dag_generate_reduction_tree(&g, ics_swig_u32(height, "height")), g);
    }
    /** The reduction tree over a full, prefix-closed set of binary strings ("" is the root). */
    static IcsDag *reductionTree(const char *const *strings, int count) {
        ics_swig_check_len(count);
        ics_dag *g = nullptr;
        return ics_swig_new_dag(
            ics_dag_generate_reduction_tree_strings(&g, strings, static_cast<size_t>(count)), g);
    }
    /** The FFT dag F_d: (d+1)*2^d nodes. */
    static IcsDag *fft(int d) {
        ics_dag *g = nullptr;
        return ics_swig_new_dag(ics_dag_generate_fft(&g, ics_swig_u32(d, "d")), g);
    }
    /** An out-tree of bisections of the given depth whose leaves feed an in-tree of the same depth. */
    static IcsDag *expansionReduction(int depth) {
        ics_dag *g = nullptr;
        return ics_swig_new_dag(ics_dag_generate_expansion_reduction(&g, ics_swig_u32(depth, "depth")), g);
    }
    /** A seeded random layered dag: each node gets an arc from each node of the previous layer with probability p (and at least one parent). */
    static IcsDag *randomLayered(int layers, int width, double p, long long seed) {
        ics_dag *g = nullptr;
        return ics_swig_new_dag(ics_dag_generate_random_layered(&g, ics_swig_u32(layers, "layers"),
                                                                ics_swig_u32(width, "width"), p,
                                                                static_cast<uint64_t>(seed)),
                                g);
    }
    /** A seeded Erdos-Renyi dag: each pair gets an arc with probability p. */
    static IcsDag *randomEr(int n, double p, long long seed) {
        ics_dag *g = nullptr;
        return ics_swig_new_dag(
            ics_dag_generate_random_er(&g, ics_swig_u32(n, "n"), p, static_cast<uint64_t>(seed)), g);
    }

    /* ---- building */
    /** Adds a node (names are non-empty and unique). */
    int addNode(const char *name) {
        uint32_t id = 0;
        ics_swig_check(ics_dag_add_node(&id, $self, name));
        return static_cast<int>(id);
    }
    /** Adds the arc from -> to (from executes first); a duplicate arc is merged. */
    void addArc(int from, int to) {
        ics_swig_check(ics_dag_add_arc($self, ics_swig_id(from), ics_swig_id(to)));
    }
    /** Adds the arc from -> to by node names. */
    void addArc(const char *from, const char *to) {
        ics_swig_check(ics_dag_add_arc_by_name($self, from, to));
    }
    /** Throws IcsException(CYCLE), naming a cycle, unless the dag is acyclic. */
    void validate() {
        ics_swig_check(ics_dag_validate($self));
    }

    /* ---- structure */
    /** Number of nodes; ids are 0 .. nodeCount()-1. */
    int nodeCount() {
        uint32_t n = 0;
        ics_swig_check(ics_dag_node_count(&n, $self));
        return ics_swig_int(n, "node count");
    }
    /** Number of distinct arcs. */
    long long arcCount() {
        uint64_t n = 0;
        ics_swig_check(ics_dag_arc_count(&n, $self));
        return static_cast<long long>(n);
    }
    /** Id of the node called name (UNKNOWN_NODE if none). */
    int nodeId(const char *name) {
        uint32_t id = 0;
        ics_swig_check(ics_dag_node_id(&id, $self, name));
        return static_cast<int>(id);
    }
    /** Name of node id. */
    IcsSwigText nodeName(int id) {
        const char *s = nullptr;
        ics_swig_check(ics_dag_node_name(&s, $self, ics_swig_id(id)));
        IcsSwigText t;
        t.s = s != nullptr ? s : "";
        return t;
    }
    /** Number of parents of node id. */
    int inDegree(int id) {
        uint32_t n = 0;
        ics_swig_check(ics_dag_in_degree(&n, $self, ics_swig_id(id)));
        return static_cast<int>(n);
    }
    /** Number of children of node id. */
    int outDegree(int id) {
        uint32_t n = 0;
        ics_swig_check(ics_dag_out_degree(&n, $self, ics_swig_id(id)));
        return static_cast<int>(n);
    }
    /** Parents of node id, in increasing id order. */
    IcsSwigIds parents(int id) {
        uint32_t node = ics_swig_id(id);
        return ics_swig_fetch([&](uint32_t *b, size_t c, size_t *n) { return ics_dag_parents(b, c, n, $self, node); });
    }
    /** Children of node id, in increasing id order. */
    IcsSwigIds children(int id) {
        uint32_t node = ics_swig_id(id);
        return ics_swig_fetch([&](uint32_t *b, size_t c, size_t *n) { return ics_dag_children(b, c, n, $self, node); });
    }
    /** Nodes without parents, in increasing id order. */
    IcsSwigIds sources() {
        return ics_swig_fetch([&](uint32_t *b, size_t c, size_t *n) { return ics_dag_sources(b, c, n, $self); });
    }
    /** Nodes without children, in increasing id order. */
    IcsSwigIds sinks() {
        return ics_swig_fetch([&](uint32_t *b, size_t c, size_t *n) { return ics_dag_sinks(b, c, n, $self); });
    }
    /** A topological order of all nodes. */
    IcsSwigIds topologicalOrder() {
        return ics_swig_fetch(
            [&](uint32_t *b, size_t c, size_t *n) { return ics_dag_topological_order(b, c, n, $self); },
            ics_swig_node_hint($self));
    }
    /** Longest-path level of each node (sources 0), indexed by id. */
    IcsSwigIds levels() {
        return ics_swig_fetch([&](uint32_t *b, size_t c, size_t *n) { return ics_dag_levels(b, c, n, $self); },
                              ics_swig_node_hint($self));
    }
    /* nodes, arcs, duplicate_arcs, sources, sinks, levels, max_level_width */
    /** Summary numbers: nodes, arcs, duplicate arcs, sources, sinks, levels, widest level. */
    IcsSwigLongs info() {
        ics_dag_info info = ICS_DAG_INFO_INIT;
        ics_swig_check(ics_dag_info_get(&info, $self));
        IcsSwigLongs r;
        r.v = {static_cast<int64_t>(info.nodes),  static_cast<int64_t>(info.arcs),
               static_cast<int64_t>(info.duplicate_arcs), static_cast<int64_t>(info.sources),
               static_cast<int64_t>(info.sinks),  static_cast<int64_t>(info.levels),
               static_cast<int64_t>(info.max_level_width)};
        return r;
    }

    /* ---- orders and profiles */
    /** A baseline execution order of all nodes. */
    IcsSwigIds order(ics_policy policy, long long seed = 0) {
        uint64_t s = static_cast<uint64_t>(seed);
        return ics_swig_fetch(
            [&](uint32_t *b, size_t c, size_t *n) { return ics_dag_order(b, c, n, $self, policy, s); },
            ics_swig_node_hint($self));
    }
    /** Throws IcsException(INVALID_ORDER), naming the node and step, unless order executes every node once with parents first. */
    void validateOrder(const int *order, int order_len) {
        ics_swig_check_len(order_len);
        ics_swig_check(ics_order_validate($self, ics_swig_ids_ptr(order), static_cast<size_t>(order_len)));
    }
    /** Validates order and plays the IC pebble game with it. */
    IcsProfile *evaluate(const int *order, int order_len) {
        ics_swig_check_len(order_len);
        ics_profile *p = nullptr;
        ics_swig_check(ics_profile_evaluate(&p, $self, ics_swig_ids_ptr(order), static_cast<size_t>(order_len)));
        if (p == nullptr) {
            ics_swig_fail(ICS_ERR_INTERNAL, "ics: ICS_OK with a NULL profile");
        }
        return p;
    }
}

%extend IcsProfile {
    ~IcsProfile() {
        ics_profile_destroy($self);
    }
    /** Number of steps n; eligible() has n+1 values. */
    int steps() {
        uint32_t n = 0;
        ics_swig_check(ics_profile_steps(&n, $self));
        return ics_swig_int(n, "steps");
    }
    /** E(0..n): the number of ELIGIBLE nodes after t executions. */
    IcsSwigIds eligible() {
        return ics_swig_fetch(
            [&](uint32_t *b, size_t c, size_t *n) { return ics_profile_eligible(b, c, n, $self); },
            ics_swig_steps_hint($self) + 1);
    }
    /** The order that was evaluated. */
    IcsSwigIds order() {
        return ics_swig_fetch([&](uint32_t *b, size_t c, size_t *n) { return ics_profile_order(b, c, n, $self); },
                              ics_swig_steps_hint($self));
    }
    /** Memory cost: the maximum over steps of executed nodes that still have an unexecuted child. */
    int memory() {
        uint32_t n = 0;
        ics_swig_check(ics_profile_memory(&n, $self));
        return ics_swig_int(n, "memory");
    }
    /** AREA: the sum of E(t). */
    long long area() {
        uint64_t n = 0;
        ics_swig_check(ics_profile_area(&n, $self));
        return static_cast<long long>(n);
    }
}
