// Independent oracles for the sweep tests: small bipartite dags as bitmasks,
// brute-force IC-optimal profiles, the blocks of clustering.txt §2.2 built
// from their definitions, naive system (1), exhaustive interleavings.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "common/error.hpp"
#include "common/random.hpp"
#include "sweep/ic_sweep.hpp"

namespace ics::test_sweep {

using Profile = std::vector<std::uint32_t>;

template <class F>
void expect_errc(F&& f, Errc code, const std::string& needle = {}) {
    try {
        f();
        ADD_FAILURE() << "no ics::Error thrown";
    } catch (const Error& e) {
        EXPECT_EQ(e.code(), code) << e.what();
        if (!needle.empty()) {
            EXPECT_NE(std::string(e.what()).find(needle), std::string::npos) << e.what();
        }
    }
}

// A bipartite dag: sources 0..s-1; sink k's parents are the bits of parents[k].
struct Bip {
    unsigned sources = 0;
    std::vector<std::uint32_t> parents;
};

// Reverses every arc: sinks become sources and vice versa.
inline Bip dual(const Bip& g) {
    Bip d;
    d.sources = static_cast<unsigned>(g.parents.size());
    d.parents.assign(g.sources, 0);
    for (unsigned k = 0; k < g.parents.size(); ++k)
        for (unsigned v = 0; v < g.sources; ++v)
            if (g.parents[k] >> v & 1u) d.parents[v] |= 1u << k;
    return d;
}

inline std::uint32_t covered(const Bip& g, std::uint32_t executed) {
    std::uint32_t c = 0;
    for (const std::uint32_t m : g.parents) c += (m & ~executed) == 0;
    return c;
}

struct Brute {
    Profile best;      // best[x] = max over x-subsets X of sources of sinks covered by X
    bool ico = false;  // some chain ∅ ⊂ X1 ⊂ ... ⊂ all sources attains best at every size
};

// Exhaustive over all 2^s subsets of sources (s <= 20).
inline Brute brute_profile(const Bip& g) {
    const std::uint32_t all = (1u << g.sources) - 1;
    std::vector<std::uint32_t> cov(std::size_t(all) + 1);
    Brute b;
    b.best.assign(g.sources + 1, 0);
    for (std::uint32_t x = 0; x <= all; ++x) {
        cov[x] = covered(g, x);
        auto& m = b.best[std::popcount(x)];
        m = std::max(m, cov[x]);
    }
    std::vector<std::uint8_t> reach(std::size_t(all) + 1, 0);
    reach[0] = 1;
    for (std::uint32_t x = 1; x <= all; ++x) {  // subsets of x come first
        if (cov[x] != b.best[std::popcount(x)]) continue;
        for (std::uint32_t r = x; r && !reach[x]; r &= r - 1) reach[x] = reach[x & ~(r & (~r + 1))];
    }
    b.ico = reach[all] != 0;
    return b;
}

// Profile of executing sources 0, 1, 2, ... in that order.
inline Profile prefix_profile(const Bip& g) {
    Profile e{0};
    for (unsigned x = 1; x <= g.sources; ++x) e.push_back(covered(g, (1u << x) - 1));
    return e;
}

// Random bipartite dag without isolated nodes: every source has a child.
inline Bip random_bip(SplitMix64& rng, unsigned max_sources, unsigned max_sinks) {
    Bip g;
    g.sources = 1 + unsigned(rng.below(max_sources));
    const unsigned sinks = 1 + unsigned(rng.below(max_sinks));
    const std::uint32_t all = (1u << g.sources) - 1;
    for (;;) {
        g.parents.assign(sinks, 0);
        std::uint32_t seen = 0;
        for (auto& m : g.parents) {
            // sparse-ish: each arc with probability ~1/2 or ~1/3
            const unsigned q = 2 + unsigned(rng.below(2));
            for (unsigned v = 0; v < g.sources; ++v)
                if (rng.below(q) == 0) m |= 1u << v;
            if (m == 0) m = 1u << rng.below(g.sources);
            seen |= m;
        }
        if (seen == all) return g;
    }
}

// A random bipartite dag that admits an IC-optimal schedule, and its profile.
inline Profile random_ico_profile(SplitMix64& rng, unsigned max_sources, unsigned max_sinks, Bip* out = nullptr) {
    for (;;) {
        Bip g = random_bip(rng, max_sources, max_sinks);
        Brute b = brute_profile(g);
        if (!b.ico) continue;
        if (out) *out = g;
        return b.best;
    }
}

// ---- Blocks of clustering.txt §2.2, built literally from the definitions ----

// W_{1,d}: one source, d sinks; W_{a+b,d}: merge the rightmost sink of W_a with
// the leftmost sink of W_b (built here as W_{s-1} then W_1).
inline Bip build_w(unsigned s, unsigned d) {
    Bip g;
    g.sources = s;
    for (unsigned v = 0; v < s; ++v)
        for (unsigned c = 0; c < d; ++c) {
            if (v > 0 && c == 0) {
                g.parents.back() |= 1u << v;  // merged with the previous rightmost sink
                continue;
            }
            g.parents.push_back(1u << v);
        }
    return g;
}
inline Bip build_m(unsigned s, unsigned d) { return dual(build_w(s, d)); }
// N_s: source v -> sink v and sink v+1 (if it exists).
inline Bip build_n(unsigned s) {
    Bip g;
    g.sources = s;
    g.parents.assign(s, 0);
    for (unsigned v = 0; v < s; ++v) {
        g.parents[v] |= 1u << v;
        if (v + 1 < s) g.parents[v + 1] |= 1u << v;
    }
    return g;
}
// C_s: N_s plus the arc from the rightmost source to the leftmost sink.
inline Bip build_c(unsigned s) {
    Bip g = build_n(s);
    g.parents[0] |= 1u << (s - 1);
    return g;
}

// Closed forms (derived in blocks_theorem_test.cpp, checked there by brute force).
inline Profile w_profile(unsigned s, unsigned d) {  // E(x) = x(d-1) for x < s, E(s) = s(d-1)+1
    Profile e{0};
    for (unsigned x = 1; x < s; ++x) e.push_back(x * (d - 1));
    e.push_back(s * (d - 1) + 1);
    return e;
}
inline Profile m_profile(unsigned s, unsigned d) {  // s(d-1)+1 sources; E(x) = floor((x-1)/(d-1))
    Profile e{0};
    for (unsigned x = 1; x <= s * (d - 1) + 1; ++x) e.push_back((x - 1) / (d - 1));
    return e;
}
inline Profile n_profile(unsigned s) {  // E(x) = x
    Profile e;
    for (unsigned x = 0; x <= s; ++x) e.push_back(x);
    return e;
}
inline Profile c_profile(unsigned s) {  // E(x) = x-1 for 1 <= x < s, E(s) = s
    Profile e{0};
    for (unsigned x = 1; x < s; ++x) e.push_back(x - 1);
    e.push_back(s);
    return e;
}

// ---- Naive oracles on profiles ----

// System (1), verbatim.
inline bool naive_priority(const Profile& e1, const Profile& e2) {
    const std::size_t s1 = e1.size() - 1, s2 = e2.size() - 1;
    for (std::size_t x = 0; x <= s1; ++x)
        for (std::size_t y = 0; y <= s2; ++y)
            if (std::uint64_t(e1[x]) + e2[y] > std::uint64_t(e1[std::min(s1, x + y)]) + e2[x + y > s1 ? x + y - s1 : 0])
                return false;
    return true;
}

// Per-step maximum of the p-dimensional table, by enumerating every cell.
inline std::vector<std::uint64_t> table_maxima(const std::vector<Profile>& ps) {
    std::size_t total = 0;
    for (const auto& e : ps) total += e.size() - 1;
    std::vector<std::uint64_t> best(total + 1, 0);
    std::vector<std::size_t> idx(ps.size(), 0);
    for (;;) {
        std::size_t t = 0;
        std::uint64_t v = 0;
        for (std::size_t k = 0; k < ps.size(); ++k) t += idx[k], v += ps[k][idx[k]];
        best[t] = std::max(best[t], v);
        std::size_t k = 0;
        while (k < ps.size() && ++idx[k] == ps[k].size()) idx[k++] = 0;
        if (k == ps.size()) return best;
    }
}

// Every interleaving (summand per step) whose value is the per-step maximum at
// every step; DFS over all interleavings, cutting a prefix once it falls short.
// Stops after `limit` paths.
inline std::vector<std::vector<std::uint32_t>> ico_interleavings(const std::vector<Profile>& ps,
                                                                 std::size_t limit = SIZE_MAX) {
    const auto best = table_maxima(ps);
    std::vector<std::vector<std::uint32_t>> found;
    std::vector<std::uint32_t> path;
    std::vector<std::size_t> done(ps.size(), 0);
    std::function<void(std::uint64_t)> dfs = [&](std::uint64_t value) {
        if (found.size() >= limit) return;
        if (path.size() + 1 == best.size()) {
            found.push_back(path);
            return;
        }
        for (std::uint32_t k = 0; k < ps.size(); ++k) {
            if (done[k] + 1 == ps[k].size()) continue;
            const std::uint64_t v = value - ps[k][done[k]] + ps[k][done[k] + 1];
            if (v != best[path.size() + 1]) continue;
            ++done[k];
            path.push_back(k);
            dfs(v);
            path.pop_back();
            --done[k];
        }
    };
    dfs(0);
    return found;
}

inline Profile concat_profile(const std::vector<Profile>& ps) {
    Profile c{0};
    for (const auto& e : ps) {
        const std::uint32_t base = c.back();
        for (std::size_t x = 1; x < e.size(); ++x) c.push_back(base + e[x]);
    }
    return c;
}

// Two 2-IC-Sweeps give the same answer, maxima and path.
inline void expect_same_two_sweep(const sweep::TwoSweep& a, const sweep::TwoSweep& b) {
    EXPECT_EQ(a.ico, b.ico);
    EXPECT_EQ(a.failed_diagonal, b.failed_diagonal);
    EXPECT_EQ(a.maxima, b.maxima);
    EXPECT_EQ(a.moves, b.moves);
}

}  // namespace ics::test_sweep
