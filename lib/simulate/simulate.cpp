// The event-driven simulation (simulate.hpp): workers ask the real IC server
// for tasks as they become free, report completions and failures, and leave
// and come back; the clock jumps from event to event.
#include <algorithm>
#include <cmath>
#include <queue>

#include "common/error.hpp"
#include "server/server.hpp"
#include "simulate/simulate.hpp"

namespace ics::simulate {

namespace {

// ---- portable draws: counter-based, + - * / and exact scalings only (libm's
// last bits differ between C libraries; a seed must give the same run anywhere).

std::uint64_t mix(std::uint64_t z) noexcept {
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

enum Stream : std::uint64_t { kSpeed = 1, kTaskTime = 2, kTaskFactor = 3, kFailure = 4, kChurn = 5, kPhase = 6, kPick = 7 };

// Uniform in (0, 1), the same for the same (seed, stream, id, k) on every machine.
double draw(std::uint64_t seed, Stream s, std::uint64_t id, std::uint64_t k) noexcept {
    const std::uint64_t z = mix(seed ^ mix((static_cast<std::uint64_t>(s) << 56) ^ mix(id * 0x9e3779b97f4a7c15ull + k)));
    return (static_cast<double>(z >> 11) + 0.5) * 0x1.0p-53;
}

// ln x for x > 0: x = m·2^e with m in [0.5, 1) (frexp is exact), then
// ln m = 2 atanh(z), z = (m − 1)/(m + 1) in (−1/3, 0], by its series.
double portable_log(double x) noexcept {
    int e = 0;
    const double m = std::frexp(x, &e);
    const double z = (m - 1.0) / (m + 1.0);
    const double z2 = z * z;
    double term = z, sum = 0;
    for (int k = 1; k < 80; k += 2) {
        const double add = term / k;
        sum += add;
        if (std::fabs(add) < 1e-18) break;
        term *= z2;
    }
    return 2.0 * sum + e * 0.693147180559945309417232121458176568;
}

// e^x: x = k ln 2 + r, |r| ≤ ln 2 / 2, Taylor series for e^r, ldexp exact.
double portable_exp(double x) noexcept {
    const double ln2 = 0.693147180559945309417232121458176568;
    const double k = std::floor(x / ln2 + 0.5);
    const double r = x - k * ln2;
    double term = 1, sum = 1;
    for (int i = 1; i < 40; ++i) {
        term = term * r / i;
        sum += term;
        if (std::fabs(term) < 1e-18) break;
    }
    return std::ldexp(sum, static_cast<int>(k));
}

double exponential(double mean, double u) noexcept { return -mean * portable_log(u); }
// Log-uniform in [1/spread, spread].
double log_uniform(double spread, double u) noexcept {
    return spread == 1.0 ? 1.0 : portable_exp((2.0 * u - 1.0) * portable_log(spread));
}

// ---- the simulation

enum class Kind : std::uint8_t { finish = 0, up = 1, down = 2 };

struct Event {
    double t;
    std::uint64_t seq;  // ties: the order events were scheduled
    std::uint32_t worker;
    std::uint32_t epoch;  // a finish event of a worker that left since is stale
    Kind kind;
    bool operator>(const Event& o) const noexcept { return t != o.t ? t > o.t : seq > o.seq; }
};

class Simulation {
public:
    Simulation(const Dag& dag, std::span<const NodeId> order, const Options& o, std::uint64_t seed)
        : dag_(dag), o_(o), seed_(seed), n_(dag.node_count()) {
        server::Options so;
        so.ranking = server::Ranking::order;
        so.order.assign(order.begin(), order.end());
        so.retry_limit = o.retry_limit;
        server_ = std::make_unique<server::Server>(dag, std::move(so));
        const std::uint32_t w = o.workers;
        speed_.assign(w, 1.0);
        if (o.speeds == Speeds::heterogeneous)
            for (std::uint32_t i = 0; i < w; ++i) speed_[i] = log_uniform(o.spread, draw(seed_, kSpeed, i, 0));
        present_.assign(w, 0);
        task_.assign(w, kNoNode);
        epoch_.assign(w, 0);
        slot_.assign(w, kNotWaiting);
        idle_since_.assign(w, 0.0);
        churn_k_.assign(w, 0);
        attempts_.assign(n_, 0);
        open_children_.resize(n_);
        for (NodeId v = 0; v < n_; ++v) open_children_[v] = dag.out_degree(v);
    }

    Run run() {
        for (std::uint32_t w = 0; w < o_.workers; ++w) start_worker(w);
        dispatch(0);
        const std::uint64_t budget =
            o_.max_events ? o_.max_events
                          : std::max<std::uint64_t>(1'000'000, 200 * (std::uint64_t{n_} + o_.workers));
        std::uint64_t processed = 0;
        bool stalled = false;
        while (!finished() && !events_.empty()) {
            if (++processed > budget) {
                stalled = true;
                last_ = events_.top().t;
                break;
            }
            const Event e = events_.top();
            events_.pop();
            switch (e.kind) {
                case Kind::finish:
                    if (e.epoch == epoch_[e.worker] && task_[e.worker] != kNoNode) on_finish(e.worker, e.t);
                    break;
                case Kind::up: on_up(e.worker, e.t); break;
                case Kind::down: on_down(e.worker, e.t); break;
            }
        }
        Run r;
        const server::Counts c = server_->counts();
        r.executed = c.executed;
        r.failed = c.failed;
        r.complete = c.executed == n_;
        r.stalled = stalled;
        r.makespan = last_;
        for (std::uint32_t w = 0; w < o_.workers; ++w)
            if (present_[w] && task_[w] == kNoNode && idle_since_[w] < last_) idle_ += last_ - idle_since_[w];
        r.idle = idle_;
        r.gridlock = gridlock_;
        r.memory_peak = held_peak_;
        advance_memory(last_);
        r.memory_mean = last_ > 0 ? held_area_ / last_ : 0.0;
        r.profile = server_->profile_played();
        return r;
    }

private:
    bool finished() const {
        const server::Counts c = server_->counts();
        return c.running == 0 && c.eligible == 0;  // all done, or nothing left that can run
    }

    void push(double t, std::uint32_t w, Kind k) { events_.push(Event{t, seq_++, w, epoch_[w], k}); }

    void start_worker(std::uint32_t w) {
        switch (o_.availability) {
            case Availability::always: become_present(w, 0); break;
            case Availability::churn:
                become_present(w, 0);
                push(exponential(o_.mean_up, draw(seed_, kChurn, w, churn_k_[w]++)), w, Kind::down);
                break;
            case Availability::volunteer: {
                // Up during [phase + j·period, phase + j·period + duty·period).
                const double phase = draw(seed_, kPhase, w, 0) * o_.period;
                const double into = std::fmod(o_.period - phase, o_.period);  // time 0's offset in its period
                const double up_len = o_.duty * o_.period;
                if (into < up_len) {
                    become_present(w, 0);
                    push(up_len - into, w, Kind::down);
                } else {
                    push(o_.period - into, w, Kind::up);
                }
                break;
            }
        }
    }

    void become_present(std::uint32_t w, double t) {
        present_[w] = 1;
        idle_since_[w] = t;
        enqueue(w);
    }

    // The workers waiting for a task. Which of them asks first is drawn at
    // random: idle workers poll the server, and serving the longest-waiting
    // one first would hand a returned task to the worker closest to leaving
    // (under volunteer days, again and again).
    void enqueue(std::uint32_t w) {
        if (slot_[w] == kNotWaiting) {
            slot_[w] = static_cast<std::uint32_t>(waiting_.size());
            waiting_.push_back(w);
        }
    }
    void unqueue(std::uint32_t w) {
        const std::uint32_t i = slot_[w];
        if (i == kNotWaiting) return;
        const std::uint32_t last = waiting_.back();
        waiting_[i] = last;
        slot_[last] = i;
        waiting_.pop_back();
        slot_[w] = kNotWaiting;
    }
    std::uint32_t pick() {
        const auto i = static_cast<std::size_t>(draw(seed_, kPick, picks_++, 0) * static_cast<double>(waiting_.size()));
        const std::uint32_t w = waiting_[std::min(i, waiting_.size() - 1)];
        unqueue(w);
        return w;
    }

    double next_up_len() const { return o_.duty * o_.period; }

    void on_up(std::uint32_t w, double t) {
        become_present(w, t);
        if (o_.availability == Availability::churn)
            push(t + exponential(o_.mean_up, draw(seed_, kChurn, w, churn_k_[w]++)), w, Kind::down);
        else
            push(t + next_up_len(), w, Kind::down);
        dispatch(t);
    }

    void on_down(std::uint32_t w, double t) {
        if (task_[w] != kNoNode) {
            server_->release(w);  // its task goes back to the pool, no failure counted
            task_[w] = kNoNode;
            ++epoch_[w];          // its finish event is stale now
        } else if (idle_since_[w] < t) {
            idle_ += t - idle_since_[w];
        }
        unqueue(w);
        present_[w] = 0;
        if (o_.availability == Availability::churn)
            push(t + exponential(o_.mean_down, draw(seed_, kChurn, w, churn_k_[w]++)), w, Kind::up);
        else
            push(t + (o_.period - next_up_len()), w, Kind::up);
        dispatch(t);  // a released task may go to someone waiting
    }

    void on_finish(std::uint32_t w, double t) {
        const NodeId v = task_[w];
        task_[w] = kNoNode;
        last_ = t;
        const std::uint32_t attempt = attempts_[v]++;
        if (o_.failure_probability > 0 && draw(seed_, kFailure, v, attempt) < o_.failure_probability) {
            server_->fail(v);
        } else {
            server_->complete(v);
            advance_memory(t);
            if (open_children_[v] > 0) ++held_;
            for (NodeId p : dag_.parents(v))
                if (--open_children_[p] == 0) --held_;
            held_peak_ = std::max(held_peak_, held_);
        }
        idle_since_[w] = t;
        enqueue(w);
        dispatch(t);
        // A step of starvation: someone waits, nothing is eligible, work remains.
        const server::Counts c = server_->counts();
        if (c.eligible == 0 && c.executed + c.failed + c.blocked < n_ && any_waiting()) ++gridlock_;
    }

    bool any_waiting() const { return !waiting_.empty(); }

    void advance_memory(double t) {
        held_area_ += static_cast<double>(held_) * (t - held_t_);
        held_t_ = t;
    }

    double task_time(NodeId v, std::uint32_t w) const {
        double d = 1.0;
        if (o_.durations == Durations::given) d = o_.given[v];
        else if (o_.durations == Durations::exponential) d = exponential(1.0, draw(seed_, kTaskTime, v, 0));
        if (o_.speeds == Speeds::per_task) d *= log_uniform(o_.spread, draw(seed_, kTaskFactor, v, attempts_[v]));
        return d / speed_[w];
    }

    void assign(std::uint32_t w, NodeId v, double t) {
        if (idle_since_[w] < t) idle_ += t - idle_since_[w];
        task_[w] = v;
        push(t + task_time(v, w), w, Kind::finish);
    }

    // Hands eligible tasks to waiting workers, longest-waiting first.
    void dispatch(double t) {
        while (any_waiting() && server_->counts().eligible > 0) {
            const std::uint32_t eligible = server_->counts().eligible;
            if (o_.batch >= 2 && eligible >= 2 && waiting_.size() >= 2) {
                std::vector<server::WorkerId> ws;
                while (ws.size() < o_.batch && ws.size() < eligible && any_waiting()) ws.push_back(pick());
                const std::vector<NodeId> got =
                    server_->request_batch(static_cast<std::uint32_t>(ws.size()), ws);
                for (std::size_t i = 0; i < got.size(); ++i) assign(ws[i], got[i], t);
                for (std::size_t i = got.size(); i < ws.size(); ++i) enqueue(ws[i]);
                if (got.empty()) break;
            } else {
                const std::uint32_t w = pick();
                const std::vector<NodeId> got = server_->request(w, 1);
                if (got.empty()) {
                    enqueue(w);
                    break;
                }
                assign(w, got[0], t);
            }
        }
    }

    const Dag& dag_;
    const Options& o_;
    std::uint64_t seed_;
    NodeId n_;
    std::unique_ptr<server::Server> server_;
    std::vector<double> speed_, idle_since_;
    static constexpr std::uint32_t kNotWaiting = 0xFFFFFFFFu;
    std::vector<std::uint8_t> present_;
    std::vector<std::uint32_t> slot_;  // index in waiting_, or kNotWaiting
    std::uint64_t picks_ = 0;
    std::vector<NodeId> task_;
    std::vector<std::uint32_t> epoch_, churn_k_, attempts_, open_children_;
    std::vector<std::uint32_t> waiting_;
    std::priority_queue<Event, std::vector<Event>, std::greater<>> events_;
    std::uint64_t seq_ = 0, gridlock_ = 0;
    std::uint32_t held_ = 0, held_peak_ = 0;
    double held_area_ = 0, held_t_ = 0, idle_ = 0, last_ = 0;
};

void check(const Dag& dag, const Options& o) {
    auto bad = [](const std::string& what) { fail(Errc::invalid_argument, "simulate: " + what); };
    if (dag.empty()) fail(Errc::empty_graph, "simulate: the dag has no tasks");
    if (o.workers == 0) bad("workers must be at least 1");
    if (o.workers > 10'000'000) fail(Errc::too_large, "simulate: at most 10,000,000 workers");
    if (o.runs == 0) bad("runs must be at least 1");
    if (static_cast<int>(o.policy) < 0 || static_cast<int>(o.policy) >= kPolicyCount)
        bad("unknown policy " + std::to_string(static_cast<int>(o.policy)));
    if (o.durations == Durations::given) {
        if (o.given.size() != dag.node_count())
            bad("durations: " + std::to_string(o.given.size()) + " values for " + std::to_string(dag.node_count()) +
                " tasks");
        for (std::size_t i = 0; i < o.given.size(); ++i)
            if (!(o.given[i] >= 0) || !std::isfinite(o.given[i]))
                bad("duration of task " + quoted(dag.name(static_cast<NodeId>(i))) + " is not a finite number >= 0");
    } else if (o.durations != Durations::unit && o.durations != Durations::exponential) {
        bad("unknown durations model " + std::to_string(static_cast<int>(o.durations)));
    }
    if (static_cast<int>(o.speeds) < 0 || static_cast<int>(o.speeds) > 2) bad("unknown speeds model");
    if (!(o.spread >= 1.0) || !std::isfinite(o.spread)) bad("spread must be a finite number >= 1");
    if (static_cast<int>(o.availability) < 0 || static_cast<int>(o.availability) > 2) bad("unknown availability");
    if (o.availability == Availability::churn && !(o.mean_up > 0 && o.mean_down > 0 && std::isfinite(o.mean_up) &&
                                                    std::isfinite(o.mean_down)))
        bad("churn needs mean_up > 0 and mean_down > 0");
    if (o.availability == Availability::volunteer &&
        !(o.period > 0 && std::isfinite(o.period) && o.duty > 0 && o.duty <= 1))
        bad("volunteer availability needs period > 0 and 0 < duty <= 1");
    if (!(o.failure_probability >= 0 && o.failure_probability < 1))
        bad("failure_probability must be in [0, 1)");
    if (o.retry_limit > 254) bad("retry_limit must be at most 254");
}

}  // namespace

std::uint64_t run_seed(std::uint64_t seed, std::uint32_t run) noexcept {
    return mix(seed + 0x9e3779b97f4a7c15ull * (static_cast<std::uint64_t>(run) + 1));
}

std::vector<Run> simulate(const Dag& dag, const Options& o) {
    check(dag, o);
    std::span<const double> durations;
    if (o.durations == Durations::given) durations = o.given;
    std::vector<NodeId> order;
    if (o.policy != Policy::random) order = ranking(dag, o.policy, durations, 0);
    std::vector<Run> runs;
    runs.reserve(o.runs);
    for (std::uint32_t i = 0; i < o.runs; ++i) {
        const std::uint64_t seed = run_seed(o.seed, i);
        if (o.policy == Policy::random) order = ranking(dag, o.policy, durations, seed);
        runs.push_back(Simulation(dag, order, o, seed).run());
    }
    return runs;
}

double metric_of(const Run& r, Metric m) noexcept {
    switch (m) {
        case Metric::makespan: return r.makespan;
        case Metric::idle: return r.idle;
        case Metric::gridlock: return static_cast<double>(r.gridlock);
        case Metric::memory_peak: return r.memory_peak;
        case Metric::memory_mean: return r.memory_mean;
    }
    return 0;
}

Summary summarize(std::span<const Run> runs, Metric m) {
    Summary s;
    if (runs.empty()) return s;
    double sum = 0;
    for (const Run& r : runs) sum += metric_of(r, m);
    s.mean = sum / static_cast<double>(runs.size());
    if (runs.size() < 2) return s;
    double sq = 0;
    for (const Run& r : runs) sq += (metric_of(r, m) - s.mean) * (metric_of(r, m) - s.mean);
    const double sd = std::sqrt(sq / static_cast<double>(runs.size() - 1));
    // Student's t quantile t(0.975, df), df = runs − 1; 1.96 beyond the table.
    static const double t975[] = {12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
                                  2.201,  2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
                                  2.080,  2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042};
    const std::size_t df = runs.size() - 1;
    const double t = df <= 30 ? t975[df - 1] : df <= 60 ? 2.000 : df <= 120 ? 1.980 : 1.960;
    s.ci95 = t * sd / std::sqrt(static_cast<double>(runs.size()));
    return s;
}

}  // namespace ics::simulate
