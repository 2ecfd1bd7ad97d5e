// Orders and their evaluation by the IC pebble game.
#include <cstring>

#include "handles.hpp"

using namespace ics;
using namespace ics::capi;

namespace {

pebble::Policy to_policy(int p) {  // (enum_value of an ics_policy)
    if (p < ICS_POLICY_FIFO || p > ICS_POLICY_POSTORDER)
        fail(Errc::invalid_argument, "unknown policy " + std::to_string(p));
    return static_cast<pebble::Policy>(p);
}

std::span<const NodeId> order_span(const uint32_t* order, size_t len) {
    if (order == nullptr && len > 0) fail(Errc::invalid_argument, "order is NULL");
    return {order, len};
}

}  // namespace

extern "C" {

const char* ics_policy_name(ics_policy policy) {
    switch (enum_value(policy)) {
        case ICS_POLICY_FIFO: return "fifo";
        case ICS_POLICY_LIFO: return "lifo";
        case ICS_POLICY_LEVEL: return "level";
        case ICS_POLICY_RANDOM: return "random";
        case ICS_POLICY_POSTORDER: return "postorder";
    }
    return "unknown";
}

ics_status ics_policy_from_name(ics_policy* out, const char* name) {
    ICS_API_BEGIN
    require(out, "out");
    require(name, "name");
    for (int p = ICS_POLICY_FIFO; p <= ICS_POLICY_POSTORDER; ++p)
        if (std::strcmp(name, ics_policy_name(static_cast<ics_policy>(p))) == 0) {
            *out = static_cast<ics_policy>(p);
            return ICS_OK;
        }
    if (std::strcmp(name, "eager") == 0) {
        *out = ICS_POLICY_LIFO;
        return ICS_OK;
    }
    fail(Errc::invalid_argument, std::string("unknown policy '") + name + "' (fifo, lifo, level, random, postorder)");
    ICS_API_END
}

ics_status ics_dag_order(uint32_t* out, size_t capacity, size_t* out_count, const ics_dag* dag, ics_policy policy,
                         uint64_t seed) {
    ICS_API_BEGIN
    const Dag& g = check(dag).dag();
    const auto pol = to_policy(enum_value(policy));
    // Size query or short buffer: answer without computing the order.
    if (auto st = answer_without_copy(out, capacity, out_count, g.node_count())) return *st;
    return copy_out(out, capacity, out_count, pebble::baseline_order(g, pol, seed));
    ICS_API_END
}

ics_status ics_order_validate(const ics_dag* dag, const uint32_t* order, size_t len) {
    ICS_API_BEGIN
    pebble::validate_order(check(dag).dag(), order_span(order, len));
    return ICS_OK;
    ICS_API_END
}

ics_status ics_profile_evaluate(ics_profile** out, const ics_dag* dag, const uint32_t* order, size_t len) {
    ICS_API_BEGIN
    require(out, "out");
    const Dag& g = check(dag).dag();
    auto p = std::make_unique<ics_profile>();
    const auto span = order_span(order, len);
    p->eval = pebble::evaluate(g, span);
    p->order.assign(span.begin(), span.end());
    *out = p.release();
    return ICS_OK;
    ICS_API_END
}

void ics_profile_destroy(ics_profile* profile) {
    if (!live(profile, kProfileMagic)) return;
    delete profile;
}

ics_status ics_profile_steps(uint32_t* out, const ics_profile* profile) {
    ICS_API_BEGIN
    require(out, "out");
    *out = static_cast<uint32_t>(check(profile).order.size());
    return ICS_OK;
    ICS_API_END
}

ics_status ics_profile_eligible(uint32_t* out, size_t capacity, size_t* out_count, const ics_profile* profile) {
    ICS_API_BEGIN
    return copy_out(out, capacity, out_count, check(profile).eval.eligible);
    ICS_API_END
}

ics_status ics_profile_order(uint32_t* out, size_t capacity, size_t* out_count, const ics_profile* profile) {
    ICS_API_BEGIN
    return copy_out(out, capacity, out_count, check(profile).order);
    ICS_API_END
}

ics_status ics_profile_memory(uint32_t* out, const ics_profile* profile) {
    ICS_API_BEGIN
    require(out, "out");
    *out = check(profile).eval.memory;
    return ICS_OK;
    ICS_API_END
}

ics_status ics_profile_area(uint64_t* out, const ics_profile* profile) {
    ICS_API_BEGIN
    require(out, "out");
    *out = check(profile).eval.area;
    return ICS_OK;
    ICS_API_END
}

}  // extern "C"
