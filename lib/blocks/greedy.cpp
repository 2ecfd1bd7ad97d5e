// Greedy order for blocks no other method handles (not proven IC optimal):
// at each step execute the source that renders the most sinks ELIGIBLE now;
// ties go to the source with an unfinished sink closest to completion (fewest
// other unexecuted parents), then to the one whose unfinished sinks wait for
// the fewest other unexecuted parents in all (sum over its unfinished
// children), then to the smallest global id. (The second key makes the
// greedy commit to a sink once started: it then finds the ICO orders of W, M,
// N, C and Q blocks.) Keys only improve as sources run, so a max-heap with
// stale entries skipped works; cost O(sum over sinks of in-degree^2 * log).
#include <algorithm>
#include <queue>
#include <tuple>

#include "blocks/block_detail.hpp"

namespace ics::blocks::detail {

std::vector<std::uint32_t> greedy_order(const BlockView& v) {
    const std::uint32_t T = v.tops(), B = v.bottoms();
    std::vector<std::uint32_t> missing(B), completes(T, 0), nearest(T, 0xFFFFFFFFu);
    std::vector<std::uint64_t> waiting(T, 0);
    for (std::uint32_t b = 0; b < B; ++b) {
        missing[b] = v.in_degree(b);
        for (std::uint32_t t : v.up(b)) {
            waiting[t] += missing[b] - 1;
            completes[t] += missing[b] == 1;
            nearest[t] = std::min(nearest[t], missing[b] - 1);
        }
    }
    // (completes, -nearest, -waiting, -id, top): the largest entry wins.
    using Entry = std::tuple<std::uint32_t, std::int64_t, std::int64_t, std::int64_t, std::uint32_t>;
    const auto entry = [&](std::uint32_t t) {
        return Entry{completes[t], -static_cast<std::int64_t>(nearest[t]), -static_cast<std::int64_t>(waiting[t]),
                     -static_cast<std::int64_t>(v.top_ids[t]), t};
    };
    std::priority_queue<Entry> heap;
    for (std::uint32_t t = 0; t < T; ++t) heap.push(entry(t));
    std::vector<std::uint8_t> done(T, 0);
    std::vector<std::uint32_t> order;
    order.reserve(T);
    while (!heap.empty()) {
        const Entry e = heap.top();
        heap.pop();
        const std::uint32_t t = std::get<4>(e);
        if (done[t] || e != entry(t)) continue;  // executed, or a stale key
        done[t] = 1;
        order.push_back(t);
        for (std::uint32_t b : v.down(t)) {
            if (--missing[b] == 0) continue;
            for (std::uint32_t p : v.up(b)) {
                if (done[p]) continue;
                --waiting[p];
                completes[p] += missing[b] == 1;
                nearest[p] = std::min(nearest[p], missing[b] - 1);
                heap.push(entry(p));
            }
        }
    }
    return order;
}

}  // namespace ics::blocks::detail
