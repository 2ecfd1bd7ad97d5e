// IndexedMaxHeap (lib/common/indexed_heap.hpp) pops what a lazy binary heap
// pops when every raise pushes the new key and stale entries are skipped
// (what greedy_order and sidney_order did before): random pushes, raises
// (by node or by slot) and pops over many seeds; at(0) is the top.
#include <gtest/gtest.h>

#include <cstdint>
#include <queue>
#include <random>
#include <vector>

#include "common/indexed_heap.hpp"

namespace {

TEST(IndexedMaxHeap, PopsAsALazyHeap) {
    for (std::uint64_t seed = 0; seed < 300; ++seed) {
        std::mt19937_64 rng(seed);
        const std::uint32_t n = 1 + static_cast<std::uint32_t>(rng() % 300);
        std::vector<std::uint32_t> value(n, 0), slot(n, 0);
        std::vector<char> in(n, 0), gone(n, 0);
        // Keys (value, ~id): distinct, like the orders' keys.
        auto key = [&](std::uint32_t v) { return (std::uint64_t{value[v]} << 32) | std::uint64_t{~v}; };
        auto heap = ics::make_indexed_max_heap<std::uint64_t>([](std::uint64_t k) { return ~static_cast<std::uint32_t>(k); },
                                                              [&](std::uint32_t v) -> std::uint32_t& { return slot[v]; });
        std::priority_queue<std::uint64_t> lazy;
        std::uint32_t inside = 0;
        for (int step = 0; step < 4 * static_cast<int>(n); ++step) {
            const std::uint32_t v = static_cast<std::uint32_t>(rng() % n);
            const auto what = rng() % 3;
            if (what == 0 && !in[v] && !gone[v]) {
                value[v] = static_cast<std::uint32_t>(rng() % 8);  // many ties in value
                in[v] = 1;
                ++inside;
                heap.push(key(v));
                lazy.push(key(v));
            } else if (what == 1 && in[v]) {
                const std::uint64_t before = key(v);
                value[v] += 1 + static_cast<std::uint32_t>(rng() % 3);
                if (rng() % 2 == 0) {
                    heap.raise(v, key(v));
                } else {  // by its slot, as the greedy block order does
                    heap.prefetch_at(slot[v]);
                    ASSERT_EQ(heap.at(slot[v]), before) << "seed " << seed << " step " << step;
                    heap.raise_at(slot[v], key(v));
                }
                lazy.push(key(v));
            } else if (what == 2 && inside > 0) {
                std::uint64_t expect = 0;
                for (;;) {
                    expect = lazy.top();
                    lazy.pop();
                    const std::uint32_t u = ~static_cast<std::uint32_t>(expect);
                    if (in[u] && expect == key(u)) break;
                }
                ASSERT_EQ(heap.at(0), expect) << "seed " << seed << " step " << step;
                ASSERT_EQ(heap.pop(), expect) << "seed " << seed << " step " << step;
                in[~static_cast<std::uint32_t>(expect)] = 0;
                gone[~static_cast<std::uint32_t>(expect)] = 1;
                --inside;
            }
        }
        while (inside > 0) {
            std::uint64_t expect = lazy.top();
            lazy.pop();
            const std::uint32_t u = ~static_cast<std::uint32_t>(expect);
            if (!in[u] || expect != key(u)) continue;
            ASSERT_EQ(heap.pop(), expect) << "seed " << seed;
            in[u] = 0;
            --inside;
        }
        EXPECT_TRUE(heap.empty());
    }
}

}  // namespace
