// Every writer's output reads back to the same dag: names by id and arcs.
#include "helpers.hpp"

#include <sstream>

using namespace iotest;
using ics::io::read_file;
using ics::io::read_string;
using ics::io::write;

namespace {

ics::Dag make(const std::vector<std::string>& nodes, const Arcs& arcs) {
    ics::DagBuilder b;
    for (const auto& n : nodes) b.add_node(n);
    for (const auto& [u, v] : arcs) b.add_arc(u, v);
    return b.build();
}

// A random layered DAG whose ids are not in topological order.
ics::Dag random_dag(std::size_t n, std::uint64_t seed) {
    std::uint64_t x = seed;
    auto next = [&] {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        return x;
    };
    std::vector<std::size_t> rank(n);
    for (std::size_t i = 0; i < n; ++i) rank[i] = next() % 1000;
    ics::DagBuilder b;
    for (std::size_t i = 0; i < n; ++i) b.add_node("v" + std::to_string(i));
    for (std::size_t e = 0; e < n * 3; ++e) {
        const std::size_t u = next() % n, v = next() % n;
        if (rank[u] < rank[v]) b.add_arc(static_cast<ics::NodeId>(u), static_cast<ics::NodeId>(v));
    }
    return b.build();
}

std::string written(const ics::Dag& g, Format f) {
    std::ostringstream out;
    write(out, g, f);
    return out.str();
}

void expect_round_trip(const ics::Dag& g, Format f) {
    const std::string text = written(g, f);
    const auto r = read_string(text, Format::automatic, "out");
    EXPECT_EQ(r.format, f) << text.substr(0, 200);
    EXPECT_EQ(names(r.dag), names(g)) << text.substr(0, 500);
    EXPECT_EQ(arcs(r.dag), arcs(g)) << text.substr(0, 500);
}

constexpr Format kWritable[] = {Format::edges,          Format::dot,    Format::wfformat,
                                Format::adjacency_json, Format::dagman, Format::dax};

}  // namespace

TEST(Writers, RoundTripRandomDags) {
    for (std::uint64_t seed = 1; seed <= 5; ++seed) {
        const ics::Dag g = random_dag(300, seed * 7919);
        for (Format f : kWritable) expect_round_trip(g, f);
    }
}

TEST(Writers, RoundTripIsolatedNodesAndIdOrder) {
    // Arcs point to lower ids, some nodes are isolated: the edge list must
    // declare nodes so that ids stay the same.
    const ics::Dag g = make({"a", "b", "c", "d", "e", "f"}, {{"c", "a"}, {"e", "b"}, {"a", "f"}, {"b", "d"}});
    for (Format f : kWritable) expect_round_trip(g, f);
    EXPECT_EQ(written(make({"a", "b", "c"}, {{"a", "b"}, {"b", "c"}}), Format::edges), "a b\nb c\n");
    // A first name starting with U+FEFF is not taken for a byte-order mark
    // (found by the read fuzzer's write-back).
    for (Format f : kWritable) expect_round_trip(make({"\xEF\xBB\xBFh", "b"}, {{"\xEF\xBB\xBFh", "b"}}), f);
}

TEST(Writers, RoundTripOddNames) {
    const ics::Dag g = make({"with space", "quote\"d", "back\\slash", "trailing\\", "new\nline", "tab\there", "#hash",
                             "-1.5", "node", "graph", "\xC3\xA9t\xC3\xA9", "ctl\x01"},
                            {{"with space", "quote\"d"},
                             {"back\\slash", "trailing\\"},
                             {"trailing\\", "new\nline"},
                             {"#hash", "node"},
                             {"-1.5", "graph"},
                             {"\xC3\xA9t\xC3\xA9", "ctl\x01"}});
    expect_round_trip(g, Format::wfformat);
    expect_round_trip(g, Format::adjacency_json);
    const ics::Dag no_ctl = make({"with space", "quote\"d", "back\\slash", "trailing\\", "new\nline", "tab\there",
                                  "#hash", "-1.5", "node", "graph", "subgraph", "\xC3\xA9t\xC3\xA9"},
                                 {{"with space", "quote\"d"},
                                  {"back\\slash", "trailing\\"},
                                  {"trailing\\", "new\nline"},
                                  {"#hash", "node"},
                                  {"-1.5", "graph"},
                                  {"subgraph", "\xC3\xA9t\xC3\xA9"}});
    expect_round_trip(no_ctl, Format::dot);
    expect_round_trip(no_ctl, Format::dax);  // (XML escapes, white space by reference)
    expect_round_trip(make({"a&b", "<c>", "q\"d", "back\\slash", "#hash", "-1.5", "\xC3\xA9t\xC3\xA9", "job"},
                           {{"a&b", "<c>"}, {"q\"d", "back\\slash"}, {"#hash", "job"}, {"-1.5", "\xC3\xA9t\xC3\xA9"}}),
                      Format::dagman);
}

namespace {

// Writing a dag with the node `bad` in format f is refused as unsupported,
// naming the node.
void expect_refused(Format f, const char* bad) {
    try {
        written(make({"ok", bad}, {}), f);
        ADD_FAILURE() << "no error for " << bad;
    } catch (const ics::Error& e) {
        EXPECT_EQ(e.code(), Errc::unsupported);
        EXPECT_NE(std::string(e.what()).find(std::string("'") + bad + "'"), std::string::npos) << e.what();
    }
}

}  // namespace

TEST(Writers, DagmanRefusesNamesItCannotHold) {
    for (const char* bad : {"a b", "s+n", "PARENT", "child", "All_Nodes", "trail\\", "tab\there"})
        expect_refused(Format::dagman, bad);
    EXPECT_THROW(written(make({"ctl\x01"}, {}), Format::dax), ics::Error);
}

TEST(Writers, EdgeListRefusesWhatItCannotHold) {
    for (const char* bad : {"a b", "a#b", "tab\there", "nl\n"}) expect_refused(Format::edges, bad);
    EXPECT_THROW(written(make({"ctl\x01"}, {}), Format::dot), ics::Error);
    for (Format f : kWritable) EXPECT_THROW(written(make({"bad\xFF"}, {}), f), ics::Error);
}

TEST(Writers, OtherFormatsAreUnsupported) {
    const ics::Dag g = make({"a"}, {});
    for (Format f : {Format::automatic, Format::stg}) {
        try {
            written(g, f);
            ADD_FAILURE() << "no error";
        } catch (const ics::Error& e) {
            EXPECT_EQ(e.code(), Errc::unsupported);
        }
    }
}

TEST(Writers, WfFormatShape) {
    const std::string text = written(make({"a", "b"}, {{"a", "b"}}), Format::wfformat);
    EXPECT_EQ(text,
              "{\n  \"name\": \"dag\",\n  \"schemaVersion\": \"1.5\",\n  \"workflow\": {\n    \"specification\": {\n"
              "      \"tasks\": [\n"
              "        {\"id\": \"a\", \"name\": \"a\", \"parents\": [], \"children\": [\"b\"]},\n"
              "        {\"id\": \"b\", \"name\": \"b\", \"parents\": [\"a\"], \"children\": []}\n"
              "      ]\n    }\n  }\n}\n");
}

TEST(Writers, FilesRoundTripRealData) {
    TempDir dir;
    const auto src = read_file(data_path("dagman/pegasus_generated_diamond-0.dag"));
    const std::pair<Format, const char*> outs[] = {{Format::edges, "d.edges"},
                                                   {Format::dot, "d.dot"},
                                                   {Format::wfformat, "d.json"},
                                                   {Format::adjacency_json, "d.adj"}};
    for (const auto& [f, name] : outs) {
        const std::string path = (dir.path() / name).string();
        ics::io::write_file(path, src.dag, f);
        const auto back = read_file(path, f);
        EXPECT_EQ(names(back.dag), names(src.dag));
        EXPECT_EQ(arcs(back.dag), arcs(src.dag));
    }
    try {
        ics::io::write_file((dir.path() / "no/such/dir/x.dot").string(), src.dag, Format::dot);
        FAIL() << "no error";
    } catch (const ics::Error& e) {
        EXPECT_EQ(e.code(), Errc::io);
        EXPECT_NE(std::string(e.what()).find("No such file or directory"), std::string::npos) << e.what();
    }
}
