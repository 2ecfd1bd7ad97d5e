// System (1) in window form (window_form.hpp; sweep-algorithm.txt §2).
#include "priority/window_form.hpp"

#include <algorithm>
#include <limits>
#include <utility>

namespace ics::priority {

std::uint32_t WindowForm::add(std::span<const std::uint32_t> e) {
    const std::size_t s = e.size() - 1;
    if (s > kMaxSteps) return kNone;
    const std::size_t at = left_.size();
    left_.resize(at + 2 * s);
    right_.resize(at + 2 * s);
    auto v = [&](std::size_t x) { return static_cast<std::int64_t>(e[x]); };
    for (std::size_t y = 1; y <= s; ++y) {
        std::int64_t minwin = std::numeric_limits<std::int64_t>::max();
        for (std::size_t x = 0; x + y <= s; ++x) minwin = std::min(minwin, v(x + y) - v(x));
        std::int64_t maxwin = std::numeric_limits<std::int64_t>::min();  // windows [start, start + y], start >= 1
        for (std::size_t start = 1; start + y <= s; ++start) maxwin = std::max(maxwin, v(start + y) - v(start));
        left_[at + 2 * (y - 1)] = minwin;
        left_[at + 2 * (y - 1) + 1] = v(s) - v(s - y);
        right_[at + 2 * (y - 1)] = v(y) - v(0);
        right_[at + 2 * (y - 1) + 1] = maxwin;
    }
    offset_.push_back(at);
    steps_.push_back(static_cast<std::uint32_t>(s));
    return static_cast<std::uint32_t>(steps_.size() - 1);
}

bool WindowForm::priority_matrix(std::span<const std::uint32_t> ids, std::size_t max_bytes,
                                 std::vector<std::uint64_t>& out) const {
    const std::size_t m = ids.size(), words = (m + 63) / 64;
    std::size_t dims = 0;
    for (std::uint32_t id : ids)
        if (id != kNone) dims = std::max<std::size_t>(dims, 2 * steps_[id]);
    // Per coordinate: (value, column) of the profiles long enough to have it;
    // the shorter ones pass that coordinate whatever the row (base).
    std::vector<std::vector<std::pair<std::int64_t, std::uint32_t>>> by_dim(dims);
    std::vector<std::uint64_t> any(words, 0);
    for (std::size_t j = 0; j < m; ++j) {
        if (ids[j] == kNone) continue;
        any[j / 64] |= std::uint64_t{1} << (j % 64);
        const std::int64_t* r = right_.data() + offset_[ids[j]];
        for (std::size_t k = 0; k < 2 * std::size_t{steps_[ids[j]]}; ++k)
            by_dim[k].emplace_back(r[k], static_cast<std::uint32_t>(j));
    }
    std::size_t sets = 0;
    for (auto& d : by_dim) {
        std::sort(d.begin(), d.end());
        std::size_t distinct = 0;
        for (std::size_t q = 0; q < d.size(); ++q) distinct += q == 0 || d[q].first != d[q - 1].first;
        sets += distinct + 1;
    }
    if ((sets + m) * words * sizeof(std::uint64_t) > max_bytes) return false;
    // values[k]: the distinct values of coordinate k, ascending; first[k]:
    // where its bitsets start in `bits` (the base, then one per value).
    std::vector<std::vector<std::int64_t>> values(dims);
    std::vector<std::size_t> first(dims);
    std::vector<std::uint64_t> bits(sets * words);
    std::size_t at = 0;
    for (std::size_t k = 0; k < dims; ++k) {
        first[k] = at;
        std::uint64_t* cur = bits.data() + at * words;
        for (std::size_t w = 0; w < words; ++w) cur[w] = any[w];
        for (const auto& [v, j] : by_dim[k]) cur[j / 64] &= ~(std::uint64_t{1} << (j % 64));  // the base
        ++at;
        for (std::size_t q = 0; q < by_dim[k].size();) {
            std::uint64_t* next = bits.data() + at * words;
            std::copy(cur, cur + words, next);
            const std::int64_t v = by_dim[k][q].first;
            for (; q < by_dim[k].size() && by_dim[k][q].first == v; ++q)
                next[by_dim[k][q].second / 64] |= std::uint64_t{1} << (by_dim[k][q].second % 64);
            values[k].push_back(v);
            cur = next;
            ++at;
        }
    }
    out.assign(m * words, 0);
    for (std::size_t i = 0; i < m; ++i) {
        if (ids[i] == kNone) continue;
        std::uint64_t* row = out.data() + i * words;
        std::copy(any.begin(), any.end(), row);
        const std::int64_t* l = left_.data() + offset_[ids[i]];
        for (std::size_t k = 0; k < 2 * std::size_t{steps_[ids[i]]}; ++k) {
            // The columns whose right_[k] <= l[k]: the base and the values up to l[k].
            const auto& vs = values[k];
            const std::size_t q = static_cast<std::size_t>(std::upper_bound(vs.begin(), vs.end(), l[k]) - vs.begin());
            const std::uint64_t* set = bits.data() + (first[k] + q) * words;
            for (std::size_t w = 0; w < words; ++w) row[w] &= set[w];
        }
    }
    return true;
}

}  // namespace ics::priority
