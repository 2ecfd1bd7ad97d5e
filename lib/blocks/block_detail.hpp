// Internal to lib/blocks: a block copied into local, dense indices, and the
// per-kind schedulers behind schedule_block (one algorithm per file).
//
// A block is given by its sources (global ids in the skeleton); its sinks are
// their children and its arcs are exactly their out-arcs (decomposition.hpp:
// all in-arcs of a block sink lie in that block). Locally, "tops" are the
// block's sources and "bottoms" its sinks; a BlockView can be flipped (dual())
// to see the dual block, whose tops are the bottoms, without copying.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "blocks/block_schedule.hpp"
#include "dag/dag.hpp"

namespace ics::blocks::detail {

// Read-only bipartite view: tops 0..tops()-1, bottoms 0..bottoms()-1; CSR
// adjacency down (top -> its bottoms) and up (bottom -> its tops), each row in
// increasing local index.
struct BlockView {
    std::span<const NodeId> top_ids;  // global id of each top
    std::span<const NodeId> bottom_ids;
    std::span<const std::uint32_t> down_offsets, down_targets;
    std::span<const std::uint32_t> up_offsets, up_targets;

    std::uint32_t tops() const noexcept { return static_cast<std::uint32_t>(top_ids.size()); }
    std::uint32_t bottoms() const noexcept { return static_cast<std::uint32_t>(bottom_ids.size()); }
    std::uint64_t arcs() const noexcept { return down_targets.size(); }
    std::span<const std::uint32_t> down(std::uint32_t t) const noexcept {
        return down_targets.subspan(down_offsets[t], down_offsets[t + 1] - down_offsets[t]);
    }
    std::span<const std::uint32_t> up(std::uint32_t b) const noexcept {
        return up_targets.subspan(up_offsets[b], up_offsets[b + 1] - up_offsets[b]);
    }
    std::uint32_t out_degree(std::uint32_t t) const noexcept { return down_offsets[t + 1] - down_offsets[t]; }
    std::uint32_t in_degree(std::uint32_t b) const noexcept { return up_offsets[b + 1] - up_offsets[b]; }
    // The dual block (all arcs reversed): tops and bottoms swap roles.
    BlockView dual() const noexcept {
        return {bottom_ids, top_ids, up_offsets, up_targets, down_offsets, down_targets};
    }
};

// Owns the arrays of a block in local indices (local_block.cpp).
struct LocalBlock {
    std::vector<NodeId> sources;  // as given by the caller
    std::vector<NodeId> sinks;    // increasing global id
    std::vector<std::uint32_t> down_offsets, down_targets, up_offsets, up_targets;
    BlockView view() const noexcept {
        return {sources, sinks, down_offsets, down_targets, up_offsets, up_targets};
    }
};

// Builds the block of `sources` in `skeleton`. Throws invalid_argument when
// `sources` is empty, names an unknown node, repeats a node, or when one of
// them is a child of another (the block would not be bipartite).
LocalBlock make_local_block(const Dag& skeleton, std::span<const NodeId> sources);
// The same into `b`, whose arrays are reused (their capacity kept): callers
// that build many small blocks allocate nothing per block.
void fill_local_block(LocalBlock& b, const Dag& skeleton, std::span<const NodeId> sources);

// profile[x] = bottoms all of whose tops are among the first x entries of
// `top_order` (a permutation of the tops), x = 0..tops (profile.cpp).
std::vector<std::uint32_t> local_profile(const BlockView& v, std::span<const std::uint32_t> top_order);

// Global ids of the tops in `top_order`.
std::vector<NodeId> to_global(const BlockView& v, std::span<const std::uint32_t> top_order);
// The same into `out`, its buffer reused; `top_order` may be `out` itself.
void to_global(const BlockView& v, std::span<const std::uint32_t> top_order, std::vector<NodeId>& out);

// Fills `out` as a proven IC-optimal schedule of kind `kind` running the tops
// in `top_order` (which may be out.order itself); the caller writes the
// profile (local_block.cpp). out.order's buffer is reused.
void set_proven(BlockSchedule& out, const BlockView& v, Kind kind, std::string shape,
                std::span<const std::uint32_t> top_order);

// The dual schedule (clustering.txt §2.2.2, slides "Scheduling-Based
// Duality") at block level: `top_order` runs the tops of `v`, rendering
// packets P_1..P_n of bottoms ELIGIBLE; the result runs the tops of v.dual()
// (= v's bottoms) as P_n, ..., P_1, each packet in increasing global id, then
// the bottoms no top completes (those without tops, and all of them when
// `top_order` misses tops), in increasing global id (duality.cpp).
std::vector<std::uint32_t> dual_local_order(const BlockView& v, std::span<const std::uint32_t> top_order);

// Closed forms (recognize.cpp dispatches; each returns false when the block is
// not of its kind and leaves `out` untouched in that case).
bool schedule_trivial(const BlockView& v, BlockSchedule& out);  // trivial_block.cpp
bool schedule_w(const BlockView& v, BlockSchedule& out);        // w_dag.cpp
bool schedule_m(const BlockView& v, BlockSchedule& out);        // m_dag.cpp
bool schedule_n(const BlockView& v, BlockSchedule& out);        // n_dag.cpp
bool schedule_cycle(const BlockView& v, BlockSchedule& out);    // cycle_dag.cpp
bool schedule_q(const BlockView& v, BlockSchedule& out);        // q_dag.cpp
bool schedule_product(const BlockView& v, BlockSchedule& out);  // product_block.cpp
bool recognize_closed_form(const BlockView& v, BlockSchedule& out);  // recognize.cpp
// True when the counts alone of a block of s >= 2 tops, t bottoms and
// `arcs` arcs rule out every closed form above and the PBT (schedule_pbt),
// whose first tests they are: trivial needs s = 1; Q(s,t) s·t arcs; C(s)
// t = s and 2s arcs; N(s) t = s and 2s - 1; the product X(a,b) 2t (every
// bottom of in-degree 2); W, M and every PBT are trees (s + t - 1 arcs).
// (Sums of random 10 x 10 blocks, ~27 arcs: none of these.)
inline bool beyond_closed_forms(std::uint64_t s, std::uint64_t t, std::uint64_t arcs) noexcept {
    return s >= 2 && arcs != s * t && arcs != 2 * s && arcs + 1 != 2 * s && arcs != 2 * t && arcs + 1 != s + t;
}

// W_{s,d} structure of a view (s >= 1 tops, each of out-degree d >= 2, chained
// by s-1 bottoms of in-degree 2, all other bottoms of in-degree 1): the tops
// in chain order from one end (the end with the smaller global id), or empty
// when `v` is not a W-dag (w_dag.cpp; m_dag.cpp applies it to v.dual()).
std::vector<std::uint32_t> w_chain(const BlockView& v);

// The same recognisers on the skeleton itself, for blocks given by their
// sources in increasing id (the decomposition's): no local copy of the
// block. They accept exactly the blocks schedule_w / schedule_m accept and
// produce the same orders (meshes and wavefronts are made of such blocks).
// W_{s,d}'s profile along its chain (w_dag.cpp): E(x) = x(d - 1) for x < s,
// E(s) = s(d - 1) + 1; `profile` has s + 1 entries.
inline void fill_w_profile(std::span<std::uint32_t> profile, std::uint32_t d) {
    const std::size_t s = profile.size() - 1;
    for (std::size_t x = 0; x < s; ++x) profile[x] = static_cast<std::uint32_t>(x * (d - 1));
    profile[s] = static_cast<std::uint32_t>(s * (d - 1) + 1);
}
// W_{s,d}: `chain` = the sources along the chain, d = their out-degree.
bool w_chain_in(const Dag& g, std::span<const NodeId> sources, std::vector<NodeId>& chain, std::uint32_t& d);
// The walk alone, from `start`, s sources (true when it covers them all).
bool w_walk(const Dag& g, NodeId start, std::uint32_t s, std::vector<NodeId>& chain);
// w_chain_in for a block whose degrees are known to pass its tests (the
// decomposition's BlockForm::w_like): finds the start and walks.
bool w_chain_of_form(const Dag& g, std::span<const NodeId> sources, std::vector<NodeId>& chain);
// The element two rows (sorted, no repeats: the dag's children and parents
// lists) share, the first by id, or kNoNode. Rows out of order can only hide
// one (then the callers below take the walk).
inline NodeId first_common(std::span<const NodeId> a, std::span<const NodeId> b) noexcept {
    for (std::size_t i = 0, j = 0; i < a.size() && j < b.size();) {
        if (a[i] == b[j]) return a[i];
        if (a[i] < b[j])
            ++i;
        else
            ++j;
    }
    return kNoNode;
}
// A W-like block whose chain runs through its sources in increasing id
// (every mesh level: consecutive sources share a child): `chain` = the
// sources, which is what w_walk gives then; false when some consecutive
// pair shares no child (then walk). Reads only the sources' children rows,
// which lie one after another in the dag: no parent row, no in-degree.
bool w_chain_ascending(const Dag& g, std::span<const NodeId> sources, std::vector<NodeId>& chain);
// Their walk (w_chain's): from `start`, the first link (by id) of the current
// node that is shared and is not the one we came through, then that link's
// other end; `links(t)` lists t's links (children for W, parents for M),
// `ends(l)` a link's two ends when shared(l). At most s + 1 nodes.
template <class Links, class Ends, class Shared>
void walk_chain(NodeId start, std::size_t s, std::vector<NodeId>& chain, Links links, Ends ends, Shared shared) {
    chain.clear();
    chain.reserve(s + 1);
    NodeId t = start, via = kNoNode;
    while (t != kNoNode && chain.size() <= s) {
        chain.push_back(t);
        NodeId next = kNoNode, through = kNoNode;
        for (NodeId l : links(t)) {
            if (l == via || !shared(l)) continue;
            const auto e = ends(l);
            next = e[0] == t ? e[1] : e[0];
            through = l;
            break;
        }
        t = next;
        via = through;
    }
}
// M_{s,d}: `order` = the dual schedule of the sinks' chain, s sinks of in-degree d.
bool m_order_in(const Dag& g, std::span<const NodeId> sources, std::vector<NodeId>& order, std::uint32_t& s,
                std::uint32_t& d);
// The walk alone, from sink `start`, for n sources and s sinks.
bool m_walk(const Dag& g, NodeId start, std::uint32_t n, std::uint32_t s, std::vector<NodeId>& order);
// m_order_in for a block whose degrees are known to pass its tests (the
// decomposition's BlockForm::m_like; `sinks` in increasing id): finds the
// start and walks.
bool m_order_of_form(const Dag& g, std::span<const NodeId> sources, std::span<const NodeId> sinks,
                     std::vector<NodeId>& order);

// schedule_n's order (global ids) of a decomposition's block of form
// `other` read from the dag's rows, without its local copy: the same tests
// (s >= 2 sources and sinks, 2s - 1 arcs, one sink of in-degree 1, one
// source of out-degree 1, the rest 2, a path) and the same walk; false,
// `order` then unspecified, when the block is no N_s (n_dag.cpp).
bool n_order_of_form(const Dag& g, std::span<const NodeId> sources, std::span<const NodeId> sinks,
                     std::vector<NodeId>& order);

// The same for an M-like block whose sinks' chain runs in increasing id:
// the order m_walk gives then, from the sinks' parent rows alone (no child
// row); false when some consecutive pair of sinks shares no parent.
bool m_order_ascending(const Dag& g, std::uint32_t n, std::span<const NodeId> sinks, std::vector<NodeId>& order);

// Planar bipartite trees (pbt.cpp): caterpillar test and the slides' greedy
// Σ_S. Returns false when `v` is not a PBT or Σ_S would take more than
// `max_work` elementary steps.
// `reference`: the former greedy, rebuilding the strands at every step
// (O(n^2)), kept as the tests' oracle.
bool schedule_pbt(const BlockView& v, BlockSchedule& out, std::uint64_t max_work, bool reference = false);

// Exhaustive search over subsets of tops (exact_block.cpp); v.tops() <= 30.
struct ExactResult {
    bool ico = false;                     // a chain of maximizing subsets exists
    std::vector<std::uint32_t> order;     // ico: an ICO order; else the lexicographically max chain
    std::vector<std::uint32_t> profile;   // want_order: order's profile (local_profile's)
    // M(k) = max_{|S|=k} f(S), k = 0..tops. May be left empty when
    // want_order and no ICO order exists: the small blocks' path stops at
    // the first set that beats the chain (sums of random blocks: ~30%).
    std::vector<std::uint32_t> max_profile;
};
ExactResult exact_search(const BlockView& v, bool want_order = true);
// The same by the two half tables alone, at every size (blocks of up to 12
// sources take a one-table path in exact_search): a test oracle.
ExactResult exact_search_reference(const BlockView& v, bool want_order = true);

// exact_search(v) of a block of 1..12 tops and at most 64 bottoms given by
// its tops' children as masks (kids[t]: bit b set for each bottom b of top
// t, bottoms numbered as v's): returns `ico` and writes `order` (kids.size()
// entries) and its profile (kids.size() + 1), as exact_search's. No
// BlockView, no vector per block (the pipeline's small blocks straight from
// the dag's rows, schedule_block.cpp).
constexpr std::uint32_t kMaskSearchTops = 12;
bool exact_search_masks(std::span<const std::uint64_t> kids, std::uint32_t bottoms, std::uint32_t* order,
                        std::uint32_t* profile);

// The greedy order of greedy.cpp (not proven). Tests lower the knobs to
// reach its rare paths: keys packed into 64 bits only when they fit in
// narrow_bits (<= 64), else into 128; rows hashed to hash_bits (collisions).
struct GreedyTesting {
    unsigned narrow_bits = 64, hash_bits = 64;
};
// `profile`, when given, receives the order's profile (local_profile's).
std::vector<std::uint32_t> greedy_order(const BlockView& v, GreedyTesting knobs = {},
                                        std::vector<std::uint32_t>* profile = nullptr);

// Sinks of the block with these sources when it is complete bipartite (every
// source feeds the same children: butterflies, tree nodes), else 0. Unsorted,
// repeated or unknown ids give 0 too: the slow path validates and reports them.
std::uint32_t complete_block_sinks(const Dag& skeleton, std::span<const NodeId> sources);
// Test hook: whether schedule_block_into (by form) searches small blocks of
// form `other` straight from the dag's rows (true, the default) or builds
// their local copy first (the former path). Returns the previous setting.
bool set_search_from_rows(bool on) noexcept;
// Test hook: whether schedule_block_into (by form) schedules N_s blocks of
// form `other` from the dag's rows (n_order_of_form; true, the default) or
// through their local copy and the recognisers. Returns the previous setting.
bool set_n_from_rows(bool on) noexcept;

// A closed-form shape: its kind and the numbers in its name.
struct ClosedShape {
    Kind kind;
    std::uint32_t a = 0, b = 0;
};
// The one spelling of closed-form shape names (recognize.cpp): "trivial(b)"
// (a = 1 source), "C(a)", "Q(a,b)", "W(a,b)", "M(a,b)", "N(a)".
std::string shape_name(const ClosedShape& shape);
// The name of a block scheduled by search or greedy: "bipartite(N sources)".
std::string bipartite_shape(std::uint32_t tops);
// The shape a complete block with s sources and t sinks is named by:
// trivial(t), C(2) (the butterfly), M(1,s) or Q(s,t). Inline: called once
// per block of a tree or an FFT, and the out-of-line call returned the struct
// through the stack (two 4-byte stores read back as one 8-byte load, which
// stalls store forwarding: 3% of a 2M-node tree's schedule).
inline ClosedShape complete_shape(std::uint32_t s, std::uint32_t t) {
    if (s == 1) return {Kind::trivial, 1, t};
    if (s == 2 && t == 2) return {Kind::cycle_dag, 2, 0};
    if (t == 1) return {Kind::m_dag, 1, s};
    return {Kind::q_dag, s, t};
}

}  // namespace ics::blocks::detail
