"""Fonts with PostScript (CFF) outlines made into TrueType ones, which reportlab can embed.

Most of the world's CJK fonts (Noto CJK, Source Han, Debian's ``fonts-noto-cjk``) are CFF, and hold some
65,000 glyphs. Converting them all would take long and give a huge font, so only the glyphs a book draws
are kept (fontTools' subsetter, with what its layout tables reach from them), then their cubic curves
are made quadratic (cu2qu, within a thousandth of an em). The result depends only on the font's bytes,
the letters and fontTools' version, so a rebuild embeds the same bytes; it is kept in a cache folder of
the user's (``$XDG_CACHE_HOME/puzzlebook/fonts``, else ``~/.cache/...``), under the font's hash and the
letters' hash, so a book is converted once. A cache that cannot be used is only slower, never an error.
"""

from __future__ import annotations

import hashlib
import io
from pathlib import Path

from .. import usercache

CONVERSION = "1"
"""Raised when the conversion changes, so fonts converted before are not taken from the cache."""
MAX_ERROR = 0.001
"""How far a quadratic curve may stray from the cubic it stands for, in ems (1 font unit in 1000)."""
MAX_CACHED = 50 * 1024 * 1024
"""Bytes a cached font may hold when read back: a converted subset is far smaller."""
_VARIATIONS = ("fvar", "avar", "gvar", "HVAR", "VVAR", "MVAR", "STAT", "cvar")


def cache_folder() -> Path | None:
    """Where converted fonts are kept (see ``usercache.folder``)."""
    return usercache.folder("fonts")


def truetype(data: bytes, letters: str) -> bytes:
    """The font of ``data`` (its first, in a collection) holding the glyphs of ``letters`` it has, with
    TrueType outlines: from the cache when it was made before, else made and kept there."""
    import fontTools  # the version is part of the key: another fontTools may convert differently

    font_key = hashlib.sha256(data).hexdigest()
    wanted = "".join(sorted(set(letters)))
    letters_key = hashlib.sha256(f"{CONVERSION}:{fontTools.version}:{wanted}".encode()).hexdigest()
    folder = cache_folder()
    place = folder / font_key[:32] / f"{letters_key[:32]}.ttf" if folder else None
    kept = usercache.read(place, MAX_CACHED) if place else None
    if kept is not None:
        return kept
    made = convert(data, wanted)
    if folder and place:
        usercache.write(place, made, folder)
    return made


def convert(data: bytes, letters: str) -> bytes:
    """Subset the font to ``letters`` first (so the work is bounded by the book's text, not the font's
    size), then draw each glyph kept through a cubic-to-quadratic pen into a glyf table."""
    from fontTools import subset
    from fontTools.pens.cu2quPen import Cu2QuPen
    from fontTools.pens.ttGlyphPen import TTGlyphPen
    from fontTools.ttLib import TTFont, newTable

    font = TTFont(io.BytesIO(data), fontNumber=0, lazy=False, recalcTimestamp=False)
    for tag in _VARIATIONS:  # a variable CFF2 font: its default instance
        if tag in font:
            del font[tag]
    options = subset.Options()
    options.notdef_outline = True  # glyph 0 keeps its box, as in the font
    options.hinting = False  # PostScript hints mean nothing to TrueType
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.recalc_timestamp = False
    options.ignore_missing_unicodes = True
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=[ord(c) for c in letters])
    subsetter.subset(font)
    order = font.getGlyphOrder()
    glyphs = font.getGlyphSet()
    error = MAX_ERROR * font["head"].unitsPerEm
    outlines = {}
    for name in order:
        pen = TTGlyphPen(glyphs)
        glyphs[name].draw(Cu2QuPen(pen, error, reverse_direction=True))  # TrueType winds the other way
        outlines[name] = pen.glyph()
    for tag in ("CFF ", "CFF2", "VORG"):
        if tag in font:
            del font[tag]
    glyf = newTable("glyf")
    glyf.glyphOrder = order
    glyf.glyphs = outlines
    font["glyf"] = glyf
    font["loca"] = newTable("loca")
    maxp = font["maxp"]
    maxp.tableVersion = 0x00010000
    for name in ("maxTwilightPoints", "maxStorage", "maxFunctionDefs", "maxInstructionDefs"):
        setattr(maxp, name, 0)
    maxp.maxZones, maxp.maxStackElements, maxp.maxSizeOfInstructions = 1, 0, 0
    maxp.maxComponentElements, maxp.maxComponentDepth = 0, 0
    font["head"].glyphDataFormat = 0
    font["post"].formatType = 3.0  # no glyph names: TrueType fonts need none
    font.sfntVersion = "\x00\x01\x00\x00"
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()
