"""How wide each letter of a TrueType font sets, read straight from the font's tables.

A plan measures the Start and Finish words in the shipped bold font before anything is drawn; fontTools
took 0.1 s to load and to read the font for that, a third of a 500-maze book's planning. The four small
tables that answer it (``head``, ``hhea``, ``hmtx`` and ``cmap``) are read here with ``struct``, choosing
the character map fontTools' ``getBestCmap`` chooses; a font whose chosen map is in another format is
read by fontTools (``tests/test_advances.py`` compares the two on the shipped fonts).
"""

from __future__ import annotations

import struct
from collections.abc import Callable
from pathlib import Path

PREFERRED = ((3, 10), (0, 6), (0, 4), (3, 1), (0, 3), (0, 2), (0, 1), (0, 0))
"""The (platform, encoding) character maps in the order fontTools' ``getBestCmap`` takes them."""


def advances(path: Path) -> tuple[dict[int, int], int]:
    """Each character's advance in the font at ``path`` (for the characters it maps to a glyph), and
    its units per em."""
    data = path.read_bytes()
    count = struct.unpack_from(">H", data, 4)[0]
    tables = {
        data[at : at + 4]: struct.unpack_from(">II", data, at + 8) for at in range(12, 12 + 16 * count, 16)
    }
    per_em = struct.unpack_from(">H", data, tables[b"head"][0] + 18)[0]
    metrics = struct.unpack_from(">H", data, tables[b"hhea"][0] + 34)[0]
    widths = struct.unpack_from(f">{metrics * 2}H", data, tables[b"hmtx"][0])[::2]
    glyphs = _cmap(data, tables[b"cmap"][0])
    if glyphs is None:
        return _by_fonttools(path)
    last = widths[-1]  # glyphs past the metrics take the last advance
    return {code: widths[glyph] if glyph < metrics else last for code, glyph in glyphs.items()}, per_em


def _cmap(data: bytes, start: int) -> dict[int, int] | None:
    """Character -> glyph index, from the subtable ``getBestCmap`` would choose, if it is of format 4
    or 12 (None otherwise)."""
    count = struct.unpack_from(">H", data, start + 2)[0]
    found: dict[tuple[int, int], int] = {}
    for at in range(start + 4, start + 4 + 8 * count, 8):
        platform, encoding, offset = struct.unpack_from(">HHI", data, at)
        found.setdefault((platform, encoding), start + offset)
    chosen = next((found[key] for key in PREFERRED if key in found), None)
    if chosen is None:
        return None
    reader: Callable[[bytes, int], dict[int, int]] | None = {4: _format4, 12: _format12}.get(
        struct.unpack_from(">H", data, chosen)[0]
    )
    return None if reader is None else reader(data, chosen)


def _format4(data: bytes, at: int) -> dict[int, int]:
    segments = struct.unpack_from(">H", data, at + 6)[0] // 2
    ends = struct.unpack_from(f">{segments}H", data, at + 14)
    starts = struct.unpack_from(f">{segments}H", data, at + 16 + 2 * segments)
    deltas = struct.unpack_from(f">{segments}h", data, at + 16 + 4 * segments)
    ranges_at = at + 16 + 6 * segments
    ranges = struct.unpack_from(f">{segments}H", data, ranges_at)
    glyphs: dict[int, int] = {}
    for k, (first, last, delta, offset) in enumerate(zip(starts, ends, deltas, ranges, strict=True)):
        for code in range(first, last + 1):
            if code == 0xFFFF:
                continue
            if offset == 0:
                glyph = (code + delta) & 0xFFFF
            else:
                glyph = struct.unpack_from(">H", data, ranges_at + 2 * k + offset + 2 * (code - first))[0]
                glyph = (glyph + delta) & 0xFFFF if glyph else 0
            if glyph:
                glyphs[code] = glyph
    return glyphs


def _format12(data: bytes, at: int) -> dict[int, int]:
    groups = struct.unpack_from(">I", data, at + 12)[0]
    glyphs: dict[int, int] = {}
    for group in range(groups):
        first, last, glyph = struct.unpack_from(">III", data, at + 16 + 12 * group)
        for code in range(first, last + 1):
            glyphs[code] = glyph + code - first
    return glyphs


def _by_fonttools(path: Path) -> tuple[dict[int, int], int]:
    from fontTools.ttLib import TTFont  # a character map in a rarer format

    with TTFont(path, lazy=True) as font:
        metrics = font["hmtx"].metrics
        best = font.getBestCmap()
        return {code: metrics[name][0] for code, name in best.items()}, int(font["head"].unitsPerEm)
