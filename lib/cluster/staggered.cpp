// The staggered task-clustering strategy (clustering.txt §3.2.2, Lemma 3.1):
// for G composite of type G_1 ↑ ... ↑ G_n with G_1 ▷ ... ▷ G_n (condition
// (2)), take all sources of G_{i1}, then all sources of G_{i2} (i2 > i1), ...,
// ending with a prefix of the sources of G_{iℓ} in its schedule's order; both
// F and the residual stay ▷-linear. Skipping blocks lets F cut fewer arcs than
// the direct cluster (Fig. 6: 6 arcs instead of 8).
//
// Among such sequences we search (depth first, taking a block before skipping
// it, within Options::search_budget steps) for the ones of size k that cut
// fewest arcs; a block is taken only when all its sources' parents are in F,
// so F stays self-contained. Sinks of U whose parents are all in F may
// complete F (they are isolated in the residual, which changes no schedule's
// optimality), as Corollary 3.1 does with sinks. The chain prefix itself (the
// direct cluster, i_j = j) is always a candidate, so the strategy never fails
// on a ▷-linear composition.
#include <algorithm>

#include "cluster/detail.hpp"

namespace ics::cluster::detail {

namespace {

class Search {
public:
    Search(const Context& c, std::vector<std::span<const NodeId>> groups)
        : c_(c), groups_(std::move(groups)), in_f_(c.u.node_count(), 0) {}

    std::vector<Candidate> run() {
        descend(0, 0);
        keep_best(found_, c_.options.max_verified);
        return std::move(found_);
    }

private:
    bool spend(std::uint64_t steps) {
        steps_ += steps;
        return steps_ <= c_.options.search_budget;
    }

    void record(std::span<const NodeId> extra) {
        Candidate cand;
        cand.strategy = Strategy::staggered;
        cand.tasks = f_;
        cand.tasks.insert(cand.tasks.end(), extra.begin(), extra.end());
        cand.cut = cut_ + cut_of(c_.u, extra);
        found_.push_back(std::move(cand));
        // Bounded memory: keep the best few as we go.
        if (found_.size() > 4 * static_cast<std::size_t>(c_.options.max_verified) + 16)
            keep_best(found_, c_.options.max_verified);
    }

    // Completes F with sinks of U whose parents all lie in F (most parents in F first).
    void complete_with_sinks() {
        const std::size_t need = c_.k - f_.size();
        std::vector<NodeId> sinks;
        for (NodeId v : f_)
            for (NodeId ch : c_.u.children(v))
                if (c_.u.is_sink(ch) && !in_f_[ch] && available(c_.u, in_f_, ch)) {
                    in_f_[ch] = 1;  // marks it seen; undone below
                    sinks.push_back(ch);
                }
        for (NodeId v : sinks) in_f_[v] = 0;
        if (!spend(sinks.size() + f_.size()) || sinks.size() < need) return;
        std::partial_sort(sinks.begin(), sinks.begin() + static_cast<std::ptrdiff_t>(need), sinks.end(),
                          [&](NodeId a, NodeId b) { return c_.u.in_degree(a) > c_.u.in_degree(b); });
        record(std::span<const NodeId>(sinks.data(), need));
    }

    void descend(std::size_t start, std::size_t depth) {
        if (!f_.empty()) complete_with_sinks();
        // Depth bounds the recursion (one level per block taken).
        if (depth > 4096) return;
        for (std::size_t g = start; g < groups_.size(); ++g) {
            if (!spend(1)) return;
            const auto src = groups_[g];
            const std::size_t rem = c_.k - f_.size();
            // The longest prefix of the block's order whose tasks can join F.
            std::size_t ok = 0;
            while (ok < src.size() && ok < rem && available(c_.u, in_f_, src[ok])) ++ok;
            if (!spend(ok)) return;
            if (ok == src.size() && src.size() < rem) {
                take(src);
                descend(g + 1, depth + 1);
                untake(src);
            } else if (ok == rem) {
                record(src.first(rem));  // ends with (a prefix of) this block: |F| = k
            }
        }
    }

    void take(std::span<const NodeId> src) {
        for (NodeId v : src) {
            in_f_[v] = 1;
            f_.push_back(v);
            cut_ += weight(c_.u, v);
        }
    }
    void untake(std::span<const NodeId> src) {
        for (NodeId v : src) {
            in_f_[v] = 0;
            cut_ -= weight(c_.u, v);
        }
        f_.resize(f_.size() - src.size());
    }

    const Context& c_;
    std::vector<std::span<const NodeId>> groups_;
    std::vector<char> in_f_;
    std::vector<NodeId> f_;
    std::int64_t cut_ = 0;
    std::uint64_t steps_ = 0;
    std::vector<Candidate> found_;
};

}  // namespace

std::vector<Candidate> staggered_candidates(const Context& c) {
    if (!c.composition)
        fail(Errc::unsupported,
             "staggered: needs a ▷-linear composition of building blocks (condition (2) of clustering.txt); " +
                 (c.sched.status == schedule::Status::ic_optimal
                      ? std::string("the unexecuted dag's IC-optimal schedule comes from the exact search, "
                                    "not from a decomposition")
                      : "the unexecuted dag has none: " + c.sched.reason));
    // The chain's groups (a block, or a sum of blocks interleaved by
    // IC-Sweep) are consecutive in the engine's order, nonsinks first.
    const schedule::Result& r = c.sched;
    std::vector<std::span<const NodeId>> groups;
    groups.reserve(r.group_count());
    std::size_t at = 0;
    for (std::size_t g = 0; g < r.group_count(); ++g) {
        std::size_t size = 0;
        for (std::uint32_t b : r.group(g)) size += r.blocks[b].schedule.order.size();
        groups.emplace_back(r.order.data() + at, size);
        at += size;
    }
    std::vector<Candidate> cands = Search(c, std::move(groups)).run();
    Candidate prefix = direct_candidate(c);
    prefix.strategy = Strategy::staggered;  // Lemma 3.1 with i_j = j
    cands.push_back(std::move(prefix));
    keep_best(cands, cands.size());  // cut order; the prefix is never dropped
    return cands;
}

}  // namespace ics::cluster::detail
