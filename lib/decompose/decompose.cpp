// Parsing a skeleton into CBBBs and their super-dag (MRY06 steps 2-3,
// sweep-algorithm.txt §2; clustering.txt §2.2.1): see decomposition.hpp.
//
// Every node v has an out-slot (the class of its out-arcs) and an in-slot
// (the class of its in-arcs); an arc u -> v ties u's out-slot to v's in-slot,
// so the blocks are the connected components of slots. A breadth-first search
// per component (out-slot -> children's in-slots -> their parents' out-slots)
// finds them in O(n + m), started from the nodes in topological order, and
// writes each block's sources and sinks as it goes (no per-block objects).
// The blocks are then renumbered in a topological order of the super-dag
// when the discovery order is not one already.
#include <algorithm>
#include <memory>
#include <string>

#include "decompose/decomposition.hpp"

namespace ics::decompose {

namespace {

// Sorts v[first, last) and drops duplicates; returns the new end. Rows are
// mostly tiny (a butterfly's has 2 entries), hence the insertion sort.
std::uint32_t sort_unique(std::vector<BlockId>& v, std::uint32_t first, std::uint32_t last) {
    if (last - first <= 16) {
        for (std::uint32_t i = first + 1; i < last; ++i) {
            const BlockId x = v[i];
            std::uint32_t j = i;
            for (; j > first && v[j - 1] > x; --j) v[j] = v[j - 1];
            v[j] = x;
        }
    } else {
        std::sort(v.begin() + first, v.begin() + last);
    }
    return static_cast<std::uint32_t>(std::unique(v.begin() + first, v.begin() + last) - v.begin());
}

// Sorts the node ids v[0, k) (distinct: a node is listed once) by a
// bitmap over [min, max] when the ids are dense (blocks of generated dags
// usually are), held in one 64-bit word when they lie within 64 of each
// other (a small block: the insertion sort's mispredicted compares were
// ~20% of the search on sums of 10x10 blocks); else insertion sort for a
// few, std::sort for sparse ones.
void sort_ids(NodeId* v, std::size_t k, std::vector<std::uint64_t>& bits) {
    const auto [lo, hi] = std::minmax_element(v, v + k);
    const NodeId min = *lo, range = *hi - *lo + 1;
    if (range <= 64) {
        std::uint64_t word = 0;
        for (std::size_t i = 0; i < k; ++i) word |= std::uint64_t{1} << (v[i] - min);
        for (std::size_t i = 0; word != 0; word &= word - 1)
            v[i++] = min + static_cast<NodeId>(__builtin_ctzll(word));
        return;
    }
    if (k <= 16) {
        for (std::size_t i = 1; i < k; ++i) {
            const NodeId x = v[i];
            std::size_t j = i;
            for (; j > 0 && v[j - 1] > x; --j) v[j] = v[j - 1];
            v[j] = x;
        }
        return;
    }
    if (std::is_sorted(v, v + k)) return;  // the search often finds a chain's nodes in order
    if (range / 64 > k) {
        std::sort(v, v + k);
        return;
    }
    bits.assign(range / 64 + 1, 0);
    for (std::size_t i = 0; i < k; ++i) bits[(v[i] - min) / 64] |= std::uint64_t{1} << ((v[i] - min) % 64);
    std::size_t out = 0;
    for (std::size_t w = 0; w < bits.size(); ++w)
        for (std::uint64_t x = bits[w]; x != 0; x &= x - 1)
            v[out++] = min + static_cast<NodeId>(w * 64 + static_cast<unsigned>(__builtin_ctzll(x)));
}

// A block's form from what its search met: s sources, t sinks, the arcs
// (the sources' out-degrees summed; the sinks' in-degrees sum to the same)
// and the largest out- and in-degree. No repeated arcs, so:
// - arcs = s t: every source feeds every sink;
// - arcs = s out_max: every source has out-degree out_max; with in_max <= 2
//   the sinks of in-degree 2 number arcs - t;
// - arcs = t in_max: every sink has in-degree in_max; with out_max <= 2 the
//   sources of out-degree 2 number arcs - s.
// Three numbers per block instead of the W and M tests' six: the search
// keeps them in registers.
inline BlockForm form_of(std::uint64_t s, std::uint64_t t, std::uint64_t arcs, std::uint64_t out_max,
                         std::uint64_t in_max) {
    if (arcs == s * t) return BlockForm::complete;
    if (s >= 2 && out_max >= 2 && arcs == s * out_max && in_max <= 2 && arcs - t == s - 1) return BlockForm::w_like;
    if (s >= 2 && in_max >= 2 && arcs == t * in_max && out_max <= 2 && arcs - s == t - 1 && s == t * (in_max - 1) + 1)
        return BlockForm::m_like;
    return BlockForm::other;
}

// A w_like block's chain in increasing id: each source shares a child with
// the next (rows sorted, so one merge per pair).
bool w_chain_ascends(const Dag& g, const NodeId* src, std::size_t s) {
    for (std::size_t i = 1; i < s; ++i) {
        const auto a = g.children(src[i - 1]), b = g.children(src[i]);
        bool met = false;
        for (std::size_t x = 0, y = 0; x < a.size() && y < b.size() && !met;) {
            met = a[x] == b[y];
            if (a[x] < b[y])
                ++x;
            else
                ++y;
        }
        if (!met) return false;
    }
    return true;
}

// An m_like block (sinks of in-degree d) whose i-th sink's parents are
// sources i(d-1) .. i(d-1)+d-1, both lists in increasing id.
bool m_chain_ascends(const Dag& g, const NodeId* src, std::size_t s, const NodeId* snk, std::size_t t,
                     std::uint32_t d) {
    if (s != t * (d - 1) + 1) return false;
    // (A loop, not std::equal: that calls memcmp for every two-entry row.)
    for (std::size_t i = 0; i < t; ++i) {
        const auto ps = g.parents(snk[i]);
        if (ps.size() != d) return false;
        const NodeId* want = src + i * (d - 1);
        for (NodeId p : ps)
            if (p != *want++) return false;
    }
    return true;
}

// The blocks: connected components of slots, searched breadth-first from
// the nodes in topological order. The block's source and sink lists (the
// out- and in-slots found) double as the search queue, and the degrees met
// on the way give its form (issue 18: the complete-block and chain tests
// had each read the block's arcs again). Raw pointers: through the vectors
// every store would reload their data pointers (they may alias).
constexpr std::size_t kRowAhead = 10, kEntriesAhead = 3;

BlockId find_blocks(const Dag& g, Decomposition& d) {
    const NodeId n = g.node_count();
    // Every node is at most one block's source and one block's sink.
    d.source_nodes.resize(n);
    d.sink_nodes.resize(n);
    NodeId* const src = d.source_nodes.data();
    NodeId* const snk = d.sink_nodes.data();
    BlockId* const out_block = d.out_block.data();
    BlockId* const in_block = d.in_block.data();
    std::size_t ns = 0, nk = 0;
    d.source_offsets.reserve(static_cast<std::size_t>(n) + 1);
    d.sink_offsets.reserve(static_cast<std::size_t>(n) + 1);

    std::vector<std::uint64_t> bits;
    // At most one block per node; not value-initialised (only the blocks'
    // entries are written, then copied out).
    const std::unique_ptr<BlockForm[]> form_buffer(new BlockForm[n]);
    BlockForm* const forms = form_buffer.get();
    BlockId count = 0;
    for (NodeId s : g.topological_order()) {
        if (g.out_degree(s) == 0) {
            if (g.in_degree(s) == 0) d.isolated.push_back(s);
            continue;
        }
        if (out_block[s] != kNoBlock) continue;
        const BlockId b = count++;
        const std::size_t src_first = ns, snk_first = nk;
        out_block[s] = b;
        src[ns++] = s;
        std::uint64_t arcs = 0;  // the sources' out-degrees summed
        // In a large block the queues hold ids at random: a row is
        // prefetched a few nodes ahead, the block ids of its entries a node
        // or two ahead (issue 18: random layered blocks).
        for (std::size_t si = src_first, ki = snk_first; si < ns || ki < nk;) {
            for (; si < ns; ++si) {
                if (si + kRowAhead < ns) __builtin_prefetch(g.children(src[si + kRowAhead]).data());
                if (si + kEntriesAhead < ns)
                    for (NodeId c : g.children(src[si + kEntriesAhead])) __builtin_prefetch(in_block + c);
                const auto kids = g.children(src[si]);
                arcs += kids.size();
                // Without a branch (mispredicted on small random blocks):
                // a child's in-block is b or none yet (a slot found is in
                // this block), so b is stored either way, and the child
                // written at the end of the list is kept when it was new
                // (there is room: some node has no parent).
                for (NodeId c : kids) {
                    const BlockId was = in_block[c];
                    in_block[c] = b;
                    snk[nk] = c;
                    nk += was == kNoBlock;
                }
            }
            for (; ki < nk; ++ki) {
                if (ki + kRowAhead < nk) __builtin_prefetch(g.parents(snk[ki + kRowAhead]).data());
                if (ki + kEntriesAhead < nk)
                    for (NodeId p : g.parents(snk[ki + kEntriesAhead])) __builtin_prefetch(out_block + p);
                for (NodeId p : g.parents(snk[ki])) {  // (as above; some node has no child)
                    const BlockId was = out_block[p];
                    out_block[p] = b;
                    src[ns] = p;
                    ns += was == kNoBlock;
                }
            }
        }
        // Not complete: the largest degrees, read while the block's rows are
        // still in cache (counted inside the search, they slowed it on the
        // many tiny blocks of trees and FFTs, which are complete).
        std::uint32_t out_max = 0, in_max = 0;
        if (arcs != std::uint64_t{ns - src_first} * (nk - snk_first)) {
            for (std::size_t i = src_first; i < ns; ++i) out_max = std::max(out_max, g.out_degree(src[i]));
            for (std::size_t i = snk_first; i < nk; ++i) in_max = std::max(in_max, g.in_degree(snk[i]));
        }
        BlockForm form = form_of(ns - src_first, nk - snk_first, arcs, out_max, in_max);
        // (Two ids, a butterfly's or a tree node's, swapped here: no call.)
        for (auto [v, k] : {std::pair{src + src_first, ns - src_first}, std::pair{snk + snk_first, nk - snk_first}}) {
            if (k > 2)
                sort_ids(v, k, bits);
            else if (k == 2 && v[0] > v[1])
                std::swap(v[0], v[1]);
        }
        // (Checked on the sorted lists, while the block's rows are in cache.)
        if (form == BlockForm::w_like && w_chain_ascends(g, src + src_first, ns - src_first))
            form = BlockForm::w_chain;
        else if (form == BlockForm::m_like &&
                 m_chain_ascends(g, src + src_first, ns - src_first, snk + snk_first, nk - snk_first, in_max))
            form = BlockForm::m_chain;
        forms[count - 1] = form;
        d.source_offsets.push_back(static_cast<std::uint32_t>(ns));
        d.sink_offsets.push_back(static_cast<std::uint32_t>(nk));
    }
    d.source_nodes.resize(ns);
    d.sink_nodes.resize(nk);
    d.forms.assign(forms, forms + count);
    std::sort(d.isolated.begin(), d.isolated.end());
    return count;
}

// Kahn (FIFO) over the super-dag CSR in d; rank[b] = new id. Blocks left on
// cycles get the last ids, in their old order. Returns how many Kahn ranked.
BlockId topological_ranks(const Decomposition& d, std::vector<BlockId>& rank) {
    const BlockId blocks = d.block_count;
    std::vector<std::uint32_t> indeg(blocks, 0);
    for (BlockId c : d.super_targets) ++indeg[c];
    std::vector<BlockId> order;
    order.reserve(blocks);
    for (BlockId b = 0; b < blocks; ++b)
        if (indeg[b] == 0) order.push_back(b);
    for (std::size_t i = 0; i < order.size(); ++i)
        for (BlockId c : d.successors(order[i]))
            if (--indeg[c] == 0) order.push_back(c);
    const auto ranked = static_cast<BlockId>(order.size());
    for (BlockId b = 0; b < blocks; ++b)
        if (indeg[b] != 0) order.push_back(b);
    rank.assign(blocks, kNoBlock);
    for (BlockId i = 0; i < blocks; ++i) rank[order[i]] = i;
    return ranked;
}

// Renames every block b to rank[b], keeping super-dag rows increasing.
void renumber(Decomposition& d, const std::vector<BlockId>& rank) {
    const BlockId B = d.block_count;
    for (BlockId& b : d.out_block)
        if (b != kNoBlock) b = rank[b];
    for (BlockId& b : d.in_block)
        if (b != kNoBlock) b = rank[b];
    std::vector<BlockId> old_of(B);
    for (BlockId b = 0; b < B; ++b) old_of[rank[b]] = b;
    std::vector<std::uint32_t> offsets(static_cast<std::size_t>(B) + 1, 0);
    std::vector<BlockId> targets;
    targets.reserve(d.super_targets.size());
    for (BlockId r = 0; r < B; ++r) {
        const auto first = static_cast<std::uint32_t>(targets.size());
        for (BlockId c : d.successors(old_of[r])) targets.push_back(rank[c]);
        offsets[r + 1] = sort_unique(targets, first, static_cast<std::uint32_t>(targets.size()));
    }
    d.super_offsets = std::move(offsets);
    d.super_targets = std::move(targets);
    std::vector<BlockForm> forms(B);
    for (BlockId r = 0; r < B; ++r) forms[r] = d.forms[old_of[r]];
    d.forms = std::move(forms);
    for (auto [offs, nodes] : {std::pair{&d.source_offsets, &d.source_nodes}, std::pair{&d.sink_offsets, &d.sink_nodes}}) {
        std::vector<std::uint32_t> o(static_cast<std::size_t>(B) + 1, 0);
        BigVector<NodeId> v;
        v.reserve(nodes->size());
        for (BlockId r = 0; r < B; ++r) {
            const BlockId b = old_of[r];
            v.insert(v.end(), nodes->begin() + (*offs)[b], nodes->begin() + (*offs)[b + 1]);
            o[r + 1] = static_cast<std::uint32_t>(v.size());
        }
        *offs = std::move(o);
        *nodes = std::move(v);
    }
}

// One cycle among the blocks Kahn could not rank (ids from first_cyclic on):
// each has a predecessor among them, so walking predecessors must repeat a
// block; the walk from its first visit is a cycle, returned in arc order.
std::vector<BlockId> one_cycle(const Decomposition& d, BlockId first_cyclic) {
    const BlockId B = d.block_count;
    std::vector<BlockId> pred(B, kNoBlock);
    for (BlockId b = first_cyclic; b < B; ++b)
        for (BlockId c : d.successors(b))
            if (pred[c] == kNoBlock) pred[c] = b;
    std::vector<std::uint32_t> seen(B, kNoBlock);
    std::vector<BlockId> walk;
    BlockId b = first_cyclic;
    while (seen[b] == kNoBlock) {
        seen[b] = static_cast<std::uint32_t>(walk.size());
        walk.push_back(b);
        b = pred[b];
    }
    std::vector<BlockId> cycle(walk.begin() + seen[b], walk.end());
    std::reverse(cycle.begin(), cycle.end());
    return cycle;
}

void describe_offending(const Dag& g, Decomposition& d) {
    d.message = offending_message(g, d.offending, d.offending_count, false);
}

void describe_cycle(const Dag& g, Decomposition& d) {
    const BlockId B = d.block_count;
    const std::size_t len = d.super_cycle.size();
    std::vector<BlockId> next(B, kNoBlock);
    for (std::size_t i = 0; i < len; ++i) next[d.super_cycle[i]] = d.super_cycle[(i + 1) % len];
    std::vector<NodeId> witness(len, kNoNode);
    std::vector<std::uint32_t> pos(B, 0);
    for (std::size_t i = 0; i < len; ++i) pos[d.super_cycle[i]] = static_cast<std::uint32_t>(i);
    for (NodeId v = 0; v < g.node_count(); ++v) {
        const BlockId b = d.in_block[v];
        if (b != kNoBlock && next[b] != kNoBlock && next[b] == d.out_block[v] && witness[pos[b]] == kNoNode)
            witness[pos[b]] = v;
    }
    std::string msg = "the building blocks' super-dag has a cycle (";
    const std::size_t shown = std::min<std::size_t>(len, 8);
    for (std::size_t i = 0; i < shown; ++i) {
        msg += "block " + std::to_string(d.super_cycle[i]) + " -> [node " + quoted(g.name(witness[i])) + "] -> ";
    }
    if (shown < len) msg += "... (" + std::to_string(len) + " blocks) -> ";
    msg += "block " + std::to_string(d.super_cycle[0]) + "), so the dag is not a composition of CBBBs";
    if (d.message.empty())
        d.message = std::move(msg);
    else
        d.message += "; also " + msg;
}

}  // namespace

std::string offending_message(const Dag& g, std::span<const NodeId> offending, std::uint32_t count, bool at_least) {
    std::string m = "node " + quoted(g.name(offending[0])) +
                    " is both a source and a sink of one building block (its parents and children share a block), "
                    "so the dag is not a composition of CBBBs";
    if (count > 1) {
        m += std::string("; ") + (at_least ? "at least " : "") + std::to_string(count - 1) + " more such node";
        if (count > 2) m += 's';
        m += ": ";
        const std::size_t shown = std::min<std::size_t>(offending.size(), 6);
        for (std::size_t i = 1; i < shown; ++i) m += (i > 1 ? ", " : "") + quoted(g.name(offending[i]));
        if (shown < count) m += ", ...";
    }
    return m;
}

Decomposition decompose(const Dag& g) {
    Decomposition d;
    const NodeId n = g.node_count();
    d.out_block.assign(n, kNoBlock);
    d.in_block.assign(n, kNoBlock);
    const BlockId B = find_blocks(g, d);
    d.block_count = B;

    // Super-dag rows from each block's sinks: sink v of b with out-block c
    // gives b -> c, or makes v offending when c == b.
    std::vector<NodeId> offending;
    bool sorted = true;  // every arc b -> c has b < c already
    d.super_offsets.assign(static_cast<std::size_t>(B) + 1, 0);
    // At most one entry per sink; reserved, not grown by doubling (the
    // tree's million rows copied and faulted in ~2x over).
    d.super_targets.reserve(d.sink_nodes.size());
    for (BlockId b = 0; b < B; ++b) {
        const auto first = static_cast<std::uint32_t>(d.super_targets.size());
        BlockId last = kNoBlock;  // runs of sinks feeding one block (a mesh level) give one entry
        for (NodeId v : d.sinks(b)) {
            const BlockId c = d.out_block[v];
            if (c == kNoBlock || c == last) continue;
            if (c == b) {
                offending.push_back(v);
            } else {
                d.super_targets.push_back(c);
                last = c;
            }
        }
        const auto filled = static_cast<std::uint32_t>(d.super_targets.size());
        const std::uint32_t end = filled - first <= 1 ? filled : sort_unique(d.super_targets, first, filled);
        d.super_targets.resize(end);
        if (end > first && d.super_targets[first] < b) sorted = false;
        d.super_offsets[b + 1] = end;
    }
    if (!offending.empty()) {
        std::sort(offending.begin(), offending.end());
        d.bipartite = false;
        d.offending_count = static_cast<std::uint32_t>(offending.size());
        offending.resize(std::min<std::size_t>(offending.size(), kMaxOffending));
        d.offending = std::move(offending);
        describe_offending(g, d);
    }

    // Renumber topologically unless the discovery order already is.
    BlockId ranked = B;
    if (!sorted) {
        std::vector<BlockId> rank;
        ranked = topological_ranks(d, rank);
        renumber(d, rank);
    }
    d.super_in_degree.assign(B, 0);
    for (BlockId c : d.super_targets) ++d.super_in_degree[c];

    if (ranked < B) {
        d.acyclic = false;
        d.super_cycle = one_cycle(d, ranked);
        describe_cycle(g, d);
    }
    return d;
}

}  // namespace ics::decompose
