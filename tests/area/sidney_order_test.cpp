// area::sidney_order (lib/area/sidney_order.cpp) against a plain reference:
// the same greedy, blocks in turn, inside each the eligible node of the
// block with the largest key (gain, progress, nonsink, -id), kept in a lazy
// std::priority_queue of tuples (a node whose gain grows is pushed again and
// its stale entries skipped), the last unexecuted parent found by scanning
// the parents, progress = Σ 1.0 / missing in the children's order, and the
// AREA summed step by step. The library's order keeps the key packed, two
// heaps (gain 0 and the rest), a byte copy of the missing counts and its
// prefetch passes: every order and AREA must be the reference's (and its
// E(t), the `profile` the pipeline takes for a winner, the game's), on random
// dags (layered, Erdős–Rényi, sums of small random blocks, nodes with more
// than 255 / 4096 parents), the families and their sums, with real
// decompositions (complete, cut by the work budget, unsplit) and random ones
// (a random linear extension cut into random blocks), after random taken
// prefixes.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <queue>
#include <random>
#include <span>
#include <string>
#include <tuple>
#include <vector>

#include "algebra/algebra.hpp"
#include "area/area.hpp"
#include "common/error.hpp"
#include "families/families.hpp"
#include "io/io.hpp"
#include "pebble/pebble.hpp"
#include "reference_sidney_order.hpp"

namespace ics {
namespace {

using area::SidneyDecomposition;
using test::reference_order;

// A random linear extension of the dag after `taken` (whose nodes it leaves out).
std::vector<NodeId> random_extension(const Dag& g, std::span<const NodeId> taken, std::mt19937_64& rng) {
    std::vector<std::uint32_t> missing(g.node_count());
    std::vector<char> out(g.node_count(), 0);
    for (NodeId v = 0; v < g.node_count(); ++v) missing[v] = g.in_degree(v);
    for (NodeId u : taken) {
        out[u] = 1;
        for (NodeId c : g.children(u)) --missing[c];
    }
    std::vector<NodeId> ready, ext;
    for (NodeId v = 0; v < g.node_count(); ++v)
        if (!out[v] && missing[v] == 0) ready.push_back(v);
    while (!ready.empty()) {
        const std::size_t i = std::uniform_int_distribution<std::size_t>(0, ready.size() - 1)(rng);
        const NodeId u = ready[i];
        ready[i] = ready.back();
        ready.pop_back();
        ext.push_back(u);
        for (NodeId c : g.children(u))
            if (--missing[c] == 0) ready.push_back(c);
    }
    return ext;
}

// A random down-set of about `size` nodes, parents first.
std::vector<NodeId> random_prefix(const Dag& g, std::size_t size, std::mt19937_64& rng) {
    std::vector<NodeId> ext = random_extension(g, {}, rng);
    ext.resize(std::min(size, ext.size()));
    return ext;
}

// Blocks cut from a random linear extension at random points (each block an
// initial set given the earlier ones, listed in id order as the
// decomposition lists them): `mean` nodes per block on average; 0: one
// block (an unsplit set), 1: singletons.
SidneyDecomposition random_decomposition(const Dag& g, std::span<const NodeId> taken, std::uint32_t mean,
                                         std::mt19937_64& rng) {
    const std::vector<NodeId> ext = random_extension(g, taken, rng);
    SidneyDecomposition sd;
    std::size_t start = 0;
    while (start < ext.size()) {
        std::size_t size = ext.size() - start;
        if (mean == 1) size = 1;
        else if (mean > 1) size = std::min(size, std::uniform_int_distribution<std::size_t>(1, 2 * mean - 1)(rng));
        sd.nodes.insert(sd.nodes.end(), ext.begin() + static_cast<std::ptrdiff_t>(start),
                        ext.begin() + static_cast<std::ptrdiff_t>(start + size));
        std::sort(sd.nodes.end() - static_cast<std::ptrdiff_t>(size), sd.nodes.end());
        sd.offsets.push_back(static_cast<std::uint32_t>(sd.nodes.size()));
        sd.released.push_back(0);  // (not read by the order)
        start += size;
    }
    return sd;
}

// Random dags: `layers` layers of `width`, each node with up to `fan` random
// parents among the previous `reach` layers.
Dag layered(std::uint32_t layers, std::uint32_t width, std::uint32_t fan, std::uint32_t reach, std::mt19937_64& rng) {
    DagBuilder b;
    const std::uint32_t n = layers * width;
    for (std::uint32_t v = 0; v < n; ++v) b.add_node("v" + std::to_string(v));
    for (std::uint32_t l = 1; l < layers; ++l) {
        const std::uint32_t low = l >= reach ? (l - reach) * width : 0;
        for (std::uint32_t i = 0; i < width; ++i) {
            const std::uint32_t k = std::uniform_int_distribution<std::uint32_t>(0, fan)(rng);
            for (std::uint32_t j = 0; j < k; ++j)
                b.add_arc(std::uniform_int_distribution<std::uint32_t>(low, l * width - 1)(rng), l * width + i);
        }
    }
    return std::move(b).build();
}

// Nodes 0..n-1 in a random order; arcs forward in that order.
Dag erdos_renyi(std::uint32_t n, double degree, std::mt19937_64& rng) {
    std::vector<std::uint32_t> perm(n);
    for (std::uint32_t v = 0; v < n; ++v) perm[v] = v;
    std::shuffle(perm.begin(), perm.end(), rng);
    DagBuilder b;
    for (std::uint32_t v = 0; v < n; ++v) b.add_node("v" + std::to_string(v));
    std::bernoulli_distribution arc(std::min(1.0, degree / n));
    for (std::uint32_t i = 0; i < n; ++i)
        for (std::uint32_t j = i + 1; j < n; ++j)
            if (arc(rng)) b.add_arc(perm[i], perm[j]);
    return std::move(b).build();
}

// A sum of `count` random bipartite blocks (up to 6 x 6), ids interleaved.
Dag random_blocks(std::uint32_t count, std::mt19937_64& rng) {
    std::vector<std::pair<std::uint32_t, std::uint32_t>> arcs;
    std::uint32_t n = 0;
    for (std::uint32_t k = 0; k < count; ++k) {
        const std::uint32_t s = std::uniform_int_distribution<std::uint32_t>(1, 6)(rng);
        const std::uint32_t t = std::uniform_int_distribution<std::uint32_t>(1, 6)(rng);
        for (std::uint32_t i = 0; i < s; ++i)
            for (std::uint32_t j = 0; j < t; ++j)
                if (std::bernoulli_distribution(0.5)(rng)) arcs.emplace_back(n + i, n + s + j);
        n += s + t;
    }
    std::vector<std::uint32_t> perm(n);
    for (std::uint32_t v = 0; v < n; ++v) perm[v] = v;
    std::shuffle(perm.begin(), perm.end(), rng);
    DagBuilder b;
    for (std::uint32_t v = 0; v < n; ++v) b.add_node("v" + std::to_string(v));
    for (auto [u, v] : arcs) b.add_arc(perm[u], perm[v]);
    return std::move(b).build();
}

// Hubs: `hubs` nodes with `parents` parents each (past the byte copy of the
// missing counts at 255 and the 1/k table at 4096), the parents also
// sharing children among themselves and with the hubs.
Dag hubs(std::uint32_t parents, std::uint32_t hubs, std::mt19937_64& rng) {
    DagBuilder b;
    const std::uint32_t n = parents + hubs + 200;
    for (std::uint32_t v = 0; v < n; ++v) b.add_node("v" + std::to_string(v));
    for (std::uint32_t h = 0; h < hubs; ++h)
        for (std::uint32_t p = 0; p < parents; ++p)
            if (h == 0 || std::bernoulli_distribution(0.7)(rng)) b.add_arc(p, parents + h);
    for (std::uint32_t c = parents + hubs; c < n; ++c) {
        b.add_arc(std::uniform_int_distribution<std::uint32_t>(0, parents - 1)(rng), c);
        b.add_arc(std::uniform_int_distribution<std::uint32_t>(0, parents - 1)(rng), c);
        b.add_arc(parents + std::uniform_int_distribution<std::uint32_t>(0, hubs - 1)(rng), c);
    }
    return std::move(b).build();
}

// The order with every block run by the heaps (hook
// detail::set_sidney_order_small_blocks off), its AREA and E(t) checked
// equal to the order's own (they are summed from the heaps' steps).
std::vector<NodeId> heaps_only(const Dag& g, const SidneyDecomposition& sd, std::span<const NodeId> taken) {
    const bool before = area::detail::set_sidney_order_small_blocks(false);
    std::uint64_t area = 0;
    std::vector<std::uint32_t> profile;
    std::vector<NodeId> order = area::sidney_order(g, sd, taken, &area, &profile);
    area::detail::set_sidney_order_small_blocks(before);
    const pebble::Evaluation played = pebble::evaluate(g, order);
    EXPECT_EQ(area, played.area);
    EXPECT_EQ(profile, played.eligible);
    return order;
}

// Compares the library's order and AREA with the reference's on `g` with
// real decompositions (default budget, cut at a quarter of its work, budget 0)
// and random ones, with and without a random taken prefix. Returns the
// number of comparisons.
int compare_all(const Dag& g, std::mt19937_64& rng, const std::string& what) {
    int compared = 0;
    std::vector<std::vector<NodeId>> prefixes{{}};
    if (g.node_count() > 1) prefixes.push_back(random_prefix(g, std::uniform_int_distribution<std::size_t>(1, g.node_count() / 2)(rng), rng));
    for (const auto& taken : prefixes) {
        std::vector<SidneyDecomposition> sds;
        const SidneyDecomposition whole = area::sidney_decomposition(g, taken);  // (the default budget)
        sds.push_back(area::sidney_decomposition(g, taken, whole.work / 4));
        sds.push_back(area::sidney_decomposition(g, taken, 0));
        sds.push_back(whole);
        for (std::uint32_t mean : {0u, 1u, 3u, 40u}) sds.push_back(random_decomposition(g, taken, mean, rng));
        for (std::size_t k = 0; k < sds.size(); ++k) {
            std::uint64_t area = 0, ref_area = 0;
            std::vector<std::uint32_t> profile;
            const std::vector<NodeId> order = area::sidney_order(g, sds[k], taken, &area, &profile);
            const std::vector<NodeId> ref = reference_order(g, sds[k], taken, ref_area);
            EXPECT_EQ(order, ref) << what << ", decomposition " << k << ", taken " << taken.size();
            EXPECT_EQ(area, ref_area) << what << ", decomposition " << k << ", taken " << taken.size();
            const pebble::Evaluation played = pebble::evaluate(g, order);
            EXPECT_EQ(area, played.area) << what;
            EXPECT_EQ(profile, played.eligible) << what << ", decomposition " << k << ", taken " << taken.size();
            EXPECT_EQ(heaps_only(g, sds[k], taken), order) << what << ", decomposition " << k << ", taken " << taken.size();
            ++compared;
        }
    }
    return compared;
}

TEST(SidneyOrder, AsTheLazyHeapOnRandomDags) {
    int compared = 0;
    for (std::uint64_t seed = 1; seed <= 60; ++seed) {
        std::mt19937_64 rng(seed);
        const auto pick = [&](std::uint32_t lo, std::uint32_t hi) { return std::uniform_int_distribution<std::uint32_t>(lo, hi)(rng); };
        Dag g;
        switch (seed % 4) {
        case 0: g = layered(pick(2, 8), pick(5, 120), pick(1, 8), pick(1, 3), rng); break;
        case 1: g = erdos_renyi(pick(5, 400), 1.0 + pick(0, 60) / 10.0, rng); break;
        case 2: g = random_blocks(pick(1, 60), rng); break;
        default: g = layered(pick(2, 4), pick(200, 600), pick(1, 4), 1, rng); break;
        }
        compared += compare_all(g, rng, "seed " + std::to_string(seed));
        if (HasFailure()) return;
    }
    EXPECT_EQ(compared, 60 * 2 * 7);
}

// Wide layers: thousands of eligible gain-0 nodes at once, most of which
// gain while waiting (the gain-0 heap's stale entries outnumber its live ones
// and are dropped in bulk, sidney_order.cpp), in one block or many.
TEST(SidneyOrder, AsTheLazyHeapOnWideLayers) {
    int compared = 0;
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
        std::mt19937_64 rng(100 + seed);
        const Dag g = layered(3 + static_cast<std::uint32_t>(seed % 3), 3000, 2 + static_cast<std::uint32_t>(seed % 4), 2, rng);
        compared += compare_all(g, rng, "wide seed " + std::to_string(seed));
    }
    EXPECT_EQ(compared, 4 * 2 * 7);
}

// Without a per-node block number (issue 18) the order still refuses a
// decomposition that is not a partition of the nodes left after `taken`:
// a node listed twice, a taken node listed, a node in no block, a block not
// closed under parents (Errc::internal, never a wrong order).
TEST(SidneyOrder, RefusesWhatIsNoPartition) {
    std::mt19937_64 rng(5);
    const Dag g = layered(4, 30, 3, 2, rng);
    const SidneyDecomposition sd = area::sidney_decomposition(g);
    auto expect_internal = [&](const SidneyDecomposition& bad, std::span<const NodeId> taken, const char* what) {
        try {
            (void)area::sidney_order(g, bad, taken);
            ADD_FAILURE() << what << ": no error";
        } catch (const Error& e) {
            EXPECT_EQ(e.code(), Errc::internal) << what;
        }
    };
    SidneyDecomposition twice = sd;  // the first node again in the last block
    twice.nodes.push_back(twice.nodes.front());
    twice.offsets.back() += 1;
    expect_internal(twice, {}, "listed twice");
    const NodeId source = g.topological_order().front();
    const std::vector<NodeId> taken{source};
    expect_internal(sd, taken, "taken and listed");
    SidneyDecomposition missing = sd;  // the last block's last node left out
    missing.nodes.pop_back();
    missing.offsets.back() -= 1;
    expect_internal(missing, {}, "in no block");
    SidneyDecomposition swapped;  // the blocks in reverse order: the first no longer closed under parents
    for (std::size_t b = sd.block_count(); b-- > 0;) {
        swapped.nodes.insert(swapped.nodes.end(), sd.nodes.begin() + sd.offsets[b], sd.nodes.begin() + sd.offsets[b + 1]);
        swapped.offsets.push_back(static_cast<std::uint32_t>(swapped.nodes.size()));
    }
    if (sd.block_count() > 1) expect_internal(swapped, {}, "not closed");
    EXPECT_GT(sd.block_count(), 1u);
}

TEST(SidneyOrder, AsTheLazyHeapWithManyParents) {
    int compared = 0;
    std::uint64_t seed = 0;
    for (std::uint32_t parents : {254u, 255u, 256u, 300u, 4095u, 4096u, 4100u}) {
        std::mt19937_64 rng(++seed);
        compared += compare_all(hubs(parents, 1 + parents % 5, rng), rng, "hubs " + std::to_string(parents));
    }
    EXPECT_EQ(compared, 7 * 2 * 7);
}

TEST(SidneyOrder, AsTheLazyHeapOnTheFamilies) {
    std::vector<Dag> fams;
    fams.push_back(families::w_dag(6, 3));
    fams.push_back(families::m_dag(6, 3));
    fams.push_back(families::n_dag(9));
    fams.push_back(families::cycle_dag(7));
    fams.push_back(families::reduction_mesh(9));
    fams.push_back(families::out_mesh(9));
    fams.push_back(families::reduction_tree(6));
    fams.push_back(families::fft(4));
    fams.push_back(families::expansion_reduction(4));
    fams.push_back(families::matrix_multiplication(3));
    fams.push_back(families::laplace(8));
    fams.push_back(families::divide_conquer(3, 3));
    fams.push_back(families::wavefront(7, 9));
    fams.push_back(families::parallel_prefix(16));
    fams.push_back(families::fmri(6));
    fams.push_back(families::clustering_fig6());
    fams.push_back(families::random_layered(6, 40, 0.1, 3));
    fams.push_back(families::random_er(300, 0.02, 5));
    {  // sums: many components, many blocks
        const Dag* parts[] = {&fams[0], &fams[7], &fams[12], &fams[7], &fams[3], &fams[16]};
        fams.push_back(algebra::sum(parts).dag);
    }
    int compared = 0;
    std::mt19937_64 rng(7);
    for (std::size_t i = 0; i < fams.size(); ++i) compared += compare_all(fams[i], rng, "family " + std::to_string(i));
    EXPECT_EQ(compared, static_cast<int>(fams.size()) * 2 * 7);
}

// Sums of distinct small components (sums of random blocks as
// /tmp/lead/blk6.edges, of layered and ER dags of up to ~90 nodes), so
// blocks on both sides of the small path's 64 nodes: the order (blocks of
// at most 64 nodes from a local array of keys, issue 18) is the heaps'
// (hook off) and the reference's, with real decompositions (whole, cut,
// unsplit) and random ones (mean block sizes 8, 32, 60; the last also with
// each block's nodes listed in reverse, not in id order: the small path's
// sinks still end their block by lowest id), after a taken prefix or none.
TEST(SidneyOrder, SmallBlocksAsTheHeaps) {
    int compared = 0;
    std::uint64_t small = 0, large = 0;
    for (std::uint64_t seed = 1; seed <= 40; ++seed) {
        std::mt19937_64 rng(900 + seed);
        const auto pick = [&](std::uint32_t lo, std::uint32_t hi) { return std::uniform_int_distribution<std::uint32_t>(lo, hi)(rng); };
        std::vector<Dag> kinds;
        for (std::uint32_t k = pick(2, 30); k-- > 0;) {
            switch (pick(0, 2)) {
            case 0: kinds.push_back(random_blocks(pick(1, 8), rng)); break;
            case 1: kinds.push_back(layered(pick(2, 6), pick(2, 16), pick(1, 4), pick(1, 2), rng)); break;
            default: kinds.push_back(erdos_renyi(pick(3, 90), 1.0 + pick(0, 30) / 10.0, rng)); break;
            }
        }
        std::vector<const Dag*> parts;
        for (const Dag& d : kinds) parts.push_back(&d);
        const Dag g = algebra::sum(parts).dag;
        std::vector<std::vector<NodeId>> prefixes{{}, random_prefix(g, pick(1, g.node_count() / 3 + 1), rng)};
        for (const auto& taken : prefixes) {
            const SidneyDecomposition whole = area::sidney_decomposition(g, taken);
            std::vector<SidneyDecomposition> sds{whole, area::sidney_decomposition(g, taken, whole.work / 3),
                                                 area::sidney_decomposition(g, taken, 0)};
            for (std::uint32_t mean : {8u, 32u, 60u}) sds.push_back(random_decomposition(g, taken, mean, rng));
            sds.push_back(sds.back());
            for (std::size_t b = 0; b < sds.back().block_count(); ++b)
                std::reverse(sds.back().nodes.begin() + sds.back().offsets[b], sds.back().nodes.begin() + sds.back().offsets[b + 1]);
            for (std::size_t k = 0; k < sds.size(); ++k) {
                for (std::size_t b = 0; b < sds[k].block_count(); ++b) (sds[k].block_size(b) <= 64 ? small : large) += 1;
                std::uint64_t area = 0, ref_area = 0;
                const std::vector<NodeId> order = area::sidney_order(g, sds[k], taken, &area);
                const std::string what = "seed " + std::to_string(seed) + ", decomposition " + std::to_string(k) +
                                         ", taken " + std::to_string(taken.size());
                ASSERT_EQ(order, heaps_only(g, sds[k], taken)) << what;
                ASSERT_EQ(order, reference_order(g, sds[k], taken, ref_area)) << what;
                ASSERT_EQ(area, ref_area) << what;
                ++compared;
            }
        }
    }
    EXPECT_EQ(compared, 40 * 2 * 7);
    EXPECT_GT(small, 20000u);
    EXPECT_GT(large, 200u);
}

// Sums of copies and of distinct small dags: the decomposition's memo
// replays the copies (SidneyDecomposition::copy_of), and sidney_order renames
// their originals' block orders instead of running them: the reference's
// order and AREA, and every block run (hook off), with and without a taken
// prefix, budgets whole, cut and 0.
TEST(SidneyOrder, CopiesAsRunOnSums) {
    int compared = 0, copies = 0;
    for (std::uint64_t seed = 1; seed <= 30; ++seed) {
        std::mt19937_64 rng(500 + seed);
        const auto pick = [&](std::uint32_t lo, std::uint32_t hi) { return std::uniform_int_distribution<std::uint32_t>(lo, hi)(rng); };
        std::vector<Dag> kinds;
        kinds.push_back(random_blocks(pick(1, 2), rng));
        kinds.push_back(layered(pick(2, 4), pick(2, 6), pick(1, 3), 1, rng));
        kinds.push_back(erdos_renyi(pick(3, 12), 1.5, rng));
        std::vector<const Dag*> parts;
        for (std::uint32_t k = pick(2, 40); k-- > 0;) parts.push_back(&kinds[pick(0, 2)]);
        const Dag g = algebra::sum(parts).dag;
        std::vector<std::vector<NodeId>> prefixes{{}, random_prefix(g, pick(1, g.node_count() / 3 + 1), rng)};
        for (const auto& taken : prefixes) {
            const SidneyDecomposition whole = area::sidney_decomposition(g, taken);
            for (const std::uint64_t budget : {whole.work + 1, whole.work / 3, std::uint64_t{0}}) {
                const SidneyDecomposition sd = area::sidney_decomposition(g, taken, budget);
                ASSERT_EQ(sd.block_component.size(), sd.block_count());
                for (std::size_t c = 0; c < sd.copy_of.size(); ++c) copies += sd.copy_of[c] != c ? 1 : 0;
                std::uint64_t area = 0, in_turn_area = 0, ref_area = 0;
                std::vector<std::uint32_t> profile;
                const std::vector<NodeId> order = area::sidney_order(g, sd, taken, &area, &profile);
                const bool before = area::detail::set_sidney_order_copies(false);
                const std::vector<NodeId> in_turn = area::sidney_order(g, sd, taken, &in_turn_area);
                area::detail::set_sidney_order_copies(before);
                const std::vector<NodeId> ref = reference_order(g, sd, taken, ref_area);
                const std::string what = "seed " + std::to_string(seed) + ", taken " + std::to_string(taken.size()) +
                                         ", budget " + std::to_string(budget);
                ASSERT_EQ(order, ref) << what;
                ASSERT_EQ(in_turn, ref) << what;
                ASSERT_EQ(area, ref_area) << what;
                ASSERT_EQ(in_turn_area, ref_area) << what;
                ASSERT_EQ(profile, pebble::evaluate(g, order).eligible) << what;
                ++compared;
            }
        }
    }
    EXPECT_EQ(compared, 30 * 2 * 3);
    EXPECT_GT(copies, 500);  // the copies' path ran
}

// Real workflows (ICS_WORKLOADS): Inspiral, Montage, CyberShake, Sipht,
// Epigenomics of WorkflowSim, alone and as a 3-copy sum.
TEST(SidneyOrder, AsTheLazyHeapOnWorkflows) {
    const char* dir = std::getenv("ICS_WORKLOADS");
    if (!dir || !std::filesystem::exists(std::filesystem::path(dir) / "workflowsim-dax"))
        GTEST_SKIP() << "ICS_WORKLOADS not set";
    int compared = 0;
    std::mt19937_64 rng(11);
    for (const char* f : {"Inspiral_100.xml", "Montage_100.xml", "CyberShake_100.xml", "Sipht_100.xml", "Epigenomics_100.xml"}) {
        const Dag g = io::read_file((std::filesystem::path(dir) / "workflowsim-dax" / f).string()).dag;
        const Dag* parts[] = {&g, &g, &g};
        compared += compare_all(g, rng, f);
        compared += compare_all(algebra::sum(parts).dag, rng, std::string(f) + " x3");
    }
    EXPECT_EQ(compared, 5 * 2 * 2 * 7);
}

}  // namespace
}  // namespace ics
