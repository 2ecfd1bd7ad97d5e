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
    // Lazy max-heap of (gain, -id) over eligible nonsinks; stale entries skipped.
    using Entry = std::pair<std::uint32_t, std::int64_t>;
    std::priority_queue<Entry> heap;
    std::vector<NodeId> sinks, order;
    order.reserve(n);
    auto make_eligible = [&](NodeId v) {
        if (dag.is_sink(v))
            sinks.push_back(v);
        else
            heap.emplace(gain[v], -static_cast<std::int64_t>(v));
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
        const auto [g, negid] = heap.top();
        heap.pop();
        const NodeId u = static_cast<NodeId>(-negid);
        if (done[u] || g != gain[u]) continue;
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
                    if (pend[p].missing == 0) heap.emplace(gain[p], -static_cast<std::int64_t>(p));
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
