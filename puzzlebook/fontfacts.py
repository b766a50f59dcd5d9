"""What a font file says about its letters, kept, so that checking a book needs no font library loaded:
the glyph each character maps to and its width as reportlab reads them (the check measures text as the
PDF draws it), the font's weight, and for the shipped fonts each character's advance as fontTools reads
it (what the layout measures Start and Finish with, ``letters``).

Reading a font costs reportlab or fontTools tens of milliseconds, and loading reportlab as much again:
most of what ``validate`` took. The facts are read once instead. The shipped fonts' facts ship beside
them (``tests/test_fontfacts.py`` compares them with both libraries, and makes them again with
``PUZZLEBOOK_UPDATE_GOLDEN=1``); any other font's are kept in the user's cache folder once reportlab has
read it and found it usable. Facts are used only for the very bytes they were read from (the font's
SHA-256), by the reportlab release that read them, in this ``FORMAT``: a changed font, another reportlab
or another format is read again, so they are never stale.
"""

from __future__ import annotations

import hashlib
import json
import sys
from array import array
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from . import usercache

FORMAT = 1
"""Raised when what the facts hold, or how, changes."""
FONT_DIR = Path(__file__).resolve().parent / "fonts"
MAX_FACTS = 16 * 1024 * 1024
"""Bytes a kept facts file may hold when read back (a font of 65,000 letters makes about 2 MB)."""


@dataclass(frozen=True)
class Facts:
    glyphs: dict[int, int]
    """Character -> glyph, reportlab's ``charToGlyph`` (glyph 0 is a letter the font lacks)."""
    widths: dict[int, float]
    """Character -> advance in thousandths of an em, reportlab's ``charWidths``."""
    default: float
    """reportlab's ``defaultWidth``: the width of a character the font does not map."""
    weight: int
    """The OS/2 weight class (400 regular, 700 bold)."""
    advances: dict[int, int]
    """Character -> advance in font units through fontTools' best cmap: the shipped fonts' only."""
    per_em: int


def first_font(data: bytes) -> bytes:
    """The first four bytes of the (first) font in a file: ``OTTO`` for CFF outlines."""
    head = data[:4]
    if head == b"ttcf" and len(data) >= 16:
        first = int.from_bytes(data[12:16], "big")
        head = data[first : first + 4]
    return head


def is_cff(data: bytes) -> bool:
    return first_font(data) == b"OTTO"


@cache
def reportlab_release() -> str:
    """The installed reportlab's version, read from its metadata so that reportlab need not load; ""
    when it cannot be told (no facts are then used or kept)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("reportlab")
    except (PackageNotFoundError, ValueError):
        return ""


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def registered_name(font_digest: str) -> str:
    """The name a font file (not one of the bundled) is registered under: from its contents, so two
    fonts of one file name are two fonts, and the same font met twice is one."""
    return "font-" + font_digest[:16]


MAGIC = b"puzzlebook font facts\n"
_ARRAYS = (("glyphs", "I", "I"), ("widths", "I", "d"), ("advances", "I", "I"))
"""Each map's keys and values as arrays of these types, little-endian, after a line of JSON."""


def to_bytes(facts: Facts, font_digest: str) -> bytes:
    """The facts as kept: a line of JSON (the font's digest, the reportlab release and the format they
    hold for, and the numbers), then each map as two arrays, which read back into a dict in one step."""
    maps: dict[str, Mapping[int, float]] = {
        "glyphs": facts.glyphs,
        "widths": facts.widths,
        "advances": facts.advances,
    }
    head = {
        "format": FORMAT,
        "font": font_digest,
        "reportlab": reportlab_release(),
        "per_em": facts.per_em,
        "weight": facts.weight,
        "default": facts.default,
        "sizes": [len(maps[name]) for name, _, _ in _ARRAYS],
    }
    body = [MAGIC, json.dumps(head).encode(), b"\n"]
    for name, keys, values in _ARRAYS:
        for kind, items in ((keys, maps[name].keys()), (values, maps[name].values())):
            numbers = array(kind, items)
            if sys.byteorder == "big":
                numbers.byteswap()
            body.append(numbers.tobytes())
    return b"".join(body)


def from_bytes(data: bytes, font_digest: str) -> Facts | None:
    """The facts kept in ``data``, when they were read from the font of ``font_digest`` by this reportlab
    in this format; None otherwise, or for anything that is not such facts."""
    if not data.startswith(MAGIC):
        return None
    line, _, rest = data[len(MAGIC) :].partition(b"\n")
    try:
        head = json.loads(line)
        release = reportlab_release()
        if (
            head["format"] != FORMAT
            or head["font"] != font_digest
            or not release
            or head["reportlab"] != release
        ):
            return None
        default, weight, per_em, sizes = head["default"], head["weight"], head["per_em"], head["sizes"]
        maps, at = [], 0
        for (_, keys, values), size in zip(_ARRAYS, sizes, strict=True):
            pair = []
            for kind in (keys, values):
                numbers = array(kind)
                numbers.frombytes(rest[at : at + size * numbers.itemsize])
                if len(numbers) != size:
                    return None
                if sys.byteorder == "big":
                    numbers.byteswap()
                pair.append(numbers)
                at += size * numbers.itemsize
            maps.append(dict(zip(*pair, strict=True)))
    except (ValueError, KeyError, TypeError):
        return None
    if (
        at != len(rest)
        or not isinstance(default, int | float)
        or not isinstance(weight, int)
        or not isinstance(per_em, int)
    ):
        return None
    return Facts(maps[0], maps[1], default, weight, maps[2], per_em)


def shipped_path(stem: str) -> Path:
    """Where the facts of the shipped font ``stem`` (``DejaVuSans``) ship."""
    return FONT_DIR / f"{stem}.facts"


@cache
def shipped(stem: str) -> Facts | None:
    """The facts of a font puzzlebook ships, when they are those of its file as it is now."""
    try:
        font, kept = (FONT_DIR / f"{stem}.ttf").read_bytes(), shipped_path(stem).read_bytes()
    except OSError:
        return None
    return from_bytes(kept, digest(font))


def _place(font_digest: str) -> Path | None:
    where = usercache.folder("facts")
    return where / f"{font_digest[:32]}-{FORMAT}-{reportlab_release()}.facts" if where else None


def kept(font_digest: str) -> Facts | None:
    """The facts of the font of ``font_digest`` kept in the user's cache folder by an earlier run."""
    place = _place(font_digest)
    data = usercache.read(place, MAX_FACTS) if place and reportlab_release() else None
    return from_bytes(data, font_digest) if data is not None else None


def keep(font_digest: str, facts: Facts) -> None:
    """Keep the facts of a font that reportlab read and found usable, for the next run."""
    place = _place(font_digest)
    if place and reportlab_release() and not place.exists():
        usercache.write(place, to_bytes(facts, font_digest), place.parent)
