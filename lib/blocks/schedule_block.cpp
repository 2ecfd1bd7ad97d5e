// schedule_block: the closed forms first (cheap, and they cover the common
// blocks: butterflies, W/M chains of meshes and trees), then the PBT greedy,
// then exhaustive search on the block or on its dual, then the greedy order.
#include <algorithm>
#include <utility>

#include "blocks/block_detail.hpp"
#include "blocks/schedule_table.hpp"

namespace ics::blocks {

namespace {

constexpr std::uint32_t kExactCap = 30;

// `profile`: the order's profile when the caller counted it (taken), else
// local_profile's.
BlockSchedule from_order(const detail::BlockView& v, Kind kind, bool proven, bool ico_exists,
                         const std::vector<std::uint32_t>& order, std::vector<std::uint32_t>* profile = nullptr) {
    BlockSchedule out;
    out.kind = kind;
    out.proven = proven;
    out.ico_exists = ico_exists;
    out.shape = detail::bipartite_shape(v.tops());
    out.order = detail::to_global(v, order);
    out.profile = profile ? std::move(*profile) : detail::local_profile(v, order);
    return out;
}

BlockSchedule exact_schedule(const detail::BlockView& v) {
    detail::ExactResult r = detail::exact_search(v);  // (with the order's profile)
    return from_order(v, Kind::exact, r.ico, r.ico, r.order, &r.profile);
}

BlockSchedule greedy_schedule(const detail::BlockView& v) {
    // (The profile comes from the greedy's own count of completed sinks.)
    std::vector<std::uint32_t> profile;
    const std::vector<std::uint32_t> order = detail::greedy_order(v, {}, &profile);
    return from_order(v, Kind::greedy, false, true, order, &profile);
}

// Exhaustive search on the dual block (few sinks), then the dual schedule.
// By Theorem 2.3(a) the dual of an ICO order of the dual block is ICO here,
// and if the dual block has none, neither has this one (apply the theorem to
// the dual); the better of the dualized best-effort and the greedy order is
// kept then.
BlockSchedule dual_exact_schedule(const detail::BlockView& v) {
    const detail::BlockView w = v.dual();
    const detail::ExactResult r = detail::exact_search(w);
    BlockSchedule out = from_order(v, Kind::dual, r.ico, r.ico, detail::dual_local_order(w, r.order));
    if (!r.ico) {
        BlockSchedule g = greedy_schedule(v);
        if (g.profile > out.profile) out = std::move(g);
        out.ico_exists = false;
    }
    return out;
}

}  // namespace

const char* kind_name(Kind k) noexcept {
    switch (k) {
        case Kind::trivial: return "trivial";
        case Kind::w_dag: return "w_dag";
        case Kind::m_dag: return "m_dag";
        case Kind::n_dag: return "n_dag";
        case Kind::cycle_dag: return "cycle_dag";
        case Kind::q_dag: return "q_dag";
        case Kind::pbt: return "pbt";
        case Kind::exact: return "exact";
        case Kind::dual: return "dual";
        case Kind::greedy: return "greedy";
        case Kind::product: return "product";
    }
    return "unknown";
}

namespace {

// M_{s,d}'s profile (m_dag.cpp): E(0) = 0, E(x) = floor((x-1)/(d-1)),
// written as runs of d - 1 equal values (a division per entry was 4% of the
// reduction-mesh's schedule).
void fill_m_profile(std::span<std::uint32_t> profile, std::uint32_t d) {
    profile[0] = 0;
    std::uint32_t q = 0, left = d - 1;
    for (std::size_t x = 1; x < profile.size(); ++x) {
        profile[x] = q;
        if (--left == 0) {
            ++q;
            left = d - 1;
        }
    }
}

bool schedule_complete(const Dag& g, std::span<const NodeId> sources, BlockSchedule& out) {
    const std::uint32_t t = detail::complete_block_sinks(g, sources);
    if (t == 0) return false;
    const auto s = static_cast<std::uint32_t>(sources.size());
    out.proven = true;
    out.ico_exists = true;
    const detail::ClosedShape shape = detail::complete_shape(s, t);
    out.kind = shape.kind;
    out.shape = detail::shape_name(shape);
    out.order.assign(sources.begin(), sources.end());
    out.profile.assign(static_cast<std::size_t>(s) + 1, 0);
    out.profile[s] = t;
    return true;
}

}  // namespace

namespace detail {

// Complete bipartite blocks (every source feeds every sink) are the flood in
// trees (M(1,2) per internal node) and FFTs (the C(2) butterflies): every
// order is IC-optimal, so they skip building a local block.
std::uint32_t complete_block_sinks(const Dag& g, std::span<const NodeId> sources) {
    if (sources.empty() || sources.back() >= g.node_count()) return 0;
    for (std::size_t i = 1; i < sources.size(); ++i)
        if (sources[i - 1] >= sources[i]) return 0;
    const std::span<const NodeId> first = g.children(sources[0]);
    for (NodeId u : sources.subspan(1)) {
        // Same children: rows are sorted, so compare them.
        const auto kids = g.children(u);
        if (kids.size() != first.size()) return 0;
        // A loop, not std::equal: that calls memcmp, slow for rows of 2.
        for (std::size_t i = 0; i < kids.size(); ++i)
            if (kids[i] != first[i]) return 0;
    }
    return static_cast<std::uint32_t>(first.size());
}

}  // namespace detail

namespace {

// schedule_block's local copy, reused across calls on a thread (sums of
// 50,000 small blocks: six allocations fewer per block). Out of line: the
// thread-local's address is looked up once per call.
[[gnu::noinline]] detail::LocalBlock& local_scratch() {
    thread_local detail::LocalBlock b;
    return b;
}

// A large block's arrays are not kept past the call.
struct TrimLocal {
    detail::LocalBlock& b;
    ~TrimLocal() {
        constexpr std::size_t kKeep = std::size_t{1} << 16;
        if (b.down_targets.capacity() > kKeep || b.sources.capacity() > kKeep || b.sinks.capacity() > kKeep)
            b = detail::LocalBlock{};
    }
};

// The BlockSchedule a block's recognisers fill before the table copies it:
// one per thread, reset per block, its vectors' buffers kept (issue 18: a
// fresh one per N block of Laplace 10^6 was two allocations per block).
[[gnu::noinline]] BlockSchedule& schedule_scratch() {
    thread_local BlockSchedule s;
    s.kind = Kind::greedy;
    s.proven = false;
    s.ico_exists = true;
    s.shape.clear();
    s.order.clear();
    s.profile.clear();
    return s;
}

// Nor a large block's schedule.
struct TrimSchedule {
    BlockSchedule& s;
    ~TrimSchedule() {
        constexpr std::size_t kKeep = std::size_t{1} << 16;
        if (s.order.capacity() > kKeep || s.profile.capacity() > kKeep) s = BlockSchedule{};
    }
};

// schedule_block past its complete test: the block's local copy, then
// the closed forms, the PBT greedy, the searches, the greedy order, into
// `out`; with a `table`, a block the search schedules is appended to it
// directly instead (no BlockSchedule: sums of 50,000 small random blocks),
// and the result is true.
bool schedule_local(const Dag& skeleton, std::span<const NodeId> sources, const BlockOptions& options,
                    BlockSchedule& out, ScheduleTable* table) {
    detail::LocalBlock& b = local_scratch();
    const TrimLocal trim{b};
    detail::fill_local_block(b, skeleton, sources);
    const detail::BlockView v = b.view();
    if (detail::recognize_closed_form(v, out) || detail::schedule_pbt(v, out, options.pbt_max_work)) return false;
    const std::uint32_t limit = std::min(options.exact_max_sources, kExactCap);
    if (v.tops() <= limit && table) {
        const detail::ExactResult r = detail::exact_search(v);
        table->push_bipartite(Kind::exact, r.ico, r.ico, v.top_ids, r.order, r.profile);
        return true;
    }
    if (v.tops() <= limit)
        out = exact_schedule(v);
    else if (v.bottoms() <= limit)
        out = dual_exact_schedule(v);
    else
        out = greedy_schedule(v);
    return false;
}

// schedule_local into the table, through the scratch schedule.
void schedule_local_into(ScheduleTable& table, const Dag& skeleton, std::span<const NodeId> sources,
                         const BlockOptions& options) {
    BlockSchedule& out = schedule_scratch();
    const TrimSchedule trim{out};
    if (!schedule_local(skeleton, sources, options, out, &table)) table.push(out);
}

bool search_from_rows_on = true;
bool n_from_rows_on = true;

// A decomposition's block of form `other` with 2..12 sources and at most 64
// sinks whose counts rule out the closed forms and the PBT
// (beyond_closed_forms): searched straight from the dag's rows into the
// table (exact_search_masks), without its local copy, the recognisers or a
// vector per block (sums of 50,000 random 10x10 blocks: the local copy was
// ~25% of the blocks stage). The sinks are sorted, so a child's place among
// them is the local index the copy gives it. Anything else (unsorted
// sources, a child not among the sinks, a sink that is also a source, a sink
// no source feeds) returns false, appending nothing, for the usual path.
bool search_from_rows(ScheduleTable& table, const Dag& g, std::span<const NodeId> sources,
                      std::span<const NodeId> sinks, const BlockOptions& options) {
    const std::size_t n = sources.size(), t = sinks.size();
    const std::uint32_t limit = std::min({options.exact_max_sources, kExactCap, detail::kMaskSearchTops});
    if (!search_from_rows_on || n < 2 || n > limit || t == 0 || t > 64) return false;
    std::uint64_t arcs = 0;
    for (std::size_t i = 0; i < n; ++i) {
        if (sources[i] >= g.node_count() || (i > 0 && sources[i - 1] >= sources[i])) return false;
        arcs += g.out_degree(sources[i]);
    }
    if (!detail::beyond_closed_forms(n, t, arcs)) return false;
    for (std::size_t i = 0, j = 0; i < n && j < t;) {  // bipartite: no sink is a source
        if (sources[i] == sinks[j]) return false;
        sources[i] < sinks[j] ? ++i : ++j;
    }
    // A child's place among the sinks: a byte table over [first, last]
    // sink when they are close (generated dags), else a binary search.
    constexpr std::size_t kTable = 512;
    const NodeId lo = sinks.front();
    const std::uint64_t span = std::uint64_t{sinks.back()} - lo + 1;
    std::uint8_t place[kTable];
    const bool table_ok = span <= kTable;
    if (table_ok) {
        std::fill(place, place + span, std::uint8_t{0xFF});
        for (std::size_t j = 0; j < t; ++j) place[sinks[j] - lo] = static_cast<std::uint8_t>(j);
    }
    std::uint64_t kids[detail::kMaskSearchTops] = {};
    for (std::size_t i = 0; i < n; ++i)
        for (NodeId c : g.children(sources[i])) {
            std::size_t j = 0;
            if (table_ok) {
                if (c < lo || c - lo >= span || place[c - lo] == 0xFF) return false;
                j = place[c - lo];
            } else {
                j = static_cast<std::size_t>(std::lower_bound(sinks.begin(), sinks.end(), c) - sinks.begin());
                if (j == t || sinks[j] != c) return false;
            }
            kids[i] |= std::uint64_t{1} << j;
        }
    std::uint64_t all = 0;  // every sink a child (else the local copy has fewer bottoms)
    for (std::size_t i = 0; i < n; ++i) all |= kids[i];
    if (all != (t == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << t) - 1)) return false;
    std::uint32_t order[detail::kMaskSearchTops], profile[detail::kMaskSearchTops + 1];
    const bool ico = detail::exact_search_masks({kids, n}, static_cast<std::uint32_t>(t), order, profile);
    table.push_bipartite(Kind::exact, ico, ico, sources, {order, n}, {profile, n + 1});
    return true;
}

}  // namespace

namespace detail {
bool set_search_from_rows(bool on) noexcept { return std::exchange(search_from_rows_on, on); }
bool set_n_from_rows(bool on) noexcept { return std::exchange(n_from_rows_on, on); }
}  // namespace detail

void schedule_block_into(ScheduleTable& table, const Dag& skeleton, std::span<const NodeId> sources,
                         const BlockOptions& options) {
    if (const std::uint32_t t = detail::complete_block_sinks(skeleton, sources); t > 0) {
        table.push_complete(sources, t);
        return;
    }
    // W and M chains (meshes, wavefronts) straight from the skeleton, with
    // the closed-form profiles of w_dag.cpp and m_dag.cpp.
    std::vector<NodeId> order;
    std::uint32_t s = 0, d = 0;
    if (detail::w_chain_in(skeleton, sources, order, d)) {
        const auto n = static_cast<std::uint32_t>(order.size());
        const auto profile = table.push_closed(Kind::w_dag, n, d, order);
        detail::fill_w_profile(profile, d);
        return;
    }
    if (detail::m_order_in(skeleton, sources, order, s, d)) {
        const auto profile = table.push_closed(Kind::m_dag, s, d, order);
        fill_m_profile(profile, d);
        return;
    }
    schedule_local_into(table, skeleton, sources, options);
}

void schedule_block_into(ScheduleTable& table, const Dag& skeleton, std::span<const NodeId> sources,
                         std::span<const NodeId> sinks, decompose::BlockForm form, const BlockOptions& options) {
    using decompose::BlockForm;
    switch (form) {
        case BlockForm::complete: table.push_complete(sources, static_cast<std::uint32_t>(sinks.size())); return;
        case BlockForm::w_like: {
            std::vector<NodeId> chain;
            if (!detail::w_chain_of_form(skeleton, sources, chain)) break;
            const auto n = static_cast<std::uint32_t>(chain.size()), d = skeleton.out_degree(sources[0]);
            const auto profile = table.push_closed(Kind::w_dag, n, d, chain);
            detail::fill_w_profile(profile, d);
            return;
        }
        case BlockForm::m_like: {
            std::vector<NodeId> order;
            if (!detail::m_order_of_form(skeleton, sources, sinks, order)) break;
            const auto s = static_cast<std::uint32_t>(sinks.size()), d = skeleton.in_degree(sinks[0]);
            const auto profile = table.push_closed(Kind::m_dag, s, d, order);
            fill_m_profile(profile, d);
            return;
        }
        case BlockForm::w_chain: {  // the chain is the sources (decomposition.hpp): no arc read
            const auto n = static_cast<std::uint32_t>(sources.size());
            const auto d = static_cast<std::uint32_t>((sinks.size() - 1) / n + 1);  // sinks = n(d-1)+1
            const auto profile = table.push_closed(Kind::w_dag, n, d, sources);
            detail::fill_w_profile(profile, d);
            return;
        }
        case BlockForm::m_chain: {
            // Sink i's parents are sources i(d-1) .. i(d-1)+d-1; its packet
            // (m_order_ascending) all but the last, which it shares with
            // sink i + 1; the last sink's packet is all d. Packets run last
            // sink first.
            const auto s = static_cast<std::uint32_t>(sinks.size()), n = static_cast<std::uint32_t>(sources.size());
            const std::uint32_t d = (n - 1) / s + 1;  // n = s(d-1)+1
            const auto profile = table.push_closed(Kind::m_dag, s, d, sources);
            const auto order = table.order(table.size() - 1);
            std::size_t pos = 0;
            for (std::uint32_t i = s; i-- > 0;) {
                const std::size_t first = std::size_t{i} * (d - 1), last = first + (i + 1 == s ? d : d - 1);
                for (std::size_t x = first; x < last; ++x) order[pos++] = sources[x];
            }
            fill_m_profile(profile, d);
            return;
        }
        case BlockForm::other: {
            // N_s (Laplace's blocks: half a million N(2) at 10^6 nodes) from
            // the rows, as schedule_n would schedule its local copy.
            BlockSchedule& scratch = schedule_scratch();
            const TrimSchedule trim{scratch};
            std::vector<NodeId>& order = scratch.order;
            if (n_from_rows_on && detail::n_order_of_form(skeleton, sources, sinks, order)) {
                const auto s = static_cast<std::uint32_t>(order.size());
                const auto profile = table.push_closed(Kind::n_dag, s, 0, order);
                for (std::uint32_t x = 0; x <= s; ++x) profile[x] = x;
                return;
            }
            if (search_from_rows(table, skeleton, sources, sinks, options)) return;
            schedule_local_into(table, skeleton, sources, options);
            return;
        }
    }
    schedule_block_into(table, skeleton, sources, options);
}

BlockSchedule schedule_block(const Dag& skeleton, std::span<const NodeId> sources, const BlockOptions& options) {
    BlockSchedule out;
    if (!schedule_complete(skeleton, sources, out)) schedule_local(skeleton, sources, options, out, nullptr);
    return out;
}

BlockSchedule exact_block_schedule(const Dag& skeleton, std::span<const NodeId> sources) {
    const detail::LocalBlock b = detail::make_local_block(skeleton, sources);
    return exact_schedule(b.view());
}

BlockSchedule greedy_block_schedule(const Dag& skeleton, std::span<const NodeId> sources) {
    const detail::LocalBlock b = detail::make_local_block(skeleton, sources);
    return greedy_schedule(b.view());
}

std::vector<std::uint32_t> block_max_profile(const Dag& skeleton, std::span<const NodeId> sources) {
    const detail::LocalBlock b = detail::make_local_block(skeleton, sources);
    return detail::exact_search(b.view(), false).max_profile;
}

}  // namespace ics::blocks
