#include "dag/name_table.hpp"

#include "common/hash.hpp"

namespace ics {

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

std::uint32_t NameTable::probe(std::string_view name, std::uint64_t h) const noexcept {
    if (index_.empty()) return npos;
    const std::size_t mask = index_.size() - 1;
    const std::uint64_t tag = h >> 32;
    for (std::size_t i = h & mask;; i = (i + 1) & mask) {
        const std::uint64_t slot = index_[i];
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

void NameTable::rebuild_index(std::size_t cap) {
    BigVector<std::uint64_t> fresh(cap, 0);
    const std::size_t mask = cap - 1;
    for (std::uint32_t id = 0; id < size(); ++id) {
        std::size_t i = hashes_[id] & mask;
        while (fresh[i] != 0) i = (i + 1) & mask;
        fresh[i] = slot_of(id, hashes_[id]);
    }
    index_.swap(fresh);
}

std::uint32_t NameTable::insert(std::string_view name, std::uint64_t h) {
    const std::uint32_t id = size();
    chars_.append(name);
    chars_.push_back('\0');
    offsets_.push_back(chars_.size());
    hashes_.push_back(h);
    // Keep the load factor under 1/2 so probes stay short.
    if ((static_cast<std::size_t>(id) + 1) * 2 > index_.size()) {
        rebuild_index(index_.empty() ? 16 : index_.size() * 2);  // includes the new id
        return id;
    }
    const std::size_t mask = index_.size() - 1;
    std::size_t i = h & mask;
    while (index_[i] != 0) i = (i + 1) & mask;
    index_[i] = slot_of(id, h);
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
    chars_.reserve(chars);
    offsets_.reserve(names + 1);
    hashes_.reserve(names);
    if (const std::size_t cap = index_capacity(names); cap > index_.size()) rebuild_index(cap);
}

NameTable NameTable::subset(std::span<const std::uint32_t> ids) const {
    NameTable t;
    std::size_t chars = 0;
    for (std::uint32_t id : ids) chars += offsets_[id + 1] - offsets_[id];
    t.chars_.reserve(chars);
    t.offsets_.reserve(ids.size() + 1);
    t.hashes_.reserve(ids.size());
    for (std::uint32_t id : ids) {
        t.chars_.append(chars_.data() + offsets_[id], offsets_[id + 1] - offsets_[id]);  // with its NUL
        t.offsets_.push_back(t.chars_.size());
        t.hashes_.push_back(hashes_[id]);
    }
    t.rebuild_index(index_capacity(ids.size()));
    return t;
}

std::size_t NameTable::memory_bytes() const noexcept {
    return chars_.capacity() + offsets_.capacity() * sizeof(std::uint64_t) +
           hashes_.capacity() * sizeof(std::uint64_t) + index_.capacity() * sizeof(std::uint64_t);
}

}  // namespace ics
