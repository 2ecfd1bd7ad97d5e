// The IC server against a model written here: random event sequences
// (requests of every kind, completions out of order, failures, expiries,
// releases, re-plans) checked after every event; the journal replayed after
// every prefix, cut anywhere, corrupted, refused for another dag; a crash
// test (fork, kill -9 at random instants, reopen, check the invariants).
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <thread>

#include "algebra/algebra.hpp"
#include "common/random.hpp"
#include "families/families.hpp"
#include "pebble/pebble.hpp"
#include "schedule/schedule.hpp"
#include "server/journal.hpp"
#include "server/server.hpp"

namespace ics::test {
namespace {

using server::Server;
using server::TaskState;
using server::WorkerId;

std::string temp_path(const std::string& name) {
    const char* dir = std::getenv("TMPDIR");
    return std::string(dir ? dir : "/tmp") + "/ics_server_" + std::to_string(::getpid()) + "_" + name;
}

// The model: the definitions, recomputed naively.
struct Model {
    const Dag* g;
    std::vector<TaskState> state;
    std::vector<std::uint32_t> failures;
    std::vector<WorkerId> holder;
    std::vector<std::uint64_t> deadline;
    std::vector<NodeId> completed;
    std::uint64_t now = 0;
    std::uint32_t retry_limit;
    std::uint64_t lease;

    Model(const Dag& dag, std::uint32_t retries, std::uint64_t lease_len)
        : g(&dag), state(dag.node_count(), TaskState::waiting), failures(dag.node_count(), 0),
          holder(dag.node_count(), server::kNoWorker), deadline(dag.node_count(), 0), retry_limit(retries),
          lease(lease_len) {
        for (NodeId v = 0; v < dag.node_count(); ++v)
            if (dag.in_degree(v) == 0) state[v] = TaskState::eligible;
    }
    bool parents_done(NodeId v) const {
        for (NodeId p : g->parents(v))
            if (state[p] != TaskState::executed) return false;
        return true;
    }
    std::vector<NodeId> in(TaskState s) const {
        std::vector<NodeId> out;
        for (NodeId v = 0; v < state.size(); ++v)
            if (state[v] == s) out.push_back(v);
        return out;
    }
    void give(NodeId v, WorkerId w) {
        state[v] = TaskState::running;
        holder[v] = w;
        deadline[v] = lease ? now + lease : 0;
    }
    void back(NodeId v) {
        state[v] = parents_done(v) ? TaskState::eligible : TaskState::waiting;
        holder[v] = server::kNoWorker;
        deadline[v] = 0;
    }
    std::set<NodeId> complete(NodeId v) {
        state[v] = TaskState::executed;
        holder[v] = server::kNoWorker;
        completed.push_back(v);
        std::set<NodeId> newly;
        for (NodeId c : g->children(v))
            if (state[c] == TaskState::waiting && parents_done(c)) {
                state[c] = TaskState::eligible;
                newly.insert(c);
            }
        return newly;
    }
    std::set<NodeId> fail(NodeId v) {
        ++failures[v];
        if (failures[v] <= retry_limit) {
            back(v);
            return {};
        }
        state[v] = TaskState::failed;
        holder[v] = server::kNoWorker;
        std::set<NodeId> blocked;
        std::vector<NodeId> stack{v};
        while (!stack.empty()) {
            const NodeId x = stack.back();
            stack.pop_back();
            for (NodeId c : g->children(x))
                // Newly blocked only (a failed one keeps its state: in a cluster it may fail before its parent).
                if (state[c] != TaskState::blocked && state[c] != TaskState::failed) {
                    blocked.insert(c);
                    state[c] = TaskState::blocked;
                    holder[c] = server::kNoWorker;
                    stack.push_back(c);
                }
        }
        return blocked;
    }
};

std::vector<std::uint32_t> play(const Dag& g, const std::vector<NodeId>& order) {
    std::vector<std::uint32_t> e{0};
    std::vector<bool> done(g.node_count(), false);
    auto count = [&] {
        std::uint32_t c = 0;
        for (NodeId v = 0; v < g.node_count(); ++v) {
            if (done[v]) continue;
            bool ok = true;
            for (NodeId p : g.parents(v)) ok = ok && done[p];
            c += ok;
        }
        return c;
    };
    e[0] = count();
    for (NodeId v : order) {
        done[v] = true;
        e.push_back(count());
    }
    return e;
}

// Everything the server says, compared with the model.
void expect_matches(const Server& s, const Model& m) {
    const Dag& g = *m.g;
    const server::Counts c = s.counts();
    EXPECT_EQ(c.executed, m.in(TaskState::executed).size());
    EXPECT_EQ(c.running, m.in(TaskState::running).size());
    EXPECT_EQ(c.eligible, m.in(TaskState::eligible).size());
    EXPECT_EQ(c.waiting, m.in(TaskState::waiting).size());
    EXPECT_EQ(c.failed, m.in(TaskState::failed).size());
    EXPECT_EQ(c.blocked, m.in(TaskState::blocked).size());
    for (NodeId v = 0; v < g.node_count(); ++v) ASSERT_EQ(s.state(v), m.state[v]) << "task " << g.name(v);
    std::vector<NodeId> want = m.in(TaskState::eligible);
    std::sort(want.begin(), want.end(), [&](NodeId a, NodeId b) { return s.rank(a) < s.rank(b); });
    EXPECT_EQ(s.eligible(), want);
    EXPECT_EQ(s.executed(), m.completed);
    for (const server::Holding& h : s.holdings()) {
        EXPECT_EQ(m.state[h.task], TaskState::running);
        EXPECT_EQ(h.worker, m.holder[h.task]);
        EXPECT_EQ(h.deadline, m.deadline[h.task]);
    }
    EXPECT_EQ(s.holdings().size(), c.running);
    EXPECT_EQ(s.profile_played(), play(g, m.completed));
    EXPECT_EQ(s.now(), m.now);
}

// `order` executes each task at most once, every parent before it.
void expect_parents_first(const Dag& g, const std::vector<NodeId>& order) {
    std::set<NodeId> seen;
    for (NodeId x : order) {
        for (NodeId p : g.parents(x)) EXPECT_TRUE(seen.count(p)) << g.name(x) << " before its parent " << g.name(p);
        EXPECT_TRUE(seen.insert(x).second) << g.name(x) << " twice";
    }
}

// Options with a journal at `path` (removed first) and a random fsync policy.
server::Options journal_options(const std::string& path, SplitMix64& rng, std::uint32_t every) {
    std::filesystem::remove(path);
    server::Options o;
    o.journal = path;
    o.fsync = static_cast<server::Fsync>(rng.below(3));
    o.fsync_every = every;
    return o;
}

Dag make_dag(SplitMix64& rng) {
    switch (rng.below(4)) {
        case 0: return families::random_er(static_cast<std::uint32_t>(2 + rng.below(14)), 0.3, rng.next());
        case 1: return families::random_layered(static_cast<std::uint32_t>(2 + rng.below(4)),
                                                 static_cast<std::uint32_t>(2 + rng.below(5)), 0.4, rng.next());
        case 2: return families::fft(static_cast<std::uint32_t>(1 + rng.below(3)));
        default: return families::w_dag(static_cast<std::uint32_t>(2 + rng.below(4)), 2);
    }
}

// One random event on both; checks the answer against the model.
void random_event(Server& s, Model& m, SplitMix64& rng, server::Multi multi) {
    const Dag& g = *m.g;
    const NodeId n = g.node_count();
    const auto pick = [&](TaskState st) -> NodeId {
        const auto v = m.in(st);
        return v.empty() ? kNoNode : v[rng.below(v.size())];
    };
    switch (rng.below(12)) {
        case 0:
        case 1:
        case 2: {  // request 1: the best-ranked eligible task
            const WorkerId w = static_cast<WorkerId>(rng.below(4));
            std::vector<NodeId> el = m.in(TaskState::eligible);
            const std::vector<NodeId> got = s.request(w);
            if (el.empty()) {
                EXPECT_TRUE(got.empty());
                break;
            }
            const NodeId best = *std::min_element(el.begin(), el.end(),
                                                  [&](NodeId a, NodeId b) { return s.rank(a) < s.rank(b); });
            ASSERT_EQ(got, std::vector<NodeId>{best});
            m.give(best, w);
            break;
        }
        case 3: {  // request k
            const WorkerId w = static_cast<WorkerId>(rng.below(4));
            const auto k = static_cast<std::uint32_t>(2 + rng.below(4));
            std::vector<NodeId> el = m.in(TaskState::eligible);
            std::sort(el.begin(), el.end(), [&](NodeId a, NodeId b) { return s.rank(a) < s.rank(b); });
            const std::vector<NodeId> got = s.request(w, k);
            if (multi == server::Multi::best) {
                el.resize(std::min<std::size_t>(el.size(), k));
                ASSERT_EQ(got, el);
            } else {
                // Self-contained: every task eligible, or its parents executed or earlier in the cluster.
                ASSERT_LE(got.size(), k);
                if (!el.empty()) {
                    ASSERT_FALSE(got.empty());
                }
                std::set<NodeId> before;
                for (NodeId v : got) {
                    ASSERT_TRUE(m.state[v] == TaskState::eligible || m.state[v] == TaskState::waiting);
                    for (NodeId p : g.parents(v))
                        ASSERT_TRUE(m.state[p] == TaskState::executed || before.count(p))
                            << g.name(v) << " handed out before its parent " << g.name(p);
                    before.insert(v);
                }
                if (multi == server::Multi::cluster_rank && !got.empty()) {
                    // Greedy by rank: the first is the best eligible task.
                    EXPECT_EQ(got[0], el[0]);
                }
            }
            for (NodeId v : got) m.give(v, w);
            break;
        }
        case 4: {  // batch
            const std::vector<NodeId> el = m.in(TaskState::eligible);
            const auto r = static_cast<std::uint32_t>(1 + rng.below(3));
            const std::vector<NodeId> got = s.request_batch(r);
            ASSERT_EQ(got.size(), std::min<std::size_t>(r, el.size()));
            for (NodeId v : got) {
                ASSERT_EQ(m.state[v], TaskState::eligible);
                m.give(v, server::kNoWorker);
            }
            break;
        }
        case 5:
        case 6:
        case 7: {  // complete a running task (any order), or a bad one
            NodeId v = pick(TaskState::running);
            if (v != kNoNode && !m.parents_done(v)) {
                EXPECT_THROW(s.complete(v), Error);
                break;
            }
            if (v == kNoNode || rng.below(8) == 0) {
                v = static_cast<NodeId>(rng.below(n + 1));
                if (v < n && m.state[v] == TaskState::running && m.parents_done(v)) break;
                const std::vector<NodeId> before = s.eligible();
                EXPECT_THROW(s.complete(v), Error);
                EXPECT_EQ(s.eligible(), before);
                break;
            }
            const std::vector<NodeId> got = s.complete(v);
            const std::set<NodeId> want = m.complete(v);
            EXPECT_EQ(std::set<NodeId>(got.begin(), got.end()), want);
            break;
        }
        case 8: {  // fail
            const NodeId v = pick(TaskState::running);
            if (v == kNoNode) {
                const NodeId x = static_cast<NodeId>(rng.below(n));
                EXPECT_THROW(s.fail(x), Error);
                break;
            }
            const server::FailOutcome got = s.fail(v);
            const std::set<NodeId> want = m.fail(v);
            EXPECT_EQ(got.failed, m.state[v] == TaskState::failed);
            EXPECT_EQ(std::set<NodeId>(got.blocked.begin(), got.blocked.end()), want);
            break;
        }
        case 9: {  // release
            const WorkerId w = static_cast<WorkerId>(rng.below(4));
            std::set<NodeId> want;
            for (NodeId v = 0; v < n; ++v)
                if (m.state[v] == TaskState::running && m.holder[v] == w) want.insert(v);
            const std::vector<NodeId> got = s.release(w);
            EXPECT_EQ(std::set<NodeId>(got.begin(), got.end()), want);
            for (NodeId v : want) m.back(v);
            break;
        }
        case 10: {  // the clock and leases
            const std::uint64_t now = m.now + rng.below(4);
            std::set<NodeId> want;
            for (NodeId v = 0; v < n; ++v)
                if (m.state[v] == TaskState::running && m.deadline[v] != 0 && m.deadline[v] <= now) want.insert(v);
            if (rng.below(3) == 0) {
                s.tick(now);
                m.now = now;
                break;
            }
            const std::vector<NodeId> got = s.expire(now);
            EXPECT_EQ(std::set<NodeId>(got.begin(), got.end()), want);
            m.now = now;
            for (NodeId v : want) m.back(v);
            if (m.now > 0) {
                EXPECT_THROW(s.expire(m.now - 1), Error);
            }
            break;
        }
        default: {  // replan: executed first (completion order), running next, then a schedule of the rest
            if (rng.below(3) != 0) break;
            s.replan();
            std::vector<NodeId> by_rank(n);
            for (NodeId v = 0; v < n; ++v) by_rank[s.rank(v)] = v;
            std::size_t i = 0;
            for (NodeId v : m.completed) EXPECT_EQ(by_rank[i++], v);
            for (; i < n && m.state[by_rank[i]] == TaskState::running; ++i) {
            }
            EXPECT_EQ(i, m.completed.size() + m.in(TaskState::running).size());
            std::vector<NodeId> left;
            for (; i < n && (m.state[by_rank[i]] == TaskState::eligible || m.state[by_rank[i]] == TaskState::waiting); ++i)
                left.push_back(by_rank[i]);
            std::vector<NodeId> sorted = left;
            std::sort(sorted.begin(), sorted.end());
            if (!sorted.empty()) {  // the rest in the order of a schedule of the subdag they induce
                const auto sub = algebra::induced(g, sorted);
                const auto res = schedule::schedule(sub.dag);
                ASSERT_EQ(res.order.size(), left.size());
                for (std::size_t j = 0; j < left.size(); ++j) EXPECT_EQ(sub.origin[res.order[j]].node, left[j]);
            }
            break;
        }
    }
}

TEST(Server, FirstRequestsFollowTheSchedule) {
    for (std::uint32_t d = 1; d <= 4; ++d) {
        const Dag g = families::fft(d);
        Server s(g, {});
        const auto order = schedule::schedule(g).order;
        // One worker completing each task at once replays the schedule.
        std::vector<NodeId> got;
        for (;;) {
            const auto t = s.request(0);
            if (t.empty()) break;
            got.push_back(t[0]);
            s.complete(t[0]);
        }
        EXPECT_EQ(got, order);
        EXPECT_EQ(s.plan_order(), order);
        EXPECT_EQ(s.profile_plan(), pebble::evaluate(g, order).eligible);
        EXPECT_EQ(s.profile_played(), s.profile_plan());
    }
}

TEST(Server, CallerOrderAndPriorities) {
    const Dag g = families::w_dag(3, 2);  // 3 sources, 4 sinks
    server::Options o;
    o.ranking = server::Ranking::priorities;
    o.priorities.assign(g.node_count(), 0);
    const auto src = g.sources();
    o.priorities[src[1]] = 9;
    o.priorities[src[2]] = 5;
    Server s(g, o);
    EXPECT_EQ(s.request(0), std::vector<NodeId>{src[1]});
    EXPECT_EQ(s.request(0), std::vector<NodeId>{src[2]});
    EXPECT_EQ(s.request(0), std::vector<NodeId>{src[0]});
    server::Options bad;
    bad.ranking = server::Ranking::order;
    bad.order = {0, 1};
    EXPECT_THROW(Server(g, bad), Error);
    bad.order.assign(g.node_count(), 0);
    EXPECT_THROW(Server(g, bad), Error);
}

TEST(Server, BadCallsChangeNothing) {
    const Dag g = families::fft(2);
    Server s(g, {});
    const auto t = s.request(7);
    ASSERT_EQ(t.size(), 1u);
    EXPECT_THROW(s.complete(g.node_count()), Error);
    EXPECT_THROW(s.request(0, 0), Error);
    NodeId other = t[0] == 0 ? 1 : 0;
    EXPECT_THROW(s.complete(other), Error);  // not running
    s.complete(t[0]);
    try {
        s.complete(t[0]);
        ADD_FAILURE() << "completed twice";
    } catch (const Error& e) {
        EXPECT_NE(std::string(e.what()).find("executed"), std::string::npos) << e.what();
    }
    EXPECT_EQ(s.counts().executed, 1u);
    EXPECT_EQ(s.executed(), std::vector<NodeId>{t[0]});
}

TEST(Server, RetriesThenFailureBlocksDescendants) {
    const Dag g = families::reduction_tree(2);  // 4 leaves -> 2 -> root
    server::Options o;
    o.retry_limit = 1;
    Server s(g, o);
    const NodeId leaf = s.request(1)[0];
    EXPECT_FALSE(s.fail(leaf).failed);
    EXPECT_EQ(s.state(leaf), TaskState::eligible);
    EXPECT_EQ(s.request(1)[0], leaf);  // best rank again
    const auto out = s.fail(leaf);
    EXPECT_TRUE(out.failed);
    EXPECT_EQ(out.blocked.size(), 2u);  // its parent node and the root
    EXPECT_EQ(s.counts().blocked, 2u);
    EXPECT_THROW(s.complete(leaf), Error);
}

TEST(Server, RandomEventsAgainstTheModel) {
    SplitMix64 rng(11);
    for (int it = 0; it < 300; ++it) {
        const Dag g = make_dag(rng);
        server::Options o;
        o.retry_limit = static_cast<std::uint32_t>(rng.below(3));
        o.lease = rng.below(2) ? 1 + rng.below(5) : 0;
        o.multi = static_cast<server::Multi>(rng.below(3));
        o.cluster_strategy = rng.below(2) ? cluster::Strategy::direct : cluster::Strategy::min_cut;
        SCOPED_TRACE("instance " + std::to_string(it) + ", " + std::to_string(g.node_count()) + " tasks, multi " +
                     std::to_string(static_cast<int>(o.multi)));
        Server s(g, o);
        Model m(g, o.retry_limit, o.lease);
        for (int e = 0; e < 80; ++e) {
            random_event(s, m, rng, o.multi);
            expect_matches(s, m);
            if (::testing::Test::HasFatalFailure() || ::testing::Test::HasFailure()) return;
        }
    }
}

// ------------------------------------------------------------ journal

struct Image {
    std::vector<TaskState> states;
    std::vector<NodeId> executed;
    std::vector<server::Holding> holdings;
    std::vector<std::uint32_t> ranks;
    std::uint64_t now;
    bool operator==(const Image& o) const {
        if (holdings.size() != o.holdings.size()) return false;
        for (std::size_t i = 0; i < holdings.size(); ++i)
            if (holdings[i].task != o.holdings[i].task || holdings[i].worker != o.holdings[i].worker ||
                holdings[i].deadline != o.holdings[i].deadline)
                return false;
        return states == o.states && executed == o.executed && ranks == o.ranks && now == o.now;
    }
};

Image image(const Server& s) {
    Image im;
    for (NodeId v = 0; v < s.dag().node_count(); ++v) {
        im.states.push_back(s.state(v));
        im.ranks.push_back(s.rank(v));
    }
    im.executed = s.executed();
    im.holdings = s.holdings();
    im.now = s.now();
    return im;
}

TEST(Journal, ReplaysEveryPrefixAndCutsAnyTail) {
    SplitMix64 rng(5);
    for (int it = 0; it < 40; ++it) {
        const Dag g = make_dag(rng);
        const std::string path = temp_path("replay.jnl");
        server::Options o = journal_options(path, rng, 3);
        o.lease = 2;
        o.retry_limit = 1;
        o.multi = static_cast<server::Multi>(rng.below(2));
        std::vector<Image> images;
        std::vector<std::uintmax_t> sizes;
        {
            Server s(g, o);
            Model m(g, o.retry_limit, o.lease);
            images.push_back(image(s));
            sizes.push_back(std::filesystem::file_size(path));
            for (int e = 0; e < 60; ++e) {
                random_event(s, m, rng, o.multi);
                const auto size = std::filesystem::file_size(path);
                if (size != sizes.back()) {  // one record per state change
                    images.push_back(image(s));
                    sizes.push_back(size);
                } else {
                    ASSERT_TRUE(image(s) == images.back());
                }
                if (e == 30 && rng.below(2)) {
                    s.snapshot();
                    images.assign(1, image(s));
                    sizes.assign(1, std::filesystem::file_size(path));
                }
            }
        }
        {  // whole
            auto s = Server::open(g, o);
            EXPECT_TRUE(image(*s) == images.back());
            EXPECT_EQ(s->recovery().bytes_cut, 0u);
            EXPECT_EQ(s->in_doubt(), s->tasks_in(TaskState::running));
        }
        // Cut at a random byte: the state of the last whole record, the rest cut and reported.
        const auto full = std::filesystem::file_size(path);
        std::vector<char> bytes(full);
        std::ifstream(path, std::ios::binary).read(bytes.data(), static_cast<std::streamsize>(full));
        for (int cut = 0; cut < 5; ++cut) {
            const auto at = sizes.front() + rng.below(full - sizes.front() + 1);
            std::ofstream(path, std::ios::binary | std::ios::trunc).write(bytes.data(), static_cast<std::streamsize>(at));
            const auto k = static_cast<std::size_t>(std::upper_bound(sizes.begin(), sizes.end(), at) - sizes.begin()) - 1;
            auto s = Server::open(g, o);
            EXPECT_TRUE(image(*s) == images[k]) << "cut at " << at;
            EXPECT_EQ(s->recovery().bytes_cut, at - sizes[k]);
            if (at != sizes[k]) {
                EXPECT_NE(s->recovery().message.find("truncated"), std::string::npos) << s->recovery().message;
            }
            EXPECT_EQ(std::filesystem::file_size(path), sizes[k]);
        }
        // A flipped byte inside the last record: checksum mismatch, that record cut.
        if (sizes.size() >= 2) {
            std::vector<char> c(bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(sizes.back()));
            const auto lo = sizes[sizes.size() - 2];
            c[lo + 4 + rng.below(sizes.back() - lo - 4)] ^= 0x20;
            std::ofstream(path, std::ios::binary | std::ios::trunc).write(c.data(), static_cast<std::streamsize>(c.size()));
            auto s = Server::open(g, o);
            EXPECT_TRUE(image(*s) == images[images.size() - 2]);
            EXPECT_NE(s->recovery().message.find("record"), std::string::npos);
        }
        std::filesystem::remove(path);
    }
}

TEST(Journal, RefusesAnotherDagAndBadPaths) {
    const std::string path = temp_path("foreign.jnl");
    std::filesystem::remove(path);
    const Dag g = families::fft(2), h = families::fft(3);
    server::Options o;
    o.journal = path;
    { Server s(g, o); }
    try {
        Server::open(h, o);
        ADD_FAILURE() << "foreign journal accepted";
    } catch (const Error& e) {
        EXPECT_EQ(e.code(), Errc::invalid_argument);
        EXPECT_NE(std::string(e.what()).find("another dag"), std::string::npos);
    }
    EXPECT_THROW(Server(g, o), Error);  // exists: open it instead
    o.journal = "/proc/ics_no_such_dir/j";
    try {
        Server s(g, o);
        ADD_FAILURE() << "journal on an unwritable path";
    } catch (const Error& e) {
        EXPECT_EQ(e.code(), Errc::io);
    }
    o.journal = "/nonexistent-ics-dir/j.jnl";
    EXPECT_THROW(Server::open(g, o), Error);
    std::ofstream(path, std::ios::trunc) << "not a journal at all, just text";
    o.journal = path;
    try {
        Server::open(g, o);
        ADD_FAILURE();
    } catch (const Error& e) {
        EXPECT_EQ(e.code(), Errc::parse);
    }
    std::filesystem::remove(path);
}

// A snapshot record whose states contradict the dag, or whose running count
// is huge, is the journal's corrupt tail like any record that does not apply
// (fuzz/journal_fuzz.cpp found both accepted: the first left a waiting task
// that nothing would make eligible, the second allocated 64 GB).
TEST(Journal, RefusesInconsistentSnapshots) {
    const Dag g = families::fft(1);  // 4 tasks: 0, 1 -> 2, 3
    const NodeId n = g.node_count();
    auto snapshot = [&](const std::vector<std::uint8_t>& states, std::uint32_t running_count) {
        server::RecordWriter w(server::RecordType::snapshot);
        w.u64(0);
        w.u32(n);
        for (NodeId r = 0; r < n; ++r) w.u32(r);
        for (NodeId v = 0; v < n; ++v) {
            w.u8(states[v]);
            w.u8(0);
        }
        w.u32(0);  // nothing completed
        w.u32(running_count);
        return w.take();
    };
    const std::string path = temp_path("snapshot.jnl");
    const std::vector<std::vector<std::uint8_t>> bad = {
        snapshot(std::vector<std::uint8_t>(n, 0), 0),  // sources waiting
        snapshot(std::vector<std::uint8_t>(n, 1), 0),  // children eligible before their parents
        snapshot({1, 1, 0, 0}, 0xFFFFFFF0u),           // a huge running count, no holders
        snapshot({2, 1, 0, 0}, 0),                     // running without a holder
    };
    for (NodeId v = 0; v < n; ++v) ASSERT_EQ(g.parents(v).empty(), v < 2) << "fft(1) changed shape";
    for (const auto& payload : bad) {
        std::filesystem::remove(path);
        {
            auto j = server::Journal::create(path, server::fingerprint(g), n, {});
            j->append(payload);
        }
        server::Options o;
        o.journal = path;
        auto s = Server::open(g, o);
        EXPECT_NE(s->recovery().message.find("snapshot"), std::string::npos) << s->recovery().message;
        EXPECT_EQ(s->counts().eligible, 2u);  // the initial state
        EXPECT_EQ(s->counts().waiting, n - 2);
    }
    {  // the consistent one applies
        std::filesystem::remove(path);
        {
            auto j = server::Journal::create(path, server::fingerprint(g), n, {});
            j->append(snapshot({1, 1, 0, 0}, 0));
        }
        server::Options o;
        o.journal = path;
        auto s = Server::open(g, o);
        EXPECT_EQ(s->recovery().message, "");
        EXPECT_EQ(s->recovery().records, 1u);
    }
    std::filesystem::remove(path);
}

TEST(Journal, Crc32cKnownValue) {
    // RFC 3720 B.4: 32 bytes of zeros -> 0x8A9136AA; "123456789" -> 0xE3069283.
    const std::vector<std::uint8_t> zeros(32, 0);
    EXPECT_EQ(server::crc32c(zeros.data(), zeros.size()), 0x8A9136AAu);
    EXPECT_EQ(server::crc32c("123456789", 9), 0xE3069283u);
    EXPECT_EQ(server::crc32c("6789", 4, server::crc32c("12345", 5)), 0xE3069283u);
}

// ------------------------------------------------------------ crash test

// A child plays random events with the journal and reports each acknowledged
// completion on a pipe; it is killed with SIGKILL at a random instant. The
// reopened server must hold every acknowledged completion once, an executed
// set closed under parents, and list the running tasks as in doubt.
void crash_trials(int trials, std::uint64_t seed) {
    SplitMix64 rng(seed);
    std::uint64_t acked_total = 0, doubt_total = 0, cut_total = 0;
    for (int trial = 0; trial < trials; ++trial) {
        const Dag g = rng.below(2) ? families::fft(4) : families::random_layered(6, 12, 0.3, rng.next());
        const std::string path = temp_path("crash.jnl");
        server::Options o = journal_options(path, rng, 7);
        o.lease = 3;
        o.retry_limit = 2;
        int fds[2];
        ASSERT_EQ(::pipe(fds), 0);
        const std::uint64_t child_seed = rng.next();
        const pid_t pid = ::fork();
        ASSERT_GE(pid, 0);
        if (pid == 0) {
            ::close(fds[0]);
            SplitMix64 r(child_seed);
            Server s(g, o);
            std::uint64_t now = 0;
            for (int step = 0;; ++step) {
                const auto running = s.tasks_in(TaskState::running);
                const auto x = r.below(10);
                if (x < 4 || running.empty()) {
                    s.request(static_cast<WorkerId>(r.below(3)), static_cast<std::uint32_t>(1 + r.below(2)));
                } else if (x < 8) {
                    const NodeId v = running[r.below(running.size())];
                    bool ok = true;
                    for (NodeId p : g.parents(v)) ok = ok && s.state(p) == TaskState::executed;
                    if (ok) {
                        s.complete(v);
                        if (::write(fds[1], &v, sizeof v) != sizeof v) _exit(3);
                    }
                } else if (x == 8) {
                    s.fail(running[r.below(running.size())]);
                } else {
                    s.expire(++now);
                }
                if (r.below(40) == 0) s.snapshot();  // a kill may land inside one: temp file, rename
                if (s.counts().executed + s.counts().failed + s.counts().blocked == g.node_count()) {
                    s.snapshot();
                }
            }
        }
        ::close(fds[1]);
        std::this_thread::sleep_for(std::chrono::microseconds(200 + rng.below(20000)));
        ::kill(pid, SIGKILL);
        std::vector<NodeId> acked;
        NodeId v;
        while (::read(fds[0], &v, sizeof v) == sizeof v) acked.push_back(v);
        ::close(fds[0]);
        int status = 0;
        ::waitpid(pid, &status, 0);
        if (!std::filesystem::exists(path)) continue;  // killed before the journal existed
        auto s = Server::open(g, o);
        const auto executed = s->executed();
        std::set<NodeId> done(executed.begin(), executed.end());
        EXPECT_EQ(done.size(), executed.size()) << "a task completed twice";
        for (NodeId a : acked) EXPECT_TRUE(done.count(a)) << "acknowledged completion of " << g.name(a) << " lost";
        expect_parents_first(g, executed);  // closed under parents, in completion order
        EXPECT_EQ(s->in_doubt(), s->tasks_in(TaskState::running));
        acked_total += acked.size();
        doubt_total += s->in_doubt().size();
        cut_total += s->recovery().bytes_cut > 0;
        const auto c = s->counts();
        EXPECT_EQ(c.executed + c.running + c.eligible + c.waiting + c.failed + c.blocked, g.node_count());
        std::filesystem::remove(path);
        std::filesystem::remove(path + ".tmp");
        if (::testing::Test::HasFailure()) return;
    }
    std::printf("%d trials: %llu acknowledged completions kept, %llu tasks in doubt, %llu torn tails cut\n", trials,
                static_cast<unsigned long long>(acked_total), static_cast<unsigned long long>(doubt_total),
                static_cast<unsigned long long>(cut_total));
}

TEST(Crash, KillNineAtRandomInstants) {
    const char* env = std::getenv("ICS_CRASH_TRIALS");
    crash_trials(env ? std::atoi(env) : 50, 77);
}

// ------------------------------------------------------------ threads

TEST(Threads, ManyWorkersOneServer) {
    const Dag g = families::fft(8);
    Server s(g, {});
    std::vector<std::thread> threads;
    std::atomic<std::uint32_t> done{0};
    for (WorkerId w = 0; w < 8; ++w)
        threads.emplace_back([&, w] {
            for (;;) {
                const auto t = s.request(w);
                if (t.empty()) {
                    if (s.counts().executed == g.node_count()) return;
                    std::this_thread::yield();
                    continue;
                }
                s.complete(t[0]);
                ++done;
            }
        });
    for (auto& t : threads) t.join();
    EXPECT_EQ(done.load(), g.node_count());
    expect_parents_first(g, s.executed());
    EXPECT_EQ(s.executed().size(), g.node_count());
}

// Every kind of call from 8 threads at once on one server (with leases, a
// journal and clusters): no data race (the TSan build runs this), no crash,
// and the state stays consistent.
TEST(Threads, MixedEventsFromManyThreads) {
    const Dag g = families::random_layered(12, 40, 0.1, 3);
    const std::string path = temp_path("threads.jnl");
    std::filesystem::remove(path);
    server::Options o;
    o.lease = 5;
    o.retry_limit = 2;
    o.multi = server::Multi::cluster_rank;
    o.journal = path;
    o.fsync = server::Fsync::never;
    Server s(g, o);
    std::atomic<std::uint64_t> clock{0};
    std::vector<std::thread> threads;
    for (WorkerId w = 0; w < 8; ++w)
        threads.emplace_back([&, w] {
            SplitMix64 rng(100 + w);
            std::vector<NodeId> mine;
            for (int i = 0; i < 3000; ++i) {
                try {
                    switch (rng.below(9)) {
                        case 0:
                        case 1: {
                            auto t = s.request(w, static_cast<std::uint32_t>(1 + rng.below(3)));
                            mine.insert(mine.end(), t.begin(), t.end());
                            break;
                        }
                        case 2:
                        case 3:
                        case 4:
                            if (!mine.empty()) {
                                const NodeId v = mine.front();
                                mine.erase(mine.begin());
                                s.complete(v);
                            }
                            break;
                        case 5:
                            if (!mine.empty()) {
                                s.fail(mine.back());
                                mine.pop_back();
                            }
                            break;
                        case 6: s.expire(clock.fetch_add(1) + 1); break;
                        case 7: (void)s.eligible(); (void)s.holdings(); (void)s.counts(); (void)s.profile_played(); break;
                        default:
                            if (rng.below(20) == 0) {
                                s.release(w);
                                mine.clear();
                            } else if (rng.below(50) == 0) {
                                s.replan();
                            } else {
                                (void)s.request_batch(2);
                            }
                    }
                } catch (const Error&) {
                    // Races between threads: a task failed, expired or released meanwhile; a clock read late.
                }
            }
        });
    for (auto& t : threads) t.join();
    const auto c = s.counts();
    EXPECT_EQ(c.executed + c.running + c.eligible + c.waiting + c.failed + c.blocked, g.node_count());
    expect_parents_first(g, s.executed());
    EXPECT_GT(c.executed, 0u);
    auto again = Server::open(g, o);  // the journal replays to the same state
    EXPECT_TRUE(image(*again) == image(s));
    std::filesystem::remove(path);
}

}  // namespace
}  // namespace ics::test
