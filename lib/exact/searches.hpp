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

// A step of a layered search: the member of the previous layer a down-set
// was reached from, and the node added to it.
struct LayerLink {
    std::uint32_t parent;  // index in K_{t-1}
    NodeId added;          // the node executed at step t
};

// The order of the walk that ends at member 0 of the last layer (the full
// set): links[t][i] is how member i of K_t was reached.
inline std::vector<NodeId> walk_back(const std::vector<std::vector<LayerLink>>& links) {
    std::vector<NodeId> order(links.size() - 1);
    std::uint32_t idx = 0;
    for (std::size_t t = order.size(); t > 0; --t) {
        order[t - 1] = links[t][idx].added;
        idx = links[t][idx].parent;
    }
    return order;
}

struct LexMaxResult {
    std::vector<NodeId> order;            // a schedule with the profile below
    std::vector<std::uint32_t> profile;   // the lexicographically maximal E(0..n)
};

// Layered search for the lexicographically maximal profile (lexmax_search.cpp).
template <std::size_t W>
LexMaxResult lexmax_search(const Dag& dag);

}  // namespace ics::exact::detail
