"""What to draw for a maze, as plain numbers: wall runs, the solution line, start and end marks.

Pure geometry with no PDF library, shared by every output format and testable on its own. Coordinates are
in points with y up; ``(x, y)`` of a frame is the bottom-left corner of the maze's outer wall.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterator
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from functools import lru_cache

from ..graph import GraphMaze, Topology
from ..grid import DX, DY, E, N, S, W
from ..maze import Maze
from ..paths import reach as cell_reach
from ..puzzles import Puzzle
from ..solve import Cell

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


def field_sides(puzzle: Puzzle) -> tuple[list[tuple[float, float, float, float]], list[Arc]]:
    """Every wall of a maze on any kind of grid once, in the kind's units (y down), the openings of its
    ends left out: straight sides on one line merged into long runs, and arcs on one circle merged into
    the runs of walled cells along a ring."""
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
    for cell in range(grid.count):
        bits = passages[cell]
        base = cell * k
        for s in range(k):
            other = nbr[base + s]
            if (other >= 0 and (other < cell or bits >> s & 1)) or (cell, s) in openings:
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
    if cell is None or side is None:
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


def centre(puzzle: Puzzle, cell: Cell) -> Point:
    if isinstance(puzzle.maze, GraphMaze):
        return puzzle.maze.grid.kind.centre(*cell)
    return cell[0] + 0.5, cell[1] + 0.5


def gaps(puzzle: Puzzle) -> set[tuple[int, int, int]]:
    """(x, y, side) of the outer walls left open for the start and the end."""
    out = set()
    for cell, side in zip((puzzle.start, puzzle.end), puzzle.sides, strict=True):
        if cell is not None and side is not None:
            out.add((*cell, side))
    return out


_NO_SOUTH = bytes(0 if b & S else 1 for b in range(256))
_NO_EAST = bytes(0 if b & E else 1 for b in range(256))
_RUN = re.compile(rb"\x01+")


def _or(a: bytes, b: bytes) -> bytes:
    return (int.from_bytes(a, "little") | int.from_bytes(b, "little")).to_bytes(len(a), "little")


def _and(a: bytes, b: bytes) -> bytes:
    return (int.from_bytes(a, "little") & int.from_bytes(b, "little")).to_bytes(len(a), "little")


def wall_runs(
    maze: Maze, open_sides: AbstractSet[tuple[int, int, int]] = frozenset()
) -> list[tuple[int, int, int, int]]:
    """Every wall as few long straight runs (x0, y0, x1, y1) in grid corners, y down: see ``wall_lines``."""
    runs: list[tuple[int, int, int, int]] = []
    for line in wall_lines(maze, open_sides):
        runs += line
    return runs


def wall_lines(
    maze: Maze, open_sides: AbstractSet[tuple[int, int, int]] = frozenset()
) -> Iterator[list[tuple[int, int, int, int]]]:
    """The wall runs of one line of the grid at a time, so a huge maze's picture never holds them all.

    A wall stands between two slots of the padded grid when at least one is a cell and the first has no
    passage towards the second; outside slots have no passages, so the border and the edges of a mask
    come out of the same rule, and the openings are then taken out. Whole rows are computed at once with
    byte tables, and runs are found with a regular expression, so a 30x30 maze costs a few dozen
    operations in Python rather than 1,800.
    """
    grid = maze.grid
    w, h, stride = maze.width, maze.height, grid.stride
    passages, inside = maze.passages, grid.inside
    for line in range(h + 1):  # the horizontal line above row `line`, between slots of rows line-1, line
        upper = grid.index(0, line - 1)
        lower = upper + stride
        flags = bytearray(
            _and(
                _or(inside[upper : upper + w], inside[lower : lower + w]),
                passages[upper : upper + w].translate(_NO_SOUTH),
            )
        )
        for x, y, side in open_sides:
            if (side == N and y == line) or (side == S and y + 1 == line):
                flags[x] = 0
        yield [(m.start(), line, m.end(), line) for m in _RUN.finditer(flags)]
    columns = bytearray()  # for every row, the w+1 vertical lines: row-major, read back column by column
    for y in range(h):
        left = grid.index(-1, y)
        columns += _and(
            _or(inside[left : left + w + 1], inside[left + 1 : left + w + 2]),
            passages[left : left + w + 1].translate(_NO_EAST),
        )
    for x, y, side in open_sides:
        if side in (E, W):
            columns[y * (w + 1) + x + (side == E)] = 0
    for line in range(w + 1):
        yield [(line, m.start(), line, m.end()) for m in _RUN.finditer(columns[line :: w + 1])]


def solution_line(puzzle: Puzzle) -> list[tuple[float, float]]:
    """The solution through cell centres (grid units, y down), corners only, extended out through the
    openings so it meets the start and end arrows."""
    cells = puzzle.solution
    if not cells:
        return []
    points = [centre(puzzle, cell) for cell in cells]
    if isinstance(puzzle.maze, GraphMaze) and puzzle.maze.grid.kind.name == "circle":
        points = _along_rings(puzzle.maze, cells, points)
    for index, role in ((0, "start"), (-1, "end")):
        spot = opening(puzzle, role)
        if spot is not None:
            if index == 0:
                points.insert(0, spot[0])
            else:
                points.append(spot[0])
    return _corners(points)


def _along_rings(maze: GraphMaze, cells: list[Cell], points: list[Point]) -> list[Point]:
    """A circle's solution bends along each ring it follows: between two cells of one ring, points of
    the arc through their centres (two degrees apart), so the line curves as the corridor does."""
    counts = maze.grid.kind.counts(maze.grid.width)  # type: ignore[attr-defined]
    rings = maze.grid.width
    out = [points[0]]
    for (ring, k), (other_ring, j), point in zip(cells, cells[1:], points[1:], strict=False):
        if ring == other_ring and counts[ring] > 1:
            n = counts[ring]
            a, b = (k + 0.5) / n, (j + 0.5) / n
            b += 1 if b - a < -0.5 else -1 if b - a > 0.5 else 0  # the short way round
            arc = (float(rings), float(rings), ring + 0.5, min(a, b), max(a, b))
            middle = arc_points(arc)[1:-1]
            out += middle if a < b else middle[::-1]
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


@dataclass(frozen=True)
class Mark:
    """A start or end sign: an arrow outside an opening, or a letter/dot on an inner cell."""

    kind: str  # "arrow" or "inner"
    role: str  # "start" or "end"
    polygon: tuple[Point, ...] = ()
    center: Point = (0.0, 0.0)
    radius: float = 0.0
    label: tuple[float, float, str] | None = None  # baseline x, y and alignment of the word
    word: str = ""  # "Start" or "Finish"
    size: float = 0.0  # its text size; 0 when it does not fit beside the arrow
    picture: tuple[float, float, float] | None = None  # bottom-left x, y and size of its picture
    mirror: bool = False  # the picture faces left, towards the maze


Measure = Callable[[str, float], float]
WORDS = ("Start", "Finish")


def marks(
    puzzle: Puzzle,
    place: Placement,
    size: float,
    measure: Measure | None = None,
    largest: float = 12.0,
    words: tuple[str, str] = WORDS,
    picture: float = 0.0,
) -> list[Mark]:
    """Arrows for ends on the border (pointing in at the start, out at the end), dots otherwise.

    ``measure(word, size)`` gives a word's width in points; with it, each word gets the largest size up
    to ``label_size(size)`` that keeps it within the room beside the maze, or none below 7 pt. Two ends
    so close that their pictures and words would run into each other get arrows and words alone."""
    out = _marks(puzzle, place, size, measure, largest, words, picture)
    if picture and _collide(out, measure):
        return _marks(puzzle, place, size, measure, largest, words, 0.0)
    return out


def sign_boxes(mark: Mark, measure: Measure | None) -> list[tuple[float, float, float, float]]:
    """The boxes an end's sign covers on the page (x0, y0, x1, y1): its arrow, picture and word."""
    found = []
    if mark.polygon:
        xs, ys = [p[0] for p in mark.polygon], [p[1] for p in mark.polygon]
        found.append((min(xs), min(ys), max(xs), max(ys)))
    if mark.picture:
        x, y, side = mark.picture
        found.append((x, y, x + side, y + side))
    if mark.label:
        width = measure(mark.word, mark.size) if measure else 0.6 * mark.size * len(mark.word)
        found.append(_word_box(mark.label, mark.size, width))
    return found


def _collide(out: list[Mark], measure: Measure | None) -> bool:
    """Whether the two ends' signs (arrow, picture, word) overlap."""
    if len(out) < 2:
        return False
    return any(
        a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]
        for a in sign_boxes(out[0], measure)
        for b in sign_boxes(out[1], measure)
    )


def _marks(
    puzzle: Puzzle,
    place: Placement,
    size: float,
    measure: Measure | None,
    largest: float,
    words: tuple[str, str],
    picture: float,
) -> list[Mark]:
    out = []
    covers: Callable[[tuple[float, float, float, float]], bool] | None = None  # made when first needed
    ends = {"start": puzzle.start, "end": puzzle.end}
    for (role, cell), word in zip(ends.items(), words, strict=True):
        if cell is None:
            continue
        x, y = cell
        spot_of = opening(puzzle, role)
        if spot_of is None:
            cx, cy = place.point(*centre(puzzle, cell))
            out.append(Mark("inner", role, center=(cx, cy), radius=place.cell * 0.32))
            continue
        middle_of, outward, side = spot_of
        other_spot = opening(puzzle, "end" if role == "start" else "start")
        polygon = _arrow(place, middle_of, outward, role == "start", size)
        other = ends["end" if role == "start" else "start"]
        other_side = other_spot[2] if other_spot else None
        # Put the word away from the other end when both are on one side, so they never collide, and
        # otherwise towards the middle of the maze, so a word by a corner stays by the maze.
        if isinstance(puzzle.maze, GraphMaze) and puzzle.maze.grid.kind.name == "circle":
            # a rim curves away from its arrows: the word goes on the side where the rim falls away
            width, height = extent(puzzle.maze)
            away = middle_of[0] < width / 2 if side in (N, S) else middle_of[1] > height / 2
        elif side in (N, S):
            away = other[0] > x if other is not None and other_side == side else x >= puzzle.maze.width / 2
        else:
            away = other is not None and other[1] < y
        spot = _picture_spot(place, middle_of, outward, size, picture) if picture else None
        if spot and puzzle.maze.grid.masked:  # a shape's outline may come back round beyond the arrow
            covers = covers or _covering(puzzle.maze, place)
            if covers((spot[0], spot[1], spot[0] + spot[2], spot[1] + spot[2])):
                spot = None  # a picture on the maze's walls: the arrow and its word alone
        text = _word_size(word, side, size, place.cell, picture if spot else 0.0, largest, measure)
        if spot:  # the word goes with the picture: under it, or beside it away from the other end
            label = _word_by_picture(spot, side, text, not away)
            if label and measure is not None and puzzle.maze.grid.masked:
                covers = covers or _covering(puzzle.maze, place)
                if covers(_word_box(label, text, measure(word, text))):
                    label = None  # the picture says which end it is
        else:
            label = _label_spot(polygon, side, text, flip=away)
            if label and measure is not None and puzzle.maze.grid.masked:
                covers = covers or _covering(puzzle.maze, place)
                width = measure(word, text)
                w, h = extent(puzzle.maze)
                room = (
                    place.x - size,
                    place.y - size,
                    place.x + w * place.cell + size,
                    place.y + h * place.cell + size,
                )
                label = _clear_of_shape(covers, polygon, side, outward, text, width, away, room)
        out.append(
            Mark(
                "arrow",
                role,
                polygon=polygon,
                label=label,
                word=word,
                size=text,
                picture=spot,
                mirror=side == E,
            )
        )
    return out


def _word_size(
    word: str,
    side: int,
    size: float,
    cell: float,
    picture: float,
    largest: float,
    measure: Measure | None,
) -> float:
    """The word's text size: as big as the arrow (or its picture) allows, and fitted into the room
    where it runs into it (beside a sideways arrow, or under a picture); 0 below 7 pt."""
    text = label_size(max(size, picture), largest)
    if text and measure is not None and (side in (E, W) or picture):
        text = min(text, text * word_room(size, cell, picture) / max(measure(word, text), 1e-9))
        text = text if text >= 7 else 0.0
    return text


def _picture_spot(
    place: Placement, middle: Point, outward: Point, size: float, picture: float
) -> tuple[float, float, float]:
    """The picture's box beyond the arrow, on the arrow's line: the mouse runs in, the cheese waits out."""
    mx, my = place.point(*middle)
    d = size + 2 + picture / 2
    cx, cy = mx + outward[0] * d, my - outward[1] * d
    return cx - picture / 2, cy - picture / 2, picture


def word_room(size: float, cell: float, picture: float = 0.0) -> float:
    """How wide a word by an arrow may be: the room around the maze less the arrow's gap, or with a
    picture, the picture's width and a little."""
    return picture + 4 if picture else size - arrow_gap(cell)


def arrow_gap(cell: float) -> float:
    """Between the outer wall and its arrow: an eighth of the cell, at most 6 pt, so that on a poster's
    few big cells the arrow and its word keep the room instead of a wide gap."""
    return max(1.5, min(cell * 0.12, 6.0))


def _word_by_picture(
    spot: tuple[float, float, float], side: int, size: float, rightwards: bool
) -> tuple[float, float, str] | None:
    """Under the picture when it sits left or right of the maze; beside it, on the side towards the
    maze's middle, when it sits above or below."""
    if not size:
        return None
    x, y, picture = spot
    if side in (E, W):
        return x + picture / 2, y - size * 1.05, "center"
    middle = y + picture / 2 - size * 0.35
    return (x + picture + size * 0.3, middle, "left") if rightwards else (x - size * 0.3, middle, "right")


def label_size(mark: float, largest: float = 12.0) -> float:
    """Text size of the Start/Finish words beside an arrow of size ``mark``: the word must fit in the
    room around the maze, so a small room gets arrows alone (0) rather than text too small to print."""
    size = min(largest, mark * 0.3)
    return size if size >= 7 else 0.0


def _label_spot(
    polygon: tuple[Point, ...], side: int, size: float, flip: bool = False
) -> tuple[float, float, str] | None:
    """Beside the arrow: above it (below when ``flip``) when it points sideways, to its right (left)
    when it points up or down."""
    if not size:
        return None
    xs, ys = [p[0] for p in polygon], [p[1] for p in polygon]
    if side in (E, W):  # keep the word in the room beside the maze, clear of its wall
        y = min(ys) - size * 1.05 if flip else max(ys) + size * 0.35
        return (max(xs), y, "right") if side == W else (min(xs), y, "left")
    middle = (min(ys) + max(ys)) / 2 - size * 0.35
    return (min(xs) - size * 0.4, middle, "right") if flip else (max(xs) + size * 0.4, middle, "left")


def _clear_of_shape(
    covers: Callable[[tuple[float, float, float, float]], bool],
    polygon: tuple[Point, ...],
    side: int,
    outward: Point,
    size: float,
    width: float,
    away: bool,
    room: tuple[float, float, float, float],
) -> tuple[float, float, str] | None:
    """Where a shaped maze's word goes: its outline may come back round beside the arrow (a fish's
    belly, the letters of a name), so the word takes the first spot that covers none of its cells nor
    its arrow: beside the arrow, beside it on the other side, or beyond its far end where that is still
    in the ``room`` round the maze (in a bay of its outline). With none clear it is left out; the arrow
    says enough."""
    xs, ys = [p[0] for p in polygon], [p[1] for p in polygon]
    gap = size * 0.4
    ux, uy = outward[0], -outward[1]  # on the page, y up
    if abs(ux) < 1e-9 or abs(uy) < 1e-9:  # straight out of a side of squares
        beyond = {
            W: (min(xs) - gap, (min(ys) + max(ys)) / 2 - size * 0.35, "right"),
            E: (max(xs) + gap, (min(ys) + max(ys)) / 2 - size * 0.35, "left"),
            N: ((min(xs) + max(xs)) / 2, max(ys) + size * 0.35, "center"),
            S: ((min(xs) + max(xs)) / 2, min(ys) - size * 1.05, "center"),
        }[side]
    else:  # slanting out of a hexagon's or a triangle's side: the word's middle in line with the arrow
        fx, fy = max(polygon, key=lambda p: p[0] * ux + p[1] * uy)
        reach = gap + abs(ux) * width / 2 + abs(uy) * size * 0.525
        beyond = (fx + ux * reach, fy + uy * reach - size * 0.275, "center")
    arrow = (min(xs), min(ys), max(xs), max(ys))
    far = _word_box(beyond, size, width)
    inside = room[0] <= far[0] and room[1] <= far[1] and far[2] <= room[2] and far[3] <= room[3]
    spots = (_label_spot(polygon, side, size, away), _label_spot(polygon, side, size, not away))
    for spot in (*spots, beyond) if inside else spots:
        if spot is None:
            continue
        box = _word_box(spot, size, width)
        if not covers(box) and not _overlap(box, arrow):
            return spot
    return None


def _overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _word_box(spot: tuple[float, float, str], size: float, width: float) -> tuple[float, float, float, float]:
    """The page box a word set at ``spot`` (baseline x, y and alignment) takes, descenders included."""
    x, y, align = spot
    left = x - width if align == "right" else x - width / 2 if align == "center" else x
    return left, y - size * 0.25, left + width, y + size * 0.8


def _covering(
    maze: Maze | GraphMaze, place: Placement
) -> Callable[[tuple[float, float, float, float]], bool]:
    """Whether a page box touches a cell of the maze, or a wall round one (1 pt, about half a wall)."""
    pad = 1.0 / place.cell

    def in_cells(box: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
        """The box in the grid's units (y down), padded."""
        return (
            (box[0] - place.x) / place.cell - pad,
            place.height - (box[3] - place.y) / place.cell - pad,
            (box[2] - place.x) / place.cell + pad,
            place.height - (box[1] - place.y) / place.cell + pad,
        )

    if isinstance(maze, Maze):
        off = maze.grid.masked

        def squares(box: tuple[float, float, float, float]) -> bool:
            x0, y0, x1, y1 = in_cells(box)
            return any(
                (x, y) not in off
                for y in range(max(0, math.floor(y0)), min(maze.height, math.ceil(y1)))
                for x in range(max(0, math.floor(x0)), min(maze.width, math.ceil(x1)))
            )

        return squares
    # any other kind: each cell a disc round its centre as far as its corners reach, the centres filed
    # by the unit square they fall in
    reach = cell_reach(maze.grid)
    kind = maze.grid.kind
    filed: dict[tuple[int, int], list[Point]] = {}
    for x, y in maze.grid.cells:
        cx, cy = kind.centre(x, y)
        filed.setdefault((math.floor(cx), math.floor(cy)), []).append((cx, cy))

    def cells(box: tuple[float, float, float, float]) -> bool:
        x0, y0, x1, y1 = in_cells(box)
        for gy in range(math.floor(y0 - reach), math.floor(y1 + reach) + 1):
            for gx in range(math.floor(x0 - reach), math.floor(x1 + reach) + 1):
                for cx, cy in filed.get((gx, gy), ()):
                    dx = max(x0 - cx, 0.0, cx - x1)
                    dy = max(y0 - cy, 0.0, cy - y1)
                    if dx * dx + dy * dy < reach * reach:
                        return True
        return False

    return cells


def _arrow(place: Placement, middle: Point, outward: Point, inward: bool, size: float) -> tuple[Point, ...]:
    """A solid arrow in the margin, in line with the opening, as wide as the corridor allows."""
    # the middle of the opening, in page points, and the outward unit vector
    mx, my = place.point(*middle)
    ux, uy = outward[0], -outward[1]  # y flips on the page
    vx, vy = -uy, ux  # across the arrow
    gap = arrow_gap(place.cell)
    length = max(size - gap, 4.0)
    half = min(max(place.cell * 0.5, 3.0), length * 0.42)
    shaft = half * 0.45
    near = gap  # distance from the wall to the arrow's inner end
    far = gap + length
    head = length * 0.5
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
