"""Lines of text set in a font and its fallbacks, measured as they are drawn, by any ``Face``: a font
reportlab has registered (``render.fonts``, which draws them) or a font's kept facts (``textfit``, which
checks a book's words without loading reportlab).

A line is split into runs, each letter in the first font that has it; right-to-left stretches are put in
drawing order by the Unicode bidi algorithm (python-bidi), and runs that need it (right to left, or with
marks or joiners) are shaped by HarfBuzz, so Arabic letters join. A line is measured as it is drawn.
"""

from __future__ import annotations

import dataclasses
import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache, cached_property
from itertools import accumulate, groupby, pairwise
from typing import Protocol

from .layout.items import Text
from .letters import invisible, lacking


class Face(Protocol):
    """A font as a line is set in it: its registered name, its letters, its weight, widths and shaping."""

    @property
    def name(self) -> str: ...

    @property
    def cmap(self) -> Mapping[int, int]: ...

    @property
    def weight(self) -> int: ...

    def width(self, text: str) -> float:
        """The width of ``text`` at 1 pt, each letter the font's advance (no shaping)."""
        ...

    def shaped(self, text: str, rtl: bool) -> Run:
        """``text`` shaped by HarfBuzz in this font (``rtl``: right to left)."""
        ...


@dataclass(frozen=True)
class Run:
    """Letters drawn by one font, in drawing order (a reportlab ShapedStr when shaped)."""

    font: str  # a registered name
    text: str
    width: float  # at 1 pt
    emboldened: bool = False  # bold asked of a font that has no bold: drawn filled and stroked


_RTL = {"R", "AL", "RLE", "RLO", "RLI", "LRE", "LRO", "LRI", "FSI", "PDF", "PDI"}
"""Bidi classes of letters that run right to left, and of the controls that can change direction."""


def _special(c: str) -> bool:
    """A letter that is more than its own glyph: a mark or an invisible character (shaped with the
    letter before it), or one that may change the direction of the text."""
    return unicodedata.category(c).startswith("M") or invisible(c) or unicodedata.bidirectional(c) in _RTL


_CONTROLS = set("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""Direction marks, embeddings and isolates: they steer the bidi algorithm and are then left out."""
_LEVEL = re.compile(r"Level\(\s*(\d+)")


def levels(text: str) -> list[int]:
    """Each letter's embedding level by the Unicode bidi algorithm (odd levels run right to left), with
    the paragraph's direction from its first strong letter. python-bidi gives the levels only in its
    debug view, one for each byte of the text in UTF-8."""
    if not any(unicodedata.bidirectional(c) in _RTL for c in text):
        return [0] * len(text)
    from bidi import get_display  # loaded only for text that has right-to-left letters

    view = str(get_display(text, debug=True)).split("\n    levels: [", 1)[-1].split("\n    ]", 1)[0]
    by_byte = [int(level) for level in _LEVEL.findall(view)]
    if len(by_byte) != len(text.encode()):
        raise RuntimeError("python-bidi no longer shows its levels as puzzlebook reads them")
    return [by_byte[start] for start in accumulate((len(c.encode()) for c in text[:-1]), initial=0)]


def _visual(segments: list[tuple[int, Run]]) -> list[Run]:
    """Runs in drawing order, by rule L2 of the bidi algorithm: from the highest level down to the
    lowest odd one, reverse every stretch of runs at that level or higher. (A right-to-left run is
    already in drawing order inside: HarfBuzz shaped it so.)"""
    found = [level for level, _ in segments]
    for level in range(max(found), min(level | 1 for level in found) - 1, -1):
        i = 0
        while i < len(segments):
            j = i
            while j < len(segments) and segments[j][0] >= level:
                j += 1
            segments[i:j] = segments[i:j][::-1]
            i = j + 1
    return [run for _, run in segments]


@dataclass(frozen=True)
class Line:
    runs: tuple[Run, ...]
    width: float  # at 1 pt: times the size is the drawn width


LINES_KEPT = 4096
"""Lines a Setter remembers: every running head and label a book repeats, not each maze's caption."""


class Setter:
    """Sets a line of text in a font and its fallbacks: each letter is drawn by the first font that has
    it, right-to-left stretches are put in drawing order and shaped, and the line's width is the sum of
    its runs', so a line is measured exactly as it is drawn. Lines are kept, so a string met again (a
    footer, a name on every page) is set once."""

    def __init__(self, faces: Sequence[Face], bold: bool = False) -> None:
        self.faces = tuple(faces)
        self.fonts = tuple(face.name for face in faces)
        # where bold is asked, a fallback font lighter than bold is emboldened as it is drawn
        self._light = {face.name for face in faces[1:] if bold and face.weight < 600}
        self._plain: set[str] = set()  # letters the main font draws on their own
        self._lines: dict[str, Line] = {}

    @cached_property
    def _cmaps(self) -> list[Mapping[int, int]]:  # read when first needed: a font unused is never read
        return [face.cmap for face in self.faces]

    def missing(self, text: str) -> str | None:
        """The first letter that none of the fonts has: it would print as an empty box."""
        return lacking(text, self._cmaps, self._plain)

    def line(self, text: str) -> Line:
        line = self._lines.get(text)
        if line is None:
            if len(self._lines) >= LINES_KEPT:  # a big book's captions are mostly unique: keep memory flat
                self._lines.clear()
            typeset = unicodedata.normalize("NFC", text)
            typeset = multiplied(ranged(curled(typeset, self._cmaps), self._cmaps), self._cmaps)
            line = self._lines[text] = self._set(typeset)
        return line

    def _set(self, text: str) -> Line:
        if self._is_plain(text):  # most text: one run, drawn as it is
            width = self.faces[0].width(text)
            return Line((Run(self.fonts[0], text, width),), width)
        letters = [
            t for t in zip(levels(text), self._picks(text), text, strict=True) if t[2] not in _CONTROLS
        ]
        segments = [
            (level, self._run(font, "".join(c for _, _, c in group), level % 2 == 1))
            for (level, font), group in groupby(letters, key=lambda t: t[:2])
        ]
        if not segments:
            return Line((), 0.0)
        runs = _visual(segments)
        return Line(tuple(runs), sum(run.width for run in runs))

    def _is_plain(self, text: str) -> bool:
        for c in set(text) - self._plain:
            if _special(c) or not self._cmaps[0].get(ord(c)):
                return False
            self._plain.add(c)
        return True

    def _picks(self, text: str) -> list[int]:
        """Which font draws each letter: the first that has it; a mark or an invisible character stays
        with the letter before it when that font has it, so the two are shaped together."""
        picks: list[int] = []
        for c in text:
            code = ord(c)
            mark = unicodedata.category(c).startswith("M")
            if picks and (invisible(c) or (mark and self._cmaps[picks[-1]].get(code))):
                picks.append(picks[-1])
                continue
            picks.append(next((i for i, cmap in enumerate(self._cmaps) if cmap.get(code)), 0))
        return picks

    def _run(self, index: int, text: str, rtl: bool) -> Run:
        face = self.faces[index]
        if rtl or any(_special(c) for c in text):
            run = face.shaped(text, rtl)
        else:
            run = Run(face.name, text, face.width(text))
        if face.name in self._light:
            run = Run(run.font, run.text, run.width, emboldened=True)
        return run


def curled(text: str, cmaps: Sequence[Mapping[int, int]]) -> str:
    """Straight quotes and apostrophes as a typesetter prints them, where a font has the curled ones:
    "Kruskal's" with a typewriter's straight mark in an 18 pt heading read as unfinished (a design
    review). An apostrophe or closing quote after a letter, a digit or punctuation; an opening one
    after a space or at the start, but for an apostrophe before a digit ('90s)."""
    if "'" not in text and '"' not in text:
        return text
    out = []
    seen = [c for c in text if unicodedata.category(c) != "Cf"]  # not a name's direction isolates
    at = -1
    for c in text:
        at += unicodedata.category(c) != "Cf"
        if c in "'\"":
            before = seen[at - 1] if at else " "
            after = seen[at + 1] if at + 1 < len(seen) else " "
            opening = not (before.isalnum() or before in CLOSERS) and not (c == "'" and after.isdigit())
            curl = CURLS[c][not opening]
            c = curl if any(cmap.get(ord(curl)) for cmap in cmaps) else c
        out.append(c)
    return "".join(out)


RANGE = re.compile(r"(?<![\d\-\u2013])(\d{1,3})-(\d{1,3})(?![\d\-\u2013])")
"""A range of small numbers, 6-8, standing alone: not a chain of them (an ISBN, a date, 978-1-...) nor a
longer number (a telephone's 555-1234)."""


def ranged(text: str, cmaps: Sequence[Mapping[int, int]]) -> str:
    """A range of small numbers with an en dash, as a typesetter prints "Ages 6\u20138", where a font
    has it: the age badge's hyphen read as a minus sign (a design review)."""
    if "-" not in text or not any(cmap.get(0x2013) for cmap in cmaps):
        return text
    return RANGE.sub("\\1\u2013\\2", text)


TIMES = re.compile(r"(?<![\w.])([1-9]\d{0,3})( ?)[xX]( ?)(\d{1,4})(?![\w.])")
"""A size, 24x30 or 24 x 30: whole numbers either side of an x, standing alone (not 0x1F, nor a part
number's 12x4B)."""


def multiplied(text: str, cmaps: Sequence[Mapping[int, int]]) -> str:
    """A size with a multiplication sign, as a typesetter prints "24 \u00d7 30", where a font has it:
    the letter x read as a typewriter's (a design review)."""
    if ("x" not in text and "X" not in text) or not any(cmap.get(0xD7) for cmap in cmaps):
        return text  # most lines: no x at all (each line asked cost a 500-maze book 5 ms)
    return TIMES.sub("\\1\\2\u00d7\\3\\4", text)


CURLS = {"'": "\u2018\u2019", '"': "\u201c\u201d"}
"""Each straight mark's opening and closing curled forms."""
CLOSERS = ".,;:!?)]}\u2019\u201d'\""
"""Marks after which a quote closes (the dog's ball, "Stop!")."""


def text_lines(item: Text, setter: Setter) -> list[Line]:
    """The text as one line, or for a ``wrap`` text too wide for one, as ``even_lines``."""
    if not item.wrap or not item.max_width:
        return [setter.line(item.text)]
    return even_lines(item.text, setter, item.max_width / item.size, item.lines)


def even_lines(text: str, setter: Setter, width: float, most: int) -> list[Line]:
    """The text as one line where it fits ``width`` (in ems), else as the fewest most even lines that
    fit, up to ``most``; the most even of those, when none fit. A heading or a cover's title breaks so,
    where a greedy break left "The Big Book of Amazing / Mazes for Curious / Young Explorers"."""
    whole = setter.line(text)
    words = text.split(" ")
    if whole.width <= width or len(words) < 2:
        return [whole]
    widths = [setter.line(word).width for word in words]
    space = _space(setter)
    best: list[Line] = [whole]
    for count in range(2, min(most, len(words)) + 1):
        cuts = even_cuts(widths, space, count)
        best = [setter.line(" ".join(words[a:b])) for a, b in pairwise([0, *cuts, len(words)])]
        if max(line.width for line in best) <= width:
            break
    return best


def wrap_lines(text: str, setter: Setter, width: float, most: int) -> list[Line]:
    """``text`` broken greedily into lines no wider than ``width`` (in ems), keeping its own line
    breaks; at most ``most`` lines, the last taking the rest. A paragraph never ends in a word alone
    under a line of three or more: the word before it comes down too, where the two fit ("quiet" over
    "time." on a back cover)."""
    lines: list[Line] = []
    for paragraph in text.split("\n"):
        rows: list[list[str]] = [[]]
        for word in _units(paragraph):
            trial = " ".join([*rows[-1], word])
            if rows[-1] and setter.line(trial).width > width and len(lines) + len(rows) < most:
                rows.append([word])
            else:
                rows[-1].append(word)
        if len(rows) > 1 and len(rows[-1]) == 1 and len(rows[-2]) >= RUNT_BEFORE:
            last = " ".join([rows[-2][-1], *rows[-1]])
            if setter.line(last).width <= width:
                rows[-2:] = [rows[-2][:-1], [rows[-2][-1], *rows[-1]]]
        lines += [setter.line(" ".join(row)) for row in rows]
    return lines


def even_paragraphs(text: str, setter: Setter, width: float) -> list[Line]:
    """``wrap_lines`` with each paragraph in as many lines as it takes there, made even: the widest as
    narrow as it can be. A centred blurb broken greedily read "..., from a first" over "gentle walk to
    ..." over a short line (a designer, looking at a cover). A paragraph too long to even quickly
    (``EVEN_MOST``) keeps the greedy breaking."""
    out: list[Line] = []
    for paragraph in text.split("\n"):
        lines = wrap_lines(paragraph, setter, width, 10_000)
        words = _units(paragraph)
        if 1 < len(lines) <= EVEN_MOST[0] and len(words) <= EVEN_MOST[1]:
            cuts = even_cuts([setter.line(word).width for word in words], _space(setter), len(lines))
            even = [setter.line(" ".join(words[a:b])) for a, b in pairwise([0, *cuts, len(words)])]
            lines = even if max(line.width for line in even) <= width else lines
        out += lines
    return out


EVEN_MOST = (12, 200)
"""The lines and words of a paragraph ``even_paragraphs`` evens (its search grows as their product and
the words again): a back cover's paragraph at a readable size has fewer."""


def _space(setter: Setter) -> float:
    """A word space's width, in ems."""
    return setter.line("a a").width - 2 * setter.line("a").width


RUNT_BEFORE = 3
"""Words the line before a paragraph's last must keep for a lone last word to take one of them."""


def _units(paragraph: str) -> list[str]:
    """A paragraph's words, a range of numbers ("4 to 6", "8 - 10") kept as one: a badge read "Ages 4"
    over "to 6"."""
    words = paragraph.split(" ")
    units: list[str] = []
    i = 0
    while i < len(words):
        ranged = i + 2 < len(words) and words[i + 1] in RANGE_WORDS
        if ranged and words[i][-1:].isdigit() and words[i + 2][:1].isdigit():
            units.append(" ".join(words[i : i + 3]))
            i += 3
        else:
            units.append(words[i])
            i += 1
    return units


RANGE_WORDS = ("to", "-", "–", "—")
"""Words between two numbers that make them a range."""


def even_cuts(widths: list[float], space: float, count: int) -> list[int]:
    """Where to break words of these widths into ``count`` lines so that the widest is narrowest (by
    adding up the words' widths; the lines are measured whole afterwards)."""
    starts = [0.0]
    for width in widths:
        starts.append(starts[-1] + width + space)

    def span(a: int, b: int) -> float:
        return starts[b] - starts[a] - space

    n = len(widths)

    @cache
    def best(a: int, parts: int) -> tuple[float, tuple[int, ...]]:
        if parts == 1:
            return span(a, n), ()
        return min(
            (max(span(a, b), best(b, parts - 1)[0]), (b, *best(b, parts - 1)[1]))
            for b in range(a + 1, n - parts + 2)
        )

    return list(best(0, count)[1])


PUZZLE_TEXT = "abcdefghijklmnopqrstuvwxyz-0123456789 ·×"
"""What the line under a maze is made of: the algorithm's name, the size (W×H) and the seed."""
MARK_WORDS = "Start Finish SE"
"""The words beside the arrows, and the letters in the cells when there is no room for arrows."""
_NOT_DRAWN = {"source", "words_where", "font_where", "fonts", "fallbacks", "pictures", "rules", "edition"}
"""Fields of a plan that are never printed: where words were written (a file's name), font files."""


def drawn_letters(*things: object) -> str:
    """Every letter the strings in ``things`` (plans, their pages and items, a cover's settings) hold,
    once each and in order: what a converted font must keep. Words puzzlebook adds as it draws (the
    line under a maze, page numbers) are made of ``PUZZLE_TEXT`` and ``MARK_WORDS``."""
    found = set(PUZZLE_TEXT + MARK_WORDS)
    stack = list(things)
    while stack:
        thing = stack.pop()
        if isinstance(thing, str):
            found.update(thing)
        elif isinstance(thing, dict):
            stack += thing.values()
        elif isinstance(thing, list | tuple | set | frozenset):
            stack += thing
        elif dataclasses.is_dataclass(thing) and not isinstance(thing, type):
            stack += [getattr(thing, f.name) for f in dataclasses.fields(thing) if f.name not in _NOT_DRAWN]
        elif fields := getattr(type(thing), "model_fields", None):  # a spec's setting (pydantic)
            stack += [getattr(thing, name) for name in fields if name not in _NOT_DRAWN]
    return "".join(sorted(found))
