// Reads every file of the third-party workload collection (env ICS_WORKLOADS,
// normally ../shared/workloads) listed in its MANIFEST.tsv and compares
// tasks, distinct edges, sources, sinks, levels and max level width with the
// manifest; rows marked acyclic=False must be refused with Errc::cycle.
// Skipped (exit code 77) when the folder is absent. Zipped files are unpacked to a
// temporary folder with `unzip`, or python3's zipfile when unzip is missing.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "../io/helpers.hpp"
#include "../io/priorities_check.hpp"
#include "common/error.hpp"
#include "io/io.hpp"

namespace fs = std::filesystem;
using ics::io::Format;

namespace {

struct Shape {
    std::uint64_t tasks = 0, edges = 0, sources = 0, sinks = 0, levels = 0, width = 0;
    bool operator==(const Shape&) const = default;
};

std::ostream& operator<<(std::ostream& os, const Shape& s) {
    return os << "{tasks " << s.tasks << ", edges " << s.edges << ", sources " << s.sources << ", sinks " << s.sinks
              << ", levels " << s.levels << ", width " << s.width << "}";
}

struct Row {
    std::string path, format;
    std::uint64_t bytes = 0;
    Shape shape;
    bool acyclic = true;
};

// Rows whose manifest counts disagree with what the format defines; each
// says why. The manifest values are checked too, so a fixed manifest makes
// the entry fail and get removed.
struct Correction {
    const char* path;
    Shape manifest;  // as MANIFEST.tsv has it
    Shape actual;    // as the format defines it
    const char* why;
};

const Correction kCorrections[] = {
    {"dagman/htcondor_job_dagman_all_nodes.dag",
     {4, 0, 4, 4, 1, 4},
     {7, 0, 7, 7, 1, 7},
     "its 'splice SpliceA job_dagman_all_nodes-splice.dag' names a file that IS in the folder (its own manifest row: "
     "3 tasks); DAGMan expands it into SpliceA+NodeX, SpliceA+NodeY, SpliceA+NodeZ. The manifest counted only the 4 "
     "nodes defined in the file itself (NodeA, NodeB, NodeC, FINAL NodeF); only the INCLUDE file is unavailable."},
};

const char* workloads_dir() {
    const char* d = std::getenv("ICS_WORKLOADS");
    return d && fs::is_directory(fs::path(d)) ? d : nullptr;
}

std::vector<Row> load_manifest() {
    std::vector<Row> rows;
    const char* dir = workloads_dir();
    if (!dir) return rows;
    std::ifstream in(fs::path(dir) / "MANIFEST.tsv");
    std::string line;
    std::getline(in, line);  // header
    while (std::getline(in, line)) {
        if (line.empty()) continue;
        std::vector<std::string> f;
        std::stringstream ss(line);
        for (std::string cell; std::getline(ss, cell, '\t');) f.push_back(cell);
        if (f.size() < 11) continue;
        Row r;
        r.path = f[0];
        r.format = f[1];
        r.bytes = std::stoull(f[2]);
        r.shape = {std::stoull(f[3]), std::stoull(f[4]), std::stoull(f[6]),
                   std::stoull(f[7]), std::stoull(f[8]), std::stoull(f[9])};
        r.acyclic = f[10] == "True";
        rows.push_back(r);
    }
    return rows;
}

Format expected_format(const std::string& manifest_format) {
    if (manifest_format == "dagman") return Format::dagman;
    if (manifest_format == "adjacency-json") return Format::adjacency_json;
    if (manifest_format.rfind("wfformat", 0) == 0) return Format::wfformat;
    if (manifest_format == "dax") return Format::dax;
    if (manifest_format == "stg") return Format::stg;
    return Format::automatic;
}

std::string shell_quote(const std::string& s) {
    std::string out = "'";
    for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

using iotest::TempDir;  // tests/io/helpers.hpp

// Unpacks the archive's single file; returns its path ("" on failure).
std::string unzip_single(const fs::path& zip, const TempDir& into) {
    const bool have_unzip = std::system("command -v unzip >/dev/null 2>&1") == 0;
    const std::string cmd =
        have_unzip ? "unzip -qo " + shell_quote(zip.string()) + " -d " + shell_quote(into.path().string())
                   : "python3 -c 'import sys, zipfile; zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2])' " +
                         shell_quote(zip.string()) + " " + shell_quote(into.path().string());
    if (std::system(cmd.c_str()) != 0) return {};
    std::vector<std::string> files;
    for (const auto& e : fs::recursive_directory_iterator(into.path()))
        if (e.is_regular_file()) files.push_back(e.path().string());
    return files.size() == 1 ? files[0] : std::string();
}

// Slowest reads, printed at the end.
struct Timing {
    double seconds;
    std::uint64_t bytes;
    std::string path;
};
std::vector<Timing>& timings() {
    static std::vector<Timing> t;
    return t;
}

class TimingReport : public ::testing::Environment {
public:
    void TearDown() override {
        auto& t = timings();
        if (t.empty()) return;
        std::sort(t.begin(), t.end(), [](const Timing& a, const Timing& b) { return a.seconds > b.seconds; });
        double total = 0;
        for (const auto& x : t) total += x.seconds;
        std::printf("read %zu files in %.3f s; slowest:\n", t.size(), total);
        for (std::size_t i = 0; i < std::min<std::size_t>(5, t.size()); ++i)
            std::printf("  %8.1f ms  %9llu bytes  %s\n", t[i].seconds * 1e3,
                        static_cast<unsigned long long>(t[i].bytes), t[i].path.c_str());
    }
};
[[maybe_unused]] ::testing::Environment* const timing_report = ::testing::AddGlobalTestEnvironment(new TimingReport);

class Workloads : public ::testing::TestWithParam<Row> {};

TEST_P(Workloads, MatchesManifest) {
    const Row& row = GetParam();
    const fs::path file = fs::path(workloads_dir()) / row.path;
    ASSERT_TRUE(fs::exists(file)) << file;
    EXPECT_EQ(fs::file_size(file), row.bytes) << "not the file the manifest counted";

    TempDir tmp;
    std::string path = file.string();
    if (file.extension() == ".zip") {
        path = unzip_single(file, tmp);
        ASSERT_FALSE(path.empty()) << "cannot unpack " << file;
    }

    if (!row.acyclic) {
        try {
            ics::io::read_file(path);
            FAIL() << "a cyclic file was accepted";
        } catch (const ics::Error& e) {
            EXPECT_EQ(e.code(), ics::Errc::cycle) << e.what();
            EXPECT_EQ(std::string(e.what()).rfind(path + ": graph has a cycle", 0), 0u) << e.what();
        }
        return;
    }

    const auto start = std::chrono::steady_clock::now();
    const ics::io::ReadResult r = ics::io::read_file(path);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    timings().push_back({seconds, fs::file_size(path), row.path});

    EXPECT_EQ(r.format, expected_format(row.format)) << ics::io::format_name(r.format);
    const ics::Dag& g = r.dag;
    const Shape got{g.node_count(),   g.arc_count(),   g.sources().size(),
                    g.sinks().size(), g.level_count(), g.max_level_width()};

    Shape want = row.shape;
    for (const Correction& c : kCorrections) {
        if (row.path != c.path) continue;
        EXPECT_EQ(row.shape, c.manifest) << "the manifest row changed; revisit this correction";
        want = c.actual;
        std::printf("note: %s: %s\n", c.path, c.why);
        std::size_t top_level = 0;  // what the manifest counted: nodes outside splices
        for (ics::NodeId v = 0; v < g.node_count(); ++v) top_level += g.name(v).find('+') == std::string_view::npos;
        EXPECT_EQ(top_level, row.shape.tasks);
    }
    EXPECT_EQ(got, want) << row.path;
}

// Priorities written into every DAGMan, DAX and WfFormat file: the output
// minus the priority statements is the input byte for byte, and the
// priorities read back are the order's (replace mode; the modes' rules are
// tested on tests/data in tests/io/priorities_test.cpp).
class WorkloadPriorities : public ::testing::TestWithParam<Row> {};

std::string slurp(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    std::stringstream s;
    s << f.rdbuf();
    return s.str();
}

TEST_P(WorkloadPriorities, OutputMinusPrioritiesIsTheInput) {
    const Row& row = GetParam();
    const fs::path file = fs::path(workloads_dir()) / row.path;
    TempDir tmp;
    std::string path = file.string();
    if (file.extension() == ".zip") {
        path = unzip_single(file, tmp);
        ASSERT_FALSE(path.empty()) << "cannot unpack " << file;
    }
    const ics::io::ReadResult r = ics::io::read_file(path);
    const std::string input = slurp(path);
    const auto order = iotest::random_order(r.dag, 42);
    const auto mine = iotest::ours(r.dag, order);
    const auto write = [&](ics::io::PriorityTarget t) {
        return ics::io::write_priorities(t, r.dag, order, {}, iotest::source_of(r));
    };
    if (r.format == Format::dagman) {
        const std::string out = write(ics::io::PriorityTarget::dagman);
        EXPECT_EQ(iotest::dagman_without_priorities(out, false), iotest::dagman_without_priorities(input, false));
        const auto got = iotest::dagman_priorities(out, file.parent_path().string(), false);
        for (ics::NodeId v = 0; v < r.dag.node_count(); ++v) {
            const std::string name(r.dag.name(v));
            if (r.dagman->anchor_line[v] != ics::io::DagmanDocument::kNoLine) EXPECT_EQ(got.at(name), mine.at(name));
            else EXPECT_EQ(got.count(name), 0u) << name;
        }
    } else if (r.format == Format::dax) {
        const std::string out = write(ics::io::PriorityTarget::dax);
        EXPECT_EQ(iotest::dax_without_priorities(out), iotest::dax_without_priorities(input));
        EXPECT_EQ(iotest::dax_priorities(out), mine);
    } else {
        ASSERT_EQ(r.format, Format::wfformat);
        const std::string out = write(ics::io::PriorityTarget::wfformat);
        EXPECT_EQ(iotest::wfformat_without_priorities(out), iotest::wfformat_without_priorities(input));
        const auto got = iotest::wfformat_priorities(out);
        ASSERT_EQ(got.size(), r.dag.node_count());
        for (ics::NodeId v = 0; v < r.dag.node_count(); ++v) EXPECT_EQ(got[v], mine.at(std::string(r.dag.name(v))));
    }
}

std::vector<Row> rewritable_rows() {
    std::vector<Row> out;
    for (const Row& r : load_manifest())
        if (r.acyclic && (r.format == "dagman" || r.format == "dax" || r.format.rfind("wfformat", 0) == 0))
            out.push_back(r);
    return out;
}

std::string test_name(const ::testing::TestParamInfo<Row>& info) {
    std::string s = info.param.path;
    for (char& c : s)
        if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
    return s;
}

INSTANTIATE_TEST_SUITE_P(Manifest, Workloads, ::testing::ValuesIn(load_manifest()), test_name);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(Workloads);
INSTANTIATE_TEST_SUITE_P(Manifest, WorkloadPriorities, ::testing::ValuesIn(rewritable_rows()), test_name);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(WorkloadPriorities);

TEST(WorkloadsManifest, IsPresent) {
    if (!workloads_dir()) GTEST_SKIP() << "ICS_WORKLOADS is not a folder; nothing to compare";
    EXPECT_GT(load_manifest().size(), 400u);
}

}  // namespace

// Exit code 77 tells meson the test was skipped.
int main(int argc, char** argv) {
    if (!workloads_dir()) {
        std::printf("skipped: ICS_WORKLOADS (%s) is not a folder\n",
                    std::getenv("ICS_WORKLOADS") ? std::getenv("ICS_WORKLOADS") : "unset");
        return 77;
    }
    ::testing::InitGoogleTest(&argc, argv);
    return RUN_ALL_TESTS();
}
