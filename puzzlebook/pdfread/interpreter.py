"""Runs a page's content streams, and the forms they draw, collecting the marks they make."""

from __future__ import annotations

import math
from array import array
from collections import OrderedDict
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from pypdf import PdfReader

from . import budget
from .budget import FORM_COST, Budget, TooComplex, page_count
from .fonts import Font, load_font
from .marks import IDENTITY, Char, Lines, Matrix, Page, Shape, classify, mult, subpaths, transformed_box
from .tokens import PATH, Operand, Program, parse, ref_key, stream_bytes

# Parsed forms kept for reuse, in bytes, least recently used out first: bounded, so memory stays flat.
# A maze's walls are a form drawn on its page and again on the answer page, hundreds of pages on; the
# forms of the longest printable book (828 pages) take about 5 MB.
FORM_CACHE = 8_000_000


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

    def copy(self) -> _State:
        """What ``dataclasses.replace(self)`` gives, six times faster: q saves the state each time it
        runs, and a crafted page runs it hundreds of thousands of times (a test checks every field)."""
        return _State(
            self.ctm,
            self.linewidth,
            self.stroke_color,
            self.fill_color,
            self.font,
            self.font_size,
            self.char_space,
            self.word_space,
            self.scale,
            self.leading,
            self.rise,
        )


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
        key = ref_key(obj)
        if key not in self._fonts:
            font = load_font(obj, self.decoded, self._glyphs)
            self.budget.spend(codes=len(font.widths) + len(font.text))
            self._fonts[key] = (obj, font)  # obj: an id() key stays unique
        return self._fonts[key][1]

    def form(self, obj: Any) -> Program:
        """A form's parsed stream, parsed once while the cache holds it."""
        key = ref_key(obj)
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
        self.executed = 0  # operators run on this page, its forms' included (see budget.MAX_OPERATORS)
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
        if self.executed > budget.MAX_OPERATORS:
            raise TooComplex(
                f"a page that runs more than {budget.MAX_OPERATORS:,} operators (forms drawing forms)"
            )
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
        self.saved.append(self.state.copy())

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
        for shape, ends, turns in subpaths(ops, points):
            kind = classify(shape, ends)
            every = ends + turns
            xs = [p[0] for p in every]
            ys = [p[1] for p in every]
            add(Shape(kind, min(xs), min(ys), max(xs), max(ys), stroke, fill, width, scolor, fcolor))

    def image(self) -> None:
        """An image fills the unit square under the transformation."""
        self.document.budget.spend(marks=6)  # an image costs what six points do (an inline one, 5 us)
        x0, y0, x1, y1 = transformed_box(self.state.ctm, 0.0, 0.0, 1.0, 1.0)
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
        # transformed_box(m, x, y + bottom, x + advance, y + top) written out, with the products of the
        # box's bottom and top, the same for every letter here, taken once: the same floats, in a third
        # less time (a crafted page shows millions of letters)
        ma, mb, mc, md, me, mf = m
        low, high = y + bottom, y + top
        c_low, c_high, d_low, d_high = mc * low, mc * high, md * low, md * high
        for item in items:
            if isinstance(item, float):
                x -= item * 0.001 * size * scale
                continue
            if not isinstance(item, bytes):
                continue
            for code in font.codes(item):
                advance = font.widths.get(code, font.default_width) * size * scale
                right = x + advance
                ax0, ax1, bx0, bx1 = ma * x, ma * right, mb * x, mb * right
                xa, xb, xc, xd = ax0 + c_low + me, ax1 + c_low + me, ax1 + c_high + me, ax0 + c_high + me
                ya, yb, yc, yd = bx0 + d_low + mf, bx1 + d_low + mf, bx1 + d_high + mf, bx0 + d_high + mf
                x0, y0, x1, y1 = (
                    min(xa, xb, xc, xd),
                    min(ya, yb, yc, yd),
                    max(xa, xb, xc, xd),
                    max(ya, yb, yc, yd),
                )
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
        elif subtype == "/Form" and len(self.forms) < 32 and ref_key(xobject) not in self.forms:
            program = self.document.form(xobject)
            resources = xobject.get("/Resources")
            resources = resources.get_object() if resources is not None else None
            matrix = xobject.get("/Matrix")
            self.saved.append(self.state.copy())  # the form starts from the state here, and leaves it
            if matrix is not None:
                self.state.ctm = mult(tuple(float(v) for v in matrix[:6]), self.state.ctm)  # type: ignore[arg-type]
            self.forms.append(ref_key(xobject))
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
