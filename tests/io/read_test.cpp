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
