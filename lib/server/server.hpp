// The IC server (ic-scheduling-overview slides; batch-scheduling.txt §1;
// clustering.txt §1 and §3): a stateful dispatcher that hands ELIGIBLE tasks
// of one dag to remote workers as they ask, takes their reports in any
// order, and survives crashes through an append-only journal.
//
// Task states (one byte per task):
//   waiting   - some parent not executed (not handed out);
//   eligible  - every parent executed, in the pool, handed out by rank;
//   running   - handed out to a worker (holder, lease deadline), not reported;
//   executed  - reported complete;
//   failed    - failed more often than the retry limit allows;
//   blocked   - a descendant of a failed task (can never run).
// A task handed out inside a cluster (k > 1) may be running before its
// parents (which the same worker holds) are executed: its completion is
// accepted only once they are.
//
// Ranking: eligible tasks always go out lowest rank first. The default rank
// is the position in icsched's schedule (schedule::schedule), so with one
// worker the server replays `ics schedule`'s order; the caller may supply an
// order or priorities instead. replan() schedules the tasks left (running
// ones counted as done) and re-ranks.
//
// Memory: per task 4 (unexecuted parents) + 1 (state) + 1 (failures) + 4 + 4
// (rank and its inverse) + 8 (lease deadline) + 4 (holder) + 4 (slot in the
// holder's list) + 4 (completion order) = 34 bytes, plus the eligible heap
// (4 bytes per entry) and the lease heap (running tasks only).
//
// Threads: every public member function takes the server's mutex, so one
// server may be called from many threads at once; calls are linearised.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <vector>

#include "batch/batch.hpp"
#include "cluster/cluster.hpp"
#include "dag/dag.hpp"
#include "schedule/schedule.hpp"

namespace ics::server {

using WorkerId = std::uint32_t;
inline constexpr WorkerId kNoWorker = 0xFFFFFFFFu;  // tasks handed out to nobody in particular

// Values equal the C API's ics_server_task_state; only grow at the end.
enum class TaskState : std::uint8_t { waiting = 0, eligible = 1, running = 2, executed = 3, failed = 4, blocked = 5 };
const char* task_state_name(TaskState s) noexcept;

// Values equal the C API's ics_server_ranking.
enum class Ranking : int {
    schedule = 0,    // icsched's schedule of the dag (schedule::schedule with Options::schedule)
    order = 1,       // Options::order: a permutation of the tasks, first = best
    priorities = 2,  // Options::priorities: higher first, ties by id
};

// What request(worker, k > 1) hands out. Values equal ics_server_multi.
enum class Multi : int {
    best = 0,          // the k best-ranked eligible tasks
    cluster_rank = 1,  // a self-contained cluster grown by rank: eligible tasks and tasks all of whose
                       // unexecuted parents are already in the cluster, best rank first
    cluster = 2,       // a clustering-paper cluster (§3, Options::cluster_strategy) over the free tasks;
                       // cluster_rank when the strategy does not apply to them
};

// Values equal ics_server_fsync.
enum class Fsync : int { every = 0, every_n = 1, never = 2 };

struct Options {
    Ranking ranking = Ranking::schedule;
    schedule::Options schedule;               // ranking by schedule, and replan()
    std::vector<NodeId> order;                // Ranking::order
    std::vector<std::uint32_t> priorities;    // Ranking::priorities, indexed by task
    std::uint64_t lease = 0;                  // lease length in the caller's clock units; 0 = none
    std::uint32_t retry_limit = 3;            // failures a task may have before it is failed (<= 254)
    Multi multi = Multi::best;
    cluster::Strategy cluster_strategy = cluster::Strategy::direct;  // Multi::cluster
    cluster::Options cluster;
    batch::Options batch;
    std::string journal;                      // "" = no journal
    Fsync fsync = Fsync::every;
    std::uint32_t fsync_every = 1000;         // Fsync::every_n
};

struct Counts {
    std::uint32_t executed = 0, running = 0, eligible = 0, waiting = 0, blocked = 0, failed = 0;
};

// What fail() did.
struct FailOutcome {
    bool failed = false;           // the retry limit was passed: the task is failed
    std::vector<NodeId> blocked;   // tasks it blocks (failed only), increasing ids
    std::vector<NodeId> returned;  // running tasks of the blocked ones taken back from their holders
};

// What open() found in the journal.
struct Recovery {
    std::uint64_t records = 0;     // records replayed (a snapshot counts as one)
    std::uint64_t bytes_cut = 0;   // bytes of a truncated or corrupt tail, cut
    std::string message;           // "" when the journal was whole; else what was cut and why
};

struct Holding {
    NodeId task;
    WorkerId worker;
    std::uint64_t deadline;  // 0 when leases are off
};

class Journal;

// Thrown (instead of acting) when a call would list more than `limit` tasks:
// the C API's buffer convention, with the state unchanged.
struct TooMany {
    std::size_t needed;
};
inline constexpr std::size_t kNoLimit = ~std::size_t{0};

class Server {
public:
    // A new server at the start of the computation. With Options::journal, a
    // new journal is created there (invalid_argument when a non-empty file is
    // already there: use open(); io when it cannot be written). The dag is
    // copied.
    Server(const Dag& dag, Options options);
    // Replays the journal at `options.journal` (required): the state after
    // the last whole record; a truncated or corrupt tail is cut (recovery()
    // says what). Throws invalid_argument for a journal of another dag, io or
    // parse for an unreadable header.
    static std::unique_ptr<Server> open(const Dag& dag, Options options);
    ~Server();
    Server(const Server&) = delete;
    Server& operator=(const Server&) = delete;

    const Dag& dag() const noexcept { return dag_; }

    // Up to k tasks for `worker` (fewer when fewer are available; none is not
    // an error), in an order the worker can execute. k = 0 is invalid_argument.
    std::vector<NodeId> request(WorkerId worker, std::uint32_t k = 1);
    // min(r, eligible) tasks for workers asking at once (batch-scheduling.txt),
    // chosen by batch::select over the current frontier: task i goes to
    // workers[i] (kNoWorker for all when `workers` is empty, else it must
    // have r entries). The tasks are returned best rank first.
    std::vector<NodeId> request_batch(std::uint32_t r, std::span<const WorkerId> workers = {});
    // A running task reported done: returns the tasks it made eligible.
    std::vector<NodeId> complete(NodeId task, std::size_t limit = kNoLimit);
    FailOutcome fail(NodeId task);
    // A worker left: its running tasks go back (no failure counted).
    std::vector<NodeId> release(WorkerId worker, std::size_t limit = kNoLimit);
    // Sets the clock (the caller's units; never backwards).
    void tick(std::uint64_t now);
    // tick(now), then every running task whose lease ran out goes back.
    std::vector<NodeId> expire(std::uint64_t now, std::size_t limit = kNoLimit);
    // Schedules the tasks left (running ones counted as done) and re-ranks.
    void replan();
    // Compacts the journal into one snapshot record (temp file, fsync, rename).
    void snapshot();

    Counts counts() const;
    std::uint64_t now() const;
    TaskState state(NodeId task) const;
    std::vector<NodeId> eligible() const;       // by rank
    std::vector<NodeId> tasks_in(TaskState s) const;  // increasing ids
    std::vector<NodeId> executed() const;       // in completion order
    std::vector<NodeId> in_doubt() const;       // running since before open() and not reported since
    std::vector<Holding> holdings() const;      // running tasks by rank
    std::vector<NodeId> held_by(WorkerId worker) const;
    // E(t) after t completions as played (the completion order), and the
    // plan's: the order the server would hand tasks out to one worker
    // reporting each at once, with the current ranks (after a replan: what
    // was executed, then the running tasks, then the new schedule).
    std::vector<std::uint32_t> profile_played() const;
    std::vector<std::uint32_t> profile_plan() const;
    std::vector<NodeId> plan_order() const;
    std::uint32_t rank(NodeId task) const;
    Recovery recovery() const;
    // Bytes of per-task state beyond the dag (capacity of its arrays).
    std::size_t memory_bytes() const;

private:
    struct OpenTag {};
    Server(const Dag& dag, Options options, OpenTag);

    void init_state();
    void rank_initial();
    void rebuild_heap();
    void check_task(NodeId v) const;
    // Eligible heap (ranks, lazy deletion: an entry counts while its task is eligible).
    void heap_push(std::uint32_t r);
    bool heap_top(std::uint32_t& r);  // drops stale entries; false when empty
    void heap_pop();
    // Choosing tasks (no state change).
    std::vector<NodeId> pick_best(std::uint32_t k);
    std::vector<NodeId> pick_cluster_rank(std::uint32_t k);
    std::vector<NodeId> pick_cluster(std::uint32_t k);
    std::vector<NodeId> free_tasks() const;
    // State changes (shared by the live calls and the journal replay).
    void apply_handout(WorkerId worker, std::uint64_t now, std::uint64_t deadline, std::span<const NodeId> tasks);
    std::vector<NodeId> apply_complete(NodeId v);
    FailOutcome apply_fail(NodeId v);
    void apply_return(std::span<const NodeId> tasks, std::uint64_t now);
    void apply_replan();
    void take_back(NodeId v);  // running -> eligible / waiting, off its holder
    void hold(NodeId v, WorkerId w);
    void unhold(NodeId v);
    // Validation without change; throws.
    void check_completable(NodeId v) const;
    void check_running(NodeId v, const char* verb) const;
    std::vector<NodeId> expired(std::uint64_t now);
    void log(const std::vector<std::uint8_t>& record);
    std::vector<std::uint8_t> encode_snapshot() const;
    // Applies one journal record; "" on success, else why it cannot apply.
    std::string replay(std::span<const std::uint8_t> payload);
    void load_snapshot(std::span<const std::uint8_t> payload);

    mutable std::mutex mutex_;
    Dag dag_;
    Options options_;
    NodeId n_ = 0;
    std::vector<std::uint32_t> pending_;   // unexecuted parents
    std::vector<std::uint8_t> state_;      // TaskState, bit 7: in doubt (recovered running)
    std::vector<std::uint8_t> failures_;
    std::vector<std::uint32_t> rank_;      // task -> rank
    std::vector<NodeId> order_;            // rank -> task
    std::vector<std::uint64_t> deadline_;  // running: lease deadline (0 = none)
    std::vector<WorkerId> holder_;         // running: the worker
    std::vector<std::uint32_t> slot_;      // running: index in its holder's list
    std::vector<NodeId> completed_;        // completion order
    std::vector<std::uint32_t> heap_;      // ranks of eligible tasks (min-heap, stale entries allowed)
    std::vector<std::pair<std::uint64_t, NodeId>> leases_;  // min-heap by deadline (stale allowed)
    struct WorkerTasks { WorkerId worker; std::vector<NodeId> tasks; };
    std::vector<WorkerTasks> workers_;     // sorted by worker id
    Counts counts_;
    std::uint64_t now_ = 0;
    std::unique_ptr<Journal> journal_;
    Recovery recovery_;

    WorkerTasks* find_worker(WorkerId w);
    const WorkerTasks* find_worker(WorkerId w) const;
};

// A 64-bit fingerprint of the dag (names and arcs): a journal written for one
// dag is refused for another.
std::uint64_t fingerprint(const Dag& dag);

}  // namespace ics::server
