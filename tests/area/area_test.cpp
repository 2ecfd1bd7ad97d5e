// lib/area against independent brute force: every topological order (≤ 9
// nodes), a subset DP written here (≤ 16 nodes), the exact ICO search (dags
// above 64 nodes), and the bound's claim on every down-set.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <numeric>
#include <queue>
#include <random>
#include <span>
#include <string>
#include <tuple>
#include <vector>

#include "../exact/exact_test_util.hpp"
#include "algebra/algebra.hpp"
#include "area/area.hpp"
#include "exact/downset_search.hpp"
#include "families/families.hpp"
#include "pebble/pebble.hpp"
#include "schedule/schedule.hpp"
#include "reference_sidney_order.hpp"

namespace ics::exact_test {
namespace {

using area::area_optimal_schedule;
using area::area_upper_bound;
using area::sidney_decomposition;
using area::sidney_order;

// Largest AREA over all n! permutations that are valid orders.
std::uint64_t brute_max_area(const Dag& g, std::uint64_t* max_any = nullptr) {
    const NodeId n = g.node_count();
    std::vector<NodeId> perm(n), pos(n);
    std::iota(perm.begin(), perm.end(), 0);
    std::uint64_t best = 0;
    do {
        for (NodeId i = 0; i < n; ++i) pos[perm[i]] = i;
        bool ok = true;
        for (NodeId v = 0; v < n && ok; ++v)
            for (NodeId c : g.children(v)) ok = ok && pos[v] < pos[c];
        if (ok) best = std::max(best, pebble::evaluate(g, perm).area);
    } while (std::next_permutation(perm.begin(), perm.end()));
    if (max_any) *max_any = best;
    return best;
}

// Parents of each node as a bit mask (n ≤ 16).
std::vector<std::uint32_t> parent_masks(const Dag& g) {
    std::vector<std::uint32_t> pm(g.node_count(), 0);
    for (NodeId v = 0; v < g.node_count(); ++v)
        for (NodeId p : g.parents(v)) pm[v] |= 1u << p;
    return pm;
}

std::uint32_t elig(const std::vector<std::uint32_t>& pm, std::uint32_t set) {
    std::uint32_t e = 0;
    for (NodeId v = 0; v < pm.size(); ++v) e += !(set >> v & 1) && (pm[v] & ~set) == 0;
    return e;
}

// best[S] = elig(S) + max over v in S whose removal leaves a down-set of
// best[S - v], over all 2^n subsets in increasing order (independent of lib/area).
std::uint64_t subset_dp_max_area(const Dag& g) {
    const auto pm = parent_masks(g);
    const NodeId n = g.node_count();
    const std::uint32_t full = n == 32 ? ~0u : (1u << n) - 1;
    std::vector<std::int64_t> best(std::size_t{1} << n, -1);
    best[0] = elig(pm, 0);
    for (std::uint32_t s = 1; s <= full; ++s) {
        bool down = true;
        for (NodeId v = 0; v < n && down; ++v)
            if (s >> v & 1) down = (pm[v] & ~s) == 0;
        if (!down) continue;
        std::int64_t b = -1;
        for (NodeId v = 0; v < n; ++v)
            if ((s >> v & 1) && best[s & ~(1u << v)] >= 0) b = std::max(b, best[s & ~(1u << v)]);
        best[s] = b + elig(pm, s);
    }
    return static_cast<std::uint64_t>(best[full]);
}

// The claim bound.cpp proves: released(D) ≤ g(|D|) for every down-set D
// (n ≤ 16), g through the decomposition's cumulative points.
void expect_envelope(const Dag& g, const area::SidneyDecomposition& sd) {
    const auto pm = parent_masks(g);
    const NodeId n = g.node_count();
    for (std::uint32_t s = 0; s < (1u << n); ++s) {
        bool down = true;
        for (NodeId v = 0; v < n && down; ++v)
            if (s >> v & 1) down = (pm[v] & ~s) == 0;
        if (!down) continue;
        std::uint64_t released = 0;
        for (NodeId v = 0; v < n; ++v) released += pm[v] != 0 && (pm[v] & ~s) == 0;
        const auto size = static_cast<std::uint64_t>(std::popcount(s));
        // min over the lines W_i + ρ_i (x − P_i), compared without division.
        std::uint64_t before = 0, cum = 0;
        for (std::size_t i = 0; i < sd.block_count(); ++i) {
            const std::uint64_t p = before + sd.block_size(i), w = cum + sd.released[i];
            // released ≤ w + released_i/s_i (size − p)  ⇔  s_i released ≤ s_i w + released_i (size − p)
            const auto lhs = static_cast<std::int64_t>(sd.block_size(i) * released);
            const auto rhs = static_cast<std::int64_t>(sd.block_size(i) * w) +
                             static_cast<std::int64_t>(sd.released[i]) * (static_cast<std::int64_t>(size) - static_cast<std::int64_t>(p));
            EXPECT_LE(lhs, rhs) << "down-set " << s << " block " << i;
            before = p;
            cum = w;
        }
    }
}

// Structure of a decomposition: a partition, each prefix a down-set, the
// released counts right, ratios non-increasing.
// With `prefix`: the decomposition of the rest given those nodes taken.
// `ordered`: the ratios are non-increasing (a complete decomposition).
void expect_decomposition(const Dag& g, const area::SidneyDecomposition& sd, const std::vector<NodeId>& prefix = {},
                          bool ordered = true) {
    const NodeId n = g.node_count();
    ASSERT_EQ(sd.nodes.size() + prefix.size(), n);
    std::vector<char> taken(n, 0);
    for (NodeId v : prefix) taken[v] = 1;
    for (std::size_t i = 0; i < sd.block_count(); ++i) {
        ASSERT_GT(sd.block_size(i), 0u);
        for (std::uint32_t k = sd.offsets[i]; k < sd.offsets[i + 1]; ++k) {
            ASSERT_FALSE(taken[sd.nodes[k]]);
            taken[sd.nodes[k]] = 2;
        }
        std::uint64_t released = 0;
        for (NodeId v = 0; v < n; ++v) {
            const auto ps = g.parents(v);
            if (ps.empty()) continue;
            const bool all = std::all_of(ps.begin(), ps.end(), [&](NodeId p) { return taken[p] != 0; });
            const bool one_new = std::any_of(ps.begin(), ps.end(), [&](NodeId p) { return taken[p] == 2; });
            released += all && one_new;
        }
        EXPECT_EQ(released, sd.released[i]) << "block " << i;
        for (std::uint32_t k = sd.offsets[i]; k < sd.offsets[i + 1]; ++k) {
            for (NodeId p : g.parents(sd.nodes[k])) EXPECT_TRUE(taken[p]) << "block " << i << " not closed";
            taken[sd.nodes[k]] = 1;
        }
        if (i > 0 && ordered) {
            EXPECT_LE(sd.released[i] * sd.block_size(i - 1), sd.released[i - 1] * sd.block_size(i)) << "block " << i;
        }
    }
}

Dag small_dag(std::uint32_t n, std::uint64_t seed) {
    switch (seed % 3) {
        case 0: return random_dag(n, 0.3, seed);
        case 1: return leveled_dag(n, 3, 0.5, seed);
        default: return sum_of_bipartite(n, 2, 0.6, seed);
    }
}

// Arcs i -> j for 0 < j - i <= reach with probability p, and i -> i + reach
// always: narrow (no antichain of more than `reach` nodes), many down-sets.
Dag narrow_dag(std::uint32_t n, std::uint32_t reach, double p, std::uint64_t seed) {
    SplitMix64 rng(seed);
    DagBuilder b = nodes(n);
    for (NodeId i = 0; i < n; ++i)
        for (NodeId j = i + 1; j < n && j <= i + reach; ++j)
            if (j == i + reach || rng.uniform() < p) b.add_arc(i, j);
    return b.build();
}

TEST(AreaDp, EqualsBruteForceOverAllOrders) {
    for (std::uint64_t seed = 1; seed <= 300; ++seed) {
        const Dag g = small_dag(static_cast<std::uint32_t>(2 + seed % 8), seed);  // 2..9 nodes
        const auto opt = area_optimal_schedule(g);
        ASSERT_EQ(opt.area, brute_max_area(g)) << "seed " << seed;
        EXPECT_EQ(pebble::evaluate(g, opt.order).area, opt.area);
        EXPECT_EQ(opt.max_profile, exact::max_eligible_profile(g));
    }
}

TEST(AreaDp, EqualsSubsetDpUpTo16Nodes) {
    for (std::uint64_t seed = 1; seed <= 150; ++seed) {
        const Dag g = small_dag(static_cast<std::uint32_t>(10 + seed % 7), seed);  // 10..16 nodes
        const auto opt = area_optimal_schedule(g);
        ASSERT_EQ(opt.area, subset_dp_max_area(g)) << "seed " << seed;
        EXPECT_EQ(pebble::evaluate(g, opt.order).area, opt.area);
        // IC optimal exactly when the exact ICO search says so.
        EXPECT_EQ(opt.ic_optimal(), exact::exact_schedule(g).ico) << "seed " << seed;
    }
}

TEST(AreaDp, LargeNarrowDagsAgreeWithTheIcoSearch) {
    // Above 64 nodes (several words per node set, or chain counters): the
    // layered chains of antichains and random narrow dags.
    for (std::uint64_t seed = 1; seed <= 12; ++seed) {
        std::vector<std::uint32_t> widths;
        for (int l = 0; l < 40; ++l) widths.push_back(1 + static_cast<std::uint32_t>((seed * 7 + l * 3) % 4));
        const Dag g = seed % 2 ? chain_of_antichains(widths, true, seed) : narrow_dag(120, 5, 0.5, seed);
        ASSERT_GT(g.node_count(), 64u);
        const auto opt = area_optimal_schedule(g);
        const auto ex = exact::exact_schedule(g);
        EXPECT_EQ(opt.downsets, ex.downsets_visited);
        EXPECT_EQ(opt.max_profile, ex.max_profile);
        EXPECT_EQ(opt.ic_optimal(), ex.ico) << "seed " << seed;
        EXPECT_EQ(pebble::evaluate(g, opt.order).area, opt.area);
        EXPECT_GE(opt.area, pebble::evaluate(g, ex.order).area);  // lexmax is one schedule
        const auto sd = sidney_decomposition(g);
        EXPECT_GE(area_upper_bound(g, sd), opt.area);
        EXPECT_LE(pebble::evaluate(g, sidney_order(g, sd)).area, opt.area);
    }
    // A long chain: n + 1 down-sets, one chain counter.
    const Dag c = chain(5000);
    const auto opt = area_optimal_schedule(c);
    EXPECT_EQ(opt.downsets, 5001u);
    EXPECT_EQ(opt.area, 5000u);  // E(t) = 1 for t < n
    EXPECT_TRUE(opt.ic_optimal());
}

TEST(AreaDp, BudgetIsEnforced) {
    expect_error([] { area_optimal_schedule(antichain(25)); }, Errc::too_large, "antichain");
    // 12 independent 2-chains: 3^12 = 531441 down-sets, width 12.
    DagBuilder b = nodes(24);
    for (NodeId i = 0; i < 12; ++i) b.add_arc(2 * i, 2 * i + 1);
    const Dag g = b.build();
    expect_error([&] { area_optimal_schedule(g, 100000); }, Errc::too_large, "100000");
    EXPECT_EQ(area_optimal_schedule(g, 531441).downsets, 531441u);
    const Dag empty = DagBuilder{}.build();
    EXPECT_EQ(area_optimal_schedule(empty).area, 0u);
}

TEST(Sidney, DecompositionIsSidneyAndTheBoundHolds) {
    for (std::uint64_t seed = 1; seed <= 400; ++seed) {
        const auto n = static_cast<std::uint32_t>(2 + seed % 14);  // 2..15 nodes
        const Dag g = small_dag(n, seed);
        const auto sd = sidney_decomposition(g);
        expect_decomposition(g, sd);
        expect_envelope(g, sd);
        const auto order = sidney_order(g, sd);
        const std::uint64_t area = pebble::evaluate(g, order).area;  // validates the order
        const std::uint64_t best = subset_dp_max_area(g);
        const std::uint64_t bound = area_upper_bound(g, sd);
        EXPECT_GE(bound, best) << "seed " << seed;
        EXPECT_LE(area, best);
        // 2-approximation of Σ_v T_v = n(n+1)/2 − AREA.
        const std::uint64_t all = static_cast<std::uint64_t>(n) * (n + 1) / 2;
        EXPECT_LE(all - area, 2 * (all - best)) << "seed " << seed;
        // Every order stays under the bound (brute force on the smallest).
        if (n <= 8) {
            std::uint64_t any = 0;
            brute_max_area(g, &any);
            EXPECT_GE(bound, any);
        }
    }
}

// Given a taken prefix (a random down-set, parents first), the decomposition
// is that of the rest and the order runs the prefix first, in place.
TEST(Sidney, TakenPrefixStaysInPlace) {
    for (std::uint64_t seed = 1; seed <= 300; ++seed) {
        const auto n = static_cast<std::uint32_t>(2 + seed % 14);
        const Dag g = small_dag(n, seed);
        // A random down-set: a prefix of a random topological order.
        SplitMix64 rng(seed * 7 + 1);
        std::vector<std::uint32_t> missing(n);
        std::vector<NodeId> ready, topo;
        for (NodeId v = 0; v < n; ++v)
            if ((missing[v] = g.in_degree(v)) == 0) ready.push_back(v);
        while (!ready.empty()) {
            const std::size_t i = rng.below(ready.size());
            const NodeId u = ready[i];
            ready[i] = ready.back();
            ready.pop_back();
            topo.push_back(u);
            for (NodeId c : g.children(u))
                if (--missing[c] == 0) ready.push_back(c);
        }
        const std::vector<NodeId> prefix(topo.begin(), topo.begin() + static_cast<std::ptrdiff_t>(rng.below(n + 1)));
        const auto sd = sidney_decomposition(g, prefix);
        expect_decomposition(g, sd, prefix);
        const auto order = sidney_order(g, sd, prefix);
        pebble::evaluate(g, order);  // validates the order
        EXPECT_TRUE(std::equal(prefix.begin(), prefix.end(), order.begin())) << "seed " << seed;
    }
}

// The work budget only stops the splitting: not reached, the decomposition
// is the unbudgeted one; reached (down to 0), the sets left whole are still
// initial sets in turn with their released markers counted, the order is
// valid and the bound (its caps only) still holds.
TEST(Sidney, WorkBudgetOnlyStopsSplitting) {
    const std::uint64_t unlimited = ~std::uint64_t{0};
    int cut = 0;
    for (std::uint64_t seed = 1; seed <= 300; ++seed) {
        const bool big = seed % 10 == 0;
        const Dag g = big ? narrow_dag(120, 5, 0.5, seed) : small_dag(static_cast<std::uint32_t>(2 + seed % 14), seed);
        const auto full = sidney_decomposition(g, {}, unlimited);
        const auto dflt = sidney_decomposition(g);
        EXPECT_TRUE(full.complete);
        EXPECT_TRUE(dflt.complete) << "seed " << seed << ": the default budget reached on " << g.node_count() << " nodes";
        EXPECT_EQ(dflt.nodes, full.nodes);
        EXPECT_EQ(dflt.offsets, full.offsets);
        EXPECT_EQ(dflt.released, full.released);
        EXPECT_EQ(dflt.work, full.work);
        const std::uint64_t best = big ? area::area_optimal_schedule(g).area : subset_dp_max_area(g);
        for (std::uint64_t budget : {std::uint64_t{0}, std::uint64_t{1}, full.work / 2, full.work}) {
            const auto sd = sidney_decomposition(g, {}, budget);
            expect_decomposition(g, sd, {}, sd.complete);
            if (!sd.complete) {
                ++cut;
                EXPECT_GT(sd.unsplit, 0u);
            } else {
                EXPECT_EQ(sd.offsets, full.offsets);
            }
            const std::uint64_t area = pebble::evaluate(g, sidney_order(g, sd)).area;  // validates the order
            EXPECT_LE(area, best);
            EXPECT_GE(area_upper_bound(g, sd), best) << "seed " << seed << " budget " << budget;
        }
    }
    EXPECT_GT(cut, 100);  // the small budgets did cut
}

// Narrow, layered (about `degree` arcs per node) or small_dag's kinds, by seed.
Dag varied_dag(std::uint32_t n, std::uint32_t reach, double degree, std::uint64_t seed) {
    if (seed % 4 == 0) return narrow_dag(n, reach, 0.4, seed);
    if (seed % 4 == 1) return leveled_dag(n, 2 + static_cast<std::uint32_t>(seed % 9), degree / n, seed);
    return small_dag(n, seed);
}

// Up to `size` nodes closed under parents, parents first.
std::vector<NodeId> down_set_prefix(const Dag& g, std::size_t size) {
    std::vector<NodeId> prefix;
    std::vector<char> in(g.node_count(), 0);
    for (NodeId v : g.topological_order()) {
        if (prefix.size() >= size) break;
        const auto ps = g.parents(v);
        if (std::all_of(ps.begin(), ps.end(), [&](NodeId p) { return in[p] != 0; })) {
            prefix.push_back(v);
            in[v] = 1;
        }
    }
    return prefix;
}

// Two runs that must agree on all a decomposition reports (the envelope
// too: the bound reads only it).
void expect_same_decomposition(const area::SidneyDecomposition& sd, const area::SidneyDecomposition& ref,
                               const std::string& where) {
    EXPECT_EQ(sd.nodes, ref.nodes) << where;
    EXPECT_EQ(sd.offsets, ref.offsets) << where;
    EXPECT_EQ(sd.released, ref.released) << where;
    EXPECT_EQ(sd.work, ref.work) << where;
    EXPECT_EQ(sd.complete, ref.complete) << where;
    EXPECT_EQ(sd.unsplit, ref.unsplit) << where;
    EXPECT_EQ(sd.envelope, ref.envelope) << where;
}

// The max-flow keeps residuals in 32 bits while they fit and starts a call
// over in 64 when one outgrows them (sidney.cpp): with the limit at 3 (most
// calls start over, mid-flow), at 0 (every call wide, as before) and at the
// default, the decomposition, its work count and the bound are the same, on
// 120 random dags of up to 300 nodes, whole and cut by budgets, with and
// without a taken prefix.
TEST(Sidney, NarrowCapacitiesGiveTheSameDecomposition) {
    struct Restore {
        std::uint64_t old = area::detail::set_sidney_narrow_limit(0xFFFFFFFEu);
        ~Restore() { area::detail::set_sidney_narrow_limit(old); }
    } restore;
    const std::uint64_t restarts = area::detail::sidney_narrow_restarts();
    for (std::uint64_t seed = 1; seed <= 120; ++seed) {
        const auto n = static_cast<std::uint32_t>(20 + (seed * 37) % 280);
        const Dag g = varied_dag(n, 6, 4.0, seed);
        const std::vector<NodeId> prefix = seed % 5 == 0 ? down_set_prefix(g, n / 4) : std::vector<NodeId>{};
        area::detail::set_sidney_narrow_limit(0);
        const auto wide = sidney_decomposition(g, prefix, ~std::uint64_t{0});
        for (std::uint64_t budget : {~std::uint64_t{0}, wide.work / 3, wide.work / 2}) {
            area::detail::set_sidney_narrow_limit(0);
            const auto ref = sidney_decomposition(g, prefix, budget);
            for (std::uint64_t limit : {std::uint64_t{3}, std::uint64_t{0xFFFFFFFEu}}) {
                area::detail::set_sidney_narrow_limit(limit);
                const auto sd = sidney_decomposition(g, prefix, budget);
                expect_same_decomposition(sd, ref, "seed " + std::to_string(seed) + " budget " +
                                                       std::to_string(budget) + " limit " + std::to_string(limit));
            }
        }
    }
    EXPECT_GT(area::detail::sidney_narrow_restarts() - restarts, 200u);
}

// Puts the push-relabel threshold back as the test found it.
struct PushRelabelThresholdRestored {
    std::uint32_t old = area::detail::set_sidney_push_relabel_vertices(0);
    ~PushRelabelThresholdRestored() { area::detail::set_sidney_push_relabel_vertices(old); }
};

// Push-relabel on the reversed network (push_relabel.hpp) finds the least
// maximizer Dinic finds: with an unlimited budget the same blocks, released
// counts and envelope on 300 random dags of up to 400 nodes (narrow,
// layered, random, with and without a taken prefix), in 32-bit residuals,
// starting over in 64 (limit 3: mid-flow) and in 64 throughout; work differs
// (the algorithms scan differently), so budgets that cut are not compared.
TEST(Sidney, PushRelabelGivesDinicsDecomposition) {
    const PushRelabelThresholdRestored restore_threshold;
    struct Restore {
        std::uint64_t old = area::detail::set_sidney_narrow_limit(0xFFFFFFFEu);
        ~Restore() { area::detail::set_sidney_narrow_limit(old); }
    } restore_limit;
    std::uint64_t splits = 0;
    for (std::uint64_t seed = 1; seed <= 300; ++seed) {
        const auto n = static_cast<std::uint32_t>(10 + (seed * 53) % 390);
        const Dag g = varied_dag(n, 2 + static_cast<std::uint32_t>(seed % 7), 2.0 + static_cast<double>(seed % 5), seed);
        const std::vector<NodeId> prefix = seed % 5 == 0 ? down_set_prefix(g, n / 4) : std::vector<NodeId>{};
        area::detail::set_sidney_narrow_limit(0xFFFFFFFEu);
        area::detail::set_sidney_push_relabel_vertices(0xFFFFFFFFu);  // Dinic
        const auto ref = sidney_decomposition(g, prefix, ~std::uint64_t{0});
        ASSERT_TRUE(ref.complete);
        splits += ref.block_count();
        area::detail::set_sidney_push_relabel_vertices(0);  // push-relabel on every network
        for (std::uint64_t limit : {std::uint64_t{0xFFFFFFFEu}, std::uint64_t{3}, std::uint64_t{0}}) {
            area::detail::set_sidney_narrow_limit(limit);
            const auto sd = sidney_decomposition(g, prefix, ~std::uint64_t{0});
            ASSERT_EQ(sd.nodes, ref.nodes) << "seed " << seed << " limit " << limit;
            EXPECT_EQ(sd.offsets, ref.offsets) << "seed " << seed << " limit " << limit;
            EXPECT_EQ(sd.released, ref.released);
            EXPECT_TRUE(sd.complete);
            EXPECT_EQ(sd.envelope, ref.envelope);
            EXPECT_EQ(sidney_order(g, sd, prefix), sidney_order(g, ref, prefix));
        }
    }
    EXPECT_GT(splits, 3000u);  // the dags do split into many blocks
}

// On a budget, push-relabel stops like Dinic: the sets left whole are
// initial sets in turn (a valid order), the bound still holds, and with a
// budget of 0 nothing is split.
TEST(Sidney, PushRelabelStopsAtTheBudget) {
    const PushRelabelThresholdRestored restore_threshold;
    int cut = 0;
    for (std::uint64_t seed = 1; seed <= 60; ++seed) {
        const auto n = static_cast<std::uint32_t>(50 + (seed * 41) % 250);
        const Dag g = varied_dag(n, 5, 4.0, seed);
        const auto whole = sidney_decomposition(g, {}, ~std::uint64_t{0});
        const std::uint64_t best = pebble::evaluate(g, sidney_order(g, whole)).area;
        for (std::uint64_t budget : {whole.work / 2, whole.work / 5, std::uint64_t{0}}) {
            const auto sd = sidney_decomposition(g, {}, budget);
            cut += sd.complete ? 0 : 1;
            const std::uint64_t area = pebble::evaluate(g, sidney_order(g, sd)).area;  // validates the order
            EXPECT_GE(area_upper_bound(g, sd), area) << "seed " << seed << " budget " << budget;
            EXPECT_LE(area, area_upper_bound(g, whole));
            (void)best;
        }
    }
    EXPECT_GT(cut, 60);
}

// Puts the component memo's setting back as the test found it.
struct MemoSettingRestored {
    bool old = area::detail::set_sidney_component_memo(true);
    ~MemoSettingRestored() { area::detail::set_sidney_component_memo(old); }
};

// Sums of many small components with their nodes interleaved (ids of
// different parts mixed): random bipartite blocks as cli_bench.sh's `blocks`
// (each sink up to 3 random parents, a source only when it has a child) and
// small varied dags. Each block's name order is shuffled, so components are
// neither contiguous nor in id order.
Dag interleaved_sum(std::uint64_t seed) {
    SplitMix64 rng(seed);
    struct Arc {
        std::string from, to;
    };
    std::vector<Arc> arcs;
    const int parts = 2 + static_cast<int>(rng.below(40));
    for (int c = 0; c < parts; ++c) {
        const std::string p = "c" + std::to_string(c) + "_";
        if (rng.below(4) != 0) {
            const std::uint64_t tops = 1 + rng.below(10), bottoms = 1 + rng.below(10);
            for (std::uint64_t j = 0; j < bottoms; ++j)
                for (std::uint64_t r = 0, k = 1 + rng.below(3); r < k; ++r)
                    arcs.push_back({p + "s" + std::to_string(rng.below(tops)), p + "t" + std::to_string(j)});
        } else {
            const Dag d = varied_dag(static_cast<std::uint32_t>(2 + rng.below(24)), 3, 2.5, seed * 101 + static_cast<std::uint64_t>(c));
            for (NodeId v = 0; v < d.node_count(); ++v)
                for (NodeId w : d.children(v)) arcs.push_back({p + std::string(d.name(v)), p + std::string(d.name(w))});
        }
    }
    for (std::size_t i = arcs.size(); i > 1; --i) std::swap(arcs[i - 1], arcs[rng.below(i)]);
    DagBuilder b;
    for (const Arc& a : arcs) b.add_arc(b.ensure_node(a.from), b.ensure_node(a.to));
    return b.build();
}

// Issue 18: the decomposition of many small components (each decomposed in
// place in one flat array, Dinic's small networks built from a list of
// their arcs) against push-relabel on every network (its networks built
// from the dag, the general path), with the memo on and off, with and
// without a taken prefix: the same blocks, released counts, envelope and
// order; Dinic's work the same with the memo on and off; and the blocks are
// a decomposition (partition, down-set prefixes, released counts, ratios).
TEST(Sidney, SmallComponentsDecomposeAsTheGeneralPath) {
    const PushRelabelThresholdRestored restore_threshold;
    const MemoSettingRestored restore_memo;
    std::uint64_t blocks = 0;
    for (std::uint64_t seed = 1; seed <= 400; ++seed) {
        const Dag g = interleaved_sum(seed);
        const std::vector<NodeId> prefix =
            seed % 3 == 0 ? down_set_prefix(g, g.node_count() / 6) : std::vector<NodeId>{};
        area::detail::set_sidney_push_relabel_vertices(0xFFFFFFFFu);  // Dinic
        area::detail::set_sidney_component_memo(false);
        const auto ref = sidney_decomposition(g, prefix, ~std::uint64_t{0});
        ASSERT_TRUE(ref.complete);
        expect_decomposition(g, ref, prefix);
        if (HasFatalFailure()) return;
        blocks += ref.block_count();
        area::detail::set_sidney_component_memo(true);
        const auto memo = sidney_decomposition(g, prefix, ~std::uint64_t{0});
        EXPECT_EQ(memo.work, ref.work) << "seed " << seed;
        area::detail::set_sidney_push_relabel_vertices(0);  // push-relabel on every network
        const auto pr = sidney_decomposition(g, prefix, ~std::uint64_t{0});
        for (const area::SidneyDecomposition* sd : {&memo, &pr}) {
            const area::SidneyDecomposition& got = *sd;
            ASSERT_EQ(got.nodes, ref.nodes) << "seed " << seed;
            EXPECT_EQ(got.offsets, ref.offsets) << "seed " << seed;
            EXPECT_EQ(got.released, ref.released) << "seed " << seed;
            EXPECT_EQ(got.envelope, ref.envelope) << "seed " << seed;
            EXPECT_TRUE(got.complete);
            EXPECT_EQ(sidney_order(g, got, prefix), sidney_order(g, ref, prefix)) << "seed " << seed;
        }
    }
    EXPECT_GT(blocks, 4000u);  // many blocks over many components
}

// Puts the small networks' paths (word BFS, fixed arrays), the narrow limit
// and the push-relabel threshold back as the test found them; sets the
// default threshold (Dinic on small networks).
// (The flow paths' tests: two-level components split by max-flow too,
// not by enumeration, which counts its work otherwise.)
struct SmallPathsRestored {
    bool enumeration = area::detail::set_sidney_enumeration(false);
    bool bfs = area::detail::set_sidney_small_bfs(true);
    bool small = area::detail::set_sidney_small_networks(true);
    std::uint64_t narrow = area::detail::set_sidney_narrow_limit(0xFFFFFFFEu);
    std::uint32_t threshold = area::detail::set_sidney_push_relabel_vertices(1u << 10);
    ~SmallPathsRestored() {
        area::detail::set_sidney_enumeration(enumeration);
        area::detail::set_sidney_small_bfs(bfs);
        area::detail::set_sidney_small_networks(small);
        area::detail::set_sidney_narrow_limit(narrow);
        area::detail::set_sidney_push_relabel_vertices(threshold);
    }
};

// Dinic's BFS over words of residual heads on networks of at most 64
// vertices (sidney.cpp, levels_by_words) against the scanning BFS: the
// same levels and the same vertices expanded, hence the same decomposition
// and the same work, so the budget cuts at the same place. 80 sums of small
// interleaved blocks and dags (networks of ~10-60 vertices) and 40 varied
// dags of 10-90 nodes (networks on both sides of 64), with and without a
// taken prefix, whole and cut by budgets anywhere, in 32-bit residuals and
// starting over in 64 mid-flow (narrow limit 3).
TEST(Sidney, SmallNetworksBfsAsTheScanningOne) {
    const SmallPathsRestored restore;
    area::detail::set_sidney_small_networks(false);  // the generic networks' BFS
    int cut = 0;
    for (std::uint64_t seed = 1; seed <= 120; ++seed) {
        const Dag g = seed <= 80 ? interleaved_sum(seed)
                                 : varied_dag(static_cast<std::uint32_t>(10 + (seed * 7) % 81), 4, 3.0, seed);
        const std::vector<NodeId> prefix =
            seed % 3 == 0 ? down_set_prefix(g, g.node_count() / 5) : std::vector<NodeId>{};
        area::detail::set_sidney_small_bfs(false);
        const std::uint64_t whole = sidney_decomposition(g, prefix, ~std::uint64_t{0}).work;
        for (std::uint64_t budget : {~std::uint64_t{0}, whole / 3, std::uint64_t{40}}) {
            for (std::uint64_t limit : {std::uint64_t{0xFFFFFFFEu}, std::uint64_t{3}}) {
                area::detail::set_sidney_narrow_limit(limit);
                area::detail::set_sidney_small_bfs(false);
                const auto ref = sidney_decomposition(g, prefix, budget);
                area::detail::set_sidney_small_bfs(true);
                const auto sd = sidney_decomposition(g, prefix, budget);
                expect_same_decomposition(sd, ref, "seed " + std::to_string(seed) + " budget " +
                                                       std::to_string(budget) + " limit " + std::to_string(limit));
                cut += ref.complete ? 0 : 1;
                if (budget == ~std::uint64_t{0}) {
                    EXPECT_TRUE(sd.complete);
                    expect_decomposition(g, sd, prefix);
                }
            }
        }
    }
    EXPECT_GT(cut, 300);  // the budgets below the whole work did cut
}

// Dinic's networks of at most 64 vertices built and run in fixed arrays
// (sidney.cpp, SmallMaxFlow) against the generic path with the scanning BFS:
// the same arcs in the same order, the same DFS, hence the same
// decomposition and work, and the budget cuts at the same unit of work.
// 150 sums of small interleaved blocks and dags and 50 varied dags of 10-90
// nodes (networks on both sides of 64), with and without a taken prefix,
// whole and under budgets that cut anywhere (fractions of the whole work,
// a sweep over it, and small ones), narrow limits default, 0 (wide) and 3
// (the generic path's restarts, small networks only where the capacities
// fit).
TEST(Sidney, SmallNetworksAsTheGenericPath) {
    const SmallPathsRestored restore;
    int cut = 0;
    for (std::uint64_t seed = 1; seed <= 200; ++seed) {
        const Dag g = seed <= 150 ? interleaved_sum(seed * 5 + 1)
                                  : varied_dag(static_cast<std::uint32_t>(10 + (seed * 7) % 81), 4, 3.0, seed);
        const std::vector<NodeId> prefix =
            seed % 3 == 0 ? down_set_prefix(g, g.node_count() / 5) : std::vector<NodeId>{};
        area::detail::set_sidney_small_networks(false);
        const std::uint64_t whole = sidney_decomposition(g, prefix, ~std::uint64_t{0}).work;
        std::vector<std::uint64_t> budgets{~std::uint64_t{0}, whole / 2, whole / 3, whole / 7, 40};
        for (std::uint64_t k = 1; k < 12; ++k) budgets.push_back(whole * k / 12 + seed % 17);
        for (std::uint64_t budget : budgets) {
            for (std::uint64_t limit : {std::uint64_t{0xFFFFFFFEu}, std::uint64_t{0}, std::uint64_t{3}}) {
                if (limit != 0xFFFFFFFEu && budget != ~std::uint64_t{0} && budget != whole / 3) continue;
                area::detail::set_sidney_narrow_limit(limit);
                area::detail::set_sidney_small_networks(false);
                area::detail::set_sidney_small_bfs(false);
                const auto ref = sidney_decomposition(g, prefix, budget);
                area::detail::set_sidney_small_networks(true);
                area::detail::set_sidney_small_bfs(true);
                const auto sd = sidney_decomposition(g, prefix, budget);
                expect_same_decomposition(sd, ref, "seed " + std::to_string(seed) + " budget " +
                                                       std::to_string(budget) + " limit " + std::to_string(limit));
                if (HasFailure()) return;
                cut += ref.complete ? 0 : 1;
                if (budget == ~std::uint64_t{0}) {
                    EXPECT_TRUE(sd.complete);
                    expect_decomposition(g, sd, prefix);
                }
            }
        }
    }
    EXPECT_GT(cut, 1500);  // the budgets below the whole work did cut
}

// Sums for the local mode's test: random bipartite blocks, small varied
// dags and connected narrow dags of 56-72 nodes (both sides of 64 nodes),
// the components' ids consecutive (arcs listed part by part) or mixed.
Dag sum_of_parts(std::uint64_t seed, bool mixed) {
    SplitMix64 rng(seed);
    std::vector<std::pair<std::string, std::string>> arcs;
    const int parts = 1 + static_cast<int>(rng.below(30));
    for (int c = 0; c < parts; ++c) {
        const std::string p = "c" + std::to_string(c) + "_";
        const std::uint64_t kind = rng.below(6);
        if (kind < 3) {
            const std::uint64_t tops = 1 + rng.below(12), bottoms = 1 + rng.below(12);
            for (std::uint64_t j = 0; j < bottoms; ++j)
                for (std::uint64_t r = 0, k = 1 + rng.below(4); r < k; ++r)
                    arcs.emplace_back(p + "s" + std::to_string(rng.below(tops)), p + "t" + std::to_string(j));
            continue;
        }
        const Dag d = kind < 5 ? varied_dag(static_cast<std::uint32_t>(2 + rng.below(30)), 3, 2.5, seed * 131 + static_cast<std::uint64_t>(c))
                               : narrow_dag(static_cast<std::uint32_t>(56 + rng.below(17)), 2, 0.5, seed * 7 + static_cast<std::uint64_t>(c));
        for (NodeId v = 0; v < d.node_count(); ++v)
            for (NodeId w : d.children(v)) arcs.emplace_back(p + std::string(d.name(v)), p + std::string(d.name(w)));
    }
    if (mixed)
        for (std::size_t i = arcs.size(); i > 1; --i) std::swap(arcs[i - 1], arcs[rng.below(i)]);
    DagBuilder b;
    for (const auto& [from, to] : arcs) b.add_arc(b.ensure_node(from), b.ensure_node(to));
    return b.build();
}

// The dag's weakly connected components (sidney.cpp, flat_components:
// counted and placed by runs of consecutive ids) against a plain search:
// numbered by their smallest id, each one's nodes in id order, each one's
// nodes + arcs (counted by runs, the budget's measure). 300 sums of
// small parts with ids consecutive (long runs), mixed (short runs), and
// consecutive but the first node's component joined to the last one's by a
// new sink (a component of two runs far apart).
TEST(Sidney, ComponentsAsASearch) {
    int one_run = 0;
    for (std::uint64_t seed = 1; seed <= 300; ++seed) {
        Dag g = sum_of_parts(seed, seed % 3 == 1);
        if (seed % 3 == 2 && g.node_count() > 1) {
            DagBuilder b;
            for (NodeId v = 0; v < g.node_count(); ++v) b.ensure_node(std::string(g.name(v)));
            for (NodeId v = 0; v < g.node_count(); ++v)
                for (NodeId c : g.children(v)) b.add_arc(v, c);
            const NodeId joint = b.ensure_node("joint");  // a new sink below the first and the last node
            b.add_arc(0, joint);
            b.add_arc(g.node_count() - 1, joint);
            g = b.build();
        }
        const NodeId n = g.node_count();
        std::vector<std::uint32_t> label(n, ~0u);
        std::uint32_t comps = 0;
        for (NodeId r = 0; r < n; ++r) {
            if (label[r] != ~0u) continue;
            std::vector<NodeId> stack{r};
            label[r] = comps;
            while (!stack.empty()) {
                const NodeId v = stack.back();
                stack.pop_back();
                for (auto ns : {g.children(v), g.parents(v)})
                    for (NodeId w : ns)
                        if (label[w] == ~0u) {
                            label[w] = comps;
                            stack.push_back(w);
                        }
            }
            ++comps;
        }
        area::SidneyComponents want;
        want.start.assign(comps + 1, 0);
        for (NodeId v = 0; v < n; ++v) ++want.start[label[v] + 1];
        std::partial_sum(want.start.begin(), want.start.end(), want.start.begin());
        for (std::uint32_t c = 0; c < comps; ++c)
            for (NodeId v = 0; v < n; ++v)
                if (label[v] == c) want.nodes.push_back(v);
        want.items.assign(comps, 0);  // nodes + arcs, node by node
        for (NodeId v = 0; v < n; ++v) want.items[label[v]] += 1 + g.out_degree(v);
        const area::SidneyComponents got = area::sidney_components(g);
        EXPECT_EQ(got.start, want.start) << "seed " << seed;
        EXPECT_EQ(got.nodes, want.nodes) << "seed " << seed;
        EXPECT_EQ(got.items, want.items) << "seed " << seed;
        if (HasFailure()) return;
        bool in_order = true;  // every component one run
        for (NodeId v = 1; v < n; ++v) in_order = in_order && label[v] >= label[v - 1];
        one_run += in_order ? 1 : 0;
    }
    EXPECT_GT(one_run, 20);  // (some parts are not connected: their ids interleave)
    EXPECT_LT(one_run, 200);
}

// A component's share of the work budget (detail::sidney_share: in 64 bits
// when the product fits) against the 128-bit quotient, at the edges of the
// 64-bit product and at random.
TEST(Sidney, ShareAsA128BitDivision) {
    __extension__ typedef unsigned __int128 u128;
    const std::uint64_t max = ~std::uint64_t{0};
    std::vector<std::array<std::uint64_t, 3>> cases{{0, 1, 1}, {max, 1, 1}, {max, max, max}, {max, 1, max},
                                                     {max / 3, 3, 7}, {max / 3 + 1, 3, 7}, {1u << 31, 1u << 31, 1u << 31},
                                                     {(1ull << 32) + 1, 1ull << 32, (1ull << 32) + 5}};
    std::mt19937_64 rng(18);
    for (int k = 0; k < 20000; ++k) {
        const std::uint64_t total = 1 + (rng() >> (rng() % 64));
        const std::uint64_t cumulative = 1 + rng() % total;
        cases.push_back({rng() >> (rng() % 64), cumulative, total});
    }
    for (const auto& [budget, cumulative, total] : cases)
        ASSERT_EQ(area::detail::sidney_share(budget, cumulative, total),
                  static_cast<std::uint64_t>(static_cast<u128>(budget) * cumulative / total))
            << budget << " " << cumulative << " " << total;
}

// A hook of sidney.cpp set on for a test, restored after it.
struct HookRestored {
    bool (*set)(bool);
    bool old;
    explicit HookRestored(bool (*hook)(bool)) : set(hook), old(hook(true)) {}
    ~HookRestored() { set(old); }
};

// The local mode's tests' sums: f(seed, dag, prefix) for 240 sum_of_parts
// (ids consecutive for even seeds, mixed for odd ones), a taken prefix for
// every third seed, the memo on for half of them. Stops at a failure.
template <class F>
void for_each_local_sum(F&& f) {
    for (std::uint64_t seed = 1; seed <= 240 && !::testing::Test::HasFailure(); ++seed) {
        const Dag g = sum_of_parts(seed, seed % 2 == 0);
        const std::vector<NodeId> prefix =
            seed % 3 == 0 ? down_set_prefix(g, g.node_count() / 5) : std::vector<NodeId>{};
        area::detail::set_sidney_component_memo(seed % 4 < 2);
        f(seed, g, prefix);
    }
}

// Components of at most 64 nodes decomposed in local ids over bit masks
// (sidney.cpp, Decomposer's local mode) against the dag-wide path: the
// same markers in the same order, the same networks, hence the same
// blocks, released counts, envelope and work, cut at the same unit of
// work. 240 sums of small blocks and dags (components of 1-72 nodes, ids
// consecutive or mixed), with and without a taken prefix and the memo,
// whole and under budgets that cut anywhere, through each max-flow path
// (SmallMaxFlow, the generic Dinic, narrow limit 3's restarts,
// push-relabel on every network).
TEST(Sidney, LocalComponentsAsTheDagWidePath) {
    const SmallPathsRestored restore;
    const MemoSettingRestored restore_memo;
    const HookRestored restore_local(area::detail::set_sidney_local_components);
    int cut = 0, runs = 0;
    for_each_local_sum([&](std::uint64_t seed, const Dag& g, const std::vector<NodeId>& prefix) {
        for (int path = 0; path < 4; ++path) {
            area::detail::set_sidney_small_networks(path != 1);
            area::detail::set_sidney_narrow_limit(path == 2 ? 3 : 0xFFFFFFFEu);
            area::detail::set_sidney_push_relabel_vertices(path == 3 ? 0 : 1u << 10);
            area::detail::set_sidney_local_components(false);
            const std::uint64_t whole = sidney_decomposition(g, prefix, ~std::uint64_t{0}).work;
            std::vector<std::uint64_t> budgets{~std::uint64_t{0}, whole / 2, whole / 7, 30};
            if (path == 0)
                for (std::uint64_t k = 1; k < 12; ++k) budgets.push_back(whole * k / 12 + seed % 23);
            for (std::uint64_t budget : budgets) {
                area::detail::set_sidney_local_components(false);
                const auto ref = sidney_decomposition(g, prefix, budget);
                area::detail::set_sidney_local_components(true);
                const auto sd = sidney_decomposition(g, prefix, budget);
                expect_same_decomposition(sd, ref, "seed " + std::to_string(seed) + " path " + std::to_string(path) +
                                                       " budget " + std::to_string(budget));
                if (HasFailure()) return;
                ++runs;
                cut += ref.complete ? 0 : 1;
                if (budget == ~std::uint64_t{0}) {
                    EXPECT_TRUE(sd.complete);
                    expect_decomposition(g, sd, prefix);
                }
            }
        }
    });
    EXPECT_GT(cut, 2000);  // the budgets below the whole work did cut
    std::printf("local components: %d runs, %d cut\n", runs, cut);
}

// The local mode's small networks counted from the masks and placed
// without a list (sidney.cpp, SmallMaxFlow::begin_counted) against the
// list and build: the same decomposition and work on 240 sums of
// components of 1-72 nodes (ids consecutive or shuffled), with and without
// a taken prefix, memo on/off, budgets unlimited and swept through the
// work (the build's budget check cuts some).
TEST(Sidney, DirectBuildAsTheList) {
    const SmallPathsRestored restore;
    const MemoSettingRestored restore_memo;
    const HookRestored restore_direct(area::detail::set_sidney_direct_build);
    int cut = 0, runs = 0;
    for_each_local_sum([&](std::uint64_t seed, const Dag& g, const std::vector<NodeId>& prefix) {
        area::detail::set_sidney_direct_build(false);
        const std::uint64_t whole = sidney_decomposition(g, prefix, ~std::uint64_t{0}).work;
        std::vector<std::uint64_t> budgets{~std::uint64_t{0}, whole / 2, whole / 7, 30};
        for (std::uint64_t k = 1; k < 24; ++k) budgets.push_back(whole * k / 24 + seed % 29);
        for (std::uint64_t budget : budgets) {
            area::detail::set_sidney_direct_build(false);
            const auto ref = sidney_decomposition(g, prefix, budget);
            area::detail::set_sidney_direct_build(true);
            const auto sd = sidney_decomposition(g, prefix, budget);
            expect_same_decomposition(sd, ref, "seed " + std::to_string(seed) + " budget " + std::to_string(budget));
            if (HasFailure()) return;
            ++runs;
            cut += ref.complete ? 0 : 1;
        }
    });
    EXPECT_GT(cut, 3000);  // the budgets below the whole work did cut
    std::printf("direct build: %d runs, %d cut\n", runs, cut);
}

// Two-level components of the local mode split by enumerating the subsets
// of their nodes with children (sidney.cpp, Decomposer::enumerate_split)
// against the max-flow: the same blocks, released counts, envelope and
// completeness with no budget, on the local sums (bipartite parts of 1-12
// sources, varied small dags, ids consecutive or mixed, taken prefixes, memo
// on and off) and on sums of bipartite blocks of 8-16 sources (past 12:
// the max-flow). Under budgets swept through the work the enumeration's
// decomposition stays valid (initial sets in turn, released counts right)
// and a complete one is the unbudgeted one.
TEST(Sidney, EnumerationAsTheMaxFlow) {
    const MemoSettingRestored restore_memo;
    const HookRestored restore_enum(area::detail::set_sidney_enumeration);
    const std::uint64_t splits_before = area::detail::sidney_enumerated_splits();
    int runs = 0, cut = 0;
    auto compare = [&](std::uint64_t seed, const Dag& g, const std::vector<NodeId>& prefix) {
        const std::string where = "seed " + std::to_string(seed);
        area::detail::set_sidney_enumeration(false);
        const auto ref = sidney_decomposition(g, prefix, ~std::uint64_t{0});
        area::detail::set_sidney_enumeration(true);
        const auto whole = sidney_decomposition(g, prefix, ~std::uint64_t{0});
        EXPECT_EQ(whole.nodes, ref.nodes) << where;
        EXPECT_EQ(whole.offsets, ref.offsets) << where;
        EXPECT_EQ(whole.released, ref.released) << where;
        EXPECT_EQ(whole.envelope, ref.envelope) << where;
        EXPECT_TRUE(whole.complete) << where;
        EXPECT_EQ(whole.unsplit, 0u) << where;
        if (::testing::Test::HasFailure()) return;
        std::vector<std::uint64_t> budgets{0, 1, whole.work / 2, whole.work - 1, whole.work};
        for (std::uint64_t k = 1; k < 10; ++k) budgets.push_back(whole.work * k / 10 + seed % 17);
        for (std::uint64_t budget : budgets) {
            const auto sd = sidney_decomposition(g, prefix, budget);
            expect_decomposition(g, sd, prefix, sd.complete);
            if (sd.complete) {
                EXPECT_EQ(sd.offsets, whole.offsets) << where << " budget " << budget;
                EXPECT_EQ(sd.nodes, whole.nodes) << where << " budget " << budget;
            } else {
                EXPECT_GT(sd.unsplit, 0u) << where << " budget " << budget;
                ++cut;
            }
            ++runs;
            if (::testing::Test::HasFailure()) return;
        }
    };
    {  // A tie: f({s1}) = f({s1, s2, s3}) = 9 at the component's ratio 3/6; the least maximizer is {s1}.
        DagBuilder b;
        for (const char* arc : {"s1 t1", "s1 t2", "s1 t3", "s2 t3", "s3 t3"}) {
            const std::string a(arc);
            b.add_arc(b.ensure_node(a.substr(0, 2)), b.ensure_node(a.substr(3)));
        }
        const Dag g = b.build();
        compare(0, g, {});
        const auto sd = sidney_decomposition(g, {}, ~std::uint64_t{0});
        ASSERT_GE(sd.block_count(), 1u);
        EXPECT_EQ(sd.block_size(0), 1u);  // {s1} alone first
    }
    for_each_local_sum(compare);
    // The rest with the passes' plain copies too (AVX2 or not: the same).
    const HookRestored restore_avx2(area::detail::set_sidney_avx2);
    for (std::uint64_t seed = 1; seed <= 400 && !HasFailure(); ++seed) {
        area::detail::set_sidney_avx2(seed % 4 < 2);
        SplitMix64 rng(seed * 977);
        std::vector<std::pair<std::string, std::string>> arcs;
        for (int c = 0, parts = 1 + static_cast<int>(rng.below(seed % 2 == 0 ? 40 : 12)); c < parts; ++c) {
            const std::string p = "b" + std::to_string(c) + "_";
            // (Tiny blocks too: their ties, several maximizers, test the least one.)
            const bool tiny = seed % 2 == 0;
            const std::uint64_t tops = tiny ? 2 + rng.below(4) : 8 + rng.below(9),
                                bottoms = tiny ? 1 + rng.below(6) : 1 + rng.below(20);
            for (std::uint64_t j = 0; j < bottoms; ++j)
                for (std::uint64_t r = 0, k = 1 + rng.below(tiny ? 3 : 5); r < k; ++r)
                    arcs.emplace_back(p + "s" + std::to_string(rng.below(tops)), p + "t" + std::to_string(j));
        }
        if (seed % 4 == 1)
            for (std::size_t i = arcs.size(); i > 1; --i) std::swap(arcs[i - 1], arcs[rng.below(i)]);
        DagBuilder b;
        for (const auto& [from, to] : arcs) b.add_arc(b.ensure_node(from), b.ensure_node(to));
        const Dag g = b.build();
        area::detail::set_sidney_component_memo(seed % 4 < 2);
        compare(seed, g, seed % 3 == 0 ? down_set_prefix(g, g.node_count() / 5) : std::vector<NodeId>{});
    }
    EXPECT_GT(area::detail::sidney_enumerated_splits() - splits_before, 10000u);  // the path ran
    EXPECT_GT(cut, 1000);                                                           // and budgets cut it
    std::printf("enumeration: %d runs, %d cut, %llu splits\n", runs, cut,
                static_cast<unsigned long long>(area::detail::sidney_enumerated_splits() - splits_before));
}

// The components' blocks merged by a counting sort on their ratios
// (sidney.cpp, merge_by_counting) against the heap's k-way merge: the same
// blocks in the same order (ties across components: the one holding the
// smaller id first), released counts, envelope and work, on 80 sums of
// small interleaved blocks and dags (many equal ratios across components)
// with and without a taken prefix, whole and cut by budgets (a cut
// component's blocks need not be in order: then the heap merges).
TEST(Sidney, CountingMergeAsTheHeap) {
    struct Restore {
        bool old = area::detail::set_sidney_counting_merge(true);
        ~Restore() { area::detail::set_sidney_counting_merge(old); }
    } restore;
    std::uint64_t ties = 0;
    for (std::uint64_t seed = 1; seed <= 80; ++seed) {
        const Dag g = interleaved_sum(seed * 7 + 3);
        const std::vector<NodeId> prefix =
            seed % 3 == 0 ? down_set_prefix(g, g.node_count() / 5) : std::vector<NodeId>{};
        const std::uint64_t whole = sidney_decomposition(g, prefix, ~std::uint64_t{0}).work;
        for (std::uint64_t budget : {~std::uint64_t{0}, whole / 3}) {
            area::detail::set_sidney_counting_merge(false);
            const auto ref = sidney_decomposition(g, prefix, budget);
            area::detail::set_sidney_counting_merge(true);
            const auto sd = sidney_decomposition(g, prefix, budget);
            expect_same_decomposition(sd, ref, "seed " + std::to_string(seed) + " budget " + std::to_string(budget));
            if (budget == ~std::uint64_t{0}) expect_decomposition(g, sd, prefix);
            for (std::size_t k = 1; k < sd.block_count(); ++k)
                ties += sd.released[k] * sd.block_size(k - 1) == sd.released[k - 1] * sd.block_size(k) ? 1 : 0;
        }
    }
    EXPECT_GT(ties, 5000u);  // equal ratios next to each other, across components
}

// Issue 18: the decomposition's shortcuts (sidney.cpp, set_sidney_shortcuts)
// against the plain paths: a whole component whose first scan or network
// would pass its share stopped with its work counted from degrees
// (predict_whole), a one-block component's released counted without the
// count-down, a cut component's weights sorted by radix, the pieces not
// sorted again when in order or taken from the blocks' merge; and the
// components found once for the budget and the decomposition
// (sidney_components, sidney_decomposition_from). On one varied dag of
// 60-700 nodes, that dag beside small components (before, after and
// between them) and sums of small blocks, with and without a taken prefix,
// under budgets swept across the first scan's and network's thresholds and
// fractions of the whole work: the same blocks, released counts, work,
// unsplit sets and envelope.
TEST(Sidney, ShortcutsAsThePlainPaths) {
    struct Restore {
        bool old = area::detail::set_sidney_shortcuts(true);
        ~Restore() { area::detail::set_sidney_shortcuts(old); }
    } restore;
    const std::uint64_t stops_before = area::detail::sidney_predicted_stops();
    std::uint64_t cut = 0, radix = 0, cases = 0;
    for (std::uint64_t seed = 1; seed <= 48; ++seed) {
        const Dag big = varied_dag(static_cast<std::uint32_t>(60 + (seed * 37) % 641), 6, 4.0, seed);
        const Dag small = interleaved_sum(seed * 13 + 5);
        Dag g;
        switch (seed % 4) {
            case 0: g = Dag(big); break;
            case 1: g = algebra::sum(std::vector<const Dag*>{&small, &big}).dag; break;
            case 2: g = algebra::sum(std::vector<const Dag*>{&big, &small}).dag; break;
            default: g = algebra::sum(std::vector<const Dag*>{&small, &big, &small}).dag; break;
        }
        const std::vector<NodeId> prefix =
            seed % 3 == 0 ? down_set_prefix(g, g.node_count() / 5) : std::vector<NodeId>{};
        area::detail::set_sidney_shortcuts(false);
        const std::uint64_t whole = sidney_decomposition(g, prefix, ~std::uint64_t{0}).work;
        std::vector<std::uint64_t> budgets{~std::uint64_t{0}, whole / 2, whole / 3, whole / 7, 0};
        const std::uint64_t items = g.node_count() + g.arc_count();
        for (std::uint64_t b = 1 + seed % 7; b < 12 * items; b += 1 + items / 3) budgets.push_back(b);
        if (prefix.empty() && seed % 4 == 0) {  // one component: its first scan's and network's thresholds exactly
            std::uint64_t markers = 0;
            for (NodeId v = 0; v < g.node_count(); ++v) markers += g.in_degree(v) > 0 ? 1 : 0;
            const std::uint64_t scan = 2 * g.arc_count(), network = g.node_count() + 2 * g.arc_count() + markers;
            for (std::uint64_t b : {scan - 1, scan, scan + 2 * network - 1, scan + 2 * network}) budgets.push_back(b);
        }
        for (std::uint64_t budget : budgets) {
            const std::string where = "seed " + std::to_string(seed) + " budget " + std::to_string(budget);
            area::detail::set_sidney_shortcuts(false);
            const auto ref = sidney_decomposition(g, prefix, budget);
            area::detail::set_sidney_shortcuts(true);
            const auto sd = sidney_decomposition(g, prefix, budget);
            expect_same_decomposition(sd, ref, where);
            if (prefix.empty()) {
                const auto from = area::sidney_decomposition_from(g, area::sidney_components(g), budget);
                expect_same_decomposition(from, ref, where + " (from the components)");
            }
            if (budget == ~std::uint64_t{0}) expect_decomposition(g, sd, prefix);
            if (HasFailure()) return;
            ++cases;
            cut += ref.complete ? 0 : 1;
            radix += !ref.complete && ref.envelope.size() > 256 ? 1 : 0;
        }
        area::detail::set_sidney_shortcuts(true);
        EXPECT_EQ(area::sidney_work_budget(g, area::sidney_components(g)), area::sidney_work_budget(g));
    }
    EXPECT_GT(cut, cases / 2);                                           // budgets that cut, anywhere
    EXPECT_GT(area::detail::sidney_predicted_stops() - stops_before, 1000u);  // the scan skipped
    EXPECT_GT(radix, 100u);                                              // cut giant components sorted by radix
}

// `g` with its nodes renumbered in a random order (ids no longer topological).
Dag shuffled_ids(const Dag& g, std::uint64_t seed) {
    SplitMix64 rng(seed);
    std::vector<NodeId> perm(g.node_count());
    std::iota(perm.begin(), perm.end(), 0);
    for (std::size_t i = perm.size(); i > 1; --i) std::swap(perm[i - 1], perm[rng.below(i)]);
    DagBuilder b;
    for (NodeId v : perm) b.ensure_node(std::string(g.name(v)));
    for (NodeId v = 0; v < g.node_count(); ++v)
        for (NodeId c : g.children(v)) b.add_arc(b.ensure_node(std::string(g.name(v))), b.ensure_node(std::string(g.name(c))));
    return b.build();
}

// Issue 18: the bound's ancestor and descendant walks in id order when the
// ids are topological (bound.cpp) against the walks in the dag's
// topological order: the same bound on layered and Erdős–Rényi dags of
// 5,000-17,000 nodes (ids in order) and on the same with their ids shuffled
// (the walk up stops at the first parent with a larger id; Kahn's order
// follows), each with its default-budget decomposition.
TEST(Bound, IdWalkAsTheTopologicalOne) {
    const HookRestored restore(area::detail::set_area_bound_id_walk);
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
        const std::uint32_t width = 1000 + 300 * static_cast<std::uint32_t>(seed), n = 5000 + 2000 * static_cast<std::uint32_t>(seed);
        const Dag a = seed % 2 == 1 ? families::random_layered(5 + static_cast<std::uint32_t>(seed), width, 4.0 / width, seed)
                                    : families::random_er(n, 6.0 / n, seed);
        const Dag shuffled = shuffled_ids(a, seed);
        for (const Dag* g : {&a, &shuffled}) {
            // The counts: the larger of the degree and the longest path's
            // (parents first in Kahn's order, children first in reverse).
            const NodeId size = g->node_count();
            std::vector<std::uint32_t> anc(size, 0), desc(size, 0);
            const auto topo = g->topological_order();
            for (NodeId v : topo) {
                anc[v] = static_cast<std::uint32_t>(g->parents(v).size());
                for (NodeId p : g->parents(v)) anc[v] = std::max(anc[v], anc[p] + 1);
            }
            for (auto it = topo.rbegin(); it != topo.rend(); ++it) {
                desc[*it] = static_cast<std::uint32_t>(g->children(*it).size());
                for (NodeId c : g->children(*it)) desc[*it] = std::max(desc[*it], desc[c] + 1);
            }
            for (bool id_walk : {false, true}) {
                area::detail::set_area_bound_id_walk(id_walk);
                const auto [got_anc, got_desc] = area::detail::area_bound_relatives(*g);
                EXPECT_EQ(got_anc, anc) << "seed " << seed << " id walk " << id_walk;
                EXPECT_EQ(got_desc, desc) << "seed " << seed << " id walk " << id_walk;
            }
            const auto sd = sidney_decomposition(*g);
            area::detail::set_area_bound_id_walk(false);
            const std::uint64_t ref = area_upper_bound(*g, sd);
            area::detail::set_area_bound_id_walk(true);
            EXPECT_EQ(area_upper_bound(*g, sd), ref) << "seed " << seed << (g == &a ? "" : " shuffled");
        }
    }
}

// Issue 18: a dag of at most two levels takes its ancestor and descendant
// counts from the degrees (bound.cpp) against the walks (id order and
// Kahn's): the same counts and bound on sums of random bipartite blocks,
// ids in order and shuffled, small (exact closure) and large; a dag with a
// third level still walks.
TEST(Bound, TwoLevelDegreeCountsAsTheWalks) {
    const HookRestored restore_counts(area::detail::set_area_bound_degree_counts);
    const HookRestored restore_walk(area::detail::set_area_bound_id_walk);
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
        const std::uint32_t blocks = seed % 2 == 1 ? 20 : 600;  // 400 / 12,000 nodes: closure / walks
        const Dag a = families::random_layered(2, 10 * blocks, 3.0 / (10 * blocks), seed);
        const Dag shuffled = shuffled_ids(a, seed);
        for (const Dag* g : {&a, &shuffled}) {
            ASSERT_LE(g->level_count(), 2u);
            area::detail::set_area_bound_degree_counts(false);
            for (bool id_walk : {false, true}) {
                area::detail::set_area_bound_id_walk(id_walk);
                const auto walked = area::detail::area_bound_relatives(*g);
                area::detail::set_area_bound_degree_counts(true);
                EXPECT_EQ(area::detail::area_bound_relatives(*g), walked) << "seed " << seed;
                area::detail::set_area_bound_degree_counts(false);
            }
            const auto sd = sidney_decomposition(*g);
            const std::uint64_t ref = area_upper_bound(*g, sd);
            area::detail::set_area_bound_degree_counts(true);
            EXPECT_EQ(area_upper_bound(*g, sd), ref) << "seed " << seed;
        }
    }
    // Three levels: the degrees are not the counts (a chain's sink has one
    // parent and two ancestors); the walks run.
    DagBuilder b;
    const NodeId x = b.ensure_node("a"), y = b.ensure_node("b"), z = b.ensure_node("c");
    b.add_arc(x, y);
    b.add_arc(y, z);
    const Dag chain = b.build();
    EXPECT_EQ(area::detail::area_bound_relatives(chain).first, (std::vector<std::uint32_t>{0, 1, 2}));
    EXPECT_EQ(area::detail::area_bound_relatives(chain).second, (std::vector<std::uint32_t>{2, 1, 0}));
}

// Issue 18: area_upper_bound sums its caps in one walk over t (the
// differences of with_anc and window summed as it goes, ⌊g(t)⌋'s quotient
// and remainder carried from step to step, the sources read off the
// ancestor counts) against the plain formula: prefix sums first, the
// sources counted, ⌊g(t)⌋ by a 128-bit division at every step. The same
// bound on block sums, layered and Erdős–Rényi dags, whole and cut
// decompositions (per-node pieces), with and without a taken prefix
// (pieces covering fewer than n steps).
std::uint64_t plain_bound(const Dag& g, const area::SidneyDecomposition& sd) {
    __extension__ typedef unsigned __int128 u128;
    const NodeId n = g.node_count();
    const auto [anc, desc] = area::detail::area_bound_relatives(g);
    // with_anc(t) = #{v : a(v) ≤ t}; window(t) = #{v : a(v) ≤ t ≤ n − 1 − d(v)},
    // counted in sorted lists (no difference arrays).
    std::vector<std::int64_t> all(anc.begin(), anc.end()), starts, ends;
    for (NodeId v = 0; v < n; ++v)
        if (static_cast<std::int64_t>(n) - 1 - desc[v] >= static_cast<std::int64_t>(anc[v])) {
            starts.push_back(anc[v]);
            ends.push_back(static_cast<std::int64_t>(n) - 1 - desc[v]);
        }
    std::sort(all.begin(), all.end());
    std::sort(starts.begin(), starts.end());
    std::sort(ends.begin(), ends.end());
    auto at_most = [](const std::vector<std::int64_t>& v, std::int64_t t) {
        return static_cast<std::int64_t>(std::upper_bound(v.begin(), v.end(), t) - v.begin());
    };
    auto below = [](const std::vector<std::int64_t>& v, std::int64_t t) {
        return static_cast<std::int64_t>(std::lower_bound(v.begin(), v.end(), t) - v.begin());
    };
    std::uint64_t sources = 0;
    for (NodeId v = 0; v < n; ++v) sources += g.is_source(v) ? 1u : 0u;
    std::uint64_t bound = 0, before = 0, released_before = 0;
    NodeId t = 0;
    for (std::size_t i = 0; i < sd.envelope.size(); ++i) {
        const std::uint64_t s = sd.envelope[i].first, w = sd.envelope[i].second;
        for (; t < before + s || (i + 1 == sd.envelope.size() && t <= n); ++t) {
            const auto gt = static_cast<std::uint64_t>((released_before + static_cast<u128>(w) * (t - before) / s) / area::kEnvelopeScale);
            const std::uint64_t by_release = sources + gt >= t ? sources + gt - t : 0;
            const auto by_ancestors = static_cast<std::uint64_t>(std::max<std::int64_t>(at_most(all, t) - static_cast<std::int64_t>(t), 0));
            const auto by_window = static_cast<std::uint64_t>(at_most(starts, t) - below(ends, t));
            bound += std::min({static_cast<std::uint64_t>(n - t), by_release, by_ancestors, by_window});
            if (t == n) break;
        }
        before += s;
        released_before += w;
    }
    return sd.block_count() == 0 ? 0 : bound;
}

TEST(Bound, OneWalkAsThePlainSum) {
    int compared = 0, cut = 0;
    for (std::uint64_t seed = 1; seed <= 24; ++seed) {
        const std::uint32_t k = static_cast<std::uint32_t>(seed);
        Dag g;
        switch (seed % 3) {
        case 0: g = families::random_layered(3 + k % 5, 200 + 40 * k, 3.0 / (200 + 40 * k), seed); break;
        case 1: g = families::random_er(300 + 150 * k, 4.0 / (300 + 150 * k), seed); break;
        default: {
            std::vector<Dag> parts;
            for (std::uint32_t j = 0; j < 20 + k; ++j) parts.push_back(families::random_er(3 + (j * 7 + k) % 12, 0.4, seed * 100 + j));
            std::vector<const Dag*> ptrs;
            for (const Dag& d : parts) ptrs.push_back(&d);
            g = algebra::sum(ptrs).dag;
        }
        }
        std::vector<std::vector<NodeId>> prefixes{{}};
        {  // a taken prefix: the first sources in Kahn's order
            std::vector<NodeId> taken;
            for (NodeId v : g.topological_order()) {
                if (!g.is_source(v) || taken.size() >= g.node_count() / 5) break;
                taken.push_back(v);
            }
            if (!taken.empty()) prefixes.push_back(std::move(taken));
        }
        for (const auto& taken : prefixes) {
            const auto whole = sidney_decomposition(g, taken);
            for (std::uint64_t budget : {~std::uint64_t{0}, whole.work / 3, std::uint64_t{0}}) {
                const auto sd = sidney_decomposition(g, taken, budget);
                cut += sd.envelope.size() > sd.block_count();
                EXPECT_EQ(area_upper_bound(g, sd), plain_bound(g, sd)) << "seed " << seed << " budget " << budget << " taken " << taken.size();
                ++compared;
            }
        }
    }
    EXPECT_GT(compared, 100);
    EXPECT_GT(cut, 5);
}

// The decomposition with the component memo against running every copy
// (memo off), with budgets that cut anywhere.
void expect_memo_runs_as_every_copy(const Dag& g, std::span<const NodeId> prefix, std::uint64_t seed) {
    area::detail::set_sidney_component_memo(false);
    const auto whole = sidney_decomposition(g, prefix, ~std::uint64_t{0});
    for (std::uint64_t budget : {~std::uint64_t{0}, whole.work / 2, whole.work / 3, whole.work / 7, std::uint64_t{0}}) {
        area::detail::set_sidney_component_memo(false);
        const auto ref = sidney_decomposition(g, prefix, budget);
        area::detail::set_sidney_component_memo(true);
        const auto sd = sidney_decomposition(g, prefix, budget);
        ASSERT_EQ(sd.nodes, ref.nodes) << "seed " << seed << " budget " << budget;
        EXPECT_EQ(sd.offsets, ref.offsets);
        EXPECT_EQ(sd.released, ref.released);
        EXPECT_EQ(sd.work, ref.work) << "seed " << seed << " budget " << budget;
        EXPECT_EQ(sd.complete, ref.complete);
        EXPECT_EQ(sd.unsplit, ref.unsplit);
        EXPECT_EQ(sd.envelope, ref.envelope);
        EXPECT_EQ(sidney_order(g, sd, prefix), sidney_order(g, ref, prefix));
    }
}

// Sums of copies: a component equal to an earlier one up to the renaming of
// its nodes in order reuses that one's run (ComponentMemo) while the budget
// left covers its work. The same decomposition, work and envelope as running
// every copy, with budgets that cut anywhere and with a taken prefix.
TEST(Sidney, CopiesReuseTheirComponentsRun) {
    const MemoSettingRestored restore;
    const std::uint64_t reuses = area::detail::sidney_component_reuses();
    for (std::uint64_t seed = 1; seed <= 60; ++seed) {
        SplitMix64 rng(seed);
        std::vector<Dag> kinds;
        for (int k = 0; k < 3; ++k)
            kinds.push_back(varied_dag(static_cast<std::uint32_t>(6 + rng.below(30)), 4, 3.0, seed * 7 + k));
        std::vector<const Dag*> parts;
        for (int c = 0, copies = 3 + static_cast<int>(rng.below(12)); c < copies; ++c)
            parts.push_back(&kinds[rng.below(kinds.size())]);
        const Dag g = algebra::sum(parts).dag;
        const std::vector<NodeId> prefix = seed % 3 == 0 ? down_set_prefix(g, g.node_count() / 5) : std::vector<NodeId>{};
        expect_memo_runs_as_every_copy(g, prefix, seed);
        if (HasFatalFailure()) return;
    }
    EXPECT_GT(area::detail::sidney_component_reuses() - reuses, 300u);  // the memo served copies
}

// A sum of 1,200 distinct connected components then copies of one: the memo
// stops trying after 1,024 shapes without hits (sidney.cpp), so the copies
// are all run; the same decomposition, work, envelope and order as with the
// memo off, and no reuse counted.
TEST(Sidney, MemoStopsOnDistinctComponents) {
    const MemoSettingRestored restore;
    // Connected (a path through all nodes) and distinct (random extra arcs).
    std::vector<Dag> kinds;
    for (std::uint64_t k = 0; k < 1200; ++k) {
        SplitMix64 rng(9000 + k);
        const auto n = static_cast<std::uint32_t>(12 + k % 20);
        DagBuilder b;
        for (std::uint32_t i = 0; i < n; ++i) b.add_node("v" + std::to_string(i));
        for (std::uint32_t i = 0; i + 1 < n; ++i) b.add_arc(i, i + 1);
        for (std::uint32_t i = 0; i < n; ++i)
            for (std::uint32_t j = i + 2; j < n; ++j)
                if (rng.below(5) == 0) b.add_arc(i, j);
        kinds.push_back(std::move(b).build());
    }
    std::vector<const Dag*> parts;
    for (const Dag& d : kinds) parts.push_back(&d);
    for (int c = 0; c < 40; ++c) parts.push_back(&kinds[0]);
    const Dag g = algebra::sum(parts).dag;
    const std::uint64_t reuses = area::detail::sidney_component_reuses();
    area::detail::set_sidney_component_memo(true);
    const auto sd = sidney_decomposition(g, {}, ~std::uint64_t{0});
    const std::uint64_t served = area::detail::sidney_component_reuses() - reuses;
    area::detail::set_sidney_component_memo(false);
    const auto ref = sidney_decomposition(g, {}, ~std::uint64_t{0});
    EXPECT_EQ(sd.nodes, ref.nodes);
    EXPECT_EQ(sd.offsets, ref.offsets);
    EXPECT_EQ(sd.work, ref.work);
    EXPECT_EQ(sd.envelope, ref.envelope);
    EXPECT_EQ(sidney_order(g, sd), sidney_order(g, ref));
    EXPECT_EQ(served, 0u);  // the copies came after the memo stopped
}

// After a taken prefix that holds the same first nodes of every copy (what
// a proven ▷-chain of a sum of copies takes), the rest of each copy has
// taken parents: copies fed alike reuse one run, copies fed differently (a
// different prefix of the same kind) must not. Same decomposition, work,
// envelope and order as running every copy, budgets cutting anywhere.
TEST(Sidney, CopiesAfterATakenPrefixReuseTheirRun) {
    const MemoSettingRestored restore;
    const std::uint64_t reuses = area::detail::sidney_component_reuses();
    for (std::uint64_t seed = 1; seed <= 40; ++seed) {
        SplitMix64 rng(seed + 500);
        std::vector<Dag> kinds;
        for (int k = 0; k < 2; ++k)
            kinds.push_back(varied_dag(static_cast<std::uint32_t>(10 + rng.below(30)), 4, 3.0, seed * 11 + k));
        std::vector<const Dag*> parts;
        std::vector<std::size_t> taken_of;  // per copy: how many of its first nodes are taken
        for (int c = 0, copies = 4 + static_cast<int>(rng.below(10)); c < copies; ++c) {
            const std::size_t kind = rng.below(kinds.size());
            parts.push_back(&kinds[kind]);
            taken_of.push_back(kinds[kind].node_count() / (rng.below(4) == 0 ? 2 : 3));
        }
        const algebra::Derived d = algebra::sum(parts);
        const Dag& g = d.dag;
        // Each copy's own down-set prefix, mapped into the sum, copy by copy.
        std::vector<std::vector<NodeId>> local(parts.size());
        for (std::size_t c = 0; c < parts.size(); ++c) local[c] = down_set_prefix(*parts[c], taken_of[c]);
        std::vector<std::vector<NodeId>> into(parts.size());
        for (std::size_t c = 0; c < parts.size(); ++c) into[c].assign(parts[c]->node_count(), kNoNode);
        for (NodeId v = 0; v < g.node_count(); ++v) into[d.origin[v].part][d.origin[v].node] = v;
        std::vector<NodeId> prefix;
        for (std::size_t c = 0; c < parts.size(); ++c)
            for (NodeId v : local[c]) prefix.push_back(into[c][v]);
        expect_memo_runs_as_every_copy(g, prefix, seed);
        if (HasFatalFailure()) return;
    }
    // Fed copies reused too: 2,127 reuses here, 967 when only unfed ones were.
    EXPECT_GT(area::detail::sidney_component_reuses() - reuses, 1500u);
}

// sidney_order before issue 18's speedups (a scan of the parents for the
// last unexecuted one, 1/missing by division): the tests' reference.
std::vector<NodeId> scanning_sidney_order(const Dag& dag, const area::SidneyDecomposition& sd,
                                          std::span<const NodeId> taken) {
    std::uint64_t area = 0;
    return test::reference_order(dag, sd, taken, area);
}

// sidney_order names the last unexecuted parent by XOR and takes 1/k from a
// table: the same order as the scanning one on 120 random dags of up to 500
// nodes (in-degrees past the table's 4096 too), whole, cut by budgets, and
// after a taken prefix.
TEST(Sidney, OrderAsTheScanningOne) {
    int compared = 0;
    for (std::uint64_t seed = 1; seed <= 120; ++seed) {
        const auto n = static_cast<std::uint32_t>(10 + (seed * 53) % 490);
        const Dag g = varied_dag(n, 8, 6.0, seed);
        const std::vector<NodeId> prefix = seed % 3 == 0 ? down_set_prefix(g, n / 3) : std::vector<NodeId>{};
        const auto full = sidney_decomposition(g, prefix, ~std::uint64_t{0});
        for (std::uint64_t budget : {~std::uint64_t{0}, full.work / 4, std::uint64_t{0}}) {
            const auto sd = sidney_decomposition(g, prefix, budget);
            ASSERT_EQ(sidney_order(g, sd, prefix), scanning_sidney_order(g, sd, prefix)) << "seed " << seed << " budget " << budget;
            ++compared;
        }
    }
    // One node with 5,000 parents (past the 1/k table) among a few hundred others.
    DagBuilder b = nodes(5400);
    for (NodeId v = 0; v < 5000; ++v) b.add_arc(v, 5000);
    for (NodeId v = 5001; v < 5400; ++v) {
        b.add_arc(v - 5001, v);
        b.add_arc(5000, v);
        b.add_arc((v * 7) % 5000, v);
    }
    const Dag wide = b.build();
    for (std::uint64_t budget : {~std::uint64_t{0}, std::uint64_t{0}}) {
        const auto sd = sidney_decomposition(wide, {}, budget);
        EXPECT_EQ(sidney_order(wide, sd), scanning_sidney_order(wide, sd, {}));
    }
    EXPECT_EQ(compared, 360);
}

// The AREA the fallback's candidate orders sum while they are built (Sidney
// with and without a taken prefix and cut by budgets, most newly eligible
// first, FIFO) is the AREA a play of the same order gives, on 240 random
// dags (sums of small ones among them: isolated nodes, many sinks). (The
// most-newly-eligible order with packed heap entries is compared with the
// pair-keyed one by Schedule.GreedyOrderAsTheScanningOne.)
TEST(Sidney, AreaSummedWhileBuildingIsThePlayedOne) {
    int compared = 0;
    for (std::uint64_t seed = 1; seed <= 240; ++seed) {
        const auto n = static_cast<std::uint32_t>(1 + (seed * 53) % 400);
        Dag g = varied_dag(n, 8, 3.0 + static_cast<double>(seed % 5), seed);
        if (seed % 6 == 5) {
            const Dag other = varied_dag(1 + n / 3, 3, 2.0, seed + 1);
            g = algebra::sum(std::vector<const Dag*>{&g, &other, &other}).dag;
        }
        const std::vector<NodeId> prefix =
            seed % 3 == 0 ? down_set_prefix(g, g.node_count() / 3) : std::vector<NodeId>{};
        const auto full = sidney_decomposition(g, prefix, ~std::uint64_t{0});
        for (std::uint64_t budget : {~std::uint64_t{0}, full.work / 3, std::uint64_t{0}}) {
            const auto sd = sidney_decomposition(g, prefix, budget);
            std::uint64_t area = 0;
            const std::vector<NodeId> order = sidney_order(g, sd, prefix, &area);
            ASSERT_EQ(area, pebble::area(g, order)) << "seed " << seed << " budget " << budget;
            ++compared;
        }
        std::uint64_t area = 0;
        std::vector<NodeId> order = schedule::greedy_order(g, &area);
        EXPECT_EQ(order, schedule::greedy_order(g));
        EXPECT_EQ(area, pebble::area(g, order)) << "seed " << seed;
        order = pebble::fifo_order(g, area);
        EXPECT_EQ(order, pebble::baseline_order(g, pebble::Policy::fifo));
        EXPECT_EQ(area, pebble::area(g, order)) << "seed " << seed;
    }
    EXPECT_EQ(compared, 720);
}

// The bound is within 15% of the optimum on small dags (it was up to 54%
// above it with the envelope alone: the ancestor/descendant caps of bound.cpp).
TEST(Sidney, BoundIsTightOnSmallDags) {
    double worst = 1, sum = 0;
    int count = 0;
    for (std::uint64_t seed = 1; seed <= 400; ++seed) {
        const auto n = static_cast<std::uint32_t>(2 + seed % 14);
        const Dag g = small_dag(n, seed);
        const std::uint64_t best = subset_dp_max_area(g);
        const std::uint64_t bound = area_upper_bound(g, sidney_decomposition(g));
        ASSERT_GE(bound, best);
        if (best == 0) continue;
        const double r = static_cast<double>(bound) / static_cast<double>(best);
        worst = std::max(worst, r);
        sum += r;
        ++count;
    }
    std::printf("AREA bound / optimum on %d small dags: mean %.4f, worst %.4f\n", count, sum / count, worst);
    EXPECT_LE(worst, 1.15);
}

// A random series-parallel dag on nodes [first, first + n): series
// compositions join every sink of the first part to every source of the
// second (plus, sometimes, a shortcut arc), parallel ones add nothing.
void random_sp(DagBuilder& b, NodeId first, std::uint32_t n, SplitMix64& rng) {
    if (n == 1) return;
    const auto left = static_cast<std::uint32_t>(1 + rng.below(n - 1));
    random_sp(b, first, left, rng);
    random_sp(b, first + left, n - left, rng);
    if (rng.below(2) == 0) return;  // parallel
    // Series: sinks of the left part (no child inside it) to sources of the right.
    const Dag part = b.build();     // the arcs so far (a copy: cheap at these sizes)
    auto inside = [&](NodeId v, NodeId lo, NodeId hi) { return v >= lo && v < hi; };
    for (NodeId u = first; u < first + left; ++u) {
        const auto cs = part.children(u);
        if (std::any_of(cs.begin(), cs.end(), [&](NodeId c) { return inside(c, first, first + left); })) continue;
        for (NodeId v = first + left; v < first + n; ++v) {
            const auto ps = part.parents(v);
            if (std::none_of(ps.begin(), ps.end(), [&](NodeId p) { return inside(p, first + left, first + n); }))
                b.add_arc(u, v);
        }
    }
    if (rng.below(3) == 0) b.add_arc(first + static_cast<NodeId>(rng.below(left)), first + left + static_cast<NodeId>(rng.below(n - left)));
}

// Some x < z, y < z, y < w with x, y and z, w incomparable and x not < w:
// the N that series-parallel orders lack (brute force over the closure).
bool has_n(const Dag& g) {
    const NodeId n = g.node_count();
    std::vector<std::uint32_t> below(n, 0);  // ancestors as bits
    for (NodeId v : g.topological_order())
        for (NodeId p : g.parents(v)) below[v] |= below[p] | (1u << p);
    auto lt = [&](NodeId a, NodeId b) { return (below[b] >> a & 1) != 0; };
    for (NodeId x = 0; x < n; ++x)
        for (NodeId y = 0; y < n; ++y)
            for (NodeId z = 0; z < n; ++z)
                for (NodeId w = 0; w < n; ++w)
                    if (lt(x, z) && lt(y, z) && lt(y, w) && !lt(x, w) && x != y && z != w && !lt(x, y) &&
                        !lt(y, x) && !lt(z, w) && !lt(w, z))
                        return true;
    return false;
}

// Series-parallel dags get an AREA-maximal order (= the lattice DP's
// maximum, = brute force on the smallest); the others none: exactly the
// dags whose order has an N.
TEST(SeriesParallel, MaximalAreaAndRecognition) {
    int sp = 0, rejected = 0;
    for (std::uint64_t seed = 1; seed <= 1500; ++seed) {
        SplitMix64 rng(seed);
        const auto n = static_cast<std::uint32_t>(1 + seed % 16);
        Dag g;
        if (seed % 3 != 0) {
            DagBuilder b = nodes(n);
            random_sp(b, 0, n, rng);
            g = b.build();
        } else {
            g = small_dag(n, seed);
        }
        const auto order = area::series_parallel_schedule(g);
        const bool n_free = !has_n(g);
        ASSERT_EQ(order.has_value(), n_free) << "seed " << seed;
        if (seed % 3 != 0) {
            EXPECT_TRUE(n_free) << "seed " << seed << ": the generator built an N";
        }
        if (!order) {
            ++rejected;
            continue;
        }
        ++sp;
        const std::uint64_t area = pebble::evaluate(g, *order).area;  // validates the order
        EXPECT_EQ(area, area_optimal_schedule(g).area) << "seed " << seed;
        if (n <= 8) {
            std::uint64_t any = 0;
            EXPECT_EQ(area, brute_max_area(g, &any)) << "seed " << seed;
        }
    }
    std::printf("series-parallel: %d AREA-maximal, %d rejected (an N)\n", sp, rejected);
    EXPECT_GT(sp, 900);
    EXPECT_GT(rejected, 100);
}

// Larger random series-parallel dags (20-45 nodes) against the lattice DP,
// where their down-sets fit its budget.
TEST(SeriesParallel, MaximalAreaOnLargerDags) {
    int compared = 0;
    for (std::uint64_t seed = 1; seed <= 150; ++seed) {
        SplitMix64 rng(seed * 31);
        const auto n = static_cast<std::uint32_t>(20 + seed % 26);
        DagBuilder b = nodes(n);
        random_sp(b, 0, n, rng);
        const Dag g = b.build();
        const auto order = area::series_parallel_schedule(g);
        ASSERT_TRUE(order.has_value()) << "seed " << seed;
        const std::uint64_t area = pebble::evaluate(g, *order).area;
        try {
            EXPECT_EQ(area, area_optimal_schedule(g, std::uint64_t{1} << 17).area) << "seed " << seed;
            ++compared;
        } catch (const Error& e) {
            EXPECT_EQ(e.code(), Errc::too_large);
        }
    }
    std::printf("series-parallel, 20-45 nodes: %d compared with the lattice DP\n", compared);
    EXPECT_GT(compared, 50);
}

// Large series-parallel dags: a chain of 2,000 diamonds with fans.
TEST(SeriesParallel, LargeAndNotSeriesParallel) {
    DagBuilder b = nodes(4000);
    for (NodeId i = 0; i + 4 < 4000; i += 4) {
        b.add_arc(i, i + 1), b.add_arc(i, i + 2), b.add_arc(i + 1, i + 3), b.add_arc(i + 2, i + 3);
        b.add_arc(i + 3, i + 4);
    }
    const Dag g = b.build();
    const auto order = area::series_parallel_schedule(g);
    ASSERT_TRUE(order.has_value());
    EXPECT_EQ(order->size(), 4000u);
    pebble::evaluate(g, *order);
    // The N itself: a -> c, b -> c, b -> d.
    DagBuilder nb = nodes(4);
    nb.add_arc(0, 2), nb.add_arc(1, 2), nb.add_arc(1, 3);
    EXPECT_FALSE(area::series_parallel_schedule(nb.build()).has_value());
}

TEST(Sidney, SumsMergeByRatio) {
    // Two components: the decomposition of the sum keeps each one's blocks in order.
    const Dag g = sum_of_bipartite(30, 3, 0.5, 7);
    const auto sd = sidney_decomposition(g);
    expect_decomposition(g, sd);
    const auto order = sidney_order(g, sd);
    EXPECT_EQ(order.size(), g.node_count());
    EXPECT_GE(area_upper_bound(g, sd), pebble::evaluate(g, order).area);
}

// The default budget (sidney_work_budget): sums of copies of small dags past
// 2^18 nodes + arcs no longer get the whole-dag allowance 16 (n + arcs) +
// 2^24 but still decompose fully, on each copy's min(2 size², 2^20) (a
// Montage_25 copy needs 1.26 size²); one component that large gets 2^20
// only, a dag within 2^18 the whole-dag allowance too.
TEST(Sidney, DefaultBudgetDecomposesSumsOfSmallDagsFully) {
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
        SplitMix64 rng(seed + 700);
        std::vector<Dag> kinds;
        for (std::uint64_t k = 0; k < 3; ++k)
            kinds.push_back(varied_dag(static_cast<std::uint32_t>(20 + rng.below(40)), 4, 3.0, seed * 7 + k));
        std::vector<const Dag*> parts;
        std::uint64_t items = 0;
        while (items <= area::kSidneyWorkWholeItems) {
            const Dag& d = kinds[rng.below(kinds.size())];
            parts.push_back(&d);
            items += d.node_count() + d.arc_count();
        }
        const Dag g = algebra::sum(parts).dag;
        const auto sd = sidney_decomposition(g, {}, area::sidney_work_budget(g));
        EXPECT_TRUE(sd.complete) << "seed " << seed;
        const auto full = sidney_decomposition(g, {}, ~std::uint64_t{0});
        EXPECT_EQ(sd.nodes, full.nodes);
        EXPECT_EQ(sd.offsets, full.offsets);
    }
    DagBuilder b;  // one path: n + arcs = 2^19 - 1
    const std::uint32_t n = 1u << 18;
    for (std::uint32_t i = 0; i < n; ++i) b.add_node("v" + std::to_string(i));
    for (std::uint32_t i = 0; i + 1 < n; ++i) b.add_arc(i, i + 1);
    EXPECT_EQ(area::sidney_work_budget(std::move(b).build()), area::kSidneyWorkSmall);
    const Dag small = varied_dag(200, 4, 3.0, 5);
    EXPECT_GE(area::sidney_work_budget(small), area::kSidneyWorkBase + area::kSidneyWorkPerArc * (small.node_count() + small.arc_count()));
}

}  // namespace
}  // namespace ics::exact_test
