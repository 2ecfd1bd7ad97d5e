"""The Python binding against the brute-force facts of the Java tests."""
import itertools
import os
from array import array

import pytest

import icsched
from icsched import (Batch, BatchMethod, Cluster, ClusterStrategy, Dag, DagAlgebra, Format, IcsException, Objective,
                     Policy, Priority, ScheduleMethod, ScheduleOptions, ScheduleStatus, Status, Sweep)

import brute_force as bf

FAMILIES = [lambda: Dag.fft(3), lambda: Dag.reduction_mesh(6), lambda: Dag.reduction_tree(4), lambda: Dag.out_mesh(5),
            lambda: Dag.w(3, 2), lambda: Dag.m(3, 2), lambda: Dag.n(4), lambda: Dag.cycle(4),
            lambda: Dag.expansion_reduction(2), lambda: Dag.wavefront(3, 4), lambda: Dag.pbt('3,1/2,2')]


def test_version():
    assert icsched.version() == icsched.__version__
    assert icsched.version_number() >= 100
    assert icsched.version().startswith('%d.' % (icsched.version_number() // 10000))


@pytest.mark.parametrize('make', FAMILIES)
def test_ic_optimal_schedules_reach_the_per_step_maximum(make):
    with make() as dag, dag.schedule() as s:
        assert s.is_ic_optimal and s.status == ScheduleStatus.IC_OPTIMAL and s.reason == ''
        order = list(s.order())
        assert bf.valid_order(dag, order)
        assert list(s.eligible()) == bf.eligible(dag, order) == bf.max_eligible(dag)
        assert s.area == sum(s.eligible())
        with dag.evaluate(order) as p:
            assert list(p.eligible()) == list(s.eligible()) and p.steps == dag.node_count
            assert p.area == s.area and p.memory == s.memory and list(p.order()) == order


def test_no_ico_schedule_is_area_optimal_with_a_reason():
    with bf.no_ico() as dag, dag.schedule() as s:
        # Small enough for the exact AREA search: the most AREA of any order, proven.
        assert s.status == ScheduleStatus.AREA_OPTIMAL and not s.is_ic_optimal and s.reason
        best = max(sum(bf.eligible(dag, list(o))) for o in itertools.permutations(range(dag.node_count))
                   if bf.valid_order(dag, list(o)))
        assert s.area == best == s.area_bound and s.area_gap == 0
        order = list(s.order())
        assert bf.valid_order(dag, order)
        assert list(s.eligible()) == bf.eligible(dag, order)
        m = bf.max_eligible(dag)
        assert list(s.max_eligible()) == m and list(s.eligible()) != m


def test_sidney_work_budget():
    d = ScheduleOptions.defaults()
    assert d.sidney_max_work == 0  # the default from the dag's size
    with pytest.raises(IcsException):
        d.replace(sidney_max_work=-1)
    o = d.replace(area_max_downsets=0)
    with Dag.random_er(2000, 0.004, 7) as dag, \
            dag.schedule(o.replace(sidney_max_work=1)) as small, \
            dag.schedule(o.replace(sidney_max_work=1 << 40)) as large:
        assert 'reached its work budget' in small.reason and '--sidney-max-work' in small.reason
        assert 'work budget' not in large.reason
        assert large.area_bound < small.area_bound


def test_options():
    d = ScheduleOptions.defaults()
    assert (d.exact_max_nodes, d.exact_max_downsets, d.block_exact_max_sources) == (20, 1 << 20, 24)
    assert d == ScheduleOptions() and d.objective == Objective.ELIGIBILITY
    assert d.area_max_downsets == 1 << 21
    o = d.replace(exact_max_nodes=0, exact_max_downsets=0)
    assert d.exact_max_nodes == 20 and o.exact_max_nodes == 0
    # The exact AREA search has its own budget: on without the ICO search, off at 0.
    with bf.no_ico() as dag, dag.schedule(o) as s:
        assert s.status == ScheduleStatus.AREA_OPTIMAL and len(s.max_eligible()) > 0
    o = o.replace(area_max_downsets=0)
    with bf.no_ico() as dag, dag.schedule(o) as s:
        assert s.status == ScheduleStatus.HEURISTIC and len(s.max_eligible()) == 0
        assert 'exact AREA search off' in s.reason
    # Over the budget, but series-parallel: still AREA-maximal.
    with bf.no_ico() as dag, dag.schedule(o.replace(area_max_downsets=3)) as s:
        assert s.status == ScheduleStatus.AREA_OPTIMAL and s.method == ScheduleMethod.SERIES_PARALLEL
        assert 'budget 3 down-sets' in s.reason
    with pytest.raises(IcsException):
        d.replace(area_max_downsets=-1)
    with Dag.fft(2) as dag, dag.schedule(o) as s:
        assert s.is_ic_optimal and len(s.max_eligible()) == 0
    # MEMORY: same E(t), memory no higher than the default's.
    with Dag.fft(2) as dag, dag.schedule() as a, dag.schedule(d.replace(objective=Objective.MEMORY)) as b:
        assert list(a.eligible()) == list(b.eligible()) and b.memory <= a.memory


def test_certificate_blocks_cover_the_skeleton():
    with Dag.fft(3) as dag, dag.schedule() as s, dag.superdag() as sup:
        blocks = s.blocks()
        assert s.method == ScheduleMethod.DECOMPOSITION and blocks
        assert sup.node_count == len(blocks) and [sup.node_name(b.index) for b in blocks][:1] == ['B0']
        assert sorted(i for g in s.linearization() for i in g) == list(range(len(blocks)))
        for b in blocks:
            assert b.profile[0] == 0 and len(b.profile) == len(b.sources) + 1 and b.is_proven
            assert b.profile[-1] == len(b.sinks)
        with pytest.raises(Exception):
            blocks[0].index = 3  # immutable


def test_structure_queries():
    with Dag.w(2, 2) as dag:
        assert len(dag) == dag.node_count == 5 and dag.arc_count == 4
        assert list(dag.sources()) == [0, 1] and list(dag.sinks()) == [2, 3, 4]
        assert dag.info == (5, 4, 0, 2, 3, 2, 3) and dag.info.sinks == 3
        assert sorted(dag.arcs()) == sorted((p, v) for v in range(5) for p in dag.parents(v))
        for v in range(5):
            assert dag.in_degree(v) == len(dag.parents(v)) and dag.out_degree(v) == len(dag.children(v))
            assert dag.node_id(dag.node_name(v)) == v
        assert list(dag.levels()) == [0, 0, 1, 1, 1]
        assert bf.valid_order(dag, dag.topological_order())
        for pol in Policy:
            assert bf.valid_order(dag, dag.order(pol, 7))
        with dag.dual() as du:
            assert sorted(du.arcs()) == sorted((v, u) for u, v in dag.arcs())
            with du.schedule() as ds, dag.schedule() as s:
                assert bf.valid_order(du, dag.dual_order(s.order())) and ds.is_ic_optimal
        with dag.copy() as c:
            c.add_node('extra')
            assert c.node_count == 6 and dag.node_count == 5


def test_priorities_and_nonsource_profile():
    with Dag.w(2, 2) as dag, dag.schedule() as s:
        order = list(s.order())
        pr = dag.priorities(order)
        assert sorted(pr) == list(range(1, 6))
        assert [pr[v] for v in order] == list(range(5, 0, -1))
        prof = list(dag.nonsource_profile(order))
        # nonsources made ELIGIBLE after each of the first i nonsinks
        assert prof[0] == 0 and len(prof) == 3 and prof[-1] == 3


def test_skeleton_removes_shortcuts():
    with bf.from_arcs('a->b', 'b->c', 'a->c') as dag, dag.skeleton() as sk:
        assert dag.shortcut_count() == 1 and sk.arc_count == 2 and sk.node_count == 3


def test_files_round_trip(tmp_path):
    with Dag.fft(2) as dag:
        for fmt in (Format.EDGES, Format.DOT, Format.WFFORMAT, Format.DAGMAN, Format.DAX):
            path = tmp_path / ('g.' + fmt.name.lower())
            dag.write(path, fmt)
            with Dag.read(path, fmt) as back:
                assert back.node_count == dag.node_count and back.arc_count == dag.arc_count
                assert back.source_format == fmt
            with Dag.parse(dag.to_string(fmt), fmt) as back:
                assert sorted(back.arcs()) == sorted(dag.arcs()) or back.arc_count == dag.arc_count
    data = os.environ.get('ICS_TEST_DATA')
    if data and os.path.isdir(data):
        files = [f for f in sorted(os.listdir(data)) if f.endswith('.dag')]
        for f in files[:1]:
            with Dag.read(os.path.join(data, f)) as g:
                assert g.source_format == Format.DAGMAN
                with g.schedule() as s:
                    text = g.dagman_with_priorities(s.order())
                    assert text.count('PRIORITY') >= g.node_count


def test_unicode_names():
    with Dag() as dag:
        a = dag.add_node('tâche-α')
        b = dag.add_node('задача')
        dag.add_arc('tâche-α', 'задача')
        assert dag.node_name(a) == 'tâche-α' and dag.node_id('задача') == b
        assert 'задача' in dag.to_string(Format.EDGES)


def test_inputs_take_any_int_sequence():
    with Dag.w(2, 2) as dag, dag.schedule() as s:
        order = list(s.order())
        expected = list(dag.priorities(order))
        seqs = [order, tuple(order), array('i', order), array('I', order), array('q', order), (v for v in order)]
        try:
            import numpy as np
            seqs += [np.array(order, dtype=np.int32), np.array(order)]
        except ImportError:  # numpy is optional
            pass
        for seq in seqs:
            assert list(dag.priorities(seq)) == expected
        assert isinstance(s.order(), array) and s.order().typecode == 'i'


def test_sweep_of_profiles_and_dags():
    with Sweep.of_profiles([0, 4, 6], [0, 3, 5]) as w:
        assert w.is_ico and list(w.path()) == [0, 1, 0, 1] and w.count == 2
        assert list(w.profile()) == list(w.envelope()) and w.failed_group == -1 and w.failed_diagonal == -1
    with Dag.w(2, 2) as a, Dag.m(2, 2) as b, Sweep.of_dags(a, b) as w, DagAlgebra.sum(a, b) as s:
        assert w.is_ico
        steps = w.order()
        assert len(steps) == a.node_count + b.node_count
        # the interleaving is an order of the sum whose E(t) is the per-step maximum
        offset = [0, a.node_count]
        order = [offset[st.dag_index] + st.node_id for st in steps]
        assert bf.valid_order(s.dag, order)
        assert bf.eligible(s.dag, order) == bf.max_eligible(s.dag)
        assert Priority.has(a, b) == w.has_priority(0, 1)


def test_priority_matches_system_1():
    profiles = [[0, 0, 1], [0, 4, 6], [0, 3, 5], [0, 1, 2, 3], [0, 2, 2, 4], [0, 0, 0, 3]]
    for e1, e2 in itertools.product(profiles, repeat=2):
        expected = bf.priority(e1, e2)
        assert Priority.has(e1, e2) == expected, (e1, e2)
        v = Priority.violation(e1, e2)
        assert (v is None) == expected
        if v is not None:
            x, y = v
            s1 = len(e1) - 1
            assert e1[x] + e2[y] > e1[min(s1, x + y)] + e2[max(0, x + y - s1)]


def test_batch_select_is_optimal_by_brute_force():
    with Dag.fft(2) as dag:
        parents = bf.parent_masks(dag)
        for r in (1, 2, 3):
            res = Batch.select(dag, [], r)
            eligible = [v for v in range(dag.node_count) if parents[v] == 0]
            best = max(bf.eligible_count(parents, sum(1 << v for v in c))
                       for c in itertools.combinations(eligible, r))
            assert res.is_optimal and res.eligible_after == best == res.bound_after
            assert res.eligible_after == res.eligible_before - len(res.selected) + res.newly_eligible
            assert res.method != BatchMethod.AUTO and res.guarantee
        played = Batch.play(dag, [2] * dag.node_count)
        executed = [v for b in played for v in b.selected]
        assert sorted(executed) == list(range(dag.node_count))


def test_cluster_is_self_contained():
    with Dag.clustering_fig6() as dag:
        with Cluster.extract(dag, 5, ClusterStrategy.DIRECT) as c:
            tasks = set(c.tasks())
            assert len(tasks) == 5 and c.is_self_contained and c.violation == ''
            for v in tasks:  # from the start: every parent is in the cluster
                assert set(dag.parents(v)) <= tasks
            cut = c.cut_arcs()
            assert len(cut) == c.cut_arc_count
            assert sorted(cut) == sorted((u, v) for u in tasks for v in dag.children(u) if v not in tasks)
            with c.residual_dag() as res:
                assert res.node_count == dag.node_count - 5
            assert c.strategy == ClusterStrategy.DIRECT
        clusters = Cluster.sequence(dag, [], [3, 4], ClusterStrategy.DIRECT)
        assert [len(c.tasks()) for c in clusters] == [3, 4]
        assert not set(clusters[0].tasks()) & set(clusters[1].tasks())
        for c in clusters:
            c.close()
        with Cluster.check(dag, [], [dag.sinks()[0]]) as c:
            assert not c.is_self_contained and c.violation and c.strategy == ClusterStrategy.CHECK


def test_algebra_origin_maps():
    with Dag.w(2, 2) as a, Dag.n(3) as b:
        with DagAlgebra.sum(a, b, prefixes=['A:', 'B:']) as s:
            assert s.dag.node_count == 11 and list(s.parts()) == [0] * 5 + [1] * 6
            assert s.dag.node_name(5) == 'B:' + b.node_name(0) and s.node(5) == 0
        sinks, sources = list(a.sinks())[:2], list(b.sources())[:2]
        with DagAlgebra.compose(a, b, list(zip(sinks, sources))) as c:
            assert c.dag.node_count == 11 - 2 and c.part(sinks[0]) == 0
        with DagAlgebra.induced(a, [0, 2, 3]) as i:
            assert i.dag.node_count == 3 and list(i.nodes()) == [0, 2, 3]


def test_generators_sizes():
    assert Dag.fft(4).node_count == 5 * 16
    assert Dag.reduction_tree(3).node_count == 15
    assert Dag.reduction_mesh(4).node_count == 10
    assert Dag.random_er(30, 0.2, -5).node_count == 30
    assert Dag.random_layered(4, 5, 0.3, 2 ** 64 - 1).node_count == 20
    for g in (Dag.matrix_multiplication(1), Dag.laplace(3), Dag.divide_conquer(3, 2), Dag.parallel_prefix(4),
              Dag.fmri(3), Dag.reduction_tree(['', '0', '1'])):
        with g:
            g.validate()
            assert g.node_count > 0


def test_status_enum_and_exception():
    e = IcsException(Status.CYCLE, 'x')
    assert e.code == Status.CYCLE and e.code_value == int(Status.CYCLE) and str(e) == '[CYCLE] x'
    assert IcsException(-999, 'y').code == Status.INTERNAL
    import pickle
    back = pickle.loads(pickle.dumps(e))
    assert back.code == Status.CYCLE and back.message == 'x'


def test_read_without_the_source():
    import tempfile
    text = 'JOB A a.sub\nJOB B b.sub\nJOB C c.sub\nPARENT A CHILD B C\n'
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, 'w.dag')
        with open(path, 'w') as f:
            f.write(text)
        with Dag.read(path) as kept, Dag.read(path, keep_source=False) as dropped, \
                Dag.parse(text, Format.DAGMAN, keep_source=False) as parsed:
            assert kept.arcs() == dropped.arcs() == parsed.arcs()
            with kept.schedule() as s, dropped.schedule() as t:
                assert s.order() == t.order()
                assert 'PRIORITY A' in kept.dagman_with_priorities(s.order())
                for g, o in ((dropped, t.order()), (parsed, t.order())):
                    with pytest.raises(IcsException) as e:
                        g.dagman_with_priorities(o)
                    assert e.value.code == icsched.Status.UNSUPPORTED and 'keep_source' in e.value.message
