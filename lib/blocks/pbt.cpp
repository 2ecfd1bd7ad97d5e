// Planar bipartite trees P[δ] and the greedy schedule Σ_S (overview slides,
// "Planar Bipartite Trees" and "On Scheduling Strands IC-Optimally").
//
// Which trees are PBTs: P[δ] grows a path of "hubs" h_1, h_2, ..., each entry
// of δ naming the degree of one hub (an integer for a source hub, 1/d for a
// sink hub; the slides' worked example P[4,1/2,2] fixes that an entry is the
// hub's degree, see lib/families/pbt.cpp); every other node is a leaf hanging
// from a hub. So the PBTs are exactly the bipartite CATERPILLARS with at least
// one node of degree >= 2: trees whose non-leaf nodes form a path (any such
// path read from either end, with hub degrees >= 2, is a zigzagged δ).
//
// Planar order of the sources: along the spine, a source hub is itself, a sink
// hub contributes its leaf sources; every sink's parents are then consecutive.
// Σ_S: for each remaining source u, V_u = <u(1), ..., u(n)> with u(k) = the
// sinks rendered ELIGIBLE by executing the k consecutive sources from u on
// (within u's strand, i.e. its connected component of what remains); execute
// a lexicographically maximum u (leftmost on ties), drop it and the sinks it
// completes, repeat. The slides' theorem: Σ_S is IC optimal for every sum of
// PBT strands (tests/blocks check it against brute force).
#include <algorithm>
#include <set>
#include <utility>

#include "blocks/block_detail.hpp"

namespace ics::blocks::detail {

namespace {

constexpr std::uint32_t kNone = 0xFFFFFFFFu;

// The caterpillar's spine (non-leaf nodes, tops as t and bottoms as T + b) from
// one end to the other, or empty when `v` is not a tree whose non-leaf nodes
// form a path.
std::vector<std::uint32_t> caterpillar_spine(const BlockView& v) {
    const std::uint32_t T = v.tops(), B = v.bottoms(), N = T + B;
    if (v.arcs() + 1 != N) return {};
    const auto neighbours = [&](std::uint32_t x) { return x < T ? v.down(x) : v.up(x - T); };
    const auto other = [&](std::uint32_t x, std::uint32_t y) { return x < T ? T + y : y; };  // neighbour y of x
    const auto degree = [&](std::uint32_t x) { return x < T ? v.out_degree(x) : v.in_degree(x - T); };
    // Connected (with N - 1 arcs: a tree).
    std::vector<std::uint8_t> seen(N, 0);
    std::vector<std::uint32_t> stack{0};
    seen[0] = 1;
    std::uint32_t count = 1;
    while (!stack.empty()) {
        const std::uint32_t x = stack.back();
        stack.pop_back();
        for (std::uint32_t y : neighbours(x)) {
            const std::uint32_t z = other(x, y);
            if (!seen[z]) {
                seen[z] = 1;
                ++count;
                stack.push_back(z);
            }
        }
    }
    if (count != N) return {};
    // Non-leaf nodes with at most two non-leaf neighbours; pick an end.
    std::uint32_t ends[2] = {N, N}, internal = 0;
    for (std::uint32_t x = 0; x < N; ++x) {
        if (degree(x) < 2) continue;
        ++internal;
        std::uint32_t k = 0;
        for (std::uint32_t y : neighbours(x)) k += degree(other(x, y)) >= 2;
        if (k > 2) return {};
        if (k <= 1) (ends[0] == N ? ends[0] : ends[1]) = x;
    }
    if (internal == 0) return {};
    const auto id = [&](std::uint32_t x) { return x < T ? v.top_ids[x] : v.bottom_ids[x - T]; };
    std::uint32_t x = ends[1] != N && id(ends[1]) < id(ends[0]) ? ends[1] : ends[0];
    std::vector<std::uint32_t> spine;
    std::uint32_t prev = N;
    while (x != N) {
        spine.push_back(x);
        std::uint32_t next = N;
        for (std::uint32_t y : neighbours(x)) {
            const std::uint32_t z = other(x, y);
            if (z != prev && degree(z) >= 2) next = z;
        }
        prev = x;
        x = next;
    }
    return spine;
}

std::string shape_text(const BlockView& v, const std::vector<std::uint32_t>& spine) {
    constexpr std::size_t kShown = 12;
    std::string s = "P[";
    for (std::size_t i = 0; i < spine.size() && i < kShown; ++i) {
        const std::uint32_t x = spine[i];
        if (i > 0) s += ',';
        s += x < v.tops() ? std::to_string(v.out_degree(x)) : "1/" + std::to_string(v.in_degree(x - v.tops()));
    }
    if (spine.size() > kShown) s += ",...; " + std::to_string(spine.size()) + " entries";
    return s + "]";
}

// Σ_S over the planar order `planar` of the tops; empty when it would take
// more than `max_work` elementary steps. Each step rebuilds the residual
// strands in O(sources + sinks + arcs) and compares the V_u coordinate by
// coordinate, dropping candidates as soon as they fall behind: O(n^2) on
// typical trees, O(n^3) when long stretches of the tree look alike.
std::vector<std::uint32_t> greedy_sigma(const BlockView& v, const std::vector<std::uint32_t>& planar,
                                        std::uint64_t max_work) {
    const std::uint32_t T = v.tops(), B = v.bottoms();
    std::vector<std::uint32_t> pos(T);
    for (std::uint32_t i = 0; i < T; ++i) pos[planar[i]] = i;
    std::vector<std::uint32_t> lo(B), hi(B), missing(B);
    for (std::uint32_t b = 0; b < B; ++b) {
        lo[b] = T;
        hi[b] = 0;
        for (std::uint32_t t : v.up(b)) {
            lo[b] = std::min(lo[b], pos[t]);
            hi[b] = std::max(hi[b], pos[t]);
        }
        missing[b] = v.in_degree(b);
    }
    std::vector<std::uint8_t> alive(T, 1);
    std::vector<std::int32_t> cover;
    std::vector<std::uint32_t> order, rank(T), live, left(B), right(B), strand_end, by_right_off, by_right,
        cand, keep;
    std::vector<std::uint64_t> score;
    order.reserve(T);
    std::uint64_t work = 0;
    for (std::uint32_t step = 0; step < T; ++step) {
        work += T + B + v.arcs();
        if (work > max_work) return {};
        live.clear();
        for (std::uint32_t p = 0; p < T; ++p)
            if (alive[p]) {
                rank[p] = static_cast<std::uint32_t>(live.size());
                live.push_back(p);
            }
        const auto r = static_cast<std::uint32_t>(live.size());
        // Residual interval [left, right] (in ranks) of every unfinished sink.
        cover.assign(r + 1, 0);
        by_right_off.assign(r + 1, 0);
        for (std::uint32_t b = 0; b < B; ++b) {
            if (missing[b] == 0) continue;
            std::uint32_t a = lo[b], z = hi[b];
            while (!alive[a]) ++a;
            while (!alive[z]) --z;
            left[b] = rank[a];
            right[b] = rank[z];
            ++cover[left[b]];  // ranks left..right-1 are joined to their successor
            --cover[right[b]];
            ++by_right_off[right[b] + 1];
        }
        for (std::uint32_t i = 0; i < r; ++i) by_right_off[i + 1] += by_right_off[i];
        by_right.resize(by_right_off[r]);
        {
            std::vector<std::uint32_t> fill(by_right_off.begin(), by_right_off.end() - 1);
            for (std::uint32_t b = 0; b < B; ++b)
                if (missing[b] != 0) by_right[fill[right[b]]++] = left[b];
        }
        strand_end.assign(r, 0);
        {
            std::int64_t run = 0;
            std::vector<std::uint8_t> joined(r, 0);
            for (std::uint32_t i = 0; i + 1 < r; ++i) {
                run += cover[i];
                joined[i] = run > 0;
            }
            for (std::uint32_t i = r; i-- > 0;) strand_end[i] = (i + 1 < r && joined[i]) ? strand_end[i + 1] : i;
        }
        // Lexicographic maximum of V_u, one coordinate at a time.
        cand.resize(r);
        for (std::uint32_t i = 0; i < r; ++i) cand[i] = i;
        score.assign(r, 0);
        for (std::uint32_t k = 0; cand.size() > 1 && k < r; ++k) {
            work += 3 * cand.size();  // three passes over the candidates
            if (work > max_work) return {};
            std::uint64_t best = 0;
            bool any_open = false;
            for (std::uint32_t u : cand) {
                const std::uint32_t e = u + k;
                if (e > strand_end[u]) continue;
                any_open = true;
                for (std::uint32_t j = by_right_off[e]; j < by_right_off[e + 1]; ++j) score[u] += by_right[j] >= u;
            }
            if (!any_open) break;  // every V_u is constant from here on
            for (std::uint32_t u : cand) best = std::max(best, score[u]);
            keep.clear();
            for (std::uint32_t u : cand)
                if (score[u] == best) keep.push_back(u);
            cand.swap(keep);
        }
        const std::uint32_t p = live[cand[0]];  // leftmost maximum
        order.push_back(planar[p]);
        alive[p] = 0;
        for (std::uint32_t b : v.down(planar[p])) --missing[b];
    }
    return order;
}

// The same Σ_S, keeping the residual strands up to date instead of
// rebuilding them at every step. In planar order every sink's parents are
// consecutive, so a sink whose residual interval holds position p is a child
// of p: executing p changes only p's sinks (their ends move to p's live
// neighbours, or they complete) and the join of p's two gaps. The first
// coordinate u(1) (sinks whose only remaining parent is u) is kept per source
// in an ordered set, so the candidates tied on it come out in planar order;
// the later coordinates are compared as before, walking each candidate's
// strand along the live list. O((n + arcs) log n) when few sources tie on
// u(1) (the fMRI summands: one per step); ties cost what they cost before.
std::vector<std::uint32_t> greedy_sigma_incremental(const BlockView& v, const std::vector<std::uint32_t>& planar,
                                                    std::uint64_t max_work) {
    const std::uint32_t T = v.tops(), B = v.bottoms(), kEnd = T;
    std::vector<std::uint32_t> pos(T);
    for (std::uint32_t i = 0; i < T; ++i) pos[planar[i]] = i;
    std::vector<std::uint32_t> L(B), R(B), missing(B), prv(T), nxt(T), cov(T, 0), head(T, kNone), link_next(B),
        link_prev(B), single(T, 0);
    for (std::uint32_t p = 0; p < T; ++p) {
        prv[p] = p == 0 ? kEnd : p - 1;
        nxt[p] = p + 1;
    }
    // by-right lists: the unfinished sinks whose residual interval ends at p.
    const auto push_right = [&](std::uint32_t b) {
        const std::uint32_t e = R[b];
        link_prev[b] = kNone;
        link_next[b] = head[e];
        if (head[e] != kNone) link_prev[head[e]] = b;
        head[e] = b;
    };
    const auto drop_right = [&](std::uint32_t b) {
        if (link_prev[b] != kNone) link_next[link_prev[b]] = link_next[b];
        else head[R[b]] = link_next[b];
        if (link_next[b] != kNone) link_prev[link_next[b]] = link_prev[b];
    };
    std::vector<std::int64_t> diff(T + 1, 0);
    for (std::uint32_t b = 0; b < B; ++b) {
        L[b] = T;
        R[b] = 0;
        for (std::uint32_t t : v.up(b)) {
            L[b] = std::min(L[b], pos[t]);
            R[b] = std::max(R[b], pos[t]);
        }
        missing[b] = v.in_degree(b);
        push_right(b);
        ++diff[L[b]];  // gaps L..R-1 are covered
        --diff[R[b]];
        if (L[b] == R[b]) ++single[L[b]];
    }
    std::int64_t run = 0;
    for (std::uint32_t p = 0; p + 1 < T; ++p) cov[p] = static_cast<std::uint32_t>(run += diff[p]);
    // Sources by (u(1) descending, planar position ascending).
    std::set<std::pair<std::int64_t, std::uint32_t>> by_single;
    for (std::uint32_t p = 0; p < T; ++p) by_single.emplace(-std::int64_t(single[p]), p);
    const auto set_single = [&](std::uint32_t p, std::uint32_t value) {
        by_single.erase({-std::int64_t(single[p]), p});
        single[p] = value;
        by_single.emplace(-std::int64_t(value), p);
    };
    std::vector<std::uint32_t> order, cand, keep, at(T);
    std::vector<std::uint64_t> score(T, 0);
    std::vector<std::uint8_t> open(T, 0);
    order.reserve(T);
    std::uint64_t work = 0;
    // Sinks ending at e whose residual interval starts at u or later.
    const auto ending = [&](std::uint32_t e, std::uint32_t u) {
        std::uint64_t c = 0;
        for (std::uint32_t b = head[e]; b != kNone; b = link_next[b]) c += L[b] >= u;
        return c;
    };
    for (std::uint32_t step = 0; step < T; ++step) {
        // Candidates: the maximum u(1), in planar order.
        cand.clear();
        const std::int64_t top = by_single.begin()->first;
        for (auto it = by_single.begin(); it != by_single.end() && it->first == top; ++it) cand.push_back(it->second);
        work += cand.size() + v.out_degree(planar[cand[0]]) + 1;
        if (work > max_work) return {};
        for (std::uint32_t u : cand) {
            score[u] = single[u];
            at[u] = u;
            open[u] = 1;
        }
        while (cand.size() > 1) {
            work += 3 * cand.size();
            if (work > max_work) return {};
            bool any_open = false;
            for (std::uint32_t u : cand) {
                if (!open[u]) continue;
                const std::uint32_t e = at[u];
                if (nxt[e] == kEnd || cov[e] == 0) {  // u's strand ends at e: V_u is constant from here on
                    open[u] = 0;
                    continue;
                }
                any_open = true;
                at[u] = nxt[e];
                score[u] += ending(at[u], u);
            }
            if (!any_open) break;
            std::uint64_t best = 0;
            for (std::uint32_t u : cand) best = std::max(best, score[u]);
            keep.clear();
            for (std::uint32_t u : cand)
                if (score[u] == best) keep.push_back(u);
            cand.swap(keep);
        }
        const std::uint32_t p = cand[0];  // leftmost maximum
        order.push_back(planar[p]);
        // Execute p: its sinks complete or shrink to p's live neighbours.
        const std::uint32_t a = prv[p], c = nxt[p];
        for (std::uint32_t b : v.down(planar[p])) {
            drop_right(b);
            if (--missing[b] == 0) continue;  // its only remaining parent was p
            if (L[b] == p) L[b] = c;
            if (R[b] == p) R[b] = a;
            push_right(b);
            if (L[b] == R[b]) set_single(L[b], single[L[b]] + 1);
        }
        by_single.erase({-std::int64_t(single[p]), p});
        if (a != kEnd) {
            nxt[a] = c;
            // Only p's sinks can cover both of p's gaps (they hold p).
            std::uint32_t k = 0;
            if (c != kEnd)
                for (std::uint32_t b : v.down(planar[p])) k += missing[b] > 0 && L[b] <= a && R[b] >= c;
            cov[a] = k;
        }
        if (c != kEnd) prv[c] = a;
    }
    return order;
}

}  // namespace

bool schedule_pbt(const BlockView& v, BlockSchedule& out, std::uint64_t max_work, bool reference) {
    const std::uint32_t T = v.tops();
    if (T < 2) return false;
    const std::vector<std::uint32_t> spine = caterpillar_spine(v);
    if (spine.empty()) return false;
    // Planar order of the sources: source hubs, and the leaf sources of sink hubs.
    std::vector<std::uint32_t> planar;
    planar.reserve(T);
    for (std::uint32_t x : spine) {
        if (x < T) {
            planar.push_back(x);
            continue;
        }
        const std::size_t begin = planar.size();
        for (std::uint32_t t : v.up(x - T))
            if (v.out_degree(t) == 1) planar.push_back(t);
        std::sort(planar.begin() + static_cast<std::ptrdiff_t>(begin), planar.end(),
                  [&](std::uint32_t a, std::uint32_t b) { return v.top_ids[a] < v.top_ids[b]; });
    }
    if (planar.size() != T) return false;  // cannot happen for a caterpillar
    const std::vector<std::uint32_t> order =
        reference ? greedy_sigma(v, planar, max_work) : greedy_sigma_incremental(v, planar, max_work);
    if (order.empty()) return false;
    set_proven(out, v, Kind::pbt, shape_text(v, spine), order);
    out.profile = local_profile(v, order);
    return true;
}

}  // namespace ics::blocks::detail
