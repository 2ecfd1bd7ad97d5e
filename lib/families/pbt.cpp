// Planar bipartite tree P[delta] (overview slides, "Planar Bipartite Trees").
// delta is zigzagged: it alternates integers and reciprocals of integers, all
// integers exceeding 1; it may start with either. Here k > 1 is stored as k,
// and 1/k as -k. Inductively, for each d > 1:
//   P[d]   = W[d]: one source with d sink children;
//   P[1/d] = M[d]: d sources sharing one sink child;
//   P[delta, d]   (delta ends with a reciprocal): P[delta]'s rightmost source
//                 becomes the parent of new sinks until its out-degree is d;
//   P[delta, 1/d] (delta ends with an integer): P[delta]'s rightmost sink
//                 becomes the child of new sources until its in-degree is d.
// The slides word the step as "giving d new sinks/sources"; their worked
// example fixes the meaning as above (each entry is the degree of the node it
// names, so an entry adds d-1 nodes): P[4,1/2,2] has 2 sources and 5 sinks,
// executing its first source alone renders 3 sinks ELIGIBLE, both render 5,
// and removing the first source leaves P[2].
// So P[delta] with entries k_1..k_n has sum(k_i) - n + 2 nodes and one arc
// fewer (it is a tree). Sources s1.. and sinks t1.. are numbered left to right
// in the planar drawing.
#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <limits>

#include "families/detail.hpp"
#include "families/families.hpp"

namespace ics::families {

namespace {

std::string entry_text(std::int32_t e) { return e > 0 ? std::to_string(e) : "1/" + std::to_string(-std::int64_t{e}); }

void validate(std::string_view what, std::span<const std::int32_t> delta) {
    if (delta.empty()) detail::invalid(what, "the zigzagged sequence is empty");
    for (std::size_t i = 0; i < delta.size(); ++i) {
        const std::int32_t e = delta[i];
        if (e == std::numeric_limits<std::int32_t>::min() || (e >= -1 && e <= 1))
            detail::invalid(what, "entry " + std::to_string(i) + " is " + std::to_string(e) +
                                       "; entries must be an integer k > 1 (k) or its reciprocal (-k), "
                                       "with k at most 2^31-1");
        if (i > 0 && (e > 0) == (delta[i - 1] > 0))
            detail::invalid(what, "entry " + std::to_string(i) + " (" + entry_text(e) + ") follows " +
                                       entry_text(delta[i - 1]) +
                                       "; a zigzagged sequence alternates integers and reciprocals");
    }
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
}

// A decimal in [2, 2^31-1], or 0 when `s` is not one.
std::int32_t parse_degree(std::string_view s) {
    std::uint64_t v = 0;
    const auto res = std::from_chars(s.data(), s.data() + s.size(), v);
    if (s.empty() || res.ec != std::errc() || res.ptr != s.data() + s.size() || v < 2 ||
        v > static_cast<std::uint64_t>(std::numeric_limits<std::int32_t>::max()))
        return 0;
    return static_cast<std::int32_t>(v);
}

}  // namespace

std::vector<std::int32_t> parse_zigzag(std::string_view text) {
    constexpr std::string_view what = "parse_zigzag";
    std::vector<std::int32_t> delta;
    std::size_t start = 0;
    for (;;) {
        const std::size_t comma = text.find(',', start);
        const std::string_view token = trim(text.substr(start, comma == std::string_view::npos ? comma : comma - start));
        const bool reciprocal = token.substr(0, 2) == "1/";
        const std::int32_t k = parse_degree(trim(reciprocal ? token.substr(2) : token));
        if (k == 0)
            detail::invalid(what, "'" + std::string(token) + "' in \"" + std::string(text) +
                                      "\" is not an integer k or a reciprocal 1/k with 2 <= k <= 2^31-1");
        delta.push_back(reciprocal ? -k : k);
        if (comma == std::string_view::npos) break;
        start = comma + 1;
    }
    validate(what, delta);
    return delta;
}

Dag pbt(std::span<const std::int32_t> delta) {
    validate("pbt", delta);
    // Degrees of the first entry's node and the nodes each entry adds.
    const auto degree = [](std::int32_t e) { return static_cast<std::uint64_t>(std::abs(std::int64_t{e})); };
    std::uint64_t sources = delta[0] > 0 ? 1 : degree(delta[0]);
    std::uint64_t sinks = delta[0] > 0 ? degree(delta[0]) : 1;
    std::uint64_t arcs = degree(delta[0]);
    for (std::size_t i = 1; i < delta.size(); ++i) {
        const std::uint64_t added = degree(delta[i]) - 1;
        (delta[i] > 0 ? sinks : sources) = detail::sat_add(delta[i] > 0 ? sinks : sources, added);
        arcs = detail::sat_add(arcs, added);
    }
    const std::string what =
        "pbt(P[" + format_zigzag(delta.first(std::min<std::size_t>(delta.size(), 8))) + (delta.size() > 8 ? ",...])" : "])");
    return detail::bipartite(what, sources, sinks, arcs, false, [&](auto add) {
        std::uint64_t s = 0, t = 0;  // rightmost source and sink so far
        for (std::size_t i = 0; i < delta.size(); ++i) {
            const std::uint64_t k = degree(delta[i]);
            if (delta[i] > 0) {  // source s (a new one for the first entry) gets sinks up to out-degree k
                if (i == 0) s = 1;
                for (std::uint64_t c = i == 0 ? 0 : 1; c < k; ++c) add(s, ++t);
            } else {  // sink t (a new one for the first entry) gets sources up to in-degree k
                if (i == 0) t = 1;
                for (std::uint64_t c = i == 0 ? 0 : 1; c < k; ++c) add(++s, t);
            }
        }
    });
}

std::string format_zigzag(std::span<const std::int32_t> delta) {
    std::string out;
    for (std::size_t i = 0; i < delta.size(); ++i) out += (i > 0 ? "," : "") + entry_text(delta[i]);
    return out;
}

}  // namespace ics::families
