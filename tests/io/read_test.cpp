// Format names, detection and read_file.
#include "helpers.hpp"

using namespace iotest;
using ics::io::detect_format;
using ics::io::format_from_name;
using ics::io::format_name;
using ics::io::read_file;

TEST(FormatNames, RoundTripAndAliases) {
    for (int i = 0; i <= 7; ++i) {
        const auto f = static_cast<Format>(i);
        EXPECT_EQ(format_from_name(format_name(f)), f) << format_name(f);
    }
    EXPECT_EQ(format_from_name("DOT"), Format::dot);
    EXPECT_EQ(format_from_name("adjacency_json"), Format::adjacency_json);
    EXPECT_EQ(format_from_name("json"), Format::wfformat);
    EXPECT_EQ(format_from_name("xml"), Format::dax);
    EXPECT_FALSE(format_from_name("yaml").has_value());
    EXPECT_FALSE(format_from_name("").has_value());
}

TEST(Detect, ByExtension) {
    EXPECT_EQ(detect_format("whatever", "x.dag"), Format::dagman);
    EXPECT_EQ(detect_format("whatever", "x.DOT"), Format::dot);
    EXPECT_EQ(detect_format("whatever", "x.gv"), Format::dot);
    EXPECT_EQ(detect_format("whatever", "dir.v2/x.xml"), Format::dax);
    EXPECT_EQ(detect_format("whatever", "x.dax"), Format::dax);
    EXPECT_EQ(detect_format("whatever", "x.stg"), Format::stg);
    EXPECT_EQ(detect_format("JOB A a", "x.txt"), Format::edges);
    EXPECT_EQ(detect_format("whatever", "x.edges"), Format::edges);
    EXPECT_EQ(detect_format("{\"workflow\": {}}", "x.json"), Format::wfformat);
    EXPECT_EQ(detect_format("{\"a\": [\"workflow\"]}", "x.json"), Format::adjacency_json);
}

TEST(Detect, ByContent) {
    EXPECT_EQ(detect_format("<?xml version=\"1.0\"?><adag/>", "in"), Format::dax);
    EXPECT_EQ(detect_format("\n  <adag>", ""), Format::dax);
    EXPECT_EQ(detect_format("\xEF\xBB\xBF{\"schemaVersion\": \"1.5\", \"workflow\" : {", "in"), Format::wfformat);
    EXPECT_EQ(detect_format("{\"a\": [\"b\"]}", "in"), Format::adjacency_json);
    EXPECT_EQ(detect_format("digraph G {", "in"), Format::dot);
    EXPECT_EQ(detect_format("/* x */ digraph {", "in"), Format::dot);
    EXPECT_EQ(detect_format("# c\nstrict digraph {", "in"), Format::dot);
    EXPECT_EQ(detect_format("graph {", "in"), Format::dot);
    EXPECT_EQ(detect_format("# dag\nJOB A a.sub\nPARENT A CHILD B\n", "in"), Format::dagman);
    EXPECT_EQ(detect_format("Config x\n\nJob A a.sub\n", "in"), Format::dagman);
    EXPECT_EQ(detect_format("50\n  0 0 0\n  1 9 1 0\n", "in"), Format::stg);
    EXPECT_EQ(detect_format("5\n5 6\n", "in"), Format::edges);
    EXPECT_EQ(detect_format("a b\nb c\n", "in"), Format::edges);
    EXPECT_EQ(detect_format("job x\n", "in"), Format::dagman);
    EXPECT_EQ(detect_format("retry x\nq r\n", "in"), Format::edges);
    EXPECT_EQ(detect_format("", "in"), Format::edges);
}

// Text that is none of the formats is refused by the sniffer with one message
// naming every format tried, instead of failing somewhere in the edge list.
TEST(Detect, RefusesTextThatIsNoFormat) {
    const std::string passwd =
        "root:x:0:0:root:/root:/bin/bash\n"
        "daemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin\n"
        "bin:x:2:2:bin:/bin:/usr/sbin/nologin\n"
        "sys:x:3:3:sys:/dev:/usr/sbin/nologin\n"
        "gnats:x:41:41:Gnats Bug-Reporting System (admin):/var/lib/gnats:/usr/sbin/nologin\n"
        "nobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin\n";
    const std::string only_names = "root:x:0:0:root:/root:/bin/bash\nbin:x:2:2:bin:/bin:/usr/sbin/nologin\n";
    const std::string c_source = "#include <stdio.h>\n\nint main(void) {\n    return 0;\n}\n";
    const std::string prose = "# Notes\n\nThis file explains how the build works.\n";
    const std::string csv = "name,age\nbob,3\nalice,4\n";
    const std::string html = "<!DOCTYPE html>\n<html><body>a -> b</body></html>\n";
    const std::string binary = std::string("a b\n\x01\x02\x03 c\n", 10);
    for (const std::string* text : {&passwd, &only_names, &c_source, &prose, &csv, &html, &binary}) {
        EXPECT_TRUE(fails_with(*text, Format::automatic, Errc::parse,
                               {"in:", "not a workflow file", "edge list, DOT, HTCondor DAGMan, WfFormat JSON",
                                "Pegasus DAX, STG", "give the format explicitly"}, "in"))
            << *text;
    }
    EXPECT_TRUE(fails_with(passwd, Format::automatic, Errc::parse, {"line 5 has 4 fields"}, "in"));
    EXPECT_TRUE(fails_with(only_names, Format::automatic, Errc::parse, {"no line is an arc"}, "in"));
    EXPECT_TRUE(fails_with(html, Format::automatic, Errc::parse, {"XML without an <adag> element"}, "in"));
    // The same text, format named or implied by the extension: the reader decides.
    EXPECT_EQ(ics::io::read_string(only_names, Format::edges, "in").dag.node_count(), 2u);
    EXPECT_EQ(detect_format(only_names, "names.txt"), Format::edges);
    // Real edge lists still pass: comments, lone names beside arcs, '#' after a name.
    EXPECT_EQ(detect_format("# header\na\nb c # arc\nd\n", "in"), Format::edges);
}

TEST(ReadFile, RefusesANonDagTextFile) {
    TempDir dir;
    const std::string path = dir.file("passwd",
                                      "root:x:0:0:root:/root:/bin/bash\n"
                                      "gnats:x:41:41:Gnats Bug-Reporting System (admin):/var/lib/gnats:/bin/false\n");
    try {
        read_file(path);
        FAIL() << "read " << path;
    } catch (const ics::Error& e) {
        EXPECT_EQ(e.code(), Errc::parse);
        EXPECT_NE(std::string(e.what()).find(path + ": not a workflow file"), std::string::npos) << e.what();
    }
}

TEST(ReadFile, RealFilesAreDetected) {
    EXPECT_EQ(read_file(data_path("dagman/pegasus_generated_diamond-0.dag")).format, Format::dagman);
    EXPECT_EQ(read_file(data_path("dax/HEFT_paper.xml")).format, Format::dax);
    EXPECT_EQ(read_file(data_path("stg/rand0000.stg")).format, Format::stg);
    EXPECT_EQ(read_file(data_path("wfformat/helloworld-chain-5-chameleon.json")).format, Format::wfformat);
    EXPECT_EQ(read_file(data_path("adjacency/eht_imaging.json")).format, Format::adjacency_json);
}

TEST(ReadFile, ContentSniffingWithoutExtension) {
    TempDir dir;
    EXPECT_EQ(read_file(dir.file("a", "digraph { a -> b }")).format, Format::dot);
    EXPECT_EQ(read_file(dir.file("b", "JOB A a\n")).format, Format::dagman);
    EXPECT_EQ(read_file(dir.file("c", "a b\n")).format, Format::edges);
    EXPECT_EQ(read_file(dir.file("d", "1\n0 0 0\n1 1 1 0\n2 0 1 1\n")).format, Format::stg);
}

TEST(ReadFile, ExplicitFormatWins) {
    TempDir dir;
    const auto r = read_file(dir.file("x.dag", "a b\n"), Format::edges);
    EXPECT_EQ(r.format, Format::edges);
    EXPECT_EQ(r.dag.arc_count(), 1u);
}

TEST(ReadFile, MissingFileAndDirectory) {
    TempDir dir;
    const std::string missing = (dir.path() / "nope.dag").string();
    EXPECT_TRUE(file_fails_with(missing, Errc::io, {missing + ": cannot read: No such file or directory"}));
    EXPECT_TRUE(
        file_fails_with(dir.path().string(), Errc::io, {dir.path().string() + ": cannot read: Is a directory"}));
}

TEST(ReadFile, EmptyFileIsEmptyGraphInEveryFormat) {
    TempDir dir;
    const std::string path = dir.file("empty.json", "");
    for (int i = 0; i <= 7; ++i) {
        try {
            read_file(path, static_cast<Format>(i));
            ADD_FAILURE() << "no error for format " << i;
        } catch (const ics::Error& e) {
            EXPECT_EQ(e.code(), Errc::empty_graph) << e.what();
            EXPECT_EQ(std::string(e.what()), path + ": no nodes");
        }
    }
}

TEST(ReadFile, RandomJunkNeverCrashes) {
    std::uint64_t x = 0x9E3779B97F4A7C15ull;
    for (int round = 0; round < 200; ++round) {
        std::string junk(static_cast<std::size_t>(round * 7 % 300 + 1), '\0');
        for (char& c : junk) {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            c = static_cast<char>(x);
        }
        for (int f = 0; f <= 7; ++f) {
            try {
                ics::io::read_string(junk, static_cast<Format>(f));
            } catch (const ics::Error& e) {
                EXPECT_NE(e.code(), Errc::internal);
            }
        }
    }
}
