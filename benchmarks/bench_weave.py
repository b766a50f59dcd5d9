"""Weave maze generation at about a million cells, beside the same algorithms without weave, one run.

    python benchmarks/bench_weave.py              # 1000x1000, median of 3 (a few minutes)
    python benchmarks/bench_weave.py --size 300   # quicker

Each weave figure includes making the weave field (its neighbour arrays, which the walks read), as a
first maze of a size does. The plain algorithm on the square fast path (``grid.Grid``) and on the
rectangle's field of arrays (as hexagons are made) is measured in the same run: this machine's speed
changes from hour to hour, so the ratios are the figures to compare.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from functools import partial

from puzzlebook import generators
from puzzlebook.graph import Topology, _field
from puzzlebook.grid import Grid

GOAL = 250_000
"""Cells a second the issue asks of weave generation at about a million cells."""

DOCUMENTED = {
    "growing-tree": 1_448_831,
    "hunt-and-kill": 2_327_792,
    "kruskal": 462_544,
    "recursive-backtracker": 2_171_340,
}
"""The plain algorithms on squares at 1000x1000 in docs/benchmarks.md (bench_generators.py): this
machine is shared and its speed swings severalfold, so the weave figure is also given as its ratio to
plain squares in this run times that figure."""


def timed(make: object) -> float:
    t = time.perf_counter()
    make()  # type: ignore[operator]
    return time.perf_counter() - t


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--size", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--share", type=float, default=0.5)
    args = parser.parse_args()
    side, cells = args.size, args.size * args.size
    print(
        f"| algorithm | weave cells/s ({side}x{side}, share {args.share:g}) | plain squares cells/s | "
        "plain on the rectangle field (graph arrays) | weave / plain squares | weave at the documented "
        "speed of plain squares | goal |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|")
    for name in generators.weavers():
        woven, plain, field = [], [], []
        for run in range(args.runs):
            _field.cache_clear()
            woven.append(
                timed(partial(generators.generate_weave, name, side, side, random.Random(run), args.share))
            )
            plain.append(timed(partial(generators.generate, name, Grid(side, side), random.Random(run))))
            _field.cache_clear()
            made = partial(
                generators.generate, name, Topology.of("rectangle", side, side), random.Random(run)
            )
            field.append(timed(made))
        w, p, f = (cells / statistics.median(times) for times in (woven, plain, field))
        scaled = w / p * DOCUMENTED[name]
        print(f"| {name} | {w:,.0f} | {p:,.0f} | {f:,.0f} | {w / p:.2f} | {scaled:,.0f} | {GOAL:,} |")


if __name__ == "__main__":
    main()
