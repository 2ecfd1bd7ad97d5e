// The super-dag as Graphviz DOT (clustering.txt Figs. 1-2 draw these): see
// superdag.hpp.
#include <ostream>

#include "decompose/superdag.hpp"

namespace ics::decompose {

void write_superdag_dot(std::ostream& out, const Decomposition& d) {
    std::vector<char> on_cycle(d.block_count, 0);
    for (BlockId b : d.super_cycle) on_cycle[b] = 1;
    out << "digraph \"superdag\" {\n  node [shape=box];\n";
    for (BlockId b = 0; b < d.block_count; ++b) {
        const auto s = d.sources(b).size(), t = d.sinks(b).size();
        out << "  \"B" << b << "\" [label=\"B" << b << "\\n" << s << (s == 1 ? " source, " : " sources, ") << t
            << (t == 1 ? " sink\"" : " sinks\"") << (on_cycle[b] ? ", color=red" : "") << "];\n";
    }
    for (BlockId b = 0; b < d.block_count; ++b)
        for (BlockId c : d.successors(b)) out << "  \"B" << b << "\" -> \"B" << c << "\";\n";
    out << "}\n";
}

}  // namespace ics::decompose
