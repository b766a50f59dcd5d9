"""Paths through a perfect maze, and the start and end that make the best puzzle.

A perfect maze is a tree, so the path between two cells is unique, one breadth-first search finds it, and
the farthest-apart pair (the tree's diameter) comes from two searches ("double sweep"). The double sweep
also holds when both ends must come from a subset of cells, such as those on the outer border, because
distances in a tree form a tree metric: the cell of the subset farthest from any cell is an end of the
subset's longest path.
"""

from __future__ import annotations

from array import array

from .errors import GenerationError
from .grid import E, Grid, N, S, W
from .maze import Maze

Cell = tuple[int, int]


def distances(maze: Maze, source: int) -> tuple[array[int], array[int]]:
    """Distance from ``source`` to every cell (-1 where unreachable) and each cell's predecessor."""
    grid = maze.grid
    passages = maze.passages
    up, down, right, left = (grid.offset[d] for d in (N, S, E, W))
    dist = array("i", [-1]) * grid.slots
    came = array("i", [-1]) * grid.slots
    dist[source] = 0
    frontier = [source]
    depth = 0
    while frontier:
        depth += 1
        reached: list[int] = []
        add = reached.append
        for cell in frontier:
            bits = passages[cell]
            for bit, nxt in ((N, cell + up), (S, cell + down), (E, cell + right), (W, cell + left)):
                if bits & bit and dist[nxt] < 0:
                    dist[nxt] = depth
                    came[nxt] = cell
                    add(nxt)
        frontier = reached
    return dist, came


def _walk_back(came: array[int], source: int, target: int) -> list[int]:
    """Cells from ``target`` back to the ``source`` of the search that filled ``came``."""
    cells = [target]
    while cells[-1] != source:
        cells.append(came[cells[-1]])
    return cells


def path(maze: Maze, start: Cell, end: Cell) -> list[Cell]:
    """The cells from ``start`` to ``end``, both included."""
    grid = maze.grid
    for x, y in (start, end):
        if not grid.contains(x, y):
            raise GenerationError(f"cell [{x}, {y}] is not part of the {grid}")
    a, b = grid.index(*start), grid.index(*end)
    dist, came = distances(maze, b)
    if dist[a] < 0:
        raise GenerationError(f"no path from {list(start)} to {list(end)}: the maze is not connected")
    return [grid.xy(c) for c in _walk_back(came, b, a)]


def _farthest(dist: array[int], candidates: list[int]) -> int:
    """The candidate farthest away; ties go to the first in reading order."""
    best = candidates[0]
    for cell in candidates:
        if dist[cell] > dist[best]:
            best = cell
    return best


def suggest_ends(maze: Maze, on_border: bool = True) -> tuple[Cell, Cell]:
    """The two cells farthest apart (on the outer border, by default): the longest possible puzzle.

    The start is the end that comes first in reading order, so results never depend on search order.
    """
    return longest_path(maze, on_border)[0]


def longest_path(maze: Maze, on_border: bool = True) -> tuple[tuple[Cell, Cell], list[Cell]]:
    """``suggest_ends`` and the path between them, from the same two searches."""
    grid = maze.grid
    candidates = grid.border_cells() if on_border else list(grid.cells())
    a = _farthest(distances(maze, candidates[0])[0], candidates)
    dist, came = distances(maze, a)
    b = _farthest(dist, candidates)
    cells = _walk_back(came, a, b)  # from b back to a
    if a < b:
        cells.reverse()
    route = [grid.xy(c) for c in cells]
    return (route[0], route[-1]), route


def opening(grid: Grid, cell: Cell, taken: int = 0) -> int | None:
    """The outer wall to open for an entrance or exit at ``cell``, or None for an inner cell.

    Sides are tried in the order W, E, N, S, so corner cells open sideways, the way readers expect to
    enter on the left and leave on the right.
    """
    x, y = cell
    for d, (dx, dy) in ((W, (-1, 0)), (E, (1, 0)), (N, (0, -1)), (S, (0, 1))):
        if d != taken and not grid.contains(x + dx, y + dy):
            return d
    return None


def openings(grid: Grid, start: Cell | None, end: Cell | None) -> tuple[int | None, int | None]:
    """The outer walls to open for the start and the end; a one-cell maze opens two different sides."""
    first = opening(grid, start) if start is not None else None
    if end is None:
        return first, None
    return first, opening(grid, end, first or 0) if end == start else opening(grid, end)
