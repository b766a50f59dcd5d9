"""Grid kinds as data: which neighbour each side of a cell faces, and where the cell lies on the page.

A kind knows one cell at a time (its neighbours by slot, its corners, its centre); ``puzzlebook.graph``
turns that into flat arrays for a whole field, and everything after generation (solving, marks, metrics,
drawing, JSON) reads those arrays, so a new kind of grid is a new module here, its name among the spec's
and the ``maze`` command's choices, its measured costs (``cost.py``) and the size a shape reads from
(``shapes.SHAPE_READS``).

Lengths are in corridor widths: the narrowest way through a cell is 1 for every kind, so a layout's
``min_cell`` means the same thing on squares, hexagons, triangles and octagons.
"""

from __future__ import annotations

from ..registry import Registry
from ._kind import Kind, Point, Side
from .circle import Circle, ring_counts
from .hexagon import Hexagon
from .octagon import Octagon
from .rectangle import Rectangle
from .triangle import Triangle
from .weave import Weave

KINDS: Registry[Kind] = Registry("grid")
for _kind in (Rectangle(), Hexagon(), Triangle(), Circle(), Octagon(), Weave()):
    KINDS.register(_kind.name)(_kind)

GRIDS = ("rectangle", "hex", "triangle", "circle", "octagon")
"""The grids a spec may name; "weave" is the rectangle's field for a maze with crossings (``weave:``)."""

GRID_NAMES = {
    "rectangle": "squares",
    "hex": "hexagons",
    "triangle": "triangles",
    "circle": "rings",
    "octagon": "octagons",
}
"""What each grid is drawn of, as a reader says it: the studio's list, and messages about a grid."""


def cells_called(name: str) -> str:
    """What a grid kind's cells are called in a message about how many of them a shape is drawn over."""
    return {"triangle": "triangles", "hex": "hexagons"}.get(name, "cells")


def kind(name: str) -> Kind:
    return KINDS.get(name)


def kind_for(name: str, width: int, inner: int = 0) -> Kind:
    """The kind a field of this size draws with: a circle's geometry is centred on its ``width`` rings
    and may have a hole of ``inner`` rings; the lattices are the same at every size."""
    if name == "circle":
        return Circle(inner).bind(width)
    return kind(name)


MAX_FIELD_CELLS = 120_000
"""Cells a maze of hexagons, triangles, octagons or rings may have (a 346x346 field, or 200 rings): each cell's
sides are drawn one by one, and a PNG of that many takes about ten seconds and 400 MB. The rectangle's
padded fast path goes to 16 million."""


def field_cells(name: str, width: int, height: int, inner: int = 0) -> int:
    """Cells a field of this kind and size has: a circle's ``width`` rings hold more each ring out."""
    return sum(ring_counts(width, inner)) if name == "circle" else width * height


def field_problem(name: str, width: int, height: int, inner: int = 0) -> str | None:
    """What is wrong with a maze of this kind and size, said for the reader; None if nothing."""
    shape = kind_for(name, width, inner)
    problem = shape.size_problem(width, height)
    if problem or name == "rectangle":
        return problem
    cells = field_cells(name, width, height, inner)
    if cells > MAX_FIELD_CELLS:
        most = "200 rings" if name == "circle" else "for example 346x346"
        article = "an" if name[0] in "aeiou" else "a"
        return f"{cells:,} cells is too many for {article} {name} maze: at most {MAX_FIELD_CELLS:,} ({most})"
    return None


__all__ = [
    "GRIDS",
    "GRID_NAMES",
    "KINDS",
    "MAX_FIELD_CELLS",
    "Kind",
    "Point",
    "Side",
    "field_cells",
    "field_problem",
    "kind",
    "kind_for",
    "ring_counts",
]
