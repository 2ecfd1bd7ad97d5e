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

MappingCache::Scope::Scope(MappingCache& cache) noexcept : previous_(t_active) { t_active = &cache; }
MappingCache::Scope::~Scope() { t_active = previous_; }
MappingCache* MappingCache::active() noexcept { return t_active; }

void* MappingCache::take(std::size_t length) noexcept {
    std::size_t best = blocks_.size();
    for (std::size_t i = 0; i < blocks_.size(); ++i)
        if (blocks_[i].second >= length && (best == blocks_.size() || blocks_[i].second < blocks_[best].second))
            best = i;
    if (best == blocks_.size()) {
        // Nothing fits: the largest held block is too small for what this
        // run needs now; drop it rather than keep it beside the new mapping.
        std::size_t largest = blocks_.size();
        for (std::size_t i = 0; i < blocks_.size(); ++i)
            if (largest == blocks_.size() || blocks_[i].second > blocks_[largest].second) largest = i;
        if (largest != blocks_.size()) {
            unmap(blocks_[largest].first, blocks_[largest].second);
            bytes_ -= blocks_[largest].second;
            blocks_[largest] = blocks_.back();
            blocks_.pop_back();
        }
        return nullptr;
    }
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
    if (blocks_.size() == blocks_.capacity()) return false;
    blocks_.emplace_back(static_cast<char*>(p), length);
    bytes_ += length;
    return true;
}

void* big_allocate(std::size_t bytes) {
#ifdef ICS_HAVE_MMAP
    if (bytes >= big_min()) {
        if (MappingCache* cache = MappingCache::active())
            if (void* held = cache->take(mapped_length(bytes))) return held;
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
    if (bytes >= big_min()) {
        MappingCache* cache = MappingCache::active();
        if (cache == nullptr || !cache->keep(p, mapped_length(bytes))) ::munmap(p, mapped_length(bytes));
        return;
    }
#endif
    ::operator delete(p);
}

}  // namespace ics::detail
