// Eligibility profile of an order of a block's sources (sweep-algorithm.txt
// §2: E_Σ(x) = ELIGIBLE nonsources after x nonsinks executed; in a bipartite
// block the nonsinks are the sources and the nonsources the sinks).
#include "blocks/block_detail.hpp"

namespace ics::blocks {

namespace detail {

std::vector<std::uint32_t> local_profile(const BlockView& v, std::span<const std::uint32_t> top_order) {
    std::vector<std::uint32_t> missing(v.bottoms());
    for (std::uint32_t b = 0; b < v.bottoms(); ++b) missing[b] = v.in_degree(b);
    std::vector<std::uint32_t> profile(top_order.size() + 1, 0);
    std::uint32_t done = 0;
    for (std::size_t x = 0; x < top_order.size(); ++x) {
        for (std::uint32_t b : v.down(top_order[x]))
            if (--missing[b] == 0) ++done;
        profile[x + 1] = done;
    }
    return profile;
}

}  // namespace detail

std::vector<std::uint32_t> block_profile(const Dag& skeleton, std::span<const NodeId> order) {
    const detail::LocalBlock b = detail::make_local_block(skeleton, order);
    std::vector<std::uint32_t> identity(b.sources.size());
    for (std::uint32_t i = 0; i < identity.size(); ++i) identity[i] = i;
    return detail::local_profile(b.view(), identity);
}

}  // namespace ics::blocks
