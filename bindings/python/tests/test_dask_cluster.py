"""One real run on a LocalCluster of worker processes on 127.0.0.1, bounded
in time (SIGALRM after 90 s; it takes a few seconds) and stopping by itself."""
import operator
import os
import signal
import time

import pytest

distributed = pytest.importorskip('distributed')
import icsched.dask as icd  # noqa: E402


def slow_add(a, b):
    time.sleep(0.005)
    return a + b


def test_local_cluster_run_with_ic_priorities():
    def timed_out(signum, frame):
        raise TimeoutError('the LocalCluster run took more than 90 s')

    old = signal.signal(signal.SIGALRM, timed_out)
    signal.alarm(90)
    try:
        with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host='127.0.0.1',
                                      dashboard_address='127.0.0.1:0', protocol='tcp') as cluster, \
                distributed.Client(cluster) as client:
            assert cluster.scheduler_address.startswith('tcp://127.0.0.1:')
            http = [sock.getsockname()[0] for sock in cluster.scheduler.http_server._sockets.values()]
            assert http and set(http) == {'127.0.0.1'}
            workers = client.run(lambda dask_worker: dask_worker.address)
            assert all(a.startswith('tcp://127.0.0.1:') for a in workers.values())
            pids = client.run(os.getpid)
            assert len(pids) == 2 and os.getpid() not in pids.values()  # worker processes
            d, n = 4, 16
            dsk = {('x', 0, i): i for i in range(n)}
            for lvl in range(1, d + 1):
                for i in range(n):
                    j = i ^ (1 << (lvl - 1))
                    dsk[('x', lvl, i)] = (slow_add, ('x', lvl - 1, min(i, j)), ('x', lvl - 1, max(i, j)))
            keys = [('x', d, i) for i in range(n)]
            started = time.monotonic()
            assert icd.get(dsk, keys, client=client) == [sum(range(n))] * n
            assert time.monotonic() - started < 60
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
