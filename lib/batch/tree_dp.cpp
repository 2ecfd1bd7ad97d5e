// Σ_DP (batch-scheduling.txt §5, Lemma 3): RBICSO on a bipartite tree-dag,
// i.e. on a component of H with no undirected cycle, for every batch size.
//
// The tree is rooted at a source w; each sink v below a source u has child
// sources u_{v,1..g}. For the subtree T_u with s_u sources:
//   E1(T_u, k): most ELIGIBLE sinks of T_u when u and k-1 other sources run;
//   E0(T_u, k): the same when u does not run and k others do.
// A sink v of u becomes ELIGIBLE iff u and all of its child sources run, so
// with D_all(v, ·) = ⊗_j E1(T_{u_{v,j}}, ·) and D_any(v, ·) = ⊗_j max(E0, E1)
// (⊗ = max-plus convolution):
//   F1(v, k) = max(D_any(v, k), D_all(v, k) + 1),  F0(v, k) = D_any(v, k),
//   E1(T_u, ·) = [u] ⊗ (⊗_v F1(v, ·)),              E0(T_u, ·) = ⊗_v F0(v, ·),
// a leaf sink (no child sources, private to u) giving F1 = [1], F0 = [0].
// The component's curve is max(E0, E1)(T_w, k). Tables are capped at K
// entries, so the time is O(Σ_u min(s_u, K)·deg), at most O(s·K) per
// convolution level (the usual tree-knapsack bound).
#include <algorithm>

#include "batch/batch_detail.hpp"

namespace ics::batch::detail {

bool is_tree(const Reduction& h, std::uint32_t c) {
    std::uint64_t arcs = 0;
    for (std::uint32_t i : h.sources_of(c)) arcs += h.sinks_of_source(i).size();
    return arcs + 1 == h.sources_of(c).size() + h.sinks_of(c).size();  // connected, so a tree iff |A| = |N| - 1
}

using Curve = std::vector<std::int32_t>;
using View = std::span<const std::int32_t>;

class TreeDp {
public:
    TreeDp(const Reduction& h, std::uint32_t c, std::uint32_t K) : h_(h), c_(c), K_(K) {
        const auto srcs = h.sources_of(c);
        const std::uint32_t s = static_cast<std::uint32_t>(srcs.size());
        const std::uint32_t t = static_cast<std::uint32_t>(h.sinks_of(c).size());
        parent_sink_.assign(s, kNoNode);
        parent_src_.assign(t, kNoNode);
        // Breadth-first from the root source (local 0): sources in BFS order.
        order_.reserve(s);
        order_.push_back(0);
        for (std::size_t qi = 0; qi < order_.size(); ++qi) {
            const std::uint32_t u = order_[qi];
            for (std::uint32_t j : h.sinks_of_source(srcs[u])) {
                const std::uint32_t v = h.sink_local[j];
                if (v == parent_sink_[u]) continue;
                parent_src_[v] = u;
                for (std::uint32_t i : h.parents_of_sink(j)) {
                    const std::uint32_t w = h.src_local[i];
                    if (w == u) continue;
                    parent_sink_[w] = v;
                    order_.push_back(w);
                }
            }
        }
        // Sources per subtree, leaves first; then one pool holding every table.
        size_.assign(s, 1);
        for (std::size_t qi = order_.size(); qi-- > 1;) {
            const std::uint32_t u = order_[qi];
            size_[parent_src_[parent_sink_[u]]] += size_[u];
        }
        off_.assign(s, 0);
        len_.assign(s, 0);
        for (std::uint32_t u = 0; u < s; ++u) {
            len_[u] = std::min(size_[u], K_) + 1;
            off_[u] = cells_;
            cells_ += 2 * std::size_t(len_[u]);
        }
    }

    // Table cells run() needs (the memory of Σ_DP, 4 bytes each).
    std::size_t cells() const noexcept { return cells_; }

    // Fills E0 / E1 of every source, leaves first.
    void run() {
        pool_.assign(cells_, kNeg);
        const auto srcs = h_.sources_of(c_);
        Curve acc1, acc0, f1, f0, tmp;
        for (std::size_t qi = order_.size(); qi-- > 0;) {
            const std::uint32_t u = order_[qi];
            acc1.assign({kNeg, 0});
            acc0.assign(1, 0);
            for (std::uint32_t j : h_.sinks_of_source(srcs[u])) {
                if (h_.sink_local[j] == parent_sink_[u]) continue;
                sink_curves(j, u, f1, f0);
                max_plus(acc1, f1, K_, tmp);
                acc1.swap(tmp);
                max_plus(acc0, f0, K_, tmp);
                acc0.swap(tmp);
            }
            std::copy_n(acc1.begin(), std::min<std::size_t>(acc1.size(), len_[u]), pool_.begin() + off_[u]);
            std::copy_n(acc0.begin(), std::min<std::size_t>(acc0.size(), len_[u]), pool_.begin() + off_[u] + len_[u]);
        }
    }

    Curve curve() const {
        Curve best(K_ + 1, kNeg);
        const View e1 = E1(0), e0 = E0(0);
        for (std::uint32_t k = 0; k <= K_ && k < e1.size(); ++k) best[k] = std::max(e1[k], e0[k]);
        return best;
    }

    // Local positions of the sources of an optimal set of size k.
    std::vector<std::uint32_t> witness(std::uint32_t k) const {
        std::vector<std::uint32_t> chosen;
        struct Task {
            std::uint32_t u, k;
            bool run;
        };
        std::vector<Task> stack;
        stack.push_back({0, k, E1(0)[k] >= E0(0)[k]});
        const auto srcs = h_.sources_of(c_);
        Curve f1, f0, dall, dany;
        while (!stack.empty()) {
            const Task task = stack.back();
            stack.pop_back();
            if (task.run) chosen.push_back(task.u);
            // The split of the budget among u's sinks.
            std::vector<std::uint32_t> sinks;
            std::vector<Curve> fs;
            for (std::uint32_t j : h_.sinks_of_source(srcs[task.u])) {
                if (h_.sink_local[j] == parent_sink_[task.u]) continue;
                sink_curves(j, task.u, f1, f0);
                sinks.push_back(j);
                fs.push_back(task.run ? std::move(f1) : std::move(f0));
            }
            const std::vector<View> views(fs.begin(), fs.end());
            const std::vector<std::uint32_t> ks = split(views, task.run ? task.k - 1 : task.k);
            for (std::size_t x = 0; x < sinks.size(); ++x) {
                const std::uint32_t kv = ks[x];
                std::vector<std::uint32_t> children;
                std::vector<Curve> all, any;
                child_curves(sinks[x], task.u, children, all, any);
                sink_tables(all, any, dall, dany);
                // Completing v (all children run) when that attains F1.
                const bool complete = task.run && kv < dall.size() && dall[kv] != kNeg && dall[kv] + 1 == fs[x][kv];
                const std::vector<View> vs = complete ? std::vector<View>(all.begin(), all.end())
                                                      : std::vector<View>(any.begin(), any.end());
                const std::vector<std::uint32_t> kc = split(vs, kv);
                for (std::size_t y = 0; y < children.size(); ++y) {
                    const std::uint32_t w = children[y];
                    const bool run = complete || (kc[y] < E1(w).size() && E1(w)[kc[y]] != kNeg &&
                                                  E1(w)[kc[y]] >= E0(w)[kc[y]]);
                    stack.push_back({w, kc[y], run});
                }
            }
        }
        return chosen;
    }

private:
    View E1(std::uint32_t u) const { return {pool_.data() + off_[u], len_[u]}; }
    View E0(std::uint32_t u) const { return {pool_.data() + off_[u] + len_[u], len_[u]}; }

    // The child sources of sink j below source u, with their E1 and max(E0, E1).
    void child_curves(std::uint32_t j, std::uint32_t u, std::vector<std::uint32_t>& children, std::vector<Curve>& all,
                      std::vector<Curve>& any) const {
        for (std::uint32_t i : h_.parents_of_sink(j)) {
            const std::uint32_t w = h_.src_local[i];
            if (w == u) continue;
            children.push_back(w);
            const View e1 = E1(w), e0 = E0(w);
            all.emplace_back(e1.begin(), e1.end());
            Curve m(e1.size());
            for (std::size_t k = 0; k < m.size(); ++k) m[k] = std::max(e1[k], e0[k]);
            any.push_back(std::move(m));
        }
    }

    void sink_tables(const std::vector<Curve>& all, const std::vector<Curve>& any, Curve& dall, Curve& dany) const {
        Curve tmp;
        dall.assign(1, 0);
        dany.assign(1, 0);
        for (std::size_t y = 0; y < all.size(); ++y) {
            max_plus(dall, all[y], K_, tmp);
            dall.swap(tmp);
            max_plus(dany, any[y], K_, tmp);
            dany.swap(tmp);
        }
    }

    // F1 / F0 of sink j below source u, straight from the stored tables.
    void sink_curves(std::uint32_t j, std::uint32_t u, Curve& f1, Curve& f0) const {
        Curve& dall = f1;  // built in place: F1 = max(D_any, D_all + 1) below
        Curve& dany = f0;
        dall.assign(1, 0);
        dany.assign(1, 0);
        for (std::uint32_t i : h_.parents_of_sink(j)) {
            const std::uint32_t w = h_.src_local[i];
            if (w == u) continue;
            const View e1 = E1(w), e0 = E0(w);
            any_.resize(e1.size());
            for (std::size_t k = 0; k < e1.size(); ++k) any_[k] = std::max(e1[k], e0[k]);
            max_plus(dall, e1, K_, tmp_);
            dall.swap(tmp_);
            max_plus(dany, any_, K_, tmp_);
            dany.swap(tmp_);
        }
        for (std::size_t k = 0; k < dall.size(); ++k)
            dall[k] = std::max(dany[k], dall[k] == kNeg ? kNeg : dall[k] + 1);
    }

    const Reduction& h_;
    std::uint32_t c_, K_;
    std::vector<std::uint32_t> order_, parent_sink_, parent_src_, len_, size_;
    std::vector<std::size_t> off_;
    std::size_t cells_ = 0;
    std::vector<std::int32_t> pool_;  // per source: E1 then E0, len_ entries each
    mutable Curve any_, tmp_;         // scratch of sink_curves
};

bool tree_dp(const Reduction& h, std::uint32_t c, std::uint32_t K, std::uint64_t max_cells, Answer* out) {
    auto dp = std::make_shared<TreeDp>(h, c, K);
    if (dp->cells() > max_cells) return false;
    dp->run();
    Answer& a = *out;
    a = Answer{};
    a.kind = Answer::Kind::tree;
    a.exact = true;
    a.value = dp->curve();
    a.bound = a.value;
    a.tree = std::move(dp);
    return true;
}

std::vector<std::uint32_t> tree_dp_witness(const Answer& a, std::uint32_t k) { return a.tree->witness(k); }

}  // namespace ics::batch::detail
