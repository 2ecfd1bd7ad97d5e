// The DAG model (guidelines paper §2.1): named tasks with dense 32-bit ids and
// arcs (u -> v: u must execute before v).
//
// DagBuilder collects nodes and arcs; build() merges duplicate arcs, checks
// acyclicity and freezes everything into an immutable Dag whose adjacency is
// stored as CSR in both directions, so every algorithm walks flat arrays.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "common/error.hpp"
#include "dag/name_table.hpp"

namespace ics {

using NodeId = std::uint32_t;
inline constexpr NodeId kNoNode = 0xFFFFFFFFu;
// Largest node count we accept: ids must stay below kNoNode.
inline constexpr std::uint64_t kMaxNodes = 0x7FFFFFFFu;

class Dag;

class DagBuilder {
public:
    DagBuilder() = default;
    // Starts with these nodes (ids 0..size-1), e.g. a dag's names() or a
    // NameTable::subset of them: nothing is hashed or checked again.
    explicit DagBuilder(NameTable names) : names_(std::move(names)) {}

    // Adds a new node; throws duplicate_node if the name exists, invalid_argument if empty.
    NodeId add_node(std::string_view name);
    // Returns the node called `name`, adding it if absent.
    NodeId ensure_node(std::string_view name);
    // The same for h = name_hash(name), after prefetch_name(h) (batched readers).
    NodeId ensure_node(std::string_view name, std::uint64_t h);
    static std::uint64_t name_hash(std::string_view name) noexcept { return NameTable::hash(name); }
    void prefetch_name(std::uint64_t h) const noexcept { names_.prefetch(h); }
    // Id of `name` or kNoNode.
    NodeId find(std::string_view name) const noexcept { return names_.find(name); }

    // Adds arc u -> v. Throws unknown_node / self_loop. Duplicates are kept
    // until build(), which merges and counts them.
    void add_arc(NodeId u, NodeId v);
    // By name; throws unknown_node naming the missing node.
    void add_arc(std::string_view u, std::string_view v);

    // Merges the duplicate arcs given so far now rather than at build()
    // (Dag::duplicate_arcs() still counts them): readers whose statements
    // repeat arcs keep memory proportional to the distinct ones. Returns the
    // arcs kept.
    std::size_t merge_duplicate_arcs();

    NodeId node_count() const noexcept { return names_.size(); }
    std::size_t arc_count_with_duplicates() const noexcept { return arcs_.size(); }
    std::string_view name(NodeId id) const noexcept { return names_[id]; }
    const char* name_c_str(NodeId id) const noexcept { return names_.c_str(id); }
    // `name_chars`: expected bytes of all names (default 8 per node).
    void reserve(std::size_t nodes, std::size_t arcs, std::size_t name_chars = 0);
    // The same for upper bounds, e.g. the lines of a file (NameTable::reserve_at_most).
    void reserve_at_most(std::size_t nodes, std::size_t arcs, std::size_t name_chars);

    // Freezes into a Dag. Throws cycle (message names one cycle's nodes).
    // The builder stays usable (it is copied, not consumed).
    Dag build() const&;
    // The same, consuming the builder: names move instead of being copied
    // (readers of big files halve their peak memory this way).
    Dag build() &&;

private:
    std::pair<NodeId, bool> ensure(std::string_view name, std::uint64_t h);
    // Reads `arcs`; frees `*spent` (the same arcs, owned by a consumed
    // builder) as soon as they are placed, before the reverse CSR is built.
    static Dag freeze(NameTable names, std::span<const std::pair<NodeId, NodeId>> arcs,
                      std::vector<std::pair<NodeId, NodeId>>* spent);

    NameTable names_;
    std::vector<std::pair<NodeId, NodeId>> arcs_;
    std::uint64_t merged_ = 0;  // duplicates merge_duplicate_arcs() removed
};

class Dag {
public:
    Dag() = default;

    NodeId node_count() const noexcept { return n_; }
    std::uint64_t arc_count() const noexcept { return out_targets_.size(); }
    // Arcs given to the builder more than once (merged).
    std::uint64_t duplicate_arcs() const noexcept { return duplicate_arcs_; }
    bool empty() const noexcept { return n_ == 0; }

    std::string_view name(NodeId v) const noexcept { return names_[v]; }
    const char* name_c_str(NodeId v) const noexcept { return names_.c_str(v); }
    NodeId find(std::string_view name) const noexcept { return names_.find(name); }
    bool valid(NodeId v) const noexcept { return v < n_; }

    std::span<const NodeId> children(NodeId v) const noexcept {
        return {out_targets_.data() + out_offsets_[v], out_targets_.data() + out_offsets_[v + 1]};
    }
    std::span<const NodeId> parents(NodeId v) const noexcept {
        return {in_sources_.data() + in_offsets_[v], in_sources_.data() + in_offsets_[v + 1]};
    }
    std::uint32_t out_degree(NodeId v) const noexcept {
        return static_cast<std::uint32_t>(out_offsets_[v + 1] - out_offsets_[v]);
    }
    std::uint32_t in_degree(NodeId v) const noexcept {
        return static_cast<std::uint32_t>(in_offsets_[v + 1] - in_offsets_[v]);
    }
    bool is_source(NodeId v) const noexcept { return in_degree(v) == 0; }
    bool is_sink(NodeId v) const noexcept { return out_degree(v) == 0; }

    // Sources / sinks in id order.
    std::vector<NodeId> sources() const;
    std::vector<NodeId> sinks() const;

    // A topological order (Kahn, smallest id first among ready nodes in FIFO order).
    std::span<const NodeId> topological_order() const noexcept { return topo_; }
    // Longest-path level: sources are 0, level(v) = 1 + max level(parent).
    std::span<const std::uint32_t> levels() const noexcept { return level_; }
    // Number of distinct levels (longest path counted in nodes); 0 when empty.
    std::uint32_t level_count() const noexcept { return level_count_; }
    // Largest number of nodes sharing one level.
    std::uint32_t max_level_width() const noexcept { return max_level_width_; }

    // Raw CSR arrays for algorithms.
    std::span<const std::uint64_t> out_offsets() const noexcept { return out_offsets_; }
    std::span<const NodeId> out_targets() const noexcept { return out_targets_; }
    std::span<const std::uint64_t> in_offsets() const noexcept { return in_offsets_; }
    std::span<const NodeId> in_sources() const noexcept { return in_sources_; }
    const NameTable& names() const noexcept { return names_; }

    // Builder holding the same nodes and arcs (to derive modified dags).
    DagBuilder to_builder() const;
    std::size_t memory_bytes() const noexcept;

private:
    friend class DagBuilder;

    NodeId n_ = 0;
    std::uint64_t duplicate_arcs_ = 0;
    NameTable names_;
    // BigVector: huge pages for the arrays every algorithm probes at random.
    BigVector<std::uint64_t> out_offsets_{0};
    BigVector<NodeId> out_targets_;
    BigVector<std::uint64_t> in_offsets_{0};
    BigVector<NodeId> in_sources_;
    BigVector<NodeId> topo_;
    BigVector<std::uint32_t> level_;
    std::uint32_t level_count_ = 0;
    std::uint32_t max_level_width_ = 0;
};

}  // namespace ics
