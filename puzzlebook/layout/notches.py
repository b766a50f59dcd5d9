"""An arrow by an opening: drawn in line with it (``arrow_at``), and in a notch of a zigzag outline
(hexagons, triangles, octagons) kept off the walls beside it: the neighbouring cells' sides run down
beside the arrow's tail there."""

from __future__ import annotations

import math

from ..geometry import Placement, Point
from ..graph import GraphMaze
from ..puzzles import Puzzle
from .boxes import SHAFT, arrow_gap, arrow_half
from .covering import outer_ink

SLANTED = ("hex", "triangle", "octagon")
"""The grids whose outer sides zigzag."""

INK_GAP = 4.0
"""pt of paper an arrow keeps from the ink of the walls beside its opening: a honeycomb's Finish arrow
stood 0.75 pt from its outline in a notch, where arrows by the sides of squares keep 3.5 pt and more;
at 2.5 pt, about a millimetre, it read as joined to the outline in print, the exit closed (a design
review). As the words by the arrows keep (``signs.CLEAR``)."""


def off_the_walls(
    polygon: tuple[Point, ...],
    place: Placement,
    puzzle: Puzzle,
    role: str,
    outward: Point,
    wall: float,
) -> tuple[Point, ...]:
    """The arrow of the ``role`` end, moved out along itself half a point at a time, a cell at most,
    until it keeps ``INK_GAP`` from the ink of the outer sides round its cell (a shape's outline is
    drawn ``OUTLINE`` times the walls' weight). Unmoved where the outline keeps that already, and on
    other grids."""
    maze = puzzle.maze
    cell = puzzle.start if role == "start" else puzzle.end
    slot = puzzle.sides[0 if role == "start" else 1]
    if cell is None or slot is None or not isinstance(maze, GraphMaze) or maze.grid.kind.name not in SLANTED:
        return polygon
    grid = maze.grid
    here = grid.id(*cell)
    opening = grid.side(here, slot) if here >= 0 else None
    if opening is None:
        return polygon
    ends = (opening.start, opening.end)
    kind = grid.kind
    steps = kind.steps[kind.pattern(*cell)]
    beside = [  # the cells through the sides that meet the opening at its ends
        (cell[0] + step[0], cell[1] + step[1])
        for other, step in enumerate(steps)
        if step is not None and other != slot
        for side in [grid.side(here, other)]
        if side is not None and any(math.dist(a, b) < 1e-6 for a in (side.start, side.end) for b in ends)
    ]
    need = INK_GAP + outer_ink(maze, wall)
    near = [grid.id(*c) for c in [cell, *beside] if grid.id(*c) >= 0]
    sides = [
        (place.point(*side.start), place.point(*side.end))
        for c in near
        for s in grid.outer_sides(c)
        if (c, s) != (here, slot)
        for side in [grid.side(c, s)]
        if side is not None
    ]
    ux, uy = outward[0], -outward[1]  # on the page, y up
    for step in range(int(2 * place.cell) + 1):
        moved = tuple((x + ux * step / 2, y + uy * step / 2) for x, y in polygon)
        xs, ys = [p[0] for p in moved], [p[1] for p in moved]
        box = (min(xs) - need, min(ys) - need, max(xs) + need, max(ys) + need)
        close = [  # only a side whose box meets the arrow's, grown by what it keeps, can come that near
            (a, b)
            for a, b in sides
            if min(a[0], b[0]) < box[2]
            and max(a[0], b[0]) > box[0]
            and min(a[1], b[1]) < box[3]
            and max(a[1], b[1]) > box[1]
        ]
        edges = list(zip(moved, moved[1:] + moved[:1], strict=True))
        if all(_apart(edge, side) >= need for side in close for edge in edges):
            return moved
    return polygon


def _to_segment(p: Point, a: Point, b: Point) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    t = max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy or 1.0)))
    return math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy)


def _apart(one: tuple[Point, Point], other: tuple[Point, Point]) -> float:
    """How far apart two segments are (0 where they cross)."""
    (a, b), (c, d) = one, other

    def side(p: Point, q: Point, r: Point) -> float:
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])

    if side(a, b, c) * side(a, b, d) < 0 and side(c, d, a) * side(c, d, b) < 0:
        return 0.0
    return min(_to_segment(a, c, d), _to_segment(b, c, d), _to_segment(c, a, b), _to_segment(d, a, b))


def lead(arrow: tuple[Point, ...], moved: tuple[Point, ...], start: Point) -> tuple[Point, Point] | None:
    """An answer line's way on from its opening's middle (``start``, on the page) to its arrow, as far as
    ``off_the_walls`` moved the arrow: else the line stopped 3-6 pt short of a honeycomb's arrows, where
    on squares it meets them. None for an arrow not moved."""
    dx, dy = moved[0][0] - arrow[0][0], moved[0][1] - arrow[0][1]
    return (start, (start[0] + dx, start[1] + dy)) if dx or dy else None


def arrow_at(
    place: Placement, middle: Point, outward: Point, inward: bool, size: float, heavier: float = 0.0
) -> tuple[Point, ...]:
    """A solid arrow in the margin, in line with the opening, as wide as the corridor allows; its inner
    end ``heavier`` further out where the ink round the maze is (a name's outline, twice the walls'
    weight: the tip stood on it), its outer end where it was."""
    # the middle of the opening, in page points, and the outward unit vector
    mx, my = place.point(*middle)
    ux, uy = outward[0], -outward[1]  # y flips on the page
    vx, vy = -uy, ux  # across the arrow
    gap = arrow_gap(place.cell)
    length = max(size - gap, 4.0)
    half = arrow_half(place.cell, size)
    shaft = half * SHAFT
    near = gap + heavier  # distance from the wall's middle to the arrow's inner end
    far = gap + length
    head = (far - near) * 0.5
    if inward:  # tip at the wall, tail far out
        tip, base, tail = near, near + head, far
    else:  # tail at the wall, tip far out
        tip, base, tail = far, far - head, near

    def at(d: float, across: float) -> Point:
        return (mx + ux * d + vx * across, my + uy * d + vy * across)

    return (
        at(tip, 0),
        at(base, half),
        at(base, shaft),
        at(tail, shaft),
        at(tail, -shaft),
        at(base, -shaft),
        at(base, -half),
    )
