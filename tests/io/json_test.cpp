#include <random>
#include <set>

#include "helpers.hpp"

using namespace iotest;
using ics::io::read_file;
using ics::io::read_string;

// ------------------------------------------------------------------ WfFormat

TEST(WfFormat, RealHelloworldChain) {
    const auto r = read_file(data_path("wfformat/helloworld-chain-5-chameleon.json"));
    EXPECT_EQ(r.format, Format::wfformat);
    expect_shape(r.dag, {5, 4, 1, 1, 5, 1});  // MANIFEST.tsv
    EXPECT_EQ(r.dag.name(0), "cpuhog_chain_00000001");
}

TEST(WfFormat, Version15UsesIdsAndUnionOfLists) {
    const char* text = R"({"schemaVersion": "1.5", "workflow": {
      "specification": {"tasks": [
        {"name": "same", "id": "t1", "children": ["t2"], "parents": [], "files": [{"name": "x"}]},
        {"name": "same", "id": "t2", "parents": ["t1"], "machine": {"name": "m", "id": "q"}},
        {"id": "t3", "parents": ["t2"]},
        {"name": "t4"}
      ], "files": []},
      "execution": {"tasks": [{"id": "zzz", "parents": ["nope"]}]}}})";
    const auto r = read_string(text, Format::wfformat);
    EXPECT_EQ(names(r.dag), (std::vector<std::string>{"t1", "t2", "t3", "t4"}));
    EXPECT_EQ(arcs(r.dag), (Arcs{{"t1", "t2"}, {"t2", "t3"}}));
    EXPECT_EQ(r.dag.duplicate_arcs(), 1u);
}

TEST(WfFormat, Version14ReferencesByName) {
    // Up to 1.4 tasks refer to each other by name; the id may differ.
    const char* text = R"({"schemaVersion": "1.4", "workflow": {"tasks": [
        {"name": "split_ID01", "id": "ID01", "parents": [], "files": [{"name": "f", "link": "output"}]},
        {"name": "work_ID02", "id": "ID02", "parents": ["split_ID01"]},
        {"name": "join_ID03", "id": "ID03", "parents": ["work_ID02", "ID01"]}]}})";
    const auto r = read_string(text, Format::wfformat);
    EXPECT_EQ(names(r.dag), (std::vector<std::string>{"split_ID01", "work_ID02", "join_ID03"}));
    EXPECT_EQ(arcs(r.dag),
              (Arcs{{"split_ID01", "join_ID03"}, {"split_ID01", "work_ID02"}, {"work_ID02", "join_ID03"}}));
}

TEST(WfFormat, WorkflowHubJobs) {
    const char* text = R"({"schemaVersion": "0.1", "workflow": {"jobs": [
        {"name": "a", "type": "compute", "parents": []},
        {"name": "b", "type": "auxiliary", "parents": ["a"]}]}})";
    const auto r = read_string(text, Format::wfformat);
    EXPECT_EQ(arcs(r.dag), (Arcs{{"a", "b"}}));
}

TEST(WfFormat, Version15FallsBackToNames) {
    const char* text = R"({"workflow": {"specification": {"tasks": [
        {"name": "first", "id": "ID1"}, {"name": "second", "id": "ID2", "parents": ["first"]}]}}})";
    EXPECT_EQ(arcs(read_string(text, Format::wfformat).dag), (Arcs{{"ID1", "ID2"}}));
}

TEST(WfFormat, UnknownReferenceNamesItsJsonPath) {
    const char* text = R"({"workflow": {"specification": {"tasks": [
        {"id": "a"}, {"id": "b", "parents": ["a"], "children": ["a", "ghost"]}]}}})";
    EXPECT_TRUE(fails_with(text, Format::wfformat, Errc::unknown_node,
                           {"wf.json: workflow.specification.tasks[1].children[1]: unknown task 'ghost'"}, "wf.json"));
    EXPECT_TRUE(fails_with(R"({"workflow": {"jobs": [{"name": "a", "parents": ["x"]}]}})", Format::wfformat,
                           Errc::unknown_node, {"workflow.jobs[0].parents[0]"}));
}

TEST(WfFormat, SyntaxErrorNamesLineAndColumn) {
    EXPECT_TRUE(fails_with("{\n  \"workflow\": {\n    \"tasks\": [,]\n  }\n}", Format::wfformat, Errc::parse,
                           {"in.txt:3: column 15: JSON syntax error", "unexpected ','"}));
    EXPECT_TRUE(
        fails_with("{\"workflow\": {\"tasks\": [", Format::wfformat, Errc::parse, {"in.txt:1:", "JSON syntax error"}));
    EXPECT_TRUE(fails_with("{\"workflow\": {}} trailing", Format::wfformat, Errc::parse, {"JSON syntax error"}));
    EXPECT_TRUE(fails_with("{\"a\": \"\xFF\"}", Format::wfformat, Errc::parse, {"JSON syntax error"}));
    EXPECT_TRUE(fails_with(std::string("\x00\x01\x02\x03", 4), Format::wfformat, Errc::parse, {"JSON syntax error"}));
}

TEST(WfFormat, StructureErrors) {
    const auto f = Format::wfformat;
    EXPECT_TRUE(fails_with("[1, 2]", f, Errc::parse, {"top level"}));
    EXPECT_TRUE(fails_with("{\"name\": \"x\"}", f, Errc::parse, {"no task list"}));
    EXPECT_TRUE(fails_with("{\"workflow\": []}", f, Errc::parse, {": workflow: expected an object"}));
    EXPECT_TRUE(fails_with("{\"workflow\": {\"tasks\": {}}}", f, Errc::parse, {"workflow.tasks: expected an array"}));
    EXPECT_TRUE(fails_with("{\"workflow\": {\"tasks\": [{\"name\": \"a\"}, 3]}}", f, Errc::parse,
                           {"workflow.tasks[1]: expected a task object"}));
    EXPECT_TRUE(fails_with("{\"workflow\": {\"specification\": {\"tasks\": [{\"id\": 7}]}}}", f, Errc::parse,
                           {"workflow.specification.tasks[0].id: expected a string"}));
    EXPECT_TRUE(fails_with("{\"workflow\": {\"tasks\": [{\"runtime\": 1}]}}", f, Errc::parse,
                           {"workflow.tasks[0]: task has neither"}));
    EXPECT_TRUE(fails_with("{\"workflow\": {\"tasks\": [{\"name\": \"a\", \"parents\": \"b\"}]}}", f, Errc::parse,
                           {"workflow.tasks[0].parents: expected an array"}));
    EXPECT_TRUE(fails_with("{\"workflow\": {\"tasks\": [{\"name\": \"a\", \"children\": [null]}]}}", f, Errc::parse,
                           {"workflow.tasks[0].children[0]: expected a task name"}));
    EXPECT_TRUE(fails_with("{\"workflow\": {\"tasks\": [{\"name\": \"a\"}, {\"name\": \"a\"}]}}", f,
                           Errc::duplicate_node, {"workflow.tasks[1].name: duplicate node 'a'"}));
    EXPECT_TRUE(fails_with("{\"workflow\": {\"tasks\": [{\"name\": \"a\", \"parents\": [\"a\"]}]}}", f, Errc::self_loop,
                           {"workflow.tasks[0].parents[0]"}));
    EXPECT_TRUE(
        fails_with("{\"workflow\": {\"tasks\": [{\"name\": \"a\", \"parents\": [\"b\"]}, {\"name\": \"b\", "
                   "\"parents\": [\"a\"]}]}}",
                   f, Errc::cycle, {"in.txt: graph has a cycle"}));
    EXPECT_TRUE(fails_with("{\"workflow\": {\"tasks\": []}}", f, Errc::empty_graph, {"no nodes"}));
    EXPECT_TRUE(fails_with("{\"workflow\": {\"tasks\": [], \"jobs\": []}}", f, Errc::parse, {"a second task list"}));
}

// ------------------------------------------------------------ adjacency JSON

TEST(AdjacencyJson, RealFlowBench) {
    const auto r = read_file(data_path("adjacency/eht_imaging.json"));
    EXPECT_EQ(r.format, Format::adjacency_json);
    expect_shape(r.dag, {12, 18, 1, 1, 5, 5});  // MANIFEST.tsv
}

TEST(AdjacencyJson, IdsFollowKeysThenNewChildren) {
    const auto r = read_string(R"({"b": ["c", "x"], "a": ["b"], "c": [], "b": ["y"]})", Format::adjacency_json);
    EXPECT_EQ(names(r.dag), (std::vector<std::string>{"b", "a", "c", "x", "y"}));
    EXPECT_EQ(arcs(r.dag), (Arcs{{"a", "b"}, {"b", "c"}, {"b", "x"}, {"b", "y"}}));
}

TEST(AdjacencyJson, Errors) {
    const auto f = Format::adjacency_json;
    EXPECT_TRUE(fails_with("[]", f, Errc::parse, {"expected a JSON object"}));
    EXPECT_TRUE(fails_with(R"({"a": "b"})", f, Errc::parse, {"in.txt: \"a\": expected an array"}));
    EXPECT_TRUE(fails_with(R"({"a": ["b", 3]})", f, Errc::parse, {"\"a\"[1]: expected a node name"}));
    EXPECT_TRUE(fails_with(R"({"a": ["b", ["c"]]})", f, Errc::parse, {"\"a\"[1]"}));
    EXPECT_TRUE(fails_with(R"({"a": ["a"]})", f, Errc::self_loop, {"\"a\"[0]"}));
    EXPECT_TRUE(fails_with(R"({"a": ["b"], "b": ["a"]})", f, Errc::cycle, {"graph has a cycle"}));
    EXPECT_TRUE(fails_with("{}", f, Errc::empty_graph, {"no nodes"}));
    EXPECT_TRUE(fails_with(R"({"": []})", f, Errc::invalid_argument, {"\"\""}));
    EXPECT_TRUE(fails_with("{\n\"a\": [\"b\"\n", f, Errc::parse, {"in.txt:3:", "JSON syntax error"}));
}

TEST(Json, LargeWfFormatReadsQuickly) {
    std::string text = R"({"schemaVersion": "1.5", "workflow": {"specification": {"tasks": [)";
    const int n = 100000;
    for (int i = 0; i < n; ++i) {
        if (i) text += ',';
        text += R"({"name": "task", "id": "t)" + std::to_string(i) + R"(", "parents": [)";
        if (i) text += "\"t" + std::to_string(i - 1) + "\"";
        text += R"(], "children": [], "inputFiles": ["a", "b"], "outputFiles": ["c"]})";
    }
    text += "]}}}";
    const auto r = read_string(text, Format::automatic, "big.json");
    EXPECT_EQ(r.dag.node_count(), static_cast<ics::NodeId>(n));
    EXPECT_EQ(r.dag.arc_count(), static_cast<std::uint64_t>(n - 1));
}

TEST(Json, DeepNestingIsNotACrash) {
    const std::string deep = "{\"workflow\": {\"x\": " + std::string(1000000, '[') + std::string(1000000, ']') +
                             ", \"tasks\": [{\"name\": \"a\"}]}}";
    EXPECT_EQ(read_string(deep, Format::wfformat).dag.node_count(), 1u);
    EXPECT_TRUE(fails_with(std::string(1000000, '['), Format::wfformat, Errc::parse, {"top level"}));
    EXPECT_TRUE(fails_with("{\"a\": " + std::string(1000000, '['), Format::adjacency_json, Errc::parse, {"\"a\"[0]"}));
}

// The reader adds an arc to a task read before at once and keeps the other
// references for the end (issue 18: peak memory). Random 1.5 documents whose
// references go forward and backward, by id (the main key) or by name (the
// other key, first task wins, an id of another task shadowing it), against
// the definition: the union of the lists, duplicates counted, and the first
// reference in document order that names no task or the task itself is the
// error, with its JSON path.
TEST(WfFormat, RandomReferencesMatchTheDefinition) {
    std::mt19937 rng(18);
    int ok = 0, unknown = 0, loops = 0;
    for (int round = 0; round < 400; ++round) {
        const int n = 1 + static_cast<int>(rng() % 14);
        std::vector<std::string> ids(n), names(n);
        for (int i = 0; i < n; ++i) {
            ids[i] = "t" + std::to_string(i);
            const unsigned pick = rng() % 4;
            names[i] = pick == 0 ? "n" + std::to_string(i) : pick == 1 ? "t" + std::to_string(rng() % n)
                                                          : pick == 2 ? "n" + std::to_string(rng() % n) : ids[i];
        }
        auto resolve = [&](const std::string& ref) -> int {
            for (int i = 0; i < n; ++i)
                if (ids[i] == ref) return i;
            for (int i = 0; i < n; ++i)
                if (names[i] == ref) return i;
            return -1;
        };
        std::set<std::pair<int, int>> expected;
        std::uint64_t given = 0;
        std::string error;  // JSON path of the first failing reference
        Errc code = Errc::ok;
        std::string text = R"({"schemaVersion": "1.5", "workflow": {"specification": {"tasks": [)";
        for (int i = 0; i < n; ++i) {
            text += i ? ",\n" : "\n";
            text += R"({"id": ")" + ids[i] + R"(", "name": ")" + names[i] + "\"";
            for (const bool child : {false, true}) {
                text += child ? R"(, "children": [)" : R"(, "parents": [)";
                int index = 0;
                for (int j = 0; j < n; ++j) {
                    if (rng() % 4 != 0 || (j == i && rng() % 16 != 0)) continue;
                    if ((child ? j < i : j > i) && rng() % 8 != 0) continue;  // mostly no cycle
                    const unsigned how = rng() % 100;
                    const std::string ref = how < 2 ? "ghost" + std::to_string(j)
                                            : how < 50 ? ids[j] : names[j];
                    text += index ? ", \"" : "\"";
                    text += ref + "\"";
                    const std::string path = "workflow.specification.tasks[" + std::to_string(i) + "]." +
                                             (child ? "children[" : "parents[") + std::to_string(index) + "]";
                    ++index;
                    const int other = resolve(ref);
                    if (error.empty() && (other < 0 || other == i)) {
                        error = path;
                        code = other < 0 ? Errc::unknown_node : Errc::self_loop;
                    }
                    if (other >= 0 && other != i) {
                        expected.insert(child ? std::pair{i, other} : std::pair{other, i});
                        ++given;
                    }
                }
                text += "]";
            }
            text += "}";
        }
        text += "]}}}";
        if (!error.empty()) {
            try {
                (void)read_string(text, Format::wfformat, "r.json");
                ADD_FAILURE() << "no error, expected " << error << " in\n" << text;
            } catch (const ics::Error& e) {
                EXPECT_EQ(e.code(), code) << text;
                EXPECT_NE(std::string(e.what()).find("r.json: " + error + ": "), std::string::npos)
                    << e.what() << "\n" << text;
            }
            ++(code == Errc::unknown_node ? unknown : loops);
            continue;
        }
        std::vector<int> indegree(n, 0), ready;
        for (const auto& [u, v] : expected) ++indegree[v];
        for (int v = 0; v < n; ++v)
            if (indegree[v] == 0) ready.push_back(v);
        int sorted = 0;
        while (!ready.empty()) {
            const int u = ready.back();
            ready.pop_back();
            ++sorted;
            for (auto it = expected.lower_bound({u, 0}); it != expected.end() && it->first == u; ++it)
                if (--indegree[it->second] == 0) ready.push_back(it->second);
        }
        if (sorted < n) {
            EXPECT_TRUE(read_fails_with([&] { return read_string(text, Format::wfformat, "r.json"); }, Errc::cycle,
                                        {"r.json: "}))
                << text;
            continue;
        }
        const auto r = read_string(text, Format::wfformat, "r.json");
        ASSERT_EQ(r.dag.node_count(), static_cast<ics::NodeId>(n));
        std::set<std::pair<int, int>> got;
        for (ics::NodeId u = 0; u < r.dag.node_count(); ++u)
            for (const ics::NodeId v : r.dag.children(u)) got.insert({static_cast<int>(u), static_cast<int>(v)});
        EXPECT_EQ(got, expected) << text;
        EXPECT_EQ(r.dag.arc_count() + r.dag.duplicate_arcs(), given) << text;
        ++ok;
    }
    // Each outcome is met often enough to count.
    EXPECT_GT(ok, 40);
    EXPECT_GT(unknown, 40);
    EXPECT_GT(loops, 40);
}
