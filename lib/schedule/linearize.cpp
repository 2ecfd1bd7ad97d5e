#include "schedule/linearize.hpp"

#include <algorithm>
#include <queue>
#include <unordered_map>

#include <boost/container/flat_map.hpp>

#include "dag/big_vector.hpp"
#include "priority/priority.hpp"
#include "schedule/memory_aware.hpp"
#include "sweep/ic_sweep.hpp"

namespace ics::schedule {

namespace {

using decompose::BlockId;

using Profile = std::span<const std::uint32_t>;

struct ProfileHash {
    std::size_t operator()(Profile v) const noexcept {
        std::uint64_t h = 1469598103934665603ull;
        for (auto x : v) h = (h ^ x) * 1099511628211ull;
        return static_cast<std::size_t>(h);
    }
};

struct ProfileEq {
    bool operator()(Profile a, Profile b) const noexcept { return std::ranges::equal(a, b); }
};

// A block recognised as one of clustering.txt's families, parsed from its
// shape ("W(s,d)", "M(s,d)", "N(s)", "C(s)", "trivial(d)" = W(1,d)).
struct Family {
    char kind = 0;  // 'W', 'M', 'N', 'C', or 0 when unknown
    std::uint64_t s = 0, d = 0;
};

Family parse_family(std::string_view shape) {
    Family f;
    std::uint64_t a = 0, b = 0;
    int fields = 0;
    auto read = [&](std::string_view rest) {
        std::uint64_t* out = &a;
        bool digits = false;
        for (char c : rest) {
            if (c >= '0' && c <= '9') {
                *out = *out * 10 + static_cast<std::uint64_t>(c - '0');
                digits = true;
            } else if (c == ',' && digits && out == &a) {
                out = &b;
                ++fields;
                digits = false;
            } else if (c == ')' && digits) {
                ++fields;
                return true;
            } else {
                return false;
            }
        }
        return false;
    };
    if (shape.starts_with("trivial(") && read(shape.substr(8)) && fields == 1 && a >= 2) return {'W', 1, a};
    if (shape.size() < 3 || shape[1] != '(') return f;
    const char k = shape[0];
    if (!read(shape.substr(2))) return f;
    if ((k == 'W' || k == 'M') && fields == 2) return {k, a, b};
    if ((k == 'N' || k == 'C') && fields == 1) return {k, a, 0};
    return f;
}

// Theorem 2.2 of clustering.txt: the ▷-priorities it asserts among W, M, N
// and C blocks (true = proven by the theorem; false = not asserted, so the
// caller decides by system (1)).
bool theorem_2_2(const Family& x, const Family& y) {
    if (!x.kind || !y.kind) return false;
    switch (x.kind) {
        case 'W':
            if (y.kind == 'W') return y.d < x.d || (y.d == x.d && y.s >= x.s);
            return true;  // W ▷ every M, N, C
        case 'N': return y.kind == 'N' || y.kind == 'M';
        case 'C': return (y.kind == 'C' && y.s == x.s) || y.kind == 'M';
        case 'M': return y.kind == 'M' && (y.d > x.d || (y.d == x.d && y.s <= x.s));
    }
    return false;
}

// Blocks with equal profiles are interchangeable for ▷ (system (1) only sees
// profiles), so priorities are decided once per pair of distinct profiles:
// an FFT's 57,344 butterflies need one test. Pairs of recognised families
// that Theorem 2.2 covers skip system (1)'s O(s1·s2) test (a mesh's 999
// M-blocks would otherwise cost ~10^8 steps).
class PriorityCache {
public:
    explicit PriorityCache(const blocks::ScheduleTable& blocks) : type_of_(blocks.size()) {
        std::unordered_map<Profile, std::uint32_t, ProfileHash, ProfileEq> ids;
        for (BlockId b = 0; b < blocks.size(); ++b) {
            const Profile p = blocks.profile(b);
            // Neighbouring blocks mostly share a profile: no hashing then.
            if (b > 0 && ProfileEq{}(p, reps_[type_of_[b - 1]])) {
                type_of_[b] = type_of_[b - 1];
                continue;
            }
            auto [it, fresh] = ids.try_emplace(p, static_cast<std::uint32_t>(reps_.size()));
            if (fresh) {
                reps_.push_back(p);
                family_.push_back(parse_family(blocks.shape(b)));
            }
            type_of_[b] = it->second;
        }
        // A table of answers while it stays small (-1 = not decided yet): the
        // linearizer asks about every block it emits.
        if (reps_.size() <= kDenseTypes) dense_.assign(reps_.size() * reps_.size(), -1);
    }
    std::uint32_t type(BlockId b) const { return type_of_[b]; }
    std::uint32_t type_count() const { return static_cast<std::uint32_t>(reps_.size()); }
    bool prio(std::uint32_t a, std::uint32_t b) {
        if (!dense_.empty()) {
            std::int8_t& m = dense_[std::size_t{a} * reps_.size() + b];
            if (m < 0) m = decide(a, b) ? 1 : 0;
            return m != 0;
        }
        const std::uint64_t key = (std::uint64_t{a} << 32) | b;
        auto it = memo_.find(key);
        if (it != memo_.end()) return it->second;
        const bool r = decide(a, b);
        memo_.emplace(key, r);
        return r;
    }

private:
    static constexpr std::size_t kDenseTypes = 2048;  // 4 MB of answers at most
    bool decide(std::uint32_t a, std::uint32_t b) const {
        return theorem_2_2(family_[a], family_[b]) || priority::has_priority(reps_[a], reps_[b]);
    }

    BigVector<std::uint32_t> type_of_;
    std::vector<Profile> reps_;
    std::vector<std::int8_t> dense_;
    std::vector<Family> family_;
    std::unordered_map<std::uint64_t, bool> memo_;
};

class Linearizer {
public:
    Linearizer(const decompose::Decomposition& dec, const blocks::ScheduleTable& blocks, MemoryGuide* guide)
        : dec_(dec), blocks_(blocks), cache_(blocks), pending_(dec.super_in_degree.begin(), dec.super_in_degree.end()),
          bucket_(cache_.type_count()), pos_(dec.block_count, kNotLive), guide_(guide) {
        if (guide_) {
            heaps_.resize(cache_.type_count());
            seq_.assign(dec.block_count, 0);
            version_.assign(dec.block_count, 0);
        }
        for (BlockId b = 0; b < dec.block_count; ++b)
            if (pending_[b] == 0) add_source(b);
    }

    Linearization run() {
        while (live_ > 0) {
            if (out_.proven) out_.proven_groups = static_cast<std::uint32_t>(out_.group_count());
            if (step_single()) continue;
            // Once a step failed nothing can be proven: an IC-Sweep over all
            // source blocks at every later step (quadratic in their number on
            // sums of many copies) would only shape an unproven order, which
            // the pipeline's AREA fallback compares with better ones anyway.
            if (out_.proven && step_sum()) continue;
            step_greedy();
        }
        if (out_.proven) out_.proven_groups = static_cast<std::uint32_t>(out_.group_count());
        if (emitted_ < dec_.block_count) {
            // Blocks left with pending parents: they lie on a super-dag cycle.
            decompose::BlockId stuck = 0;
            while (pending_[stuck] == 0) ++stuck;
            out_.complete = false;
            out_.proven = false;
            out_.reason = "the building blocks depend on each other in a cycle (block #" + std::to_string(stuck) +
                          " " + blocks_.shape(stuck) + " is among " + std::to_string(dec_.block_count - emitted_) +
                          " blocks on super-dag cycles), so the dag is not a composition of bipartite blocks";
        }
        return std::move(out_);
    }

private:
    void add_source(BlockId b) {
        const auto t = cache_.type(b);
        if (bucket_[t].empty()) {
            present_.push_back(t);
            present_dirty_ = true;
        }
        pos_[b] = static_cast<std::uint32_t>(bucket_[t].size());
        bucket_[t].push_back(b);
        ++live_;
        if (guide_) {
            seq_[b] = next_seq_++;
            push_entry(b);
        }
    }

    // Removes b from the remnant; appends the blocks that became sources to `freed`.
    void remove(BlockId b, std::vector<BlockId>& freed) {
        auto& bk = bucket_[cache_.type(b)];
        const BlockId moved = bk.back();
        bk[pos_[b]] = moved;
        pos_[moved] = pos_[b];
        bk.pop_back();
        if (bk.empty()) present_dirty_ = true;
        pos_[b] = kNotLive;
        --live_;
        ++emitted_;
        for (BlockId c : dec_.successors(b))
            if (--pending_[c] == 0) freed.push_back(c);
    }

    void close_group() { out_.offsets.push_back(static_cast<std::uint32_t>(out_.blocks.size())); }

    void compact_present() {
        if (!present_dirty_) return;
        present_dirty_ = false;
        std::erase_if(present_, [&](std::uint32_t t) { return bucket_[t].empty(); });
        std::sort(present_.begin(), present_.end());
        present_.erase(std::unique(present_.begin(), present_.end()), present_.end());
    }

    // Would-be-freed successors of b (their only pending parent is b).
    template <class F>
    bool all_freed(BlockId b, F&& ok) const {
        for (BlockId c : dec_.successors(b))
            if (pending_[c] == 1 && !ok(c)) return false;
        return true;
    }

    bool dominant(std::uint32_t t) {
        for (std::uint32_t u : present_) {
            if (u == t && bucket_[t].size() == 1) continue;
            if (!cache_.prio(t, u)) return false;
        }
        return true;
    }

    // Freed successors must be ▷-dominated by the emitted block's type.
    bool frees_dominated(BlockId b) {
        const auto t = cache_.type(b);
        return all_freed(b, [&](BlockId c) { return cache_.prio(t, cache_.type(c)); });
    }

    // §4.2 (a): a source block with ▷-priority over every source block of R_B.
    bool step_single() {
        compact_present();
        if (guide_) return step_single_memory();
        for (std::uint32_t t : present_) {
            if (!dominant(t)) continue;
            const auto& bk = bucket_[t];
            for (auto it = bk.rbegin(); it != bk.rend(); ++it) {
                if (!frees_dominated(*it)) continue;
                emit_single(*it);
                return true;
            }
        }
        return false;
    }

    // Memory objective: the same admissible blocks, the cheapest first.
    struct Entry {
        std::int64_t delta;
        std::uint64_t seq;
        BlockId block;
        std::uint32_t version;
        bool operator>(const Entry& o) const noexcept {
            return delta != o.delta ? delta > o.delta : seq > o.seq;
        }
    };
    using Heap = std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>>;

    void push_entry(BlockId b) {
        heaps_[cache_.type(b)].push(Entry{guide_->delta(b), seq_[b], b, version_[b]});
    }

    bool step_single_memory() {
        std::vector<Entry> set_aside, best_per_type;
        for (std::uint32_t t : present_) {
            if (!dominant(t)) continue;
            Heap& h = heaps_[t];
            while (!h.empty()) {
                const Entry e = h.top();
                h.pop();
                if (pos_[e.block] == kNotLive || e.version != version_[e.block]) continue;  // stale
                if (frees_dominated(e.block)) {
                    best_per_type.push_back(e);
                    break;
                }
                set_aside.push_back(e);
            }
        }
        const Entry* best = nullptr;
        for (const Entry& e : best_per_type)
            if (!best || *best > e) best = &e;
        for (const Entry& e : best_per_type)
            if (&e != best) heaps_[cache_.type(e.block)].push(e);
        for (const Entry& e : set_aside) heaps_[cache_.type(e.block)].push(e);
        if (!best) return false;
        emit_single(best->block);
        return true;
    }

    // Plays the emitted group in the guide and refreshes the costs it changed.
    void guide_played() {
        guide_->drain_dirty([&](BlockId d) {
            if (pos_[d] == kNotLive) return;
            ++version_[d];
            push_entry(d);
        });
    }

    void emit_single(BlockId b) {
        out_.blocks.push_back(b);
        close_group();
        freed_.clear();
        remove(b, freed_);
        if (guide_) {
            guide_->run_block(b);
            guide_played();
        }
        for (BlockId c : freed_) add_source(c);
    }

    // §4.2 (c): the sum of all source blocks, when (A) it admits an ICO
    // schedule (IC-Sweep) and (B) each summand has priority over every block
    // the sum frees.
    bool step_sum() {
        std::vector<BlockId> sum;
        for (std::uint32_t t : present_)
            for (BlockId b : bucket_[t]) sum.push_back(b);
        if (sum.size() < 2) return false;
        std::sort(sum.begin(), sum.end());
        std::vector<std::vector<std::uint32_t>> profs;
        profs.reserve(sum.size());
        for (BlockId b : sum) {
            const auto p = blocks_.profile(b);
            profs.emplace_back(p.begin(), p.end());
        }
        const sweep::SweepResult sw = sweep::ic_sweep(profs, sweep::SweepOptions{.path = true, .pairs = false, .envelope = false});
        if (!sw.ico) {
            note_failure("no source block has ▷-priority over all others, and the sum of the " +
                         std::to_string(sum.size()) + " source blocks " + describe(sum) +
                         " admits no IC-optimal schedule (IC-Sweep: " + sw.reason + ")");
            return false;
        }
        // (B): blocks freed once the whole sum is removed.
        // Successor -> how many summands feed it, in block order (a flat map:
        // one sorted array, and the first failure reported is the same on
        // every platform).
        boost::container::flat_map<BlockId, std::uint32_t> hits;
        std::size_t arcs = 0;
        for (BlockId b : sum) arcs += dec_.successors(b).size();
        hits.reserve(arcs);
        for (BlockId b : sum)
            for (BlockId c : dec_.successors(b)) ++hits[c];
        for (auto [c, k] : hits) {
            if (pending_[c] != k) continue;
            for (BlockId b : sum)
                if (!cache_.prio(cache_.type(b), cache_.type(c))) {
                    note_failure("the sum of source blocks " + describe(sum) +
                                 " admits an IC-optimal schedule, but block #" + std::to_string(b) + " " +
                                 blocks_.shape(b) + " lacks ▷-priority over block #" + std::to_string(c) + " " +
                                 blocks_.shape(c) + " (condition B of sweep §4.2)");
                    return false;
                }
        }
        out_.swept.push_back(SweptGroup{static_cast<std::uint32_t>(out_.group_count()), sw.path});
        out_.blocks.insert(out_.blocks.end(), sum.begin(), sum.end());
        close_group();
        freed_.clear();
        for (BlockId b : sum) remove(b, freed_);
        if (guide_) {
            guide_->run_sum(sum, out_.swept.back().path);
            guide_played();
        }
        for (BlockId c : freed_) add_source(c);
        return true;
    }

    // Not provable: take the source block that wins ▷ against most others.
    void step_greedy() {
        out_.proven = false;
        BlockId best = decompose::kNoBlock;
        std::int64_t best_score = -1;
        for (std::uint32_t t : present_) {
            if (bucket_[t].empty()) continue;
            std::int64_t wins = 0;
            for (std::uint32_t u : present_)
                if (!bucket_[u].empty() && cache_.prio(t, u)) wins += static_cast<std::int64_t>(bucket_[u].size());
            if (wins > best_score) {
                best_score = wins;
                best = bucket_[t].front();
            }
        }
        if (out_.reason.empty()) note_failure(why_not(best));
        emit_single(best);
    }

    // Names a block that `b` (the best candidate) lacks ▷-priority over.
    std::string why_not(BlockId b) {
        const auto t = cache_.type(b);
        auto lacks = [&](BlockId c) {
            return "no ▷-linearization: the best source block #" + std::to_string(b) + " " + blocks_.shape(b) +
                   " lacks ▷-priority over block #" + std::to_string(c) + " " + blocks_.shape(c);
        };
        for (std::uint32_t u : present_)
            for (BlockId c : bucket_[u])
                if (c != b && !cache_.prio(t, u)) return lacks(c);
        for (BlockId c : dec_.successors(b))
            if (pending_[c] == 1 && !cache_.prio(t, cache_.type(c))) return lacks(c);
        return "no ▷-linearization found";
    }

    void note_failure(std::string why) {
        out_.proven = false;
        if (out_.reason.empty()) out_.reason = std::move(why);
    }

    std::string describe(const std::vector<BlockId>& bs) const {
        std::string s;
        const std::size_t shown = std::min<std::size_t>(bs.size(), 6);
        for (std::size_t i = 0; i < shown; ++i) {
            if (i) s += ", ";
            s += "#" + std::to_string(bs[i]) + " " + blocks_.shape(bs[i]);
        }
        if (shown < bs.size()) s += ", ... (" + std::to_string(bs.size()) + " blocks)";
        return s;
    }

    const decompose::Decomposition& dec_;
    const blocks::ScheduleTable& blocks_;
    PriorityCache cache_;
    BigVector<std::uint32_t> pending_;              // unremoved parents in the super-dag
    std::vector<std::vector<BlockId>> bucket_;      // current source blocks by profile type
    std::vector<std::uint32_t> present_;            // types with a nonempty bucket (lazily compacted)
    bool present_dirty_ = false;                    // present_ may hold empty or repeated types
    std::uint64_t live_ = 0;                        // current source blocks
    std::uint32_t emitted_ = 0;                     // blocks removed from the remnant
    std::vector<BlockId> freed_;                    // scratch for remove()
    static constexpr std::uint32_t kNotLive = 0xFFFFFFFFu;
    BigVector<std::uint32_t> pos_;                  // index in its bucket, kNotLive if not a current source
    MemoryGuide* guide_;                            // null: objective = eligibility
    std::vector<Heap> heaps_;                       // memory objective: per type, by (delta, seq)
    std::vector<std::uint64_t> seq_;                // when each block became a source
    std::vector<std::uint32_t> version_;            // bumped when a block's delta is recomputed
    std::uint64_t next_seq_ = 0;
    Linearization out_;
};

}  // namespace

bool theorem_2_2_priority(std::string_view shape1, std::string_view shape2) {
    return theorem_2_2(parse_family(shape1), parse_family(shape2));
}

Linearization linearize(const decompose::Decomposition& dec, const blocks::ScheduleTable& blocks,
                        MemoryGuide* guide) {
    return Linearizer(dec, blocks, guide).run();
}

}  // namespace ics::schedule
