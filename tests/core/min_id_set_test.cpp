// MinIdSet (lib/common/min_id_set.hpp) answers what a std::set answers:
// random inserts, erases and min() over sizes whose summaries have one to
// four levels (up to 2^18 + ids), ids near the ends of words and levels.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <set>

#include "common/min_id_set.hpp"

namespace {

TEST(MinIdSet, AsAnOrderedSet) {
    const std::uint32_t sizes[] = {1, 2, 63, 64, 65, 4095, 4096, 4097, 70000, 262144, 262145, 300000};
    for (std::uint32_t n : sizes) {
        std::mt19937_64 rng(n);
        ics::MinIdSet set(n);
        std::set<std::uint32_t> ref;
        // Ids clustered at a few places (words and summary words emptied and
        // refilled) and spread over the whole range.
        auto pick = [&] {
            if (rng() % 2) return static_cast<std::uint32_t>(rng() % n);
            const std::uint32_t centre = rng() % 3 == 0 ? 0 : rng() % 3 == 1 ? n - 1 : n / 2;
            const std::uint32_t d = static_cast<std::uint32_t>(rng() % 130);
            return rng() % 2 ? std::min(n - 1, centre + d) : (centre >= d ? centre - d : 0);
        };
        for (int step = 0; step < 20000; ++step) {
            const std::uint32_t v = pick();
            if (rng() % 3 != 0) {
                if (ref.insert(v).second) set.insert(v);
            } else if (!ref.empty()) {
                // Erase the smallest (as the greedy order does) or another member.
                const std::uint32_t u = rng() % 2 ? *ref.begin() : (ref.lower_bound(v) != ref.end() ? *ref.lower_bound(v) : *ref.begin());
                ref.erase(u);
                set.erase(u);
            }
            ASSERT_EQ(set.empty(), ref.empty()) << "n " << n << " step " << step;
            if (!ref.empty()) ASSERT_EQ(set.min(), *ref.begin()) << "n " << n << " step " << step;
        }
        while (!ref.empty()) {
            ASSERT_EQ(set.min(), *ref.begin()) << "n " << n;
            set.erase(*ref.begin());
            ref.erase(ref.begin());
        }
        EXPECT_TRUE(set.empty()) << "n " << n;
    }
}

}  // namespace
