// Task durations (runtimes) from the workflow files that record them, for
// simulations (lib/simulate): WfFormat / WorkflowHub JSON ("runtimeInSeconds"
// or "runtime" of each task; 1.5 keeps them in workflow.execution.tasks),
// Pegasus DAX (a job's runtime attribute or its pegasus "runtime" profile)
// and STG (each task's processing time). Edge lists, DOT, DAGMan and
// adjacency JSON record none.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "dag/dag.hpp"
#include "io/io.hpp"

namespace ics::io {

// One duration ≥ 0 per node of `dag` (read from the same file, so names
// match), by node id. Errc::unsupported when the format records none,
// Errc::parse naming the first task without a usable runtime, Errc::io when
// the file cannot be read.
std::vector<double> read_durations(const std::string& path, const Dag& dag, Format format = Format::automatic);
std::vector<double> read_durations_string(std::string_view content, const Dag& dag, Format format,
                                          std::string_view source_name = "<string>");

}  // namespace ics::io
