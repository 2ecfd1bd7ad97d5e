// Shortcut detection by bitset reachability (MRY06 step 1; see shortcut.hpp).
//
// The candidate heads ("targets") are sorted by level and cut into groups of
// 64*K. For a group, one pass over the nodes whose level lies strictly
// between the group's lowest candidate tail and its highest target computes,
// children before parents, the K-word mask of group targets each node
// reaches (itself included); nodes above the highest target reach none.
// Then u -> v is a shortcut iff v is a strict descendant of some child of u:
// v is in the OR over u's children w of mask(w) without w's own bit.
#include <algorithm>

#include "skeleton/shortcut_detail.hpp"

namespace ics::skeleton::detail {

namespace {

constexpr std::uint32_t kNone = 0xFFFFFFFFu;
// Words of target bits per pass, and a cap on the mask buffer (in words).
constexpr std::uint32_t kMaxWords = 8;
constexpr std::uint64_t kMaskBudgetWords = std::uint64_t{1} << 22;

}  // namespace

LevelOrder::LevelOrder(const Dag& dag) : order(dag.node_count()), level_start(dag.level_count() + std::size_t{1}, 0) {
    const auto level = dag.levels();
    const NodeId n = dag.node_count();
    for (NodeId v = 0; v < n; ++v) ++level_start[level[v] + 1];
    for (std::size_t l = 0; l + 1 < level_start.size(); ++l) level_start[l + 1] += level_start[l];
    std::vector<std::uint32_t> fill(level_start.begin(), level_start.end() - 1);
    for (NodeId v = 0; v < n; ++v) order[fill[level[v]]++] = v;
}

std::uint64_t bitset_shortcuts(const Dag& dag, const LevelOrder& lo, std::span<const Arc> cand,
                               std::vector<std::uint8_t>* shortcut) {
    const NodeId n = dag.node_count();
    const auto level = dag.levels();
    if (cand.empty()) return 0;

    // Targets in level order; tindex[v] = rank of v among them.
    std::vector<std::uint32_t> tindex(n, kNone);
    for (const Arc& a : cand) tindex[a.v] = 0;
    std::vector<NodeId> targets;
    for (NodeId v : lo.order)
        if (tindex[v] != kNone) {
            tindex[v] = static_cast<std::uint32_t>(targets.size());
            targets.push_back(v);
        }

    const auto words_needed = static_cast<std::uint32_t>((targets.size() + 63) / 64);
    const auto by_memory = static_cast<std::uint32_t>(std::max<std::uint64_t>(1, kMaskBudgetWords / n));
    const std::uint32_t K = std::min({kMaxWords, words_needed, by_memory});
    const std::uint32_t G = 64 * K;  // targets per group
    const auto groups = static_cast<std::uint32_t>((targets.size() + G - 1) / G);

    // Candidate indices bucketed by group (stable: grouped by tail inside a group).
    std::vector<std::uint32_t> gstart(static_cast<std::size_t>(groups) + 1, 0);
    for (const Arc& a : cand) ++gstart[tindex[a.v] / G + 1];
    for (std::uint32_t g = 0; g < groups; ++g) gstart[g + 1] += gstart[g];
    std::vector<std::uint32_t> bucket(cand.size());
    {
        std::vector<std::uint32_t> fill(gstart.begin(), gstart.end() - 1);
        for (std::size_t i = 0; i < cand.size(); ++i) bucket[fill[tindex[cand[i].v] / G]++] = static_cast<std::uint32_t>(i);
    }

    // The level range of each group's pass: positions [lo, hi) of lo.order.
    auto range = [&](std::uint32_t g) {
        const auto tend = static_cast<std::uint32_t>(std::min<std::size_t>(targets.size(), std::size_t{g} * G + G));
        const std::uint32_t top = level[targets[tend - 1]];  // highest target level
        std::uint32_t low = top;                              // lowest candidate tail level
        for (std::uint32_t i = gstart[g]; i < gstart[g + 1]; ++i) low = std::min(low, level[cand[bucket[i]].u]);
        return std::pair{lo.level_start[low + 1], lo.level_start[top]};
    };

    if (shortcut == nullptr) {  // estimate: arcs scanned per pass, times K
        // Out-arcs of the first p nodes of the level order, so that each
        // pass's count is one subtraction (summing each range was itself
        // quadratic: 0.8 s of 0.8 s on Laplace n = 700, issue 18).
        const auto off = dag.out_offsets();
        std::vector<std::uint64_t> before(static_cast<std::size_t>(n) + 1, 0);
        for (NodeId p = 0; p < n; ++p) before[p + 1] = before[p] + (off[lo.order[p] + 1] - off[lo.order[p]]);
        std::uint64_t cost = 0;
        for (std::uint32_t g = 0; g < groups; ++g) {
            const auto [p0, p1] = range(g);
            if (p0 < p1) cost += before[p1] - before[p0];
        }
        return cost * K + cand.size();
    }

    std::vector<std::uint64_t> mask(static_cast<std::size_t>(n) * K, 0);
    std::vector<std::uint64_t> reach(K);
    for (std::uint32_t g = 0; g < groups; ++g) {
        const std::uint32_t base = g * G;
        const auto tend = static_cast<std::uint32_t>(std::min<std::size_t>(targets.size(), base + G));
        // Bit of v inside the group, or G when v is no target of this group.
        auto bit_of = [&](NodeId v) -> std::uint32_t {
            const std::uint32_t t = tindex[v] - base;  // wraps for kNone and earlier groups
            return t < tend - base ? t : G;
        };
        for (std::uint32_t t = base; t < tend; ++t) {
            const std::uint32_t b = t - base;
            mask[static_cast<std::size_t>(targets[t]) * K + b / 64] |= std::uint64_t{1} << (b % 64);
        }
        const auto [p0, p1] = range(g);
        for (std::uint32_t p = p1; p-- > p0;) {
            const NodeId x = lo.order[p];
            std::uint64_t* mx = &mask[static_cast<std::size_t>(x) * K];
            for (NodeId c : dag.children(x)) {
                const std::uint64_t* mc = &mask[static_cast<std::size_t>(c) * K];
                for (std::uint32_t k = 0; k < K; ++k) mx[k] |= mc[k];
            }
        }

        for (std::uint32_t i = gstart[g]; i < gstart[g + 1];) {
            const NodeId u = cand[bucket[i]].u;
            std::fill(reach.begin(), reach.end(), 0);
            for (NodeId w : dag.children(u)) {
                const std::uint64_t* mw = &mask[static_cast<std::size_t>(w) * K];
                const std::uint32_t own = bit_of(w);
                for (std::uint32_t k = 0; k < K; ++k) {
                    std::uint64_t m = mw[k];
                    if (own / 64 == k) m &= ~(std::uint64_t{1} << (own % 64));
                    reach[k] |= m;
                }
            }
            for (; i < gstart[g + 1] && cand[bucket[i]].u == u; ++i) {
                const std::uint32_t b = bit_of(cand[bucket[i]].v);
                if ((reach[b / 64] >> (b % 64)) & 1u) (*shortcut)[bucket[i]] = 1;
            }
        }

        for (std::uint32_t p = p0; p < p1; ++p) std::fill_n(&mask[static_cast<std::size_t>(lo.order[p]) * K], K, 0);
        for (std::uint32_t t = base; t < tend; ++t) std::fill_n(&mask[static_cast<std::size_t>(targets[t]) * K], K, 0);
    }
    return 0;
}

}  // namespace ics::skeleton::detail
