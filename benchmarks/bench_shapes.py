"""Generators on a shape: every algorithm that walks from cell to neighbour, on a circle mask of about a
million cells beside a plain rectangle of as many cells, in one run.

    python benchmarks/bench_shapes.py

Each figure is one generation in this process (a fresh ``random.Random(1)``); the ratio, mask over
rectangle, is what to compare across runs: this machine's speed drifts by up to 2x within the hour.
"""

from __future__ import annotations

import random
import time

from puzzlebook import generators
from puzzlebook.grid import Grid

SIDE = 1100  # the circle's box; the rectangle has as many cells as the circle
GOAL = 250_000  # cells/s on a shape, asked of every walking generator


def speed(name: str, grid: Grid) -> float:
    start = time.perf_counter()
    generators.generate(name, grid, random.Random(1), {})
    return grid.count / (time.perf_counter() - start)


def main() -> None:
    r = SIDE / 2
    outside = frozenset(
        (x, y) for y in range(SIDE) for x in range(SIDE) if (x + 0.5 - r) ** 2 + (y + 0.5 - r) ** 2 > r * r
    )
    circle = Grid.with_mask(SIDE, SIDE, outside)
    side = round(circle.count**0.5)
    square = Grid(side, side)
    print(f"circle mask: {circle.count:,} cells in a {SIDE}x{SIDE} box; rectangle: {side}x{side}\n")
    print("| algorithm | on the circle | on the rectangle | circle / rectangle | the goal asks |")
    print("|---|---:|---:|---:|---:|")
    for name in generators.ALGORITHMS.names():
        if generators.get(name).rectangle_only:
            continue
        on_circle, on_square = speed(name, circle), speed(name, square)
        print(
            f"| {name} | {on_circle:,.0f} cells/s | {on_square:,.0f} cells/s | {on_circle / on_square:.2f} "
            f"| {GOAL:,} cells/s |"
        )


if __name__ == "__main__":
    main()
