// Kasahara Standard Task Graph (https://www.kasahara.cs.waseda.ac.jp/schedule/format_e.html):
// the first non-comment line holds n, then n+2 lines "id cost npred preds...",
// ids 0..n+1 in order; 0 (entry) and n+1 (exit) are dummy tasks, kept as
// nodes named "0" and "n+1". A '#' after the header starts the trailing
// information block, which is ignored. Nodes are named by their decimal id.
#include <algorithm>
#include <charconv>

#include "io/detail.hpp"

namespace ics::io::detail {

namespace {

class StgReader {
public:
    StgReader(std::string_view text, std::string_view source) : text_(text), source_(source), lines_(text) {}

    Dag read(FileText* spent) {
        const std::uint64_t n = header();
        const std::uint64_t total = n + 2;
        // Guards the node loop below against a huge n in a tiny file.
        const auto line_count =
            static_cast<std::uint64_t>(std::count(text_.begin(), text_.end(), '\n')) + (text_.ends_with('\n') ? 0 : 1);
        if (total > line_count - lines_.number())
            fail(header_line_, "declares " + std::to_string(n) + " tasks, so " + std::to_string(total) +
                                   " task lines must follow, but the file has only " +
                                   std::to_string(line_count - lines_.number()) + " more lines");
        b_.reserve(total, 0);
        char buf[24];
        for (std::uint64_t i = 0; i < total; ++i) {
            const auto end = std::to_chars(buf, buf + sizeof buf, i).ptr;
            b_.add_node(std::string_view(buf, static_cast<std::size_t>(end - buf)));
        }
        for (std::uint64_t i = 0; i < total; ++i) task(i, total);
        trailer(total);
        return finish(std::move(b_), source_, spent);
    }

private:
    [[noreturn]] void fail(std::size_t line, const std::string& cause) const {
        fail_at(Errc::parse, source_, line, cause);
    }

    std::uint64_t number(std::string_view tok, const char* what) const {
        std::uint64_t v;
        if (!parse_uint(tok, v))
            fail(lines_.number(), std::string("expected ") + what + " (a non-negative integer), found " + quote(tok));
        return v;
    }

    // Next line with tokens; false at the end or at the '#' information block.
    bool next_tokens() {
        std::string_view line;
        while (lines_.next(line)) {
            const std::size_t hash = line.find('#');
            if (hash != std::string_view::npos) {
                split(line.substr(0, hash), tok_);
                if (!tok_.empty()) fail(lines_.number(), "'#' in the middle of a task line");
                return false;
            }
            split(line, tok_);
            if (!tok_.empty()) return true;
        }
        return false;
    }

    std::uint64_t header() {
        std::string_view line;
        while (lines_.next(line)) {
            const std::string_view t = trim(line);
            if (t.empty() || t[0] == '#') continue;
            split(t, tok_);
            header_line_ = lines_.number();
            if (tok_.size() != 1)
                fail(header_line_, "the first line must hold only the task count n, found " +
                                       std::to_string(tok_.size()) + " fields");
            const std::uint64_t n = number(tok_[0], "the task count");
            if (n > kMaxNodes - 2) fail(header_line_, "too many tasks (limit 2^31-3)");
            return n;
        }
        fail_at(Errc::empty_graph, source_, kNoLine, "no nodes");
    }

    void task(std::uint64_t i, std::uint64_t total) {
        if (!next_tokens())
            fail(lines_.number(),
                 "expected " + std::to_string(total) + " task lines (n+2), found " + std::to_string(i));
        if (tok_.size() < 3) fail(lines_.number(), "a task line needs 'id cost npred preds...'");
        const std::uint64_t id = number(tok_[0], "the task id");
        if (id != i) fail(lines_.number(), "expected task id " + std::to_string(i) + ", found " + quote(tok_[0]));
        number(tok_[1], "the processing time");
        const std::uint64_t npred = number(tok_[2], "the predecessor count");
        if (npred != tok_.size() - 3)
            fail(lines_.number(), "task " + std::to_string(i) + " declares " + std::to_string(npred) +
                                      " predecessors but lists " + std::to_string(tok_.size() - 3));
        for (std::size_t k = 3; k < tok_.size(); ++k) {
            const std::uint64_t p = number(tok_[k], "a predecessor id");
            if (p >= total)
                fail(lines_.number(),
                     "predecessor " + std::to_string(p) + " is out of range 0.." + std::to_string(total - 1));
            try {
                b_.add_arc(static_cast<NodeId>(p), static_cast<NodeId>(i));
            } catch (const Error& e) {
                rethrow_at(e, source_, lines_.number());
            }
        }
    }

    void trailer(std::uint64_t total) {
        if (next_tokens())
            fail(lines_.number(), "unexpected content after the last task (the header declares " +
                                      std::to_string(total - 2) + " tasks plus 2 dummies)");
    }

    std::string_view text_;
    std::string_view source_;
    Lines lines_;
    std::vector<std::string_view> tok_;
    std::size_t header_line_ = 0;
    DagBuilder b_;
};

}  // namespace

Dag read_stg(std::string_view text, std::string_view source, FileText* spent) {
    return StgReader(text, source).read(spent);
}

}  // namespace ics::io::detail
