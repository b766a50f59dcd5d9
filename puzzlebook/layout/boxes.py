"""The page's geometry: trim and content boxes, print-on-demand margins, slots, and fitting a maze in one."""

from __future__ import annotations

from dataclasses import dataclass

from ..settings import BLEED, GRIDS, GUTTERS, MIN_OUTER, Layout, Margins
from .items import Box

GAP = 14.0  # pt between slots, and between a maze and its caption


def trim_box(layout: Layout, page_number: int) -> Box:
    """Where the page is cut. Bleed sits on the outside edge: right of odd (right-hand) pages, left of even."""
    w, h = layout.trim
    if not layout.bleed:
        return Box(0, 0, w, h)
    x0 = 0.0 if page_number % 2 else BLEED
    return Box(x0, BLEED, x0 + w, BLEED + h)


def content_box(layout: Layout, page_number: int) -> Box:
    """The safe area of a page; the inside (gutter) margin is on the left of odd (right-hand) pages."""
    t = trim_box(layout, page_number)
    m = layout.margins
    left, right = (m.inside, m.outside) if page_number % 2 else (m.outside, m.inside)
    return Box(t.x0 + left, t.y0 + m.bottom, t.x1 - right, t.y1 - m.top)


def gutter(pages: int) -> float:
    """The inside margin print-on-demand services require for a book of this many pages."""
    return next((inside for most, inside in GUTTERS if pages <= most), GUTTERS[-1][1])


def print_margins(layout: Layout, pages: int) -> Layout:
    """The layout's margins, raised where a printed book of ``pages`` pages needs more (never lowered)."""
    m = layout.margins
    outer = MIN_OUTER * 1.5 if layout.bleed else MIN_OUTER
    margins = Margins(
        top=max(m.top, outer),
        bottom=max(m.bottom, outer),
        inside=max(m.inside, gutter(pages)),
        outside=max(m.outside, outer),
    )
    return layout.model_copy(update={"margins": margins})


def padded(pages: int) -> int:
    """Print-on-demand page counts: at least 24, and even."""
    pages = max(pages, 24)
    return pages + pages % 2


def grid_of(n: int) -> tuple[int, int]:
    return GRIDS[n]


def split(box: Box, columns: int, rows: int, gap: float) -> list[Box]:
    """Cells of a columns x rows grid inside ``box``, in reading order."""
    w = (box.w - gap * (columns - 1)) / columns
    h = (box.h - gap * (rows - 1)) / rows
    return [
        Box(
            box.x0 + c * (w + gap),
            box.y1 - (r + 1) * h - r * gap,
            box.x0 + c * (w + gap) + w,
            box.y1 - r * h - r * gap,
        )
        for r in range(rows)
        for c in range(columns)
    ]


def mark_room(box: Box, wanted: float | None = None, scale: float = 1.0) -> float:
    """Room kept around a maze for the start and end arrows and their words; ``scale`` grows it on
    pages larger than Letter (by its square root: the maze needs the room too), so a poster's arrows and
    words are in proportion to its headings."""
    return wanted if wanted else max(10.0, min(34.0 * scale**0.5, 0.07 * min(box.w, box.h)))


def page_scale(layout: Layout) -> float:
    """How much larger than Letter the page is (at least 1): marks and their words grow by it."""
    return max(1.0, min(layout.trim) / 612)


def wall_for(cell: float, weight: float) -> float:
    """Walls grow with big cells, a 25th of the cell up to 10 pt: a 72 pt cell with 1.5 pt walls looks
    spindly, and so does a poster's 200 pt cell with 4 pt walls, but a 2x2 poster's walls stay walls."""
    return max(weight, min(cell / 25, 10.0))


def solution_width(cell: float) -> float:
    """The answer line's width in points for a cell this size, in every format (PDF, SVG, PNG): bold
    enough to follow at a glance (at least 1.5 pt, and a 15th of a big cell up to 16 pt, so that it is
    never thinner than the walls), and at most a third of a small cell, so that it stays clear of them."""
    return min(max(1.5, cell * 0.3), max(3.0, min(cell / 15, 16.0)))


@dataclass(frozen=True)
class Figure:
    """The sizes of a maze drawn alone (``maze --format svg`` and ``png``), in points, decided here once
    and handed to both renderers as numbers: the cell, the wall, the room around the maze for the arrows
    and their words, the arrows' size, and the answer line's width."""

    cell: float = 18.0
    wall: float = 1.5

    @property
    def room(self) -> float:
        return max(self.cell * 2, 28.0)

    @property
    def mark(self) -> float:
        return self.room * 0.85

    @property
    def solution(self) -> float:
        return solution_width(self.cell)


def fit(box: Box, width: float, height: float, room: float) -> tuple[float, float, float]:
    """Largest square cell for a W x H maze in ``box``, and the maze's centred bottom-left corner (for
    other grids, W x H is the drawing's extent in corridor widths, and a "cell" one corridor width)."""
    cell = min((box.w - 2 * room) / width, (box.h - 2 * room) / height)
    x = box.x0 + (box.w - cell * width) / 2
    y = box.y0 + (box.h - cell * height) / 2
    return cell, x, y


def wrap_words(text: str, width: int) -> list[str]:
    """The words of ``text`` in lines of at most ``width`` characters (a longer word on a line alone):
    where the letters cannot be measured, before any font is loaded."""
    lines: list[str] = []
    current = ""
    for word in text.split():
        if current and len(current) + 1 + len(word) > width:
            lines.append(current)
            current = word
        else:
            current = f"{current} {word}".strip()
    return [*lines, current] if current else lines
