// Copies a block (its sources, their children and the arcs between them) into
// dense local indices with CSR adjacency in both directions.
#include <algorithm>
#include <utility>

#include "blocks/block_detail.hpp"

namespace ics::blocks::detail {

namespace {

std::string node_text(const Dag& g, NodeId v) { return "'" + std::string(g.name(v)) + "'"; }

// Position of `x` in the sorted range, which must contain it.
std::uint32_t index_in(std::span<const NodeId> sorted, NodeId x) {
    if (sorted.size() <= 8) {
        std::uint32_t i = 0;
        while (sorted[i] != x) ++i;
        return i;
    }
    return static_cast<std::uint32_t>(std::lower_bound(sorted.begin(), sorted.end(), x) - sorted.begin());
}

}  // namespace

LocalBlock make_local_block(const Dag& skeleton, std::span<const NodeId> sources) {
    LocalBlock b;
    fill_local_block(b, skeleton, sources);
    return b;
}

void fill_local_block(LocalBlock& b, const Dag& skeleton, std::span<const NodeId> sources) {
    if (sources.empty()) fail(Errc::invalid_argument, "block has no sources");
    b.sources.assign(sources.begin(), sources.end());
    b.sinks.clear();
    const auto n = static_cast<std::uint32_t>(sources.size());
    std::uint64_t arcs = 0;
    for (NodeId s : sources) {
        if (!skeleton.valid(s)) fail(Errc::invalid_argument, "block source id " + std::to_string(s) + " is not a node");
        arcs += skeleton.out_degree(s);
    }
    if (arcs > 0xFFFFFFFFull) fail(Errc::too_large, "block has more than 2^32-1 arcs");
    // Sources come sorted from the decomposition; others are sorted in a copy.
    std::vector<NodeId> sorted_copy;
    std::span<const NodeId> sorted_sources = sources;
    if (!std::is_sorted(sources.begin(), sources.end())) {
        sorted_copy.assign(sources.begin(), sources.end());
        std::sort(sorted_copy.begin(), sorted_copy.end());
        sorted_sources = sorted_copy;
    }
    for (std::uint32_t i = 1; i < n; ++i)
        if (sorted_sources[i] == sorted_sources[i - 1])
            fail(Errc::invalid_argument, "block lists source " + node_text(skeleton, sorted_sources[i]) + " twice");

    // Sinks in increasing id, and each child's local index: through a dense
    // table over [min, max] when the ids are close (blocks of generated and
    // most real dags), by sorting and binary search otherwise.
    NodeId lo = kNoNode, hi = 0;
    for (NodeId s : sources)
        for (NodeId c : skeleton.children(s)) {
            lo = std::min(lo, c);
            hi = std::max(hi, c);
        }
    // (Small blocks, e.g. 50,000 blocks of 10 sources: the table on the
    // stack and the sinks reserved once, not grown by doubling.)
    constexpr std::size_t kOnStack = 256;
    std::uint32_t local_small[kOnStack];
    std::vector<std::uint32_t> local_big;
    std::uint32_t* local = local_small;  // dense: local index of child lo + k, or kNoNode
    const bool dense = arcs > 0 && std::uint64_t{hi - lo} < 4 * arcs + 64;
    if (dense) {
        const std::size_t span = std::size_t{hi - lo} + 1;
        if (span > kOnStack) {
            local_big.resize(span);
            local = local_big.data();
        }
        std::fill(local, local + span, kNoNode);
        std::size_t count = 0;
        for (NodeId s : sources)
            for (NodeId c : skeleton.children(s)) {
                count += local[c - lo] != 0;
                local[c - lo] = 0;
            }
        b.sinks.resize(count);
        std::uint32_t next = 0;
        for (std::size_t k = 0; k < span; ++k)
            if (local[k] == 0) {
                b.sinks[next] = lo + static_cast<NodeId>(k);
                local[k] = next++;
            }
    } else {
        b.sinks.reserve(arcs);
        for (NodeId s : sources)
            for (NodeId c : skeleton.children(s)) b.sinks.push_back(c);
        std::sort(b.sinks.begin(), b.sinks.end());
        b.sinks.erase(std::unique(b.sinks.begin(), b.sinks.end()), b.sinks.end());
    }
    // Bipartite: no sink is also a source (merge of two sorted lists).
    for (std::size_t i = 0, j = 0; i < sorted_sources.size() && j < b.sinks.size();) {
        if (sorted_sources[i] == b.sinks[j])
            fail(Errc::invalid_argument, "block is not bipartite: " + node_text(skeleton, b.sinks[j]) +
                                             " is one of its sources and a child of another");
        sorted_sources[i] < b.sinks[j] ? ++i : ++j;
    }
    const auto m = static_cast<std::uint32_t>(b.sinks.size());

    // Raw pointers below: through the vectors, every store forces a reload of
    // their data pointers (they may alias), which doubled this loop's cost.
    b.down_offsets.resize(static_cast<std::size_t>(n) + 1);
    b.down_targets.resize(arcs);
    // Sink j's in-degree is counted at up_off[j + 2]: after the prefix sums
    // up_off[j + 1] is row j's start, the cursor that the fill moves to its
    // end, which is the offset wanted there (no copy of the offsets); the
    // extra last entry is dropped.
    b.up_offsets.assign(static_cast<std::size_t>(m) + 2, 0);
    std::uint32_t* const down_off = b.down_offsets.data();
    std::uint32_t* const down = b.down_targets.data();
    std::uint32_t* const up_off = b.up_offsets.data();
    std::uint32_t k = 0;
    down_off[0] = 0;
    for (std::uint32_t i = 0; i < n; ++i) {
        for (NodeId c : skeleton.children(sources[i])) {  // children rows are sorted: so are the targets
            const std::uint32_t j = dense ? local[c - lo] : index_in(b.sinks, c);
            down[k++] = j;
            ++up_off[j + 2];
        }
        down_off[i + 1] = k;
    }
    for (std::uint32_t j = 1; j <= m; ++j) up_off[j + 1] += up_off[j];
    b.up_targets.resize(arcs);
    std::uint32_t* const up = b.up_targets.data();
    for (std::uint32_t i = 0; i < n; ++i)  // tops in increasing local index: rows come out sorted
        for (std::uint32_t a = down_off[i]; a < down_off[i + 1]; ++a) up[up_off[down[a] + 1]++] = i;
    b.up_offsets.pop_back();
}

std::vector<NodeId> to_global(const BlockView& v, std::span<const std::uint32_t> top_order) {
    std::vector<NodeId> out;
    to_global(v, top_order, out);
    return out;
}

void to_global(const BlockView& v, std::span<const std::uint32_t> top_order, std::vector<NodeId>& out) {
    // (In place when top_order is out: entry i is read before it is written.)
    if (top_order.data() != out.data()) out.resize(top_order.size());
    for (std::size_t i = 0; i < top_order.size(); ++i) out[i] = v.top_ids[top_order[i]];
}

void set_proven(BlockSchedule& out, const BlockView& v, Kind kind, std::string shape,
                std::span<const std::uint32_t> top_order) {
    out.kind = kind;
    out.proven = true;
    out.ico_exists = true;
    out.shape = std::move(shape);
    to_global(v, top_order, out.order);
}

}  // namespace ics::blocks::detail
