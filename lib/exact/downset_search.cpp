// exact_schedule: the three passes of downset_search.hpp put together.
#include "exact/downset_search.hpp"

#include <algorithm>
#include <string>

#include "exact/downset_bits.hpp"
#include "exact/searches.hpp"

namespace ics::exact {

ExactResult exact_schedule(const Dag& dag, std::uint64_t max_downsets) {
    ExactResult r;
    DownsetProfile p = downset_profile(dag, max_downsets);  // throws too_large over the budget
    r.max_profile = std::move(p.max_profile);
    r.downsets_visited = p.downset_count;
    detail::with_width(dag.node_count(), max_downsets, [&](auto width) {
        constexpr std::size_t W = decltype(width)::value;
        detail::ChainResult chain = detail::chain_search<W>(dag, r.max_profile);
        if (chain.found) {
            r.ico = true;
            r.order = std::move(chain.order);
            return;
        }
        detail::LexMaxResult best = detail::lexmax_search<W>(dag);
        // The lexicographically maximal profile follows M exactly as far as
        // chains of maximal down-sets go, and drops first where they stop.
        const auto drop = std::mismatch(best.profile.begin(), best.profile.end(), r.max_profile.begin());
        const auto t = static_cast<std::uint32_t>(drop.first - best.profile.begin());
        if (drop.first == best.profile.end() || *drop.first > *drop.second || t != chain.deepest + 1)
            fail(Errc::internal, "exact search: the chain search stopped at size " + std::to_string(chain.deepest) +
                                     " but the lexicographic search first falls below M at step " + std::to_string(t));
        r.first_unreachable_step = t;
        r.order = std::move(best.order);
    });
    return r;
}

}  // namespace ics::exact
