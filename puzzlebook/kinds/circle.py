"""Rings of cells around a centre ("Mazes for Programmers", the polar grid): a circle of R rings.

Ring 0 is one centre cell; each ring outward has the inner ring's count times the rounded ratio of its
circumference to that count (in ring heights), so cells stay about as wide as they are deep and a ring
splits each cell of the one inside it into one or two (six around the centre). With ``inner: N`` the
first N rings are a round hole instead. A cell is named (ring, k), k counted clockwise from 12 o'clock;
in the box of places, rings are rows.

Slots: 0 inward, 1 clockwise, 2 and 3 outward (3 only where the ring outside splits the cell), 4
counter-clockwise; the centre cell's six slots all lead outward. A ring is one corridor deep.
"""

from __future__ import annotations

import math
from array import array
from functools import lru_cache

from ._kind import Point, Side

MAX_RINGS = 1000
"""About three million cells: far more than a page can print."""

IN, CW, OUT, CCW = 0, 1, 2, 4


@lru_cache(maxsize=32)
def ring_counts(rings: int, inner: int = 0) -> tuple[int, ...]:
    """Cells on each ring (0 for the rings of the hole). Counts never shrink outwards."""
    counts: list[int] = []
    for r in range(rings):
        if r < inner:
            counts.append(0)
        elif r == 0:
            counts.append(1)
        elif r == inner:  # the hole's edge: about one cell a corridor width of its circumference
            counts.append(max(6, round(2 * math.pi * r)))
        else:
            counts.append(counts[-1] * max(1, round(2 * math.pi * r / counts[-1])))
    return tuple(counts)


class Circle:
    name = "circle"
    slots = 6
    steps: tuple[tuple[tuple[int, int] | None, ...], ...] = ()
    backs: tuple[tuple[int, ...], ...] = ()

    def __init__(self, inner: int = 0) -> None:
        self.inner = inner

    def counts(self, rings: int) -> tuple[int, ...]:
        return ring_counts(rings, self.inner)

    def size_problem(self, width: int, height: int) -> str | None:
        if width > MAX_RINGS:
            return f"{width} rings is too many: a circle may have at most {MAX_RINGS}"
        if self.inner and self.inner >= width:
            return f"inner: {self.inner} leaves no ring of a {width}-ring circle; make it at most {width - 1}"
        return None

    def crop(self, x: int, y: int) -> tuple[int, int]:
        return x, y

    def pattern(self, x: int, y: int) -> int:
        return 0

    def corners(self, x: int, y: int) -> tuple[Point, ...]:
        raise NotImplementedError("a circle's sides are arcs: see side()")

    def box(self, width: int, height: int) -> tuple[int, int]:
        return self.counts(width)[-1], width

    def present(self, width: int, height: int) -> bytearray | None:
        counts = self.counts(width)
        row = counts[-1]
        return bytearray(b"".join(b"\x01" * n + b"\x00" * (row - n) for n in counts))

    def position(self, bx: int, by: int) -> tuple[int, int]:
        return by, bx

    def place(self, x: int, y: int) -> tuple[int, int]:
        return y, x

    def links(self, width: int, height: int) -> tuple[array[int], bytearray]:
        counts = self.counts(width)
        row, k = counts[-1], self.slots
        nbr = array("i", [-1]) * (row * width * k)
        back = bytearray(row * width * k)

        def link(a: int, slot: int, b: int, other: int) -> None:
            nbr[a * k + slot], back[a * k + slot] = b, other
            nbr[b * k + other], back[b * k + other] = a, slot

        for r, n in enumerate(counts):
            if not n:
                continue
            outer = counts[r + 1] if r + 1 < width else 0
            split = outer // n if outer else 0
            for i in range(n):
                here = r * row + i
                if n > 1:
                    link(here, CW, r * row + (i + 1) % n, CCW)
                for j in range(split):
                    child = (r + 1) * row + i * split + j
                    link(here, j if n == 1 else OUT + j, child, IN)
        return nbr, back

    def cell_links(self, width: int, height: int) -> tuple[array[int], bytes]:
        """``links`` numbered by cell rather than by place in the box, as ``graph.Topology.links``
        numbers them: ring by ring, clockwise from 12 o'clock. Each ring's ties are a few strided slices
        written in C, cut from one array of every id, rather than Python steps a cell over the box."""
        counts = self.counts(width)
        k, total = self.slots, sum(counts)
        ids = array("i", range(total))
        nbr = array("i", [-1]) * (total * k)
        back = bytearray(total * k)
        start = 0
        for r, n in enumerate(counts):
            if not n:
                continue
            outer = counts[r + 1] if r + 1 < width else 0
            split, beyond, end = outer // n, start + n, (start + n) * k
            if n > 1:
                nbr[start * k + CW : end : k] = ids[start + 1 : beyond] + ids[start : start + 1]
                back[start * k + CW : end : k] = bytes([CCW]) * n
                nbr[start * k + CCW : end : k] = ids[beyond - 1 : beyond] + ids[start : beyond - 1]
                back[start * k + CCW : end : k] = bytes([CW]) * n
            for j in range(split):
                slot = j if n == 1 else OUT + j
                nbr[start * k + slot : end : k] = ids[beyond + j : beyond + n * split : split]
                back[start * k + slot : end : k] = bytes([IN]) * n
                children = slice((beyond + j) * k + IN, (beyond + n * split) * k, split * k)
                nbr[children] = ids[start:beyond]
                back[children] = bytes([slot]) * n
            start = beyond
        return nbr, bytes(back)

    def rim(self, x: int, y: int, width: int, height: int) -> list[int] | None:
        """Only the outer circle is outside: the hole in the middle is the goal, not a way in."""
        return [OUT] if x == width - 1 else []

    def _turns(self, ring: int, k: int, rings: int) -> tuple[float, float]:
        n = ring_counts(rings, self.inner)[ring]
        return k / n, (k + 1) / n

    # Geometry needs the number of rings (the centre of the drawing); fields pass it via ``bind``.
    rings = 1

    def bind(self, rings: int) -> Circle:
        """This kind for a circle of ``rings`` rings: its geometry is centred on the drawing."""
        bound = Circle(self.inner)
        bound.rings = rings
        return bound

    def point(self, radius: float, turn: float) -> Point:
        angle = 2 * math.pi * turn
        return (self.rings + radius * math.sin(angle), self.rings - radius * math.cos(angle))

    def side(self, x: int, y: int, slot: int) -> Side | None:
        """The side through ``slot``; None for a slot this cell does not have (a ring outside that
        does not split it leaves slot 3 out, and only the centre has a sixth)."""
        ring, k = x, y
        counts = self.counts(self.rings)
        t0, t1 = k / counts[ring], (k + 1) / counts[ring]
        middle = (float(self.rings), float(self.rings))
        if counts[ring] == 1:  # the centre: six arcs of the first ring's cells
            n = counts[1] if len(counts) > 1 else 6
            a, b = slot / n, (slot + 1) / n
            return Side(self.point(1, a), self.point(1, b), 1.0, middle, (a, b))
        if slot == IN:
            return Side(self.point(ring, t0), self.point(ring, t1), float(ring), middle, (t0, t1))
        if slot == CW:
            return Side(self.point(ring, t1), self.point(ring + 1, t1))
        if slot == CCW:
            return Side(self.point(ring + 1, t0), self.point(ring, t0))
        outer = counts[ring + 1] if ring + 1 < len(counts) else counts[ring]
        split = max(1, outer // counts[ring])
        j = slot - OUT
        if j >= split:
            return None
        a, b = t0 + (t1 - t0) * j / split, t0 + (t1 - t0) * (j + 1) / split
        return Side(self.point(ring + 1, a), self.point(ring + 1, b), float(ring + 1), middle, (a, b))

    def centre(self, x: int, y: int) -> Point:
        ring, k = x, y
        counts = self.counts(self.rings)
        if counts[ring] == 1:
            return (float(self.rings), float(self.rings))
        return self.point(ring + 0.5, (k + 0.5) / counts[ring])

    def extent(self, width: int, height: int) -> Point:
        return (2.0 * width, 2.0 * width)
