"""A deadline on a spec's checks, where nothing else can stop them: the studio checks each spec in its
own process, and a class set's names fitted to their pages (``layout.names``) held its checks for
minutes (200 names of 14 wide letters took 153 s, two such specs every check slot it has). The
command line sets none: its checks are bounded by the work limits, and Ctrl-C stops them.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from .errors import At, Problem, SpecError

_DEADLINE: ContextVar[tuple[float, float] | None] = ContextVar("deadline", default=None)


@contextmanager
def within(seconds: float) -> Iterator[None]:
    """The checks run in this context (this thread) stop once they have taken ``seconds``."""
    token = _DEADLINE.set((time.monotonic() + seconds, seconds))
    try:
        yield
    finally:
        _DEADLINE.reset(token)


def in_time(where: At, what: str, fix: str) -> None:
    """Go on if the checks are within their deadline, or stop them, naming ``what`` took the time."""
    deadline = _DEADLINE.get()
    if deadline is not None and time.monotonic() > deadline[0]:
        raise SpecError(
            [Problem(where, f"{what} takes longer than the {deadline[1]:g} s a check may take here: {fix}")]
        )
