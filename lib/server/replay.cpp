// Journal records applied to the server: the replay of open() and the
// snapshot record (lib/server/journal.hpp has the file format). A record is
// checked against the state before anything changes, so one that does not
// apply is reported as the journal's corrupt tail and changes nothing.
#include <algorithm>
#include <unordered_set>

#include "server/detail.hpp"
#include "server/journal.hpp"
#include "server/server.hpp"

namespace ics::server {

using detail::code;
using detail::kStateMask;

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
    // Bounded before the allocation: a 5-byte count must not reserve 64 GB
    // (fuzz/journal_fuzz.cpp).
    if (running > n_ || std::uint64_t{running} * 16 != r.left())
        ics::fail(Errc::parse, "snapshot running count does not match the record length");
    struct Run { NodeId v; WorkerId w; std::uint64_t d; };
    std::vector<Run> runs(running);
    for (auto& x : runs) {
        x.v = r.u32();
        x.w = r.u32();
        x.d = r.u64();
        if (x.v >= n_ || st[x.v] != code(TaskState::running)) ics::fail(Errc::parse, "snapshot holder of a task not running");
    }
    if (!r.done()) ics::fail(Errc::parse, "snapshot has trailing bytes");
    // The states must agree with the dag, the completion order and the
    // holders with the states: a snapshot is trusted no more than the other
    // records (fuzz/journal_fuzz.cpp found a waiting task with no parent
    // accepted).
    std::vector<std::uint8_t> done_seen(n_, 0), held(n_, 0);
    for (NodeId v : completed) {
        if (done_seen[v]++) ics::fail(Errc::parse, "snapshot completes a task twice");
        for (NodeId p : dag_.parents(v))
            if (!done_seen[p]) ics::fail(Errc::parse, "snapshot completes a task before its parent");
    }
    for (const Run& x : runs)
        if (held[x.v]++) ics::fail(Errc::parse, "snapshot holds a task twice");
    for (NodeId v = 0; v < n_; ++v) {
        bool parents_done = true, parents_started = true;
        for (NodeId p : dag_.parents(v)) {
            parents_done = parents_done && st[p] == code(TaskState::executed);
            parents_started = parents_started && (st[p] == code(TaskState::executed) || st[p] == code(TaskState::running));
        }
        const auto s = static_cast<TaskState>(st[v]);
        if (s == TaskState::executed && !done_seen[v]) ics::fail(Errc::parse, "snapshot executed task not in the completion order");
        if (s == TaskState::running && !held[v]) ics::fail(Errc::parse, "snapshot running task without a holder");
        if ((s == TaskState::executed || s == TaskState::eligible) && !parents_done)
            ics::fail(Errc::parse, "snapshot task executed or eligible before its parents");
        if (s == TaskState::running && !parents_started) ics::fail(Errc::parse, "snapshot task running before its parents");
        if (s == TaskState::waiting && parents_done) ics::fail(Errc::parse, "snapshot task waiting with its parents executed");
    }
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
