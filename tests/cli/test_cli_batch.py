#!/usr/bin/env python3
"""Tests of `ics batch` (batched IC scheduling; stdlib only).

usage: test_cli_batch.py PATH/TO/ics [unittest options]

Checks the contract `ics batch FILE --executed NAMES --requests R [--json]`:
`select` (names), `eligible_after`, `method`, `optimal`, each answer against
a brute force written here from the definition (ELIGIBLE = unexecuted with
every parent executed), `--executed` as a list, empty, or @file, several
request sizes played in sequence, and the errors.
"""
import itertools
import os
import random
import sys
import unittest

import test_cli
from test_cli import CliTestCase, parents_of


def eligible(nodes, parents, done):
    return [v for v in nodes if v not in done and parents[v] <= done]


def best_after(nodes, parents, executed, r):
    """The largest number of ELIGIBLE tasks after executing r of the ELIGIBLE ones."""
    done = set(executed)
    return max(len(eligible(nodes, parents, done | set(batch)))
               for batch in itertools.combinations(eligible(nodes, parents, done), r))


def random_instance(rng):
    """A random dag (edge list text, nodes, parents), a random down-set and r."""
    n = rng.randint(2, 11)
    nodes = [f"t{k}" for k in range(n)]
    rng.shuffle(nodes)
    arcs = {(nodes[i], nodes[j]) for i in range(n) for j in range(i + 1, n) if rng.random() < 0.35}
    text = "".join(f"{v}\n" for v in nodes) + "".join(f"{u} {v}\n" for u, v in sorted(arcs))
    parents = parents_of(nodes, arcs)
    done = set()
    for v in nodes:  # nodes are in topological order
        if parents[v] <= done and rng.random() < 0.3:
            done.add(v)
    executed = [v for v in nodes if v in done]
    r = rng.randint(1, len(eligible(nodes, parents, done))) if eligible(nodes, parents, done) else 0
    return text, nodes, parents, executed, r


class BatchTest(CliTestCase):
    def test_against_brute_force(self):
        rng = random.Random(5)
        checked = 0
        for it in range(120):
            text, nodes, parents, executed, r = random_instance(rng)
            if r == 0:
                continue
            path = self.write(f"random{it}.edges", text)
            with self.subTest(instance=it):
                got = self.ok_json("batch", path, "--executed", ",".join(executed), "--requests", r)
                sel = got["select"]
                done = set(executed)
                self.assertEqual(len(sel), r)
                self.assertEqual(len(set(sel)), r)
                self.assertTrue(set(sel) <= set(eligible(nodes, parents, done)))
                after = len(eligible(nodes, parents, done | set(sel)))
                self.assertEqual(got["eligible_after"], after)
                self.assertEqual(got["eligible_before"], len(eligible(nodes, parents, done)))
                self.assertIn(got["method"], ("exact", "tree-dp", "expansive", "greedy"))
                best = best_after(nodes, parents, executed, r)
                self.assertGreaterEqual(got["bound_after"], best)
                if got["optimal"]:
                    self.assertEqual(after, best)
                checked += 1
        self.assertGreater(checked, 100)

    def test_executed_forms(self):
        path = self.write("w.edges", "a x\na y\nb y\nb z\nc z\nz q\n")
        listed = self.ok_json("batch", path, "--executed", "a,b", "--requests", "1")
        names = self.write("done.txt", "# executed so far\na\n\n  b  \n")
        from_file = self.ok_json("batch", path, "--executed", "@" + names, "--requests", "1")
        self.assertEqual(listed, {**from_file, "file": listed["file"]})
        self.assertEqual(listed["select"], ["c"])  # completes z, which is then ELIGIBLE with x, y
        self.assertEqual(listed["eligible_after"], 3)
        self.assertTrue(listed["optimal"])
        nothing = self.ok_json("batch", path, "--executed", "", "--requests", "2")
        self.assertEqual(nothing, {**self.ok_json("batch", path, "--requests", "2"), "file": nothing["file"]})
        self.assertEqual(nothing["eligible_before"], 3)

    def test_text_report(self):
        path = self.write("t.edges", "a b\na c\n")
        rep = self.report("batch", path, "--requests", "1")
        self.assertEqual(rep["select"], "a")
        self.assertTrue(rep["eligible_after"].startswith("2 "))
        self.assertEqual(rep["optimal"], "true")
        self.assertIn(rep["method"], ("exact", "tree-dp"))

    def test_play(self):
        rng = random.Random(9)
        for it in range(30):
            text, nodes, parents, _, _ = random_instance(rng)
            path = self.write(f"play{it}.edges", text)
            got = self.ok_json("batch", path, "--requests", "3,2,4")
            self.assertEqual([b["batch"] for b in got["batches"]], [1, 2, 3])
            done = set()
            for b, req in zip(got["batches"], (3, 2, 4)):
                e = eligible(nodes, parents, done)
                self.assertEqual(b["requested"], req)
                self.assertEqual(len(b["select"]), min(req, len(e)))
                self.assertTrue(set(b["select"]) <= set(e))
                if b["select"] and b["optimal"]:
                    self.assertEqual(b["eligible_after"], best_after(nodes, parents, done, len(b["select"])))
                done |= set(b["select"])
                self.assertEqual(b["eligible_after"], len(eligible(nodes, parents, done)))
        text = self.ok("batch", path, "--requests", "1,1")
        self.assertIn("batch 2", text)

    def test_methods(self):
        path = self.write("m.edges", "a x\nb x\nb y\nc y\n")
        for method in ("exact", "tree-dp", "greedy"):
            got = self.ok_json("batch", path, "--requests", "2", "--method", method)
            self.assertEqual(got["method"], method)
            self.assertEqual(got["eligible_after"], 2)  # a, b (or b, c): one sink + the third source
        cyc = self.write("cyc.edges", "a x\nb x\na y\nb y\n")
        self.fails(1, "batch", cyc, "--requests", "2", "--method", "tree-dp", contains=("Σ_DP",))
        self.fails(1, "batch", cyc, "--requests", "2", "--method", "expansive", contains=("not expansive",))

    def test_errors(self):
        path = self.write("e.edges", "a b\nb c\nd c\n")
        self.fails(1, "batch", path, "--executed", "a,x", "--requests", "1", contains=("ics: unknown task 'x'",))
        names = self.write("bad.txt", "a\nnope\n")
        self.fails(1, "batch", path, "--executed", "@" + names, "--requests", "1",
                   contains=("ics: unknown task 'nope'",))
        self.fails(1, "batch", path, "--executed", "b", "--requests", "1", contains=("'b'", "unexecuted parent 'a'"))
        self.fails(1, "batch", path, "--executed", "a,a", "--requests", "1", contains=("twice",))
        self.fails(1, "batch", path, "--requests", "3", contains=("r = 3", "2 eligible"))
        self.fails(1, "batch", path, "--requests", "4000000000", contains=("exceeds",))
        self.fails(1, "batch", path, "--executed", "@" + os.path.join(self.tmp, "missing.txt"), "--requests", "1")
        self.fails(2, "batch", path)
        self.fails(2, "batch", path, "--requests", "0")
        self.fails(2, "batch", path, "--requests", "1,,2")
        self.fails(2, "batch", path, "--requests", "1", "--method", "magic")
        self.fails(2, "batch", path, "--requests", "99999999999")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit("usage: test_cli_batch.py PATH/TO/ics [unittest options]")
    test_cli.ICS = os.path.abspath(sys.argv.pop(1))
    unittest.main(verbosity=2)
