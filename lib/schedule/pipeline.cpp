// The whole pipeline; see schedule.hpp.
#include <algorithm>
#include <bit>
#include <optional>

#include "area/area.hpp"
#include "blocks/block_schedule.hpp"
#include "dag/big_vector.hpp"
#include "decompose/decomposition.hpp"
#include "decompose/failure_certificate.hpp"
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
        case Method::sidney: return "sidney";
        case Method::fifo: return "fifo";
        case Method::level: return "level";
        case Method::series_parallel: return "series-parallel";
    }
    return "unknown";
}

const char* status_name(Status s) noexcept {
    switch (s) {
        case Status::ic_optimal: return "ic-optimal";
        case Status::heuristic: return "heuristic";
        case Status::area_optimal: return "area-optimal";
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

// The memory cost of a schedule (§2.2.3): the most executed nodes with an
// unexecuted child at once. The order is topological: v's count of children
// yet to run is set when v runs, before any child decrements it (no pass to
// fill it first).
std::uint32_t open_peak(const Dag& dag, std::span<const NodeId> order) {
    BigVector<std::uint32_t> pending(dag.node_count());
    std::uint32_t open = 0, memory = 0;
    for (NodeId v : order) {
        const std::uint32_t out = dag.out_degree(v);
        pending[v] = out;
        open += out > 0 ? 1u : 0u;
        for (NodeId p : dag.parents(v)) open -= --pending[p] == 0 ? 1u : 0u;
        memory = std::max(memory, open);
    }
    return memory;
}

// Theorem 2.1: each group's block nonsinks in the mandated (or interleaved)
// order, then every sink of the dag.
//
// With `ev` (only when the skeleton is the dag itself) E(t) comes from the
// certificate instead of a play of the game: every child of a block's source
// is a sink of that block with all its parents in it, so running the x-th
// source of block b makes profile_b[x] - profile_b[x-1] tasks eligible, and
// the final sinks make none. Memory still needs each parent's last child
// (one pass over the parents: open_peak), unless `with_memory` is false: an
// order that is but one candidate of the AREA fallback needs it only if it
// wins (issue 18: no pass over the parents; its E(t) from the profiles
// spares the winner's play).
std::vector<NodeId> assemble(const Dag& dag, const blocks::ScheduleTable& blocks, const Linearization& lin,
                             pebble::Evaluation* ev, bool with_memory = true) {
    const NodeId n = dag.node_count();
    std::vector<NodeId> order;
    order.reserve(n);
    std::uint32_t e = 0;
    if (ev) {
        // The sources: Kahn's FIFO order starts with all of them (dag.hpp),
        // so only they are read, not every node's in-degree.
        for (NodeId v : dag.topological_order()) {
            if (!dag.is_source(v)) break;
            ++e;
        }
    }
    if (ev) {
        ev->eligible.clear();
        ev->eligible.reserve(static_cast<std::size_t>(n) + 1);
        ev->eligible.push_back(e);
    }
    std::uint64_t area = e;
    auto run = [&](NodeId v, std::uint32_t newly) {
        order.push_back(v);
        if (ev) {
            e = e - 1 + newly;
            area += e;
            ev->eligible.push_back(e);
        }
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
        ev->area = area;
        ev->memory = with_memory ? open_peak(dag, order) : 0;
    }
    return order;
}

// Subsets the blocks' exhaustive searches of one call may visit together,
// per down-set of Options::exact_max_downsets (2^28 by default: ~0.8 s), and
// the sources a block's search may always take, whatever is left (2^12
// subsets: ~0.1 ms).
constexpr std::uint64_t kBlockWorkPerDownset = 256;
// The whole-dag exhaustive search's limit (its down-sets are 64-bit masks).
constexpr NodeId kExactMaxNodes = 64;
constexpr std::uint32_t kBlockExactFloor = 12;

std::uint64_t saturated_product(std::uint64_t a, std::uint64_t b) {
    return b != 0 && a > ~std::uint64_t{0} / b ? ~std::uint64_t{0} : a * b;
}

// Extensions of down-sets the least-memory search may try per down-set of
// the budget.
constexpr std::uint64_t kMemoryWorkPerDownset = 2;

// Down-sets the exact searches may visit: every down-set of a dag within
// exact_max_nodes (at most 2^n), else the configured budget.
std::uint64_t exact_budget(NodeId n, const Options& opt) {
    if (n > opt.exact_max_nodes) return opt.exact_max_downsets;
    const std::uint64_t all = n >= 64 ? ~std::uint64_t{0} : std::uint64_t{1} << n;  // no shift past the width
    return std::max(opt.exact_max_downsets, all);
}

bool try_exact(const Dag& dag, const Options& opt, Result& r) {
    const NodeId n = dag.node_count();
    if (n > kExactMaxNodes) return false;
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
// exhaustive layered search; kept only when it beats the order in hand. Its
// work is bounded too (issue 18: N_64 took 21 s / 840 MB within the down-set
// budget alone): past kMemoryWorkPerDownset x the down-set budget in tried
// extensions (~0.6 s by default), the order in hand stays.
void least_memory(const Dag& dag, const Options& opt, Result& r) {
    const NodeId n = dag.node_count();
    if (n > 128) return;
    try {
        const std::uint64_t budget = exact_budget(n, opt);
        const std::uint64_t work = std::max<std::uint64_t>(saturated_product(budget, kMemoryWorkPerDownset), 1);
        exact::MinMemoryResult m = exact::min_memory_schedule(dag, budget, work);
        if (m.profile != r.eval.eligible || m.memory >= r.eval.memory) return;
        r.order = std::move(m.order);
        r.eval = pebble::evaluate(dag, r.order);
        r.method = Method::exact;
    } catch (const Error& e) {
        if (e.code() != Errc::too_large) throw;
    }
}

// The nonsinks of the proven ▷-chain prefix in `order` (the assembled order):
// groups emitted by §4.2 (a) or (c), up to the first holding a block whose
// schedule is not proven, each group's nonsinks in the certificate's order.
std::vector<NodeId> proven_chain(const blocks::ScheduleTable& blocks, const Linearization& lin,
                                 const std::vector<NodeId>& order) {
    std::size_t k = 0;
    for (std::size_t g = 0; g < lin.proven_groups; ++g) {
        const auto members = lin.group(g);
        if (!std::all_of(members.begin(), members.end(), [&](std::uint32_t b) { return blocks.proven(b); })) break;
        for (std::uint32_t b : members) k += blocks.order(b).size();
    }
    return {order.begin(), order.begin() + static_cast<std::ptrdiff_t>(std::min(k, order.size()))};
}

// No IC-optimal schedule proven (r.order, when not empty, is evaluated in
// r.eval, its memory cost left out when `memory_pending`). `chain`: the nonsinks of the proven ▷-chain prefix (proven_chain),
// which the Sidney candidate keeps in place. Exact AREA within the budget: the AREA-maximal schedule, which is
// IC-optimal iff its AREA is Σ M(t) (returns false then: the caller finishes
// as for any IC-optimal schedule). Otherwise the best by AREA of the
// candidates below, with the certified bound of lib/area. Returns true when r
// is final.
bool area_fallback(const Dag& dag, const Options& opt, const std::vector<NodeId>& chain, Result& r,
                   bool memory_pending) {
    const NodeId n = dag.node_count();
    const std::string why = r.reason;
    // The AREA search's own budget; without one (older C callers), every
    // down-set of a dag within exact_max_nodes as for the ICO search, and
    // no exhaustive search at all when that budget is 0.
    const std::uint64_t ico_budget = exact_budget(n, opt);
    const std::uint64_t budget = opt.area_max_downsets ? *opt.area_max_downsets
                                 : ico_budget == 0     ? 0
                                                       : std::max(ico_budget, kLegacyAreaBudget);
    std::string over_budget;  // why the exact AREA search gave up
    if (budget > 0) {
        opt.report("AREA fallback: exact AREA search");
        try {
            area::AreaOptimum a = area::area_optimal_schedule(dag, budget);
            const bool ico = a.ic_optimal();  // before max_profile moves out of a
            r.exact_ran = true;
            r.max_profile = std::move(a.max_profile);
            r.method = Method::exact;
            r.order = std::move(a.order);
            if (ico) {  // Σ E(t) = Σ M(t): E(t) = M(t) at every step
                r.status = Status::ic_optimal;
                r.reason.clear();
                return false;
            }
            r.eval = pebble::evaluate(dag, r.order);
            r.status = Status::area_optimal;
            r.area_bound = a.area;
            const bool known = why.find("admits no IC-optimal schedule (exhaustive") != std::string::npos;
            r.reason = why + (why.empty() ? "" : "; ") + (known ? "" : "the dag admits no IC-optimal schedule; ") +
                       "AREA " + std::to_string(a.area) +
                       " is the maximum over all schedules (exact search over " + std::to_string(a.downsets) +
                       " down-sets)";
            return true;
        } catch (const Error& e) {
            if (e.code() != Errc::too_large) throw;
            over_budget = e.what();
        }
        // Series-parallel dags: AREA-maximal in polynomial time, any size
        // the recognition takes (lib/area/series_parallel.cpp).
        if (std::optional<std::vector<NodeId>> sp = area::series_parallel_schedule(dag)) {
            r.order = std::move(*sp);
            r.eval = pebble::evaluate(dag, r.order);
            r.status = Status::area_optimal;
            r.method = Method::series_parallel;
            r.area_bound = r.eval.area;
            const bool known = why.find("admits no IC-optimal schedule (exhaustive") != std::string::npos;
            r.reason = why + (why.empty() ? "" : "; ") + over_budget + "; the dag is series-parallel: AREA " +
                       std::to_string(r.eval.area) +
                       " is the maximum over all schedules (Lawler's algorithm on tasks and markers)" +
                       (known ? std::string()
                              : std::string("; whether the dag admits an IC-optimal schedule is not decided (if "
                                            "it does, this schedule is one: the AREA-maximal schedules are then "
                                            "exactly the IC-optimal ones)"));
            return true;
        }
    }
    // Candidates, in the order that wins ties: the order in hand (the
    // linearization continued greedily, or the exact search's
    // lexicographically best), the proven ▷-chain prefix then the Sidney
    // order of the rest (the decomposition given that prefix), the Sidney
    // order, most newly eligible first, FIFO, level order. Each is scored by
    // its AREA alone as soon as it is built and only the best so far is kept
    // (issue 18: peak memory); the winner is played in full at the end
    // unless it came evaluated. The Sidney orders come with E(t) and their
    // AREA, counted while they are built (issue 18: a Sidney winner is not
    // played again, only its memory cost counted, open_peak; ~30 ms of 10^6
    // nodes); the greedy and FIFO orders sum their AREA while they are built
    // (one pass fewer each), the level order's comes from its positions
    // (pebble::level_order, no play); the order in hand is played for it
    // (pebble::area: no E(t)). A winner's final play checks the AREA it was chosen by.
    struct Candidate {
        Method method;
        const char* name;
        std::uint64_t area;
    };
    std::vector<Candidate> cands;
    std::size_t best = 0;
    std::vector<NodeId> best_order;
    pebble::Evaluation best_eval;   // empty unless the best came evaluated
    bool best_memory_left = false;  // best_eval without its memory cost (open_peak if it wins)
    auto offer = [&](Method method, const char* name, std::vector<NodeId>&& order, pebble::Evaluation&& eval,
                     bool memory_left, std::optional<std::uint64_t> known = std::nullopt) {
        const bool evaluated = !eval.eligible.empty();
        const std::uint64_t area = evaluated ? eval.area : known ? *known : pebble::area(dag, order);
        cands.push_back({method, name, area});
        if (cands.size() > 1 && area <= cands[best].area) return;
        best = cands.size() - 1;
        best_order = std::move(order);
        best_eval = evaluated ? std::move(eval) : pebble::Evaluation{};
        best_memory_left = evaluated && memory_left;
    };
    // The dag's components, found once for the budget and the decomposition below.
    area::SidneyComponents sidney_components = area::sidney_components(dag);
    // (Not value_or: its argument, a pass over the components, would run anyway.)
    const std::uint64_t sidney_budget =
        opt.sidney_work_budget ? *opt.sidney_work_budget : area::sidney_work_budget(dag, sidney_components);
    if (!r.order.empty())
        offer(r.method, r.method == Method::exact ? "exact search (lexicographically best profile)"
                                                  : "▷-linearization continued greedily",
              std::move(r.order), std::move(r.eval), memory_pending);
    const bool chain_candidate = !chain.empty() && chain.size() < n;
    const std::uint64_t to_build = chain_candidate ? 5 : 4;  // candidate orders (progress)
    if (chain_candidate) {
        opt.report("AREA fallback: Sidney decomposition", 0, to_build);
        std::vector<NodeId> order;
        pebble::Evaluation eval;
        {
            const area::SidneyDecomposition rest = area::sidney_decomposition(dag, chain, sidney_budget);
            order = area::sidney_order(dag, rest, chain, &eval.area, &eval.eligible);
        }
        offer(Method::sidney, "proven ▷-chain then Sidney decomposition", std::move(order), std::move(eval), true);
    }
    // The decomposition's blocks are dead once its order and the bound are
    // built: only whether it was complete stays.
    bool sidney_complete = false;
    std::uint64_t sidney_work = 0, sidney_unsplit = 0, bound = 0;
    {
        std::vector<NodeId> order;
        pebble::Evaluation eval;
        opt.report("AREA fallback: Sidney decomposition", to_build - 4, to_build);
        {
            const area::SidneyDecomposition sd =
                area::sidney_decomposition_from(dag, std::move(sidney_components), sidney_budget);
            sidney_complete = sd.complete;
            sidney_work = sd.work;
            sidney_unsplit = sd.unsplit;
            order = area::sidney_order(dag, sd, {}, &eval.area, &eval.eligible);
            bound = area::area_upper_bound(dag, sd);
        }
        offer(Method::sidney, "Sidney decomposition", std::move(order), std::move(eval), true);
    }
    {  // (one order alive at a time: a loser is freed before the next is built)
        std::uint64_t area = 0;
        opt.report("AREA fallback: candidate orders", to_build - 3, to_build);
        std::vector<NodeId> order = greedy_order(dag, &area);
        offer(Method::greedy, "most newly eligible first", std::move(order), {}, false, area);
    }
    // On at most two levels (sums of bipartite blocks) FIFO's AREA comes
    // without its order (pebble::fifo_area), which is built only when it
    // wins, and the level order runs the sources in id order, as FIFO's
    // queue does, then sinks, whose order changes no E(t): FIFO's AREA, a
    // tie it loses (not built).
    const bool two_levels = dag.level_count() <= 2;
    std::uint64_t fifo_area = 0;
    {
        opt.report("AREA fallback: candidate orders", to_build - 2, to_build);
        if (two_levels) fifo_area = pebble::fifo_area(dag);
        if (two_levels && fifo_area <= cands[best].area) {
            offer(Method::fifo, "FIFO", {}, {}, false, fifo_area);
        } else {
            std::vector<NodeId> order = pebble::fifo_order(dag, fifo_area);
            offer(Method::fifo, "FIFO", std::move(order), {}, false, fifo_area);
        }
    }
    {
        opt.report("AREA fallback: candidate orders", to_build - 1, to_build);
        if (two_levels) {
            offer(Method::level, "level order", {}, {}, false, fifo_area);
        } else {
            std::uint64_t area = 0;
            std::vector<NodeId> order = pebble::level_order(dag, area);
            offer(Method::level, "level order", std::move(order), {}, false, area);
        }
    }
    if (!r.max_profile.empty()) {
        std::uint64_t sum = 0;
        for (std::uint32_t m : r.max_profile) sum += m;
        bound = std::min(bound, sum);
    }
    std::string versus;
    for (std::size_t k = 0; k < cands.size(); ++k)
        if (k != best)
            versus += std::string(versus.empty() ? "" : ", ") + cands[k].name + " " + std::to_string(cands[k].area);
    // Whether the answer keeps the proven ▷-chain prefix in place.
    std::string kept;
    if (!chain.empty())
        kept = std::equal(chain.begin(), chain.end(), best_order.begin())
                   ? "; the proven ▷-chain prefix (" + std::to_string(chain.size()) + " tasks) runs first, in place"
                   : "; a larger AREA reorders the proven ▷-chain prefix (" + std::to_string(chain.size()) + " tasks)";
    opt.report("evaluation");
    r.status = Status::heuristic;
    r.method = cands[best].method;
    r.order = std::move(best_order);
    r.eval = best_eval.eligible.empty() ? pebble::evaluate(dag, r.order) : std::move(best_eval);
    if (best_memory_left) r.eval.memory = open_peak(dag, r.order);
    if (r.eval.area != cands[best].area) fail(Errc::internal, "AREA of the best candidate changed when played again");
    if (bound < r.eval.area)
        fail(Errc::internal, "AREA bound " + std::to_string(bound) + " below the AREA " + std::to_string(r.eval.area) +
                                 " of a schedule");
    r.area_bound = bound;
    r.reason = why + (why.empty() ? "" : "; ") +
               (budget > 0 ? over_budget +
                                 " (" + std::to_string(n) + " nodes; raise area_max_downsets, ics schedule --area-max-downsets)"
                           : std::string("exact AREA search off (area_max_downsets 0)")) +
               "; best AREA: " + cands[best].name + " " + std::to_string(r.eval.area) + " (" + versus + ")" + kept;
    // Past its work budget the decomposition leaves sets whole (sidney.cpp):
    // the Sidney candidate is then greedy inside them and the bound keeps its
    // per-step caps only.
    if (!sidney_complete)
        r.reason += "; the Sidney decomposition reached its work budget (" + std::to_string(sidney_work) +
                    " units: arcs built and scanned, subsets enumerated / 8): " + std::to_string(sidney_unsplit) +
                    " sets stay unsplit blocks, ordered greedily inside (a larger sidney_max_work, ics schedule "
                    "--sidney-max-work, tightens the bound)";
    return true;
}

}  // namespace

Result schedule(const Dag& dag, const Options& opt, Workspace* workspace) {
    if (workspace == nullptr) return schedule(dag, opt);
    const detail::MappingCache::Scope scope(workspace->cache());
    return schedule(dag, opt);
}

Result schedule(const Dag& dag, const Options& opt) {
    Result r;
    if (dag.empty()) {
        r.status = Status::ic_optimal;
        r.method = Method::decomposition;
        r.eval = pebble::evaluate(dag, r.order);
        return r;
    }
    // A dag proven no composition by arcs that are certainly no shortcut
    // skips the removal of its shortcuts (issue 18: 87% of an Erdős–Rényi
    // dag's time) and the decomposition: only the fallback below remains.
    // Without arcs that skip a level the dag is its own skeleton (every
    // shortcut skips one): the removal's own pass over the arcs is spared
    // (issue 18: ~10% of a mesh's pipeline).
    std::uint64_t skipping = 0;
    opt.report("certificate");
    std::optional<decompose::FailureCertificate> failed = decompose::failure_certificate(dag, &skipping);
    std::optional<skeleton::SkeletonRef> sk;
    if (!failed && skipping > 0) {
        opt.report("shortcuts");
        sk.emplace(dag);  // no copy when nothing is removed
    }
    r.shortcuts_removed = sk ? sk->removed().size() : 0;
    const Dag& skel = sk ? sk->dag() : dag;
    if (!failed) opt.report("decomposition");
    decompose::Decomposition dec = failed ? decompose::Decomposition{} : decompose::decompose(skel);

    bool proven = false;
    bool assembled_eval = false;  // r.eval is that of r.order already
    bool memory_pending = false;  // or all of it but its memory cost
    std::vector<NodeId> chain;    // the proven ▷-chain prefix's nonsinks (proven_chain)
    if (failed) {
        r.reason = std::move(failed->message);
    } else if (!dec.composite()) {
        // A non-bipartite block, or blocks feeding each other in a cycle: the
        // dag is no composition of CBBBs (message names the nodes).
        r.reason = dec.message;
    } else {
        r.blocks.reserve(dec.block_count, dec.source_nodes.size());
        std::string block_reason;
        // The blocks' exhaustive searches share one budget in subsets (issue
        // 18: 416 blocks of 24 sources took 21 s): each block may search as
        // many sources as the budget left still pays for in full, but never
        // fewer than kBlockExactFloor.
        std::uint64_t exact_left = saturated_product(opt.exact_max_downsets, kBlockWorkPerDownset);
        // At most ~64 progress reports over the blocks (a few blocks of a big
        // dag may take seconds each: layered 10^6 nodes, 11 blocks).
        opt.report("blocks", 0, dec.block_count);
        const decompose::BlockId report_step = std::max<decompose::BlockId>(1, dec.block_count / 64);
        decompose::BlockId next_report = report_step;
        for (decompose::BlockId b = 0; b < dec.block_count; ++b) {
            if (b >= next_report) {
                opt.report("blocks", b, dec.block_count);
                next_report = b + report_step;
            }
            if (dec.forms[b] == decompose::BlockForm::complete) {
                // A run of complete blocks (proven, no search: neither the
                // budget nor the reason changes) appended at once.
                decompose::BlockId e = b + 1;
                while (e < dec.block_count && dec.forms[e] == decompose::BlockForm::complete) ++e;
                r.blocks.push_complete_blocks(dec, b, e);
                b = e - 1;
                continue;
            }
            blocks::BlockOptions bo = opt.block;
            const auto affordable = static_cast<std::uint32_t>(exact_left == 0 ? 0 : std::bit_width(exact_left) - 1);
            bo.exact_max_sources = std::min(bo.exact_max_sources, std::max(affordable, kBlockExactFloor));
            blocks::schedule_block_into(r.blocks, skel, dec.sources(b), dec.sinks(b), dec.forms[b], bo);
            const blocks::Kind kind = r.blocks.kind(b);
            if (kind == blocks::Kind::exact || kind == blocks::Kind::dual) {
                const std::size_t searched = kind == blocks::Kind::exact ? dec.sources(b).size() : dec.sinks(b).size();
                const std::uint64_t cost = std::uint64_t{1} << std::min<std::size_t>(searched, 63);
                exact_left -= std::min(exact_left, cost);
            }
            if (!r.blocks.proven(b) && block_reason.empty()) {
                block_reason = "block #" + std::to_string(b) + " " + r.blocks.shape(b) +
                               (r.blocks.ico_exists(b) ? " has no proven IC-optimal schedule"
                                                       : " admits no IC-optimal schedule");
            }
        }
        Linearization lin;
        opt.report("linearization");
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
            opt.report("assembly");
            // No shortcut removed: the certificate gives E(t) (see assemble).
            // Unproven, it is one candidate of the AREA fallback (no exact
            // search past 64 nodes), which needs its memory cost only if it wins.
            const bool candidate = (!block_reason.empty() || !lin.proven) && dag.node_count() > kExactMaxNodes;
            if (r.shortcuts_removed == 0 && candidate) {
                r.order = assemble(dag, r.blocks, lin, &r.eval, false);
                memory_pending = true;
            } else if (r.shortcuts_removed == 0) {
                r.order = assemble(dag, r.blocks, lin, &r.eval);
                assembled_eval = true;
            } else {
                r.order = assemble(dag, r.blocks, lin, nullptr);
            }
            if (!block_reason.empty() || !lin.proven) chain = proven_chain(r.blocks, lin, r.order);
        }
        const bool swept = !lin.swept.empty();
        r.group_offsets = std::move(lin.offsets);
        r.linearization = std::move(lin.blocks);
        proven = block_reason.empty() && lin.proven;
        r.forced_joins = proven ? lin.forced_joins : 0;
        r.method = swept ? Method::sweep : Method::decomposition;
        r.reason = !block_reason.empty() ? block_reason : lin.reason;
    }
    // The skeleton and the decomposition serve nothing past this point: freed
    // before the fallback allocates (issue 18: peak memory; the skeleton of
    // an Erdős–Rényi dag is a copy of its arcs).
    dec = decompose::Decomposition{};
    sk.reset();
    if (proven) {
        r.status = Status::ic_optimal;
        r.reason.clear();
    } else {
        opt.report("exact search");
        const bool decided = try_exact(dag, opt, r);
        if (r.status != Status::ic_optimal) {
            if (!r.order.empty() && (decided || (!assembled_eval && !memory_pending)))
                r.eval = pebble::evaluate(dag, r.order);
            opt.report("AREA fallback");
            if (area_fallback(dag, opt, chain, r, memory_pending)) return r;
        }
    }
    if (!assembled_eval || r.method == Method::exact) {
        opt.report("evaluation");
        r.eval = pebble::evaluate(dag, r.order);
    }
    if (opt.objective == Objective::memory) {
        opt.report("memory objective");
        least_memory(dag, opt, r);
    }
    r.area_bound = r.eval.area;  // proven IC-optimal: Σ M(t)
    return r;
}

}  // namespace ics::schedule
