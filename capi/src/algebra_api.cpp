// ics_dag_sum / ics_dag_compose / ics_dag_induced: the dag algebra
// (lib/algebra) and its origin map.
#include <optional>
#include <string>
#include <vector>

#include "algebra/algebra.hpp"
#include "handles.hpp"

using namespace ics;
using namespace ics::capi;

namespace {

std::vector<NodeId> ids_of(const uint32_t* ids, size_t count, const char* what) {
    if (ids == nullptr && count > 0) fail(Errc::invalid_argument, std::string(what) + " is NULL");
    return count == 0 ? std::vector<NodeId>{} : std::vector<NodeId>(ids, ids + count);
}

// Copies the origin map (either array may be NULL) and wraps the dag.
ics_status emit_derived(ics_dag** out, uint32_t* origin_part, uint32_t* origin_node, size_t capacity,
                        size_t* out_count, algebra::Derived r) {
    const size_t n = r.dag.node_count();
    if (origin_part != nullptr || origin_node != nullptr) {
        if (capacity < n) {
            if (out_count != nullptr) *out_count = n;
            return set_error(ICS_ERR_BUFFER_TOO_SMALL, "the origin map needs " + std::to_string(n) +
                                                           " entries (capacity " + std::to_string(capacity) + ")");
        }
    }
    const ics_status st = emit(out, std::move(r.dag));
    if (st != ICS_OK) return st;
    for (size_t v = 0; v < n; ++v) {
        if (origin_part != nullptr) origin_part[v] = r.origin[v].part;
        if (origin_node != nullptr) origin_node[v] = r.origin[v].node;
    }
    if (out_count != nullptr) *out_count = n;
    return ICS_OK;
}

std::string prefix_or_default(const char* prefix, size_t i) {
    return prefix != nullptr ? std::string(prefix) : algebra::default_prefix(i);
}

}  // namespace

extern "C" {

ics_status ics_dag_sum(ics_dag** out, uint32_t* origin_part, uint32_t* origin_node, size_t capacity,
                       size_t* out_count, const ics_dag* const* dags, size_t count, const char* const* prefixes) {
    ICS_API_BEGIN
    require(out, "out");
    if (dags == nullptr && count > 0) fail(Errc::invalid_argument, "dags is NULL");
    std::vector<const Dag*> ops(count);
    std::vector<std::string> names(count);
    for (size_t i = 0; i < count; ++i) {
        if (dags[i] == nullptr) fail(Errc::invalid_argument, "dags[" + std::to_string(i) + "] is NULL");
        ops[i] = &check(dags[i]).dag();
        names[i] = prefix_or_default(prefixes != nullptr ? prefixes[i] : nullptr, i);
    }
    return emit_derived(out, origin_part, origin_node, capacity, out_count, algebra::sum(ops, names));
    ICS_API_END
}

ics_status ics_dag_compose(ics_dag** out, uint32_t* origin_part, uint32_t* origin_node, size_t capacity,
                           size_t* out_count, const ics_dag* g1, const ics_dag* g2, const uint32_t* sinks,
                           const uint32_t* sources, size_t pair_count, const char* prefix1, const char* prefix2) {
    ICS_API_BEGIN
    require(out, "out");
    const Dag& a = check(g1).dag();
    const Dag& b = check(g2).dag();
    const std::vector<NodeId> s = ids_of(sinks, pair_count, "sinks");
    const std::vector<NodeId> t = ids_of(sources, pair_count, "sources");
    std::vector<algebra::MergePair> pairs(pair_count);
    for (size_t k = 0; k < pair_count; ++k) pairs[k] = {s[k], t[k]};
    return emit_derived(out, origin_part, origin_node, capacity, out_count,
                        algebra::compose(a, b, pairs, prefix_or_default(prefix1, 0), prefix_or_default(prefix2, 1)));
    ICS_API_END
}

ics_status ics_dag_induced(ics_dag** out, uint32_t* origin_node, size_t capacity, size_t* out_count,
                           const ics_dag* dag, const uint32_t* ids, size_t count) {
    ICS_API_BEGIN
    require(out, "out");
    const Dag& g = check(dag).dag();
    return emit_derived(out, nullptr, origin_node, capacity, out_count,
                        algebra::induced(g, ids_of(ids, count, "ids")));
    ICS_API_END
}

}  // extern "C"
