"""The printers' paper table and the wrap cover's size: one place for every figure a cover's size is
made from, each printer's with its source and the date it was read.

The figures are data, not constants in code, because the sources disagree: a spec can override the
paper's thickness with ``cover: spine_per_page``. Sizes are in inches here; ``Wrap`` gives points too.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..settings import MIN_TEXT

INCH = 72.0

Paper = Literal["white", "cream", "color", "premium-color"]
PrinterName = Literal["kdp", "kdp-hardcover", "ingramspark"]

PAPERS: tuple[Paper, ...] = ("white", "cream", "color", "premium-color")


@dataclass(frozen=True)
class Printer:
    """What one printer's covers are made from. ``edge`` is what the cover reaches past the trim on
    each outer edge (a paperback's bleed, a hardcover's wrap around the boards); ``hinge`` the gap
    each side of a hardcover's spine. ``verified`` is False where the figures come from third-party
    summaries only: the build says so, and the docs tell users to compare with the printer's template."""

    name: str
    thickness: dict[Paper, float]  # inches a page (one side of a sheet counts as a page)
    edge: float
    hinge: float
    min_pages: int
    max_pages: int
    spine_text_pages: int  # the fewest pages whose spine may carry text
    source: str
    read: str  # when the figures were read, YYYY-MM
    verified: bool
    cmyk: bool = False  # colours in CMYK only
    trims: tuple[tuple[float, float], ...] = ()  # the only trims it binds, width by height, if a list
    trim_range: tuple[tuple[float, float], tuple[float, float]] | None = None  # else the least and
    # the most trim it binds, each width by height; neither: its trims are not known to us (not checked)


PRINTERS: dict[PrinterName, Printer] = {
    "kdp": Printer(
        name="Amazon KDP paperback",
        thickness={"white": 0.002252, "cream": 0.0025, "color": 0.002252, "premium-color": 0.002347},
        edge=0.125,
        hinge=0.0,
        min_pages=24,
        max_pages=828,
        spine_text_pages=79,  # KDP: spine text only on books of more than 79 pages; guides say 79 to 130
        source="KDP's paperback cover guidance (help centre, 'Create a paperback cover'), as quoted by the "
        "KDP cover guides of kidillus.com and kdpeasy.com",
        read="2026-11",
        verified=True,
        trim_range=((4.0, 6.0), (8.5, 11.69)),  # KDP's custom trims: 4 to 8.5 in wide, 6 to 11.69 high
    ),
    "kdp-hardcover": Printer(
        name="Amazon KDP hardcover (case laminate)",
        # the same papers as the paperback's; the boards' allowance is not known to us (see ``verified``)
        thickness={"white": 0.002252, "cream": 0.0025, "color": 0.002252, "premium-color": 0.002347},
        edge=0.59,  # "about 0.59 in" of wrap over the boards
        hinge=0.375,  # "about 0.375 in" each side of the spine
        min_pages=75,
        max_pages=550,
        spine_text_pages=79,
        source="indicative allowances from kdpbuilder.com's 'KDP Hardcover Cover Size' guide, which says to "
        "size from KDP's hardcover template; not checked against that template",
        read="2026-11",
        verified=False,
        trims=((5.5, 8.5), (6.0, 9.0), (6.14, 9.21), (7.0, 10.0), (8.25, 11.0)),  # KDP's hardcover trims
    ),
    "ingramspark": Printer(
        name="IngramSpark paperback",
        # 440 and 430 pages an inch for white and cream; colour papers as KDP's, for want of a figure
        thickness={"white": 1 / 440, "cream": 1 / 430, "color": 0.002252, "premium-color": 0.002347},
        edge=0.125,
        hinge=0.0,
        min_pages=18,
        max_pages=828,
        spine_text_pages=79,  # as KDP's: no IngramSpark figure found
        source="pages an inch from erelisdesign.com's 'Book Spine Width Explained' (2025); colour papers "
        "and the spine-text minimum assumed as KDP's; IngramSpark's own cover template generator not checked",
        read="2026-11",
        verified=False,
        cmyk=True,  # IngramSpark asks for CMYK (and PDF/X, which reportlab cannot write)
    ),
}

SPINE_CLEAR = 0.0625
"""Inches kept clear of text on each side of the spine, inside its folds."""
SAFE = 0.125
"""Inches kept clear of text inside the trim, and inside the spine's folds on the front and back."""
BARCODE = (2.0, 1.2)
"""The barcode area, width and height in inches, at the bottom right of the back."""
BARCODE_INSET = 0.25
"""Inches between the barcode area and the trim below it and the spine beside it."""
SPINE_PER_PAGE = (0.001, 0.01)
"""The bounds of ``spine_per_page``: thinner than any book paper, thicker than any board."""


@dataclass(frozen=True)
class Wrap:
    """A wrap cover's size, in inches: edge (bleed or wrap) + back + hinge + spine + hinge + front +
    edge across, edge + trim + edge high."""

    trim_width: float
    trim_height: float
    spine: float
    edge: float
    hinge: float
    pages: int

    @property
    def width(self) -> float:
        return 2 * self.edge + 2 * self.trim_width + 2 * self.hinge + self.spine

    @property
    def height(self) -> float:
        return self.trim_height + 2 * self.edge

    @property
    def spine_x(self) -> float:
        """Where the spine starts, from the cover's left edge."""
        return self.edge + self.trim_width + self.hinge

    @property
    def points(self) -> tuple[float, float]:
        return self.width * INCH, self.height * INCH


def thickness(paper: Paper, printer: PrinterName, spine_per_page: float | None = None) -> float:
    """Inches a page: the spec's own figure when it gives one, else the printer's for the paper."""
    return spine_per_page if spine_per_page is not None else PRINTERS[printer].thickness[paper]


def wrap(
    trim: tuple[float, float],
    pages: int,
    paper: Paper = "white",
    printer: PrinterName = "kdp",
    spine_per_page: float | None = None,
) -> Wrap:
    """The wrap for an interior of ``pages`` pages (padding included) trimmed to ``trim`` inches."""
    chosen = PRINTERS[printer]
    spine = pages * thickness(paper, printer, spine_per_page)
    return Wrap(trim[0], trim[1], spine, chosen.edge, chosen.hinge, pages)


def spine_size(spine: float) -> float:
    """The size of the title along a spine ``spine`` inches thick: its letters take ``SPINE_SHARE`` of
    the room between the clear strips, up to 20 pt."""
    return min((spine - 2 * SPINE_CLEAR) * INCH * SPINE_SHARE, 20.0)


SPINE_SHARE = 0.7
"""Of the room across the spine between its clear strips, the share the title's letters take."""


def spine_text(pages: int, printer: PrinterName, spine: float) -> bool:
    """Whether the spine may carry text: enough pages for the printer, and a title of at least the
    smallest print size (``spine_size``). The room for a 7 pt line alone was asked, and a title set
    in 70% of it came out at 5.1 pt on a 100-page book, which the cover's own check then refused."""
    return pages >= PRINTERS[printer].spine_text_pages and spine_size(spine) >= MIN_TEXT


def trim_problem(trim: tuple[float, float], printer: PrinterName) -> str | None:
    """Why the printer would not bind pages of ``trim`` (inches, width by height), or None; None too
    for a printer whose trims are not known to us."""
    chosen = PRINTERS[printer]
    w, h = trim
    if chosen.trims:
        if any(abs(w - tw) < 0.01 and abs(h - th) < 0.01 for tw, th in chosen.trims):
            return None
        named = ", ".join(f"{tw:g}x{th:g}in" for tw, th in chosen.trims)
        return f"the pages are {w:g}x{h:g} in; {chosen.name} binds only {named}: set page_size: to one"
    if chosen.trim_range is None:
        return None
    (least_w, least_h), (most_w, most_h) = chosen.trim_range
    if least_w - 0.005 <= w <= most_w + 0.005 and least_h - 0.005 <= h <= most_h + 0.005:
        return None
    return (
        f"the pages are {w:g}x{h:g} in; {chosen.name} binds pages {least_w:g} to {most_w:g} in wide and "
        f"{least_h:g} to {most_h:g} in high: set page_size: within those, such as 8.5x11in or 8.5x8.5in"
    )


def pages_problem(pages: int, printer: PrinterName) -> str | None:
    """Why the printer would not bind an interior of ``pages`` pages, or None."""
    chosen = PRINTERS[printer]
    if chosen.min_pages <= pages <= chosen.max_pages:
        return None
    return (
        f"the interior has {pages} pages; {chosen.name} binds {chosen.min_pages} to {chosen.max_pages}: "
        "add mazes or pad: true, or split the book"
    )
