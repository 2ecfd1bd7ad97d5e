// Reading and writing workflow files.
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <sstream>

#include "handles.hpp"
#include "io/dagman.hpp"
#include "io/priorities.hpp"
#include "pebble/pebble.hpp"

using namespace ics;
using namespace ics::capi;

namespace {

// Takes an int: a C caller may pass any value where an ics_format is expected.
io::Format to_format(int f) {
    if (f < ICS_FORMAT_AUTO || f > ICS_FORMAT_ADJACENCY_JSON)
        fail(Errc::invalid_argument, "unknown format " + std::to_string(f));
    return static_cast<io::Format>(f);
}

io::Format read_format(const ics_read_options* opts) {
    if (opts == nullptr) return io::Format::automatic;
    check_version(opts->version, ICS_READ_OPTIONS_VERSION, "ics_read_options");
    return to_format(enum_value(opts->format));
}

// The read limits and include policy of `opts` (README, "Security and
// limits"): NULL, a version-1 struct or a 0 limit take the defaults.
io::ReadLimits read_limits(const ics_read_options* opts) {
    io::ReadLimits l;  // its defaults are ics.h's ICS_READ_DEFAULT_*
    static_assert(io::ReadLimits::kDefaultMaxBytes == ICS_READ_DEFAULT_MAX_BYTES &&
                  io::ReadLimits::kDefaultMaxIncludes == ICS_READ_DEFAULT_MAX_INCLUDES &&
                  io::ReadLimits::kDefaultMaxSplices == ICS_READ_DEFAULT_MAX_SPLICES &&
                  io::ReadLimits::kDefaultMaxNodes == ICS_READ_DEFAULT_MAX_NODES &&
                  io::ReadLimits::kDefaultMaxArcs == ICS_READ_DEFAULT_MAX_ARCS);
    if (opts == nullptr || opts->version < 2) return l;
    const int policy = enum_value(opts->include_policy);
    if (policy < ICS_INCLUDE_SAME_DIRECTORY_TREE || policy > ICS_INCLUDE_ALLOW)
        fail(Errc::invalid_argument, "unknown include policy " + std::to_string(policy));
    l.include_policy = static_cast<io::IncludePolicy>(policy);
    if (opts->base_dir != nullptr) l.base_dir = opts->base_dir;
    const auto take = [](std::uint64_t given, std::uint64_t& limit) {
        if (given != 0) limit = given;
    };
    take(opts->max_bytes, l.max_bytes);
    take(opts->max_includes, l.max_includes);
    take(opts->max_splices, l.max_splices);
    take(opts->max_nodes, l.max_nodes);
    take(opts->max_arcs, l.max_arcs);
    if (opts->version >= 3) l.keep_source = opts->keep_source != 0;
    return l;
}

// Priority of each node: len - position (the first task runs first).
std::vector<std::uint32_t> priorities(const Dag& g, const uint32_t* order, size_t len) {
    if (order == nullptr && len > 0) fail(Errc::invalid_argument, "order is NULL");
    const std::span<const NodeId> o(order, len);
    pebble::validate_order(g, o);
    std::vector<std::uint32_t> p(g.node_count());
    for (std::size_t i = 0; i < len; ++i) p[o[i]] = static_cast<std::uint32_t>(len - i);
    return p;
}

char* copy_text(const std::string& text, size_t* out_len) {
    char* buf = static_cast<char*>(std::malloc(text.size() + 1));
    if (buf == nullptr) fail(Errc::out_of_memory, "out of memory");
    std::memcpy(buf, text.data(), text.size());
    buf[text.size()] = '\0';
    if (out_len) *out_len = text.size();
    return buf;
}

ics_status emit(ics_dag** out, io::ReadResult r) {
    auto h = std::make_unique<ics_dag>(std::move(r.dag));
    h->source_format = r.format;
    h->dagman = std::move(r.dagman);
    h->source = std::move(r.source);
    h->source_dropped = r.source_dropped;
    h->dropped_name = std::move(r.dropped_name);
    h->warnings = std::move(r.warnings);
    *out = h.release();
    return ICS_OK;
}

io::PriorityOptions priority_options(const ics_priority_options* opts, io::PriorityTarget& target) {
    io::PriorityOptions o;
    target = io::PriorityTarget::csv;
    if (opts == nullptr) return o;
    check_version(opts->version, ICS_PRIORITY_OPTIONS_VERSION, "ics_priority_options");
    const int t = enum_value(opts->target), m = enum_value(opts->mode);
    if (t < ICS_PRIORITIES_DAGMAN || t > ICS_PRIORITIES_TABLE_JSON)
        fail(Errc::invalid_argument, "unknown priority target " + std::to_string(t));
    if (m < ICS_PRIORITY_MODE_REPLACE || m > ICS_PRIORITY_MODE_ADD)
        fail(Errc::invalid_argument, "unknown priority mode " + std::to_string(m));
    target = static_cast<io::PriorityTarget>(t);
    o.mode = static_cast<io::PriorityMode>(m);
    o.prio_compat = opts->prio_compat != 0;
    return o;
}

// The text of a priorities target for `dag` with `order` checked.
std::string priorities_text(const ics_dag* dag, const uint32_t* order, size_t len, const ics_priority_options* opts) {
    const ics_dag& d = check(dag);
    io::PriorityTarget target;
    const io::PriorityOptions o = priority_options(opts, target);
    const Dag& g = d.dag();
    if (order == nullptr && len > 0) fail(Errc::invalid_argument, "order is NULL");
    const std::span<const NodeId> span(order, len);
    pebble::validate_order(g, span);
    return io::write_priorities(target, g, span, o, io::PrioritySource{d.source_format, d.dagman, d.source, d.source_dropped, d.dropped_name});
}

constexpr const char* kTargetNames[] = {"dagman", "dax", "wfformat", "airflow", "airflow-python", "csv", "table-json"};
constexpr const char* kModeNames[] = {"replace", "keep", "add"};

// Index of `name` in `names`; Errc::invalid_argument listing them otherwise.
template <std::size_t N>
int name_index(const char* const (&names)[N], const char* name, const char* what) {
    std::string all;
    for (std::size_t i = 0; i < N; ++i) {
        if (std::strcmp(name, names[i]) == 0) return static_cast<int>(i);
        all += (i ? ", " : "") + std::string(names[i]);
    }
    fail(Errc::invalid_argument, std::string("unknown ") + what + " '" + name + "' (" + all + ")");
}

}  // namespace

extern "C" {

const char* ics_format_name(ics_format format) {
    const int f = enum_value(format);
    if (f < ICS_FORMAT_AUTO || f > ICS_FORMAT_ADJACENCY_JSON) return "unknown";
    return io::format_name(static_cast<io::Format>(f));
}

ics_status ics_format_from_name(ics_format* out, const char* name) {
    ICS_API_BEGIN
    require(out, "out");
    require(name, "name");
    const auto f = io::format_from_name(name);
    if (!f) fail(Errc::invalid_argument, std::string("unknown format '") + name + "'");
    *out = static_cast<ics_format>(*f);
    return ICS_OK;
    ICS_API_END
}

const char* ics_include_policy_name(ics_include_policy policy) {
    const int p = enum_value(policy);
    if (p < ICS_INCLUDE_SAME_DIRECTORY_TREE || p > ICS_INCLUDE_ALLOW) return "unknown";
    return io::include_policy_name(static_cast<io::IncludePolicy>(p));
}

ics_status ics_include_policy_from_name(ics_include_policy* out, const char* name) {
    ICS_API_BEGIN
    require(out, "out");
    require(name, "name");
    const auto p = io::include_policy_from_name(name);
    if (!p) fail(Errc::invalid_argument, std::string("unknown include policy '") + name +
                                             "' (same-directory-tree, deny, allow)");
    *out = static_cast<ics_include_policy>(*p);
    return ICS_OK;
    ICS_API_END
}

ics_status ics_read_options_init(ics_read_options* opts, unsigned version) {
    ICS_API_BEGIN
    require(opts, "opts");
    check_version(version, ICS_READ_OPTIONS_VERSION, "ics_read_options");
    // An older caller's struct ends before the later fields: write only its own.
    const ics_read_options defaults ICS_READ_OPTIONS_INIT;
    const std::size_t size = version >= 3   ? sizeof defaults
                             : version == 2 ? offsetof(ics_read_options, keep_source)
                                            : offsetof(ics_read_options, include_policy);
    std::memcpy(opts, &defaults, size);
    opts->version = version;
    return ICS_OK;
    ICS_API_END
}

ics_status ics_dag_read_file(ics_dag** out, const char* path, const ics_read_options* opts) {
    ICS_API_BEGIN
    require(out, "out");
    require(path, "path");
    const io::Format format = read_format(opts);
    return emit(out, io::read_file(path, format, read_limits(opts)));
    ICS_API_END
}

ics_status ics_dag_read_string(ics_dag** out, const char* data, size_t len, const ics_read_options* opts) {
    ICS_API_BEGIN
    require(out, "out");
    if (data == nullptr && len > 0) fail(Errc::invalid_argument, "data is NULL");
    const io::Format format = read_format(opts);
    return emit(out, io::read_string(std::string_view(data ? data : "", len), format, "<string>", read_limits(opts)));
    ICS_API_END
}

ics_status ics_dag_source_format(ics_format* out, const ics_dag* dag) {
    ICS_API_BEGIN
    require(out, "out");
    *out = static_cast<ics_format>(check(dag).source_format);
    return ICS_OK;
    ICS_API_END
}

ics_status ics_dag_warning_count(uint32_t* out, const ics_dag* dag) {
    ICS_API_BEGIN
    require(out, "out");
    *out = static_cast<uint32_t>(check(dag).warnings.size());
    return ICS_OK;
    ICS_API_END
}

ics_status ics_dag_warning(const char** out, const ics_dag* dag, uint32_t index) {
    ICS_API_BEGIN
    require(out, "out");
    const auto& w = check(dag).warnings;
    if (index >= w.size())
        fail(Errc::invalid_argument, "warning " + std::to_string(index) + " out of range (" +
                                         std::to_string(w.size()) + " warnings)");
    *out = w[index].c_str();
    return ICS_OK;
    ICS_API_END
}

ics_status ics_dag_write_file(const ics_dag* dag, const char* path, ics_format format) {
    ICS_API_BEGIN
    const ics_dag& d = check(dag);
    require(path, "path");
    io::write_file(path, d.dag(), to_format(enum_value(format)));
    return ICS_OK;
    ICS_API_END
}

ics_status ics_dag_write_string(char** out, size_t* out_len, const ics_dag* dag, ics_format format) {
    ICS_API_BEGIN
    require(out, "out");
    const ics_dag& d = check(dag);
    std::ostringstream s;
    io::write(s, d.dag(), to_format(enum_value(format)));
    *out = copy_text(std::move(s).str(), out_len);
    return ICS_OK;
    ICS_API_END
}

ics_status ics_order_priorities(uint32_t* out, size_t capacity, size_t* out_count, const ics_dag* dag,
                                const uint32_t* order, size_t len) {
    ICS_API_BEGIN
    return copy_out(out, capacity, out_count, priorities(check(dag).dag(), order, len));
    ICS_API_END
}

ics_status ics_dag_write_dagman_priorities(char** out, size_t* out_len, const ics_dag* dag, const uint32_t* order,
                                           size_t len) {
    ICS_API_BEGIN
    require(out, "out");
    const ics_dag& d = check(dag);
    if (!d.dagman && !(d.source_dropped && d.source_format == io::Format::dagman))
        fail(Errc::unsupported, std::string("the dag was not read from an HTCondor DAGMan file (source format: ") +
                                    io::format_name(d.source_format) + ")");
    ics_priority_options o = ICS_PRIORITY_OPTIONS_INIT;
    o.target = ICS_PRIORITIES_DAGMAN;
    *out = copy_text(priorities_text(dag, order, len, &o), out_len);
    return ICS_OK;
    ICS_API_END
}

const char* ics_priority_target_name(ics_priority_target target) {
    const int t = enum_value(target);
    return t >= 0 && t <= ICS_PRIORITIES_TABLE_JSON ? kTargetNames[t] : "unknown";
}

ics_status ics_priority_target_from_name(ics_priority_target* out, const char* name) {
    ICS_API_BEGIN
    require(out, "out");
    require(name, "name");
    *out = static_cast<ics_priority_target>(name_index(kTargetNames, name, "priority target"));
    return ICS_OK;
    ICS_API_END
}

const char* ics_priority_mode_name(ics_priority_mode mode) {
    const int m = enum_value(mode);
    return m >= 0 && m <= ICS_PRIORITY_MODE_ADD ? kModeNames[m] : "unknown";
}

ics_status ics_priority_mode_from_name(ics_priority_mode* out, const char* name) {
    ICS_API_BEGIN
    require(out, "out");
    require(name, "name");
    *out = static_cast<ics_priority_mode>(name_index(kModeNames, name, "priority mode"));
    return ICS_OK;
    ICS_API_END
}

ics_status ics_priority_options_init(ics_priority_options* opts, unsigned version) {
    ICS_API_BEGIN
    require(opts, "opts");
    check_version(version, ICS_PRIORITY_OPTIONS_VERSION, "ics_priority_options");
    *opts = ics_priority_options ICS_PRIORITY_OPTIONS_INIT;
    opts->version = version;
    return ICS_OK;
    ICS_API_END
}

ics_status ics_dag_write_priorities_string(char** out, size_t* out_len, const ics_dag* dag, const uint32_t* order,
                                           size_t len, const ics_priority_options* opts) {
    ICS_API_BEGIN
    require(out, "out");
    *out = copy_text(priorities_text(dag, order, len, opts), out_len);
    return ICS_OK;
    ICS_API_END
}

ics_status ics_dag_write_priorities_file(const ics_dag* dag, const char* path, const uint32_t* order, size_t len,
                                         const ics_priority_options* opts) {
    ICS_API_BEGIN
    require(path, "path");
    io::write_file_atomic(path, priorities_text(dag, order, len, opts));
    return ICS_OK;
    ICS_API_END
}

}  // extern "C"
