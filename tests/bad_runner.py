"""Runs puzzlebook commands for test_bad_inputs, each in a fresh process, without paying for Python and
puzzlebook's imports each time: this process imports puzzlebook once, then forks a child per command.

Each child gets a 1 GB memory limit on top of what it inherits, a 20 s alarm, standard input from
/dev/null and its own files for standard output and error; the results come back as JSON lines.

    python bad_runner.py FOLDER COMMAND:CASE ...
"""

from __future__ import annotations

import importlib
import json
import os
import resource
import signal
import sys
import tempfile

MEMORY = 1 << 30
SECONDS = 20


def _inherited() -> int:
    """The address space this process already has: a child's limit is that plus MEMORY."""
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[0]) * resource.getpagesize()


def run(command: str, spec: str) -> tuple[int, str, str]:
    """(exit status, standard output, standard error) of `puzzlebook COMMAND SPEC` in a child."""
    return run_args([command, spec])


def run_args(args: list[str]) -> tuple[int, str, str]:
    """(exit status, standard output, standard error) of `puzzlebook ARGS...` in a child."""
    from puzzlebook import cli

    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        pid = os.fork()
        if pid == 0:  # the child: never returns
            code = 70
            try:
                limit = _inherited() + MEMORY
                resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
                signal.alarm(SECONDS)
                null = os.open(os.devnull, os.O_RDONLY)
                os.dup2(null, 0)
                os.dup2(out.fileno(), 1)
                os.dup2(err.fileno(), 2)
                sys.stdin = open(0, closefd=False)  # noqa: SIM115
                sys.stdout = open(1, "w", closefd=False)  # noqa: SIM115
                sys.stderr = open(2, "w", closefd=False)  # noqa: SIM115
                sys.argv = ["puzzlebook", *args]
                try:
                    cli.main()
                    code = 0
                except SystemExit as done:
                    code = done.code if isinstance(done.code, int) else 1
                sys.stdout.flush()
                sys.stderr.flush()
            finally:
                os._exit(code)
        _, status = os.waitpid(pid, 0)
        code = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        return code, out.read().decode(errors="replace"), err.read().decode(errors="replace")


PRELOADED = (
    "puzzlebook.cli",
    "puzzlebook.build",
    "puzzlebook.preflight",
    "puzzlebook.render.pdf",
    "puzzlebook.render.cover",
    "puzzlebook.cover.make",
)
"""What the commands import on their way, imported once before the first fork: about 0.3 s of each
child's 0.4 s was these imports. Only modules: nothing is run, so each child still starts with
puzzlebook's state as a new process has it."""


def preload() -> None:
    for name in PRELOADED:
        importlib.import_module(name)


def main() -> None:
    folder, jobs = sys.argv[1], sys.argv[2:]
    os.chdir(folder)
    preload()

    for job in jobs:
        command, name = job.split(":", 1)
        code, out, err = run(command, f"{name}.yaml")
        said = {"job": job, "code": code, "stdout": out, "stderr": err, "folder": os.getcwd()}
        print(json.dumps(said), flush=True)


if __name__ == "__main__":
    main()
