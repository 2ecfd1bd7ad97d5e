// Recognition of the closed-form block kinds (clustering.txt §2.2.1, Fig. 3;
// slides "Planar Bipartite Trees"). Overlapping shapes get one name each:
// one source -> trivial (W_{1,d}, Q_{1,t}, N_1); Q_{2,2} -> C(2) (the FFT
// butterfly); Q_{s,1} -> M(1,s). Every test is O(sources + sinks + arcs).
#include "blocks/block_detail.hpp"

namespace ics::blocks {

namespace detail {

std::string shape_name(const ClosedShape& shape) {
    const std::string a = std::to_string(shape.a), b = std::to_string(shape.b);
    switch (shape.kind) {
        case Kind::trivial: return "trivial(" + b + ")";
        case Kind::cycle_dag: return "C(" + a + ")";
        case Kind::n_dag: return "N(" + a + ")";
        case Kind::q_dag: return "Q(" + a + "," + b + ")";
        case Kind::w_dag: return "W(" + a + "," + b + ")";
        case Kind::m_dag: return "M(" + a + "," + b + ")";
        default: fail(Errc::internal, std::string("no closed-form name for kind ") + kind_name(shape.kind));
    }
}

std::string bipartite_shape(std::uint32_t tops) { return "bipartite(" + std::to_string(tops) + " sources)"; }

bool recognize_closed_form(const BlockView& v, BlockSchedule& out) {
    return schedule_trivial(v, out) || schedule_cycle(v, out) || schedule_q(v, out) || schedule_w(v, out) ||
           schedule_m(v, out) || schedule_n(v, out) || schedule_product(v, out);
}

}  // namespace detail

std::optional<BlockSchedule> recognize_block(const Dag& skeleton, std::span<const NodeId> sources,
                                             const BlockOptions& options) {
    const detail::LocalBlock b = detail::make_local_block(skeleton, sources);
    BlockSchedule out;
    if (detail::recognize_closed_form(b.view(), out) || detail::schedule_pbt(b.view(), out, options.pbt_max_work))
        return out;
    return std::nullopt;
}

}  // namespace ics::blocks
