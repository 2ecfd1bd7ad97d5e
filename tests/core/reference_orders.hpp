// The AREA fallback's candidate orders and plays as they were before issue
// 18's memory-traffic pass (lib/area/sidney_order.cpp, lib/schedule/greedy.cpp,
// lib/pebble/*, commit fc9fac5), kept verbatim as references: the tests check
// that the library's versions give the same orders, AREA, E(t) and memory.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "area/area.hpp"
#include "common/error.hpp"
#include "common/indexed_heap.hpp"
#include "dag/dag.hpp"
#include "pebble/pebble.hpp"

namespace ics::reference {

inline std::vector<NodeId> sidney_order(const Dag& dag, const area::SidneyDecomposition& sd, std::span<const NodeId> taken,
                                 std::uint64_t* area) {
    const NodeId n = dag.node_count();
    std::vector<std::uint32_t> block_of(n, kNoNode), gain(n, 0);
    for (std::size_t b = 0; b < sd.block_count(); ++b)
        for (std::uint32_t k = sd.offsets[b]; k < sd.offsets[b + 1]; ++k) block_of[sd.nodes[k]] = static_cast<std::uint32_t>(b);
    std::vector<char> done(n, 0);
    std::vector<NodeId> order;
    order.reserve(n);
    // Per node, side by side: its unexecuted parent arcs and the XOR of
    // their tails, which names the last one in O(1) when one is left (the
    // parent a scan of the parents for the first unexecuted one would find).
    // (And its index in the heap while it waits there.)
    struct Pending {
        std::uint32_t missing, rest, slot;
    };
    std::vector<Pending> pend(n);
    std::uint32_t max_in = 0;
    for (NodeId v = 0; v < n; ++v) {
        std::uint32_t x = 0;
        for (NodeId p : dag.parents(v)) x ^= p;
        pend[v] = {dag.in_degree(v), x, kNoNode};
        max_in = std::max(max_in, dag.in_degree(v));
    }
    auto run = [&](NodeId u, Pending& c) {
        --c.missing;
        c.rest ^= u;
    };
    // E(t) as the order runs, and AREA = Σ_t E(t).
    std::uint64_t eligible = 0;
    for (NodeId v = 0; v < n; ++v) eligible += pend[v].missing == 0 ? 1u : 0u;
    std::uint64_t sum = eligible;
    // The taken prefix runs first, as given (sidney_decomposition checked it).
    for (NodeId u : taken) {
        if (pend[u].missing != 0 || block_of[u] != kNoNode) fail(Errc::internal, "Sidney order: the taken prefix is not the decomposition's");
        done[u] = 1;
        order.push_back(u);
        --eligible;
        for (NodeId c : dag.children(u)) {
            run(u, pend[c]);
            eligible += pend[c].missing == 0 ? 1u : 0u;
        }
        sum += eligible;
    }
    // The unexecuted parent of a node with one parent arc left, or kNoNode
    // (an executed one: only with parallel arcs, which Dag merges).
    auto last_parent = [&](const Pending& c) { return done[c.rest] ? kNoNode : c.rest; };
    // gain[u] = children whose only unexecuted parent is u: the tasks running
    // u makes eligible now.
    for (NodeId v = 0; v < n; ++v)
        if (!done[v] && pend[v].missing == 1)
            if (const NodeId p = last_parent(pend[v]); p != kNoNode) ++gain[p];
    // Max-heap of (gain, progress, nonsink, -id) over eligible nodes of the
    // current block, one entry per node: when its gain grows the entry gets
    // the new key (gain, progress now), larger, and moves up (the lazy heap
    // before pushed it again and skipped the stale one: the same pops).
    // Nodes of later blocks that become eligible wait in their block's list.
    // An entry packs that key into 128 bits compared as two unsigned words
    // (issue 18: 16 bytes instead of a 32-byte tuple, one comparison per
    // word): gain (32 bits), progress (a sum of non-negative terms, never
    // -0 or NaN, so its 63 low bits order it as the double does), nonsink
    // (1), ~id (32: the lowest id largest). The same order as the tuple, hence
    // the same pops.
    struct Entry {
        std::uint64_t hi, lo;
        bool operator<(const Entry& o) const noexcept { return hi != o.hi ? hi < o.hi : lo < o.lo; }
        NodeId node() const noexcept { return ~static_cast<std::uint32_t>(lo); }
    };
    auto pack = [](std::uint32_t g, double prog, bool nonsink, NodeId v) {
        const auto bits = std::bit_cast<std::uint64_t>(prog);  // bit 63 (sign) is 0
        return Entry{(std::uint64_t{g} << 32) | (bits >> 31),
                     ((bits & 0x7FFFFFFFu) << 33) | (std::uint64_t{nonsink} << 32) | std::uint64_t{~v}};
    };
    auto heap = make_indexed_max_heap<Entry>([](const Entry& e) { return e.node(); },
                                             [&](NodeId v) -> std::uint32_t& { return pend[v].slot; });
    // Per later block, a list (linked through `next_waiting`) of its nodes
    // already eligible: the heap's order does not depend on the order they
    // are pushed in (entries differ in their ids), so a stack will do, and no
    // vector per block (sums of small components have ~n blocks).
    std::vector<std::uint32_t> waiting(sd.block_count(), kNoNode), next_waiting(n, kNoNode);
    std::size_t current = 0;
    // 1/k by table for the common in-degrees (the same double as dividing).
    std::vector<double> inverse(std::min<std::size_t>(max_in, 4096) + 1, 0.0);
    for (std::size_t k = 1; k < inverse.size(); ++k) inverse[k] = 1.0 / static_cast<double>(k);
    // Ties: the most progress towards children that still wait on others.
    auto progress = [&](NodeId v) {
        double p = 0;
        for (NodeId c : dag.children(v)) {
            const std::uint32_t m = pend[c].missing;
            p += m > 1 ? (m < inverse.size() ? inverse[m] : 1.0 / m) : 0.0;
        }
        return p;
    };
    auto entry = [&](NodeId v) { return pack(gain[v], progress(v), !dag.is_sink(v), v); };
    auto make_eligible = [&](NodeId v) {
        if (block_of[v] == current) heap.push(entry(v));
        else {
            next_waiting[v] = waiting[block_of[v]];
            waiting[block_of[v]] = v;
        }
    };
    for (NodeId v = 0; v < n; ++v)
        if (!done[v] && pend[v].missing == 0) make_eligible(v);
    for (current = 0; current < sd.block_count(); ++current) {
        for (NodeId v = waiting[current]; v != kNoNode; v = next_waiting[v]) heap.push(entry(v));
        while (!heap.empty()) {
            const NodeId u = heap.pop().node();
            done[u] = 1;
            order.push_back(u);
            --eligible;
            for (NodeId c : dag.children(u)) {
                Pending& pc = pend[c];
                run(u, pc);
                if (pc.missing == 0) {
                    ++eligible;
                    make_eligible(c);
                } else if (pc.missing == 1) {
                    if (const NodeId p = last_parent(pc); p != kNoNode) {
                        ++gain[p];
                        if (pend[p].missing == 0 && block_of[p] == current) heap.raise(p, entry(p));
                    }
                }
            }
            sum += eligible;
        }
    }
    if (order.size() != n) fail(Errc::internal, "Sidney order: a block is not closed under parents");
    if (area) *area = sum;
    return order;
}


inline std::vector<NodeId> greedy_order(const Dag& dag, std::uint64_t* area) {
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
    auto push = [&](NodeId v) { heap.push(key(v)); };
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
        const NodeId u = ~static_cast<NodeId>(heap.pop());
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
                if (pp.missing == 0) heap.raise(pc.rest, key(pc.rest));
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


// Shared by validate_order and evaluate so both report the same errors.
template <class OnStep>
inline
void play(const Dag& dag, std::span<const NodeId> order, OnStep&& on_step) {
    const NodeId n = dag.node_count();
    if (order.size() != n)
        fail(Errc::invalid_order, "order has " + std::to_string(order.size()) + " entries, the dag has " +
                                      std::to_string(n) + " nodes");
    // missing[v] = parents of v not yet executed; executed marked by kNoNode.
    std::vector<std::uint32_t> missing(n);
    for (NodeId v = 0; v < n; ++v) missing[v] = dag.in_degree(v);
    for (std::size_t t = 0; t < order.size(); ++t) {
        const NodeId v = order[t];
        // Built only on failure: the happy path allocates nothing per step.
        auto step = [t] { return " at step " + std::to_string(t + 1); };
        if (v >= n) fail(Errc::invalid_order, "unknown node id " + std::to_string(v) + step());
        if (missing[v] == kNoNode)
            fail(Errc::invalid_order, "node '" + std::string(dag.name(v)) + "' executed twice" + step());
        if (missing[v] != 0) {
            NodeId p = 0;
            for (NodeId q : dag.parents(v))
                if (missing[q] != kNoNode) {
                    p = q;
                    break;
                }
            fail(Errc::invalid_order, "node '" + std::string(dag.name(v)) + "' executed" + step() +
                                          " before its parent '" + std::string(dag.name(p)) + "'");
        }
        missing[v] = kNoNode;
        std::uint32_t newly = 0;
        for (NodeId c : dag.children(v))
            if (--missing[c] == 0) ++newly;
        on_step(v, newly);
    }
}

inline void validate_order(const Dag& dag, std::span<const NodeId> order) {
    play(dag, order, [](NodeId, std::uint32_t) {});
}

inline pebble::Evaluation evaluate(const Dag& dag, std::span<const NodeId> order) {
    pebble::Evaluation ev;
    const NodeId n = dag.node_count();
    ev.eligible.reserve(static_cast<std::size_t>(n) + 1);
    std::uint32_t eligible = 0;
    for (NodeId v = 0; v < n; ++v) eligible += dag.is_source(v) ? 1u : 0u;
    ev.eligible.push_back(eligible);
    ev.area = eligible;
    // open = EXECUTED nodes that still have an unexecuted child (§2.2.3).
    std::vector<std::uint32_t> pending(n);
    for (NodeId v = 0; v < n; ++v) pending[v] = dag.out_degree(v);
    std::uint32_t open = 0;
    play(dag, order, [&](NodeId v, std::uint32_t newly) {
        eligible = eligible - 1 + newly;
        ev.eligible.push_back(eligible);
        ev.area += eligible;
        if (pending[v] > 0) ++open;
        for (NodeId p : dag.parents(v))
            if (--pending[p] == 0) --open;
        ev.memory = std::max(ev.memory, open);
    });
    return ev;
}

inline std::uint64_t area(const Dag& dag, std::span<const NodeId> order) {
    std::uint32_t eligible = 0;
    for (NodeId v = 0; v < dag.node_count(); ++v) eligible += dag.is_source(v) ? 1u : 0u;
    std::uint64_t sum = eligible;
    play(dag, order, [&](NodeId, std::uint32_t newly) {
        eligible = eligible - 1 + newly;
        sum += eligible;
    });
    return sum;
}


inline std::vector<NodeId> fifo_order(const Dag& dag, std::uint64_t* area) {
    std::vector<NodeId> order;
    order.reserve(dag.node_count());
    std::vector<std::uint32_t> missing(dag.node_count());
    for (NodeId v = 0; v < dag.node_count(); ++v) {
        missing[v] = dag.in_degree(v);
        if (missing[v] == 0) order.push_back(v);
    }
    // The output doubles as the queue: entries past `head` are eligible.
    std::uint64_t sum = order.size();
    for (std::size_t head = 0; head < order.size(); ++head) {
        for (NodeId c : dag.children(order[head]))
            if (--missing[c] == 0) order.push_back(c);
        sum += order.size() - head - 1;
    }
    if (area) *area = sum;
    return order;
}


inline std::vector<NodeId> level_order(const Dag& dag) {
    // Counting sort by longest-path level; parents sit on lower levels.
    const auto lv = dag.levels();
    std::vector<std::uint32_t> start(static_cast<std::size_t>(dag.level_count()) + 1, 0);
    for (auto l : lv) ++start[l + 1];
    for (std::size_t i = 1; i < start.size(); ++i) start[i] += start[i - 1];
    std::vector<NodeId> order(dag.node_count());
    for (NodeId v = 0; v < dag.node_count(); ++v) order[start[lv[v]]++] = v;
    return order;
}


}  // namespace ics::reference
