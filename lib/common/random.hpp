// A small portable PRNG: the same seed gives the same sequence on every
// platform (std:: distributions differ between standard libraries).
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

namespace ics {

class SplitMix64 {
public:
    explicit SplitMix64(std::uint64_t seed) noexcept : state_(seed) {}
    std::uint64_t next() noexcept {
        std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        return z ^ (z >> 31);
    }
    // Uniform in [0, bound), bound > 0 (Lemire's multiply-shift; bias < 2^-32 for our sizes).
    std::uint64_t below(std::uint64_t bound) noexcept {
        __extension__ typedef unsigned __int128 u128;
        return static_cast<std::uint64_t>((static_cast<u128>(next()) * bound) >> 64);
    }
    // Uniform in [0, 1).
    double uniform() noexcept { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

private:
    std::uint64_t state_;
};

// 0..n-1 in a random order (Fisher–Yates from the top): generators place
// node k of their construction at id perm[k], so ids are not topological.
inline std::vector<std::uint32_t> shuffled_ids(std::uint32_t n, SplitMix64& rng) {
    std::vector<std::uint32_t> perm(n);
    for (std::uint32_t i = 0; i < n; ++i) perm[i] = i;
    for (std::uint32_t i = n; i > 1; --i) std::swap(perm[i - 1], perm[rng.below(i)]);
    return perm;
}

}  // namespace ics
