// Extraction (clustering.txt §3): runs the chosen strategy on the unexecuted
// dag and certifies the residual; the min-cut strategy pools the candidates
// of direct, staggered and donor (those that apply) and keeps the certified
// one with the fewest cut arcs. Also the sequence of workers (repeated
// extraction from the shrinking residual).
#include <algorithm>

#include "cluster/detail.hpp"

namespace ics::cluster {

namespace {

using detail::Candidate;
using detail::Context;

// Candidates of `strategy`, in the order they should be tried.
std::vector<Candidate> candidates(const Context& c, Strategy strategy) {
    switch (strategy) {
        case Strategy::direct: return {detail::direct_candidate(c)};
        case Strategy::staggered: return detail::staggered_candidates(c);
        case Strategy::donor: return detail::donor_candidates(c);
        case Strategy::min_cut: {
            std::vector<Candidate> all{detail::direct_candidate(c)};
            for (auto* more : {&detail::staggered_candidates, &detail::donor_candidates}) {
                try {
                    auto got = more(c);
                    all.insert(all.end(), std::make_move_iterator(got.begin()), std::make_move_iterator(got.end()));
                } catch (const Error& e) {
                    if (e.code() != Errc::unsupported) throw;
                }
            }
            detail::keep_best(all, all.size());  // stable: direct first among equal cuts
            return all;
        }
        case Strategy::check: break;
    }
    fail(Errc::invalid_argument, "unknown clustering strategy " + std::to_string(static_cast<int>(strategy)));
}

// True when `tasks` is, as a set, the first |tasks| entries of `ico`.
bool is_ico_prefix(std::span<const NodeId> ico, std::span<const NodeId> tasks) {
    if (ico.size() < tasks.size()) return false;
    std::vector<NodeId> a(tasks.begin(), tasks.end()), b(ico.begin(), ico.begin() + static_cast<std::ptrdiff_t>(tasks.size()));
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
    return a == b;
}

// `known` (ids of G, may be empty): an IC-optimal order of the unexecuted dag
// known from a previous extraction (Theorem 3.1), used when the engine cannot
// prove one itself.
Cluster extract_impl(const Dag& g, std::span<const NodeId> executed, std::uint32_t k, Strategy strategy,
                     const Options& opt, std::span<const NodeId> known) {
    if (strategy == Strategy::check || static_cast<int>(strategy) < 0 || static_cast<int>(strategy) > 4)
        fail(Errc::invalid_argument, "unknown clustering strategy " + std::to_string(static_cast<int>(strategy)));
    const Unexecuted ux = unexecuted(g, executed);
    const Dag& u = *ux.dag;
    if (k == 0 || k > u.node_count())
        fail(Errc::invalid_argument, "cluster size " + std::to_string(k) + " out of range (1.." +
                                         std::to_string(u.node_count()) + " unexecuted tasks)");
    const schedule::Result r = schedule::schedule(u, opt.schedule);
    std::vector<NodeId> known_u;
    std::span<const NodeId> ico;
    if (r.status == schedule::Status::ic_optimal) {
        ico = r.order;
    } else if (!known.empty()) {
        std::vector<NodeId> to_u(g.node_count(), kNoNode);
        for (NodeId v = 0; v < u.node_count(); ++v) to_u[ux.original(v)] = v;
        for (NodeId v : known) known_u.push_back(to_u[v]);
        ico = known_u;
    }
    const bool composition = r.status == schedule::Status::ic_optimal &&
                             (r.method == schedule::Method::decomposition || r.method == schedule::Method::sweep);
    const Context c{ux, u, r, ico, composition, k, opt, &g};
    const std::vector<Candidate> cands = candidates(c, strategy);
    std::uint32_t engine_runs = 0;
    std::string last_reason;
    for (const Candidate& cand : cands) {
        // The engine is run on at most max_verified residuals; prefixes of the
        // IC-optimal order are proven by Theorem 3.1 without it, so the
        // strategies' fallback prefix is always reached.
        if (engine_runs >= opt.max_verified && !is_ico_prefix(ico, cand.tasks) && cand.theorem == 0) continue;
        Cluster cl = detail::build(c, cand, true);
        if (!cl.self_contained) fail(Errc::internal, "cluster is not self-contained: " + cl.violation);
        if (cl.residual_status == schedule::Status::ic_optimal) return cl;
        last_reason = cl.residual_reason;
        ++engine_runs;
    }
    fail(Errc::not_ic_optimal, std::string(strategy_name(strategy)) +
                                   ": no candidate cluster leaves a residual with a proven IC-optimal schedule (" +
                                   last_reason + ")");
}

}  // namespace

Cluster extract(const Dag& g, std::span<const NodeId> executed, std::uint32_t k, Strategy strategy,
                const Options& options) {
    return extract_impl(g, executed, k, strategy, options, {});
}

std::vector<Cluster> sequence(const Dag& g, std::span<const NodeId> executed, std::span<const std::uint32_t> sizes,
                              Strategy strategy, const Options& options) {
    std::vector<Cluster> out;
    out.reserve(sizes.size());
    sequence(g, executed, sizes, strategy, options, [&](Cluster&& cl) { out.push_back(std::move(cl)); });
    return out;
}

void sequence(const Dag& g, std::span<const NodeId> executed, std::span<const std::uint32_t> sizes,
              Strategy strategy, const Options& options, const std::function<void(Cluster&&)>& each) {
    std::vector<NodeId> done(executed.begin(), executed.end());
    std::vector<NodeId> known;
    for (std::size_t i = 0; i < sizes.size(); ++i) {
        const std::uint32_t k = sizes[i];
        Cluster cl;
        try {
            try {
                cl = extract_impl(g, done, k, strategy, options, known);
            } catch (const Error& e) {
                const bool fallback = !known.empty() && strategy != Strategy::direct &&
                                      (e.code() == Errc::unsupported || e.code() == Errc::not_ic_optimal);
                if (!fallback) throw;
                cl = extract_impl(g, done, k, Strategy::direct, options, known);
                if (strategy == Strategy::donor || strategy == Strategy::min_cut) cl.donor_note = e.what();
            }
        } catch (const Error& e) {
            if (i == 0) throw;
            fail(e.code(), "worker " + std::to_string(i + 1) + " (capacity " + std::to_string(k) + "): " + e.what());
        }
        done.insert(done.end(), cl.tasks.begin(), cl.tasks.end());
        known = cl.residual_order;  // proven IC-optimal (extract only returns certified residuals)
        each(std::move(cl));
    }
}

}  // namespace ics::cluster
