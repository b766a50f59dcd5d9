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
from .grid import DIRECTIONS, E, Grid, N, S, W
from .maze import Maze

Cell = tuple[int, int]


def distances(maze: Maze, source: int) -> tuple[array[int], array[int]]:
    """Distance from ``source`` to every cell (-1 where unreachable) and each cell's predecessor."""
    grid = maze.grid
    passages = maze.passages
    moves = [(d, grid.offset[d]) for d in DIRECTIONS]
    dist = array("i", [-1]) * grid.slots
    came = array("i", [-1]) * grid.slots
    dist[source] = 0
    frontier = [source]
    depth = 0
    while frontier:
        depth += 1
        nxt_frontier = []
        for cell in frontier:
            open_ = passages[cell]
            for d, off in moves:
                if open_ & d:
                    nxt = cell + off
                    if dist[nxt] < 0:
                        dist[nxt] = depth
                        came[nxt] = cell
                        nxt_frontier.append(nxt)
        frontier = nxt_frontier
    return dist, came


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
    cells = [a]
    while cells[-1] != b:
        cells.append(came[cells[-1]])
    return [grid.xy(c) for c in cells]


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
    grid = maze.grid
    candidates = [c for c in grid.cells() if grid.on_border(c)] if on_border else list(grid.cells())
    a = _farthest(distances(maze, candidates[0])[0], candidates)
    b = _farthest(distances(maze, a)[0], candidates)
    first, second = sorted((a, b))
    return grid.xy(first), grid.xy(second)


def opening(grid: Grid, cell: Cell) -> int | None:
    """The outer wall to open for an entrance or exit at ``cell``, or None for an inner cell.

    Sides are tried in the order W, E, N, S, so corner cells open sideways, the way readers expect to
    enter on the left and leave on the right.
    """
    x, y = cell
    for d, (dx, dy) in ((W, (-1, 0)), (E, (1, 0)), (N, (0, -1)), (S, (0, 1))):
        if not grid.contains(x + dx, y + dy):
            return d
    return None
