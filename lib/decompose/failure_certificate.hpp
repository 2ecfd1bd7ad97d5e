// A proof that a dag is no composition of CBBBs, found before its shortcuts
// are removed (issue 18: "a dag that does not need [shortcut removal] at
// all, e.g. no block is ever proven, should not pay for it in full").
//
// The skeleton's blocks are the classes of its arcs under "share a head or a
// tail" (decomposition.hpp). Every arc that is no shortcut is an arc of the
// skeleton, so classes joined by such arcs alone are parts of the skeleton's
// classes: when they already put a node's in-arcs and out-arcs together,
// that node is a source and a sink of one skeleton block and the
// decomposition must fail, whatever the other arcs turn out to be. Arcs
// joining consecutive longest-path levels are never shortcuts; others are
// proven so by interval labels (GRAIL) refuting every other path.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "dag/dag.hpp"

namespace ics::decompose {

struct FailureCertificate {
    // Nodes proven to be both a source and a sink of one block of the
    // skeleton, increasing id, at most kMaxOffending of them; the skeleton
    // may have more (`offending_at_least` counts those proven).
    std::vector<NodeId> offending;
    std::uint32_t offending_at_least = 0;
    std::uint64_t arcs_proven = 0;  // arcs proven to be no shortcut
    std::string message;            // the decomposition's words, plus how it was found
};

// Tries only where removing the shortcuts looks costly and mostly futile:
// at least kMinCandidates arcs skip a level, and a sample of them shows most
// are no shortcut of two arcs (random dags; meshes and Montage-like
// workflows, whose long arcs are shortcuts, are left to the full removal).
// nullopt when it does not try or finds nothing; the work is then a few
// passes over the arcs. Never wrong: a certificate means decompose() of the
// skeleton is not composite(). With `skipping`, the number of arcs that
// skip a level is written there (0: the dag is its own skeleton, no
// shortcut removal needed; the gate counts them anyway).
std::optional<FailureCertificate> failure_certificate(const Dag& dag, std::uint64_t* skipping = nullptr);

// The proof alone, on any dag (tests; failure_certificate after its gate):
// O(n + m) besides the labels' traversal, each arc's check bounded.
std::optional<FailureCertificate> prove_not_composite(const Dag& dag);

inline constexpr std::uint64_t kMinCandidates = 4096;

}  // namespace ics::decompose
