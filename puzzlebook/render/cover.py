"""Draw a wrap cover (``cover.plan.CoverPlan``) with reportlab: one page, back + spine + front, its
background over the bleed, the words in the cover's ink, the art maze on a white panel drawn as the
book draws it (``render.pdf.draw_maze``), a maze page of the book small on the back, and the EAN-13
barcode drawn by reportlab's barcode module. Byte-identical for the same plan, as books are."""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import replace

from reportlab.graphics import shapes
from reportlab.graphics.barcode.eanbc import Ean13BarcodeWidget
from reportlab.lib import colors
from reportlab.pdfgen.canvas import Canvas

from .. import __version__
from ..cover.fitting import LEADING, fit_blurb
from ..cover.plan import CoverPlan, Words
from ..errors import At, Problem
from ..layout import MIN_TEXT, BookPlan, MazeFrame, Rule
from ..layout.settle import settled
from ..letters import not_in_fonts
from ..puzzles import Puzzle
from ..typeset import Line, even_lines, wrap_lines
from .fonts import Setter, draw_line, setters
from .pdf import Walls, draw_maze
from .pdfstream import Info, Writable, Writer

COVER_SUBJECT = "wrap cover: back, spine, front"
"""A cover's document subject: how `check` knows a cover given alone from a book."""
BADGE = (0.95, 0.45, 0.0)
"""The age badge's colour: the orange of the book's colour names."""
BADGE_WORDS = 1.7
"""Of the badge's radius, how wide its words may be: a line across its middle, clear of its rim."""
BADGE_SIZE = 0.42
"""Of the badge's radius, its words' largest size."""
BADGE_LINES = 2
"""Lines the badge's words may take."""
PANEL = (1.0, 1.0, 1.0)
"""The art maze's panel: the book's own white page."""


def stream_cover(
    cover: CoverPlan,
    book: BookPlan,
    puzzle_for: Callable[[int], Puzzle],
    art: Puzzle | None,
    out: Writable,
    made_from: str = "",
) -> None:
    """Write the cover's PDF to ``out``; ``book`` gives its fonts, ``puzzle_for`` the thumbnail page's
    mazes and ``art`` the front's maze."""
    regular, bold = setters(book, cover)
    canvas = Canvas(
        io.BytesIO(),
        pagesize=(cover.width, cover.height),
        invariant=1,
        pageCompression=1,
        initialFontName=regular.starting_font(),
        initialFontSize=10,
    )
    canvas.setTitle(f"{cover.title} (cover)")
    canvas.setAuthor(cover.author or "")
    canvas.setSubject(COVER_SUBJECT)
    canvas.setCreator(f"puzzlebook {__version__}")
    if made_from:
        canvas._doc.info = Info.of(canvas._doc.info, made_from)
    trim = cover.trim
    canvas.setTrimBox((trim.x0, trim.y0, trim.x1, trim.y1))
    canvas.setBleedBox((0, 0, cover.width, cover.height))
    writer = Writer(canvas, out)
    fonts = (regular, bold)
    _fill(canvas, cover, cover.background)
    canvas.rect(0, 0, cover.width, cover.height, stroke=0, fill=1)
    _front(canvas, cover, fonts, art)
    _spine(canvas, cover, bold, regular)
    _back(canvas, cover, fonts, puzzle_for)
    canvas.showPage()
    writer.page()
    writer.finish()


def _front(canvas: Canvas, cover: CoverPlan, fonts: tuple[Setter, Setter], art: Puzzle | None) -> None:
    for words in cover.words:
        _say(canvas, words, fonts[1] if words.bold else fonts[0], cover.ink, cover.cmyk)
    box = cover.art
    if box is not None and cover.art_frame is not None and art is not None:
        _fill(canvas, cover, PANEL)
        canvas.roundRect(box.x0, box.y0, box.w, box.h, box.w * 0.04, stroke=0, fill=1)
        frame = cover.art_frame
        walls = Walls(canvas, set(), None)  # type: ignore[arg-type]  # drawn once: no form to write
        draw_maze(canvas, art, frame, fonts, walls)
    if cover.badge is not None:
        x, y, r, ages = cover.badge
        _fill(canvas, cover, BADGE)
        canvas.circle(x, y, r, stroke=0, fill=1)
        _say(canvas, _badge(x, y, r, ages, fonts[1]), fonts[1], (1.0, 1.0, 1.0), cover.cmyk)


def _badge(x: float, y: float, r: float, text: str, bold: Setter) -> Words:
    """The sticker's words centred in its circle (``badge_set``)."""
    size, rows = badge_set(text, bold, r)
    size = max(MIN_TEXT, size)
    return Words(
        x,
        y + (rows - 1) * size * LEADING / 2 - size * 0.35,
        text,
        size,
        True,
        "center",
        r * BADGE_WORDS,
        rows,
    )


def badge_set(text: str, bold: Setter, r: float) -> tuple[float, int]:
    """The size and lines of a badge's words: on one line ("Ages 6-8"), or two ("Ages 3" / "and up")
    where that sets them a quarter larger; as large as they fit across the badge of radius ``r``, at
    most ``BADGE_SIZE`` of it. A size under the smallest print size is words too long for it."""
    most, room = r * BADGE_SIZE, r * BADGE_WORDS
    one = min(most, room / max(bold.line(text).width, 1e-9))
    lines = wrap_lines(text, bold, room / most, BADGE_LINES)
    two = min(most, room / max(max(line.width for line in lines), 1e-9))
    return (two, len(lines)) if len(lines) > 1 and two > 1.25 * one else (one, 1)


def _spine(canvas: Canvas, cover: CoverPlan, bold: Setter, regular: Setter) -> None:
    if not cover.spine_words:
        return
    canvas.saveState()
    canvas.translate((cover.spine.x0 + cover.spine.x1) / 2, cover.height)
    canvas.rotate(-90)  # the words run down the spine, their tops towards the front
    for words in cover.spine_words:
        _say(canvas, words, bold if words.bold else regular, cover.ink, cover.cmyk)
    canvas.restoreState()


def _back(
    canvas: Canvas, cover: CoverPlan, fonts: tuple[Setter, Setter], puzzle_for: Callable[[int], Puzzle]
) -> None:
    if cover.blurb is not None:
        fitted = fit_blurb(cover.blurb_text, fonts[0], cover.blurb.w, cover.blurb.h)
        if fitted is not None:
            size, lines = fitted
            _fill(canvas, cover, cover.ink)
            for row, line in enumerate(lines):
                y = cover.blurb.y1 - size - row * size * LEADING
                x = cover.blurb.x0 + (cover.blurb.w - line.width * size) / 2 * (cover.blurb_align == "center")
                _run(canvas, x, y, line, size)
    if cover.thumbnail is not None:
        _thumbnail(canvas, cover, fonts, puzzle_for)
    if cover.isbn is not None:
        _barcode(canvas, cover, fonts[0])


def _thumbnail(
    canvas: Canvas, cover: CoverPlan, fonts: tuple[Setter, Setter], puzzle_for: Callable[[int], Puzzle]
) -> None:
    """A maze page of the book, small and in vectors: its mazes drawn as on the page, and no words: too
    small to read, they would be specks of text under the 7 pt printers take (drawn as grey bars, they
    looked like a page not yet written)."""
    assert cover.thumbnail is not None
    box, page, scale, cut = cover.thumbnail
    _fill(canvas, cover, PANEL)
    canvas.rect(box.x0, box.y0, box.w, box.h, stroke=0, fill=1)
    canvas.saveState()
    clip = canvas.beginPath()
    clip.rect(box.x0, box.y0, box.w, box.h)
    canvas.clipPath(clip, stroke=0, fill=0)
    canvas.translate(box.x0 - cut.x0 * scale, box.y0 - cut.y0 * scale)
    canvas.scale(scale, scale)
    walls = Walls(canvas, set(), None)  # type: ignore[arg-type]
    for item in page.items:
        if isinstance(item, MazeFrame):
            puzzle = puzzle_for(item.number)
            frame = replace(item, label=0.0)  # no Start and Finish: at this size, specks under 7 pt
            signs = None
            if frame.area is not None:
                frame, _, signs = settled(frame, puzzle, _measure(fonts[1]))
            draw_maze(canvas, puzzle, frame, fonts, walls, None, signs)
        elif isinstance(item, Rule):
            canvas.setStrokeGray(item.gray)
            canvas.setLineWidth(item.width)
            canvas.line(item.x0, item.y0, item.x1, item.y1)
    canvas.restoreState()


def _barcode(canvas: Canvas, cover: CoverPlan, regular: Setter) -> None:
    """The EAN-13 of the ISBN on a white box that fills the barcode area, at its nominal size: the bars
    and digits as reportlab's barcode module places them, drawn here so its digits are set in the
    book's embedded font (its own renderer names Helvetica, which no printer gets embedded)."""
    assert cover.isbn is not None
    isbn = cover.isbn
    area = cover.barcode
    _fill(canvas, cover, (1.0, 1.0, 1.0))
    canvas.rect(area.x0, area.y0, area.w, area.h, stroke=0, fill=1)
    widget = Ean13BarcodeWidget(isbn[:12])
    widget.fontSize = 9
    widget.barHeight = 0.75 * 72
    x0, y0, x1, y1 = widget.getBounds()
    x = area.x0 + (area.w - (x1 - x0)) / 2
    y = area.y0 + (area.h - (y1 - y0)) / 2 - 6
    canvas.setFillGray(0)
    for shape in _shapes(widget.draw()):
        if isinstance(shape, shapes.Rect) and shape.fillColor == colors.black:
            canvas.rect(x + shape.x, y + shape.y, shape.width, shape.height, stroke=0, fill=1)
        elif isinstance(shape, shapes.String):
            line = regular.line(shape.text)
            shift = {"start": 0.0, "middle": 0.5, "end": 1.0}[shape.textAnchor] * line.width * shape.fontSize
            _run(canvas, x + shape.x - shift, y + shape.y, line, shape.fontSize)
    words = f"ISBN {cover.isbn_shown}"
    line = regular.line(words)
    _run(canvas, area.x0 + (area.w - line.width * 8) / 2, y + (y1 - y0) + 4, line, 8)


def _shapes(group: shapes.Group) -> list[shapes.Shape]:
    """A drawing's shapes, groups opened (a barcode's are untransformed: checked by the tests)."""
    found: list[shapes.Shape] = []
    for item in group.contents:
        found += _shapes(item) if isinstance(item, shapes.Group) else [item]
    return found


def _fill(canvas: Canvas, cover: CoverPlan, rgb: tuple[float, float, float]) -> None:
    _fill_colour(canvas, rgb, cover.cmyk)


def _fill_colour(canvas: Canvas, rgb: tuple[float, float, float], cmyk: bool) -> None:
    """A fill in RGB, or for a printer that takes only CMYK, the plain conversion of it (black as K
    alone): no colour profile, so a printer's proof is the judge of the exact shade."""
    if not cmyk:
        canvas.setFillColorRGB(*rgb)
        return
    k = 1 - max(rgb)
    if k >= 1:
        canvas.setFillColorCMYK(0, 0, 0, 1)
        return
    c, m, y = ((1 - v - k) / (1 - k) for v in rgb)
    canvas.setFillColorCMYK(round(c, 4), round(m, 4), round(y, 4), round(k, 4))


def _measure(bold: Setter) -> Callable[[str, float], float]:
    def measure(word: str, size: float) -> float:
        return bold.line(word).width * size

    return measure


def _say(canvas: Canvas, words: Words, setter: Setter, ink: tuple[float, float, float], cmyk: bool) -> None:
    """One line, or up to ``words.lines`` wrapped: shrunk to fit ``max_width``, never below the smallest
    print size; fewer lines than planned sit in the middle of the room planned for them."""
    lines = even_lines(words.text, setter, words.max_width / words.size, words.lines)
    widest = max(line.width for line in lines)
    size = words.size
    if words.max_width and widest * size > words.max_width:
        size = max(MIN_TEXT, words.max_width / widest)
    _fill_colour(canvas, ink, cmyk)
    top = words.y - (words.lines - len(lines)) * words.size * LEADING / 2
    for row, line in enumerate(lines):
        x = words.x - {"left": 0.0, "center": line.width * size / 2, "right": line.width * size}[words.align]
        _run(canvas, x, top - row * size * LEADING, line, size)


def _run(canvas: Canvas, x: float, y: float, line: Line, size: float) -> None:
    draw_line(canvas, x, y, line, size)


def cover_text_problems(cover: CoverPlan, book: BookPlan, where: Callable[[str], At]) -> list[Problem]:
    """The cover's words that cannot be printed, refused before any work: a letter in none of the
    book's fonts, words too long for their place even at the smallest print size (on the spine, or
    wrapped on the front), a blurb that does not fit the back at it. ``where`` names a cover key's place."""
    regular, bold = setters(book, cover)
    problems: dict[str, Problem] = {}
    for words in (*cover.words, *cover.spine_words):
        setter = bold if words.bold else regular
        letter = setter.missing(words.text)
        if letter is not None:
            problems.setdefault(words.key, Problem(where(words.key), not_in_fonts(letter)))
            continue
        lines = even_lines(words.text, setter, words.max_width / MIN_TEXT, words.lines)
        if max(line.width for line in lines) * MIN_TEXT > words.max_width:
            place = "the spine" if words in cover.spine_words else "the cover"
            problems.setdefault(
                words.key,
                Problem(
                    where(words.key),
                    f"is too long for {place} even at {MIN_TEXT:g} pt: give the cover a shorter one "
                    f"(cover: {words.key}: ...)",
                ),
            )
    if cover.blurb is not None and "back" not in problems:
        letter = regular.missing(cover.blurb_text.replace("\n", " "))
        if letter is not None:
            problems["back"] = Problem(where("back"), not_in_fonts(letter))
        elif fit_blurb(cover.blurb_text, regular, cover.blurb.w, cover.blurb.h) is None:
            count = len(cover.blurb_text.split())
            problems["back"] = Problem(
                where("back"),
                f"the blurb ({count} word{'s' * (count != 1)}) does not fit the back even at {MIN_TEXT:g} pt; shorten it",
            )
    if cover.badge is not None:  # the sticker's words (the cover's ``badge``), on one line or two in it
        text = cover.badge[3]
        letter = bold.missing(text)
        if letter is not None:
            problems["badge"] = Problem(where("badge"), not_in_fonts(letter))
        elif badge_set(text, bold, cover.badge[2])[0] < MIN_TEXT:
            problems["badge"] = Problem(
                where("badge"),
                f"is too long for the front's round sticker even at {MIN_TEXT:g} pt: give it fewer words, "
                "such as badge: Ages 6-8",
            )
    return list(problems.values())
