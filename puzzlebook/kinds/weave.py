"""Squares that weave: the rectangle with four more slots, each reaching the cell two steps away.

A passage may run under a cell whose own passage runs straight across it ("Mazes for Programmers",
weave mazes). The under-passage is a link of its own, through slot 4-7 (north, east, south, west two
cells away), so every search, metric and check reads a weave maze as the graph it is: a tree in which
a tunnel is one more edge. Only slots 0-3 are sides that are drawn; slots 4-7 have none.
"""

from __future__ import annotations

from ._kind import Lattice, Point, Side

SHARE = 0.5
"""The share of the most crossings that fit which ``weave: true`` (or ``--weave`` alone) asks for."""

FAR = 4
"""Slot s + FAR runs the way slot s does, under the neighbour, to the cell beyond it."""

BRIDGE = 0.25
"""How far in from a crossing cell's sides its bridge walls stand, in cell widths: the passage over is
half a cell wide, and the tunnel shows as a mouth a quarter of a cell deep on each side of it."""

GAP = 0.13
"""How far short of the bridge's walls the tunnel's walls stop, in cell widths: the gap in them that
shows the tunnel passing under the bridge rather than ending at it. A weave maze's walls are a
sixteenth of its cell at most (``READS``), so this leaves a wall's width of paper or more once stroked
(at a tenth, the gap closed, and a tunnel read as a corridor ending at the bridge); and the tunnel's
walls still reach half the way from the corner, closing the mouth off from the bridge's way (at a
fifth, the mouth stood open there, and the bridge's walls read as stray dashes in an open square)."""

READS = (4.0, 17.0)
"""A crossing reads in print when its tunnel mouths are at least 4 walls deep, in cells of at least
17 pt (6 mm, mouths 1.5 mm deep): cells of 16 walls and 17 pt at the least (``layout.density``)."""


def woven_wall(cell: float, wall: float) -> float:
    """A weave maze's walls, ``wall`` or thinner: at most ``READS`` of them across a tunnel's mouth, so
    its gap and its walls both show (walls a tenth of the cell, as other mazes have, left the mouths a
    wall of paper and a speck of wall)."""
    return min(wall, cell * BRIDGE / READS[0])


class Weave(Lattice):
    name = "weave"
    slots = 8
    steps = (((0, -1), (1, 0), (0, 1), (-1, 0), (0, -2), (2, 0), (0, 2), (-2, 0)),)
    backs = ((2, 3, 0, 1, 6, 7, 4, 5),)

    def size_problem(self, width: int, height: int) -> str | None:
        return None

    def crop(self, x: int, y: int) -> tuple[int, int]:
        return (x, y)

    def pattern(self, x: int, y: int) -> int:
        return 0

    def corners(self, x: int, y: int) -> tuple[Point, ...]:
        return ((x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1))

    def side(self, x: int, y: int, slot: int) -> Side | None:
        return None if slot >= FAR else super().side(x, y, slot)

    def rim(self, x: int, y: int, width: int, height: int) -> list[int] | None:
        """A square's sides on the edge of the field: a tunnel's slot is never an opening."""
        return [
            s
            for s, (dx, dy) in enumerate(((0, -1), (1, 0), (0, 1), (-1, 0)))
            if not (0 <= x + dx < width and 0 <= y + dy < height)
        ]

    def centre(self, x: int, y: int) -> Point:
        return (x + 0.5, y + 0.5)

    def extent(self, width: int, height: int) -> Point:
        return (float(width), float(height))
