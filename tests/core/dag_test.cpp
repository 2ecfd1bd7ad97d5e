// The DAG model: builder validation, CSR adjacency, topological order, levels.
#include <algorithm>
#include <set>
#include <thread>

#include "test_util.hpp"

namespace ics {
namespace {

using test::expect_error;
using test::from_arcs;

TEST(NameTable, InternsManyNamesAndFindsThem) {
    NameTable t;
    for (int i = 0; i < 10000; ++i) EXPECT_EQ(t.push("node" + std::to_string(i)), static_cast<std::uint32_t>(i));
    for (int i = 0; i < 10000; ++i) {
        const std::string name = "node" + std::to_string(i);
        ASSERT_EQ(t.find(name), static_cast<std::uint32_t>(i));
        EXPECT_EQ(t[i], name);
        EXPECT_STREQ(t.c_str(i), name.c_str());
    }
    EXPECT_EQ(t.find("node10000"), NameTable::npos);
    EXPECT_EQ(t.find(""), NameTable::npos);
}

TEST(NameTable, SubsetKeepsNamesOrderAndLookups) {
    NameTable t;
    for (int i = 0; i < 5000; ++i) t.push("n" + std::to_string(i * 7));
    std::vector<std::uint32_t> ids;
    for (std::uint32_t i = 4999; i < 5000; i -= 3) ids.push_back(i);  // decreasing, every third
    const NameTable s = t.subset(ids);
    ASSERT_EQ(s.size(), ids.size());
    for (std::uint32_t k = 0; k < ids.size(); ++k) {
        EXPECT_EQ(s[k], t[ids[k]]);
        EXPECT_STREQ(s.c_str(k), t.c_str(ids[k]));
        EXPECT_EQ(s.find(t[ids[k]]), k);
    }
    std::vector<bool> in(5000, false);
    for (std::uint32_t id : ids) in[id] = true;
    for (std::uint32_t id = 0; id < 5000; ++id)
        if (!in[id]) {
            EXPECT_EQ(s.find(t[id]), NameTable::npos) << t[id];
        }
    // A builder started from it goes on interning and checking as usual.
    DagBuilder b(s);
    EXPECT_EQ(b.node_count(), ids.size());
    EXPECT_EQ(b.add_node("fresh"), static_cast<NodeId>(ids.size()));
    expect_error([&] { b.add_node(std::string(t[ids[3]])); }, Errc::duplicate_node);
    EXPECT_TRUE(t.subset({}).size() == 0);
}

TEST(NameTable, CopiesShareUntilOneAddsANameAndMovedFromIsEmpty) {
    NameTable a;
    for (int i = 0; i < 1000; ++i) a.push("n" + std::to_string(i));
    NameTable b = a;  // shares
    EXPECT_EQ(b.c_str(7), a.c_str(7));
    b.reserve(1000, 1);  // nothing to add: still shared
    EXPECT_EQ(b.c_str(7), a.c_str(7));
    const std::uint32_t id = b.push("extra");  // b gets its own copy
    EXPECT_EQ(id, 1000u);
    EXPECT_NE(b.c_str(7), a.c_str(7));
    EXPECT_EQ(a.size(), 1000u);
    EXPECT_EQ(a.find("extra"), NameTable::npos);
    EXPECT_EQ(b.find("extra"), 1000u);
    EXPECT_EQ(b.find("n999"), 999u);
    EXPECT_EQ(a[999], "n999");
    NameTable c = std::move(a);
    EXPECT_EQ(c.find("n5"), 5u);
    EXPECT_EQ(a.size(), 0u);  // NOLINT(bugprone-use-after-move): moved-from is empty, usable
    EXPECT_EQ(a.find("n5"), NameTable::npos);
    EXPECT_EQ(a.push("fresh"), 0u);
    EXPECT_EQ(NameTable().size(), 0u);  // the shared empty table stayed empty
    EXPECT_EQ(c.size(), 1000u);
}

TEST(BigVector, BehavesLikeAVectorOnBothSidesOfTheMappingThreshold) {
    // 8 MB: mapped apart (huge-page advice); 1 KB: operator new.
    BigVector<std::uint64_t> big(std::size_t{1} << 20), small(128, 5);
    for (std::size_t i = 0; i < big.size(); ++i) big[i] = i * 7;
    BigVector<std::uint64_t> copy = big;
    EXPECT_EQ(copy, big);
    big.resize(big.size() * 2, 3);  // reallocates: a bigger mapping, the old one unmapped
    for (std::size_t i = 0; i < copy.size(); ++i) ASSERT_EQ(big[i], i * 7);
    EXPECT_EQ(big.back(), 3u);
    big.swap(small);
    EXPECT_EQ(big.size(), 128u);
    EXPECT_EQ(small.size(), std::size_t{1} << 21);
    small.clear();
    small.shrink_to_fit();  // back below the threshold
    EXPECT_TRUE(small.empty());
}

TEST(Dag, MillionNodeDagOnMappedArrays) {
    // A 2^20-node chain of pairs: offsets of 8 MB each take the mapped path.
    const NodeId n = NodeId{1} << 20;
    DagBuilder b;
    b.reserve(n, n);
    for (NodeId v = 0; v < n; ++v) b.add_node("v" + std::to_string(v));
    for (NodeId v = 0; v + 2 < n; v += 2) {
        b.add_arc(v, v + 2);
        b.add_arc(v, v + 3);
    }
    const Dag g = std::move(b).build();
    ASSERT_EQ(g.node_count(), n);
    EXPECT_EQ(g.arc_count(), std::uint64_t{n} - 2);
    std::vector<std::uint32_t> pos(n);
    const auto topo = g.topological_order();
    ASSERT_EQ(topo.size(), n);
    for (NodeId i = 0; i < n; ++i) pos[topo[i]] = i;
    for (NodeId v = 0; v < n; ++v)
        for (NodeId c : g.children(v)) ASSERT_LT(pos[v], pos[c]);
    EXPECT_EQ(g.find("v1048575"), n - 1);
    EXPECT_EQ(g.level_count(), n / 2);
}

TEST(DagBuilder, RejectsBadNodesAndArcs) {
    DagBuilder b;
    const NodeId a = b.add_node("a");
    b.add_node("b");
    expect_error([&] { b.add_node("a"); }, Errc::duplicate_node, {"'a'"});
    expect_error([&] { b.add_node(""); }, Errc::invalid_argument, {"empty"});
    expect_error([&] { b.add_node(std::string_view("x\0y", 3)); }, Errc::invalid_argument, {"NUL"});
    expect_error([&] { b.add_arc(a, a); }, Errc::self_loop, {"'a'"});
    expect_error([&] { b.add_arc(a, 7); }, Errc::unknown_node, {"7"});
    expect_error([&] { b.add_arc("a", "zz"); }, Errc::unknown_node, {"'zz'"});
    EXPECT_EQ(b.ensure_node("a"), a);
    EXPECT_EQ(b.ensure_node("c"), 2u);
}

TEST(DagBuilder, MergesDuplicateArcsAndCountsThem) {
    DagBuilder b;
    b.add_node("a");
    b.add_node("b");
    b.add_node("c");
    for (int i = 0; i < 3; ++i) b.add_arc(0, 1);
    b.add_arc(0, 2);
    b.add_arc(0, 2);
    const Dag g = b.build();
    EXPECT_EQ(g.arc_count(), 2u);
    EXPECT_EQ(g.duplicate_arcs(), 3u);
    EXPECT_EQ(g.out_degree(0), 2u);
    EXPECT_EQ(g.in_degree(1), 1u);
}

TEST(DagBuilder, CycleErrorNamesTheNodesOfOneCycle) {
    DagBuilder b;
    for (auto n : {"s", "a", "b", "c", "t"}) b.add_node(n);
    b.add_arc("s", "a");
    b.add_arc("a", "b");
    b.add_arc("b", "c");
    b.add_arc("c", "a");
    b.add_arc("c", "t");
    try {
        b.build();
        FAIL() << "cycle not detected";
    } catch (const Error& e) {
        EXPECT_EQ(e.code(), Errc::cycle);
        const std::string m = e.what();
        for (auto n : {"'a'", "'b'", "'c'"}) EXPECT_NE(m.find(n), std::string::npos) << m;
        EXPECT_EQ(m.find("'s'"), std::string::npos) << m;  // s is not on the cycle
        EXPECT_EQ(m.find("'t'"), std::string::npos) << m;
        // The cycle is printed along its arcs.
        const bool along = m.find("'a' -> 'b' -> 'c' -> 'a'") != std::string::npos ||
                           m.find("'b' -> 'c' -> 'a' -> 'b'") != std::string::npos ||
                           m.find("'c' -> 'a' -> 'b' -> 'c'") != std::string::npos;
        EXPECT_TRUE(along) << m;
    }
}

TEST(DagBuilder, LongCycleMessageIsBounded) {
    DagBuilder b;
    const int n = 1000;
    for (int i = 0; i < n; ++i) b.add_node("n" + std::to_string(i));
    for (int i = 0; i < n; ++i) b.add_arc(i, (i + 1) % n);
    expect_error([&] { b.build(); }, Errc::cycle, {"1000 nodes"});
}

TEST(Dag, DiamondStructure) {
    const Dag g = from_arcs({{"a", "b"}, {"a", "c"}, {"b", "d"}, {"c", "d"}});
    EXPECT_EQ(g.node_count(), 4u);
    EXPECT_EQ(g.arc_count(), 4u);
    EXPECT_EQ(g.sources(), std::vector<NodeId>{0});
    EXPECT_EQ(g.sinks(), std::vector<NodeId>{3});
    EXPECT_EQ(std::vector<NodeId>(g.children(0).begin(), g.children(0).end()), (std::vector<NodeId>{1, 2}));
    EXPECT_EQ(std::vector<NodeId>(g.parents(3).begin(), g.parents(3).end()), (std::vector<NodeId>{1, 2}));
    EXPECT_EQ(g.level_count(), 3u);
    EXPECT_EQ(g.max_level_width(), 2u);
    EXPECT_EQ(g.levels()[3], 2u);
    EXPECT_EQ(g.find("c"), 2u);
    EXPECT_EQ(g.find("zz"), kNoNode);
    EXPECT_STREQ(g.name_c_str(3), "d");
}

TEST(Dag, EmptyAndIsolated) {
    const Dag empty = DagBuilder().build();
    EXPECT_TRUE(empty.empty());
    EXPECT_EQ(empty.level_count(), 0u);
    DagBuilder b;
    b.add_node("x");
    b.add_node("y");
    const Dag g = b.build();
    EXPECT_EQ(g.sources().size(), 2u);
    EXPECT_EQ(g.sinks().size(), 2u);
    EXPECT_EQ(g.level_count(), 1u);
    EXPECT_EQ(g.max_level_width(), 2u);
}

// Invariants on many random dags: CSR directions agree, the topological
// order puts parents first, levels are longest-path levels.
TEST(Dag, InvariantsOnRandomDags) {
    for (std::uint64_t seed = 0; seed < 200; ++seed) {
        const std::uint32_t n = 1 + static_cast<std::uint32_t>(seed % 40);
        const Dag g = test::random_dag(n, 0.15, seed);
        std::uint64_t arcs = 0;
        std::set<std::pair<NodeId, NodeId>> out, in;
        for (NodeId u = 0; u < n; ++u) {
            auto kids = g.children(u);
            EXPECT_TRUE(std::is_sorted(kids.begin(), kids.end()));
            for (NodeId v : kids) out.emplace(u, v);
            for (NodeId p : g.parents(u)) in.emplace(p, u);
            arcs += kids.size();
        }
        EXPECT_EQ(out, in);
        EXPECT_EQ(arcs, g.arc_count());
        std::vector<std::uint32_t> pos(n);
        ASSERT_EQ(g.topological_order().size(), n);
        for (std::uint32_t i = 0; i < n; ++i) pos[g.topological_order()[i]] = i;
        for (auto [u, v] : out) EXPECT_LT(pos[u], pos[v]);
        for (NodeId v = 0; v < n; ++v) {
            std::uint32_t want = 0;
            for (NodeId p : g.parents(v)) want = std::max(want, g.levels()[p] + 1);
            EXPECT_EQ(g.levels()[v], want);
        }
        // to_builder round trip keeps names and arcs.
        const Dag h = g.to_builder().build();
        ASSERT_EQ(h.node_count(), n);
        for (NodeId v = 0; v < n; ++v) {
            EXPECT_EQ(h.name(v), g.name(v));
            EXPECT_TRUE(std::ranges::equal(h.children(v), g.children(v)));
        }
    }
}

// freeze() against the definition (issue 18: it now fills each row backwards
// from its end and compacts in place): on random arc lists given in random
// order with repeated arcs, both build() forms give every node its sorted
// distinct children and parents, the duplicate count, and the topological
// order and levels of a plain Kahn's algorithm over sets (smallest id first
// among the sources, then FIFO, children in id order).
TEST(DagBuilder, FreezeMatchesTheDefinitionOnRandomArcLists) {
    for (std::uint64_t seed = 0; seed < 300; ++seed) {
        SplitMix64 rng(seed * 7919 + 1);
        const auto n = static_cast<std::uint32_t>(1 + seed % 60);
        const std::vector<NodeId> perm = shuffled_ids(n, rng);  // a hidden topological order
        std::vector<std::pair<NodeId, NodeId>> given;
        const double p = 0.02 + 0.3 * rng.uniform();
        for (NodeId i = 0; i < n; ++i)
            for (NodeId j = i + 1; j < n; ++j)
                if (rng.uniform() < p) {
                    given.emplace_back(perm[i], perm[j]);
                    while (rng.uniform() < 0.2) given.emplace_back(perm[i], perm[j]);  // repeated
                }
        for (std::size_t i = given.size(); i > 1; --i) std::swap(given[i - 1], given[rng.next() % i]);

        std::vector<std::set<NodeId>> kids(n), pars(n);
        for (auto [u, v] : given) kids[u].insert(v), pars[v].insert(u);
        std::uint64_t distinct = 0;
        for (const auto& k : kids) distinct += k.size();
        std::vector<NodeId> topo;
        std::vector<std::uint32_t> level(n, 0), indeg(n);
        for (NodeId v = 0; v < n; ++v)
            if ((indeg[v] = static_cast<std::uint32_t>(pars[v].size())) == 0) topo.push_back(v);
        for (std::size_t h = 0; h < topo.size(); ++h)
            for (NodeId v : kids[topo[h]]) {
                level[v] = std::max(level[v], level[topo[h]] + 1);
                if (--indeg[v] == 0) topo.push_back(v);
            }

        DagBuilder b;
        for (NodeId v = 0; v < n; ++v) b.add_node("v" + std::to_string(v));
        for (auto [u, v] : given) b.add_arc(u, v);
        const Dag copied = b.build();
        const Dag moved = std::move(b).build();
        for (const Dag* g : {&copied, &moved}) {
            ASSERT_EQ(g->node_count(), n);
            EXPECT_EQ(g->arc_count(), distinct);
            EXPECT_EQ(g->duplicate_arcs(), given.size() - distinct);
            for (NodeId v = 0; v < n; ++v) {
                EXPECT_TRUE(std::ranges::equal(g->children(v), kids[v])) << "seed " << seed << " node " << v;
                EXPECT_TRUE(std::ranges::equal(g->parents(v), pars[v])) << "seed " << seed << " node " << v;
            }
            EXPECT_TRUE(std::ranges::equal(g->topological_order(), topo)) << "seed " << seed;
            EXPECT_TRUE(std::ranges::equal(g->levels(), level)) << "seed " << seed;
        }
    }
}

// An upper bound reserved (an edge list's lines): names and lookups as with
// no reservation, the index growing as names come.
TEST(NameTable, ReserveAtMostThenGrow) {
    NameTable t, plain;
    t.reserve_at_most(200000, 2000000);
    for (int i = 0; i < 30000; ++i) {
        const std::string name = "t" + std::to_string(i * 13);
        ASSERT_EQ(t.find_or_push(name).first, plain.find_or_push(name).first);
        ASSERT_EQ(t.find_or_push(name), std::make_pair(static_cast<std::uint32_t>(i), false));
    }
    for (int i = 0; i < 30000; ++i) {
        EXPECT_EQ(t.find("t" + std::to_string(i * 13)), static_cast<std::uint32_t>(i));
        EXPECT_EQ(t[i], plain[i]);
    }
    EXPECT_EQ(t.find("t1"), NameTable::npos);
}

// compact() drops the index and the hashes of a frozen dag's names (issue 18:
// peak memory); every lookup, copy, subset and added name afterwards behaves
// as on a table that kept them, also when threads look names up at once.
TEST(NameTable, CompactedTableLooksUpCopiesAndGrowsAsBefore) {
    NameTable full;
    for (int i = 0; i < 20000; ++i) full.push("c" + std::to_string(i * 3));
    auto same = [&](const NameTable& t, int count) {
        ASSERT_EQ(t.size(), static_cast<std::uint32_t>(count));
        for (int i = 0; i < count; ++i) ASSERT_EQ(t.find("c" + std::to_string(i * 3)), static_cast<std::uint32_t>(i));
        EXPECT_EQ(t.find("c1"), NameTable::npos);
        EXPECT_EQ(t.find(""), NameTable::npos);
    };
    {
        NameTable t = NameTable(full.subset(std::vector<std::uint32_t>(0)));  // empty: nothing to drop
        t.compact();
        EXPECT_EQ(t.find("c0"), NameTable::npos);
    }
    {
        NameTable t = full, shared = full;
        t.compact();  // shared with `full` and `shared`: unchanged
        same(t, 20000);
    }
    {
        std::vector<std::uint32_t> all(20000);
        for (std::uint32_t i = 0; i < 20000; ++i) all[i] = i;
        NameTable t = full.subset(all);  // a private copy
        t.compact();
        const NameTable copy = t;  // shares the compacted storage
        std::vector<std::thread> threads;
        std::vector<int> bad(4, 0);
        for (int k = 0; k < 4; ++k)
            threads.emplace_back([&, k] {
                for (int i = k; i < 20000; i += 4)
                    bad[k] += copy.find("c" + std::to_string(i * 3)) != static_cast<std::uint32_t>(i);
            });
        for (auto& th : threads) th.join();
        EXPECT_EQ(bad, std::vector<int>(4, 0));
        same(t, 20000);

        NameTable u = full.subset(all);
        u.compact();
        std::vector<std::uint32_t> odd;
        for (std::uint32_t i = 19999; i < 20000; i -= 2) odd.push_back(i);
        const NameTable sub = u.subset(odd);  // no hashes to reuse: its index is made when used
        for (std::size_t k = 0; k < odd.size(); ++k) {
            ASSERT_EQ(sub[static_cast<std::uint32_t>(k)], full[odd[k]]);
            ASSERT_EQ(sub.find(full[odd[k]]), static_cast<std::uint32_t>(k));
        }
        for (int i = 20000; i < 30000; ++i) ASSERT_EQ(u.push("c" + std::to_string(i * 3)), static_cast<std::uint32_t>(i));
        same(u, 30000);
        EXPECT_EQ(u.find_or_push("c3"), std::make_pair(std::uint32_t{1}, false));
    }
}

// A dag read through a consumed builder has compacted names: lookups by name
// still find every node.
TEST(Dag, NamesFoundAfterTheBuilderIsConsumed) {
    DagBuilder b;
    for (int i = 0; i < 5000; ++i) b.add_node("x" + std::to_string(i));
    for (NodeId i = 1; i < 5000; ++i) b.add_arc(i - 1, i);
    const Dag g = std::move(b).build();
    for (NodeId i = 0; i < 5000; ++i) ASSERT_EQ(g.find("x" + std::to_string(i)), i);
    EXPECT_EQ(g.find("x5000"), kNoNode);
    DagBuilder more = g.to_builder();
    EXPECT_EQ(more.ensure_node("x42"), 42u);
    EXPECT_EQ(more.ensure_node("y"), 5000u);
}

}  // namespace
}  // namespace ics
