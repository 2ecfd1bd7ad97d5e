// read_durations (durations.hpp). A second, DOM-based pass over the file: it
// runs once per simulation set-up, and the readers stay topology-only.
#include <cmath>
#include <cstring>

#include <nlohmann/json.hpp>
#include <pugixml.hpp>

#include "io/detail.hpp"
#include "io/durations.hpp"

namespace ics::io {

namespace {

using json = nlohmann::json;

constexpr double kUnset = -1.0;

struct Filler {
    const Dag& dag;
    std::string_view source;
    std::vector<double> out;

    Filler(const Dag& d, std::string_view s) : dag(d), source(s), out(d.node_count(), kUnset) {}

    void set(std::string_view name, double value, std::string_view where) {
        const NodeId v = dag.find(name);
        if (v == kNoNode) return;  // a task the dag does not have (e.g. in another section) is not ours
        if (!(value >= 0) || !std::isfinite(value))
            detail::fail_at(Errc::parse, source, detail::kNoLine,
                            std::string(where) + ": runtime of " + quoted(name) + " is not a number >= 0");
        out[v] = value;
    }

    std::vector<double> finish(const char* how) {
        std::size_t missing = 0;
        NodeId first = kNoNode;
        for (NodeId v = 0; v < dag.node_count(); ++v)
            if (out[v] == kUnset) {
                if (first == kNoNode) first = v;
                ++missing;
            }
        if (missing == dag.node_count())
            detail::fail_at(Errc::unsupported, source, detail::kNoLine, std::string("no task runtimes (") + how + ")");
        if (missing > 0)
            detail::fail_at(Errc::parse, source, detail::kNoLine,
                            "task " + quoted(dag.name(first)) + " has no runtime (" + how + "; " +
                                std::to_string(missing) + " tasks without one)");
        return std::move(out);
    }
};

double json_number(const json& v) {
    if (v.is_number()) return v.get<double>();
    if (v.is_string()) {
        const std::string& s = v.get_ref<const std::string&>();
        char* end = nullptr;
        const double d = std::strtod(s.c_str(), &end);
        if (end != s.c_str() && *end == '\0') return d;
    }
    return std::nan("");
}

// Each task object of `tasks`: by `primary` ("id" / "name"), else the other key.
void json_tasks(Filler& f, const json& tasks, const char* primary, const char* secondary, std::string_view path) {
    if (!tasks.is_array()) return;
    for (std::size_t i = 0; i < tasks.size(); ++i) {
        const json& t = tasks[i];
        if (!t.is_object()) continue;
        const json* runtime = nullptr;
        for (const char* key : {"runtimeInSeconds", "runtime"})
            if (auto it = t.find(key); it != t.end()) {
                runtime = &*it;
                break;
            }
        if (!runtime) continue;
        const std::string where = std::string(path) + "[" + std::to_string(i) + "]";
        for (const char* key : {primary, secondary})
            if (auto it = t.find(key); it != t.end() && it->is_string() && f.dag.find(it->get_ref<const std::string&>()) != kNoNode) {
                f.set(it->get_ref<const std::string&>(), json_number(*runtime), where);
                break;
            }
    }
}

std::vector<double> wfformat(std::string_view text, const Dag& dag, std::string_view source) {
    json doc = json::parse(text.begin(), text.end(), nullptr, false);
    if (doc.is_discarded() || !doc.is_object())
        detail::fail_at(Errc::parse, source, detail::kNoLine, "not a JSON object");
    Filler f(dag, source);
    const json& wf = doc.contains("workflow") ? doc["workflow"] : doc;
    if (wf.is_object()) {
        if (wf.contains("execution") && wf["execution"].is_object())  // WfFormat 1.5
            json_tasks(f, wf["execution"].value("tasks", json::array()), "id", "name", "workflow.execution.tasks");
        json_tasks(f, wf.value("tasks", json::array()), "name", "id", "workflow.tasks");  // 1.3 / 1.4
        json_tasks(f, wf.value("jobs", json::array()), "name", "id", "workflow.jobs");    // WorkflowHub 0.x
    }
    return f.finish("WfFormat: runtimeInSeconds / runtime of each task");
}

std::vector<double> dax(std::string_view text, const Dag& dag, std::string_view source) {
    pugi::xml_document doc;
    const pugi::xml_parse_result ok = doc.load_buffer(text.data(), text.size());
    if (!ok) detail::fail_at(Errc::parse, source, detail::kNoLine, std::string("XML: ") + ok.description());
    Filler f(dag, source);
    for (pugi::xml_node job : doc.document_element().children()) {
        if (std::strcmp(job.name(), "job") != 0) continue;
        const char* id = job.attribute("id").value();
        const std::string where = std::string("job ") + quoted(id);
        if (pugi::xml_attribute rt = job.attribute("runtime")) {
            f.set(id, rt.as_double(std::nan("")), where);
            continue;
        }
        for (pugi::xml_node p : job.children("profile"))
            if (std::strcmp(p.attribute("key").value(), "runtime") == 0) {
                f.set(id, p.text().as_double(std::nan("")), where);
                break;
            }
    }
    return f.finish("DAX: the runtime attribute or pegasus runtime profile of each job");
}

// STG: a header line with the task count, then "id time npreds preds..." per task.
std::vector<double> stg(std::string_view text, const Dag& dag, std::string_view source) {
    Filler f(dag, source);
    detail::Lines lines(text);
    std::string_view line;
    std::vector<std::string_view> tok;
    bool header = false;
    while (lines.next(line)) {
        detail::split(line, tok);
        if (tok.empty() || tok[0].starts_with("#")) continue;
        if (!header) {
            header = true;
            continue;
        }
        std::uint64_t time = 0;
        if (tok.size() < 3 || !detail::parse_uint(tok[1], time)) continue;
        if (dag.find(tok[0]) == kNoNode) break;  // past the task lines
        f.set(tok[0], static_cast<double>(time), "line " + std::to_string(lines.number()));
    }
    return f.finish("STG: the processing time of each task");
}

}  // namespace

std::vector<double> read_durations_string(std::string_view content, const Dag& dag, Format format,
                                          std::string_view source_name) {
    if (content.starts_with("\xEF\xBB\xBF")) content.remove_prefix(3);
    if (format == Format::automatic) format = detect_format(content, source_name);
    switch (format) {
        case Format::wfformat: return wfformat(content, dag, source_name);
        case Format::dax: return dax(content, dag, source_name);
        case Format::stg: return stg(content, dag, source_name);
        default:
            detail::fail_at(Errc::unsupported, source_name, detail::kNoLine,
                            std::string("the ") + format_name(format) +
                                " format records no task runtimes (WfFormat, DAX and STG files do)");
    }
}

std::vector<double> read_durations(const std::string& path, const Dag& dag, Format format) {
    detail::FileText content;
    if (const int err = detail::load_file(path, content); err != 0)
        fail(Errc::io, path + ": cannot read: " + std::strerror(err));
    return read_durations_string(content.view(), dag, format, path);
}

}  // namespace ics::io
