"""IcsException: every status other than ICS_OK raised by the C library."""
from . import _ics
from ._enums import Status


class IcsException(Exception):
    """An error reported by the icsched C library.

    ``code`` is the :class:`Status` (``Status.INTERNAL`` for a code this
    binding does not know), ``code_value`` the raw negative ``ics_status``,
    ``message`` the text of ``ics_last_error_message()``.  Misuse that never
    reaches the library raises the usual Python exceptions instead:
    ``TypeError`` (wrong type, ``None``), ``ValueError`` (a closed object).
    """

    def __init__(self, code, message):
        code_value = int(code)
        super().__init__(code_value, message)
        self.code_value = code_value
        try:
            self.code = Status(code_value)
        except ValueError:
            self.code = Status.INTERNAL
        self.message = message

    def __str__(self):
        return '[%s] %s' % (self.code.name, self.message)

    def __reduce__(self):  # picklable (Dask ships exceptions between processes)
        return (type(self), (self.code_value, self.message))


_ics.icsched_set_error_class(IcsException)
