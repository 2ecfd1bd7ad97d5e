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
