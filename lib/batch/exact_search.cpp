// Exact RBICSO on one component of H (batch-scheduling.txt §4), for every
// batch size k <= K at once. BICSO is NP-hard (§3), so: a closed form when
// K <= 2, every subset when the component has at most kSubsetMaxSources
// sources (a subset-sum transform, O(2^s·s)), and otherwise a branch and
// bound over subsets of size <= K within a budget of search nodes (for
// K <= kSearchMaxBatch: the witnesses take K² entries).
//
// The bound: order the sources by decreasing degree and attribute each sink
// to its parent of largest rank. A sink completed after the search has
// committed to ranks < i has its largest-rank parent at rank >= i, and that
// parent is among the new choices; so t more sources complete at most
// min(t · max_{x>=i} g(x), Σ_{x>=i} g(x)) sinks, g(x) the sinks attributed to x.
#include <algorithm>
#include <bit>

#include "batch/batch_detail.hpp"

namespace ics::batch::detail {

namespace {

void subsets(const Local& l, std::uint32_t K, Answer* out) {
    const std::uint32_t s = l.s;
    std::vector<std::int32_t> count(std::size_t(1) << s, 0);
    for (std::uint32_t v = 0; v < l.t; ++v) {
        std::uint32_t mask = 0;
        for (std::uint32_t y = l.sink_off[v]; y < l.sink_off[v + 1]; ++y) mask |= 1u << l.sink_par[y];
        ++count[mask];
    }
    // count[mask] := sinks whose parents all lie in mask (zeta transform over subsets).
    for (std::uint32_t b = 0; b < s; ++b)
        for (std::uint32_t mask = 0; mask < count.size(); ++mask)
            if (mask & (1u << b)) count[mask] += count[mask ^ (1u << b)];
    std::vector<std::uint32_t> best_mask(K + 1, 0);
    out->value.assign(K + 1, -1);
    for (std::uint32_t mask = 0; mask < count.size(); ++mask) {
        const auto k = static_cast<std::uint32_t>(std::popcount(mask));
        if (k <= K && count[mask] > out->value[k]) {
            out->value[k] = count[mask];
            best_mask[k] = mask;
        }
    }
    out->init_sets(K);
    for (std::uint32_t k = 0; k <= K; ++k) {
        std::vector<std::uint32_t> set;
        for (std::uint32_t b = 0; b < s; ++b)
            if (best_mask[k] & (1u << b)) set.push_back(b);
        out->set_witness(k, set);
    }
}

// K <= 2: every sink has at most two parents (r <= 2, or s == 2).
void pairs(const Local& l, std::uint32_t K, Answer* out) {
    std::vector<std::int32_t> phi(l.s, 0);
    std::vector<std::pair<std::uint32_t, std::uint32_t>> two;
    for (std::uint32_t v = 0; v < l.t; ++v) {
        const std::uint32_t* p = l.sink_par.data() + l.sink_off[v];
        if (l.sink_off[v + 1] - l.sink_off[v] == 1) ++phi[p[0]];
        else two.emplace_back(std::min(p[0], p[1]), std::max(p[0], p[1]));
    }
    std::vector<std::uint32_t> rank(l.s);
    for (std::uint32_t u = 0; u < l.s; ++u) rank[u] = u;
    std::sort(rank.begin(), rank.end(), [&](std::uint32_t a, std::uint32_t b) {
        return phi[a] != phi[b] ? phi[a] > phi[b] : a < b;
    });
    out->init_sets(K);
    out->value.assign(K + 1, 0);
    out->value[1] = phi[rank[0]];
    out->set_witness(1, std::span(rank.data(), 1));
    if (K < 2) return;
    std::uint32_t best[2] = {rank[0], rank[1]};
    std::int32_t value = phi[rank[0]] + phi[rank[1]];
    // Pairs sharing sinks (the loop also covers the top two when they share some).
    std::sort(two.begin(), two.end());
    for (std::size_t x = 0; x < two.size();) {
        std::size_t y = x;
        while (y < two.size() && two[y] == two[x]) ++y;
        const std::int32_t v = phi[two[x].first] + phi[two[x].second] + static_cast<std::int32_t>(y - x);
        if (v > value) {
            value = v;
            best[0] = two[x].first;
            best[1] = two[x].second;
        }
        x = y;
    }
    out->value[2] = value;
    out->set_witness(2, std::span(best, 2));
}

// Σ_{k<=K} C(s, k), the sets of size <= K (s <= kSubsetMaxSources).
std::uint64_t sets_up_to(std::uint32_t s, std::uint32_t K) {
    std::uint64_t c = 1, total = 1;
    for (std::uint32_t k = 1; k <= K && k <= s; ++k) {
        c = c * (s - k + 1) / k;
        total += c;
    }
    return total;
}

class BranchAndBound {
public:
    BranchAndBound(const Local& l, std::uint32_t K, std::uint64_t* budget, Answer* out)
        : l_(l), K_(K), budget_(budget), out_(out) {
        // Rank by decreasing degree; sources with the same sinks (twins, which
        // any batch may swap) get adjacent ranks, and the search takes a twin
        // only after the one before it.
        std::vector<std::vector<std::uint32_t>> sinks(l.s);
        for (std::uint32_t u = 0; u < l.s; ++u) {
            sinks[u].assign(l.src_sink.begin() + l.src_off[u], l.src_sink.begin() + l.src_off[u + 1]);
            std::sort(sinks[u].begin(), sinks[u].end());
        }
        by_rank_.resize(l.s);
        for (std::uint32_t u = 0; u < l.s; ++u) by_rank_[u] = u;
        std::sort(by_rank_.begin(), by_rank_.end(), [&](std::uint32_t a, std::uint32_t b) {
            if (sinks[a].size() != sinks[b].size()) return sinks[a].size() > sinks[b].size();
            return sinks[a] != sinks[b] ? sinks[a] < sinks[b] : a < b;
        });
        twin_.assign(l.s, 0);
        for (std::uint32_t x = 1; x < l.s; ++x) twin_[x] = sinks[by_rank_[x]] == sinks[by_rank_[x - 1]];
        std::vector<std::uint32_t> rank(l.s);
        for (std::uint32_t x = 0; x < l.s; ++x) rank[by_rank_[x]] = x;
        std::vector<std::int64_t> g(l.s + 1, 0);
        missing_.resize(l.t);
        for (std::uint32_t v = 0; v < l.t; ++v) {
            std::uint32_t top = 0;
            for (std::uint32_t y = l.sink_off[v]; y < l.sink_off[v + 1]; ++y) top = std::max(top, rank[l.sink_par[y]]);
            ++g[top];
            missing_[v] = l.sink_off[v + 1] - l.sink_off[v];
        }
        suf_sum_.assign(l.s + 1, 0);
        suf_max_.assign(l.s + 1, 0);
        for (std::uint32_t x = l.s; x-- > 0;) {
            suf_sum_[x] = suf_sum_[x + 1] + g[x];
            suf_max_[x] = std::max(suf_max_[x + 1], g[x]);
        }
    }

    bool run() {
        chosen_.clear();
        return dfs(0, 0);
    }

private:
    // True when no completion from rank i on can beat the incumbents.
    bool hopeless(std::uint32_t i, std::int32_t val) const {
        const std::uint32_t j = static_cast<std::uint32_t>(chosen_.size());
        for (std::uint32_t t = 1; j + t <= K_ && i + t <= l_.s; ++t) {
            const std::int64_t bound = std::min<std::int64_t>(std::int64_t(t) * suf_max_[i], suf_sum_[i]);
            if (val + bound > out_->value[j + t]) return false;
        }
        return true;
    }

    bool dfs(std::uint32_t i, std::int32_t val) {
        if (budget_ != nullptr) {
            if (*budget_ == 0) return false;
            --*budget_;
        }
        const std::uint32_t j = static_cast<std::uint32_t>(chosen_.size());
        if (val > out_->value[j]) {
            out_->value[j] = val;
            out_->set_witness(j, chosen_);
        }
        if (j == K_) return true;
        for (std::uint32_t x = i; x < l_.s; ++x) {
            if (hopeless(x, val)) break;  // the bound only shrinks with x
            if (x > i && twin_[x]) continue;  // its twin x-1 was available: same sets
            const std::uint32_t u = by_rank_[x];
            std::int32_t gained = 0;
            for (std::uint32_t y = l_.src_off[u]; y < l_.src_off[u + 1]; ++y)
                if (--missing_[l_.src_sink[y]] == 0) ++gained;
            chosen_.push_back(u);
            const bool ok = dfs(x + 1, val + gained);
            chosen_.pop_back();
            for (std::uint32_t y = l_.src_off[u]; y < l_.src_off[u + 1]; ++y) ++missing_[l_.src_sink[y]];
            if (!ok) return false;
        }
        return true;
    }

    const Local& l_;
    std::uint32_t K_;
    std::uint64_t* budget_;
    Answer* out_;
    std::vector<std::uint32_t> by_rank_, missing_, chosen_;
    std::vector<std::uint8_t> twin_;
    std::vector<std::int64_t> suf_sum_, suf_max_;
};

}  // namespace

bool exact_search(const Reduction& h, std::uint32_t c, std::uint32_t K, const Answer& incumbent,
                  std::uint64_t* budget, Answer* out) {
    const Local l = localize(h, c);
    *out = Answer{};
    // Small components: the subset transform, or the plain search when it
    // visits far fewer sets (Σ_{k<=K} C(s, k) nodes at most), without budget.
    const bool small = l.s <= kSubsetMaxSources;
    if (K <= 2) {
        pairs(l, K, out);
    } else if (small && 4 * sets_up_to(l.s, K) >= (std::uint64_t(1) << l.s)) {
        subsets(l, K, out);
    } else if (K > kSearchMaxBatch) {
        *out = incumbent;
        return false;
    } else {
        out->init_sets(K);
        out->value = incumbent.value;
        for (std::uint32_t k = 0; k <= K; ++k) out->set_witness(k, incumbent.witness(k));
        if (!BranchAndBound(l, K, small ? nullptr : budget, out).run()) {
            out->bound = upper_bound_curve(h, c, K);
            for (std::uint32_t k = 0; k <= K; ++k) out->bound[k] = std::max(out->bound[k], out->value[k]);
            out->exact = out->value == out->bound;
            return false;
        }
    }
    out->exact = true;
    out->bound = out->value;
    return true;
}

}  // namespace ics::batch::detail
