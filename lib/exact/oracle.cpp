// M(t) by reverse search over down-sets (see oracle.hpp for the definitions).
//
// Every nonempty down-set D' has one canonical parent D' - {v}, v its
// largest-id MAXIMAL element (no child in D'); D' - {v} is again a down-set
// and v is ELIGIBLE there. So the down-sets form a tree rooted at the empty
// set, and a depth-first walk that extends D by an ELIGIBLE v only when v
// becomes the largest maximal element of D + v visits each down-set exactly
// once, with no table of visited sets. Along the walk we carry D, its
// ELIGIBLE set and its maximal set, each updated in O(outdeg(v)) word ops.
#include "exact/oracle.hpp"

#include <algorithm>
#include <string>

#include "exact/downset_bits.hpp"
#include "pebble/pebble.hpp"

namespace ics::exact {

namespace {

using detail::Bits;

// Extensions v of a down-set that can pass the canonical test: with h the
// largest maximal element, either v > h or v is a child of h (h must stop
// being maximal). The exact test still follows; this only skips hopeless v.
template <std::size_t W>
Bits<W> candidates(const detail::DownsetDag<W>& g, const Bits<W>& elig, const Bits<W>& maximal) {
    if (maximal.none()) return elig;
    const NodeId h = maximal.highest();
    return elig & (Bits<W>::above(h) | g.children(h));
}

template <std::size_t W>
DownsetProfile enumerate(const Dag& dag, std::uint64_t budget) {
    const detail::DownsetDag<W> g(dag);
    const NodeId n = dag.node_count();
    DownsetProfile out;
    out.max_profile.assign(static_cast<std::size_t>(n) + 1, 0);

    struct Frame {
        Bits<W> set;      // the down-set D
        Bits<W> elig;     // ELIGIBLE nodes of D
        Bits<W> maximal;  // elements of D with no child in D
        Bits<W> todo;     // candidate extensions not yet tried
    };
    std::vector<Frame> stack;
    stack.reserve(static_cast<std::size_t>(n) + 1);  // depth <= n: references stay valid
    stack.push_back({Bits<W>{}, g.sources(), Bits<W>{}, g.sources()});
    out.max_profile[0] = g.sources().count();
    out.downset_count = 1;

    while (!stack.empty()) {
        Frame& f = stack.back();
        if (f.todo.none()) {
            stack.pop_back();
            continue;
        }
        const NodeId v = f.todo.pop_lowest();
        // Parents of v stop being maximal; v must then be the largest maximal element.
        Bits<W> maximal = f.maximal.minus(g.parents(v));
        if (!maximal.none_above(v)) continue;
        maximal.set(v);
        Bits<W> set = f.set;
        set.set(v);
        const Bits<W> elig = g.eligible_after(f.elig, set, v);
        if (++out.downset_count > budget)
            detail::fail_budget(budget, "the dag has more than " + std::to_string(budget) + " down-sets");
        const std::size_t t = stack.size();  // |set|
        out.max_profile[t] = std::max(out.max_profile[t], elig.count());
        stack.push_back({set, elig, maximal, candidates(g, elig, maximal)});
    }
    return out;
}

}  // namespace

DownsetProfile downset_profile(const Dag& dag, std::uint64_t max_downsets) {
    // Nodes on one longest-path level are pairwise incomparable: an antichain
    // of w nodes gives 2^w down-sets (its subsets' closures are distinct).
    const std::uint32_t w = dag.max_level_width();
    if (w >= 64 || (std::uint64_t{1} << w) > max_downsets)
        detail::fail_budget(max_downsets, "the dag has an antichain of " + std::to_string(w) +
                                              " nodes, hence at least 2^" + std::to_string(w) + " down-sets");
    return detail::with_width(dag.node_count(), max_downsets,
                              [&](auto width) { return enumerate<decltype(width)::value>(dag, max_downsets); });
}

std::vector<std::uint32_t> max_eligible_profile(const Dag& dag, std::uint64_t max_downsets) {
    return downset_profile(dag, max_downsets).max_profile;
}

bool is_ic_optimal(const Dag& dag, std::span<const NodeId> order, std::span<const std::uint32_t> max_profile) {
    if (max_profile.size() != static_cast<std::size_t>(dag.node_count()) + 1)
        fail(Errc::invalid_argument, "is_ic_optimal: the maximum profile has " + std::to_string(max_profile.size()) +
                                         " entries, expected " + std::to_string(dag.node_count() + 1ull));
    const pebble::Evaluation ev = pebble::evaluate(dag, order);
    return std::equal(ev.eligible.begin(), ev.eligible.end(), max_profile.begin());
}

bool is_ic_optimal(const Dag& dag, std::span<const NodeId> order, std::uint64_t max_downsets) {
    pebble::validate_order(dag, order);  // report a bad order before any long enumeration
    const std::vector<std::uint32_t> m = max_eligible_profile(dag, max_downsets);
    return is_ic_optimal(dag, order, std::span<const std::uint32_t>(m));
}

}  // namespace ics::exact
