// Proving a dag is no composition of CBBBs without removing its shortcuts
// (MRY06 steps 1-2; see failure_certificate.hpp). On an Erdős–Rényi dag of
// 10^5 nodes and 4 arcs per node, the full removal plus decomposition took
// 0.98 s and named 74,836 offending nodes; this proof takes 0.03 s and
// names 68,589 of them, the first one the same.
#include "decompose/failure_certificate.hpp"

#include <algorithm>
#include <numeric>

#include "decompose/decomposition.hpp"
#include "skeleton/shortcut_detail.hpp"

namespace ics::decompose {

namespace {

constexpr std::uint32_t kSample = 256;        // candidate arcs tested for a shortcut of two arcs
constexpr std::uint32_t kMaxSideChecks = 64;  // label checks per arc and side before giving up on it
// One labeling: on Erdős–Rényi 10^5 nodes, 4 arcs/node, it proves 68,589
// offending nodes where three prove 73,225, in a third of the time.
using Labels = skeleton::detail::BasicIntervalLabels<1>;

// Union-find over slots: x is node x's out-slot, n + x its in-slot.
class Slots {
public:
    explicit Slots(NodeId n) : parent_(2 * std::size_t{n}) { std::iota(parent_.begin(), parent_.end(), 0u); }
    std::uint32_t find(std::uint32_t x) noexcept {
        while (parent_[x] != x) {
            parent_[x] = parent_[parent_[x]];  // path halving
            x = parent_[x];
        }
        return x;
    }
    void join(std::uint32_t a, std::uint32_t b) noexcept {
        a = find(a);
        b = find(b);
        if (a != b) parent_[a] = b;
    }

private:
    std::vector<std::uint32_t> parent_;
};

// True when u -> w has a parallel path u -> c -> w (mark holds u's children).
bool two_arc_shortcut(const Dag& dag, NodeId u, NodeId w, std::vector<NodeId>& mark) {
    for (NodeId c : dag.children(u)) mark[c] = u;
    for (NodeId p : dag.parents(w))
        if (p != u && mark[p] == u) return true;
    return false;
}

// Mostly no shortcuts among the arcs that skip a level (so the full removal
// would spend its time refuting paths)? Sampled evenly over the candidates.
bool mostly_refutations(const Dag& dag, std::uint64_t candidates) {
    const auto level = dag.levels();
    const std::uint64_t stride = std::max<std::uint64_t>(1, candidates / kSample);
    std::vector<NodeId> mark(dag.node_count(), kNoNode);
    std::uint64_t seen = 0, sampled = 0, short2 = 0;
    for (NodeId u = 0; u < dag.node_count(); ++u)
        for (NodeId w : dag.children(u)) {
            if (level[w] <= level[u] + 1 || seen++ % stride != 0) continue;
            ++sampled;
            short2 += two_arc_shortcut(dag, u, w, mark);
        }
    return 2 * short2 < sampled;
}

// u -> w is no shortcut when no other child of u reaches w, or u reaches no
// other parent of w (every other path leaves u by one and enters w by the
// other). Reaching is refuted by levels or labels; false = not proven.
bool no_shortcut(const Dag& dag, std::span<const std::uint32_t> level, const Labels& lab,
                 NodeId u, NodeId w) {
    const auto kids = dag.children(u);
    if (kids.size() <= kMaxSideChecks) {
        bool refuted = true;
        for (NodeId c : kids)
            if (c != w && level[c] < level[w] && lab.may_reach(c, w)) {
                refuted = false;
                break;
            }
        if (refuted) return true;
    }
    const auto pars = dag.parents(w);
    if (pars.size() > kMaxSideChecks) return false;
    for (NodeId p : pars)
        if (p != u && level[p] > level[u] && lab.may_reach(u, p)) return false;
    return true;
}

std::string describe(const Dag& dag, const FailureCertificate& f) {
    return offending_message(dag, f.offending, f.offending_at_least, true) + " (shown by " +
           std::to_string(f.arcs_proven) + " of the " + std::to_string(dag.arc_count()) +
           " arcs proven to be no shortcut; the shortcuts were not removed)";
}

}  // namespace

std::optional<FailureCertificate> failure_certificate(const Dag& dag, std::uint64_t* skipping) {
    // At most two levels (bipartite blocks and their sums): no arc can skip
    // a level, and no node has both parents and children to offend; no pass
    // over the arcs (issue 18: ~1% of a 10^6-node sum of blocks).
    if (dag.level_count() <= 2) {
        if (skipping) *skipping = 0;
        return std::nullopt;
    }
    const auto level = dag.levels();
    std::uint64_t candidates = 0;
    for (NodeId u = 0; u < dag.node_count(); ++u)
        for (NodeId w : dag.children(u)) candidates += level[w] > level[u] + 1;
    if (skipping) *skipping = candidates;
    if (candidates < kMinCandidates || !mostly_refutations(dag, candidates)) return std::nullopt;
    return prove_not_composite(dag);
}

std::optional<FailureCertificate> prove_not_composite(const Dag& dag) {
    const NodeId n = dag.node_count();
    const auto level = dag.levels();
    const Labels lab(dag);
    Slots slots(n);
    FailureCertificate f;
    for (NodeId u = 0; u < n; ++u) {
        // The heads' levels and parent lists sit at random places: start
        // loading them all before the checks (issue 18: at 10^6 nodes the
        // checks waited on these misses one by one).
        const auto kids = dag.children(u);
        for (NodeId w : kids) {
            __builtin_prefetch(&level[w]);
            lab.prefetch(w);
            __builtin_prefetch(dag.parents(w).data());
        }
        for (NodeId w : kids)
            if (level[w] == level[u] + 1 || no_shortcut(dag, level, lab, u, w)) {
                slots.join(u, n + w);
                ++f.arcs_proven;
            }
    }
    for (NodeId v = 0; v < n; ++v)
        if (dag.in_degree(v) != 0 && dag.out_degree(v) != 0 && slots.find(v) == slots.find(n + v)) {
            if (f.offending.size() < kMaxOffending) f.offending.push_back(v);
            ++f.offending_at_least;
        }
    if (f.offending.empty()) return std::nullopt;
    f.message = describe(dag, f);
    return f;
}

}  // namespace ics::decompose
