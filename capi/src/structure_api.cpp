// Skeleton, super-dag, duality.
#include "blocks/duality.hpp"
#include "decompose/decomposition.hpp"
#include "decompose/superdag.hpp"
#include "handles.hpp"
#include "skeleton/shortcut.hpp"

using namespace ics;
using namespace ics::capi;

extern "C" {

ics_status ics_dag_skeleton(ics_dag** out, uint64_t* out_removed, const ics_dag* dag) {
    ICS_API_BEGIN
    require(out, "out");
    skeleton::Skeleton sk = skeleton::remove_shortcuts(check(dag).dag());
    if (out_removed) *out_removed = sk.removed.size();
    return emit(out, std::move(sk.dag));
    ICS_API_END
}

ics_status ics_dag_superdag(ics_dag** out, const ics_dag* dag) {
    ICS_API_BEGIN
    require(out, "out");
    const skeleton::SkeletonRef sk(check(dag).dag());  // no copy when nothing is removed
    const decompose::Decomposition dec = decompose::decompose(sk.dag());
    if (!dec.composite()) fail(Errc::not_decomposable, dec.message);
    return emit(out, decompose::super_dag(dec));
    ICS_API_END
}

ics_status ics_dag_dual(ics_dag** out, const ics_dag* dag) {
    ICS_API_BEGIN
    require(out, "out");
    return emit(out, blocks::dual(check(dag).dag()));
    ICS_API_END
}

ics_status ics_order_dual(uint32_t* out, size_t capacity, size_t* out_count, const ics_dag* dag,
                          const uint32_t* order, size_t len) {
    ICS_API_BEGIN
    if (order == nullptr && len > 0) fail(Errc::invalid_argument, "order is NULL");
    const Dag& g = check(dag).dag();
    return copy_out(out, capacity, out_count, blocks::dual_schedule(g, std::span<const NodeId>(order, len)));
    ICS_API_END
}

}  // extern "C"
