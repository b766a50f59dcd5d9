"""A maze is a grid plus its open passages, one bitmask per cell (N=1, S=2, E=4, W=8).

While a generator works, passages sit in a ``bytearray`` where outside slots carry ``OUTSIDE``; so "is this
cell still free?" is ``not passages[cell]`` for every slot, with no bounds or mask checks. A generator marks
its first cell ``TAKEN`` so it is not free before it has a passage; bits 64 and up are scratch marks of the
generators' own. ``carve`` is the only function that opens a passage, and it always opens both sides.
``finish`` clears every mark and freezes the result.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from weakref import WeakValueDictionary

from .grid import DIRECTIONS, OPPOSITE, E, Grid, N, S, W

OUTSIDE = 16
TAKEN = 32
IN_MAZE = 15 | TAKEN
_OPPOSITE = bytes(OPPOSITE.get(i, 0) for i in range(16))
_CLEAR_OUTSIDE = bytes(i & 15 for i in range(256))
_TRANSPOSE = bytes(
    (N if b & W else 0) | (W if b & N else 0) | (S if b & E else 0) | (E if b & S else 0) for b in range(256)
)


def blank(grid: Grid) -> bytearray:
    """Passages for a maze with every wall standing; outside slots marked as already taken."""
    return bytearray(grid.inside.translate(bytes([OUTSIDE, 0]) + bytes(254)))


def carve(passages: bytearray, cell: int, direction: int, neighbour: int) -> None:
    """Open the wall between ``cell`` and its ``neighbour`` in ``direction``, on both sides."""
    passages[cell] |= direction
    passages[neighbour] |= _OPPOSITE[direction]


_OR = {bits: bytes(v | bits for v in range(256)) for bits in (N | S, E | W)}


def carve_line(passages: bytearray, first: int, count: int, direction: int, step: int) -> None:
    """Open ``count`` cells from ``first`` into one straight corridor running ``direction`` (E or S).

    The same as ``carve`` between each neighbouring pair, done a slice at a time: a corridor of a
    thousand cells costs three operations in Python, not a thousand calls.
    """
    if count < 2:
        return
    both = direction | _OPPOSITE[direction]
    last = first + (count - 1) * step
    passages[first] |= direction
    passages[last] |= _OPPOSITE[direction]
    if count > 2:
        inner = slice(first + step, last, step)
        passages[inner] = passages[inner].translate(_OR[both])


@dataclass(frozen=True, eq=False)
class Maze:
    grid: Grid
    passages: bytes

    @property
    def width(self) -> int:
        return self.grid.width

    @property
    def height(self) -> int:
        return self.grid.height

    def at(self, x: int, y: int) -> int:
        """Open passages of the cell at column x, row y."""
        return self.passages[self.grid.index(x, y)]

    def rows(self) -> list[list[int]]:
        """``rows()[y][x]`` is the bitmask of cell (x, y); 0 for masked cells. Row 0 is the top."""
        w = self.grid.width
        return [
            list(self.passages[self.grid.index(0, y) : self.grid.index(0, y) + w]) for y in range(self.height)
        ]

    def passage_count(self) -> int:
        """Each passage counted once (its S or E side)."""
        return sum(bin(b & (S | E)).count("1") for b in self.passages)

    def transposed(self) -> Maze:
        """The mirror image across the main diagonal: columns become rows."""
        grid = self.grid.transposed()
        out = bytearray(grid.slots)
        for y in range(self.height):
            for x in range(self.width):
                out[grid.index(y, x)] = _TRANSPOSE[self.at(x, y)]
        return Maze(grid, bytes(out))

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Maze)
            and (self.width, self.height, self.grid.masked) == (other.width, other.height, other.grid.masked)
            and self.passages == other.passages
        )

    __hash__ = None  # type: ignore[assignment]

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        """Sent between processes as its size, mask and passages: the receiver's mazes of one shape share
        one grid and its tables (a 5,000-maze book's puzzles, waiting for their answer pages, held 5 MB
        of copies)."""
        grid = self.grid
        return _maze_in, (grid.width, grid.height, grid.masked, self.passages)


_GRIDS: WeakValueDictionary[tuple[int, int, frozenset[tuple[int, int]]], Grid] = WeakValueDictionary()
"""The grids of the mazes received from other processes, one a shape while any maze uses it."""


def _maze_in(width: int, height: int, masked: frozenset[tuple[int, int]], passages: bytes) -> Maze:
    key = (width, height, masked)
    grid = _GRIDS.get(key)
    if grid is None:  # checked where it was made: a mask's cells are neither checked nor walked again
        grid = _GRIDS[key] = Grid(width, height, masked)
    return Maze(grid, passages)


def finish(grid: Grid, passages: bytearray) -> Maze:
    return Maze(grid, bytes(passages).translate(_CLEAR_OUTSIDE))


def from_rows(rows: Iterable[Iterable[int]], grid: Grid | None = None) -> Maze:
    """Build a maze from ``rows[y][x]`` bitmasks (the JSON ``cells`` field, Eller's row stream)."""
    data = [bytes(r) for r in rows]
    grid = grid or Grid(len(data[0]), len(data))
    out = bytearray(grid.slots)
    for y, row in enumerate(data):
        start = grid.index(0, y)
        out[start : start + grid.width] = row
    return Maze(grid, bytes(out))


__all__ = [
    "DIRECTIONS",
    "IN_MAZE",
    "OUTSIDE",
    "TAKEN",
    "Maze",
    "blank",
    "carve",
    "finish",
    "from_rows",
]
