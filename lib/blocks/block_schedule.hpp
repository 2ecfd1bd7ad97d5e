// Schedules of single CBBBs (connected bipartite building blocks) and their
// eligibility profiles, as used by the ▷ priority and IC-Sweep.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "dag/dag.hpp"

namespace ics::blocks {

// How a block's schedule was obtained.
enum class Kind : int {
    trivial = 0,   // one source (every order is the same)
    w_dag = 1,     // W_{s,d}
    m_dag = 2,     // M_{s,d}
    n_dag = 3,     // N_s
    cycle_dag = 4, // C_s
    q_dag = 5,     // complete bipartite Q_{s,t}
    pbt = 6,       // planar bipartite tree (greedy Σ_S of the slides)
    exact = 7,     // exhaustive search over subsets of sources (≤ 24 sources)
    dual = 8,      // dual of a known schedule of the dual block
    greedy = 9,    // not proven: greedy order
    product = 10,  // X(m,n): one sink per (a, b) pair of two source sides (matrix products)
};
const char* kind_name(Kind k) noexcept;

struct BlockSchedule {
    Kind kind = Kind::greedy;
    bool proven = false;        // true: `order` is IC-optimal for the block
    bool ico_exists = true;     // false only when exact search proved no ICO schedule exists
    std::string shape;          // e.g. "W(3,2)", "C(4)", "Q(2,2)", "P[3,1/2,2]", "bipartite(30 sources)"
    std::vector<NodeId> order;  // the block's sources (global ids), in execution order
    // profile[x] = block sinks all of whose parents are among the first x
    // sources of `order`, x = 0..sources (the E_Σ of sweep §2 / system (1)).
    std::vector<std::uint32_t> profile;
};

struct BlockOptions {
    std::uint32_t exact_max_sources = 24;  // exhaustive search limit (values above 30 act as 30)
    // Work limit (elementary steps, ~3 ns each; the default is ~0.4 s) of the
    // PBT greedy Σ_S, which costs O((n + arcs) log n) when few sources tie on
    // the sinks they complete alone, and more for each tie it must break by
    // comparing further; beyond it the block goes on to the next method as
    // if it were no PBT.
    std::uint64_t pbt_max_work = std::uint64_t{1} << 27;
};

// Schedules the block whose sources are `sources` (global ids in `skeleton`;
// its arcs are all their out-arcs; its sinks are their children).
BlockSchedule schedule_block(const Dag& skeleton, std::span<const NodeId> sources,
                             const BlockOptions& options = {});

// Profile of an arbitrary order of the block's sources (same definition).
std::vector<std::uint32_t> block_profile(const Dag& skeleton, std::span<const NodeId> order);

// schedule_block tries, in this order: the closed forms (trivial, C_s, Q_{s,t},
// W_{s,d}, M_{s,d}, N_s), a planar bipartite tree (within pbt_max_work),
// exhaustive search (≤ exact_max_sources sources), exhaustive search on the
// dual block followed by the dual schedule (≤ exact_max_sources sinks; kind
// dual, Theorem 2.3(a)), and finally the greedy order (kind greedy).
// Shapes: "trivial(d)", "W(s,d)", "M(s,d)" (s sinks of in-degree d), "N(s)",
// "C(s)", "Q(s,t)", "P[δ]", "bipartite(N sources)".
// Every function here that takes sources throws Errc::invalid_argument for an
// empty list, a repeated or unknown id, or a source that is a child of another.

// The closed forms and the PBT greedy only; nullopt for any other block.
std::optional<BlockSchedule> recognize_block(const Dag& skeleton, std::span<const NodeId> sources,
                                             const BlockOptions& options = {});

// Exhaustive search alone (kind exact): proven and ico_exists tell whether an
// IC-optimal order exists; when none does, `order` is the order whose profile
// is lexicographically largest. Throws Errc::too_large above 30 sources.
BlockSchedule exact_block_schedule(const Dag& skeleton, std::span<const NodeId> sources);

// The greedy order alone (kind greedy, never proven).
BlockSchedule greedy_block_schedule(const Dag& skeleton, std::span<const NodeId> sources);

// M(x) = max over sets X of x sources of the sinks all of whose parents lie in
// X, x = 0..sources: the profile of any IC-optimal order. Exhaustive; throws
// Errc::too_large above 30 sources.
std::vector<std::uint32_t> block_max_profile(const Dag& skeleton, std::span<const NodeId> sources);

}  // namespace ics::blocks
