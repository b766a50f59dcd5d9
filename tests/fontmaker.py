"""Small fonts made for a test: real outlines, one em wide a letter, TrueType or PostScript (CFF)."""

from __future__ import annotations

from pathlib import Path

from fontTools.fontBuilder import FontBuilder
from fontTools.pens.t2CharStringPen import T2CharStringPen
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import TTCollection, TTFont

from puzzlebook.render.fonts import BUNDLED


def _started(letters: str, truetype: bool) -> tuple[FontBuilder, list[str]]:
    """A font's builder with its glyphs named (one for each of ``letters``) and mapped."""
    glyphs = [".notdef", "space"] + [f"uni{ord(c):04X}" for c in letters]
    builder = FontBuilder(1000, isTTF=truetype)
    builder.setupGlyphOrder(glyphs)
    builder.setupCharacterMap({32: "space", **{ord(c): f"uni{ord(c):04X}" for c in letters}})
    return builder, glyphs


def _finished(builder: FontBuilder, glyphs: list[str], name: str) -> None:
    """Every glyph a letter wide (a space 300 units), and the tables a font file needs."""
    builder.setupHorizontalMetrics({g: (1000 if g != "space" else 300, 80) for g in glyphs})
    builder.setupHorizontalHeader(ascent=880, descent=-120)
    builder.setupNameTable({"familyName": name, "styleName": "Regular", "psName": f"{name}-Regular"})
    builder.setupOS2(sTypoAscender=880, sTypoDescender=-120, usWinAscent=880, usWinDescent=120)
    builder.setupPost()


def make_font(path: Path, letters: str, name: str = "TestFallback", ttc: bool = False) -> Path:
    """A small TrueType font with real outlines for ``letters``: each a box with a bar across it, a
    different height for each letter, so a page shows which glyph is which. With ``ttc``, the font is
    the first of a two-font collection."""
    builder, glyphs = _started(letters, truetype=True)
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
    _finished(builder, glyphs, name)
    if not ttc:
        builder.save(str(path))
        return path
    collection = TTCollection()
    collection.fonts = [builder.font, TTFont(str(BUNDLED["DejaVuSans"]))]
    collection.save(str(path))
    return path


def make_cff_font(path: Path, letters: str, name: str = "TestCFF") -> Path:
    """A small OpenType font with PostScript (CFF) outlines for ``letters``: each a box with a round
    bowl in it (cubic curves, which conversion must make quadratic)."""
    builder, glyphs = _started(letters, truetype=False)
    charstrings = {}
    for i, glyph in enumerate(glyphs):
        pen = T2CharStringPen(1000, None)
        if glyph != "space":
            top = 500 + 30 * i
            pen.moveTo((80, 0))
            pen.lineTo((80, top))
            pen.lineTo((920, top))
            pen.lineTo((920, 0))
            pen.closePath()
            pen.moveTo((500, 100))
            pen.curveTo((300, 100), (200, 200), (200, top // 2))
            pen.curveTo((200, top - 150), (800, top - 150), (800, top // 2))
            pen.curveTo((800, 200), (700, 100), (500, 100))
            pen.closePath()
        charstrings[glyph] = pen.getCharString()
    builder.setupCFF(f"{name}-Regular", {"FullName": name}, charstrings, {})
    _finished(builder, glyphs, name)
    builder.save(str(path))
    assert path.read_bytes()[:4] == b"OTTO"
    return path
