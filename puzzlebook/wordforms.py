"""The forms a name's letters are drawn in when its place is too small for them as the bold draws them
(``words.word_picture``): its two lines closer, its letters narrower; and a capital I's serifs, in every
form. Pictures only: which form a name takes is decided where it is fitted to its page
(``layout.names``)."""

from __future__ import annotations

import itertools
import math
import unicodedata
from typing import Any, NamedTuple


class Form(NamedTuple):
    """How a name's letters are drawn: ``narrow``, their width as a share of the bold's (``narrowed``);
    ``close``, two lines set as close as their letters allow (``close_tops``) rather than a box apart."""

    narrow: float = 1.0
    close: bool = False


REGULAR = Form()
FORMS = (REGULAR, Form(close=True), *(Form(w, True) for w in (0.95, 0.9, 0.85, 0.8, 0.75)))
"""The forms a name is drawn in, the first its place takes: as it always was; its two lines closer
(Αλεξ- / άνδρα on a handout of two a page); then narrower, to three quarters of the bold's width
(Anne-Charlotte on a portrait page), its upright strokes thickened back to the bold's, 3 cells at
capitals 12 cells tall, so that it stays as bold. DejaVu Sans Condensed Bold was tried: it is only a
tenth narrower, and its strokes are 2.8 cells at capitals 12 cells tall."""

Glyph = tuple[int, int, int, int]
"""A letter's box in a word's picture (left, top, right, bottom, in pixels), with its accents."""

INKED = bytes(int(v >= 128) for v in range(256))
"""A picture's pixel byte as 1 where it is ink (half or more, as ``masks.fit`` counts it), else 0."""


def narrowed(picture: Any, share: float, glyphs: tuple[Glyph, ...], stroke: float, stem: float) -> Any:
    """``picture`` squeezed across to ``share`` of its width, then each letter's upright strokes
    thickened towards its middle, within its own box (into its counters, never into the gap to the next
    letter), until they are ``stroke`` pixels wide again (a lone stroke, as an l, widening into its gap),
    from ``stem``, the bold's: letters as heavy as the others, their counters narrower, their gaps kept."""
    from PIL import Image

    out = picture.resize((max(1, round(picture.width * share)), picture.height), Image.Resampling.BOX)
    grow = max(0, math.ceil(stroke - stem * share))
    for left, top, right, bottom in glyphs:
        x0 = math.floor(left * share)
        x1 = min(out.width, max(math.ceil(right * share), x0 + math.ceil(stroke)))
        box = (x0, max(0, top), x1, min(out.height, bottom))
        if box[2] <= box[0] or box[3] <= box[1]:
            continue
        letter = out.crop(box)
        width, pixels = letter.width, bytearray(letter.tobytes())
        for row in range(0, len(pixels), width):
            inked = bytes(pixels[row : row + width]).translate(INKED)
            x = inked.find(1)
            while x >= 0:
                end = inked.find(0, x)
                end = width if end < 0 else end
                if x + end < width:  # left of the letter's middle: grows rightwards, into the letter
                    pixels[row + end : row + min(width, end + grow)] = b"\xff" * (
                        min(width, end + grow) - end
                    )
                else:
                    pixels[row + max(0, x - grow) : row + x] = b"\xff" * (x - max(0, x - grow))
                x = inked.find(1, end)
        grown = Image.frombytes("L", letter.size, bytes(pixels))
        out.paste(grown, box)
    return out


def close_tops(
    lines: tuple[str, ...], boxes: tuple[tuple[int, ...], ...], widest: int, font: Any, gap: int
) -> list[int]:
    """Each line's top in the picture, the lines as close as their letters allow: each letter (and
    mark) ``gap`` clear of every letter of the line above, across and down, and its capitals clear of
    the line above's baseline by as much, so a descender of the first line (the ξ of Αλεξ-) and an
    accent of the second (the ά of άνδρα) share rows where they are apart."""
    from PIL import Image, ImageDraw

    _, cap_top, _, base = font.getbbox("H")
    ink: list[int] = [-(10**9)] * (widest + 8)  # the lowest row of ink above, per column
    tops: list[int] = []
    for line, (left, top, right, bottom) in zip(lines, boxes, strict=True):
        image = Image.new("L", (widest + 8, bottom - top), 0)
        x = 4 - left + (widest - (right - left)) // 2
        ImageDraw.Draw(image).text((x, -top), line, fill=255, font=font)
        down = image.transpose(Image.Transpose.TRANSPOSE).tobytes().translate(INKED)  # column by column
        tall = image.height
        columns = [
            (first, down.rfind(1, c * tall, (c + 1) * tall) - c * tall)
            if (first := down.find(1, c * tall, (c + 1) * tall) - c * tall) >= 0
            else ()
            for c in range(image.width)
        ]
        at = 0
        if tops:
            at = tops[-1] + (base - boxes[len(tops) - 1][1]) + gap - (cap_top - top)  # under the baseline
            for c, rows in enumerate(columns):
                if rows:
                    at = max(at, max(ink[max(0, c - gap) : c + gap + 1]) + gap - rows[0])
        tops.append(at)
        for c, rows in enumerate(columns):
            if rows:
                ink[c] = max(ink[c], at + rows[-1])
    return tops


SERIF = (0.5, 0.7)
"""A capital I's serifs, bars across its top and bottom: how far each reaches out from its stem, and
how thick it is, in stems (at the least size, 1.5 cells out and 2 rows thick). The bundled sans draws
a capital I as a bare bar, which in cells is an l: Ignacio read as "lgnacio". A hair space (half a
stem) between it and a letter beside it keeps the two as far apart as before."""
_HAIR = "\u200a"


def capital_i(letter: str) -> bool:
    """Whether ``letter`` is a capital I, with or without an accent (Í, Ï, İ)."""
    return unicodedata.normalize("NFD", letter)[0] == "I"


def serifed(line: str) -> str:
    """The line with a hair space between each capital I (an Í with its accent) and a letter beside it."""
    clusters: list[str] = []
    for letter in line:
        if clusters and unicodedata.combining(letter):
            clusters[-1] += letter
        else:
            clusters.append(letter)
    out = clusters[:1]
    for before, after in itertools.pairwise(clusters):
        spaced = (capital_i(before) or capital_i(after)) and not (before.isspace() or after.isspace())
        out += [_HAIR, after] if spaced else [after]
    return "".join(out)


def serif_reach(font: Any) -> int:
    """How far a capital I's serifs reach out past its box (its advance), in the picture's pixels."""
    left, _, right, _ = font.getmask("I").getbbox()
    stem = right - left
    return max(0, math.ceil(int(stem) / 2 + int(stem) * SERIF[0] - float(font.getlength("I")) / 2))


def serifs(draw: Any, font: Any, line: str, origin: tuple[float, float]) -> None:
    """A capital I's serifs (``SERIF``), drawn over the line ``draw.text`` drew at ``origin``."""
    ink_left, _, ink_right, _ = font.getmask("I").getbbox()
    _, top, _, bottom = font.getbbox("I")
    stem = ink_right - ink_left
    half = stem / 2 + stem * SERIF[0]
    thick = stem * SERIF[1]
    for k, letter in enumerate(line):
        if capital_i(letter):
            middle = origin[0] + font.getlength(line[:k]) + font.getlength("I") / 2
            y0, y1 = origin[1] + top, origin[1] + bottom
            for bar in ((y0, y0 + thick), (y1 - thick, y1)):
                box = (round(middle - half), round(bar[0]), round(middle + half) - 1, round(bar[1]) - 1)
                draw.rectangle(box, fill=255)


def letter_alone(
    font: Any,
    text: str,
    at: float,
    y: int,
    box: Glyph,
    size: tuple[int, int],
    narrow: float,
    stroke: float,
    stem: float,
) -> tuple[int, Any]:
    """A letter of a word's picture (of ``size``) drawn alone where the picture draws it (``text`` at
    ``at``, ``y``, a capital I with its serifs), narrowed as the picture is (``narrowed``), cut to its
    box ``box``: where the cut starts, and the cut. Two letters that touch in the picture are told
    apart by it."""
    from PIL import Image, ImageDraw

    image = Image.new("L", size, 0)
    draw = ImageDraw.Draw(image)
    draw.text((at, y), text, fill=255, font=font)
    serifs(draw, font, text, (at, y))
    if narrow < 1.0:
        image = narrowed(image, narrow, (box,), stroke, stem)
    left = max(0, math.floor(box[0] * narrow) - 2)
    return left, image.crop((left, 0, min(image.width, math.ceil(box[2] * narrow) + 2), image.height))
