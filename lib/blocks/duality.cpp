// Dual dags and dual schedules (clustering.txt §2.2.2, Theorem 2.3; slides
// "Scheduling-Based Duality": the dual schedule executes the packets
// P_n, ..., P_1 of nonsources rendered ELIGIBLE by Σ's nonsinks u_1..u_n).
#include "blocks/duality.hpp"

#include <algorithm>

#include "blocks/block_detail.hpp"

namespace ics::blocks {

Dag dual(const Dag& g) {
    DagBuilder b(g.names());  // same nodes, same ids
    b.reserve(g.node_count(), g.arc_count());
    for (NodeId u = 0; u < g.node_count(); ++u)
        for (NodeId v : g.children(u)) b.add_arc(v, u);
    return std::move(b).build();
}

std::vector<NodeId> dual_schedule(const Dag& g, std::span<const NodeId> order) {
    const NodeId n = g.node_count();
    std::vector<std::uint32_t> missing(n);
    for (NodeId v = 0; v < n; ++v) missing[v] = g.in_degree(v);
    std::vector<std::uint8_t> done(n, 0);
    // Packets in a CSR: packet i holds the nodes completed by the i-th nonsink.
    std::vector<NodeId> packet_nodes;
    std::vector<std::size_t> packet_end;
    std::size_t nonsinks = 0;
    for (std::size_t i = 0; i < order.size(); ++i) {
        const NodeId u = order[i];
        if (!g.valid(u)) fail(Errc::invalid_order, "order entry " + std::to_string(i) + " is not a node id");
        if (done[u]) fail(Errc::invalid_order, "order runs '" + std::string(g.name(u)) + "' twice");
        if (missing[u] != 0)
            fail(Errc::invalid_order, "order runs '" + std::string(g.name(u)) + "' before all of its parents");
        done[u] = 1;
        if (g.is_sink(u)) continue;
        ++nonsinks;
        const std::size_t begin = packet_nodes.size();
        for (NodeId c : g.children(u))
            if (--missing[c] == 0) packet_nodes.push_back(c);
        std::sort(packet_nodes.begin() + static_cast<std::ptrdiff_t>(begin), packet_nodes.end());
        packet_end.push_back(packet_nodes.size());
    }
    std::size_t want = 0;
    for (NodeId v = 0; v < n; ++v) want += !g.is_sink(v);
    if (nonsinks != want)
        fail(Errc::invalid_order, "order runs " + std::to_string(nonsinks) + " of the " + std::to_string(want) +
                                      " nonsinks; a dual schedule needs them all");
    std::vector<NodeId> out;
    out.reserve(n);
    for (std::size_t i = packet_end.size(); i-- > 0;) {
        const std::size_t begin = i == 0 ? 0 : packet_end[i - 1];
        out.insert(out.end(), packet_nodes.begin() + static_cast<std::ptrdiff_t>(begin),
                   packet_nodes.begin() + static_cast<std::ptrdiff_t>(packet_end[i]));
    }
    for (NodeId v = 0; v < n; ++v)
        if (g.is_source(v)) out.push_back(v);
    return out;
}

namespace detail {

std::vector<std::uint32_t> dual_local_order(const BlockView& v, std::span<const std::uint32_t> top_order) {
    std::vector<std::uint32_t> missing(v.bottoms());
    for (std::uint32_t b = 0; b < v.bottoms(); ++b) missing[b] = v.in_degree(b);
    std::vector<std::uint32_t> packets;  // packets in execution order, each sorted by global id
    std::vector<std::uint32_t> ends;
    packets.reserve(v.bottoms());
    ends.reserve(top_order.size());
    const auto by_id = [&](std::uint32_t a, std::uint32_t b) { return v.bottom_ids[a] < v.bottom_ids[b]; };
    for (std::uint32_t t : top_order) {
        const std::size_t begin = packets.size();
        for (std::uint32_t b : v.down(t))
            if (--missing[b] == 0) packets.push_back(b);
        std::sort(packets.begin() + static_cast<std::ptrdiff_t>(begin), packets.end(), by_id);
        ends.push_back(static_cast<std::uint32_t>(packets.size()));
    }
    std::vector<std::uint32_t> out;
    out.reserve(v.bottoms());
    for (std::size_t i = ends.size(); i-- > 0;) {
        const std::uint32_t begin = i == 0 ? 0 : ends[i - 1];
        out.insert(out.end(), packets.begin() + begin, packets.begin() + ends[i]);
    }
    // Bottoms no top completes go last: those without tops (a childless
    // source seen from the dual) and, when top_order misses tops, the rest.
    if (out.size() < v.bottoms()) {
        std::vector<std::uint32_t> rest;
        for (std::uint32_t b = 0; b < v.bottoms(); ++b)
            if (missing[b] != 0 || v.in_degree(b) == 0) rest.push_back(b);
        std::sort(rest.begin(), rest.end(), by_id);
        out.insert(out.end(), rest.begin(), rest.end());
    }
    return out;
}

}  // namespace detail

}  // namespace ics::blocks
