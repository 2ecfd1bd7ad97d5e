#!/usr/bin/env python3
"""Tests of `ics dispatch` and `ics replay` (the IC server; stdlib only).

usage: test_cli_dispatch.py PATH/TO/ics [unittest options]

Random scripts of events (request W [K], batch R, complete, fail, release,
tick, expire) on random dags, each event's `tasks` and `error` checked
against a model of the server written here from the definitions, with the
ranking taken from `ics schedule --json`'s order; the final state object
(executed, running, eligible, failed, in_doubt, profile); replan against
`ics schedule` of the induced remainder; the journal replayed by `ics replay`,
a torn tail cut and reported, a journal of another dag refused; the errors.
"""
import json
import os
import random
import sys
import unittest

import test_cli
from test_cli import CliTestCase, eligible_profile, parse_edges, parents_of


class Model:
    """The server by its definitions: states, holders, deadlines, failures."""

    def __init__(self, nodes, arcs, order, retries=3, lease=0):
        self.nodes, self.parents = nodes, parents_of(nodes, arcs)
        self.children = {v: {w for (u, w) in arcs if u == v} for v in nodes}
        self.rank = {v: k for k, v in enumerate(order)}
        self.state = {v: "eligible" if not self.parents[v] else "waiting" for v in nodes}
        self.holder, self.deadline, self.failures = {}, {}, {v: 0 for v in nodes}
        self.completed, self.now, self.retries, self.lease = [], 0, retries, lease

    def by_rank(self, vs):
        return sorted(vs, key=self.rank.get)

    def in_state(self, s):
        return [v for v in self.nodes if self.state[v] == s]

    def give(self, v, w):
        self.state[v], self.holder[v] = "running", w
        self.deadline[v] = self.now + self.lease if self.lease else 0

    def back(self, v):
        done = all(self.state[p] == "executed" for p in self.parents[v])
        self.state[v] = "eligible" if done else "waiting"
        self.holder.pop(v, None)

    def event(self, words):
        """(tasks, error?) of one event, as the server must answer."""
        ev, args = words[0], words[1:]
        if ev == "request":
            k = int(args[1]) if len(args) > 1 else 1
            got = self.by_rank(self.in_state("eligible"))[:k]
            for v in got:
                self.give(v, args[0])
            return got, False
        if ev == "complete":
            v = args[0]
            if v not in self.state or self.state[v] != "running":
                return [], True
            self.state[v] = "executed"
            self.holder.pop(v, None)
            self.completed.append(v)
            newly = []
            for c in self.children[v]:
                if self.state[c] == "waiting" and all(self.state[p] == "executed" for p in self.parents[c]):
                    self.state[c] = "eligible"
                    newly.append(c)
            return newly, False
        if ev == "fail":
            v = args[0]
            if v not in self.state or self.state[v] != "running":
                return [], True
            self.failures[v] += 1
            if self.failures[v] <= self.retries:
                self.back(v)
                return [v], False
            self.state[v] = "failed"
            self.holder.pop(v, None)
            blocked, stack = [], [v]
            while stack:
                for c in self.children[stack.pop()]:
                    if self.state[c] not in ("blocked", "failed"):
                        self.state[c] = "blocked"
                        self.holder.pop(c, None)
                        blocked.append(c)
                        stack.append(c)
            return blocked, False
        if ev == "release":
            got = [v for v in self.nodes if self.state[v] == "running" and self.holder.get(v) == args[0]]
            for v in got:
                self.back(v)
            return got, False
        if ev == "tick":
            t = int(args[0])
            if t < self.now:
                return [], True
            self.now = t
            return [], False
        if ev == "expire":
            got = [v for v in self.nodes if self.state[v] == "running" and self.deadline[v]
                   and self.deadline[v] <= self.now]
            for v in got:
                self.back(v)
            return got, False
        raise AssertionError(ev)


def random_dag(rng):
    n = rng.randint(2, 12)
    nodes = [f"t{k}" for k in range(n)]
    rng.shuffle(nodes)
    arcs = {(nodes[i], nodes[j]) for i in range(n) for j in range(i + 1, n) if rng.random() < 0.3}
    text = "".join(f"{v}\n" for v in nodes) + "".join(f"{u} {v}\n" for u, v in sorted(arcs))
    return text, nodes, arcs


def random_script(rng, model_nodes, length):
    workers = ["w1", "w2", "w3"]
    lines = []
    for _ in range(length):
        x = rng.random()
        if x < 0.35:
            lines.append(f"request {rng.choice(workers)}" + (f" {rng.randint(1, 3)}" if rng.random() < 0.3 else ""))
        elif x < 0.65:
            lines.append(f"complete {rng.choice(model_nodes)}")
        elif x < 0.75:
            lines.append(f"fail {rng.choice(model_nodes)}")
        elif x < 0.82:
            lines.append(f"release {rng.choice(workers)}")
        elif x < 0.92:
            lines.append(f"tick {rng.randint(0, 12)}")
        else:
            lines.append("expire")
    return lines


def events(out):
    """The event objects and the final state object of `ics dispatch --json`."""
    objs = [json.loads(line) for line in out.splitlines()]
    return objs[:-1], objs[-1]


class DispatchTest(CliTestCase):
    def dispatch(self, path, script, *extra, code=None):
        spath = self.write("events.txt", "\n".join(script) + "\n")
        got, out, err = test_cli.run("dispatch", path, "--events", spath, "--json", *extra)
        if code is not None:
            self.assertEqual(got, code, err)
        self.assertIn(got, (0, 1), err)
        return events(out), got, err

    def test_against_the_model(self):
        rng = random.Random(11)
        for it in range(60):
            text, nodes, arcs = random_dag(rng)
            path = self.write(f"random{it}.edges", text)
            order = self.ok_json("schedule", path)["order"]
            retries, lease = rng.randint(0, 2), rng.choice([0, 3])
            m = Model(nodes, arcs, order, retries, lease)
            script = random_script(rng, nodes, 40)
            (evs, final), code, err = self.dispatch(path, script, "--retries", retries, "--lease", lease)
            self.assertEqual(len(evs), len(script))
            errors = 0
            with self.subTest(instance=it):
                for line, ev in zip(script, evs):
                    self.assertEqual(ev["event"], line)
                    want, error = m.event(line.split())
                    if error:
                        errors += 1
                        self.assertIsInstance(ev["error"], str)
                        self.assertEqual(ev["tasks"], [])
                    else:
                        self.assertIsNone(ev["error"], line)
                        if line.startswith("request"):
                            self.assertEqual(ev["tasks"], want, line)  # best rank first
                        else:
                            self.assertEqual(sorted(ev["tasks"]), sorted(want), line)
                self.assertEqual(code, 1 if errors else 0)
                self.assertEqual(final["executed"], m.completed)
                self.assertEqual(final["running"], m.by_rank(m.in_state("running")))
                self.assertEqual(final["eligible"], m.by_rank(m.in_state("eligible")))
                self.assertEqual(sorted(final["failed"]), sorted(m.in_state("failed")))
                self.assertEqual(sorted(final["blocked"]), sorted(m.in_state("blocked")))
                self.assertEqual(final["in_doubt"], [])
                self.assertEqual(final["profile"], eligible_profile(nodes, arcs, m.completed))

    def test_one_worker_replays_the_schedule(self):
        path = self.generate("fft", 3)
        order = self.ok_json("schedule", path)["order"]
        script = []
        for v in order:
            script += ["request solo", f"complete {v}"]
        (evs, final), code, _ = self.dispatch(path, script, code=0)
        self.assertEqual([e["tasks"][0] for e in evs[0::2]], order)
        self.assertEqual(final["executed"], order)
        self.assertEqual(final["profile"], final["plan"])
        self.assertEqual(final["profile"], self.ok_json("schedule", path)["profile"])

    def test_batch(self):
        path = self.generate("w", 4, 2)
        (evs, final), code, _ = self.dispatch(path, ["batch 2", "batch 9"], code=0)
        self.assertEqual(len(evs[0]["tasks"]), 2)
        self.assertEqual(len(evs[1]["tasks"]), 2)  # the 2 eligible left
        self.assertEqual(sorted(final["running"]), sorted(evs[0]["tasks"] + evs[1]["tasks"]))

    def test_replan(self):
        path = self.generate("fft", 2)
        with open(path) as f:
            nodes, arcs = parse_edges(f.read())
        order = self.ok_json("schedule", path)["order"]
        script = ["request a", "request b", f"complete {order[0]}", "replan", "request c"]
        (evs, final), code, _ = self.dispatch(path, script, code=0)
        # The rest (running counted as done) scheduled anew: its first eligible task goes out.
        left = [v for v in nodes if v not in (order[0], order[1])]
        sub = self.write("left.edges", self.ok("induced", path, *left))
        sub_order = self.ok_json("schedule", sub)["order"]
        self.assertEqual(evs[4]["tasks"], [next(v for v in sub_order if v in final["running"])])
        self.assertEqual(final["eligible"], [v for v in sub_order if v in final["eligible"]])

    def test_journal_and_replay(self):
        path = self.generate("fft", 2)
        order = self.ok_json("schedule", path)["order"]
        journal = os.path.join(self.tmp, "run.jnl")
        script = ["request a 2", f"complete {order[0]}", "request b", "tick 4", "fail " + order[1]]
        for fsync in ("every", "3", "never"):
            if os.path.exists(journal):
                os.remove(journal)
            (evs, final), code, _ = self.dispatch(path, script, "--journal", journal, "--fsync", fsync, code=0)
            rep = self.ok_json("replay", journal, path)
            for key in ("executed", "running", "eligible", "failed", "blocked", "profile", "plan"):
                self.assertEqual(rep[key], final[key], key)
            self.assertEqual(rep["in_doubt"], final["running"])  # handed out, not reported
            self.assertIsNone(rep["recovery"])
        # A snapshot compacts the journal: same state, one record.
        (evs, snap), code, _ = self.dispatch(path, ["snapshot"], "--journal", journal, code=0)
        self.assertEqual(self.ok_json("replay", journal, path)["records"], 1)
        for key in ("executed", "running", "eligible", "failed", "profile"):
            self.assertEqual(snap[key], final[key], key)
        (evs, _), code, _ = self.dispatch(path, ["snapshot"], code=1)
        self.assertIn("journal", evs[0]["error"])
        # Resuming: the same journal, more events.
        (evs, final2), code, _ = self.dispatch(path, [f"complete {final['running'][0]}"], "--journal", journal,
                                               code=0)
        self.assertEqual(final2["executed"], final["executed"] + [final["running"][0]])
        # A torn tail: cut, reported, never replayed.
        size = os.path.getsize(journal)
        with open(journal, "r+b") as f:
            f.truncate(size - 2)
        rep = self.ok_json("replay", journal, path)
        self.assertIn("truncated", rep["recovery"])
        self.assertEqual(rep["executed"], final["executed"])
        # Another dag: refused.
        other = self.generate("fft", 3)
        self.fails(1, "replay", journal, other, contains=("another dag",))
        self.fails(1, "replay", os.path.join(self.tmp, "none.jnl"), path)
        self.fails(1, "replay", path, path, contains=("not an icsched journal",))

    def test_text_and_errors(self):
        path = self.generate("fft", 1)
        spath = self.write("ev.txt", "request w\n# a comment\n\nbogus 1\n")
        got, out, err = test_cli.run("dispatch", path, "--events", spath)
        self.assertEqual(got, 1)
        self.assertIn("unknown event 'bogus'", out)
        self.assertIn("final state", out)
        self.assertIn("1 of 2 events failed", err)
        self.fails(2, "dispatch", path)
        self.fails(2, "dispatch", path, "--events", spath, "--fsync", "0")
        self.fails(2, "dispatch", path, "--events", spath, "--fsync", "sometimes")
        self.fails(2, "dispatch", path, "--events", spath, "--multi", "many")
        self.fails(1, "dispatch", path, "--events", os.path.join(self.tmp, "missing.txt"))
        self.fails(1, "dispatch", path, "--events", spath, "--journal", "/proc/no-such/j.jnl")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit("usage: test_cli_dispatch.py PATH/TO/ics [unittest options]")
    test_cli.ICS = os.path.abspath(sys.argv.pop(1))
    unittest.main(verbosity=2)
