// Node priorities written back into the workflow systems users run
// (lib/io/priorities.cpp): HTCondor DAGMan PRIORITY lines, Pegasus DAX
// `condor` priority profiles, WfFormat task fields, Airflow priority_weight
// tables and plain CSV/JSON tables. Priorities come from an execution order:
// the first node gets n, the last 1, since DAGMan, Pegasus (through HTCondor)
// and Airflow start the higher priority first.
//
// The rewriting targets (DAGMan, DAX, WfFormat) keep every byte of the file
// they start from and only add or change the priority statements, so that
// "output minus the priority lines" equals the input.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "dag/dag.hpp"
#include "io/io.hpp"

namespace ics::io {

// Values equal the C API's ics_priority_target; only grow at the end.
enum class PriorityTarget : int {
    dagman = 0,          // the DAGMan file the dag was read from, with PRIORITY lines
    dax = 1,             // the Pegasus DAX it was read from, with <profile namespace="condor" key="priority">
    wfformat = 2,        // its WfFormat JSON with a "priority" field per task (new WfFormat 1.5 for other sources)
    airflow_json = 3,    // {"weight_rule": "absolute", "priority_weight": {task_id: weight}}
    airflow_python = 4,  // the same as a Python module (WEIGHT_RULE, PRIORITY_WEIGHTS)
    csv = 5,             // node,rank,priority
    table_json = 6,      // [{"node": ..., "rank": ..., "priority": ...}]
};

// What happens where the file already gives a node a priority (values equal
// ics_priority_mode).
enum class PriorityMode : int {
    replace = 0,  // ours only: the user's priority statements for those nodes go
    keep = 1,     // a node's own statement wins and stays; the others get ours
    add = 2,      // user * (n + 1) + ours: the user's tiers stay ordered, ours orders within a tier
};

const char* priority_target_name(PriorityTarget t) noexcept;
const char* priority_mode_name(PriorityMode m) noexcept;

struct PriorityOptions {
    PriorityMode mode = PriorityMode::replace;
    // DAGMan only: write prio's (2005) `VARS node JOBPRIORITY="p"` instead of
    // PRIORITY lines, for submit files that say `priority = $(JOBPRIORITY)`.
    bool prio_compat = false;
};

// What was read, as the rewriting targets need it.
struct PrioritySource {
    Format format = Format::automatic;
    std::shared_ptr<const DagmanDocument> dagman;  // Format::dagman
    std::shared_ptr<const SourceText> source;      // Format::dax and Format::wfformat
    // Read with ReadLimits::keep_source = false: the file cannot be rewritten
    // (Errc::unsupported saying how to read it); `dropped_name` is its name.
    bool dropped = false;
    std::string dropped_name;
};

// The user's priority in `mode` combined with ours (`ours` in 1..n):
// replace -> ours, keep -> the user's, add -> user * (n + 1) + ours. A
// result beyond a 32-bit int (what DAGMan and HTCondor accept) is
// Errc::too_large.
std::int64_t combine_priority(PriorityMode mode, std::int64_t user, std::int64_t ours, std::uint32_t n);

// The text of `target` for `dag` with priorities from `order` (a permutation
// of the dag's nodes; the caller checks that it is an execution order).
// Rewriting targets need `src` of their format (Errc::unsupported otherwise,
// except wfformat, which is written anew for other sources) and a dag whose
// node names equal the file's (Errc::invalid_argument naming the first
// difference); a source read without its text (keep_source = false) is
// Errc::unsupported, also for wfformat. DAGMan: a SPLICE whose file is missing is Errc::io.
std::string write_priorities(PriorityTarget target, const Dag& dag, std::span<const NodeId> order,
                             const PriorityOptions& opts, const PrioritySource& src);

// Writes `text` to `path` through a temporary file in the same folder and a
// rename, so that a failure leaves no partial file (and an existing file
// intact). Errc::io naming the path and the cause.
void write_file_atomic(const std::string& path, std::string_view text);

namespace detail {
// Per target (priority_by_node: ours, 1..n, by node id).
std::string rewrite_dax_priorities(std::string_view text, std::string_view source, const Dag& dag,
                                   std::span<const std::int64_t> priority_by_node, const PriorityOptions& opts);
std::string rewrite_wfformat_priorities(std::string_view text, std::string_view source, const Dag& dag,
                                        std::span<const std::int64_t> priority_by_node,
                                        const PriorityOptions& opts);
}  // namespace detail

}  // namespace ics::io
