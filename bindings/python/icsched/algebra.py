"""DagAlgebra: sums, compositions and induced subdags with their origin maps."""
from array import array as _array

from . import _ics
from ._util import ids as _ids, text as _text


class Derived:
    """A dag made by DagAlgebra with its origin map: node v of dag comes from
    node node(v) of operand part(v) (the summand of a sum; 0 = G1, 1 = G2 of
    a composition, a merged node reporting its G1 sink; 0 for an induced
    subdag).  A context manager; closing it closes the dag."""

    __slots__ = ('dag', '_parts', '_nodes')

    def __init__(self, dag, origin):
        n = len(origin) // 2
        self.dag = dag
        self._parts = _array('i', origin[:n])
        self._nodes = _array('i', origin[n:2 * n])

    def part(self, node):
        """The operand node comes from."""
        return self._parts[node]

    def node(self, node):
        """The id node has in its operand."""
        return self._nodes[node]

    def parts(self):
        """part() of every node, indexed by id (a copy)."""
        return _array('i', self._parts)

    def nodes(self):
        """node() of every node, indexed by id (a copy)."""
        return _array('i', self._nodes)

    def close(self):
        self.dag.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False


def _derived(dag, origin):
    try:
        return Derived(dag, origin())
    except BaseException:
        dag.close()
        raise


class DagAlgebra:
    """The dag algebra of the IC-Sweep paper (§2).  Names stay unique and
    traceable: a sum or a composition prefixes each operand's names ("g0:",
    "g1:", ... by default; an empty prefix keeps the names, which must then
    not clash: IcsException DUPLICATE_NODE).  Static methods only."""

    def __init__(self):
        raise TypeError('DagAlgebra has only static methods')

    @staticmethod
    def sum(*dags, prefixes=None):
        """G_0 + G_1 + ...: the disjoint union (dags as arguments or one
        sequence); node v of dags[i] gets id offset_i + v, names prefixed by
        prefixes[i] (None: "g0:", "g1:", ...)."""
        from .dag import _dag
        from .sweep import _dag_handles
        handles = _dag_handles(dags)
        pre = [] if prefixes is None else [_text(p, 'prefixes[%d]' % i) for i, p in enumerate(prefixes)]
        d = _dag(_ics.Dag.algebraSum(handles, pre))
        return _derived(d, lambda: _ics.Dag.algebraOrigin(0, handles, [], [], pre))

    @staticmethod
    def compose(g1, g2, pairs, prefix1=None, prefix2=None):
        """G1 ^ G2: each (sink of g1, source of g2) pair is merged into one
        node, which keeps g1's id and name; g1's nodes keep their ids, g2's
        other nodes follow in increasing id.  None prefixes: "g0:", "g1:"."""
        from .dag import _dag, _live_dag
        h1, h2 = _live_dag(g1, 'g1'), _live_dag(g2, 'g2')
        if pairs is None:
            raise TypeError('pairs must not be None')
        sinks, sources = [], []
        for k, p in enumerate(pairs):
            if isinstance(p, (str, bytes)) or len(p) != 2:
                raise ValueError('pairs[%d] must be (sink, source)' % k)
            sinks.append(p[0])
            sources.append(p[1])
        if prefix1 is None and prefix2 is None:
            pre = []
        else:
            pre = [_text('g0:' if prefix1 is None else prefix1, 'prefix1'),
                   _text('g1:' if prefix2 is None else prefix2, 'prefix2')]
        d = _dag(_ics.Dag.algebraCompose(h1, h2, sinks, sources, pre))
        return _derived(d, lambda: _ics.Dag.algebraOrigin(1, [h1, h2], sinks, sources, pre))

    @staticmethod
    def induced(g, node_ids):
        """The subdag of g induced by node_ids (names kept, in increasing original id)."""
        from .dag import _live_dag
        h = _live_dag(g, 'g')
        node_ids = list(_ids(node_ids, 'ids'))
        d = g.induced(node_ids)
        return _derived(d, lambda: _ics.Dag.algebraOrigin(2, [h], node_ids, [], []))
