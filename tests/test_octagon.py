"""Octagon grids (octagons and small squares): the tiling itself, perfect mazes over many seeds checked on
the JSON graph (``mazecheck``), the walls read back from the PDF, every export, braids, bands, class
sets and masks."""

from __future__ import annotations

import json
import math

import pytest
from mazecheck import graph_distances, graph_problems
from pypdf import PdfReader
from test_grids import edge_midpoints, run, walls_on_the_page

from puzzlebook import generators, openings, paths
from puzzlebook.graph import GraphMaze, Topology
from puzzlebook.interchange import to_json
from puzzlebook.kinds import kind
from puzzlebook.pdfread import Document
from puzzlebook.puzzles import make_puzzle

WALKERS = generators.on_graphs()


def test_the_tiling_is_regular_octagons_and_squares_that_meet_side_to_side() -> None:
    """Every side 1 long, an octagon's corners all 135 degrees, and two neighbours share one side
    exactly (the same two corners), so the cells tile the field without gaps or overlaps."""
    shape = kind("octagon")
    field = Topology.of("octagon", 6, 5)
    k = field.slots
    for cell in range(field.count):
        x, y = field.xy(cell)
        corners = shape.corners(x, y)
        assert len(corners) == (8 if (x + y) % 2 == 0 else 4)
        for i, (px, py) in enumerate(corners):
            qx, qy = corners[(i + 1) % len(corners)]
            assert math.isclose(math.hypot(qx - px, qy - py), 1.0)
        sides = [shape.side(x, y, s) for s in range(k)]
        assert sum(s is not None for s in sides) == len(corners)
        for s, side in enumerate(sides):
            other = field.nbr[cell * k + s]
            if side is None:
                assert other < 0
            elif other >= 0:
                facing = shape.side(*field.xy(other), field.back[cell * k + s])
                assert facing is not None
                assert {tuple(round(c, 9) for c in p) for p in (side.start, side.end)} == {
                    tuple(round(c, 9) for c in p) for p in (facing.start, facing.end)
                }
    # the drawing's box holds every corner and touches each of its edges
    ew, eh = field.extent
    xs = [p[0] for c in range(field.count) for p in field.corners(c)]
    ys = [p[1] for c in range(field.count) for p in field.corners(c)]
    assert math.isclose(min(xs), 0, abs_tol=1e-9) and math.isclose(max(xs), ew)
    assert math.isclose(min(ys), 0, abs_tol=1e-9) and math.isclose(max(ys), eh)


def test_the_outline_lists_the_cells_with_a_side_on_the_edge_only() -> None:
    """A square has four of the eight slots: the four it lacks are no edge, so the squares inside the
    field are not on its outline."""
    field = Topology.of("octagon", 7, 5)
    on_edge = {i for i, (x, y) in enumerate(field.cells) if x in (0, 6) or y in (0, 4)}
    assert set(field.outline()) == on_edge


SIZES = [(1, 1), (2, 1), (1, 7), (2, 2), (3, 3), (6, 4), (5, 9), (13, 11)]


@pytest.mark.parametrize("algorithm", WALKERS)
def test_every_walker_makes_a_perfect_maze_over_many_seeds(algorithm: str) -> None:
    """A spanning tree of the grid's neighbours, each solution the one path an independent search finds."""
    for width, height in SIZES:
        for seed in range(12):
            puzzle = make_puzzle(algorithm, width, height, seed, marks="suggested", grid="octagon")
            doc = to_json(puzzle)
            assert graph_problems(doc, "octagon") == [], (width, height, seed)
            g = doc["graph"]
            assert g["solution"][0] == g["start"] and g["solution"][-1] == g["end"]
            assert len(g["solution"]) - 1 == graph_distances(doc, g["start"])[g["end"]]
            steps = zip(g["solution"], g["solution"][1:], strict=False)
            assert all(sorted(p) in map(sorted, g["passages"]) for p in steps)


def test_octagons_meet_eight_cells_and_squares_four() -> None:
    doc = to_json(make_puzzle("wilson", 9, 9, 4, grid="octagon", solve_unmarked=False))
    cells = [tuple(c) for c in doc["graph"]["cells"]]
    count = [0] * len(cells)
    for i, j in doc["graph"]["adjacent"]:
        count[i] += 1
        count[j] += 1
    inner = [i for i, (x, y) in enumerate(cells) if 0 < x < 8 and 0 < y < 8]
    assert {count[i] for i in inner if sum(cells[i]) % 2 == 0} == {8}
    assert {count[i] for i in inner if sum(cells[i]) % 2 == 1} == {4}


def test_the_drawn_walls_read_back_from_the_pdf_are_the_maze(tmp_path) -> None:
    out = tmp_path / "octagon.pdf"
    result = run("maze", "-a", "prim", "-s", "9x8", "--grid", "octagon", "--seed", "8", "-o", str(out))
    assert result.returncode == 0, result.stderr
    maze = make_puzzle("prim", 9, 8, 8, grid="octagon", solve_unmarked=False).maze
    assert isinstance(maze, GraphMaze)
    middles, walls = edge_midpoints(maze)
    assert walls_on_the_page(out, maze, middles) == walls
    assert len(walls) == len(middles) - (maze.grid.count - 1)


def test_each_wall_is_one_stroke_of_one_weight_with_round_caps(tmp_path) -> None:
    """Three sides meet at every corner of the tiling (135, 135 and 90 degrees), so no two lie on one
    line and there is no run to merge: each wall is drawn once, at the one wall weight, and round caps
    close the corners where slanted walls meet, as on hexagons."""
    out = tmp_path / "octagon.pdf"
    result = run("maze", "-a", "wilson", "-s", "9x9", "--grid", "octagon", "--seed", "2", "-o", str(out))
    assert result.returncode == 0, result.stderr
    reader = PdfReader(out)
    strokes = [s for s in Document(reader).page(0).shapes if s.kind == "line" and s.stroke]
    maze = make_puzzle("wilson", 9, 9, 2, grid="octagon", solve_unmarked=False).maze
    assert isinstance(maze, GraphMaze)
    field = maze.grid
    _, walls = edge_midpoints(maze)
    outer = sum(1 for c in field.outline() for s in field.outer_sides(c))
    assert len(strokes) == len(walls) + outer
    assert len({round(s.linewidth, 3) for s in strokes}) == 1
    content = reader.pages[0].get_contents()
    assert content is not None and b"1 J" in content.get_data()


def test_every_format_and_a_clear_refusal_of_text(tmp_path) -> None:
    for fmt in ("pdf", "svg", "png", "json"):
        out = tmp_path / f"m.{fmt}"
        result = run(
            "maze",
            "-a",
            "kruskal",
            "-s",
            "8x6",
            "--grid",
            "octagon",
            "--seed",
            "2",
            "--solution",
            "-o",
            str(out),
        )
        assert result.returncode == 0, result.stderr
        assert out.stat().st_size > 500
    doc = json.loads((tmp_path / "m.json").read_text())
    assert doc["grid"] == {"kind": "octagon", "width": 8, "height": 6}
    assert graph_problems(doc, "octagon") == []
    svg = (tmp_path / "m.svg").read_text()
    assert svg.count("<polygon") == 2 and "<polyline" in svg  # two arrows and the solution
    result = run("maze", "-a", "wilson", "-s", "6x6", "--grid", "octagon", "--format", "txt")
    assert result.returncode == 2 and "an octagon maze is written as pdf, svg, png or json" in result.stderr
    assert "Traceback" not in result.stderr


def test_braids_open_loops_on_octagons() -> None:
    perfect = make_puzzle("recursive-backtracker", 10, 10, 3, marks="suggested", grid="octagon")
    full = make_puzzle("recursive-backtracker", 10, 10, 3, marks="suggested", grid="octagon", braid=1.0)
    assert perfect.metrics.dead_ends > 0 and full.metrics.dead_ends == 0
    doc = to_json(full)
    g = doc["graph"]
    assert len(g["passages"]) > full.metrics.cells - 1 and doc["braid"] == 1.0
    assert len(g["solution"]) - 1 == graph_distances(doc, g["start"])[g["end"]]


def test_a_drawn_mask_on_octagons_is_one_perfect_maze_with_ends_on_its_outline(tmp_path) -> None:
    drawing = tmp_path / "plus.txt"
    drawing.write_text("..XXX..\n..XXX..\nXXXXXXX\nXXXXXXX\nXXXXXXX\n..XXX..\n..XXX..\n")
    out = tmp_path / "m.json"
    result = run(
        "maze",
        "-a",
        "wilson",
        "--grid",
        "octagon",
        "--mask",
        str(drawing),
        "--marks",
        "suggested",
        "-o",
        str(out),
    )
    assert result.returncode == 0, result.stderr
    doc = json.loads(out.read_text())
    assert graph_problems(doc, "octagon") == [] and len(doc["graph"]["cells"]) == 33
    puzzle = make_puzzle(
        "wilson",
        7,
        7,
        0,
        marks="suggested",
        grid="octagon",
        masked=frozenset(map(tuple, doc["grid"]["masked"])),
    )
    maze = puzzle.maze
    assert isinstance(maze, GraphMaze)
    for cell, slot in zip((puzzle.start, puzzle.end), puzzle.sides, strict=True):
        assert cell is not None and slot in maze.grid.outer_sides(maze.grid.id(*cell))


def test_bands_class_sets_and_the_answer_key_work_on_octagons(tmp_path) -> None:
    book = tmp_path / "book.yaml"
    book.write_text(
        "title: Octagons\nmarks: suggested\nanswer_key: true\nstudents: [Al, Bo]\nmazes:\n"
        "  - {size: 9x9, grid: octagon, algorithm: wilson, difficulty: hard}\n"
        "  - {size: 16x16, grid: octagon, algorithm: prim, shape: heart, title: '{student}'}\n"
    )
    result = run("build", str(book), "-o", str(tmp_path / "b.pdf"))
    assert result.returncode == 0, result.stderr
    texts = [page.extract_text() for page in PdfReader(tmp_path / "b.pdf").pages]
    assert sum("Al" in t for t in texts) >= 2 and sum("Bo" in t for t in texts) >= 2
    assert any("Answer" in t for t in texts)
    assert sum("Start" in t and "Finish" in t for t in texts) == 4


def test_outer_cells_distances_agree_with_an_independent_search() -> None:
    for seed in range(6):
        puzzle = make_puzzle("hunt-and-kill", 9, 8, seed, marks="suggested", grid="octagon")
        maze = puzzle.maze
        assert isinstance(maze, GraphMaze)
        doc = to_json(puzzle)
        for a in openings.outer_cells(maze.grid)[::5]:
            assert paths.distances(maze, a) == [graph_distances(doc, a)[b] for b in range(maze.grid.count)]


@pytest.mark.parametrize(
    "entry, key, words",
    [
        (
            "{size: 9x9, grid: octagon, algorithm: eller}",
            "algorithm",
            "cannot make an octagon grid; use one of",
        ),
        ("{size: 9x9, grid: octagon, marks: corners}", "marks", "corners names sides an octagon grid"),
        (
            "{size: 10x10, grid: octagon, shape: heart}",
            "size",
            "hardly reads as one; it reads from about 13x12: set size to 13x12",  # odd: symmetric
        ),
        ("{size: 400x400, grid: octagon}", "size", "160,000 cells is too many for an octagon maze"),
    ],
)
def test_what_an_octagon_grid_cannot_take_is_refused_with_its_line(tmp_path, entry, key, words) -> None:
    book = tmp_path / "book.yaml"
    book.write_text(f"title: T\nmazes:\n  - {entry}\n")
    result = run("build", str(book), "-o", str(tmp_path / "b.pdf"))
    assert result.returncode == 2 and f"book.yaml:3: mazes[0].{key}: " in result.stderr, result.stderr
    assert words in result.stderr and "Traceback" not in result.stderr
    assert not (tmp_path / "b.pdf").exists()
