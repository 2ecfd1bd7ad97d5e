// BigAllocator: see big_vector.hpp.
#include "dag/big_vector.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <new>

#if defined(__unix__) || defined(__APPLE__)
#include <sys/mman.h>
#define ICS_HAVE_MMAP 1
#endif

namespace ics::detail {

namespace {
constexpr std::size_t kHugePage = std::size_t{2} << 20;
constexpr std::size_t kPage = 4096;

// Blocks of at least this many bytes are mapped: 4 MB, or
// ICS_BIG_MIN_BYTES from the environment (read once; for tests, which
// reach the mapping cache with small dags that way).
std::size_t big_min() {
    static const std::size_t min = [] {
        const char* v = std::getenv("ICS_BIG_MIN_BYTES");
        const unsigned long long x = v != nullptr ? std::strtoull(v, nullptr, 10) : 0;
        return x > 0 ? static_cast<std::size_t>(x) : std::size_t{4} << 20;
    }();
    return min;
}
// Huge-page multiples (pages below a huge page: only with a small big_min()).
std::size_t mapped_length(std::size_t bytes) {
    const std::size_t unit = bytes >= kHugePage ? kHugePage : kPage;
    return (bytes + unit - 1) / unit * unit;
}

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

namespace {
thread_local MappingCache* t_active = nullptr;
// Blocks one cache holds at most (a pipeline run frees a few dozen big
// arrays); past it, freed blocks are unmapped. Reserved up front, so that
// keep() never allocates.
constexpr std::size_t kMaxHeldBlocks = 256;

void unmap(void* p, std::size_t length) noexcept {
#ifdef ICS_HAVE_MMAP
    ::munmap(p, length);
#else
    (void)p;
    (void)length;
#endif
}
}  // namespace

MappingCache::MappingCache() { blocks_.reserve(kMaxHeldBlocks); }
MappingCache::~MappingCache() { release(); }

void MappingCache::release() noexcept {
    for (const auto& [p, length] : blocks_) unmap(p, length);
    blocks_.clear();
    bytes_ = 0;
}

MappingCache::Scope::Scope(MappingCache& cache) noexcept : cache_(cache), previous_(t_active) {
    t_active = &cache;
    cache.allocated_ = 0;
}
MappingCache::Scope::~Scope() {
    t_active = previous_;
    cache_.trim(cache_.allocated_);
}
MappingCache* MappingCache::active() noexcept { return t_active; }

void* MappingCache::take(std::size_t length) noexcept {
    allocated_ += length;
    std::size_t best = blocks_.size();
    for (std::size_t i = 0; i < blocks_.size(); ++i)
        if (blocks_[i].second >= length && (best == blocks_.size() || blocks_[i].second < blocks_[best].second))
            best = i;
    if (best == blocks_.size()) return nullptr;
    char* p = blocks_[best].first;
    bytes_ -= length;
    if (blocks_[best].second == length) {
        blocks_[best] = blocks_.back();
        blocks_.pop_back();
    } else {  // the rest stays held (a mapping can be unmapped in parts)
        blocks_[best].first += length;
        blocks_[best].second -= length;
    }
    return p;
}

bool MappingCache::keep(void* p, std::size_t length) noexcept {
    char* first = static_cast<char*>(p);
    // Merged with the held blocks right before and after it, so that the
    // pieces carved from one block become one block again.
    for (std::size_t i = 0; i < blocks_.size();) {
        auto& [q, len] = blocks_[i];
        if (q + len == first || first + length == q) {
            first = std::min(first, q);
            length += len;
            bytes_ -= len;
            blocks_[i] = blocks_.back();
            blocks_.pop_back();
        } else {
            ++i;
        }
    }
    if (blocks_.size() == blocks_.capacity()) {
        unmap(first, length);
        return true;
    }
    blocks_.emplace_back(first, length);
    bytes_ += length;
    return true;
}

void MappingCache::trim(std::size_t limit) noexcept {
    // Smallest blocks first; the last one only loses its tail (whole pages).
    while (bytes_ > limit && !blocks_.empty()) {
        std::size_t smallest = 0;
        for (std::size_t i = 1; i < blocks_.size(); ++i)
            if (blocks_[i].second < blocks_[smallest].second) smallest = i;
        auto& [p, len] = blocks_[smallest];
        const std::size_t excess = (bytes_ - limit + kPage - 1) / kPage * kPage;
        if (excess < len) {
            unmap(p + (len - excess), excess);
            len -= excess;
            bytes_ -= excess;
            break;
        }
        unmap(p, len);
        bytes_ -= len;
        blocks_[smallest] = blocks_.back();
        blocks_.pop_back();
    }
}

namespace {
#ifdef ICS_HAVE_MMAP
void* map(std::size_t length) {
    void* p = ::mmap(nullptr, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) throw std::bad_alloc();
#ifdef MADV_HUGEPAGE
    if (length >= kHugePage && huge_pages_wanted()) ::madvise(p, length, MADV_HUGEPAGE);  // advice: refused is fine
#endif
    return p;
}
#endif
}  // namespace

// Only the mapped blocks go through the cache: smaller ones stay with malloc,
// which reuses them by itself. (Mapping those too while a cache is active was
// tried: the result's arrays, mapped during the call and unmapped when the
// caller frees the result, then fault in anew every call — 10x the page
// faults of malloc on a 500,500-node mesh.)
void* big_allocate(std::size_t bytes) {
#ifdef ICS_HAVE_MMAP
    if (bytes >= big_min()) {
        if (MappingCache* cache = MappingCache::active())
            if (void* held = cache->take(mapped_length(bytes))) return held;
        return map(mapped_length(bytes));
    }
#endif
    return ::operator new(bytes);
}

void big_deallocate(void* p, std::size_t bytes) noexcept {
#ifdef ICS_HAVE_MMAP
    if (bytes >= big_min()) {
        MappingCache* cache = MappingCache::active();
        if (cache == nullptr || !cache->keep(p, mapped_length(bytes))) ::munmap(p, mapped_length(bytes));
        return;
    }
#endif
    ::operator delete(p);
}

}  // namespace ics::detail
