"""What a PDF page draws: its paths, images and letters, read from the content streams (PDF 32000-1).

Preflight needs every mark's extent, every stroke's width and every letter's size and glyph; pdfminer
gives them but takes seconds a page-hundred, and reads forms with a fresh graphics state where the PDF
says they inherit the state at ``Do`` (PDF 32000-1 8.10.1), so a line width set before ``Do`` reads as 0.
This reader interprets the operators itself and uses pypdf only for the object structure.

``Page.shapes`` reports objects the way pdfminer and pdfplumber do, so the two can be compared: one object
a subpath, a subpath "m l" being a line, a closed axis-aligned four-sided one a rect and anything else a
curve; a letter's box runs from its origin to origin plus advance, and from baseline plus the font's
descent up one font size. Coordinates are default user space (points, y up). Where pdfminer departs from
the PDF, this reader follows the PDF: the line width is the one in effect when the path is painted, scaled
to the page, 1 pt unless set; a form starts from the state at ``Do``; a curve's box holds its control
points; ``"`` moves to the next line; character spacing follows every letter. ``Page.drawn`` holds the
same shapes with each painted run of lines (a maze's walls) kept as one ``Lines``, for readers in a hurry.
"""

from __future__ import annotations

import io
import math
import re
from array import array
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from typing import Any, NamedTuple

from fontTools.agl import toUnicode
from fontTools.encodings.MacRoman import MacRoman
from fontTools.encodings.StandardEncoding import StandardEncoding
from fontTools.ttLib import TTFont
from pypdf import PdfReader
from pypdf.filters import decode_stream_data
from pypdf.generic import ArrayObject, IndirectObject, StreamObject

try:  # the AFM widths of the 14 standard fonts, which a PDF may use without /Widths
    from pypdf._codecs.core_font_metrics import CORE_FONT_METRICS
except ImportError:  # pragma: no cover - an older pypdf: such letters get no width
    CORE_FONT_METRICS = {}

Matrix = tuple[float, float, float, float, float, float]
Point = tuple[float, float]
Operand = Any  # float | str (a name, "/F1") | bytes (a string) | list[Operand] (an array)
Program = list[tuple[bytes, list[Operand]]]

IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
# Parsed forms kept for reuse, in bytes, least recently used out first: bounded, so memory stays flat.
# A maze's walls are a form drawn on its page and again on the answer page, hundreds of pages on; the
# forms of the longest printable book (828 pages) take about 5 MB.
FORM_CACHE = 8_000_000

MAX_OPERATORS = 1_000_000
"""Operators one stream may hold, and one page may run with the forms it draws: a page of ours runs a
few hundred (a maze's walls are one path). A crafted file of forms that each draw the next ten times,
or of 30 MB of ``q``, would otherwise take hours or gigabytes."""


# What reading one file may spend in all, however its pages share streams and forms. Each bound is 1.5
# times or more what the largest books of ours spend (5,000 mazes: of 20x20, 5,983 pages, 770,000
# operators and forms run, 1.7 million marks; of 30x30 with answers, 5,835 pages, 2.0 million marks, 4.4
# million lines, 84 MB decoded), and the costliest crafted file within one takes 1-5 s here:
# pages each drawing a form that drew the next twice, 18 deep, took 128 s; one form of 333,000 ``Do``
# drawn on 24 pages, minutes; 90,000 pages from a 4 KB page tree, 300 MB.
MAX_RUN = 2_000_000
"""Operators run in all, a form's each time it is drawn, entering a form counting as FORM_COST of them."""
FORM_COST = 10  # entering a form costs what 5-10 operators do: up to 20 us, nested deep
MAX_MARKS = 3_000_000
"""Marks drawn in all: points of shapes, letters (two each), images (six), and lines taken one at a
time (not along their axes, or over a margin)."""
MAX_LINES = 20_000_000
"""Lines of runs (a maze's walls) drawn in all: about 0.15 us each when a run stays whole."""
MAX_CODES = 1_000_000
"""Codes the fonts map in all (widths and text), each font kept: a book of ours maps a few thousand, and
a crafted file of 1,500 fonts sharing one CMap of every code took 75 s."""
WORK = 16.0
"""Seconds that reading may take here in all, by what each thing read above costs (COSTS): one bound's
worth takes 1-8 s, so a file near several at once would take 25 s. A 5,000-maze book of 30x30 mazes
with answers takes 8.9 s by this reckoning (7.4-8.5 s measured)."""
COSTS = {"run": 3.5e-6, "marks": 1.3e-6, "lines": 0.17e-6, "codes": 1.4e-6, "decoded": 0.04e-6}  # s each
MAX_PAGES_READ = 25_000
"""Pages in a file: 5,000 mazes each on a page, with its answer on another, take about 10,100."""


class TooComplex(Exception):  # not a ValueError: an operator's bad operands are skipped, this is not
    """A stream, page or file past a bound above: no book of ours, and more than is worth reading."""


_FAR_BELOW = "a book puzzlebook made stays far below that"


class Budget:
    """What reading one file has spent of the bounds above. ``share``: the part of them this reader may
    spend, when another process reads the other pages (see preflight)."""

    def __init__(self, share: float = 1.0) -> None:
        self.share = share
        self.run = self.marks = self.lines = self.codes = 0
        self.decoded = [0]  # bytes decoded so far, counted by stream_bytes (MAX_DECODED)

    def spend(self, run: int = 0, marks: int = 0, lines: int = 0, codes: int = 0) -> None:
        self.run += run
        self.marks += marks
        self.lines += lines
        self.codes += codes
        if self.run > MAX_RUN * self.share:
            raise TooComplex(f"it runs more than {MAX_RUN:,} operators in all; {_FAR_BELOW}")
        if self.marks > MAX_MARKS * self.share:
            raise TooComplex(f"it draws more than {MAX_MARKS:,} letters and shapes in all; {_FAR_BELOW}")
        if self.lines > MAX_LINES * self.share:
            raise TooComplex(f"it draws more than {MAX_LINES:,} lines in all; {_FAR_BELOW}")
        if self.codes > MAX_CODES * self.share:
            raise TooComplex(f"its fonts map more than {MAX_CODES:,} codes in all; {_FAR_BELOW}")
        if self.work() > WORK * self.share:
            raise TooComplex(f"it draws too much in all, counting everything together; {_FAR_BELOW}")

    def work(self) -> float:
        """What reading has cost so far, in seconds here (see WORK)."""
        run, marks, lines, codes, decoded = COSTS.values()
        return (
            self.run * run
            + self.marks * marks
            + self.lines * lines
            + self.codes * codes
            + self.decoded[0] * decoded
        )


def page_count(reader: PdfReader) -> int:
    """The file's pages, at most ``MAX_PAGES_READ``."""
    count = len(reader.pages)
    if count > MAX_PAGES_READ:
        raise TooComplex(f"it has {count:,} pages, more than {MAX_PAGES_READ:,}; {_FAR_BELOW}")
    return count


class Shape(NamedTuple):
    """A painted subpath or an image, its box in default user space."""

    kind: str  # "line", "rect", "curve" or "image"
    x0: float
    y0: float
    x1: float
    y1: float
    stroke: bool
    fill: bool
    linewidth: float  # on the page, in points: the width set, scaled by the transformation in effect
    stroke_color: tuple[float, ...]  # components in the colour space set: (0.0,) is black gray
    fill_color: tuple[float, ...]


class Char(NamedTuple):
    """One shown character code."""

    text: str  # from the font's /ToUnicode, else its encoding, else "(cid:N)" as pdfminer writes it
    x0: float
    y0: float
    x1: float
    y1: float
    size: float  # the font size on the page, in points
    font: str  # the font's /BaseFont, without the slash
    glyph: int | None  # the glyph drawn, for a simple TrueType font with its program embedded; else None


@dataclass(frozen=True, slots=True)
class Lines:
    """Subpaths that are each one line, painted together (a maze's walls): one Shape each, but kept as
    their numbers and the transformation until a caller asks for them one by one. A page of walls is
    thousands of lines, and preflight mostly needs only their extent."""

    numbers: array[float]  # x0 y0 x1 y1 of each line, in the coordinates the path was built in
    ctm: Matrix
    stroke: bool
    fill: bool
    linewidth: float
    stroke_color: tuple[float, ...]
    fill_color: tuple[float, ...]

    def __len__(self) -> int:
        return len(self.numbers) // 4

    def shapes(self) -> Iterator[Shape]:
        a, b, c, d, e, f = self.ctm
        stroke, fill, width = self.stroke, self.fill, self.linewidth
        scolor, fcolor = self.stroke_color, self.fill_color
        coords = iter(self.numbers)
        for xa, ya, xb, yb in zip(coords, coords, coords, coords, strict=False):
            x0, y0 = a * xa + c * ya + e, b * xa + d * ya + f
            x1, y1 = a * xb + c * yb + e, b * xb + d * yb + f
            if x1 < x0:
                x0, x1 = x1, x0
            if y1 < y0:
                y0, y1 = y1, y0
            yield Shape("line", x0, y0, x1, y1, stroke, fill, width, scolor, fcolor)

    def extent(self) -> tuple[float, float, float, float]:
        """The box around every line, as the boxes of shapes() would give it; quick (in C) when the
        transformation keeps the axes, as a maze's does."""
        a, b, c, d, e, f = self.ctm
        n = len(self) * 4
        if not n:
            return math.inf, math.inf, -math.inf, -math.inf
        if b == 0 and c == 0:
            xs, ys = self.numbers[0:n:2], self.numbers[1:n:2]
            x0, x1 = sorted((a * min(xs) + e, a * max(xs) + e))
            y0, y1 = sorted((d * min(ys) + f, d * max(ys) + f))
            return x0, y0, x1, y1
        x0 = y0 = math.inf
        x1 = y1 = -math.inf
        for s in self.shapes():  # one at a time: a run may hold millions
            x0, y0, x1, y1 = min(x0, s.x0), min(y0, s.y0), max(x1, s.x1), max(y1, s.y1)
        return x0, y0, x1, y1


class Page(NamedTuple):
    """What a page draws, in the order it paints it: shapes (runs of lines kept together) and letters."""

    drawn: list[Shape | Lines]
    chars: list[Char]

    @property
    def shapes(self) -> list[Shape]:
        """Every shape one by one, as pdfminer lists them."""
        return [s for item in self.drawn for s in (item.shapes() if isinstance(item, Lines) else (item,))]


# One regex splits a content stream. Most of a page comes in big matches: a run of path operators with
# their numbers ("1 0 m 8 0 l ..."), or numbers with the operator after them ("0 0 1 rg"); the rest
# one token a match: a number, name, string (parentheses nested three deep), hex string, array or dict
# bracket, comment, or an operator after such a token. Every alternative that can fail after a long scan
# is followed by one that takes what it scanned (numbers with no operator after them, a string never
# closed), so a hostile stream is read in time linear in its length, not quadratic. A run of path
# operators is matched 4,096 operators at a time: the regex engine kept its place in each, and one run of
# 72 MB took 2 GB (its numbers go into one array, 8 bytes each).
_DELIMITER = rb"(?=[\s()<>\[\]{}/%]|\Z)"
_NUMBER = rb"[+-]?(?:\d+(?:\.\d*)?|\.\d+)"
_TOKEN = re.compile(
    rb"((?:[-+.\d\s]*(?:re|[mlcvyh])" + _DELIMITER + rb"){1,4096})"
    rb"|([-+.\d\s]*)([A-Za-z'\"][^\s()<>\[\]{}/%]*)"
    rb"|([-+.\d\s]+)"
    rb"|("
    + _NUMBER
    + rb"""
    |/[^\s()<>\[\]{}/%]*
    |\((?:[^()\\]|\\.|\((?:[^()\\]|\\.|\((?:[^()\\]|\\.)*\))*\))*(?:\)|\\?\Z)
    |<[0-9A-Fa-f\s]*>
    |<<|>>|[\[\]{}]
    |%[^\r\n]*
    |[^\s()<>\[\]{}/%]+)""",
    re.VERBOSE | re.DOTALL,
)
# A run of path operators holds only numbers, whitespace and the operators' letters (see _TOKEN), so
# deleting the one or blanking the other splits it, in C.
_NOT_LETTERS = b"0123456789.+- \t\n\r\f\v"
_LETTERS_BLANK = bytes.maketrans(b"remlcvyh", b"        ")
_KEYWORDS = {b"true": True, b"false": False, b"null": None}
_NUMBER_START = frozenset(b"+-.0123456789")
_IMAGE_MARKS = (re.compile(rb"\bBI\b"), re.compile(rb"\bID\s"), re.compile(rb"\bEI\b"))
_RUN_TOKEN = re.compile(_NUMBER + rb"|\S+")  # a run of numbers, token by token as _TOKEN would
_ESCAPE = re.compile(rb"\\([0-7]{1,3}|\r\n|\r|\n|.)", re.DOTALL)
_ESCAPES = {
    b"n": b"\n",
    b"r": b"\r",
    b"t": b"\t",
    b"b": b"\b",
    b"f": b"\f",
    b"\r\n": b"",
    b"\r": b"",
    b"\n": b"",
}
PATH = b" path"  # the instruction for a run of path operators: not an operator the regex can produce


def _unescape(match: re.Match[bytes]) -> bytes:
    code = match.group(1)
    if code[0] in b"01234567":
        return bytes([int(code, 8) & 0xFF])
    return _ESCAPES.get(code, code)


def _operand(token: bytes) -> Operand:
    """A number, name (as "/Name"), string (as bytes) or hex string; None for what is skipped."""
    first = token[0]
    if first in _NUMBER_START:
        try:
            return float(token)
        except ValueError:
            return None
    if first == 0x2F:  # /name
        name = token.decode("latin-1")
        return re.sub(r"#([0-9A-Fa-f]{2})", lambda m: chr(int(m.group(1), 16)), name) if "#" in name else name
    if first == 0x28:  # (string)
        text = token[1:-1]
        return _ESCAPE.sub(_unescape, text) if b"\\" in text else text
    if first == 0x3C and token != b"<<":  # <hex>
        return _hex(token[1:-1])
    return None  # dict brackets (a dict's keys and values stay loose operands), braces, comments


def parse(data: bytes) -> Program:
    """A content stream as (operator, operands) pairs. A run of path operators becomes one instruction
    (PATH, [ops, numbers]): their letters ("mlml...", a rectangle spelled out as "mlllh") and all their
    numbers in one array; its points are transformed only when it is painted, as pdfminer does. An
    inline image becomes the operator ``BI``."""
    if b"ID" in data:
        data = _without_images(data)
    program: Program = []
    operands: list[Operand] = []
    arrays: list[list[Operand]] = []  # the operands outside each open array
    ops: list[str] = []  # the path being built
    numbers: array[float] = array("d")
    # one token at a time past 4 MB: findall's list of a crafted stream's tokens would take gigabytes
    tokens = _TOKEN.findall(data) if len(data) < 1 << 22 else (m.groups() for m in _TOKEN.finditer(data))
    for path, run, operator, loose, token in tokens:
        if path:
            letters = path.translate(None, _NOT_LETTERS)
            values = path.translate(_LETTERS_BLANK).split()
            if not operands and b"r" not in letters and len(values) == _path_numbers(letters):
                try:
                    floats = list(map(float, values))  # the usual case: all at once
                except ValueError:
                    pass
                else:
                    numbers.extend(floats)
                    ops.append(letters.decode())
                    continue
            for piece in _PATH_PIECE.finditer(path):  # one operator at a time
                numbers_run, each = piece.groups()
                _path_operator(ops, numbers, each, [*operands, *numbers_run.split()])
                operands = []
        elif operator:
            try:
                operands.extend(map(float, run.split()))
            except ValueError:
                operands, arrays = [], []
                continue  # not numbers: the operator is skipped
            if operator in _KEYWORDS:  # an operand in a dict or array, not an operator
                operands.append(_KEYWORDS[operator])
                continue
            if ops:
                program.append((PATH, ["".join(ops), numbers]))
                ops, numbers = [], array("d")
            while arrays:  # an operator inside an array: the array was never closed
                operands = arrays.pop()
            if len(program) >= MAX_OPERATORS or len(operands) >= MAX_OPERATORS:
                raise TooComplex(f"a drawing of more than {MAX_OPERATORS:,} operators or numbers")
            program.append((operator, operands))
            operands = []
        elif loose:  # numbers before no operator: an array's, say, or a dict's
            try:
                operands.extend(map(float, loose.split()))
            except ValueError:
                operands.extend(v for v in map(_operand, _RUN_TOKEN.findall(loose)) if v is not None)
            if len(operands) > MAX_OPERATORS:
                raise TooComplex(f"more than {MAX_OPERATORS:,} numbers with no operator")
        elif token == b"[":
            arrays.append(operands)
            operands = []
        elif token == b"]":
            if arrays:
                inner, operands = operands, arrays.pop()
                operands.append(inner)
        else:
            value = _operand(token)
            if value is not None:
                operands.append(value)
    if ops:
        program.append((PATH, ["".join(ops), numbers]))
    return program


def _without_images(data: bytes) -> bytes:
    """The stream with each inline image (BI ... ID data EI) made the one operator ``BI``; the marks are
    looked for once each, from where the last was found, so that it takes time linear in the stream."""
    begin, data_mark, end = _IMAGE_MARKS
    kept: list[bytes] = []
    at = 0
    while (start := begin.search(data, at)) and (mid := data_mark.search(data, start.end())):
        stop = end.search(data, mid.end())
        if stop is None:
            break
        kept += [data[at : start.start()], b" BI "]
        at = stop.end()
    return b"".join([*kept, data[at:]])


_PATH_PIECE = re.compile(rb"([-+.\d\s]*)(re|[mlcvyh])")


def _path_numbers(letters: bytes) -> int:
    """How many numbers the path operators take."""
    two = letters.count(b"m") + letters.count(b"l")
    return (
        2 * two
        + 6 * letters.count(b"c")
        + 4 * (letters.count(b"v") + letters.count(b"y") + letters.count(b"r"))
    )


def _path_operator(ops: list[str], numbers: array[float], operator: bytes, values: list[Any]) -> None:
    """One path operator added to the path being built, a rectangle spelled out; one with too few
    operands, or ones that are not numbers, is skipped."""
    need = _path_numbers(operator)
    try:
        floats = [float(v) for v in values[len(values) - need :]] if need else []
    except (ValueError, TypeError):
        return
    if len(floats) < need:
        return
    if operator == b"re":
        x, y, w, h = floats
        numbers.extend((x, y, x + w, y, x + w, y + h, x, y + h))
        ops.append("mlllh")
    else:
        numbers.extend(floats)
        ops.append(operator.decode())


def mult(m1: Matrix, m0: Matrix) -> Matrix:
    """m1 then m0, in pdfminer's order of operations so that equal inputs give equal floats."""
    a1, b1, c1, d1, e1, f1 = m1
    a0, b0, c0, d0, e0, f0 = m0
    return (
        a0 * a1 + c0 * b1,
        b0 * a1 + d0 * b1,
        a0 * c1 + c0 * d1,
        b0 * c1 + d0 * d1,
        a0 * e1 + c0 * f1 + e0,
        b0 * e1 + d0 * f1 + f0,
    )


def _box(m: Matrix, x0: float, y0: float, x1: float, y1: float) -> tuple[float, float, float, float]:
    """The upright box around rectangle (x0, y0, x1, y1) transformed by m."""
    a, b, c, d, e, f = m
    xs = (a * x0 + c * y0 + e, a * x1 + c * y0 + e, a * x1 + c * y1 + e, a * x0 + c * y1 + e)
    ys = (b * x0 + d * y0 + f, b * x1 + d * y0 + f, b * x1 + d * y1 + f, b * x0 + d * y1 + f)
    return min(xs), min(ys), max(xs), max(ys)


MAX_DECODED = 200_000_000
"""Bytes of streams one reader decodes in all, a form's each time it is parsed: a 5,000-maze book of 30x30
mazes with answers decodes 84 MB, a genuine maze of 4000x4000 cells about 75, and 200 MB of paths take
8 s to read. A crafted file of 200 pages that each draw one 70 MB stream of comments (or one page
drawing it 40 times) took minutes and gigabytes."""


MAX_PAGE_DECODED = 160_000_000
"""Bytes one page's contents may decode to: two streams of pypdf's largest."""


def stream_bytes(obj: Any, tally: list[int] | None = None) -> bytes:
    """A stream's decoded bytes, or the joined streams of an array (page /Contents may be either).
    Decoded without pypdf's cache on the stream object, which would keep every page's bytes alive.
    ``tally`` counts the bytes decoded so far, up to ``MAX_DECODED``."""
    obj = obj.get_object() if isinstance(obj, IndirectObject) else obj
    if isinstance(obj, ArrayObject):  # one page's parts, joined: at most MAX_PAGE_DECODED
        parts, size = [], 0
        for part in obj:
            parts.append(stream_bytes(part, tally))
            size += len(parts[-1])
            if size > MAX_PAGE_DECODED:  # one 70 MB stream named 40 times took 5 GB
                raise TooComplex(f"a page drawing more than {MAX_PAGE_DECODED // 1_000_000} MB")
        return b"\n".join(parts)
    data = b""
    if isinstance(obj, StreamObject):
        data = decode_stream_data(obj) if "/Filter" in obj else obj.get_data()
    if tally is not None:
        tally[0] += len(data)
        if tally[0] > MAX_DECODED:
            raise TooComplex(f"drawings of more than {MAX_DECODED // 1_000_000:,} MB in all; {_FAR_BELOW}")
    return data


def _ref_key(obj: Any) -> Any:
    """A key naming one PDF object for the document's caches: its object number when it has one."""
    ref = obj.indirect_reference if hasattr(obj, "indirect_reference") else None
    return (ref.idnum, ref.generation) if ref is not None else id(obj)


# --- fonts ---------------------------------------------------------------------------------------


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


def _hex(token: bytes) -> bytes:
    digits = re.sub(rb"\s", b"", token)
    return bytes.fromhex((digits + b"0" * (len(digits) % 2)).decode())


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
            found[int.from_bytes(_hex(src), "big")] = _utf16(_hex(dst))
    spent = 0  # codes a CMap may spell out in all: two-byte codes are 65,536
    for section in _sections(data, b"beginbfrange", b"endbfrange"):
        for lo, hi, dst in _RANGE.findall(section):
            first, last = int.from_bytes(_hex(lo), "big"), min(int.from_bytes(_hex(hi), "big"), 0xFFFF)
            spent += max(0, last - first + 1)
            if spent > 0x20000:  # 2,000 ranges of every code took minutes
                return found
            if dst.startswith(b"["):
                for code, each in zip(range(first, last + 1), _HEX.findall(dst), strict=False):
                    found[code] = _utf16(_hex(each))
            else:
                start = _hex(dst[1:-1])
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
    key = _ref_key(program.get_object())
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
    """A font resource as drawing needs it (``tally`` and ``glyphs``: see ``Document``)."""
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


# --- interpretation ------------------------------------------------------------------------------


@dataclass(slots=True)
class _State:
    """The graphics state that q and Q save and restore, with the text state parameters in it."""

    ctm: Matrix = IDENTITY
    linewidth: float = 1.0  # user space, as w sets it
    stroke_color: tuple[float, ...] = (0.0,)
    fill_color: tuple[float, ...] = (0.0,)
    font: Font | None = None
    font_size: float = 0.0
    char_space: float = 0.0
    word_space: float = 0.0
    scale: float = 1.0
    leading: float = 0.0
    rise: float = 0.0


class Document:
    """Reads one PDF's pages; fonts are loaded once, and forms parsed once while the cache holds them.
    ``share``: the part of the file's budget (see Budget) this reader may spend."""

    def __init__(self, reader: PdfReader, share: float = 1.0) -> None:
        self.reader = reader
        self.count = page_count(reader)
        self.budget = Budget(share)
        self._fonts: dict[Any, tuple[Any, Font]] = {}
        self._forms: OrderedDict[Any, tuple[Any, Program, int]] = OrderedDict()
        self._cached = 0
        self.decoded = self.budget.decoded
        self._glyphs: dict[Any, Callable[[int], int] | None] = {}  # by font program: many fonts share one

    def page(self, index: int) -> Page:
        """What page ``index`` (0-based) draws."""
        page = self.reader.pages[index]
        resources = page.get("/Resources")
        resources = resources.get_object() if resources is not None else {}
        content = page.get("/Contents")
        reading = _Interpreter(self)
        if content is not None:
            reading.run(parse(stream_bytes(content, self.decoded)), resources)
        return Page(reading.shapes, reading.chars)

    def pages(self) -> Iterator[Page]:
        return (self.page(i) for i in range(self.count))

    def font(self, obj: Any) -> Font:
        key = _ref_key(obj)
        if key not in self._fonts:
            font = load_font(obj, self.decoded, self._glyphs)
            self.budget.spend(codes=len(font.widths) + len(font.text))
            self._fonts[key] = (obj, font)  # obj: an id() key stays unique
        return self._fonts[key][1]

    def form(self, obj: Any) -> Program:
        """A form's parsed stream, parsed once while the cache holds it."""
        key = _ref_key(obj)
        if key in self._forms:
            self._forms.move_to_end(key)
            return self._forms[key][1]
        program = parse(stream_bytes(obj, self.decoded))
        size = _size(program)
        if size <= FORM_CACHE:
            self._forms[key] = (obj, program, size)
            self._cached += size
            while self._cached > FORM_CACHE:
                self._cached -= self._forms.popitem(last=False)[1][2]
        return program


def _size(program: Program) -> int:
    """Roughly the bytes a parsed stream holds: its paths' numbers as doubles, about 100 an operator."""
    return sum(
        100 + (operands[1].itemsize * len(operands[1]) if op == PATH else 0) for op, operands in program
    )


class _Interpreter:
    """Runs content streams, collecting the shapes and characters they draw."""

    def __init__(self, document: Document) -> None:
        self.document = document
        self.shapes: list[Shape | Lines] = []
        self.chars: list[Char] = []
        self.state = _State()
        self.saved: list[_State] = []
        self.path: list[list[Any]] = []  # the path being built: PATH instructions' [ops, numbers]
        self.resources: Any = {}
        self.forms: list[Any] = []  # the forms being run, to refuse one that draws itself
        self.floor = 0  # states saved below this belong to the forms' callers
        self.line_matrix = IDENTITY
        self.x = self.y = 0.0  # the text position, in text space from the start of the line
        self.executed = 0  # operators run on this page, its forms' included (see MAX_OPERATORS)
        self.handlers: dict[bytes, Callable[[list[Operand]], None]] = {
            b"q": self.q,
            b"Q": self.Q,
            b"cm": self.cm,
            b"w": self.w,
            b"G": self.G,
            b"g": self.g,
            b"RG": self.G,
            b"rg": self.g,
            b"K": self.G,
            b"k": self.g,
            b"SC": self.G,
            b"SCN": self.G,
            b"sc": self.g,
            b"scn": self.g,
            b"CS": self.CS,
            b"cs": self.cs,
            PATH: self.add_path,
            b"S": lambda _: self.paint(True, False),
            b"s": lambda _: self.paint(True, False, close=True),
            b"f": lambda _: self.paint(False, True),
            b"F": lambda _: self.paint(False, True),
            b"f*": lambda _: self.paint(False, True),
            b"B": lambda _: self.paint(True, True),
            b"B*": lambda _: self.paint(True, True),
            b"b": lambda _: self.paint(True, True, close=True),
            b"b*": lambda _: self.paint(True, True, close=True),
            b"n": lambda _: self.path.clear(),
            b"BT": self.BT,
            b"Tf": self.Tf,
            b"Tm": self.Tm,
            b"Td": self.Td,
            b"TD": self.TD,
            b"T*": self.T_star,
            b"TL": self.TL,
            b"Tc": self.Tc,
            b"Tw": self.Tw,
            b"Tz": self.Tz,
            b"Ts": self.Ts,
            b"Tj": self.Tj,
            b"TJ": self.TJ,
            b"'": self.quote,
            b'"': self.double_quote,
            b"Do": self.Do,
            b"BI": lambda _: self.image(),
        }

    def run(self, program: Program, resources: Any) -> None:
        self.executed += len(program)
        self.document.budget.spend(run=len(program) + FORM_COST)
        if self.executed > MAX_OPERATORS:
            raise TooComplex(f"a page that runs more than {MAX_OPERATORS:,} operators (forms drawing forms)")
        outer, self.resources = self.resources, resources
        handlers = self.handlers
        for operator, operands in program:
            handler = handlers.get(operator)
            if handler is not None:
                try:  # noqa: SIM105 - a with block costs more, once an operator
                    handler(operands)
                except (IndexError, TypeError, ValueError, AttributeError):
                    pass  # operands of the wrong number or kind: skip the operator, as viewers do
        self.resources = outer

    # graphics state

    def q(self, _: list[Operand]) -> None:
        self.saved.append(replace(self.state))

    def Q(self, _: list[Operand]) -> None:
        if len(self.saved) > self.floor:  # a form's extra Q cannot restore its caller's states
            self.state = self.saved.pop()

    def cm(self, o: list[Operand]) -> None:
        self.state.ctm = mult((o[-6], o[-5], o[-4], o[-3], o[-2], o[-1]), self.state.ctm)

    def w(self, o: list[Operand]) -> None:
        self.state.linewidth = float(o[-1])

    def G(self, o: list[Operand]) -> None:
        self.state.stroke_color = tuple(v for v in o if isinstance(v, float))

    def g(self, o: list[Operand]) -> None:
        self.state.fill_color = tuple(v for v in o if isinstance(v, float))

    def CS(self, o: list[Operand]) -> None:
        self.state.stroke_color = _BLACK.get(o[-1], (0.0,))  # a colour space starts at its black

    def cs(self, o: list[Operand]) -> None:
        self.state.fill_color = _BLACK.get(o[-1], (0.0,))

    # paths

    def add_path(self, o: list[Any]) -> None:
        self.path.append(o)

    def paint(self, stroke: bool, fill: bool, close: bool = False) -> None:
        """One shape a subpath, as pdfminer makes them; the path is transformed as it is painted."""
        chunks, self.path = self.path, []
        if close:
            chunks.append(["h", array("d")])
        if not chunks:
            return
        ops = "".join(chunk[0] for chunk in chunks)
        numbers = chunks[0][1] if len(chunks) == 1 else array("d", (v for chunk in chunks for v in chunk[1]))
        state = self.state
        a, b, c, d, e, f = state.ctm
        width = state.linewidth * math.sqrt(abs(a * d - b * c))
        scolor, fcolor = state.stroke_color, state.fill_color
        add = self.shapes.append
        if ops.count("ml") * 2 == len(ops):  # each subpath a line, as a maze's walls are: kept together
            lines = len(numbers) // 4
            self.document.budget.spend(lines=lines, marks=lines if b or c else 0)  # see Lines.extent
            add(Lines(numbers, state.ctm, stroke, fill, width, scolor, fcolor))
            return
        self.document.budget.spend(marks=len(numbers) // 2)
        coords = iter(numbers)
        points = [(a * x + c * y + e, b * x + d * y + f) for x, y in zip(coords, coords, strict=False)]
        for shape, ends, controls in subpaths(ops, points):
            kind = classify(shape, ends)
            every = ends + controls if kind == "curve" else ends
            xs = [p[0] for p in every]
            ys = [p[1] for p in every]
            add(Shape(kind, min(xs), min(ys), max(xs), max(ys), stroke, fill, width, scolor, fcolor))

    def image(self) -> None:
        """An image fills the unit square under the transformation."""
        self.document.budget.spend(marks=6)  # an image costs what six points do (an inline one, 5 us)
        x0, y0, x1, y1 = _box(self.state.ctm, 0.0, 0.0, 1.0, 1.0)
        self.shapes.append(Shape("image", x0, y0, x1, y1, False, True, 0.0, (), ()))

    # text

    def BT(self, _: list[Operand]) -> None:
        self.line_matrix = IDENTITY
        self.x = self.y = 0.0

    def Tf(self, o: list[Operand]) -> None:
        fonts = self.resources.get("/Font")
        font = fonts.get_object().get(o[-2]) if fonts is not None else None
        self.state.font = self.document.font(font.get_object()) if font is not None else _UNKNOWN_FONT
        self.state.font_size = float(o[-1])

    def Tm(self, o: list[Operand]) -> None:
        self.line_matrix = (o[-6], o[-5], o[-4], o[-3], o[-2], o[-1])
        self.x = self.y = 0.0

    def Td(self, o: list[Operand]) -> None:
        tx, ty = float(o[-2]), float(o[-1])
        a, b, c, d, e, f = self.line_matrix
        self.line_matrix = (a, b, c, d, tx * a + ty * c + e, tx * b + ty * d + f)
        self.x = self.y = 0.0

    def TD(self, o: list[Operand]) -> None:
        self.state.leading = -float(o[-1])
        self.Td(o)

    def T_star(self, _: list[Operand]) -> None:
        self.Td([0.0, -self.state.leading])

    def TL(self, o: list[Operand]) -> None:
        self.state.leading = float(o[-1])

    def Tc(self, o: list[Operand]) -> None:
        self.state.char_space = float(o[-1])

    def Tw(self, o: list[Operand]) -> None:
        self.state.word_space = float(o[-1])

    def Tz(self, o: list[Operand]) -> None:
        self.state.scale = float(o[-1]) / 100

    def Ts(self, o: list[Operand]) -> None:
        self.state.rise = float(o[-1])

    def Tj(self, o: list[Operand]) -> None:
        self.show([o[-1]])

    def TJ(self, o: list[Operand]) -> None:
        self.show(o[-1])

    def quote(self, o: list[Operand]) -> None:
        self.T_star([])
        self.show([o[-1]])

    def double_quote(self, o: list[Operand]) -> None:
        self.state.word_space, self.state.char_space = float(o[-3]), float(o[-2])
        self.quote(o)

    def show(self, items: list[Operand]) -> None:
        """Each code shown: a char boxed from origin to advance and from descent up one font size."""
        state = self.state
        font = state.font
        if font is None:
            return
        size, scale = state.font_size, state.scale
        m = mult(self.line_matrix, state.ctm)
        page_size = size * math.hypot(m[2], m[3])
        bottom = font.descent * size + state.rise
        top = bottom + size
        spacing = state.char_space * scale
        word = 0.0 if font.two_byte else state.word_space * scale
        x, y = self.x, self.y
        add = self.chars.append
        # a letter costs what two points do
        self.document.budget.spend(marks=sum(2 * len(i) if isinstance(i, bytes) else 1 for i in items))
        for item in items:
            if isinstance(item, float):
                x -= item * 0.001 * size * scale
                continue
            if not isinstance(item, bytes):
                continue
            for code in font.codes(item):
                advance = font.widths.get(code, font.default_width) * size * scale
                x0, y0, x1, y1 = _box(m, x, y + bottom, x + advance, y + top)
                glyph = font.glyph(code) if font.glyph is not None else None
                add(Char(font.unicode(code), x0, y0, x1, y1, page_size, font.name, glyph))
                x += advance + spacing + (word if code == 32 else 0.0)
        self.x, self.y = x, y

    # XObjects

    def Do(self, o: list[Operand]) -> None:
        xobjects = self.resources.get("/XObject")
        ref = xobjects.get_object().get(o[-1]) if xobjects is not None else None
        if ref is None:
            return
        xobject = ref.get_object()
        subtype = xobject.get("/Subtype")
        if subtype == "/Image":
            self.image()
        elif subtype == "/Form" and len(self.forms) < 32 and _ref_key(xobject) not in self.forms:
            program = self.document.form(xobject)
            resources = xobject.get("/Resources")
            resources = resources.get_object() if resources is not None else None
            matrix = xobject.get("/Matrix")
            self.saved.append(replace(self.state))  # the form starts from the state here, and leaves it
            if matrix is not None:
                self.state.ctm = mult(tuple(float(v) for v in matrix[:6]), self.state.ctm)  # type: ignore[arg-type]
            self.forms.append(_ref_key(xobject))
            floor, self.floor = self.floor, len(self.saved)
            path, self.path = self.path, []
            try:
                self.run(program, resources or self.resources)
            finally:
                self.forms.pop()
                del self.saved[self.floor :]  # whatever the form saved and left unrestored
                self.floor = floor
                self.state = self.saved.pop()
                self.path = path


_BLACK = {"/DeviceRGB": (0.0, 0.0, 0.0), "/DeviceCMYK": (0.0, 0.0, 0.0, 1.0)}
_UNKNOWN_FONT = Font("?", False, {}, 0.0, 0.0, {}, None)


def subpaths(ops: str, points: list[Point]) -> Iterator[tuple[str, list[Point], list[Point]]]:
    """Each subpath of two operators or more: its operators, their end points and its control points.
    A subpath starts at "m"; "h" ends at the subpath's start; operators before any "m" are dropped."""
    shape: list[str] = []
    ends: list[Point] = []
    controls: list[Point] = []
    i = 0
    for op in ops:
        if op == "m":
            if len(shape) > 1:
                yield "".join(shape), ends, controls
            shape, ends, controls = ["m"], [points[i]], []
            i += 1
        elif op == "h":
            if shape:
                shape.append("h")
                ends.append(ends[0])
        else:
            n = 3 if op == "c" else 2 if op in "vy" else 1
            if shape:
                shape.append(op)
                controls.extend(points[i : i + n - 1])
                ends.append(points[i + n - 1])
            i += n
    if len(shape) > 1:
        yield "".join(shape), ends, controls


def classify(shape: str, ends: list[Point]) -> str:
    """A subpath's kind, as pdfminer names it from its operators and end points."""
    if len(shape) > 3 and shape.endswith("lh") and ends[-2] == ends[0]:
        shape = shape[:-2] + "h"  # a closing "l" back to the start, then "h": one side, not two
        ends = ends[:-1]
    if shape in ("ml", "mlh"):
        return "line"
    if shape in ("mlllh", "mllll") and ends[0] == ends[4]:
        (x0, y0), (x1, y1), (x2, y2), (x3, y3) = ends[:4]
        if (x0 == x1 and y1 == y2 and x2 == x3 and y3 == y0) or (
            y0 == y1 and x1 == x2 and y2 == y3 and x3 == x0
        ):
            return "rect"
    return "curve"


def read(pdf: bytes) -> Iterator[Page]:
    """What each page of a PDF draws, one page at a time."""
    return Document(PdfReader(io.BytesIO(pdf))).pages()
