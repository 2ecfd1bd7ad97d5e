// Heuristic fallback order: nonsinks first, greedily by immediate yield.
#include <queue>

#include "schedule/schedule.hpp"

namespace ics::schedule {

std::vector<NodeId> greedy_order(const Dag& dag, std::uint64_t* area) {
    const NodeId n = dag.node_count();
    // Per node, side by side: its unexecuted parent arcs and the XOR of
    // their tails, which names the last one in O(1) when one is left (what
    // a scan of the parents for the first unexecuted one finds).
    struct Pending {
        std::uint32_t missing, rest;
    };
    std::vector<Pending> pend(n);
    std::vector<std::uint32_t> gain(n, 0);
    std::vector<bool> done(n, false);
    for (NodeId v = 0; v < n; ++v) {
        std::uint32_t x = 0;
        for (NodeId p : dag.parents(v)) x ^= p;
        pend[v] = {dag.in_degree(v), x};
    }
    // gain[u] = children whose only unexecuted parent is u.
    for (NodeId v = 0; v < n; ++v)
        if (pend[v].missing == 1) ++gain[pend[v].rest];
    // Lazy max-heap of (gain, -id) over eligible nonsinks; stale entries
    // skipped. An entry is gain << 32 | ~id (8 bytes, one comparison; the
    // same order as the pair (gain, -id), hence the same pops).
    std::priority_queue<std::uint64_t> heap;
    auto push = [&](NodeId v) { heap.push((std::uint64_t{gain[v]} << 32) | std::uint64_t{~v}); };
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
        const std::uint64_t top = heap.top();
        heap.pop();
        const NodeId u = ~static_cast<NodeId>(top);
        if (done[u] || static_cast<std::uint32_t>(top >> 32) != gain[u]) continue;
        done[u] = true;
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
                const NodeId p = pc.rest;  // not done: Dag merges parallel arcs
                if (!done[p]) {
                    ++gain[p];
                    if (pend[p].missing == 0) push(p);
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
