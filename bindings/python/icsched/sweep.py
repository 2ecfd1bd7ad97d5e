"""Sweep: Algorithm IC-Sweep on sums of dags or profiles (ics_sweep_result)."""
from collections import namedtuple as _namedtuple

from . import _ics
from ._util import _Handle, ids as _ids, index as _index

SweepStep = _namedtuple('SweepStep', 'dag_index node_id')
SweepStep.__doc__ = """One step of the interleaved order of a sum of dags (Sweep.order()):
dag_index into the dags given to Sweep.of_dags, node_id of that dag."""


def _dag_handles(dags):
    from .dag import _live_dag
    if len(dags) == 1 and not hasattr(dags[0], '_live') and dags[0] is not None:
        dags = tuple(dags[0])  # of_dags([g1, g2]) as well as of_dags(g1, g2)
    return [_live_dag(d, 'dags[%d]' % i) for i, d in enumerate(dags)]


class Sweep(_Handle):
    """Algorithm IC-Sweep on a sum of dags or of their nonsource profiles:
    whether the sum admits an IC-optimal schedule, the interleaving, and the
    priority relation between the summands.  Holds copies, no reference to
    the dags.  A context manager."""

    __slots__ = ()
    _delete = _ics.Sweep.__swig_destroy__

    def __repr__(self):
        if self._h is None:
            return '<icsched.Sweep closed>'
        return '<icsched.Sweep %d summands, ico=%s>' % (self.count, self.is_ico)

    @staticmethod
    def of_profiles(*profiles):
        """IC-Sweep on the nonsource profiles of p >= 1 dags (each starting
        with 0, e.g. from Dag.nonsource_profile of an IC-optimal order).
        IcsException INVALID_ARGUMENT for no profile, an empty one, one not
        starting with 0 or a negative value."""
        values, lengths = [], []
        for i, p in enumerate(profiles):
            p = list(_ids(p, 'profiles[%d]' % i))
            values.extend(p)
            lengths.append(len(p))
        return Sweep._wrap(_ics.Sweep.fromProfiles(values, lengths))

    @staticmethod
    def of_dags(*dags):
        """IC-Sweep on dags (given as arguments or one sequence), each through
        its IC-optimal schedule; order() then gives the interleaved order of
        their sum.  IcsException NOT_IC_OPTIMAL when a dag has no proven
        IC-optimal schedule; ValueError for a closed dag."""
        return Sweep._wrap(_ics.Sweep.fromDags(_dag_handles(dags)))

    @property
    def is_ico(self):
        """True when the sum of the summands admits an IC-optimal schedule."""
        return self._live().isIco()

    @property
    def is_chain(self):
        """True when G1 |> G2 |> ... |> Gp."""
        return self._live().isChain()

    def has_priority(self, i, j):
        """True when summand i has priority over summand j (0-based)."""
        return self._live().hasPriority(_index(i, 'i'), _index(j, 'j'))

    @property
    def count(self):
        """Number of summands."""
        return self._live().count()

    def path(self):
        """When is_ico: the summand whose next nonsink each step executes (array('i')); empty otherwise."""
        return self._live().path()

    def profile(self):
        """When is_ico: the sum's profile along path() (starts with 0)."""
        return self._live().profile()

    def envelope(self):
        """Per-step maximum of the sum's eligibility over all its schedules (starts with 0)."""
        return self._live().envelope()

    @property
    def reason(self):
        """Why no IC-optimal schedule exists, or why the summands are not a priority chain; empty when both hold."""
        return self._live().reason()

    @property
    def failed_group(self):
        """When the sum has no IC-optimal schedule: the IC-Sweep invocation that failed; -1 otherwise."""
        return self._live().failedGroup()

    @property
    def failed_diagonal(self):
        """When the sum has no IC-optimal schedule: the step no schedule reaches the maximum at; -1 otherwise."""
        return self._live().failedDiagonal()

    def order(self):
        """For sweeps of dags with is_ico: the interleaved order of the sum as a
        list of SweepStep (nonsinks first, then each summand's sinks).
        IcsException INVALID_ARGUMENT for a sweep of profiles, NOT_IC_OPTIMAL
        when the sum has no IC-optimal schedule."""
        pairs = self._live().orderPairs()
        return [SweepStep(pairs[k], pairs[k + 1]) for k in range(0, len(pairs) - 1, 2)]
