// Interval reachability labels for shortcut detection (GRAIL: Yildirim,
// Chaoji and Zaki, "GRAIL: Scalable Reachability Index for Large Graphs",
// PVLDB 3(1), 2010, §3; used by MRY06 step 1, see shortcut.cpp).
//
// One labeling is a depth-first traversal from the sources: post(x) is x's
// rank in post-order and low(x) the smallest rank among x and its
// descendants. In a dag every descendant of x finishes before x, so x ~> y
// implies low(x) <= low(y) and post(y) <= post(x). Different child and root
// orders per labeling (forward, backward, rotated by a hash) make the
// intervals of unrelated nodes overlap differently, so a pair that no path
// joins usually fails containment in at least one of them. Iterative, each
// node's interval written when it finishes (its children have all finished:
// no node on the stack is a descendant of the one being scanned, or the dag
// would have a cycle).
#include <algorithm>
#include <limits>

#include "skeleton/shortcut_detail.hpp"

namespace ics::skeleton::detail {

namespace {

// The position of a node's i-th visited child among its d children.
std::uint32_t child_slot(std::uint32_t t, NodeId x, std::uint32_t i, std::uint32_t d) {
    if (t == 0) return i;
    if (t == 1) return d - 1 - i;
    std::uint64_t h = (std::uint64_t{x} + 1) * 0x9E3779B97F4A7C15ull + t;  // a fixed rotation per node
    h ^= h >> 31;
    const auto rot = static_cast<std::uint32_t>(h % d);
    const std::uint32_t j = i + rot;
    return j < d ? j : j - d;
}

}  // namespace

template <std::uint32_t L>
BasicIntervalLabels<L>::BasicIntervalLabels(const Dag& dag) : label_(std::size_t{dag.node_count()} * kStride, 0) {
    const NodeId n = dag.node_count();
    const auto off = dag.out_offsets();
    const auto tgt = dag.out_targets();
    std::vector<NodeId> roots;
    for (NodeId v = 0; v < n; ++v)
        if (dag.in_degree(v) == 0) roots.push_back(v);
    std::vector<std::uint8_t> visited(n);
    struct Frame {
        NodeId x;
        std::uint32_t next;  // children visited so far
    };
    std::vector<Frame> stack;
    constexpr std::uint32_t kInf = std::numeric_limits<std::uint32_t>::max();
    for (std::uint32_t t = 0; t < kLabelings; ++t) {
        std::fill(visited.begin(), visited.end(), 0);
        std::uint32_t* const lab = label_.data() + 2 * t;  // lab[x * kStride] = low, lab[x * kStride + 1] = post
        const std::size_t stride = kStride;
        std::uint32_t rank = 0;
        for (std::size_t r = 0; r < roots.size(); ++r) {
            // Roots forward, backward, then from the middle on.
            const std::size_t ri = t == 0 ? r : t == 1 ? roots.size() - 1 - r : (r + roots.size() / t) % roots.size();
            const NodeId root = roots[ri];
            visited[root] = 1;
            lab[std::size_t{root} * stride] = kInf;
            stack.push_back({root, 0});
            while (!stack.empty()) {
                Frame& f = stack.back();
                const NodeId x = f.x;
                const auto d = static_cast<std::uint32_t>(off[x + 1] - off[x]);
                if (f.next == 0)  // x's children sit at random places: start loading them all
                    for (std::uint32_t k = 0; k < d; ++k) {
                        const NodeId c = tgt[off[x] + k];
                        __builtin_prefetch(&visited[c]);
                        __builtin_prefetch(&lab[std::size_t{c} * stride]);
                        __builtin_prefetch(&off[c]);
                    }
                if (f.next < d) {
                    const NodeId c = tgt[off[x] + child_slot(t, x, f.next++, d)];
                    if (visited[c]) {
                        std::uint32_t& low = lab[std::size_t{x} * stride];
                        low = std::min(low, lab[std::size_t{c} * stride]);
                    } else {
                        visited[c] = 1;
                        lab[std::size_t{c} * stride] = kInf;
                        stack.push_back({c, 0});
                    }
                    continue;
                }
                const std::uint32_t post = rank++;
                std::uint32_t& low = lab[std::size_t{x} * stride];
                low = std::min(low, post);
                lab[std::size_t{x} * stride + 1] = post;
                stack.pop_back();
                if (!stack.empty()) {
                    std::uint32_t& plow = lab[std::size_t{stack.back().x} * stride];
                    plow = std::min(plow, low);
                }
            }
        }
    }
}

template class BasicIntervalLabels<1>;
template class BasicIntervalLabels<3>;

}  // namespace ics::skeleton::detail
