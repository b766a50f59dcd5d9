"""What a PDF page draws: its paths, images and letters, read from the content streams (PDF 32000-1).

Preflight needs every mark's extent, every stroke's width and every letter's size and glyph; pdfminer
gives them but takes seconds a page-hundred, and reads forms with a fresh graphics state where the PDF
says they inherit the state at ``Do`` (PDF 32000-1 8.10.1), so a line width set before ``Do`` reads as 0.
This reader interprets the operators itself and uses pypdf only for the object structure. PDFium's page
objects read the widths as drawn too, but give no letter's code or glyph and box letters by their ink,
and reading paths' segments through them took 2.3x the time on a 498-page book (docs/benchmarks.md).

``Page.shapes`` reports objects the way pdfminer and pdfplumber do, so the two can be compared: one object
a subpath, a subpath "m l" being a line, a closed axis-aligned four-sided one a rect and anything else a
curve; a letter's box runs from its origin to origin plus advance, and from baseline plus the font's
descent up one font size. Coordinates are default user space (points, y up). Where pdfminer departs from
the PDF, this reader follows the PDF: the line width is the one in effect when the path is painted, scaled
to the page, 1 pt unless set; a form starts from the state at ``Do``; a curve's box holds its control
points; ``"`` moves to the next line; character spacing follows every letter. ``Page.drawn`` holds the
same shapes with each painted run of lines (a maze's walls) kept as one ``Lines``, for readers in a hurry.

The parts: ``tokens`` (a stream's operators, and decoding streams), ``fonts``, ``marks`` (what a page
draws), ``interpreter`` (running streams and forms) and ``budget`` (what a file may cost to read).
"""

from __future__ import annotations

import io
from collections.abc import Iterator

from pypdf import PdfReader

from .budget import Budget, TooComplex, page_count
from .fonts import Font, glyph_finder, load_font, to_unicode
from .interpreter import Document
from .marks import Char, Lines, Page, Shape, classify, subpaths
from .tokens import PATH, parse, stream_bytes

__all__ = [
    "PATH",
    "Budget",
    "Char",
    "Document",
    "Font",
    "Lines",
    "Page",
    "Shape",
    "TooComplex",
    "classify",
    "glyph_finder",
    "load_font",
    "page_count",
    "parse",
    "read",
    "stream_bytes",
    "subpaths",
    "to_unicode",
]


def read(pdf: bytes) -> Iterator[Page]:
    """What each page of a PDF draws, one page at a time."""
    return Document(PdfReader(io.BytesIO(pdf))).pages()
