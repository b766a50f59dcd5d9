"""Triangles pointing up and down in turn along each row (Daedalus' "delta"); (0, 0) points up."""

from __future__ import annotations

import math

from ._kind import Lattice, Point

SIDE = math.sqrt(3)
"""A side that makes the inscribed circle 1 across: a corridor as wide as a square cell's."""
HEIGHT = 1.5


class Triangle(Lattice):
    name = "triangle"
    slots = 3
    # an upward triangle's sides from its apex clockwise: E, S (its base), W; a downward one's from its
    # top-left corner: N (its top), E, W
    steps = (
        ((1, 0), (0, 1), (-1, 0)),
        ((0, -1), (1, 0), (-1, 0)),
    )

    backs = ((2, 0, 1), (1, 2, 0))

    def size_problem(self, width: int, height: int) -> str | None:
        if width == 1 and height > 1:
            return f"a triangle grid 1 triangle across falls apart into pairs; make it at least 2x{height}"
        return None

    def crop(self, x: int, y: int) -> tuple[int, int]:
        if not (x + y) & 1:
            return (x, y)
        return (x - 1, y) if x else (x, y - 1)

    def pattern(self, x: int, y: int) -> int:
        return (x + y) & 1

    def corners(self, x: int, y: int) -> tuple[Point, ...]:
        left, top = x * SIDE / 2, y * HEIGHT
        if not (x + y) & 1:
            return ((left + SIDE / 2, top), (left + SIDE, top + HEIGHT), (left, top + HEIGHT))
        return ((left, top), (left + SIDE, top), (left + SIDE / 2, top + HEIGHT))

    def centre(self, x: int, y: int) -> Point:
        up = not (x + y) & 1
        return (x * SIDE / 2 + SIDE / 2, y * HEIGHT + (1.0 if up else 0.5))

    def extent(self, width: int, height: int) -> Point:
        return ((width + 1) * SIDE / 2, height * HEIGHT)
