"""The command line: parse arguments, call the library, turn expected failures into one-line messages.

This package is the only place that prints or chooses exit codes (with ``usage``, which words a
failure): 2 for bad input (spec, options, arguments), 1 for other expected failures. Anything else is a
bug and keeps its traceback. ``app`` holds the typer app and what commands share; each command lives
in the module of its group (``mazes``, ``books``, ``starting``) and is registered here, in the order
``puzzlebook --help`` lists them.
"""

from __future__ import annotations

import sys

import typer

from . import books, mazes, preview, starting
from .app import app

for command in (
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
):
    app.command()(command)

__all__ = ["app", "main"]


def main() -> None:
    """Console entry point: the last word on failures no command expected, each one line."""
    try:
        app()
    except BrokenPipeError:  # e.g. `puzzlebook maze ... | head`
        sys.stderr.close()
    except MemoryError:
        typer.echo("error: out of memory; make the book or its mazes smaller", err=True)
        sys.exit(1)
    except KeyboardInterrupt:
        typer.echo("error: interrupted; no file was written", err=True)
        sys.exit(130)
