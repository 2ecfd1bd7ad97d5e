// The flat table of block schedules the pipeline keeps (one order, profile
// and interned shape array for all blocks) against schedule_block's value
// type, block by block, and complete blocks' fast path against the closed
// forms of recognize_block.
#include <gtest/gtest.h>

#include <map>

#include "../structure/structure_dags.hpp"
#include "block_test_util.hpp"
#include "blocks/block_detail.hpp"
#include "blocks/schedule_table.hpp"
#include "common/error.hpp"
#include "common/random.hpp"
#include "decompose/decomposition.hpp"
#include "families/families.hpp"
#include "schedule/schedule.hpp"
#include "skeleton/shortcut.hpp"

namespace ics::blocks {
namespace {

// Blocks whose degrees look like a W or M chain but which are none.
int& form_fallbacks() {
    static int n = 0;
    return n;
}

// Chain blocks the ascending fast paths (w_chain_ascending,
// m_order_ascending) took, and chain blocks they left to the walk.
int& ascending_taken() {
    static int n = 0;
    return n;
}
int& ascending_left() {
    static int n = 0;
    return n;
}

void expect_same(const BlockSchedule& got, const BlockSchedule& want) {
    EXPECT_EQ(got.kind, want.kind);
    EXPECT_EQ(got.proven, want.proven);
    EXPECT_EQ(got.ico_exists, want.ico_exists);
    EXPECT_EQ(got.shape, want.shape);
    EXPECT_EQ(got.order, want.order);
    EXPECT_EQ(got.profile, want.profile);
}

// Every block of g's decomposition into a table, compared with
// schedule_block; returns how many were complete bipartite (fast path).
int check_all_blocks(const Dag& g, const std::string& what) {
    const skeleton::SkeletonRef sk(g);
    const decompose::Decomposition dec = decompose::decompose(sk.dag());
    ScheduleTable t;
    for (decompose::BlockId b = 0; b < dec.block_count; ++b) schedule_block_into(t, sk.dag(), dec.sources(b));
    EXPECT_EQ(t.size(), dec.block_count) << what;
    // The pipeline's path: each block sent by the form the decomposition's
    // search found (no arc read again for the tests) must get the same
    // entry, and the form must be what the recognisers decide on the block.
    ScheduleTable by_form;
    EXPECT_EQ(dec.forms.size(), dec.block_count) << what;
    for (decompose::BlockId b = 0; b < dec.block_count; ++b)
        schedule_block_into(by_form, sk.dag(), dec.sources(b), dec.sinks(b), dec.forms[b]);
    EXPECT_EQ(by_form.size(), dec.block_count) << what;
    // schedule()'s path: runs of complete blocks appended at once
    // (push_complete_blocks), the rest by form; every entry as above, and
    // the interned shapes in the same order.
    ScheduleTable by_run;
    for (decompose::BlockId b = 0; b < dec.block_count; ++b) {
        if (dec.forms[b] != decompose::BlockForm::complete) {
            schedule_block_into(by_run, sk.dag(), dec.sources(b), dec.sinks(b), dec.forms[b]);
            continue;
        }
        decompose::BlockId e = b + 1;
        while (e < dec.block_count && dec.forms[e] == decompose::BlockForm::complete) ++e;
        by_run.push_complete_blocks(dec, b, e);
        b = e - 1;
    }
    EXPECT_EQ(by_run.size(), dec.block_count) << what;
    for (decompose::BlockId b = 0; b < dec.block_count && b < by_run.size() && b < by_form.size(); ++b) {
        SCOPED_TRACE(what + ", block " + std::to_string(b) + " in a run");
        expect_same(by_run.get(b), by_form.get(b));
        EXPECT_EQ(by_run.shape_id(b), by_form.shape_id(b));
        EXPECT_EQ(by_run.profile(b).size(), by_run.order(b).size() + 1);
    }
    for (decompose::BlockId b = 0; b < dec.block_count && b < by_form.size(); ++b) {
        SCOPED_TRACE(what + ", block " + std::to_string(b) + " by its form");
        const BlockSchedule want = t.get(b), got = by_form.get(b);
        expect_same(got, want);
        const auto src = dec.sources(b);
        std::vector<NodeId> chain, m_order;
        std::uint32_t s = 0, d = 0;
        const bool complete = detail::complete_block_sinks(sk.dag(), src) > 0;
        const bool w = detail::w_chain_in(sk.dag(), src, chain, d);
        const bool m = detail::m_order_in(sk.dag(), src, m_order, s, d);
        const decompose::BlockForm f = dec.forms[b];
        // The ascending fast paths, when they accept, give the walk's
        // answer; they never accept a chain-like form the walk refuses.
        std::vector<NodeId> fast;
        const auto check_fast = [&](bool took, bool walked, const std::vector<NodeId>& walk, bool marked) {
            ++(took ? ascending_taken() : ascending_left());
            if (took) {
                EXPECT_TRUE(walked);
                EXPECT_EQ(fast, walk);
            }
            if (marked) {
                EXPECT_TRUE(took);
            }
        };
        if (f == decompose::BlockForm::w_like || f == decompose::BlockForm::w_chain)
            check_fast(detail::w_chain_ascending(sk.dag(), src, fast), w, chain, f == decompose::BlockForm::w_chain);
        if (f == decompose::BlockForm::m_like || f == decompose::BlockForm::m_chain)
            check_fast(detail::m_order_ascending(sk.dag(), static_cast<std::uint32_t>(src.size()), dec.sinks(b), fast),
                       m, m_order, f == decompose::BlockForm::m_chain);
        EXPECT_EQ(complete, f == decompose::BlockForm::complete);
        // (A complete block may be a chain too, M(1,d): complete comes first.)
        if (w && !complete) {
            EXPECT_TRUE(f == decompose::BlockForm::w_like || f == decompose::BlockForm::w_chain);
        }
        if (m && !complete) {
            EXPECT_TRUE(f == decompose::BlockForm::m_like || f == decompose::BlockForm::m_chain);
        }
        // The chains the search verified in increasing id are chains.
        if (f == decompose::BlockForm::w_chain) {
            EXPECT_TRUE(w);
        }
        if (f == decompose::BlockForm::m_chain) {
            EXPECT_TRUE(m);
        }
        // A chain-like form that is no chain (e.g. a star of shared sinks)
        // falls back to the recognisers' answer, counted to show the tests
        // reach that fallback.
        if ((f == decompose::BlockForm::w_like && !w) || (f == decompose::BlockForm::m_like && !m))
            ++form_fallbacks();
    }
    std::map<std::string, std::uint32_t> ids;
    int complete = 0;
    for (decompose::BlockId b = 0; b < dec.block_count; ++b) {
        SCOPED_TRACE(what + ", block " + std::to_string(b));
        const BlockSchedule want = schedule_block(sk.dag(), dec.sources(b));
        const BlockSchedule got = t.get(b);
        expect_same(got, want);
        EXPECT_EQ(t.profile(b).size(), t.order(b).size() + 1);
        // Interned: one id per distinct shape.
        auto [it, fresh] = ids.try_emplace(got.shape, t.shape_id(b));
        EXPECT_EQ(it->second, t.shape_id(b));
        EXPECT_EQ(t.shape_name(t.shape_id(b)), got.shape);
        // Complete bipartite blocks skip the closed-form recognisers: their
        // names, kinds and profiles must still be the recognisers'.
        const auto src = dec.sources(b);
        const auto first = sk.dag().children(src[0]);
        bool is_complete = true;
        for (NodeId u : src)
            is_complete = is_complete && std::ranges::equal(sk.dag().children(u), first);
        if (is_complete) {
            ++complete;
            const auto rec = recognize_block(sk.dag(), src);
            EXPECT_TRUE(rec.has_value());
            if (!rec) continue;
            EXPECT_EQ(rec->shape, got.shape);
            EXPECT_EQ(rec->kind, got.kind);
            EXPECT_EQ(rec->profile, got.profile);
        }
    }
    EXPECT_EQ(t.shape_count(), ids.size()) << what;
    return complete;
}

TEST(ScheduleTable, MatchesScheduleBlockOnFamilies) {
    int complete = 0;
    complete += check_all_blocks(families::fft(5), "fft 5");
    complete += check_all_blocks(families::reduction_tree(6), "tree 6");
    complete += check_all_blocks(families::reduction_mesh(12), "mesh 12");
    complete += check_all_blocks(families::out_mesh(12), "out-mesh 12");
    complete += check_all_blocks(families::expansion_reduction(4), "expansion-reduction 4");
    complete += check_all_blocks(families::matrix_multiplication(2), "matrix multiplication 2");
    EXPECT_GT(complete, 100);  // butterflies, tree nodes
    // W and M chains, recognised on the skeleton without a local block.
    for (std::uint32_t s = 1; s <= 9; ++s)
        for (std::uint32_t d = 2; d <= 5; ++d) {
            check_all_blocks(families::w_dag(s, d), "W(" + std::to_string(s) + "," + std::to_string(d) + ")");
            check_all_blocks(families::m_dag(s, d), "M(" + std::to_string(s) + "," + std::to_string(d) + ")");
        }
    check_all_blocks(families::wavefront(7, 9), "wavefront 7x9");
    check_all_blocks(families::laplace(6), "laplace 6");
}

// Near-misses of W and M chains (a cycle of shared sinks, a branching
// chain, a stray in-degree) must fall through to the generic path and get
// its answer, not a wrong closed form.
TEST(ScheduleTable, ChainNearMissesGetTheGenericAnswer) {
    auto dag = [](std::vector<std::pair<const char*, const char*>> arcs) {
        DagBuilder b;
        for (auto [u, v] : arcs) b.add_arc(b.ensure_node(u), b.ensure_node(v));
        return std::move(b).build();
    };
    // C(3): a cycle of shared sinks.
    check_all_blocks(dag({{"a", "x"}, {"a", "y"}, {"b", "y"}, {"b", "z"}, {"c", "z"}, {"c", "x"}}), "cycle");
    // A source with three shared sinks (a branching "chain").
    check_all_blocks(dag({{"a", "x"}, {"a", "y"}, {"a", "z"}, {"b", "x"}, {"b", "p"}, {"b", "q"}, {"c", "y"},
                          {"c", "r"}, {"c", "s"}, {"d", "z"}, {"d", "t"}, {"d", "u"}}),
                     "star");
    // M-like, but one sink of in-degree 3.
    check_all_blocks(dag({{"a", "x"}, {"b", "x"}, {"b", "y"}, {"c", "y"}, {"d", "y"}}), "uneven M");
    // W-like, but sources of different out-degrees.
    check_all_blocks(dag({{"a", "x"}, {"a", "y"}, {"b", "y"}, {"b", "z"}, {"b", "w"}}), "uneven W");
    // Random sparse bipartite blocks: many near-chains.
    for (std::uint64_t seed = 0; seed < 300; ++seed) {
        SplitMix64 rng(seed);
        DagBuilder b;
        const auto tops = static_cast<std::uint32_t>(2 + rng.below(6));
        const auto bottoms = static_cast<std::uint32_t>(2 + rng.below(7));
        for (std::uint32_t i = 0; i < tops; ++i) b.add_node("t" + std::to_string(i));
        for (std::uint32_t j = 0; j < bottoms; ++j) b.add_node("b" + std::to_string(j));
        for (std::uint32_t i = 0; i < tops; ++i)
            for (std::uint32_t j = 0; j < bottoms; ++j)
                if (rng.below(3) == 0 || j == i % bottoms) b.add_arc(i, tops + j);
        check_all_blocks(std::move(b).build(), "random bipartite seed " + std::to_string(seed));
    }
    EXPECT_GT(form_fallbacks(), 0);  // the star at least: W-like degrees, no path
}

// Random blocks of out-degree 1-2 sources (M-like: the M-chain recogniser
// on the skeleton runs on each) and of equal out-degree sources with sinks
// of in-degree 1-2 (W-like): accepted or not, the closed-form answer must be
// the generic path's.
TEST(ScheduleTable, ChainLikeRandomBlocksGetTheGenericAnswer) {
    for (std::uint64_t seed = 0; seed < 400; ++seed) {
        SplitMix64 rng(seed);
        DagBuilder b;
        const bool m_like = seed % 2 == 0;
        const auto tops = static_cast<std::uint32_t>(2 + rng.below(7));
        const auto bottoms = static_cast<std::uint32_t>(1 + rng.below(m_like ? tops : 2 * tops));
        for (std::uint32_t i = 0; i < tops; ++i) b.add_node("t" + std::to_string(i));
        for (std::uint32_t j = 0; j < bottoms; ++j) b.add_node("b" + std::to_string(j));
        const auto deg = static_cast<std::uint32_t>(m_like ? 2 : 2 + rng.below(2));
        for (std::uint32_t i = 0; i < tops; ++i) {
            // A chain-like start (neighbouring bottoms), then random moves.
            const std::uint32_t first = rng.below(4) == 0 ? static_cast<std::uint32_t>(rng.below(bottoms))
                                                          : (i * (deg - 1)) % bottoms;
            const std::uint32_t k = m_like && rng.below(3) == 0 ? 1 : deg;
            for (std::uint32_t x = 0; x < k && x < bottoms; ++x) b.add_arc(i, tops + (first + x) % bottoms);
        }
        check_all_blocks(std::move(b).build(), std::string(m_like ? "M" : "W") + "-like seed " + std::to_string(seed));
    }
}

TEST(ScheduleTable, MatchesScheduleBlockOnRandomComposites) {
    for (std::uint64_t seed = 0; seed < 200; ++seed) {
        const auto c = structure_test::random_composite(2 + static_cast<std::uint32_t>(seed % 9),
                                                         1 + static_cast<std::uint32_t>(seed % 5), seed);
        check_all_blocks(c.dag, "composite seed " + std::to_string(seed));
    }
}

// Sums of many small random bipartite blocks (the issue's 10 x 10 blocks
// whose sinks have 3 parents, and others of 2..12 sources, sinks of 1..4
// parents): the searched blocks go into the table without a BlockSchedule
// (push_bipartite); each entry must be schedule_block's (check_all_blocks),
// and its profile that of its order by brute force.
TEST(ScheduleTable, SearchedBlocksAsScheduleBlock) {
    int exact = 0, without_ico = 0;
    for (std::uint64_t seed = 0; seed < 40; ++seed) {
        SplitMix64 rng(seed + 1000);
        DagBuilder b;
        std::uint32_t next = 0;
        for (int block = 0; block < 12; ++block) {
            const bool issue = block % 2 == 0;
            const auto tops = static_cast<std::uint32_t>(issue ? 10 : 2 + rng.below(11));
            const auto bottoms = static_cast<std::uint32_t>(issue ? 10 : 1 + rng.below(14));
            const std::uint32_t first = next;
            for (std::uint32_t i = 0; i < tops + bottoms; ++i) b.add_node("n" + std::to_string(next++));
            for (std::uint32_t j = 0; j < bottoms; ++j) {
                const auto in = static_cast<std::uint32_t>(std::min<std::uint64_t>(tops, issue ? 3 : 1 + rng.below(4)));
                std::vector<std::uint32_t> parents;
                while (parents.size() < in) {
                    const auto p = static_cast<std::uint32_t>(rng.below(tops));
                    if (std::ranges::find(parents, p) == parents.end()) parents.push_back(p);
                }
                for (std::uint32_t p : parents) b.add_arc(first + p, first + tops + j);
            }
        }
        const Dag g = std::move(b).build();
        check_all_blocks(g, "random blocks seed " + std::to_string(seed));
        const decompose::Decomposition dec = decompose::decompose(g);
        ScheduleTable t;
        for (decompose::BlockId k = 0; k < dec.block_count; ++k)
            schedule_block_into(t, g, dec.sources(k), dec.sinks(k), dec.forms[k]);
        for (decompose::BlockId k = 0; k < t.size(); ++k) {
            if (t.kind(k) != Kind::exact) continue;
            ++exact;
            without_ico += !t.ico_exists(k);
            const auto order = t.order(k);
            const auto profile = t.profile(k);
            const std::vector<NodeId> sources(dec.sources(k).begin(), dec.sources(k).end());
            EXPECT_EQ(std::vector<std::uint32_t>(profile.begin(), profile.end()),
                      test::bf_profile(g, sources, std::vector<NodeId>(order.begin(), order.end())))
                << seed << " " << k;
        }
    }
    EXPECT_GT(exact, 300);
    EXPECT_GT(without_ico, 40);
}

// Every block of `dec` scheduled by form into two tables, the second with
// `hook(false)` (a test hook's former path): every entry and interned shape
// id the same. Returns the first table.
ScheduleTable by_rows_as_by_copy(const Dag& g, const decompose::Decomposition& dec, bool (*hook)(bool) noexcept,
                                 const std::string& trace) {
    ScheduleTable by_rows, by_copy;
    for (decompose::BlockId k = 0; k < dec.block_count; ++k) {
        schedule_block_into(by_rows, g, dec.sources(k), dec.sinks(k), dec.forms[k]);
        const bool was = hook(false);
        schedule_block_into(by_copy, g, dec.sources(k), dec.sinks(k), dec.forms[k]);
        hook(was);
    }
    EXPECT_EQ(by_rows.size(), by_copy.size());
    for (decompose::BlockId k = 0; k < std::min(by_rows.size(), by_copy.size()); ++k) {
        SCOPED_TRACE(trace + ", block " + std::to_string(k));
        expect_same(by_rows.get(k), by_copy.get(k));
        EXPECT_EQ(by_rows.shape_id(k), by_copy.shape_id(k));
    }
    return by_rows;
}

// The pipeline's small blocks searched straight from the dag's rows
// (search_from_rows) against their local copy (the former path, by the test
// hook): sums of random blocks (the issue's 10 x 10, and 2..12 sources with
// 1..40 sinks of 1..4 parents, some trees and C/N-like ones), node ids
// consecutive per block (the byte table) or shuffled over the whole dag
// (binary search); every entry and interned id the same.
TEST(ScheduleTable, RowsSearchAsTheLocalCopy) {
    int eligible = 0, other = 0;
    for (std::uint64_t seed = 0; seed < 60; ++seed) {
        SplitMix64 rng(seed + 5000);
        std::vector<std::pair<std::uint32_t, std::uint32_t>> arcs;
        std::uint32_t nodes = 0;
        for (int block = 0; block < 15; ++block) {
            const int type = static_cast<int>(rng.below(4));
            const auto tops = static_cast<std::uint32_t>(type == 0 ? 10 : 2 + rng.below(11));
            const auto bottoms = static_cast<std::uint32_t>(type == 0 ? 10 : type == 3 ? tops : 1 + rng.below(40));
            const std::uint32_t first = nodes;
            nodes += tops + bottoms;
            for (std::uint32_t j = 0; j < bottoms; ++j) {
                const auto in = static_cast<std::uint32_t>(
                    std::min<std::uint64_t>(tops, type == 0 ? 3 : type == 3 ? 2 : 1 + rng.below(4)));
                std::vector<std::uint32_t> parents;
                if (type == 3) parents = {j, (j + 1) % tops};  // C(s), or with an arc dropped N(s)-like
                while (parents.size() < in) {
                    const auto p = static_cast<std::uint32_t>(rng.below(tops));
                    if (std::ranges::find(parents, p) == parents.end()) parents.push_back(p);
                }
                for (std::uint32_t p : parents)
                    if (!(type == 3 && j + 1 == bottoms && p == 0 && rng.below(2) == 0))
                        arcs.emplace_back(first + p, first + tops + j);
            }
        }
        const Dag g = structure_test::with_ids(nodes, arcs, seed % 2 == 1, rng);
        const decompose::Decomposition dec = decompose::decompose(g);
        ASSERT_TRUE(dec.composite());
        by_rows_as_by_copy(g, dec, detail::set_search_from_rows, "seed " + std::to_string(seed));
        for (decompose::BlockId k = 0; k < dec.block_count; ++k) {
            if (dec.forms[k] != decompose::BlockForm::other) continue;
            ++other;
            std::uint64_t arc_count = 0;
            for (NodeId u : dec.sources(k)) arc_count += g.out_degree(u);
            eligible += dec.sources(k).size() <= 12 && dec.sinks(k).size() <= 64 &&
                        detail::beyond_closed_forms(dec.sources(k).size(), dec.sinks(k).size(), arc_count);
        }
    }
    EXPECT_GT(eligible, 400);
    EXPECT_GT(other - eligible, 100);
}

// N_s blocks of form `other` scheduled from the dag's rows
// (n_order_of_form) against their local copy and the recognisers (the
// former path, by the test hook): sums of N_s for s = 2..12 drawn with either
// end first, of blocks with s sources and s sinks that are no N_s (C_s, an
// N_s with an arc added, random), and of 10 x 10 random blocks; node ids
// consecutive or shuffled over the whole dag; every entry and interned id
// the same, and the N blocks proven with their path order.
TEST(ScheduleTable, NFromRowsAsTheRecognisers) {
    int n_blocks = 0, near = 0;
    for (std::uint64_t seed = 0; seed < 80; ++seed) {
        SplitMix64 rng(seed + 9000);
        std::vector<std::pair<std::uint32_t, std::uint32_t>> arcs;
        std::uint32_t nodes = 0;
        for (int block = 0; block < 12; ++block) {
            const int type = static_cast<int>(rng.below(5));  // 0-1 N_s, 2 C_s, 3 N_s plus an arc, 4 random
            const auto s = static_cast<std::uint32_t>(type == 4 ? 10 : 2 + rng.below(11));
            const std::uint32_t first = nodes;
            nodes += 2 * s;
            // N_s: source i feeds sinks i and i + 1 (the last only sink s - 1),
            // sources numbered from either end.
            const bool reversed = rng.below(2) == 1;
            auto source = [&](std::uint32_t i) { return first + (reversed ? s - 1 - i : i); };
            for (std::uint32_t i = 0; i < s; ++i) {
                if (type == 4) {
                    for (std::uint32_t j = 0; j < s; ++j)
                        if (rng.below(3) == 0 || j == i) arcs.emplace_back(first + i, first + s + j);
                    continue;
                }
                arcs.emplace_back(source(i), first + s + i);
                if (i + 1 < s) arcs.emplace_back(source(i), first + s + i + 1);
            }
            if (type == 2) arcs.emplace_back(source(s - 1), first + s);  // the cycle C_s
            if (type == 3 && s > 2) arcs.emplace_back(source(0), first + s + 2);
        }
        const Dag g = structure_test::with_ids(nodes, arcs, seed % 2 == 1, rng);
        const decompose::Decomposition dec = decompose::decompose(g);
        ASSERT_TRUE(dec.composite());
        const ScheduleTable by_rows = by_rows_as_by_copy(g, dec, detail::set_n_from_rows, "seed " + std::to_string(seed));
        for (decompose::BlockId k = 0; k < by_rows.size(); ++k) {
            SCOPED_TRACE("seed " + std::to_string(seed) + ", block " + std::to_string(k));
            const BlockSchedule got = by_rows.get(k);
            if (got.kind == Kind::n_dag) {
                ++n_blocks;
                EXPECT_TRUE(got.proven);
                // The path from the in-degree-1 sink: each source shares a child with the next.
                for (std::size_t i = 0; i + 1 < got.order.size(); ++i) {
                    const auto a = g.children(got.order[i]), c = g.children(got.order[i + 1]);
                    EXPECT_TRUE(std::ranges::find_first_of(a, c) != a.end());
                }
                EXPECT_EQ(g.out_degree(got.order.back()), 1u);
            } else if (dec.sources(k).size() == dec.sinks(k).size()) {
                ++near;
            }
        }
    }
    EXPECT_GT(n_blocks, 300);
    EXPECT_GT(near, 300);
}

// Compositions of many chain-like, complete and random blocks, node ids
// shuffled (blocks not found in topological order: the decomposition
// renumbers them, forms included): every block's entry by its form must be
// the recognisers' (check_all_blocks).
TEST(ScheduleTable, FormsOfShuffledChainCompositions) {
    int composites = 0, forms[6] = {}, drawn_forms[6] = {};
    for (std::uint64_t seed = 0; seed < 150; ++seed) {
        SplitMix64 rng(seed * 7919 + 1);
        struct Arc {
            std::uint32_t u, v;
        };
        std::vector<Arc> arcs;
        std::uint32_t nodes = 0;
        std::vector<std::uint32_t> open;  // sinks not yet merged into a later block's sources
        const auto blocks = static_cast<std::uint32_t>(3 + rng.below(12));
        for (std::uint32_t k = 0; k < blocks; ++k) {
            const auto kind = rng.below(4);  // W-like, M-like, complete, random
            const auto s = static_cast<std::uint32_t>(1 + rng.below(7));
            const auto d = static_cast<std::uint32_t>(2 + rng.below(3));
            std::uint32_t t = kind == 0 ? s * (d - 1) + 1 : kind == 1 ? s : static_cast<std::uint32_t>(1 + rng.below(6));
            std::uint32_t sources = kind == 1 ? s * (d - 1) + 1 : s;
            std::vector<std::uint32_t> src, snk;
            for (std::uint32_t i = 0; i < sources; ++i) {
                if (!open.empty() && rng.below(2) == 0) {
                    const auto j = rng.below(open.size());
                    src.push_back(open[j]);
                    open[j] = open.back();
                    open.pop_back();
                } else {
                    src.push_back(nodes++);
                }
            }
            for (std::uint32_t j = 0; j < t; ++j) snk.push_back(nodes++);
            // Chains in a random order along the sources (W) or sinks (M),
            // sometimes bent into a near-miss by one extra arc.
            if (kind == 0) {
                for (std::uint32_t i = 0; i < s; ++i)
                    for (std::uint32_t x = 0; x < d; ++x) arcs.push_back({src[i], snk[i * (d - 1) + x]});
            } else if (kind == 1) {
                for (std::uint32_t j = 0; j < s; ++j)
                    for (std::uint32_t x = 0; x < d; ++x) arcs.push_back({src[j * (d - 1) + x], snk[j]});
            } else {
                for (std::uint32_t i = 0; i < sources; ++i)
                    for (std::uint32_t j = 0; j < t; ++j)
                        if (kind == 2 || rng.below(2) == 0 || j == i % t) arcs.push_back({src[i], snk[j]});
            }
            if (kind < 2 && rng.below(5) == 0)
                arcs.push_back({src[rng.below(src.size())], snk[rng.below(snk.size())]});
            for (std::uint32_t v : snk) open.push_back(v);
        }
        // The same composition with its ids as drawn (new sinks numbered in
        // chain order: chains often ascend, the forms w_chain and m_chain).
        {
            DagBuilder b;
            for (std::uint32_t v = 0; v < nodes; ++v) b.add_node("v" + std::to_string(v));
            for (Arc a : arcs) b.add_arc(a.u, a.v);
            const Dag g = std::move(b).build();
            const decompose::Decomposition dec = decompose::decompose(skeleton::SkeletonRef(g).dag());
            for (decompose::BlockForm f : dec.forms) ++drawn_forms[static_cast<int>(f)];
            check_all_blocks(g, "chain composition as drawn, seed " + std::to_string(seed));
        }
        const std::vector<std::uint32_t> id = shuffled_ids(nodes, rng);
        DagBuilder b;
        for (std::uint32_t v = 0; v < nodes; ++v) b.add_node("v" + std::to_string(v));
        for (Arc a : arcs) b.add_arc(id[a.u], id[a.v]);
        const Dag g = std::move(b).build();
        const decompose::Decomposition dec = decompose::decompose(skeleton::SkeletonRef(g).dag());
        if (!dec.composite()) continue;
        ++composites;
        for (decompose::BlockForm f : dec.forms) ++forms[static_cast<int>(f)];
        check_all_blocks(g, "chain composition seed " + std::to_string(seed));
    }
    // Most draws compose, and every form is met many times.
    EXPECT_GT(composites, 100);
    for (int f = 0; f < 4; ++f) EXPECT_GT(forms[f], 50) << "form " << f;
    // Chains the search verified in increasing id.
    EXPECT_GT(drawn_forms[static_cast<int>(decompose::BlockForm::w_chain)], 50);
    EXPECT_GT(drawn_forms[static_cast<int>(decompose::BlockForm::m_chain)], 50);
    // Shuffled ids: chains both in increasing id (the fast paths) and not.
    EXPECT_GT(ascending_taken(), 50);
    EXPECT_GT(ascending_left(), 50);
}

// schedule() itself (complete blocks in runs, chains by the forms the
// search marked): its table, block by block, is the recognisers' one, so
// its ▷-linearization and order are those of the per-block path.
TEST(ScheduleTable, ScheduleKeepsTheRecognisersEntries) {
    std::vector<std::pair<std::string, Dag>> dags;
    dags.emplace_back("fft 6", families::fft(6));
    dags.emplace_back("tree 8", families::reduction_tree(8));
    dags.emplace_back("mesh 30", families::reduction_mesh(30));
    dags.emplace_back("out-mesh 30", families::out_mesh(30));
    dags.emplace_back("wavefront 20x25", families::wavefront(20, 25));
    dags.emplace_back("laplace 8", families::laplace(8));
    dags.emplace_back("W(7,3)", families::w_dag(7, 3));
    dags.emplace_back("M(7,3)", families::m_dag(7, 3));
    for (std::uint64_t seed = 0; seed < 60; ++seed)
        dags.emplace_back("composite seed " + std::to_string(seed),
                          structure_test::random_composite(2 + static_cast<std::uint32_t>(seed % 9),
                                                           1 + static_cast<std::uint32_t>(seed % 5), seed)
                              .dag);
    // The table is built before any fallback: no exact AREA search after it.
    schedule::Options opt;
    opt.area_max_downsets = 0;
    int compared = 0;
    for (const auto& [what, g] : dags) {
        const schedule::Result r = schedule::schedule(g, opt);
        const skeleton::SkeletonRef sk(g);
        const decompose::Decomposition dec = decompose::decompose(sk.dag());
        if (!dec.composite()) continue;
        ASSERT_EQ(r.blocks.size(), dec.block_count) << what;
        for (decompose::BlockId b = 0; b < dec.block_count; ++b) {
            SCOPED_TRACE(what + ", block " + std::to_string(b) + " in schedule()");
            expect_same(r.blocks.get(b), schedule_block(sk.dag(), dec.sources(b)));
            ++compared;
        }
    }
    EXPECT_GT(compared, 900);
}

TEST(ScheduleTable, RefusesAProfileOfTheWrongLength) {
    ScheduleTable t;
    BlockSchedule s;
    s.shape = "W(1,2)";
    s.order = {0, 1};
    s.profile = {0, 1};  // needs 3 entries
    try {
        t.push(s);
        FAIL() << "accepted";
    } catch (const Error& e) {
        EXPECT_EQ(e.code(), Errc::internal);
    }
    EXPECT_EQ(t.size(), 0u);
}

}  // namespace
}  // namespace ics::blocks
