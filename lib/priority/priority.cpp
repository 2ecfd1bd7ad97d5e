// System (1) of sweep-algorithm.txt §2. For z = x+y the right-hand side is the
// entry of the 2-IC-Sweep table E(i,j) = E1(i)+E2(j) on the L-shaped path
// (Theorem 3.1): L(z) = E1(min(s1,z)) + E2(max(0,z-s1)). So (1) reads
// "∀x,y: E1(x)+E2(y) ≤ L(x+y)", i.e. the L path is a maximum path; we check it
// row by row against a precomputed L, a branch-free inner loop.
#include "priority/priority.hpp"

#include <algorithm>
#include <cstddef>
#include <limits>
#include <vector>

#include "common/error.hpp"
#include "priority/row_kernels.hpp"

namespace ics::priority {

void validate_profile(std::span<const std::uint32_t> e, std::string_view what) {
    if (e.empty()) fail(Errc::invalid_argument, std::string(what) + ": empty profile (needs E(0) = 0)");
    if (e[0] != 0)
        fail(Errc::invalid_argument, std::string(what) + ": E(0) = " + std::to_string(e[0]) +
                                         ", a profile must start with 0 (sweep §3.1.1)");
}

namespace {

// Tables of at most this many cells are scanned without the row kernels.
constexpr std::size_t kSmallTable = 256;

// Smallest x whose row violates (1), or npos; T is wide enough for every sum.
template <class T>
std::size_t first_bad_row(std::span<const std::uint32_t> e1, std::span<const std::uint32_t> e2) {
    const std::size_t s1 = e1.size() - 1, s2 = e2.size() - 1;
    // Scratch reused across calls: the linearizer decides ~10^6 pairs of
    // small profiles on sums of many distinct blocks, where two heap
    // allocations per call cost as much as the test itself.
    thread_local std::vector<T> b, l;
    b.assign(e2.begin(), e2.end());
    l.resize(s1 + s2 + 1);
    for (std::size_t z = 0; z <= s1 + s2; ++z)
        l[z] = static_cast<T>(T(e1[std::min(s1, z)]) + T(e2[z > s1 ? z - s1 : 0]));
    for (std::size_t x = 0; x <= s1; ++x)
        if (detail::any_sum_exceeds<T>(T(e1[x]), b.data(), l.data() + x, s2 + 1)) return x;
    return static_cast<std::size_t>(-1);
}

// Smallest x whose row violates (1), or npos, when E2 has few constant runs
// (a join M(1,d) has two: 0 … 0, then 1): over a run y0..y1 of value v the
// row needs E1(x) + v <= min L(x+y0 .. x+y1), a sliding-window minimum over
// x. O(runs · (s1 + s2)) instead of O(s1 · s2): a PBT summand of 10^5
// sources against the final join of 4·10^5 took 4·10^10 cells.
std::size_t first_bad_row_runs(std::span<const std::uint32_t> e1, std::span<const std::uint32_t> e2) {
    const std::size_t s1 = e1.size() - 1, s2 = e2.size() - 1;
    std::vector<std::uint64_t> l(s1 + s2 + 1);
    for (std::size_t z = 0; z <= s1 + s2; ++z)
        l[z] = std::uint64_t(e1[std::min(s1, z)]) + e2[z > s1 ? z - s1 : 0];
    std::size_t bad = static_cast<std::size_t>(-1);
    std::vector<std::size_t> window(s1 + s2 + 1);  // deque of z with increasing l[z]
    for (std::size_t y0 = 0; y0 <= s2;) {
        std::size_t y1 = y0;
        while (y1 < s2 && e2[y1 + 1] == e2[y0]) ++y1;
        const std::uint64_t v = e2[y0];
        std::size_t head = 0, tail = 0, z = y0;
        for (std::size_t x = 0; x <= s1 && x < bad; ++x) {
            for (; z <= x + y1; ++z) {  // window [x+y0, x+y1]
                while (tail > head && l[window[tail - 1]] >= l[z]) --tail;
                window[tail++] = z;
            }
            while (window[head] < x + y0) ++head;
            if (e1[x] + v > l[window[head]]) bad = x;
        }
        y0 = y1 + 1;
    }
    return bad;
}

// Constant runs of e, stopping once above `limit`.
std::size_t runs(std::span<const std::uint32_t> e, std::size_t limit) {
    std::size_t r = 1;
    for (std::size_t y = 1; y < e.size() && r <= limit; ++y) r += e[y] != e[y - 1];
    return r;
}

// The first y violating (1) in row x, scalar and exact.
std::optional<Violation> scan_row(std::span<const std::uint32_t> e1, std::span<const std::uint32_t> e2,
                                  std::size_t x) {
    const std::size_t s1 = e1.size() - 1;
    for (std::size_t y = 0; y < e2.size(); ++y) {
        const std::size_t z = x + y;
        const std::uint64_t lhs = std::uint64_t(e1[x]) + e2[y];
        const std::uint64_t rhs = std::uint64_t(e1[std::min(s1, z)]) + e2[z > s1 ? z - s1 : 0];
        if (lhs > rhs) return Violation{static_cast<std::uint32_t>(x), static_cast<std::uint32_t>(y), lhs, rhs};
    }
    return std::nullopt;
}

}  // namespace

std::optional<Violation> find_violation(std::span<const std::uint32_t> e1,
                                        std::span<const std::uint32_t> e2) {
    validate_profile(e1, "G1");
    validate_profile(e2, "G2");
    if (e1.size() * e2.size() <= kSmallTable) {
        // Small tables (the linearizer decides millions of pairs of 10-source
        // blocks): a plain scan, no scratch, exits at the first violation,
        // which is the lexicographically smallest by construction.
        for (std::size_t x = 0; x < e1.size(); ++x)
            if (auto v = scan_row(e1, e2, x)) return v;
        return std::nullopt;
    }
    const std::size_t cells = e1.size() * e2.size(), span = e1.size() + e2.size();
    if (cells / span >= 64) {  // few runs pay for their passes over L
        const std::size_t limit = cells / span / 16;
        if (runs(e2, limit) <= limit) {
            const std::size_t x = first_bad_row_runs(e1, e2);
            if (x == static_cast<std::size_t>(-1)) return std::nullopt;
            if (auto v = scan_row(e1, e2, x)) return v;
            fail(Errc::internal, "priority: run check and scalar check disagree");
        }
    }
    const std::uint64_t top = std::uint64_t(*std::max_element(e1.begin(), e1.end())) +
                              *std::max_element(e2.begin(), e2.end());
    const std::size_t x = top <= std::uint64_t(std::numeric_limits<std::int32_t>::max())
                              ? first_bad_row<std::int32_t>(e1, e2)
                              : first_bad_row<std::int64_t>(e1, e2);
    if (x == static_cast<std::size_t>(-1)) return std::nullopt;
    if (auto v = scan_row(e1, e2, x)) return v;
    fail(Errc::internal, "priority: row kernel and scalar check disagree");
}

namespace {

// Yes/no for small tables (the ▷-linearizer decides every pair of ~10^4
// distinct 10-source profiles on sums of random blocks): L once, then each
// row as one branch-free pass the compiler vectorizes, stopping at the first
// row with a violation. No witness is needed, so no scalar re-scan.
bool small_priority(std::span<const std::uint32_t> e1, std::span<const std::uint32_t> e2) {
    const std::size_t s1 = e1.size() - 1, s2 = e2.size() - 1;
    // Row 0 (E1(0) = 0) cell by cell first: most pairs that fail, fail there.
    for (std::size_t y = 1; y <= s2; ++y)
        if (e2[y] > std::uint64_t(e1[std::min(s1, y)]) + e2[y > s1 ? y - s1 : 0]) return false;
    std::uint64_t l[kSmallTable + 1];  // s1 + s2 + 1 <= kSmallTable when (s1+1)(s2+1) <= kSmallTable
    std::uint64_t b[kSmallTable];
    for (std::size_t z = 0; z <= s1 + s2; ++z) l[z] = std::uint64_t(e1[std::min(s1, z)]) + e2[z > s1 ? z - s1 : 0];
    for (std::size_t y = 0; y <= s2; ++y) b[y] = e2[y];
    for (std::size_t x = 1; x <= s1; ++x) {
        const std::uint64_t a = e1[x];
        const std::uint64_t* lx = l + x;
        bool bad = false;
        for (std::size_t y = 0; y <= s2; ++y) bad |= a + b[y] > lx[y];
        if (bad) return false;
    }
    return true;
}

}  // namespace

bool has_priority(std::span<const std::uint32_t> e1, std::span<const std::uint32_t> e2) {
    if (e1.size() * e2.size() <= kSmallTable && !e1.empty() && !e2.empty() && e1[0] == 0 && e2[0] == 0)
        return small_priority(e1, e2);
    return !find_violation(e1, e2).has_value();  // also the errors for bad profiles
}

PriorityPair compare(std::span<const std::uint32_t> e1, std::span<const std::uint32_t> e2) {
    return {has_priority(e1, e2), has_priority(e2, e1)};
}

std::string describe(const Violation& v, std::span<const std::uint32_t> e1,
                     std::span<const std::uint32_t> e2, std::string_view name1,
                     std::string_view name2) {
    const std::size_t s1 = e1.empty() ? 0 : e1.size() - 1;
    const std::size_t z = std::size_t(v.x) + v.y;
    const std::size_t xr = std::min(s1, z), yr = z > s1 ? z - s1 : 0;
    auto at = [](std::span<const std::uint32_t> e, std::size_t i) {
        return i < e.size() ? std::to_string(e[i]) : std::string("?");
    };
    std::string s;
    s.append(name1).append(" \u25B7 ").append(name2);
    s += " fails at x=" + std::to_string(v.x) + ", y=" + std::to_string(v.y) + ": E1(" +
         std::to_string(v.x) + ")+E2(" + std::to_string(v.y) + ") = " + at(e1, v.x) + "+" +
         at(e2, v.y) + " = " + std::to_string(v.lhs) + " > E1(" + std::to_string(xr) + ")+E2(" +
         std::to_string(yr) + ") = " + at(e1, xr) + "+" + at(e2, yr) + " = " +
         std::to_string(v.rhs);
    return s;
}

}  // namespace ics::priority
