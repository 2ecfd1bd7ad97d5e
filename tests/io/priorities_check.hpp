// Checks of files with priorities written into them, shared by the io tests
// and the workloads test: the text minus the priority statements, and the
// priorities read back as each workflow system reads them.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>
#include <pugixml.hpp>

#include "dag/dag.hpp"
#include "io/dagman.hpp"
#include "io/io.hpp"
#include "io/priorities.hpp"

namespace iotest {

// Physical lines with their terminators.
inline std::vector<std::string_view> lines_of(std::string_view text) {
    std::vector<std::string_view> out;
    std::size_t b = 0;
    while (b < text.size()) {
        const std::size_t e = text.find('\n', b);
        const std::size_t end = e == std::string_view::npos ? text.size() : e + 1;
        out.push_back(text.substr(b, end - b));
        b = end;
    }
    return out;
}

inline std::string_view trim_view(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r' || s.back() == '\n'))
        s.remove_suffix(1);
    return s;
}

inline bool istarts(std::string_view s, std::string_view prefix) {
    if (s.size() < prefix.size()) return false;
    for (std::size_t i = 0; i < prefix.size(); ++i)
        if (std::toupper(static_cast<unsigned char>(s[i])) != std::toupper(static_cast<unsigned char>(prefix[i])))
            return false;
    return true;
}

// DAGMan: without PRIORITY lines (any case), and in prio's form without
// `VARS node JOBPRIORITY="p"` lines.
inline std::string dagman_without_priorities(std::string_view text, bool compat) {
    std::string out;
    for (std::string_view line : lines_of(text)) {
        const std::string_view t = trim_view(line);
        bool prio = istarts(t, "PRIORITY ") || istarts(t, "PRIORITY\t");
        if (compat && istarts(t, "VARS ")) prio = prio || t.find(" JOBPRIORITY=\"") != std::string_view::npos;
        if (!prio) out.append(line);
    }
    return out;
}

// DAX: without lines that hold only a condor priority profile.
inline std::string dax_without_priorities(std::string_view text) {
    std::string out;
    for (std::string_view line : lines_of(text)) {
        const std::string_view t = trim_view(line);
        const bool prio = t.starts_with("<") && t.find("profile namespace=\"condor\" key=\"priority\">") <= 6 &&
                          t.ends_with("profile>") && t.find('<', 1) == t.rfind("</");
        if (!prio) out.append(line);
    }
    return out;
}

// WfFormat: without lines that hold only a "priority" member.
inline std::string wfformat_without_priorities(std::string_view text) {
    std::string out;
    for (std::string_view line : lines_of(text)) {
        std::string_view t = trim_view(line);
        bool prio = t.starts_with("\"priority\":");
        if (prio) {
            t.remove_prefix(11);
            t = trim_view(t);
            if (t.ends_with(",")) t.remove_suffix(1);
            prio = !t.empty() && t.find_first_not_of("-0123456789.eE+") == std::string_view::npos;
        }
        if (!prio) out.append(line);
    }
    return out;
}

// The priority DAGMan gives each node of `text` (a DAGMan file read from
// `base_dir`) with a PRIORITY statement of the top-level DAG, by node name:
// statements in order, the last one wins, ALL_NODES for all.
inline std::map<std::string, std::int64_t> dagman_priorities(const std::string& text, const std::string& base_dir,
                                                             bool compat) {
    const auto r = ics::io::read_string(text, ics::io::Format::dagman, "out.dag", base_dir);
    const auto& doc = *r.dagman;
    std::map<std::string, std::int64_t> out;
    for (const auto& st : doc.statements) {
        if (st.jobpriority_vars && !compat) continue;
        EXPECT_TRUE(st.has_value) << st.where;
        if (st.all_nodes) {
            for (ics::NodeId v = 0; v < r.dag.node_count(); ++v)
                if (doc.anchor_line[v] != ics::io::DagmanDocument::kNoLine) out[std::string(r.dag.name(v))] = st.value;
        } else if (st.node != ics::kNoNode) {
            out[std::string(r.dag.name(st.node))] = st.value;
        }
    }
    return out;
}

// The last condor priority profile of each job, by job id.
inline std::map<std::string, std::int64_t> dax_priorities(const std::string& text) {
    pugi::xml_document doc;
    EXPECT_TRUE(doc.load_buffer(text.data(), text.size()));
    std::map<std::string, std::int64_t> out;
    for (const pugi::xml_node& job : doc.document_element().children()) {
        for (const pugi::xml_node& p : job.children()) {
            const std::string name = p.name();
            if ((name == "profile" || name.ends_with(":profile")) &&
                std::string_view(p.attribute("namespace").value()) == "condor" &&
                std::string_view(p.attribute("key").value()) == "priority")
                out[job.attribute("id").value()] = std::stoll(p.child_value());
        }
    }
    return out;
}

// The task list the WfFormat reader takes nodes from.
inline const nlohmann::json* wfformat_tasks(const nlohmann::json& j) {
    const auto& w = j.at("workflow");
    if (w.contains("specification") && w["specification"].contains("tasks")) return &w["specification"]["tasks"];
    if (w.contains("tasks")) return &w["tasks"];
    if (w.contains("jobs")) return &w["jobs"];
    return nullptr;
}

// "priority" of each task, by node id (task order).
inline std::vector<std::optional<std::int64_t>> wfformat_priorities(const std::string& text) {
    const auto j = nlohmann::json::parse(text);
    std::vector<std::optional<std::int64_t>> out;
    for (const auto& t : *wfformat_tasks(j))
        out.push_back(t.contains("priority") ? std::optional<std::int64_t>(t["priority"].get<std::int64_t>())
                                             : std::nullopt);
    return out;
}

// A random execution order (Kahn's algorithm with random picks).
inline std::vector<ics::NodeId> random_order(const ics::Dag& g, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::vector<std::uint32_t> missing(g.node_count());
    std::vector<ics::NodeId> ready, order;
    for (ics::NodeId v = 0; v < g.node_count(); ++v)
        if ((missing[v] = static_cast<std::uint32_t>(g.parents(v).size())) == 0) ready.push_back(v);
    while (!ready.empty()) {
        std::swap(ready[rng() % ready.size()], ready.back());
        const ics::NodeId v = ready.back();
        ready.pop_back();
        order.push_back(v);
        for (ics::NodeId c : g.children(v))
            if (--missing[c] == 0) ready.push_back(c);
    }
    return order;
}

// Ours: n for the first node of the order, 1 for the last.
inline std::map<std::string, std::int64_t> ours(const ics::Dag& g, const std::vector<ics::NodeId>& order) {
    std::map<std::string, std::int64_t> out;
    for (std::size_t i = 0; i < order.size(); ++i)
        out[std::string(g.name(order[i]))] = static_cast<std::int64_t>(order.size() - i);
    return out;
}

inline ics::io::PrioritySource source_of(const ics::io::ReadResult& r) {
    return {r.format, r.dagman, r.source, false, {}};
}

}  // namespace iotest
