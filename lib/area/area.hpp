// AREA-oriented scheduling for dags without an IC-optimal schedule
// (issue 12; Cordasco, Malewicz, Rosenberg: AREA-maximal schedules are the
// IC-optimal ones whenever those exist; Roche, Rosenberg, Rajaraman,
// Euro-Par 2014: maximizing AREA is NP-hard and its link to 1|prec|Σw_jC_j).
//
// AREA(Σ) = Σ_{t=0..n} E(t). A node v is ELIGIBLE during the steps
// T_v ≤ t < C_v, T_v the step at which its last parent runs (0 for a source)
// and C_v its own step, so AREA = Σ_v (C_v − T_v) = n(n+1)/2 − Σ_v T_v:
// maximizing AREA is minimizing Σ_v T_v, i.e. 1|prec|Σ w_j C_j with unit jobs
// (the nodes) and zero-length unit-weight MARKERS, one per nonsource v,
// preceded by v's parents (C_marker = T_v).
//
// Four algorithms, each in its own file:
//   area_dp.cpp  exact AREA-maximal schedules by dynamic programming over the
//                lattice of down-sets (every dag whose down-sets fit a budget);
//   sidney.cpp   the Sidney decomposition (Sidney 1975; Margot, Queyranne,
//                Wang 2003) by parametric minimum cut (Boost.Graph), and the
//                order that runs its blocks in turn, greedily inside each;
//   series_parallel.cpp  AREA-maximal schedules of series-parallel dags
//                (Lawler's 1|sp|Σ w_j C_j algorithm on nodes and markers);
//   bound.cpp    a certified upper bound on the AREA of every schedule, from
//                the decomposition's concave envelope of released markers.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include "dag/dag.hpp"

namespace ics::area {

// Default number of down-sets the exact DP may visit (2^22, ~4.2M).
inline constexpr std::uint64_t kDefaultAreaBudget = std::uint64_t{1} << 22;

struct AreaOptimum {
    std::vector<NodeId> order;               // a schedule of maximum AREA
    std::uint64_t area = 0;                  // its AREA (the maximum over all schedules)
    std::vector<std::uint32_t> max_profile;  // M(0..n): the per-step maximum of E(t)
    std::uint64_t downsets = 0;              // down-sets of the dag (the empty one included)
    // True iff area = Σ M(t): then (and only then) the order is IC-optimal.
    bool ic_optimal() const noexcept;
};

// The exact maximum of AREA over all schedules, by the lattice DP of
// area_dp.cpp. Throws Errc::too_large (naming the budget) when the dag has
// more than `max_downsets` down-sets (or cannot be encoded: see area_dp.cpp).
AreaOptimum area_optimal_schedule(const Dag& dag, std::uint64_t max_downsets = kDefaultAreaBudget);

// A Sidney decomposition: blocks S_1, ..., S_k partitioning the nodes, each
// an initial set (closed under parents, given the earlier blocks) whose ratio
// ρ_i = released_i / |S_i| is the largest any initial set of the remaining
// dag reaches, with no initial subset of S_i above it. released_i counts the
// markers (nonsources) whose parents all lie in S_1 ∪ ... ∪ S_i, at least one
// in S_i. Ratios are non-increasing.
struct SidneyDecomposition {
    std::vector<NodeId> nodes;            // block after block (each block in id order)
    std::vector<std::uint32_t> offsets{0};  // block i is nodes[offsets[i] .. offsets[i+1])
    std::vector<std::uint64_t> released;  // released_i
    // False when the work budget ran out before every set was split: the
    // sets not yet split (`unsplit` of them) stay whole blocks, still
    // initial sets in turn (a valid order), but neither their ratio's
    // maximality nor the ratios' order holds (sidney.cpp).
    bool complete = true;
    std::uint64_t unsplit = 0;
    // For the bound (bound.cpp): pieces (size, released × kEnvelopeScale)
    // of non-increasing ratio whose concave curve bounds released(D) for
    // every down-set D of the dag left after `taken`. The blocks when
    // complete; a component the budget cut contributes one piece per node
    // instead, Σ over its children c of 1/(c's parents not taken) rounded up
    // (a released marker has all those parents in D), largest first, merged
    // by ratio with the other components'.
    std::vector<std::pair<std::uint32_t, std::uint64_t>> envelope;
    std::uint64_t work = 0;  // arcs built and scanned over all max-flow calls, subsets enumerated / 8
    // The weakly connected components (of the dag left after `taken`,
    // numbered by their smallest id) that the blocks come from, one per
    // block; and per component, the earlier component whose blocks are its
    // own up to the order-preserving renaming of their nodes (sums of copies:
    // sidney.cpp's ComponentMemo), else itself. sidney_order renames an
    // original's block orders for its copies instead of running them (issue 18).
    // Empty when not known (a decomposition built by hand).
    std::vector<std::uint32_t> block_component, copy_of;
    std::size_t block_count() const noexcept { return offsets.size() - 1; }
    std::uint32_t block_size(std::size_t i) const noexcept { return offsets[i + 1] - offsets[i]; }
};

// `taken`: nodes already executed (a down-set, listed parents first): the
// decomposition is that of the rest of the dag given them (markers whose
// parents are all taken count nowhere).
// The work budget bounds the arcs built and scanned over all max-flow calls
// and the subsets enumerated ÷ 8 (two-level components, sidney.cpp); the default, sidney_work_budget, is Σ over weakly connected
// components of min(2 size², kSidneyWorkSmall), size = its nodes + arcs,
// plus kSidneyWorkPerArc · (n + arcs) + kSidneyWorkBase when n + arcs ≤
// kSidneyWorkWholeItems: dags of a few thousand nodes (and sums of such)
// never reach it.
inline constexpr std::uint64_t kEnvelopeScale = std::uint64_t{1} << 16;
inline constexpr std::uint64_t kSidneyWorkPerArc = 16;
inline constexpr std::uint64_t kSidneyWorkBase = std::uint64_t{1} << 24;
inline constexpr std::uint64_t kSidneyWorkSmall = std::uint64_t{1} << 20;  // per component: min(2 size², this)
inline constexpr std::uint64_t kSidneyWorkWholeItems = std::uint64_t{1} << 18;
std::uint64_t sidney_work_budget(const Dag& dag);
SidneyDecomposition sidney_decomposition(const Dag& dag, std::span<const NodeId> taken, std::uint64_t work_budget);
inline SidneyDecomposition sidney_decomposition(const Dag& dag, std::span<const NodeId> taken = {}) {
    return sidney_decomposition(dag, taken, sidney_work_budget(dag));
}

// The weakly connected components of a dag (sidney.cpp): component c is
// nodes[start[c] .. start[c + 1]), its nodes in id order, the components in
// order of the smallest id they hold. sidney_work_budget and the
// decomposition with no node taken both start from them: found once when
// passed to both (issue 18: a pass over every arc, ~30 ms at 10^6 nodes and
// 7 × 10^6 arcs), with the same budget and decomposition.
struct SidneyComponents {
    std::vector<NodeId> nodes;
    std::vector<std::uint32_t> start;  // components + 1 entries
    // Each component's nodes + arcs (the budget's and the decomposition's
    // measure), counted by runs of consecutive ids as the components are found.
    std::vector<std::uint64_t> items;
};
SidneyComponents sidney_components(const Dag& dag);
std::uint64_t sidney_work_budget(const Dag& dag, const SidneyComponents& comps);
// sidney_decomposition(dag, {}, work_budget), from the dag's components
// (sidney_components(dag), consumed).
SidneyDecomposition sidney_decomposition_from(const Dag& dag, SidneyComponents&& comps, std::uint64_t work_budget);

namespace detail {
// A component's share of the Sidney decomposition's work budget:
// ⌊budget · cumulative / total⌋ (cumulative: the nodes + arcs of the
// components up to it, 1 ≤ cumulative ≤ total), in 64 bits when the
// product fits (a 128-bit division is a libgcc call, one per component).
inline std::uint64_t sidney_share(std::uint64_t budget, std::uint64_t cumulative, std::uint64_t total) {
    if (budget <= ~std::uint64_t{0} / cumulative) return budget * cumulative / total;
    __extension__ typedef unsigned __int128 u128;
    return static_cast<std::uint64_t>(static_cast<u128>(budget) * cumulative / total);
}
// Test hook: false runs every block of sidney_order, copies too (no
// renaming of an original's orders, SidneyDecomposition::copy_of).
// Returns the previous setting.
bool set_sidney_order_copies(bool on);
// Test hook: false runs blocks of at most 64 nodes through sidney_order's
// heaps too (not its local array of keys). Returns the previous setting.
bool set_sidney_order_small_blocks(bool on);
// Tests only: the largest residual capacity the max-flow keeps in 32 bits
// before it starts the call over in 64 (sidney.cpp; 0: 64 bits from the
// start); returns the previous one. The decomposition is the same whatever
// it is. sidney_narrow_restarts: calls started over so far.
std::uint64_t set_sidney_narrow_limit(std::uint64_t limit);
std::uint64_t sidney_narrow_restarts();
// Tests only: networks of at least this many vertices run push-relabel
// (push_relabel.hpp) instead of Dinic (0: all, max: none); returns the
// previous threshold. The decomposition is the same whatever it is, unless
// the work budget stops it (their work differs).
std::uint32_t set_sidney_push_relabel_vertices(std::uint32_t vertices);
// Tests only: whether copies of a component reuse its run (ComponentMemo in
// sidney.cpp; on by default); returns the previous setting. The
// decomposition is the same either way.
bool set_sidney_component_memo(bool on);
std::uint64_t sidney_component_reuses();  // components served by an earlier run so far
// Tests only: whether Dinic's BFS on networks of at most 64 vertices runs
// over words of residual heads (sidney.cpp; on by default); returns the
// previous setting. The decomposition and its work are the same either way.
bool set_sidney_small_bfs(bool on);
// Tests only: whether Dinic's networks of at most 64 vertices are built
// and run in fixed arrays (sidney.cpp, SmallMaxFlow; on by default, taken
// with the small BFS on); returns the previous setting. The decomposition
// and its work are the same either way.
bool set_sidney_small_networks(bool on);
// Tests only: whether components of at most 64 nodes are decomposed in
// local ids over bit masks (sidney.cpp, Decomposer's local mode; on by
// default); returns the previous setting. The decomposition and its work
// are the same either way.
bool set_sidney_local_components(bool on);
// Tests only: whether the local mode's small networks are counted from
// the masks and placed without a list (sidney.cpp,
// SmallMaxFlow::begin_counted; on by default); returns the previous
// setting. The decomposition and its work are the same either way.
bool set_sidney_direct_build(bool on);
// Tests only: whether the local mode splits components of two levels with
// at most 12 nodes that have children by enumerating those nodes' subsets
// (sidney.cpp, Decomposer::enumerate_split; on by default), else by a
// max-flow; returns the previous setting. The decomposition is the same
// either way, unless the work budget stops it (their work differs).
bool set_sidney_enumeration(bool on);
std::uint64_t sidney_enumerated_splits();  // least maximizers found by enumeration so far
// Tests only: whether the enumeration's passes use their AVX2 copies on
// CPUs that have AVX2 (on by default); returns the previous setting. The
// decomposition and its work are the same either way.
bool set_sidney_avx2(bool on);
// Tests only: whether the components' blocks are merged by a counting sort
// on their ratios when each component's are in order and their (released,
// size) pairs few (sidney.cpp; on by default), else by a heap; returns the
// previous setting. The decomposition is the same either way.
bool set_sidney_counting_merge(bool on);
// Tests only: whether the decomposition takes its shortcuts (sidney.cpp:
// a whole component whose first scan or network would pass its share is
// not scanned, its work counted from degrees; a cut component's envelope
// weights sorted by radix; the pieces merged by the blocks' merge);
// returns the previous setting. The decomposition and its work are the
// same either way.
bool set_sidney_shortcuts(bool on);
std::uint64_t sidney_predicted_stops();  // whole components stopped without their scan so far
// Tests only: whether area_upper_bound walks a dag whose ids are in
// topological order in id order for its ancestor and descendant counts
// (bound.cpp; on by default), else in the dag's topological order; returns
// the previous setting. The bound is the same either way.
bool set_area_bound_id_walk(bool on);
// Tests only: whether area_upper_bound takes a dag of at most two levels'
// ancestor and descendant counts from its degrees (bound.cpp; on by
// default), else from the walks; returns the previous setting.
bool set_area_bound_degree_counts(bool on);
// Tests only: the lower bounds on each node's ancestors and descendants
// area_upper_bound uses (bound.cpp).
std::pair<std::vector<std::uint32_t>, std::vector<std::uint32_t>> area_bound_relatives(const Dag& dag);
}  // namespace detail

// The blocks in turn; inside each, repeatedly the eligible node of the block
// that makes the most tasks eligible now (ties: the most progress towards
// children still waiting on other parents, Σ 1/missing; nonsinks before
// sinks; the lowest id). Every order consistent with a Sidney decomposition is a
// 2-approximation of min Σ_v T_v (Chekuri & Motwani 1999; Margot et al. 2003).
// With `taken` (the decomposition's), those nodes run first, as listed.
// With `area`, the order's AREA (pebble::area) is written there, summed as
// the order is built (no second pass); with `profile`, E(t) for t = 0..n
// (pebble::Evaluation::eligible: the winner of the AREA fallback is not
// played again).
std::vector<NodeId> sidney_order(const Dag& dag, const SidneyDecomposition& sidney,
                                 std::span<const NodeId> taken = {}, std::uint64_t* area = nullptr,
                                 std::vector<std::uint32_t>* profile = nullptr);

// Series-parallel dags (reachability order built from single nodes by
// disjoint union and series composition; series_parallel.cpp): an
// AREA-maximal schedule in polynomial time, or nullopt when the dag is not
// series-parallel or has more than kMaxSeriesParallelNodes nodes (the
// recognition keeps n² bits of ancestors).
inline constexpr NodeId kMaxSeriesParallelNodes = 8192;
std::optional<std::vector<NodeId>> series_parallel_schedule(const Dag& dag);

// An integer ≥ the AREA of every schedule of `dag` (bound.cpp proves it).
std::uint64_t area_upper_bound(const Dag& dag, const SidneyDecomposition& sidney);

}  // namespace ics::area
