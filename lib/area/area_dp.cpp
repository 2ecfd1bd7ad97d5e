// Exact AREA-maximal schedules by dynamic programming over the lattice of
// DOWN-SETS (definitions in exact/oracle.hpp and area/area.hpp).
//
// The executed set after t steps is a down-set D_t of size t, every maximal
// chain ∅ = D_0 ⊂ D_1 ⊂ ... ⊂ D_n = V of down-sets is a schedule, and
// E(t) = elig(D_t) depends on D_t alone. So AREA = Σ_t elig(D_t) is additive
// along the chain, and with best(D) = the largest Σ_{s ≤ |D|} elig(D_s) over
// chains from ∅ to D:
//     best(∅) = elig(∅),  best(D) = elig(D) + max { best(D − v) : v maximal in D },
// and max AREA = best(V). The DP runs layer by layer (down-sets of size t,
// then t + 1), reaching D + v from D for every v ELIGIBLE in D; each member
// keeps the predecessor that gave its best, and walking back from V gives the
// order. The largest elig of each layer is M(t) on the way, so the result
// also decides IC optimality: AREA = Σ M(t) iff some schedule is maximal at
// every step.
//
// Encoding (any node count): nodes are split into CHAINS (totally ordered by
// reachability). A down-set meets every chain in a prefix, so it is the
// vector of its prefix lengths, packed into the fixed-width words of
// exact::detail::Bits<W> and hashed by exact::detail::MaskTable<W> (the
// machinery of the exact ICO search, reused). A node is in D iff its position
// in its chain is below the chain's counter; an ELIGIBLE node is always the
// first unexecuted node of its chain (the node before it is an ancestor), so
// the extensions of D are at most one per chain. The chains come from a
// first-fit pass in topological order that appends v to a chain whose last
// node is an ancestor of v (preferring a parent), tracked by per-node
// counters of the ancestors' prefixes; on narrow dags (the only ones whose
// down-sets fit a budget) the chains are few and the keys short.
//
// Cost: O(#down-sets * (chains + Σ indeg of the heads)) time, two layers of
// keys and 8 bytes per down-set (the walk-back links) of memory.
#include <algorithm>
#include <bit>
#include <string>

#include "area/area.hpp"
#include "common/error.hpp"
#include "exact/downset_bits.hpp"
#include "exact/mask_table.hpp"
#include "exact/oracle.hpp"

namespace ics::area {

bool AreaOptimum::ic_optimal() const noexcept {
    std::uint64_t sum = 0;
    for (std::uint32_t m : max_profile) sum += m;
    return sum == area;
}

namespace {

using exact::detail::Bits;
using exact::detail::MaskTable;

[[noreturn]] void too_large(std::uint64_t budget, const std::string& why) {
    fail(Errc::too_large, "exact AREA search over down-sets: " + why + " (budget " + std::to_string(budget) +
                              " down-sets)");
}

// Chains of the first-fit pass, and each counter's place in a key.
struct Chains {
    std::vector<std::uint32_t> chain_of, pos_of;  // per node
    std::vector<std::uint32_t> start;             // chain c is nodes[start[c] .. start[c+1])
    std::vector<NodeId> nodes;
    std::vector<std::uint32_t> word, shift;       // counter c: bits [shift, shift + width) of word `word`
    std::vector<std::uint64_t> mask;
    // What node v needs executed: counter c >= need for each (c, need) in
    // needs[need_start[v] .. need_start[v+1]), one pair per chain holding a
    // parent of v (the furthest such parent).
    std::vector<std::uint64_t> need_start;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> needs;
    std::size_t words = 0;
    std::uint32_t count() const noexcept { return static_cast<std::uint32_t>(start.size() - 1); }
};

// Largest chain count, and largest per-node ancestor-counter table, accepted.
constexpr std::uint32_t kMaxChains = 1024;
constexpr std::uint64_t kMaxCounterCells = std::uint64_t{1} << 25;

Chains make_chains(const Dag& dag, std::uint64_t budget) {
    const NodeId n = dag.node_count();
    Chains ch;
    ch.chain_of.assign(n, 0);
    ch.pos_of.assign(n, 0);
    std::vector<std::vector<NodeId>> lists;
    std::vector<NodeId> tail;
    // reach[v * stride + c]: how long a prefix of chain c the ancestors of v cover.
    std::size_t stride = 4;
    std::vector<std::uint32_t> reach(static_cast<std::size_t>(n) * stride, 0);
    for (NodeId v : dag.topological_order()) {
        std::uint32_t* row = &reach[static_cast<std::size_t>(v) * stride];
        const auto k = static_cast<std::uint32_t>(lists.size());
        for (NodeId p : dag.parents(v)) {
            const std::uint32_t* prow = &reach[static_cast<std::size_t>(p) * stride];
            for (std::uint32_t c = 0; c < k; ++c) row[c] = std::max(row[c], prow[c]);
            row[ch.chain_of[p]] = std::max(row[ch.chain_of[p]], ch.pos_of[p] + 1);
        }
        std::uint32_t chosen = kNoNode;
        for (NodeId p : dag.parents(v))
            if (tail[ch.chain_of[p]] == p) {
                chosen = ch.chain_of[p];
                break;
            }
        for (std::uint32_t c = 0; c < k && chosen == kNoNode; ++c)
            if (row[c] == lists[c].size()) chosen = c;
        if (chosen == kNoNode) {
            chosen = k;
            if (k + 1 > kMaxChains)
                too_large(budget, "more than " + std::to_string(kMaxChains) + " chains would encode a down-set");
            if (k + 1 > stride) {  // widen every row
                const std::size_t wider = stride * 2;
                if (static_cast<std::uint64_t>(n) * wider > kMaxCounterCells)
                    too_large(budget, std::to_string(n) + " nodes in " + std::to_string(k + 1) + " chains");
                std::vector<std::uint32_t> next(static_cast<std::size_t>(n) * wider, 0);
                for (NodeId u = 0; u < n; ++u)
                    std::copy_n(&reach[static_cast<std::size_t>(u) * stride], stride,
                                &next[static_cast<std::size_t>(u) * wider]);
                reach.swap(next);
                stride = wider;
            }
            lists.emplace_back();
            tail.push_back(kNoNode);
        }
        ch.chain_of[v] = chosen;
        ch.pos_of[v] = static_cast<std::uint32_t>(lists[chosen].size());
        lists[chosen].push_back(v);
        tail[chosen] = v;
    }
    ch.start.push_back(0);
    std::uint32_t bit = 0;
    for (const auto& l : lists) {
        ch.nodes.insert(ch.nodes.end(), l.begin(), l.end());
        ch.start.push_back(static_cast<std::uint32_t>(ch.nodes.size()));
        const auto width = static_cast<std::uint32_t>(std::bit_width(l.size()));  // counters 0..|chain|
        if (bit % 64 + width > 64) bit = (bit / 64 + 1) * 64;  // no counter straddles two words
        ch.word.push_back(bit / 64);
        ch.shift.push_back(bit % 64);
        ch.mask.push_back(width == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << width) - 1);
        bit += width;
    }
    ch.words = (bit + 63) / 64;
    ch.need_start.assign(1, 0);
    for (NodeId v = 0; v < n; ++v) {
        const std::size_t first = ch.needs.size();
        for (NodeId p : dag.parents(v)) {
            const std::uint32_t c = ch.chain_of[p], need = ch.pos_of[p] + 1;
            auto it = std::find_if(ch.needs.begin() + static_cast<std::ptrdiff_t>(first), ch.needs.end(),
                                   [&](const auto& x) { return x.first == c; });
            if (it == ch.needs.end()) ch.needs.emplace_back(c, need);
            else it->second = std::max(it->second, need);
        }
        ch.need_start.push_back(ch.needs.size());
    }
    return ch;
}

template <std::size_t W>
AreaOptimum layered_dp(const Dag& dag, const Chains& ch, std::uint64_t budget) {
    const NodeId n = dag.node_count();
    const std::uint32_t k = ch.count();
    auto counter = [&](const Bits<W>& key, std::uint32_t c) {
        return static_cast<std::uint32_t>((key.w[ch.word[c]] >> ch.shift[c]) & ch.mask[c]);
    };
    // All parents of v executed in the down-set `key`.
    auto ready = [&](const Bits<W>& key, NodeId v) {
        for (std::uint64_t i = ch.need_start[v]; i < ch.need_start[v + 1]; ++i)
            if (counter(key, ch.needs[i].first) < ch.needs[i].second) return false;
        return true;
    };

    struct Link {
        std::uint32_t parent;  // index in the previous layer
        NodeId added;
    };
    std::vector<Link> links{{0, kNoNode}};  // flat: layer t starts at layer_start[t]
    std::vector<std::uint64_t> layer_start{0, 1};
    std::vector<Bits<W>> keys{Bits<W>{}};
    std::uint32_t sources = 0;
    for (NodeId v = 0; v < n; ++v) sources += dag.is_source(v) ? 1u : 0u;
    std::vector<std::uint32_t> eligs{sources};
    std::vector<std::uint64_t> vals{sources};
    AreaOptimum out;
    out.max_profile.push_back(sources);
    out.downsets = 1;
    for (NodeId t = 0; t < n; ++t) {
        MaskTable<W> table;
        std::vector<std::uint32_t> next_elig;
        std::vector<std::uint64_t> next_val;
        const std::size_t base = links.size();
        for (std::uint32_t i = 0; i < keys.size(); ++i) {
            const Bits<W>& key = keys[i];
            for (std::uint32_t c = 0; c < k; ++c) {
                const std::uint32_t at = counter(key, c);
                if (at == ch.start[c + 1] - ch.start[c]) continue;
                const NodeId h = ch.nodes[ch.start[c] + at];
                if (!ready(key, h)) continue;
                Bits<W> next = key;
                next.w[ch.word[c]] += std::uint64_t{1} << ch.shift[c];
                std::uint32_t newly = 0;
                for (NodeId x : dag.children(h)) newly += ready(next, x);
                const std::uint32_t e = eligs[i] - 1 + newly;
                const std::uint64_t val = vals[i] + e;
                const auto [j, fresh] = table.insert(next);
                if (fresh) {
                    if (out.downsets + table.size() > budget)
                        too_large(budget, "the dag has more than " + std::to_string(budget) + " down-sets");
                    next_elig.push_back(e);
                    next_val.push_back(val);
                    links.push_back({i, h});
                } else if (val > next_val[j]) {
                    next_val[j] = val;
                    links[base + j] = {i, h};
                }
            }
        }
        keys.resize(table.size());
        for (std::uint32_t j = 0; j < table.size(); ++j) keys[j] = table.key(j);
        eligs.swap(next_elig);
        vals.swap(next_val);
        out.downsets += table.size();
        layer_start.push_back(links.size());
        out.max_profile.push_back(*std::max_element(eligs.begin(), eligs.end()));
    }
    // The last layer is {V}: walk back along the best links.
    out.area = vals[0];
    out.order.resize(n);
    std::uint32_t idx = 0;
    for (std::size_t t = n; t > 0; --t) {
        const Link& l = links[layer_start[t] + idx];
        out.order[t - 1] = l.added;
        idx = l.parent;
    }
    return out;
}

}  // namespace

AreaOptimum area_optimal_schedule(const Dag& dag, std::uint64_t budget) {
    // An antichain of w nodes (one longest-path level) alone gives 2^w down-sets.
    const std::uint32_t w = dag.max_level_width();
    if (w >= 64 || (std::uint64_t{1} << w) > budget)
        too_large(budget, "the dag has an antichain of " + std::to_string(w) + " nodes, hence at least 2^" +
                              std::to_string(w) + " down-sets");
    if (dag.node_count() + std::uint64_t{1} > budget)
        too_large(budget, "the dag has " + std::to_string(dag.node_count()) + " nodes, hence more down-sets");
    // Dags the bit-set enumeration of lib/exact takes (≤ 1024 nodes) are
    // counted first: it stores nothing and runs ~10x faster per down-set than
    // the DP, so a dag over the budget is turned down at a tenth of the cost.
    if (dag.node_count() <= exact::detail::kMaxExactNodes) exact::downset_profile(dag, budget);
    const Chains ch = make_chains(dag, budget);
    switch (std::bit_ceil(std::max<std::size_t>(ch.words, 1))) {
        case 1: return layered_dp<1>(dag, ch, budget);
        case 2: return layered_dp<2>(dag, ch, budget);
        case 4: return layered_dp<4>(dag, ch, budget);
        case 8: return layered_dp<8>(dag, ch, budget);
        case 16: return layered_dp<16>(dag, ch, budget);
        default: too_large(budget, "a down-set needs " + std::to_string(ch.words) + " words of chain counters");
    }
}

}  // namespace ics::area
