#!/usr/bin/python3
"""icsched priorities vs Dask's default ordering, measured on a real Dask
distributed run (not a simulation).

Each workflow (WfFormat JSON with measured task runtimes, from
../shared/workloads) runs as Dask tasks that sleep for their runtime scaled
down (the workflow's mean task becomes --mean-ms milliseconds, times a
seeded log-normal jitter, times the slowdown of the worker that runs it), on
a LocalCluster of worker processes on 127.0.0.1 with different speeds
(--slowdowns, one single-threaded worker each). Every run is done twice,
with Dask's own order (dask.order) and with icsched.dask's ranks as user
priorities, in alternating order, over several seeds. Reported per
workflow: makespan (first start to last end, from the tasks' own clocks),
worker idle time (share of worker time not running a task during the
makespan), and the eligible count E(t) as the run played it (after each
task completion: tasks whose parents have all completed and that have not
completed themselves): its mean over the run and its minimum over the middle
80% of completions. Mean and standard deviation over the seeds.

    PYTHONPATH=build/bindings/python python3 examples/python/dask_study.py

Takes a few minutes; not part of CI. Progress goes to stderr.
"""
import argparse
import json
import os
import random
import statistics
import sys
import time
import zipfile

import icsched
import icsched.dask as icd

WORKLOADS = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', '..', 'shared', 'workloads')
DEFAULT_WORKFLOWS = [
    'wfinstances/pegasus/montage/montage-chameleon-2mass-01d-001.json',
    'wfinstances/pegasus/epigenomics/epigenomics-chameleon-hep-1seq-100k-001.json',
    'wfinstances/pegasus/cycles/cycles-chameleon-1l-1c-9p-001.json',
    'wfinstances/pegasus/1000genome/1000genome-chameleon-2ch-100k-001.json',
    'flowbench/casa_wind_full.json',
]


def run_task(name, seconds, slowdowns, *parents):
    """The Dask task: sleep seconds x this worker's slowdown; report when and where."""
    from distributed import get_worker
    w = get_worker()
    slow = slowdowns[int(w.name) % len(slowdowns)]
    start = time.time()
    time.sleep(seconds * slow)
    return (name, start, time.time(), w.name)


def runtimes(path, names):
    """Measured runtime (s) per task name from a WfFormat file; None for a
    file without runtimes (FlowBench's adjacency JSON)."""
    if path.endswith('.zip'):
        with zipfile.ZipFile(path) as z:
            data = json.loads(z.read(z.namelist()[0]))
    else:
        with open(path) as f:
            data = json.load(f)
    wf = data.get('workflow') if isinstance(data, dict) else None
    if not isinstance(wf, dict):
        return None
    tasks = wf.get('execution', {}).get('tasks') or wf.get('tasks') or []
    rt = {}
    for t in tasks:
        value = t.get('runtimeInSeconds', t.get('runtime'))
        if value is not None:
            rt[t.get('id', t.get('name'))] = float(value)
            rt.setdefault(t.get('name'), float(value))
    if not rt:
        return None
    return [rt.get(n, 0.0) for n in names]


def load(path):
    with icsched.Dag.read(path) as dag:
        names = dag.names()
        parents = [[names[p] for p in dag.parents(v)] for v in range(dag.node_count)]
        with dag.schedule() as s:
            status = s.status.name
    return names, parents, runtimes(path, names), status


def graph(names, parents, durations, slowdowns, prefix):
    return {prefix + n: (run_task, n, d, slowdowns) + tuple(prefix + p for p in ps)
            for n, ps, d in zip(names, parents, durations)}


def measure(records, names, parents, workers):
    """makespan (s), idle share, mean E(t), min E(t) over the middle 80%."""
    by_name = {r[0]: r for r in records}
    start = min(r[1] for r in records)
    end = max(r[2] for r in records)
    makespan = end - start
    busy = {}
    for r in records:
        busy[r[3]] = busy.get(r[3], 0.0) + (r[2] - r[1])
    idle = 1.0 - sum(busy.values()) / (workers * makespan)
    done = set()
    children = {n: [] for n in names}
    missing = {n: len(ps) for n, ps in zip(names, parents)}
    for n, ps in zip(names, parents):
        for p in ps:
            children[p].append(n)
    eligible = sum(1 for n in names if missing[n] == 0)
    e = [eligible]
    for n in sorted(names, key=lambda k: by_name[k][2]):
        done.add(n)
        eligible -= 1
        for c in children[n]:
            missing[c] -= 1
            if missing[c] == 0:
                eligible += 1
        e.append(eligible)
    lo, hi = len(e) // 10, len(e) - len(e) // 10
    return makespan, idle, statistics.mean(e), min(e[lo:hi] or e)


def fmt(values, scale=1.0, digits=0):
    m = statistics.mean(values) * scale
    s = (statistics.stdev(values) * scale) if len(values) > 1 else 0.0
    return '%.*f ± %.*f' % (digits, m, digits, s)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('workflows', nargs='*', help='WfFormat/adjacency JSON files (default: 5 from ../shared/workloads)')
    ap.add_argument('--seeds', type=int, default=5)
    ap.add_argument('--mean-ms', type=float, default=25.0, help='scaled mean task runtime')
    ap.add_argument('--slowdowns', default='1,1,2,4', help='one single-threaded worker per factor')
    ap.add_argument('--json', help='also write every run to this file')
    args = ap.parse_args()
    from distributed import Client, LocalCluster
    slowdowns = tuple(float(x) for x in args.slowdowns.split(','))
    paths = args.workflows or [os.path.join(WORKLOADS, w) for w in DEFAULT_WORKFLOWS]
    progress = sys.stderr.isatty()
    rows, runs = [], []
    with LocalCluster(n_workers=len(slowdowns), threads_per_worker=1, processes=True, host='127.0.0.1',
                      dashboard_address='127.0.0.1:0') as cluster, Client(cluster) as client:
        run_id = 0
        for path in paths:
            names, parents, base, status = load(path)
            synthetic = base is None
            if synthetic:
                base = [1.0] * len(names)
            mean = statistics.mean(base) or 1.0
            scaled = [min(max(b / mean * args.mean_ms / 1000.0, 0.003), 20 * args.mean_ms / 1000.0) for b in base]
            res = {'dask': [], 'icsched': []}
            ics_time = []
            for seed in range(args.seeds):
                rng = random.Random(seed)
                durations = [d * rng.lognormvariate(0.0, 0.3) for d in scaled]
                policies = ['dask', 'icsched'] if seed % 2 == 0 else ['icsched', 'dask']
                for policy in policies:
                    run_id += 1
                    prefix = 'r%d-' % run_id
                    dsk = graph(names, parents, durations, slowdowns, prefix)
                    keys = list(dsk)
                    if policy == 'dask':
                        records = client.get(dsk, keys)
                    else:
                        t0 = time.perf_counter()
                        ranks = icd.priorities(dsk)
                        ics_time.append(time.perf_counter() - t0)
                        records = client.get(dsk, keys, priority=lambda k: ranks.get(k, 0))
                    m = measure(records, names, parents, len(slowdowns))
                    res[policy].append(m)
                    runs.append({'workflow': os.path.basename(path), 'seed': seed, 'policy': policy,
                                 'makespan_s': m[0], 'idle': m[1], 'mean_eligible': m[2], 'min_eligible': m[3]})
                    if progress:
                        print('%s seed %d %-7s makespan %.3f s idle %.0f%% E mean %.1f min %d'
                              % (os.path.basename(path), seed, policy, m[0], 100 * m[1], m[2], m[3]),
                              file=sys.stderr)
            d, i = res['dask'], res['icsched']
            ratio = [b[0] / a[0] for a, b in zip(d, i)]
            rows.append((os.path.basename(path).replace('.json', ''), len(names), status, synthetic, d, i, ratio,
                         statistics.mean(ics_time)))
    print('| workflow | tasks | icsched | order | makespan (ms) | idle | mean E(t) | min E(t), middle 80% |'
          ' makespan icsched/dask |')
    print('| --- | ---: | --- | --- | ---: | ---: | ---: | ---: | ---: |')
    for name, n, status, synthetic, d, i, ratio, t in rows:
        label = name + (' (no runtimes: unit)' if synthetic else '')
        for policy, r in (('Dask default', d), ('icsched (%.0f ms)' % (1000 * t), i)):
            print('| %s | %d | %s | %s | %s | %s | %s | %s | %s |' % (
                label, n, status.lower().replace('_', '-'), policy, fmt([x[0] for x in r], 1000),
                fmt([x[1] for x in r], 100) + ' %', fmt([x[2] for x in r], 1, 1), fmt([x[3] for x in r], 1, 1),
                fmt(ratio, 1, 3) if policy != 'Dask default' else ''))
    if args.json:
        with open(args.json, 'w') as f:
            json.dump(runs, f, indent=1)


if __name__ == '__main__':
    main()
