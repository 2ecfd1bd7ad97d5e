#!/usr/bin/env python3
"""Tests of `ics priorities` with parsers independent of icsched (stdlib only).

usage: test_cli_priorities.py PATH/TO/ics [unittest options]

The written DAX is read with xml.etree and the written WfFormat with json:
every element, attribute, text and field of the original is still there, in
place, and the only additions are one condor priority profile per job / one
"priority" per task, whose values sorted from highest give the order that
`ics schedule --json` prints. Airflow's Python module is imported, its JSON
and the CSV / JSON tables are parsed. The same checks run on every DAX and
WfFormat file of ../shared/workloads (ICS_WORKLOADS) when it is present.
"""
import csv
import importlib.util
import io
import json
import os
import sys
import tempfile
import unittest
import xml.etree.ElementTree as ET
import zipfile

import test_cli
from test_cli import run

DATA = os.environ.get("ICS_TEST_DATA", os.path.join(os.path.dirname(__file__), "..", "data"))
DAX_NS = "{http://pegasus.isi.edu/schema/DAX}"


def schedule_order(path):
    rc, out, err = run("schedule", path, "--json")
    assert rc == 0, err
    return json.loads(out)["order"]


def write(path, target, out, *extra):
    rc, stdout, err = run("priorities", path, "--to", target, "-o", out, *extra)
    assert rc == 0, err
    assert stdout == "", stdout
    with open(out, "rb") as f:
        return f.read()


def local(tag):
    return tag.rsplit("}", 1)[-1]


def is_priority_profile(e):
    return local(e.tag) == "profile" and e.get("namespace") == "condor" and e.get("key") == "priority"


def same_element(test, a, b, where):
    """b is a with (only) condor priority profiles added to its jobs."""
    test.assertEqual(a.tag, b.tag, where)
    test.assertEqual(a.attrib, b.attrib, where)
    test.assertEqual((a.text or "").strip(), (b.text or "").strip(), where)
    test.assertEqual((a.tail or "").strip(), (b.tail or "").strip(), where)
    kids_a, kids_b = list(a), list(b)
    if local(a.tag) in ("job", "dag", "dax") and not any(is_priority_profile(c) for c in kids_a):
        test.assertEqual(sum(1 for c in kids_b if is_priority_profile(c)), 1, where)
        kids_b = [c for c in kids_b if not is_priority_profile(c)]
    # The user's own priority profiles stay in place (their value may change).
    test.assertEqual(len(kids_a), len(kids_b), where)
    for i, (x, y) in enumerate(zip(kids_a, kids_b)):
        if is_priority_profile(x):
            test.assertTrue(is_priority_profile(y), where)
            continue
        same_element(test, x, y, f"{where}/{local(x.tag)}[{i}]")


def check_dax(test, src, out_bytes, order):
    original = ET.parse(src).getroot()
    written = ET.fromstring(out_bytes)
    same_element(test, original, written, local(original.tag))
    prio = {}
    for job in written:
        if local(job.tag) not in ("job", "dag", "dax"):
            continue
        values = [p.text for p in job if is_priority_profile(p)]
        test.assertEqual(len(values), 1, job.get("id"))
        prio[job.get("id")] = int(values[0])
    test.assertEqual(sorted(prio, key=lambda v: -prio[v]), order)


def task_list(doc):
    w = doc["workflow"]
    if "specification" in w and "tasks" in w["specification"]:
        return w["specification"]["tasks"], "id"
    return (w["tasks"], "name") if "tasks" in w else (w["jobs"], "name")


def check_wfformat(test, src, out_bytes, order):
    with open(src, "rb") as f:
        original = json.loads(f.read())
    written = json.loads(out_bytes)
    tasks, key = task_list(written)
    prio = {}
    for t in tasks:
        prio[t.get(key) or t.get("name") or t.get("id")] = t.pop("priority")
    test.assertEqual(written, original)  # every original field, same value, nothing else added
    test.assertEqual(sorted(prio, key=lambda v: -prio[v]), order)
    test.assertEqual(sorted(prio.values()), list(range(1, len(order) + 1)))


class DaxAndWfFormat(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()

    def tearDown(self):
        self.tmp.cleanup()

    def out(self, name):
        return os.path.join(self.tmp.name, name)

    def test_dax(self):
        src = os.path.join(DATA, "dax", "HEFT_paper.xml")
        check_dax(self, src, write(src, "dax", self.out("o.xml")), schedule_order(src))

    def test_dax_keeps_the_users_profile_in_keep_mode(self):
        src = self.out("in.xml")
        with open(src, "w") as f:
            f.write('<adag xmlns="http://pegasus.isi.edu/schema/DAX" version="3.6">\n'
                    '  <job id="a" name="x"><argument>-v</argument>\n'
                    '    <profile namespace="condor" key="priority">50</profile>\n'
                    '    <profile namespace="env" key="A">1</profile>\n  </job>\n'
                    '  <job id="b" name="y"/>\n  <child ref="b"><parent ref="a"/></child>\n</adag>\n')
        for mode, a in (("replace", "2"), ("keep", "50"), ("add", "152")):
            root = ET.fromstring(write(src, "dax", self.out("o.xml"), "--mode", mode))
            jobs = {j.get("id"): j for j in root if local(j.tag) == "job"}
            self.assertEqual([p.text for p in jobs["a"] if is_priority_profile(p)], [a], mode)
            self.assertEqual([p.text for p in jobs["b"] if is_priority_profile(p)], ["1"], mode)
            self.assertEqual([p.get("key") for p in jobs["a"] if local(p.tag) == "profile"], ["priority", "A"])

    def test_wfformat(self):
        src = os.path.join(DATA, "wfformat", "helloworld-chain-5-chameleon.json")
        check_wfformat(self, src, write(src, "wfformat", self.out("o.json")), schedule_order(src))

    def test_workloads(self):
        root = os.environ.get("ICS_WORKLOADS", "")
        manifest = os.path.join(root, "MANIFEST.tsv")
        if not os.path.isfile(manifest):
            self.skipTest("no ../shared/workloads")
        checked = 0
        with open(manifest) as f:
            rows = [line.rstrip("\n").split("\t") for line in f][1:]
        for row in rows:
            if len(row) < 11 or row[10] != "True":
                continue
            fmt = row[1]
            if fmt != "dax" and not fmt.startswith("wfformat"):
                continue
            src = os.path.join(root, row[0])
            if src.endswith(".zip"):
                with zipfile.ZipFile(src) as z:
                    name = z.namelist()[0]
                    src = os.path.join(self.tmp.name, os.path.basename(name))
                    with open(src, "wb") as out:
                        out.write(z.read(name))
            with self.subTest(path=row[0]):
                order = schedule_order(src)
                if fmt == "dax":
                    check_dax(self, src, write(src, "dax", self.out("o.xml")), order)
                else:
                    check_wfformat(self, src, write(src, "wfformat", self.out("o.json")), order)
                checked += 1
        self.assertGreater(checked, 40)


class Tables(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.src = os.path.join(DATA, "dax", "HEFT_paper.xml")
        self.order = schedule_order(self.src)
        self.want = {v: len(self.order) - i for i, v in enumerate(self.order)}

    def tearDown(self):
        self.tmp.cleanup()

    def test_airflow_json_and_python(self):
        rc, out, err = run("priorities", self.src, "--to", "airflow")
        self.assertEqual(rc, 0, err)
        doc = json.loads(out)
        self.assertEqual(doc["weight_rule"], "absolute")
        self.assertEqual(doc["priority_weight"], self.want)
        path = os.path.join(self.tmp.name, "heft_weights.py")
        write(self.src, "airflow", path)
        spec = importlib.util.spec_from_file_location("heft_weights", path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        self.assertEqual(module.WEIGHT_RULE, "absolute")
        self.assertEqual(module.PRIORITY_WEIGHTS, self.want)

    def test_csv_and_json(self):
        rc, out, err = run("priorities", self.src, "--to", "csv")
        self.assertEqual(rc, 0, err)
        rows = list(csv.DictReader(io.StringIO(out)))
        self.assertEqual([r["node"] for r in rows], self.order)
        self.assertEqual([int(r["rank"]) for r in rows], list(range(1, len(self.order) + 1)))
        self.assertEqual({r["node"]: int(r["priority"]) for r in rows}, self.want)
        table = json.loads(write(self.src, "csv", os.path.join(self.tmp.name, "t.json")))
        self.assertEqual([(r["node"], r["rank"], r["priority"]) for r in table],
                         [(v, i + 1, self.want[v]) for i, v in enumerate(self.order)])


class Dagman(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.src = os.path.join(DATA, "dagman", "htcondor_job_dagman_node_prio.dag")
        with open(self.src) as f:
            self.text = f.read()

    def tearDown(self):
        self.tmp.cleanup()

    @staticmethod
    def priorities(text):
        out = {}
        for line in text.splitlines():
            parts = line.split()
            if parts and parts[0].upper() == "PRIORITY":
                out[parts[1]] = int(parts[2])
        return out

    @staticmethod
    def without(text):
        return [l for l in text.splitlines() if not l.upper().startswith("PRIORITY ")]

    def test_modes(self):
        order = schedule_order(self.src)
        n = len(order)
        ours = {v: n - i for i, v in enumerate(order)}
        user = self.priorities(self.text)  # B1..B10
        out = self.tmp.name + "/o.dag"
        for mode in ("replace", "keep", "add"):
            text = write(self.src, "dagman", out, "--mode", mode).decode()
            self.assertEqual(self.without(text), self.without(self.text), mode)
            got = self.priorities(text)
            for v in ours:
                want = {"replace": ours[v], "keep": user.get(v, ours[v]),
                        "add": user.get(v, 0) * (n + 1) + ours[v]}[mode]
                self.assertEqual(got[v], want, (mode, v))
        text = write(self.src, "dagman", out, "--prio-compat").decode()
        self.assertIn('VARS A JOBPRIORITY="%d"' % ours["A"], text)
        self.assertNotIn("Priority B1 5", text)

    def test_schedule_write_dagman_still_works(self):
        out = self.tmp.name + "/s.dag"
        rc, stdout, err = run("schedule", self.src, "--write-dagman", out)
        self.assertEqual(rc, 0, err)
        with open(out) as f:
            self.assertEqual(f.read(), write(self.src, "dagman", self.tmp.name + "/p.dag").decode())

    def test_errors_leave_no_output(self):
        bad_dir = os.path.join(self.tmp.name, "no", "o.dag")
        rc, out, err = run("priorities", self.src, "--to", "dagman", "-o", bad_dir)
        self.assertEqual((rc, out), (1, ""))
        self.assertIn("cannot write", err)
        self.assertFalse(os.path.exists(os.path.dirname(bad_dir)))
        # Not a DAGMan input: the existing output file stays as it was.
        existing = os.path.join(self.tmp.name, "keep.dag")
        with open(existing, "w") as f:
            f.write("old\n")
        dax = os.path.join(DATA, "dax", "HEFT_paper.xml")
        rc, out, err = run("priorities", dax, "--to", "dagman", "-o", existing)
        self.assertEqual((rc, out), (1, ""))
        self.assertIn("not read from an HTCondor DAGMan file", err)
        with open(existing) as f:
            self.assertEqual(f.read(), "old\n")
        self.assertEqual(sorted(os.listdir(self.tmp.name)), ["keep.dag"])
        # A splice whose file is missing.
        lonely = os.path.join(self.tmp.name, "lonely.dag")
        with open(lonely, "w") as f:
            f.write("JOB A a.sub\nSPLICE S gone.dag\n")
        rc, out, err = run("priorities", lonely, "--to", "dagman", "-o", existing)
        self.assertEqual(rc, 1)
        self.assertIn("gone.dag", err)
        # Usage errors.
        for args in (["--to", "condor"], ["--to", "csv", "--prio-compat"], ["--to", "dagman", "--mode", "mix"], []):
            rc, out, err = run("priorities", self.src, *args)
            self.assertEqual((rc, out), (2, ""), args)
        self.assertEqual(sorted(os.listdir(self.tmp.name)), ["keep.dag", "lonely.dag"])


class KeepSource(unittest.TestCase):
    """`ics schedule`, `info` and the others read without the file's text
    (ics_read_options.keep_source = 0); `priorities` and `schedule
    --write-dagman` keep it: their rewrites work on every format that has one,
    and the schedule is the same either way."""

    def test_same_schedule_and_rewrites_still_work(self):
        with tempfile.TemporaryDirectory() as tmp:
            for src, target in ((os.path.join(DATA, "dax", "HEFT_paper.xml"), "dax"),
                                (os.path.join(DATA, "wfformat", "helloworld-chain-5-chameleon.json"), "wfformat"),
                                (os.path.join(DATA, "dagman", "pegasus_generated_diamond-0.dag"), "dagman")):
                rc, full, err = run("schedule", src, "--json", "--full")
                self.assertEqual(rc, 0, err)
                order = json.loads(full)["order"]
                text = write(src, target, os.path.join(tmp, "o." + target))
                self.assertGreater(len(text), os.path.getsize(src) // 2, src)
                rc, back, err = run("schedule", os.path.join(tmp, "o." + target), "--json", "--full")
                self.assertEqual(rc, 0, err)
                self.assertEqual(json.loads(back)["order"], order, src)
                if target == "dagman":
                    out = os.path.join(tmp, "s.dag")
                    rc, again, err = run("schedule", src, "--json", "--full", "--write-dagman", out)
                    self.assertEqual((rc, again), (0, full), err)
                    with open(out, "rb") as f:
                        self.assertEqual(f.read(), text)


if __name__ == "__main__":
    test_cli.ICS = sys.argv.pop(1)
    unittest.main()
