#!/usr/bin/python3
"""icsched from Python: schedule a workflow, run it on the IC server, simulate it.

    python3 schedule_server.py WORKFLOW [WORKERS]

Reads WORKFLOW (any format icsched reads, e.g. Montage_25.xml from the
examples/workflows beside this directory), prints the schedule's status and
AREA (the sum of E(t), with the certified upper bound on every schedule's
AREA), hands the tasks out to one worker through icsched.Server until all are
executed (the worker gets them in the schedule's order), then simulates the
run on WORKERS (default 2) unit-time workers with icsched's ranking and with
FIFO. Exits 1 with a message when a check fails.

    PYTHONPATH=build/bindings/python python3 examples/python/schedule_server.py examples/workflows/Montage_25.xml
"""
import sys

from icsched import Dag, IcsException, Server, SimPolicy, Simulation


def main(argv):
    if len(argv) not in (2, 3):
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    workers = int(argv[2]) if len(argv) == 3 else 2
    with Dag.read(argv[1]) as dag, dag.schedule() as s:
        n = dag.node_count
        print('TASKS %d ARCS %d' % (n, dag.arc_count))
        print('STATUS %s METHOD %s' % (s.status.name, s.method.name))
        print('AREA %d BOUND %d GAP %.4f' % (s.area, s.area_bound, s.area_gap))
        if s.area > s.area_bound:
            raise SystemExit('AREA above its bound')

        # The server hands eligible tasks out by the schedule's ranks: one
        # worker that completes each task before asking again plays the order.
        played = []
        with Server.create(dag) as srv:
            while True:
                got = srv.request(0)
                if not got:
                    break
                played.append(got[0])
                srv.complete(got[0])
            c = srv.counts()
        print('SERVER executed %d of %d' % (c.executed, n))
        if c.executed != n or played != list(s.order()):
            raise SystemExit('the server did not run the schedule to completion')

        for policy in (SimPolicy.ICSCHED, SimPolicy.FIFO):
            run = Simulation.run(dag, workers=workers, policy=policy).runs[0]
            print('SIMULATION %s workers %d makespan %g idle %g executed %d'
                  % (policy.name, workers, run.makespan, run.idle, run.executed))
            if not run.complete or run.executed != n:
                raise SystemExit('simulated run incomplete')
    return 0


if __name__ == '__main__':
    try:
        sys.exit(main(sys.argv))
    except IcsException as e:
        sys.exit('%s: %s' % (e.code.name, e.message))
