// The closed forms of guidelines-common-dags.txt checked against the engine:
// Lemmas 3.1, 4.1, 5.1 (the maximal number of ELIGIBLE nodes in terms of the
// per-level counts X_l of EXECUTED nodes), Theorems 3.1, 4.1, 5.1 (the
// maxima as functions of t, confirmed by the brute-force oracle on small
// sizes), and the memory costs of §3.3, §4.3, §5.3 — with the correction to
// Theorem 5.2 (2^d + 2, not 2^d + 1, is the least memory of an IC-optimal
// schedule of F_d), proven here by exhaustive search for d = 2, 3, 4.
#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

#include "exact/downset_search.hpp"
#include "exact/oracle.hpp"
#include "families/families.hpp"
#include "pebble/pebble.hpp"
#include "schedule/schedule.hpp"

namespace ics {
namespace {

using Profile = std::vector<std::uint32_t>;

// Levels numbered as in the paper: sinks on level 0, sources on the top level
// (all three families are leveled: every arc joins consecutive levels).
std::vector<std::uint32_t> paper_levels(const Dag& g) {
    std::vector<std::uint32_t> l(g.node_count());
    for (NodeId v = 0; v < g.node_count(); ++v) l[v] = g.level_count() - 1 - g.levels()[v];
    return l;
}

// Plays `order` and calls check(t, E(t), X, E_per_level) after every step.
void play(const Dag& g, const std::vector<NodeId>& order,
          const std::function<void(std::uint32_t, std::uint32_t, const std::vector<std::uint32_t>&,
                                   const std::vector<std::uint32_t>&)>& check) {
    const auto lv = paper_levels(g);
    std::vector<std::uint32_t> x(g.level_count(), 0), e(g.level_count(), 0), missing(g.node_count());
    std::uint32_t eligible = 0;
    for (NodeId v = 0; v < g.node_count(); ++v) {
        missing[v] = g.in_degree(v);
        if (missing[v] == 0) ++e[lv[v]], ++eligible;
    }
    check(0, eligible, x, e);
    for (std::uint32_t t = 0; t < order.size(); ++t) {
        const NodeId v = order[t];
        ++x[lv[v]], --e[lv[v]], --eligible;
        for (NodeId c : g.children(v))
            if (--missing[c] == 0) ++e[lv[c]], ++eligible;
        check(t + 1, eligible, x, e);
    }
}

schedule::Result engine(const Dag& g, schedule::Objective objective = schedule::Objective::eligibility) {
    schedule::Options opt;
    opt.exact_max_nodes = 0;  // the decomposition must prove it, not the small-dag search
    opt.exact_max_downsets = 0;
    opt.area_max_downsets = 0;
    opt.objective = objective;
    return schedule::schedule(g, opt);
}

// ---- reduction-mesh M_l (§3): level l has l+1 nodes, sources on level l-1.

// Theorem 3.1's schedule as a function of t: level by level from the top,
// E = size of the level being started, or size - 1 once it is under way.
Profile mesh_max(std::uint32_t ell) {
    Profile m;
    const std::uint64_t n = std::uint64_t{ell} * (ell + 1) / 2;
    std::uint64_t done = 0;  // nodes on the finished levels
    for (std::uint32_t size = ell; size >= 1; --size) {
        for (std::uint32_t k = 0; k < size; ++k) m.push_back(k == 0 ? size : size - 1);
        done += size;
    }
    m.push_back(0);
    EXPECT_EQ(done, n);
    return m;
}

TEST(ClosedForms, MeshMaximumIsTheOracles) {
    for (std::uint32_t ell = 1; ell <= 6; ++ell)
        EXPECT_EQ(exact::max_eligible_profile(families::reduction_mesh(ell)), mesh_max(ell)) << "M_" << ell;
}

void check_mesh(std::uint32_t ell) {
    SCOPED_TRACE("M_" + std::to_string(ell));
    const Dag g = families::reduction_mesh(ell);
    const schedule::Result r = engine(g);
    ASSERT_EQ(r.status, schedule::Status::ic_optimal) << r.reason;
    ASSERT_EQ(r.method, schedule::Method::decomposition);
    EXPECT_EQ(r.eval.eligible, mesh_max(ell));
    // Lemma 3.1.2: with c the lowest level holding an ELIGIBLE or EXECUTED
    // node, E(t) = c + 1 - X_c; and c <= E(t) <= c + 1.
    std::uint32_t c = ell - 1;
    std::uint32_t bad = 0;
    play(g, r.order, [&](std::uint32_t t, std::uint32_t et, const auto& x, const auto& e) {
        if (t == g.node_count()) return;
        while (c > 0 && x[c - 1] + e[c - 1] > 0) --c;
        if (et + x[c] != c + 1 || et < c || et > c + 1) ++bad;
    });
    EXPECT_EQ(bad, 0u);
}

TEST(ClosedForms, MeshLemma3_1) {
    for (std::uint32_t ell : {1u, 2u, 3u, 5u, 8u, 13u, 40u, 100u, 446u}) check_mesh(ell);  // 446: 99,681 nodes
}

// ---- complete reduction-tree T_h (§4): S = 2^h leaves.

TEST(ClosedForms, TreeMaximumIsTheOracles) {
    for (std::uint32_t h = 1; h <= 4; ++h) {
        const Profile m = exact::max_eligible_profile(families::reduction_tree(h));
        const std::uint32_t s = 1u << h;
        for (std::uint32_t t = 0; t < m.size(); ++t) EXPECT_EQ(m[t], s - (t + 1) / 2) << "T_" << h << " t=" << t;
    }
}

void check_tree(std::uint32_t h) {
    SCOPED_TRACE("T_" + std::to_string(h));
    const Dag g = families::reduction_tree(h);
    const schedule::Result r = engine(g);
    ASSERT_EQ(r.status, schedule::Status::ic_optimal) << r.reason;
    const std::uint32_t s = 1u << h;
    std::uint32_t bad = 0;
    // Lemma 4.1.2: E(t) = S - t/2 - (#levels with odd X_l)/2; its maximum S - ceil(t/2).
    play(g, r.order, [&](std::uint32_t t, std::uint32_t et, const auto& x, const auto&) {
        std::uint32_t odd = 0;
        for (auto xl : x) odd += xl & 1;
        if (2 * et != 2 * s - t - odd || et != s - (t + 1) / 2) ++bad;
    });
    EXPECT_EQ(bad, 0u);
}

TEST(ClosedForms, TreeLemma4_1) {
    for (std::uint32_t h = 1; h <= 16; ++h) check_tree(h);  // T_16: 131,071 nodes
}

// ---- FFT dag F_d (§5): 2^d nodes per level, sources on level d.

Profile fft_max(std::uint32_t d) {
    const std::uint64_t w = std::uint64_t{1} << d, nonsinks = d * w;
    Profile m;
    for (std::uint64_t t = 0; t <= nonsinks + w; ++t)
        m.push_back(static_cast<std::uint32_t>(t <= nonsinks ? w - (t & 1) : w - (t - nonsinks)));
    return m;
}

TEST(ClosedForms, FftMaximumIsTheOracles) {
    for (std::uint32_t d = 1; d <= 3; ++d)
        EXPECT_EQ(exact::max_eligible_profile(families::fft(d), std::uint64_t{1} << 24), fft_max(d)) << "F_" << d;
}

void check_fft(std::uint32_t d) {
    SCOPED_TRACE("F_" + std::to_string(d));
    const Dag g = families::fft(d);
    const schedule::Result r = engine(g);
    ASSERT_EQ(r.status, schedule::Status::ic_optimal) << r.reason;
    EXPECT_EQ(r.eval.eligible, fft_max(d));
    // Lemma 5.1.2: E(t) = 2^d - X_0 - sum_{i>=1} (X_i mod 2).
    std::uint32_t bad = 0;
    play(g, r.order, [&](std::uint32_t, std::uint32_t et, const auto& x, const auto&) {
        std::uint32_t odd = 0;
        for (std::size_t i = 1; i < x.size(); ++i) odd += x[i] & 1;
        if (et + x[0] + odd != (1u << d)) ++bad;
    });
    EXPECT_EQ(bad, 0u);
}

TEST(ClosedForms, FftLemma5_1) {
    for (std::uint32_t d = 1; d <= 13; ++d) check_fft(d);  // F_13: 114,688 nodes
}

// ---- memory (§2.2.3, §3.3, §4.3, §5.3)

schedule::Result memory_engine(const Dag& g) {
    schedule::Result r = engine(g, schedule::Objective::memory);
    EXPECT_EQ(r.status, schedule::Status::ic_optimal) << r.reason;
    return r;
}

TEST(ClosedForms, MeshMemoryIsEll) {
    // Theorem 3.2: sweeping each level from one end; Lemma 3.2: no schedule does better.
    for (std::uint32_t ell : {2u, 3u, 4u, 7u, 30u, 446u}) {
        const Dag g = families::reduction_mesh(ell);
        const schedule::Result r = memory_engine(g);
        EXPECT_EQ(r.eval.eligible, mesh_max(ell));
        EXPECT_EQ(r.eval.memory, ell) << "M_" << ell;
    }
    for (std::uint32_t ell = 2; ell <= 5; ++ell)
        EXPECT_EQ(exact::min_memory_schedule(families::reduction_mesh(ell)).memory, ell);
}

TEST(ClosedForms, TreeMemoryPostorderExecuteIs2h) {
    for (std::uint32_t h = 1; h <= 16; ++h) {
        SCOPED_TRACE("T_" + std::to_string(h));
        const Dag g = families::reduction_tree(h);
        const schedule::Result r = memory_engine(g);
        const std::uint32_t s = 1u << h;
        for (std::uint32_t t = 0; t < r.eval.eligible.size(); ++t) ASSERT_EQ(r.eval.eligible[t], s - (t + 1) / 2);
        EXPECT_EQ(r.eval.memory, 2 * h);  // Theorem 4.2
        // The pure postorder: h + 1 registers (Lemma 4.2), not IC-optimal once h >= 2.
        const pebble::Evaluation post = pebble::evaluate(g, pebble::baseline_order(g, pebble::Policy::postorder));
        EXPECT_EQ(post.memory, h + 1);
        if (h >= 2) {
            EXPECT_LT(post.area, r.eval.area);
        }
    }
    // Lemma 4.3: no IC-optimal schedule of T_h uses fewer than 2h registers.
    for (std::uint32_t h = 1; h <= 4; ++h) {
        const exact::MinMemoryResult m = exact::min_memory_schedule(families::reduction_tree(h));
        const std::uint32_t s = 1u << h;
        for (std::uint32_t t = 0; t < m.profile.size(); ++t) ASSERT_EQ(m.profile[t], s - (t + 1) / 2);
        EXPECT_EQ(m.memory, 2 * h) << "T_" << h;
    }
}

TEST(ClosedForms, FftMemoryIsTwoToTheDPlusTwo) {
    // Exhaustive: the least memory over ALL IC-optimal schedules of F_2, F_3, F_4.
    const std::uint32_t least[] = {0, 2, 6, 10, 18};
    for (std::uint32_t d = 1; d <= 4; ++d) {
        const exact::MinMemoryResult m = exact::min_memory_schedule(families::fft(d), std::uint64_t{1} << 24);
        ASSERT_EQ(m.profile, fft_max(d)) << "F_" << d;  // the walks are exactly the ICO schedules
        EXPECT_EQ(m.memory, least[d]) << "F_" << d;
        if (d >= 2) {
            EXPECT_EQ(m.memory, (1u << d) + 2);
        }
    }
    // The engine reaches it at every size.
    for (std::uint32_t d = 2; d <= 13; ++d) {
        const schedule::Result r = memory_engine(families::fft(d));
        EXPECT_EQ(r.eval.eligible, fft_max(d));
        EXPECT_EQ(r.eval.memory, (1u << d) + 2) << "F_" << d;
    }
}

// Theorem 5.2's 2^d + 1 comes from pairing nodes that share PARENTS; such a
// level-by-level order is not IC-optimal (its E(t) falls below the maximum).
TEST(ClosedForms, FftParentPairingIsNotIcOptimal) {
    for (std::uint32_t d = 2; d <= 8; ++d) {
        const Dag g = families::fft(d);
        const auto lv = paper_levels(g);
        std::vector<NodeId> order;
        std::vector<std::uint8_t> done(g.node_count(), 0);
        for (std::uint32_t l = d + 1; l-- > 0;)
            for (NodeId v = 0; v < g.node_count(); ++v) {
                if (lv[v] != l || done[v]) continue;
                order.push_back(v);
                done[v] = 1;
                if (l == d) continue;  // sources share no parents
                // v's sibling under its first parent: the other child of that parent.
                for (NodeId c : g.children(g.parents(v)[0]))
                    if (!done[c]) {
                        order.push_back(c);
                        done[c] = 1;
                    }
            }
        const pebble::Evaluation ev = pebble::evaluate(g, order);
        EXPECT_EQ(ev.memory, (1u << d) + 1) << "F_" << d;
        EXPECT_NE(ev.eligible, fft_max(d)) << "F_" << d;
    }
}

}  // namespace
}  // namespace ics
