// Two linearizations of the same decomposition agree in every field the
// pipeline reads (the linearizer's and the memory guide's tests compare a
// new path with the former one through it).
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "schedule/linearize.hpp"

namespace ics::schedule {

inline void expect_same(const Linearization& a, const Linearization& b, const std::string& what) {
    EXPECT_EQ(a.complete, b.complete) << what;
    EXPECT_EQ(a.proven, b.proven) << what;
    EXPECT_EQ(a.reason, b.reason) << what;
    EXPECT_EQ(a.offsets, b.offsets) << what;
    EXPECT_EQ(a.blocks, b.blocks) << what;
    ASSERT_EQ(a.swept.size(), b.swept.size()) << what;
    for (std::size_t k = 0; k < a.swept.size(); ++k) {
        EXPECT_EQ(a.swept[k].group, b.swept[k].group) << what;
        EXPECT_EQ(a.swept[k].path, b.swept[k].path) << what;
    }
}

}  // namespace ics::schedule
