"""What to draw for a maze, as plain numbers: wall runs and the solution line (the start and end signs
beside them are placed in ``signs``).

Pure geometry with no PDF library, shared by every output format and testable on its own. Coordinates are
in points with y up; ``(x, y)`` of a frame is the bottom-left corner of the maze's outer wall.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise

from .accents import mark_outlines, row_runs
from .graph import GraphMaze, Topology, crossings
from .grid import DX, DY, E, N, S, W
from .kinds.weave import BRIDGE, GAP
from .maze import Maze
from .puzzles import Puzzle
from .solve import Cell
from .walls import wall_runs

Segment = tuple[float, float, float, float]
Point = tuple[float, float]


@dataclass(frozen=True)
class Placement:
    x: float
    y: float
    cell: float
    height: float  # rows (the drawing's height in corridor widths), to flip y

    def point(self, cx: float, cy: float) -> Point:
        """Grid corner coordinates (cx right, cy down, in cells) -> page points."""
        return self.x + cx * self.cell, self.y + (self.height - cy) * self.cell


def extent(maze: Maze | GraphMaze) -> tuple[float, float]:
    """The drawing's width and height in cells (corridor widths on grids of other kinds)."""
    if isinstance(maze, GraphMaze):
        return maze.grid.extent
    return float(maze.width), float(maze.height)


Arc = tuple[float, float, float, float, float]
"""(cx, cy, radius, t0, t1): an arc about (cx, cy) from turn t0 clockwise to t1 (fractions of a turn from
12 o'clock; t0 may be negative for an arc across 12 o'clock)."""


def field_sides(
    puzzle: Puzzle, outline: bool = False
) -> tuple[list[tuple[float, float, float, float]], list[Arc]]:
    """Every wall of a maze on any kind of grid once, in the kind's units (y down), the openings of its
    ends left out: straight sides on one line merged into long runs, and arcs on one circle merged into
    the runs of walled cells along a ring. With ``outline``, only the sides with no cell beyond."""
    maze = puzzle.maze
    assert isinstance(maze, GraphMaze)
    grid = maze.grid
    k, nbr = grid.slots, grid.nbr
    openings = {
        (grid.id(*cell), side)
        for cell, side in zip((puzzle.start, puzzle.end), puzzle.sides, strict=True)
        if cell is not None and side is not None
    }
    lines: dict[tuple[float, float, float], list[tuple[float, float]]] = {}
    circles: dict[tuple[float, float, float], list[tuple[float, float]]] = {}
    keyed = _keyed_sides(grid)
    passages = maze.passages
    bridges = crossings(maze)
    if bridges and not outline:
        passages, bridge_runs = _bridged(maze, bridges)
        for key, span in bridge_runs:
            lines.setdefault(key, []).append(span)
    joins = {grid.id(*cell) for cell in puzzle.joins} if outline else set()  # as ``outline_runs``
    for cell in range(grid.count):
        if cell in joins:
            continue
        bits = passages[cell]
        base = cell * k
        for s in range(k):
            other = nbr[base + s]
            if (other >= 0 and (outline or other < cell or bits >> s & 1)) or (cell, s) in openings:
                continue
            side = keyed[base + s]
            if side is not None:
                (circles if side[0] else lines).setdefault(side[1], []).append(side[2])
    runs = []
    for (ux, uy, offset), spans in sorted(lines.items()):
        # back from (along, across) to x, y: the across offset o satisfies x*uy - y*ux = o
        px, py = offset * uy, -offset * ux
        for start, end in _merged(spans):
            runs.append((px + ux * start, py + uy * start, px + ux * end, py + uy * end))
    arcs = []
    for (cx, cy, radius), spans in sorted(circles.items()):
        merged = _merged(spans)
        if len(merged) > 1 and merged[0][0] <= 1e-9 and merged[-1][1] >= 1 - 1e-9:  # across 12 o'clock
            merged[0] = (merged[-1][0] - 1, merged[0][1])
            merged.pop()
        arcs += [(cx, cy, radius, t0, t1) for t0, t1 in merged]
    return runs, arcs


@lru_cache(maxsize=8)
def _keyed_sides(grid: Topology) -> list[tuple[bool, tuple[float, float, float], tuple[float, float]] | None]:
    """Each (cell, slot)'s side, ready to be merged: (is an arc, its line or circle, its span along
    it). Made once per field, so a book's mazes of one shape share the geometry."""
    out: list[tuple[bool, tuple[float, float, float], tuple[float, float]] | None] = []
    for cell in range(grid.count):
        for s in range(grid.slots):
            side = grid.side(cell, s)
            if side is None:
                out.append(None)
            elif side.radius:
                out.append((True, (side.around[0], side.around[1], side.radius), side.turns))
            else:
                (x0, y0), (x1, y1) = side.start, side.end
                if (x1, y1) < (x0, y0):
                    x0, y0, x1, y1 = x1, y1, x0, y0
                length = math.hypot(x1 - x0, y1 - y0)
                ux, uy = (x1 - x0) / length, (y1 - y0) / length
                # the line: its direction and its distance from the origin; a side is an interval on it
                t0 = x0 * ux + y0 * uy
                out.append(
                    (False, (round(ux, 6), round(uy, 6), round(x0 * uy - y0 * ux, 6)), (t0, t0 + length))
                )
    return out


def _bridged(
    maze: GraphMaze, bridges: list[tuple[int, str]]
) -> tuple[bytes, list[tuple[tuple[float, float, float], tuple[float, float]]]]:
    """A weave maze's passages as drawn, and its bridges' walls. A tunnel's two sides on its crossing
    cell are drawn open (the cells either side open into the crossing), and the crossing gets the walls
    of the passage over it: two straight through, ``BRIDGE`` in from its sides; the tunnel's own walls
    come in from the cell's corners where they continue a wall there, and stop ``GAP`` short of them, so
    it reads as passing beneath. Walls as (line, span), keyed as ``_keyed_sides`` keys them, so they
    merge with the walls in line with them."""
    grid = maze.grid
    drawn = bytearray(maze.passages)
    nbr = grid.nbr
    for cell, way in bridges:  # the tunnel's sides opened first, from both cells of each: a mouth asks
        a, b = (3, 1) if way == "EW" else (0, 2)  # its neighbours' walls; the crossing cell's sides
        drawn[cell] |= 1 << a | 1 << b
        drawn[nbr[cell * 8 + a]] |= 1 << b
        drawn[nbr[cell * 8 + b]] |= 1 << a

    def wall(x: int, y: int, s: int) -> bool:  # cell (x, y)'s side s drawn (the field's edge is)
        return 0 <= x < grid.width and 0 <= y < grid.height and not drawn[grid.id(x, y)] >> s & 1

    runs: list[tuple[tuple[float, float, float], tuple[float, float]]] = []
    near, far = BRIDGE, 1 - BRIDGE
    short, beyond = BRIDGE - GAP, 1 - BRIDGE + GAP  # where the tunnel's walls stop, short of the bridge
    for cell, way in bridges:
        x, y = grid.xy(cell)
        if way == "EW":  # the passage over runs north-south: its walls are vertical lines
            through = [((0.0, 1.0, x + near), (y, y + 1)), ((0.0, 1.0, x + far), (y, y + 1))]
            # a mouth continues a wall at its corner: alone, a wall's stub read as a speck of dust
            mouths = [
                ((1.0, 0.0, -row), span)
                for row, n in ((y, 0), (y + 1, 2))
                for span, joined in (
                    ((x, x + short), wall(x - 1, y, n) or wall(x, 2 * row - y - 1, 3)),
                    ((x + beyond, x + 1), wall(x + 1, y, n) or wall(x, 2 * row - y - 1, 1)),
                )
                if joined
            ]
        else:
            through = [((1.0, 0.0, -(y + near)), (x, x + 1)), ((1.0, 0.0, -(y + far)), (x, x + 1))]
            mouths = [
                ((0.0, 1.0, col), span)
                for col, n in ((x, 3), (x + 1, 1))
                for span, joined in (
                    ((y, y + short), wall(x, y - 1, n) or wall(2 * col - x - 1, y, 0)),
                    ((y + beyond, y + 1), wall(x, y + 1, n) or wall(2 * col - x - 1, y, 2)),
                )
                if joined
            ]
        runs += [((ux, uy, round(at + 0.0, 6)), span) for (ux, uy, at), span in through + mouths]
    return bytes(drawn), runs


def _merged(spans: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Intervals that touch or overlap joined, in order."""
    spans = sorted(spans)
    out = [spans[0]]
    for a, b in spans[1:]:
        if a <= out[-1][1] + 1e-6:
            out[-1] = (out[-1][0], max(out[-1][1], b))
        else:
            out.append((a, b))
    return out


def arc_point(arc: Arc, turn: float) -> Point:
    cx, cy, radius = arc[0], arc[1], arc[2]
    angle = 2 * math.pi * turn
    return cx + radius * math.sin(angle), cy - radius * math.cos(angle)


def arc_beziers(arc: Arc) -> list[tuple[Point, Point, Point, Point]]:
    """The arc as cubic Bezier curves of at most a quarter turn each (the usual k = 4/3 tan(a/4)
    control points), for PDF, whose paths have no arcs."""
    radius, t0, t1 = arc[2], arc[3], arc[4]
    pieces = max(1, math.ceil((t1 - t0) * 4 - 1e-9))
    step = (t1 - t0) / pieces
    k = 4 / 3 * math.tan(math.pi * step / 2)
    out = []
    for i in range(pieces):
        a, b = t0 + i * step, t0 + (i + 1) * step
        (x0, y0), (x3, y3) = arc_point(arc, a), arc_point(arc, b)
        # tangents, clockwise on the page (y down): d/dt of (sin, -cos) is (cos, sin)
        ta, tb = 2 * math.pi * a, 2 * math.pi * b
        p1 = (x0 + k * radius * math.cos(ta), y0 + k * radius * math.sin(ta))
        p2 = (x3 - k * radius * math.cos(tb), y3 - k * radius * math.sin(tb))
        out.append(((x0, y0), p1, p2, (x3, y3)))
    return out


def arc_points(arc: Arc, step: float = 1 / 180) -> list[Point]:
    """The arc as points at most ``step`` of a turn apart (two degrees), for pictures."""
    pieces = max(1, math.ceil((arc[4] - arc[3]) / step))
    return [arc_point(arc, arc[3] + (arc[4] - arc[3]) * i / pieces) for i in range(pieces + 1)]


def all_walls(puzzle: Puzzle) -> tuple[list[tuple[float, float, float, float]], list[Arc]]:
    """The walls of any maze in cells (y down), the ends' openings left out: straight runs, and arcs
    (only circles have those)."""
    if isinstance(puzzle.maze, GraphMaze):
        return field_sides(puzzle)
    runs = [(float(a), float(b), float(c), float(d)) for a, b, c, d in wall_runs(puzzle.maze, gaps(puzzle))]
    return runs, []


def opening(puzzle: Puzzle, role: str) -> tuple[Point, Point, int] | None:
    """Where the start's or end's opening lies: its middle and the unit vector pointing out of the maze,
    both in cells (y down), and the nearest of N, S, E, W to that vector, by which words are placed.
    None for an end inside the maze."""
    cell = puzzle.start if role == "start" else puzzle.end
    side = puzzle.sides[0 if role == "start" else 1]
    if cell is None or side is None or into_hole(puzzle, role):
        return None
    if not isinstance(puzzle.maze, GraphMaze):
        x, y = cell
        return (x + 0.5 + DX[side] * 0.5, y + 0.5 + DY[side] * 0.5), (DX[side], DY[side]), side
    grid = puzzle.maze.grid
    edge = grid.kind.side(*cell, side)
    assert edge is not None
    cx, cy = grid.kind.centre(*cell)
    if edge.radius:  # an arc: its middle, and the radius through it, away from the cell's centre
        mx, my = edge.middle
        ux, uy = (mx - edge.around[0]) / edge.radius, (my - edge.around[1]) / edge.radius
    else:
        (x0, y0), (x1, y1) = edge.start, edge.end
        length = math.hypot(x1 - x0, y1 - y0)
        ux, uy = (y1 - y0) / length, (x0 - x1) / length  # perpendicular to the side...
        mx, my = (x0 + x1) / 2, (y0 + y1) / 2
    if (mx - cx) * ux + (my - cy) * uy < 0:  # ...pointing away from the cell's centre
        ux, uy = -ux, -uy
    nearest = (E if ux > 0 else W) if abs(ux) >= abs(uy) else (S if uy > 0 else N)
    return (mx, my), (ux, uy), nearest


def into_hole(puzzle: Puzzle, role: str) -> bool:
    """Whether an end opens into a hole in the field's middle (a circle's start round its hole): its
    badge stands in the hole, at the field's centre (``middle``), and its line is drawn from there."""
    return hole_radius(puzzle, role) > 0


def hole_radius(puzzle: Puzzle, role: str) -> float:
    """How far from the field's centre the hole an end opens into reaches, in grid units (a circle's
    first ring's inner radius); 0 for an end that opens onto the outside, or is marked inside."""
    cell = puzzle.start if role == "start" else puzzle.end
    side = puzzle.sides[0 if role == "start" else 1]
    if cell is None or side is None or not isinstance(puzzle.maze, GraphMaze):
        return 0.0
    grid = puzzle.maze.grid
    if side in grid.outer_sides(grid.id(*cell)):
        return 0.0
    edge = grid.kind.side(*cell, side)
    return edge.radius if edge is not None else 0.0


def middle(puzzle: Puzzle) -> Point:
    """The field's middle, in grid units: a circle's centre."""
    w, h = extent(puzzle.maze)
    return w / 2, h / 2


def centre(puzzle: Puzzle, cell: Cell) -> Point:
    if isinstance(puzzle.maze, GraphMaze):
        return puzzle.maze.grid.kind.centre(*cell)
    return cell[0] + 0.5, cell[1] + 0.5


def inradius(puzzle: Puzzle, cell: Cell) -> float:
    """How far a cell's centre (``centre``) is from its nearest side, in grid units: the largest disc
    there that no wall crosses (half a square; on a ring by a circle's hole, half the ring's depth)."""
    if not isinstance(puzzle.maze, GraphMaze):
        return 0.5
    kind = puzzle.maze.grid.kind
    cx, cy = kind.centre(*cell)
    nearest = math.inf
    for slot in range(kind.slots):
        side = kind.side(*cell, slot)
        if side is None:
            continue
        if side.radius:  # an arc: the centre lies within its span, so its distance is along the radius
            nearest = min(nearest, abs(math.hypot(cx - side.around[0], cy - side.around[1]) - side.radius))
            continue
        (x0, y0), (x1, y1) = side.start, side.end
        dx, dy = x1 - x0, y1 - y0
        along = max(0.0, min(1.0, ((cx - x0) * dx + (cy - y0) * dy) / (dx * dx + dy * dy or 1.0)))
        nearest = min(nearest, math.hypot(cx - x0 - along * dx, cy - y0 - along * dy))
    return nearest if nearest < math.inf else 0.5


def gaps(puzzle: Puzzle) -> set[tuple[int, int, int]]:
    """(x, y, side) of the outer walls left open for the start and the end."""
    out = set()
    for cell, side in zip((puzzle.start, puzzle.end), puzzle.sides, strict=True):
        if cell is not None and side is not None:
            out.add((*cell, side))
    return out


OUTLINE = 2.0
"""How many times a wall's weight a shaped maze's outline is drawn: the shape (a heart, a child's name)
reads first and the corridors inside it second."""


def outline_runs(puzzle: Puzzle, cell: float) -> list[tuple[float, float, float, float]]:
    """The walls between a cell of a shaped maze (a mask, a shape, a word) and the paper outside it, as
    runs (x0, y0, x1, y1) in the grid's units, y down, the openings of its ends left out; none for a
    whole field, whose border is its outline already. A word's accents and dots drawn large, at
    ``cell`` points a cell, are outlined with it (``accents.mark_outlines``)."""
    maze = puzzle.maze
    if not maze.grid.masked:
        return []
    if isinstance(maze, GraphMaze):
        return field_sides(puzzle, outline=True)[0] + mark_outlines(puzzle, cell)
    lines: dict[tuple[int, int], list[tuple[float, float]]] = {}  # (0 across or 1 down, at) -> spans
    open_sides = gaps(puzzle)
    inside = maze.grid.inside
    for y in range(maze.height):
        for x in range(maze.width):
            at = maze.grid.index(x, y)
            if not inside[at] or (x, y) in puzzle.joins:  # a word's joins: its letters outlined apart
                continue
            for side, step, line, span in (
                (N, -maze.grid.stride, (0, y), (x, x + 1)),
                (S, maze.grid.stride, (0, y + 1), (x, x + 1)),
                (W, -1, (1, x), (y, y + 1)),
                (E, 1, (1, x + 1), (y, y + 1)),
            ):
                if not inside[at + step] and (x, y, side) not in open_sides:
                    lines.setdefault(line, []).append(span)
    for x0, y0, x1, y1 in mark_outlines(puzzle, cell):
        lines.setdefault((0, int(y0)) if y0 == y1 else (1, int(x0)), []).append(
            (x0, x1) if y0 == y1 else (y0, y1)
        )
    runs: list[tuple[float, float, float, float]] = []
    for (down, at), spans in sorted(lines.items()):
        for a, b in _merged(spans):
            runs.append((at, a, at, b) if down else (a, at, b, at))
    return runs


def inside_areas(puzzle: Puzzle) -> list[tuple[tuple[float, float], ...]]:
    """The cells of a shaped maze as polygons in the grid's units (y down), to tint its inside: on
    squares, each row's runs of cells as one rectangle; on other grids, each cell's corners. A word's
    joins stay paper, so its letters read as letters (``outline_runs``)."""
    maze = puzzle.maze
    joins = puzzle.joins
    if isinstance(maze, GraphMaze):
        shape = maze.grid.kind
        return [tuple(shape.corners(x, y)) for x, y in maze.grid.cells if (x, y) not in joins]
    inside, index = maze.grid.inside, maze.grid.index
    return row_runs(
        {(x, y) for y in range(maze.height) for x in range(maze.width) if inside[index(x, y)]} - joins
    )


UNDER_GAP = 0.12
"""How far, in cell widths, the answer line stops short of a bridge's walls where it runs under them."""


def woven(puzzle: Puzzle) -> bool:
    """Whether a maze weaves: drawn with bridges, thinner walls and an answer line broken under them."""
    return isinstance(puzzle.maze, GraphMaze) and puzzle.maze.grid.kind.name == "weave"


def solution_lines(puzzle: Puzzle) -> list[list[tuple[float, float]]]:
    """The solution as the lines to draw: ``solution_line`` in one piece, but broken where it runs
    under a weave maze's bridge, each piece ending ``UNDER_GAP`` before the bridge's walls, so the
    line reads as passing beneath them."""
    if not woven(puzzle):
        whole = solution_line(puzzle)
        return [whole] if whole else []
    line = solution_line(puzzle, corners=False)
    if not line:
        return []
    cut = 0.5 - BRIDGE + UNDER_GAP
    pieces = [[line[0]]]
    for (px, py), (qx, qy) in pairwise(line):
        if abs(qx - px) + abs(qy - py) > 1.5:  # two cells apart: a tunnel, under the cell between
            ux, uy = (qx - px) / 2, (qy - py) / 2
            mx, my = px + ux, py + uy
            pieces[-1].append((mx - ux * cut, my - uy * cut))
            pieces.append([(mx + ux * cut, my + uy * cut)])
        pieces[-1].append((qx, qy))
    return [_corners(piece) for piece in pieces]


def solution_line(puzzle: Puzzle, corners: bool = True) -> list[tuple[float, float]]:
    """The solution through cell centres (grid units, y down), corners only, extended out through the
    openings so it meets the start and end arrows; every centre with ``corners=False``."""
    maze, route = puzzle.maze, puzzle.route
    squares = corners and route and isinstance(maze, Maze)
    if squares and isinstance(maze, Maze):  # the centres of the cells where it turns, by their indices
        stride = maze.grid.stride
        points = [(cell % stride - 0.5, cell // stride - 0.5) for cell in _turns(route or ())]
    else:
        cells = puzzle.solution or []
        points = [centre(puzzle, cell) for cell in cells]
        if isinstance(maze, GraphMaze) and maze.grid.kind.name == "circle":
            points = _along_rings(maze, cells, points)
    if not points:
        return []
    for role in ("start", "end"):
        spot = opening(puzzle, role)
        if spot is not None:
            points.insert(0 if role == "start" else len(points), spot[0])
        elif into_hole(puzzle, role):  # from the badge in the hole's centre, out through its opening
            points.insert(0 if role == "start" else len(points), middle(puzzle))
    if squares and len(points) > 4:  # every turn between is a corner: only the ends can join straight
        return [*_corners(points[:3])[:-1], *points[2:-2], *_corners(points[-3:])[1:]]
    return _corners(points) if corners else points


def _turns(route: Sequence[int]) -> list[int]:
    """The cells of a route where it turns (its index steps change), with its first and last: on
    squares the centres between lie on straight runs, which ``_corners`` would drop anyway (it still
    decides where the openings join)."""
    steps = [b - a for a, b in pairwise(route)]
    turns = [
        cell for cell, before, after in zip(route[1:], steps, steps[1:], strict=False) if before != after
    ]
    return [route[0], *turns, route[-1]] if len(route) > 1 else [route[0]]


def _along_rings(maze: GraphMaze, cells: list[Cell], points: list[Point]) -> list[Point]:
    """A circle's solution follows its corridors: along a ring, points of the arc through its cells'
    centres (two degrees apart); from ring to ring, along the inner ring to the outer cell's angle and
    straight out from there, through the middle of the opening between them (the outer cell's span, a
    part of the inner cell's). From centre to centre, the line cut across the opening's edge, by the end
    of the wall between the inner cell's two neighbours outside it: a 16-ring key's line lay over 39 pt
    of wall there, and a parent could not tell it from a way through the wall."""
    counts = maze.grid.kind.counts(maze.grid.width)  # type: ignore[attr-defined]
    rings = float(maze.grid.width)

    def along(ring: int, a: float, b: float) -> list[Point]:
        """The arc of ``ring``'s centres from turn ``a`` to turn ``b``, the short way, both ends in."""
        b += 1 if b - a < -0.5 else -1 if b - a > 0.5 else 0
        arc = arc_points((rings, rings, ring + 0.5, min(a, b), max(a, b)))
        return arc if a <= b else arc[::-1]

    out = [points[0]]
    for (ring, k), (other, j), point in zip(cells, cells[1:], points[1:], strict=False):
        a, b = (k + 0.5) / counts[ring], (j + 0.5) / counts[other]
        if ring == other and counts[ring] > 1:
            out += along(ring, a, b)[1:-1]
        elif abs(a - b) < 1e-9:  # straight out or in: the outer cell is the inner one's only neighbour there
            pass
        elif ring < other and counts[ring] > 1:  # out: round the inner ring to the opening, then out
            out += along(ring, a, b)[1:]
        elif ring > other and counts[other] > 1:  # in: through the opening, then round the inner ring
            out += along(other, a, b)[:-1]
        out.append(point)
    return out


def _corners(points: list[tuple[float, float]]) -> list[tuple[float, float]]:
    if len(points) < 3:
        return points
    out = [points[0]]
    for a, b, c in zip(points, points[1:], points[2:], strict=False):
        if abs((b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0])) > 1e-9:
            out.append(b)
    out.append(points[-1])
    return out
