// W-dag W_{s,d} (clustering paper §2.2.1, "W-DAGS"): W_{1,d} is one source
// with d sink children; W_{a+b,d} merges the rightmost sink of W_{a,d} with
// the leftmost sink of W_{b,d}. So W_{s,d} has s sources of out-degree d,
// s(d-1)+1 sinks (the s-1 shared ones have in-degree 2) and s*d arcs:
// source s_i (1-based) has children t_{(i-1)(d-1)+1} .. t_{(i-1)(d-1)+d}.
// m_dag.cpp builds the dual from the same arcs.
#include "families/families.hpp"
#include "families/detail.hpp"

namespace ics::families {

Dag detail::w_or_m_dag(std::string_view family, std::uint32_t s, std::uint32_t d, bool dual) {
    const std::string what = checked_call(family, {{"s", s, 1}, {"d", d, 2}});
    const std::uint64_t sinks = sat_add(sat_mul(s, d - 1), 1);
    return bipartite(what, s, sinks, sat_mul(s, d), dual, [&](auto add) {
        for (std::uint64_t i = 1; i <= s; ++i) {
            const std::uint64_t first = (i - 1) * (d - 1) + 1;
            for (std::uint64_t k = 0; k < d; ++k) add(i, first + k);
        }
    });
}

Dag w_dag(std::uint32_t s, std::uint32_t d) { return detail::w_or_m_dag("w_dag", s, d, false); }

}  // namespace ics::families
