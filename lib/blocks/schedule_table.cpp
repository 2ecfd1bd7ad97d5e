// ScheduleTable: see schedule_table.hpp.
#include "blocks/schedule_table.hpp"

#include <algorithm>

#include "blocks/block_detail.hpp"
#include "common/error.hpp"

namespace ics::blocks {

void ScheduleTable::reserve(std::size_t blocks, std::size_t sources) {
    kind_.reserve(blocks);
    flags_.reserve(blocks);
    shape_id_.reserve(blocks);
    order_offsets_.reserve(blocks + 1);
    orders_.reserve(sources);
    profiles_.reserve(sources + blocks);
}

std::uint32_t ScheduleTable::intern(std::string_view shape) {
    auto [it, fresh] = shape_index_.try_emplace(std::string(shape), static_cast<std::uint32_t>(shapes_.size()));
    if (fresh) shapes_.emplace_back(shape);
    return it->second;
}

std::span<NodeId> ScheduleTable::push_common(Kind kind, std::uint8_t flags, std::uint32_t shape_id,
                                             std::size_t sources, std::size_t profile_size) {
    if (profile_size != sources + 1)
        fail(Errc::internal, "block schedule with " + std::to_string(sources) + " sources and a profile of " +
                                 std::to_string(profile_size) + " entries");
    if (orders_.size() + sources > 0xFFFFFFFFu)
        fail(Errc::too_large, "more than 2^32 block sources in one schedule table");
    kind_.push_back(kind);
    flags_.push_back(flags);
    shape_id_.push_back(shape_id);
    const std::size_t at = orders_.size();
    orders_.resize(at + sources);
    order_offsets_.push_back(static_cast<std::uint32_t>(orders_.size()));
    return {orders_.data() + at, sources};
}

void ScheduleTable::push(const BlockSchedule& s) {
    const std::uint8_t flags = (s.proven ? kProven : 0) | (s.ico_exists ? 0 : kNoIco);
    std::copy(s.order.begin(), s.order.end(),
              push_common(s.kind, flags, intern(s.shape), s.order.size(), s.profile.size()).begin());
    profiles_.insert(profiles_.end(), s.profile.begin(), s.profile.end());
}

void ScheduleTable::push_bipartite(Kind kind, bool proven, bool ico_exists, std::span<const NodeId> top_ids,
                                   std::span<const std::uint32_t> order, std::span<const std::uint32_t> profile) {
    const auto n = static_cast<std::uint32_t>(order.size());
    // (Shape ids by N: no name formatted, no string hashed per block.)
    if (bipartite_id_.size() <= n) bipartite_id_.resize(std::size_t{n} + 1, kNoShape);
    if (bipartite_id_[n] == kNoShape) bipartite_id_[n] = intern(detail::bipartite_shape(n));
    const std::uint8_t flags = (proven ? kProven : 0) | (ico_exists ? 0 : kNoIco);
    NodeId* const out = push_common(kind, flags, bipartite_id_[n], n, profile.size()).data();
    for (std::uint32_t i = 0; i < n; ++i) out[i] = top_ids[order[i]];
    profiles_.insert(profiles_.end(), profile.begin(), profile.end());
}

std::span<std::uint32_t> ScheduleTable::push_closed(Kind kind, std::uint32_t a, std::uint32_t b,
                                                    std::span<const NodeId> order) {
    const ClosedKey key{kind, a, b};
    // Consecutive blocks mostly share their shape (one per level or per dag).
    if (!(key == last_closed_)) {
        auto [it, fresh] = closed_index_.try_emplace(key, 0);
        if (fresh) it->second = intern(detail::shape_name({kind, a, b}));
        last_closed_ = key;
        last_closed_id_ = it->second;
    }
    std::copy(order.begin(), order.end(), push_common(kind, kProven, last_closed_id_, order.size(), order.size() + 1).begin());
    const std::size_t at = profiles_.size();
    profiles_.resize(at + order.size() + 1);
    return {profiles_.data() + at, order.size() + 1};
}

void ScheduleTable::push_complete(std::span<const NodeId> sources, std::uint32_t sinks) {
    const detail::ClosedShape shape = detail::complete_shape(static_cast<std::uint32_t>(sources.size()), sinks);
    const auto profile = push_closed(shape.kind, shape.a, shape.b, sources);
    std::fill(profile.begin(), profile.end() - 1, 0);
    profile.back() = sinks;
}

void ScheduleTable::push_complete_blocks(const decompose::Decomposition& d, std::uint32_t first, std::uint32_t last) {
    if (first >= last) return;
    const std::uint32_t* const so = d.source_offsets.data();
    const std::uint32_t* const ko = d.sink_offsets.data();
    const std::size_t count = last - first, sources = so[last] - so[first];
    if (orders_.size() + sources > 0xFFFFFFFFu)
        fail(Errc::too_large, "more than 2^32 block sources in one schedule table");
    const std::size_t k0 = kind_.size(), o0 = orders_.size(), p0 = profiles_.size();
    kind_.resize(k0 + count);
    flags_.resize(k0 + count);
    shape_id_.resize(k0 + count);
    order_offsets_.resize(order_offsets_.size() + count);
    orders_.insert(orders_.end(), d.source_nodes.begin() + so[first], d.source_nodes.begin() + so[last]);
    profiles_.resize(p0 + sources + count);  // zeros: a complete block's profile is 0 until its last source
    // Raw pointers: through the vectors, every one-byte store would reload
    // their data pointers (char stores may alias them).
    Kind* const kind = kind_.data() + k0;
    std::uint8_t* const flags = flags_.data() + k0;
    std::uint32_t* const shape = shape_id_.data() + k0;
    std::uint32_t* const offset = order_offsets_.data() + k0 + 1;
    std::uint32_t* profile = profiles_.data() + p0;
    const auto shift = static_cast<std::uint32_t>(o0 - so[first]);
    for (std::size_t i = 0; i < count; ++i) {
        const std::uint32_t b = first + static_cast<std::uint32_t>(i);
        const std::uint32_t s = so[b + 1] - so[b], t = ko[b + 1] - ko[b];
        const detail::ClosedShape cs = detail::complete_shape(s, t);
        const ClosedKey key{cs.kind, cs.a, cs.b};
        if (!(key == last_closed_)) {
            auto [it, fresh] = closed_index_.try_emplace(key, 0);
            if (fresh) it->second = intern(detail::shape_name(cs));
            last_closed_ = key;
            last_closed_id_ = it->second;
        }
        kind[i] = cs.kind;
        flags[i] = kProven;
        shape[i] = last_closed_id_;
        offset[i] = so[b + 1] + shift;
        profile += s;
        *profile++ = t;
    }
}

BlockSchedule ScheduleTable::get(std::uint32_t b) const {
    BlockSchedule out;
    out.kind = kind(b);
    out.proven = proven(b);
    out.ico_exists = ico_exists(b);
    out.shape = shape(b);
    const auto o = order(b);
    out.order.assign(o.begin(), o.end());
    const auto p = profile(b);
    out.profile.assign(p.begin(), p.end());
    return out;
}

}  // namespace ics::blocks
