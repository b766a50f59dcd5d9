import io
import json
import xml.etree.ElementTree as ET

import jsonschema
import pdfplumber
import pytest
import yaml
from clirun import invoke
from mazecheck import E, S
from pdfcheck import page_texts
from PIL import Image, ImageChops, ImageDraw
from pypdf import PdfReader
from test_build import SAMPLES

from puzzlebook.exports import TextFormat, export
from puzzlebook.grid import W
from puzzlebook.puzzles import make_puzzle
from puzzlebook.render.png import maze_png
from puzzlebook.render.svg import maze_svg
from puzzlebook.spec.model import json_schema

SVG = "{http://www.w3.org/2000/svg}"


def test_svg_is_well_formed_with_walls_arrows_and_solution():
    puzzle = make_puzzle("wilson", 9, 7, seed=4, marks="suggested")
    root = ET.fromstring(maze_svg(puzzle, show_solution=True))
    assert root.tag == f"{SVG}svg"
    assert len(root.findall(f"{SVG}path")) == 1  # every wall in one path
    assert len(root.findall(f"{SVG}polygon")) == 2  # start and finish arrows
    assert len(root.findall(f"{SVG}polyline")) == 1
    assert {t.text for t in root.findall(f"{SVG}text")} == {"Start", "Finish"}
    plain = ET.fromstring(maze_svg(make_puzzle("wilson", 9, 7, seed=4)))
    assert not plain.findall(f"{SVG}polygon") and not plain.findall(f"{SVG}polyline")


def test_a_round_mazes_centre_start_is_its_badge_in_every_format():
    """A round maze's start in its centre printed a badge in a PDF, Start or its S white in a black disc,
    and a bare dot in SVG and PNG (a newcomer's trial): every format prints the badge now, its word
    where the disc spells it."""
    small = make_puzzle("wilson", 10, 10, seed=2, marks="center-out", grid="circle")
    root = ET.fromstring(maze_svg(small))
    (disc,) = root.findall(f"{SVG}circle")
    (letter,) = [t for t in root.findall(f"{SVG}text") if t.get("fill") == "white"]
    assert letter.text == "S" and disc.get("fill") == "black"
    assert float(disc.get("r", "")) > 1.5 * 0.32 * 18  # a badge, larger than the dot in its cell
    near = (float(letter.get("x", "")) - float(disc.get("cx", ""))) ** 2
    assert near < 0.01 and abs(float(letter.get("y", "")) - float(disc.get("cy", ""))) < float(
        disc.get("r", "")
    )
    wide = ET.fromstring(maze_svg(small, cell=60))  # cells large enough to spell it
    assert [t.text for t in wide.findall(f"{SVG}text") if t.get("fill") == "white"] == ["Start"]
    picture = Image.open(io.BytesIO(maze_png(small))).convert("L")
    middle = picture.crop(
        (picture.width // 2 - 20, picture.height // 2 - 20, picture.width // 2 + 20, picture.height // 2 + 20)
    )
    values = middle.tobytes()  # one byte a pixel, 0 black
    dark, light = sum(v < 64 for v in values), sum(v > 192 for v in values)
    assert dark > 400 and light > 40, (dark, light)  # the disc, and its white letter in it


def test_an_svg_answer_runs_on_to_arrows_kept_off_a_zigzag():
    """The answer line runs on from its opening to an arrow moved off a honeycomb's notch
    (``Mark.lead``): each such line starts where the answer's polyline ends, and not on the maze
    drawn without its answer."""
    from puzzlebook.shapes import shape_mask

    mask, _ = shape_mask("hexagon", 18, 18, "", "hex")
    runs = 0
    for seed in range(6):
        puzzle = make_puzzle("wilson", 18, 18, seed=seed, marks="suggested", masked=mask.off, grid="hex")
        root = ET.fromstring(maze_svg(puzzle, show_solution=True))
        (polyline,) = root.findall(f"{SVG}polyline")
        points = polyline.get("points", "").split()
        ends = {tuple(map(float, p.split(","))) for p in (points[0], points[-1])}
        for line in root.findall(f"{SVG}line"):
            runs += 1
            assert (float(line.get("x1", "")), float(line.get("y1", ""))) in ends
        assert not ET.fromstring(maze_svg(puzzle)).findall(f"{SVG}line")
    assert runs >= 3, runs


def test_png_reads_back_as_the_same_maze():
    puzzle = make_puzzle("kruskal", 11, 8, seed=2)
    cell = 20  # a quarter inch at 80 dpi
    image = Image.open(io.BytesIO(maze_png(puzzle, dpi=80)))
    assert image.format == "PNG" and image.mode == "L"
    assert tuple(round(d) for d in image.info["dpi"]) == (80, 80)
    room = (image.width - 11 * cell) // 2
    rows = puzzle.maze.rows()
    for y in range(8):
        for x in range(11):
            cx, cy = room + x * cell + cell // 2, room + y * cell + cell // 2
            if x < 10:  # the middle of the east wall of (x, y)
                assert (image.getpixel((cx + cell // 2, cy)) < 128) == (not rows[y][x] & E)
            if y < 7:
                assert (image.getpixel((cx, cy + cell // 2)) < 128) == (not rows[y][x] & S)


@pytest.mark.parametrize(
    ("algorithm", "size", "dpi", "marks"),
    [
        ("wilson", (13, 9), 19, "suggested"),
        ("kruskal", (1, 7), 23, "none"),
        ("prim", (20, 20), 41, "corners"),
    ],
)
def test_a_large_pictures_fast_walls_are_the_pixels_pillow_draws(monkeypatch, algorithm, size, dpi, marks):
    """Big pictures are drawn as a small picture of the grid stretched by Pillow, column by column and
    row by row; they must be exactly the rectangles Pillow draws run by run, at odd resolutions where
    cells fall between pixels, with cells left out (a mask's edges are walls too)."""
    from puzzlebook.geometry import gaps
    from puzzlebook.render import png
    from puzzlebook.walls import wall_runs

    puzzle = make_puzzle(algorithm, *size, seed=11, marks=marks)
    monkeypatch.setattr(png, "LEAN", 0)  # draw even this small picture the fast way
    monkeypatch.setattr(png, "marks", lambda *args: [])  # walls alone, openings still cut
    fast = Image.open(io.BytesIO(maze_png(puzzle, dpi=dpi)))
    assert fast.mode == "1"
    fast = fast.convert("L")
    scale, room = dpi / 72, png.SIZES.room
    wall = max(1, round(1.5 * scale))
    half = wall // 2
    expected = Image.new("L", fast.size, 255)
    draw = ImageDraw.Draw(expected)
    for x0, y0, x1, y1 in wall_runs(puzzle.maze, gaps(puzzle)):
        a, b = (room + x0 * png.CELL) * scale, (room + y0 * png.CELL) * scale
        c, d = (room + x1 * png.CELL) * scale, (room + y1 * png.CELL) * scale
        draw.rectangle((a - half, b - half, c + wall - 1 - half, d + wall - 1 - half), fill=0)
    assert ImageChops.difference(fast, expected).getbbox() is None


@pytest.mark.parametrize(
    ("algorithm", "size", "dpi", "masked"),
    [
        ("hunt-and-kill", (17, 12), 29, frozenset({(0, 0), (5, 5), (5, 6), (6, 5), (16, 11)})),
        ("recursive-backtracker", (9, 14), 72, frozenset({(x, 7) for x in range(3, 9)})),
    ],
)
def test_a_large_masked_picture_is_the_one_pillow_draws(monkeypatch, algorithm, size, dpi, masked):
    """A maze with cells left out (a mask's edges are walls, its outline drawn over them) drawn the fast
    way is the picture drawn run by run with Pillow, pixel for pixel."""
    from puzzlebook.render import png

    puzzle = make_puzzle(algorithm, *size, seed=11, masked=masked)
    monkeypatch.setattr(png, "marks", lambda *args: [])  # walls alone, openings still cut
    monkeypatch.setattr(png, "LEAN", 0)
    fast = Image.open(io.BytesIO(maze_png(puzzle, dpi=dpi)))
    monkeypatch.setattr(png, "LEAN", 10**12)
    drawn = Image.open(io.BytesIO(maze_png(puzzle, dpi=dpi)))
    assert (fast.mode, drawn.mode) == ("1", "L")
    assert ImageChops.difference(fast.convert("L"), drawn).getbbox() is None
    assert drawn.getextrema() == (0, 255)  # something was drawn


def test_png_carries_the_start_and_finish_words_like_the_svg(monkeypatch):
    from puzzlebook.layout import signs
    from puzzlebook.render import png

    marked = make_puzzle("kruskal", 11, 8, seed=2, marks="suggested")
    plain = make_puzzle("kruskal", 11, 8, seed=2)
    with_words = Image.open(io.BytesIO(maze_png(marked, dpi=144)))
    without = Image.open(io.BytesIO(maze_png(plain, dpi=144)))
    assert marked.sides == (W, E)  # this maze runs left to right
    room = 36 * 2  # points of room around the maze, at 2 pixels a point
    # the words sit in the room left of the maze, beside the arrow: ink there, none without marks
    left = (0, 0, room - 6, with_words.height)
    assert with_words.crop(left).getextrema()[0] < 128
    assert without.crop(left).getextrema() == (255, 255)
    ink = with_words.crop(left).point(lambda v: 255 if v < 128 else 0).histogram()[255]
    # the same picture with the arrows alone: the word is the ink more (Start at the 7-8 pt its room
    # beside Finish takes inks some 200 pixels at 144 dpi)
    monkeypatch.setattr(png, "marks", lambda *args: signs.marks(*args, words=("", "")))
    arrows = Image.open(io.BytesIO(maze_png(marked, dpi=144)))
    arrow_only = arrows.crop(left).point(lambda v: 255 if v < 128 else 0).histogram()[255]
    assert arrow_only > 0 and ink > arrow_only + 100, (ink, arrow_only)  # more than an arrow: a word


def test_pdf_export_is_one_page_with_the_maze():
    puzzle = make_puzzle("eller", 14, 10, seed=8, marks="suggested")
    data = export(puzzle, TextFormat.pdf, solution=True)
    reader = PdfReader(io.BytesIO(data))
    assert len(reader.pages) == 1
    assert "eller" in reader.metadata.title and "seed 8" in reader.metadata.title


def test_a_wide_maze_gets_a_landscape_page_and_a_tall_one_a_portrait_page():
    for (w, h), page in (((40, 12), (792, 612)), ((12, 40), (612, 792)), ((10, 10), (612, 792))):
        reader = PdfReader(io.BytesIO(export(make_puzzle("prim", w, h, seed=1), TextFormat.pdf, False)))
        assert tuple(reader.pages[0].mediabox[2:]) == page
        assert reader.metadata.subject == "1 maze"


def test_cli_exports_each_format(tmp_path):
    for fmt, magic in (("pdf", b"%PDF-"), ("png", b"\x89PNG"), ("svg", b"<svg")):
        out = tmp_path / f"m.{fmt}"
        result = invoke(["maze", "-a", "prim", "-s", "8x8", "--seed", "1", "-f", fmt, "-o", str(out)])
        assert result.exit_code == 0, result.output
        assert out.read_bytes().startswith(magic)


def test_the_format_comes_from_the_file_name_and_must_agree_with_format(tmp_path):
    for fmt, magic in (
        ("pdf", b"%PDF-"),
        ("png", b"\x89PNG"),
        ("svg", b"<svg"),
        ("json", b"{"),
        ("txt", b"+--"),
    ):
        out = tmp_path / f"guess.{fmt}"
        result = invoke(["maze", "-a", "prim", "-s", "8x8", "--seed", "1", "-o", str(out)])
        assert result.exit_code == 0, result.output
        assert out.read_bytes().startswith(magic), fmt
    result = invoke(["maze", "-a", "prim", "-s", "8x8", "-f", "png", "-o", str(tmp_path / "x.pdf")])
    assert result.exit_code == 2
    assert result.stderr.startswith("error: --format: png, but the file name")
    assert not (tmp_path / "x.pdf").exists()


def test_solution_without_marks_marks_the_suggested_ends():
    result = invoke(["maze", "-a", "prim", "-s", "8x6", "--seed", "3", "--solution", "-f", "json"])
    doc = json.loads(result.stdout)
    assert doc["solution"] and doc["openings"] in (["W", "E"], ["N", "S"])
    text = invoke(["maze", "-a", "prim", "-s", "8x6", "--seed", "3", "--solution"]).stdout
    assert "()" in text and "S " in text and "E " in text


def test_init_writes_a_spec_that_builds_and_matches_the_schema(tmp_path):
    spec = tmp_path / "book.yaml"
    result = invoke(["init", str(spec)])
    assert result.exit_code == 0, result.output
    text = spec.read_text()
    assert text.startswith("# yaml-language-server: $schema=./puzzlebook-schema.json")
    from puzzlebook.layout import preset_names

    (layout_line,) = [line for line in text.splitlines() if line.startswith("layout:")]
    assert all(name in layout_line for name in preset_names())  # every preset the comment offers
    schema = json.loads((tmp_path / "puzzlebook-schema.json").read_text())
    jsonschema.validate(yaml.safe_load(text), schema)
    built = invoke(["build", str(spec)])
    assert built.exit_code == 0, built.output
    assert "My Maze Book" in page_texts(tmp_path / "book.pdf")[0]
    # and is ready for print-on-demand as it is: it failed `check` (15 pages) until it had notes pages
    checked = invoke(["check", str(spec)])
    assert checked.exit_code == 0 and "ready for print" in checked.stdout, checked.output
    again = invoke(["init", str(spec)])
    assert again.exit_code == 2 and "already exists" in again.stderr


def test_schema_accepts_every_sample_and_rejects_mistakes():
    schema = json_schema()
    for sample in SAMPLES.glob("*.yaml"):
        jsonschema.validate(yaml.safe_load(sample.read_text()), schema)
    for bad in (
        {"title": "x"},
        {"title": "x", "mazes": [{"size": "20 by 30"}]},
        {"title": "x", "mazes": [], "x": 1},
    ):
        try:
            jsonschema.validate(bad, schema)
        except jsonschema.ValidationError:
            continue
        raise AssertionError(f"schema accepted {bad}")
    printed = invoke(["schema"])
    assert json.loads(printed.stdout) == schema


def test_layouts_lists_every_preset_with_its_description():
    out = invoke(["layouts"]).stdout
    for name in ("activity-book", "activity-book-a4", "handout", "poster", "square-poster"):
        assert name in out
    assert "Name/Date/Class" in out


def test_the_answer_line_has_one_width_and_ink_in_every_format():
    """The layout decides the answer line's width from the cell and the walls; PDF and SVG draw exactly
    that, black over walls in a mid gray, and heavier than the walls, so it stands out in black and white
    (it was a dark gray line about as heavy as black walls)."""
    from puzzlebook.layout import MazeFrame, plan_single, solution_width
    from puzzlebook.pdfread import read
    from puzzlebook.spec.request import MazeRequest

    puzzle = make_puzzle("wilson", 9, 7, seed=4, marks="suggested")
    root = ET.fromstring(maze_svg(puzzle, show_solution=True))
    line, walls = root.find(f"{SVG}polyline"), root.find(f"{SVG}path")
    assert float(line.get("stroke-width")) == solution_width(18.0, 1.5) > float(walls.get("stroke-width"))
    assert line.get("stroke") == "black" and walls.get("stroke") == "#8c8c8c"
    plain = ET.fromstring(maze_svg(puzzle)).find(f"{SVG}path")
    assert plain.get("stroke") == "black"  # without the answer, the walls stay black
    for cells in ((9, 7), (40, 30)):  # big cells and small ones: the width follows the cell
        puzzle = make_puzzle("wilson", *cells, seed=4, marks="suggested")
        plan = plan_single(MazeRequest(1, 0, "", *cells, "wilson", {}, 4, None, "suggested"), answer=True)
        frame = next(i for p in plan.pages for i in p.items if isinstance(i, MazeFrame))
        page = next(read(export(puzzle, TextFormat.pdf, True, 72)))
        black = [s for s in page.shapes if s.stroke and s.stroke_color == (0.0,)]
        gray = [s for s in page.shapes if s.stroke and s.stroke_color != (0.0,)]
        width = solution_width(frame.cell, frame.wall, frame.mark)
        assert black and {round(s.linewidth, 3) for s in black} == {round(width, 3)}
        assert gray and {s.stroke_color for s in gray} == {(0.55,)}
        assert min(s.linewidth for s in black) > max(s.linewidth for s in gray)


def test_a_png_answer_draws_gray_walls_under_a_black_line():
    """The PNG shares the answer's inks: the walls a mid gray, the line black over them."""
    puzzle = make_puzzle("wilson", 6, 5, seed=4, marks="suggested")
    image = Image.open(io.BytesIO(maze_png(puzzle, 72, show_solution=True))).convert("L")
    counts = {level: n for n, level in image.getcolors(256)}
    assert counts.get(0, 0) > 100 and counts.get(round(0.55 * 255), 0) > 100
    plain = Image.open(io.BytesIO(maze_png(puzzle, 72))).convert("L")
    assert round(0.55 * 255) not in {level for _, level in plain.getcolors(256)}


def _cells_from_text(text: str, width: int, height: int) -> list[list[int]]:
    """The bitmasks read back from ``+--+`` art alone: a gap in a cell's right or lower wall is a
    passage, told to the cell on each side (the outer wall's gaps are the ends, not passages)."""
    lines = text.splitlines()
    assert len(lines) == 2 * height + 1 and all(len(line) == 3 * width + 1 for line in lines)
    cells = [[0] * width for _ in range(height)]
    for y in range(height):
        for x in range(width):
            if x + 1 < width and lines[2 * y + 1][3 * x + 3] == " ":
                cells[y][x] |= E
                cells[y][x + 1] |= W
            if y + 1 < height and lines[2 * y + 2][3 * x + 1 : 3 * x + 3] == "  ":
                cells[y][x] |= S
                cells[y + 1][x] |= 1  # N
    return cells


@pytest.mark.parametrize("fmt", [TextFormat.txt, TextFormat.json, TextFormat.svg])
def test_a_big_maze_is_written_in_pieces_that_rebuild_it(fmt):
    """Text, JSON and SVG of a big maze come a few rows at a time (memory stays flat however big the
    maze), and what they say rebuilds the maze: the JSON's bitmasks are a perfect maze whose solution
    is its shortest path, and the text's walls, read back alone, are those bitmasks."""
    from mazecheck import problems, shortest_path

    from puzzlebook.exports import export_chunks

    puzzle = make_puzzle("hunt-and-kill", 300, 200, 7, marks="suggested")
    chunks = list(export_chunks(puzzle, fmt, True))
    whole = b"".join(chunks)
    assert len(chunks) > 4 and max(map(len, chunks)) < len(whole) / 3  # pieces, none near the whole
    assert whole == export(puzzle, fmt, True)
    doc = json.loads(export(puzzle, TextFormat.json, True))
    if fmt is TextFormat.json:
        assert problems(doc["cells"]) == []
        ends = tuple(doc["start"]), tuple(doc["end"])
        assert [tuple(c) for c in doc["solution"]] == shortest_path(doc["cells"], *ends)
    elif fmt is TextFormat.txt:
        assert _cells_from_text(whole.decode(), 300, 200) == doc["cells"]
    else:
        root = ET.fromstring(whole)
        assert len(root.findall(f"{SVG}path")) == 1 and len(root.findall(f"{SVG}polyline")) == 1


def test_one_maze_pdf_reads_only_the_font_it_prints() -> None:
    """A page of one maze prints its caption in bold alone: the regular font's file is never read."""
    import subprocess
    import sys

    code = (
        "from reportlab.pdfbase import pdfmetrics\n"
        "from puzzlebook.exports import TextFormat, export\n"
        "from puzzlebook.puzzles import make_puzzle\n"
        "pdf = export(make_puzzle('hunt-and-kill', 9, 9, 1, {}, 'suggested'), TextFormat.pdf, False)\n"
        "print(pdf[:5].decode(), sorted(n for n in pdfmetrics.getRegisteredFontNames() if 'DejaVu' in n))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["%PDF-", "['DejaVuSans-Bold']"]


@pytest.mark.parametrize("grid", ["rectangle", "hex", "triangle", "octagon"])
def test_a_one_maze_pdf_prints_its_start_and_finish_and_no_maze_number(tmp_path, grid):
    """`maze -o x.pdf` made its maze before its page was planned: ends anywhere on the field, where the
    page kept room for their words above and below only, so half the octagon mazes printed their arrows
    alone, and every page was headed "Maze 1". Its ends are now made on the axis the page planned, as a
    book's are, and a page of one maze has no number over it: read back from each file."""
    for seed in range(1, 9):
        out = tmp_path / f"{grid}-{seed}.pdf"
        args = ["maze", "-a", "prim", "-s", "15x19", "--grid", grid, "--marks", "suggested"]
        result = invoke([*args, "--seed", str(seed), "-o", str(out)])
        assert result.exit_code == 0, result.stderr
        with pdfplumber.open(out) as pdf:
            words = [w["text"] for w in pdf.pages[0].extract_words()]
        assert sorted(words) == ["Finish", "Start"], (grid, seed, words)


def test_a_one_maze_solution_pdf_is_headed_solution_not_maze_1(tmp_path):
    """`maze --solution -o x.pdf` planned its page as a book's answer, headed "Maze 1" (a number from no
    book): it is headed "Solution", read back from the file, on every grid."""
    for grid, size in (("rectangle", "12x12"), ("hex", "10x8"), ("circle", "6")):
        out = tmp_path / f"{grid}.pdf"
        result = invoke(["maze", "-s", size, "--grid", grid, "--seed", "3", "--solution", "-o", str(out)])
        assert result.exit_code == 0, result.stderr
        with pdfplumber.open(out) as pdf:
            words = [w["text"] for w in pdf.pages[0].extract_words()]
        assert words[0] == "Solution", (grid, words)
        assert "Maze" not in words, (grid, words)


def test_a_maze_and_its_solution_printed_apart_have_the_same_ends(tmp_path, monkeypatch):
    """A one-maze PDF's ends are made on the axis its page plans; with `--solution` that page is an
    answer's, which may plan another axis, so a maze and its solution printed apart (the same seed)
    had their Start and Finish on different sides. Both are made on the maze page's axis: the ends each
    puzzle is made with, recorded."""
    from puzzlebook import puzzles

    made: list[tuple[int, int]] = []
    real = puzzles.make_puzzle

    def recorded(*args, **kwargs):
        puzzle = real(*args, **kwargs)
        made.append((puzzle.start, puzzle.end))
        return puzzle

    monkeypatch.setattr(puzzles, "make_puzzle", recorded)
    for grid, size in (("rectangle", "20x20"), ("octagon", "15x19"), ("hex", "18x14")):
        for seed in (1, 2, 3):
            args = ["maze", "-a", "wilson", "-s", size, "--grid", grid, "--seed", str(seed), "-f", "pdf"]
            for more in ([], ["--solution"]):
                out = tmp_path / f"m{len(made)}.pdf"
                result = invoke([*args, "--marks", "suggested", *more, "-o", str(out)])
                assert result.exit_code == 0, result.stderr
            assert made[-1] == made[-2], (grid, seed)
