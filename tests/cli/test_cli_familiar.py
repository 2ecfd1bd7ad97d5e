#!/usr/bin/env python3
"""Tests of `ics generate` for the familiar computations and of the dag
algebra commands `ics sum`, `ics compose`, `ics induced` (stdlib only).

usage: test_cli_familiar.py PATH/TO/ics [unittest options]

Every familiar computation is scheduled with the exact search disabled
(--exact-max-nodes 0 --exact-budget 0) at three sizes or more: the result
must be "ic-optimal" by the decomposition, and on the small sizes its
profile must equal the brute-force maximum of E(t) over all down-sets.
"""
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import test_cli  # noqa: E402  (the shared helpers; ICS is set below)
from test_cli import CliTestCase, brute_max_profile, eligible_profile, parse_edges, read_edges  # noqa: E402

# family -> [(params, check against the brute-force oracle)]
FAMILIAR = {
    "matrix-multiplication": [([1], True), ([2], False), ([3], False), ([4], False)],
    "laplace": [([2], True), ([3], True), ([4], True), ([12], False)],
    "divide-conquer": [([3, 1], True), ([2, 2], True), ([3, 2], True), ([4, 3], False)],
    "expansion-reduction": [([1], True), ([2], True), ([3], True), ([6], False)],
    "wavefront": [([2, 3], True), ([3, 3], True), ([3, 4], True), ([15, 9], False)],
    "parallel-prefix": [([2], True), ([3], True), ([5], True), ([40], False)],
    "fmri": [([2], True), ([3], True), ([12], False)],
}


class FamiliarTest(CliTestCase):
    def test_every_familiar_computation_is_ic_optimal_by_decomposition(self):
        for family, sizes in FAMILIAR.items():
            self.assertGreaterEqual(len(sizes), 3)
            self.assertTrue(any(small for _, small in sizes))
            for params, small in sizes:
                with self.subTest(family=family, params=params):
                    path = self.generate(family, *params)
                    res = self.ok_json("schedule", path, "--exact-max-nodes", "0", "--exact-budget", "0")
                    self.assertEqual(res["status"], "ic-optimal", res["reason"])
                    self.assertIn(res["method"], ("decomposition", "decomposition+sweep"))
                    nodes, arcs = read_edges(path)
                    self.assert_valid_order(path, res["order"])
                    self.assertEqual(eligible_profile(nodes, arcs, res["order"]), res["profile"])
                    if small:
                        self.assertEqual(res["profile"], brute_max_profile(nodes, arcs))

    def test_fmri_interleaves_its_summands(self):
        res = self.ok_json("schedule", self.generate("fmri", 3), "--exact-max-nodes", "0", "--exact-budget", "0")
        self.assertEqual(res["method"], "decomposition+sweep")
        self.assertEqual(len(res["linearization"][0]), 2)  # the sum of the two summands
        # the first two steps execute the widest source of each side
        self.assertEqual(sorted(res["order"][:2]), ["L_s3", "R_s3"])

    def test_generate_help_lists_them(self):
        text = self.ok("generate", "--help")
        for family in FAMILIAR:
            self.assertIn(f"  {family} ", text)

    def test_bad_parameters_are_usage_errors(self):
        self.fails(2, "generate", "laplace", "1", contains=("n must be at least 2",))
        self.fails(2, "generate", "divide-conquer", "37", "2", contains=("at most 36",))
        self.fails(2, "generate", "wavefront", "3", contains=("ROWS COLS",))
        self.fails(2, "generate", "matrix-multiplication", "12", contains=("nodes",))
        self.fails(2, "generate", "fmri", "x", contains=("WIDTH",))


class AlgebraTest(CliTestCase):
    def test_compose_w_and_m_is_the_diamond(self):
        w, m = self.generate("w", 1, 2), self.generate("m", 1, 2)
        nodes, arcs = parse_edges(self.ok("compose", w, m, "--merge", "t1=s1,t2=s2"))
        self.assertEqual(sorted(nodes), ["g0:s1", "g0:t1", "g0:t2", "g1:t1"])
        self.assertEqual(arcs, {("g0:s1", "g0:t1"), ("g0:s1", "g0:t2"), ("g0:t1", "g1:t1"), ("g0:t2", "g1:t1")})

    def test_compose_match_merges_same_named_nodes(self):
        # out-mesh sinks and reduction-mesh sources share the names x_y of level 2
        up, down = self.generate("out-mesh", 3), self.generate("reduction-mesh", 3)
        out = self.ok("compose", up, down, "--match", "--prefixes", ",r")
        nodes, arcs = parse_edges(out)
        self.assertEqual(len(nodes), 6 + 6 - 3)
        self.assertEqual(len(arcs), 6 + 6)
        info = self.ok_json("info", self.write("composed.edges", out))
        self.assertEqual((info["sources"], info["sinks"], info["levels"]), (1, 1, 5))

    def test_sum_prefixes_and_schedule(self):
        a = self.generate("fmri", 2)
        nodes, arcs = parse_edges(self.ok("sum", a, a, "--prefixes", "x/,y/"))
        self.assertEqual(len(nodes), 2 * 11)
        self.assertIn("x/mean", nodes)
        self.assertIn("y/L_s1", nodes)
        default, _ = parse_edges(self.ok("sum", a, a))
        self.assertIn("g1:mean", default)

    def test_induced_keeps_names(self):
        g = self.generate("wavefront", 3, 3)
        nodes, arcs = parse_edges(self.ok("induced", g, "0_0", "0_1", "1_1"))
        self.assertEqual(sorted(nodes), ["0_0", "0_1", "1_1"])
        self.assertEqual(arcs, {("0_0", "0_1"), ("0_1", "1_1")})

    def test_errors(self):
        w, m = self.generate("w", 1, 2), self.generate("m", 1, 2)
        self.fails(1, "compose", w, m, "--merge", "s1=s1", contains=("not a sink of G1",))
        self.fails(1, "compose", w, m, "--merge", "t1=t1", contains=("not a source of G2",))
        self.fails(1, "compose", w, m, "--merge", "t1=s1,t1=s2", contains=("merged twice",))
        self.fails(1, "compose", w, m, "--merge", "t1=nope", contains=("unknown node 'nope'",))
        self.fails(2, "compose", w, m, "--merge", "t1", contains=("not SINK=SOURCE",))
        self.fails(2, "compose", w, m, contains=("--merge",))
        self.fails(2, "compose", w, m, "--match", "--merge", "t1=s1")
        self.fails(2, "compose", w, contains=("compose",))
        self.fails(1, "sum", w, w, "--prefixes", ",", contains=("duplicate node",))
        self.fails(2, "sum", w, w, "--prefixes", "a", contains=("1 entries for 2 dags",))
        self.fails(1, "sum", w, os.path.join(self.tmp, "missing.edges"))
        self.fails(1, "induced", w, "nope", contains=("unknown node",))
        self.fails(2, "induced", contains=("induced",))


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit("usage: test_cli_familiar.py PATH/TO/ics [unittest options]")
    test_cli.ICS = os.path.abspath(sys.argv.pop(1))
    unittest.main(verbosity=2)
