"""Independent reference computations (the Java tests' BruteForce): E(t) of
an order and the per-step maximum of E over all schedules, by enumerating
down-sets (node sets closed under parents) as bitmasks."""
import icsched


def parent_masks(dag):
    n = dag.node_count
    assert n <= 63, 'brute force is for dags of at most 63 nodes'
    masks = [0] * n
    for v in range(n):
        for p in dag.parents(v):
            masks[v] |= 1 << p
    return masks


def eligible_count(parents, x):
    return sum(1 for v, pm in enumerate(parents) if not (x >> v) & 1 and pm & x == pm)


def eligible(dag, order):
    parents = parent_masks(dag)
    x, e = 0, [eligible_count(parents, 0)]
    for v in order:
        x |= 1 << v
        e.append(eligible_count(parents, x))
    return e


def max_eligible(dag):
    parents = parent_masks(dag)
    n = len(parents)
    level, m = {0}, []
    for _ in range(n + 1):
        m.append(max(eligible_count(parents, x) for x in level))
        level = {x | (1 << v) for x in level for v in range(n)
                 if not (x >> v) & 1 and parents[v] & x == parents[v]}
    return m


def valid_order(dag, order):
    seen = set()
    for v in order:
        if v in seen or any(p not in seen for p in dag.parents(v)):
            return False
        seen.add(v)
    return len(seen) == dag.node_count


def from_arcs(*arcs):
    """A dag from "u->v" arcs, nodes named and numbered in order of appearance."""
    dag = icsched.Dag()
    for arc in arcs:
        u, v = arc.split('->')
        for name in (u, v):
            try:
                dag.node_id(name)
            except icsched.IcsException:
                dag.add_node(name)
        dag.add_arc(u, v)
    return dag


def no_ico():
    """A dag without an IC-optimal schedule: a->x, p->y, p->z, q->y, q->z."""
    return from_arcs('a->x', 'p->y', 'p->z', 'q->y', 'q->z')


def priority(e1, e2):
    """G1 |> G2 by system (1) of the IC-Sweep paper, checked over every (x, y)."""
    s1, s2 = len(e1) - 1, len(e2) - 1
    for x in range(s1 + 1):
        for y in range(s2 + 1):
            if e1[x] + e2[y] > e1[min(s1, x + y)] + e2[max(0, x + y - s1)]:
                return False
    return True
