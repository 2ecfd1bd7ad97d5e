// exact_block_schedule / block_max_profile against brute force, the dual
// exact path, and timings.
#include <chrono>
#include <cstdio>

#include "block_test_util.hpp"
#include "blocks/block_detail.hpp"

namespace ics::blocks::test {
namespace {

double seconds_since(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

void check_exact(const TestBlock& tb, const std::string& what) {
    const BlockSchedule r = exact_block_schedule(tb.dag, tb.sources);
    const auto max = bf_max_profile(tb.dag, tb.sources);
    const auto lex = bf_lexmax_profile(tb.dag, tb.sources);
    const bool exists = lex == max;
    EXPECT_EQ(r.kind, Kind::exact) << what;
    EXPECT_EQ(r.ico_exists, exists) << what;
    EXPECT_EQ(r.proven, exists) << what;
    // ICO: the profile is the maximum; otherwise the lexicographically largest.
    EXPECT_EQ(r.profile, exists ? max : lex) << what;
    EXPECT_EQ(block_max_profile(tb.dag, tb.sources), max) << what;
    expect_consistent(tb.dag, tb.sources, r);
}

TEST(Exact, MatchesBruteForceOnRandomBlocks) {
    SplitMix64 rng(99);
    int with = 0, without = 0;
    for (int it = 0; it < 2500; ++it) {
        const auto tops = 1 + static_cast<std::uint32_t>(rng.below(11));
        const auto bottoms = 1 + static_cast<std::uint32_t>(rng.below(13));
        const Spec spec = random_spec(tops, bottoms, 0.1 + 0.6 * rng.uniform(), rng);
        const TestBlock tb = materialise(spec, static_cast<std::uint64_t>(it) + 1);
        check_exact(tb, "it " + std::to_string(it));
        (bf_lexmax_profile(tb.dag, tb.sources) == bf_max_profile(tb.dag, tb.sources) ? with : without)++;
    }
    RecordProperty("with_ico", with);
    RecordProperty("without_ico", without);
    std::printf("random blocks: %d admit an ICO order, %d do not\n", with, without);
    EXPECT_GT(with, 1000);
    EXPECT_GT(without, 100);
}

TEST(Exact, ManySinksUseWideMasks) {
    // > 64, > 128, > 256 sinks with two or more parents (1, 2, 4 and dynamic words).
    SplitMix64 rng(4);
    for (std::uint32_t bottoms : {40u, 100u, 180u, 300u, 700u}) {
        for (int rep = 0; rep < 6; ++rep) {
            const auto tops = 2 + static_cast<std::uint32_t>(rng.below(9));
            const Spec spec = random_spec(tops, bottoms, 0.3 + 0.4 * rng.uniform(), rng);
            const TestBlock tb = materialise(spec, bottoms + static_cast<std::uint64_t>(rep));
            check_exact(tb, std::to_string(bottoms) + " sinks");
        }
    }
}

// Blocks of up to 12 sources take the one-table path; the two half tables
// (exact_search_reference) give the same maxima, verdict and order, with and
// without an order asked for, on blocks with and without ICO orders and with
// 0, 1, 2, 4 and a run-time count of mask words.
TEST(Exact, OneTablePathMatchesTheHalfTables) {
    SplitMix64 rng(2026);
    int ico = 0, not_ico = 0, left_out = 0;
    for (int it = 0; it < 3000; ++it) {
        const auto tops = 1 + static_cast<std::uint32_t>(rng.below(12));
        const std::uint32_t wide[] = {5, 12, 40, 100, 180, 300};
        const auto bottoms = it % 10 == 9 ? wide[rng.below(6)] : 1 + static_cast<std::uint32_t>(rng.below(14));
        const TestBlock tb = materialise(random_spec(tops, bottoms, 0.1 + 0.6 * rng.uniform(), rng),
                                         static_cast<std::uint64_t>(it) + 1);
        const detail::LocalBlock lb = detail::make_local_block(tb.dag, tb.sources);
        for (const detail::BlockView& v : {lb.view(), lb.view().dual()}) {
            if (v.tops() > 12) continue;
            for (bool want : {true, false}) {
                const detail::ExactResult a = detail::exact_search(v, want);
                const detail::ExactResult b = detail::exact_search_reference(v, want);
                EXPECT_EQ(a.ico, b.ico) << it;
                // (The small path may leave M out when the order is wanted and no ICO order exists.)
                if (!(want && !a.ico && a.max_profile.empty())) EXPECT_EQ(a.max_profile, b.max_profile) << it;
                left_out += a.max_profile.empty();
                EXPECT_EQ(a.order, b.order) << it;
                EXPECT_EQ(a.profile, b.profile) << it;
                if (want) EXPECT_EQ(a.profile, detail::local_profile(v, a.order)) << it;
                (a.ico ? ico : not_ico)++;
            }
        }
    }
    EXPECT_GT(ico, 1000);
    EXPECT_GT(not_ico, 500);
    EXPECT_GT(left_out, 300);
}

// The order the searches give, from its definition alone (an oracle that
// shares no code with exact_block.cpp): f(S) by brute force; the layers of
// the lexicographically largest chains grown from {∅} (layer k + 1 = the
// successors of layer k with the largest f); from the full set, the i-th
// step back removes the largest source whose removal is in a layer.
std::vector<std::uint32_t> lexmax_order_by_definition(std::span<const std::uint64_t> kids, std::uint32_t bottoms) {
    const auto n = static_cast<std::uint32_t>(kids.size());
    std::vector<std::uint32_t> parents(bottoms, 0);
    for (std::uint32_t t = 0; t < n; ++t)
        for (std::uint32_t b = 0; b < bottoms; ++b)
            if ((kids[t] >> b) & 1) parents[b] |= 1u << t;
    const auto f = [&](std::uint32_t set) {
        std::uint32_t c = 0;
        for (std::uint32_t p : parents) c += (p & ~set) == 0;
        return c;
    };
    std::vector<bool> marked(std::size_t{1} << n, false);
    std::vector<std::uint32_t> layer{0};
    marked[0] = true;
    for (std::uint32_t k = 0; k < n; ++k) {
        std::uint32_t best = 0;
        std::vector<std::uint32_t> next;
        for (std::uint32_t s : layer)
            for (std::uint32_t i = 0; i < n; ++i)
                if (!((s >> i) & 1)) best = std::max(best, f(s | 1u << i));
        for (std::uint32_t s : layer)
            for (std::uint32_t i = 0; i < n; ++i)
                if (!((s >> i) & 1) && f(s | 1u << i) == best && !marked[s | 1u << i]) {
                    marked[s | 1u << i] = true;
                    next.push_back(s | 1u << i);
                }
        layer = std::move(next);
    }
    std::vector<std::uint32_t> order(n);
    std::uint32_t s = (1u << n) - 1;
    for (std::uint32_t k = n; k-- > 0;) {
        std::uint32_t i = n;
        while (i-- > 0)
            if (((s >> i) & 1) && marked[s & ~(1u << i)]) break;
        order[k] = i;
        s &= ~(1u << i);
    }
    return order;
}

// exact_search_masks (the pipeline's small blocks, from the dag's rows)
// answers as exact_search on the block's local copy and as the reference
// search: verdict, order, profile; 1..12 sources, 1..64 sinks; the order
// also as its definition gives it (lexmax_order_by_definition).
TEST(Exact, MaskSearchAsTheBlockSearch) {
    SplitMix64 rng(4242);
    int ico = 0, not_ico = 0;
    for (int it = 0; it < 3000; ++it) {
        const auto tops = 1 + static_cast<std::uint32_t>(rng.below(12));
        const auto bottoms = it % 5 == 4 ? 30 + static_cast<std::uint32_t>(rng.below(35))
                                         : 1 + static_cast<std::uint32_t>(rng.below(14));
        const TestBlock tb = materialise(random_spec(tops, bottoms, 0.1 + 0.6 * rng.uniform(), rng),
                                         static_cast<std::uint64_t>(it) + 1);
        const detail::LocalBlock lb = detail::make_local_block(tb.dag, tb.sources);
        const detail::BlockView v = lb.view();
        std::vector<std::uint64_t> kids(v.tops(), 0);
        for (std::uint32_t t = 0; t < v.tops(); ++t)
            for (std::uint32_t b : v.down(t)) kids[t] |= std::uint64_t{1} << b;
        std::vector<std::uint32_t> order(v.tops()), profile(v.tops() + 1);
        const bool got = detail::exact_search_masks(kids, v.bottoms(), order.data(), profile.data());
        const detail::ExactResult want = detail::exact_search(v);
        const detail::ExactResult ref = detail::exact_search_reference(v);
        EXPECT_EQ(got, want.ico) << it;
        EXPECT_EQ(order, want.order) << it;
        EXPECT_EQ(profile, want.profile) << it;
        EXPECT_EQ(got, ref.ico) << it;
        EXPECT_EQ(order, ref.order) << it;
        EXPECT_EQ(profile, detail::local_profile(v, order)) << it;
        EXPECT_EQ(order, lexmax_order_by_definition(kids, v.bottoms())) << it;
        (got ? ico : not_ico)++;
    }
    EXPECT_GT(ico, 1000);
    EXPECT_GT(not_ico, 300);
    const std::uint64_t kid = 1;
    std::uint32_t o[1], p[2];
    EXPECT_THROW(detail::exact_search_masks({&kid, 1}, 65, o, p), Error);
}

TEST(Exact, HandExamples) {
    // Slides, "Optimality is not always possible": no order is maximal at both steps 1 and 2.
    //   s1 -> a (private);  s2, s3 -> b, c;  s1, s2, s3 -> e (so the block is connected).
    const Spec spec{3, 4, {{0, 0}, {0, 3}, {1, 1}, {1, 2}, {1, 3}, {2, 1}, {2, 2}, {2, 3}}};
    const TestBlock tb = materialise(spec, 0);
    const BlockSchedule r = exact_block_schedule(tb.dag, tb.sources);
    EXPECT_FALSE(r.ico_exists);
    EXPECT_FALSE(r.proven);
    EXPECT_EQ(block_max_profile(tb.dag, tb.sources), (std::vector<std::uint32_t>{0, 1, 2, 4}));
    EXPECT_EQ(r.profile, (std::vector<std::uint32_t>{0, 1, 1, 4}));
    EXPECT_EQ(r.order[0], tb.sources[0]);
}

TEST(Exact, TooLarge) {
    SplitMix64 rng(1);
    const TestBlock tb = materialise(random_spec(31, 40, 0.2, rng), 0);
    try {
        exact_block_schedule(tb.dag, tb.sources);
        ADD_FAILURE() << "no error";
    } catch (const Error& e) {
        EXPECT_EQ(e.code(), Errc::too_large);
    }
}

TEST(Exact, DualPathForFewSinks) {
    // Many sources, few sinks: exact search on the dual block, then the dual
    // schedule (kind dual). With exact_max_sources lowered to 6, blocks of
    // 7..14 sources and <= 6 sinks take this path and brute force checks them.
    SplitMix64 rng(31);
    BlockOptions opt;
    opt.exact_max_sources = 6;
    int dual = 0, proven = 0;
    for (int it = 0; it < 1500; ++it) {
        const auto tops = 7 + static_cast<std::uint32_t>(rng.below(8));
        const auto bottoms = 1 + static_cast<std::uint32_t>(rng.below(6));
        const TestBlock tb = materialise(random_spec(tops, bottoms, 0.15 + 0.5 * rng.uniform(), rng),
                                         static_cast<std::uint64_t>(it) + 1);
        const BlockSchedule r = schedule_block(tb.dag, tb.sources, opt);
        expect_consistent(tb.dag, tb.sources, r);
        const auto max = bf_max_profile(tb.dag, tb.sources);
        const bool exists = bf_lexmax_profile(tb.dag, tb.sources) == max;
        if (r.proven) {
            EXPECT_EQ(r.profile, max) << it;
        }
        if (r.kind != Kind::dual) continue;
        ++dual;
        proven += r.proven;
        EXPECT_EQ(r.proven, exists) << it;
        EXPECT_EQ(r.ico_exists, exists) << it;
    }
    RecordProperty("dual", dual);
    RecordProperty("proven", proven);
    EXPECT_GT(dual, 500);
}

// Timings (printed; the bounds only catch gross regressions of a debugoptimized build).
TEST(ExactPerf, TwentyAndTwentyFourSources) {
    SplitMix64 rng(2025);
    for (std::uint32_t n : {20u, 24u}) {
        for (int kind = 0; kind < 3; ++kind) {
            // 0: sparse random (often ICO), 1: dense random, 2: many private sinks and wide masks
            const Spec spec = kind == 0   ? random_spec(n, 2 * n, 0.12, rng)
                              : kind == 1 ? random_spec(n, n, 0.5, rng)
                                          : random_spec(n, 150, 0.2, rng);
            const TestBlock tb = materialise(spec, n + static_cast<std::uint64_t>(kind));
            const auto t0 = std::chrono::steady_clock::now();
            const BlockSchedule r = exact_block_schedule(tb.dag, tb.sources);
            const double s = seconds_since(t0);
            std::printf("exact search, %u sources, %u sinks (%s): %.3f s, ico=%d\n", n, spec.bottoms,
                        kind == 0 ? "sparse" : kind == 1 ? "dense" : "150 sinks", s, r.ico_exists ? 1 : 0);
            EXPECT_EQ(r.profile, block_profile(tb.dag, r.order));
        }
    }
}

TEST(ExactPerf, NoIcoWorstCase) {
    // 24 sources, no ICO order, and a lexicographically largest chain whose
    // layers are huge: source 23 alone renders sink c, but sources 21 and 22
    // together render e1 and e2 (so M(1) = 1, M(2) = 2 cannot both be met);
    // afterwards every subset of 0..20 ties until sink b (0..20) and sink a
    // (all 24) complete at the very end.
    Spec spec{24, 5, {}};
    for (std::uint32_t i = 0; i < 24; ++i) spec.arcs.emplace_back(i, 0);
    for (std::uint32_t i = 0; i <= 20; ++i) spec.arcs.emplace_back(i, 1);
    spec.arcs.emplace_back(23, 2);
    for (std::uint32_t i : {21u, 22u})
        for (std::uint32_t j : {3u, 4u}) spec.arcs.emplace_back(i, j);
    const TestBlock tb = materialise(spec, 0);
    const auto t0 = std::chrono::steady_clock::now();
    const BlockSchedule r = exact_block_schedule(tb.dag, tb.sources);
    const double s = seconds_since(t0);
    std::printf("exact search, 24 sources, no ICO, tie-heavy layers: %.3f s\n", s);
    EXPECT_FALSE(r.ico_exists);
    EXPECT_EQ(r.order[0], tb.sources[23]);
    EXPECT_EQ(r.profile, block_profile(tb.dag, r.order));
}

}  // namespace
}  // namespace ics::blocks::test
