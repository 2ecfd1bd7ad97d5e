// Greedy order for blocks no other method handles (not proven IC optimal):
// at each step execute the source that renders the most sinks ELIGIBLE now;
// ties go to the source with an unfinished sink closest to completion (fewest
// other unexecuted parents), then to the one whose unfinished sinks wait for
// the fewest other unexecuted parents in all (sum over its unfinished
// children), then to the smallest global id. (The second key makes the
// greedy commit to a sink once started: it then finds the ICO orders of W, M,
// N, C and Q blocks.)
//
// Every key is a function of the current state, and all three only improve
// as sources run, so the order is simply the argmax of the current key at
// each step. Two devices keep the cost near the block's size:
// - twins (sources with the same children) always hold the same keys, so
//   they form one class whose candidate is its unexecuted member of smallest
//   global id; a sink's parents are visited per class, not per source
//   (K(n,n) minus one arc has two classes: O(n^2) instead of O(n^3));
// - an indexed max-heap over the classes (common/indexed_heap.hpp) is
//   updated in place (keys only improve: sift up), so memory stays O(arcs)
//   instead of one stale entry per key change (issue 18: 5.1 GB on
//   K(600,600)); its entries hold the keys packed into one integer, and a
//   step reads them through a chain laid out for it (Layout, below).
// Time O(arcs + sum over executed sources of the parent classes of their
// sinks * log(classes)).
#include <algorithm>
#include <bit>
#include <numeric>

#include "blocks/block_detail.hpp"
#include "common/indexed_heap.hpp"

namespace ics::blocks::detail {

namespace {

// Groups tops with identical bottom lists. A class is named by its first
// member (smallest global id; `by` lists the tops in increasing global id):
// cls[t] = that member's local index, so a top that names no class (a twin
// after the first) is skipped wherever parent classes are listed, and no
// list needs its repeats removed (twins share all their children). The
// members of class c in increasing global id: members[start[c],
// start[c + 1]), empty when no class is named c. hash_bits < 64 only in
// tests (collisions).
struct Twins {
    std::vector<std::uint32_t> cls;             // top -> its class (its first twin)
    std::vector<std::uint32_t> start, members;  // CSR over the class names 0..tops-1
};

Twins twin_classes(const BlockView& v, const std::vector<std::uint32_t>& by, unsigned hash_bits) {
    const std::uint32_t T = v.tops();
    const auto same = [&](std::uint32_t a, std::uint32_t b) {
        const auto x = v.down(a), y = v.down(b);
        return std::equal(x.begin(), x.end(), y.begin(), y.end());
    };
    // An open-addressing table of the classes by their rows' hash (issue 18:
    // it replaced a sort of (hash, id, top) triples): each top, in
    // increasing global id, joins the class of an equal row or opens one.
    std::uint64_t size = 16;  // a power of two, at least twice the tops
    while (size < 2 * static_cast<std::uint64_t>(T)) size *= 2;
    const std::uint64_t mask = size - 1;
    // Each row's hash first: the table is read at random, so a top's home
    // slot is prefetched 8 tops ahead.
    std::vector<std::uint64_t> hash(T);
    for (std::uint32_t t = 0; t < T; ++t) {
        std::uint64_t h = 0x9E3779B97F4A7C15ull ^ v.out_degree(t);
        for (std::uint32_t b : v.down(t)) {
            h ^= b + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2);
            h *= 0xFF51AFD7ED558CCDull;
        }
        hash[t] = hash_bits < 64 ? h & ((std::uint64_t{1} << hash_bits) - 1) : h;
    }
    const int shift = 64 - std::countr_zero(size);  // the product's top bits
    const auto home = [&](std::uint32_t t) { return (hash[t] * 0x9E3779B97F4A7C15ull) >> shift; };
    struct Slot {
        std::uint32_t tag, cls = 0xFFFFFFFFu;  // the hash's low word; the class (empty: ~0)
    };
    std::vector<Slot> table(size);
    Twins tw;
    tw.cls.resize(T);
    tw.start.assign(static_cast<std::size_t>(T) + 1, 0);
    for (std::uint32_t j = 0; j < T; ++j) {
        if (j + 8 < T) __builtin_prefetch(&table[home(by[j + 8])]);
        const std::uint32_t t = by[j];
        const auto tag = static_cast<std::uint32_t>(hash[t]);
        std::uint64_t i = home(t);
        while (table[i].cls != 0xFFFFFFFFu &&
               !(table[i].tag == tag && hash[table[i].cls] == hash[t] && same(table[i].cls, t)))
            i = (i + 1) & mask;
        if (table[i].cls == 0xFFFFFFFFu) table[i] = {tag, t};
        tw.cls[t] = table[i].cls;
        ++tw.start[table[i].cls + 1];
    }
    for (std::uint32_t c = 0; c < T; ++c) tw.start[c + 1] += tw.start[c];
    tw.members.resize(T);
    std::vector<std::uint32_t> next(tw.start.begin(), tw.start.end() - 1);
    for (std::uint32_t t : by) tw.members[next[tw.cls[t]]++] = t;
    return tw;
}

// A class's keys packed into one integer K (std::uint64_t, or unsigned
// __int128 when the block's key ranges need more than 64 bits), most
// significant first: completes, nmax - nearest, wmax - waiting, T - 1 - rank
// of the candidate's global id among the tops. One integer comparison orders
// two classes as the four keys do, and the heap entry holds the keys
// themselves, so an update reads one entry instead of a class and its entry.
struct Packing {
    unsigned sc, sn, sw;  // shifts of completes, nmax - nearest, wmax - waiting
    unsigned bn, br;      // widths of nmax - nearest and of the rank field
    std::uint32_t nmax, wmax, rmax;
};

// The step's data laid out along its chain of loads (issue 18: each link
// was a cache miss of its own on random layered dags): the heap entry names
// its class's children (twins share them) in `kids`, a count then one word
// per child, each the child's record in `sinks`: its count of unexecuted
// parents, the number of its parent classes, the classes.
struct Layout {
    std::vector<std::uint32_t> kids, sinks;
    std::vector<std::uint32_t> kids_of;  // class -> its list in kids
};

// A sink record's word prefetched besides its first (its second cache line).
constexpr std::uint32_t kRecordTail = 11;

template <class K, class Init>
std::vector<std::uint32_t> run_greedy(const Twins& tw, Layout& lay, const std::vector<std::uint32_t>& rank,
                                      const std::vector<Init>& init, const Packing& P,
                                      std::vector<std::uint32_t>* profile) {
    const auto C = static_cast<std::uint32_t>(tw.start.size() - 1);
    const K one = 1, rmask = (one << P.br) - 1, nmask = (one << P.bn) - 1;
    struct Entry {
        K key;
        std::uint32_t cls, kids;
        bool operator<(const Entry& o) const noexcept { return key < o.key; }
    };
    constexpr std::uint32_t kOut = 0xFFFFFFFFu;  // slot of a class not in the heap
    struct Members {
        std::uint32_t next, left;  // candidate members[next]; members not executed
    };
    std::vector<std::uint32_t> slot(C, kOut);
    std::vector<Members> mem(C);
    auto heap = make_indexed_max_heap<Entry>([](const Entry& e) { return e.cls; },
                                             [&](std::uint32_t c) -> std::uint32_t& { return slot[c]; });
    for (std::uint32_t c = 0; c < C; ++c) {
        mem[c] = {tw.start[c], tw.start[c + 1] - tw.start[c]};
        if (mem[c].left == 0) continue;  // names no class
        const Init& k = init[c];
        const K key = (K{k.completes} << P.sc) | (K{P.nmax - std::min(k.nearest, P.nmax)} << P.sn) |
                      (K{P.wmax - k.waiting} << P.sw) | K{P.rmax - rank[tw.members[mem[c].next]]};
        heap.push(Entry{key, c, lay.kids_of[c]});
    }
    // A waiting sink of the executed source, now missing m >= 1 parents:
    // one waiting fewer, one more completed if m == 1, nearest <= m - 1.
    const auto update = [&](K& key, std::uint32_t m) {
        key += one << P.sw;
        if (m == 1) key += one << P.sc;
        const auto inv = K{P.nmax - (m - 1)}, cur = (key >> P.sn) & nmask;
        if (inv > cur) key += (inv - cur) << P.sn;
    };

    const std::uint32_t* const kids = lay.kids.data();
    std::uint32_t* const sinks = lay.sinks.data();
    std::vector<std::uint32_t> order;
    order.reserve(tw.members.size());
    // The order's profile on the way: the sinks whose count of unexecuted
    // parents reaches 0 (what local_profile would count again).
    if (profile) {
        profile->clear();
        profile->reserve(tw.members.size() + 1);
        profile->push_back(0);
    }
    std::uint32_t done = 0;
    // One step's updates in passes, each prefetching what the next reads at
    // random: the sinks' records, the classes' slots, then the heap
    // entries. Keys are distinct (the candidates' ranks), so the heap pops
    // the same whatever the order of raises.
    std::vector<std::pair<std::uint32_t, std::uint32_t>> touched;  // (class, the sink's missing)
    while (!heap.empty()) {
        // Take the best class out while its keys change (every other class
        // with members left stays in the heap).
        // (Its children list starts loading while the pop sifts.)
        __builtin_prefetch(kids + heap.at(0).kids);
        Entry e0 = heap.pop();
        const std::uint32_t c0 = e0.cls;
        slot[c0] = kOut;
        const std::uint32_t* const ks = kids + e0.kids + 1;
        const std::uint32_t nk = kids[e0.kids];
        // (A record of ~8 parent classes is ~40 bytes: often over two cache
        // lines, so its end is asked for too; ~10% on a random layer pair.)
        for (std::uint32_t i = 0; i < nk; ++i) {
            __builtin_prefetch(sinks + ks[i]);
            __builtin_prefetch(sinks + ks[i] + kRecordTail);
        }
        Members& m0 = mem[c0];
        order.push_back(tw.members[m0.next]);
        const bool again = --m0.left > 0;
        if (again) e0.key = (e0.key & ~rmask) | K{P.rmax - rank[tw.members[++m0.next]]};
        touched.clear();
        for (std::uint32_t i = 0; i < nk; ++i) {
            std::uint32_t* const r = sinks + ks[i];
            const std::uint32_t m = --r[0];
            if (m == 0) {
                ++done;
                continue;
            }
            for (std::uint32_t k = 2; k < 2 + r[1]; ++k) {
                touched.emplace_back(r[k], m);
                __builtin_prefetch(&slot[r[k]]);
            }
        }
        for (const auto& [p, m] : touched)
            if (slot[p] != kOut) heap.prefetch_at(slot[p]);
        for (const auto& [p, m] : touched) {
            if (p == c0) {
                if (again) update(e0.key, m);
                continue;
            }
            const std::uint32_t s = slot[p];
            if (s == kOut) continue;  // no members left
            Entry e = heap.at(s);
            update(e.key, m);
            heap.raise_at(s, e);  // keys only improve
        }
        if (again) heap.push(e0);
        if (profile) profile->push_back(done);
    }
    return order;
}

}  // namespace

std::vector<std::uint32_t> greedy_order(const BlockView& v, GreedyTesting knobs, std::vector<std::uint32_t>* profile) {
    const std::uint32_t T = v.tops(), B = v.bottoms();
    // The tops in increasing global id, and each one's rank there (the
    // last tie-break).
    std::vector<std::uint32_t> by(T), rank(T);
    std::iota(by.begin(), by.end(), 0u);
    if (!std::is_sorted(v.top_ids.begin(), v.top_ids.end()))
        std::sort(by.begin(), by.end(), [&](std::uint32_t a, std::uint32_t b) { return v.top_ids[a] < v.top_ids[b]; });
    for (std::uint32_t i = 0; i < T; ++i) rank[by[i]] = i;
    const Twins tw = twin_classes(v, by, knobs.hash_bits);
    const std::uint32_t C = T;  // class names (some name no class)

    // Each sink's record (its parent classes, each class once) and the
    // initial keys. (waiting < 2^32: at most the block's arcs, whose offsets
    // are 32-bit.)
    Layout lay;
    std::vector<std::uint32_t> rec(B);
    // Per class, its initial keys.
    struct Init {
        std::uint32_t completes = 0, nearest = 0xFFFFFFFFu, waiting = 0;
    };
    std::vector<Init> init(C);
    // Which tops name a class (a bit per top: read once per arc).
    std::vector<bool> names(T);
    for (std::uint32_t t = 0; t < T; ++t) names[t] = tw.cls[t] == t;
    std::uint32_t nmax = 1, out_max = 1, wmax = 1;
    lay.sinks.reserve(2 * static_cast<std::size_t>(B) + v.arcs());
    for (std::uint32_t b = 0; b < B; ++b) {
        const std::uint32_t m = v.in_degree(b);
        nmax = std::max(nmax, m);
        if (lay.sinks.size() > 0xFFFFFFFFu - 2 - m) fail(Errc::too_large, "greedy block order: sink records pass 2^32 words");
        const auto r = static_cast<std::uint32_t>(lay.sinks.size());
        rec[b] = r;
        lay.sinks.push_back(m);
        lay.sinks.push_back(0);
        for (std::uint32_t t : v.up(b)) {
            if (!names[t]) continue;  // its class is listed by its first twin
            lay.sinks.push_back(t);
            Init& k = init[t];
            k.waiting += m - 1;
            k.completes += m == 1;
            k.nearest = std::min(k.nearest, m - 1);
        }
        lay.sinks[r + 1] = static_cast<std::uint32_t>(lay.sinks.size()) - r - 2;
    }
    // Padding: a step prefetches a record's word 11 too (run_greedy), which
    // stays inside the array for the last records.
    lay.sinks.resize(lay.sinks.size() + kRecordTail, 0);
    // Each class's children (its first member's), as their records.
    lay.kids_of.resize(C);
    lay.kids.reserve(static_cast<std::size_t>(C) + v.arcs());
    for (std::uint32_t c = 0; c < C; ++c) {
        if (!names[c]) continue;
        const auto down = v.down(c);
        if (lay.kids.size() > 0xFFFFFFFFu - 1 - down.size())
            fail(Errc::too_large, "greedy block order: children lists pass 2^32 words");
        lay.kids_of[c] = static_cast<std::uint32_t>(lay.kids.size());
        lay.kids.push_back(static_cast<std::uint32_t>(down.size()));
        for (std::uint32_t b : down) lay.kids.push_back(rec[b]);
        out_max = std::max(out_max, static_cast<std::uint32_t>(down.size()));
        wmax = std::max(wmax, init[c].waiting);
    }
    // nearest <= nmax - 1 for a class with a sink (nmax, the largest
    // in-degree, stands for none); completes <= a top's out-degree.
    const auto width = [](std::uint32_t x) { return std::max(1u, static_cast<unsigned>(std::bit_width(x))); };
    const unsigned bc = width(out_max), bn = width(nmax), bw = width(wmax), br = width(T - 1);
    const Packing P{br + bw + bn, br + bw, br, bn, br, nmax, wmax, T - 1};
    if (bc + bn + bw + br <= std::min(knobs.narrow_bits, 64u))
        return run_greedy<std::uint64_t>(tw, lay, rank, init, P, profile);
    __extension__ typedef unsigned __int128 u128;
    return run_greedy<u128>(tw, lay, rank, init, P, profile);
}

}  // namespace ics::blocks::detail
