// Exhaustive search for an IC-optimal order of a block's sources.
//
// With S a set of executed sources and f(S) the number of sinks whose parents
// all lie in S, a sources-first order is IC optimal iff its prefixes
// S_0 ⊂ S_1 ⊂ ... ⊂ S_n satisfy f(S_k) = M(k) = max_{|S|=k} f(S) (a bipartite
// block has E(t) = n - t + f(S_t); sweep-algorithm.txt Lemma 2.1 lets sinks
// wait). Two passes over all 2^n subsets, in increasing numeric order so that
// S \ {i} comes before S:
//   1. M(k) for every k;
//   2. reach[S] = f(S) = M(|S|) and reach[S \ {i}] for some i in S;
// the block admits an ICO order iff reach[all]; backtracking gives it. When
// it does not, a layered search (from the last size that pass 2 reached)
// finds the chain whose profile is lexicographically largest. (Blocks of at
// most 12 sources grow that chain first and then only check it against M:
// search_small.)
//
// f(S) in O(1): sinks with one parent are counted per source (table sums);
// each other sink is one bit of a W-word mask, and
//   f(S) = priv(S) + multi - popcount( ∪_{i ∉ S} children(i) ),
// where the union is split into the low h and high n-h sources and both halves
// are tabulated (2^h and 2^(n-h) entries). For 24 sources: two 4096-entry
// tables, a 2 MiB reach bitset, and ~2 x 16.7M table lookups.
#include <algorithm>
#include <array>
#include <bit>

#include "blocks/block_detail.hpp"
#include "common/cpu.hpp"

namespace ics::blocks::detail {

namespace {

constexpr std::uint32_t kMaxExact = 30;

// The default x86-64 target has no POPCNT instruction (std::popcount becomes a
// libgcc call, ~10x slower here): the search is compiled a second time for
// CPUs that have it and picked at run time.
#if defined(__x86_64__) && defined(__GNUC__)
#define ICS_BLOCKS_POPCNT_DISPATCH 1
#define ICS_INLINE [[gnu::always_inline]] inline
#else
#define ICS_INLINE inline
#endif

// Tabulated f for compile-time word count W (W = 0: every sink is private;
// W = kDynamic: `words` at run time).
constexpr int kDynamic = -1;

template <int W>
class SubsetCounter {
public:
    explicit SubsetCounter(const BlockView& v) : n_(v.tops()) {
        h_ = std::min<std::uint32_t>(n_, 12);
        const std::uint32_t hi_bits = n_ - h_;
        std::vector<std::uint32_t> priv(n_, 0);
        std::vector<std::uint32_t> multi_index(v.bottoms(), 0xFFFFFFFFu);
        for (std::uint32_t b = 0; b < v.bottoms(); ++b) {
            if (v.in_degree(b) == 1) ++priv[v.up(b)[0]];
            else multi_index[b] = multi_++;
        }
        words_ = W == kDynamic ? (multi_ + 63) / 64 : static_cast<std::uint32_t>(W < 0 ? 0 : W);
        // children masks of every source, over the multi-parent sinks
        std::vector<std::uint64_t> kids(static_cast<std::size_t>(n_) * words_, 0);
        for (std::uint32_t t = 0; t < n_; ++t)
            for (std::uint32_t b : v.down(t))
                if (multi_index[b] != 0xFFFFFFFFu)
                    kids[t * words_ + multi_index[b] / 64] |= std::uint64_t{1} << (multi_index[b] % 64);
        build(lo_union_, lo_priv_, 0, h_, kids, priv);
        build(hi_union_, hi_priv_, h_, hi_bits, kids, priv);
    }

    std::uint32_t lo_bits() const noexcept { return h_; }
    std::uint32_t hi_bits() const noexcept { return n_ - h_; }

    // f(S) for S = hi << h | lo.
    ICS_INLINE std::uint32_t operator()(std::uint32_t hi, std::uint32_t lo) const noexcept {
        std::uint32_t f = lo_priv_[lo] + hi_priv_[hi] + multi_;
        const std::uint64_t* a = lo_union_.data() + static_cast<std::size_t>(lo) * words();
        const std::uint64_t* b = hi_union_.data() + static_cast<std::size_t>(hi) * words();
        for (std::uint32_t w = 0; w < words(); ++w) f -= static_cast<std::uint32_t>(std::popcount(a[w] | b[w]));
        return f;
    }
    ICS_INLINE std::uint32_t eval(std::uint32_t s) const noexcept { return (*this)(s >> h_, s & ((1u << h_) - 1)); }

private:
    ICS_INLINE std::uint32_t words() const noexcept {
        if constexpr (W == kDynamic) return words_;
        else return static_cast<std::uint32_t>(W);
    }
    // For x over `bits` sources starting at `first`: union[x] = ∪ children of
    // the sources NOT in x, priv[x] = private sinks of the sources in x.
    void build(std::vector<std::uint64_t>& uni, std::vector<std::uint32_t>& pv, std::uint32_t first,
               std::uint32_t bits, const std::vector<std::uint64_t>& kids, const std::vector<std::uint32_t>& priv) {
        const std::uint32_t size = 1u << bits, mask = size - 1;
        uni.assign(static_cast<std::size_t>(size) * words(), 0);
        pv.assign(size, 0);
        // or_in[z] = ∪ children of the sources in z, written at index ~z.
        for (std::uint32_t z = 1; z < size; ++z) {
            const std::uint32_t i = static_cast<std::uint32_t>(std::countr_zero(z));
            const std::uint32_t rest = z & (z - 1);
            pv[z] = pv[rest] + priv[first + i];
            for (std::uint32_t w = 0; w < words(); ++w)
                uni[static_cast<std::size_t>(~z & mask) * words() + w] =
                    uni[static_cast<std::size_t>(~rest & mask) * words() + w] | kids[(first + i) * words_ + w];
        }
    }

    std::uint32_t n_ = 0, h_ = 0, multi_ = 0, words_ = 0;
    std::vector<std::uint64_t> lo_union_, hi_union_;
    std::vector<std::uint32_t> lo_priv_, hi_priv_;
};

ICS_INLINE bool test_bit(const std::vector<std::uint64_t>& bits, std::uint32_t s) { return (bits[s >> 6] >> (s & 63)) & 1; }
ICS_INLINE void set_bit(std::vector<std::uint64_t>& bits, std::uint32_t s) { bits[s >> 6] |= std::uint64_t{1} << (s & 63); }
void clear_bit(std::vector<std::uint64_t>& bits, std::uint32_t s) { bits[s >> 6] &= ~(std::uint64_t{1} << (s & 63)); }

// Backtracks from the full set through marked sets; the i-th step removes the
// largest source whose removal stays marked.
void backtrack(std::uint32_t n, const std::vector<std::uint64_t>& marked, std::uint32_t* order) {
    std::uint32_t s = n == 32 ? 0xFFFFFFFFu : (1u << n) - 1;
    for (std::uint32_t k = n; k-- > 0;) {
        // Every member whose removal stays marked, then the largest: no
        // branch per member (the scan from the largest down mispredicted
        // its tests; issue 18, sums of 10x10 blocks).
        std::uint32_t stays = 0;
        for (std::uint32_t rest = s; rest != 0; rest &= rest - 1) {
            const std::uint32_t bit = rest & (0u - rest);
            stays |= static_cast<std::uint32_t>(test_bit(marked, s & ~bit)) * bit;
        }
        const std::uint32_t i = 31 - static_cast<std::uint32_t>(std::countl_zero(stays));
        order[k] = i;
        s &= ~(1u << i);
    }
}
std::vector<std::uint32_t> backtrack(std::uint32_t n, const std::vector<std::uint64_t>& marked) {
    std::vector<std::uint32_t> order(n);
    backtrack(n, marked, order.data());
    return order;
}

// The layers of the lexicographically largest chains (search_small's chain,
// and search()'s layered search past its last reached size),
// grown from the empty set: layer k + 1 = the successors s ∪ {i} of layer k
// with the largest f, all marked in `reach`; chain[k] = that f. This is the
// former pass 2 and layered search in one: while chain[k + 1] = M(k + 1) the
// layer is exactly pass 2's reachable sets of that size (a successor of a
// reachable set is reachable iff its f is M), and from the first size where
// it falls short pass 2 reached nothing and the layered search went on from
// the last reached layer by this same rule. So the marks, hence backtrack's
// order, are the same, and an ICO order exists iff chain = M; the search
// needs M(k) only to check that (search_small), not to grow the layers.
// Grown from layer `first`, which the caller has marked in `reach` and
// listed in `layer` with chain[0 .. first] (chain_start); `next` scratch.
template <class F>
ICS_INLINE void chain_layers(std::uint32_t n, std::uint32_t first, std::vector<std::uint64_t>& reach, F f,
                             std::vector<std::uint32_t>& layer, std::vector<std::uint32_t>& next,
                             std::uint32_t* chain) {
    const std::uint32_t mask = (1u << n) - 1;
    for (std::uint32_t k = first; k < n; ++k) {
        next.clear();
        std::uint32_t best = 0;
        for (std::uint32_t s : layer)
            for (std::uint32_t out = mask & ~s; out != 0; out &= out - 1) {
                const std::uint32_t t = s | (out & (0u - out));
                if (test_bit(reach, t)) continue;
                const std::uint32_t val = f(t);
                if (val < best) continue;
                if (val > best || next.empty()) {
                    for (std::uint32_t u : next) clear_bit(reach, u);
                    next.clear();
                    best = val;
                }
                set_bit(reach, t);
                next.push_back(t);
            }
        chain[k + 1] = best;
        layer.swap(next);
    }
}

// chain_layers without a branch per successor (search_small's blocks: each
// test of a mark and each comparison of f mispredicted about half the time,
// ~35% of the search): the layer's best f first, then every successor
// with that f marked and listed once. The layer is a set: neither the
// marks nor backtrack's order depend on the order it is listed in, so they
// are chain_layers'. `layer` (`count` sets) and `next` hold 2^n + 1 entries
// (a listing writes one entry past the sets it keeps).
template <class F>
ICS_INLINE void chain_layers_flat(std::uint32_t n, std::uint32_t first, std::uint64_t* reach, F f,
                                  std::uint32_t* layer, std::uint32_t count, std::uint32_t* next,
                                  std::uint32_t* chain) {
    const std::uint32_t mask = (1u << n) - 1;
    for (std::uint32_t k = first; k < n; ++k) {
        std::uint32_t best = 0;
        for (std::uint32_t x = 0; x < count; ++x)
            for (std::uint32_t out = mask & ~layer[x]; out != 0; out &= out - 1)
                best = std::max(best, f(layer[x] | (out & (0u - out))));
        std::uint32_t kept = 0;
        for (std::uint32_t x = 0; x < count; ++x)
            for (std::uint32_t out = mask & ~layer[x]; out != 0; out &= out - 1) {
                const std::uint32_t t = layer[x] | (out & (0u - out));
                const std::uint64_t hit = f(t) == best, word = reach[t >> 6];
                next[kept] = t;
                kept += static_cast<std::uint32_t>(hit & ~(word >> (t & 63)));
                reach[t >> 6] = word | hit << (t & 63);
            }
        chain[k + 1] = best;
        std::swap(layer, next);
        count = kept;
    }
}

// No ICO order. The layers of the lexicographically largest chains agree
// with the reachable sets up to the last size k0 that has any (reached[k] =
// how many sets of size k are reachable); from there on, layer by layer,
// keep the successors with the largest f (f(t) for a set t), marking them in
// `reach`; then the backtrack's order.
template <class F>
ICS_INLINE std::vector<std::uint32_t> lexmax_order(std::uint32_t n, const std::uint32_t* reached,
                                                   std::vector<std::uint64_t>& reach, F f,
                                                   std::vector<std::uint32_t>& layer, std::vector<std::uint32_t>& next) {
    const std::uint32_t full = (1u << n) - 1;  // n <= kMaxExact
    std::uint32_t k0 = 0;
    while (reached[k0 + 1] != 0) ++k0;
    layer.clear();
    // The reachable sets of size k0 in increasing order, read off the set
    // bits of `reach` (not a test of all 2^n sets).
    for (std::size_t w = 0; w < reach.size(); ++w)
        for (std::uint64_t bits = reach[w]; bits != 0; bits &= bits - 1) {
            const auto s = static_cast<std::uint32_t>(w * 64 + static_cast<std::uint32_t>(std::countr_zero(bits)));
            if (s <= full && static_cast<std::uint32_t>(std::popcount(s)) == k0) layer.push_back(s);
        }
    std::uint32_t chain[kMaxExact + 1];
    chain_layers(n, k0, reach, f, layer, next, chain);
    return backtrack(n, reach);
}

template <int W>
ICS_INLINE ExactResult search(const BlockView& v, bool want_order) {
    const std::uint32_t n = v.tops();
    const SubsetCounter<W> f(v);
    ExactResult r;
    r.max_profile.assign(n + 1, 0);
    const std::uint32_t lo_size = 1u << f.lo_bits(), hi_size = 1u << f.hi_bits();
    for (std::uint32_t hi = 0; hi < hi_size; ++hi) {
        const auto hpc = static_cast<std::uint32_t>(std::popcount(hi));
        for (std::uint32_t lo = 0; lo < lo_size; ++lo) {
            std::uint32_t& m = r.max_profile[hpc + static_cast<std::uint32_t>(std::popcount(lo))];
            m = std::max(m, f(hi, lo));
        }
    }
    const std::uint64_t subsets = std::uint64_t{1} << n;
    std::vector<std::uint64_t> reach(static_cast<std::size_t>((subsets + 63) / 64), 0);
    std::vector<std::uint32_t> reached(n + 1, 0);  // reachable sets per size
    set_bit(reach, 0);
    reached[0] = 1;
    for (std::uint32_t hi = 0; hi < hi_size; ++hi) {
        const auto hpc = static_cast<std::uint32_t>(std::popcount(hi));
        for (std::uint32_t lo = hi == 0 ? 1 : 0; lo < lo_size; ++lo) {
            const std::uint32_t k = hpc + static_cast<std::uint32_t>(std::popcount(lo));
            if (f(hi, lo) != r.max_profile[k]) continue;
            const std::uint32_t s = hi << f.lo_bits() | lo;
            for (std::uint32_t rest = s; rest != 0; rest &= rest - 1)
                if (test_bit(reach, s & ~(rest & (0u - rest)))) {
                    set_bit(reach, s);
                    ++reached[k];
                    break;
                }
        }
    }
    const std::uint32_t full = static_cast<std::uint32_t>(subsets - 1);
    r.ico = test_bit(reach, full);
    if (!want_order) return r;
    if (r.ico) {
        r.order = backtrack(n, reach);
    } else {
        std::vector<std::uint32_t> layer, next;
        r.order = lexmax_order(n, reached.data(), reach, [&](std::uint32_t t) { return f.eval(t); }, layer, next);
    }
    r.profile.assign(n + 1, 0);
    for (std::uint32_t k = 0, s = 0; k < n; ++k) r.profile[k + 1] = f.eval(s |= 1u << r.order[k]);
    return r;
}

// Blocks of at most kSmall sources (sums of small random blocks: 50,000
// searches of 10 sources for 10^6 nodes): the same passes with f tabulated
// once for all 2^n subsets in the loop that builds the unions (search()
// evaluates every subset twice from two half tables), and the scratch arrays
// reused across calls. f(S) is the same number, so every answer is.
constexpr std::uint32_t kSmall = kMaskSearchTops;

// The values 0 .. 2^bits - 1 (bits ≤ 6) by popcount: value[start[j] ..
// start[j + 1]) have j bits set, each run in increasing order.
struct ByPopcount {
    std::uint8_t value[64];
    std::uint8_t start[8];
};
constexpr std::array<ByPopcount, 7> by_popcount_tables() {
    std::array<ByPopcount, 7> t{};
    for (std::uint32_t bits = 0; bits <= 6; ++bits) {
        std::uint32_t k = 0;
        for (std::uint32_t j = 0; j <= 7; ++j) {
            t[bits].start[j] = static_cast<std::uint8_t>(k);
            for (std::uint32_t x = 0; x < (1u << bits); ++x)
                if (static_cast<std::uint32_t>(std::popcount(x)) == j) t[bits].value[k++] = static_cast<std::uint8_t>(x);
        }
    }
    return t;
}
constexpr std::array<ByPopcount, 7> kByPopcount = by_popcount_tables();

// kFewerBits[c]: bit j (j < 64) set iff popcount(j) < c.
constexpr std::array<std::uint64_t, 8> fewer_bits_table() {
    std::array<std::uint64_t, 8> t{};
    for (std::uint32_t c = 0; c < 8; ++c)
        for (std::uint32_t j = 0; j < 64; ++j)
            if (static_cast<std::uint32_t>(std::popcount(j)) < c) t[c] |= std::uint64_t{1} << j;
    return t;
}
constexpr std::array<std::uint64_t, 8> kFewerBits = fewer_bits_table();

// The chain's first layers without growing them. With d the least in-degree
// of a bottom that has tops, a set of fewer than d tops completes only the
// bottoms without tops (f = f(∅)): each such set is on the chain (all
// marked); a set of d tops completes besides exactly the bottoms whose tops
// are that set, so layer d is the parent sets of d tops repeated most. (On
// 10x10 blocks whose sinks have 3 parents this spares the growth's 460 tests
// of sizes 1 to 3.) `parents[b]`: bottom b's tops as a mask. Returns d (the
// layer grown from), or 0 after the plain start ({∅}) when no bottom has
// tops.
template <class Scratch>
ICS_INLINE std::uint32_t chain_start(std::uint32_t n, const std::uint32_t* parents, std::uint32_t bottoms, std::uint32_t f0,
                          Scratch& sc, std::uint32_t* chain) {
    sc.reach.assign(((1u << n) + 63) / 64, 0);
    std::vector<std::uint64_t>& reach = sc.reach;
    std::uint32_t d = 64;
    for (std::uint32_t b = 0; b < bottoms; ++b)
        if (parents[b] != 0) d = std::min(d, static_cast<std::uint32_t>(std::popcount(parents[b])));
    chain[0] = f0;
    if (d > n) {
        set_bit(reach, 0);
        sc.layer.assign(1, 0);
        return 0;
    }
    // Sets of fewer than d tops: word w holds sets 64w + j, j < 64, those
    // with popcount(j) < d - popcount(w) (kFewerBits).
    const std::uint64_t valid = n >= 6 ? ~std::uint64_t{0} : (std::uint64_t{1} << (1u << n)) - 1;
    for (std::size_t w = 0; w < reach.size(); ++w) {
        const auto high = static_cast<std::uint32_t>(std::popcount(w));
        reach[w] = high >= d ? 0 : kFewerBits[std::min<std::uint32_t>(d - high, 7)] & valid;
    }
    std::uint32_t sets[64], count = 0;
    for (std::uint32_t b = 0; b < bottoms; ++b)
        if (parents[b] != 0 && static_cast<std::uint32_t>(std::popcount(parents[b])) == d) sets[count++] = parents[b];
    std::sort(sets, sets + count);
    std::uint32_t most = 0;
    for (std::uint32_t i = 0, j = 0; i < count; i = j) {
        while (j < count && sets[j] == sets[i]) ++j;
        most = std::max(most, j - i);
    }
    sc.layer.clear();
    for (std::uint32_t i = 0, j = 0; i < count; i = j) {
        while (j < count && sets[j] == sets[i]) ++j;
        if (j - i == most) {
            sc.layer.push_back(sets[i]);
            set_bit(reach, sets[i]);
        }
    }
    for (std::uint32_t k = 1; k < d; ++k) chain[k] = f0;
    chain[d] = f0 + most;
    return d;
}

// search_small's result from the chain's values and M(k) (`most`, complete
// or not).
template <class Scratch>
ICS_INLINE ExactResult finish_small(std::uint32_t n, const std::uint32_t* chain, const std::uint32_t* most,
                                    bool complete, Scratch& sc, bool want_order) {
    ExactResult r;
    r.ico = std::equal(chain, chain + n + 1, most);
    if (complete) r.max_profile.assign(most, most + n + 1);
    if (!want_order) return r;
    r.order = backtrack(n, sc.reach);
    r.profile.assign(chain, chain + n + 1);
    return r;
}

// search_small's arrays, reused across calls (one set per thread).
struct Scratch {
    std::vector<std::uint32_t> multi_index, fv, layer, grown;
    std::vector<std::uint32_t> flat;  // chain_layers_flat's two lists
    std::vector<std::uint64_t> kids, in_union, reach;
};
// Out of line: inlined, the thread-local's address was recomputed (a call
// to __tls_get_addr in the shared library) inside pass 2's loop each time a
// set was reached (issue 18: ~8% of the search on sums of 10x10 blocks).
[[gnu::noinline]] Scratch& small_scratch() {
    thread_local Scratch sc;
    return sc;
}

// search_small for at most 64 bottoms, from the tops' children as masks
// (kids[t]: bit b for each bottom b of top t): the chain's values in
// `chain`, M(k) in `most` (from the chain's values up); returns whether M
// is complete (it is unless the order is wanted and no ICO order exists).
// The order, when wanted, is backtrack's over sc.reach.
ICS_INLINE bool search_masks(std::uint32_t n, std::uint32_t sinks, const std::uint64_t* kids, bool want_order,
                             Scratch& sc, std::uint32_t* chain, std::uint32_t* most) {
    const std::uint32_t mask = (1u << n) - 1;
    // Every sink one bit of a word: f(S) = sinks - |children of the
    // sources outside S| (f's definition: a sink is counted once all
    // its parents are in S). The sources outside S, z = mask ^ S, split
    // into the low `lb` and the high n - lb: their unions' halves
    // doubled source by source (the upper half copies the lower one with
    // source i added) into two tables of at most 64 words. For each
    // high half, the low halves run by popcount (kByPopcount), so each
    // size's maximum is kept in a register (a running maximum in most[]
    // had each update wait on the last store, and mispredicted).
    const std::uint32_t lb = std::min<std::uint32_t>(n, 6), hb = n - lb;
    std::uint64_t lo_union[64], hi_union[64];
    auto double_up = [kids](std::uint64_t* uni, std::uint32_t first, std::uint32_t bits) {
        uni[0] = 0;
        for (std::uint32_t i = 0; i < bits; ++i) {
            const std::uint64_t k = kids[first + i];
            const std::uint32_t half = 1u << i;
            for (std::uint32_t z = 0; z < half; ++z) uni[half + z] = uni[z] | k;
        }
    };
    double_up(lo_union, 0, lb);
    double_up(hi_union, lb, hb);
    // The low halves' unions in popcount order: each size's fewest
    // children outside S is a minimum over a contiguous run.
    const ByPopcount& order = kByPopcount[lb];
    std::uint64_t lo_sorted[64];
    for (std::uint32_t x = 0; x < (1u << lb); ++x) lo_sorted[x] = lo_union[order.value[x]];
    // Each run's fewest children of its own: with the high half's, a bound
    // that skips more runs than the high half's alone.
    std::uint32_t fewest_lo[8];
    for (std::uint32_t j = 0; j <= lb; ++j) {
        fewest_lo[j] = 64;
        for (std::uint32_t x = order.start[j]; x < order.start[j + 1]; ++x)
            fewest_lo[j] = std::min(fewest_lo[j], static_cast<std::uint32_t>(std::popcount(lo_sorted[x])));
    }
    const std::uint32_t lo_mask = (1u << lb) - 1;
    // f(S) from the two tables (no table of all 2^n values: the chain
    // reads only the sets it grows).
    const auto f = [&](std::uint32_t t) {
        const std::uint32_t z = mask ^ t;
        return sinks - static_cast<std::uint32_t>(std::popcount(hi_union[z >> lb] | lo_union[z & lo_mask]));
    };
    std::uint32_t parents[64] = {};
    for (std::uint32_t t = 0; t < n; ++t)
        for (std::uint64_t k = kids[t]; k != 0; k &= k - 1) parents[std::countr_zero(k)] |= 1u << t;
    const std::uint32_t known = chain_start(n, parents, sinks, f(0), sc, chain);
    const std::size_t cap = (std::size_t{1} << kSmall) + 1;
    if (sc.flat.size() < 2 * cap) sc.flat.resize(2 * cap);
    std::copy(sc.layer.begin(), sc.layer.end(), sc.flat.begin());
    chain_layers_flat(n, known, sc.reach.data(), f, sc.flat.data(), static_cast<std::uint32_t>(sc.layer.size()),
                      sc.flat.data() + cap, chain);
    // M(k) from the chain's values up (each is some set's f): a run
    // cannot beat its size's maximum so far when the high half's
    // children, or the low half's fewest, alone leave no more sinks
    // (f(S) ≤ sinks - max(|h|, fewest_lo)), and is
    // skipped; with the chain's values as the floor from the start most
    // runs are. When the order is wanted, the first size whose maximum
    // beats the chain settles it (no ICO order): M is not finished.
    std::copy(chain, chain + n + 1, most);
    bool beaten = false;
    for (std::uint32_t hi = 0; hi < (1u << hb) && !(beaten && want_order); ++hi) {
        const std::uint64_t h = hi_union[hi];
        const std::uint32_t outside_hi = static_cast<std::uint32_t>(std::popcount(hi));
        const std::uint32_t ceiling = sinks - static_cast<std::uint32_t>(std::popcount(h));
        for (std::uint32_t j = 0; j <= lb; ++j) {
            // (Up to size `known` the chain's values are M: chain_start.)
            if (n - outside_hi - j <= known) continue;
            std::uint32_t& best = most[n - outside_hi - j];
            if (ceiling <= best || sinks - fewest_lo[j] <= best) continue;
            std::uint32_t fewest = 64;
            for (std::uint32_t x = order.start[j]; x < order.start[j + 1]; ++x)
                fewest = std::min(fewest, static_cast<std::uint32_t>(std::popcount(h | lo_sorted[x])));
            if (sinks - fewest > best) {
                best = sinks - fewest;
                beaten = true;
            }
        }
    }
    return !(beaten && want_order);
}

template <int W>
ICS_INLINE ExactResult search_small(const BlockView& v, bool want_order) {
    const std::uint32_t n = v.tops(), size = 1u << n, mask = size - 1;
    Scratch& sc = small_scratch();
    // Blocks with many sinks make the unions wide: those are not kept past
    // the call (one block of 12 sources and 10^5 sinks would hold 50 MB).
    struct Trim {
        Scratch& s;
        ~Trim() {
            if (s.in_union.capacity() > (std::size_t{1} << kSmall)) s.in_union = {};
            if (s.multi_index.capacity() > (std::size_t{1} << kSmall)) s.multi_index = {};
            if (s.kids.capacity() > (std::size_t{1} << kSmall)) s.kids = {};
        }
    } trim{sc};
    // M(k) in a local array: through the vector, each store to fv (same
    // element type) would reload its data pointer.
    std::uint32_t most[kSmall + 1] = {};
    if (v.bottoms() <= 64) {
        std::uint64_t kids[kSmall] = {};
        for (std::uint32_t t = 0; t < n; ++t)
            for (std::uint32_t b : v.down(t)) kids[t] |= std::uint64_t{1} << b;
        std::uint32_t chain[kSmall + 1];
        const bool complete = search_masks(n, v.bottoms(), kids, want_order, sc, chain, most);
        return finish_small(n, chain, most, complete, sc, want_order);
    } else {
        sc.fv.resize(size);
        std::uint32_t* const fv = sc.fv.data();
        std::uint32_t priv[kSmall] = {}, multi = 0;
        sc.multi_index.assign(v.bottoms(), 0xFFFFFFFFu);
        for (std::uint32_t b = 0; b < v.bottoms(); ++b) {
            if (v.in_degree(b) == 1) ++priv[v.up(b)[0]];
            else sc.multi_index[b] = multi++;
        }
        const std::uint32_t words = W == kDynamic ? (multi + 63) / 64 : static_cast<std::uint32_t>(W < 0 ? 0 : W);
        sc.kids.assign(static_cast<std::size_t>(n) * words, 0);
        for (std::uint32_t t = 0; t < n; ++t)
            for (std::uint32_t b : v.down(t))
                if (sc.multi_index[b] != 0xFFFFFFFFu)
                    sc.kids[t * words + sc.multi_index[b] / 64] |= std::uint64_t{1} << (sc.multi_index[b] % 64);
        std::uint32_t all_priv = 0;
        for (std::uint32_t t = 0; t < n; ++t) all_priv += priv[t];
        // in_union[z] = children of the sources in z and priv_in[z] their private
        // sinks, doubled source by source (the upper half copies the lower one
        // with source i added: straight loops); S = mask ^ z has
        // f(S) = (all_priv - priv_in[z]) + multi - |in_union[z]|.
        sc.in_union.resize(static_cast<std::size_t>(size) * words);
        std::uint32_t priv_in[1u << kSmall];
        std::uint64_t* const in_union = sc.in_union.data();
        const std::uint64_t* const kids = sc.kids.data();
        for (std::uint32_t w = 0; w < words; ++w) in_union[w] = 0;
        priv_in[0] = 0;
        for (std::uint32_t i = 0; i < n; ++i) {
            const std::uint32_t half = 1u << i, p = priv[i];
            for (std::uint32_t z = 0; z < half; ++z) priv_in[half + z] = priv_in[z] + p;
            if (words == 1) {
                const std::uint64_t k = kids[i];
                for (std::uint32_t z = 0; z < half; ++z) in_union[half + z] = in_union[z] | k;
            } else {
                for (std::uint32_t z = 0; z < half; ++z)
                    for (std::uint32_t w = 0; w < words; ++w)
                        in_union[static_cast<std::size_t>(half + z) * words + w] =
                            in_union[static_cast<std::size_t>(z) * words + w] | kids[i * words + w];
            }
        }
        const std::uint32_t base = all_priv + multi;
        for (std::uint32_t z = 0; z < size; ++z) {
            std::uint32_t f = base - priv_in[z];
            for (std::uint32_t w = 0; w < words; ++w)
                f -= static_cast<std::uint32_t>(std::popcount(in_union[static_cast<std::size_t>(z) * words + w]));
            fv[mask ^ z] = f;
            // Rarely taken: no store, so no load waits on the last one.
            std::uint32_t& m = most[n - static_cast<std::uint32_t>(std::popcount(z))];
            if (f > m) m = f;
        }
        std::uint32_t chain[kSmall + 1];
        sc.reach.assign((size + 63) / 64, 0);
        set_bit(sc.reach, 0);
        sc.layer.assign(1, 0);
        chain[0] = fv[0];
        chain_layers(n, 0, sc.reach, [fv](std::uint32_t t) { return fv[t]; }, sc.layer, sc.grown, chain);
        return finish_small(n, chain, most, true, sc, want_order);
    }
}

template <int W>
ExactResult search_any(const BlockView& v, bool want_order, bool small) {
    return small ? search_small<W>(v, want_order) : search<W>(v, want_order);
}

#ifdef ICS_BLOCKS_POPCNT_DISPATCH
template <int W>
[[gnu::target("popcnt")]] ExactResult search_popcnt(const BlockView& v, bool want_order, bool small) {
    return small ? search_small<W>(v, want_order) : search<W>(v, want_order);
}
#endif

template <int W>
ExactResult dispatch(const BlockView& v, bool want_order, bool small) {
#ifdef ICS_BLOCKS_POPCNT_DISPATCH
    if (cpu_has_popcnt()) return search_popcnt<W>(v, want_order, small);
#endif
    return search_any<W>(v, want_order, small);
}

// exact_search_masks' answer (search_small's for those masks, into arrays).
ICS_INLINE bool masks_search(std::span<const std::uint64_t> kids, std::uint32_t bottoms, std::uint32_t* order,
                             std::uint32_t* profile) {
    const auto n = static_cast<std::uint32_t>(kids.size());
    Scratch& sc = small_scratch();
    std::uint32_t chain[kSmall + 1], most[kSmall + 1];
    search_masks(n, bottoms, kids.data(), true, sc, chain, most);
    backtrack(n, sc.reach, order);
    std::copy(chain, chain + n + 1, profile);
    return std::equal(chain, chain + n + 1, most);
}

#ifdef ICS_BLOCKS_POPCNT_DISPATCH
[[gnu::target("popcnt")]] bool masks_search_popcnt(std::span<const std::uint64_t> kids, std::uint32_t bottoms,
                                                    std::uint32_t* order, std::uint32_t* profile) {
    return masks_search(kids, bottoms, order, profile);
}
#endif

ExactResult exact_search_impl(const BlockView& v, bool want_order, bool reference) {
    const std::uint32_t n = v.tops();
    if (n > kMaxExact)
        fail(Errc::too_large, "exact block search takes at most " + std::to_string(kMaxExact) + " sources, not " +
                                  std::to_string(n));
    const bool small = !reference && n <= kSmall;
    std::uint32_t multi = 0;
    for (std::uint32_t b = 0; b < v.bottoms(); ++b) multi += v.in_degree(b) > 1;
    switch ((multi + 63) / 64) {
        case 0: return dispatch<0>(v, want_order, small);
        case 1: return dispatch<1>(v, want_order, small);
        case 2: return dispatch<2>(v, want_order, small);
        case 3:
        case 4: return dispatch<4>(v, want_order, small);
        default: return dispatch<kDynamic>(v, want_order, small);
    }
}

}  // namespace

ExactResult exact_search(const BlockView& v, bool want_order) { return exact_search_impl(v, want_order, false); }

bool exact_search_masks(std::span<const std::uint64_t> kids, std::uint32_t bottoms, std::uint32_t* order,
                        std::uint32_t* profile) {
    if (kids.empty() || kids.size() > kSmall || bottoms > 64)
        fail(Errc::internal, "exact_search_masks: " + std::to_string(kids.size()) + " sources, " +
                                 std::to_string(bottoms) + " sinks");
#ifdef ICS_BLOCKS_POPCNT_DISPATCH
    if (cpu_has_popcnt()) return masks_search_popcnt(kids, bottoms, order, profile);
#endif
    return masks_search(kids, bottoms, order, profile);
}

ExactResult exact_search_reference(const BlockView& v, bool want_order) {
    return exact_search_impl(v, want_order, true);
}

}  // namespace ics::blocks::detail
