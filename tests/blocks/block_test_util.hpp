// Helpers shared by the block tests: block builders (local to these tests,
// independent of lib/families), and brute-force oracles over subsets of
// sources that share no code with lib/blocks.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "blocks/block_schedule.hpp"
#include "common/random.hpp"
#include "dag/dag.hpp"

namespace ics::blocks::test {

using Arcs = std::vector<std::pair<std::uint32_t, std::uint32_t>>;  // (top, bottom) local indices

// A bipartite block: tops 0..tops-1 -> bottoms 0..bottoms-1.
struct Spec {
    std::uint32_t tops = 0, bottoms = 0;
    Arcs arcs;
};

struct TestBlock {
    Dag dag;
    std::vector<NodeId> sources;  // global id of top i
    std::vector<NodeId> sinks;    // global id of bottom j
};

inline void shuffle(std::vector<std::uint32_t>& v, SplitMix64& rng) {
    for (std::size_t i = v.size(); i > 1; --i) std::swap(v[i - 1], v[rng.below(i)]);
}

// Materialises `spec` as a Dag. seed != 0 scrambles the node ids and (with
// `extras`) adds a few unrelated nodes and arcs around the block, so nothing
// may rely on ids or on the block being the whole dag.
inline TestBlock materialise(const Spec& spec, std::uint64_t seed = 0, bool extras = true) {
    SplitMix64 rng(seed);
    const std::uint32_t extra = seed == 0 || !extras ? 0 : static_cast<std::uint32_t>(rng.below(4));
    const std::uint32_t total = spec.tops + spec.bottoms + 2 * extra;
    std::vector<std::uint32_t> perm(total);
    for (std::uint32_t i = 0; i < total; ++i) perm[i] = i;
    if (seed != 0) shuffle(perm, rng);
    std::vector<std::string> names(total);
    for (std::uint32_t i = 0; i < spec.tops; ++i) names[i] = "s" + std::to_string(i);
    for (std::uint32_t j = 0; j < spec.bottoms; ++j) names[spec.tops + j] = "t" + std::to_string(j);
    for (std::uint32_t k = 0; k < 2 * extra; ++k) names[spec.tops + spec.bottoms + k] = "x" + std::to_string(k);
    DagBuilder b;
    std::vector<NodeId> id(total);
    for (std::uint32_t k = 0; k < total; ++k) {  // the k-th added node is logical node perm[k]
        id[perm[k]] = b.add_node(names[perm[k]]);
    }
    for (auto [t, s] : spec.arcs) b.add_arc(id[t], id[spec.tops + s]);
    for (std::uint32_t k = 0; k < extra; ++k)  // unrelated arcs, and sinks feeding further nodes
        b.add_arc(id[spec.tops + spec.bottoms + 2 * k], id[spec.tops + spec.bottoms + 2 * k + 1]);
    if (extra > 0 && spec.bottoms > 0) b.add_arc(id[spec.tops], id[spec.tops + spec.bottoms]);
    TestBlock tb{b.build(), {}, {}};
    for (std::uint32_t i = 0; i < spec.tops; ++i) tb.sources.push_back(id[i]);
    for (std::uint32_t j = 0; j < spec.bottoms; ++j) tb.sinks.push_back(id[spec.tops + j]);
    return tb;
}

// W_{s,d}: top i -> bottoms i(d-1) .. i(d-1)+d-1.
inline Spec w_spec(std::uint32_t s, std::uint32_t d) {
    Spec sp{s, s * (d - 1) + 1, {}};
    for (std::uint32_t i = 0; i < s; ++i)
        for (std::uint32_t k = 0; k < d; ++k) sp.arcs.emplace_back(i, i * (d - 1) + k);
    return sp;
}
inline Spec dual_spec(const Spec& w) {
    Spec sp{w.bottoms, w.tops, {}};
    for (auto [t, b] : w.arcs) sp.arcs.emplace_back(b, t);
    return sp;
}
inline Spec m_spec(std::uint32_t s, std::uint32_t d) { return dual_spec(w_spec(s, d)); }
inline Spec n_spec(std::uint32_t s) {
    Spec sp{s, s, {}};
    for (std::uint32_t i = 0; i < s; ++i) {
        sp.arcs.emplace_back(i, i);
        if (i + 1 < s) sp.arcs.emplace_back(i, i + 1);
    }
    return sp;
}
inline Spec c_spec(std::uint32_t s) {
    Spec sp{s, s, {}};
    for (std::uint32_t i = 0; i < s; ++i) {
        sp.arcs.emplace_back(i, i);
        sp.arcs.emplace_back(i, (i + 1) % s);
    }
    return sp;
}
inline Spec q_spec(std::uint32_t s, std::uint32_t t) {
    Spec sp{s, t, {}};
    for (std::uint32_t i = 0; i < s; ++i)
        for (std::uint32_t j = 0; j < t; ++j) sp.arcs.emplace_back(i, j);
    return sp;
}
// P[δ] with entries k > 1 (a source hub of out-degree k) and -k (a sink hub
// of in-degree k); each entry after the first adds k-1 leaves to the
// rightmost node of the other side (overview slides; degree reading).
inline Spec pbt_spec(const std::vector<int>& delta) {
    Spec sp;
    std::uint32_t s = 0, t = 0;  // rightmost source / sink
    for (std::size_t i = 0; i < delta.size(); ++i) {
        const auto k = static_cast<std::uint32_t>(delta[i] > 0 ? delta[i] : -delta[i]);
        if (delta[i] > 0) {
            if (i == 0) s = sp.tops++;
            for (std::uint32_t c = i == 0 ? 0 : 1; c < k; ++c) {
                t = sp.bottoms++;
                sp.arcs.emplace_back(s, t);
            }
        } else {
            if (i == 0) t = sp.bottoms++;
            for (std::uint32_t c = i == 0 ? 0 : 1; c < k; ++c) {
                s = sp.tops++;
                sp.arcs.emplace_back(s, t);
            }
        }
    }
    return sp;
}
inline std::string delta_text(const std::vector<int>& delta) {
    std::string s = "P[";
    for (std::size_t i = 0; i < delta.size(); ++i)
        s += (i ? "," : "") + (delta[i] > 0 ? std::to_string(delta[i]) : "1/" + std::to_string(-delta[i]));
    return s + "]";
}
// A random zigzagged δ with `len` entries, entries in [2, max_k].
inline std::vector<int> random_delta(std::uint32_t len, std::uint32_t max_k, SplitMix64& rng) {
    std::vector<int> delta;
    bool source = rng.below(2) == 0;
    for (std::uint32_t i = 0; i < len; ++i, source = !source) {
        const int k = 2 + static_cast<int>(rng.below(max_k - 1));
        delta.push_back(source ? k : -k);
    }
    return delta;
}
// Random bipartite block: every bottom gets each top as parent with
// probability p (at least one); childless tops get one random child.
inline Spec random_spec(std::uint32_t tops, std::uint32_t bottoms, double p, SplitMix64& rng) {
    Spec sp{tops, bottoms, {}};
    std::vector<std::uint8_t> has_child(tops, 0);
    for (std::uint32_t j = 0; j < bottoms; ++j) {
        bool any = false;
        for (std::uint32_t i = 0; i < tops; ++i)
            if (rng.uniform() < p) {
                sp.arcs.emplace_back(i, j);
                has_child[i] = 1;
                any = true;
            }
        if (!any) {
            const auto i = static_cast<std::uint32_t>(rng.below(tops));
            sp.arcs.emplace_back(i, j);
            has_child[i] = 1;
        }
    }
    for (std::uint32_t i = 0; i < tops; ++i)
        if (!has_child[i] && bottoms > 0) sp.arcs.emplace_back(i, static_cast<std::uint32_t>(rng.below(bottoms)));
    return sp;
}
// Random tree on tops + bottoms (random bipartite spanning tree: each new node
// attaches to a random earlier node of the other side).
inline Spec random_tree_spec(std::uint32_t tops, std::uint32_t bottoms, SplitMix64& rng) {
    Spec sp{tops, bottoms, {}};
    std::vector<std::uint32_t> order;  // interleave so both sides exist early
    for (std::uint32_t i = 0; i < tops; ++i) order.push_back(i);
    for (std::uint32_t j = 0; j < bottoms; ++j) order.push_back(tops + j);
    shuffle(order, rng);
    std::vector<std::uint32_t> seen_t, seen_b;
    // start with one arc so both sides are present
    std::uint32_t t0 = static_cast<std::uint32_t>(rng.below(tops)), b0 = static_cast<std::uint32_t>(rng.below(bottoms));
    sp.arcs.emplace_back(t0, b0);
    seen_t.push_back(t0);
    seen_b.push_back(b0);
    for (std::uint32_t x : order) {
        if (x < tops) {
            if (x == t0) continue;
            sp.arcs.emplace_back(x, seen_b[rng.below(seen_b.size())]);
            seen_t.push_back(x);
        } else {
            if (x - tops == b0) continue;
            sp.arcs.emplace_back(seen_t[rng.below(seen_t.size())], x - tops);
            seen_b.push_back(x - tops);
        }
    }
    return sp;
}
// Random caterpillar: spine of `hubs` alternating nodes, each hub with a
// random number of leaves (ends get at least one, so they are not leaves).
inline Spec random_caterpillar_spec(std::uint32_t hubs, std::uint32_t max_leaves, SplitMix64& rng) {
    Spec sp;
    bool source = rng.below(2) == 0;
    std::uint32_t prev = 0;
    bool prev_source = false;
    for (std::uint32_t h = 0; h < hubs; ++h, source = !source) {
        const std::uint32_t me = source ? sp.tops++ : sp.bottoms++;
        if (h > 0) sp.arcs.push_back(source ? std::make_pair(me, prev) : std::make_pair(prev, me));
        std::uint32_t leaves = static_cast<std::uint32_t>(rng.below(max_leaves + 1));
        if ((h == 0 || h + 1 == hubs) && leaves == 0) leaves = 1;
        if (hubs == 1 && leaves < 2) leaves = 2;
        for (std::uint32_t k = 0; k < leaves; ++k) {
            if (source) sp.arcs.emplace_back(me, sp.bottoms++);
            else sp.arcs.emplace_back(sp.tops++, me);
        }
        prev = me;
        prev_source = source;
    }
    (void)prev_source;
    return sp;
}

// A small dag from names (ids follow their order) and arcs between ids.
inline Dag small_dag(std::initializer_list<const char*> names, std::initializer_list<std::pair<NodeId, NodeId>> arcs) {
    DagBuilder b;
    for (const char* n : names) b.add_node(n);
    for (auto [u, v] : arcs) b.add_arc(u, v);
    return b.build();
}

// ---- brute force over subsets of the block's sources --------------------

// Parent mask (over block-local source indices) of every sink of the block.
inline std::vector<std::uint32_t> sink_masks(const Dag& g, const std::vector<NodeId>& sources) {
    std::vector<NodeId> sinks;
    for (NodeId s : sources)
        for (NodeId c : g.children(s)) sinks.push_back(c);
    std::sort(sinks.begin(), sinks.end());
    sinks.erase(std::unique(sinks.begin(), sinks.end()), sinks.end());
    std::vector<std::uint32_t> masks;
    for (NodeId c : sinks) {
        std::uint32_t m = 0;
        for (NodeId p : g.parents(c))
            for (std::uint32_t i = 0; i < sources.size(); ++i)
                if (sources[i] == p) m |= 1u << i;
        masks.push_back(m);
    }
    return masks;
}
inline std::uint32_t f_of(const std::vector<std::uint32_t>& masks, std::uint32_t s) {
    std::uint32_t f = 0;
    for (std::uint32_t m : masks) f += (m & ~s) == 0;
    return f;
}
// M(k) = max_{|S| = k} f(S).
inline std::vector<std::uint32_t> bf_max_profile(const Dag& g, const std::vector<NodeId>& sources) {
    const auto masks = sink_masks(g, sources);
    const auto n = static_cast<std::uint32_t>(sources.size());
    std::vector<std::uint32_t> best(n + 1, 0);
    for (std::uint32_t s = 0; s < (1u << n); ++s) {
        const auto k = static_cast<std::uint32_t>(__builtin_popcount(s));
        best[k] = std::max(best[k], f_of(masks, s));
    }
    return best;
}
// Profile of an order of global ids, by definition: sinks all of whose parents
// are among the first x entries.
inline std::vector<std::uint32_t> bf_profile(const Dag& g, const std::vector<NodeId>& sources,
                                             const std::vector<NodeId>& order) {
    const auto masks = sink_masks(g, sources);
    std::vector<std::uint32_t> prof(order.size() + 1, 0);
    std::uint32_t s = 0;
    for (std::size_t x = 0; x <= order.size(); ++x) {
        if (x > 0) {
            const auto it = std::find(sources.begin(), sources.end(), order[x - 1]);
            s |= 1u << static_cast<std::uint32_t>(it - sources.begin());
        }
        prof[x] = f_of(masks, s);
    }
    return prof;
}
// Lexicographically largest profile over all orders, by layers; profile[k] for
// every k; equals bf_max_profile iff the block admits an ICO order. Also gives
// one order achieving it (global ids).
inline std::vector<std::uint32_t> bf_lexmax_profile(const Dag& g, const std::vector<NodeId>& sources,
                                                    std::vector<NodeId>* order = nullptr) {
    const auto masks = sink_masks(g, sources);
    const auto n = static_cast<std::uint32_t>(sources.size());
    std::vector<std::uint8_t> in(1u << n, 0);
    std::vector<std::uint32_t> layer{0}, prof{f_of(masks, 0)};
    in[0] = 1;
    for (std::uint32_t k = 0; k < n; ++k) {
        std::uint32_t best = 0;
        for (std::uint32_t s : layer)
            for (std::uint32_t i = 0; i < n; ++i)
                if (!(s >> i & 1)) best = std::max(best, f_of(masks, s | 1u << i));
        std::vector<std::uint32_t> next;
        for (std::uint32_t s : layer)
            for (std::uint32_t i = 0; i < n; ++i) {
                const std::uint32_t t = s | 1u << i;
                if (!(s >> i & 1) && !in[t] && f_of(masks, t) == best) {
                    in[t] = 1;
                    next.push_back(t);
                }
            }
        prof.push_back(best);
        layer.swap(next);
    }
    if (order) {
        order->assign(n, 0);
        std::uint32_t s = (1u << n) - 1;
        for (std::uint32_t k = n; k-- > 0;)
            for (std::uint32_t i = 0; i < n; ++i)
                if ((s >> i & 1) && in[s & ~(1u << i)] &&
                    (k == 0 || __builtin_popcount(s & ~(1u << i)) == static_cast<int>(k))) {
                    (*order)[k] = sources[i];
                    s &= ~(1u << i);
                    break;
                }
    }
    return prof;
}

// The order is a permutation of the sources and its profile is consistent.
inline void expect_consistent(const Dag& g, const std::vector<NodeId>& sources, const BlockSchedule& r) {
    std::vector<NodeId> a(sources), b(r.order);
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
    EXPECT_EQ(a, b) << r.shape;
    EXPECT_EQ(r.profile, block_profile(g, r.order)) << r.shape;
}

}  // namespace ics::blocks::test
