// A 4-ary max-heap with one entry per node whose key only grows while it
// waits (the greedy orders' gains): raise() moves the entry up in place, so
// no stale entries are pushed and popped (issue 18: on an Erdős–Rényi dag of
// 10^6 nodes the lazy binary heap held several entries per node). 4-ary: half
// the levels of a binary heap, an entry's children in one cache line.
// Keys must differ (they carry the node), so the pops are those of any heap.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

namespace ics {

// NodeOf: key -> node id. SlotOf: node id -> std::uint32_t& (where the
// caller keeps the node's index in the heap, e.g. beside its other state).
template <class Key, class NodeOf, class SlotOf>
class IndexedMaxHeap {
public:
    IndexedMaxHeap(NodeOf node_of, SlotOf slot_of) : node_of_(node_of), slot_of_(slot_of) {}
    bool empty() const noexcept { return keys_.empty(); }
    void push(const Key& k) {
        keys_.push_back(k);
        up(keys_.size() - 1, k);
    }
    // Starts loading the node's entry and its parent's (a caller with a batch
    // of raises prefetches them all first: the entries sit at random places).
    void prefetch(std::uint32_t node) const noexcept {
        const std::size_t i = slot_of_(node);
        __builtin_prefetch(&keys_[i]);
        __builtin_prefetch(&keys_[i > 0 ? (i - 1) / 4 : 0]);
    }
    // The node's entry gets k, no smaller than its key.
    void raise(std::uint32_t node, const Key& k) { up(slot_of_(node), k); }
    // The same by the entry's index (the caller's slot), for a caller that
    // reads the entry's key (at), raises it and puts it back without a
    // second table of keys: prefetch_at, at, raise_at.
    void prefetch_at(std::uint32_t slot) const noexcept {
        __builtin_prefetch(&keys_[slot]);
        __builtin_prefetch(&keys_[slot > 0 ? (slot - 1) / 4 : 0]);
    }
    const Key& at(std::uint32_t slot) const noexcept { return keys_[slot]; }
    void raise_at(std::uint32_t slot, const Key& k) { up(slot, k); }
    Key pop() {
        const Key top = keys_.front(), k = keys_.back();
        keys_.pop_back();
        if (!keys_.empty()) {
            std::size_t i = 0;
            for (;;) {
                const std::size_t c = 4 * i + 1;
                if (c >= keys_.size()) break;
                std::size_t m = c;
                const std::size_t end = std::min(c + 4, keys_.size());
                for (std::size_t d = c + 1; d < end; ++d)
                    if (keys_[m] < keys_[d]) m = d;
                if (!(k < keys_[m])) break;
                place(keys_[m], i);
                i = m;
            }
            place(k, i);
        }
        return top;
    }

private:
    void place(const Key& k, std::size_t i) {
        keys_[i] = k;
        slot_of_(node_of_(k)) = static_cast<std::uint32_t>(i);
    }
    void up(std::size_t i, const Key& k) {
        while (i > 0 && keys_[(i - 1) / 4] < k) {
            place(keys_[(i - 1) / 4], i);
            i = (i - 1) / 4;
        }
        place(k, i);
    }

    std::vector<Key> keys_;
    NodeOf node_of_;
    SlotOf slot_of_;
};

template <class Key, class NodeOf, class SlotOf>
IndexedMaxHeap<Key, NodeOf, SlotOf> make_indexed_max_heap(NodeOf node_of, SlotOf slot_of) {
    return IndexedMaxHeap<Key, NodeOf, SlotOf>(node_of, slot_of);
}

}  // namespace ics
