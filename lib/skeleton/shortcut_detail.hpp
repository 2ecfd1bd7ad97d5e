// Internals of shortcut detection (shortcut.cpp): the two strategies that
// decide which candidate arcs (level gap >= 2) are shortcuts.
#pragma once

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

// Level-bounded searches from each tail (shortcut_search.cpp), cand grouped
// by tail. Work is counted in arcs scanned (plus one per tail); the search
// gives up once over `budget`, and returns how many candidates (a prefix,
// whole tails) it decided, setting shortcut[i] for those.
std::size_t search_shortcuts(const Dag& dag, std::span<const Arc> cand, std::uint64_t budget,
                             std::vector<std::uint8_t>& shortcut);
// The work search_shortcuts would do, extrapolated from every stride-th
// tail; more than `limit` as soon as the sample alone shows it exceeds it.
std::uint64_t search_estimate(const Dag& dag, std::span<const Arc> cand, std::uint32_t stride, std::uint64_t limit);

// A unit of search work (a random access into a large dag) measured 5-8
// times a unit of bitset work (a word OR in a streaming pass).
inline constexpr std::uint64_t kSearchUnitCost = 8;
inline constexpr std::uint32_t kSampleStride = 64;  // tails sampled for the estimate

// The search work worth trying instead of the bitset method: 0 when that
// method is cheap anyway (< 4 (n + m) units), else its cost / kSearchUnitCost
// (shortcut.cpp).
std::uint64_t search_limit(const Dag& dag, const LevelOrder& lo, std::span<const Arc> cand);

}  // namespace ics::skeleton::detail
