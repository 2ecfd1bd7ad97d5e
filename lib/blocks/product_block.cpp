// Product block X(m,n): sources a_1..a_m and b_1..b_n, one sink per pair
// (a_i, b_j) with exactly those two parents — the products of one level of
// recursive matrix multiplication (overview slides "Familiar Computations":
// p_ikj = a_ik · b_kj for fixed k), and C(4) for m = n = 2.
//
// With a of the a-sources and b of the b-sources executed, a·b sinks are
// ELIGIBLE, so after x sources at most max{a·b : a + b = x, a <= m, b <= n}
// are: the most balanced split the sides allow. Alternating the sides from
// the smaller one reaches that split at every x, so it is IC optimal.
// Recognition: every sink has two parents; the graph on the sources with one
// edge per sink is complete bipartite K_{m,n} without repeated edges.
// O(sources + sinks).
#include <algorithm>

#include "blocks/block_detail.hpp"

namespace ics::blocks::detail {

bool schedule_product(const BlockView& v, BlockSchedule& out) {
    const std::uint32_t s = v.tops(), t = v.bottoms();
    if (s < 4 || v.arcs() != 2ull * t) return false;
    for (std::uint32_t k = 0; k < t; ++k)
        if (v.in_degree(k) != 2) return false;
    // Two-colour the source graph from top 0: side[x] = 1 or 2.
    std::vector<std::uint8_t> side(s, 0);
    std::vector<std::uint32_t> queue{0};
    side[0] = 1;
    for (std::size_t h = 0; h < queue.size(); ++h) {
        const std::uint32_t x = queue[h];
        for (std::uint32_t k : v.down(x)) {
            const auto ps = v.up(k);
            const std::uint32_t y = ps[0] == x ? ps[1] : ps[0];
            if (side[y] == 0) {
                side[y] = static_cast<std::uint8_t>(3 - side[x]);
                queue.push_back(y);
            } else if (side[y] == side[x]) {
                return false;  // odd cycle
            }
        }
    }
    if (queue.size() != s) return false;  // not connected (cannot happen for a CBBB)
    std::vector<std::uint32_t> a, b;
    for (std::uint32_t x = 0; x < s; ++x) (side[x] == 1 ? a : b).push_back(x);
    const std::uint64_t m = a.size(), n = b.size();
    if (m < 2 || n < 2 || m * n != t) return false;
    // Complete and simple: each a-source meets every b-source exactly once.
    std::vector<std::uint32_t> seen(s, kNoNode);
    for (std::uint32_t x : a) {
        if (v.out_degree(x) != n) return false;
        for (std::uint32_t k : v.down(x)) {
            const auto ps = v.up(k);
            const std::uint32_t y = ps[0] == x ? ps[1] : ps[0];
            if (seen[y] == x) return false;  // the pair (x, y) twice
            seen[y] = x;
        }
    }
    if (a.size() > b.size()) std::swap(a, b);  // start with the smaller side
    std::vector<std::uint32_t> order;
    order.reserve(s);
    for (std::size_t i = 0; i < b.size(); ++i) {
        if (i < a.size()) order.push_back(a[i]);
        order.push_back(b[i]);
    }
    set_proven(out, v, Kind::product,
               "X(" + std::to_string(a.size()) + "," + std::to_string(b.size()) + ")", order);
    out.profile.assign(s + 1, 0);
    for (std::uint64_t x = 0; x <= s; ++x) {
        const std::uint64_t ea = std::min<std::uint64_t>(a.size(), (x + 1) / 2);  // a-sources among the first x
        out.profile[x] = static_cast<std::uint32_t>(ea * (x - ea));
    }
    return true;
}

}  // namespace ics::blocks::detail
