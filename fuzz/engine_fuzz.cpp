// libFuzzer target: the scheduling engine's claims on small dags, checked
// against brute force. The bytes give a dag of at most 14 nodes (arcs from a
// lower to a higher position of a byte-chosen permutation, so it is acyclic
// and its ids are not sorted) and the options (exact search on or off,
// objective, budgets). schedule::schedule must then return a permutation in
// topological order whose profile is its evaluation, and
//   - ic-optimal:   E(t) = M(t) at every step (exact::max_eligible_profile);
//   - area-optimal: AREA = the maximum AREA over all schedules, and no
//                   IC-optimal schedule exists;
//   - always:       area_bound >= the maximum AREA >= AREA.
// The maximum AREA and the existence of an IC-optimal schedule are computed
// here by a plain dynamic program over the 2^n node sets, independently of
// lib/area. A violation aborts (libFuzzer reports it); ics::Error is a
// finding too, except too_large (a budget).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstdio>
#include <string>
#include <vector>

#include "common/error.hpp"
#include "dag/dag.hpp"
#include "exact/oracle.hpp"
#include "fuzz_bytes.hpp"
#include "pebble/pebble.hpp"
#include "schedule/schedule.hpp"

namespace {

void violated(const char* what) {
    std::fprintf(stderr, "engine_fuzz: %s\n", what);
    std::abort();
}

// Max AREA and "some schedule reaches M(t) at every step", by a DP over the
// down-sets (bit masks; n <= 14).
struct Brute {
    std::uint64_t max_area = 0;
    bool ico_exists = false;
};

Brute brute(const ics::Dag& g, const std::vector<std::uint32_t>& m) {
    const std::uint32_t n = g.node_count();
    std::vector<std::uint32_t> parents(n, 0);
    for (ics::NodeId v = 0; v < n; ++v)
        for (ics::NodeId p : g.parents(v)) parents[v] |= 1u << p;
    const std::uint32_t full = (1u << n) - 1;
    auto eligible = [&](std::uint32_t d) {  // nodes outside d whose parents are all in d
        std::uint32_t e = 0;
        for (std::uint32_t v = 0; v < n; ++v)
            if (!(d >> v & 1) && (parents[v] & ~d) == 0) e |= 1u << v;
        return e;
    };
    // best[d]: the largest sum of E over the steps from down-set d to the end
    // (E(d) included); -1 marks a set that is not a down-set. ico[d]: the end
    // is reachable from d through down-sets with E = M(size) only.
    std::vector<std::int64_t> best(full + 1, -1);
    std::vector<std::uint8_t> ico(full + 1, 0);
    std::vector<std::uint32_t> mine(n + 1, 0);  // M(t) again, by this enumeration
    for (std::uint32_t d = full + 1; d-- > 0;) {
        bool down = true;
        for (std::uint32_t v = 0; v < n && down; ++v)
            if ((d >> v & 1) && (parents[v] & ~d) != 0) down = false;
        if (!down) continue;
        const std::uint32_t e = eligible(d);
        const auto count = static_cast<std::uint32_t>(__builtin_popcount(e));
        const auto size = static_cast<std::uint32_t>(__builtin_popcount(d));
        mine[size] = std::max(mine[size], count);
        std::int64_t tail = 0;
        bool reach = d == full;
        for (std::uint32_t v = 0; v < n; ++v)
            if (e >> v & 1) {
                tail = std::max(tail, best[d | 1u << v]);
                reach = reach || ico[d | 1u << v];
            }
        best[d] = count + tail;
        ico[d] = count == m[size] && reach;
    }
    if (mine != m) violated("exact::max_eligible_profile disagrees with the enumeration of all node sets");
    return {static_cast<std::uint64_t>(best[0]), ico[0] != 0};
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    Bytes in{data, size};
    const std::uint32_t n = 1 + in.next() % 14;
    const std::uint8_t knobs = in.next();
    std::vector<std::uint32_t> perm(n);  // position -> node id
    for (std::uint32_t i = 0; i < n; ++i) perm[i] = i;
    for (std::uint32_t i = n; i-- > 1;) std::swap(perm[i], perm[in.next() % (i + 1)]);
    ics::DagBuilder b;
    for (std::uint32_t i = 0; i < n; ++i) b.add_node("t" + std::to_string(i));
    while (in.n >= 1) {
        const std::uint8_t arc = in.next();  // positions: low nibble, high nibble
        const std::uint32_t u = (arc & 15) % n, v = (arc >> 4) % n;
        if (u < v) b.add_arc(perm[u], perm[v]);
    }
    const ics::Dag g = b.build();

    ics::schedule::Options o;
    o.exact_max_nodes = (knobs & 1) ? 20 : 0;  // 0: the decomposition's proofs alone
    o.objective = (knobs & 2) ? ics::schedule::Objective::memory : ics::schedule::Objective::eligibility;
    if (knobs & 4) o.exact_max_downsets = 64;  // tight budgets: the fallbacks
    if (knobs & 8) o.area_max_downsets = 0;
    if (knobs & 16) o.area_max_downsets = std::nullopt;
    if (knobs & 32) o.block.exact_max_sources = 4;

    ics::schedule::Result r;
    try {
        r = ics::schedule::schedule(g, o);
    } catch (const ics::Error& e) {
        if (e.code() == ics::Errc::too_large) return 0;
        std::fprintf(stderr, "engine_fuzz: schedule threw: %s\n", e.what());
        std::abort();
    }
    // The order: a permutation, parents first, evaluated right.
    if (r.order.size() != n) violated("order is not a permutation (size)");
    std::vector<std::uint32_t> pos(n, n);
    for (std::uint32_t i = 0; i < n; ++i) {
        if (r.order[i] >= n || pos[r.order[i]] != n) violated("order is not a permutation");
        pos[r.order[i]] = i;
    }
    for (ics::NodeId v = 0; v < n; ++v)
        for (ics::NodeId c : g.children(v))
            if (pos[v] > pos[c]) violated("order is not topological");
    const ics::pebble::Evaluation ev = ics::pebble::evaluate(g, r.order);
    if (ev.eligible != r.eval.eligible || ev.area != r.eval.area) violated("the result's profile is not its order's");

    const std::vector<std::uint32_t> m = ics::exact::max_eligible_profile(g);
    const Brute bf = brute(g, m);
    if (r.eval.area > bf.max_area) violated("AREA above the brute-force maximum");
    if (r.area_bound < bf.max_area) violated("area_bound below the maximum AREA");
    switch (r.status) {
        case ics::schedule::Status::ic_optimal:
            for (std::uint32_t t = 0; t <= n; ++t)
                if (r.eval.eligible[t] != m[t]) violated("ic-optimal claim below M(t)");
            if (!r.reason.empty()) violated("ic-optimal with a reason");
            if (r.area_bound != r.eval.area) violated("ic-optimal but area_bound != AREA");
            break;
        case ics::schedule::Status::area_optimal:
            if (r.eval.area != bf.max_area) violated("area-optimal claim below the maximum AREA");
            if (bf.ico_exists) violated("area-optimal claim (no IC-optimal schedule) but one exists");
            if (r.area_bound != r.eval.area) violated("area-optimal but area_bound != AREA");
            break;
        case ics::schedule::Status::heuristic:
            if (r.reason.empty()) violated("heuristic without a reason");
            break;
    }
    if (r.exact_ran && r.max_profile != m) violated("the result's M(t) is not the oracle's");
    return 0;
}
