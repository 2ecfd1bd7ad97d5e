// The forward-only XML reader of xml_stream.hpp. Its grammar is pugixml's
// (1.13, parse_default), so that every file the DAX reader took before
// still reads to the same dag: a start tag is `<name` then attributes
// `name = "value"` (or '...') separated by white space, then `>` or `/>`;
// comments run to the first `-->`, CDATA to `]]>`, processing instructions
// (the `<?xml ...?>` declaration too) to `?>`; a DOCTYPE, at the top level
// only, nests `<!...>` groups, `<![...]]>` sections, quoted strings,
// comments and PIs; text is skipped. Several top-level elements are
// accepted (the first one is the document element for the handler).
//
// Every scan works on the current piece with memchr or a byte-class table
// and moves on to the next piece where the current one ends; only one byte
// of look-ahead is ever needed, so nothing is stitched across pieces.
#include "io/xml_stream.hpp"

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>
#include <vector>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace ics::io::detail {

namespace {

// Byte classes of pugixml's chartype_table: white space is \t \n \r and
// space (not \v \f); a name starts with a letter, '_', ':' or a byte >= 0x80
// and goes on with those, digits, '-' and '.'.
enum : unsigned char { kSpace = 1, kNameStart = 2, kNameChar = 4 };

constexpr std::array<unsigned char, 256> make_classes() {
    std::array<unsigned char, 256> t{};
    for (int c : {'\t', '\n', '\r', ' '}) t[static_cast<std::size_t>(c)] = kSpace;
    for (int c = 0; c < 256; ++c) {
        const bool letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c >= 0x80 || c == '_' || c == ':';
        if (letter) t[static_cast<std::size_t>(c)] = kNameStart | kNameChar;
        if ((c >= '0' && c <= '9') || c == '-' || c == '.') t[static_cast<std::size_t>(c)] = kNameChar;
    }
    return t;
}
constexpr std::array<unsigned char, 256> kClass = make_classes();

inline bool is(int c, unsigned char cls) noexcept { return c >= 0 && (kClass[static_cast<std::size_t>(c)] & cls); }
inline bool is_char(char c, unsigned char cls) noexcept { return kClass[static_cast<unsigned char>(c)] & cls; }

// pugixml's utf8_writer::any: code points past U+10FFFF give the same bytes it wrote.
void append_utf8(std::string& out, std::uint32_t ch) {
    if (ch < 0x80) {
        out += static_cast<char>(ch);
    } else if (ch < 0x800) {
        out += static_cast<char>(0xC0 | (ch >> 6));
        out += static_cast<char>(0x80 | (ch & 0x3F));
    } else if (ch < 0x10000) {
        out += static_cast<char>(0xE0 | (ch >> 12));
        out += static_cast<char>(0x80 | ((ch >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (ch & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (ch >> 18));
        out += static_cast<char>(0x80 | ((ch >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((ch >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (ch & 0x3F));
    }
}

// The reference at raw[i] == '&' decoded onto `out`; returns the index after
// it, or i + 1 with a literal '&' when it is none of the forms pugixml
// decodes (then the bytes after '&' are read as text again). `nul`: set
// when it decodes to U+0000 (a code point that wrapped around 2^32).
std::size_t decode_reference(std::string_view raw, std::size_t i, std::string& out, bool& nul) {
    const std::string_view rest = raw.substr(i + 1);
    static constexpr std::pair<std::string_view, char> kNamed[] = {
        {"amp;", '&'}, {"apos;", '\''}, {"gt;", '>'}, {"lt;", '<'}, {"quot;", '"'}};
    for (const auto& [name, c] : kNamed)
        if (rest.starts_with(name)) {
            out += c;
            return i + 1 + name.size();
        }
    if (rest.empty() || rest[0] != '#') {
        out += '&';
        return i + 1;
    }
    const bool hex = rest.size() > 1 && rest[1] == 'x';
    std::size_t j = hex ? 2 : 1;
    const std::size_t digits = j;
    std::uint32_t code = 0;  // wraps like pugixml's unsigned int
    for (; j < rest.size(); ++j) {
        const char c = rest[j];
        if (c >= '0' && c <= '9') {
            code = code * (hex ? 16u : 10u) + static_cast<std::uint32_t>(c - '0');
        } else if (hex && (c | ' ') >= 'a' && (c | ' ') <= 'f') {
            code = code * 16u + static_cast<std::uint32_t>((c | ' ') - 'a' + 10);
        } else {
            break;
        }
    }
    if (j == digits || j == rest.size() || rest[j] != ';') {
        out += '&';
        return i + 1;
    }
    if (code == 0) nul = true;
    append_utf8(out, code);
    return i + 1 + j + 1;
}

class Parser {
public:
    Parser(XmlPieces& in, XmlHandler& handler, std::string_view source)
        : in_(in), h_(handler), source_(source) {}

    void run() {
        for (;;) {
            if (!skip_to('<')) break;
            ++p_;
            const int c = peek();
            if (is(c, kNameStart)) {
                start_tag();
            } else if (c == '/') {
                ++p_;
                end_tag();
            } else if (c == '?') {
                ++p_;
                processing_instruction();
            } else if (c == '!') {
                ++p_;
                exclamation();
            } else {
                error(c < 0 ? "the file ends after '<'" : "'<' followed by " + shown(c) + ", not a name, '/', '?' or '!'");
            }
        }
        if (!stack_ends_.empty())
            error("the file ends inside <" + std::string(top_name()) + "> (" + std::to_string(stack_ends_.size()) +
                  " element" + (stack_ends_.size() > 1 ? "s" : "") + " left open)");
        if (!seen_element_) error("no element (an XML document has one)");
    }

private:
    // ------------------------------------------------------------ cursor
    int peek() {
        if (p_ == end_ && !refill()) return -1;
        return static_cast<unsigned char>(*p_);
    }
    int get() {
        const int c = peek();
        if (c >= 0) ++p_;
        return c;
    }
    std::uint64_t offset() const noexcept { return win_abs_ + static_cast<std::uint64_t>(p_ - win_); }

    // Leaves the current piece (its lines counted) for the next one; false
    // at the end (an empty piece).
    bool refill() {
        if (done_) return false;
        count_lines(end_);
        const std::string_view piece = in_.next();
        if (piece.empty()) {
            done_ = true;  // a reference cut by the end is no reference
            return false;
        }
        win_abs_ += static_cast<std::uint64_t>(end_ - win_);
        win_ = p_ = cnt_ = piece.data();
        end_ = win_ + piece.size();
        if (scan_nul_) scan_nul_references();
        return true;
    }

    // Before an error is thrown: the rest of the input is read (and
    // searched for &#0; when `scan_nul`), so that what a reader of the whole
    // text would have found first still comes first whatever the pieces: a
    // bad byte (XmlFilePieces checks each piece), then &#0;, then the XML
    // error (the order of read_string, check_text, then the old reader's
    // search for NUL references before parsing).
    void drain(bool scan_nul) {
        scan_nul_ = scan_nul;
        while (refill()) p_ = end_;
    }

    // memchr from line end to line end: std::count is a byte loop at -O2.
    void count_lines(const char* to) noexcept {
        const char* last = nullptr;
        for (const char* s = cnt_; s < to;) {
            s = static_cast<const char*>(std::memchr(s, '\n', static_cast<std::size_t>(to - s)));
            if (!s) break;
            ++line_;
            last = s++;
        }
        if (last) last_nl_abs_ = static_cast<std::int64_t>(win_abs_ + static_cast<std::uint64_t>(last - win_));
        cnt_ = to;
    }
    std::size_t line_here() noexcept {
        count_lines(p_);
        return line_;
    }

    // `back`: the error is that many bytes before p_, on the same line.
    [[noreturn]] void error(const std::string& what, std::size_t back = 0) {
        const std::size_t line = line_here();
        const std::uint64_t col = offset() - back - static_cast<std::uint64_t>(last_nl_abs_ + 1) + 1;
        const std::string cause = "column " + std::to_string(col) + ": XML error: " + what;
        drain(true);
        fail_at(Errc::parse, source_, line, cause);
    }
    static std::string shown(int c) {
        if (c >= 0x21 && c < 0x7F) return std::string("'") + static_cast<char>(c) + "'";
        return c == ' ' ? "a space" : c == '\n' || c == '\r' ? "a line end" : "a byte " + std::to_string(c);
    }
    [[noreturn]] void error_got(const std::string& expected) {
        const int c = peek();
        error(c < 0 ? "the file ends where " + expected + " should be" : expected + " expected, got " + shown(c));
    }

    // Leaves p_ at the next `c`; false at the end of the input.
    bool skip_to(char c) {
        for (;;) {
            if (p_ == end_ && !refill()) return false;
            const void* q = std::memchr(p_, c, static_cast<std::size_t>(end_ - p_));
            if (q) {
                p_ = static_cast<const char*>(q);
                return true;
            }
            p_ = end_;
        }
    }
    // The same, appending the bytes passed to `out`.
    bool take_to(char c, std::string& out) {
        for (;;) {
            if (p_ == end_ && !refill()) return false;
            const char* q = static_cast<const char*>(std::memchr(p_, c, static_cast<std::size_t>(end_ - p_)));
            out.append(p_, q ? q : end_);
            if (q) {
                p_ = q;
                return true;
            }
            p_ = end_;
        }
    }
    // Past the first '>' preceded by `need` or more `fill` bytes read since
    // the call ("-->", "]]>", "?>"); false at the end of the input.
    bool skip_past(char fill, std::size_t need) {
        std::size_t run = 0;  // fill bytes just before p_, read since the call
        for (;;) {
            if (p_ == end_ && !refill()) return false;
            const char* q = static_cast<const char*>(std::memchr(p_, '>', static_cast<std::size_t>(end_ - p_)));
            const char* stop = q ? q : end_;
            const char* r = stop;
            while (r > p_ && r[-1] == fill) --r;
            run = (r == p_ ? run : 0) + static_cast<std::size_t>(stop - r);
            p_ = q ? q + 1 : end_;
            if (q && run >= need) return true;
            if (q) run = 0;
        }
    }
    void skip_space() {
        while (is(peek(), kSpace)) ++p_;
    }
    // Appends the name characters at p_ to `out`.
    void take_name(std::string& out) {
        for (;;) {
            const char* s = p_;
            while (p_ < end_ && is_char(*p_, kNameChar)) ++p_;
            out.append(s, p_);
            if (p_ != end_ || !refill()) return;
        }
    }
    // Reads the name at p_ (`length` bytes); whether it equals `want` (never when empty).
    bool name_equals(std::string_view want, std::size_t& length) {
        std::size_t i = 0;
        bool same = !want.empty();
        for (;;) {
            const char* s = p_;
            while (p_ < end_ && is_char(*p_, kNameChar)) ++p_;
            const auto n = static_cast<std::size_t>(p_ - s);
            if (same) same = i + n <= want.size() && std::memcmp(s, want.data() + i, n) == 0;
            i += n;
            if (p_ != end_ || !refill()) break;
        }
        length = i;
        return same && i == want.size();
    }

    // ------------------------------------------------------------ markup
    std::string_view top_name() const noexcept {
        const std::size_t end = stack_ends_.back();
        const std::size_t begin = stack_ends_.size() > 1 ? stack_ends_[stack_ends_.size() - 2] : 0;
        return std::string_view(stack_names_).substr(begin, end - begin);
    }

    void start_tag() {
        name_.clear();
        take_name(name_);
        seen_element_ = true;
        XmlStart e;
        e.depth = stack_ends_.size() + 1;
        const XmlWant w = h_.wanted(name_, e.depth);
        const std::string_view want = w.attribute;
        if (w.line) e.line = line_here();  // names hold no line end: the line of '<'
        int c = get();
        if (is(c, kSpace)) {
            for (;;) {
                skip_space();
                c = peek();
                if (is(c, kNameStart)) {
                    attribute(want, e);
                    continue;
                }
                if (c >= 0) ++p_;
                break;
            }
        }
        if (c == '/') {
            if (peek() != '>') error_got("'>' after '/' in <" + name_ + ">");
            ++p_;
            e.name = name_;
            h_.start(e);
            h_.end(e.depth);
        } else if (c == '>') {
            stack_names_ += name_;
            stack_ends_.push_back(stack_names_.size());
            e.name = name_;
            h_.start(e);
        } else {
            if (c >= 0) --p_;  // point at it
            error_got("an attribute, '>' or '/>' in <" + name_ + ">");
        }
    }

    // One `name = "value"`; the value of the first `want` goes into e.
    void attribute(std::string_view want, XmlStart& e) {
        std::size_t length;
        const bool keep = name_equals(want, length) && !e.has_value;
        int c = get();
        if (is(c, kSpace)) {
            skip_space();
            c = get();
        }
        if (c != '=') {
            if (c >= 0) --p_;
            error_got("'=' after an attribute name in <" + name_ + ">");
        }
        skip_space();
        const int quote = peek();
        if (quote != '"' && quote != '\'') error_got("a quoted attribute value in <" + name_ + ">");
        ++p_;
        bool closed;
        if (keep) {
            raw_.clear();
            closed = take_to(static_cast<char>(quote), raw_);
            if (closed) decode_value(e);
        } else {
            closed = skip_to(static_cast<char>(quote));
        }
        if (!closed) error("the file ends inside an attribute value of <" + name_ + ">");
        ++p_;
        if (is(peek(), kNameStart)) error("no white space between two attributes of <" + name_ + ">");
    }

    // pugixml's parse_escapes + parse_wconv_attribute: references decoded,
    // tab / line end / CR LF each one space.
    void decode_value(XmlStart& e) {
        value_.clear();
        const std::string_view raw = raw_;
        bool nul = false;
        for (std::size_t i = 0; i < raw.size();) {
            const char c = raw[i];
            if (c == '&') {
                const std::size_t next = decode_reference(raw, i, value_, nul);
                if (nul) {  // pugixml wrapped it to 0 and cut the name there
                    const std::size_t line = e.line != kNoLine ? e.line : line_here();
                    drain(true);
                    fail_at(Errc::parse, source_, line,
                            "character reference " + quote(raw.substr(i, next - i)) +
                                " is NUL (it wraps past 2^32), which no name may contain");
                }
                i = next;
            } else if (c == '\r') {
                value_ += ' ';
                i += i + 1 < raw.size() && raw[i + 1] == '\n' ? 2 : 1;
            } else {
                value_ += c == '\n' || c == '\t' ? ' ' : c;
                ++i;
            }
        }
        e.has_value = true;
        e.value = value_;
    }

    void end_tag() {
        if (stack_ends_.empty()) error("an end tag that closes no element");
        const std::string_view open = top_name();
        std::size_t length;
        if (!name_equals(open, length))  // at the end tag's name, as pugixml had it
            error("an end tag that does not close <" + std::string(open) + ">", length);
        skip_space();
        if (peek() != '>') error_got("'>' in the end tag of <" + std::string(open) + ">");
        ++p_;
        const std::size_t depth = stack_ends_.size();
        stack_ends_.pop_back();
        stack_names_.resize(stack_ends_.empty() ? 0 : stack_ends_.back());
        h_.end(depth);
    }

    void processing_instruction() {
        if (!is(peek(), kNameStart)) error_got("a name after '<?'");
        while (is(peek(), kNameChar)) ++p_;
        if (!skip_past('?', 1)) error("the file ends inside a processing instruction (no '?>')");
    }

    void exclamation() {
        const int c = peek();
        if (c == '-') {
            ++p_;
            if (peek() != '-') error_got("'-' (a comment starts with '<!--')");
            ++p_;
            if (!skip_past('-', 2)) error("the file ends inside a comment (no '-->')");
        } else if (c == '[') {
            ++p_;
            expect_word("CDATA[");
            if (!skip_past(']', 2)) error("the file ends inside a CDATA section (no ']]>')");
        } else if (c == 'D') {
            expect_word("DOCTYPE");
            if (!stack_ends_.empty()) error("<!DOCTYPE inside an element");
            doctype();
        } else {
            error_got("'--', '[CDATA[' or 'DOCTYPE' after '<!'");
        }
    }
    void expect_word(std::string_view w) {
        for (const char k : w) {
            if (peek() != static_cast<unsigned char>(k)) error_got("'" + std::string(w) + "' after '<!'");
            ++p_;
        }
    }

    // After "<!DOCTYPE": to the '>' that closes it (pugixml's parse_doctype_group).
    void doctype() {
        std::size_t depth = 0;
        for (;;) {
            const int c = get();
            if (c < 0) error("the file ends inside <!DOCTYPE");
            if (c == '<') {
                const int c2 = peek();
                if (c2 == '!') {
                    ++p_;
                    const int c3 = peek();
                    if (c3 == '[') {
                        ++p_;
                        doctype_section();
                    } else if (c3 == '-') {
                        ++p_;
                        if (get() != '-') error("a bad comment inside <!DOCTYPE");
                        if (!skip_past('-', 2)) error("the file ends inside a comment (no '-->')");
                    } else {
                        ++depth;
                    }
                } else if (c2 == '?') {
                    ++p_;
                    if (!skip_past('?', 1)) error("the file ends inside a processing instruction (no '?>')");
                } else {
                    error_got("'!' or '?' after '<' inside <!DOCTYPE");
                }
            } else if (c == '"' || c == '\'') {
                if (!skip_to(static_cast<char>(c))) error("the file ends inside a quoted string of <!DOCTYPE");
                ++p_;
            } else if (c == '>') {
                if (depth == 0) return;
                --depth;
            }
        }
    }
    // After "<![" inside a DOCTYPE: to its "]]>", nested sections counted.
    void doctype_section() {
        std::size_t depth = 0, run = 0;  // run: ']' just read
        for (;;) {
            const int c = get();
            if (c < 0) error("the file ends inside a <![ section of <!DOCTYPE");
            if (c == ']') {
                ++run;
                continue;
            }
            if (c == '>' && run >= 2) {
                if (depth == 0) return;
                --depth;
            } else if (c == '<' && peek() == '!') {
                ++p_;
                if (peek() == '[') {
                    ++p_;
                    ++depth;
                }
            }
            run = 0;
        }
    }

    // ------------------------------------------------------------ &#0;
    // The old reader refused a reference to NUL anywhere in the text, before
    // parsing; each piece is searched when it arrives, a reference cut by a
    // piece's end carried over.
    enum NulState : unsigned char { kNulIdle, kNulAmp, kNulHash, kNulX, kNulZeros };

    void scan_nul_references() {
        const char* p = win_;
        while (p < end_) {
            if (nul_state_ == kNulIdle) {
                p = static_cast<const char*>(std::memchr(p, '&', static_cast<std::size_t>(end_ - p)));
                if (!p) return;
                nul_state_ = kNulAmp;
                nul_amp_ = p++;
                nul_line_ = kNoLine;
                nul_x_ = 0;
                nul_zeros_ = 0;
                continue;
            }
            const char c = *p;
            if (nul_state_ == kNulAmp && c == '#') {
                nul_state_ = kNulHash;
            } else if (nul_state_ == kNulHash && (c == 'x' || c == 'X')) {
                nul_x_ = c;
                nul_state_ = kNulX;
            } else if ((nul_state_ == kNulHash || nul_state_ == kNulX || nul_state_ == kNulZeros) && c == '0') {
                nul_state_ = kNulZeros;
                ++nul_zeros_;
            } else if (nul_state_ == kNulZeros && c == ';') {
                if (nul_line_ == kNoLine) nul_line_ = line_ + static_cast<std::size_t>(std::count(win_, nul_amp_, '\n'));
                std::string ref = "&#";
                if (nul_x_) ref += nul_x_;
                ref.append(std::min<std::size_t>(nul_zeros_, 200), '0');  // the old reader's text, if not huge
                if (nul_zeros_ > 200) ref += "...";
                const std::size_t line = nul_line_;
                drain(false);
                fail_at(Errc::parse, source_, line, "character reference " + ref + "; is NUL, which no name may contain");
            } else {
                nul_state_ = kNulIdle;  // `c` is looked at again (it may be '&')
                continue;
            }
            ++p;
        }
        if (nul_state_ != kNulIdle && nul_line_ == kNoLine)  // cut by the piece's end
            nul_line_ = line_ + static_cast<std::size_t>(std::count(win_, nul_amp_, '\n'));
    }

    XmlPieces& in_;
    XmlHandler& h_;
    std::string_view source_;

    // The current piece [win_, end_), p_ the cursor; win_abs_: offset of win_.
    const char* win_ = nullptr;
    const char* p_ = nullptr;
    const char* end_ = nullptr;
    std::uint64_t win_abs_ = 0;
    bool done_ = false;
    // Lines counted up to cnt_ (line_: the line of cnt_).
    const char* cnt_ = nullptr;
    std::size_t line_ = 1;
    std::int64_t last_nl_abs_ = -1;

    // Open elements: their names one after the other, and where each ends.
    std::string stack_names_;
    std::vector<std::size_t> stack_ends_;
    bool seen_element_ = false;
    std::string name_, raw_, value_;  // scratch, reused

    bool scan_nul_ = true;
    NulState nul_state_ = kNulIdle;
    const char* nul_amp_ = nullptr;
    std::size_t nul_line_ = kNoLine;
    char nul_x_ = 0;
    std::size_t nul_zeros_ = 0;
};

}  // namespace

void parse_xml(XmlPieces& in, XmlHandler& handler, std::string_view source) {
    Parser(in, handler, source).run();
}

// ---------------------------------------------------------------- a file in pieces

namespace {

[[noreturn]] void cannot_read(const std::string& path, int err) {
    fail(Errc::io, path + ": cannot read: " + std::strerror(err));
}

// Bytes of `p` that end with a whole UTF-8 sequence (a lead byte whose
// sequence the end cuts is left for the next piece).
std::size_t whole_sequences(const char* p, std::size_t n) noexcept {
    for (std::size_t k = 1; k <= std::min<std::size_t>(3, n); ++k) {
        const auto c = static_cast<unsigned char>(p[n - k]);
        if ((c & 0xC0) == 0x80) continue;  // a continuation byte: look further back
        const std::size_t len = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
        return len > k ? n - k : n;
    }
    return n;
}

}  // namespace

XmlFilePieces::XmlFilePieces(const std::string& path, std::uint64_t max_bytes, std::size_t piece_size)
    : path_(path), max_bytes_(max_bytes), size_(std::max<std::size_t>(piece_size, 8)) {
    fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd_ < 0) cannot_read(path, errno);
    struct stat st {};
    if (::fstat(fd_, &st) != 0) cannot_read(path, errno);
    if (S_ISDIR(st.st_mode)) cannot_read(path, EISDIR);
    if (S_ISREG(st.st_mode) && static_cast<std::uint64_t>(st.st_size) > max_bytes)
        limit_exceeded(path, kNoLine, "max_bytes", max_bytes, "the file is larger");
    buf_ = std::make_unique_for_overwrite<char[]>(size_);
}

XmlFilePieces::~XmlFilePieces() {
    if (fd_ >= 0) ::close(fd_);
}

std::size_t XmlFilePieces::fill(char* at, std::size_t n) {
    std::size_t got = 0;
    while (got < n) {
        const ssize_t r = ::read(fd_, at + got, n - got);
        if (r == 0) {
            eof_ = true;
            break;
        }
        if (r < 0) {
            if (errno == EINTR) continue;
            cannot_read(path_, errno);
        }
        got += static_cast<std::size_t>(r);
    }
    total_ += got;
    if (total_ > max_bytes_) limit_exceeded(path_, kNoLine, "max_bytes", max_bytes_, "the file is larger");
    return got;
}

std::string_view XmlFilePieces::next() {
    if (eof_ && carry_ == 0) {
        ended_ = true;
        return {};
    }
    std::memmove(buf_.get(), buf_.get() + carry_at_, carry_);
    std::size_t n = carry_;
    if (!eof_) n += fill(buf_.get() + carry_, size_ - carry_);
    const char* p = buf_.get();
    if (first_) {
        first_ = false;
        if (n >= 3 && std::memcmp(p, "\xEF\xBB\xBF", 3) == 0) {
            p += 3;
            n -= 3;
        }
    }
    const std::size_t len = eof_ ? n : whole_sequences(p, n);
    carry_ = n - len;
    carry_at_ = static_cast<std::size_t>(p + len - buf_.get());
    if (!nonblank_) nonblank_ = std::any_of(p, p + len, [](char c) { return !is_space(c); });
    check(p, len);
    const char* last = nullptr;
    for (const char* s = p; s < p + len;) {
        s = static_cast<const char*>(std::memchr(s, '\n', static_cast<std::size_t>(p + len - s)));
        if (!s) break;
        ++line_;
        last = s++;
    }
    col_ = last ? static_cast<std::size_t>(p + len - last - 1) : col_ + len;
    // (The last piece: a 0-byte file's is its only one, which a parser may
    // take for the end without asking again.)
    if (eof_ && carry_ == 0) ended_ = true;
    return {p, len};
}

// check_text on a piece, the line and column counted from the file's start.
void XmlFilePieces::check(const char* p, std::size_t n) const {
    const std::size_t bad = find_non_text(std::string_view(p, n));
    if (bad == std::string_view::npos) return;
    std::size_t line = line_;
    const char* last = nullptr;
    for (const char* s = p; s < p + bad; ++s)
        if (*s == '\n') {
            ++line;
            last = s;
        }
    const std::size_t col = last ? static_cast<std::size_t>(p + bad - last) : col_ + bad + 1;
    fail_non_text(path_, line, col, static_cast<unsigned char>(p[bad]));
}

}  // namespace ics::io::detail
