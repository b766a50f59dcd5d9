"""Octagons and small squares (Daedalus' and theseus' "upsilon"): a chessboard of cells, (0, 0) an octagon.

A cell (x, y) with x + y even is a regular octagon, with x + y odd a square, so ``size: WxH`` counts
cells across and down as on every grid, both kinds. An octagon meets the four squares beside it across
its flat sides (left, right, above, below) and the four octagons diagonally across its slanted ones; a
square meets the four octagons beside it. Every side is 1 long: the square, the narrowest cell, is a
corridor wide, and an octagon 1 + sqrt(2) across its flats.

Slots follow the sides clockwise from the right one: 0 right, 1 down-right, 2 down, ... 7 up-right. A
square has the even slots only (its four sides face the same ways as an octagon's flat ones), so the
slot across any side is the one four further round.
"""

from __future__ import annotations

import math

from ._kind import Lattice, Point, Side

SIDE = 1.0
APOTHEM = (1 + math.sqrt(2)) / 2
"""An octagon's centre to its flat sides."""
PITCH = APOTHEM + SIDE / 2
"""Centre to centre of an octagon and the square beside it: a column (a row) of the field."""
_RADIUS = SIDE / (2 * math.sin(math.pi / 8))
_OCTAGON = tuple(
    (_RADIUS * math.cos(math.pi / 8 * (2 * i - 1)), _RADIUS * math.sin(math.pi / 8 * (2 * i - 1)))
    for i in range(8)
)
"""Corners from the top of the right side clockwise on the page (y down): side i runs from corner i to i + 1."""
_SQUARE = ((0.5, -0.5), (0.5, 0.5), (-0.5, 0.5), (-0.5, -0.5))


class Octagon(Lattice):
    name = "octagon"
    slots = 8
    steps = (
        ((1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)),  # octagons
        ((1, 0), None, (0, 1), None, (-1, 0), None, (0, -1), None),  # squares
    )

    backs = (tuple((s + 4) % 8 for s in range(8)),) * 2

    def size_problem(self, width: int, height: int) -> str | None:
        return None

    def crop(self, x: int, y: int) -> tuple[int, int]:
        if not (x + y) & 1:
            return (x, y)
        return (x - 1, y) if x else (x, y - 1)

    def pattern(self, x: int, y: int) -> int:
        return (x + y) & 1

    def centre(self, x: int, y: int) -> Point:
        return (APOTHEM + PITCH * x, APOTHEM + PITCH * y)

    def corners(self, x: int, y: int) -> tuple[Point, ...]:
        cx, cy = self.centre(x, y)
        return tuple((cx + dx, cy + dy) for dx, dy in (_SQUARE if (x + y) & 1 else _OCTAGON))

    def side(self, x: int, y: int, slot: int) -> Side | None:
        """Slot ``slot``'s side; None for a square's odd slots, which it does not have."""
        corners = self.corners(x, y)
        if len(corners) == 4:
            if slot & 1:
                return None
            slot //= 2
        return Side(corners[slot], corners[(slot + 1) % len(corners)])

    def extent(self, width: int, height: int) -> Point:
        def across(n: int, other: int) -> float:
            # the last column (row) ends with an octagon's flat side, or a square's where it has no octagon
            ends_square = other == 1 and (n - 1) & 1
            return APOTHEM + PITCH * (n - 1) + (SIDE / 2 if ends_square else APOTHEM)

        return (across(width, height), across(height, width))
