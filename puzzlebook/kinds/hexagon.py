"""Hexagons with flat tops, in columns; every other column sits half a cell lower (Daedalus' "sigma")."""

from __future__ import annotations

import math

from ._kind import Lattice, Point

R = 1 / math.sqrt(3)
"""Corner radius that makes the hexagon 1 across its flats: a corridor as wide as a square cell's."""
_COS = tuple(R * math.cos(math.radians(60 * i)) for i in range(6))
_SIN = tuple(R * math.sin(math.radians(60 * i)) for i in range(6))


class Hexagon(Lattice):
    name = "hex"
    slots = 6
    # slots from the corner at 3 o'clock, clockwise on the page: SE, S, SW, NW, N, NE
    steps = (
        ((1, 0), (0, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)),  # even columns
        ((1, 1), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, 0)),  # odd columns, half a cell lower
    )

    backs = ((3, 4, 5, 0, 1, 2),) * 2

    def size_problem(self, width: int, height: int) -> str | None:
        return None

    def crop(self, x: int, y: int) -> tuple[int, int]:
        return (x - (x & 1), y)

    def pattern(self, x: int, y: int) -> int:
        return x & 1

    def centre(self, x: int, y: int) -> Point:
        return (R * (1 + 1.5 * x), 0.5 + y + 0.5 * (x & 1))

    def corners(self, x: int, y: int) -> tuple[Point, ...]:
        cx, cy = self.centre(x, y)
        return tuple((cx + _COS[i], cy + _SIN[i]) for i in range(6))

    def extent(self, width: int, height: int) -> Point:
        return (R * (1.5 * width + 0.5), height + (0.5 if width > 1 else 0.0))
