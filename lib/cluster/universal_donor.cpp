// Universal donors (clustering.txt §3.3): ▷-linear compositions of W-, N- and
// Cycle-dags (Theorem 3.3, reticulated) and of M-dags whose dual is one
// (Theorem 3.4) leave a residual that admits an IC-optimal schedule whatever
// self-contained F is removed (Lemmas 3.3-3.5: W^[F] is a sum of W-dags of the
// same outdegree, C^[F] a W-dag, N^[F] W-dags plus at most one N-dag, all with
// ▷-priority over the block they came from). So F can be chosen for
// communication alone: we grow F greedily, always adding the available task
// (all parents in F) whose addition cuts fewest new arcs — its weight
// out(v) - in(v), since the cut of a down-set is additive (detail.hpp) — ties
// to lower level, then earlier in the IC-optimal order, which keeps F compact
// in the standard drawing. Growth runs unseeded and from each of the first
// Options::donor_seeds ELIGIBLE tasks. Whether the theorems apply is decided
// in reticulation.cpp (the reticulation condition on the standard drawing,
// Lemma 3.2's persistent priorities, and for M-compositions the dual): when
// one does, every candidate is tried (any F leaves an IC-optimal residual),
// and for Theorem 3.4 a residual the engine cannot schedule is scheduled
// through its dual (Theorem 2.3). Every residual is still certified, by the
// engine on it or on its dual; when none is (e.g. the FFT, whose butterflies
// are not reticulated), the direct cluster (Theorem 3.1) is returned, with
// strategy `direct`; Cluster::donor_note says which theorem applied or why
// none did.
#include <queue>
#include <string_view>
#include <tuple>

#include "cluster/detail.hpp"

namespace ics::cluster::detail {

namespace {

enum class Family { wnc, m, other };

Family family_of(std::string_view shape) {
    if (shape.starts_with("W(") || shape.starts_with("N(") || shape.starts_with("C(") ||
        shape.starts_with("trivial("))  // trivial(d) is W_{1,d}
        return Family::wnc;
    if (shape.starts_with("M(")) return Family::m;
    return Family::other;
}

class Growth {
public:
    explicit Growth(const Context& c) : c_(c), rank_(c.u.node_count(), 0), missing_(c.u.node_count()) {
        for (std::size_t i = 0; i < c.ico_order.size(); ++i) rank_[c.ico_order[i]] = static_cast<NodeId>(i);
        for (NodeId v = 0; v < c.u.node_count(); ++v)
            if (c.u.is_source(v)) sources_.push_back(v);
    }

    // Grows F from `seed` (kNoNode: from every ELIGIBLE task at once).
    Candidate grow(NodeId seed) {
        for (NodeId v = 0; v < c_.u.node_count(); ++v) missing_[v] = c_.u.in_degree(v);
        Heap heap;
        bool all_pushed = seed == kNoNode;
        if (all_pushed) {
            for (NodeId s : sources_) heap.push(key(s));
        } else {
            heap.push(key(seed));
        }
        Candidate cand;
        cand.strategy = Strategy::donor;
        while (cand.tasks.size() < c_.k) {
            if (heap.empty()) {  // the seed's descendants are exhausted: open the others
                if (all_pushed) break;
                all_pushed = true;
                for (NodeId s : sources_)
                    if (s != seed) heap.push(key(s));
                continue;
            }
            const NodeId v = std::get<3>(heap.top());
            heap.pop();
            cand.tasks.push_back(v);
            cand.cut += weight(c_.u, v);
            for (NodeId ch : c_.u.children(v))
                if (--missing_[ch] == 0) heap.push(key(ch));
        }
        return cand;
    }

    std::span<const NodeId> seeds() const {
        return {sources_.data(), std::min<std::size_t>(sources_.size(), c_.options.donor_seeds)};
    }

private:
    using Key = std::tuple<std::int64_t, std::uint32_t, NodeId, NodeId>;  // weight, level, rank, node
    using Heap = std::priority_queue<Key, std::vector<Key>, std::greater<Key>>;
    Key key(NodeId v) const { return {weight(c_.u, v), c_.u.levels()[v], rank_[v], v}; }

    const Context& c_;
    std::vector<NodeId> rank_;
    std::vector<std::uint32_t> missing_;
    std::vector<NodeId> sources_;
};

}  // namespace

std::vector<Candidate> donor_candidates(const Context& c) {
    const Donorship donor = donorship(c);
    if (!donor.theorem) {
        if (!c.composition)
            fail(Errc::unsupported,
                 "donor: needs a ▷-linear composition of W-, N- and Cycle-dags, or of M-dags (clustering.txt "
                 "Theorems 3.3, 3.4); the unexecuted dag " +
                     (c.sched.status == schedule::Status::ic_optimal
                          ? std::string("is scheduled by the exact search, not by a decomposition")
                          : "has no proven IC-optimal schedule: " + c.sched.reason));
        int families = 0;
        for (std::size_t b = 0; b < c.sched.blocks.size(); ++b) {
            const std::string& shape = c.sched.blocks.shape(static_cast<std::uint32_t>(b));
            const Family f = family_of(shape);
            if (f == Family::other ||
                (shape != "trivial(1)" && families != 0 && families != 1 + static_cast<int>(f)))
                fail(Errc::unsupported, "donor: block #" + std::to_string(b) + " is " + shape +
                                            "; universal donors are compositions of W-, N- and Cycle-dags "
                                            "(Theorem 3.3) or of M-dags (Theorem 3.4), not a mix");
            if (shape != "trivial(1)" && families == 0) families = 1 + static_cast<int>(f);
        }
    }
    Growth growth(c);
    std::vector<Candidate> cands;
    cands.push_back(growth.grow(kNoNode));
    for (NodeId s : growth.seeds()) cands.push_back(growth.grow(s));
    // Growth by whole blocks as well: any self-contained F is allowed here.
    if (c.composition) {
        Candidate blocks;
        blocks.strategy = Strategy::donor;
        blocks.tasks = closure_greedy(c, chain_groups(c));
        blocks.cut = cut_of(c.u, blocks.tasks);
        cands.push_back(std::move(blocks));
    }
    for (std::size_t i = cands.size(); i-- > 0;)
        if (cands[i].tasks.size() < c.k) cands.erase(cands.begin() + static_cast<std::ptrdiff_t>(i));
    // A universal donor (Theorems 3.3, 3.4): every candidate leaves an
    // IC-optimal residual, so all are tried, fewest cut arcs first.
    keep_best(cands, donor.theorem ? cands.size() : c.options.max_verified);
    for (Candidate& cand : cands) {
        cand.theorem = donor.theorem;
        cand.note = donor.note;
    }
    // The fallback is the direct cluster, and says so (strategy direct).
    if (!c.ico_order.empty() || !donor.theorem) {
        cands.push_back(direct_candidate(c));
        cands.back().note = donor.note;
    }
    keep_best(cands, cands.size());
    return cands;
}

}  // namespace ics::cluster::detail
