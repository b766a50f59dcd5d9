"""A built cover read back and held to what the book beside it needs: its size for the interior as it
is now (a cover made for another page count is refused, with both sizes), its words inside the safe
zones and at least 7 pt, nothing but a barcode in the barcode area, every font embedded, no annotations."""

from __future__ import annotations

import io
from collections.abc import Iterable

from pypdf import PdfReader

from ..layout.items import BookPlan, Box
from ..pdfread import Char, Document, Shape, page_count
from ..preflight import fonts_not_embedded
from ..settings import MIN_TEXT
from ..spec.load import Spec
from .art import thumbnail_page
from .plan import CoverPlan, plan_cover
from .sizes import INCH, thickness

TOLERANCE = 0.5
"""Points a cover's size may be off (0.007 in: rounding, never a page's worth of spine)."""


def findings_for_book(
    spec: Spec, plan: BookPlan, trim: tuple[float, float], name: str, data: bytes
) -> list[str]:
    """What is wrong with the cover in ``data`` for the book ``plan`` plans (``trim`` in points)."""
    cover = spec.book.cover
    assert cover is not None
    from .make import cover_fonts  # reportlab's fonts: loaded for a cover alone

    expected = plan_cover(spec, plan, trim, None, thumbnail_page(plan), 0, cover_fonts(spec, plan))
    return cover_findings(name, data, expected, thickness(cover.paper, cover.printer, cover.spine_per_page))


def cover_findings(name: str, data: bytes, expected: CoverPlan, thickness: float) -> list[str]:
    """What is wrong with the cover in ``data`` (called ``name`` in the lines) for the book whose
    cover ``expected`` plans; ``thickness`` is a page's, in inches. Empty when it is ready. A file that
    cannot be read as a PDF (empty, cut short) is one line, not a traceback."""
    try:
        return _cover_findings(name, data, expected, thickness)
    except Exception as exc:  # pypdf raises many kinds for a damaged file
        said = " ".join(f"{type(exc).__name__}: {exc}".split())[:120]
        return [f"{name}: cannot be read as a PDF ({said}): make it again with puzzlebook cover"]


def _cover_findings(name: str, data: bytes, expected: CoverPlan, thickness: float) -> list[str]:
    reader = PdfReader(io.BytesIO(data))
    if page_count(reader) != 1:
        return [f"{name}: has {page_count(reader)} pages; a wrap cover is one page (back, spine, front)"]
    found: list[str] = []
    page = reader.pages[0]
    width, height = float(page.mediabox.width), float(page.mediabox.height)
    made = expected.wrap
    if abs(width - expected.width) > TOLERANCE or abs(height - expected.height) > TOLERANCE:
        panels = 2 * made.edge + 2 * made.trim_width + 2 * made.hinge
        spine = width / INCH - panels
        return [  # the page count or the paper changed since it was made: the spine says which it fits
            f"{name}: is {width / INCH:.3f} x {height / INCH:.3f} in, a spine of {spine:.3f} in (about "
            f"{round(spine / thickness)} pages of the spec's paper); the interior has {made.pages}, a spine of "
            f"{made.spine:.3f} in and a cover of {made.width:.3f} x {made.height:.3f} in: the page count "
            "or the paper changed since the cover was made; make it again with puzzlebook cover"
        ]
    for _, font in dict(fonts_not_embedded(reader)).items():
        found.append(f"{name}: font {font.lstrip('/')} is not embedded; printers need every font embedded")
    if page.get("/Annots"):
        found.append(f"{name}: has links or annotations; a print file must not: make it again")
    drawn = Document(reader).page(0)
    outside = [c for c in drawn.chars if not any(_inside(_box(c), zone) for zone in expected.safe)]
    if outside:
        text = "".join(c.text for c in outside[:20])
        found.append(
            f'{name}: text "{text}" is outside the safe zones (0.125 in inside the trim, '
            f"{0.0625:g} in inside the spine's folds); printers may cut it off"
        )
    small = [c for c in drawn.chars if c.size < MIN_TEXT - 0.01]
    if small:
        text = "".join(c.text for c in small[:20])
        found.append(
            f'{name}: text "{text}" is {min(c.size for c in small):.1f} pt; printers need at least {MIN_TEXT:g} pt'
        )
    if expected.cmyk:  # the shapes' colours (pdfread gives no letter its colour)
        rgb = [
            m
            for m in drawn.shapes
            if (m.fill and len(m.fill_color) == 3) or (m.stroke and len(m.stroke_color) == 3)
        ]
        if rgb:
            found.append(f"{name}: {len(rgb)} shape(s) in RGB colour; this printer takes CMYK: make it again")
    crossing = list(_in_barcode_area(drawn.shapes, drawn.chars, expected))
    if crossing:
        found.append(
            f"{name}: {len(crossing)} mark(s) in the barcode area (2 x 1.2 in at the bottom right of the back), "
            "which must stay clear for the printer's barcode, or hold only the ISBN's: make it again"
        )
    return found


def _box(mark: Shape | Char) -> Box:
    return Box(mark.x0, mark.y0, mark.x1, mark.y1)


def _inside(box: Box, zone: Box, slack: float = 0.01) -> bool:
    return (
        box.x0 >= zone.x0 - slack
        and box.y0 >= zone.y0 - slack
        and box.x1 <= zone.x1 + slack
        and box.y1 <= zone.y1 + slack
    )


def _meets(box: Box, zone: Box) -> bool:
    return box.x0 < zone.x1 and box.x1 > zone.x0 and box.y0 < zone.y1 and box.y1 > zone.y0


def _in_barcode_area(
    shapes: Iterable[Shape], chars: Iterable[Char], cover: CoverPlan
) -> Iterable[Shape | Char]:
    """Marks in the barcode area other than the cover's background (a filled rect over the whole
    page) and, with an ISBN, the barcode itself (wholly inside the area)."""
    area = cover.barcode
    whole = Box(0, 0, cover.width, cover.height)
    marks: list[Shape | Char] = [*shapes, *chars]
    for mark in marks:
        box = _box(mark)
        if not _meets(box, area):
            continue
        if isinstance(mark, Shape) and mark.kind == "rect" and mark.fill and _inside(whole, box):
            continue  # the background
        if cover.isbn is not None and _inside(box, area):
            continue  # the barcode, its white box and its digits
        yield mark
