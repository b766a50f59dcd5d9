"""What work costs here, in CPU seconds: the figures every limit on work is drawn from, so that anything
a spec or ``puzzlebook maze`` may ask for finishes in about ``BUDGET`` seconds.

Measured with ``benchmarks/bench_limits.py`` on this project's 2-core machine, at 1000x1000 cells (a
figure per cell grows a little with the size, as big fields leave the processor's caches); run it again
to check them on another machine. A cell's cost differs about 8x between algorithms and 4x between kinds
of grid, so each is weighed by both.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

BUDGET = 20.0
"""CPU seconds of work one build or one maze may ask for."""

GENERATE: dict[str, dict[str, float]] = {
    "rectangle": {
        "aldous-broder": 0.95,
        "binary-tree": 0.22,
        "eller": 0.23,
        "growing-tree": 0.54,
        "hunt-and-kill": 0.37,
        "kruskal": 1.47,
        "prim": 1.15,
        "recursive-backtracker": 0.35,
        "recursive-division": 0.34,
        "sidewinder": 0.28,
        "simplified-prim": 0.57,
        "wilson": 0.71,
    },
    "hex": {
        "aldous-broder": 0.99,
        "growing-tree": 1.75,
        "hunt-and-kill": 1.04,
        "kruskal": 3.86,
        "prim": 2.64,
        "recursive-backtracker": 0.79,
        "simplified-prim": 1.60,
        "wilson": 0.94,
    },
    "triangle": {
        "aldous-broder": 0.90,
        "growing-tree": 1.49,
        "hunt-and-kill": 0.75,
        "kruskal": 2.41,
        "prim": 1.44,
        "recursive-backtracker": 0.62,
        "simplified-prim": 1.22,
        "wilson": 1.88,
    },
    "circle": {
        "aldous-broder": 2.52,
        "growing-tree": 2.10,
        "hunt-and-kill": 0.90,
        "kruskal": 3.00,
        "prim": 1.91,
        "recursive-backtracker": 0.92,
        "simplified-prim": 1.60,
        "wilson": 2.56,
    },
    # measured beside hexagons in two runs of a busier machine (bench_limits.py --grid hex --grid
    # octagon): the hexagons' figure times the mean ratio, 1.0x (Kruskal) to 1.8x (the backtracker)
    "octagon": {
        "aldous-broder": 1.41,
        "growing-tree": 2.28,
        "hunt-and-kill": 1.64,
        "kruskal": 3.86,
        "prim": 3.01,
        "recursive-backtracker": 1.40,
        "simplified-prim": 1.71,
        "wilson": 1.15,
    },
}
"""Microseconds a cell to generate a maze, by kind of grid and algorithm."""

SEARCH = {"rectangle": 0.45, "hex": 1.2, "triangle": 1.0, "circle": 1.8, "octagon": 1.3}
"""Microseconds a cell to choose a maze's ends and measure its path, by kind of grid: every maze of a
book and every seed a difficulty band tries pays it; so do the searches from a shape's outline."""

WEAVE = 21.0
"""Microseconds a cell a weave maze of a book takes beyond a plain one of its size (made on its grid of
crossings, its ends found, its bridges drawn): a 300x300 Kruskal weave maze's build took 2.24 s of
CPU against 0.39 s plain, a 200x200 one 1.11 s. Left out, 53 of the largest (346x346) passed as 13 s
and took 77."""

DRAW = 0.6
"""Microseconds a cell to draw a maze into a book's PDF (once more for its answer)."""

PAGE = 0.6
"""Milliseconds a page of a book takes beyond its mazes' cells (frame, caption, links, bookmarks)."""

SHAPE = 9.0
"""Microseconds a cell to draw a built-in shape (nine sample points a cell, counted as far as needed):
5 for a heart, 9 for a cloud."""

LOOK_OUT = {"hex": 0.1, "triangle": 0.1, "octagon": 0.22}
"""Milliseconds a shape's outline cell takes on these grids to look out for room for the ends
(``openings.clear_sides``), once a shape: a comb's close teeth are the worst measured (``bench_limits.py``,
198 cells a side: 0.19 on octagons, 0.07 on hexagons, 0.08 on triangles, whose combs need wider
teeth), the cost growing with the comb. Squares look out along their rows and columns, within
``SHAPE``."""

EXPORT = {"txt": 0.05, "json": 0.05, "svg": 0.3, "pdf": 2.4, "png": 0.8}
"""Microseconds a cell to write one maze of ``puzzlebook maze`` in each format (a PNG at the dpi it is
drawn at, under its 100 million pixels; a PDF is one page, so never large)."""

MEMORY = 900
"""Megabytes of memory one build or one maze may take: the safety tests give a process 1 GB."""

BYTES = {"book": 185, "txt": 75, "json": 160, "svg": 75, "pdf": 200, "png": 10}
"""Peak bytes a cell: a maze of a book (made, its ends searched for, then drawn with its answer: a
2250x2250 Kruskal maze's book peaked at 984 MB, 182 a cell, where 165 was counted), and one written by
``puzzlebook maze`` in each format. Text, JSON and SVG are written a few rows at a time, so theirs is
the making's: at most Kruskal's 73 (see ``grid.MAX_CELLS``), and for a JSON the search for its ends and
metrics, 155 measured; with marks or a solution, ``SEARCHED``."""
SEARCHED = 185
"""Peak bytes a cell of ``puzzlebook maze`` whose ends are searched for (its marks, its solution): the
search's distances and route beside the maze. A 2000x2000 maze as text took 786 MB with --marks
suggested and 174 MB without; counted at 75, a 3346x3346 one passed as 900 MB and took 2.15 GB."""

BASE = 60
"""Megabytes Python and puzzlebook take before any maze."""

PICTURE = 180
"""Megabytes a PNG's pixels take at most (under its 100 million pixels)."""


def generate_seconds(
    algorithm: str, grid: str, cells: int, options: Mapping[str, Any] | None = None
) -> float:
    """Seconds to generate a maze of ``cells``, with no search for its ends."""
    rate = GENERATE[grid].get(algorithm, max(GENERATE[grid].values()))
    return cells * rate * slower_by(algorithm, options or {}) / 1e6


def slower_by(algorithm: str, options: Mapping[str, Any]) -> float:
    """How much slower an algorithm's options make it than its defaults: a hunt at every step
    (``hunt_probability: 1``) took 4.7 times as long at 1000x1000, walks of one step (``max_walk: 1``)
    3 times; an 8300x1338 maze of them, counted at the defaults' speed, passed as 4 s and took 48."""
    if algorithm != "hunt-and-kill":
        return 1.0
    try:
        hunt = min(max(float(options.get("hunt_probability") or 0.0), 0.0), 1.0)
        walk = max(int(options.get("max_walk") or 0), 0)
    except (TypeError, ValueError):  # refused by the options' own checks
        return 1.0
    return max(1.0 + 4.0 * hunt, 1.0 + 2.0 / math.sqrt(walk) if walk else 1.0)


def make_seconds(
    algorithm: str,
    grid: str,
    cells: int,
    searched: int | None = None,
    options: Mapping[str, Any] | None = None,
) -> float:
    """Seconds to make a maze as a book does: generate it, then search ``searched`` cells (``cells``
    unless said) for its ends and metrics."""
    return (
        generate_seconds(algorithm, grid, cells, options)
        + SEARCH[grid] * (cells if searched is None else searched) / 1e6
    )


def maze_seconds(
    algorithm: str, grid: str, cells: int, fmt: str, searched: bool, options: Mapping[str, Any] | None = None
) -> float:
    """Seconds for ``puzzlebook maze`` to make and write a maze: a picture or text without marks skips
    the search for its ends."""
    search = SEARCH[grid] * cells / 1e6 if searched else 0.0
    return generate_seconds(algorithm, grid, cells, options) + search + EXPORT[fmt] * cells / 1e6


def megabytes(cells: int, what: str, searched: bool = False) -> float:
    """Peak memory for a maze of ``cells`` in a book (``what`` is "book") or written in a format,
    ``searched`` for its ends."""
    per = max(BYTES[what], SEARCHED) if searched else BYTES[what]
    return BASE + cells * per / 1e6 + (PICTURE if what == "png" else 0)


QUICK = "hunt-and-kill"
"""The algorithm a message offers instead of a slower one: a book's own, quick on every grid (the few
quicker ones build rectangles row by row, with a bias a reader sees)."""


def within(width: int, height: int, seconds: float, mb: float) -> tuple[int, int]:
    """The largest size in the proportions of ``width`` x ``height`` within ``BUDGET`` and ``MEMORY``
    when this one takes ``seconds`` and ``mb``, its cost growing with its cells: what a message offers
    instead."""
    factor = math.sqrt(min(BUDGET / max(seconds, 1e-9), (MEMORY - BASE) / max(mb - BASE, 1e-9), 1.0))
    return max(1, math.floor(width * factor)), max(1, math.floor(height * factor))
