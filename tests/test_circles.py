"""Circular mazes: rings of cells, checked on the JSON graph against neighbours worked out here from the
ring sizes alone, centre-out and suggested ends against independent searches, and arcs read back from
the PDF."""

from __future__ import annotations

import math
from itertools import pairwise
from typing import NamedTuple

import pytest
from clirun import invoke
from mazecheck import graph_distances
from pypdf import PdfReader

from puzzlebook import generators
from puzzlebook.geometry import field_sides
from puzzlebook.graph import GraphMaze
from puzzlebook.interchange import to_json
from puzzlebook.layout.items import MazeFrame
from puzzlebook.pdfread import Document
from puzzlebook.puzzles import make_puzzle

WALKERS = generators.on_graphs()


class Ran(NamedTuple):
    returncode: int
    stdout: str
    stderr: str


RINGS = [*range(1, 10), 12, 16, 23, 40]  # every size up to 9, then samples to 40


def _discs(page):
    """The filled circles a page draws: its badges and dots."""
    return [
        s for s in page.shapes if s.fill and s.kind == "curve" and abs((s.x1 - s.x0) - (s.y1 - s.y0)) < 0.5
    ]


def _centre_out(tmp_path, mazes: str, more: str = ""):
    """A book of round ``mazes`` (their YAML list's lines) started at their centres: its plan and pages."""
    from puzzlebook.build import build_book

    spec = tmp_path / "book.yaml"
    spec.write_text(f"title: T\nseed: 7\ntitle_page: false\nmarks: center-out\n{more}mazes:\n{mazes}")
    target, checked = build_book(spec)
    return checked, Document(PdfReader(target))


def expected_counts(rings: int, inner: int = 0) -> list[int]:
    """The rule of "Mazes for Programmers", written out again: each ring the one inside it times the
    rounded ratio of its circumference to that ring's count (a hole's edge: its circumference)."""
    counts: list[int] = []
    for r in range(rings):
        if r < inner:
            counts.append(0)
        elif r == 0:
            counts.append(1)
        elif r == inner:
            counts.append(max(6, round(2 * math.pi * r)))
        else:
            counts.append(counts[-1] * max(1, round(2 * math.pi * r / counts[-1])))
    return counts


def neighbours(counts: list[int], a: tuple[int, int], b: tuple[int, int]) -> bool:
    (r1, k1), (r2, k2) = sorted([a, b])
    if r1 == r2:
        n = counts[r1]
        return n > 1 and (k1 - k2) % n in (1, n - 1)
    if r2 != r1 + 1 or not counts[r1]:
        return False
    return k2 // (counts[r2] // counts[r1]) == k1


def circle_problems(doc: dict) -> list[str]:
    found = []
    g, grid = doc["graph"], doc["grid"]
    counts = grid["ring_cells"]
    if counts != expected_counts(grid["rings"], grid["inner"]):
        found.append(f"ring sizes {counts}")
    if any(b < a for a, b in pairwise(counts) if a):
        found.append("a ring has fewer cells than the one inside it")
    cells = [tuple(c) for c in g["cells"]]
    if cells != [(r, k) for r, n in enumerate(counts) for k in range(n)]:
        found.append("cells are not every [ring, k] in order")
    index = {cell: i for i, cell in enumerate(cells)}
    candidates = set()  # every pair that could touch: along a ring, or to the cells just outside
    for r, k in cells:
        q = counts[r + 1] // counts[r] if r + 1 < len(counts) and counts[r] else 0
        for other in [(r, (k + 1) % counts[r]), *((r + 1, j) for j in range(k * q - 1, (k + 1) * q + 1))]:
            if other in index and other != (r, k):
                candidates.add(tuple(sorted((index[(r, k)], index[other]))))
    expected = {pair for pair in candidates if neighbours(counts, cells[pair[0]], cells[pair[1]])}
    if {tuple(sorted(p)) for p in g["adjacent"]} != expected or len(g["adjacent"]) != len(expected):
        found.append("adjacent is not the ring neighbours")
    passages = {tuple(sorted(p)) for p in g["passages"]}
    if not passages <= expected or len(passages) != len(cells) - 1 or len(g["passages"]) != len(passages):
        found.append(f"{len(g['passages'])} passages for {len(cells)} cells, or not between neighbours")
    if len(graph_distances(doc, 0)) != len(cells):
        found.append("not connected")
    return found


@pytest.mark.parametrize("algorithm", WALKERS)
def test_every_walker_makes_a_perfect_circle(algorithm: str) -> None:
    for rings in RINGS:
        for seed in range(3 if rings < 6 else 1):
            doc = to_json(make_puzzle(algorithm, rings, rings, seed, marks="center-out", grid="circle"))
            assert circle_problems(doc) == [], (rings, seed)
            g = doc["graph"]
            cells = [tuple(c) for c in g["cells"]]
            assert cells[g["start"]] == (0, 0)  # the centre
            dist = graph_distances(doc, g["start"])
            rim = [i for i, (r, _) in enumerate(cells) if r == rings - 1]
            assert cells[g["end"]][0] == rings - 1 and dist[g["end"]] == max(dist[i] for i in rim)
            assert len(g["solution"]) - 1 == dist[g["end"]]


@pytest.mark.parametrize("inner", [1, 2, 4])
def test_a_hole_in_the_middle(inner: int) -> None:
    for algorithm in ("wilson", "hunt-and-kill", "growing-tree"):
        puzzle = make_puzzle(algorithm, 9, 9, 4, marks="center-out", grid="circle", inner=inner)
        doc = to_json(puzzle)
        assert circle_problems(doc) == []
        cells = [tuple(c) for c in doc["graph"]["cells"]]
        assert min(r for r, _ in cells) == inner  # the rings of the hole have no cells
        g = doc["graph"]
        assert cells[g["start"]][0] == inner and cells[g["end"]][0] == 8  # from the hole's edge out
        best = max(
            dist[j]
            for i, (r, _) in enumerate(cells)
            if r == inner
            for dist in [graph_distances(doc, i)]  # one search a start, read for every end
            for j, (q, _) in enumerate(cells)
            if q == 8
        )
        assert len(g["solution"]) - 1 == best


def test_suggested_ends_are_three_eighths_of_a_turn_apart_on_the_rim() -> None:
    """Opposite sides of a round maze: its ends on the rim at least three eighths of a turn apart, the
    longest way of any such pair. A pair exactly that far apart is on the rule's edge, where floating
    point decides; the way is at least as long as any pair clearly past the edge, at most any on it."""
    for seed in range(3):
        puzzle = make_puzzle("kruskal", 8, 8, seed, marks="suggested", grid="circle")
        doc = to_json(puzzle)
        g = doc["graph"]
        cells = [tuple(c) for c in g["cells"]]
        n = doc["grid"]["ring_cells"][-1]
        rim = [i for i, (r, _) in enumerate(cells) if r == 7]

        def turn(i: int, j: int, cells: list = cells, n: int = n) -> float:
            share = abs(cells[i][1] - cells[j][1]) / n
            return min(share, 1 - share)

        assert g["start"] in rim and g["end"] in rim and turn(g["start"], g["end"]) >= 3 / 8 - 1e-9
        lengths = {(i, j): dist[j] for i in rim for dist in [graph_distances(doc, i)] for j in rim if i < j}
        past = max(n for (i, j), n in lengths.items() if turn(i, j) > 3 / 8 + 1e-9)
        on = max(n for (i, j), n in lengths.items() if turn(i, j) >= 3 / 8 - 1e-9)
        assert past <= len(g["solution"]) - 1 <= on
        assert puzzle.sides == (2, 2)  # both open outward, in the rim


@pytest.mark.parametrize("axis", ["top-bottom", "left-right"])
def test_a_circle_with_pictures_runs_across_the_axis_they_are_planned_on(axis: str) -> None:
    """A book with pictures plans their room above and below a round maze (or beside it), so its ends
    open on the rim within 15 degrees of that diameter's two ends, the start at the top (left), on the
    longest path between those two arcs: checked from the JSON graph alone."""
    for size, seed in ((4, 1), (7, 2), (9, 3), (12, 4), (16, 5)):
        doc = to_json(make_puzzle("wilson", size, size, seed, marks="suggested", grid="circle", axis=axis))
        g = doc["graph"]
        cells = [tuple(c) for c in g["cells"]]
        n = doc["grid"]["ring_cells"][-1]
        rim = [i for i, (r, _) in enumerate(cells) if r == size - 1]

        def bearing(i: int, cells: list = cells, n: int = n) -> float:  # degrees clockwise from the top
            return (cells[i][1] + 0.5) / n * 360

        ends = (0.0, 180.0) if axis == "top-bottom" else (270.0, 90.0)

        def near(towards: float, rim: list = rim) -> list[int]:
            off = {i: abs((bearing(i) - towards + 180) % 360 - 180) for i in rim}
            return [i for i in rim if off[i] <= 15] or [min(rim, key=lambda i: (off[i], i))]

        first, second = near(ends[0]), near(ends[1])
        assert g["start"] in first and g["end"] in second, (size, seed, axis)
        best = max(dist[j] for i in first for dist in [graph_distances(doc, i)] for j in second)
        assert len(g["solution"]) - 1 == best


@pytest.mark.parametrize("page", ["6x9in", "letter"])
def test_a_circles_start_and_finish_have_room_for_their_words(tmp_path, page: str) -> None:
    """Round mazes without pictures opened anywhere on the rim: on a 6x9 in page, whose width a circle
    filled, their ends stood by its sides with no room for Start and Finish (left out on seven mazes of
    eight, both arrows pointing left on one), over two inches of paper above and below (a self-
    publisher). Their ends now run across the axis the page has room on, as with pictures: every word
    is drawn, and each end opens in the top or bottom of the rim (its arrow up or down)."""
    from puzzlebook.build import check_book, generate, targets, write_books
    from puzzlebook.layout import MazeFrame

    spec = tmp_path / "round.yaml"
    spec.write_text(
        f"title: R\npage_size: {page}\ndifficulty: age-8\nmarks: suggested\nseed: 2026\nmazes:\n"
        "  - {grid: circle, size: 7, algorithm: wilson, count: 8}\n"
        "  - {grid: circle, size: 5, algorithm: kruskal, count: 2}\n"
    )
    left_out: dict[int, set[tuple[str, str]]] = {}
    checked, puzzles = generate(check_book(spec))
    docs = {number: to_json(puzzle) for number, puzzle in puzzles.items()}  # drawing lets them go
    write_books(checked, targets(checked, str(tmp_path / "round.pdf")), puzzles, left_out=left_out)
    assert not left_out, left_out
    frames = [i for p in checked.plan.pages for i in p.items if isinstance(i, MazeFrame) and not i.answer]
    assert len(frames) == 10 and {frame.axis for frame in frames} == {"top-bottom"}
    for frame in frames:
        doc = docs[frame.number]
        g = doc["graph"]
        n = doc["grid"]["ring_cells"][-1]
        for end, towards in ((g["start"], 0.0), (g["end"], 180.0)):
            bearing = (g["cells"][end][1] + 0.5) / n * 360
            assert abs((bearing - towards + 180) % 360 - 180) <= 15, (frame.number, bearing)


def test_a_circle_from_the_centre_out_exits_by_the_axis_its_page_has_room_on(tmp_path) -> None:
    """A round maze from the centre out opened its exit anywhere on the rim: the page kept room for it on
    all four sides, so it was drawn a fifth smaller than a circle of the same rings with ``suggested``
    ends, and an exit by its side pushed it off the page's middle (a circle 0.9 in from one edge and 1.5
    in from the other, under a centred heading). In a book, its exit now opens within 15 degrees of the
    top or bottom of the rim, the farthest such cell from the centre by path; the two kinds are drawn
    alike, each circle centred across its page, read back from the file."""
    from puzzlebook.build import build_book
    from puzzlebook.layout import MazeFrame

    spec = tmp_path / "round.yaml"
    spec.write_text(
        "title: R\nmarks: center-out\nseed: 7\ntitle_page: false\nanswer_key: false\nmazes:\n"
        "  - {grid: circle, size: 9, algorithm: wilson, count: 5}\n"
        "  - {grid: circle, size: 9, algorithm: wilson, marks: suggested}\n"
    )
    target, checked = build_book(spec, tmp_path / "round.pdf")
    frames = [i for p in checked.plan.pages for i in p.items if isinstance(i, MazeFrame)]
    assert len(frames) == 6 and len({round(f.cell, 6) for f in frames}) == 1
    reader = PdfReader(target)
    for frame, maze in zip(frames, checked.mazes, strict=True):
        doc = to_json(make_puzzle("wilson", 9, 9, maze.seed, marks=maze.marks, grid="circle", axis=maze.axis))
        g = doc["graph"]
        n = doc["grid"]["ring_cells"][-1]
        if maze.marks == "center-out":
            rim = [i for i, (r, _) in enumerate(g["cells"]) if r == 8]
            bearing = {i: (g["cells"][i][1] + 0.5) / n * 360 for i in rim}
            near = [i for i in rim if min(abs((bearing[i] - t + 180) % 360 - 180) for t in (0, 180)) <= 15]
            dist = graph_distances(doc, g["start"])
            assert g["end"] in near and dist[g["end"]] == max(dist[i] for i in near), maze.number
        page = Document(reader).page(frame.number - 1)
        rim_box = [s for s in page.shapes if s.stroke and s.kind == "curve"]
        x0, x1 = min(s.x0 for s in rim_box), max(s.x1 for s in rim_box)
        area = frame.area
        assert area is not None
        assert (x0 + x1) / 2 == pytest.approx((area.x0 + area.x1) / 2, abs=0.01 * area.w), frame.number


def run(*args: str) -> Ran:
    """The command in this process (as ``puzzlebook`` would run it): exit code, what it printed."""
    result = invoke(list(args))
    return Ran(result.exit_code, result.stdout, result.stderr)


def test_ring_walls_are_drawn_as_arcs_one_curve_a_run(tmp_path) -> None:
    out = tmp_path / "c.pdf"
    result = run(
        "maze",
        "-a",
        "wilson",
        "-s",
        "9",
        "--grid",
        "circle",
        "--seed",
        "6",
        "--marks",
        "center-out",
        "-o",
        str(out),
    )
    assert result.returncode == 0, result.stderr
    puzzle = make_puzzle("wilson", 9, 9, 6, marks="center-out", grid="circle")
    lines, arcs = field_sides(puzzle)
    shapes = [s for s in Document(PdfReader(out)).page(0).shapes if s.stroke and s.stroke_color == (0.0,)]
    curves = [s for s in shapes if s.kind == "curve"]
    straight = [s for s in shapes if s.kind == "line"]
    assert len(curves) == len(arcs) > 0 and len(straight) == len(lines)
    # the rim is one circle with one gap, the exit: one run of arcs on the outer ring
    assert sum(1 for a in arcs if a[2] == 9) == 1
    raw = PdfReader(out).pages[0]
    assert b" c\n" in raw.get_contents().get_data() or b" c " in raw.get_contents().get_data()


def test_arcs_merge_where_neighbouring_cells_share_a_wall() -> None:
    """Every ring wall a run: no two runs on one circle touch, so each is as long as it can be."""
    puzzle = make_puzzle("prim", 12, 12, 2, grid="circle", solve_unmarked=False)
    assert isinstance(puzzle.maze, GraphMaze)
    _, arcs = field_sides(puzzle)
    by_circle: dict[float, list[tuple[float, float]]] = {}
    for _, _, radius, t0, t1 in arcs:
        by_circle.setdefault(radius, []).append((t0 % 1, t1 % 1 if t1 % 1 else 1.0))
    for spans in by_circle.values():
        ends = {round(b, 9) % 1 for _, b in spans}
        starts = {round(a, 9) % 1 for a, _ in spans}
        assert not ends & starts or len(spans) == 1


@pytest.mark.parametrize(
    "spec, where, words",
    [
        ("{size: 9, grid: circle, algorithm: sidewinder}", "mazes[0].algorithm", "cannot make a circle grid"),
        ("{size: 9x9, grid: circle}", "mazes[0].size", "a circle's size is its number of rings"),
        ("{size: 9, grid: circle, inner: 9}", "mazes[0].size", "inner: 9 leaves no ring"),
        (
            "{size: 9x9, inner: 2}",
            "mazes[0].inner",
            "is the hole in the middle of a circle; set grid to circle",
        ),
        ("{size: 9x9, marks: center-out}", "mazes[0].marks", "center-out starts in the centre of a circle"),
        ("{size: 9, grid: circle, shape: heart}", "mazes[0].shape", "a circle is its own shape"),
        ("{size: 9, grid: circle, marks: corners}", "mazes[0].marks", "corners names sides a circle grid"),
        ("{size: 1001, grid: circle}", "mazes[0].size", "at most 1000"),
        (
            "{size: 201, grid: circle}",
            "mazes[0].size",
            "too many for a circle maze: at most 120,000 (200 rings)",
        ),
    ],
)
def test_what_a_circle_cannot_take_is_refused_with_its_line(tmp_path, spec, where, words) -> None:
    book = tmp_path / "book.yaml"
    book.write_text(f"title: T\nmazes:\n  - {spec}\n")
    result = run("build", str(book), "-o", str(tmp_path / "b.pdf"))
    assert result.returncode == 2, result.stderr
    assert f"book.yaml:3: {where}" in result.stderr and words in result.stderr, result.stderr
    assert "Traceback" not in result.stderr and not (tmp_path / "b.pdf").exists()


def test_a_circle_book_with_bands_and_answers(tmp_path) -> None:
    book = tmp_path / "book.yaml"
    book.write_text(
        "title: Round\nmarks: center-out\nmazes:\n"
        "  - {size: 10, grid: circle, algorithm: wilson, count: 2, difficulty: hard}\n"
        "  - {size: 8, grid: circle, inner: 2, algorithm: recursive-backtracker, braid: 0.3}\n"
    )
    result = run("build", str(book), "-o", str(tmp_path / "b.pdf"))
    assert result.returncode == 0, result.stderr
    texts = [page.extract_text() for page in PdfReader(tmp_path / "b.pdf").pages]
    assert any("Answer" in t for t in texts) and sum("Finish" in t for t in texts) == 3


def test_every_format_of_a_circle(tmp_path) -> None:
    for fmt in ("svg", "png", "json"):
        out = tmp_path / f"c.{fmt}"
        result = run(
            "maze",
            "-a",
            "growing-tree",
            "-s",
            "7",
            "--grid",
            "circle",
            "--seed",
            "1",
            "--solution",
            "-o",
            str(out),
        )
        assert result.returncode == 0, result.stderr
    svg = (tmp_path / "c.svg").read_text()
    assert " 0 0 1 " in svg or " 0 1 1 " in svg  # SVG arcs, clockwise
    text = run("maze", "-a", "wilson", "-s", "7", "--grid", "circle")
    assert text.returncode == 2 and "a circle maze is written as pdf, svg, png or json" in text.stderr


def test_the_square_poster_centres_each_circle_as_large_as_its_page_allows(tmp_path) -> None:
    from puzzlebook.layout import content_box, load_layout

    book = tmp_path / "book.yaml"
    book.write_text(
        "title: Round\nlayout: square-poster\nmarks: center-out\nmazes:\n"
        "  - {size: 30, grid: circle, algorithm: wilson, count: 2}\n"
    )
    result = run("build", str(book), "-o", str(tmp_path / "b.pdf"))
    assert result.returncode == 0, result.stderr
    layout = load_layout("square-poster")
    reader = PdfReader(tmp_path / "b.pdf")
    assert len(reader.pages) == 4  # two mazes, then each answer on a poster of its own
    for number, pdf_page in enumerate(reader.pages, 1):
        assert [float(v) for v in pdf_page.mediabox] == [0, 0, 1440, 1440]  # 20 x 20 inches
        rim = [s for s in Document(reader).page(number - 1).shapes if s.stroke and s.kind == "curve"]
        x0, x1 = min(s.x0 for s in rim), max(s.x1 for s in rim)
        y0, y1 = min(s.y0 for s in rim), max(s.y1 for s in rim)
        box = content_box(layout, number)
        assert x1 - x0 == pytest.approx(
            y1 - y0, rel=0.005
        )  # round, not squashed (the exit's gap may cut a side)
        assert (x0 + x1) / 2 == pytest.approx((box.x0 + box.x1) / 2, abs=0.005 * box.w)  # centred across
        assert x1 - x0 >= 0.8 * min(box.w, box.h)  # as large as the heading and the marks leave room for
        assert box.x0 <= x0 and x1 <= box.x1 and box.y0 <= y0 and y1 <= box.y1


def test_a_round_maze_sized_by_an_age_is_made_as_large_as_the_page_takes(tmp_path):
    """An age's 10 rings, too many for a 6x9 handout at its cells, was refused; a square maze sized by
    an age is made smaller, with a note, down to half the age's size: a circle down to half its rings."""
    from puzzlebook.build import check_book

    spec = tmp_path / "book.yaml"
    spec.write_text(
        "title: T\nlayout: handout\ndifficulty: age-6\npage_size: 6x9in\nmazes_per_page: 1\n"
        "marks: suggested\nmazes:\n  - {grid: circle}\n"
    )
    [maze] = check_book(spec).mazes
    assert 5 <= maze.width < 10
    result = invoke(["validate", str(spec)])
    assert result.exit_code == 0, result.stderr
    assert result.stderr == (
        f"note: book.yaml:8: mazes[0]: difficulty: age-6 sets 10 rings; made {maze.width} rings, the most the "
        "page takes at its cells\n"
    )


@pytest.mark.parametrize("inner", [1, 2, 4])
def test_a_start_round_a_hole_opens_into_it_and_its_line_starts_in_it(inner: int) -> None:
    """From the centre out round a hole, the start was a badge in a cell of the first ring, a fifth of
    an inch across, and the hole stood empty. The start's wall onto the hole opens (the hole's circle
    has one gap, the start cell's span), and its answer's line starts at the hole's centre."""
    from puzzlebook.geometry import extent, solution_line

    for seed in range(1, 6):
        puzzle = make_puzzle("wilson", 9, 9, seed, marks="center-out", grid="circle", inner=inner)
        assert isinstance(puzzle.maze, GraphMaze) and puzzle.start is not None
        _, arcs = field_sides(puzzle)
        hole = [(t0, t1) for _, _, radius, t0, t1 in arcs if abs(radius - inner) < 1e-9]
        cells = puzzle.maze.grid.kind.counts(9)[inner]
        ring, k = puzzle.start
        assert ring == inner
        covered = sum(t1 - t0 for t0, t1 in hole)
        assert covered == pytest.approx(1 - 1 / cells), (seed, hole)  # one cell's span open: the start's
        assert all(not (t0 < (k + 0.5) / cells < t1) for t0, t1 in hole)  # over the start cell
        w, h = extent(puzzle.maze)
        assert solution_line(puzzle)[0] == pytest.approx((w / 2, h / 2))


def test_a_start_round_a_hole_has_its_badge_in_the_hole_as_large_as_a_centres(tmp_path) -> None:
    """Read from the pages: the start's badge stands at the circle's centre, in the hole, as large as
    the badge in the centre cell of a circle of the same rings without one (a fifth of an inch beside
    the hole, 0.7 in in the centre)."""
    from puzzlebook.build import build_book

    spec = tmp_path / "book.yaml"
    spec.write_text(
        "title: T\nseed: 3\ntitle_page: false\nanswer_key: false\nmarks: center-out\nmazes:\n"
        "  - {size: 8, grid: circle}\n  - {size: 8, grid: circle, inner: 2, count: 2}\n"
        "  - {size: 8, grid: circle, inner: 3}\n"
    )
    target, _ = build_book(spec)
    doc = Document(PdfReader(target))
    radii = []
    for index in range(4):
        page = doc.page(index)
        walls = [s for s in page.shapes if s.stroke]
        x0, y0 = min(s.x0 for s in walls), min(s.y0 for s in walls)
        x1, y1 = max(s.x1 for s in walls), max(s.y1 for s in walls)
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        discs = _discs(page)
        assert len(discs) == 1, index
        disc = discs[0]
        assert math.hypot((disc.x0 + disc.x1) / 2 - cx, (disc.y0 + disc.y1) / 2 - cy) < 1.0, index
        radii.append((disc.x1 - disc.x0) / 2)
    assert radii[1:] == pytest.approx([radii[0]] * 3, abs=0.5), radii  # every circle here is one size


@pytest.mark.parametrize("inner", [1, 2, 3])
def test_a_start_or_end_inside_a_ring_stands_clear_of_its_walls(tmp_path, inner: int) -> None:
    """The S of a start in the ring round a circle's hole filled the ring's depth and touched both its
    walls (the Doughnut of round-and-round). A badge inside a ring keeps paper round it: read from the
    page, each disc lies inside its ring, clear of either wall's ink by a twelfth of the paper between;
    its letter prints at the book's size for Start and Finish (it ran 13 to 33 pt with the cells)."""
    from puzzlebook.build import build_book

    cells = [(inner, 0), (inner + 2, 3), (inner + 1, 5)]  # none on the rim: no arrow
    marks = "".join(
        f"\n  - {{size: 8, grid: circle, inner: {inner}, marks: {{start: [{a[0]}, {a[1]}], end: [{b[0]}, {b[1]}]}}}}"
        for a, b in pairwise(cells)
    )
    spec = tmp_path / "book.yaml"
    spec.write_text(f"title: T\nseed: 3\ntitle_page: false\nanswer_key: false\nmazes:{marks}\n")
    target, checked = build_book(spec)
    (words,) = {i.label for p in checked.plan.pages for i in p.items if isinstance(i, MazeFrame)}
    doc = Document(PdfReader(target))
    seen = 0
    for index, (start, end) in enumerate(pairwise(cells)):
        page = doc.page(index)
        walls = [s for s in page.shapes if s.stroke]
        x0, y0 = min(s.x0 for s in walls), min(s.y0 for s in walls)
        x1, y1 = max(s.x1 for s in walls), max(s.y1 for s in walls)
        cx, cy, rim = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2  # the rim's path: no opening, no arrow
        wall = max(s.linewidth for s in walls)
        cell = rim / 8
        discs = _discs(page)
        assert len(discs) == 2
        letters: list[str] = []
        for disc in discs:
            r = (disc.x1 - disc.x0) / 2
            d = math.hypot((disc.x0 + disc.x1) / 2 - cx, (disc.y0 + disc.y1) / 2 - cy)
            ring = min((start[0], end[0]), key=lambda n: abs((n + 0.5) * cell - d))
            paper = cell - wall  # between the ring's two walls' ink
            inside, outside = d - r - (ring * cell + wall / 2), (ring + 1) * cell - wall / 2 - (d + r)
            assert min(inside, outside) >= paper / 12, (ring, inside, outside, paper)
            inside = [c for c in page.chars if disc.x0 < c.x0 and c.x1 < disc.x1 and disc.y0 < c.y0 < disc.y1]
            assert len(inside) == 1 and inside[0].size == pytest.approx(words, abs=0.05) and words >= 10
            letters.append(inside[0].text)
            seen += 1
        assert sorted(letters) == ["F", "S"]  # Start and Finish, each its word's first letter
    assert seen == 4


def test_no_badge_letter_prints_under_the_size_printers_take(tmp_path) -> None:
    """A circle's centre badge drew its letter at a quarter more than its radius in any cell of 10 pt
    or more: in an answer key's small circles, an S of 5.8 pt that ``check`` refused. Where the letter
    would print under ``MIN_TEXT`` the badge is a dot; read back from every page, and ``check`` passes,
    while the maze pages keep their lettered badges."""
    from puzzlebook.settings import MIN_TEXT

    spec = tmp_path / "round.yaml"
    spec.write_text(
        "title: R\nmarks: center-out\npictures: mouse-cheese\nprint_on_demand: false\nseed: 3\nmazes:\n"
        "  - {grid: circle, size: 8, algorithm: wilson, count: 2}\n"
        "  - {grid: circle, size: 6, inner: 2, algorithm: prim}\n"
    )
    out = tmp_path / "round.pdf"
    assert run("build", str(spec), "-o", str(out)).returncode == 0
    pages = [Document(PdfReader(out)).page(i) for i in range(5)]
    assert min(c.size for page in pages for c in page.chars) >= MIN_TEXT - 1e-6
    assert all(any(c.text == "S" for c in page.chars) for page in pages[1:4])  # each maze page's badge
    result = run("check", str(spec))
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize("rings, inner", [(6, 0), (10, 0), (14, 0), (9, 3)])
def test_an_answers_line_keeps_to_the_corridors_of_a_circle(rings: int, inner: int) -> None:
    """From ring to ring the line turns along the inner ring to the opening and goes straight out
    through its middle: drawn from centre to centre, it cut across the opening's edge, by the end of
    the wall between a cell's two neighbours outside it (a 16-ring key's line lay over 39 pt of
    wall). Every point of it stays three tenths of a corridor from every wall's middle line (it came
    within 0.19 of one; a corner the line turns round in a narrow cell is 0.33 from its side)."""
    import numpy as np

    from puzzlebook.geometry import all_walls, arc_points, solution_lines

    for seed in range(6):
        puzzle = make_puzzle(
            "recursive-backtracker", rings, rings, seed, marks="suggested", grid="circle", inner=inner
        )
        runs, arcs = all_walls(puzzle)
        ends = [((x0, y0), (x1, y1)) for x0, y0, x1, y1 in runs]
        for arc in arcs:
            points = arc_points(arc, 1 / 360)
            ends += list(pairwise(points))
        walls = np.array(ends)  # (walls, 2 ends, x and y)
        for line in solution_lines(puzzle):
            samples = np.array(
                [
                    (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
                    for a, b in pairwise(line)
                    for t in np.linspace(0, 1, max(2, int(math.dist(a, b) * 10)))
                ]
            )
            start, along = walls[:, 0], walls[:, 1] - walls[:, 0]
            to = samples[:, None, :] - start[None, :, :]
            t = np.clip((to * along).sum(-1) / np.maximum((along * along).sum(-1), 1e-12), 0, 1)
            gap = np.linalg.norm(to - t[..., None] * along, axis=-1).min()
            assert gap >= 0.3, (seed, gap)


def test_a_circles_start_says_its_word_at_the_words_size_and_its_answer_a_dot(tmp_path) -> None:
    """Round and Round's S ran from 13 to 33 pt as it followed each circle's cells, beside a 12 pt
    Finish; and 4 of its key's 16 circles printed an S where the rest had a dot. A centre that holds
    the word spells it ("Start"), one too small for it even at two thirds of that size its letter
    (a 15-ring circle's; a 13-ring one's spells it smaller, as the next test reads), both at the Finish
    word's size; an answer thumbnail, whose arrows say no words, starts at a dot."""
    checked, doc = _centre_out(tmp_path, "  - {size: 6, grid: circle}\n  - {size: 15, grid: circle}\n")
    frames = {p.number - 1: i for p in checked.plan.pages for i in p.items if isinstance(i, MazeFrame)}
    shown = []
    for index in range(len(checked.plan.pages)):
        page = doc.page(index)
        discs = _discs(page)
        inside = [c for d in discs for c in page.chars if d.x0 < c.x0 and c.x1 < d.x1 and d.y0 < c.y0 < d.y1]
        if frames[index].answer:
            assert len(discs) == 2 and not inside  # the key's two thumbnails: dots, no letter
            continue
        finish = [c for c in page.chars if c.text == "F"]
        assert {c.size for c in inside} == {finish[0].size} == {frames[index].label}
        shown.append("".join(c.text for c in inside))
    assert shown == ["Start", "S"]


def test_a_start_in_a_small_centre_is_spelled_smaller_before_it_is_a_letter(tmp_path) -> None:
    """A 10-ring circle's centre held no "Start" at the 12 pt of the words by its arrows, and said "S":
    7 of the 16 round mazes for children did. Read from the pages: the word is spelled in its disc,
    smaller, down to two thirds of the words' size, and the Finish arrow on the rim keeps its size (the
    first try drew it at the badge word's size); only a centre too small for that still says "S"."""
    from puzzlebook.build import generate
    from puzzlebook.layout.settle import settled
    from puzzlebook.layout.signs import arrow_gap
    from puzzlebook.render.fonts import setters

    mazes = "  - {grid: circle, size: 6}\n  - {grid: circle, size: 10}\n  - {grid: circle, size: 15}\n"
    checked, doc = _centre_out(tmp_path, mazes, "answer_key: false\n")
    said: list[tuple[str, float]] = []
    for index in range(3):
        page = doc.page(index)
        discs = _discs(page)
        (disc,) = discs
        inside = [c for c in page.chars if disc.x0 < c.x0 and c.x1 < disc.x1 and disc.y0 < c.y0 < disc.y1]
        outside = [c for c in page.chars if c not in inside]
        at = "".join(c.text for c in outside).index("Finish")  # after the heading, Maze 1
        said.append(("".join(c.text for c in inside), inside[0].size / outside[at].size))
    checked, puzzles = generate(checked)
    bold = setters(checked.plan)[1]
    arrows = []
    for frame in (i for p in checked.plan.pages for i in p.items if isinstance(i, MazeFrame)):
        signs = settled(frame, puzzles[frame.number], lambda word, size: bold.line(word).width * size)[2]
        (arrow,) = [sign.polygon for sign in signs if sign.kind == "arrow"]
        tail = ((arrow[3][0] + arrow[4][0]) / 2, (arrow[3][1] + arrow[4][1]) / 2)
        # tip to tail, and its gap from the wall: the frame's size for arrows, whatever the badge's word
        arrows.append((math.dist(arrow[0], tail) + arrow_gap(frame.cell), frame.mark))
    assert said[0] == ("Start", pytest.approx(1.0))  # the centre holds it at the words' size
    assert said[1][0] == "Start" and 2 / 3 - 0.01 <= said[1][1] < 1.0, said
    assert said[2] == ("S", pytest.approx(1.0)), said  # too small even then: its letter
    assert all(length == pytest.approx(size, abs=0.01) for length, size in arrows), arrows


def test_a_centre_too_small_to_spell_start_is_told_with_the_hole_that_spells_it(tmp_path):
    """A round maze of many rings printed its centre start as a lone "S" in a small disc, and nothing
    said so (a design review). `build` now says which maze and the `inner:` that leaves room to spell
    it; built with that hole, the page spells Start and nothing is said."""
    import re

    from pdfcheck import page_texts

    spec = tmp_path / "book.yaml"
    body = "title: T\nlayout: activity-book\nmarks: center-out\nanswer_key: false\nmazes:\n  - {{grid: circle, size: 15{}}}\n"
    spec.write_text(body.format(""))
    result = invoke(["build", str(spec), "-o", str(tmp_path / "a.pdf")])
    assert result.exit_code == 0, result.stderr
    said = re.search(
        r'maze 1 is drawn with "S" for Start inside it: no room there to spell it; inner: (\d+) ',
        result.stderr,
    )
    assert said, result.stderr
    assert "Start" not in page_texts(tmp_path / "a.pdf")[1]
    spec.write_text(body.format(f", inner: {said[1]}"))
    result = invoke(["build", str(spec), "-o", str(tmp_path / "b.pdf")])
    assert result.exit_code == 0 and "inside it" not in result.stderr, result.stderr
    assert "Start" in page_texts(tmp_path / "b.pdf")[1]
