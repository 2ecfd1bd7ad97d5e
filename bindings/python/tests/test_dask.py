"""icsched.dask on small graphs: the priorities follow the IC-optimal order,
and Dask computes the right result with them."""
import operator

import pytest

dask = pytest.importorskip('dask')
import icsched  # noqa: E402
import icsched.dask as icd  # noqa: E402
from icsched import IcsException, Status  # noqa: E402

import brute_force as bf  # noqa: E402


def fft_graph(d):
    """The FFT dag F_d as a dict graph: level l, position i; butterflies."""
    n = 1 << d
    dsk = {('x', 0, i): i for i in range(n)}
    for l in range(1, d + 1):
        span = 1 << (l - 1)
        for i in range(n):
            j = i ^ span
            dsk[('x', l, i)] = (operator.add, ('x', l - 1, min(i, j)), ('x', l - 1, max(i, j)))
    return dsk


def played_eligible(dsk, key_order):
    """E(t) of executing the keys in key_order, by brute force on the dask graph."""
    import dask.core
    keys = list(dsk)
    ids = {k: i for i, k in enumerate(keys)}
    with icsched.Dag() as dag:
        for k in keys:
            dag.add_node(str(ids[k]))
        for k in keys:
            for dep in dask.core.get_dependencies(dsk, k):
                dag.add_arc(ids[dep], ids[k])
        return bf.eligible(dag, [ids[k] for k in key_order]), bf.max_eligible(dag)


def test_priorities_follow_the_ic_optimal_order():
    dsk = fft_graph(3)
    ranks = icd.priorities(dsk)
    assert sorted(ranks.values()) == list(range(1, len(dsk) + 1))
    by_rank = sorted(dsk, key=lambda k: -ranks[k])
    assert by_rank == icd.order(dsk)
    played, best = played_eligible(dsk, by_rank)
    assert played == best  # IC-optimal: E(t) is the per-step maximum
    # dask.order's own order, for contrast, is a valid order that is not always better
    from dask.order import order as dask_order
    o = dask_order(dsk)
    dask_played, _ = played_eligible(dsk, sorted(dsk, key=o.get))
    assert all(a >= b for a, b in zip(played, dask_played))
    assert icd.priorities(dsk, base=100)[by_rank[0]] == 100 + len(dsk)


def test_collections_and_highlevelgraphs():
    from dask import delayed
    xs = [delayed(operator.mul, pure=True)(i, i) for i in range(6)]
    pairs = [delayed(operator.add, pure=True)(xs[i], xs[i + 1]) for i in range(0, 6, 2)]
    total = delayed(sum, pure=True)(pairs)
    hlg = total.__dask_graph__()
    a, b = icd.priorities(total), icd.priorities(hlg)
    assert a == b and set(a) == set(dict(hlg))
    dag, keys = icd.to_dag(total)
    with dag:
        assert dag.node_count == len(keys) == 10 and dag.arc_count == 6 + 3
        assert list(dag.sinks()) == [keys.index(total.key)]
    with icd.schedule(total)[0] as s:
        assert s.is_ic_optimal


def test_bad_graphs_raise():
    with pytest.raises(IcsException) as e:
        icd.priorities({'a': (operator.neg, 'b'), 'b': (operator.neg, 'a')})
    assert e.value.code == Status.CYCLE
    with pytest.raises(IcsException) as e:
        icd.priorities({'a': (operator.neg, 'a')})
    assert e.value.code == Status.CYCLE
    for bad in (None, 3, 'graph', [1, 2]):
        with pytest.raises(TypeError):
            icd.priorities(bad)
    assert icd.priorities({}) == {}
    with pytest.raises(IcsException):
        icd.order({})
    with pytest.raises(TypeError):
        icd.priorities({'a': 1}, base=1.5)
    with pytest.raises(TypeError):
        icd.compute({'a': 1})
    with pytest.raises(TypeError):
        icd.compute()


def test_dask_computes_the_right_result_with_the_priorities():
    distributed = pytest.importorskip('distributed')
    from dask import delayed
    # In-process workers (threads, no sockets): the LocalCluster test with
    # worker processes on 127.0.0.1 is test_dask_cluster.py.
    # HTTP (health/metrics; no dashboard) on 127.0.0.1 only.
    with distributed.Client(processes=False, n_workers=1, threads_per_worker=2,
                            dashboard_address='127.0.0.1:0') as client:
        dsk = fft_graph(3)
        keys = [('x', 3, i) for i in range(8)]
        assert icd.get(dsk, keys, client=client) == [sum(range(8))] * 8
        xs = [delayed(operator.mul, pure=True)(i, 3) for i in range(10)]
        total = delayed(sum, pure=True)(xs)
        assert icd.compute(total, client=client).result() == 135
        futures = icd.compute(total, delayed(len)(xs), client=client)
        assert [f.result() for f in futures] == [135, 10]
        with pytest.raises(TypeError):
            icd.compute(total, client=client, priority=3)
        # the scheduler holds the ranks as the user part of its priority tuple
        # (a task the scheduler already holds keeps its first priority: new keys here)
        total = delayed(sum, pure=True)([delayed(operator.mul, pure=True)(i, 5) for i in range(10)])
        ranks = icd.priorities(total)
        kept = icd.compute(total, client=client)
        assert kept.result() == 225
        held = client.run_on_scheduler(
            lambda dask_scheduler: {k: ts.priority for k, ts in dask_scheduler.tasks.items()})
        assert total.key in held
        for k, p in held.items():
            if k in ranks:
                assert p[0] == -ranks[k]
