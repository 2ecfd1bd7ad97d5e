// A certified upper bound on the AREA of every schedule, from the Sidney
// decomposition (area.hpp, sidney.cpp).
//
// Let D_t be the executed set after t steps (a down-set, |D_t| = t), S the
// number of sources and released(D) the nonsources whose parents all lie in D.
// The ELIGIBLE nodes after t steps are the released nodes and the sources
// minus the executed ones (every executed node was released or a source), so
//     E(t) = S + released(D_t) − t.                                        (1)
// Claim: released(D) ≤ g(|D|) for every down-set D, where g is the concave
// piecewise-linear curve through (P_i, W_i), P_i = |S_1 ∪ ... ∪ S_i| and
// W_i = released_1 + ... + released_i, of slopes ρ_1 ≥ ρ_2 ≥ ... .
// Proof: fix i, U = S_1 ∪ ... ∪ S_i and f(D) = released(D) − ρ_i |D|; g is the
// minimum over i of the lines W_i + ρ_i (x − P_i), so it suffices to show
// f(D) ≤ f(U) for every down-set D. released is supermodular on down-sets
// (a node released by A and by B is released by A ∩ B), hence so is f and
//     f(D) + f(U) ≤ f(D ∪ U) + f(D ∩ U).
//  - f(D ∪ U) ≤ f(U): (D ∪ U) − U is an initial set of the dag left after U,
//    so its ratio is at most ρ_{i+1} ≤ ρ_i (Sidney: S_{i+1} has the largest
//    ratio there; no more blocks: nothing is left).
//  - f(D ∩ U) ≤ f(U): with X = D ∩ U, f(U) − f(X) is the sum over j ≤ i of the
//    gains of adding S_j − X to U_{j−1} ∪ X; by supermodularity each gain is
//    at least that of adding S_j − X to U_{j−1} ∪ (X ∩ S_j), which is
//    released_j − released(X ∩ S_j | U_{j−1}) − ρ_i |S_j − X|
//    ≥ ρ_j |S_j| − ρ_j |X ∩ S_j| − ρ_i |S_j − X| ≥ 0, as no initial subset of
//    a block beats the block's ratio and ρ_j ≥ ρ_i.
// So f(D) ≤ f(D ∪ U) + f(D ∩ U) − f(U) ≤ f(U). With (1) and E(t) ≤ n − t:
//     AREA ≤ Σ_{t=0..n} min(n − t, S + ⌊g(t)⌋ − t).
// Sidney's blocks satisfy what the proof uses by construction (per weakly
// connected component; the sum of the components' concave curves is at most
// the curve of their slopes merged by ratio. A component whose splitting
// stopped at the work budget takes a curve of node weights instead:
// SidneyDecomposition::envelope, sidney.cpp); the tests also
// check the claim on every down-set of thousands of small dags and the bound
// against the exact optimum.
//
// Second, per-step caps from ancestor and descendant counts (tighter on
// small dags, where the envelope's evenly released markers are far from any
// schedule). With a(v) = |ancestors of v| and d(v) = |descendants of v|:
// a node released or a source in a down-set D has all its ancestors in D, so
// with (1)'s reading E(t) = |released(D_t) ∪ sources| − t,
//     E(t) ≤ #{v : a(v) ≤ t} − t;                                          (2)
// and an ELIGIBLE node v after t steps has its ancestors executed and itself
// and its descendants not, so a(v) ≤ t ≤ n − 1 − d(v):
//     E(t) ≤ #{v : a(v) ≤ t ≤ n − 1 − d(v)}.                               (3)
// Both hold with any lower bounds on a(v), d(v) in place of the counts:
// exact (bit-set closure) up to kExactCountNodes nodes, else the longest
// path or the degree, whichever is larger (a(v) ≥ a(p) + 1 for a parent p,
// a(v) ≥ indeg(v)). The bound is Σ_t of the smallest of the caps.
//
// How tight: every Sidney-consistent order releases a block's markers no
// later than its last step, the bound assumes them released evenly through
// it, so the gap is at most half the blocks' own share of Σ_v T_v (the
// 2-approximation argument); the README reports it per workload collection.
#include <algorithm>
#include <bit>
#include <utility>
#include <vector>

#include "area/area.hpp"
#include "common/error.hpp"

namespace ics::area {

__extension__ typedef unsigned __int128 u128;

namespace {

// The walks in id order when the ids are topological (tests: false = always
// Kahn's order; detail::set_area_bound_id_walk).
bool g_id_walk = true;
// Dags of at most two levels take their counts from the degrees (tests:
// false = the walks; detail::set_area_bound_degree_counts).
bool g_degree_counts = true;

// Exact ancestor/descendant counts up to this many nodes (n²/8 bytes of bits).
constexpr NodeId kExactCountNodes = 4096;

// Lower bounds on the number of ancestors (up = true) or descendants of
// every node: exact by bit-set closure on small dags, else the larger of the
// longest path and the degree.
// `ids_topological`: set by the walk up when the ids are in topological
// order, read by the walk down.
std::vector<std::uint32_t> relatives(const Dag& dag, bool up, bool& ids_topological) {
    const NodeId n = dag.node_count();
    const auto topo = dag.topological_order();
    std::vector<std::uint32_t> count(n, 0);
    auto before = [&](NodeId v) { return up ? dag.parents(v) : dag.children(v); };
    auto walk = [&](auto&& f) {
        if (up) for (NodeId v : topo) f(v);
        else for (auto it = topo.rbegin(); it != topo.rend(); ++it) f(*it);
    };
    if (n <= kExactCountNodes) {
        const std::size_t words = (static_cast<std::size_t>(n) + 63) / 64;
        std::vector<std::uint64_t> bits(static_cast<std::size_t>(n) * words, 0);
        walk([&](NodeId v) {
            std::uint64_t* row = &bits[static_cast<std::size_t>(v) * words];
            for (NodeId p : before(v)) {
                const std::uint64_t* prow = &bits[static_cast<std::size_t>(p) * words];
                for (std::size_t w = 0; w < words; ++w) row[w] |= prow[w];
                row[p / 64] |= std::uint64_t{1} << (p % 64);
            }
            std::uint32_t c = 0;
            for (std::size_t w = 0; w < words; ++w) c += static_cast<std::uint32_t>(std::popcount(row[w]));
            count[v] = c;
        });
        return count;
    }
    // Ids in topological order (each parent's id below its child's: most
    // generated and read dags): the walk in id order reads the rows in
    // order and the relatives' counts near by (issue 18: the two walks of
    // a layered 10^6-node dag 69 -> 29 ms). The walk up finds out, stopping
    // at the first parent with a larger id; the walk down then follows.
    if (g_id_walk && (up || ids_topological)) {
        bool in_order = true;
        NodeId i = 0;
        for (; i < n && in_order; ++i) {
            const NodeId v = up ? i : n - 1 - i;
            const auto rel = before(v);
            std::uint32_t c = static_cast<std::uint32_t>(rel.size());
            for (NodeId p : rel) {
                in_order = in_order && (up ? p < v : p > v);
                c = std::max(c, count[p] + 1);
            }
            count[v] = c;
        }
        if (in_order) {
            ids_topological = true;
            return count;
        }
        std::fill(count.begin(), count.begin() + i, 0u);  // (the walk wrote count[0 .. i) only)
    }
    // The relatives' counts sit at random places: load them a few nodes
    // ahead (issue 18: this walk waited on each miss at 10^6 nodes).
    const std::size_t size = topo.size();
    auto at = [&](std::size_t i) { return up ? topo[i] : topo[size - 1 - i]; };
    for (std::size_t i = 0; i < size; ++i) {
        if (i + 16 < size) __builtin_prefetch(before(at(i + 16)).data());
        if (i + 8 < size)
            for (NodeId p : before(at(i + 8))) __builtin_prefetch(&count[p]);
        const NodeId v = at(i);
        const auto rel = before(v);
        std::uint32_t c = static_cast<std::uint32_t>(rel.size());
        for (NodeId p : rel) c = std::max(c, count[p] + 1);
        count[v] = c;
    }
    return count;
}

// Both: the ancestors' lower bounds, then the descendants' (the walk up
// tells the walk down whether the ids are topological).
std::pair<std::vector<std::uint32_t>, std::vector<std::uint32_t>> ancestors_and_descendants(const Dag& dag) {
    // Every arc from a source to a sink (at most two levels: bipartite
    // blocks and their sums): a sink's ancestors are its parents and a
    // source's descendants its children, exactly; no walk (issue 18: the
    // two walks in Kahn's order were ~2% of a 10^6-node sum of blocks).
    if (g_degree_counts && dag.level_count() <= 2) {
        const NodeId n = dag.node_count();
        std::vector<std::uint32_t> anc(n), desc(n);
        for (NodeId v = 0; v < n; ++v) {
            anc[v] = dag.in_degree(v);
            desc[v] = dag.out_degree(v);
        }
        return {std::move(anc), std::move(desc)};
    }
    bool ids_topological = false;
    std::vector<std::uint32_t> anc = relatives(dag, true, ids_topological);
    return {std::move(anc), relatives(dag, false, ids_topological)};
}

}  // namespace

bool detail::set_area_bound_id_walk(bool on) { return std::exchange(g_id_walk, on); }
bool detail::set_area_bound_degree_counts(bool on) { return std::exchange(g_degree_counts, on); }

std::pair<std::vector<std::uint32_t>, std::vector<std::uint32_t>> detail::area_bound_relatives(const Dag& dag) {
    return ancestors_and_descendants(dag);
}

std::uint64_t area_upper_bound(const Dag& dag, const SidneyDecomposition& sd) {
    const NodeId n = dag.node_count();
    // Caps (2) and (3): with_anc[t] = #{v : a(v) ≤ t}, window[t] = #{v : a(v) ≤ t ≤ n − 1 − d(v)},
    // as difference arrays over t summed in the walk over t below (one
    // pass, issue 18). (Counts of at most n nodes: 32 bits, the differences
    // modulo 2^32, whose prefix sums are then the counts exactly.)
    std::vector<std::uint32_t> with_anc(static_cast<std::size_t>(n) + 2, 0), window(static_cast<std::size_t>(n) + 2, 0);
    {
        const auto [anc, desc] = ancestors_and_descendants(dag);
        for (NodeId v = 0; v < n; ++v) {
            ++with_anc[anc[v]];
            const std::int64_t last = static_cast<std::int64_t>(n) - 1 - desc[v];
            if (last >= static_cast<std::int64_t>(anc[v])) {
                ++window[anc[v]];
                --window[static_cast<std::size_t>(last) + 1];
            }
        }
    }
    // The sources: the nodes with no ancestor (every lower bound on a
    // nonsource's ancestors counts its parents).
    const std::uint64_t sources = with_anc[0];
    std::uint64_t bound = 0;
    std::uint64_t before = 0, released_before = 0;  // P_{i-1}, W_{i-1}
    std::uint32_t by_anc_sum = 0, window_sum = 0;   // with_anc[t], window[t] (the differences summed)
    std::size_t summed = 0;                         // differences summed so far: t < summed
    NodeId t = 0;
    for (std::size_t i = 0; i < sd.envelope.size(); ++i) {
        const std::uint64_t s = sd.envelope[i].first, w = sd.envelope[i].second;
        if (s == 0) fail(Errc::internal, "Sidney decomposition: an empty envelope piece");
        if (i > 0) {
            const u128 now = static_cast<u128>(w) * sd.envelope[i - 1].first;
            const u128 prev = static_cast<u128>(sd.envelope[i - 1].second) * s;
            if (now > prev) fail(Errc::internal, "Sidney decomposition: block ratios increase at block " + std::to_string(i));
        }
        // Steps t with P_{i-1} <= t < P_i (the last block also takes t = n).
        // ⌊g(t)⌋ = ⌊(W_{i-1} + ⌊w (t − P_{i-1}) / s⌋) / kEnvelopeScale⌋, the
        // inner quotient q and its remainder r carried from step to step
        // (issue 18: no 128-bit division per step).
        const std::uint64_t end = before + s;
        const u128 start = static_cast<u128>(w) * (t - before);
        u128 q = start / s;
        std::uint64_t r = static_cast<std::uint64_t>(start % s);
        const std::uint64_t dq = w / s, dr = w % s;
        for (; t < end || (i + 1 == sd.envelope.size() && t <= n); ++t) {
            if (t == summed) {  // (t = n may come again with a later piece)
                by_anc_sum += with_anc[t];
                window_sum += window[t];
                ++summed;
            }
            const auto g = static_cast<std::uint64_t>((released_before + q) / kEnvelopeScale);  // ⌊g(t)⌋
            const std::uint64_t by_release = sources + g >= t ? sources + g - t : 0;
            const auto by_ancestors = static_cast<std::uint64_t>(
                std::max<std::int64_t>(static_cast<std::int64_t>(by_anc_sum) - static_cast<std::int64_t>(t), 0));
            const auto by_window = static_cast<std::uint64_t>(window_sum);
            bound += std::min({static_cast<std::uint64_t>(n - t), by_release, by_ancestors, by_window});
            if (t == n) break;
            q += dq;
            r += dr;
            if (r >= s) {
                ++q;
                r -= s;
            }
        }
        before = end;
        released_before += w;
    }
    if (sd.block_count() == 0) return 0;
    return bound;
}

}  // namespace ics::area
