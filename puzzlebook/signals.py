"""Ctrl-C and ``kill`` stop any command at once, with one line and nothing left behind.

Python turns Ctrl-C into a KeyboardInterrupt wherever the main thread happens to be. Inside the worker
pool's own code (starting a worker, handing over a batch) that can be swallowed, or leave the pool
waiting forever for workers that will never answer. So a signal here ends the process itself: its
workers are killed, the temporary file of a book being written is removed, and the process exits with
128 + the signal's number.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
from types import FrameType

_OWNER = 0
"""The process that took the signals: a forked worker inherits the handler and only exits."""


def take_signals() -> None:
    """Ctrl-C and ``kill`` stop this process as ``stop`` does; a signal ignored when we started (a
    background job's Ctrl-C) stays ignored."""
    global _OWNER
    _OWNER = os.getpid()
    for signum in (signal.SIGINT, signal.SIGTERM):
        if signal.getsignal(signum) is not signal.SIG_IGN:
            signal.signal(signum, stop)


def give_back_signals() -> None:
    """For a command that ends on Ctrl-C by design (the studio): KeyboardInterrupt again."""
    if signal.getsignal(signal.SIGINT) is stop:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    if signal.getsignal(signal.SIGTERM) is stop:
        signal.signal(signal.SIGTERM, signal.SIG_DFL)


def interrupt_on_stop() -> None:
    """For the studio: ``kill`` (SIGTERM) and a closed terminal (SIGHUP) stop it as Ctrl-C does, its
    builds killed and its hidden files removed (they ran on as orphans, and left their files in the
    person's folder); a signal ignored when we started (``nohup``) stays ignored."""
    for signum in (signal.SIGTERM, signal.SIGHUP):
        if signal.getsignal(signum) is not signal.SIG_IGN:
            signal.signal(signum, _interrupt)


def _interrupt(signum: int, _: FrameType | None) -> None:
    raise KeyboardInterrupt


def stop(signum: int, _: FrameType | None) -> None:
    """Kill the workers, remove the temporary file being written, say so (for Ctrl-C) and exit."""
    if os.getpid() == _OWNER:
        # each step alone, whatever was under way: a pool starting a worker as the signal came made the
        # first fail, and the line was lost with it
        for step in (_kill_workers, _remove_parts):
            with contextlib.suppress(Exception):  # the workers die with us anyway (PR_SET_PDEATHSIG)
                step()
        if signum == signal.SIGINT:
            with contextlib.suppress(OSError):
                os.write(2, b"error: interrupted; no file was written\n")
    os._exit(128 + signum)


def _kill_workers() -> None:
    processes = sys.modules.get("multiprocessing")  # never loaded: no workers to stop
    for child in processes.active_children() if processes else ():
        child.kill()


def _remove_parts() -> None:
    output = sys.modules.get("puzzlebook.output")
    if output is not None:
        output.remove_parts()
