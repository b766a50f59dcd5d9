"""The vector shapes pictures are drawn in: two primitives (``Path`` and ``Circle``), the curves they are
written with, and the geometry every renderer shares. Pure geometry, no third-party imports, so the PDF,
SVG and PNG renderers all draw the same thing.

Renderers draw the primitives painted in order (later over earlier, so a white shape hides the lines
behind it), with round caps and joins.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

Ink = Literal["black", "white"]
Point = tuple[float, float]


@dataclass(frozen=True)
class MoveTo:
    x: float
    y: float


@dataclass(frozen=True)
class LineTo:
    x: float
    y: float


@dataclass(frozen=True)
class CurveTo:
    """A cubic Bezier from the current point through controls (x1, y1), (x2, y2) to (x, y)."""

    x1: float
    y1: float
    x2: float
    y2: float
    x: float
    y: float


@dataclass(frozen=True)
class Close:
    """Back to the subpath's MoveTo with a straight line, joined rather than capped."""


Command = MoveTo | LineTo | CurveTo | Close


@dataclass(frozen=True)
class Path:
    """Subpaths, each starting with a MoveTo; filled first (each subpath on its own: subpaths of a
    filled path never overlap, so every fill rule agrees), then stroked with round caps and joins,
    ``width`` wide, centred on the line."""

    commands: tuple[Command, ...]
    fill: Ink | None = None
    stroke: Ink | None = None
    width: float = 0.0

    def __post_init__(self) -> None:
        if not self.commands or not isinstance(self.commands[0], MoveTo):
            raise ValueError("a path starts with MoveTo")
        if self.fill is None and self.stroke is None:
            raise ValueError("a path is filled, stroked or both")
        if self.stroke is not None and self.width <= 0:
            raise ValueError("a stroked path needs a width")


@dataclass(frozen=True)
class Circle:
    """A disc filled, then its edge stroked ``width`` wide, centred on the edge."""

    x: float
    y: float
    r: float
    fill: Ink | None = None
    stroke: Ink | None = None
    width: float = 0.0

    def __post_init__(self) -> None:
        if self.r <= 0:
            raise ValueError("a circle needs a radius")
        if self.fill is None and self.stroke is None:
            raise ValueError("a circle is filled, stroked or both")
        if self.stroke is not None and self.width <= 0:
            raise ValueError("a stroked circle needs a width")


Shape = Path | Circle


@dataclass(frozen=True)
class Picture:
    """Shapes in a unit box (y up), painted in order. ``directional`` pictures face right."""

    name: str
    shapes: tuple[Shape, ...]
    directional: bool


# --- Geometry every renderer shares -------------------------------------------------------------------


def transform(
    shape: Shape, at: Callable[[float, float], Point], scale: float, width: Callable[[float], float]
) -> Shape:
    """The shape moved by ``at`` (sizes times ``scale``), its line, if stroked, ``width(old width)`` wide."""
    if isinstance(shape, Circle):
        x, y = at(shape.x, shape.y)
        w = width(shape.width) if shape.stroke is not None else 0.0
        return Circle(x, y, shape.r * scale, shape.fill, shape.stroke, w)
    commands: list[Command] = []
    for c in shape.commands:
        if isinstance(c, MoveTo):
            commands.append(MoveTo(*at(c.x, c.y)))
        elif isinstance(c, LineTo):
            commands.append(LineTo(*at(c.x, c.y)))
        elif isinstance(c, CurveTo):
            commands.append(CurveTo(*at(c.x1, c.y1), *at(c.x2, c.y2), *at(c.x, c.y)))
        else:
            commands.append(c)
    w = width(shape.width) if shape.stroke is not None else 0.0
    return Path(tuple(commands), shape.fill, shape.stroke, w)


def _bezier(p0: Point, p1: Point, p2: Point, p3: Point, t: float) -> Point:
    s = 1.0 - t
    a, b, c, d = s * s * s, 3 * s * s * t, 3 * s * t * t, t * t * t
    return (a * p0[0] + b * p1[0] + c * p2[0] + d * p3[0], a * p0[1] + b * p1[1] + c * p2[1] + d * p3[1])


def flatten(commands: Sequence[Command], step: float) -> list[tuple[list[Point], bool]]:
    """Subpaths as polylines (points, closed) for drawing libraries without Bezier curves: each curve is
    cut into pieces about ``step`` long along its control polygon (which is never shorter than the
    curve), so the polyline looks smooth when ``step`` is a pixel or two."""
    out: list[tuple[list[Point], bool]] = []
    points: list[Point] = []
    for c in commands:
        if isinstance(c, MoveTo):
            if len(points) > 1:
                out.append((points, False))
            points = [(c.x, c.y)]
        elif isinstance(c, LineTo):
            points.append((c.x, c.y))
        elif isinstance(c, CurveTo):
            p0, p1, p2, p3 = points[-1], (c.x1, c.y1), (c.x2, c.y2), (c.x, c.y)
            length = math.dist(p0, p1) + math.dist(p1, p2) + math.dist(p2, p3)
            n = max(2, min(200, math.ceil(length / step)))
            points.extend(_bezier(p0, p1, p2, p3, i / n) for i in range(1, n + 1))
        else:
            if len(points) > 1:
                out.append((points, True))
            points = [points[0]] if points else []
    if len(points) > 1:
        out.append((points, False))
    return out


def bounds(shapes: Iterable[Shape]) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) of all the ink, strokes included."""
    xs: list[float] = []
    ys: list[float] = []
    for s in shapes:
        pad = s.width / 2 if s.stroke is not None else 0.0
        if isinstance(s, Circle):
            xs += [s.x - s.r - pad, s.x + s.r + pad]
            ys += [s.y - s.r - pad, s.y + s.r + pad]
            continue
        for points, _ in flatten(s.commands, 0.002):
            xs += [x - pad for x, _y in points] + [x + pad for x, _y in points]
            ys += [y - pad for _x, y in points] + [y + pad for _x, y in points]
    return min(xs), min(ys), max(xs), max(ys)


# --- Curves: the pictures are written with these ------------------------------------------------------------

_K = 4 * (math.sqrt(2) - 1) / 3  # Bezier handle length of a quarter circle of radius 1


def rot(p: Point, degrees: float, about: Point = (0.0, 0.0)) -> Point:
    a = math.radians(degrees)
    dx, dy = p[0] - about[0], p[1] - about[1]
    return about[0] + dx * math.cos(a) - dy * math.sin(a), about[1] + dx * math.sin(a) + dy * math.cos(a)


def ellipse(cx: float, cy: float, rx: float, ry: float, angle: float = 0.0) -> list[Command]:
    """A closed ellipse turned ``angle`` degrees anticlockwise, as four Bezier quarters."""

    def p(x: float, y: float) -> Point:
        return rot((cx + x, cy + y), angle, (cx, cy))

    kx, ky = rx * _K, ry * _K
    return [
        MoveTo(*p(rx, 0)),
        CurveTo(*p(rx, ky), *p(kx, ry), *p(0, ry)),
        CurveTo(*p(-kx, ry), *p(-rx, ky), *p(-rx, 0)),
        CurveTo(*p(-rx, -ky), *p(-kx, -ry), *p(0, -ry)),
        CurveTo(*p(kx, -ry), *p(rx, -ky), *p(rx, 0)),
        Close(),
    ]


def arc(
    cx: float, cy: float, rx: float, ry: float, start: float, end: float, angle: float = 0.0
) -> list[Command]:
    """An open elliptic arc from ``start`` to ``end`` degrees (anticlockwise if end > start)."""
    n = max(1, math.ceil(abs(end - start) / 90))
    step = math.radians(end - start) / n
    k = 4 / 3 * math.tan(step / 4)

    def p(t: float, h: float) -> Point:
        x = math.cos(t) - h * math.sin(t)
        y = math.sin(t) + h * math.cos(t)
        return rot((cx + rx * x, cy + ry * y), angle, (cx, cy))

    t0 = math.radians(start)
    out: list[Command] = [MoveTo(*p(t0, 0))]
    for i in range(n):
        a, b = t0 + i * step, t0 + (i + 1) * step
        out.append(CurveTo(*p(a, k), *p(b, -k), *p(b, 0)))
    return out


def smooth(points: Sequence[tuple[float, ...]], closed: bool = True) -> list[Command]:
    """A smooth curve through the points (Catmull-Rom as Beziers). A point (x, y, t) scales its
    tangent by t: 0 makes a sharp corner, less than 1 a tighter turn."""
    pts = [(p[0], p[1]) for p in points]
    tension = [p[2] if len(p) > 2 else 1.0 for p in points]
    n = len(pts)

    def tangent(i: int) -> Point:
        if closed:
            a, b = pts[(i - 1) % n], pts[(i + 1) % n]
        else:
            a, b = pts[max(i - 1, 0)], pts[min(i + 1, n - 1)]
        return (b[0] - a[0]) / 6 * tension[i], (b[1] - a[1]) / 6 * tension[i]

    out: list[Command] = [MoveTo(*pts[0])]
    for i in range(n if closed else n - 1):
        j = (i + 1) % n
        ti, tj = tangent(i), tangent(j)
        out.append(
            CurveTo(pts[i][0] + ti[0], pts[i][1] + ti[1], pts[j][0] - tj[0], pts[j][1] - tj[1], *pts[j])
        )
    if closed:
        out.append(Close())
    return out


def poly(points: Sequence[Point], closed: bool = True) -> list[Command]:
    out: list[Command] = [MoveTo(*points[0]), *(LineTo(*p) for p in points[1:])]
    if closed:
        out.append(Close())
    return out
