// FFT dag F_d (guidelines paper §2.1.3): nodes <l,x> with level l in [0,d]
// and x a length-d binary string b_0 b_1 ... b_{d-1}. Node <l,x> (l > 0) has
// arcs to the two level-(l-1) nodes that agree with x except in bit b_{d-l},
// i.e. bit l-1 of x read as a number (level d flips the leftmost bit, level 1
// the rightmost). So <l,x> and its butterfly partner (bit b_{d-l} flipped)
// share the same two children (butterfly (2.1)). Level d holds the 2^d
// sources, level 0 the 2^d sinks: (d+1)*2^d nodes, d*2^(d+1) arcs.
// Node <l,x> is named "l_x", e.g. "3_010"; ids run level by level from level
// d down to 0, x in numeric order within a level.
#include "families/detail.hpp"
#include "families/families.hpp"

namespace ics::families {

Dag fft(std::uint32_t d) {
    const std::string what = detail::checked_call("fft", {{"d", d, 1}});
    const std::uint64_t width = detail::sat_pow2(d);
    detail::check_size(what, detail::sat_mul(width, std::uint64_t{d} + 1), detail::sat_mul(width, 2 * std::uint64_t{d}));
    DagBuilder b;
    b.reserve(width * (d + 1), width * 2 * d);
    detail::Name name;
    std::string prefix;
    for (std::uint32_t l = d + 1; l-- > 0;) {
        prefix = std::to_string(l) + "_";
        detail::add_bit_strings(b, name, prefix, d);
    }
    // Level l starts at id (d-l) * 2^d.
    for (std::uint32_t l = d; l >= 1; --l) {
        const NodeId from = static_cast<NodeId>((d - l) * width), to = static_cast<NodeId>(from + width);
        const NodeId flip = NodeId{1} << (l - 1);
        for (NodeId x = 0; x < width; ++x) {
            b.add_arc(from + x, to + (x & ~flip));
            b.add_arc(from + x, to + (x | flip));
        }
    }
    return std::move(b).build();
}

}  // namespace ics::families
