#!/usr/bin/env python3
"""Tests of the `ics` command-line tool (stdlib only).

usage: test_cli.py PATH/TO/ics [unittest options]

Checks the CLI contract: `info --json` figures of generated dags, `profile
--json` of a hand-computed diamond, orders from every policy and from order
files, convert round trips, generate families, help texts, and that every
error exits 1 (failure) or 2 (usage) with exactly one line "ics: ..." on
stderr and nothing on stdout.
"""
import json
import os
import random
import subprocess
import sys
import tempfile
import unittest

ICS = None  # set in __main__
HERE = os.path.dirname(os.path.abspath(__file__))
DIAMOND = os.path.join(HERE, "data", "diamond.edges")
# The figures of `ics info --json` that describe the shape of a dag.
SHAPE_KEYS = ("nodes", "arcs", "sources", "sinks", "levels", "max_level_width")


def run(*args, stdin=None, timeout=120):
    """Runs ics with args; returns (returncode, stdout, stderr) as text."""
    argv = [ICS, *(a if isinstance(a, bytes) else str(a) for a in args)]
    proc = subprocess.run(argv, input=stdin, capture_output=True, timeout=timeout)
    if proc.returncode < 0:
        raise AssertionError(f"ics {args} died of signal {-proc.returncode}")
    return (proc.returncode, proc.stdout.decode("utf-8", "replace"),
            proc.stderr.decode("utf-8", "replace"))


def parse_edges(text):
    """(nodes in order of appearance, set of arcs) of an edge list."""
    nodes, seen, arcs = [], set(), set()
    for line in text.splitlines():
        line = line.split("#", 1)[0].split()
        for name in line:
            if name not in seen:
                seen.add(name)
                nodes.append(name)
        if len(line) == 2:
            arcs.add((line[0], line[1]))
    return nodes, arcs


class CliTestCase(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls._tmp = tempfile.TemporaryDirectory(prefix="ics-cli-test-")
        cls.tmp = cls._tmp.name

    @classmethod
    def tearDownClass(cls):
        cls._tmp.cleanup()

    def write(self, name, content):
        path = os.path.join(self.tmp, name)
        mode = "wb" if isinstance(content, bytes) else "w"
        with open(path, mode) as f:
            f.write(content)
        return path

    def ok(self, *args, stdin=None):
        """Runs ics, expects success and a silent stderr; returns stdout."""
        code, out, err = run(*args, stdin=stdin)
        self.assertEqual(code, 0, f"ics {args} failed: {err}")
        self.assertEqual(err, "", f"ics {args} wrote to stderr")
        return out

    def ok_json(self, *args, stdin=None):
        out = self.ok(*args, "--json", stdin=stdin)
        self.assertEqual(out.count("\n"), 1, "one JSON object on one line")
        return json.loads(out)

    def report(self, *args):
        """The "label: value" lines of a text report, as a dict."""
        return {k: v.strip() for k, v in (line.split(":", 1) for line in self.ok(*args).splitlines())}

    def shape(self, path, *extra):
        """The SHAPE_KEYS figures of `ics info --json`."""
        info = self.ok_json("info", path, *extra)
        return {k: info[k] for k in SHAPE_KEYS}

    def fails(self, code, *args, contains=(), stdin=None):
        """Runs ics, expects exit `code`, no stdout and one stderr line "ics: ..."; returns it."""
        got, out, err = run(*args, stdin=stdin)
        self.assertEqual(got, code, f"ics {args}: exit {got}, stderr {err!r}")
        self.assertEqual(out, "", f"ics {args} wrote to stdout on error")
        self.assertTrue(err.startswith("ics: ") and err.endswith("\n") and err.count("\n") == 1,
                        f"ics {args}: not one 'ics: ' line on stderr: {err!r}")
        for text in contains:
            self.assertIn(text, err)
        return err

    def generate(self, family, *params, to=None):
        """Generates a dag into an edge-list file; returns its path."""
        name = "-".join([family, *map(str, params)]).replace("/", "_").replace(",", "_") or "x"
        path = os.path.join(self.tmp, f"{name}.{to or 'edges'}")
        extra = ["--to", to] if to else []
        self.assertEqual(self.ok("generate", family, *params, *extra, "-o", path), "")
        return path

    def assert_valid_order(self, edges_path, order):
        """`order` executes each node of the edge list once, parents first."""
        with open(edges_path) as f:
            nodes, arcs = parse_edges(f.read())
        self.assertEqual(sorted(order), sorted(nodes), "the order is a permutation of the nodes")
        position = {name: k for k, name in enumerate(order)}
        for u, v in arcs:
            self.assertLess(position[u], position[v], f"arc {u} -> {v} respected")


class InfoTest(CliTestCase):
    def test_fft_3(self):
        self.assertEqual(self.shape(self.generate("fft", 3)),
                         dict(nodes=32, arcs=48, sources=8, sinks=8, levels=4, max_level_width=8))

    def test_reduction_mesh_5(self):
        self.assertEqual(self.shape(self.generate("reduction-mesh", 5)),
                         dict(nodes=15, arcs=20, sources=5, sinks=1, levels=5, max_level_width=5))

    def test_building_blocks(self):
        # W_{s,d}: s sources, s(d-1)+1 sinks, sd arcs; M is W reversed.
        self.assertEqual(self.shape(self.generate("w", 3, 3)),
                         dict(nodes=10, arcs=9, sources=3, sinks=7, levels=2, max_level_width=7))
        self.assertEqual(self.shape(self.generate("m", 3, 3)),
                         dict(nodes=10, arcs=9, sources=7, sinks=3, levels=2, max_level_width=7))
        # N_s: s sources, s sinks, 2s-1 arcs; C_s adds one arc.
        self.assertEqual(self.shape(self.generate("n", 4)),
                         dict(nodes=8, arcs=7, sources=4, sinks=4, levels=2, max_level_width=4))
        self.assertEqual(self.shape(self.generate("cycle", 4)),
                         dict(nodes=8, arcs=8, sources=4, sinks=4, levels=2, max_level_width=4))

    def test_trees(self):
        tree = self.shape(self.generate("reduction-tree", 3))
        self.assertEqual(tree["arcs"], tree["nodes"] - 1)
        self.assertEqual(tree["sinks"], 1)
        self.assertEqual(tree["sources"], (tree["nodes"] + 1) // 2)
        strings = self.ok_json("info", "-", stdin=self.ok("generate", "reduction-tree-strings",
                                                          "-", "0", "1", "00", "01").encode())
        self.assertEqual({k: strings[k] for k in SHAPE_KEYS},
                         dict(nodes=5, arcs=4, sources=3, sinks=1, levels=3, max_level_width=3))
        empty_root = self.ok("generate", "reduction-tree-strings", "", "0", "1", "00", "01")
        self.assertEqual(empty_root, self.ok("generate", "reduction-tree-strings", "-", "0", "1", "00", "01"))
        expansion = self.shape(self.generate("expansion-reduction", 2))
        self.assertEqual((expansion["sources"], expansion["sinks"]), (1, 1))
        out_mesh = self.shape(self.generate("out-mesh", 4))
        self.assertEqual((out_mesh["nodes"], out_mesh["sources"], out_mesh["levels"]), (10, 1, 4))

    def test_other_families(self):
        pbt = self.shape(self.generate("pbt", "3,1/2,2"))
        self.assertEqual(pbt["levels"], 2)
        self.assertEqual(pbt["arcs"], pbt["nodes"] - 1)  # a tree
        er = self.shape(self.generate("random-er", 50, 0.1, 7))
        self.assertEqual(er["nodes"], 50)
        layered = self.shape(self.generate("random-layered", 5, 4, 0.5, 3))
        self.assertLessEqual(layered["levels"], 5)
        self.assertEqual(self.ok("generate", "random-er", 50, 0.1, 7),
                         self.ok("generate", "random-er", 50, 0.1, 7), "seeded: reproducible")

    def test_keys_and_duplicates(self):
        path = self.write("dup.edges", "a b\na b\nb c\n# comment\nlonely\n")
        info = self.ok_json("info", path)
        for key in ("file", "format", "duplicate_arcs") + SHAPE_KEYS:
            self.assertIn(key, info)
        self.assertEqual(info["file"], path)
        self.assertEqual(info["format"], "edges")
        self.assertEqual((info["nodes"], info["arcs"], info["duplicate_arcs"]), (4, 2, 1))
        self.assertEqual((info["sources"], info["sinks"]), (2, 2))

    def test_text(self):
        lines = self.report("info", DIAMOND)
        self.assertEqual((lines["nodes"], lines["arcs"], lines["max level width"]), ("4", "4", "2"))
        self.assertEqual((lines["format"], lines["file"]), ("edges", DIAMOND))

    def test_stdin_and_format(self):
        with open(DIAMOND) as f:
            text = f.read()
        info = self.ok_json("info", "-", "--format", "edges", stdin=text.encode())
        self.assertEqual((info["nodes"], info["arcs"]), (4, 4))
        info = json.loads(self.ok("info", "--json", "--format=edges", "--", DIAMOND))  # --opt=value, --
        self.assertEqual(info["nodes"], 4)
        self.fails(2, "info", "--", DIAMOND, "--json")  # after --, --json is a second FILE


class ProfileTest(CliTestCase):
    def test_diamond_fifo(self):
        # a -> b, a -> c, b -> d, c -> d under fifo: E(0)=1 {a}; after a: {b,c}=2;
        # after b: {c}=1; after c: {d}=1; after d: 0. Memory: after b, a (child c
        # unexecuted) and b (child d) are held = 2. AREA = 1+2+1+1+0 = 5.
        p = self.ok_json("profile", DIAMOND)
        self.assertEqual(p["policy"], "fifo")
        self.assertEqual(p["profile"], [1, 2, 1, 1, 0])
        self.assertEqual(p["memory"], 2)
        self.assertEqual(p["area"], 5)
        self.assertEqual(p["order"][0], "a")
        self.assertEqual(p["order"][3], "d")
        self.assert_valid_order(DIAMOND, p["order"])
        self.assertEqual(self.ok_json("profile", DIAMOND, "--policy", "fifo"), p)

    def test_diamond_text(self):
        lines = self.report("profile", DIAMOND)
        self.assertEqual((lines["policy"], lines["steps"], lines["AREA"], lines["memory"]), ("fifo", "4", "5", "2"))
        self.assertEqual(lines["min E (90%)"], "1")
        self.assertEqual(lines["profile"].split(), ["1", "2", "1", "1", "0"])

    def test_every_policy_gives_a_valid_order(self):
        dags = [self.generate("fft", 3), self.generate("reduction-mesh", 6), self.generate("w", 4, 3),
                self.generate("random-er", 60, 0.15, 11), self.generate("random-layered", 6, 5, 0.4, 2),
                self.generate("pbt", "3,1/2,2"), self.generate("expansion-reduction", 3), DIAMOND]
        runs = [["--policy", p] for p in ("fifo", "lifo", "level", "random")]
        runs += [["--policy", "random", "--seed", s] for s in ("1", "2", "18446744073709551615")]
        for path in dags:
            sources = self.ok_json("info", path)["sources"]
            for extra in runs:
                with self.subTest(dag=os.path.basename(path), args=extra):
                    p = self.ok_json("profile", path, *extra)
                    self.assertEqual(p["policy"], extra[1])
                    self.assert_valid_order(path, p["order"])
                    self.assertEqual(len(p["profile"]), len(p["order"]) + 1)
                    self.assertEqual(p["profile"][0], sources)
                    self.assertEqual(p["profile"][-1], 0)
                    self.assertEqual(p["area"], sum(p["profile"]))
                    self.assertGreaterEqual(p["memory"], 0)

    def test_random_is_seeded(self):
        path = self.generate("random-er", 80, 0.1, 5)
        a = self.ok_json("profile", path, "--policy", "random", "--seed", "9")
        b = self.ok_json("profile", path, "--policy", "random", "--seed", "9")
        self.assertEqual(a, b)

    def test_order_file(self):
        path = self.write("order.txt", "# a valid order\n\n  a  \r\nc\n\nb\nd")
        p = self.ok_json("profile", DIAMOND, "--order", path)
        self.assertEqual(p["order"], ["a", "c", "b", "d"])
        self.assertEqual(p["profile"], [1, 2, 1, 1, 0])
        self.assertEqual(p["area"], 5)
        self.assertEqual(p["policy"], "file")
        self.assertEqual(p["order_file"], path)
        # The order of a policy, written back as an order file, gives the same profile.
        fft = self.generate("fft", 4)
        lifo = self.ok_json("profile", fft, "--policy", "lifo")
        back = self.write("lifo.txt", "\n".join(lifo["order"]) + "\n")
        replay = self.ok_json("profile", fft, "--order", back)
        self.assertEqual((replay["profile"], replay["memory"]), (lifo["profile"], lifo["memory"]))

    def test_invalid_order_files(self):
        bad = self.write("bad.txt", "b\na\nc\nd\n")  # b before its parent a
        self.fails(1, "profile", DIAMOND, "--order", bad, contains=["bad.txt"])
        self.fails(1, "profile", DIAMOND, "--order", self.write("short.txt", "a\nb\nc\n"))
        self.fails(1, "profile", DIAMOND, "--order", self.write("twice.txt", "a\nb\nb\nc\nd\n"))
        self.fails(1, "profile", DIAMOND, "--order", self.write("empty.txt", "# nothing\n"))
        unknown = self.write("unknown.txt", "a\nb\n\nzebra\nd\n")
        self.fails(1, "profile", DIAMOND, "--order", unknown, contains=["unknown.txt:4", "zebra"])
        self.fails(1, "profile", DIAMOND, "--order", os.path.join(self.tmp, "missing.txt"),
                   contains=["missing.txt"])
        self.fails(2, "profile", DIAMOND, "--order", unknown, "--policy", "lifo")

    def test_json_escaping_of_names(self):
        # Edge-list names are whitespace-free UTF-8 tokens; quotes and backslashes need escaping.
        names = ['q"uote', "back\\slash", "caf\u00e9", "\u65e5\u672c", "x{[,]}:"]
        text = "".join(f"{names[k]} {names[k + 1]}\n" for k in range(len(names) - 1))
        path = self.write("names.edges", text.encode("utf-8"))
        p = self.ok_json("profile", path)
        self.assertEqual(p["order"], names)

    def test_json_escaping_of_file_names(self):
        # A file name may hold any byte but NUL and '/': control bytes and invalid UTF-8
        # (written as U+FFFD) must still give valid JSON.
        name = os.fsencode(self.tmp) + b'/caf\xe9 "q" \\ \x01\x1f\n.edges'
        with open(name, "wb") as f:
            f.write(b"a b\n")
        want = name.decode("utf-8", "replace")
        self.assertEqual(self.ok_json("info", name)["file"], want)
        self.assertEqual(self.ok_json("profile", name)["file"], want)

    def test_big_dag(self):
        path = self.generate("reduction-mesh", 300)  # 45150 nodes
        p = self.ok_json("profile", path, "--policy", "level")
        self.assertEqual(len(p["order"]), 45150)
        self.assertEqual(p["area"], sum(p["profile"]))
        self.assertEqual(p["profile"][0], 300)


class ConvertTest(CliTestCase):
    def test_round_trip(self):
        for family, params in (("fft", [3]), ("reduction-mesh", [6]), ("pbt", ["3,1/2,2"]),
                               ("random-layered", [5, 6, 0.3, 4]), ("w", [3, 2])):
            with self.subTest(family=family):
                edges = self.generate(family, *params)
                want = self.shape(edges)
                with open(edges) as f:
                    want_nodes, want_arcs = parse_edges(f.read())
                dot = os.path.join(self.tmp, f"{family}.dot")
                self.assertEqual(self.ok("convert", edges, "--to", "dot", "-o", dot), "")
                self.assertEqual(self.shape(dot), want)
                self.assertEqual(self.ok_json("info", dot)["format"], "dot")
                wf = self.write(f"{family}.json", self.ok("convert", dot, "--to", "json"))
                self.assertEqual(self.shape(wf), want)
                back = self.write(f"{family}.back.edges", self.ok("convert", wf, "--to", "edges"))
                self.assertEqual(self.shape(back), want)
                with open(back) as f:
                    nodes, arcs = parse_edges(f.read())
                self.assertEqual((sorted(nodes), arcs), (sorted(want_nodes), want_arcs))

    def test_generate_formats(self):
        want = self.shape(self.generate("fft", 2))
        for to in ("dot", "json"):
            with self.subTest(to=to):
                self.assertEqual(self.shape(self.generate("fft", 2, to=to)), want)
        out = self.ok("generate", "n", 3, "--to", "dot")
        self.assertIn("digraph", out)

    def test_convert_errors(self):
        self.fails(2, "convert", DIAMOND)  # no --to
        self.fails(2, "convert", DIAMOND, "--to", "xml")
        self.fails(2, "convert", DIAMOND, "--to")
        self.fails(1, "convert", DIAMOND, "--to", "dot", "-o", os.path.join(self.tmp, "no", "such", "dir.dot"))


class ErrorTest(CliTestCase):
    def test_files(self):
        missing = os.path.join(self.tmp, "does-not-exist.edges")
        self.fails(1, "info", missing, contains=["does-not-exist.edges"])
        self.fails(1, "profile", missing, contains=["does-not-exist.edges"])
        self.fails(1, "info", self.tmp)  # a directory
        self.fails(1, "info", self.write("bad.json", "{ not json"), "--format", "json", contains=["bad.json"])
        self.fails(1, "info", self.write("bad.dot", "digraph { a -> ; }"), "--format", "dot")
        self.fails(1, "info", self.write("loop.edges", "a a\n"))
        self.fails(1, "info", self.write("empty.edges", ""))
        self.fails(1, "info", "-", stdin=b"a b\nb c\nc a\n", contains=["standard input", "'c'"])

    def test_cycle_names_its_nodes(self):
        path = self.write("cycle.edges", "start alpha\nalpha beta\nbeta gamma\ngamma alpha\n")
        for cmd in (["info", path], ["profile", path], ["convert", path, "--to", "dot"]):
            err = self.fails(1, *cmd)
            for name in ("alpha", "beta", "gamma"):
                self.assertIn(name, err)

    def test_usage(self):
        self.fails(2)
        self.fails(2, "frobnicate", contains=["frobnicate"])
        self.fails(2, "--bogus")
        self.fails(2, "info")
        self.fails(2, "info", DIAMOND, "extra")
        self.fails(2, "info", DIAMOND, "--bogus", contains=["--bogus"])
        self.fails(2, "info", DIAMOND, "--json=yes")
        self.fails(2, "info", DIAMOND, "--format")
        self.fails(2, "info", DIAMOND, "--format", "klingon", contains=["klingon"])
        self.fails(2, "profile", DIAMOND, "--policy", "best")
        self.fails(2, "help", "frobnicate")
        self.fails(2, "version", "extra")

    def test_bad_numbers(self):
        for bad in ("abc", "-1", "+3", "1.5", " 3", "3 ", "", "0x10", "4294967296",
                    "99999999999999999999999999"):
            with self.subTest(number=bad):
                self.fails(2, "generate", "fft", bad)
        for bad in ("-1", "abc", "18446744073709551616"):
            with self.subTest(seed=bad):
                self.fails(2, "profile", DIAMOND, "--policy", "random", "--seed", bad)
        for bad in ("2", "-0.5", "nan", "inf", "0x1p-1", "1e", ""):
            with self.subTest(p=bad):
                self.fails(2, "generate", "random-er", 10, bad, 1)
        self.fails(2, "generate", "w", 3)  # too few parameters
        self.fails(2, "generate", "w", 3, 2, 1)  # too many
        self.fails(2, "generate", "pbt", "3,x/2")
        self.fails(2, "generate", "klein-bottle", 3, contains=["klein-bottle"])
        self.fails(2, "generate")
        self.fails(2, "generate", "reduction-tree-strings")
        self.fails(2, "generate", "fft", 3, "--to", "dax")

    @unittest.skipUnless(os.path.exists("/dev/full"), "needs /dev/full")
    def test_write_errors(self):
        for cmd in (["help"], ["generate", "fft", 3], ["info", DIAMOND, "--json"]):
            with self.subTest(cmd=cmd), open("/dev/full", "w") as full:
                proc = subprocess.run([ICS, *map(str, cmd)], stdout=full, stderr=subprocess.PIPE)
                self.assertEqual(proc.returncode, 1)
                self.assertEqual(proc.stderr.decode().count("\n"), 1)
                self.assertTrue(proc.stderr.startswith(b"ics: cannot write"))

    def test_garbage_never_crashes(self):
        rng = random.Random(1234)
        alphabet = b"ab ->{}[]\"':;,#\n\t\\0123456789<>/=digraph node job PARENT CHILD"
        for k in range(40):
            data = bytes(rng.choice(alphabet) for _ in range(rng.randrange(0, 200)))
            path = self.write(f"garbage{k}", data)
            for fmt in ("auto", "edges", "dot", "dagman", "json", "dax", "stg", "adjacency-json"):
                code, out, err = run("info", path, "--format", fmt, "--json")
                self.assertIn(code, (0, 1), f"format {fmt}, data {data!r}: {err}")
                if code == 0:
                    json.loads(out)
                else:
                    self.assertEqual(err.count("\n"), 1, f"format {fmt}, data {data!r}: {err!r}")


class HelpTest(CliTestCase):
    COMMANDS = ("info", "profile", "convert", "generate", "version", "help")

    def test_overview(self):
        text = self.ok("help")
        self.assertTrue(text.startswith("usage: ics"))
        for cmd in self.COMMANDS:
            self.assertIn(f"\n  {cmd} ", text)
        self.assertEqual(self.ok("--help"), text)
        self.assertEqual(self.ok("-h"), text)

    def test_commands(self):
        for cmd in self.COMMANDS:
            with self.subTest(cmd=cmd):
                text = self.ok(cmd, "--help")
                self.assertTrue(text.startswith(f"usage: ics {cmd}"), text)
                self.assertEqual(self.ok("help", cmd), text)

    def test_version(self):
        out = self.ok("version")
        self.assertRegex(out, r"^ics \d+\.\d+\.\d+ \(library \d+\.\d+\.\d+\)\n$")
        self.assertEqual(self.ok("--version"), out)

    def test_every_family_in_help_works(self):
        text = self.ok("generate", "--help")
        samples = {"w": [2, 2], "m": [2, 2], "n": [2], "cycle": [3], "pbt": ["2"], "reduction-mesh": [3],
                   "out-mesh": [3], "reduction-tree": [2], "reduction-tree-strings": ["-", "0", "1"],
                   "fft": [2], "expansion-reduction": [2], "random-layered": [3, 3, 0.5, 1],
                   "random-er": [10, 0.3, 1]}
        for family, params in samples.items():
            with self.subTest(family=family):
                self.assertIn(f"  {family} ", text)
                self.assertNotEqual(self.ok("generate", family, *params), "")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit("usage: test_cli.py PATH/TO/ics [unittest options]")
    ICS = os.path.abspath(sys.argv.pop(1))
    unittest.main(verbosity=2)
