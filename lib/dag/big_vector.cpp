// BigAllocator: see big_vector.hpp.
#include "dag/big_vector.hpp"

#include <cstdlib>
#include <cstring>
#include <new>

#if defined(__unix__) || defined(__APPLE__)
#include <sys/mman.h>
#define ICS_HAVE_MMAP 1
#endif

namespace ics::detail {

namespace {
constexpr std::size_t kBigMin = std::size_t{4} << 20;
constexpr std::size_t kHugePage = std::size_t{2} << 20;
std::size_t mapped_length(std::size_t bytes) { return (bytes + kHugePage - 1) / kHugePage * kHugePage; }

// ICS_HUGE_PAGES=0 in the environment turns the advice off (for hosts where
// the kernel's compaction for huge pages costs more than it saves).
bool huge_pages_wanted() {
    static const bool wanted = [] {
        const char* v = std::getenv("ICS_HUGE_PAGES");
        return v == nullptr || std::strcmp(v, "0") != 0;
    }();
    return wanted;
}
}  // namespace

void* big_allocate(std::size_t bytes) {
#ifdef ICS_HAVE_MMAP
    if (bytes >= kBigMin) {
        void* p = ::mmap(nullptr, mapped_length(bytes), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (p == MAP_FAILED) throw std::bad_alloc();
#ifdef MADV_HUGEPAGE
        if (huge_pages_wanted()) ::madvise(p, mapped_length(bytes), MADV_HUGEPAGE);  // advice: refused is fine
#endif
        return p;
    }
#endif
    return ::operator new(bytes);
}

void big_deallocate(void* p, std::size_t bytes) noexcept {
#ifdef ICS_HAVE_MMAP
    if (bytes >= kBigMin) {
        ::munmap(p, mapped_length(bytes));
        return;
    }
#endif
    ::operator delete(p);
}

}  // namespace ics::detail
