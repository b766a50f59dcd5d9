"""A small TrueType font made for a test: real outlines, one em wide a letter."""

from __future__ import annotations

from pathlib import Path

from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import TTCollection, TTFont

from puzzlebook.render.fonts import BUNDLED


def make_font(path: Path, letters: str, name: str = "TestFallback", ttc: bool = False) -> Path:
    """A small TrueType font with real outlines for ``letters``: each a box with a bar across it, a
    different height for each letter, so a page shows which glyph is which. With ``ttc``, the font is
    the first of a two-font collection."""
    glyphs = [".notdef", "space"] + [f"uni{ord(c):04X}" for c in letters]
    builder = FontBuilder(1000, isTTF=True)
    builder.setupGlyphOrder(glyphs)
    builder.setupCharacterMap({32: "space", **{ord(c): f"uni{ord(c):04X}" for c in letters}})
    outlines = {}
    for i, glyph in enumerate(glyphs):
        pen = TTGlyphPen(None)
        if glyph != "space":
            top = 500 + 40 * i
            for x0, y0, x1, y1 in (
                (80, 0, 920, top),
                (160, 80, 840, top - 80),
                (80, top // 2, 920, top // 2 + 60),
            ):
                pen.moveTo((x0, y0))
                pen.lineTo((x0, y1))
                pen.lineTo((x1, y1))
                pen.lineTo((x1, y0))
                pen.closePath()
        outlines[glyph] = pen.glyph()
    builder.setupGlyf(outlines)
    builder.setupHorizontalMetrics({g: (1000 if g != "space" else 300, 80) for g in glyphs})
    builder.setupHorizontalHeader(ascent=880, descent=-120)
    builder.setupNameTable({"familyName": name, "styleName": "Regular", "psName": f"{name}-Regular"})
    builder.setupOS2(sTypoAscender=880, sTypoDescender=-120, usWinAscent=880, usWinDescent=120)
    builder.setupPost()
    if not ttc:
        builder.save(str(path))
        return path
    collection = TTCollection()
    collection.fonts = [builder.font, TTFont(str(BUNDLED["DejaVuSans"]))]
    collection.save(str(path))
    return path
