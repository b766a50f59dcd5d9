"""What a grid kind tells: a cell's neighbour through each slot, each side's shape, and the centre.

Cells are named by their position (x, y): column and row for squares, hexagons and triangles, ring and
place on the ring for circles. A field is stored as a box of places read row by row; ``position`` and
``place`` translate between the two where they differ.
"""

from __future__ import annotations

import math
from array import array
from typing import NamedTuple, Protocol

Point = tuple[float, float]


class Side(NamedTuple):
    """One side of a cell, in the kind's units with y down: straight from ``start`` to ``end``, or with a
    ``radius``, an arc about ``around`` running clockwise on the page from ``start`` to ``end``, its
    angles ``turns`` (fractions of a turn clockwise from 12 o'clock)."""

    start: Point
    end: Point
    radius: float = 0.0
    around: Point = (0.0, 0.0)
    turns: tuple[float, float] = (0.0, 0.0)

    @property
    def middle(self) -> Point:
        if not self.radius:
            return ((self.start[0] + self.end[0]) / 2, (self.start[1] + self.end[1]) / 2)
        angle = math.pi * (self.turns[0] + self.turns[1])
        return (
            self.around[0] + self.radius * math.sin(angle),
            self.around[1] - self.radius * math.cos(angle),
        )


class Kind(Protocol):
    """One kind of grid: slot ``s`` of a cell is its side ``side(x, y, s)``, and the neighbour across it
    comes from ``links``. Lattices (squares, hexagons, triangles) build all of it from ``steps`` and
    ``corners``, in the ``Lattice`` base below."""

    name: str
    slots: int

    def box(self, width: int, height: int) -> tuple[int, int]:
        """The box of places a field of this size is stored in."""
        ...

    def present(self, width: int, height: int) -> bytearray | None:
        """1 for each place of the box that is a cell, read row by row; None when all are."""
        ...

    def position(self, bx: int, by: int) -> tuple[int, int]:
        """The cell's name for the place (bx, by) of the box."""
        ...

    def place(self, x: int, y: int) -> tuple[int, int]:
        """The place in the box of the cell named (x, y)."""
        ...

    def links(self, width: int, height: int) -> tuple[array[int], bytearray]:
        """(nbr, back) over the whole box, ids read row by row (see ``graph.Topology.links``)."""
        ...

    def side(self, x: int, y: int, slot: int) -> Side | None:
        """Slot ``slot``'s side; None where the cell has no such slot (circles)."""
        ...

    def rim(self, x: int, y: int, width: int, height: int) -> list[int] | None:
        """The slots of a cell that face the outside, where the kind knows them without the field's
        mask (a circle's rim); None to leave it to the field."""
        ...

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


class Lattice:
    """What squares, hexagons and triangles share: every place of the box is a cell named by its column
    and row, neighbours follow ``steps`` by the parities of x and y, and sides are polygon edges."""

    name: str
    slots: int
    steps: tuple[tuple[tuple[int, int] | None, ...], ...]
    backs: tuple[tuple[int, ...], ...]

    def pattern(self, x: int, y: int) -> int:
        raise NotImplementedError

    def corners(self, x: int, y: int) -> tuple[Point, ...]:
        raise NotImplementedError

    def box(self, width: int, height: int) -> tuple[int, int]:
        return width, height

    def present(self, width: int, height: int) -> bytearray | None:
        return None

    def position(self, bx: int, by: int) -> tuple[int, int]:
        return bx, by

    def place(self, x: int, y: int) -> tuple[int, int]:
        return x, y

    def links(self, width: int, height: int) -> tuple[array[int], bytearray]:
        return lattice_links(self, width, height)  # type: ignore[arg-type]

    def side(self, x: int, y: int, slot: int) -> Side | None:
        corners = self.corners(x, y)
        return Side(corners[slot], corners[(slot + 1) % len(corners)])

    def rim(self, x: int, y: int, width: int, height: int) -> list[int] | None:
        return None


def lattice_links(kind: Kind, width: int, height: int) -> tuple[array[int], bytearray]:
    """(nbr, back) of a whole width x height field of a kind whose pattern follows the parities of x and
    y, cell ids read row by row. Each row, slot and column parity is one strided slice written in C,
    cut from one array of every id (making an array from a range costs 70 ns a number), so a million
    hexagons take a fraction of a second rather than six million Python steps."""
    k = kind.slots
    ids = array("i", range(width * height))
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
                nbr[where] = ids[ny * width + xs[0] + dx : ny * width + xs[-1] + dx + 1 : 2]
                back[where] = bytes([kind.backs[pattern][slot]]) * len(xs)
    return nbr, back
