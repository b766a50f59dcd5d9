"""The 500-maze book beside its floor, and beside an older checkout, in one run.

    python benchmarks/bench_floor.py                          # this checkout and its floor
    python benchmarks/bench_floor.py --baseline OLD_CHECKOUT  # and the same book built by OLD_CHECKOUT

The book is bench_book.py's: 30x30 mazes with an answer key, layout activity-book. Its floor is what no
build of it can go below on this machine:

- start: a fresh interpreter importing what a build of the book imports: every module its process
  has loaded when it ends (``LOADED``), so a module the build loads on first use (reportlab, the
  workers) counts as it did when ``import puzzlebook.build`` loaded it all (which, once those loads
  were deferred, left 30-40 ms of the build's own imports out of its floor);
- generation: the book's mazes made on every core (``workers.Makers``, its processes started and the
  puzzles sent back included), in a process that has already imported and planned;
- compression: zlib, at the level the book is written with (``drawn.deflated``), of every compressed
  stream of the built book, on one core.

Each round runs every row once, each in a fresh process, in turn; the table gives medians of the
rounds, and each ratio is taken within its round. Wall time says what a person waits for. On a machine
busy with other work, wall time follows the CPU a command spends rather than how it spreads it, so the
CPU figures are given too: the whole build's (its workers included), its main process's alone (the
part no other core can take), and the floor's (start-up, the workers' generation, compression).
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
import zlib
from pathlib import Path

from puzzlebook.drawn import deflated

HERE = Path(__file__).resolve().parent.parent
SPEC = (HERE / "benchmarks" / "bench_book.py").read_text().split('SPEC = """\\\n')[1].split('"""')[0]

GENERATE = """
import resource, sys, time
from puzzlebook.build import _recipe, check_book
from puzzlebook.workers import Makers
checked = check_book(sys.argv[1], output_given=True)
jobs = [(_recipe(m), m.seed) for m in checked.mazes]
start = time.perf_counter()
with Makers() as makers:
    made = makers.make_all(jobs)
seconds = time.perf_counter() - start
workers = resource.getrusage(resource.RUSAGE_CHILDREN)
print(seconds, workers.ru_utime + workers.ru_stime)
"""
"""The book's mazes made on every core, timed once the process has imported and planned."""

MAIN_CPU = """
import atexit, os, resource, runpy, sys
def said():
    own = resource.getrusage(resource.RUSAGE_SELF)
    with open(os.environ["BENCH_MAIN_CPU"], "w") as file:
        file.write(str(own.ru_utime + own.ru_stime))
atexit.register(said)
sys.argv = ["puzzlebook", *sys.argv[1:]]
runpy.run_module("puzzlebook", run_name="__main__", alter_sys=True)
"""
"""``python -m puzzlebook`` that notes the CPU of its own process (its workers left out) on leaving."""

LOADED = """
import atexit, runpy, sys, types
into = sys.argv[1]
def said():
    names = [
        name
        for name, module in list(sys.modules.items())
        # a stand-in for a package loaded on first use (``render._StandIn``) that was never used is not
        # loaded; nor are the names of the running script
        if type(module) is types.ModuleType and "__main__" not in name
    ]
    with open(into, "w") as file:
        file.write("\\n".join(names))
atexit.register(said)
sys.argv = ["puzzlebook", *sys.argv[2:]]
runpy.run_module("puzzlebook", run_name="__main__", alter_sys=True)
"""
"""``python -m puzzlebook`` that writes, on leaving, the modules its process loaded (to the file named
first)."""

START = """
import importlib, sys
for name in open(sys.argv[1]).read().split():
    try:
        importlib.import_module(name)
    except ImportError:  # a name only the running build had (cython_runtime): nothing to load
        pass
"""
"""The floor's start: a fresh interpreter importing the modules a build loaded (``LOADED``)."""


def run(cmd: list[str], tree: Path, env: dict[str, str] | None = None) -> tuple[float, float, float, str]:
    """(seconds, CPU seconds with its children, peak MB, stdout) of one fresh process, from cached
    bytecode as an installed package runs: a shell's ``PYTHONDONTWRITEBYTECODE`` left every module
    changed since its bytecode was last written compiled again on every run (a side 1.15x slower)."""
    env = {**os.environ, **(env or {}), "PYTHONPATH": str(tree)}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    start = time.perf_counter()
    # run from elsewhere: a checkout's own folder first on the path would shadow ``tree``
    with subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, cwd=tempfile.gettempdir()) as child:
        out = child.stdout.read().decode() if child.stdout else ""
        _, status, usage = os.wait4(child.pid, 0)
        child.returncode = 0  # reaped here, for its resource usage
    seconds = time.perf_counter() - start
    if status != 0:
        raise SystemExit(f"{cmd} failed")
    return seconds, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, out


def streams(pdf: bytes) -> list[bytes]:
    """Every compressed stream of a PDF written by reportlab, decompressed."""
    found = []
    for match in re.finditer(rb"/Length (\d+)", pdf):  # in a stream's dictionary, which may hold others
        begin = re.compile(rb"stream\r?\n").search(pdf, match.end())
        if begin is not None:
            found.append(zlib.decompress(pdf[begin.end() : begin.end() + int(match.group(1))]))
    return found


def compression(pdf: bytes) -> float:
    """CPU seconds to compress the book's streams again, as the book is written (``drawn.deflated``)."""
    raw = streams(pdf)
    start = time.process_time()
    for data in raw:
        deflated(data)
    return time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--baseline", type=Path, help="an older checkout to build the same book with")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--count", type=int, default=500)
    args = parser.parse_args()
    python = sys.executable
    sides = [("this checkout", HERE)] + ([("baseline", args.baseline.resolve())] if args.baseline else [])
    rows: dict[str, list[tuple[float, float, float]]] = {}
    ratios: dict[str, list[float]] = {}
    load = [os.getloadavg()[0]]

    def note(what: str, seconds: float, cpu: float = 0.0, peak: float = 0.0) -> None:
        rows.setdefault(what, []).append((seconds, cpu, peak))

    with tempfile.TemporaryDirectory() as tmp:
        spec = Path(tmp) / "book.yaml"
        spec.write_text(SPEC.replace("{count}", str(args.count)))
        book, noted, loaded = Path(tmp) / "book.pdf", Path(tmp) / "cpu", Path(tmp) / "modules"
        run([python, "-c", LOADED, str(loaded), "build", str(spec), "-o", str(book), "-q"], HERE)
        for _, tree in sides:  # untimed: each side's bytecode written once
            run(
                [python, "-c", MAIN_CPU, "build", str(spec), "-o", str(book), "-q"],
                tree,
                {"BENCH_MAIN_CPU": str(noted)},
            )
        for _ in range(args.rounds):
            start = run([python, "-c", START, str(loaded)], HERE)
            narrow = run([python, "-c", "import puzzlebook.build"], HERE)  # the start before, for comparison
            made = run([python, "-c", GENERATE, str(spec)], HERE)
            generation, generation_cpu = (float(word) for word in made[3].split())
            built, own = {}, {}
            for name, tree in sides:
                cmd = [python, "-c", MAIN_CPU, "build", str(spec), "-o", str(book), "-q"]
                built[name] = run(cmd, tree, {"BENCH_MAIN_CPU": str(noted)})
                own[name] = float(noted.read_text())
            packed = compression(book.read_bytes())
            floor = start[0] + generation + packed
            cpu_floor = start[1] + generation_cpu + packed
            note("start (importing what the build loads)", *start[:3])
            note("start as counted before (import puzzlebook.build alone)", *narrow[:3])
            note("generation on every core", generation, generation_cpu)
            note("compression of the streams at the book's level, one core", packed, packed)
            note("floor (the three added)", floor, cpu_floor)
            for name, _ in sides:
                note(f"build, {name}", *built[name][:3])
                note(f"build, {name}: its main process", 0.0, own[name])
                ratios.setdefault(f"{name} / the floor", []).append(built[name][0] / floor)
                ratios.setdefault(f"{name} / the floor, in CPU", []).append(built[name][1] / cpu_floor)
                ratios.setdefault(f"{name} / the floor with the start as counted before", []).append(
                    built[name][0] / (narrow[0] + generation + packed)
                )
            if args.baseline:
                ours, theirs = built[sides[0][0]], built["baseline"]
                ratios.setdefault("this / baseline", []).append(ours[0] / theirs[0])
                ratios.setdefault("this / baseline, in CPU", []).append(ours[1] / theirs[1])
                ratios.setdefault("this / baseline, main process CPU", []).append(
                    own[sides[0][0]] / own["baseline"]
                )
            load.append(os.getloadavg()[0])
    print(f"{args.count} mazes of 30x30 with answers, {args.rounds} rounds, {os.cpu_count()} cores, ", end="")
    print(f"load average (1 min) {min(load):.1f}-{max(load):.1f} during the run\n")
    print("| what | time (median) | CPU (median), workers included | peak memory |")
    print("|---|---:|---:|---:|")
    for what, values in rows.items():
        seconds = statistics.median(v[0] for v in values)
        cpu = statistics.median(v[1] for v in values)
        peak = max(v[2] for v in values)
        shown = [
            f"{seconds:.2f} s" if seconds else "",
            f"{cpu:.2f} s" if cpu else "",
            f"{peak:.0f} MB" if peak else "",
        ]
        print(f"| {what} | {' | '.join(shown)} |")
    print()
    for name, values in ratios.items():
        rounds = ", ".join(f"{v:.2f}" for v in values)
        print(f"{name}: {statistics.median(values):.2f}x (rounds: {rounds})")


if __name__ == "__main__":
    main()
