"""The Python Server and Simulation against a model and hand-computed cases."""
import os
import random

import pytest

from icsched import (Dag, IcsException, RequestMode, Server, ServerOptions, SimAvailability, SimDurations, SimMetric,
                     SimPolicy, SimSpeeds, Simulation, Status, TaskState)

import brute_force as bf


def longest_path(dag):
    depth = {}
    for v in dag.topological_order():
        depth[v] = 1 + max((depth[p] for p in dag.parents(v)), default=0)
    return max(depth.values())


def test_server_hands_out_the_schedule_order_with_one_worker():
    with Dag.fft(3) as dag, dag.schedule() as s, Server.create(dag) as srv:
        played = []
        while True:
            got = srv.request(0)
            if not got:
                break
            played.append(got[0])
            srv.complete(got[0])
        assert played == list(s.order())
        assert list(srv.profile_played()) == bf.eligible(dag, played)
        c = srv.counts()
        assert c.executed == dag.node_count and c.running == 0 and c.eligible == 0


def test_server_against_a_model_with_failures_and_releases():
    rng = random.Random(3)
    with Dag.random_layered(5, 6, 0.4, 7) as dag, Server.create(dag, ServerOptions(retry_limit=254)) as srv:
        parents = {v: set(dag.parents(v)) for v in range(dag.node_count)}
        done, running = set(), {}
        for _ in range(2000):
            if len(done) == dag.node_count:
                break
            w = rng.randrange(4)
            action = rng.random()
            if action < 0.5:
                for t in srv.request(w, rng.choice([1, 2])):
                    assert parents[t] <= done | set(running)  # the worker can run it in order
                    running[t] = w
            elif running and action < 0.85:
                t = rng.choice(sorted(running))
                if parents[t] <= done:
                    srv.complete(t)
                    done.add(t)
                    del running[t]
            elif running and action < 0.93:
                t = rng.choice(sorted(running))
                assert srv.fail(t) is False
                del running[t]
            else:
                back = set(srv.release(w))
                assert back == {t for t, h in running.items() if h == w}
                for t in back:
                    del running[t]
            eligible = {v for v in range(dag.node_count) if v not in done and v not in running and parents[v] <= done}
            assert set(srv.eligible()) == eligible
            assert {t for t, _ in srv.holdings()} == set(running)
            for t in running:
                assert srv.state(t) == TaskState.RUNNING
        assert srv.counts().executed == len(done)


def test_server_journal_reopens(tmp_path):
    path = str(tmp_path / 'j.icsj')
    with Dag.fft(2) as dag:
        with Server.create(dag, ServerOptions(journal=path)) as srv:
            a = srv.request(0)[0]
            srv.complete(a)
            b = srv.request(1)[0]
        with Server.open(dag, ServerOptions(journal=path)) as again:
            assert again.state(a) == TaskState.EXECUTED
            assert list(again.in_doubt()) == [b]
        with Dag.fft(3) as other:
            with pytest.raises(IcsException) as e:
                Server.open(other, ServerOptions(journal=path))
            assert e.value.code == Status.INVALID_ARGUMENT


def test_server_bad_calls_keep_the_state():
    with Dag.fft(2) as dag, Server.create(dag) as srv:
        before = srv.counts()
        with pytest.raises(IcsException):
            srv.complete(0)  # not running
        with pytest.raises(IcsException):
            srv.complete(10 ** 6)
        with pytest.raises(TypeError):
            srv.request('w')
        assert srv.counts() == before
        with pytest.raises(ValueError):
            Server.create(dag, ServerOptions(order=[0], priorities=[1]))
    srv.close()
    with pytest.raises(ValueError):
        srv.counts()


def test_simulation_hand_computed_cases():
    with Dag.random_layered(4, 5, 0.4, 2) as dag:
        n = dag.node_count
        for p in SimPolicy:
            one = Simulation.run(dag, workers=1, policy=p)
            assert one.runs[0].makespan == n and one.runs[0].idle == 0
            assert Simulation.run(dag, workers=n, policy=p).runs[0].makespan == longest_path(dag)
            if p != SimPolicy.RANDOM:
                assert list(one.runs[0].profile) == bf.eligible(dag, list(Simulation.ranking(dag, p)))
        d = [1.0 + (v * 3) % 5 for v in range(n)]
        assert Simulation.run(dag, d, workers=1).runs[0].makespan == pytest.approx(sum(d))


def test_simulation_seeds_summary_and_errors(tmp_path):
    with Dag.fft(3) as dag:
        kw = dict(workers=3, runs=6, seed=9, duration_model=SimDurations.EXPONENTIAL, speeds=SimSpeeds.HETEROGENEOUS,
                  availability=SimAvailability.CHURN, mean_up=5, mean_down=2, failure_probability=0.1, retry_limit=254)
        a, b = Simulation.run(dag, **kw), Simulation.run(dag, **kw)
        assert a.runs == b.runs
        mean, ci = a.summary(SimMetric.MAKESPAN)
        assert mean == pytest.approx(sum(r.makespan for r in a.runs) / 6) and ci > 0
        assert a.wins_ties_losses(b) == (0, 6, 0)
        with pytest.raises(IcsException) as e:
            Simulation.run(dag, [1.0, 2.0])
        assert e.value.code == Status.INVALID_ARGUMENT
        with pytest.raises(IcsException):
            Simulation.run(dag, workers=0)
        with pytest.raises(ValueError):
            Simulation.run(dag, policy=42)
        with pytest.raises(TypeError):
            Simulation.run(dag, ['x'] * dag.node_count)
    stg = tmp_path / 't.stg'
    stg.write_text('2\n0 0 0\n1 5 1 0\n2 7 1 0\n3 0 2 1 2\n')
    with Dag.read(str(stg)) as dag:
        d = Simulation.durations(dag, str(stg))
        assert d[dag.node_id('2')] == 7.0
        assert Simulation.run(dag, d, workers=2).runs[0].makespan == 7.0
