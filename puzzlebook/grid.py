"""Topology: which cells exist and which cells neighbour which. Passages live in ``maze.py``.

Cells are slots of a flat array with a one-slot border of padding, so every direction is a constant offset
and the border needs no bounds checks: ``index(x, y) = (y + 1) * stride + (x + 1)``. Masked cells and the
padding are "outside". Generators that only walk neighbours use ``steps`` and ``inside`` and so work on any
topology that embeds this way (a hexagonal grid in axial coordinates does, with six steps); the row-based
generators ask for ``is_rectangle``.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import cached_property, lru_cache

from .errors import GenerationError

N, S, E, W = 1, 2, 4, 8
DIRECTIONS = (N, S, E, W)
OPPOSITE = {N: S, S: N, E: W, W: E}
DX = {N: 0, S: 0, E: 1, W: -1}
DY = {N: -1, S: 1, E: 0, W: 0}
NAMES = {N: "N", S: "S", E: "E", W: "W"}

MAX_SIDE = 10_000
MAX_CELLS = 16_000_000
"""Whole mazes up to 4000x4000; Eller's stream has no height limit. Memory while generating, measured at
2000x2000: 9 bytes a cell for the backtracker, 45 for Prim, 73 for Kruskal (its sort of random keys, done in
piles of at most 4M walls); a 4000x4000 Kruskal maze peaked at 580 MB."""


def size_problem(width: int, height: int, *, streaming: bool = False) -> str | None:
    """What is wrong with a maze size, said so that the reader knows what would work; None if nothing.

    The spec, the command line and the generators all ask here, so a size gets the same words everywhere.
    """
    if width < 1 or height < 1:
        return f"a maze needs at least 1x1 cells, got {width}x{height}"
    if width > MAX_SIDE or (height > MAX_SIDE and not streaming):
        return f"{width}x{height} is too large: each side may be at most {MAX_SIDE:,} cells"
    if not streaming and width * height > MAX_CELLS:
        return (
            f"{width}x{height} has {width * height:,} cells; the limit is {MAX_CELLS:,} "
            "(for example 4000x4000)"
        )
    return None


SIZE = re.compile(r"^\s*(\d+)\s*[xX×]\s*(\d+)\s*$")


def parse_size(text: str) -> tuple[int, int]:
    """``"20x30"`` -> (20, 30); a ValueError says what is wrong in the words of ``size_problem``."""
    match = SIZE.match(text)
    if not match:
        shown = text if len(text) <= 40 else text[:37] + "..."
        raise ValueError(f'expected WxH such as 20x30, got "{shown}"')
    if max(len(match[1]), len(match[2])) > 9:  # never turn thousands of digits into a number
        raise ValueError(f"that size is too large: each side may be at most {MAX_SIDE:,} cells")
    width, height = int(match[1]), int(match[2])
    problem = size_problem(width, height)
    if problem:
        raise ValueError(problem)
    return width, height


@lru_cache(maxsize=64)
def _moves(stride: int) -> tuple[tuple[int, ...], ...]:
    steps = ((N, -stride), (S, stride), (E, 1), (W, -1))
    return tuple(tuple(off for bit, off in steps if bits & bit) for bits in range(256))


def check_size(width: int, height: int, *, streaming: bool = False) -> None:
    """Refuse sizes we cannot make."""
    problem = size_problem(width, height, streaming=streaming)
    if problem:
        raise GenerationError(problem)


@dataclass(frozen=True, eq=False)
class Grid:
    """A W x H rectangle of cells (x is the column, y the row, (0, 0) top-left), optionally masked."""

    width: int
    height: int
    masked: frozenset[tuple[int, int]] = field(default_factory=frozenset)

    def __post_init__(self) -> None:
        check_size(self.width, self.height)
        for x, y in self.masked:
            if not (0 <= x < self.width and 0 <= y < self.height):
                raise GenerationError(f"mask cell [{x}, {y}] lies outside the {self}")
        if len(self.masked) >= self.width * self.height:
            raise GenerationError(f"the mask leaves no cells of the {self}")

    def __str__(self) -> str:
        return f"{self.width}x{self.height} grid"

    @classmethod
    def with_mask(cls, width: int, height: int, masked: Iterable[tuple[int, int]]) -> Grid:
        grid = cls(width, height, frozenset(masked))
        grid.check_connected()
        return grid

    @property
    def stride(self) -> int:
        return self.width + 2

    @property
    def slots(self) -> int:
        return (self.width + 2) * (self.height + 2)

    @property
    def is_rectangle(self) -> bool:
        return not self.masked

    @property
    def count(self) -> int:
        """Number of cells in the maze (masked cells excluded)."""
        return self.width * self.height - len(self.masked)

    @cached_property
    def steps(self) -> tuple[tuple[int, int], ...]:
        """(direction bit, index offset) for every direction."""
        s = self.stride
        return ((N, -s), (S, s), (E, 1), (W, -1))

    @cached_property
    def offset(self) -> dict[int, int]:
        return dict(self.steps)

    @property
    def moves(self) -> tuple[tuple[int, ...], ...]:
        """For each passage bitmask, the index offsets of the cells it opens onto: searches visit only
        open passages. One table per row length, shared by every maze of that width."""
        return _moves(self.stride)

    @cached_property
    def inside(self) -> bytes:
        """1 for every cell of the maze, 0 for padding and masked cells."""
        row = b"\x00" + b"\x01" * self.width + b"\x00"
        flags = bytearray(b"\x00" * self.stride + row * self.height + b"\x00" * self.stride)
        for x, y in self.masked:
            flags[self.index(x, y)] = 0
        return bytes(flags)

    def index(self, x: int, y: int) -> int:
        return (y + 1) * self.stride + x + 1

    def xy(self, cell: int) -> tuple[int, int]:
        y, x = divmod(cell, self.stride)
        return x - 1, y - 1

    def contains(self, x: int, y: int) -> bool:
        return 0 <= x < self.width and 0 <= y < self.height and (x, y) not in self.masked

    def cells(self) -> Iterator[int]:
        """Every cell index in reading order (row by row, left to right)."""
        inside = self.inside
        for y in range(self.height):
            start = self.index(0, y)
            for cell in range(start, start + self.width):
                if inside[cell]:
                    yield cell

    def random_cell(self, rng: random.Random) -> int:
        if not self.masked:
            return self.index(rng.randrange(self.width), rng.randrange(self.height))
        return rng.choice(list(self.cells()))

    def on_border(self, cell: int) -> bool:
        """A cell with a side on the outside of the maze, where an entrance can be cut."""
        inside = self.inside
        return any(not inside[cell + off] for _, off in self.steps)

    def border_cells(self) -> list[int]:
        """Every cell on the border, in reading order."""
        if self.masked:
            return [c for c in self.cells() if self.on_border(c)]
        w, h = self.width, self.height
        if h == 1 or w <= 2:
            return list(self.cells())
        top = list(range(self.index(0, 0), self.index(0, 0) + w))
        bottom = list(range(self.index(0, h - 1), self.index(0, h - 1) + w))
        sides = [c for y in range(1, h - 1) for c in (self.index(0, y), self.index(w - 1, y))]
        return top + sides + bottom

    def transposed(self) -> Grid:
        return Grid(self.height, self.width, frozenset((y, x) for x, y in self.masked))

    def check_connected(self) -> None:
        """A spanning tree needs one connected region of cells; say so if the mask splits it."""
        first = next(self.cells())
        seen = bytearray(self.slots)
        seen[first] = 1
        todo = [first]
        inside = self.inside
        offsets = [off for _, off in self.steps]
        while todo:
            cell = todo.pop()
            for off in offsets:
                nxt = cell + off
                if inside[nxt] and not seen[nxt]:
                    seen[nxt] = 1
                    todo.append(nxt)
        reached = sum(seen)
        if reached != self.count:
            raise GenerationError(
                f"the mask splits the {self} into separate parts ({reached} of {self.count} cells "
                "are reachable from the first one); a maze needs one connected region"
            )
