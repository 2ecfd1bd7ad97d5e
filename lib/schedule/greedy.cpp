// Heuristic fallback order: nonsinks first, greedily by immediate yield.
#include <algorithm>
#include <bit>
#include <utility>

#include "common/indexed_heap.hpp"
#include "common/min_id_set.hpp"
#include "pebble/pebble.hpp"
#include "schedule/schedule.hpp"

namespace ics::schedule {

namespace {
// Gains below this wait in a MinIdSet per gain, the others in the heap
// (set_greedy_order_buckets; at most kMaxBuckets). 2 measured best over
// 1, 2, 8 (CPU ms at 10^6 nodes, no buckets → 1 / 2 / 8): random blocks
// 86 → 42 / 48 / 49, Inspiral 116 → 56 / 42 / 43, Montage_25 sums 162 → 56 /
// 40 / 45, random layered 461 → 347 / 393 / 388 (a sparse bucket costs its
// levels' cache misses where a small heap stays in cache).
constexpr std::uint32_t kMaxBuckets = 32;
std::uint32_t g_buckets = 2;
int g_prefetch = -1;  // set_greedy_order_prefetch

template <bool Prefetch>
std::vector<NodeId> greedy(const Dag& dag, std::uint64_t* area) {
    const NodeId n = dag.node_count();
    // Per node, side by side (one cache line touched per node): its
    // unexecuted parent arcs and the XOR of their tails, which names the
    // last one in O(1) when one is left (what a scan of the parents for the
    // first unexecuted one finds); its gain, the children whose only
    // unexecuted parent it is; its index in the heap while it waits there.
    struct Pending {
        std::uint32_t missing, rest, gain, slot;
    };
    std::vector<Pending> pend(n);
    for (NodeId v = 0; v < n; ++v) {
        std::uint32_t x = 0;
        for (NodeId p : dag.parents(v)) x ^= p;
        pend[v] = {dag.in_degree(v), x, 0, kNoNode};
    }
    for (NodeId v = 0; v < n; ++v)
        if (pend[v].missing == 1) ++pend[pend[v].rest].gain;
    // Max-heap of (gain, -id) over eligible nonsinks, one entry per node
    // (a gain only grows: its entry moves up). An entry is
    // gain << 32 | ~id (8 bytes, one comparison; the same order as the pair
    // (gain, -id)).
    auto key = [&](NodeId v) { return (std::uint64_t{pend[v].gain} << 32) | std::uint64_t{~v}; };
    auto heap = make_indexed_max_heap<std::uint64_t>([](std::uint64_t k) { return ~static_cast<NodeId>(k); },
                                                     [&](NodeId v) -> std::uint32_t& { return pend[v].slot; });
    // The eligible nonsinks of small gains (most of them: every source of
    // 10^6-node random blocks at the start has gain 0, Inspiral's gain 1)
    // wait in a MinIdSet per gain instead (issue 18): every heap entry
    // (gain ≥ buckets) comes first, then the highest nonempty bucket, where
    // the key's order is the smallest id. A node that gains moves up a
    // bucket, or into the heap. The same pops as one heap.
    const std::uint32_t buckets = g_buckets;
    std::vector<MinIdSet> bucket;
    bucket.reserve(buckets);
    for (std::uint32_t g = 0; g < buckets; ++g) bucket.emplace_back(n);
    std::uint32_t nonempty = 0;  // bit g: bucket g holds a node
    auto enter = [&](NodeId v, std::uint32_t g) {
        if (g < buckets) {
            bucket[g].insert(v);
            nonempty |= 1u << g;
        } else {
            heap.push(key(v));
        }
    };
    auto leave = [&](NodeId v, std::uint32_t g) {
        bucket[g].erase(v);
        if (bucket[g].empty()) nonempty &= ~(1u << g);
    };
    auto push = [&](NodeId v) { enter(v, pend[v].gain); };
    std::vector<NodeId> sinks, order;
    order.reserve(n);
    auto make_eligible = [&](NodeId v) {
        if (dag.is_sink(v))
            sinks.push_back(v);
        else
            push(v);
    };
    // E(t) as the order runs (the sinks, last, make nothing eligible).
    std::uint64_t eligible = 0;
    for (NodeId v = 0; v < n; ++v)
        if (pend[v].missing == 0) {
            make_eligible(v);
            ++eligible;
        }
    std::uint64_t sum = eligible;
    for (;;) {
        NodeId u;
        if (!heap.empty()) {
            // (The next node's children start loading while the heap pops,
            // then their states, which sit at random places, all at once.)
            __builtin_prefetch(dag.children(~static_cast<NodeId>(heap.at(0))).data());
            u = ~static_cast<NodeId>(heap.pop());
        } else if (nonempty != 0) {
            const auto g = static_cast<std::uint32_t>(31 - std::countl_zero(nonempty));
            u = bucket[g].min();
            leave(u, g);
        } else {
            break;
        }
        order.push_back(u);
        --eligible;
        // (Not where ids are local, pebble::ids_local: the children's
        // states sit near u's; 10^6-node block sums 36 → 34 ms without.)
        if constexpr (Prefetch)
            for (NodeId c : dag.children(u)) __builtin_prefetch(&pend[c]);
        for (NodeId c : dag.children(u)) {
            Pending& pc = pend[c];
            --pc.missing;
            pc.rest ^= u;
            if (pc.missing == 0) {
                ++eligible;
                make_eligible(c);
            } else if (pc.missing == 1) {
                // The last unexecuted parent (Dag merges parallel arcs):
                // in the heap if eligible, else it enters with this gain.
                Pending& pp = pend[pc.rest];
                const std::uint32_t g = pp.gain++;
                if (pp.missing != 0) continue;  // (not eligible yet: enters with its gain)
                if (g < buckets) {
                    leave(pc.rest, g);
                    enter(pc.rest, g + 1);
                } else {
                    heap.raise(pc.rest, key(pc.rest));
                }
            }
        }
        sum += eligible;
    }
    if (area) {
        // The sinks, run last, leave eligible - 1, ..., eligible - k.
        const std::uint64_t k = sinks.size();
        *area = sum + (eligible >= k ? k * eligible - k * (k + 1) / 2 : 0);
    }
    order.insert(order.end(), sinks.begin(), sinks.end());
    return order;
}

}  // namespace

std::uint32_t set_greedy_order_buckets(std::uint32_t buckets) {
    return std::exchange(g_buckets, std::min(buckets, kMaxBuckets));
}

int set_greedy_order_prefetch(int mode) { return std::exchange(g_prefetch, mode); }

std::vector<NodeId> greedy_order(const Dag& dag, std::uint64_t* area) {
    const bool prefetch = g_prefetch < 0 ? !pebble::ids_local(dag) : g_prefetch != 0;
    return prefetch ? greedy<true>(dag, area) : greedy<false>(dag, area);
}

}  // namespace ics::schedule
