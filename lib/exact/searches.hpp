// Internal to lib/exact: the two searches behind exact_schedule
// (downset_search.hpp), instantiated for W in {1, 2, 4, 8, 16} words.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "dag/dag.hpp"

namespace ics::exact::detail {

struct ChainResult {
    bool found = false;          // a chain of maximal down-sets reaches size n
    std::vector<NodeId> order;   // found: the ICO schedule
    std::uint32_t deepest = 0;   // largest size a chain of maximal down-sets reaches
};

// Depth-first search for a chain of down-sets D_0 ⊂ ... ⊂ D_n with
// elig(D_t) = max_profile[t] (chain_search.cpp).
template <std::size_t W>
ChainResult chain_search(const Dag& dag, std::span<const std::uint32_t> max_profile);

struct LexMaxResult {
    std::vector<NodeId> order;            // a schedule with the profile below
    std::vector<std::uint32_t> profile;   // the lexicographically maximal E(0..n)
};

// Layered search for the lexicographically maximal profile (lexmax_search.cpp).
template <std::size_t W>
LexMaxResult lexmax_search(const Dag& dag);

}  // namespace ics::exact::detail
