// The combination step of Theorem 2 (batch-scheduling.txt §4): the best
// batch of r tasks spends r_i of them in component S_i, Σ r_i = r, and each
// component contributes its own maximum for r_i; a knapsack-style DP over the
// components (max-plus convolutions capped at r) finds the r_i.
//
// Recovering the r_i would need one choice table per component (m·r cells);
// instead the forward pass keeps a checkpoint every ⌈√m⌉ components and the
// backward pass recomputes one block of tables at a time.
#include <algorithm>
#include <cmath>

#include "batch/batch_detail.hpp"

namespace ics::batch::detail {

void max_plus(std::span<const std::int32_t> a, std::span<const std::int32_t> b, std::size_t cap,
              std::vector<std::int32_t>& out) {
    if (a.size() > b.size()) std::swap(a, b);  // the inner loop runs over the longer curve (vectorized)
    const std::size_t len = std::min(a.size() + b.size() - 1, cap + 1);
    out.assign(len, kNeg);
    for (std::size_t x = 0; x < a.size() && x < len; ++x) {
        const std::int32_t ax = a[x];
        if (ax == kNeg) continue;
        const std::size_t ymax = std::min(b.size(), len - x);
        std::int32_t* o = out.data() + x;
        const std::int32_t* by = b.data();
        for (std::size_t y = 0; y < ymax; ++y) {
            const std::int32_t v = by[y] == kNeg ? kNeg : ax + by[y];
            o[y] = std::max(o[y], v);
        }
    }
}

namespace {

// Walks tables[0..n] (tables[i+1] = tables[i] ⊗ curves[first+i]) back from
// total t, writing the chosen k of each curve into ks[first..]; returns the
// remaining t (spent by curves before `first`).
std::uint32_t backtrack(const std::vector<std::vector<std::int32_t>>& tables,
                        std::span<const std::span<const std::int32_t>> curves, std::size_t first, std::uint32_t t,
                        std::vector<std::uint32_t>& ks) {
    for (std::size_t i = tables.size() - 1; i-- > 0;) {
        const auto& before = tables[i];
        const std::int32_t target = tables[i + 1][t];
        const auto f = curves[first + i];
        bool found = false;
        for (std::uint32_t k = 0; k < f.size() && k <= t; ++k) {
            const std::uint32_t rest = t - k;
            if (rest >= before.size() || before[rest] == kNeg || f[k] == kNeg) continue;
            if (before[rest] + f[k] == target) {
                ks[first + i] = k;
                t = rest;
                found = true;
                break;
            }
        }
        if (!found) fail(Errc::internal, "batch: knapsack backtrack lost its way");
    }
    return t;
}

std::vector<std::vector<std::int32_t>> tables_from(std::vector<std::int32_t> start,
                                                   std::span<const std::span<const std::int32_t>> curves,
                                                   std::size_t first, std::size_t last, std::size_t cap) {
    std::vector<std::vector<std::int32_t>> tables;
    tables.reserve(last - first + 1);
    tables.push_back(std::move(start));
    for (std::size_t i = first; i < last; ++i) {
        std::vector<std::int32_t> next;
        max_plus(tables.back(), curves[i], cap, next);
        tables.push_back(std::move(next));
    }
    return tables;
}

}  // namespace

std::vector<std::uint32_t> combine(std::span<const std::span<const std::int32_t>> curves, std::uint32_t r,
                                   std::int64_t* total) {
    const std::size_t m = curves.size();
    const std::size_t block = std::max<std::size_t>(1, static_cast<std::size_t>(std::ceil(std::sqrt(double(m)))));
    std::vector<std::vector<std::int32_t>> checkpoints;
    std::vector<std::int32_t> dp{0}, next;
    for (std::size_t i = 0; i < m; ++i) {
        if (i % block == 0) checkpoints.push_back(dp);
        max_plus(dp, curves[i], r, next);
        dp.swap(next);
    }
    if (dp.size() <= r || dp[r] == kNeg) fail(Errc::internal, "batch: no combination reaches r");
    if (total != nullptr) *total = dp[r];
    std::vector<std::uint32_t> ks(m, 0);
    std::uint32_t t = r;
    for (std::size_t b = checkpoints.size(); b-- > 0;) {
        const std::size_t first = b * block, last = std::min(m, first + block);
        t = backtrack(tables_from(checkpoints[b], curves, first, last, r), curves, first, t, ks);
    }
    if (t != 0) fail(Errc::internal, "batch: knapsack backtrack did not spend r");
    return ks;
}

std::int64_t combine_value(std::span<const std::span<const std::int32_t>> curves, std::uint32_t r) {
    std::vector<std::int32_t> dp{0}, next;
    for (const auto& f : curves) {
        max_plus(dp, f, r, next);
        dp.swap(next);
    }
    if (dp.size() <= r || dp[r] == kNeg) fail(Errc::internal, "batch: no combination reaches r");
    return dp[r];
}

std::vector<std::uint32_t> split(std::span<const std::span<const std::int32_t>> curves, std::uint32_t k) {
    std::vector<std::uint32_t> ks(curves.size(), 0);
    const auto tables = tables_from({0}, curves, 0, curves.size(), k);
    if (tables.back().size() <= k || tables.back()[k] == kNeg) fail(Errc::internal, "batch: split cannot reach k");
    if (backtrack(tables, curves, 0, k, ks) != 0) fail(Errc::internal, "batch: split did not spend k");
    return ks;
}

void Answer::init_sets(std::uint32_t K) {
    kind = Kind::sets;
    slot = K;
    sets.assign(static_cast<std::size_t>(K + 1) * K, 0);
}

void Answer::set_witness(std::uint32_t k, std::span<const std::uint32_t> s) {
    std::copy(s.begin(), s.end(), sets.begin() + static_cast<std::ptrdiff_t>(std::size_t(k) * slot));
}

std::vector<std::uint32_t> Answer::witness(std::uint32_t k) const {
    if (kind == Kind::prefix) return {order.begin(), order.begin() + k};
    const auto at = sets.begin() + static_cast<std::ptrdiff_t>(std::size_t(k) * slot);
    return {at, at + k};
}

}  // namespace ics::batch::detail
