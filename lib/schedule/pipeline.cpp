// The whole pipeline; see schedule.hpp.
#include <algorithm>

#include "blocks/block_schedule.hpp"
#include "dag/big_vector.hpp"
#include "decompose/decomposition.hpp"
#include "exact/downset_search.hpp"
#include "schedule/linearize.hpp"
#include "schedule/memory_aware.hpp"
#include "schedule/schedule.hpp"
#include "skeleton/shortcut.hpp"

namespace ics::schedule {

const char* method_name(Method m) noexcept {
    switch (m) {
        case Method::decomposition: return "decomposition";
        case Method::sweep: return "decomposition+sweep";
        case Method::exact: return "exact-search";
        case Method::greedy: return "greedy";
    }
    return "unknown";
}

const char* objective_name(Objective o) noexcept {
    switch (o) {
        case Objective::eligibility: return "eligibility";
        case Objective::memory: return "memory";
    }
    return "unknown";
}

namespace {

// Theorem 2.1: each group's block nonsinks in the mandated (or interleaved)
// order, then every sink of the dag.
//
// With `ev` (only when the skeleton is the dag itself) E(t) comes from the
// certificate instead of a play of the game: every child of a block's source
// is a sink of that block with all its parents in it, so running the x-th
// source of block b makes profile_b[x] - profile_b[x-1] tasks eligible, and
// the final sinks make none. Memory still needs each parent's last child
// (one pass over the parents).
std::vector<NodeId> assemble(const Dag& dag, const blocks::ScheduleTable& blocks, const Linearization& lin,
                             pebble::Evaluation* ev) {
    const NodeId n = dag.node_count();
    std::vector<NodeId> order;
    order.reserve(n);
    std::uint32_t e = 0;
    if (ev) {
        for (NodeId v = 0; v < n; ++v) e += dag.is_source(v) ? 1u : 0u;
        ev->eligible.clear();
        ev->eligible.reserve(static_cast<std::size_t>(n) + 1);
        ev->eligible.push_back(e);
    }
    auto run = [&](NodeId v, std::uint32_t newly) {
        order.push_back(v);
        if (ev) ev->eligible.push_back(e = e - 1 + newly);
    };
    std::size_t s = 0;  // next swept group
    for (std::size_t g = 0; g < lin.group_count(); ++g) {
        const auto members = lin.group(g);
        if (s < lin.swept.size() && lin.swept[s].group == g) {
            for_each_swept_source(members, lin.swept[s].path, [&](std::uint32_t b, std::uint32_t x) {
                const auto prof = blocks.profile(b);
                run(blocks.order(b)[x], prof[x + 1] - prof[x]);
            });
            ++s;
            continue;
        }
        for (std::uint32_t b : members) {
            const auto o = blocks.order(b);
            if (!ev) {
                order.insert(order.end(), o.begin(), o.end());
                continue;
            }
            const auto prof = blocks.profile(b);
            for (std::size_t x = 0; x < o.size(); ++x) run(o[x], prof[x + 1] - prof[x]);
        }
    }
    for (NodeId v = 0; v < n; ++v)
        if (dag.is_sink(v)) run(v, 0);
    if (ev) {
        if (order.size() != n) fail(Errc::internal, "assembled order misses nodes");
        ev->area = 0;
        for (std::uint32_t x : ev->eligible) ev->area += x;
        // open = executed nodes with an unexecuted child (§2.2.3).
        BigVector<std::uint32_t> pending(n);
        for (NodeId v = 0; v < n; ++v) pending[v] = dag.out_degree(v);
        std::uint32_t open = 0;
        ev->memory = 0;
        for (NodeId v : order) {
            if (pending[v] > 0) ++open;
            for (NodeId p : dag.parents(v))
                if (--pending[p] == 0) --open;
            ev->memory = std::max(ev->memory, open);
        }
    }
    return order;
}

// Down-sets the exact searches may visit: every down-set of a dag within
// exact_max_nodes (at most 2^n), else the configured budget.
std::uint64_t exact_budget(NodeId n, const Options& opt) {
    return n <= opt.exact_max_nodes ? std::max<std::uint64_t>(opt.exact_max_downsets, std::uint64_t{1} << n)
                                    : opt.exact_max_downsets;
}

bool try_exact(const Dag& dag, const Options& opt, Result& r) {
    const NodeId n = dag.node_count();
    if (n > 64) return false;
    const std::uint64_t budget = exact_budget(n, opt);
    try {
        exact::ExactResult ex = exact::exact_schedule(dag, budget);
        r.exact_ran = true;
        r.max_profile = std::move(ex.max_profile);
        if (ex.ico) {
            r.status = Status::ic_optimal;
            r.method = Method::exact;
            r.order = std::move(ex.order);
            r.reason.clear();
        } else {
            r.method = Method::exact;
            r.order = std::move(ex.order);
            r.reason = "the dag admits no IC-optimal schedule (exhaustive search over " +
                       std::to_string(ex.downsets_visited) + " down-sets: no schedule reaches the maximum " +
                       std::to_string(r.max_profile[ex.first_unreachable_step]) + " eligible tasks at step " +
                       std::to_string(ex.first_unreachable_step) + " while staying maximal before)";
        }
        return true;
    } catch (const Error& e) {
        if (e.code() != Errc::too_large) throw;
        return false;
    }
}

// Objective memory on a small dag: the least memory cost among all schedules
// with the same (IC-optimal, or lexicographically maximal) profile, by the
// exhaustive layered search; kept only when it beats the order in hand.
void least_memory(const Dag& dag, const Options& opt, Result& r) {
    const NodeId n = dag.node_count();
    if (n > 128) return;
    try {
        exact::MinMemoryResult m = exact::min_memory_schedule(dag, exact_budget(n, opt));
        if (m.profile != r.eval.eligible || m.memory >= r.eval.memory) return;
        r.order = std::move(m.order);
        r.eval = pebble::evaluate(dag, r.order);
        r.method = Method::exact;
    } catch (const Error& e) {
        if (e.code() != Errc::too_large) throw;
    }
}

}  // namespace

Result schedule(const Dag& dag, const Options& opt) {
    Result r;
    if (dag.empty()) {
        r.status = Status::ic_optimal;
        r.method = Method::decomposition;
        r.eval = pebble::evaluate(dag, r.order);
        return r;
    }
    const skeleton::SkeletonRef sk(dag);  // no copy when nothing is removed
    r.shortcuts_removed = sk.removed().size();
    const Dag& skel = sk.dag();
    decompose::Decomposition dec = decompose::decompose(skel);

    bool proven = false;
    bool assembled_eval = false;  // r.eval is that of r.order already
    if (!dec.composite()) {
        // A non-bipartite block, or blocks feeding each other in a cycle: the
        // dag is no composition of CBBBs (message names the nodes).
        r.reason = dec.message;
    } else {
        r.blocks.reserve(dec.block_count, dec.source_nodes.size());
        std::string block_reason;
        for (decompose::BlockId b = 0; b < dec.block_count; ++b) {
            blocks::schedule_block_into(r.blocks, skel, dec.sources(b), opt.block);
            if (!r.blocks.proven(b) && block_reason.empty()) {
                block_reason = "block #" + std::to_string(b) + " " + r.blocks.shape(b) +
                               (r.blocks.ico_exists(b) ? " has no proven IC-optimal schedule"
                                                       : " admits no IC-optimal schedule");
            }
        }
        Linearization lin;
        if (opt.objective == Objective::memory) {
            MemoryGuide guide(dag, skel, dec, r.blocks);
            lin = linearize(dec, r.blocks, &guide);
        } else {
            lin = linearize(dec, r.blocks);
        }
        // The decomposition is not needed past this point: its sink lists move.
        r.block_sink_offsets = std::move(dec.sink_offsets);
        r.block_sinks = std::move(dec.sink_nodes);
        if (lin.complete) {
            // No shortcut removed: the certificate gives E(t) (see assemble).
            if (sk.removed().empty()) {
                r.order = assemble(dag, r.blocks, lin, &r.eval);
                assembled_eval = true;
            } else {
                r.order = assemble(dag, r.blocks, lin, nullptr);
            }
        }
        const bool swept = !lin.swept.empty();
        r.group_offsets = std::move(lin.offsets);
        r.linearization = std::move(lin.blocks);
        proven = block_reason.empty() && lin.proven;
        r.method = swept ? Method::sweep : Method::decomposition;
        r.reason = !block_reason.empty() ? block_reason : lin.reason;
    }
    if (proven) {
        r.status = Status::ic_optimal;
        r.reason.clear();
    } else if (!try_exact(dag, opt, r)) {
        // Keep whichever unproven order has the larger AREA (sum of E(t));
        // each order is played once and the winner's evaluation kept.
        std::vector<NodeId> greedy = greedy_order(dag);
        pebble::Evaluation greedy_eval = pebble::evaluate(dag, greedy);
        if (!r.order.empty() && !assembled_eval) r.eval = pebble::evaluate(dag, r.order);
        if (r.order.empty() || greedy_eval.area > r.eval.area) {
            r.order = std::move(greedy);
            r.eval = std::move(greedy_eval);
            r.method = Method::greedy;
        }
        if (dag.node_count() > opt.exact_max_nodes)
            r.reason += "; too large for the exact search (" + std::to_string(dag.node_count()) + " nodes)";
        return r;
    }
    if (!assembled_eval || r.method == Method::exact) r.eval = pebble::evaluate(dag, r.order);
    if (opt.objective == Objective::memory) least_memory(dag, opt, r);
    return r;
}

}  // namespace ics::schedule
