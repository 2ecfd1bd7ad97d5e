// Batched IC scheduling, BICSO (lib/batch).
#include <cstring>

#include "batch/batch.hpp"
#include "handles.hpp"

using namespace ics;
using namespace ics::capi;

namespace {
constexpr std::uint32_t kBatchMagic = 0x49435342;      // "ICSB"
constexpr std::uint32_t kBatchPlayMagic = 0x49434250;  // "ICBP"
}  // namespace

struct ics_batch_result {
    Magic magic{kBatchMagic};
    batch::Selection s;
    bool owned_by_play = false;
    ~ics_batch_result() { magic = kDeadMagic; }
};

struct ics_batch_play_result {
    Magic magic{kBatchPlayMagic};
    std::vector<ics_batch_result> batches;
    std::vector<std::uint32_t> offsets, ids, eligible_after;
    ~ics_batch_play_result() { magic = kDeadMagic; }
};

namespace {

const ics_batch_result& check(const ics_batch_result* r) { return check_handle(r, kBatchMagic, "batch result"); }
const ics_batch_play_result& check(const ics_batch_play_result* r) {
    return check_handle(r, kBatchPlayMagic, "batch play result");
}

batch::Options to_options(const ics_batch_options* opts) {
    batch::Options o;
    if (opts == nullptr) return o;
    check_version(opts->version, ICS_BATCH_OPTIONS_VERSION, "ics_batch_options");
    const int method = enum_value(opts->method);
    if (method < ICS_BATCH_METHOD_AUTO || method > ICS_BATCH_METHOD_GREEDY)
        fail(Errc::invalid_argument, "ics_batch_options.method " + std::to_string(method) + " is not an ics_batch_method");
    o.method = static_cast<batch::Method>(method);
    o.exact_budget = opts->exact_budget;
    return o;
}

std::uint32_t count32(std::uint64_t v) { return static_cast<std::uint32_t>(v); }  // counts <= node count < 2^31

}  // namespace

extern "C" {

const char* ics_batch_method_name(ics_batch_method method) {
    const int m = enum_value(method);
    if (m < ICS_BATCH_METHOD_AUTO || m > ICS_BATCH_METHOD_GREEDY) return "unknown";
    return batch::method_name(static_cast<batch::Method>(m));
}

ics_status ics_batch_method_from_name(ics_batch_method* out, const char* name) {
    ICS_API_BEGIN
    require(out, "out");
    require(name, "name");
    for (int m = ICS_BATCH_METHOD_AUTO; m <= ICS_BATCH_METHOD_GREEDY; ++m)
        if (std::strcmp(name, ics_batch_method_name(static_cast<ics_batch_method>(m))) == 0) {
            *out = static_cast<ics_batch_method>(m);
            return ICS_OK;
        }
    fail(Errc::invalid_argument,
         "unknown batch method " + quoted(name) + " (auto, exact, tree-dp, expansive, greedy)");
    ICS_API_END
}

ics_status ics_batch_options_init(ics_batch_options* opts, unsigned version) {
    ICS_API_BEGIN
    require(opts, "opts");
    check_version(version, ICS_BATCH_OPTIONS_VERSION, "ics_batch_options");
    *opts = ics_batch_options ICS_BATCH_OPTIONS_INIT;
    opts->version = version;
    return ICS_OK;
    ICS_API_END
}

ics_status ics_batch_select(ics_batch_result** out, const ics_dag* dag, const uint32_t* executed, size_t executed_len,
                            uint32_t r, const ics_batch_options* opts) {
    ICS_API_BEGIN
    require(out, "out");
    const Dag& g = capi::check(dag).dag();
    if (executed == nullptr && executed_len > 0) fail(Errc::invalid_argument, "executed is NULL");
    const batch::Options o = to_options(opts);
    auto h = std::make_unique<ics_batch_result>();
    h->s = batch::select(g, std::span<const NodeId>(executed, executed_len), r, o);
    *out = h.release();
    return ICS_OK;
    ICS_API_END
}

void ics_batch_result_destroy(ics_batch_result* result) {
    if (!live(result, kBatchMagic) || result->owned_by_play) return;
    delete result;
}

ics_status ics_batch_result_selected(uint32_t* out, size_t capacity, size_t* out_count,
                                     const ics_batch_result* result) {
    ICS_API_BEGIN
    return copy_out(out, capacity, out_count, check(result).s.selected);
    ICS_API_END
}

#define ICS_BATCH_COUNT(fn, field)                                    \
    ics_status fn(uint32_t* out, const ics_batch_result* result) {    \
        ICS_API_BEGIN                                                 \
        require(out, "out");                                          \
        *out = count32(check(result).s.field);                        \
        return ICS_OK;                                                \
        ICS_API_END                                                   \
    }
ICS_BATCH_COUNT(ics_batch_result_eligible_before, eligible_before)
ICS_BATCH_COUNT(ics_batch_result_eligible_after, eligible_after)
ICS_BATCH_COUNT(ics_batch_result_newly_eligible, newly_eligible)
ICS_BATCH_COUNT(ics_batch_result_bound_after, bound_after)
#undef ICS_BATCH_COUNT

ics_status ics_batch_result_method(ics_batch_method* out, const ics_batch_result* result) {
    ICS_API_BEGIN
    require(out, "out");
    *out = static_cast<ics_batch_method>(check(result).s.method);
    return ICS_OK;
    ICS_API_END
}

ics_status ics_batch_result_optimal(int* out, const ics_batch_result* result) {
    ICS_API_BEGIN
    require(out, "out");
    *out = check(result).s.optimal ? 1 : 0;
    return ICS_OK;
    ICS_API_END
}

ics_status ics_batch_result_guarantee(const char** out, const ics_batch_result* result) {
    ICS_API_BEGIN
    require(out, "out");
    *out = check(result).s.guarantee.c_str();
    return ICS_OK;
    ICS_API_END
}

ics_status ics_batch_play(ics_batch_play_result** out, const ics_dag* dag, const uint32_t* executed,
                          size_t executed_len, const uint32_t* requests, size_t count, const ics_batch_options* opts) {
    ICS_API_BEGIN
    require(out, "out");
    const Dag& g = capi::check(dag).dag();
    if (executed == nullptr && executed_len > 0) fail(Errc::invalid_argument, "executed is NULL");
    if (requests == nullptr && count > 0) fail(Errc::invalid_argument, "requests is NULL");
    const batch::Options o = to_options(opts);
    const std::vector<std::uint64_t> req(requests, requests + count);
    batch::Play p = batch::play(g, std::span<const NodeId>(executed, executed_len), req, o);
    auto h = std::make_unique<ics_batch_play_result>();
    h->batches.resize(p.batches.size());
    h->offsets.push_back(0);
    for (std::size_t t = 0; t < p.batches.size(); ++t) {
        ics_batch_result& b = h->batches[t];
        b.s = std::move(p.batches[t]);
        b.owned_by_play = true;
        h->ids.insert(h->ids.end(), b.s.selected.begin(), b.s.selected.end());
        h->offsets.push_back(static_cast<std::uint32_t>(h->ids.size()));
        h->eligible_after.push_back(count32(b.s.eligible_after));
    }
    *out = h.release();
    return ICS_OK;
    ICS_API_END
}

void ics_batch_play_result_destroy(ics_batch_play_result* result) {
    if (!live(result, kBatchPlayMagic)) return;
    delete result;
}

ics_status ics_batch_play_result_count(uint32_t* out, const ics_batch_play_result* result) {
    ICS_API_BEGIN
    require(out, "out");
    *out = static_cast<std::uint32_t>(check(result).batches.size());
    return ICS_OK;
    ICS_API_END
}

ics_status ics_batch_play_result_offsets(uint32_t* out, size_t capacity, size_t* out_count,
                                         const ics_batch_play_result* result) {
    ICS_API_BEGIN
    return copy_out(out, capacity, out_count, check(result).offsets);
    ICS_API_END
}

ics_status ics_batch_play_result_ids(uint32_t* out, size_t capacity, size_t* out_count,
                                     const ics_batch_play_result* result) {
    ICS_API_BEGIN
    return copy_out(out, capacity, out_count, check(result).ids);
    ICS_API_END
}

ics_status ics_batch_play_result_eligible_after(uint32_t* out, size_t capacity, size_t* out_count,
                                                const ics_batch_play_result* result) {
    ICS_API_BEGIN
    return copy_out(out, capacity, out_count, check(result).eligible_after);
    ICS_API_END
}

ics_status ics_batch_play_result_batch(const ics_batch_result** out, const ics_batch_play_result* result,
                                       uint32_t index) {
    ICS_API_BEGIN
    require(out, "out");
    const auto& h = check(result);
    if (index >= h.batches.size())
        fail(Errc::invalid_argument, "batch index " + std::to_string(index) + " out of range (" +
                                         std::to_string(h.batches.size()) + " batches)");
    *out = &h.batches[index];
    return ICS_OK;
    ICS_API_END
}

}  // extern "C"
