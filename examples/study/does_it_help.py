#!/usr/bin/env python3
"""Does icsched make runs faster? A reproducible study with `ics simulate`.

usage: does_it_help.py ICS WORKLOADS_DIR [--seeds 20] [--out DIR] [--max-tasks 2500]

Simulates every workflow of WORKLOADS_DIR that records task runtimes
(WfCommons WfFormat 1.5 instances and WorkflowSim DAX files, 30..MAX tasks)
under three worker models, each policy with the same seeds (paired runs):

  grid        8 workers, speeds log-uniform in [1/4, 4], always present
  volunteer   32 workers, heterogeneous speeds, churn: up periods of mean
              max(10x the mean task, 4x the longest), down periods half as
              long; a worker that leaves returns its task, which restarts
  wide        n/4 workers (at least 4), volunteer days (up half of every
              period of max(20x the mean task, 4x the longest)), requests
              batched by 8, 5% of executions fail and are retried

and prints a Markdown table: per workflow and model, the mean makespan of
icsched and each other policy's mean makespan divided by icsched's (> 1:
icsched finished sooner), and icsched's wins/ties/losses against FIFO over
the seeds; then a summary: in how many (workflow, model) cells icsched is
faster or slower than each policy beyond the 95% confidence interval of the
paired difference. With --out DIR it also draws `ics plot` pictures of a few
workflows there. Standard library only; progress on stderr.
"""
import argparse
import json
import math
import os
import subprocess
import sys

POLICIES = ["icsched", "fifo", "upward-rank", "dask-like", "greedy", "random"]
T975 = {19: 2.093, 29: 2.045, 9: 2.262, 4: 2.776}


def ics(tool, *args):
    out = subprocess.run([tool, *args], check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def workflows(root, max_tasks):
    manifest = os.path.join(root, "MANIFEST.tsv")
    rows = []
    with open(manifest) as f:
        head = f.readline().rstrip("\n").split("\t")
        for line in f:
            r = dict(zip(head, line.rstrip("\n").split("\t")))
            if r["acyclic"] != "True" or r["format"] not in ("wfformat-1.5", "dax"):
                continue
            if not (30 <= int(r["tasks"]) <= max_tasks):
                continue
            rows.append((r["path"], int(r["tasks"])))
    return sorted(rows)


def models(n, mean_task, max_task):
    # Periods long against the tasks: a task longer than the time its worker
    # stays restarts again and again (the run would be cut as stalled).
    up = max(10 * mean_task, 4 * max_task, 1e-3)
    period = max(20 * mean_task, 4 * max_task, 1e-3)
    return {
        "grid": ["--workers", "8", "--speeds", "heterogeneous"],
        "volunteer": ["--workers", "32", "--speeds", "heterogeneous", "--availability", "churn",
                      "--mean-up", f"{up:.6g}", "--mean-down", f"{up / 2:.6g}"],
        "wide": ["--workers", str(max(4, n // 4)), "--availability", "volunteer", "--period", f"{period:.6g}",
                 "--duty", "0.5", "--batch", "8", "--failures", "0.05", "--retries", "254"],
    }


def paired(a, b):
    """Mean of b - a and the half-width of its 95% interval."""
    d = [y - x for x, y in zip(a, b)]
    k = len(d)
    mean = sum(d) / k
    sd = math.sqrt(sum((x - mean) ** 2 for x in d) / (k - 1)) if k > 1 else 0.0
    return mean, T975.get(k - 1, 1.96) * sd / math.sqrt(k)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("ics")
    ap.add_argument("workloads")
    ap.add_argument("--seeds", type=int, default=20)
    ap.add_argument("--max-tasks", type=int, default=2500)
    ap.add_argument("--out", default=None, help="folder for SVG pictures")
    args = ap.parse_args()
    tty = sys.stderr.isatty()
    rows = workflows(args.workloads, args.max_tasks)
    print(f"{len(rows)} workflows x 3 worker models x {args.seeds} seeds, policies {', '.join(POLICIES)}\n")
    print("| workflow | tasks | model | icsched makespan | " + " | ".join(p for p in POLICIES[1:]) +
          " | vs fifo W/T/L |")
    print("|---|---:|---|---:|" + "---:|" * (len(POLICIES) - 1) + "---|")
    tally = {p: {"faster": 0, "slower": 0, "same": 0} for p in POLICIES[1:]}
    ratios = {p: [] for p in POLICIES[1:]}
    skipped = []
    for i, (path, n) in enumerate(rows):
        full = os.path.join(args.workloads, path)
        try:
            one = ics(args.ics, "simulate", full, "--workers", "1", "--json")
        except subprocess.CalledProcessError as e:  # e.g. a negative runtime in the file
            skipped.append((path, e.stderr.strip()))
            continue
        for model, opts in models(n, one.get("duration_mean", 1.0), one.get("duration_max", 1.0)).items():
            if tty:
                print(f"[{i + 1}/{len(rows)}] {path} {model}...".ljust(100), end="\r", file=sys.stderr)
            out = ics(args.ics, "simulate", full, "--policy", ",".join(POLICIES), "--runs", str(args.seeds),
                      "--seed", "1", *opts, "--json")
            spans = {p["policy"]: [r["makespan"] for r in p["runs"]] for p in out["policies"]}
            stalled = sum(r["stalled"] for p in out["policies"] for r in p["runs"])
            if stalled:
                print(f"{path} {model}: {stalled} runs stalled", file=sys.stderr)
            base = spans["icsched"]
            mb = sum(base) / len(base)
            cells = []
            for p in POLICIES[1:]:
                mp = sum(spans[p]) / len(spans[p])
                r = mp / mb if mb > 0 else 1.0
                ratios[p].append(r)
                cells.append(f"{r:.3f}")
                d, ci = paired(base, spans[p])
                tally[p]["faster" if d > ci else "slower" if d < -ci else "same"] += 1
            wtl = next(c for c in out["comparison"] if c["against"] == "fifo")
            name = path.rsplit("/", 1)[-1].replace(".json", "").replace(".xml", "")
            print(f"| {name} | {n} | {model} | {mb:.6g} | " + " | ".join(cells) +
                  f" | {wtl['wins']}/{wtl['ties']}/{wtl['losses']} |")
            sys.stdout.flush()
    if tty:
        print(" " * 100, end="\r", file=sys.stderr)
    for path, why in skipped:
        print(f"\nskipped {path}: {why}")
    cells = (len(rows) - len(skipped)) * 3
    print(f"\nSummary over {cells} (workflow, model) cells: icsched against each policy, paired by seed "
          "(faster / slower = the mean makespan difference is outside its 95% confidence interval):\n")
    print("| policy | icsched faster | no significant difference | icsched slower | median makespan ratio | "
          "min | max |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for p in POLICIES[1:]:
        rs = sorted(ratios[p])
        med = rs[len(rs) // 2]
        t = tally[p]
        print(f"| {p} | {t['faster']} | {t['same']} | {t['slower']} | {med:.3f} | {rs[0]:.3f} | {rs[-1]:.3f} |")
    if args.out:
        os.makedirs(args.out, exist_ok=True)
        picks = [r for r in rows if r[0].rsplit("/", 1)[-1] in ("Montage_100.xml", "Epigenomics_100.xml",
                                                                "cycles-chameleon-5l-2c-9p-001.json")]
        for path, n in picks:
            full = os.path.join(args.workloads, path)
            name = path.rsplit("/", 1)[-1].replace(".json", "").replace(".xml", "")
            svg = os.path.join(args.out, f"{name}.svg")
            subprocess.run([args.ics, "plot", full, "-o", svg, "--workers", "8", "--speeds", "heterogeneous",
                            "--runs", str(args.seeds), "--policies", ",".join(POLICIES[:5]),
                            "--title", f"{name}: 8 heterogeneous workers"], check=True)
            print(f"wrote {svg}", file=sys.stderr)


if __name__ == "__main__":
    main()
