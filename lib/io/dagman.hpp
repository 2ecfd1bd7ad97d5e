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
    // 0-based lines of the PRIORITY statements in this file that name an
    // anchored node or ALL_NODES (rewrite_priorities drops them).
    std::vector<std::uint32_t> priority_lines;
};

// The top-level file's text with one "PRIORITY <node> <value>" line after the
// anchor line of every anchored node and the PRIORITY lines in
// doc.priority_lines removed; all other lines stay byte for byte (the file's
// own line ending is used). `dag` must be the dag read with `doc` (same names
// by id) and `priority_by_node` must have one value per node, else
// Errc::invalid_argument. Values for nodes without an anchor are not written.
std::string rewrite_priorities(const DagmanDocument& doc, const Dag& dag,
                               std::span<const std::int64_t> priority_by_node);

}  // namespace ics::io
