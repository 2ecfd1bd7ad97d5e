// Alg. 2-IC-Sweep (sweep-algorithm.txt §3.1.1, Theorem 3.1) and the max-plus
// convolution it computes along the way.
//
// Diagonal t holds the cells (i, t-i), lo <= i <= hi. E(i, t-i) = a[i] + rb[i+n2-t]
// with rb = E2 reversed, so a diagonal is two contiguous arrays. V(i,j) = YES iff
// (V(i-1,j) or V(i,j-1)) and E(i,j) is the diagonal's maximum (step 2(c)i). The
// YES cells of diagonal t-1 span [wlo, whi], so only [max(lo,wlo), min(hi,whi+1)]
// can be YES on diagonal t; only that range is marked and its bits recorded.
#include <algorithm>
#include <bit>
#include <cstring>
#include <limits>
#include <new>

#include "common/error.hpp"
#include "priority/priority.hpp"
#include "priority/row_kernels.hpp"
#include "sweep/ic_sweep.hpp"

namespace ics::sweep {

namespace {

using priority::detail::kBlock;
using priority::detail::max_sum;

// cur[k] = (up[k] | left[k]) & (a[k] + b[k] == m), flags are 0/1 bytes.
template <class T>
void mark(const T* __restrict a, const T* __restrict b, T m, const std::uint8_t* __restrict up,
          const std::uint8_t* __restrict left, std::uint8_t* __restrict cur, std::size_t n) {
    std::size_t k = 0;
    for (; k + kBlock <= n; k += kBlock)
        for (std::size_t u = 0; u < kBlock; ++u)
            cur[k + u] = std::uint8_t((up[k + u] | left[k + u]) & std::uint8_t(a[k + u] + b[k + u] == m));
    for (; k < n; ++k) cur[k] = std::uint8_t((up[k] | left[k]) & std::uint8_t(a[k] + b[k] == m));
}

// 64 flag bytes (0/1) -> one word, bit k = p[k]. On little-endian targets a
// multiply gathers 8 flags: byte k lands on bit 56+k.
inline std::uint64_t pack64(const std::uint8_t* p) {
    std::uint64_t w = 0;
    if constexpr (std::endian::native == std::endian::little) {
        for (int j = 0; j < 8; ++j) {
            std::uint64_t x;
            std::memcpy(&x, p + 8 * j, 8);
            w |= ((x * 0x0102040810204080ull) >> 56) << (8 * j);
        }
    } else {
        for (int k = 0; k < 64; ++k) w |= std::uint64_t(p[k]) << k;
    }
    return w;
}

std::uint32_t narrow(std::int64_t v) {
    if (v > std::int64_t(std::numeric_limits<std::uint32_t>::max()))
        fail(Errc::too_large, "IC-Sweep: a per-step maximum exceeds 2^32-1 eligible nodes");
    return static_cast<std::uint32_t>(v);
}

// YES bits of every diagonal's marked range, for path recovery.
struct PathBits {
    std::vector<std::uint64_t> words;
    std::vector<std::uint32_t> lo, hi;  // marked range of diagonal t
    std::vector<std::size_t> first;     // its first word

    bool yes(std::size_t t, std::size_t i) const {
        if (i < lo[t] || i > hi[t]) return false;
        const std::size_t k = i - lo[t];
        return (words[first[t] + k / 64] >> (k % 64)) & 1u;
    }
};

template <class T>
TwoSweep run(std::span<const std::uint32_t> e1, std::span<const std::uint32_t> e2, bool want_path) {
    const std::size_t n1 = e1.size() - 1, n2 = e2.size() - 1, steps = n1 + n2;
    const std::vector<T> a(e1.begin(), e1.end()), rb(e2.rbegin(), e2.rend());
    // V(i) of a diagonal lives at [i+1]: guards at 0 and n1+2, slack for pack64.
    std::vector<std::uint8_t> prev(n1 + 3 + 64, 0), cur(n1 + 3 + 64, 0);
    prev[1] = 1;  // step 2(b): V(0,0) = YES
    std::size_t wlo = 0, whi = 0;

    TwoSweep r;
    r.maxima.assign(steps + 1, 0);
    PathBits bits;
    if (want_path) {
        bits.lo.assign(steps + 1, 0);
        bits.hi.assign(steps + 1, 0);
        bits.first.assign(steps + 1, 0);
        // at most one word per diagonal beyond one bit per cell (address space
        // only: pages are touched as diagonals are recorded)
        const std::size_t words = (n1 + 1) * (n2 + 1) / 64 + steps + 1;
        try {
            bits.words.reserve(words);
        } catch (const std::bad_alloc&) {
            fail(Errc::out_of_memory, "2-IC-Sweep: path recovery needs " + std::to_string(words / 131072) +
                                          " MiB (one bit per table cell); ask for no path");
        }
        bits.words.push_back(1);  // diagonal 0: the single YES cell (0,0)
    }
    for (std::size_t t = 1; t <= steps; ++t) {
        const std::size_t lo = t > n2 ? t - n2 : 0, hi = std::min(n1, t);
        const T m = max_sum(a.data() + lo, rb.data() + (lo + n2 - t), hi - lo + 1);  // rb[i+n2-t] = E2(t-i)
        r.maxima[t] = narrow(std::int64_t(m));
        const std::size_t clo = std::max(lo, wlo), chi = std::min(hi, whi + 1);
        mark(a.data() + clo, rb.data() + (clo + n2 - t), m, prev.data() + clo, prev.data() + clo + 1,
             cur.data() + clo + 1, chi - clo + 1);
        cur[clo] = 0;  // keep V zero just outside the marked range
        cur[chi + 2] = 0;
        const auto begin = cur.begin() + std::ptrdiff_t(clo + 1), end = cur.begin() + std::ptrdiff_t(chi + 2);
        const auto f = std::find(begin, end, std::uint8_t(1));
        if (f == end) {  // step 2(c)ii: a diagonal of NOs precludes a rectilinear path
            r.failed_diagonal = static_cast<std::uint32_t>(t);
            r.maxima.resize(t + 1);
            return r;
        }
        wlo = clo + std::size_t(f - begin);
        whi = chi;
        while (!cur[whi + 1]) --whi;
        if (want_path) {
            bits.lo[t] = static_cast<std::uint32_t>(clo);
            bits.hi[t] = static_cast<std::uint32_t>(chi);
            bits.first[t] = bits.words.size();
            for (std::size_t i = clo; i <= chi; i += 64) bits.words.push_back(pack64(cur.data() + i + 1));
        }
        std::swap(prev, cur);
    }
    r.ico = true;
    if (want_path) {  // walk back from (n1, n2): left when V(i,j-1) is YES, else up
        r.moves.assign(steps, 0);
        std::size_t i = n1;
        for (std::size_t t = steps; t >= 1; --t) {
            const bool left = t - i >= 1 && bits.yes(t - 1, i);
            if (!left && !(i > 0 && bits.yes(t - 1, i - 1))) fail(Errc::internal, "2-IC-Sweep: broken YES path");
            r.moves[t - 1] = !left;
            i -= !left;
        }
    }
    return r;
}

bool fits_int32(std::span<const std::uint32_t> e1, std::span<const std::uint32_t> e2) {
    return std::uint64_t(*std::max_element(e1.begin(), e1.end())) +
               *std::max_element(e2.begin(), e2.end()) <=
           std::uint64_t(std::numeric_limits<std::int32_t>::max());
}

template <class T>
std::vector<std::uint32_t> convolve(std::span<const std::uint32_t> e1, std::span<const std::uint32_t> e2) {
    const std::size_t n1 = e1.size() - 1, n2 = e2.size() - 1;
    const std::vector<T> a(e1.begin(), e1.end()), rb(e2.rbegin(), e2.rend());
    std::vector<std::uint32_t> c(n1 + n2 + 1);
    for (std::size_t t = 0; t <= n1 + n2; ++t) {
        const std::size_t lo = t > n2 ? t - n2 : 0, hi = std::min(n1, t);
        c[t] = narrow(std::int64_t(max_sum(a.data() + lo, rb.data() + (lo + n2 - t), hi - lo + 1)));
    }
    return c;
}

}  // namespace

TwoSweep two_sweep(std::span<const std::uint32_t> e1, std::span<const std::uint32_t> e2, bool want_path) {
    priority::validate_profile(e1, "G1");
    priority::validate_profile(e2, "G2");
    if (e1.size() - 1 + e2.size() - 1 >= kNone) fail(Errc::too_large, "2-IC-Sweep: 2^32-1 steps or more");
    return fits_int32(e1, e2) ? run<std::int32_t>(e1, e2, want_path) : run<std::int64_t>(e1, e2, want_path);
}

std::vector<std::uint32_t> max_plus(std::span<const std::uint32_t> a, std::span<const std::uint32_t> b) {
    priority::validate_profile(a, "G1");
    priority::validate_profile(b, "G2");
    return fits_int32(a, b) ? convolve<std::int32_t>(a, b) : convolve<std::int64_t>(a, b);
}

}  // namespace ics::sweep
