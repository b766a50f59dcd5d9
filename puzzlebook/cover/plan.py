"""The wrap cover planned as numbers, in PDF points with y up: its panels, the boxes text must stay in,
the barcode area, the words and where they go, the art maze and the thumbnail page. Nothing is drawn
here (``render.cover`` draws it) and nothing is generated (the build hands in the mazes' extents)."""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import Problem
from ..geometry import Placement, extent
from ..isbn import ean13, isbn_printed
from ..layout.covering import covering
from ..layout.frontmatter import says_count
from ..layout.items import BookPlan, Box, MazeFrame, Page
from ..layout.settle import around, drawn_boxes, frame_signs
from ..layout.signs import Box4, Measure
from ..puzzles import Puzzle
from ..settings import MIN_TEXT, colour_rgb
from ..spec.cover import COVER_COLORS
from ..spec.load import Spec
from ..typeset import Setter
from .fitting import LEADING, blurb_height, fitted
from .front import place_art
from .sizes import (
    BARCODE,
    BARCODE_INSET,
    INCH,
    PRINTERS,
    SAFE,
    SPINE_CLEAR,
    Wrap,
    pages_problem,
    spine_size,
    spine_text,
    trim_problem,
    wrap,
)

MARGIN = 0.375 * INCH
"""Where the front's and back's words start inside the trim: the printer's 0.125 in, and room to breathe."""
PAGE_SHOWN = (0.5, 0.62)
"""Of the back's height, how tall the book's page drawn on it stands (as wide as the room beside the
barcode's area allows): at least the first, and up to the second where the blurb leaves the room. Half
the height, at the bottom, left 3 in of empty back under three lines of blurb on an 8.5 x 11 in book."""
AUTHOR = 3.2
"""The front's author or publisher, in hundredths of the trim's width: bold, under the subtitle's 4.2
and the count line's 3.6 (at 4.2 a publisher's name read as large as the subtitle)."""
CLEAR_OF_BARCODE = 0.25 * INCH
"""Paper kept between the barcode's area and the blurb, or the book's page, beside or above it."""
BLURB_GAP = 0.3 * INCH
"""Between the blurb's last line and the page drawn under it."""

AGE_RANGES = {
    "age-4": (4, 5),
    "age-6": (6, 8),
    "age-8": (7, 10),
    "age-10": (9, 11),
    "age-12": (12, 14),
}
"""The readers' ages each preset suits, as the badge on the front says them (see ``spec.model.AGES``)."""


@dataclass(frozen=True)
class Words:
    """One line (or, with ``lines`` over 1, a wrapped block) of the cover's words, in points: ``x`` and
    ``y`` are the baseline's anchor, shrunk to ``max_width`` down to the smallest print size."""

    x: float
    y: float
    text: str
    size: float
    bold: bool = False
    align: str = "center"
    max_width: float = 0.0
    lines: int = 1
    key: str = ""  # the cover's key the words come from, for problems with them


@dataclass(frozen=True)
class CoverPlan:
    """Everything the cover's PDF holds, as numbers."""

    wrap: Wrap
    width: float
    height: float
    trim: Box  # the whole cover, cut: bleed (or wrap) off every outer edge
    back: Box
    spine: Box
    front: Box
    safe: tuple[Box, ...]  # back, front (and the spine's, with spine text): where words may be
    barcode: Box
    background: tuple[float, float, float]
    ink: tuple[float, float, float]
    words: tuple[Words, ...]  # on the front and the back
    spine_words: tuple[Words, ...]  # along the spine, top to bottom: x runs down it from its top
    blurb: Box | None  # where the back's words wrap
    blurb_text: str
    blurb_align: str  # "left", or "center" over a page centred on the back
    badge: tuple[float, float, float, str] | None  # a circle's centre, radius and its words
    art: Box | None  # the panel the art maze sits on
    art_frame: MazeFrame | None
    thumbnail: tuple[Box, Page, float, Box] | None  # where, the page drawn, its scale and its trim
    isbn: str | None  # the 13 digits the barcode carries
    isbn_shown: str  # above the bars: as the spec writes it, when that is the 13-digit ISBN
    title: str
    author: str | None
    cmyk: bool = False  # the printer takes CMYK colours only (IngramSpark)


def inches(size: tuple[float, float]) -> tuple[float, float]:
    return size[0] / INCH, size[1] / INCH


def cover_problems(spec: Spec, plan: BookPlan, trim: tuple[float, float]) -> list[Problem]:
    """What makes a cover impossible before any work: a screen edition (it is never printed), a layout
    for office printers without a trim size (a handout's page is not a book's), a trim or a page count
    the printer will not bind."""
    cover = spec.book.cover
    if cover is None:
        return []
    where = spec.where("cover")
    if spec.book.edition == "screen":
        return [Problem(where, "a cover is for a printed book, and this is a screen edition: set edition: print, or remove cover:")]  # fmt: skip
    if plan.rules == "office" and spec.book.page_size is None:
        return [
            Problem(
                where,
                f"layout {spec.book.layout} is for office printers and names no trim size for a bound book: "
                "add page_size: such as 8.5x11in, or remove cover:",
            )
        ]
    problems = []
    # the printer where the spec names it, else the cover: "cover.printer" named a key no one wrote
    printer = spec.where("cover", "printer") if "printer" in cover.model_fields_set else where
    trimmed = trim_problem(inches(trim), cover.printer)
    if trimmed:  # told where the size was written, or where the printer was
        problems.append(Problem(spec.where("page_size") if spec.book.page_size else printer, trimmed))
    wrong = pages_problem(len(plan.pages), cover.printer)
    return problems + ([Problem(printer, wrong)] if wrong else [])


def cover_wrap(spec: Spec, plan: BookPlan, trim: tuple[float, float]) -> Wrap:
    """The wrap of the book's cover: its trim (points), its page count (padding included) on its paper,
    for its printer."""
    cover = spec.book.cover
    assert cover is not None
    return wrap(inches(trim), len(plan.pages), cover.paper, cover.printer, cover.spine_per_page)


def cover_notes(spec: Spec, plan: BookPlan, trim: tuple[float, float]) -> list[tuple[str, str]]:
    """What the cover does other than one might expect, each with the key under `cover:` it is of ("" for
    the section): no spine words on a thin book, no badge where there is no art, and sizes that come
    from third-party guides rather than the printer's own template."""
    cover = spec.book.cover
    if cover is None:
        return []
    pages = len(plan.pages)
    made = cover_wrap(spec, plan, trim)
    chosen = PRINTERS[cover.printer]
    said: list[tuple[str, str]] = []
    if pages < chosen.spine_text_pages:
        said.append(
            (
                "",
                f"no words on the spine: {pages} pages make a spine of {made.spine:.3f} in, and "
                f"{chosen.name} takes spine text from {chosen.spine_text_pages} pages",
            )
        )
    elif not spine_text(pages, cover.printer, made.spine):
        said.append(
            (
                "",
                f"no words on the spine: {pages} pages make a spine of {made.spine:.3f} in, too thin for "
                f"{MIN_TEXT:g} pt letters with {SPINE_CLEAR:g} in clear of each fold",
            )
        )
    sticker = badge_words(spec) if cover.badge is not None else None
    if sticker and cover.art == "none":  # a badge the spec asked for, with no art to stand by
        said.append(
            (
                "badge",
                f'no badge: "{sticker}" stands by the front\'s art, and art: none has none; choose an art',
            )
        )
    if not chosen.verified:
        said.append(
            (
                "",
                f"the sizes for {chosen.name} come from third-party guides, not the printer's own template "
                f"(read {chosen.read}): compare the cover with the printer's template before you upload it",
            )
        )
    return said


BADGE_BOXES = ((1.0, 0.6), (0.6, 1.0), (0.8, 0.8))
"""Half widths and heights, in a badge's radius, of three boxes that hold its disc between them."""
BADGE_TRIES = 8
"""Times the front's art is made smaller to stand clear of the age badge, at most (a fifth of the
badge's radius each side, each time)."""


def _drawn(frame: MazeFrame, puzzle: Puzzle, measure: Measure) -> list[Box4]:
    """The boxes the front's maze and each of its signs take: what the badge may not cover (the room
    planned round them for signs on every side is mostly paper: kept clear, it halved a 6x9 front's
    art)."""
    return drawn_boxes(frame, puzzle, frame_signs(frame, puzzle, measure), measure)


def _badge_by(
    frame: MazeFrame | None,
    art: tuple[MazeFrame, Puzzle] | None,
    radius: float,
    most_x: float,
    most_y: float,
    measure: Measure,
) -> tuple[float, float]:
    """The badge's centre: just off the top right corner of the maze and its signs, within ``most_x``
    and ``most_y`` (the front's margin, the words above the art)."""
    if frame is None or art is None:
        return most_x, most_y
    _, _, x1, y1 = around(_drawn(frame, art[1], measure))
    off = radius * 0.75  # diagonally: the circle just clears the corner
    return min(x1 + off, most_x), min(y1 + off, most_y)


def _under(
    centre: tuple[float, float], radius: float, frame: MazeFrame, puzzle: Puzzle, measure: Measure
) -> bool:
    """Whether a badge of ``radius`` at ``centre`` covers the maze's cells (a shape's, not its box: the
    corner a heart's lobe leaves empty took no badge, and the art was made a fifth smaller for it) or
    one of its signs. The disc is held as three boxes that hold it: a band across, one down, a square."""
    near = covering(puzzle.maze, Placement(frame.x, frame.y, frame.cell, extent(puzzle.maze)[1]), frame.wall)
    x, y = centre
    if any(near((x - a * radius, y - b * radius, x + a * radius, y + b * radius)) for a, b in BADGE_BOXES):
        return True
    for x0, y0, x1, y1 in _drawn(frame, puzzle, measure)[1:]:  # the signs (the first is the maze's box)
        dx = max(x0 - x, 0.0, x - x1)
        dy = max(y0 - y, 0.0, y - y1)
        if dx * dx + dy * dy < radius * radius:
            return True
    return False


def badge_words(spec: Spec) -> str | None:
    """The words on the front's sticker: the cover's ``badge``, else the book's ages (``age_badge``);
    None for no sticker (``badge: none``)."""
    written = spec.book.cover.badge if spec.book.cover is not None else None
    if written is not None:  # "false", "no" and "off" as YAML writers mean them (bleed: false), not words;
        # "" is a sticker with nothing on it: none
        return None if written.strip().lower() in ("", "none", "false", "no", "off") else written
    return age_badge(spec)


def age_badge(spec: Spec) -> str | None:
    """ "Ages 6-8" when the book's mazes are sized by children's age presets; None when none is. An
    adult book has none unasked: an orange "Adults" sticker on a shop's listing reads as adult content
    (a newcomer's trial); ``badge:`` says what a book is sold for."""
    ages = {spec.book.difficulty} | {
        e.difficulty
        for e in spec.book.mazes
        if isinstance(e.difficulty, str) and e.difficulty.startswith(("age", "adult"))
    }
    ranges = [AGE_RANGES[a] for a in ages if a in AGE_RANGES]
    if ranges:
        low, high = min(r[0] for r in ranges), max(r[1] for r in ranges)
        return f"Ages {low}-{high}"
    return None


def count_line(mazes: int, answers: bool, said: bool = False) -> str:
    """The front's line under the art: "40 mazes with solutions"; where the title or subtitle ``said``
    the count, "With solutions" ("" without answers)."""
    if said:
        return "With solutions" if answers else ""
    noun = "maze" if mazes == 1 else "mazes"
    return f"{mazes} {noun} with solutions" if answers else f"{mazes} {noun}"


def _page_on_back(
    cut: Box, back: Box, barcode: Box, top: float, th: float, blurb: bool
) -> tuple[Box, float, str]:
    """Where the book's page stands on the back (under ``top``, the blurb's foot), and its scale:
    centred across the back above the barcode's area, where that draws it at least ``CENTRED`` as
    large, else left of the area and down to the margin (a long blurb leaves it no room above). Right
    under the blurb; with none, at the bottom of its room. Left of the area alone, a page under a short
    blurb left a third of the back's width empty beside it. With the page, how the words above it align."""
    gap, lowest = CLEAR_OF_BARCODE, back.y0 + MARGIN
    under = top - lowest  # from the blurb's last line down to the margin
    tall = min(max(PAGE_SHOWN[0] * th, under), PAGE_SHOWN[1] * th)  # a page shows the book
    beside = min((barcode.x0 - gap - back.x0 - MARGIN) / cut.w, tall / cut.h)
    over = top - barcode.y1 - gap  # above the barcode's area
    across = min((back.w - 2 * MARGIN) / cut.w, min(over, PAGE_SHOWN[1] * th) / cut.h)
    if across >= CENTRED * beside:
        w, h = cut.w * across, cut.h * across
        x0, y0 = back.x0 + (back.w - w) / 2, top - h if blurb else barcode.y1 + gap
        return Box(x0, y0, x0 + w, y0 + h), across, "center"
    w, h = cut.w * beside, cut.h * beside
    y0 = lowest + (max(0.0, under - h) if blurb else 0.0)
    return Box(back.x0 + MARGIN, y0, back.x0 + MARGIN + w, y0 + h), beside, "left"


TITLE_ROWS = 3
"""The most lines a cover's title wraps into before it is made smaller."""
TITLE_FOOT = 0.35
"""Below the title's last baseline, in its size, before the subtitle's line: its descenders and a gap.
A line kept for a second line the title did not need stood the subtitle 62 pt under a one-line title,
with the author's name crammed 0.33 in from the trim."""
CAP_HEIGHT = 0.72
"""A capital's height in the bold face, in font sizes."""
DESCENT = 0.22
"""How far a line's descenders reach under its baseline, in font sizes."""


CENTRED = 0.85
"""Of the size the book's page gets beside the barcode's area, the least it takes centred above it."""


def plan_cover(
    spec: Spec,
    plan: BookPlan,
    trim: tuple[float, float],
    art: tuple[MazeFrame, Puzzle] | None,
    thumbnail: Page | None,
    mazes: int,
    fonts: tuple[Setter, Setter],
) -> CoverPlan:
    """The cover of ``plan``'s book (trimmed to ``trim`` points; its page count, padding included, sizes
    the spine). ``art`` is the maze the front shows, as its book page frames it; ``thumbnail`` a
    maze page of the book, drawn small on the back; ``fonts`` (regular, bold) set the blurb, and the
    art's signs."""
    cover = spec.book.cover
    assert cover is not None
    book = spec.book
    pages = len(plan.pages)
    made = cover_wrap(spec, plan, trim)
    width, height = made.points
    edge = made.edge * INCH
    tw, th = trim
    back = Box(edge, edge, edge + tw, edge + th)
    spine_x0 = made.spine_x * INCH
    spine = Box(spine_x0, edge, spine_x0 + made.spine * INCH, edge + th)
    front = Box(width - edge - tw, edge, width - edge, edge + th)
    safe_in = SAFE * INCH
    safe = [
        Box(back.x0 + safe_in, back.y0 + safe_in, back.x1 - safe_in, back.y1 - safe_in),
        Box(front.x0 + safe_in, front.y0 + safe_in, front.x1 - safe_in, front.y1 - safe_in),
    ]
    inset = BARCODE_INSET * INCH
    barcode = Box(
        back.x1 - inset - BARCODE[0] * INCH,
        back.y0 + inset,
        back.x1 - inset,
        back.y0 + inset + BARCODE[1] * INCH,
    )
    title = cover.title or book.title
    subtitle = cover.subtitle if cover.subtitle is not None else book.subtitle
    author = cover.author if cover.author is not None else book.author

    # the front: title and subtitle at the top, the art in the middle, the count line and author below
    inner = Box(front.x0 + MARGIN, front.y0 + MARGIN, front.x1 - MARGIN, front.y1 - MARGIN)
    unit = tw / 100
    words: list[Words] = []
    mid = (inner.x0 + inner.x1) / 2
    regular, bold = fonts
    title_size, rows = fitted(title, bold, min(8.5 * unit, 60.0), inner.w, TITLE_ROWS)
    y = inner.y1 - title_size
    words.append(Words(mid, y, title, title_size, True, "center", inner.w, rows, "title"))
    y -= title_size * (LEADING * (rows - 1) + TITLE_FOOT)
    if subtitle:
        size, rows = fitted(subtitle, regular, max(4.2 * unit, 9.0), inner.w, 2)
        y -= size * 1.7
        words.append(Words(mid, y, subtitle, size, False, "center", inner.w, rows, "subtitle"))
        y -= size * (LEADING * (rows - 1) + 1.15)
    top_of_art = y - 2.5 * unit
    # the words at the foot stand as far above the trim as the title's capitals stand below it
    bottom = inner.y0 + title_size * (1 - CAP_HEIGHT)
    if author:  # under the subtitle and the count line in size: bold at the subtitle's, it outranked both
        size = max(AUTHOR * unit, 8.0)
        bottom += size * DESCENT
        words.append(Words(mid, bottom, author, size, True, "center", inner.w, 1, "author"))
        bottom += size * 1.8
    answers = plan.answers is not None or any(p.kind == "answers" for p in plan.pages)
    line = count_line(mazes, answers, says_count(mazes, title, subtitle))
    if line:
        size = max(3.6 * unit, 8.0)
        words.append(Words(mid, bottom, line, size, False, "center", inner.w))
        bottom += size * 2.0
    # the maze takes the room left between the words, on a panel fitted to it and its signs
    art_box: Box | None = None
    frame: MazeFrame | None = None

    def measure(word: str, size: float) -> float:
        return bold.line(word).width * size

    if art is not None:
        art_box, frame = place_art(Box(inner.x0, bottom, inner.x1, top_of_art), art[0], art[1], measure)
    sticker = badge_words(spec) if cover.art != "none" else None
    badge = None
    if sticker:  # by the art (where a book is checked, before its art is made: in the art's corner)
        r = max(9 * unit, 22.0)
        art_room = Box(inner.x0, bottom, inner.x1, top_of_art)
        # a sticker by the maze's top right corner, off its cells (on the panel's corner, it covered a
        # cat's ear): where the front has no room for it there, the art is made a little smaller
        centre = _badge_by(frame, art, r, inner.x1 - r, top_of_art - r, measure)
        for _ in range(BADGE_TRIES):
            if (
                art is None
                or frame is None
                or measure is None
                or not _under(centre, r, frame, art[1], measure)
            ):
                break
            art_room = Box(art_room.x0 + r * 0.2, art_room.y0, art_room.x1 - r * 0.2, art_room.y1 - r * 0.2)
            art_box, frame = place_art(art_room, art[0], art[1], measure)
            centre = _badge_by(frame, art, r, inner.x1 - r, top_of_art - r, measure)
        badge = (*centre, r, sticker)

    # the spine: title from the top, author towards the bottom, clear of both folds
    spine_words: list[Words] = []
    if spine_text(pages, cover.printer, made.spine):
        size = spine_size(made.spine)
        length = th - 2 * MARGIN
        start = edge + MARGIN  # from the cover's top edge, running down
        shift = -size * 0.35  # the letters' middle on the spine's middle
        if author:
            spine_words.append(Words(start, shift, title, size, True, "left", length * 0.62, 1, "title"))
            spine_words.append(
                Words(
                    start + length,
                    shift,
                    author,
                    max(size * 0.8, MIN_TEXT),
                    False,
                    "right",
                    length * 0.33,
                    1,
                    "author",
                )
            )
        else:
            spine_words.append(
                Words(start + length / 2, shift, title, size, True, "center", length, 1, "title")
            )
        clear = SPINE_CLEAR * INCH
        safe.append(Box(spine.x0 + clear, spine.y0 + safe_in, spine.x1 - clear, spine.y1 - safe_in))

    # the back: the blurb above, a maze page small at the bottom left, the barcode's area kept clear
    size, rows = fitted(title, bold, min(6.0 * unit, 40.0), back.w - 2 * MARGIN, 2)
    top = back.y1 - MARGIN
    heading = top - size  # the title over the blurb
    top -= size * LEADING * rows + 0.25 * INCH if cover.back else 0.0
    floor = barcode.y1 + CLEAR_OF_BARCODE
    thumb, align = None, "left"
    if thumbnail is not None:  # a page of the book as cut, under the blurb
        cut = plan.trims[thumbnail.number - 1] if plan.trims else Box(0, 0, plan.width, plan.height)
        blurb = blurb_height(cover.back, regular, back.w - 2 * MARGIN) + BLURB_GAP if cover.back else 0.0
        shown, scale, align = _page_on_back(cut, back, barcode, top - blurb, th, bool(cover.back))
        thumb = (shown, thumbnail, scale, cut)
        floor = max(floor, shown.y1 + BLURB_GAP)
    if cover.back:  # the title and the blurb on the page's axis: centred over a centred page
        x = back.x0 + MARGIN if align == "left" else (back.x0 + back.x1) / 2
        words.append(Words(x, heading, title, size, True, align, back.w - 2 * MARGIN, rows, "title"))
    blurb_box = Box(back.x0 + MARGIN, floor, back.x1 - MARGIN, top) if cover.back else None
    isbn = cover.isbn or book.isbn
    return CoverPlan(
        wrap=made,
        width=width,
        height=height,
        trim=Box(edge, edge, width - edge, height - edge),
        back=back,
        spine=spine,
        front=front,
        safe=tuple(safe),
        barcode=barcode,
        background=colour_rgb(cover.background, COVER_COLORS),
        ink=colour_rgb(cover.ink, COVER_COLORS),
        words=tuple(words),
        spine_words=tuple(spine_words),
        blurb=blurb_box,
        blurb_text=cover.back or "",
        blurb_align=align,
        badge=badge,
        art=art_box,
        art_frame=frame,
        thumbnail=thumb,
        isbn=ean13(isbn) if isbn else None,
        isbn_shown=isbn_printed(isbn) if isbn else "",
        title=title,
        author=author,
        cmyk=PRINTERS[cover.printer].cmyk,
    )
