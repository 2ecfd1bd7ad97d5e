// N-dag N_s (clustering paper §2.2.1, "N-DAGS"): s sources and s sinks; each
// source s_v has arcs to sink t_v and, when v < s, to sink t_{v+1}: 2s-1 arcs.
#include "families/detail.hpp"
#include "families/families.hpp"

namespace ics::families {

Dag n_dag(std::uint32_t s) {
    const std::string what = detail::checked_call("n_dag", {{"s", s, 1}});
    return detail::bipartite(what, s, s, std::uint64_t{2} * s - 1, false, [&](auto add) {
        for (std::uint64_t v = 1; v <= s; ++v) {
            add(v, v);
            if (v < s) add(v, v + 1);
        }
    });
}

}  // namespace ics::families
