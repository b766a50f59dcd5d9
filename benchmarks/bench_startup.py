"""Start-up: how long a command takes before it does anything, beside older code (issue 31's goal 1).

    python benchmarks/bench_startup.py                  # this checkout, and commit d40bbc7 beside it
    python benchmarks/bench_startup.py --base COMMIT --runs 21

d40bbc7 (the code when issue 31 was filed) ran on typer, no longer a dependency: ``pip install typer``
to measure beside it, or pass another ``--base``; a base that cannot start is told in one line.

Each row is a fresh process, run ``--runs`` times in interleaved rounds (every row by each side in turn,
round after round), medians shown: its wall time and its CPU time (user and system, from ``wait4``),
which a busy machine disturbs far less. The floors are Python importing PyYAML (``python -c "import
yaml"``) and that import plus reading the kids sample's YAML; the goals are ``puzzlebook --help`` within
4x of the first and ``validate`` of the kids sample within 2x of the second, each ratio taken within a
round. The code before is checked out of git (``git archive``) into a temporary folder and run with the
same Python, its folder first on the path.

Modules are run from their cached bytecode, as an installed package is (pip compiles it): the variable
that would stop Python writing it (``PYTHONDONTWRITEBYTECODE``) is left out of the children's
environment, and one round is run first, untimed, to write it. Without that, every run of the code
checked out compiled all its modules again (about a third of ``validate``'s time).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench_exports import ROOT, checkout

KIDS = ROOT / "sample_configs" / "kids-activity-book.yaml"

PARTS = f"""
import json, sys, time
spent, last = {{}}, time.process_time()
def part(name):
    global last
    now = time.process_time()
    spent[name] = now - last
    last = now
import yaml; yaml.safe_load(open({str(KIDS)!r}))
part("PyYAML, and reading the spec's YAML (the floor's own)")
from pydantic import BaseModel
part("pydantic (its BaseModel)")
import puzzlebook.cli
part("the command line's modules (what --help loads)")
import pydantic.fields, pydantic.types, pydantic.json_schema, pydantic.functional_validators
import pydantic._internal._generate_schema, pydantic.plugin._loader, pydantic.type_adapter
part("pydantic's schema machinery, loaded as the first model is built (importlib.metadata with it)")
from pydantic._internal import _model_construction
built, new = [0.0], _model_construction.ModelMetaclass.__new__
def timed(*args, **kwargs):
    start = time.process_time()
    try:
        return new(*args, **kwargs)
    finally:
        built[0] += time.process_time() - start
_model_construction.ModelMetaclass.__new__ = timed
import puzzlebook.build, puzzlebook.report
_model_construction.ModelMetaclass.__new__ = new
part("the spec's, layout's and generators' modules, pydantic's models not counted")
spent["the spec's, layout's and generators' modules, pydantic's models not counted"] -= built[0]
spent["pydantic building the spec's, layout's and generators' models"] = built[0]
from puzzlebook.cli.app import Command
from puzzlebook.cli.reading import run_command
run_command(Command("validate", lambda spec: None, puzzlebook.cli.books.validate.takes), [{str(KIDS)!r}])
part("argparse, and reading the arguments (the command itself not run)")
checked = puzzlebook.build.check_book({str(KIDS)!r})
part("reading and checking the spec, planning its pages, measuring its words (check_book)")
puzzlebook.report.summary(checked), puzzlebook.report.notes(checked)
part("its summary and notes")
print(json.dumps(spent))
"""
"""Where ``validate``'s CPU time goes: its imports and work done in the same order in one process, each
part timed (process time). What the command spends beyond them is mostly Python's exit (letting go of
some 400 modules)."""


def run(cmd: list[str], tree: Path) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of one fresh process with ``tree`` first on the path."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    start = time.perf_counter()
    pid = os.fork()
    if pid == 0:
        os.chdir(tempfile.gettempdir())  # ``-m`` and ``-c`` put the current folder before PYTHONPATH
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, 1)
        os.dup2(null, 2)
        os.execve(cmd[0], cmd, env)
    _, status, usage = os.wait4(pid, 0)
    if status != 0:  # run again to show why: the code before may need a package no longer installed
        why = subprocess.run(cmd, env=env, cwd=tempfile.gettempdir(), capture_output=True, text=True)
        last = (why.stderr.strip().splitlines() or [f"status {status}"])[-1]
        raise SystemExit(f"{' '.join(cmd)} with {tree} first on the path failed: {last}")
    return time.perf_counter() - start, usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--base", default="d40bbc7", help="the commit to measure beside this checkout")
    parser.add_argument("--runs", type=int, default=15, help="interleaved rounds; medians are shown")
    args = parser.parse_args()
    python = sys.executable
    floors = {
        "python -c pass": [python, "-c", "pass"],
        'python -c "import yaml"': [python, "-c", "import yaml"],
        "import yaml, read the kids sample": [
            python,
            "-c",
            f"import yaml; yaml.safe_load(open({str(KIDS)!r}))",
        ],
    }
    commands = {
        "puzzlebook --help": ["--help"],
        "puzzlebook --version": ["--version"],
        "puzzlebook validate (kids sample)": ["validate", str(KIDS)],
        "puzzlebook layouts": ["layouts"],
    }
    times: dict[tuple[str, str, int], list[float]] = {}  # (side, row, 0 wall / 1 CPU)
    ratios: dict[tuple[str, str, int], list[float]] = {}
    loads = [os.getloadavg()[0]]
    with tempfile.TemporaryDirectory() as tmp:
        trees = {"now": ROOT, "before": checkout(args.base, Path(tmp))}
        for words in commands.values():  # untimed: each side's bytecode written once
            for tree in trees.values():
                run([python, "-m", "puzzlebook", *words], tree)
        for _ in range(args.runs):
            floor = {name: run(cmd, ROOT) for name, cmd in floors.items()}
            for name, measured in floor.items():
                for kind in (0, 1):
                    times.setdefault(("floor", name, kind), []).append(measured[kind])
            for row, words in commands.items():
                for side, tree in trees.items():
                    measured = run([python, "-m", "puzzlebook", *words], tree)
                    against = (
                        "import yaml, read the kids sample"
                        if "validate" in row
                        else 'python -c "import yaml"'
                    )
                    for kind in (0, 1):
                        times.setdefault((side, row, kind), []).append(measured[kind])
                        ratios.setdefault((side, row, kind), []).append(measured[kind] / floor[against][kind])
            loads.append(os.getloadavg()[0])
    print(
        f"machine: {os.cpu_count()} cores, load {min(loads):.1f}-{max(loads):.1f} (one-minute average, "
        f"read each round); {args.runs} rounds; before: {args.base}\n"
    )
    print("| floor | wall | CPU |\n|---|---:|---:|")
    for name in floors:
        wall, cpu = (statistics.median(times[("floor", name, kind)]) * 1000 for kind in (0, 1))
        print(f"| {name} | {wall:.0f} ms | {cpu:.0f} ms |")
    print(
        "\n| command | wall | / floor | CPU | / floor | before: wall | / floor | before: CPU | / floor |\n"
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
    )
    for row in commands:
        cells = [
            f"{statistics.median(times[(side, row, kind)]) * 1000:.0f} ms | "
            f"{statistics.median(ratios[(side, row, kind)]):.1f}x"
            for side in trees
            for kind in (0, 1)
        ]
        print(f"| {row} | " + " | ".join(cells) + " |")
    print("\n(the floor of validate is the YAML import and read; of the others, the import alone)")
    parts: dict[str, list[float]] = {}
    for _ in range(args.runs):
        child = subprocess.run(
            [python, "-c", PARTS],
            env={
                **{k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"},
                "PYTHONPATH": str(ROOT),
            },
            capture_output=True,
            text=True,
            check=True,
        )
        for name, seconds in json.loads(child.stdout).items():
            parts.setdefault(name, []).append(seconds)
    start = statistics.median(times[("floor", "python -c pass", 1)])
    print(
        f"\nWhere validate's CPU goes (this checkout; medians of {args.runs} runs; Python's own start {start * 1000:.0f} ms before these):\n"
    )
    print("| part | CPU |\n|---|---:|")
    for name, seconds in parts.items():
        print(f"| {name} | {statistics.median(seconds) * 1000:.0f} ms |")
    total = start + sum(statistics.median(seconds) for seconds in parts.values())
    print(f"| Python's start and these, added | {total * 1000:.0f} ms |")
    whole = statistics.median(times[("now", "puzzlebook validate (kids sample)", 1)])
    print(f"| `puzzlebook validate` measured whole (the table above) | {whole * 1000:.0f} ms |")


if __name__ == "__main__":
    main()
