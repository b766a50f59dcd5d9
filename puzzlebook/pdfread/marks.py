"""What a page draws, as preflight reads it: shapes, letters and runs of lines, in default user space."""

from __future__ import annotations

import math
from array import array
from collections.abc import Iterator
from dataclasses import dataclass
from typing import NamedTuple

Matrix = tuple[float, float, float, float, float, float]
Point = tuple[float, float]

IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


class Shape(NamedTuple):
    """A painted subpath or an image, its box in default user space."""

    kind: str  # "line", "rect", "curve" or "image"
    x0: float
    y0: float
    x1: float
    y1: float
    stroke: bool
    fill: bool
    linewidth: float  # on the page, in points: the width set, scaled by the transformation in effect
    stroke_color: tuple[float, ...]  # components in the colour space set: (0.0,) is black gray
    fill_color: tuple[float, ...]


class Char(NamedTuple):
    """One shown character code."""

    text: str  # from the font's /ToUnicode, else its encoding, else "(cid:N)" as pdfminer writes it
    x0: float
    y0: float
    x1: float
    y1: float
    size: float  # the font size on the page, in points
    font: str  # the font's /BaseFont, without the slash
    glyph: int | None  # the glyph drawn, for a simple TrueType font with its program embedded; else None


@dataclass(frozen=True, slots=True)
class Lines:
    """Subpaths that are each one line, painted together (a maze's walls): one Shape each, but kept as
    their numbers and the transformation until a caller asks for them one by one. A page of walls is
    thousands of lines, and preflight mostly needs only their extent."""

    numbers: array[float]  # x0 y0 x1 y1 of each line, in the coordinates the path was built in
    ctm: Matrix
    stroke: bool
    fill: bool
    linewidth: float
    stroke_color: tuple[float, ...]
    fill_color: tuple[float, ...]

    def __len__(self) -> int:
        return len(self.numbers) // 4

    def _boxes(self) -> Iterator[tuple[float, float, float, float]]:
        """Each line's box on the page (its ends through the transformation, sorted)."""
        a, b, c, d, e, f = self.ctm
        coords = iter(self.numbers)
        for xa, ya, xb, yb in zip(coords, coords, coords, coords, strict=False):
            x0, y0 = a * xa + c * ya + e, b * xa + d * ya + f
            x1, y1 = a * xb + c * yb + e, b * xb + d * yb + f
            yield min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)

    def shapes(self) -> Iterator[Shape]:
        stroke, fill, width = self.stroke, self.fill, self.linewidth
        scolor, fcolor = self.stroke_color, self.fill_color
        for x0, y0, x1, y1 in self._boxes():
            yield Shape("line", x0, y0, x1, y1, stroke, fill, width, scolor, fcolor)

    def crossings(self, pad: float, box: tuple[float, float, float, float]) -> tuple[int, int, int, int]:
        """How many lines, each its shape's box grown by ``pad``, reach past each side of ``box`` (left,
        bottom, right, top): what counting shapes() one by one gives, the same sums in the same order,
        without making millions of shapes. A test holds the two together."""
        left_of, below, right_of, above = box
        left = bottom = right = top = 0
        for x0, y0, x1, y1 in self._boxes():
            left += x0 - pad < left_of
            bottom += y0 - pad < below
            right += x1 + pad > right_of
            top += y1 + pad > above
        return left, bottom, right, top

    def extent(self) -> tuple[float, float, float, float]:
        """The box around every line, as the boxes of shapes() would give it; quick (in C) when the
        transformation keeps the axes, as a maze's does."""
        a, b, c, d, e, f = self.ctm
        n = len(self) * 4
        if not n:
            return math.inf, math.inf, -math.inf, -math.inf
        if b == 0 and c == 0:
            xs, ys = self.numbers[0:n:2], self.numbers[1:n:2]
            x0, x1 = sorted((a * min(xs) + e, a * max(xs) + e))
            y0, y1 = sorted((d * min(ys) + f, d * max(ys) + f))
            return x0, y0, x1, y1
        x0 = y0 = math.inf
        x1 = y1 = -math.inf
        for s in self.shapes():  # one at a time: a run may hold millions
            x0, y0, x1, y1 = min(x0, s.x0), min(y0, s.y0), max(x1, s.x1), max(y1, s.y1)
        return x0, y0, x1, y1


class Page(NamedTuple):
    """What a page draws, in the order it paints it: shapes (runs of lines kept together) and letters."""

    drawn: list[Shape | Lines]
    chars: list[Char]

    @property
    def shapes(self) -> list[Shape]:
        """Every shape one by one, as pdfminer lists them."""
        return [s for item in self.drawn for s in (item.shapes() if isinstance(item, Lines) else (item,))]


def mult(m1: Matrix, m0: Matrix) -> Matrix:
    """m1 then m0, in pdfminer's order of operations so that equal inputs give equal floats."""
    a1, b1, c1, d1, e1, f1 = m1
    a0, b0, c0, d0, e0, f0 = m0
    return (
        a0 * a1 + c0 * b1,
        b0 * a1 + d0 * b1,
        a0 * c1 + c0 * d1,
        b0 * c1 + d0 * d1,
        a0 * e1 + c0 * f1 + e0,
        b0 * e1 + d0 * f1 + f0,
    )


def transformed_box(
    m: Matrix, x0: float, y0: float, x1: float, y1: float
) -> tuple[float, float, float, float]:
    """The upright box around rectangle (x0, y0, x1, y1) transformed by m."""
    a, b, c, d, e, f = m
    xs = (a * x0 + c * y0 + e, a * x1 + c * y0 + e, a * x1 + c * y1 + e, a * x0 + c * y1 + e)
    ys = (b * x0 + d * y0 + f, b * x1 + d * y0 + f, b * x1 + d * y1 + f, b * x0 + d * y1 + f)
    return min(xs), min(ys), max(xs), max(ys)


def subpaths(ops: str, points: list[Point]) -> Iterator[tuple[str, list[Point], list[Point]]]:
    """Each subpath of two operators or more: its operators, their end points and the points where its
    curves turn back beyond them (``bulges``): with the ends, they bound the ink. A subpath starts at
    "m"; "h" ends at the subpath's start; operators before any "m" are dropped."""
    shape: list[str] = []
    ends: list[Point] = []
    turns: list[Point] = []
    i = 0
    for op in ops:
        if op == "m":
            if len(shape) > 1:
                yield "".join(shape), ends, turns
            shape, ends, turns = ["m"], [points[i]], []
            i += 1
        elif op == "h":
            if shape:
                shape.append("h")
                ends.append(ends[0])
        else:
            n = 3 if op == "c" else 2 if op in "vy" else 1
            if shape:
                shape.append(op)
                start, end = ends[-1], points[i + n - 1]
                if n > 1:  # v: the first control point is the start; y: the second is the end
                    first = start if op == "v" else points[i]
                    second = end if op == "y" else points[i + n - 2]
                    turns += bulges(start, first, second, end)
                ends.append(end)
            i += n
    if len(shape) > 1:
        yield "".join(shape), ends, turns


def bulges(p0: Point, p1: Point, p2: Point, p3: Point) -> list[Point]:
    """Where a cubic Bézier from ``p0`` to ``p3`` (control points ``p1``, ``p2``) turns back across or
    down: the curve's ink lies in the box of these and its ends. Its control points' box is looser: a
    quarter circle's reaches a tenth of the radius past it, which put a circle maze filling its page's
    width in the margins preflight keeps clear."""
    times: set[float] = set()
    for k in (0, 1):
        a, b, c, d = p0[k], p1[k], p2[k], p3[k]
        qa, qb, qc = d - a + 3 * (b - c), 2 * (a - 2 * b + c), b - a  # the derivative over 3
        if abs(qa) < 1e-12:
            roots = [-qc / qb] if abs(qb) > 1e-12 else []
        elif (disc := qb * qb - 4 * qa * qc) >= 0:
            roots = [(-qb + sign * math.sqrt(disc)) / (2 * qa) for sign in (1, -1)]
        else:
            roots = []
        times.update(t for t in roots if 0 < t < 1)
    return [_on_curve(p0, p1, p2, p3, t) for t in sorted(times)]


def _on_curve(p0: Point, p1: Point, p2: Point, p3: Point, t: float) -> Point:
    u = 1 - t
    weights = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
    return (
        sum(w * p[0] for w, p in zip(weights, (p0, p1, p2, p3), strict=True)),
        sum(w * p[1] for w, p in zip(weights, (p0, p1, p2, p3), strict=True)),
    )


def classify(shape: str, ends: list[Point]) -> str:
    """A subpath's kind, as pdfminer names it from its operators and end points."""
    if len(shape) > 3 and shape.endswith("lh") and ends[-2] == ends[0]:
        shape = shape[:-2] + "h"  # a closing "l" back to the start, then "h": one side, not two
        ends = ends[:-1]
    if shape in ("ml", "mlh"):
        return "line"
    if shape in ("mlllh", "mllll") and ends[0] == ends[4]:
        (x0, y0), (x1, y1), (x2, y2), (x3, y3) = ends[:4]
        if (x0 == x1 and y1 == y2 and x2 == x3 and y3 == y0) or (
            y0 == y1 and x1 == x2 and y2 == y3 and x3 == x0
        ):
            return "rect"
    return "curve"
