// Internals shared by the readers and writers of lib/io (not part of the API):
// error locations, text checks, line and token splitting, and the per-format
// entry points that read.cpp / writers.cpp dispatch to.
#pragma once

#include <algorithm>
#include <memory>

#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "common/error.hpp"
#include "dag/dag.hpp"
#include "io/io.hpp"

namespace ics::io::detail {

class FileText;

inline constexpr std::size_t kNoLine = 0;

// "<source>:<line>: " (no line part when line == kNoLine).
std::string location(std::string_view source, std::size_t line);
[[noreturn]] void fail_at(Errc code, std::string_view source, std::size_t line, std::string_view cause);
// Re-throws an error of the DagBuilder (duplicate/unknown node, self-loop...)
// with `where` in front, keeping its code.
[[noreturn]] void rethrow_with(const Error& e, std::string_view where);
[[noreturn]] void rethrow_at(const Error& e, std::string_view source, std::size_t line);

// 'name' for messages (shortened when very long).
std::string quote(std::string_view s);

// Index of the first byte that makes `s` not plain text (a control character
// other than tab/CR/LF/VT/FF, unless allowed, or invalid UTF-8), or npos.
std::size_t find_non_text(std::string_view s, bool allow_controls = false) noexcept;
// Throws Errc::parse "<source>:<line>: binary data ..." when find_non_text finds something.
void check_text(std::string_view text, std::string_view source);
// That error for byte c at `line`, `col` (a reader that counts lines itself).
[[noreturn]] void fail_non_text(std::string_view source, std::size_t line, std::size_t col, unsigned char c);
// The same, a mapped `file` (holding `text`; may be null) checked a few pages
// at a time, each given back once checked (FileText::evict).
void check_text(std::string_view text, std::string_view source, FileText* file);

// 1-based line and column of byte `offset`.
std::pair<std::size_t, std::size_t> line_col(std::string_view text, std::size_t offset) noexcept;

constexpr bool is_space(char c) noexcept {
    return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f';
}
std::string_view trim(std::string_view s) noexcept;
bool iequals(std::string_view a, std::string_view b) noexcept;
bool parse_uint(std::string_view s, std::uint64_t& out) noexcept;

// Physical lines without their terminator ("\n" or "\r\n"), numbered from 1.
class Lines {
public:
    explicit Lines(std::string_view text) noexcept : text_(text) {}
    bool next(std::string_view& line) noexcept;
    std::size_t number() const noexcept { return number_; }  // of the last line returned
    std::size_t start() const noexcept { return start_; }    // its byte offset

private:
    std::string_view text_;
    std::size_t pos_ = 0;
    std::size_t start_ = 0;
    std::size_t number_ = 0;
};

// Appends the white-space separated tokens of `line` to `out` (cleared first).
void split(std::string_view line, std::vector<std::string_view>& out);

// Readers whose statements multiply arcs (DAGMan PARENT/CHILD, DOT groups)
// call this before adding a statement's `incoming` arcs (after checking
// max_arcs): when they would take the builder past twice the arcs it kept at
// the last merge (and past 8M), duplicates are merged first, so memory
// follows the distinct arcs, not the arcs as written (issue 17). Under the
// default max_arcs it hardly ever runs (a merge sorts every arc held).
inline void merge_duplicates_before(DagBuilder& b, std::size_t& merge_at, std::uint64_t incoming) {
    constexpr std::size_t kFirst = std::size_t{1} << 23;
    if (merge_at < kFirst) merge_at = kFirst;
    const std::size_t held = b.arc_count_with_duplicates();
    if (held >= kFirst && held + incoming > merge_at) merge_at = std::max(kFirst, 2 * b.merge_duplicate_arcs());
}

// Freezes the builder: no node -> Errc::empty_graph, a cycle -> Errc::cycle,
// both with the source name in front. `spent`: the file being read, freed
// first (the builder holds copies of its names by then), so that the file
// and the dag's arrays are never held at once (issue 18: peak memory).
Dag finish(DagBuilder&& builder, std::string_view source, FileText* spent = nullptr);

// A file's bytes: loaded into memory, or mapped (map_file) so that a reader
// going forward through them can give back what it has passed (issue 18:
// the peak of a WfFormat or DAGMan read was the whole file plus what the
// parse had built). Not a std::string: resizing one zero-fills it first, a
// second pass over every page of a 100 MB file.
class FileText {
public:
    FileText() = default;
    FileText(const FileText&) = delete;
    FileText& operator=(const FileText&) = delete;
    ~FileText() { clear(); }

    std::string_view view() const noexcept { return {data(), size_}; }
    bool mapped() const noexcept { return map_ != nullptr; }
    void clear() noexcept;
    // Hands the bytes over (view() stays valid through the returned buffer)
    // and empties this; a mapped file's bytes are copied first.
    std::unique_ptr<char[]> release();

    // The reader will not come back to the bytes before `p` (a pointer into
    // view(), or its end). A mapped file gives their pages back, a few at a
    // time (kDropStep), so that only what the reader is at stays in memory; a
    // byte read again after all is read again from the file (slower, never
    // wrong), except under set_drop_step's strict test mode. Loaded files
    // keep everything. Call it as often as you like: most calls are one
    // comparison.
    void consumed(const char* p) noexcept {
        if (reinterpret_cast<std::uintptr_t>(p) >= next_drop_) drop_before(p);
    }
    // For a reader going one byte at a time: the address at which its next
    // consumed() call does something (null: never).
    const char* next_drop() const noexcept {
        return next_drop_ == UINTPTR_MAX ? nullptr : reinterpret_cast<const char*>(next_drop_);
    }
    // Gives back the pages of [b, e) without marking them consumed: after a
    // pass over the text (detection, the plain-text check) that the parse
    // will read again in order.
    void evict(const char* b, const char* e) noexcept;
    void evict() noexcept { evict(data(), data() + size_); }
    // Where the bytes not yet consumed start (view().data() when none is),
    // the '\n' bytes before it, and the last of them (null: none).
    const char* kept() const noexcept { return data() + dropped_; }
    std::size_t newlines_dropped() const noexcept { return newlines_dropped_; }
    const char* last_newline_dropped() const noexcept { return last_newline_; }

    // Tests: the bytes given back at every `step` (a multiple of the page
    // size), made unreadable when `strict` (a reader that reads a consumed
    // byte then crashes instead of silently reading it again).
    void set_drop_step(std::size_t step, bool strict) noexcept;
    std::size_t drop_step() const noexcept { return drop_step_; }

    static constexpr std::size_t kDropStep = std::size_t{1} << 20;

private:
    friend int load_file(const std::string& path, FileText& out, std::uint64_t max_bytes, bool regular_only);
    friend int map_file(const std::string& path, FileText& out, std::uint64_t max_bytes, std::uint64_t min_bytes);
    const char* data() const noexcept { return map_ ? map_ : data_.get(); }
    void drop_before(const char* p) noexcept;

    std::unique_ptr<char[]> data_;
    char* map_ = nullptr;  // the mapping (data_ unused), its length size_
    std::size_t size_ = 0, capacity_ = 0;
    // Mapped: bytes [0, dropped_) consumed and given back; the next drop once
    // the reader passes next_drop_ (an address; never for a loaded file).
    std::size_t dropped_ = 0;
    std::uintptr_t next_drop_ = UINTPTR_MAX;
    std::size_t drop_step_ = kDropStep;
    bool strict_ = false;
    std::size_t newlines_dropped_ = 0;
    const char* last_newline_ = nullptr;
};

// Reads the whole file; returns 0 or the errno of the failure (EISDIR for a
// folder), kTooLarge past max_bytes (nothing kept; a regular file is not
// even read), kNotRegular for a FIFO, device or socket when regular_only
// (opened without blocking, so a FIFO cannot hang the read).
inline constexpr int kTooLarge = -1;
inline constexpr int kNotRegular = -2;
int load_file(const std::string& path, FileText& out, std::uint64_t max_bytes = UINT64_MAX,
              bool regular_only = false);
// Maps a regular file of at least `min_bytes` (and one) read-only: 0, an
// errno, kTooLarge, or kNotMappable (a pipe, a device, a smaller file, mmap
// refused), when the caller loads it instead. A mapped file that another
// process truncates meanwhile ends the process with SIGBUS, as with any
// mapping: read_file maps only files above one drop step (smaller ones gain
// nothing) read without their source (kept, it is a buffer of its own).
inline constexpr int kNotMappable = -3;
int map_file(const std::string& path, FileText& out, std::uint64_t max_bytes = UINT64_MAX,
             std::uint64_t min_bytes = 1);

// line_col(text, offset) that reads no byte `spent` has consumed (offset at
// or after spent->kept(); spent may be null or a loaded file).
std::pair<std::size_t, std::size_t> line_col(std::string_view text, std::size_t offset,
                                             const FileText* spent) noexcept;

// Errc::too_large "<source>:<line>: <what>: over the read limit <limit> = <value> (raise it ...)".
[[noreturn]] void limit_exceeded(std::string_view source, std::size_t line, const char* limit, std::uint64_t value,
                                 std::string_view what);

// Readers (text without a UTF-8 byte-order mark; read_string has run
// check_text for edges, dot, dax and stg).
// `spent` (may be null): the file holding `text`, which the reader frees
// once it needs it no more (before the dag's arrays are built).
Dag read_edges(std::string_view text, std::string_view source, FileText* spent = nullptr);
Dag read_dot(std::string_view text, std::string_view source, const ReadLimits& limits, FileText* spent = nullptr);
Dag read_wfformat(std::string_view text, std::string_view source, FileText* spent = nullptr);
Dag read_adjacency_json(std::string_view text, std::string_view source, FileText* spent = nullptr);
Dag read_dax(std::string_view text, std::string_view source);
Dag read_stg(std::string_view text, std::string_view source, FileText* spent = nullptr);
// `root`: the tree IncludePolicy::same_directory_tree allows (canonical; empty = none).
ReadResult read_dagman(std::string_view text, std::string_view source, const std::string& base_dir,
                       const ReadLimits& limits, const std::string& root, FileText* spent = nullptr);

// Writers.
void write_edges(std::ostream& out, const Dag& dag);
void write_dot(std::ostream& out, const Dag& dag);
void write_wfformat(std::ostream& out, const Dag& dag);
void write_adjacency_json(std::ostream& out, const Dag& dag);
void write_dagman(std::ostream& out, const Dag& dag);
void write_dax(std::ostream& out, const Dag& dag);

}  // namespace ics::io::detail
