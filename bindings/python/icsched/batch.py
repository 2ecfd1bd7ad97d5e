"""Batch: batched IC scheduling (BICSO): the best r ELIGIBLE tasks to run next."""
import dataclasses as _dc
from typing import Tuple as _Tuple

from . import _ics
from ._enums import BatchMethod
from ._util import enum_value as _enum, ids as _ids, index as _index


@_dc.dataclass(frozen=True)
class BatchResult:
    """One batch chosen by Batch (a plain value, nothing to close).
    eligible_after == eligible_before - len(selected) + newly_eligible.

    selected: task ids in increasing order; bound_after: a proven upper bound
    on the best possible eligible_after (equal to it when is_optimal);
    method: the method that produced the batch (never AUTO); guarantee: one
    line saying what is proven about this batch."""
    selected: _Tuple[int, ...]
    eligible_before: int
    eligible_after: int
    newly_eligible: int
    bound_after: int
    method: BatchMethod
    is_optimal: bool
    guarantee: str

    @staticmethod
    def _read(v, at):
        """One record of the binding's wire format (bindings/swig/ics.i) at v[at]; (result, next at)."""
        before, after, newly, bound, method, optimal, n = v[at:at + 7]
        at += 7
        selected = tuple(v[at:at + n])
        at += n
        m = v[at]
        at += 1
        guarantee = bytes(v[at:at + m]).decode('utf-8', 'replace')
        at += m
        return BatchResult(selected, before, after, newly, bound, BatchMethod(method), bool(optimal), guarantee), at


class Batch:
    """Batched IC scheduling (batch-scheduling paper): when r workers ask for
    tasks at once, choose r ELIGIBLE tasks whose execution leaves the most
    tasks ELIGIBLE, and say how good the choice is.  Static methods only."""

    DEFAULT_EXACT_BUDGET = 1 << 20
    """The default search budget of the exact search (search nodes per call)."""

    def __init__(self):
        raise TypeError('Batch has only static methods')

    @staticmethod
    def select(dag, executed, r, method=BatchMethod.AUTO, exact_budget=DEFAULT_EXACT_BUDGET):
        """The best r tasks to run next given the executed tasks (ids, closed
        under parents).  IcsException INVALID_ARGUMENT when executed has an
        unknown id, a duplicate or a task with an unexecuted parent, or r is
        not in 1..#ELIGIBLE; UNSUPPORTED when TREE_DP / EXPANSIVE do not
        apply; TOO_LARGE when EXACT runs out of budget (0 = unlimited)."""
        from .dag import _live_dag
        v = _ics.BatchNative.select(_live_dag(dag), _ids(executed, 'executed'), _index(r, 'r'),
                                    _enum(BatchMethod, method, 'method'), _index(exact_budget, 'exact_budget'))
        return BatchResult._read(v, 0)[0]

    @staticmethod
    def play(dag, requests, executed=(), method=BatchMethod.AUTO, exact_budget=DEFAULT_EXACT_BUDGET):
        """Plays the Batched IC Pebble Game from executed (default: the start):
        batch t runs min(ELIGIBLE, requests[t]) tasks; a list of BatchResult.
        IcsException INVALID_ARGUMENT when a request is 0."""
        from .dag import _live_dag
        v = _ics.BatchNative.play(_live_dag(dag), _ids(executed, 'executed'), _ids(requests, 'requests'),
                                  _enum(BatchMethod, method, 'method'), _index(exact_budget, 'exact_budget'))
        out, at = [], 1
        for _ in range(v[0]):
            r, at = BatchResult._read(v, at)
            out.append(r)
        return out
