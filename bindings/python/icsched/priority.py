"""Priority: the relation G1 |> G2 (system (1) of the IC-Sweep paper)."""
from . import _ics
from ._util import ids as _ids


class Priority:
    """G1 |> G2: executing all of G1's nonsinks before G2's loses no
    eligibility at any step.  Static methods only."""

    def __init__(self):
        raise TypeError('Priority has only static methods')

    @staticmethod
    def has(g1, g2):
        """G1 |> G2, for two Dags (each through its IC-optimal schedule:
        IcsException NOT_IC_OPTIMAL otherwise) or two nonsource profiles
        (sequences starting with 0, see Dag.nonsource_profile)."""
        from .dag import Dag, _live_dag
        if isinstance(g1, Dag) or isinstance(g2, Dag):
            return _ics.Sweep.priorityOfDags(_live_dag(g1, 'g1'), _live_dag(g2, 'g2'))
        return _ics.Sweep.priorityOfProfiles(_ids(g1, 'e1'), _ids(g2, 'e2'))

    @staticmethod
    def violation(e1, e2):
        """Why G1 |> G2 fails: the lexicographically smallest (x, y) violating
        system (1), E1(x) + E2(y) > E1(min(s1, x + y)) + E2(max(0, x + y - s1));
        None when G1 |> G2."""
        xy = _ics.Sweep.violationOfProfiles(_ids(e1, 'e1'), _ids(e2, 'e2'))
        return (xy[0], xy[1]) if len(xy) == 2 else None
