// Heuristic fallback order: nonsinks first, greedily by immediate yield.
#include <algorithm>

#include "schedule/schedule.hpp"

namespace ics::schedule {

std::vector<NodeId> greedy_order(const Dag& dag, std::uint64_t* area) {
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
    // Max-heap of (gain, -id) over eligible nonsinks, one entry per node:
    // a gain only grows, so an update moves its entry up (no stale entries
    // to pop: issue 18). An entry is gain << 32 | ~id (8 bytes, one
    // comparison; the same order as the pair (gain, -id)). 4-ary: half the
    // levels of a binary heap, the children of an entry in one cache line.
    std::vector<std::uint64_t> heap;
    auto key = [&](NodeId v) { return (std::uint64_t{pend[v].gain} << 32) | std::uint64_t{~v}; };
    auto place = [&](std::uint64_t k, std::size_t i) {
        heap[i] = k;
        pend[~static_cast<NodeId>(k)].slot = static_cast<std::uint32_t>(i);
    };
    auto up = [&](std::size_t i) {
        const std::uint64_t k = heap[i];
        while (i > 0 && heap[(i - 1) / 4] < k) {
            place(heap[(i - 1) / 4], i);
            i = (i - 1) / 4;
        }
        place(k, i);
    };
    auto push = [&](NodeId v) {
        heap.push_back(key(v));
        up(heap.size() - 1);
    };
    auto pop = [&] {
        const std::uint64_t top = heap.front(), k = heap.back();
        heap.pop_back();
        if (!heap.empty()) {
            std::size_t i = 0;
            for (;;) {
                const std::size_t c = 4 * i + 1;
                if (c >= heap.size()) break;
                std::size_t m = c;
                for (std::size_t d = c + 1; d < std::min(c + 4, heap.size()); ++d)
                    if (heap[d] > heap[m]) m = d;
                if (heap[m] <= k) break;
                place(heap[m], i);
                i = m;
            }
            place(k, i);
        }
        return ~static_cast<NodeId>(top);
    };
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
    while (!heap.empty()) {
        const NodeId u = pop();
        order.push_back(u);
        --eligible;
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
                ++pp.gain;
                if (pp.missing == 0) {
                    heap[pp.slot] = key(pc.rest);
                    up(pp.slot);
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

}  // namespace ics::schedule
