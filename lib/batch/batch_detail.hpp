// Internals of lib/batch: the bipartite reduction of Theorem 2 (§4) and the
// per-component answers combined by its knapsack DP.
#pragma once

#include <cstdint>
#include <limits>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "batch/batch.hpp"

namespace ics::batch::detail {

// "Minus infinity" of the max-plus arithmetic: a batch size that cannot be
// reached. Two of them still add up without overflow.
inline constexpr std::int32_t kNeg = std::numeric_limits<std::int32_t>::min() / 4;

// H of Theorem 2's proof sketch: sources = the ELIGIBLE tasks E, sinks = the
// unexecuted, non-eligible tasks all of whose parents are EXECUTED or
// ELIGIBLE, with at most r ELIGIBLE parents (the others can never become
// eligible with r executions). Arc (i -> j) when eligible task i is a parent
// of sink j. Everything is CSR with dense indices ("source index" = position
// in `eligible`, "sink index" = position in `sinks`).
struct Reduction {
    std::vector<NodeId> eligible;  // E in increasing id order
    std::vector<NodeId> sinks;
    std::vector<std::uint32_t> src_off, src_adj;    // source index -> sink indices
    std::vector<std::uint32_t> sink_off, sink_adj;  // sink index -> source indices
    // Connected components with >= 2 sources ("nontrivial"): their sources and
    // sinks, grouped. A source with no sinks, or whose sinks have it as their
    // only parent (a star), is trivial: trivial_sources lists them with
    // star_gain = the number of its sinks.
    std::vector<std::uint32_t> comp_src_off, comp_src;
    std::vector<std::uint32_t> comp_sink_off, comp_sink;
    std::vector<std::uint32_t> trivial_sources;
    std::vector<std::uint32_t> star_gain;  // parallel to trivial_sources
    // Position of a source / sink inside its component's lists.
    std::vector<std::uint32_t> src_local, sink_local;

    std::uint32_t components() const noexcept { return static_cast<std::uint32_t>(comp_src_off.size() - 1); }
    std::span<const std::uint32_t> sources_of(std::uint32_t c) const noexcept {
        return {comp_src.data() + comp_src_off[c], comp_src.data() + comp_src_off[c + 1]};
    }
    std::span<const std::uint32_t> sinks_of(std::uint32_t c) const noexcept {
        return {comp_sink.data() + comp_sink_off[c], comp_sink.data() + comp_sink_off[c + 1]};
    }
    std::span<const std::uint32_t> sinks_of_source(std::uint32_t i) const noexcept {
        return {src_adj.data() + src_off[i], src_adj.data() + src_off[i + 1]};
    }
    std::span<const std::uint32_t> parents_of_sink(std::uint32_t j) const noexcept {
        return {sink_adj.data() + sink_off[j], sink_adj.data() + sink_off[j + 1]};
    }
};

// Validates `executed` and r (see batch::select) and builds H.
Reduction reduce(const Dag& g, std::span<const NodeId> executed, std::uint64_t r);

class TreeDp;  // tree_dp.cpp

// One component solved for every batch size k = 0..K (K = min(r, sources)).
// value[k]: sinks made eligible by the witness of size k; bound[k]: proven
// upper bound on the best of size k (== value when exact). Witnesses are
// component-local source positions: either the first k entries of `order`, or
// the k entries of slot k (sets[k·slot ..), slot = K); tree components keep
// their Σ_DP tables (tree) to backtrack through (tree_dp_witness).
struct Answer {
    enum class Kind { prefix, sets, tree } kind = Kind::prefix;
    bool exact = false;
    std::vector<std::int32_t> value, bound;
    std::vector<std::uint32_t> order;
    std::vector<std::uint32_t> sets;
    std::uint32_t slot = 0;
    std::shared_ptr<const TreeDp> tree;
    void init_sets(std::uint32_t K);                                       // Kind::sets, K+1 slots
    void set_witness(std::uint32_t k, std::span<const std::uint32_t> s);  // slot k := s (|s| == k)
    std::vector<std::uint32_t> witness(std::uint32_t k) const;            // prefix / sets
};

// Σ_DP (Lemma 3) when the component is a tree: exact curve, and its tables
// (memory O(Σ_u min(s_u, K)), s_u the sources below u). tree_dp_witness
// backtracks through them to an optimal set of size k (component positions).
bool is_tree(const Reduction& h, std::uint32_t c);
// Returns false, computing nothing, when the tables would exceed max_cells.
bool tree_dp(const Reduction& h, std::uint32_t c, std::uint32_t K, std::uint64_t max_cells, Answer* out);
std::vector<std::uint32_t> tree_dp_witness(const Answer& a, std::uint32_t k);

// Exact searches (exact_search.cpp): every subset when the component has at
// most kSubsetMaxSources sources; every pair when K <= 2; else branch and
// bound seeded with `incumbent` (a greedy answer), spending at most *budget
// search nodes (nullptr = unlimited). Returns false when the budget ran out
// (then *out keeps the incumbent's values, improved where the search found better).
bool exact_search(const Reduction& h, std::uint32_t c, std::uint32_t K, const Answer& incumbent,
                  std::uint64_t* budget, Answer* out);

// A component with component-local positions on both sides (greedy.cpp).
struct Local {
    std::uint32_t s = 0, t = 0;
    std::vector<std::uint32_t> sink_off, sink_par;  // local sink -> local sources
    std::vector<std::uint32_t> src_off, src_sink;   // local source -> local sinks
};
Local localize(const Reduction& h, std::uint32_t c);

// Greedy (greedy.cpp): a nested sequence, each step the source completing the
// most sinks (ties: the most progress towards others); bound[] from a
// balanced attribution of sinks to parents.
Answer greedy(const Reduction& h, std::uint32_t c, std::uint32_t K);
std::vector<std::int32_t> upper_bound_curve(const Reduction& h, std::uint32_t c, std::uint32_t K);

// Σ_exp (sigma_exp.cpp, Theorem 4). `expansive` tells whether every eligible
// task u has psi_u <= phi_u in H (phi_u: sinks whose only ELIGIBLE parent is u;
// psi_u: u's other sinks); `why_not` names a task that breaks it.
struct Expansive {
    bool expansive = false;
    std::string why_not;
};
Expansive check_expansive(const Dag& g, const Reduction& h);
// The r sources of H with the largest phi (ties: larger psi, then smaller id);
// source indices, increasing. Linear time (nth_element).
std::vector<std::uint32_t> sigma_exp(const Reduction& h, std::uint64_t r);

// Max-plus convolution truncated at `cap` units: out[z] = max_{x+y=z} a[x]+b[y]
// for z <= min(|a|+|b|-2, cap).
void max_plus(std::span<const std::int32_t> a, std::span<const std::int32_t> b, std::size_t cap,
              std::vector<std::int32_t>& out);
// Theorem 2's combination: choose k_i <= |curves[i]|-1 with Σ k_i == r
// maximizing Σ curves[i][k_i]; returns the k_i (memory O((√m + m/√m)·r)
// by recomputing from checkpoints). *total receives the maximum.
std::vector<std::uint32_t> combine(std::span<const std::span<const std::int32_t>> curves, std::uint32_t r,
                                   std::int64_t* total);
// The maximum only (for upper bounds).
std::int64_t combine_value(std::span<const std::span<const std::int32_t>> curves, std::uint32_t r);
// A split of k among the curves (Σ k_i = k, maximum Σ curves[i][k_i]): backtracks
// through prefix convolutions; for small lists (the children of one tree node).
std::vector<std::uint32_t> split(std::span<const std::span<const std::int32_t>> curves, std::uint32_t k);

}  // namespace ics::batch::detail
