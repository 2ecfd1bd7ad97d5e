// The reduction of Theorem 2 (batch-scheduling.txt §4): which tasks the batch
// can render ELIGIBLE, as a bipartite graph H between the ELIGIBLE tasks and
// those candidates, split into connected components. A candidate with more
// than r ELIGIBLE parents is dropped: no batch of r tasks completes it.
#include <algorithm>
#include <string>

#include "batch/batch_detail.hpp"

namespace ics::batch::detail {

namespace {

enum State : std::uint8_t { kNone = 0, kExecuted = 1, kEligible = 2, kCandidate = 3, kRejected = 4 };

std::vector<std::uint8_t> mark_executed(const Dag& g, std::span<const NodeId> executed) {
    const NodeId n = g.node_count();
    std::vector<std::uint8_t> state(n, kNone);
    for (NodeId v : executed) {
        if (v >= n)
            fail(Errc::invalid_argument, "executed task id " + std::to_string(v) + " is out of range (the dag has " +
                                             std::to_string(n) + " tasks)");
        if (state[v] == kExecuted)
            fail(Errc::invalid_argument, "task " + quoted(g.name(v)) + " is listed twice in the executed set");
        state[v] = kExecuted;
    }
    for (NodeId v : executed)
        for (NodeId p : g.parents(v))
            if (state[p] != kExecuted)
                fail(Errc::invalid_argument, "executed task " + quoted(g.name(v)) + " has an unexecuted parent " +
                                                 quoted(g.name(p)) +
                                                 " (the executed set must be closed under parents)");
    return state;
}

}  // namespace

}  // namespace ics::batch::detail

namespace ics::batch {

std::uint64_t eligible_count(const Dag& g, std::span<const NodeId> executed) {
    const std::vector<std::uint8_t> state = detail::mark_executed(g, executed);
    std::uint64_t count = 0;
    for (NodeId v = 0; v < g.node_count(); ++v) {
        if (state[v] != detail::kNone) continue;
        const auto ps = g.parents(v);
        count += std::all_of(ps.begin(), ps.end(), [&](NodeId p) { return state[p] == detail::kExecuted; });
    }
    return count;
}

}  // namespace ics::batch

namespace ics::batch::detail {

Reduction reduce(const Dag& g, std::span<const NodeId> executed, std::uint64_t r) {
    const NodeId n = g.node_count();
    std::vector<std::uint8_t> state = mark_executed(g, executed);
    Reduction h;
    for (NodeId v = 0; v < n; ++v) {
        if (state[v] != kNone) continue;
        const auto ps = g.parents(v);
        if (std::all_of(ps.begin(), ps.end(), [&](NodeId p) { return state[p] == kExecuted; })) {
            state[v] = kEligible;
            h.eligible.push_back(v);
        }
    }
    if (r == 0) fail(Errc::invalid_argument, "a batch needs r >= 1 tasks");
    if (r > h.eligible.size())
        fail(Errc::invalid_argument, "r = " + std::to_string(r) + " exceeds the number of ELIGIBLE tasks (" +
                                         std::to_string(h.eligible.size()) + " eligible, " +
                                         std::to_string(executed.size()) + " executed of " + std::to_string(n) +
                                         ")");

    // Source index of each eligible task (only read for eligible tasks).
    std::vector<std::uint32_t> index(n);
    for (std::uint32_t i = 0; i < h.eligible.size(); ++i) index[h.eligible[i]] = i;

    h.sink_off.push_back(0);
    for (NodeId u : h.eligible)
        for (NodeId v : g.children(u)) {
            if (state[v] != kNone) continue;
            std::uint64_t eligible_parents = 0;
            bool reachable = true;
            for (NodeId p : g.parents(v)) {
                if (state[p] == kEligible) ++eligible_parents;
                else if (state[p] != kExecuted) reachable = false;
            }
            if (!reachable || eligible_parents > r) {
                state[v] = kRejected;
                continue;
            }
            state[v] = kCandidate;
            h.sinks.push_back(v);
            for (NodeId p : g.parents(v))
                if (state[p] == kEligible) h.sink_adj.push_back(index[p]);
            h.sink_off.push_back(static_cast<std::uint32_t>(h.sink_adj.size()));
        }

    // Transpose into source -> sinks.
    const std::uint32_t e = static_cast<std::uint32_t>(h.eligible.size());
    const std::uint32_t t = static_cast<std::uint32_t>(h.sinks.size());
    h.src_off.assign(e + 1, 0);
    for (std::uint32_t i : h.sink_adj) ++h.src_off[i + 1];
    for (std::uint32_t i = 0; i < e; ++i) h.src_off[i + 1] += h.src_off[i];
    h.src_adj.resize(h.sink_adj.size());
    {
        std::vector<std::uint32_t> at(h.src_off.begin(), h.src_off.end() - 1);
        for (std::uint32_t j = 0; j < t; ++j)
            for (std::uint32_t i : h.parents_of_sink(j)) h.src_adj[at[i]++] = j;
    }

    // Components by breadth-first search over H (sources and sinks alike).
    h.src_local.assign(e, 0);
    h.sink_local.assign(t, 0);
    h.comp_src_off.push_back(0);
    h.comp_sink_off.push_back(0);
    std::vector<std::uint8_t> seen_src(e, 0), seen_sink(t, 0);
    std::vector<std::uint32_t> src_queue, sink_queue;
    for (std::uint32_t s0 = 0; s0 < e; ++s0) {
        if (seen_src[s0]) continue;
        src_queue.assign(1, s0);
        sink_queue.clear();
        seen_src[s0] = 1;
        for (std::size_t qi = 0; qi < src_queue.size(); ++qi)
            for (std::uint32_t j : h.sinks_of_source(src_queue[qi])) {
                if (seen_sink[j]) continue;
                seen_sink[j] = 1;
                sink_queue.push_back(j);
                for (std::uint32_t i : h.parents_of_sink(j))
                    if (!seen_src[i]) {
                        seen_src[i] = 1;
                        src_queue.push_back(i);
                    }
            }
        if (src_queue.size() == 1) {
            h.trivial_sources.push_back(s0);
            h.star_gain.push_back(static_cast<std::uint32_t>(sink_queue.size()));
            continue;
        }
        for (std::uint32_t i : src_queue) {
            h.src_local[i] = static_cast<std::uint32_t>(h.comp_src.size()) - h.comp_src_off.back();
            h.comp_src.push_back(i);
        }
        for (std::uint32_t j : sink_queue) {
            h.sink_local[j] = static_cast<std::uint32_t>(h.comp_sink.size()) - h.comp_sink_off.back();
            h.comp_sink.push_back(j);
        }
        h.comp_src_off.push_back(static_cast<std::uint32_t>(h.comp_src.size()));
        h.comp_sink_off.push_back(static_cast<std::uint32_t>(h.comp_sink.size()));
    }
    return h;
}

}  // namespace ics::batch::detail
