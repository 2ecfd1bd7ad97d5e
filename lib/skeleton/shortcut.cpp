// Shortcut removal (MRY06 step 1, sweep-algorithm.txt §2): see shortcut.hpp.
//
// Candidates are the arcs u -> v with level(v) >= level(u) + 2 (an arc
// between consecutive longest-path levels has no parallel path); with none,
// the work ends after one pass over the arcs. Otherwise the bitset method
// (shortcut_bitset.cpp) decides them in a predictable time. When that time is
// large compared with the dag, level-bounded searches from each tail
// (shortcut_search.cpp) are tried on a sample of the tails; if they promise
// to be cheaper (large sparse dags: 40x on a 300,000-node random dag) they
// run, within twice the estimate, and the bitset method finishes what they
// leave. When the sample shows that most candidates are no shortcut (random
// sparse dags: a search then exhausts its whole cone), interval labels
// (shortcut_intervals.cpp) prune the searches, and a second sample with them
// decides. Either way the result is the same; only the time differs.
#include "skeleton/shortcut.hpp"

#include <algorithm>
#include <optional>

#include "skeleton/shortcut_detail.hpp"

namespace ics::skeleton {

using detail::Arc;

std::vector<std::pair<NodeId, NodeId>> find_shortcuts(const Dag& dag) {
    const NodeId n = dag.node_count();
    const std::vector<Arc> cand = detail::candidate_arcs(dag);
    std::vector<std::pair<NodeId, NodeId>> removed;
    if (cand.empty()) return removed;

    const detail::LevelOrder lo(dag);
    std::vector<std::uint8_t> shortcut(cand.size(), 0);
    std::size_t decided = 0;
    if (const std::uint64_t limit = detail::search_limit(dag, lo, cand)) {
        // Sampled up to kLabelGain times the limit: labels may bring it back under.
        const std::uint64_t sample_limit =
            limit > ~std::uint64_t{0} / detail::kLabelGain ? ~std::uint64_t{0} : limit * detail::kLabelGain;
        const detail::SearchSample plain = detail::search_sample(dag, cand, detail::kSampleStride, sample_limit);
        std::uint64_t estimate = plain.estimate;
        std::optional<detail::IntervalLabels> labels;
        if (estimate <= sample_limit && detail::labels_pay(dag, plain)) {
            labels.emplace(dag);
            estimate = detail::search_estimate(dag, cand, detail::kSampleStride, limit, &*labels);
        }
        if (estimate <= limit)
            decided = detail::search_shortcuts(dag, cand, 2 * estimate + n, shortcut, labels ? &*labels : nullptr);
    }
    if (decided < cand.size()) {
        std::vector<std::uint8_t> rest(cand.size() - decided, 0);
        detail::bitset_shortcuts(dag, lo, std::span<const Arc>(cand).subspan(decided), &rest);
        std::copy(rest.begin(), rest.end(), shortcut.begin() + static_cast<std::ptrdiff_t>(decided));
    }
    for (std::size_t i = 0; i < cand.size(); ++i)
        if (shortcut[i]) removed.emplace_back(cand[i].u, cand[i].v);
    return removed;
}

namespace detail {

std::vector<Arc> candidate_arcs(const Dag& dag) {
    const auto level = dag.levels();
    std::vector<Arc> cand;
    for (NodeId u = 0; u < dag.node_count(); ++u)
        for (NodeId v : dag.children(u))
            if (level[v] > level[u] + 1) cand.push_back({u, v});
    return cand;
}

bool labels_pay(const Dag& dag, const SearchSample& plain) {
    const std::uint64_t size = std::uint64_t{dag.node_count()} + dag.arc_count();
    return plain.candidates > 2 * plain.shortcuts &&               // mostly to refute
           plain.estimate > 2 * IntervalLabels::kLabelings * size;  // and worth a few passes
}

std::uint64_t search_limit(const Dag& dag, const LevelOrder& lo, std::span<const Arc> cand) {
    const std::uint64_t bitset_cost = bitset_shortcuts(dag, lo, cand, nullptr);
    if (bitset_cost <= 4 * (std::uint64_t{dag.node_count()} + dag.arc_count())) return 0;
    return bitset_cost / kSearchUnitCost;
}

}  // namespace detail

namespace {

Dag without_arcs(const Dag& dag, const std::vector<std::pair<NodeId, NodeId>>& removed) {
    const NodeId n = dag.node_count();
    DagBuilder b(dag.names());  // same nodes, same ids
    b.reserve(n, dag.arc_count() - removed.size());
    auto next = removed.begin();  // both sequences are in increasing (u, v)
    for (NodeId u = 0; u < n; ++u)
        for (NodeId v : dag.children(u)) {
            if (next != removed.end() && next->first == u && next->second == v) {
                ++next;
                continue;
            }
            b.add_arc(u, v);
        }
    return std::move(b).build();
}

}  // namespace

Skeleton remove_shortcuts(const Dag& dag) {
    Skeleton s;
    s.removed = find_shortcuts(dag);
    s.dag = s.removed.empty() ? dag : without_arcs(dag, s.removed);
    return s;
}

SkeletonRef::SkeletonRef(const Dag& base) : base_(&base), removed_(find_shortcuts(base)) {
    if (!removed_.empty()) owned_ = without_arcs(base, removed_);
}

Skeleton remove_shortcuts(Dag&& dag) {
    Skeleton s;
    s.removed = find_shortcuts(dag);
    s.dag = s.removed.empty() ? std::move(dag) : without_arcs(dag, s.removed);
    return s;
}

}  // namespace ics::skeleton
