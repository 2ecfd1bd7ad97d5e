"""Schedule (ics_schedule_result), its Blocks and ScheduleOptions."""
import dataclasses as _dc
from typing import Tuple as _Tuple

from . import _ics
from ._enums import Objective, ScheduleMethod, ScheduleStatus
from ._errors import IcsException
from ._enums import Status
from ._util import _Handle, enum_value as _enum, index as _index


@_dc.dataclass(frozen=True)
class Block:
    """One building block of a Schedule's certificate: a bipartite piece of
    the skeleton, its schedule and its profile (an immutable value).

    index: position in Schedule.blocks(), node "B<index>" of Dag.superdag();
    shape: e.g. "W(3,2)"; kind: the family ("w_dag", "exact", "greedy", ...);
    is_proven: the block's schedule is proven IC-optimal; sources: in the block
    schedule's order; sinks; profile: E(0..len(sources)) of the block.
    """
    index: int
    shape: str
    kind: str
    is_proven: bool
    sources: _Tuple[int, ...]
    sinks: _Tuple[int, ...]
    profile: _Tuple[int, ...]


_DEFAULTS = None


def _defaults():
    global _DEFAULTS
    if _DEFAULTS is None:
        _DEFAULTS = tuple(_ics.Schedule.defaultOptions())
    return _DEFAULTS


def _non_negative(value, what):
    v = _index(value, what)
    if v < 0:
        raise IcsException(Status.INVALID_ARGUMENT, '%s must not be negative (got %d)' % (what, v))
    return v


@_dc.dataclass(frozen=True)
class ScheduleOptions:
    """Limits of Dag.schedule (ics_schedule_options); unset fields take the
    linked library's ICS_SCHEDULE_OPTIONS_INIT values.  Immutable: replace()
    returns a modified copy.

    exact_max_nodes: dags up to this many nodes are decided exactly;
    exact_max_downsets: down-set budget of the exact search for larger dags;
    block_exact_max_sources: exhaustive search limit for one block;
    objective: Objective.ELIGIBILITY (default) or MEMORY (a low memory cost
    among the IC-optimal schedules, same E(t));
    area_max_downsets: down-sets the exact AREA search may visit on a dag
    without a proven IC-optimal schedule (0: off; over it the heuristic
    answer comes back and Schedule.reason says so);
    sidney_max_work: units of work the Sidney decomposition of the AREA
    fallback may spend (0: the default from the dag's size; more buys a
    tighter AREA bound and often a larger AREA; 1 splits nothing);
    progress: None, or a callable (stage, done, total) called at the
    pipeline's stage boundaries (done of total for stages with a natural
    count, else 0 of 0); returning False (any false value but None) cancels
    the call: IcsException with Status.CANCELLED; an exception it raises
    cancels too and comes out of the call.
    """
    exact_max_nodes: int = None
    exact_max_downsets: int = None
    block_exact_max_sources: int = None
    objective: Objective = Objective.ELIGIBILITY
    area_max_downsets: int = None
    sidney_max_work: int = None
    progress: object = None

    def __post_init__(self):
        if self.progress is not None and not callable(self.progress):
            raise TypeError('progress must be callable or None, not %s' % type(self.progress).__name__)
        d = _defaults()
        for i, name in enumerate(('exact_max_nodes', 'exact_max_downsets', 'block_exact_max_sources',
                                  'area_max_downsets', 'sidney_max_work')):  # Schedule.defaultOptions()'s order
            value = getattr(self, name)
            object.__setattr__(self, name, d[i] if value is None else _non_negative(value, name))
        object.__setattr__(self, 'objective', Objective(_enum(Objective, self.objective, 'objective')))
        if self.exact_max_nodes >= 2 ** 31 or self.block_exact_max_sources >= 2 ** 31:
            raise IcsException(Status.INVALID_ARGUMENT, 'limit too large')

    @staticmethod
    def defaults():
        """The library's defaults."""
        return ScheduleOptions()

    def replace(self, **changes):
        """A copy with the given fields changed."""
        return _dc.replace(self, **changes)


class _Progress(_ics.ProgressCallback):
    """One scheduling call's bridge from ScheduleOptions.progress to the
    native callback (a SWIG director): what the callable raises is kept,
    cancels the call, and _scheduled raises it in place of CANCELLED."""

    def __init__(self, listener):
        _ics.ProgressCallback.__init__(self)
        self._listener = listener
        self.thrown = None

    def report(self, stage, done, total):
        if self.thrown is not None:
            return False
        try:
            r = self._listener(stage, done, total)
        except BaseException as e:  # noqa: B036 (KeyboardInterrupt too: it cancels, then comes out)
            self.thrown = e
            return False
        return r is None or bool(r)


def _scheduled(options, call):
    """call(progress) with options.progress bridged (None: no callback)."""
    if options.progress is None:
        return call(None)
    p = _Progress(options.progress)
    try:
        return call(p)
    except IcsException:
        if p.thrown is not None:
            thrown, p.thrown = p.thrown, None
            raise thrown
        raise


class Schedule(_Handle):
    """An IC-scheduling result (Dag.schedule()): the order, its E(t) profile,
    whether it is proven IC-optimal, and the certificate (building blocks,
    linearization).  It copies what it needs: it stays valid after its dag is
    modified or closed.  A context manager."""

    __slots__ = ()
    _delete = _ics.Schedule.__swig_destroy__

    def __repr__(self):
        if self._h is None:
            return '<icsched.Schedule closed>'
        return '<icsched.Schedule %s via %s>' % (self.status.name, self.method.name)

    @property
    def status(self):
        """ScheduleStatus.IC_OPTIMAL when E(t) is proven maximal at every step, HEURISTIC otherwise."""
        return ScheduleStatus(self._live().status())

    @property
    def is_ic_optimal(self):
        """True when status is IC_OPTIMAL."""
        return self.status == ScheduleStatus.IC_OPTIMAL

    @property
    def method(self):
        """How the order was found (ScheduleMethod)."""
        return ScheduleMethod(self._live().method())

    @property
    def reason(self):
        """Why the schedule is not proven IC-optimal; empty when it is."""
        return self._live().reason()

    def order(self):
        """The execution order: every node id once, parents first (array('i'))."""
        return self._live().order()

    def eligible(self):
        """E(0..n) of order(): ELIGIBLE nodes after t executions (array('i'))."""
        return self._live().eligible()

    @property
    def memory(self):
        """Memory cost of order()."""
        return self._live().memory()

    @property
    def area(self):
        """AREA of order(): the sum of E(t)."""
        return self._live().area()

    @property
    def area_bound(self):
        """A certified upper bound on the AREA of every schedule of the dag
        (equal to area when the status is IC_OPTIMAL or AREA_OPTIMAL)."""
        return self._live().areaBound()

    @property
    def area_gap(self):
        """(area_bound - area) / area_bound: area is at least (1 - gap) x the optimum."""
        return self._live().areaGap()

    @property
    def shortcuts_removed(self):
        """Shortcut arcs removed before the decomposition."""
        return self._live().shortcutsRemoved()

    def blocks(self):
        """The certificate's building blocks (a tuple of Block), indexed as in
        linearization() and Dag.superdag(); empty when the dag could not be decomposed."""
        h = self._live()
        return tuple(Block(i, h.blockShape(i), h.blockKind(i), h.blockProven(i), tuple(h.blockSources(i)),
                           tuple(h.blockSinks(i)), tuple(h.blockProfile(i))) for i in range(h.blockCount()))

    def linearization(self):
        """The priority linearization of the blocks: groups of block indices in
        execution order (a list of lists); a group of several blocks is a sum
        scheduled by IC-Sweep."""
        h = self._live()
        return [list(h.group(g)) for g in range(h.groupCount())]

    def max_eligible(self):
        """M(0..n), the per-step maximum of E over all schedules, when the exact
        search ran; empty otherwise (array('i'))."""
        return self._live().maxEligible()
