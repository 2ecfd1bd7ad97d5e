// Edge list: one arc "u v" per line (u runs before v), a lone name declares a
// node, '#' starts a comment anywhere on a line. Names are any run of
// non-blank characters without '#'; there is no quoting (the writer refuses
// names it could not write back).
#include <algorithm>

#include "io/detail.hpp"

namespace ics::io::detail {

Dag read_edges(std::string_view text, std::string_view source) {
    DagBuilder b;
    const auto lines_guess = static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')) + 1;
    b.reserve(lines_guess / 2, lines_guess);

    Lines lines(text);
    std::string_view line;
    std::vector<std::string_view> tok;
    while (lines.next(line)) {
        const std::size_t hash = line.find('#');
        if (hash != std::string_view::npos) line = line.substr(0, hash);
        split(line, tok);
        if (tok.empty()) continue;
        if (tok.size() > 2)
            fail_at(Errc::parse, source, lines.number(),
                    "expected 'u v' or one node name, found " + std::to_string(tok.size()) + " names");
        try {
            const NodeId u = b.ensure_node(tok[0]);
            if (tok.size() == 2) b.add_arc(u, b.ensure_node(tok[1]));
        } catch (const Error& e) {
            rethrow_at(e, source, lines.number());
        }
    }
    return finish(b, source);
}

}  // namespace ics::io::detail
