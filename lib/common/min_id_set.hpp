// A set of node ids whose smallest member is found in O(log_64 n) word
// reads: a bitset of the ids, and above it a bitset per level marking the
// nonzero words of the level below (the top level one word). The greedy
// orders keep their many gain-0 eligible nodes here: among those the key
// (gain, -id) is the smallest id, which no heap needs to sort (issue 18).
#pragma once

#include <bit>
#include <cstdint>
#include <vector>

#include "dag/dag.hpp"

namespace ics {

class MinIdSet {
public:
    explicit MinIdSet(NodeId n) {
        std::size_t words = (static_cast<std::size_t>(n) + 63) / 64;
        do {
            levels_.emplace_back(words == 0 ? 1 : words, 0);
            words = (words + 63) / 64;
        } while (levels_.back().size() > 1);
    }
    bool empty() const noexcept { return levels_.back()[0] == 0; }
    void insert(NodeId v) noexcept {
        std::size_t i = v;
        for (auto& level : levels_) {
            std::uint64_t& w = level[i >> 6];
            const bool was = w != 0;
            w |= std::uint64_t{1} << (i & 63);
            if (was) return;  // the levels above mark this word already
            i >>= 6;
        }
    }
    void erase(NodeId v) noexcept {
        std::size_t i = v;
        for (auto& level : levels_) {
            std::uint64_t& w = level[i >> 6];
            w &= ~(std::uint64_t{1} << (i & 63));
            if (w != 0) return;  // the word stays marked above
            i >>= 6;
        }
    }
    // The smallest member (the set must not be empty).
    NodeId min() const noexcept {
        std::size_t i = 0;
        for (std::size_t k = levels_.size(); k-- > 0;) i = i * 64 + static_cast<std::size_t>(std::countr_zero(levels_[k][i]));
        return static_cast<NodeId>(i);
    }

private:
    std::vector<std::vector<std::uint64_t>> levels_;  // [0]: one bit per id
};

}  // namespace ics
