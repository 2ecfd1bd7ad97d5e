"""Profile: the IC pebble game played with one order (ics_profile)."""
from . import _ics
from ._util import _Handle


class Profile(_Handle):
    """E(0..n) of an order of a dag (Dag.evaluate): eligible() has steps+1
    values.  A context manager; independent of its dag once made."""

    __slots__ = ()
    _delete = _ics.Profile.__swig_destroy__

    def __repr__(self):
        if self._h is None:
            return '<icsched.Profile closed>'
        return '<icsched.Profile %d steps, AREA %d>' % (self.steps, self.area)

    @property
    def steps(self):
        """Number of steps n."""
        return self._live().steps()

    def eligible(self):
        """E(0..n): the number of ELIGIBLE nodes after t executions (array('i'))."""
        return self._live().eligible()

    def order(self):
        """The order that was evaluated (array('i'))."""
        return self._live().order()

    @property
    def memory(self):
        """Memory cost: the maximum over steps of executed nodes that still have an unexecuted child."""
        return self._live().memory()

    @property
    def area(self):
        """AREA: the sum of E(t)."""
        return self._live().area()
