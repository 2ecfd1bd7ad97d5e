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
#include <vector>

namespace ics {

namespace detail {
void* big_allocate(std::size_t bytes);
void big_deallocate(void* p, std::size_t bytes) noexcept;
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
