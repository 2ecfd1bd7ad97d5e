// Files read through a mapping whose passed pages are given back (FileText,
// map_file; issue 18): the WfFormat, adjacency JSON and DAGMan readers give
// the same dag, or the same error, as from one buffer (read_string), with
// pages given back at every page in strict mode (a consumed byte read again
// crashes the test), so names, tokens, lines and UTF-8 sequences straddle
// the boundaries; and the public read_file with keep_source off on files
// larger than one drop step.
#include <sys/mman.h>
#include <unistd.h>

#include <initializer_list>
#include <random>

#include "helpers.hpp"
#include "io/detail.hpp"

using namespace iotest;
using ics::io::ReadLimits;
using ics::io::ReadResult;
using ics::io::read_file;
using ics::io::read_string;
using ics::io::detail::FileText;
using ics::io::detail::map_file;

namespace {

const std::size_t kPage = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));

ReadLimits unkept() {
    ReadLimits l = ReadLimits::unlimited();
    l.keep_source = false;
    return l;
}

// `text` (no byte-order mark) read by the format's reader from one buffer.
Outcome from_buffer(const std::string& text, Format f, const std::string& source) {
    return outcome_of([&] { return read_string(text, f, source, unkept()).dag; });
}

// The same through the file mapped at `path`, pages given back every `step`
// bytes and made unreadable (strict).
Outcome from_mapping(const std::string& path, Format f, const std::string& source, std::size_t step) {
    FileText file;
    file.set_drop_step(step, true);
    if (map_file(path, file) != 0) throw std::runtime_error("not mapped: " + path);
    const ReadLimits limits = unkept();
    return outcome_of([&] {
        namespace d = ics::io::detail;
        switch (f) {
            case Format::wfformat: return d::read_wfformat(file.view(), source, &file);
            case Format::adjacency_json: return d::read_adjacency_json(file.view(), source, &file);
            case Format::dagman: return d::read_dagman(file.view(), source, {}, limits, {}, &file).dag;
            default: throw std::runtime_error("no mapped reader for this format");
        }
    });
}

// `text` written to dir/name and read through the mapping at each of
// `steps` gives what the reader gives from one buffer; returns that outcome.
Outcome expect_mapped_as_buffer(const TempDir& dir, const std::string& name, const std::string& text, Format f,
                                std::initializer_list<std::size_t> steps, int round) {
    const std::string path = dir.file(name, text);
    const Outcome want = from_buffer(text, f, name);
    for (const std::size_t step : steps)
        EXPECT_EQ(from_mapping(path, f, name, step), want)
            << "round " << round << ", step " << step << ", " << text.size() << " bytes";
    return want;
}

// A name of `len` bytes with multi-byte UTF-8 characters and, in JSON, escapes.
std::string random_name(std::mt19937& rng, std::size_t len, bool json, int id) {
    static const char* const kPieces[] = {"a", "Z", "_", ":", ".", "-", "\xC3\xA9", "\xE2\x82\xAC", "\xF0\x9F\x99\x82"};
    std::string s = "n" + std::to_string(id) + "-";
    while (s.size() < len) {
        const unsigned pick = rng() % 12;
        if (json && pick == 11)
            s += "\\u00e9";  // é, as an escape
        else if (json && pick == 10)
            s += "\\\"";
        else
            s += kPieces[pick % 9];
    }
    return s;
}

// Lengths that put names across page boundaries often: mostly short, some
// of several pages.
std::size_t random_length(std::mt19937& rng) {
    const unsigned r = rng() % 100;
    return r < 70 ? 1 + rng() % 40 : r < 95 ? 100 + rng() % 3000 : 4000 + rng() % 9000;
}

// A WfFormat 1.5 document of `n` tasks with references both ways, padding
// (unknown fields, spaces) so that it spans many pages, CRLF or LF line ends
// or none at all (minified).
std::string random_wfformat(std::mt19937& rng, int n, bool unknown_ref) {
    std::vector<std::string> ids(n);
    for (int i = 0; i < n; ++i) ids[i] = random_name(rng, random_length(rng), true, i);
    const unsigned style = rng() % 3;  // 0 minified, 1 LF, 2 CRLF
    const std::string nl = style == 0 ? "" : style == 1 ? "\n" : "\r\n";
    std::string t = "{\"schemaVersion\": \"1.5\"," + nl + "\"workflow\": {\"specification\": {\"tasks\": [" + nl;
    for (int i = 0; i < n; ++i) {
        if (i) t += "," + nl;
        t += "  {\"id\": \"" + ids[i] + "\", \"name\": \"task\"";
        if (rng() % 3 == 0) t += ", \"files\": [\"" + std::string(rng() % 6000, 'f') + "\"], \"runtime\": 1.5e3";
        for (const bool child : {false, true}) {
            t += child ? ", \"children\": [" : ", \"parents\": [";
            int k = 0;
            for (int j = 0; j < n; ++j) {
                if (j == i || rng() % 5 != 0) continue;
                if (child ? j < i : j > i) continue;  // no cycle
                t += (k++ ? ", \"" : "\"") + ids[j] + "\"";
            }
            if (child && unknown_ref && i == n / 2) t += (k ? ", \"" : "\"") + std::string("ghost") + "\"";
            t += "]";
        }
        t += "}";
    }
    t += nl + "]}}}" + nl;
    return t;
}

// A DAGMan file: JOB lines (some continued with '\', some with an inline
// submit description), PARENT lines naming nodes before and after, comments,
// PRIORITY lines, blank lines; LF or CRLF.
std::string random_dagman(std::mt19937& rng, int n) {
    std::vector<std::string> names(n);
    for (int i = 0; i < n; ++i) names[i] = random_name(rng, random_length(rng), false, i);
    const std::string nl = rng() % 2 ? "\n" : "\r\n";
    std::string t;
    std::vector<int> order(n);
    for (int i = 0; i < n; ++i) order[i] = i;
    for (int i = 0; i < n; ++i) {
        const unsigned how = rng() % 10;
        if (how == 0) t += "# " + std::string(rng() % 5000, '#') + nl;
        if (how == 1)
            t += "JOB " + names[i] + " \\" + nl + "  " + names[i] + ".sub" + nl;
        else if (how == 2)
            t += "JOB " + names[i] + " {" + nl + "executable = /bin/true" + nl + std::string(rng() % 3000, ' ') + nl +
                 "}" + nl;
        else
            t += "JOB " + names[i] + " " + names[i] + ".sub" + nl;
        if (how == 3) t += "PRIORITY " + names[i] + " " + std::to_string(rng() % 100) + nl + nl;
        // Arcs to nodes before (known) and after (not yet defined).
        if (rng() % 2) {
            const int a = static_cast<int>(rng() % n), b = static_cast<int>(rng() % n);
            if (a != b) t += "PARENT " + names[std::min(a, b)] + " CHILD " + names[std::max(a, b)] + nl;
        }
    }
    for (int k = 0; k < n; ++k) {
        const int a = static_cast<int>(rng() % n);
        if (a + 1 == n) continue;
        t += "PARENT " + names[a];
        if (rng() % 3 == 0) t += " " + names[rng() % (a + 1)];  // two parents (maybe the same)
        t += " CHILD";
        const std::size_t none = t.size();
        for (int j = a + 1; j < n && j < a + 40; ++j)
            if (rng() % 7 == 0) t += " " + names[j];
        if (t.size() == none) t += " " + names[a + 1];
        t += nl;
    }
    return t;
}

}  // namespace

TEST(Mapped, StrictModeMakesConsumedBytesUnreadable) {
    // The instrument of the tests below: a reader that went back would crash.
    TempDir dir;
    const std::string path = dir.file("f.txt", std::string(5 * kPage, 'x'));
    FileText file;
    file.set_drop_step(kPage, true);
    ASSERT_EQ(map_file(path, file), 0);
    ASSERT_TRUE(file.mapped());
    const char* p = file.view().data();
    file.consumed(p + 3 * kPage + 1);
    EXPECT_EQ(file.kept(), p + 2 * kPage);  // the page before the reader's stays
    EXPECT_EQ(file.view()[2 * kPage], 'x');
    EXPECT_DEATH({ [[maybe_unused]] volatile char c = p[kPage]; }, "");
}

TEST(Mapped, EmptyFileIsLoadedAndHasNoNodes) {
    TempDir dir;
    const std::string path = dir.file("empty.json", "");
    FileText file;
    EXPECT_EQ(map_file(path, file), ics::io::detail::kNotMappable);
    EXPECT_EQ(map_file(dir.path().string(), file), EISDIR);
    const std::string small = dir.file("small.dag", "JOB a a.sub\n");
    EXPECT_EQ(map_file(small, file, UINT64_MAX, 13), ics::io::detail::kNotMappable);  // below min_bytes
    EXPECT_EQ(map_file(small, file, UINT64_MAX, 12), 0);
    EXPECT_EQ(map_file(small, file, 11), ics::io::detail::kTooLarge);
    EXPECT_FALSE(file.mapped());
    for (Format f : {Format::wfformat, Format::dagman, Format::automatic})
        EXPECT_TRUE(read_fails_with([&] { return read_file(path, f, unkept()); }, Errc::empty_graph, {"no nodes"}));
}

TEST(Mapped, RandomWfFormatMatchesTheBuffer) {
    std::mt19937 rng(1818);
    TempDir dir;
    int ok = 0, failed = 0;
    for (int round = 0; round < 36; ++round) {
        std::string text = random_wfformat(rng, 2 + static_cast<int>(rng() % 30), round % 7 == 3);
        if (round % 5 == 4) text.resize(rng() % text.size());  // truncated
        const Outcome want = expect_mapped_as_buffer(dir, "r.json", text, Format::wfformat, {kPage, 3 * kPage}, round);
        (want.ok ? ok : failed)++;
    }
    EXPECT_GT(ok, 18);  // both kinds were tried
    EXPECT_GT(failed, 6);
}

TEST(Mapped, SyntaxErrorsFarIntoTheFileKeepTheirLineAndColumn) {
    // The lines before the reader were counted as they were given back.
    std::mt19937 rng(7);
    TempDir dir;
    for (const std::string nl : {"\n", "\r\n", ""}) {
        std::string text = "{\"workflow\": {\"tasks\": [";
        for (int i = 0; text.size() < 24 * kPage; ++i)
            text += nl + "{\"name\": \"" + random_name(rng, random_length(rng), true, i) + "\"},";
        for (const std::string& bad : {std::string("]"), std::string("\x01"), nl + "  x", "\"" + nl})
            for (const std::size_t cut : {text.size(), 12 * kPage, 12 * kPage + 1, 13 * kPage - 1}) {
                const std::string t = text.substr(0, cut) + bad;
                const Outcome want = from_buffer(t, Format::wfformat, "s.json");
                ASSERT_FALSE(want.ok);
                EXPECT_EQ(from_mapping(dir.file("s.json", t), Format::wfformat, "s.json", kPage), want);
            }
    }
}

TEST(Mapped, RandomAdjacencyJsonMatchesTheBuffer) {
    std::mt19937 rng(77);
    TempDir dir;
    for (int round = 0; round < 20; ++round) {
        const int n = 2 + static_cast<int>(rng() % 30);
        std::vector<std::string> names(n);
        for (int i = 0; i < n; ++i) names[i] = random_name(rng, random_length(rng), true, i);
        std::string text = "{";
        for (int i = 0; i < n; ++i) {
            text += (i ? ",\n\"" : "\"") + names[i] + "\": [";
            int k = 0;
            for (int j = i + 1; j < n; ++j)
                if (rng() % 4 == 0) text += (k++ ? ", \"" : "\"") + names[j] + "\"";
            text += "]";
        }
        text += "}";
        if (round % 4 == 3) text.resize(rng() % text.size());
        expect_mapped_as_buffer(dir, "a.json", text, Format::adjacency_json, {kPage}, round);
    }
}

TEST(Mapped, RandomDagmanMatchesTheBuffer) {
    std::mt19937 rng(2026);
    TempDir dir;
    int ok = 0, failed = 0;
    for (int round = 0; round < 60; ++round) {
        std::string text = random_dagman(rng, 2 + static_cast<int>(rng() % 40));
        switch (round % 6) {
            case 3: text.resize(rng() % text.size()); break;  // truncated
            case 4: text.insert(rng() % text.size(), 1, "\x00\x01\x7F\xC3\xFF"[rng() % 5]); break;  // binary
            case 5: text.insert(rng() % text.size(), "\nBOGUS line\n"); break;
            default: break;
        }
        const Outcome want = expect_mapped_as_buffer(dir, "r.dag", text, Format::dagman, {kPage, 2 * kPage}, round);
        (want.ok ? ok : failed)++;
    }
    EXPECT_GT(ok, 25);
    EXPECT_GT(failed, 15);
}

TEST(Mapped, UtfEightAcrossACheckedPieceIsJudgedAsInTheWholeText) {
    // The plain-text check goes a drop step at a time, pieces ending after a
    // '\n': a sequence cut by a page boundary is still whole, a broken one
    // still found at its line and column.
    TempDir dir;
    std::string text;
    for (int i = 0; text.size() < 6 * kPage; ++i) text += "JOB j" + std::to_string(i) + " \xE2\x82\xAC.sub\n";
    for (std::size_t at = 2 * kPage - 3; at < 2 * kPage + 3; ++at)
        for (const std::string& bad : {std::string(), std::string("\xE2\x82"), std::string("\xC3"), std::string(1, '\0')}) {
            std::string t = text;
            t.insert(at, bad);
            const Outcome want = from_buffer(t, Format::dagman, "u.dag");
            EXPECT_EQ(want.ok, bad.empty());
            EXPECT_EQ(from_mapping(dir.file("u.dag", t), Format::dagman, "u.dag", kPage), want) << at;
        }
}

TEST(Mapped, ReadFileWithoutTheSourceMatchesWithIt) {
    // The public path (detection, byte-order mark, the check passes) on files
    // above one drop step, and on the DAGMan and WfFormat files of tests/data
    // (INCLUDE and SPLICE files are loaded, the top file mapped).
    std::mt19937 rng(5);
    TempDir dir;
    std::vector<std::string> paths;
    // A chain with one random parent more for each node, names of 20-60 bytes.
    std::vector<std::string> chain;
    std::string big, json = "{\"workflow\": {\"tasks\": [";
    for (int i = 0; big.size() < FileText::kDropStep + FileText::kDropStep / 4; ++i) {
        chain.push_back(random_name(rng, 20 + rng() % 40, false, i));
        big += "JOB " + chain[i] + " x.sub\n";
        json += std::string(i ? ",\n" : "\n") + "{\"name\": \"" + chain[i] + "\", \"parents\": [";
        if (i) {
            const std::string& other = chain[rng() % i];
            big += "PARENT " + chain[i - 1] + " " + other + " CHILD " + chain[i] + "\n";
            json += "\"" + chain[i - 1] + "\", \"" + other + "\"";
        }
        json += "]}";
    }
    json += "]}}";
    paths.push_back(dir.file("big.dag", big));
    paths.push_back(dir.file("bom.dag", "\xEF\xBB\xBF" + big));
    // Included and spliced files (loaded) inside a mapped top file, naming
    // its nodes and named by it, and a missing one (a warning).
    dir.file("part.inc", "JOB inc1 i.sub\nPARENT " + chain[7] + " CHILD inc1\n");
    dir.file("leaf.dag", "JOB L1 l.sub\nJOB L2 l.sub\nPARENT L1 CHILD L2\n");
    const std::size_t half = big.find('\n', big.size() / 2) + 1;
    paths.push_back(dir.file("nested.dag", big.substr(0, half) + "INCLUDE part.inc\nSPLICE S leaf.dag\n" +
                                               "INCLUDE gone.inc\nPARENT inc1 CHILD S\n" + big.substr(half)));
    paths.push_back(dir.file("big.json", json));
    paths.push_back(dir.file("big", "\xEF\xBB\xBF" + json));  // detected by content
    for (const char* sub : {"dagman", "wfformat", "adjacency"})
        for (const auto& e : std::filesystem::recursive_directory_iterator(data_path(sub)))
            if (e.is_regular_file() && (e.path().extension() == ".dag" || e.path().extension() == ".json"))
                paths.push_back(e.path().string());
    ASSERT_GT(paths.size(), 10u);
    for (const std::string& p : paths) {
        ReadLimits kept = ReadLimits();
        kept.keep_source = true;
        ReadLimits dropped = kept;
        dropped.keep_source = false;
        EXPECT_EQ(outcome_of([&] { return read_file(p, Format::automatic, dropped).dag; }),
                  outcome_of([&] { return read_file(p, Format::automatic, kept).dag; }))
            << p;
        if (p.ends_with("nested.dag")) {
            const ReadResult r = read_file(p, Format::automatic, dropped);
            EXPECT_TRUE(r.dag.find("S+L2") != ics::kNoNode && r.dag.find("inc1") != ics::kNoNode);
            EXPECT_EQ(r.warnings.size(), 1u);
        }
    }
}
