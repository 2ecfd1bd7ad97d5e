// Edge list: one arc "u v" per line (u runs before v), a lone name declares a
// node, '#' starts a comment anywhere on a line. Names are any run of
// non-blank characters without '#'; there is no quoting (the writer refuses
// names it could not write back).
#include <cstring>

#include "io/detail.hpp"

namespace ics::io::detail {

Dag read_edges(std::string_view text, std::string_view source, FileText* spent) {
    DagBuilder b;
    std::size_t lines_guess = 1;  // memchr runs wide; std::count byte by byte
    for (const char* p = text.data(); (p = static_cast<const char*>(std::memchr(p, '\n', static_cast<std::size_t>(
                                           text.data() + text.size() - p)))) != nullptr;
         ++p)
        ++lines_guess;
    // Every name is in the text, so its size bounds the names' bytes (NULs
    // included); the lines bound the nodes and the arcs. Upper bounds: the
    // name index grows with the names instead.
    b.reserve_at_most(lines_guess, lines_guess, text.size() + 1);

    // Lines are taken in batches: their names hashed and index slots
    // prefetched first, then interned in file order (same ids, same first
    // error). Interning a big file is memory-latency bound otherwise.
    struct Pending {
        std::string_view u, v;  // v empty: a lone node
        std::uint64_t hu = 0, hv = 0;
        std::size_t line = 0;
    };
    constexpr std::size_t kBatch = 16;
    Pending batch[kBatch];
    std::size_t pending = 0;
    auto flush = [&] {
        for (std::size_t i = 0; i < pending; ++i) {
            const Pending& p = batch[i];
            try {
                const NodeId u = b.ensure_node(p.u, p.hu);
                if (!p.v.empty()) b.add_arc(u, b.ensure_node(p.v, p.hv));
            } catch (const Error& e) {
                rethrow_at(e, source, p.line);
            }
        }
        pending = 0;
    };

    Lines lines(text);
    std::string_view line;
    std::vector<std::string_view> tok;
    while (lines.next(line)) {
        const std::size_t hash = line.find('#');
        if (hash != std::string_view::npos) line = line.substr(0, hash);
        split(line, tok);
        if (tok.empty()) continue;
        if (tok.size() > 2) {
            flush();  // earlier lines first: their errors come first
            fail_at(Errc::parse, source, lines.number(),
                    "expected 'u v' or one node name, found " + std::to_string(tok.size()) + " names");
        }
        Pending& p = batch[pending++];
        p.u = tok[0];
        p.hu = DagBuilder::name_hash(p.u);
        b.prefetch_name(p.hu);
        p.v = tok.size() == 2 ? tok[1] : std::string_view{};
        if (!p.v.empty()) {
            p.hv = DagBuilder::name_hash(p.v);
            b.prefetch_name(p.hv);
        }
        p.line = lines.number();
        if (pending == kBatch) flush();
    }
    flush();
    return finish(std::move(b), source, spent);
}

}  // namespace ics::io::detail
