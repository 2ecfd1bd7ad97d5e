// libFuzzer target: the IC server's journal recovery (lib/server/journal.cpp,
// replay.cpp) on hostile files. The dag is fixed (10 tasks: a diamond of
// chains, so handouts, completions, failures and blocking all have room). The
// bytes are, after a mode byte:
//   mode % 8 == 0: the whole file, raw (header checks);
//   else:          a valid header, then records framed here with the right
//                  length and CRC32C (so the fuzzer reaches the replay
//                  instead of the checksums): [u8 length][payload] ...; in
//                  mode % 8 == 7 the last byte of the file is flipped.
// Server::open must either refuse the file with an ics::Error or recover a
// state that is consistent (checked below, task by task), that goes on
// working (a few requests, completions and a failure), and that a second
// open of the journal it wrote replays to exactly.
#include <unistd.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include "common/error.hpp"
#include "dag/dag.hpp"
#include "server/journal.hpp"
#include "server/server.hpp"

namespace {

using ics::NodeId;
using ics::server::Server;
using ics::server::TaskState;

void violated(const char* what) {
    std::fprintf(stderr, "journal_fuzz: %s\n", what);
    std::abort();
}

const ics::Dag& the_dag() {
    static const ics::Dag g = [] {
        ics::DagBuilder b;
        for (int i = 0; i < 10; ++i) b.add_node("t" + std::to_string(i));
        const int arcs[][2] = {{0, 1}, {0, 2}, {1, 3}, {2, 4}, {3, 5}, {4, 5}, {5, 6}, {5, 7}, {6, 8}, {7, 8}, {2, 3}};
        for (const auto& a : arcs) b.add_arc(static_cast<NodeId>(a[0]), static_cast<NodeId>(a[1]));
        return b.build();
    }();
    return g;
}

const std::string& journal_path() {
    static const std::string p =
        (access("/dev/shm", W_OK) == 0 ? std::string("/dev/shm") : std::string("/tmp")) + "/ics-journal-fuzz-" +
        std::to_string(getpid()) + ".jnl";
    return p;
}

void put32(std::vector<std::uint8_t>& out, std::uint32_t v) {
    for (int i = 0; i < 4; ++i) out.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
}
void put64(std::vector<std::uint8_t>& out, std::uint64_t v) {
    for (int i = 0; i < 8; ++i) out.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
}

struct Image {
    std::vector<TaskState> states;
    std::vector<NodeId> executed;
    std::vector<std::uint32_t> ranks;
    std::vector<std::pair<NodeId, std::uint32_t>> holdings;
    std::uint64_t now = 0;
    bool operator==(const Image&) const = default;
};

Image image(const Server& s) {
    Image im;
    for (NodeId v = 0; v < s.dag().node_count(); ++v) {
        im.states.push_back(s.state(v));
        im.ranks.push_back(s.rank(v));
    }
    im.executed = s.executed();
    for (const auto& h : s.holdings()) im.holdings.emplace_back(h.task, h.worker);
    im.now = s.now();
    return im;
}

// What every state of the server satisfies, whatever the journal said.
void check(const Server& s) {
    const ics::Dag& g = s.dag();
    const NodeId n = g.node_count();
    const ics::server::Counts c = s.counts();
    if (std::uint64_t{c.executed} + c.running + c.eligible + c.waiting + c.blocked + c.failed != n)
        violated("counts do not add up to the task count");
    const TaskState all[] = {TaskState::waiting, TaskState::eligible, TaskState::running,
                             TaskState::executed, TaskState::failed, TaskState::blocked};
    const std::uint32_t want[] = {c.waiting, c.eligible, c.running, c.executed, c.failed, c.blocked};
    for (int k = 0; k < 6; ++k) {
        const auto in = s.tasks_in(all[k]);
        if (in.size() != want[k]) violated("tasks_in does not match counts");
        for (NodeId v : in)
            if (s.state(v) != all[k]) violated("tasks_in lists a task of another state");
    }
    std::vector<std::uint32_t> ranks;
    for (NodeId v = 0; v < n; ++v) {
        const TaskState st = s.state(v);
        ranks.push_back(s.rank(v));
        for (NodeId p : g.parents(v)) {
            const TaskState ps = s.state(p);
            if ((st == TaskState::executed || st == TaskState::eligible) && ps != TaskState::executed)
                violated("an executed or eligible task with a parent not executed");
            if (st == TaskState::running && ps != TaskState::executed && ps != TaskState::running)
                violated("a running task with a parent neither executed nor running");
        }
        if (st == TaskState::waiting) {
            bool open = false;
            for (NodeId p : g.parents(v)) open = open || s.state(p) != TaskState::executed;
            if (!open) violated("a waiting task whose parents are all executed");
        }
    }
    std::sort(ranks.begin(), ranks.end());
    for (NodeId i = 0; i < n; ++i)
        if (ranks[i] != i) violated("ranks are not a permutation");
    const auto ex = s.executed();
    if (ex.size() != c.executed) violated("executed() does not match counts");
    std::vector<std::uint8_t> seen(n, 0);
    for (NodeId v : ex) {
        if (v >= n || seen[v]++ || s.state(v) != TaskState::executed) violated("executed() is not the executed tasks");
        for (NodeId p : g.parents(v))
            if (!seen[p]) violated("executed() lists a task before its parent");
    }
    const auto hs = s.holdings();
    if (hs.size() != c.running) violated("holdings do not match the running count");
    std::fill(seen.begin(), seen.end(), 0);
    for (const auto& h : hs) {
        if (h.task >= n || seen[h.task]++ || s.state(h.task) != TaskState::running) violated("a holding of a task not running");
        const auto mine = s.held_by(h.worker);
        if (std::find(mine.begin(), mine.end(), h.task) == mine.end()) violated("held_by misses a holding");
    }
    const auto el = s.eligible();
    if (el.size() != c.eligible) violated("eligible() does not match counts");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const ics::Dag& g = the_dag();
    const std::uint8_t mode = data[0];
    std::vector<std::uint8_t> file;
    if (mode % 8 == 0) {
        file.assign(data + 1, data + size);
    } else {
        const char magic[] = "ICSJRNL1";
        file.assign(magic, magic + 8);
        put32(file, 1);
        put32(file, g.node_count());
        put64(file, ics::server::fingerprint(g));
        put32(file, ics::server::crc32c(file.data(), 24));
        std::size_t i = 1;
        while (i < size) {
            const std::size_t len = std::min<std::size_t>(data[i], size - i - 1);
            const std::size_t at = file.size();
            put32(file, static_cast<std::uint32_t>(len));
            file.insert(file.end(), data + i + 1, data + i + 1 + len);
            std::uint32_t crc = ics::server::crc32c(file.data() + at, 4);
            crc = ics::server::crc32c(file.data() + at + 4, len, crc);
            file.insert(file.begin() + static_cast<std::ptrdiff_t>(at) + 4, {0, 0, 0, 0});
            for (int k = 0; k < 4; ++k) file[at + 4 + k] = static_cast<std::uint8_t>(crc >> (8 * k));
            i += 1 + len;
        }
        if (mode % 8 == 7 && !file.empty()) file.back() ^= 0x01;
    }
    const std::string& path = journal_path();
    std::ofstream(path, std::ios::binary | std::ios::trunc)
        .write(reinterpret_cast<const char*>(file.data()), static_cast<std::streamsize>(file.size()));

    ics::server::Options o;
    o.journal = path;
    o.fsync = ics::server::Fsync::never;
    o.lease = (mode & 8) ? 5 : 0;
    o.retry_limit = 1;
    o.multi = (mode & 16) ? ics::server::Multi::cluster_rank : ics::server::Multi::best;
    std::unique_ptr<Server> s;
    try {
        s = Server::open(g, o);
    } catch (const ics::Error&) {
        std::remove(path.c_str());
        return 0;  // refused: fine
    }
    check(*s);
    const ics::server::Recovery rec = s->recovery();
    if ((rec.bytes_cut == 0) != rec.message.empty()) violated("recovery message and cut disagree");
    // It goes on working; every call below either acts or throws ics::Error.
    try {
        s->expire(s->now() == ~std::uint64_t{0} ? s->now() : s->now() + 1);  // the clock never goes back
        check(*s);
        for (int round = 0; round < 3; ++round) {
            const auto got = s->request(1 + static_cast<std::uint32_t>(round % 2), 2);
            check(*s);
            for (std::size_t k = 0; k < got.size(); ++k) {
                if (round == 1 && k + 1 == got.size()) s->fail(got[k]);  // the last: no later task of the batch needs it
                else s->complete(got[k]);
                check(*s);
            }
        }
        for (NodeId v : s->in_doubt())
            if (s->state(v) == TaskState::running) {
                s->complete(v);
                check(*s);
                break;
            }
        if (mode & 32) {
            s->snapshot();
            check(*s);
        }
    } catch (const ics::Error& e) {
        std::fprintf(stderr, "journal_fuzz: a recovered server refused a valid call: %s\n", e.what());
        std::abort();
    }
    const Image before = image(*s);
    s.reset();
    try {
        s = Server::open(g, o);
    } catch (const ics::Error& e) {
        std::fprintf(stderr, "journal_fuzz: the journal the server wrote does not reopen: %s\n", e.what());
        std::abort();
    }
    if (s->recovery().bytes_cut != 0) violated("the journal the server wrote has a corrupt tail");
    if (!(image(*s) == before)) violated("the reopened journal replays to another state");
    check(*s);
    s.reset();
    std::remove(path.c_str());
    return 0;
}
