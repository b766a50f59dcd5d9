"""Fonts for the PDF: the bundled ones, and font files registered once each, by their contents.

Every font is embedded as subsets, and each subset gets a tag made from the font and the characters in
it: reportlab numbers the subsets of every font alike (``AAAAAA+``), and PDF 32000-1 (9.6.4) asks that
different subsets in one file have different tags. The tags are a hash, so a rebuild stays byte-identical.
"""

from __future__ import annotations

import hashlib
import io
import unicodedata
from dataclasses import dataclass
from itertools import groupby
from pathlib import Path
from typing import Any

import reportlab
from reportlab.pdfbase import pdfmetrics, ttfonts

from ..errors import LayoutError, Problem, SpecError
from ..inputs import read_bytes
from ..layout import BUNDLED_FONTS

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


def register_font(name: str, where: str = "") -> str:
    """A bundled font or a path to a font file the layout checked; returns the registered name, which
    comes from the file's contents: two fonts of the same file name are two fonts, and the same font met
    twice is read once. ``where`` names the setting, for a file that turns out not to be usable."""
    if name in BUNDLED:
        if name not in pdfmetrics.getRegisteredFontNames():
            pdfmetrics.registerFont(TaggedFont(name, str(BUNDLED[name])))
        return name
    data = read_bytes(name, "font", where or name).data
    key = "font-" + hashlib.sha256(data).hexdigest()[:16]
    if key not in pdfmetrics.getRegisteredFontNames():
        try:
            pdfmetrics.registerFont(TaggedFont(key, io.BytesIO(data)))  # the first font of a .ttc
        except Exception as exc:  # reportlab raises plain Exceptions for bad font files
            message = f'font "{Path(name).name}" cannot be embedded: {exc}'
            raise SpecError([Problem(where, message)]) if where else LayoutError(message) from None
    return key


_CJK = {
    "CJK": "SC",
    "IDEOGRAPHIC": "SC",
    "BOPOMOFO": "TC",
    "HIRAGANA": "JP",
    "KATAKANA": "JP",
    "HANGUL": "KR",
}
_SCRIPTS = {"BENGALI", "DEVANAGARI", "ETHIOPIC", "GUJARATI", "GURMUKHI", "KANNADA", "KHMER", "LAO"}
_SCRIPTS |= {"MALAYALAM", "MONGOLIAN", "MYANMAR", "ORIYA", "SINHALA", "SYRIAC", "TAMIL", "TELUGU", "THAI"}


def font_for(letter: str) -> str:
    """A font to suggest for a letter: the Noto Sans of its script, in the TrueType form Google Fonts
    gives: Noto's own CJK files have PostScript outlines and its colour emoji are pictures, and neither
    can be embedded."""
    script = unicodedata.name(letter, "").split(" ")[0]
    if script in _CJK:
        return f"NotoSans{_CJK[script]}-Regular.ttf"
    if script in _SCRIPTS:
        return f"NotoSans{script.title()}-Regular.ttf"
    if ord(letter) >= 0x1F000 and unicodedata.category(letter) == "So":
        return "NotoEmoji-Regular.ttf"
    return (
        "NotoSansSymbols2-Regular.ttf"
        if unicodedata.category(letter).startswith("S")
        else "NotoSans-Regular.ttf"
    )


def _invisible(c: str) -> bool:
    """Format characters (joiners, direction marks) and variation selectors draw nothing themselves."""
    return unicodedata.category(c) == "Cf" or "\ufe00" <= c <= "\ufe0f" or "\U000e0100" <= c <= "\U000e01ef"


@dataclass(frozen=True)
class Run:
    """Letters drawn by one font, in drawing order."""

    font: str  # a registered name
    text: str
    width: float  # at 1 pt


@dataclass(frozen=True)
class Line:
    runs: tuple[Run, ...]
    width: float  # at 1 pt: times the size is the drawn width

    @property
    def fonts(self) -> set[str]:
        return {run.font for run in self.runs}


class Setter:
    """Sets a line of text in a font and its fallbacks: each letter is drawn by the first font that has
    it, so the line's width is the sum of its runs' and a line is measured exactly as it is drawn. Lines
    are kept, so a string met again (a footer, a name on every page) is set once."""

    def __init__(self, fonts: tuple[str, ...]) -> None:
        self.fonts = fonts
        self._cmaps = [pdfmetrics.getFont(font).face.charToGlyph for font in fonts]
        self._lines: dict[str, Line] = {}

    def missing(self, text: str) -> str | None:
        """The first letter that none of the fonts has: it would print as an empty box."""
        for c in unicodedata.normalize("NFC", text):
            if not _invisible(c) and not any(cmap.get(ord(c)) for cmap in self._cmaps):
                return c
        return None

    def line(self, text: str) -> Line:
        line = self._lines.get(text)
        if line is None:
            line = self._lines[text] = self._set(unicodedata.normalize("NFC", text))
        return line

    def _set(self, text: str) -> Line:
        runs = [
            self._run(self.fonts[font], "".join(c for _, c in group))
            for font, group in groupby(zip(self._picks(text), text, strict=True), key=lambda pair: pair[0])
        ]
        return Line(tuple(runs), sum(run.width for run in runs))

    def _picks(self, text: str) -> list[int]:
        """Which font draws each letter: the first that has it; a mark or an invisible character stays
        with the letter before it when that font has it, so the two are drawn together."""
        picks: list[int] = []
        for c in text:
            code = ord(c)
            mark = unicodedata.category(c).startswith("M")
            if picks and (_invisible(c) or (mark and self._cmaps[picks[-1]].get(code))):
                picks.append(picks[-1])
                continue
            picks.append(next((i for i, cmap in enumerate(self._cmaps) if cmap.get(code)), 0))
        return picks

    def _run(self, font: str, text: str) -> Run:
        text = "".join(c for c in text if not _invisible(c))  # a font may lack them: an empty box
        return Run(font, text, pdfmetrics.stringWidth(text, font, 1.0))
