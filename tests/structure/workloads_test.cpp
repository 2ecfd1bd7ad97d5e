// Real workflows (../shared/workloads, env ICS_WORKLOADS): the number of
// shortcuts found must equal MANIFEST.tsv's transitive_edges, and the
// skeleton's decomposition must pass every brute-force check. The two simple
// formats (Kasahara STG, FlowBench adjacency JSON) are parsed right here so
// the first test does not depend on lib/io; the second reads every format
// through ics::io and passes over files it cannot read (reported, not
// failed: lib/io has its own tests). Both skip when the folder is absent.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "decompose/decomposition.hpp"
#include "io/io.hpp"
#include "skeleton/shortcut.hpp"
#include "structure_check.hpp"

namespace ics::structure_test {
namespace {

namespace fs = std::filesystem;

struct Entry {
    std::string path, format;
    std::uint64_t tasks = 0, edges = 0;
    std::int64_t transitive = 0;
};

fs::path workloads_dir() {
    const char* env = std::getenv("ICS_WORKLOADS");
    return env ? fs::path(env) : fs::path();
}

std::vector<Entry> manifest(const fs::path& dir) {
    std::vector<Entry> out;
    std::ifstream in(dir / "MANIFEST.tsv");
    std::string line;
    std::getline(in, line);  // header
    while (std::getline(in, line)) {
        std::istringstream row(line);
        std::vector<std::string> col;
        for (std::string c; std::getline(row, c, '\t');) col.push_back(c);
        if (col.size() < 6) continue;
        out.push_back({col[0], col[1], std::stoull(col[3]), std::stoull(col[4]), std::stoll(col[5])});
    }
    return out;
}

// Kasahara STG: n, then n+2 records "id cost npred pred...", '#' comments after.
Dag read_stg(const fs::path& file) {
    std::ifstream in(file);
    std::uint64_t n = 0;
    in >> n;
    DagBuilder b;
    for (std::uint64_t i = 0; i < n + 2; ++i) b.add_node("t" + std::to_string(i));
    for (std::uint64_t i = 0; i < n + 2; ++i) {
        std::uint64_t id = 0, cost = 0, npred = 0;
        in >> id >> cost >> npred;
        for (std::uint64_t k = 0; k < npred; ++k) {
            std::uint64_t p = 0;
            in >> p;
            b.add_arc(static_cast<NodeId>(p), static_cast<NodeId>(id));
        }
    }
    if (!in) throw std::runtime_error("bad STG file " + file.string());
    return b.build();
}

// FlowBench: {"node": ["child", ...], ...}.
Dag read_adjacency(const fs::path& file) {
    std::ifstream in(file);
    const nlohmann::json j = nlohmann::json::parse(in);
    DagBuilder b;
    for (const auto& [u, children] : j.items()) {
        const NodeId a = b.ensure_node(u);
        for (const auto& c : children) b.add_arc(a, b.ensure_node(c.get<std::string>()));
    }
    return b.build();
}

// What one file's check adds up to.
struct Tally {
    int files = 0, composite = 0, non_bipartite = 0, cyclic = 0;
    std::uint64_t shortcuts = 0;

    // The file's shortcuts against the manifest, then every decomposition check.
    void check(const Dag& g, const Entry& e) {
        SCOPED_TRACE(e.path);
        const auto s = skeleton::remove_shortcuts(g);
        EXPECT_EQ(s.removed.size(), static_cast<std::uint64_t>(e.transitive));
        const auto d = decompose::decompose(s.dag);
        check_decomposition(s.dag, d);
        ++files;
        shortcuts += s.removed.size();
        composite += d.composite();
        non_bipartite += !d.bipartite;
        cyclic += !d.acyclic;
    }
    void print(const std::string& what) const {
        std::cout << "[ workloads ] " << what << ": " << files << " files, " << shortcuts << " shortcuts; " << composite
                  << " composite, " << non_bipartite << " with a non-bipartite block, " << cyclic
                  << " with a cyclic super-dag\n";
    }
};

TEST(Workloads, ShortcutCountsMatchTheManifestAndBlocksCheckOut) {
    const fs::path dir = workloads_dir();
    if (dir.empty() || !fs::exists(dir / "MANIFEST.tsv")) GTEST_SKIP() << "no workloads folder";
    Tally tally;
    for (const Entry& e : manifest(dir)) {
        if (e.transitive < 0) continue;  // cyclic input
        Dag g;
        if (e.format == "stg")
            g = read_stg(dir / e.path);
        else if (e.format == "adjacency-json")
            g = read_adjacency(dir / e.path);
        else
            continue;
        ASSERT_EQ(g.node_count(), e.tasks) << e.path;
        ASSERT_EQ(g.arc_count(), e.edges) << e.path;
        tally.check(g, e);
    }
    tally.print("STG + FlowBench, read here");
    EXPECT_GT(tally.files, 300);
}

TEST(Workloads, EveryReadableFormatThroughIo) {
    const fs::path dir = workloads_dir();
    if (dir.empty() || !fs::exists(dir / "MANIFEST.tsv")) GTEST_SKIP() << "no workloads folder";
    Tally tally;
    int passed_over = 0;
    for (const Entry& e : manifest(dir)) {
        if (e.transitive < 0) continue;
        Dag g;
        try {
            g = io::read_file((dir / e.path).string()).dag;
        } catch (const Error& err) {
            ++passed_over;
            std::cout << "[ workloads ] io cannot read " << e.path << ": " << err.what() << "\n";
            continue;
        }
        if (g.node_count() != e.tasks || g.arc_count() != e.edges) {
            ++passed_over;  // a different reading of the file: nothing to compare
            std::cout << "[ workloads ] io reads " << e.path << " as " << g.node_count() << " tasks, " << g.arc_count()
                      << " edges (manifest " << e.tasks << ", " << e.edges << ")\n";
            continue;
        }
        tally.check(g, e);
    }
    tally.print("every format through ics::io (" + std::to_string(passed_over) + " passed over)");
    if (tally.files == 0) GTEST_SKIP() << "io read none of the files";
}

}  // namespace
}  // namespace ics::structure_test
