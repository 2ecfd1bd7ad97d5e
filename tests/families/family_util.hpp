// Helpers shared by the family-generator tests.
#pragma once

#include <gtest/gtest.h>

#include <functional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "../core/test_util.hpp"
#include "families/families.hpp"

namespace ics::families::test {

using ics::test::expect_error;
using NamedArcs = std::set<std::pair<std::string, std::string>>;

// The arcs as (tail name, head name), each renamed by `rename`.
inline NamedArcs named_arcs(const Dag& g, const std::function<std::string(std::string_view)>& rename = {}) {
    NamedArcs out;
    for (NodeId u = 0; u < g.node_count(); ++u)
        for (NodeId v : g.children(u)) {
            std::string a(g.name(u)), b(g.name(v));
            if (rename) {
                a = rename(a);
                b = rename(b);
            }
            out.emplace(std::move(a), std::move(b));
        }
    return out;
}

// The same arcs reversed.
inline NamedArcs reversed(const NamedArcs& arcs) {
    NamedArcs out;
    for (const auto& [u, v] : arcs) out.emplace(v, u);
    return out;
}

inline std::vector<std::string> names_of(const Dag& g, const std::vector<NodeId>& ids) {
    std::vector<std::string> out;
    for (NodeId v : ids) out.emplace_back(g.name(v));
    return out;
}

// Id of `name`, failing the test when it is missing.
inline NodeId node(const Dag& g, std::string_view name) {
    const NodeId v = g.find(name);
    EXPECT_NE(v, kNoNode) << "no node " << name;
    return v;
}

// Names of the children (or parents) of the node called `name`.
inline std::set<std::string> neighbours(const Dag& g, std::string_view name, bool children) {
    const NodeId v = node(g, name);
    std::set<std::string> out;
    for (NodeId c : children ? g.children(v) : g.parents(v)) out.emplace(g.name(c));
    return out;
}
inline std::set<std::string> children_of(const Dag& g, std::string_view name) { return neighbours(g, name, true); }
inline std::set<std::string> parents_of(const Dag& g, std::string_view name) { return neighbours(g, name, false); }

// Connected when arc orientations are ignored.
inline bool weakly_connected(const Dag& g) {
    if (g.empty()) return true;
    std::vector<char> seen(g.node_count(), 0);
    std::vector<NodeId> stack{0};
    seen[0] = 1;
    NodeId reached = 1;
    while (!stack.empty()) {
        const NodeId u = stack.back();
        stack.pop_back();
        for (auto span : {g.children(u), g.parents(u)})
            for (NodeId v : span)
                if (seen[v] == 0) {
                    seen[v] = 1;
                    ++reached;
                    stack.push_back(v);
                }
    }
    return reached == g.node_count();
}

// Every arc runs from a source to a sink.
inline bool bipartite_sources_to_sinks(const Dag& g) {
    for (NodeId u = 0; u < g.node_count(); ++u)
        for (NodeId v : g.children(u))
            if (!g.is_source(u) || !g.is_sink(v)) return false;
    return true;
}

// Sinks all of whose parents are among `executed` (the slides' e(X; S)).
inline std::size_t eligible_sinks(const Dag& g, const std::set<std::string>& executed) {
    std::size_t count = 0;
    for (NodeId v : g.sinks()) {
        if (g.is_source(v)) continue;
        bool all = true;
        for (NodeId p : g.parents(v)) all = all && executed.contains(std::string(g.name(p)));
        count += all ? 1 : 0;
    }
    return count;
}

// "s3" -> 3 (the 1-based index of a bipartite building block's node).
inline std::uint64_t index_of(std::string_view name) { return std::stoull(std::string(name.substr(1))); }

}  // namespace ics::families::test
