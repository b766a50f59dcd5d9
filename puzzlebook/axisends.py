"""The ends of a name maze whose page planned room for its arrows on one axis only
(``MazeRequest.ends_on_axis``, a name too large for its place with room on all four sides): the start
by the name's beginning and the finish by its end, each opening on that axis's side with nothing of the
name between its arrow and the edge of the maze's box, so the arrows and words lie in the room planned."""

from __future__ import annotations

from .grid import E, N, S, W
from .maze import Maze
from .solve import Ends, _ends, _walk_back, distances, longest_between

SHARE = 3
"""An end is sought within a third of the box from its side: by the first letter and the last, not in
the middle of the name (a short first line stands in the middle of the box: its ends are let in)."""


def along_axis(maze: Maze, axis: str) -> Ends:
    """The longest way from the start's side to the finish's: on ``left-right``, from the left end of a
    row of the name's upper half (the first line of two) to the right end of a row of its lower half (the
    last line); on ``top-bottom``, from the top of a column of its left part to the bottom of one of its
    right part. The start comes first in reading order; ``puzzles`` turns it round for a word read from
    the right."""
    grid = maze.grid
    w, h = grid.width, grid.height
    on = [[(x, y) not in grid.masked for x in range(w)] for y in range(h)]
    if axis == "left-right":
        lefts = [(next(x for x in range(w) if on[y][x]), y) for y in range(h) if any(on[y])]
        rights = [(max(x for x in range(w) if on[y][x]), y) for y in range(h) if any(on[y])]
        first = [c for c in lefts if 2 * c[1] < h and SHARE * c[0] < w] or lefts
        second = [c for c in rights if 2 * c[1] >= h and SHARE * (w - 1 - c[0]) < w] or rights
        sides = (W, E)
    else:
        tops = [(x, next(y for y in range(h) if on[y][x])) for x in range(w) if any(r[x] for r in on)]
        bottoms = [(x, max(y for y in range(h) if on[y][x])) for x in range(w) if any(r[x] for r in on)]
        first = [c for c in tops if SHARE * c[0] < w and SHARE * c[1] < h] or tops
        second = [c for c in bottoms if SHARE * (w - 1 - c[0]) < w and SHARE * (h - 1 - c[1]) < h] or bottoms
        sides = (N, S)
    starts = [grid.index(x, y) for x, y in first]
    ends = [grid.index(x, y) for x, y in second]
    anywhere = distances(maze, starts[0])
    _, a, b = longest_between(lambda cell: distances(maze, cell), starts, ends, anywhere)
    return _ends(grid, _walk_back(maze, distances(maze, b), a), sides)
