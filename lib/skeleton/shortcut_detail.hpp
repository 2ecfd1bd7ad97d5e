// Internals of shortcut detection (shortcut.cpp): the two strategies that
// decide which candidate arcs (level gap >= 2) are shortcuts.
#pragma once

#include <bit>
#include <cstdint>
#include <span>
#include <vector>

#include "dag/dag.hpp"

namespace ics::skeleton::detail {

struct Arc {
    NodeId u, v;
};

// The arcs that may be shortcuts: level(v) >= level(u) + 2, in increasing (u, v).
std::vector<Arc> candidate_arcs(const Dag& dag);

// Nodes sorted by level (a topological order); level_start[l] is the first
// position of level l, level_start[levels] = n.
struct LevelOrder {
    std::vector<NodeId> order;
    std::vector<std::uint32_t> level_start;
    explicit LevelOrder(const Dag& dag);
};

// Bitset reachability over groups of up to 512 candidate heads
// (shortcut_bitset.cpp). `cost_only`: return the estimated word operations
// without doing them. Otherwise sets shortcut[i] for cand[i] and returns 0.
std::uint64_t bitset_shortcuts(const Dag& dag, const LevelOrder& lo, std::span<const Arc> cand,
                               std::vector<std::uint8_t>* shortcut);

// Reachability labels (shortcut_intervals.cpp; GRAIL, Yildirim, Chaoji and
// Zaki, PVLDB 2010): L depth-first traversals with different child and root
// orders each give every node x its post-order rank post(x) and low(x), the
// smallest rank among x and its descendants. A node reaches only nodes with
// a smaller rank, so x reaches y only if [low(y), post(y)] lies inside
// [low(x), post(x)] in every labeling: one failed containment refutes the
// path without a search. Shortcut detection uses three (32 bytes per node,
// padded: two nodes per cache line), the failure certificate one (8 bytes:
// it needs most refutations, not all); O(L (n + m)) to build.
template <std::uint32_t L>
class BasicIntervalLabels {
public:
    static constexpr std::uint32_t kLabelings = L;
    static constexpr std::uint32_t kStride = std::bit_ceil(2 * L);  // (low, post) per labeling, padding
    explicit BasicIntervalLabels(const Dag& dag);
    // False only when x certainly does not reach y (true does not prove a path).
    bool may_reach(NodeId x, NodeId y) const noexcept {
        const std::uint32_t* a = &label_[std::size_t{x} * kStride];
        const std::uint32_t* b = &label_[std::size_t{y} * kStride];
        for (std::uint32_t t = 0; t < 2 * kLabelings; t += 2)
            if (a[t] > b[t] || b[t + 1] > a[t + 1]) return false;
        return true;
    }
    // Starts loading x's label (callers about to test many nodes at random).
    void prefetch(NodeId x) const noexcept { __builtin_prefetch(&label_[std::size_t{x} * kStride]); }

private:
    std::vector<std::uint32_t> label_;  // per node: low, post per labeling
};
using IntervalLabels = BasicIntervalLabels<3>;

// Level-bounded searches from each tail (shortcut_search.cpp), cand grouped
// by tail. With `labels`, a node is expanded only when it may still reach an
// undecided head of the tail (same answers, less work). Work is counted in
// arcs scanned (plus one per tail); the search gives up once over `budget`,
// and returns how many candidates (a prefix, whole tails) it decided, setting
// shortcut[i] for those.
std::size_t search_shortcuts(const Dag& dag, std::span<const Arc> cand, std::uint64_t budget,
                             std::vector<std::uint8_t>& shortcut, const IntervalLabels* labels = nullptr);
// The work search_shortcuts would do, extrapolated from every stride-th
// tail; more than `limit` as soon as the sample alone shows it exceeds it.
// search_sample also counts the sampled candidates decided before it
// stopped and how many of them are shortcuts.
struct SearchSample {
    std::uint64_t estimate = 0, candidates = 0, shortcuts = 0;
};
SearchSample search_sample(const Dag& dag, std::span<const Arc> cand, std::uint32_t stride, std::uint64_t limit,
                           const IntervalLabels* labels = nullptr);
std::uint64_t search_estimate(const Dag& dag, std::span<const Arc> cand, std::uint32_t stride, std::uint64_t limit,
                              const IntervalLabels* labels = nullptr);

// A unit of search work (a random access into a large dag) measured 5-8
// times a unit of bitset work (a word OR in a streaming pass).
inline constexpr std::uint64_t kSearchUnitCost = 8;
inline constexpr std::uint32_t kSampleStride = 64;  // tails sampled for the estimate

// Interval labels cut the search's work by a factor of 2.8 on Erdős–Rényi
// dags with 4 arcs per node (5 with 8), so the plain sample looks this far
// past the limit before the bitset method is chosen: a sample costs about
// 1/64 of the search it samples, 50-70 ms per limit on a 10^5-node dag with
// 8 arcs per node, whose bitset method takes 2-3 s.
inline constexpr std::uint64_t kLabelGain = 2;
// Whether to build IntervalLabels after a plain sample: only when most
// sampled candidates are no shortcut (labels refute, they never confirm; on
// Laplace dags every candidate is a shortcut and the search ends early
// anyway) and the search would cost more than a few label passes.
bool labels_pay(const Dag& dag, const SearchSample& plain);

// The search work worth trying instead of the bitset method: 0 when that
// method is cheap anyway (< 4 (n + m) units), else its cost / kSearchUnitCost
// (shortcut.cpp).
std::uint64_t search_limit(const Dag& dag, const LevelOrder& lo, std::span<const Arc> cand);

}  // namespace ics::skeleton::detail
