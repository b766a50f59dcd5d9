"""One maze as the ``puzzlebook.maze/3`` JSON interchange document (``puzzlebook maze -f json``).

``maze/3`` is ``maze/2`` without the ``graph`` of a square-celled maze: there it said again, as
millions of index pairs, what ``cells[y][x]``'s bitmasks say (a 1000x1000 maze's JSON was 59 MB, and
took ten times as long to write as the maze to make). Other grids have no bitmasks, and keep their
``graph``. ``json_chunks`` writes the document a few rows at a time, byte for byte what ``json.dumps``
of ``to_json`` gives with no spaces, so a maze of any size is written in flat memory.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from .graph import GraphMaze, Topology, crossings
from .grid import NAMES
from .maze import Maze
from .puzzles import Puzzle

JSON_FORMAT = "puzzlebook.maze/3"

ROWS_A_WRITE = 64
"""Rows of ``cells`` joined into one write."""

_NUMBERS = [str(i) for i in range(256)]
_STREAMED = "\x00streamed\x00"  # a value no document holds, where the streamed fields go


def to_json(puzzle: Puzzle) -> dict[str, Any]:
    """The ``puzzlebook.maze/3`` interchange document.

    For squares it has ``cells[y][x]``, the N=1 S=2 E=4 W=8 mask of each cell, and ``openings``, the
    sides opened; ``grid`` gives the kind and size, and the cells a mask leaves out. Other grids have
    neither bitmasks nor openings, and give the maze as ``graph``: cells and passages between them. A
    braided maze adds ``braid`` (it has loops: more passages than a tree, the solution the shortest way).
    A weave maze adds ``weave`` (the share asked for) and ``crossings``: each cell a tunnel runs under and
    the way it runs (``{"cell": [x, y], "under": "EW"}``); its ``graph.passages`` hold the tunnels too,
    each joining the cells either side of its crossing, so the graph is still a tree.
    """
    cells = puzzle.maze.rows() if isinstance(puzzle.maze, Maze) else None
    return _document(puzzle, cells, puzzle.solution)


def json_chunks(puzzle: Puzzle) -> Iterator[bytes]:
    """``to_json``'s document as compact JSON text and a newline, a few rows of cells at a time."""
    maze = puzzle.maze
    if not isinstance(maze, Maze):  # at most 120,000 cells: written whole
        yield (json.dumps(to_json(puzzle), separators=(",", ":")) + "\n").encode()
        return
    solution = puzzle.route is not None
    text = json.dumps(_document(puzzle, _STREAMED, _STREAMED if solution else None), separators=(",", ":"))
    marker = json.dumps(_STREAMED)
    before, between, *after = text.split(marker)
    yield before.encode()
    yield from _rows(maze)
    yield between.encode()
    if after:
        yield from _path(puzzle)
        yield after[0].encode()
    yield b"\n"


def _rows(maze: Maze) -> Iterator[bytes]:
    """``cells`` as JSON: rows of bitmasks, row 0 first."""
    grid, passages, w = maze.grid, maze.passages, maze.width
    rows: list[str] = []
    for y in range(maze.height):
        start = grid.index(0, y)
        rows.append("[" + ",".join(map(_NUMBERS.__getitem__, passages[start : start + w])) + "]")
        if len(rows) == ROWS_A_WRITE or y == maze.height - 1:
            yield (("[" if y < ROWS_A_WRITE else ",") + ",".join(rows)).encode()
            rows = []
    yield b"]"


def _path(puzzle: Puzzle) -> Iterator[bytes]:
    """``solution`` as JSON: the cells ``[x, y]`` from start to end."""
    route, xy = puzzle.route or (), puzzle.maze.grid.xy
    step = 4096
    for first in range(0, len(route), step):
        part = ",".join("[{},{}]".format(*xy(cell)) for cell in route[first : first + step])
        yield (("[" if first == 0 else ",") + part).encode()
    yield b"]"


def _document(puzzle: Puzzle, cells: Any, solution: Any) -> dict[str, Any]:
    maze = puzzle.maze
    doc: dict[str, Any] = {
        "format": JSON_FORMAT,
        "algorithm": puzzle.algorithm,
        "seed": puzzle.seed,
        "options": dict(puzzle.options),
        "width": maze.width,
        "height": maze.height,
    }
    if isinstance(maze, Maze):  # the square's own fields
        doc["cells"] = cells
    doc |= {
        "start": list(puzzle.start) if puzzle.start else None,
        "end": list(puzzle.end) if puzzle.end else None,
    }
    if isinstance(maze, Maze):
        doc["openings"] = [NAMES[s] if s else None for s in puzzle.sides] if puzzle.start else None
    doc |= {
        "solution": [list(c) for c in solution] if isinstance(solution, list) else solution,
        "metrics": _metrics(puzzle),
        "grid": _grid(puzzle),
    }
    if isinstance(maze, GraphMaze):
        doc["graph"] = _graph(puzzle, maze)
    if puzzle.weave and isinstance(maze, GraphMaze):
        xy = maze.grid.xy
        doc["weave"] = puzzle.weave
        doc["crossings"] = [{"cell": list(xy(cell)), "under": way} for cell, way in crossings(maze)]
    return doc | ({"braid": puzzle.braid} if puzzle.braid else {})


def _grid(puzzle: Puzzle) -> dict[str, Any]:
    """The kind of grid and its size; a masked one lists the cells of its box left out."""
    grid = puzzle.maze.grid
    off = sorted(grid.masked, key=lambda c: (c[1], c[0]))
    kind = grid.kind.name if isinstance(grid, Topology) and grid.kind.name != "weave" else "rectangle"
    if isinstance(grid, Topology) and kind == "circle":  # cells are [ring, k], k clockwise from 12 o'clock
        counts = grid.kind.counts(grid.width)  # type: ignore[attr-defined]
        return {"kind": kind, "rings": grid.width, "inner": grid.kind.inner, "ring_cells": list(counts)}  # type: ignore[attr-defined]
    return {"kind": kind, "width": grid.width, "height": grid.height} | (
        {"masked": [list(c) for c in off]} if off else {}
    )


def _graph(puzzle: Puzzle, maze: GraphMaze) -> dict[str, Any]:
    """Cells as ``[x, y]`` in reading order (their ids), and pairs of their ids: ``adjacent`` every two
    cells side by side (once), ``passages`` those open between them; the ends and the solution as ids."""
    grid = maze.grid
    k, nbr = grid.slots, grid.nbr
    sides = 4 if grid.kind.name == "weave" else k  # a weave field's slots 4-7 are tunnels, not sides
    adjacent: list[list[int]] = []
    open_ones: list[list[int]] = []
    for cell in range(grid.count):
        for s in range(k):
            other = nbr[cell * k + s]
            if other > cell:
                if s < sides:
                    adjacent.append([cell, other])
                if maze.passages[cell] >> s & 1:
                    open_ones.append([cell, other])
    route = puzzle.route
    return {
        "cells": [list(c) for c in grid.cells],
        "adjacent": adjacent,
        "passages": open_ones,
        "start": route[0] if route is not None else None,
        "end": route[-1] if route is not None else None,
        "solution": list(route) if route is not None else None,
    }


def _metrics(puzzle: Puzzle) -> dict[str, float | int | None]:
    """Metrics of the path marked; with no ends marked, the path's own numbers are null, and the
    difficulty is that of the path ``suggested`` would mark (the score the book's bands use)."""
    metrics: dict[str, float | int | None] = dict(puzzle.metrics.as_dict())
    if puzzle.route is None:
        metrics.update(solution_length=None, turns=None, decisions=None)
    return metrics
