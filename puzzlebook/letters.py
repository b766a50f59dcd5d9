"""Which letters the fonts have: the one rule that every letter a book prints has a font (printed text
and word shapes alike), what is said of a letter none has, and a free font to suggest for it.

It reads a font's letters with fontTools alone, so the spec can ask it before anything is drawn.
"""

from __future__ import annotations

import bisect
import os
import re
import unicodedata
from collections.abc import Container, Mapping, Sequence
from functools import cache
from pathlib import Path

from .fontfacts import FONT_DIR, Facts, shipped

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
    """A free font to suggest for a letter: the Noto Sans of its script, as Google Fonts gives it (its
    colour emoji are pictures, which cannot be embedded: Noto Emoji is drawn in outlines)."""
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


def where_to_get(font: str) -> str:
    """The page a free font of ``font_for`` is downloaded from."""
    family = re.sub(r"(?<=[a-z])(?=[A-Z0-9])", "+", font.removesuffix("-Regular.ttf"))
    return f"https://fonts.google.com/noto/specimen/{family}"


FC_SECONDS = 10.0
"""How long fontconfig may take to answer (its first run builds its cache)."""
_FORMAT = "%{file}|%{index}|%{outline}|%{color}|%{style[0]}|%{charset}\\n"


@cache
def _installed(config: tuple[str, ...]) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """Every font file fontconfig knows under ``config`` (its variables), best first, with its letters
    as sorted range bounds (start, end + 1, ...): asked once (``fc-list``), so however many letters are
    missing, fontconfig runs once. Only a file's first font (the one puzzlebook uses), drawn in
    outlines (not bitmaps, not colour pictures); a regular weight first, then a sans serif, then by
    path. Empty where fontconfig is not installed or does not answer."""
    import shutil
    import subprocess

    program = shutil.which("fc-list")
    if not program:
        return ()
    try:
        answer = subprocess.run(
            [program, "--format", _FORMAT], capture_output=True, text=True, timeout=FC_SECONDS, check=False
        ).stdout
    except (OSError, subprocess.SubprocessError, UnicodeDecodeError):
        return ()
    found: dict[str, tuple[tuple[bool, bool, str], tuple[int, ...]]] = {}
    for line in answer.splitlines():
        file, index, outline, color, style, charset = (line.split("|") + [""] * 6)[:6]
        suffix = Path(file).suffix.lower()
        if index != "0" or outline != "True" or color == "True" or suffix not in FONT_FILES:
            continue
        bounds: list[int] = []
        for span in charset.split():
            first, _, last = span.partition("-")
            try:
                bounds += [int(first, 16), int(last or first, 16) + 1]
            except ValueError:
                break
        name = Path(file).name.lower()
        rank = (
            style.lower() not in ("regular", "book", "roman"),
            "serif" in name and "sans" not in name,
            file,
        )
        found[file] = (rank, tuple(bounds))
    return tuple((file, found[file][1]) for file in sorted(found, key=lambda f: found[f][0]))


FONT_FILES = (".ttf", ".otf", ".ttc", ".otc")
"""The endings of the font files puzzlebook reads: no other file is opened as a font."""


def installed_with(letter: str) -> list[str]:
    """The font files on this computer that have ``letter``, as fontconfig knows them, best first."""
    config = tuple(os.environ.get(name, "") for name in ("FONTCONFIG_FILE", "FONTCONFIG_PATH", "HOME"))
    code = ord(letter)
    return [
        file
        for file, bounds in _installed(config)
        if bisect.bisect_right(bounds, code) % 2 == 1 and Path(file).is_file()
    ]


def add_a_font(letter: str) -> str:
    """The fix for a letter no font has: a font installed here that has it, as the line to write, else
    a free font and where to get it."""
    found = installed_with(letter)
    kind = {"Co": "a private-use character", "Cn": "not a letter of Unicode"}.get(
        unicodedata.category(letter)
    )
    if not found and kind:
        return f"it is {kind}, which only a font made for it has: add that font to fallback_fonts, or leave it out"
    if not found:
        font = font_for(letter)
        return f"add a font that has it, e.g. fallback_fonts: [{font}] (free from {where_to_get(font)})"
    from .inputs import studio_folder

    folder = studio_folder()  # the studio reads fonts from its folder only
    if folder:
        return (
            f"this computer has a font with it: copy {found[0]} into the studio's folder ({folder}), "
            f"then write fallback_fonts: [{Path(found[0]).name}]"
        )
    return f"add a font that has it; this computer has one: fallback_fonts: [{found[0]}]"


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


def not_in_fonts(letter: str, fix: str = "", fonts: str = "") -> str:
    """What is said of a letter ``lacking`` finds, wherever it is written; for a place that does not
    draw with the book's fonts, ``fonts`` names the one it draws with and ``fix`` says what to do."""
    fix = fix or add_a_font(letter)
    missing = f"not in {fonts}" if fonts else "in none of the fonts"
    return f'"{letter}" (U+{ord(letter):04X}) is {missing}; {fix}'


@cache
def _letters_of(path: Path) -> Mapping[int, object]:
    facts = _shipped(path)
    if facts is not None:  # fontTools' letters, as it read them before (see ``fontfacts``)
        return dict.fromkeys(facts.advances, True)
    from fontTools.ttLib import TTFont  # loaded only when a word shape is checked

    with TTFont(path, lazy=True) as font:
        return dict(font.getBestCmap())


def bundled_lacks(text: str, font: str) -> str | None:
    """The first letter of ``text`` that the shipped ``font`` (``DejaVuSans-Bold``) alone lacks (see
    ``lacking``)."""
    return lacking(text, [_letters_of(FONT_DIR / f"{font}.ttf")])


def _shipped(path: Path) -> Facts | None:
    """The kept facts of a shipped font, when they are its file's as it is now."""
    return shipped(path.stem) if path.parent == FONT_DIR else None


def font_advances(path: Path) -> tuple[dict[int, int], int]:
    """A font's letters (through fontTools' best cmap), each with its glyph's advance in font units, and
    its units per em, read by fontTools."""
    from fontTools.ttLib import TTFont  # loaded only when a font's facts are not kept

    with TTFont(path, lazy=True) as font:
        metrics, per_em = font["hmtx"].metrics, int(font["head"].unitsPerEm)
        return {code: metrics[name][0] for code, name in font.getBestCmap().items()}, per_em


@cache
def _advances(path: Path) -> tuple[Mapping[int, int], int]:
    """Each letter's advance and the units per em: kept (``fontfacts``), else read."""
    facts = _shipped(path)
    return (facts.advances, facts.per_em) if facts is not None else font_advances(path)


@cache
def bold_width(word: str, font: str = "DejaVuSans-Bold") -> float | None:
    """How wide ``word`` sets in the shipped bold ``font``, in ems (points at 1 pt), before kerning
    (which only narrows it); None for a font that is not shipped or a letter it lacks. Kept: a plan
    asks for the same few words at every maze (a 500-maze book 6,000 times)."""
    path = FONT_DIR / f"{font}.ttf"
    if not path.is_file():
        return None
    advances, per_em = _advances(path)
    if any(ord(c) not in advances for c in word):
        return None
    return sum(advances[ord(c)] for c in word) / per_em
