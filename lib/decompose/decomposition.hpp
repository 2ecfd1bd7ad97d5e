// Parsing a shortcut-free dag into connected bipartite building blocks
// (CBBBs) and their super-dag (MRY06 steps 2-3; sweep-algorithm.txt §2).
//
// From the definition of composition, all in-arcs of a node lie in one block
// and all out-arcs of a node lie in one block, so the blocks are the classes
// of arcs under "share a head" or "share a tail" (found in linear time by a
// search that alternates between a node's children and their parents).
// A block is bipartite when none of its nodes is both a tail and a head of
// its arcs. Storage is flat (CSR over blocks): no per-block heap objects.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "dag/big_vector.hpp"
#include "dag/dag.hpp"

namespace ics::decompose {

using BlockId = std::uint32_t;
inline constexpr BlockId kNoBlock = 0xFFFFFFFFu;
inline constexpr std::uint32_t kMaxOffending = 100;

// What the search saw of a block's degrees (no arc read again), enough to
// send it to the block schedulers' fast paths (blocks/schedule_table.hpp):
// - complete: every source feeds every sink (arcs = sources x sinks);
// - w_like: >= 2 sources of one out-degree d >= 2, sinks of in-degree <= 2,
//   sources - 1 of them of in-degree 2 (a W_{s,d} when they form a path);
// - m_like: the dual, >= 2 sources of out-degree 1 or 2, sinks of one
//   in-degree d >= 2, sinks - 1 sources of out-degree 2, sources =
//   sinks (d - 1) + 1 (an M_{s,d} when they form a path);
// - other: none of these (no closed-form chain, not complete).
// Exactly the degree tests of the skeleton recognisers w_chain_in and
// m_order_in (lib/blocks), which then only walk the chain. Checked by the
// search too, while the block's rows are in cache (mesh and wavefront
// levels), so that scheduling the block reads no arc again:
// - w_chain: w_like, and consecutive sources (in increasing id) share a
//   child: the W chain is the sources in increasing id;
// - m_chain: m_like with sinks of in-degree d, and the parents of the i-th
//   sink (in increasing id) are exactly sources i(d-1) .. i(d-1)+d-1: the
//   M chain runs along both lists in increasing id.
enum class BlockForm : std::uint8_t { other, complete, w_like, m_like, w_chain, m_chain };

struct Decomposition {
    // True when every block is bipartite; otherwise `offending` lists nodes
    // that are both a tail and a head inside one block (the dag is not a
    // composition of CBBBs) and `message` says so in words.
    bool bipartite = true;
    std::vector<NodeId> offending;  // increasing id, at most kMaxOffending of them
    std::string message;
    // How many such nodes there are in all (offending may hold fewer).
    std::uint32_t offending_count = 0;
    // False when the super-dag (self-loops aside) has a cycle: every block may
    // be bipartite and the skeleton still not be a composition (e.g. arcs
    // x->v, x->y, w->y, v->z, q->z, q->w give two bipartite blocks B, C with
    // v a sink of B and source of C, and w a sink of C and source of B).
    // `super_cycle` then lists the blocks of one cycle in arc order and
    // `message` (when bipartite) names the nodes joining them.
    bool acyclic = true;
    std::vector<BlockId> super_cycle;
    // The skeleton is a composition of CBBBs (Theorem 2.1 applies).
    bool composite() const noexcept { return bipartite && acyclic; }

    BlockId block_count = 0;
    // Block b's sources (its nonsinks: nodes whose out-arcs are in b) are
    // source_nodes[source_offsets[b] .. source_offsets[b+1]), in increasing id;
    // its sinks (nodes whose in-arcs are in b) likewise. The arcs of b are
    // exactly the out-arcs, in the skeleton, of b's sources.
    std::vector<std::uint32_t> source_offsets{0};
    BigVector<NodeId> source_nodes;
    std::vector<std::uint32_t> sink_offsets{0};
    BigVector<NodeId> sink_nodes;

    // Per node: the block holding its out-arcs / in-arcs (kNoBlock if none).
    // Isolated nodes (no arcs) belong to no block.
    BigVector<BlockId> out_block;
    BigVector<BlockId> in_block;
    std::vector<NodeId> isolated;
    // Per block: its form (BlockForm above), found by the search itself.
    std::vector<BlockForm> forms;

    // Super-dag: arc b -> c (b != c) when a sink of b is a source of c (CSR,
    // deduplicated, increasing). Blocks are numbered in a topological order of
    // the super-dag, so b < c for every arc when `acyclic`: first by the
    // earliest position of their sources in skeleton.topological_order(),
    // then, where that is not topological, re-ranked by Kahn (FIFO, in that
    // order). The blocks on cycles come last when not `acyclic`.
    std::vector<std::uint32_t> super_offsets{0};
    std::vector<BlockId> super_targets;
    std::vector<std::uint32_t> super_in_degree;

    std::span<const NodeId> sources(BlockId b) const noexcept {
        return {source_nodes.data() + source_offsets[b], source_nodes.data() + source_offsets[b + 1]};
    }
    std::span<const NodeId> sinks(BlockId b) const noexcept {
        return {sink_nodes.data() + sink_offsets[b], sink_nodes.data() + sink_offsets[b + 1]};
    }
    std::span<const BlockId> successors(BlockId b) const noexcept {
        return {super_targets.data() + super_offsets[b], super_targets.data() + super_offsets[b + 1]};
    }
};

// The words for `count` nodes that are both a source and a sink of one
// block, `offending` the first of them by id (the first six are named);
// `at_least`: count is only a lower bound (failure_certificate.hpp).
std::string offending_message(const Dag& g, std::span<const NodeId> offending, std::uint32_t count, bool at_least);

// `skeleton` must be shortcut-free (see skeleton/shortcut.hpp) for the
// decomposition to mean what the theory says; any dag is accepted.
Decomposition decompose(const Dag& skeleton);

}  // namespace ics::decompose
