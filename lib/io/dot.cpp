// Graphviz DOT, the directed subset real workflow files use (grammar:
// https://graphviz.org/doc/info/lang.html): `[strict] digraph [id] { ... }`
// with node statements, edge chains `a -> b -> c`, subgraphs as operands
// (`a -> {b c}`, `{a b} -> c`, `subgraph s {...}`), ports, `id = id`
// assignments, and `graph|node|edge [...]` defaults. Attributes are skipped.
//
// IDs: plain runs of letters/digits/'_'/'.'/non-ASCII, numerals such as -1.5,
// "quoted" strings (escapes: \" -> ", \\ -> \, backslash-newline removed; any
// other backslash is kept; "a" + "b" concatenates), and <html> strings.
// Graphviz keeps "\\" as two characters; we fold it to one so that every name
// the writer quotes reads back unchanged.
//
// The parser is a loop over tokens with an explicit stack of open subgraphs
// (no recursion); nesting deeper than kMaxDepth is refused. The members of
// all open subgraphs share one stack, an inner subgraph's being the tail of
// its parent's: closing one merges its duplicates in place and copies
// nothing (a copy per level made 100k nodes in 999 nested subgraphs cost
// 12 s and 776 MB). Arcs of `{...} -> {...}` are counted against
// ReadLimits::max_arcs before they are made.
#include <algorithm>
#include <span>

#include "io/detail.hpp"

namespace ics::io::detail {

namespace {

constexpr std::size_t kMaxDepth = 1000;

enum class Tok { end, id, lbrace, rbrace, lbracket, rbracket, semi, comma, equals, colon, arrow, undirected, other };

struct Token {
    Tok kind = Tok::end;
    std::string_view text;  // id text (valid until the next token is read)
    bool quoted = false;
    std::size_t line = 1;
};

bool is_id_char(unsigned char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '.' ||
           c >= 0x80;
}

class Lexer {
public:
    Lexer(std::string_view text, std::string_view source) : s_(text), source_(source) {}

    Token next() {
        if (has_pushed_) {
            has_pushed_ = false;
            return pushed_;
        }
        skip_blank();
        Token t;
        t.line = line_;
        if (pos_ >= s_.size()) return t;
        const char c = s_[pos_];
        const char d = pos_ + 1 < s_.size() ? s_[pos_ + 1] : '\0';
        switch (c) {
            case '{': return punct(t, Tok::lbrace);
            case '}': return punct(t, Tok::rbrace);
            case '[': return punct(t, Tok::lbracket);
            case ']': return punct(t, Tok::rbracket);
            case ';': return punct(t, Tok::semi);
            case ',': return punct(t, Tok::comma);
            case '=': return punct(t, Tok::equals);
            case ':': return punct(t, Tok::colon);
            case '"': return quoted(t);
            case '<': return html(t);
            default: break;
        }
        if (c == '-' && d == '>') {
            pos_ += 2;
            t.kind = Tok::arrow;
            return t;
        }
        if (c == '-' && d == '-') {
            pos_ += 2;
            t.kind = Tok::undirected;
            return t;
        }
        if (is_id_char(static_cast<unsigned char>(c)) || (c == '-' && (d == '.' || (d >= '0' && d <= '9')))) {
            const std::size_t b = pos_++;
            while (pos_ < s_.size() && is_id_char(static_cast<unsigned char>(s_[pos_]))) ++pos_;
            t.kind = Tok::id;
            t.text = s_.substr(b, pos_ - b);
            return t;
        }
        t.kind = Tok::other;
        t.text = s_.substr(pos_++, 1);
        return t;
    }

    void push_back(const Token& t) {
        pushed_ = t;
        has_pushed_ = true;
    }

    std::size_t line() const { return line_; }

private:
    Token punct(Token& t, Tok kind) {
        ++pos_;
        t.kind = kind;
        return t;
    }

    // White space, // and /* */ comments, and '#' lines (C preprocessor output).
    void skip_blank() {
        while (pos_ < s_.size()) {
            const char c = s_[pos_];
            if (c == '\n') {
                ++line_;
                ++pos_;
                line_start_ = true;
            } else if (is_space(c)) {
                ++pos_;
            } else if ((c == '#' && line_start_) || (c == '/' && pos_ + 1 < s_.size() && s_[pos_ + 1] == '/')) {
                const std::size_t nl = s_.find('\n', pos_);
                pos_ = nl == std::string_view::npos ? s_.size() : nl;
            } else if (c == '/' && pos_ + 1 < s_.size() && s_[pos_ + 1] == '*') {
                const std::size_t end = s_.find("*/", pos_ + 2);
                if (end == std::string_view::npos) fail_at(Errc::parse, source_, line_, "unterminated /* comment");
                line_ += static_cast<std::size_t>(std::count(s_.begin() + static_cast<std::ptrdiff_t>(pos_),
                                                             s_.begin() + static_cast<std::ptrdiff_t>(end), '\n'));
                pos_ = end + 2;
            } else {
                break;
            }
        }
        line_start_ = false;
    }

    // Reads one "..." piece starting at pos_ (on the quote) into buf_.
    void quoted_piece(std::size_t start_line) {
        ++pos_;
        for (;;) {
            if (pos_ >= s_.size()) fail_at(Errc::parse, source_, start_line, "unterminated quoted string");
            const char c = s_[pos_];
            if (c == '"') {
                ++pos_;
                return;
            }
            if (c == '\\' && pos_ + 1 < s_.size()) {
                const char e = s_[pos_ + 1];
                if (e == '"' || e == '\\') {
                    buf_ += e;
                    pos_ += 2;
                    continue;
                }
                if (e == '\n' || (e == '\r' && pos_ + 2 < s_.size() && s_[pos_ + 2] == '\n')) {
                    pos_ += e == '\n' ? 2 : 3;
                    ++line_;
                    continue;
                }
            }
            if (c == '\n') ++line_;
            buf_ += c;
            ++pos_;
        }
    }

    Token quoted(Token& t) {
        buf_.clear();
        quoted_piece(t.line);
        // "a" + "b": concatenation.
        for (;;) {
            const std::size_t save_pos = pos_, save_line = line_;
            skip_blank();
            if (pos_ < s_.size() && s_[pos_] == '+') {
                ++pos_;
                skip_blank();
                if (pos_ >= s_.size() || s_[pos_] != '"')
                    fail_at(Errc::parse, source_, line_, "expected a quoted string after '+'");
                quoted_piece(line_);
                continue;
            }
            pos_ = save_pos;
            line_ = save_line;
            break;
        }
        t.kind = Tok::id;
        t.quoted = true;
        t.text = buf_;
        return t;
    }

    // <...> with nested angle brackets; the name is what lies between the outer ones.
    Token html(Token& t) {
        std::size_t depth = 0;
        const std::size_t b = pos_ + 1;
        for (; pos_ < s_.size(); ++pos_) {
            const char c = s_[pos_];
            if (c == '<') {
                ++depth;
            } else if (c == '>') {
                if (--depth == 0) {
                    t.kind = Tok::id;
                    t.quoted = true;
                    t.text = s_.substr(b, pos_ - b);
                    ++pos_;
                    return t;
                }
            } else if (c == '\n') {
                ++line_;
            }
        }
        fail_at(Errc::parse, source_, t.line, "unterminated <html> string");
    }

    std::string_view s_;
    std::string_view source_;
    std::size_t pos_ = 0;
    std::size_t line_ = 1;
    bool line_start_ = true;
    std::string buf_;
    Token pushed_;
    bool has_pushed_ = false;
};

bool is_keyword(const Token& t, std::string_view word) {
    return t.kind == Tok::id && !t.quoted && iequals(t.text, word);
}

std::string describe(const Token& t) {
    switch (t.kind) {
        case Tok::end: return "end of file";
        case Tok::id: return quote(t.text);
        case Tok::other: return "unexpected character " + quote(t.text);
        case Tok::lbrace: return "'{'";
        case Tok::rbrace: return "'}'";
        case Tok::lbracket: return "'['";
        case Tok::rbracket: return "']'";
        case Tok::semi: return "';'";
        case Tok::comma: return "','";
        case Tok::equals: return "'='";
        case Tok::colon: return "':'";
        case Tok::arrow: return "'->'";
        case Tok::undirected: return "'--'";
    }
    return "?";
}

// One open graph or subgraph: the left operand of a pending edge chain (one
// node, or a closed subgraph's members: a range of the members stack), and
// where its own members start on that stack.
struct Frame {
    NodeId prev_node = kNoNode;      // the operand when it is one node
    std::size_t prev_begin = 0;      // else members_[prev_begin, prev_end)
    std::size_t prev_end = 0;
    std::size_t members_begin = 0;
    bool has_prev = false;
    bool edge_pending = false;
    bool after_attrs = false;
    std::size_t open_line = 0;
};

class Parser {
public:
    Parser(std::string_view text, std::string_view source, const ReadLimits& limits)
        : lex_(text, source), source_(source), limits_(limits) {}

    Dag run(FileText* spent) {
        Token t = lex_.next();
        if (is_keyword(t, "strict")) t = lex_.next();
        if (is_keyword(t, "graph"))
            fail_at(Errc::unsupported, source_, t.line, "undirected 'graph': only 'digraph' describes a DAG");
        if (!is_keyword(t, "digraph"))
            fail_at(Errc::parse, source_, t.line, "expected 'digraph', found " + describe(t));
        t = lex_.next();
        if (t.kind == Tok::id) t = lex_.next();  // graph name
        if (t.kind != Tok::lbrace)
            fail_at(Errc::parse, source_, t.line, "expected '{' after 'digraph', found " + describe(t));
        open(t.line);
        while (depth_ > 0) statement_token(lex_.next());
        t = lex_.next();
        if (t.kind != Tok::end)
            fail_at(Errc::parse, source_, t.line, "expected end of file after the graph, found " + describe(t));
        return finish(std::move(b_), source_, spent);
    }

private:
    [[noreturn]] void fail(std::size_t line, const std::string& cause) { fail_at(Errc::parse, source_, line, cause); }

    Frame& top() { return frames_[depth_ - 1]; }

    void open(std::size_t line) {
        if (depth_ == kMaxDepth) fail(line, "subgraphs nested deeper than " + std::to_string(kMaxDepth));
        if (frames_.size() == depth_) frames_.emplace_back();
        Frame& f = frames_[depth_++];
        f.prev_node = kNoNode;
        f.prev_begin = f.prev_end = 0;
        f.members_begin = members_.size();
        f.has_prev = f.edge_pending = f.after_attrs = false;
        f.open_line = line;
    }

    void require_no_pending_edge(const Token& t) {
        if (top().edge_pending) fail(t.line, "expected a node or subgraph after '->', found " + describe(t));
    }

    void end_statement() {
        top().has_prev = false;
        top().after_attrs = false;
    }

    // A node (`node`) or a closed subgraph's members (members_[begin, end))
    // used as an operand.
    void operand(NodeId node, std::size_t begin, std::size_t end, std::size_t line) {
        Frame& f = top();
        const std::span<const NodeId> nodes =
            node != kNoNode ? std::span<const NodeId>(&node, 1)
                            : std::span<const NodeId>(members_.data() + begin, end - begin);
        if (f.edge_pending) {
            const std::span<const NodeId> prev =
                f.prev_node != kNoNode ? std::span<const NodeId>(&f.prev_node, 1)
                                       : std::span<const NodeId>(members_.data() + f.prev_begin, f.prev_end - f.prev_begin);
            arcs_read_ += static_cast<std::uint64_t>(prev.size()) * nodes.size();
            if (arcs_read_ > limits_.max_arcs)
                limit_exceeded(source_, line, "max_arcs", limits_.max_arcs,
                               std::to_string(arcs_read_) + " arcs so far (duplicates counted)");
            merge_duplicates_before(b_, merge_at_, static_cast<std::uint64_t>(prev.size()) * nodes.size());
            try {
                for (NodeId u : prev)
                    for (NodeId v : nodes) b_.add_arc(u, v);
            } catch (const Error& e) {
                rethrow_at(e, source_, line);
            }
            f.edge_pending = false;
        }
        f.prev_node = node;
        f.prev_begin = begin;
        f.prev_end = end;
        f.has_prev = true;
        f.after_attrs = false;
        if (depth_ > 1) {
            if (node != kNoNode) members_.push_back(node);  // a subgraph's members are on the stack already
        } else if (node != kNoNode) {
            members_.clear();  // the graph itself keeps no members: the previous operand is done with
        } else if (begin > 0) {
            std::copy(members_.begin() + static_cast<std::ptrdiff_t>(begin), members_.end(), members_.begin());
            members_.resize(end - begin);
            f.prev_begin = 0;
            f.prev_end = end - begin;
        }
    }

    void close(const Token& t) {
        require_no_pending_edge(t);
        if (--depth_ == 0) return;
        // Merge the duplicates of the closing subgraph's members in place.
        const std::size_t begin = frames_[depth_].members_begin;
        if (seen_.size() < b_.node_count()) seen_.resize(b_.node_count(), 0);
        if (++epoch_ == 0) {  // wrapped: forget every old mark
            std::fill(seen_.begin(), seen_.end(), 0);
            epoch_ = 1;
        }
        std::size_t write = begin;
        for (std::size_t i = begin; i < members_.size(); ++i) {
            const NodeId v = members_[i];
            if (seen_[v] == epoch_) continue;
            seen_[v] = epoch_;
            members_[write++] = v;
        }
        members_.resize(write);
        operand(kNoNode, begin, write, t.line);
    }

    void skip_attributes(const Token& open_bracket) {
        require_no_pending_edge(open_bracket);
        for (;;) {
            const Token t = lex_.next();
            if (t.kind == Tok::rbracket) break;
            if (t.kind == Tok::end) fail(open_bracket.line, "unterminated attribute list '['");
            if (t.kind == Tok::lbracket) fail(t.line, "'[' inside an attribute list");
        }
        top().has_prev = false;
        top().after_attrs = true;
    }

    void statement_token(const Token& t) {
        Frame& f = top();
        switch (t.kind) {
            case Tok::end: fail(t.line, "missing '}' for the '{' of line " + std::to_string(f.open_line));
            case Tok::semi:
                require_no_pending_edge(t);
                end_statement();
                return;
            case Tok::lbrace: open(t.line); return;
            case Tok::rbrace: close(t); return;
            case Tok::lbracket:
                if (!f.has_prev && !f.after_attrs) fail(t.line, "attribute list '[' without a node or edge");
                skip_attributes(t);
                return;
            case Tok::arrow:
                if (!f.has_prev) fail(t.line, "'->' without a node or subgraph on its left");
                if (f.edge_pending) fail(t.line, "'->' twice in a row");
                f.edge_pending = true;
                return;
            case Tok::undirected:
                fail_at(Errc::unsupported, source_, t.line, "undirected edge '--': only '->' describes a DAG");
            case Tok::id: id_statement(t); return;
            default: fail(t.line, "unexpected " + describe(t));
        }
    }

    void id_statement(const Token& t) {
        if (!t.quoted) {
            if (iequals(t.text, "subgraph")) {
                Token n = lex_.next();
                if (n.kind == Tok::id) n = lex_.next();
                if (n.kind != Tok::lbrace) fail(n.line, "expected '{' after 'subgraph', found " + describe(n));
                open(n.line);
                return;
            }
            if (iequals(t.text, "graph") || iequals(t.text, "node") || iequals(t.text, "edge")) {
                require_no_pending_edge(t);
                const Token n = lex_.next();
                if (n.kind != Tok::lbracket)
                    fail(n.line, "expected '[' after '" + std::string(t.text) + "', found " + describe(n));
                end_statement();
                skip_attributes(n);
                return;
            }
            if (iequals(t.text, "digraph") || iequals(t.text, "strict"))
                fail(t.line, "unexpected keyword '" + std::string(t.text) + "' inside the graph");
        }
        name_.assign(t.text);  // the next token may overwrite the lexer's buffer
        Token n = lex_.next();
        if (n.kind == Tok::equals) {  // graph attribute "id = id"
            require_no_pending_edge(t);
            const Token v = lex_.next();
            if (v.kind != Tok::id) fail(v.line, "expected a value after '=', found " + describe(v));
            end_statement();
            return;
        }
        for (int port = 0; port < 2 && n.kind == Tok::colon; ++port) {  // node:port[:compass]
            const Token p = lex_.next();
            if (p.kind != Tok::id) fail(p.line, "expected a port name after ':', found " + describe(p));
            n = lex_.next();
        }
        NodeId id;
        try {
            id = b_.ensure_node(name_);
        } catch (const Error& e) {
            rethrow_at(e, source_, t.line);
        }
        operand(id, 0, 0, t.line);
        lex_.push_back(n);
    }

    Lexer lex_;
    std::string_view source_;
    DagBuilder b_;
    std::vector<Frame> frames_;
    std::size_t depth_ = 0;
    std::string name_;
    const ReadLimits& limits_;
    std::vector<NodeId> members_;  // of every open subgraph, innermost last
    std::vector<std::uint32_t> seen_;  // close(): epoch_ when a node was kept
    std::uint32_t epoch_ = 0;
    std::uint64_t arcs_read_ = 0;
    std::size_t merge_at_ = 0;
};

}  // namespace

Dag read_dot(std::string_view text, std::string_view source, const ReadLimits& limits, FileText* spent) {
    return Parser(text, source, limits).run(spent);
}

}  // namespace ics::io::detail
