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

}  // namespace ics::io::detail
