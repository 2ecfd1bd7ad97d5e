"""Cluster: a clustered task for a worker (ics_cluster, clustering paper §3)."""
from . import _ics
from ._enums import ClusterStrategy, ScheduleStatus
from ._util import _Handle, enum_value as _enum, ids as _ids, index as _index


class Cluster(_Handle):
    """A self-contained set of tasks for one worker, the arcs it cuts, the
    tasks it renders ELIGIBLE, and the residual dag with its (proven
    IC-optimal, when so) schedule.  Holds copies: no reference to the dag.
    A context manager."""

    __slots__ = ()
    _delete = _ics.Cluster.__swig_destroy__

    def __repr__(self):
        if self._h is None:
            return '<icsched.Cluster closed>'
        return '<icsched.Cluster %s, %d tasks, %d cut arcs>' % (self.strategy.name, len(self.tasks()),
                                                               self.cut_arc_count)

    @staticmethod
    def extract(dag, k, strategy, executed=()):
        """A cluster of k tasks, from the start of the computation or from the
        running state in which the tasks `executed` (closed under parents)
        have run.  IcsException NOT_IC_OPTIMAL when the dag has no proven
        IC-optimal schedule, UNSUPPORTED when the strategy does not apply,
        INVALID_ARGUMENT for k out of range."""
        from .dag import _live_dag
        return Cluster._wrap(_ics.Cluster.extractFrom(_live_dag(dag), _ids(executed, 'executed'), _index(k, 'k'),
                                                      _enum(ClusterStrategy, strategy, 'strategy')))

    @staticmethod
    def check(dag, executed, tasks):
        """Checks a user-supplied cluster `tasks` (self-contained or not, cut arcs, closure, the residual)."""
        from .dag import _live_dag
        return Cluster._wrap(_ics.Cluster.checkIn(_live_dag(dag), _ids(executed, 'executed'), _ids(tasks, 'tasks')))

    @staticmethod
    def sequence(dag, executed, sizes, strategy):
        """Workers of capacities sizes[0], sizes[1], ... served one after the
        other from the shrinking residual; a list with one Cluster per worker."""
        from .dag import _live_dag
        handles = _ics.Cluster.sequenceHandles(_live_dag(dag), _ids(executed, 'executed'), _ids(sizes, 'sizes'),
                                               _enum(ClusterStrategy, strategy, 'strategy'))
        return [Cluster._wrap(h) for h in handles]

    @property
    def strategy(self):
        """The strategy that produced the cluster (MIN_CUT: the winner's; CHECK for check())."""
        return ClusterStrategy(self._live().strategyValue())

    def tasks(self):
        """The cluster's tasks (node ids), in an order the worker can execute (check(): as given)."""
        return self._live().tasks()

    @property
    def cut_arc_count(self):
        """Arcs from the cluster to the residual: the results the worker sends back."""
        return self._live().cutArcCount()

    def cut_arcs(self):
        """The cut arcs as (from, to) pairs of node ids."""
        p = self._live().cutArcPairs()
        return [(p[k], p[k + 1]) for k in range(0, len(p) - 1, 2)]

    @property
    def eligible_rendered(self):
        """Tasks ELIGIBLE once the cluster has run (the residual's sources)."""
        return self._live().eligibleRendered()

    @property
    def newly_eligible(self):
        """Of eligible_rendered, the tasks with a parent in the cluster."""
        return self._live().newlyEligible()

    @property
    def is_self_contained(self):
        """True when every task's unexecuted ancestors are in the cluster."""
        return self._live().isSelfContained()

    @property
    def violation(self):
        """Why the cluster is not self-contained; empty when it is."""
        return self._live().violation()

    def closure(self):
        """Residual tasks left isolated by the cluster and adjacent to it (its closure minus the cluster)."""
        return self._live().closure()

    def residual_dag(self):
        """The residual dag: a new Dag (names kept, ids renumbered)."""
        from .dag import _dag
        return _dag(self._live().residualDag())

    @property
    def residual_status(self):
        """IC_OPTIMAL when the residual's schedule is proven."""
        return ScheduleStatus(self._live().residualStatus())

    @property
    def is_residual_ic_optimal(self):
        """True when the residual's schedule is proven IC-optimal."""
        return self.residual_status == ScheduleStatus.IC_OPTIMAL

    def residual_order(self):
        """The residual's schedule, as ids of the original dag."""
        return self._live().residualOrder()

    @property
    def residual_reason(self):
        """Why the residual's schedule is not proven; empty when it is."""
        return self._live().residualReason()

    @property
    def certificate(self):
        """How the residual's schedule was proven; empty when it is not."""
        return self._live().certificate()
