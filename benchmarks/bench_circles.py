"""Circles: every walking generator on a 200-ring circle, and a book of circular mazes beside the same
book of square ones, in one run.

    python benchmarks/bench_circles.py [--peers PYTHON_WITH_CTRLGRID]

The generators are timed in this process on a field whose arrays are made first (once per shape, as a
book's mazes of one entry share them; that time is printed too), each bracketed by the reference
workload of ``bench_generators``; with ``--peers``, each time is also given at the speed of the machine
the goals were set on (see ``bench_shapes``). The books are built by `puzzlebook
build` in fresh processes, interleaved three times, and the medians compared: this machine's speed
drifts by up to 2x within the hour, so the ratio is what to read.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

from bench_generators import goal_machine_reference
from bench_shapes import rows, speed, walking_in_python
from bench_waits import timed

from puzzlebook.graph import Topology

RINGS = 200
BOOK = """title: {title}
marks: {marks}
answer_key: true
mazes:
  - {{size: {size}, algorithm: recursive-backtracker, count: 100{grid}}}
"""


def generation(reference_then: float) -> None:
    field = Topology.of("circle", RINGS, RINGS)
    start = time.perf_counter()
    _ = field.links, field.walls
    made = time.perf_counter() - start
    print(f"{RINGS}-ring circle: {field.count:,} cells, its arrays made in {made:.2f} s\n")
    table = rows()  # first: it may load the compiled walk, and says so
    scaled = " | at the goals' machine speed" if reference_then else ""
    print(f"| algorithm | seconds | cells/s{scaled} |")
    print("|---|---:|---:|" + ("---:|" if reference_then else ""))
    for row, name, python_only in table:
        # the compiled row is compiled whatever the size, the other in Python
        with walking_in_python(python_only, None if python_only else 0):
            cells_per_second, steady = speed(name, field)
        then = f" {field.count / (steady / reference_then):.2f} s |" if reference_then else ""
        print(f"| {row} | {field.count / cells_per_second:.2f} | {cells_per_second:,.0f} |{then}", flush=True)


def books() -> None:
    puzzlebook = str(Path(sys.executable).with_name("puzzlebook"))
    with tempfile.TemporaryDirectory() as folder:
        specs = {
            "100 circles of 15 rings": BOOK.format(
                title="Circles", marks="center-out", size=15, grid=", grid: circle"
            ),
            "100 squares of 30x30": BOOK.format(title="Squares", marks="suggested", size="30x30", grid=""),
        }
        times: dict[str, list[float]] = {name: [] for name in specs}
        for name, text in specs.items():
            (Path(folder) / f"{len(name)}.yaml").write_text(text)
        for _ in range(3):
            for name in specs:
                spec = str(Path(folder) / f"{len(name)}.yaml")
                seconds, _, ok = timed([puzzlebook, "build", "-q", spec, "-o", str(Path(folder) / "out.pdf")])
                assert ok, name
                times[name].append(seconds)
        print("\n| book, with its answer key | median of 3 builds | runs |")
        print("|---|---:|---|")
        for name, runs in times.items():
            print(f"| {name} | {statistics.median(runs):.2f} s | {', '.join(f'{t:.2f}' for t in runs)} |")
        circles, squares = (statistics.median(runs) for runs in times.values())
        print(f"\ncircles / squares: {circles / squares:.2f}x (the goal: within 2x)")


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument(
        "--peers", help="python of a venv with ctrlgrid installed, to scale to the goals' speed"
    )
    peers = parser.parse_args().peers
    generation(goal_machine_reference(peers)[0] if peers else 0.0)
    books()
