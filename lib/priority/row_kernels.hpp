// Inner loops shared by system (1) and IC-Sweep: one row / diagonal of the
// table E(i,j) = E1(i)+E2(j) at a time. Written as fixed-width blocks so that
// GCC's -O2 (very-cheap cost model) still vectorizes them; T is int32_t when
// every sum fits, else int64_t.
#pragma once

#include <algorithm>
#include <cstddef>

namespace ics::priority::detail {

inline constexpr std::size_t kBlock = 16;

// true iff a + b[k] > l[k] for some k < n.
template <class T>
bool any_sum_exceeds(T a, const T* __restrict b, const T* __restrict l, std::size_t n) {
    std::size_t k = 0;
    for (; k + kBlock <= n; k += kBlock) {
        T acc = 0;
        for (std::size_t u = 0; u < kBlock; ++u) acc |= T(a + b[k + u] > l[k + u]);
        if (acc) return true;
    }
    bool bad = false;
    for (; k < n; ++k) bad |= (a + b[k] > l[k]);
    return bad;
}

// max over k < n of a[k] + b[k]; n >= 1.
template <class T>
T max_sum(const T* __restrict a, const T* __restrict b, std::size_t n) {
    T m = a[0] + b[0];
    std::size_t k = 0;
    if (n >= kBlock) {
        T acc[kBlock];
        for (std::size_t u = 0; u < kBlock; ++u) acc[u] = a[u] + b[u];
        for (k = kBlock; k + kBlock <= n; k += kBlock)
            for (std::size_t u = 0; u < kBlock; ++u) acc[u] = std::max<T>(acc[u], a[k + u] + b[k + u]);
        for (std::size_t u = 0; u < kBlock; ++u) m = std::max(m, acc[u]);
    }
    for (; k < n; ++k) m = std::max<T>(m, a[k] + b[k]);
    return m;
}

}  // namespace ics::priority::detail
