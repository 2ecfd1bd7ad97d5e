#include "helpers.hpp"

using namespace iotest;
using ics::io::read_file;
using ics::io::read_string;

// ----------------------------------------------------------------------- DAX

TEST(Dax, RealHeftPaper) {
    const auto r = read_file(data_path("dax/HEFT_paper.xml"));
    EXPECT_EQ(r.format, Format::dax);
    expect_shape(r.dag, {10, 15, 1, 1, 4, 5});  // MANIFEST.tsv
    EXPECT_EQ(r.dag.name(0), "ID00001");
}

TEST(Dax, JobsDagsDaxesAndChildren) {
    const char* text = R"(<?xml version="1.0"?>
<adag xmlns="http://pegasus.isi.edu/schema/DAX" version="3.6">
  <child ref="c"><parent ref="a"/><parent ref="b"/></child>
  <job id="a" name="x"><uses file="f" link="output"/></job>
  <dag id="b" file="sub.dag"/>
  <dax id="c" file="sub.dax"/>
  <file name="f"/>
</adag>)";
    const auto r = read_string(text, Format::dax);
    EXPECT_EQ(names(r.dag), (std::vector<std::string>{"a", "b", "c"}));
    EXPECT_EQ(arcs(r.dag), (Arcs{{"a", "c"}, {"b", "c"}}));
}

TEST(Dax, NamespacePrefix) {
    const auto r = read_string(
        R"(<p:adag xmlns:p="x"><p:job id="a"/><p:job id="b"/><p:child ref="b"><p:parent ref="a"/></p:child></p:adag>)",
        Format::dax);
    EXPECT_EQ(arcs(r.dag), (Arcs{{"a", "b"}}));
}

TEST(Dax, Errors) {
    const auto f = Format::dax;
    EXPECT_TRUE(fails_with("<adag>\n<job id=\"a\">\n</adag>", f, Errc::parse, {"in.txt:3:", "XML error"}));
    EXPECT_TRUE(fails_with("<graph/>", f, Errc::parse, {"in.txt:1:", "expected <adag>"}));
    EXPECT_TRUE(fails_with("<adag>\n  <job name=\"a\"/>\n</adag>", f, Errc::parse, {"in.txt:2:", "id="}));
    EXPECT_TRUE(fails_with("<adag>\n<job id=\"a\"/>\n<child ref=\"a\">\n <parent ref=\"zz\"/>\n</child></adag>", f,
                           Errc::unknown_node, {"in.txt:4:", "'zz'"}));
    EXPECT_TRUE(
        fails_with("<adag><job id=\"a\"/>\n<child ref=\"q\"/></adag>", f, Errc::unknown_node, {"in.txt:2:", "'q'"}));
    EXPECT_TRUE(fails_with("<adag><job id=\"a\"/>\n<job id=\"a\"/></adag>", f, Errc::duplicate_node, {"in.txt:2:"}));
    EXPECT_TRUE(
        fails_with("<adag><job id=\"a\"/><job id=\"b\"/><child ref=\"a\"><parent ref=\"b\"/></child>"
                   "<child ref=\"b\"><parent ref=\"a\"/></child></adag>",
                   f, Errc::cycle, {"in.txt: graph has a cycle"}));
    EXPECT_TRUE(fails_with("<adag/>", f, Errc::empty_graph, {"no nodes"}));
    EXPECT_TRUE(fails_with("<adag>\n\x01\x02</adag>", f, Errc::parse, {"in.txt:2:", "binary data"}));
    EXPECT_TRUE(fails_with("not xml at all", f, Errc::parse, {"XML error"}));
}

// ----------------------------------------------------------------------- STG

TEST(Stg, RealRand0000) {
    const auto r = read_file(data_path("stg/rand0000.stg"));
    EXPECT_EQ(r.format, Format::stg);
    expect_shape(r.dag, {52, 119, 1, 1, 11, 12});  // MANIFEST.tsv (stg/50/rand0000.stg)
    EXPECT_EQ(r.dag.name(51), "51");
}

TEST(Stg, DummiesAreNodesAndInfoBlockIsIgnored) {
    const auto r =
        read_string("# leading comment\n  2\n0 0 0\n1 3 1 0\n2 2 1 0\n3 0 2 1 2\n# Tasks : 2\n9 9 9\n", Format::stg);
    EXPECT_EQ(names(r.dag), (std::vector<std::string>{"0", "1", "2", "3"}));
    EXPECT_EQ(arcs(r.dag), (Arcs{{"0", "1"}, {"0", "2"}, {"1", "3"}, {"2", "3"}}));
}

TEST(Stg, Errors) {
    const auto f = Format::stg;
    EXPECT_TRUE(fails_with("2 5\n0 0 0\n", f, Errc::parse, {"in.txt:1:", "only the task count"}));
    EXPECT_TRUE(fails_with("x\n", f, Errc::parse, {"in.txt:1:", "'x'"}));
    EXPECT_TRUE(fails_with("-1\n", f, Errc::parse, {"in.txt:1:"}));
    EXPECT_TRUE(fails_with("1\n0 0 0\n2 1 1 0\n2 0 1 1\n", f, Errc::parse, {"in.txt:3:", "expected task id 1"}));
    EXPECT_TRUE(fails_with("1\n0 0 0\n1 1 2 0\n2 0 1 1\n", f, Errc::parse,
                           {"in.txt:3:", "declares 2 predecessors but lists 1"}));
    EXPECT_TRUE(fails_with("1\n0 0 0\n1 1 1 7\n2 0 1 1\n", f, Errc::parse, {"in.txt:3:", "out of range"}));
    EXPECT_TRUE(fails_with("1\n0 0 0\n1 1 1 0\n\n\n# info\n", f, Errc::parse, {"expected 3 task lines", "found 2"}));
    EXPECT_TRUE(
        fails_with("1\n0 0 0\n1 1 1 0\n2 0 1 1\n3 0 0\n", f, Errc::parse, {"in.txt:5:", "after the last task"}));
    EXPECT_TRUE(fails_with("1\n0 0 0\n1 a 1 0\n2 0 1 1\n", f, Errc::parse, {"in.txt:3:", "processing time"}));
    EXPECT_TRUE(fails_with("1\n0 0 0\n1 1 1 0 # x\n2 0 1 1\n", f, Errc::parse, {"in.txt:3:", "'#'"}));
    EXPECT_TRUE(fails_with("1\n0 0 0\n1 1\n2 0 1 1\n", f, Errc::parse, {"in.txt:3:"}));
    EXPECT_TRUE(fails_with("1\n0 0 0\n1 1 1 1\n2 0 1 1\n", f, Errc::self_loop, {"in.txt:3:"}));
    EXPECT_TRUE(fails_with("2\n0 0 1 2\n1 1 1 0\n2 1 1 1\n3 0 1 2\n", f, Errc::cycle, {"graph has a cycle"}));
    EXPECT_TRUE(fails_with("99999999999\n0 0 0\n", f, Errc::parse, {"in.txt:1:", "too many tasks"}));
    EXPECT_TRUE(fails_with("1000000\n0 0 0\n", f, Errc::parse, {"in.txt:1:", "only"}));
    EXPECT_TRUE(fails_with("# only a comment\n", f, Errc::empty_graph, {"no nodes"}));
    EXPECT_TRUE(fails_with("1\n0 0 0\x01\n", f, Errc::parse, {"in.txt:2:", "binary data"}));
}

TEST(Dax, DeepNestingIsNotACrash) {
    std::string deep = "<adag><job id=\"a\">";
    for (int i = 0; i < 200000; ++i) deep += "<x>";
    for (int i = 0; i < 200000; ++i) deep += "</x>";
    deep += "</job></adag>";
    EXPECT_EQ(read_string(deep, Format::dax).dag.node_count(), 1u);
}

TEST(Dax, NulCharacterReferenceIsRefused) {
    // pugixml would decode it and cut the id at it: "a&#0;b" read as "a".
    for (const char* ref : {"&#0;", "&#x0;", "&#000;", "&#X00;"}) {
        const std::string xml = std::string("<adag>\n<job id=\"a") + ref + "b\"/>\n</adag>\n";
        EXPECT_TRUE(fails_with(xml, Format::dax, Errc::parse, {"in.txt:2:", ref, "NUL"}));
    }
    // Other references still read.
    const auto r = ics::io::read_string("<adag><job id=\"a&#65;&#x42;\"/></adag>", Format::dax);
    EXPECT_EQ(names(r.dag), (std::vector<std::string>{"aAB"}));
}
