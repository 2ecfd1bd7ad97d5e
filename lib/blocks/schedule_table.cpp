// ScheduleTable: see schedule_table.hpp.
#include "blocks/schedule_table.hpp"

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

void ScheduleTable::push_common(Kind kind, std::uint8_t flags, std::uint32_t shape_id, std::span<const NodeId> order) {
    if (orders_.size() + order.size() > 0xFFFFFFFFu)
        fail(Errc::too_large, "more than 2^32 block sources in one schedule table");
    kind_.push_back(kind);
    flags_.push_back(flags);
    shape_id_.push_back(shape_id);
    orders_.insert(orders_.end(), order.begin(), order.end());
    order_offsets_.push_back(static_cast<std::uint32_t>(orders_.size()));
}

void ScheduleTable::push(const BlockSchedule& s) {
    if (s.profile.size() != s.order.size() + 1)
        fail(Errc::internal, "block schedule with " + std::to_string(s.order.size()) + " sources and a profile of " +
                                 std::to_string(s.profile.size()) + " entries");
    const std::uint8_t flags = (s.proven ? kProven : 0) | (s.ico_exists ? 0 : kNoIco);
    push_common(s.kind, flags, intern(s.shape), s.order);
    profiles_.insert(profiles_.end(), s.profile.begin(), s.profile.end());
}

void ScheduleTable::push_complete(std::span<const NodeId> sources, std::uint32_t sinks) {
    const auto s = static_cast<std::uint32_t>(sources.size());
    const std::uint64_t key = (std::uint64_t{s} << 32) | sinks;
    // Consecutive blocks mostly share their shape (one per level or per dag).
    if (key != last_complete_key_) {
        auto [it, fresh] = complete_index_.try_emplace(key, 0);
        if (fresh) it->second = intern(detail::complete_shape(s, sinks));
        last_complete_key_ = key;
        last_complete_id_ = it->second;
    }
    push_common(detail::complete_kind(s, sinks), kProven, last_complete_id_, sources);
    profiles_.insert(profiles_.end(), s, 0);
    profiles_.push_back(sinks);
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
