// Algorithms 2-IC-Sweep and IC-Sweep (sweep-algorithm.txt §3.1) on
// eligibility profiles (see priority/priority.hpp for the profile contract:
// E[0] == 0; each profile is that of an IC-optimal schedule Σ_i of G_i).
//
// The table E(i,j) = E1(i)+E2(j) is never stored: each diagonal's maximum is
// computed on the fly, the verification table V keeps only two diagonals, and
// path recovery costs one bit per visited cell (V's YES bit). Walking back from
// (n1, n2) we step left (undo a G2 step) whenever that cell is YES, else up, so
// G1's steps come as early as possible: the path is the L path ("all of G1,
// then G2") whenever that is IC-optimal, i.e. whenever G1 ▷ G2 (Theorem 3.1).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace ics::sweep {

inline constexpr std::uint32_t kNone = 0xFFFFFFFFu;

// One invocation of Alg. 2-IC-Sweep on G1 + G2 (Theorem 3.1).
struct TwoSweep {
    bool ico = false;
    // Diagonal t (= step of G1+G2) on which no YES remained; kNone when ico.
    std::uint32_t failed_diagonal = kNone;
    // maxima[t] = max_{i+j=t} E1(i)+E2(j): the whole per-step maximum when ico
    // (the profile of G1+G2 along any IC-optimal path), else t <= failed_diagonal.
    std::vector<std::uint32_t> maxima;
    // When ico and a path was asked for: moves[t] = 1 if step t+1 executes the
    // next nonsink of G1 (a downward move in E), 0 if of G2 (rightward).
    std::vector<std::uint8_t> moves;
};
// Path recovery keeps one bit per table cell up to `full_path_bits` cells
// (64 MB); beyond, a checkpoint every ~sqrt(n1+n2) diagonals and one stretch
// recomputed at a time on the way back: O(sqrt(n1+n2)·n1) bits, twice the
// work, the same path.
inline constexpr std::size_t kFullPathBits = std::size_t{1} << 29;
// Two concave profiles (nonincreasing increments) are merged in O(n1 + n2)
// instead: the same maxima and path. Otherwise a diagonal is scanned beyond
// its reachable YES range only where the concave-hull bound of its maximum
// (priority/hull_bound.hpp) is not met there: the same maxima and path,
// O(Σ ranges + n1 + n2) when the bound is tight (W-dags), O(n1·n2) at worst.
TwoSweep two_sweep(std::span<const std::uint32_t> e1, std::span<const std::uint32_t> e2,
                   bool want_path = true, std::size_t full_path_bits = kFullPathBits);
// The interval sweep two_sweep uses when both profiles' increments form few
// runs (W, N, M, C blocks), at any input (tests): V kept as intervals per
// diagonal, O((n1 + n2)·(r1 + r2)) for r runs of equal increments.
TwoSweep two_sweep_runs(std::span<const std::uint32_t> e1, std::span<const std::uint32_t> e2,
                        bool want_path = true);
// The table sweep always (no concave merge): a test oracle.
TwoSweep two_sweep_reference(std::span<const std::uint32_t> e1, std::span<const std::uint32_t> e2,
                             bool want_path = true, std::size_t full_path_bits = kFullPathBits);

// Max-plus convolution: c[z] = max_{x+y=z} a[x]+b[y], the per-step maximum of
// G1+G2's table whether or not it has an IC-optimal path. O(|a|·|b|).
std::vector<std::uint32_t> max_plus(std::span<const std::uint32_t> a,
                                    std::span<const std::uint32_t> b);
// first ⊕ rest[0] ⊕ rest[1] ⊕ ... by vectorized shifted passes, the running
// result kept in one buffer: O(N·Σ n_k) for N total steps, ~16 cells per
// instruction. Throws Errc::too_large past 2^32-1 (at the end).
std::vector<std::uint32_t> max_plus_all(std::span<const std::uint32_t> first,
                                        std::span<const std::vector<std::uint32_t>> rest);

struct SweepOptions {
    bool path = true;      // recover an IC-optimal interleaving (one bit per cell)
    bool pairs = true;     // fill the p×p ▷ matrix (adds O(Σ_i Σ_j n_i n_j))
    bool envelope = true;  // per-step maximum also when no ICO schedule exists
};

struct SweepResult {
    bool ico = false;  // G1 + ... + Gp admits an IC-optimal schedule
    // When ico (and options.path): the summand (0-based) whose next nonsink
    // step t+1 executes; size Σ n_i. Turn into nodes with interleave().
    // With a chain it is 0…0 1…1 2…2 …: each summand in one piece (Theorem 2.1).
    std::vector<std::uint32_t> path;
    // When ico: profile of the sum along the path = per-step maximum.
    std::vector<std::uint32_t> profile;
    // Per-step maximum of E_p(i_1..i_p) = Σ E_k(i_k) over i_1+..+i_p = t
    // (iterated max-plus convolution); size Σ n_i + 1. Equals `profile` when
    // ico; an upper bound for every schedule otherwise (options.envelope).
    std::vector<std::uint32_t> envelope;
    // G1 ▷ G2 ▷ ... ▷ Gp in Theorem 3.2's sense (the L-shaped path of V_p).
    bool chain = false;
    // pairs[i*p+j] = 1 iff Gi ▷ Gj by system (1) (options.pairs; diagonal too).
    std::vector<std::uint8_t> pairs;
    // When !ico: invocation k (summands 0..k merged, plus summand k+1) and the
    // diagonal t of its table on which no YES remained; kNone when ico.
    std::uint32_t failed_group = kNone;
    std::uint32_t failed_diagonal = kNone;
    std::string reason;  // why not ico / why no chain; empty when both hold
};

// Alg. IC-Sweep, grouping ((G1+G2)+G3)+...; p >= 1 profiles (p = 1 is
// trivially ico). Time O(Σ_{i<j} n_i n_j) plus the optional pairs matrix;
// O(Σ_i n_i n_{i+1}) when the summands form a ▷-chain in the given order.
// Throws Errc::invalid_argument on no profiles or a bad profile,
// Errc::too_large when a merged profile exceeds 32 bits.
SweepResult ic_sweep(std::span<const std::vector<std::uint32_t>> profiles,
                     const SweepOptions& options = {});

// The same by 2-IC-Sweeps only, without ic_sweep's shortcut for summands
// that form a ▷-chain in the given order (a test oracle).
SweepResult ic_sweep_reference(std::span<const std::vector<std::uint32_t>> profiles,
                               const SweepOptions& options = {});

// Profile of the sum along `path` (summand index per step), size |path| + 1.
// Throws invalid_argument unless path uses summand k exactly n_k times.
std::vector<std::uint32_t> path_profile(std::span<const std::vector<std::uint32_t>> profiles,
                                        std::span<const std::uint32_t> path);

// The interleaved execution order of the summands' nonsinks: step t takes the
// next id of schedules[path[t]]. Throws invalid_argument unless path uses
// summand k exactly schedules[k].size() times.
std::vector<std::uint32_t> interleave(std::span<const std::vector<std::uint32_t>> schedules,
                                      std::span<const std::uint32_t> path);

}  // namespace ics::sweep
