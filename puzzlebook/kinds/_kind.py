"""What a grid kind tells: a cell's neighbour through each slot, its corners and its centre."""

from __future__ import annotations

from array import array
from typing import Protocol

Point = tuple[float, float]


class Kind(Protocol):
    """One kind of grid. Slot ``s`` of a cell is the side from ``corners[s]`` to ``corners[s + 1]``
    (wrapping), and ``steps`` give the neighbour across it; y grows downwards, as rows are read."""

    name: str
    slots: int

    def size_problem(self, width: int, height: int) -> str | None:
        """What keeps a field of this size from being one piece, said for the reader; None if nothing."""
        ...

    def crop(self, x: int, y: int) -> tuple[int, int]:
        """The nearest corner at or above-left of (x, y) where a field may be cut and every cell keep its
        pattern (hex columns alternate, so a cut moves an even number of columns)."""
        ...

    def pattern(self, x: int, y: int) -> int:
        """Which of ``steps`` the cell at (x, y) takes: cells of one pattern have the same neighbours."""
        ...

    @property
    def steps(self) -> tuple[tuple[tuple[int, int] | None, ...], ...]:
        """For each pattern, the (dx, dy) to the neighbour through each slot (None: that slot has none)."""
        ...

    @property
    def backs(self) -> tuple[tuple[int, ...], ...]:
        """For each pattern and slot, the slot of the neighbour across it that faces back."""
        ...

    def corners(self, x: int, y: int) -> tuple[Point, ...]: ...

    def centre(self, x: int, y: int) -> Point: ...

    def extent(self, width: int, height: int) -> Point:
        """The drawing's width and height for a field of width x height cells."""
        ...


def lattice_links(kind: Kind, width: int, height: int) -> tuple[array[int], bytearray]:
    """(nbr, back) of a whole width x height field of a kind whose pattern follows the parities of x and
    y, cell ids read row by row. Each row, slot and column parity is one strided slice written in C, so
    a million hexagons take a fraction of a second rather than six million Python steps."""
    k = kind.slots
    nbr = array("i", [-1]) * (width * height * k)
    back = bytearray(width * height * k)
    for y in range(height):
        for parity in (0, 1):
            if parity >= width:
                continue
            pattern = kind.pattern(parity, y)
            for slot, step in enumerate(kind.steps[pattern]):
                if step is None or not 0 <= y + step[1] < height:
                    continue
                dx, ny = step[0], y + step[1]
                xs = range(parity + (2 if parity + dx < 0 else 0), width - max(dx, 0), 2)
                if not xs:
                    continue
                first = (y * width + xs[0]) * k + slot
                where = slice(first, first + 2 * k * (len(xs) - 1) + 1, 2 * k)
                nbr[where] = array("i", range(ny * width + xs[0] + dx, ny * width + xs[-1] + dx + 1, 2))
                back[where] = bytes([kind.backs[pattern][slot]]) * len(xs)
    return nbr, back
