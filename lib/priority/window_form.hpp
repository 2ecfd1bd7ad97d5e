// System (1) of sweep-algorithm.txt §2 in window form, for many short
// profiles tested pairwise (the linearizer's sums of many distinct blocks).
//
// G1 ▷ G2 iff E1(x) + E2(y) <= E1(min(s1, x+y)) + E2(max(0, x+y-s1)) for all
// 0 <= x <= s1, 0 <= y <= s2. The cells split in two regions:
// - x + y <= s1: E2(y) - E2(0) <= E1(x+y) - E1(x), for every x: E2's first y
//   steps gain at most G1's poorest window of y steps, minwin1(y);
// - x + y > s1, with j = s1 - x: E2(y) - E2(y-j) <= E1(s1) - E1(s1-j): every
//   window of j steps of E2 starting at 1 or later gains at most G1's last j
//   steps, tail1(j).
// So G1 ▷ G2 iff, for 1 <= y <= min(s1, s2), prefix2(y) <= minwin1(y), and for
// 1 <= j <= min(s1, s2 - 1), maxwin2(j) <= tail1(j): 2·min(s1, s2)
// comparisons of per-profile arrays built once in O(s²), instead of the
// O(s1·s2) cells of the table — the same answers (`sweep` suite,
// `WindowForm.*`, against system (1) verbatim and has_priority).
#pragma once

#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

namespace ics::priority {

class WindowForm {
public:
    // Profiles of more steps than this are not kept (O(s²) to build each).
    static constexpr std::size_t kMaxSteps = 64;
    static constexpr std::uint32_t kNone = 0xFFFFFFFFu;

    // Keeps profile e (non-empty) and returns its index, or kNone when it has
    // more than kMaxSteps steps.
    std::uint32_t add(std::span<const std::uint32_t> e);

    // G_a ▷ G_b by system (1), for indices returned by add().
    bool has_priority(std::uint32_t a, std::uint32_t b) const noexcept {
        const std::size_t n = 2 * std::min(steps_[a], steps_[b]);
        const std::int64_t* l = left_.data() + offset_[a];
        const std::int64_t* r = right_.data() + offset_[b];
        for (std::size_t i = 0; i < n; ++i)
            if (r[i] > l[i]) return false;
        return true;
    }

    std::size_t size() const noexcept { return steps_.size(); }

    // Every answer at once, as a bit matrix: bit j of row i (row_words
    // 64-bit words per row, rows one after another in `out`) is
    // has_priority(ids[i], ids[j]), for the ids that are not kNone (their
    // rows and columns stay 0). Per coordinate k of the window arrays, the
    // profiles whose right_[k] is at most each value met are one bitset
    // (cumulative, by sorted value); row i is the AND, over its 2·s_i
    // coordinates, of the bitset of the largest value <= left_i[k]. Cost:
    // O(Σ 2·s_i · ids/64) word operations plus the bitsets, instead of a
    // comparison loop per pair. Returns false, out untouched, when the
    // bitsets would take more than max_bytes.
    bool priority_matrix(std::span<const std::uint32_t> ids, std::size_t max_bytes,
                         std::vector<std::uint64_t>& out) const;

private:
    // Per profile, s steps, 2s entries each: left = (minwin(y), tail(y)) and
    // right = (prefix(y), maxwin(y)) for y = 1..s, interleaved so that one
    // pass compares right_b[i] <= left_a[i] (maxwin(s) = INT64_MIN: no window
    // of s steps starts at 1).
    std::vector<std::int64_t> left_, right_;
    std::vector<std::size_t> offset_;
    std::vector<std::uint32_t> steps_;
};

}  // namespace ics::priority
