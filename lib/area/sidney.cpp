// The Sidney decomposition of 1|prec|Σ w_j C_j for AREA (area.hpp: jobs are
// the nodes, a unit-weight zero-length marker per nonsource follows its
// parents); sidney_order.cpp runs its blocks in turn.
//
// Sidney (1975): take an initial set I of the remaining jobs (closed under
// predecessors, given the jobs already taken) of largest ratio
// ρ(I) = released(I) / |I|, released(I) = markers whose parents all lie in
// the taken jobs ∪ I with at least one in I; repeat on the rest. Some optimal
// schedule runs the blocks in turn, and every order that does is a
// 2-approximation (Chekuri & Motwani 1999; Margot, Queyranne, Wang 2003):
// within a block every initial subset has ratio ≤ the block's.
//
// Blocks by parametric maximum-weight closure (Picard 1976): for λ = a/b,
// max over initial sets I of f(I) = b·released(I) − a·|I| is a minimum cut
// of the network s → marker (capacity b), job → t (capacity a), marker →
// each parent job and job → each parent job (infinite); the source side of
// the cut is the least maximizer. Released is supermodular on down-sets
// (a marker released by both A and B is released by A ∩ B), so the
// maximizers are nested in λ and the decomposition splits recursively
// (divide and conquer over the node set, as for parametric flows):
// with λ the ratio of the current set U (f(U) = 0), either max f = 0 — then
// no initial subset of U beats U's ratio and U is one block — or the least
// maximizer A (ratio > λ) is decomposed first and U − A (ratio < λ, given A)
// after it. Weakly connected components are decomposed apart (smaller
// networks) and their blocks merged by non-increasing ratio, which is the
// decomposition of their sum (released and |I| add over components);
// components of at most 64 nodes are split in local ids over bit masks
// (Decomposer's local mode: sums of ~50,000 small blocks); those of two
// levels with at most 12 nodes that have children find each least
// maximizer by enumerating those nodes' subsets over a table of released
// counts (Decomposer::enumerate_split) instead of a max-flow: the same
// blocks.
// Max-flow: Dinic over flat arrays (one CSR network per call, buffers
// reused across calls; networks of at most 64 vertices in fixed arrays,
// SmallMaxFlow, with the same traversal); networks of 2^10 vertices or more run the first
// phase of highest-label push-relabel on the reversed network instead
// (push_relabel.hpp: Dinic's phases grow with the depth of these networks;
// Erdős–Rényi 10^4 nodes, 4 arcs/node: the whole decomposition in 24M units
// of work instead of 59M). The least maximizer is the source side of the
// minimum cut reachable in the residual network, which every maximum flow
// leaves the same: any max-flow algorithm gives the same decomposition.
//
// Work budget (issue 18): the divide and conquer can run a max-flow per
// block, each over the set still to split, so its cost grows with the
// number of blocks times the dag. Every arc the decomposition builds or
// scans counts one unit of work over all calls (an enumeration, one per 8
// subsets it evaluates); past the budget
// (sidney_work_budget: a multiple of n + arcs plus a constant, so small dags
// never reach it; each weakly connected component gets its share, by nodes
// + arcs, plus what earlier ones left) a max-flow stops where it is and
// every set of that component not yet split stays one block. Such a set is still an initial set of the dag left after
// the blocks before it, so the order stays a valid schedule that runs proven
// Sidney blocks in turn, but inside an unsplit set it is only greedy (no
// 2-approximation guarantee there); SidneyDecomposition::complete says so.
//
// Shortcuts that keep every block, count and unit of work (issue 18; test
// hook detail::set_sidney_shortcuts): a whole component whose first scan or
// network would pass its share is stopped with that work counted from its
// degrees (Decomposer::predict_whole: a giant component past its share was
// scanned in full for nothing); a one-block component's released count is
// its nodes with a parent not taken; a cut component's envelope weights
// come from a table and a radix sort; pieces already in order are not
// sorted again. The dag's components can be found once for the budget and
// the decomposition (sidney_components).
#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <numeric>
#include <queue>
#include <span>
#include <tuple>
#include <type_traits>
#include <unordered_map>
#include <utility>

#include "area/area.hpp"
#include "area/flow_network.hpp"
#include "area/push_relabel.hpp"
#include "common/cpu.hpp"
#include "common/error.hpp"

namespace ics::area {

__extension__ typedef unsigned __int128 u128;

namespace {

using Capacity = long long;

// Residual capacities in 32 bits while they fit (flow_network.hpp), with
// this limit; 0: always wide (tests). g_narrow_restarts counts the calls
// started over wide.
std::uint64_t g_narrow_limit = 0xFFFFFFFEu;
// (The counters below: relaxed atomics, as decompositions run on several threads.)
std::atomic<std::uint64_t> g_narrow_restarts{0};
// Networks of at least this many vertices run push-relabel instead of Dinic
// (tests: 0 = always, max = never).
std::uint32_t g_push_relabel_vertices = 1u << 10;
// Dinic's BFS over words of residual heads on networks of ≤ 64 vertices
// (levels_by_words; tests: false = always the scanning one).
bool g_small_bfs = true;
// Decomposer::predict_whole and the envelope's shortcuts in
// sidney_decomposition (tests: false = the plain paths).
bool g_shortcuts = true;
std::atomic<std::uint64_t> g_predicted_stops{0};  // detail::sidney_predicted_stops

// Dinic's BFS on a network of at most 64 vertices whose residual heads are
// words (res[x]: bit y when x -> y has residual), a level at a time by
// OR-ing words: the vertices of levels below t's are expanded, each
// counting its arcs (scanned or not: start[] is the CSR), t's level is
// labelled and not expanded, as the scanning BFS's queue does: the same
// levels and the same work (added to `work`). False when t is unreachable.
// `at_level` (or nullptr): each level's vertices as a word, up to t's
// level, and an empty word after it.
template <class Offset>
bool levels_by_words(const Offset* start, const std::uint64_t* res, std::int32_t* level, std::uint32_t n,
                     std::uint32_t s, std::uint32_t t, std::uint64_t& work, std::uint64_t* at_level = nullptr) {
    work += n;
    std::fill(level, level + n, -1);
    level[s] = 0;
    std::uint64_t seen = std::uint64_t{1} << s, frontier = seen;
    if (at_level) at_level[0] = seen;
    for (std::int32_t d = 1; frontier != 0; ++d) {
        std::uint64_t next = 0;
        for (std::uint64_t f = frontier; f != 0; f &= f - 1) {
            const auto u = static_cast<std::uint32_t>(std::countr_zero(f));
            work += start[u + 1] - start[u];
            next |= res[u];
        }
        next &= ~seen;
        seen |= next;
        for (std::uint64_t f = next; f != 0; f &= f - 1) level[std::countr_zero(f)] = d;
        if (at_level) {
            at_level[d] = next;
            at_level[d + 1] = 0;
        }
        if ((next >> t) & 1) break;
        frontier = next;
    }
    return level[t] >= 0;
}

// One phase of Dinic's DFS after a BFS labelled `level`: from s, each step
// scans the current vertex's arcs from its cursor for one with residual
// into the next level (one unit of work per arc scanned) and follows it,
// or retreats from a dead end (its level then -1, its parent's cursor
// past the arc); at t, `augment(depth)` pushes the path path[0 .. depth)
// and returns its first saturated arc's index, or -1 to abandon the run
// (a narrow residual's overflow), and the path's length is counted. 0 when
// s is dead, -1 when `work` passed `limit` (checked before each step),
// -2 when augment abandoned.
//
// kWords (networks of at most 64 vertices): `res` holds each vertex's
// residual heads as a word and `at_level` each level's live vertices
// (levels_by_words; a dead end leaves its word). A vertex's admissible
// heads are then res[v] & at_level[level[v] + 1], and all its admissible
// arcs lie at or past its cursor (within a phase no arc becomes
// admissible: flow along x -> y, a level up, raises only y -> x's
// residual, a level down; levels only turn -1; an arc passed was not
// admissible or led to a dead end): with none, the scan to the arc list's
// end is counted, not done; else the scan tests heads by bit. The same
// steps and work.
template <bool kWords = false, class Arc, class Offset, class Augment>
int dinic_phase(const Arc* arc, const Offset* start, Offset* cursor, std::int32_t* level, Offset* path, std::uint32_t n,
                std::uint32_t s, std::uint32_t t, std::uint64_t& work, std::uint64_t limit, Augment&& augment,
                const std::uint64_t* res = nullptr, std::uint64_t* at_level = nullptr) {
    std::copy(start, start + n, cursor);
    std::uint32_t depth = 0;  // path[0 .. depth): the arcs from s to v
    std::uint32_t v = s;
    for (;;) {
        if (work > limit) return -1;
        if (v == t) {
            const std::int64_t cut = augment(depth);
            if (cut < 0) return -2;
            work += depth;
            depth = static_cast<std::uint32_t>(cut);
            v = depth == 0 ? s : arc[path[depth - 1]].to;
            continue;
        }
        const std::uint32_t end = start[v + 1];
        const std::int32_t next_level = level[v] + 1;
        std::uint32_t e = cursor[v];
        bool advanced = false;
        if constexpr (kWords) {
            const std::uint64_t heads = res[v] & at_level[next_level];
            if (heads == 0) {
                work += end - e;
                e = end;
            } else {
                for (; e < end; ++e) {
                    ++work;
                    if ((heads >> arc[e].to) & 1) {
                        advanced = true;
                        break;
                    }
                }
            }
        } else {
            for (; e < end; ++e) {
                ++work;
                const Arc& a = arc[e];
                if (a.cap > 0 && level[a.to] == next_level) {
                    advanced = true;
                    break;
                }
            }
        }
        cursor[v] = static_cast<Offset>(e);
        if (advanced) {
            path[depth++] = static_cast<Offset>(e);
            v = arc[e].to;
            continue;
        }
        if (v == s) return 0;
        if constexpr (kWords) at_level[level[v]] &= ~(std::uint64_t{1} << v);
        level[v] = -1;  // dead end in this phase
        const Offset back = path[--depth];
        v = arc[arc[back].rev].to;
        ++cursor[v];
    }
}

// Dinic's maximum flow (flow_network.hpp's storage). The DFS is iterative
// (closure networks of deep dags have long paths of infinite arcs).
template <class Cap>
class MaxFlow : public detail::FlowNetwork<Cap> {
    using Net = detail::FlowNetwork<Cap>;
    using Net::arc_;
    using Net::arcs_;
    using Net::cursor_;
    using Net::n_;
    using Net::start_;

public:
    static constexpr bool kReversed = false;  // runs on the network as built
    void layout() {
        Net::layout();
        level_.resize(n_);
        // Networks of at most 64 vertices (sums of small blocks: ~10^5 of
        // ~30 vertices, issue 18) keep each vertex's residual heads as one
        // word: the BFS then expands a whole level by OR-ing words instead
        // of scanning arcs. One bit per head is one arc per head: a closure
        // network never holds two arcs x -> y (the dag's arcs are merged,
        // each marker's arcs go to distinct parents, and x -> y beside the
        // reverse of y -> x would need both directions among job -> parent,
        // marker -> parent, s -> marker, job -> t).
        small_ = g_small_bfs && n_ <= 64;
        if (small_) res_.assign(n_, 0);
    }
    // c < 0: infinite (FlowNetwork::add), and the word of residual heads.
    void add(std::uint32_t u, std::uint32_t v, Capacity c) {
        Net::add(u, v, c);
        if (small_ && c != 0) res_[u] |= std::uint64_t{1} << v;
    }
    // The maximum flow from s to t, or -1 when `work` (arcs scanned, added
    // to) passes `limit` first, or -2 (narrow only) when a residual would
    // pass `narrow` (work is then left where it stopped).
    //
    // The arrays are read through local pointers and the work is counted in
    // a local (written back on every return): through `this` and the
    // caller's counter the compiler reloaded them after every store (the
    // Sidney decomposition of sums of small blocks runs ~10^6 such small
    // networks, issue 18). The traversal and the work counted are those of
    // the plain loops.
    Capacity run(std::uint32_t s, std::uint32_t t, std::uint64_t& work_out, std::uint64_t limit, std::uint64_t narrow) {
        std::uint64_t work = work_out + 2 * arcs_;
        struct Flush {  // writes the local count back on every return
            std::uint64_t& out;
            const std::uint64_t& local;
            ~Flush() { out = local; }
        } flush{work_out, work};
        queue_.resize(n_);
        path_.resize(n_);
        auto* const arc = arc_.data();
        const std::uint32_t* const start = start_.data();
        std::uint32_t* const cursor = cursor_.data();
        std::int32_t* const level = level_.data();
        std::uint32_t* const path = path_.data();
        Capacity total = 0;
        while (bfs(s, t, work)) {
            if (work > limit) return -1;
            const int phase = dinic_phase(arc, start, cursor, level, path, n_, s, t, work, limit, [&](std::uint32_t depth) {
                Capacity f = std::numeric_limits<Capacity>::max();
                for (std::size_t i = 0; i < depth; ++i) f = std::min(f, Net::residual(path[i], f));
                std::uint32_t cut = depth;
                for (std::uint32_t i = 0; i < depth; ++i) {
                    if (!Net::move(path[i], f, narrow)) return std::int64_t{-1};
                    if (small_) {  // the arc's head loses its residual iff saturated; its tail gains one
                        const auto& a = arc[path[i]];
                        const std::uint32_t tail = arc[a.rev].to;
                        if (a.cap == 0) res_[tail] &= ~(std::uint64_t{1} << a.to);
                        res_[a.to] |= std::uint64_t{1} << tail;
                    }
                    if (arc[path[i]].cap == 0 && cut == depth) cut = i;
                }
                total += f;
                return std::int64_t{cut};
            });
            if (phase < 0) return phase;
        }
        return total;
    }
    // After run: whether v is reachable from s along arcs with residual
    // capacity (the last BFS, which did not reach t, was complete).
    bool source_side(std::uint32_t v) const { return level_[v] >= 0; }
    // Gives the buffers back (after a giant component).
    void release() { *this = MaxFlow(); }

private:
    // Levels from s over residual arcs; vertices at t's level or deeper are
    // not expanded. False when t is unreachable.
    bool bfs(std::uint32_t s, std::uint32_t t, std::uint64_t& work_out) {
        if (small_) return levels_by_words(start_.data(), res_.data(), level_.data(), n_, s, t, work_out);
        std::uint64_t work = work_out + n_;
        std::int32_t* const level = level_.data();
        std::uint32_t* const queue = queue_.data();
        const auto* const arc = arc_.data();
        const std::uint32_t* const start = start_.data();
        std::fill(level, level + n_, -1);
        std::size_t tail = 0;
        queue[tail++] = s;
        level[s] = 0;
        for (std::size_t h = 0; h < tail; ++h) {
            const std::uint32_t u = queue[h];
            if (level[t] >= 0 && level[u] >= level[t]) break;
            work += start[u + 1] - start[u];
            const std::int32_t next = level[u] + 1;
            for (std::uint32_t e = start[u]; e < start[u + 1]; ++e) {
                const auto& a = arc[e];
                if (a.cap > 0 && level[a.to] < 0) {
                    level[a.to] = next;
                    queue[tail++] = a.to;
                }
            }
        }
        work_out = work;
        return level[t] >= 0;
    }

    std::vector<std::uint32_t> queue_, path_;
    std::vector<std::int32_t> level_;
    std::vector<std::uint64_t> res_;  // small_: each vertex's residual heads as bits
    bool small_ = false;
};

// Dinic on networks of at most 64 vertices (sums of small blocks: ~135,000
// max-flows of ~30 vertices at 10^6 nodes, issue 18), in fixed arrays
// sized once: no count / layout / add passes of FlowNetwork over a list, no
// vectors resized per call, 8-byte arcs with byte heads. The same CSR (each
// vertex's arcs in the order listed, forward and reverse), the same BFS
// (levels_by_words: levels over words of residual heads) and DFS, hence
// the same flow, least maximizer and work, stopping at the same points.
// Residuals in 32 bits: finite capacities are at most 63 here, an infinite
// arc holds 2^30 and takes arithmetic (its flow is at most the total,
// ≤ 63²), so no call starts over wide (the generic path is taken when a
// test's narrow limit is below the capacities). Test hook
// detail::set_sidney_small_networks.
bool g_small_networks = true;
// Each vertex's arc count in Decomposer::least_maximizer_local's network
// (s, t, u's jobs in order, then the markers): s's to the markers, t's from
// the jobs, a job's to t, to its parents in u, from its children in u and
// from the markers among its children; a marker's from s and to its parents
// in u. By popcounts: compiled for POPCNT and run only where the CPU has
// it (cpu_has_popcnt: std::popcount is a libgcc call otherwise).
#if defined(__x86_64__) && defined(__GNUC__)
[[gnu::target("popcnt")]]
#endif
void local_degrees(std::uint16_t* d, std::uint64_t u, std::uint64_t released, const std::uint8_t* marker,
                   std::uint32_t weight, const std::uint64_t* parents, const std::uint64_t* children) {
    d[0] = static_cast<std::uint16_t>(weight);
    std::uint32_t i = 2;
    for (std::uint64_t b = u; b != 0; b &= b - 1, ++i) {
        const int x = std::countr_zero(b);
        d[i] = static_cast<std::uint16_t>(1 + std::popcount(parents[x] & u) + std::popcount(children[x] & u) +
                                          std::popcount(children[x] & released));
    }
    d[1] = static_cast<std::uint16_t>(i - 2);
    for (std::uint32_t k = 0; k < weight; ++k, ++i) d[i] = static_cast<std::uint16_t>(1 + std::popcount(parents[marker[k]] & u));
}

// Decomposer's local mode for components of at most 64 nodes (test hook
// detail::set_sidney_local_components: false = the dag-wide path).
bool g_local_components = true;
// The local mode's networks counted from the masks and placed without a
// list (SmallMaxFlow::begin_counted, local_degrees; detail::set_sidney_direct_build).
bool g_direct_build = true;
// Two-level components of the local mode split by enumerating source
// subsets (Decomposer::enumerate_split; detail::set_sidney_enumeration).
bool g_enumeration = true;
std::atomic<std::uint64_t> g_enumerated{0};  // detail::sidney_enumerated_splits
// popcount(t) for t < 2^12, as bytes (Decomposer::enumerate_split's loop
// reads it beside the table).
constexpr std::array<std::uint8_t, 4096> kPopcount12 = [] {
    std::array<std::uint8_t, 4096> t{};
    for (std::uint32_t x = 0; x < 4096; ++x) t[x] = static_cast<std::uint8_t>(std::popcount(x));
    return t;
}();

class SmallMaxFlow {
public:
    static constexpr std::uint32_t kMaxVertices = 64;
    // At most one arc between two vertices (MaxFlow::layout), so at most
    // 64 · 63 / 2 arcs, each stored with its reverse.
    static constexpr std::uint32_t kMaxArcs = kMaxVertices * (kMaxVertices - 1) / 2;

    void begin(std::uint32_t vertices) {
        if (arc_.empty()) {
            arc_.resize(2 * kMaxArcs);
            listed_.resize(kMaxArcs);
        }
        n_ = vertices;
        arcs_ = 0;
        std::fill(start_, start_ + n_ + 1, 0);
    }
    // Lists arc u -> v (c < 0: infinite), counting both ends.
    void list(std::uint32_t u, std::uint32_t v, Capacity c) {
        listed_[arcs_++] = {static_cast<std::uint8_t>(u), static_cast<std::uint8_t>(v),
                            c < 0 ? kInfinite : static_cast<std::uint32_t>(c)};
        ++start_[u + 1];
        ++start_[v + 1];
    }
    std::uint32_t arc_count() const noexcept { return arcs_; }
    // The local mode's networks (Decomposer::least_maximizer_local) skip
    // the list: `degrees(d)` writes each vertex x's arc count (forward and
    // reverse) to d[x], then place() takes the arcs in list order: the same
    // CSR as list + build, without the list's stores and reloads or the
    // two counts per arc. Test hook detail::set_sidney_direct_build.
    template <class Degrees>
    void begin_counted(std::uint32_t vertices, Degrees&& degrees) {
        begin(vertices);
        degrees(start_ + 1);
        for (std::uint32_t x = 0; x < n_; ++x) start_[x + 1] += start_[x];
        arcs_ = start_[n_] / 2u;
        std::copy(start_, start_ + n_, cursor_);
        std::fill(res_, res_ + n_, 0);
    }
    // Places arc u -> v (c < 0: infinite) after begin_counted, as build() does.
    void place(std::uint32_t u, std::uint32_t v, Capacity c) {
        const std::uint16_t a = cursor_[u]++, b = cursor_[v]++;
        Arc* const arc = arc_.data();
        arc[a] = {c < 0 ? kInfinite : static_cast<std::uint32_t>(c), b, static_cast<std::uint8_t>(v)};
        arc[b] = {0, a, static_cast<std::uint8_t>(u)};
        res_[u] |= std::uint64_t{1} << v;
    }
    // Places the listed arcs (FlowNetwork::layout then add, in list order).
    void build() {
        for (std::uint32_t x = 0; x < n_; ++x) start_[x + 1] += start_[x];
        std::copy(start_, start_ + n_, cursor_);
        std::fill(res_, res_ + n_, 0);
        Arc* const arc = arc_.data();
        for (std::uint32_t k = 0; k < arcs_; ++k) {
            const Listed l = listed_[k];
            const std::uint16_t a = cursor_[l.from]++, b = cursor_[l.to]++;
            arc[a] = {l.cap, b, l.to};
            arc[b] = {0, a, l.from};
            res_[l.from] |= std::uint64_t{1} << l.to;  // (capacities here are never 0)
        }
    }
    // MaxFlow::run from s = 0 to t = 1 on the built network.
    Capacity run(std::uint64_t& work_out, std::uint64_t limit) {
        std::uint64_t work = work_out + 2 * std::uint64_t{arcs_};
        struct Flush {
            std::uint64_t& out;
            const std::uint64_t& local;
            ~Flush() { out = local; }
        } flush{work_out, work};
        constexpr std::uint32_t s = 0, t = 1;
        Arc* const arc = arc_.data();
        Capacity total = 0;
        while (bfs(work)) {
            if (work > limit) return -1;
            const int phase = dinic_phase<true>(arc, start_, cursor_, level_, path_, n_, s, t, work, limit, [&](std::uint32_t depth) {
                std::uint32_t f = kInfinite;
                for (std::uint32_t i = 0; i < depth; ++i) f = std::min(f, arc[path_[i]].cap);
                std::uint32_t cut = depth;
                for (std::uint32_t i = 0; i < depth; ++i) {
                    Arc& a = arc[path_[i]];
                    Arc& r = arc[a.rev];
                    a.cap -= f;
                    r.cap += f;
                    // The arc's head leaves its tail's residual heads iff saturated; the tail joins the head's.
                    if (a.cap == 0) {
                        res_[r.to] &= ~(std::uint64_t{1} << a.to);
                        if (cut == depth) cut = i;
                    }
                    res_[a.to] |= std::uint64_t{1} << r.to;
                }
                total += f;
                return std::int64_t{cut};
            }, res_, at_level_);
            if (phase < 0) return phase;
        }
        return total;
    }
    // After run: whether v is reachable from s in the residual network.
    bool source_side(std::uint32_t v) const { return level_[v] >= 0; }

private:
    static constexpr std::uint32_t kInfinite = std::uint32_t{1} << 30;
    struct Arc {
        std::uint32_t cap;
        std::uint16_t rev;
        std::uint8_t to;
    };
    struct Listed {
        std::uint8_t from, to;
        std::uint32_t cap;
    };

    // The same levels and work as the scanning BFS.
    bool bfs(std::uint64_t& work) { return levels_by_words(start_, res_, level_, n_, 0, 1, work, at_level_); }

    std::uint32_t n_ = 0, arcs_ = 0;
    std::uint16_t start_[kMaxVertices + 1] = {}, cursor_[kMaxVertices] = {}, path_[kMaxVertices] = {};
    std::int32_t level_[kMaxVertices] = {};
    std::uint64_t res_[kMaxVertices] = {};
    std::uint64_t at_level_[kMaxVertices + 2] = {};  // each level's live vertices (dinic_phase)
    std::vector<Arc> arc_;
    std::vector<Listed> listed_;
};

// Whether the enumeration's passes take their AVX2 copies where the CPU
// has AVX2 (detail::set_sidney_avx2; tests run both).
bool g_avx2 = true;
#if defined(__x86_64__) && defined(__GNUC__)
#define ICS_SIDNEY_AVX2 1
#define ICS_INLINE_SCAN [[gnu::always_inline]] inline
#else
#define ICS_INLINE_SCAN inline
#endif

// Decomposer::build_table's subset-sum (zeta) transform of byte counts, 8
// per word (`bits` subset bits, `words` words; no count passes 63, so no
// carry crosses a byte): within each word, then between words.
ICS_INLINE_SCAN void subset_sums_body(std::uint64_t* w, std::uint32_t bits, std::uint32_t words) {
    constexpr std::uint64_t kLow[3] = {0x00FF00FF00FF00FFu, 0x0000FFFF0000FFFFu, 0x00000000FFFFFFFFu};
    for (std::uint32_t i = 0; i < std::min<std::uint32_t>(bits, 3); ++i)
        for (std::uint32_t k = 0; k < words; ++k) w[k] += (w[k] & kLow[i]) << (8u << i);
    std::uint32_t half = 1;
    if (words >= 4) {  // the first two passes a group of 4 words at a time (the others' runs vectorize)
        for (std::uint32_t k = 0; k < words; k += 4) {
            w[k + 1] += w[k];
            w[k + 3] += w[k + 2];
            w[k + 2] += w[k];
            w[k + 3] += w[k + 1];
        }
        half = 4;
    }
    for (; half < words; half *= 2)
        for (std::uint32_t base = 0; base < words; base += 2 * half)
            for (std::uint32_t z = 0; z < half; ++z) w[base + half + z] += w[base + z];
}
#ifdef ICS_SIDNEY_AVX2
[[gnu::target("avx2")]] void subset_sums_avx2(std::uint64_t* w, std::uint32_t bits, std::uint32_t words) {
    subset_sums_body(w, bits, words);
}
#endif
void subset_sums(std::uint64_t* w, std::uint32_t bits, std::uint32_t words) {
#ifdef ICS_SIDNEY_AVX2
    static const bool avx2 = __builtin_cpu_supports("avx2");
    if (avx2 && g_avx2) return subset_sums_avx2(w, bits, words);
#endif
    subset_sums_body(w, bits, words);
}

// Decomposer::enumerate_split's passes over the table: f(S) = b · (r[S] -
// base) - a · |S| for S in 0 .. m - 1 (r: R from d on), the floor for the S
// with a bit in `outside`, into f; returns max f (at least 0, f(∅)) and
// leaves in `least` the AND of the S that reach it. Straight loops over
// 16-bit lanes, which vectorize (with AVX2 where the CPU has it: twice the
// lanes).
ICS_INLINE_SCAN std::int16_t best_subsets_body(const std::uint8_t* r, std::int16_t base, std::int16_t b, std::int16_t a,
                                               std::uint16_t outside, std::uint32_t m, std::int16_t* f,
                                               std::uint16_t& least) {
    std::int16_t best = 0;
    for (std::uint32_t i = 0; i < m; ++i) {
        const auto t = static_cast<std::uint16_t>(i);
        // (Masks rather than a branch.)
        const auto keep = static_cast<std::int16_t>(-static_cast<std::int16_t>((t & outside) == 0));
        const auto v = static_cast<std::int16_t>(b * (r[i] - base) - a * kPopcount12[i]);
        const auto x = static_cast<std::int16_t>((v & keep) | (~keep & std::int16_t{-32768}));
        f[i] = x;
        best = best > x ? best : x;
    }
    std::uint16_t all = 0xFFFF;
    for (std::uint32_t i = 0; i < m; ++i) {
        const auto t = static_cast<std::uint16_t>(i);
        all &= f[i] == best ? t : std::uint16_t{0xFFFF};
    }
    least = all;
    return best;
}
#ifdef ICS_SIDNEY_AVX2
[[gnu::target("avx2")]] std::int16_t best_subsets_avx2(const std::uint8_t* r, std::int16_t base, std::int16_t b,
                                                       std::int16_t a, std::uint16_t outside, std::uint32_t m,
                                                       std::int16_t* f, std::uint16_t& least) {
    return best_subsets_body(r, base, b, a, outside, m, f, least);
}
#endif
std::int16_t best_subsets(const std::uint8_t* r, std::int16_t base, std::int16_t b, std::int16_t a, std::uint16_t outside,
                          std::uint32_t m, std::int16_t* f, std::uint16_t& least) {
#ifdef ICS_SIDNEY_AVX2
    static const bool avx2 = __builtin_cpu_supports("avx2");
    if (avx2 && g_avx2) return best_subsets_avx2(r, base, b, a, outside, m, f, least);
#endif
    return best_subsets_body(r, base, b, a, outside, m, f, least);
}

// Decomposes one weakly connected component (its nodes in `comp`) into
// blocks (node sets, in order) appended to `out`. `done` marks the jobs
// already taken. The blocks' released counts are filled in afterwards.
class Decomposer {
public:
    Decomposer(const Dag& dag, std::span<const NodeId> taken)
        : dag_(dag), done_(dag.node_count(), 0) {
        for (NodeId v : taken) done_[v] = 1;
    }

    // `limit`: the total work allowed once this component is done.
    // True when the budget stopped the splitting in this component.
    // Blocks go to `nodes` (block after block), each closed by an entry of
    // `ends` (its end in `nodes`). `comp` (in id order) is reordered in place.
    // `missing`: each node's parents not taken; `size`: the component's
    // nodes + arcs (both for predicting the first scan, least_maximizer).
    bool run(std::span<NodeId> comp, std::uint64_t limit, std::vector<NodeId>& nodes, std::vector<std::uint32_t>& ends,
             const std::uint32_t* missing, std::uint64_t size) {
        budget_ = limit;
        exhausted_ = false;
        local_released_.clear();
        released_known_ = false;
        // The local mode's masks first: predict_whole counts a two-level
        // component's first split as its enumeration, not as a network.
        const bool local = g_local_components && comp.size() <= kLocalNodes && local_view(comp);
        enum_sources_ = 0;
        if (local) prepare_enumeration(static_cast<std::uint32_t>(comp.size()), size);
        // The first call's scan and network (least_maximizer on the whole
        // component) cost at most 8 × size: predicted only when that could
        // pass the budget (a giant component past its share, issue 18).
        // (An enumeration may cost more; unpredicted, run_local stops at the
        // same unit of work.)
        if (g_shortcuts && work_ + 8 * size > budget_ && comp.size() > 1 && predict_whole(comp, missing)) {
            g_predicted_stops.fetch_add(1, std::memory_order_relaxed);
            any_exhausted_ = true;
            ++unsplit_;
            for (NodeId v : comp) done_[v] = 1;
            nodes.insert(nodes.end(), comp.begin(), comp.end());  // (in id order: one block)
            ends.push_back(static_cast<std::uint32_t>(nodes.size()));
            return exhausted_ = true;
        }
        if (local) return run_local(comp, nodes, ends);
        // The sets still to split, as segments of the component's nodes (no
        // vector per set): the last segment is the next set; a split rewrites
        // its segment as the rest then the least maximizer, each in the set's order.
        const std::span<NodeId> buf = comp;
        std::vector<std::pair<std::uint32_t, std::uint32_t>>& stack = segments_;
        stack.assign(1, {0u, static_cast<std::uint32_t>(buf.size())});
        while (!stack.empty()) {
            const auto [from, to] = stack.back();
            stack.pop_back();
            const std::span<NodeId> u(buf.data() + from, to - from);
            std::size_t a = 0;
            if (!exhausted_) a = least_maximizer(u);
            if (a == 0) {  // u is one block (or the budget is spent)
                if (exhausted_ && u.size() > 1) ++unsplit_;
                any_exhausted_ = any_exhausted_ || exhausted_;
                for (NodeId v : u) done_[v] = 1;
                std::sort(u.begin(), u.end());
                nodes.insert(nodes.end(), u.begin(), u.end());
                ends.push_back(static_cast<std::uint32_t>(nodes.size()));
                continue;
            }
            for (NodeId v : a_) in_u_[v] = 2;
            std::size_t r = 0;
            for (NodeId v : u)
                if (in_u_[v] != 2) u[r++] = v;
            std::copy(a_.begin(), a_.end(), u.begin() + static_cast<std::ptrdiff_t>(r));
            for (NodeId v : a_) in_u_[v] = 0;
            const auto mid = static_cast<std::uint32_t>(from + r);
            stack.emplace_back(from, mid);  // the rest, after a
            stack.emplace_back(mid, to);
        }
        return exhausted_;
    }
    bool exhausted() const noexcept { return any_exhausted_; }
    // After run() in local mode: each block's released count (markers whose
    // last parent not taken lies in it), in the order of `ends`; else null.
    const std::vector<std::uint64_t>* released() const noexcept {
        return released_known_ ? &local_released_ : nullptr;
    }
    // What run() on a copy of an earlier component does, without the work:
    // its nodes taken, the work the earlier run spent counted (ComponentMemo).
    void replay(std::span<const NodeId> comp, std::uint64_t spent) {
        for (NodeId v : comp) done_[v] = 1;
        work_ += spent;
    }
    // Gives the networks' buffers back (kept for the next component otherwise).
    void release_networks() {
        narrow_.release();
        wide_.release();
        pr_narrow_.release();
        pr_wide_.release();
    }
    std::uint64_t unsplit() const noexcept { return unsplit_; }
    std::uint64_t work() const noexcept { return work_; }

private:
    // Whether least_maximizer on the whole component `comp` (more than one
    // node) would stop at the budget before its max-flow runs, counting
    // then the work it would: its scan (each node's children, and the
    // parents of each child reached: every node with a parent not taken,
    // as all its parents not taken lie in the component) and, past it, the
    // network it would count (2 units per arc: each node -> t and -> its
    // parents not taken, s -> each marker and each marker -> its parents
    // not taken; the markers are those nodes) before building it. The same
    // work, the same stop: the scan and the network skipped.
    bool predict_whole(std::span<const NodeId> comp, const std::uint32_t* missing) {
        std::uint64_t scan = 0, markers = 0, arcs_in = 0;
        for (NodeId v : comp) {
            scan += dag_.children(v).size();
            if (missing[v] > 0) {
                scan += dag_.in_degree(v);
                ++markers;
                arcs_in += missing[v];
            }
        }
        if (markers == 0) return false;  // no marker: the scan finds u one block
        if (work_ + scan > budget_) {
            work_ += scan;
            return true;
        }
        if (enum_sources_ != 0) {  // enumerate_split's first call: the table, then every subset
            const std::uint64_t cost = 2 * enumeration_unit();
            if (work_ + scan + cost > budget_) {
                work_ += scan + cost;
                return true;
            }
            return false;
        }
        const std::uint64_t network = comp.size() + 2 * arcs_in + markers;
        if (work_ + scan + 2 * network > budget_) {
            work_ += scan + 2 * network;
            return true;
        }
        return false;
    }

    // 0 when no initial subset of u has a larger ratio than u (u is a block)
    // or the budget ran out (exhausted_), else the size of the least
    // maximizer of f, which a_ then holds (in u's order).
    std::size_t least_maximizer(std::span<const NodeId> u) {
        if (stamp_.empty()) {  // at the first call (none when every component is stopped or copied: no pages touched)
            const NodeId n = dag_.node_count();
            in_u_.assign(n, 0);
            local_.assign(n, 0);
            stamp_.assign(n, 0);
        }
        ++round_;
        for (std::uint32_t i = 0; i < u.size(); ++i) {
            in_u_[u[i]] = 1;
            local_[u[i]] = i;
        }
        // Markers released within u: every parent taken or in u, one in u.
        std::vector<NodeId>& markers = markers_;  // reused across calls
        markers.clear();
        for (NodeId j : u)
            for (NodeId v : dag_.children(j)) {
                ++work_;
                if (stamp_[v] == round_) continue;
                stamp_[v] = round_;
                const auto ps = dag_.parents(v);
                work_ += ps.size();
                if (std::all_of(ps.begin(), ps.end(), [&](NodeId p) { return done_[p] || in_u_[p]; }))
                    markers.push_back(v);
            }
        std::vector<NodeId>& a = a_;
        a.clear();
        const auto size = static_cast<Capacity>(u.size());
        const auto weight = static_cast<Capacity>(markers.size());
        if (u.size() > 1 && weight > 0 && work_ > budget_) exhausted_ = true;
        if (u.size() > 1 && weight > 0 && !exhausted_) {
            // Vertices: 0 = s, 1 = t, 2 + i = job u[i], 2 + |u| + m = marker m.
            const Capacity inf = -1;  // MaxFlow::add: infinite
            auto arcs = [&](auto&& arc) {
                for (std::uint32_t i = 0; i < u.size(); ++i) {
                    arc(2 + i, 1, weight);
                    for (NodeId p : dag_.parents(u[i]))
                        if (in_u_[p]) arc(2 + i, 2 + local_[p], inf);
                }
                for (std::size_t m = 0; m < markers.size(); ++m) {
                    const auto mv = static_cast<std::uint32_t>(2 + u.size() + m);
                    arc(0, mv, size);
                    for (NodeId p : dag_.parents(markers[m]))
                        if (in_u_[p]) arc(mv, 2 + local_[p], inf);
                }
            };
            auto bound = [&] {
                std::size_t b = u.size() + markers.size();
                for (NodeId j : u) b += dag_.in_degree(j);
                for (NodeId m : markers) b += dag_.in_degree(m);
                return b;
            };
            if (max_flow_split(size, weight, bound, arcs)) {
                for (std::uint32_t i = 0; i < u.size(); ++i)
                    if (source_side(2 + i)) a.push_back(u[i]);
                if (a.empty() || a.size() == u.size())
                    fail(Errc::internal, "Sidney decomposition: the least maximizer is empty or the whole set");
            }
        }
        for (NodeId v : u) in_u_[v] = 0;
        return a.size();
    }

    // Local mode: a component of at most 64 nodes, in id order, is
    // decomposed in local ids (its nodes' positions), each node's children
    // and parents not taken as bit masks, each set to split as a mask.
    // Every set run() splits is a subsequence of the component in id order
    // (a split keeps the set's order in both parts), so a mask's bits in
    // increasing order are that set in run()'s order, and the dag's
    // children and parent lists (in increasing id) are the masks' bits in
    // increasing order: least_maximizer_local finds the same markers in the
    // same order, counts the same work and lists the same network in the
    // same arc order. No dag-wide array is read per call (in_u_, local_,
    // stamp_, done_ stay untouched: the component's done nodes are a mask,
    // and no other component reads them, as a node's parents not taken lie
    // in its component). Test hook detail::set_sidney_local_components.
    static constexpr std::size_t kLocalNodes = 64;

    // The masks of `comp` (its nodes in increasing id, else false).
    bool local_view(std::span<const NodeId> comp) {
        const auto k = static_cast<std::uint32_t>(comp.size());
        for (std::uint32_t i = 1; i < k; ++i)
            if (comp[i] <= comp[i - 1]) return false;
        // Consecutive ids (a file's components as written) map by an
        // offset, others through local_of_.
        const NodeId first = comp.front();
        const bool consecutive = comp.back() - first + 1 == k;
        if (!consecutive) {
            if (local_of_.empty()) local_of_.assign(dag_.node_count(), 0);
            for (std::uint32_t i = 0; i < k; ++i) local_of_[comp[i]] = static_cast<std::uint8_t>(i);
        }
        std::fill(lparents_, lparents_ + k, 0);
        for (std::uint32_t i = 0; i < k; ++i) {
            // (A child of a node not taken is not taken: it lies in the component.)
            const auto children = dag_.children(comp[i]);
            std::uint64_t mask = 0;
            for (NodeId c : children) {
                const std::uint32_t l = consecutive ? c - first : local_of_[c];
                mask |= std::uint64_t{1} << l;
                lparents_[l] |= std::uint64_t{1} << i;
            }
            lchildren_[i] = mask;
            lout_degree_[i] = static_cast<std::uint8_t>(children.size());
            lin_degree_[i] = dag_.in_degree(comp[i]);
        }
        return true;
    }

    // run()'s loop over masks (after local_view(comp)): the stack holds
    // disjoint sets, at most one per node.
    bool run_local(std::span<const NodeId> comp, std::vector<NodeId>& nodes, std::vector<std::uint32_t>& ends) {
        const auto k = static_cast<std::uint32_t>(comp.size());
        std::uint64_t stack[kLocalNodes];
        std::uint32_t top = 0;
        stack[top++] = k == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << k) - 1;
        std::uint64_t done = 0;
        while (top > 0) {
            const std::uint64_t u = stack[--top];
            std::uint64_t a = 0;
            if (!exhausted_) a = least_maximizer_local(u, done);
            if (a == 0) {  // u is one block (or the budget is spent)
                if (exhausted_ && (u & (u - 1)) != 0) ++unsplit_;
                any_exhausted_ = any_exhausted_ || exhausted_;
                // Released by u: the children of u's nodes whose parents not
                // taken all lie in done ∪ u (one of them in u: it reached them).
                std::uint64_t reached = 0;
                for (std::uint64_t b = u; b != 0; b &= b - 1) reached |= lchildren_[std::countr_zero(b)];
                const std::uint64_t within = done | u;
                std::uint64_t released = 0;
                for (std::uint64_t c = reached; c != 0; c &= c - 1)
                    released += (lparents_[std::countr_zero(c)] & ~within) == 0 ? 1u : 0u;
                local_released_.push_back(released);
                done |= u;
                for (std::uint64_t b = u; b != 0; b &= b - 1) nodes.push_back(comp[std::countr_zero(b)]);
                ends.push_back(static_cast<std::uint32_t>(nodes.size()));
                continue;
            }
            stack[top++] = u & ~a;  // the rest, after a
            stack[top++] = a;
        }
        released_known_ = true;
        return exhausted_;
    }

    // least_maximizer on the set u (a mask; `done`: the component's nodes
    // already in blocks), returning the least maximizer as a mask, or 0.
    std::uint64_t least_maximizer_local(std::uint64_t u, std::uint64_t done) {
        // The scan: one unit per child arc of each job, and each child
        // reached its in-degree once; a child is a marker when its parents
        // not taken lie in done ∪ u.
        std::uint8_t position[kLocalNodes];  // in u
        std::uint64_t reached = 0, work = 0;
        std::uint32_t size = 0;
        for (std::uint64_t b = u; b != 0; b &= b - 1) {
            const int x = std::countr_zero(b);
            position[x] = static_cast<std::uint8_t>(size++);
            reached |= lchildren_[x];
            work += lout_degree_[x];
        }
        const std::uint64_t within = done | u;
        std::uint64_t released = 0;
        std::uint32_t weight = 0;
        for (std::uint64_t b = reached; b != 0; b &= b - 1) {
            const int v = std::countr_zero(b);
            work += lin_degree_[v];
            if ((lparents_[v] & ~within) == 0) {
                released |= std::uint64_t{1} << v;
                ++weight;
            }
        }
        work_ += work;
        if (size > 1 && weight > 0 && work_ > budget_) exhausted_ = true;
        if (size <= 1 || weight == 0 || exhausted_) return 0;
        if (enum_sources_ != 0) return enumerate_split(u, done, size, weight);
        // The markers in the scan's order: by job in u, then by child.
        std::uint8_t marker[kLocalNodes];
        std::uint32_t m = 0;
        for (std::uint64_t b = u, left = released; left != 0; b &= b - 1) {
            const std::uint64_t children = lchildren_[std::countr_zero(b)];
            for (std::uint64_t c = children & left; c != 0; c &= c - 1) marker[m++] = static_cast<std::uint8_t>(std::countr_zero(c));
            left &= ~children;
        }
        const Capacity inf = -1, jobs = size, markers = weight;
        auto arcs = [&](auto&& arc) {  // least_maximizer's network, in its order
            std::uint32_t i = 0;
            for (std::uint64_t b = u; b != 0; b &= b - 1, ++i) {
                arc(2 + i, 1, markers);
                for (std::uint64_t p = lparents_[std::countr_zero(b)] & u; p != 0; p &= p - 1)
                    arc(2 + i, 2 + position[std::countr_zero(p)], inf);
            }
            for (std::uint32_t k = 0; k < weight; ++k) {
                const std::uint32_t mv = 2 + size + k;
                arc(0, mv, jobs);
                for (std::uint64_t p = lparents_[marker[k]] & u; p != 0; p &= p - 1) arc(mv, 2 + position[std::countr_zero(p)], inf);
            }
        };
        auto bound = [&] { return std::size_t{size + weight} * (kLocalNodes + 1); };
        auto degrees = [&](std::uint16_t* d) { local_degrees(d, u, released, marker, weight, lparents_, lchildren_); };
        if (!max_flow_split(jobs, markers, bound, arcs, degrees)) return 0;
        std::uint64_t a = 0;
        std::uint32_t i = 0;
        for (std::uint64_t b = u; b != 0; b &= b - 1, ++i)
            if (source_side(2 + i)) a |= b & (~b + 1);
        if (a == 0 || a == u) fail(Errc::internal, "Sidney decomposition: the least maximizer is empty or the whole set");
        return a;
    }

    // Two-level components (issue 18: sums of ~50,000 random bipartite
    // blocks, whose ~135,000 max-flows were a fifth of `ics schedule`):
    // when every node of the component with children has no parent left
    // (the releasing jobs J, at most kEnumSources of them) and the others
    // are sinks, least_maximizer_local's network is solved by enumerating
    // J's subsets instead. A sink job is required by nothing and releases
    // nothing, so no maximizer holds one (dropping it raises f by the
    // weight); for S ⊆ J ∩ u the best closure takes every marker whose
    // parents lie in done ∪ S, so
    //   f(S) = size · (R[done ∪ S] − R[done]) − weight · |S|,
    // R[X] = the component's sinks whose parents not taken all lie in X
    // (a table over J's subsets, by a subset-sum transform). Maximizers
    // are closed under intersection (released is supermodular), so the
    // least one, the minimum cut's source side, is the intersection of
    // all of them, and ∅ when max f = 0: the same split as any max-flow.
    // Work: a pass over the table's 2^|J| entries (building it, once, and
    // each split's) counts 2^|J| / 8 units, against the budget as a
    // network's build is; components where that passes 4 units per node +
    // arc (2^|J| > 32 · (nodes + arcs)) take the max-flow.
    static constexpr std::uint32_t kEnumSources = 12;

    void prepare_enumeration(std::uint32_t k, std::uint64_t size) {
        enum_sources_ = 0;
        table_built_ = false;
        // (The table's bytes are read as little-endian words by
        // subset_sums: elsewhere the max-flow.)
        if (!g_enumeration || std::endian::native != std::endian::little) return;
        std::uint64_t j = 0;
        for (std::uint32_t x = 0; x < k; ++x) {
            if (lchildren_[x] == 0) continue;
            if (lparents_[x] != 0) return;  // three levels or more
            j |= std::uint64_t{1} << x;
        }
        // (Past 32 subsets per node + arc, a split's enumeration would cost
        // more units than a network's build and scan, ~4 per node + arc.)
        if (j == 0 || std::popcount(j) > static_cast<int>(kEnumSources) || (std::uint64_t{1} << std::popcount(j)) > 32 * size)
            return;
        std::uint32_t i = 0;
        for (std::uint64_t b = j; b != 0; b &= b - 1) source_index_[std::countr_zero(b)] = static_cast<std::uint8_t>(i++);
        enum_sources_ = j;
        enum_count_ = k;
    }
    // `mask` (local ids) restricted to J, as a subset of J's indices.
    std::uint32_t compress(std::uint64_t mask) const {
        std::uint32_t r = 0;
        for (std::uint64_t b = mask & enum_sources_; b != 0; b &= b - 1) r |= 1u << source_index_[std::countr_zero(b)];
        return r;
    }
    // R by a subset-sum (zeta) transform over J's subsets, 8 per word (a
    // count is at most 63: no carry between bytes): within a word, then
    // between words.
    void build_table() {
        const auto s = static_cast<std::uint32_t>(std::popcount(enum_sources_));
        const std::uint32_t subsets = 1u << s, words = (subsets + 7) / 8;
        std::uint8_t* const r = table_;
        std::fill(r, r + 8 * words, 0);
        for (std::uint32_t x = 0; x < enum_count_; ++x)
            if (lchildren_[x] == 0 && lparents_[x] != 0) ++r[compress(lparents_[x])];
        std::uint64_t w[(std::size_t{1} << kEnumSources) / 8];
        std::memcpy(w, r, 8 * words);
        subset_sums(w, s, words);
        std::memcpy(r, w, 8 * words);
        table_built_ = true;
    }
    // The work of one pass over the table: a unit per 8 subsets (one
    // vector operation over 16-bit lanes; Dinic's unit is an arc scanned).
    std::uint64_t enumeration_unit() const {
        return std::max<std::uint64_t>(1, (std::uint64_t{1} << std::popcount(enum_sources_)) / 8);
    }
    std::uint64_t enumerate_split(std::uint64_t u, std::uint64_t done, std::uint32_t size, std::uint32_t weight) {
        const auto s = static_cast<std::uint32_t>(std::popcount(enum_sources_));
        const std::uint32_t subsets = 1u << s;
        const std::uint64_t unit = enumeration_unit(), cost = table_built_ ? unit : 2 * unit;
        if (work_ + cost > budget_) {  // as a network past the budget (solve_small)
            work_ += cost;
            exhausted_ = true;
            return 0;
        }
        work_ += cost;
        g_enumerated.fetch_add(1, std::memory_order_relaxed);
        if (!table_built_) build_table();
        const std::uint32_t su = compress(u), d = compress(done);
        // f(S) for S in 0 .. su (every subset of su is at most su): R[d | S]
        // = R[d + S] when S ⊆ su (disjoint from d); the other S get the
        // floor. Straight loops over 16-bit lanes (they vectorize).
        std::uint16_t least16 = 0;
        const std::int16_t best = best_subsets(table_ + d, static_cast<std::int16_t>(table_[d]),
                                               static_cast<std::int16_t>(size), static_cast<std::int16_t>(weight),
                                               static_cast<std::uint16_t>((subsets - 1) & ~su), su + 1, values_, least16);
        if (best == 0) return 0;  // ∅ is a maximizer: u is a block
        const std::uint32_t least = least16;
        std::uint64_t split = 0;
        for (std::uint64_t bit = enum_sources_; bit != 0; bit &= bit - 1)
            if ((least >> source_index_[std::countr_zero(bit)]) & 1u) split |= bit & (~bit + 1);
        if (split == 0 || split == u) fail(Errc::internal, "Sidney decomposition: the least maximizer is empty or the whole set");
        return split;
    }

    // The max-flow of least_maximizer on u's network (`size` jobs, vertices
    // 2 .. 2 + size, then `weight` markers, its arcs listed by `arcs`;
    // `bound()`: at least their number): true when some initial subset of
    // u beats u's ratio, the least maximizer then being the jobs on the
    // source side (source_side); false when u is one block or the budget
    // ran out (exhausted_).
    // `degrees` (or nullptr): each vertex's arc count (SmallMaxFlow::begin_counted).
    template <class Bound, class Arcs, class Degrees = std::nullptr_t>
    bool max_flow_split(Capacity size, Capacity weight, Bound&& bound, Arcs&& arcs, Degrees&& degrees = nullptr) {
        // Narrow residuals while the finite capacities fit (see
        // g_narrow_limit), else, or when a residual outgrows them, wide
        // from the same work count. Large networks: push-relabel on the
        // reversed network (push_relabel.hpp), the same least maximizer.
        const auto vertices = static_cast<std::uint32_t>(2 + size + weight);
        const bool pr = vertices >= g_push_relabel_vertices;
        // Networks of sums of small blocks: SmallMaxFlow (with the small
        // BFS; the generic path when a test's narrow limit is below the
        // capacities: tests compare restarts).
        const bool small = !pr && vertices <= SmallMaxFlow::kMaxVertices && g_small_networks && g_small_bfs &&
                           (g_narrow_limit == 0 || static_cast<std::uint64_t>(std::max(size, weight)) <= g_narrow_limit);
        // Dinic's networks (small: sums of blocks or workflow copies
        // build ~10^6 of them) are listed once and built from the list,
        // not by walking the dag twice; the same arcs in the same order.
        // Push-relabel's (large) are built from the dag (peak memory).
        if (!pr && !small) {
            const std::size_t b = bound();
            if (listed_.size() < b) listed_.resize(std::max(b, 2 * listed_.size()));
            ListedArc* out = listed_.data();
            arcs([&](std::uint32_t x, std::uint32_t y, Capacity c) { *out++ = {x, y, c}; });
            listed_end_ = static_cast<std::size_t>(out - listed_.data());
        }
        auto from_list = [&](auto&& arc) {
            for (std::size_t k = 0; k < listed_end_; ++k) arc(listed_[k].from, listed_[k].to, listed_[k].cap);
        };
        const std::uint64_t work_before = work_;
        Capacity flow = small ? solve_small(vertices, arcs, degrees) : -2;
        bool narrow = false;
        if (!small && g_narrow_limit > 0 && static_cast<std::uint64_t>(std::max(size, weight)) <= 0xFFFFFFFEu) {
            narrow = true;
            flow = pr ? solve(pr_narrow_, vertices, arcs) : solve(narrow_, vertices, from_list);
            if (flow == -2) {
                g_narrow_restarts.fetch_add(1, std::memory_order_relaxed);
                work_ = work_before;
                narrow = false;
                narrow_.release();
                pr_narrow_.release();
            } else {
                wide_.release();
                pr_wide_.release();
            }
        }
        if (flow == -2) flow = pr ? solve(pr_wide_, vertices, arcs) : solve(wide_, vertices, from_list);
        solved_by_ = small ? Solver::small : pr ? (narrow ? Solver::pr_narrow : Solver::pr_wide)
                                                : (narrow ? Solver::narrow : Solver::wide);
        if (flow < 0) {
            exhausted_ = true;
            return false;
        }
        return flow < size * weight;  // some initial subset has f > 0 = f(u)
    }
    // After max_flow_split: whether vertex x is on the minimum cut's source side.
    bool source_side(std::uint32_t x) const {
        switch (solved_by_) {
            case Solver::small: return small_.source_side(x);
            case Solver::pr_narrow: return pr_narrow_.reaches_sink(x);
            case Solver::pr_wide: return pr_wide_.reaches_sink(x);
            case Solver::narrow: return narrow_.source_side(x);
            case Solver::wide: break;
        }
        return wide_.source_side(x);
    }

    // Builds the network (every arc turned around for push-relabel, run
    // from t to s: the vertices that reach s afterwards are those s reaches
    // in the network's residual) and runs the algorithm.
    template <class Net, class Arcs>
    Capacity solve(Net& net, std::uint32_t vertices, Arcs&& arcs) {
        constexpr bool reversed = Net::kReversed;
        net.begin(vertices);
        arcs([&](std::uint32_t a, std::uint32_t b, Capacity) { reversed ? net.count(b, a) : net.count(a, b); });
        // A run counts its network's building (2 units per arc) first: a
        // network past the budget by then is not built (issue 18: on a
        // giant component it cost a fifth of the fallback, for no split).
        if (work_ + 2 * net.arc_count() > budget_) {
            work_ += 2 * net.arc_count();
            return -1;
        }
        net.layout();
        arcs([&](std::uint32_t a, std::uint32_t b, Capacity c) { reversed ? net.add(b, a, c) : net.add(a, b, c); });
        return reversed ? net.run(1, 0, work_, budget_, g_narrow_limit) : net.run(0, 1, work_, budget_, g_narrow_limit);
    }

    // solve() on small_: listed and counted in one pass, built, run.
    // With `degrees`: counted, then placed as listed (begin_counted).
    template <class Arcs, class Degrees>
    Capacity solve_small(std::uint32_t vertices, Arcs&& arcs, Degrees&& degrees) {
        constexpr bool counted = !std::is_same_v<std::remove_cvref_t<Degrees>, std::nullptr_t>;
        bool direct = false;
        if constexpr (counted) direct = g_direct_build && cpu_has_popcnt();
        if (direct) {
            if constexpr (counted) small_.begin_counted(vertices, degrees);
        } else {
            small_.begin(vertices);
            arcs([&](std::uint32_t a, std::uint32_t b, Capacity c) { small_.list(a, b, c); });
        }
        const std::uint64_t build = 2 * std::uint64_t{small_.arc_count()};
        if (work_ + build > budget_) {  // as solve()
            work_ += build;
            return -1;
        }
        if (direct)
            arcs([&](std::uint32_t a, std::uint32_t b, Capacity c) { small_.place(a, b, c); });
        else
            small_.build();
        return small_.run(work_, budget_);
    }

    const Dag& dag_;
    std::vector<char> done_, in_u_;
    std::vector<std::uint32_t> local_, stamp_;
    std::uint32_t round_ = 0;
    std::vector<NodeId> markers_, a_;
    struct ListedArc {
        std::uint32_t from, to;
        Capacity cap;  // < 0: infinite
    };
    std::vector<ListedArc> listed_;  // the last Dinic network's arcs: listed_[0 .. listed_end_)
    std::size_t listed_end_ = 0;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> segments_;
    enum class Solver : std::uint8_t { small, pr_narrow, pr_wide, narrow, wide };
    Solver solved_by_ = Solver::small;  // the last max_flow_split's
    // Local mode: the component's children and parents not taken as masks,
    // in-degrees (taken parents too) and out-degrees, by local id.
    std::uint64_t lchildren_[kLocalNodes] = {}, lparents_[kLocalNodes] = {};
    std::uint32_t lin_degree_[kLocalNodes] = {};
    std::uint8_t lout_degree_[kLocalNodes] = {};
    std::vector<std::uint8_t> local_of_;  // id -> local id (components of ids not consecutive)
    // Two-level components (enumerate_split): J as a local mask (0: not
    // this path), each J node's index, the component's size, R's table.
    std::uint64_t enum_sources_ = 0;
    std::uint32_t enum_count_ = 0;
    std::uint8_t source_index_[kLocalNodes] = {};
    bool table_built_ = false;
    std::uint8_t table_[std::size_t{1} << kEnumSources] = {};
    std::int16_t values_[std::size_t{1} << kEnumSources] = {};
    SmallMaxFlow small_;
    MaxFlow<std::uint32_t> narrow_;
    MaxFlow<Capacity> wide_;
    detail::PushRelabel<std::uint32_t> pr_narrow_;
    detail::PushRelabel<Capacity> pr_wide_;
    std::uint64_t budget_ = 0, work_ = 0, unsplit_ = 0;
    bool exhausted_ = false, any_exhausted_ = false;
    std::vector<std::uint64_t> local_released_;  // released(), valid when released_known_
    bool released_known_ = false;
};

// Components of at least this many nodes + arcs free their max-flow
// network as soon as they are decomposed.
constexpr std::uint64_t kReleaseNetworkItems = std::uint64_t{1} << 20;

// Weakly connected components of the nodes not taken, flat (sums of blocks
// have ~50,000 of ~20 nodes at 10^6: no vector each): component c is
// nodes[start[c] .. start[c + 1]), its nodes in id order, the components in
// order of the smallest id they hold.
struct FlatComponents : SidneyComponents {
    std::size_t size() const noexcept { return start.size() - 1; }
    std::span<NodeId> operator[](std::size_t c) noexcept { return {nodes.data() + start[c], nodes.data() + start[c + 1]}; }
};

// `taken`: a flag per node, or nullptr when none is (no flag read per arc:
// ~15% of the pass on a 10^6-node dag of 7 × 10^6 arcs).
template <bool kAnyTaken>
FlatComponents flat_components(const Dag& dag, const char* taken_flags) {
    const NodeId n = dag.node_count();
    auto taken = [taken_flags](NodeId v) { return kAnyTaken && taken_flags[v] != 0; };
    std::vector<NodeId> root(n);
    std::iota(root.begin(), root.end(), 0);
    auto find = [&](NodeId v) {
        while (root[v] != v) v = root[v] = root[root[v]];
        return v;
    };
    // (v's root found once per node, kept as the union moves it: the same
    // sets, each rooted at its smallest id.)
    for (NodeId v = 0; v < n; ++v) {
        if (taken(v)) continue;
        NodeId a = find(v);
        for (NodeId c : dag.children(v)) {
            if (taken(c)) continue;
            const NodeId b = find(c);
            if (a != b) {
                root[std::max(a, b)] = std::min(a, b);
                a = std::min(a, b);
            }
        }
    }
    // A root is its component's smallest id: components numbered in order of
    // their roots (root[r] becomes r's number), sized, then filled.
    FlatComponents out;
    std::vector<std::uint32_t>& count = out.start;
    count.push_back(0);
    for (NodeId v = 0; v < n; ++v) {
        if (!taken(v) && root[v] == v) {
            count.push_back(0);
            root[v] = static_cast<NodeId>(count.size() - 2) | 0x80000000u;  // numbered (never a node: n < 2^31)
        }
    }
    // root[] now holds either a number (roots) or a parent pointer whose
    // find ends at a number; resolve every node to its number in place.
    auto number = [&](NodeId v) {
        NodeId r = v;
        while (!(root[r] & 0x80000000u)) r = root[r];
        const NodeId c = root[r];
        while (!(root[v] & 0x80000000u)) v = std::exchange(root[v], c);
        return c & 0x7FFFFFFFu;
    };
    // Counted and placed a run at a time: a run of consecutive ids in one
    // component (a file's components as written: sums of blocks, workflow
    // copies) updates its counter or cursor once, not per node (those
    // stores chain: ~40% of this function on 10^6 nodes). The same counts
    // and the same nodes in the same places as node by node.
    auto each_run = [&](auto&& f) {  // f(c, v, w): nodes v .. w - 1, not taken, all in component c
        for (NodeId v = 0; v < n;) {
            if (taken(v)) {
                ++v;
                continue;
            }
            const NodeId c = number(v);
            NodeId w = v + 1;
            while (w < n && !taken(w) && number(w) == c) ++w;
            f(c, v, w);
            v = w;
        }
    };
    each_run([&](NodeId c, NodeId v, NodeId w) { count[c + 1] += w - v; });
    std::partial_sum(count.begin(), count.end(), count.begin());
    out.nodes.resize(count.back());
    std::vector<std::uint32_t> cursor(count.begin(), count.end() - 1);
    // Nodes + arcs per component: a run's arcs are its nodes' children, one
    // span of the CSR (a node not taken has no taken child).
    out.items.assign(count.size() - 1, 0);
    const std::span<const std::uint64_t> off = dag.out_offsets();
    each_run([&](NodeId c, NodeId v, NodeId w) {
        std::iota(out.nodes.begin() + cursor[c], out.nodes.begin() + cursor[c] + (w - v), v);
        cursor[c] += w - v;
        out.items[c] += (w - v) + (off[w] - off[v]);
    });
    return out;
}

// Sums of copies (`ics sum`: WfCommons workflows summed by the thousand)
// hold many components equal up to the order-preserving renaming of their
// nodes. Every step of Decomposer::run depends on the nodes' relative order
// only (sets kept in id order, networks numbered by position), so such a
// component decomposes into the same blocks, renamed, for the same work.
// One run serves its copies while the budget left covers that work (work
// only grows, so the budget then never stops a copy earlier): the blocks,
// the work counted and the bound stay those of running every copy.
bool g_component_memo = true;  // detail::set_sidney_component_memo
std::atomic<std::uint64_t> g_component_reuses{0};

class ComponentMemo {
public:
    // Components up to this many nodes + arcs are remembered.
    static constexpr std::uint64_t kMaxSize = 1u << 14;

    explicit ComponentMemo(NodeId n) : n_(n) {}

    // The shape of `comp` (nodes in increasing id) when it may be
    // remembered (small): its arcs as ranks and each node's in-degree. A
    // parent outside the component is a taken one (the component is one of
    // the nodes not taken), which the run only sees as done and counts in
    // its work: copies that differ in which taken nodes feed them, not in
    // how many per node, run alike (sums after a proven ▷-chain prefix).
    // Returns false otherwise.
    bool shape(const Dag& dag, std::span<const NodeId> comp, std::uint64_t size) {
        key_.clear();
        if (size > kMaxSize) return false;
        if (rank_.empty()) rank_.resize(n_);  // not for a dag of one giant component (peak memory)
        for (std::uint32_t i = 0; i < comp.size(); ++i) rank_[comp[i]] = i;
        // (size = nodes + arcs: the key's 1 + 2 |comp| + arcs entries
        // written in place, hashed as written.)
        key_.resize(1 + size + comp.size());
        std::uint32_t* out = key_.data();
        std::uint64_t h = 1469598103934665603ull;
        auto put = [&](std::uint32_t x) {
            *out++ = x;
            h = (h ^ x) * 1099511628211ull;
        };
        put(static_cast<std::uint32_t>(comp.size()));
        for (NodeId v : comp) {
            const auto ch = dag.children(v);
            put(dag.in_degree(v));
            put(static_cast<std::uint32_t>(ch.size()));
            for (NodeId c : ch) put(rank_[c]);
        }
        hash_ = h;
        return true;
    }
    // The remembered run of the last shape: its blocks as ranks (ends
    // relative) and its work, or nullptr.
    struct Run {
        std::vector<std::uint32_t> key, ranks, ends;
        std::vector<std::uint64_t> released;  // each block's released count
        std::uint64_t work = 0;
        std::uint32_t component = 0;  // the component that ran it
    };
    const Run* find() const {
        const auto [lo, hi] = index_.equal_range(hash_);
        for (auto it = lo; it != hi; ++it)
            if (runs_[it->second].key == key_) return &runs_[it->second];
        return nullptr;
    }
    // Remembers the run of the last shape: blocks nodes[from..] closed by
    // ends[first..] (absolute), `work` spent, the blocks' released counts.
    void keep(std::span<const NodeId> nodes, std::size_t from, std::span<const std::uint32_t> ends, std::size_t first,
              std::uint64_t work, std::span<const std::uint64_t> released, std::uint32_t component) {
        Run r;
        r.key = key_;
        r.work = work;
        r.component = component;
        r.released.assign(released.begin(), released.end());
        for (std::size_t k = from; k < nodes.size(); ++k) r.ranks.push_back(rank_[nodes[k]]);
        for (std::size_t k = first; k < ends.size(); ++k) r.ends.push_back(static_cast<std::uint32_t>(ends[k] - from));
        index_.emplace(hash_, runs_.size());
        runs_.push_back(std::move(r));
    }

private:
    NodeId n_;
    std::vector<std::uint32_t> rank_, key_;
    std::uint64_t hash_ = 0;
    std::vector<Run> runs_;
    std::unordered_multimap<std::uint64_t, std::size_t> index_;
};

// The merge of the components' blocks by non-increasing ratio (ties: the
// component holding the smaller id first) when each component's blocks are
// already in that order (always, unless the budget cut it): the heap's
// k-way merge of sorted runs, ties broken by component, is then the stable
// sort by ratio of the blocks listed component by component. When their
// (released, size) pairs are few (sums of small components: random blocks
// at 10^6 nodes have ~120,000 blocks of ≤ 20 nodes), each pair is ranked by
// ratio in a table and the blocks are placed by a counting sort, instead of
// a heap pop per block. Calls emit(k) for every block k in merged order;
// false (nothing emitted) when the runs are not sorted or the table would
// be large.
bool g_counting_merge = true;  // detail::set_sidney_counting_merge

template <class SizeOf, class Emit>
bool merge_by_counting(const std::vector<std::uint32_t>& first, const std::vector<std::uint64_t>& released,
                       SizeOf size_of, Emit emit) {
    if (!g_counting_merge) return false;
    const std::size_t blocks = released.size();
    std::uint64_t max_released = 0, max_size = 0;
    for (std::size_t k = 0; k < blocks; ++k) {
        max_released = std::max(max_released, released[k]);
        max_size = std::max<std::uint64_t>(max_size, size_of(k));
    }
    constexpr std::uint64_t kMaxTable = std::uint64_t{1} << 16;
    if (max_released >= kMaxTable || max_size >= kMaxTable || (max_released + 1) * (max_size + 1) > kMaxTable)
        return false;
    auto above = [](std::uint64_t r1, std::uint64_t s1, std::uint64_t r2, std::uint64_t s2) {
        return r1 * s2 > r2 * s1;  // r1/s1 > r2/s2 (both below 2^16: no overflow)
    };
    for (std::size_t c = 0; c + 1 < first.size(); ++c)
        for (std::size_t k = first[c] + 1; k < first[c + 1]; ++k)
            if (above(released[k], size_of(k), released[k - 1], size_of(k - 1))) return false;
    const std::size_t width = max_size + 1;
    constexpr std::uint32_t kAbsent = 0xFFFFFFFFu;
    std::vector<std::uint32_t> rank((max_released + 1) * width, kAbsent);
    std::vector<std::pair<std::uint32_t, std::uint32_t>> pairs;  // (released, size) present
    for (std::size_t k = 0; k < blocks; ++k) {
        std::uint32_t& r = rank[released[k] * width + size_of(k)];
        if (r == kAbsent) {
            r = 0;
            pairs.emplace_back(static_cast<std::uint32_t>(released[k]), static_cast<std::uint32_t>(size_of(k)));
        }
    }
    std::sort(pairs.begin(), pairs.end(),
              [&](const auto& x, const auto& y) { return above(x.first, x.second, y.first, y.second); });
    std::uint32_t ranks = 0;
    for (std::size_t i = 0; i < pairs.size(); ++i) {
        if (i > 0 && above(pairs[i - 1].first, pairs[i - 1].second, pairs[i].first, pairs[i].second)) ++ranks;
        rank[pairs[i].first * width + pairs[i].second] = ranks;
    }
    std::vector<std::uint32_t> start(static_cast<std::size_t>(ranks) + 2, 0), order(blocks);
    for (std::size_t k = 0; k < blocks; ++k) ++start[rank[released[k] * width + size_of(k)] + 1];
    std::partial_sum(start.begin(), start.end(), start.begin());
    for (std::size_t k = 0; k < blocks; ++k) order[start[rank[released[k] * width + size_of(k)]]++] = static_cast<std::uint32_t>(k);
    for (std::uint32_t k : order) emit(k);
    return true;
}

// ⌈kEnvelopeScale / m⌉ for m ≥ 1: from a table for small m (a cut giant
// component takes one per arc: a 64-bit division each was most of its
// envelope's cost), else divided.
std::uint64_t ceil_share(std::uint32_t m) {
    static const auto table = [] {
        std::array<std::uint32_t, 256> t{};
        for (std::uint32_t k = 1; k < t.size(); ++k) t[k] = static_cast<std::uint32_t>((kEnvelopeScale + k - 1) / k);
        return t;
    }();
    return m < table.size() ? table[m] : (kEnvelopeScale + m - 1) / m;
}

// std::sort(greater) of integers by an LSD radix sort on 8-bit digits, as
// many as the largest value needs (the same sequence: equal integers are
// indistinguishable). A cut giant component sorts one weight per node.
void sort_descending(std::vector<std::uint64_t>& v) {
    if (v.size() < 256) {
        std::sort(v.begin(), v.end(), std::greater<>());
        return;
    }
    std::uint64_t top = 0;
    for (std::uint64_t x : v) top |= x;
    std::vector<std::uint64_t> buf(v.size());
    for (int shift = 0; shift < 64 && (top >> shift) != 0; shift += 8) {
        std::array<std::size_t, 257> start{};
        for (std::uint64_t x : v) ++start[255 - ((x >> shift) & 0xFF) + 1];  // larger digits first
        std::partial_sum(start.begin(), start.end(), start.begin());
        for (std::uint64_t x : v) buf[start[255 - ((x >> shift) & 0xFF)]++] = x;
        v.swap(buf);
    }
}

}  // namespace

std::uint64_t detail::set_sidney_narrow_limit(std::uint64_t limit) {
    const std::uint64_t old = g_narrow_limit;
    g_narrow_limit = std::min<std::uint64_t>(limit, 0xFFFFFFFEu);
    return old;
}

std::uint64_t detail::sidney_narrow_restarts() { return g_narrow_restarts.load(std::memory_order_relaxed); }

std::uint32_t detail::set_sidney_push_relabel_vertices(std::uint32_t vertices) {
    return std::exchange(g_push_relabel_vertices, vertices);
}

bool detail::set_sidney_component_memo(bool on) { return std::exchange(g_component_memo, on); }

bool detail::set_sidney_small_bfs(bool on) { return std::exchange(g_small_bfs, on); }

bool detail::set_sidney_small_networks(bool on) { return std::exchange(g_small_networks, on); }

bool detail::set_sidney_local_components(bool on) { return std::exchange(g_local_components, on); }

bool detail::set_sidney_direct_build(bool on) { return std::exchange(g_direct_build, on); }
bool detail::set_sidney_enumeration(bool on) { return std::exchange(g_enumeration, on); }
std::uint64_t detail::sidney_enumerated_splits() { return g_enumerated.load(std::memory_order_relaxed); }
bool detail::set_sidney_avx2(bool on) { return std::exchange(g_avx2, on); }

bool detail::set_sidney_counting_merge(bool on) { return std::exchange(g_counting_merge, on); }

bool detail::set_sidney_shortcuts(bool on) { return std::exchange(g_shortcuts, on); }

std::uint64_t detail::sidney_predicted_stops() { return g_predicted_stops.load(std::memory_order_relaxed); }

std::uint64_t detail::sidney_component_reuses() { return g_component_reuses.load(std::memory_order_relaxed); }

SidneyComponents sidney_components(const Dag& dag) {
    return flat_components<false>(dag, nullptr);
}

std::uint64_t sidney_work_budget(const Dag& dag) { return sidney_work_budget(dag, sidney_components(dag)); }

std::uint64_t sidney_work_budget(const Dag& dag, const SidneyComponents& comps) {
    // Small components (sums of workflow copies) need up to ~100 x their
    // nodes + arcs (a split per block, each a max-flow over what is left;
    // a Montage_25 copy 6,160 units for its 70 nodes + arcs): each adds
    // min(2 size², 2^20), cheap as their networks stay in cache.
    if (comps.start.empty() || comps.items.size() + 1 != comps.start.size())
        fail(Errc::internal, "Sidney work budget: the components come without their sizes");
    std::uint64_t small = 0;
    for (std::uint64_t component : comps.items) {
        const std::uint64_t size = std::min<std::uint64_t>(component, kSidneyWorkSmall);  // (no overflow below)
        small += std::min<std::uint64_t>(2 * size * size, kSidneyWorkSmall);
    }
    // A whole dag of up to 2^18 nodes + arcs (every single workflow of
    // WfCommons and Pegasus has fewer than 25k) also gets 16 (n + arcs) +
    // 2^24. Larger ones do not (issue 18): one component that large needs
    // hundreds of times its size (Erdős–Rényi 10^4 nodes: 480 x, 10^5:
    // 730 x), which no budget linear in the dag covers, so that allowance
    // (0.25 s at 10^5 nodes, 0.8 s at 10^6) bought no split there.
    const std::uint64_t items = static_cast<std::uint64_t>(dag.node_count()) + dag.arc_count();
    return small + (items <= kSidneyWorkWholeItems ? kSidneyWorkPerArc * items + kSidneyWorkBase : 0);
}

namespace {
SidneyDecomposition decompose(const Dag& dag, std::span<const NodeId> taken, FlatComponents comps,
                              std::uint64_t work_budget);
}  // namespace

SidneyDecomposition sidney_decomposition(const Dag& dag, std::span<const NodeId> taken, std::uint64_t work_budget) {
    const NodeId n = dag.node_count();
    std::vector<char> is_taken(n, 0);
    for (NodeId v : taken) {
        if (v >= n || is_taken[v]) fail(Errc::internal, "Sidney decomposition: a taken node repeats");
        for (NodeId p : dag.parents(v))
            if (!is_taken[p]) fail(Errc::internal, "Sidney decomposition: the taken nodes are no down-set in order");
        is_taken[v] = 1;
    }
    return decompose(dag, taken,
                     taken.empty() ? flat_components<false>(dag, nullptr) : flat_components<true>(dag, is_taken.data()),
                     work_budget);
}

SidneyDecomposition sidney_decomposition_from(const Dag& dag, SidneyComponents&& comps, std::uint64_t work_budget) {
    if (comps.nodes.size() != dag.node_count() || comps.start.empty() || comps.start.back() != dag.node_count() ||
        comps.items.size() + 1 != comps.start.size())
        fail(Errc::internal, "Sidney decomposition: the components are not the dag's");
    FlatComponents flat;
    static_cast<SidneyComponents&>(flat) = std::move(comps);
    return decompose(dag, {}, std::move(flat), work_budget);
}

namespace {
SidneyDecomposition decompose(const Dag& dag, std::span<const NodeId> taken, FlatComponents comps,
                              std::uint64_t work_budget) {
    const NodeId n = dag.node_count();
    Decomposer dec(dag, taken);
    // Every component's blocks, flat (no vector per block: sums of many small
    // components have ~20 blocks per 25 nodes): block k is
    // nodes[ends[k - 1] .. ends[k]), component c's blocks are
    // first[c] .. first[c + 1].
    std::vector<NodeId> nodes;
    std::vector<std::uint32_t> ends, first{0};
    std::vector<std::uint64_t> released_of;
    nodes.reserve(n - taken.size());
    auto begin_of = [&](std::size_t k) { return k == 0 ? 0u : ends[k - 1]; };
    // released_i: the markers whose last parent not taken lies in block i,
    // counted down component by component, block by block.
    // (Each node's in-degree less its taken parents: the taken nodes' arcs
    // counted off, not every node's parents scanned; a taken node ends at
    // 0, its parents all taken.)
    std::vector<std::uint32_t> missing(n, 0);
    for (NodeId v = 0; v < n; ++v) missing[v] = dag.in_degree(v);
    for (NodeId t : taken)
        for (NodeId ch : dag.children(t)) --missing[ch];
    // Each component may spend the budget's share of its nodes + arcs, plus
    // what the components before it left unspent: many small components
    // (sums) are all split, and one large one gets the whole budget.
    const std::vector<std::uint64_t>& sizes = comps.items;  // (flat_components counted them)
    std::uint64_t total = 0, cumulative = 0;
    for (std::uint64_t s : sizes) total += s;
    // Pieces of the bound's envelope (area.hpp): a complete component's
    // blocks, or a cut one's nodes weighted by Σ_children 1/missing: a marker
    // released by D ∩ C has all its `missing` parents there, so the weights
    // of D ∩ C sum to at least released(D ∩ C), and the |D ∩ C| largest
    // weights bound it (a concave curve in |D ∩ C|).
    std::vector<std::pair<std::uint32_t, std::uint64_t>> pieces;
    bool pieces_are_blocks = true;  // no component cut so far
    auto block_piece = [&](std::size_t k) {
        return std::pair<std::uint32_t, std::uint64_t>(ends[k] - begin_of(k), released_of[k] * kEnvelopeScale);
    };
    ComponentMemo memo(n);
    std::uint64_t memo_tries = 0, memo_hits = 0;
    // Each block's component, and the component each one copies (itself
    // unless replayed), for sidney_order.
    std::vector<std::uint32_t> component_of, copy_of(comps.size());
    for (std::size_t c = 0; c < comps.size(); ++c) {
        cumulative += sizes[c];
        const std::uint64_t share = detail::sidney_share(work_budget, cumulative, total);
        const std::size_t from = nodes.size();
        bool cut = false;
        // Sums of distinct components (random blocks) never hit: after 1,024
        // shapes with less than one hit in 16 the memo stops (its keys, hash
        // index and kept runs were ~3% of such a dag's schedule; the
        // decomposition is the same with or without it).
        const bool memo_pays = memo_tries < 1024 || memo_hits * 16 >= memo_tries;
        const bool shaped = g_component_memo && memo_pays && memo.shape(dag, comps[c], sizes[c]);
        memo_tries += shaped ? 1 : 0;
        const ComponentMemo::Run* seen = shaped ? memo.find() : nullptr;
        bool replayed = false, keep = false;
        const std::uint64_t work_before = dec.work();
        if (seen && static_cast<u128>(dec.work()) + seen->work <= share) {
            for (std::uint32_t x : seen->ranks) nodes.push_back(comps[c][x]);
            for (std::uint32_t e : seen->ends) ends.push_back(static_cast<std::uint32_t>(from + e));
            dec.replay(comps[c], seen->work);
            copy_of[c] = seen->component;
            g_component_reuses.fetch_add(1, std::memory_order_relaxed);
            ++memo_hits;
            replayed = g_shortcuts;
        } else {
            cut = dec.run(comps[c], share, nodes, ends, missing.data(), sizes[c]);
            keep = shaped && !seen && !cut;
            copy_of[c] = static_cast<std::uint32_t>(c);
        }
        component_of.resize(ends.size(), static_cast<std::uint32_t>(c));
        // A giant component's network is not reused: freed before the
        // arrays below are allocated (peak memory).
        if (sizes[c] >= kReleaseNetworkItems) dec.release_networks();
        // The blocks hold the component's nodes (the weights are sorted below:
        // their order does not matter).
        std::vector<std::uint64_t> weights;
        if (cut) {
            weights.reserve(nodes.size() - from);
            for (std::size_t k = from; k < nodes.size(); ++k) {
                std::uint64_t w = 0;
                for (NodeId ch : dag.children(nodes[k])) w += ceil_share(missing[ch]);
                weights.push_back(w);
            }
        }
        if (replayed) {
            // A copy: its blocks release what the run it copies counted
            // (each node's parents not taken are those in its component,
            // which the shape holds), none counted down (no later component
            // reads these counts: a child lies in its parents' component).
            released_of.insert(released_of.end(), seen->released.begin(), seen->released.end());
        } else if (g_shortcuts && ends.size() == first.back() + 1) {
            // One block, the whole component: it releases every node with a
            // parent not taken (all such parents lie in it), and no later
            // component reads these counts (a child lies in its parents'
            // component): none counted down.
            std::uint64_t released = 0;
            for (std::size_t k = from; k < nodes.size(); ++k) released += missing[nodes[k]] > 0 ? 1u : 0u;
            released_of.push_back(released);
        } else if (const std::vector<std::uint64_t>* local = dec.released(); local && g_shortcuts) {
            // Counted from the masks as the local mode closed each block
            // (none counted down: no later component reads these counts).
            released_of.insert(released_of.end(), local->begin(), local->end());
        } else {
            for (std::size_t k = first.back(); k < ends.size(); ++k) {
                std::uint64_t released = 0;
                for (std::uint32_t x = begin_of(k); x < ends[k]; ++x)
                    for (NodeId ch : dag.children(nodes[x])) released += --missing[ch] == 0 ? 1u : 0u;
                released_of.push_back(released);
            }
        }
        if (keep)
            memo.keep(nodes, from, ends, first.back(), dec.work() - work_before,
                      std::span<const std::uint64_t>(released_of).subspan(first.back()), static_cast<std::uint32_t>(c));
        if (cut && pieces_are_blocks && g_shortcuts)  // the blocks before, listed now
            for (std::size_t k = 0; k < first.back(); ++k)
                pieces.push_back(block_piece(k));
        pieces_are_blocks = pieces_are_blocks && !cut;
        if (cut) {
            if (g_shortcuts)
                sort_descending(weights);
            else
                std::sort(weights.begin(), weights.end(), std::greater<>());
            for (std::uint64_t w : weights) pieces.emplace_back(1, w);
        } else if (!g_shortcuts || !pieces_are_blocks) {  // (else from the merge, or listed at the first cut)
            for (std::size_t k = first.back(); k < ends.size(); ++k)
                pieces.push_back(block_piece(k));
        }
        first.push_back(static_cast<std::uint32_t>(ends.size()));
    }
    // Merged by non-increasing ratio (each component's pieces already are):
    // the sum of the components' concave curves is at most this one.
    // Shortcuts: already in order (one component) they stay; when no
    // component was cut the pieces are the blocks, and the blocks' merge
    // below (by ratio, ties in the order listed) is this stable sort
    // whenever its result is in order (checked after it).
    auto higher = [](const auto& x, const auto& y) {
        return static_cast<u128>(x.second) * y.first > static_cast<u128>(y.second) * x.first;
    };
    const bool pieces_from_merge = g_shortcuts && pieces_are_blocks;
    if (!pieces_from_merge && !(g_shortcuts && std::is_sorted(pieces.begin(), pieces.end(), higher)))
        std::stable_sort(pieces.begin(), pieces.end(), higher);
    // Merge by non-increasing ratio, each component's blocks in their order
    // (ties: the component holding the smaller id first).
    SidneyDecomposition out;
    out.nodes.reserve(n);
    out.block_component.reserve(released_of.size());
    if (pieces_from_merge) pieces.reserve(released_of.size());
    auto emit = [&](std::size_t k) {
        out.nodes.insert(out.nodes.end(), nodes.begin() + begin_of(k), nodes.begin() + ends[k]);
        out.offsets.push_back(static_cast<std::uint32_t>(out.nodes.size()));
        out.released.push_back(released_of[k]);
        out.block_component.push_back(component_of[k]);
        if (pieces_from_merge) pieces.push_back(block_piece(k));
    };
    if (!merge_by_counting(first, released_of, [&](std::size_t k) { return ends[k] - begin_of(k); }, emit)) {
        using Head = std::tuple<std::uint64_t, std::uint32_t, std::size_t, std::size_t>;  // released, size, comp, index
        auto later = [](const Head& x, const Head& y) {
            const u128 lx = static_cast<u128>(std::get<0>(x)) * std::get<1>(y);
            const u128 ly = static_cast<u128>(std::get<0>(y)) * std::get<1>(x);
            if (lx != ly) return lx < ly;  // smaller ratio runs later
            return std::get<2>(x) > std::get<2>(y);
        };
        std::priority_queue<Head, std::vector<Head>, decltype(later)> heads(later);
        auto push = [&](std::size_t c, std::size_t i) {
            const std::size_t k = first[c] + i;
            if (k < first[c + 1]) heads.emplace(released_of[k], ends[k] - begin_of(k), c, i);
        };
        for (std::size_t c = 0; c + 1 < first.size(); ++c) push(c, 0);
        while (!heads.empty()) {
            const auto [w, sz, c, i] = heads.top();
            heads.pop();
            emit(first[c] + i);
            push(c, i + 1);
        }
    }
    if (pieces_from_merge && !std::is_sorted(pieces.begin(), pieces.end(), higher)) {
        pieces.clear();  // (never, as each component's blocks are in order: the plain path)
        for (std::size_t k = 0; k < released_of.size(); ++k)
            pieces.push_back(block_piece(k));
        std::stable_sort(pieces.begin(), pieces.end(), higher);
    }
    out.copy_of = std::move(copy_of);
    out.complete = !dec.exhausted();
    out.unsplit = dec.unsplit();
    out.work = dec.work();
    out.envelope = std::move(pieces);
    return out;
}
}  // namespace

}  // namespace ics::area
