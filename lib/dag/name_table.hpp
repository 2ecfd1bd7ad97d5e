// Interned node names: one contiguous character buffer plus offsets, and an
// open-addressing hash index of 32-bit ids (no per-node heap objects). Each
// name is stored NUL-terminated so the C API can hand out const char*.
//
// Copies share the storage until one of them adds a name (copy on write):
// the skeleton, the dual and other dags over the same nodes copy their
// base's names, ~40 bytes per node each time (issue 18: peak memory).
//
// A frozen dag's table drops its index and per-name hashes (compact()): the
// scheduling pipeline and the output look names up by id only, and the index
// was ~16-32 bytes per node held through every run (issue 18: peak memory).
// The first lookup by name builds it again, once (thread-safe: const lookups
// on a shared table may run in parallel, ics.h "Threads").
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "dag/big_vector.hpp"

namespace ics {

class NameTable {
public:
    static constexpr std::uint32_t npos = 0xFFFFFFFFu;

    NameTable() noexcept;
    NameTable(const NameTable&) noexcept = default;  // shares the storage
    NameTable& operator=(const NameTable&) noexcept = default;
    NameTable(NameTable&& other) noexcept;  // leaves other empty
    NameTable& operator=(NameTable&& other) noexcept;

    std::uint32_t size() const noexcept { return static_cast<std::uint32_t>(s_->offsets.size() - 1); }
    std::string_view operator[](std::uint32_t id) const noexcept {
        return {s_->chars.data() + s_->offsets[id], s_->offsets[id + 1] - s_->offsets[id] - 1};
    }
    const char* c_str(std::uint32_t id) const noexcept { return s_->chars.data() + s_->offsets[id]; }
    // Id of `name`, or npos.
    std::uint32_t find(std::string_view name) const noexcept;
    // Appends `name` (caller checked it is new); returns its id.
    std::uint32_t push(std::string_view name);
    // Id of `name`, appending it if absent (hashes once); second = added.
    std::pair<std::uint32_t, bool> find_or_push(std::string_view name);
    // The same with h = hash(name) computed ahead, after prefetch(h): readers
    // of big files hash a batch of names and prefetch their index slots
    // first, so the cache misses of a batch overlap instead of queueing.
    std::pair<std::uint32_t, bool> find_or_push(std::string_view name, std::uint64_t h);
    static std::uint64_t hash(std::string_view s) noexcept;
    // No emptiness test: GCC 12 drops a prefetch behind one, and a prefetch
    // never faults, whatever the address (mask is 0 without an index).
    void prefetch(std::uint64_t h) const noexcept {
        __builtin_prefetch(s_->index.data() + (h & s_->mask), 0, 3);
    }
    void reserve(std::size_t names, std::size_t chars);
    // The same for upper bounds (e.g. one name per line of a file): reserves
    // the arrays written in id order, whose pages never written take no
    // memory, but leaves the hash index to grow with the names, as it is
    // written all over when made (sized by the lines of an edge list it took
    // 8-16 bytes per line: 128 MB for 10^6 nodes and 4·10^6 arcs).
    void reserve_at_most(std::size_t names, std::size_t chars);
    std::size_t memory_bytes() const noexcept;
    // The names of `ids` (distinct ids of this table), in that order, as a new
    // table: each name's stored hash is reused and no name is compared, so a
    // million-node subdag costs a copy instead of a million hash probes.
    NameTable subset(std::span<const std::uint32_t> ids) const;
    // Frees the index and the per-name hashes, unless the storage is shared
    // (then nothing changes); a lookup by name or an added name makes them
    // again. Names and ids are unchanged.
    void compact();

private:
    std::uint32_t probe(std::string_view name, std::uint64_t h) const noexcept;
    // Builds the index dropped by compact(), once, under the storage's lock;
    // false when memory runs out (lookups then scan the names).
    bool index_now() const noexcept;
    std::uint32_t insert(std::string_view name, std::uint64_t h);
    void rebuild_index(std::size_t cap);
    // Writes every id into `fresh` (zeroed, a power of two in size) by open
    // addressing: what index_now and rebuild_index both build.
    void fill_index(BigVector<std::uint64_t>& fresh) const noexcept;
    // Makes the per-name hashes again after compact() (before the table grows).
    void ensure_hashes();
    static std::uint64_t slot_of(std::uint32_t id, std::uint64_t h) noexcept;
    static std::size_t index_capacity(std::size_t names) noexcept;

    struct Storage {
        std::string chars;
        std::vector<std::uint64_t> offsets{0};
        // Per id, so growing never rehashes strings; empty after compact()
        // (made again, from the names, when the table grows).
        std::vector<std::uint64_t> hashes;
        // Open addressing; a slot holds (high 32 hash bits) << 32 | (id + 1), 0 = empty.
        BigVector<std::uint64_t> index;
        std::size_t mask = 0;  // index.size() - 1, or 0 without an index
        // False after compact(): the index is to be built at the first lookup.
        std::atomic<bool> indexed{true};
        mutable std::mutex lock;  // guards that lazy build (and copies made meanwhile)

        Storage() = default;
        Storage(const Storage& other);
        Storage& operator=(const Storage&) = delete;
    };
    // The storage to modify: a private copy first when it is shared.
    Storage& own();
    static const std::shared_ptr<Storage>& empty() noexcept;

    std::shared_ptr<Storage> s_;  // never null
};

}  // namespace ics
