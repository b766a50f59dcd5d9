"""Whether a book's words print: every letter in one of its fonts, every line in its place even at the
smallest print size. Checked before any maze is made, from the fonts' kept facts (``fontfacts``), so that
``validate`` loads neither reportlab nor fontTools: a line is measured by the widths reportlab reads and
with reportlab's own width function, so it is as wide as the PDF draws it. A font with no kept facts (one
met for the first time, one with PostScript outlines) is registered with reportlab, as the PDF will be,
which also finds a font that cannot be embedded, and its facts are kept for the next time.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, partial
from types import SimpleNamespace
from typing import Any

from . import fontfacts
from .errors import At, Problem
from .inputs import read_bytes
from .layout import BUNDLED_FONTS, MIN_TEXT, BookPlan, MazeFrame, MazeInfo, Text
from .layout.signs import WORDS, crowded_word
from .letters import not_in_fonts
from .typeset import MARK_WORDS, PUZZLE_TEXT, Face, Run, Setter, drawn_letters, text_lines

try:  # reportlab's width function, compiled: a C extension that reads no settings (see ``render``)
    from _rl_accel import instanceStringWidthTTF as _string_width
except ImportError:  # where reportlab runs without it, it measures so

    def _string_width(font: Any, text: str, size: float) -> float:
        widths, default = font.face.charWidths.get, font.face.defaultWidth
        return float(0.001 * size * sum(widths(ord(c), default) for c in text))


SHIPPED = ("DejaVuSans", "DejaVuSans-Bold")
"""The fonts whose facts ship beside them."""


class Known:
    """A font set from its kept facts (a ``typeset.Face``); a run that needs shaping registers the font
    with reportlab and is shaped by HarfBuzz there, as it will be drawn."""

    def __init__(self, name: str, facts: fontfacts.Facts, register: Callable[[], str]) -> None:
        self.name, self.cmap, self.weight = name, facts.glyphs, facts.weight
        self.face = SimpleNamespace(charWidths=facts.widths, defaultWidth=facts.default)  # what it reads
        self._register = register

    def width(self, text: str) -> float:
        return float(_string_width(self, text, 1.0))

    def shaped(self, text: str, rtl: bool) -> Run:
        from .render.fonts import Registered

        return Registered(self._register()).shaped(text, rtl)


def _known(font: str, where: At) -> tuple[str, fontfacts.Facts] | None:
    """A font's registered name and kept facts, when there are facts for it as it is now."""
    if font in SHIPPED:
        facts = fontfacts.shipped(font)
        return (font, facts) if facts else None
    if font in BUNDLED_FONTS:  # reportlab's own Vera: registered as it is
        return None
    data = read_bytes(font, "font", where or font).data  # refused here as registering would refuse it
    if fontfacts.is_cff(data):  # converted for the letters a book draws
        return None
    digest = fontfacts.digest(data)
    facts = fontfacts.kept(digest)
    return (fontfacts.registered_name(digest), facts) if facts else None


def _register(font: str, where: At, letters: Callable[[], str]) -> str:
    from .render.fonts import register_font

    return register_font(font, where, letters)


def check_setters(plan: BookPlan) -> tuple[Setter, Setter]:
    """The regular and the bold font of a book, each followed by its fallback fonts, as
    ``render.fonts.setters`` makes them for drawing: the same fonts, in the same order."""
    letters = cache(lambda: drawn_letters(plan))

    def face(font: str) -> Face:
        where = plan.font_where.get(font, "")
        register = partial(_register, font, where, letters)
        known = _known(font, where)
        if known is None:
            from .render.fonts import Registered

            return Registered(register())
        return Known(*known, register)

    fallbacks = tuple(face(font) for font in plan.fallbacks)
    regular, bold = (face(font) for font in plan.fonts)
    return Setter((regular, *fallbacks)), Setter((bold, *fallbacks), bold=True)


def text_problems(plan: BookPlan) -> list[Problem]:
    """Letters that no font has (they would print as empty boxes), and words that would not fit their
    place even at the smallest print size: refused before any work, rather than printed wrong. A font
    met for the first time is registered with reportlab here, so one that cannot be embedded is found
    by `validate` too (facts are kept only of a font found usable)."""
    regular, bold = check_setters(plan)
    problems: dict[At, Problem] = {}
    missed: set[str] = set()
    fonts_named = {
        regular: plan.font_where.get(plan.fonts[0], ""),
        bold: plan.font_where.get(plan.fonts[1], ""),
    }

    def missing(text: str, setter: Setter, where: At) -> bool:
        """Whether a letter of ``text`` is in no font; reported once for each place it was written, and
        for words of puzzlebook's own (no ``where``) against the font setting, once for each letter."""
        letter = setter.missing(text)
        if letter is not None and (where or letter not in missed):
            missed.add(letter)
            where = where or fonts_named[setter] or "layout"
            problems.setdefault(where, Problem(where, not_in_fonts(letter)))
        return letter is not None

    missing(PUZZLE_TEXT, regular, "")
    missing(MARK_WORDS, bold, "")
    for page in plan.pages:
        for item in page.items:
            if isinstance(item, MazeInfo) and item.answer:  # the book's words for "Answer on page"
                missing(item.answer, regular, "")
            if not isinstance(item, Text) or (item.source and item.source in problems):
                continue
            setter = bold if item.bold else regular
            if missing(item.text, setter, item.source) or item.max_width is None:
                continue
            width = max(line.width for line in text_lines(item, setter)) * MIN_TEXT
            if width > item.max_width:
                fits = max(1, int(len(item.text) * item.max_width / width))
                words = item.text.replace("\u2068", "").replace("\u2069", "")  # isolates: see spec.isolate
                shown = words if len(words) <= 30 else words[:27] + "..."
                problems.setdefault(
                    item.source,  # puzzlebook's own words: once for the book
                    Problem(
                        item.source or f"page {page.number}",
                        f'"{shown}" does not fit on the page even at {MIN_TEXT:g} pt: shorten it to about '
                        f"{fits} characters",
                    ),
                )

    def set_width(word: str) -> float:
        return bold.line(word).width

    # a maze's words must print; an answer's are said where its room takes them (the arrows say it)
    for frame in (i for page in plan.pages for i in page.items if isinstance(i, MazeFrame) and not i.answer):
        for word, usual, where in zip(frame.words, WORDS, frame.words_where, strict=True):
            if where in problems or missing(word, bold, where):
                continue
            room = crowded_word(frame, word, usual, set_width)
            if room is not None:
                problems[where] = Problem(
                    where,
                    f'"{word}" is too long to fit beside the arrows even at {MIN_TEXT:g} pt '
                    f"({room:.0f} pt of room); use a shorter word",
                )
    return list(problems.values())
