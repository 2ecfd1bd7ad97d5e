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
// optimality), as Corollary 3.1 does with sinks. A second generator,
// closure_greedy, grows F by whole blocks far from the chain prefix. Every
// candidate's residual is proven before it is returned (the engine, or
// Theorem 3.1), fewest cut arcs first; the chain prefix itself (the direct
// cluster, i_j = j) is always a candidate, so the strategy never fails on a
// ▷-linear composition and never cuts more arcs than direct.
#include <algorithm>
#include <queue>

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
        if (!spend(f_.size())) return;
        std::vector<NodeId> sinks;
        for (NodeId v : f_)
            for (NodeId ch : c_.u.children(v))
                if (c_.u.is_sink(ch) && !in_f_[ch] && available(c_.u, in_f_, ch)) {
                    in_f_[ch] = 1;  // marks it seen; undone below
                    sinks.push_back(ch);
                }
        for (NodeId v : sinks) in_f_[v] = 0;
        if (!spend(sinks.size()) || sinks.size() < need) return;
        std::partial_sort(sinks.begin(), sinks.begin() + static_cast<std::ptrdiff_t>(need), sinks.end(),
                          [&](NodeId a, NodeId b) { return c_.u.in_degree(a) > c_.u.in_degree(b); });
        record(std::span<const NodeId>(sinks.data(), need));
    }

    void descend(std::size_t start, std::size_t depth) {
        if (steps_ > c_.options.search_budget) return;
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

// Greedy growth by whole blocks, ratio-guided (the classic heuristic for a
// precedence-constrained knapsack): each round, for the cheapest blocks whose
// sources are all ELIGIBLE and for the blocks F feeds, take the block together
// with every block its sources still wait for (its closure) whose cut added
// per task is least, while it fits; then end with a prefix of an available
// block (one later in the chain than every block taken, when there is one)
// or with sinks F closes. The depth-first search of Search explores near the
// chain prefix; this finds clusters built away from it, e.g. sub-FFTs (two
// butterflies and the butterfly they both feed, ...), which cut half the arcs
// of the direct cluster. Empty when the search budget runs out first.
std::vector<NodeId> closure_greedy(const Context& c, std::span<const std::span<const NodeId>> groups) {
    constexpr std::uint32_t kNone = 0xFFFFFFFFu;
    const Dag& u = c.u;
    const NodeId n = u.node_count();
    const std::uint32_t count = static_cast<std::uint32_t>(groups.size());
    std::vector<std::uint32_t> group_of(n, kNone), mark(count, 0), seeds;
    std::vector<std::int64_t> cost(count, 0);
    std::vector<char> in_f(n, 0), taken(count, 0);
    for (std::uint32_t g = 0; g < count; ++g) {
        bool eligible = true;
        for (NodeId v : groups[g]) {
            group_of[v] = g;
            cost[g] += weight(u, v);
            eligible = eligible && u.is_source(v);
        }
        if (eligible) seeds.push_back(g);
    }
    std::stable_sort(seeds.begin(), seeds.end(), [&](std::uint32_t a, std::uint32_t b) { return cost[a] < cost[b]; });
    std::uint64_t steps = n;
    std::uint32_t epoch = 0;
    // The blocks of t's closure (t first), within `limit` tasks; false if larger.
    std::vector<std::uint32_t> stack;
    const auto closure = [&](std::uint32_t t, std::size_t limit, std::vector<std::uint32_t>& out,
                             std::int64_t& cst) {
        ++epoch;
        out.clear();
        stack.assign(1, t);
        mark[t] = epoch;
        std::size_t size = 0;
        cst = 0;
        while (!stack.empty()) {
            const std::uint32_t g = stack.back();
            stack.pop_back();
            out.push_back(g);
            size += groups[g].size();
            cst += cost[g];
            if (size > limit) return false;
            for (NodeId v : groups[g])
                for (NodeId p : u.parents(v)) {
                    ++steps;
                    const std::uint32_t gp = group_of[p];
                    if (!in_f[p] && gp == kNone) return false;  // not in a block: cannot be closed here
                    if (!in_f[p] && mark[gp] != epoch) {
                        mark[gp] = epoch;
                        stack.push_back(gp);
                    }
                }
        }
        return true;
    };
    std::vector<NodeId> f;
    std::vector<std::uint32_t> frontier, best, cand;
    std::uint32_t last = 0;
    std::size_t next_seed = 0;
    while (f.size() < c.k && steps <= c.options.search_budget + n) {
        const std::size_t rem = c.k - f.size();
        std::int64_t best_cost = 0, cand_cost = 0;
        best.clear();
        const auto consider = [&](std::uint32_t t) {
            if (taken[t] || !closure(t, rem, cand, cand_cost)) return;
            // Least cut added per task (cross-multiplied); ties: fewer tasks.
            std::size_t cs = 0, bs = 0;
            for (std::uint32_t g : cand) cs += groups[g].size();
            for (std::uint32_t g : best) bs += groups[g].size();
            if (best.empty() || cand_cost * static_cast<std::int64_t>(bs) < best_cost * static_cast<std::int64_t>(cs) ||
                (cand_cost * static_cast<std::int64_t>(bs) == best_cost * static_cast<std::int64_t>(cs) && cs < bs)) {
                best.swap(cand);
                best_cost = cand_cost;
            }
        };
        while (next_seed < seeds.size() && taken[seeds[next_seed]]) ++next_seed;
        for (std::size_t i = next_seed, tried = 0; i < seeds.size() && tried < 8; ++i)
            if (!taken[seeds[i]]) {
                consider(seeds[i]);
                ++tried;
            }
        // The blocks F feeds, newest first, at most 64 of them.
        std::size_t tried = 0;
        for (std::size_t i = frontier.size(); i-- > 0 && tried < 64;)
            if (!taken[frontier[i]]) {
                consider(frontier[i]);
                ++tried;
            }
        if (best.empty()) break;
        // Ancestors first, so F stays in an executable order.
        for (std::size_t i = best.size(); i-- > 0;) {
            const std::uint32_t g = best[i];
            taken[g] = 1;
            last = f.empty() ? g : std::max(last, g);
            for (NodeId v : groups[g]) {
                in_f[v] = 1;
                f.push_back(v);
            }
        }
        for (std::uint32_t g : best)
            for (NodeId v : groups[g])
                for (NodeId ch : u.children(v))
                    if (!in_f[ch] && group_of[ch] != kNone && !taken[group_of[ch]]) frontier.push_back(group_of[ch]);
    }
    if (steps > c.options.search_budget + n) return {};
    const std::size_t rem = c.k - f.size();
    if (rem == 0) return f;
    // End with a prefix of an available block, preferably later in the chain.
    std::uint32_t pick = kNone;
    std::int64_t pick_cost = 0;
    for (std::uint32_t g = 0; g < count; ++g) {
        if (taken[g] || groups[g].size() < rem) continue;
        bool ok = true;
        std::int64_t pc = 0;
        for (std::size_t i = 0; ok && i < rem; ++i) {
            ok = available(u, in_f, groups[g][i]);
            pc += weight(u, groups[g][i]);
        }
        if (!ok) continue;
        const bool later = g > last, pick_later = pick != kNone && pick > last;
        if (pick == kNone || (later && !pick_later) || (later == pick_later && pc < pick_cost)) pick = g, pick_cost = pc;
    }
    if (pick != kNone) {
        f.insert(f.end(), groups[pick].begin(), groups[pick].begin() + static_cast<std::ptrdiff_t>(rem));
        return f;
    }
    // Or sinks of U that F closes.
    for (std::size_t i = 0, size = f.size(); i < size && f.size() < c.k; ++i)
        for (NodeId ch : u.children(f[i]))
            if (f.size() < c.k && !in_f[ch] && u.is_sink(ch) && available(u, in_f, ch)) {
                in_f[ch] = 1;
                f.push_back(ch);
            }
    if (f.size() < c.k) f.clear();
    return f;
}

std::vector<std::span<const NodeId>> chain_groups(const Context& c) {
    // The chain's groups (a block, or a sum of blocks interleaved by
    // IC-Sweep) are consecutive in the engine's order, nonsinks first.
    const schedule::Result& r = c.sched;
    std::vector<std::span<const NodeId>> groups;
    groups.reserve(r.group_count());
    std::size_t at = 0;
    for (std::size_t g = 0; g < r.group_count(); ++g) {
        std::size_t size = 0;
        for (std::uint32_t b : r.group(g)) size += r.blocks.order(b).size();
        groups.emplace_back(r.order.data() + at, size);
        at += size;
    }
    return groups;
}

std::vector<Candidate> staggered_candidates(const Context& c) {
    if (!c.composition)
        fail(Errc::unsupported,
             "staggered: needs a ▷-linear composition of building blocks (condition (2) of clustering.txt); " +
                 (c.sched.status == schedule::Status::ic_optimal
                      ? std::string("the unexecuted dag's IC-optimal schedule comes from the exact search, "
                                    "not from a decomposition")
                      : "the unexecuted dag has none: " + c.sched.reason));
    std::vector<std::span<const NodeId>> groups = chain_groups(c);
    Candidate greedy;
    greedy.strategy = Strategy::staggered;
    greedy.tasks = closure_greedy(c, groups);
    greedy.cut = cut_of(c.u, greedy.tasks);
    std::vector<Candidate> cands = Search(c, std::move(groups)).run();
    if (!greedy.tasks.empty()) cands.push_back(std::move(greedy));
    Candidate prefix = direct_candidate(c);
    prefix.strategy = Strategy::staggered;  // Lemma 3.1 with i_j = j
    cands.push_back(std::move(prefix));
    keep_best(cands, cands.size());  // cut order; the prefix is never dropped
    return cands;
}

}  // namespace ics::cluster::detail
