#include "helpers.hpp"

using namespace iotest;
using ics::io::read_string;

TEST(Edges, ArcsDeclarationsAndComments) {
    const auto r = read_string("# a comment\na b\r\nb c # trailing comment\n\n  d  \n\ta\tc\n", Format::edges);
    EXPECT_EQ(r.format, Format::edges);
    EXPECT_EQ(names(r.dag), (std::vector<std::string>{"a", "b", "c", "d"}));
    EXPECT_EQ(arcs(r.dag), (Arcs{{"a", "b"}, {"a", "c"}, {"b", "c"}}));
}

TEST(Edges, DuplicateArcsAreMerged) {
    const auto r = read_string("a b\na b\n", Format::edges);
    EXPECT_EQ(r.dag.arc_count(), 1u);
    EXPECT_EQ(r.dag.duplicate_arcs(), 1u);
}

TEST(Edges, AnyNonBlankNamesAndUtf8) {
    const auto r = read_string("\xEF\xBB\xBFj\xC3\xA9r\xC3\xB4me x/y:z[1]\n\"q\" {}\n", Format::edges);
    EXPECT_EQ(names(r.dag), (std::vector<std::string>{"j\xC3\xA9r\xC3\xB4me", "x/y:z[1]", "\"q\"", "{}"}));
}

TEST(Edges, ThreeNamesOnALineIsAnError) {
    EXPECT_TRUE(fails_with("a b\nb c d\n", Format::edges, Errc::parse, {"in.txt:2:", "3 names"}));
}

TEST(Edges, SelfLoop) {
    EXPECT_TRUE(fails_with("a b\nc c\n", Format::edges, Errc::self_loop, {"in.txt:2:", "'c'"}));
}

TEST(Edges, CycleNamesTheFile) {
    EXPECT_TRUE(fails_with("a b\nb c\nc a\n", Format::edges, Errc::cycle, {"in.txt: ", "graph has a cycle"}));
}

TEST(Edges, EmptyAndCommentOnly) {
    EXPECT_TRUE(fails_with("", Format::edges, Errc::empty_graph, {"in.txt", "no nodes"}));
    EXPECT_TRUE(fails_with("  \n\n", Format::edges, Errc::empty_graph, {"no nodes"}));
    EXPECT_TRUE(fails_with("# only\n# comments\n", Format::edges, Errc::empty_graph, {"no nodes"}));
}

TEST(Edges, BinaryJunk) {
    const std::string junk(
        "\x7f"
        "ELF\x02\x01\x01\x00\x00\x00",
        10);
    EXPECT_TRUE(fails_with(junk, Format::edges, Errc::parse, {"in.txt:1:", "binary data"}));
    EXPECT_TRUE(
        fails_with("a b\nc \xFF\xFE\n", Format::edges, Errc::parse, {"in.txt:2:", "invalid UTF-8", "column 3"}));
    EXPECT_TRUE(
        fails_with("a b\n\xC0\xAF x\n", Format::edges, Errc::parse, {"in.txt:2:", "invalid UTF-8"}));  // overlong
}

// The text check runs 8 bytes at a time: a bad byte at any offset of a word,
// in a long line, is still found, with its column; good bytes of every class
// (tab, CR, printable, UTF-8) at every offset pass.
TEST(Edges, BadBytesAtEveryOffset) {
    const std::string bad[] = {"\x01", "\x7f", "\x1f", "\xff", "\xc3"};
    for (const std::string& b : bad)
        for (std::size_t at = 0; at < 24; ++at) {
            std::string line(40, 'x');
            line.replace(at, 1, b);
            const std::string text = "a b\nv" + line + " w\n";
            EXPECT_TRUE(fails_with(text, Format::edges, Errc::parse,
                                   {"in.txt:2:", "column " + std::to_string(at + 2) + ")"}))
                << "byte " << static_cast<int>(static_cast<unsigned char>(b[0])) << " at " << at;
        }
    for (std::size_t at = 0; at < 24; ++at) {
        std::string name(40, 'y');
        name.replace(at, 1, at % 2 ? "\xc3\xa9" : "~");
        const std::string text = "a\tb\r\n" + name + " z\n";
        const auto r = read_string(text, Format::edges);
        EXPECT_EQ(r.dag.node_count(), 4u) << at;
    }
}

TEST(Edges, ManyLinesStayFast) {
    std::string text;
    for (int i = 0; i < 200000; ++i) text += "n" + std::to_string(i) + " n" + std::to_string(i + 1) + "\n";
    const auto r = read_string(text, Format::edges);
    EXPECT_EQ(r.dag.node_count(), 200001u);
    EXPECT_EQ(r.dag.level_count(), 200001u);
}

// read_file frees the file before the dag is built (issue 18: peak memory);
// the dag is the same as read_string's on the same bytes: random edge lists
// with lone nodes, comments, repeated arcs and CRLF lines, over 64 batches of
// the reader's prefetching, and over the sizes where the name index grows.
TEST(Edges, FileAndStringReadsAgreeOnRandomLists) {
    TempDir dir;
    std::uint64_t state = 12345;
    auto next = [&state] {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        return state >> 33;
    };
    for (int round = 0; round < 40; ++round) {
        const std::uint64_t n = 1 + next() % (round < 30 ? 200 : 20000);
        std::string text;
        for (std::uint64_t line = 0, lines = n * (1 + next() % 4); line < lines; ++line) {
            const std::uint64_t a = next() % n, b = next() % n;
            switch (next() % 8) {
                case 0: text += "n" + std::to_string(a) + "\n"; break;                     // lone node
                case 1: text += "# comment n" + std::to_string(a) + " n0\n"; break;         // comment only
                case 2: text += "\n"; break;                                                 // blank
                default:
                    if (a == b) continue;
                    // arcs from the smaller to the larger number: acyclic
                    text += "n" + std::to_string(std::min(a, b)) + (next() % 2 ? "\t" : " ") + "n" +
                            std::to_string(std::max(a, b)) + (next() % 5 ? "\n" : "\r\n");
            }
        }
        if (text.find('n') == std::string::npos) text += "n0\n";
        const std::string path = dir.file("r" + std::to_string(round) + ".edges", text);
        const auto from_file = ics::io::read_file(path, Format::edges);
        const auto from_string = read_string(text, Format::edges);
        ASSERT_EQ(names(from_file.dag), names(from_string.dag)) << "round " << round;
        ASSERT_EQ(arcs(from_file.dag), arcs(from_string.dag)) << "round " << round;
        EXPECT_EQ(from_file.dag.duplicate_arcs(), from_string.dag.duplicate_arcs());
        for (ics::NodeId v = 0; v < from_file.dag.node_count(); ++v)
            ASSERT_EQ(from_file.dag.find(from_file.dag.name(v)), v);
    }
}
