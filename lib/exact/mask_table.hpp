// Internal to lib/exact: an open-addressing hash index of NONEMPTY node sets,
// numbering them 0, 1, 2... in insertion order (linear probing, load <= 1/2,
// power-of-two capacity). Keys live in one flat vector; slots hold index + 1.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "common/error.hpp"
#include "exact/downset_bits.hpp"

namespace ics::exact::detail {

template <std::size_t W>
class MaskTable {
public:
    MaskTable() : slots_(16, 0), mask_(15) {}

    std::uint32_t size() const noexcept { return static_cast<std::uint32_t>(keys_.size()); }
    const Bits<W>& key(std::uint32_t i) const noexcept { return keys_[i]; }

    // {index of k, true if k was just inserted}.
    std::pair<std::uint32_t, bool> insert(const Bits<W>& k) {
        std::size_t s = k.hash() & mask_;
        for (; slots_[s] != 0; s = (s + 1) & mask_)
            if (keys_[slots_[s] - 1] == k) return {slots_[s] - 1, false};
        if (keys_.size() >= 0x7FFFFFFFu) fail(Errc::too_large, "exact search: more than 2^31 down-sets in one table");
        keys_.push_back(k);
        slots_[s] = static_cast<std::uint32_t>(keys_.size());
        if (2 * keys_.size() > slots_.size()) grow();
        return {static_cast<std::uint32_t>(keys_.size() - 1), true};
    }

    bool contains(const Bits<W>& k) const noexcept {
        for (std::size_t s = k.hash() & mask_; slots_[s] != 0; s = (s + 1) & mask_)
            if (keys_[slots_[s] - 1] == k) return true;
        return false;
    }

private:
    void grow() {
        slots_.assign(slots_.size() * 2, 0);
        mask_ = slots_.size() - 1;
        for (std::size_t i = 0; i < keys_.size(); ++i) {
            std::size_t s = keys_[i].hash() & mask_;
            while (slots_[s] != 0) s = (s + 1) & mask_;
            slots_[s] = static_cast<std::uint32_t>(i + 1);
        }
    }

    std::vector<Bits<W>> keys_;
    std::vector<std::uint32_t> slots_;
    std::size_t mask_;
};

}  // namespace ics::exact::detail
