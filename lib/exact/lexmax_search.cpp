// Pass 3 of exact_schedule (only when no ICO schedule exists): a schedule
// whose profile E(0..n) is lexicographically maximal.
//
// Layered search over down-sets by size. K_0 = {empty set}; K_{t+1} = the
// extensions D + v (D in K_t, v ELIGIBLE in D) with the largest elig. By
// induction K_t is exactly the set of down-sets reached after t steps by the
// schedules whose first t values are lexicographically maximal, so the best
// value at t + 1 is the maximum over extensions of K_t. Each kept down-set
// remembers its parent in K_t; walking back from the full set gives the order.
// O(sum_t |K_t| * (n + arcs) * W) time; K_t <= the down-sets of size t.
#include "exact/downset_bits.hpp"
#include "exact/mask_table.hpp"
#include "exact/searches.hpp"

namespace ics::exact::detail {

template <std::size_t W>
LexMaxResult lexmax_search(const Dag& dag) {
    const DownsetDag<W> g(dag);
    const NodeId n = dag.node_count();
    using Link = LayerLink;
    std::vector<std::vector<Link>> links(static_cast<std::size_t>(n) + 1);  // links[t][i]: i-th member of K_t
    links[0].push_back({0, kNoNode});
    std::vector<Bits<W>> sets{Bits<W>{}}, eligs{g.sources()};  // K_t and the ELIGIBLE sets of its members
    LexMaxResult r;
    r.profile.push_back(g.sources().count());
    for (NodeId t = 0; t < n; ++t) {
        // Extensions whose elig reaches the best seen so far, deduplicated.
        MaskTable<W> table;
        std::vector<Bits<W>> cand_elig;
        std::vector<Link> cand_link;
        std::uint32_t best = 0;
        for (std::uint32_t i = 0; i < sets.size(); ++i) {
            Bits<W> todo = eligs[i];
            while (!todo.none()) {
                const NodeId v = todo.pop_lowest();
                Bits<W> set = sets[i];
                set.set(v);
                const Bits<W> elig = g.eligible_after(eligs[i], set, v);
                const std::uint32_t c = elig.count();
                if (c < best) continue;
                best = c;
                if (table.insert(set).second) {
                    cand_elig.push_back(elig);
                    cand_link.push_back({i, v});
                }
            }
        }
        sets.clear();
        eligs.clear();
        for (std::uint32_t j = 0; j < table.size(); ++j)
            if (cand_elig[j].count() == best) {
                sets.push_back(table.key(j));
                eligs.push_back(cand_elig[j]);
                links[t + 1].push_back(cand_link[j]);
            }
        r.profile.push_back(best);
    }
    r.order = walk_back(links);  // K_n = {all nodes}
    return r;
}

template LexMaxResult lexmax_search<1>(const Dag&);
template LexMaxResult lexmax_search<2>(const Dag&);
template LexMaxResult lexmax_search<4>(const Dag&);
template LexMaxResult lexmax_search<8>(const Dag&);
template LexMaxResult lexmax_search<16>(const Dag&);

}  // namespace ics::exact::detail
