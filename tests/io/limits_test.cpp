// Read limits and the include policy (issue 17): the hostile files of the
// issue, generated here, each fail with a status naming the limit and the
// file; legitimate files inside the limits and the allowed tree still read.
#include <sys/stat.h>

#include "helpers.hpp"

using namespace iotest;
using ics::io::IncludePolicy;
using ics::io::ReadLimits;

namespace {

ics::io::ReadResult read_limited(const std::string& path, const ReadLimits& limits = {}) {
    return ics::io::read_file(path, Format::automatic, limits);
}

// 'PARENT n0 .. n{k-1} CHILD m0 .. m{k-1}' with the JOB lines first.
std::string dagman_product(int k, int repeats) {
    std::string s;
    for (int i = 0; i < k; ++i) s += "JOB n" + std::to_string(i) + " x\nJOB m" + std::to_string(i) + " x\n";
    std::string line = "PARENT";
    for (int i = 0; i < k; ++i) line += " n" + std::to_string(i);
    line += " CHILD";
    for (int i = 0; i < k; ++i) line += " m" + std::to_string(i);
    line += "\n";
    for (int r = 0; r < repeats; ++r) s += line;
    return s;
}

}  // namespace

TEST(Limits, IncludeBombStopsAtMaxIncludes) {
    TempDir dir;
    // f0 includes f1 twice, f1 includes f2 twice, ...: 2^30 includes.
    for (int i = 0; i < 30; ++i)
        dir.file("f" + std::to_string(i) + ".dag",
                 std::string(i == 0 ? "JOB A x\n" : "") +
                     (i + 1 < 30 ? "INCLUDE f" + std::to_string(i + 1) + ".dag\nINCLUDE f" + std::to_string(i + 1) +
                                       ".dag\n"
                                 : std::string("# the end\n")));
    const std::string top = (dir.path() / "f0.dag").string();
    EXPECT_TRUE(read_fails_with([&] { return read_limited(top); }, Errc::too_large,
                                {"max_includes = 10000", "--max-includes", ".dag"}));
    ReadLimits few;
    few.max_includes = 3;
    EXPECT_TRUE(read_fails_with([&] { return read_limited(top, few); }, Errc::too_large,
                                {"max_includes = 3", "f3.dag"}));
}

TEST(Limits, SpliceBombStopsAtMaxSplices) {
    TempDir dir;
    for (int i = 0; i < 30; ++i)
        dir.file("s" + std::to_string(i) + ".dag",
                 i + 1 < 30 ? "SPLICE A s" + std::to_string(i + 1) + ".dag\nSPLICE B s" + std::to_string(i + 1) +
                                  ".dag\n"
                            : std::string("JOB leaf x\n"));
    const std::string top = (dir.path() / "s0.dag").string();
    EXPECT_TRUE(read_fails_with([&] { return read_limited(top); }, Errc::too_large, {"max_splices = 10000"}));
    // Within the limits the same shape reads: depth 4 gives 2^3 leaves.
    dir.file("s4.dag", "JOB leaf x\n");
    const auto r = read_limited((dir.path() / "s1.dag").string());
    EXPECT_EQ(r.dag.node_count(), 8u);
}

TEST(Limits, NodesOfSplicesStopAtMaxNodes) {
    TempDir dir;
    dir.file("leaf.dag", "JOB a x\nJOB b x\nJOB c x\n");
    const std::string top = dir.file("top.dag", "SPLICE A leaf.dag\nSPLICE B leaf.dag\nSPLICE C leaf.dag\n");
    ReadLimits l;
    l.max_nodes = 8;
    EXPECT_TRUE(read_fails_with([&] { return read_limited(top, l); }, Errc::too_large,
                                {"leaf.dag:3:", "max_nodes = 8"}));
    l.max_nodes = 9;
    EXPECT_EQ(read_limited(top, l).dag.node_count(), 9u);
}

TEST(Limits, OutsideTheTreeIsRefusedWithoutShowingTheFile) {
    TempDir outside;
    const std::string secret = outside.file("secret.txt", "root:x:0:0:root:/root:/bin/bash\n");
    TempDir dir;
    dir.file("sub/ok.inc", "JOB B x\n");
    const std::string relative = std::filesystem::relative(secret, dir.path()).string();  // ../ics-io-.../secret.txt
    for (const std::string& target : {secret, relative, std::string("/etc/passwd")}) {
        const std::string top = dir.file("top.dag", "JOB A x\nINCLUDE " + target + "\n");
        const auto r = read_fails_with([&] { return read_limited(top); }, Errc::io,
                                       {top + ":2:", "refused: outside the directory tree", "same-directory-tree"});
        EXPECT_TRUE(r);
        EXPECT_EQ(std::string(r.message()).find("root:"), std::string::npos) << r.message();
    }
    // A symbolic link inside the tree to a file outside it is outside too.
    std::filesystem::create_symlink(secret, dir.path() / "link.inc");
    const std::string via_link = dir.file("link.dag", "JOB A x\nINCLUDE link.inc\n");
    EXPECT_TRUE(read_fails_with([&] { return read_limited(via_link); }, Errc::io, {"outside the directory tree"}));
    // Inside the tree (a sub-folder) reads; allow reads anything.
    const std::string inside = dir.file("inside.dag", "JOB A x\nINCLUDE sub/ok.inc\nPARENT A CHILD B\n");
    EXPECT_EQ(read_limited(inside).dag.arc_count(), 1u);
    ReadLimits allow;
    allow.include_policy = IncludePolicy::allow;
    EXPECT_TRUE(read_fails_with([&] { return read_limited(via_link, allow); }, Errc::parse,
                                {"unknown DAGMan command"}));
    // deny opens nothing, even inside the tree.
    ReadLimits deny;
    deny.include_policy = IncludePolicy::deny;
    EXPECT_TRUE(read_fails_with([&] { return read_limited(inside, deny); }, Errc::io,
                                {"sub/ok.inc", "refused (include policy deny)"}));
}

TEST(Limits, StringsOpenNoFileWithoutABaseDirectory) {
    TempDir dir;
    dir.file("part.inc", "JOB B x\n");
    const std::string text = "JOB A x\nINCLUDE part.inc\nPARENT A CHILD B\n";
    ReadLimits l;
    EXPECT_TRUE(read_fails_with([&] { return ics::io::read_string(text, Format::dagman, "<string>", l); },
                                Errc::io, {"<string>:2:", "no base directory"}));
    EXPECT_TRUE(read_fails_with(
        [&] { return ics::io::read_string("JOB A x\nINCLUDE /etc/passwd\n", Format::dagman, "<string>", l); },
        Errc::io, {"refused"}));
    l.base_dir = dir.path().string();
    EXPECT_EQ(ics::io::read_string(text, Format::dagman, "<string>", l).dag.arc_count(), 1u);
}

TEST(Limits, DevicesAndFifosAreRefusedAsIncludes) {
    TempDir dir;
    ASSERT_EQ(::mkfifo((dir.path() / "fifo").c_str(), 0600), 0);
    ReadLimits allow;
    allow.include_policy = IncludePolicy::allow;
    for (const std::string target : {"/dev/zero", "fifo"}) {
        const std::string top = dir.file("top.dag", "JOB A x\nSPLICE S " + target + "\n");
        EXPECT_TRUE(read_fails_with([&] { return read_limited(top, allow); }, Errc::io,
                                    {top + ":2:", "not a regular file"}));
    }
    // A FIFO inside the tree, under the default policy, neither blocks.
    const std::string top = dir.file("top.dag", "JOB A x\nINCLUDE fifo\n");
    EXPECT_TRUE(read_fails_with([&] { return read_limited(top); }, Errc::io, {"not a regular file"}));
}

TEST(Limits, BytesAreCountedOverAllFiles) {
    TempDir dir;
    dir.file("big.inc", "JOB B x\n" + std::string(1000, '#') + "\n");
    const std::string top = dir.file("top.dag", "JOB A x\nINCLUDE big.inc\nINCLUDE big.inc\n");
    ReadLimits l;
    l.max_bytes = 1500;
    EXPECT_TRUE(read_fails_with([&] { return read_limited(top, l); }, Errc::too_large,
                                {top + ":3:", "max_bytes = 1500", "big.inc"}));
    l.max_bytes = 10;
    EXPECT_TRUE(read_fails_with([&] { return read_limited(top, l); }, Errc::too_large, {top, "max_bytes = 10"}));
    EXPECT_TRUE(read_fails_with([&] { return ics::io::read_string("a b\nb c\nc d\n", Format::edges, "in", l); },
                                Errc::too_large, {"max_bytes"}));
    // A top-level device stops one byte past the limit (no memory blow-up).
    EXPECT_TRUE(read_fails_with([&] { return read_limited("/dev/zero", l); }, Errc::too_large,
                                {"/dev/zero", "max_bytes = 10"}));
}

TEST(Limits, RepeatedProductsStopAtMaxArcsBeforeExpanding) {
    TempDir dir;
    // The files: 100 x PARENT <2000> CHILD <2000> (2.2 MB) and
    // 50 x {2000} -> {2000} in DOT.
    const std::string dag = dir.file("dup.dag", dagman_product(2000, 100));
    EXPECT_TRUE(read_fails_with([&] { return read_limited(dag); }, Errc::too_large,
                                {dag + ":", "max_arcs = 10000000", "duplicates counted"}));
    std::string group = "{";
    for (int i = 0; i < 2000; ++i) group += " n" + std::to_string(i);
    group += " } -> {";
    for (int i = 0; i < 2000; ++i) group += " m" + std::to_string(i);
    group += " }\n";
    std::string dot = "digraph {\n";
    for (int r = 0; r < 50; ++r) dot += group;
    dot += "}\n";
    const std::string dotfile = dir.file("dup.dot", dot);
    EXPECT_TRUE(read_fails_with([&] { return read_limited(dotfile); }, Errc::too_large,
                                {dotfile + ":4:", "max_arcs = 10000000"}));
    // Under the limit the duplicates are merged.
    const std::string small = dir.file("small.dag", dagman_product(3, 4));
    const auto r = read_limited(small);
    EXPECT_EQ(r.dag.arc_count(), 9u);
    EXPECT_EQ(r.dag.duplicate_arcs(), 27u);
    ReadLimits l;
    l.max_arcs = 35;
    EXPECT_TRUE(read_fails_with([&] { return read_limited(small, l); }, Errc::too_large, {"small.dag:10:"}));
    // Edge lists are checked after reading (bytes bound them while reading).
    l.max_arcs = 2;
    EXPECT_TRUE(read_fails_with([&] { return ics::io::read_string("a b\na b\nb c\n", Format::edges, "e", l); },
                                Errc::too_large, {"e: 3 arcs", "max_arcs = 2"}));
}

// Suite Large: the sanitizer builds skip it (10M arcs, see scripts/test-all).
TEST(Large, RaisedArcLimitMergesDuplicatesWhileReading) {
    // 10 x PARENT <1000> CHILD <1000> and 10 x {1000} -> {1000}: 10M arcs as
    // written (a merge past 8M), 1M distinct; every duplicate still counted.
    TempDir dir;
    ReadLimits l;
    l.max_arcs = 20'000'000;
    const auto r = read_limited(dir.file("dup.dag", dagman_product(1000, 10)), l);
    EXPECT_EQ(r.dag.arc_count(), 1'000'000u);
    EXPECT_EQ(r.dag.duplicate_arcs(), 9'000'000u);
    std::string dot = "digraph {\n";
    for (int k = 0; k < 10; ++k) {
        dot += "{";
        for (int i = 0; i < 1000; ++i) dot += " n" + std::to_string(i);
        dot += " } -> {";
        for (int i = 0; i < 1000; ++i) dot += " m" + std::to_string(i);
        dot += " }\n";
    }
    dot += "}\n";
    const auto d = ics::io::read_string(dot, Format::dot, "dup.dot", l);
    EXPECT_EQ(d.dag.arc_count(), 1'000'000u);
    EXPECT_EQ(d.dag.duplicate_arcs(), 9'000'000u);
}

TEST(Limits, DeeplyNestedDotSubgraphsCopyNothing) {
    // 100k nodes in 999 nested subgraphs, the whole nest an operand.
    std::string dot = "digraph {\n  root -> ";
    for (int i = 0; i < 999; ++i) dot += "{ ";
    for (int i = 0; i < 100000; ++i) dot += "v" + std::to_string(i) + " ";
    for (int i = 0; i < 999; ++i) dot += "} ";
    dot += "\n}\n";
    const auto r = ics::io::read_string(dot, Format::dot, "nest.dot", ReadLimits{});
    EXPECT_EQ(r.dag.node_count(), 100001u);
    EXPECT_EQ(r.dag.arc_count(), 100000u);
    EXPECT_EQ(r.dag.duplicate_arcs(), 0u);
    // Members of every level are the operand, each once.
    const auto small = ics::io::read_string("digraph { a -> { b { c b } { d } } -> e; { f } -> { g h } }",
                                            Format::dot, "s.dot", ReadLimits{});
    EXPECT_EQ(arcs(small.dag), (Arcs{{"a", "b"}, {"a", "c"}, {"a", "d"}, {"b", "e"}, {"c", "e"}, {"d", "e"},
                                     {"f", "g"}, {"f", "h"}}));
    EXPECT_EQ(small.dag.duplicate_arcs(), 0u);
}

TEST(Limits, PolicyNames) {
    for (IncludePolicy p : {IncludePolicy::same_directory_tree, IncludePolicy::deny, IncludePolicy::allow})
        EXPECT_EQ(ics::io::include_policy_from_name(ics::io::include_policy_name(p)), p);
    EXPECT_FALSE(ics::io::include_policy_from_name("everything"));
}
