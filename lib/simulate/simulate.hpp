// Does IC scheduling make computations faster? An event-driven simulation of
// the IC server (lib/server) handing tasks to workers that arrive, leave,
// differ in speed and sometimes fail — the setting of the papers' experiments
// (clustering.txt §1 cites the Condor and simulation studies; Malewicz, Foster,
// Rosenberg, Wilde 2007; Hall, Rosenberg, Venkataramani, IPDPS 2007).
//
// The simulator is a client of the real dispatcher, not a second one: each
// policy is a ranking handed to server::Server (Ranking::order), workers call
// request / complete / fail / release on it, and E(t) as played is the
// server's own profile. Everything random is drawn from counter-based streams
// keyed by (seed, run, worker or task, attempt), so runs with the same seed
// are paired across policies (the same workers, churn and draws) and the same
// seed gives the same numbers on every machine (no std:: distributions).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "dag/dag.hpp"

namespace ics::simulate {

// Values equal the C API's ics_sim_policy; only grow at the end.
enum class Policy : int {
    icsched = 0,         // icsched's schedule (objective eligibility)
    icsched_memory = 1,  // icsched's schedule, objective memory
    fifo = 2,            // the order a FIFO ready queue runs the dag in
    lifo = 3,            // newest eligible first ("eager")
    level = 4,           // level by level
    random = 5,          // a random topological order, drawn per run
    postorder = 6,       // depth-first from the sinks (memory-lean)
    upward_rank = 7,     // HEFT's upward rank: longest remaining path by duration (critical path first)
    dask_like = 8,       // depth-first by dependents, as dask.order aims: finish a branch, the
                         // child with the most work below first (see ranking.cpp)
    greedy = 9,          // most newly eligible first (schedule::greedy_order)
};
const char* policy_name(Policy p) noexcept;
bool policy_from_name(std::string_view name, Policy& out) noexcept;
inline constexpr int kPolicyCount = 10;

// Values equal ics_sim_durations.
enum class Durations : int {
    unit = 0,         // every task takes 1
    given = 1,        // Options::durations (e.g. the runtimes of a WfFormat / DAX / STG file)
    exponential = 2,  // drawn per task, exponential with mean 1 (the same draw for every policy)
};
// Values equal ics_sim_speeds.
enum class Speeds : int {
    fixed = 0,          // every worker speed 1
    heterogeneous = 1,  // per worker, log-uniform in [1/spread, spread]
    per_task = 2,       // speed 1, each execution's time times a log-uniform draw in [1/spread, spread]
};
// Values equal ics_sim_availability.
enum class Availability : int {
    always = 0,     // every worker present from 0 to the end
    churn = 1,      // each worker alternates up / down periods, exponential with means mean_up / mean_down
    volunteer = 2,  // a volunteer's day: up for duty·period of every period, at a phase drawn per worker
};

struct Options {
    std::uint32_t workers = 4;
    Policy policy = Policy::icsched;
    std::uint64_t seed = 1;
    std::uint32_t runs = 1;
    Durations durations = Durations::unit;
    std::vector<double> given;  // Durations::given: one per task, ≥ 0
    Speeds speeds = Speeds::fixed;
    double spread = 4.0;  // Speeds::heterogeneous / per_task, ≥ 1
    Availability availability = Availability::always;
    double mean_up = 50.0, mean_down = 10.0;  // churn
    double period = 100.0, duty = 0.5;        // volunteer
    // 0 or 1: each waiting worker asks alone; r ≥ 2: the workers waiting at
    // one instant ask together, up to r at once (batch-scheduling.txt §1).
    std::uint32_t batch = 0;
    double failure_probability = 0.0;  // an execution fails (found at its end)
    std::uint32_t retry_limit = 3;     // failures a task may have before it is given up
    // Events one run may process before it is cut (0 = 200 per task and
    // worker, at least 10^6). A task longer than every period its workers
    // stay would otherwise be restarted forever under churn or volunteer days.
    std::uint64_t max_events = 0;
};

// One simulated run.
struct Run {
    double makespan = 0;   // time of the last completion (of the last event when incomplete)
    double idle = 0;       // worker-time present and waiting with no eligible task, up to makespan
    std::uint64_t gridlock = 0;  // completions after which no task was eligible while a worker waited
    std::uint32_t memory_peak = 0;  // most results held at once (executed tasks with an unexecuted child)
    double memory_mean = 0;         // results held, averaged over time
    std::uint32_t executed = 0;
    std::uint32_t failed = 0;       // tasks given up (retry limit)
    bool complete = false;          // every task executed
    bool stalled = false;           // cut by max_events: tasks kept being interrupted (see Options)
    std::vector<std::uint32_t> profile;  // E(t) after t completions, as the server played them
};

// Summary of one metric over the runs: mean and the half-width of its 95%
// confidence interval (Student's t; 0 for one run).
struct Summary {
    double mean = 0, ci95 = 0;
};
enum class Metric : int { makespan = 0, idle = 1, gridlock = 2, memory_peak = 3, memory_mean = 4 };
double metric_of(const Run& r, Metric m) noexcept;
Summary summarize(std::span<const Run> runs, Metric m);

// The ranking (first = best) a policy hands to the server. `durations` is
// used by upward_rank and dask_like (unit when empty); `seed` by random.
std::vector<NodeId> ranking(const Dag& dag, Policy policy, std::span<const double> durations, std::uint64_t seed);

// Options::runs runs with seeds derived from Options::seed. Throws
// invalid_argument for bad options (0 workers, durations of the wrong length
// or negative, spread < 1, probabilities outside [0, 1), ...).
std::vector<Run> simulate(const Dag& dag, const Options& options);

// The seed of run i (so one run can be reproduced alone).
std::uint64_t run_seed(std::uint64_t seed, std::uint32_t run) noexcept;

}  // namespace ics::simulate
