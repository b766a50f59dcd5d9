"""The pictures, drawn as a colouring book draws: white shapes inside one black outline weight
(``WEIGHT``, the same in every picture relative to its size), black only for the small details a
colouring book fills in, eyes and noses (``BLACK_AREA`` at most each), so a child can colour every part
and every pair sits together in one style.

Every picture is our own drawing (no third-party artwork, so no licence to track). Each is drawn in a
unit box (x and y from 0 to 1, y up), back to front: what lies behind first, so the white of what stands
before it hides the lines it would cross; ``fitted`` then centres it, filling most of the box. One with a
direction faces right, so mirroring makes it face left.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence

from .vector import (
    Circle,
    Close,
    Command,
    CurveTo,
    LineTo,
    MoveTo,
    Path,
    Point,
    Shape,
    arc,
    bounds,
    ellipse,
    poly,
    rot,
    smooth,
    transform,
)

WEIGHT = 0.02
"""Every line of every picture, in box units: 1.8 pt at 1.25 in, a commercial colouring book's outline,
and about 0.9 pt at 0.6 in, still a clean line."""
BLACK_AREA = 0.004
"""The largest black area in a picture, as a share of its box: an eye or a nose, never a silhouette."""


# --- Drawing tools: the pictures below are written with these -----------------------------------------


def _area(commands: Sequence[Command]) -> Path:
    """A part to colour: white inside one outline of the weight every picture uses."""
    return Path(tuple(commands), fill="white", stroke="black", width=WEIGHT)


def _line(commands: Sequence[Command]) -> Path:
    """A line of the same weight: a whisker, a leg, a fold."""
    return Path(tuple(commands), stroke="black", width=WEIGHT)


def _cover(commands: Sequence[Command]) -> Path:
    """White without an outline: hides the lines of what lies behind (a ring passing before a planet)."""
    return Path(tuple(commands), fill="white")


def _ring(x: float, y: float, r: float) -> Circle:
    """A round part to colour: a wheel, a window, a flower's heart."""
    return Circle(x, y, r, fill="white", stroke="black", width=WEIGHT)


def _dot(x: float, y: float, r: float) -> Circle:
    """A small solid detail, as a colouring book prints it: a nose, an antenna's tip, a door knob."""
    return Circle(x, y, r, fill="black")


def _eye(x: float, y: float, r: float = 0.032) -> list[Shape]:
    """A solid eye with a glint, so the animal looks alive."""
    return [_dot(x, y, r), Circle(x + r * 0.3, y + r * 0.3, r * 0.35, fill="white")]


def _rotated(shapes: Iterable[Shape], degrees: float, about: Point) -> list[Shape]:
    return [transform(s, lambda x, y: rot((x, y), degrees, about), 1.0, lambda w: w) for s in shapes]


def fitted(shapes: Sequence[Shape], margin: float = 0.03) -> tuple[Shape, ...]:
    """Scale and move a drawing so its ink is centred and its longer side spans the box less margins.
    Lines keep their width, so every picture's outline is ``WEIGHT``; as the lines' width is part of
    the ink, a few rounds settle the scale."""
    out = tuple(shapes)
    for _ in range(4):
        out = _scaled(out, margin)
    return out


def _scaled(shapes: Sequence[Shape], margin: float) -> tuple[Shape, ...]:
    x0, y0, x1, y1 = bounds(shapes)
    k = (1 - 2 * margin) / max(x1 - x0, y1 - y0)
    dx, dy = 0.5 - (x0 + x1) / 2 * k, 0.5 - (y0 + y1) / 2 * k
    return tuple(transform(s, lambda x, y: (x * k + dx, y * k + dy), k, lambda w: w) for s in shapes)


# --- The pictures ---------------------------------------------------------------------------------------


def _mouse() -> list[Shape]:
    body = smooth(
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
        _line(smooth([(0.22, 0.33), (0.12, 0.26), (0.04, 0.33), (0.08, 0.46), (0.03, 0.56)], False)),
        _area(ellipse(0.38, 0.24, 0.085, 0.045)),
        _area(ellipse(0.68, 0.27, 0.075, 0.04)),
        _area(body),
        _area(ellipse(0.62, 0.64, 0.125, 0.135, 10)),
        _area(ellipse(0.625, 0.645, 0.07, 0.08, 10)),
        *_eye(0.77, 0.46),
        _dot(0.93, 0.40, 0.03),
        _line(poly([(0.88, 0.43), (0.99, 0.49)], False)),
        _line(poly([(0.88, 0.375), (0.99, 0.33)], False)),
    ]


def _cheese() -> list[Shape]:
    top = [(0.06, 0.58), (0.36, 0.84), (0.95, 0.52)]
    front = [(0.06, 0.58), (0.95, 0.52), (0.95, 0.22), (0.06, 0.24)]
    return [
        _area(poly(top)),
        _area(ellipse(0.36, 0.67, 0.085, 0.035, 8)),
        _area(ellipse(0.62, 0.62, 0.055, 0.024, 8)),
        _area(poly(front)),
        _area(ellipse(0.25, 0.40, 0.08, 0.08)),
        _area(ellipse(0.53, 0.33, 0.06, 0.06)),
        _area(ellipse(0.76, 0.42, 0.055, 0.055)),
        _area(ellipse(0.85, 0.29, 0.035, 0.035)),
    ]


def _bee() -> list[Shape]:
    cx, cy, rx, ry = 0.45, 0.40, 0.28, 0.20

    def stripe(x: float) -> list[Command]:
        """A line across the body from edge to edge, bowed a little like the body it wraps."""
        h = ry * math.sqrt(1 - ((x - cx) / rx) ** 2)
        return smooth([(x, cy + h), (x + 0.025, cy), (x, cy - h)], False)

    return [
        _area(ellipse(0.36, 0.70, 0.12, 0.17, 25)),
        _area(ellipse(0.54, 0.70, 0.10, 0.15, -15)),
        _area(poly([(0.20, 0.46), (0.06, 0.40), (0.20, 0.34)])),
        _area(ellipse(cx, cy, rx, ry)),
        _line(stripe(0.30)),
        _line(stripe(0.40)),
        _line(stripe(0.51)),
        _line(stripe(0.60)),
        _line(smooth([(0.76, 0.56), (0.79, 0.68), (0.74, 0.79)], False)),
        _line(smooth([(0.83, 0.56), (0.88, 0.67), (0.93, 0.76)], False)),
        _dot(0.74, 0.79, 0.03),
        _dot(0.93, 0.76, 0.03),
        _ring(0.78, 0.44, 0.14),
        *_eye(0.82, 0.48),
        _line(arc(0.80, 0.42, 0.065, 0.05, 215, 320)),
    ]


def _flower() -> list[Shape]:
    cx, cy = 0.5, 0.64
    stem = smooth(
        [(0.475, 0.55, 0), (0.525, 0.55, 0), (0.535, 0.25), (0.53, 0.0, 0), (0.47, 0.0, 0), (0.465, 0.25)]
    )
    shapes: list[Shape] = [
        _area(smooth([(0.50, 0.14, 0), (0.66, 0.29), (0.87, 0.31, 0), (0.72, 0.15)])),
        _line(smooth([(0.53, 0.16), (0.68, 0.23), (0.82, 0.29)], False)),
        _area(smooth([(0.50, 0.21, 0), (0.34, 0.34), (0.13, 0.36, 0), (0.28, 0.21)])),
        _line(smooth([(0.47, 0.23), (0.32, 0.29), (0.18, 0.35)], False)),
        _area(stem),
    ]
    for i in range(8):
        a = 90 + i * 45
        px, py = cx + 0.215 * math.cos(math.radians(a)), cy + 0.215 * math.sin(math.radians(a))
        shapes.append(_area(ellipse(px, py, 0.13, 0.068, a)))
    shapes.append(_ring(cx, cy, 0.115))
    return shapes


def _rocket() -> list[Shape]:
    body: list[Command] = [
        MoveTo(0.37, 0.30),
        LineTo(0.63, 0.30),
        CurveTo(0.655, 0.45, 0.66, 0.60, 0.645, 0.72),
        CurveTo(0.60, 0.68, 0.40, 0.68, 0.355, 0.72),
        CurveTo(0.34, 0.60, 0.345, 0.45, 0.37, 0.30),
        Close(),
    ]
    nose: list[Command] = [
        MoveTo(0.645, 0.72),
        CurveTo(0.64, 0.84, 0.57, 0.93, 0.5, 0.985),
        CurveTo(0.43, 0.93, 0.36, 0.84, 0.355, 0.72),
        CurveTo(0.40, 0.68, 0.60, 0.68, 0.645, 0.72),
        Close(),
    ]
    shapes: list[Shape] = [
        _area(smooth([(0.43, 0.25, 0), (0.57, 0.25, 0), (0.60, 0.13), (0.5, -0.02, 0.3), (0.40, 0.13)])),
        _area(smooth([(0.465, 0.22, 0), (0.535, 0.22, 0), (0.55, 0.14), (0.5, 0.06, 0.3), (0.45, 0.14)])),
        _area(poly([(0.42, 0.31), (0.58, 0.31), (0.56, 0.23), (0.44, 0.23)])),
        _area(smooth([(0.38, 0.52, 0), (0.21, 0.36), (0.19, 0.19, 0), (0.38, 0.31, 0)])),
        _area(smooth([(0.62, 0.52, 0), (0.79, 0.36), (0.81, 0.19, 0), (0.62, 0.31, 0)])),
        _area(body),
        _area(nose),
        _ring(0.5, 0.53, 0.075),
    ]
    return _rotated(shapes, -45, (0.5, 0.5))


def _planet() -> list[Shape]:
    cx, cy, tilt = 0.5, 0.5, 18
    outer, inner = (0.48, 0.135), (0.36, 0.075)
    front = [
        *arc(cx, cy, *outer, 180, 360, tilt),
        LineTo(*rot((cx + inner[0], cy), tilt, (cx, cy))),
        *arc(cx, cy, *inner, 360, 180, tilt)[1:],
        Close(),
    ]
    return [
        _area(ellipse(cx, cy, *outer, tilt)),
        _area(ellipse(cx, cy, *inner, tilt)),
        _ring(cx, cy, 0.27),
        _area(ellipse(0.42, 0.63, 0.055, 0.04, 18)),
        _area(ellipse(0.60, 0.68, 0.035, 0.025, 18)),
        _cover(front),
        _line(arc(cx, cy, *outer, 178, 362, tilt)),
        _line(arc(cx, cy, *inner, 178, 362, tilt)),
        _area(_star(0.12, 0.86, 0.085)),
        _area(_star(0.88, 0.15, 0.065)),
    ]


def _star(cx: float, cy: float, r: float) -> list[Command]:
    """A four-pointed sparkle."""
    pts: list[tuple[float, ...]] = []
    for i in range(8):
        a = math.radians(90 + i * 45)
        d = r if i % 2 == 0 else r * 0.35
        pts.append((cx + d * math.cos(a), cy + d * math.sin(a), 0.0 if i % 2 == 0 else 1.0))
    return smooth(pts)


def _dog() -> list[Shape]:
    body = smooth(
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

    def leg(x: float, bottom: float) -> Path:
        """A leg from under the body to a round paw pointing the way the dog faces."""
        w = 0.04
        return _area(
            smooth(
                [
                    (x - w, 0.42, 0),
                    (x + w, 0.42, 0),
                    (x + w, bottom + 0.06, 0.5),
                    (x + w + 0.035, bottom + 0.03, 0.8),
                    (x + w + 0.005, bottom, 0.6),
                    (x - w + 0.012, bottom, 0.6),
                    (x - w, bottom + 0.03, 0.6),
                ]
            )
        )

    return [
        _area(smooth([(0.22, 0.46, 0), (0.11, 0.58), (0.08, 0.77, 0.3), (0.15, 0.60), (0.245, 0.525, 0)])),
        leg(0.565, 0.14),
        leg(0.21, 0.14),
        leg(0.70, 0.11),
        leg(0.345, 0.11),
        _area(body),
        _area(ellipse(0.42, 0.45, 0.08, 0.045, 5)),
        _area(smooth([(0.70, 0.86), (0.615, 0.78), (0.605, 0.62, 0.4), (0.665, 0.59), (0.75, 0.78)])),
        *_eye(0.81, 0.75),
        Path(tuple(ellipse(0.952, 0.70, 0.032, 0.025, -20)), fill="black"),
        _line(smooth([(0.94, 0.63), (0.90, 0.645), (0.86, 0.625)], False)),
    ]


def _bone() -> list[Shape]:
    """One outline round the shaft and its four knobs, turned to lie across the box."""
    a, b, r, h = 0.33, 0.095, 0.115, 0.075
    j = math.degrees(math.asin((b - h) / r))  # where the shaft meets a knob
    k = math.degrees(math.asin(b / r))  # where two knobs of an end meet
    outline: list[Command] = [
        MoveTo(-a + r * math.cos(math.radians(j)), h),
        LineTo(a - r * math.cos(math.radians(j)), h),
        *arc(a, b, r, r, 180 + j, -k)[1:],
        *arc(a, -b, r, r, k, -180 - j)[1:],
        LineTo(-a + r * math.cos(math.radians(j)), -h),
        *arc(-a, -b, r, r, j, -180 - k)[1:],
        *arc(-a, b, r, r, 180 + k, -j)[1:],
        Close(),
    ]
    return _rotated([_area(outline), _line(arc(a, b, r * 0.55, r * 0.55, 100, 30))], 35, (0, 0))


def _rabbit() -> list[Shape]:
    body = smooth(
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
    return [
        _area(_puff(0.15, 0.34, 0.1)),
        _area(
            smooth(
                [(0.48, 0.10), (0.64, 0.035), (0.80, 0.04), (0.835, 0.075, 0.6), (0.80, 0.11), (0.62, 0.13)]
            )
        ),
        _area(body),
        _area(ellipse(0.62, 0.82, 0.06, 0.17, 22)),
        _area(ellipse(0.72, 0.80, 0.065, 0.18, -8)),
        _area(ellipse(0.722, 0.82, 0.028, 0.11, -8)),
        _area(ellipse(0.74, 0.57, 0.15, 0.13, -10)),
        *_eye(0.80, 0.61),
        _dot(0.885, 0.555, 0.022),
        _line(poly([(0.85, 0.53), (0.96, 0.50)], False)),
        _line(poly([(0.85, 0.51), (0.95, 0.45)], False)),
        _line(smooth([(0.47, 0.30), (0.50, 0.20), (0.46, 0.11)], False)),
    ]


def _puff(cx: float, cy: float, r: float) -> list[Command]:
    """A fluffy tuft: a ring of bumps."""
    pts: list[tuple[float, ...]] = []
    for i in range(16):
        a = math.radians(i * 22.5)
        d = r if i % 2 == 0 else r * 0.82
        pts.append((cx + d * math.cos(a), cy + d * math.sin(a), 1.0 if i % 2 == 0 else 0.0))
    return smooth(pts)


def _carrot() -> list[Shape]:
    body = smooth([(0.34, 0.66, 0.4), (0.66, 0.66, 0.4), (0.62, 0.40), (0.50, 0.04, 0.2), (0.42, 0.36)])
    shapes: list[Shape] = [
        _area(smooth([(0.48, 0.62, 0), (0.33, 0.75), (0.23, 0.93, 0), (0.44, 0.81)])),
        _area(smooth([(0.52, 0.62, 0), (0.67, 0.75), (0.77, 0.93, 0), (0.56, 0.81)])),
        _area(smooth([(0.50, 0.62, 0), (0.44, 0.84), (0.50, 1.0, 0), (0.56, 0.84)])),
        _area(body),
        _line(poly([(0.39, 0.54), (0.47, 0.54)], False)),
        _line(poly([(0.53, 0.44), (0.595, 0.44)], False)),
        _line(poly([(0.445, 0.29), (0.50, 0.29)], False)),
    ]
    return _rotated(shapes, -35, (0.5, 0.5))


def _bird() -> list[Shape]:
    body = smooth(
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
    wing = smooth([(0.66, 0.58), (0.52, 0.60), (0.28, 0.52, 0.3), (0.52, 0.42), (0.64, 0.48)])
    return [
        _line(poly([(0.52, 0.31), (0.50, 0.14), (0.44, 0.10)], False)),
        _line(poly([(0.50, 0.14), (0.55, 0.10)], False)),
        _line(poly([(0.62, 0.31), (0.62, 0.14), (0.56, 0.10)], False)),
        _line(poly([(0.62, 0.14), (0.68, 0.10)], False)),
        _area(poly([(0.80, 0.71), (0.98, 0.64), (0.81, 0.58)])),
        _area(body),
        _area(wing),
        _line(smooth([(0.36, 0.52), (0.50, 0.515), (0.60, 0.53)], False)),
        *_eye(0.735, 0.665),
    ]


def _nest() -> list[Shape]:
    cx, cy, rx, ry = 0.5, 0.47, 0.46, 0.08
    bowl = [
        *arc(cx, cy, rx, ry, 180, 360),
        CurveTo(0.96, 0.30, 0.78, 0.13, 0.5, 0.12),
        CurveTo(0.22, 0.13, 0.04, 0.30, 0.04, 0.47),
        Close(),
    ]
    shapes: list[Shape] = [
        _area(ellipse(cx, cy, rx, ry)),
        _area(ellipse(0.33, 0.56, 0.10, 0.14, 10)),
        _area(ellipse(0.65, 0.57, 0.10, 0.14, -10)),
        _area(ellipse(0.49, 0.60, 0.10, 0.14)),
        _area(bowl),
        _line(poly([(0.05, 0.53), (0.15, 0.49)], False)),
        _line(poly([(0.95, 0.54), (0.86, 0.49)], False)),
    ]
    for y, x0, x1, sag in [
        (0.32, 0.14, 0.52, 0.03),
        (0.30, 0.46, 0.86, 0.03),
        (0.21, 0.22, 0.60, 0.025),
        (0.20, 0.54, 0.78, 0.02),
    ]:
        shapes.append(_line(smooth([(x0, y), ((x0 + x1) / 2, y - sag), (x1, y)], False)))
    return shapes


def _car() -> list[Shape]:
    body = smooth(
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
        _area(body),
        _area(poly([(0.35, 0.52), (0.48, 0.52), (0.48, 0.64), (0.38, 0.64)])),
        _area(poly([(0.53, 0.52), (0.69, 0.52), (0.63, 0.64), (0.53, 0.64)])),
        _line(poly([(0.505, 0.50), (0.505, 0.30)], False)),
        _line(poly([(0.55, 0.44), (0.60, 0.44)], False)),
        _area(ellipse(0.925, 0.40, 0.025, 0.03)),
        _ring(0.26, 0.24, 0.115),
        _ring(0.75, 0.24, 0.115),
        _ring(0.26, 0.24, 0.045),
        _ring(0.75, 0.24, 0.045),
    ]


def _house() -> list[Shape]:
    return [
        _area(poly([(0.68, 0.70), (0.68, 0.88), (0.78, 0.88), (0.78, 0.62)])),
        _area(poly([(0.16, 0.52), (0.84, 0.52), (0.84, 0.06), (0.16, 0.06)])),
        _area(poly([(0.04, 0.50), (0.5, 0.92), (0.96, 0.50)])),
        _area(
            [
                MoveTo(0.56, 0.06),
                LineTo(0.56, 0.29),
                *arc(0.65, 0.29, 0.09, 0.09, 180, 0)[1:],
                LineTo(0.74, 0.06),
            ]
        ),
        _dot(0.60, 0.18, 0.017),
        _area(poly([(0.25, 0.21), (0.45, 0.21), (0.45, 0.41), (0.25, 0.41)])),
        _line(poly([(0.35, 0.21), (0.35, 0.41)], False)),
        _line(poly([(0.25, 0.31), (0.45, 0.31)], False)),
        _area(ellipse(0.5, 0.64, 0.06, 0.06)),
    ]


DRAWINGS: dict[str, tuple[Callable[[], list[Shape]], bool]] = {
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
"""Every drawing by its picture's name, and whether it faces a way (it faces right)."""
