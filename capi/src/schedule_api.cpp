// ics_schedule: the IC-scheduling pipeline and its certificate.
#include <atomic>
#include <cstddef>
#include <cstring>
#include <optional>

#include "handles.hpp"
#include "schedule/schedule.hpp"

using namespace ics;
using namespace ics::capi;

struct ics_schedule_result {
    Magic magic{kScheduleMagic};
    schedule::Result r;
    ~ics_schedule_result() { magic = kDeadMagic; }
};

// A workspace (ics.h "workspace"): the pipeline's reusable arrays; `busy`
// turns a second concurrent call into ICS_ERR_MISUSE instead of a race.
constexpr std::uint32_t kWorkspaceMagic = 0x49435343;  // "ICSC"
struct ics_workspace {
    Magic magic{kWorkspaceMagic};
    std::atomic<bool> busy{false};
    schedule::Workspace ws;
    ~ics_workspace() { magic = kDeadMagic; }
};

static_assert(static_cast<int>(schedule::Status::area_optimal) == ICS_SCHEDULE_AREA_OPTIMAL);
static_assert(static_cast<int>(schedule::Method::level) == ICS_METHOD_LEVEL);
static_assert(static_cast<int>(schedule::Method::series_parallel) == ICS_METHOD_SERIES_PARALLEL);

namespace {

const ics_schedule_result& check(const ics_schedule_result* r) {
    return check_handle(r, kScheduleMagic, "schedule result");
}

const schedule::Result& checked_block(const ics_schedule_result* result, std::uint32_t b) {
    const auto& r = check(result).r;
    if (b >= r.blocks.size())
        fail(Errc::invalid_argument, "block " + std::to_string(b) + " out of range (" +
                                         std::to_string(r.blocks.size()) + " blocks)");
    return r;
}


schedule::Options to_options(const ics_schedule_options* o) {
    schedule::Options opt;
    if (o == nullptr) return opt;
    check_version(o->version, ICS_SCHEDULE_OPTIONS_VERSION, "ics_schedule_options");
    if (o->block_exact_max_sources > 30)
        fail(Errc::invalid_argument, "block_exact_max_sources above 30 would need 2^30+ states");
    opt.exact_max_nodes = o->exact_max_nodes;
    opt.exact_max_downsets = o->exact_max_downsets;
    opt.block.exact_max_sources = o->block_exact_max_sources;
    if (o->version >= 2) {
        const int objective = enum_value(o->objective);
        if (objective != ICS_OBJECTIVE_ELIGIBILITY && objective != ICS_OBJECTIVE_MEMORY)
            fail(Errc::invalid_argument, "unknown objective " + std::to_string(objective));
        opt.objective = static_cast<schedule::Objective>(objective);
    }
    // Version 3 carries the exact AREA search's own budget; older callers keep
    // the budget derived from their exact search's (schedule.hpp).
    opt.area_max_downsets = o->version >= 3 ? std::optional<std::uint64_t>(o->area_max_downsets) : std::nullopt;
    // Version 4: the Sidney decomposition's work budget (0: the default).
    if (o->version >= 4 && o->sidney_max_work != 0) opt.sidney_work_budget = o->sidney_max_work;
    // Version 5: the progress callback; nonzero cancels (Options::report throws
    // Errc::cancelled, which ICS_API_END turns into ICS_ERR_CANCELLED).
    if (o->version >= 5 && o->progress != nullptr)
        opt.progress = [fn = o->progress, user = o->progress_user](const char* stage, std::uint64_t done,
                                                                   std::uint64_t total) {
            return fn(user, stage, done, total) == 0;
        };
    return opt;
}

}  // namespace

extern "C" {

const char* ics_schedule_status_name(ics_schedule_status status) {
    switch (enum_value(status)) {
        case ICS_SCHEDULE_IC_OPTIMAL: return "ic-optimal";
        case ICS_SCHEDULE_HEURISTIC: return "heuristic";
        case ICS_SCHEDULE_AREA_OPTIMAL: return "area-optimal";
    }
    return "unknown";
}

const char* ics_objective_name(ics_objective objective) {
    const int o = enum_value(objective);
    if (o != ICS_OBJECTIVE_ELIGIBILITY && o != ICS_OBJECTIVE_MEMORY) return "unknown";
    return schedule::objective_name(static_cast<schedule::Objective>(o));
}

ics_status ics_objective_from_name(ics_objective* out, const char* name) {
    ICS_API_BEGIN
    require(out, "out");
    require(name, "name");
    for (ics_objective o : {ICS_OBJECTIVE_ELIGIBILITY, ICS_OBJECTIVE_MEMORY})
        if (std::strcmp(name, ics_objective_name(o)) == 0) {
            *out = o;
            return ICS_OK;
        }
    fail(Errc::invalid_argument, "unknown objective " + quoted(name) + " (eligibility, memory)");
    ICS_API_END
}

const char* ics_schedule_method_name(ics_schedule_method method) {
    const int m = enum_value(method);
    if (m < ICS_METHOD_DECOMPOSITION || m > ICS_METHOD_SERIES_PARALLEL) return "unknown";
    return schedule::method_name(static_cast<schedule::Method>(m));
}

ics_status ics_schedule_options_init(ics_schedule_options* opts, unsigned version) {
    ICS_API_BEGIN
    require(opts, "opts");
    check_version(version, ICS_SCHEDULE_OPTIONS_VERSION, "ics_schedule_options");
    // An older caller's struct ends before the fields its version lacks
    // (version 1: `objective`, 2: `area_max_downsets`, 3: `sidney_max_work`,
    // 4: `progress`):
    // write only its own.
    const ics_schedule_options defaults ICS_SCHEDULE_OPTIONS_INIT;
    const std::size_t size = version >= 5   ? sizeof defaults
                             : version == 4 ? offsetof(ics_schedule_options, progress)
                             : version == 3 ? offsetof(ics_schedule_options, sidney_max_work)
                             : version == 2 ? offsetof(ics_schedule_options, area_max_downsets)
                                            : offsetof(ics_schedule_options, objective);
    std::memcpy(opts, &defaults, size);
    opts->version = version;
    return ICS_OK;
    ICS_API_END
}

ics_status ics_schedule(ics_schedule_result** out, const ics_dag* dag, const ics_schedule_options* opts) {
    ICS_API_BEGIN
    require(out, "out");
    const Dag& g = check(dag).dag();
    auto h = std::make_unique<ics_schedule_result>();
    h->r = schedule::schedule(g, to_options(opts));
    *out = h.release();
    return ICS_OK;
    ICS_API_END
}

ics_status ics_workspace_create(ics_workspace** out) {
    ICS_API_BEGIN
    require(out, "out");
    *out = new ics_workspace();
    return ICS_OK;
    ICS_API_END
}

void ics_workspace_destroy(ics_workspace* workspace) {
    if (!live(workspace, kWorkspaceMagic)) return;
    delete workspace;
}

ics_status ics_workspace_schedule(ics_schedule_result** out, ics_workspace* workspace, const ics_dag* dag,
                                  const ics_schedule_options* opts) {
    ICS_API_BEGIN
    require(out, "out");
    ics_workspace& w = const_cast<ics_workspace&>(check_handle(workspace, kWorkspaceMagic, "workspace"));
    const Dag& g = check(dag).dag();
    const schedule::Options o = to_options(opts);
    if (w.busy.exchange(true, std::memory_order_acquire))
        fail(Errc::misuse, "workspace is in use by another call (one call at a time per workspace)");
    struct Release {
        std::atomic<bool>& busy;
        ~Release() { busy.store(false, std::memory_order_release); }
    } release{w.busy};
    auto h = std::make_unique<ics_schedule_result>();
    h->r = schedule::schedule(g, o, &w.ws);
    *out = h.release();
    return ICS_OK;
    ICS_API_END
}

ics_status ics_workspace_size(uint64_t* out, const ics_workspace* workspace) {
    ICS_API_BEGIN
    require(out, "out");
    *out = check_handle(workspace, kWorkspaceMagic, "workspace").ws.bytes();
    return ICS_OK;
    ICS_API_END
}

void ics_schedule_result_destroy(ics_schedule_result* result) {
    if (!live(result, kScheduleMagic)) return;
    delete result;
}

ics_status ics_schedule_result_status(ics_schedule_status* out, const ics_schedule_result* result) {
    ICS_API_BEGIN
    require(out, "out");
    *out = static_cast<ics_schedule_status>(check(result).r.status);
    return ICS_OK;
    ICS_API_END
}

ics_status ics_schedule_result_method(ics_schedule_method* out, const ics_schedule_result* result) {
    ICS_API_BEGIN
    require(out, "out");
    *out = static_cast<ics_schedule_method>(check(result).r.method);
    return ICS_OK;
    ICS_API_END
}

ics_status ics_schedule_result_reason(const char** out, const ics_schedule_result* result) {
    ICS_API_BEGIN
    require(out, "out");
    *out = check(result).r.reason.c_str();
    return ICS_OK;
    ICS_API_END
}

ics_status ics_schedule_result_order(uint32_t* out, size_t capacity, size_t* out_count,
                                     const ics_schedule_result* result) {
    ICS_API_BEGIN
    return copy_out(out, capacity, out_count, check(result).r.order);
    ICS_API_END
}

ics_status ics_schedule_result_eligible(uint32_t* out, size_t capacity, size_t* out_count,
                                        const ics_schedule_result* result) {
    ICS_API_BEGIN
    return copy_out(out, capacity, out_count, check(result).r.eval.eligible);
    ICS_API_END
}

ics_status ics_schedule_result_memory(uint32_t* out, const ics_schedule_result* result) {
    ICS_API_BEGIN
    require(out, "out");
    *out = check(result).r.eval.memory;
    return ICS_OK;
    ICS_API_END
}

ics_status ics_schedule_result_area(uint64_t* out, const ics_schedule_result* result) {
    ICS_API_BEGIN
    require(out, "out");
    *out = check(result).r.eval.area;
    return ICS_OK;
    ICS_API_END
}

ics_status ics_schedule_result_area_bound(uint64_t* out, const ics_schedule_result* result) {
    ICS_API_BEGIN
    require(out, "out");
    *out = check(result).r.area_bound;
    return ICS_OK;
    ICS_API_END
}

ics_status ics_schedule_result_area_gap(double* out, const ics_schedule_result* result) {
    ICS_API_BEGIN
    require(out, "out");
    *out = check(result).r.area_gap();
    return ICS_OK;
    ICS_API_END
}

ics_status ics_schedule_result_shortcuts_removed(uint64_t* out, const ics_schedule_result* result) {
    ICS_API_BEGIN
    require(out, "out");
    *out = check(result).r.shortcuts_removed;
    return ICS_OK;
    ICS_API_END
}

ics_status ics_schedule_result_forced_joins(uint32_t* out, const ics_schedule_result* result) {
    ICS_API_BEGIN
    require(out, "out");
    *out = check(result).r.forced_joins;
    return ICS_OK;
    ICS_API_END
}

ics_status ics_schedule_result_block_count(uint32_t* out, const ics_schedule_result* result) {
    ICS_API_BEGIN
    require(out, "out");
    *out = static_cast<uint32_t>(check(result).r.blocks.size());
    return ICS_OK;
    ICS_API_END
}

ics_status ics_schedule_result_block(ics_block_info* out, const ics_schedule_result* result, uint32_t block) {
    ICS_API_BEGIN
    require(out, "out");
    check_version(out->version, ICS_BLOCK_INFO_VERSION, "ics_block_info");
    const schedule::Result& r = checked_block(result, block);
    out->shape = r.blocks.shape(block).c_str();
    out->kind = blocks::kind_name(r.blocks.kind(block));
    out->proven = r.blocks.proven(block) ? 1 : 0;
    out->sources = static_cast<uint32_t>(r.blocks.order(block).size());
    out->sinks = static_cast<uint32_t>(r.sinks(block).size());
    return ICS_OK;
    ICS_API_END
}

ics_status ics_schedule_result_block_sources(uint32_t* out, size_t capacity, size_t* out_count,
                                             const ics_schedule_result* result, uint32_t block) {
    ICS_API_BEGIN
    return copy_out(out, capacity, out_count, checked_block(result, block).blocks.order(block));
    ICS_API_END
}

ics_status ics_schedule_result_block_sinks(uint32_t* out, size_t capacity, size_t* out_count,
                                           const ics_schedule_result* result, uint32_t block) {
    ICS_API_BEGIN
    return copy_out(out, capacity, out_count, checked_block(result, block).sinks(block));
    ICS_API_END
}

ics_status ics_schedule_result_block_profile(uint32_t* out, size_t capacity, size_t* out_count,
                                             const ics_schedule_result* result, uint32_t block) {
    ICS_API_BEGIN
    return copy_out(out, capacity, out_count, checked_block(result, block).blocks.profile(block));
    ICS_API_END
}

ics_status ics_schedule_result_group_count(uint32_t* out, const ics_schedule_result* result) {
    ICS_API_BEGIN
    require(out, "out");
    *out = static_cast<uint32_t>(check(result).r.group_count());
    return ICS_OK;
    ICS_API_END
}

ics_status ics_schedule_result_group(uint32_t* out, size_t capacity, size_t* out_count,
                                     const ics_schedule_result* result, uint32_t group) {
    ICS_API_BEGIN
    const auto& r = check(result).r;
    if (group >= r.group_count())
        fail(Errc::invalid_argument, "group " + std::to_string(group) + " out of range (" +
                                         std::to_string(r.group_count()) + " groups)");
    return copy_out(out, capacity, out_count, r.group(group));
    ICS_API_END
}

ics_status ics_schedule_result_max_eligible(uint32_t* out, size_t capacity, size_t* out_count,
                                            const ics_schedule_result* result) {
    ICS_API_BEGIN
    return copy_out(out, capacity, out_count, check(result).r.max_profile);
    ICS_API_END
}

ics_status ics_order_nonsource_profile(uint32_t* out, size_t capacity, size_t* out_count, const ics_dag* dag,
                                       const uint32_t* order, size_t len) {
    ICS_API_BEGIN
    if (order == nullptr && len > 0) fail(Errc::invalid_argument, "order is NULL");
    return copy_out(out, capacity, out_count,
                    pebble::nonsource_profile(check(dag).dag(), std::span<const NodeId>(order, len)));
    ICS_API_END
}

}  // extern "C"
