"""Draw a BookPlan with reportlab (which only render/ knows).

Output is byte-identical for the same plan (``invariant=1``: fixed dates and document id), every font is
embedded (the canvas's initial font is our TrueType font, not an unembedded Helvetica), and each maze is
one stroked path of merged wall runs with square caps, so corners close cleanly.
"""

from __future__ import annotations

import io
from collections.abc import Callable

from reportlab import rl_config
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from .. import __version__
from ..errors import Problem
from ..layout import MIN_TEXT, BookPlan, Box, Link, MazeFrame, MazeInfo, Page, Rule, Text
from ..puzzles import Puzzle
from .fonts import register_font
from .geometry import Placement, gaps, label_size, marks, solution_line, wall_runs

rl_config.useA85 = 0  # binary compressed streams: a quarter smaller than ASCII85 text, and faster


def text_problems(plan: BookPlan) -> list[Problem]:
    """Words that would not fit their place even at the smallest print size: refused before any work,
    rather than printed off the page. Also loads the fonts, so a font that cannot be embedded is found
    by `validate` too."""
    regular, bold = (register_font(f) for f in plan.fonts)
    problems: dict[str, Problem] = {}
    for page in plan.pages:
        for item in page.items:
            if not isinstance(item, Text) or item.max_width is None or item.source in problems:
                continue
            font = bold if item.bold else regular
            width = pdfmetrics.stringWidth(item.text, font, MIN_TEXT)
            if width > item.max_width:
                fits = max(1, int(len(item.text) * item.max_width / width))
                shown = item.text if len(item.text) <= 30 else item.text[:27] + "..."
                problems[item.source] = Problem(
                    item.source or f"page {page.number}",
                    f'"{shown}" does not fit on the page even at {MIN_TEXT:g} pt: shorten it to about '
                    f"{fits} characters",
                )
    return list(problems.values())


def write_pdf(
    plan: BookPlan,
    puzzle_for: Callable[[int], Puzzle],
    progress: Callable[[int], None] | None = None,
) -> bytes:
    regular, bold = (register_font(f) for f in plan.fonts)
    buffer = io.BytesIO()
    canvas = Canvas(
        buffer,
        pagesize=(plan.width, plan.height),
        invariant=1,
        pageCompression=1,
        initialFontName=regular,
        initialFontSize=10,
    )
    canvas.setTitle(plan.title)
    canvas.setAuthor(plan.author or "")
    canvas.setSubject(plan.subject)
    canvas.setCreator(f"puzzlebook {__version__}")
    canvas.setKeywords("maze, puzzle, activity book")
    screen = plan.edition == "screen"
    if screen:
        canvas.showOutline()
    trims = plan.trims or [Box(0, 0, plan.width, plan.height)] * len(plan.pages)
    for page, trim in zip(plan.pages, trims, strict=True):
        if screen:
            canvas.bookmarkPage(f"p{page.number}")  # a destination for links, on every page
        if plan.edition == "print":
            canvas.setTrimBox((trim.x0, trim.y0, trim.x1, trim.y1))
            if plan.bleed:
                canvas.setBleedBox((0, 0, plan.width, plan.height))
        _draw_page(canvas, page, puzzle_for, (regular, bold))
        if screen and page.bookmark:
            canvas.addOutlineEntry(page.bookmark, f"p{page.number}", level=0)
        canvas.showPage()
        if progress:
            progress(1)
    canvas.save()
    return buffer.getvalue()


def _draw_page(
    canvas: Canvas, page: Page, puzzle_for: Callable[[int], Puzzle], fonts: tuple[str, str]
) -> None:
    for item in page.items:
        if isinstance(item, Text):
            _text(canvas, item, fonts)
        elif isinstance(item, Rule):
            canvas.setStrokeGray(0)
            canvas.setLineWidth(item.width)
            canvas.setLineCap(0)
            canvas.line(item.x0, item.y0, item.x1, item.y1)
        elif isinstance(item, MazeFrame):
            draw_maze(canvas, puzzle_for(item.number), item, fonts[1])
        elif isinstance(item, Link):
            canvas.linkRect(
                "", f"p{item.page}", (item.x0, item.y0, item.x1, item.y1), relative=0, thickness=0
            )
        elif isinstance(item, MazeInfo):
            puzzle = puzzle_for(item.number)
            text = f"seed {puzzle.seed}"
            if not item.short:
                text = f"{puzzle.algorithm} · {puzzle.maze.width}×{puzzle.maze.height} · {text}"
            _text(canvas, Text(item.x, item.y, text, item.size, align="center", gray=0.35), fonts)


def _text(canvas: Canvas, item: Text, fonts: tuple[str, str]) -> None:
    font = fonts[1] if item.bold else fonts[0]
    size = item.size
    if item.max_width:
        width = pdfmetrics.stringWidth(item.text, font, size)
        if width > item.max_width:
            size = max(7.0, size * item.max_width / width)  # never below the printable minimum
    canvas.setFont(font, size)
    canvas.setFillGray(item.gray)
    draw = {"left": canvas.drawString, "center": canvas.drawCentredString, "right": canvas.drawRightString}
    draw[item.align](item.x, item.y, item.text)
    canvas.setFillGray(0)


def draw_maze(canvas: Canvas, puzzle: Puzzle, frame: MazeFrame, bold_font: str) -> None:
    place = Placement(frame.x, frame.y, frame.cell, puzzle.maze.height)
    cell = frame.cell
    canvas.saveState()
    # Draw in grid units (x right, y down, one unit per cell): coordinates become small integers, which
    # makes a maze page a fraction of the size; line widths are given in cells to match.
    canvas.transform(cell, 0, 0, -cell, frame.x, frame.y + cell * puzzle.maze.height)
    if frame.answer:
        line = solution_line(puzzle)
        if line:
            path = canvas.beginPath()
            path.moveTo(*line[0])
            for point in line[1:]:
                path.lineTo(*point)
            canvas.setStrokeGray(frame.solution_gray)
            canvas.setLineWidth(min(max(1.5, cell * 0.3), 3.0) / cell)
            canvas.setLineCap(1)
            canvas.setLineJoin(1)
            canvas.drawPath(path, stroke=1, fill=0)
    canvas.setStrokeGray(0)
    canvas.setLineWidth(frame.wall / cell)
    canvas.setLineCap(2)  # square caps close the corners where runs meet
    canvas.setLineJoin(0)
    canvas.lines(wall_runs(puzzle.maze, gaps(puzzle)))
    canvas.restoreState()
    canvas.setFillGray(0)
    for mark in marks(puzzle, place, frame.mark):
        if mark.kind == "arrow":
            path = canvas.beginPath()
            path.moveTo(*mark.polygon[0])
            for point in mark.polygon[1:]:
                path.lineTo(*point)
            path.close()
            canvas.drawPath(path, stroke=0, fill=1)
            if mark.label:
                x, y, align = mark.label
                canvas.setFont(bold_font, label_size(frame.mark))
                word = "Start" if mark.role == "start" else "Finish"
                draw = {"center": canvas.drawCentredString, "right": canvas.drawRightString}
                draw.get(align, canvas.drawString)(x, y, word)
        elif frame.cell >= 10:
            size = frame.cell * 0.6
            canvas.setFont(bold_font, size)
            canvas.drawCentredString(
                mark.center[0], mark.center[1] - size * 0.36, "S" if mark.role == "start" else "E"
            )
        elif mark.role == "start":
            canvas.circle(*mark.center, mark.radius, stroke=0, fill=1)
        else:
            r = mark.radius
            canvas.rect(mark.center[0] - r, mark.center[1] - r, 2 * r, 2 * r, stroke=0, fill=1)
