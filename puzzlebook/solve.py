"""Paths through a perfect maze, and the start and end that make the best puzzle.

A perfect maze is a tree, so the path between two cells is unique, one breadth-first search finds it, and
the farthest-apart pair (the tree's diameter) comes from two searches ("double sweep"). The double sweep
also holds when both ends must come from a subset of cells, such as those on the outer border, because
distances in a tree form a tree metric: the cell of the subset farthest from any cell is an end of the
subset's longest path.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from itertools import takewhile
from typing import TypeAlias

from .apart import box_middle, longest_apart_preferring
from .errors import GenerationError
from .grid import E, Grid, N, S, W
from .maze import Maze
from .shapelimits import RAY, ROOM, ROOM_WIDE, end_room, exact_ends
from .tree import Among

Cell = tuple[int, int]


Distances: TypeAlias = "list[int] | array[int]"

SMALL = 1 << 16
"""Slots up to which distances are a list (a quarter faster to read and write than an array); a huge
maze's are a compact array, 4 bytes a cell instead of 8 and an int object each."""


def distances(maze: Maze, source: int) -> Distances:
    """Distance from ``source`` to every cell (-1 where unreachable).

    Each cell's passages index a table of the offsets they lead to, so the inner loop visits only open
    passages; predecessors are not kept, since a path is walked back down the distances (``_walk_back``).
    """
    grid = maze.grid
    passages = maze.passages
    moves = grid.moves
    dist: Distances = [-1] * grid.slots if grid.slots <= SMALL else array("i", [-1]) * grid.slots
    dist[source] = 0
    frontier = [source]
    depth = 0
    while frontier:
        depth += 1
        reached: list[int] = []
        add = reached.append
        for cell in frontier:
            for step in moves[passages[cell]]:
                nxt = cell + step
                if dist[nxt] < 0:
                    dist[nxt] = depth
                    add(nxt)
        frontier = reached
    return dist


def _walk_back(maze: Maze, dist: Distances, target: int) -> list[int]:
    """Cells from ``target`` back to the source of the search that filled ``dist``: in a tree, exactly
    one neighbour of each cell is one step nearer the source (with loops, the first one is taken)."""
    moves = maze.grid.moves
    passages = maze.passages
    cells = [target]
    add = cells.append
    cell = target
    for d in range(dist[target] - 1, -1, -1):
        for step in moves[passages[cell]]:
            if dist[cell + step] == d:
                cell += step
                break
        add(cell)
    return cells


def path(maze: Maze, start: Cell, end: Cell) -> list[Cell]:
    """The cells from ``start`` to ``end``, both included."""
    return [maze.grid.xy(c) for c in _path(maze, start, end)]


def shortest(maze: Maze, a: int, b: int) -> list[int]:
    """The cells of a shortest path from cell index ``a`` to ``b``; in a braided maze, where loops give
    several ways, the one that steps N, S, E, W first at each cell walking back from ``a``."""
    return _walk_back(maze, distances(maze, b), a)


def _path(maze: Maze, start: Cell, end: Cell) -> list[int]:
    grid = maze.grid
    for x, y in (start, end):
        if not grid.contains(x, y):
            raise GenerationError(f"cell [{x}, {y}] is not part of the {grid}")
    a, b = grid.index(*start), grid.index(*end)
    dist = distances(maze, b)
    if dist[a] < 0:
        raise GenerationError(f"no path from {list(start)} to {list(end)}: the maze is not connected")
    return _walk_back(maze, dist, a)


def _farthest(dist: Mapping[int, int] | Distances, candidates: list[int]) -> int:
    """The candidate farthest away; ties go to the first in reading order."""
    best = candidates[0]
    for cell in candidates:
        if dist[cell] > dist[best]:
            best = cell
    return best


RULES = ("suggested", "farthest", "left-right", "top-bottom", "corners")
"""How a start and end are chosen (``marks:`` in a spec). See ``square_ends``."""


@dataclass(frozen=True)
class Ends:
    """A start and an end, the outer walls opened for them, and the path between them as cell indices
    (what searches and metrics work in; ``route`` gives it as (x, y) cells)."""

    start: Cell
    end: Cell
    sides: tuple[int | None, int | None]
    cells: list[int]
    grid: Grid = field(repr=False, compare=False)

    @property
    def route(self) -> list[Cell]:
        return [self.grid.xy(cell) for cell in self.cells]


def _ends(grid: Grid, cells: list[int], sides: tuple[int | None, int | None] | None = None) -> Ends:
    """Ends for a path from ``cells[0]`` to ``cells[-1]``; the outer walls open per ``openings`` unless
    ``sides`` are given."""
    start, end = grid.xy(cells[0]), grid.xy(cells[-1])
    return Ends(start, end, openings(grid, start, end) if sides is None else sides, cells, grid)


def square_ends(
    maze: Maze,
    rule: str = "suggested",
    first: str = "",
    avoid: AbstractSet[Cell] = frozenset(),
    blocked: AbstractSet[Cell] = frozenset(),
) -> Ends:
    """The start and end a rule picks on squares (``paths.choose_ends`` is the entry point for every
    grid); every rule but ``corners`` makes the longest puzzle it can.

    - ``suggested``: the longest path between opposite sides, left column to right column or top row to
      bottom row, the way printed maze books run. On a tie, top-bottom for a maze taller than wide,
      left-right otherwise.
    - ``left-right``, ``top-bottom``: the longest path between those two sides; the start is on the left
      (top), and the openings face left and right (up and down), so a corner cell opens on the side that
      makes the pair opposite.
    - ``farthest``: the longest path between any two border cells (the start comes first in reading
      order), opened on their outer sides, sideways first.
    - ``corners``: the top-left cell to the bottom-right one, opened left and right.

    Exact, not a heuristic, from one walk of the maze: see ``longest_between``. Within one pair of
    sides, equal lengths go to the pair met first, so a maze always gets the same ends.
    """
    grid = maze.grid
    if rule == "farthest":
        return _farthest_pair(maze)
    if grid.masked and rule == "suggested":
        return _across_the_shape(maze, first, avoid, blocked)
    if rule == "corners":
        return _ends(grid, _path(maze, (0, 0), (grid.width - 1, grid.height - 1)), (W, E))
    if rule not in ("suggested", "left-right", "top-bottom"):
        raise GenerationError(f'unknown marks rule "{rule}"; expected one of {", ".join(RULES)}')
    w, h = grid.width, grid.height
    stride, corner = grid.stride, grid.index(0, 0)
    left = list(range(corner, corner + h * stride, stride))
    right = [cell + w - 1 for cell in left]
    top = list(range(corner, corner + w))
    bottom = [cell + (h - 1) * stride for cell in top]
    if grid.masked:  # some side cells may be left out of the tree: a search from each end
        anywhere = distances(maze, left[0])
        among: Callable[[int], Distances] = lambda cell: distances(maze, cell)  # noqa: E731
    else:  # one walk of the tree, then the distances among its border cells (see ``tree``)
        anywhere, order = _preorder(maze, left[0])
        among = Among(order, anywhere, left + right + top + bottom).from_cell  # type: ignore[assignment]
    found = []  # one walk serves both pairs of sides
    if rule != "top-bottom":
        found.append((longest_between(among, left, right, anywhere), (W, E)))
    if rule != "left-right":
        found.append((longest_between(among, top, bottom, anywhere), (N, S)))
    if len(found) == 2 and h > w:
        found.reverse()  # taller than wide: top-bottom wins a tie
    (_, a, b), sides = max(found, key=lambda item: item[0][0])  # max keeps the first of a tie
    if grid.masked:  # the corner the walk would start from may be left out
        return _ends(grid, _walk_back(maze, distances(maze, b), a), sides)
    return _ends(grid, _between(maze, anywhere, a, b), sides)


def _preorder(maze: Maze, root: int) -> tuple[Distances, list[int]]:
    """Each cell's distance from ``root``, and the cells in depth-first preorder from it (see ``tree``)."""
    grid = maze.grid
    passages = maze.passages
    moves = grid.moves
    depth: Distances = [-1] * grid.slots if grid.slots <= SMALL else array("i", [-1]) * grid.slots
    depth[root] = 0
    order: list[int] = []
    add = order.append
    stack = [root]
    push, pop = stack.append, stack.pop
    while stack:
        cell = pop()
        add(cell)
        below = depth[cell] + 1
        for step in moves[passages[cell]]:
            nxt = cell + step
            if depth[nxt] < 0:
                depth[nxt] = below
                push(nxt)
    return depth, order


def _between(maze: Maze, depth: Distances, a: int, b: int) -> list[int]:
    """The cells from ``a`` to ``b`` in a tree: each climbs towards the root of ``depth`` until they
    meet (a cell's parent is its one neighbour a step nearer the root)."""
    moves = maze.grid.moves
    passages = maze.passages
    from_a, from_b = [a], [b]
    while a != b:
        cell = a if depth[a] >= depth[b] else b
        up = depth[cell] - 1
        for step in moves[passages[cell]]:
            if depth[cell + step] == up:
                break
        if cell == a:
            a += step
            from_a.append(a)
        else:
            b += step
            from_b.append(b)
    return from_a + from_b[-2::-1]


def longest_between(
    among: Callable[[int], Mapping[int, int] | Distances],
    first: list[int],
    second: list[int],
    anywhere: Distances,
) -> tuple[int, int, int]:
    """(length, a, b) for the longest path from a in ``first`` to b in ``second``; ``among(cell)`` gives
    the distances from ``cell`` to those of both.

    In a tree, if (p, q) is the farthest-apart pair within a set of cells, then for every cell v the
    farthest member of the set is p or q. The distances from anywhere find p (the member farthest from
    it), those from p find q, and then the best pair is the cell of ``first`` farthest from p or from q:
    distances from each of p and q, with the first set shared between pairs of sides. On an unmasked
    maze they come from one walk of the tree (``tree.Among``); the pair is the one the searches that
    came before found, ties included.
    """
    p = _farthest(anywhere, second)
    dist = among(p)
    a = _farthest(dist, first)
    best = (dist[a], a, p)
    q = _farthest(dist, second)
    if q != p:
        dist = among(q)
        a = _farthest(dist, first)
        if dist[a] > best[0]:
            best = (dist[a], a, q)
    return best


def _across_the_shape(
    maze: Maze,
    first: str = "",
    avoid: AbstractSet[Cell] = frozenset(),
    blocked: AbstractSet[Cell] = frozenset(),
) -> Ends:
    """Ends for a masked maze: the longest path between two outline cells at least half the shape's
    width apart in a straight line and on opposite sides of its middle where any pair is (``OPPOSITE``),
    so the way runs across the shape rather than round one edge of it.
    The cells offered first are those with a clear view out, nothing of the shape in line beyond one of
    their sides, as their arrow and its word are drawn there: an opening into a notch of the outline (the
    gap between the legs of an n, between a heart's lobes) would put them on the maze. Exact, from one
    walk of the maze (``tree.Among``); ties go to the pair first in reading order. Cells in ``avoid`` (a
    word's joins between its letters) are offered last: an end opens into a letter. Cells ``blocked``
    (a word's accents and dots, drawn beside the maze) are no outside to open towards."""
    grid = maze.grid
    outline, outside = _outer_outline(grid, blocked)
    if not exact_ends(len(outline)):
        return _farthest_pair(maze, outline, outside)
    spots = {cell: grid.xy(cell) for cell in outline}
    xs = [x for x, _ in spots.values()]
    apart = ((max(xs) - min(xs) + 1) / 2) ** 2
    depth, order = _preorder(maze, outline[0])
    clear = [
        cell
        for cell in outline
        if grid.xy(cell) not in avoid and _clear_side(grid, cell, outside) is not None
    ]
    deep = end_room(bool(first))
    room = {cell for cell in clear if _clear_side(grid, cell, outside, room=True, deep=deep) is not None}
    found = longest_apart_preferring(clear, outline, spots, apart, order, depth, room, first)
    if found is None:  # a shape too small for any pair that far apart
        return _farthest_pair(maze, outline, outside)
    _, start, end = found
    path = _between(maze, depth, start, end)
    middle = box_middle(spots.values())
    return _ends(
        grid,
        path,
        (_facing_out(grid, path[0], outside, middle), _facing_out(grid, path[-1], outside, middle)),
    )


_SIDES = ((W, (-1, 0)), (E, (1, 0)), (N, (0, -1)), (S, (0, 1)))


def _outward(x: int, y: int, middle: tuple[float, float] | None) -> Sequence[tuple[int, Cell]]:
    """The sides of the cell at (``x``, ``y``), the one facing most squarely away from ``middle`` first:
    an arrow there points away from the shape (a triangle's apex opens upwards, not sideways into the
    finish's direction); sideways first on a tie, or with no ``middle``."""
    if middle is None:
        return _SIDES
    mx, my = middle
    return sorted(_SIDES, key=lambda side: -(side[1][0] * (x - mx) + side[1][1] * (y - my)))


def _clear_side(
    grid: Grid,
    cell: int,
    outside: set[Cell],
    room: bool = False,
    middle: tuple[float, float] | None = None,
    deep: int = ROOM,
) -> int | None:
    """A side of an outline cell with only the outside in line beyond it, for ``RAY`` cells or to the
    box's edge; with ``room``, also ``deep`` cells deep (``end_room``) and ``ROOM_WIDE`` to each side
    of that line (beyond the box is the page's margin, room too). The first of ``_outward``'s order;
    None when no side has it."""
    x, y = grid.xy(cell)

    def in_box(spot: Cell) -> bool:
        return 0 <= spot[0] < grid.width and 0 <= spot[1] < grid.height

    for side, (dx, dy) in _outward(x, y, middle):
        ahead = takewhile(in_box, ((x + dx * k, y + dy * k) for k in range(1, RAY + 1)))
        if not all(spot in outside for spot in ahead):
            continue
        if room and not all(
            spot in outside or not in_box(spot)
            for k in range(1, deep + 1)
            for o in range(-ROOM_WIDE, ROOM_WIDE + 1)
            for spot in [(x + dx * k - dy * o, y + dy * k + dx * o)]
        ):
            continue
        return side
    return None


def _facing_out(
    grid: Grid, cell: int, outside: set[Cell], middle: tuple[float, float] | None = None
) -> int | None:
    """The side an end opens: one with room, else a clear one, else any towards the outside, never into
    a hole of the shape; of those, the one facing most squarely away from ``middle`` (``_outward``)."""
    for room in (True, False):
        side = _clear_side(grid, cell, outside, room, middle)
        if side is not None:
            return side
    x, y = grid.xy(cell)
    for side, (dx, dy) in _outward(x, y, middle):
        nx, ny = x + dx, y + dy
        if not (0 <= nx < grid.width and 0 <= ny < grid.height) or (nx, ny) in outside:
            return side
    return None


def _outer_outline(grid: Grid, blocked: AbstractSet[Cell] = frozenset()) -> tuple[list[int], set[Cell]]:
    """The shape's cells on its outer edge, in reading order: beside the box's edge or beside a left-out
    cell that joins the outside (``blocked`` cells, drawn though left out, are not outside). The edges
    of holes inside the shape (the bowl of an a, the eye of a B) are not offered: a reader starts from
    outside the shape."""
    w, h = grid.width, grid.height
    outside = {(x, y) for x, y in grid.masked - blocked if x in (0, w - 1) or y in (0, h - 1)}
    todo = list(outside)
    while todo:
        x, y = todo.pop()
        for near in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if near in grid.masked and near not in outside and near not in blocked:
                outside.add(near)
                todo.append(near)
    edge = []
    for cell in grid.border_cells():
        x, y = grid.xy(cell)
        sides = ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1))
        if any(not (0 <= nx < w and 0 <= ny < h) or (nx, ny) in outside for nx, ny in sides):
            edge.append(cell)
    return edge, outside


def _farthest_pair(maze: Maze, outline: list[int] | None = None, outside: set[Cell] | None = None) -> Ends:
    """Two searches ("double sweep") for the two border cells farthest apart: of a shape's ``outline``
    where it is given, opened towards its ``outside`` (never into a hole of the shape)."""
    grid = maze.grid
    candidates = outline or grid.border_cells()
    a = _farthest(distances(maze, candidates[0]), candidates)
    dist = distances(maze, a)
    b = _farthest(dist, candidates)
    cells = _walk_back(maze, dist, b)  # from b back to a
    if a < b:
        cells.reverse()
    if outside is None:
        return _ends(grid, cells)
    middle = box_middle(grid.xy(cell) for cell in candidates)
    return _ends(
        grid,
        cells,
        (_facing_out(grid, cells[0], outside, middle), _facing_out(grid, cells[-1], outside, middle)),
    )


def marked_ends(maze: Maze, start: Cell, end: Cell) -> Ends:
    """Ends the spec names, opened on their outer sides (sideways first); inner cells get no opening."""
    return _ends(maze.grid, _path(maze, start, end))


def opening(grid: Grid, cell: Cell, taken: int = 0) -> int | None:
    """The outer wall to open for an entrance or exit at ``cell``, or None for an inner cell.

    Sides are tried in the order W, E, N, S, so corner cells open sideways, the way readers expect to
    enter on the left and leave on the right.
    """
    x, y = cell
    for d, (dx, dy) in ((W, (-1, 0)), (E, (1, 0)), (N, (0, -1)), (S, (0, 1))):
        if d != taken and not grid.contains(x + dx, y + dy):
            return d
    return None


def openings(grid: Grid, start: Cell | None, end: Cell | None) -> tuple[int | None, int | None]:
    """The outer walls to open for the start and the end; a one-cell maze opens two different sides."""
    first = opening(grid, start) if start is not None else None
    if end is None:
        return first, None
    return first, opening(grid, end, first or 0) if end == start else opening(grid, end)
