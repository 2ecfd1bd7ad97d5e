"""Shared helpers: native handle ownership and argument checks."""
import operator as _operator
from array import array as _array


class _Handle:
    """Owner of one low-level SWIG proxy: a context manager whose close()
    frees the native object at once (later calls raise ValueError); objects
    never closed are freed by the garbage collector."""

    __slots__ = ('_h', '__weakref__')
    _delete = None  # the low-level delete function of the subclass

    def __init__(self, handle):
        self._h = handle

    def _live(self):
        h = self._h
        if h is None:
            raise ValueError('%s is closed' % type(self).__name__)
        return h

    @property
    def closed(self):
        """True once close() was called; every other method then raises ValueError."""
        return self._h is None

    def close(self):
        """Frees the native object now (idempotent)."""
        h, self._h = self._h, None
        if h is not None and h.thisown:
            type(self)._delete(h)

    def __enter__(self):
        self._live()
        return self

    def __exit__(self, *exc):
        self.close()
        return False

    @classmethod
    def _wrap(cls, handle):
        obj = cls.__new__(cls)
        _Handle.__init__(obj, handle)
        return obj


def index(value, what):
    """An int (or anything with __index__, not bool-as-float or str) or TypeError."""
    if isinstance(value, (float, str, bytes)) or value is None:
        raise TypeError('%s must be an int, not %s' % (what, type(value).__name__))
    try:
        return _operator.index(value)
    except TypeError:
        raise TypeError('%s must be an int, not %s' % (what, type(value).__name__)) from None


def text(value, what):
    if not isinstance(value, str):
        raise TypeError('%s must be a str, not %s' % (what, type(value).__name__))
    return value


def ids(values, what):
    """A sequence of ints for the C layer: array('i') passes as is; other
    iterables (generators, ranges, numpy arrays) are checked by the C layer."""
    if values is None:
        raise TypeError('%s must not be None' % what)
    if isinstance(values, (str, bytes)):
        raise TypeError('%s must be a sequence of ints, not %s' % (what, type(values).__name__))
    if isinstance(values, _array) or isinstance(values, (list, tuple)):
        return values
    try:
        return list(values)
    except TypeError:
        raise TypeError('%s must be a sequence of ints, not %s' % (what, type(values).__name__)) from None


def enum_value(enum_cls, value, what):
    """An enum member (or its int value / name) as the C int."""
    if isinstance(value, enum_cls):
        return int(value)
    if isinstance(value, str):
        try:
            return int(enum_cls[value.upper()])
        except KeyError:
            raise ValueError('%s: unknown %s %r' % (what, enum_cls.__name__, value)) from None
    v = index(value, what)
    try:
        return int(enum_cls(v))
    except ValueError:
        raise ValueError('%s: unknown %s value %d' % (what, enum_cls.__name__, v)) from None
