#include "helpers.hpp"

#include <random>
#include <set>
#include <sstream>

#include "io/dagman.hpp"

using namespace iotest;
using ics::io::read_file;
using ics::io::read_string;
using ics::io::rewrite_priorities;

namespace {

std::string slurp(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    std::ostringstream s;
    s << f.rdbuf();
    return s.str();
}

// The text without its PRIORITY lines (any case).
std::string without_priorities(const std::string& text) {
    std::istringstream in(text);
    std::string line, out;
    while (std::getline(in, line)) {
        std::string head = line.substr(0, 8);
        for (char& c : head) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        if (head != "PRIORITY") out += line + "\n";
    }
    return out;
}

}  // namespace

// Counts from ../shared/workloads/MANIFEST.tsv.
TEST(Dagman, PegasusDiamond) {
    const auto r = read_file(data_path("dagman/pegasus_generated_diamond-0.dag"));
    EXPECT_EQ(r.format, Format::dagman);
    expect_shape(r.dag, {7, 11, 1, 1, 6, 2});
    EXPECT_TRUE(r.warnings.empty());
    ASSERT_TRUE(r.dagman);
}

TEST(Dagman, NodePrio) {
    const auto r = read_file(data_path("dagman/htcondor_job_dagman_node_prio.dag"));
    expect_shape(r.dag, {12, 20, 1, 1, 3, 10});
}

TEST(Dagman, CycleIsRejected) {
    const std::string path = data_path("dagman/htcondor_job_dagman_cycle-A.dag");
    EXPECT_TRUE(file_fails_with(path, Errc::cycle, {path + ": graph has a cycle"}));
}

// The file names SPLICE job_dagman_all_nodes-splice.dag (present beside it)
// and INCLUDE job_dagman_all_nodes.inc (not available): the splice adds
// SpliceA+NodeX/Y/Z, the missing include is a warning. The manifest's 4 tasks
// are the 4 nodes of the file itself (NodeA, NodeB, NodeC, FINAL NodeF).
TEST(Dagman, AllNodesWithSpliceAndMissingInclude) {
    const auto r = read_file(data_path("dagman/htcondor_job_dagman_all_nodes.dag"));
    EXPECT_EQ(names(r.dag), (std::vector<std::string>{"NodeA", "NodeB", "NodeC", "NodeF", "SpliceA+NodeX",
                                                      "SpliceA+NodeY", "SpliceA+NodeZ"}));
    expect_shape(r.dag, {7, 0, 7, 7, 1, 7});
    ASSERT_EQ(r.warnings.size(), 1u);
    EXPECT_NE(r.warnings[0].find("htcondor_job_dagman_all_nodes.dag:22: INCLUDE file"), std::string::npos)
        << r.warnings[0];
    EXPECT_NE(r.warnings[0].find("job_dagman_all_nodes.inc"), std::string::npos);
    std::size_t top_level = 0;
    for (const auto& n : names(r.dag)) top_level += n.find('+') == std::string::npos;
    EXPECT_EQ(top_level, 4u);  // MANIFEST.tsv: 4 tasks
}

TEST(Dagman, AllNodesWithoutItsFilesKeepsTheFourNodes) {
    TempDir dir;
    const std::string text = slurp(data_path("dagman/htcondor_job_dagman_all_nodes.dag"));
    const auto r = read_string(text, Format::dagman, "all_nodes.dag", dir.path().string());
    expect_shape(r.dag, {4, 0, 4, 4, 1, 4});  // the MANIFEST.tsv row
    ASSERT_EQ(r.warnings.size(), 2u);
    EXPECT_NE(r.warnings[0].find("all_nodes.dag:19: SPLICE file"), std::string::npos) << r.warnings[0];
    EXPECT_NE(r.warnings[1].find("all_nodes.dag:22: INCLUDE file"), std::string::npos) << r.warnings[1];
}

TEST(Dagman, KeywordsCaseForwardReferencesAndIgnoredCommands) {
    const char* text = R"(# comment
Config my.config
parent A B child C
PARENT C CHILD D
job A a.sub DIR sub NOOP
Job B b.sub DONE
JOB C c.sub
DATA D d.sub
SUBDAG EXTERNAL S inner.dag
FINAL F f.sub
PROVISIONER P p.sub
SERVICE V v.sub
Script Pre A pre.sh $JOB
VARS A x="a b c" y="PARENT Z CHILD Q"
RETRY A 3 UNLESS-EXIT 2
ABORT-DAG-ON A 1 RETURN 2
PRE_SKIP A 1
CATEGORY A cat
MAXJOBS cat 2
PRIORITY A 5
DOT dag.dot UPDATE
NODE_STATUS_FILE st 30
JOBSTATE_LOG js.log
SET_JOB_ATTR x = y
ENV GET PATH
SAVE_POINT_FILE A
REJECT
DONE B
PRIORITY ALL_NODES 3
PARENT D CHILD S
)";
    const auto r = read_string(text, Format::dagman, "x.dag");
    EXPECT_EQ(names(r.dag), (std::vector<std::string>{"A", "B", "C", "D", "S", "F", "P", "V"}));
    EXPECT_EQ(arcs(r.dag), (Arcs{{"A", "C"}, {"B", "C"}, {"C", "D"}, {"D", "S"}}));
}

TEST(Dagman, ContinuationLinesAndInlineSubmitDescriptions) {
    const char* text =
        "JOB A {\n  executable = /bin/true\n  arguments = \"PARENT X CHILD Y\"\n  queue\n}\n"
        "SUBMIT-DESCRIPTION d {\n executable = x\n}\n"
        "JOB B d\n"
        "PARENT A \\\n  CHILD B\n";
    const auto r = read_string(text, Format::dagman);
    EXPECT_EQ(arcs(r.dag), (Arcs{{"A", "B"}}));
}

TEST(Dagman, SplicesConnectSourcesAndSinks) {
    TempDir dir;
    dir.file("inner.dag", "JOB X x.sub\nJOB Y y.sub\nJOB W w.sub\nPARENT X CHILD Y W\n");
    dir.file("sub/inner.dag", "JOB X x.sub\nJOB Y y.sub\nJOB W w.sub\nPARENT X CHILD Y W\n");
    const std::string main = dir.file("main.dag",
                                      "JOB A a.sub\nJOB Z z.sub\nSPLICE S1 inner.dag\nSPLICE S2 inner.dag DIR sub\n"
                                      "PARENT A CHILD S1\nPARENT S1 CHILD S2\nPARENT S2 CHILD Z\n");
    const auto r = read_file(main);
    EXPECT_TRUE(r.warnings.empty());
    EXPECT_EQ(arcs(r.dag), (Arcs{{"A", "S1+X"},
                                 {"S1+W", "S2+X"},
                                 {"S1+X", "S1+W"},
                                 {"S1+X", "S1+Y"},
                                 {"S1+Y", "S2+X"},
                                 {"S2+W", "Z"},
                                 {"S2+X", "S2+W"},
                                 {"S2+X", "S2+Y"},
                                 {"S2+Y", "Z"}}));
}

TEST(Dagman, NestedSplicesAndIncludes) {
    TempDir dir;
    dir.file("leaf.dag", "JOB L l.sub\n");
    dir.file("mid/mid.dag", "SPLICE T ../leaf.dag\nJOB M m.sub\nINCLUDE more.inc\nPARENT T CHILD M\n");
    dir.file("mid/more.inc", "JOB N n.sub\nPARENT M CHILD N\n");
    dir.file("part.inc", "JOB B b.sub\nPARENT A CHILD B\n");
    const std::string main =
        dir.file("main.dag", "JOB A a.sub\nINCLUDE part.inc\nSPLICE S mid/mid.dag\nPARENT B CHILD S\n");
    const auto r = read_file(main);
    EXPECT_EQ(names(r.dag), (std::vector<std::string>{"A", "B", "S+T+L", "S+M", "S+N"}));
    EXPECT_EQ(arcs(r.dag), (Arcs{{"A", "B"}, {"B", "S+T+L"}, {"S+M", "S+N"}, {"S+T+L", "S+M"}}));
}

TEST(Dagman, MissingSpliceNamedByParentIsAnIoError) {
    TempDir dir;
    const std::string main = dir.file("main.dag", "JOB A a.sub\nSPLICE S gone.dag\n\nPARENT A CHILD S\n");
    // Names the PARENT line, the missing file and where the SPLICE is.
    EXPECT_TRUE(file_fails_with(main, Errc::io, {main + ":4:", "gone.dag", "(SPLICE at " + main + ":2)"}));
}

TEST(Dagman, UnknownNodeMentionsMissingInclude) {
    EXPECT_TRUE(fails_with("JOB A a\nINCLUDE nowhere.inc\nPARENT A CHILD B\n", Format::dagman, Errc::unknown_node,
                           {"in.txt:3:", "'B'", "missing"}, "in.txt", "/nonexistent-dir"));
}

TEST(Dagman, RecursionIsAnError) {
    TempDir dir;
    const std::string main = dir.file("main.dag", "JOB A a\nSPLICE S main.dag\n");
    EXPECT_TRUE(file_fails_with(main, Errc::parse, {main + ":2:", "includes itself"}));
    const std::string inc = dir.file("loop.inc", "INCLUDE loop.inc\n");
    EXPECT_TRUE(file_fails_with(dir.file("top.dag", "JOB A a\nINCLUDE loop.inc\n"), Errc::parse,
                                {inc + ":1:", "includes itself"}));
}

TEST(Dagman, ErrorInASpliceNamesTheSpliceFile) {
    TempDir dir;
    const std::string inner = dir.file("inner.dag", "JOB X x\n\nBOGUS X\n");
    const std::string main = dir.file("main.dag", "SPLICE S inner.dag\n");
    EXPECT_TRUE(file_fails_with(main, Errc::parse, {inner + ":3: unknown DAGMan command 'BOGUS'"}));
}

TEST(Dagman, Errors) {
    const auto f = Format::dagman;
    EXPECT_TRUE(fails_with("JOB A a\nFOO A\n", f, Errc::parse, {"in.txt:2:", "unknown DAGMan command 'FOO'"}));
    EXPECT_TRUE(fails_with("JOB A\n", f, Errc::parse, {"in.txt:1:", "submit file"}));
    EXPECT_TRUE(fails_with("JOB A a\nJOB B b\nPARENT A B\n", f, Errc::parse, {"in.txt:3:", "without CHILD"}));
    EXPECT_TRUE(fails_with("JOB A a\nPARENT CHILD A\n", f, Errc::parse, {"in.txt:2:"}));
    EXPECT_TRUE(fails_with("JOB A a\nPARENT A CHILD\n", f, Errc::parse, {"in.txt:2:", "after CHILD"}));
    EXPECT_TRUE(fails_with("JOB A a\n\nPARENT A CHILD B\n", f, Errc::unknown_node, {"in.txt:3:", "'B'"}));
    EXPECT_TRUE(fails_with("JOB A a\njob A b\n", f, Errc::duplicate_node, {"in.txt:2:", "'A'"}));
    EXPECT_TRUE(fails_with("JOB a+b x\n", f, Errc::parse, {"in.txt:1:", "'+'"}));
    EXPECT_TRUE(fails_with("JOB ALL_NODES x\n", f, Errc::parse, {"reserved"}));
    EXPECT_TRUE(fails_with("JOB A a\nCONNECT S T\n", f, Errc::unsupported, {"in.txt:2:", "CONNECT"}));
    EXPECT_TRUE(fails_with("JOB A {\n executable = x\n", f, Errc::parse, {"in.txt:1:", "closing '}'"}));
    EXPECT_TRUE(fails_with("SUBDAG S inner.dag\n", f, Errc::parse, {"EXTERNAL"}));
    EXPECT_TRUE(fails_with("JOB A a\nPARENT A CHILD A\n", f, Errc::self_loop, {"in.txt:2:"}));
    EXPECT_TRUE(fails_with("JOB A a\nJOB B b\nPARENT A CHILD B\nPARENT B CHILD A\n", f, Errc::cycle,
                           {"in.txt: graph has a cycle"}));
    EXPECT_TRUE(fails_with("FINAL F f\nFINAL G g\n", f, Errc::parse, {"in.txt:2:", "second FINAL"}));
    EXPECT_TRUE(fails_with("SPLICE S x.dag DIR\n", f, Errc::parse, {"in.txt:1:", "SPLICE"}));
    EXPECT_TRUE(fails_with("INCLUDE\n", f, Errc::parse, {"in.txt:1:", "INCLUDE"}));
    EXPECT_TRUE(fails_with("# nothing\n", f, Errc::empty_graph, {"no nodes"}));
    EXPECT_TRUE(fails_with("JOB A a\nJOB B \x01\n", f, Errc::parse, {"in.txt:2:", "binary data"}));
}

TEST(Dagman, FinalNodeInASpliceIsAnError) {
    TempDir dir;
    dir.file("inner.dag", "FINAL F f\n");
    EXPECT_TRUE(fails_with("SPLICE S inner.dag\n", Format::dagman, Errc::parse, {"inner.dag:1:", "FINAL"}, "in.txt",
                           dir.path().string()));
}

// --------------------------------------------------------- rewrite_priorities

TEST(DagmanRewrite, ReplacesAndAddsPriorityLinesOnly) {
    const std::string path = data_path("dagman/htcondor_job_dagman_node_prio.dag");
    const auto r = read_file(path);
    ASSERT_TRUE(r.dagman);
    std::vector<std::int64_t> prio(r.dag.node_count());
    for (ics::NodeId v = 0; v < r.dag.node_count(); ++v) prio[v] = 100 - static_cast<std::int64_t>(v);
    const std::string out = rewrite_priorities(*r.dagman, r.dag, prio);
    const std::string original = slurp(path);

    EXPECT_EQ(without_priorities(out), without_priorities(original));  // nothing else changed
    EXPECT_EQ(out.find("Priority B1 5"), std::string::npos);
    EXPECT_NE(out.find("Job A job_dagman_node_prio-nodeA.cmd\nPRIORITY A 100\n"), std::string::npos) << out;
    EXPECT_NE(out.find("Job B1 job_dagman_node_prio.cmd\nPRIORITY B1 99\nVars B1"), std::string::npos) << out;
    EXPECT_NE(out.find("Job C job_dagman_node_prio.cmd\nPRIORITY C 89\n"), std::string::npos) << out;

    const auto again = read_string(out, Format::dagman, "rewritten.dag");  // still the same graph
    EXPECT_EQ(names(again.dag), names(r.dag));
    EXPECT_EQ(arcs(again.dag), arcs(r.dag));
    // Rewriting the rewritten file gives the same text.
    EXPECT_EQ(rewrite_priorities(*again.dagman, again.dag, prio), out);
}

TEST(DagmanRewrite, SkipsFinalAndSpliceNodesAndDropsAllNodesLines) {
    const auto r = read_file(data_path("dagman/htcondor_job_dagman_all_nodes.dag"));
    const std::vector<std::int64_t> prio(r.dag.node_count(), 7);
    const std::string out = rewrite_priorities(*r.dagman, r.dag, prio);
    EXPECT_NE(out.find("job NodeA /dev/null noop\nPRIORITY NodeA 7\nscript pre NodeA"), std::string::npos) << out;
    EXPECT_NE(out.find("job NodeB /dev/null noop\nPRIORITY NodeB 7\njob NodeC /dev/null noop\nPRIORITY NodeC 7\n"),
              std::string::npos)
        << out;
    EXPECT_EQ(out.find("priority NodeA 20"), std::string::npos);
    EXPECT_EQ(out.find("priority NodeB 100"), std::string::npos);
    EXPECT_EQ(out.find("NodeF 7"), std::string::npos);           // DAGMan refuses PRIORITY for a FINAL node
    EXPECT_EQ(out.find("PRIORITY SpliceA"), std::string::npos);  // splice nodes are named only inside the splice
}

TEST(DagmanRewrite, AnchorsAfterInlineBlockAndInclude) {
    TempDir dir;
    dir.file("part.inc", "JOB B b\nPRIORITY B 4\n");
    const std::string main =
        dir.file("main.dag", "JOB A {\n queue\n}\nINCLUDE part.inc\r\nPRIORITY ALL_NODES 9\nPARENT A CHILD B");
    const auto r = read_file(main);
    const std::vector<std::int64_t> prio{-3, 12};
    const std::string out = rewrite_priorities(*r.dagman, r.dag, prio);
    EXPECT_EQ(out, "JOB A {\n queue\n}\nPRIORITY A -3\nINCLUDE part.inc\r\nPRIORITY B 12\nPARENT A CHILD B");
}

TEST(DagmanRewrite, KeepsCrLfAndAddsAFinalNewlineWhereNeeded) {
    const auto r = read_string("JOB A a\r\nPRIORITY A 1\r\nJOB B b", Format::dagman);
    const std::vector<std::int64_t> prio{1, 2};
    EXPECT_EQ(rewrite_priorities(*r.dagman, r.dag, prio), "JOB A a\r\nPRIORITY A 1\r\nJOB B b\r\nPRIORITY B 2\r\n");
}

TEST(DagmanRewrite, RejectsAMismatch) {
    const auto r = read_string("JOB A a\nJOB B b\n", Format::dagman);
    const std::vector<std::int64_t> one{1};
    EXPECT_THROW(
        {
            try {
                rewrite_priorities(*r.dagman, r.dag, one);
            } catch (const ics::Error& e) {
                EXPECT_EQ(e.code(), Errc::invalid_argument);
                throw;
            }
        },
        ics::Error);
    const auto other = read_string("JOB A a\nJOB C c\n", Format::dagman);
    const std::vector<std::int64_t> two{1, 2};
    EXPECT_THROW(rewrite_priorities(*r.dagman, other.dag, two), ics::Error);
}

// PARENT lines before, between and after the JOB lines they name (the reader
// keeps a name already defined as its node id and looks the others up when
// the scope ends): every arc as written, the same with keep_source off (no
// document then), on random dags with lines shuffled.
TEST(Dagman, ParentLinesAnywhereGiveTheArcsWritten) {
    std::mt19937 rng(18);
    for (int round = 0; round < 60; ++round) {
        const int n = 2 + static_cast<int>(rng() % 40);
        std::set<std::pair<int, int>> arcs;
        for (int k = 0; k < n * 2; ++k) {
            int u = static_cast<int>(rng() % n), v = static_cast<int>(rng() % n);
            if (u == v) continue;
            if (u > v) std::swap(u, v);
            arcs.insert({u, v});
        }
        std::vector<std::string> lines;
        for (int v = 0; v < n; ++v) lines.push_back("JOB n" + std::to_string(v) + " x.sub");
        for (auto [u, v] : arcs) lines.push_back("PARENT n" + std::to_string(u) + " CHILD n" + std::to_string(v));
        std::shuffle(lines.begin(), lines.end(), rng);
        std::string text;
        for (const std::string& l : lines) text += l + "\n";
        ics::io::ReadLimits dropped;
        dropped.keep_source = false;
        for (const bool keep : {true, false}) {
            const auto r = keep ? read_string(text, ics::io::Format::dagman) : read_string(text, ics::io::Format::dagman, "<string>", dropped);
            EXPECT_EQ(keep, r.dagman != nullptr);
            EXPECT_EQ(!keep, r.source_dropped);
            const ics::Dag& g = r.dag;
            ASSERT_EQ(g.node_count(), static_cast<ics::NodeId>(n));
            std::set<std::pair<int, int>> got;
            for (ics::NodeId x = 0; x < g.node_count(); ++x)
                for (ics::NodeId y : g.children(x))
                    got.insert({std::stoi(std::string(g.name(x)).substr(1)), std::stoi(std::string(g.name(y)).substr(1))});
            EXPECT_EQ(got, arcs) << text;
        }
    }
}
