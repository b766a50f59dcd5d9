"""Generators on a shape: every algorithm that walks from cell to neighbour, on a circle mask of about a
million cells beside a plain rectangle of as many cells, and on fields of a million hexagons, a million
triangles, a circle cut from hexagons and a million octagons and squares, in one run.

    python benchmarks/bench_shapes.py [--peers PYTHON_WITH_CTRLGRID]

Each figure is one generation in this process (a fresh ``random.Random(1)``); the ratio, mask over
rectangle, is what to compare across runs: this machine's speed drifts by up to 2x within the hour.
Each generation is bracketed by ``bench_generators``' fixed reference workload; with ``--peers``,
ctrlgrid's carvers tell how fast the machine was when the goals were set, and each figure is also given
at that speed (in brackets), the figure to hold against the goal.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from bench_generators import REFERENCE, goal_machine_reference

from puzzlebook import generators
from puzzlebook.generators import aldous_broder
from puzzlebook.graph import Topology
from puzzlebook.grid import Grid

SIDE = 1100  # the circle's box; the rectangle has as many cells as the circle
GOAL = 250_000  # cells/s on a shape, asked of every walking generator


_machine: dict[str, Any] = {}
exec(REFERENCE, _machine)
reference: Callable[[], float] = _machine["reference"]  # seconds of a fixed workload, right now


def speed(name: str, grid: Grid | Topology) -> tuple[float, float]:
    """Cells a second, on a field whose arrays are made (``field_time``): a book's mazes of one shape
    share them, as every maze of a rectangle shares its padded grid. Also that speed times the reference
    workload's seconds around it, which stays put however the machine drifts."""
    before = reference()
    start = time.perf_counter()
    generators.generate(name, grid, random.Random(1), {})
    cells_per_second = grid.count / (time.perf_counter() - start)
    around = (before + reference()) / 2
    return cells_per_second, cells_per_second * around


def rows() -> list[tuple[str, str, bool]]:
    """(row, algorithm, in Python only): Aldous-Broder twice where numba is installed, its compiled walk
    (loaded first, once, as a process does on its first big maze) and its Python walk."""
    out = [(name, name, False) for name in generators.on_graphs()]
    start = time.perf_counter()
    if aldous_broder.compiled() is None:
        print("numba is not installed: Aldous-Broder walks in Python\n")
        return out
    with walking_in_python(False, fast_from=0):  # load both walks, squares and other fields
        aldous_broder.generate(Grid(3, 3), random.Random(1))
        aldous_broder.on_any_grid(Topology.of("hex", 3, 3), random.Random(1))
    print(f"numba and Aldous-Broder's compiled walk loaded in {time.perf_counter() - start:.2f} s, once\n")
    at = out.index(("aldous-broder", "aldous-broder", False))
    out[at : at + 1] = [
        ("aldous-broder, compiled", "aldous-broder", False),
        ("aldous-broder, in Python", "aldous-broder", True),
    ]
    return out


@contextmanager
def walking_in_python(python_only: bool, fast_from: int | None = None) -> Iterator[None]:
    saved = aldous_broder.FAST_FROM
    aldous_broder.FAST_FROM = 10**12 if python_only else saved if fast_from is None else fast_from
    try:
        yield
    finally:
        aldous_broder.FAST_FROM = saved


def field_time(field: Topology) -> float:
    """Seconds to make a field's neighbour arrays and list of walls, once per shape."""
    start = time.perf_counter()
    _ = field.links, field.walls
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
    parser = argparse.ArgumentParser()
    parser.add_argument(
        "--peers", help="python of a venv with ctrlgrid installed, to scale to the goals' speed"
    )
    args = parser.parse_args()
    reference_then = goal_machine_reference(args.peers)[0] if args.peers else 0.0
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
        "octagon": Topology.of("octagon", 1000, 1000),
    }
    print(f"circle mask: {circle.count:,} cells in a {SIDE}x{SIDE} box; rectangle: {side}x{side}")
    print(
        ", ".join(
            f"{name}: {field.count:,} cells (arrays made in {field_time(field):.2f} s)"
            for name, field in fields.items()
        )
        + "\n"
    )

    table = rows()  # first: it may load the compiled walk, and says so

    def shown(figures: tuple[float, float]) -> str:
        here, scaled = figures
        return f"{here:,.0f}" + (f" ({scaled / reference_then:,.0f})" if reference_then else "")

    print(
        "| algorithm | on the circle | on the rectangle | circle / rectangle | hexagons | triangles "
        "| hexagon circle | octagons | the goal asks |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    short = []
    for row, name, python_only in table:
        with walking_in_python(python_only):
            on_circle, on_square = speed(name, circle), speed(name, square)
            others = {label: speed(name, field) for label, field in fields.items()}
        goal = 2 * GOAL if name in ("recursive-backtracker", "hunt-and-kill") else GOAL
        if reference_then and not python_only:
            short += [
                f"{name} on the {label}"
                for label, (_, scaled) in {"circle mask": on_circle, **others}.items()
                if scaled / reference_then < goal
            ]
        print(
            f"| {row} | {shown(on_circle)} | {shown(on_square)} | {on_circle[0] / on_square[0]:.2f} "
            f"| {' | '.join(map(shown, others.values()))} | {goal:,} |",
            flush=True,
        )
    if reference_then:
        print("\nshort of the goal at the goals' machine speed:", ", ".join(short) or "none")


if __name__ == "__main__":
    main()
