#include "dag/dag.hpp"

#include <algorithm>

namespace ics {

namespace {
void check_name(std::string_view name) {
    if (name.empty()) fail(Errc::invalid_argument, "node name is empty");
    if (name.find('\0') != std::string_view::npos) fail(Errc::invalid_argument, "node name contains a NUL byte");
}
}  // namespace

NodeId DagBuilder::add_node(std::string_view name) {
    const auto [id, added] = ensure(name, NameTable::hash(name));
    if (!added) fail(Errc::duplicate_node, "duplicate node " + quoted(name));
    return id;
}

NodeId DagBuilder::ensure_node(std::string_view name) { return ensure(name, NameTable::hash(name)).first; }

NodeId DagBuilder::ensure_node(std::string_view name, std::uint64_t h) { return ensure(name, h).first; }

std::pair<NodeId, bool> DagBuilder::ensure(std::string_view name, std::uint64_t h) {
    check_name(name);
    if (names_.size() >= kMaxNodes && names_.find(name) == NameTable::npos)
        fail(Errc::too_large, "too many nodes (limit 2^31-1)");
    return names_.find_or_push(name, h);
}

void DagBuilder::add_arc(NodeId u, NodeId v) {
    const NodeId n = names_.size();
    if (u >= n || v >= n)
        fail(Errc::unknown_node, "arc names unknown node id " + std::to_string(u >= n ? u : v));
    if (u == v) fail(Errc::self_loop, "self-loop on node " + quoted(names_[u]));
    arcs_.emplace_back(u, v);
}

void DagBuilder::add_arc(std::string_view u, std::string_view v) {
    const NodeId a = names_.find(u);
    if (a == NameTable::npos) fail(Errc::unknown_node, "arc names unknown node " + quoted(u));
    const NodeId b = names_.find(v);
    if (b == NameTable::npos) fail(Errc::unknown_node, "arc names unknown node " + quoted(v));
    add_arc(a, b);
}

void DagBuilder::reserve(std::size_t nodes, std::size_t arcs, std::size_t name_chars) {
    names_.reserve(nodes, name_chars ? name_chars : nodes * 8);
    arcs_.reserve(arcs);
}

void DagBuilder::reserve_at_most(std::size_t nodes, std::size_t arcs, std::size_t name_chars) {
    names_.reserve_at_most(nodes, name_chars);
    arcs_.reserve(arcs);
}

std::size_t DagBuilder::merge_duplicate_arcs() {
    std::sort(arcs_.begin(), arcs_.end());
    const auto end = std::unique(arcs_.begin(), arcs_.end());
    merged_ += static_cast<std::uint64_t>(arcs_.end() - end);
    arcs_.erase(end, arcs_.end());
    return arcs_.size();
}

Dag DagBuilder::build() const& {
    Dag g = freeze(names_, arcs_, nullptr);
    g.duplicate_arcs_ += merged_;
    return g;
}

Dag DagBuilder::build() && {
    const std::uint64_t merged = merged_;
    Dag g = freeze(std::move(names_), arcs_, &arcs_);
    g.duplicate_arcs_ += merged;
    *this = DagBuilder{};
    return g;
}

Dag DagBuilder::freeze(NameTable names, std::span<const std::pair<NodeId, NodeId>> arcs,
                       std::vector<std::pair<NodeId, NodeId>>* spent) {
    Dag g;
    const NodeId n = names.size();
    g.n_ = n;
    g.names_ = std::move(names);
    // A consumed builder's names (not shared): their index goes before the
    // arrays below are made, and comes back at the first lookup by name.
    g.names_.compact();

    // Counting sort of arcs by tail, then sort+unique inside each (short) row:
    // near-linear, and rows come out sorted for binary searches later. Each
    // row is filled backwards from its end, so the offsets end up at the
    // rows' starts with no cursor array, and the rows are compacted in place:
    // besides the arcs, this pass holds the targets and one offset array
    // (issue 18: peak memory of reading a big file).
    BigVector<std::uint64_t> off(static_cast<std::size_t>(n) + 1, 0);
    for (auto [u, v] : arcs) ++off[u];
    for (NodeId i = 0; i < n; ++i) off[i + 1] += off[i];  // off[u]: end of row u; off[n] = arcs
    BigVector<NodeId> tgt(arcs.size());
    for (auto [u, v] : arcs) tgt[--off[u]] = v;  // off[u]: start of row u
    if (spent) *spent = {};  // a consumed builder's arcs: freed as soon as they are placed
    std::uint64_t write = 0;
    for (NodeId u = 0; u < n; ++u) {
        auto first = tgt.begin() + static_cast<std::ptrdiff_t>(off[u]);
        auto last = tgt.begin() + static_cast<std::ptrdiff_t>(off[u + 1]);  // not compacted yet
        std::sort(first, last);
        auto end = std::unique(first, last);
        off[u] = write;
        for (auto it = first; it != end; ++it) tgt[write++] = *it;
    }
    off[n] = write;
    g.duplicate_arcs_ = arcs.size() - write;
    if (write < tgt.size()) {
        tgt.resize(write);
        tgt.shrink_to_fit();
    }
    g.out_offsets_ = std::move(off);
    g.out_targets_ = std::move(tgt);

    // Reverse CSR, filled backwards the same way; tails taken from the last
    // keep each parent row sorted.
    BigVector<std::uint64_t> in_off(static_cast<std::size_t>(n) + 1, 0);
    for (NodeId v : g.out_targets_) ++in_off[v];
    for (NodeId i = 0; i < n; ++i) in_off[i + 1] += in_off[i];
    BigVector<NodeId> src(g.out_targets_.size());
    for (NodeId u = n; u-- > 0;)
        for (NodeId v : g.children(u)) src[--in_off[v]] = u;
    g.in_offsets_ = std::move(in_off);
    g.in_sources_ = std::move(src);

    // Kahn's algorithm gives the topological order and longest-path levels.
    std::vector<std::uint32_t> indeg(n);
    for (NodeId v = 0; v < n; ++v) indeg[v] = g.in_degree(v);
    g.topo_.reserve(n);
    for (NodeId v = 0; v < n; ++v)
        if (indeg[v] == 0) g.topo_.push_back(v);
    g.level_.assign(n, 0);
    for (std::size_t head = 0; head < g.topo_.size(); ++head) {
        const NodeId u = g.topo_[head];
        for (NodeId v : g.children(u)) {
            g.level_[v] = std::max(g.level_[v], g.level_[u] + 1);
            if (--indeg[v] == 0) g.topo_.push_back(v);
        }
    }
    if (g.topo_.size() != n) {
        // Every node left has a parent that is left too: walk parents until a
        // node repeats; the walk's tail is a cycle.
        NodeId start = 0;
        while (indeg[start] == 0) ++start;
        std::vector<std::uint32_t> seen_at(n, 0xFFFFFFFFu);
        std::vector<NodeId> walk;
        NodeId v = start;
        while (seen_at[v] == 0xFFFFFFFFu) {
            seen_at[v] = static_cast<std::uint32_t>(walk.size());
            walk.push_back(v);
            for (NodeId p : g.parents(v))
                if (indeg[p] != 0) {
                    v = p;
                    break;
                }
        }
        std::vector<NodeId> cycle(walk.begin() + seen_at[v], walk.end());
        std::reverse(cycle.begin(), cycle.end());  // parents walk runs backwards
        std::string msg = "graph has a cycle: ";
        const std::size_t shown = std::min<std::size_t>(cycle.size(), 16);
        for (std::size_t i = 0; i < shown; ++i) {
            msg += quoted(g.names_[cycle[i]]);
            msg += " -> ";
        }
        if (shown < cycle.size()) msg += "... (" + std::to_string(cycle.size()) + " nodes) -> ";
        msg += quoted(g.names_[cycle[0]]);
        fail(Errc::cycle, msg);
    }
    if (n > 0) {
        std::uint32_t top = 0;
        for (auto l : g.level_) top = std::max(top, l);
        g.level_count_ = top + 1;
        std::vector<std::uint32_t> width(g.level_count_, 0);
        for (auto l : g.level_) ++width[l];
        g.max_level_width_ = *std::max_element(width.begin(), width.end());
    }
    return g;
}

std::vector<NodeId> Dag::sources() const {
    std::vector<NodeId> out;
    for (NodeId v = 0; v < n_; ++v)
        if (is_source(v)) out.push_back(v);
    return out;
}

std::vector<NodeId> Dag::sinks() const {
    std::vector<NodeId> out;
    for (NodeId v = 0; v < n_; ++v)
        if (is_sink(v)) out.push_back(v);
    return out;
}

DagBuilder Dag::to_builder() const {
    DagBuilder b;
    b.reserve(n_, out_targets_.size());
    for (NodeId v = 0; v < n_; ++v) b.add_node(names_[v]);
    for (NodeId u = 0; u < n_; ++u)
        for (NodeId v : children(u)) b.add_arc(u, v);
    return b;
}

std::size_t Dag::memory_bytes() const noexcept {
    return names_.memory_bytes() +
           (out_offsets_.capacity() + in_offsets_.capacity()) * sizeof(std::uint64_t) +
           (out_targets_.capacity() + in_sources_.capacity() + topo_.capacity() + level_.capacity()) *
               sizeof(NodeId);
}

}  // namespace ics
