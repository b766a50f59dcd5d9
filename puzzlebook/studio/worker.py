"""A warm build worker of the studio: ``puzzlebook build`` run again and again in one child process that
has loaded everything already (a fresh child spent about 1.4 s before its first maze), keeping the mazes
it made for the next build (``workers.keep_puzzles``): a title edit makes none again.

It is started by ``warm.Workers`` with the studio's folder in its environment (confined to it as a
build child is), reads one job a line on stdin (the arguments of ``puzzlebook build``), and answers one
line on stdout: the exit code and what the build said on stderr. The studio stops it at a build's time
limit as it stopped a build child, and it ends with the studio (PR_SET_PDEATHSIG) or when stdin closes.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import sys

KEPT_BYTES = 200_000_000
"""Bytes of mazes kept between builds at most, the oldest dropped first."""


def serve() -> None:
    from ..signals import take_signals
    from ..workers import die_with_parent, keep_puzzles

    take_signals()
    die_with_parent()
    from ..cli import main  # the command line, loaded before the first job

    keep_puzzles(KEPT_BYTES)
    answers = os.fdopen(os.dup(1), "w", encoding="utf-8")  # the studio reads only these lines
    for line in sys.stdin:
        argv = json.loads(line)
        said = io.StringIO()
        code = 0
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(said):
            try:
                main(["build", *argv])
            except SystemExit as exit:
                code = exit.code if isinstance(exit.code, int) else (0 if exit.code is None else 1)
            except MemoryError:
                said.write("error: out of memory; make the book or its mazes smaller\n")
                code = 1
            except Exception as exc:  # a build that failed as no command expected: its last words
                said.write(f"error: {exc}\n")
                code = 1
        answers.write(json.dumps({"code": code, "stderr": said.getvalue()[-4000:]}) + "\n")
        answers.flush()


if __name__ == "__main__":
    serve()
