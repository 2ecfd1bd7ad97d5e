// Internal to lib/exact: fixed-width node sets for the searches over
// DOWN-SETS (sets closed under parents; the executed set of every schedule
// after t steps is a down-set of size t, and every down-set is reachable).
//
// A down-set is a Bits<W> (W 64-bit words, W*64 >= node count); the width is
// chosen once per dag by with_width(), so dags of <= 64 nodes run on one word.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#include "common/error.hpp"
#include "common/hash.hpp"
#include "dag/dag.hpp"

namespace ics::exact::detail {

// Largest dag the down-set searches accept (16 words). Any larger dag is
// rejected with too_large: it would need a budget of far more down-sets anyway
// unless it is nearly a chain.
inline constexpr NodeId kMaxExactNodes = 1024;

template <std::size_t W>
struct Bits {
    std::array<std::uint64_t, W> w{};

    void set(NodeId v) noexcept { w[v >> 6] |= std::uint64_t{1} << (v & 63); }
    void reset(NodeId v) noexcept { w[v >> 6] &= ~(std::uint64_t{1} << (v & 63)); }
    bool none() const noexcept {
        std::uint64_t x = 0;
        for (std::uint64_t a : w) x |= a;
        return x == 0;
    }
    std::uint32_t count() const noexcept {
        std::uint32_t c = 0;
        for (std::uint64_t a : w) c += static_cast<std::uint32_t>(std::popcount(a));
        return c;
    }
    Bits operator&(const Bits& o) const noexcept {
        Bits r;
        for (std::size_t i = 0; i < W; ++i) r.w[i] = w[i] & o.w[i];
        return r;
    }
    Bits operator|(const Bits& o) const noexcept {
        Bits r;
        for (std::size_t i = 0; i < W; ++i) r.w[i] = w[i] | o.w[i];
        return r;
    }
    // this \ o
    Bits minus(const Bits& o) const noexcept {
        Bits r;
        for (std::size_t i = 0; i < W; ++i) r.w[i] = w[i] & ~o.w[i];
        return r;
    }
    bool subset_of(const Bits& o) const noexcept {
        std::uint64_t x = 0;
        for (std::size_t i = 0; i < W; ++i) x |= w[i] & ~o.w[i];
        return x == 0;
    }
    // True when no element is larger than v.
    bool none_above(NodeId v) const noexcept {
        const std::size_t k = v >> 6;
        const unsigned b = v & 63;
        if (b != 63 && (w[k] >> (b + 1)) != 0) return false;
        for (std::size_t i = k + 1; i < W; ++i)
            if (w[i] != 0) return false;
        return true;
    }
    // The set {v + 1, v + 2, ...} (within the W words).
    static Bits above(NodeId v) noexcept {
        Bits r;
        const std::size_t k = v >> 6;
        const unsigned b = v & 63;
        r.w[k] = b == 63 ? 0 : ~std::uint64_t{0} << (b + 1);
        for (std::size_t i = k + 1; i < W; ++i) r.w[i] = ~std::uint64_t{0};
        return r;
    }
    // The largest element; the set must be nonempty.
    NodeId highest() const noexcept {
        for (std::size_t i = W; i-- > 0;)
            if (w[i] != 0) return static_cast<NodeId>(i * 64 + 63 - static_cast<std::size_t>(std::countl_zero(w[i])));
        return kNoNode;
    }
    // Removes and returns the smallest element; the set must be nonempty.
    NodeId pop_lowest() noexcept {
        for (std::size_t i = 0;; ++i)
            if (w[i] != 0) {
                const auto b = static_cast<NodeId>(std::countr_zero(w[i]));
                w[i] &= w[i] - 1;
                return static_cast<NodeId>(i * 64) + b;
            }
    }
    std::uint64_t hash() const noexcept {
        std::uint64_t h = 0x9e3779b97f4a7c15ull;
        for (std::uint64_t a : w) h = fmix64(h ^ a);
        return h;
    }
    // Word by word: the defaulted comparison became a memcmp call in the hash
    // tables' probe loops (a quarter of the exact AREA search's time).
    friend bool operator==(const Bits& a, const Bits& b) noexcept {
        std::uint64_t x = 0;
        for (std::size_t i = 0; i < W; ++i) x |= a.w[i] ^ b.w[i];
        return x == 0;
    }
};

// The dag seen through node sets: parent set of every node, children in CSR.
template <std::size_t W>
class DownsetDag {
public:
    explicit DownsetDag(const Dag& dag) : dag_(dag), parents_(dag.node_count()), children_(dag.node_count()) {
        for (NodeId v = 0; v < dag.node_count(); ++v) {
            for (NodeId p : dag.parents(v)) {
                parents_[v].set(p);
                children_[p].set(v);
            }
            if (dag.is_source(v)) sources_.set(v);
        }
    }
    NodeId node_count() const noexcept { return dag_.node_count(); }
    const Bits<W>& parents(NodeId v) const noexcept { return parents_[v]; }
    const Bits<W>& children(NodeId v) const noexcept { return children_[v]; }
    // ELIGIBLE nodes of the empty down-set.
    const Bits<W>& sources() const noexcept { return sources_; }

    // ELIGIBLE set of D' = D + v, given `elig` = ELIGIBLE set of D and v in elig:
    // v leaves, and a child joins when v was its last missing parent. O(outdeg(v) * W).
    Bits<W> eligible_after(const Bits<W>& elig, const Bits<W>& added, NodeId v) const noexcept {
        Bits<W> e = elig;
        e.reset(v);
        for (NodeId c : dag_.children(v))
            if (parents_[c].subset_of(added)) e.set(c);
        return e;
    }

private:
    const Dag& dag_;
    std::vector<Bits<W>> parents_;
    std::vector<Bits<W>> children_;
    Bits<W> sources_;
};

// Calls f(std::integral_constant<std::size_t, W>{}) with the smallest W in
// {1, 2, 4, 8, 16} such that 64*W >= n; too_large beyond kMaxExactNodes.
template <class F>
decltype(auto) with_width(NodeId n, std::uint64_t budget, F&& f) {
    if (n > kMaxExactNodes)
        fail(Errc::too_large, "exact search over down-sets: the dag has " + std::to_string(n) +
                                  " nodes, more than the " + std::to_string(kMaxExactNodes) +
                                  " supported (budget " + std::to_string(budget) + " down-sets)");
    if (n <= 64) return f(std::integral_constant<std::size_t, 1>{});
    if (n <= 128) return f(std::integral_constant<std::size_t, 2>{});
    if (n <= 256) return f(std::integral_constant<std::size_t, 4>{});
    if (n <= 512) return f(std::integral_constant<std::size_t, 8>{});
    return f(std::integral_constant<std::size_t, 16>{});
}

[[noreturn]] inline void fail_budget(std::uint64_t budget, const std::string& why) {
    fail(Errc::too_large, "exact search over down-sets: " + why + ", over the budget of " +
                              std::to_string(budget) + " down-sets");
}

}  // namespace ics::exact::detail
