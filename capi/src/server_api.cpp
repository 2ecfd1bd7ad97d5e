// The IC server (lib/server): run-time dispatching with a journal.
#include <cstring>

#include "handles.hpp"
#include "server/server.hpp"

using namespace ics;
using namespace ics::capi;

namespace {
constexpr std::uint32_t kServerMagic = 0x49435356;  // "ICSV"
}  // namespace

struct ics_server {
    Magic magic{kServerMagic};
    std::unique_ptr<server::Server> s;
    std::string recovery_message;
    ~ics_server() { magic = kDeadMagic; }
};

namespace {

const server::Server& check(const ics_server* h) { return *check_handle(h, kServerMagic, "server").s; }
server::Server& check(ics_server* h) { return *check_handle(h, kServerMagic, "server").s; }

// An enum field as an int (capi::enum_value), checked against its range.
template <class E>
int checked_enum(const E& field, int lo, int hi, const char* what) {
    const int v = capi::enum_value(field);
    if (v < lo || v > hi) fail(Errc::invalid_argument, std::string("ics_server_options.") + what + " " + std::to_string(v) +
                                                           " is out of range");
    return v;
}

server::Options to_options(const ics_server_options* o) {
    server::Options opt;
    if (o == nullptr) return opt;
    check_version(o->version, ICS_SERVER_OPTIONS_VERSION, "ics_server_options");
    opt.ranking = static_cast<server::Ranking>(
        checked_enum(o->ranking, ICS_SERVER_RANK_SCHEDULE, ICS_SERVER_RANK_PRIORITIES, "ranking"));
    if (o->order == nullptr && o->order_len > 0) fail(Errc::invalid_argument, "ics_server_options.order is NULL");
    if (o->priorities == nullptr && o->priorities_len > 0)
        fail(Errc::invalid_argument, "ics_server_options.priorities is NULL");
    if (o->order_len > 0) opt.order.assign(o->order, o->order + o->order_len);
    if (o->priorities_len > 0) opt.priorities.assign(o->priorities, o->priorities + o->priorities_len);
    opt.schedule.objective = static_cast<schedule::Objective>(
        checked_enum(o->objective, ICS_OBJECTIVE_ELIGIBILITY, ICS_OBJECTIVE_MEMORY, "objective"));
    opt.lease = o->lease;
    opt.retry_limit = o->retry_limit;
    opt.multi = static_cast<server::Multi>(
        checked_enum(o->multi, ICS_SERVER_MULTI_BEST, ICS_SERVER_MULTI_CLUSTER, "multi"));
    opt.cluster_strategy = static_cast<cluster::Strategy>(
        checked_enum(o->cluster_strategy, ICS_CLUSTER_DIRECT, ICS_CLUSTER_MIN_CUT, "cluster_strategy"));
    opt.batch.method = static_cast<batch::Method>(
        checked_enum(o->batch_method, ICS_BATCH_METHOD_AUTO, ICS_BATCH_METHOD_GREEDY, "batch_method"));
    if (o->journal != nullptr) opt.journal = o->journal;
    opt.fsync = static_cast<server::Fsync>(checked_enum(o->fsync, ICS_FSYNC_EVERY, ICS_FSYNC_NEVER, "fsync"));
    opt.fsync_every = o->fsync_every;
    return opt;
}

ics_status too_many(std::size_t* out_count, std::size_t needed, std::size_t capacity) {
    if (out_count != nullptr) *out_count = needed;
    return set_error(ICS_ERR_BUFFER_TOO_SMALL, "buffer of " + std::to_string(capacity) + " for " +
                                                   std::to_string(needed) + " tasks; nothing was changed");
}

// Copies a list the server produced after acting (the capacity was checked first).
ics_status put(std::uint32_t* out, std::size_t* out_count, const std::vector<NodeId>& v) {
    if (out != nullptr && !v.empty()) std::memcpy(out, v.data(), v.size() * sizeof(NodeId));
    if (out_count != nullptr) *out_count = v.size();
    return ICS_OK;
}

// Runs call(limit) — a server call that lists tasks and refuses (TooMany,
// unchanged) to list more than `limit` — under ics.h's buffer convention; a
// NULL out only counts.
template <class Call>
ics_status act(std::uint32_t* out, std::size_t capacity, std::size_t* out_count, Call&& call) {
    try {
        return put(out, out_count, call(out == nullptr ? server::kNoLimit : capacity));
    } catch (const server::TooMany& t) {
        return too_many(out_count, t.needed, capacity);
    }
}

}  // namespace

extern "C" {

const char* ics_task_state_name(ics_task_state state) {
    const int s = enum_value(state);
    if (s < ICS_TASK_WAITING || s > ICS_TASK_BLOCKED) return "unknown";
    return server::task_state_name(static_cast<server::TaskState>(s));
}

ics_status ics_server_options_init(ics_server_options* opts, unsigned version) {
    ICS_API_BEGIN
    require(opts, "opts");
    check_version(version, ICS_SERVER_OPTIONS_VERSION, "ics_server_options");
    *opts = ics_server_options ICS_SERVER_OPTIONS_INIT;
    opts->version = version;
    return ICS_OK;
    ICS_API_END
}

ics_status ics_server_create(ics_server** out, const ics_dag* dag, const ics_server_options* opts) {
    ICS_API_BEGIN
    require(out, "out");
    const Dag& g = capi::check(dag).dag();
    auto h = std::make_unique<ics_server>();
    h->s = std::make_unique<server::Server>(g, to_options(opts));
    *out = h.release();
    return ICS_OK;
    ICS_API_END
}

ics_status ics_server_open(ics_server** out, const ics_dag* dag, const ics_server_options* opts) {
    ICS_API_BEGIN
    require(out, "out");
    require(opts, "opts");
    const Dag& g = capi::check(dag).dag();
    server::Options o = to_options(opts);
    if (o.journal.empty()) fail(Errc::invalid_argument, "ics_server_open needs opts->journal");
    auto h = std::make_unique<ics_server>();
    h->s = server::Server::open(g, std::move(o));
    h->recovery_message = h->s->recovery().message;
    *out = h.release();
    return ICS_OK;
    ICS_API_END
}

void ics_server_destroy(ics_server* server) {
    if (!live(server, kServerMagic)) return;
    delete server;
}

ics_status ics_server_request(uint32_t* out, size_t capacity, size_t* out_count, ics_server* server, uint32_t worker,
                              uint32_t k) {
    ICS_API_BEGIN
    server::Server& s = check(server);
    if (k == 0) fail(Errc::invalid_argument, "k must be at least 1");
    if (out == nullptr || capacity < k) return too_many(out_count, k, capacity);
    return put(out, out_count, s.request(worker, k));
    ICS_API_END
}

ics_status ics_server_request_batch(uint32_t* out, size_t capacity, size_t* out_count, ics_server* server,
                                    const uint32_t* workers, uint32_t r) {
    ICS_API_BEGIN
    server::Server& s = check(server);
    if (r == 0) fail(Errc::invalid_argument, "r must be at least 1");
    if (out == nullptr || capacity < r) return too_many(out_count, r, capacity);
    std::span<const server::WorkerId> ws;
    if (workers != nullptr) ws = {workers, r};
    return put(out, out_count, s.request_batch(r, ws));
    ICS_API_END
}

ics_status ics_server_complete(uint32_t* out, size_t capacity, size_t* out_count, ics_server* server, uint32_t task) {
    ICS_API_BEGIN
    server::Server& s = check(server);
    return act(out, capacity, out_count, [&](std::size_t limit) { return s.complete(task, limit); });
    ICS_API_END
}

ics_status ics_server_fail(int* out_failed, uint32_t* out_blocked, ics_server* server, uint32_t task) {
    ICS_API_BEGIN
    const server::FailOutcome f = check(server).fail(task);
    if (out_failed != nullptr) *out_failed = f.failed ? 1 : 0;
    if (out_blocked != nullptr) *out_blocked = static_cast<std::uint32_t>(f.blocked.size());
    return ICS_OK;
    ICS_API_END
}

ics_status ics_server_release(uint32_t* out, size_t capacity, size_t* out_count, ics_server* server, uint32_t worker) {
    ICS_API_BEGIN
    server::Server& s = check(server);
    return act(out, capacity, out_count, [&](std::size_t limit) { return s.release(worker, limit); });
    ICS_API_END
}

ics_status ics_server_tick(ics_server* server, uint64_t now) {
    ICS_API_BEGIN
    check(server).tick(now);
    return ICS_OK;
    ICS_API_END
}

ics_status ics_server_expire(uint32_t* out, size_t capacity, size_t* out_count, ics_server* server, uint64_t now) {
    ICS_API_BEGIN
    server::Server& s = check(server);
    return act(out, capacity, out_count, [&](std::size_t limit) { return s.expire(now, limit); });
    ICS_API_END
}

ics_status ics_server_replan(ics_server* server) {
    ICS_API_BEGIN
    check(server).replan();
    return ICS_OK;
    ICS_API_END
}

ics_status ics_server_snapshot(ics_server* server) {
    ICS_API_BEGIN
    check(server).snapshot();
    return ICS_OK;
    ICS_API_END
}

ics_status ics_server_counts_get(ics_server_counts* out, const ics_server* server) {
    ICS_API_BEGIN
    require(out, "out");
    check_version(out->version, ICS_SERVER_COUNTS_VERSION, "ics_server_counts");
    const server::Counts c = check(server).counts();
    out->executed = c.executed;
    out->running = c.running;
    out->eligible = c.eligible;
    out->waiting = c.waiting;
    out->blocked = c.blocked;
    out->failed = c.failed;
    return ICS_OK;
    ICS_API_END
}

ics_status ics_server_task_state(ics_task_state* out, const ics_server* server, uint32_t task) {
    ICS_API_BEGIN
    require(out, "out");
    *out = static_cast<ics_task_state>(check(server).state(task));
    return ICS_OK;
    ICS_API_END
}

ics_status ics_server_tasks(uint32_t* out, size_t capacity, size_t* out_count, const ics_server* server,
                            ics_task_state state) {
    ICS_API_BEGIN
    const server::Server& s = check(server);
    const int st = enum_value(state);
    if (st < ICS_TASK_WAITING || st > ICS_TASK_BLOCKED)
        fail(Errc::invalid_argument, "task state " + std::to_string(st) + " is out of range");
    return copy_out(out, capacity, out_count, s.tasks_in(static_cast<server::TaskState>(st)));
    ICS_API_END
}

ics_status ics_server_in_doubt(uint32_t* out, size_t capacity, size_t* out_count, const ics_server* server) {
    ICS_API_BEGIN
    return copy_out(out, capacity, out_count, check(server).in_doubt());
    ICS_API_END
}

ics_status ics_server_holdings(uint32_t* out_task, uint32_t* out_worker, size_t capacity, size_t* out_count,
                               const ics_server* server) {
    ICS_API_BEGIN
    const std::vector<server::Holding> h = check(server).holdings();
    if (out_count != nullptr) *out_count = h.size();
    if (out_task == nullptr && out_worker == nullptr && capacity == 0) return ICS_OK;
    if (capacity < h.size())
        return set_error(ICS_ERR_BUFFER_TOO_SMALL,
                         "buffer of " + std::to_string(capacity) + " for " + std::to_string(h.size()) + " holdings");
    for (std::size_t i = 0; i < h.size(); ++i) {
        if (out_task != nullptr) out_task[i] = h[i].task;
        if (out_worker != nullptr) out_worker[i] = h[i].worker;
    }
    return ICS_OK;
    ICS_API_END
}

ics_status ics_server_held_by(uint32_t* out, size_t capacity, size_t* out_count, const ics_server* server,
                              uint32_t worker) {
    ICS_API_BEGIN
    return copy_out(out, capacity, out_count, check(server).held_by(worker));
    ICS_API_END
}

ics_status ics_server_profile_played(uint32_t* out, size_t capacity, size_t* out_count, const ics_server* server) {
    ICS_API_BEGIN
    return copy_out(out, capacity, out_count, check(server).profile_played());
    ICS_API_END
}

ics_status ics_server_profile_plan(uint32_t* out, size_t capacity, size_t* out_count, const ics_server* server) {
    ICS_API_BEGIN
    return copy_out(out, capacity, out_count, check(server).profile_plan());
    ICS_API_END
}

ics_status ics_server_plan_order(uint32_t* out, size_t capacity, size_t* out_count, const ics_server* server) {
    ICS_API_BEGIN
    return copy_out(out, capacity, out_count, check(server).plan_order());
    ICS_API_END
}

ics_status ics_server_rank(uint32_t* out, const ics_server* server, uint32_t task) {
    ICS_API_BEGIN
    require(out, "out");
    *out = check(server).rank(task);
    return ICS_OK;
    ICS_API_END
}

ics_status ics_server_now(uint64_t* out, const ics_server* server) {
    ICS_API_BEGIN
    require(out, "out");
    *out = check(server).now();
    return ICS_OK;
    ICS_API_END
}

ics_status ics_server_recovery(uint64_t* out_records, uint64_t* out_bytes_cut, const char** out_message,
                               const ics_server* server) {
    ICS_API_BEGIN
    const server::Recovery r = check(server).recovery();
    if (out_records != nullptr) *out_records = r.records;
    if (out_bytes_cut != nullptr) *out_bytes_cut = r.bytes_cut;
    if (out_message != nullptr) *out_message = check_handle(server, kServerMagic, "server").recovery_message.c_str();
    return ICS_OK;
    ICS_API_END
}

}  // extern "C"
