// The greedy fallback for large unknown blocks, and throughput of
// schedule_block on many tiny blocks.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <queue>
#include <tuple>

#include "block_test_util.hpp"
#include "blocks/block_detail.hpp"

namespace ics::blocks::test {
namespace {

// The greedy order as first written (one heap entry per key change, stale
// entries skipped; O(sum over sinks of in-degree^2) entries), in global ids:
// the reference the class-and-indexed-heap version must match exactly.
std::vector<NodeId> naive_greedy(const Dag& g, const std::vector<NodeId>& sources) {
    const auto T = static_cast<std::uint32_t>(sources.size());
    std::vector<std::uint32_t> top_of(g.node_count(), 0xFFFFFFFFu);
    for (std::uint32_t t = 0; t < T; ++t) top_of[sources[t]] = t;
    std::vector<std::uint32_t> missing(g.node_count(), 0), completes(T, 0), nearest(T, 0xFFFFFFFFu);
    std::vector<std::uint64_t> waiting(T, 0);
    std::vector<NodeId> sinks;
    for (NodeId s : sources)
        for (NodeId b : g.children(s))
            if (missing[b]++ == 0) sinks.push_back(b);
    for (NodeId b : sinks)
        for (NodeId p : g.parents(b)) {
            const std::uint32_t t = top_of[p];
            waiting[t] += missing[b] - 1;
            completes[t] += missing[b] == 1;
            nearest[t] = std::min(nearest[t], missing[b] - 1);
        }
    using Entry = std::tuple<std::uint32_t, std::int64_t, std::int64_t, std::int64_t, std::uint32_t>;
    const auto entry = [&](std::uint32_t t) {
        return Entry{completes[t], -static_cast<std::int64_t>(nearest[t]), -static_cast<std::int64_t>(waiting[t]),
                     -static_cast<std::int64_t>(sources[t]), t};
    };
    std::priority_queue<Entry> heap;
    for (std::uint32_t t = 0; t < T; ++t) heap.push(entry(t));
    std::vector<std::uint8_t> done(T, 0);
    std::vector<NodeId> order;
    while (!heap.empty()) {
        const Entry e = heap.top();
        heap.pop();
        const std::uint32_t t = std::get<4>(e);
        if (done[t] || e != entry(t)) continue;
        done[t] = 1;
        order.push_back(sources[t]);
        for (NodeId b : g.children(sources[t])) {
            if (--missing[b] == 0) continue;
            for (NodeId q : g.parents(b)) {
                const std::uint32_t p = top_of[q];
                if (done[p]) continue;
                --waiting[p];
                completes[p] += missing[b] == 1;
                nearest[p] = std::min(nearest[p], missing[b] - 1);
                heap.push(entry(p));
            }
        }
    }
    return order;
}

// Random block whose tops copy their rows from a pool of `rows` random rows
// (many twins), every bottom covered.
Spec twin_spec(std::uint32_t tops, std::uint32_t bottoms, std::uint32_t rows, double p, SplitMix64& rng) {
    std::vector<std::vector<std::uint32_t>> pool(rows);
    for (auto& r : pool) {
        for (std::uint32_t j = 0; j < bottoms; ++j)
            if (rng.uniform() < p) r.push_back(j);
        if (r.empty()) r.push_back(static_cast<std::uint32_t>(rng.below(bottoms)));
    }
    Spec sp{tops, bottoms, {}};
    std::vector<std::uint8_t> covered(bottoms, 0);
    for (std::uint32_t i = 0; i < tops; ++i)
        for (std::uint32_t j : pool[rng.below(rows)]) {
            sp.arcs.emplace_back(i, j);
            covered[j] = 1;
        }
    for (std::uint32_t j = 0; j < bottoms; ++j)
        if (!covered[j]) sp.arcs.emplace_back(static_cast<std::uint32_t>(rng.below(tops)), j);
    return sp;
}

namespace {

// Block `it` of a series: up to `most` sources and sinks, a random block
// every `random_every` (the others twin-heavy, up to `most_twins` twins).
Spec series_spec(SplitMix64& rng, int it, std::uint64_t most, int random_every, std::uint64_t most_twins) {
    const auto tops = 1 + static_cast<std::uint32_t>(rng.below(most));
    const auto bottoms = 1 + static_cast<std::uint32_t>(rng.below(most));
    const double p = 0.02 + 0.5 * rng.uniform();
    return it % random_every == 0
               ? random_spec(tops, bottoms, p, rng)
               : twin_spec(tops, bottoms, 1 + static_cast<std::uint32_t>(rng.below(most_twins)), p, rng);
}

}  // namespace

TEST(Greedy, SameOrderAsTheNaiveGreedy) {
    SplitMix64 rng(18);
    for (int it = 0; it < 400; ++it) {
        const Spec sp = series_spec(rng, it, 60, 2, 6);
        const TestBlock tb = materialise(sp, static_cast<std::uint64_t>(it) + 1);
        const BlockSchedule r = greedy_block_schedule(tb.dag, tb.sources);
        expect_consistent(tb.dag, tb.sources, r);
        EXPECT_EQ(r.order, naive_greedy(tb.dag, tb.sources)) << "iteration " << it;
    }
}

// greedy_order under each of `knobs` (test settings that reach its rare
// paths) gives the naive greedy's order on `count` random and twin-heavy
// blocks of up to 50 sources and sinks (ties by global id: the sources' ids
// are shuffled, so their rank differs from their index).
void expect_naive_order_under(std::uint64_t seed, int count, const std::vector<detail::GreedyTesting>& knobs) {
    SplitMix64 rng(seed);
    for (int it = 0; it < count; ++it) {
        const Spec sp = series_spec(rng, it, 50, 3, 8);
        const TestBlock tb = materialise(sp, static_cast<std::uint64_t>(it) + 1);
        const std::vector<NodeId> want = naive_greedy(tb.dag, tb.sources);
        const detail::LocalBlock lb = detail::make_local_block(tb.dag, tb.sources);
        for (const detail::GreedyTesting& k : knobs) {
            std::vector<NodeId> got;
            std::vector<std::uint32_t> profile;
            const std::vector<std::uint32_t> local = detail::greedy_order(lb.view(), k, &profile);
            for (std::uint32_t t : local) got.push_back(lb.sources[t]);
            ASSERT_EQ(got, want) << "iteration " << it << ", keys in " << k.narrow_bits << " bits, hashes of "
                                 << k.hash_bits << " bits";
            // The profile counted on the way is the order's (local_profile).
            ASSERT_EQ(profile, detail::local_profile(lb.view(), local)) << "iteration " << it;
        }
    }
}

TEST(Greedy, SameOrderWithKeysInOneOrTwoWords) {
    // The keys are packed into 64 bits when their ranges fit, else into 128:
    // every limit from 0 to 64 puts each block on both sides of the threshold.
    std::vector<detail::GreedyTesting> knobs;
    for (unsigned bits = 0; bits <= 64; ++bits) knobs.push_back({bits, 64});
    expect_naive_order_under(27, 120, knobs);
}

TEST(Greedy, SameOrderWhenRowHashesCollide) {
    // Twins are found by hashing rows; rows hashed to 0..3 bits collide
    // (different rows, one hash) and must still part into twin classes.
    expect_naive_order_under(31, 150, {{64, 0}, {64, 1}, {64, 2}, {64, 3}, {0, 2}});
}

TEST(Greedy, RandomLayerPairsAsTheNaiveGreedy) {
    // The family behind the scaling case (a layer pair of a random layered
    // dag, 8 arcs per source: a few twins among the sources of out-degree 1)
    // at sizes where the twin table probes and grows; the sources given in
    // increasing id and shuffled (the rank is then not the local index).
    SplitMix64 rng(41);
    for (std::uint32_t w : {200u, 700u, 2500u}) {
        const Spec sp = random_spec(w, w, 8.0 / w, rng);
        const TestBlock tb = materialise(sp, w);
        std::vector<NodeId> sorted = tb.sources;
        std::sort(sorted.begin(), sorted.end());
        std::vector<NodeId> shuffled = tb.sources;
        for (std::size_t i = shuffled.size(); i > 1; --i) std::swap(shuffled[i - 1], shuffled[rng.below(i)]);
        for (const auto& sources : {sorted, shuffled}) {
            const BlockSchedule r = greedy_block_schedule(tb.dag, sources);
            expect_consistent(tb.dag, sources, r);
            EXPECT_EQ(r.order, naive_greedy(tb.dag, sources)) << w << " sources";
        }
    }
}

TEST(Greedy, CompleteBipartiteMinusOneArcAsTheNaiveGreedy) {
    for (std::uint32_t n = 2; n <= 40; n += 7)
        for (std::uint32_t miss = 0; miss < 3; ++miss) {
            Spec sp{n, n, {}};
            for (std::uint32_t i = 0; i < n; ++i)
                for (std::uint32_t j = 0; j < n; ++j)
                    if (i != miss % n || j != (miss * 5) % n) sp.arcs.emplace_back(i, j);
            const TestBlock tb = materialise(sp, n * 3 + miss + 1);
            const BlockSchedule r = greedy_block_schedule(tb.dag, tb.sources);
            expect_consistent(tb.dag, tb.sources, r);
            EXPECT_EQ(r.order, naive_greedy(tb.dag, tb.sources)) << "K(" << n << "," << n << ")";
        }
}

TEST(Greedy, LargeUnknownBlocks) {
    SplitMix64 rng(6);
    for (int it = 0; it < 20; ++it) {
        const auto tops = 31 + static_cast<std::uint32_t>(rng.below(400));
        const auto bottoms = 31 + static_cast<std::uint32_t>(rng.below(400));
        const TestBlock tb = materialise(random_spec(tops, bottoms, 0.02 + 0.05 * rng.uniform(), rng),
                                         static_cast<std::uint64_t>(it) + 1);
        const BlockSchedule r = schedule_block(tb.dag, tb.sources);
        if (r.kind == Kind::pbt) continue;  // a random sparse block can be a caterpillar
        EXPECT_EQ(r.kind, Kind::greedy);
        EXPECT_FALSE(r.proven);
        EXPECT_TRUE(r.ico_exists);
        EXPECT_EQ(r.shape, "bipartite(" + std::to_string(tops) + " sources)");
        expect_consistent(tb.dag, tb.sources, r);
    }
}

TEST(Greedy, OptimalOnTheClosedForms) {
    // Not a guarantee in general, but the greedy rule does find the ICO
    // orders of W, M, N, C and Q blocks.
    std::vector<Spec> specs;
    for (std::uint32_t s = 1; s <= 9; ++s)
        for (std::uint32_t d = 2; d <= 4; ++d) {
            specs.push_back(w_spec(s, d));
            if (s * (d - 1) + 1 <= 16) specs.push_back(m_spec(s, d));
        }
    for (std::uint32_t s = 2; s <= 12; ++s) {
        specs.push_back(n_spec(s));
        specs.push_back(c_spec(s));
        specs.push_back(q_spec(s, 3));
    }
    int i = 0;
    for (const Spec& spec : specs) {
        const TestBlock tb = materialise(spec, static_cast<std::uint64_t>(++i));
        const BlockSchedule r = greedy_block_schedule(tb.dag, tb.sources);
        EXPECT_EQ(r.kind, Kind::greedy);
        expect_consistent(tb.dag, tb.sources, r);
        EXPECT_EQ(r.profile, bf_max_profile(tb.dag, tb.sources)) << schedule_block(tb.dag, tb.sources).shape;
    }
}

TEST(Greedy, QualityOnRandomBlocks) {
    // Information: how often the greedy order is ICO when one exists.
    SplitMix64 rng(10);
    int exists = 0, hit = 0;
    for (int it = 0; it < 1000; ++it) {
        const TestBlock tb = materialise(random_spec(2 + static_cast<std::uint32_t>(rng.below(10)),
                                                     2 + static_cast<std::uint32_t>(rng.below(10)), 0.3, rng),
                                         static_cast<std::uint64_t>(it) + 1);
        const auto max = bf_max_profile(tb.dag, tb.sources);
        if (bf_lexmax_profile(tb.dag, tb.sources) != max) continue;
        ++exists;
        const BlockSchedule r = greedy_block_schedule(tb.dag, tb.sources);
        expect_consistent(tb.dag, tb.sources, r);
        hit += r.profile == max;
    }
    RecordProperty("ico_exists", exists);
    RecordProperty("greedy_is_ico", hit);
    std::printf("greedy order is ICO on %d of %d random blocks that admit one\n", hit, exists);
}

TEST(GreedyPerf, SixtyThousandButterflies) {
    // 60,000 disjoint C_2 butterflies (an FFT-sized workload of tiny blocks).
    constexpr std::uint32_t kBlocks = 60000;
    DagBuilder b;
    b.reserve(4 * kBlocks, 4 * kBlocks);
    std::vector<std::vector<NodeId>> blocks(kBlocks);
    for (std::uint32_t k = 0; k < kBlocks; ++k) {
        const std::string p = std::to_string(k);
        const NodeId u = b.add_node("u" + p), v = b.add_node("v" + p), x = b.add_node("x" + p),
                     y = b.add_node("y" + p);
        for (NodeId s : {u, v})
            for (NodeId t : {x, y}) b.add_arc(s, t);
        blocks[k] = {u, v};
    }
    const Dag g = b.build();
    const auto t0 = std::chrono::steady_clock::now();
    std::uint64_t check = 0;
    for (const auto& src : blocks) {
        const BlockSchedule r = schedule_block(g, src);
        check += r.profile.back() + (r.kind == Kind::cycle_dag);
    }
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("60,000 butterflies through schedule_block: %.3f s (%.2f us each)\n", s, s / kBlocks * 1e6);
    EXPECT_EQ(check, 3ull * kBlocks);
}

TEST(GreedyPerf, MixedSmallBlocks) {
    // 20,000 random small blocks (<= 8 sources) that mostly reach the exact search.
    SplitMix64 rng(12);
    std::vector<TestBlock> tbs;
    for (int it = 0; it < 20000; ++it)
        tbs.push_back(materialise(random_spec(2 + static_cast<std::uint32_t>(rng.below(7)),
                                              2 + static_cast<std::uint32_t>(rng.below(7)), 0.4, rng),
                                  0));
    const auto t0 = std::chrono::steady_clock::now();
    int exact = 0;
    for (const TestBlock& tb : tbs) exact += schedule_block(tb.dag, tb.sources).kind == Kind::exact;
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("20,000 random blocks of 2..8 sources: %.3f s (%d by exact search)\n", s, exact);
}

}  // namespace
}  // namespace ics::blocks::test
