"""What drawing text needs from a font resource: code length, widths, descent, text and glyphs."""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from fontTools.agl import toUnicode
from fontTools.encodings.MacRoman import MacRoman
from fontTools.encodings.StandardEncoding import StandardEncoding
from fontTools.ttLib import TTFont

from .tokens import hex_bytes, ref_key, stream_bytes

try:  # the AFM widths of the 14 standard fonts, which a PDF may use without /Widths
    from pypdf._codecs.core_font_metrics import CORE_FONT_METRICS
except ImportError:  # pragma: no cover - an older pypdf: such letters get no width
    CORE_FONT_METRICS = {}


@dataclass
class Font:
    """What drawing text needs from a font: code length, widths, descent, unicode and glyphs."""

    name: str
    two_byte: bool  # a Type0 font with a 2-byte (Identity) encoding
    widths: dict[int, float]  # in text space units (thousandths already applied)
    default_width: float
    descent: float  # in text space units, at most 0
    text: dict[int, str]  # /ToUnicode, falling back to the encoding
    glyph: Callable[[int], int] | None

    def codes(self, data: bytes) -> Iterable[int]:
        return (
            (int.from_bytes(data[i : i + 2], "big") for i in range(0, len(data) - 1, 2))
            if self.two_byte
            else data
        )

    def unicode(self, code: int) -> str:
        text = self.text.get(code)
        return text if text is not None else f"(cid:{code})"


_HEX = re.compile(rb"<([0-9A-Fa-f\s]*)>")


def _utf16(data: bytes) -> str:
    return data.decode("utf-16-be", errors="replace")


# a bfrange line: <lo> <hi> <first> or <lo> <hi> [<a> <b> ...]; no part may hold another's opening
# bracket, so a hostile CMap of brackets never opened or closed is read in linear time
_RANGE = re.compile(rb"<([^<>]*)>\s*<([^<>]*)>\s*(<[^<>]*>|\[[^\[\]]*\])")


def _sections(data: bytes, begin: bytes, end: bytes) -> Iterator[bytes]:
    """What lies between each ``begin`` and the first ``end`` after it, looked for in one pass."""
    at = 0
    while (start := data.find(begin, at)) >= 0 and (stop := data.find(end, start + len(begin))) >= 0:
        yield data[start + len(begin) : stop]
        at = stop + len(end)


def to_unicode(data: bytes) -> dict[int, str]:
    """A /ToUnicode CMap's bfchar and bfrange entries: code -> text."""
    found: dict[int, str] = {}
    for section in _sections(data, b"beginbfchar", b"endbfchar"):
        pairs = _HEX.findall(section)
        for src, dst in zip(pairs[::2], pairs[1::2], strict=False):
            found[int.from_bytes(hex_bytes(src), "big")] = _utf16(hex_bytes(dst))
    spent = 0  # codes a CMap may spell out in all: two-byte codes are 65,536
    for section in _sections(data, b"beginbfrange", b"endbfrange"):
        for lo, hi, dst in _RANGE.findall(section):
            first, last = (
                int.from_bytes(hex_bytes(lo), "big"),
                min(int.from_bytes(hex_bytes(hi), "big"), 0xFFFF),
            )
            spent += max(0, last - first + 1)
            if spent > 0x20000:  # 2,000 ranges of every code took minutes
                return found
            if dst.startswith(b"["):
                for code, each in zip(range(first, last + 1), _HEX.findall(dst), strict=False):
                    found[code] = _utf16(hex_bytes(each))
            else:
                start = hex_bytes(dst[1:-1])
                value = int.from_bytes(start, "big")
                for code in range(first, min(last, first + 0xFFFF) + 1):
                    raw = (value + code - first).to_bytes(len(start) or 2, "big")
                    found[code] = _utf16(raw)
    return found


def _encoding(font: Any) -> dict[int, str]:
    """A simple font's code -> text by its /Encoding (WinAnsi for TrueType, Standard otherwise)."""
    encoding = font.get("/Encoding")
    encoding = encoding.get_object() if encoding is not None else None
    differences: list[Any] = []
    base = encoding
    if isinstance(encoding, dict):
        base = encoding.get("/BaseEncoding")
        differences = list(encoding.get("/Differences") or [])
    if base is None:
        base = "/WinAnsiEncoding" if font.get("/Subtype") == "/TrueType" else "/StandardEncoding"
    table: dict[int, str]
    if base == "/WinAnsiEncoding":
        letters = bytes(range(256)).decode("cp1252", errors="replace")
        table = {code: text for code, text in enumerate(letters) if code >= 32 and text != "\ufffd"}
    else:
        names = MacRoman if base == "/MacRomanEncoding" else StandardEncoding
        table = {code: toUnicode(name) for code, name in enumerate(names) if name != ".notdef"}
    code = 0
    for item in differences:  # [code /name /name ... code /name ...]
        if isinstance(item, int | float):
            code = int(item)
        else:
            text = toUnicode(str(item)[1:])
            if text:
                table[code] = text
            code += 1
    return table


def glyph_finder(
    font: Any, tally: list[int] | None = None, found: dict[Any, Callable[[int], int] | None] | None = None
) -> Callable[[int], int] | None:
    """For a simple TrueType font with its program embedded (what puzzlebook writes): code -> glyph, by
    the font's own cmap as PDF 32000-1 9.6.6.4 reads it; None for any other kind of font."""
    descriptor = font.get("/FontDescriptor")
    program = descriptor.get_object().get("/FontFile2") if descriptor is not None else None
    if font.get("/Subtype") != "/TrueType" or program is None:
        return None
    key = ref_key(program.get_object())
    if found is not None and key in found:  # twenty fonts of one program: its cmap read once
        return found[key]
    ttf = TTFont(io.BytesIO(stream_bytes(program, tally)), lazy=True)
    ids = {name: i for i, name in enumerate(ttf.getGlyphOrder())}
    symbol = ttf["cmap"].getcmap(3, 0)
    mac = ttf["cmap"].getcmap(1, 0)
    table = symbol.cmap if symbol is not None else mac.cmap if mac is not None else {}
    # a simple font's codes are one byte: kept, the glyph of each, and no more of a cmap that may
    # (crafted) name every code of Unicode
    glyphs = [
        ids.get((table.get(0xF000 + code) if symbol is not None else None) or table.get(code, ""), 0)
        for code in range(256)
    ]
    finder: Callable[[int], int] = lambda code: glyphs[code] if 0 <= code < 256 else 0  # noqa: E731
    if found is not None:
        found[key] = finder
    return finder


def _number(obj: Any) -> float:
    return float(obj.get_object() if hasattr(obj, "get_object") else obj)


def load_font(
    font: Any, tally: list[int] | None = None, glyphs: dict[Any, Callable[[int], int] | None] | None = None
) -> Font:
    """A font resource as drawing needs it (``tally`` and ``glyphs``: see ``interpreter.Document``)."""
    name = str(font.get("/BaseFont", "/?"))[1:]
    subtype = font.get("/Subtype")
    two_byte = subtype == "/Type0"
    target = font["/DescendantFonts"][0].get_object() if two_byte and "/DescendantFonts" in font else font
    descriptor = target.get("/FontDescriptor")
    descriptor = descriptor.get_object() if descriptor is not None else {}
    scale = 0.001
    if subtype == "/Type3" and "/FontMatrix" in font:
        scale = float(font["/FontMatrix"][0])
    widths: dict[int, float] = {}
    default = float(descriptor.get("/MissingWidth", 0)) * scale
    text = {} if two_byte else _encoding(font)
    if two_byte:
        default = float(target.get("/DW", 1000)) * scale
        items = list(target.get("/W") or [])
        i = 0
        while i + 1 < len(items):  # c [w1 w2 ...] or c_first c_last w
            first, second = int(_number(items[i])), items[i + 1].get_object()
            if isinstance(second, list):
                widths.update({first + k: _number(w) * scale for k, w in enumerate(second)})
                i += 2
            elif i + 2 < len(items):  # codes are two bytes: a range to four billion took 24 GB
                last = min(int(_number(second)), 0xFFFF)
                widths.update(dict.fromkeys(range(max(first, 0), last + 1), _number(items[i + 2]) * scale))
                i += 3
            else:
                break
    elif "/Widths" in font:
        first = int(_number(font.get("/FirstChar", 0)))
        widths = {first + k: _number(w) * scale for k, w in enumerate(font["/Widths"])}
    elif name in CORE_FONT_METRICS:  # a standard font: its AFM widths, by the letter each code is
        metrics = CORE_FONT_METRICS[name]
        widths = {
            c: metrics.character_widths[t] * scale for c, t in text.items() if t in metrics.character_widths
        }
        descriptor = {"/Descent": metrics.font_descriptor.descent}
    if "/ToUnicode" in font:
        text.update(to_unicode(stream_bytes(font["/ToUnicode"], tally)))
    descent = float(descriptor.get("/Descent", 0))
    if subtype == "/Type3" and "/FontBBox" in font:
        descent = float(font["/FontBBox"][1]) * float(font["/FontMatrix"][3]) * 1000
    return Font(
        name, two_byte, widths, default, -abs(descent) * 0.001, text, glyph_finder(font, tally, glyphs)
    )
