// The 64-bit finalizer of MurmurHash3 (fmix64): spreads every input bit over
// the low bits (power-of-two tables) and the high bits (tags).
#pragma once

#include <cstdint>

namespace ics {

constexpr std::uint64_t fmix64(std::uint64_t h) noexcept {
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdull;
    h ^= h >> 33;
    h *= 0xc4ceb9fe1a85ec53ull;
    h ^= h >> 33;
    return h;
}

}  // namespace ics
