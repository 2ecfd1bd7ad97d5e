"""icsched: IC-optimal scheduling of computation dags (Python binding).

The same classes as the Java (org.icsched) and C# (IcSched) bindings, written
the Python way: snake_case methods, properties where C# has properties,
context managers instead of close()/Dispose(), IcsException carrying the
ics_status as ``code``, sequences of ints in (lists, tuples, ranges,
array('i'), numpy arrays) and array('i') out.

    >>> import icsched
    >>> with icsched.Dag.fft(3) as dag, dag.schedule() as s:
    ...     print(s.status.name, s.method.name, list(s.order())[:4])

icsched.dask hands the ranks of an IC-optimal schedule to Dask as task
priorities (import it explicitly: it needs the dask package).

Layout: the private SWIG module icsched._ics (over the C extension
icsched._ics_c) wraps the C API; each public class is a pure-Python module
here.  A class over a C handle (Dag, Schedule, Server, ...) is a
_util._Handle subclass in its own module, exported below.
"""
from ._enums import BatchMethod, ClusterStrategy, Format, Objective, Policy, ScheduleMethod, ScheduleStatus, Status
from ._errors import IcsException
from . import _ics
from .algebra import DagAlgebra, Derived
from .batch import Batch, BatchResult
from .cluster import Cluster
from .dag import Dag, DagInfo
from .priority import Priority
from .profile import Profile
from .schedule import Block, Schedule, ScheduleOptions
from .server import RequestMode, Server, ServerCounts, ServerOptions, TaskState
from .simulation import SimAvailability, SimDurations, SimMetric, SimPolicy, SimRun, SimSpeeds, Simulation
from .sweep import Sweep, SweepStep
from .workspace import Workspace


def version():
    """The linked library's version string, e.g. "0.1.0"."""
    return _ics.version()


def version_number():
    """The linked library's version as MAJOR*10000 + MINOR*100 + PATCH."""
    return _ics.versionNumber()


__version__ = version()

__all__ = ['Batch', 'BatchMethod', 'BatchResult', 'Block', 'Cluster', 'ClusterStrategy', 'Dag', 'DagAlgebra',
           'DagInfo', 'Derived', 'Format', 'IcsException', 'Objective', 'Policy', 'Priority', 'Profile', 'Schedule',
           'ScheduleMethod', 'ScheduleOptions', 'ScheduleStatus', 'Status', 'Sweep', 'SweepStep', 'version',
           'version_number', 'RequestMode', 'Server', 'ServerCounts', 'ServerOptions', 'TaskState',
           'SimAvailability', 'SimDurations', 'SimMetric', 'SimPolicy', 'SimRun', 'SimSpeeds', 'Simulation',
           'Workspace']
