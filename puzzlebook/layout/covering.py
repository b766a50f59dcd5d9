"""Whether a box on the page comes near a maze's cells: where a sign by an arrow (a word, a picture) may
go without covering a corridor, on a grid of any kind or a shape.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from ..geometry import OUTLINE, Placement, Point
from ..graph import GraphMaze
from ..maze import Maze
from ..openings import reach as cell_reach


def outer_ink(maze: Maze | GraphMaze, wall: float) -> float:
    """How far the ink round a maze's outside reaches past its cells, for walls ``wall`` wide: a shape's
    outline is drawn ``OUTLINE`` times their weight, and a word kept 4 pt from the walls' ink stood 3 pt
    from a honeycomb's outline."""
    return wall * (OUTLINE if maze.grid.masked else 1.0) / 2


def covering(
    maze: Maze | GraphMaze,
    place: Placement,
    clear: float = 1.0,
    solid: frozenset[tuple[int, int]] = frozenset(),
) -> Callable[[tuple[float, float, float, float]], bool]:
    """Whether a page box comes within ``clear`` pt of a cell of the maze (its walls' middle lines), or on
    squares of a ``solid`` one beside it (a name's dots and accents: Start was drawn against Jürgen's
    ü's dots)."""
    pad = clear / place.cell

    def in_cells(box: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
        """The box in the grid's units (y down), padded."""
        return (
            (box[0] - place.x) / place.cell - pad,
            place.height - (box[3] - place.y) / place.cell - pad,
            (box[2] - place.x) / place.cell + pad,
            place.height - (box[1] - place.y) / place.cell + pad,
        )

    if isinstance(maze, Maze):
        off = maze.grid.masked - solid

        def squares(box: tuple[float, float, float, float]) -> bool:
            x0, y0, x1, y1 = in_cells(box)
            return any(
                (x, y) not in off
                for y in range(max(0, math.floor(y0)), min(maze.height, math.ceil(y1)))
                for x in range(max(0, math.floor(x0)), min(maze.width, math.ceil(x1)))
            )

        return squares
    if maze.grid.kind.name == "circle":  # the rim: a circle round the drawing's middle
        w, h = maze.grid.extent
        rim = min(w, h) / 2  # the box is padded already: padded again, words stood twice as far off

        def disc(box: tuple[float, float, float, float]) -> bool:
            x0, y0, x1, y1 = in_cells(box)
            dx = max(x0 - w / 2, 0.0, w / 2 - x1)
            dy = max(y0 - h / 2, 0.0, h / 2 - y1)
            return dx * dx + dy * dy < rim * rim

        return disc
    # any other kind: each cell its own polygon (a disc round a triangle's centre reached a third of a
    # corridor past its flat side, so a word by an arrow at the top of a triangle field found no room),
    # the cells filed by the unit square their centres fall in
    reach = cell_reach(maze.grid)
    kind = maze.grid.kind
    filed: dict[tuple[int, int], list[tuple[Point, ...]]] = {}
    for x, y in maze.grid.cells:
        cx, cy = kind.centre(x, y)
        filed.setdefault((math.floor(cx), math.floor(cy)), []).append(kind.corners(x, y))

    def cells(box: tuple[float, float, float, float]) -> bool:
        x0, y0, x1, y1 = in_cells(box)
        for gy in range(math.floor(y0 - reach), math.floor(y1 + reach) + 1):
            for gx in range(math.floor(x0 - reach), math.floor(x1 + reach) + 1):
                for corners in filed.get((gx, gy), ()):
                    if _meets((x0, y0, x1, y1), corners):
                        return True
        return False

    return cells


def _meets(box: tuple[float, float, float, float], corners: tuple[Point, ...]) -> bool:
    """Whether a box and a convex polygon overlap: no axis of the box's or of the polygon's sides parts
    them."""
    xs, ys = [p[0] for p in corners], [p[1] for p in corners]
    if max(xs) <= box[0] or min(xs) >= box[2] or max(ys) <= box[1] or min(ys) >= box[3]:
        return False
    square = ((box[0], box[1]), (box[2], box[1]), (box[2], box[3]), (box[0], box[3]))
    for (ax, ay), (bx, by) in zip(corners, corners[1:] + corners[:1], strict=True):
        nx, ny = ay - by, bx - ax  # across the side
        ours = [nx * px + ny * py for px, py in corners]
        theirs = [nx * px + ny * py for px, py in square]
        if max(theirs) <= min(ours) or min(theirs) >= max(ours):
            return False
    return True
