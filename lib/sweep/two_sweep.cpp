// Alg. 2-IC-Sweep (sweep-algorithm.txt §3.1.1, Theorem 3.1) and the max-plus
// convolution it computes along the way.
//
// Diagonal t holds the cells (i, t-i), lo <= i <= hi. E(i, t-i) = a[i] + rb[i+n2-t]
// with rb = E2 reversed, so a diagonal is two contiguous arrays. V(i,j) = YES iff
// (V(i-1,j) or V(i,j-1)) and E(i,j) is the diagonal's maximum (step 2(c)i). The
// YES cells of diagonal t-1 span [wlo, whi], so only [max(lo,wlo), min(hi,whi+1)]
// can be YES on diagonal t; only that range is marked and its bits recorded.
// A diagonal's maximum is read off that range when it reaches the concave-hull
// bound of the diagonal (priority/hull_bound.hpp), so W-like and other
// near-concave pairs cost O(range) per diagonal instead of O(diagonal).
#include <algorithm>
#include <bit>
#include <cstring>
#include <limits>
#include <new>

#include "common/error.hpp"
#include "priority/hull_bound.hpp"
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

// YES bits of the marked ranges of diagonals t0, t0+1, ..., for path recovery.
struct PathBits {
    std::size_t t0 = 0;
    std::vector<std::uint64_t> words;
    std::vector<std::uint32_t> lo, hi;  // marked range of diagonal t0 + k
    std::vector<std::size_t> first;     // its first word

    void clear(std::size_t start) {
        t0 = start;
        words.clear();
        lo.clear();
        hi.clear();
        first.clear();
    }
    // v[i+1] = V(i) on the diagonal, for clo <= i <= chi.
    void record(std::size_t clo, std::size_t chi, const std::uint8_t* v) {
        lo.push_back(static_cast<std::uint32_t>(clo));
        hi.push_back(static_cast<std::uint32_t>(chi));
        first.push_back(words.size());
        for (std::size_t i = clo; i <= chi; i += 64) words.push_back(pack64(v + i + 1));
    }
    bool yes(std::size_t t, std::size_t i) const {
        const std::size_t d = t - t0;
        if (i < lo[d] || i > hi[d]) return false;
        const std::size_t k = i - lo[d];
        return (words[first[d] + k / 64] >> (k % 64)) & 1u;
    }
};

// Diagonal by diagonal through the table E(i,j) = E1(i)+E2(j) (see above):
// `v` holds V of the last diagonal at [i+1], zero just outside its marked
// range [clo, chi]; [wlo, whi] is its YES span.
template <class T>
struct Sweeper {
    std::size_t n1, n2;
    std::vector<T> a, rb;
    std::vector<std::uint8_t> v, next;
    std::size_t wlo = 0, whi = 0, clo = 0, chi = 0;
    // Upper bounds on the diagonals' maxima (hull_bound.hpp), or null: a
    // diagonal whose marked range already reaches its bound needs no full scan.
    const std::int64_t* bound = nullptr;

    Sweeper(std::span<const std::uint32_t> e1, std::span<const std::uint32_t> e2)
        : n1(e1.size() - 1), n2(e2.size() - 1), a(e1.begin(), e1.end()), rb(e2.rbegin(), e2.rend()),
          v(n1 + 3 + 64, 0), next(n1 + 3 + 64, 0) {
        v[1] = 1;  // step 2(b): V(0,0) = YES
    }

    // Diagonal t from diagonal t-1; false when it holds no YES (step 2(c)ii).
    bool step(std::size_t t, T& m) {
        const std::size_t lo = t > n2 ? t - n2 : 0, hi = std::min(n1, t);
        const std::size_t nlo = std::max(lo, wlo), nhi = std::min(hi, whi + 1);
        // The marked range first: when its maximum meets the bound it is the
        // diagonal's (every cell is at most the bound); else the whole diagonal.
        if (bound) m = max_sum(a.data() + nlo, rb.data() + (nlo + n2 - t), nhi - nlo + 1);
        if (!bound || std::int64_t(m) < bound[t])
            m = max_sum(a.data() + lo, rb.data() + (lo + n2 - t), hi - lo + 1);  // rb[i+n2-t] = E2(t-i)
        mark(a.data() + nlo, rb.data() + (nlo + n2 - t), m, v.data() + nlo, v.data() + nlo + 1,
             next.data() + nlo + 1, nhi - nlo + 1);
        next[nlo] = 0;  // keep V zero just outside the marked range
        next[nhi + 2] = 0;
        const auto begin = next.begin() + std::ptrdiff_t(nlo + 1), end = next.begin() + std::ptrdiff_t(nhi + 2);
        const auto f = std::find(begin, end, std::uint8_t(1));
        if (f == end) return false;
        wlo = nlo + std::size_t(f - begin);
        whi = nhi;
        while (!next[whi + 1]) --whi;
        clo = nlo;
        chi = nhi;
        std::swap(v, next);
        return true;
    }

    // The state after a diagonal, from its recorded bits (see PathBits).
    void restore(const std::uint64_t* w, std::size_t lo_, std::size_t hi_, std::size_t wlo_, std::size_t whi_) {
        std::fill(v.begin(), v.end(), 0);
        for (std::size_t k = 0; k <= hi_ - lo_; ++k) v[lo_ + 1 + k] = (w[k / 64] >> (k % 64)) & 1u;
        clo = lo_;
        chi = hi_;
        wlo = wlo_;
        whi = whi_;
    }
};

// Path bits cost one bit per visited cell (1.25 GB for two 10^5-step
// profiles). Beyond `full_bits` cells the forward pass keeps only a checkpoint every
// K ≈ sqrt(steps) diagonals, and the walk back recomputes one stretch of K
// diagonals at a time from its checkpoint (a coarse Hirschberg: twice the
// work, O(sqrt(steps) · n1) bits).
template <class T>
TwoSweep run(std::span<const std::uint32_t> e1, std::span<const std::uint32_t> e2, bool want_path,
             std::size_t full_bits, bool screen) {
    Sweeper<T> sw(e1, e2);
    const std::size_t n1 = sw.n1, n2 = sw.n2, steps = n1 + n2;
    // The hull bound costs O(steps): computed once the diagonals swept cost
    // twice that, so that a sum failing on an early diagonal does not pay it.
    std::vector<std::int64_t> bound;
    std::size_t swept = 0;
    TwoSweep r;
    r.maxima.assign(steps + 1, 0);
    const bool full = (n1 + 1) * (n2 + 1) <= full_bits;
    std::size_t stride = steps + 1;
    if (!full) {
        stride = 64;
        while (stride * stride < steps) stride *= 2;
    }
    PathBits bits, checkpoints;
    std::vector<std::uint32_t> cwlo, cwhi;  // checkpoints' YES spans
    try {
        if (want_path && full) {
            bits.words.reserve((n1 + 1) * (n2 + 1) / 64 + steps + 1);
            bits.lo.reserve(steps + 1);
            bits.hi.reserve(steps + 1);
            bits.first.reserve(steps + 1);
        }
    } catch (const std::bad_alloc&) {
        fail(Errc::out_of_memory, "2-IC-Sweep: path recovery needs " +
                                      std::to_string((n1 + 1) * (n2 + 1) / (8u << 20)) +
                                      " MiB (one bit per table cell); ask for no path");
    }
    auto keep = [&](std::size_t t) {
        if (!want_path) return;
        if (full) {
            bits.record(sw.clo, sw.chi, sw.v.data());
        } else if (t % stride == 0) {
            checkpoints.record(sw.clo, sw.chi, sw.v.data());
            cwlo.push_back(static_cast<std::uint32_t>(sw.wlo));
            cwhi.push_back(static_cast<std::uint32_t>(sw.whi));
        }
    };
    keep(0);
    for (std::size_t t = 1; t <= steps; ++t) {
        if (screen && !sw.bound && (swept += std::min(n1, t) - (t > n2 ? t - n2 : 0) + 1) > 2 * (steps + 1)) {
            bound = priority::hull_convolution_bound(e1, e2);
            sw.bound = bound.data();
        }
        T m;
        const bool ok = sw.step(t, m);
        r.maxima[t] = narrow(std::int64_t(m));
        if (!ok) {
            r.failed_diagonal = static_cast<std::uint32_t>(t);
            r.maxima.resize(t + 1);
            return r;
        }
        keep(t);
    }
    r.ico = true;
    if (!want_path) return r;
    // Walk back from (n1, n2): left when V(i,j-1) is YES, else up.
    r.moves.assign(steps, 0);
    std::size_t i = n1;
    for (std::size_t t = steps; t >= 1; --t) {
        const std::size_t d = t - 1;
        if (!full && (bits.lo.empty() || d < bits.t0)) {  // recompute the stretch holding diagonal d
            const std::size_t c = d / stride;
            bits.clear(c * stride);
            sw.restore(checkpoints.words.data() + checkpoints.first[c], checkpoints.lo[c], checkpoints.hi[c], cwlo[c],
                       cwhi[c]);
            bits.record(sw.clo, sw.chi, sw.v.data());
            for (std::size_t u = c * stride + 1; u <= d; ++u) {
                T m;
                if (!sw.step(u, m)) fail(Errc::internal, "2-IC-Sweep: a recomputed diagonal differs");
                bits.record(sw.clo, sw.chi, sw.v.data());
            }
        }
        const bool left = t - i >= 1 && bits.yes(d, i);
        if (!left && !(i > 0 && bits.yes(d, i - 1))) fail(Errc::internal, "2-IC-Sweep: broken YES path");
        r.moves[t - 1] = !left;
        i -= !left;
    }
    return r;
}

bool fits_int32(std::span<const std::uint32_t> e1, std::span<const std::uint32_t> e2) {
    return std::uint64_t(*std::max_element(e1.begin(), e1.end())) +
               *std::max_element(e2.begin(), e2.end()) <=
           std::uint64_t(std::numeric_limits<std::int32_t>::max());
}

// Positions p (1 <= p <= s) where a new run of equal increments
// E(p) - E(p-1) starts, and s + 1: O(s). Stops (returns what it has) once
// more than `limit` runs are found.
template <class V>
std::vector<std::size_t> run_starts(std::span<const V> e, std::size_t limit) {
    std::vector<std::size_t> p;
    const std::size_t s = e.size() - 1;
    for (std::size_t i = 1; i <= s && p.size() <= limit; ++i)
        if (i == 1 || std::int64_t(e[i]) - e[i - 1] != std::int64_t(e[i - 1]) - e[i - 2]) p.push_back(i);
    p.push_back(s + 1);
    return p;
}

struct Span {
    std::uint32_t lo, hi;  // cells i (rows) lo..hi of a diagonal
};

// The cells lo..hi of diagonal t between which f(i) = E1(i) + E2(t-i) is
// linear: its slope d1(i+1) - d2(t-i) changes only where a run of E1 starts
// at i+1 or one of E2 at t-i+1 (p1, p2 from run_starts), plus the ends;
// sorted, distinct.
void diagonal_breaks(std::size_t t, std::size_t lo, std::size_t hi, std::span<const std::size_t> p1,
                     std::span<const std::size_t> p2, std::vector<std::size_t>& out) {
    out.clear();
    out.push_back(lo);
    for (const std::size_t p : p1)
        if (p >= lo + 1 && p - 1 <= hi) out.push_back(p - 1);
    for (const std::size_t p : p2)
        if (t + 1 >= p && t + 1 - p >= lo && t + 1 - p <= hi) out.push_back(t + 1 - p);
    out.push_back(hi);
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
}

// Operands longer than this are checked for few runs of increments.
constexpr std::size_t kRunsWorthIt = 64;

// c[i] = max(c[i], a[i] + bj) for i < n, in fixed-width blocks (see
// row_kernels.hpp: GCC -O2 vectorizes them).
template <class T>
void shifted_max(T* __restrict c, const T* __restrict a, T bj, std::size_t n) {
    std::size_t i = 0;
    for (; i + kBlock <= n; i += kBlock)
        for (std::size_t u = 0; u < kBlock; ++u) c[i + u] = std::max<T>(c[i + u], a[i + u] + bj);
    for (; i < n; ++i) c[i] = std::max<T>(c[i], a[i] + bj);
}

// e_0 ⊕ e_1 ⊕ ... (max-plus), one vectorized pass over the running result
// per entry of the next operand: IC-Sweep's envelope over many small summands
// costs O(N) per step of a summand (N = steps so far) instead of a short max
// per diagonal, with no conversion or allocation per summand. Every sum is
// >= 0 and every diagonal has a cell, so 0 is a neutral start.
template <class T>
std::vector<std::uint32_t> convolve_all(std::span<const std::span<const std::uint32_t>> es) {
    std::size_t total = 1;
    for (const auto e : es) total += e.size() - 1;
    std::vector<T> cur(total, 0), next(total, 0);
    std::size_t len = es[0].size();
    std::copy(es[0].begin(), es[0].end(), cur.begin());
    std::vector<std::size_t> breaks;
    for (std::size_t k = 1; k < es.size(); ++k) {
        const auto e = es[k];
        if (e.size() > kRunsWorthIt && len > kRunsWorthIt) {
            // Both operands with few runs of increments (W, N, M, C blocks):
            // each diagonal's maximum from its breaks alone (see RunSweep).
            const std::size_t limit = std::min<std::size_t>(256, e.size() * len / (e.size() + len) / 64);
            const auto p1 = run_starts<T>({cur.data(), len}, limit), p2 = run_starts(e, limit);
            if (p1.size() + p2.size() <= limit + 2) {
                const std::size_t n1 = len - 1, n2 = e.size() - 1;
                for (std::size_t t = 0; t <= n1 + n2; ++t) {
                    diagonal_breaks(t, t > n2 ? t - n2 : 0, std::min(n1, t), p1, p2, breaks);
                    T m = 0;
                    for (const std::size_t i : breaks) m = std::max<T>(m, cur[i] + T(e[t - i]));
                    next[t] = m;
                }
                len += n2;
                std::swap(cur, next);
                continue;
            }
        }
        std::fill(next.begin(), next.begin() + std::ptrdiff_t(len + e.size() - 1), T(0));
        for (std::size_t j = 0; j < e.size(); ++j) shifted_max(next.data() + j, cur.data(), T(e[j]), len);
        len += e.size() - 1;
        std::swap(cur, next);
    }
    std::vector<std::uint32_t> out(total);
    for (std::size_t t = 0; t < total; ++t) out[t] = narrow(std::int64_t(cur[t]));
    return out;
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

// Nonincreasing increments E(x) - E(x-1).
bool concave(std::span<const std::uint32_t> e) {
    for (std::size_t x = 2; x < e.size(); ++x)
        if (std::int64_t(e[x]) - e[x - 1] > std::int64_t(e[x - 1]) - e[x - 2]) return false;
    return true;
}

// Both profiles concave: the max-plus convolution merges the increments, so
// executing the summand with the larger next increment (G1 on ties) reaches
// every diagonal's maximum, and that is the path the walk back recovers (it
// takes as many of G1's steps as early as any maximal path can). O(n1 + n2).
TwoSweep merge_concave(std::span<const std::uint32_t> e1, std::span<const std::uint32_t> e2, bool want_path) {
    const std::size_t n1 = e1.size() - 1, n2 = e2.size() - 1, steps = n1 + n2;
    TwoSweep r;
    r.ico = true;
    r.maxima.assign(steps + 1, 0);
    if (want_path) r.moves.assign(steps, 0);
    std::size_t i = 0, j = 0;
    std::int64_t e = 0;
    for (std::size_t t = 1; t <= steps; ++t) {
        const bool down = j == n2 || (i < n1 && std::int64_t(e1[i + 1]) - e1[i] >= std::int64_t(e2[j + 1]) - e2[j]);
        e += down ? std::int64_t(e1[i + 1]) - e1[i] : std::int64_t(e2[j + 1]) - e2[j];
        (down ? i : j) += 1;
        r.maxima[t] = narrow(e);
        if (want_path) r.moves[t - 1] = down;
    }
    return r;
}

// Alg. 2-IC-Sweep with V kept as intervals of each diagonal, for profiles
// whose increments form few runs (the papers' W, N, M, C blocks: one or two
// runs each). f is linear between the O(r1 + r2) breaks of a diagonal
// (diagonal_breaks), so the maximum and the cells reaching it (a union of
// intervals) come from them alone, and V(t) = argmax(t) ∩ (V(t-1) ∪
// V(t-1)+1) stays a short list of intervals. O((n1 + n2)·(r1 + r2)) time,
// the same maxima, failure and path.
class RunSweep {
public:
    RunSweep(std::span<const std::uint32_t> e1, std::span<const std::uint32_t> e2, std::vector<std::size_t> p1,
             std::vector<std::size_t> p2)
        : e1_(e1), e2_(e2), n1_(e1.size() - 1), n2_(e2.size() - 1), p1_(std::move(p1)), p2_(std::move(p2)) {}

    TwoSweep run(bool want_path) {
        const std::size_t steps = n1_ + n2_;
        TwoSweep r;
        r.maxima.assign(steps + 1, 0);
        std::vector<Span> yes{{0, 0}}, next, grown;
        std::vector<std::size_t> first;  // first[t]: diagonal t's spans in `kept`
        std::vector<Span> kept;
        auto keep = [&] {
            if (!want_path) return;
            first.push_back(kept.size());
            kept.insert(kept.end(), yes.begin(), yes.end());
        };
        keep();
        for (std::size_t t = 1; t <= steps; ++t) {
            const std::size_t lo = t > n2_ ? t - n2_ : 0, hi = std::min(n1_, t);
            diagonal_breaks(t, lo, hi, p1_, p2_, cand_);
            std::int64_t m = std::numeric_limits<std::int64_t>::min();
            for (const std::size_t i : cand_) m = std::max(m, f(t, i));
            r.maxima[t] = narrow(m);
            // cells at the maximum: candidate points, and flat pieces between them
            argmax_.clear();
            for (std::size_t k = 0; k < cand_.size(); ++k) {
                const std::size_t i = cand_[k];
                if (f(t, i) != m) continue;
                std::size_t end = i;
                if (k + 1 < cand_.size() && f(t, cand_[k + 1]) == m) end = cand_[k + 1];
                add(argmax_, i, end);
            }
            // V(t-1) ∪ V(t-1)+1, then ∩ argmax
            grown.clear();
            for (const Span& s : yes) add(grown, s.lo, std::size_t(s.hi) + 1);
            next.clear();
            std::size_t a = 0, b = 0;
            while (a < grown.size() && b < argmax_.size()) {
                const std::size_t l = std::max(grown[a].lo, argmax_[b].lo), h = std::min(grown[a].hi, argmax_[b].hi);
                if (l <= h) add(next, l, h);
                (grown[a].hi < argmax_[b].hi ? a : b) += 1;
            }
            if (next.empty()) {
                r.failed_diagonal = static_cast<std::uint32_t>(t);
                r.maxima.resize(t + 1);
                return r;
            }
            std::swap(yes, next);
            keep();
        }
        r.ico = true;
        if (!want_path) return r;
        auto is_yes = [&](std::size_t t, std::size_t i) {
            const std::size_t end = t + 1 < first.size() ? first[t + 1] : kept.size();
            auto it = std::upper_bound(kept.begin() + std::ptrdiff_t(first[t]), kept.begin() + std::ptrdiff_t(end), i,
                                       [](std::size_t v, const Span& s) { return v < s.lo; });
            return it != kept.begin() + std::ptrdiff_t(first[t]) && std::prev(it)->hi >= i;
        };
        r.moves.assign(steps, 0);
        std::size_t i = n1_;
        for (std::size_t t = steps; t >= 1; --t) {  // as run(): left when V(i, j-1) is YES, else up
            const bool left = t - i >= 1 && is_yes(t - 1, i);
            if (!left && !(i > 0 && is_yes(t - 1, i - 1))) fail(Errc::internal, "2-IC-Sweep: broken YES path");
            r.moves[t - 1] = !left;
            i -= !left;
        }
        return r;
    }

private:
    std::int64_t f(std::size_t t, std::size_t i) const { return std::int64_t(e1_[i]) + e2_[t - i]; }
    // Appends [l, h], merging with the last span when they touch.
    static void add(std::vector<Span>& v, std::size_t l, std::size_t h) {
        if (!v.empty() && std::size_t(v.back().hi) + 1 >= l) {
            v.back().hi = std::max<std::uint32_t>(v.back().hi, static_cast<std::uint32_t>(h));
            return;
        }
        v.push_back({static_cast<std::uint32_t>(l), static_cast<std::uint32_t>(h)});
    }

    std::span<const std::uint32_t> e1_, e2_;
    std::size_t n1_, n2_;
    std::vector<std::size_t> p1_, p2_, cand_;
    std::vector<Span> argmax_;
};

}  // namespace

TwoSweep two_sweep_runs(std::span<const std::uint32_t> e1, std::span<const std::uint32_t> e2, bool want_path) {
    priority::validate_profile(e1, "G1");
    priority::validate_profile(e2, "G2");
    if (e1.size() - 1 + e2.size() - 1 >= kNone) fail(Errc::too_large, "2-IC-Sweep: 2^32-1 steps or more");
    const std::size_t any = std::numeric_limits<std::size_t>::max() - 1;
    return RunSweep(e1, e2, run_starts(e1, any), run_starts(e2, any)).run(want_path);
}

TwoSweep two_sweep_reference(std::span<const std::uint32_t> e1, std::span<const std::uint32_t> e2, bool want_path,
                             std::size_t full_path_bits) {
    priority::validate_profile(e1, "G1");
    priority::validate_profile(e2, "G2");
    if (e1.size() - 1 + e2.size() - 1 >= kNone) fail(Errc::too_large, "2-IC-Sweep: 2^32-1 steps or more");
    return fits_int32(e1, e2) ? run<std::int32_t>(e1, e2, want_path, full_path_bits, false)
                              : run<std::int64_t>(e1, e2, want_path, full_path_bits, false);
}

TwoSweep two_sweep(std::span<const std::uint32_t> e1, std::span<const std::uint32_t> e2, bool want_path,
                   std::size_t full_path_bits) {
    priority::validate_profile(e1, "G1");
    priority::validate_profile(e2, "G2");
    if (e1.size() - 1 + e2.size() - 1 >= kNone) fail(Errc::too_large, "2-IC-Sweep: 2^32-1 steps or more");
    if (concave(e1) && concave(e2)) return merge_concave(e1, e2, want_path);
    {
        // Few runs of increments: the interval sweep, when its
        // O(steps·(r1 + r2)) is well below the table's cells.
        const std::size_t steps = e1.size() + e2.size(), cells = e1.size() * e2.size();
        const std::size_t limit = std::min<std::size_t>(256, cells / steps / 64);
        auto p1 = run_starts(e1, limit), p2 = run_starts(e2, limit);
        if (p1.size() + p2.size() <= limit + 2)
            return RunSweep(e1, e2, std::move(p1), std::move(p2)).run(want_path);
    }
    return fits_int32(e1, e2) ? run<std::int32_t>(e1, e2, want_path, full_path_bits, true)
                              : run<std::int64_t>(e1, e2, want_path, full_path_bits, true);
}

std::vector<std::uint32_t> max_plus(std::span<const std::uint32_t> a, std::span<const std::uint32_t> b) {
    priority::validate_profile(a, "G1");
    priority::validate_profile(b, "G2");
    return fits_int32(a, b) ? convolve<std::int32_t>(a, b) : convolve<std::int64_t>(a, b);
}

std::vector<std::uint32_t> max_plus_all(std::span<const std::uint32_t> first,
                                        std::span<const std::vector<std::uint32_t>> rest) {
    std::vector<std::span<const std::uint32_t>> es{first};
    priority::validate_profile(first, "G1");
    std::uint64_t top = *std::max_element(first.begin(), first.end());
    for (const auto& e : rest) {
        priority::validate_profile(e, "G" + std::to_string(es.size() + 1));
        top += *std::max_element(e.begin(), e.end());
        es.emplace_back(e);
    }
    return top <= std::uint64_t(std::numeric_limits<std::int32_t>::max()) ? convolve_all<std::int32_t>(es)
                                                                          : convolve_all<std::int64_t>(es);
}

}  // namespace ics::sweep
