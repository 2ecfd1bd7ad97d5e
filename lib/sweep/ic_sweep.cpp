// Alg. IC-Sweep (sweep-algorithm.txt §3.1.2, Theorem 3.2): 2-IC-Sweep on
// G1+G2, then on (G1+G2)+G3, ... The merged summand's profile is the previous
// invocation's per-diagonal maximum: any IC-optimal path of the sum projects
// onto IC-optimal paths of its partial sums (a non-maximal projection would
// leave the p-dimensional cell below the maximum), and all IC-optimal paths of
// a partial sum share that profile (§3.1.1, Note).
//
// chain (G1 ▷ ... ▷ Gp): Theorem 3.2 asks for the L-shaped YES path of V_p
// (all of G1, then all of G2, ...), i.e. the concatenated profile equals the
// per-step maximum of E_p at every step, which is the iterated max-plus
// convolution. That holds iff Gi ▷ Gi+1 for consecutive non-empty summands:
// by (1) a cell with mass in adjacent summands i, i+1 can shift it into i
// without losing value, which ends at the L path. If the sum has no IC-optimal
// schedule there is no chain: the L path itself would be one.
#include "sweep/ic_sweep.hpp"

#include <numeric>

#include "common/error.hpp"
#include "priority/priority.hpp"

namespace ics::sweep {

namespace {

std::string summand(std::size_t k) { return "summand " + std::to_string(k); }

// Checks that `path` takes summand k exactly sizes[k] times.
void validate_path(std::span<const std::size_t> sizes, std::span<const std::uint32_t> path) {
    std::vector<std::size_t> used(sizes.size(), 0);
    for (std::size_t t = 0; t < path.size(); ++t) {
        const std::uint32_t k = path[t];
        if (k >= sizes.size())
            fail(Errc::invalid_argument, "path step " + std::to_string(t) + " names " + summand(k) + " of " +
                                             std::to_string(sizes.size()));
        if (++used[k] > sizes[k])
            fail(Errc::invalid_argument, "path step " + std::to_string(t) + " executes " + summand(k) +
                                             " more than its " + std::to_string(sizes[k]) + " steps");
    }
    for (std::size_t k = 0; k < sizes.size(); ++k)
        if (used[k] != sizes[k])
            fail(Errc::invalid_argument, "path executes " + summand(k) + " " + std::to_string(used[k]) +
                                             " times, expected " + std::to_string(sizes[k]));
}

// Why G1 ▷ ... ▷ Gp fails, given that the sum is ico: the first step where
// the concatenated profile falls short, and a consecutive pair violating (1).
std::string chain_failure(std::span<const std::vector<std::uint32_t>> profiles,
                          std::span<const std::uint32_t> concat, std::span<const std::uint32_t> best) {
    std::size_t t = 0;
    while (concat[t] == best[t]) ++t;
    std::string s = "no \u25B7-chain: executing the summands one after another gives E(" + std::to_string(t) +
                    ") = " + std::to_string(concat[t]) + " < " + std::to_string(best[t]) + " (the maximum)";
    std::size_t prev = profiles.size();
    for (std::size_t k = 0; k < profiles.size(); ++k) {
        if (profiles[k].size() == 1) continue;  // empty summands take no part in the chain
        if (prev != profiles.size())
            if (auto v = priority::find_violation(profiles[prev], profiles[k]))
                return s + "; " + priority::describe(*v, profiles[prev], profiles[k], summand(prev), summand(k));
        prev = k;
    }
    return s;
}

// G1 ▷ G2 ▷ ... in the given order: each non-empty summand has priority over
// the next non-empty one.
bool chain_in_order(std::span<const std::vector<std::uint32_t>> profiles) {
    const std::vector<std::uint32_t>* prev = nullptr;
    for (const auto& e : profiles) {
        if (e.size() == 1) continue;
        if (prev && !priority::has_priority(*prev, e)) return false;
        prev = &e;
    }
    return true;
}

}  // namespace

namespace {

SweepResult sweep_impl(std::span<const std::vector<std::uint32_t>> profiles, const SweepOptions& options,
                       bool shortcut) {
    if (profiles.empty()) fail(Errc::invalid_argument, "IC-Sweep: no profiles");
    const std::size_t p = profiles.size();
    if (p > kNone) fail(Errc::too_large, "IC-Sweep: too many summands");
    std::vector<std::size_t> sizes(p);
    for (std::size_t k = 0; k < p; ++k) {
        priority::validate_profile(profiles[k], summand(k));
        sizes[k] = profiles[k].size() - 1;
    }

    SweepResult r;
    if (options.pairs) {
        r.pairs.assign(p * p, 0);
        for (std::size_t i = 0; i < p; ++i)
            for (std::size_t j = 0; j < p; ++j) r.pairs[i * p + j] = priority::has_priority(profiles[i], profiles[j]);
    }

    if (shortcut && chain_in_order(profiles)) {
        // Theorem 3.2: the L path is IC-optimal, and it is the path the
        // merges below would recover (each 2-IC-Sweep's walk back takes the
        // merged summands' steps as early as possible, and the L path is all
        // YES); its profile is the concatenation. p - 1 tests of (1) instead
        // of Σ_{i<j} n_i n_j cells.
        r.ico = r.chain = true;
        std::uint64_t steps = 0;
        for (const std::size_t s : sizes) steps += s;
        if (steps >= kNone) fail(Errc::too_large, "2-IC-Sweep: 2^32-1 steps or more");
        r.profile.reserve(steps + 1);
        r.profile.push_back(0);
        for (const auto& e : profiles) {
            const std::uint64_t base = r.profile.back();
            for (std::size_t x = 1; x < e.size(); ++x) {
                if (base + e[x] > std::uint64_t{kNone})
                    fail(Errc::too_large, "IC-Sweep: a per-step maximum exceeds 2^32-1 eligible nodes");
                r.profile.push_back(static_cast<std::uint32_t>(base + e[x]));
            }
        }
        if (options.path) {
            r.path.reserve(steps);
            for (std::size_t k = 0; k < p; ++k) r.path.insert(r.path.end(), sizes[k], static_cast<std::uint32_t>(k));
        }
        if (options.envelope) r.envelope = r.profile;
        return r;
    }

    std::vector<std::uint32_t> merged = profiles[0];
    std::vector<std::uint32_t> path;
    if (options.path) path.assign(sizes[0], 0);
    for (std::size_t k = 0; k + 1 < p; ++k) {
        TwoSweep s = shortcut ? two_sweep(merged, profiles[k + 1], options.path)
                              : two_sweep_reference(merged, profiles[k + 1], options.path);
        if (!s.ico) {
            r.failed_group = static_cast<std::uint32_t>(k);
            r.failed_diagonal = s.failed_diagonal;
            const std::string group = k == 0 ? summand(0) : "summands 0.." + std::to_string(k);
            r.reason = "no IC-optimal schedule: 2-IC-Sweep of (" + group + ") + " + summand(k + 1) +
                       " finds no YES on diagonal " + std::to_string(s.failed_diagonal) + " (maximum " +
                       std::to_string(s.maxima.back()) +
                       " is off every rectilinear path of maxima); hence no \u25B7-chain either";
            if (options.envelope) {
                r.envelope = max_plus_all(merged, profiles.subspan(k + 1));
            }
            return r;
        }
        if (options.path) {  // merged steps replay the previous path; others are summand k+1
            std::vector<std::uint32_t> next;
            next.reserve(s.moves.size());
            std::size_t from = 0;
            for (const std::uint8_t down : s.moves) next.push_back(down ? path[from++] : static_cast<std::uint32_t>(k + 1));
            path = std::move(next);
        }
        merged = std::move(s.maxima);
    }

    r.ico = true;
    r.path = std::move(path);
    std::vector<std::uint32_t> concat{0};  // the L path: all of G1, then all of G2, ...
    concat.reserve(merged.size());
    for (const auto& e : profiles) {
        const std::uint64_t base = concat.back();
        for (std::size_t x = 1; x < e.size(); ++x) concat.push_back(static_cast<std::uint32_t>(base + e[x]));
    }
    r.chain = concat == merged;
    if (!r.chain) r.reason = chain_failure(profiles, concat, merged);
    if (options.envelope) r.envelope = merged;
    r.profile = std::move(merged);
    return r;
}

}  // namespace

SweepResult ic_sweep(std::span<const std::vector<std::uint32_t>> profiles, const SweepOptions& options) {
    return sweep_impl(profiles, options, true);
}

SweepResult ic_sweep_reference(std::span<const std::vector<std::uint32_t>> profiles, const SweepOptions& options) {
    return sweep_impl(profiles, options, false);
}

std::vector<std::uint32_t> path_profile(std::span<const std::vector<std::uint32_t>> profiles,
                                        std::span<const std::uint32_t> path) {
    std::vector<std::size_t> sizes(profiles.size());
    for (std::size_t k = 0; k < profiles.size(); ++k) {
        priority::validate_profile(profiles[k], summand(k));
        sizes[k] = profiles[k].size() - 1;
    }
    validate_path(sizes, path);
    std::vector<std::size_t> done(profiles.size(), 0);
    std::vector<std::uint32_t> out{0};
    out.reserve(path.size() + 1);
    std::uint64_t e = 0;
    for (const std::uint32_t k : path) {
        e = e - profiles[k][done[k]] + profiles[k][done[k] + 1];
        ++done[k];
        if (e > kNone) fail(Errc::too_large, "path_profile: a value exceeds 2^32-1");
        out.push_back(static_cast<std::uint32_t>(e));
    }
    return out;
}

std::vector<std::uint32_t> interleave(std::span<const std::vector<std::uint32_t>> schedules,
                                      std::span<const std::uint32_t> path) {
    std::vector<std::size_t> sizes(schedules.size());
    for (std::size_t k = 0; k < schedules.size(); ++k) sizes[k] = schedules[k].size();
    validate_path(sizes, path);
    std::vector<std::size_t> next(schedules.size(), 0);
    std::vector<std::uint32_t> order;
    order.reserve(path.size());
    for (const std::uint32_t k : path) order.push_back(schedules[k][next[k]++]);
    return order;
}

}  // namespace ics::sweep
