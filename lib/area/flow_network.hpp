// The Sidney decomposition's closure networks as stored for its two
// max-flow algorithms (Dinic in sidney.cpp, push-relabel in
// push_relabel.hpp): CSR with paired reverse arcs, each arc's head, pair and
// residual side by side (one cache line per scanned arc).
//
// Residual capacities: 32 bits (12-byte arcs) while they fit, else 64
// (16-byte arcs). Narrow: infinite arcs hold kInfinite and never change, and
// a residual that would pass the caller's narrow limit makes move() fail (the
// call then starts over wide: the same pushes in the same order). Wide:
// infinity is max/4 with arithmetic, never reached by a finite flow. Both
// give the same numbers on every finite arc, so the choice is invisible in
// the result.
#pragma once

#include <cstdint>
#include <limits>
#include <numeric>
#include <vector>

namespace ics::area::detail {

template <class Cap>
class FlowNetwork {
public:
    using Capacity = long long;
    static constexpr bool kNarrow = sizeof(Cap) == 4;
    static constexpr Cap kInfinite = kNarrow ? static_cast<Cap>(0xFFFFFFFFu) : std::numeric_limits<Capacity>::max() / 4;
    struct Arc {
        std::uint32_t to, rev;
        Cap cap;
    };

    // Built in two passes over the same arcs (no arc list kept): count(u, v)
    // for each, then layout(), then add(u, v, c) for each in the same order.
    void begin(std::uint32_t vertices) {
        n_ = vertices;
        arcs_ = 0;
        start_.assign(static_cast<std::size_t>(n_) + 1, 0);
    }
    void count(std::uint32_t u, std::uint32_t v) {
        ++start_[u + 1];
        ++start_[v + 1];
        ++arcs_;
    }
    // Arcs counted so far (each stored with its reverse).
    std::uint64_t arc_count() const noexcept { return arcs_; }
    void layout() {
        std::partial_sum(start_.begin(), start_.end(), start_.begin());
        arc_.resize(2 * arcs_);
        cursor_.assign(start_.begin(), start_.end() - 1);
    }
    // c < 0: infinite.
    void add(std::uint32_t u, std::uint32_t v, Capacity c) {
        const std::uint32_t a = cursor_[u]++, b = cursor_[v]++;
        arc_[a] = {v, b, c < 0 ? kInfinite : static_cast<Cap>(c)};
        arc_[b] = {u, a, 0};
    }

protected:
    // Arc e's residual as a flow amount; an infinite narrow arc's is `room`.
    Capacity residual(std::uint32_t e, Capacity room) const noexcept {
        const Cap c = arc_[e].cap;
        return kNarrow && c == kInfinite ? room : static_cast<Capacity>(c);
    }
    // Moves f (at most its residual) along arc e; false when a narrow
    // residual would pass `narrow` (nothing is then known to be consistent:
    // the caller starts over wide).
    bool move(std::uint32_t e, Capacity f, std::uint64_t narrow) noexcept {
        Arc& fw = arc_[e];
        Arc& bw = arc_[fw.rev];
        if constexpr (kNarrow) {
            if (fw.cap != kInfinite) fw.cap -= static_cast<Cap>(f);
            if (bw.cap != kInfinite) {
                if (static_cast<std::uint64_t>(bw.cap) + static_cast<std::uint64_t>(f) > narrow) return false;
                bw.cap += static_cast<Cap>(f);
            }
        } else {
            (void)narrow;
            fw.cap -= f;
            bw.cap += f;
        }
        return true;
    }

    std::uint32_t n_ = 0;
    std::size_t arcs_ = 0;
    std::vector<std::uint32_t> start_, cursor_;  // cursor_: add()'s, then each algorithm's current arc
    std::vector<Arc> arc_;
};

}  // namespace ics::area::detail
