"""Fonts for the PDF: the bundled ones, font files registered once each by their contents, and lines of
text set in them (``typeset``: each letter in the first font that has it, right to left in drawing order,
shaped by HarfBuzz where needed) and drawn.

Every font is embedded as subsets, and each subset gets a tag made from the font and the characters in
it: reportlab numbers the subsets of every font alike (``AAAAAA+``), and PDF 32000-1 (9.6.4) asks that
different subsets in one file have different tags. The tags are a hash, so a rebuild stays byte-identical.
"""

from __future__ import annotations

import hashlib
import io
import struct
from collections.abc import Callable, Iterator
from functools import cache, cached_property
from itertools import pairwise
from pathlib import Path
from typing import Any

import reportlab
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase import pdfmetrics, ttfonts
from reportlab.pdfbase.ttfonts import ShapeData, ShapedStr

from .. import fontfacts, typeset
from ..errors import At, LayoutError, Problem, SpecError
from ..inputs import read_bytes
from ..layout import BUNDLED_FONTS, BookPlan
from ..typeset import Line, Run, drawn_letters
from .outlines import truetype

FONT_DIR = Path(__file__).resolve().parent.parent / "fonts"
_VERA = Path(reportlab.__file__).parent / "fonts"
BUNDLED = {
    "DejaVuSans": FONT_DIR / "DejaVuSans.ttf",
    "DejaVuSans-Bold": FONT_DIR / "DejaVuSans-Bold.ttf",
    "Vera": _VERA / "Vera.ttf",  # the default before DejaVu Sans, for layouts that name it
    "VeraBd": _VERA / "VeraBd.ttf",
}
assert set(BUNDLED) == set(BUNDLED_FONTS)


def subset_tag(font: str, codes: list[int]) -> bytes:
    """Six capital letters from the font's registered name and the characters of one of its subsets."""
    digest = hashlib.sha256(f"{font}:{codes}".encode()).digest()
    return bytes(ord("A") + b % 26 for b in digest[:6])


class TaggedFont(ttfonts.TTFont):  # type: ignore[misc]
    """A TrueType font whose subsets are tagged by their contents rather than numbered."""

    def addObjects(self, doc: Any) -> None:
        subsets = self._assignState(doc).subsets
        tags = [subset_tag(self.fontName, subset) for subset in subsets]
        numbered = ttfonts.SUBSETN  # what reportlab's addObjects names subset n with
        ttfonts.SUBSETN = lambda n: tags[n]
        try:
            super().addObjects(doc)
        finally:
            ttfonts.SUBSETN = numbered


def _bundled(name: str) -> str:
    """A bundled font, read when first needed: a font registered under its name by other code is not
    ours, and is tagged anew."""
    if name not in pdfmetrics.getRegisteredFontNames() or not isinstance(
        pdfmetrics.getFont(name), TaggedFont
    ):
        pdfmetrics.registerFont(TaggedFont(name, str(BUNDLED[name])))
    return name


def register_font(name: str, where: At = "", letters: Callable[[], str] = str) -> str:
    """A bundled font or a path to a font file the layout checked; returns the registered name, which
    comes from the file's contents: two fonts of the same file name are two fonts, and the same font met
    twice is read once. ``where`` names the setting, for a file that turns out not to be usable. A font
    with PostScript outlines is converted (``outlines``), keeping the glyphs of ``letters()`` alone."""
    if name in BUNDLED:
        return _bundled(name)
    data = read_bytes(name, "font", where or name).data
    digest = fontfacts.digest(data)
    key = fontfacts.registered_name(digest)
    cff, wanted = fontfacts.is_cff(data), ""
    if cff:  # one font for each set of letters: what the book draws decides what is converted
        wanted = "".join(sorted(set(letters())))
        if len(wanted) > MOST_CONVERTED:
            raise _unusable(
                name,
                where,
                f"its PostScript (CFF) outlines are converted letter by letter, and the book draws "
                f"{len(wanted):,} different letters in it, more than the {MOST_CONVERTED:,} converted at "
                "most: use the font's TrueType version (.ttf), or fewer different letters",
            )
        key += "-" + hashlib.sha256(wanted.encode()).hexdigest()[:8]
    if key not in pdfmetrics.getRegisteredFontNames():
        try:
            data = truetype(data, wanted) if cff else data
        except Exception as exc:  # fontTools raises many kinds for a damaged font
            said = f"its {exc.args[0]} table is missing" if isinstance(exc, KeyError) else str(exc)
            message = (
                f"its PostScript (CFF) outlines cannot be read ({said or type(exc).__name__}); {DAMAGED}"
            )
            raise _unusable(name, where, message) from None
        try:
            font = TaggedFont(key, io.BytesIO(data))  # the first font of a .ttc
            wrong = damage(font.face)
        except KeyError as exc:  # a table reportlab needs
            wrong = f"its {exc.args[0]} table is missing" if isinstance(exc.args[0], str) else repr(exc)
        except Exception as exc:  # reportlab raises plain Exceptions for bad font files
            wrong = str(exc)
        if wrong:
            raise _unusable(name, where, wrong) from None
        pdfmetrics.registerFont(font)
        if not cff:  # found usable: the next check of a book in it needs no reportlab (see ``fontfacts``)
            fontfacts.keep(digest, facts_of(font))
    return key


def facts_of(font: Any) -> fontfacts.Facts:
    """What a font reportlab has just read says of its letters (before shaping adds to its maps)."""
    face = font.face
    return fontfacts.Facts(
        dict(face.charToGlyph),
        dict(face.charWidths),
        face.defaultWidth,
        _weight_of(face),
        {},
        face.unitsPerEm,
    )


def _unusable(name: str, where: At, wrong: str) -> SpecError | LayoutError:
    message = f'font "{Path(name).name}" cannot be embedded: {wrong}'
    return SpecError([Problem(where, message)]) if where else LayoutError(message)


DAMAGED = "the file is damaged: use another copy of the font, or another font"

MOST_CONVERTED = 6_000
"""Different letters a font with PostScript outlines is converted for at most: 1.6 ms a letter here
(Noto Sans CJK: 8,000 letters took 13 s), and a spec of 1,000 titles of 20 different CJK letters each
took 48 s and 511 MB, past the studio's deadline for a check. Everyday Chinese or Japanese text uses
fewer than 3,000."""


def damage(face: Any) -> str | None:
    """What in a font's tables contradicts the rest, with the fix. reportlab reads the tables as they
    say and trusts them: a glyph count of 0, a letter mapped past the count, or outlines missing or cut
    short passed `validate` and failed in its subsetter as the book was written. Every glyph the book
    can reach is looked at here, when the font is first registered, so a build never meets one."""
    count = face.numGlyphs
    if count == 0:
        return f"its maxp table counts no glyphs; {DAMAGED}"
    if "glyf" not in face.table:
        return f"it has no glyf table (the outlines of its letters); {DAMAGED}"
    start, length = face.get_table_pos("glyf")
    positions = face.glyphPos
    if (
        start + length > len(face._ttf_data)
        or positions[-1] > length
        or any(b < a for a, b in pairwise(positions))
    ):
        return f"its loca table places outlines past the end of its glyf table; {DAMAGED}"
    counted = f"the {count} glyphs its maxp table counts; {DAMAGED}"
    past = max(face.charToGlyph.values(), default=0)
    if past >= count:
        return f"its cmap maps a letter to glyph {past}, past {counted}"
    data = face._ttf_data
    for glyph, (at, end) in enumerate(pairwise(positions)):
        if end - at >= 2 and int.from_bytes(data[start + at : start + at + 2], signed=True) < 0:
            for part in _parts(data[start + at : start + end]):
                if part is None:
                    return f"glyph {glyph}'s outline is cut short; {DAMAGED}"
                if part >= count:
                    return f"glyph {glyph} is drawn from glyph {part}, past {counted}"
    return None


def _parts(outline: bytes) -> Iterator[int | None]:
    """The glyphs a composite glyph is drawn from, as its records say (TrueType's glyf table); None for
    a record that runs past the outline's end."""
    at, more = 10, True  # after the glyph's contour count and bounding box
    while more:
        if at + 4 > len(outline):
            yield None
            return
        flags, part = struct.unpack_from(">HH", outline, at)
        yield part
        more = bool(flags & ttfonts.GF_MORE_COMPONENTS)
        at += 4 + (4 if flags & ttfonts.GF_ARG_1_AND_2_ARE_WORDS else 2)
        if flags & ttfonts.GF_WE_HAVE_A_SCALE:
            at += 2
        elif flags & ttfonts.GF_WE_HAVE_AN_X_AND_Y_SCALE:
            at += 4
        elif flags & ttfonts.GF_WE_HAVE_A_TWO_BY_TWO:
            at += 8


def _code(font: Any, glyph: int, shaper: Any) -> int:
    """The character reportlab writes for a glyph: one the font maps to it, or, for a glyph no character
    maps to (some ligatures and positional forms), a private-use code found from the glyph's number, so
    every build picks the same one (for fonts of up to 6,400 glyphs, where no two can collide)."""
    face = font.face
    codes = face.glyphToChar.get(glyph)
    if codes:
        return int(codes[0])
    code = 0xE000 + glyph % 0x1900
    while face.charToGlyph.get(code, glyph) != glyph:
        code = 0xE000 + (code - 0xE000 + 1) % 0x1900
    face.charToGlyph[code] = glyph
    face.glyphToChar[glyph] = [code]
    face.charWidths[code] = font.pdfScale(shaper.get_glyph_h_advance(glyph))
    return code


def _shaped(font: str, text: str, rtl: bool) -> Run:
    """Letters shaped by HarfBuzz: Arabic letters joined, marks placed on their letters, and a
    right-to-left run in drawing order. reportlab draws the glyphs at HarfBuzz's positions."""
    ttf = pdfmetrics.getFont(font)
    import uharfbuzz  # loaded only for text that needs shaping

    shaper = uharfbuzz.Font(ttf.hbFace)  # reportlab keeps the HarfBuzz face with the font
    buffer = uharfbuzz.Buffer()
    buffer.add_str(text)
    buffer.direction = "rtl" if rtl else "ltr"
    buffer.guess_segment_properties()
    buffer.cluster_level = uharfbuzz.BufferClusterLevel.MONOTONE_CHARACTERS
    uharfbuzz.shape(shaper, buffer)
    letters, data = [], []
    scale = ttf.pdfScale
    for info, at in zip(buffer.glyph_infos, buffer.glyph_positions, strict=True):
        code = _code(ttf, info.codepoint, shaper)
        letters.append(chr(code))
        data.append(
            ShapeData(
                info.cluster,
                scale(at.x_advance),
                scale(at.y_advance),
                scale(at.x_offset),
                scale(at.y_offset),
                ttf.face.getCharWidth(code),
            )
        )
    return Run(font, ShapedStr("".join(letters), shapeData=data), sum(d.x_advance for d in data) / 1000)


EMBOLDEN = 0.04
"""The stroke that makes a regular letter bold, in ems: a CJK fallback's strokes grow by about what
Noto CJK's Bold adds to its Regular, so a name in it is not lighter than the bold names beside it."""


def weight(font: str) -> int:
    """A registered font's weight class (400 regular, 700 bold), from its OS/2 table."""
    return _weight_of(pdfmetrics.getFont(font).face)


def _weight_of(face: Any) -> int:
    try:
        start, length = face.get_table_pos("OS/2")
    except KeyError:
        return 400
    return int.from_bytes(face._ttf_data[start + 4 : start + 6], "big") if length >= 6 else 400


def draw_line(canvas: Any, x: float, y: float, line: Line, size: float) -> None:
    """One set line, run by run in one text object. An emboldened run is filled and stroked (text render
    mode 2) with a stroke of ``EMBOLDEN`` ems in the fill's colour; its advances stay the font's, so the
    line is as wide as it was measured (the stroke reaches a fiftieth of an em past either end)."""
    if all(_plain(run) for run in line.runs):  # most lines
        canvas._code.append(plain_text(canvas, round(x, 2), round(y, 2), line, size))
        return
    text_object(canvas, x, y, line, size)


def _plain(run: Run) -> bool:
    """A run drawn as it is: not shaped, not emboldened, in a font subsetted as it is used."""
    return type(run.text) is str and not run.emboldened and pdfmetrics.getFont(run.font)._dynamicFont


def plain_text(canvas: Any, x: float, y: float, line: Line, size: float) -> str:
    """The text object reportlab's ``PDFTextObject`` writes for a line of plain runs (no shaping, none
    emboldened) at ``x``, ``y``, made without it: a book's captions, labels and page numbers, 3,000
    lines in a 500-maze book, took most of its drawing time there. The letters are given their font's
    subsets as reportlab gives them (``splitString``), which is what the file's fonts are made of."""
    doc = canvas._doc
    sized = f"{fp_str(size)} Tf {fp_str(size * 1.2)} TL"  # the leading ``setFont`` gives
    code = ["BT", f"1 0 0 1 {fp_str(x, y)} Tm"]
    for run in line.runs:
        font = pdfmetrics.getFont(run.font)
        subset, parts = -1, []  # ``setFont`` of a subsetted font: the next letters name their subset
        for chunk_subset, chunk in font.splitString(run.text, doc):
            if chunk_subset != subset:
                parts.append(f"{font.getSubsetInternalName(chunk_subset, doc)} {sized}")
                subset = chunk_subset
            parts.append(f"({canvas._escape(chunk)}) Tj")
        code.append(" ".join(parts))
    code.append("ET")
    return " ".join(code)


def text_object(canvas: Any, x: float, y: float, line: Line, size: float) -> None:
    """``draw_line`` through reportlab's text object, for a line with shaped or emboldened runs."""
    bolder = any(run.emboldened for run in line.runs)
    if bolder:
        canvas.saveState()
        fill = canvas._fillColorObj
        canvas.setStrokeColor(fill)
        canvas.setLineWidth(round(EMBOLDEN * size, 3))
        canvas.setLineJoin(1)  # round: no spikes at the letters' sharp corners
    text = canvas.beginText(round(x, 2), round(y, 2))  # to 0.01 pt (1/7200 in): fewer digits a page
    mode = 0
    for run in line.runs:
        if run.emboldened != bool(mode):
            mode = 2 if run.emboldened else 0
            text.setTextRenderMode(mode)
        text.setFont(run.font, size)
        text.textOut(run.text)
    canvas.drawText(text)
    if bolder:
        canvas.restoreState()


class Registered:
    """A font registered with reportlab, as ``typeset`` sets lines in it (a ``typeset.Face``). A bundled
    font is read from its file when a line is first set in it, so a page that prints only bold text
    never reads the regular font."""

    def __init__(self, name: str) -> None:
        self.name = name

    def _registered(self) -> str:
        return _bundled(self.name) if self.name in BUNDLED else self.name

    @cached_property
    def cmap(self) -> dict[int, int]:
        letters: dict[int, int] = pdfmetrics.getFont(self._registered()).face.charToGlyph
        return letters

    @property
    def weight(self) -> int:
        return weight(self._registered())

    def width(self, text: str) -> float:
        return float(pdfmetrics.stringWidth(text, self._registered(), 1.0))

    def shaped(self, text: str, rtl: bool) -> Run:
        return _shaped(self._registered(), text, rtl)


class Setter(typeset.Setter):
    """Sets lines in fonts registered with reportlab, by their registered names (see ``typeset``)."""

    def __init__(self, fonts: tuple[str, ...], bold: bool = False) -> None:
        super().__init__([Registered(font) for font in fonts], bold)

    def starting_font(self) -> str:
        """The main font, registered, for a canvas to start in (a TrueType font writes nothing there)."""
        return _bundled(self.fonts[0]) if self.fonts[0] in BUNDLED else self.fonts[0]


def setters(plan: BookPlan, *more: object) -> tuple[Setter, Setter]:
    """The regular and the bold font of a book, each followed by its fallback fonts. A font with
    PostScript outlines keeps the letters of the plan and of ``more`` (a cover's words)."""
    letters = cache(lambda: drawn_letters(plan, *more))

    def named(font: str) -> str:  # a bundled font is read when a line is set in it (``Registered``)
        return font if font in BUNDLED else register_font(font, plan.font_where.get(font, ""), letters)

    fallbacks = tuple(named(f) for f in plan.fallbacks)
    regular, bold = (named(f) for f in plan.fonts)
    return Setter((regular, *fallbacks)), Setter((bold, *fallbacks), bold=True)
