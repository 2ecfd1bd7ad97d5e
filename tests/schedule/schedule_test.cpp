// The whole pipeline against the brute-force oracle (per-step maximum of E
// over all down-sets) and the families the theory schedules by decomposition.
#include <gtest/gtest.h>

#include <cstdio>
#include <queue>

#include "../core/test_util.hpp"
#include "blocks/duality.hpp"
#include "common/random.hpp"
#include "exact/downset_search.hpp"
#include "area/area.hpp"
#include "exact/oracle.hpp"
#include "families/families.hpp"
#include "priority/priority.hpp"
#include "schedule/linearize.hpp"
#include "schedule/schedule.hpp"

namespace ics::schedule {
namespace {

using test::random_dag;

// Random bipartite-ish layered dags exercise the decomposition more often.
Dag random_layered(std::uint32_t layers, std::uint32_t width, double p, std::uint64_t seed) {
    SplitMix64 rng(seed);
    DagBuilder b;
    for (std::uint32_t l = 0; l < layers; ++l)
        for (std::uint32_t i = 0; i < width; ++i) b.add_node(std::to_string(l) + "_" + std::to_string(i));
    for (std::uint32_t l = 1; l < layers; ++l)
        for (std::uint32_t i = 0; i < width; ++i)
            for (std::uint32_t j = 0; j < width; ++j)
                if (rng.uniform() < p) b.add_arc((l - 1) * width + j, l * width + i);
    return b.build();
}

// Odd seeds: a random dag of n nodes (arc probability p); even ones: a
// layered dag of about n nodes (arc probability layered_p).
Dag mixed_dag(std::uint64_t seed, std::uint32_t n, double p, double layered_p) {
    return seed % 2 ? random_dag(n, p, seed)
                    : random_layered(2 + static_cast<std::uint32_t>(seed % 3), 1 + n / 3, layered_p, seed);
}

Options decomposition_only() {
    Options o;
    o.exact_max_nodes = 0;
    o.exact_max_downsets = 0;
    o.area_max_downsets = 0;
    return o;
}

// The pipeline takes E(t) from the certificate when it can (no second play):
// it must be the game's, and so must memory and AREA.
void expect_evaluation_of_order(const Dag& g, const Result& r, const std::string& what) {
    const pebble::Evaluation played = pebble::evaluate(g, r.order);
    EXPECT_EQ(r.eval.eligible, played.eligible) << what;
    EXPECT_EQ(r.eval.memory, played.memory) << what;
    EXPECT_EQ(r.eval.area, played.area) << what;
}

void expect_sound(const Dag& g, const Result& r, const std::vector<std::uint32_t>& max) {
    ASSERT_NO_THROW(pebble::validate_order(g, r.order));
    expect_evaluation_of_order(g, r, method_name(r.method));
    if (r.status == Status::ic_optimal) {
        EXPECT_EQ(r.eval.eligible, max) << method_name(r.method);
    }
}

bool admits_ico(const Dag& g) {
    // Independent of the pipeline: the exact search module is checked against
    // permutations in tests/exact.
    return exact::exact_schedule(g, std::uint64_t{1} << 22).ico;
}

TEST(Schedule, OracleOnRandomDags) {
    int ico = 0, by_decomposition = 0;
    for (std::uint64_t seed = 0; seed < 2000; ++seed) {
        const std::uint32_t n = 2 + static_cast<std::uint32_t>(seed % 13);  // 2..14 nodes
        const Dag g = mixed_dag(seed, n, 0.1 + 0.05 * static_cast<double>(seed % 7), 0.4);
        const auto max = exact::max_eligible_profile(g, std::uint64_t{1} << 22);
        const Result full = schedule(g);
        expect_sound(g, full, max);
        // Every dag that admits an IC-optimal schedule gets one.
        EXPECT_EQ(full.status == Status::ic_optimal, admits_ico(g)) << "seed " << seed;
        ico += full.status == Status::ic_optimal;
        // Claims of the decomposition alone are sound too.
        const Result dec = schedule(g, decomposition_only());
        expect_sound(g, dec, max);
        by_decomposition += dec.status == Status::ic_optimal;
        // Theorem 2.3(a): the dual of an IC-optimal schedule is IC-optimal for the dual.
        if (full.status == Status::ic_optimal) {
            const Dag d = blocks::dual(g);
            const auto dual_order = blocks::dual_schedule(g, full.order);
            EXPECT_EQ(pebble::evaluate(d, dual_order).eligible, exact::max_eligible_profile(d, 1u << 22))
                << "seed " << seed;
        }
    }
    RecordProperty("ic_optimal", ico);
    RecordProperty("by_decomposition", by_decomposition);
    EXPECT_GT(by_decomposition, 200);
}

// The blocks' exhaustive searches share one budget, 256 x exact_max_downsets
// subsets (issue 18): on 12 disjoint random 14 x 14 blocks (2^14 subsets
// each) exact_max_downsets = 2^8 pays for 4 searches; the other blocks get their greedy order, and the
// schedule stays a valid order with its E(t).
TEST(Schedule, BlockExactSearchesShareABudget) {
    SplitMix64 rng(18);
    DagBuilder b;
    constexpr std::uint32_t kBlocks = 12, kSide = 14;
    for (std::uint32_t k = 0; k < kBlocks; ++k) {
        const NodeId base = b.node_count();
        for (std::uint32_t i = 0; i < 2 * kSide; ++i) b.add_node("b" + std::to_string(k) + "_" + std::to_string(i));
        for (std::uint32_t j = 0; j < kSide; ++j) {
            b.add_arc(base + j % kSide, base + kSide + j);  // every sink and source has an arc
            b.add_arc(base + (j + 1) % kSide, base + kSide + j);
            for (std::uint32_t i = 0; i < kSide; ++i)
                if (rng.uniform() < 0.2) b.add_arc(base + i, base + kSide + j);
        }
    }
    const Dag g = std::move(b).build();
    const auto searched = [](const Result& r) {
        std::uint32_t n = 0;
        for (std::uint32_t k = 0; k < r.blocks.size(); ++k)
            n += r.blocks.kind(k) == blocks::Kind::exact || r.blocks.kind(k) == blocks::Kind::dual;
        return n;
    };
    const Result full = schedule(g);
    ASSERT_EQ(full.blocks.size(), kBlocks);
    const std::uint32_t all = searched(full);
    EXPECT_GT(all, 4u);
    Options small;
    small.exact_max_downsets = std::uint64_t{1} << 8;
    const Result r = schedule(g, small);
    EXPECT_EQ(searched(r), 4u);
    std::uint32_t greedy = 0;
    for (std::uint32_t k = 0; k < r.blocks.size(); ++k) greedy += r.blocks.kind(k) == blocks::Kind::greedy;
    EXPECT_EQ(greedy, all - 4);
    EXPECT_EQ(r.eval.eligible, pebble::evaluate(g, r.order).eligible);
    EXPECT_EQ(full.eval.eligible, pebble::evaluate(g, full.order).eligible);
}

// The least-memory search is bounded in work (issue 18): on N_64, W(63,2)
// and C_64 (128 nodes, ~10^8 extensions in full) the default budget ends it
// and the decomposition's IC-optimal order stays; with a budget it fits in,
// the search still finds the least memory, equal to what it finds alone.
TEST(Schedule, MemoryObjectiveSearchIsBounded) {
    Options memory;
    memory.objective = Objective::memory;
    for (const Dag& g : {families::n_dag(64), families::w_dag(63, 2), families::cycle_dag(64)}) {
        const Result e = schedule(g);
        const Result m = schedule(g, memory);
        EXPECT_EQ(m.status, Status::ic_optimal);
        EXPECT_EQ(m.eval.eligible, e.eval.eligible);
        EXPECT_LE(m.eval.memory, e.eval.memory);
        EXPECT_THROW(exact::min_memory_schedule(g, std::uint64_t{1} << 20, std::uint64_t{1} << 16), Error);
    }
    // Small enough for the budget: the exact least memory is kept.
    const Dag fft = families::fft(3);
    const Result m = schedule(fft, memory);
    EXPECT_EQ(m.eval.memory, exact::min_memory_schedule(fft).memory);
    EXPECT_EQ(exact::min_memory_schedule(fft, std::uint64_t{1} << 20, std::uint64_t{1} << 30).memory,
              exact::min_memory_schedule(fft).memory);
}

// Objective memory: the same guarantees, E(t) untouched whenever proven, and
// on small dags the least memory of all IC-optimal schedules (exhaustive).
TEST(Schedule, MemoryObjectiveOnRandomDags) {
    Options memory;
    memory.objective = Objective::memory;
    Options memory_dec = decomposition_only();
    memory_dec.objective = Objective::memory;
    for (std::uint64_t seed = 0; seed < 1000; ++seed) {
        const std::uint32_t n = 2 + static_cast<std::uint32_t>(seed % 13);
        const Dag g = mixed_dag(seed, n, 0.1 + 0.05 * static_cast<double>(seed % 7), 0.4);
        const auto max = exact::max_eligible_profile(g, std::uint64_t{1} << 22);
        const Result r = schedule(g, memory);
        expect_sound(g, r, max);
        if (r.status == Status::ic_optimal) {
            EXPECT_EQ(r.eval.memory, exact::min_memory_schedule(g).memory) << "seed " << seed;
        }
        const Result e = schedule(g, decomposition_only());
        const Result m = schedule(g, memory_dec);
        expect_sound(g, m, max);
        EXPECT_EQ(m.status, e.status) << "seed " << seed;
        if (m.status == Status::ic_optimal) {
            EXPECT_EQ(m.eval.eligible, e.eval.eligible) << "seed " << seed;
        }
    }
    // Larger composite dags: E(t) unchanged, memory counted (not asserted).
    int lower = 0, equal = 0, higher = 0;
    for (std::uint64_t seed = 0; seed < 300; ++seed) {
        const Dag g = random_layered(3 + static_cast<std::uint32_t>(seed % 6), 4 + static_cast<std::uint32_t>(seed % 20),
                                     0.08 + 0.02 * static_cast<double>(seed % 5), seed);
        const Result e = schedule(g, decomposition_only());
        const Result m = schedule(g, memory_dec);
        ASSERT_NO_THROW(pebble::validate_order(g, m.order));
        expect_evaluation_of_order(g, e, "seed " + std::to_string(seed));
        expect_evaluation_of_order(g, m, "memory, seed " + std::to_string(seed));
        if (e.status != Status::ic_optimal) continue;
        ASSERT_EQ(m.status, Status::ic_optimal) << "seed " << seed;
        EXPECT_EQ(m.eval.eligible, e.eval.eligible) << "seed " << seed;
        lower += m.eval.memory < e.eval.memory;
        equal += m.eval.memory == e.eval.memory;
        higher += m.eval.memory > e.eval.memory;
    }
    RecordProperty("memory_lower", lower);
    RecordProperty("memory_equal", equal);
    RecordProperty("memory_higher", higher);
    std::printf("memory objective on composite random dags: %d lower, %d equal, %d higher\n", lower, equal, higher);
}

struct FamilyCase {
    const char* name;
    Dag (*make)(std::uint32_t);
    std::vector<std::uint32_t> sizes;
};

TEST(Schedule, FamiliesAreProvenByDecomposition) {
    const std::vector<FamilyCase> cases = {
        {"reduction-mesh", families::reduction_mesh, {2, 3, 5, 8, 20, 100}},
        {"out-mesh", families::out_mesh, {2, 3, 5, 8, 20, 100}},
        {"reduction-tree", families::reduction_tree, {1, 2, 3, 4, 8, 12}},
        {"fft", families::fft, {1, 2, 3, 4, 6, 10}},
        {"expansion-reduction", families::expansion_reduction, {1, 2, 3, 5, 8}},
    };
    for (const auto& c : cases) {
        for (std::uint32_t size : c.sizes) {
            const Dag g = c.make(size);
            const Result r = schedule(g, decomposition_only());
            EXPECT_EQ(r.status, Status::ic_optimal) << c.name << " " << size << ": " << r.reason;
            EXPECT_NE(r.method, Method::exact);
            ASSERT_NO_THROW(pebble::validate_order(g, r.order));
            expect_evaluation_of_order(g, r, std::string(c.name) + " " + std::to_string(size));
            if (g.node_count() <= 40) {
                EXPECT_EQ(r.eval.eligible, exact::max_eligible_profile(g, std::uint64_t{1} << 24))
                    << c.name << " " << size;
            }
        }
    }
}

TEST(Schedule, ReportsWhyNotProven) {
    // Sweep paper Fig. 5(a)-like: two summands whose sum has no ICO schedule.
    DagBuilder b;
    for (auto n : {"a", "x", "p", "q", "y", "z"}) b.add_node(n);
    b.add_arc("a", "x");  // profile 0,1
    b.add_arc("p", "y");  // p,q -> y,z complete: profile 0,0,2
    b.add_arc("p", "z");
    b.add_arc("q", "y");
    b.add_arc("q", "z");
    const Dag g = b.build();
    const Result r = schedule(g);
    EXPECT_EQ(r.status, Status::area_optimal);  // no ICO schedule: the AREA maximum instead
    EXPECT_NE(r.reason.find("admits no IC-optimal schedule"), std::string::npos) << r.reason;
    EXPECT_EQ(r.eval.area, area::area_optimal_schedule(g).area);
    EXPECT_EQ(r.area_bound, r.eval.area);
    EXPECT_TRUE(r.exact_ran);
    const Result d = schedule(g, decomposition_only());
    EXPECT_EQ(d.status, Status::heuristic);
    EXPECT_NE(d.reason.find("IC-Sweep"), std::string::npos) << d.reason;
}

// Dags without an IC-optimal schedule: the AREA maximum within the budget,
// else the best of the fallback orders, never below FIFO, level order or
// most newly eligible first, under a bound no schedule exceeds.
TEST(Schedule, AreaFallbackOnRandomDags) {
    Options no_exact = decomposition_only();
    int area_optimal = 0, heuristic = 0;
    for (std::uint64_t seed = 0; seed < 600; ++seed) {
        const std::uint32_t n = 2 + static_cast<std::uint32_t>(seed % 13);  // 2..14 nodes
        const Dag g = mixed_dag(seed, n, 0.1 + 0.05 * static_cast<double>(seed % 7), 0.4);
        const std::uint64_t best = area::area_optimal_schedule(g).area;
        const Result full = schedule(g);
        if (full.status != Status::ic_optimal) {
            EXPECT_FALSE(admits_ico(g)) << "seed " << seed;
            EXPECT_EQ(full.status, Status::area_optimal) << "seed " << seed;
            EXPECT_EQ(full.eval.area, best) << "seed " << seed;
            area_optimal += full.status == Status::area_optimal;
        }
        EXPECT_EQ(full.area_bound, full.eval.area);  // proven either way
        EXPECT_EQ(full.area_gap(), 0.0);
        const Result h = schedule(g, no_exact);
        expect_evaluation_of_order(g, h, "heuristic");
        if (h.status != Status::heuristic) continue;
        ++heuristic;
        EXPECT_GE(h.area_bound, best) << "seed " << seed;
        EXPECT_LE(h.eval.area, best);
        for (auto policy : {pebble::Policy::fifo, pebble::Policy::level})
            EXPECT_GE(h.eval.area, pebble::evaluate(g, pebble::baseline_order(g, policy)).area) << "seed " << seed;
        EXPECT_GE(h.eval.area, pebble::evaluate(g, greedy_order(g)).area);
        EXPECT_GE(h.eval.area, pebble::evaluate(g, area::sidney_order(g, area::sidney_decomposition(g))).area);
        EXPECT_NE(h.reason.find("best AREA: "), std::string::npos) << h.reason;
    }
    EXPECT_GT(area_optimal, 30);
    EXPECT_GT(heuristic, 100);
}

// The exact AREA search has a budget of its own: with the ICO search off it
// still decides small dags, and a dag that admits an IC-optimal schedule gets
// ic-optimal from it (never area-optimal); at budget 0 or too small a budget
// the heuristic answer comes back and the reason says why.
TEST(Schedule, AreaBudgetOfItsOwn) {
    Options area_only = decomposition_only();
    area_only.area_max_downsets = kDefaultAreaMaxDownsets;
    int ico = 0, area = 0;
    for (std::uint64_t seed = 0; seed < 600; ++seed) {
        const std::uint32_t n = 2 + static_cast<std::uint32_t>(seed % 13);
        const Dag g = mixed_dag(seed, n, 0.1 + 0.05 * static_cast<double>(seed % 7), 0.4);
        const Result r = schedule(g, area_only);
        expect_evaluation_of_order(g, r, "area only");
        EXPECT_EQ(r.status == Status::ic_optimal, admits_ico(g)) << "seed " << seed << ": " << r.reason;
        if (r.status != Status::ic_optimal) {
            EXPECT_EQ(r.status, Status::area_optimal) << "seed " << seed;
            EXPECT_EQ(r.eval.area, area::area_optimal_schedule(g).area) << "seed " << seed;
            Options tiny = area_only;
            tiny.area_max_downsets = 2;
            const Result h = schedule(g, tiny);  // series-parallel dags stay AREA-maximal
            EXPECT_EQ(h.status, area::series_parallel_schedule(g) ? Status::area_optimal : Status::heuristic);
            EXPECT_NE(h.reason.find("budget 2 down-sets"), std::string::npos) << h.reason;
        }
        ico += r.status == Status::ic_optimal;
        area += r.status == Status::area_optimal;
    }
    EXPECT_GT(ico, 30);
    EXPECT_GT(area, 20);
}

// Series-parallel dags over the AREA budget are area-optimal by the
// series-parallel algorithm (AREA = the lattice DP's maximum where it fits),
// and never below the heuristic candidates; others stay heuristic.
TEST(Schedule, SeriesParallelOverTheBudget) {
    Options tiny = decomposition_only();
    tiny.area_max_downsets = 2;
    int sp = 0, other = 0;
    // 1,200 seeds: the forced-join lemma proves many small series-parallel dags
    // by decomposition, which then never reach the AREA fallback.
    for (std::uint64_t seed = 0; seed < 1200; ++seed) {
        const std::uint32_t n = 3 + static_cast<std::uint32_t>(seed % 12);
        const Dag g = mixed_dag(seed, n, 0.15 + 0.05 * static_cast<double>(seed % 5), 0.5);
        const Result r = schedule(g, tiny);
        expect_evaluation_of_order(g, r, "tiny AREA budget");
        if (r.status == Status::ic_optimal) continue;  // proven by the decomposition
        const std::uint64_t best = area::area_optimal_schedule(g).area;
        if (area::series_parallel_schedule(g)) {
            ++sp;
            EXPECT_EQ(r.status, Status::area_optimal) << "seed " << seed;
            EXPECT_EQ(r.method, Method::series_parallel);
            EXPECT_EQ(r.eval.area, best) << "seed " << seed;
            EXPECT_EQ(r.area_bound, best);
            EXPECT_NE(r.reason.find("series-parallel"), std::string::npos) << r.reason;
        } else {
            ++other;
            EXPECT_EQ(r.status, Status::heuristic) << "seed " << seed;
            EXPECT_LE(r.eval.area, best);
        }
    }
    EXPECT_GT(sp, 15);
    EXPECT_GT(other, 30);
    // 2,800 nodes: 400 copies of a dag without an IC-optimal schedule
    // (a -> x -> w, p and q -> y and z), far over any budget.
    DagBuilder b;
    for (NodeId i = 0; i < 2800; ++i) b.add_node("v" + std::to_string(i));
    for (NodeId c = 0; c < 2800; c += 7) {
        b.add_arc(c, c + 1), b.add_arc(c + 1, c + 2);
        for (NodeId p : {c + 3, c + 4})
            for (NodeId y : {c + 5, c + 6}) b.add_arc(p, y);
    }
    const Dag big = b.build();
    const Result r = schedule(big);
    expect_evaluation_of_order(big, r, "series-parallel");
    EXPECT_EQ(r.status, Status::area_optimal) << r.reason;
    EXPECT_EQ(r.method, Method::series_parallel);
    for (auto policy : {pebble::Policy::fifo, pebble::Policy::level})
        EXPECT_GE(r.eval.area, pebble::evaluate(big, pebble::baseline_order(big, policy)).area);
    EXPECT_GE(r.eval.area, pebble::evaluate(big, area::sidney_order(big, area::sidney_decomposition(big))).area);
}

// The proven ▷-chain prefix (groups emitted by §4.2 (a)/(c) whose blocks are
// proven) stays in place in the AREA fallback whenever no candidate that
// reorders it has a larger AREA (the reason says which), and the answer is
// never below today's candidates: the plain Sidney order, most newly
// eligible first, FIFO, level order.
// A tiny Sidney work budget leaves sets unsplit: the answer stays a valid
// order, never below FIFO, level order or greedy (the pipeline's candidates),
// its bound still holds, and the reason says the budget was reached. With
// the default budget small dags get the unbudgeted answer.
TEST(Schedule, SidneyWorkBudget) {
    Options tiny = decomposition_only();
    tiny.sidney_work_budget = 0;
    Options unlimited = decomposition_only();
    unlimited.sidney_work_budget = ~std::uint64_t{0};
    int reached = 0;
    for (std::uint64_t seed = 0; seed < 300; ++seed) {
        const std::uint32_t n = 6 + static_cast<std::uint32_t>(seed % 9);
        const Dag g = mixed_dag(seed, n, 0.15 + 0.05 * static_cast<double>(seed % 5), 0.4);
        const Result r = schedule(g, tiny);
        expect_evaluation_of_order(g, r, "tiny Sidney budget");
        const Result d = schedule(g), u = schedule(g, unlimited), o = schedule(g, decomposition_only());
        EXPECT_EQ(o.order, u.order) << "seed " << seed;
        EXPECT_EQ(o.area_bound, u.area_bound);
        EXPECT_EQ(o.reason, u.reason);
        EXPECT_EQ(d.reason.find("work budget"), std::string::npos) << d.reason;
        if (r.status != Status::heuristic) continue;
        const std::uint64_t best = area::area_optimal_schedule(g).area;
        EXPECT_LE(r.eval.area, best);
        EXPECT_GE(r.area_bound, best) << "seed " << seed;
        for (auto policy : {pebble::Policy::fifo, pebble::Policy::level})
            EXPECT_GE(r.eval.area, pebble::evaluate(g, pebble::baseline_order(g, policy)).area) << "seed " << seed;
        EXPECT_GE(r.eval.area, pebble::evaluate(g, greedy_order(g)).area);
        reached += r.reason.find("the Sidney decomposition reached its work budget") != std::string::npos;
    }
    EXPECT_GT(reached, 50);
}

// The fallback scores its candidates by pebble::area and plays only the
// winner in full: the reason names every candidate with the AREA a full
// evaluation gives, the winner's is the largest, and r.eval is the winner's
// whole evaluation (E(t), memory), on 300 random and layered dags.
TEST(Schedule, AreaFallbackScoresAsFullEvaluations) {
    int heuristic = 0;
    for (std::uint64_t seed = 0; seed < 300; ++seed) {
        const std::uint32_t n = 8 + static_cast<std::uint32_t>((seed * 29) % 300);
        const Dag g = mixed_dag(seed, n, 3.0 / n + 0.02 * static_cast<double>(seed % 4), 6.0 / n);
        const Result r = schedule(g, decomposition_only());
        if (r.status != Status::heuristic) continue;
        ++heuristic;
        expect_evaluation_of_order(g, r, "fallback winner");
        const std::uint64_t sidney = pebble::evaluate(g, area::sidney_order(g, area::sidney_decomposition(g))).area;
        const std::pair<const char*, std::uint64_t> cands[] = {
            {"Sidney decomposition ", sidney},
            {"most newly eligible first ", pebble::evaluate(g, greedy_order(g)).area},
            {"FIFO ", pebble::evaluate(g, pebble::baseline_order(g, pebble::Policy::fifo)).area},
            {"level order ", pebble::evaluate(g, pebble::baseline_order(g, pebble::Policy::level)).area}};
        for (const auto& [name, area] : cands) {
            EXPECT_NE(r.reason.find(std::string(name) + std::to_string(area)), std::string::npos)
                << "seed " << seed << ": " << name << area << " not in " << r.reason;
            EXPECT_GE(r.eval.area, area);
        }
    }
    EXPECT_GT(heuristic, 100);
}

// Past 64 nodes an unproven assembled order is one candidate of the
// fallback: it comes with E(t) from the blocks' profiles and gets its memory
// cost only once it has won. When it wins (random layered dags, whose
// blocks' greedy orders beat the whole-dag candidates), E(t), memory and
// AREA are the game's.
TEST(Schedule, AssembledWinnerIsTheGamesEvaluation) {
    int won = 0;
    for (std::uint64_t seed = 0; seed < 30; ++seed) {
        const std::uint32_t layers = 3 + static_cast<std::uint32_t>(seed % 5);
        const std::uint32_t width = 20 + static_cast<std::uint32_t>((seed * 7) % 40);
        const Dag g = random_layered(layers, width, 4.0 / width + 0.02 * static_cast<double>(seed % 4), seed);
        for (Objective o : {Objective::eligibility, Objective::memory}) {
            Options opt;
            opt.objective = o;
            const Result r = schedule(g, opt);
            expect_evaluation_of_order(g, r, "seed " + std::to_string(seed));
            won += g.node_count() > 64 && r.status == Status::heuristic &&
                   (r.method == Method::decomposition || r.method == Method::sweep);
        }
    }
    EXPECT_GT(won, 30);
}

// A Sidney order that wins the fallback comes with E(t) and its AREA from
// the order's construction (sidney_order's profile) and gets its memory cost
// only once it has won (open_peak): both objectives, on sums of small random
// bipartite blocks (where the Sidney order wins, as on the 10^6-node block
// sums) and random dags, with and without the proven ▷-chain candidate.
TEST(Schedule, SidneyWinnerIsTheGamesEvaluation) {
    int won = 0, chain_won = 0;
    for (std::uint64_t seed = 0; seed < 40; ++seed) {
        SplitMix64 rng(seed);
        const std::uint32_t blocks = 8 + static_cast<std::uint32_t>(seed % 30);
        DagBuilder b;
        for (std::uint32_t k = 0; k < blocks; ++k) {
            const std::uint32_t s = 2 + static_cast<std::uint32_t>(rng.below(9)), t = 2 + static_cast<std::uint32_t>(rng.below(9));
            const NodeId first = static_cast<NodeId>(b.node_count());
            for (std::uint32_t i = 0; i < s + t; ++i) b.add_node("b" + std::to_string(k) + "_" + std::to_string(i));
            for (std::uint32_t j = 0; j < t; ++j)
                for (std::uint32_t i = 0; i < s; ++i)
                    if (i == j % s || rng.uniform() < 0.3) b.add_arc(first + i, first + s + j);
        }
        const Dag sum = b.build();
        const Dag er = random_dag(80 + static_cast<std::uint32_t>(seed * 13 % 300), 0.02 + 0.01 * static_cast<double>(seed % 3), seed);
        for (const Dag* g : {&sum, &er})
            for (Objective o : {Objective::eligibility, Objective::memory}) {
                Options opt = decomposition_only();
                opt.objective = o;
                const Result r = schedule(*g, opt);
                expect_evaluation_of_order(*g, r, "seed " + std::to_string(seed));
                if (r.status != Status::heuristic || r.method != Method::sidney) continue;
                ++won;
                chain_won += r.reason.find("best AREA: proven ▷-chain then Sidney") != std::string::npos;
            }
    }
    EXPECT_GT(won, 60);
    EXPECT_GT(chain_won, 0);
}

TEST(Schedule, AreaFallbackKeepsTheProvenChain) {
    Options no_exact = decomposition_only();
    int kept = 0, reordered = 0;
    for (std::uint64_t seed = 0; seed < 400; ++seed) {
        const std::uint32_t layers = 3 + static_cast<std::uint32_t>(seed % 4);
        const std::uint32_t width = 2 + static_cast<std::uint32_t>(seed % 5);
        const Dag g = random_layered(layers, width, 0.25 + 0.05 * static_cast<double>(seed % 5), seed);
        const Result h = schedule(g, no_exact);
        expect_evaluation_of_order(g, h, "heuristic");
        if (h.status != Status::heuristic) continue;
        for (auto policy : {pebble::Policy::fifo, pebble::Policy::level})
            EXPECT_GE(h.eval.area, pebble::evaluate(g, pebble::baseline_order(g, policy)).area) << "seed " << seed;
        EXPECT_GE(h.eval.area, pebble::evaluate(g, greedy_order(g)).area);
        EXPECT_GE(h.eval.area, pebble::evaluate(g, area::sidney_order(g, area::sidney_decomposition(g))).area);
        const auto at = h.reason.find("the proven ▷-chain prefix (");
        if (at == std::string::npos) continue;
        const std::size_t k = std::stoul(h.reason.substr(at + std::string("the proven ▷-chain prefix (").size()));
        const bool in_place = h.reason.find("runs first, in place") != std::string::npos;
        if (!in_place) {
            EXPECT_NE(h.reason.find("a larger AREA reorders"), std::string::npos) << h.reason;
            ++reordered;
            continue;
        }
        ++kept;
        // The first k tasks are the nonsinks of the certificate's first groups,
        // each block's in its proven order.
        std::vector<NodeId> sources;
        std::size_t g0 = 0;
        for (; g0 + 1 < h.group_offsets.size() && sources.size() < k; ++g0)
            for (std::uint32_t i = h.group_offsets[g0]; i < h.group_offsets[g0 + 1]; ++i) {
                const std::uint32_t b = h.linearization[i];
                EXPECT_TRUE(h.blocks.proven(b)) << "seed " << seed;
                for (NodeId v : h.blocks.order(b)) sources.push_back(v);
            }
        ASSERT_EQ(sources.size(), k) << "seed " << seed << ": " << h.reason;
        std::vector<NodeId> head(h.order.begin(), h.order.begin() + static_cast<std::ptrdiff_t>(k));
        std::vector<std::uint32_t> pos(g.node_count(), 0);
        for (std::size_t i = 0; i < k; ++i) pos[head[i]] = static_cast<std::uint32_t>(i);
        std::sort(head.begin(), head.end());
        std::vector<NodeId> want = sources;
        std::sort(want.begin(), want.end());
        EXPECT_EQ(head, want) << "seed " << seed;
        for (std::size_t g1 = 0; g1 < g0; ++g1)
            for (std::uint32_t i = h.group_offsets[g1]; i < h.group_offsets[g1 + 1]; ++i) {
                const auto o = h.blocks.order(h.linearization[i]);
                for (std::size_t x = 1; x < o.size(); ++x) EXPECT_LT(pos[o[x - 1]], pos[o[x]]) << "seed " << seed;
            }
    }
    std::printf("proven ▷-chain kept in place on %d dags, reordered for a larger AREA on %d\n", kept, reordered);
    EXPECT_GT(kept, 20);
}

// The exact budget for dags within exact_max_nodes is 2^n: no shift past 64
// bits when exact_max_nodes is 64 or more (was undefined behaviour).
TEST(Schedule, ExactMaxNodesAbove64) {
    Options o;
    o.exact_max_nodes = 200;
    const Dag g = random_layered(8, 10, 0.3, 5);  // 80 nodes, too many down-sets
    const Result r = schedule(g, o);
    expect_evaluation_of_order(g, r, "exact_max_nodes 200");
    EXPECT_GE(r.area_bound, r.eval.area);
}

// The linearizer trusts Theorem 2.2 for recognised blocks instead of running
// system (1): every priority it takes from the theorem must hold under (1).
TEST(Schedule, TheoremShortcutAgreesWithSystemOne) {
    std::vector<blocks::BlockSchedule> all;
    auto add = [&](const Dag& g) {
        const auto srcs = g.sources();
        all.push_back(blocks::schedule_block(g, srcs));
    };
    for (std::uint32_t s = 1; s <= 9; ++s) {
        for (std::uint32_t d = 2; d <= 5; ++d) {
            add(families::w_dag(s, d));
            add(families::m_dag(s, d));
        }
        add(families::n_dag(s));
        if (s >= 2) add(families::cycle_dag(s));
    }
    int asserted = 0;
    for (const auto& a : all)
        for (const auto& b : all)
            if (theorem_2_2_priority(a.shape, b.shape)) {
                ++asserted;
                EXPECT_TRUE(priority::has_priority(a.profile, b.profile)) << a.shape << " ▷ " << b.shape;
            }
    EXPECT_GT(asserted, 1000);
    EXPECT_TRUE(theorem_2_2_priority("M(5,2)", "M(4,2)"));
    EXPECT_FALSE(theorem_2_2_priority("M(4,2)", "W(4,2)"));
    EXPECT_FALSE(theorem_2_2_priority("Q(3,3)", "M(4,2)"));
    EXPECT_FALSE(theorem_2_2_priority("M(4", "M(4,2)"));
}

TEST(Schedule, EmptyAndSingle) {
    EXPECT_EQ(schedule(DagBuilder().build()).status, Status::ic_optimal);
    DagBuilder b;
    b.add_node("only");
    const Result r = schedule(b.build());
    EXPECT_EQ(r.status, Status::ic_optimal);
    EXPECT_EQ(r.eval.eligible, (std::vector<std::uint32_t>{1, 0}));
}

// greedy_order before issue 18's speedups (a scan of the parents for the
// last unexecuted one, a lazy binary heap with stale entries), kept to
// compare with.
std::vector<NodeId> scanning_greedy_order(const Dag& dag) {
    const NodeId n = dag.node_count();
    std::vector<std::uint32_t> missing(n), gain(n, 0);
    std::vector<bool> done(n, false);
    for (NodeId v = 0; v < n; ++v) {
        missing[v] = dag.in_degree(v);
        if (missing[v] == 1) ++gain[dag.parents(v)[0]];
    }
    using Entry = std::pair<std::uint32_t, std::int64_t>;
    std::priority_queue<Entry> heap;
    std::vector<NodeId> sinks, order;
    auto make_eligible = [&](NodeId v) {
        if (dag.is_sink(v)) sinks.push_back(v);
        else heap.emplace(gain[v], -static_cast<std::int64_t>(v));
    };
    for (NodeId v = 0; v < n; ++v)
        if (missing[v] == 0) make_eligible(v);
    while (!heap.empty()) {
        const auto [g, negid] = heap.top();
        heap.pop();
        const NodeId u = static_cast<NodeId>(-negid);
        if (done[u] || g != gain[u]) continue;
        done[u] = true;
        order.push_back(u);
        for (NodeId c : dag.children(u)) {
            if (--missing[c] == 0) {
                make_eligible(c);
            } else if (missing[c] == 1) {
                for (NodeId p : dag.parents(c))
                    if (!done[p]) {
                        ++gain[p];
                        if (missing[p] == 0) heap.emplace(gain[p], -static_cast<std::int64_t>(p));
                        break;
                    }
            }
        }
    }
    order.insert(order.end(), sinks.begin(), sinks.end());
    return order;
}

// greedy_order names the last unexecuted parent by XOR and moves a node's
// one heap entry up when its gain grows, its nodes of small gains waiting in
// a MinIdSet per gain (0, 1, 2, 8, 32 such buckets; 0: all in the heap):
// the same order as the scanning one with its lazy heap on 400 random and
// layered dags of up to 800 nodes, and its AREA is the play's.
// With its children's prefetch on and off (set_greedy_order_prefetch).
TEST(Schedule, GreedyOrderAsTheScanningOne) {
    for (const int prefetch : {1, 0}) {
        const int was = set_greedy_order_prefetch(prefetch);
        for (const std::uint32_t buckets : {8u, 0u, 1u, 2u, 32u}) {
            const std::uint32_t before = set_greedy_order_buckets(buckets);
            for (std::uint64_t seed = 0; seed < 400; ++seed) {
                const auto n = static_cast<std::uint32_t>(5 + (seed * 61) % 795);
                const Dag g = mixed_dag(seed, n, 3.0 / n + 0.01 * static_cast<double>(seed % 5), 0.4);
                std::uint64_t area = 0;
                const std::vector<NodeId> order = greedy_order(g, &area);
                ASSERT_EQ(order, scanning_greedy_order(g))
                    << "seed " << seed << " buckets " << buckets << " prefetch " << prefetch;
                ASSERT_EQ(area, pebble::area(g, order))
                    << "seed " << seed << " buckets " << buckets << " prefetch " << prefetch;
            }
            set_greedy_order_buckets(before);
        }
        set_greedy_order_prefetch(was);
    }
}

// Sums of small random bipartite blocks (many gain-0 and gain-1 sources
// waiting at once, ids spread over every level of the MinIdSets: up to
// ~300,000 nodes), random dags of a few thousand nodes, and stars whose
// hubs gain past every bucket: the scanning order, default buckets and 2.
TEST(Large, GreedyOrderOnSumsAsTheScanningOne) {
    std::vector<Dag> dags;
    for (std::uint32_t blocks : {40u, 300u, 3000u, 15000u}) {
        SplitMix64 rng(blocks);
        DagBuilder b;
        for (std::uint32_t k = 0; k < blocks; ++k) {
            const NodeId base = b.node_count();
            for (int i = 0; i < 20; ++i) b.add_node("b" + std::to_string(k) + "_" + std::to_string(i));
            for (NodeId t = 10; t < 20; ++t)
                for (int r = 0; r < 3; ++r) b.add_arc(base + static_cast<NodeId>(rng.below(10)), base + t);
        }
        dags.push_back(b.build());
    }
    for (std::uint64_t seed = 1; seed < 9; ++seed) dags.push_back(mixed_dag(seed, 5000, 2.5 / 5000, 3.0 / 1700));
    {  // hubs of 1..60 private children behind a shared gate: gains cross 8 and 32
        DagBuilder b;
        const NodeId gate = b.add_node("gate");
        for (std::uint32_t h = 0; h < 200; ++h) {
            const NodeId hub = b.add_node("h" + std::to_string(h));
            b.add_arc(gate, hub);
            for (std::uint32_t c = 0; c < 1 + (h * 7) % 60; ++c) {
                const NodeId leaf = b.add_node("h" + std::to_string(h) + "_" + std::to_string(c));
                b.add_arc(hub, leaf);
                if (c % 3 == 0) b.add_arc(gate, leaf);
            }
        }
        dags.push_back(b.build());
    }
    for (const std::uint32_t buckets : {8u, 2u}) {
        const std::uint32_t before = set_greedy_order_buckets(buckets);
        for (std::size_t k = 0; k < dags.size(); ++k)
            ASSERT_EQ(greedy_order(dags[k]), scanning_greedy_order(dags[k])) << "dag " << k << " buckets " << buckets;
        set_greedy_order_buckets(before);
    }
}

TEST(Schedule, GreedyOrderIsValidAndSinksLast) {
    for (std::uint64_t seed = 0; seed < 200; ++seed) {
        const Dag g = random_dag(30, 0.1, seed);
        const auto order = greedy_order(g);
        ASSERT_NO_THROW(pebble::validate_order(g, order));
        bool seen_sink = false;
        for (NodeId v : order) {
            if (g.is_sink(v)) {
                seen_sink = true;
            } else {
                EXPECT_FALSE(seen_sink);
            }
        }
    }
}

// The AREA fallback (pipeline.cpp) on dags the decomposition cannot prove and
// the ICO search may not run on (budget 1): when an IC-optimal schedule
// exists the answer must be ic-optimal, never "admits no IC-optimal
// schedule" (a check after max_profile had moved out said so, issue 19).
TEST(Schedule, AreaFallbackRecognisesIcOptimalSchedules) {
    Options o;
    o.exact_max_nodes = 0;
    o.exact_max_downsets = 1;
    int ico = 0, none = 0;
    for (std::uint64_t seed = 0; seed < 400; ++seed) {
        const Dag g = random_dag(6 + static_cast<std::uint32_t>(seed % 9), 0.2, seed);
        const Result r = schedule(g, o);
        if (r.method != Method::exact) continue;  // proven by the decomposition
        const bool exists = exact::exact_schedule(g, 1u << 22).ico;
        (exists ? ico : none) += 1;
        EXPECT_EQ(r.status, exists ? Status::ic_optimal : Status::area_optimal) << "seed " << seed << " " << r.reason;
        if (exists) {
            EXPECT_TRUE(exact::is_ic_optimal(g, r.order)) << "seed " << seed;
        }
    }
    EXPECT_GT(ico, 20);
    EXPECT_GT(none, 5);
}

}  // namespace
}  // namespace ics::schedule
