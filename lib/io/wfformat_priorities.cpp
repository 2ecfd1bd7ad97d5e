// WfFormat (WfCommons JSON) with priorities, written losslessly: the file is
// edited as text, so every field the reader does not know (runtimes, files,
// machines, the execution block...) stays byte for byte.
//
// Where the priority goes: a "priority" field in each task of the task list
// the reader took the nodes from (workflow.specification.tasks in 1.5,
// workflow.tasks in 1.3/1.4, workflow.jobs in WorkflowHub 0.x). The WfFormat
// schema does not forbid further task properties (no additionalProperties:
// false), and "priority" is the name the 1.5 schema gives the task priority
// of workflow.execution.tasks[], which records a run and is left alone. The
// field goes first in the task, on a line of its own when the task's members
// are on lines of their own; an existing "priority" has its value changed
// (kept in keep mode).
#include <nlohmann/json.hpp>

#include "io/detail.hpp"
#include "io/priorities.hpp"

namespace ics::io::detail {

namespace {

// A scanner over JSON text that the reader has accepted (valid JSON): it only
// finds where things are.
class Scan {
public:
    explicit Scan(std::string_view t) : t_(t) {}

    std::size_t ws(std::size_t i) const {
        while (i < t_.size() && is_space(t_[i])) ++i;
        return i;
    }

    // End (one past) of the string starting at i ('"').
    std::size_t string_end(std::size_t i) const {
        for (++i; i < t_.size(); ++i) {
            if (t_[i] == '\\') ++i;
            else if (t_[i] == '"') return i + 1;
        }
        return t_.size();
    }

    // End of the value starting at i.
    std::size_t value_end(std::size_t i) const {
        if (i >= t_.size()) return i;
        if (t_[i] == '"') return string_end(i);
        if (t_[i] != '{' && t_[i] != '[') {
            while (i < t_.size() && !is_space(t_[i]) && t_[i] != ',' && t_[i] != '}' && t_[i] != ']') ++i;
            return i;
        }
        int depth = 0;
        for (; i < t_.size(); ++i) {
            const char c = t_[i];
            if (c == '"') i = string_end(i) - 1;
            else if (c == '{' || c == '[') ++depth;
            else if ((c == '}' || c == ']') && --depth == 0) return i + 1;
        }
        return i;
    }

    struct Member {
        std::string key;
        std::size_t key_at, value, value_end;
    };

    // Members of the object at i ('{').
    std::vector<Member> members(std::size_t i) const {
        std::vector<Member> out;
        i = ws(i + 1);
        while (i < t_.size() && t_[i] == '"') {
            const std::size_t ke = string_end(i);
            std::string key = nlohmann::json::parse(t_.substr(i, ke - i)).get<std::string>();
            const std::size_t v = ws(ws(ke) + 1);  // past ':'
            const std::size_t ve = value_end(v);
            out.push_back({std::move(key), i, v, ve});
            i = ws(ve);
            if (i < t_.size() && t_[i] == ',') i = ws(i + 1);
        }
        return out;
    }

    // Start offsets of the elements of the array at i ('[').
    std::vector<std::size_t> elements(std::size_t i) const {
        std::vector<std::size_t> out;
        i = ws(i + 1);
        while (i < t_.size() && t_[i] != ']') {
            out.push_back(i);
            i = ws(value_end(i));
            if (i < t_.size() && t_[i] == ',') i = ws(i + 1);
        }
        return out;
    }

    const Member* find(const std::vector<Member>& m, std::string_view key, char open) const {
        for (const Member& x : m)
            if (x.key == key && x.value < t_.size() && t_[x.value] == open) return &x;
        return nullptr;
    }

private:
    std::string_view t_;
};

}  // namespace

std::string rewrite_wfformat_priorities(std::string_view text, std::string_view source, const Dag& dag,
                                        std::span<const std::int64_t> priority_by_node,
                                        const PriorityOptions& opts) {
    // The reader checks what the scanner takes for granted (valid JSON, one
    // task list) and gives the node of each task.
    // The reader itself, not read_string: that would keep a copy of the text
    // beside this one and the output (the text was read as WfFormat before,
    // so it is not blank).
    std::string_view body = text;
    if (body.starts_with("\xEF\xBB\xBF")) body.remove_prefix(3);
    const Dag checked = read_wfformat(body, source);
    const NodeId n = dag.node_count();
    if (checked.node_count() != n)
        fail(Errc::invalid_argument, std::string(source) + ": the file has " +
                                         std::to_string(checked.node_count()) + " tasks, the dag " +
                                         std::to_string(n) + " nodes");
    for (NodeId v = 0; v < n; ++v)
        if (checked.name(v) != dag.name(v))
            fail(Errc::invalid_argument, std::string(source) + ": task " + std::to_string(v) + " is " +
                                             quote(checked.name(v)) + " in the file but " + quote(dag.name(v)) +
                                             " in the dag");

    const Scan scan(text);
    const std::size_t root = scan.ws(text.starts_with("\xEF\xBB\xBF") ? 3 : 0);  // after a byte-order mark
    const auto top = scan.members(root);
    const Scan::Member* workflow = scan.find(top, "workflow", '{');
    std::size_t list = std::string::npos;  // offset of the task list's '['
    if (workflow) {
        const auto w = scan.members(workflow->value);
        if (const Scan::Member* spec = scan.find(w, "specification", '{')) {
            const auto sm = scan.members(spec->value);
            if (const Scan::Member* t = scan.find(sm, "tasks", '[')) list = t->value;
        }
        for (const char* key : {"tasks", "jobs"})
            if (const Scan::Member* t = scan.find(w, key, '['); t && list == std::string::npos) list = t->value;
    }
    if (list == std::string::npos) fail(Errc::internal, std::string(source) + ": the task list the reader found is gone");
    const std::vector<std::size_t> tasks = scan.elements(list);
    if (tasks.size() != n) fail(Errc::internal, std::string(source) + ": task count differs from the reader's");

    const std::size_t nl = text.find('\n');
    const std::string_view eol = nl != std::string::npos && nl > 0 && text[nl - 1] == '\r' ? "\r\n" : "\n";
    std::string out;
    out.reserve(text.size() + n * 32);
    std::size_t pos = 0;
    for (NodeId v = 0; v < n; ++v) {
        const std::size_t open = tasks[v];
        const auto members = scan.members(open);
        const Scan::Member* existing = nullptr;
        for (const Scan::Member& m : members)
            if (m.key == "priority") existing = &m;  // the last one counts, as in most JSON readers
        if (existing) {
            if (opts.mode == PriorityMode::keep) continue;
            std::int64_t user = 0;
            const std::string_view raw = std::string_view(text).substr(existing->value, existing->value_end - existing->value);
            const nlohmann::json value = nlohmann::json::parse(raw);
            const bool integer = value.is_number_integer() ||
                                 (value.is_number_float() && value.get<double>() == static_cast<double>(
                                                                                         static_cast<std::int64_t>(value.get<double>())));
            if (integer) user = value.is_number_float() ? static_cast<std::int64_t>(value.get<double>()) : value.get<std::int64_t>();
            if (opts.mode == PriorityMode::add && !integer)
                fail(Errc::parse, std::string(source) + ": task " + quote(dag.name(v)) + ": priority " +
                                      std::string(raw) + " is not an integer, so it cannot be added to (use mode "
                                                         "replace or keep)");
            out.append(text, pos, existing->value - pos);
            out += std::to_string(combine_priority(opts.mode, user, priority_by_node[v], n));
            pos = existing->value_end;
            continue;
        }
        const std::string field = "\"priority\": " + std::to_string(priority_by_node[v]);
        out.append(text, pos, open + 1 - pos);
        pos = open + 1;
        if (members.empty()) {
            out += field;
            continue;
        }
        // The first member's line and indentation, when it has a line of its own.
        const std::size_t key_at = members.front().key_at;
        const std::size_t ls = text.rfind('\n', key_at);
        bool own_line = ls != std::string::npos && ls > open;
        for (std::size_t i = ls + 1; own_line && i < key_at; ++i) own_line = text[i] == ' ' || text[i] == '\t';
        if (own_line) {
            out += eol;
            out.append(text, ls + 1, key_at - ls - 1);
            out += field + ",";
        } else {
            out += field + (text[open + 1] == '"' ? "," : ", ");
        }
    }
    out.append(text, pos, std::string::npos);
    return out;
}

}  // namespace ics::io::detail
