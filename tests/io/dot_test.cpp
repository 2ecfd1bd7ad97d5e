#include "helpers.hpp"

using namespace iotest;
using ics::io::read_string;

TEST(Dot, Chain) {
    const auto r = read_string("digraph G { a -> b -> c; }", Format::dot);
    EXPECT_EQ(names(r.dag), (std::vector<std::string>{"a", "b", "c"}));
    EXPECT_EQ(arcs(r.dag), (Arcs{{"a", "b"}, {"b", "c"}}));
}

TEST(Dot, RealWorldSubset) {
    const char* text = R"(/* generated */
strict digraph "my graph" {
  // a line comment
  graph [rankdir=LR, label="a ] b"];
  node [shape=box];
  edge [color=red]
  rankdir = TB;
  a [label="A \"quoted\" ]", color=#ff0000];
# a preprocessor line
  a -> b [weight=2];
  b -> {c d}
  {e f} -> g
  "h i" -> "j\"k" -> "back\\slash";
  x:port1 -> y:p:n
  subgraph cluster_0 { label="c0"; m -> n }
  subgraph { o } -> p
  1 -> -2.5
  <<b>html</b>> -> q
  "multi" + "part" -> r
  "line\
cont" -> s
}
)";
    const auto r = read_string(text, Format::dot, "x.dot");
    const Arcs want{{"1", "-2.5"},
                    {"<b>html</b>", "q"},
                    {"a", "b"},
                    {"b", "c"},
                    {"b", "d"},
                    {"e", "g"},
                    {"f", "g"},
                    {"h i", "j\"k"},
                    {"j\"k", "back\\slash"},
                    {"linecont", "s"},
                    {"m", "n"},
                    {"multipart", "r"},
                    {"o", "p"},
                    {"x", "y"}};
    EXPECT_EQ(arcs(r.dag), want);
    EXPECT_EQ(r.dag.node_count(), 24u);
    EXPECT_EQ(r.dag.name(0), "a");  // ids in order of appearance
}

TEST(Dot, SubgraphOperandsNest) {
    const auto r = read_string("digraph { {a -> {b c}} -> d; e -> subgraph s { f } }", Format::dot);
    EXPECT_EQ(arcs(r.dag), (Arcs{{"a", "b"}, {"a", "c"}, {"a", "d"}, {"b", "d"}, {"c", "d"}, {"e", "f"}}));
}

TEST(Dot, StatementsWithoutSemicolons) {
    const auto r = read_string("digraph { a -> b c -> d\n e }", Format::dot);
    EXPECT_EQ(arcs(r.dag), (Arcs{{"a", "b"}, {"c", "d"}}));
    EXPECT_EQ(r.dag.node_count(), 5u);
}

TEST(Dot, KeywordsAreCaseInsensitiveButQuotedNamesAreNot) {
    const auto r = read_string("DiGraph { NODE [x=1]; \"node\" -> \"edge\" }", Format::dot);
    EXPECT_EQ(arcs(r.dag), (Arcs{{"node", "edge"}}));
}

TEST(Dot, UndirectedIsRefused) {
    EXPECT_TRUE(fails_with("graph g {\n a -- b }", Format::dot, Errc::unsupported, {"in.txt:1:", "undirected"}));
    EXPECT_TRUE(fails_with("digraph g {\n a -- b }", Format::dot, Errc::unsupported, {"in.txt:2:", "'--'"}));
}

TEST(Dot, SyntaxErrorsNameTheLine) {
    EXPECT_TRUE(fails_with("digraph {\n a -> \n}", Format::dot, Errc::parse, {"in.txt:3:", "after '->'"}));
    EXPECT_TRUE(fails_with("digraph {\n a -> b\n", Format::dot, Errc::parse, {"missing '}'", "line 1"}));
    EXPECT_TRUE(
        fails_with("digraph {\n a -> \"b\n}\n", Format::dot, Errc::parse, {"in.txt:2:", "unterminated quoted"}));
    EXPECT_TRUE(fails_with("digraph {\n /* a -> b\n}\n", Format::dot, Errc::parse, {"in.txt:2:", "unterminated /*"}));
    EXPECT_TRUE(fails_with("digraph { a }\nextra", Format::dot, Errc::parse, {"in.txt:2:", "end of file"}));
    EXPECT_TRUE(fails_with("hello { a }", Format::dot, Errc::parse, {"in.txt:1:", "expected 'digraph'"}));
    EXPECT_TRUE(fails_with("digraph { a ; [x=1] }", Format::dot, Errc::parse, {"attribute list"}));
    EXPECT_TRUE(fails_with("digraph { a [x=1 }", Format::dot, Errc::parse, {"unterminated attribute list"}));
    EXPECT_TRUE(fails_with("digraph { -> b }", Format::dot, Errc::parse, {"'->' without"}));
    EXPECT_TRUE(fails_with("digraph {\n a -> -> b }", Format::dot, Errc::parse, {"in.txt:2:"}));
    EXPECT_TRUE(fails_with("digraph { a ! b }", Format::dot, Errc::parse, {"unexpected character '!'"}));
    EXPECT_TRUE(fails_with("digraph { a = }", Format::dot, Errc::parse, {"after '='"}));
    EXPECT_TRUE(fails_with("digraph { subgraph x a }", Format::dot, Errc::parse, {"after 'subgraph'"}));
    EXPECT_TRUE(fails_with("digraph { node a }", Format::dot, Errc::parse, {"after 'node'"}));
    EXPECT_TRUE(fails_with("digraph {\n <a b }", Format::dot, Errc::parse, {"in.txt:2:", "unterminated <html>"}));
}

TEST(Dot, StructuralErrors) {
    EXPECT_TRUE(fails_with("digraph {\n a -> a }", Format::dot, Errc::self_loop, {"in.txt:2:"}));
    EXPECT_TRUE(fails_with("digraph { a -> b -> a }", Format::dot, Errc::cycle, {"in.txt: graph has a cycle"}));
    EXPECT_TRUE(fails_with("digraph {}", Format::dot, Errc::empty_graph, {"no nodes"}));
    EXPECT_TRUE(fails_with("digraph { a \x01 }", Format::dot, Errc::parse, {"binary data"}));
}

TEST(Dot, DeepNestingIsBoundedNotACrash) {
    const std::string text = "digraph {" + std::string(200000, '{') + std::string(200000, '}') + "}";
    EXPECT_TRUE(fails_with(text, Format::dot, Errc::parse, {"nested deeper than 1000"}));
    const std::string ok = "digraph { a -> " + std::string(500, '{') + "b" + std::string(500, '}') + "}";
    EXPECT_EQ(arcs(read_string(ok, Format::dot).dag), (Arcs{{"a", "b"}}));
}

TEST(Dot, LongChain) {
    std::string text = "digraph {\n n0";
    for (int i = 1; i < 100000; ++i) text += " -> n" + std::to_string(i);
    text += "\n}\n";
    const auto r = read_string(text, Format::dot);
    EXPECT_EQ(r.dag.level_count(), 100000u);
}
