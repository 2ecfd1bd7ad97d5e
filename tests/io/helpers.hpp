// Shared helpers of the io tests.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <stdexcept>
#include <filesystem>
#include <initializer_list>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "common/error.hpp"
#include "io/io.hpp"

namespace iotest {

using ics::Errc;
using ics::io::Format;

inline std::string data_path(const std::string& rel) {
    const char* dir = std::getenv("ICS_TEST_DATA");
    return std::string(dir ? dir : "tests/data") + "/" + rel;
}

// `read()` fails with `code` and a message holding every one of `parts`.
template <class Read>
::testing::AssertionResult read_fails_with(Read read, Errc code, std::initializer_list<std::string_view> parts) {
    try {
        const ics::io::ReadResult r = read();
        return ::testing::AssertionFailure() << "read succeeded with " << r.dag.node_count() << " nodes";
    } catch (const ics::Error& e) {
        if (e.code() != code)
            return ::testing::AssertionFailure() << "code " << static_cast<int>(e.code()) << " instead of "
                                                 << static_cast<int>(code) << ": " << e.what();
        for (std::string_view p : parts)
            if (std::string_view(e.what()).find(p) == std::string_view::npos)
                return ::testing::AssertionFailure() << "message lacks \"" << p << "\": " << e.what();
        return ::testing::AssertionSuccess() << e.what();
    }
}

inline ::testing::AssertionResult fails_with(std::string_view text, Format format, Errc code,
                                             std::initializer_list<std::string_view> parts,
                                             std::string_view source = "in.txt", const std::string& base_dir = {}) {
    return read_fails_with([&] { return ics::io::read_string(text, format, source, base_dir); }, code, parts);
}

inline ::testing::AssertionResult file_fails_with(const std::string& path, Errc code,
                                                  std::initializer_list<std::string_view> parts) {
    return read_fails_with([&] { return ics::io::read_file(path); }, code, parts);
}

// Arcs as name pairs, sorted.
inline std::vector<std::pair<std::string, std::string>> arcs(const ics::Dag& g) {
    std::vector<std::pair<std::string, std::string>> out;
    for (ics::NodeId u = 0; u < g.node_count(); ++u)
        for (ics::NodeId v : g.children(u)) out.emplace_back(std::string(g.name(u)), std::string(g.name(v)));
    std::sort(out.begin(), out.end());
    return out;
}

inline std::vector<std::string> names(const ics::Dag& g) {
    std::vector<std::string> out;
    for (ics::NodeId v = 0; v < g.node_count(); ++v) out.emplace_back(g.name(v));
    return out;
}

using Arcs = std::vector<std::pair<std::string, std::string>>;

// What a read gave: the dag (names by id, arcs, merged duplicates), or the
// error (code and message); for comparing two ways of reading the same bytes.
struct Outcome {
    bool ok = false;
    Errc code = Errc::ok;
    std::string message;
    std::vector<std::string> names;
    Arcs arcs;
    std::uint64_t duplicates = 0;

    bool operator==(const Outcome&) const = default;
};

template <class Read>
Outcome outcome_of(Read read) {
    Outcome o;
    try {
        const ics::Dag g = read();
        o.ok = true;
        o.names = names(g);
        o.arcs = arcs(g);
        o.duplicates = g.duplicate_arcs();
    } catch (const ics::Error& e) {
        o.code = e.code();
        o.message = e.what();
    }
    return o;
}

inline std::ostream& operator<<(std::ostream& os, const Outcome& o) {
    if (!o.ok) return os << "error " << static_cast<int>(o.code) << ": " << o.message;
    return os << o.names.size() << " nodes, " << o.arcs.size() << " arcs, " << o.duplicates << " duplicates";
}

// Counts as in ../shared/workloads/MANIFEST.tsv.
struct Shape {
    std::uint32_t tasks;
    std::uint64_t edges;
    std::size_t sources, sinks;
    std::uint32_t levels, width;
};

inline void expect_shape(const ics::Dag& g, const Shape& s) {
    EXPECT_EQ(g.node_count(), s.tasks);
    EXPECT_EQ(g.arc_count(), s.edges);
    EXPECT_EQ(g.sources().size(), s.sources);
    EXPECT_EQ(g.sinks().size(), s.sinks);
    EXPECT_EQ(g.level_count(), s.levels);
    EXPECT_EQ(g.max_level_width(), s.width);
}

// A fresh empty folder under the system temp dir, removed at destruction.
class TempDir {
public:
    TempDir() {
        std::string pattern = (std::filesystem::temp_directory_path() / "ics-io-XXXXXX").string();
        if (!mkdtemp(pattern.data())) throw std::runtime_error("mkdtemp failed");
        path_ = pattern;
    }
    ~TempDir() {
        std::error_code ec;
        std::filesystem::remove_all(path_, ec);
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;

    const std::filesystem::path& path() const { return path_; }
    // Writes `content` to path()/rel (making folders); returns the full path.
    std::string file(const std::string& rel, std::string_view content) const {
        const std::filesystem::path p = path_ / rel;
        std::filesystem::create_directories(p.parent_path());
        std::ofstream(p, std::ios::binary) << content;
        return p.string();
    }

private:
    std::filesystem::path path_;
};

}  // namespace iotest
