// Status codes, thread-local error messages, version, and shared helpers.
#include <cstdlib>
#include <new>
#include <stdexcept>
#include <mutex>
#include <unordered_set>

#include "handles.hpp"

namespace ics::capi {

namespace {
thread_local std::string last_message;
}

ics_status set_error(ics_status status, const std::string& message) {
    try {
        last_message = message;
    } catch (...) {
        last_message.clear();  // out of memory while reporting: keep the status
    }
    return status;
}

void clear_error() { last_message.clear(); }

ics_status handle_exception() noexcept {
    try {
        throw;
    } catch (const ics::Error& e) {
        return set_error(static_cast<ics_status>(e.code()), e.what());
    } catch (const std::bad_alloc&) {
        return set_error(ICS_ERR_NOMEM, "out of memory");
    } catch (const std::length_error& e) {
        return set_error(ICS_ERR_TOO_LARGE, std::string("size beyond limits: ") + e.what());
    } catch (const std::exception& e) {
        return set_error(ICS_ERR_INTERNAL, std::string("internal error: ") + e.what());
    } catch (...) {
        return set_error(ICS_ERR_INTERNAL, "internal error: unknown exception");
    }
}

namespace {

// The registry of live handles (handles.hpp, Magic): addresses in shards so
// that threads using different handles rarely wait on one another.
struct Shard {
    std::mutex mutex;
    std::unordered_set<const void*> live;
};
constexpr std::size_t kShards = 64;

Shard& shard_of(const void* p) noexcept {
    static Shard shards[kShards];
    return shards[(reinterpret_cast<std::uintptr_t>(p) >> 4) % kShards];
}

}  // namespace

Magic::Magic(std::uint32_t value) : value_(value) {
    Shard& s = shard_of(this);
    const std::lock_guard<std::mutex> lock(s.mutex);
    s.live.insert(this);
}

Magic::~Magic() {
    value_ = kDeadMagic;
    Shard& s = shard_of(this);
    const std::lock_guard<std::mutex> lock(s.mutex);
    s.live.erase(this);
}

bool registered(const void* magic) noexcept {
    Shard& s = shard_of(magic);
    const std::lock_guard<std::mutex> lock(s.mutex);
    return s.live.count(magic) != 0;
}

const ics_dag& check(const ics_dag* dag) { return check_handle(dag, kDagMagic, "dag"); }

ics_dag& check(ics_dag* dag) { return const_cast<ics_dag&>(check(static_cast<const ics_dag*>(dag))); }

const ics_profile& check(const ics_profile* profile) { return check_handle(profile, kProfileMagic, "profile"); }

ics::NodeId check_node(const ics_dag& dag, std::uint32_t id) {
    const auto n = dag.node_count();
    if (id >= n)
        fail(Errc::unknown_node, "node id " + std::to_string(id) + " out of range (dag has " + std::to_string(n) +
                                     " nodes)");
    return id;
}

std::optional<ics_status> answer_without_copy(const std::uint32_t* out, std::size_t capacity,
                                              std::size_t* out_count, std::size_t size) {
    if (out == nullptr && capacity == 0) {
        // Size query.
        require(out_count, "out_count");
        *out_count = size;
        return ICS_OK;
    }
    require(out, "out");
    if (capacity < size) {
        if (out_count) *out_count = size;
        return set_error(ICS_ERR_BUFFER_TOO_SMALL, "buffer holds " + std::to_string(capacity) + " elements, " +
                                                       std::to_string(size) + " needed");
    }
    return std::nullopt;
}

ics_status copy_out(std::uint32_t* out, std::size_t capacity, std::size_t* out_count,
                    std::span<const std::uint32_t> data) {
    if (auto st = answer_without_copy(out, capacity, out_count, data.size())) return *st;
    std::copy(data.begin(), data.end(), out);
    if (out_count) *out_count = data.size();
    return ICS_OK;
}

ics_status emit(ics_dag** out, ics::Dag dag) {
    *out = new ics_dag(std::move(dag));
    return ICS_OK;
}

}  // namespace ics::capi

extern "C" {

const char* ics_status_string(ics_status status) {
    switch (ics::capi::enum_value(status)) {
        case ICS_OK: return "ok";
        case ICS_ERR_INVALID_ARGUMENT: return "invalid argument";
        case ICS_ERR_NOMEM: return "out of memory";
        case ICS_ERR_IO: return "i/o error";
        case ICS_ERR_PARSE: return "parse error";
        case ICS_ERR_CYCLE: return "cycle";
        case ICS_ERR_UNKNOWN_NODE: return "unknown node";
        case ICS_ERR_DUPLICATE_NODE: return "duplicate node";
        case ICS_ERR_SELF_LOOP: return "self-loop";
        case ICS_ERR_EMPTY_GRAPH: return "empty graph";
        case ICS_ERR_INVALID_ORDER: return "invalid order";
        case ICS_ERR_MISUSE: return "misuse of a handle";
        case ICS_ERR_BUFFER_TOO_SMALL: return "buffer too small";
        case ICS_ERR_TOO_LARGE: return "too large";
        case ICS_ERR_UNSUPPORTED: return "unsupported";
        case ICS_ERR_INTERNAL: return "internal error";
        case ICS_ERR_NOT_IC_OPTIMAL: return "no proven IC-optimal schedule";
        case ICS_ERR_NOT_DECOMPOSABLE: return "not decomposable into bipartite blocks";
        case ICS_ERR_CANCELLED: return "cancelled";
    }
    return "unknown status";
}

const char* ics_last_error_message(void) { return ics::capi::last_message.c_str(); }

const char* ics_version(void) { return ICS_VERSION_STRING; }

int ics_version_number(void) { return ICS_VERSION_NUMBER; }

void ics_free(void* ptr) { std::free(ptr); }

}  // extern "C"
