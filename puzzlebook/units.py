"""Lengths and page sizes, always in PDF points (1/72 inch)."""

from __future__ import annotations

import difflib
import re
from functools import lru_cache

PT_PER_UNIT = {"pt": 1.0, "in": 72.0, "mm": 72 / 25.4, "cm": 72 / 2.54}

PAGE_SIZES: dict[str, tuple[float, float]] = {
    "letter": (612.0, 792.0),
    "legal": (612.0, 1008.0),
    "tabloid": (792.0, 1224.0),
    "a5": (419.53, 595.28),
    "a4": (595.28, 841.89),
    "a3": (841.89, 1190.55),
    "a2": (1190.55, 1683.78),
    "poster-18x24in": (1296.0, 1728.0),
}
"""Named sizes; any ``WxH`` with a unit (``6x9in``, ``210x297mm``) works too."""
PAGE_SIZE_NAMES = ", ".join(PAGE_SIZES)
"""Every named size, as the settings' descriptions (and the reference built from them) list them."""

_NUMBER = r"(\d+(?:\.\d+)?|\.\d+)"
# Matched whole against the stripped text, with no two runs of blanks side by side: "1", a megabyte
# of blanks and "q" took hours with ``\s*(pt|in|mm|cm)?\s*$``, each blank tried in both runs.
_LENGTH = re.compile(rf"{_NUMBER}\s*(pt|in|mm|cm)?", re.IGNORECASE)
_SIZE = re.compile(rf"{_NUMBER}\s*(?:(pt|in|mm|cm)\s*)?[x×]\s*{_NUMBER}\s*(pt|in|mm|cm)", re.IGNORECASE)


def _quoted(value: str) -> str:
    """The text as given, cut short: an error line stays one line."""
    return f'"{value}"' if len(value) <= 40 else f'"{value[:37]}..." ({len(value):,} characters)'


def length(value: str | float | int) -> float:
    """``"12mm"``, ``"0.5in"``, ``"18pt"`` or a plain number of points -> points."""
    if isinstance(value, bool):
        raise ValueError(f"expected a length such as 12mm, 0.5in or 18pt, got {value}")
    if isinstance(value, int | float):
        return float(value)
    match = _LENGTH.fullmatch(value.strip())
    if not match:
        raise ValueError(f"expected a length such as 12mm, 0.5in or 18pt, got {_quoted(value)}")
    return float(match[1]) * PT_PER_UNIT[(match[2] or "pt").lower()]


def margin(value: str | float | int) -> float:
    """A margin as ``length``, but a bare number under 4 is refused: a margin of half a point is an
    inch meant (``top: 0.5``), and was taken as points without a word."""
    points = length(value)
    bare = not isinstance(value, str) or _LENGTH.fullmatch(value.strip())[2] is None  # type: ignore[index]
    if bare and 0 < points < 4:
        shown = f"{points:g}"
        raise ValueError(
            f"{shown} has no unit, so it would be {shown} pt: write {shown}in (or a size in mm or cm)"
        )
    return points


_BARE_SIZE = re.compile(rf"{_NUMBER}\s*[x×]\s*{_NUMBER}")


@lru_cache(maxsize=64)
def page_size(value: str) -> tuple[float, float]:
    """A page-size name (``letter``, ``a4``...) or ``WxH`` with a unit (``6x9in``, ``210x297mm``), turned
    by a last word ``landscape`` (or ``portrait``): ``letter landscape`` is 11 x 8.5 in. Kept once
    read: a plan asks its layout's trim for every box of every page (9,000 times in a 500-maze book)."""
    key = value.strip().lower()
    for turn in ("landscape", "portrait"):
        if key.endswith(turn) and key != turn:
            w, h = _page_size(key.removesuffix(turn).rstrip(" -_"), value)  # one turn: never recursive
            return (max(w, h), min(w, h)) if turn == "landscape" else (min(w, h), max(w, h))
    return _page_size(key, value)


def _page_size(key: str, value: str) -> tuple[float, float]:
    if key in PAGE_SIZES:
        return PAGE_SIZES[key]
    match = _SIZE.fullmatch(key)
    if not match:
        names = ", ".join(PAGE_SIZES)
        bare = _BARE_SIZE.fullmatch(key)
        if bare:
            if len(key) > 40:  # one line, however long
                raise ValueError(f"{_quoted(value)} needs a unit: WxHin for inches, or mm, cm or pt")
            # the unit its numbers are likely in first: 152x229 is a page in millimetres, not 12 feet
            unit, other = ("mm", "in") if max(float(bare[1]), float(bare[2])) > 30 else ("in", "mm")
            words = {"in": "inches", "mm": "millimetres"}
            raise ValueError(
                f"{_quoted(value)} needs a unit: {bare[1]}x{bare[2]}{unit} for {words[unit]}, "
                f"or {other}, cm or pt"
            )
        raise ValueError(
            f"expected a page size ({names}) or WxH with a unit such as 6x9in, got {_quoted(value)}"
            + _page_size_hint(key)
        )
    unit_w = (match[2] or match[4]).lower()
    # rounded first: 5080mm is 200in, and 14400.000000000002 pt was refused as more
    w = round(float(match[1]) * PT_PER_UNIT[unit_w], 2)
    h = round(float(match[3]) * PT_PER_UNIT[match[4].lower()], 2)
    if not (72 <= w <= 14400 and 72 <= h <= 14400):
        raise ValueError(f"page size {_quoted(value)} must be between 1in and 200in on each side")
    return w, h


def _page_size_hint(key: str) -> str:
    """What was meant by a page size as people write it: "US Letter", "landscape letter", 6"x9"."""
    key = key[:60]
    for turn in ("landscape", "portrait"):
        rest = key.removeprefix(turn).strip(" -_")
        named = rest if rest in PAGE_SIZES else _known(rest)
        if key.startswith(turn) and named:
            return f': write "{named} {turn}"'
    inches = _BARE_SIZE.fullmatch(re.sub(r'\s*(["”″]|\'\'|inch(es)?|in\.)\s*', "", key))
    if inches and re.search(r'["”″]|\'\'|inch|in\.', key):
        return f": write {inches[1]}x{inches[2]}in"
    known = _known(key)
    if known:
        return f': write "{known}"'
    close = difflib.get_close_matches(key, list(PAGE_SIZES), n=1, cutoff=0.7)
    return f'. Did you mean "{close[0]}"?' if close else ""


def _known(key: str) -> str:
    """A size name written with a country or a word more ("US Letter", "A4 paper"), as named here."""
    words = [
        w for w in re.split(r"[\s_-]+", key) if w not in ("us", "u.s.", "usa", "paper", "size", "iso", "din")
    ]
    name = "-".join(words)
    return name if name in PAGE_SIZES and name != key else ""


def size_name(size: tuple[float, float]) -> str:
    """A friendly name for a page size: ``letter`` or ``6 x 9 in``."""
    for name, known in PAGE_SIZES.items():
        if abs(known[0] - size[0]) < 0.5 and abs(known[1] - size[1]) < 0.5:
            return name
        if abs(known[1] - size[0]) < 0.5 and abs(known[0] - size[1]) < 0.5:
            return f"{name} landscape"
    return f"{size[0] / 72:g} x {size[1] / 72:g} in"


def metric(size: tuple[float, float]) -> bool:
    """Whether a page is measured in millimetres: an A size, or one that is no even eighth of an inch."""
    name = size_name(size)
    if name[:2] in ("a2", "a3", "a4", "a5"):
        return True
    return any(abs(side / 9 - round(side / 9)) > 0.01 for side in size)  # 9 pt: an eighth of an inch


def in_page_units(points: float, size: tuple[float, float], digits: int = 1, beside: bool = True) -> str:
    """A length in points with the page's own unit beside it (``page_unit``): ``6.0 pt (0.08 in)``,
    ``5.0 pt (1.8 mm)``; without ``beside``, or where it would read as none ("0.1 pt (0.00 in)" for a
    4000x4000 maze's cells), the points alone."""
    said = f"{points:.{digits}f} pt"
    unit = page_unit(points, size)
    return f"{said} ({unit})" if beside and any(d in unit for d in "123456789") else said


def page_unit(points: float, size: tuple[float, float]) -> str:
    """A length in the page's own unit: ``0.08 in``, or ``1.8 mm`` on a metric page."""
    return f"{points / 72 * 25.4:.1f} mm" if metric(size) else f"{points / 72:.2f} in"
