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
#include "priority/hull_bound.hpp"
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

// Every sum E1(x) + E2(y) fits the kernels' narrow type.
bool sums_fit_int32(std::span<const std::uint32_t> e1, std::span<const std::uint32_t> e2) {
    return std::uint64_t(*std::max_element(e1.begin(), e1.end())) + *std::max_element(e2.begin(), e2.end()) <=
           std::uint64_t(std::numeric_limits<std::int32_t>::max());
}

// A run of consecutive diagonals z (lo <= z <= hi).
struct Interval {
    std::size_t lo, hi;
};

// Rows of the table against L with the row kernel, on chosen diagonals only.
template <class T>
struct RowScan {
    std::span<const std::uint32_t> e1, e2;
    std::size_t s1, s2;
    std::vector<T>& b;  // E2
    std::vector<T>& l;  // L(z)

    static std::vector<T>& scratch(int k) {
        thread_local std::vector<T> v[2];
        return v[k];
    }
    RowScan(std::span<const std::uint32_t> a, std::span<const std::uint32_t> c)
        : e1(a), e2(c), s1(a.size() - 1), s2(c.size() - 1), b(scratch(0)), l(scratch(1)) {
        b.assign(e2.begin(), e2.end());
        l.resize(s1 + s2 + 1);
        for (std::size_t z = 0; z <= s1 + s2; ++z)
            l[z] = static_cast<T>(T(e1[std::min(s1, z)]) + T(e2[z > s1 ? z - s1 : 0]));
    }

    // Smallest x in [x_begin, x_end) whose row violates (1) on a diagonal of
    // `open` (sorted, disjoint), or npos.
    std::size_t first_bad(std::size_t x_begin, std::size_t x_end, std::span<const Interval> open) const {
        std::size_t p = 0;  // first run not wholly left of row x
        for (std::size_t x = x_begin; x < x_end; ++x) {
            while (p < open.size() && open[p].hi < x) ++p;
            for (std::size_t q = p; q < open.size() && open[q].lo <= x + s2; ++q) {
                const std::size_t za = std::max(open[q].lo, x), zb = std::min(open[q].hi, x + s2);
                if (detail::any_sum_exceeds<T>(T(e1[x]), b.data() + (za - x), l.data() + za, zb - za + 1))
                    return x;
            }
        }
        return static_cast<std::size_t>(-1);
    }
};

// Branch and bound over blocks of the table, rows x0..x1 by columns y0..y1:
// a block whose two pieces' concave-hull bound (hull_bound.hpp) is at most L
// on each of its diagonals holds no violation; any other is halved along its
// longer side, down to blocks of at most kLeafCells scanned with the row
// kernel. Only the first bad row is wanted, so blocks starting at or below
// the best row found are skipped. Near the L path (the cells (z, 0) and
// (s1, y) meet L exactly) blocks are refined to leaves, so a holding (1)
// costs about (s1 + s2)·(leaf side + log) when the margin grows away from
// the path; `budget` caps the work, past it the search gives up.
template <class T>
struct BlockSearch {
    static constexpr std::size_t kLeafCells = 4096;
    static constexpr std::size_t kHullCost = 8;  // one hull step vs one kernel cell

    const RowScan<T>& scan;
    std::size_t budget;
    std::size_t best = static_cast<std::size_t>(-1);  // smallest violating row found
    std::size_t work = 0;
    bool gave_up = false;
    std::vector<std::int64_t> bound;

    void visit(std::size_t x0, std::size_t x1, std::size_t y0, std::size_t y1) {
        if (gave_up || x0 >= best) return;
        const std::size_t rows = x1 - x0 + 1, cols = y1 - y0 + 1;
        if (rows * cols <= kLeafCells) {
            work += rows * cols;
            for (std::size_t x = x0; x <= x1 && x < best; ++x)
                if (detail::any_sum_exceeds<T>(T(scan.e1[x]), scan.b.data() + y0, scan.l.data() + x + y0, cols)) {
                    best = x;
                    break;
                }
            return;
        }
        work += kHullCost * (rows + cols);
        if (work > budget) {
            gave_up = true;
            return;
        }
        hull_convolution_bound(scan.e1.subspan(x0, rows), scan.e2.subspan(y0, cols), bound);
        bool open = false;
        for (std::size_t k = 0; k + 1 < rows + cols && !open; ++k) open = bound[k] > std::int64_t(scan.l[x0 + y0 + k]);
        if (!open) return;
        if (rows >= cols) {
            visit(x0, x0 + rows / 2 - 1, y0, y1);
            visit(x0 + rows / 2, x1, y0, y1);
        } else {
            visit(x0, x1, y0, y0 + cols / 2 - 1);
            visit(x0, x1, y0 + cols / 2, y1);
        }
    }
};

// Smallest x whose row violates (1), or npos. The first rows are scanned
// whole, up to about probe_per_step·(s1 + s2) cells (the screen below costs
// about as much; 64 by default): when (1) fails that early (the usual way it
// fails), or the table is small, that is all the work. Past them only
// diagonals whose concave-hull bound exceeds L can hold a violation
// (hull_bound.hpp), and the remaining rows are scanned on those alone.
template <class T>
std::size_t first_bad_row_screened(std::span<const std::uint32_t> e1, std::span<const std::uint32_t> e2,
                                   std::size_t probe_per_step) {
    const std::size_t s1 = e1.size() - 1, s2 = e2.size() - 1, span = e1.size() + e2.size();
    const RowScan<T> scan(e1, e2);
    const Interval all{0, s1 + s2};
    const std::size_t budget = probe_per_step * span;
    const std::size_t probe = std::min(s1 + 1, std::max<std::size_t>(1, budget / (s2 + 1)));
    if (const std::size_t x = scan.first_bad(0, probe, {&all, 1}); x != static_cast<std::size_t>(-1)) return x;
    if (probe > s1) return static_cast<std::size_t>(-1);
    if ((s1 + 1 - probe) * (s2 + 1) <= 2 * budget) return scan.first_bad(probe, s1 + 1, {&all, 1});
    thread_local std::vector<std::int64_t> bound;
    thread_local std::vector<Interval> open;
    hull_convolution_bound(e1, e2, bound);
    open.clear();
    std::size_t open_cells = 0;
    for (std::size_t z = probe; z <= s1 + s2; ++z) {  // rows >= probe meet diagonals >= probe
        if (bound[z] <= std::int64_t(scan.l[z])) continue;
        if (!open.empty() && open.back().hi + 1 == z)
            open.back().hi = z;
        else
            open.push_back({z, z});
        open_cells += std::min(z, s1) - (z > s2 ? z - s2 : 0) + 1;
    }
    if (open.empty()) return static_cast<std::size_t>(-1);
    if (open_cells / span >= 64 && runs(e2, open_cells / span / 16) <= open_cells / span / 16)
        return first_bad_row_runs(e1, e2);  // few runs pay for their passes over L
    if (open_cells / span >= 16) {
        // Many open cells: refine the screen block by block, within a quarter
        // of what the row scan below would cost.
        // Column y = 0 and row x = s1 lie on the L path (equal to L).
        BlockSearch<T> search{scan, open_cells / 4, static_cast<std::size_t>(-1), 0, false, {}};
        if (probe < s1 && s2 > 0) search.visit(probe, s1 - 1, 1, s2);
        if (!search.gave_up) return search.best;
    }
    return scan.first_bad(probe, s1 + 1, open);
}

}  // namespace

std::optional<Violation> find_violation(std::span<const std::uint32_t> e1,
                                        std::span<const std::uint32_t> e2) {
    validate_profile(e1, "G1");
    validate_profile(e2, "G2");
    if (e1.size() * e2.size() <= kSmallTable) {
        for (std::size_t x = 0; x < e1.size(); ++x)
            if (auto v = scan_row(e1, e2, x)) return v;
        return std::nullopt;
    }
    return find_violation_screened(e1, e2);
}

std::optional<Violation> find_violation_screened(std::span<const std::uint32_t> e1,
                                                 std::span<const std::uint32_t> e2, std::size_t probe_per_step) {
    validate_profile(e1, "G1");
    validate_profile(e2, "G2");
    // The same first bad row as the row scans of every diagonal, hence the
    // same first bad y in it.
    const std::size_t x = sums_fit_int32(e1, e2) ? first_bad_row_screened<std::int32_t>(e1, e2, probe_per_step)
                                                 : first_bad_row_screened<std::int64_t>(e1, e2, probe_per_step);
    if (x == static_cast<std::size_t>(-1)) return std::nullopt;
    if (auto v = scan_row(e1, e2, x)) return v;
    fail(Errc::internal, "priority: the hull-screened check and the scalar check disagree");
}

std::optional<Violation> find_violation_reference(std::span<const std::uint32_t> e1,
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
    const std::size_t x = sums_fit_int32(e1, e2) ? first_bad_row<std::int32_t>(e1, e2)
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
