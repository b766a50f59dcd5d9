"""The page's geometry: trim and content boxes, print-on-demand margins, slots, and fitting a maze in one."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from ..kinds.weave import BRIDGE, READS, woven_wall
from ..settings import (
    ANSWER_WALL_GRAY,
    BLEED,
    GRIDS,
    GUTTERS,
    MIN_LINE,
    MIN_OUTER,
    MIN_PAGES,
    Layout,
    Margins,
)
from ..spec.request import MazeRequest
from .items import Box, MazeFrame

MARK_SHARE = 0.85
"""Of the room planned beside a maze for an end's sign, the share its arrow (and a word beside it) takes:
the rest is paper between the sign and the page's edge or the next maze."""


def planned_room(frame: MazeFrame) -> tuple[float, float]:
    """The room the layout planned round a maze for its signs, beside it and above and below it: its
    ``reach``, or its arrows' own where none was planned (an answer, a cover's art)."""
    return frame.reach or (frame.mark / MARK_SHARE,) * 2


GAP = 14.0  # pt between slots, and between a maze and its caption

CAPTION_GAP = 0.7
"""The paper between a caption's baseline and the maze's room under it, in the caption's size (6 pt at the
least): a fixed 6 pt left an 18 pt heading's descenders 2 pt above a Start arrow, and a sheet's maze
title sitting on the maze's top wall. An answer's small label keeps 6 pt, so a key packs as it did."""


LEAST_CAPTION_GAP = 6.0
"""pt under a caption at the least, and under an answer's small label."""


def under_caption(size: float, answer: bool = False) -> float:
    """The gap under a caption of ``size`` points (``CAPTION_GAP``), or under an ``answer``'s label."""
    return LEAST_CAPTION_GAP if answer else max(LEAST_CAPTION_GAP, CAPTION_GAP * size)


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


def padded(pages: int, least: int = MIN_PAGES) -> int:
    """Print-on-demand page counts: at least 24 (or the ``least`` a spec's ``pad: 100`` asks for), and
    even."""
    pages = max(pages, least)
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


WALL_SHARE = 10
"""Walls are about a tenth of the cell, as commercial children's books draw them: 3 pt at the 30 pt
cells of a young child's maze, the layout's weight where that is heavier (a book's 12 pt cells keep
their 1.5 pt), and at most ``MAX_WALL``."""
MAX_WALL = 10.0  # pt: a 2x2 poster's 400 pt cells keep walls, not bars


AGED_WALLS = 0.2
"""Of a name's cells, the most its walls take where a book's age made them heavier (``name_walls``)."""


def name_walls(layout: Layout, cell: float) -> float:
    """The walls' least weight for a name fitted in ``cell`` pt cells, under its layout's: the layout's
    weight, at most a third of the cell, as every maze's walls are; and where a book's age made them
    heavier (``Layout.aged_walls``), at most a fifth of the cell, down to the weight they had before
    the age. An age's 4 pt walls are for its 45-60 pt cells: a third of a long name's 7-10 pt cells,
    they printed it as a dark texture of narrow corridors, where the same name without the age printed
    light in the layout's 1.5 pt; a name in cells of 16 pt or more keeps them, its letters bold."""
    weight = min(layout.wall_weight, cell / 3)
    own = layout.aged_walls
    return min(weight, max(own, cell * AGED_WALLS)) if own else weight


NAME_CELL = 7.0
"""The least cell (pt) a name is drawn with on a layout of larger cells (a handout's 14 pt), as on a
full page: a name too long for the layout's cells is drawn in cells as large as its place allows, down
to these, rather than refused (it is the child's own name); its walls keep the layout's weight."""
WORDS_SHARE = 0.1
"""Of a fitted name's cells, the most its page's Start and Finish words take (``least_of``)."""


def least_of(layout: Layout, maze: MazeRequest) -> float:
    """The least cell a maze is drawn in, its walls aside: the layout's ``min_cell``, or for a name
    fitted in smaller cells (its ``min_cell``), those less ``WORDS_SHARE``, not under ``NAME_CELL``
    (nor the layout's own, where smaller), for its Start and Finish words to take the book's size. A
    name is fitted as large as its page allows: a four-year-old's "Li" in 33 pt cells left them 7 pt,
    beside arrows twice their height; in 31.7 pt cells they are 10 pt."""
    if not maze.min_cell:
        return layout.min_cell
    return max(maze.min_cell * (1 - WORDS_SHARE), min(maze.min_cell, layout.min_cell, NAME_CELL))


def least_cell(layout: Layout, maze: MazeRequest) -> float:
    """The smallest cell a maze may be drawn with: ``min_cell`` and three walls; for a weave maze, also
    the cell in which a crossing reads, its tunnel mouths ``READS`` walls and points deep; for a name
    fitted in smaller cells than the layout's, those (``least_of``)."""
    least = max(least_of(layout, maze), 3 * walls_of(layout, maze))
    if maze.weave:
        walls, points = READS
        least = max(least, walls * layout.wall_weight / BRIDGE, points)
    return least


def at_cells(layout: Layout, cell: float) -> Layout:
    """The layout a name is fitted on in ``cell`` pt cells under its own: walls as ``walls_of``."""
    return layout.model_copy(update={"min_cell": cell, "wall_weight": name_walls(layout, cell)})


def walls_of(layout: Layout, maze: MazeRequest, cell: float = 0.0) -> float:
    """The walls' least weight a maze is planned with: the layout's, or a fitted name's (``name_walls``
    of its ``min_cell``; drawn in ``cell`` pt cells, smaller where its Start and Finish words took some
    of them, ``least_of``, of those: an age's walls stay at most a fifth of the cells they draw)."""
    if not maze.min_cell:
        return layout.wall_weight
    return name_walls(layout, min(maze.min_cell, cell) if cell else maze.min_cell)


def wall_for(cell: float, weight: float, woven: bool = False) -> float:
    """The walls' weight for a cell this size: the layout's ``weight``, or a tenth of the cell where that
    is heavier (up to ``MAX_WALL``). One rule for every layout and grid, so that the children's books,
    shapes and circles, whose cells are big, get walls a child's pencil respects; a weave maze's are
    thinner where its crossings need it (``woven_wall``; its cells are large enough for the layout's)."""
    wall = max(weight, min(cell / WALL_SHARE, MAX_WALL))
    return max(MIN_LINE, woven_wall(cell, wall)) if woven else wall


def solution_width(cell: float, wall: float, mark: float = 0.0) -> float:
    """The answer line's width in points, in every format (PDF, SVG, PNG): clearly heavier than the
    walls it runs between (1.6 times them, and a fifth of the cell, at least 1.5 pt, up to 16 pt), so
    that it stands out in black and white; at most half the corridor left between the walls, so that
    it stays clear of them. With arrows ``mark`` long, no wider than their shaft over those least widths,
    so the line runs into its arrow as into its head: a class set's key drew a 5.4 pt line into an
    arrow 3 pt wide, which read as a blob at its end."""
    heavier = max(1.5, 1.6 * wall, min(cell / 5, 16.0))
    if mark:
        heavier = min(heavier, max(1.5, 1.6 * wall, 2 * SHAFT * arrow_half(cell, mark)))
    return min(heavier, (cell - wall) / 2)


def arrow_gap(cell: float) -> float:
    """Between the outer wall and its arrow: an eighth of the cell, at most 6 pt, so that on a poster's
    few big cells the arrow and its word keep the room instead of a wide gap."""
    return max(1.5, min(cell * 0.12, 6.0))


def arrow_half(cell: float, size: float) -> float:
    """Half the width of the head of an arrow ``size`` long by a ``cell`` (``signs``): as wide as the
    corridor allows, and in proportion to the arrow's length."""
    length = max(size - arrow_gap(cell), 4.0)
    return min(max(cell * 0.5, 3.0), length * 0.42)


SHAFT = 0.45
"""An arrow's shaft's half width, in its head's."""


def arrow_room(cell: float) -> float:
    """The room round an answer that makes its arrows ``ANSWER_ARROW`` of a cell long."""
    return (ANSWER_ARROW * cell + arrow_gap(cell)) / MARK_SHARE


ANSWER_ARROW = 0.5
"""Of an answer's cell, how long its arrows are at least: the room a key kept for them fits small
cells' arrows, and left a few big cells' arrows 7.5 pt long at the end of a line 5.4 pt wide (a class
set's key), a blob at the line's end."""


@dataclass(frozen=True)
class Figure:
    """The sizes of a maze drawn alone (``maze --format svg`` and ``png``), in points, decided here once
    and handed to both renderers as numbers: the cell, the wall, the room around the maze for the arrows
    and their words, the arrows' size, and the answer line's width; with the answer, the walls' gray
    (the line is black, as in a book's answer key)."""

    cell: float = 18.0
    wall: float = 1.5
    answer_wall_gray: float = ANSWER_WALL_GRAY  # the walls' gray under an answer line

    @property
    def room(self) -> float:
        return max(self.cell * 2, 28.0)

    @property
    def mark(self) -> float:
        return self.room * MARK_SHARE

    @property
    def solution(self) -> float:
        return solution_width(self.cell, self.wall, self.mark)

    def woven(self, weave: bool) -> Figure:
        """These sizes for a weave maze (``weave``) with its thinner walls (``woven_wall``)."""
        return replace(self, wall=woven_wall(self.cell, self.wall)) if weave else self


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


def word_size(layout: Layout, young: bool) -> float:
    """The one size of a book's Start and Finish words, planned from the layout: 12 pt, 14 pt for
    children up to eight (who read them), and on a page larger than Letter grown faster than the page,
    but kept under the heading (``UNDER_HEADING`` of it): a poster's words of 36.9 pt under its 40 pt
    title competed with it; and at most twice their size on Letter (at 36.9 pt a poster's arrows, as
    wide as its corridors, looked puny beside them). In tenths of a point, as the words are planned
    (``frames.slot_items``)."""
    base = 14.0 if young else 12.0
    grown = min(base * float(page_scale(layout) ** 1.5), 2 * base)
    size = min(grown, max(base, UNDER_HEADING * layout.heading_size))
    return math.floor(size * 10) / 10


UNDER_HEADING = 0.6
"""Of the heading's size, the most Start and Finish grow to on a large page."""


YOUNG = ("age-4", "age-6", "age-8")
"""The age presets whose children are still learning to read: their Start and Finish are larger."""


def for_children(mazes: list[MazeRequest]) -> bool:
    """Whether a book's mazes take their sizes from the age presets up to age-8."""
    return any(maze.size_from.removeprefix("difficulty: ") in YOUNG for maze in mazes)
