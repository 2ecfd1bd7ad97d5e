#include "schedule/linearize.hpp"

#include <algorithm>
#include <bit>
#include <map>
#include <optional>
#include <queue>
#include <utility>
#include <unordered_map>

#include <boost/container/flat_map.hpp>

#include "common/cpu.hpp"
#include "dag/big_vector.hpp"
#include "priority/priority.hpp"
#include "priority/window_form.hpp"
#include "schedule/forced_join.hpp"
#include "schedule/memory_aware.hpp"
#include "schedule/position_set.hpp"
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
    // reference: system (1) by has_priority alone (the former code, a test oracle).
    PriorityCache(const blocks::ScheduleTable& blocks, bool reference) : type_of_(blocks.size()) {
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
                window_.push_back(reference ? priority::WindowForm::kNone : windows_.add(p));
            }
            type_of_[b] = it->second;
        }
        // A table of answers while it stays small (-1 = not decided yet): the
        // linearizer asks about every block it emits.
        if (reps_.size() <= kDenseTypes) {
            dense_.assign(reps_.size() * reps_.size(), -1);
        } else {
            // Sums of many distinct blocks: two bits per pair while that stays
            // within 32 bytes per block source (8,000 types for 10^6 nodes of
            // random 10x10 blocks: 16 MB), instead of hashing ~10^9 lookups.
            std::uint64_t sources = 0;
            for (BlockId b = 0; b < blocks.size(); ++b) sources += blocks.profile(b).size() - 1;
            const std::uint64_t cells = std::uint64_t(reps_.size()) * reps_.size();
            if (cells / 4 <= 32 * sources) bits_.assign(cells / 32 + 1, 0);
        }
    }
    std::uint32_t type(BlockId b) const { return type_of_[b]; }
    std::uint32_t type_count() const { return static_cast<std::uint32_t>(reps_.size()); }

    // Decides every pair at once before the greedy steps, which ask about all
    // pairs of present types anyway (T² window comparisons for T distinct
    // profiles: 3,205 types, 10^7 tests, on 10^6 nodes of random 10×10
    // blocks): the window-form pairs by WindowForm::priority_matrix's
    // bitsets, the others (Theorem 2.2's families, profiles of more than
    // WindowForm::kMaxSteps steps) by decide(). Same answers as decide();
    // skipped (false) when the matrix or its bitsets would exceed 32 bytes
    // per block source, or too many pairs would need decide().
    bool decide_all(std::uint64_t sources) {
        if (!full_.empty()) return true;
        const std::size_t t = reps_.size(), words = (t + 63) / 64;
        if (t < 2 || window_.empty()) return false;
        std::vector<std::uint32_t> odd, fam;  // types without a window form / of a known family
        for (std::uint32_t a = 0; a < t; ++a) {
            if (window_[a] == priority::WindowForm::kNone) odd.push_back(a);
            if (family_[a].kind) fam.push_back(a);
        }
        if (odd.size() > 64 || fam.size() > 4096) return false;
        const std::size_t budget = 32 * std::max<std::uint64_t>(sources, 1 << 15);
        if (t * words * sizeof(std::uint64_t) > budget) return false;
        std::vector<std::uint64_t> m;
        if (!windows_.priority_matrix(window_, budget - t * words * sizeof(std::uint64_t), m)) return false;
        auto set = [&](std::uint32_t a, std::uint32_t b, bool v) {
            std::uint64_t& w = m[a * words + b / 64];
            const std::uint64_t bit = std::uint64_t{1} << (b % 64);
            w = v ? w | bit : w & ~bit;
        };
        for (std::uint32_t a : fam)  // Theorem 2.2 first, as decide()
            for (std::uint32_t b : fam)
                if (theorem_2_2(family_[a], family_[b])) set(a, b, true);
        for (std::uint32_t a : odd)
            for (std::uint32_t b = 0; b < t; ++b) {
                set(a, b, decide(a, b));
                set(b, a, decide(b, a));
            }
        full_ = std::move(m);
        full_words_ = words;
        return true;
    }
    // Row a of the matrix of decide_all() (empty span before it).
    std::span<const std::uint64_t> row(std::uint32_t a) const {
        if (full_.empty()) return {};
        return {full_.data() + std::size_t{a} * full_words_, full_words_};
    }

    bool prio(std::uint32_t a, std::uint32_t b) {
        if (!full_.empty()) return (full_[std::size_t{a} * full_words_ + b / 64] >> (b % 64)) & 1;
        if (!dense_.empty()) {
            std::int8_t& m = dense_[std::size_t{a} * reps_.size() + b];
            if (m < 0) m = decide(a, b) ? 1 : 0;
            return m != 0;
        }
        if (!bits_.empty()) {
            const std::size_t k = std::size_t{a} * reps_.size() + b;
            std::uint64_t& w = bits_[k / 32];
            const unsigned shift = 2 * static_cast<unsigned>(k % 32);
            const std::uint64_t cell = (w >> shift) & 3u;  // 0 unknown, 2 no, 3 yes
            if (cell) return cell == 3;
            const bool r = decide(a, b);
            w |= std::uint64_t(r ? 3 : 2) << shift;
            return r;
        }
        // Open addressing, linear probing, no allocation per answer (a node
        // per answer was a third of the time on sums of 10^4 distinct
        // blocks); keys are never ~0 (types < 2^32 - 1).
        const std::uint64_t key = (std::uint64_t{a} << 32) | b;
        if (memo_keys_.empty()) {
            memo_keys_.assign(std::size_t{1} << 16, kEmpty);
            memo_vals_.assign(memo_keys_.size(), 0);
        }
        std::size_t mask = memo_keys_.size() - 1, i = mix(key) & mask;
        for (; memo_keys_[i] != kEmpty; i = (i + 1) & mask)
            if (memo_keys_[i] == key) return memo_vals_[i] != 0;
        const bool r = decide(a, b);
        if (2 * (memo_used_ + 1) > memo_keys_.size()) {
            grow_memo();
            mask = memo_keys_.size() - 1;
            for (i = mix(key) & mask; memo_keys_[i] != kEmpty;) i = (i + 1) & mask;
        }
        memo_keys_[i] = key;
        memo_vals_[i] = r ? 1 : 0;
        ++memo_used_;
        return r;
    }

private:
    static constexpr std::size_t kDenseTypes = 2048;  // 4 MB of answers at most
    static constexpr std::uint64_t kEmpty = ~std::uint64_t{0};
    static std::size_t mix(std::uint64_t k) noexcept {
        k ^= k >> 33;
        k *= 0xff51afd7ed558ccdull;
        k ^= k >> 33;
        return static_cast<std::size_t>(k);
    }
    void grow_memo() {
        std::vector<std::uint64_t> keys(memo_keys_.size() * 2, kEmpty);
        std::vector<std::uint8_t> vals(keys.size(), 0);
        const std::size_t mask = keys.size() - 1;
        for (std::size_t j = 0; j < memo_keys_.size(); ++j) {
            if (memo_keys_[j] == kEmpty) continue;
            std::size_t i = mix(memo_keys_[j]) & mask;
            while (keys[i] != kEmpty) i = (i + 1) & mask;
            keys[i] = memo_keys_[j];
            vals[i] = memo_vals_[j];
        }
        memo_keys_.swap(keys);
        memo_vals_.swap(vals);
    }
    bool decide(std::uint32_t a, std::uint32_t b) const {
        if (theorem_2_2(family_[a], family_[b])) return true;
        // Short profiles (random blocks summed by the thousand): system (1)
        // by its windows, 2·min(s1, s2) comparisons instead of the table.
        if (window_[a] != priority::WindowForm::kNone && window_[b] != priority::WindowForm::kNone)
            return windows_.has_priority(window_[a], window_[b]);
        return priority::has_priority(reps_[a], reps_[b]);
    }

    BigVector<std::uint32_t> type_of_;
    std::vector<Profile> reps_;
    std::vector<std::uint64_t> full_;  // decide_all(): bit b of row a = a ▷ b
    std::size_t full_words_ = 0;
    std::vector<std::int8_t> dense_;
    std::vector<std::uint64_t> bits_;  // beyond kDenseTypes, while small enough: 2 bits per pair
    std::vector<Family> family_;
    priority::WindowForm windows_;       // system (1) in window form for profiles of few steps
    std::vector<std::uint32_t> window_;  // per type: its index in windows_, or WindowForm::kNone
    std::vector<std::uint64_t> memo_keys_;  // beyond kDenseTypes: (a << 32) | b, kEmpty when free
    std::vector<std::uint8_t> memo_vals_;
    std::size_t memo_used_ = 0;
};

// Σ popcount(a[i] & b[i]): the default x86-64 target has no POPCNT
// instruction (std::popcount becomes a libgcc call, 9% of the linearizer on
// sums of random blocks), so a copy for CPUs that have it is picked at run time.
inline std::int64_t and_popcount_any(const std::uint64_t* a, const std::uint64_t* b, std::size_t n) {
    std::int64_t c = 0;
    for (std::size_t i = 0; i < n; ++i) c += std::popcount(a[i] & b[i]);
    return c;
}
#if defined(__x86_64__) && defined(__GNUC__)
[[gnu::target("popcnt")]] std::int64_t and_popcount_hw(const std::uint64_t* a, const std::uint64_t* b, std::size_t n) {
    std::int64_t c = 0;
    for (std::size_t i = 0; i < n; ++i) c += std::popcount(a[i] & b[i]);
    return c;
}
std::int64_t and_popcount(const std::uint64_t* a, const std::uint64_t* b, std::size_t n) {
    return cpu_has_popcnt() ? and_popcount_hw(a, b, n) : and_popcount_any(a, b, n);
}
#else
std::int64_t and_popcount(const std::uint64_t* a, const std::uint64_t* b, std::size_t n) {
    return and_popcount_any(a, b, n);
}
#endif

// The memory objective's admissible blocks of one type, a 4-ary min-heap
// by (delta, seq) with one entry per block updated in place when the
// block's delta changes (slot: the block's index in it, or kNone), so no
// stale entries are pushed and later popped (on WorkflowSim Inspiral copies
// the lazy heap's pops were 3.5% of `--objective memory`). Keys differ
// (seq is unique per block), so its pops are those of any heap by them.
// 16 bytes an entry (seq < blocks < 2^32): a node's 4 children, one cache line.
class DeltaHeap {
public:
    static constexpr std::uint32_t kNone = 0xFFFFFFFFu;
    struct Entry {
        std::int64_t delta;
        std::uint32_t seq;
        BlockId block;
        bool operator<(const Entry& o) const noexcept { return delta != o.delta ? delta < o.delta : seq < o.seq; }
    };
    bool empty() const noexcept { return size_ == 0; }
    const Entry& top() const noexcept { return at(0); }
    // Inserts b's entry or moves it to its new key.
    void set(const Entry& e, std::uint32_t* slot) {
        std::uint32_t& i = slot[e.block];
        if (i == kNone) {
            if (((size_ + 3) >> 2) >= lines_.size()) lines_.emplace_back();
            up(size_++, e, slot);
        } else if (e < at(i)) {
            up(i, e, slot);
        } else {
            down(i, e, slot);
        }
    }
    void pop(std::uint32_t* slot) {
        slot[at(0).block] = kNone;
        const Entry last = at(--size_);
        if (size_ != 0) down(0, last, slot);
    }

private:
    // Entry i lives at position i + 3 of cache-line-aligned groups of four,
    // so the four children of entry i (4i+1 .. 4i+4, positions 4(i+1) ..
    // 4(i+1)+3) share one line: a sift down reads one line per level, not
    // two (the pops' cache misses were most of the memory step on
    // WorkflowSim Inspiral × 1,000).
    struct alignas(64) Line {
        Entry e[4];
    };
    Entry& at(std::size_t i) noexcept { return lines_[(i + 3) >> 2].e[(i + 3) & 3]; }
    const Entry& at(std::size_t i) const noexcept { return lines_[(i + 3) >> 2].e[(i + 3) & 3]; }
    void place(const Entry& e, std::size_t i, std::uint32_t* slot) {
        at(i) = e;
        slot[e.block] = static_cast<std::uint32_t>(i);
    }
    void up(std::size_t i, const Entry& e, std::uint32_t* slot) {
        while (i > 0 && e < at((i - 1) / 4)) {
            place(at((i - 1) / 4), i, slot);
            i = (i - 1) / 4;
        }
        place(e, i, slot);
    }
    void down(std::size_t i, const Entry& e, std::uint32_t* slot) {
        for (;;) {
            const std::size_t c = 4 * i + 1;
            if (c >= size_) break;
            std::size_t m = c;
            const std::size_t end = std::min(c + 4, size_);
            for (std::size_t d = c + 1; d < end; ++d)
                if (at(d) < at(m)) m = d;
            if (!(at(m) < e)) break;
            place(at(m), i, slot);
            i = m;
        }
        place(e, i, slot);
    }
    std::vector<Line> lines_;
    std::size_t size_ = 0;
};

// DeltaHeap's order with O(1) pops for the usual case: blocks enter in
// seq order (seq is when a block became a source) and most keep the delta
// they entered with (on WorkflowSim Inspiral × 1,000: 520k entries into
// heaps of 114k on average, 22k moves; the sift-downs of the pops, a cache
// miss per level, were most of the memory step). An entry goes to the FIFO
// of its delta while it comes after that FIFO's last seq, otherwise (and
// once its delta moves) to a DeltaHeap; the least (delta, seq) is the least
// of the first nonempty FIFO's front (lower deltas always win) and the
// heap's top, so it pops what DeltaHeap alone would. A FIFO entry whose
// block left (slot no longer kInFifo) is dropped when it reaches the front:
// a block becomes a source once, so it enters a FIFO at most once.
class DeltaQueue {
public:
    using Entry = DeltaHeap::Entry;
    static constexpr std::uint32_t kNone = DeltaHeap::kNone;
    static constexpr std::uint32_t kInFifo = DeltaHeap::kNone - 1;
    // The least entry, or null when there is none.
    const Entry* top(std::uint32_t* slot) {
        const Entry* f = fifo_front(slot);
        if (moved_.empty()) return f;
        return !f || moved_.top() < *f ? &moved_.top() : f;
    }
    // Inserts b's entry or moves it to its new key.
    void set(const Entry& e, std::uint32_t* slot) {
        std::uint32_t& at = slot[e.block];
        if (at == kNone) {
            Fifo& f = fifo(e.delta);
            if (f.head == f.entries.size()) {
                f.entries.clear();
                f.head = 0;
            }
            if (f.entries.empty() || f.entries.back().seq < e.seq) {
                f.entries.push_back(e);
                at = kInFifo;
                return;
            }
        } else if (at == kInFifo) {
            at = kNone;  // its FIFO entry is dropped when it surfaces
        }
        moved_.set(e, slot);
    }
    // Pops the entry top() returned.
    void pop(std::uint32_t* slot) {
        const Entry* f = fifo_front(slot);
        if (!moved_.empty() && (!f || moved_.top() < *f)) {
            moved_.pop(slot);
            return;
        }
        slot[f->block] = kNone;
        advance(fifos_.begin());
    }

private:
    struct Fifo {
        std::vector<Entry> entries;
        std::size_t head = 0;
    };
    using Fifos = std::map<std::int64_t, Fifo>;
    // The FIFO of `delta`, made from a spare node when there is none. A
    // FIFO that empties leaves the map as a spare, node and entries' buffer
    // kept: on Laplace 10^6 a delta's FIFO empties and refills block after
    // block, and its map node and first entry were two allocations per block
    // (a million of each, ~6% of the memory objective's instructions).
    Fifo& fifo(std::int64_t delta) {
        const auto it = fifos_.lower_bound(delta);
        if (it != fifos_.end() && it->first == delta) return it->second;
        if (spares_.empty()) return fifos_.emplace_hint(it, delta, Fifo{})->second;
        Fifos::node_type node = std::move(spares_.back());
        spares_.pop_back();
        node.key() = delta;
        node.mapped().entries.clear();
        node.mapped().head = 0;
        return fifos_.insert(it, std::move(node))->second;
    }
    void drop(Fifos::iterator it) {
        if (spares_.size() < kMaxSpares) spares_.push_back(fifos_.extract(it));
        else fifos_.erase(it);
    }
    static constexpr std::size_t kMaxSpares = 8;
    // The first live entry of the lowest-delta FIFO, dropping dead ones.
    const Entry* fifo_front(const std::uint32_t* slot) {
        while (!fifos_.empty()) {
            const auto it = fifos_.begin();
            Fifo& f = it->second;
            while (f.head < f.entries.size() && slot[f.entries[f.head].block] != kInFifo) ++f.head;
            if (f.head < f.entries.size()) return &f.entries[f.head];
            drop(it);
        }
        return nullptr;
    }
    void advance(Fifos::iterator it) {
        Fifo& f = it->second;
        if (++f.head == f.entries.size()) drop(it);
    }
    Fifos fifos_;
    std::vector<Fifos::node_type> spares_;
    DeltaHeap moved_;
};

class Linearizer {
public:
    Linearizer(const decompose::Decomposition& dec, const blocks::ScheduleTable& blocks, MemoryGuide* guide,
               bool reference)
        : dec_(dec), blocks_(blocks), cache_(blocks, reference), pending_(dec.super_in_degree.begin(), dec.super_in_degree.end()),
          bucket_(cache_.type_count()), pos_(dec.block_count, kNotLive), guide_(guide), reference_(reference) {
        if (!reference_) {
            witness_.assign(cache_.type_count(), kNoType);
            live_pos_.assign(cache_.type_count(), kNoType);
            // Bucket t holds at most the blocks of type t: its positions map
            // to admissible_ bits slot_[t] + position.
            slot_.assign(std::size_t{cache_.type_count()} + 1, 0);
            for (BlockId b = 0; b < dec.block_count; ++b) ++slot_[cache_.type(b) + 1];
            for (std::size_t t = 1; t < slot_.size(); ++t) slot_[t] += slot_[t - 1];
            watchers_.resize(cache_.type_count());
            parents_xor_.assign(dec.block_count, 0);
            for (BlockId b = 0; b < dec.block_count; ++b)
                for (BlockId c : dec.successors(b)) parents_xor_[c] ^= b;
        }
        if (guide_) {
            if (reference_) heaps_.resize(cache_.type_count());
            else delta_queues_.resize(cache_.type_count());
            heap_slot_.assign(dec.block_count, DeltaQueue::kNone);
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
            if (out_.proven && live_ == 1 && step_forced_join()) continue;  // forced_join.cpp
            // Once a step failed nothing can be proven: an IC-Sweep over all
            // source blocks at every later step (quadratic in their number on
            // sums of many copies) would only shape an unproven order, which
            // the pipeline's AREA fallback compares with better ones anyway.
            if (out_.proven && step_sum()) continue;
            // (The forced-join lemma above is tried only with one present
            // block: that is the case it proves.)
            step_greedy();
        }
        if (out_.proven) out_.proven_groups = static_cast<std::uint32_t>(out_.group_count());
        out_.dominance_scans = dominance_scans_;
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
        const bool fresh = bucket_[t].empty();
        if (fresh) {
            present_.push_back(t);
            present_dirty_ = true;
        }
        pos_[b] = static_cast<std::uint32_t>(bucket_[t].size());
        bucket_[t].push_back(b);
        plane_resize(t, bucket_[t].size() - 1, bucket_[t].size());
        ++live_;
        bool ok = true;
        if (!reference_) {
            if (fresh) {
                live_insert(t);
                witness_[t] = kNoType;
                unblock(t);
            }
            if (wins_live_) {
                count_wins(t, +1, fresh);
                heap_dirty_ = true;  // scores grew: the heap's keys are no longer upper bounds
            }
            ok = frees_dominated(b);
            if (ok) admissible_.set(slot_[t] + pos_[b]);
        }
        if (guide_) {
            seq_[b] = next_seq_++;
            if (ok) push_entry(b);
        }
    }

    // Whether live block b frees only blocks its type ▷-dominates (§4.2 (a)'s
    // second half), kept up to date: the blocks b would free only grow while
    // b is a source (their other parents go first), so once false it stays
    // false, and it changes only when a successor's pending count drops to 1.
    bool admissible(BlockId b) const { return admissible_.test(slot_[cache_.type(b)] + pos_[b]); }

    // Removes b from the remnant; appends the blocks that became sources to `freed`.
    void remove(BlockId b, std::vector<BlockId>& freed) {
        auto& bk = bucket_[cache_.type(b)];
        if (!reference_) {  // the last position moves into b's
            const std::size_t base = slot_[cache_.type(b)], last = base + bk.size() - 1, at = base + pos_[b];
            const bool moved_ok = admissible_.test(last);
            admissible_.reset(last);
            if (at != last) {
                if (moved_ok) admissible_.set(at);
                else admissible_.reset(at);
            }
        }
        const BlockId moved = bk.back();
        bk[pos_[b]] = moved;
        pos_[moved] = pos_[b];
        bk.pop_back();
        plane_resize(cache_.type(b), bk.size() + 1, bk.size());
        if (bk.empty()) present_dirty_ = true;
        pos_[b] = kNotLive;
        --live_;
        if (!reference_) {
            const auto t = cache_.type(b);
            if (bk.empty()) {
                live_erase(t);
                // The types that lost ▷ to t may be dominant now.
                for (std::uint32_t w : watchers_[t])
                    if (witness_[w] == t) {
                        witness_[w] = kNoType;  // a witness is always listed in watchers_
                        unblock(w);
                    }
                watchers_[t].clear();
            } else if (bk.size() == 1 && witness_[t] == t) {
                unblock(t);  // it lacked priority over itself, now alone
            }
            if (wins_live_) removed_.push_back(t);  // scores fall lazily (greedy_best)
        }
        ++emitted_;
        for (BlockId c : dec_.successors(b)) {
            if (--pending_[c] == 0) freed.push_back(c);
            if (reference_) continue;
            parents_xor_[c] ^= b;
            if (pending_[c] != 1) continue;
            // c's last parent p now frees c when it goes.
            const BlockId p = parents_xor_[c];
            if (pos_[p] != kNotLive && !cache_.prio(cache_.type(p), cache_.type(c)))
                admissible_.reset(slot_[cache_.type(p)] + pos_[p]);
        }
    }

    void close_group() { out_.offsets.push_back(static_cast<std::uint32_t>(out_.blocks.size())); }

    void compact_present() {
        if (!present_dirty_) return;
        present_dirty_ = false;
        if (reference_) {
            std::erase_if(present_, [&](std::uint32_t t) { return bucket_[t].empty(); });
            std::sort(present_.begin(), present_.end());
            present_.erase(std::unique(present_.begin(), present_.end()), present_.end());
            return;
        }
        // present_[0, sorted_) is sorted from the last compaction; types
        // appended since are sorted alone and merged in: O(types) per change
        // instead of a sort (one block type appears or vanishes per emission
        // on sums of many distinct blocks).
        // Nothing appended (a type vanished: the common change on sums of
        // distinct blocks): present_ is sorted and unique already, only the
        // vanished types go (no merge, whose buffer was allocated per call).
        if (present_.size() > sorted_) {
            const auto mid = present_.begin() + static_cast<std::ptrdiff_t>(sorted_);
            std::sort(mid, present_.end());
            std::inplace_merge(present_.begin(), mid, present_.end());
            present_.erase(std::unique(present_.begin(), present_.end()), present_.end());
        }
        std::erase_if(present_, [&](std::uint32_t t) { return bucket_[t].empty(); });
        sorted_ = present_.size();
    }

    // The exact set of types with a nonempty bucket (present_ is compacted
    // lazily), for the incremental counts below.
    void live_insert(std::uint32_t t) {
        live_pos_[t] = static_cast<std::uint32_t>(live_types_.size());
        live_types_.push_back(t);
    }
    void live_erase(std::uint32_t t) {
        const std::uint32_t last = live_types_.back();
        live_types_[live_pos_[t]] = last;
        live_pos_[last] = live_pos_[t];
        live_types_.pop_back();
        live_pos_[t] = kNoType;
    }

    // wins_[t] = Σ over current source blocks c of [t ▷ type(c)], the greedy
    // step's score. Bucket u grew (+1) or shrank (-1) by one block: every
    // live type's score moves by [t ▷ u]; a type that just appeared is
    // counted afresh. O(live types) per change instead of O(types²) per step.
    void count_wins(std::uint32_t u, int delta, bool fresh) {
        for (std::uint32_t t : live_types_)
            if (t != u || !fresh)
                if (cache_.prio(t, u)) wins_[t] += delta;
        if (fresh) {
            std::int64_t w = 0;
            for (std::uint32_t v : live_types_)
                if (cache_.prio(u, v)) w += static_cast<std::int64_t>(bucket_[v].size());
            wins_[u] = w;
            if (!reference_) counted_[u] = removed_.size();  // counted from the buckets as they are
        }
    }

    // The greedy choice — the most wins, the smallest type on ties — from a
    // max-heap of the live types whose keys are upper bounds: removals are
    // only logged (removed_), and a type's score is brought up to date
    // (counted_ = how much of the log it has seen) when it reaches the top;
    // once the top is exact it is the answer. Additions raise scores, so the
    // heap is rebuilt after them (sums of blocks with no successors never add).
    std::uint32_t greedy_best() {
        // An entry is key << 32 | ~type (wins count blocks: below 2^32), so
        // one comparison of 8 bytes orders (key, -type) and the sift picks
        // the larger child without a branch (issue 18: ~9 sift-downs per
        // call on sums of 50,000 distinct blocks, over ~1,500 live types:
        // mispredicted compares of pairs were most of run()'s own time).
        auto entry = [](std::int64_t key, std::uint32_t t) {
            if (key < 0 || key > 0xFFFFFFFFll) fail(Errc::internal, "linearization: a greedy score out of range");
            return static_cast<std::uint64_t>(key) << 32 | static_cast<std::uint32_t>(~t);
        };
        if (heap_dirty_) {
            heap_dirty_ = false;
            heap_.clear();
            for (std::uint32_t t : live_types_) heap_.push_back(entry(score(t), t));
            std::make_heap(heap_.begin(), heap_.end());
        }
        // The top is updated in place and sifted down (its key only falls)
        // rather than popped and pushed again: one pass down the heap instead
        // of two. Each type has one entry, so (key, type) orders the entries
        // totally and the answers do not depend on the heap's layout.
        for (;;) {
            const std::uint64_t top = heap_.front();
            const auto t = static_cast<std::uint32_t>(~top);
            if (bucket_[t].empty()) {  // gone; a return rebuilds the heap
                heap_.front() = heap_.back();
                heap_.pop_back();
                sift_down();
                continue;
            }
            const std::int64_t now = score(t);
            if (entry(now, t) == top) return t;
            heap_.front() = entry(now, t);
            sift_down();
        }
    }

    void sift_down() {
        const std::size_t n = heap_.size();
        if (n < 2) return;
        std::uint64_t* const h = heap_.data();
        const std::uint64_t moving = h[0];
        std::size_t i = 0;
        for (;;) {
            std::size_t c = 2 * i + 1;
            if (c >= n) break;
            if (c + 1 < n) c += h[c] < h[c + 1] ? 1 : 0;
            if (moving >= h[c]) break;
            h[i] = h[c];
            i = c;
        }
        h[i] = moving;
    }

    // wins_[t] brought up to date with the removals logged since.
    std::int64_t score(std::uint32_t t) {
        const std::size_t pending = removed_.size() - counted_[t];
        if (plane_words_ != 0 && pending > 2 * planes_ * plane_words_) {
            // Sums of many distinct blocks: ~200 removals pending per call
            // on random blocks at 10^6 nodes, against 2 planes of 51 words.
            wins_[t] = wins_by_rows(t);
        } else if (pending > live_types_.size()) {  // cheaper to count afresh
            std::int64_t w = 0;
            for (std::uint32_t v : live_types_)
                if (cache_.prio(t, v)) w += static_cast<std::int64_t>(bucket_[v].size());
            wins_[t] = w;
        } else {
            for (std::size_t k = counted_[t]; k < removed_.size(); ++k)
                if (cache_.prio(t, removed_[k])) --wins_[t];
        }
        counted_[t] = removed_.size();
        return wins_[t];
    }

    // Would-be-freed successors of b (their only pending parent is b).
    template <class F>
    bool all_freed(BlockId b, F&& ok) const {
        for (BlockId c : dec_.successors(b))
            if (pending_[c] == 1 && !ok(c)) return false;
        return true;
    }

    bool dominant(std::uint32_t t) {
        if (!reference_) {
            // The last type t lost to, while it is still a source type, settles
            // it in O(1): without this every step rescans the present types.
            const std::uint32_t w = witness_[t];
            if (w != kNoType && !bucket_[w].empty() && (w != t || bucket_[t].size() >= 2)) return false;
        }
        if (reference_) {
            for (std::uint32_t u : present_)
                if ((u != t || bucket_[t].size() > 1) && !cache_.prio(t, u)) return false;
            return true;
        }
        // The scan starts at a place drawn from t (a hash), not at present_'s
        // front: its first failure becomes t's witness, and a scan from the
        // front made the smallest present type nearly everyone's witness, so
        // each time it left the remnant all ~3,000 types were rescanned (3
        // million scans for 50,000 greedy steps on random 10x10 blocks at
        // 10^6 nodes). Spread out, a type's witness leaves about ln(types)
        // times. Same answer: every present type is still looked at.
        const std::size_t n = present_.size(), start = n ? scan_start(t) % n : 0;
        ++dominance_scans_;
        for (std::size_t k = 0, i = start; k < n; ++k, i = i + 1 == n ? 0 : i + 1) {
            const std::uint32_t u = present_[i];
            if (u == t && bucket_[t].size() == 1) continue;
            if (!cache_.prio(t, u)) {
                witness_[t] = u;
                watchers_[u].push_back(t);
                return false;
            }
        }
        return true;
    }
    static std::size_t scan_start(std::uint32_t t) {
        std::uint64_t k = t * 0x9e3779b97f4a7c15ull;
        return static_cast<std::size_t>(k >> 32);
    }

    // The present types without a live witness (a superset of the dominant
    // ones), by type id in reverse so that predecessor queries list them in
    // increasing order, as present_ is.
    void unblock(std::uint32_t t) { unblocked_.set(cache_.type_count() - 1 - t); }
    bool block(std::uint32_t t) {
        unblocked_.reset(cache_.type_count() - 1 - t);
        return true;
    }
    // Calls f(t) on them in increasing order while it returns true; types
    // gone from the remnant are dropped on the way (unblocked when they return).
    template <class F>
    void for_unblocked(F&& f) {
        const std::size_t top = cache_.type_count() - 1;
        for (std::size_t i = unblocked_.pred(top); i != PositionSet::kNone;) {
            const std::size_t next = i ? unblocked_.pred(i - 1) : PositionSet::kNone;
            const auto t = static_cast<std::uint32_t>(top - i);
            if (bucket_[t].empty()) {
                unblocked_.reset(i);
            } else if (!f(t)) {
                return;
            }
            i = next;
        }
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
        if (!reference_) {
            // The last admissible block of the first dominant type with one,
            // as the scan below finds it, looking only at the types whose
            // last witness against dominance has gone.
            bool found = false;
            for_unblocked([&](std::uint32_t t) {
                const std::size_t i = admissible_.pred(slot_[t] + bucket_[t].size() - 1);
                if (i == PositionSet::kNone || i < slot_[t]) return true;
                if (!dominant(t)) return block(t);
                emit_single(bucket_[t][i - slot_[t]]);
                found = true;
                return false;
            });
            return found;
        }
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
        if (!reference_) {
            delta_queues_[cache_.type(b)].set(DeltaQueue::Entry{guide_->delta(b), static_cast<std::uint32_t>(seq_[b]), b}, heap_slot_.data());
            return;
        }
        heaps_[cache_.type(b)].push(Entry{guide_->delta(b), seq_[b], b, version_[b]});
    }

    // The cheapest admissible block of the dominant types: each type's heap
    // is cleaned of stale and no-longer-admissible entries (dropped for
    // good, as those never become admissible again while live) and its top
    // compared in place; only the winner leaves its heap. (Before, every
    // dominant type's top was popped and all but the winner pushed back:
    // O(types · log) heap moves per emitted block on WorkflowSim Inspiral
    // copies, plus two fresh vectors per step. step_single_memory_reference
    // keeps that form for the tests' quadratic oracle.) Entries are totally
    // ordered by (delta, seq) among live current ones — seq is unique per
    // block and a block has one current version — so the winner is the same.
    bool step_single_memory() {
        if (reference_) return step_single_memory_reference();
        const DeltaQueue::Entry* best = nullptr;
        std::uint32_t best_type = kNoType;
        for_unblocked([&](std::uint32_t t) {
            if (!dominant(t)) return block(t);
            DeltaQueue& q = delta_queues_[t];
            while (const DeltaQueue::Entry* e = q.top(heap_slot_.data())) {
                if (pos_[e->block] == kNotLive || !admissible(e->block)) {
                    q.pop(heap_slot_.data());
                    continue;
                }
                if (!best || *e < *best) {
                    best = e;
                    best_type = t;
                }
                break;
            }
            return true;
        });
        if (!best) return false;
        const BlockId b = best->block;
        delta_queues_[best_type].pop(heap_slot_.data());
        emit_single(b);
        return true;
    }

    // linearize_reference's step: every dominant type's heap popped to its
    // first entry that frees only dominated blocks (the others set aside),
    // all but the cheapest pushed back.
    bool step_single_memory_reference() {
        std::vector<Entry> set_aside, best_per_type;
        auto best_of = [&](std::uint32_t t) {
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
        };
        for (std::uint32_t t : present_)
            if (dominant(t)) best_of(t);
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
            if (pos_[d] == kNotLive || (!reference_ && !admissible(d))) return;
            if (reference_) ++version_[d];
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
        if (reference_) return step_sum_reference(sum);
        // The same answers as step_sum_reference, cheaper: (A) by a ▷-chain in
        // block order when there is one (the path IC-Sweep would find), and
        // (B) before the sweep, which is skipped when (B) fails and the
        // summands form a ▷-chain in some order (then (A) holds and only
        // (B)'s message is needed).
        std::vector<std::uint32_t> path;
        const bool in_order = chain_path(sum, path);
        const std::optional<std::pair<BlockId, BlockId>> lacking = condition_b(sum);
        if (!in_order && !(lacking && sorted_chain())) {
            sweep::SweepResult sw = sweep_sum(sum);
            if (!sw.ico) return sweep_failed(sum, sw);
            path = std::move(sw.path);
        }
        if (lacking) return b_failed(sum, *lacking);
        return emit_sum(sum, std::move(path));
    }

    sweep::SweepResult sweep_sum(const std::vector<BlockId>& sum) const {
        std::vector<std::vector<std::uint32_t>> profs;
        profs.reserve(sum.size());
        for (BlockId b : sum) {
            const auto p = blocks_.profile(b);
            profs.emplace_back(p.begin(), p.end());
        }
        const sweep::SweepOptions o{.path = true, .pairs = false, .envelope = false};
        return reference_ ? sweep::ic_sweep_reference(profs, o) : sweep::ic_sweep(profs, o);
    }

    bool sweep_failed(const std::vector<BlockId>& sum, const sweep::SweepResult& sw) {
        note_failure("no source block has ▷-priority over all others, and the sum of the " +
                     std::to_string(sum.size()) + " source blocks " + describe(sum) +
                     " admits no IC-optimal schedule (IC-Sweep: " + sw.reason + ")");
        return false;
    }

    bool b_failed(const std::vector<BlockId>& sum, std::pair<BlockId, BlockId> bc) {
        const auto [b, c] = bc;
        note_failure("the sum of source blocks " + describe(sum) + " admits an IC-optimal schedule, but block #" +
                     std::to_string(b) + " " + blocks_.shape(b) + " lacks ▷-priority over block #" +
                     std::to_string(c) + " " + blocks_.shape(c) + " (condition B of sweep §4.2)");
        return false;
    }

    // (B): the first (summand, freed block) pair, freed blocks in block order
    // and summands in block order, where the summand lacks ▷-priority; none
    // when every summand has priority over every block the sum frees. The
    // sum's successors are counted by sorting (a flat map's inserts were
    // quadratic in their number) and checked once per source type.
    std::optional<std::pair<BlockId, BlockId>> condition_b(const std::vector<BlockId>& sum) {
        std::vector<BlockId> succ;
        for (BlockId b : sum)
            for (BlockId c : dec_.successors(b)) succ.push_back(c);
        std::sort(succ.begin(), succ.end());
        for (std::size_t i = 0; i < succ.size();) {
            std::size_t j = i;
            while (j < succ.size() && succ[j] == succ[i]) ++j;
            const BlockId c = succ[i];
            const std::uint32_t k = static_cast<std::uint32_t>(j - i);
            i = j;
            if (pending_[c] != k) continue;
            const auto tc = cache_.type(c);
            bool all = true;
            for (std::uint32_t t : present_) all = all && cache_.prio(t, tc);
            if (all) continue;
            for (BlockId b : sum)
                if (!cache_.prio(cache_.type(b), tc)) return std::pair{b, c};
        }
        return std::nullopt;
    }

    // Whether the source types, in some order, form a ▷-chain (a type with
    // several blocks needing priority over itself): a merge sort by "u does
    // not have priority over t" — a strict weak order whenever a chain exists
    // (▷ is transitive, sweep Lemma 2.2) — then a check of neighbours. A
    // false "no" only costs the sweep; a "yes" is checked.
    bool sorted_chain() {
        std::vector<std::uint32_t> ts;
        for (std::uint32_t t : present_)
            if (blocks_.profile(bucket_[t].front()).size() > 1) ts.push_back(t);
        std::vector<std::uint32_t> tmp(ts.size());
        for (std::size_t w = 1; w < ts.size(); w *= 2) {
            for (std::size_t lo = 0; lo < ts.size(); lo += 2 * w) {
                const std::size_t mid = std::min(lo + w, ts.size()), hi = std::min(lo + 2 * w, ts.size());
                std::size_t i = lo, j = mid, o = lo;
                while (i < mid && j < hi) tmp[o++] = !cache_.prio(ts[i], ts[j]) && cache_.prio(ts[j], ts[i]) ? ts[j++] : ts[i++];
                while (i < mid) tmp[o++] = ts[i++];
                while (j < hi) tmp[o++] = ts[j++];
            }
            ts.swap(tmp);
        }
        for (std::size_t i = 0; i < ts.size(); ++i) {
            if (bucket_[ts[i]].size() >= 2 && !cache_.prio(ts[i], ts[i])) return false;
            if (i + 1 < ts.size() && !cache_.prio(ts[i], ts[i + 1])) return false;
        }
        return true;
    }

    // The former step: IC-Sweep over every sum, then (B) summand by summand.
    bool step_sum_reference(const std::vector<BlockId>& sum) {
        sweep::SweepResult sw = sweep_sum(sum);
        if (!sw.ico) return sweep_failed(sum, sw);
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
                if (!cache_.prio(cache_.type(b), cache_.type(c))) return b_failed(sum, {b, c});
        }
        return emit_sum(sum, std::move(sw.path));
    }

    bool emit_sum(const std::vector<BlockId>& sum, std::vector<std::uint32_t> path) {
        out_.swept.push_back(SweptGroup{static_cast<std::uint32_t>(out_.group_count()), std::move(path)});
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

    // Theorem 3.2: when the summands, in block order, form a ▷-chain (each
    // non-empty one has priority over the next), the L path — each summand in
    // one piece, in that order — is IC-optimal, and it is exactly the path
    // IC-Sweep recovers then (its walk back takes the first summands' steps
    // as early as possible: see sweep/ic_sweep.hpp). p cached ▷ answers
    // instead of a sweep quadratic in the sum's size (141 copies of one
    // 630-source block in 47 summed Montages: 5 s -> 0).
    bool chain_path(const std::vector<BlockId>& sum, std::vector<std::uint32_t>& path) {
        BlockId prev = decompose::kNoBlock;
        std::size_t steps = 0;
        for (BlockId b : sum) {
            const std::size_t s = blocks_.profile(b).size() - 1;
            if (s == 0) continue;  // empty summands take no part in the chain
            if (prev != decompose::kNoBlock && !cache_.prio(cache_.type(prev), cache_.type(b))) return false;
            prev = b;
            steps += s;
        }
        path.clear();
        path.reserve(steps);
        for (std::size_t k = 0; k < sum.size(); ++k)
            path.insert(path.end(), blocks_.profile(sum[k]).size() - 1, static_cast<std::uint32_t>(k));
        return true;
    }

    // The forced-join lemma (forced_join.cpp): the only source block, a join
    // that gates the remnant, goes next without ▷ over the blocks it frees.
    bool step_forced_join() {
        compact_present();
        const BlockId b = bucket_[present_.front()].front();
        auto prio = [&](BlockId a, BlockId c) { return cache_.prio(cache_.type(a), cache_.type(c)); };
        if (!forced_.admit(b, out_, pending_.data(), prio)) return false;
        emit_single(b);
        return true;
    }

    // Not provable: take the source block that wins ▷ against most others.
    void step_greedy() {
        out_.proven = false;
        if (!reference_) {
            if (!wins_live_) {  // from now on kept up to date by add_source / remove
                wins_live_ = true;
                wins_.assign(cache_.type_count(), 0);
                counted_.assign(cache_.type_count(), 0);
                // Every live type counted afresh: count_wins(t, 0, true)
                // without its first loop, which moves scores by 0.
                if (!initial_wins_by_rows())
                    for (std::uint32_t t : live_types_) {
                        std::int64_t w = 0;
                        for (std::uint32_t v : live_types_)
                            if (cache_.prio(t, v)) w += static_cast<std::int64_t>(bucket_[v].size());
                        wins_[t] = w;
                    }
                heap_dirty_ = true;
            }
            const BlockId best = bucket_[greedy_best()].front();
            if (out_.reason.empty()) note_failure(why_not(best));
            emit_single(best);
            return;
        }
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

    // The first greedy step's scores — wins_[t] = Σ over live types v of
    // [t ▷ v]·|bucket v| — from the rows of the decided matrix: the bucket
    // sizes in binary, one bitset of live types per bit, and per live type
    // one AND and popcount per bit and word. False (nothing done) when the
    // cache could not decide every pair at once or most types are not live.
    bool initial_wins_by_rows() {
        // The matrix decides all T² pairs, the count below asks live²: only
        // when most types are live (sums of components: all of them).
        if (4 * std::uint64_t{live_types_.size()} < cache_.type_count()) return false;
        if (!cache_.decide_all(dec_.source_nodes.size())) return false;
        const std::size_t words = cache_.row(0).size();
        std::size_t largest = 0;
        for (std::uint32_t v : live_types_) largest = std::max(largest, bucket_[v].size());
        const std::size_t planes = static_cast<std::size_t>(std::bit_width(largest));
        std::vector<std::uint64_t>& plane = plane_;
        plane.assign(planes * words, 0);
        for (std::uint32_t v : live_types_)
            for (std::size_t k = 0; k < planes; ++k)
                if ((bucket_[v].size() >> k) & 1) plane[k * words + v / 64] |= std::uint64_t{1} << (v % 64);
        // Kept from now on (plane_resize): score() counts by rows when the
        // removals it would replay cost more.
        planes_ = planes;
        plane_words_ = words;
        for (std::uint32_t t : live_types_) wins_[t] = wins_by_rows(t);
        return true;
    }

    // Σ over live types v of [t ▷ v]·|bucket v| from t's row and the planes.
    std::int64_t wins_by_rows(std::uint32_t t) const {
        const std::span<const std::uint64_t> r = cache_.row(t);
        std::int64_t w = 0;
        for (std::size_t k = 0; k < planes_; ++k)
            w += and_popcount(r.data(), plane_.data() + k * plane_words_, plane_words_) << k;
        return w;
    }
    // Type t's bucket went from `was` to `now` blocks: its bits in the planes.
    void plane_resize(std::uint32_t t, std::size_t was, std::size_t now) {
        if (plane_words_ == 0) return;
        while (static_cast<std::size_t>(std::bit_width(now)) > planes_) {
            plane_.resize(plane_.size() + plane_words_, 0);
            ++planes_;
        }
        const std::uint64_t bit = std::uint64_t{1} << (t % 64);
        for (std::size_t k = 0, diff = was ^ now; diff != 0; ++k, diff >>= 1)
            if (diff & 1) plane_[k * plane_words_ + t / 64] ^= bit;
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
    ForcedJoin forced_{dec_, blocks_};
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
    bool reference_;                                // the former quadratic steps (a test oracle)
    static constexpr std::uint32_t kNoType = 0xFFFFFFFFu;
    std::vector<std::uint32_t> witness_;            // a type each type lost ▷ to (dominant())
    std::vector<std::size_t> slot_;                 // type t's bucket positions start at slot_[t]
    PositionSet admissible_{dec_.block_count};      // by slot: live and admissible() (not in reference_)
    BigVector<BlockId> parents_xor_;                // XOR of each block's unremoved parents
    std::vector<std::uint32_t> live_types_;         // types with a nonempty bucket, unordered
    std::vector<std::uint32_t> live_pos_;           // index in live_types_, kNoType when absent
    std::size_t sorted_ = 0;                        // present_[0, sorted_) sorted at the last compaction
    bool wins_live_ = false;                        // wins_ maintained (after the first greedy step)
    std::vector<std::int64_t> wins_;                // see count_wins(); lazily in greedy_best()
    std::vector<std::uint32_t> removed_;            // types of the blocks removed since wins_live_
    std::vector<std::size_t> counted_;              // per type: entries of removed_ in wins_[t]
    // After initial_wins_by_rows: bit k of every live type's bucket size,
    // one bitset of types per k (planes_ of them, plane_words_ words each;
    // 0 words: not kept).
    std::vector<std::uint64_t> plane_;
    std::size_t planes_ = 0, plane_words_ = 0;
    std::vector<std::uint64_t> heap_;  // upper bound on wins << 32 | ~type (greedy_best)
    bool heap_dirty_ = false;                       // rebuild heap_ (scores grew)
    PositionSet unblocked_{cache_.type_count()};    // present types whose witness is gone, by reverse id
    std::vector<std::vector<std::uint32_t>> watchers_;  // per type u: types that took u as witness
    std::vector<Heap> heaps_;                       // memory objective, reference_: per type, by (delta, seq)
    std::vector<DeltaQueue> delta_queues_;          // memory objective, not reference_: the same order
    BigVector<std::uint32_t> heap_slot_;            // each block's place in its type's DeltaQueue
    std::vector<std::uint64_t> seq_;                // when each block became a source
    std::vector<std::uint32_t> version_;            // bumped when a block's delta is recomputed
    std::uint64_t next_seq_ = 0;
    std::uint64_t dominance_scans_ = 0;             // dominant() calls past the witness test
    Linearization out_;
};

}  // namespace

bool theorem_2_2_priority(std::string_view shape1, std::string_view shape2) {
    return theorem_2_2(parse_family(shape1), parse_family(shape2));
}

Linearization linearize(const decompose::Decomposition& dec, const blocks::ScheduleTable& blocks,
                        MemoryGuide* guide) {
    return Linearizer(dec, blocks, guide, false).run();
}

Linearization linearize_reference(const decompose::Decomposition& dec, const blocks::ScheduleTable& blocks,
                                  MemoryGuide* guide) {
    return Linearizer(dec, blocks, guide, true).run();
}

}  // namespace ics::schedule
