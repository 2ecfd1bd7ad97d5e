// Planar bipartite trees P[delta] and zigzagged sequences (overview slides).
#include <algorithm>
#include <cstdlib>
#include <limits>

#include "family_util.hpp"

namespace ics::families {
namespace {

using test::children_of;
using test::eligible_sinks;
using test::expect_error;
using test::index_of;
using test::named_arcs;

Dag pbt_of(std::string_view text) { return pbt(parse_zigzag(text)); }

// Out-degrees of s1, s2, ... (or in-degrees of t1, t2, ...) in planar order.
std::vector<std::uint32_t> degrees(const Dag& g, bool sources) {
    const std::vector<NodeId> side = sources ? g.sources() : g.sinks();
    std::vector<std::uint32_t> out(side.size());
    for (NodeId v : side) out.at(index_of(g.name(v)) - 1) = sources ? g.out_degree(v) : g.in_degree(v);
    return out;
}
std::vector<std::uint32_t> source_degrees(const Dag& g) { return degrees(g, true); }
std::vector<std::uint32_t> sink_degrees(const Dag& g) { return degrees(g, false); }

// Structure every PBT has: a tree, bipartite, and planar: source i's children
// are an interval [a_i, b_i] of sinks with a_1 = 1, a_{i+1} = b_i, b_last = last sink.
void expect_planar_bipartite_tree(const Dag& g, std::span<const std::int32_t> delta) {
    std::uint64_t sum = 0;
    for (auto e : delta) sum += static_cast<std::uint64_t>(e > 0 ? e : -e);
    EXPECT_EQ(g.node_count(), sum - delta.size() + 2);
    EXPECT_EQ(g.arc_count(), g.node_count() - 1u);
    EXPECT_TRUE(test::weakly_connected(g));
    EXPECT_TRUE(test::bipartite_sources_to_sinks(g));
    const std::size_t sources = g.sources().size(), sinks = g.sinks().size();
    std::uint64_t previous_end = 1;
    for (std::size_t i = 1; i <= sources; ++i) {
        const auto kids = children_of(g, "s" + std::to_string(i));
        std::vector<std::uint64_t> idx;
        for (const auto& k : kids) idx.push_back(index_of(k));
        std::sort(idx.begin(), idx.end());
        ASSERT_FALSE(idx.empty());
        EXPECT_EQ(idx.back() - idx.front() + 1, idx.size()) << "s" << i << " children not consecutive";
        EXPECT_EQ(idx.front(), previous_end) << "s" << i;
        previous_end = idx.back();
    }
    EXPECT_EQ(previous_end, sinks);
}

TEST(Pbt, SingleEntriesAreWAndM) {
    for (std::int32_t d = 2; d <= 7; ++d) {
        const std::int32_t w[] = {d}, m[] = {-d};
        EXPECT_EQ(named_arcs(pbt(w)), named_arcs(w_dag(1, d)));
        EXPECT_EQ(named_arcs(pbt(m)), named_arcs(m_dag(1, d)));
    }
}

TEST(Pbt, GreedyScheduleExampleOfTheSlides) {
    // S = P[4,1/2,2] + P[3,1/2,2]: V_1 = <3,5,..>, V_2 = <1,..>, V_3 = <2,4,..>, V_4 = <1,..>.
    const Dag a = pbt_of("4,1/2,2"), b = pbt_of("3,1/2,2");
    EXPECT_EQ(a.sources().size(), 2u);
    EXPECT_EQ(a.sinks().size(), 5u);
    EXPECT_EQ(eligible_sinks(a, {"s1"}), 3u);
    EXPECT_EQ(eligible_sinks(a, {"s1", "s2"}), 5u);
    EXPECT_EQ(eligible_sinks(a, {"s2"}), 1u);
    EXPECT_EQ(b.sources().size(), 2u);
    EXPECT_EQ(eligible_sinks(b, {"s1"}), 2u);
    EXPECT_EQ(eligible_sinks(b, {"s1", "s2"}), 4u);
    EXPECT_EQ(eligible_sinks(b, {"s2"}), 1u);
    // Executing s1 of P[4,1/2,2] and dropping its private sinks leaves P[2]: s2 -> t4, t5.
    EXPECT_EQ(children_of(a, "s2"), (std::set<std::string>{"t4", "t5"}));
    EXPECT_EQ(children_of(a, "s1"), (std::set<std::string>{"t1", "t2", "t3", "t4"}));
    EXPECT_EQ(source_degrees(a), (std::vector<std::uint32_t>{4, 2}));
    EXPECT_EQ(sink_degrees(a), (std::vector<std::uint32_t>{1, 1, 1, 2, 1}));
}

TEST(Pbt, PicturedTreeOfTheSlides) {
    // P[1/4,3,1/3,3,1/2,2,1/4,3,1/2]: each entry is the degree of one node, and
    // consecutive entries share that node's rightmost neighbour.
    const auto delta = parse_zigzag("1/4,3,1/3,3,1/2,2,1/4,3,1/2");
    EXPECT_EQ(delta, (std::vector<std::int32_t>{-4, 3, -3, 3, -2, 2, -4, 3, -2}));
    const Dag g = pbt(delta);
    expect_planar_bipartite_tree(g, delta);
    EXPECT_EQ(g.sources().size(), 11u);  // 4 + 2 + 1 + 3 + 1
    EXPECT_EQ(g.sinks().size(), 8u);     // 1 + 2 + 2 + 1 + 2
    EXPECT_EQ(source_degrees(g), (std::vector<std::uint32_t>{1, 1, 1, 3, 1, 3, 2, 1, 1, 3, 1}));
    EXPECT_EQ(sink_degrees(g), (std::vector<std::uint32_t>{4, 1, 3, 1, 2, 4, 1, 2}));
}

TEST(Pbt, AppendingAnEntryExtendsTheRightmostNode) {
    // P[delta, k] keeps every arc of P[delta]: the construction is inductive.
    const auto full = parse_zigzag("3,1/2,2,1/4,5,1/3");
    for (std::size_t n = 1; n < full.size(); ++n) {
        const auto shorter = named_arcs(pbt(std::span(full).first(n)));
        const auto longer = named_arcs(pbt(std::span(full).first(n + 1)));
        EXPECT_TRUE(std::includes(longer.begin(), longer.end(), shorter.begin(), shorter.end())) << n;
        EXPECT_EQ(longer.size(), shorter.size() + static_cast<std::size_t>(std::abs(full[n])) - 1);
    }
}

TEST(Pbt, ManySequencesArePlanarTrees) {
    std::uint64_t state = 12345;
    for (int trial = 0; trial < 200; ++trial) {
        std::vector<std::int32_t> delta;
        const int length = 1 + trial % 9;
        bool integer = trial % 2 == 0;
        for (int i = 0; i < length; ++i, integer = !integer) {
            state = state * 6364136223846793005ull + 1442695040888963407ull;
            const auto k = static_cast<std::int32_t>(2 + (state >> 33) % 6);
            delta.push_back(integer ? k : -k);
        }
        SCOPED_TRACE(format_zigzag(delta));
        const Dag g = pbt(delta);
        expect_planar_bipartite_tree(g, delta);
        EXPECT_EQ(parse_zigzag(format_zigzag(delta)), delta);
    }
}

TEST(ParseZigzag, AcceptsBothStartsAndSpaces) {
    EXPECT_EQ(parse_zigzag("3,1/2,2"), (std::vector<std::int32_t>{3, -2, 2}));
    EXPECT_EQ(parse_zigzag("1/4,3"), (std::vector<std::int32_t>{-4, 3}));
    EXPECT_EQ(parse_zigzag(" 3 , 1/ 2 ,2 "), (std::vector<std::int32_t>{3, -2, 2}));
    EXPECT_EQ(parse_zigzag("2147483647"), (std::vector<std::int32_t>{2147483647}));
    EXPECT_EQ(format_zigzag(std::vector<std::int32_t>{3, -2, 2}), "3,1/2,2");
}

TEST(ParseZigzag, RejectsWhatIsNotZigzagged) {
    for (const char* bad : {"", "1", "1/1", "0", "-3", "3,2", "1/2,1/3", "3,,2", "3,1/2,", "x", "2/3", "1/", "3.0",
                            "2147483648", "1/99999999999", "3;1/2", "+3", "03x"})
        expect_error([&] { parse_zigzag(bad); }, Errc::invalid_argument, {"parse_zigzag"});
    expect_error([&] { parse_zigzag("3,2"); }, Errc::invalid_argument, {"alternates"});
}

TEST(Pbt, RejectsBadSequences) {
    const std::vector<std::vector<std::int32_t>> bad = {
        {}, {1}, {-1}, {0}, {3, 2}, {-2, -3}, {2, -2, -2}, {std::numeric_limits<std::int32_t>::min()}};
    for (const auto& delta : bad) expect_error([&] { pbt(delta); }, Errc::invalid_argument, {"pbt"});
}

}  // namespace
}  // namespace ics::families
