// Greedy order for blocks no other method handles (not proven IC optimal):
// at each step execute the source that renders the most sinks ELIGIBLE now;
// ties go to the source with an unfinished sink closest to completion (fewest
// other unexecuted parents), then to the one whose unfinished sinks wait for
// the fewest other unexecuted parents in all (sum over its unfinished
// children), then to the smallest global id. (The second key makes the
// greedy commit to a sink once started: it then finds the ICO orders of W, M,
// N, C and Q blocks.)
//
// Every key is a function of the current state, and all three only improve
// as sources run, so the order is simply the argmax of the current key at
// each step. Two devices keep the cost near the block's size:
// - twins (sources with the same children) always hold the same keys, so
//   they form one class whose candidate is its unexecuted member of smallest
//   global id; a sink's parents are visited per class, not per source
//   (K(n,n) minus one arc has two classes: O(n^2) instead of O(n^3));
// - an indexed max-heap over the classes is updated in place (keys only
//   improve: sift up), so memory stays O(arcs) instead of one stale entry per
//   key change (issue 18: 5.1 GB on K(600,600)).
// Time O(arcs + sum over executed sources of the parent classes of their
// sinks * log(classes)).
#include <algorithm>
#include <numeric>

#include "blocks/block_detail.hpp"

namespace ics::blocks::detail {

namespace {

// Groups tops with identical bottom lists; returns class of each top and the
// members of each class in increasing global id (CSR).
struct Twins {
    std::vector<std::uint32_t> cls;             // top -> class
    std::vector<std::uint32_t> start, members;  // class c: members[start[c], start[c+1])
};

Twins twin_classes(const BlockView& v) {
    const std::uint32_t T = v.tops();
    std::vector<std::uint64_t> hash(T);
    for (std::uint32_t t = 0; t < T; ++t) {
        std::uint64_t h = 0x9E3779B97F4A7C15ull ^ v.out_degree(t);
        for (std::uint32_t b : v.down(t)) {
            h ^= b + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2);
            h *= 0xFF51AFD7ED558CCDull;
        }
        hash[t] = h;
    }
    const auto same = [&](std::uint32_t a, std::uint32_t b) {
        const auto x = v.down(a), y = v.down(b);
        return std::equal(x.begin(), x.end(), y.begin(), y.end());
    };
    std::vector<std::uint32_t> by(T);
    std::iota(by.begin(), by.end(), 0u);
    // Equal rows end up adjacent, each run in increasing global id.
    std::sort(by.begin(), by.end(), [&](std::uint32_t a, std::uint32_t b) {
        if (hash[a] != hash[b]) return hash[a] < hash[b];
        const auto x = v.down(a), y = v.down(b);
        if (!std::equal(x.begin(), x.end(), y.begin(), y.end()))
            return std::lexicographical_compare(x.begin(), x.end(), y.begin(), y.end());
        return v.top_ids[a] < v.top_ids[b];
    });
    Twins tw;
    tw.cls.assign(T, 0);
    tw.members = by;
    for (std::uint32_t i = 0; i < T; ++i) {
        if (i == 0 || hash[by[i]] != hash[by[i - 1]] || !same(by[i], by[i - 1]))
            tw.start.push_back(i);
        tw.cls[by[i]] = static_cast<std::uint32_t>(tw.start.size() - 1);
    }
    tw.start.push_back(T);
    return tw;
}

}  // namespace

std::vector<std::uint32_t> greedy_order(const BlockView& v) {
    const std::uint32_t T = v.tops(), B = v.bottoms();
    const Twins tw = twin_classes(v);
    const auto C = static_cast<std::uint32_t>(tw.start.size() - 1);

    // Parent classes of each bottom (CSR), each class once.
    std::vector<std::uint32_t> pc_off(static_cast<std::size_t>(B) + 1, 0), pc;
    {
        std::vector<std::uint32_t> last(C, 0xFFFFFFFFu);
        for (std::uint32_t b = 0; b < B; ++b) {
            for (std::uint32_t t : v.up(b))
                if (last[tw.cls[t]] != b) {
                    last[tw.cls[t]] = b;
                    pc.push_back(tw.cls[t]);
                }
            pc_off[b + 1] = static_cast<std::uint32_t>(pc.size());
        }
    }

    // Per class: its keys, the next unexecuted member, and how many remain.
    std::vector<std::uint32_t> missing(B), completes(C, 0), nearest(C, 0xFFFFFFFFu), next(C), left(C);
    std::vector<std::uint64_t> waiting(C, 0);
    for (std::uint32_t c = 0; c < C; ++c) {
        next[c] = tw.start[c];
        left[c] = tw.start[c + 1] - tw.start[c];
    }
    for (std::uint32_t b = 0; b < B; ++b) {
        missing[b] = v.in_degree(b);
        for (std::uint32_t k = pc_off[b]; k < pc_off[b + 1]; ++k) {
            const std::uint32_t c = pc[k];
            waiting[c] += missing[b] - 1;
            completes[c] += missing[b] == 1;
            nearest[c] = std::min(nearest[c], missing[b] - 1);
        }
    }
    const auto rep = [&](std::uint32_t c) { return tw.members[next[c]]; };
    // a ahead of b: more completes, then smaller nearest, smaller waiting, smaller global id.
    const auto ahead = [&](std::uint32_t a, std::uint32_t b) {
        if (completes[a] != completes[b]) return completes[a] > completes[b];
        if (nearest[a] != nearest[b]) return nearest[a] < nearest[b];
        if (waiting[a] != waiting[b]) return waiting[a] < waiting[b];
        return v.top_ids[rep(a)] < v.top_ids[rep(b)];
    };

    constexpr std::uint32_t kOut = 0xFFFFFFFFu;
    std::vector<std::uint32_t> heap, pos(C, kOut);
    heap.reserve(C);
    const auto place = [&](std::uint32_t i, std::uint32_t c) {
        heap[i] = c;
        pos[c] = i;
    };
    const auto sift_up = [&](std::uint32_t i) {
        const std::uint32_t c = heap[i];
        while (i > 0) {
            const std::uint32_t parent = (i - 1) / 2;
            if (!ahead(c, heap[parent])) break;
            place(i, heap[parent]);
            i = parent;
        }
        place(i, c);
    };
    const auto sift_down = [&](std::uint32_t i) {
        const std::uint32_t c = heap[i];
        const auto n = static_cast<std::uint32_t>(heap.size());
        for (;;) {
            std::uint32_t best = 2 * i + 1;
            if (best >= n) break;
            if (best + 1 < n && ahead(heap[best + 1], heap[best])) ++best;
            if (!ahead(heap[best], c)) break;
            place(i, heap[best]);
            i = best;
        }
        place(i, c);
    };
    const auto push = [&](std::uint32_t c) {
        heap.push_back(c);
        sift_up(static_cast<std::uint32_t>(heap.size() - 1));
    };
    for (std::uint32_t c = 0; c < C; ++c) push(c);

    std::vector<std::uint32_t> order;
    order.reserve(T);
    while (!heap.empty()) {
        // Take the best class out while its keys change.
        const std::uint32_t c0 = heap[0];
        pos[c0] = kOut;
        const std::uint32_t last = heap.back();
        heap.pop_back();
        if (!heap.empty()) {
            heap[0] = last;
            sift_down(0);
        }
        const std::uint32_t t = rep(c0);
        order.push_back(t);
        ++next[c0];
        --left[c0];
        for (std::uint32_t b : v.down(t)) {
            if (--missing[b] == 0) continue;
            for (std::uint32_t k = pc_off[b]; k < pc_off[b + 1]; ++k) {
                const std::uint32_t p = pc[k];
                if (left[p] == 0) continue;
                --waiting[p];
                completes[p] += missing[b] == 1;
                nearest[p] = std::min(nearest[p], missing[b] - 1);
                if (pos[p] != kOut) sift_up(pos[p]);
            }
        }
        if (left[c0] > 0) push(c0);
    }
    return order;
}

}  // namespace ics::blocks::detail
