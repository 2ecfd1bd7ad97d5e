// The concave-hull bound of hull_bound.hpp. The least concave majorant of a
// profile is its upper hull (Andrew's monotone chain, one pass); the max-plus
// convolution of two concave piecewise-linear functions takes their segments
// in order of decreasing slope (the Minkowski sum of the hypographs), so each
// integer step of the merged chain is one step of one segment.
#include "priority/hull_bound.hpp"

#include <cstddef>

namespace ics::priority {

namespace {

struct Segment {
    std::int64_t dx;  // > 0
    std::int64_t dy;
};

__extension__ typedef __int128 Wide;

// Segments of the upper hull of (x, e[x]), slopes strictly decreasing. W
// holds a cross product: products of a length and a value difference.
template <class W>
void upper_hull_as(std::span<const std::uint32_t> e, std::vector<Segment>& s) {
    thread_local std::vector<std::size_t> v;  // hull vertices (x)
    v.clear();
    for (std::size_t x = 0; x < e.size(); ++x) {
        // Drop the last vertex b while it lies on or below the chord a..x.
        while (v.size() >= 2) {
            const std::size_t a = v[v.size() - 2], b = v.back();
            const W cross = W(std::int64_t(b - a)) * (std::int64_t(e[x]) - std::int64_t(e[a])) -
                            W(std::int64_t(e[b]) - std::int64_t(e[a])) * std::int64_t(x - a);
            if (cross < 0) break;
            v.pop_back();
        }
        v.push_back(x);
    }
    s.clear();
    for (std::size_t k = 1; k < v.size(); ++k)
        s.push_back({std::int64_t(v[k] - v[k - 1]), std::int64_t(e[v[k]]) - std::int64_t(e[v[k - 1]])});
}

// Below 2^30 entries each product is below 2^62 and 64 bits suffice.
void upper_hull(std::span<const std::uint32_t> e, std::vector<Segment>& s) {
    if (e.size() <= (std::size_t{1} << 30))
        upper_hull_as<std::int64_t>(e, s);
    else
        upper_hull_as<Wide>(e, s);
}

// floor(a / b) for b > 0.
std::int64_t floor_div(std::int64_t a, std::int64_t b) {
    const std::int64_t q = a / b;
    return q - ((a % b) < 0);
}

}  // namespace

std::vector<std::int64_t> hull_convolution_bound(std::span<const std::uint32_t> e1,
                                                 std::span<const std::uint32_t> e2) {
    std::vector<std::int64_t> bound;
    hull_convolution_bound(e1, e2, bound);
    return bound;
}

void hull_convolution_bound(std::span<const std::uint32_t> e1, std::span<const std::uint32_t> e2,
                            std::vector<std::int64_t>& bound) {
    thread_local std::vector<Segment> h1, h2;
    upper_hull(e1, h1);
    upper_hull(e2, h2);
    bound.resize(e1.size() + e2.size() - 1);
    // Both hulls start at their profile's value at 0 (a vertex).
    std::int64_t base = std::int64_t(e1[0]) + std::int64_t(e2[0]);
    bound[0] = base;
    std::size_t z = 0, i = 0, j = 0;
    while (i < h1.size() || j < h2.size()) {
        // The steeper segment first: dy1/dx1 >= dy2/dx2.
        const bool first = j == h2.size() ||
                           (i < h1.size() && Wide(h1[i].dy) * h2[j].dx >= Wide(h2[j].dy) * h1[i].dx);
        const Segment s = first ? h1[i++] : h2[j++];
        // base + floor(k·dy/dx) for k = 1..dx, kept as quotient + remainder.
        const std::int64_t qd = floor_div(s.dy, s.dx), rd = s.dy - qd * s.dx;
        std::int64_t q = 0, r = 0;
        for (std::int64_t k = 1; k <= s.dx; ++k) {
            q += qd;
            r += rd;
            if (r >= s.dx) {
                r -= s.dx;
                ++q;
            }
            bound[++z] = base + q;
        }
        base += s.dy;
    }
}

}  // namespace ics::priority
