// Pass 2 of exact_schedule: is there a chain D_0 ⊂ D_1 ⊂ ... ⊂ D_n of
// down-sets with elig(D_t) = M(t) at every t (an ICO schedule)?
//
// Depth-first from the empty set, extending the current down-set D by an
// ELIGIBLE node v (smallest id first) only when elig(D + v) = M(|D| + 1).
// Whether a maximal down-set can be extended to a full chain depends on the
// down-set alone, so a down-set whose every extension failed is recorded as
// dead and never expanded again: each down-set is expanded at most once.
// O(#maximal down-sets * (n + arcs) * W) time, one hash table of dead sets.
#include <algorithm>

#include "exact/downset_bits.hpp"
#include "exact/mask_table.hpp"
#include "exact/searches.hpp"

namespace ics::exact::detail {

template <std::size_t W>
ChainResult chain_search(const Dag& dag, std::span<const std::uint32_t> max_profile) {
    const DownsetDag<W> g(dag);
    const NodeId n = dag.node_count();
    struct Frame {
        Bits<W> set;   // D, |D| = depth, elig(D) = M(depth)
        Bits<W> elig;  // ELIGIBLE nodes of D
        Bits<W> todo;  // extensions not yet tried
        NodeId added;  // D minus its predecessor on the chain
    };
    std::vector<Frame> stack;
    stack.reserve(static_cast<std::size_t>(n) + 1);  // depth <= n: references stay valid
    stack.push_back({Bits<W>{}, g.sources(), g.sources(), kNoNode});
    MaskTable<W> dead;  // never holds the empty set (it is the root)
    ChainResult r;
    while (!stack.empty()) {
        const std::size_t t = stack.size() - 1;  // |D|
        if (t == n) {
            r.found = true;
            for (std::size_t i = 1; i < stack.size(); ++i) r.order.push_back(stack[i].added);
            return r;
        }
        Frame& f = stack.back();
        if (f.todo.none()) {
            if (t > 0) dead.insert(f.set);
            stack.pop_back();
            continue;
        }
        const NodeId v = f.todo.pop_lowest();
        Bits<W> set = f.set;
        set.set(v);
        const Bits<W> elig = g.eligible_after(f.elig, set, v);
        if (elig.count() != max_profile[t + 1] || dead.contains(set)) continue;
        stack.push_back({set, elig, elig, v});
        r.deepest = std::max<std::uint32_t>(r.deepest, static_cast<std::uint32_t>(t + 1));
    }
    return r;
}

template ChainResult chain_search<1>(const Dag&, std::span<const std::uint32_t>);
template ChainResult chain_search<2>(const Dag&, std::span<const std::uint32_t>);
template ChainResult chain_search<4>(const Dag&, std::span<const std::uint32_t>);
template ChainResult chain_search<8>(const Dag&, std::span<const std::uint32_t>);
template ChainResult chain_search<16>(const Dag&, std::span<const std::uint32_t>);

}  // namespace ics::exact::detail
