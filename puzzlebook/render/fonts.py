"""Fonts for the PDF: the bundled ones, and font files registered once each, by their contents.

Every font is embedded as subsets, and each subset gets a tag made from the font and the characters in
it: reportlab numbers the subsets of every font alike (``AAAAAA+``), and PDF 32000-1 (9.6.4) asks that
different subsets in one file have different tags. The tags are a hash, so a rebuild stays byte-identical.
"""

from __future__ import annotations

import hashlib
import io
from pathlib import Path
from typing import Any

import reportlab
from reportlab.pdfbase import pdfmetrics, ttfonts

from ..errors import LayoutError
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


def register_font(name: str) -> str:
    """A bundled font or a path to a font file the layout checked; returns the registered name, which
    comes from the file's contents: two fonts of the same file name are two fonts, and the same font met
    twice is read once."""
    if name in BUNDLED:
        if name not in pdfmetrics.getRegisteredFontNames():
            pdfmetrics.registerFont(TaggedFont(name, str(BUNDLED[name])))
        return name
    data = read_bytes(name, "font").data
    key = "font-" + hashlib.sha256(data).hexdigest()[:16]
    if key not in pdfmetrics.getRegisteredFontNames():
        try:
            pdfmetrics.registerFont(TaggedFont(key, io.BytesIO(data)))
        except Exception as exc:  # reportlab raises plain Exceptions for bad font files
            raise LayoutError(f'font "{name}" cannot be embedded: {exc}') from None
    return key
