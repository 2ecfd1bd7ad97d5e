// libFuzzer target: one reader (ICS_FUZZ_FORMAT, an ics::io::Format value) on
// arbitrary bytes. Every input must either read into a valid dag or fail with
// an ics::Error; anything else (a crash, a sanitizer report, another
// exception, a read past the limits) is a finding. The limits are small so
// that an amplifying input fails fast instead of timing out the fuzzer, and
// no file may be opened (IncludePolicy::deny): the input is all there is.
// The DAX target also reads the input in pieces (xml_stream.hpp) of 1 to 16
// bytes, and the outcome must be the same as the whole text's. Every dag read
// is written in each format with a writer and read back: the same names by
// id and the same arcs, or a refusal as unsupported (a name the format
// cannot hold).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string>
#include <string_view>

#include "common/error.hpp"
#include "io/io.hpp"
#if ICS_FUZZ_FORMAT == 5
#include <memory>

#include "io/xml_stream.hpp"
#endif

#ifndef ICS_FUZZ_FORMAT
#error "compile with -DICS_FUZZ_FORMAT=<ics::io::Format value>"
#endif

#if ICS_FUZZ_FORMAT == 5
namespace {
// The text in pieces of `size` bytes, each a copy freed at the next call
// (ASan sees a pointer kept into a piece the reader left).
class Pieces final : public ics::io::detail::XmlPieces {
public:
    Pieces(std::string_view text, std::size_t size) : text_(text), size_(size) {}
    std::string_view next() override {
        const std::size_t n = std::min(size_, text_.size());
        piece_ = std::make_unique<char[]>(n + 1);
        std::copy_n(text_.data(), n, piece_.get());
        text_.remove_prefix(n);
        return {piece_.get(), n};
    }

private:
    std::string_view text_;
    std::size_t size_;
    std::unique_ptr<char[]> piece_;
};

// "names / arcs" of a dag, or "code: message".
std::string outcome(auto read) {
    try {
        const ics::Dag g = read();
        std::string s;
        for (ics::NodeId v = 0; v < g.node_count(); ++v) {
            s.append(g.name(v)) += '\n';
            for (ics::NodeId c : g.children(v)) s += std::to_string(c) + ' ';
        }
        return s;
    } catch (const ics::Error& e) {
        return std::to_string(static_cast<int>(e.code())) + ": " + e.what();
    }
}

// The DAX reader fed in pieces must give what it gives on the whole text
// (the same dag, or the same error and message).
void same_in_pieces(std::string_view text) {
    if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);
    if (ics::io::detail::find_non_text(text) != std::string_view::npos) return;
    const std::size_t size = text.empty() ? 1 : 1 + static_cast<unsigned char>(text[0]) % 16;
    const std::string whole = outcome([&] { return ics::io::detail::read_dax(text, "fuzz"); });
    Pieces pieces(text, size);
    if (outcome([&] { return ics::io::detail::read_dax(pieces, "fuzz"); }) != whole) std::abort();
}
}  // namespace
#endif

namespace {

// Written in format f, g reads back the same (names by id, arcs), or the
// writer refuses it as unsupported.
void same_written(const ics::Dag& g, ics::io::Format f) {
    std::ostringstream out;
    try {
        ics::io::write(out, g, f);
    } catch (const ics::Error& e) {
        if (e.code() != ics::Errc::unsupported) std::abort();
        return;
    }
    // (Read as f: a name like '{"a":' makes an edge list that content
    // detection would take for JSON.)
    const ics::Dag back = ics::io::read_string(out.str(), f, "written").dag;
    if (back.node_count() != g.node_count() || back.arc_count() != g.arc_count()) std::abort();
    for (ics::NodeId v = 0; v < g.node_count(); ++v) {
        if (back.name(v) != g.name(v)) std::abort();
        const auto a = g.children(v), b = back.children(v);
        if (!std::equal(a.begin(), a.end(), b.begin(), b.end())) std::abort();
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    ics::io::ReadLimits limits;
    limits.include_policy = ics::io::IncludePolicy::deny;
    limits.max_nodes = 100'000;
    limits.max_arcs = 1'000'000;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        const ics::io::ReadResult r =
            ics::io::read_string(text, static_cast<ics::io::Format>(ICS_FUZZ_FORMAT), "fuzz", limits);
        // What a read promises: a non-empty acyclic dag within the limits,
        // its topological order covering every node with parents first.
        const ics::Dag& g = r.dag;
        if (g.node_count() == 0 || g.node_count() > limits.max_nodes || g.arc_count() > limits.max_arcs) std::abort();
        if (g.topological_order().size() != g.node_count()) std::abort();
        for (ics::NodeId v = 0; v < g.node_count(); ++v)
            for (ics::NodeId c : g.children(v))
                if (g.levels()[c] <= g.levels()[v]) std::abort();
        using ics::io::Format;
        for (Format f : {Format::edges, Format::dot, Format::wfformat, Format::adjacency_json, Format::dagman,
                         Format::dax})
            same_written(g, f);
    } catch (const ics::Error&) {
        // A clear refusal: the expected answer to most inputs.
    }
#if ICS_FUZZ_FORMAT == 5
    same_in_pieces(text);
#endif
    return 0;
}
