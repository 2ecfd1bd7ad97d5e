"""Server: the IC server, a thread-safe dispatcher over one dag (ics_server_*)."""
import collections as _collections
import enum as _enum

from . import _ics
from ._enums import BatchMethod, ClusterStrategy, Objective
from ._util import _Handle, enum_value as _enum_value, ids as _ids, index as _index, text as _text


class TaskState(_enum.IntEnum):
    """ics_task_state: where a task is in the computation."""
    WAITING = 0    # a parent not executed
    ELIGIBLE = 1   # in the pool, handed out by rank
    RUNNING = 2    # handed out: a holder and a lease deadline
    EXECUTED = 3
    FAILED = 4     # failed more often than the retry limit allows
    BLOCKED = 5    # a descendant of a failed task


class RequestMode(_enum.IntEnum):
    """ics_server_multi: what request(worker, k > 1) hands out."""
    BEST = 0          # the k best-ranked eligible tasks
    CLUSTER_RANK = 1  # a self-contained cluster grown by rank
    CLUSTER = 2       # a clustering-paper cluster (ServerOptions.cluster_strategy)


ServerCounts = _collections.namedtuple('ServerCounts', 'executed running eligible waiting blocked failed')
ServerCounts.__doc__ = 'Tasks in each state (Server.counts).'


class ServerOptions:
    """What a Server is created with (the defaults of ICS_SERVER_OPTIONS_INIT).

    order / priorities: a ranking the caller supplies (a permutation, first =
    best; or one priority per task, higher first) instead of icsched's
    schedule for `objective`; lease (caller's clock units, 0 = none);
    retry_limit; request_mode, cluster_strategy (k > 1); batch_method
    (request_batch); journal (a path, None = no journal) and fsync_every
    (1 = every record, N, 0 = never)."""

    __slots__ = ('order', 'priorities', 'objective', 'lease', 'retry_limit', 'request_mode', 'cluster_strategy',
                 'batch_method', 'journal', 'fsync_every')

    def __init__(self, order=None, priorities=None, objective=Objective.ELIGIBILITY, lease=0, retry_limit=3,
                 request_mode=RequestMode.BEST, cluster_strategy=ClusterStrategy.DIRECT,
                 batch_method=BatchMethod.AUTO, journal=None, fsync_every=1):
        self.order = order
        self.priorities = priorities
        self.objective = objective
        self.lease = lease
        self.retry_limit = retry_limit
        self.request_mode = request_mode
        self.cluster_strategy = cluster_strategy
        self.batch_method = batch_method
        self.journal = journal
        self.fsync_every = fsync_every


class Server(_Handle):
    """The IC server (README "Dispatching at run time"): hands ELIGIBLE tasks
    of a dag to workers as they ask, best rank first (by default icsched's
    schedule), takes their reports in any order, re-plans, and survives
    crashes through a journal.  Every method may be called from many threads
    at once.  A context manager; the dag is copied."""

    __slots__ = ()
    _delete = _ics.Server.__swig_destroy__

    def __repr__(self):
        if self._h is None:
            return '<icsched.Server closed>'
        c = self.counts()
        return '<icsched.Server %d executed, %d running, %d eligible>' % (c.executed, c.running, c.eligible)

    @staticmethod
    def _make(dag, options, reopen):
        from .dag import _live_dag
        o = options if options is not None else ServerOptions()
        if not isinstance(o, ServerOptions):
            raise TypeError('options must be a ServerOptions, not %s' % type(o).__name__)
        if o.order is not None and o.priorities is not None:
            raise ValueError('give order or priorities, not both')
        journal = '' if o.journal is None else _text(o.journal, 'journal')
        h = _ics.Server.createWith(_live_dag(dag), _ids(o.order if o.order is not None else (), 'order'),
                                   _ids(o.priorities if o.priorities is not None else (), 'priorities'),
                                   _enum_value(Objective, o.objective, 'objective'), _index(o.lease, 'lease'),
                                   _index(o.retry_limit, 'retry_limit'),
                                   _enum_value(RequestMode, o.request_mode, 'request_mode'),
                                   _enum_value(ClusterStrategy, o.cluster_strategy, 'cluster_strategy'),
                                   _enum_value(BatchMethod, o.batch_method, 'batch_method'), journal,
                                   _index(o.fsync_every, 'fsync_every'), reopen)
        return Server._wrap(h)

    @staticmethod
    def create(dag, options=None):
        """A server at the start of the computation (a new journal when options name one)."""
        return Server._make(dag, options, False)

    @staticmethod
    def open(dag, options):
        """Replays options.journal: the state after its last whole record (a
        torn or corrupt tail is cut: recovery_message says what).  IcsException
        INVALID_ARGUMENT for a journal of another dag."""
        if options is None or getattr(options, 'journal', None) is None:
            raise ValueError('Server.open needs options with a journal')
        return Server._make(dag, options, True)

    def request(self, worker, k=1):
        """Up to k tasks for a worker, in an order it can execute; empty when none is available."""
        return self._live().request(_index(worker, 'worker'), _index(k, 'k'))

    def request_batch(self, r, workers=None):
        """min(r, eligible) tasks for r workers asking at once (the batch
        selection), best rank first; with `workers`, task i goes to workers[i]."""
        if workers is not None:
            return self._live().requestBatchFor(_ids(workers, 'workers'))
        return self._live().requestBatch(_index(r, 'r'))

    def complete(self, task):
        """A running task reported done: the tasks it made eligible."""
        return self._live().complete(_index(task, 'task'))

    def fail(self, task):
        """A running task failed: back to the pool until the retry limit; True when it is given up."""
        return bool(self._live().failTask(_index(task, 'task')))

    def release(self, worker):
        """A worker left: its running tasks, given back to the pool."""
        return self._live().release(_index(worker, 'worker'))

    def tick(self, now):
        """Sets the clock (never backwards)."""
        self._live().tick(_index(now, 'now'))

    def expire(self, now):
        """tick(now), then the running tasks whose lease ran out go back (returned)."""
        return self._live().expire(_index(now, 'now'))

    def replan(self):
        """Schedules what is left (running tasks counted as done) and re-ranks."""
        self._live().replan()

    def snapshot(self):
        """Compacts the journal into one snapshot record (atomically)."""
        self._live().snapshot()

    def counts(self):
        """Tasks in each state, a ServerCounts."""
        return ServerCounts(*self._live().countsArray())

    def state(self, task):
        return TaskState(self._live().stateValue(_index(task, 'task')))

    def tasks_in(self, state):
        """The tasks in a state, increasing ids."""
        return self._live().tasksIn(_enum_value(TaskState, state, 'state'))

    def eligible(self):
        """The ELIGIBLE tasks, by rank."""
        return self.tasks_in(TaskState.ELIGIBLE)

    def in_doubt(self):
        """Tasks handed out before the journal was reopened and not reported since."""
        return self._live().inDoubt()

    def holdings(self):
        """[(task, worker), ...] of the running tasks, by rank."""
        v = self._live().holdingPairs()
        return [(v[i], v[i + 1]) for i in range(0, len(v), 2)]

    def held_by(self, worker):
        return self._live().heldBy(_index(worker, 'worker'))

    def profile_played(self):
        """E(0..t): ELIGIBLE tasks after each completion so far."""
        return self._live().profilePlayed()

    def profile_plan(self):
        return self._live().profilePlan()

    def plan_order(self):
        return self._live().planOrder()

    def rank(self, task):
        return self._live().rank(_index(task, 'task'))

    @property
    def now(self):
        return self._live().now()

    @property
    def recovery_records(self):
        return self._live().recoveryRecords()

    @property
    def recovery_bytes_cut(self):
        return self._live().recoveryBytesCut()

    @property
    def recovery_message(self):
        return self._live().recoveryMessage()
