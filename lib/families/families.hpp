// Generators of the dag families the papers study (lib/families/). Each one
// returns a validated Dag whose node names encode the paper's coordinates.
// Arcs always point from a task to the tasks that depend on it.
// Zero or too-small parameters throw Errc::invalid_argument; members with
// more than 2^31-1 nodes or 2^32 arcs throw Errc::too_large before allocating.
//
// Node names (ASCII, no whitespace):
//   W, M, N, C, P[delta]: sources "s1".."sS", sinks "t1".."tT", left to right (1-based)
//   reduction_mesh, out_mesh: node <x,y> is "x_y" (level x+y; "0_0" is the sink / source)
//   reduction_tree: string x is "r" + x (the root, the null string, is "r"; then "r0", "r01", ...)
//   fft: node <l,x> is "l_x", x written as d bits (e.g. "3_010")
//   expansion_reduction: out-tree "e" + x, shared middle level "m" + x, in-tree "r" + x
//   matrix_multiplication: blocks "a<i>_<k>", "b<k>_<j>", products "p<i>_<k>_<j>",
//     partial sums "s<i>_<j>_<h>_<q>", results "c<i>_<j>" (0-based)
//   laplace: powers "w<k>_<i>" (ω^{ik}), running sums "y<k>_<i>" (1-based)
//   divide_conquer: divide "d<x>", base cases "b<x>", combine "c<x>" (x in base-b digits)
//   wavefront, parallel_prefix: "i_j" (row_column; level_position)
//   fmri: "L_s1".., "L_t1"..; the same with "R_"; the sink "mean"
//   random_layered: node i of layer j is "v<j>_<i>"; random_er: "v0".."v<n-1>" (0-based)
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "dag/dag.hpp"

namespace ics::families {

// Building blocks of clustering.txt §2.2.1.
Dag w_dag(std::uint32_t s, std::uint32_t d);  // W_{s,d}: s sources, each with d children, neighbours share one (d >= 2)
Dag m_dag(std::uint32_t s, std::uint32_t d);  // M_{s,d}: the dual of W_{s,d}
Dag n_dag(std::uint32_t s);                   // N_s
Dag cycle_dag(std::uint32_t s);               // C_s (s >= 2)

// Planar bipartite tree P[delta] (overview slides). delta is zigzagged:
// a positive entry k > 1 stands for the integer k, a negative entry -k for the reciprocal 1/k;
// entries alternate and either kind may come first. Each entry is the degree
// of one node (see pbt.cpp): P[4,1/2,2] has sources s1 (4 children), s2 (2).
Dag pbt(std::span<const std::int32_t> delta);
// Parses "3,1/2,2" into {3,-2,2}; throws invalid_argument when not zigzagged.
std::vector<std::int32_t> parse_zigzag(std::string_view text);
// The inverse of parse_zigzag: {3,-2,2} -> "3,1/2,2" (no validation).
std::string format_zigzag(std::span<const std::int32_t> delta);

// Guidelines paper §2.1.
Dag reduction_mesh(std::uint32_t levels);  // M_l, sources on level l-1, sink <0,0>
Dag out_mesh(std::uint32_t levels);        // evolving mesh: the dual of M_l (one source)
Dag reduction_tree(std::uint32_t height);  // complete T_h
// Reduction-tree on a full, prefix-closed set of binary strings ("" is the root).
Dag reduction_tree(std::span<const std::string> strings);
Dag fft(std::uint32_t d);  // F_d, (d+1) * 2^d nodes
// Expansion-reduction: complete out-tree of bisections of depth `depth`, whose
// leaves feed a complete in-tree of the same depth.
Dag expansion_reduction(std::uint32_t depth);

// Familiar computations (overview slides "Familiar Computations";
// sweep-algorithm.txt Fig. 1 and §5; each file cites its construction).
// Recursive matrix multiplication of 2^levels × 2^levels blocks.
Dag matrix_multiplication(std::uint32_t levels);
// Discrete Laplace transform y_k(ω) = Σ_i x_i ω^{ik}, k, i < n, term by term (n >= 2).
Dag laplace(std::uint32_t n);
// Divide-and-conquer: b-ary out-tree of depth h whose leaves feed a b-ary
// in-tree of the same depth (2 <= b <= 36); b = 2 is expansion_reduction.
Dag divide_conquer(std::uint32_t branching, std::uint32_t depth);
// Wavefront: the rows × cols grid, <i,j> -> <i+1,j>, <i,j+1>.
Dag wavefront(std::uint32_t rows, std::uint32_t cols);
// Parallel prefix (scan) of n inputs: the recursive-doubling network.
Dag parallel_prefix(std::uint32_t n);
// fMRI-like dag: two summands that must be interleaved, then one join (width >= 2).
Dag fmri(std::uint32_t width);

// Seeded random dags (same seed -> same dag on every platform).
// `layers` layers of `width` nodes; each node gets an arc from each node of the
// previous layer with probability p (and at least one parent).
Dag random_layered(std::uint32_t layers, std::uint32_t width, double p, std::uint64_t seed);
// Erdos-Renyi over a random permutation: each pair gets an arc with probability p.
Dag random_er(std::uint32_t n, double p, std::uint64_t seed);

// The dag of Fig. 6a of clustering.txt (two out-meshes joined), whose
// ▷-linearization is the chain (3); see clustering_fig6.cpp for the names.
Dag clustering_fig6();

}  // namespace ics::families
