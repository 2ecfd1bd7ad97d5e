// The IC-scheduling pipeline (sweep-algorithm.txt §2 and §4.2):
//   1. remove shortcuts (skeleton), 2. parse into CBBBs and the super-dag,
//   3. schedule every block (closed forms, PBT greedy, exact search),
//   4. ▷-linearize the super-dag, using IC-Sweep on sums of source blocks
//      when no single block has priority (Theorem 4.1),
//   5. execute the blocks' nonsinks in that order, then all sinks (Theorem 2.1).
// When that fails and the dag is small, an exact search over down-sets
// decides whether an IC-optimal schedule exists at all. A dag without one
// gets an AREA-maximal schedule when its down-sets fit a budget (lib/area:
// status area_optimal), else the best by AREA of the Sidney order, the
// greedy orders, FIFO and level order, with a certified bound on AREA.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "blocks/block_schedule.hpp"
#include "blocks/schedule_table.hpp"
#include "common/error.hpp"
#include "dag/big_vector.hpp"
#include "dag/dag.hpp"
#include "pebble/pebble.hpp"

namespace ics::schedule {

enum class Status : int {
    ic_optimal = 0,  // proven: E(t) is maximum at every step
    heuristic = 1,   // not proven (see `reason`)
    area_optimal = 2,  // no IC-optimal schedule exists; AREA = Σ E(t) is the maximum
                       // over all schedules (exact search over down-sets, lib/area)
};
const char* status_name(Status s) noexcept;

enum class Method : int {
    decomposition = 0,  // Theorem 2.1 with a ▷-linearization of blocks
    sweep = 1,          // decomposition with at least one IC-Sweep sum (Theorem 4.1)
    exact = 2,          // exhaustive search over down-sets
    greedy = 3,         // heuristic fallback: most newly eligible first, sinks last
    sidney = 4,         // heuristic fallback: Sidney decomposition, greedy inside blocks (lib/area)
    fifo = 5,           // heuristic fallback: FIFO order won
    level = 6,          // heuristic fallback: level order won
    series_parallel = 7,  // AREA-maximal: the dag is series-parallel (lib/area/series_parallel.cpp)
};
const char* method_name(Method m) noexcept;

// What the freedom left among IC-optimal schedules is spent on.
enum class Objective : int {
    eligibility = 0,  // only E(t) (the engine's first choice among equals)
    memory = 1,       // least memory cost it can find (schedule/memory_aware.hpp;
                      // exact minimum over all ICO schedules for small dags)
};
const char* objective_name(Objective o) noexcept;

// Default down-set budget of the exact AREA search (2^21: ~0.6 s), and the
// floor of the budget derived from the exact search's (Options below).
inline constexpr std::uint64_t kDefaultAreaMaxDownsets = std::uint64_t{1} << 21;
inline constexpr std::uint64_t kLegacyAreaBudget = std::uint64_t{1} << 22;

struct Options {
    // Dags with at most this many nodes are decided exactly when the theory's
    // decomposition does not prove a schedule.
    std::uint32_t exact_max_nodes = 20;
    // Larger dags (≤ 64 nodes) are searched while the down-sets stay under this budget.
    std::uint64_t exact_max_downsets = std::uint64_t{1} << 20;
    blocks::BlockOptions block;
    Objective objective = Objective::eligibility;
    // Down-sets the exact AREA search (lib/area) may visit on a dag without a
    // proven IC-optimal schedule, of any size; 0 turns it off. The default
    // keeps it under ~1 s (0.26-0.33 s per 10^6 down-sets, README); over the
    // budget the heuristic answer is returned and the reason says so.
    // nullopt: derived from the exact search's budget as before this option
    // existed (C ics_schedule_options versions 1 and 2): max(that budget,
    // kLegacyAreaBudget), none when that budget is 0.
    std::optional<std::uint64_t> area_max_downsets = kDefaultAreaMaxDownsets;
    // exact_max_downsets also bounds the work of the other exhaustive searches
    // of one call (pipeline.cpp): the blocks' searches visit at most 256x as
    // many subsets together (2^28, ~0.8 s by default; a block then searches
    // fewer sources, down to 12, or gets its greedy order), and the
    // least-memory search tries at most 2x as many extensions.
    // Work (arcs built and scanned by max-flow, subsets enumerated / 8) each Sidney decomposition of
    // the AREA fallback may spend; past it the sets not yet split stay whole
    // blocks and the reason says so (lib/area/sidney.cpp). nullopt: derived
    // from the dag, area::sidney_work_budget (small dags never reach it).
    std::optional<std::uint64_t> sidney_work_budget;
    // Progress reports and cancellation (C API ics_schedule_options version
    // 5): called at the pipeline's stage boundaries only (at most ~80 calls
    // per dag, so no measurable cost) with the stage's name and, where the
    // stage has a natural count (blocks, candidate orders), done of total
    // (else 0 of 0). Returning false stops the call: report() throws
    // Errc::cancelled, and everything built so far is freed on the way out.
    std::function<bool(const char* stage, std::uint64_t done, std::uint64_t total)> progress;

    void report(const char* stage, std::uint64_t done = 0, std::uint64_t total = 0) const {
        if (progress && !progress(stage, done, total))
            fail(Errc::cancelled, std::string("cancelled by the progress callback (stage '") + stage + "')");
    }
};

// The sources of a sum of blocks scheduled by IC-Sweep, in its interleaved
// order: path[k] names the member (index into `members`) whose next source
// runs. f(b, x) gets each as the x-th source of block b.
template <class F>
void for_each_swept_source(std::span<const std::uint32_t> members, std::span<const std::uint32_t> path, F&& f) {
    std::vector<std::uint32_t> next(members.size(), 0);
    for (std::uint32_t k : path) f(members[k], next[k]++);
}

struct Result {
    Status status = Status::heuristic;
    Method method = Method::greedy;
    std::string reason;  // why not proven (empty when ic_optimal)
    std::vector<NodeId> order;
    pebble::Evaluation eval;  // of `order` on the input dag
    // Certificate (filled whenever the decomposition succeeded; 0 when the
    // dag was proven no composition before its shortcuts were looked for).
    std::uint64_t shortcuts_removed = 0;
    // Block b's schedule: its sources in execution order, profile, shape.
    blocks::ScheduleTable blocks;
    // Block b's sinks: block_sinks[block_sink_offsets[b] .. [b+1]) (flat).
    std::vector<std::uint32_t> block_sink_offsets{0};
    BigVector<NodeId> block_sinks;
    // The ▷-linearization as CSR: group g is linearization[group_offsets[g]
    // .. [g+1]); a group of several blocks is a sum of source blocks
    // scheduled by IC-Sweep (interleaved).
    std::vector<std::uint32_t> group_offsets{0};
    std::vector<std::uint32_t> linearization;
    // Groups the decomposition's proof emitted by the forced-join lemma
    // (forced_join.cpp) rather than by Theorem 2.1 / 4.1 (0 unless proven so).
    std::uint32_t forced_joins = 0;

    std::span<const NodeId> sinks(std::size_t b) const noexcept {
        return {block_sinks.data() + block_sink_offsets[b], block_sinks.data() + block_sink_offsets[b + 1]};
    }
    std::size_t group_count() const noexcept { return group_offsets.size() - 1; }
    std::span<const std::uint32_t> group(std::size_t g) const noexcept {
        return {linearization.data() + group_offsets[g], linearization.data() + group_offsets[g + 1]};
    }
    // Exact search: whether it ran, and M(t) when it did.
    bool exact_ran = false;
    std::vector<std::uint32_t> max_profile;
    // An integer ≥ the AREA of every schedule of the dag: eval.area when the
    // schedule is proven (ic_optimal, area_optimal), else the bound of
    // lib/area (or Σ M(t) when smaller).
    std::uint64_t area_bound = 0;
    // (area_bound − AREA) / area_bound: AREA ≥ (1 − gap) × the optimum.
    double area_gap() const noexcept {
        return area_bound == 0 ? 0.0 : static_cast<double>(area_bound - eval.area) / static_cast<double>(area_bound);
    }
};

Result schedule(const Dag& dag, const Options& options = {});

// What schedule() may keep across calls (issue 18; zstd's ZSTD_CCtx model,
// C API ics_workspace): the big arrays a call maps and frees (the
// skeleton's, the decomposition's, the linearizer's, the assembly's; see
// detail::MappingCache) stay mapped here and the next call reuses them
// instead of mapping, faulting in and zeroing new ones. The answer never
// depends on it (tests compare every field with and without one). One
// thread at a time; results may outlive it.
class Workspace {
public:
    // Bytes held between calls (mapped, faulted in, not in use).
    std::size_t bytes() const noexcept { return cache_.bytes(); }
    // Gives everything held back to the system.
    void release() noexcept { cache_.release(); }
    detail::MappingCache& cache() noexcept { return cache_; }

private:
    detail::MappingCache cache_;
};

// schedule(dag, options) reusing `workspace`'s arrays (nullptr: none).
Result schedule(const Dag& dag, const Options& options, Workspace* workspace);

// Heuristic used when nothing is proven: execute nonsinks first, each time the
// eligible nonsink that makes the most tasks eligible now (ties: lowest id),
// then the sinks (Lemma 2.1 of sweep-algorithm.txt: sinks last never hurts).
// With `area`, the order's AREA (pebble::area) is written there, summed as
// the order is built (no second pass).
std::vector<NodeId> greedy_order(const Dag& dag, std::uint64_t* area = nullptr);

// Test hook: greedy_order keeps eligible nodes of gain below `buckets`
// (default 2, at most 32) in a MinIdSet per gain, the others in its heap;
// 0: all in the heap (the path before). Returns the previous setting.
std::uint32_t set_greedy_order_buckets(std::uint32_t buckets);
// Test hook: greedy_order's prefetch of a popped node's children's states
// as pebble::ids_local decides (-1), off (0) or on (1). Returns the
// previous setting.
int set_greedy_order_prefetch(int mode);

}  // namespace ics::schedule
