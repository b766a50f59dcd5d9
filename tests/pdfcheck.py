"""Reading built PDFs back: text, fonts, and the maze walls as drawn."""

from __future__ import annotations

from collections import Counter

import pypdfium2 as pdfium
from pypdf import PdfReader

from puzzlebook.pdfread import Document

N, S, E, W = 1, 2, 4, 8


def page_texts(path) -> list[str]:
    return [page.extract_text() or "" for page in PdfReader(path).pages]


def fonts(path) -> list[tuple[str, bool]]:
    """(font name, embedded?) for every font resource of every page."""
    found = []
    for page in PdfReader(path).pages:
        resources = page.get("/Resources") or {}
        for font in (resources.get("/Font") or {}).values():
            font = font.get_object()
            descriptor = font.get("/FontDescriptor")
            embedded = False
            if descriptor is not None:
                d = descriptor.get_object()
                embedded = any(k in d for k in ("/FontFile", "/FontFile2", "/FontFile3"))
            found.append((str(font.get("/BaseFont")), embedded))
    return found


def wall_lines(
    path, page_index: int, weight: float, gray: float = 0.0
) -> list[tuple[float, float, float, float]]:
    """Strokes of the given width and gray (black unless told: an answer's walls are a mid gray) on one
    page, as (x0, top, x1, bottom) with y down. Read with pdfread, which gives a form the line width
    and colour set before it is placed, as the PDF says."""
    reader = PdfReader(path)
    top = float(reader.pages[page_index].mediabox.top)
    return [
        (s.x0, top - s.y1, s.x1, top - s.y0)
        for s in Document(reader).page(page_index).shapes
        if s.kind == "line" and s.stroke and abs(s.linewidth - weight) < 1e-3 and s.stroke_color == (gray,)
    ]


def rebuild(lines, width: int, height: int) -> tuple[list[list[int]], set[tuple[int, int, int]]]:
    """Passages from drawn walls: snap every stroke to the grid the outer walls imply.

    Returns cells[y][x] bitmasks and the openings found in the outer wall as (x, y, side).
    """
    x0 = min(min(a, c) for a, _, c, _ in lines)
    x1 = max(max(a, c) for a, _, c, _ in lines)
    y0 = min(min(b, d) for _, b, _, d in lines)
    y1 = max(max(b, d) for _, b, _, d in lines)
    cw, ch = (x1 - x0) / width, (y1 - y0) / height
    assert abs(cw - ch) < 0.01, "cells are not square"
    walls: Counter = Counter()
    for a, b, c, d in lines:
        ga, gb, gc, gd = (
            round((a - x0) / cw),
            round((b - y0) / ch),
            round((c - x0) / cw),
            round((d - y0) / ch),
        )
        for v in ((a - x0) / cw, (b - y0) / ch, (c - x0) / cw, (d - y0) / ch):
            assert abs(v - round(v)) < 0.01, "a wall does not sit on the grid"
        if gb == gd:  # horizontal: unit walls along row line gb
            for x in range(min(ga, gc), max(ga, gc)):
                walls[("h", x, gb)] += 1
        else:
            for y in range(min(gb, gd), max(gb, gd)):
                walls[("v", ga, y)] += 1
    assert all(n == 1 for n in walls.values()), "a wall is drawn twice"
    cells = [[0] * width for _ in range(height)]
    openings = set()
    for y in range(height):
        for x in range(width):
            if not walls[("h", x, y)]:
                if y > 0:
                    cells[y][x] |= N
                else:
                    openings.add((x, y, N))
            if not walls[("h", x, y + 1)]:
                if y < height - 1:
                    cells[y][x] |= S
                else:
                    openings.add((x, y, S))
            if not walls[("v", x, y)]:
                if x > 0:
                    cells[y][x] |= W
                else:
                    openings.add((x, y, W))
            if not walls[("v", x + 1, y)]:
                if x < width - 1:
                    cells[y][x] |= E
                else:
                    openings.add((x, y, E))
    return cells, openings


def ink(path, page: int) -> float:
    """The share of a page (numbered from 0) that prints dark, rendered at 100 dpi by PDFium."""
    document = pdfium.PdfDocument(str(path))
    image = document[page].render(scale=100 / 72, grayscale=True).to_pil()
    histogram = image.histogram()
    return sum(histogram[:128]) / sum(histogram)
