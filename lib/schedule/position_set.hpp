// A set of positions 0..n-1 with predecessor queries (the largest member <=
// i) in a few word steps: one bit per position, one bit per nonzero word
// above it, one per nonzero word of that, and that top level scanned (one
// word per 262,144 positions). The ▷-linearizer keeps in it which of its
// source blocks §4.2 (a) may emit, bucket by bucket (linearize.cpp).
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace ics::schedule {

class PositionSet {
public:
    explicit PositionSet(std::size_t n) : l0_(n / 64 + 1, 0), l1_(n / 4096 + 1, 0), l2_(n / 262144 + 1, 0) {}
    bool test(std::size_t i) const { return (l0_[i >> 6] >> (i & 63)) & 1u; }
    void set(std::size_t i) {
        l0_[i >> 6] |= bit(i);
        l1_[i >> 12] |= bit(i >> 6);
        l2_[i >> 18] |= bit(i >> 12);
    }
    void reset(std::size_t i) {
        if (l0_[i >> 6] &= ~bit(i)) return;
        if (l1_[i >> 12] &= ~bit(i >> 6)) return;
        l2_[i >> 18] &= ~bit(i >> 12);
    }
    // The largest member <= i, or kNone.
    static constexpr std::size_t kNone = ~std::size_t{0};
    std::size_t pred(std::size_t i) const {
        std::size_t w = i >> 6;
        if (const std::uint64_t m = l0_[w] & upto(i)) return (w << 6) | top(m);
        if (w == 0) return kNone;
        std::size_t w1 = (w - 1) >> 6;
        if (const std::uint64_t m = l1_[w1] & upto(w - 1)) return down0((w1 << 6) | top(m));
        if (w1 == 0) return kNone;
        std::size_t w2 = (w1 - 1) >> 6;
        if (const std::uint64_t m = l2_[w2] & upto(w1 - 1)) return down1((w2 << 6) | top(m));
        while (w2-- > 0)
            if (l2_[w2]) return down1((w2 << 6) | top(l2_[w2]));
        return kNone;
    }

private:
    static std::uint64_t bit(std::size_t i) { return std::uint64_t{1} << (i & 63); }
    static std::uint64_t upto(std::size_t i) { return ~std::uint64_t{0} >> (63 - (i & 63)); }
    static std::size_t top(std::uint64_t m) { return 63 - static_cast<std::size_t>(std::countl_zero(m)); }
    std::size_t down0(std::size_t w) const { return (w << 6) | top(l0_[w]); }
    std::size_t down1(std::size_t w1) const { return down0((w1 << 6) | top(l1_[w1])); }
    std::vector<std::uint64_t> l0_, l1_, l2_;
};

}  // namespace ics::schedule
