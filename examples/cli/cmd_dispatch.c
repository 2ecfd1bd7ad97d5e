/* ics — the IC server driven by a script of events: dispatch, replay. */
#include "cli.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Worker names become ids by a 32-bit FNV-1a hash, so the same name means
 * the same worker in every run over one journal. */
static uint32_t worker_id(const char* name) {
    uint32_t h = 2166136261u;
    for (const unsigned char* p = (const unsigned char*)name; *p; ++p) h = (h ^ *p) * 16777619u;
    return h == ICS_SERVER_NO_WORKER ? 0 : h;
}

/* A list of numbers: a member of obj, or a text row. */
static void write_counts(json_object* obj, int json, const char* key, const cli_u32s* v) {
    if (json) {
        json_key(obj, key);
        out_json_u32_array(v->v, v->len);
    } else {
        out_label(key);
        out_u32_list(v->v, v->len, " ");
        out_char('\n');
    }
}

/* The final state object: executed (completion order), running and eligible
 * (by rank), failed, blocked, in_doubt, profile (E(t) as played), plan. */
static ics_status write_state(const ics_dag* dag, const ics_server* s, int json, int with_recovery) {
    static const struct {
        const char* key;
        ics_task_state state;
    } lists[] = {{"executed", ICS_TASK_EXECUTED}, {"running", ICS_TASK_RUNNING}, {"eligible", ICS_TASK_ELIGIBLE},
                 {"failed", ICS_TASK_FAILED},     {"blocked", ICS_TASK_BLOCKED}};
    cli_u32s buf = {NULL, 0, 0};
    ics_status st = ICS_OK;
    json_object obj;
    if (json) json_begin(&obj);
    else out_str("\nfinal state\n");
    for (size_t i = 0; st == ICS_OK && i < sizeof lists / sizeof lists[0]; ++i) {
        CLI_FETCH(st, buf, ics_server_tasks(buf.v, buf.cap, &buf.len, s, lists[i].state));
        if (st != ICS_OK) break;
        if (json) json_key(&obj, lists[i].key);
        else out_label(lists[i].key);
        st = out_node_names(dag, buf.v, buf.len, json);
        if (!json) out_char('\n');
    }
    if (st == ICS_OK) CLI_FETCH(st, buf, ics_server_in_doubt(buf.v, buf.cap, &buf.len, s));
    if (st == ICS_OK) {
        if (json) json_key(&obj, "in_doubt");
        else out_label("in_doubt");
        st = out_node_names(dag, buf.v, buf.len, json);
        if (!json) out_char('\n');
    }
    if (st == ICS_OK) CLI_FETCH(st, buf, ics_server_profile_played(buf.v, buf.cap, &buf.len, s));
    if (st == ICS_OK) write_counts(&obj, json, "profile", &buf);
    if (st == ICS_OK) CLI_FETCH(st, buf, ics_server_profile_plan(buf.v, buf.cap, &buf.len, s));
    if (st == ICS_OK) write_counts(&obj, json, "plan", &buf);
    if (st == ICS_OK && with_recovery) {
        const char* msg = NULL;
        uint64_t records = 0, cut = 0;
        st = ics_server_recovery(&records, &cut, &msg, s);
        if (st == ICS_OK) {
            if (json) {
                json_u64(&obj, "records", records);
                json_key(&obj, "recovery");
                if (msg[0]) out_json_string(msg);
                else out_str("null");
            } else {
                out_label("records");
                out_u64(records);
                out_char('\n');
                out_row("recovery", msg[0] ? msg : "journal whole");
            }
        }
    }
    if (st == ICS_OK && json) json_end(&obj);
    cli_u32s_free(&buf);
    return st;
}

/* Splits a script line into at most 4 whitespace-separated words (in place). */
static size_t split_words(char* line, char** words) {
    size_t n = 0;
    char* p = line;
    while (*p && n < 4) {
        while (*p && isspace((unsigned char)*p)) ++p;
        if (!*p) break;
        words[n++] = p;
        while (*p && !isspace((unsigned char)*p)) ++p;
        if (*p) *p++ = '\0';
    }
    while (*p && isspace((unsigned char)*p)) ++p;
    return *p ? 5 : n; /* 5: too many words */
}

static int parse_number(uint64_t* out, const char* text) {
    if (!*text) return 0;
    uint64_t v = 0;
    for (const char* p = text; *p; ++p) {
        if (*p < '0' || *p > '9') return 0;
        if (v > (UINT64_MAX - (uint64_t)(*p - '0')) / 10) return 0;
        v = v * 10 + (uint64_t)(*p - '0');
    }
    *out = v;
    return 1;
}

enum { MAX_MESSAGE = 512 };

/* Plays one event; *tasks receives the tasks handed out, made eligible,
 * blocked or given back; on error, message is set and ICS_OK is not returned. */
static ics_status play_event(ics_server* s, const ics_dag* dag, char** w, size_t nw, cli_u32s* tasks, int* failed,
                             char* message) {
    tasks->len = 0;
    *failed = -1;
    ics_status st = cli_u32s_reserve(tasks, 16);
    if (st != ICS_OK) return st;
    uint64_t num = 0;
    uint32_t id = 0;
#define EVENT_ERROR(...)                                \
    do {                                                \
        snprintf(message, MAX_MESSAGE, __VA_ARGS__);    \
        return ICS_ERR_INVALID_ARGUMENT;                \
    } while (0)
#define NEED_WORDS(lo, hi, usage)                                      \
    do {                                                               \
        if (nw < (lo) || nw > (hi)) EVENT_ERROR("usage: %s", usage);   \
    } while (0)
#define TASK_ID(word)                                                                       \
    do {                                                                                    \
        if (ics_dag_node_id(&id, dag, (word)) != ICS_OK) EVENT_ERROR("unknown task '%s'", (word)); \
    } while (0)
    const char* ev = w[0];
    if (strcmp(ev, "request") == 0) {
        NEED_WORDS(2, 3, "request WORKER [K]");
        uint64_t k = 1;
        if (nw == 3 && (!parse_number(&k, w[2]) || k == 0 || k > 0xFFFFFFFFu))
            EVENT_ERROR("request: K must be a number >= 1, not '%s'", w[2]);
        if ((st = cli_u32s_reserve(tasks, (size_t)k)) != ICS_OK) return st;
        return ics_server_request(tasks->v, tasks->cap, &tasks->len, s, worker_id(w[1]), (uint32_t)k);
    }
    if (strcmp(ev, "batch") == 0) {
        NEED_WORDS(2, 2, "batch R");
        if (!parse_number(&num, w[1]) || num == 0 || num > 0xFFFFFFFFu)
            EVENT_ERROR("batch: R must be a number >= 1, not '%s'", w[1]);
        if ((st = cli_u32s_reserve(tasks, (size_t)num)) != ICS_OK) return st;
        return ics_server_request_batch(tasks->v, tasks->cap, &tasks->len, s, NULL, (uint32_t)num);
    }
    if (strcmp(ev, "complete") == 0) {
        NEED_WORDS(2, 2, "complete TASK");
        TASK_ID(w[1]);
        uint32_t deg = 0;
        if ((st = ics_dag_out_degree(&deg, dag, id)) != ICS_OK) return st;
        if ((st = cli_u32s_reserve(tasks, deg)) != ICS_OK) return st;
        return ics_server_complete(tasks->v, tasks->cap, &tasks->len, s, id);
    }
    if (strcmp(ev, "fail") == 0) {
        NEED_WORDS(2, 2, "fail TASK");
        TASK_ID(w[1]);
        uint32_t blocked = 0;
        if ((st = ics_server_fail(failed, &blocked, s, id)) != ICS_OK) return st;
        if (*failed) {  /* the tasks it blocked: the blocked ones now, minus those blocked before */
            return ICS_OK;
        }
        tasks->v[0] = id;
        tasks->len = 1;
        return ICS_OK;
    }
    if (strcmp(ev, "release") == 0) {
        NEED_WORDS(2, 2, "release WORKER");
        CLI_FETCH(st, *tasks, ics_server_held_by(tasks->v, tasks->cap, &tasks->len, s, worker_id(w[1])));
        if (st != ICS_OK) return st;
        return ics_server_release(tasks->v, tasks->cap, &tasks->len, s, worker_id(w[1]));
    }
    if (strcmp(ev, "tick") == 0) {
        NEED_WORDS(2, 2, "tick NOW");
        if (!parse_number(&num, w[1])) EVENT_ERROR("tick: NOW must be a number, not '%s'", w[1]);
        return ics_server_tick(s, num);
    }
    if (strcmp(ev, "expire") == 0) {
        NEED_WORDS(1, 1, "expire");
        uint64_t now = 0;
        if ((st = ics_server_now(&now, s)) != ICS_OK) return st;
        do {
            st = ics_server_expire(tasks->v, tasks->cap, &tasks->len, s, now);
            if (st == ICS_ERR_BUFFER_TOO_SMALL && cli_u32s_reserve(tasks, tasks->len) != ICS_OK) return ICS_ERR_NOMEM;
        } while (st == ICS_ERR_BUFFER_TOO_SMALL);
        return st;
    }
    if (strcmp(ev, "replan") == 0) {
        NEED_WORDS(1, 1, "replan");
        return ics_server_replan(s);
    }
    if (strcmp(ev, "snapshot") == 0) {
        NEED_WORDS(1, 1, "snapshot");
        return ics_server_snapshot(s);
    }
    EVENT_ERROR("unknown event '%s' (request, batch, complete, fail, release, tick, expire, replan, snapshot)", ev);
#undef EVENT_ERROR
#undef NEED_WORDS
#undef TASK_ID
}

/* The blocked tasks that were not blocked before (fail events). */
static ics_status newly_blocked(const ics_server* s, const cli_u32s* before, cli_u32s* out) {
    ics_status st;
    CLI_FETCH(st, *out, ics_server_tasks(out->v, out->cap, &out->len, s, ICS_TASK_BLOCKED));
    if (st != ICS_OK) return st;
    size_t k = 0, j = 0;
    for (size_t i = 0; i < out->len; ++i) {  /* both sorted by id */
        while (j < before->len && before->v[j] < out->v[i]) ++j;
        if (j < before->len && before->v[j] == out->v[i]) continue;
        out->v[k++] = out->v[i];
    }
    out->len = k;
    return ICS_OK;
}

static int parse_fsync(ics_server_options* o, const cli_command* self, const char* text) {
    if (!text) return 0;
    if (strcmp(text, "every") == 0) o->fsync = ICS_FSYNC_EVERY;
    else if (strcmp(text, "never") == 0) o->fsync = ICS_FSYNC_NEVER;
    else {
        int rc = cli_parse_u32(&o->fsync_every, self, "--fsync", text);
        if (rc) return rc;
        if (o->fsync_every == 0) return cli_usage_error(self, "--fsync: N must be at least 1 (or every, never)");
        o->fsync = ICS_FSYNC_EVERY_N;
    }
    return 0;
}

static int file_exists(const char* path) {
    struct stat st;
    return stat(path, &st) == 0 && st.st_size > 0;
}

static int run_dispatch(const cli_command* self, int argc, char** argv) {
    const char *format = NULL, *events = NULL, *journal = NULL, *fsync = NULL, *lease = NULL, *retries = NULL,
               *multi = NULL, *strategy = NULL, *objective = NULL;
    int json = 0;
    const cli_option opts[] = {
        {"--format", NULL, &format, NULL},       {"--events", NULL, &events, NULL},
        {"--journal", NULL, &journal, NULL},     {"--fsync", NULL, &fsync, NULL},
        {"--lease", NULL, &lease, NULL},         {"--retries", NULL, &retries, NULL},
        {"--multi", NULL, &multi, NULL},         {"--strategy", NULL, &strategy, NULL},
        {"--objective", NULL, &objective, NULL}, {"--json", NULL, NULL, &json},
    };
    int npos = 0;
    int rc = cli_parse_args(self, argc, argv, opts, sizeof opts / sizeof opts[0], 1, 1, &npos);
    if (rc >= 0) return rc;
    const char* path = argv[0];
    if (!events) return cli_usage_error(self, "--events SCRIPT is required");
    ics_server_options o = ICS_SERVER_OPTIONS_INIT;
    o.journal = journal;
    if ((rc = parse_fsync(&o, self, fsync)) != 0) return rc;
    if (lease && (rc = cli_parse_u64(&o.lease, self, "--lease", lease)) != 0) return rc;
    if (retries && (rc = cli_parse_u32(&o.retry_limit, self, "--retries", retries)) != 0) return rc;
    if (multi) {
        if (strcmp(multi, "best") == 0) o.multi = ICS_SERVER_MULTI_BEST;
        else if (strcmp(multi, "cluster-rank") == 0) o.multi = ICS_SERVER_MULTI_CLUSTER_RANK;
        else if (strcmp(multi, "cluster") == 0) o.multi = ICS_SERVER_MULTI_CLUSTER;
        else return cli_usage_error(self, "unknown --multi '%s' (best, cluster-rank, cluster)", multi);
    }
    if (strategy && (ics_cluster_strategy_from_name(&o.cluster_strategy, strategy) != ICS_OK ||
                     o.cluster_strategy == ICS_CLUSTER_CHECK))
        return cli_usage_error(self, "unknown --strategy '%s' (direct, staggered, donor, min-cut)", strategy);
    if (objective && ics_objective_from_name(&o.objective, objective) != ICS_OK)
        return cli_usage_error(self, "unknown --objective '%s' (eligibility, memory)", objective);
    char* script = NULL;
    size_t script_len = 0;
    ics_dag* dag = NULL;
    rc = cli_load_dag(&dag, self, path, format);
    if (rc) return rc;
    if ((rc = cli_read_file(&script, &script_len, events)) != 0) {
        ics_dag_destroy(dag);
        return rc;
    }
    ics_server* s = NULL;
    const int resume = journal && file_exists(journal);
    ics_status st = resume ? ics_server_open(&s, dag, &o) : ics_server_create(&s, dag, &o);
    if (st != ICS_OK) {
        free(script);
        ics_dag_destroy(dag);
        return cli_fail_status(st, journal ? journal : path);
    }
    cli_u32s tasks = {NULL, 0, 0}, before = {NULL, 0, 0};
    char message[MAX_MESSAGE];
    unsigned errors = 0, played = 0;
    char* line = script;
    while (st == ICS_OK && line) {
        char* nl = strchr(line, '\n');
        if (nl) *nl = '\0';
        char* hash = strchr(line, '#');
        if (hash) *hash = '\0';
        char text[256];
        char* w[5] = {NULL};
        snprintf(text, sizeof text, "%s", line);
        size_t nw = split_words(line, w);
        if (nw > 0) {
            /* the event as written, words joined by one space */
            size_t tl = 0;
            text[0] = '\0';
            for (size_t i = 0; i < nw && i < 4; ++i) tl += (size_t)snprintf(text + tl, sizeof text - tl, "%s%s", i ? " " : "", w[i]);
            int failed = -1;
            message[0] = '\0';
            ics_status ev;
            if (nw > 4) {
                snprintf(message, sizeof message, "too many words in '%s ...'", text);
                ev = ICS_ERR_INVALID_ARGUMENT;
            } else {
                if (strcmp(w[0], "fail") == 0)
                    CLI_FETCH(st, before, ics_server_tasks(before.v, before.cap, &before.len, s, ICS_TASK_BLOCKED));
                if (st != ICS_OK) break;
                ev = play_event(s, dag, w, nw, &tasks, &failed, message);
                if (ev == ICS_OK && failed == 1) ev = newly_blocked(s, &before, &tasks);
            }
            if (ev == ICS_ERR_NOMEM || ev == ICS_ERR_INTERNAL) {
                st = ev;
                break;
            }
            if (ev != ICS_OK && !message[0]) snprintf(message, sizeof message, "%s", ics_last_error_message());
            if (ev != ICS_OK) ++errors;
            ++played;
            if (json) {
                json_object obj;
                json_begin(&obj);
                json_string(&obj, "event", text);
                json_key(&obj, "tasks");
                if (ev == ICS_OK) st = out_node_names(dag, tasks.v, tasks.len, 1);
                else out_str("[]");
                if (failed >= 0 && ev == ICS_OK) json_bool(&obj, "failed", failed);
                json_key(&obj, "error");
                if (ev == ICS_OK) out_str("null");
                else out_json_string(message);
                json_end(&obj);
            } else {
                out_str(text);
                if (ev != ICS_OK) {
                    out_str(": error: ");
                    out_str(message);
                } else {
                    out_str(failed == 1 ? ": failed; blocked:" : failed == 0 ? ": back to the pool:" : ":");
                    if (tasks.len) {
                        out_char(' ');
                        st = out_node_names(dag, tasks.v, tasks.len, 0);
                    } else {
                        out_str(" -");
                    }
                }
                out_char('\n');
            }
        }
        line = nl ? nl + 1 : NULL;
    }
    if (st == ICS_OK) st = write_state(dag, s, json, resume);
    cli_u32s_free(&tasks);
    cli_u32s_free(&before);
    ics_server_destroy(s);
    free(script);
    ics_dag_destroy(dag);
    if (st != ICS_OK) return cli_fail_status(st, path);
    if (errors) return cli_fail("%u of %u events failed (see their \"error\")", errors, played);
    return CLI_EXIT_OK;
}

static int run_replay(const cli_command* self, int argc, char** argv) {
    const char* format = NULL;
    int json = 0;
    const cli_option opts[] = {
        {"--format", NULL, &format, NULL},
        {"--json", NULL, NULL, &json},
    };
    int npos = 0;
    int rc = cli_parse_args(self, argc, argv, opts, sizeof opts / sizeof opts[0], 2, 2, &npos);
    if (rc >= 0) return rc;
    const char* journal = argv[0];
    const char* path = argv[1];
    ics_dag* dag = NULL;
    if ((rc = cli_load_dag(&dag, self, path, format)) != 0) return rc;
    ics_server_options o = ICS_SERVER_OPTIONS_INIT;
    o.journal = journal;
    ics_server* s = NULL;
    ics_status st = ics_server_open(&s, dag, &o);
    if (st == ICS_OK) {
        if (!json) out_row("journal", journal);
        st = write_state(dag, s, json, 1);
    }
    ics_server_destroy(s);
    ics_dag_destroy(dag);
    return st == ICS_OK ? CLI_EXIT_OK : cli_fail_status(st, journal);
}

const cli_command cli_cmd_dispatch = {
    "dispatch",
    "play a script of worker events through the IC server (request, complete, fail, ...)",
    "usage: ics dispatch FILE --events SCRIPT [--journal J] [--fsync every|N|never]\n"
    "                    [--lease L] [--retries N] [--multi best|cluster-rank|cluster]\n"
    "                    [--strategy direct|staggered|donor|min-cut] [--objective O]\n"
    "                    [--format F] [--json]\n"
    "\n"
    "Runs the IC server over the workflow FILE and plays SCRIPT ('-' = stdin),\n"
    "one event per line ('#' starts a comment):\n"
    "  request WORKER [K]  K tasks (default 1) for WORKER: the best-ranked eligible\n"
    "                      tasks (--multi best) or a self-contained cluster\n"
    "  batch R             R tasks chosen at once by the batch selection\n"
    "  complete TASK       TASK done: prints the tasks it made eligible\n"
    "  fail TASK           TASK failed: back to the pool, or, past --retries, failed\n"
    "                      with the tasks it blocks\n"
    "  release WORKER      WORKER left: its tasks go back to the pool\n"
    "  tick NOW            sets the clock (leases end at hand-out time + --lease)\n"
    "  expire              tasks whose lease ran out go back to the pool\n"
    "  replan              schedules what is left (running tasks counted as done)\n"
    "  snapshot            compacts the journal into one record (needs --journal)\n"
    "With the default ranking, `request W` hands out the eligible task that comes\n"
    "first in `ics schedule FILE`'s order. A failing event is reported and the\n"
    "script goes on; the exit status is then 1.\n"
    "\n"
    "  --journal J         append every event to the journal J (resumed when J exists)\n"
    "  --fsync P           every (default), N (every N records) or never\n"
    "  --lease L           lease length in clock units (default 0: none)\n"
    "  --retries N         failures allowed before a task is failed (default 3)\n"
    "  --multi M           what request W K hands out for K > 1 (default best)\n"
    "  --strategy S        the clustering strategy of --multi cluster (default direct)\n"
    "  --objective O       eligibility (default) or memory: the schedule ranking\n"
    "  --json              one object per event {event, tasks, error} (and failed for\n"
    "                      fail), then the final state {executed, running, eligible,\n"
    "                      failed, blocked, in_doubt, profile, plan}: task names\n"
    "                      (executed in completion order, running and eligible by\n"
    "                      rank), E(t) as played and the plan's E(t)\n",
    run_dispatch,
};

const cli_command cli_cmd_replay = {
    "replay",
    "print the IC server's state recorded in a journal",
    "usage: ics replay J FILE [--format F] [--json]\n"
    "\n"
    "Replays the journal J of the workflow FILE (written by `ics dispatch\n"
    "--journal` or ics_server_* with a journal) and prints the final state as\n"
    "`ics dispatch` does, plus records (replayed) and recovery (what was cut: a\n"
    "truncated or corrupt tail record is cut, never replayed; null when whole).\n"
    "A journal of another dag is refused.\n",
    run_replay,
};
