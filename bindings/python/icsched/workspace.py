"""Workspace: the scheduling pipeline's arrays kept across calls (ics_workspace)."""
from . import _ics
from ._util import _Handle


class Workspace(_Handle):
    """Buffers of the scheduling pipeline kept across schedule() calls, as
    zstd's ZSTD_CCtx does: the per-node arrays of 4 MB and more (dags of
    about 10^6 nodes and up) stay mapped, so scheduling again does not fault
    them in anew.  schedule(dag, options) gives the same Schedule as
    dag.schedule(options); schedules do not depend on the workspace.  One
    call at a time per workspace (one per thread).  A context manager."""

    __slots__ = ()
    _delete = _ics.Workspace.__swig_destroy__

    def __init__(self):
        _Handle.__init__(self, _ics.Workspace())

    def __repr__(self):
        if self._h is None:
            return '<icsched.Workspace closed>'
        return '<icsched.Workspace holding %d bytes>' % self.size

    @property
    def size(self):
        """Bytes held between calls (mapped arrays not in use)."""
        return self._live().size()

    def schedule(self, dag, options=None):
        """The IC-scheduling pipeline on dag (options: a ScheduleOptions),
        reusing this workspace's arrays: the same Schedule as dag.schedule(options)."""
        from .dag import _live_dag
        from .schedule import Schedule, ScheduleOptions
        h, d = self._live(), _live_dag(dag)
        if options is None:
            return Schedule._wrap(h.schedule(d))
        if not isinstance(options, ScheduleOptions):
            raise TypeError('options must be a ScheduleOptions, not %s' % type(options).__name__)
        from .schedule import _scheduled
        return Schedule._wrap(_scheduled(options, lambda p: h.scheduleWith(
            d, options.exact_max_nodes, options.exact_max_downsets, options.block_exact_max_sources,
            int(options.objective), options.area_max_downsets, options.sidney_max_work, p)))
