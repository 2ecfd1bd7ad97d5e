// Priorities written back into workflow files (lib/io/priorities.hpp): for
// every DAGMan, DAX and WfFormat file of tests/data the output minus the
// priority statements is the input byte for byte, the graph reads back the
// same, and the priorities read back as DAGMan / Pegasus / WfCommons read them
// give the order (replace), the user's own (keep) or the user's tiers
// ordered by ours (add). Orders are random execution orders.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "helpers.hpp"
#include "priorities_check.hpp"

using namespace iotest;
using ics::NodeId;
using ics::io::PriorityMode;
using ics::io::PriorityOptions;
using ics::io::PriorityTarget;
using ics::io::read_file;
using ics::io::read_string;
using ics::io::write_priorities;

namespace {

namespace fs = std::filesystem;

std::string slurp_file(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    std::stringstream s;
    s << f.rdbuf();
    return s.str();
}

constexpr PriorityMode kModes[] = {PriorityMode::replace, PriorityMode::keep, PriorityMode::add};

std::string write(PriorityTarget t, const ics::io::ReadResult& r, const std::vector<NodeId>& order,
                  PriorityMode mode = PriorityMode::replace, bool compat = false) {
    PriorityOptions o;
    o.mode = mode;
    o.prio_compat = compat;
    return write_priorities(t, r.dag, order, o, source_of(r));
}

template <class F>
::testing::AssertionResult throws_code(F f, Errc code, std::string_view part = {}) {
    try {
        f();
        return ::testing::AssertionFailure() << "no error";
    } catch (const ics::Error& e) {
        if (e.code() != code) return ::testing::AssertionFailure() << "code " << int(e.code()) << ": " << e.what();
        if (std::string_view(e.what()).find(part) == std::string_view::npos)
            return ::testing::AssertionFailure() << "message lacks " << part << ": " << e.what();
        return ::testing::AssertionSuccess();
    }
}

// The nodes of the top-level DAG that have their own statement in `r`'s file.
std::map<std::string, bool> own_statements(const ics::io::ReadResult& r, bool compat) {
    std::map<std::string, bool> own;
    for (const auto& st : r.dagman->statements)
        if ((!st.jobpriority_vars || compat) && !st.all_nodes && st.node != ics::kNoNode)
            own[std::string(r.dag.name(st.node))] = true;
    return own;
}

}  // namespace

// ------------------------------------------------------------------ DAGMan

TEST(PrioritiesDagman, EveryDataFileInEveryMode) {
    const std::string dir = data_path("dagman");
    int files = 0;
    for (const auto& e : fs::directory_iterator(dir)) {
        if (e.path().filename().string().find("cycle") != std::string::npos) continue;
        const std::string path = e.path().string();
        SCOPED_TRACE(path);
        const auto r = read_file(path);
        if (!r.dagman || e.path().filename().string().find("splice") != std::string::npos) continue;
        ++files;
        const std::string input = slurp_file(path);
        for (const bool compat : {false, true}) {
            const auto before = dagman_priorities(input, dir, compat);
            const auto own = own_statements(r, compat);
            for (const PriorityMode mode : kModes) {
                for (std::uint64_t seed = 1; seed <= 3; ++seed) {
                    SCOPED_TRACE(std::string(ics::io::priority_mode_name(mode)) + (compat ? " compat" : ""));
                    const auto order = random_order(r.dag, seed);
                    const std::string out = write(PriorityTarget::dagman, r, order, mode, compat);
                    EXPECT_EQ(dagman_without_priorities(out, compat), dagman_without_priorities(input, compat));
                    const auto again = read_string(out, ics::io::Format::dagman, "out.dag", dir);
                    EXPECT_EQ(names(again.dag), names(r.dag));
                    EXPECT_EQ(arcs(again.dag), arcs(r.dag));
                    const auto got = dagman_priorities(out, dir, compat);
                    const auto mine = ours(r.dag, order);
                    const auto n = static_cast<std::int64_t>(r.dag.node_count());
                    for (NodeId v = 0; v < r.dag.node_count(); ++v) {
                        const std::string name(r.dag.name(v));
                        if (r.dagman->anchor_line[v] == ics::io::DagmanDocument::kNoLine) {
                            EXPECT_EQ(got.count(name), 0u) << name;  // FINAL, SERVICE, splice nodes
                            continue;
                        }
                        ASSERT_EQ(got.count(name), 1u) << name;
                        const std::int64_t user = before.count(name) ? before.at(name) : 0;
                        if (mode == PriorityMode::replace) {
                            EXPECT_EQ(got.at(name), mine.at(name)) << name;
                        }
                        if (mode == PriorityMode::keep) {
                            EXPECT_EQ(got.at(name), own.count(name) ? user : mine.at(name)) << name;
                        }
                        if (mode == PriorityMode::add) {
                            EXPECT_EQ(got.at(name), user * (n + 1) + mine.at(name)) << name;
                        }
                    }
                    // Writing the output again changes nothing in replace mode.
                    if (mode == PriorityMode::replace) {
                        EXPECT_EQ(write(PriorityTarget::dagman, again, order, mode, compat), out);
                    }
                }
            }
        }
    }
    EXPECT_EQ(files, 3);  // node_prio, all_nodes (with its splice), pegasus diamond
}

namespace {
const char* const kRules =
    "JOB A a.sub\nJOB B b.sub\nJOB C c.sub\nJOB D d.sub\nPRIORITY A 1\nPRIORITY ALL_NODES 3\nPRIORITY C 10\n"
    "PARENT A CHILD B C D\n";
// Ours: A 4, D 3, B 2, C 1. DAGMan's: A 3 (ALL_NODES comes after A's own
// line), B 3, C 10, D 3; own lines: A and C.
const std::vector<NodeId> kRulesOrder{0, 3, 1, 2};
}  // namespace

TEST(PrioritiesDagman, ReplaceWritesOursOnly) {
    const auto r = read_string(kRules, ics::io::Format::dagman);
    EXPECT_EQ(write(PriorityTarget::dagman, r, kRulesOrder),
              "JOB A a.sub\nPRIORITY A 4\nJOB B b.sub\nPRIORITY B 2\nJOB C c.sub\nPRIORITY C 1\nJOB D d.sub\n"
              "PRIORITY D 3\nPARENT A CHILD B C D\n");
}

TEST(PrioritiesDagman, KeepLeavesOwnLinesAndOutranksAllNodes) {
    const auto r = read_string(kRules, ics::io::Format::dagman);
    // B and D have only ALL_NODES: they get ours, after the ALL_NODES line
    // (DAGMan: the last statement wins).
    EXPECT_EQ(write(PriorityTarget::dagman, r, kRulesOrder, PriorityMode::keep),
              "JOB A a.sub\nJOB B b.sub\nJOB C c.sub\nJOB D d.sub\nPRIORITY A 1\nPRIORITY ALL_NODES 3\n"
              "PRIORITY B 2\nPRIORITY D 3\nPRIORITY C 10\nPARENT A CHILD B C D\n");
}

TEST(PrioritiesDagman, AddKeepsTheUsersTiersOrdered) {
    const auto r = read_string(kRules, ics::io::Format::dagman);
    // user * 5 + ours: C (tier 10) first; tier 3 ordered A, D, B as ours.
    EXPECT_EQ(write(PriorityTarget::dagman, r, kRulesOrder, PriorityMode::add),
              "JOB A a.sub\nJOB B b.sub\nJOB C c.sub\nJOB D d.sub\nPRIORITY ALL_NODES 3\nPRIORITY A 19\n"
              "PRIORITY B 17\nPRIORITY C 51\nPRIORITY D 18\nPARENT A CHILD B C D\n");
}

TEST(PrioritiesDagman, PrioCompatWritesVarsJobPriority) {
    const auto r = read_string("Job A a.sub\r\nVars A JOBPRIORITY=\"9\"\r\nVARS A x=\"1\"\r\nJob B b.sub\r\n"
                               "Parent A Child B\r\n",
                               ics::io::Format::dagman);
    const std::vector<NodeId> order{0, 1};
    EXPECT_EQ(write(PriorityTarget::dagman, r, order, PriorityMode::replace, true),
              "Job A a.sub\r\nVARS A JOBPRIORITY=\"2\"\r\nVARS A x=\"1\"\r\nJob B b.sub\r\nVARS B JOBPRIORITY=\"1\"\r\n"
              "Parent A Child B\r\n");
    EXPECT_EQ(write(PriorityTarget::dagman, r, order, PriorityMode::add, true),
              "Job A a.sub\r\nVARS A JOBPRIORITY=\"29\"\r\nVARS A x=\"1\"\r\nJob B b.sub\r\nVARS B JOBPRIORITY=\"1\"\r\n"
              "Parent A Child B\r\n");
    // Without prio's form its VARS line is a VARS line like any other.
    EXPECT_EQ(write(PriorityTarget::dagman, r, order),
              "Job A a.sub\r\nPRIORITY A 2\r\nVars A JOBPRIORITY=\"9\"\r\nVARS A x=\"1\"\r\nJob B b.sub\r\n"
              "PRIORITY B 1\r\nParent A Child B\r\n");
}

TEST(PrioritiesDagman, IncludedStatementsStayAndOursFollowThem) {
    TempDir dir;
    dir.file("part.inc", "JOB B b\nPRIORITY B 4\nPRIORITY ALL_NODES 2\n");
    const std::string main = dir.file("main.dag", "JOB A a\nINCLUDE part.inc\nJOB C c\nPARENT A CHILD B C\n");
    const auto r = read_file(main);
    const std::vector<NodeId> order{0, 2, 1};  // A 3, C 2, B 1; the user's: A 2, B 2 (ALL_NODES last), C 2
    EXPECT_EQ(write(PriorityTarget::dagman, r, order),
              "JOB A a\nINCLUDE part.inc\nPRIORITY A 3\nPRIORITY B 1\nJOB C c\nPRIORITY C 2\nPARENT A CHILD B C\n");
    EXPECT_EQ(write(PriorityTarget::dagman, r, order, PriorityMode::keep),
              "JOB A a\nINCLUDE part.inc\nPRIORITY A 3\nJOB C c\nPRIORITY C 2\nPARENT A CHILD B C\n");
    EXPECT_EQ(write(PriorityTarget::dagman, r, order, PriorityMode::add),
              "JOB A a\nINCLUDE part.inc\nPRIORITY A 11\nPRIORITY B 9\nJOB C c\nPRIORITY C 10\nPARENT A CHILD B C\n");
}

TEST(PrioritiesDagman, KeepsEveryOtherByte) {
    TempDir dir;
    dir.file("inner.dag", "JOB X x\n");
    const std::string main = dir.file(
        "main.dag",
        "# comment\r\njob A a.sub\r\nJob B \\\r\n  b.sub\r\nsplice S inner.dag\r\npriority S+X 9\r\n"
        "Priority ALL_NODES 4\r\nparent A child B S\r\n");
    const auto r = read_file(main);
    ASSERT_EQ(names(r.dag), (std::vector<std::string>{"A", "B", "S+X"}));
    const std::vector<NodeId> order{0, 1, 2};  // A 3, B 2, S+X 1
    // The splice node's line is not ours to change (DAGMan would refuse it
    // there anyway): it stays in every mode, like the rest.
    EXPECT_EQ(write(PriorityTarget::dagman, r, order),
              "# comment\r\njob A a.sub\r\nPRIORITY A 3\r\nJob B \\\r\n  b.sub\r\nPRIORITY B 2\r\n"
              "splice S inner.dag\r\npriority S+X 9\r\nparent A child B S\r\n");
    EXPECT_EQ(write(PriorityTarget::dagman, r, order, PriorityMode::keep),
              "# comment\r\njob A a.sub\r\nJob B \\\r\n  b.sub\r\nsplice S inner.dag\r\npriority S+X 9\r\n"
              "Priority ALL_NODES 4\r\nPRIORITY A 3\r\nPRIORITY B 2\r\nparent A child B S\r\n");
    EXPECT_EQ(write(PriorityTarget::dagman, r, order, PriorityMode::add),
              "# comment\r\njob A a.sub\r\nJob B \\\r\n  b.sub\r\nsplice S inner.dag\r\npriority S+X 9\r\n"
              "Priority ALL_NODES 4\r\nPRIORITY A 19\r\nPRIORITY B 18\r\nparent A child B S\r\n");
}

TEST(PrioritiesDagman, Errors) {
    const std::vector<NodeId> two{0, 1};
    const auto big = read_string("JOB A a\nJOB B b\nPRIORITY A 2000000000\n", ics::io::Format::dagman);
    EXPECT_TRUE(throws_code([&] { write(PriorityTarget::dagman, big, two, PriorityMode::add); }, Errc::too_large,
                            "32-bit"));
    EXPECT_NO_THROW(write(PriorityTarget::dagman, big, two, PriorityMode::keep));
    const auto bad = read_string("JOB A a\nJOB B b\nPRIORITY A high\n", ics::io::Format::dagman, "bad.dag");
    EXPECT_TRUE(throws_code([&] { write(PriorityTarget::dagman, bad, two, PriorityMode::add); }, Errc::parse,
                            "bad.dag:3"));
    EXPECT_EQ(write(PriorityTarget::dagman, bad, two), "JOB A a\nPRIORITY A 2\nJOB B b\nPRIORITY B 1\n");

    TempDir dir;
    const auto missing = read_string("JOB A a\nSPLICE S gone.dag\n", ics::io::Format::dagman, "m.dag",
                                     dir.path().string());
    const std::vector<NodeId> one{0};
    EXPECT_TRUE(throws_code([&] { write(PriorityTarget::dagman, missing, one); }, Errc::io, "gone.dag"));

    // A dag whose names are not the file's.
    const auto r = read_string("JOB A a\nJOB B b\n", ics::io::Format::dagman, "ab.dag");
    const auto other = read_string("JOB A a\nJOB C c\n", ics::io::Format::dagman);
    EXPECT_TRUE(throws_code(
        [&] { write_priorities(PriorityTarget::dagman, other.dag, two, PriorityOptions{}, source_of(r)); },
        Errc::invalid_argument, "'C' in the dag but 'B'"));
    // Not a permutation; not from DAGMan.
    const std::vector<NodeId> dup{0, 0};
    EXPECT_TRUE(throws_code([&] { write(PriorityTarget::dagman, r, dup); }, Errc::invalid_order, "twice"));
    const auto edges = read_string("A B\n", ics::io::Format::edges);
    EXPECT_TRUE(throws_code([&] { write(PriorityTarget::dagman, edges, two); }, Errc::unsupported, "DAGMan"));
    EXPECT_TRUE(throws_code([&] { write(PriorityTarget::dax, edges, two); }, Errc::unsupported, "DAX"));
    EXPECT_TRUE(throws_code([&] { write(PriorityTarget::csv, edges, two, PriorityMode::replace, true); },
                            Errc::invalid_argument, "DAGMan"));
}

// --------------------------------------------------------------------- DAX

TEST(PrioritiesDax, DataFileInEveryMode) {
    const std::string path = data_path("dax/HEFT_paper.xml");
    const auto r = read_file(path);
    const std::string input = slurp_file(path);
    for (const PriorityMode mode : kModes) {
        const auto order = random_order(r.dag, 7);
        const std::string out = write(PriorityTarget::dax, r, order, mode);
        EXPECT_EQ(dax_without_priorities(out), input);  // the file has no priorities of its own
        const auto again = read_string(out, ics::io::Format::dax);
        EXPECT_EQ(names(again.dag), names(r.dag));
        EXPECT_EQ(arcs(again.dag), arcs(r.dag));
        EXPECT_EQ(dax_priorities(out), ours(r.dag, order));
        EXPECT_NE(out.find("version=\"1.0\" runtime=\"14\">\n    <profile namespace=\"condor\" key=\"priority\">"),
                  std::string::npos);
    }
}

TEST(PrioritiesDax, ModesWithTheUsersProfileAndOddLayouts) {
    const std::string in =
        "<?xml version=\"1.0\"?>\r\n<d:adag xmlns:d=\"http://pegasus.isi.edu/schema/DAX\">\r\n"
        "  <d:job id=\"a\" name=\"x>y\">\r\n    <d:argument>-i f</d:argument>\r\n"
        "    <d:profile namespace=\"condor\" key=\"priority\">7</d:profile>\r\n"
        "    <d:uses file=\"f\" link=\"input\"/>\r\n  </d:job>\r\n"
        "  <d:job id=\"b\"/>\r\n"
        "  <d:job id=\"c\">\r\n    <d:argument>x</d:argument>\r\n  </d:job>\r\n"
        "  <d:job id=\"d\"><d:uses file=\"g\"/></d:job>\r\n"
        "  <d:child ref=\"b\"><d:parent ref=\"a\"/></d:child>\r\n</d:adag>\r\n";
    const auto r = read_string(in, ics::io::Format::dax, "in.dax");
    const std::vector<NodeId> order{0, 2, 3, 1};  // a 4, c 3, d 2, b 1
    const std::string p = "<d:profile namespace=\"condor\" key=\"priority\">";
    const auto expect = [&](const std::string& a) {
        return "<?xml version=\"1.0\"?>\r\n<d:adag xmlns:d=\"http://pegasus.isi.edu/schema/DAX\">\r\n"
               "  <d:job id=\"a\" name=\"x>y\">\r\n    <d:argument>-i f</d:argument>\r\n"
               "    " + p + a + "</d:profile>\r\n"
               "    <d:uses file=\"f\" link=\"input\"/>\r\n  </d:job>\r\n"
               "  <d:job id=\"b\">" + p + "1</d:profile></d:job>\r\n"
               "  <d:job id=\"c\">\r\n    <d:argument>x</d:argument>\r\n    " + p + "3</d:profile>\r\n  </d:job>\r\n"
               "  <d:job id=\"d\">" + p + "2</d:profile><d:uses file=\"g\"/></d:job>\r\n"
               "  <d:child ref=\"b\"><d:parent ref=\"a\"/></d:child>\r\n</d:adag>\r\n";
    };
    EXPECT_EQ(write(PriorityTarget::dax, r, order), expect("4"));
    EXPECT_EQ(write(PriorityTarget::dax, r, order, PriorityMode::keep), expect("7"));
    EXPECT_EQ(write(PriorityTarget::dax, r, order, PriorityMode::add), expect("39"));  // 7 * 5 + 4

    const auto other = read_string("<adag><job id=\"a\"/><job id=\"z\"/></adag>", ics::io::Format::dax);
    const std::vector<NodeId> two{0, 1};
    const auto ab = read_string("<adag><job id=\"a\"/><job id=\"b\"/></adag>", ics::io::Format::dax, "ab.dax");
    EXPECT_TRUE(throws_code(
        [&] { write_priorities(PriorityTarget::dax, other.dag, two, PriorityOptions{}, source_of(ab)); },
        Errc::invalid_argument, "'b' in the file but 'z'"));
}

// ---------------------------------------------------------------- WfFormat

TEST(PrioritiesWfFormat, DataFileInEveryModeIsLossless) {
    const std::string path = data_path("wfformat/helloworld-chain-5-chameleon.json");
    const auto r = read_file(path);
    const std::string input = slurp_file(path);
    const auto original = nlohmann::json::parse(input);
    for (const PriorityMode mode : kModes) {
        const auto order = random_order(r.dag, 3);
        const std::string out = write(PriorityTarget::wfformat, r, order, mode);
        // The execution block records the priorities of a run: left as it was.
        EXPECT_EQ(wfformat_without_priorities(out), wfformat_without_priorities(input));
        EXPECT_NE(out.find("\"priority\": 20,"), std::string::npos);
        auto j = nlohmann::json::parse(out);
        const auto prio = wfformat_priorities(out);
        const auto mine = ours(r.dag, order);
        for (NodeId v = 0; v < r.dag.node_count(); ++v) EXPECT_EQ(prio[v], mine.at(std::string(r.dag.name(v))));
        for (auto& t : j["workflow"]["specification"]["tasks"]) t.erase("priority");
        EXPECT_EQ(j, original);  // every other field as it was
    }
}

TEST(PrioritiesWfFormat, ModesWithTheUsersPriorityAndCompactTasks) {
    const std::string in =
        "{\"name\": \"w\", \"schemaVersion\": \"1.4\", \"workflow\": {\"tasks\": [\n"
        "  {\n    \"name\": \"a\", \"priority\": 7, \"x\": {\"priority\": 1}\n  },\n"
        "  {\"name\":\"b\",\"parents\":[\"a\"]},\n  { \"name\": \"c\" }\n], \"machines\": []}}";
    const auto r = read_string(in, ics::io::Format::wfformat, "in.json");
    const std::vector<NodeId> order{0, 2, 1};  // a 3, c 2, b 1
    const auto expect = [&](const std::string& a) {
        return "{\"name\": \"w\", \"schemaVersion\": \"1.4\", \"workflow\": {\"tasks\": [\n"
               "  {\n    \"name\": \"a\", \"priority\": " + a + ", \"x\": {\"priority\": 1}\n  },\n"
               "  {\"priority\": 1,\"name\":\"b\",\"parents\":[\"a\"]},\n  {\"priority\": 2,  \"name\": \"c\" }\n"
               "], \"machines\": []}}";
    };
    EXPECT_EQ(write(PriorityTarget::wfformat, r, order), expect("3"));
    EXPECT_EQ(write(PriorityTarget::wfformat, r, order, PriorityMode::keep), expect("7"));
    EXPECT_EQ(write(PriorityTarget::wfformat, r, order, PriorityMode::add), expect("31"));  // 7 * 4 + 3
    const auto odd = read_string("{\"workflow\": {\"tasks\": [{\"name\": \"a\", \"priority\": \"high\"}]}}",
                                 ics::io::Format::wfformat, "odd.json");
    const std::vector<NodeId> one{0};
    EXPECT_TRUE(throws_code([&] { write(PriorityTarget::wfformat, odd, one, PriorityMode::add); }, Errc::parse,
                            "not an integer"));
}

TEST(PrioritiesWfFormat, OtherSourcesGetANewDocument) {
    const auto r = read_string("a b\na c\n", ics::io::Format::edges);
    const std::vector<NodeId> order{0, 2, 1};
    const std::string out = write(PriorityTarget::wfformat, r, order);
    const auto again = read_string(out, ics::io::Format::wfformat);
    EXPECT_EQ(names(again.dag), names(r.dag));
    EXPECT_EQ(arcs(again.dag), arcs(r.dag));
    EXPECT_EQ(wfformat_priorities(out), (std::vector<std::optional<std::int64_t>>{3, 1, 2}));
}

// ------------------------------------------------------------------ tables

TEST(PrioritiesTables, CsvJsonAirflow) {
    ics::DagBuilder b;
    b.add_node("x,y");
    b.add_node("b");
    b.add_node("q\"");
    b.add_arc(0, 1);
    b.add_arc(0, 2);
    const ics::Dag g = std::move(b).build();
    const std::vector<NodeId> order{0, 2, 1};
    const ics::io::PrioritySource none;
    EXPECT_EQ(write_priorities(PriorityTarget::csv, g, order, {}, none),
              "node,rank,priority\n\"x,y\",1,3\n\"q\"\"\",2,2\nb,3,1\n");
    const auto table = nlohmann::json::parse(write_priorities(PriorityTarget::table_json, g, order, {}, none));
    ASSERT_EQ(table.size(), 3u);
    EXPECT_EQ(table[1], (nlohmann::json{{"node", "q\""}, {"rank", 2}, {"priority", 2}}));
    const auto air = nlohmann::json::parse(write_priorities(PriorityTarget::airflow_json, g, order, {}, none));
    EXPECT_EQ(air["weight_rule"], "absolute");
    EXPECT_EQ(air["priority_weight"], (nlohmann::json{{"x,y", 3}, {"q\"", 2}, {"b", 1}}));
    const std::string py = write_priorities(PriorityTarget::airflow_python, g, order, {}, none);
    EXPECT_NE(py.find("WEIGHT_RULE = \"absolute\"\nPRIORITY_WEIGHTS = {\n    \"x,y\": 3,\n    \"q\\\"\": 2,\n"
                      "    \"b\": 1,\n}\n"),
              std::string::npos)
        << py;
}

// -------------------------------------------------------------- atomic write

TEST(PrioritiesFile, WritesAtomicallyAndLeavesNothingOnFailure) {
    TempDir dir;
    const std::string path = dir.file("out.dag", "old\n");
    ics::io::write_file_atomic(path, "new\n");
    EXPECT_EQ(slurp_file(path), "new\n");
    EXPECT_TRUE(throws_code([&] { ics::io::write_file_atomic((dir.path() / "no" / "x.dag").string(), "x"); },
                            Errc::io, "cannot write"));
    EXPECT_TRUE(throws_code([&] { ics::io::write_file_atomic(dir.path().string(), "x"); }, Errc::io, "folder"));
    std::size_t entries = 0;
    for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir.path())) ++entries;
    EXPECT_EQ(entries, 1u);  // no temporary file left behind
}
