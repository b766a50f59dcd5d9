"""Weave mazes: passages crossing under others, checked on the JSON graph by an independent checker
(tests/mazecheck.py), drawn and read back from the PDF, and refused where they cannot be made."""

from __future__ import annotations

import json
import math
import re
from collections import Counter
from itertools import pairwise
from pathlib import Path

import pytest
from clirun import invoke
from hypothesis import given, settings
from hypothesis import strategies as st
from mazecheck import graph_distances, weave_problems
from pypdf import PdfReader

from puzzlebook import generators
from puzzlebook.generators.weave import DENSEST, inner_cells
from puzzlebook.interchange import to_json
from puzzlebook.pdfread import Document
from puzzlebook.puzzles import make_puzzle

WEAVERS = generators.weavers()
SIZES = [(1, 1), (2, 1), (1, 5), (3, 3), (4, 7), (9, 6), (16, 11), (30, 24)]


@pytest.mark.parametrize("algorithm", WEAVERS)
def test_every_weaver_makes_a_perfect_maze_counting_tunnels(algorithm: str) -> None:
    crossed = 0
    for width, height in SIZES:
        for share in (0.2, 0.6, 1.0):
            for seed in range(3):
                puzzle = make_puzzle(algorithm, width, height, seed, marks="suggested", weave=share)
                doc = to_json(puzzle)
                assert weave_problems(doc) == [], (width, height, share, seed)
                g = doc["graph"]
                assert g["solution"][0] == g["start"] and g["solution"][-1] == g["end"]
                assert len(g["solution"]) - 1 == graph_distances(doc, g["start"])[g["end"]]
                linked = {tuple(sorted(p)) for p in g["passages"]}
                assert all(tuple(sorted(p)) in linked for p in pairwise(g["solution"]))
                crossed += len(doc["crossings"])
    assert crossed > 50  # the mazes do weave


@settings(max_examples=40, deadline=None)
@given(
    algorithm=st.sampled_from(WEAVERS),
    w=st.integers(1, 18),
    h=st.integers(1, 18),
    share=st.floats(0.01, 1.0),
    seed=st.integers(0, 2**64 - 1),
)
def test_weave_mazes_of_any_size_share_and_seed_are_perfect(
    algorithm: str, w: int, h: int, share: float, seed: int
) -> None:
    doc = to_json(make_puzzle(algorithm, w, h, seed, marks="suggested", weave=share))
    assert weave_problems(doc) == []


@pytest.mark.parametrize("share", [0.1, 0.5, 1.0])
def test_kruskal_places_the_number_of_crossings_its_share_promises(share: float) -> None:
    for width, height in ((12, 9), (30, 20), (41, 7)):
        for seed in range(4):
            doc = to_json(make_puzzle("kruskal", width, height, seed, weave=share))
            assert len(doc["crossings"]) == round(share * DENSEST * inner_cells(width, height))


def test_the_same_seed_makes_the_same_weave_maze_and_another_seed_another() -> None:
    for algorithm in WEAVERS:
        a, b = (to_json(make_puzzle(algorithm, 20, 15, 7, marks="suggested", weave=0.5)) for _ in range(2))
        other = to_json(make_puzzle(algorithm, 20, 15, 8, marks="suggested", weave=0.5))
        assert a == b and a["graph"]["passages"] != other["graph"]["passages"]
        assert a["weave"] == 0.5 and a["grid"] == {"kind": "rectangle", "width": 20, "height": 15}


def test_a_solution_may_run_under_a_crossing() -> None:
    under = 0
    for seed in range(20):
        doc = to_json(make_puzzle("kruskal", 15, 15, seed, marks="suggested", weave=1.0))
        cells = doc["graph"]["cells"]
        path = [cells[i] for i in doc["graph"]["solution"]]
        under += sum(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 2 for a, b in pairwise(path))
    assert under > 0


def _strokes(pdf: Path, gray: tuple[float, ...] = (0.0,)) -> list[tuple[float, float, float, float]]:
    """Every straight line stroked in ``gray`` on the PDF's first page, (x0, y0, x1, y1) with y down."""
    reader = PdfReader(pdf)
    top = float(reader.pages[0].mediabox.top)
    return [
        (s.x0, top - s.y1, s.x1, top - s.y0)
        for s in Document(reader).page(0).shapes
        if s.kind == "line" and s.stroke and s.stroke_color == gray
    ]


def _on(strokes: list[tuple[float, float, float, float]], x: float, y: float) -> bool:
    """Whether an axis-aligned stroke passes through (x, y)."""
    return any(a - 0.05 <= x <= c + 0.05 and b - 0.05 <= y <= d + 0.05 for a, b, c, d in strokes)


def test_crossings_read_back_from_the_pdf_are_the_mazes(tmp_path: Path) -> None:
    """Bridges are found in the drawing alone: a cell with walls a quarter in from two opposite sides,
    running through it, and no wall on those sides (the tunnel's mouths) is a crossing, its tunnel
    running across those sides. They must be the JSON's crossings, every one, and the tunnel's walls
    must stop short of the bridge's, a clear gap, but no more than a crack: they reach half the way to
    the bridge's, past 0.1 of the cell from the corner (a gap of most of the mouth read as the bridge's
    way opening into the tunnel, its walls as stray dashes: a designer, looking at the showcase). They come in from a corner only where they continue
    a wall that meets it (alone, a stub read as a speck of dust)."""
    out = tmp_path / "weave.pdf"
    args = ["maze", "-a", "kruskal", "-s", "14x10", "--seed", "4", "--weave"]
    result = invoke([*args, "-o", str(out)])
    assert result.exit_code == 0, result.output
    doc = json.loads(invoke([*args, "-f", "json"]).stdout)
    strokes = _strokes(out)
    x0, y0 = min(s[0] for s in strokes), min(s[1] for s in strokes)
    cell = (max(s[2] for s in strokes) - x0) / 14

    def wall(x: float, y: float) -> bool:
        return _on(strokes, x0 + x * cell, y0 + y * cell)

    found = []
    for y in range(10):
        for x in range(14):
            if all(wall(x + q, y + t) for q in (0.25, 0.75) for t in (0.1, 0.5, 0.9)) and not any(
                wall(x + q, y + 0.5) for q in (0.0, 0.1, 0.9, 1.0)
            ):
                found.append({"cell": [x, y], "under": "EW"})
            if all(wall(x + t, y + q) for q in (0.25, 0.75) for t in (0.1, 0.5, 0.9)) and not any(
                wall(x + 0.5, y + q) for q in (0.0, 0.1, 0.9, 1.0)
            ):
                found.append({"cell": [x, y], "under": "NS"})
    assert len(doc["crossings"]) >= 10
    joined = 0
    for crossing in doc["crossings"]:  # the tunnel's walls come in from the corners and stop short
        (x, y), ew = crossing["cell"], crossing["under"] == "EW"
        for t in (0.0, 1.0):
            for near, far, gap, corner in ((0.02, 0.1, 0.19, 0.0), (0.98, 0.9, 0.81, 1.0)):
                on, reach, off = (
                    ((x + near, y + t), (x + far, y + t), (x + gap, y + t))
                    if ew
                    else ((x + t, y + near), (x + t, y + far), (x + t, y + gap))
                )
                out = 2 * corner - near  # just beyond the corner, along the line and across it
                turn = t + (0.02 if t else -0.02)
                beyond = (
                    [(x + out, y + t), (x + corner, y + turn)]
                    if ew
                    else [(x + t, y + out), (x + turn, y + corner)]
                )
                meets = any(wall(*point) for point in beyond)
                joined += meets
                assert wall(*on) == wall(*reach) == meets and not wall(*off), crossing
    assert joined >= len(doc["crossings"])  # most corners meet a wall: the mouths are drawn there
    key = lambda c: (c["cell"][1], c["cell"][0])  # noqa: E731
    assert sorted(found, key=key) == sorted(doc["crossings"], key=key)


def test_the_answer_line_is_broken_where_it_runs_under_a_bridge(tmp_path: Path) -> None:
    """In the SVG and the PDF, the answer line is one piece more than the tunnels it takes (the PDF's
    maze made with its ends on the axis its page plans, ``exports.page_axis``)."""
    from puzzlebook.exports import page_axis

    def tunnels_of(seed: int, axis: str = "") -> int:
        doc = to_json(make_puzzle("kruskal", 12, 12, seed, marks="suggested", weave=1.0, axis=axis))
        cells = doc["graph"]["cells"]
        path = [cells[i] for i in doc["graph"]["solution"]]
        return sum(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 2 for a, b in pairwise(path))

    axis = page_axis(12, 12, "rectangle", 1.0)
    for seed in range(40):
        tunnels, paged = tunnels_of(seed), tunnels_of(seed, axis)
        if tunnels and paged:
            break
    args = ["maze", "-a", "kruskal", "-s", "12x12", "--seed", str(seed), "--weave-share", "1", "--solution"]
    svg = invoke([*args, "-f", "svg"]).stdout
    assert svg.count("<polyline") == tunnels + 1
    out = tmp_path / "answer.pdf"
    assert invoke([*args, "-o", str(out)]).exit_code == 0
    reader = PdfReader(out)
    widths = Counter(round(s.linewidth, 2) for s in Document(reader).page(0).shapes if s.stroke)
    answer = max(widths)  # the answer line is the heaviest stroke: one subpath a piece
    assert widths[answer] == paged + 1


def test_a_book_of_weave_mazes_builds_and_too_small_cells_are_refused(tmp_path: Path) -> None:
    book = tmp_path / "book.yaml"
    book.write_text(
        "title: Bridges\nmarks: suggested\nanswer_key: true\nmazes:\n"
        "  - {size: 16x20, algorithm: recursive-backtracker, weave: true}\n"
        "  - {size: 16x20, algorithm: hunt-and-kill, weave: 0.8}\n"
    )
    result = invoke(["build", str(book), "-o", str(tmp_path / "b.pdf")])
    assert result.exit_code == 0, result.output
    dense = "title: Dense\nmazes:\n  - {size: 40x50, algorithm: kruskal%s}\n"
    book.write_text(dense % "")
    assert invoke(["build", str(book), "-o", str(tmp_path / "c.pdf")]).exit_code == 0
    book.write_text(dense % ", weave: true")
    result = invoke(["build", str(book), "-o", str(tmp_path / "d.pdf")])
    assert result.exit_code == 2
    assert "mazes[0].size: 40x50 is too dense" in result.output
    assert "(the cells a crossing reads in)" in result.output


def test_weave_mazes_take_difficulty_bands_and_class_sets(tmp_path: Path) -> None:
    """A band's mazes and a class set's are all weave mazes (their JSON crossings read back from the
    puzzles made), scored and rated as any maze."""
    from puzzlebook.build import make_puzzles
    from puzzlebook.spec.load import load_spec

    book = tmp_path / "book.yaml"
    book.write_text(
        "title: Bridges\nmarks: suggested\nstudents: [Ana, Ben, Cy]\nmazes:\n"
        "  - {size: 12x12, algorithm: kruskal, weave: true, difficulty: hard, seed: 3}\n"
    )
    spec = load_spec(book)
    puzzles = make_puzzles(list(spec.mazes()), rate=True)
    assert len(puzzles) == 3
    docs = [to_json(p) for p in puzzles.values()]
    assert all(weave_problems(d) == [] and d["crossings"] for d in docs)
    assert len({json.dumps(d["graph"]["passages"]) for d in docs}) == 3  # a different maze each
    assert {p.rating for p in puzzles.values()} <= {"Easy", "Medium", "Hard"}
    result = invoke(["build", str(book), "-o", str(tmp_path / "b.pdf")])
    assert result.exit_code == 0, result.output


def test_one_weave_maze_too_dense_for_its_page_is_refused_with_a_size_that_fits(tmp_path: Path) -> None:
    """A size too dense for one page is a slip in ``--size``: told in a line (exit 2, as the docs say
    of bad options, where it was 1), with the largest size whose page, and whose solution's, take it
    (it said "make it smaller"; 21x21 was then refused with --solution, a newcomer's trial)."""
    args = ["maze", "-a", "kruskal", "-s", "60x60", "--seed", "1"]
    assert invoke([*args, "-o", str(tmp_path / "plain.pdf")]).exit_code == 0
    result = invoke([*args, "--weave", "-o", str(tmp_path / "woven.pdf")])
    assert result.exit_code == 2 and result.stderr.startswith(
        "error: --size: a 60x60 weave maze is too dense"
    )
    assert not (tmp_path / "woven.pdf").exists()
    most = re.search(r"make it at most (\d+)x(\d+), or use --format svg or png$", result.stderr.strip())
    assert most, result.stderr
    w, h = int(most[1]), int(most[2])
    for size, solution in (((w, h), False), ((w, h), True), ((w + 1, h + 1), True)):
        out = tmp_path / f"{size[0]}-{solution}.pdf"
        sized = ["maze", "-a", "kruskal", "-s", f"{size[0]}x{size[1]}", "--seed", "1", "--weave"]
        result = invoke([*sized, *(["--solution"] if solution else []), "-o", str(out)])
        assert (result.exit_code == 0) == (size == (w, h)), (size, solution, result.stderr)


def test_a_tunnels_walls_stop_a_walls_width_of_paper_short_of_its_bridge(tmp_path: Path) -> None:
    """At the least cell a crossing reads in (16 walls), the tunnel's walls stopped a tenth of a cell
    short of the bridge's: 0.6 of a wall of paper between them once stroked, so a tunnel read as a
    corridor ending at the bridge (a designer, looking at the showcase). Read back from a book page in
    such cells: beside every crossing, at least a wall's width of paper."""
    from puzzlebook.build import build_book, generate
    from puzzlebook.layout import MazeFrame
    from puzzlebook.layout.settle import settled
    from puzzlebook.render.svg import measure

    book = tmp_path / "book.yaml"
    book.write_text(
        "title: W\ntitle_page: false\nanswer_key: false\nseed: 3\nmazes:\n"
        "  - {size: 19x25, algorithm: kruskal, weave: true}\n"
    )
    target, checked = build_book(book, tmp_path / "w.pdf")
    _, puzzles = generate(checked)
    planned = next(i for p in checked.plan.pages for i in p.items if isinstance(i, MazeFrame))
    frame = settled(planned, puzzles[1], measure)[0]  # where the page draws it
    cell, wall = frame.cell, frame.wall
    assert cell <= 16 * wall * 1.1  # about the least a crossing reads in
    lines = [s for s in Document(PdfReader(target)).page(0).shapes if s.kind == "line" and s.stroke]

    def page(x: float, y: float) -> tuple[float, float]:  # grid units (y down) to the page's points
        return frame.x + x * cell, frame.y + (25 - y) * cell

    def paper(along: int, across: float, bridge: float, ew: bool) -> float:
        """Paper between the tunnel's wall on grid line ``across`` and the bridge's wall at ``bridge``,
        from the wall that ends nearest it on the side of ``along`` (a cell's number on that line)."""
        if ew:
            row = page(0, across)[1]
            walls = [(s.x0, s.x1) for s in lines if abs(s.y0 - row) < 0.05 and abs(s.y1 - row) < 0.05]
        else:
            col = page(across, 0)[0]
            walls = [(s.y0, s.y1) for s in lines if abs(s.x0 - col) < 0.05 and abs(s.x1 - col) < 0.05]
        at = page(bridge, 0)[0] if ew else page(0, bridge)[1]
        start = page(along, 0)[0] if ew else page(0, along)[1]
        ends = [e for pair in walls for e in pair if (e < at) == (start < at)]  # none: no wall on the line
        return min((abs(at - e) for e in ends), default=math.inf) - wall  # less half a stroke each side

    crossings = to_json(puzzles[1])["crossings"]
    assert len(crossings) >= 20
    for crossing in crossings:
        (x, y), ew = crossing["cell"], crossing["under"] == "EW"
        a, b = (x, y) if ew else (y, x)
        for across in (b, b + 1):
            assert paper(a, across, a + 0.25, ew) >= wall - 0.01, crossing
            assert paper(a + 1, across, a + 0.75, ew) >= wall - 0.01, crossing


@pytest.mark.parametrize("kind", ["pdf", "svg"])
def test_a_weave_mazes_walls_leave_its_tunnel_mouths_four_walls_deep(tmp_path: Path, kind: str) -> None:
    """Walls a tenth of the cell, as other mazes have them, left a tunnel's mouth (a quarter of the
    cell) two and a half walls deep: a wall of paper short of the bridge, and a speck of wall from the
    corner, so the bridge's walls stood as stray dashes in an open square (a designer, looking at the
    showcase). A weave maze's walls are a sixteenth of its cell at most; a plain maze's as they were.
    Read back from the file (the PNG takes the SVG's sizes, ``layout.Figure``)."""
    args = ["maze", "-a", "kruskal", "-s", "14x10", "--seed", "4"]
    walls = {}
    for woven in (True, False):
        out = tmp_path / f"m{woven}.{kind}"
        assert invoke([*args, *(["--weave"] if woven else []), "-o", str(out)]).exit_code == 0
        if kind == "svg":
            walls[woven] = float(re.findall(r'stroke-width="([\d.]+)"', out.read_text())[0]) / 18
        else:
            lines = [s for s in Document(PdfReader(out)).page(0).shapes if s.kind == "line" and s.stroke]
            cell = (max(s.x1 for s in lines) - min(s.x0 for s in lines)) / 14
            walls[woven] = min(s.linewidth for s in lines) / cell
    assert walls[True] <= 1 / 16 + 0.001 < walls[False], walls


def test_a_weave_mazes_answer_has_its_thinner_walls_never_under_a_printers_least(tmp_path: Path) -> None:
    """In the answer key too, a weave maze's walls are a sixteenth of its cell at most, and never under
    the 0.75 pt print-on-demand printers promise (a key's cells are small)."""
    from puzzlebook.build import build_book
    from puzzlebook.layout import MazeFrame
    from puzzlebook.settings import MIN_LINE

    book = tmp_path / "book.yaml"
    book.write_text(
        "title: W\ntitle_page: false\nmarks: suggested\nseed: 3\nmazes:\n"
        "  - {size: 18x24, algorithm: kruskal, weave: true}\n  - {size: 18x24, algorithm: kruskal}\n"
    )
    _, checked = build_book(book, tmp_path / "w.pdf")
    frames = [i for p in checked.plan.pages for i in p.items if isinstance(i, MazeFrame)]
    keys = {f.number: f for f in frames if f.answer}
    pages = {f.number: f for f in frames if not f.answer}
    assert sorted(keys) == sorted(pages) == [1, 2]
    for frame in (keys[1], pages[1]):
        assert MIN_LINE - 1e-9 <= frame.wall <= max(MIN_LINE, frame.cell / 16) + 1e-9, frame
    assert keys[2].wall > keys[2].cell / 16 or keys[2].wall == MIN_LINE  # a plain maze's, as it was
