"""Square cells: the rectangle as data. Its mazes are made on ``grid.Grid``'s padded fast path; this form
serves the checks that every kind reads alike (the JSON graph, tests against the general searches)."""

from __future__ import annotations

from ._kind import Lattice, Point


class Rectangle(Lattice):
    name = "rectangle"
    slots = 4
    steps = (((0, -1), (1, 0), (0, 1), (-1, 0)),)  # N, E, S, W: the sides from the top-left corner round

    backs = ((2, 3, 0, 1),)

    def size_problem(self, width: int, height: int) -> str | None:
        return None

    def crop(self, x: int, y: int) -> tuple[int, int]:
        return (x, y)

    def pattern(self, x: int, y: int) -> int:
        return 0

    def corners(self, x: int, y: int) -> tuple[Point, ...]:
        return ((x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1))

    def centre(self, x: int, y: int) -> Point:
        return (x + 0.5, y + 0.5)

    def extent(self, width: int, height: int) -> Point:
        return (float(width), float(height))
