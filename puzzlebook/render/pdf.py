"""Draw a BookPlan with reportlab (which only render/ knows).

Output is byte-identical for the same plan (``invariant=1``: fixed dates and document id), every font is
embedded (the canvas's initial font is our TrueType font, not an unembedded Helvetica), and each maze is
one stroked path of merged wall runs with square caps, so corners close cleanly.

The file is streamed: each page is written out as soon as it is drawn (``pdfstream.Writer``), so a book of
thousands of pages is made in the memory of a few.

A maze drawn twice in one file (its page and its answer) has its walls written once, as a form XObject
that both pages place. The form sets no line width, cap or colour: per PDF 32000-1 8.10.1 it draws with
the graphics state in effect where it is placed, so each page gives the walls its own weight.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Literal

from reportlab import rl_config
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase.pdfdoc import (
    PDFDictionary,
    xObjectName,
)
from reportlab.pdfgen.canvas import Canvas

from .. import __version__
from ..accents import accent_areas, round_marks
from ..artwork import PICTURES, placed
from ..drawn import FORM_PREAMBLE, Ahead, form_box, form_stream, num, solution_path, wall_path
from ..geometry import OUTLINE, extent, inside_areas, outline_runs
from ..graph import GraphMaze
from ..layout import (
    MIN_LINE,
    MIN_TEXT,
    BookPlan,
    Box,
    Link,
    MazeFrame,
    MazeInfo,
    Page,
    Rule,
    Text,
    drawing_order,
    drawn_twice,
)
from ..layout.badges import badge_shown
from ..layout.items import TAG_ABOVE, TAG_BELOW
from ..layout.settle import frame_signs, settled
from ..layout.signs import Mark
from ..puzzles import Puzzle
from ..typeset import text_lines
from .fonts import Setter, draw_line, setters
from .pdfstream import Info, Writable, Writer
from .pictures import draw_pdf as draw_pictures

rl_config.useA85 = 0  # binary compressed streams: a quarter smaller than ASCII85 text, and faster


NO_RESOURCES = PDFDictionary({})
"""A walls form uses no fonts or images, so it says so in two bytes rather than naming the book's fonts."""


def write_pdf(
    plan: BookPlan,
    puzzle_for: Callable[[int], Puzzle],
    progress: Callable[[int], None] | None = None,
) -> bytes:
    """The whole PDF in memory, for callers that want its bytes (one maze, a preview, a check)."""
    buffer = io.BytesIO()
    stream_pdf(plan, puzzle_for, buffer, progress)
    return buffer.getvalue()


def stream_pdf(
    plan: BookPlan,
    puzzle_for: Callable[[int], Puzzle],
    out: Writable,
    progress: Callable[[int], None] | None = None,
    made_from: str | None = None,
    left_out: LeftOut | None = None,
    ahead: Ahead | None = None,
) -> None:
    """Write the PDF to ``out`` as it is made: each page, and each maze's walls form, is written and let
    go as soon as it is finished, so memory stays flat however many pages the book has. ``made_from``
    goes into the document information as ``MADE_FROM``; ``left_out`` gathers the mazes whose words or
    pictures by the arrows found no room, for the build to tell; ``ahead`` gives the walls forms and
    answers' lines written where the mazes were made (see ``puzzlebook.drawn``), each taken once placed."""
    regular, bold = setters(plan)
    canvas = Canvas(
        io.BytesIO(),  # never written: ``Writer`` writes the file
        pagesize=(plan.width, plan.height),
        invariant=1,
        pageCompression=1,
        initialFontName=bold.starting_font(),  # the captions' font: a page of one maze prints no other
        initialFontSize=10,
    )
    canvas.setTitle(plan.title)
    canvas.setAuthor(plan.author or "")
    canvas.setSubject(plan.subject)
    canvas.setCreator(f"puzzlebook {__version__}")
    canvas.setKeywords("maze, puzzle, activity book")
    if made_from or plan.rules:
        canvas._doc.info = Info.of(canvas._doc.info, made_from or "", plan.rules)
    screen = plan.edition == "screen"
    if screen:
        canvas.showOutline()
    trims = plan.trims or [Box(0, 0, plan.width, plan.height)] * len(plan.pages)
    writer = Writer(canvas, out)
    walls = Walls(canvas, drawn_twice(plan), writer, ahead)
    order = drawing_order(plan.pages)  # each answer page as soon as its mazes' pages
    for index in order:
        page, trim = plan.pages[index], trims[index]
        if screen:
            canvas.bookmarkPage(f"p{page.number}")  # a destination for links, on every page
        if plan.edition == "print":
            canvas.setTrimBox((trim.x0, trim.y0, trim.x1, trim.y1))
            if plan.bleed:
                canvas.setBleedBox((0, 0, plan.width, plan.height))
        _draw_page(canvas, page, puzzle_for, (regular, bold), walls, left_out)
        canvas.showPage()
        writer.page(f"p{page.number}" if screen else None)
        if progress:
            progress(1)
    for page in plan.pages if screen else ():  # the outline in the book's order, whatever was drawn first
        if page.bookmark:
            canvas.addOutlineEntry(page.bookmark, f"p{page.number}", level=0)
    writer.finish(order)


class Walls:
    """Writes a maze's walls in grid units (integers, so no float formatting), once for a maze drawn
    more than once; from ``ahead`` where its walls and answer's line were written where it was made."""

    def __init__(self, canvas: Canvas, shared: set[int], writer: Writer, ahead: Ahead | None = None) -> None:
        self.canvas = canvas
        self.shared = shared
        self.writer = writer
        self.written: set[int] = set()
        self.ahead = ahead
        self.marked: dict[int, float] = {}

    def marks_cell(self, number: int, cell: float) -> float:
        """The cell a maze's accents and dots are drawn for (``accents.drawn_marks``): its first
        drawing's in this file, so its answer draws them as its own page does."""
        return self.marked.setdefault(number, cell)

    def draw(self, number: int, puzzle: Puzzle) -> None:
        canvas = self.canvas
        if number not in self.shared:
            canvas.addLiteral(wall_path(puzzle))
            return
        name = f"walls{number}"
        if number not in self.written:
            preamble = canvas._preamble
            form = None if self.ahead is None else self.ahead.form(number)
            if form is not None and preamble == FORM_PREAMBLE:
                self.writer.made_form(name, form)
            else:
                canvas.beginForm(name, *form_box(puzzle))
                canvas.endForm(Resources=NO_RESOURCES)
                self.writer.form(xObjectName(name), form_stream(wall_path(puzzle), preamble))
            self.written.add(number)
        canvas.doForm(name)

    def solution(self, number: int, puzzle: Puzzle) -> str:
        """The answer's line as a path, written where the maze was made, or now; "" for none."""
        line = None if self.ahead is None else self.ahead.line(number)
        return solution_path(puzzle) if line is None else line


def _draw_page(
    canvas: Canvas,
    page: Page,
    puzzle_for: Callable[[int], Puzzle],
    fonts: tuple[Setter, Setter],
    walls: Walls,
    left_out: LeftOut | None = None,
) -> None:
    def measure(word: str, size: float) -> float:
        return fonts[1].line(word).width * size

    drops: dict[int, float] = {}  # how far a settled maze's info line (drawn after it) moves with it
    for item in page.items:
        if isinstance(item, Text):
            _text(canvas, item, fonts)
        elif isinstance(item, Rule):
            canvas.setStrokeGray(item.gray)
            canvas.setLineWidth(item.width)
            canvas.setLineCap(0)
            canvas.line(item.x0, item.y0, item.x1, item.y1)
        elif isinstance(item, MazeFrame):
            puzzle = puzzle_for(item.number)
            signs = None
            if item.area is not None:
                item, drops[item.number], signs = settled(item, puzzle, measure)
            draw_maze(canvas, puzzle, item, fonts, walls, left_out, signs)
        elif isinstance(item, Link):
            canvas.linkRect(
                "", f"p{item.page}", (item.x0, item.y0, item.x1, item.y1), relative=0, thickness=0
            )
        elif isinstance(item, MazeInfo):
            puzzle = puzzle_for(item.number)
            rated = {"Easy": 0, "Medium": 1, "Hard": 2}.get(puzzle.rating or "")
            parts = [item.ratings[rated]] if item.rating and rated is not None else []
            if item.seed:
                seed = f"{item.words[0]} {puzzle.seed}"
                w, h = puzzle.maze.width, puzzle.maze.height
                size = (
                    f"{w} {item.words[1]}"
                    if isinstance(puzzle.maze, GraphMaze) and puzzle.maze.grid.kind.name == "circle"
                    else f"{w}×{h}"
                )
                parts.append(seed if item.short else f"{puzzle.algorithm} · {size} · {seed}")
            if item.answer:
                parts.append(item.answer)
            alone = item.rating and not item.seed  # Easy, Medium or Hard by itself: for the child to read
            y = item.y + (0.0 if item.fixed else drops.get(item.number, 0.0))
            shown = Text(
                item.x, y, " · ".join(parts), item.size, alone, "center", gray=0.2 if alone else 0.35
            )
            if alone and item.fixed:  # the child's rating, in its tag under the heading
                _tag(canvas, item.x, y, fonts[1].line(shown.text).width * item.size, item.size)
            _text(canvas, shown, fonts)


def _answer_pen(canvas: Canvas, frame: MazeFrame, unit: float) -> None:
    """The answer line's ink, width (in ``unit`` points), round caps and joins."""
    if frame.solution_color == (0.0, 0.0, 0.0):
        canvas.setStrokeGray(0)  # black as a gray: one ink on a black-and-white interior
    else:
        canvas.setStrokeColorRGB(*frame.solution_color)
    canvas.setLineWidth(frame.solution_width / unit)
    canvas.setLineCap(1)
    canvas.setLineJoin(1)


def _tag(canvas: Canvas, x: float, y: float, wide: float, size: float) -> None:
    """A rounded gray outline round a word ``wide`` points across, centred on ``x``, its baseline ``y``."""
    pad = TAG_PAD * size
    canvas.setStrokeGray(TAG_GRAY)
    canvas.setLineWidth(MIN_LINE)
    tall = (TAG_ABOVE + TAG_BELOW) * size
    canvas.roundRect(
        x - wide / 2 - pad, y - TAG_BELOW * size, wide + 2 * pad, tall, tall / 2, stroke=1, fill=0
    )
    canvas.setStrokeGray(0)


TAG_PAD, TAG_GRAY = 0.6, 0.45
"""A rating's tag: the paper each side of its word (in its size), and its outline's gray, drawn at the
thinnest line print-on-demand reproduces (``MIN_LINE``)."""


def _text(canvas: Canvas, item: Text, fonts: tuple[Setter, Setter]) -> None:
    """One line, run by run in a single text object, shrunk to fit ``max_width`` and aligned as a whole;
    a ``wrap`` text too wide for one line takes two (the first above), and shrinks only if they are too."""
    setter = fonts[1] if item.bold else fonts[0]
    lines = text_lines(item, setter)
    size = item.size
    widest = max(line.width for line in lines)
    if item.max_width and widest * size > item.max_width:
        size = max(MIN_TEXT, item.max_width / widest)  # never below the printable minimum
    canvas.setFillGray(item.gray)
    for row, line in enumerate(lines):
        x = item.x - {"left": 0.0, "center": line.width * size / 2, "right": line.width * size}[item.align]
        y = item.y - row * size * 1.15 if item.hang else item.y + (len(lines) - 1 - row) * size * 1.15
        draw_line(canvas, x, y, line, size)
    canvas.setFillGray(0)


KAPPA = 0.5522847498
"""How far an ellipse's Bézier handles reach, in its half axes: four quarter curves make its round."""


def _ellipse(x: float, y: float, rx: float, ry: float) -> str:
    """An ellipse about (x, y) as a closed path of four curves (a word's large dot, ``round_marks``)."""
    kx, ky = rx * KAPPA, ry * KAPPA
    quarters = (
        (x + rx, y + ky, x + kx, y + ry, x, y + ry),
        (x - kx, y + ry, x - rx, y + ky, x - rx, y),
        (x - rx, y - ky, x - kx, y - ry, x, y - ry),
        (x + kx, y - ry, x + rx, y - ky, x + rx, y),
    )
    return f"{num(x + rx)} {num(y)} m " + " ".join(" ".join(map(num, q)) + " c" for q in quarters) + " h"


def _filled(areas: list[tuple[tuple[float, float], ...]]) -> str:
    """Polygons in grid units as one filled path."""
    drawn = (" ".join(f"{num(x)} {num(y)} {'l' if k else 'm'}" for k, (x, y) in enumerate(a)) for a in areas)
    return " h\n".join(drawn) + " h\nf"


LeftOut = dict[int, set[tuple[str, str]]]
"""Maze number -> what its arrows lost, and at which end: ("start", "words"), ("end", "pictures"),
("start", "inside") for an end inside the maze, a badge, which never has a picture, and ("start",
"letter") for such a badge too small to spell its word."""


def draw_maze(
    canvas: Canvas,
    puzzle: Puzzle,
    frame: MazeFrame,
    fonts: tuple[Setter, Setter],
    walls: Walls,
    left_out: LeftOut | None = None,
    signs: list[Mark] | None = None,
) -> None:
    """One maze: its walls (and solution), then its signs (``signs``: already placed for this frame)."""
    _, height = extent(puzzle.maze)
    cell = frame.cell
    canvas.saveState()
    # Draw in grid units (x right, y down, one unit per cell): coordinates become small integers, which
    # makes a maze page a fraction of the size; line widths are given in cells to match.
    canvas.transform(cell, 0, 0, -cell, frame.x, frame.y + cell * height)
    canvas.setStrokeGray(frame.wall_gray)  # under an answer line, a mid gray: the line reads first
    canvas.setLineWidth(frame.wall / cell)
    # square caps close the corners where square runs meet; slanted walls meet at other angles, where
    # round caps close them without spurs
    canvas.setLineCap(1 if isinstance(puzzle.maze, GraphMaze) else 2)
    canvas.setLineJoin(0)
    marks_at = walls.marks_cell(frame.number, cell)  # the answer's marks drawn as its page's are
    if frame.tint is not None and not frame.answer:  # under the walls, light enough to colour over;
        canvas.setFillColorRGB(*frame.tint)  # an outlined dot or accent too, as its letters are
        canvas.addLiteral(_filled(inside_areas(puzzle) + accent_areas(puzzle, marks_at, outlined=True)))
        canvas.setFillGray(0)
    walls.draw(frame.number, puzzle)
    outline = outline_runs(puzzle, marks_at)
    dots = round_marks(puzzle, marks_at)
    if outline or dots:  # a shape's outline over its walls, heavier, so the shape reads before its corridors
        canvas.setLineWidth(frame.wall * OUTLINE / cell)
        runs = [f"{num(a)} {num(b)} m {num(c)} {num(d)} l" for a, b, c, d in outline]
        canvas.addLiteral("n\n" + "\n".join(runs + [_ellipse(*dot) for dot in dots]) + "\nS")
    accents = accent_areas(puzzle, marks_at)
    if accents:  # a word's small accents and dots, solid in the walls' ink: marks, not corridors
        canvas.setFillGray(frame.wall_gray)
        canvas.addLiteral(_filled(accents))
        canvas.setFillGray(0)
    line = walls.solution(frame.number, puzzle) if frame.answer else ""
    if line:  # over the walls, where it meets them at the openings
        _answer_pen(canvas, frame, cell)
        canvas.addLiteral(line)  # as reportlab's path object writes it
        canvas.addLiteral("S")
    canvas.setStrokeGray(0)
    canvas.restoreState()
    canvas.setFillGray(0)

    def measure(word: str, size: float) -> float:
        return fonts[1].line(word).width * size

    if signs is None:
        signs = frame_signs(frame, puzzle, measure)
    leads = [mark.lead for mark in signs if mark.lead] if line else []
    if leads:  # the line on to the arrows kept off a zigzag's walls, in page points
        canvas.saveState()
        _answer_pen(canvas, frame, 1.0)
        ends = [[fp_str(round(x, 2), round(y, 2)) for x, y in lead] for lead in leads]
        canvas.addLiteral("\n".join(f"{a} m {b} l" for a, b in ends) + "\nS")
        canvas.restoreState()
    if left_out is not None and not frame.answer:
        lost = {(m.role, "words") for m in signs if m.kind == "arrow" and m.word and not m.label}
        lost |= {  # an end inside the maze (a circle's centre) is a badge, never a picture: told apart
            (m.role, "inside" if m.kind == "inner" else "pictures")
            for m in signs
            if frame.pictures and not m.picture
        }
        lost |= {(m.role, "letter") for m in signs if m.kind == "inner" and m.word and not m.size}
        if lost:
            left_out.setdefault(frame.number, set()).update(lost)
    for mark in signs:
        if mark.picture and frame.pictures:
            x, y, size = mark.picture
            name = frame.pictures[0 if mark.role == "start" else 1]
            draw_pictures(canvas, placed(PICTURES[name], x, y, size, mark.mirror))
        if mark.kind == "arrow":
            # its corners to 1/7200 in, written as reportlab's path object and ``drawPath`` write them
            corners = [fp_str(round(x, 2), round(y, 2)) for x, y in mark.polygon]
            canvas.addLiteral(" ".join(["n", f"{corners[0]} m", *[f"{c} l" for c in corners[1:]], "h"]))
            canvas._strokeAndFill(0, 1)  # filled, by the canvas's fill rule
            if mark.label:
                x, y, align = mark.label
                where: Literal["left", "center", "right"] = (
                    "center" if align == "center" else "right" if align == "right" else "left"
                )
                _text(canvas, Text(x, y, mark.word, mark.size, bold=True, align=where), fonts)
        elif shown := badge_shown(
            mark.word, mark.role, mark.size, mark.badge, mark.center, frame.cell >= 10 and bool(frame.label)
        ):  # a badge, a black disc with its word or letter white in it; where neither prints, a dot
            text, size, at = shown
            canvas.circle(*mark.center, mark.badge, stroke=0, fill=1)
            _text(canvas, Text(mark.center[0], at, text, size, True, "center", gray=1.0), fonts)
            canvas.setFillGray(0)
        elif mark.role == "start":
            canvas.circle(*mark.center, mark.radius, stroke=0, fill=1)
        else:
            r = mark.radius
            canvas.rect(mark.center[0] - r, mark.center[1] - r, 2 * r, 2 * r, stroke=0, fill=1)
