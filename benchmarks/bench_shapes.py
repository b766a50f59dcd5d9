"""Generators on a shape: every algorithm that walks from cell to neighbour, on a circle mask of about a
million cells beside a plain rectangle of as many cells, and on fields of a million hexagons, a million
triangles and a circle cut from hexagons, in one run.

    python benchmarks/bench_shapes.py

Each figure is one generation in this process (a fresh ``random.Random(1)``); the ratio, mask over
rectangle, is what to compare across runs: this machine's speed drifts by up to 2x within the hour.
"""

from __future__ import annotations

import random
import time

from puzzlebook import generators
from puzzlebook.graph import Topology
from puzzlebook.grid import Grid

SIDE = 1100  # the circle's box; the rectangle has as many cells as the circle
GOAL = 250_000  # cells/s on a shape, asked of every walking generator


def speed(name: str, grid: Grid | Topology) -> float:
    """Cells a second, on a field whose arrays are made (``field_time``): a book's mazes of one shape
    share them, as every maze of a rectangle shares its padded grid."""
    start = time.perf_counter()
    generators.generate(name, grid, random.Random(1), {})
    return grid.count / (time.perf_counter() - start)


def field_time(field: Topology) -> float:
    """Seconds to make a field's neighbour arrays, once per shape."""
    start = time.perf_counter()
    _ = field.links
    return time.perf_counter() - start


def round_hexagons(side: int) -> Topology:
    """A circle cut from a field of hexagons, by the cells' centres."""
    field = Topology.of("hex", side, side)
    width, height = field.extent
    r = min(width, height) / 2
    outside = []
    for y in range(side):
        for x in range(side):
            cx, cy = field.kind.centre(x, y)
            if (cx - width / 2) ** 2 + (cy - height / 2) ** 2 > r * r:
                outside.append((x, y))
    return Topology.of("hex", side, side, outside)


def main() -> None:
    r = SIDE / 2
    outside = frozenset(
        (x, y) for y in range(SIDE) for x in range(SIDE) if (x + 0.5 - r) ** 2 + (y + 0.5 - r) ** 2 > r * r
    )
    circle = Grid.with_mask(SIDE, SIDE, outside)
    side = round(circle.count**0.5)
    square = Grid(side, side)
    fields = {
        "hex": Topology.of("hex", 1000, 1000),
        "triangle": Topology.of("triangle", 1000, 1000),
        "hex circle": round_hexagons(1150),
    }
    print(f"circle mask: {circle.count:,} cells in a {SIDE}x{SIDE} box; rectangle: {side}x{side}")
    print(
        ", ".join(
            f"{name}: {field.count:,} cells (arrays made in {field_time(field):.2f} s)"
            for name, field in fields.items()
        )
        + "\n"
    )
    print(
        "| algorithm | on the circle | on the rectangle | circle / rectangle | hexagons | triangles "
        "| hexagon circle | the goal asks |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for name in generators.on_graphs():
        on_circle, on_square = speed(name, circle), speed(name, square)
        others = " | ".join(f"{speed(name, field):,.0f}" for field in fields.values())
        goal = 2 * GOAL if name in ("recursive-backtracker", "hunt-and-kill") else GOAL
        print(
            f"| {name} | {on_circle:,.0f} | {on_square:,.0f} | {on_circle / on_square:.2f} | {others} "
            f"| {goal:,} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
