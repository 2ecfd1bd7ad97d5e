// The order that runs the Sidney decomposition's blocks in turn
// (sidney.cpp), greedy inside each block: most newly eligible tasks first.
// Every order that runs the blocks of a complete decomposition in turn is a
// 2-approximation of the largest AREA (Chekuri & Motwani 1999; Margot,
// Queyranne, Wang 2003).
#include <algorithm>
#include <bit>
#include <cstdint>
#include <span>
#include <vector>

#include "area/area.hpp"
#include "common/error.hpp"
#include "common/indexed_heap.hpp"

namespace ics::area {

std::vector<NodeId> sidney_order(const Dag& dag, const SidneyDecomposition& sd, std::span<const NodeId> taken,
                                 std::uint64_t* area) {
    const NodeId n = dag.node_count();
    std::vector<std::uint32_t> block_of(n, kNoNode);
    for (std::size_t b = 0; b < sd.block_count(); ++b)
        for (std::uint32_t k = sd.offsets[b]; k < sd.offsets[b + 1]; ++k) block_of[sd.nodes[k]] = static_cast<std::uint32_t>(b);
    std::vector<char> done(n, 0);
    std::vector<NodeId> order;
    order.reserve(n);
    // Per node, side by side (16 bytes, one cache line): its unexecuted
    // parent arcs and the XOR of their tails, which names the last one in
    // O(1) when one is left (the parent a scan of the parents for the first
    // unexecuted one would find); its gain (below); its index in the heap
    // while it waits there, else kNoNode.
    struct Pending {
        std::uint32_t missing, rest, slot, gain;
    };
    std::vector<Pending> pend(n);
    std::uint32_t max_in = 0;
    for (NodeId v = 0; v < n; ++v) {
        std::uint32_t x = 0;
        for (NodeId p : dag.parents(v)) x ^= p;
        pend[v] = {dag.in_degree(v), x, kNoNode, 0};
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
            if (const NodeId p = last_parent(pend[v]); p != kNoNode) ++pend[p].gain;
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
    auto entry = [&](NodeId v) { return pack(pend[v].gain, progress(v), !dag.is_sink(v), v); };
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
            // (Its children start loading while the heap pops.)
            __builtin_prefetch(dag.children(heap.at(0).node()).data());
            const NodeId u = heap.pop().node();
            pend[u].slot = kNoNode;
            done[u] = 1;
            order.push_back(u);
            --eligible;
            // (The children's states sit at random places: load them all
            // at once, with their own children, then what `entry` will read:
            // the states of the children of a child this run makes
            // eligible, and of a child's last parent, which gains.)
            for (NodeId c : dag.children(u)) {
                __builtin_prefetch(&pend[c]);
                __builtin_prefetch(&block_of[c]);
                __builtin_prefetch(dag.children(c).data());
            }
            for (NodeId c : dag.children(u)) {
                if (pend[c].missing == 1) {
                    for (NodeId g : dag.children(c)) __builtin_prefetch(&pend[g]);
                } else if (pend[c].missing == 2) {
                    // (The other parent: Dag merges parallel arcs; a hint
                    // only, so checked rather than trusted.)
                    if (const NodeId p = pend[c].rest ^ u; p < n) {
                        __builtin_prefetch(&pend[p]);
                        __builtin_prefetch(dag.children(p).data());
                    }
                }
            }
            for (NodeId c : dag.children(u)) {
                Pending& pc = pend[c];
                run(u, pc);
                if (pc.missing == 0) {
                    ++eligible;
                    make_eligible(c);
                } else if (pc.missing == 1) {
                    if (const NodeId p = last_parent(pc); p != kNoNode) {
                        // In the heap: eligible, not run, of the current block.
                        Pending& pp = pend[p];
                        ++pp.gain;
                        if (pp.slot != kNoNode) heap.raise(p, entry(p));
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

}  // namespace ics::area
