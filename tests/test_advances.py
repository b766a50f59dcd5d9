"""A font's letter widths read from its tables (``advances``) are fontTools' own."""

import pytest
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen

from puzzlebook.advances import _by_fonttools, advances
from puzzlebook.letters import FONT_DIR, bold_width


def test_the_shipped_fonts_widths_are_fonttools_widths():
    for name in ("DejaVuSans-Bold", "DejaVuSans"):
        widths, per_em = advances(FONT_DIR / f"{name}.ttf")
        assert (widths, per_em) == _by_fonttools(FONT_DIR / f"{name}.ttf")
        assert len(widths) > 5000 and per_em == 2048
    assert round(bold_width("Start") * 2048) == sum(
        advances(FONT_DIR / "DejaVuSans-Bold.ttf")[0][ord(c)] for c in "Start"
    )
    assert bold_width("Start\u6f22") is None  # a letter the font lacks


@pytest.mark.parametrize("astral", [False, True])
def test_a_font_with_letters_past_the_basic_plane_and_shared_widths(tmp_path, astral):
    """A font of the basic plane alone has a 16-bit map (format 4); letters past U+FFFF take the 32-bit
    one (format 12). Glyphs past the last distinct advance take it (a font lists the advances only as
    far as they differ)."""
    letters = "AbZ\u00e9\u0416\uffef" + ("\U0001f600\U0001f680\U00020000" if astral else "\u4e00\u4e01\u4e02")
    glyphs = [".notdef", "space"] + [f"g{ord(c):X}" for c in letters]
    builder = FontBuilder(1000, isTTF=True)
    builder.setupGlyphOrder(glyphs)
    builder.setupCharacterMap({32: "space", **{ord(c): f"g{ord(c):X}" for c in letters}})
    builder.setupGlyf({glyph: TTGlyphPen(None).glyph() for glyph in glyphs})
    widths = {g: (300 + 50 * min(i, 5), 0) for i, g in enumerate(glyphs)}  # the last ones alike
    builder.setupHorizontalMetrics(widths)
    builder.setupHorizontalHeader(ascent=880, descent=-120)
    builder.setupNameTable({"familyName": "Wide", "styleName": "Regular", "psName": "Wide-Regular"})
    builder.setupOS2()
    builder.setupPost()
    path = tmp_path / "wide.ttf"
    builder.save(str(path))
    found, per_em = advances(path)
    assert (found, per_em) == _by_fonttools(path)
    assert found[ord(letters[-1])] == 550 and found[32] == 350 and per_em == 1000
    assert sorted(found) == sorted([32, *map(ord, letters)])
