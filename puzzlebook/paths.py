"""Searches, ends, metrics and braids for mazes on any kind of grid, read from the field's arrays.

The same rules as ``solve``, ``measure`` and ``braid`` apply to squares there (with their padded fast
paths); here they are written once for every ``Topology``: hexagons and triangles now, circles next.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from dataclasses import replace
from functools import lru_cache

from . import braid as squares
from . import measure as metrics
from . import solve
from .apart import longest_apart_preferring
from .axisends import along_axis
from .errors import GenerationError
from .graph import GraphMaze, Topology
from .kinds.circle import IN
from .maze import Maze
from .measure import Metrics
from .openings import clear_sides, opening, outer_cells, roomy_sides
from .shapelimits import SHAPE_SEARCHES, end_room, exact_ends
from .solve import Cell, Ends, longest_between
from .tree import Among


@lru_cache(maxsize=16)
def _open_slots(k: int) -> tuple[tuple[int, ...], ...]:
    """For each passage byte, the slots it opens."""
    return tuple(tuple(s for s in range(k) if bits >> s & 1) for bits in range(256))


def distances(maze: GraphMaze, source: int) -> list[int]:
    """Steps from ``source`` to every cell (-1 where unreachable), breadth first."""
    grid = maze.grid
    k, nbr = grid.slots, grid.nbr
    slots = _open_slots(k)
    passages = maze.passages
    dist = [-1] * grid.count
    dist[source] = 0
    frontier = [source]
    depth = 0
    while frontier:
        depth += 1
        reached = []
        for cell in frontier:
            base = cell * k
            for s in slots[passages[cell]]:
                nxt = nbr[base + s]
                if dist[nxt] < 0:
                    dist[nxt] = depth
                    reached.append(nxt)
        frontier = reached
    return dist


def walk_back(maze: GraphMaze, dist: Sequence[int], target: int) -> list[int]:
    """Cells from ``target`` back to the search's source, one step nearer each time (the lowest slot
    first where loops give a choice)."""
    grid = maze.grid
    k, nbr = grid.slots, grid.nbr
    slots = _open_slots(k)
    cells = [target]
    cell = target
    for d in range(dist[target] - 1, -1, -1):
        for s in slots[maze.passages[cell]]:
            if dist[nbr[cell * k + s]] == d:
                cell = nbr[cell * k + s]
                break
        cells.append(cell)
    return cells


def shortest(maze: Maze | GraphMaze, a: int, b: int) -> list[int]:
    """The cells of a shortest way from cell ``a`` to ``b``, on any grid."""
    if isinstance(maze, Maze):
        return solve.shortest(maze, a, b)
    return walk_back(maze, distances(maze, b), a)


def _farthest(dist: Sequence[int], candidates: list[int]) -> int:
    best = candidates[0]
    for cell in candidates:
        if dist[cell] > dist[best]:
            best = cell
    return best


def _ends(maze: GraphMaze, cells: list[int]) -> Ends:
    grid = maze.grid
    first = opening(grid, cells[0])
    last = opening(grid, cells[-1], first if cells[-1] == cells[0] else None)
    return Ends(grid.xy(cells[0]), grid.xy(cells[-1]), (first, last), cells, grid)  # type: ignore[arg-type]


def choose_ends(
    maze: Maze | GraphMaze,
    rule: str = "suggested",
    axis: str = "",
    first: str = "",
    avoid: AbstractSet[tuple[int, int]] = frozenset(),
    blocked: AbstractSet[tuple[int, int]] = frozenset(),
) -> Ends:
    """The start and end a ``marks`` rule picks, on any grid: the one place ends are chosen.

    Squares take the padded fast path of ``solve.square_ends`` (its rules are told there). A whole field
    of hexagons or triangles takes the squares' ``suggested``: opposite sides, see ``_across_the_field``.
    On a shape or a circle, ``suggested`` is the longest path between two outer cells half the shape's
    width apart, on opposite sides of it where any pair is (``apart``; exact within ``SHAPE_PAIRS``);
    ``farthest``: the two outer cells farthest apart, by a double sweep. Other rules name sides only a
    rectangle has.

    ``axis`` ("left-right" or "top-bottom"), with ``suggested`` on a whole field of squares, hexagons
    or triangles: the longest way between that pair of sides only; on a circle, between the two ends of
    that diameter (``_across_the_rim``). A book with pictures plans their room on one axis
    (``layout.room.picture_axis``) and puts the ends there; shapes keep their rule, but for a name whose
    room was planned on one axis (``MazeRequest.ends_on_axis``), whose ends go on that pair of the box's
    sides (``axisends``; ``first``, the side its first letter is on). Empty: the longest of either pair, as the ``maze`` command takes it.
    ``avoid``: cells of a shape its ends open on only where no other will do (a word's joins, drawn as
    corridors between its letters, where an arrow would point at no letter). ``blocked``: cells out of
    the maze that are drawn all the same (a word's accents and dots), which no end opens towards, on
    squares: an arrow up out of an i pointed into its dot."""
    if axis and rule == "suggested" and isinstance(maze, GraphMaze) and maze.grid.masked:
        on_it = _along_the_axis(maze, axis) if maze.grid.kind.name != "circle" else None
        if on_it is not None:
            return on_it
    elif axis and rule == "suggested":
        if isinstance(maze, Maze) and maze.grid.masked:
            return along_axis(maze, axis, first.startswith("right"), avoid, bool(first), blocked)
        if isinstance(maze, Maze):
            return solve.square_ends(maze, axis)
        if maze.grid.kind.name != "circle":
            return _across_the_field(maze, axis)
        return _across_the_rim(maze, axis)
    if isinstance(maze, Maze):
        return solve.square_ends(maze, rule, first, avoid, blocked)
    grid = maze.grid
    circle = grid.kind.name == "circle"
    if rule == "farthest":
        return _farthest_pair(maze)
    if rule == "center-out" and circle:
        return _centre_out(maze, axis)
    if rule in ("left-right", "top-bottom") and grid.kind.name == "weave":
        return _across_the_field(maze, rule)
    if rule != "suggested":
        raise GenerationError(f'marks "{rule}" names sides of a rectangle; use suggested or farthest')
    if not grid.masked and not circle:
        return _across_the_field(maze)
    outline = outer_cells(grid)
    if not exact_ends(len(outline)):
        return _farthest_pair(maze)
    spots = [grid.centre(cell) for cell in outline]
    xs = [x for x, _ in spots]
    apart = ((max(xs) - min(xs)) / 2) ** 2
    if circle:  # a quarter turn apart on the rim (a chord of the radius times the root of 2)
        apart = 2 * ((max(xs) - min(xs)) / 2) ** 2
    depth, order = _preorder(maze, outline[0])
    clear = [cell for cell in outline if cell in clear_sides(grid) and grid.xy(cell) not in avoid]
    room = roomy_sides(grid, end_room(bool(first))).keys()
    best = longest_apart_preferring(
        clear, outline, dict(zip(outline, spots, strict=True)), apart, order, depth, room, first
    )
    if best is None:
        return _farthest_pair(maze)
    _, start, end = best
    return _ends(maze, _between(maze, depth, start, end))


AXIAL = 0.75
"""Of the way out through a cell's side, the least share along an axis for a shape's end on that axis
to open through it: a hexagon's flat top and its slanting sides (0.87 of the way left or right), a
triangle's flat side and its slanting ones; not an octagon's corners (0.71)."""


def _along_the_axis(maze: GraphMaze, axis: str) -> Ends | None:
    """``suggested`` on a shape of hexagons or octagons whose page planned its arrows' room on ``axis``
    only (``layout.room.on_axis``; a shape of triangles is planned none, its top may be all points):
    the longest way from a side facing the axis's first end (top, left) to one facing its second
    (``AXIAL``), each with room for a picture beyond where the shape has such a pair, else a clear view
    out (``roomy_sides``, ``clear_sides``). Opening anywhere, a honeycomb kept room for arrows on all
    four sides and was drawn a sixth smaller than a square shape. None where no pair faces the axis."""
    grid = maze.grid
    across = 1 if axis == "top-bottom" else 0
    pairs = []
    for outlook in (roomy_sides(grid), clear_sides(grid)):
        ends: tuple[dict[int, tuple[float, int]], dict[int, tuple[float, int]]] = ({}, {})
        for cell, slots in outlook.items():
            centre = grid.centre(cell)
            for slot in slots:
                side = grid.side(cell, slot)
                assert side is not None
                way = (side.middle[0] - centre[0], side.middle[1] - centre[1])
                share = way[across] / (math.hypot(*way) or 1.0)
                if abs(share) >= AXIAL:
                    found = ends[share > 0]
                    found[cell] = max(found.get(cell, (-1.0, 0)), (abs(share), -slot))
        pairs.append(ends)
    first, second = next((pair for pair in pairs if pair[0] and pair[1]), ({}, {}))
    if not (first and second):
        return None
    a_set, b_set = sorted(first), sorted(second)
    depth, order = _preorder(maze, a_set[0])
    _, a, b = longest_between(Among(order, depth, a_set + b_set).from_cell, a_set, b_set, depth)
    sides = (-first[a][1], -second[b][1])
    return Ends(grid.xy(a), grid.xy(b), sides, _between(maze, depth, a, b), grid)  # type: ignore[arg-type]


RIM_SPREAD = 15.0
"""Degrees either side of an axis that a round maze's end may open at when its pictures are planned on
that axis: its arrow and picture then stand in the room planned there, beyond the rim's top and bottom
(or sides), where a portrait page has paper to spare."""


def _across_the_rim(maze: GraphMaze, axis: str) -> Ends:
    """``suggested`` on a circle whose pictures are planned on ``axis``: the longest path between the rim
    cells within ``RIM_SPREAD`` of the axis's two ends (the nearest one to each end where none is), the
    start at the top (left). Exact, from one walk (``solve.longest_between``)."""
    first, second = _by_the_axis(maze.grid, axis)
    depth, order = _preorder(maze, first[0])
    among = Among(order, depth, first + second).from_cell
    _, a, b = longest_between(among, first, second, depth)
    return _ends(maze, _between(maze, depth, a, b))


def _by_the_axis(grid: Topology, axis: str) -> tuple[list[int], list[int]]:
    """A circle's rim cells within ``RIM_SPREAD`` of either end of ``axis`` (the nearest one to each end
    where none is): the top's (left's), then the bottom's (right's)."""
    outline = outer_cells(grid)
    w, h = grid.extent
    cx, cy = w / 2, h / 2

    def bearing(cell: int) -> float:  # degrees from the top, clockwise (y grows downwards)
        x, y = grid.centre(cell)
        return math.degrees(math.atan2(x - cx, cy - y)) % 360

    def near(towards: float) -> list[int]:
        off = {cell: abs((bearing(cell) - towards + 180) % 360 - 180) for cell in outline}
        within = [cell for cell in outline if off[cell] <= RIM_SPREAD]
        return within or [min(outline, key=lambda cell: (off[cell], cell))]

    ends = (0.0, 180.0) if axis == "top-bottom" else (270.0, 90.0)
    return near(ends[0]), near(ends[1])


EDGES = ("left", "right", "top", "bottom")
"""The four edges of a whole field of hexagons or triangles, as ``edge_sides`` names them."""

_OUTWARD = {"left": (-1.0, 0.0), "right": (1.0, 0.0), "top": (0.0, -1.0), "bottom": (0.0, 1.0)}


def edge_sides(grid: Topology) -> dict[str, dict[int, list[int]]]:
    """For a whole field of a lattice kind (hexagons, triangles: no mask), each edge's cells, in reading
    order, and the slots of each that cross it: the left column's, the right column's, and the cells of
    the top and bottom rows with a side on that edge (a triangle pointing up in the top row touches it
    only with its apex, so it has none). A corner hexagon's slanted side crosses two edges."""
    w, h = grid.width, grid.height
    kind = grid.kind
    found: dict[str, dict[int, list[int]]] = {edge: {} for edge in EDGES}
    for cell in outer_cells(grid):
        x, y = grid.xy(cell)
        steps = kind.steps[kind.pattern(x, y)]
        for slot in grid.outer_sides(cell):
            step = steps[slot]
            assert step is not None
            nx, ny = x + step[0], y + step[1]
            for edge, crossed in zip(EDGES, (nx < 0, nx >= w, ny < 0, ny >= h), strict=True):
                if crossed:
                    found[edge].setdefault(cell, []).append(slot)
    return found


def _facing(grid: Topology, cell: int, slots: list[int], edge: str) -> int:
    """Of a cell's slots across ``edge``, the one whose side faces it most squarely (a corner hexagon's
    flat top rather than its slanted side, for the top edge), then the one farther from the middle of
    the field, so the arrow points away from the maze."""
    ex, ey = _OUTWARD[edge]
    cx, cy = grid.centre(cell)
    w, h = grid.extent

    def key(slot: int) -> tuple[float, float, int]:
        side = grid.side(cell, slot)
        assert side is not None
        mx, my = side.middle
        square = ((mx - cx) * ex + (my - cy) * ey) / (math.hypot(mx - cx, my - cy) or 1.0)
        return (round(square, 6), (mx - w / 2) ** 2 + (my - h / 2) ** 2, -slot)

    return max(slots, key=key)


def _across_the_field(maze: GraphMaze, axis: str = "") -> Ends:
    """``suggested`` on a whole field of hexagons or triangles, as on squares (``solve.square_ends``):
    the longest path from the left column to the right column or from the top row to the bottom row,
    the start on the left (top), each end opened on a side across its edge. On a tie, top-bottom for a
    field taller than wide (as drawn), left-right otherwise; within one pair of edges, the pair met
    first; ``axis`` ("left-right", "top-bottom") keeps to that pair. Exact, from one walk of the maze
    (``solve.longest_between``), so as fast as on squares."""
    grid = maze.grid
    edges = edge_sides(grid)
    left, right, top, bottom = (list(edges[edge]) for edge in EDGES)
    depth, order = _preorder(maze, left[0])
    among = Among(order, depth, left + right + top + bottom).from_cell
    found = []
    if axis != "top-bottom" or not (top and bottom):
        found.append((longest_between(among, left, right, depth), ("left", "right")))
    if top and bottom and axis != "left-right":  # a lone triangle has no side on the top edge
        found.append((longest_between(among, top, bottom, depth), ("top", "bottom")))
    w, h = grid.extent
    if len(found) == 2 and h > w:
        found.reverse()  # taller than wide: top-bottom wins a tie
    (_, a, b), (first, second) = max(found, key=lambda item: item[0][0])  # max keeps the first of a tie
    cells = _between(maze, depth, a, b)
    sides = (_facing(grid, a, edges[first][a], first), _facing(grid, b, edges[second][b], second))
    return Ends(grid.xy(a), grid.xy(b), sides, cells, grid)  # type: ignore[arg-type]


def _preorder(maze: GraphMaze, root: int) -> tuple[list[int], list[int]]:
    """Each cell's distance from ``root``, and the cells in depth-first preorder from it (see ``tree``)."""
    grid = maze.grid
    k, nbr = grid.slots, grid.nbr
    slots = _open_slots(k)
    passages = maze.passages
    depth = [-1] * grid.count
    depth[root] = 0
    order: list[int] = []
    add = order.append
    stack = [root]
    push, pop = stack.append, stack.pop
    while stack:
        cell = pop()
        add(cell)
        below, base = depth[cell] + 1, cell * k
        for s in slots[passages[cell]]:
            nxt = nbr[base + s]
            if depth[nxt] < 0:
                depth[nxt] = below
                push(nxt)
    return depth, order


def _between(maze: GraphMaze, depth: list[int], a: int, b: int) -> list[int]:
    """The cells from ``a`` to ``b`` in a tree: each climbs towards the root of ``depth`` until they
    meet (a cell's parent is its one neighbour a step nearer the root)."""
    grid = maze.grid
    k, nbr = grid.slots, grid.nbr
    slots = _open_slots(k)
    from_a, from_b = [a], [b]
    while a != b:
        cell = a if depth[a] >= depth[b] else b
        up = depth[cell] - 1
        for s in slots[maze.passages[cell]]:
            parent = nbr[cell * k + s]
            if depth[parent] == up:
                break
        if cell == a:
            a = parent
            from_a.append(a)
        else:
            b = parent
            from_b.append(b)
    return from_a + from_b[-2::-1]


def _centre_out(maze: GraphMaze, axis: str = "") -> Ends:
    """From the centre (or, round a hole, the cell of its edge that makes the longest way) to the rim
    cell farthest from it by path, the exit opened in the outer circle; with an ``axis`` (a book's page
    planned the exit's room there), of the rim cells by either end of it (``_by_the_axis``): opening
    anywhere, an exit at the circle's side pushed it off the page's middle, and its room planned on all
    four sides drew it a fifth smaller than a circle whose ends were on the axis."""
    grid = maze.grid
    rim = sorted({cell for side in _by_the_axis(grid, axis) for cell in side}) if axis else outer_cells(grid)
    first_ring = grid.xy(0)[0]  # ids run ring by ring from the middle out
    middle = []
    for cell in range(grid.count):
        if grid.xy(cell)[0] != first_ring:
            break
        middle.append(cell)
    if len(middle) * grid.count > SHAPE_SEARCHES:
        middle = middle[:1]
    best: tuple[int, int, list[int]] | None = None
    for start in middle:
        dist = distances(maze, start)
        end = _farthest(dist, rim)
        if best is None or dist[end] > best[0]:
            best = (dist[end], end, dist)
    assert best is not None
    _, end, dist = best
    cells = walk_back(maze, dist, end)[::-1]
    ends = _ends(maze, cells)
    # the start is marked inside: in the centre cell no wall opens; round a hole, its wall onto the hole
    # opens, and the start's badge stands in the hole (a badge in a cell beside it was a fifth of an inch)
    return replace(ends, sides=(IN if first_ring else None, ends.sides[1]))


def _farthest_pair(maze: GraphMaze) -> Ends:
    candidates = outer_cells(maze.grid)
    a = _farthest(distances(maze, candidates[0]), candidates)
    dist = distances(maze, a)
    b = _farthest(dist, candidates)
    cells = walk_back(maze, dist, b)
    if a < b:
        cells.reverse()
    return _ends(maze, cells)


def marked_ends(maze: Maze | GraphMaze, start: Cell, end: Cell) -> Ends:
    """The ends the spec names, and the way between them."""
    if isinstance(maze, Maze):
        return solve.marked_ends(maze, start, end)
    grid = maze.grid
    a, b = grid.id(*start), grid.id(*end)
    for (x, y), cell in ((start, a), (end, b)):
        if cell < 0:
            raise GenerationError(f"cell [{x}, {y}] is not part of the {grid}")
    return _ends(maze, shortest(maze, a, b))


def measure(maze: Maze | GraphMaze, solution: Sequence[int]) -> Metrics:
    """``measure.measure`` on squares, ``measure.on_graph`` on any other grid."""
    if isinstance(maze, Maze):
        return metrics.measure(maze, solution)
    return metrics.on_graph(maze, solution)


def braid(maze: Maze | GraphMaze, share: float, rng: random.Random) -> Maze | GraphMaze:
    """``braid.braid`` on squares, ``braid.on_graph`` on any other grid."""
    if isinstance(maze, Maze):
        return squares.braid(maze, share, rng)
    return squares.on_graph(maze, share, rng)
