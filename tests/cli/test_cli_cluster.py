#!/usr/bin/env python3
"""Tests of `ics cluster` and `ics generate clustering-fig6` (stdlib only).

usage: test_cli_cluster.py PATH/TO/ics [unittest options]

Checks the contract of issue 6: the Fig. 6 example of the clustering paper
(k = 6: direct cuts 8 arcs, staggered 6), that every cluster is
self-contained and its cut_arcs / eligible_rendered recomputed from the edge
list agree, that every residual reported "ic-optimal" reaches the brute-force
maximum of eligible tasks at every step (small dags), sequences of workers
(--sizes), user clusters (--check), running states (--executed) and errors.
"""
import json
import os
import subprocess
import sys
import tempfile
import unittest

from test_cli import parents_of, parse_edges  # shared helpers of the CLI tests

ICS = None  # set in __main__


def run(*args, timeout=120):
    proc = subprocess.run([ICS, *map(str, args)], capture_output=True, timeout=timeout)
    if proc.returncode < 0:
        raise AssertionError(f"ics {args} died of signal {-proc.returncode}")
    return proc.returncode, proc.stdout.decode(), proc.stderr.decode()


def eligible_after(nodes, parents, done):
    return sum(1 for v in nodes if v not in done and parents[v] <= done)


def brute_max(nodes, parents):
    """M(t): the most eligible tasks over all down-sets of size t (small dags)."""
    best = [0] * (len(nodes) + 1)
    seen = {frozenset()}
    frontier = [frozenset()]
    while frontier:
        nxt = []
        for d in frontier:
            e = eligible_after(nodes, parents, d)
            best[len(d)] = max(best[len(d)], e)
            for v in nodes:
                if v not in d and parents[v] <= d:
                    dd = d | {v}
                    if dd not in seen:
                        seen.add(dd)
                        nxt.append(dd)
        frontier = nxt
    return best


class ClusterCli(unittest.TestCase):
    def ok(self, *args):
        rc, out, err = run(*args)
        self.assertEqual(rc, 0, err)
        self.assertEqual(err, "")
        return out

    def generate(self, *family):
        fd, path = tempfile.mkstemp(suffix=".edges")
        os.close(fd)
        self.addCleanup(os.remove, path)
        self.ok("generate", *family, "-o", path)
        with open(path) as f:
            return path, parse_edges(f.read())

    def check_cluster(self, graph, result, executed=(), brute=False):
        nodes, arcs = graph
        parents = parents_of(nodes, arcs)
        done = set(executed)
        f = result["cluster"]
        self.assertEqual(len(f), len(set(f)))
        seen = set(done)
        for v in f:  # self-contained: an order the worker can run alone
            self.assertLessEqual(parents[v], seen, v)
            seen.add(v)
        fs = set(f)
        residual = [v for v in nodes if v not in done and v not in fs]
        cut = {(u, v) for u, v in arcs if u in fs and v in set(residual)}
        self.assertEqual(result["cut_arcs"], len(cut))
        self.assertEqual({tuple(a) for a in result["cut"]}, cut)
        self.assertEqual(result["eligible_rendered"], eligible_after(residual, parents, done | fs))
        self.assertEqual(sorted(result["residual_order"]), sorted(residual))
        if brute and result["residual_status"] == "ic-optimal":
            sub = set(residual)
            rparents = {v: parents[v] & sub for v in residual}
            best = brute_max(residual, rparents)
            ran = set()
            for t, v in enumerate(result["residual_order"], 1):
                ran.add(v)
                self.assertEqual(eligible_after(residual, rparents, ran), best[t], (t, v))

    def test_fig6_direct_and_staggered(self):
        path, graph = self.generate("clustering-fig6")
        self.assertEqual(len(graph[0]), 54)
        cuts = {"direct": 8, "staggered": 6}
        for strategy, cut in cuts.items():
            with self.subTest(strategy=strategy):
                r = json.loads(self.ok("cluster", path, "--size", 6, "--strategy", strategy, "--json"))
                self.assertEqual(r["cut_arcs"], cut)
                self.assertEqual(r["residual_status"], "ic-optimal")
                self.assertEqual(r["strategy"], strategy)
                self.check_cluster(graph, r)
        r = json.loads(self.ok("cluster", path, "--size", 6, "--strategy", "min-cut", "--json"))
        self.assertLessEqual(r["cut_arcs"], 6)
        text = self.ok("cluster", path, "--size", 6, "--strategy", "staggered")
        self.assertIn("cut_arcs:", text)
        self.assertIn("residual_status: ic-optimal", text)

    def test_every_strategy_every_k_small_dags(self):
        for family in (("out-mesh", 5), ("fft", 2), ("reduction-mesh", 4), ("w", 4, 2), ("n", 5)):
            path, graph = self.generate(*family)
            for strategy in ("direct", "staggered", "donor", "min-cut"):
                for k in range(1, len(graph[0]) + 1):
                    with self.subTest(family=family, strategy=strategy, k=k):
                        r = json.loads(self.ok("cluster", path, "--size", k, "--strategy", strategy, "--json"))
                        self.assertEqual(len(r["cluster"]), k)
                        self.check_cluster(graph, r, brute=True)

    def test_sequence_and_running_state(self):
        path, graph = self.generate("out-mesh", 5)
        r = json.loads(self.ok("cluster", path, "--sizes", "3,5,2", "--strategy", "staggered", "--json"))
        self.assertEqual([w["capacity"] for w in r["workers"]], [3, 5, 2])
        done = []
        for w in r["workers"]:
            self.assertEqual(len(w["cluster"]), w["capacity"])
            self.check_cluster(graph, w, executed=done, brute=True)
            done += w["cluster"]
        r = json.loads(self.ok("cluster", path, "--size", 2, "--executed", "0_0,1_0", "--json"))
        self.assertNotIn("0_0", r["cluster"])
        self.check_cluster(graph, r, executed=["0_0", "1_0"], brute=True)

    def test_donor_names_the_theorem(self):
        # Theorem 3.3 on the out-mesh, Theorem 3.4 on the in-mesh (its dual is
        # the out-mesh); Fig. 6 is no reticulated composition, and says why.
        # A sequence on the in-mesh keeps getting donor clusters (the theorem
        # holds for the whole dag, the executed tasks and F being one cluster).
        for family, theorem in ((("out-mesh", 5), "Theorem 3.3:"), (("reduction-mesh", 5), "Theorem 3.4:")):
            path, graph = self.generate(*family)
            r = json.loads(self.ok("cluster", path, "--size", 4, "--strategy", "donor", "--json"))
            self.assertTrue(r["donor"].startswith(theorem), r["donor"])
            self.assertEqual(r["strategy"], "donor")
            self.check_cluster(graph, r, brute=True)
            text = self.ok("cluster", path, "--size", 4, "--strategy", "donor")
            self.assertRegex(text, r"\ndonor: +" + theorem.replace(".", r"\."))
        path, graph = self.generate("reduction-mesh", 6)
        r = json.loads(self.ok("cluster", path, "--sizes", "3,4,2,5,3", "--strategy", "donor", "--json"))
        done = []
        for w in r["workers"]:
            self.assertEqual(w["strategy"], "donor")
            self.assertTrue(w["donor"].startswith("Theorem 3.4:"), w["donor"])
            self.check_cluster(graph, w, executed=done, brute=True)
            done += w["cluster"]
        path, _ = self.generate("clustering-fig6")
        r = json.loads(self.ok("cluster", path, "--size", 6, "--strategy", "donor", "--json"))
        self.assertTrue(r["donor"].startswith("Theorem 3.3 does not apply: not reticulated"), r["donor"])
        r = json.loads(self.ok("cluster", path, "--size", 6, "--strategy", "direct", "--json"))
        self.assertNotIn("donor", r)

    def test_check_user_cluster(self):
        path, graph = self.generate("w", 3, 2)
        r = json.loads(self.ok("cluster", path, "--check", "s1", "--json"))
        self.assertTrue(r["self_contained"])
        self.assertEqual(r["closure"], ["t1"])
        self.assertEqual(r["cut_arcs"], 2)
        path, graph = self.generate("out-mesh", 3)
        r = json.loads(self.ok("cluster", path, "--check", "1_0", "--json"))
        self.assertFalse(r["self_contained"])
        self.assertIn("'0_0'", r["violation"])

    def test_errors(self):
        path, _ = self.generate("out-mesh", 3)
        for args, code, needle in (
            (("--size", 0), 1, "out of range"),
            (("--size", 7), 1, "out of range"),
            (("--size", 2, "--strategy", "best"), 2, "unknown strategy"),
            ((), 2, "exactly one"),
            (("--size", 2, "--sizes", "1,2"), 2, "exactly one"),
            (("--sizes", "1,x"), 2, "--sizes"),
            (("--size", 1, "--executed", "1_0"), 1, "closed under parents"),
            (("--check", "nope"), 1, "unknown node 'nope'"),
        ):
            with self.subTest(args=args):
                rc, out, err = run("cluster", path, *args)
                self.assertEqual(rc, code, err)
                self.assertEqual(out, "")
                self.assertEqual(len(err.splitlines()), 1, err)
                self.assertTrue(err.startswith("ics: "), err)
                self.assertIn(needle, err)

    def test_help(self):
        self.assertIn("--strategy", self.ok("cluster", "--help"))
        self.assertIn("clustering-fig6", self.ok("generate", "--help"))


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit("usage: test_cli_cluster.py PATH/TO/ics [unittest options]")
    ICS = os.path.abspath(sys.argv.pop(1))
    unittest.main(verbosity=2)
