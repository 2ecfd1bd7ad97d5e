// Priorities for workflow systems (priorities.hpp): the rule of the modes,
// the tables (CSV, JSON, Airflow) and the dispatch to the rewriting targets
// (dagman.cpp, dax_priorities.cpp, wfformat_priorities.cpp), and the
// temporary-file-and-rename write that leaves no partial output behind.
#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <sstream>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "io/dagman.hpp"
#include "io/detail.hpp"
#include "io/priorities.hpp"

namespace ics::io {

namespace {

void json_string(std::string& out, std::string_view s) {
    out += '"';
    for (const char ch : s) {
        const unsigned char c = static_cast<unsigned char>(ch);
        switch (c) {
            case '"': out += "\\\""; break;
            case '\\': out += "\\\\"; break;
            case '\n': out += "\\n"; break;
            case '\r': out += "\\r"; break;
            case '\t': out += "\\t"; break;
            default:
                if (c < 0x20) {
                    char u[8];
                    std::snprintf(u, sizeof u, "\\u%04x", c);
                    out += u;
                } else {
                    out += ch;
                }
        }
    }
    out += '"';
}

// RFC 4180: quoted when it holds a comma, a quote or a line break.
void csv_field(std::string& out, std::string_view s) {
    if (s.find_first_of(",\"\r\n") == std::string_view::npos) {
        out.append(s);
        return;
    }
    out += '"';
    for (const char c : s) {
        if (c == '"') out += '"';
        out += c;
    }
    out += '"';
}

void require_utf8_names(const Dag& dag, const char* what) {
    for (NodeId v = 0; v < dag.node_count(); ++v)
        if (detail::find_non_text(dag.name(v), true) != std::string_view::npos)
            fail(Errc::unsupported,
                 std::string(what) + ": node name " + detail::quote(dag.name(v)) + " is not valid UTF-8");
}

std::string table_csv(const Dag& dag, std::span<const NodeId> order, std::span<const std::int64_t> prio) {
    std::string out = "node,rank,priority\n";
    for (std::size_t i = 0; i < order.size(); ++i) {
        csv_field(out, dag.name(order[i]));
        out += ',' + std::to_string(i + 1) + ',' + std::to_string(prio[order[i]]) + '\n';
    }
    return out;
}

std::string table_json(const Dag& dag, std::span<const NodeId> order, std::span<const std::int64_t> prio) {
    require_utf8_names(dag, "JSON table");
    std::string out = "[";
    for (std::size_t i = 0; i < order.size(); ++i) {
        out += i ? ",\n  {\"node\": " : "\n  {\"node\": ";
        json_string(out, dag.name(order[i]));
        out += ", \"rank\": " + std::to_string(i + 1) + ", \"priority\": " + std::to_string(prio[order[i]]) + '}';
    }
    out += "\n]\n";
    return out;
}

// Airflow: BaseOperator(priority_weight=..., weight_rule="absolute") makes
// the weight the task's own, not summed over its downstream or upstream
// tasks; the executor queues higher weights first.
std::string airflow(const Dag& dag, std::span<const NodeId> order, std::span<const std::int64_t> prio,
                    bool python, std::string_view source) {
    require_utf8_names(dag, "Airflow");
    std::string out;
    if (python) {
        // A JSON string literal of valid UTF-8 is a valid Python literal.
        out += "# Airflow task priorities from icsched";
        if (!source.empty()) {
            out += " for ";
            std::string src(source);
            for (char& c : src)
                if (c == '\n' || c == '\r') c = ' ';
            out += src;
        }
        out +=
            ": the first task of the schedule has the highest weight.\n"
            "# In a DAG file:\n"
            "#     from this_module import PRIORITY_WEIGHTS, WEIGHT_RULE\n"
            "#     for task in dag.tasks:\n"
            "#         task.priority_weight = PRIORITY_WEIGHTS.get(task.task_id, 1)\n"
            "#         task.weight_rule = WEIGHT_RULE\n"
            "WEIGHT_RULE = \"absolute\"\n"
            "PRIORITY_WEIGHTS = {";
        for (std::size_t i = 0; i < order.size(); ++i) {
            out += "\n    ";
            json_string(out, dag.name(order[i]));
            out += ": " + std::to_string(prio[order[i]]) + ',';
        }
        out += "\n}\n";
        return out;
    }
    out = "{\n  \"weight_rule\": \"absolute\",\n  \"priority_weight\": {";
    for (std::size_t i = 0; i < order.size(); ++i) {
        out += i ? ",\n    " : "\n    ";
        json_string(out, dag.name(order[i]));
        out += ": " + std::to_string(prio[order[i]]);
    }
    out += "\n  }\n}\n";
    return out;
}

std::string_view source_name(const PrioritySource& src) {
    if (src.dagman) return src.dagman->source;
    if (src.source) return src.source->name;
    if (src.dropped) return src.dropped_name;
    return {};
}

// A rewriting target of the format read, but the text was not kept.
void require_kept(PriorityTarget target, Format format, const PrioritySource& src) {
    if (!src.dropped || src.format != format) return;
    fail(Errc::unsupported, std::string("cannot write ") + priority_target_name(target) + " priorities into " +
                                src.dropped_name +
                                ": it was read without its source text (read option keep_source off); "
                                "read it again keeping the source (keep_source = 1, the default) to write priorities into it");
}

[[noreturn]] void not_from(PriorityTarget target, const char* what, const PrioritySource& src) {
    fail(Errc::unsupported, std::string("cannot write ") + priority_target_name(target) +
                                " priorities: the dag was not read from " + what + " (source format: " +
                                format_name(src.format) + ")");
}

}  // namespace

const char* priority_target_name(PriorityTarget t) noexcept {
    switch (t) {
        case PriorityTarget::dagman: return "dagman";
        case PriorityTarget::dax: return "dax";
        case PriorityTarget::wfformat: return "wfformat";
        case PriorityTarget::airflow_json: return "airflow";
        case PriorityTarget::airflow_python: return "airflow-python";
        case PriorityTarget::csv: return "csv";
        case PriorityTarget::table_json: return "table-json";
    }
    return "unknown";
}

const char* priority_mode_name(PriorityMode m) noexcept {
    switch (m) {
        case PriorityMode::replace: return "replace";
        case PriorityMode::keep: return "keep";
        case PriorityMode::add: return "add";
    }
    return "unknown";
}

std::int64_t combine_priority(PriorityMode mode, std::int64_t user, std::int64_t ours, std::uint32_t n) {
    std::int64_t r = ours;
    if (mode == PriorityMode::keep) r = user;
    if (mode == PriorityMode::add) {
        // |user| <= 2^31 and n + 1 <= 2^32: the product fits in 64 bits.
        if (user > INT_MAX || user < INT_MIN)
            fail(Errc::too_large, "priority " + std::to_string(user) + " is beyond a 32-bit integer");
        r = user * (static_cast<std::int64_t>(n) + 1) + ours;
    }
    if (r > INT_MAX || r < INT_MIN)
        fail(Errc::too_large, "priority " + std::to_string(user) + " x " + std::to_string(std::int64_t{n} + 1) +
                                  " + " + std::to_string(ours) +
                                  " is beyond a 32-bit integer, the range DAGMan and HTCondor accept "
                                  "(use --mode replace or keep, or smaller priorities)");
    return r;
}

std::string write_priorities(PriorityTarget target, const Dag& dag, std::span<const NodeId> order,
                             const PriorityOptions& opts, const PrioritySource& src) {
    const NodeId n = dag.node_count();
    if (order.size() != n)
        fail(Errc::invalid_order, "the order has " + std::to_string(order.size()) + " nodes, the dag " +
                                      std::to_string(n));
    // Ours: n for the first node of the order, 1 for the last.
    std::vector<std::int64_t> prio(n, 0);
    for (std::size_t i = 0; i < order.size(); ++i) {
        if (order[i] >= n || prio[order[i]] != 0)
            fail(Errc::invalid_order, "the order names node " + std::to_string(order[i]) +
                                          (order[i] >= n ? ", which is no node" : " twice"));
        prio[order[i]] = static_cast<std::int64_t>(n - i);
    }
    if (opts.mode != PriorityMode::replace && opts.mode != PriorityMode::keep && opts.mode != PriorityMode::add)
        fail(Errc::invalid_argument, "unknown priority mode " + std::to_string(static_cast<int>(opts.mode)));
    if (opts.prio_compat && target != PriorityTarget::dagman)
        fail(Errc::invalid_argument, "prio compatibility (VARS JOBPRIORITY) is for DAGMan files only");

    switch (target) {
        case PriorityTarget::dagman:
            require_kept(target, Format::dagman, src);
            if (!src.dagman) not_from(target, "an HTCondor DAGMan file", src);
            return rewrite_priorities(*src.dagman, dag, prio, opts);
        case PriorityTarget::dax:
            require_kept(target, Format::dax, src);
            if (src.format != Format::dax || !src.source) not_from(target, "a Pegasus DAX file", src);
            return detail::rewrite_dax_priorities(src.source->text, src.source->name, dag, prio, opts);
        case PriorityTarget::wfformat:
            require_kept(target, Format::wfformat, src);
            if (src.format == Format::wfformat && src.source)
                return detail::rewrite_wfformat_priorities(src.source->text, src.source->name, dag, prio, opts);
            {
                // Other sources: a new WfFormat 1.5 document with the priorities.
                std::ostringstream s;
                write(s, dag, Format::wfformat);
                return detail::rewrite_wfformat_priorities(s.str(), "<wfformat>", dag, prio, opts);
            }
        case PriorityTarget::airflow_json: return airflow(dag, order, prio, false, source_name(src));
        case PriorityTarget::airflow_python: return airflow(dag, order, prio, true, source_name(src));
        case PriorityTarget::csv: return table_csv(dag, order, prio);
        case PriorityTarget::table_json: return table_json(dag, order, prio);
    }
    fail(Errc::invalid_argument, "unknown priority target " + std::to_string(static_cast<int>(target)));
}

void write_file_atomic(const std::string& path, std::string_view text) {
    namespace fs = std::filesystem;
    const fs::path target(path);
    if (path.empty()) fail(Errc::io, "cannot write: empty path");
    std::error_code ec;
    if (fs::is_directory(target, ec)) fail(Errc::io, path + ": cannot write: is a folder");
    const fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
    std::string tmp = (dir / ("." + target.filename().string() + ".ics-XXXXXX")).string();
    const int fd = ::mkstemp(tmp.data());
    if (fd < 0) fail(Errc::io, path + ": cannot write: " + std::strerror(errno));
    // An existing file keeps its permissions; a new one gets the usual 0666 & ~umask.
    struct stat st {};
    if (::stat(path.c_str(), &st) == 0) {
        (void)::fchmod(fd, st.st_mode & 07777);
    } else {
        const mode_t mask = ::umask(0);
        ::umask(mask);
        (void)::fchmod(fd, 0666 & ~mask);
    }
    const auto give_up = [&](int err) {
        ::close(fd);
        ::unlink(tmp.c_str());
        fail(Errc::io, path + ": cannot write: " + std::strerror(err));
    };
    std::size_t done = 0;
    while (done < text.size()) {
        const ssize_t w = ::write(fd, text.data() + done, text.size() - done);
        if (w < 0) {
            if (errno == EINTR) continue;
            give_up(errno);
        }
        done += static_cast<std::size_t>(w);
    }
    if (::fsync(fd) != 0 && errno != EINVAL && errno != EROFS) give_up(errno);
    if (::close(fd) != 0) {
        const int err = errno;
        ::unlink(tmp.c_str());
        fail(Errc::io, path + ": cannot write: " + std::strerror(err));
    }
    if (::rename(tmp.c_str(), path.c_str()) != 0) {
        const int err = errno;
        ::unlink(tmp.c_str());
        fail(Errc::io, path + ": cannot write: " + std::strerror(err));
    }
}

}  // namespace ics::io
