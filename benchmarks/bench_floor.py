"""The 500-maze book beside its floor, and beside an older checkout, in one run.

    python benchmarks/bench_floor.py                          # this checkout and its floor
    python benchmarks/bench_floor.py --baseline OLD_CHECKOUT  # and the same book built by OLD_CHECKOUT

The book is bench_book.py's: 30x30 mazes with an answer key, layout activity-book. Its floor is what no
build of it can go below on this machine:

- start: a fresh interpreter importing what a build needs (``import puzzlebook.build``);
- generation: the book's mazes made on every core (``workers.Makers``, its processes started and the
  puzzles sent back included), in a process that has already imported and planned;
- compression: zlib (as reportlab calls it) of every compressed stream of the built book, on one core.

Each round runs every row once, each in a fresh process, in turn; the table gives medians of the
rounds, and each ratio is taken within its round. Wall time says what a person waits for; the CPU
column (user and system, the worker processes included) says what the work costs on a loaded machine.
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

HERE = Path(__file__).resolve().parent.parent
SPEC = (HERE / "benchmarks" / "bench_book.py").read_text().split('SPEC = """\\\n')[1].split('"""')[0]

GENERATE = """
import sys, time
from puzzlebook.build import _recipe, check_book
from puzzlebook.workers import Makers
checked = check_book(sys.argv[1], output_given=True)
jobs = [(_recipe(m), m.seed) for m in checked.mazes]
start = time.perf_counter()
with Makers() as makers:
    made = makers.make_all(jobs)
print(time.perf_counter() - start)
"""


def run(cmd: list[str], tree: Path) -> tuple[float, float, float, str]:
    """(seconds, CPU seconds with its children, peak MB, stdout) of one fresh process."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    start = time.perf_counter()
    with subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE) as child:
        out = child.stdout.read().decode() if child.stdout else ""
        _, status, usage = os.wait4(child.pid, 0)
        child.returncode = 0
    seconds = time.perf_counter() - start
    if status != 0:
        raise SystemExit(f"{cmd} failed")
    return seconds, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, out


def streams(pdf: bytes) -> list[bytes]:
    """Every compressed stream of a PDF written by reportlab, decompressed."""
    found = []
    for match in re.finditer(rb"/Length (\d+)[^>]*>>\s*stream\r?\n", pdf):
        data = pdf[match.end() : match.end() + int(match.group(1))]
        found.append(zlib.decompress(data))
    return found


def compression(pdf: bytes) -> float:
    """Seconds to compress the book's streams again, as reportlab does (``zlib.compress``)."""
    raw = streams(pdf)
    start = time.perf_counter()
    for data in raw:
        zlib.compress(data)
    return time.perf_counter() - start


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
    with tempfile.TemporaryDirectory() as tmp:
        spec = Path(tmp) / "book.yaml"
        spec.write_text(SPEC.replace("{count}", str(args.count)))
        book = Path(tmp) / "book.pdf"
        for _ in range(args.rounds):
            start = run([python, "-c", "import puzzlebook.build"], HERE)
            made = run([python, "-c", GENERATE, str(spec)], HERE)
            generation = float(made[3])
            built = {}
            for name, tree in sides:
                built[name] = run(
                    [python, "-m", "puzzlebook", "build", str(spec), "-o", str(book), "-q"], tree
                )
            packed = compression(book.read_bytes())
            floor = start[0] + generation + packed
            rows.setdefault("start (import puzzlebook.build)", []).append(start[:3])
            rows.setdefault("generation on every core", []).append((generation, 0.0, 0.0))
            rows.setdefault("compression of the streams", []).append((packed, packed, 0.0))
            rows.setdefault("floor (the three added)", []).append((floor, 0.0, 0.0))
            for name, _ in sides:
                rows.setdefault(f"build, {name}", []).append(built[name][:3])
                ratios.setdefault(name, []).append(built[name][0] / floor)
            if args.baseline:
                ratios.setdefault("this / baseline", []).append(built[sides[0][0]][0] / built["baseline"][0])
            load.append(os.getloadavg()[0])
    print(f"{args.count} mazes of 30x30 with answers, {args.rounds} rounds, {os.cpu_count()} cores, ", end="")
    print(f"load average (1 min) {min(load):.1f}-{max(load):.1f} during the run\n")
    print("| what | time (median) | CPU, workers included | peak memory |")
    print("|---|---:|---:|---:|")
    for what, values in rows.items():
        seconds = statistics.median(v[0] for v in values)
        cpu = statistics.median(v[1] for v in values)
        peak = max(v[2] for v in values)
        print(
            f"| {what} | {seconds:.2f} s | {f'{cpu:.2f} s' if cpu else ''} | {f'{peak:.0f} MB' if peak else ''} |"
        )
    print()
    for name, values in ratios.items():
        shown = ", ".join(f"{v:.2f}" for v in values)
        over = "" if name.startswith("this /") else " the floor"
        print(f"{name}: {statistics.median(values):.2f}x{over} (rounds: {shown})")


if __name__ == "__main__":
    main()
