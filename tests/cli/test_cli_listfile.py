#!/usr/bin/env python3
"""@FILE for every list argument of `ics` (issue 18; stdlib only).

usage: test_cli_listfile.py PATH/TO/ics [unittest options]

Each list argument given as @FILE (one entry per line, blank and '#' lines
skipped, spaces around a line dropped; a line may hold a comma list) must
give exactly the output of the same list written on the command line; lists
longer than a command line allows work; an unreadable or empty list file is
one clear error line.
"""
import os
import random
import sys
import unittest

import test_cli
from test_cli import CliTestCase


class ListFileTest(CliTestCase):
    def lines(self, name, entries, noise=True):
        """A list file: the entries one per line, with comments and blank lines around."""
        text = "# a list file\n\n" if noise else ""
        text += "".join(f"  {e}  \n" if noise else f"{e}\n" for e in entries)
        return "@" + self.write(name, text + ("\n# end\n" if noise else ""))

    def test_cluster_lists(self):
        path = self.generate("reduction-mesh", 6)
        done = ["0_5", "1_4", "0_4"]
        inline = self.ok("cluster", path, "--size", "2", "--executed", ",".join(done))
        self.assertEqual(self.ok("cluster", path, "--size", "2", "--executed", self.lines("done.txt", done)), inline)
        inline = self.ok("cluster", path, "--sizes", "1,2,3")
        self.assertEqual(self.ok("cluster", path, "--sizes", self.lines("sizes.txt", ["1", "2", "3"])), inline)
        # A line may itself be a comma list.
        self.assertEqual(self.ok("cluster", path, "--sizes", self.lines("sizes2.txt", ["1,2", "3"])), inline)

    def test_cluster_check(self):
        path = self.write("w.edges", "a x\na y\nb y\nb z\nc z\n")
        inline = self.ok("cluster", path, "--check", "a,b")
        self.assertEqual(self.ok("cluster", path, "--check", self.lines("c.txt", ["a", "b"])), inline)

    def test_sweep_profiles_one_per_line(self):
        rng = random.Random(18)
        profiles = []
        for _ in range(6):
            e, prof = 0, [0]
            for _ in range(rng.randint(1, 8)):
                e += rng.randint(0, 2)
                prof.append(e)
            profiles.append(",".join(map(str, prof)))
        inline = self.ok("sweep", "--profiles", *profiles, "--json")
        self.assertEqual(self.ok("sweep", "--profiles", self.lines("p.txt", profiles), "--json"), inline)
        # Files and inline profiles mix, in order.
        mixed = self.ok("sweep", "--profiles", profiles[0], self.lines("q.txt", profiles[1:]), "--json")
        self.assertEqual(mixed, inline)

    def test_sweep_profile_longer_than_an_argument(self):
        # 40,000 steps (about 230 KB): one argument may not exceed 128 KB on Linux.
        steps = 40_000
        big = ",".join(str(t) for t in range(steps + 1))
        path = self.write("big.txt", big + "\n0,1,1\n")
        got = self.ok_json("sweep", "--profiles", "@" + path)
        self.assertEqual(got["summands"], 2)

    def test_sweep_dag_files(self):
        a = self.generate("w", 2, 2)
        b = self.generate("n", 3)
        inline = self.ok("sweep", a, b, "--json")
        self.assertEqual(self.ok("sweep", self.lines("files.txt", [a, b]), "--json"), inline)

    def test_sum_and_compose(self):
        a = self.generate("w", 2, 2)
        b = self.generate("m", 2, 2)
        inline = self.ok("sum", a, b, "--prefixes", "x:,y:")
        self.assertEqual(self.ok("sum", self.lines("f.txt", [a, b]), "--prefixes", self.lines("pre.txt", ["x:", "y:"])),
                         inline)
        p = self.write("p.edges", "a b\n")
        q = self.write("q.edges", "c d\n")
        inline = self.ok("compose", p, q, "--merge", "b=c")
        self.assertEqual(self.ok("compose", p, q, "--merge", self.lines("m.txt", ["b=c"])), inline)

    def test_induced(self):
        path = self.write("d.edges", "a b\nb c\nc d\na d\n")
        inline = self.ok("induced", path, "a", "b", "d")
        self.assertEqual(self.ok("induced", path, self.lines("n.txt", ["a", "b"]), "d"), inline)

    def test_batch_requests_and_simulate_policies(self):
        path = self.generate("reduction-mesh", 5)
        inline = self.ok("batch", path, "--requests", "2,3", "--json")
        self.assertEqual(self.ok("batch", path, "--requests", self.lines("r.txt", ["2", "3"]), "--json"), inline)
        args = ["--workers", "2", "--seed", "3", "--json"]
        inline = self.ok("simulate", path, "--policy", "fifo,icsched", *args)
        self.assertEqual(self.ok("simulate", path, "--policy", self.lines("pol.txt", ["fifo", "icsched"]), *args),
                         inline)

    def test_errors(self):
        path = self.generate("w", 2, 2)
        missing = os.path.join(self.tmp, "missing.txt")
        self.fails(1, "cluster", path, "--size", "1", "--executed", "@" + missing, contains=("missing.txt",))
        self.fails(1, "sweep", "--profiles", "@" + missing, contains=("missing.txt",))
        empty = self.write("empty.txt", "# nothing\n\n")
        self.fails(1, "sweep", "--profiles", "@" + empty, contains=("empty",))
        # An empty option list is an empty list: nothing executed.
        self.assertEqual(self.ok("cluster", path, "--size", "1", "--executed", "@" + empty),
                         self.ok("cluster", path, "--size", "1", "--executed", ""))
        self.fails(1, "cluster", path, "--size", "1", "--executed", self.lines("bad.txt", ["nosuch"]),
                   contains=("nosuch",))


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit("usage: test_cli_listfile.py PATH/TO/ics [unittest options]")
    test_cli.ICS = os.path.abspath(sys.argv.pop(1))
    unittest.main(verbosity=2)
