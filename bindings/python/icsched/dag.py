"""Dag: a computation dag (ics_dag) - building, files, generators, queries,
orders and IC-optimal scheduling."""
from collections import namedtuple as _namedtuple

from . import _ics
from ._enums import Format, Policy
from ._util import _Handle, enum_value as _enum, ids as _ids, index as _index, text as _text

DagInfo = _namedtuple('DagInfo', 'nodes arcs duplicate_arcs sources sinks levels max_level_width')
DagInfo.__doc__ = """Summary numbers of a Dag (ics_dag_info): nodes, distinct arcs, arcs given more
than once (merged), sources, sinks, levels (longest path in nodes), widest level."""


def _dag(handle):
    return Dag._wrap(handle)


def _live_dag(dag, what='dag'):
    """The low-level proxy of a Dag argument (TypeError / ValueError otherwise)."""
    if not isinstance(dag, Dag):
        raise TypeError('%s must be a Dag, not %s' % (what, type(dag).__name__))
    return dag._live()


class Dag(_Handle):
    """A computation dag (ics_dag). Node ids are 0 .. node_count-1, names are
    unique.  Use it as a context manager, or call close(); an object never
    closed is freed by the garbage collector.

    >>> with Dag.fft(3) as dag, dag.schedule() as s:
    ...     s.is_ic_optimal, list(s.eligible())[:4]
    (True, [8, 7, 8, 7])
    """

    __slots__ = ()
    _delete = _ics.Dag.__swig_destroy__

    def __init__(self):
        """An empty, mutable dag."""
        super().__init__(_ics.Dag())

    def __repr__(self):
        if self._h is None:
            return '<icsched.Dag closed>'
        return '<icsched.Dag %d nodes, %d arcs>' % (self.node_count, self.arc_count)

    def __len__(self):
        return self.node_count

    def copy(self):
        """A deep copy, with its own lifetime."""
        return _dag(self._live().copy())

    __copy__ = copy

    def __deepcopy__(self, memo):
        return self.copy()

    # ---- files and text
    @staticmethod
    def read(path, format=Format.AUTO, keep_source=True):
        """Reads a workflow file (AUTO detects the format from the name and
        content: edge list, DOT, DAGMan, WfFormat JSON, Pegasus DAX, STG,
        adjacency JSON); the result is validated (IcsException CYCLE, PARSE, IO).
        keep_source=False drops the file's text once the dag is built (less
        memory, ics_read_options.keep_source); writing priorities into that
        file (DAGMAN, DAX, WFFORMAT) then raises IcsException UNSUPPORTED."""
        import os
        path = os.fsdecode(path) if isinstance(path, os.PathLike) else path
        if keep_source:
            return _dag(_ics.Dag.read(path, _enum(Format, format, 'format')))
        return _dag(_ics.Dag.readWith(path, _enum(Format, format, 'format'), None, None, 0, 0, 0, 0, 0, False))

    @staticmethod
    def parse(text, format=Format.AUTO, keep_source=True):
        """Parses a workflow from text, as read() does for files."""
        if keep_source:
            return _dag(_ics.Dag.parse(text, _enum(Format, format, 'format')))
        return _dag(_ics.Dag.parseWith(text, _enum(Format, format, 'format'), None, None, 0, 0, 0, 0, 0, False))

    def write(self, path, format):
        """Writes the dag as EDGES, DOT, WFFORMAT, DAGMAN, DAX or ADJACENCY_JSON (STG, or a
        name the format cannot hold: IcsException UNSUPPORTED)."""
        import os
        self._live().write(os.fsdecode(path) if isinstance(path, os.PathLike) else path,
                           _enum(Format, format, 'format'))

    def to_string(self, format=Format.EDGES):
        """The dag as text in EDGES, DOT, WFFORMAT, DAGMAN, DAX or ADJACENCY_JSON."""
        return self._live().toString(_enum(Format, format, 'format'))

    @property
    def source_format(self):
        """Format the dag was read from; AUTO for dags built by hand or generated."""
        return Format(self._live().sourceFormat())

    # ---- generators (the papers' families and familiar computations)
    @staticmethod
    def w(s, d):
        """W_{s,d}: s sources with d children each, neighbours sharing one."""
        return _dag(_ics.Dag.w(_index(s, 's'), _index(d, 'd')))

    @staticmethod
    def m(s, d):
        """M_{s,d}: the dual of W_{s,d}."""
        return _dag(_ics.Dag.m(_index(s, 's'), _index(d, 'd')))

    @staticmethod
    def n(s):
        """N_s: s sources and s sinks in a zigzag."""
        return _dag(_ics.Dag.n(_index(s, 's')))

    @staticmethod
    def cycle(s):
        """C_s: the cycle-dag with s sources and s sinks."""
        return _dag(_ics.Dag.cycle(_index(s, 's')))

    @staticmethod
    def pbt(delta):
        """P[delta], the planar bipartite tree of a zigzagged sequence such as "3,1/2,2"."""
        return _dag(_ics.Dag.pbt(_text(delta, 'delta')))

    @staticmethod
    def reduction_mesh(levels):
        """The reduction mesh M_l: levels*(levels+1)/2 nodes, one sink."""
        return _dag(_ics.Dag.reductionMesh(_index(levels, 'levels')))

    @staticmethod
    def out_mesh(levels):
        """The evolving (out-)mesh: the dual of the reduction mesh, one source."""
        return _dag(_ics.Dag.outMesh(_index(levels, 'levels')))

    @staticmethod
    def reduction_tree(height_or_strings):
        """The complete reduction tree T_h (2^(h+1)-1 nodes) for an int, or the
        reduction tree over a full, prefix-closed set of binary strings ("" is
        the root) for a sequence of str."""
        if isinstance(height_or_strings, (list, tuple)):
            for i, s in enumerate(height_or_strings):
                _text(s, 'strings[%d]' % i)
            return _dag(_ics.Dag.reductionTree(list(height_or_strings)))
        return _dag(_ics.Dag.reductionTree(_index(height_or_strings, 'height')))

    @staticmethod
    def fft(d):
        """The FFT dag F_d: (d+1)*2^d nodes."""
        return _dag(_ics.Dag.fft(_index(d, 'd')))

    @staticmethod
    def expansion_reduction(depth):
        """An out-tree of bisections of the given depth whose leaves feed an in-tree of the same depth."""
        return _dag(_ics.Dag.expansionReduction(_index(depth, 'depth')))

    @staticmethod
    def random_layered(layers, width, p, seed):
        """A seeded random layered dag: each node gets an arc from each node of
        the previous layer with probability p (and at least one parent)."""
        return _dag(_ics.Dag.randomLayered(_index(layers, 'layers'), _index(width, 'width'), float(p),
                                           _seed(seed)))

    @staticmethod
    def random_er(n, p, seed):
        """A seeded Erdos-Renyi dag: each pair gets an arc with probability p."""
        return _dag(_ics.Dag.randomEr(_index(n, 'n'), float(p), _seed(seed)))

    @staticmethod
    def matrix_multiplication(levels):
        """Recursive matrix multiplication of 2^levels x 2^levels blocks."""
        return _dag(_ics.Dag.matrixMultiplication(_index(levels, 'levels')))

    @staticmethod
    def laplace(n):
        """The discrete Laplace transform term by term (n >= 2)."""
        return _dag(_ics.Dag.laplace(_index(n, 'n')))

    @staticmethod
    def divide_conquer(branching, depth):
        """A branching-ary out-tree of the given depth feeding an in-tree of the same depth."""
        return _dag(_ics.Dag.divideConquer(_index(branching, 'branching'), _index(depth, 'depth')))

    @staticmethod
    def wavefront(rows, cols):
        """A wavefront computation: the rows x cols grid, node "i_j" feeding "(i+1)_j" and "i_(j+1)"."""
        return _dag(_ics.Dag.wavefront(_index(rows, 'rows'), _index(cols, 'cols')))

    @staticmethod
    def parallel_prefix(n):
        """Parallel prefix (scan) of n inputs: the recursive-doubling network."""
        return _dag(_ics.Dag.parallelPrefix(_index(n, 'n')))

    @staticmethod
    def fmri(width):
        """An fMRI-like dag: two summands of width sources joined by the sink "mean" (width >= 2)."""
        return _dag(_ics.Dag.fmri(_index(width, 'width')))

    @staticmethod
    def clustering_fig6():
        """The dag of Fig. 6a of the clustering paper (two out-meshes joined)."""
        return _dag(_ics.Dag.clusteringFig6())

    # ---- building
    def add_node(self, name):
        """Adds a node (names are non-empty and unique); returns its id."""
        return self._live().addNode(_text(name, 'name'))

    def add_arc(self, source, target):
        """Adds the arc source -> target (source executes first), by ids or by
        names; a duplicate arc is merged."""
        h = self._live()
        if isinstance(source, str) and isinstance(target, str):
            h.addArc(source, target)
        elif isinstance(source, str) or isinstance(target, str):
            raise TypeError('add_arc takes two ids or two names')
        else:
            h.addArc(_index(source, 'source'), _index(target, 'target'))

    def validate(self):
        """Raises IcsException(CYCLE), naming a cycle, unless the dag is acyclic."""
        self._live().validate()

    # ---- structure
    @property
    def node_count(self):
        """Number of nodes."""
        return self._live().nodeCount()

    @property
    def arc_count(self):
        """Number of distinct arcs."""
        return self._live().arcCount()

    def node_id(self, name):
        """Id of the node called name (IcsException UNKNOWN_NODE if none)."""
        return self._live().nodeId(_text(name, 'name'))

    def node_name(self, node):
        """Name of node id."""
        return self._live().nodeName(_index(node, 'id'))

    def names(self):
        """The names of all nodes, indexed by id."""
        h = self._live()
        return [h.nodeName(i) for i in range(h.nodeCount())]

    def warnings(self):
        """The reader's warnings (e.g. a DAGMan INCLUDE file that does not exist)."""
        h = self._live()
        return [h.warning(i) for i in range(h.warningCount())]

    def in_degree(self, node):
        """Number of parents of node id."""
        return self._live().inDegree(_index(node, 'id'))

    def out_degree(self, node):
        """Number of children of node id."""
        return self._live().outDegree(_index(node, 'id'))

    def parents(self, node):
        """Parents of node id, in increasing id order (array('i'))."""
        return self._live().parents(_index(node, 'id'))

    def children(self, node):
        """Children of node id, in increasing id order (array('i'))."""
        return self._live().children(_index(node, 'id'))

    def sources(self):
        """Nodes without parents, in increasing id order (array('i'))."""
        return self._live().sources()

    def sinks(self):
        """Nodes without children, in increasing id order (array('i'))."""
        return self._live().sinks()

    def topological_order(self):
        """A topological order of all nodes (array('i'))."""
        return self._live().topologicalOrder()

    def levels(self):
        """Longest-path level of each node (sources 0), indexed by id (array('i'))."""
        return self._live().levels()

    @property
    def info(self):
        """Summary numbers (DagInfo)."""
        return DagInfo(*self._live().info())

    def arcs(self):
        """Every arc as a (source, target) pair of ids, by source id."""
        h = self._live()
        return [(u, v) for u in range(h.nodeCount()) for v in h.children(u)]

    # ---- orders and profiles
    def order(self, policy, seed=0):
        """A baseline execution order of all nodes (Policy FIFO, LIFO, LEVEL, RANDOM, ...)."""
        return self._live().order(_enum(Policy, policy, 'policy'), _seed(seed))

    def priorities(self, order):
        """Priority of each node (indexed by id) from an execution order: the
        first task gets len(order), the last 1 (DAGMan, Pegasus and Dask run
        higher priorities first)."""
        return self._live().priorities(_ids(order, 'order'))

    def dagman_with_priorities(self, order):
        """For a dag read from an HTCondor DAGMan file: the file's text with one
        PRIORITY line per node from order; UNSUPPORTED for other dags."""
        return self._live().dagmanWithPriorities(_ids(order, 'order'))

    def validate_order(self, order):
        """Raises IcsException(INVALID_ORDER), naming the node and step, unless
        order executes every node once with parents first."""
        self._live().validateOrder(_ids(order, 'order'))

    def evaluate(self, order):
        """Validates order and plays the IC pebble game with it: a Profile."""
        from .profile import Profile
        return Profile._wrap(self._live().evaluate(_ids(order, 'order')))

    # ---- IC-optimal scheduling
    def schedule(self, options=None):
        """The IC-scheduling pipeline (skeleton, building blocks, priority
        linearization, IC-Sweep, exact search for small dags): a Schedule,
        independent of this dag afterwards.  options: a ScheduleOptions."""
        from .schedule import Schedule, ScheduleOptions
        h = self._live()
        if options is None:
            return Schedule._wrap(h.schedule())
        if not isinstance(options, ScheduleOptions):
            raise TypeError('options must be a ScheduleOptions, not %s' % type(options).__name__)
        from .schedule import _scheduled
        return Schedule._wrap(_scheduled(options, lambda p: h.scheduleWith(
            options.exact_max_nodes, options.exact_max_downsets, options.block_exact_max_sources,
            int(options.objective), options.area_max_downsets, options.sidney_max_work, p)))

    def skeleton(self):
        """This dag without its shortcut arcs; same node ids and names."""
        return _dag(self._live().skeleton())

    def shortcut_count(self):
        """Number of shortcut arcs (the arcs skeleton() removes)."""
        return self._live().shortcutCount()

    def superdag(self):
        """The super-dag of the skeleton's building blocks: node "B<i>" per block i."""
        return _dag(self._live().superdag())

    def dual(self):
        """The dual dag: every arc reversed, same node ids and names."""
        return _dag(self._live().dual())

    def dual_order(self, order):
        """For an order of this dag, the order of dual() that executes the
        packets of nonsources in reverse (IC-optimal when order is)."""
        return self._live().dualOrder(_ids(order, 'order'))

    def nonsource_profile(self, order):
        """Nonsources made ELIGIBLE after each of the first i nonsinks of order
        (i = 0..#nonsinks; starts with 0): what Priority and Sweep work on."""
        return self._live().nonsourceProfile(_ids(order, 'order'))

    def induced(self, node_ids):
        """The subdag induced by node_ids (names kept, in increasing original id)."""
        return _dag(self._live().induced(_ids(node_ids, 'ids')))

    def compose(self, g2, sinks, sources):
        """This dag composed with g2: sinks[k] of this dag merged with
        sources[k] of g2; names prefixed "g0:" and "g1:" (DagAlgebra.compose
        for other prefixes and the origin map)."""
        return _dag(self._live().compose(_live_dag(g2, 'g2'), _ids(sinks, 'sinks'), _ids(sources, 'sources')))


def _seed(seed):
    """Any 64-bit seed (negative ones as their two's complement)."""
    s = _index(seed, 'seed')
    if not -(1 << 63) <= s < (1 << 64):
        raise OverflowError('seed must fit 64 bits')
    return s - (1 << 64) if s >= (1 << 63) else s
