"""Words and names as shapes (`shape: {text: ...}`): the word drawn in the bundled bold font, then made
into cells with its letters tall enough to read and its accents apart from their letters."""

from __future__ import annotations

import functools
import math
import unicodedata
from dataclasses import replace
from typing import Any

from . import kinds, wordfont
from .errors import At, Problem
from .letters import bundled_lacks, not_in_fonts
from .masks import Mask, fit, shape_of
from .wordbreaks import hyphen_of_ours, line_choices, lines_worth, own_break, word_lines
from .wordfont import BOLD
from .wordforms import (
    REGULAR,
    Form,
    Glyph,
    capital_i,
    close_tops,
    letter_alone,
    narrowed,
    serif_reach,
    serifed,
    serifs,
)
from .wordgaps import LetterInk, letters_apart
from .wordjoins import joined
from .wordmarks import Piece, alike, apart, around, dotted, squared, stack_parts, stack_pieces, stacked

MAX_WORD = 14
"""Letters in a word shape at most: Maximiliano and Bartholomew with room to spare; a longer word goes
on two lines of letters too small for their page."""
MIN_WORD_ROWS = 12
"""Rows a word's capital letters stand at least, their strokes then 3 cells wide: at 7 the corridors
carved the letters until no letter showed, and at 12 the name reads first and the maze second."""


WORD_FONT = "puzzlebook's own bold font, the one font a word shape is drawn in (fallback fonts are not)"
"""The font a word shape's letters must be in, as a message names it."""

MAX_WORD_CELLS = 40_000
"""Cells a word is drawn over at most (200x200): far more than a page can print, and a bound on the
work of joining its letters."""


_FALLS_APART = 1  # cells left empty between a letter and its accent or dot
_SQUEEZE_SPILL = 2
"""Pixels a narrowed letter's ink may reach past its box narrowed (under one, as ``wordforms.narrowed``
resamples and rounds; two for margin): a t's bar touching the next i there was read as the i's."""


def sized_fix(width: int, height: int, least_cell: float = 0.0) -> str:
    """The size that draws a word's letters tall enough to read, and, in a book for an age
    (``least_cell``, the least cell its mazes print at), how wide a page it then takes: a parent was
    told to make Emma's name maze 58x13, and found it refused as too dense, since at age-6's cells it is
    18 in wide."""
    fix = f"make the maze about {width}x{height}"
    if least_cell:
        across = width * least_cell / 72
        fix += f" ({across:.1f} in across at the {least_cell:g} pt cells of its age)"
    return fix


def word_mask(
    word: str,
    width: int,
    height: int,
    where: At,
    grid: str = "rectangle",
    lines: tuple[str, ...] | None = None,
    form: Form = REGULAR,
    least_cell: float = 0.0,
) -> tuple[Mask | None, list[Problem]]:
    """A word in the bundled bold font fitted into ``width`` x ``height`` cells, on the ``lines`` that draw
    its letters tallest there unless given (in ``form``, ``wordforms.FORMS``), its letters (and the accents and dots, kept a cell apart from
    their letters so they read as marks) joined into one piece by the shortest straight bridges of
    cells, so the word is one maze a child can trace from the first letter to the last. ``least_cell``:
    an age's (``sized_fix``)."""
    word = word.strip()
    refused = word_refused(word, where)
    if refused:
        return None, refused
    if width * height > MAX_WORD_CELLS:
        return None, [
            Problem(where, f"{width}x{height} is too large for a word: at most {MAX_WORD_CELLS:,} cells")
        ]
    shown = lines or drawn_lines(word, width, height, grid)
    picture = word_picture(word, lines=shown, form=form)
    if picture is None:
        return None, [Problem(where, f'"{word}" draws nothing in the bundled font: use letters or digits')]
    thin = too_thin(picture, width, height, grid)
    if thin:
        rows, (w, h) = thin
        size = f"{width}x{height} cells"
        fix = sized_fix(w, h, least_cell) if w * h <= MAX_WORD_CELLS else "write it with fewer letters"
        return None, [
            Problem(
                where,
                f'"{word}" drawn over {size} has letters {rows} cell(s) tall, too thin to read (they take '
                f"{MIN_WORD_ROWS}): {fix}",
            )
        ]
    mask, problems = _shaped(word, width, height, grid, shown, form)
    return mask, [replace(problem, where=where) for problem in problems]


@functools.lru_cache(maxsize=32)
def _shaped(
    word: str, width: int, height: int, grid: str, shown: tuple[str, ...], form: Form
) -> tuple[Mask | None, tuple[Problem, ...]]:
    """``word_mask`` once the word reads: its cells made into a mask, its problems told nowhere yet.
    Kept for the next call: fitting a name to its page asks for the same fields again (a class set's
    longest names drew each field two or three times)."""
    picture = word_picture(word, lines=shown, form=form)
    cells, marks = _marks_apart(word, picture, width, height, grid, shown, form)
    letters = cells - marks
    if grid == "rectangle" and dotted(word):
        marks = alike(squared(marks, letters), letters, (width, height))
    drawn = joined(letters, grid, marks)
    mask, problems = shape_of(drawn, f'"{word}"', "", "make the maze larger", grid, marks)
    if mask is None:
        return None, tuple(problems)
    first = first_side(word) + (" top" if len(shown) > 1 else "")  # read line by line
    everything = drawn | marks  # as shape_of cut its box
    x0, y0 = kinds.kind(grid).crop(min(x for x, _ in everything), min(y for _, y in everything))
    joins = frozenset((x - x0, y - y0) for x, y in drawn - letters)
    accents = frozenset((x - x0, y - y0) for x, y in marks)
    return replace(mask, first=first, form=form, joins=joins, accents=accents), tuple(problems)


def word_refused(word: str, where: At) -> list[Problem]:
    """Why ``word`` cannot be a word shape at any size: empty, too long, or with a letter the font it is
    drawn in lacks (told as printed text is: it would be drawn as a box)."""

    word = word.strip()
    if not word:
        return [Problem(where, "the word is empty: write one, such as text: ANA")]
    if len(word) > MAX_WORD:
        return [
            Problem(
                where,
                f'"{word}" has {len(word)} letters; a word shape takes at most {MAX_WORD}: write it '
                "shorter, such as a first name alone, or Max for Maximiliano",
            )
        ]
    letter = bundled_lacks(word, BOLD.stem)
    if letter is not None:
        return [Problem(where, not_in_fonts(letter, "write the word with letters it has", WORD_FONT))]
    return []


def drawn_lines(word: str, width: int, height: int, grid: str = "rectangle") -> tuple[str, ...]:
    """The lines the word is drawn on over ``width`` x ``height`` cells: of ``line_choices``, the one whose
    capitals stand tallest there (``lines_worth``; the first of those as tall), of those that read when
    any does, so the break suits the field's proportions, two lines when it is tall and one when wide.
    A name with a space or hyphen of its own is given one of ours only where none of its own reads:
    "Charlotte-Rose" was drawn "Charlot- / te-Rose" for letters a quarter taller."""
    best: tuple[tuple[bool, bool, float], tuple[str, ...]] | None = None
    own = own_break(word)
    for lines in line_choices(word):
        picture = word_picture(word.strip(), lines=lines)
        if picture is None:
            continue
        rows = letter_rows(picture, width, height, grid)
        reads = rows >= MIN_WORD_ROWS - 1e-6  # first, lines that read; then its own breaks
        worth = (reads, not (own and hyphen_of_ours(word, lines)), lines_worth(word, lines, rows))
        if (
            best is None
            or worth[:2] > best[0][:2]
            or (worth[:2] == best[0][:2] and worth[2] > best[0][2] + 1e-6)
        ):
            best = (worth, lines)
    return best[1] if best else tuple(word_lines(word.strip()))


def least_picture(word: str, grid: str = "rectangle") -> Any:
    """The word's picture on the lines whose least legible field (``legible_size``) has the fewest cells:
    what a name too large for its place is told it takes."""
    pictures = [
        p for lines in line_choices(word) if (p := word_picture(word.strip(), lines=lines)) is not None
    ]
    return min(pictures, key=lambda p: math.prod(legible_size(p, grid)), default=None)


def field_picture(word: str, width: int, height: int, grid: str = "rectangle") -> Any:
    """The word's picture as it is drawn over ``width`` x ``height`` cells (``drawn_lines``)."""
    return word_picture(word.strip(), lines=drawn_lines(word, width, height, grid))


def _stroke() -> float:
    """A narrowed letter's upright stroke: the bold's, and 3 cells at capitals 12 tall."""
    return max(wordfont.stem(), wordfont.cap() * 3 / MIN_WORD_ROWS)


ATTACHED = range(200, 217)
"""The combining classes of marks attached to their letter (a cedilla, an ogonek, Vietnamese ư's
horn): part of its strokes, not set apart as accents are (a horn lifted off its u read as an i)."""


def _bare(line: str) -> str:
    """The line without its accents and dots (é as e, i as ı, ë as e, ự as ư), letter for letter in
    place: the letters' own strokes, from which the marks are told apart."""
    out = []
    for c in line:
        kept = (d for d in unicodedata.normalize("NFD", c) if unicodedata.combining(d) in (0, *ATTACHED))
        base = unicodedata.normalize("NFC", "".join(kept))
        base = {"i": "\u0131", "j": "\u0237"}.get(base, base)
        out.append(base if len(base) == 1 else c)
    return "".join(out)


def word_picture(
    word: str, bare: bool = False, lines: tuple[str, ...] | None = None, form: Form = REGULAR
) -> Any:
    """The word in the bundled bold font, white on black, on ``lines`` (by default ``word_lines``), each
    centred, with room above for its accents and dots to stand clear of their letters; or None when it
    draws nothing. ``bare`` draws the same letters in the same places without their accents and dots;
    ``form`` says how they are drawn (``Form``). Kept for the next call: a name's
    pictures are asked for again as its field is sought (never changed by those who read them)."""
    shown = lines if lines is not None else tuple(word_lines(word))
    close = form.close and len(shown) > 1
    if form.narrow >= 1.0:
        return _picture(word, bare, shown, close)
    return _narrow_picture(word, bare, shown, close, form.narrow)


@functools.lru_cache(maxsize=64)
def _narrow_picture(word: str, bare: bool, shown: tuple[str, ...], close: bool, narrow: float) -> Any:
    """``word_picture`` at ``narrow`` of its width (``wordforms.narrowed``)."""
    picture = _picture(word, bare, shown, close)
    placed = _placed(shown, close)
    if picture is None or placed is None:
        return None
    return narrowed(picture, narrow, placed[1], _stroke(), wordfont.stem())


@functools.lru_cache(maxsize=64)
def _placed(shown: tuple[str, ...], close: bool) -> tuple[Any, tuple[Glyph, ...], tuple[Any, ...]] | None:
    """Where the lines of a word's picture go: its size and each line's text, origin and box; each
    letter's box (with its accents) in the picture; and each letter bare, as drawn alone (its text,
    where, ``wordforms.letter_alone``). None when it draws nothing."""
    font = wordfont.font()
    # The letters go in reading order by the Unicode bidi algorithm first (python-bidi), a right-to-left
    # name from the right.
    lines = [serifed(_in_reading_order(line)) for line in shown]
    boxes = [tuple(round(v) for v in font.getbbox(line)) for line in lines]
    if any(right <= left or bottom <= top for left, top, right, bottom in boxes):
        return None
    cap = wordfont.cap()
    tops = [0]  # each line's top in the picture: the next a quarter of a capital below the last's bottom
    for _, top, _, bottom in boxes[:-1]:
        tops.append(tops[-1] + bottom - top + cap // 4)
    widest = max(right - left for left, _, right, _ in boxes)
    if close:
        tops = close_tops(tuple(lines), tuple(boxes), widest, font, cap // 4)
    above = cap // 6 if any(_bare(line) != line for line in lines) else 0  # room to lift a mark
    last = boxes[-1]
    size = (widest + 8, tops[-1] + last[3] - last[1] + above + 8)
    origins = [
        (4 - left + (widest - (right - left)) // 2, 4 + above + at - top)
        for (left, top, right, _), at in zip(boxes, tops, strict=True)
    ]
    glyphs: list[Glyph] = []
    alone = []
    for line, (x, y) in zip(lines, origins, strict=True):
        for k, letter in enumerate(line):
            if unicodedata.combining(letter):
                continue  # drawn with the letter before it, in its box
            left, top, right, bottom = font.getbbox(letter)
            if right > left and not letter.isspace():  # a capital I's hair space draws nothing
                at = x + font.getlength(line[:k])
                reach = serif_reach(font) if capital_i(letter) else 0
                glyphs.append(
                    (
                        math.floor(at + left) - reach,
                        y + top - above,
                        math.ceil(at + right) + reach,
                        y + bottom,
                    )
                )
                end = next(
                    (j for j in range(k + 1, len(line)) if not unicodedata.combining(line[j])), len(line)
                )
                alone.append((_bare(line[k:end]), at, y))
    return (size, list(zip(lines, origins, strict=True))), tuple(glyphs), tuple(alone)


@functools.lru_cache(maxsize=64)
def _picture(word: str, bare: bool, shown: tuple[str, ...], close: bool = False) -> Any:
    """``word_picture``, drawn."""
    from PIL import Image, ImageDraw

    placed = _placed(shown, close)
    if placed is None:
        return None
    size, lines = placed[0]
    picture = Image.new("L", size, 0)
    draw = ImageDraw.Draw(picture)
    for line, origin in lines:
        draw.text(origin, _bare(line) if bare else line, fill=255, font=wordfont.font())
        serifs(draw, wordfont.font(), line, origin)
    return picture


def _marks_apart(
    word: str,
    picture: Any,
    width: int,
    height: int,
    grid: str,
    lines: tuple[str, ...] | None = None,
    form: Form = REGULAR,
) -> tuple[set[tuple[int, int]], set[tuple[int, int]]]:
    """The word's cells with each accent and dot a cell clear of its letter (an ë's dots had merged into
    a cap): each mark is lifted, a row at a time, until it is clear, or where there is no room, the cells
    touching a letter are left out."""
    drawn = fit(picture, width, height, grid)
    bare = word_picture(word, bare=True, lines=lines, form=form)
    if bare is None or bare.size != picture.size:
        return drawn, set()
    fitted = fit(bare, width, height, grid)
    inked = _letter_ink(word, lines if lines is not None else tuple(word_lines(word)), form)
    letters = letters_apart(fitted, inked, width, height, grid) if inked else fitted
    near = set(letters)
    for _ in range(_FALLS_APART):
        near |= {n for x, y in near for n in around(x, y, grid)}
    pieces = _stacks(word, lines, form) if stacked(word) else ()
    stacks = stack_parts(pieces, picture.size, width, height, grid) if pieces else []
    out = letters | apart(drawn - fitted, near, grid, stacks)
    return out, out - letters


@functools.lru_cache(maxsize=64)
def _letter_ink(word: str, shown: tuple[str, ...], form: Form) -> LetterInk | None:
    """Which letter the ink of the word's picture is from (``wordgaps.LetterInk``), kept with what it
    has worked out: a name's fields are tried in turn over the same picture."""
    bare = word_picture(word, bare=True, lines=shown, form=form)
    placed = _placed(shown, form.close and len(shown) > 1)
    if bare is None or placed is None:
        return None
    spill = 0 if form.narrow == 1 else _SQUEEZE_SPILL
    glyphs = tuple(
        (x0 * form.narrow - spill, y0, x1 * form.narrow + spill, y1) for x0, y0, x1, y1 in placed[1]
    )
    drawn = [
        (*alone, box, placed[0][0], form.narrow, _stroke(), wordfont.stem())
        for alone, box in zip(placed[2], placed[1], strict=True)
    ]
    return LetterInk(bare, glyphs, lambda k: letter_alone(wordfont.font(), *drawn[k]))


@functools.lru_cache(maxsize=64)
def _stacks(word: str, lines: tuple[str, ...] | None, form: Form) -> tuple[Piece, ...]:
    """``wordmarks.stack_pieces`` of the word's picture, kept: a name's fields are tried in turn."""
    picture = word_picture(word, lines=lines, form=form)
    return stack_pieces(picture, word_picture(word, bare=True, lines=lines, form=form))


def letter_rows(picture: Any, width: int, height: int, grid: str = "rectangle") -> float:
    """How many rows tall a capital of ``picture`` stands fitted into ``width`` x ``height`` cells, as
    ``masks.fit`` fits it (keeping its proportions)."""
    ew, eh = kinds.kind(grid).extent(width, height) if grid != "rectangle" else (width, height)
    return float(wordfont.cap() * min(ew / picture.width, eh / picture.height) * height / eh)


def too_thin(picture: Any, width: int, height: int, grid: str) -> tuple[int, tuple[int, int]] | None:
    """The rows a word's capitals take over ``width`` x ``height`` cells and the least field that draws
    them ``MIN_WORD_ROWS`` tall, when they are drawn smaller than that; None when they read."""
    rows = letter_rows(picture, width, height, grid)
    return (int(rows + 1e-6), legible_size(picture, grid)) if rows < MIN_WORD_ROWS - 1e-6 else None


def legible_size(picture: Any, grid: str = "rectangle") -> tuple[int, int]:
    """The least field in the picture's proportions over which its capitals stand ``MIN_WORD_ROWS``
    tall: the rows that take them, then the fewest columns that take the whole word at that scale."""
    height = math.ceil(MIN_WORD_ROWS * picture.height / wordfont.cap() - 1e-6)
    return word_field(picture, height, grid)


def word_field(picture: Any, height: int, grid: str = "rectangle") -> tuple[int, int]:
    """The field ``height`` rows tall that takes the whole word in the picture's proportions with the
    fewest columns: a name sized to its slot is tried row by row at these fields."""
    shape = kinds.kind(grid)
    eh = shape.extent(2, height)[1] if grid != "rectangle" else height  # a hex field's half cell
    width = max(1, math.floor(picture.width * eh / picture.height * 0.5))  # well short of it, on any grid
    while (
        shape.extent(width, height)[0] if grid != "rectangle" else width
    ) < picture.width * eh / picture.height - 1e-6:
        width += 1
    return width, height


def _in_reading_order(word: str) -> str:
    """The word's letters left to right as a reader sees them."""
    if not any(unicodedata.bidirectional(c) in ("R", "AL") for c in word):
        return word
    from bidi import get_display  # loaded only for a word with right-to-left letters

    return str(get_display(word))


def first_side(word: str) -> str:
    """The side a word's first letter is drawn on: the right for a right-to-left word (Hebrew, Arabic)."""
    strong = next(
        (unicodedata.bidirectional(c) for c in word if unicodedata.bidirectional(c) in ("L", "R", "AL")), "L"
    )
    return "left" if strong == "L" else "right"
