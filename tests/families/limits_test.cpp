// Parameter validation: zero or out-of-range parameters are invalid_argument,
// members beyond 2^31-1 nodes or 2^32 arcs are too_large (checked before
// anything is allocated, so these return at once).
#include <limits>

#include "family_util.hpp"

namespace ics::families {
namespace {

using test::expect_error;

TEST(Limits, ZeroOrTooSmallParametersAreInvalid) {
    const auto invalid = [](const std::function<void()>& f, std::initializer_list<std::string> needles) {
        expect_error(f, Errc::invalid_argument, needles);
    };
    invalid([] { w_dag(0, 2); }, {"w_dag", "s must be at least 1"});
    invalid([] { w_dag(3, 1); }, {"w_dag", "d must be at least 2"});
    invalid([] { w_dag(3, 0); }, {"d must be at least 2"});
    invalid([] { m_dag(0, 2); }, {"m_dag", "s must be"});
    invalid([] { m_dag(2, 1); }, {"m_dag", "d must be"});
    invalid([] { n_dag(0); }, {"n_dag"});
    invalid([] { cycle_dag(0); }, {"cycle_dag"});
    invalid([] { cycle_dag(1); }, {"cycle_dag", "at least 2"});
    invalid([] { reduction_mesh(0); }, {"reduction_mesh", "levels"});
    invalid([] { out_mesh(0); }, {"out_mesh", "levels"});
    invalid([] { reduction_tree(0u); }, {"reduction_tree", "height"});
    invalid([] { fft(0); }, {"fft", "d must be"});
    invalid([] { expansion_reduction(0); }, {"expansion_reduction", "depth"});
    invalid([] { random_er(0, 0.5, 1); }, {"random_er", "n must be"});
    invalid([] { random_layered(0, 3, 0.5, 1); }, {"random_layered", "layers"});
    invalid([] { random_layered(3, 0, 0.5, 1); }, {"random_layered", "width"});
    for (double p : {-0.1, 1.5, std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::infinity()}) {
        invalid([p] { random_er(10, p, 1); }, {"p must be in [0, 1]"});
        invalid([p] { random_layered(3, 3, p, 1); }, {"p must be in [0, 1]"});
    }
}

TEST(Limits, HugeMembersAreTooLarge) {
    const auto too_large = [](const std::function<void()>& f, std::initializer_list<std::string> needles) {
        expect_error(f, Errc::too_large, needles);
    };
    const std::uint32_t max32 = std::numeric_limits<std::uint32_t>::max();
    too_large([] { w_dag(100000, 100000); }, {"w_dag(s=100000, d=100000)", "nodes", "limit 2147483647"});
    too_large([=] { w_dag(max32, max32); }, {"nodes"});
    too_large([=] { m_dag(max32, 3); }, {"m_dag"});
    too_large([] { n_dag(1u << 30); }, {"n_dag", "2147483648 nodes"});
    too_large([] { cycle_dag(1u << 30); }, {"cycle_dag"});
    too_large([] { reduction_mesh(65536); }, {"reduction_mesh", "2147516416 nodes"});
    too_large([=] { out_mesh(max32); }, {"out_mesh"});
    too_large([] { reduction_tree(31u); }, {"reduction_tree", "4294967295 nodes"});
    too_large([=] { reduction_tree(max32); }, {"over 2^63"});
    too_large([] { fft(27); }, {"fft(d=27)", "3758096384 nodes"});
    too_large([] { fft(200); }, {"fft"});
    too_large([] { expansion_reduction(30); }, {"expansion_reduction"});
    too_large([=] { random_er(max32, 0.0, 1); }, {"random_er", "nodes"});
    too_large([] { random_er(200000, 0.5, 1); }, {"random_er", "arcs", "limit 4294967296"});
    too_large([] { random_layered(100000, 100000, 0.0, 1); }, {"random_layered", "nodes"});
    too_large([] { random_layered(1000, 10000, 0.5, 1); }, {"random_layered", "arcs"});
    const std::int32_t big = std::numeric_limits<std::int32_t>::max();
    too_large([=] { pbt(std::vector<std::int32_t>{big, -big, big}); }, {"pbt(P[2147483647,1/2147483647,", "nodes"});
}

}  // namespace
}  // namespace ics::families
