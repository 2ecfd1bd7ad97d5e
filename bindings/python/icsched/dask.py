"""IC-optimal task priorities for Dask (dask 2022.12 / distributed 2022.12).

Dask orders tasks with dask.order, which optimizes memory, not eligibility.
This module turns a Dask graph (a collection, a HighLevelGraph or a plain
dict graph) into an icsched Dag, schedules it, and hands the ranks to Dask
as per-task priorities:

    from distributed import Client
    import icsched.dask
    client = Client(...)
    futures = icsched.dask.compute(collection, client=client)   # the common case
    ranks = icsched.dask.priorities(collection)                 # key -> rank, for others
    client.get(dsk, keys, priority=ranks)                       # e.g. a dict graph

How distributed combines them (distributed/scheduler.py, update_graph): each
task's priority is the tuple (-user_priority, generation, dask.order rank),
smallest first, where user_priority comes from the priority= argument of
Client.compute/submit/get or dask.annotate(priority=...). The user priority
therefore decides first; dask.order only breaks ties. The ranks here are
distinct (the first task of the IC schedule gets len(graph), the last 1), so
the scheduler's queue and each worker's ready heap run the IC-optimal order
among the tasks they hold; dask.order no longer matters. `base` shifts every
rank, to place one computation above or below others submitted by the same
client (a plain priority=10 on another computation is below every rank >= 11).
A task the scheduler already holds (the same key, still referenced by an
earlier computation) keeps the priority it was first given.
"""
from collections.abc import Mapping as _Mapping

from ._errors import IcsException
from ._enums import Status
from .dag import Dag

__all__ = ['to_dag', 'schedule', 'priorities', 'order', 'compute', 'get']


def _graph(graph):
    """A plain {key: task} dict from a collection, a HighLevelGraph or a dict."""
    if graph is None:
        raise TypeError('graph must be a Dask collection, a HighLevelGraph or a dict graph, not None')
    if hasattr(graph, '__dask_graph__') and not isinstance(graph, _Mapping):
        graph = graph.__dask_graph__()
        if graph is None:
            raise TypeError('the collection has no task graph')
    if not isinstance(graph, _Mapping):
        raise TypeError('graph must be a Dask collection, a HighLevelGraph or a dict graph, not %s'
                        % type(graph).__name__)
    to_dict = getattr(graph, 'to_dict', None)
    return to_dict() if callable(to_dict) else dict(graph)


def _collections_graph(collections, optimize_graph):
    import dask.base
    return dict(dask.base.collections_to_dsk(collections, optimize_graph))


def to_dag(graph):
    """(Dag, keys): one node per task of graph, node id i for keys[i], an arc
    from each task to the tasks that use its result.  Raises IcsException
    CYCLE for a cyclic graph.  Node names are the keys as text."""
    import dask.core
    dsk = _graph(graph)
    keys = list(dsk)
    ids = {k: i for i, k in enumerate(keys)}
    dag = Dag()
    try:
        used = set()
        for i, k in enumerate(keys):
            name = k if isinstance(k, str) else repr(k)
            if not name or name in used:
                name = '#%d %s' % (i, name)
            used.add(name)
            dag.add_node(name)
        for k in keys:
            target = ids[k]
            for dep in dask.core.get_dependencies(dsk, k):
                if dep != k:
                    dag.add_arc(ids[dep], target)
                else:
                    raise IcsException(Status.CYCLE, 'task %r depends on itself' % (k,))
        if keys:
            dag.validate()
    except BaseException:
        dag.close()
        raise
    return dag, keys


def schedule(graph, options=None):
    """(Schedule, keys): the IC-scheduling pipeline on graph (options: a
    ScheduleOptions); schedule.order() holds node ids, keys[id] the task."""
    dag, keys = to_dag(graph)
    with dag:
        if not keys:
            raise IcsException(Status.EMPTY_GRAPH, 'the Dask graph has no task')
        return dag.schedule(options), keys


def order(graph, options=None):
    """The tasks' keys in IC-optimal (or, when not proven, the engine's heuristic) order."""
    s, keys = schedule(graph, options)
    with s:
        return [keys[i] for i in s.order()]


def priorities(graph, options=None, base=0):
    """{key: rank}: base + len(graph) for the first task of the IC schedule
    down to base + 1 for the last (Dask runs higher priorities first).  Pass
    it as priority= to Client.compute/get/submit or dask.annotate; an empty
    graph gives {}."""
    if not isinstance(base, int):
        raise TypeError('base must be an int, not %s' % type(base).__name__)
    dag, keys = to_dag(graph)
    with dag:
        if not keys:
            return {}
        with dag.schedule(options) as s:
            ranks = dag.priorities(s.order())
    return {k: base + int(r) for k, r in zip(keys, ranks)}


def _client(client):
    if client is not None:
        return client
    from distributed import get_client
    return get_client()


def compute(*collections, client=None, options=None, base=0, optimize_graph=True, **kwargs):
    """client.compute(collections) with IC-optimal priorities: the ranks are
    computed on the graph the client will send (optimized the same way, so
    fused keys match).  Returns what Client.compute returns (a future per
    collection, or a list of futures for several).  client: default the
    current distributed client; other keyword arguments go to Client.compute
    (not priority, which this call sets)."""
    if 'priority' in kwargs:
        raise TypeError("compute() sets priority itself; use base= to shift the ranks")
    if not collections:
        raise TypeError('compute() needs at least one collection')
    for c in collections:
        if not hasattr(c, '__dask_graph__'):
            raise TypeError('compute() takes Dask collections, not %s (use get() for a dict graph)'
                            % type(c).__name__)
    ranks = priorities(_collections_graph(collections, optimize_graph), options, base)
    cl = _client(client)
    target = collections[0] if len(collections) == 1 else list(collections)
    return cl.compute(target, priority=lambda key: ranks.get(key, base), optimize_graph=optimize_graph, **kwargs)


def get(dsk, keys, client=None, options=None, base=0, **kwargs):
    """client.get(dsk, keys) for a plain dict graph with IC-optimal priorities."""
    if 'priority' in kwargs:
        raise TypeError("get() sets priority itself; use base= to shift the ranks")
    ranks = priorities(dsk, options, base)
    return _client(client).get(dsk, keys, priority=lambda key: ranks.get(key, base), **kwargs)
