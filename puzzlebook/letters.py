"""Which letters the fonts have: the one rule that every letter a book prints has a font (printed text
and word shapes alike), what is said of a letter none has, and a free font to suggest for it.

It reads a font's letters with fontTools alone, so the spec can ask it before anything is drawn.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Container, Mapping, Sequence
from functools import cache
from pathlib import Path

FONT_DIR = Path(__file__).resolve().parent / "fonts"
"""The fonts puzzlebook ships (DejaVu Sans and its bold): word shapes are drawn in the bold one."""


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


def invisible(c: str) -> bool:
    """Format characters (joiners, direction marks) and variation selectors draw nothing themselves."""
    return unicodedata.category(c) == "Cf" or "\ufe00" <= c <= "\ufe0f" or "\U000e0100" <= c <= "\U000e01ef"


def lacking(text: str, cmaps: Sequence[Mapping[int, object]], known: Container[str] = ()) -> str | None:
    """The first letter of ``text`` that none of the fonts (by their ``cmaps``) has, so that it would be
    drawn as an empty box; ``known`` are letters found before. The one rule for printed text and for
    word shapes alike."""
    for c in unicodedata.normalize("NFC", text):
        if c not in known and not invisible(c) and not any(cmap.get(ord(c)) for cmap in cmaps):
            return c
    return None


def not_in_fonts(letter: str, fix: str = "") -> str:
    """What is said of a letter ``lacking`` finds, wherever it is written; ``fix`` for a place that does
    not draw with the book's fonts."""
    fix = fix or f"add a font that has it, e.g. fallback_fonts: [{font_for(letter)}]"
    return f'"{letter}" (U+{ord(letter):04X}) is in none of the fonts; {fix}'


@cache
def _letters_of(path: Path) -> Mapping[int, str]:
    from fontTools.ttLib import TTFont  # loaded only when a word shape is checked

    with TTFont(path, lazy=True) as font:
        return dict(font.getBestCmap())


def bundled_lacks(text: str, font: str) -> str | None:
    """The first letter of ``text`` that the shipped ``font`` (``DejaVuSans-Bold``) alone lacks (see
    ``lacking``)."""
    return lacking(text, [_letters_of(FONT_DIR / f"{font}.ttf")])


@cache
def _advances(path: Path) -> tuple[Mapping[int, str], Mapping[str, int], int]:
    """A font's letters, each glyph's advance, and its units per em."""
    from fontTools.ttLib import TTFont  # loaded only when a layout plans the room for its words

    with TTFont(path, lazy=True) as font:
        widths = {name: advance for name, (advance, _) in font["hmtx"].metrics.items()}
        return dict(font.getBestCmap()), widths, int(font["head"].unitsPerEm)


@cache
def bold_width(word: str, font: str = "DejaVuSans-Bold") -> float | None:
    """How wide ``word`` sets in the shipped bold ``font``, in ems (points at 1 pt), before kerning
    (which only narrows it); None for a font that is not shipped or a letter it lacks. Kept: a plan
    asks for the same few words at every maze (a 500-maze book 6,000 times)."""
    path = FONT_DIR / f"{font}.ttf"
    if not path.is_file():
        return None
    letters, widths, per_em = _advances(path)
    if any(ord(c) not in letters for c in word):
        return None
    return sum(widths[letters[ord(c)]] for c in word) / per_em
