// (Bipartite) Cycle-dag C_s (clustering paper §2.2.1, "Cycle-DAGS"), s > 1:
// N_s plus an arc from the rightmost source to the leftmost sink, so every
// source s_v has arcs to sinks t_v and t_{(v mod s)+1}: s sources of
// out-degree 2, s sinks of in-degree 2, 2s arcs.
#include "families/detail.hpp"
#include "families/families.hpp"

namespace ics::families {

Dag cycle_dag(std::uint32_t s) {
    const std::string what = detail::checked_call("cycle_dag", {{"s", s, 2}});
    return detail::bipartite(what, s, s, std::uint64_t{2} * s, false, [&](auto add) {
        for (std::uint64_t v = 1; v <= s; ++v) {
            add(v, v);
            add(v, v % s + 1);
        }
    });
}

}  // namespace ics::families
