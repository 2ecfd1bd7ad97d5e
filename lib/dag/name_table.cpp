#include "dag/name_table.hpp"

#include "common/hash.hpp"

namespace ics {

// One shared empty table: default-constructed and moved-from tables point to
// it, so no table is ever without storage and none allocates until it grows.
const std::shared_ptr<NameTable::Storage>& NameTable::empty() noexcept {
    static const std::shared_ptr<Storage> e = std::make_shared<Storage>();
    return e;
}

NameTable::Storage::Storage(const Storage& other) {
    // Under the other's lock: a const lookup may be building its index.
    const std::lock_guard<std::mutex> guard(other.lock);
    chars = other.chars;
    offsets = other.offsets;
    hashes = other.hashes;
    index = other.index;
    mask = other.mask;
    indexed.store(other.indexed.load(std::memory_order_relaxed), std::memory_order_relaxed);
}

NameTable::NameTable() noexcept : s_(empty()) {}

NameTable::NameTable(NameTable&& other) noexcept : s_(std::exchange(other.s_, empty())) {}

NameTable& NameTable::operator=(NameTable&& other) noexcept {
    if (this != &other) s_ = std::exchange(other.s_, empty());
    return *this;
}

// use_count() == 1 means no other table shares it: a copy being made at the
// same time would be a data race on this table itself (caller's error).
NameTable::Storage& NameTable::own() {
    if (s_.use_count() != 1) s_ = std::make_shared<Storage>(*s_);
    return *s_;
}

std::uint64_t NameTable::hash(std::string_view s) noexcept {
    // FNV-1a over 8-byte words, then a mixer so low bits spread for the
    // power-of-two index and high bits make a good tag.
    std::uint64_t h = 1469598103934665603ull ^ s.size();
    std::size_t i = 0;
    for (; i + 8 <= s.size(); i += 8) {
        std::uint64_t w;
        __builtin_memcpy(&w, s.data() + i, 8);
        h = (h ^ w) * 1099511628211ull;
        h ^= h >> 29;
    }
    for (; i < s.size(); ++i) h = (h ^ static_cast<unsigned char>(s[i])) * 1099511628211ull;
    return fmix64(h);
}

bool NameTable::index_now() const noexcept {
    Storage& s = *s_;
    const std::lock_guard<std::mutex> guard(s.lock);
    if (s.indexed.load(std::memory_order_relaxed)) return true;  // another thread built it meanwhile
    const std::size_t cap = index_capacity(size());
    BigVector<std::uint64_t> fresh;
    try {
        fresh.assign(cap, 0);
    } catch (...) {
        return false;  // out of memory: the caller scans the names instead
    }
    fill_index(fresh);
    s.index.swap(fresh);
    s.mask = cap - 1;
    s.indexed.store(true, std::memory_order_release);
    return true;
}

std::uint32_t NameTable::probe(std::string_view name, std::uint64_t h) const noexcept {
    if (!s_->indexed.load(std::memory_order_acquire) && !index_now()) {
        for (std::uint32_t id = 0; id < size(); ++id)
            if ((*this)[id] == name) return id;
        return npos;
    }
    const auto& index = s_->index;
    if (index.empty()) return npos;
    const std::size_t mask = index.size() - 1;
    const std::uint64_t tag = h >> 32;
    for (std::size_t i = h & mask;; i = (i + 1) & mask) {
        const std::uint64_t slot = index[i];
        if (slot == 0) return npos;
        // The slot carries the tag: strings are compared only on likely hits,
        // and a probe costs one cache line.
        const auto id = static_cast<std::uint32_t>(slot) - 1;
        if ((slot >> 32) == tag && (*this)[id] == name) return id;
    }
}

std::uint32_t NameTable::find(std::string_view name) const noexcept { return probe(name, hash(name)); }

std::size_t NameTable::index_capacity(std::size_t names) noexcept {
    std::size_t cap = 16;  // a power of two, load factor at most 1/2
    while (cap < names * 2) cap *= 2;
    return cap;
}

std::uint64_t NameTable::slot_of(std::uint32_t id, std::uint64_t h) noexcept {
    return ((h >> 32) << 32) | (static_cast<std::uint64_t>(id) + 1);
}

void NameTable::ensure_hashes() {
    Storage& s = own();
    if (s.hashes.size() == size()) return;
    s.hashes.clear();
    s.hashes.reserve(size());
    for (std::uint32_t id = 0; id < size(); ++id) s.hashes.push_back(hash((*this)[id]));
}

void NameTable::fill_index(BigVector<std::uint64_t>& fresh) const noexcept {
    const Storage& s = *s_;
    const bool hashed = s.hashes.size() == size();  // else compacted: hash the names again
    const std::size_t mask = fresh.size() - 1;
    for (std::uint32_t id = 0; id < size(); ++id) {
        const std::uint64_t h = hashed ? s.hashes[id] : hash((*this)[id]);
        std::size_t i = h & mask;
        while (fresh[i] != 0) i = (i + 1) & mask;
        fresh[i] = slot_of(id, h);
    }
}

void NameTable::rebuild_index(std::size_t cap) {
    ensure_hashes();
    Storage& s = own();
    BigVector<std::uint64_t> fresh(cap, 0);
    fill_index(fresh);
    s.index.swap(fresh);
    s.mask = cap - 1;
    s.indexed.store(true, std::memory_order_relaxed);
}

std::uint32_t NameTable::insert(std::string_view name, std::uint64_t h) {
    Storage& s = own();
    if (!s.indexed.load(std::memory_order_relaxed)) rebuild_index(index_capacity(size() + std::size_t{1}));
    const std::uint32_t id = size();
    s.chars.append(name);
    s.chars.push_back('\0');
    s.offsets.push_back(s.chars.size());
    s.hashes.push_back(h);
    // Keep the load factor under 1/2 so probes stay short.
    if ((static_cast<std::size_t>(id) + 1) * 2 > s.index.size()) {
        rebuild_index(s.index.empty() ? 16 : s.index.size() * 2);  // includes the new id
        return id;
    }
    const std::size_t mask = s.index.size() - 1;
    std::size_t i = h & mask;
    while (s.index[i] != 0) i = (i + 1) & mask;
    s.index[i] = slot_of(id, h);
    return id;
}

std::uint32_t NameTable::push(std::string_view name) { return insert(name, hash(name)); }

std::pair<std::uint32_t, bool> NameTable::find_or_push(std::string_view name) {
    return find_or_push(name, hash(name));
}

std::pair<std::uint32_t, bool> NameTable::find_or_push(std::string_view name, std::uint64_t h) {
    const std::uint32_t id = probe(name, h);
    if (id != npos) return {id, false};
    return {insert(name, h), true};
}

void NameTable::reserve(std::size_t names, std::size_t chars) {
    // Nothing to make room for (e.g. a builder over a dag's names): no
    // private copy of shared names.
    if (names <= size()) return;
    ensure_hashes();
    Storage& s = own();
    s.chars.reserve(chars);
    s.offsets.reserve(names + 1);
    s.hashes.reserve(names);
    if (const std::size_t cap = index_capacity(names); cap > s.index.size() || !s.indexed) rebuild_index(cap);
}

void NameTable::reserve_at_most(std::size_t names, std::size_t chars) {
    if (names <= size()) return;
    ensure_hashes();
    Storage& s = own();
    s.chars.reserve(chars);
    s.offsets.reserve(names + 1);
    s.hashes.reserve(names);
}

NameTable NameTable::subset(std::span<const std::uint32_t> ids) const {
    const Storage& s = *s_;
    NameTable t;
    Storage& d = t.own();
    std::size_t chars = 0;
    for (std::uint32_t id : ids) chars += s.offsets[id + 1] - s.offsets[id];
    d.chars.reserve(chars);
    d.offsets.reserve(ids.size() + 1);
    d.hashes.reserve(ids.size());
    const bool hashed = s.hashes.size() == size();  // else compacted: the subset's index is made when used
    for (std::uint32_t id : ids) {
        d.chars.append(s.chars.data() + s.offsets[id], s.offsets[id + 1] - s.offsets[id]);  // with its NUL
        d.offsets.push_back(d.chars.size());
        if (hashed) d.hashes.push_back(s.hashes[id]);
    }
    if (hashed) t.rebuild_index(index_capacity(ids.size()));
    else if (!ids.empty()) d.indexed.store(false, std::memory_order_relaxed);
    return t;
}

void NameTable::compact() {
    if (s_.use_count() != 1 || size() == 0) return;  // shared: others may rely on the index
    Storage& s = *s_;
    std::vector<std::uint64_t>().swap(s.hashes);
    BigVector<std::uint64_t>().swap(s.index);
    s.mask = 0;
    s.indexed.store(false, std::memory_order_relaxed);
}

std::size_t NameTable::memory_bytes() const noexcept {
    const Storage& s = *s_;
    return s.chars.capacity() + s.offsets.capacity() * sizeof(std::uint64_t) +
           s.hashes.capacity() * sizeof(std::uint64_t) + s.index.capacity() * sizeof(std::uint64_t);
}

}  // namespace ics
