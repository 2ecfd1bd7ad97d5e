// The schedules of all blocks of a decomposition, stored flat: a complete
// reduction-tree has a million blocks, and one order vector, one profile
// vector and one shape string per block cost more than scheduling them.
// Shapes are interned (a tree's blocks all read "M(1,2)").
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "blocks/block_schedule.hpp"
#include "dag/big_vector.hpp"
#include "decompose/decomposition.hpp"

namespace ics::blocks {

class ScheduleTable {
public:
    std::uint32_t size() const noexcept { return static_cast<std::uint32_t>(kind_.size()); }

    Kind kind(std::uint32_t b) const noexcept { return kind_[b]; }
    bool proven(std::uint32_t b) const noexcept { return (flags_[b] & kProven) != 0; }
    bool ico_exists(std::uint32_t b) const noexcept { return (flags_[b] & kNoIco) == 0; }
    // Interned: equal shapes have equal ids, and the strings live as long as the table.
    std::uint32_t shape_id(std::uint32_t b) const noexcept { return shape_id_[b]; }
    const std::string& shape(std::uint32_t b) const noexcept { return shapes_[shape_id_[b]]; }
    std::uint32_t shape_count() const noexcept { return static_cast<std::uint32_t>(shapes_.size()); }
    const std::string& shape_name(std::uint32_t id) const noexcept { return shapes_[id]; }
    // The block's sources in execution order (writable: the memory objective
    // reorders them, keeping the profile).
    std::span<const NodeId> order(std::uint32_t b) const noexcept {
        return {orders_.data() + order_offsets_[b], orders_.data() + order_offsets_[b + 1]};
    }
    std::span<NodeId> order(std::uint32_t b) noexcept {
        return {orders_.data() + order_offsets_[b], orders_.data() + order_offsets_[b + 1]};
    }
    // profile(b)[x] = block sinks eligible after the first x sources of order(b).
    std::span<const std::uint32_t> profile(std::uint32_t b) const noexcept {
        return {profiles_.data() + order_offsets_[b] + b, profiles_.data() + order_offsets_[b + 1] + b + 1};
    }
    // A copy of block b's entry (tests and callers that want the value type).
    BlockSchedule get(std::uint32_t b) const;

    void reserve(std::size_t blocks, std::size_t sources);
    void push(const BlockSchedule& s);
    // A complete bipartite block (every source feeds every one of its
    // `sinks` sinks): any order is IC-optimal, the profile is 0 until the
    // last source, then all sinks.
    void push_complete(std::span<const NodeId> sources, std::uint32_t sinks);
    // Blocks first .. last - 1 of `d`, all complete (BlockForm::complete),
    // each as push_complete would append it; their sources, consecutive in
    // d.source_nodes, are copied at once (a tree's million blocks, an FFT's
    // butterflies: no per-block append to six arrays).
    void push_complete_blocks(const decompose::Decomposition& d, std::uint32_t first, std::uint32_t last);
    // A proven block of a closed-form family, named by kind and two numbers
    // as recognize.cpp names it ("W(a,b)", "M(a,b)", "Q(a,b)", "C(a)",
    // "trivial(b)"), formatted once per distinct name; `order` is its
    // schedule. Returns its profile (order.size() + 1 entries) to fill.
    std::span<std::uint32_t> push_closed(Kind kind, std::uint32_t a, std::uint32_t b, std::span<const NodeId> order);

    // A block scheduled by search or greedy (named "bipartite(N sources)",
    // N = order.size()), as push would append it: its sources `top_ids` run
    // in `order` (local indices), `profile` has order.size() + 1 entries.
    // No BlockSchedule, no shape string per block (sums of 50,000 small
    // blocks searched).
    void push_bipartite(Kind kind, bool proven, bool ico_exists, std::span<const NodeId> top_ids,
                        std::span<const std::uint32_t> order, std::span<const std::uint32_t> profile);

private:
    static constexpr std::uint8_t kProven = 1, kNoIco = 2;
    std::uint32_t intern(std::string_view shape);
    // Appends a block's entries but its order, which goes in the span
    // returned, and its profile (checked to have sources + 1 entries).
    std::span<NodeId> push_common(Kind kind, std::uint8_t flags, std::uint32_t shape_id, std::size_t sources,
                                  std::size_t profile_size);

    std::vector<Kind> kind_;
    std::vector<std::uint8_t> flags_;
    std::vector<std::uint32_t> shape_id_;
    std::vector<std::string> shapes_;
    std::unordered_map<std::string, std::uint32_t> shape_index_;
    // Closed-form shape ids by (kind, a, b): no name formatted per block.
    struct ClosedKey {
        Kind kind;
        std::uint32_t a, b;
        bool operator==(const ClosedKey&) const = default;
    };
    struct ClosedHash {
        std::size_t operator()(const ClosedKey& k) const noexcept {
            return std::hash<std::uint64_t>{}((std::uint64_t{k.a} << 32 | k.b) * 31 + static_cast<std::uint64_t>(k.kind));
        }
    };
    std::unordered_map<ClosedKey, std::uint32_t, ClosedHash> closed_index_;
    ClosedKey last_closed_{Kind::greedy, 0, 0};
    std::vector<std::uint32_t> bipartite_id_;  // shape id of "bipartite(N sources)" by N, or kNoShape
    static constexpr std::uint32_t kNoShape = 0xFFFFFFFFu;
    std::uint32_t last_closed_id_ = 0;
    BigVector<std::uint32_t> order_offsets_{0};
    BigVector<NodeId> orders_;
    BigVector<std::uint32_t> profiles_;  // block b's at order_offsets_[b] + b, length sources + 1
};

// Schedules the block whose sources are `sources` (see schedule_block) and
// appends it to `table`; complete bipartite blocks take a path that builds
// nothing per block.
void schedule_block_into(ScheduleTable& table, const Dag& skeleton, std::span<const NodeId> sources,
                         const BlockOptions& options = {});

// The same entry for a block of a decomposition whose search gave its form
// (decompose::Decomposition::forms; `sinks` its sinks in increasing id): a
// complete block is appended at once, a W or M chain the search verified
// in increasing id (w_chain, m_chain) is written from the sorted lists
// without reading an arc, a W- or M-like one only walks its chain, and the
// others skip the chain recognisers (which would refuse them); a walk that
// fails takes the path above.
void schedule_block_into(ScheduleTable& table, const Dag& skeleton, std::span<const NodeId> sources,
                         std::span<const NodeId> sinks, decompose::BlockForm form, const BlockOptions& options = {});

}  // namespace ics::blocks
