// ▷-linearization of the super-dag (sweep-algorithm.txt §4.2, Theorem 2.1 and
// Theorem 4.1): repeatedly remove a source block that has ▷-priority over
// every source block of the remnant; when none does, try the sum of all
// source blocks via IC-Sweep (conditions A and B).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "decompose/decomposition.hpp"

namespace ics::schedule {

struct Group {
    std::vector<std::uint32_t> blocks;  // one block, or the summands of a sum
    // For sums: the summand (index into `blocks`) executed at each step, from
    // IC-Sweep's path; empty for single blocks.
    std::vector<std::uint32_t> path;
};

struct Linearization {
    // False when the super-dag has a cycle (two blocks each feed the other), so
    // the dag is no composition of its blocks; `groups` then stops early.
    bool complete = true;
    bool proven = true;  // every step followed §4.2 (a) or (c)
    std::string reason;  // the first step where it did not, in words
    std::vector<Group> groups;
};

// `profiles[b]` is block b's profile (E over its sinks after x of its sources,
// x = 0..#sources); `shapes[b]` names it in messages. Always returns a
// complete sequence of groups consistent with the super-dag: when §4.2 gets
// stuck, the source block winning ▷ against the most others goes next
// (greedy), and `proven` becomes false.
// True when Theorem 2.2 of clustering.txt asserts B1 ▷ B2 for blocks of
// these shapes (as named by blocks::schedule_block: "W(s,d)", "M(s,d)",
// "N(s)", "C(s)", "trivial(d)"). False means "not asserted", not "no".
bool theorem_2_2_priority(std::string_view shape1, std::string_view shape2);

Linearization linearize(const decompose::Decomposition& dec, std::span<const std::vector<std::uint32_t>> profiles,
                        std::span<const std::string> shapes);

}  // namespace ics::schedule
