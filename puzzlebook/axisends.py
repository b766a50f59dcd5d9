"""The ends of a name maze whose page planned room for its arrows on one axis only
(``MazeRequest.ends_on_axis``, a name too large for its place with room on all four sides): the start
by the name's beginning and the finish by its end, each opening on that axis's side with nothing of the
name between its arrow and the edge of the maze's box, so the arrows and words lie in the room planned."""

from __future__ import annotations

from collections.abc import Set as AbstractSet

from .grid import DX, DY, E, Grid, N, S, W
from .maze import Maze
from .solve import Ends, _ends, _walk_back, distances, longest_between

SHARE = 3
"""An end is sought within a third of the box from its side: by the first letter and the last, not in
the middle of the name (a short first line stands in the middle of the box: its ends are let in)."""


def along_axis(
    maze: Maze,
    axis: str,
    from_right: bool = False,
    avoid: AbstractSet[tuple[int, int]] = frozenset(),
    word: bool = True,
    blocked: AbstractSet[tuple[int, int]] = frozenset(),
) -> Ends:
    """The longest way from the start's side to the finish's: on ``left-right``, from the left end of a
    row of the name's upper half (its first line of two) within a third of the box from the left, to the
    right end of a row of its lower half (its last line) within a third from the right; on
    ``top-bottom``, from the top of a column in the left third to the bottom of one in the right third.
    ``from_right``, for a name read from the right (Hebrew, Arabic): from the right of the first line to
    the left of the last. The start comes first; ``puzzles`` turns the ends round when needed. Cells in
    ``avoid`` (a word's joins) are ends only where no other cell of that side is. A shape that is not a
    ``word`` (a heart with pictures) takes, of its side's cells, those with room beyond for a picture
    (``_roomy``), in its third where there are some: a heart's finish by its right slope put the cheese
    on its point. No end opens towards a ``blocked`` cell (a word's accent or dot, drawn beside the
    maze) in line beyond it: an arrow up out of an i pointed into its dot."""
    grid = maze.grid
    w, h = grid.width, grid.height
    on = [[(x, y) not in grid.masked for x in range(w)] for y in range(h)]
    rows = [y for y in range(h) if any(on[y])]
    columns = [x for x in range(w) if any(r[x] for r in on)]
    lefts = [(min(x for x in range(w) if on[y][x]), y) for y in rows]
    rights = [(max(x for x in range(w) if on[y][x]), y) for y in rows]
    tops = [(x, min(y for y in range(h) if on[y][x])) for x in columns]
    bottoms = [(x, max(y for y in range(h) if on[y][x])) for x in columns]

    def near(cell: tuple[int, int], right: bool) -> bool:  # within a third of the box from that side
        return SHARE * ((w - 1 - cell[0]) if right else cell[0]) < w

    if axis == "left-right":
        starts = (rights, lefts)[not from_right]
        ends = (lefts, rights)[not from_right]
        first = [c for c in starts if 2 * c[1] < h and near(c, from_right)] or starts
        second = [c for c in ends if 2 * c[1] >= h and near(c, not from_right)] or ends
        sides = (E, W) if from_right else (W, E)
    else:
        first = [c for c in tops if SHARE * c[1] < h and near(c, from_right)] or tops
        second = [c for c in bottoms if SHARE * (h - 1 - c[1]) < h and near(c, not from_right)] or bottoms
        sides = (N, S)
    first = [c for c in first if c not in avoid and not _behind(c, sides[0], blocked, grid)] or first
    second = [c for c in second if c not in avoid and not _behind(c, sides[1], blocked, grid)] or second
    if not word:  # a picture waits beyond each end: its room first, in the end's third or on its side
        every = {W: lefts, E: rights, N: tops, S: bottoms}
        first = _roomy(first, sides[0], grid) or _roomy(every[sides[0]], sides[0], grid) or first
        second = _roomy(second, sides[1], grid) or _roomy(every[sides[1]], sides[1], grid) or second
    first, second = _outermost(first, sides[0]), _outermost(second, sides[1])
    a_set = [grid.index(x, y) for x, y in first]
    b_set = [grid.index(x, y) for x, y in second]
    anywhere = distances(maze, a_set[0])
    _, a, b = longest_between(lambda cell: distances(maze, cell), a_set, b_set, anywhere)
    return _ends(grid, _walk_back(maze, distances(maze, b), a), sides)


def _behind(cell: tuple[int, int], side: int, blocked: AbstractSet[tuple[int, int]], grid: Grid) -> bool:
    """Whether a ``blocked`` cell stands in line beyond ``cell``'s ``side``, within the box."""
    if not blocked:
        return False
    dx, dy = DX[side], DY[side]
    x, y = cell[0] + dx, cell[1] + dy
    while 0 <= x < grid.width and 0 <= y < grid.height:
        if (x, y) in blocked:
            return True
        x, y = x + dx, y + dy
    return False


PICTURE_ROOM = (4, 2)
"""Cells beyond a shape's end, and to each side of its line, left empty for its picture (about four
cells across at a book's sizes) to count as room."""


def _roomy(cells: list[tuple[int, int]], side: int, grid: Grid) -> list[tuple[int, int]]:
    """The cells of ``cells`` with nothing of the shape within ``PICTURE_ROOM`` beyond their ``side``."""
    deep, wide = PICTURE_ROOM
    dx, dy = DX[side], DY[side]

    def empty(x: int, y: int) -> bool:
        return not (0 <= x < grid.width and 0 <= y < grid.height) or (x, y) in grid.masked

    return [
        (x, y)
        for x, y in cells
        if all(
            empty(x + dx * k - dy * o, y + dy * k + dx * o)
            for k in range(1, deep + 1)
            for o in range(-wide, wide + 1)
        )
    ]


OUTERMOST = 1
"""Cells an end may stand in from the outermost of its side's candidates: an arrow in a notch of the
name (down into the mouth of a last e, between a B and a j) has no room beside it for its word."""


def _outermost(cells: list[tuple[int, int]], side: int) -> list[tuple[int, int]]:
    """The cells of ``cells`` that open on the box's ``side`` itself, or within ``OUTERMOST`` of it."""

    def depth(cell: tuple[int, int]) -> int:  # how far in from the box's side
        return {N: cell[1], S: -cell[1], W: cell[0], E: -cell[0]}[side]

    least = min(map(depth, cells))
    return [c for c in cells if depth(c) <= least + OUTERMOST]
