// System (1) in window form (window_form.hpp; sweep-algorithm.txt §2).
#include "priority/window_form.hpp"

#include <algorithm>
#include <limits>

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

}  // namespace ics::priority
