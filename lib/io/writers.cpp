// Writers. Each output reads back to the same dag: same names, same arcs and
// the same node ids (nodes appear in id order, so first mention = id).
#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <ostream>

#include "io/detail.hpp"

namespace ics::io {

namespace detail {

namespace {

// Output is built in a string and handed to the stream in large pieces.
class Out {
public:
    explicit Out(std::ostream& os) : os_(os) { buf_.reserve(kChunk + 1024); }
    ~Out() = default;
    Out(const Out&) = delete;
    Out& operator=(const Out&) = delete;

    Out& operator<<(std::string_view s) {
        buf_.append(s);
        if (buf_.size() >= kChunk) flush();
        return *this;
    }
    Out& operator<<(char c) {
        buf_ += c;
        return *this;
    }
    void flush() {
        os_.write(buf_.data(), static_cast<std::streamsize>(buf_.size()));
        buf_.clear();
    }

private:
    static constexpr std::size_t kChunk = 1 << 16;
    std::ostream& os_;
    std::string buf_;
};

// Every name must be UTF-8; for the text formats also free of the control
// characters their readers refuse as binary data (JSON escapes them).
void require_names(const Dag& dag, const char* format, bool allow_controls) {
    for (NodeId v = 0; v < dag.node_count(); ++v) {
        const std::string_view name = dag.name(v);
        if (find_non_text(name, true) != std::string_view::npos)
            fail(Errc::unsupported, std::string(format) + " writer: node name " + quote(name) + " is not valid UTF-8");
        if (!allow_controls && find_non_text(name) != std::string_view::npos)
            fail(Errc::unsupported,
                 std::string(format) + " writer: node name " + quote(name) + " has a control character");
    }
}

void json_string(Out& out, std::string_view s) {
    out << '"';
    std::size_t plain = 0;
    for (std::size_t i = 0; i < s.size(); ++i) {
        const unsigned char c = static_cast<unsigned char>(s[i]);
        if (c >= 0x20 && c != '"' && c != '\\') continue;
        out << s.substr(plain, i - plain);
        plain = i + 1;
        switch (c) {
            case '"': out << "\\\""; break;
            case '\\': out << "\\\\"; break;
            case '\n': out << "\\n"; break;
            case '\r': out << "\\r"; break;
            case '\t': out << "\\t"; break;
            default: {
                char u[8];
                std::snprintf(u, sizeof u, "\\u%04x", c);
                out << std::string_view(u, 6);
            }
        }
    }
    out << s.substr(plain) << '"';
}

void dot_string(Out& out, std::string_view s) {
    out << '"';
    std::size_t plain = 0;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] != '"' && s[i] != '\\') continue;
        out << s.substr(plain, i - plain) << '\\' << s[i];
        plain = i + 1;
    }
    out << s.substr(plain) << '"';
}

void json_names(Out& out, std::span<const NodeId> ids, const Dag& dag) {
    out << '[';
    for (std::size_t i = 0; i < ids.size(); ++i) {
        if (i) out << ", ";
        json_string(out, dag.name(ids[i]));
    }
    out << ']';
}

}  // namespace

void write_edges(std::ostream& os, const Dag& dag) {
    require_names(dag, "edge list", false);
    const NodeId n = dag.node_count();
    for (NodeId v = 0; v < n; ++v) {
        const std::string_view name = dag.name(v);
        if (std::any_of(name.begin(), name.end(), [](char c) { return is_space(c) || c == '#'; }))
            fail(Errc::unsupported, "edge list writer: node name " + quote(name) +
                                        " holds white space or '#', which the edge list cannot represent "
                                        "(write DOT or WfFormat JSON instead)");
    }
    Out out(os);
    // Node 0's name comes first: starting with U+FEFF, it would be read as
    // the file's byte-order mark and dropped, so a blank line goes first.
    if (n > 0 && dag.name(0).starts_with("\xEF\xBB\xBF")) out << '\n';
    // Ids below `next` have been mentioned; a lone name declares the next id
    // whenever an arc line would mention a node out of id order.
    NodeId next = 0;
    auto declare_below = [&](NodeId k) {
        for (; next < k; ++next) out << dag.name(next) << '\n';
    };
    for (NodeId u = 0; u < n; ++u) {
        for (NodeId v : dag.children(u)) {
            if (u < v && !(next == u && v == u + 1)) declare_below(v);
            declare_below(u);
            out << dag.name(u) << ' ' << dag.name(v) << '\n';
            next = std::max(next, std::max(u, v) + 1);
        }
        declare_below(u + 1);
    }
    out.flush();
}

void write_dot(std::ostream& os, const Dag& dag) {
    require_names(dag, "DOT", false);
    Out out(os);
    out << "digraph dag {\n";
    for (NodeId v = 0; v < dag.node_count(); ++v) {
        out << "  ";
        dot_string(out, dag.name(v));
        out << ";\n";
    }
    for (NodeId u = 0; u < dag.node_count(); ++u)
        for (NodeId v : dag.children(u)) {
            out << "  ";
            dot_string(out, dag.name(u));
            out << " -> ";
            dot_string(out, dag.name(v));
            out << ";\n";
        }
    out << "}\n";
    out.flush();
}

void write_wfformat(std::ostream& os, const Dag& dag) {
    require_names(dag, "WfFormat", true);
    Out out(os);
    out << "{\n  \"name\": \"dag\",\n  \"schemaVersion\": \"1.5\",\n"
           "  \"workflow\": {\n    \"specification\": {\n      \"tasks\": [";
    for (NodeId v = 0; v < dag.node_count(); ++v) {
        out << (v ? ",\n        {\"id\": " : "\n        {\"id\": ");
        json_string(out, dag.name(v));
        out << ", \"name\": ";
        json_string(out, dag.name(v));
        out << ", \"parents\": ";
        json_names(out, dag.parents(v), dag);
        out << ", \"children\": ";
        json_names(out, dag.children(v), dag);
        out << '}';
    }
    out << "\n      ]\n    }\n  }\n}\n";
    out.flush();
}

// HTCondor DAGMan: a JOB line per task in id order (its submit file named
// after it: DAGMan needs one per node, which the dag does not know), then a
// PARENT line per task with children. The reader's rules for node names
// apply: no white space, no '+' (splices), not PARENT/CHILD/ALL_NODES, and
// no '\' at the end (it would continue the line).
void write_dagman(std::ostream& os, const Dag& dag) {
    require_names(dag, "DAGMan", false);
    for (NodeId v = 0; v < dag.node_count(); ++v) {
        const std::string_view name = dag.name(v);
        const char* why = nullptr;
        if (std::any_of(name.begin(), name.end(), [](char c) { return is_space(c); }))
            why = "holds white space";
        else if (name.find('+') != std::string_view::npos)
            why = "contains '+' (DAGMan keeps it for splice nodes)";
        else if (name.ends_with('\\'))
            why = "ends in '\\' (a line continuation)";
        else if (iequals(name, "PARENT") || iequals(name, "CHILD") || iequals(name, "ALL_NODES"))
            why = "is a DAGMan reserved word";
        if (why)
            fail(Errc::unsupported, "DAGMan writer: node name " + quote(name) + " " + why +
                                        ", which a DAGMan file cannot represent (write DOT or WfFormat JSON instead)");
    }
    Out out(os);
    out << "# HTCondor DAGMan file written by icsched: one JOB per task (submit file <task>.sub),\n"
           "# then its children.\n";
    for (NodeId v = 0; v < dag.node_count(); ++v) out << "JOB " << dag.name(v) << ' ' << dag.name(v) << ".sub\n";
    for (NodeId u = 0; u < dag.node_count(); ++u) {
        const auto ch = dag.children(u);
        if (ch.empty()) continue;
        out << "PARENT " << dag.name(u) << " CHILD";
        for (NodeId v : ch) out << ' ' << dag.name(v);
        out << '\n';
    }
    out.flush();
}

// Pegasus DAX 3.6: a <job> per task in id order (id and name the task's
// name, XML-escaped), then a <child> per task with parents. Names must be
// free of control characters other than tab and line ends (XML 1.0 has no
// way to write them).
void write_dax(std::ostream& os, const Dag& dag) {
    require_names(dag, "DAX", false);
    Out out(os);
    auto attr = [&out](std::string_view s) {
        std::size_t plain = 0;
        for (std::size_t i = 0; i < s.size(); ++i) {
            // (White space other than ' ' by reference: a reader turns it
            // into ' ' in attribute values.)
            const char c = s[i];
            const char* esc = c == '&'    ? "&amp;"
                              : c == '<'  ? "&lt;"
                              : c == '>'  ? "&gt;"
                              : c == '"'  ? "&quot;"
                              : c == '\t' ? "&#9;"
                              : c == '\n' ? "&#10;"
                              : c == '\r' ? "&#13;"
                                          : nullptr;
            if (!esc) continue;
            out << s.substr(plain, i - plain) << std::string_view(esc);
            plain = i + 1;
        }
        out << s.substr(plain);
    };
    out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
           "<!-- Pegasus DAX written by icsched: tasks and their dependencies only -->\n"
           "<adag xmlns=\"http://pegasus.isi.edu/schema/DAX\" version=\"3.6\" name=\"dag\">\n";
    for (NodeId v = 0; v < dag.node_count(); ++v) {
        out << "  <job id=\"";
        attr(dag.name(v));
        out << "\" name=\"";
        attr(dag.name(v));
        out << "\"/>\n";
    }
    for (NodeId v = 0; v < dag.node_count(); ++v) {
        const auto ps = dag.parents(v);
        if (ps.empty()) continue;
        out << "  <child ref=\"";
        attr(dag.name(v));
        out << "\">\n";
        for (NodeId p : ps) {
            out << "    <parent ref=\"";
            attr(dag.name(p));
            out << "\"/>\n";
        }
        out << "  </child>\n";
    }
    out << "</adag>\n";
    out.flush();
}

void write_adjacency_json(std::ostream& os, const Dag& dag) {
    require_names(dag, "adjacency JSON", true);
    Out out(os);
    out << '{';
    for (NodeId v = 0; v < dag.node_count(); ++v) {
        out << (v ? ",\n  " : "\n  ");
        json_string(out, dag.name(v));
        out << ": ";
        json_names(out, dag.children(v), dag);
    }
    out << "\n}\n";
    out.flush();
}

}  // namespace detail

void write(std::ostream& out, const Dag& dag, Format format) {
    switch (format) {
        case Format::edges: detail::write_edges(out, dag); break;
        case Format::dot: detail::write_dot(out, dag); break;
        case Format::wfformat: detail::write_wfformat(out, dag); break;
        case Format::adjacency_json: detail::write_adjacency_json(out, dag); break;
        case Format::dagman: detail::write_dagman(out, dag); break;
        case Format::dax: detail::write_dax(out, dag); break;
        default:
            fail(Errc::unsupported, std::string("no writer for format '") + format_name(format) +
                                        "' (edges, dot, wfformat, adjacency-json, dagman and dax can be written)");
    }
    if (!out) fail(Errc::io, "write failed");
}

void write_file(const std::string& path, const Dag& dag, Format format) {
    std::ofstream f(path, std::ios::binary | std::ios::trunc);
    if (!f) fail(Errc::io, path + ": cannot open for writing: " + std::strerror(errno));
    write(f, dag, format);
    f.close();
    if (!f) fail(Errc::io, path + ": write failed: " + std::strerror(errno));
}

}  // namespace ics::io
