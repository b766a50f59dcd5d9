"""Draw the pictures' two primitives (``pictures.Path`` and ``pictures.Circle``) in PDF, SVG and PNG.

Callers place a picture first (``pictures.placed``: shapes in points, y up), then hand the shapes to one
of these. Shapes are painted in order; a filled path is filled, then stroked, with round caps and joins,
so the three outputs agree.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable
from typing import TYPE_CHECKING

from reportlab.pdfgen.canvas import FILL_NON_ZERO, Canvas

from ..vector import Circle, Close, CurveTo, LineTo, MoveTo, Shape, flatten

if TYPE_CHECKING:  # a PNG's drawing: Pillow's drawing and fonts load only where a PNG is made
    from PIL import ImageDraw

_GRAY = {"black": 0.0, "white": 1.0}


def draw_pdf(canvas: Canvas, shapes: Iterable[Shape]) -> None:
    """Draw on a reportlab canvas, in its current coordinates (points, y up), in pure black (gray 0)
    and white, so a picture prints with black ink only. The canvas's graphics state is restored after."""
    canvas.saveState()
    canvas.setLineCap(1)
    canvas.setLineJoin(1)
    for s in shapes:
        if s.fill is not None:
            canvas.setFillGray(_GRAY[s.fill])
        if s.stroke is not None:
            canvas.setStrokeGray(_GRAY[s.stroke])
            canvas.setLineWidth(s.width)
        stroke, fill = int(s.stroke is not None), int(s.fill is not None)
        if isinstance(s, Circle):
            canvas.circle(s.x, s.y, s.r, stroke=stroke, fill=fill)
            continue
        path = canvas.beginPath()
        for cmd in s.commands:
            if isinstance(cmd, MoveTo):
                path.moveTo(cmd.x, cmd.y)
            elif isinstance(cmd, LineTo):
                path.lineTo(cmd.x, cmd.y)
            elif isinstance(cmd, CurveTo):
                path.curveTo(cmd.x1, cmd.y1, cmd.x2, cmd.y2, cmd.x, cmd.y)
            else:
                path.close()
        canvas.drawPath(path, stroke=stroke, fill=fill, fillMode=FILL_NON_ZERO)
    canvas.restoreState()


def _n(value: float) -> str:
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def svg(shapes: Iterable[Shape], page_height: float) -> str:
    """SVG elements (``<path>`` and ``<circle>``, one per shape, no enclosing ``<svg>``) for shapes in
    y-up units: each y becomes ``page_height - y``, so pass the height of the SVG's viewBox."""

    def y(value: float) -> str:
        return _n(page_height - value)

    out: list[str] = []
    for s in shapes:
        paint = f'fill="{s.fill or "none"}"'
        if s.stroke is not None:
            paint += (
                f' stroke="{s.stroke}" stroke-width="{_n(s.width)}" stroke-linecap="round" '
                'stroke-linejoin="round"'
            )
        if isinstance(s, Circle):
            out.append(f'<circle cx="{_n(s.x)}" cy="{y(s.y)}" r="{_n(s.r)}" {paint}/>')
            continue
        d: list[str] = []
        for c in s.commands:
            if isinstance(c, MoveTo):
                d.append(f"M{_n(c.x)} {y(c.y)}")
            elif isinstance(c, LineTo):
                d.append(f"L{_n(c.x)} {y(c.y)}")
            elif isinstance(c, CurveTo):
                d.append(f"C{_n(c.x1)} {y(c.y1)} {_n(c.x2)} {y(c.y2)} {_n(c.x)} {y(c.y)}")
            elif isinstance(c, Close):
                d.append("Z")
        out.append(f'<path d="{"".join(d)}" {paint}/>')
    return "\n".join(out)


def draw_png(
    draw: ImageDraw.ImageDraw, shapes: Iterable[Shape], scale: float = 1.0, height: float = 0.0
) -> None:
    """Draw with Pillow: a point (x, y) lands on pixel ``(x * scale, (height - y) * scale)``, so pass
    the page height (in the shapes' units) and pixels per unit; with ``height`` 0 the shapes are
    expected at negative y already, the convention of ``render/png.py``. Curves become polylines of
    pieces about a pixel long; strokes are drawn as pieces and discs, for round caps and joins.
    Pillow does not smooth edges: draw at two or more times the size and shrink for a smooth PNG."""

    def px(x: float, y: float) -> tuple[float, float]:
        return x * scale, (height - y) * scale

    for s in shapes:
        width = s.width * scale
        if isinstance(s, Circle):
            x, y = px(s.x, s.y)
            r = s.r * scale
            if s.fill is not None:
                draw.ellipse((x - r, y - r, x + r, y + r), fill=s.fill)
            if s.stroke is not None:
                outer = r + width / 2
                draw.ellipse(
                    (x - outer, y - outer, x + outer, y + outer),
                    outline=s.stroke,
                    width=max(1, round(width)),
                )
            continue
        subpaths = [
            ([px(x, y) for x, y in points], closed) for points, closed in flatten(s.commands, 1.0 / scale)
        ]
        if s.fill is not None:
            for points, _closed in subpaths:
                if len(points) > 2:
                    draw.polygon(points, fill=s.fill)
        if s.stroke is not None:
            for points, closed in subpaths:
                _stroke(draw, [*points, points[0]] if closed else points, width, s.stroke)


def _stroke(draw: ImageDraw.ImageDraw, line: list[tuple[float, float]], width: float, ink: str) -> None:
    """A wide polyline as what it is, the union of a quadrilateral per piece and a disc per point (round
    caps and joins): Pillow's own wide lines leave specks where short pieces meet at small angles."""
    half = width / 2
    if half < 1:
        draw.line(line, fill=ink, width=1)
        return
    for (ax, ay), (bx, by) in itertools.pairwise(line):
        length = math.hypot(bx - ax, by - ay)
        if length > 0:
            nx, ny = -(by - ay) / length * half, (bx - ax) / length * half
            draw.polygon(
                [(ax + nx, ay + ny), (bx + nx, by + ny), (bx - nx, by - ny), (ax - nx, ay - ny)], fill=ink
            )
    for x, y in line:
        draw.ellipse((x - half, y - half, x + half, y + half), fill=ink)
