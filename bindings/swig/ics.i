/*
 * icsched SWIG interface, shared by the Java and C# bindings (GDAL style:
 * one language-neutral file plus bindings/<lang>/ics_<lang>.swg).
 *
 * Shape of the generated API:
 *  - the opaque handles become proxy classes (Dag, Profile, Schedule, Sweep)
 *    through SWIG-only structs IcsDag/IcsProfile/IcsSchedule/IcsSweep (C++
 *    typedefs of ics_dag/ics_profile/ics_schedule_result/ics_sweep_result,
 *    named apart so that %extend's helper names never collide with ics_*);
 *  - value objects (Block, SweepStep, ScheduleOptions) and the static Priority
 *    helpers are handwritten (<lang>/src/); they reach the C API through
 *    private/package-private (Java) or private/internal (C#) methods of the
 *    proxies, declared below with ICS_SWIG_PRIVATE / ICS_SWIG_INTERNAL;
 *  - every status != ICS_OK is turned into a C++ IcsSwigError inside the
 *    %extend bodies and into the language's IcsException by one %exception;
 *  - arrays follow ics.h's two-call (length, then fill) convention inside
 *    the helpers and leave as int[] / long[];
 *  - everything in ics.h is ignored except the enums and ics_version*
 *    (whitelist).
 */
%module(directors="1") Ics

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
typedef ics_schedule_result IcsSchedule;
typedef ics_sweep_result IcsSweep;

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
    int kind = ICS_SWIG_KIND_STATUS;
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
/* Raw long[] (IcsSwigLongs is Dag.info()'s DagInfo). */
struct IcsSwigI64s {
    std::vector<int64_t> v;
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

/* Read options of IcsDag::readWith / parseWith (0 = the default limit). */
inline ics_read_options ics_swig_read_options(ics_format format, const char *policy, const char *base_dir,
                                              long long max_bytes, long long max_includes, long long max_splices,
                                              long long max_nodes, long long max_arcs) {
    ics_read_options opts = ICS_READ_OPTIONS_INIT;
    opts.format = format;
    if (policy != nullptr) {
        ics_swig_check(ics_include_policy_from_name(&opts.include_policy, policy));
    }
    opts.base_dir = base_dir;
    const long long given[] = {max_bytes, max_includes, max_splices, max_nodes, max_arcs};
    uint64_t *limit[] = {&opts.max_bytes, &opts.max_includes, &opts.max_splices, &opts.max_nodes, &opts.max_arcs};
    for (int k = 0; k < 5; ++k) {
        if (given[k] < 0) {
            ics_swig_fail(ICS_ERR_INVALID_ARGUMENT, "a read limit must not be negative (0 = the default)");
        }
        if (given[k] > 0) *limit[k] = static_cast<uint64_t>(given[k]);
    }
    return opts;
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

/* A handle other than a dag (schedule, sweep): same contract. */
template <class H>
H *ics_swig_new_handle(ics_status st, H *&h, void (*destroy)(H *), const char *what) {
    if (st != ICS_OK) {
        destroy(h);
        ics_swig_fail(st);
    }
    if (h == nullptr) {
        ics_swig_fail(ICS_ERR_INTERNAL, std::string("ics: ICS_OK with a NULL ") + what);
    }
    return h;
}

inline IcsSwigText ics_swig_text(const char *s) {
    IcsSwigText t;
    t.s = s != nullptr ? s : "";
    return t;
}

/* A dag handle passed as an argument (not self): refused when closed. The
 * language layer checks for null/closed first; this is the safety net. */
inline const ics_dag *ics_swig_live_dag(const ics_dag *dag) {
    if (dag == nullptr) {
        IcsSwigError e{0, "Dag"};
        e.kind = ICS_SWIG_KIND_CLOSED;
        throw e;
    }
    return dag;
}

/* Profile values come from Java/C# int: refuse negative ones. */
inline void ics_swig_check_values(const int *values, int len, const char *what) {
    for (int i = 0; i < len; ++i) {
        if (values[i] < 0) {
            ics_swig_fail(ICS_ERR_INVALID_ARGUMENT, std::string(what) + " values must not be negative (got " +
                                                        std::to_string(values[i]) + ")");
        }
    }
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
#elif defined(SWIGPYTHON)
%include "ics_python.swg"
#else
#error "icsched: only the Java, C# and Python bindings are maintained"
#endif

/* ------------------------------------------------------------ one exception rule
 * The helpers throw IcsSwigError; nothing C++ ever leaves a wrapper. */
%exception %{
    try {
        $action
    } catch (const IcsSwigError &e) {
        ICS_SWIG_RAISE(e.kind, e.code, e.message.c_str());
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
%typemap(check, canthrow=1) IcsSchedule *self %{
    if ($1 == nullptr) {
        ICS_SWIG_RAISE(ICS_SWIG_KIND_CLOSED, 0, "Schedule");
        return $null;
    }
%}
%typemap(check, canthrow=1) IcsSweep *self %{
    if ($1 == nullptr) {
        ICS_SWIG_RAISE(ICS_SWIG_KIND_CLOSED, 0, "Sweep");
        return $null;
    }
%}
/* A dag argument other than self (Priority.has(Dag, Dag)). */
%typemap(check, canthrow=1) IcsDag *LIVE %{
    if ($1 == nullptr) {
        ICS_SWIG_RAISE(ICS_SWIG_KIND_CLOSED, 0, "Dag");
        return $null;
    }
%}
%apply IcsDag *LIVE { IcsDag *g1, IcsDag *g2 };
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
%feature("novaluewrapper") IcsSwigI64s;

/* More int[] parameters with the (const int *order, int order_len) typemaps
 * of ics_<lang>.swg (null is refused by the handwritten callers first). */
%apply (const int *order, int order_len) { (const int *values, int values_len), (const int *lengths, int lengths_len),
                                           (const int *e1, int e1_len), (const int *e2, int e2_len) };

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
%rename(Objective) ics_objective;
%rename(ScheduleStatus) ics_schedule_status;
/* ics_priority_target is handwritten in both languages (PriorityTarget.java,
 * PriorityTarget.cs, mapped in ics_<lang>.swg): its items DAGMAN, DAX and
 * WFFORMAT would clash with Format's in the one scope SWIG gives C enum items. */
%rename(PriorityMode) ics_priority_mode;
#if defined(SWIGCSHARP)
/* C# only: SWIG puts C enum items in the global scope, where Sweep (the
 * class) would hide ScheduleMethod.Sweep; the enum is handwritten there
 * (csharp/src/ScheduleMethod.cs) and ics_csharp.swg maps the C type to it. */
#else
%rename(ScheduleMethod) ics_schedule_method;
#endif
#if defined(SWIGCSHARP)
%rename(Version) ics_version;
%rename(VersionNumber) ics_version_number;
#else
%rename(version) ics_version;
%rename(versionNumber) ics_version_number;
#endif

/* ------------------------------------------------------------ progress (ics_schedule_options version 5)
 * ProgressCallback: a SWIG director the languages subclass privately
 * (ProgressListener adapters in Java, C#'s Func<string, ulong, ulong, bool>,
 * Python's callable); report() returns true to go on, false to cancel
 * (ICS_ERR_CANCELLED, the language's IcsException). ics_swig_progress is the
 * C callback handed to the library: it never lets an exception through it
 * (an exception is a cancel; the adapters keep what the user's code threw
 * and rethrow it after the call). */
%feature("director") IcsProgress;
%rename(ProgressCallback) IcsProgress;
#if defined(SWIGJAVA)
%typemap(javaclassmodifiers) IcsProgress "class"
#elif defined(SWIGCSHARP)
%typemap(csclassmodifiers) IcsProgress "internal class"
%rename(Report) IcsProgress::report;
#endif
%inline %{
class IcsProgress {
public:
    virtual ~IcsProgress() {}
    /* false cancels the scheduling call */
    virtual bool report(const char *stage, long long done, long long total) {
        (void)stage, (void)done, (void)total;
        return true;
    }
};
%}
%{
namespace {
int ics_swig_progress(void *user, const char *stage, uint64_t done, uint64_t total) {
    try {
        return static_cast<IcsProgress *>(user)->report(stage, static_cast<long long>(done),
                                                        static_cast<long long>(total)) ? 0 : 1;
    } catch (...) {
        return 1;
    }
}
void ics_swig_set_progress(ics_schedule_options &opts, IcsProgress *progress) {
    if (progress != nullptr) {
        opts.progress = ics_swig_progress;
        opts.progress_user = progress;
    }
}
}  // namespace
%}

%rename(Dag) IcsDag;
%rename(Profile) IcsProfile;
%rename(Schedule) IcsSchedule;
%rename(Sweep) IcsSweep;
%nodefaultctor IcsProfile;
%nodefaultctor IcsSchedule;
%nodefaultctor IcsSweep;
struct IcsDag {};
struct IcsProfile {};
/** An IC-scheduling result (Dag.schedule()): the order, its E(t) profile, whether it is proven IC-optimal, and the certificate (building blocks, linearization). It copies what it needs: it stays valid after its dag is modified or closed. */
struct IcsSchedule {};
/** Algorithm IC-Sweep on a sum of dags or of their nonsource profiles: whether the sum admits an IC-optimal schedule, the interleaving, and the priority relation between the summands. Holds copies: no reference to the dags it came from. */
struct IcsSweep {};

%include "ics/ics.h"

%newobject IcsDag::copy;
%newobject IcsDag::read;
%newobject IcsDag::parse;
%newobject IcsDag::readWith;
%newobject IcsDag::parseWith;
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
%newobject IcsDag::schedule;
%newobject IcsDag::scheduleWith;
%newobject IcsDag::skeleton;
%newobject IcsDag::superdag;
%newobject IcsDag::dual;
%newobject IcsSweep::fromProfiles;
%newobject IcsSweep::fromDags;

/* Helpers of the handwritten members (ics_<lang>.swg, <lang>/src/): not API. */
ICS_SWIG_PRIVATE(IcsDag::scheduleWith)
ICS_SWIG_INTERNAL(IcsSchedule::defaultOptions)
ICS_SWIG_PRIVATE(IcsSchedule::blockCount)
ICS_SWIG_PRIVATE(IcsSchedule::blockShape)
ICS_SWIG_PRIVATE(IcsSchedule::blockKind)
ICS_SWIG_PRIVATE(IcsSchedule::blockProven)
ICS_SWIG_PRIVATE(IcsSchedule::blockSources)
ICS_SWIG_PRIVATE(IcsSchedule::blockSinks)
ICS_SWIG_PRIVATE(IcsSchedule::blockProfile)
ICS_SWIG_PRIVATE(IcsSchedule::groupCount)
ICS_SWIG_PRIVATE(IcsSchedule::group)
ICS_SWIG_PRIVATE(IcsSweep::fromProfiles)
ICS_SWIG_PRIVATE(IcsSweep::fromDags)
ICS_SWIG_PRIVATE(IcsSweep::orderPairs)
ICS_SWIG_INTERNAL(IcsSweep::priorityOfProfiles)
ICS_SWIG_INTERNAL(IcsSweep::priorityOfDags)
ICS_SWIG_INTERNAL(IcsSweep::violationOfProfiles)

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
    /** read() with read limits and an include policy (README, "Security and limits"): includePolicy is
     * "same-directory-tree" (default; null = default), "deny" or "allow"; baseDir (null = the file's folder)
     * is the root of the tree INCLUDE/SPLICE may open; a limit of 0 keeps its default. A limit hit throws
     * IcsException(TOO_LARGE) naming the limit and the file. */
    static IcsDag *readWith(const char *path, ics_format format, const char *includePolicy, const char *baseDir,
                            long long maxBytes, long long maxIncludes, long long maxSplices, long long maxNodes,
                            long long maxArcs) {
        ics_read_options opts = ics_swig_read_options(format, includePolicy, baseDir, maxBytes, maxIncludes,
                                                      maxSplices, maxNodes, maxArcs);
        ics_dag *d = nullptr;
        return ics_swig_new_dag(ics_dag_read_file(&d, path, &opts), d);
    }
    /** parse() with the limits and policy of readWith; without a baseDir no INCLUDE/SPLICE file is opened
     * under "same-directory-tree". */
    static IcsDag *parseWith(const char *text, ics_format format, const char *includePolicy, const char *baseDir,
                             long long maxBytes, long long maxIncludes, long long maxSplices, long long maxNodes,
                             long long maxArcs) {
        ics_read_options opts = ics_swig_read_options(format, includePolicy, baseDir, maxBytes, maxIncludes,
                                                      maxSplices, maxNodes, maxArcs);
        ics_dag *d = nullptr;
        return ics_swig_new_dag(ics_dag_read_string(&d, text, std::strlen(text), &opts), d);
    }
    /** readWith() choosing whether the file's text is kept (ics_read_options.keep_source): false saves
     * ~50-80 bytes per node + arc for callers that never write priorities back; writePriorities*() into
     * the file read (dagman, dax, wfformat) then throws IcsException(UNSUPPORTED). The other forms keep it. */
    static IcsDag *readWith(const char *path, ics_format format, const char *includePolicy, const char *baseDir,
                            long long maxBytes, long long maxIncludes, long long maxSplices, long long maxNodes,
                            long long maxArcs, bool keepSource) {
        ics_read_options opts = ics_swig_read_options(format, includePolicy, baseDir, maxBytes, maxIncludes,
                                                      maxSplices, maxNodes, maxArcs);
        opts.keep_source = keepSource ? 1 : 0;
        ics_dag *d = nullptr;
        return ics_swig_new_dag(ics_dag_read_file(&d, path, &opts), d);
    }
    /** parseWith() choosing whether the text is kept, as readWith() does. */
    static IcsDag *parseWith(const char *text, ics_format format, const char *includePolicy, const char *baseDir,
                             long long maxBytes, long long maxIncludes, long long maxSplices, long long maxNodes,
                             long long maxArcs, bool keepSource) {
        ics_read_options opts = ics_swig_read_options(format, includePolicy, baseDir, maxBytes, maxIncludes,
                                                      maxSplices, maxNodes, maxArcs);
        opts.keep_source = keepSource ? 1 : 0;
        ics_dag *d = nullptr;
        return ics_swig_new_dag(ics_dag_read_string(&d, text, std::strlen(text), &opts), d);
    }
    /** Writes the dag as EDGES, DOT, WFFORMAT, DAGMAN (a JOB per task, submit file <task>.sub), DAX or ADJACENCY_JSON (STG: UNSUPPORTED); a name the format cannot hold (DAGMan: white space, '+', PARENT/CHILD) gives UNSUPPORTED. */
    void write(const char *path, ics_format format) {
        ics_swig_check(ics_dag_write_file($self, path, format));
    }
    /** The dag as EDGES, DOT, WFFORMAT, DAGMAN, DAX or ADJACENCY_JSON text (see write). */
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
    /** Number of warnings of the reader (e.g. a DAGMan INCLUDE file that does not exist). */
    int warningCount() {
        uint32_t n = 0;
        ics_swig_check(ics_dag_warning_count(&n, $self));
        return static_cast<int>(n);
    }
    /** Reader warning i (0 <= i < warningCount()). */
    IcsSwigText warning(int i) {
        const char *s = nullptr;
        ics_swig_check(ics_dag_warning(&s, $self, ics_swig_id(i)));
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
    /** Priority of each node (indexed by id) from an execution order: the first task gets order.length, the last 1 (DAGMan, Pegasus and Dask run higher priorities first). */
    IcsSwigIds priorities(const int *order, int order_len) {
        ics_swig_check_len(order_len);
        const uint32_t *o = ics_swig_ids_ptr(order);
        return ics_swig_fetch(
            [&](uint32_t *b, size_t c, size_t *n) {
                return ics_order_priorities(b, c, n, $self, o, static_cast<size_t>(order_len));
            },
            ics_swig_node_hint($self));
    }
    /** For a dag read from an HTCondor DAGMan file: the file's text with one PRIORITY line per node from order (first task highest), all other lines unchanged; UNSUPPORTED for other dags. */
    IcsSwigText dagmanWithPriorities(const int *order, int order_len) {
        ics_swig_check_len(order_len);
        char *s = nullptr;
        size_t len = 0;
        ics_swig_check(ics_dag_write_dagman_priorities(&s, &len, $self, ics_swig_ids_ptr(order),
                                                       static_cast<size_t>(order_len)));
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
    /** Priorities from order (first task highest) written as target: DAGMAN, DAX and WFFORMAT rewrite the file the dag was read from, keeping every other byte; AIRFLOW_JSON, AIRFLOW_PYTHON, CSV, TABLE_JSON are tables. mode says what happens to the user's own priorities (REPLACE, KEEP, ADD); prioCompat writes prio's VARS JOBPRIORITY lines (DAGMAN only). */
    IcsSwigText prioritiesText(const int *order, int order_len, ics_priority_target target,
                               ics_priority_mode mode = ICS_PRIORITY_MODE_REPLACE, bool prioCompat = false) {
        ics_swig_check_len(order_len);
        ics_priority_options o = ICS_PRIORITY_OPTIONS_INIT;
        o.target = target;
        o.mode = mode;
        o.prio_compat = prioCompat ? 1 : 0;
        char *s = nullptr;
        size_t len = 0;
        ics_swig_check(ics_dag_write_priorities_string(&s, &len, $self, ics_swig_ids_ptr(order),
                                                       static_cast<size_t>(order_len), &o));
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
    /** prioritiesText written to path through a temporary file: on an error no file is left and an existing one is unchanged. */
    void writePriorities(const char *path, const int *order, int order_len, ics_priority_target target,
                         ics_priority_mode mode = ICS_PRIORITY_MODE_REPLACE, bool prioCompat = false) {
        ics_swig_check_len(order_len);
        ics_priority_options o = ICS_PRIORITY_OPTIONS_INIT;
        o.target = target;
        o.mode = mode;
        o.prio_compat = prioCompat ? 1 : 0;
        ics_swig_check(ics_dag_write_priorities_file($self, path, ics_swig_ids_ptr(order),
                                                     static_cast<size_t>(order_len), &o));
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

    /* ---- IC-optimal scheduling (the result copies what it needs: it does not
     * reference the dag, which may be modified or closed afterwards) */
    /** The IC-scheduling pipeline with the default options: skeleton, building blocks, priority linearization, IC-Sweep, exact search for small dags. */
    IcsSchedule *schedule() {
        ics_schedule_result *r = nullptr;
        return ics_swig_new_handle(ics_schedule(&r, $self, nullptr), r, ics_schedule_result_destroy, "schedule");
    }
    IcsSchedule *scheduleWith(int exactMaxNodes, long long exactMaxDownsets, int blockExactMaxSources,
                              ics_objective objective, long long areaMaxDownsets, long long sidneyMaxWork,
                              IcsProgress *progress) {
        ics_schedule_options opts = ICS_SCHEDULE_OPTIONS_INIT;
        ics_swig_set_progress(opts, progress);
        if (areaMaxDownsets < 0) {
            ics_swig_fail(ICS_ERR_INVALID_ARGUMENT, "areaMaxDownsets must not be negative");
        }
        if (sidneyMaxWork < 0) {
            ics_swig_fail(ICS_ERR_INVALID_ARGUMENT, "sidneyMaxWork must not be negative");
        }
        opts.area_max_downsets = static_cast<uint64_t>(areaMaxDownsets);
        opts.sidney_max_work = static_cast<uint64_t>(sidneyMaxWork);
        opts.objective = objective;
        opts.exact_max_nodes = ics_swig_u32(exactMaxNodes, "exactMaxNodes");
        if (exactMaxDownsets < 0) {
            ics_swig_fail(ICS_ERR_INVALID_ARGUMENT, "exactMaxDownsets must not be negative");
        }
        opts.exact_max_downsets = static_cast<uint64_t>(exactMaxDownsets);
        opts.block_exact_max_sources = ics_swig_u32(blockExactMaxSources, "blockExactMaxSources");
        ics_schedule_result *r = nullptr;
        return ics_swig_new_handle(ics_schedule(&r, $self, &opts), r, ics_schedule_result_destroy, "schedule");
    }

    /* ---- structure */
    /** The skeleton: this dag without its shortcut arcs (arcs duplicating a longer path); same node ids and names. */
    IcsDag *skeleton() {
        ics_dag *d = nullptr;
        return ics_swig_new_dag(ics_dag_skeleton(&d, nullptr, $self), d);
    }
    /** Number of shortcut arcs, i.e. the arcs skeleton() removes (arcCount() - skeleton().arcCount()). */
    long long shortcutCount() {
        ics_dag *d = nullptr;
        uint64_t removed = 0;
        ics_swig_check(ics_dag_skeleton(&d, &removed, $self));
        ics_dag_destroy(d);
        return static_cast<long long>(removed);
    }
    /** The super-dag of the skeleton's building blocks: node "B<i>" per block i (the numbering of Schedule.blocks()); NOT_DECOMPOSABLE when a block is not bipartite. */
    IcsDag *superdag() {
        ics_dag *d = nullptr;
        return ics_swig_new_dag(ics_dag_superdag(&d, $self), d);
    }
    /** The dual dag: every arc reversed, same node ids and names. */
    IcsDag *dual() {
        ics_dag *d = nullptr;
        return ics_swig_new_dag(ics_dag_dual(&d, $self), d);
    }
    /** The dual of a schedule: for an order of this dag, an order of dual() that executes the packets of nonsources in reverse (IC-optimal when order is). */
    IcsSwigIds dualOrder(const int *order, int order_len) {
        ics_swig_check_len(order_len);
        const uint32_t *o = ics_swig_ids_ptr(order);
        size_t len = static_cast<size_t>(order_len);
        return ics_swig_fetch(
            [&](uint32_t *b, size_t c, size_t *n) { return ics_order_dual(b, c, n, $self, o, len); },
            ics_swig_node_hint($self));
    }
    /** The profile the priority relation and IC-Sweep work on: nonsources made ELIGIBLE after each of the first i nonsinks of order (i = 0..#nonsinks; starts with 0). */
    IcsSwigIds nonsourceProfile(const int *order, int order_len) {
        ics_swig_check_len(order_len);
        const uint32_t *o = ics_swig_ids_ptr(order);
        size_t len = static_cast<size_t>(order_len);
        return ics_swig_fetch(
            [&](uint32_t *b, size_t c, size_t *n) { return ics_order_nonsource_profile(b, c, n, $self, o, len); });
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

%extend IcsSchedule {
    ~IcsSchedule() {
        ics_schedule_result_destroy($self);
    }
    /** exactMaxNodes, exactMaxDownsets, blockExactMaxSources, areaMaxDownsets, sidneyMaxWork of ICS_SCHEDULE_OPTIONS_INIT, from the linked library. */
    static IcsSwigI64s defaultOptions() {
        ics_schedule_options opts = ICS_SCHEDULE_OPTIONS_INIT;
        ics_swig_check(ics_schedule_options_init(&opts, ICS_SCHEDULE_OPTIONS_VERSION));
        IcsSwigI64s r;
        r.v = {static_cast<int64_t>(opts.exact_max_nodes), static_cast<int64_t>(opts.exact_max_downsets),
               static_cast<int64_t>(opts.block_exact_max_sources), static_cast<int64_t>(opts.area_max_downsets),
               static_cast<int64_t>(opts.sidney_max_work)};
        return r;
    }
    /** IC_OPTIMAL when E(t) is proven maximal at every step; AREA_OPTIMAL when no such
     * schedule exists and AREA is proven the maximum; HEURISTIC otherwise (see reason()). */
    ics_schedule_status status() {
        ics_schedule_status s = ICS_SCHEDULE_HEURISTIC;
        ics_swig_check(ics_schedule_result_status(&s, $self));
        return s;
    }
    /** How the order was found. */
    ics_schedule_method method() {
        ics_schedule_method m = ICS_METHOD_GREEDY;
        ics_swig_check(ics_schedule_result_method(&m, $self));
        return m;
    }
    /** Why the schedule is not proven IC-optimal; empty when it is. */
    IcsSwigText reason() {
        const char *s = nullptr;
        ics_swig_check(ics_schedule_result_reason(&s, $self));
        return ics_swig_text(s);
    }
    /** The execution order: every node id once, parents first. */
    IcsSwigIds order() {
        return ics_swig_fetch([&](uint32_t *b, size_t c, size_t *n) { return ics_schedule_result_order(b, c, n, $self); });
    }
    /** E(0..n) of order(): ELIGIBLE nodes after t executions. */
    IcsSwigIds eligible() {
        return ics_swig_fetch(
            [&](uint32_t *b, size_t c, size_t *n) { return ics_schedule_result_eligible(b, c, n, $self); });
    }
    /** Memory cost of order(): max over steps of executed nodes with an unexecuted child. */
    int memory() {
        uint32_t n = 0;
        ics_swig_check(ics_schedule_result_memory(&n, $self));
        return ics_swig_int(n, "memory");
    }
    /** AREA of order(): the sum of E(t). */
    long long area() {
        uint64_t n = 0;
        ics_swig_check(ics_schedule_result_area(&n, $self));
        return static_cast<long long>(n);
    }
    /** An integer >= the AREA of every schedule: area() itself unless the status is HEURISTIC. */
    long long areaBound() {
        uint64_t n = 0;
        ics_swig_check(ics_schedule_result_area_bound(&n, $self));
        return static_cast<long long>(n);
    }
    /** (areaBound() - area()) / areaBound(): area() is at least (1 - gap) x the optimum. */
    double areaGap() {
        double g = 0;
        ics_swig_check(ics_schedule_result_area_gap(&g, $self));
        return g;
    }
    /** Shortcut arcs removed before the decomposition. */
    long long shortcutsRemoved() {
        uint64_t n = 0;
        ics_swig_check(ics_schedule_result_shortcuts_removed(&n, $self));
        return static_cast<long long>(n);
    }
    /** Linearization groups proven by the forced-join lemma (0 unless the decomposition used it). */
    int forcedJoins() {
        uint32_t n = 0;
        ics_swig_check(ics_schedule_result_forced_joins(&n, $self));
        return ics_swig_int(n, "forced joins");
    }
    int blockCount() {
        uint32_t n = 0;
        ics_swig_check(ics_schedule_result_block_count(&n, $self));
        return ics_swig_int(n, "block count");
    }
    IcsSwigText blockShape(int index) {
        ics_block_info info = ICS_BLOCK_INFO_INIT;
        ics_swig_check(ics_schedule_result_block(&info, $self, ics_swig_u32(index, "block index")));
        return ics_swig_text(info.shape);
    }
    IcsSwigText blockKind(int index) {
        ics_block_info info = ICS_BLOCK_INFO_INIT;
        ics_swig_check(ics_schedule_result_block(&info, $self, ics_swig_u32(index, "block index")));
        return ics_swig_text(info.kind);
    }
    bool blockProven(int index) {
        ics_block_info info = ICS_BLOCK_INFO_INIT;
        ics_swig_check(ics_schedule_result_block(&info, $self, ics_swig_u32(index, "block index")));
        return info.proven != 0;
    }
    IcsSwigIds blockSources(int index) {
        uint32_t b = ics_swig_u32(index, "block index");
        return ics_swig_fetch(
            [&](uint32_t *o, size_t c, size_t *n) { return ics_schedule_result_block_sources(o, c, n, $self, b); });
    }
    IcsSwigIds blockSinks(int index) {
        uint32_t b = ics_swig_u32(index, "block index");
        return ics_swig_fetch(
            [&](uint32_t *o, size_t c, size_t *n) { return ics_schedule_result_block_sinks(o, c, n, $self, b); });
    }
    IcsSwigIds blockProfile(int index) {
        uint32_t b = ics_swig_u32(index, "block index");
        return ics_swig_fetch(
            [&](uint32_t *o, size_t c, size_t *n) { return ics_schedule_result_block_profile(o, c, n, $self, b); });
    }
    int groupCount() {
        uint32_t n = 0;
        ics_swig_check(ics_schedule_result_group_count(&n, $self));
        return ics_swig_int(n, "group count");
    }
    IcsSwigIds group(int index) {
        uint32_t g = ics_swig_u32(index, "group index");
        return ics_swig_fetch(
            [&](uint32_t *o, size_t c, size_t *n) { return ics_schedule_result_group(o, c, n, $self, g); });
    }
    /** M(0..n), the per-step maximum of E over all schedules, when the exact search ran; empty otherwise. */
    IcsSwigIds maxEligible() {
        return ics_swig_fetch(
            [&](uint32_t *b, size_t c, size_t *n) { return ics_schedule_result_max_eligible(b, c, n, $self); });
    }
}

%extend IcsSweep {
    ~IcsSweep() {
        ics_sweep_result_destroy($self);
    }
    /* values: the profiles concatenated; lengths: each profile's length. */
    static IcsSweep *fromProfiles(const int *values, int values_len, const int *lengths, int lengths_len) {
        ics_swig_check_len(values_len);
        ics_swig_check_len(lengths_len);
        ics_swig_check_values(values, values_len, "profile");
        std::vector<const uint32_t *> ptrs;
        std::vector<size_t> lens;
        ptrs.reserve(static_cast<size_t>(lengths_len));
        lens.reserve(static_cast<size_t>(lengths_len));
        size_t at = 0;
        for (int i = 0; i < lengths_len; ++i) {
            if (lengths[i] < 0 || static_cast<size_t>(lengths[i]) > static_cast<size_t>(values_len) - at) {
                ics_swig_fail(ICS_ERR_INVALID_ARGUMENT, "profile lengths do not match the values");
            }
            ptrs.push_back(ics_swig_ids_ptr(values) + at);
            lens.push_back(static_cast<size_t>(lengths[i]));
            at += static_cast<size_t>(lengths[i]);
        }
        ics_sweep_result *r = nullptr;
        return ics_swig_new_handle(ics_sweep(&r, ptrs.data(), lens.data(), lens.size()), r, ics_sweep_result_destroy,
                                   "sweep");
    }
    /* handles: the Dag proxies' native pointers (0 = closed). */
    static IcsSweep *fromDags(const long long *handles, int handles_len) {
        ics_swig_check_len(handles_len);
        std::vector<const ics_dag *> dags;
        dags.reserve(static_cast<size_t>(handles_len));
        for (int i = 0; i < handles_len; ++i) {
            dags.push_back(ics_swig_live_dag(reinterpret_cast<const ics_dag *>(static_cast<intptr_t>(handles[i]))));
        }
        ics_sweep_result *r = nullptr;
        return ics_swig_new_handle(ics_sweep_dags(&r, dags.data(), dags.size()), r, ics_sweep_result_destroy, "sweep");
    }
    static bool priorityOfProfiles(const int *e1, int e1_len, const int *e2, int e2_len) {
        ics_swig_check_len(e1_len);
        ics_swig_check_len(e2_len);
        ics_swig_check_values(e1, e1_len, "profile");
        ics_swig_check_values(e2, e2_len, "profile");
        int r = 0;
        ics_swig_check(ics_priority(&r, ics_swig_ids_ptr(e1), static_cast<size_t>(e1_len), ics_swig_ids_ptr(e2),
                                    static_cast<size_t>(e2_len)));
        return r != 0;
    }
    static bool priorityOfDags(IcsDag *g1, IcsDag *g2) {
        int r = 0;
        ics_swig_check(ics_priority_dags(&r, ics_swig_live_dag(g1), ics_swig_live_dag(g2)));
        return r != 0;
    }
    /* {x, y} of the first violation of system (1), empty when G1 ▷ G2. */
    static IcsSwigIds violationOfProfiles(const int *e1, int e1_len, const int *e2, int e2_len) {
        ics_swig_check_len(e1_len);
        ics_swig_check_len(e2_len);
        ics_swig_check_values(e1, e1_len, "profile");
        ics_swig_check_values(e2, e2_len, "profile");
        int found = 0;
        uint32_t x = 0, y = 0;
        ics_swig_check(ics_priority_violation(&found, &x, &y, ics_swig_ids_ptr(e1), static_cast<size_t>(e1_len),
                                              ics_swig_ids_ptr(e2), static_cast<size_t>(e2_len)));
        IcsSwigIds r;
        if (found) r.v = {x, y};
        return r;
    }
    /** True when the sum of the summands admits an IC-optimal schedule. */
    bool isIco() {
        int r = 0;
        ics_swig_check(ics_sweep_result_ico(&r, $self));
        return r != 0;
    }
    /** True when G1 ▷ G2 ▷ ... ▷ Gp (each summand in one piece is IC-optimal). */
    bool isChain() {
        int r = 0;
        ics_swig_check(ics_sweep_result_chain(&r, $self));
        return r != 0;
    }
    /** True when summand i has priority over summand j (0-based; INVALID_ARGUMENT when out of range). */
    bool hasPriority(int i, int j) {
        int r = 0;
        ics_swig_check(ics_sweep_result_pair(&r, $self, ics_swig_u32(i, "i"), ics_swig_u32(j, "j")));
        return r != 0;
    }
    /** Number of summands. */
    int count() {
        uint32_t n = 0;
        ics_swig_check(ics_sweep_result_count(&n, $self));
        return ics_swig_int(n, "count");
    }
    /** When isIco(): the summand (0-based) whose next nonsink each step executes; empty otherwise. */
    IcsSwigIds path() {
        return ics_swig_fetch([&](uint32_t *b, size_t c, size_t *n) { return ics_sweep_result_path(b, c, n, $self); });
    }
    /** When isIco(): the sum's profile along path() (the per-step maximum); starts with 0. */
    IcsSwigIds profile() {
        return ics_swig_fetch(
            [&](uint32_t *b, size_t c, size_t *n) { return ics_sweep_result_profile(b, c, n, $self); });
    }
    /** Why no IC-optimal schedule exists, or why the summands are not a priority chain; empty when both hold. */
    IcsSwigText reason() {
        const char *s = nullptr;
        ics_swig_check(ics_sweep_result_reason(&s, $self));
        return ics_swig_text(s);
    }
    /** Per-step maximum of the sum's eligibility over all its schedules (starts with 0): no schedule does better at any step; equals profile() when isIco(). */
    IcsSwigIds envelope() {
        return ics_swig_fetch(
            [&](uint32_t *b, size_t c, size_t *n) { return ics_sweep_result_envelope(b, c, n, $self); });
    }
    /** When the sum has no IC-optimal schedule: the IC-Sweep invocation that failed (summands 0..k merged, plus summand k+1); -1 otherwise. */
    int failedGroup() {
        int failed = 0;
        uint32_t group = 0;
        ics_swig_check(ics_sweep_result_failure(&failed, &group, nullptr, $self));
        return failed ? ics_swig_int(group, "group") : -1;
    }
    /** When the sum has no IC-optimal schedule: the step (diagonal of failedGroup()'s table) no schedule reaches the maximum at while keeping the maxima before; -1 otherwise. */
    int failedDiagonal() {
        int failed = 0;
        uint32_t diagonal = 0;
        ics_swig_check(ics_sweep_result_failure(&failed, nullptr, &diagonal, $self));
        return failed ? ics_swig_int(diagonal, "diagonal") : -1;
    }
    /* dag0, node0, dag1, node1, ... */
    IcsSwigIds orderPairs() {
        size_t count = 0;
        ics_swig_check(ics_sweep_result_order(nullptr, nullptr, 0, &count, $self));
        std::vector<uint32_t> dags(count), nodes(count);
        size_t got = 0;
        ics_swig_check(ics_sweep_result_order(dags.data(), nodes.data(), count, &got, $self));
        if (got != count) {
            ics_swig_fail(ICS_ERR_INTERNAL, "ics: sweep order length changed between calls");
        }
        if (count > static_cast<size_t>(std::numeric_limits<int>::max()) / 2) {
            ics_swig_fail(ICS_ERR_TOO_LARGE, "array too long for a Java/C# array");
        }
        IcsSwigIds r;
        r.v.reserve(2 * count);
        for (size_t i = 0; i < count; ++i) {
            r.v.push_back(dags[i]);
            r.v.push_back(nodes[i]);
        }
        return r;
    }
}

/* ------------------------------------------------------------ dag algebra and familiar computations (issue 4)
 * The familiar computations are static Dag generators like the families
 * above. The algebra: dag.induced(ids) and g1.compose(g2, sinks, sources)
 * return a Dag; the handwritten DagAlgebra class (sums of any number of
 * dags, name prefixes, origin maps in a Derived) reaches the C API through
 * the internal helpers algebraSum, algebraCompose and algebraOrigin (the
 * origin map of either, or of induced). */
%newobject IcsDag::matrixMultiplication;
%newobject IcsDag::laplace;
%newobject IcsDag::divideConquer;
%newobject IcsDag::wavefront;
%newobject IcsDag::parallelPrefix;
%newobject IcsDag::fmri;
%newobject IcsDag::induced;
%newobject IcsDag::compose;
%newobject IcsDag::algebraSum;
%newobject IcsDag::algebraCompose;
ICS_SWIG_INTERNAL(IcsDag::algebraSum)
ICS_SWIG_INTERNAL(IcsDag::algebraCompose)
ICS_SWIG_INTERNAL(IcsDag::algebraOrigin)
/* Array parameters reuse the names typemapped above (the typemaps in force
 * where IcsDag is declared apply to every %extend of it): values = ids,
 * e1 = sinks, e2 = sources. */


%extend IcsDag {
    /** Recursive matrix multiplication of 2^levels x 2^levels blocks (overview slides): blocks a<i>_<k>, b<k>_<j>, products p<i>_<k>_<j>, sums, results c<i>_<j>. */
    static IcsDag *matrixMultiplication(int levels) {
        ics_dag *g = nullptr;
        return ics_swig_new_dag(ics_dag_generate_matrix_multiplication(&g, ics_swig_u32(levels, "levels")), g);
    }
    /** The discrete Laplace transform y_k = sum_i x_i w^(ik), 1 <= k, i < n, term by term (n >= 2): powers w<k>_<i>, running sums y<k>_<i>. */
    static IcsDag *laplace(int n) {
        ics_dag *g = nullptr;
        return ics_swig_new_dag(ics_dag_generate_laplace(&g, ics_swig_u32(n, "n")), g);
    }
    /** Divide-and-conquer: a branching-ary out-tree of the given depth whose leaves feed an in-tree of the same depth (2 <= branching <= 36). */
    static IcsDag *divideConquer(int branching, int depth) {
        ics_dag *g = nullptr;
        return ics_swig_new_dag(ics_dag_generate_divide_conquer(&g, ics_swig_u32(branching, "branching"),
                                                                ics_swig_u32(depth, "depth")),
                                g);
    }
    /** A wavefront computation: the rows x cols grid, node "i_j" feeding "(i+1)_j" and "i_(j+1)". */
    static IcsDag *wavefront(int rows, int cols) {
        ics_dag *g = nullptr;
        return ics_swig_new_dag(
            ics_dag_generate_wavefront(&g, ics_swig_u32(rows, "rows"), ics_swig_u32(cols, "cols")), g);
    }
    /** Parallel prefix (scan) of n inputs: the recursive-doubling network, node "level_position". */
    static IcsDag *parallelPrefix(int n) {
        ics_dag *g = nullptr;
        return ics_swig_new_dag(ics_dag_generate_parallel_prefix(&g, ics_swig_u32(n, "n")), g);
    }
    /** An fMRI-like dag: two summands of width sources (L_.., R_..) that an IC-optimal schedule must interleave, joined by the sink "mean" (width >= 2). */
    static IcsDag *fmri(int width) {
        ics_dag *g = nullptr;
        return ics_swig_new_dag(ics_dag_generate_fmri(&g, ics_swig_u32(width, "width")), g);
    }

    /** The subdag induced by the nodes ids: those nodes (names kept, in increasing original id) and the arcs among them. */
    IcsDag *induced(const int *values, int values_len) {
        ics_swig_check_len(values_len);
        ics_dag *g = nullptr;
        return ics_swig_new_dag(ics_dag_induced(&g, nullptr, 0, nullptr, $self, ics_swig_ids_ptr(values),
                                                static_cast<size_t>(values_len)),
                                g);
    }
    /** This dag composed with g2 (this ^ g2): sinks[k] of this dag merged with sources[k] of g2; names prefixed "g0:" and "g1:" (see DagAlgebra for other prefixes and the origin map). */
    IcsDag *compose(IcsDag *g2, const int *e1, int e1_len, const int *e2, int e2_len) {
        ics_swig_check_len(e1_len);
        ics_swig_check_len(e2_len);
        if (e1_len != e2_len) {
            ics_swig_fail(ICS_ERR_INVALID_ARGUMENT, "sinks and sources differ in length");
        }
        ics_dag *g = nullptr;
        return ics_swig_new_dag(ics_dag_compose(&g, nullptr, nullptr, 0, nullptr, $self, ics_swig_live_dag(g2),
                                                ics_swig_ids_ptr(e1), ics_swig_ids_ptr(e2),
                                                static_cast<size_t>(e1_len), nullptr, nullptr),
                                g);
    }
    /* handles: Dag pointers; strings: no prefix (defaults) or one per dag. */
    static IcsDag *algebraSum(const long long *handles, int handles_len, const char *const *strings, int count) {
        ics_swig_check_len(handles_len);
        std::vector<const ics_dag *> dags;
        for (int i = 0; i < handles_len; ++i) {
            dags.push_back(ics_swig_live_dag(reinterpret_cast<const ics_dag *>(static_cast<intptr_t>(handles[i]))));
        }
        ics_dag *g = nullptr;
        return ics_swig_new_dag(ics_dag_sum(&g, nullptr, nullptr, 0, nullptr, dags.data(), dags.size(),
                                            count == 0 ? nullptr : strings),
                                g);
    }
    /* sinks of g1, sources of g2; strings: no prefix or two. */
    static IcsDag *algebraCompose(IcsDag *g1, IcsDag *g2, const int *e1, int e1_len, const int *e2, int e2_len, const char *const *strings, int count) {
        ics_swig_check_len(e1_len);
        if (e1_len != e2_len || (count != 0 && count != 2)) {
            ics_swig_fail(ICS_ERR_INVALID_ARGUMENT, "compose: pairs or prefixes of the wrong length");
        }
        ics_dag *g = nullptr;
        return ics_swig_new_dag(ics_dag_compose(&g, nullptr, nullptr, 0, nullptr, ics_swig_live_dag(g1),
                                                ics_swig_live_dag(g2), ics_swig_ids_ptr(e1),
                                                ics_swig_ids_ptr(e2), static_cast<size_t>(e1_len),
                                                count ? strings[0] : nullptr, count ? strings[1] : nullptr),
                                g);
    }
    /* The origin map (parts, then nodes) of the same operation: op 0 = algebraSum
     * (handles, strings), 1 = algebraCompose (handles = {g1, g2}, sinks, sources,
     * strings), 2 = induced (handles = {dag}, sinks = the ids). The operation runs
     * again with origin buffers; its dag is dropped. */
    static IcsSwigIds algebraOrigin(int op, const long long *handles, int handles_len, const int *e1, int e1_len, const int *e2, int e2_len, const char *const *strings, int count) {
        ics_swig_check_len(handles_len);
        ics_swig_check_len(e1_len);
        std::vector<const ics_dag *> dags;
        size_t capacity = static_cast<size_t>(e1_len) + 1; /* induced: count; never 0 */
        for (int i = 0; i < handles_len; ++i) {
            dags.push_back(ics_swig_live_dag(reinterpret_cast<const ics_dag *>(static_cast<intptr_t>(handles[i]))));
            uint32_t n = 0;
            ics_swig_check(ics_dag_node_count(&n, dags.back()));
            capacity += n; /* sum: the node counts; compose: n1 + n2 */
        }
        if ((op == 1 && (handles_len != 2 || e1_len != e2_len || (count != 0 && count != 2))) ||
            (op == 2 && handles_len != 1) || op < 0 || op > 2) {
            ics_swig_fail(ICS_ERR_INVALID_ARGUMENT, "algebraOrigin: bad arguments");
        }
        std::vector<uint32_t> parts(capacity), nodes(capacity);
        ics_dag *d = nullptr;
        size_t n = 0;
        ics_status st = ICS_OK;
        const char *const *prefixes = count == 0 ? nullptr : strings;
        if (op == 0) {
            st = ics_dag_sum(&d, parts.data(), nodes.data(), capacity, &n, dags.data(), dags.size(), prefixes);
        } else if (op == 1) {
            st = ics_dag_compose(&d, parts.data(), nodes.data(), capacity, &n, dags[0], dags[1],
                                 ics_swig_ids_ptr(e1), ics_swig_ids_ptr(e2), static_cast<size_t>(e1_len),
                                 prefixes ? prefixes[0] : nullptr, prefixes ? prefixes[1] : nullptr);
        } else {
            st = ics_dag_induced(&d, nodes.data(), capacity, &n, dags[0], ics_swig_ids_ptr(e1),
                                 static_cast<size_t>(e1_len));
        }
        ics_dag_destroy(d);
        ics_swig_check(st);
        if (n > static_cast<size_t>(std::numeric_limits<int>::max()) / 2) {
            ics_swig_fail(ICS_ERR_TOO_LARGE, "array too long for a Java/C# array");
        }
        IcsSwigIds r;
        r.v.assign(parts.begin(), parts.begin() + static_cast<std::ptrdiff_t>(n));
        r.v.insert(r.v.end(), nodes.begin(), nodes.begin() + static_cast<std::ptrdiff_t>(n));
        return r;
    }
}

/* ------------------------------------------------------------ task clustering (clustering.txt §3)
 * Cluster: a clustered task for a worker (ics_cluster), with static
 * extract / check / sequence in the handwritten part (ics_<lang>.swg style,
 * kept here in one place); the strategy travels as an int and is the
 * handwritten enum ClusterStrategy (<lang>/src/). Dag.clusteringFig6(). */
%{
typedef ics_cluster IcsCluster;
%}
#if defined(SWIGJAVA)
ICS_JAVA_HANDLE(IcsCluster, Cluster, delete_Cluster)
%typemap(javacode) IcsCluster %{
  /**
   * A cluster of k tasks for a worker, from the start of the computation.
   *
   * @throws IcsException NOT_IC_OPTIMAL when the dag has no proven IC-optimal schedule, UNSUPPORTED when the strategy does not apply (the message says why), INVALID_ARGUMENT for k out of range
   */
  public static Cluster extract(Dag dag, int k, ClusterStrategy strategy) {
    return extract(dag, new int[0], k, strategy);
  }

  /**
   * A cluster of k tasks from the running state in which the tasks `executed`
   * (closed under parents) have run.
   */
  public static Cluster extract(Dag dag, int[] executed, int k, ClusterStrategy strategy) {
    java.util.Objects.requireNonNull(dag, "dag");
    java.util.Objects.requireNonNull(executed, "executed");
    java.util.Objects.requireNonNull(strategy, "strategy");
    return extractFrom(dag, executed, k, strategy.value());
  }

  /** Checks a user-supplied cluster `tasks` (self-contained or not, cut arcs, closure, the residual). */
  public static Cluster check(Dag dag, int[] executed, int[] tasks) {
    java.util.Objects.requireNonNull(dag, "dag");
    java.util.Objects.requireNonNull(executed, "executed");
    java.util.Objects.requireNonNull(tasks, "tasks");
    return checkIn(dag, executed, tasks);
  }

  /**
   * Workers of capacities sizes[0], sizes[1], ... served one after the other
   * from the shrinking residual; one Cluster per worker (close each).
   */
  public static java.util.List<Cluster> sequence(Dag dag, int[] executed, int[] sizes, ClusterStrategy strategy) {
    java.util.Objects.requireNonNull(dag, "dag");
    java.util.Objects.requireNonNull(executed, "executed");
    java.util.Objects.requireNonNull(sizes, "sizes");
    java.util.Objects.requireNonNull(strategy, "strategy");
    long[] handles = sequenceHandles(dag, executed, sizes, strategy.value());
    java.util.List<Cluster> r = new java.util.ArrayList<>(handles.length);
    for (long h : handles) {
      r.add(new Cluster(h, true));
    }
    return java.util.Collections.unmodifiableList(r);
  }

  /** The strategy that produced the cluster (for MIN_CUT: the winner's; CHECK for check()). */
  public ClusterStrategy strategy() {
    return ClusterStrategy.of(strategyValue());
  }

  /** The cut arcs as {from, to} pairs of node ids. */
  public int[][] cutArcs() {
    int[] pairs = cutArcPairs();
    int[][] r = new int[pairs.length / 2][];
    for (int i = 0; i < r.length; ++i) {
      r[i] = new int[] {pairs[2 * i], pairs[2 * i + 1]};
    }
    return r;
  }

  /** True when the residual's schedule is proven IC-optimal. */
  public boolean isResidualIcOptimal() {
    return residualStatus() == ScheduleStatus.IC_OPTIMAL;
  }
%}
#elif defined(SWIGCSHARP)
ICS_CSHARP_HANDLE(IcsCluster, Cluster)
ICS_CSHARP_PROPERTY(IcsCluster, cutArcCount, GetCutArcCount)
ICS_CSHARP_PROPERTY(IcsCluster, eligibleRendered, GetEligibleRendered)
ICS_CSHARP_PROPERTY(IcsCluster, newlyEligible, GetNewlyEligible)
ICS_CSHARP_PROPERTY(IcsCluster, isSelfContained, GetIsSelfContained)
ICS_CSHARP_PROPERTY(IcsCluster, violation, GetViolation)
ICS_CSHARP_PROPERTY(IcsCluster, residualStatus, GetResidualStatus)
ICS_CSHARP_PROPERTY(IcsCluster, residualReason, GetResidualReason)
ICS_CSHARP_PROPERTY(IcsCluster, certificate, GetCertificate)
ICS_CSHARP_PROPERTY(IcsCluster, donorNote, GetDonorNote)
%typemap(cscode) IcsCluster %{
  /// <summary>A cluster of k tasks for a worker, from the start of the computation.</summary>
  public static Cluster Extract(Dag dag, int k, ClusterStrategy strategy) {
    return Extract(dag, new int[0], k, strategy);
  }

  /// <summary>A cluster of k tasks from the running state in which `executed` (closed under parents) ran.</summary>
  public static Cluster Extract(Dag dag, int[] executed, int k, ClusterStrategy strategy) {
    if (dag == null) throw new global::System.ArgumentNullException("dag");
    if (executed == null) throw new global::System.ArgumentNullException("executed");
    return ExtractFrom(dag, executed, k, (int) strategy);
  }

  /// <summary>Checks a user-supplied cluster (self-contained or not, cut arcs, closure, the residual).</summary>
  public static Cluster Check(Dag dag, int[] executed, int[] tasks) {
    if (dag == null) throw new global::System.ArgumentNullException("dag");
    if (executed == null) throw new global::System.ArgumentNullException("executed");
    if (tasks == null) throw new global::System.ArgumentNullException("tasks");
    return CheckIn(dag, executed, tasks);
  }

  /// <summary>Workers of capacities sizes[0], sizes[1], ... served one after the other from the
  /// shrinking residual; one Cluster per worker (dispose each).</summary>
  public static global::System.Collections.Generic.List<Cluster> Sequence(Dag dag, int[] executed, int[] sizes,
                                                                         ClusterStrategy strategy) {
    if (dag == null) throw new global::System.ArgumentNullException("dag");
    if (executed == null) throw new global::System.ArgumentNullException("executed");
    if (sizes == null) throw new global::System.ArgumentNullException("sizes");
    long[] handles = SequenceHandles(dag, executed, sizes, (int) strategy);
    var r = new global::System.Collections.Generic.List<Cluster>(handles.Length);
    foreach (long h in handles) r.Add(new Cluster(new global::System.IntPtr(h), true));
    return r;
  }

  /// <summary>The strategy that produced the cluster (MinCut: the winner's; Check for Check()).</summary>
  public ClusterStrategy Strategy {
    get { return (ClusterStrategy) StrategyValue(); }
  }
  /// <summary>Arcs from the cluster to the residual (the results sent back).</summary>
  public long CutArcCount {
    get { return GetCutArcCount(); }
  }
  /// <summary>Tasks ELIGIBLE once the cluster has run (the residual's sources).</summary>
  public int EligibleRendered {
    get { return GetEligibleRendered(); }
  }
  /// <summary>Of EligibleRendered, those with a parent in the cluster.</summary>
  public int NewlyEligible {
    get { return GetNewlyEligible(); }
  }
  /// <summary>Every task's unexecuted ancestors are in the cluster.</summary>
  public bool IsSelfContained {
    get { return GetIsSelfContained(); }
  }
  /// <summary>Why the cluster is not self-contained; empty when it is.</summary>
  public string Violation {
    get { return GetViolation(); }
  }
  /// <summary>Whether the residual's schedule is proven IC-optimal.</summary>
  public ScheduleStatus ResidualStatus {
    get { return GetResidualStatus(); }
  }
  /// <summary>Why the residual's schedule is not proven; empty when it is.</summary>
  public string ResidualReason {
    get { return GetResidualReason(); }
  }
  /// <summary>How the residual's schedule was proven (Theorem 3.1 or the engine).</summary>
  public string Certificate {
    get { return GetCertificate(); }
  }

  /// <summary>Donor and min-cut: which universal-donor theorem (3.3, 3.4) applied, or why none did; empty otherwise.</summary>
  public string DonorNote {
    get { return GetDonorNote(); }
  }

  /// <summary>The cut arcs as {from, to} pairs of node ids.</summary>
  public int[][] CutArcs() {
    int[] pairs = CutArcPairs();
    int[][] r = new int[pairs.Length / 2][];
    for (int i = 0; i < r.Length; ++i) r[i] = new int[] {pairs[2 * i], pairs[2 * i + 1]};
    return r;
  }
%}
#endif
%typemap(check, canthrow=1) IcsCluster *self %{
    if ($1 == nullptr) {
        ICS_SWIG_RAISE(ICS_SWIG_KIND_CLOSED, 0, "Cluster");
        return $null;
    }
%}
%apply IcsDag *LIVE { IcsDag *clusterDag };
%apply (const int *order, int order_len) { (const int *executed, int executed_len), (const int *tasks, int tasks_len),
                                           (const int *sizes, int sizes_len) };
%rename(Cluster) IcsCluster;
%nodefaultctor IcsCluster;
/** A clustered task for a worker (clustering.txt §3): a self-contained set of tasks, the arcs it cuts, the tasks it renders ELIGIBLE, and the residual dag with its (proven IC-optimal, when so) schedule. Holds copies: no reference to the dag. */
struct IcsCluster {};
%newobject IcsCluster::extractFrom;
%newobject IcsCluster::checkIn;
%newobject IcsCluster::residualDag;
%newobject IcsDag::clusteringFig6;
ICS_SWIG_PRIVATE(IcsCluster::extractFrom)
ICS_SWIG_PRIVATE(IcsCluster::checkIn)
ICS_SWIG_PRIVATE(IcsCluster::sequenceHandles)
ICS_SWIG_PRIVATE(IcsCluster::strategyValue)
ICS_SWIG_PRIVATE(IcsCluster::cutArcPairs)

%extend IcsDag {
    /** The dag of Fig. 6a of the clustering paper: two out-meshes joined, whose priority chain is W(1,2), W(1,2), W(2,2), W(2,2), ..., W(5,2), W(6,2), W(10,2). */
    static IcsDag *clusteringFig6() {
        ics_dag *g = nullptr;
        return ics_swig_new_dag(ics_dag_generate_clustering_fig6(&g), g);
    }
}

%extend IcsCluster {
    ~IcsCluster() {
        ics_cluster_destroy($self);
    }
    static IcsCluster *extractFrom(IcsDag *clusterDag, const int *executed, int executed_len, int k, int strategy) {
        ics_swig_check_len(executed_len);
        ics_cluster *c = nullptr;
        return ics_swig_new_handle(ics_cluster_extract(&c, clusterDag, ics_swig_ids_ptr(executed),
                                                       static_cast<size_t>(executed_len), ics_swig_u32(k, "k"),
                                                       static_cast<ics_cluster_strategy>(strategy), nullptr),
                                   c, ics_cluster_destroy, "cluster");
    }
    static IcsCluster *checkIn(IcsDag *clusterDag, const int *executed, int executed_len, const int *tasks,
                               int tasks_len) {
        ics_swig_check_len(executed_len);
        ics_swig_check_len(tasks_len);
        ics_cluster *c = nullptr;
        return ics_swig_new_handle(ics_cluster_check(&c, clusterDag, ics_swig_ids_ptr(executed),
                                                     static_cast<size_t>(executed_len), ics_swig_ids_ptr(tasks),
                                                     static_cast<size_t>(tasks_len), nullptr),
                                   c, ics_cluster_destroy, "cluster");
    }
    /* Native handles of new clusters, one per worker (the proxies own them). */
    static IcsSwigI64s sequenceHandles(IcsDag *clusterDag, const int *executed, int executed_len, const int *sizes,
                                       int sizes_len, int strategy) {
        ics_swig_check_len(executed_len);
        ics_swig_check_len(sizes_len);
        ics_swig_check_values(sizes, sizes_len, "size");
        ics_cluster_list *list = nullptr;
        ics_status st = ics_cluster_sequence(&list, clusterDag, ics_swig_ids_ptr(executed),
                                             static_cast<size_t>(executed_len), ics_swig_ids_ptr(sizes),
                                             static_cast<size_t>(sizes_len), static_cast<ics_cluster_strategy>(strategy),
                                             nullptr);
        if (st != ICS_OK) {
            ics_swig_fail(st);
        }
        uint32_t count = 0;
        ics_cluster_list_count(&count, list);
        IcsSwigI64s r;
        for (uint32_t i = 0; i < count; ++i) {
            ics_cluster *c = nullptr;
            st = ics_cluster_list_get(&c, list, i);
            if (st != ICS_OK) {
                for (int64_t h : r.v) {
                    ics_cluster_destroy(reinterpret_cast<ics_cluster *>(static_cast<intptr_t>(h)));
                }
                ics_cluster_list_destroy(list);
                ics_swig_fail(st);
            }
            r.v.push_back(static_cast<int64_t>(reinterpret_cast<intptr_t>(c)));
        }
        ics_cluster_list_destroy(list);
        return r;
    }
    int strategyValue() {
        ics_cluster_strategy s = ICS_CLUSTER_DIRECT;
        ics_swig_check(ics_cluster_strategy_used(&s, $self));
        return static_cast<int>(s);
    }
    /** The cluster's tasks (node ids), in an order the worker can execute (check(): as given). */
    IcsSwigIds tasks() {
        return ics_swig_fetch([&](uint32_t *b, size_t c, size_t *n) { return ics_cluster_tasks(b, c, n, $self); });
    }
    /** Number of arcs from the cluster to the residual: the results the worker sends back. */
    long long cutArcCount() {
        uint64_t n = 0;
        ics_swig_check(ics_cluster_cut_arc_count(&n, $self));
        return static_cast<long long>(n);
    }
    /* from0, to0, from1, to1, ... */
    IcsSwigIds cutArcPairs() {
        size_t count = 0;
        ics_swig_check(ics_cluster_cut_arcs(nullptr, nullptr, 0, &count, $self));
        std::vector<uint32_t> from(count), to(count);
        size_t got = 0;
        ics_swig_check(ics_cluster_cut_arcs(from.data(), to.data(), count, &got, $self));
        if (count > static_cast<size_t>(std::numeric_limits<int>::max()) / 2) {
            ics_swig_fail(ICS_ERR_TOO_LARGE, "array too long for a Java/C# array");
        }
        IcsSwigIds r;
        r.v.reserve(2 * got);
        for (size_t i = 0; i < got; ++i) {
            r.v.push_back(from[i]);
            r.v.push_back(to[i]);
        }
        return r;
    }
    /** Tasks ELIGIBLE once the cluster has run (the residual's sources). */
    int eligibleRendered() {
        uint32_t n = 0;
        ics_swig_check(ics_cluster_eligible_rendered(&n, $self));
        return ics_swig_int(n, "eligible rendered");
    }
    /** Of eligibleRendered(), the tasks with a parent in the cluster. */
    int newlyEligible() {
        uint32_t n = 0;
        ics_swig_check(ics_cluster_newly_eligible(&n, $self));
        return ics_swig_int(n, "newly eligible");
    }
    /** True when every task's unexecuted ancestors are in the cluster. */
    bool isSelfContained() {
        int r = 0;
        ics_swig_check(ics_cluster_self_contained(&r, $self));
        return r != 0;
    }
    /** Why the cluster is not self-contained; empty when it is. */
    IcsSwigText violation() {
        const char *s = nullptr;
        ics_swig_check(ics_cluster_violation(&s, $self));
        return ics_swig_text(s);
    }
    /** Residual tasks left isolated by the cluster and adjacent to it (its closure, §3.3.3, minus the cluster). */
    IcsSwigIds closure() {
        return ics_swig_fetch([&](uint32_t *b, size_t c, size_t *n) { return ics_cluster_closure(b, c, n, $self); });
    }
    /** The residual dag: a new Dag (names kept, ids renumbered). */
    IcsDag *residualDag() {
        ics_dag *d = nullptr;
        return ics_swig_new_dag(ics_cluster_residual_dag(&d, $self), d);
    }
    /** IC_OPTIMAL when the residual's schedule is proven (Theorem 3.1 or the engine). */
    ics_schedule_status residualStatus() {
        ics_schedule_status s = ICS_SCHEDULE_HEURISTIC;
        ics_swig_check(ics_cluster_residual_status(&s, $self));
        return s;
    }
    /** The residual's schedule, as ids of the original dag. */
    IcsSwigIds residualOrder() {
        return ics_swig_fetch(
            [&](uint32_t *b, size_t c, size_t *n) { return ics_cluster_residual_order(b, c, n, $self); });
    }
    /** Why the residual's schedule is not proven; empty when it is. */
    IcsSwigText residualReason() {
        const char *s = nullptr;
        ics_swig_check(ics_cluster_residual_reason(&s, $self));
        return ics_swig_text(s);
    }
    /** How the residual's schedule was proven; empty when it is not. */
    IcsSwigText certificate() {
        const char *s = nullptr;
        ics_swig_check(ics_cluster_certificate(&s, $self));
        return ics_swig_text(s);
    }
    /** Donor and min-cut: which universal-donor theorem (3.3, 3.4) applied, or why none did; empty otherwise. */
    IcsSwigText donorNote() {
        const char *s = nullptr;
        ics_swig_check(ics_cluster_donor_note(&s, $self));
        return ics_swig_text(s);
    }
}

/* ------------------------------------------------------------ batched scheduling (BICSO)
 * Batch.select / Batch.play are handwritten (<lang>/src/Batch.*) over the
 * static helpers of the package-private/internal class BatchNative; the
 * answers are plain values (BatchResult), so no native handle outlives a call.
 * One selection travels as a long[] record:
 *   [eligibleBefore, eligibleAfter, newlyEligible, boundAfter, method, optimal,
 *    n, id_1 .. id_n, m, byte_1 .. byte_m]   (bytes: the guarantee in UTF-8)
 * and a play as [count, record_1, ..., record_count] (BatchResult.read). */
%{
typedef struct IcsBatchNative IcsBatch;
struct IcsBatchNative {};

namespace {

ics_batch_options ics_swig_batch_options(int method, long long budget) {
    ics_batch_options opts = ICS_BATCH_OPTIONS_INIT;
    opts.method = static_cast<ics_batch_method>(method);
    if (budget < 0) {
        ics_swig_fail(ICS_ERR_INVALID_ARGUMENT, "exactBudget must not be negative");
    }
    opts.exact_budget = static_cast<uint64_t>(budget);
    return opts;
}

void ics_swig_batch_record(std::vector<int64_t> &out, const ics_batch_result *res) {
    uint32_t before = 0, after = 0, newly = 0, bound = 0;
    ics_batch_method method = ICS_BATCH_METHOD_AUTO;
    int optimal = 0;
    const char *guarantee = nullptr;
    ics_swig_check(ics_batch_result_eligible_before(&before, res));
    ics_swig_check(ics_batch_result_eligible_after(&after, res));
    ics_swig_check(ics_batch_result_newly_eligible(&newly, res));
    ics_swig_check(ics_batch_result_bound_after(&bound, res));
    ics_swig_check(ics_batch_result_method(&method, res));
    ics_swig_check(ics_batch_result_optimal(&optimal, res));
    ics_swig_check(ics_batch_result_guarantee(&guarantee, res));
    IcsSwigIds ids = ics_swig_fetch(
        [&](uint32_t *b, size_t c, size_t *n) { return ics_batch_result_selected(b, c, n, res); });
    out.insert(out.end(), {before, after, newly, bound, static_cast<int64_t>(method), optimal,
                           static_cast<int64_t>(ids.v.size())});
    out.insert(out.end(), ids.v.begin(), ids.v.end());
    const std::string text = guarantee != nullptr ? guarantee : "";
    out.push_back(static_cast<int64_t>(text.size()));
    for (unsigned char ch : text) {
        out.push_back(ch);
    }
}

} /* namespace */
%}

%apply (const int *order, int order_len) { (const int *executed, int executed_len),
                                           (const int *requests, int requests_len) };
%apply IcsDag *LIVE { IcsDag *dag };
%rename(BatchNative) IcsBatch;
%nodefaultctor IcsBatch;
%nodefaultdtor IcsBatch;
#if defined(SWIGJAVA)
%typemap(javaclassmodifiers) IcsBatch "final class"
%typemap(javafinalize) IcsBatch ""
#elif defined(SWIGCSHARP)
%typemap(csclassmodifiers) IcsBatch "internal class"
#endif
struct IcsBatch {};

%extend IcsBatch {
    static IcsSwigI64s select(IcsDag *dag, const int *executed, int executed_len, int r, int method,
                              long long budget) {
        ics_swig_check_len(executed_len);
        const ics_batch_options opts = ics_swig_batch_options(method, budget);
        ics_batch_result *res = nullptr;
        ics_swig_new_handle(ics_batch_select(&res, ics_swig_live_dag(dag), ics_swig_ids_ptr(executed),
                                             static_cast<size_t>(executed_len), ics_swig_u32(r, "r"), &opts),
                            res, ics_batch_result_destroy, "batch result");
        IcsSwigI64s out;
        try {
            ics_swig_batch_record(out.v, res);
        } catch (...) {
            ics_batch_result_destroy(res);
            throw;
        }
        ics_batch_result_destroy(res);
        return out;
    }
    static IcsSwigI64s play(IcsDag *dag, const int *executed, int executed_len, const int *requests, int requests_len,
                            int method, long long budget) {
        ics_swig_check_len(executed_len);
        ics_swig_check_len(requests_len);
        for (int t = 0; t < requests_len; ++t) {
            ics_swig_u32(requests[t], "a request size");
        }
        const ics_batch_options opts = ics_swig_batch_options(method, budget);
        ics_batch_play_result *play = nullptr;
        ics_swig_new_handle(ics_batch_play(&play, ics_swig_live_dag(dag), ics_swig_ids_ptr(executed),
                                           static_cast<size_t>(executed_len), ics_swig_ids_ptr(requests),
                                           static_cast<size_t>(requests_len), &opts),
                            play, ics_batch_play_result_destroy, "batch play");
        IcsSwigI64s out;
        try {
            uint32_t count = 0;
            ics_swig_check(ics_batch_play_result_count(&count, play));
            out.v.push_back(count);
            for (uint32_t t = 0; t < count; ++t) {
                const ics_batch_result *res = nullptr;
                ics_swig_check(ics_batch_play_result_batch(&res, play, t));
                ics_swig_batch_record(out.v, res);
            }
        } catch (...) {
            ics_batch_play_result_destroy(play);
            throw;
        }
        ics_batch_play_result_destroy(play);
        return out;
    }
}

/* ------------------------------------------------------------ the IC server (run-time dispatching)
 * Server: a proxy over ics_server (AutoCloseable / IDisposable). Options
 * travel as plain values (the handwritten ServerOptions of <lang>/src/ fills
 * them); task states as ints (the handwritten enum TaskState). The server
 * copies the dag: it holds no reference to it. */
%{
typedef ics_server IcsServer;
namespace {
/* The server's list calls take a buffer that must be large enough before
 * they act (the state is unchanged otherwise): size it from what is known. */
template <class Call>
IcsSwigIds ics_swig_act(size_t capacity, Call &&call) {
    IcsSwigIds r;
    r.v.assign(capacity + 1, 0u);
    size_t count = 0;
    ics_swig_check(call(r.v.data(), r.v.size(), &count));
    r.v.resize(count);
    return r;
}
} /* namespace */
%}
#if defined(SWIGJAVA)
ICS_JAVA_HANDLE(IcsServer, Server, delete_Server)
%typemap(javacode) IcsServer %{
  /** A server at the start of the computation (a new journal when options name one). */
  public static Server create(Dag dag, ServerOptions options) {
    java.util.Objects.requireNonNull(dag, "dag");
    java.util.Objects.requireNonNull(options, "options");
    return make(dag, options, false);
  }

  /** A server with the default options: schedule ranking, no leases, 3 retries, no journal. */
  public static Server create(Dag dag) {
    return create(dag, new ServerOptions());
  }

  /**
   * The server recorded in the journal {@code options.journal()}, replayed: tasks handed out but not
   * reported are running and listed by {@link #inDoubt()}; a torn or corrupt tail is cut ({@link #recoveryMessage()}).
   *
   * @throws IcsException INVALID_ARGUMENT for a journal of another dag, IO when it cannot be read
   */
  public static Server open(Dag dag, ServerOptions options) {
    java.util.Objects.requireNonNull(dag, "dag");
    java.util.Objects.requireNonNull(options, "options");
    return make(dag, options, true);
  }

  private static Server make(Dag dag, ServerOptions o, boolean reopen) {
    int[] order = o.order() == null ? new int[0] : o.order();
    int[] priorities = o.priorities() == null ? new int[0] : o.priorities();
    return createWith(dag, order, priorities, o.objective().swigValue(), o.lease(), o.retryLimit(),
        o.requestMode().value(), o.clusterStrategy().value(), o.batchMethod().ordinal(),
        o.journal() == null ? "" : o.journal(), o.fsyncEvery(), reopen);
  }

  /** The best-ranked eligible task for {@code worker}: an array of one task, or empty when none is eligible. */
  public int[] request(int worker) {
    return request(worker, 1);
  }

  /** A failed task: {@code true} when it passed the retry limit (its descendants are then blocked). */
  public boolean fail(int task) {
    return failTask(task);
  }

  /** How many tasks are in each state. */
  public ServerCounts counts() {
    int[] c = countsArray();
    return new ServerCounts(c[0], c[1], c[2], c[3], c[4], c[5]);
  }

  /** The state of a task. */
  public TaskState state(int task) {
    return TaskState.of(stateValue(task));
  }

  /** The tasks in a state: ELIGIBLE and RUNNING by rank, EXECUTED in completion order, the others by id. */
  public int[] tasks(TaskState state) {
    java.util.Objects.requireNonNull(state, "state");
    return tasksIn(state.value());
  }

  /** Who holds what: {task, worker} pairs of the running tasks, by rank. */
  public int[][] holdings() {
    int[] pairs = holdingPairs();
    int[][] r = new int[pairs.length / 2][];
    for (int i = 0; i < r.length; ++i) {
      r[i] = new int[] {pairs[2 * i], pairs[2 * i + 1]};
    }
    return r;
  }
%}
#elif defined(SWIGCSHARP)
ICS_CSHARP_HANDLE(IcsServer, Server)
%typemap(cscode) IcsServer %{
  /// <summary>A server at the start of the computation (a new journal when options name one).</summary>
  public static Server Create(Dag dag, ServerOptions options) {
    if (dag == null) throw new global::System.ArgumentNullException("dag");
    if (options == null) throw new global::System.ArgumentNullException("options");
    return Make(dag, options, false);
  }

  /// <summary>A server with the default options: schedule ranking, no leases, 3 retries, no journal.</summary>
  public static Server Create(Dag dag) {
    return Create(dag, new ServerOptions());
  }

  /// <summary>The server recorded in the journal options.Journal, replayed: tasks handed out but not
  /// reported are running and listed by InDoubt(); a torn or corrupt tail is cut (RecoveryMessage).</summary>
  public static Server Open(Dag dag, ServerOptions options) {
    if (dag == null) throw new global::System.ArgumentNullException("dag");
    if (options == null) throw new global::System.ArgumentNullException("options");
    return Make(dag, options, true);
  }

  private static Server Make(Dag dag, ServerOptions o, bool reopen) {
    return CreateWith(dag, o.Order ?? new int[0], o.Priorities ?? new int[0], (int) o.Objective, o.Lease, o.RetryLimit,
                      (int) o.RequestMode, (int) o.ClusterStrategy, (int) o.BatchMethod, o.Journal ?? "", o.FsyncEvery,
                      reopen);
  }

  /// <summary>The best-ranked eligible task for worker: an array of one task, or empty when none is eligible.</summary>
  public int[] Request(int worker) {
    return Request(worker, 1);
  }

  /// <summary>A failed task: true when it passed the retry limit (its descendants are then blocked).</summary>
  public bool Fail(int task) {
    return FailTask(task);
  }

  /// <summary>How many tasks are in each state.</summary>
  public ServerCounts Counts {
    get {
      int[] c = CountsArray();
      return new ServerCounts(c[0], c[1], c[2], c[3], c[4], c[5]);
    }
  }

  /// <summary>The state of a task.</summary>
  public TaskState State(int task) {
    return (TaskState) StateValue(task);
  }

  /// <summary>The tasks in a state: Eligible and Running by rank, Executed in completion order, the others by id.</summary>
  public int[] Tasks(TaskState state) {
    return TasksIn((int) state);
  }

  /// <summary>Who holds what: {task, worker} pairs of the running tasks, by rank.</summary>
  public int[][] Holdings() {
    int[] pairs = HoldingPairs();
    int[][] r = new int[pairs.Length / 2][];
    for (int i = 0; i < r.Length; ++i) r[i] = new int[] {pairs[2 * i], pairs[2 * i + 1]};
    return r;
  }

  /// <summary>The clock (the caller's units).</summary>
  public long Now {
    get { return GetNow(); }
  }
  /// <summary>Records replayed by Open.</summary>
  public long RecoveryRecords {
    get { return GetRecoveryRecords(); }
  }
  /// <summary>Bytes of a truncated or corrupt journal tail cut by Open.</summary>
  public long RecoveryBytesCut {
    get { return GetRecoveryBytesCut(); }
  }
  /// <summary>What Open cut and why; empty when the journal was whole.</summary>
  public string RecoveryMessage {
    get { return GetRecoveryMessage(); }
  }
%}
ICS_CSHARP_PROPERTY(IcsServer, now, GetNow)
ICS_CSHARP_PROPERTY(IcsServer, recoveryRecords, GetRecoveryRecords)
ICS_CSHARP_PROPERTY(IcsServer, recoveryBytesCut, GetRecoveryBytesCut)
ICS_CSHARP_PROPERTY(IcsServer, recoveryMessage, GetRecoveryMessage)
#endif
%typemap(check, canthrow=1) IcsServer *self %{
    if ($1 == nullptr) {
        ICS_SWIG_RAISE(ICS_SWIG_KIND_CLOSED, 0, "Server");
        return $null;
    }
%}
%apply IcsDag *LIVE { IcsDag *serverDag };
%apply const char *NONNULL { const char *journalPath };
%apply (const int *order, int order_len) { (const int *workers, int workers_len) };
%rename(Server) IcsServer;
%nodefaultctor IcsServer;
/** The IC server: a thread-safe dispatcher that hands ELIGIBLE tasks of a dag to workers as they ask (best rank first; by default icsched's schedule), takes their reports in any order, re-plans, and survives crashes through a journal. Every method may be called from many threads at once. */
struct IcsServer {};
%newobject IcsServer::createWith;
ICS_SWIG_PRIVATE(IcsServer::createWith)
ICS_SWIG_PRIVATE(IcsServer::failTask)
ICS_SWIG_PRIVATE(IcsServer::countsArray)
ICS_SWIG_PRIVATE(IcsServer::stateValue)
ICS_SWIG_PRIVATE(IcsServer::tasksIn)
ICS_SWIG_PRIVATE(IcsServer::holdingPairs)

%extend IcsServer {
    ~IcsServer() {
        ics_server_destroy($self);
    }
    static IcsServer *createWith(IcsDag *serverDag, const int *order, int order_len, const int *values,
                                 int values_len, int objective, long long lease, int retryLimit, int requestMode,
                                 int clusterStrategy, int batchMethod, const char *journalPath, int fsyncEvery,
                                 bool reopen) {
        ics_server_options o = ICS_SERVER_OPTIONS_INIT;
        if (order_len > 0) {
            o.ranking = ICS_SERVER_RANK_ORDER;
            o.order = ics_swig_ids_ptr(order);
            o.order_len = static_cast<size_t>(order_len);
        } else if (values_len > 0) {
            ics_swig_check_values(values, values_len, "priority");
            o.ranking = ICS_SERVER_RANK_PRIORITIES;
            o.priorities = ics_swig_ids_ptr(values);
            o.priorities_len = static_cast<size_t>(values_len);
        }
        o.objective = static_cast<ics_objective>(objective);
        if (lease < 0) {
            ics_swig_fail(ICS_ERR_INVALID_ARGUMENT, "lease must not be negative");
        }
        o.lease = static_cast<uint64_t>(lease);
        o.retry_limit = ics_swig_u32(retryLimit, "retryLimit");
        o.multi = static_cast<ics_server_multi>(requestMode);
        o.cluster_strategy = static_cast<ics_cluster_strategy>(clusterStrategy);
        o.batch_method = static_cast<ics_batch_method>(batchMethod);
        o.journal = *journalPath != '\0' ? journalPath : nullptr;
        const uint32_t every = ics_swig_u32(fsyncEvery, "fsyncEvery");
        o.fsync = every == 0 ? ICS_FSYNC_NEVER : every == 1 ? ICS_FSYNC_EVERY : ICS_FSYNC_EVERY_N;
        o.fsync_every = every == 0 ? 1 : every;
        ics_server *s = nullptr;
        return ics_swig_new_handle(reopen ? ics_server_open(&s, serverDag, &o) : ics_server_create(&s, serverDag, &o), s,
                                   ics_server_destroy, "server");
    }
    /** Up to k tasks for a worker, in an order it can execute (k best, or a cluster: ServerOptions' request mode); empty when none is available. */
    IcsSwigIds request(int worker, int k) {
        const uint32_t kk = ics_swig_u32(k, "k");
        return ics_swig_act(kk, [&](uint32_t *b, size_t c, size_t *n) {
            return ics_server_request(b, c, n, $self, ics_swig_u32(worker, "worker"), kk);
        });
    }
    /** min(r, eligible) tasks for r workers asking at once, chosen by the batch selection; best rank first. */
    IcsSwigIds requestBatch(int r) {
        const uint32_t rr = ics_swig_u32(r, "r");
        return ics_swig_act(rr, [&](uint32_t *b, size_t c, size_t *n) {
            return ics_server_request_batch(b, c, n, $self, nullptr, rr);
        });
    }
    /** One task for each of the workers asking at once (task i to workers[i]), chosen by the batch selection. */
    IcsSwigIds requestBatchFor(const int *workers, int workers_len) {
        ics_swig_check_values(workers, workers_len, "worker");
        const uint32_t rr = static_cast<uint32_t>(workers_len);
        return ics_swig_act(rr, [&](uint32_t *b, size_t c, size_t *n) {
            return ics_server_request_batch(b, c, n, $self, ics_swig_ids_ptr(workers), rr);
        });
    }
    /** A running task reported done: the tasks it made eligible. */
    IcsSwigIds complete(int task) {
        /* A short buffer changes nothing and reports the length needed: fetch retries. */
        return ics_swig_fetch(
            [&](uint32_t *b, size_t c, size_t *n) { return ics_server_complete(b, c, n, $self, ics_swig_id(task)); },
            16);
    }
    bool failTask(int task) {
        int failed = 0;
        ics_swig_check(ics_server_fail(&failed, nullptr, $self, ics_swig_id(task)));
        return failed != 0;
    }
    /** A worker left: its running tasks, given back to the pool. */
    IcsSwigIds release(int worker) {
        return ics_swig_fetch(
            [&](uint32_t *b, size_t c, size_t *n) {
                return ics_server_release(b, c, n, $self, ics_swig_u32(worker, "worker"));
            },
            16);
    }
    /** Sets the clock (never backwards); leases end at hand-out time + lease. */
    void tick(long long now) {
        if (now < 0) {
            ics_swig_fail(ICS_ERR_INVALID_ARGUMENT, "now must not be negative");
        }
        ics_swig_check(ics_server_tick($self, static_cast<uint64_t>(now)));
    }
    /** tick(now), then the running tasks whose lease ran out go back to the pool (returned). */
    IcsSwigIds expire(long long now) {
        if (now < 0) {
            ics_swig_fail(ICS_ERR_INVALID_ARGUMENT, "now must not be negative");
        }
        return ics_swig_fetch(
            [&](uint32_t *b, size_t c, size_t *n) {
                return ics_server_expire(b, c, n, $self, static_cast<uint64_t>(now));
            },
            16);
    }
    /** Schedules what is left (running tasks counted as done) and re-ranks. */
    void replan() {
        ics_swig_check(ics_server_replan($self));
    }
    /** Compacts the journal into one snapshot record (atomically). */
    void snapshot() {
        ics_swig_check(ics_server_snapshot($self));
    }
    IcsSwigIds countsArray() {
        ics_server_counts c = ICS_SERVER_COUNTS_INIT;
        ics_swig_check(ics_server_counts_get(&c, $self));
        IcsSwigIds r;
        r.v = {c.executed, c.running, c.eligible, c.waiting, c.blocked, c.failed};
        return r;
    }
    int stateValue(int task) {
        ics_task_state s = ICS_TASK_WAITING;
        ics_swig_check(ics_server_task_state(&s, $self, ics_swig_id(task)));
        return static_cast<int>(s);
    }
    IcsSwigIds tasksIn(int state) {
        return ics_swig_fetch([&](uint32_t *b, size_t c, size_t *n) {
            return ics_server_tasks(b, c, n, $self, static_cast<ics_task_state>(state));
        });
    }
    /** Tasks handed out before the journal was reopened and not reported since, by rank. */
    IcsSwigIds inDoubt() {
        return ics_swig_fetch([&](uint32_t *b, size_t c, size_t *n) { return ics_server_in_doubt(b, c, n, $self); });
    }
    /* task0, worker0, task1, worker1, ... */
    IcsSwigIds holdingPairs() {
        size_t count = 0;
        ics_swig_check(ics_server_holdings(nullptr, nullptr, 0, &count, $self));
        std::vector<uint32_t> task(count + 1), worker(count + 1);
        size_t got = 0;
        ics_swig_check(ics_server_holdings(task.data(), worker.data(), count + 1, &got, $self));
        IcsSwigIds r;
        for (size_t i = 0; i < got; ++i) {
            r.v.push_back(task[i]);
            r.v.push_back(worker[i]);
        }
        return r;
    }
    /** The running tasks a worker holds, by rank. */
    IcsSwigIds heldBy(int worker) {
        return ics_swig_fetch([&](uint32_t *b, size_t c, size_t *n) {
            return ics_server_held_by(b, c, n, $self, ics_swig_u32(worker, "worker"));
        });
    }
    /** E(0..t): ELIGIBLE tasks after each completion so far. */
    IcsSwigIds profilePlayed() {
        return ics_swig_fetch(
            [&](uint32_t *b, size_t c, size_t *n) { return ics_server_profile_played(b, c, n, $self); });
    }
    /** The plan's E(0..n): one worker reporting each task at once, under the current ranks. */
    IcsSwigIds profilePlan() {
        return ics_swig_fetch([&](uint32_t *b, size_t c, size_t *n) { return ics_server_profile_plan(b, c, n, $self); });
    }
    /** The plan's order: the order the server hands tasks to one worker reporting each at once. */
    IcsSwigIds planOrder() {
        return ics_swig_fetch([&](uint32_t *b, size_t c, size_t *n) { return ics_server_plan_order(b, c, n, $self); });
    }
    /** The rank of a task (0 = best). */
    int rank(int task) {
        uint32_t r = 0;
        ics_swig_check(ics_server_rank(&r, $self, ics_swig_id(task)));
        return ics_swig_int(r, "rank");
    }
    /** The clock (the caller's units). */
    long long now() {
        uint64_t t = 0;
        ics_swig_check(ics_server_now(&t, $self));
        return static_cast<long long>(t);
    }
    /** Records replayed by open(). */
    long long recoveryRecords() {
        uint64_t r = 0;
        ics_swig_check(ics_server_recovery(&r, nullptr, nullptr, $self));
        return static_cast<long long>(r);
    }
    /** Bytes of a truncated or corrupt journal tail cut by open(). */
    long long recoveryBytesCut() {
        uint64_t r = 0;
        ics_swig_check(ics_server_recovery(nullptr, &r, nullptr, $self));
        return static_cast<long long>(r);
    }
    /** What open() cut and why; empty when the journal was whole. */
    IcsSwigText recoveryMessage() {
        const char *s = nullptr;
        ics_swig_check(ics_server_recovery(nullptr, nullptr, &s, $self));
        return ics_swig_text(s);
    }
}

/* ------------------------------------------------------------ simulation (does it make runs faster?)
 * Simulation.run / durations / ranking are handwritten (<lang>/src/Simulation.*)
 * over the static helpers of the package-private/internal class SimulateNative;
 * doubles travel as their IEEE-754 bits in long[] (durations in, results out),
 * and the answer is a plain value, so no native handle outlives a call.
 * A simulation travels as one long[] record:
 *   [runCount, mean_0, ci95_0, ..., mean_4, ci95_4,        (ics_sim_metric order)
 *    then per run: makespan, idle, gridlock, memoryPeak, memoryMean, executed,
 *    failed, complete, stalled, profileLength, profile...]  (doubles as bits) */
%{
typedef struct IcsSimulateNative IcsSimulate;
struct IcsSimulateNative {};

namespace {

int64_t ics_swig_bits(double d) {
    int64_t b = 0;
    std::memcpy(&b, &d, sizeof b);
    return b;
}

std::vector<double> ics_swig_doubles(const long long *bits, int len) {
    ics_swig_check_len(len);
    std::vector<double> d(static_cast<size_t>(len));
    if (len > 0) std::memcpy(d.data(), bits, d.size() * sizeof(double));
    return d;
}

} /* namespace */
%}

#if !defined(SWIGPYTHON) /* Python: a sequence of ints, in ics_python.swg */
%apply (const long long *handles, int handles_len) { (const long long *bits, int bits_len) };
#endif
%rename(SimulateNative) IcsSimulate;
%nodefaultctor IcsSimulate;
%nodefaultdtor IcsSimulate;
#if defined(SWIGJAVA)
%typemap(javaclassmodifiers) IcsSimulate "final class"
%typemap(javafinalize) IcsSimulate ""
#elif defined(SWIGCSHARP)
%typemap(csclassmodifiers) IcsSimulate "internal class"
#endif
struct IcsSimulate {};

%extend IcsSimulate {
    static IcsSwigI64s run(IcsDag *dag, const long long *bits, int bits_len, int workers, int policy,
                           long long seed, int runs, int durations, int speeds, double spread, int availability,
                           double mean_up, double mean_down, double period, double duty, int batch,
                           double failure_probability, int retry_limit) {
        const std::vector<double> given = ics_swig_doubles(bits, bits_len);
        ics_simulate_options o = ICS_SIMULATE_OPTIONS_INIT;
        o.workers = ics_swig_u32(workers, "workers");
        o.policy = static_cast<ics_sim_policy>(policy);
        o.seed = static_cast<uint64_t>(seed);
        o.runs = ics_swig_u32(runs, "runs");
        o.durations = static_cast<ics_sim_durations>(durations);
        o.speeds = static_cast<ics_sim_speeds>(speeds);
        o.spread = spread;
        o.availability = static_cast<ics_sim_availability>(availability);
        o.mean_up = mean_up;
        o.mean_down = mean_down;
        o.period = period;
        o.duty = duty;
        o.batch = ics_swig_u32(batch, "batch");
        o.failure_probability = failure_probability;
        o.retry_limit = ics_swig_u32(retry_limit, "retryLimit");
        ics_simulation *sim = nullptr;
        ics_swig_new_handle(ics_simulate(&sim, ics_swig_live_dag(dag), given.empty() ? nullptr : given.data(),
                                         given.size(), &o),
                            sim, ics_simulation_destroy, "simulation");
        IcsSwigI64s out;
        try {
            uint32_t count = 0;
            ics_swig_check(ics_simulation_run_count(&count, sim));
            out.v.push_back(count);
            for (int m = ICS_SIM_METRIC_MAKESPAN; m <= ICS_SIM_METRIC_MEMORY_MEAN; ++m) {
                double mean = 0, ci = 0;
                ics_swig_check(ics_simulation_summary(&mean, &ci, sim, static_cast<ics_sim_metric>(m)));
                out.v.push_back(ics_swig_bits(mean));
                out.v.push_back(ics_swig_bits(ci));
            }
            for (uint32_t i = 0; i < count; ++i) {
                ics_sim_run r;
                ics_swig_check(ics_simulation_run(&r, sim, i));
                out.v.insert(out.v.end(), {ics_swig_bits(r.makespan), ics_swig_bits(r.idle),
                                           static_cast<int64_t>(r.gridlock), r.memory_peak,
                                           ics_swig_bits(r.memory_mean), r.executed, r.failed, r.complete, r.stalled});
                IcsSwigIds p = ics_swig_fetch(
                    [&](uint32_t *b, size_t c, size_t *n) { return ics_simulation_profile(b, c, n, sim, i); });
                out.v.push_back(static_cast<int64_t>(p.v.size()));
                out.v.insert(out.v.end(), p.v.begin(), p.v.end());
            }
        } catch (...) {
            ics_simulation_destroy(sim);
            throw;
        }
        ics_simulation_destroy(sim);
        return out;
    }
    static IcsSwigI64s durations(IcsDag *dag, const char *path) {
        const ics_dag *d = ics_swig_live_dag(dag);
        size_t count = 0;
        ics_swig_check(ics_dag_read_durations(nullptr, 0, &count, d, path, ICS_FORMAT_AUTO));
        std::vector<double> v(count + 1);
        ics_swig_check(ics_dag_read_durations(v.data(), v.size(), &count, d, path, ICS_FORMAT_AUTO));
        IcsSwigI64s out;
        for (size_t i = 0; i < count; ++i) out.v.push_back(ics_swig_bits(v[i]));
        return out;
    }
    static IcsSwigIds ranking(IcsDag *dag, const long long *bits, int bits_len, int policy, long long seed) {
        const std::vector<double> given = ics_swig_doubles(bits, bits_len);
        const ics_dag *d = ics_swig_live_dag(dag);
        return ics_swig_fetch([&](uint32_t *b, size_t c, size_t *n) {
            return ics_sim_ranking(b, c, n, d, given.empty() ? nullptr : given.data(), given.size(),
                                   static_cast<ics_sim_policy>(policy), static_cast<uint64_t>(seed));
        });
    }
}

/* ------------------------------------------------------------ workspace (issue 18)
 * Workspace: the scheduling pipeline's big arrays kept across calls
 * (ics_workspace, zstd's ZSTD_CCtx model); schedule(dag[, options]) gives
 * what Dag.schedule gives. One call at a time per workspace. */
%{
typedef ics_workspace IcsWorkspace;
%}
#if defined(SWIGJAVA)
ICS_JAVA_HANDLE(IcsWorkspace, Workspace, delete_Workspace)
%typemap(javacode) IcsWorkspace %{
  /**
   * The IC-scheduling pipeline on dag with the given options, reusing this
   * workspace's arrays; the same Schedule as {@code dag.schedule(options)}.
   *
   * @return a new Schedule, to close (it does not depend on this workspace)
   */
  public Schedule schedule(Dag dag, ScheduleOptions options) {
    java.util.Objects.requireNonNull(dag, "dag");
    java.util.Objects.requireNonNull(options, "options");
    try (ProgressAdapter progress = ProgressAdapter.of(options.progress())) {
      return progress.check(() -> scheduleWith(dag, options.exactMaxNodes(), options.exactMaxDownsets(),
          options.blockExactMaxSources(), options.objective(), options.areaMaxDownsets(), options.sidneyMaxWork(),
          progress.callback()));
    }
  }
%}
#elif defined(SWIGCSHARP)
ICS_CSHARP_HANDLE(IcsWorkspace, Workspace)
ICS_CSHARP_PROPERTY(IcsWorkspace, size, GetSize)
%typemap(cscode) IcsWorkspace %{
  /// <summary>Bytes held between calls (mapped arrays not in use).</summary>
  public long Size {
    get { return GetSize(); }
  }

  /// <summary>The IC-scheduling pipeline on dag with the given options, reusing this workspace's
  /// arrays; the same Schedule as dag.Schedule(options), independent of this workspace.</summary>
  public Schedule Schedule(Dag dag, ScheduleOptions options) {
    if (dag == null) throw new global::System.ArgumentNullException("dag");
    if (options == null) throw new global::System.ArgumentNullException("options");
    using (var progress = ProgressAdapter.Of(options.Progress)) {
      return progress.Check(() => ScheduleWith(dag, options.ExactMaxNodes, options.ExactMaxDownsets,
                                               options.BlockExactMaxSources, options.Objective,
                                               options.AreaMaxDownsets, options.SidneyMaxWork,
                                               progress.Callback));
    }
  }
%}
#endif
%typemap(check, canthrow=1) IcsWorkspace *self %{
    if ($1 == nullptr) {
        ICS_SWIG_RAISE(ICS_SWIG_KIND_CLOSED, 0, "Workspace");
        return $null;
    }
%}
%apply IcsDag *LIVE { IcsDag *workspaceDag };
%rename(Workspace) IcsWorkspace;
/** Buffers of the scheduling pipeline kept across schedule() calls (ics_workspace, zstd's ZSTD_CCtx model): the per-node arrays of 4 MB and more (dags of about 10^6 nodes and up) stay mapped, so repeated scheduling does not fault them in again. Same results as Dag.schedule. One call at a time per workspace (one per thread); schedules outlive it. */
struct IcsWorkspace {};
%newobject IcsWorkspace::schedule;
%newobject IcsWorkspace::scheduleWith;
ICS_SWIG_PRIVATE(IcsWorkspace::scheduleWith)

%extend IcsWorkspace {
    /** An empty workspace (holds nothing until its first schedule call). */
    IcsWorkspace() {
        ics_workspace *w = nullptr;
        return ics_swig_new_handle(ics_workspace_create(&w), w, ics_workspace_destroy, "workspace");
    }
    ~IcsWorkspace() {
        ics_workspace_destroy($self);
    }
    /** The IC-scheduling pipeline on dag with the default options, reusing this workspace's arrays (the same Schedule as dag.schedule()). */
    IcsSchedule *schedule(IcsDag *workspaceDag) {
        ics_schedule_result *r = nullptr;
        return ics_swig_new_handle(ics_workspace_schedule(&r, $self, workspaceDag, nullptr), r,
                                   ics_schedule_result_destroy, "schedule");
    }
    IcsSchedule *scheduleWith(IcsDag *workspaceDag, int exactMaxNodes, long long exactMaxDownsets,
                              int blockExactMaxSources, ics_objective objective, long long areaMaxDownsets,
                              long long sidneyMaxWork, IcsProgress *progress) {
        ics_schedule_options opts = ICS_SCHEDULE_OPTIONS_INIT;
        ics_swig_set_progress(opts, progress);
        if (areaMaxDownsets < 0) {
            ics_swig_fail(ICS_ERR_INVALID_ARGUMENT, "areaMaxDownsets must not be negative");
        }
        if (sidneyMaxWork < 0) {
            ics_swig_fail(ICS_ERR_INVALID_ARGUMENT, "sidneyMaxWork must not be negative");
        }
        opts.sidney_max_work = static_cast<uint64_t>(sidneyMaxWork);
        if (exactMaxDownsets < 0) {
            ics_swig_fail(ICS_ERR_INVALID_ARGUMENT, "exactMaxDownsets must not be negative");
        }
        opts.area_max_downsets = static_cast<uint64_t>(areaMaxDownsets);
        opts.objective = objective;
        opts.exact_max_nodes = ics_swig_u32(exactMaxNodes, "exactMaxNodes");
        opts.exact_max_downsets = static_cast<uint64_t>(exactMaxDownsets);
        opts.block_exact_max_sources = ics_swig_u32(blockExactMaxSources, "blockExactMaxSources");
        ics_schedule_result *r = nullptr;
        return ics_swig_new_handle(ics_workspace_schedule(&r, $self, workspaceDag, &opts), r,
                                   ics_schedule_result_destroy, "schedule");
    }
    /** Bytes the workspace holds between calls (mapped arrays not in use). */
    long long size() {
        uint64_t n = 0;
        ics_swig_check(ics_workspace_size(&n, $self));
        return static_cast<long long>(n);
    }
}
