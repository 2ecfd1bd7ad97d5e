// The ▷ priority relation on eligibility profiles (sweep-algorithm.txt §2,
// system (1); clustering.txt §2.2.1).
//
// A PROFILE E of a dag G under an IC-optimal schedule Σ has n+1 entries, n =
// number of nonsinks of G: E[t] = ELIGIBLE nonsources after the first t
// nonsinks. E[0] = 0 always (no nonsource is ELIGIBLE before anything runs;
// "Recall that E_Σ(0) ≡ 0", sweep §3.1.1); that is the only shape we require:
// profiles of non-bipartite dags need not be monotone (executing a nonsource
// nonsink consumes an ELIGIBLE node). Profiles are assumed to be IC-optimal
// (per-step maxima) profiles; system (1) itself works on any integer arrays.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace ics::priority {

// Throws Errc::invalid_argument unless `e` is non-empty with e[0] == 0;
// `what` names the profile in the message.
void validate_profile(std::span<const std::uint32_t> e, std::string_view what = "profile");

// A pair (x, y) violating system (1) for G1 ▷ G2:
// lhs = E1(x) + E2(y) > rhs = E1(min(s1, x+y)) + E2(max(0, x+y-s1)).
struct Violation {
    std::uint32_t x = 0;
    std::uint32_t y = 0;
    std::uint64_t lhs = 0;
    std::uint64_t rhs = 0;
};

// The lexicographically smallest (x, y) violating (1), or nullopt when
// G1 ▷ G2. Exact (64-bit sums), early exit. Diagonals z = x + y whose
// concave-hull bound (hull_bound.hpp) is at most the L path's value hold
// whole; only the others' cells are scanned: O(s1 + s2) when both profiles
// are concave or linear (W-dags), O(s1·s2) in the worst case.
std::optional<Violation> find_violation(std::span<const std::uint32_t> e1,
                                        std::span<const std::uint32_t> e2);

// The same answer by the row scans alone, without find_violation's
// concave-hull screen of the diagonals (a test oracle and the benchmarks'
// "before").
std::optional<Violation> find_violation_reference(std::span<const std::uint32_t> e1,
                                                  std::span<const std::uint32_t> e2);

// The hull-screened scan find_violation uses on tables above 256 cells, at
// any size: the first rows, up to about probe_per_step·(s1 + s2) cells, and
// tables not much larger, are scanned whole before the screen is built
// (probe_per_step = 0: the screen past row 0 at once; tests).
std::optional<Violation> find_violation_screened(std::span<const std::uint32_t> e1,
                                                 std::span<const std::uint32_t> e2,
                                                 std::size_t probe_per_step = 64);

// G1 ▷ G2 by system (1).
bool has_priority(std::span<const std::uint32_t> e1, std::span<const std::uint32_t> e2);

struct PriorityPair {
    bool forward = false;   // G1 ▷ G2
    bool backward = false;  // G2 ▷ G1
};
PriorityPair compare(std::span<const std::uint32_t> e1, std::span<const std::uint32_t> e2);

// "G1 ▷ G2 fails at x=1, y=1: E1(1)+E2(1) = 4+3 = 7 > E1(2)+E2(0) = 6+0 = 6".
std::string describe(const Violation& v, std::span<const std::uint32_t> e1,
                     std::span<const std::uint32_t> e2, std::string_view name1 = "G1",
                     std::string_view name2 = "G2");

}  // namespace ics::priority
