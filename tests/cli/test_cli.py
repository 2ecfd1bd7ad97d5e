#!/usr/bin/env python3
"""Tests of the `ics` command-line tool (stdlib only).

usage: test_cli.py PATH/TO/ics [unittest options]

Checks the CLI contract: `info --json` figures of generated dags, `profile
--json` of a hand-computed diamond, orders from every policy and from order
files, convert round trips, generate families, help texts, and that every
error exits 1 (failure) or 2 (usage) with exactly one line "ics: ..." on
stderr and nothing on stdout.
"""
import itertools
import json
import math
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


def read_edges(path):
    with open(path) as f:
        return parse_edges(f.read())


def parents_of(nodes, arcs):
    parents = {v: set() for v in nodes}
    for u, v in arcs:
        parents[v].add(u)
    return parents


def eligible_profile(nodes, arcs, order):
    """E(0..n) of `order`: unexecuted nodes whose parents have all been executed."""
    parents = parents_of(nodes, arcs)
    missing = {v: len(parents[v]) for v in nodes}
    children = {v: [] for v in nodes}
    for u, v in arcs:
        children[u].append(v)
    eligible = sum(1 for v in nodes if missing[v] == 0)
    profile = [eligible]
    for v in order:
        eligible -= 1
        for c in children[v]:
            missing[c] -= 1
            eligible += missing[c] == 0
        profile.append(eligible)
    return profile


def eligible_in(nodes, arcs):
    """A function from a node set (bit k = nodes[k]) to its ELIGIBLE nodes' indices."""
    n = len(nodes)
    index = {v: k for k, v in enumerate(nodes)}
    parent_mask = [0] * n
    for u, v in arcs:
        parent_mask[index[v]] |= 1 << index[u]
    return lambda s: [k for k in range(n) if not s >> k & 1 and parent_mask[k] & ~s == 0]


def brute_max_profile(nodes, arcs):
    """M(0..n): the most eligible nodes over all down-sets (node sets closed
    under parents) of each size t. The down-sets of size t + 1 are those of
    size t plus one of their eligible nodes: all of them are enumerated."""
    n, eligible = len(nodes), eligible_in(nodes, arcs)
    best, layer = [], {0}
    for _ in range(n + 1):
        best.append(max(len(eligible(s)) for s in layer))
        layer = {s | 1 << k for s in layer for k in eligible(s)}
    return best


def brute_max_area(nodes, arcs):
    """The largest AREA = sum of E(t) over all schedules: best[S] = elig(S) +
    max over the down-sets S - v of best[S - v], layer by layer."""
    n, eligible = len(nodes), eligible_in(nodes, arcs)
    layer = {0: len(eligible(0))}
    for _ in range(n):
        nxt = {}
        for s, val in layer.items():
            for k in eligible(s):
                t = s | 1 << k
                nxt[t] = max(nxt.get(t, 0), val + len(eligible(t)))
        layer = nxt
    return max(layer.values())


def shortcut_arcs(nodes, arcs):
    """The arcs u -> v of the dag that another, longer path from u to v duplicates."""
    children = {v: set() for v in nodes}
    for u, v in arcs:
        children[u].add(v)

    def longer_path(u, v):
        todo, seen = [w for w in children[u] if w != v], set()
        while todo:
            w = todo.pop()
            if w == v:
                return True
            if w not in seen:
                seen.add(w)
                todo.extend(children[w])
        return False

    return {(u, v) for u, v in arcs if longer_path(u, v)}


def nonsource_profile(nodes, arcs, order):
    """The profile of the ▷ relation: nonsources ELIGIBLE (unexecuted, all parents
    executed) after each of the first i nonsinks of `order`."""
    parents = parents_of(nodes, arcs)
    has_child = {u for u, _ in arcs}
    done, profile = set(), [0]
    for v in [v for v in order if v in has_child]:
        done.add(v)
        profile.append(sum(1 for w in nodes if parents[w] and w not in done and parents[w] <= done))
    return profile


def has_priority(e1, e2):
    """G1 ▷ G2 by system (1) of the IC-Sweep paper: for all x, y,
    E1(x) + E2(y) <= E1(min(s1, x+y)) + E2(max(0, x+y-s1))."""
    s1 = len(e1) - 1
    return all(e1[x] + e2[y] <= e1[min(s1, x + y)] + e2[max(0, x + y - s1)]
               for x in range(len(e1)) for y in range(len(e2)))


def first_violation(e1, e2):
    """The lexicographically first (x, y) violating system (1) for G1 ▷ G2, or None."""
    s1 = len(e1) - 1
    for x in range(len(e1)):
        for y in range(len(e2)):
            if e1[x] + e2[y] > e1[min(s1, x + y)] + e2[max(0, x + y - s1)]:
                return {"x": x, "y": y}
    return None


def sweep_maxima(profiles, first_failure=False):
    """Per step t, the most E1(i1) + ... + Ep(ip) over i1 + ... + ip = t, and
    whether a monotone path (one summand step at a time) reaches every maximum
    (with first_failure: the first step no such path reaches, or None)."""
    cells = list(itertools.product(*(range(len(e)) for e in profiles)))
    value = {c: sum(e[i] for e, i in zip(profiles, c)) for c in cells}
    maxima = [0] * (sum(len(e) - 1 for e in profiles) + 1)
    for c in cells:
        maxima[sum(c)] = max(maxima[sum(c)], value[c])
    reach = {tuple(0 for _ in profiles)}
    failed = None
    for t in range(1, len(maxima)):
        reach = {c[:k] + (c[k] + 1,) + c[k + 1:] for c in reach for k in range(len(c))
                 if c[k] + 1 < len(profiles[k])}
        reach = {c for c in reach if value[c] == maxima[t]}
        if not reach and failed is None:
            failed = t
    if first_failure:
        return maxima, bool(reach), failed
    return maxima, bool(reach)


def path_profile(profiles, path):
    """The sum's profile along `path` (the summand of each step)."""
    steps = [0] * len(profiles)
    out = [sum(e[0] for e in profiles)]
    for k in path:
        steps[k] += 1
        out.append(sum(e[i] for e, i in zip(profiles, steps)))
    return out


def interleaved(path):
    """The path switches back to a summand it had left."""
    seen, last = set(), None
    for k in path:
        if k != last and k in seen:
            return True
        seen.add(k)
        last = k
    return False


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

    def test_missing_include_is_a_warning(self):
        # A DAGMan INCLUDE whose file is absent: the read succeeds without its
        # nodes, and stderr says so (nothing is dropped silently).
        dag = self.write("main.dag", "JOB A a.sub\nJOB B b.sub\nINCLUDE missing.inc\nPARENT A CHILD B\n")
        code, out, err = run("info", dag, "--json")
        self.assertEqual(code, 0, err)
        self.assertEqual(json.loads(out)["nodes"], 2)
        self.assertIn("ics: warning:", err)
        self.assertIn("missing.inc", err)
        code, out, err = run("info", DIAMOND, "--json")
        self.assertEqual((code, err), (0, ""))

    def test_text_that_is_no_workflow_is_refused(self):
        # A password file has no extension the tool knows: the content decides,
        # and nothing fits; one line names every format tried.
        passwd = self.write("passwd", "root:x:0:0:root:/root:/bin/bash\n"
                                      "gnats:x:41:41:Gnats Bug-Reporting System (admin):/var/lib/gnats:/bin/false\n")
        self.fails(1, "info", passwd, contains=("not a workflow file", "edge list", "DOT", "DAGMan", "WfFormat",
                                                "DAX", "STG", "line 2 has 4 fields"))
        # Named as an edge list it is read as one, and fails where the edge list does.
        self.fails(1, "info", passwd, "--format", "edges", contains=(passwd + ":2:",))

    def test_stdin_and_format(self):
        with open(DIAMOND) as f:
            text = f.read()
        info = self.ok_json("info", "-", "--format", "edges", stdin=text.encode())
        self.assertEqual((info["nodes"], info["arcs"]), (4, 4))
        info = json.loads(self.ok("info", "--json", "--format=edges", "--", DIAMOND))  # --opt=value, --
        self.assertEqual(info["nodes"], 4)
        self.fails(2, "info", "--", DIAMOND, "--json")  # after --, --json is a second FILE


class ReadLimitsTest(CliTestCase):
    """Issue 17: the read flags of every command and the include policy, on
    hostile files generated here (README, "Security and limits")."""

    def test_include_bomb_and_duplicate_arcs_hit_their_limits(self):
        os.makedirs(os.path.join(self.tmp, "bomb"), exist_ok=True)
        for i in range(30):
            nxt = f"INCLUDE f{i + 1}.dag\n" * 2 if i + 1 < 30 else "# end\n"
            self.write(f"bomb/f{i}.dag", ("JOB A a\n" if i == 0 else "") + nxt)
        top = os.path.join(self.tmp, "bomb", "f0.dag")
        self.fails(1, "info", top, contains=("max_includes = 10000", "--max-includes"))
        self.fails(1, "info", top, "--max-includes", "5", contains=("max_includes = 5", "f5.dag"))
        names = " ".join(f"n{i}" for i in range(2000))
        kids = " ".join(f"m{i}" for i in range(2000))
        dup = self.write("dup.dag", "".join(f"JOB n{i} x\nJOB m{i} x\n" for i in range(2000)) +
                         f"PARENT {names} CHILD {kids}\n" * 100)
        self.fails(1, "info", dup, contains=("max_arcs = 10000000", "dup.dag:4003:"))
        # Raised, the same file reads with its duplicates merged.
        small = self.write("dup-small.dag", "JOB a x\nJOB b x\n" + "PARENT a CHILD b\n" * 5)
        self.fails(1, "info", small, "--max-arcs=4", contains=("max_arcs = 4",))
        info = self.ok_json("info", small, "--max-arcs", "5")
        self.assertEqual((info["arcs"], info["duplicate_arcs"]), (1, 4))

    def test_include_policy_and_disclosure(self):
        secret = self.write("secret.txt", "root:x:0:0:root:/root:/bin/bash\n")
        os.makedirs(os.path.join(self.tmp, "tree"), exist_ok=True)
        top = self.write("tree/top.dag", f"JOB A a\nINCLUDE {secret}\n")
        err = self.fails(1, "info", top, contains=("refused: outside the directory tree", "same-directory-tree"))
        self.assertNotIn("root:", err)
        # allow reads it (and then the error shows it: trusted input only);
        # deny opens nothing; --base-dir widens the tree.
        self.fails(1, "info", top, "--include-policy", "allow", contains=("unknown DAGMan command",))
        self.fails(1, "info", top, "--include-policy=deny", contains=("include policy deny",))
        self.fails(1, "info", top, "--base-dir", self.tmp, contains=("unknown DAGMan command",))
        self.fails(2, "info", top, "--include-policy", "some", contains=("same-directory-tree, deny or allow",))
        self.fails(2, "info", top, "--max-nodes", "x", contains=("--max-nodes",))
        # Devices are refused whatever the policy, without blocking.
        dev = self.write("tree/dev.dag", "JOB A a\nSPLICE S /dev/zero\n")
        self.fails(1, "info", dev, "--include-policy", "allow", contains=("not a regular file",))

    def test_standard_input_bytes_and_nodes(self):
        self.fails(1, "info", "-", "--max-bytes", "10", stdin=b"a b\nb c\nc d\nd e\n",
                   contains=("standard input", "max_bytes"))
        self.fails(1, "info", DIAMOND, "--max-nodes", "3", contains=("max_nodes = 3", DIAMOND))
        self.assertEqual(self.ok_json("info", DIAMOND, "--max-nodes", "4")["nodes"], 4)
        # The flags work with any command that reads a dag.
        self.fails(1, "schedule", DIAMOND, "--max-arcs", "3", contains=("max_arcs = 3",))
        # From standard input, INCLUDE paths start at the current directory,
        # and a warning names standard input, not the C API's "<string>".
        code, out, err = run("info", "-", "--json", stdin=b"JOB A a\nINCLUDE no-such-file.inc\n")
        self.assertEqual(code, 0, err)
        self.assertIn("ics: warning: standard input:2:", err)


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
                dagman = self.write(f"{family}.dag", self.ok("convert", wf, "--to", "dagman"))
                self.assertEqual(self.ok_json("info", dagman)["format"], "dagman")
                self.assertEqual(self.shape(dagman), want)
                dax = os.path.join(self.tmp, f"{family}.dax")
                self.assertEqual(self.ok("convert", dagman, "--to", "dax", "-o", dax), "")
                self.assertEqual(self.ok_json("info", dax)["format"], "dax")
                self.assertEqual(self.shape(dax), want)
                back = self.write(f"{family}.back.edges", self.ok("convert", dax, "--to", "edges"))
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
        # A name DAGMan keeps for splices: refused, nothing written.
        plus = self.write("plus.edges", "a b+c\n")
        out = os.path.join(self.tmp, "plus.dag")
        self.fails(1, "convert", plus, "--to", "dagman", "-o", out, contains=["'+'"])
        self.assertFalse(os.path.exists(out) and os.path.getsize(out) > 0)
        self.fails(2, "convert", DIAMOND)  # no --to
        self.fails(2, "convert", DIAMOND, "--to", "yaml")
        self.fails(2, "convert", DIAMOND, "--to", "stg")
        self.fails(2, "convert", DIAMOND, "--to")
        self.fails(1, "convert", DIAMOND, "--to", "dot", "-o", os.path.join(self.tmp, "no", "such", "dir.dot"))


# The sweep paper's dags (sweep-algorithm.txt): G3 of Fig. 5(a) has no
# IC-optimal schedule; its two boxed parts have the profiles 0,1 and 0,0,2.
G3_EDGES = "a x\np y\np z\nq y\nq z\n"
# Generated families the theory schedules IC-optimally.
FAMILIES = (("fft", 3), ("reduction-mesh", 6), ("reduction-tree", 4), ("out-mesh", 5), ("w", 3, 2),
            ("m", 3, 2), ("n", 4), ("cycle", 4), ("pbt", "3,1/2,2"), ("expansion-reduction", 3),
            ("reduction-tree-strings", "-", "0", "1", "00", "01"))
# Families with at most 12 nodes, checked against a brute force over down-sets.
SMALL_FAMILIES = (("fft", 2), ("reduction-mesh", 4), ("reduction-tree", 2), ("out-mesh", 4), ("w", 3, 2),
                  ("m", 2, 3), ("n", 4), ("cycle", 4), ("pbt", "3,1/2,2"), ("expansion-reduction", 2))


class ScheduleTest(CliTestCase):
    def check_schedule(self, path, s):
        """What every `schedule --json` must satisfy, proven from the file."""
        nodes, arcs = read_edges(path)
        self.assert_valid_order(path, s["order"])
        self.assertEqual(s["profile"], eligible_profile(nodes, arcs, s["order"]))
        replay = self.ok_json("profile", path, "--order", self.write("order.txt", "\n".join(s["order"])))
        self.assertEqual((s["profile"], s["memory"], s["area"], s["min_eligible_90"]),
                         (replay["profile"], replay["memory"], replay["area"], replay["min_eligible_90"]),
                         "the same figures as `ics profile`")
        self.assertEqual(s["steps"], len(nodes))
        self.assertEqual(s["status"] == "ic-optimal", s["reason"] == "")
        # AREA against its bound, and the bound against brute force.
        self.assertGreaterEqual(s["area_bound"], s["area"])
        self.assertAlmostEqual(s["area_gap"], (s["area_bound"] - s["area"]) / s["area_bound"] if s["area_bound"] else 0,
                               places=5)
        if s["status"] != "heuristic":
            self.assertEqual((s["area_bound"], s["area_gap"]), (s["area"], 0))
        if len(nodes) <= 14:
            best = brute_max_area(nodes, arcs)
            self.assertGreaterEqual(s["area_bound"], best)
            if s["status"] != "heuristic":  # IC-optimal schedules maximize AREA too
                self.assertEqual(s["area"], best)
            if s["status"] == "area-optimal":
                self.assertEqual(s["area"], best)
                self.assertNotEqual(brute_max_profile(nodes, arcs), s["profile"])
        if s["max_profile"] is not None:
            self.assertEqual(len(s["max_profile"]), len(nodes) + 1)
            for e, m in zip(s["profile"], s["max_profile"]):
                self.assertLessEqual(e, m)
        if not s["blocks"]:
            return
        # The blocks: each nonsink of the skeleton is a source of exactly one
        # block; the block's profile counts its sinks whose parents (in the
        # skeleton) are all among its first x sources.
        shortcuts = shortcut_arcs(nodes, arcs)
        self.assertEqual(s["shortcuts_removed"], len(shortcuts))
        parents = parents_of(nodes, arcs - shortcuts)
        sources = [v for b in s["blocks"] for v in b["sources"]]
        self.assertEqual(sorted(sources), sorted({u for u, _ in arcs}))
        for k, b in enumerate(s["blocks"]):
            self.assertEqual(b["index"], k)
            self.assertEqual(len(b["profile"]), len(b["sources"]) + 1)
            self.assertIsInstance(b["proven"], bool)
            self.assertTrue(b["shape"] and b["kind"])
            for sink in b["sinks"]:
                self.assertTrue(parents[sink] <= set(b["sources"]), f"block {k}: parents of {sink}")
            for x in range(len(b["sources"]) + 1):
                done = set(b["sources"][:x])
                self.assertEqual(b["profile"][x], sum(1 for v in b["sinks"] if parents[v] <= done))
        groups = [g for group in s["linearization"] for g in group]
        self.assertEqual(sorted(groups), list(range(len(s["blocks"]))), "a linearization of all blocks")
        if s["method"] == "decomposition":
            # Theorem 2.1: the blocks' sources in linearization order, then the sinks.
            self.assertTrue(all(len(g) == 1 for g in s["linearization"]), "no IC-Sweep sums")
            prefix = [v for (g,) in s["linearization"] for v in s["blocks"][g]["sources"]]
            self.assertEqual(s["order"][:len(prefix)], prefix)

    def test_families_are_ic_optimal(self):
        for family, *params in FAMILIES:
            with self.subTest(family=family, params=params):
                path = self.generate(family, *params)
                s = self.ok_json("schedule", path)
                self.assertEqual(s["status"], "ic-optimal")
                self.assertEqual(s["reason"], "")
                self.assertIn(s["method"], ("decomposition", "decomposition+sweep"))
                self.assertEqual(s["shortcuts_removed"], 0)
                self.check_schedule(path, s)

    def test_small_dags_reach_the_brute_force_maximum(self):
        for family, *params in SMALL_FAMILIES:
            with self.subTest(family=family, params=params):
                path = self.generate(family, *params)
                nodes, arcs = read_edges(path)
                self.assertLessEqual(len(nodes), 12)
                s = self.ok_json("schedule", path)
                self.assertEqual(s["status"], "ic-optimal")
                self.assertEqual(s["profile"], brute_max_profile(nodes, arcs))

    def test_random_small_dags(self):
        # Whatever the verdict, it must agree with the brute force: an
        # ic-optimal profile is the per-step maximum; a heuristic one from the
        # exact search misses it somewhere, and max_profile is that maximum.
        verdicts = set()
        for seed in range(1, 13):
            with self.subTest(seed=seed):
                path = self.generate("random-er", 10, 0.3, seed)
                nodes, arcs = read_edges(path)
                best = brute_max_profile(nodes, arcs)
                s = self.ok_json("schedule", path)
                self.check_schedule(path, s)
                verdicts.add(s["status"])
                if s["status"] == "ic-optimal":
                    self.assertEqual(s["profile"], best)
                else:
                    self.assertNotEqual(s["profile"], best)
                if s["max_profile"] is not None:
                    self.assertEqual(s["max_profile"], best)
        self.assertIn("ic-optimal", verdicts)

    def test_sum_of_blocks_needs_ic_sweep(self):
        # Fig. 3 (top right) of the IC-Sweep paper: a source r feeding the
        # blocks B1, B2 of Fig. 4 (profiles 0,4,6 and 0,3,5), neither of which
        # has priority: their sum is scheduled by IC-Sweep, interleaved.
        b1 = "s1 a\ns1 b\ns1 c\ns1 d\ns1 x\ns2 x\ns2 e\n"
        b2 = "s3 g\ns3 h\ns3 i\ns3 y\ns4 y\ns4 j\n"
        path = self.write("fig3.edges", "r s1\nr s2\nr s3\nr s4\n" + b1 + b2)
        nodes, arcs = read_edges(path)
        s = self.ok_json("schedule", path)
        self.assertEqual((s["status"], s["method"]), ("ic-optimal", "decomposition+sweep"))
        self.check_schedule(path, s)
        self.assertEqual(s["profile"], brute_max_profile(nodes, arcs))
        sums = [g for g in s["linearization"] if len(g) > 1]
        self.assertEqual(len(sums), 1)
        self.assertEqual(sorted(s["blocks"][b]["profile"] for b in sums[0]), [[0, 3, 5], [0, 4, 6]])
        block_of = {v: b for b in sums[0] for v in s["blocks"][b]["sources"]}
        self.assertTrue(interleaved([block_of[v] for v in s["order"] if v in block_of]))
        self.assertEqual(self.report("schedule", path)["linearization"], "2 groups, 1 of them an IC-Sweep sum")

    def test_no_ic_optimal_schedule(self):
        path = self.write("g3.edges", G3_EDGES)
        nodes, arcs = read_edges(path)
        s = self.ok_json("schedule", path)
        self.assertEqual(s["status"], "area-optimal")
        self.assertEqual(s["method"], "exact-search")
        self.assertNotEqual(s["reason"], "")
        self.assertEqual(s["max_profile"], brute_max_profile(nodes, arcs))
        self.assertTrue(any(e < m for e, m in zip(s["profile"], s["max_profile"])))
        self.check_schedule(path, s)
        text = self.report("schedule", path)
        self.assertEqual((text["status"], text["method"]), ("area-optimal", "exact-search"))
        self.assertEqual(text["AREA bound"], f"{s['area']} (AREA is the maximum)")
        self.assertEqual(text["reason"], s["reason"])
        self.assertEqual(text["max profile"].split(), [str(m) for m in s["max_profile"]])
        # The exact AREA search has a budget of its own: it still answers
        # without the exact ICO search, and over its budget the heuristic does.
        off = ("--exact-max-nodes", 0, "--exact-budget", 0)
        a = self.ok_json("schedule", path, *off)
        self.assertEqual((a["status"], a["area"]), ("area-optimal", s["area"]))
        # Over the budget: g3 is series-parallel, so still AREA-maximal.
        small = self.ok_json("schedule", path, *off, "--area-max-downsets", 3)
        self.assertEqual((small["status"], small["method"], small["area"]),
                         ("area-optimal", "series-parallel", s["area"]))
        self.assertIn("budget 3 down-sets", small["reason"])
        self.fails(2, "schedule", path, "--area-max-downsets", "-1", contains=("--area-max-downsets",))
        # Without either exact search, the heuristic answers.
        g = self.ok_json("schedule", path, *off, "--area-max-downsets", 0)
        self.assertEqual((g["status"], g["max_profile"]), ("heuristic", None))
        self.assertIn("best AREA: ", g["reason"])
        self.assertIn("exact AREA search off", g["reason"])
        self.check_schedule(path, g)
        self.assertGreaterEqual(g["area"], max(self.ok_json("profile", path, "--policy", p)["area"]
                                               for p in ("fifo", "level")))
        text = self.report("schedule", path, *off, "--area-max-downsets", 0)
        self.assertEqual(text["AREA bound"],
                         f"{g['area_bound']} (AREA is at least {math.floor(1000 * (1 - g['area_gap'])) / 10:.1f}% of the optimum)")
        # compare: the bound and each policy's share of it.
        c = self.ok_json("compare", path)
        self.assertEqual((c["icsched_status"], c["area_bound"]), ("area-optimal", s["area"]))
        for row in c["policies"]:
            self.assertAlmostEqual(row["area_of_bound"], row["area"] / s["area"], places=5)

    def test_random_dag_proven_no_composition_without_removing_shortcuts(self):
        # Arcs proven to be no shortcut already put a node's in- and out-arcs
        # in one block: the shortcuts are not looked for (issue 18), the
        # schedule is the AREA fallback's, as valid as ever.
        path = self.generate("random-er", 6000, 8 / 6000, 3)
        s = self.ok_json("schedule", path, "--full")
        self.assertEqual(s["status"], "heuristic")
        self.assertEqual(s["shortcuts_removed"], 0)
        self.assertEqual(s["blocks"], [])
        self.assertIn("is both a source and a sink of one building block", s["reason"])
        self.assertIn("the shortcuts were not removed", s["reason"])
        self.assertEqual(s["profile"], eligible_profile(*read_edges(path), s["order"]))

    def test_sidney_max_work(self):
        # The Sidney decomposition's work budget: 1 splits nothing (the reason
        # says so and names the flag), a large one finishes it with a tighter
        # bound; both orders are valid; a negative value is a usage error.
        path = self.generate("random-er", 2000, 0.004, 7)
        small = self.ok_json("schedule", path, "--area-max-downsets", 0, "--sidney-max-work", 1, "--full")
        large = self.ok_json("schedule", path, "--area-max-downsets", 0, "--sidney-max-work", 1 << 40, "--full")
        self.assertIn("reached its work budget", small["reason"])
        self.assertIn("--sidney-max-work", small["reason"])
        self.assertNotIn("work budget", large["reason"])
        self.assertLess(large["area_bound"], small["area_bound"])
        for s in (small, large):
            self.assertLessEqual(s["area"], s["area_bound"])
            self.assertEqual(s["profile"], eligible_profile(*read_edges(path), s["order"]))
        self.fails(2, "schedule", path, "--sidney-max-work", "-1", contains=("--sidney-max-work",))

    def test_shortcuts(self):
        # a -> b -> c with the shortcut a -> c, and a second block b -> d.
        path = self.write("shortcut.edges", "a b\nb c\na c\nb d\n")
        s = self.ok_json("schedule", path)
        self.assertEqual(s["shortcuts_removed"], 1)
        self.assertEqual(s["status"], "ic-optimal")
        self.assertEqual(s["profile"], eligible_profile(*read_edges(path), s["order"]))

    def test_text_report(self):
        path = self.generate("fft", 2)
        s = self.ok_json("schedule", path)
        text = self.report("schedule", path)
        self.assertEqual((text["status"], text["method"]), ("ic-optimal", "decomposition"))
        self.assertNotIn("reason", text)
        self.assertEqual(text["blocks"], "4 (4 x C(2))")
        self.assertEqual(text["linearization"], "4 groups")
        self.assertEqual((text["AREA"], text["memory"], text["steps"]), (str(s["area"]), str(s["memory"]), "12"))
        self.assertEqual(text["min E (90%)"], str(s["min_eligible_90"]))
        self.assertEqual(text["order"].split(), s["order"])
        self.assertEqual(text["profile"].split(), [str(e) for e in s["profile"]])
        mesh = self.report("schedule", self.generate("reduction-mesh", 4))
        self.assertEqual(mesh["blocks"], "3 (1 x M(3,2), 1 x M(2,2), 1 x M(1,2))")

    def test_big_dag(self):
        path = self.generate("fft", 9)  # 10 levels of 512 nodes, 9 x 256 butterflies
        nodes, arcs = read_edges(path)
        s = self.ok_json("schedule", path)
        self.assertEqual(s["status"], "ic-optimal")
        self.assertEqual(len(s["blocks"]), 9 * 256)
        self.assertEqual({b["shape"] for b in s["blocks"]}, {"C(2)"})
        self.assertEqual(s["profile"], eligible_profile(nodes, arcs, s["order"]))
        text = self.report("schedule", path)
        self.assertEqual(text["blocks"], "2304 (2304 x C(2))")
        shown = text["order"].split(" ... ")
        self.assertEqual(shown[0].split(), s["order"][:50])
        self.assertIn(f"({len(nodes) - 50} more", shown[1])
        self.assertNotIn("profile", text)
        full = self.report("schedule", path, "--full")
        self.assertEqual(full["order"].split(), s["order"])
        self.assertEqual(full["profile"].split(), [str(e) for e in s["profile"]])

    def test_stdin_and_errors(self):
        with open(DIAMOND) as f:
            text = f.read()
        s = self.ok_json("schedule", "-", "--format", "edges", stdin=text.encode())
        self.assertEqual(s["file"], "-")
        self.check_schedule(DIAMOND, s)
        self.fails(2, "schedule", DIAMOND, "--exact-max-nodes", "-1")
        self.fails(2, "schedule", DIAMOND, "--exact-budget", "many")
        self.fails(2, "schedule", DIAMOND, "--policy", "fifo")
        self.fails(2, "schedule")
        self.fails(1, "schedule", os.path.join(self.tmp, "missing.edges"), contains=["missing.edges"])


class SweepTest(CliTestCase):
    def sweep(self, *profiles):
        return self.ok_json("sweep", "--profiles", *(",".join(map(str, p)) for p in profiles))

    def check_sweep(self, profiles, r):
        """The verdict and path of IC-Sweep against the brute force over all cells."""
        maxima, ico, failed_at = sweep_maxima(profiles, first_failure=True)
        self.assertEqual(r["ico"], ico)
        self.assertEqual(r["summands"], len(profiles))
        # The maximum of each step over all schedules, whether or not one schedule meets them all.
        self.assertEqual(r["envelope"], maxima)
        self.assertEqual(r["failed"] is None, ico)
        if not ico and len(profiles) == 2:
            self.assertEqual(r["failed"], {"group": 0, "diagonal": failed_at})
        self.assertEqual(r["pairs"], [[has_priority(a, b) for b in profiles] for a in profiles])
        if ico:
            self.assertEqual(sorted(r["path"]), sorted(k for k, e in enumerate(profiles) for _ in e[1:]))
            self.assertEqual(r["profile"], path_profile(profiles, r["path"]))
            self.assertEqual(r["profile"], maxima)
        else:
            self.assertEqual((r["path"], r["profile"], r["chain"]), ([], [], False))
            self.assertNotEqual(r["reason"], "")
        if r["chain"]:
            self.assertEqual(r["path"], sorted(r["path"]), "a chain needs no interleaving")
        if len(profiles) == 2 and ico:
            self.assertEqual(r["chain"], r["pairs"][0][1])
        if ico and r["chain"]:
            self.assertEqual(r["reason"], "")

    def test_table_2(self):
        # B1 + B2 of Fig. 4: neither has priority, yet the sum has an
        # IC-optimal schedule, which must interleave.
        r = self.sweep([0, 4, 6], [0, 3, 5])
        self.assertTrue(r["ico"])
        self.assertFalse(r["chain"])
        self.assertFalse(r["pairs"][0][1])
        self.assertFalse(r["pairs"][1][0])
        self.assertTrue(interleaved(r["path"]))
        self.assertEqual(r["profile"], [0, 4, 7, 9, 11])
        self.assertEqual(r["profiles"], [[0, 4, 6], [0, 3, 5]])
        self.check_sweep([[0, 4, 6], [0, 3, 5]], r)

    def test_no_ic_optimal_sums(self):
        for profiles in ([[0, 1], [0, 0, 2]], [[0, 0, 1, 2], [0, 0, 0, 1, 3]]):  # G3, G4 of Fig. 5
            with self.subTest(profiles=profiles):
                r = self.sweep(*profiles)
                self.assertFalse(r["ico"])
                self.check_sweep(profiles, r)

    def test_fmri(self):
        r = self.sweep([0, 3, 4, 5], [0, 3, 4, 5])
        self.assertTrue(r["ico"])
        self.assertTrue(interleaved(r["path"]))
        self.check_sweep([[0, 3, 4, 5], [0, 3, 4, 5]], r)

    def test_chains(self):
        # Table 3: B1 ▷ B3 ▷ B6 ▷ B5 (profiles 0,4,6; 0,0,1; 0,0,0,1; 0,0,0,0,1).
        chain = [[0, 4, 6], [0, 0, 1], [0, 0, 0, 1], [0, 0, 0, 0, 1]]
        r = self.sweep(*chain)
        self.assertTrue(r["ico"] and r["chain"])
        self.assertEqual(r["path"], [k for k, e in enumerate(chain) for _ in e[1:]])
        self.check_sweep(chain, r)
        self.check_sweep([[0]], self.sweep([0]))  # one summand without nonsinks

    def test_random_profiles_against_brute_force(self):
        rng = random.Random(2024)
        for case in range(60):
            p = 2 if case < 40 else 3
            profiles = []
            for _ in range(p):
                e = [0]
                for _ in range(rng.randrange(0, 5)):
                    e.append(e[-1] + rng.randrange(0, 4))
                profiles.append(e)
            with self.subTest(profiles=profiles):
                self.check_sweep(profiles, self.sweep(*profiles))

    def test_text(self):
        out = self.ok("sweep", "--profiles", "0,4,6", "0,3,5")
        lines = dict(line.split(":", 1) for line in out.splitlines() if ":" in line and "=" not in line)
        lines = {k: v.strip() for k, v in lines.items()}
        r = self.sweep([0, 4, 6], [0, 3, 5])
        self.assertEqual([int(k) - 1 for k in lines["path"].split()], r["path"], "1-based path")
        self.assertEqual((lines["IC-optimal"], lines["chain"], lines["priorities"]), ("yes", "no", "none"))
        self.assertEqual(lines["profile"].split(), ["0", "4", "7", "9", "11"])
        self.assertEqual((lines["G1"], lines["G2"]), ("0,4,6", "0,3,5"))
        # The table: rows i = 0..2, columns j = 0..2, each diagonal's maxima in brackets.
        rows = [line.split()[1:] for line in out.splitlines() if line.lstrip().startswith("i=")]
        self.assertEqual(rows, [["[0]", "3", "5"], ["[4]", "[7]", "[9]"], ["6", "[9]", "[11]"]])
        self.assertIn("j=0", out)
        g4 = self.ok("sweep", "--profiles", "0,0,1,2", "0,0,0,1,3")
        self.assertIn("IC-optimal:      no", g4)
        self.assertNotIn("path:", g4)
        self.assertEqual(sum(1 for line in g4.splitlines() if line.lstrip().startswith("i=")), 4)
        long = self.ok("sweep", "--profiles", ",".join(map(str, range(13))), "0,1")
        self.assertNotIn("i=0", long, "no table for profiles of more than 12 entries")

    def test_dag_files(self):
        # W_{2,2}-like block and an M_{2,2}-like block, as two files.
        w = self.write("sum-w.edges", "a x\na y\nb y\nb z\n")
        m = self.write("sum-m.edges", "c u\nd u\nd v\n")
        dags = [read_edges(w), read_edges(m)]
        r = self.ok_json("sweep", w, m)
        orders = [self.ok_json("schedule", path)["order"] for path in (w, m)]
        profiles = [nonsource_profile(*dag, order) for dag, order in zip(dags, orders)]
        self.check_sweep(profiles, r)
        self.assertTrue(r["ico"])
        # The order: every node of both dags once, parents first, the nonsinks
        # along the path, and the sum's nonsource profile along it.
        self.assertEqual(sorted((o["dag"], o["node"]) for o in r["order"]),
                         sorted((k, v) for k, (nodes, _) in enumerate(dags) for v in nodes))
        for k, (nodes, arcs) in enumerate(dags):
            mine = [o["node"] for o in r["order"] if o["dag"] == k]
            position = {v: i for i, v in enumerate(mine)}
            for u, v in arcs:
                self.assertLess(position[u], position[v])
        self.assertEqual([o["dag"] for o in r["order"][:len(r["path"])]], r["path"])
        nodes = [(k, v) for k, (ns, _) in enumerate(dags) for v in ns]
        arcs = {((k, u), (k, v)) for k, (_, a) in enumerate(dags) for u, v in a}
        self.assertEqual(nonsource_profile(nodes, arcs, [(o["dag"], o["node"]) for o in r["order"]]),
                         r["profile"])
        text = self.ok("sweep", w, m)
        self.assertIn("G1:              " + w, text)
        self.assertIn("i=0", text, "small dags get the table")
        # A dag without an IC-optimal schedule cannot be a summand.
        g3 = self.write("g3.edges", G3_EDGES)
        self.fails(1, "sweep", w, g3, contains=["g3.edges"])

    def test_errors(self):
        self.fails(2, "sweep", "--profiles", "0,x", contains=["'x'"])
        self.fails(2, "sweep", "--profiles", "1,2", "0,1", contains=["start with 0"])
        self.fails(2, "sweep", "--profiles", "0,,1")
        self.fails(2, "sweep", "--profiles", "0,1,")
        self.fails(2, "sweep", "--profiles", "0,-1")
        self.fails(2, "sweep", "--profiles", "0,4294967296")
        self.fails(2, "sweep", "--profiles")
        self.fails(2, "sweep", "--profiles", "0,1", "--format", "edges")
        self.fails(2, "sweep")
        self.fails(1, "sweep", DIAMOND, os.path.join(self.tmp, "missing.edges"), contains=["missing.edges"])
        self.fails(1, "sweep", DIAMOND, self.write("cyclic.edges", "a b\nb a\n"))


class PriorityTest(CliTestCase):
    def test_table_3(self):
        for a, b in (("0,4,6", "0,0,1"), ("0,3,5", "0,0,1"), ("0,0,1", "0,0,0,1"), ("0,0,0,1", "0,0,0,0,1")):
            with self.subTest(a=a, b=b):
                r = self.ok_json("priority", a, b)
                self.assertTrue(r["forward"])
                self.assertEqual(r["backward"], has_priority([int(x) for x in b.split(",")],
                                                             [int(x) for x in a.split(",")]))
                self.assertEqual((r["a"], r["b"]), (a, b))
                self.assertEqual(r["profile_a"], [int(x) for x in a.split(",")])
        r = self.ok_json("priority", "0,4,6", "0,3,5")  # Table 2: neither way
        self.assertEqual((r["forward"], r["backward"]), (False, False))
        # The witness: 4 + 3 = 7 after one step of each beats 6 + 0 after two of B1.
        self.assertEqual(r["forward_violation"], {"x": 1, "y": 1})
        text = self.report("priority", "0,4,6", "0,3,5")
        self.assertIn("EA(1)+EB(1) = 4+3 = 7 > EA(2)+EB(0) = 6+0 = 6", text["forward"])

    def test_random_against_system_1(self):
        rng = random.Random(7)
        for _ in range(40):
            a = [0] + [rng.randrange(0, 6) for _ in range(rng.randrange(0, 5))]
            b = [0] + [rng.randrange(0, 6) for _ in range(rng.randrange(0, 5))]
            with self.subTest(a=a, b=b):
                r = self.ok_json("priority", ",".join(map(str, a)), ",".join(map(str, b)))
                self.assertEqual((r["forward"], r["backward"]), (has_priority(a, b), has_priority(b, a)))
                self.assertEqual(r["forward_violation"], first_violation(a, b))
                self.assertEqual(r["backward_violation"], first_violation(b, a))

    def test_files(self):
        # A file stands for the nonsource profile of its IC-optimal schedule.
        paths = [self.generate("w", 3, 2), self.generate("m", 2, 2), self.generate("cycle", 3),
                 self.write("one.edges", "a b\n")]
        profiles = []
        for path in paths:
            order = self.ok_json("schedule", path)["order"]
            profiles.append(nonsource_profile(*read_edges(path), order))
        for (pa, ea), (pb, eb) in itertools.product(zip(paths, profiles), repeat=2):
            with self.subTest(a=os.path.basename(pa), b=os.path.basename(pb)):
                r = self.ok_json("priority", pa, pb)
                self.assertEqual((r["forward"], r["backward"]), (has_priority(ea, eb), has_priority(eb, ea)))
                self.assertEqual((r["profile_a"], r["profile_b"]), (ea, eb))  # the profiles compared
                self.assertEqual(r["forward_violation"], first_violation(ea, eb))
                mixed = self.ok_json("priority", pa, ",".join(map(str, eb)))
                self.assertEqual((mixed["forward"], mixed["backward"]), (r["forward"], r["backward"]))
                self.assertEqual(mixed["profile_b"], eb)
        text = self.report("priority", paths[0], "0,0,1")
        self.assertEqual((text["A"], text["B"]), (paths[0], "0,0,1"))
        self.assertTrue(text["forward"].startswith("yes" if has_priority(profiles[0], [0, 0, 1]) else "no"))

    def test_errors(self):
        self.fails(2, "priority", "0,x", "0,1")
        self.fails(2, "priority", "0,1", "2,1", contains=["start with 0"])
        self.fails(2, "priority", "0,1")
        self.fails(2, "priority", "0,1", "0,1", "0,1")
        self.fails(2, "priority", "0,1", "0,1", "--format", "edges")
        self.fails(1, "priority", "0,1", os.path.join(self.tmp, "missing.edges"), contains=["missing.edges"])
        self.fails(1, "priority", self.write("cyclic.edges", "a b\nb c\nc a\n"), "0,1")
        g3 = self.write("g3.edges", G3_EDGES)
        self.fails(1, "priority", DIAMOND, g3, contains=["g3.edges"])
        self.fails(1, "priority", g3, "0,1", contains=["g3.edges"])


class StructureTest(CliTestCase):
    def test_skeleton_of_a_triangle(self):
        path = self.write("triangle.edges", "a b\nb c\na c\n")
        r = self.ok_json("skeleton", path)
        self.assertEqual((r["removed"], r["nodes"], r["arcs"]), (1, 3, 2))
        self.assertEqual(r["shortcuts"], [["a", "c"]])
        nodes, arcs = parse_edges(self.ok("skeleton", path))
        self.assertEqual((sorted(nodes), arcs), (["a", "b", "c"], {("a", "b"), ("b", "c")}))
        dot = os.path.join(self.tmp, "triangle-skeleton.dot")
        self.assertEqual(self.ok("skeleton", path, "--to", "dot", "-o", dot), "")
        self.assertEqual(self.shape(dot)["arcs"], 2)
        # --json with -o: the summary on stdout, the skeleton in the file.
        out = os.path.join(self.tmp, "triangle-skeleton.edges")
        self.assertEqual(self.ok_json("skeleton", path, "-o", out), r)
        self.assertEqual(read_edges(out)[1], {("a", "b"), ("b", "c")})

    def test_skeleton_removes_exactly_the_shortcuts(self):
        for seed in (1, 2, 3):
            with self.subTest(seed=seed):
                path = self.generate("random-er", 25, 0.3, seed)
                nodes, arcs = read_edges(path)
                shortcuts = shortcut_arcs(nodes, arcs)
                self.assertTrue(shortcuts)
                r = self.ok_json("skeleton", path)
                self.assertEqual({tuple(a) for a in r["shortcuts"]}, shortcuts)
                self.assertEqual((r["removed"], r["arcs"], r["nodes"]),
                                 (len(shortcuts), len(arcs) - len(shortcuts), len(nodes)))
                self.assertEqual(parse_edges(self.ok("skeleton", path))[1], arcs - shortcuts)

    def test_superdag_of_fft_2(self):
        path = self.generate("fft", 2)
        r = self.ok_json("superdag", path)
        self.assertEqual(len(r["blocks"]), 4)
        # The first stage of butterflies (sources on level 2) feeds both of the second.
        first = [b["index"] for b in r["blocks"] if all(v.startswith("2_") for v in b["sources"])]
        second = [b["index"] for b in r["blocks"] if all(v.startswith("1_") for v in b["sources"])]
        self.assertEqual(len(first), 2)
        self.assertEqual(len(second), 2)
        self.assertEqual(sorted(map(tuple, r["arcs"])), sorted(itertools.product(first, second)))
        for b in r["blocks"]:
            self.assertEqual((b["shape"], len(b["sources"]), len(b["sinks"])), ("C(2)", 2, 2))
        nodes, arcs = parse_edges(self.ok("superdag", path))
        self.assertEqual(sorted(nodes), ["B0", "B1", "B2", "B3"])
        self.assertEqual(arcs, {(f"B{i}", f"B{j}") for i, j in r["arcs"]})
        dot = self.ok("superdag", path, "--dot")
        self.assertTrue(dot.startswith("digraph"))
        self.assertEqual(dot.count("C(2)\\n2 sources, 2 sinks"), 4)
        self.assertEqual(dot.count(" -> "), 4)

    def test_superdag_arcs_join_blocks(self):
        # Arc i -> j exactly when a sink of block i is a source of block j;
        # blocks are numbered topologically and as in `ics schedule`.
        for family, *params in (("reduction-mesh", 5), ("out-mesh", 4), ("expansion-reduction", 2),
                                ("fft", 3), ("random-layered", 5, 4, 0.4, 9)):
            with self.subTest(family=family):
                path = self.generate(family, *params)
                r = self.ok_json("superdag", path)
                want = {(b["index"], c["index"]) for b in r["blocks"] for c in r["blocks"]
                        if b is not c and set(b["sinks"]) & set(c["sources"])}
                self.assertEqual({tuple(a) for a in r["arcs"]}, want)
                self.assertTrue(all(i < j for i, j in r["arcs"]))
                self.assertEqual(r["blocks"], self.ok_json("schedule", path)["blocks"])

    def test_errors(self):
        # b is a sink of block {a->b, a->x, y->x, y->c, b->c} and a source of it.
        not_bipartite = self.write("not-bipartite.edges", "a b\na x\ny x\ny c\nb c\n")
        # Two bipartite blocks joined both ways: the super-dag would be cyclic.
        cyclic = self.write("cyclic-blocks.edges", "x v\nx y\nw y\nv z\nq z\nq w\n")
        for path in (not_bipartite, cyclic):
            for extra in ([], ["--dot"], ["--json"]):
                with self.subTest(path=os.path.basename(path), extra=extra):
                    self.fails(1, "superdag", path, *extra, contains=["not a composition"])
        self.fails(2, "superdag", DIAMOND, "--dot", "--json")
        self.fails(2, "skeleton", DIAMOND, "--json", "--to", "dot")
        self.fails(2, "skeleton", DIAMOND, "--to", "yaml")
        self.fails(1, "skeleton", DIAMOND, "--json", "-o", os.path.join(self.tmp, "no", "such", "dir.edges"))
        self.fails(1, "skeleton", os.path.join(self.tmp, "missing.edges"))
        self.fails(1, "superdag", os.path.join(self.tmp, "missing.edges"))


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
        for cmd in (["info", path], ["profile", path], ["convert", path, "--to", "dot"], ["schedule", path],
                    ["sweep", path], ["priority", path, "0,1"], ["skeleton", path], ["superdag", path]):
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
        self.fails(2, "generate", "fft", 3, "--to", "stg", contains=["dagman", "dax"])

    @unittest.skipUnless(os.path.exists("/dev/full"), "needs /dev/full")
    def test_write_errors(self):
        for cmd in (["help"], ["generate", "fft", 3], ["info", DIAMOND, "--json"], ["schedule", DIAMOND, "--json"],
                    ["sweep", "--profiles", "0,4,6", "0,3,5"]):
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
    COMMANDS = ("info", "profile", "schedule", "sweep", "priority", "skeleton", "superdag", "convert", "generate",
                "version", "help")

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
