"""Weave maze generation at about a million cells, beside the same algorithms without weave, one run.

    python benchmarks/bench_weave.py              # 1000x1000, median of 3 (a few minutes)
    python benchmarks/bench_weave.py --size 300   # quicker

Each weave figure includes making the weave field (its neighbour arrays), as a first maze of a size
does. The plain algorithm on the square fast path (``grid.Grid``) is measured in the same run: this
machine's speed changes from hour to hour, so the ratio between the two is the figure to compare.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from functools import partial

from puzzlebook import generators
from puzzlebook.graph import _field
from puzzlebook.grid import Grid

GOAL = 250_000
"""Cells a second the issue asks of weave generation at about a million cells."""


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
        f"| algorithm | weave cells/s ({side}x{side}, share {args.share:g}) | plain squares cells/s | weave / plain | goal |"
    )
    print("|---|---|---|---|---|")
    for name in generators.weavers():
        woven, plain = [], []
        for run in range(args.runs):
            _field.cache_clear()
            woven.append(
                timed(partial(generators.generate_weave, name, side, side, random.Random(run), args.share))
            )
            plain.append(timed(partial(generators.generate, name, Grid(side, side), random.Random(run))))
        w, p = cells / statistics.median(woven), cells / statistics.median(plain)
        print(f"| {name} | {w:,.0f} | {p:,.0f} | {w / p:.2f} | {GOAL:,} |")


if __name__ == "__main__":
    main()
