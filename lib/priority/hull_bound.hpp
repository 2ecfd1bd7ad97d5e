// An O(s1 + s2) upper bound on the per-step maxima of the table
// E(x, y) = E1(x) + E2(y) (sweep-algorithm.txt §2, system (1); §3.1.1, the
// 2-IC-Sweep's diagonals): the max-plus convolution of the two profiles'
// upper concave hulls. Concave sequences convolve by merging their
// increments, so the bound costs one merge; it is exact on every diagonal
// when both profiles are concave, and decides most diagonals of system (1)
// and of the sweep at once otherwise (only diagonals whose bound exceeds the
// target need their cells).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace ics::priority {

// bound[z] = floor(max_{x+y=z} H1(x) + H2(y)) for 0 <= z <= s1 + s2, where
// Hi is the least concave majorant of Ei (profiles as in priority.hpp,
// non-empty). Since Ei <= Hi and the table is integral, every cell
// E1(x) + E2(z-x) <= bound[z]. Exact (128-bit slope comparisons).
std::vector<std::int64_t> hull_convolution_bound(std::span<const std::uint32_t> e1,
                                                 std::span<const std::uint32_t> e2);
// The same into `bound` (resized; scratch reused across calls).
void hull_convolution_bound(std::span<const std::uint32_t> e1, std::span<const std::uint32_t> e2,
                            std::vector<std::int64_t>& bound);

}  // namespace ics::priority
