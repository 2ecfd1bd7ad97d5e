// Readers and writers of workflow files (lib/io/). Every reader reports errors
// as ics::Error(Errc::parse, "<file>:<line>: <cause>") (JSON: "<file>: <json path>: <cause>"),
// and Errc::io when the file cannot be opened. Structural errors keep the
// DagBuilder's code with the same location in front (duplicate_node,
// unknown_node, self_loop), a cycle is Errc::cycle "<file>: graph has a cycle: ...",
// and input without any node is Errc::empty_graph "<file>: no nodes".
#pragma once

#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "dag/dag.hpp"

namespace ics::io {

// Values equal the C API's ics_format; only grow at the end.
enum class Format : int {
    automatic = 0,
    edges = 1,           // "u v" per line, "v" declares a node, '#' comments
    dot = 2,             // Graphviz digraph subset
    dagman = 3,          // HTCondor DAGMan .dag
    wfformat = 4,        // WfCommons WfFormat JSON 1.3-1.5, WorkflowHub 0.x
    dax = 5,             // Pegasus DAX XML
    stg = 6,             // Kasahara Standard Task Graph
    adjacency_json = 7,  // {"node": ["child", ...], ...} (FlowBench)
};

const char* format_name(Format f) noexcept;
std::optional<Format> format_from_name(std::string_view name) noexcept;

// What a DAGMan file needs to be rewritten later with only PRIORITY lines
// changed (defined in dagman.hpp).
struct DagmanDocument;

// A DAX or WfFormat file as read (byte-order mark included), so that
// priorities can be written back into it (priorities.hpp).
// The bytes are the loaded file's own buffer, taken over rather than copied
// (issue 18: a copy was a second 50-60 bytes per node + arc at peak).
struct SourceText {
    std::string name;       // file name as given to the reader
    std::string_view text;  // the bytes of `owned`
    std::unique_ptr<char[]> owned;
};

struct ReadResult {
    Dag dag;
    Format format = Format::automatic;             // the format actually read
    // Read with keep_source = false: dagman / source are null for a format
    // that has them, and the name the reader was given is kept alone.
    bool source_dropped = false;
    std::string dropped_name;
    std::shared_ptr<const DagmanDocument> dagman;  // set for Format::dagman
    std::shared_ptr<const SourceText> source;      // set for Format::dax and Format::wfformat
    // Problems that did not stop the read, each "<file>:<line>: <what>"
    // (DAGMan: a SPLICE or INCLUDE file that does not exist).
    std::vector<std::string> warnings;
};

// Which files a DAGMan INCLUDE / SPLICE may open. Values equal the C API's
// ics_include_policy; only grow at the end.
enum class IncludePolicy : int {
    same_directory_tree = 0,  // files under the base directory (symbolic links resolved); none without one
    deny = 1,                 // no INCLUDE / SPLICE file is opened
    allow = 2,                // any regular file the process can read
};
const char* include_policy_name(IncludePolicy p) noexcept;
std::optional<IncludePolicy> include_policy_from_name(std::string_view name) noexcept;

// What one read may cost, so that a hostile file (an INCLUDE bomb, arcs
// repeated a million times, /dev/zero) is refused quickly with
// Errc::too_large naming the limit and the file instead of exhausting time
// or memory. Every count covers the whole read, included files and repeats
// too. The defaults take any real workflow we know of (README, "Security and
// limits") and keep a hostile one under a second and ~100 MB.
struct ReadLimits {
    static constexpr std::uint64_t kDefaultMaxBytes = std::uint64_t{1} << 30;  // 1 GiB
    static constexpr std::uint64_t kDefaultMaxIncludes = 10'000;
    static constexpr std::uint64_t kDefaultMaxSplices = 10'000;
    static constexpr std::uint64_t kDefaultMaxNodes = 10'000'000;
    static constexpr std::uint64_t kDefaultMaxArcs = 10'000'000;

    std::uint64_t max_bytes = kDefaultMaxBytes;        // bytes read, all files and every re-read
    std::uint64_t max_includes = kDefaultMaxIncludes;  // INCLUDE + SPLICE files opened
    std::uint64_t max_splices = kDefaultMaxSplices;    // SPLICE instances (nested ones count)
    std::uint64_t max_nodes = kDefaultMaxNodes;
    std::uint64_t max_arcs = kDefaultMaxArcs;  // arcs as written, duplicates counted
    IncludePolicy include_policy = IncludePolicy::same_directory_tree;
    // Root of the tree same_directory_tree allows, and the base of relative
    // paths of a string; read_file: empty = the file's own folder.
    std::string base_dir;
    // Keep what writing priorities back needs (ReadResult::source, ::dagman).
    // false: a caller that never rewrites the file (`ics schedule`, `ics info`)
    // drops the text as soon as the dag is built (issue 18: WfFormat's text
    // was ~53 bytes per node + arc of the peak); read_file then maps a
    // regular file of 1 MiB or more, and the DAGMan, WfFormat and adjacency
    // JSON readers give its pages back as they pass them, so the file is
    // never held whole (a file truncated by another process meanwhile ends
    // the process with SIGBUS, as with any mapping).
    bool keep_source = true;

    // No limit at all (trusted input only).
    static ReadLimits unlimited();
};

// Guesses the format from the file name (extension) and the content.
Format detect_format(std::string_view content, std::string_view filename);

ReadResult read_file(const std::string& path, Format format = Format::automatic);
ReadResult read_file(const std::string& path, Format format, const ReadLimits& limits);
// `source_name` is used in error messages; relative SPLICE/INCLUDE paths of a
// DAGMan string are resolved against `base_dir` (empty = current directory).
// This form trusts its input: INCLUDE / SPLICE open any file (policy allow)
// and no limit applies; the next form is for input from elsewhere.
ReadResult read_string(std::string_view content, Format format, std::string_view source_name = "<string>",
                       const std::string& base_dir = {});
// With limits; limits.base_dir is the base (empty: no file may be opened
// under same_directory_tree).
ReadResult read_string(std::string_view content, Format format, std::string_view source_name,
                       const ReadLimits& limits);

// Writers: edges, dot, wfformat (WfFormat 1.5 JSON) or adjacency_json; other
// formats -> Errc::unsupported. Every output reads back to the same dag (same
// names, same node ids, same arcs). The edge list cannot hold a name with
// white space, '#' or control characters (Errc::unsupported naming it); no
// writer accepts a name that is not valid UTF-8.
void write(std::ostream& out, const Dag& dag, Format format);
void write_file(const std::string& path, const Dag& dag, Format format);

}  // namespace ics::io
