// libFuzzer target: sequences of C API calls (capi/include/ics/ics.h) driven
// by the bytes, misuse included: handles of the wrong kind, destroyed
// handles (a second destroy, queries), pointers to plain memory, NULL
// handles and out-parameters, short buffers, out-of-range ids, cyclic dags,
// option structs with bad versions and fields. Every call must return a
// status (a crash, a sanitizer report or an abort is a finding), an error
// must come with a message, and what the API promises is checked: a
// schedule's order is a permutation of the nodes with parents first,
// ics_order_validate accepts it, E has n + 1 entries summing to the AREA,
// area_bound >= AREA (equal when proven), and a too-short buffer reports the
// length needed. Dags stay small (<= 16 nodes) so the schedules are quick.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "ics/ics.h"
#include "fuzz_bytes.hpp"

namespace {

void violated(const char* what, ics_status st = ICS_OK) {
    std::fprintf(stderr, "capi_fuzz: %s (status %d: %s)\n", what, static_cast<int>(st), ics_last_error_message());
    std::abort();
}

// A failed call: its status is an error code with a message.
void expect_error(ics_status st, const char* what) {
    if (st == ICS_OK) violated(what, st);
    if (st < ICS_ERR_CANCELLED || st > ICS_OK) violated("status outside the enum", st);
    const char* m = ics_last_error_message();
    if (m == nullptr || m[0] == '\0') violated("an error without a message", st);
}
void any_status(ics_status st) {
    if (st < ICS_ERR_CANCELLED || st > ICS_OK) violated("status outside the enum", st);
    if (st != ICS_OK) expect_error(st, "");
}

constexpr int kDags = 3, kResults = 2;
constexpr std::uint32_t kMaxNodes = 16;

struct State {
    ics_dag* dag[kDags] = {};
    std::uint32_t nodes[kDags] = {};  // what we added (the dag may hold fewer: duplicate names fail)
    ics_schedule_result* result[kResults] = {};
    ics_dag* result_dag[kResults] = {};  // not owned: for the checks while the dag lives
    std::vector<void*> dead;             // destroyed handles, never dereferenced by us

    // A new handle may take a destroyed one's address: it is then live, not dead.
    void born(void* p) {
        for (auto& d : dead)
            if (d == p) d = nullptr;
    }
    ~State() {
        for (auto* r : result) ics_schedule_result_destroy(r);
        for (auto* d : dag) ics_dag_destroy(d);
    }
};

// The checks of one schedule result on the dag it was computed from.
void check_result(const ics_schedule_result* r, const ics_dag* g) {
    std::uint32_t n = 0;
    if (ics_dag_node_count(&n, g) != ICS_OK) violated("node_count of a scheduled dag");
    std::vector<std::uint32_t> order(n + 1, 0xFFFFFFFFu);
    std::size_t count = 0;
    ics_status st = ics_schedule_result_order(order.data(), order.size(), &count, r);
    if (st != ICS_OK || count != n) violated("result order", st);
    if (n > 0) {
        std::size_t need = 0;
        st = ics_schedule_result_order(order.data(), n - 1, &need, r);
        if (st != ICS_ERR_BUFFER_TOO_SMALL || need != n) violated("a short buffer is not reported with its need", st);
    }
    std::vector<std::uint32_t> pos(n, n);
    for (std::uint32_t i = 0; i < n; ++i) {
        if (order[i] >= n || pos[order[i]] != n) violated("the order is not a permutation");
        pos[order[i]] = i;
    }
    std::vector<std::uint32_t> kids(n);
    for (std::uint32_t v = 0; v < n; ++v) {
        std::size_t k = 0;
        st = ics_dag_children(kids.data(), kids.size(), &k, g, v);
        if (st != ICS_OK) violated("children", st);
        for (std::size_t j = 0; j < k; ++j)
            if (pos[v] > pos[kids[j]]) violated("the order is not topological");
    }
    if ((st = ics_order_validate(g, order.data(), n)) != ICS_OK) violated("ics_order_validate refuses the schedule", st);
    std::vector<std::uint32_t> e(n + 2);
    if ((st = ics_schedule_result_eligible(e.data(), e.size(), &count, r)) != ICS_OK || count != n + 1)
        violated("eligible", st);
    std::uint64_t area = 0, bound = 0, sum = 0;
    for (std::size_t t = 0; t <= n; ++t) sum += e[t];
    if (ics_schedule_result_area(&area, r) != ICS_OK || area != sum) violated("AREA is not the sum of E(t)");
    if (ics_schedule_result_area_bound(&bound, r) != ICS_OK || bound < area) violated("area_bound below AREA");
    ics_schedule_status ss;
    if (ics_schedule_result_status(&ss, r) != ICS_OK) violated("status");
    if (ss != ICS_SCHEDULE_HEURISTIC && bound != area) violated("proven but area_bound != AREA");
    ics_schedule_method sm;
    if (ics_schedule_result_method(&sm, r) != ICS_OK || ics_schedule_method_name(sm) == nullptr) violated("method");
    const char* reason = nullptr;
    if (ics_schedule_result_reason(&reason, r) != ICS_OK || reason == nullptr) violated("reason");
    if ((ss == ICS_SCHEDULE_IC_OPTIMAL) != (reason[0] == '\0')) violated("a reason iff not ic-optimal");
    std::uint32_t blocks = 0, groups = 0;
    if (ics_schedule_result_block_count(&blocks, r) != ICS_OK) violated("block_count");
    if (ics_schedule_result_group_count(&groups, r) != ICS_OK) violated("group_count");
    for (std::uint32_t b = 0; b <= blocks; ++b) {  // one past the end: an error
        ics_block_info info = ICS_BLOCK_INFO_INIT;
        st = ics_schedule_result_block(&info, r, b);
        if (b == blocks) expect_error(st, "a block past the end");
        else if (st != ICS_OK || info.shape == nullptr || info.kind == nullptr) violated("block", st);
    }
    std::vector<std::uint32_t> buf(n + 2);
    for (std::uint32_t gi = 0; gi <= groups; ++gi) {
        st = ics_schedule_result_group(buf.data(), buf.size(), &count, r, gi);
        if (gi == groups) expect_error(st, "a group past the end");
        else any_status(st);
    }
    st = ics_schedule_result_max_eligible(buf.data(), buf.size(), &count, r);
    if (st != ICS_OK || (count != 0 && count != n + 1)) violated("max_eligible", st);
    if (count == n + 1)
        for (std::size_t t = 0; t <= n; ++t)
            if (e[t] > buf[t] || (ss == ICS_SCHEDULE_IC_OPTIMAL && e[t] != buf[t])) violated("E(t) against M(t)");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    Bytes in{data, size};
    State s;
    std::uint32_t plain[8] = {0xDEADBEEF, 0x49435344, 0x49435353, 0, 0, 0, 0, 0};  // not a handle
    int calls = 0;
    while (in.n > 0 && ++calls < 200) {
        const std::uint8_t op = in.next();
        const int di = in.next() % kDags, ri = di % kResults;
        ics_dag*& d = s.dag[di];
        ics_status st;
        switch (op % 16) {
            case 0:  // create (over a live one: destroy it first)
                for (int k = 0; k < kResults; ++k)
                    if (s.result_dag[k] == d) s.result_dag[k] = nullptr;
                ics_dag_destroy(d);
                if (d) s.dead.push_back(d);
                d = nullptr;
                if ((st = ics_dag_create(&d)) != ICS_OK || d == nullptr) violated("create", st);
                s.born(d);
                s.nodes[di] = 0;
                break;
            case 1:  // destroy (NULL too), remembered as dead
                for (int k = 0; k < kResults; ++k)
                    if (s.result_dag[k] == d) s.result_dag[k] = nullptr;
                ics_dag_destroy(d);
                if (d) s.dead.push_back(d);
                d = nullptr;
                break;
            case 2: {  // add a node, named from the bytes (empty, duplicate, NULL out_id)
                if (s.nodes[di] >= kMaxNodes) break;
                char name[8];
                const std::uint8_t len = in.next() % 4;
                for (int k = 0; k < len; ++k) name[k] = static_cast<char>('a' + in.next() % 6);
                name[len] = '\0';
                std::uint32_t id = 0;
                st = ics_dag_add_node((op & 16) ? nullptr : &id, d, name);
                if (st == ICS_OK) {
                    if (d == nullptr) violated("add_node on NULL succeeded");
                    ++s.nodes[di];
                } else {
                    expect_error(st, "");
                }
                break;
            }
            case 3:  // add an arc by id (cycles, self-loops, unknown ids included)
                any_status(ics_dag_add_arc(d, in.next() % (kMaxNodes + 2), in.next() % (kMaxNodes + 2)));
                break;
            case 4: {  // by name
                const char a[2] = {static_cast<char>('a' + in.next() % 6), 0};
                const char b[2] = {static_cast<char>('a' + in.next() % 6), 0};
                any_status(ics_dag_add_arc_by_name(d, a, (op & 16) ? nullptr : b));
                break;
            }
            case 5: {  // validate and queries, with short or NULL buffers
                any_status(ics_dag_validate(d));
                std::uint32_t n = 0, buf[kMaxNodes + 1];
                std::uint64_t arcs = 0;
                std::size_t count = 0;
                any_status(ics_dag_node_count(&n, d));
                any_status(ics_dag_arc_count((op & 16) ? nullptr : &arcs, d));
                const std::size_t cap = in.next() % (kMaxNodes + 2);
                st = ics_dag_topological_order((op & 32) ? nullptr : buf, cap, &count, d);
                any_status(st);
                if (st == ICS_OK && !(op & 32) && count > cap) violated("topological order past the buffer");
                any_status(ics_dag_levels(buf, cap, &count, d));
                any_status(ics_dag_sources(buf, cap, &count, d));
                any_status(ics_dag_parents(buf, cap, &count, d, in.next() % (kMaxNodes + 2)));
                ics_dag_info info = ICS_DAG_INFO_INIT;
                if (op & 64) info.version = in.next() % 3;  // 0 and 2: unknown versions
                any_status(ics_dag_info_get(&info, d));
                const char* name = nullptr;
                st = ics_dag_node_name(&name, d, in.next() % (kMaxNodes + 2));
                any_status(st);
                if (st == ICS_OK) any_status(ics_dag_node_id(&n, d, name));
                break;
            }
            case 6: case 7: {  // schedule with option variations
                ics_schedule_options o;
                const std::uint8_t k = in.next();
                const unsigned version = (k & 3) == 0 ? in.next() % 5 : ICS_SCHEDULE_OPTIONS_VERSION;
                st = ics_schedule_options_init(&o, version);
                if (version < 1 || version > ICS_SCHEDULE_OPTIONS_VERSION) {
                    expect_error(st, "options of an unknown version accepted");
                    ics_schedule_options_init(&o, ICS_SCHEDULE_OPTIONS_VERSION);
                    o.version = version;  // and passed anyway
                } else if (st != ICS_OK) {
                    violated("options_init", st);
                }
                const std::uint32_t max_nodes[] = {0, 5, 20, 63, 64, 200, 0xFFFFFFFFu, 12};
                o.exact_max_nodes = max_nodes[(k >> 2) & 7];
                if (k & 32) o.exact_max_downsets = in.next();
                if (k & 64) o.block_exact_max_sources = in.next() % 40;
                if (version >= 2) o.objective = static_cast<ics_objective>(in.next() % 3);  // 2: not an objective
                if (version >= 3 && (k & 128)) o.area_max_downsets = std::uint64_t{in.next()} << (in.next() % 24);
                ics_schedule_result_destroy(s.result[ri]);
                if (s.result[ri]) s.dead.push_back(s.result[ri]);
                s.result[ri] = nullptr;
                s.result_dag[ri] = nullptr;
                st = ics_schedule(&s.result[ri], d, (op & 16) ? nullptr : &o);
                if (st == ICS_OK) {
                    if (s.result[ri] == nullptr) violated("schedule OK without a result");
                    s.born(s.result[ri]);
                    s.result_dag[ri] = d;
                    check_result(s.result[ri], d);
                } else {
                    expect_error(st, "");
                    if (s.result[ri] != nullptr) violated("a failed schedule left a result");
                }
                break;
            }
            case 8:  // the result checked again (its dag may have changed since: results own their data)
                if (s.result[ri] && s.result_dag[ri]) {
                    std::uint64_t area = 0, bound = 0;
                    if (ics_schedule_result_area(&area, s.result[ri]) != ICS_OK) violated("area of a live result");
                    if (ics_schedule_result_area_bound(&bound, s.result[ri]) != ICS_OK || bound < area)
                        violated("area_bound of a live result");
                }
                break;
            case 9:  // destroy a result (NULL too)
                ics_schedule_result_destroy(s.result[ri]);
                if (s.result[ri]) s.dead.push_back(s.result[ri]);
                s.result[ri] = nullptr;
                s.result_dag[ri] = nullptr;
                break;
            case 10: {  // a destroyed handle: a second destroy, queries, a schedule
                if (s.dead.empty()) break;
                void* p = s.dead[in.next() % s.dead.size()];
                if (p == nullptr) break;
                std::uint32_t n;
                expect_error(ics_dag_node_count(&n, static_cast<ics_dag*>(p)), "a destroyed handle used");
                expect_error(ics_dag_add_node(&n, static_cast<ics_dag*>(p), "zz"), "a destroyed handle used");
                ics_schedule_result* r = nullptr;
                expect_error(ics_schedule(&r, static_cast<ics_dag*>(p), nullptr), "a destroyed handle scheduled");
                std::uint64_t area;
                expect_error(ics_schedule_result_area(&area, static_cast<ics_schedule_result*>(p)),
                             "a destroyed result used");
                if (op & 16) ics_dag_destroy(static_cast<ics_dag*>(p));
                else ics_schedule_result_destroy(static_cast<ics_schedule_result*>(p));
                break;
            }
            case 11: {  // handles of the wrong kind, plain memory
                std::uint32_t n;
                std::uint64_t area;
                if (s.result[ri]) {
                    expect_error(ics_dag_node_count(&n, reinterpret_cast<ics_dag*>(s.result[ri])), "a result as a dag");
                    ics_dag_destroy(reinterpret_cast<ics_dag*>(s.result[ri]));  // refused, the result lives on
                }
                if (d) {
                    expect_error(ics_schedule_result_area(&area, reinterpret_cast<ics_schedule_result*>(d)),
                                 "a dag as a result");
                    ics_schedule_result_destroy(reinterpret_cast<ics_schedule_result*>(d));
                }
                expect_error(ics_dag_node_count(&n, reinterpret_cast<ics_dag*>(plain + (op >> 4) % 4)), "plain memory as a dag");
                ics_dag_destroy(reinterpret_cast<ics_dag*>(plain + (op >> 4) % 4));
                ics_schedule_result_destroy(reinterpret_cast<ics_schedule_result*>(plain));
                break;
            }
            case 12: {  // clone into another slot
                ics_dag*& to = s.dag[(di + 1) % kDags];
                ics_dag* c = nullptr;
                st = ics_dag_clone((op & 16) ? nullptr : &c, d);
                if (st == ICS_OK) {
                    if (c == nullptr) violated("clone OK without a dag");
                    for (int k = 0; k < kResults; ++k)
                        if (s.result_dag[k] == to) s.result_dag[k] = nullptr;
                    ics_dag_destroy(to);
                    if (to) s.dead.push_back(to);
                    to = c;
                    s.born(c);
                    s.nodes[(di + 1) % kDags] = s.nodes[di];
                } else {
                    expect_error(st, "");
                }
                break;
            }
            case 13: {  // NULL out-parameters and handles
                expect_error(ics_dag_create(nullptr), "create(NULL)");
                expect_error(ics_dag_node_count(nullptr, d), "node_count(NULL out)");
                expect_error(ics_schedule(nullptr, d, nullptr), "schedule(NULL out)");
                ics_schedule_result* r = nullptr;
                expect_error(ics_schedule(&r, nullptr, nullptr), "schedule(NULL dag)");
                expect_error(ics_schedule_options_init(nullptr, ICS_SCHEDULE_OPTIONS_VERSION), "options_init(NULL)");
                std::uint64_t area;
                expect_error(ics_schedule_result_area(&area, nullptr), "area(NULL)");
                expect_error(ics_schedule_result_order(nullptr, 4, nullptr, s.result[ri]), "order(NULL count)");
                break;
            }
            case 14: {  // an order by policy, validated, and a permuted one refused or accepted
                std::uint32_t buf[kMaxNodes + 1];
                std::size_t count = 0;
                st = ics_dag_order(buf, kMaxNodes + 1, &count, d, static_cast<ics_policy>(in.next() % 6), in.next());
                any_status(st);
                if (st == ICS_OK) {
                    if ((st = ics_order_validate(d, buf, count)) != ICS_OK) violated("a policy's order refused", st);
                    if (count >= 2) {
                        std::swap(buf[0], buf[count - 1]);
                        any_status(ics_order_validate(d, buf, count));
                        any_status(ics_order_validate(d, buf, count - 1));  // too short: refused
                    }
                }
                break;
            }
            default: {  // the results' block and group queries with ids from the bytes
                if (!s.result[ri]) break;
                std::uint32_t buf[kMaxNodes + 1];
                std::size_t count = 0;
                const std::uint32_t b = in.next();
                any_status(ics_schedule_result_block_sources(buf, in.next() % 4, &count, s.result[ri], b));
                any_status(ics_schedule_result_block_sinks(buf, kMaxNodes + 1, &count, s.result[ri], b));
                any_status(ics_schedule_result_block_profile(buf, kMaxNodes + 1, &count, s.result[ri], b));
                double gap = -1;
                if (ics_schedule_result_area_gap(&gap, s.result[ri]) != ICS_OK || !(gap >= 0 && gap <= 1))
                    violated("area_gap outside [0, 1]");
                break;
            }
        }
    }
    return 0;
}
