"""The start and end pictures: complete pairs, inside their box, printable lines, one colouring-book style
(white shapes in one outline weight, black only for eyes and noses), and the same drawing in PDF, SVG and
PNG."""

import io
import math
import re
import xml.etree.ElementTree as ET

import pdfplumber
import pytest
from clirun import invoke
from PIL import Image, ImageChops, ImageDraw
from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from puzzlebook.artwork import (
    BLACK_AREA,
    MIN_LINE,
    MIN_SIZE,
    PAIRS,
    PICTURES,
    WEIGHT,
    Circle,
    Close,
    CurveTo,
    LineTo,
    MoveTo,
    Path,
    bounds,
    flatten,
    line_width,
    placed,
)
from puzzlebook.layout import MIN_LINE as LAYOUT_MIN_LINE
from puzzlebook.pdfread import Document
from puzzlebook.render.pictures import draw_pdf, draw_png, svg

NAMES = sorted(PICTURES)
SVG = "{http://www.w3.org/2000/svg}"


def points(shape):
    if isinstance(shape, Circle):
        return [(shape.x, shape.y)]
    out = []
    for c in shape.commands:
        if isinstance(c, (MoveTo, LineTo)):
            out.append((c.x, c.y))
        elif isinstance(c, CurveTo):
            out += [(c.x1, c.y1), (c.x2, c.y2), (c.x, c.y)]
    return out


def png(name, size=200, mirror=False):
    image = Image.new("L", (size, size), 255)
    draw_png(ImageDraw.Draw(image), placed(PICTURES[name], 0, 0, size, mirror), height=size)
    return image


def test_pairs_name_pictures_that_exist():
    assert len(PAIRS) >= 6 and len(PICTURES) >= 12
    for pair, (start, end) in PAIRS.items():
        assert pair == f"{start}-{end}"
        assert start in PICTURES and end in PICTURES
    assert {n for pair in PAIRS.values() for n in pair} == set(PICTURES)  # no picture without its pair
    for name, picture in PICTURES.items():
        assert picture.name == name and re.fullmatch(r"[a-z]+(-[a-z]+)*", name)
    assert all(PICTURES[start].directional for start, _end in PAIRS.values())  # mirrored to face the maze


@pytest.mark.parametrize("name", NAMES)
def test_pictures_are_centred_in_their_box_and_fill_most_of_it(name):
    x0, y0, x1, y1 = bounds(PICTURES[name].shapes)
    assert min(x0, y0) >= 0 and max(x1, y1) <= 1
    assert max(x1 - x0, y1 - y0) > 0.9
    assert (x0 + x1) / 2 == pytest.approx(0.5, abs=0.01) and (y0 + y1) / 2 == pytest.approx(0.5, abs=0.01)


@pytest.mark.parametrize("name", NAMES)
def test_lines_print_at_the_smallest_size(name):
    """Every line is the one weight, relative to the picture's size, and never under a printable line:
    at 1.25 in, the 1.5-2 pt of a commercial colouring book."""
    picture = PICTURES[name]
    strokes = [shape.width for shape in picture.shapes if shape.stroke is not None]
    assert strokes and all(width == WEIGHT for width in strokes)
    assert 1.5 <= line_width(WEIGHT, 90) <= 2.0
    for size in (MIN_SIZE, 0.6 * 72, MIN_LINE / WEIGHT, 90, 108):
        for shape in placed(picture, 0, 0, size):
            if shape.stroke is not None:
                assert shape.width == pytest.approx(max(WEIGHT * size, MIN_LINE)) and shape.width >= MIN_LINE


@pytest.mark.parametrize("name", NAMES)
def test_subpaths_of_a_filled_path_never_overlap(name):
    """So nonzero, even-odd and Pillow's one-polygon-at-a-time fills all paint the same area."""
    for shape in PICTURES[name].shapes:
        if isinstance(shape, Path) and shape.fill is not None:
            boxes = []
            for pts, _closed in flatten(shape.commands, 0.01):
                xs, ys = [p[0] for p in pts], [p[1] for p in pts]
                boxes.append((min(xs), min(ys), max(xs), max(ys)))
            for i, a in enumerate(boxes):
                for b in boxes[i + 1 :]:
                    assert a[2] < b[0] or b[2] < a[0] or a[3] < b[1] or b[3] < a[1]


@pytest.mark.parametrize("name", NAMES)
def test_each_picture_inks_a_sensible_share_of_its_box(name):
    """Neither empty nor a blob: an outline drawing to colour inks 5% to 25% of its box at 200 px (a
    silhouette inked 15% to 70%)."""
    histogram = png(name).histogram()
    black = sum(histogram[:128]) / (200 * 200)
    assert 0.05 <= black <= 0.25, f"{name}: {black:.0%} black"


@pytest.mark.parametrize("name", NAMES)
def test_mirroring_flips_x(name):
    picture = PICTURES[name]
    plain = placed(picture, 10, 20, 50)
    mirrored = placed(picture, 10, 20, 50, mirror=True)
    for a, b in zip(plain, mirrored, strict=True):
        assert type(a) is type(b) and a.width == b.width and a.fill == b.fill
        for (ax, ay), (bx, by) in zip(points(a), points(b), strict=True):
            assert bx - 10 == pytest.approx(50 - (ax - 10)) and by == pytest.approx(ay)
    left, right = png(name), png(name, mirror=True)
    differ = ImageChops.difference(left.transpose(Image.Transpose.FLIP_LEFT_RIGHT), right).histogram()
    assert sum(differ[128:]) / (200 * 200) < 0.02  # the same picture, give or take the pixel grid


def test_the_thinnest_line_is_the_layouts():
    assert MIN_LINE == LAYOUT_MIN_LINE and MIN_SIZE <= 0.4 * 72  # lines print at 0.4 in


def test_placed_scales_into_its_box():
    shapes = placed(PICTURES["mouse"], 100, 200, 36)
    x0, y0, x1, y1 = bounds(shapes)
    assert x0 >= 100 and y0 >= 200 and x1 <= 136 and y1 <= 236


def test_every_picture_draws_in_a_pdf_in_black_and_white_only():
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(400, 60 * len(NAMES)), invariant=1)
    for i, name in enumerate(NAMES):
        draw_pdf(canvas, placed(PICTURES[name], 10, 10 + 60 * i, 50))
        draw_pdf(canvas, placed(PICTURES[name], 100, 10 + 60 * i, 29, mirror=True))  # 0.4 in
    canvas.showPage()
    canvas.save()
    page = PdfReader(io.BytesIO(buffer.getvalue())).pages[0]
    assert page.extract_text().strip() == ""  # no words in a picture
    content = page.get_contents().get_data().decode("latin-1")
    grays = set(re.findall(r"([\d.]+) [gG]\b", content))
    assert grays and {float(g) for g in grays} <= {0.0, 1.0}
    assert not re.search(r"\b(rg|RG|k|K)\b", content)  # no colour anywhere


@pytest.mark.parametrize("name", NAMES)
def test_svg_is_well_formed_with_one_element_per_shape(name):
    shapes = placed(PICTURES[name], 0, 0, 100)
    elements = svg(shapes, page_height=100)
    root = ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">{elements}</svg>')
    children = list(root)
    assert len(children) == len(shapes)
    for element, shape in zip(children, shapes, strict=True):
        assert element.tag == SVG + ("circle" if isinstance(shape, Circle) else "path")
        assert element.get("fill") in ("black", "white", "none")


def test_svg_flips_y_by_the_page_height():
    shapes = (
        Circle(10, 30, 5, fill="black"),
        Path((MoveTo(0, 0), LineTo(10, 90), Close()), stroke="black", width=1),
    )
    circle, path = ET.fromstring(f"<g>{svg(shapes, page_height=100)}</g>")
    assert (circle.get("cx"), circle.get("cy"), circle.get("r")) == ("10", "70", "5")
    assert path.get("d") == "M0 100L10 10Z" and path.get("stroke-linecap") == "round"


def test_png_draws_where_the_transform_says():
    image = Image.new("L", (100, 100), 255)
    draw_png(ImageDraw.Draw(image), (Circle(10, 30, 5, fill="black"),), scale=2.0, height=50)
    assert (
        image.getpixel((20, 40)) == 0 and image.getpixel((20, 60)) == 255
    )  # (10, 30) -> (20, (50 - 30) * 2)


def test_flatten_follows_curves_closely():
    quarter = [MoveTo(1, 0), CurveTo(1, 0.5523, 0.5523, 1, 0, 1)]
    ((pts, closed),) = flatten(quarter, 0.01)
    assert not closed and len(pts) > 50
    assert all(abs((x * x + y * y) ** 0.5 - 1) < 0.001 for x, y in pts)


def test_shapes_refuse_to_be_invisible():
    with pytest.raises(ValueError):
        Path((MoveTo(0, 0), LineTo(1, 1)))
    with pytest.raises(ValueError):
        Path((LineTo(1, 1),), fill="black")
    with pytest.raises(ValueError):
        Circle(0, 0, 1, stroke="black")


def area(shape):
    """The area a filled shape covers, in its units: a circle's, or its flattened outline's (shoelace)."""
    if isinstance(shape, Circle):
        return math.pi * shape.r**2
    total = 0.0
    for pts, _closed in flatten(shape.commands, 0.002):
        total += (
            abs(sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(pts, pts[1:] + pts[:1], strict=True))) / 2
        )
    return total


@pytest.mark.parametrize("name", NAMES)
def test_every_picture_is_an_outline_drawing_to_colour(name):
    """White shapes in a black outline, white covers that hide lines behind, and black only in small
    details (an eye, a nose): no silhouette, no white line drawn over black."""
    outlined = 0
    for shape in PICTURES[name].shapes:
        if shape.stroke is not None:
            assert shape.stroke == "black" and shape.fill in (None, "white"), shape
            outlined += shape.fill == "white"
        elif shape.fill == "black":
            assert area(shape) <= BLACK_AREA, f"{name}: a black area of {area(shape):.4f} of the box"
    assert outlined >= 1  # something to colour in
    black = sum(area(s) for s in PICTURES[name].shapes if s.fill == "black" and s.stroke is None)
    assert black <= 3 * BLACK_AREA  # two eyes and a nose at most


@pytest.mark.parametrize("size", [90.0, 0.6 * 72, MIN_SIZE])
def test_pictures_read_back_from_a_pdf_as_outlines_of_one_weight_inside_their_squares(size):
    """Drawn at 1.25 in, 0.6 in and the smallest size, each picture (and its mirror) reads back from the
    PDF as every one of its shapes inside its square, every line black at the one weight, and black
    filled only in small details."""
    gap = 20.0
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(2 * (size + gap), len(NAMES) * (size + gap)), invariant=1)
    squares = []
    for i, name in enumerate(NAMES):
        for j, mirror in enumerate((False, True)):
            x, y = j * (size + gap) + gap / 2, i * (size + gap) + gap / 2
            draw_pdf(canvas, placed(PICTURES[name], x, y, size, mirror))
            squares.append((name, x, y))
    canvas.showPage()
    canvas.save()
    shapes = Document(PdfReader(io.BytesIO(buffer.getvalue()))).page(0).shapes
    weight = line_width(WEIGHT, size)
    assert weight >= MIN_LINE and (size < 90 or 1.5 <= weight <= 2.0)
    found = 0
    for name, x, y in squares:
        inside = [s for s in shapes if x - 0.01 <= s.x0 and s.x1 <= x + size + 0.01 and y - 0.01 <= s.y0]
        inside = [s for s in inside if s.y1 <= y + size + 0.01]
        assert len(inside) == len(PICTURES[name].shapes), name  # each shape in its square, none outside
        found += len(inside)
        for s in inside:
            if s.stroke:
                assert s.linewidth == pytest.approx(weight, abs=1e-3) and s.stroke_color == (0.0,), (name, s)
                assert not s.fill or s.fill_color == (1.0,), (name, s)
            elif s.fill_color == (0.0,):  # its box: at most 4/pi of a disc's area, more for a tilted oval
                assert (s.x1 - s.x0) * (s.y1 - s.y0) <= 2 * BLACK_AREA * size * size, (name, s)
    assert found == len(shapes)


@pytest.mark.parametrize("pair", sorted(PAIRS))
def test_a_book_prints_both_pictures_as_outlines_the_same_each_build(tmp_path, monkeypatch, pair):
    """Read back from the built book: on every maze page both pictures are all there inside their
    squares, their lines black at the one weight for their size, white inside, black only in small
    details; and the same spec builds the same bytes."""
    from puzzlebook.build import build_book
    from puzzlebook.render import pdf

    drawn = []  # (page number, name, x, y, size) of each picture the first build draws

    def recorded_place(picture, x, y, size, mirror=False):
        drawn.append([None, picture.name, x, y, size])
        return placed(picture, x, y, size, mirror)

    def recorded_draw(canvas, shapes):
        drawn[-1][0] = canvas.getPageNumber()
        return draw_pdf(canvas, shapes)

    monkeypatch.setattr(pdf, "placed", recorded_place)
    monkeypatch.setattr(pdf, "draw_pictures", recorded_draw)
    spec = tmp_path / "book.yaml"
    spec.write_text(
        f"title: T\nmarks: suggested\npictures: {pair}\nseed: 5\n"
        "mazes:\n  - {size: 8x10, count: 2}\n  - {size: 14x10, marks: top-bottom}\n"
        "  - {size: 12x16, marks: left-right}\n"  # a picture beside its arrow, not above it
    )
    first = build_book(spec, tmp_path / "first.pdf")[0]
    pictures = list(drawn)
    build_book(spec, tmp_path / "second.pdf")
    assert (tmp_path / "first.pdf").read_bytes() == (tmp_path / "second.pdf").read_bytes()
    assert pictures and all(page is not None for page, *_ in pictures)

    start, end = PAIRS[pair]
    by_page = {}
    for page, name, *_ in pictures:
        by_page.setdefault(page, []).append(name)
    assert len(by_page) == 4 and all(sorted(names) == sorted([start, end]) for names in by_page.values())
    document = Document(PdfReader(first))
    for page, name, x, y, size in pictures:
        shapes = document.page(page - 1).shapes
        inside = [
            s
            for s in shapes
            if x - 0.01 <= s.x0 and s.x1 <= x + size + 0.01 and y - 0.01 <= s.y0 and s.y1 <= y + size + 0.01
        ]
        assert len(inside) == len(PICTURES[name].shapes), (page, name)  # all of it, and only it, inside
        for s in inside:
            if s.stroke:
                assert s.linewidth == pytest.approx(line_width(WEIGHT, size), abs=1e-3), (page, name, s)
                assert s.stroke_color == (0.0,) and (not s.fill or s.fill_color == (1.0,)), (page, name, s)
            elif s.fill_color == (0.0,):
                assert (s.x1 - s.x0) * (s.y1 - s.y0) <= 2 * BLACK_AREA * size * size, (page, name, s)
    # and each stands clear of its arrow: its ink (a line's half width past its path) 4 pt or more from
    # every arrow on the page; the mouse's whiskers touched the arrow's tail, its box 2 pt from it
    for page, name, x, y, size in pictures:
        shapes = document.page(page - 1).shapes
        boxes = [(px, py, px + s, py + s) for p, _, px, py, s in pictures if p == page]

        def within(s, box):
            return (
                box[0] - 0.01 <= s.x0
                and s.x1 <= box[2] + 0.01
                and box[1] - 0.01 <= s.y0
                and s.y1 <= box[3] + 0.01
            )

        reach = [  # each shape's ink: its path's box and half its line's width
            (s.x0 - w, s.y0 - w, s.x1 + w, s.y1 + w)
            for s in shapes
            if within(s, (x, y, x + size, y + size))
            for w in [s.linewidth / 2 if s.stroke else 0.0]
        ]
        x0, y0 = min(r[0] for r in reach), min(r[1] for r in reach)
        x1, y1 = max(r[2] for r in reach), max(r[3] for r in reach)
        arrows = [
            s
            for s in shapes
            if s.fill
            and not s.stroke
            and s.fill_color == (0.0,)
            and not any(within(s, b) for b in boxes)
            and (s.x1 - s.x0) * (s.y1 - s.y0) < size * size  # an arrow, not a page's ink
        ]
        assert arrows, page
        gap = min(math.hypot(max(a.x0 - x1, 0.0, x0 - a.x1), max(a.y0 - y1, 0.0, y0 - a.y1)) for a in arrows)
        assert gap >= 4, (page, name, gap)


def test_start_and_finish_under_their_pictures_print_at_one_size(tmp_path):
    """Each word under a picture was shrunk to its own width there: a page printed Start at 11.3 pt and
    Finish at 9.4. Both now take the size the wider fits, so a page's two words print alike."""
    spec = tmp_path / "book.yaml"
    spec.write_text(
        "title: T\npage_size: 6x9in\nmarks: suggested\npictures: mouse-cheese\n"
        "mazes:\n  - {size: 10x14, count: 2}\n  - {shape: heart, size: 14x14}\n  - {shape: star, size: 16x16}\n"
    )
    out = tmp_path / "book.pdf"
    result = invoke(["build", str(spec), "-o", str(out)])
    assert result.exit_code == 0, result.stderr
    pages = 0
    with pdfplumber.open(out) as pdf:
        for page in pdf.pages:
            sizes = {
                w["text"]: round(w["size"], 2)
                for w in page.extract_words(extra_attrs=["size"])
                if w["text"] in ("Start", "Finish")
            }
            if len(sizes) == 2 and "Answer" not in (page.extract_text() or ""):
                pages += 1
                assert sizes["Start"] == sizes["Finish"] >= 7, (page.page_number, sizes)
    assert pages >= 3, pages  # the mazes' pages, each with both words


def test_shapes_keep_their_pictures_as_large_as_a_plain_mazes(tmp_path):
    """A 6 x 9 in book kept room for a shape's pictures on all four sides: its mouse and cheese came out
    under half an inch (an inch beside its plain mazes), its words smaller, the maze 2.9 in tall on a 9
    in page (a self-publisher). A shape's ends now go on one axis as a plain maze's do, each where its
    picture has room: every built-in shape keeps both pictures, near the plain maze's size."""
    from puzzlebook.build import check_book, generate, targets, write_books
    from puzzlebook.layout import MazeFrame
    from puzzlebook.shapes import SHAPES

    spec = tmp_path / "book.yaml"
    entries = "".join(f"  - {{shape: {name}, size: 16x16}}\n" for name in SHAPES)
    spec.write_text(
        "title: T\npage_size: 6x9in\npictures: mouse-cheese\nmarks: suggested\nseed: 3\nmazes:\n"
        "  - {size: 10x14}\n" + entries
    )
    left_out: dict[int, set[tuple[str, str]]] = {}
    checked = check_book(spec)
    checked, puzzles = generate(checked)
    write_books(checked, targets(checked, None), puzzles, left_out=left_out)
    assert not left_out, left_out  # every picture and word drawn
    frames = {
        item.number: item
        for page in checked.plan.pages
        for item in page.items
        if isinstance(item, MazeFrame) and not item.answer
    }
    plain = frames[1].picture
    assert plain >= 56, plain  # most of an inch, under a heading that keeps 0.7 em of paper below it
    for number, frame in frames.items():
        assert frame.picture >= 0.8 * plain, (number, frame.picture, plain)
        assert frame.axis in ("left-right", "top-bottom"), (number, frame.axis)


def test_pictures_too_small_to_colour_are_told(tmp_path):
    """An age-4 book on 6 x 9 in drew its rabbit and carrot in half-inch boxes, the maze taking the
    page: a grandmother found them too small to colour, and nothing had said so. A note names their
    size, and the larger page it names leaves them large enough to say nothing."""
    spec = tmp_path / "book.yaml"
    text = (
        "title: T\nlayout: activity-book\npage_size: 6x9in\ndifficulty: age-4\npictures: rabbit-carrot\n"
        "marks: suggested\nmazes:\n  - {count: 2}\n"
    )
    told = _too_small(spec, text)
    # said of the mazes whose pictures are small, where the spec asks for them
    assert len(told) == 1 and told[0].startswith(
        "note: book.yaml:8: mazes[0]: mazes 1, 2 have pictures drawn "
    ), told
    assert "colour in, where the maze takes the page (1.25 in where it leaves room): " in told[0]
    assert "a larger page_size or smaller mazes leaves them more" in told[0]  # one a page already
    assert not _too_small(spec, text.replace("6x9in", "letter"))


def _too_small(spec, text):
    """The lines ``validate`` tells of pictures too small to colour, of the spec ``text`` written to
    ``spec``; it passes."""
    spec.write_text(text)
    result = invoke(["validate", str(spec)])
    assert result.exit_code == 0, result.stderr
    return [line for line in result.stderr.splitlines() if "too small to colour" in line]


def test_pictures_held_small_by_one_maze_are_told_at_that_maze(tmp_path):
    """A book's pictures are one size, the least any maze allows: a wide star of triangles on a 6 x 9 in
    age-8 book held every maze's to 0.42 in, and each maze was told, at its own line, to be smaller
    (a newcomer's trial). One note, at the entry of the maze that holds them, names it; without that
    maze no picture is too small, and on the larger page the note names, none is."""
    spec = tmp_path / "book.yaml"
    text = (
        "title: T\npage_size: 6x9in\ndifficulty: age-8\nmarks: suggested\npictures: mouse-cheese\nmazes:\n"
        "  - {grid: hex, shape: heart}\n  - {shape: cat}\n  - {grid: triangle, shape: star}\n"
        "  - {shape: fish}\n"
    )
    told = _too_small(spec, text)
    assert len(told) == 1 and told[0].startswith("note: book.yaml:9: mazes[2]: mazes 1-4 have pictures"), told
    assert "one size, and maze 3's page takes none larger" in told[0] and "another maze 3" in told[0]
    for fixed in (text.replace("  - {grid: triangle, shape: star}\n", ""), text.replace("6x9in", "letter")):
        assert not _too_small(spec, fixed)


def test_a_books_pictures_print_at_one_size_on_every_page(tmp_path, monkeypatch):
    """Each maze's pictures were as large as its own page allowed: in the kids' sample the mouse was
    0.85 in over its square mazes and 0.6 in over its taller ones, a different mouse every few pages. A
    book's pictures now print at one size, the least any of its mazes allows (its words, below them,
    were already one size), recorded as each is drawn."""
    from puzzlebook.build import build_book
    from puzzlebook.render import pdf

    sizes: list[float] = []

    def recorded_place(picture, x, y, size, mirror=False):
        sizes.append(size)
        return placed(picture, x, y, size, mirror)

    monkeypatch.setattr(pdf, "placed", recorded_place)
    spec = tmp_path / "book.yaml"
    spec.write_text(
        "title: T\nmarks: suggested\npictures: mouse-cheese\nanswer_key: false\nseed: 5\nmazes:\n"
        "  - {size: 6x6, count: 2}\n  - {size: 8x10, count: 2}\n  - {size: 10x14}\n  - {size: 14x10}\n"
    )
    build_book(spec, tmp_path / "book.pdf")
    assert len(sizes) == 12 and max(sizes) - min(sizes) < 0.01, sizes
    # a name's page too: its rabbit was 1.14 in tall beside 0.64 in on the other pages (a newcomer's
    # trial), its words sized apart as ever
    sizes.clear()
    spec.write_text(
        "title: T\nmarks: suggested\ndifficulty: age-6\npictures: rabbit-carrot\nanswer_key: false\nmazes:\n"
        "  - {shape: {text: Mia}}\n  - {shape: heart}\n  - {grid: circle}\n  - {count: 2}\n"
    )
    build_book(spec, tmp_path / "book.pdf")
    assert len(sizes) == 10 and max(sizes) - min(sizes) < 0.01, sizes
