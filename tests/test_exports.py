import io
import json
import xml.etree.ElementTree as ET

import jsonschema
import yaml
from mazecheck import E, S
from pdfcheck import page_texts
from PIL import Image
from pypdf import PdfReader
from test_build import SAMPLES
from typer.testing import CliRunner

from puzzlebook.cli import TextFormat, app, export
from puzzlebook.puzzles import make_puzzle
from puzzlebook.render.png import maze_png
from puzzlebook.render.svg import maze_svg
from puzzlebook.spec import json_schema

runner = CliRunner()
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


def test_png_reads_back_as_the_same_maze():
    puzzle = make_puzzle("kruskal", 11, 8, seed=2)
    cell = 20
    image = Image.open(io.BytesIO(maze_png(puzzle, cell=cell)))
    assert image.format == "PNG" and image.mode == "L"
    room = (image.width - 11 * cell) // 2
    rows = puzzle.maze.rows()
    for y in range(8):
        for x in range(11):
            cx, cy = room + x * cell + cell // 2, room + y * cell + cell // 2
            if x < 10:  # the middle of the east wall of (x, y)
                assert (image.getpixel((cx + cell // 2, cy)) < 128) == (not rows[y][x] & E)
            if y < 7:
                assert (image.getpixel((cx, cy + cell // 2)) < 128) == (not rows[y][x] & S)


def test_pdf_export_is_one_page_with_the_maze():
    puzzle = make_puzzle("eller", 14, 10, seed=8, marks="suggested")
    data = export(puzzle, TextFormat.pdf, solution=True)
    reader = PdfReader(io.BytesIO(data))
    assert len(reader.pages) == 1
    assert "eller" in reader.metadata.title and "seed 8" in reader.metadata.title


def test_cli_exports_each_format(tmp_path):
    for fmt, magic in (("pdf", b"%PDF-"), ("png", b"\x89PNG"), ("svg", b"<svg")):
        out = tmp_path / f"m.{fmt}"
        result = runner.invoke(
            app, ["maze", "-a", "prim", "-s", "8x8", "--seed", "1", "-f", fmt, "-o", str(out)]
        )
        assert result.exit_code == 0, result.output
        assert out.read_bytes().startswith(magic)


def test_init_writes_a_spec_that_builds_and_matches_the_schema(tmp_path):
    spec = tmp_path / "book.yaml"
    result = runner.invoke(app, ["init", str(spec)])
    assert result.exit_code == 0, result.output
    text = spec.read_text()
    assert text.startswith("# yaml-language-server: $schema=./puzzlebook-schema.json")
    schema = json.loads((tmp_path / "puzzlebook-schema.json").read_text())
    jsonschema.validate(yaml.safe_load(text), schema)
    built = runner.invoke(app, ["build", str(spec)])
    assert built.exit_code == 0, built.output
    assert "My Maze Book" in page_texts(tmp_path / "book.pdf")[0]
    again = runner.invoke(app, ["init", str(spec)])
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
    printed = runner.invoke(app, ["schema"])
    assert json.loads(printed.stdout) == schema


def test_layouts_lists_every_preset_with_its_description():
    out = runner.invoke(app, ["layouts"]).stdout
    for name in ("activity-book", "activity-book-a4", "handout", "poster"):
        assert name in out
    assert "Name/Date/Class" in out
