// Heuristic fallback order: nonsinks first, greedily by immediate yield.
#include <queue>

#include "schedule/schedule.hpp"

namespace ics::schedule {

std::vector<NodeId> greedy_order(const Dag& dag) {
    const NodeId n = dag.node_count();
    std::vector<std::uint32_t> missing(n), gain(n, 0);
    std::vector<bool> done(n, false);
    // gain[u] = children whose only unexecuted parent is u.
    for (NodeId v = 0; v < n; ++v) {
        missing[v] = dag.in_degree(v);
        if (missing[v] == 1) ++gain[dag.parents(v)[0]];
    }
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
    for (NodeId v = 0; v < n; ++v)
        if (missing[v] == 0) make_eligible(v);
    while (!heap.empty()) {
        const auto [g, negid] = heap.top();
        heap.pop();
        const NodeId u = static_cast<NodeId>(-negid);
        if (done[u] || g != gain[u]) continue;
        done[u] = true;
        order.push_back(u);
        for (NodeId c : dag.children(u)) {
            if (--missing[c] == 0) {
                make_eligible(c);
            } else if (missing[c] == 1) {
                for (NodeId p : dag.parents(c))
                    if (!done[p]) {
                        ++gain[p];
                        if (missing[p] == 0) heap.emplace(gain[p], -static_cast<std::int64_t>(p));
                        break;
                    }
            }
        }
    }
    order.insert(order.end(), sinks.begin(), sinks.end());
    return order;
}

}  // namespace ics::schedule
