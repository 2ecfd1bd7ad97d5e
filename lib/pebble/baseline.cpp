// Baseline execution orders that IC-optimal schedules are compared with
// (guidelines paper §3.4, §4.4, §5.4: "eager" = newest eligible first).
#include <algorithm>
#include <bit>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "common/cpu.hpp"
#include "common/random.hpp"
#include "pebble/pebble.hpp"

// Inlined into each copy (the POPCNT one compiles its own popcounts).
#if defined(__x86_64__) && defined(__GNUC__)
#define ICS_PEBBLE_INLINE [[gnu::always_inline]] inline
#else
#define ICS_PEBBLE_INLINE inline
#endif

namespace ics::pebble {

namespace {

int g_fifo_prefetch = -1;  // detail::set_fifo_prefetch

// With `area`, the order's AREA summed as it is built: after running
// order[head], the eligible tasks are exactly order[head + 1 ..] (the queue).
template <bool Prefetch>
std::vector<NodeId> fifo(const Dag& dag, std::uint64_t* area) {
    const NodeId n = dag.node_count();
    // The output doubles as the queue: entries in [head + 1, tail) are
    // eligible. Every node is written at `tail` and kept by advancing it
    // (issue 18: no push_back's capacity check, no branch on a count that
    // reaches 0 at random; one slot past the end takes the last write).
    std::vector<NodeId> order(static_cast<std::size_t>(n) + 1);
    std::vector<std::uint32_t> missing(n);
    std::size_t tail = 0;
    for (NodeId v = 0; v < n; ++v) {
        missing[v] = dag.in_degree(v);
        order[tail] = v;
        tail += missing[v] == 0 ? 1 : 0;
    }
    std::uint64_t sum = tail;
    for (std::size_t head = 0; head < tail; ++head) {
        // The queue names the next nodes: their children lists and the
        // children's counts, at random places, are loaded a few steps ahead
        // (not on dags whose arcs join nearby ids, ids_local: 10^6-node
        // block sums 11.3 → 7.1 ms without; random layered 37 → 55 ms,
        // a triangular mesh 3.3 → 4.4 ms).
        if constexpr (Prefetch) {
            if (head + 16 < tail) __builtin_prefetch(dag.children(order[head + 16]).data());
            if (head + 8 < tail)
                for (NodeId c : dag.children(order[head + 8])) __builtin_prefetch(&missing[c]);
        }
        for (NodeId c : dag.children(order[head])) {
            order[tail] = c;
            tail += --missing[c] == 0 ? 1 : 0;
        }
        sum += tail - head - 1;
    }
    if (area) *area = sum;
    order.resize(tail);
    return order;
}

std::vector<NodeId> fifo(const Dag& dag, std::uint64_t* area = nullptr) {
    const bool prefetch = g_fifo_prefetch < 0 ? !ids_local(dag) : g_fifo_prefetch != 0;
    return prefetch ? fifo<true>(dag, area) : fifo<false>(dag, area);
}

std::vector<NodeId> lifo(const Dag& dag) {
    std::vector<NodeId> order, stack;
    order.reserve(dag.node_count());
    std::vector<std::uint32_t> missing(dag.node_count());
    for (NodeId v = dag.node_count(); v-- > 0;) {
        missing[v] = dag.in_degree(v);
        if (missing[v] == 0) stack.push_back(v);  // lowest id on top
    }
    while (!stack.empty()) {
        const NodeId v = stack.back();
        stack.pop_back();
        order.push_back(v);
        const auto kids = dag.children(v);
        // Push in reverse so the first child made eligible runs next.
        for (auto it = kids.rbegin(); it != kids.rend(); ++it)
            if (--missing[*it] == 0) stack.push_back(*it);
    }
    return order;
}

// An order's AREA from its positions alone (no play): a node at 0-based
// position pos(v) is ELIGIBLE after t executions exactly for e(v) <= t <=
// pos(v), where e(v) = 0 for a source, else 1 + its last parent's position;
// so AREA = Σ_v (pos(v) + 1 - e(v)) = n(n+1)/2 - Σ_v e(v). `last(parents)`:
// the position of the last of a non-source's parents. The nodes are walked
// in id order, each one's parents contiguous. (Inlined with its `last`
// into two_level_fifo_area's POPCNT copy.)
template <class Last>
ICS_PEBBLE_INLINE std::uint64_t area_by_last_parents(const Dag& dag, Last last) {
    const NodeId n = dag.node_count();
    std::uint64_t released = 0;  // Σ_v e(v)
    for (NodeId v = 0; v < n; ++v) {
        const auto ps = dag.parents(v);
        if (!ps.empty()) released += std::uint64_t{last(ps)} + 1;
    }
    return std::uint64_t{n} * (std::uint64_t{n} + 1) / 2 - released;
}
// With `area`, the order's AREA from the positions (area_by_last_parents;
// issue 18: the play walked the order, whose children and counts sit at
// random places).
std::vector<NodeId> level(const Dag& dag, std::uint64_t* area = nullptr) {
    const NodeId n = dag.node_count();
    // Counting sort by longest-path level; parents sit on lower levels.
    const auto lv = dag.levels();
    std::vector<std::uint32_t> start(static_cast<std::size_t>(dag.level_count()) + 1, 0);
    for (auto l : lv) ++start[l + 1];
    for (std::size_t i = 1; i < start.size(); ++i) start[i] += start[i - 1];
    std::vector<NodeId> order(n);
    if (!area) {
        for (NodeId v = 0; v < n; ++v) order[start[lv[v]]++] = v;
        return order;
    }
    std::vector<std::uint32_t> pos(n);
    for (NodeId v = 0; v < n; ++v) {
        pos[v] = start[lv[v]]++;
        order[pos[v]] = v;
    }
    *area = area_by_last_parents(dag, [&](std::span<const NodeId> ps) {
        std::uint32_t last = 0;
        for (NodeId p : ps) last = std::max(last, pos[p]);
        return last;
    });
    return order;
}

std::vector<NodeId> random_order(const Dag& dag, std::uint64_t seed) {
    SplitMix64 rng(seed);
    std::vector<NodeId> order, pool;
    order.reserve(dag.node_count());
    std::vector<std::uint32_t> missing(dag.node_count());
    for (NodeId v = 0; v < dag.node_count(); ++v) {
        missing[v] = dag.in_degree(v);
        if (missing[v] == 0) pool.push_back(v);
    }
    while (!pool.empty()) {
        const std::size_t i = rng.below(pool.size());
        const NodeId v = pool[i];
        pool[i] = pool.back();
        pool.pop_back();
        order.push_back(v);
        for (NodeId c : dag.children(v))
            if (--missing[c] == 0) pool.push_back(c);
    }
    return order;
}

// Depth-first from each sink through parents, a node right after its last
// parent: on a complete reduction-tree this is the pure postorder, whose
// memory cost h+1 is the least possible (guidelines §4.3, Lemma 4.2 [25]).
std::vector<NodeId> postorder(const Dag& dag) {
    const NodeId n = dag.node_count();
    std::vector<NodeId> order;
    order.reserve(n);
    std::vector<std::uint8_t> seen(n, 0);
    std::vector<std::pair<NodeId, std::uint32_t>> stack;  // (node, next parent to visit)
    for (NodeId root = 0; root < n; ++root) {
        if (!dag.is_sink(root) || seen[root]) continue;
        seen[root] = 1;
        stack.emplace_back(root, 0);
        while (!stack.empty()) {
            auto& [v, next] = stack.back();
            const auto ps = dag.parents(v);
            if (next < ps.size()) {
                const NodeId p = ps[next++];
                if (!seen[p]) {
                    seen[p] = 1;
                    stack.emplace_back(p, 0);
                }
                continue;
            }
            order.push_back(v);
            stack.pop_back();
        }
    }
    return order;
}

}  // namespace

bool ids_local(const Dag& dag) {
    const std::uint64_t n = dag.node_count();
    const std::uint64_t samples = std::min<std::uint64_t>(n, 1024);
    std::uint64_t arcs = 0, far = 0;
    for (std::uint64_t i = 0; i < samples; ++i) {
        const auto v = static_cast<NodeId>(i * n / samples);
        for (NodeId c : dag.children(v)) {
            ++arcs;
            far += (c > v ? c - v : v - c) > 64 ? 1 : 0;
        }
    }
    return far * 16 <= arcs;
}

int detail::set_fifo_prefetch(int mode) { return std::exchange(g_fifo_prefetch, mode); }

std::vector<NodeId> fifo_order(const Dag& dag, std::uint64_t& area) { return fifo(dag, &area); }

namespace {
// On at most two levels FIFO runs the sources in id order (its queue's
// start), then the sinks: a source's position is its rank among the
// sources, a sink becomes eligible after its last parent, and AREA =
// n(n+1)/2 − Σ_v e(v) as for the level order (e(v) = 0 for a source, else
// 1 + its last parent's position: area_by_last_parents). Ranks come from a bitmap of the
// sources and a count per word (issue 18: sums of bipartite blocks; FIFO's
// play wrote two arrays of n). Compiled for POPCNT too (cpu_has_popcnt).
ICS_PEBBLE_INLINE std::uint64_t two_level_fifo_area(const Dag& dag) {
    const NodeId n = dag.node_count();
    const std::span<const std::uint64_t> in = dag.in_offsets();
    const std::size_t words = (static_cast<std::size_t>(n) + 63) / 64;
    std::vector<std::uint64_t> source(words, 0);
    std::vector<std::uint32_t> before(words + 1, 0);  // sources in the words before
    for (NodeId v = 0; v < n; ++v) source[v >> 6] |= std::uint64_t{in[v + 1] == in[v]} << (v & 63);
    for (std::size_t w = 0; w < words; ++w)
        before[w + 1] = before[w] + static_cast<std::uint32_t>(std::popcount(source[w]));
    // (The last parent by position is the one of largest id: ranks keep the ids' order.)
    return area_by_last_parents(dag, [&](std::span<const NodeId> ps) {
        const NodeId last = *std::max_element(ps.begin(), ps.end());
        const std::uint64_t below = (std::uint64_t{1} << (last & 63)) - 1;
        return before[last >> 6] + static_cast<std::uint32_t>(std::popcount(source[last >> 6] & below));
    });
}
#if defined(__x86_64__) && defined(__GNUC__)
[[gnu::target("popcnt")]] std::uint64_t two_level_fifo_area_popcnt(const Dag& dag) { return two_level_fifo_area(dag); }
#endif
}  // namespace

std::uint64_t fifo_area(const Dag& dag) {
    if (dag.level_count() > 2) {
        std::uint64_t area = 0;
        fifo(dag, &area);
        return area;
    }
#if defined(__x86_64__) && defined(__GNUC__)
    if (cpu_has_popcnt()) return two_level_fifo_area_popcnt(dag);
#endif
    return two_level_fifo_area(dag);
}

std::vector<NodeId> level_order(const Dag& dag, std::uint64_t& area) { return level(dag, &area); }

std::vector<NodeId> baseline_order(const Dag& dag, Policy policy, std::uint64_t seed) {
    switch (policy) {
        case Policy::fifo: return fifo(dag);
        case Policy::lifo: return lifo(dag);
        case Policy::level: return level(dag);
        case Policy::random: return random_order(dag, seed);
        case Policy::postorder: return postorder(dag);
    }
    fail(Errc::invalid_argument, "unknown policy " + std::to_string(static_cast<int>(policy)));
}

}  // namespace ics::pebble
