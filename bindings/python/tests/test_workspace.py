"""Workspace (ics_workspace): the same Schedule as Dag.schedule."""
import pytest

from icsched import Dag, Objective, ScheduleOptions, Workspace


def same(a, b):
    assert (a.status, a.method, a.reason) == (b.status, b.method, b.reason)
    assert list(a.order()) == list(b.order())
    assert list(a.eligible()) == list(b.eligible())
    assert (a.memory, a.area, a.area_bound) == (b.memory, b.area, b.area_bound)
    assert a.blocks() == b.blocks()


def test_same_schedule_as_dag_schedule():
    memory = ScheduleOptions(objective=Objective.MEMORY)
    with Workspace() as ws:
        assert ws.size == 0
        for seed in range(1, 31):
            dag = Dag.random_er(20 + seed * 7, 0.03, seed) if seed % 2 else Dag.random_layered(3, 5 + seed, 0.2, seed)
            opts = memory if seed % 3 == 0 else None
            with dag, dag.schedule(opts) as a, ws.schedule(dag, opts) as b:
                same(a, b)
        for make in (lambda: Dag.fft(6), lambda: Dag.reduction_mesh(40), lambda: Dag.out_mesh(40),
                     lambda: Dag.reduction_mesh(1500)):
            with make() as dag, dag.schedule() as a, ws.schedule(dag) as b:
                same(a, b)
        assert ws.size > 0  # a 1.1M-node mesh leaves its arrays in the workspace


def test_closed_workspace_and_bad_arguments():
    ws = Workspace()
    with Dag.fft(3) as dag:
        with pytest.raises(TypeError):
            ws.schedule(None)
        with pytest.raises(TypeError):
            ws.schedule(dag, options=3)
        s = ws.schedule(dag)
        ws.close()
        ws.close()
        assert ws.closed and repr(ws) == '<icsched.Workspace closed>'
        with pytest.raises(ValueError):
            ws.schedule(dag)
        assert len(s.order()) == dag.node_count  # a schedule outlives its workspace
        s.close()
