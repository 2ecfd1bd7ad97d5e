#!/usr/bin/env python3
"""Tests of `ics simulate` and `ics plot` (stdlib only).

usage: test_cli_simulate.py PATH/TO/ics [unittest options]

Checks the contract `ics simulate FILE --workers W --policy P [--seed S]
[--runs R] [--durations unit|file|...] [--json]`: with unit durations and
always-on workers, W = 1 gives makespan n and W >= n the longest path
(computed here); the JSON keys; --runs gives per-run lists with mean and ci95
(recomputed here); the same seed gives the same numbers; several policies are
compared run by run; `ics plot` writes valid SVG with one series and one box
per policy; and the errors.
"""
import math
import os
import random
import sys
import unittest
import xml.etree.ElementTree as ET

import test_cli
from test_cli import CliTestCase, parents_of

T975 = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306, 9: 2.262}


def longest_path(nodes, parents):
    depth = {}
    for v in nodes:  # topological
        depth[v] = 1 + max((depth[p] for p in parents[v]), default=0)
    return max(depth.values())


def random_dag(rng, n):
    nodes = [f"t{k}" for k in range(n)]
    arcs = {(nodes[i], nodes[j]) for i in range(n) for j in range(i + 1, n) if rng.random() < 0.2}
    text = "".join(f"{v}\n" for v in nodes) + "".join(f"{u} {v}\n" for u, v in sorted(arcs))
    return text, nodes, parents_of(nodes, arcs)


class SimulateTest(CliTestCase):
    def test_one_worker_and_enough_workers(self):
        rng = random.Random(5)
        for k in range(8):
            text, nodes, parents = random_dag(rng, rng.randint(3, 25))
            path = self.write(f"g{k}.edges", text)
            for policy in ("icsched", "fifo", "lifo", "upward-rank", "dask-like", "greedy", "random"):
                one = self.ok_json("simulate", path, "--workers", "1", "--policy", policy, "--durations", "unit")
                self.assertEqual(one["makespan"], len(nodes))
                self.assertEqual(one["idle"], 0)
                self.assertEqual(len(one["profile"]), len(nodes) + 1)
                self.assertEqual(one["profile"][-1], 0)
                many = self.ok_json("simulate", path, "--workers", str(len(nodes)), "--policy", policy)
                self.assertEqual(many["makespan"], longest_path(nodes, parents))
                self.assertTrue(many["complete"])

    def test_json_runs_mean_ci95(self):
        path = self.generate("fft", 3)
        out = self.ok_json("simulate", path, "--workers", "3", "--policy", "icsched", "--runs", "6",
                           "--durations", "exponential", "--speeds", "heterogeneous", "--availability", "churn",
                           "--seed", "11")
        for key in ("makespan", "idle", "gridlock", "memory_peak", "memory_mean", "profile", "runs", "mean",
                    "ci95", "policy", "workers", "seed"):
            self.assertIn(key, out)
        self.assertEqual(len(out["runs"]), 6)
        spans = [r["makespan"] for r in out["runs"]]
        mean = sum(spans) / 6
        sd = math.sqrt(sum((x - mean) ** 2 for x in spans) / 5)
        self.assertAlmostEqual(out["mean"]["makespan"], mean, delta=1e-6 * mean)
        self.assertAlmostEqual(out["makespan"], mean, delta=1e-6 * mean)
        self.assertAlmostEqual(out["ci95"]["makespan"], T975[5] * sd / math.sqrt(6), delta=1e-6 * (sd + 1))
        again = self.ok_json("simulate", path, "--workers", "3", "--policy", "icsched", "--runs", "6",
                             "--durations", "exponential", "--speeds", "heterogeneous", "--availability", "churn",
                             "--seed", "11")
        self.assertEqual(out, again)  # the same seed, the same numbers
        other = self.ok_json("simulate", path, "--workers", "3", "--runs", "6", "--durations", "exponential",
                             "--speeds", "heterogeneous", "--availability", "churn", "--seed", "12")
        self.assertNotEqual(out["runs"], other["runs"])

    def test_policies_compared(self):
        path = self.generate("fft", 3)
        out = self.ok_json("simulate", path, "--workers", "4", "--policy", "icsched,fifo,lifo", "--runs", "5",
                           "--durations", "exponential")
        self.assertEqual([p["policy"] for p in out["policies"]], ["icsched", "fifo", "lifo"])
        runs = {p["policy"]: [r["makespan"] for r in p["runs"]] for p in out["policies"]}
        for c in out["comparison"]:
            a, b = runs[c["policy"]], runs[c["against"]]
            self.assertEqual(c["wins"], sum(x < y - 1e-9 * (x + y) for x, y in zip(a, b)))
            self.assertEqual(c["losses"], sum(x > y + 1e-9 * (x + y) for x, y in zip(a, b)))
            self.assertEqual(c["wins"] + c["ties"] + c["losses"], 5)
        text = self.ok("simulate", path, "--workers", "4", "--policy", "icsched,fifo")
        self.assertIn("wins/ties/losses", text)

    def test_durations_from_the_file(self):
        data = os.environ.get("ICS_TEST_DATA", "tests/data")
        stg = os.path.join(data, "stg", "rand0000.stg")
        out = self.ok_json("simulate", stg, "--workers", "1")
        self.assertEqual(out["durations"], "file")
        times = {}
        with open(stg) as f:
            lines = [l.split() for l in f if l.strip() and not l.startswith("#")]
        n = int(lines[0][0]) + 2
        total = sum(int(l[1]) for l in lines[1:1 + n])
        self.assertEqual(out["makespan"], total)
        dag = os.path.join(data, "dagman", "pegasus_generated_diamond-0.dag")
        self.assertEqual(self.ok_json("simulate", dag, "--workers", "1")["durations"], "unit")
        self.fails(1, "simulate", dag, "--workers", "1", "--durations", "file", contains=("runtimes",))

    def test_failures_and_batches(self):
        path = self.generate("reduction-tree", 4)
        out = self.ok_json("simulate", path, "--workers", "4", "--failures", "0.3", "--retries", "254",
                           "--batch", "3", "--availability", "volunteer")
        self.assertTrue(out["complete"])
        out = self.ok_json("simulate", path, "--workers", "4", "--failures", "0.6", "--retries", "0")
        self.assertFalse(out["complete"])

    def test_stalled_runs_are_cut(self):
        stg = self.write("long.stg", "2\n0 0 0\n1 1 1 0\n2 1000000 1 1\n3 0 1 2\n")
        out = self.ok_json("simulate", stg, "--workers", "2", "--availability", "volunteer", "--period", "10",
                           "--duty", "0.5", "--max-events", "5000")
        self.assertTrue(out["stalled"])
        self.assertFalse(out["complete"])
        self.assertEqual(out["duration_max"], 1000000)
        self.assertIn("--max-events", self.ok("simulate", stg, "--workers", "2", "--availability", "volunteer",
                                              "--period", "10", "--duty", "0.5", "--max-events", "5000"))

    def test_errors(self):
        path = self.generate("fft", 2)
        self.fails(2, "simulate", path, contains=("--workers",))
        self.fails(2, "simulate", path, "--workers", "0")
        self.fails(2, "simulate", path, "--workers", "2", "--policy", "nope", contains=("dask-like",))
        self.fails(2, "simulate", path, "--workers", "2", "--durations", "weird")
        self.fails(2, "simulate", path, "--workers", "2", "--failures", "2")
        self.fails(2, "simulate", path, "--workers", "2", "--spread", "0.5")
        self.fails(1, "simulate", os.path.join(self.tmp, "missing.edges"), "--workers", "2")
        cyc = self.write("cyc.edges", "a b\nb a\n")
        self.fails(1, "simulate", cyc, "--workers", "2", contains=("cycle",))


class PlotTest(CliTestCase):
    def test_svg(self):
        path = self.generate("fft", 3)
        out = os.path.join(self.tmp, "fft.svg")
        self.assertEqual(self.ok("plot", path, "-o", out, "--policies", "icsched,fifo,lifo", "--runs", "5",
                                 "--workers", "3"), "")
        root = ET.parse(out).getroot()  # well-formed XML
        ns = "{http://www.w3.org/2000/svg}"
        self.assertEqual(root.tag, ns + "svg")
        series = [e for e in root.iter(ns + "polyline") if e.get("class") == "series"]
        self.assertEqual(sorted(e.get("data-policy") for e in series), ["fifo", "icsched", "lifo"])
        boxes = [e for e in root.iter(ns + "g") if e.get("class") == "box"]
        self.assertEqual([e.get("data-policy") for e in boxes], ["icsched", "fifo", "lifo"])
        # The curves end at E(n) = 0 and start at the sources' count.
        for s in series:
            pts = [tuple(map(float, p.split(","))) for p in s.get("points").split()]
            self.assertGreater(len(pts), 2)
            self.assertTrue(all(pts[i][0] < pts[i + 1][0] for i in range(len(pts) - 1)))
        # The boxes agree with the simulation's makespans.
        sim = self.ok_json("simulate", path, "--workers", "3", "--runs", "5", "--policy", "icsched,fifo,lifo")
        for box, pol in zip(boxes, sim["policies"]):
            spans = sorted(r["makespan"] for r in pol["runs"])
            self.assertAlmostEqual(float(box.get("data-min")), spans[0], places=6)
            self.assertAlmostEqual(float(box.get("data-median")), spans[2], places=6)
            self.assertAlmostEqual(float(box.get("data-max")), spans[-1], places=6)
        self.assertFalse(os.path.exists(out + ".tmp"))
        self.fails(2, "plot", path)  # -o is required
        self.fails(1, "plot", path, "-o", os.path.join(self.tmp, "no", "such", "dir.svg"))


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit("usage: test_cli_simulate.py PATH/TO/ics [unittest options]")
    test_cli.ICS = os.path.abspath(sys.argv.pop(1))
    unittest.main(verbosity=2)
