#!/usr/bin/env python3
"""Tests of `ics schedule --objective memory`, `ics profile --policy postorder`,
`ics compare` and `ics schedule --write-dagman` (stdlib only).

usage: test_cli_schedule.py PATH/TO/ics [unittest options]

The memory costs of the guidelines paper, recomputed here from the printed
orders by an independent pebble game: ℓ for reduction-meshes (Theorem 3.2),
2h for Postorder-Execute on T_h (Theorem 4.2), h+1 for the pure postorder
(Lemma 4.2), 2^d+2 for FFT dags (the least for an IC-optimal schedule; the
paper's Theorem 5.2 says 2^d+1, see README). `compare` is checked against
`profile` and against the meaning of IC optimality (E(t) maximal at every t).
"""
import json
import os
import subprocess
import sys
import tempfile
import unittest

import test_cli
from test_cli import parse_edges, run


def generate(tmp, family, *params):
    path = os.path.join(tmp, "-".join([family, *map(str, params)]) + ".edges")
    rc, out, err = run("generate", family, *params, "-o", path)
    assert rc == 0, err
    return path


def pebble(path, order):
    """E(0..n) and memory cost of `order`, by the rules of the pebble game."""
    with open(path) as f:
        nodes, arcs = parse_edges(f.read())
    parents = {v: set() for v in nodes}
    children = {v: set() for v in nodes}
    for u, v in arcs:
        parents[v].add(u)
        children[u].add(v)
    done, eligible, memory = set(), [], 0

    def count():
        return sum(1 for v in nodes if v not in done and parents[v] <= done)

    eligible.append(count())
    for v in order:
        assert v not in done and parents[v] <= done, v
        done.add(v)
        eligible.append(count())
        memory = max(memory, sum(1 for u in done if not children[u] <= done))
    return eligible, memory


def schedule(path, objective):
    rc, out, err = run("schedule", path, "--objective", objective, "--json")
    assert rc == 0, err
    return json.loads(out)


class MemoryObjective(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()

    def tearDown(self):
        self.tmp.cleanup()

    def check(self, path, want):
        base = schedule(path, "eligibility")
        mem = schedule(path, "memory")
        self.assertEqual(mem["status"], "ic-optimal", mem["reason"])
        self.assertEqual(mem["objective"], "memory")
        self.assertEqual(base["objective"], "eligibility")
        self.assertEqual(mem["profile"], base["profile"], "the objective never changes E(t)")
        eligible, memory = pebble(path, mem["order"])
        self.assertEqual(eligible, mem["profile"])
        self.assertEqual(memory, mem["memory"])
        self.assertEqual(mem["memory"], want, path)
        self.assertLessEqual(mem["memory"], base["memory"])

    def test_reduction_mesh_uses_ell(self):
        for ell in (2, 3, 6, 12):
            self.check(generate(self.tmp.name, "reduction-mesh", ell), ell)

    def test_reduction_tree_uses_2h(self):
        for h in (1, 2, 4, 6):
            self.check(generate(self.tmp.name, "reduction-tree", h), 2 * h)

    def test_fft_uses_2_to_the_d_plus_2(self):
        for d in (2, 3, 4, 5):
            self.check(generate(self.tmp.name, "fft", d), 2 ** d + 2)

    def test_pure_postorder_uses_h_plus_1(self):
        for h in (2, 3, 5):
            path = generate(self.tmp.name, "reduction-tree", h)
            rc, out, err = run("profile", path, "--policy", "postorder", "--json")
            self.assertEqual(rc, 0, err)
            p = json.loads(out)
            self.assertEqual(p["policy"], "postorder")
            eligible, memory = pebble(path, p["order"])
            self.assertEqual((eligible, memory), (p["profile"], h + 1))
            best = schedule(path, "eligibility")
            self.assertLess(p["area"], best["area"], "postorder is not IC-optimal")

    def test_unknown_objective_is_a_usage_error(self):
        path = generate(self.tmp.name, "fft", 2)
        rc, out, err = run("schedule", path, "--objective", "speed")
        self.assertEqual((rc, out), (2, ""))
        self.assertEqual(len(err.strip().splitlines()), 1)
        self.assertIn("speed", err)


class Compare(unittest.TestCase):
    POLICIES = ["icsched", "icsched-memory", "fifo", "lifo", "level", "random", "postorder"]

    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()

    def tearDown(self):
        self.tmp.cleanup()

    def compare(self, path, *extra):
        rc, out, err = run("compare", path, "--json", *extra)
        self.assertEqual(rc, 0, err)
        return json.loads(out)

    def test_rows_agree_with_profile_and_ic_optimality(self):
        for family, param in (("reduction-mesh", 8), ("reduction-tree", 4), ("fft", 3)):
            path = generate(self.tmp.name, family, param)
            c = self.compare(path, "--seed", "7")
            self.assertEqual(c["icsched_status"], "ic-optimal")
            rows = {r["policy"]: r for r in c["policies"]}
            self.assertEqual([r["policy"] for r in c["policies"]], self.POLICIES)
            best = rows["icsched"]
            self.assertTrue(best["ic_optimal"])
            self.assertTrue(rows["icsched-memory"]["ic_optimal"])
            self.assertEqual(rows["icsched-memory"]["area"], best["area"])
            for name, r in rows.items():
                # E(t) maximal at every t: AREA and the 90% minimum cannot be beaten.
                self.assertLessEqual(r["area"], best["area"], name)
                self.assertLessEqual(r["min_eligible_90"], best["min_eligible_90"], name)
                self.assertEqual(r["ic_optimal"], r["area"] == best["area"], name)
            for policy in ("fifo", "lifo", "level", "random", "postorder"):
                rc, out, err = run("profile", path, "--policy", policy, "--seed", "7", "--json")
                self.assertEqual(rc, 0, err)
                p = json.loads(out)
                for key in ("area", "min_eligible_90", "memory"):
                    self.assertEqual(rows[policy][key], p[key], (family, policy, key))

    def test_text_report_lists_every_policy(self):
        path = generate(self.tmp.name, "reduction-tree", 3)
        rc, out, err = run("compare", path)
        self.assertEqual(rc, 0, err)
        for name in self.POLICIES:
            self.assertIn("\n" + name + " ", out)

    def test_errors(self):
        rc, out, err = run("compare", os.path.join(self.tmp.name, "missing.edges"))
        self.assertEqual((rc, out), (1, ""))
        self.assertEqual(len(err.strip().splitlines()), 1)
        cyc = os.path.join(self.tmp.name, "cycle.edges")
        with open(cyc, "w") as f:
            f.write("a b\nb c\nc a\n")
        rc, out, err = run("compare", cyc)
        self.assertEqual((rc, out), (1, ""))
        self.assertIn("cycle", err)
        rc, out, err = run("compare")
        self.assertEqual((rc, out), (2, ""))


class WriteDagman(unittest.TestCase):
    DAG = ("# a diamond\nJOB A a.sub\nJOB B b.sub\nJOB C c.sub\nJOB D d.sub\n"
           "PRIORITY B 100\nRETRY C 3\nPARENT A CHILD B C\nPARENT B C CHILD D\n")

    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.src = os.path.join(self.tmp.name, "diamond.dag")
        with open(self.src, "w") as f:
            f.write(self.DAG)

    def tearDown(self):
        self.tmp.cleanup()

    def test_priorities_follow_the_schedule(self):
        out = os.path.join(self.tmp.name, "out.dag")
        rc, stdout, err = run("schedule", self.src, "--write-dagman", out, "--json")
        self.assertEqual(rc, 0, err)
        order = json.loads(stdout)["order"]
        with open(out) as f:
            text = f.read()
        prio = {}
        for line in text.splitlines():
            parts = line.split()
            if parts and parts[0] == "PRIORITY":
                self.assertNotIn(parts[1], prio, "one PRIORITY line per node")
                prio[parts[1]] = int(parts[2])
        self.assertEqual(prio, {v: len(order) - i for i, v in enumerate(order)})
        # Every other line unchanged, in order.
        kept = [l for l in text.splitlines() if not l.startswith("PRIORITY")]
        self.assertEqual(kept, [l for l in self.DAG.splitlines() if not l.startswith("PRIORITY")])
        rc, stdout, err = run("info", out, "--json")
        self.assertEqual((rc, json.loads(stdout)["nodes"], json.loads(stdout)["arcs"]), (0, 4, 4))

    def test_errors(self):
        edges = os.path.join(self.tmp.name, "d.edges")
        with open(edges, "w") as f:
            f.write("a b\n")
        rc, out, err = run("schedule", edges, "--write-dagman", os.path.join(self.tmp.name, "x.dag"))
        self.assertEqual((rc, out), (1, ""))
        self.assertIn("DAGMan", err)
        self.assertEqual(len(err.strip().splitlines()), 1)
        rc, out, err = run("schedule", self.src, "--write-dagman", os.path.join(self.tmp.name, "no", "x.dag"))
        self.assertEqual((rc, out), (1, ""))
        self.assertIn("cannot write", err)


class ForcedJoin(unittest.TestCase):
    """The forced-join lemma (README "Forced joins"): a join a1..a3 -> j, then
    one block j -> c1..c4 that yields faster; the decomposition proves the
    schedule with one forced join, and its E(t) is the brute-force maximum."""

    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.addCleanup(self.tmp.cleanup)
        self.path = os.path.join(self.tmp.name, "join.edges")
        with open(self.path, "w") as f:
            f.write("a1 j\na2 j\na3 j\nj c1\nj c2\nj c3\nj c4\n")

    def test_json_and_text_report_the_forced_join(self):
        r = schedule(self.path, "eligibility")
        self.assertEqual((r["status"], r["method"], r["forced_joins"]), ("ic-optimal", "decomposition", 1))
        eligible, _ = pebble(self.path, r["order"])
        with open(self.path) as f:
            nodes, arcs = parse_edges(f.read())
        parents = {v: {u for u, w in arcs if w == v} for v in nodes}
        best = [0] * (len(nodes) + 1)  # M(t) over all down-sets
        downsets, layer = {frozenset()}, [frozenset()]
        for t in range(len(nodes) + 1):
            for d in layer:
                best[t] = max(best[t], sum(1 for v in nodes if v not in d and parents[v] <= d))
            layer = list({d | {v} for d in layer for v in nodes if v not in d and parents[v] <= d})
        self.assertEqual(eligible, best)
        rc, out, err = run("schedule", self.path)
        self.assertEqual(rc, 0, err)
        self.assertRegex(out, r"\nforced joins: +1\n")
        rc, out, err = run("schedule", generate(self.tmp.name, "out-mesh", 4), "--json")
        self.assertEqual(json.loads(out)["forced_joins"], 0)


class SeveralFiles(unittest.TestCase):
    """`ics schedule F1 F2 ...` schedules every file through one workspace
    (ics_workspace): each report is the one `ics schedule Fi` prints alone,
    text reports apart by a blank line, JSON ones one object per line; @LIST
    names the files; a failing file does not stop the others."""

    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.addCleanup(self.tmp.cleanup)
        self.files = [generate(self.tmp.name, "fft", 3), generate(self.tmp.name, "random-er", 120, 0.03, 5),
                      generate(self.tmp.name, "reduction-mesh", 5), generate(self.tmp.name, "random-layered", 4, 8, 0.3, 2)]

    def alone(self, *args):
        outs = []
        for f in self.files:
            rc, out, err = run("schedule", f, *args)
            self.assertEqual(rc, 0, err)
            outs.append(out)
        return outs

    def test_text_and_json_match_one_call_per_file(self):
        for objective in ("eligibility", "memory"):
            rc, out, err = run("schedule", *self.files, "--objective", objective)
            self.assertEqual(rc, 0, err)
            self.assertEqual(out, "\n".join(self.alone("--objective", objective)))
            rc, out, err = run("schedule", *self.files, "--objective", objective, "--json")
            self.assertEqual(rc, 0, err)
            self.assertEqual(out.splitlines(), [o.strip() for o in self.alone("--objective", objective, "--json")])
            self.assertEqual([json.loads(l)["file"] for l in out.splitlines()], self.files)

    def test_list_file_and_errors(self):
        listing = os.path.join(self.tmp.name, "list")
        with open(listing, "w") as f:
            f.write("# files\n" + "\n".join(self.files) + "\n")
        rc, out, err = run("schedule", "@" + listing)
        self.assertEqual((rc, out), (0, "\n".join(self.alone())), err)
        missing = os.path.join(self.tmp.name, "missing.edges")
        rc, out, err = run("schedule", self.files[0], missing, self.files[1])
        self.assertEqual(rc, 1)
        self.assertIn("missing.edges", err)
        a, b = self.alone()[:2]
        self.assertEqual(out, a + "\n\n" + b)
        rc, out, err = run("schedule", self.files[0], self.files[1], "--write-dagman", os.path.join(self.tmp.name, "x"))
        self.assertEqual((rc, out), (2, ""))
        self.assertIn("--write-dagman takes one FILE", err)


class Progress(unittest.TestCase):
    """--progress / --no-progress, the terminal default, SIGINT (README "The `ics` tool")."""

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.fft = generate(cls.tmp.name, "fft", 6)
        cls.er = generate(cls.tmp.name, "random-er", 300, "0.015", 3)

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def test_progress_flag_shows_stages_and_clears(self):
        for path in (self.fft, self.er):
            rc, plain, err = run("schedule", path, "--json")
            self.assertEqual((rc, err), (0, ""))  # not a terminal: nothing on stderr
            rc, out, err = run("schedule", path, "--json", "--progress")
            self.assertEqual(rc, 0, err)
            self.assertEqual(out, plain)
            self.assertIn("certificate", err)
            self.assertTrue(err.endswith("\r\033[K"), repr(err[-40:]))  # the line is cleared
            rc, out, err = run("schedule", path, "--json", "--progress", "--no-progress")
            self.assertEqual((rc, out, err), (0, plain, ""))
        rc, out, err = run("schedule", self.er, "--progress", "--area-max-downsets", "0")
        self.assertEqual(rc, 0, err)
        self.assertIn("AREA fallback: candidate orders", err)
        self.assertRegex(err, r"candidate orders \d/\d \(\d+%\) \d+\.\d s")
        for cmd in (("compare", self.fft), ("priorities", self.fft, "--to", "csv")):
            rc, out, err = run(*cmd)
            self.assertEqual((rc, err), (0, ""))
            rc, out2, err = run(*cmd, "--progress")
            self.assertEqual((rc, out2), (0, out))
            self.assertIn("decomposition", err)
        rc, out, err = run("schedule", "--help")
        self.assertIn("--progress", out)
        self.assertIn("--no-progress", out)

    def test_terminal_shows_progress_by_default(self):
        import pty
        master, slave = pty.openpty()
        try:
            proc = subprocess.run([test_cli.ICS, "schedule", self.fft, "--json"], stdout=subprocess.PIPE,
                                  stderr=slave, timeout=120)
            os.close(slave)
            slave = None
            err = b""
            while True:
                try:
                    chunk = os.read(master, 4096)
                except OSError:  # EIO: the writer is gone
                    break
                if not chunk:
                    break
                err += chunk
        finally:
            if slave is not None:
                os.close(slave)
            os.close(master)
        self.assertEqual(proc.returncode, 0)
        self.assertIn(b"certificate", err)
        rc, plain, _ = run("schedule", self.fft, "--json")
        self.assertEqual(proc.stdout.decode(), plain)

    def test_sigint_cancels(self):
        import signal
        big = generate(self.tmp.name, "random-er", 300000, "0.0000133", 5)
        proc = subprocess.Popen([test_cli.ICS, "schedule", big, "--progress"], stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE)
        seen = b""
        while b"certificate" not in seen:  # the callback is in place once a stage shows
            b = proc.stderr.read(1)
            if not b:
                break
            seen += b
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=120)
        err = (seen + err).decode()
        self.assertEqual(proc.returncode, 1, err[-300:])
        self.assertTrue(err.endswith("ics: cancelled\n"), repr(err[-300:]))
        self.assertEqual(out, b"")


if __name__ == "__main__":
    test_cli.ICS = sys.argv.pop(1)
    unittest.main()
