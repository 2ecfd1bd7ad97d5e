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

#include "blocks/schedule_table.hpp"
#include "decompose/decomposition.hpp"

namespace ics::schedule {

// A sum of source blocks scheduled by IC-Sweep: `path[k]` is the summand
// (index into the group's blocks) executed at step k.
struct SweptGroup {
    std::uint32_t group = 0;
    std::vector<std::uint32_t> path;
};

struct Linearization {
    // False when the super-dag has a cycle (two blocks each feed the other), so
    // the dag is no composition of its blocks; `groups` then stops early.
    bool complete = true;
    bool proven = true;  // every step followed §4.2 (a) or (c)
    std::string reason;  // the first step where it did not, in words
    // Groups as CSR (no per-group objects: a tree has a million blocks):
    // group g is blocks[offsets[g] .. offsets[g+1]), one block or the
    // summands of a sum; `swept` lists the sums, in group order.
    std::vector<std::uint32_t> offsets{0};
    std::vector<std::uint32_t> blocks;
    std::vector<SweptGroup> swept;
    // Groups emitted by the forced-join lemma (forced_join.cpp), not by §4.2.
    std::uint32_t forced_joins = 0;
    // Groups emitted while every step followed §4.2 (a) or (c): a proven
    // ▷-chain prefix, which the AREA fallback keeps in place (pipeline.cpp).
    std::uint32_t proven_groups = 0;
    // Scans of the source types for §4.2 (a)'s dominance that the last
    // witness did not settle (work count, for tests; 0 for the reference).
    std::uint64_t dominance_scans = 0;

    std::size_t group_count() const noexcept { return offsets.size() - 1; }
    std::span<const std::uint32_t> group(std::size_t g) const noexcept {
        return {blocks.data() + offsets[g], blocks.data() + offsets[g + 1]};
    }
};

// `blocks.profile(b)` is block b's profile (E over its sinks after x of its
// sources, x = 0..#sources); `blocks.shape(b)` names it in messages. Always returns a
// complete sequence of groups consistent with the super-dag: when §4.2 gets
// stuck, the source block winning ▷ against the most others goes next
// (greedy), and `proven` becomes false.
// True when Theorem 2.2 of clustering.txt asserts B1 ▷ B2 for blocks of
// these shapes (as named by blocks::schedule_block: "W(s,d)", "M(s,d)",
// "N(s)", "C(s)", "trivial(d)"). False means "not asserted", not "no".
bool theorem_2_2_priority(std::string_view shape1, std::string_view shape2);

class MemoryGuide;

// With a `guide` (objective = memory), ties among admissible blocks go to the
// one the guide says costs least memory, and the guide plays (and may
// reorder, keeping profiles) each group as it is emitted.
Linearization linearize(const decompose::Decomposition& dec, const blocks::ScheduleTable& blocks,
                        MemoryGuide* guide = nullptr);

// The same linearization by the former steps, for tests: IC-Sweep over every
// sum (no ▷-chain shortcut), the greedy step's scores recounted over all
// pairs of present types, and no witness for failed dominance checks.
Linearization linearize_reference(const decompose::Decomposition& dec, const blocks::ScheduleTable& blocks,
                                  MemoryGuide* guide = nullptr);

}  // namespace ics::schedule
