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
// - an indexed max-heap over the classes (common/indexed_heap.hpp) is
//   updated in place (keys only improve: sift up), so memory stays O(arcs)
//   instead of one stale entry per key change (issue 18: 5.1 GB on
//   K(600,600)).
// Time O(arcs + sum over executed sources of the parent classes of their
// sinks * log(classes)).
#include <algorithm>
#include <numeric>

#include "blocks/block_detail.hpp"
#include "common/indexed_heap.hpp"

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

    // Per class, side by side (one cache line per update): its keys, how
    // many members remain, the global id of its candidate (the next
    // unexecuted member, members[next]); and its index in the heap.
    // (waiting < 2^32: at most the block's arcs, whose offsets are 32-bit.)
    struct Class {
        std::uint32_t completes = 0, nearest = 0xFFFFFFFFu, waiting = 0, left = 0, id = 0, slot = 0;
    };
    std::vector<Class> cl(C);
    std::vector<std::uint32_t> missing(B), next(C);
    for (std::uint32_t c = 0; c < C; ++c) {
        next[c] = tw.start[c];
        cl[c].left = tw.start[c + 1] - tw.start[c];
        cl[c].id = v.top_ids[tw.members[next[c]]];
    }
    for (std::uint32_t b = 0; b < B; ++b) {
        missing[b] = v.in_degree(b);
        for (std::uint32_t k = pc_off[b]; k < pc_off[b + 1]; ++k) {
            Class& c = cl[pc[k]];
            c.waiting += missing[b] - 1;
            c.completes += missing[b] == 1;
            c.nearest = std::min(c.nearest, missing[b] - 1);
        }
    }
    // A class's keys packed into one comparable pair, held in the heap
    // entry itself (issue 18: a sift compared four arrays at two random
    // places; on random layered dags this order was 19% of the schedule):
    // more completes, then smaller nearest, smaller waiting, smaller global
    // id of the class's candidate.
    struct Key {
        std::uint64_t hi, lo;
        std::uint32_t cls;
        bool operator<(const Key& o) const noexcept { return hi != o.hi ? hi < o.hi : lo < o.lo; }
    };
    const auto key = [&](std::uint32_t c) {
        const Class& k = cl[c];
        return Key{(std::uint64_t{k.completes} << 32) | std::uint64_t{~k.nearest},
                   (std::uint64_t{~k.waiting} << 32) | std::uint64_t{~k.id}, c};
    };
    auto heap = make_indexed_max_heap<Key>([](const Key& k) { return k.cls; },
                                           [&](std::uint32_t c) -> std::uint32_t& { return cl[c].slot; });
    for (std::uint32_t c = 0; c < C; ++c) heap.push(key(c));

    std::vector<std::uint32_t> order;
    order.reserve(T);
    // One step's updates in three passes, each prefetching what the next
    // reads at random (issue 18: on a 100k x 100k random layer pair the
    // loads of a sink's parent classes and of each class missed the cache,
    // 40% of a 10^6-node layered dag's schedule): the sinks still waiting,
    // their (class, missing) pairs, then the classes' keys. Every class
    // touched is raised once, with its final key; keys are distinct (the
    // candidates' ids), so the heap pops the same whatever the order of raises.
    std::vector<std::uint32_t> waiting_sinks;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> touched;  // (class, the sink's missing)
    std::vector<std::uint32_t> raised, stamp(C, 0);
    std::uint32_t step = 0;
    while (!heap.empty()) {
        // Take the best class out while its keys change (every other class
        // with members left stays in the heap).
        const std::uint32_t c0 = heap.pop().cls;
        const std::uint32_t t = tw.members[next[c0]];
        order.push_back(t);
        if (--cl[c0].left > 0) cl[c0].id = v.top_ids[tw.members[++next[c0]]];
        ++step;
        waiting_sinks.clear();
        for (std::uint32_t b : v.down(t)) {
            if (--missing[b] == 0) continue;
            waiting_sinks.push_back(b);
            __builtin_prefetch(&pc[pc_off[b]]);
        }
        touched.clear();
        for (std::uint32_t b : waiting_sinks)
            for (std::uint32_t k = pc_off[b]; k < pc_off[b + 1]; ++k) {
                touched.emplace_back(pc[k], missing[b]);
                __builtin_prefetch(&cl[pc[k]]);
            }
        raised.clear();
        for (const auto [p, m] : touched) {
            Class& c = cl[p];
            if (c.left == 0) continue;
            --c.waiting;
            c.completes += m == 1;
            c.nearest = std::min(c.nearest, m - 1);
            if (p != c0 && stamp[p] != step) {
                stamp[p] = step;
                raised.push_back(p);
            }
        }
        for (std::uint32_t p : raised) heap.prefetch(p);
        for (std::uint32_t p : raised) heap.raise(p, key(p));  // keys only improve
        if (cl[c0].left > 0) heap.push(key(c0));
    }
    return order;
}

}  // namespace ics::blocks::detail
