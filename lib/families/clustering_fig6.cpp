// The dag of Fig. 6a of clustering.txt (§3.2.2): two out-meshes joined, of
// composite type
//   W_{1,2} ↑ W_{1,2} ↑ W_{2,2} ↑ W_{2,2} ↑ W_{3,2} ↑ W_{3,2} ↑ W_{4,2} ↑ W_{4,2}
//   ↑ W_{5,2} ↑ W_{6,2} ↑ W_{10,2},
// whose ▷-linearization is the chain (3) W_{1,2} ▷ W_{1,2} ▷ ... ▷ W_{10,2}
// (Theorem 2.2: same outdegree, more sources later). The text gives the type,
// not the drawing; we build it as:
//  - a left out-mesh of 7 levels, "L<x>_<y>" (x+y <= 6): its level l is the
//    source row of a W_{l+1,2}, l = 0..5 (W_{1,2} .. W_{6,2});
//  - a right out-mesh of 5 levels, "R<x>_<y>" (x+y <= 4): W_{1,2} .. W_{4,2};
//  - a W_{10,2} whose sources, left to right, are the 5 level-6 nodes
//    L2_4 .. L6_0 of the left mesh and the 5 level-4 nodes R4_0 .. R0_4 of the
//    right mesh, with sinks "J1".."J11" (source i feeds J_i and J_{i+1}).
// 54 nodes, 82 arcs; L0_6 and L1_5 are sinks of the dag. A 6-task direct
// cluster (both W_{1,2}, both W_{2,2}) cuts 8 arcs, the staggered one (the
// left W_{1,2}, W_{2,2}, W_{3,2}) 6.
#include <string>

#include "families/families.hpp"

namespace ics::families {

namespace {

void add_mesh(DagBuilder& b, const std::string& prefix, std::uint32_t levels) {
    const auto name = [&](std::uint32_t x, std::uint32_t y) {
        return prefix + std::to_string(x) + "_" + std::to_string(y);
    };
    for (std::uint32_t l = 0; l < levels; ++l)
        for (std::uint32_t x = 0; x <= l; ++x) b.add_node(name(x, l - x));
    for (std::uint32_t l = 0; l + 1 < levels; ++l)
        for (std::uint32_t x = 0; x <= l; ++x) {
            b.add_arc(name(x, l - x), name(x + 1, l - x));
            b.add_arc(name(x, l - x), name(x, l - x + 1));
        }
}

}  // namespace

Dag clustering_fig6() {
    DagBuilder b;
    add_mesh(b, "L", 7);
    add_mesh(b, "R", 5);
    std::vector<std::string> sources;
    for (std::uint32_t x = 2; x <= 6; ++x) sources.push_back("L" + std::to_string(x) + "_" + std::to_string(6 - x));
    for (std::uint32_t x = 5; x-- > 0;) sources.push_back("R" + std::to_string(x) + "_" + std::to_string(4 - x));
    for (std::uint32_t j = 1; j <= 11; ++j) b.add_node("J" + std::to_string(j));
    for (std::uint32_t i = 0; i < 10; ++i) {
        b.add_arc(sources[i], "J" + std::to_string(i + 1));
        b.add_arc(sources[i], "J" + std::to_string(i + 2));
    }
    return std::move(b).build();
}

}  // namespace ics::families
