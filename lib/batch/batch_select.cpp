// batch::select: one BICSO instance (batch-scheduling.txt §2.2) solved through
// the reduction and the combination of Theorem 2 (see batch.hpp).
#include <algorithm>
#include <cstdio>

#include "batch/batch_detail.hpp"

namespace ics::batch {

using namespace detail;

const char* method_name(Method m) noexcept {
    switch (m) {
        case Method::automatic: return "auto";
        case Method::exact: return "exact";
        case Method::tree_dp: return "tree-dp";
        case Method::expansive: return "expansive";
        case Method::greedy: return "greedy";
    }
    return "unknown";
}

std::uint64_t eligible_after(const Dag& g, std::span<const NodeId> executed, std::span<const NodeId> batch) {
    std::vector<std::uint8_t> done(g.node_count(), 0);
    for (NodeId v : executed) done[v] = 1;
    for (NodeId v : batch) done[v] = 1;
    std::uint64_t count = 0;
    for (NodeId v = 0; v < g.node_count(); ++v) {
        if (done[v]) continue;
        const auto ps = g.parents(v);
        if (std::all_of(ps.begin(), ps.end(), [&](NodeId p) { return done[p] != 0; })) ++count;
    }
    return count;
}

namespace {

// Sinks of H whose ELIGIBLE parents are all in `chosen` (source indices).
std::uint64_t gain_of(const Reduction& h, std::span<const std::uint32_t> chosen) {
    std::vector<std::uint8_t> in(h.eligible.size(), 0);
    for (std::uint32_t i : chosen) in[i] = 1;
    std::uint64_t gain = 0;
    for (std::uint32_t j = 0; j < h.sinks.size(); ++j) {
        const auto ps = h.parents_of_sink(j);
        if (std::all_of(ps.begin(), ps.end(), [&](std::uint32_t i) { return in[i] != 0; })) ++gain;
    }
    return gain;
}

// The single-source components of H (isolated tasks and stars) as one curve:
// the k largest star gains.
struct Stars {
    std::vector<std::uint32_t> by_gain;  // positions in h.trivial_sources, best first
    std::vector<std::int32_t> curve;
};

Stars stars(const Reduction& h, std::uint32_t r) {
    Stars s;
    s.by_gain.resize(h.trivial_sources.size());
    for (std::uint32_t x = 0; x < s.by_gain.size(); ++x) s.by_gain[x] = x;
    const std::size_t keep = std::min<std::size_t>(r, s.by_gain.size());
    auto better = [&](std::uint32_t a, std::uint32_t b) {
        return h.star_gain[a] != h.star_gain[b] ? h.star_gain[a] > h.star_gain[b] : a < b;
    };
    std::partial_sort(s.by_gain.begin(), s.by_gain.begin() + static_cast<std::ptrdiff_t>(keep), s.by_gain.end(),
                      better);
    s.by_gain.resize(keep);
    s.curve.assign(keep + 1, 0);
    for (std::size_t k = 1; k <= keep; ++k)
        s.curve[k] = s.curve[k - 1] + static_cast<std::int32_t>(h.star_gain[s.by_gain[k - 1]]);
    return s;
}

std::string percent(std::uint64_t a, std::uint64_t b) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f%%", b == 0 ? 100.0 : 100.0 * double(a) / double(b));
    return buf;
}

// One component of H for every batch size k <= min(r, its sources), by the
// method `options` asks for (see batch.hpp); counts the kind in *sel.
void solve_component(const Dag& g, const Reduction& h, std::uint32_t c, std::uint32_t r, const Options& options,
                     std::uint64_t* budget, Answer* a, Selection* sel) {
    const Method forced = options.method;
    const auto K = static_cast<std::uint32_t>(std::min<std::size_t>(r, h.sources_of(c).size()));
    const std::string where = " (component of " + std::to_string(h.sources_of(c).size()) +
                              " ELIGIBLE tasks, r = " + std::to_string(r) + ")";
    const bool tree = is_tree(h, c);
    if (forced == Method::tree_dp && !tree)
        fail(Errc::unsupported, "the tasks that ELIGIBLE task " + quoted(g.name(h.eligible[h.sources_of(c)[0]])) +
                                    " can help render ELIGIBLE form a cycle with other ELIGIBLE tasks "
                                    "(not a composite tree-dag): Σ_DP does not apply");
    if (tree && (forced == Method::automatic || forced == Method::tree_dp) && tree_dp(h, c, K, kTreeDpMaxCells, a)) {
        ++sel->tree_components;
        return;
    }
    if (forced == Method::tree_dp)
        fail(Errc::too_large, "Σ_DP would need more than " + std::to_string(kTreeDpMaxCells) + " table cells" + where);
    if (forced == Method::greedy || forced == Method::expansive) {
        *a = greedy(h, c, K);
        ++sel->greedy_components;
        return;
    }
    if (exact_search(h, c, K, greedy(h, c, K), budget, a)) {
        ++sel->searched_components;
        return;
    }
    if (forced == Method::exact)
        fail(Errc::too_large, (K > kSearchMaxBatch ? "the exact search takes batches of at most " +
                                                         std::to_string(kSearchMaxBatch) + " tasks per component"
                                                   : "the exact search ran out of its budget of " +
                                                         std::to_string(options.exact_budget) + " search nodes") +
                                  where);
    ++sel->greedy_components;
}

// The one-line guarantee of a finished selection.
std::string guarantee(const Selection& sel, std::size_t single_tasks, bool all_exact, std::uint64_t upper) {
    std::string parts;
    auto part = [&](std::size_t count, const char* what) {
        if (count == 0) return;
        parts += (parts.empty() ? "" : ", ") + std::to_string(count) + " " + what;
    };
    part(sel.tree_components, "tree component(s) by Σ_DP");
    part(sel.searched_components, "component(s) by exhaustive search");
    part(sel.greedy_components, "component(s) greedily");
    part(single_tasks, "single ELIGIBLE task(s)");
    const std::uint64_t gain = sel.newly_eligible;
    const std::string figures =
        std::to_string(gain) + " newly ELIGIBLE of at most " + std::to_string(upper) + " (" + percent(gain, upper) + ")";
    if (sel.optimal && all_exact && sel.method != Method::expansive && sel.method != Method::greedy)
        return "optimal: " + parts + "; combined by Theorem 2";
    if (sel.optimal)
        return "optimal: the gain of " + std::to_string(gain) + " newly ELIGIBLE tasks reaches the proven upper bound";
    if (sel.method == Method::expansive)
        return "Σ_exp on an expansive instance (Theorem 4): gain >= 1/4 of the optimal gain; " + figures;
    return "no guarantee beyond the upper bound: " + figures + "; " + parts;
}

}  // namespace

Selection select(const Dag& g, std::span<const NodeId> executed, std::uint64_t r_in, const Options& options) {
    const Reduction h = reduce(g, executed, r_in);
    const auto r = static_cast<std::uint32_t>(r_in);  // r <= |E| < 2^31 after reduce()
    const Method forced = options.method;
    if (forced != Method::automatic && forced != Method::exact && forced != Method::tree_dp &&
        forced != Method::expansive && forced != Method::greedy)
        fail(Errc::invalid_argument, "unknown batch method " + std::to_string(static_cast<int>(forced)));
    std::uint64_t budget = options.exact_budget;  // shared by all components
    std::uint64_t* budget_ptr = budget == 0 ? nullptr : &budget;

    Selection sel;
    sel.eligible_before = h.eligible.size();
    sel.components = h.components();

    const Stars st = stars(h, r);
    std::vector<Answer> answers(h.components());
    bool all_exact = true;
    for (std::uint32_t c = 0; c < h.components(); ++c) {
        solve_component(g, h, c, r, options, budget_ptr, &answers[c], &sel);
        all_exact = all_exact && answers[c].exact;
    }

    // Theorem 2: combine the curves (stars first), then the upper bounds.
    std::vector<std::span<const std::int32_t>> curves{st.curve}, bounds{st.curve};
    for (const Answer& a : answers) {
        curves.emplace_back(a.value);
        bounds.emplace_back(a.bound);
    }
    std::int64_t total = 0;
    const std::vector<std::uint32_t> ks = combine(curves, r, &total);
    const auto upper = static_cast<std::uint64_t>(combine_value(bounds, r));

    std::vector<std::uint32_t> chosen;
    for (std::uint32_t x = 0; x < ks[0]; ++x) chosen.push_back(h.trivial_sources[st.by_gain[x]]);
    for (std::uint32_t c = 0; c < h.components(); ++c) {
        const std::uint32_t k = ks[c + 1];
        if (k == 0) continue;
        const auto positions =
            answers[c].kind == Answer::Kind::tree ? tree_dp_witness(answers[c], k) : answers[c].witness(k);
        for (std::uint32_t p : positions) chosen.push_back(h.sources_of(c)[p]);
    }
    std::uint64_t gain = gain_of(h, chosen);
    if (chosen.size() != r || gain != static_cast<std::uint64_t>(total))
        fail(Errc::internal, "batch: the combined selection does not achieve its value");

    // Method and guarantee.
    Method method = forced;
    if (forced == Method::automatic) {
        if (all_exact) method = sel.searched_components == 0 && sel.tree_components > 0 ? Method::tree_dp : Method::exact;
        else method = Method::greedy;
    }
    if (forced == Method::expansive || (forced == Method::automatic && !all_exact)) {
        const Expansive ex = check_expansive(g, h);
        if (forced == Method::expansive && !ex.expansive) fail(Errc::unsupported, ex.why_not + "; Σ_exp does not apply");
        if (ex.expansive) {
            const std::vector<std::uint32_t> e = sigma_exp(h, r);
            const std::uint64_t eg = gain_of(h, e);
            if (forced == Method::expansive || eg > gain) {
                chosen = e;
                gain = eg;
            }
            method = Method::expansive;
        }
    }

    for (std::uint32_t i : chosen) sel.selected.push_back(h.eligible[i]);
    std::sort(sel.selected.begin(), sel.selected.end());
    sel.newly_eligible = gain;
    sel.eligible_after = sel.eligible_before - r + gain;
    sel.bound_after = sel.eligible_before - r + std::max(upper, gain);
    sel.method = method;
    sel.optimal = gain >= upper;
    sel.guarantee = guarantee(sel, h.trivial_sources.size(), all_exact, upper);
    return sel;
}

}  // namespace ics::batch
