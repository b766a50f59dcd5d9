"""The command line: parse arguments, call the library, turn expected failures into one-line messages.

This package is the only place that prints or chooses exit codes (with ``usage``, which words a
failure): 2 for bad input (spec, options, arguments), 1 for other expected failures. Anything else is a
bug and keeps its traceback. ``app`` holds what commands share; each command lives in the module of its
group (``mazes``, ``books``, ``preview``, ``starting``) and is listed here, in the order ``puzzlebook
--help`` lists them; ``reading`` reads a command line for them (argparse) and ``helptext`` says their help.
"""

from __future__ import annotations

import contextlib
import os
import sys

from . import books, mazes, preview, starting
from .app import Command

COMMANDS: tuple[Command, ...] = (
    mazes.maze,
    mazes.algorithms,
    books.build,
    books.cover,
    books.check,
    preview.preview,
    starting.studio,
    books.validate,
    starting.init,
    starting.schema,
    starting.layouts,
)

__all__ = ["COMMANDS", "main"]


def main(args: list[str] | None = None) -> None:
    """Console entry point (``args``: the words after ``puzzlebook``; the process's own by default): the
    last word on failures no command expected, each one line."""
    from .reading import run

    try:
        try:
            run(COMMANDS, sys.argv[1:] if args is None else args)
        finally:
            if sys.stdout is not None:
                sys.stdout.flush()  # a reader gone (`puzzlebook schema | head`) is found here, not at exit
    except BrokenPipeError:  # e.g. `puzzlebook maze ... | head`: nothing more to say, to nobody
        with contextlib.suppress(OSError, ValueError):  # Python's own flush at exit would fail again
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(1)
    except MemoryError:
        print("error: out of memory; make the book or its mazes smaller", file=sys.stderr)
        sys.exit(1)
    except KeyboardInterrupt:
        print("error: interrupted; no file was written", file=sys.stderr)
        sys.exit(130)
