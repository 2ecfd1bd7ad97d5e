// The IC server's state machine (see server.hpp): compact per-task arrays, a
// min-heap of the eligible tasks' ranks (O(log n) per event), a lease heap,
// and the journal records that replay it.
#include "server/server.hpp"

#include <algorithm>
#include <functional>
#include <numeric>
#include <unordered_map>
#include <unordered_set>

#include "algebra/algebra.hpp"
#include "common/hash.hpp"
#include "server/journal.hpp"

namespace ics::server {

namespace {

constexpr std::uint8_t kStateMask = 0x7F;
constexpr std::uint8_t kInDoubt = 0x80;

std::uint8_t code(TaskState s) { return static_cast<std::uint8_t>(s); }

}  // namespace

const char* task_state_name(TaskState s) noexcept {
    switch (s) {
        case TaskState::waiting: return "waiting";
        case TaskState::eligible: return "eligible";
        case TaskState::running: return "running";
        case TaskState::executed: return "executed";
        case TaskState::failed: return "failed";
        case TaskState::blocked: return "blocked";
    }
    return "unknown";
}

std::uint64_t fingerprint(const Dag& g) {
    std::uint64_t h = fmix64(0x1C5C4ED0ull ^ g.node_count());
    for (NodeId v = 0; v < g.node_count(); ++v) {
        std::uint64_t nh = 0xcbf29ce484222325ull;  // FNV-1a of the name
        for (char c : g.name(v)) nh = (nh ^ static_cast<unsigned char>(c)) * 0x100000001b3ull;
        h = fmix64(h ^ nh) + v;
        for (NodeId c : g.children(v)) h = fmix64(h ^ (std::uint64_t{c} << 1 | 1));
    }
    return h;
}

// ------------------------------------------------------------ construction

Server::Server(const Dag& dag, Options options, OpenTag) : dag_(dag), options_(std::move(options)) {
    if (options_.retry_limit > 254) ics::fail(Errc::invalid_argument, "retry limit " + std::to_string(options_.retry_limit) +
                                                                     " is above 254");
    if (options_.fsync == Fsync::every_n && options_.fsync_every == 0)
        ics::fail(Errc::invalid_argument, "fsync every N needs N >= 1");
    init_state();
    rank_initial();
    rebuild_heap();
}

Server::Server(const Dag& dag, Options options) : Server(dag, std::move(options), OpenTag{}) {
    if (!options_.journal.empty())
        journal_ = Journal::create(options_.journal, fingerprint(dag_), n_,
                                   JournalPolicy{static_cast<int>(options_.fsync), options_.fsync_every});
}

std::unique_ptr<Server> Server::open(const Dag& dag, Options options) {
    if (options.journal.empty()) ics::fail(Errc::invalid_argument, "open needs a journal path");
    std::unique_ptr<Server> s(new Server(dag, options, OpenTag{}));
    Recovery rec;
    auto j = Journal::open(
        options.journal, fingerprint(s->dag_), s->n_,
        JournalPolicy{static_cast<int>(options.fsync), options.fsync_every},
        [&](std::span<const std::uint8_t> p) { return s->replay(p); }, &rec.records, &rec.bytes_cut, &rec.message);
    s->journal_ = std::move(j);
    s->recovery_ = std::move(rec);
    for (NodeId v = 0; v < s->n_; ++v)
        if ((s->state_[v] & kStateMask) == code(TaskState::running)) s->state_[v] |= kInDoubt;
    return s;
}

Server::~Server() = default;

void Server::init_state() {
    n_ = dag_.node_count();
    pending_.assign(n_, 0);
    state_.assign(n_, code(TaskState::waiting));
    failures_.assign(n_, 0);
    deadline_.assign(n_, 0);
    holder_.assign(n_, kNoWorker);
    slot_.assign(n_, 0);
    completed_.clear();
    leases_.clear();
    workers_.clear();
    counts_ = Counts{};
    for (NodeId v = 0; v < n_; ++v) {
        pending_[v] = dag_.in_degree(v);
        if (pending_[v] == 0) {
            state_[v] = code(TaskState::eligible);
            ++counts_.eligible;
        } else {
            ++counts_.waiting;
        }
    }
}

void Server::rank_initial() {
    order_.clear();
    switch (options_.ranking) {
        case Ranking::schedule:
            if (n_ > 0) order_ = schedule::schedule(dag_, options_.schedule).order;
            break;
        case Ranking::order: {
            if (options_.order.size() != n_)
                ics::fail(Errc::invalid_argument, "ranking order has " + std::to_string(options_.order.size()) +
                                                 " tasks, the dag " + std::to_string(n_));
            std::vector<std::uint8_t> seen(n_, 0);
            for (NodeId v : options_.order) {
                if (v >= n_) ics::fail(Errc::unknown_node, "ranking order names task " + std::to_string(v) + " of " +
                                                          std::to_string(n_));
                if (seen[v]++) ics::fail(Errc::invalid_argument, "ranking order names task " + quoted(dag_.name(v)) + " twice");
            }
            order_ = options_.order;
            break;
        }
        case Ranking::priorities: {
            if (options_.priorities.size() != n_)
                ics::fail(Errc::invalid_argument, "priorities have " + std::to_string(options_.priorities.size()) +
                                                 " entries, the dag " + std::to_string(n_) + " tasks");
            order_.resize(n_);
            std::iota(order_.begin(), order_.end(), NodeId{0});
            std::stable_sort(order_.begin(), order_.end(),
                             [&](NodeId a, NodeId b) { return options_.priorities[a] > options_.priorities[b]; });
            break;
        }
        default: ics::fail(Errc::invalid_argument, "unknown ranking " + std::to_string(static_cast<int>(options_.ranking)));
    }
    rank_.assign(n_, 0);
    for (std::uint32_t r = 0; r < n_; ++r) rank_[order_[r]] = r;
}

void Server::rebuild_heap() {
    heap_.clear();
    heap_.reserve(counts_.eligible);
    for (NodeId v = 0; v < n_; ++v)
        if ((state_[v] & kStateMask) == code(TaskState::eligible)) heap_.push_back(rank_[v]);
    std::make_heap(heap_.begin(), heap_.end(), std::greater<>());
}

// ------------------------------------------------------------ heaps

void Server::heap_push(std::uint32_t r) {
    heap_.push_back(r);
    std::push_heap(heap_.begin(), heap_.end(), std::greater<>());
    // Stale entries (tasks handed out by a cluster or a batch) are dropped
    // lazily; compact when they outnumber the live ones.
    if (heap_.size() > 2 * std::size_t{counts_.eligible} + 1024) {
        std::vector<std::uint32_t> live;
        live.reserve(counts_.eligible);
        for (std::uint32_t x : heap_)
            if ((state_[order_[x]] & kStateMask) == code(TaskState::eligible)) live.push_back(x);
        std::sort(live.begin(), live.end());
        live.erase(std::unique(live.begin(), live.end()), live.end());
        heap_ = std::move(live);  // sorted ascending is a valid min-heap
    }
}

bool Server::heap_top(std::uint32_t& r) {
    while (!heap_.empty()) {
        r = heap_.front();
        if ((state_[order_[r]] & kStateMask) == code(TaskState::eligible)) return true;
        heap_pop();
    }
    return false;
}

void Server::heap_pop() {
    std::pop_heap(heap_.begin(), heap_.end(), std::greater<>());
    heap_.pop_back();
}

// ------------------------------------------------------------ checks

void Server::check_task(NodeId v) const {
    if (v >= n_) ics::fail(Errc::unknown_node, "task " + std::to_string(v) + " is not a task (" + std::to_string(n_) +
                                              " tasks)");
}

void Server::check_running(NodeId v, const char* verb) const {
    check_task(v);
    const auto s = static_cast<TaskState>(state_[v] & kStateMask);
    if (s != TaskState::running)
        ics::fail(Errc::invalid_argument, std::string("cannot ") + verb + " task " + quoted(dag_.name(v)) + ": it is " +
                                         task_state_name(s) + ", not running");
}

void Server::check_completable(NodeId v) const {
    check_running(v, "complete");
    if (pending_[v] != 0)
        for (NodeId p : dag_.parents(v))
            if ((state_[p] & kStateMask) != code(TaskState::executed))
                ics::fail(Errc::invalid_argument, "cannot complete task " + quoted(dag_.name(v)) + " before its parent " +
                                                 quoted(dag_.name(p)) + " (" +
                                                 task_state_name(static_cast<TaskState>(state_[p] & kStateMask)) + ")");
}

// ------------------------------------------------------------ workers

Server::WorkerTasks* Server::find_worker(WorkerId w) {
    auto it = std::lower_bound(workers_.begin(), workers_.end(), w,
                               [](const WorkerTasks& a, WorkerId b) { return a.worker < b; });
    return it != workers_.end() && it->worker == w ? &*it : nullptr;
}
const Server::WorkerTasks* Server::find_worker(WorkerId w) const {
    return const_cast<Server*>(this)->find_worker(w);
}

void Server::hold(NodeId v, WorkerId w) {
    WorkerTasks* wt = find_worker(w);
    if (wt == nullptr) {
        auto it = std::lower_bound(workers_.begin(), workers_.end(), w,
                                   [](const WorkerTasks& a, WorkerId b) { return a.worker < b; });
        wt = &*workers_.insert(it, WorkerTasks{w, {}});
    }
    holder_[v] = w;
    slot_[v] = static_cast<std::uint32_t>(wt->tasks.size());
    wt->tasks.push_back(v);
}

void Server::unhold(NodeId v) {
    WorkerTasks* wt = find_worker(holder_[v]);
    if (wt != nullptr) {
        const NodeId last = wt->tasks.back();
        wt->tasks[slot_[v]] = last;
        slot_[last] = slot_[v];
        wt->tasks.pop_back();
    }
    holder_[v] = kNoWorker;
    deadline_[v] = 0;
}

void Server::take_back(NodeId v) {
    unhold(v);
    --counts_.running;
    if (pending_[v] == 0) {
        state_[v] = code(TaskState::eligible);
        ++counts_.eligible;
        heap_push(rank_[v]);
    } else {
        state_[v] = code(TaskState::waiting);
        ++counts_.waiting;
    }
}

// ------------------------------------------------------------ choosing tasks

std::vector<NodeId> Server::pick_best(std::uint32_t k) {
    std::vector<NodeId> out;
    std::uint32_t r = 0, last = ~0u;
    while (out.size() < k && heap_top(r)) {
        heap_pop();
        if (r == last) continue;  // a duplicate entry of the task just taken
        last = r;
        out.push_back(order_[r]);
    }
    return out;
}

// Eligible tasks and tasks whose unexecuted parents are all in the cluster,
// best rank first: the worker can run them in this order without waiting.
std::vector<NodeId> Server::pick_cluster_rank(std::uint32_t k) {
    std::vector<NodeId> out;
    std::vector<std::uint32_t> local;  // ranks of tasks the cluster made ready (min-heap)
    std::unordered_map<NodeId, std::uint32_t> left;  // unexecuted parents outside the cluster
    std::uint32_t r = 0, last = ~0u;
    while (out.size() < k) {
        bool have = heap_top(r);
        while (have && r == last) {
            heap_pop();
            have = heap_top(r);
        }
        const bool from_local = !local.empty() && (!have || local.front() < r);
        if (!have && !from_local) break;
        if (from_local) {
            r = local.front();
            std::pop_heap(local.begin(), local.end(), std::greater<>());
            local.pop_back();
        } else {
            heap_pop();
            last = r;
        }
        const NodeId v = order_[r];
        out.push_back(v);
        for (NodeId c : dag_.children(v)) {
            if ((state_[c] & kStateMask) != code(TaskState::waiting)) continue;
            auto [it, fresh] = left.try_emplace(c, pending_[c]);
            if (--it->second == 0) {
                local.push_back(rank_[c]);
                std::push_heap(local.begin(), local.end(), std::greater<>());
            }
        }
    }
    return out;
}

// Tasks no running, failed or blocked task precedes: not executed, and every
// parent executed or free. Their subdag's sources are the eligible tasks.
std::vector<NodeId> Server::free_tasks() const {
    std::vector<std::uint8_t> is_free(n_, 0);
    std::vector<NodeId> out;
    for (NodeId v : dag_.topological_order()) {
        const auto s = static_cast<TaskState>(state_[v] & kStateMask);
        if (s != TaskState::eligible && s != TaskState::waiting) continue;
        bool ok = true;
        for (NodeId p : dag_.parents(v))
            if ((state_[p] & kStateMask) != code(TaskState::executed) && !is_free[p]) {
                ok = false;
                break;
            }
        if (ok) {
            is_free[v] = 1;
            out.push_back(v);
        }
    }
    std::sort(out.begin(), out.end());
    return out;
}

std::vector<NodeId> Server::pick_cluster(std::uint32_t k) {
    const std::vector<NodeId> free = free_tasks();
    if (free.empty()) return {};
    const algebra::Derived sub = algebra::induced(dag_, free);
    try {
        const cluster::Cluster c =
            cluster::extract(sub.dag, {}, std::min<std::uint32_t>(k, static_cast<std::uint32_t>(free.size())),
                             options_.cluster_strategy, options_.cluster);
        std::vector<NodeId> out;
        out.reserve(c.tasks.size());
        for (NodeId t : c.tasks) out.push_back(sub.origin[t].node);
        return out;
    } catch (const Error& e) {
        // The strategy needs structure the free tasks lack (no proven
        // IC-optimal schedule, no ▷-linear composition, no donor blocks).
        if (e.code() != Errc::not_ic_optimal && e.code() != Errc::unsupported) throw;
    }
    return pick_cluster_rank(k);
}

// ------------------------------------------------------------ state changes

void Server::apply_handout(WorkerId worker, std::uint64_t now, std::uint64_t deadline, std::span<const NodeId> tasks) {
    now_ = std::max(now_, now);
    for (NodeId v : tasks) {
        if ((state_[v] & kStateMask) == code(TaskState::eligible))
            --counts_.eligible;
        else
            --counts_.waiting;
        state_[v] = code(TaskState::running);
        ++counts_.running;
        deadline_[v] = deadline;
        hold(v, worker);
        if (deadline != 0) {
            leases_.emplace_back(deadline, v);
            std::push_heap(leases_.begin(), leases_.end(), std::greater<>());
        }
    }
    if (leases_.size() > 2 * std::size_t{counts_.running} + 1024) {
        std::vector<std::pair<std::uint64_t, NodeId>> live;
        for (const auto& e : leases_)
            if ((state_[e.second] & kStateMask) == code(TaskState::running) && deadline_[e.second] == e.first)
                live.push_back(e);
        std::sort(live.begin(), live.end());
        live.erase(std::unique(live.begin(), live.end()), live.end());
        leases_ = std::move(live);
    }
}

std::vector<NodeId> Server::apply_complete(NodeId v) {
    std::vector<NodeId> newly;
    unhold(v);
    state_[v] = code(TaskState::executed);
    --counts_.running;
    ++counts_.executed;
    completed_.push_back(v);
    for (NodeId c : dag_.children(v)) {
        if (--pending_[c] == 0 && (state_[c] & kStateMask) == code(TaskState::waiting)) {
            state_[c] = code(TaskState::eligible);
            --counts_.waiting;
            ++counts_.eligible;
            heap_push(rank_[c]);
            newly.push_back(c);
        }
    }
    return newly;
}

FailOutcome Server::apply_fail(NodeId v) {
    FailOutcome out;
    if (failures_[v] < 255) ++failures_[v];
    if (failures_[v] <= options_.retry_limit) {
        take_back(v);
        return out;
    }
    out.failed = true;
    unhold(v);
    --counts_.running;
    state_[v] = code(TaskState::failed);
    ++counts_.failed;
    // Every descendant is blocked for good (none can be executed: v is not).
    std::vector<NodeId> stack(dag_.children(v).begin(), dag_.children(v).end());
    while (!stack.empty()) {
        const NodeId c = stack.back();
        stack.pop_back();
        const auto s = static_cast<TaskState>(state_[c] & kStateMask);
        if (s == TaskState::blocked) continue;
        if (s == TaskState::running) {
            unhold(c);
            --counts_.running;
            out.returned.push_back(c);
        } else if (s == TaskState::waiting) {
            --counts_.waiting;
        } else {
            continue;  // cannot happen: eligible/executed/failed need v executed
        }
        state_[c] = code(TaskState::blocked);
        ++counts_.blocked;
        out.blocked.push_back(c);
        for (NodeId d : dag_.children(c)) stack.push_back(d);
    }
    std::sort(out.blocked.begin(), out.blocked.end());
    std::sort(out.returned.begin(), out.returned.end());
    return out;
}

void Server::apply_return(std::span<const NodeId> tasks, std::uint64_t now) {
    now_ = std::max(now_, now);
    for (NodeId v : tasks) take_back(v);
}

void Server::apply_replan() {
    // New ranks: what was executed (in completion order), the running tasks,
    // the schedule of the rest (running ones counted as done), then failed
    // and blocked tasks. The plan (profile_plan) then starts with the play so far.
    std::vector<NodeId> running, left, dead;
    for (NodeId r = 0; r < n_; ++r) {
        const NodeId v = order_[r];
        switch (static_cast<TaskState>(state_[v] & kStateMask)) {
            case TaskState::running: running.push_back(v); break;
            case TaskState::eligible:
            case TaskState::waiting: left.push_back(v); break;
            case TaskState::failed:
            case TaskState::blocked: dead.push_back(v); break;
            case TaskState::executed: break;
        }
    }
    std::vector<NodeId> order;
    order.reserve(n_);
    order.insert(order.end(), completed_.begin(), completed_.end());
    order.insert(order.end(), running.begin(), running.end());
    if (!left.empty()) {
        std::sort(left.begin(), left.end());
        const algebra::Derived sub = algebra::induced(dag_, left);
        const schedule::Result res = schedule::schedule(sub.dag, options_.schedule);
        for (NodeId t : res.order) order.push_back(sub.origin[t].node);
    }
    order.insert(order.end(), dead.begin(), dead.end());
    order_ = std::move(order);
    for (std::uint32_t r = 0; r < n_; ++r) rank_[order_[r]] = r;
    rebuild_heap();
}

std::vector<NodeId> Server::expired(std::uint64_t now) {
    std::vector<NodeId> out;
    while (!leases_.empty() && leases_.front().first <= now) {
        const auto e = leases_.front();
        std::pop_heap(leases_.begin(), leases_.end(), std::greater<>());
        leases_.pop_back();
        if ((state_[e.second] & kStateMask) == code(TaskState::running) && deadline_[e.second] == e.first &&
            (out.empty() || out.back() != e.second))
            out.push_back(e.second);
    }
    return out;
}

void Server::log(const std::vector<std::uint8_t>& record) {
    if (journal_) journal_->append(record);
}

// ------------------------------------------------------------ public calls

std::vector<NodeId> Server::request(WorkerId worker, std::uint32_t k) {
    std::lock_guard lock(mutex_);
    if (k == 0) ics::fail(Errc::invalid_argument, "request of 0 tasks");
    std::vector<NodeId> tasks;
    if (k == 1 || options_.multi == Multi::best)
        tasks = pick_best(k);
    else if (options_.multi == Multi::cluster_rank)
        tasks = pick_cluster_rank(k);
    else
        tasks = pick_cluster(k);
    if (tasks.empty()) return tasks;
    const std::uint64_t deadline = options_.lease == 0 ? 0 : now_ + options_.lease;
    if (journal_) {
        RecordWriter w(RecordType::handout);
        w.u32(worker);
        w.u64(now_);
        w.u64(deadline);
        w.u32(static_cast<std::uint32_t>(tasks.size()));
        for (NodeId v : tasks) w.u32(v);
        try {
            log(w.take());
        } catch (...) {
            for (NodeId v : tasks)
                if ((state_[v] & kStateMask) == code(TaskState::eligible)) heap_push(rank_[v]);
            throw;
        }
    }
    apply_handout(worker, now_, deadline, tasks);
    return tasks;
}

std::vector<NodeId> Server::request_batch(std::uint32_t r, std::span<const WorkerId> workers) {
    std::lock_guard lock(mutex_);
    if (r == 0) ics::fail(Errc::invalid_argument, "batch of 0 requests");
    if (!workers.empty() && workers.size() != r)
        ics::fail(Errc::invalid_argument, "batch of " + std::to_string(r) + " requests with " +
                                         std::to_string(workers.size()) + " workers");
    if (counts_.eligible == 0) return {};
    // The frontier: the eligible tasks E and the waiting tasks all of whose
    // unexecuted parents are in E (only those can become eligible in one
    // batch); executed parents drop out of the induced subdag, running ones
    // keep their children out of it. batch::select then sees exactly the
    // server's state.
    std::vector<NodeId> e;
    for (std::uint32_t x : heap_)
        if ((state_[order_[x]] & kStateMask) == code(TaskState::eligible)) e.push_back(order_[x]);
    std::sort(e.begin(), e.end());
    e.erase(std::unique(e.begin(), e.end()), e.end());
    std::vector<NodeId> frontier = e;
    std::unordered_map<NodeId, std::uint32_t> left;
    for (NodeId v : e)
        for (NodeId c : dag_.children(v)) {
            if ((state_[c] & kStateMask) != code(TaskState::waiting)) continue;
            auto [it, fresh] = left.try_emplace(c, pending_[c]);
            if (--it->second == 0) frontier.push_back(c);
        }
    std::sort(frontier.begin(), frontier.end());
    const algebra::Derived sub = algebra::induced(dag_, frontier);
    const std::uint32_t take = std::min<std::uint32_t>(r, static_cast<std::uint32_t>(e.size()));
    const batch::Selection sel = batch::select(sub.dag, {}, take, options_.batch);
    std::vector<NodeId> tasks;
    for (NodeId t : sel.selected) tasks.push_back(sub.origin[t].node);
    std::sort(tasks.begin(), tasks.end(), [&](NodeId a, NodeId b) { return rank_[a] < rank_[b]; });
    const std::uint64_t deadline = options_.lease == 0 ? 0 : now_ + options_.lease;
    if (journal_) {  // one record for the whole batch: it stands or falls as one
        RecordWriter w(RecordType::batch);
        w.u64(now_);
        w.u64(deadline);
        w.u32(static_cast<std::uint32_t>(tasks.size()));
        for (std::size_t i = 0; i < tasks.size(); ++i) {
            w.u32(tasks[i]);
            w.u32(workers.empty() ? kNoWorker : workers[i]);
        }
        log(w.take());
    }
    for (std::size_t i = 0; i < tasks.size(); ++i)
        apply_handout(workers.empty() ? kNoWorker : workers[i], now_, deadline, std::span<const NodeId>(&tasks[i], 1));
    return tasks;
}

std::vector<NodeId> Server::complete(NodeId task, std::size_t limit) {
    std::lock_guard lock(mutex_);
    check_completable(task);
    if (limit != kNoLimit) {
        std::size_t needed = 0;
        for (NodeId c : dag_.children(task))
            if (pending_[c] == 1 && (state_[c] & kStateMask) == code(TaskState::waiting)) ++needed;
        if (needed > limit) throw TooMany{needed};
    }
    if (journal_) {
        RecordWriter w(RecordType::complete);
        w.u32(task);
        log(w.take());
    }
    return apply_complete(task);
}

FailOutcome Server::fail(NodeId task) {
    std::lock_guard lock(mutex_);
    check_running(task, "fail");
    if (journal_) {
        RecordWriter w(RecordType::fail);
        w.u32(task);
        log(w.take());
    }
    return apply_fail(task);
}

std::vector<NodeId> Server::release(WorkerId worker, std::size_t limit) {
    std::lock_guard lock(mutex_);
    const WorkerTasks* wt = find_worker(worker);
    if (wt == nullptr || wt->tasks.empty()) return {};
    std::vector<NodeId> tasks = wt->tasks;
    if (tasks.size() > limit) throw TooMany{tasks.size()};
    std::sort(tasks.begin(), tasks.end(), [&](NodeId a, NodeId b) { return rank_[a] < rank_[b]; });
    if (journal_) {
        RecordWriter w(RecordType::give_back);
        w.u64(now_);
        w.u32(static_cast<std::uint32_t>(tasks.size()));
        for (NodeId v : tasks) w.u32(v);
        log(w.take());
    }
    apply_return(tasks, now_);
    return tasks;
}

void Server::tick(std::uint64_t now) {
    std::lock_guard lock(mutex_);
    if (now < now_)
        ics::fail(Errc::invalid_argument, "the clock cannot go back (now " + std::to_string(now_) + ", given " +
                                         std::to_string(now) + ")");
    if (now == now_) return;
    if (journal_) {
        RecordWriter w(RecordType::clock);
        w.u64(now);
        log(w.take());
    }
    now_ = now;
}

std::vector<NodeId> Server::expire(std::uint64_t now, std::size_t limit) {
    std::lock_guard lock(mutex_);
    if (now < now_)
        ics::fail(Errc::invalid_argument, "the clock cannot go back (now " + std::to_string(now_) + ", given " +
                                         std::to_string(now) + ")");
    std::vector<NodeId> tasks = expired(now);
    auto put_back = [&] {
        for (NodeId v : tasks) {
            leases_.emplace_back(deadline_[v], v);
            std::push_heap(leases_.begin(), leases_.end(), std::greater<>());
        }
    };
    if (tasks.size() > limit) {
        put_back();
        throw TooMany{tasks.size()};
    }
    std::sort(tasks.begin(), tasks.end(), [&](NodeId a, NodeId b) { return rank_[a] < rank_[b]; });
    if (journal_ && (!tasks.empty() || now != now_)) {
        RecordWriter w(RecordType::give_back);
        w.u64(now);
        w.u32(static_cast<std::uint32_t>(tasks.size()));
        for (NodeId v : tasks) w.u32(v);
        try {
            log(w.take());
        } catch (...) {
            put_back();
            throw;
        }
    }
    apply_return(tasks, now);
    return tasks;
}

void Server::replan() {
    std::lock_guard lock(mutex_);
    if (journal_) log(RecordWriter(RecordType::replan).take());
    apply_replan();
}

void Server::snapshot() {
    std::lock_guard lock(mutex_);
    if (!journal_) ics::fail(Errc::invalid_argument, "snapshot needs a journal");
    journal_->rewrite(encode_snapshot());
}

// ------------------------------------------------------------ queries

Counts Server::counts() const {
    std::lock_guard lock(mutex_);
    return counts_;
}

std::uint64_t Server::now() const {
    std::lock_guard lock(mutex_);
    return now_;
}

TaskState Server::state(NodeId task) const {
    std::lock_guard lock(mutex_);
    check_task(task);
    return static_cast<TaskState>(state_[task] & kStateMask);
}

std::uint32_t Server::rank(NodeId task) const {
    std::lock_guard lock(mutex_);
    check_task(task);
    return rank_[task];
}

std::vector<NodeId> Server::eligible() const {
    std::lock_guard lock(mutex_);
    std::vector<std::uint32_t> ranks;
    ranks.reserve(counts_.eligible);
    for (std::uint32_t x : heap_)
        if ((state_[order_[x]] & kStateMask) == code(TaskState::eligible)) ranks.push_back(x);
    std::sort(ranks.begin(), ranks.end());
    ranks.erase(std::unique(ranks.begin(), ranks.end()), ranks.end());
    std::vector<NodeId> out;
    out.reserve(ranks.size());
    for (std::uint32_t x : ranks) out.push_back(order_[x]);
    return out;
}

std::vector<NodeId> Server::tasks_in(TaskState s) const {
    if (s == TaskState::eligible) return eligible();
    if (s == TaskState::executed) return executed();
    std::lock_guard lock(mutex_);
    std::vector<NodeId> out;
    for (NodeId v = 0; v < n_; ++v)
        if ((state_[v] & kStateMask) == code(s)) out.push_back(v);
    return out;
}

std::vector<NodeId> Server::executed() const {
    std::lock_guard lock(mutex_);
    return completed_;
}

std::vector<NodeId> Server::in_doubt() const {
    std::lock_guard lock(mutex_);
    std::vector<NodeId> out;
    for (NodeId v = 0; v < n_; ++v)
        if (state_[v] == (code(TaskState::running) | kInDoubt)) out.push_back(v);
    return out;
}

std::vector<Holding> Server::holdings() const {
    std::lock_guard lock(mutex_);
    std::vector<Holding> out;
    out.reserve(counts_.running);
    for (const WorkerTasks& wt : workers_)
        for (NodeId v : wt.tasks) out.push_back(Holding{v, wt.worker, deadline_[v]});
    std::sort(out.begin(), out.end(), [&](const Holding& a, const Holding& b) { return rank_[a.task] < rank_[b.task]; });
    return out;
}

std::vector<NodeId> Server::held_by(WorkerId worker) const {
    std::lock_guard lock(mutex_);
    const WorkerTasks* wt = find_worker(worker);
    if (wt == nullptr) return {};
    std::vector<NodeId> out = wt->tasks;
    std::sort(out.begin(), out.end(), [&](NodeId a, NodeId b) { return rank_[a] < rank_[b]; });
    return out;
}

namespace {
// E(0..len): ELIGIBLE tasks (unexecuted, every parent executed) after each
// execution of `order` (a prefix of an execution order).
std::vector<std::uint32_t> play(const Dag& g, std::span<const NodeId> order) {
    std::vector<std::uint32_t> left(g.node_count());
    std::uint32_t e = 0;
    for (NodeId v = 0; v < g.node_count(); ++v) {
        left[v] = g.in_degree(v);
        if (left[v] == 0) ++e;
    }
    std::vector<std::uint32_t> out;
    out.reserve(order.size() + 1);
    out.push_back(e);
    for (NodeId v : order) {
        --e;
        for (NodeId c : g.children(v))
            if (--left[c] == 0) ++e;
        out.push_back(e);
    }
    return out;
}
}  // namespace

std::vector<std::uint32_t> Server::profile_played() const {
    std::lock_guard lock(mutex_);
    return play(dag_, completed_);
}

std::vector<NodeId> Server::plan_order() const {
    std::lock_guard lock(mutex_);
    std::vector<std::uint32_t> left(n_), heap;
    for (NodeId v = 0; v < n_; ++v) {
        left[v] = dag_.in_degree(v);
        if (left[v] == 0) heap.push_back(rank_[v]);
    }
    std::make_heap(heap.begin(), heap.end(), std::greater<>());
    std::vector<NodeId> out;
    out.reserve(n_);
    while (!heap.empty()) {
        std::pop_heap(heap.begin(), heap.end(), std::greater<>());
        const NodeId v = order_[heap.back()];
        heap.pop_back();
        out.push_back(v);
        for (NodeId c : dag_.children(v))
            if (--left[c] == 0) {
                heap.push_back(rank_[c]);
                std::push_heap(heap.begin(), heap.end(), std::greater<>());
            }
    }
    return out;
}

std::vector<std::uint32_t> Server::profile_plan() const { return play(dag_, plan_order()); }

Recovery Server::recovery() const {
    std::lock_guard lock(mutex_);
    return recovery_;
}

std::size_t Server::memory_bytes() const {
    std::lock_guard lock(mutex_);
    std::size_t b = pending_.capacity() * 4 + state_.capacity() + failures_.capacity() + rank_.capacity() * 4 +
                    order_.capacity() * 4 + deadline_.capacity() * 8 + holder_.capacity() * 4 + slot_.capacity() * 4 +
                    completed_.capacity() * 4 + heap_.capacity() * 4 + leases_.capacity() * sizeof(leases_[0]);
    for (const WorkerTasks& wt : workers_) b += sizeof wt + wt.tasks.capacity() * 4;
    return b;
}

// ------------------------------------------------------------ journal replay

std::vector<std::uint8_t> Server::encode_snapshot() const {
    RecordWriter w(RecordType::snapshot);
    w.u64(now_);
    w.u32(n_);
    for (NodeId r = 0; r < n_; ++r) w.u32(order_[r]);
    for (NodeId v = 0; v < n_; ++v) {
        w.u8(state_[v] & kStateMask);
        w.u8(failures_[v]);
    }
    w.u32(static_cast<std::uint32_t>(completed_.size()));
    for (NodeId v : completed_) w.u32(v);
    w.u32(counts_.running);
    for (const WorkerTasks& wt : workers_)
        for (NodeId v : wt.tasks) {
            w.u32(v);
            w.u32(wt.worker);
            w.u64(deadline_[v]);
        }
    return w.take();
}

void Server::load_snapshot(std::span<const std::uint8_t> payload) {
    RecordReader r(payload.subspan(1));
    const std::uint64_t now = r.u64();
    if (r.u32() != n_) ics::fail(Errc::parse, "snapshot of another task count");
    std::vector<NodeId> order(n_);
    std::vector<std::uint8_t> seen(n_, 0), st(n_), fl(n_);
    for (NodeId i = 0; i < n_; ++i) {
        order[i] = r.u32();
        if (order[i] >= n_ || seen[order[i]]++) ics::fail(Errc::parse, "snapshot ranks are not a permutation");
    }
    for (NodeId v = 0; v < n_; ++v) {
        st[v] = r.u8();
        fl[v] = r.u8();
        if (st[v] > code(TaskState::blocked)) ics::fail(Errc::parse, "snapshot task state out of range");
    }
    const std::uint32_t done = r.u32();
    if (done > n_) ics::fail(Errc::parse, "snapshot completion count out of range");
    std::vector<NodeId> completed(done);
    for (auto& v : completed) {
        v = r.u32();
        if (v >= n_ || st[v] != code(TaskState::executed)) ics::fail(Errc::parse, "snapshot completion of a task not executed");
    }
    const std::uint32_t running = r.u32();
    struct Run { NodeId v; WorkerId w; std::uint64_t d; };
    std::vector<Run> runs(running);
    for (auto& x : runs) {
        x.v = r.u32();
        x.w = r.u32();
        x.d = r.u64();
        if (x.v >= n_ || st[x.v] != code(TaskState::running)) ics::fail(Errc::parse, "snapshot holder of a task not running");
    }
    if (!r.done()) ics::fail(Errc::parse, "snapshot has trailing bytes");
    // Consistent: install it.
    order_ = std::move(order);
    for (std::uint32_t i = 0; i < n_; ++i) rank_[order_[i]] = i;
    state_ = std::move(st);
    failures_ = std::move(fl);
    completed_ = std::move(completed);
    counts_ = Counts{};
    workers_.clear();
    leases_.clear();
    std::fill(holder_.begin(), holder_.end(), kNoWorker);
    std::fill(deadline_.begin(), deadline_.end(), 0);
    for (NodeId v = 0; v < n_; ++v) {
        pending_[v] = 0;
        for (NodeId p : dag_.parents(v))
            if (state_[p] != code(TaskState::executed)) ++pending_[v];
        switch (static_cast<TaskState>(state_[v])) {
            case TaskState::waiting: ++counts_.waiting; break;
            case TaskState::eligible: ++counts_.eligible; break;
            case TaskState::running: ++counts_.running; break;
            case TaskState::executed: ++counts_.executed; break;
            case TaskState::failed: ++counts_.failed; break;
            case TaskState::blocked: ++counts_.blocked; break;
        }
    }
    for (const Run& x : runs) {
        hold(x.v, x.w);
        deadline_[x.v] = x.d;
        if (x.d != 0) leases_.emplace_back(x.d, x.v);
    }
    std::make_heap(leases_.begin(), leases_.end(), std::greater<>());
    now_ = now;
    rebuild_heap();
}

std::string Server::replay(std::span<const std::uint8_t> payload) {
    try {
        RecordReader r(payload);
        const auto type = static_cast<RecordType>(r.u8());
        auto read_tasks = [&](std::uint32_t count) {
            if (std::uint64_t{count} * 4 != r.left()) ics::fail(Errc::parse, "task count does not match the record length");
            std::vector<NodeId> tasks(count);
            for (auto& v : tasks) {
                v = r.u32();
                check_task(v);
            }
            std::vector<NodeId> sorted = tasks;
            std::sort(sorted.begin(), sorted.end());
            if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end())
                ics::fail(Errc::parse, "a task appears twice");
            return tasks;
        };
        switch (type) {
            case RecordType::handout: {
                const WorkerId w = r.u32();
                const std::uint64_t now = r.u64();
                const std::uint64_t deadline = r.u64();
                const std::vector<NodeId> tasks = read_tasks(r.u32());
                std::unordered_set<NodeId> in(tasks.begin(), tasks.end());
                for (NodeId v : tasks) {
                    const auto s = static_cast<TaskState>(state_[v] & kStateMask);
                    if (s != TaskState::eligible && s != TaskState::waiting)
                        ics::fail(Errc::parse, "handout of " + quoted(dag_.name(v)) + ", which is " + task_state_name(s));
                    for (NodeId p : dag_.parents(v))
                        if ((state_[p] & kStateMask) != code(TaskState::executed) && !in.count(p))
                            ics::fail(Errc::parse, "handout of " + quoted(dag_.name(v)) + " without its parent");
                }
                apply_handout(w, now, deadline, tasks);
                break;
            }
            case RecordType::batch: {
                const std::uint64_t now = r.u64();
                const std::uint64_t deadline = r.u64();
                const std::uint32_t count = r.u32();
                if (std::uint64_t{count} * 8 != r.left()) ics::fail(Errc::parse, "task count does not match the record length");
                std::vector<NodeId> tasks(count);
                std::vector<WorkerId> ws(count);
                for (std::uint32_t i = 0; i < count; ++i) {
                    tasks[i] = r.u32();
                    ws[i] = r.u32();
                    check_task(tasks[i]);
                    if ((state_[tasks[i]] & kStateMask) != code(TaskState::eligible))
                        ics::fail(Errc::parse, "batch hands out " + quoted(dag_.name(tasks[i])) + ", which is not eligible");
                }
                std::vector<NodeId> sorted = tasks;
                std::sort(sorted.begin(), sorted.end());
                if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end())
                    ics::fail(Errc::parse, "a task appears twice");
                for (std::uint32_t i = 0; i < count; ++i)
                    apply_handout(ws[i], now, deadline, std::span<const NodeId>(&tasks[i], 1));
                break;
            }
            case RecordType::complete: {
                const NodeId v = r.u32();
                if (!r.done()) ics::fail(Errc::parse, "record has trailing bytes");
                check_completable(v);
                apply_complete(v);
                break;
            }
            case RecordType::fail: {
                const NodeId v = r.u32();
                if (!r.done()) ics::fail(Errc::parse, "record has trailing bytes");
                check_running(v, "fail");
                apply_fail(v);
                break;
            }
            case RecordType::give_back: {
                const std::uint64_t now = r.u64();
                const std::vector<NodeId> tasks = read_tasks(r.u32());
                for (NodeId v : tasks) check_running(v, "give back");
                apply_return(tasks, now);
                break;
            }
            case RecordType::replan:
                if (!r.done()) ics::fail(Errc::parse, "record has trailing bytes");
                apply_replan();
                break;
            case RecordType::snapshot: load_snapshot(payload); break;
            case RecordType::clock: {
                const std::uint64_t now = r.u64();
                if (!r.done()) ics::fail(Errc::parse, "record has trailing bytes");
                now_ = std::max(now_, now);
                break;
            }
            default: ics::fail(Errc::parse, "unknown record type " + std::to_string(static_cast<int>(type)));
        }
    } catch (const Error& e) {
        return std::string("invalid record: ") + e.what();
    }
    return {};
}

}  // namespace ics::server
