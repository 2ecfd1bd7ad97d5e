// ics_dag_*: creating, editing and querying dags.
#include "handles.hpp"

using namespace ics;
using namespace ics::capi;

const Dag& ics_dag::dag() const {
    std::lock_guard lock(mutex);
    if (!frozen) frozen.emplace(builder->build());
    return *frozen;
}

DagBuilder& ics_dag::mutate() {
    std::lock_guard lock(mutex);
    if (!builder) builder.emplace(frozen->to_builder());
    frozen.reset();
    return *builder;
}

NodeId ics_dag::node_count() const {
    std::lock_guard lock(mutex);
    return frozen ? frozen->node_count() : builder->node_count();
}

const char* ics_dag::node_name(NodeId id) const {
    std::lock_guard lock(mutex);
    return frozen ? frozen->name_c_str(id) : builder->name_c_str(id);
}

NodeId ics_dag::find(std::string_view name) const {
    std::lock_guard lock(mutex);
    return frozen ? frozen->find(name) : builder->find(name);
}

namespace {

std::string_view checked_name(const char* name, const char* what) {
    require(name, what);
    return name;
}

NodeId lookup(const ics_dag& d, const char* name) {
    const NodeId id = d.find(checked_name(name, "name"));
    if (id == kNoNode) fail(Errc::unknown_node, "unknown node " + quoted(name));
    return id;
}

template <class T>
ics_status put(T* out, T value) {
    require(out, "out");
    *out = value;
    return ICS_OK;
}

}  // namespace

extern "C" {

ics_status ics_dag_create(ics_dag** out) {
    ICS_API_BEGIN
    require(out, "out");
    *out = new ics_dag();
    return ICS_OK;
    ICS_API_END
}

void ics_dag_destroy(ics_dag* dag) {
    if (!live(dag, kDagMagic)) return;
    delete dag;
}

ics_status ics_dag_clone(ics_dag** out, const ics_dag* dag) {
    ICS_API_BEGIN
    require(out, "out");
    const ics_dag& d = check(dag);
    auto copy = std::make_unique<ics_dag>();
    {
        std::lock_guard lock(d.mutex);
        copy->builder = d.builder;
        copy->frozen = d.frozen;
    }
    copy->source_format = d.source_format;
    copy->dagman = d.dagman;
    copy->source = d.source;
    copy->source_dropped = d.source_dropped;
    copy->dropped_name = d.dropped_name;
    copy->warnings = d.warnings;
    *out = copy.release();
    return ICS_OK;
    ICS_API_END
}

ics_status ics_dag_add_node(uint32_t* out_id, ics_dag* dag, const char* name) {
    ICS_API_BEGIN
    ics_dag& d = check(dag);
    const auto n = checked_name(name, "name");
    // Check before mutate() so a failed call leaves the compact form cached.
    if (n.empty()) fail(Errc::invalid_argument, "node name is empty");
    if (d.find(n) != kNoNode) fail(Errc::duplicate_node, "duplicate node " + quoted(n));
    const NodeId id = d.mutate().add_node(n);
    if (out_id) *out_id = id;
    return ICS_OK;
    ICS_API_END
}

ics_status ics_dag_add_arc(ics_dag* dag, uint32_t from, uint32_t to) {
    ICS_API_BEGIN
    ics_dag& d = check(dag);
    check_node(d, from);
    check_node(d, to);
    if (from == to) fail(Errc::self_loop, "self-loop on node " + quoted(d.node_name(from)));
    d.mutate().add_arc(from, to);
    return ICS_OK;
    ICS_API_END
}

ics_status ics_dag_add_arc_by_name(ics_dag* dag, const char* from, const char* to) {
    ICS_API_BEGIN
    ics_dag& d = check(dag);
    const NodeId u = lookup(d, from);
    const NodeId v = lookup(d, to);
    if (u == v) fail(Errc::self_loop, "self-loop on node " + quoted(from));
    d.mutate().add_arc(u, v);
    return ICS_OK;
    ICS_API_END
}

ics_status ics_dag_validate(const ics_dag* dag) {
    ICS_API_BEGIN
    check(dag).dag();
    return ICS_OK;
    ICS_API_END
}

ics_status ics_dag_node_count(uint32_t* out, const ics_dag* dag) {
    ICS_API_BEGIN
    return put(out, check(dag).node_count());
    ICS_API_END
}

ics_status ics_dag_arc_count(uint64_t* out, const ics_dag* dag) {
    ICS_API_BEGIN
    require(out, "out");
    return put<uint64_t>(out, check(dag).dag().arc_count());
    ICS_API_END
}

ics_status ics_dag_node_id(uint32_t* out, const ics_dag* dag, const char* name) {
    ICS_API_BEGIN
    require(out, "out");
    return put(out, lookup(check(dag), name));
    ICS_API_END
}

ics_status ics_dag_node_name(const char** out, const ics_dag* dag, uint32_t id) {
    ICS_API_BEGIN
    require(out, "out");
    const ics_dag& d = check(dag);
    return put(out, d.node_name(check_node(d, id)));
    ICS_API_END
}

ics_status ics_dag_in_degree(uint32_t* out, const ics_dag* dag, uint32_t id) {
    ICS_API_BEGIN
    require(out, "out");
    const ics_dag& d = check(dag);
    return put(out, d.dag().in_degree(check_node(d, id)));
    ICS_API_END
}

ics_status ics_dag_out_degree(uint32_t* out, const ics_dag* dag, uint32_t id) {
    ICS_API_BEGIN
    require(out, "out");
    const ics_dag& d = check(dag);
    return put(out, d.dag().out_degree(check_node(d, id)));
    ICS_API_END
}

ics_status ics_dag_parents(uint32_t* out, size_t capacity, size_t* out_count, const ics_dag* dag, uint32_t id) {
    ICS_API_BEGIN
    const ics_dag& d = check(dag);
    return copy_out(out, capacity, out_count, d.dag().parents(check_node(d, id)));
    ICS_API_END
}

ics_status ics_dag_children(uint32_t* out, size_t capacity, size_t* out_count, const ics_dag* dag, uint32_t id) {
    ICS_API_BEGIN
    const ics_dag& d = check(dag);
    return copy_out(out, capacity, out_count, d.dag().children(check_node(d, id)));
    ICS_API_END
}

ics_status ics_dag_sources(uint32_t* out, size_t capacity, size_t* out_count, const ics_dag* dag) {
    ICS_API_BEGIN
    return copy_out(out, capacity, out_count, check(dag).dag().sources());
    ICS_API_END
}

ics_status ics_dag_sinks(uint32_t* out, size_t capacity, size_t* out_count, const ics_dag* dag) {
    ICS_API_BEGIN
    return copy_out(out, capacity, out_count, check(dag).dag().sinks());
    ICS_API_END
}

ics_status ics_dag_topological_order(uint32_t* out, size_t capacity, size_t* out_count, const ics_dag* dag) {
    ICS_API_BEGIN
    return copy_out(out, capacity, out_count, check(dag).dag().topological_order());
    ICS_API_END
}

ics_status ics_dag_levels(uint32_t* out, size_t capacity, size_t* out_count, const ics_dag* dag) {
    ICS_API_BEGIN
    return copy_out(out, capacity, out_count, check(dag).dag().levels());
    ICS_API_END
}

ics_status ics_dag_info_get(ics_dag_info* out, const ics_dag* dag) {
    ICS_API_BEGIN
    require(out, "out");
    check_version(out->version, ICS_DAG_INFO_VERSION, "ics_dag_info");
    const Dag& g = check(dag).dag();
    ics_dag_info info = ICS_DAG_INFO_INIT;
    info.version = out->version;
    info.nodes = g.node_count();
    info.arcs = g.arc_count();
    info.duplicate_arcs = g.duplicate_arcs();
    for (NodeId v = 0; v < g.node_count(); ++v) {
        info.sources += g.is_source(v) ? 1u : 0u;
        info.sinks += g.is_sink(v) ? 1u : 0u;
    }
    info.levels = g.level_count();
    info.max_level_width = g.max_level_width();
    *out = info;
    return ICS_OK;
    ICS_API_END
}

}  // extern "C"
