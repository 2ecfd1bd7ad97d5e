// ▷ priority and IC-Sweep, on profiles or on dags.
#include "handles.hpp"
#include "priority/priority.hpp"
#include "schedule/schedule.hpp"
#include "sweep/ic_sweep.hpp"

using namespace ics;
using namespace ics::capi;

struct ics_sweep_result {
    Magic magic{kSweepMagic};
    sweep::SweepResult r;
    std::uint32_t count = 0;
    // The summands' profiles: Gi ▷ Gj is decided when asked
    // (ics_sweep_result_pair), not as a p × p table up front.
    std::vector<std::vector<std::uint32_t>> profiles;
    // For sweeps of dags: each summand's ICO order (nonsinks then sinks).
    std::vector<std::vector<NodeId>> orders;
    std::vector<std::vector<NodeId>> sinks;
    ~ics_sweep_result() { magic = kDeadMagic; }
};

namespace {

const ics_sweep_result& check(const ics_sweep_result* r) { return check_handle(r, kSweepMagic, "sweep result"); }

std::vector<std::uint32_t> to_profile(const uint32_t* p, size_t len, const char* what) {
    if (p == nullptr && len > 0) fail(Errc::invalid_argument, std::string(what) + " is NULL");
    if (len == 0) fail(Errc::invalid_argument, std::string(what) + " is empty (a profile starts with E(0) = 0)");
    return {p, p + len};
}

// A dag's IC-optimal schedule split into nonsinks (in order) and sinks, with
// its nonsource profile; Errc::not_ic_optimal when none is proven.
struct Summand {
    std::vector<NodeId> nonsinks, sinks;
    std::vector<std::uint32_t> profile;
};

Summand summand(const ics_dag* dag, std::size_t index) {
    const Dag& g = capi::check(dag).dag();
    const schedule::Result r = schedule::schedule(g);
    if (r.status != schedule::Status::ic_optimal)
        fail(Errc::not_ic_optimal, "dag " + std::to_string(index + 1) + " has no proven IC-optimal schedule: " +
                                       r.reason);
    Summand s;
    for (NodeId v : r.order) (g.is_sink(v) ? s.sinks : s.nonsinks).push_back(v);
    s.profile = pebble::nonsource_profile(g, r.order);
    return s;
}

constexpr sweep::SweepOptions kNoPairs{.path = true, .pairs = false, .envelope = true};

ics_status emit(ics_sweep_result** out, std::unique_ptr<ics_sweep_result> h) {
    *out = h.release();
    return ICS_OK;
}

}  // namespace

extern "C" {

ics_status ics_priority(int* out, const uint32_t* profile1, size_t len1, const uint32_t* profile2, size_t len2) {
    ICS_API_BEGIN
    require(out, "out");
    const auto a = to_profile(profile1, len1, "profile1");
    const auto b = to_profile(profile2, len2, "profile2");
    *out = priority::has_priority(a, b) ? 1 : 0;
    return ICS_OK;
    ICS_API_END
}

ics_status ics_priority_dags(int* out, const ics_dag* g1, const ics_dag* g2) {
    ICS_API_BEGIN
    require(out, "out");
    const Summand a = summand(g1, 0), b = summand(g2, 1);
    *out = priority::has_priority(a.profile, b.profile) ? 1 : 0;
    return ICS_OK;
    ICS_API_END
}

ics_status ics_priority_violation(int* out_found, uint32_t* out_x, uint32_t* out_y, const uint32_t* profile1,
                                  size_t len1, const uint32_t* profile2, size_t len2) {
    ICS_API_BEGIN
    require(out_found, "out_found");
    const auto a = to_profile(profile1, len1, "profile1");
    const auto b = to_profile(profile2, len2, "profile2");
    const auto v = priority::find_violation(a, b);
    *out_found = v ? 1 : 0;
    if (out_x) *out_x = v ? v->x : 0;
    if (out_y) *out_y = v ? v->y : 0;
    return ICS_OK;
    ICS_API_END
}

ics_status ics_sweep(ics_sweep_result** out, const uint32_t* const* profiles, const size_t* lengths, size_t count) {
    ICS_API_BEGIN
    require(out, "out");
    if (count == 0) fail(Errc::invalid_argument, "a sweep needs at least one profile");
    require(profiles, "profiles");
    require(lengths, "lengths");
    std::vector<std::vector<std::uint32_t>> ps;
    ps.reserve(count);
    for (size_t i = 0; i < count; ++i)
        ps.push_back(to_profile(profiles[i], lengths[i], ("profile " + std::to_string(i + 1)).c_str()));
    auto h = std::make_unique<ics_sweep_result>();
    h->r = sweep::ic_sweep(ps, kNoPairs);
    h->count = static_cast<std::uint32_t>(count);
    h->profiles = std::move(ps);
    return emit(out, std::move(h));
    ICS_API_END
}

ics_status ics_sweep_dags(ics_sweep_result** out, const ics_dag* const* dags, size_t count) {
    ICS_API_BEGIN
    require(out, "out");
    if (count == 0) fail(Errc::invalid_argument, "a sweep needs at least one dag");
    require(dags, "dags");
    auto h = std::make_unique<ics_sweep_result>();
    std::vector<std::vector<std::uint32_t>> ps;
    for (size_t i = 0; i < count; ++i) {
        Summand s = summand(dags[i], i);
        ps.push_back(std::move(s.profile));
        h->orders.push_back(std::move(s.nonsinks));
        h->sinks.push_back(std::move(s.sinks));
    }
    h->r = sweep::ic_sweep(ps, kNoPairs);
    h->count = static_cast<std::uint32_t>(count);
    h->profiles = std::move(ps);
    return emit(out, std::move(h));
    ICS_API_END
}

void ics_sweep_result_destroy(ics_sweep_result* result) {
    if (!live(result, kSweepMagic)) return;
    delete result;
}

ics_status ics_sweep_result_ico(int* out, const ics_sweep_result* result) {
    ICS_API_BEGIN
    require(out, "out");
    *out = check(result).r.ico ? 1 : 0;
    return ICS_OK;
    ICS_API_END
}

ics_status ics_sweep_result_chain(int* out, const ics_sweep_result* result) {
    ICS_API_BEGIN
    require(out, "out");
    *out = check(result).r.chain ? 1 : 0;
    return ICS_OK;
    ICS_API_END
}

ics_status ics_sweep_result_pair(int* out, const ics_sweep_result* result, uint32_t i, uint32_t j) {
    ICS_API_BEGIN
    require(out, "out");
    const auto& h = check(result);
    if (i >= h.count || j >= h.count)
        fail(Errc::invalid_argument, "summand index out of range (" + std::to_string(h.count) + " summands)");
    *out = priority::has_priority(h.profiles[i], h.profiles[j]) ? 1 : 0;
    return ICS_OK;
    ICS_API_END
}

ics_status ics_sweep_result_count(uint32_t* out, const ics_sweep_result* result) {
    ICS_API_BEGIN
    require(out, "out");
    *out = check(result).count;
    return ICS_OK;
    ICS_API_END
}

ics_status ics_sweep_result_path(uint32_t* out, size_t capacity, size_t* out_count, const ics_sweep_result* result) {
    ICS_API_BEGIN
    return copy_out(out, capacity, out_count, check(result).r.path);
    ICS_API_END
}

ics_status ics_sweep_result_profile(uint32_t* out, size_t capacity, size_t* out_count,
                                    const ics_sweep_result* result) {
    ICS_API_BEGIN
    return copy_out(out, capacity, out_count, check(result).r.profile);
    ICS_API_END
}

ics_status ics_sweep_result_reason(const char** out, const ics_sweep_result* result) {
    ICS_API_BEGIN
    require(out, "out");
    *out = check(result).r.reason.c_str();
    return ICS_OK;
    ICS_API_END
}

ics_status ics_sweep_result_envelope(uint32_t* out, size_t capacity, size_t* out_count,
                                     const ics_sweep_result* result) {
    ICS_API_BEGIN
    return copy_out(out, capacity, out_count, check(result).r.envelope);
    ICS_API_END
}

ics_status ics_sweep_result_failure(int* out_failed, uint32_t* out_group, uint32_t* out_diagonal,
                                    const ics_sweep_result* result) {
    ICS_API_BEGIN
    require(out_failed, "out_failed");
    const sweep::SweepResult& r = check(result).r;
    const bool failed = !r.ico;
    *out_failed = failed ? 1 : 0;
    if (out_group) *out_group = failed ? r.failed_group : 0;
    if (out_diagonal) *out_diagonal = failed ? r.failed_diagonal : 0;
    return ICS_OK;
    ICS_API_END
}

ics_status ics_sweep_result_order(uint32_t* out_dag, uint32_t* out_node, size_t capacity, size_t* out_count,
                                  const ics_sweep_result* result) {
    ICS_API_BEGIN
    const auto& h = check(result);
    if (h.orders.empty()) fail(Errc::invalid_argument, "this sweep was on profiles: there is no dag order");
    if (!h.r.ico) fail(Errc::not_ic_optimal, "the sum admits no IC-optimal schedule: " + h.r.reason);
    std::vector<std::uint32_t> dags, nodes;
    std::vector<std::size_t> next(h.count, 0);
    for (std::uint32_t k : h.r.path) {
        dags.push_back(k);
        nodes.push_back(h.orders[k][next[k]++]);
    }
    for (std::uint32_t k = 0; k < h.count; ++k)
        for (NodeId v : h.sinks[k]) {
            dags.push_back(k);
            nodes.push_back(v);
        }
    if (out_dag == nullptr && out_node == nullptr && capacity == 0) return copy_out(nullptr, 0, out_count, dags);
    require(out_node, "out_node");
    if (auto st = answer_without_copy(out_dag, capacity, out_count, dags.size())) return *st;
    std::copy(dags.begin(), dags.end(), out_dag);
    return copy_out(out_node, capacity, out_count, nodes);
    ICS_API_END
}

}  // extern "C"
