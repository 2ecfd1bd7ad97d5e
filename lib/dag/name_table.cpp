#include "dag/name_table.hpp"

namespace ics {

std::uint64_t NameTable::hash(std::string_view s) noexcept {
    // FNV-1a, then a mixer so low bits spread for the power-of-two index.
    std::uint64_t h = 1469598103934665603ull;
    for (unsigned char c : s) h = (h ^ c) * 1099511628211ull;
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdull;
    h ^= h >> 33;
    return h;
}

std::uint32_t NameTable::find(std::string_view name) const noexcept {
    if (index_.empty()) return npos;
    const std::size_t mask = index_.size() - 1;
    for (std::size_t i = hash(name) & mask;; i = (i + 1) & mask) {
        const std::uint32_t slot = index_[i];
        if (slot == 0) return npos;
        if ((*this)[slot - 1] == name) return slot - 1;
    }
}

void NameTable::grow_index() {
    std::size_t cap = index_.empty() ? 16 : index_.size() * 2;
    std::vector<std::uint32_t> fresh(cap, 0);
    const std::size_t mask = cap - 1;
    for (std::uint32_t id = 0; id < size(); ++id) {
        std::size_t i = hash((*this)[id]) & mask;
        while (fresh[i] != 0) i = (i + 1) & mask;
        fresh[i] = id + 1;
    }
    index_.swap(fresh);
}

std::uint32_t NameTable::push(std::string_view name) {
    const std::uint32_t id = size();
    chars_.append(name);
    chars_.push_back('\0');
    offsets_.push_back(chars_.size());
    // Keep the load factor under 1/2 so probes stay short.
    if ((static_cast<std::size_t>(id) + 1) * 2 > index_.size()) {
        grow_index();  // rebuild includes the new id
        return id;
    }
    const std::size_t mask = index_.size() - 1;
    std::size_t i = hash(name) & mask;
    while (index_[i] != 0) i = (i + 1) & mask;
    index_[i] = id + 1;
    return id;
}

void NameTable::reserve(std::size_t names, std::size_t chars) {
    chars_.reserve(chars);
    offsets_.reserve(names + 1);
}

std::size_t NameTable::memory_bytes() const noexcept {
    return chars_.capacity() + offsets_.capacity() * sizeof(std::uint64_t) +
           index_.capacity() * sizeof(std::uint32_t);
}

}  // namespace ics
