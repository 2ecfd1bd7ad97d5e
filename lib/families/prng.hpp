// Portable pseudo-random numbers for the seeded generators (random_dags.cpp).
// Everything is integer arithmetic or IEEE-754 double + - * / (no libm calls,
// whose last bits differ between C libraries), so a seed gives the same dag
// on every platform. Assumes the compiler does not fuse a*b+c into an FMA
// (GCC and Clang in ISO C++ mode on x86-64 do not; the code also keeps each
// product in its own statement). Not part of the public interface.
#pragma once

#include <cmath>
#include <cstdint>

#include "common/random.hpp"

namespace ics::families::detail {

// xoshiro256** 1.0 (Blackman, Vigna 2018), its state filled by SplitMix64(seed)
// as its authors recommend.
class Rng {
public:
    explicit Rng(std::uint64_t seed) noexcept {
        SplitMix64 seeder(seed);
        for (auto& word : s_) word = seeder.next();
    }
    // A raw state, for checking against the reference implementation.
    Rng(std::uint64_t s0, std::uint64_t s1, std::uint64_t s2, std::uint64_t s3) noexcept : s_{s0, s1, s2, s3} {}

    std::uint64_t next() noexcept {
        const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
        const std::uint64_t t = s_[1] << 17;
        s_[2] ^= s_[0];
        s_[3] ^= s_[1];
        s_[1] ^= s_[2];
        s_[0] ^= s_[3];
        s_[2] ^= t;
        s_[3] = rotl(s_[3], 45);
        return result;
    }
    // Uniform in [0, n), n > 0 (rejection keeps it unbiased).
    std::uint64_t below(std::uint64_t n) noexcept {
        const std::uint64_t reject_under = (0 - n) % n;  // 2^64 mod n
        for (;;) {
            const std::uint64_t r = next();
            if (r >= reject_under) return r % n;
        }
    }
    // Uniform in (0, 1], a multiple of 2^-53.
    double unit() noexcept { return static_cast<double>((next() >> 11) + 1) * 0x1p-53; }

private:
    static std::uint64_t rotl(std::uint64_t x, int k) noexcept { return (x << k) | (x >> (64 - k)); }
    std::uint64_t s_[4];
};

// 2 atanh(z) = ln((1+z)/(1-z)) by its odd power series, `terms` terms.
inline double two_atanh(double z, int terms) noexcept {
    const double z2 = z * z;
    double power = z, sum = z;
    for (int k = 1; k < terms; ++k) {
        power *= z2;
        const double term = power / (2 * k + 1);
        sum += term;
    }
    return 2 * sum;
}

// ln(x) for a finite x > 0, to about 1 ulp: x = m 2^e with m in [sqrt(1/2), sqrt(2)),
// ln m = 2 atanh((m-1)/(m+1)) with |(m-1)/(m+1)| < 0.172 (14 terms reach 1e-21).
inline double portable_log(double x) noexcept {
    int e = 0;
    double m = std::frexp(x, &e);  // exact: m in [0.5, 1)
    if (m < 0.70710678118654752440) {
        m *= 2;
        --e;
    }
    const double series = two_atanh((m - 1) / (m + 1), 14);
    const double scaled = e * 0.69314718055994530942;
    return scaled + series;
}

// ln(1-p) for p in [0, 1/2] without cancellation: 2 atanh(-p/(2-p)), |z| <= 1/3
// (36 terms reach 1e-35).
inline double portable_log1m(double p) noexcept { return two_atanh(-p / (2 - p), 36); }

// Calls hit(k) for each k in [0, count), each chosen independently with
// probability p, in increasing order. Expected time O(1 + p*count) for
// p < 1/2 (geometric skips over the misses), O(count) otherwise.
template <class Hit>
void bernoulli_indices(Rng& rng, double p, std::uint64_t count, Hit&& hit) {
    if (p <= 0 || count == 0) return;
    if (p >= 1) {
        for (std::uint64_t k = 0; k < count; ++k) hit(k);
        return;
    }
    if (p >= 0.5) {
        const auto threshold = static_cast<std::uint64_t>(p * 0x1p64);  // exact: p < 1
        for (std::uint64_t k = 0; k < count; ++k)
            if (rng.next() < threshold) hit(k);
        return;
    }
    // The misses before the next hit are geometric: P(skip >= j) = (1-p)^j.
    const double log_miss = portable_log1m(p);
    for (std::uint64_t k = 0;; ++k) {
        const double skip = std::floor(portable_log(rng.unit()) / log_miss);
        if (!(skip < static_cast<double>(count - k))) return;  // also NaN (0/0 when p underflows)
        k += static_cast<std::uint64_t>(skip);
        hit(k);
        if (k + 1 == count) return;
    }
}

}  // namespace ics::families::detail
