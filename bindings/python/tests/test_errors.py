"""Bad input from Python raises a clear exception and never crashes the interpreter."""
import gc

import pytest

import icsched
from icsched import Batch, Cluster, ClusterStrategy, Dag, DagAlgebra, IcsException, Priority, Status, Sweep

import brute_force as bf


def cyclic():
    return bf.from_arcs('a->b', 'b->c', 'c->a')


def test_cycles_raise_cycle():
    with cyclic() as dag:
        for call in (dag.validate, dag.schedule, dag.topological_order, lambda: dag.evaluate([0, 1, 2])):
            with pytest.raises(IcsException) as e:
                call()
            assert e.value.code == Status.CYCLE and "'a'" in e.value.message
    with pytest.raises(IcsException) as e:
        Dag.parse('a b\nb a\n')
    assert e.value.code == Status.CYCLE
    d = Dag()
    d.add_node('x')
    with pytest.raises(IcsException) as e:
        d.add_arc(0, 0)
    assert e.value.code == Status.SELF_LOOP


def test_closed_objects_raise_value_error():
    dag = Dag.fft(2)
    s = dag.schedule()
    p = dag.evaluate(dag.topological_order())
    dag.close()
    dag.close()  # idempotent
    assert dag.closed and 'closed' in repr(dag)
    for call in (lambda: dag.node_count, dag.schedule, lambda: dag.add_node('x'), dag.sources, dag.copy,
                 lambda: Sweep.of_dags(dag), lambda: Priority.has(dag, dag), lambda: Batch.select(dag, [], 1),
                 lambda: Cluster.extract(dag, 2, ClusterStrategy.DIRECT), lambda: DagAlgebra.sum(dag),
                 lambda: dag.__enter__()):
        with pytest.raises(ValueError, match='Dag is closed'):
            call()
    # a schedule and a profile outlive their dag
    assert len(s.order()) == 12 and p.steps == 12
    s.close()
    p.close()
    with pytest.raises(ValueError, match='Schedule is closed'):
        s.order()
    with pytest.raises(ValueError, match='Profile is closed'):
        p.eligible()
    with Sweep.of_profiles([0, 1]) as w:
        pass
    with pytest.raises(ValueError, match='Sweep is closed'):
        w.path()


def test_wrong_types_and_none():
    with Dag.w(2, 2) as dag:
        bad = [
            (TypeError, lambda: dag.add_node(None)), (TypeError, lambda: dag.add_node(b'x')),
            (TypeError, lambda: dag.add_arc(None, 1)), (TypeError, lambda: dag.add_arc('a', 1)),
            (TypeError, lambda: dag.parents('0')), (TypeError, lambda: dag.parents(1.0)),
            (TypeError, lambda: dag.priorities(None)), (TypeError, lambda: dag.priorities('01234')),
            (TypeError, lambda: dag.priorities([0, 1, 'x'])), (TypeError, lambda: dag.priorities([0.0])),
            (TypeError, lambda: dag.priorities(5)), (OverflowError, lambda: dag.priorities([2 ** 40])),
            (TypeError, lambda: dag.schedule(options=3)), (TypeError, lambda: Sweep.of_dags(dag, None)),
            (TypeError, lambda: Sweep.of_dags(dag, 'x')), (TypeError, lambda: Priority.has(dag, [0, 1])),
            (TypeError, lambda: Sweep.of_profiles(None)), (TypeError, lambda: Batch.select(None, [], 1)),
            (TypeError, lambda: Batch.select(dag, None, 1)), (TypeError, lambda: Dag.read(None)),
            (TypeError, lambda: Dag.parse(None)), (TypeError, lambda: Dag.fft('3')),
            (ValueError, lambda: dag.add_node('a\0b')), (ValueError, lambda: dag.order('nosuchpolicy')),
            (ValueError, lambda: dag.order(99)), (TypeError, lambda: DagAlgebra.sum(dag, prefixes=[None])),
            (TypeError, lambda: Dag.reduction_tree(['', None])), (TypeError, lambda: icsched.Priority()),
        ]
        for exc, call in bad:
            with pytest.raises(exc):
                call()


def test_library_errors_carry_the_status():
    with Dag.w(2, 2) as dag:
        cases = [
            (Status.UNKNOWN_NODE, lambda: dag.parents(-1)), (Status.UNKNOWN_NODE, lambda: dag.parents(99)),
            (Status.UNKNOWN_NODE, lambda: dag.node_id('nope')), (Status.DUPLICATE_NODE, lambda: dag.add_node('0')
                                                                 if dag.node_name(0) == '0' else dag.add_node(
                                                                     dag.node_name(0))),
            (Status.INVALID_ORDER, lambda: dag.validate_order([0, 0, 1, 2, 3])),
            (Status.INVALID_ORDER, lambda: dag.evaluate([2, 0, 1, 3, 4])),
            (Status.INVALID_ARGUMENT, lambda: Dag.w(-1, 2)), (Status.INVALID_ARGUMENT, lambda: Sweep.of_profiles()),
            (Status.INVALID_ARGUMENT, lambda: Sweep.of_profiles([1, 2])),
            (Status.INVALID_ARGUMENT, lambda: Sweep.of_profiles([0, -1])),
            (Status.INVALID_ARGUMENT, lambda: Batch.select(dag, [], 0)),
            (Status.INVALID_ARGUMENT, lambda: Batch.select(dag, [3], 1)),
            (Status.IO, lambda: Dag.read('/nonexistent/file.dot')),
            (Status.UNSUPPORTED, lambda: dag.dagman_with_priorities([0, 1, 2, 3, 4])),
            (Status.INVALID_ARGUMENT, lambda: icsched.ScheduleOptions(exact_max_nodes=-1)),
        ]
        for status, call in cases:
            with pytest.raises(IcsException) as e:
                call()
            assert e.value.code == status, (status, e.value)
            assert e.value.message
    with bf.no_ico() as dag:
        with pytest.raises(IcsException) as e:
            Sweep.of_dags(dag, dag)
        assert e.value.code == Status.NOT_IC_OPTIMAL


def test_nothing_leaks_or_crashes_under_gc():
    # objects never closed are freed by the collector; parents closed first are fine
    for _ in range(200):
        d = Dag.fft(2)
        s = d.schedule()
        p = d.evaluate(s.order())
        del d
        gc.collect()
        assert p.steps == 12 and s.is_ic_optimal
