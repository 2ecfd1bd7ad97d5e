// The fallback of batch::select when a component of H is too large for the
// exact search and not a tree (BICSO is NP-hard even for bipartite dags,
// batch-scheduling.txt §3): a greedy nested sequence, and an upper bound on
// the best set of each size, so that every answer carries a stated bound.
#include <algorithm>
#include <queue>
#include <tuple>

#include "batch/batch_detail.hpp"

namespace ics::batch::detail {

Local localize(const Reduction& h, std::uint32_t c) {
    Local l;
    const auto srcs = h.sources_of(c);
    const auto sinks = h.sinks_of(c);
    l.s = static_cast<std::uint32_t>(srcs.size());
    l.t = static_cast<std::uint32_t>(sinks.size());
    l.sink_off.push_back(0);
    for (std::uint32_t j : sinks) {
        for (std::uint32_t i : h.parents_of_sink(j)) l.sink_par.push_back(h.src_local[i]);
        l.sink_off.push_back(static_cast<std::uint32_t>(l.sink_par.size()));
    }
    l.src_off.push_back(0);
    for (std::uint32_t i : srcs) {
        for (std::uint32_t j : h.sinks_of_source(i)) l.src_sink.push_back(h.sink_local[j]);
        l.src_off.push_back(static_cast<std::uint32_t>(l.src_sink.size()));
    }
    return l;
}

Answer greedy(const Reduction& h, std::uint32_t c, std::uint32_t K) {
    const Local l = localize(h, c);
    std::vector<std::uint32_t> missing(l.t);
    for (std::uint32_t v = 0; v < l.t; ++v) missing[v] = l.sink_off[v + 1] - l.sink_off[v];
    // Score: (sinks it completes now, Σ 1/missing over its other open sinks).
    using Key = std::tuple<std::uint32_t, double, std::uint32_t /*version*/, std::uint32_t /*source*/>;
    auto score = [&](std::uint32_t u, std::uint32_t version) {
        std::uint32_t completes = 0;
        double progress = 0;
        for (std::uint32_t x = l.src_off[u]; x < l.src_off[u + 1]; ++x) {
            const std::uint32_t m = missing[l.src_sink[x]];
            if (m == 1) ++completes;
            else if (m > 1) progress += 1.0 / m;
        }
        return Key{completes, progress, version, u};
    };
    auto worse = [](const Key& a, const Key& b) {
        if (std::get<0>(a) != std::get<0>(b)) return std::get<0>(a) < std::get<0>(b);
        if (std::get<1>(a) != std::get<1>(b)) return std::get<1>(a) < std::get<1>(b);
        return std::get<3>(a) > std::get<3>(b);  // smaller position first
    };
    std::priority_queue<Key, std::vector<Key>, decltype(worse)> heap(worse);
    std::vector<std::uint32_t> version(l.s, 0);
    std::vector<std::uint8_t> chosen(l.s, 0);
    for (std::uint32_t u = 0; u < l.s; ++u) heap.push(score(u, 0));

    Answer a;
    a.kind = Answer::Kind::prefix;
    a.value.assign(K + 1, 0);
    std::int32_t gained = 0;
    while (a.order.size() < K && !heap.empty()) {
        const Key top = heap.top();
        heap.pop();
        const std::uint32_t u = std::get<3>(top);
        if (chosen[u] || std::get<2>(top) != version[u]) continue;
        chosen[u] = 1;
        a.order.push_back(u);
        for (std::uint32_t x = l.src_off[u]; x < l.src_off[u + 1]; ++x) {
            const std::uint32_t v = l.src_sink[x];
            if (--missing[v] == 0) ++gained;
            for (std::uint32_t y = l.sink_off[v]; y < l.sink_off[v + 1]; ++y) {
                const std::uint32_t w = l.sink_par[y];
                if (!chosen[w]) heap.push(score(w, ++version[w]));
            }
        }
        a.value[a.order.size()] = gained;
    }
    a.bound = upper_bound_curve(h, c, K);
    a.exact = a.value == a.bound;
    return a;
}

// Every sink completed by a set R is attributed to one of its parents, all of
// which are in R; so the sinks gained by k sources are at most the k largest
// attribution loads (sinks are given to their least-loaded parent to keep
// loads even), and at most the number of sinks with <= k parents.
std::vector<std::int32_t> upper_bound_curve(const Reduction& h, std::uint32_t c, std::uint32_t K) {
    const auto srcs = h.sources_of(c);
    std::vector<std::uint32_t> load(srcs.size(), 0), by_size(K + 2, 0);
    for (std::uint32_t j : h.sinks_of(c)) {
        const auto ps = h.parents_of_sink(j);
        std::uint32_t best = h.src_local[ps[0]];
        for (std::uint32_t i : ps)
            if (load[h.src_local[i]] < load[best]) best = h.src_local[i];
        ++load[best];
        ++by_size[std::min<std::size_t>(ps.size(), K + 1)];
    }
    std::sort(load.begin(), load.end(), std::greater<>());
    std::vector<std::int32_t> bound(K + 1, 0);
    std::int64_t top = 0, small = by_size[0];
    for (std::uint32_t k = 1; k <= K; ++k) {
        top += load[k - 1];
        small += by_size[k];
        bound[k] = static_cast<std::int32_t>(std::min(top, small));
    }
    return bound;
}

}  // namespace ics::batch::detail
