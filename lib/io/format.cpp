// Format names and detection: the file extension decides when it is a known
// one, otherwise the content does. Content that is none of the formats (a
// password file, a C source, prose) is refused here with one message naming
// the formats tried, instead of failing later at some line of the edge list.
#include <array>
#include <cctype>
#include <string>

#include "io/detail.hpp"

namespace ics::io {

using detail::iequals;

const char* format_name(Format f) noexcept {
    switch (f) {
        case Format::automatic: return "auto";
        case Format::edges: return "edges";
        case Format::dot: return "dot";
        case Format::dagman: return "dagman";
        case Format::wfformat: return "wfformat";
        case Format::dax: return "dax";
        case Format::stg: return "stg";
        case Format::adjacency_json: return "adjacency-json";
    }
    return "unknown";
}

std::optional<Format> format_from_name(std::string_view name) noexcept {
    struct Alias {
        std::string_view name;
        Format format;
    };
    static constexpr std::array<Alias, 22> kAliases{{
        {"auto", Format::automatic},
        {"automatic", Format::automatic},
        {"edges", Format::edges},
        {"edge", Format::edges},
        {"edgelist", Format::edges},
        {"txt", Format::edges},
        {"dot", Format::dot},
        {"gv", Format::dot},
        {"graphviz", Format::dot},
        {"dagman", Format::dagman},
        {"dag", Format::dagman},
        {"condor", Format::dagman},
        {"wfformat", Format::wfformat},
        {"wfcommons", Format::wfformat},
        {"json", Format::wfformat},
        {"dax", Format::dax},
        {"xml", Format::dax},
        {"pegasus", Format::dax},
        {"stg", Format::stg},
        {"adjacency-json", Format::adjacency_json},
        {"adjacency_json", Format::adjacency_json},
        {"adjacency", Format::adjacency_json},
    }};
    for (const Alias& a : kAliases)
        if (iequals(a.name, name)) return a.format;
    return std::nullopt;
}

const char* include_policy_name(IncludePolicy p) noexcept {
    switch (p) {
        case IncludePolicy::same_directory_tree: return "same-directory-tree";
        case IncludePolicy::deny: return "deny";
        case IncludePolicy::allow: return "allow";
    }
    return "unknown";
}

std::optional<IncludePolicy> include_policy_from_name(std::string_view name) noexcept {
    for (IncludePolicy p : {IncludePolicy::same_directory_tree, IncludePolicy::deny, IncludePolicy::allow})
        if (name == include_policy_name(p)) return p;
    return std::nullopt;
}

namespace {

std::string_view extension(std::string_view filename) {
    const std::size_t slash = filename.find_last_of("/\\");
    const std::string_view base = slash == std::string_view::npos ? filename : filename.substr(slash + 1);
    const std::size_t dot = base.rfind('.');
    if (dot == std::string_view::npos || dot == 0) return {};
    return base.substr(dot + 1);
}

bool is_integer(std::string_view s) {
    std::uint64_t v;
    return detail::parse_uint(s, v);
}

// WfFormat documents have a top-level "workflow" object; FlowBench adjacency
// lists are flat {name: [names]}.
Format sniff_json(std::string_view content) {
    std::size_t pos = 0;
    while ((pos = content.find("\"workflow\"", pos)) != std::string_view::npos) {
        pos += 10;
        std::size_t i = pos;
        while (i < content.size() && detail::is_space(content[i])) ++i;
        if (i < content.size() && content[i] == ':') {
            ++i;
            while (i < content.size() && detail::is_space(content[i])) ++i;
            if (i < content.size() && content[i] == '{') return Format::wfformat;
        }
    }
    return Format::adjacency_json;
}

bool is_dagman_keyword(std::string_view w) {
    static constexpr std::array<std::string_view, 30> kWords{"JOB",
                                                             "DATA",
                                                             "PARENT",
                                                             "SPLICE",
                                                             "SUBDAG",
                                                             "FINAL",
                                                             "INCLUDE",
                                                             "SCRIPT",
                                                             "VARS",
                                                             "RETRY",
                                                             "PRIORITY",
                                                             "CATEGORY",
                                                             "MAXJOBS",
                                                             "ABORT-DAG-ON",
                                                             "PRE_SKIP",
                                                             "CONFIG",
                                                             "DOT",
                                                             "NODE_STATUS_FILE",
                                                             "JOBSTATE_LOG",
                                                             "SET_JOB_ATTR",
                                                             "ENV",
                                                             "SAVE_POINT_FILE",
                                                             "REJECT",
                                                             "DONE",
                                                             "PROVISIONER",
                                                             "SERVICE",
                                                             "SUBMIT-DESCRIPTION",
                                                             "CONNECT",
                                                             "PIN_IN",
                                                             "PIN_OUT"};
    for (std::string_view k : kWords)
        if (iequals(k, w)) return true;
    return false;
}

bool is_dagman_structure(std::string_view w) {
    return iequals(w, "JOB") || iequals(w, "PARENT") || iequals(w, "SPLICE") || iequals(w, "SUBDAG") ||
           iequals(w, "FINAL") || iequals(w, "DATA") || iequals(w, "INCLUDE");
}

[[noreturn]] void refuse(std::string_view source, std::string_view why) {
    detail::fail_at(Errc::parse, source, detail::kNoLine,
                    "not a workflow file (tried by content: edge list, DOT, HTCondor DAGMan, WfFormat JSON, "
                    "adjacency JSON, Pegasus DAX, STG): " +
                        std::string(why) + "; give the format explicitly to read it as one");
}

// An edge list recognised by content: each of the first kSample significant
// lines is "u v" or one name (text after '#' is a comment), and at least one
// of them is an arc. A file of lone names only is read as an edge list when
// named *.edges / *.txt or when the format is given.
void check_edge_list(std::string_view content, std::string_view source) {
    constexpr int kSample = 200;
    detail::Lines lines(content);
    std::string_view line;
    std::vector<std::string_view> tok;
    bool arc = false;
    for (int significant = 0; significant < kSample && lines.next(line);) {
        if (detail::find_non_text(line) != std::string_view::npos)
            refuse(source, "line " + std::to_string(lines.number()) + " holds binary data");
        if (const std::size_t hash = line.find('#'); hash != std::string_view::npos) line = line.substr(0, hash);
        detail::split(line, tok);
        if (tok.empty()) continue;
        ++significant;
        if (tok.size() > 2)
            refuse(source, "line " + std::to_string(lines.number()) + " has " + std::to_string(tok.size()) +
                               " fields where an edge list has 'u v' or one name");
        arc = arc || tok.size() == 2;
    }
    if (!arc && !detail::trim(content).empty()) refuse(source, "no line is an arc 'u v'");
}

// Looks at the first 20 significant lines ('#' lines are comments in the
// edge list, DAGMan and STG alike).
Format sniff_text(std::string_view content) {
    detail::Lines lines(content);
    std::string_view line;
    std::vector<std::string_view> tok;
    enum class Guess { none, dagman, stg } guess = Guess::none;
    bool dagman_structure = false;
    for (int significant = 0; significant < 20 && lines.next(line);) {
        const std::string_view t = detail::trim(line);
        if (t.empty()) continue;
        if (significant == 0 && (t.starts_with("//") || t.starts_with("/*"))) return Format::dot;
        if (t[0] == '#') continue;
        detail::split(t, tok);
        if (significant++ == 0) {
            if (iequals(tok[0], "digraph") || iequals(tok[0], "strict") || tok[0].starts_with("digraph{") ||
                ((iequals(tok[0], "graph") || tok[0].starts_with("graph{")) && t.find('{') != std::string_view::npos))
                return Format::dot;  // undirected graphs too, so that the DOT reader says why it refuses them
            if (is_dagman_keyword(tok[0]))
                guess = Guess::dagman;
            else if (tok.size() == 1 && is_integer(tok[0]))
                guess = Guess::stg;
            else
                return Format::edges;
        } else if (guess == Guess::stg) {
            // STG: "n", then rows "id cost npred preds..." starting with task 0.
            bool numeric = tok.size() >= 3 && tok[0] == "0";
            for (std::string_view w : tok) numeric = numeric && is_integer(w);
            return numeric ? Format::stg : Format::edges;
        }
        if (guess == Guess::dagman && is_dagman_structure(tok[0])) dagman_structure = true;
    }
    return guess == Guess::dagman && dagman_structure ? Format::dagman : Format::edges;
}

}  // namespace

Format detect_format(std::string_view content, std::string_view filename) {
    const std::string_view ext = extension(filename);
    if (iequals(ext, "dag")) return Format::dagman;
    if (iequals(ext, "dot") || iequals(ext, "gv")) return Format::dot;
    if (iequals(ext, "xml") || iequals(ext, "dax")) return Format::dax;
    if (iequals(ext, "stg")) return Format::stg;
    if (iequals(ext, "txt") || iequals(ext, "edges") || iequals(ext, "edgelist")) return Format::edges;
    if (content.starts_with("\xEF\xBB\xBF")) content.remove_prefix(3);
    if (iequals(ext, "json")) return sniff_json(content);

    std::size_t i = 0;
    while (i < content.size() && detail::is_space(content[i])) ++i;
    if (i < content.size()) {
        if (content[i] == '<') {
            // Pegasus DAX is the one XML format: other XML or HTML is refused here.
            if (content.find("adag") == std::string_view::npos) refuse(filename, "XML without an <adag> element");
            return Format::dax;
        }
        if (content[i] == '{') return sniff_json(content);
    }
    const Format f = sniff_text(content);
    if (f == Format::edges) check_edge_list(content, filename);
    return f;
}

}  // namespace ics::io
