// FFT dags F_d (guidelines §2.1.3) and their butterflies (2.1).
#include "family_util.hpp"

namespace ics::families {
namespace {

using test::children_of;
using test::named_arcs;

struct LevelBits {
    std::uint32_t level;
    std::string bits;
};
LevelBits parse(std::string_view name) {
    const auto cut = name.find('_');
    return {static_cast<std::uint32_t>(std::stoul(std::string(name.substr(0, cut)))), std::string(name.substr(cut + 1))};
}

TEST(Fft, CountsLevelsAndDegrees) {
    for (std::uint32_t d = 1; d <= 11; ++d) {
        SCOPED_TRACE("F_" + std::to_string(d));
        const Dag g = fft(d);
        const std::uint64_t width = std::uint64_t{1} << d;
        EXPECT_EQ(g.node_count(), (d + 1) * width);
        EXPECT_EQ(g.arc_count(), 2 * d * width);
        EXPECT_EQ(g.duplicate_arcs(), 0u);
        EXPECT_EQ(g.level_count(), d + 1);
        EXPECT_EQ(g.max_level_width(), width);
        EXPECT_EQ(g.sources().size(), width);
        EXPECT_EQ(g.sinks().size(), width);
        for (NodeId v = 0; v < g.node_count(); ++v) {
            const auto [l, x] = parse(g.name(v));
            ASSERT_EQ(x.size(), d);
            EXPECT_EQ(g.levels()[v], d - l);               // sources on level d, sinks on level 0
            EXPECT_EQ(g.in_degree(v), l == d ? 0u : 2u);   // every non-source has exactly 2 parents
            EXPECT_EQ(g.out_degree(v), l == 0 ? 0u : 2u);  // every non-sink exactly 2 children
            // <l, x b y> -> <l-1, x0y>, <l-1, x1y> with b at position d-l from the left.
            for (NodeId c : g.children(v)) {
                const auto [lc, xc] = parse(g.name(c));
                EXPECT_EQ(lc, l - 1);
                for (std::size_t i = 0; i < d; ++i) {
                    if (i == d - l) continue;
                    EXPECT_EQ(xc[i], x[i]) << g.name(v) << " -> " << g.name(c);
                }
            }
        }
    }
}

TEST(Fft, ButterfliesShareBothChildren) {
    for (std::uint32_t d = 1; d <= 8; ++d) {
        const Dag g = fft(d);
        for (NodeId v = 0; v < g.node_count(); ++v) {
            auto [l, x] = parse(g.name(v));
            if (l == 0) continue;
            std::string partner = x;
            partner[d - l] = partner[d - l] == '0' ? '1' : '0';
            const std::string below = std::to_string(l - 1) + "_";
            const std::set<std::string> want{below + x, below + partner};
            EXPECT_EQ(children_of(g, g.name(v)), want);
            EXPECT_EQ(children_of(g, std::to_string(l) + "_" + partner), want);
            // ... and those two children have no other parents.
            for (const auto& c : want) EXPECT_EQ(test::parents_of(g, c).size(), 2u);
        }
    }
}

TEST(Fft, OneDimensionalFftIsTheButterflyC2) {
    // Clustering §2.2.1: FFT dags are compositions of C_2 copies.
    const auto rename = [](std::string_view n) {
        return std::string(n[0] == '1' ? "s" : "t") + (n.back() == '0' ? "1" : "2");
    };
    EXPECT_EQ(named_arcs(fft(1), rename), named_arcs(cycle_dag(2)));
}

}  // namespace
}  // namespace ics::families
