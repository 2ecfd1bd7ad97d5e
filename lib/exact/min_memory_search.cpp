// Least memory cost among the IC-optimal schedules of a small dag
// (guidelines-common-dags.txt §2.2.3 for the memory cost, §3.3, §4.3, §5.3
// for the question "how little memory does IC optimality allow?").
//
// The layered search of lexmax_search.cpp, carrying one more number per
// down-set: K_0 = {empty set}; K_{t+1} = the extensions D + v (D in K_t) with
// the largest elig. When the dag admits an ICO schedule the layers are exactly
// the down-sets that chains of maximal down-sets go through (elig = M(t)), so
// a schedule is ICO iff it walks the layers. open(D) = members of D with a
// child outside D is the memory in use at D, and the least peak of a walk to D
//     peak(D + v) = max(open(D + v), min over the predecessors D of peak(D))
// is a bottleneck shortest path over the layers. Only maximal down-sets are
// stored, so dags far larger than the full down-set enumeration allows (the
// FFT dag F_4: 80 nodes, 16 sources) fit.
#include <algorithm>

#include "exact/downset_bits.hpp"
#include "exact/downset_search.hpp"
#include "exact/mask_table.hpp"
#include "exact/searches.hpp"

namespace ics::exact {

namespace {

template <std::size_t W>
MinMemoryResult min_memory_layers(const Dag& dag, std::uint64_t max_states, std::uint64_t max_work) {
    const detail::DownsetDag<W> g(dag);
    const NodeId n = dag.node_count();
    using Link = detail::LayerLink;
    struct State {
        std::uint32_t open;
        std::uint32_t peak;
    };
    std::vector<std::vector<Link>> links(static_cast<std::size_t>(n) + 1);
    links[0].push_back({0, kNoNode});
    std::vector<detail::Bits<W>> sets{detail::Bits<W>{}}, eligs{g.sources()};
    std::vector<State> states{{0, 0}};
    MinMemoryResult r;
    r.profile.push_back(g.sources().count());
    r.states = 1;
    std::uint64_t work = 0;
    for (NodeId t = 0; t < n; ++t) {
        detail::MaskTable<W> table;
        std::vector<detail::Bits<W>> cand_elig;
        std::vector<Link> cand_link;
        std::vector<State> cand_state;
        std::uint32_t best = 0;
        for (std::uint32_t i = 0; i < sets.size(); ++i) {
            detail::Bits<W> todo = eligs[i];
            while (!todo.none()) {
                if (++work > max_work)
                    fail(Errc::too_large, "least-memory search: over the budget of " + std::to_string(max_work) +
                                              " extensions of down-sets (" + std::to_string(r.states) +
                                              " down-sets kept at step " + std::to_string(t) + ")");
                const NodeId v = todo.pop_lowest();
                detail::Bits<W> set = sets[i];
                set.set(v);
                const detail::Bits<W> elig = g.eligible_after(eligs[i], set, v);
                const std::uint32_t c = elig.count();
                if (c < best) continue;
                best = c;
                std::uint32_t open = states[i].open + (dag.out_degree(v) > 0 ? 1u : 0u);
                for (NodeId p : dag.parents(v))
                    if (g.children(p).subset_of(set)) --open;
                const State st{open, std::max(open, states[i].peak)};
                const auto [j, fresh] = table.insert(set);
                if (fresh) {
                    cand_elig.push_back(elig);
                    cand_link.push_back({i, v});
                    cand_state.push_back(st);
                } else if (st.peak < cand_state[j].peak) {
                    cand_link[j] = {i, v};
                    cand_state[j] = st;
                }
            }
        }
        sets.clear();
        eligs.clear();
        states.clear();
        for (std::uint32_t j = 0; j < table.size(); ++j)
            if (cand_elig[j].count() == best) {
                sets.push_back(table.key(j));
                eligs.push_back(cand_elig[j]);
                states.push_back(cand_state[j]);
                links[t + 1].push_back(cand_link[j]);
            }
        r.states += sets.size();
        if (r.states > max_states)
            detail::fail_budget(max_states, "the least-memory search kept " + std::to_string(r.states) +
                                                " maximal down-sets");
        r.profile.push_back(best);
    }
    r.memory = states.empty() ? 0 : states[0].peak;
    r.order = detail::walk_back(links);  // K_n = {all nodes}
    return r;
}

}  // namespace

MinMemoryResult min_memory_schedule(const Dag& dag, std::uint64_t max_states, std::uint64_t max_work) {
    return detail::with_width(dag.node_count(), max_states, [&](auto width) {
        return min_memory_layers<decltype(width)::value>(dag, max_states, max_work);
    });
}

}  // namespace ics::exact
