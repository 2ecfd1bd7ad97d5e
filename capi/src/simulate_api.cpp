// Simulated runs on the IC server (lib/simulate) and task durations (lib/io/durations).
#include <cstring>

#include "handles.hpp"
#include "io/durations.hpp"
#include "simulate/simulate.hpp"

using namespace ics;
using namespace ics::capi;

namespace {
constexpr std::uint32_t kSimulationMagic = 0x4943534D;  // "ICSM"
}  // namespace

struct ics_simulation {
    Magic magic{kSimulationMagic};
    std::vector<simulate::Run> runs;
    ~ics_simulation() { magic = kDeadMagic; }
};

namespace {

const ics_simulation& check(const ics_simulation* s) { return check_handle(s, kSimulationMagic, "simulation"); }

void check_enum(int v, int last, const char* field) {
    if (v < 0 || v > last)
        fail(Errc::invalid_argument, std::string("ics_simulate_options.") + field + " " + std::to_string(v) +
                                         " is out of range (0.." + std::to_string(last) + ")");
}

simulate::Options to_options(const ics_simulate_options* opts) {
    ics_simulate_options d ICS_SIMULATE_OPTIONS_INIT;
    if (opts != nullptr) {
        check_version(opts->version, ICS_SIMULATE_OPTIONS_VERSION, "ics_simulate_options");
        d = *opts;
    }
    check_enum(enum_value(d.policy), simulate::kPolicyCount - 1, "policy");
    check_enum(enum_value(d.durations), 2, "durations");
    check_enum(enum_value(d.speeds), 2, "speeds");
    check_enum(enum_value(d.availability), 2, "availability");
    simulate::Options o;
    o.workers = d.workers;
    o.policy = static_cast<simulate::Policy>(enum_value(d.policy));
    o.seed = d.seed;
    o.runs = d.runs;
    o.durations = static_cast<simulate::Durations>(enum_value(d.durations));
    o.speeds = static_cast<simulate::Speeds>(enum_value(d.speeds));
    o.spread = d.spread;
    o.availability = static_cast<simulate::Availability>(enum_value(d.availability));
    o.mean_up = d.mean_up;
    o.mean_down = d.mean_down;
    o.period = d.period;
    o.duty = d.duty;
    o.batch = d.batch;
    o.failure_probability = d.failure_probability;
    o.retry_limit = d.retry_limit;
    o.max_events = d.max_events;
    return o;
}

std::vector<double> take_durations(const double* durations, std::size_t count, const Dag& dag) {
    if (durations == nullptr && count != 0) fail(Errc::invalid_argument, "durations is NULL but its count is not 0");
    if (durations == nullptr) return {};
    if (count != dag.node_count())
        fail(Errc::invalid_argument, "durations: " + std::to_string(count) + " values for " +
                                         std::to_string(dag.node_count()) + " tasks");
    return {durations, durations + count};
}

ics_status copy_doubles(double* out, std::size_t capacity, std::size_t* out_count, std::span<const double> data) {
    if (out_count) *out_count = data.size();
    if (out == nullptr && capacity == 0) return ICS_OK;
    require(out, "out");
    if (capacity < data.size())
        return set_error(ICS_ERR_BUFFER_TOO_SMALL, "buffer holds " + std::to_string(capacity) + " values, " +
                                                       std::to_string(data.size()) + " needed");
    std::copy(data.begin(), data.end(), out);
    return ICS_OK;
}

template <class E>
const char* name_in(const E& v, int last, const char* const* names) {
    const int i = enum_value(v);
    return i >= 0 && i <= last ? names[i] : "unknown";
}

template <class E>
ics_status from_name_in(E* out, const char* name, int last, const char* const* names, const char* what) {
    require(out, "out");
    require(name, "name");
    std::string all;
    for (int i = 0; i <= last; ++i) {
        if (std::strcmp(name, names[i]) == 0) {
            *out = static_cast<E>(i);
            return ICS_OK;
        }
        all += (i ? ", " : "") + std::string(names[i]);
    }
    fail(Errc::invalid_argument, std::string("unknown ") + what + " " + quoted(name) + " (" + all + ")");
}

const char* const kDurationNames[] = {"unit", "given", "exponential"};
const char* const kSpeedNames[] = {"fixed", "heterogeneous", "per-task"};
const char* const kAvailabilityNames[] = {"always", "churn", "volunteer"};
const char* const kMetricNames[] = {"makespan", "idle", "gridlock", "memory_peak", "memory_mean"};

// ics_simulation_run_* index a run: out of range is the caller's error.
const simulate::Run& run_at(const ics_simulation& s, std::uint32_t run) {
    if (run >= s.runs.size())
        fail(Errc::invalid_argument,
             "run " + std::to_string(run) + " is out of range (" + std::to_string(s.runs.size()) + " runs)");
    return s.runs[run];
}

}  // namespace

extern "C" {

const char* ics_sim_policy_name(ics_sim_policy policy) {
    const int p = enum_value(policy);
    if (p < 0 || p >= simulate::kPolicyCount) return "unknown";
    return simulate::policy_name(static_cast<simulate::Policy>(p));
}

ics_status ics_sim_policy_from_name(ics_sim_policy* out, const char* name) {
    ICS_API_BEGIN
    require(out, "out");
    require(name, "name");
    simulate::Policy p;
    if (!simulate::policy_from_name(name, p)) {
        std::string all;
        for (int i = 0; i < simulate::kPolicyCount; ++i)
            all += (i ? ", " : "") + std::string(simulate::policy_name(static_cast<simulate::Policy>(i)));
        fail(Errc::invalid_argument, "unknown simulation policy " + quoted(name) + " (" + all + ")");
    }
    *out = static_cast<ics_sim_policy>(p);
    return ICS_OK;
    ICS_API_END
}

const char* ics_sim_durations_name(ics_sim_durations d) { return name_in(d, 2, kDurationNames); }
ics_status ics_sim_durations_from_name(ics_sim_durations* out, const char* name) {
    ICS_API_BEGIN
    if (out != nullptr && name != nullptr && std::strcmp(name, "file") == 0) {
        *out = ICS_SIM_DURATIONS_GIVEN;
        return ICS_OK;
    }
    return from_name_in(out, name, 2, kDurationNames, "durations model");
    ICS_API_END
}
const char* ics_sim_speeds_name(ics_sim_speeds s) { return name_in(s, 2, kSpeedNames); }
ics_status ics_sim_speeds_from_name(ics_sim_speeds* out, const char* name) {
    ICS_API_BEGIN
    return from_name_in(out, name, 2, kSpeedNames, "speeds model");
    ICS_API_END
}
const char* ics_sim_availability_name(ics_sim_availability a) { return name_in(a, 2, kAvailabilityNames); }
ics_status ics_sim_availability_from_name(ics_sim_availability* out, const char* name) {
    ICS_API_BEGIN
    return from_name_in(out, name, 2, kAvailabilityNames, "availability model");
    ICS_API_END
}
const char* ics_sim_metric_name(ics_sim_metric m) { return name_in(m, 4, kMetricNames); }

ics_status ics_simulate_options_init(ics_simulate_options* opts, unsigned version) {
    ICS_API_BEGIN
    require(opts, "opts");
    check_version(version, ICS_SIMULATE_OPTIONS_VERSION, "ics_simulate_options");
    *opts = ics_simulate_options ICS_SIMULATE_OPTIONS_INIT;
    opts->version = version;
    return ICS_OK;
    ICS_API_END
}

ics_status ics_dag_read_durations(double* out, size_t capacity, size_t* out_count, const ics_dag* dag,
                                  const char* path, ics_format format) {
    ICS_API_BEGIN
    const Dag& d = check(dag).dag();
    require(path, "path");
    const int f = enum_value(format);
    if (f < 0 || f > static_cast<int>(io::Format::adjacency_json))
        fail(Errc::invalid_argument, "format " + std::to_string(f) + " is not an ics_format");
    const std::vector<double> durations = io::read_durations(path, d, static_cast<io::Format>(f));
    return copy_doubles(out, capacity, out_count, durations);
    ICS_API_END
}

ics_status ics_sim_ranking(uint32_t* out, size_t capacity, size_t* out_count, const ics_dag* dag,
                           const double* durations, size_t duration_count, ics_sim_policy policy, uint64_t seed) {
    ICS_API_BEGIN
    const Dag& d = check(dag).dag();
    const int p = enum_value(policy);
    if (p < 0 || p >= simulate::kPolicyCount)
        fail(Errc::invalid_argument, "policy " + std::to_string(p) + " is not an ics_sim_policy");
    const std::vector<double> given = take_durations(durations, duration_count, d);
    for (double x : given)
        if (!(x >= 0)) fail(Errc::invalid_argument, "durations must be numbers >= 0");
    if (auto early = answer_without_copy(out, capacity, out_count, d.node_count())) return *early;
    const std::vector<NodeId> order = simulate::ranking(d, static_cast<simulate::Policy>(p), given, seed);
    return copy_out(out, capacity, out_count, order);
    ICS_API_END
}

ics_status ics_simulate(ics_simulation** out, const ics_dag* dag, const double* durations, size_t duration_count,
                        const ics_simulate_options* opts) {
    ICS_API_BEGIN
    require(out, "out");
    const Dag& d = check(dag).dag();
    simulate::Options o = to_options(opts);
    std::vector<double> given = take_durations(durations, duration_count, d);
    if (!given.empty()) {
        o.durations = simulate::Durations::given;
        o.given = std::move(given);
    } else if (o.durations == simulate::Durations::given) {
        fail(Errc::invalid_argument, "ics_simulate_options.durations is GIVEN but no durations were passed");
    }
    auto sim = std::make_unique<ics_simulation>();
    sim->runs = simulate::simulate(d, o);
    *out = sim.release();
    return ICS_OK;
    ICS_API_END
}

void ics_simulation_destroy(ics_simulation* simulation) {
    if (live(simulation, kSimulationMagic)) delete simulation;
}

ics_status ics_simulation_run_count(uint32_t* out, const ics_simulation* simulation) {
    ICS_API_BEGIN
    require(out, "out");
    *out = static_cast<std::uint32_t>(check(simulation).runs.size());
    return ICS_OK;
    ICS_API_END
}

ics_status ics_simulation_run(ics_sim_run* out, const ics_simulation* simulation, uint32_t run) {
    ICS_API_BEGIN
    require(out, "out");
    const simulate::Run& r = run_at(check(simulation), run);
    out->makespan = r.makespan;
    out->idle = r.idle;
    out->gridlock = r.gridlock;
    out->memory_peak = r.memory_peak;
    out->memory_mean = r.memory_mean;
    out->executed = r.executed;
    out->failed = r.failed;
    out->complete = r.complete ? 1 : 0;
    out->stalled = r.stalled ? 1 : 0;
    return ICS_OK;
    ICS_API_END
}

ics_status ics_simulation_profile(uint32_t* out, size_t capacity, size_t* out_count, const ics_simulation* simulation,
                                  uint32_t run) {
    ICS_API_BEGIN
    return copy_out(out, capacity, out_count, run_at(check(simulation), run).profile);
    ICS_API_END
}

ics_status ics_simulation_summary(double* out_mean, double* out_ci95, const ics_simulation* simulation,
                                  ics_sim_metric metric) {
    ICS_API_BEGIN
    const ics_simulation& s = check(simulation);
    const int m = enum_value(metric);
    if (m < 0 || m > 4) fail(Errc::invalid_argument, "metric " + std::to_string(m) + " is not an ics_sim_metric");
    const simulate::Summary sum = simulate::summarize(s.runs, static_cast<simulate::Metric>(m));
    if (out_mean) *out_mean = sum.mean;
    if (out_ci95) *out_ci95 = sum.ci95;
    return ICS_OK;
    ICS_API_END
}

}  // extern "C"
