// BigVector<T>: std::vector for the big random-access arrays of the dag model
// (CSR rows, the name index) and of the scheduling pipeline (per-node block
// ids and lists, the block table). Blocks of 4 MB and more are mapped on their own
// and marked for transparent huge pages (madvise(MADV_HUGEPAGE); the machine
// decides), so random probes over a 2M-node dag stop missing the TLB on
// almost every access: reading the 2,097,151-node tree file went from 0.60 s
// to 0.48 s, `ics schedule` on it from 0.79 s to 0.68 s, and the library's
// schedule() of that tree from 171 to 133 ms (mostly fewer page faults: one
// per 2 MB instead of one per 4 KB). Smaller blocks use
// operator new. ICS_HUGE_PAGES=0 in the environment keeps the mapping and
// drops the advice.
#pragma once

#include <cstddef>
#include <utility>
#include <vector>

namespace ics {

namespace detail {
void* big_allocate(std::size_t bytes);
void big_deallocate(void* p, std::size_t bytes) noexcept;

// Mapped blocks kept for reuse (issue 18, schedule::Workspace; zstd's
// ZSTD_CCtx model): while a Scope is active on a thread, the big blocks
// allocated on that thread are carved (best fit) from the blocks held here,
// or mapped when none fits, and the big blocks freed on that thread are kept
// here (merged with held neighbours) instead of unmapped or given back to
// malloc. A block taken again has been faulted in and zeroed by the kernel
// already. Contents are never relied on (std::vector value-initialises).
// When a Scope ends, what is held is cut down to what that Scope's calls
// allocated (smallest blocks unmapped first), so a workspace holds about one
// call's temporaries. Blocks freed outside a Scope go back to the system as
// before, whoever allocated them. One thread at a time per cache.
class MappingCache {
public:
    MappingCache();
    MappingCache(const MappingCache&) = delete;
    MappingCache& operator=(const MappingCache&) = delete;
    ~MappingCache();
    // Bytes held (mapped, not in use).
    std::size_t bytes() const noexcept { return bytes_; }
    // Unmaps everything held.
    void release() noexcept;

    // Makes `cache` the active one of this thread for its lifetime.
    class Scope {
    public:
        explicit Scope(MappingCache& cache) noexcept;
        Scope(const Scope&) = delete;
        Scope& operator=(const Scope&) = delete;
        ~Scope();

    private:
        MappingCache& cache_;
        MappingCache* previous_;
    };

    // The active cache of this thread, or nullptr (big_vector.cpp).
    static MappingCache* active() noexcept;
    // A block of exactly `length` bytes (a multiple of the page) carved from
    // the held ones, or nullptr. Counts `length` as allocated either way.
    void* take(std::size_t length) noexcept;
    // Keeps the block [p, p + length); false when it cannot (then the
    // caller unmaps it).
    bool keep(void* p, std::size_t length) noexcept;

private:
    void trim(std::size_t limit) noexcept;
    std::vector<std::pair<char*, std::size_t>> blocks_;
    std::size_t bytes_ = 0;
    std::size_t allocated_ = 0;  // bytes allocated since the Scope began
};
}  // namespace detail

template <class T>
struct BigAllocator {
    using value_type = T;
    BigAllocator() = default;
    template <class U>
    BigAllocator(const BigAllocator<U>&) noexcept {}
    T* allocate(std::size_t n) { return static_cast<T*>(detail::big_allocate(n * sizeof(T))); }
    void deallocate(T* p, std::size_t n) noexcept { detail::big_deallocate(p, n * sizeof(T)); }
    template <class U>
    bool operator==(const BigAllocator<U>&) const noexcept {
        return true;
    }
};

template <class T>
using BigVector = std::vector<T, BigAllocator<T>>;

}  // namespace ics
