// A forward-only (SAX-style) XML reader for the subset the DAX reader needs:
// start and end elements, one chosen attribute per element, everything else
// (text, comments, processing instructions, CDATA, DOCTYPE, other
// attributes) checked and skipped. It accepts what pugixml's parse_default
// accepted, the way it did (the DAX reader was built on it): the five
// predefined entities and numeric references are decoded, any other `&name;`
// is kept as written (no DTD entity is ever expanded), attribute white
// space becomes spaces, and end tags must match their start tags.
//
// The text arrives in pieces (XmlPieces), each valid only until the next is
// asked for: the reader keeps no pointer into a piece it has left, copying
// what it keeps (the names of the open elements, the wanted attribute), so a
// file can be read in chunks or through an input that releases the pages
// behind it. Memory: the open elements' names and one attribute value.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>

#include "io/detail.hpp"

namespace ics::io::detail {

// Where the text comes from: pieces in order, each valid until the next call.
class XmlPieces {
public:
    virtual ~XmlPieces() = default;
    // The next piece; empty at the end (and on every call after it).
    virtual std::string_view next() = 0;
};

// A text held whole: one piece.
class XmlWholeText final : public XmlPieces {
public:
    explicit XmlWholeText(std::string_view text) noexcept : text_(text) {}
    std::string_view next() override { return std::exchange(text_, std::string_view()); }

private:
    std::string_view text_;
};

// A file read in pieces of `piece_size` bytes into one buffer, never held
// whole (issue 18), with read_file's checks: max_bytes (Errc::too_large),
// one byte-order mark dropped, and check_text's on each piece (binary data,
// invalid UTF-8: Errc::parse naming the line and column; a UTF-8 sequence
// cut by the buffer's end is carried over to the next piece). Errors
// opening or reading: Errc::io "<path>: cannot read: <reason>".
class XmlFilePieces final : public XmlPieces {
public:
    XmlFilePieces(const std::string& path, std::uint64_t max_bytes, std::size_t piece_size);
    ~XmlFilePieces() override;
    XmlFilePieces(const XmlFilePieces&) = delete;
    XmlFilePieces& operator=(const XmlFilePieces&) = delete;
    std::string_view next() override;
    // The end was handed out and every byte is white space (read_string's "no nodes").
    bool blank() const noexcept { return ended_ && !nonblank_; }

private:
    std::size_t fill(char* at, std::size_t n);
    void check(const char* p, std::size_t n) const;

    std::string path_;
    int fd_ = -1;
    std::uint64_t max_bytes_, total_ = 0;
    std::unique_ptr<char[]> buf_;
    std::size_t size_;
    std::size_t carry_ = 0, carry_at_ = 0;  // an incomplete UTF-8 sequence kept for the next piece
    bool first_ = true, eof_ = false, ended_ = false, nonblank_ = false;
    std::size_t line_ = 1, col_ = 0;  // at the start of the next piece (col_: bytes since its line began)
};

// A start tag as the handler sees it (views valid during the call only).
struct XmlStart {
    std::string_view name;      // qualified name as written ("dax:job")
    std::size_t depth = 0;      // 1: a top-level element
    std::size_t line = kNoLine; // of its '<' (when the handler asked for it)
    bool has_value = false;     // the wanted attribute is present
    std::string_view value;     // its first occurrence, references decoded
};

// What the handler wants of an element, asked before its attributes are
// read so that the others are skipped without a copy.
struct XmlWant {
    bool line = false;           // its line (counted only then)
    std::string_view attribute;  // one attribute's value ("" = none)
};

class XmlHandler {
public:
    virtual ~XmlHandler() = default;
    virtual XmlWant wanted(std::string_view name, std::size_t depth) = 0;
    virtual void start(const XmlStart& e) = 0;
    virtual void end(std::size_t depth) = 0;  // also right after start() for <x/>
};

// Reads the whole input. Malformed XML throws Errc::parse
// "<source>:<line>: column <c>: XML error: <what>", and a character
// reference to NUL anywhere (&#0;, &#x00;...) "<source>:<line>: character
// reference &#0; is NUL, which no name may contain" (pugixml cut a name at
// it). A document without any element is malformed.
void parse_xml(XmlPieces& in, XmlHandler& handler, std::string_view source);

// The DAX reader (dax.cpp) over pieces; read_dax(text, source) reads one.
// The text is checked already (check_text, no byte-order mark).
Dag read_dax(XmlPieces& in, std::string_view source);
// A DAX file read in pieces (XmlFilePieces), for read_file when the source
// text is not kept (ReadLimits::keep_source false): the peak holds one piece
// and the dag, not the file. A blank file: Errc::empty_graph "no nodes".
Dag read_dax_file(const std::string& path, std::uint64_t max_bytes, std::size_t piece_size = std::size_t{1} << 20);

}  // namespace ics::io::detail
