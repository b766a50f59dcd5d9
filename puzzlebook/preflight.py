"""Preflight: read a finished PDF back and list what a print-on-demand service would reject.

It checks the PDF itself, not our plan of it, so it also catches mistakes in drawing: page count,
anything inside the margins' forbidden zone, hairlines, small text, fonts not embedded, letters drawn as
empty boxes (glyph 0), and bookmarks, links or annotations in a print edition. Each problem is one line naming the page and what to change.
"""

from __future__ import annotations

import io
from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

import pdfplumber
from fontTools.ttLib import TTFont
from pypdf import PdfReader
from pypdf.generic import ContentStream, TextStringObject

from .layout import MAX_PAGES, MIN_LINE, MIN_OUTER, MIN_TEXT, gutter

TOLERANCE = 0.01  # pt


def _fonts_not_embedded(reader: PdfReader) -> Iterable[tuple[int, str]]:
    for number, page in enumerate(reader.pages, 1):
        resources = page.get("/Resources") or {}
        for font in (resources.get("/Font") or {}).values():
            font = font.get_object()
            descendants = font.get("/DescendantFonts")
            target = descendants[0].get_object() if descendants else font
            descriptor = target.get("/FontDescriptor")
            d = descriptor.get_object() if descriptor is not None else {}
            if not any(key in d for key in ("/FontFile", "/FontFile2", "/FontFile3")):
                yield number, str(font.get("/BaseFont"))


def _glyph_finder(font: Any) -> Callable[[int], int] | None:
    """For a simple TrueType font with its program embedded (what puzzlebook writes): code -> glyph, by
    the font's own cmap as PDF 32000-1 9.6.6.4 reads it; None for any other kind of font."""
    descriptor = font.get("/FontDescriptor")
    program = descriptor.get_object().get("/FontFile2") if descriptor is not None else None
    if font.get("/Subtype") != "/TrueType" or program is None:
        return None
    ttf = TTFont(io.BytesIO(program.get_object().get_data()), lazy=True)
    order = ttf.getGlyphOrder()
    ids = {name: i for i, name in enumerate(order)}
    symbol = ttf["cmap"].getcmap(3, 0)
    if symbol is not None:
        table = symbol.cmap
        return lambda code: ids.get(table.get(0xF000 + code) or table.get(code, ""), 0)
    mac = ttf["cmap"].getcmap(1, 0)
    table = mac.cmap if mac is not None else {}
    return lambda code: ids.get(table.get(code, ""), 0)


def _empty_boxes(reader: PdfReader) -> Iterable[tuple[int, str, int]]:
    """(page, font, count) for glyphs drawn as .notdef, glyph 0, which prints as an empty box or nothing:
    every code shown with a font is looked up in the font program embedded with it."""
    finders: dict[Any, Callable[[int], int] | None] = {}
    for number, page in enumerate(reader.pages, 1):
        contents = page.get_contents()
        if contents is None:
            continue
        resources = (page.get("/Resources") or {}).get("/Font") or {}
        font: Any = None
        boxes: Counter[str] = Counter()
        for operands, operator in ContentStream(contents, reader).operations:
            if operator == b"Tf":
                font = resources.get(operands[0])
                font = font.get_object() if font is not None else None
                if font is not None and id(font) not in finders:
                    finders[id(font)] = _glyph_finder(font)
            elif operator in (b"Tj", b"'", b'"', b"TJ") and font is not None:
                find = finders[id(font)]
                shown = operands[0] if operator == b"TJ" else [operands[-1]]
                for text in shown:
                    raw = text.original_bytes if isinstance(text, TextStringObject) else text
                    if find is None or not isinstance(raw, bytes):
                        continue  # a number in TJ, or a font of a kind puzzlebook does not write
                    boxes[str(font.get("/BaseFont", "?")).lstrip("/")] += sum(1 for b in raw if not find(b))
        for name, count in boxes.items():
            if count:
                yield number, name, count


def _box(obj: dict[str, Any]) -> tuple[float, float, float, float]:
    """An object's extent in PDF coordinates (y up), including half its stroke."""
    pad = obj.get("linewidth", 0) / 2 if obj.get("stroke") else 0
    return obj["x0"] - pad, obj["y0"] - pad, obj["x1"] + pad, obj["y1"] + pad


def preflight(pdf: bytes, edition: str = "print", bleed: bool = False) -> list[str]:
    """Every problem found, one line each; an empty list means ready to upload."""
    problems: list[str] = []
    reader = PdfReader(io.BytesIO(pdf))
    count = len(reader.pages)
    if edition == "print":
        if count < 24 or count % 2:
            problems.append(
                f"book: {count} pages; print-on-demand needs at least 24 and an even number: add `pad: true`"
            )
        if count > MAX_PAGES:
            problems.append(f"book: {count} pages; print-on-demand takes at most {MAX_PAGES}: split the book")
        if reader.outline:
            problems.append("book: has bookmarks; a print file must not: use `edition: print` (no bookmarks)")
    first_page: dict[str, int] = {}
    for number, name in _fonts_not_embedded(reader):
        first_page.setdefault(name.lstrip("/"), number)
    for name, number in first_page.items():
        problems.append(f"page {number}: font {name} is not embedded; printers need every font embedded")
    for number, name, count in _empty_boxes(reader):
        problems.append(
            f"page {number}: {count} letter(s) in font {name} drawn as an empty box (glyph 0, .notdef): "
            "the font lacks them; add a font that has them with fallback_fonts"
        )
    inside = gutter(count)
    outer = MIN_OUTER * 1.5 if bleed else MIN_OUTER
    with pdfplumber.open(io.BytesIO(pdf)) as document:
        for number, page in enumerate(document.pages, 1):
            raw = reader.pages[number - 1]
            if edition == "print" and raw.get("/Annots"):
                problems.append(f"page {number}: has links or annotations; a print file must not")
            trim = raw.trimbox
            gutter_side = f"the gutter of a {count}-page book, {inside:g} pt"
            outer_side = f"{outer:g} pt"
            left, right = (inside, outer) if number % 2 else (outer, inside)
            safe = (
                float(trim.left) + left - TOLERANCE,
                float(trim.bottom) + outer - TOLERANCE,
                float(trim.right) - right + TOLERANCE,
                float(trim.top) - outer + TOLERANCE,
            )
            edges = (
                ("left", gutter_side if number % 2 else outer_side),
                ("bottom", outer_side),
                ("right", outer_side if number % 2 else gutter_side),
                ("top", outer_side),
            )
            problems += _page_problems(number, page, safe, edges)
            page.close()  # let go of the page's parsed objects: memory stays flat in the page count
    return problems


def _page_problems(
    number: int, page: Any, safe: tuple[float, float, float, float], edges: tuple[tuple[str, str], ...]
) -> list[str]:
    found: list[str] = []
    strokes = [o for o in (*page.lines, *page.curves, *page.rects) if o.get("stroke")]
    thin = [o["linewidth"] for o in strokes if o["linewidth"] < MIN_LINE - TOLERANCE]
    if thin:
        found.append(
            f"page {number}: {len(thin)} line(s) as thin as {min(thin):.2f} pt; printers need at least "
            f"{MIN_LINE} pt: raise wall_weight or answer_wall_weight"
        )
    small = [c for c in page.chars if c["size"] < MIN_TEXT - TOLERANCE]
    if small:
        text = "".join(c["text"] for c in small[:20])
        found.append(
            f'page {number}: text "{text}" is {min(c["size"] for c in small):.1f} pt; '
            f"printers need at least {MIN_TEXT:g} pt: raise the text sizes in the layout"
        )
    x0, y0, x1, y1 = safe
    crossed = [0, 0, 0, 0]  # marks over the left, bottom, right and top margins
    for o in (*strokes, *page.chars, *[r for r in page.rects if r.get("fill")], *page.curves):
        b = _box(o)
        for i, over in enumerate((b[0] < x0, b[1] < y0, b[2] > x1, b[3] > y1)):
            crossed[i] += over
    for (edge, margin), n in zip(edges, crossed, strict=True):
        if n:
            found.append(
                f"page {number}: {n} mark(s) in the {edge} margin, which must stay clear ({margin}); "
                "widen the layout's margins"
            )
    return found
