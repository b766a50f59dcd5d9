"""Pictures for a maze's start and end ("help the mouse find the cheese"): the pairs, the pictures by
name, and ``placed``, which puts a picture on the page in the primitives every renderer draws.

The drawings are ``drawings.py``'s (one colouring-book style, one outline weight), the shapes they are
made of ``vector.py``'s; their names are here too, so callers need only this module.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Mapping

from .drawings import BLACK_AREA, DRAWINGS, WEIGHT, fitted
from .vector import (
    Circle,
    Close,
    Command,
    CurveTo,
    LineTo,
    MoveTo,
    Path,
    Picture,
    Point,
    Shape,
    bounds,
    flatten,
    transform,
)

__all__ = [
    "BLACK_AREA",
    "MIN_LINE",
    "MIN_SIZE",
    "PAIRS",
    "PICTURES",
    "WEIGHT",
    "Circle",
    "Close",
    "Command",
    "CurveTo",
    "LineTo",
    "MoveTo",
    "Path",
    "Picture",
    "Shape",
    "bounds",
    "flatten",
    "ink",
    "line_width",
    "placed",
]

MIN_LINE = 0.75
"""Points: the thinnest line print-on-demand printers reproduce (as in ``layout.MIN_LINE``). ``placed``
never draws a line thinner, however small the picture."""
MIN_SIZE = 25.0
"""Points: the smallest box a picture is drawn in (about 0.35 in): smaller, its eyes and inner lines
run together. Its lines there are ``MIN_LINE``, a little heavier than ``WEIGHT`` alone would make them."""


def line_width(width: float, size: float) -> float:
    """Points: a line ``width`` box units wide in a ``size`` point box, never thinner than ``MIN_LINE``."""
    return max(width * size, MIN_LINE)


def placed(picture: Picture, x: float, y: float, size: float, mirror: bool = False) -> tuple[Shape, ...]:
    """The picture's shapes in page points (y up) in the ``size`` x ``size`` box whose bottom-left
    corner is (x, y), flipped left to right if ``mirror``; every line is ``line_width`` wide, so it
    prints at any size. Keep ``size`` at least ``MIN_SIZE`` so the details stay apart."""

    def at(u: float, v: float) -> Point:
        return x + (1.0 - u if mirror else u) * size, y + v * size

    return tuple(transform(s, at, size, lambda w: line_width(w, size)) for s in picture.shapes)


def ink(name: str, mirror: bool = False) -> tuple[float, float, float, float]:
    """The part of its square a picture's ink takes, as (u0, v0, u1, v1) from its bottom-left corner,
    u right and v up, in its square's sides (flipped left to right if ``mirror``): a wide mouse leaves
    a band above and below it, which a page balanced on the square saw as blank paper."""
    u0, v0, u1, v1 = _inked(name)
    return (1.0 - u1, v0, 1.0 - u0, v1) if mirror else (u0, v0, u1, v1)


@functools.cache
def _inked(name: str) -> tuple[float, float, float, float]:
    return bounds(PICTURES[name].shapes)


class _Pictures(Mapping[str, Picture]):
    """The pictures, each drawn the first time it is asked for: drawing all fourteen takes about 40 ms,
    which every command would otherwise pay at start-up."""

    def __init__(self) -> None:
        self._drawn: dict[str, Picture] = {}

    def __getitem__(self, name: str) -> Picture:
        if name not in self._drawn:
            draw, directional = DRAWINGS[name]
            self._drawn[name] = Picture(name, fitted(draw()), directional)
        return self._drawn[name]

    def __iter__(self) -> Iterator[str]:
        return iter(DRAWINGS)

    def __len__(self) -> int:
        return len(DRAWINGS)


PICTURES: Mapping[str, Picture] = _Pictures()
"""Every picture by its kebab-case name."""

PAIRS: dict[str, tuple[str, str]] = {
    "mouse-cheese": ("mouse", "cheese"),
    "bee-flower": ("bee", "flower"),
    "rocket-planet": ("rocket", "planet"),
    "dog-bone": ("dog", "bone"),
    "rabbit-carrot": ("rabbit", "carrot"),
    "bird-nest": ("bird", "nest"),
    "car-house": ("car", "house"),
}
"""Start and end pictures that belong together ("help the mouse find the cheese"), by pair name."""
