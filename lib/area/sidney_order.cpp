// The order that runs the Sidney decomposition's blocks in turn
// (sidney.cpp), greedy inside each block: most newly eligible tasks first.
// Every order that runs the blocks of a complete decomposition in turn is a
// 2-approximation of the largest AREA (Chekuri & Motwani 1999; Margot,
// Queyranne, Wang 2003).
#include <algorithm>
#include <bit>
#include <cstdint>
#include <numeric>
#include <span>
#include <utility>
#include <vector>

#include "area/area.hpp"
#include "common/error.hpp"
#include "dag/big_vector.hpp"

namespace ics::area {

namespace {

bool g_copies = true;  // detail::set_sidney_order_copies
bool g_small = true;   // detail::set_sidney_order_small_blocks

// Blocks of at most this many nodes run with their keys in a local array
// (below: run_small).
constexpr std::uint32_t kSmallBlock = 64;

// The heap entry: the key (gain, progress, nonsink, -id) packed into 128 bits
// compared as two unsigned words (issue 18: 16 bytes instead of a 32-byte
// tuple, one comparison per word): gain (32 bits), progress (a sum of
// non-negative terms, never -0 or NaN, so its 63 low bits order it as the
// double does), nonsink (1), ~id (32: the lowest id largest). The same order
// as the tuple, hence the same pops.
__extension__ typedef unsigned __int128 u128;
struct Entry {
    std::uint64_t hi, lo;
    bool operator<(const Entry& o) const noexcept { return hi != o.hi ? hi < o.hi : lo < o.lo; }
    NodeId node() const noexcept { return ~static_cast<std::uint32_t>(lo); }
    u128 wide() const noexcept { return (static_cast<u128>(hi) << 64) | lo; }  // the same order
};

Entry pack(std::uint32_t g, double prog, bool nonsink, NodeId v) {
    const auto bits = std::bit_cast<std::uint64_t>(prog);  // bit 63 (sign) is 0
    return Entry{(std::uint64_t{g} << 32) | (bits >> 31),
                 ((bits & 0x7FFFFFFFu) << 33) | (std::uint64_t{nonsink} << 32) | std::uint64_t{~v}};
}

// Per node, side by side (16 bytes, one cache line): its unexecuted parent
// arcs and the XOR of their tails, which names the last one in O(1) when
// one is left (the parent a scan of the parents for the first unexecuted
// one would find); its gain (the children whose only unexecuted parent it
// is: the tasks running it makes eligible now); where it waits: kNoNode (not
// eligible in the current block, or run), kInZero (in the heap of gain-0
// nodes), kInBlock (a node of the current block not yet eligible: pushed
// when it becomes so), else its index in the heap of the others.
struct Pending {
    std::uint32_t missing, rest, gain, slot;
    Pending() noexcept {}  // (not zeroed: sidney_order sets each before it reads it)
    Pending(std::uint32_t m, std::uint32_t r, std::uint32_t g, std::uint32_t s) noexcept
        : missing(m), rest(r), gain(g), slot(s) {}
};
constexpr std::uint32_t kInZero = kNoNode - 1;  // (heap indices ≤ n - 1 < kInBlock: n ≤ kNoNode - 1)
constexpr std::uint32_t kInBlock = kNoNode - 2;

// A 4-ary max-heap of entries (one per node: keys differ, so its pops are
// those of any heap). With slots (the heap of gains > 0) it writes each
// entry's index beside the node's gain, so a raise moves the entry up in
// place; without (the gain-0 heap) it touches nothing but its own array.
template <bool kSlots>
class Heap {
public:
    Heap(Pending* w, std::size_t capacity) : w_(w) { keys_.reserve(capacity); }
    bool empty() const noexcept { return keys_.empty(); }
    std::size_t size() const noexcept { return keys_.size(); }
    const Entry& top() const noexcept { return keys_.front(); }
    void push(const Entry& k) {
        keys_.push_back(k);
        up(keys_.size() - 1, k);
    }
    void raise(std::uint32_t slot, const Entry& k) { up(slot, k); }
    Entry pop() {
        const Entry top = keys_.front(), k = keys_.back();
        keys_.pop_back();
        if (!keys_.empty()) down(0, k);
        return top;
    }
    void clear() noexcept { keys_.clear(); }
    // Drops the entries `keep` rejects and restores the heap order
    // (Floyd's bottom-up construction: linear, sequential).
    template <class Keep>
    void filter(Keep keep) {
        std::erase_if(keys_, [&](const Entry& e) { return !keep(e.node()); });
        for (std::size_t i = keys_.size() / 4 + 1; i-- > 0;)
            if (i < keys_.size()) down(i, keys_[i]);
    }

private:
    void place(const Entry& k, std::size_t i) {
        keys_[i] = k;
        if constexpr (kSlots) w_[k.node()].slot = static_cast<std::uint32_t>(i);
    }
    void up(std::size_t i, const Entry& k) {
        while (i > 0 && keys_[(i - 1) / 4] < k) {
            place(keys_[(i - 1) / 4], i);
            i = (i - 1) / 4;
        }
        place(k, i);
    }
    // Sifts k down from the hole at i.
    void down(std::size_t i, const Entry k) {
        const std::size_t size = keys_.size();
        for (;;) {
            const std::size_t c = 4 * i + 1;
            if (c >= size) break;
            std::size_t m = c;
            const std::size_t end = std::min(c + 4, size);
            for (std::size_t d = c + 1; d < end; ++d)
                if (keys_[m] < keys_[d]) m = d;
            if (!(k < keys_[m])) break;
            place(keys_[m], i);
            i = m;
        }
        place(k, i);
    }

    BigVector<Entry> keys_;
    Pending* w_;
};

}  // namespace

bool detail::set_sidney_order_copies(bool on) { return std::exchange(g_copies, on); }
bool detail::set_sidney_order_small_blocks(bool on) { return std::exchange(g_small, on); }

std::vector<NodeId> sidney_order(const Dag& dag, const SidneyDecomposition& sd, std::span<const NodeId> taken,
                                 std::uint64_t* area, std::vector<std::uint32_t>* profile) {
    const NodeId n = dag.node_count();
    std::size_t largest = 0;
    for (std::size_t b = 0; b < sd.block_count(); ++b) largest = std::max<std::size_t>(largest, sd.block_size(b));
    // Nodes taken or listed in a block so far (n bits: a node listed twice,
    // or taken and listed, is refused; no per-node block number, issue 18:
    // 4 bytes per node written at random, then read at random).
    BigVector<std::uint64_t> listed((n + 63) / 64, 0);
    auto list = [&](NodeId v) {
        const std::uint64_t bit = std::uint64_t{1} << (v & 63);
        if (v >= n || (listed[v >> 6] & bit) != 0)
            fail(Errc::internal, "Sidney order: a node taken or listed twice, or not the dag's");
        listed[v >> 6] |= bit;
    };
    std::vector<NodeId> order;
    order.reserve(n);
    // (Filled in one pass, not zeroed first.)
    BigVector<Pending> pend(n);
    // The missing counts again, one byte each, 255 standing for "255 or
    // more" (then pend has it): what the tie key reads, 1 MB per 10^6 nodes
    // (stays in cache where pend's random lines do not).
    BigVector<std::uint8_t> few(n);
    const std::span<const std::uint64_t> off = dag.out_offsets();
    const NodeId* const tgt = dag.out_targets().data();
    // E(t) as the order runs, and AREA = Σ_t E(t).
    std::uint64_t eligible = 0;
    // (A node's parents XORed as a running XOR over all in-arcs, read at
    // the node's ends: one loop over the arcs, not one per node.)
    const std::span<const std::uint64_t> in_off = dag.in_offsets();
    const NodeId* const src = dag.in_sources().data();
    std::uint32_t running = 0;
    for (std::uint64_t a = 0, v = 0; v < n; ++v) {
        const std::uint32_t start = running;
        for (const std::uint64_t end = in_off[v + 1]; a < end; ++a) running ^= src[a];
        const auto in = static_cast<std::uint32_t>(in_off[v + 1] - in_off[v]);
        pend[v] = {in, running ^ start, 0, kNoNode};
        few[v] = static_cast<std::uint8_t>(std::min<std::uint32_t>(in, 255));
        eligible += in == 0 ? 1u : 0u;
    }
    std::uint64_t sum = eligible;
    // E(t) for t = 0..n: the profile asked for, else a buffer (from the
    // blocks on, each step's newly eligible tasks first, turned into E(t)
    // in place at the end).
    BigVector<std::uint32_t> own;
    std::uint32_t* const eligible_at = profile ? (profile->assign(static_cast<std::size_t>(n) + 1, 0), profile->data())
                                               : (own.resize(static_cast<std::size_t>(n) + 1), own.data());
    eligible_at[0] = static_cast<std::uint32_t>(eligible);
    auto run = [&](NodeId u, NodeId c) {
        Pending& pc = pend[c];
        --pc.missing;
        pc.rest ^= u;
        if (pc.missing < 255) few[c] = static_cast<std::uint8_t>(pc.missing);
    };
    // The taken prefix runs first, as given (sidney_decomposition checked it).
    // (A taken node listed in a block is refused when its block starts.)
    std::size_t step = 0;
    for (NodeId u : taken) {
        list(u);
        if (pend[u].missing != 0) fail(Errc::internal, "Sidney order: the taken prefix is not the decomposition's");
        order.push_back(u);
        --eligible;
        for (NodeId c : dag.children(u)) {
            run(u, c);
            eligible += pend[c].missing == 0 ? 1u : 0u;
        }
        sum += eligible;
        eligible_at[++step] = static_cast<std::uint32_t>(eligible);
    }
    // gain[u] = children whose only unexecuted parent is u: the tasks running
    // u makes eligible now. (A node with one parent arc left names it in
    // `rest`, not executed: executed parents' arcs are all counted off.)
    for (NodeId v = 0; v < n; ++v)
        if (pend[v].missing == 1) ++pend[pend[v].rest].gain;
    // Max-heap of (gain, progress, nonsink, -id) over eligible nodes of the
    // current block, one entry per node: when its gain grows the entry gets
    // the new key (gain, progress now), larger, and moves up (the lazy heap
    // before pushed it again and skipped the stale one: the same pops).
    // Nodes of later blocks that become eligible wait for their block (below).
    // In two parts (issue 18): the gain-0 nodes, most of the eligible ones
    // on random dags (on the layered dag of 10^6 nodes ~69k on average,
    // against ~1k with a gain), and the others; every entry of the second
    // is larger, so it is popped first. A gain-0 node that gains moves to
    // the second (where raises move up in place) and leaves a stale entry
    // behind, skipped when popped and dropped in bulk (below): the large
    // heap never writes a slot, and the pops that come from the small one
    // (61% there) stay in cache.
    Heap<false> zero(nullptr, largest);
    Heap<true> more(pend.data(), largest);
    BigVector<std::uint64_t> in_zero((n + 63) / 64, 0);  // live entries of `zero`
    std::size_t zero_live = 0;
    auto live = [&](NodeId v) { return (in_zero[v >> 6] >> (v & 63)) & 1u; };
    auto unlive = [&](NodeId v) {
        in_zero[v >> 6] &= ~(std::uint64_t{1} << (v & 63));
        --zero_live;
    };
    // A child's term by table, indexed by its byte count: 1/k for k = 2..254
    // (the same double as dividing), 0 for 0 and 1 (no progress to make);
    // 255: its count is in pend.
    double inverse[256] = {0.0, 0.0};
    for (std::size_t k = 2; k < 255; ++k) inverse[k] = 1.0 / static_cast<double>(k);
    // Ties: the most progress towards children that still wait on others.
    auto progress = [&](NodeId v) {
        double p = 0;
        for (std::uint64_t a = off[v]; a < off[v + 1]; ++a) {
            const NodeId c = tgt[a];
            const std::uint8_t f = few[c];
            p += f != 255 ? inverse[f] : 1.0 / pend[c].missing;
        }
        return p;
    };
    auto entry = [&](NodeId v) { return pack(pend[v].gain, progress(v), off[v + 1] != off[v], v); };
    auto push = [&](NodeId v) {
        if (pend[v].gain != 0) return more.push(entry(v));
        pend[v].slot = kInZero;
        in_zero[v >> 6] |= std::uint64_t{1} << (v & 63);
        ++zero_live;
        zero.push(entry(v));
    };
    // Block b's nodes take positions base + offsets[b] .. of the order,
    // whatever order the blocks run in (below), each with the tasks it made
    // eligible, summed into E(t) in the order's order at the end.
    if (taken.size() + sd.nodes.size() != n) fail(Errc::internal, "Sidney order: a node in no block");
    const std::size_t base = order.size();
    order.resize(n);
    std::uint32_t* const newly = eligible_at + base + 1;
    auto run_block = [&](std::size_t b) {
        NodeId* at = order.data() + base + sd.offsets[b];
        std::uint32_t* made_at = newly + sd.offsets[b];
        // The block's nodes eligible when it starts are pushed then, all
        // with keys of that moment, found by a scan of the block (its nodes
        // in id order: the states read in order, loaded ahead) rather than
        // kept in a list per block as they became eligible (a list walk
        // is a chain of random reads): the same keys, and the heap's order
        // does not depend on the order they are pushed in (entries differ
        // in their ids).
        // The others are marked kInBlock, pushed when they become eligible.
        // The loads run ahead through the next blocks too (issue 18: on
        // sums of small components most blocks have ~10 nodes, and each
        // block's start waited on its nodes' states).
        const std::uint32_t begin = sd.offsets[b], end = sd.offsets[b + 1];
        constexpr std::size_t kAhead = 8;
        const NodeId* const listing = sd.nodes.data();
        const std::size_t listed_count = sd.nodes.size();
        if (b == 0)
            for (std::size_t k = 0; k < std::min(kAhead, listed_count); ++k)
                if (listing[k] < n) __builtin_prefetch(&pend[listing[k]]);
        for (std::uint32_t k = begin; k < end; ++k) {
            if (k + kAhead < listed_count && listing[k + kAhead] < n) {
                __builtin_prefetch(&pend[listing[k + kAhead]]);
                __builtin_prefetch(&off[listing[k + kAhead]]);
            }
            const NodeId v = listing[k];
            list(v);
            if (pend[v].missing == 0) push(v);
            else pend[v].slot = kInBlock;
        }
        while (!more.empty() || zero_live != 0) {
            // The next node: the top of `more`, else the live top of `zero`
            // (stale entries dropped in bulk once they outnumber a quarter
            // of the live ones: fewer stale pops, each a sift of the large
            // heap, for linear passes).
            const bool from_more = !more.empty();
            if (!from_more) {
                if (zero.size() > zero_live + zero_live / 4 + 64) zero.filter(live);
                while (!live(zero.top().node())) zero.pop();
            }
            const NodeId u = from_more ? more.top().node() : zero.top().node();
            *at++ = u;
            std::uint32_t made = 0;  // tasks u makes eligible
            const NodeId* const first = tgt + off[u];
            const NodeId* const last = tgt + off[u + 1];
            // The children's states sit at random places: load them all at
            // once (the heap's sift runs while they load), then what `entry`
            // will read, a pass per dependent load: (1) the children's states
            // and rows; (2) for a child this run makes eligible, its block
            // and children list; for a child left with one other parent,
            // that parent's gain and row; (3) the states of those children
            // lists, and the parent's children list.
            for (const NodeId* a = first; a != last; ++a) {
                __builtin_prefetch(&pend[*a]);
                __builtin_prefetch(&off[*a]);
            }
            // (A run node's slot is never read again: it gains no more.)
            if (from_more) {
                more.pop();
            } else {
                zero.pop();
                unlive(u);
            }
            // The next pop is most often the top now (65% on the random
            // layered dag of 10^6 nodes; else a node this step pushes or
            // raises, whose row and children `entry` reads): its row starts
            // loading now, its children list at the end of the step.
            const NodeId next = !more.empty() ? more.top().node() : !zero.empty() ? zero.top().node() : kNoNode;
            if (next != kNoNode) __builtin_prefetch(&off[next]);
            for (const NodeId* a = first; a != last; ++a) {
                const NodeId c = *a;
                const Pending& pc = pend[c];
                if (pc.missing == 1) {
                    __builtin_prefetch(tgt + off[c]);
                } else if (pc.missing == 2) {
                    // (The other parent: Dag merges parallel arcs; a hint
                    // only, so checked rather than trusted.)
                    if (const NodeId p = pc.rest ^ u; p < n) {
                        __builtin_prefetch(&pend[p]);
                        __builtin_prefetch(&off[p]);
                    }
                }
            }
            for (const NodeId* a = first; a != last; ++a) {
                const NodeId c = *a;
                if (pend[c].missing == 1) {
                    for (std::uint64_t b = off[c]; b < off[c + 1]; ++b) __builtin_prefetch(&few[tgt[b]]);
                } else if (pend[c].missing == 2) {
                    if (const NodeId p = pend[c].rest ^ u; p < n) {
                        __builtin_prefetch(tgt + off[p]);
                        __builtin_prefetch(tgt + off[p + 1] - 1);
                    }
                }
            }
            for (const NodeId* a = first; a != last; ++a) {
                const NodeId c = *a;
                run(u, c);
                const Pending& pc = pend[c];
                if (pc.missing == 0) {
                    ++made;
                    if (pc.slot == kInBlock) push(c);  // (else it waits for its block)
                } else if (pc.missing == 1 && pc.rest != u) {
                    // (rest == u: a parallel arc from u, which just ran.)
                    Pending& pp = pend[pc.rest];
                    ++pp.gain;
                    // In the heap: eligible, not run, of the current block.
                    if (pp.slot == kInZero) {
                        unlive(pc.rest);
                        more.push(entry(pc.rest));
                    } else if (pp.slot < kInBlock) {
                        more.raise(pp.slot, entry(pc.rest));
                    }
                }
            }
            if (next != kNoNode) __builtin_prefetch(tgt + off[next]);
            *made_at++ = made;
        }
        zero.clear();  // (stale entries only)
        // (Each node pushed once, listed once: all of the block ran.)
        if (at != order.data() + base + end) fail(Errc::internal, "Sidney order: a block is not closed under parents");
    };
    // A block of at most kSmallBlock nodes (issue 18: sums of small
    // components, ~10^5 blocks of ~10 nodes per 10^6): its keys in a local
    // array indexed by the node's place in the block (kept in its slot), the
    // eligible ones as bits of a word, each pop the largest key by a scan of
    // them. Keys are set at the same moments as the heaps' entries (when the
    // node becomes eligible, or is at the block's start; again when its
    // gain grows), so the largest is the heaps' top: the same pops. No heap
    // sifts (nor the slot writes they make), gain-0 bits or prefetch passes
    // over the children (the block's states are a few cache lines, loaded
    // by its scan).
    // Sinks get no key: every nonsink's key is above every sink's (gain and
    // progress ≥ 0, then the nonsink bit), so a sink is popped only when no
    // nonsink is eligible, and running it makes nothing eligible: from then
    // on only the eligible sinks are left, popped by lowest id. So they wait
    // in a word of bits and end the block in id order (on sums of small
    // bipartite blocks half of the nodes: no tie key, no compare).
    auto run_small = [&](std::size_t b) {
        const std::uint32_t begin = sd.offsets[b], size = sd.offsets[b + 1] - begin;
        NodeId* at = order.data() + base + begin;
        std::uint32_t* made_at = newly + begin;
        constexpr std::size_t kAhead = 8;
        const NodeId* const listing = sd.nodes.data();
        const std::size_t listed_count = sd.nodes.size();
        const NodeId* const ids = listing + begin;
        if (b == 0)
            for (std::size_t k = 0; k < std::min(kAhead, listed_count); ++k)
                if (listing[k] < n) __builtin_prefetch(&pend[listing[k]]);
        // (The keys as numbers, Entry::wide: the scan compares them without branches.)
        u128 key[kSmallBlock];
        std::uint64_t ready = 0;  // bit i: ids[i] eligible, not run, a nonsink
        std::uint64_t sinks = 0;  // bit i: ids[i] eligible, a sink
        auto eligible_now = [&](NodeId v, std::uint32_t i) {
            if (off[v + 1] == off[v]) {
                sinks |= std::uint64_t{1} << i;
            } else {
                key[i] = entry(v).wide();
                ready |= std::uint64_t{1} << i;
            }
        };
        for (std::uint32_t i = 0; i < size; ++i) {
            if (begin + i + kAhead < listed_count && listing[begin + i + kAhead] < n) {
                const NodeId w = listing[begin + i + kAhead];
                __builtin_prefetch(&pend[w]);
                __builtin_prefetch(&off[w]);
                __builtin_prefetch(&few[w]);
            }
            if (begin + i + kAhead / 2 < listed_count && listing[begin + i + kAhead / 2] < n)
                __builtin_prefetch(tgt + off[listing[begin + i + kAhead / 2]]);
            const NodeId v = ids[i];
            list(v);
            pend[v].slot = i;
            if (pend[v].missing == 0) eligible_now(v, i);
        }
        // ids[slot] == v: v is of this block (a node of a later block has
        // slot kNoNode; the check costs a read of the block's own list).
        auto mine = [&](NodeId v, std::uint32_t slot) { return slot < size && ids[slot] == v; };
        while (ready != 0) {
            auto best = static_cast<std::uint32_t>(std::countr_zero(ready));
            for (std::uint64_t r = ready & (ready - 1); r != 0; r &= r - 1) {
                const auto j = static_cast<std::uint32_t>(std::countr_zero(r));
                best = key[best] < key[j] ? j : best;
            }
            ready &= ~(std::uint64_t{1} << best);
            const NodeId u = ids[best];
            *at++ = u;
            std::uint32_t made = 0;
            for (std::uint64_t a = off[u]; a < off[u + 1]; ++a) {
                const NodeId c = tgt[a];
                run(u, c);
                const Pending& pc = pend[c];
                if (pc.missing == 0) {
                    ++made;
                    if (mine(c, pc.slot)) eligible_now(c, pc.slot);
                } else if (pc.missing == 1 && pc.rest != u) {
                    Pending& pp = pend[pc.rest];
                    ++pp.gain;
                    if (mine(pc.rest, pp.slot) && ((ready >> pp.slot) & 1u) != 0) key[pp.slot] = entry(pc.rest).wide();
                }
            }
            *made_at++ = made;
        }
        // The sinks by id (the block's list is in id order: then already so).
        NodeId* const first_sink = at;
        for (; sinks != 0; sinks &= sinks - 1) {
            *at++ = ids[std::countr_zero(sinks)];
            *made_at++ = 0;
        }
        if (!std::is_sorted(first_sink, at)) std::sort(first_sink, at);
        if (at != order.data() + base + begin + size) fail(Errc::internal, "Sidney order: a block is not closed under parents");
    };
    // Blocks of different weakly connected components touch disjoint
    // states, and a block's greedy order depends only on the state its
    // component's earlier blocks left (its heaps hold its own nodes only).
    // So a copy of an earlier component (sidney.cpp's memo: equal up to the
    // order-preserving renaming of its nodes, hence the same keys compared
    // alike) need not run: its blocks take their originals' orders, renamed,
    // once every original has run (issue 18: sums of workflow copies).
    const std::size_t blocks = sd.block_count();
    const std::size_t comps = sd.copy_of.size();
    const bool copies_known = g_copies && sd.block_component.size() == blocks && comps > 0;
    bool copies = false;
    for (std::size_t b = 0; b < blocks; ++b) {
        if (copies_known) {
            const std::uint32_t c = sd.block_component[b];
            if (c >= comps) fail(Errc::internal, "Sidney order: a block's component is out of range");
            if (sd.copy_of[c] != c) {
                copies = true;
                continue;
            }
        }
        if (g_small && sd.block_size(b) <= kSmallBlock) run_small(b);
        else run_block(b);
    }
    if (copies) {
        // Each component's blocks, in the decomposition's order (a counting sort).
        std::vector<std::uint32_t> start(comps + 1, 0), member(blocks);
        for (std::uint32_t c : sd.block_component) ++start[c + 1];
        std::partial_sum(start.begin(), start.end(), start.begin());
        {
            std::vector<std::uint32_t> cursor(start.begin(), start.end() - 1);
            for (std::size_t b = 0; b < blocks; ++b) member[cursor[sd.block_component[b]]++] = static_cast<std::uint32_t>(b);
        }
        // Each run node of a copied original: its index in its block's list
        // (id order), in its slot, which nothing reads once it has run:
        // where the node's copy sits in the copy's block.
        std::vector<char> copied(comps, 0);
        for (std::size_t c = 0; c < comps; ++c)
            if (sd.copy_of[c] < c) copied[sd.copy_of[c]] = 1;  // (others refused below)
        for (std::size_t c = 0; c < comps; ++c)
            if (copied[c] && sd.copy_of[c] == c)
                for (std::uint32_t k = start[c]; k < start[c + 1]; ++k)
                    for (std::uint32_t i = 0, b = member[k]; i < sd.block_size(b); ++i)
                        pend[sd.nodes[sd.offsets[b] + i]].slot = i;
        for (std::size_t c = 0; c < comps; ++c) {
            const std::uint32_t o = sd.copy_of[c];
            if (o == c) continue;
            if (o > c || sd.copy_of[o] != o || start[c + 1] - start[c] != start[o + 1] - start[o])
                fail(Errc::internal, "Sidney order: a component copies no earlier original");
            for (std::uint32_t k = 0; k < start[c + 1] - start[c]; ++k) {
                const std::uint32_t from = member[start[o] + k], to = member[start[c] + k];
                const std::uint32_t size = sd.block_size(from);
                if (sd.block_size(to) != size) fail(Errc::internal, "Sidney order: a copy's block differs in size");
                // Both blocks list their nodes in id order: the i-th node of
                // the original is the i-th of the copy.
                const NodeId* const copy = sd.nodes.data() + sd.offsets[to];
                const NodeId* const ran = order.data() + base + sd.offsets[from];
                NodeId* const out = order.data() + base + sd.offsets[to];
                for (std::uint32_t i = 0; i < size; ++i) out[i] = copy[pend[ran[i]].slot];
                std::copy_n(newly + sd.offsets[from], size, newly + sd.offsets[to]);
            }
        }
    }
    for (std::size_t i = 0; i < n - base; ++i) {
        eligible = eligible - 1 + newly[i];
        newly[i] = static_cast<std::uint32_t>(eligible);
        sum += eligible;
    }
    if (area) *area = sum;
    return order;
}

}  // namespace ics::area
