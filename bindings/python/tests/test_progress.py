"""ScheduleOptions.progress: stages in pipeline order, same answer, cancellation."""
import pytest

from icsched import Dag, IcsException, ScheduleOptions, Status, Workspace

# The pipeline's stages in the order it reaches them (ics.h ics_schedule_options.progress).
STAGES = ['certificate', 'shortcuts', 'decomposition', 'blocks', 'linearization', 'assembly', 'exact search',
          'AREA fallback', 'AREA fallback: exact AREA search', 'AREA fallback: Sidney decomposition',
          'AREA fallback: candidate orders', 'evaluation', 'memory objective']


@pytest.mark.parametrize('seed', range(1, 7))
def test_counts_stages_in_order_with_the_same_answer(seed):
    dag = Dag.random_er(200 * seed, 4.0 / (200 * seed), seed) if seed % 2 else Dag.fft(seed + 2)
    seen = []

    def listener(stage, done, total):
        assert done <= total if total else done == 0
        seen.append(stage)
        return True

    plain = ScheduleOptions(area_max_downsets=4096)
    with dag, dag.schedule(plain) as a, dag.schedule(plain.replace(progress=listener)) as b:
        assert list(a.order()) == list(b.order()) and a.reason == b.reason
        assert len(seen) >= 2 and seen[0] == 'certificate'
        order = [STAGES.index(s) for s in seen]
        assert order == sorted(order), seen
        if seed % 2:
            assert 'AREA fallback: candidate orders' in seen
        calls, seen[:] = len(seen), []
        with Workspace() as ws, ws.schedule(dag, plain.replace(progress=listener)):
            assert len(seen) == calls


def test_cancels_at_the_first_call():
    calls = []

    def cancel(stage, done, total):
        calls.append(stage)
        return False

    opts = ScheduleOptions(progress=cancel)
    with Dag.random_er(500, 0.01, 3) as dag, Workspace() as ws:
        with pytest.raises(IcsException) as e:
            dag.schedule(opts)
        assert e.value.code == Status.CANCELLED and 'cancelled' in e.value.message
        assert calls == ['certificate']
        with pytest.raises(IcsException) as e:
            ws.schedule(dag, opts)
        assert e.value.code == Status.CANCELLED and len(calls) == 2
        with ws.schedule(dag) as s:  # the workspace is free again
            assert len(s.order()) == 500
        # None (a callable without a return) goes on
        with dag.schedule(ScheduleOptions(area_max_downsets=4096, progress=lambda *a: None)) as s:
            assert len(s.order()) == 500


def test_what_the_callable_raises_comes_out():
    def boom(stage, done, total):
        raise KeyError('boom')

    with Dag.fft(4) as dag, pytest.raises(KeyError):
        dag.schedule(ScheduleOptions(progress=boom))
    with pytest.raises(TypeError):
        ScheduleOptions(progress=42)
