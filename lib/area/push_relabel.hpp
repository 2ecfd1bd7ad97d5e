// Highest-label push-relabel, first phase only (Goldberg & Tarjan 1988;
// Cherkassky & Goldberg 1997: global relabelling by backward breadth-first
// search from the sink, the gap heuristic), for the Sidney decomposition's
// closure networks (sidney.cpp). Dinic's phases on those networks grow with
// their depth: on an Erdős–Rényi dag of 10^5 nodes its first max-flow
// scanned ~320 arcs per node + arc of the network (issue 18).
//
// The first phase ends with a maximum preflow; the nodes that can still
// reach the sink in its residual network form the smallest sink side of a
// minimum cut (the excess left elsewhere cannot reach it). Run on the
// reversed network (every arc turned around, source and sink swapped), that
// is the smallest source side of a minimum cut of the network itself, which
// is what every maximum flow leaves reachable from the source: the least
// maximizer Dinic finds (sidney.cpp), for a fraction of the work.
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>
#include <vector>

#include "area/flow_network.hpp"

namespace ics::area::detail {

// Cap: std::uint32_t (residuals narrow while they fit) or long long
// (flow_network.hpp).
template <class Cap>
class PushRelabel : public FlowNetwork<Cap> {
    using Net = FlowNetwork<Cap>;
    using Net::arc_;
    using Net::arcs_;
    using Net::cursor_;
    using Net::n_;
    using Net::start_;

public:
    using Capacity = typename Net::Capacity;
    static constexpr bool kReversed = true;  // sidney.cpp builds it with every arc turned around

    // The value of a maximum preflow from s to t, or -1 when `work` (arcs
    // scanned, added to) passes `limit` first, or -2 (narrow only) when a
    // residual would pass `narrow` (work is then left where it stopped).
    Capacity run(std::uint32_t s, std::uint32_t t, std::uint64_t& work, std::uint64_t limit, std::uint64_t narrow) {
        s_ = s;
        t_ = t;
        work += 2 * arcs_;
        d_.assign(n_, n_);
        excess_.assign(n_, 0);
        std::copy(start_.begin(), start_.end() - 1, cursor_.begin());
        // Bucket heads per label, grown with the highest label (labels stay
        // near the network's depth, far below n: peak memory, issue 18).
        act_head_.assign(1, kNone);
        all_head_.assign(1, kNone);
        act_next_.resize(n_);
        all_next_.resize(n_);
        all_prev_.resize(n_);
        // Saturate the arcs out of s.
        for (std::uint32_t e = start_[s]; e < start_[s + 1]; ++e) {
            if (arc_[e].cap == 0) continue;
            if (!push_amount(e, Net::residual(e, std::numeric_limits<Capacity>::max() / 4), narrow)) return -2;
        }
        ++work;
        global_relabel(work);
        // Global relabelling after relabels worth 8 (6n + m) scans (HIPR's
        // measure, a quarter of its frequency: on Erdős–Rényi closure
        // networks more frequent ones only added work).
        std::uint64_t since_global = 0;
        const std::uint64_t global_every = 8 * (6 * std::uint64_t{n_} + arcs_);
        while (max_active_ != kNone) {
            const std::uint32_t v = act_head_[max_active_];
            if (v == kNone) {
                max_active_ = max_active_ == 0 ? kNone : max_active_ - 1;
                continue;
            }
            act_head_[max_active_] = act_next_[v];
            if (d_[v] >= n_ || excess_[v] == 0) continue;
            const std::int8_t r = discharge(v, work, since_global, narrow);
            if (r < 0) return r;
            if (work > limit) return -1;
            if (since_global > global_every) {
                since_global = 0;
                global_relabel(work);
                if (work > limit) return -1;
            }
        }
        // Exact reachability to t for source_side().
        global_relabel(work);
        return excess_[t];
    }
    // After run: whether v can reach t in the residual network (for the
    // reversed network: whether the original source reaches v).
    bool reaches_sink(std::uint32_t v) const { return d_[v] < n_; }
    void release() { *this = PushRelabel(); }

private:
    static constexpr std::uint32_t kNone = 0xFFFFFFFFu;
    // Work units per arc scanned: a scan here costs about two of Dinic's
    // (each push also touches the reverse arc and the head's excess, at
    // random places), so a work budget buys about the same time of either.
    static constexpr std::uint64_t kScanCost = 2;

    // Moves f along arc e (f ≤ its residual) with the excesses; false when
    // a narrow residual would overflow.
    bool push_amount(std::uint32_t e, Capacity f, std::uint64_t narrow) {
        if (!Net::move(e, f, narrow)) return false;
        const std::uint32_t w = arc_[e].to;
        const std::uint32_t v = arc_[arc_[e].rev].to;
        excess_[v] -= f;
        if (excess_[w] == 0 && w != t_ && w != s_ && d_[w] < n_) activate(w);
        excess_[w] += f;
        return true;
    }
    void grow_buckets(std::uint32_t label) {
        if (label >= act_head_.size()) {
            const std::size_t size = std::max<std::size_t>(label + 1, 2 * act_head_.size());
            act_head_.resize(size, kNone);
            all_head_.resize(size, kNone);
        }
    }
    void activate(std::uint32_t w) {
        grow_buckets(d_[w]);
        act_next_[w] = act_head_[d_[w]];
        act_head_[d_[w]] = w;
        if (max_active_ == kNone || d_[w] > max_active_) max_active_ = d_[w];
    }
    void all_insert(std::uint32_t v) {
        const std::uint32_t k = d_[v];
        grow_buckets(k);
        all_prev_[v] = kNone;
        all_next_[v] = all_head_[k];
        if (all_head_[k] != kNone) all_prev_[all_head_[k]] = v;
        all_head_[k] = v;
        if (max_label_ == kNone || k > max_label_) max_label_ = k;
    }
    void all_remove(std::uint32_t v) {
        const std::uint32_t k = d_[v];
        if (all_prev_[v] != kNone)
            all_next_[all_prev_[v]] = all_next_[v];
        else
            all_head_[k] = all_next_[v];
        if (all_next_[v] != kNone) all_prev_[all_next_[v]] = all_prev_[v];
    }

    // Pushes v's excess down admissible arcs, relabelling when none is left.
    // 0 done, -2 narrow overflow.
    std::int8_t discharge(std::uint32_t v, std::uint64_t& work, std::uint64_t& since_global, std::uint64_t narrow) {
        const std::uint32_t end = start_[v + 1];
        while (excess_[v] > 0) {
            const std::uint32_t dv = d_[v];
            std::uint32_t& e = cursor_[v];
            for (; e < end; ++e) {
                work += kScanCost;
                const auto& a = arc_[e];
                if (a.cap > 0 && d_[a.to] + 1 == dv) {
                    if (!push_amount(e, std::min(excess_[v], Net::residual(e, excess_[v])), narrow)) return -2;
                    if (excess_[v] == 0) break;
                }
            }
            if (excess_[v] == 0) break;
            // Relabel: one more than the lowest residual neighbour.
            std::uint32_t low = n_, at = start_[v];
            for (std::uint32_t k = start_[v]; k < end; ++k) {
                const auto& a = arc_[k];
                if (a.cap > 0 && d_[a.to] + 1 < low) {
                    low = d_[a.to] + 1;
                    at = k;
                }
            }
            work += kScanCost * (end - start_[v]);
            since_global += 12 + (end - start_[v]);
            all_remove(v);
            const bool gap = all_head_[dv] == kNone;
            if (gap) {
                // No vertex left at v's label: every one above it (v too)
                // can no longer reach the sink.
                for (std::uint32_t k = dv + 1; max_label_ != kNone && k <= max_label_; ++k) {
                    for (std::uint32_t x = all_head_[k]; x != kNone; x = all_next_[x]) d_[x] = n_;
                    all_head_[k] = kNone;
                }
                max_label_ = dv == 0 ? kNone : dv - 1;
                d_[v] = n_;
                return 0;
            }
            if (low >= n_) {
                d_[v] = n_;
                return 0;
            }
            d_[v] = low;
            cursor_[v] = at;
            all_insert(v);
        }
        return 0;
    }

    // Exact distances to t over residual arcs (backward breadth-first
    // search); vertices that cannot reach t get n. Rebuilds the buckets.
    void global_relabel(std::uint64_t& work) {
        std::fill(d_.begin(), d_.end(), n_);
        std::fill(act_head_.begin(), act_head_.end(), kNone);
        std::fill(all_head_.begin(), all_head_.end(), kNone);
        max_active_ = kNone;
        max_label_ = kNone;
        work += kScanCost * n_;
        // The queue lives in all_prev_ (rebuilt below; peak memory): the
        // lists are rebuilt in queue order through their next links first,
        // their prev links after, when the queue is no longer read.
        std::uint32_t* queue = all_prev_.data();
        std::size_t tail = 0;
        queue[tail++] = t_;
        d_[t_] = 0;
        for (std::size_t h = 0; h < tail; ++h) {
            const std::uint32_t y = queue[h];
            work += kScanCost * (start_[y + 1] - start_[y]);
            for (std::uint32_t e = start_[y]; e < start_[y + 1]; ++e) {
                const std::uint32_t x = arc_[e].to;
                if (d_[x] == n_ && x != s_ && arc_[arc_[e].rev].cap > 0) {
                    d_[x] = d_[y] + 1;
                    queue[tail++] = x;
                }
            }
        }
        for (std::size_t h = 1; h < tail; ++h) {
            const std::uint32_t x = queue[h];
            cursor_[x] = start_[x];
            grow_buckets(d_[x]);
            all_next_[x] = all_head_[d_[x]];
            all_head_[d_[x]] = x;
            if (max_label_ == kNone || d_[x] > max_label_) max_label_ = d_[x];
            if (excess_[x] > 0) activate(x);
        }
        for (std::uint32_t k = 0; max_label_ != kNone && k <= max_label_; ++k) {
            std::uint32_t prev = kNone;
            for (std::uint32_t x = all_head_[k]; x != kNone; x = all_next_[x]) {
                all_prev_[x] = prev;
                prev = x;
            }
        }
    }

    std::uint32_t s_ = 0, t_ = 0;
    std::uint32_t max_active_ = kNone, max_label_ = kNone;
    std::vector<std::uint32_t> d_, act_head_, act_next_, all_head_, all_next_, all_prev_;
    std::vector<Capacity> excess_;
};

}  // namespace ics::area::detail
