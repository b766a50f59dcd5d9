"""Built-in shapes for `shape:`: outlines a child knows, drawn in a unit square and made into masks.

Each shape is a test of a point (x right, y down, both 0 to 1): inside or not. A cell is in the maze when
most of nine points spread over it are inside, so the outline is followed to a third of a cell, and the
shape fills the maze's size (a 30x20 circle is an ellipse). Shapes are built from circles, ellipses and
polygons, kept fat enough that none comes apart from 12x12 cells up (a test tries sizes up to 60).
"""

from __future__ import annotations

import math
from collections.abc import Callable

from . import kinds
from .errors import At, Problem
from .masks import Mask, parts_of, shape_of

Inside = Callable[[float, float], bool]


def _ellipse(cx: float, cy: float, rx: float, ry: float) -> Inside:
    return lambda x, y: ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1


def _polygon(*corners: tuple[float, float]) -> Inside:
    """Even-odd rule: a ray to the right crosses the outline an odd number of times from inside."""
    edges = [
        (x0, y0, y1, x1 - x0) for (x0, y0), (x1, y1) in zip(corners, corners[1:] + corners[:1], strict=True)
    ]

    def inside(x: float, y: float) -> bool:
        crossed = False
        for x0, y0, y1, dx in edges:
            if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * dx / (y1 - y0):
                crossed = not crossed
        return crossed

    return inside


def _union(*parts: Inside) -> Inside:
    """Inside any of ``parts``: a plain loop, as ``any`` over a generator took a third of the time a
    500x500 shape is drawn in (each spec's shapes are drawn before anything else is checked)."""

    def inside(x: float, y: float) -> bool:
        for part in parts:  # noqa: SIM110 (not any(): see above)
            if part(x, y):
                return True
        return False

    return inside


def _tilted(cx: float, cy: float, rx: float, ry: float, turn: float) -> Inside:
    """An ellipse turned ``turn`` radians clockwise (y down), for a leaf that leans."""
    c, s = math.cos(turn), math.sin(turn)
    return lambda x, y: (
        (((x - cx) * c + (y - cy) * s) / rx) ** 2 + ((-(x - cx) * s + (y - cy) * c) / ry) ** 2 <= 1
    )


def _tangent(cx: float, cy: float, r: float, px: float, py: float, side: int) -> tuple[float, float]:
    """Where a line from (px, py) touches the circle about (cx, cy) of radius ``r``, on ``side`` (+1 or -1)."""
    d = math.hypot(px - cx, py - cy)
    a = math.atan2(py - cy, px - cx) + side * math.acos(r / d)
    return cx + r * math.cos(a), cy + r * math.sin(a)


def _heart() -> Inside:
    """Two round lobes and the point below, the sides running straight from each lobe to the point."""
    r, left, right, tip = 0.245, (0.255, 0.255), (0.745, 0.255), (0.5, 1.0)
    return _union(
        _ellipse(*left, r, r),
        _ellipse(*right, r, r),
        _polygon(_tangent(*left, r, *tip, 1), tip, _tangent(*right, r, *tip, -1), (0.5, 0.3)),
    )


def _star(inner: float = 0.27) -> Inside:
    """Five points round the top one, ``inner`` the radius of the corners between them (the outer's
    0.5): 0.27 for arms fat enough at 12 cells, 0.2 near a printed star's (a regular one's is 0.19)."""
    corners = []
    for k in range(10):
        r = 0.5 if k % 2 == 0 else inner
        a = math.pi / 2 + k * math.pi / 5
        corners.append((0.5 + r * math.cos(a), 0.55 - r * math.sin(a)))
    return _polygon(*corners)


STAR_ARM = 4.0
"""The star's inner radius times the cells across it, kept as it is drawn larger (``drawn``): each arm's
base stays about 4.7 cells wide while the arms slim towards a printed star's. A star as fat at 30 cells
as at 12 stood on a block with a notch in it and read as a house; at 3.2 the arms' tips came apart on
35x29 triangles."""


SLIM_APPLE = _union(
    _ellipse(0.3, 0.63, 0.3, 0.37),  # the halves apart, their dip deeper
    _ellipse(0.7, 0.63, 0.3, 0.37),
    _polygon((0.45, 0.45), (0.555, 0.45), (0.6, 0.0), (0.5, 0.0)),  # the stem, from the dip
    _tilted(0.71, 0.13, 0.17, 0.075, -0.35),  # the leaf, out from the stem's top
)
"""The apple from 20 cells up: its stem 2-3 cells wide and its leaf apart from it. The stem and leaf
that 12 cells need made one lump over the body at 24; these came apart on small triangle fields."""


def drawn(name: str, width: int, height: int, grid: str = "rectangle") -> Inside:
    """The built-in shape ``name`` as drawn over ``width`` x ``height`` cells of ``grid``: the star's
    inner corners nearer its middle the more cells it has (``STAR_ARM``), the apple slimmer from 20
    cells up (``SLIM_APPLE``), every other shape as it is."""
    cells = min(width / ACROSS.get(grid, 1.0), height)
    if name == "star":
        return _star(max(0.2, min(0.27, STAR_ARM / cells)))
    if name == "apple" and cells >= 20:
        return SLIM_APPLE
    return SHAPES[name]


def _hexagon() -> Inside:
    return _polygon(
        *((0.5 + 0.5 * math.cos(a), 0.5 + 0.5 * math.sin(a)) for a in (k * math.pi / 3 for k in range(6)))
    )


SHAPES: dict[str, Inside] = {
    "heart": _heart(),
    "star": _star(),
    "circle": _ellipse(0.5, 0.5, 0.5, 0.5),
    # the diamond and the triangle by their edges' own tests, a point on an edge inside: as polygons,
    # sample points falling on a diagonal edge were in on one side and out on the other (a 20x20
    # diamond's left point stood four cells high, its right point two)
    "diamond": lambda x, y: abs(x - 0.5) + abs(y - 0.5) <= 0.5 + 1e-9,
    "hexagon": _hexagon(),
    "triangle": lambda x, y: 2 * abs(x - 0.5) <= y + 1e-9 and y <= 1,
    "cloud": _union(  # two round puffs on top, a smaller one each side, over a flat bottom
        _ellipse(0.219, 0.614, 0.162, 0.243),  # (round over a 3:2 field: x radius 2/3 of y's)
        _ellipse(0.42, 0.39, 0.19, 0.27),  # the two on top, their tops level and a notch between them
        _ellipse(0.7, 0.37, 0.175, 0.25),
        _ellipse(0.857, 0.614, 0.138, 0.207),
        _polygon((0.152, 0.56), (0.857, 0.56), (0.857, 1.0), (0.152, 1.0)),  # up into the puffs
        _ellipse(0.157, 0.786, 0.143, 0.214),
        _ellipse(0.857, 0.786, 0.143, 0.214),
    ),
    "apple": _union(  # its stem and leaf as fat as 12 cells need (``SLIM_APPLE`` from 20 cells up)
        _ellipse(0.34, 0.63, 0.33, 0.36),  # the body, two halves with a dip between them at the top
        _ellipse(0.66, 0.63, 0.33, 0.36),
        _polygon((0.43, 0.4), (0.56, 0.4), (0.61, 0.0), (0.49, 0.0)),  # the stem, leaning
        _tilted(0.7, 0.16, 0.16, 0.09, -0.45),  # the leaf, from the stem
    ),
    "fish": _union(
        _ellipse(0.37, 0.5, 0.37, 0.48),  # the body
        _polygon(
            (0.62, 0.5), (1.0, 0.04), (1.0, 0.36), (0.88, 0.5), (1.0, 0.64), (1.0, 0.96)
        ),  # the tail fin
    ),
    "cat": _union(  # a cat's head: wide cheeks and two big pointed ears
        _ellipse(0.5, 0.6, 0.47, 0.39),
        _polygon((0.06, 0.48), (0.12, 0.0), (0.44, 0.26)),
        _polygon((0.94, 0.48), (0.88, 0.0), (0.56, 0.26)),
    ),
}
"""Every built-in shape by name, as `shape:` and `--shape` take them."""

MAX_CELLS = 250_000
"""Cells a built-in shape may be drawn over (500x500): nine tests a cell, in Python."""

_SAMPLES = ((1 / 6, 1 / 6), (1 / 2, 1 / 6), (5 / 6, 1 / 6), (1 / 6, 1 / 2), (1 / 2, 1 / 2), (5 / 6, 1 / 2),
            (1 / 6, 5 / 6), (1 / 2, 5 / 6), (5 / 6, 5 / 6))  # fmt: skip


SHAPE_READS = {"rectangle": (12, 12), "hex": (12, 12), "triangle": (20, 10), "octagon": (12, 12)}
"""The least cells a built-in shape is drawn over that still reads as the shape: below, a blob."""


def a_shape(name: str) -> str:
    """A built-in shape's name with its article, as a sentence says it: a heart, an apple."""
    return f"{'an' if name[:1] in 'aeiou' else 'a'} {name}"


FINER = {("star", "rectangle"): 1.25}
"""Shapes whose points take more cells than ``SHAPE_READS`` to read on a grid kind, by how many more
each way: a star of squares under 15x15 read as a house with arms (of hexagons or octagons, whose
slanted walls draw its points, a 13x12 star reads)."""


def reads_from(grid: str, name: str = "") -> tuple[int, int]:
    """The least cells a built-in shape (any, without ``name``) reads over on a grid kind."""
    a, b = SHAPE_READS.get(grid, (1, 1))
    finer = FINER.get((name, grid), 1.0)
    return math.ceil(a * finer), math.ceil(b * finer)


def shape_reads(grid: str, width: int, height: int, name: str = "") -> bool:
    """Whether a built-in shape over ``width`` x ``height`` cells reads as itself: as many cells as
    ``reads_from`` gives, and no side under six tenths of its own (a 16x11 fish reads, a 10x14 heart
    and a 40x6 star do not)."""
    a, b = reads_from(grid, name)
    return width * height >= a * b and width >= 0.6 * a and height >= 0.6 * b


PROPORTIONS: dict[str, tuple[int, int]] = {"cloud": (3, 2), "fish": (16, 11), "apple": (12, 13)}
"""A built-in shape's own proportions, width to height, where it is not as wide as it is tall: the size
it is offered at and measured at (``least_size``) keeps them."""


ACROSS = {"triangle": 2.0, "hex": 1.15}
"""Cells across a field of a grid kind for each cell down, where it looks as wide as it is tall."""


def drawn_proportions(name: str, grid: str) -> tuple[float, float]:
    """A built-in shape's cells across and down, for each other, as a field of ``grid`` draws it."""
    w, h = PROPORTIONS.get(name, (1, 1))
    return w * ACROSS.get(grid, 1.0), h


MIRRORED = frozenset({"heart", "star", "circle", "diamond", "hexagon", "triangle", "cat"})
"""The built-in shapes drawn alike left and right."""


def mirrored(name: str, grid: str, width: int) -> int:
    """The width a built-in shape is given where puzzlebook chooses it: on a field of octagons, one
    drawn alike left and right takes an odd width, as a chessboard of octagons and squares mirrors
    itself only so (over 14 cells, a cat's right cheek bulged and its left did not)."""
    return width + 1 if grid == "octagon" and name in MIRRORED and not width % 2 else width


def least_size(name: str, grid: str = "rectangle") -> tuple[int, int]:
    """The smallest size a built-in shape reads at (``shape_reads``) in its own proportions, as the
    field is drawn (a field of triangles is about twice as many across as down to look as wide as tall,
    one of hexagons 1.15 times)."""
    across, h = drawn_proportions(name, grid)
    a, b = reads_from(grid, name)
    scale = max(math.sqrt(a * b / (across * h)), 0.6 * a / across, 0.6 * b / h)
    size = mirrored(name, grid, math.ceil(across * scale - 1e-9)), math.ceil(h * scale - 1e-9)
    assert shape_reads(grid, *size, name)
    return size


def aged_size(name: str, grid: str, size: tuple[int, int], reads: bool = True) -> tuple[int, int]:
    """The cells a built-in shape is drawn over when an age sets its size (``size``, 10x14 for age-6):
    about as many, in the shape's own proportions as the field draws them, and with ``reads`` never
    under the least it reads at (``least_size``). Drawn over the age's own 10x14, a circle came out an
    egg, a star a house and a fish stood on its tail."""
    across, h = drawn_proportions(name, grid)
    scale = math.sqrt(size[0] * size[1] / (across * h))
    least = least_size(name, grid) if reads else (1, 1)
    return mirrored(name, grid, max(least[0], round(across * scale))), max(least[1], round(h * scale))


def _mostly(inside: Inside, x: int, y: int, width: int, height: int) -> bool:
    """Whether at least 5 of the cell's 9 sample points are inside: counted only as far as it takes
    (a shape's every size, drawn cell by cell, spent most of its time on points past the answer)."""
    hits = misses = 0
    for dx, dy in _SAMPLES:
        if inside((x + dx) / width, (y + dy) / height):
            hits += 1
            if hits == 5:
                return True
        else:
            misses += 1
            if misses == 5:
                return False
    return False


def size_that_reads(grid: str, width: int, height: int, name: str = "") -> tuple[int, int]:
    """The least size in these proportions over which a shape reads (``shape_reads``)."""
    a, b = reads_from(grid, name)
    grow = max(math.sqrt(a * b / (width * height)), 0.6 * a / width, 0.6 * b / height, 1.0)
    return mirrored(name, grid, math.ceil(width * grow)), math.ceil(height * grow)


def shape_mask(
    name: str, width: int, height: int, where: At, grid: str = "rectangle"
) -> tuple[Mask | None, list[Problem]]:
    """The built-in shape ``name`` drawn over ``width`` x ``height`` cells, checked and cropped as a
    drawing is (see ``masks``)."""
    if width * height > MAX_CELLS:
        return None, [
            Problem(where, f"{width}x{height} is too large for a shape: at most {MAX_CELLS:,} cells")
        ]
    return shape_of(_without_specks(shape_cells(name, width, height, grid), grid), f"the {name}", where,
                    "make the maze larger", grid)  # fmt: skip


def shape_cells(name: str, width: int, height: int, grid: str = "rectangle") -> set[tuple[int, int]]:
    """The cells of a ``width`` x ``height`` field a built-in shape covers, before any is left out."""
    inside = drawn(name, width, height, grid)
    if grid == "rectangle":
        on = {(x, y) for y in range(height) for x in range(width) if _mostly(inside, x, y, width, height)}
    else:  # the shape over the field's drawing; a cell is in when its centre and most of it are
        shape = kinds.kind(grid)
        ew, eh = shape.extent(width, height)
        on = set()
        for y in range(height):
            for x in range(width):
                cx, cy = shape.centre(x, y)
                near = [((cx + px) / 2, (cy + py) / 2) for px, py in shape.corners(x, y)]
                if inside(cx / ew, cy / eh) and sum(inside(px / ew, py / eh) for px, py in near) * 2 > len(
                    near
                ):
                    on.add((x, y))
    return on


def _without_specks(on: set[tuple[int, int]], grid: str) -> set[tuple[int, int]]:
    """A built-in shape without the odd cell its outline catches apart from the rest (a triangle
    touching the shape only at a corner): specks of at most 2% of the shape are the drawing's, not the
    reader's, and a user's own mask keeps every part to be told about."""
    if not on:
        return on
    parts = sorted(parts_of(on, grid), key=len)
    if len(parts) > 1 and sum(len(p) for p in parts[:-1]) <= max(4, len(on) // 50):
        return parts[-1]
    return on
