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

// Three bounds on the sinks a set R of k sources completes, the least taken:
//  - each completed sink is attributed to one of its parents (all in R), the
//    least-loaded one so that loads stay even: at most the k largest loads;
//  - at most the sinks with <= k parents;
//  - by parent-set size j: the private sinks (j = 1) of the k best sources,
//    plus for j >= 2 at most C(k, j) distinct j-subsets of R, each the
//    parent set of at most m_j sinks (the largest multiplicity of one set).
std::vector<std::int32_t> upper_bound_curve(const Reduction& h, std::uint32_t c, std::uint32_t K) {
    const auto srcs = h.sources_of(c);
    std::vector<std::uint32_t> load(srcs.size(), 0), phi(srcs.size(), 0), by_size(K + 2, 0);
    std::vector<std::uint32_t> shared;  // sinks with 2..K parents
    for (std::uint32_t j : h.sinks_of(c)) {
        const auto ps = h.parents_of_sink(j);
        std::uint32_t best = h.src_local[ps[0]];
        for (std::uint32_t i : ps)
            if (load[h.src_local[i]] < load[best]) best = h.src_local[i];
        ++load[best];
        ++by_size[std::min<std::size_t>(ps.size(), K + 1)];
        if (ps.size() == 1) ++phi[h.src_local[ps[0]]];
        else if (ps.size() <= K) shared.push_back(j);
    }
    // m_j: parent lists are in increasing source order, so equal sets compare equal.
    auto parents = [&](std::uint32_t j) { return h.parents_of_sink(j); };
    std::sort(shared.begin(), shared.end(), [&](std::uint32_t a, std::uint32_t b) {
        const auto pa = parents(a), pb = parents(b);
        if (pa.size() != pb.size()) return pa.size() < pb.size();
        return std::lexicographical_compare(pa.begin(), pa.end(), pb.begin(), pb.end());
    });
    std::vector<std::uint64_t> mult(K + 1, 0);
    for (std::size_t x = 0; x < shared.size();) {
        std::size_t y = x;
        const auto px = parents(shared[x]);
        while (y < shared.size() && std::ranges::equal(parents(shared[y]), px)) ++y;
        mult[px.size()] = std::max<std::uint64_t>(mult[px.size()], y - x);
        x = y;
    }
    std::sort(load.begin(), load.end(), std::greater<>());
    std::sort(phi.begin(), phi.end(), std::greater<>());
    std::vector<std::int32_t> bound(K + 1, 0);
    std::int64_t top = 0, small = by_size[0], private_top = 0;
    for (std::uint32_t k = 1; k <= K; ++k) {
        top += load[k - 1];
        small += by_size[k];
        private_top += phi[k - 1];
        // Σ_{j=2..k} min(count_j, C(k, j) · m_j), C(k, j) grown term by term and capped.
        std::int64_t by_sets = private_top;
        std::uint64_t binom = k;  // C(k, 1)
        for (std::uint32_t j = 2; j <= k && by_sets < top; ++j) {
            binom = binom > (std::uint64_t(1) << 40) ? binom : binom * (k - j + 1) / j;
            if (by_size[j] == 0) continue;
            const std::uint64_t cap = mult[j] != 0 && binom > by_size[j] / mult[j] ? by_size[j] : binom * mult[j];
            by_sets += static_cast<std::int64_t>(std::min<std::uint64_t>(by_size[j], cap));
        }
        bound[k] = static_cast<std::int32_t>(std::min({top, small, by_sets}));
    }
    return bound;
}

}  // namespace ics::batch::detail
