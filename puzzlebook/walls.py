"""Where a maze of squares has its walls, found for the whole maze at once with byte tables and big
integers rather than cell by cell in Python: a byte a wall's place (``wall_bits``), the walls as long
straight runs from corner to corner (``wall_runs``), or the runs one grid line at a time (``wall_lines``,
for a picture too big to hold them all). The drawings (``geometry``, the renderers) start from these.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from collections.abc import Set as AbstractSet

from .grid import E, N, S, W
from .maze import Maze

_NO_SOUTH = bytes(0 if b & S else 1 for b in range(256))
_NO_EAST = bytes(0 if b & E else 1 for b in range(256))
_RUN = re.compile(rb"\x01+")


def either(*rows: bytes) -> bytes:
    """Place by place, 1 where any of ``rows`` (as long as the first) has a 1: rows of a maze combined
    whole, as big integers, rather than place by place in Python."""
    size = len(rows[0])
    total = 0
    for row in rows:
        total |= int.from_bytes(row[:size], "big")
    return total.to_bytes(size, "big")


def _and(a: bytes, b: bytes) -> bytes:
    return (int.from_bytes(a, "little") & int.from_bytes(b, "little")).to_bytes(len(a), "little")


def wall_bits(
    maze: Maze, open_sides: AbstractSet[tuple[int, int, int]] = frozenset()
) -> tuple[bytearray, bytearray]:
    """Where the walls stand, for the whole maze at once: a byte a wall's place, 1 for a wall. The first
    holds the horizontal lines (line y, above row y, from ``y * stride``: cell x's wall at ``1 + x``),
    the second the vertical ones (row y's from ``y * stride``: the line left of cell x at ``x``)."""
    grid = maze.grid
    h, stride = maze.height, grid.stride
    passages, inside = maze.passages, grid.inside
    size = (h + 1) * stride  # the line above row y starts at y * stride, its cell x at 1 + x
    across = bytearray(
        _and(either(inside[:size], inside[stride : stride + size]), passages[:size].translate(_NO_SOUTH))
    )
    size = h * stride  # row y's vertical lines start at y * stride, the one left of cell x at x
    down = bytearray(
        _and(
            either(inside[stride : stride + size], inside[stride + 1 : stride + size + 1]),
            passages[stride : stride + size].translate(_NO_EAST),
        )
    )
    for x, y, side in open_sides:
        if side in (N, S):
            across[(y + (side == S)) * stride + x + 1] = 0
        else:
            down[y * stride + x + (side == E)] = 0
    return across, down


def wall_runs(
    maze: Maze, open_sides: AbstractSet[tuple[int, int, int]] = frozenset()
) -> list[tuple[int, int, int, int]]:
    """Every wall as few long straight runs (x0, y0, x1, y1) in grid corners, y down: ``wall_lines``
    one after another, found for the whole maze at once (a book's 30x30 maze in a third of the time):
    the padding between rows keeps the runs of one line from joining the next's."""
    w, h, stride = maze.width, maze.height, maze.grid.stride
    across, down = wall_bits(maze, open_sides)
    runs: list[tuple[int, int, int, int]] = []
    for m in _RUN.finditer(across):
        line, start = divmod(m.start(), stride)
        runs.append((start - 1, line, m.end() - line * stride - 1, line))
    columns = b"\0".join(bytes(down[line::stride]) for line in range(w + 1))  # each h long, then a gap
    for m in _RUN.finditer(columns):
        line, start = divmod(m.start(), h + 1)
        runs.append((line, start, line, m.end() - line * (h + 1)))
    return runs


def wall_lines(
    maze: Maze, open_sides: AbstractSet[tuple[int, int, int]] = frozenset()
) -> Iterator[list[tuple[int, int, int, int]]]:
    """The wall runs of one line of the grid at a time, so a huge maze's picture never holds them all.

    A wall stands between two slots of the padded grid when at least one is a cell and the first has no
    passage towards the second; outside slots have no passages, so the border and the edges of a mask
    come out of the same rule, and the openings are then taken out. Whole rows are computed at once with
    byte tables, and runs are found with a regular expression, so a 30x30 maze costs a few dozen
    operations in Python rather than 1,800.
    """
    grid = maze.grid
    w, h, stride = maze.width, maze.height, grid.stride
    passages, inside = maze.passages, grid.inside
    for line in range(h + 1):  # the horizontal line above row `line`, between slots of rows line-1, line
        upper = grid.index(0, line - 1)
        lower = upper + stride
        flags = bytearray(
            _and(
                either(inside[upper : upper + w], inside[lower : lower + w]),
                passages[upper : upper + w].translate(_NO_SOUTH),
            )
        )
        for x, y, side in open_sides:
            if (side == N and y == line) or (side == S and y + 1 == line):
                flags[x] = 0
        yield [(m.start(), line, m.end(), line) for m in _RUN.finditer(flags)]
    columns = bytearray()  # for every row, the w+1 vertical lines: row-major, read back column by column
    for y in range(h):
        left = grid.index(-1, y)
        columns += _and(
            either(inside[left : left + w + 1], inside[left + 1 : left + w + 2]),
            passages[left : left + w + 1].translate(_NO_EAST),
        )
    for x, y, side in open_sides:
        if side in (E, W):
            columns[y * (w + 1) + x + (side == E)] = 0
    for line in range(w + 1):
        yield [(line, m.start(), line, m.end()) for m in _RUN.finditer(columns[line :: w + 1])]
