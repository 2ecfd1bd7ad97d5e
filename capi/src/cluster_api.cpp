// ics_cluster_*: task clustering for heterogeneous workers (clustering.txt §3),
// and the Fig. 6 dag of that paper.
#include <algorithm>
#include <cstring>

#include "cluster/cluster.hpp"
#include "families/families.hpp"
#include "handles.hpp"

using namespace ics;
using namespace ics::capi;

namespace {

constexpr std::uint32_t kClusterMagic = 0x4943534B;      // "ICSK"
constexpr std::uint32_t kClusterListMagic = 0x4943534C;  // "ICSL"

}  // namespace

struct ics_cluster {
    Magic magic{kClusterMagic};
    cluster::Cluster c;
    // Set when c.residual was dropped (a cluster of ics_cluster_sequence):
    // the dag it came from, to rebuild the residual when it is asked for.
    std::shared_ptr<const Dag> source;
    ~ics_cluster() { magic = kDeadMagic; }
};

struct ics_cluster_list {
    Magic magic{kClusterListMagic};
    // Without their residual dags (one per worker made 300 workers of
    // K(2000,2000) take 3.6 GB): ics_cluster_residual_dag rebuilds the one
    // asked for from `source`, a copy of the dag (issue 17). Nor their
    // residuals' ids in the dag (4 bytes per node per worker; issue 18:
    // 10 workers on a 1M-node mesh): the tasks not executed before the
    // sequence nor by workers 0..i, in increasing id, rebuilt by
    // ics_cluster_list_get.
    std::vector<cluster::Cluster> clusters;
    std::vector<NodeId> executed;
    std::shared_ptr<const Dag> source;
    ~ics_cluster_list() { magic = kDeadMagic; }
};

namespace {

const cluster::Cluster& check(const ics_cluster* c) { return check_handle(c, kClusterMagic, "cluster").c; }

cluster::Options to_options(const ics_cluster_options* o) {
    cluster::Options opt;
    if (o == nullptr) return opt;
    check_version(o->version, ICS_CLUSTER_OPTIONS_VERSION, "ics_cluster_options");
    if (o->block_exact_max_sources > 30)
        fail(Errc::invalid_argument, "block_exact_max_sources above 30 would need 2^30+ states");
    opt.schedule.exact_max_nodes = o->exact_max_nodes;
    opt.schedule.exact_max_downsets = o->exact_max_downsets;
    opt.schedule.block.exact_max_sources = o->block_exact_max_sources;
    opt.search_budget = o->search_budget;
    opt.max_verified = std::max<std::uint32_t>(o->max_verified, 1);
    opt.donor_seeds = o->donor_seeds;
    return opt;
}

std::span<const NodeId> ids(const uint32_t* p, size_t len, const char* what) {
    if (p == nullptr && len > 0) fail(Errc::invalid_argument, std::string(what) + " is NULL");
    return {p, len};
}

cluster::Strategy to_strategy(int s) {  // (enum_value of an ics_cluster_strategy)
    if (s < ICS_CLUSTER_DIRECT || s > ICS_CLUSTER_MIN_CUT)
        fail(Errc::invalid_argument, "strategy " + std::to_string(s) +
                                         " cannot extract (direct, staggered, donor or min-cut)");
    return static_cast<cluster::Strategy>(s);
}

ics_status emit_cluster(ics_cluster** out, cluster::Cluster c, std::shared_ptr<const Dag> source = nullptr) {
    auto h = std::make_unique<ics_cluster>();
    h->c = std::move(c);
    h->source = std::move(source);
    *out = h.release();
    return ICS_OK;
}

}  // namespace

extern "C" {

const char* ics_cluster_strategy_name(ics_cluster_strategy strategy) {
    const int s = enum_value(strategy);
    if (s < ICS_CLUSTER_DIRECT || s > ICS_CLUSTER_CHECK) return "unknown";
    return cluster::strategy_name(static_cast<cluster::Strategy>(s));
}

ics_status ics_cluster_strategy_from_name(ics_cluster_strategy* out, const char* name) {
    ICS_API_BEGIN
    require(out, "out");
    require(name, "name");
    for (int s = ICS_CLUSTER_DIRECT; s <= ICS_CLUSTER_CHECK; ++s)
        if (std::strcmp(name, ics_cluster_strategy_name(static_cast<ics_cluster_strategy>(s))) == 0) {
            *out = static_cast<ics_cluster_strategy>(s);
            return ICS_OK;
        }
    if (std::strcmp(name, "min_cut") == 0 || std::strcmp(name, "mincut") == 0) {
        *out = ICS_CLUSTER_MIN_CUT;
        return ICS_OK;
    }
    fail(Errc::invalid_argument,
         "unknown clustering strategy " + quoted(name) + " (direct, staggered, donor, min-cut, check)");
    ICS_API_END
}

ics_status ics_cluster_options_init(ics_cluster_options* opts, unsigned version) {
    ICS_API_BEGIN
    require(opts, "opts");
    check_version(version, ICS_CLUSTER_OPTIONS_VERSION, "ics_cluster_options");
    *opts = ics_cluster_options ICS_CLUSTER_OPTIONS_INIT;
    opts->version = version;
    return ICS_OK;
    ICS_API_END
}

ics_status ics_cluster_extract(ics_cluster** out, const ics_dag* dag, const uint32_t* executed, size_t executed_len,
                               uint32_t k, ics_cluster_strategy strategy, const ics_cluster_options* opts) {
    ICS_API_BEGIN
    require(out, "out");
    const Dag& g = capi::check(dag).dag();
    const auto s = to_strategy(enum_value(strategy));
    return emit_cluster(out, cluster::extract(g, ids(executed, executed_len, "executed"), k, s, to_options(opts)));
    ICS_API_END
}

ics_status ics_cluster_check(ics_cluster** out, const ics_dag* dag, const uint32_t* executed, size_t executed_len,
                             const uint32_t* tasks, size_t len, const ics_cluster_options* opts) {
    ICS_API_BEGIN
    require(out, "out");
    const Dag& g = capi::check(dag).dag();
    return emit_cluster(out, cluster::check(g, ids(executed, executed_len, "executed"), ids(tasks, len, "tasks"),
                                            to_options(opts)));
    ICS_API_END
}

void ics_cluster_destroy(ics_cluster* cluster) {
    if (!live(cluster, kClusterMagic)) return;
    delete cluster;
}

ics_status ics_cluster_strategy_used(ics_cluster_strategy* out, const ics_cluster* cluster) {
    ICS_API_BEGIN
    require(out, "out");
    *out = static_cast<ics_cluster_strategy>(check(cluster).strategy);
    return ICS_OK;
    ICS_API_END
}

ics_status ics_cluster_tasks(uint32_t* out, size_t capacity, size_t* out_count, const ics_cluster* cluster) {
    ICS_API_BEGIN
    return copy_out(out, capacity, out_count, check(cluster).tasks);
    ICS_API_END
}

ics_status ics_cluster_cut_arc_count(uint64_t* out, const ics_cluster* cluster) {
    ICS_API_BEGIN
    require(out, "out");
    *out = check(cluster).cut.size();
    return ICS_OK;
    ICS_API_END
}

ics_status ics_cluster_cut_arcs(uint32_t* out_from, uint32_t* out_to, size_t capacity, size_t* out_count,
                                const ics_cluster* cluster) {
    ICS_API_BEGIN
    const auto& cut = check(cluster).cut;
    std::vector<std::uint32_t> from, to;
    from.reserve(cut.size());
    to.reserve(cut.size());
    for (const auto& [u, v] : cut) {
        from.push_back(u);
        to.push_back(v);
    }
    if (out_from == nullptr && out_to == nullptr && capacity == 0) return copy_out(nullptr, 0, out_count, from);
    require(out_to, "out_to");
    if (auto st = answer_without_copy(out_from, capacity, out_count, from.size())) return *st;
    std::copy(from.begin(), from.end(), out_from);
    return copy_out(out_to, capacity, out_count, to);
    ICS_API_END
}

ics_status ics_cluster_eligible_rendered(uint32_t* out, const ics_cluster* cluster) {
    ICS_API_BEGIN
    require(out, "out");
    *out = check(cluster).eligible_rendered;
    return ICS_OK;
    ICS_API_END
}

ics_status ics_cluster_newly_eligible(uint32_t* out, const ics_cluster* cluster) {
    ICS_API_BEGIN
    require(out, "out");
    *out = check(cluster).newly_eligible;
    return ICS_OK;
    ICS_API_END
}

ics_status ics_cluster_self_contained(int* out, const ics_cluster* cluster) {
    ICS_API_BEGIN
    require(out, "out");
    *out = check(cluster).self_contained ? 1 : 0;
    return ICS_OK;
    ICS_API_END
}

ics_status ics_cluster_violation(const char** out, const ics_cluster* cluster) {
    ICS_API_BEGIN
    require(out, "out");
    *out = check(cluster).violation.c_str();
    return ICS_OK;
    ICS_API_END
}

ics_status ics_cluster_closure(uint32_t* out, size_t capacity, size_t* out_count, const ics_cluster* cluster) {
    ICS_API_BEGIN
    return copy_out(out, capacity, out_count, check(cluster).closure);
    ICS_API_END
}

ics_status ics_cluster_residual_dag(ics_dag** out, const ics_cluster* cluster) {
    ICS_API_BEGIN
    require(out, "out");
    const ics_cluster& h = check_handle(cluster, kClusterMagic, "cluster");
    if (h.source && h.c.residual.node_count() != h.c.residual_to_original.size())
        return emit(out, cluster::residual_dag(*h.source, h.c));
    return emit(out, h.c.residual);
    ICS_API_END
}

ics_status ics_cluster_residual_status(ics_schedule_status* out, const ics_cluster* cluster) {
    ICS_API_BEGIN
    require(out, "out");
    *out = static_cast<ics_schedule_status>(check(cluster).residual_status);
    return ICS_OK;
    ICS_API_END
}

ics_status ics_cluster_residual_order(uint32_t* out, size_t capacity, size_t* out_count, const ics_cluster* cluster) {
    ICS_API_BEGIN
    return copy_out(out, capacity, out_count, check(cluster).residual_order);
    ICS_API_END
}

ics_status ics_cluster_residual_reason(const char** out, const ics_cluster* cluster) {
    ICS_API_BEGIN
    require(out, "out");
    *out = check(cluster).residual_reason.c_str();
    return ICS_OK;
    ICS_API_END
}

ics_status ics_cluster_certificate(const char** out, const ics_cluster* cluster) {
    ICS_API_BEGIN
    require(out, "out");
    *out = check(cluster).certificate.c_str();
    return ICS_OK;
    ICS_API_END
}

ics_status ics_cluster_donor_note(const char** out, const ics_cluster* cluster) {
    ICS_API_BEGIN
    require(out, "out");
    *out = check(cluster).donor_note.c_str();
    return ICS_OK;
    ICS_API_END
}

ics_status ics_cluster_sequence(ics_cluster_list** out, const ics_dag* dag, const uint32_t* executed,
                                size_t executed_len, const uint32_t* sizes, size_t count,
                                ics_cluster_strategy strategy, const ics_cluster_options* opts) {
    ICS_API_BEGIN
    require(out, "out");
    const Dag& g = capi::check(dag).dag();
    if (sizes == nullptr && count > 0) fail(Errc::invalid_argument, "sizes is NULL");
    const auto s = to_strategy(enum_value(strategy));
    auto h = std::make_unique<ics_cluster_list>();
    cluster::sequence(g, ids(executed, executed_len, "executed"), std::span<const std::uint32_t>(sizes, count), s,
                      to_options(opts), [&](cluster::Cluster&& cl) {
                          cl.residual = Dag{};  // streamed: one residual at a time
                          cl.residual_to_original = {};
                          h->clusters.push_back(std::move(cl));
                      });
    h->executed.assign(executed, executed + executed_len);
    h->source = std::make_shared<const Dag>(g);
    *out = h.release();
    return ICS_OK;
    ICS_API_END
}

void ics_cluster_list_destroy(ics_cluster_list* list) {
    if (!live(list, kClusterListMagic)) return;
    delete list;
}

ics_status ics_cluster_list_count(uint32_t* out, const ics_cluster_list* list) {
    ICS_API_BEGIN
    require(out, "out");
    *out = static_cast<uint32_t>(check_handle(list, kClusterListMagic, "cluster list").clusters.size());
    return ICS_OK;
    ICS_API_END
}

ics_status ics_cluster_list_get(ics_cluster** out, const ics_cluster_list* list, uint32_t index) {
    ICS_API_BEGIN
    require(out, "out");
    const auto& l = check_handle(list, kClusterListMagic, "cluster list");
    if (index >= l.clusters.size())
        fail(Errc::invalid_argument, "cluster " + std::to_string(index) + " out of range (" +
                                         std::to_string(l.clusters.size()) + " clusters)");
    cluster::Cluster c = l.clusters[index];
    std::vector<char> done(l.source->node_count(), 0);
    for (NodeId v : l.executed) done[v] = 1;
    for (std::uint32_t i = 0; i <= index; ++i)
        for (NodeId v : l.clusters[i].tasks) done[v] = 1;
    for (NodeId v = 0; v < l.source->node_count(); ++v)
        if (!done[v]) c.residual_to_original.push_back(v);
    return emit_cluster(out, std::move(c), l.source);
    ICS_API_END
}

ics_status ics_dag_generate_clustering_fig6(ics_dag** out) {
    ICS_API_BEGIN
    require(out, "out");
    return emit(out, families::clustering_fig6());
    ICS_API_END
}

}  // extern "C"
