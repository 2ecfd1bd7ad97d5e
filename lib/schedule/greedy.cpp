// Heuristic fallback order: nonsinks first, greedily by immediate yield.
#include <utility>

#include "common/indexed_heap.hpp"
#include "common/min_id_set.hpp"
#include "schedule/schedule.hpp"

namespace ics::schedule {

namespace {
bool g_zero_set = true;  // set_greedy_order_zero_set
}  // namespace

bool set_greedy_order_zero_set(bool on) { return std::exchange(g_zero_set, on); }

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
    // Max-heap of (gain, -id) over eligible nonsinks, one entry per node
    // (a gain only grows: its entry moves up). An entry is
    // gain << 32 | ~id (8 bytes, one comparison; the same order as the pair
    // (gain, -id)).
    auto key = [&](NodeId v) { return (std::uint64_t{pend[v].gain} << 32) | std::uint64_t{~v}; };
    auto heap = make_indexed_max_heap<std::uint64_t>([](std::uint64_t k) { return ~static_cast<NodeId>(k); },
                                                     [&](NodeId v) -> std::uint32_t& { return pend[v].slot; });
    // The eligible nonsinks of gain 0 (most of them on sums of blocks and
    // random dags: every source of 10^6-node random blocks at the start)
    // wait in a MinIdSet instead (issue 18): every heap entry, of gain ≥ 1,
    // comes first, and among gain 0 the key's order is the smallest id. A
    // node that gains moves to the heap. The same pops as one heap.
    MinIdSet zero(g_zero_set ? n : 0);
    auto push = [&](NodeId v) {
        if (g_zero_set && pend[v].gain == 0)
            zero.insert(v);
        else
            heap.push(key(v));
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
    for (;;) {
        NodeId u;
        if (!heap.empty()) {
            // (The next node's children start loading while the heap pops,
            // then their states, which sit at random places, all at once.)
            __builtin_prefetch(dag.children(~static_cast<NodeId>(heap.at(0))).data());
            u = ~static_cast<NodeId>(heap.pop());
        } else if (!zero.empty()) {
            u = zero.min();
            zero.erase(u);
        } else {
            break;
        }
        order.push_back(u);
        --eligible;
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
                const bool in_zero = g_zero_set && pp.missing == 0 && pp.gain == 0;
                ++pp.gain;
                if (in_zero) {
                    zero.erase(pc.rest);
                    heap.push(key(pc.rest));
                } else if (pp.missing == 0) {
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

}  // namespace ics::schedule
