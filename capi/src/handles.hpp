// Internals of the C API: handle layouts, the exception barrier and helpers.
// Nothing here is visible outside libics.
#pragma once

#include <cstdint>
#include <cstring>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>

#include "dag/dag.hpp"
#include "ics/ics.h"
#include "io/io.hpp"
#include "pebble/pebble.hpp"

namespace ics::capi {

// An enum a C caller passed (a parameter or an options field) as an int. C
// lets any int sit in an enum; in C++ loading a value outside the
// enumerators' range as the enum type is undefined (clang's
// -fsanitize=enum stops there), so the bytes are copied before any check.
template <class E>
int enum_value(const E& e) noexcept {
    static_assert(sizeof(int) == sizeof(E));
    int v = 0;
    std::memcpy(&v, &e, sizeof v);
    return v;
}

// Magic numbers turn use of a foreign handle into ICS_ERR_MISUSE (as SQLite
// does) instead of a crash; the registry of live handles below does the same
// for a destroyed one without reading its freed memory.
inline constexpr std::uint32_t kDagMagic = 0x49435344;      // "ICSD"
inline constexpr std::uint32_t kProfileMagic = 0x49435350;  // "ICSP"
inline constexpr std::uint32_t kScheduleMagic = 0x49435353;  // "ICSS"
inline constexpr std::uint32_t kSweepMagic = 0x49435357;     // "ICSW"
inline constexpr std::uint32_t kDeadMagic = 0xDEADBEEF;

// Every handle's first member: its magic number, and while the handle lives
// its address in a registry of live handles. A destroyed handle passed again
// (a second *_destroy, a query) is then recognised by its address alone:
// the freed memory is never read (ASan found a second ics_dag_destroy
// reading it). What this cannot tell apart: a new handle the allocator
// placed at the same address (ics.h, "Conventions").
class Magic {
public:
    explicit Magic(std::uint32_t value);
    // A copy is another handle (e.g. the batches of a play result, kept in
    // a vector): registered at its own address.
    Magic(const Magic& other) : Magic(other.value_) {}
    Magic& operator=(const Magic& other) noexcept {
        value_ = other.value_;
        return *this;
    }
    ~Magic();
    Magic& operator=(std::uint32_t value) noexcept {
        value_ = value;
        return *this;
    }
    operator std::uint32_t() const noexcept { return value_; }

private:
    std::uint32_t value_;
};
// Whether `magic` is the Magic of a live handle (reads nothing at that address).
bool registered(const void* magic) noexcept;

// A live handle with this magic number: false for NULL, a destroyed handle or
// a foreign pointer, without reading a destroyed handle's memory.
template <class H>
bool live(const H* h, std::uint32_t magic) noexcept {
    // A misaligned pointer is no handle (and forming &h->magic from it would
    // be undefined behaviour: UBSan, fuzz/capi_fuzz.cpp).
    if (h == nullptr || reinterpret_cast<std::uintptr_t>(h) % alignof(H) != 0) return false;
    return registered(&h->magic) && h->magic == magic;
}

// Argument checks: throw Errc::invalid_argument / Errc::misuse.
template <class T>
void require(const T* p, const char* what) {
    if (p == nullptr) fail(Errc::invalid_argument, std::string(what) + " is NULL");
}

// Checks a handle's magic number; throws Errc::invalid_argument / misuse.
template <class H>
const H& check_handle(const H* h, std::uint32_t magic, const char* what) {
    require(h, what);
    if (!live(h, magic)) fail(Errc::misuse, std::string(what) + " handle is invalid or was destroyed");
    return *h;
}

// Sets the thread-local message and returns `status`.
ics_status set_error(ics_status status, const std::string& message);
void clear_error();
// Maps the exception in flight to a status (call only inside catch).
ics_status handle_exception() noexcept;

}  // namespace ics::capi

// A dag handle holds a mutable builder, an immutable compact Dag, or both.
// Mutations go to the builder (created from the Dag on first need) and drop
// the Dag; queries freeze the builder into a Dag on first need.
struct ics_dag {
    ics::capi::Magic magic{ics::capi::kDagMagic};
    mutable std::optional<ics::DagBuilder> builder;
    mutable std::optional<ics::Dag> frozen;
    mutable std::mutex mutex;  // guards lazy freezing, so const queries are thread-safe (ics.h "Threads")
    ics::io::Format source_format = ics::io::Format::automatic;
    std::shared_ptr<const ics::io::DagmanDocument> dagman;
    std::shared_ptr<const ics::io::SourceText> source;  // DAX, WfFormat: the file as read
    bool source_dropped = false;  // read with keep_source = 0 (no dagman / source for its format)
    std::string dropped_name;
    // What the reader skipped but the user must know (a missing INCLUDE or
    // SPLICE file of a DAGMan workflow): nothing is dropped silently.
    std::vector<std::string> warnings;

    ics_dag() : builder(std::in_place) {}
    explicit ics_dag(ics::Dag d) : frozen(std::move(d)) {}
    ~ics_dag() { magic = ics::capi::kDeadMagic; }

    // The validated compact form; throws Errc::cycle.
    const ics::Dag& dag() const;
    // The builder, for mutations (drops the compact form).
    ics::DagBuilder& mutate();
    ics::NodeId node_count() const;
    const char* node_name(ics::NodeId id) const;
    ics::NodeId find(std::string_view name) const;
};

struct ics_profile {
    ics::capi::Magic magic{ics::capi::kProfileMagic};
    std::vector<ics::NodeId> order;
    ics::pebble::Evaluation eval;
    ~ics_profile() { magic = ics::capi::kDeadMagic; }
};

namespace ics::capi {

const ics_dag& check(const ics_dag* dag);
ics_dag& check(ics_dag* dag);
const ics_profile& check(const ics_profile* profile);
ics::NodeId check_node(const ics_dag& dag, std::uint32_t id);

// Versioned structs: throws invalid_argument unless 1 <= version <= latest.
inline void check_version(unsigned version, unsigned latest, const char* type) {
    if (version < 1 || version > latest)
        fail(Errc::invalid_argument, std::string(type) + ".version " + std::to_string(version) +
                                         " is not supported (1.." + std::to_string(latest) + "; use the _INIT macro)");
}

// The part of ics.h's array convention that needs no data: a size query
// (ICS_OK) or a short buffer (ICS_ERR_BUFFER_TOO_SMALL), or nullopt when
// `size` elements fit in `out`.
std::optional<ics_status> answer_without_copy(const std::uint32_t* out, std::size_t capacity,
                                              std::size_t* out_count, std::size_t size);
// Copies `data` to the caller's buffer following ics.h's array convention.
ics_status copy_out(std::uint32_t* out, std::size_t capacity, std::size_t* out_count,
                    std::span<const std::uint32_t> data);

// Wraps a freshly built Dag into a new handle stored in *out.
ics_status emit(ics_dag** out, ics::Dag dag);

}  // namespace ics::capi

// Every exported function body runs inside this barrier: no exception ever
// crosses the C boundary.
#define ICS_API_BEGIN try {
#define ICS_API_END                               \
    }                                             \
    catch (...) {                                 \
        return ::ics::capi::handle_exception();   \
    }
