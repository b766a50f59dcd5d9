"""The ``puzzlebook`` command's first and last moments: Ctrl-C and ``kill`` are taken over (see
``signals``) before anything heavy loads, and a command that only reads and prints ends without
Python's teardown."""

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


def main() -> None:
    """Console entry point."""
    take_signals()
    if os.environ.get("PUZZLEBOOK_STUDIO_FOLDER"):  # a studio's build: it ends with the studio
        from .workers import die_with_parent

        die_with_parent()
    from .cli import main as run  # everything heavy loads after the signals are ours

    read_only = len(sys.argv) > 1 and sys.argv[1] in READ_ONLY
    try:
        run()
    except SystemExit as done:
        if read_only and (done.code is None or isinstance(done.code, int)):
            end_now(done.code or 0)
        raise
    if read_only:
        end_now(0)


def end_now(code: int) -> None:
    """Flush what was printed and end the process with ``code``, skipping the teardown. Return instead,
    for Python's own exit, where an exit handler was registered (a coverage tool's, a sitecustomize's),
    another thread runs, or a stream cannot be flushed (a closed pipe: Python says so as it always has)."""
    threading = sys.modules.get("threading")
    if getattr(atexit, "_ncallbacks", lambda: 1)() or (threading and threading.active_count() > 1):
        return
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError):
        return
    os._exit(code)
