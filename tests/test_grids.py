"""Hexagonal, triangular and octagon grids: every neighbour-walking generator makes a perfect maze on them,
checked on the JSON graph against neighbours worked out from the cells' coordinates alone (``mazecheck``)."""

from __future__ import annotations

import json
import math
from typing import NamedTuple

import pytest
from clirun import invoke
from mazecheck import graph_distances, graph_problems
from pypdf import PdfReader

from puzzlebook import generators, openings, paths, solve
from puzzlebook.errors import GenerationError
from puzzlebook.graph import GraphMaze, Topology
from puzzlebook.grid import Grid
from puzzlebook.interchange import to_json
from puzzlebook.kinds import kind
from puzzlebook.layout.room import AXES
from puzzlebook.pdfread import Document
from puzzlebook.puzzles import make_puzzle
from puzzlebook.rng import make_rng
from puzzlebook.shapes import SHAPES, shape_mask
from puzzlebook.tree import Among

KINDS = ("hex", "triangle", "octagon")
WALKERS = generators.on_graphs()


class Ran(NamedTuple):
    returncode: int
    stdout: str
    stderr: str


SIZES = [(1, 1), (2, 1), (7, 1), (1, 6), (2, 2), (2, 5), (5, 4), (9, 7), (16, 3)]
OPTIONS = {
    "growing-tree": [{"select": s} for s in ("newest", "random", "oldest", "middle", "mix")],
    "hunt-and-kill": [{}, {"scan": "columns"}, {"hunt_probability": 0.3}, {"max_walk": 2}],
}


def bfs(doc: dict, a: int, b: int) -> int:
    """Steps from a to b through the JSON passages: an independent search."""
    return graph_distances(doc, a)[b]


@pytest.mark.parametrize("grid", KINDS)
@pytest.mark.parametrize("algorithm", WALKERS)
def test_every_walker_makes_a_perfect_maze_on_every_grid(grid: str, algorithm: str) -> None:
    for width, height in SIZES:
        if kind(grid).size_problem(width, height):
            continue
        for options in OPTIONS.get(algorithm, [{}]):
            for seed in range(4):
                puzzle = make_puzzle(algorithm, width, height, seed, options, "suggested", grid=grid)
                doc = to_json(puzzle)
                assert graph_problems(doc, grid) == [], (width, height, options, seed)
                g = doc["graph"]
                assert g["solution"][0] == g["start"] and g["solution"][-1] == g["end"]
                assert len(g["solution"]) - 1 == bfs(doc, g["start"], g["end"])  # the one path, found by BFS
                assert doc["grid"]["kind"] == grid and "cells" not in doc  # cells[y][x] is for squares


SHAPE_NAMES = ["heart", "star", "cat", "fish"]


@pytest.mark.parametrize("grid", KINDS)
@pytest.mark.parametrize("shape", SHAPE_NAMES)
def test_shapes_on_hexagons_and_triangles_are_one_perfect_maze(grid: str, shape: str) -> None:
    mask, problems = shape_mask(shape, 22, 19, "here", grid)
    assert problems == [] and mask is not None
    assert 0.25 < mask.cells / (mask.width * mask.height) < 0.95  # a shape, not the box or a sliver
    for algorithm in WALKERS[SHAPE_NAMES.index(shape) % 2 :: 2]:  # each walker on two of the shapes
        puzzle = make_puzzle(
            algorithm, mask.width, mask.height, 5, marks="suggested", masked=mask.off, grid=grid
        )
        doc = to_json(puzzle)
        assert graph_problems(doc, grid) == [], algorithm
        assert {tuple(c) for c in doc["grid"]["masked"]} == set(mask.off)


def test_a_crop_keeps_every_cells_orientation() -> None:
    """A shape is cut to its box where the grid's pattern allows, so its cells keep their neighbours."""
    for grid in KINDS:
        for x in range(4):
            for y in range(4):
                cx, cy = kind(grid).crop(x, y)
                assert cx <= x and cy <= y and cx >= 0 and cy >= 0
                assert kind(grid).pattern(cx, cy) == kind(grid).pattern(0, 0)


def test_the_general_arrays_agree_with_the_square_fast_path() -> None:
    """The rectangle as data: same neighbours as the padded grid, and the general search gives the same
    distances as the fast one on the same maze."""
    for seed in range(6):
        puzzle = make_puzzle("wilson", 9, 7, seed, marks="suggested")
        maze = puzzle.maze
        field = Topology.of("rectangle", 9, 7)
        bits = (1, 4, 2, 8)  # slots N, E, S, W as the square's bits
        passages = bytearray(field.count)
        for cell in range(field.count):
            x, y = field.xy(cell)
            mask = maze.at(x, y)
            passages[cell] = sum(1 << s for s, b in enumerate(bits) if mask & b)
        general = GraphMaze(field, bytes(passages))
        assert general.passage_count() == maze.passage_count()
        for source in (0, 13, field.count - 1):
            x, y = field.xy(source)
            fast = solve.distances(maze, maze.grid.index(x, y))
            slow = paths.distances(general, source)
            assert slow == [fast[maze.grid.index(*field.xy(c))] for c in range(field.count)]


def test_braids_open_loops_on_hexagons() -> None:
    perfect = make_puzzle("recursive-backtracker", 12, 10, 3, marks="suggested", grid="hex")
    full = make_puzzle("recursive-backtracker", 12, 10, 3, marks="suggested", grid="hex", braid=1.0)
    half = make_puzzle("recursive-backtracker", 12, 10, 3, marks="suggested", grid="hex", braid=0.5)
    assert perfect.metrics.dead_ends > 0 and full.metrics.dead_ends == 0  # every dead end has a neighbour
    assert 0 < half.metrics.dead_ends < perfect.metrics.dead_ends
    doc = to_json(full)
    assert len(doc["graph"]["passages"]) > full.metrics.cells - 1 and doc["braid"] == 1.0
    g = doc["graph"]
    assert len(g["solution"]) - 1 == bfs(doc, g["start"], g["end"])  # the answer is a shortest way


def edge_cells(grid: str, w: int, h: int, cells: list[tuple[int, int]]) -> dict[str, set[int]]:
    """The ids of the cells on each edge of a whole field, from their coordinates alone: the left and
    right columns, and the cells of the top (bottom) row with a side on that edge, which on triangles
    are those pointing down (up), on octagons every one."""

    def flat_top(x: int, y: int) -> bool:
        return grid in ("hex", "octagon") or (x + y) % 2 == 1

    def flat_bottom(x: int, y: int) -> bool:
        return grid in ("hex", "octagon") or (x + y) % 2 == 0

    return {
        "left": {i for i, (x, _) in enumerate(cells) if x == 0},
        "right": {i for i, (x, _) in enumerate(cells) if x == w - 1},
        "top": {i for i, (x, y) in enumerate(cells) if y == 0 and flat_top(x, y)},
        "bottom": {i for i, (x, y) in enumerate(cells) if y == h - 1 and flat_bottom(x, y)},
    }


FIELDS = [(2, 1), (1, 5), (2, 2), (3, 7), (7, 3), (6, 6), (12, 10), (9, 16), (20, 5)]


@pytest.mark.parametrize("grid", KINDS)
def test_suggested_ends_run_between_opposite_sides_as_on_squares(grid: str) -> None:
    """A whole field of hexagons or triangles ran between any two outer cells half its width apart: a
    12x10 hex maze started at [0, 0] and ended at [6, 0], both on the top row. Now it runs from the left
    column to the right column or from the top row to the bottom row, as squares do, by the longest way
    any such pair has (an independent search from every cell of the left column and the top row, on the
    JSON graph the command writes), each end opened on a side that faces out of its edge."""
    for w, h in FIELDS:
        if kind(grid).size_problem(w, h):
            continue
        for seed in range(6):
            algorithm = WALKERS[seed % len(WALKERS)]
            size = f"{w}x{h}"
            result = run(
                "maze",
                "-a",
                algorithm,
                "-s",
                size,
                "--grid",
                grid,
                "--seed",
                str(seed),
                "--marks",
                "suggested",
                "--format",
                "json",
            )
            assert result.returncode == 0, result.stderr
            doc = json.loads(result.stdout)
            g = doc["graph"]
            cells = [tuple(c) for c in g["cells"]]
            edges = edge_cells(grid, w, h, cells)
            start, end = g["start"], g["end"]
            assert (start in edges["left"] and end in edges["right"]) or (
                start in edges["top"] and end in edges["bottom"]
            ), (size, seed, cells[start], cells[end])
            best = 0
            for first, second in (("left", "right"), ("top", "bottom")):
                for a in edges[first]:
                    dist = graph_distances(doc, a)
                    best = max([best] + [dist[b] for b in edges[second]])
            assert len(g["solution"]) - 1 == bfs(doc, start, end) == best, (size, seed)
            # the opening faces out of the edge the end lies on
            puzzle = make_puzzle(algorithm, w, h, seed, marks="suggested", grid=grid)
            assert [puzzle.start, puzzle.end] == [cells[start], cells[end]]
            outward = []
            for cell, slot in zip((puzzle.start, puzzle.end), puzzle.sides, strict=True):
                assert slot is not None
                side = kind(grid).side(*cell, slot)
                assert side is not None
                cx, cy = kind(grid).centre(*cell)
                outward.append((side.middle[0] - cx, side.middle[1] - cy))
            (sx, sy), (ex, ey) = outward
            assert (start in edges["left"] and end in edges["right"] and sx < -0.1 and ex > 0.1) or (
                start in edges["top"] and end in edges["bottom"] and sy < -0.1 and ey > 0.1
            ), (
                size,
                seed,
                outward,
            )


@pytest.mark.parametrize("grid", KINDS)
def test_a_shapes_suggested_ends_lie_on_opposite_sides_of_it(grid: str) -> None:
    """Two ends half a shape's width apart still fell on one side of most shapes: both on a heart's top,
    both down an apple's left side. Seen from the middle of the shape's box, they now lie three eighths
    of a turn apart or more, on every built-in shape, each cell taken where its centre is drawn."""
    for name in SHAPES:
        mask, problems = shape_mask(name, 20, 20, None, grid)
        assert mask is not None, problems
        for seed in range(3):
            puzzle = make_puzzle(
                "wilson", mask.width, mask.height, seed, marks="suggested", masked=mask.off, grid=grid
            )
            maze = puzzle.maze
            assert isinstance(maze, GraphMaze)
            field = maze.grid
            spots = [field.centre(cell) for cell in openings.outer_cells(field)]
            xs, ys = zip(*spots, strict=True)
            mx, my = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
            (ax, ay), (bx, by) = (
                (x - mx, y - my)
                for x, y in (field.centre(field.id(*end)) for end in (puzzle.start, puzzle.end))
            )
            cos = (ax * bx + ay * by) / math.hypot(ax, ay) / math.hypot(bx, by)
            angle = math.degrees(math.acos(max(-1.0, min(1.0, cos))))
            assert angle >= 135 - 1e-6, (name, seed, round(angle))


def test_a_hex_maze_wider_than_tall_and_one_taller_than_wide_break_ties_as_squares_do() -> None:
    """On a tie between the two pairs of sides, a field taller than wide (as drawn) runs top to bottom:
    a single column of hexagons has one way, between its top and bottom cells."""
    for h in (2, 5, 9):
        puzzle = make_puzzle("wilson", 1, h, 0, marks="suggested", grid="hex")
        assert (puzzle.start, puzzle.end) == ((0, 0), (0, h - 1))
        assert puzzle.sides == (4, 1)  # opened on its flat top and flat bottom: N and S
    puzzle = make_puzzle("wilson", 9, 1, 0, marks="suggested", grid="hex")
    assert (puzzle.start, puzzle.end) == ((0, 0), (8, 0))


def test_row_builders_are_refused_on_other_grids() -> None:
    for name in ("eller", "binary-tree", "sidewinder", "recursive-division"):
        with pytest.raises(GenerationError, match="row by row"):
            generators.generate(name, Topology.of("hex", 5, 5), make_rng(1))
    with pytest.raises(GenerationError, match="falls apart"):
        Topology.of("triangle", 1, 4)


def run(*args: str) -> Ran:
    """The command in this process (as ``puzzlebook`` would run it): exit code, what it printed."""
    result = invoke(list(args))
    return Ran(result.exit_code, result.stdout, result.stderr)


@pytest.mark.parametrize(
    "spec, where, words",
    [
        (
            "{size: 9x9, grid: hex, algorithm: eller}",
            "mazes[0].algorithm",
            "cannot make a hex grid; use one of",
        ),
        (
            "{size: 9x9, grid: triangle, marks: corners}",
            "mazes[0].marks",
            "corners names sides a triangle grid",
        ),
        ("{size: 1x9, grid: triangle}", "mazes[0].size", "falls apart into pairs; make it at least 2x9"),
        (
            "{size: 400x400, grid: hex}",
            "mazes[0].size",
            "160,000 cells is too many for a hex maze: at most 120,000",
        ),
        (
            "{size: 9x9, grid: pentagon}",
            "mazes[0].grid",
            "'rectangle', 'hex', 'triangle', 'circle' or 'octagon'",
        ),
    ],
)
def test_a_grid_the_entry_cannot_use_is_refused_with_its_line(tmp_path, spec, where, words) -> None:
    book = tmp_path / "book.yaml"
    book.write_text(f"title: T\nmazes:\n  - {spec}\n")
    result = run("build", str(book), "-o", str(tmp_path / "b.pdf"))
    assert result.returncode == 2, result.stderr
    assert f"book.yaml:3: {where}" in result.stderr and words in result.stderr
    assert "Traceback" not in result.stderr and not (tmp_path / "b.pdf").exists()


def test_text_output_is_refused_for_hexagons(tmp_path) -> None:
    result = run("maze", "-a", "wilson", "-s", "6x6", "--grid", "hex", "--format", "txt")
    assert result.returncode == 2 and "a hex maze is written as pdf, svg, png or json" in result.stderr


def test_the_cli_makes_every_format_of_a_triangle_maze(tmp_path) -> None:
    for fmt in ("pdf", "svg", "png", "json"):
        out = tmp_path / f"m.{fmt}"
        result = run(
            "maze",
            "-a",
            "prim",
            "-s",
            "10x6",
            "--grid",
            "triangle",
            "--seed",
            "2",
            "--solution",
            "-o",
            str(out),
        )
        assert result.returncode == 0, result.stderr
        assert out.stat().st_size > 500
    doc = json.loads((tmp_path / "m.json").read_text())
    assert graph_problems(doc, "triangle") == []
    svg = (tmp_path / "m.svg").read_text()
    assert svg.count("<polygon") == 2 and "<polyline" in svg  # two arrows and the solution


def edge_midpoints(
    maze: GraphMaze,
) -> tuple[dict[tuple[int, int], tuple[float, float]], set[tuple[int, int]]]:
    """The middle of every side between two cells, and which of those sides are walls."""
    field = maze.grid
    k = field.slots
    middles, walls = {}, set()
    for cell in range(field.count):
        for s in range(k):
            other = field.nbr[cell * k + s]
            side = field.side(cell, s)
            if other > cell and side is not None:
                middles[(cell, other)] = side.middle
                if not maze.passages[cell] >> s & 1:
                    walls.add((cell, other))
    return middles, walls


def walls_on_the_page(
    pdf, maze: GraphMaze, middles: dict[tuple[int, int], tuple[float, float]]
) -> set[tuple[int, int]]:
    """The sides between cells (of ``middles``) that a black stroke of the PDF's first page passes
    through, the drawing's box placed on the field's box."""
    reader = PdfReader(pdf)
    top = float(reader.pages[0].mediabox.top)
    strokes = [
        (s.x0, top - s.y1, s.x1, top - s.y0)
        for s in Document(reader).page(0).shapes
        if s.kind == "line" and s.stroke and s.stroke_color == (0.0,)
    ]
    # page points from the kind's units: the drawing's box is the field's box
    corners = [p for cell in range(maze.grid.count) for p in maze.grid.corners(cell)]
    ux0, uy0 = min(p[0] for p in corners), min(p[1] for p in corners)
    ux1 = max(p[0] for p in corners)
    px0, py0 = min(s[0] for s in strokes), min(s[1] for s in strokes)
    scale = (max(s[2] for s in strokes) - px0) / (ux1 - ux0)

    def on_a_stroke(x: float, y: float) -> bool:
        """Whether a drawn segment passes through (x, y): a stroke is one of its box's diagonals. Within
        0.05 pt: the page's numbers are rounded to 0.01 pt, and sides are a corridor apart."""
        for a, b, c, d in strokes:
            if a - 0.05 <= x <= c + 0.05 and b - 0.05 <= y <= d + 0.05:
                for (x0, y0), (x1, y1) in (((a, b), (c, d)), ((a, d), (c, b))):
                    cross = (x1 - x0) * (y - y0) - (y1 - y0) * (x - x0)
                    if abs(cross) <= 0.02 * max(1.0, math.hypot(x1 - x0, y1 - y0)):
                        return True
        return False

    return {
        pair
        for pair, (x, y) in middles.items()
        if on_a_stroke(px0 + (x - ux0) * scale, py0 + (y - uy0) * scale)
    }


@pytest.mark.parametrize("grid", ["triangle", "hex"])
def test_a_one_maze_pdf_prints_both_words_by_its_arrows(tmp_path, grid) -> None:
    """A triangle maze's Finish stands in a valley of its zigzag edge, a tooth either side: beside its
    arrow the word met the teeth, and beyond it left the room planned for the arrow, so it was left out
    of a page with two inches of paper there, without a word (a newcomer's trial, 4 seeds of 5). Every
    seed's PDF prints both words."""
    for seed in range(1, 9):
        out = tmp_path / f"{seed}.pdf"
        args = ["maze", "--grid", grid, "-s", "30x15", "--seed", str(seed), "--marks", "suggested"]
        assert invoke([*args, "-o", str(out)]).exit_code == 0
        words = PdfReader(out).pages[0].extract_text().split()
        assert sorted(words) == ["Finish", "Start"], (seed, words)


def test_a_hex_mazes_drawn_walls_read_back_from_the_pdf_are_the_maze(tmp_path) -> None:
    out = tmp_path / "hex.pdf"
    result = run(
        "maze", "-a", "recursive-backtracker", "-s", "11x9", "--grid", "hex", "--seed", "8", "-o", str(out)
    )
    assert result.returncode == 0, result.stderr
    puzzle = make_puzzle("recursive-backtracker", 11, 9, 8, grid="hex", solve_unmarked=False)
    maze = puzzle.maze
    assert isinstance(maze, GraphMaze)
    middles, walls = edge_midpoints(maze)
    assert walls_on_the_page(out, maze, middles) == walls
    assert len(walls) == len(middles) - (maze.grid.count - 1)


def test_a_hex_book_places_each_mazes_walls_once_and_answers_them(tmp_path) -> None:
    book = tmp_path / "book.yaml"
    book.write_text(
        "title: Hex\nmarks: suggested\nmazes:\n"
        "  - {size: 12x10, grid: hex, algorithm: wilson, count: 2}\n"
        "  - {size: 20x10, grid: triangle, algorithm: prim, shape: heart}\n"
    )
    result = run("build", str(book), "-o", str(tmp_path / "b.pdf"))
    assert result.returncode == 0, result.stderr
    reader = PdfReader(tmp_path / "b.pdf")
    texts = [page.extract_text() for page in reader.pages]
    assert any("Answer" in t for t in texts)
    assert sum("Start" in t and "Finish" in t for t in texts) == 3  # each maze page marks its ends


def test_every_shape_is_one_piece_on_hexagons_and_triangles() -> None:
    for grid in KINDS:
        for name in SHAPES:
            for width, height in ((14, 12), (22, 19), (24, 24), (31, 17)):
                mask, problems = shape_mask(name, width, height, "here", grid)
                assert problems == [] and mask is not None, (grid, name, width, height)
                Topology.of(grid, mask.width, mask.height, mask.off).check_connected()


@pytest.mark.parametrize("grid", KINDS)
def test_the_shapes_drawn_finer_when_larger_stay_one_piece_round_the_change(grid: str) -> None:
    """The star slims and the apple's stem and leaf change as the cells allow (``shapes.drawn``): a slim
    apple came apart on small triangle fields. Every size round the change, in four proportions."""
    across = {"hex": 1.15, "triangle": 2.0}.get(grid, 1.0)
    for name in ("star", "apple"):
        for height in range(10, 31):
            for ratio in (0.6, 0.8, 1.0, 1.25):
                width = round(height * across * ratio)
                mask, problems = shape_mask(name, width, height, "here", grid)
                assert problems == [] and mask is not None, (name, width, height)


def test_squares_stay_on_their_fast_path() -> None:
    puzzle = make_puzzle("wilson", 6, 6, 1)
    assert isinstance(puzzle.maze.grid, Grid)


def test_bands_and_class_sets_work_on_hexagons(tmp_path) -> None:
    book = tmp_path / "book.yaml"
    book.write_text(
        "title: Hex class\nmarks: suggested\nstudents: [Ana, Ben]\nmazes:\n"
        "  - {size: 10x8, grid: hex, algorithm: wilson, difficulty: hard}\n"
        "  - {size: 70x14, grid: triangle, algorithm: growing-tree, shape: {text: '{student}'}}\n"
    )
    out = tmp_path / "b.json"
    result = run("build", str(book), "-o", str(tmp_path / "b.pdf"))
    assert result.returncode == 0, result.stderr
    texts = [page.extract_text() for page in PdfReader(tmp_path / "b.pdf").pages]
    assert sum("Ana" in t for t in texts) >= 2 and sum("Ben" in t for t in texts) >= 2
    assert not out.exists()


def test_a_hex_maze_too_dense_for_its_page_is_refused(tmp_path) -> None:
    book = tmp_path / "book.yaml"
    book.write_text("title: T\nlayout: handout\nmazes:\n  - {size: 150x150, grid: hex}\n")
    result = run("build", str(book), "-o", str(tmp_path / "b.pdf"))
    assert result.returncode == 2, result.stderr
    assert "book.yaml:4: mazes[0].size: 150x150 is too dense" in result.stderr
    assert not (tmp_path / "b.pdf").exists()


@pytest.mark.parametrize("grid", ["hex", "triangle", "circle"])
@pytest.mark.parametrize("seed", range(4))
def test_distances_among_outer_cells_and_the_way_between_them_agree_with_an_independent_search(grid, seed):
    """The one walk that replaces a search from every outer cell (``tree.Among``), checked on the JSON
    graph: each distance, and the cells of the way between the ends it picks."""
    width = 7 if grid == "circle" else 9
    puzzle = make_puzzle("wilson", width, 8, seed, marks="suggested", grid=grid)
    maze = puzzle.maze
    assert isinstance(maze, GraphMaze)
    doc = to_json(puzzle)
    outline = openings.outer_cells(maze.grid)
    depth, order = paths._preorder(maze, outline[-1])
    among = Among(order, depth, outline)
    for a in outline[::3]:
        found, expected = among.from_cell(a), graph_distances(doc, a)
        assert all(found[b] == expected[b] for b in outline)
    route = list(puzzle.route)
    assert paths._between(maze, depth, route[0], route[-1]) == route
    assert len(route) - 1 == graph_distances(doc, route[0])[route[-1]]


@pytest.mark.parametrize("grid", [*KINDS, "circle"])
def test_a_cells_inradius_is_its_centres_distance_to_its_nearest_side(grid):
    """The room an inner mark's badge takes (``geometry.inradius``), against the cell's sides sampled
    point by point here: the least distance from the centre, never more (a badge drawn at it touches a
    side, none crosses one)."""
    from puzzlebook.geometry import centre, inradius

    puzzle = make_puzzle("wilson", 6, 5, 2, grid=grid, **({"inner": 2} if grid == "circle" else {}))
    field = puzzle.maze.grid.kind
    for cell in puzzle.maze.grid.cells[::3]:
        cx, cy = centre(puzzle, cell)
        nearest = math.inf
        for slot in range(field.slots):
            side = field.side(*cell, slot)
            if side is None:
                continue
            for i in range(201):
                t = i / 200
                if side.radius:
                    turn = side.turns[0] + (side.turns[1] - side.turns[0]) * t
                    x = side.around[0] + side.radius * math.sin(2 * math.pi * turn)
                    y = side.around[1] - side.radius * math.cos(2 * math.pi * turn)
                else:
                    x = side.start[0] + (side.end[0] - side.start[0]) * t
                    y = side.start[1] + (side.end[1] - side.start[1]) * t
                nearest = min(nearest, math.hypot(x - cx, y - cy))
        assert 0.2 < inradius(puzzle, cell) <= nearest + 1e-9
        assert nearest - inradius(puzzle, cell) < 0.01, (grid, cell)


@pytest.mark.parametrize("rows", [11, 13, 15])
def test_the_triangle_shape_on_triangles_is_whole_triangles_at_the_size_the_docs_give(rows):
    """Shape Safari's Mountain Top (22x14) had one side a staircase and the other straight, its peak
    off centre. At 2N-1 x N for an odd N, as the docs say, every row is an odd run of triangles
    starting and ending with one pointing up, one longer each side than the row above: straight sides."""
    from puzzlebook.shapes import shape_mask

    mask, problems = shape_mask("triangle", 2 * rows - 1, rows, "size", "triangle")
    assert mask is not None and not problems
    field = kind("triangle")
    on = {(x, y) for y in range(mask.height) for x in range(mask.width) if (x, y) not in mask.off}
    lines = [sorted(x for x, y in on if y == row) for row in range(mask.height)]
    assert len(lines) == rows and len(on) == rows * rows
    for row, xs in enumerate(lines):
        assert xs == list(range(xs[0], xs[0] + 2 * row + 1)), (row, xs)
        for x in (xs[0], xs[-1]):  # an end of the row points up: its top corner is its highest point
            corners = field.corners(x, row)
            assert sum(1 for _, cy in corners if cy == min(c[1] for c in corners)) == 1, (x, row)


AXIS_SHAPES = [
    (grid, axis, name)
    for grid, axes in (("hex", AXES), ("octagon", AXES))
    for axis in axes
    for name in sorted(SHAPES)
]


@pytest.mark.parametrize(("grid", "axis", "name"), AXIS_SHAPES)
def test_a_shapes_ends_on_an_axis_face_it_and_take_the_longest_way_between(grid, axis, name):
    """A shape of hexagons or octagons whose page planned its arrows' room on one axis: opening
    anywhere, a honeycomb kept room on all four sides and was drawn a sixth smaller than a square shape.
    Its start opens through a side facing the axis's top (left) and its end through one facing its bottom
    (right), each with a clear view out, and the way between is the longest of any such pair (checked on
    the JSON graph)."""
    across = AXES.index(axis)  # 0: left-right, along x; 1: top-bottom, along y (down)
    mask, _ = shape_mask(name, 16, 16, "", grid)
    for seed in range(2):
        puzzle = make_puzzle(
            "wilson", mask.width, mask.height, seed, marks="suggested", masked=mask.off, grid=grid, axis=axis
        )
        topology = puzzle.maze.grid
        clear = openings.clear_sides(topology)

        def facing(cell, slot, topology=topology):
            cx, cy = topology.centre(cell)
            mx, my = topology.side(cell, slot).middle
            return ((mx - cx, my - cy)[across]) / math.hypot(mx - cx, my - cy)

        route = list(puzzle.route)
        for cell, slot, sign in ((route[0], puzzle.sides[0], -1), (route[-1], puzzle.sides[1], 1)):
            assert slot in clear[cell], (name, seed)
            assert sign * facing(cell, slot) >= paths.AXIAL, (name, seed, facing(cell, slot))
        roomy = openings.roomy_sides(topology)

        def ends(sides, sign):
            return {c for c, slots in sides.items() for s in slots if sign * facing(c, s) >= paths.AXIAL}

        tops, bottoms = ends(roomy, -1), ends(roomy, 1)
        if not (tops and bottoms):
            tops, bottoms = ends(clear, -1), ends(clear, 1)
        assert route[0] in tops and route[-1] in bottoms
        doc = to_json(puzzle)
        longest = max(graph_distances(doc, a)[b] for a in tops for b in bottoms)
        assert len(route) - 1 == longest, (name, seed)
