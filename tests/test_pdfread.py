"""pdfread against pdfplumber (pdfminer): the same shapes and letters, page by page, on the PDFs puzzlebook
builds from the sample specs and on small PDFs drawn with reportlab to cover each kind of drawing. Where
pdfminer departs from the PDF (a form starts from the graphics state where it is placed; a line width
is the one in effect when the path is painted; a curve's box holds its control points), the geometry
known from the drawing is the oracle instead."""

from __future__ import annotations

import io
import re
from array import array
from collections import defaultdict
from pathlib import Path

import numpy as np
import pdfplumber
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from pdfminer.pdfinterp import PDFPageInterpreter
from PIL import Image
from pypdf import PdfReader
from reportlab.lib.utils import ImageReader
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from puzzlebook import pdfread
from puzzlebook.build import build_book
from puzzlebook.pdfread import PATH, Page, parse, read, to_unicode
from puzzlebook.preflight import preflight
from puzzlebook.render.fonts import BUNDLED

SAMPLES = Path(__file__).parent.parent / "sample_configs"
TOL = 0.01  # pt


# --- the two readers, side by side ---------------------------------------------------------------


def _color(value) -> tuple:
    if value is None:
        return ()
    return tuple(value) if isinstance(value, tuple | list) else (value,)


def _width(stroke: bool, width: float) -> float:
    """The line width, where it means something: a fill has none (pdfminer's default is 0, the PDF's 1)."""
    return width if stroke else 0.0


def _box(o: dict, height: float) -> tuple[float, float, float, float]:
    """pdfplumber's box of an object; for a curve, the box of its ink, found from its path: its end points
    and, on each Bézier, where numpy's roots of its derivative turn it back (pdfminer boxes a curve's end
    points only, and its control points reach past the ink)."""
    if o["object_type"] != "curve":
        return o["x0"], o["y0"], o["x1"], o["y1"]
    points: list[tuple[float, float]] = []
    for op, *drawn in o["path"]:
        if op == "c" and points:
            start = points[-1]
            polys = [  # each coordinate as a cubic in t, highest power first
                np.array([-a + 3 * b - 3 * c + d, 3 * a - 6 * b + 3 * c, 3 * b - 3 * a, a])
                for a, b, c, d in zip(start, *drawn, strict=True)
            ]
            for poly in polys:
                for t in np.roots(np.polyder(poly)):
                    if abs(t.imag) < 1e-12 and 0 < t.real < 1:
                        points.append(
                            (float(np.polyval(polys[0], t.real)), float(np.polyval(polys[1], t.real)))
                        )
        points += drawn[-1:] if op == "c" else drawn
    xs, ys = [x for x, _ in points], [height - y for _, y in points]
    return min(xs), min(ys), max(xs), max(ys)


def plumbed(pdf: bytes) -> list[tuple[list[tuple], list[tuple]]]:
    """Each page's (shapes, chars) as pdfplumber reads them, in the tuples `ours` makes."""
    pages = []
    with pdfplumber.open(io.BytesIO(pdf)) as document:
        for page in document.pages:
            shapes = [
                (
                    o["object_type"],
                    o["stroke"],
                    o["fill"],
                    _color(o["stroking_color"]),
                    _color(o["non_stroking_color"]),
                    *_box(o, page.height),
                    _width(o["stroke"], o["linewidth"]),
                )
                for o in (*page.lines, *page.rects, *page.curves)
            ]
            shapes += [
                ("image", False, True, (), (), i["x0"], i["y0"], i["x1"], i["y1"], 0.0) for i in page.images
            ]
            chars = [
                (c["text"], c["fontname"], c["x0"], c["y0"], c["x1"], c["y1"], c["size"]) for c in page.chars
            ]
            pages.append((shapes, chars))
            page.close()
    return pages


def ours(pdf: bytes) -> list[tuple[list[tuple], list[tuple]]]:
    return [
        (
            [
                (
                    s.kind,
                    s.stroke,
                    s.fill,
                    s.stroke_color,
                    s.fill_color,
                    s.x0,
                    s.y0,
                    s.x1,
                    s.y1,
                    _width(s.stroke, s.linewidth),
                )
                for s in p.shapes
            ],
            [(c.text, c.font, c.x0, c.y0, c.x1, c.y1, c.size) for c in p.chars],
        )
        for p in read(pdf)
    ]


def unmatched(mine: list[tuple], theirs: list[tuple], exact: int) -> tuple[list[tuple], list[tuple]]:
    """What is left of each after pairing every tuple with one equal to it: the first `exact` fields
    equal, the numbers after them within TOL."""
    pool: dict[tuple, list[tuple]] = defaultdict(list)
    for t in theirs:
        pool[(t[:exact], round(t[exact]), round(t[exact + 1]))].append(t)
    left = []
    for m in mine:
        x, y = round(m[exact]), round(m[exact + 1])
        for key in ((m[:exact], x + dx, y + dy) for dx in (0, -1, 1) for dy in (0, -1, 1)):
            candidates = pool.get(key, [])
            match = next(
                (
                    t
                    for t in candidates
                    if all(abs(a - b) <= TOL for a, b in zip(m[exact:], t[exact:], strict=True))
                ),
                None,
            )
            if match is not None:
                candidates.remove(match)
                break
        else:
            left.append(m)
    return left, [t for ts in pool.values() for t in ts]


def assert_same_as_pdfplumber(pdf: bytes) -> int:
    """Every page's shapes and chars are pdfplumber's, as multisets; the chars in the same order.
    Returns how many objects were compared."""
    mine, theirs = ours(pdf), plumbed(pdf)
    assert len(mine) == len(theirs)
    compared = 0
    for number, ((my_shapes, my_chars), (their_shapes, their_chars)) in enumerate(
        zip(mine, theirs, strict=True), 1
    ):
        for what, m, t, exact in (
            ("shapes", my_shapes, their_shapes, 5),
            ("chars", my_chars, their_chars, 2),
        ):
            only_mine, only_theirs = unmatched(m, t, exact)
            assert not only_mine and not only_theirs, (
                f"page {number} {what}: only pdfread has {only_mine[:4]}, only pdfplumber {only_theirs[:4]}"
            )
            compared += len(m)
        assert [c[0] for c in my_chars] == [c[0] for c in their_chars], (
            f"page {number}: letters in another order"
        )
    return compared


@pytest.fixture
def forms_inherit(monkeypatch):
    """pdfminer made to start a form from the graphics state at Do, as PDF 32000-1 8.10.1 says, instead
    of from the defaults (line width 0): then pdfplumber can be the oracle for puzzlebook's walls, a form
    drawn with the line width of the page placing it. Right for forms without a scaling /Matrix, such as
    reportlab writes."""
    subinterp = PDFPageInterpreter.subinterp

    def inheriting(self):
        child = subinterp(self)
        state = self.graphicstate.copy()
        init_state = child.init_state

        def init(ctm):
            init_state(ctm)
            child.graphicstate = state

        child.init_state = init
        return child

    monkeypatch.setattr(PDFPageInterpreter, "subinterp", inheriting)


# --- PDFs puzzlebook builds ----------------------------------------------------------------------


@pytest.mark.parametrize("sample", sorted(p.name for p in SAMPLES.glob("*.yaml")))
def test_sample_books_read_as_pdfplumber_reads_them(sample, sample_book, forms_inherit):
    target, _ = sample_book(sample)  # built once for the run (test_build checks it too)
    assert assert_same_as_pdfplumber(Path(target).read_bytes()) > 500


def test_a_book_with_pictures_and_names_reads_as_pdfplumber_reads_it(tmp_path, forms_inherit):
    spec = tmp_path / "book.yaml"
    (tmp_path / "names.txt").write_text("Zoë Dvořák\nדוד כהן\nمحمد علي\n")
    spec.write_text(
        "title: Mouse Maze\nmarks: suggested\npictures: mouse-cheese\nstudents: names.txt\n"
        "mazes:\n  - {size: 10x12, count: 2}\n  - {size: 14x9, marks: top-bottom}\n"
    )
    target, _ = build_book(spec)
    assert assert_same_as_pdfplumber(Path(target).read_bytes()) > 500


# --- small PDFs drawn with reportlab -------------------------------------------------------------


def drawn(*pages) -> bytes:
    """A PDF of one page for each function given, each drawing on the canvas."""
    for name in ("DejaVuSans", "DejaVuSans-Bold", "Vera"):
        pdfmetrics.registerFont(TTFont(name, str(BUNDLED[name])))
    out = io.BytesIO()
    canvas = Canvas(out, pagesize=(400, 500), initialFontName="Vera", invariant=1)
    for draw in pages:
        draw(canvas)
        canvas.showPage()
    canvas.save()
    return out.getvalue()


def lines_and_rects(c: Canvas) -> None:
    c.setLineWidth(0.5)
    c.line(50, 50, 200, 60)  # a slanted line
    c.setLineWidth(2)
    c.lines([(10, 400, 390, 400), (200, 10, 200, 490)])
    c.setStrokeColorRGB(1, 0, 0)
    c.rect(100, 100, 50, 80, stroke=1, fill=0)
    c.setFillColorCMYK(0, 1, 0, 0)
    c.rect(160, 100, 30, -40, stroke=0, fill=1)  # a negative height
    c.setFillGray(0.4)
    c.setStrokeGray(0.2)
    c.rect(250, 100, 60, 60, stroke=1, fill=1)
    c.setDash(3, 2)
    c.line(20, 20, 20, 300)
    c.setDash()
    path = c.beginPath()  # several subpaths in one path: an open polyline, a rect, a closed triangle
    path.moveTo(300, 300)
    path.lineTo(350, 300)
    path.lineTo(350, 350)
    path.rect(20, 420, 40, 30)
    path.moveTo(100, 300)
    path.lineTo(150, 320)
    path.lineTo(120, 360)
    path.close()
    c.drawPath(path, stroke=1, fill=1)
    square = c.beginPath()  # closed with an "l" back to the start and "h": still a rect to pdfminer
    square.moveTo(60, 200)
    square.lineTo(90, 200)
    square.lineTo(90, 230)
    square.lineTo(60, 230)
    square.lineTo(60, 200)
    square.close()
    c.drawPath(square, stroke=1, fill=0)
    ring = c.beginPath()  # back to the start without "h": a rect too
    ring.moveTo(120, 420)
    ring.lineTo(150, 420)
    ring.lineTo(150, 450)
    ring.lineTo(120, 450)
    ring.lineTo(120, 420)
    c.drawPath(ring, stroke=1, fill=0)
    diamond = c.beginPath()
    diamond.moveTo(330, 200)
    diamond.lineTo(350, 220)
    diamond.lineTo(330, 240)
    diamond.lineTo(310, 220)
    diamond.close()
    c.drawPath(diamond, stroke=0, fill=1)


def curves(c: Canvas) -> None:
    c.setLineWidth(1.5)
    c.circle(200, 250, 40, stroke=1, fill=0)
    c.circle(80, 80, 5, stroke=0, fill=1)
    c.ellipse(250, 350, 350, 400, stroke=1, fill=1)
    c.roundRect(40, 300, 120, 60, 12, stroke=1, fill=0)
    c.wedge(250, 50, 350, 150, 0, 90, stroke=1, fill=1)
    c.arc(50, 150, 150, 250, 0, 90)


def text(c: Canvas) -> None:
    for y, (font, size) in enumerate(
        [("Vera", 12), ("DejaVuSans", 5), ("DejaVuSans", 9), ("DejaVuSans-Bold", 36), ("Helvetica", 12)]
    ):
        c.setFont(font, size)
        c.drawString(20, 450 - 60 * y, "Maze 1 · Dvořák, Größe Wall")
    c.setFont("DejaVuSans", 10)
    c.drawRightString(380, 100, "to the right")
    c.drawCentredString(200, 80, "centred")
    words = c.beginText(20, 60)  # one text object: T*, TL, Tz, Tc and Tw, Ts
    words.setFont("DejaVuSans", 10, leading=13)
    words.textLines("first line\nsecond line")
    words.setHorizScale(80)
    words.textOut("narrow ")
    words.setHorizScale(100)
    words.setRise(3)
    words.textOut("risen")
    c.drawText(words)
    c.setFont("Vera", 11)
    c.setFillColorRGB(0, 0, 1)
    spaced = c.beginText(200, 20)
    spaced.setCharSpace(1.5)
    spaced.setWordSpace(4)
    spaced.textOut("spaced out words")
    c.drawText(spaced)


def transformed(c: Canvas) -> None:
    c.saveState()
    c.translate(200, 250)
    c.rotate(30)
    c.setLineWidth(1)
    c.line(0, 0, 100, 0)
    c.rect(-50, -50, 40, 20, stroke=1, fill=0)  # turned: no longer axis-aligned, so a curve
    c.restoreState()
    c.saveState()
    c.translate(40, 40)
    c.scale(2.5, 2.5)  # uniform: pdfminer scales a width set after it, as pdfread does
    c.setLineWidth(0.4)
    c.line(0, 0, 40, 0)
    c.circle(60, 20, 10, stroke=1, fill=0)
    c.setFont("DejaVuSans", 6)
    c.drawString(0, 10, "scaled text")
    c.restoreState()
    c.saveState()
    c.transform(3, 0, 0, -3, 50, 450)  # a maze's grid units: y down
    c.setLineWidth(0.3)
    c.lines([(0, 0, 10, 0), (0, 0, 0, 10), (10, 0, 10, 10)])
    c.setFont("DejaVuSans", 4)
    c.drawString(12, 5, "upside down")
    c.restoreState()


def forms(c: Canvas) -> None:
    c.beginForm("mark")  # a form that sets its own line width, colour and font
    c.setLineWidth(3)
    c.setStrokeColorRGB(0, 0.5, 0)
    c.line(0, 0, 30, 0)
    c.rect(0, 10, 20, 20, stroke=1, fill=1)
    c.circle(50, 10, 8, stroke=0, fill=1)
    c.setFont("DejaVuSans", 8)
    c.drawString(0, -12, "in a form")
    c.endForm()
    c.beginForm("twice")  # a form placing another
    c.doForm("mark")
    c.translate(0, 60)
    c.doForm("mark")
    c.endForm()
    c.doForm("mark")
    for x, y in ((100, 100), (250, 300)):
        c.saveState()
        c.translate(x, y)
        c.doForm("twice")
        c.restoreState()


def images(c: Canvas) -> None:
    picture = Image.new("RGB", (4, 3), (200, 30, 30))
    c.drawImage(ImageReader(picture), 50, 60, width=100, height=80)
    c.drawImage(ImageReader(picture), 300, 400, width=-40, height=30)  # mirrored
    c.setLineWidth(1)
    c.line(0, 0, 10, 10)


@pytest.mark.parametrize(
    "page", [lines_and_rects, curves, text, transformed, forms, images], ids=lambda f: f.__name__
)
def test_drawings_read_as_pdfplumber_reads_them(page):
    assert assert_same_as_pdfplumber(drawn(page)) >= 3


def test_letters_have_their_unicode_size_and_glyph():
    (page,) = read(drawn(text))
    by_font: dict[str, list] = defaultdict(list)
    for char in page.chars:
        by_font[char.font.split("+")[-1]].append(char)
    assert "".join(c.text for c in by_font["DejaVuSans-Bold"]) == "Maze 1 · Dvořák, Größe Wall"
    assert {c.size for c in by_font["DejaVuSans-Bold"]} == {36}
    assert all(c.glyph for c in by_font["DejaVuSans-Bold"] if c.text != " ")  # found in the embedded font
    assert all(c.glyph is None for c in by_font["Helvetica"])  # not embedded: no glyphs to look in
    helvetica = by_font["Helvetica"][0]  # a standard font's widths come from its AFM metrics
    assert (helvetica.text, helvetica.x1 - helvetica.x0) == ("M", pytest.approx(12 * 0.833))


# --- where pdfminer is not the oracle: the PDF is ------------------------------------------------


def handmade(content: bytes, forms: dict[str, tuple[str, bytes]] | None = None) -> bytes:
    """A one-page 200 x 200 PDF drawing `content`, with Helvetica as /F1 and each form as an XObject
    named by its key, given as (its /Matrix, its stream); the forms use the page's resources."""
    forms = forms or {}
    names = " ".join(f"/{name} {5 + i} 0 R" for i, name in enumerate(forms))
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents %d 0 R "
        b"/Resources << /Font << /F1 4 0 R >> /XObject << %s >> >> >>" % (5 + len(forms), names.encode()),
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    ]
    for matrix, stream in forms.values():
        objects.append(
            b"<< /Type /XObject /Subtype /Form /BBox [-1000 -1000 1000 1000] /Matrix [%s] /Length %d >>\n"
            b"stream\n%s\nendstream" % (matrix.encode(), len(stream), stream)
        )
    objects.append(b"<< /Length %d >>\nstream\n%s\nendstream" % (len(content), content))
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n%s\nendobj\n" % (number, body)
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    return bytes(out)


def only_page(pdf: bytes) -> Page:
    (page,) = read(pdf)
    return page


def boxes(page: Page) -> list[tuple]:
    return [
        (s.kind, round(s.x0, 6), round(s.y0, 6), round(s.x1, 6), round(s.y1, 6), round(s.linewidth, 6))
        for s in page.shapes
    ]


def test_a_line_width_set_before_do_is_the_forms():
    """PDF 32000-1 8.10.1: a form starts from the graphics state in effect where it is placed. The walls
    of a maze are one form on its page and on the answer page, each setting the width before Do."""
    walls = b"0 0 m 10 0 l 0 0 m 0 10 l S"
    page = only_page(
        handmade(
            b"q 2.5 w 0.5 G /Walls Do Q "  # the width, and colour, of the page placing it
            b"q 1.5 w 2 0 0 2 50 60 cm /Walls Do Q "  # set before a scale: 3 pt on the page
            b"/Walls Do",  # nothing set: the default, 1 pt
            {"Walls": ("1 0 0 1 0 0", walls)},
        )
    )
    assert boxes(page) == [
        ("line", 0, 0, 10, 0, 2.5),
        ("line", 0, 0, 0, 10, 2.5),
        ("line", 50, 60, 70, 60, 3),
        ("line", 50, 60, 50, 80, 3),
        ("line", 0, 0, 10, 0, 1),
        ("line", 0, 0, 0, 10, 1),
    ]
    assert [s.stroke_color for s in page.shapes] == [(0.5,)] * 2 + [(0.0,)] * 4


@settings(max_examples=60, deadline=None)
@given(
    numbers=st.lists(  # anywhere, or a point or two from the margins, where the pad decides
        st.floats(-900, 900, allow_nan=False) | st.sampled_from([35.0, 36.5, 37.0, 575.0, 577.0, 755.0, 757.5]),
        max_size=80,
    ),
    ctm=st.sampled_from([(1.0, 0.0, 0.0, 1.0, 0.0, 0.0), (0.5, 0.0, 0.0, 2.0, 30.0, -7.0),
                         (0.8, 0.6, -0.6, 0.8, 0.0, 0.0), (0.0, 1.0, -1.0, 0.0, 612.0, 0.0)]),
    pad=st.sampled_from([0.0, 0.25, 1.5]),
)  # fmt: skip
@example(numbers=[37.0, 755.0, 575.0, 37.0], ctm=(1.0, 0.0, 0.0, 1.0, 0.0, 0.0), pad=1.5)  # each side
def test_a_runs_crossings_are_its_shapes_counted_one_by_one(numbers, ctm, pad):
    """preflight counts a run's lines over each margin with ``Lines.crossings``, which makes no shapes;
    the counts are those of its shapes' boxes grown by ``pad``, one by one, as any other mark's are."""
    from puzzlebook.pdfread.marks import Lines

    run = Lines(array("d", numbers[: len(numbers) // 4 * 4]), ctm, True, False, 2 * pad, (0.0,), ())
    box = (36.0, 36.0, 576.0, 756.0)
    counted = [0, 0, 0, 0]
    for s in run.shapes():
        counted[0] += s.x0 - pad < box[0]
        counted[1] += s.y0 - pad < box[1]
        counted[2] += s.x1 + pad > box[2]
        counted[3] += s.y1 + pad > box[3]
    assert run.crossings(pad, box) == tuple(counted)


def test_q_saves_every_field_of_the_graphics_state():
    """q saves the state with ``_State.copy``, written out field by field for speed: a field added to
    the state and left out of it would be lost at Q."""
    from dataclasses import fields

    from puzzlebook.pdfread.interpreter import _State

    state = _State()
    for n, field in enumerate(fields(_State)):
        setattr(state, field.name, (float(n + 10),) * 6 if field.name == "ctm" else object())
    saved = state.copy()
    assert saved is not state
    for field in fields(_State):
        assert getattr(saved, field.name) is getattr(state, field.name), field.name


def test_a_form_matrix_font_and_unbalanced_q_and_a_form_placing_itself():
    page = only_page(
        handmade(
            b"2 w /F1 10 Tf /Shifted Do 0 0 m 5 0 l S /Loop Do",
            {
                "Shifted": ("2 0 0 2 10 20", b"0 0 m 10 0 l S BT (A) Tj ET Q Q 7 w"),  # Q Q: not the page's
                "Loop": ("1 0 0 1 0 0", b"0 0 m 0 5 l S /Loop Do"),
            },
        )
    )
    assert boxes(page) == [("line", 10, 20, 30, 20, 4), ("line", 0, 0, 5, 0, 2), ("line", 0, 0, 0, 5, 2)]
    (a,) = page.chars  # the font set before Do, scaled by the form's matrix
    assert (a.text, a.size, a.x0, a.y0) == ("A", 20, 10, pytest.approx(20 - 0.207 * 20))


def test_widths_scale_when_painted_and_a_curves_box_is_its_ink():
    page = only_page(
        handmade(
            b"q 2 w 3 0 0 3 0 0 cm 0 0 m 10 0 l S Q "  # w set before cm: 6 pt when painted
            b"0 0 m 50 100 100 100 100 0 c S "  # up to 75 at its middle, under its control points' 100
            b"q 0 1 -1 0 100 0 cm BT /F1 12 Tf 0 0 Td (T) Tj ET Q "  # turned text keeps its size
            b"q 10 0 0 20 30 40 cm BI /W 1 /H 1 /BPC 8 /CS /G ID \xff EI Q"  # an inline image
        )
    )
    assert boxes(page) == [
        ("line", 0, 0, 30, 0, 6),
        ("curve", 0, 0, 100, 75, 1),
        ("image", 30, 40, 40, 60, 0),
    ]
    assert page.chars[0].size == 12


def test_kerning_a_quote_and_an_inline_image_match_pdfplumber():
    pdf = handmade(
        b"BT /F1 12 Tf 14 TL 20 150 Td [(A) -500 (V) 120 (AW)] TJ (next) ' ET "
        b"q 10 0 0 20 30 40 cm BI /W 1 /H 1 /BPC 8 /CS /G ID \xff EI Q"
    )
    assert assert_same_as_pdfplumber(pdf) == 9


def test_preflight_reads_walls_in_a_form_at_their_width():
    """pdfminer read the inherited width as 0 and reported every wall as a hairline."""
    pdf = handmade(b"q 1.2 w /Walls Do Q", {"Walls": ("1 0 0 1 0 0", b"50 50 m 150 50 l 50 50 m 50 150 l S")})
    assert [p for p in preflight(pdf, "screen") if "line(s)" in p] == []
    thin = handmade(b"q 0.2 w /Walls Do Q", {"Walls": ("1 0 0 1 0 0", b"50 50 m 150 50 l S")})
    assert [p for p in preflight(thin, "screen") if "line(s)" in p] == [
        "page 1: 1 line(s) as thin as 0.20 pt; printers need at least 0.75 pt: raise wall_weight or answer_wall_weight"
    ]


# --- the tokenizer and the CMap --------------------------------------------------------------------


def test_parse_reads_every_kind_of_token():
    program = parse(
        b"% a comment\n/Span <</ActualText (x) /Q true>> BDC EMC 1 0 0 1 -.5 +3. cm\n"
        b"BT /F#231 12 Tf (a\\(b\\) \\\\ \\n \\101 (nested (twice)) \\\nend) Tj <48 65 6C6C 6F> Tj <414> Tj "
        b"[(A) -120 [1 2] (B)] TJ ET 1 2 m 3 4 l 5 6 7 8 re h 1 2 3 4 5 6 c S 9 w"
    )
    assert [op for op, _ in program] == [
        b"BDC",
        b"EMC",
        b"cm",
        b"BT",
        b"Tf",
        b"Tj",
        b"Tj",
        b"Tj",
        b"TJ",
        b"ET",
        PATH,
        b"S",
        b"w",
    ]
    operands = dict(program)
    assert operands[b"cm"] == [1, 0, 0, 1, -0.5, 3]
    assert operands[b"Tf"] == ["/F#1", 12]
    assert [o for op, o in program if op == b"Tj"] == [
        [b"a(b) \\ \n A (nested (twice)) end"],
        [b"Hello"],
        [b"A@"],
    ]
    assert operands[b"TJ"] == [[b"A", -120, [1, 2], b"B"]]
    ops, numbers = operands[PATH]
    assert ops == "mlmlllhhc" and list(numbers) == [1, 2, 3, 4, 5, 6, 12, 6, 12, 14, 5, 14, 1, 2, 3, 4, 5, 6]
    assert operands[b"w"] == [9]


def test_parse_skips_operators_with_bad_operands():
    program = parse(b"1 m 2 3 l (x) 4 l 1 0 0 1 cm q 1.2.3 w Q")
    assert program == [(PATH, ["l", program[0][1][1]]), (b"cm", [1, 0, 0, 1]), (b"q", []), (b"Q", [])]
    assert list(program[0][1][1]) == [2, 3]


def test_to_unicode_reads_bfchar_and_both_kinds_of_bfrange():
    cmap = (
        b"2 beginbfchar <01> <0041> <02> <D83DDE00> endbfchar\n"
        b"2 beginbfrange <10> <12> <0061> <20> <21> [<0066006C> <00DF>] endbfrange"
    )
    assert to_unicode(cmap) == {1: "A", 2: "😀", 0x10: "a", 0x11: "b", 0x12: "c", 0x20: "fl", 0x21: "ß"}


def test_a_form_on_many_pages_is_parsed_once_while_the_cache_holds_it(monkeypatch):
    def logo(c: Canvas) -> None:
        if not c.hasForm("logo"):
            c.beginForm("logo")
            c.setLineWidth(7.5)
            c.line(10, 10, 60, 10)
            c.endForm()
        c.doForm("logo")

    pdf = drawn(*[logo] * 5)
    parsed = []
    monkeypatch.setattr(pdfread.interpreter, "parse", lambda data: parsed.append(data) or parse(data))
    assert [[boxes(page)] for page in read(pdf)] == [[[("line", 10, 10, 60, 10, 7.5)]]] * 5
    assert sum(b"7.5 w" in data for data in parsed) == 1
    parsed.clear()
    monkeypatch.setattr(pdfread.interpreter, "FORM_CACHE", 50)  # too small for the form: parsed on every page
    assert len(list(read(pdf))) == 5
    assert sum(b"7.5 w" in data for data in parsed) == 5


@settings(max_examples=300, deadline=None)
@given(
    matrix=st.tuples(*[st.sampled_from([-4.5, -1.0, -0.5, 0.0, 0.25, 1.0, 3.0, 7.5])] * 4),
    shift=st.tuples(st.floats(-500, 500), st.floats(-500, 500)),
    numbers=st.lists(st.floats(-1e4, 1e4, allow_nan=False), min_size=4, max_size=40),
)
def test_a_run_of_lines_spans_the_boxes_of_its_lines(matrix, shift, numbers):
    """Walls are kept as one run of lines, not a shape each; its extent, taken in C when the
    transformation keeps the axes, is exactly the box around the lines' own boxes."""
    numbers = numbers[: len(numbers) // 4 * 4]
    run = pdfread.Lines(array("d", numbers), (*matrix, *shift), True, False, 1.0, (0.0,), (0.0,))
    shapes = list(run.shapes())
    assert len(shapes) == len(run) == len(numbers) // 4
    assert run.extent() == (
        min(s.x0 for s in shapes),
        min(s.y0 for s in shapes),
        max(s.x1 for s in shapes),
        max(s.y1 for s in shapes),
    )


def test_walls_crossing_a_margin_count_one_mark_a_line():
    """A run of wall lines is counted line by line once any of it crosses a margin: two of five here."""
    pdfmetrics.registerFont(TTFont("Vera", str(BUNDLED["Vera"])))
    out = io.BytesIO()
    canvas = Canvas(out, pagesize=(612, 792), invariant=1, initialFontName="Vera")
    for number in range(1, 25):
        if number == 3:  # an odd page: its left margin is the gutter, 27 pt
            path = canvas.beginPath()
            for x, y in ((3, 300), (200, 310), (10, 320), (200, 330), (200, 340)):
                path.moveTo(x, y)
                path.lineTo(x + 100, y)
            canvas.drawPath(path, stroke=1, fill=0)
        canvas.showPage()
    canvas.save()
    assert read(out.getvalue()).__next__().shapes == []
    assert preflight(out.getvalue()) == [
        "page 3: 2 mark(s) in the left margin, which must stay clear (the gutter of a 24-page book, 27 pt); "
        "widen the layout's margins"
    ]


# Streams a hostile file could hold, most about 600 KB (a few KB compressed). Read in time quadratic in
# their length, as the reader once did, most took half an hour to two hours, and images never ended
# (cubic) months; read linearly, each takes under a second, so a return of such a regex stalls the suite.
HOSTILE = {
    "numbers with no operator": (b"1 " * 300_000, []),
    "blanks": (b" " * 600_000, []),
    "dots": (b". " * 300_000, []),
    "a string never closed": (b"(\\" * 300_000, []),
    # each ( but the last opens strings nested deeper than a reader follows, and is passed over
    "strings nested too deep": (b"(a" * 100_000, [(b"a", [])] * 99_999),
    "images never ended": (b"BI ID " * 100_000, [(b"BI", []), (b"ID", [])] * 100_000),
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_a_hostile_stream_is_read_in_linear_time(name):
    data, program = HOSTILE[name]
    assert parse(data) == program


def test_a_hostile_cmap_is_read_in_linear_time():
    assert to_unicode(b"beginbfchar " * 100_000) == {}
    assert to_unicode(b"beginbfrange " + b"<" * 600_000 + b" endbfrange") == {}
    assert to_unicode(b"beginbfrange <00> <01> " + b"[" * 600_000 + b" endbfrange") == {}


def test_numbers_before_no_operator_and_malformed_strings_and_images():
    """The rules a linear reading keeps: numbers with no operator after them are operands of the next
    one (a dash array's), split as single tokens would be; an inline image is one operator; a string
    never closed runs to the end of the stream, as the PDF's syntax says (7.3.4.2)."""
    assert parse(b"[1 2 3] 0 d") == [(b"d", [[1.0, 2.0, 3.0], 0.0])]
    assert parse(b"[1.2.3 +- 4] 0 d") == [(b"d", [[1.2, 0.3, 4.0], 0.0])]
    assert parse(b"q BI /W 1 ID \x00\xff EI Q BI ID") == [
        (b"q", []),
        (b"BI", []),
        (b"Q", []),
        (b"BI", []),
        (b"ID", []),
    ]
    assert parse(b"(abc) Tj (never closed Tj 0 0 m") == [(b"Tj", [b"abc"])]


def test_a_stream_or_page_of_too_many_operators_is_refused(monkeypatch):
    """30 MB of `q` took gigabytes to hold, and forms that each draw the next ten times took hours to
    run: a stream, and a page with the forms it draws, hold a bounded number of operators."""
    monkeypatch.setattr(pdfread.budget, "MAX_OPERATORS", 1000)
    assert len(parse(b"q " * 999)) == 999
    for data in (b"q " * 1001, b"1 " * 1001 + b"q", b"1 " * 1001):
        with pytest.raises(pdfread.TooComplex):
            parse(data)
    out = io.BytesIO()
    canvas = Canvas(out, pagesize=(612, 792), invariant=1)
    canvas.beginForm("F4")
    canvas.line(0, 0, 1, 1)
    canvas.endForm()
    for level in (3, 2, 1, 0):  # F0 draws F1 ten times, ... F4: 10,000 lines from one page
        canvas.beginForm(f"F{level}")
        for _ in range(10):
            canvas.doForm(f"F{level + 1}")
        canvas.endForm()
    canvas.doForm("F0")
    canvas.showPage()
    canvas.save()
    with pytest.raises(pdfread.TooComplex, match="forms drawing forms"):
        next(read(out.getvalue()))
    monkeypatch.setattr(pdfread.budget, "MAX_OPERATORS", 100_000)
    assert len(next(read(out.getvalue())).shapes) == 10_000  # within the bound, read as ever


def test_check_of_a_damaged_book_says_so_in_one_line(tmp_path):
    """pypdf's and fontTools' errors on a damaged or crafted file (a font program overwritten, a page
    tree that contains itself) came out as tracebacks."""
    from clirun import invoke

    spec = tmp_path / "book.yaml"
    spec.write_text("title: T\npad: true\nmazes:\n  - {size: 8x8, count: 3}\n")
    book, _ = build_book(spec)
    data = bytearray(Path(book).read_bytes())
    font = data.index(b"stream", data.index(b"/Length1")) + 200  # inside the first font program
    data[font : font + 400] = bytes(400)
    Path(book).write_bytes(bytes(data))
    result = invoke(["check", str(spec)])
    assert result.exit_code == 2 and "Traceback" not in result.output  # a bad file, as a bad spec
    (line,) = result.stderr.splitlines()
    assert line.startswith(f"error: {book}: cannot be checked (") and line.endswith(
        "); build it again from its spec, then check it"
    )


def test_a_crafted_font_cannot_take_unbounded_memory_or_time(tmp_path, monkeypatch):
    """A width range to four billion took 24 GB; 2,000 ToUnicode ranges of every code, minutes; twenty
    fonts sharing one program read its cmap twenty times. Codes are two bytes, a CMap spells out a
    bounded number of them, and a program is read once."""
    from pypdf import PdfReader
    from pypdf.generic import ArrayObject, DictionaryObject, NameObject, NumberObject

    descendant = DictionaryObject(
        {NameObject("/W"): ArrayObject([NumberObject(0), NumberObject(4_000_000_000), NumberObject(500)])}
    )
    font = DictionaryObject(
        {
            NameObject("/Subtype"): NameObject("/Type0"),
            NameObject("/DescendantFonts"): ArrayObject([descendant]),
        }
    )
    assert len(pdfread.load_font(font).widths) == 0x10000
    assert len(to_unicode(b"beginbfrange " + b"<0000> <FFFF> <00000000> " * 2000 + b"endbfrange")) == 0x10000

    spec = tmp_path / "book.yaml"
    spec.write_text("title: T\nmazes:\n  - {size: 6x6}\n")
    book, _ = build_book(spec)
    page = PdfReader(book).pages[0]
    fonts = [f.get_object() for f in page["/Resources"]["/Font"].values()]
    made = []
    real = pdfread.fonts.TTFont
    monkeypatch.setattr(pdfread.fonts, "TTFont", lambda *a, **k: made.append(1) or real(*a, **k))
    found: dict = {}
    first = pdfread.glyph_finder(fonts[0], None, found)
    assert first is not None and pdfread.glyph_finder(fonts[0], None, found) is first and len(made) == 1


def test_a_book_drawing_more_than_the_budget_is_refused_in_one_line(tmp_path, monkeypatch):
    """200 pages drawing one 70 MB stream of comments took minutes: what a reader decodes in all is
    bounded, and beyond it `check` says in one line that the file cannot be checked."""
    from clirun import invoke

    spec = tmp_path / "book.yaml"
    spec.write_text("title: T\npad: true\nmazes:\n  - {size: 30x30, count: 3}\n")
    book, _ = build_book(spec)
    assert preflight(Path(book).read_bytes()) == []  # within the budget, read as ever
    monkeypatch.setattr(pdfread.budget, "MAX_DECODED", 20_000)
    with pytest.raises(pdfread.TooComplex, match="drawings of more than"):
        for _ in read(Path(book).read_bytes()):
            pass
    result = invoke(["check", book])
    assert result.exit_code == 2 and "cannot be checked: drawings of more than" in result.stderr


def test_a_page_naming_one_stream_many_times_is_bounded(monkeypatch):
    """/Contents listing one 70 MB stream forty times took 5.5 GB: one page's parts decode to at most
    MAX_PAGE_DECODED."""
    from pypdf.generic import ArrayObject, StreamObject

    part = StreamObject()
    part.set_data(b"0 0 m 1 1 l S\n" * 100)
    assert pdfread.stream_bytes(ArrayObject([part] * 3)).count(b" S\n") == 300
    monkeypatch.setattr(pdfread.budget, "MAX_PAGE_DECODED", 2_000)
    with pytest.raises(pdfread.TooComplex, match="a page drawing more than"):
        pdfread.stream_bytes(ArrayObject([part] * 3))


def test_a_file_spends_one_budget_for_all_its_pages(tmp_path, monkeypatch):
    """The bounds were a page's: 24 pages each drawing forms that draw forms, or one form drawn on many
    pages, took minutes. A file's pages, and the forms and fonts they share, now spend one budget; a book
    reads within it, each bound lowered below what the book spends refuses it, so does their sum, and a
    reader of half the pages (one of preflight's two processes) has half of it."""
    spec = tmp_path / "book.yaml"
    spec.write_text("title: T\npad: true\nanswer_key: true\nmazes:\n  - {size: 12x12, count: 4}\n")
    book, _ = build_book(spec)
    data = Path(book).read_bytes()
    document = pdfread.Document(PdfReader(io.BytesIO(data)))
    assert list(document.pages())
    spent = {name: getattr(document.budget, name) for name in ("run", "marks", "lines", "codes")}
    assert min(spent.values()) > 0, spent
    for name, bound in (
        ("run", "MAX_RUN"),
        ("marks", "MAX_MARKS"),
        ("lines", "MAX_LINES"),
        ("codes", "MAX_CODES"),
    ):
        real = getattr(pdfread.budget, bound)
        monkeypatch.setattr(pdfread.budget, bound, spent[name])  # all of it: read as ever
        assert len(list(read(data))) == document.count
        with pytest.raises(pdfread.TooComplex, match=f"more than {spent[name] - 1:,} .* in all"):
            monkeypatch.setattr(pdfread.budget, bound, spent[name] - 1)
            list(read(data))
        monkeypatch.setattr(pdfread.budget, bound, spent[name] * 2 - 1)
        half = pdfread.Document(PdfReader(io.BytesIO(data)), 0.5)
        with pytest.raises(pdfread.TooComplex):
            list(half.pages())
        monkeypatch.setattr(pdfread.budget, bound, real)
    work = document.budget.work()  # and all of them together, each a little under its bound
    monkeypatch.setattr(pdfread.budget, "WORK", work)
    assert len(list(read(data))) == document.count
    monkeypatch.setattr(pdfread.budget, "WORK", work * 0.99)
    with pytest.raises(pdfread.TooComplex, match="it draws too much in all, counting everything together"):
        list(read(data))
    monkeypatch.setattr(pdfread.budget, "MAX_PAGES_READ", document.count - 1)
    with pytest.raises(pdfread.TooComplex, match=f"it has {document.count} pages, more than"):
        preflight(data)


def test_a_long_run_of_path_operators_is_one_path():
    """A run of path operators is matched a few thousand at a time (a 72 MB run took 2 GB to match whole);
    the path is one instruction however long."""
    (path, stroke) = parse(b"0 0 m 1.5 1 l " * 10_000 + b"S")
    assert path == (PATH, ["ml" * 10_000, array("d", [0.0, 0.0, 1.5, 1.0] * 10_000)]) and stroke == (b"S", [])


def test_each_bound_of_reading_has_one_home_and_each_part_reads_in_one_sitting():
    """The reader was one 1,068-line module. Its parts stay short, and every bound on reading (a MAX_...,
    the work and its costs) is set in budget.py alone, so that lowering one there reaches every reader
    of it, as the tests above do."""
    folder = Path(pdfread.__file__).parent
    parts = sorted(folder.glob("*.py"))
    assert {p.name for p in parts} >= {"budget.py", "tokens.py", "fonts.py", "marks.py", "interpreter.py"}
    for part in parts:
        assert len(part.read_text().splitlines()) < 500, part.name
    bound = re.compile(r"^(MAX_\w+|WORK|COSTS|FORM_COST)\b[^=\n]*=", re.MULTILINE)
    homes = {name: part.name for part in parts for name in bound.findall(part.read_text())}
    assert set(homes.values()) == {"budget.py"}, homes
    lowered_above = {"MAX_OPERATORS", "MAX_RUN", "MAX_DECODED", "MAX_PAGE_DECODED", "MAX_PAGES_READ", "WORK"}
    assert lowered_above <= set(homes)
