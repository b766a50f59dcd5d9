"""Where on its outline a maze's entrance and exit may open: of a cell's sides on the outside, those with
a clear view out (an arrow and its word there lie in empty space) and those with room for a picture.
``paths`` chooses the ends; this says which sides they may open through."""

from __future__ import annotations

import math
from functools import lru_cache

from .graph import Topology
from .shapelimits import RAY, ROOM, ROOM_WIDE


def outer_cells(grid: Topology) -> list[int]:
    """Cells with a side on the outside of the whole shape, in reading order."""
    return [cell for cell in grid.outline() if grid.outer_sides(cell)]


def opening(grid: Topology, cell: int, taken: int | None = None) -> int | None:
    """The slot to open for an entrance or exit: of the cell's sides on the outside (those with room for
    a picture first, then those with a clear view out: see ``roomy_sides``, ``clear_sides``), the one farthest from the middle of the field, so its arrow
    points away from the maze. None for an inner cell."""
    sides = [s for s in grid.outer_sides(cell) if s != taken]
    if not sides:
        return None
    roomy = [s for s in sides if s in roomy_sides(grid).get(cell, ())]
    clear = [s for s in sides if s in clear_sides(grid).get(cell, ())]
    sides = roomy or clear or sides
    w, h = grid.extent

    def reach(s: int) -> float:
        side = grid.side(cell, s)
        assert side is not None
        x, y = side.middle
        return (x - w / 2) ** 2 + (y - h / 2) ** 2

    return max(sides, key=lambda s: (reach(s), -s))


def reach(grid: Topology) -> float:
    """How far a cell reaches from its centre, in corridor widths: to its farthest corner, 0.58 for a
    hexagon, 0.71 for a square, 1.0 for a triangle (a disc of 0.6 left a triangle's corners out, and an
    arrow was drawn over them)."""
    return max(
        math.hypot(px - cx, py - cy)
        for cell in range(min(4, grid.count))
        for cx, cy in [grid.centre(cell)]
        for px, py in grid.corners(cell)
    )


CLEARANCE = 0.4
"""Room kept between a ray out of the maze and the cells beside it, in corridor widths: an arrow is as
wide as a corridor (half of it each side of the ray), and one drawn up the flank of a hexagon star's
arm touched its walls."""


def clear_sides(grid: Topology) -> dict[int, list[int]]:
    """For each outer cell, its outer sides with nothing of the shape in line beyond them, to the edge
    of the field: an arrow drawn there, and its word, lie in empty space, where a side facing a bay of
    the outline (between a heart's lobes, into the bowl of an a) would put them on the maze. Once per
    shape: a field is made once for the mazes of one entry."""
    return _outlook(grid)[0]


def roomy_sides(grid: Topology, deep: int = ROOM) -> dict[int, list[int]]:
    """Of the ``clear_sides``, those that also leave room for a picture: nothing of the shape ``deep``
    corridor widths out and ``ROOM_WIDE`` to each side of the line out (see ``shapelimits.ROOM``), where a
    side on a step of a slanting outline, or at the foot of a notch, looks clear along its own line."""
    return _outlook(grid, deep)[1]


@lru_cache(maxsize=16)
def _outlook(grid: Topology, deep: int = ROOM) -> tuple[dict[int, list[int]], dict[int, list[int]]]:
    """``clear_sides`` and ``roomy_sides``, looked for together: one filing of the outline serves both."""
    if not grid.masked:  # a whole field (a rectangle of hexagons, a disc): its edge has no bays
        every = {cell: grid.outer_sides(cell) for cell in outer_cells(grid)}
        return every, every
    w, h = grid.extent
    body = reach(grid)  # a cell, as a disc round its centre (as the layout keeps pictures off it)
    radius = body + CLEARANCE
    # each outline cell filed under the quarter-unit points within its radius, widened by what rounding
    # to quarter units may cost, then measured exactly: a ray meets the outline first
    quarters = radius * 4 + 1.5
    span = math.ceil(quarters)
    disc = [
        (dx, dy)
        for dx in range(-span, span + 1)
        for dy in range(-span, span + 1)
        if dx * dx + dy * dy <= quarters**2
    ]
    centres = {cell: grid.centre(cell) for cell in grid.outline()}
    filed: dict[tuple[int, int], list[int]] = {}
    for cell, (cx, cy) in centres.items():
        qx, qy = round(cx * 4), round(cy * 4)
        for dx, dy in disc:
            filed.setdefault((qx + dx, qy + dy), []).append(cell)

    def near(px: float, py: float, own: int, within: float = radius) -> bool:
        """Whether a point lies ``within`` an outline cell's centre, other than ``own`` (whose reach
        passes its own sides, where its rays start)."""
        for cell in filed.get((round(px * 4), round(py * 4)), ()):
            cx, cy = centres[cell]
            if cell != own and (px - cx) ** 2 + (py - cy) ** 2 < within**2:
                return True
        return False

    band = [
        (t / 4, o / 2 * ROOM_WIDE)
        for t in range(4, 4 * deep + 1)  # from a corridor out, where a picture starts
        for o in range(-2, 3)
    ]
    clear: dict[int, list[int]] = {}
    roomy: dict[int, list[int]] = {}
    for cell in outer_cells(grid):
        ox, oy = grid.centre(cell)
        for slot in grid.outer_sides(cell):
            side = grid.side(cell, slot)
            assert side is not None
            mx, my = side.middle
            length = math.hypot(mx - ox, my - oy) or 1.0
            ux, uy = (mx - ox) / length, (my - oy) / length
            t = 0.5
            while t <= RAY and -1 <= mx + ux * t <= w + 1 and -1 <= my + uy * t <= h + 1:
                if near(mx + ux * t, my + uy * t, cell):
                    break
                t += 0.25
            else:
                clear.setdefault(cell, []).append(slot)
                if not any(near(mx + ux * t - uy * o, my + uy * t + ux * o, cell, body) for t, o in band):
                    roomy.setdefault(cell, []).append(slot)
    return clear, roomy
