"""The ``puzzlebook`` command's first and last moments: Ctrl-C and ``kill`` are taken over (see
``signals``) before anything heavy loads, and a command that only reads and prints, or a build once its
files are written, ends without Python's teardown."""

from __future__ import annotations

import atexit
import os
import sys

from .signals import take_signals

READ_ONLY = frozenset({"validate"})
"""Commands that read files and print, and leave nothing for Python's exit to do: no file, thread, worker
or exit handler of their own. Python's teardown then only lets go of the modules, one by one: some 400
after ``validate``, 50 ms of its 330 (see docs/benchmarks.md), which such a command ends without
(``os._exit``, once its output is flushed), unless something else asked for the exit (see ``end_now``)."""

WRITES_THEN_ENDS = frozenset({"build"})
"""Commands whose files are written and closed, and whose workers have ended, when they return: what
Python's exit still does after them is run the exit handlers of the libraries they loaded
(multiprocessing's, logging's, PIL's) and let go of some 500 modules and everything they hold, 65 ms
after the 500-maze book (see docs/benchmarks.md). The handlers run as that exit runs them, and the
teardown is skipped (``end_now``)."""


def main() -> None:
    """Console entry point."""
    take_signals()
    if os.environ.get("PUZZLEBOOK_STUDIO_FOLDER"):  # a studio's build: it ends with the studio
        from .workers import die_with_parent

        die_with_parent()
    from .cli import main as run  # everything heavy loads after the signals are ours

    command = sys.argv[1] if len(sys.argv) > 1 else ""
    ending = command in READ_ONLY or command in WRITES_THEN_ENDS
    try:
        run()
    except SystemExit as done:
        if ending and (done.code is None or isinstance(done.code, int)):
            end_now(done.code or 0, handlers=command in WRITES_THEN_ENDS)
        raise
    if ending:
        end_now(0, handlers=command in WRITES_THEN_ENDS)


def end_now(code: int, handlers: bool = False) -> None:
    """Flush what was printed and end the process with ``code``, skipping the teardown. Return instead,
    for Python's own exit, where another thread runs, a stream cannot be flushed (a closed pipe: Python
    says so as it always has), a profiler or debugger watches (``python -m cProfile`` writes its figures
    after the command returns), or an exit handler was registered (a coverage tool's, a sitecustomize's),
    unless ``handlers``: then every registered handler runs first, in the order Python's exit runs them."""
    threading = sys.modules.get("threading")
    if (threading and threading.active_count() > 1) or sys.getprofile() or sys.gettrace():
        return
    if not handlers and getattr(atexit, "_ncallbacks", lambda: 1)():
        return
    if not _flushed():
        return
    if handlers:
        atexit._run_exitfuncs()  # last registered first, each error printed and the rest run, as at exit
        if not _flushed():
            return  # the handlers have run, and run only once: Python's exit goes on without them
    os._exit(code)


def _flushed() -> bool:
    """Whether what was printed is out: a stream closed before the command began is None here."""
    try:
        for stream in (sys.stdout, sys.stderr):
            if stream is not None:
                stream.flush()
    except (OSError, ValueError):
        return False
    return True
