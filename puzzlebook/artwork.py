"""Pictures for a maze's start and end ("help the mouse find the cheese"), drawn here as vector data.

Every picture is our own drawing (no third-party artwork, so no licence to track), black and white only
(black ink on white paper, white for details such as eyes), in bold simple shapes that still read at
0.4 in on an office printer. A picture lives in a unit box, x and y from 0 to 1 with y up, centred and
filling most of the box; one with a direction faces right, so mirroring makes it face left.

Renderers draw just two primitives, ``Path`` and ``Circle``, painted in order (later over earlier), with
round caps and joins; ``placed`` turns a picture into those primitives in page points. This module is
pure geometry with no third-party imports, so the PDF, SVG and PNG renderers all draw the same thing.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

Ink = Literal["black", "white"]
Point = tuple[float, float]

MIN_STROKE = 0.03
"""The thinnest line in any picture, in box units."""
MIN_LINE = 0.75
"""Points: the thinnest line print-on-demand printers reproduce (as in ``layout.MIN_LINE``)."""
MIN_SIZE = MIN_LINE / MIN_STROKE
"""Points: the smallest box a picture may be drawn in so that none of its lines is thinner than
``MIN_LINE`` (25 pt, about 0.35 in)."""


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


def _transform(shape: Shape, at: Callable[[float, float], Point], scale: float) -> Shape:
    if isinstance(shape, Circle):
        x, y = at(shape.x, shape.y)
        return Circle(x, y, shape.r * scale, shape.fill, shape.stroke, shape.width * scale)
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
    return Path(tuple(commands), shape.fill, shape.stroke, shape.width * scale)


def placed(picture: Picture, x: float, y: float, size: float, mirror: bool = False) -> tuple[Shape, ...]:
    """The picture's shapes in page points (y up) in the ``size`` x ``size`` box whose bottom-left
    corner is (x, y), flipped left to right if ``mirror``. Keep ``size`` at least ``MIN_SIZE`` so every
    line prints."""

    def at(u: float, v: float) -> Point:
        return x + (1.0 - u if mirror else u) * size, y + v * size

    return tuple(_transform(s, at, size) for s in picture.shapes)


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


# --- Drawing tools: the pictures below are written with these -----------------------------------------

_K = 4 * (math.sqrt(2) - 1) / 3  # Bezier handle length of a quarter circle of radius 1


def _rot(p: Point, degrees: float, about: Point = (0.0, 0.0)) -> Point:
    a = math.radians(degrees)
    dx, dy = p[0] - about[0], p[1] - about[1]
    return about[0] + dx * math.cos(a) - dy * math.sin(a), about[1] + dx * math.sin(a) + dy * math.cos(a)


def _ellipse(cx: float, cy: float, rx: float, ry: float, angle: float = 0.0) -> list[Command]:
    """A closed ellipse turned ``angle`` degrees anticlockwise, as four Bezier quarters."""

    def p(x: float, y: float) -> Point:
        return _rot((cx + x, cy + y), angle, (cx, cy))

    kx, ky = rx * _K, ry * _K
    return [
        MoveTo(*p(rx, 0)),
        CurveTo(*p(rx, ky), *p(kx, ry), *p(0, ry)),
        CurveTo(*p(-kx, ry), *p(-rx, ky), *p(-rx, 0)),
        CurveTo(*p(-rx, -ky), *p(-kx, -ry), *p(0, -ry)),
        CurveTo(*p(kx, -ry), *p(rx, -ky), *p(rx, 0)),
        Close(),
    ]


def _arc(
    cx: float, cy: float, rx: float, ry: float, start: float, end: float, angle: float = 0.0
) -> list[Command]:
    """An open elliptic arc from ``start`` to ``end`` degrees (anticlockwise if end > start)."""
    n = max(1, math.ceil(abs(end - start) / 90))
    step = math.radians(end - start) / n
    k = 4 / 3 * math.tan(step / 4)

    def p(t: float, h: float) -> Point:
        x = math.cos(t) - h * math.sin(t)
        y = math.sin(t) + h * math.cos(t)
        return _rot((cx + rx * x, cy + ry * y), angle, (cx, cy))

    t0 = math.radians(start)
    out: list[Command] = [MoveTo(*p(t0, 0))]
    for i in range(n):
        a, b = t0 + i * step, t0 + (i + 1) * step
        out.append(CurveTo(*p(a, k), *p(b, -k), *p(b, 0)))
    return out


def _smooth(points: Sequence[tuple[float, ...]], closed: bool = True) -> list[Command]:
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


def _poly(points: Sequence[Point], closed: bool = True) -> list[Command]:
    out: list[Command] = [MoveTo(*points[0]), *(LineTo(*p) for p in points[1:])]
    if closed:
        out.append(Close())
    return out


def _fill(commands: Sequence[Command], ink: Ink = "black") -> Path:
    return Path(tuple(commands), fill=ink)


def _line(commands: Sequence[Command], width: float, ink: Ink = "black") -> Path:
    return Path(tuple(commands), stroke=ink, width=width)


def _outlined(commands: Sequence[Command], width: float, fill: Ink = "white", ink: Ink = "black") -> Path:
    return Path(tuple(commands), fill=fill, stroke=ink, width=width)


def _dot(x: float, y: float, r: float, ink: Ink = "black") -> Circle:
    return Circle(x, y, r, fill=ink)


def _rotated(shapes: Iterable[Shape], degrees: float, about: Point) -> list[Shape]:
    return [_transform(s, lambda x, y: _rot((x, y), degrees, about), 1.0) for s in shapes]


def _fit(shapes: Sequence[Shape], margin: float = 0.03) -> tuple[Shape, ...]:
    """Scale and move a drawing so its ink is centred and its longer side spans the box less margins."""
    x0, y0, x1, y1 = bounds(shapes)
    k = (1 - 2 * margin) / max(x1 - x0, y1 - y0)
    dx, dy = 0.5 - (x0 + x1) / 2 * k, 0.5 - (y0 + y1) / 2 * k
    return tuple(_transform(s, lambda x, y: (x * k + dx, y * k + dy), k) for s in shapes)


# --- The pictures ---------------------------------------------------------------------------------------

_W = 0.05  # the outline weight most pictures use
_THIN = 0.035  # whiskers, eyes' rims, twigs: no thinner than MIN_STROKE once a drawing is fitted to its box


def _mouse() -> list[Shape]:
    body = _smooth(
        [
            (0.93, 0.40, 0.3),
            (0.78, 0.52),
            (0.58, 0.62),
            (0.36, 0.60),
            (0.20, 0.47),
            (0.20, 0.30, 0.8),
            (0.40, 0.24, 0.8),
            (0.66, 0.27),
            (0.84, 0.34),
        ]
    )
    return [
        _line(_smooth([(0.22, 0.33), (0.12, 0.26), (0.04, 0.33), (0.08, 0.46), (0.03, 0.56)], False), 0.045),
        _fill(_ellipse(0.40, 0.24, 0.08, 0.035)),
        _fill(_ellipse(0.68, 0.28, 0.07, 0.035)),
        _fill(body),
        _dot(0.63, 0.64, 0.13),
        _dot(0.625, 0.66, 0.075, "white"),
        _dot(0.77, 0.46, 0.035, "white"),
        _dot(0.935, 0.40, 0.035),
        _line(_poly([(0.90, 0.43), (0.99, 0.48)], False), _THIN),
        _line(_poly([(0.90, 0.38), (0.99, 0.34)], False), _THIN),
    ]


def _cheese() -> list[Shape]:
    top = [(0.06, 0.58), (0.36, 0.84), (0.95, 0.52)]
    front = [(0.06, 0.58), (0.95, 0.52), (0.95, 0.22), (0.06, 0.24)]
    return [
        _outlined(_poly(top), _W),
        _fill(_ellipse(0.34, 0.68, 0.07, 0.035)),
        _fill(_ellipse(0.58, 0.63, 0.05, 0.025)),
        _outlined(_poly(front), _W, fill="black"),
        _dot(0.26, 0.40, 0.075, "white"),
        _dot(0.55, 0.34, 0.05, "white"),
        _dot(0.72, 0.44, 0.045, "white"),
        _dot(0.86, 0.32, 0.035, "white"),
    ]


def _bee() -> list[Shape]:
    cx, cy, rx, ry = 0.45, 0.40, 0.28, 0.20

    def band(x0: float, x1: float) -> list[Command]:
        xs = [x0 + (x1 - x0) * i / 8 for i in range(9)]
        top = [(x, cy + ry * math.sqrt(max(0.0, 1 - ((x - cx) / rx) ** 2))) for x in xs]
        bottom = [(x, cy - ry * math.sqrt(max(0.0, 1 - ((x - cx) / rx) ** 2))) for x in reversed(xs)]
        return _poly(top + bottom)

    return [
        _outlined(_ellipse(0.36, 0.70, 0.12, 0.17, 25), _W),
        _outlined(_ellipse(0.54, 0.70, 0.10, 0.15, -15), _W),
        _fill(_poly([(0.20, 0.45), (0.05, 0.40), (0.20, 0.35)])),
        _outlined(_ellipse(cx, cy, rx, ry), _W),
        _fill(band(0.30, 0.40)),
        _fill(band(0.50, 0.60)),
        _line(_smooth([(0.78, 0.52), (0.80, 0.68), (0.74, 0.80)], False), 0.035),
        _line(_smooth([(0.82, 0.52), (0.88, 0.66), (0.94, 0.76)], False), 0.035),
        _dot(0.74, 0.80, 0.035),
        _dot(0.94, 0.76, 0.035),
        _dot(0.78, 0.44, 0.14),
        _dot(0.83, 0.48, 0.035, "white"),
        _line(_arc(0.80, 0.42, 0.07, 0.05, 200, 320), _THIN, "white"),
    ]


def _flower() -> list[Shape]:
    cx, cy = 0.5, 0.64
    shapes: list[Shape] = [
        _line(_smooth([(0.5, 0.5), (0.52, 0.25), (0.5, 0.0)], False), 0.06),
        _fill(_smooth([(0.51, 0.14, 0), (0.66, 0.28), (0.86, 0.30, 0), (0.72, 0.15)])),
        _fill(_smooth([(0.50, 0.21, 0), (0.34, 0.33), (0.15, 0.35, 0), (0.30, 0.21)])),
    ]
    for i in range(8):
        a = 90 + i * 45
        px, py = cx + 0.2 * math.cos(math.radians(a)), cy + 0.2 * math.sin(math.radians(a))
        shapes.append(_outlined(_ellipse(px, py, 0.14, 0.075, a), _W))
    shapes += [Circle(cx, cy, 0.12, "black", "white", _THIN)]
    return shapes


def _rocket() -> list[Shape]:
    body = _smooth([(0.5, 0.97, 0.4), (0.66, 0.70), (0.64, 0.30, 0), (0.36, 0.30, 0), (0.34, 0.70)])
    nose = _smooth([(0.5, 0.97, 0.4), (0.605, 0.80, 0.9), (0.5, 0.775, 0.6), (0.395, 0.80, 0.9)])
    shapes: list[Shape] = [
        _fill(_smooth([(0.44, 0.26, 0), (0.56, 0.26, 0), (0.58, 0.14), (0.5, 0.0, 0.3), (0.42, 0.14)])),
        _fill(
            _smooth([(0.47, 0.24, 0), (0.53, 0.24, 0), (0.535, 0.16), (0.5, 0.08, 0.3), (0.465, 0.16)]),
            "white",
        ),
        _fill(_smooth([(0.36, 0.52, 0), (0.20, 0.34), (0.20, 0.20, 0), (0.36, 0.32, 0)])),
        _fill(_smooth([(0.64, 0.52, 0), (0.80, 0.34), (0.80, 0.20, 0), (0.64, 0.32, 0)])),
        _outlined(body, _W),
        _fill(nose),
        Circle(0.5, 0.58, 0.075, "white", "black", 0.05),
        _fill(_poly([(0.46, 0.36), (0.54, 0.36), (0.55, 0.23), (0.45, 0.23)])),
    ]
    return _rotated(shapes, -45, (0.5, 0.5))


def _planet() -> list[Shape]:
    cx, cy, tilt = 0.5, 0.5, 18
    return [
        _line(_ellipse(cx, cy, 0.47, 0.13, tilt), 0.06),
        Circle(cx, cy, 0.28, "black", "white", 0.05),
        _line(_arc(cx, cy, 0.17, 0.17, 110, 160), 0.04, "white"),
        _line(_arc(cx, cy, 0.47, 0.13, 212, 328, tilt), 0.14, "white"),
        _line(_arc(cx, cy, 0.47, 0.13, 172, 368, tilt), 0.06),
        _fill(_star(0.12, 0.86, 0.07)),
        _fill(_star(0.90, 0.18, 0.05)),
    ]


def _star(cx: float, cy: float, r: float) -> list[Command]:
    """A four-pointed sparkle."""
    pts: list[tuple[float, ...]] = []
    for i in range(8):
        a = math.radians(90 + i * 45)
        d = r if i % 2 == 0 else r * 0.3
        pts.append((cx + d * math.cos(a), cy + d * math.sin(a), 0.0 if i % 2 == 0 else 1.0))
    return _smooth(pts)


def _dog() -> list[Shape]:
    body = _smooth(
        [
            (0.72, 0.86),
            (0.83, 0.78),
            (0.93, 0.74, 0.6),
            (0.97, 0.69, 0.3),
            (0.95, 0.63, 0.3),
            (0.86, 0.61),
            (0.79, 0.55),
            (0.78, 0.42),
            (0.72, 0.31),
            (0.56, 0.30),
            (0.40, 0.31),
            (0.24, 0.30),
            (0.18, 0.40),
            (0.21, 0.51),
            (0.34, 0.53),
            (0.56, 0.53),
            (0.62, 0.62),
            (0.62, 0.78),
        ]
    )

    def leg(x: float, bottom: float) -> list[Shape]:
        w = 0.036
        return [
            _fill(
                _smooth(
                    [(x - w, 0.40, 0), (x + w, 0.40, 0), (x + w, bottom + 0.03, 0), (x - w, bottom + 0.03, 0)]
                )
            ),
            _fill(_ellipse(x + 0.012, bottom + 0.03, w + 0.014, 0.032)),
        ]

    return [
        *leg(0.58, 0.14),
        *leg(0.22, 0.14),
        _fill(_smooth([(0.22, 0.46), (0.11, 0.58), (0.08, 0.76, 0.3), (0.14, 0.60), (0.24, 0.53)])),
        _fill(body),
        *leg(0.70, 0.11),
        *leg(0.34, 0.11),
        _fill(_smooth([(0.70, 0.86), (0.615, 0.78), (0.605, 0.62, 0.4), (0.665, 0.59), (0.75, 0.78)])),
        _line(_smooth([(0.765, 0.80), (0.735, 0.68), (0.665, 0.585), (0.61, 0.61)], False), _THIN, "white"),
        _dot(0.81, 0.75, 0.03, "white"),
    ]


def _bone() -> list[Shape]:
    a, b, r, h = 0.33, 0.095, 0.115, 0.085
    outer: list[Shape] = [_fill(_poly([(-a, -h), (a, -h), (a, h), (-a, h)]))]
    inner: list[Shape] = [
        _fill(_poly([(-a, -h + 0.055), (a, -h + 0.055), (a, h - 0.055), (-a, h - 0.055)]), "white")
    ]
    for x in (-a, a):
        for y in (-b, b):
            outer.append(_dot(x, y, r))
            inner.append(_dot(x, y, r - 0.055, "white"))
    return _rotated([*outer, *inner], 35, (0, 0))


def _rabbit() -> list[Shape]:
    body = _smooth(
        [
            (0.70, 0.46),
            (0.74, 0.28),
            (0.70, 0.12),
            (0.50, 0.07),
            (0.26, 0.09),
            (0.14, 0.24),
            (0.18, 0.44),
            (0.34, 0.56),
            (0.56, 0.56),
        ]
    )
    tail = _puff(0.15, 0.34, 0.1)
    return [
        *tail,
        _fill(_ellipse(0.62, 0.82, 0.055, 0.17, 22)),
        _fill(body),
        _fill(_ellipse(0.71, 0.80, 0.06, 0.18, -8)),
        _fill(_ellipse(0.71, 0.82, 0.025, 0.11, -8), "white"),
        _fill(_ellipse(0.74, 0.57, 0.15, 0.13, -10)),
        _dot(0.80, 0.61, 0.03, "white"),
        _fill(_ellipse(0.62, 0.07, 0.16, 0.05)),
    ]


def _puff(cx: float, cy: float, r: float) -> list[Shape]:
    """A white tuft with a bumpy black edge: black bumps, then the same bumps in white, a line smaller."""
    bumps = [
        (cx + r * 0.6 * math.cos(math.radians(a)), cy + r * 0.6 * math.sin(math.radians(a)))
        for a in range(0, 360, 45)
    ]
    return [
        *(_dot(x, y, r * 0.42 + 0.017) for x, y in bumps),
        _dot(cx, cy, r * 0.7),
        *(_dot(x, y, r * 0.42 - 0.017, "white") for x, y in bumps),
        _dot(cx, cy, r * 0.7, "white"),
    ]


def _carrot() -> list[Shape]:
    body = _smooth([(0.34, 0.66, 0.4), (0.66, 0.66, 0.4), (0.62, 0.40), (0.50, 0.04, 0.2), (0.42, 0.36)])
    shapes: list[Shape] = [
        _fill(_smooth([(0.48, 0.62, 0), (0.33, 0.75), (0.23, 0.93, 0), (0.44, 0.81)])),
        _fill(_smooth([(0.52, 0.62, 0), (0.67, 0.75), (0.77, 0.93, 0), (0.56, 0.81)])),
        _fill(_smooth([(0.50, 0.62, 0), (0.44, 0.84), (0.50, 1.0, 0), (0.56, 0.84)])),
        _outlined(body, _W),
        _line(_poly([(0.36, 0.54), (0.47, 0.54)], False), _W),
        _line(_poly([(0.53, 0.44), (0.63, 0.44)], False), _W),
        _line(_poly([(0.42, 0.31), (0.50, 0.31)], False), _W),
    ]
    return _rotated(shapes, -35, (0.5, 0.5))


def _bird() -> list[Shape]:
    body = _smooth(
        [
            (0.72, 0.80),
            (0.84, 0.72),
            (0.85, 0.58),
            (0.78, 0.42),
            (0.60, 0.30),
            (0.42, 0.32),
            (0.24, 0.44, 0.6),
            (0.04, 0.56, 0),
            (0.08, 0.64, 0),
            (0.30, 0.60),
            (0.50, 0.66),
            (0.60, 0.76),
        ]
    )
    wing = _smooth([(0.66, 0.58), (0.52, 0.60), (0.30, 0.52, 0.3), (0.52, 0.42), (0.64, 0.48)])
    return [
        _line(_poly([(0.52, 0.31), (0.50, 0.14), (0.44, 0.10)], False), 0.035),
        _line(_poly([(0.50, 0.14), (0.55, 0.10)], False), 0.035),
        _line(_poly([(0.62, 0.31), (0.62, 0.14), (0.56, 0.10)], False), 0.035),
        _line(_poly([(0.62, 0.14), (0.68, 0.10)], False), 0.035),
        _fill(_poly([(0.82, 0.70), (0.98, 0.64), (0.83, 0.59)])),
        _fill(body),
        Path(tuple(wing), "black", "white", 0.035),
        _dot(0.74, 0.66, 0.035, "white"),
    ]


def _nest() -> list[Shape]:
    shapes: list[Shape] = [
        _fill(_ellipse(0.5, 0.46, 0.44, 0.09)),
        _outlined(_ellipse(0.34, 0.56, 0.10, 0.14, 10), _W),
        _outlined(_ellipse(0.64, 0.57, 0.10, 0.14, -10), _W),
        _outlined(_ellipse(0.49, 0.60, 0.10, 0.14), _W),
        _line(_poly([(0.03, 0.50), (0.20, 0.44)], False), 0.035),
        _line(_poly([(0.97, 0.52), (0.80, 0.44)], False), 0.035),
        _line(_poly([(0.08, 0.38), (0.24, 0.36)], False), 0.035),
        _line(_poly([(0.93, 0.34), (0.76, 0.36)], False), 0.035),
        _fill(_smooth([(0.04, 0.48, 0.5), (0.96, 0.48, 0.5), (0.84, 0.22), (0.5, 0.12), (0.16, 0.22)])),
    ]
    for y, x0, x1, sag in [
        (0.40, 0.14, 0.56, 0.03),
        (0.37, 0.46, 0.86, 0.03),
        (0.28, 0.22, 0.62, 0.03),
        (0.24, 0.54, 0.78, 0.02),
    ]:
        shapes.append(_line(_smooth([(x0, y), ((x0 + x1) / 2, y - sag), (x1, y)], False), _THIN, "white"))
    return shapes


def _car() -> list[Shape]:
    body = _smooth(
        [
            (0.04, 0.44, 0.3),
            (0.22, 0.50, 0.3),
            (0.32, 0.70, 0.3),
            (0.66, 0.70, 0.3),
            (0.78, 0.50, 0.3),
            (0.95, 0.46, 0.3),
            (0.97, 0.28, 0.3),
            (0.04, 0.26, 0.3),
        ]
    )
    return [
        _fill(body),
        _fill(_poly([(0.35, 0.52), (0.48, 0.52), (0.48, 0.64), (0.38, 0.64)]), "white"),
        _fill(_poly([(0.53, 0.52), (0.69, 0.52), (0.63, 0.64), (0.53, 0.64)]), "white"),
        _dot(0.93, 0.40, 0.03, "white"),
        Circle(0.26, 0.24, 0.12, "black", "white", 0.05),
        Circle(0.75, 0.24, 0.12, "black", "white", 0.05),
        _dot(0.26, 0.24, 0.04, "white"),
        _dot(0.75, 0.24, 0.04, "white"),
    ]


def _house() -> list[Shape]:
    return [
        _fill(_poly([(0.68, 0.70), (0.68, 0.88), (0.78, 0.88), (0.78, 0.62)])),
        _outlined(_poly([(0.16, 0.52), (0.84, 0.52), (0.84, 0.06), (0.16, 0.06)]), _W),
        _outlined(_poly([(0.04, 0.50), (0.5, 0.92), (0.96, 0.50)]), _W, fill="black"),
        _fill(
            [
                MoveTo(0.56, 0.06),
                LineTo(0.56, 0.29),
                *_arc(0.65, 0.29, 0.09, 0.09, 180, 0)[1:],
                LineTo(0.74, 0.06),
                Close(),
            ]
        ),
        _dot(0.60, 0.19, 0.018, "white"),
        _outlined(_poly([(0.26, 0.22), (0.44, 0.22), (0.44, 0.40), (0.26, 0.40)]), _W),
        _line(_poly([(0.35, 0.22), (0.35, 0.40)], False), 0.035),
        _line(_poly([(0.26, 0.31), (0.44, 0.31)], False), 0.035),
    ]


def _picture(name: str, shapes: Sequence[Shape], directional: bool) -> Picture:
    return Picture(name, _fit(shapes), directional)


_DRAWINGS: dict[str, tuple[Callable[[], list[Shape]], bool]] = {
    "mouse": (_mouse, True),
    "cheese": (_cheese, False),
    "bee": (_bee, True),
    "flower": (_flower, False),
    "rocket": (_rocket, True),
    "planet": (_planet, False),
    "dog": (_dog, True),
    "bone": (_bone, False),
    "rabbit": (_rabbit, True),
    "carrot": (_carrot, False),
    "bird": (_bird, True),
    "nest": (_nest, False),
    "car": (_car, True),
    "house": (_house, False),
}


class _Pictures(Mapping[str, Picture]):
    """The pictures, each drawn the first time it is asked for: drawing all fourteen takes about 40 ms,
    which every command would otherwise pay at start-up."""

    def __init__(self) -> None:
        self._drawn: dict[str, Picture] = {}

    def __getitem__(self, name: str) -> Picture:
        if name not in self._drawn:
            draw, directional = _DRAWINGS[name]
            self._drawn[name] = _picture(name, draw(), directional)
        return self._drawn[name]

    def __iter__(self) -> Iterator[str]:
        return iter(_DRAWINGS)

    def __len__(self) -> int:
        return len(_DRAWINGS)


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
