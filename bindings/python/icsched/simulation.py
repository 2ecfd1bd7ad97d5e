"""Simulation: simulated runs on the IC server (does it make runs faster?)."""
import dataclasses as _dc
import enum as _enum
import math as _math
import struct as _struct
from typing import Tuple as _Tuple

from . import _ics
from ._util import index as _index, text as _text


class SimPolicy(_enum.IntEnum):
    """ics_sim_policy: the ranking the server hands eligible tasks out by."""
    ICSCHED = 0
    ICSCHED_MEMORY = 1
    FIFO = 2
    LIFO = 3
    LEVEL = 4
    RANDOM = 5         # drawn per run
    POSTORDER = 6
    UPWARD_RANK = 7    # HEFT's upward rank: the critical path first
    DASK_LIKE = 8      # depth-first, the child with the most work below first
    GREEDY = 9         # most newly eligible first


class SimDurations(_enum.IntEnum):
    UNIT = 0
    GIVEN = 1
    EXPONENTIAL = 2


class SimSpeeds(_enum.IntEnum):
    FIXED = 0
    HETEROGENEOUS = 1
    PER_TASK = 2


class SimAvailability(_enum.IntEnum):
    ALWAYS = 0
    CHURN = 1
    VOLUNTEER = 2


class SimMetric(_enum.IntEnum):
    MAKESPAN = 0
    IDLE = 1
    GRIDLOCK = 2
    MEMORY_PEAK = 3
    MEMORY_MEAN = 4


def _bits(values, what):
    if values is None:
        return []
    if isinstance(values, (str, bytes)):
        raise TypeError('%s must be a sequence of numbers, not %s' % (what, type(values).__name__))
    out = []
    for x in values:
        if isinstance(x, (str, bytes)) or x is None:
            raise TypeError('%s must hold numbers, not %s' % (what, type(x).__name__))
        out.append(_struct.unpack('<q', _struct.pack('<d', float(x)))[0])
    return out


def _double(b):
    return _struct.unpack('<d', _struct.pack('<q', b))[0]


def _enum_of(cls, value, what):
    try:
        return int(cls(value))
    except ValueError:
        raise ValueError('%s: %r is not a %s' % (what, value, cls.__name__)) from None


@_dc.dataclass(frozen=True)
class SimRun:
    """One simulated run (a plain value).  makespan: time of the last
    completion; idle: worker time present with nothing eligible; gridlock:
    completions after which nothing was eligible while a worker waited;
    memory_peak / memory_mean: results held; profile: E(t) as played."""
    makespan: float
    idle: float
    gridlock: int
    memory_peak: int
    memory_mean: float
    executed: int
    failed: int
    complete: bool
    stalled: bool
    profile: _Tuple[int, ...]


class Simulation:
    """Simulated runs of a dag on the IC server (README "Does it help?").

        >>> with icsched.Dag.fft(3) as dag:
        ...     s = icsched.Simulation.run(dag, workers=4, runs=10, speeds=icsched.SimSpeeds.HETEROGENEOUS)
        ...     mean, ci95 = s.summary(icsched.SimMetric.MAKESPAN)

    Runs with the same seed are paired across policies and give the same
    numbers on every machine.  A plain value: nothing to close."""

    __slots__ = ('runs', '_summary')

    def __init__(self, runs, summary):
        self.runs = runs
        self._summary = summary

    @staticmethod
    def run(dag, durations=None, *, workers=4, policy=SimPolicy.ICSCHED, seed=1, runs=1,
            duration_model=SimDurations.UNIT, speeds=SimSpeeds.FIXED, spread=4.0,
            availability=SimAvailability.ALWAYS, mean_up=50.0, mean_down=10.0, period=100.0, duty=0.5,
            batch=0, failure_probability=0.0, retry_limit=3):
        """Simulates `runs` runs.  durations: one per task (e.g.
        Simulation.durations(dag, path)), or None for duration_model.
        IcsException INVALID_ARGUMENT names a bad option."""
        from .dag import _live_dag
        v = _ics.SimulateNative.run(_live_dag(dag), _bits(durations, 'durations'), _index(workers, 'workers'),
                                    _enum_of(SimPolicy, policy, 'policy'), _index(seed, 'seed'),
                                    _index(runs, 'runs'), _enum_of(SimDurations, duration_model, 'duration_model'),
                                    _enum_of(SimSpeeds, speeds, 'speeds'), float(spread),
                                    _enum_of(SimAvailability, availability, 'availability'), float(mean_up),
                                    float(mean_down), float(period), float(duty), _index(batch, 'batch'),
                                    float(failure_probability), _index(retry_limit, 'retry_limit'))
        count = v[0]
        summary = [_double(b) for b in v[1:11]]
        out, p = [], 11
        for _ in range(count):
            n = v[p + 9]
            out.append(SimRun(_double(v[p]), _double(v[p + 1]), v[p + 2], v[p + 3], _double(v[p + 4]), v[p + 5],
                              v[p + 6], bool(v[p + 7]), bool(v[p + 8]), tuple(v[p + 10:p + 10 + n])))
            p += 10 + n
        return Simulation(tuple(out), summary)

    @staticmethod
    def durations(dag, path):
        """The task durations a workflow file records (WfFormat runtimes, DAX
        job runtimes, STG processing times), by node id.  IcsException
        UNSUPPORTED when the format records none."""
        from .dag import _live_dag
        return [_double(b) for b in _ics.SimulateNative.durations(_live_dag(dag), _text(path, 'path'))]

    @staticmethod
    def ranking(dag, policy, durations=None, seed=0):
        """The ranking a policy hands to the server (node ids, first = best)."""
        from .dag import _live_dag
        return _ics.SimulateNative.ranking(_live_dag(dag), _bits(durations, 'durations'),
                                           _enum_of(SimPolicy, policy, 'policy'), _index(seed, 'seed'))

    def summary(self, metric):
        """(mean, half-width of the 95% confidence interval) of a metric over the runs."""
        m = _enum_of(SimMetric, metric, 'metric')
        return self._summary[2 * m], self._summary[2 * m + 1]

    def wins_ties_losses(self, other):
        """Runs where this simulation finished sooner / as soon / later than other's run with the same seed."""
        r = [0, 0, 0]
        for a, b in zip(self.runs, other.runs):
            tol = 1e-9 * (abs(a.makespan) + abs(b.makespan))
            r[0 if a.makespan < b.makespan - tol else 2 if a.makespan > b.makespan + tol else 1] += 1
        return tuple(r)
