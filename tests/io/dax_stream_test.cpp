// The streaming DAX reader (lib/io/dax.cpp on lib/io/xml_stream.cpp) against
// the reader it replaced, kept here as the reference: pugixml's document
// tree, jobs first, then <child>/<parent> (the code of dax.cpp before the
// change, with read_string's checks in front). Every document, real or
// generated, valid or broken, must read to the same dag (names in the same
// order, arcs, duplicates) or fail with the same code, and the same message
// when the reference's error is not an XML syntax error (the XML errors'
// wording and column are the new reader's own). The new reader is also fed
// in pieces of every size down to one byte: the outcome, messages included,
// must be the one of the whole text.
#include <filesystem>
#include <fstream>
#include <random>
#include <unistd.h>
#include <sstream>

#include "helpers.hpp"
#include "io/detail.hpp"
#include "io/xml_stream.hpp"

#include "dax_reference.hpp"

using namespace iotest;
namespace detail = ics::io::detail;
using ics::Dag;
using ics::NodeId;

namespace {

// ------------------------------------------------------------ outcomes

// What read_string does in front of read_dax, then `read`.
template <class Read>
Dag checked(std::string_view text, Read read) {
    if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);
    if (detail::trim(text).empty()) detail::fail_at(Errc::empty_graph, "in.txt", detail::kNoLine, "no nodes");
    detail::check_text(text, "in.txt");
    return read(text);
}

Outcome reference(std::string_view text) {
    return outcome_of([&] { return checked(text, [](std::string_view t) { return daxref::ReferenceReader(t, "in.txt").read(); }); });
}

Outcome streamed(std::string_view text) {
    return outcome_of([&] { return ics::io::read_string(text, Format::dax, "in.txt").dag; });
}

// Pieces of the given sizes in turn (the last size repeated).
class Pieces final : public detail::XmlPieces {
public:
    Pieces(std::string_view text, std::vector<std::size_t> sizes) : text_(text), sizes_(std::move(sizes)) {}
    std::string_view next() override {
        const std::size_t n = std::min(text_.size() - at_, sizes_[std::min(i_, sizes_.size() - 1)]);
        ++i_;
        // A copy that dies at the next call: a reader that kept a pointer
        // into a piece it left reads freed memory (ASan) or other bytes.
        piece_ = std::make_unique<char[]>(n + 1);
        std::copy_n(text_.data() + at_, n, piece_.get());
        at_ += n;
        return {piece_.get(), n};
    }

private:
    std::string_view text_;
    std::vector<std::size_t> sizes_;
    std::size_t i_ = 0, at_ = 0;
    std::unique_ptr<char[]> piece_;
};

Outcome in_pieces(std::string_view text, std::vector<std::size_t> sizes) {
    return outcome_of([&] {
        return checked(text, [&](std::string_view t) {
            Pieces p(t, sizes);
            return detail::read_dax(p, "in.txt");
        });
    });
}

std::string describe(const Outcome& o) {
    if (!o.ok) return "error " + std::to_string(static_cast<int>(o.code)) + ": " + o.message;
    return std::to_string(o.names.size()) + " nodes, " + std::to_string(o.arcs.size()) + " arcs";
}

// The new reader's outcome fits the reference's (module XML error wording).
::testing::AssertionResult same_as_reference(const Outcome& got, const Outcome& want, std::string_view text) {
    const auto failure = [&] {
        return ::testing::AssertionFailure() << "streamed: " << describe(got) << "\nreference: " << describe(want)
                                             << "\ndocument:\n"
                                             << text.substr(0, 2000);
    };
    if (got.ok != want.ok || got.code != want.code) return failure();
    if (got.ok) {
        if (got.names != want.names || got.arcs != want.arcs || got.duplicates != want.duplicates) return failure();
    } else if (want.message.find("XML error") == std::string::npos) {
        if (got.message != want.message) return failure();
    } else if (got.message.find("XML error") == std::string::npos) {
        return failure();
    }
    return ::testing::AssertionSuccess();
}

::testing::AssertionResult same_outcome(const Outcome& a, const Outcome& b) {
    if (a.ok == b.ok && a.code == b.code && a.message == b.message && a.names == b.names && a.arcs == b.arcs &&
        a.duplicates == b.duplicates)
        return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << describe(a) << "\nvs\n" << describe(b);
}

std::string slurp(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

// ------------------------------------------------------------ random documents

// Random DAX documents in the forms files use and the odd ones XML allows:
// attributes in any order and quoting, references in ids, prefixes,
// comments / PIs / CDATA / text anywhere, a DOCTYPE, unknown elements (with
// jobs inside, which are not the document's), forward references, and now
// and then a duplicate, unknown or missing reference or a self-loop.
class Generator {
public:
    explicit Generator(std::uint32_t seed) : rng_(seed) {}

    std::string document() {
        std::string d;
        if (chance(2)) d += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>" + nl();
        if (chance(3)) d += misc();
        if (chance(6))
            d += "<!DOCTYPE adag [ <!ENTITY e \"x\"> <!-- c ]> --> <?p x>?> <![IGNORE[ <![ a ]]> ]]> "
                 "<!ATTLIST job id ID #REQUIRED> ]>" + nl();
        prefix_ = chance(5) ? (chance(2) ? "dax:" : "p:") : "";
        d += "<" + prefix_ + "adag" + attrs({{"xmlns", "http://pegasus.isi.edu/schema/DAX"}, {"version", "3.6"}}) + ">";
        const int jobs = pick(1, 12);
        std::vector<std::string> items;
        for (int j = 0; j < jobs; ++j) items.push_back(job(j));
        const int children = pick(0, 8);
        for (int c = 0; c < children; ++c) items.push_back(child(jobs));
        for (int u = pick(0, 4); u > 0; --u) items.push_back(unknown(jobs));
        if (chance(2)) std::shuffle(items.begin(), items.end(), rng_);  // children before jobs too
        for (const auto& s : items) d += nl() + (chance(5) ? misc() : "") + s;
        d += nl() + "</" + prefix_ + "adag>";
        if (chance(4)) d += misc();
        if (chance(10)) d += "<adag><job id=\"late\"/></adag>";  // a second top-level element
        if (chance(2)) d += "\n";
        return d;
    }

    // Random small edits: any of them may break the XML or the DAX
    // (`binary`: control bytes and broken UTF-8 too).
    std::string mutate(std::string d, bool binary = false) {
        const std::string kBytes = binary ? std::string("<>/\"'=&\x01\xC3\xFF\xF0\x9F\n\0", 14) : "<>/\"'=&-]![?;# \nxa:";
        for (int k = pick(1, 3); k > 0 && !d.empty(); --k) {
            const auto at = static_cast<std::size_t>(pick(0, static_cast<int>(d.size()) - 1));
            switch (pick(0, 3)) {
                case 0: d.erase(at, 1); break;
                case 1: d.insert(at, 1, kBytes[static_cast<std::size_t>(pick(0, static_cast<int>(kBytes.size()) - 1))]); break;
                case 2: d.insert(at, d.substr(at, static_cast<std::size_t>(pick(1, 6)))); break;
                default: d.resize(at); break;
            }
        }
        return d;
    }

private:
    bool chance(int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng_) == 0; }
    int pick(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng_); }
    std::string nl() {
        static const char* kSpace[] = {"\n", "\n  ", " ", "", "\r\n", "\t"};
        return kSpace[pick(0, 5)];
    }
    std::string ws() {
        static const char* kSpace[] = {" ", "  ", "\n", "\t", "\r\n "};
        return kSpace[pick(0, 4)];
    }
    std::string misc() {
        switch (pick(0, 4)) {
            case 0: return "<!-- a comment with <job id=\"no\"/> -- inside -->";
            case 1: return "<?pi some ? data > here?>";
            case 2: return "text &amp; more > text";
            case 3: return "<![CDATA[ <job id=\"cdata\"/> ]] > ]]>";
            default: return nl();
        }
    }
    // An id as written: plain, or with references, spaces or tabs in it.
    std::string id(int j) {
        static const char* kForms[] = {"ID%d",      "a&amp;%d",  "&#x41;%d", "&#66;%d",   "q&quot;%d", "&lt;%d&gt;",
                                       "u&foo;%d",  "v&#12a;%d", "&apos;%d", "t\t%d",     "s %d",      "r\r\n%d",
                                       "w&#9;%d",   "&#x1F600;%d", "&#xD800;%d", "n&#;%d", "é%d",      "p:%d"};
        char buf[64];
        std::snprintf(buf, sizeof buf, kForms[(j * 7 + seed_form_) % 18], j);
        return buf;
    }
    std::string attrs(std::vector<std::pair<std::string, std::string>> a) {
        if (chance(2)) std::shuffle(a.begin(), a.end(), rng_);
        std::string s;
        for (const auto& [k, v] : a) {
            const char q = chance(3) ? '\'' : '"';
            s += ws() + k + (chance(4) ? ws() : "") + "=" + (chance(4) ? ws() : "") + q + v + q;
        }
        if (chance(4)) s += ws();
        return s;
    }
    std::string id_attr(int j) {
        if (chance(25)) return "";
        return chance(20) ? id(pick(0, 12)) : id(j);  // sometimes a duplicate
    }
    std::string job(int j) {
        static const char* kKinds[] = {"job", "job", "job", "dag", "dax"};
        const std::string kind = prefix_ + kKinds[pick(0, 4)];
        std::vector<std::pair<std::string, std::string>> a = {
            {"name", "x&lt;y"}, {"namespace", "LIGO"}, {"runtime", "1.5"}, {"version", "1.0"}};
        const std::string v = id_attr(j);
        if (!v.empty() || chance(2)) a.emplace_back("id", v);
        if (chance(8)) a.emplace_back("ID", "upper");
        const std::string head = "<" + kind + attrs(std::move(a));
        if (chance(2)) return head + "/>";
        std::string body;
        for (int k = pick(0, 3); k > 0; --k)
            body += nl() + "<" + prefix_ + "uses" + attrs({{"file", "f&amp;" + std::to_string(k)}, {"link", "input"}}) + "/>";
        if (chance(4)) body += "<argument>-i <file name=\"x\"/> &lt;&gt;</argument>";
        return head + ">" + body + nl() + "</" + kind + ws().substr(0, chance(3) ? 1 : 0) + ">";
    }
    std::string ref(int jobs) {
        if (chance(30)) return "";
        if (chance(30)) return "nobody";
        return id(pick(0, jobs - 1));
    }
    std::string child(int jobs) {
        const std::string kind = prefix_ + "child";
        std::string s = "<" + kind + (chance(30) ? "" : attrs({{"ref", ref(jobs)}}));
        const int parents = pick(0, 4);
        if (parents == 0 && chance(2)) return s + "/>";
        s += ">";
        for (int p = 0; p < parents; ++p) {
            s += nl() + (chance(8) ? misc() : "");
            const std::string pk = chance(12) ? "other" : prefix_ + "parent";
            s += "<" + pk + attrs({{"ref", ref(jobs)}});
            s += chance(3) ? "></" + pk + ">" : "/>";
        }
        return s + nl() + "</" + kind + ">";
    }
    std::string unknown(int jobs) {
        switch (pick(0, 3)) {
            case 0: return "<file name=\"f\"><pfn url=\"file:///x&amp;y\" site=\"local\"/></file>";
            case 1: return "<meta key=\"k\">value &#x26; more</meta>";
            case 2: return "<executable name=\"e\"><job id=\"nested\"/><child ref=\"" + id(0) + "\"><parent ref=\"" +
                           id(jobs - 1) + "\"/></child></executable>";
            default: return "<" + prefix_ + "invoke when=\"end\">/bin/date</" + prefix_ + "invoke>";
        }
    }

    std::mt19937 rng_;
    std::string prefix_;
    int seed_form_ = static_cast<int>(rng_() % 18);
};

}  // namespace

// ------------------------------------------------------------ tests

constexpr std::uint32_t kSeeds = 3000;

TEST(DaxStream, EveryWorkloadAndTestDaxReadsAsBefore) {
    std::vector<std::filesystem::path> files = {data_path("dax/HEFT_paper.xml")};
    if (const char* w = std::getenv("ICS_WORKLOADS"); w && std::filesystem::is_directory(w))
        for (const auto& e : std::filesystem::recursive_directory_iterator(w))
            if (e.path().extension() == ".xml" || e.path().extension() == ".dax") files.push_back(e.path());
    int read = 0;
    for (const auto& f : files) {
        const std::string text = slurp(f);
        const Outcome want = reference(text);
        ASSERT_TRUE(want.ok) << f << ": " << want.message;
        EXPECT_TRUE(same_as_reference(streamed(text), want, "")) << f;
        EXPECT_TRUE(same_outcome(in_pieces(text, {4093}), want)) << f;
        ++read;
    }
    std::printf("%d DAX files compared\n", read);
}

TEST(DaxStream, RandomDocumentsReadAsBefore) {
    int ok = 0, failed = 0;
    for (std::uint32_t seed = 1; seed <= kSeeds; ++seed) {
        Generator g(seed);
        const std::string d = g.document();
        const Outcome want = reference(d);
        (want.ok ? ok : failed)++;
        ASSERT_TRUE(same_as_reference(streamed(d), want, d)) << "seed " << seed;
    }
    // Both kinds are common enough to mean something.
    EXPECT_GT(ok, 300);
    EXPECT_GT(failed, 600);
}

TEST(DaxStream, MutatedDocumentsFailOrReadAsBefore) {
    int xml_errors = 0;
    for (std::uint32_t seed = 1; seed <= 4 * kSeeds / 3; ++seed) {
        Generator g(seed);
        const std::string d = g.mutate(g.document());
        const Outcome want = reference(d);
        if (!want.ok && want.message.find("XML error") != std::string::npos) ++xml_errors;
        ASSERT_TRUE(same_as_reference(streamed(d), want, d)) << "seed " << seed;
    }
    EXPECT_GT(xml_errors, 500);
}

TEST(DaxStream, PiecesOfAnySizeGiveTheWholeTextsOutcome) {
    for (std::uint32_t seed = 1; seed <= 400; ++seed) {
        Generator g(seed);
        const std::string d = seed % 2 ? g.document() : g.mutate(g.document());
        const Outcome whole = streamed(d);
        for (std::size_t size : {1, 2, 3, 5, 17, 64})
            ASSERT_TRUE(same_outcome(in_pieces(d, {size}), whole)) << "seed " << seed << ", pieces of " << size;
        ASSERT_TRUE(same_outcome(in_pieces(d, {7, 1, 3, 11}), whole)) << "seed " << seed;
    }
}

TEST(DaxStream, TruncatedAtEveryByteFailsCleanlyOrReadsAsBefore) {
    const std::string d =
        "<?xml version=\"1.0\"?>\n<!-- c -->\n<!DOCTYPE adag [<!ENTITY e 'x'>]>\n"
        "<adag xmlns=\"http://pegasus.isi.edu/schema/DAX\" version='3.6'>\n"
        "  <job id=\"a&amp;1\" name=\"x\"><uses file=\"f\" link=\"input\"/><argument>-x &lt; <![CDATA[y]]></argument></job>\n"
        "  <job id='b&#x41;'/>\n  <?pi x?>\n"
        "  <child ref=\"bA\">\n    <parent ref=\"a&amp;1\"></parent>\n  </child>\n</adag>\n<!-- end -->\n";
    int read = 0;
    for (std::size_t n = 0; n <= d.size(); ++n) {
        const std::string_view t(d.data(), n);
        const Outcome want = reference(t);
        read += want.ok;
        ASSERT_TRUE(same_as_reference(streamed(t), want, t)) << "first " << n << " bytes";
        ASSERT_TRUE(same_outcome(in_pieces(t, {1}), streamed(t))) << "first " << n << " bytes";
    }
    EXPECT_EQ(read, 4);  // ending with </adag>, its line end, the last comment, its line end
}

TEST(DaxStream, ErrorsNameTheLine) {
    const auto f = Format::dax;
    EXPECT_TRUE(fails_with("<adag>\n<job id=\"a\">\n</adag>", f, Errc::parse, {"in.txt:3:", "XML error", "<job>"}));
    EXPECT_TRUE(fails_with("<adag>\n<job id=\"a\"/>\n<job id=\"b", f, Errc::parse, {"in.txt:3:", "XML error"}));
    EXPECT_TRUE(fails_with("<adag>\n\n<job id=\"a\"/></adag>\n<!-- x", f, Errc::parse, {"in.txt:4:", "comment"}));
    EXPECT_TRUE(fails_with("<adag>\n  <job  id=\"a\" x/>", f, Errc::parse, {"in.txt:2:", "column 17", "'='"}));
    // Found while reading, reported after the end, as the two passes did:
    // the duplicate job before the unknown reference above it.
    EXPECT_TRUE(fails_with("<adag><child ref=\"zz\"/>\n<job id=\"a\"/>\n<job id=\"a\"/></adag>", f, Errc::duplicate_node,
                           {"in.txt:3:", "'a'"}));
    // A forward reference resolved at the end; the first bad one named.
    EXPECT_TRUE(fails_with("<adag><child ref=\"b\">\n<parent ref=\"a\"/>\n<parent ref=\"q\"/></child>\n"
                           "<child ref=\"a\"><parent ref=\"a\"/></child><job id=\"a\"/><job id=\"b\"/></adag>",
                           f, Errc::unknown_node, {"in.txt:3:", "'q'"}));
    EXPECT_TRUE(fails_with("<adag><job id=\"a\"/><child ref=\"a\">\n<parent ref=\"a\"/></child></adag>", f,
                           Errc::self_loop, {"in.txt:2:", "'a'"}));
    // &#0; cut by a piece's end is still found, on its line.
    const std::string nul = "<adag>\n<job id=\"x\"/>\n<job id=\"a&#000;\"/></adag>";
    for (std::size_t size : {1, 2, 3, 4, 1000}) {
        const Outcome o = in_pieces(nul, {size});
        EXPECT_EQ(o.code, Errc::parse);
        EXPECT_NE(o.message.find("in.txt:3: character reference &#000; is NUL"), std::string::npos) << o.message;
    }
    // A reference past 2^32 wraps to NUL in pugixml (which then cut the id): refused.
    EXPECT_TRUE(fails_with("<adag><job id=\"a&#4294967296;\"/></adag>", f, Errc::parse, {"is NUL"}));
}

TEST(DaxStream, DeepNestingInPiecesIsNotACrash) {
    std::string deep = "<adag><job id=\"a\"/><job id=\"b\"/><x>";
    for (int i = 0; i < 100000; ++i) deep += "<y a='1'>";
    for (int i = 0; i < 100000; ++i) deep += "</y>";
    deep += "</x><child ref=\"b\"><parent ref=\"a\"/></child></adag>";
    const Outcome o = in_pieces(deep, {4096});
    ASSERT_TRUE(o.ok) << o.message;
    EXPECT_EQ(o.arcs, (Arcs{{"a", "b"}}));
}

TEST(DaxStream, HugeAttributesOfOtherElementsAreSkipped) {
    // A 4 MB attribute of <uses> and a 4 MB comment, read in 64 KB pieces.
    std::string d = "<adag><job id=\"a\"><uses file=\"" + std::string(4u << 20, 'f') + "\"/></job><!--" +
                    std::string(4u << 20, '-') + "--><job id=\"b\"/></adag>";
    const Outcome o = in_pieces(d, {65536});
    ASSERT_TRUE(o.ok) << o.message;
    EXPECT_EQ(o.names, (std::vector<std::string>{"a", "b"}));
}

// ------------------------------------------------------------ a file in pieces

namespace {

class TempFile {
public:
    explicit TempFile(std::string_view text) {
        char name[] = "/tmp/ics_dax_stream_XXXXXX";
        const int fd = ::mkstemp(name);
        EXPECT_GE(fd, 0);
        path_ = name;
        EXPECT_EQ(::write(fd, text.data(), text.size()), static_cast<ssize_t>(text.size()));
        ::close(fd);
    }
    ~TempFile() { std::filesystem::remove(path_); }
    const std::string& path() const { return path_; }

private:
    std::string path_;
};

ics::io::ReadResult result_of(Dag g) {
    ics::io::ReadResult r;
    r.dag = std::move(g);
    return r;
}

Outcome from_file(const std::string& path, std::size_t piece, std::uint64_t max_bytes = UINT64_MAX) {
    return outcome_of([&] { return detail::read_dax_file(path, max_bytes, piece); });
}
Outcome whole_file(const std::string& path) {
    return outcome_of([&] { return ics::io::read_file(path, Format::dax).dag; });
}

// Same outcome as the file read whole, messages included: a piece is
// checked for binary data when it arrives, and an error found earlier waits
// until the rest is checked, so the order of the whole text's checks holds.
::testing::AssertionResult same_as_whole(const Outcome& got, const Outcome& want) {
    if (same_outcome(got, want)) return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << "pieces: " << describe(got) << "\nwhole: " << describe(want);
}

}  // namespace

TEST(DaxStream, FileInPiecesReadsAsTheWholeFile) {
    for (std::uint32_t seed = 1; seed <= kSeeds / 10; ++seed) {
        Generator g(seed);
        std::string d = seed % 3 ? g.mutate(g.document(), true) : g.document();
        if (seed % 5 == 0) d = "\xEF\xBB\xBF" + d;  // a byte-order mark
        const TempFile f(d);
        const Outcome want = whole_file(f.path());
        for (std::size_t piece : {8, 9, 10, 13, 64, 1 << 20})
            ASSERT_TRUE(same_as_whole(from_file(f.path(), piece), want)) << "seed " << seed << ", pieces of " << piece
                                                                          << "\n" << d;
    }
}

TEST(DaxStream, FileInPiecesKeepsUtf8SequencesWholeAndNamesBadBytes) {
    // Ids of 1- to 4-byte characters, cut by the pieces' ends at every place.
    const std::string d = "<adag>\n<job id=\"\xC3\xA9t\xC3\xA9\"/>\n<job id=\"\xE2\x82\xAC\xF0\x9F\x98\x80\"/>\n"
                          "<child ref=\"\xE2\x82\xAC\xF0\x9F\x98\x80\"><parent ref=\"\xC3\xA9t\xC3\xA9\"/></child></adag>\n";
    const TempFile f(d);
    for (std::size_t piece = 8; piece <= 40; ++piece) {
        const Outcome o = from_file(f.path(), piece);
        ASSERT_TRUE(o.ok) << piece << ": " << o.message;
        EXPECT_EQ(o.arcs, (Arcs{{"\xC3\xA9t\xC3\xA9", "\xE2\x82\xAC\xF0\x9F\x98\x80"}}));
    }
    // A control byte and a broken sequence on line 3, whatever the pieces.
    for (const std::string bad : {"\x01", "\xE2\x82", "\xF0\x9F\x98"}) {
        const TempFile b("<adag>\n<job id=\"a\"/>\n<job id=\"b" + bad + "\"/></adag>");
        const Outcome want = whole_file(b.path());
        ASSERT_FALSE(want.ok);
        EXPECT_NE(want.message.find(":3: "), std::string::npos) << want.message;
        for (std::size_t piece : {8, 9, 10, 11, 12, 23, 24, 25, 26, 27})
            EXPECT_TRUE(same_as_whole(from_file(b.path(), piece), want)) << piece;
    }
}

TEST(DaxStream, FileInPiecesErrors) {
    const TempFile blank(" \n\t\n");
    EXPECT_TRUE(read_fails_with([&] { return result_of(detail::read_dax_file(blank.path(), UINT64_MAX, 8)); },
                                Errc::empty_graph, {"no nodes"}));
    // 0 bytes and a byte-order mark alone: blank too, as in every format.
    for (const char* text : {"", "\xEF\xBB\xBF"}) {
        const TempFile empty(text);
        EXPECT_TRUE(read_fails_with([&] { return result_of(detail::read_dax_file(empty.path(), UINT64_MAX, 8)); },
                                    Errc::empty_graph, {"no nodes"}));
    }
    const TempFile small("<adag><job id=\"a\"/></adag>");
    EXPECT_TRUE(read_fails_with([&] { return result_of(detail::read_dax_file(small.path(), 10, 8)); },
                                Errc::too_large, {"max_bytes = 10"}));
    EXPECT_TRUE(read_fails_with([&] { return result_of(detail::read_dax_file("/nonexistent/x.xml", 100, 8)); },
                                Errc::io, {"/nonexistent/x.xml: cannot read"}));
    EXPECT_TRUE(read_fails_with([&] { return result_of(detail::read_dax_file("/tmp", 100, 8)); }, Errc::io,
                                {"/tmp: cannot read"}));
    EXPECT_TRUE(from_file(small.path(), 8, 26).ok);
}

TEST(DaxStream, ErrorsComeInTheWholeTextsOrderWhateverThePieces) {
    // The XML error on line 2 is found first, but the reader of the whole
    // text reported the &#0; of line 3 (searched before parsing); and before
    // it, a control byte (read_string's check_text).
    const std::string nul = "<adag>\n<job id=\"a\" x>\n<!-- &#00; -->\n";
    for (std::size_t size = 1; size <= 40; ++size) {
        const Outcome o = in_pieces(nul, {size});
        EXPECT_NE(o.message.find("in.txt:3: character reference &#00; is NUL"), std::string::npos) << o.message;
    }
    const TempFile bad("<adag>\n<job id=\"a\" x>\n<!-- &#00; \x01 -->\n");
    for (std::size_t piece : {8, 9, 16, 32}) {
        const Outcome o = from_file(bad.path(), piece);
        EXPECT_NE(o.message.find(":3: binary data (control byte 0x01 at column 12)"), std::string::npos) << o.message;
    }
}
