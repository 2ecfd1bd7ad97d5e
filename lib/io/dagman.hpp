// What the DAGMan reader keeps of the top-level .dag file, so that computed
// node priorities can be written back into it with every other byte left as
// it was (HTCondor manual, "DAGMan Workflows" > "Node Priorities").
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "dag/dag.hpp"
#include "dag/name_table.hpp"
#include "io/io.hpp"

namespace ics::io {

struct DagmanDocument {
    static constexpr std::uint32_t kNoLine = 0xFFFFFFFFu;

    std::string source;                    // file name as given to the reader
    std::string text;                      // the top-level file, verbatim
    std::vector<std::size_t> line_starts;  // byte offset of each physical line (0-based)
    NameTable names;                       // node names by NodeId, as read
    // Per NodeId: 0-based line after which "PRIORITY <node> <value>" goes: the
    // last line of its JOB/DATA/SUBDAG/PROVISIONER statement (the '}' of an
    // inline submit description), or the top-level INCLUDE line that brought
    // it in. kNoLine where DAGMan refuses a PRIORITY from this file: FINAL and
    // SERVICE nodes, and nodes of a SPLICE (named only inside their splice).
    std::vector<std::uint32_t> anchor_line;
    // The priority statements of the top-level DAG (its file and its
    // INCLUDEs, not its splices), in reading order: PRIORITY lines and prio's
    // `VARS node JOBPRIORITY="p"` lines with no other macro. DAGMan applies
    // them in that order, the last one a node gets wins (ALL_NODES counts for
    // every node of the DAG).
    struct PriorityStatement {
        std::uint32_t first = 0, last = 0;  // 0-based lines in the top-level file: the
                                            // statement, or the INCLUDE line that brought it in
        bool in_top_file = false;           // else from an INCLUDE file (never rewritten)
        bool jobpriority_vars = false;      // VARS ... JOBPRIORITY= (else PRIORITY)
        bool all_nodes = false;
        NodeId node = kNoNode;              // the anchored node it names, else kNoNode
        bool has_value = false;             // an integer value could be read
        std::int64_t value = 0;
        std::string where;                  // "<file>:<line>" for messages
    };
    std::vector<PriorityStatement> statements;
    // "<file>:<line>: SPLICE file ... not found" for every splice whose file
    // is missing: its nodes are unknown, so no priorities can be written.
    std::vector<std::string> missing_splices;
};

struct PriorityOptions;

// The top-level file's text with priorities for every anchored node, placed
// after the node's anchor line and after every statement of the user's that
// is kept and would otherwise override it (DAGMan: the last one wins); all
// other lines stay byte for byte (the file's own line ending is used).
// opts.mode decides where the user gave a priority (see PriorityMode);
// replace drops the user's statements of the top-level file for anchored
// nodes and ALL_NODES, add drops their per-node ones (the sum is written
// instead). `dag` must be the dag read with `doc` (same names by id) and
// `priority_by_node` must have one value per node, else
// Errc::invalid_argument. Values for nodes without an anchor are not
// written. A missing SPLICE file is Errc::io; a value beyond 32 bits in add
// mode Errc::too_large; a statement without an integer value that add mode
// needs Errc::parse.
std::string rewrite_priorities(const DagmanDocument& doc, const Dag& dag,
                               std::span<const std::int64_t> priority_by_node, const PriorityOptions& opts);
// The same in replace mode with PRIORITY lines.
std::string rewrite_priorities(const DagmanDocument& doc, const Dag& dag,
                               std::span<const std::int64_t> priority_by_node);

}  // namespace ics::io
