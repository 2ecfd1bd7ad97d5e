// Σ_exp (batch-scheduling.txt §6, Theorem 4): on expansive dags, run the r
// ELIGIBLE tasks with the largest phi_v, found by linear-time selection.
//
// phi_u counts the tasks u alone makes ELIGIBLE (its sinks in H with no other
// ELIGIBLE parent), psi_u u's other sinks in H. The instance is expansive when
// psi_u <= phi_u for every ELIGIBLE u. The paper's expansive dags (each source
// v has phi_v >= 2 children with no other parent and <= phi_v other children,
// in every building block) satisfy this at every step of every play, because
// all in-arcs of a node lie in one block. The proof of Theorem 4 then holds:
// an optimal batch gains at most Σ_{v in OPT} (phi_v + psi_v) <= 2 Σ phi_v,
// and Σ_exp gains at least the Σ phi_w of its own choice, which is larger, so
// Σ_exp's gain is >= 1/2 (hence the paper's 1/4) of the optimal gain.
#include <algorithm>

#include "batch/batch_detail.hpp"

namespace ics::batch::detail {

namespace {

void phi_psi(const Reduction& h, std::vector<std::uint32_t>& phi, std::vector<std::uint32_t>& psi) {
    phi.assign(h.eligible.size(), 0);
    psi.assign(h.eligible.size(), 0);
    for (std::uint32_t j = 0; j < h.sinks.size(); ++j) {
        const auto ps = h.parents_of_sink(j);
        if (ps.size() == 1) ++phi[ps[0]];
        else
            for (std::uint32_t i : ps) ++psi[i];
    }
}

}  // namespace

Expansive check_expansive(const Dag& g, const Reduction& h) {
    std::vector<std::uint32_t> phi, psi;
    phi_psi(h, phi, psi);
    for (std::uint32_t i = 0; i < phi.size(); ++i)
        if (psi[i] > phi[i])
            return {false, "ELIGIBLE task " + quoted(g.name(h.eligible[i])) + " alone renders " +
                               std::to_string(phi[i]) + " task(s) ELIGIBLE but shares " + std::to_string(psi[i]) +
                               " with other ELIGIBLE tasks (psi > phi: not expansive)"};
    return {true, {}};
}

std::vector<std::uint32_t> sigma_exp(const Reduction& h, std::uint64_t r) {
    std::vector<std::uint32_t> phi, psi;
    phi_psi(h, phi, psi);
    std::vector<std::uint32_t> idx(h.eligible.size());
    for (std::uint32_t i = 0; i < idx.size(); ++i) idx[i] = i;
    auto better = [&](std::uint32_t a, std::uint32_t b) {
        if (phi[a] != phi[b]) return phi[a] > phi[b];
        if (psi[a] != psi[b]) return psi[a] > psi[b];
        return a < b;
    };
    const auto cut = idx.begin() + static_cast<std::ptrdiff_t>(r);
    if (cut != idx.end()) std::nth_element(idx.begin(), cut, idx.end(), better);
    idx.resize(r);
    std::sort(idx.begin(), idx.end());
    return idx;
}

}  // namespace ics::batch::detail
