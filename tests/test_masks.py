"""Masks: shapes drawn in a text file, checked on the cells alone with the independent checker."""

import itertools
import json
import math
import random
import re

import pytest
from clirun import invoke
from hypothesis import given, settings
from hypothesis import strategies as st
from mazecheck import graph_problems, path_lengths, problems, shortest_path

from puzzlebook import generators
from puzzlebook.build import build_book, check_book, make_puzzles
from puzzlebook.masks import parse_mask
from puzzlebook.puzzles import make_puzzle
from puzzlebook.shapes import aged_size

WALKERS = [n for n in generators.ALGORITHMS.names() if not generators.get(n).rectangle_only]
HEART = """\
..XXX...XXX..
.XXXXX.XXXXX.
XXXXXXXXXXXXX
XXXXXXXXXXXXX
.XXXXXXXXXXX.
..XXXXXXXXX..
...XXXXXXX...
....XXXXX....
.....XXX.....
......X......
"""


def cells_of(mask):
    return [(x, y) for y in range(mask.height) for x in range(mask.width) if (x, y) not in mask.off]


def test_a_mask_is_cropped_to_its_cells_and_reads_x_and_hash_as_cells():
    mask, found = parse_mask("\n...\n.X#.\n..X\n\n", "m.txt", "book.yaml:4")
    assert found == []
    assert (mask.width, mask.height) == (2, 2) and mask.cells == 3
    assert mask.off == frozenset({(0, 1)})


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("XX\nXQ\n", 'm.txt:2: column 2: "Q" is neither a cell (X or #) nor empty (. or a space)'),
        ("XX\n\tX\n", "m.txt:2: column 1: a tab is neither a cell (X or #) nor empty (. or a space)"),
        ("..\n.X\n", "book.yaml:4: m.txt has 1 cell(s); a maze needs at least 2: mark them with X"),
        (
            "XX..X\n....X\nX....\n",
            "book.yaml:4: m.txt falls apart into 3 separate parts (2, 2 and 1 cells); a maze is one piece: "
            "join them with X cells side by side (corners do not join), or remove the smaller parts",
        ),
        ("X.\n.X\n", "book.yaml:4: m.txt falls apart into 2 separate parts (1 and 1 cells)"),
        (  # the largest five and a count: a comb of 5,551 teeth was listed whole, 11,000 characters
            "XX.X.X.X.X.X.X.X\n",
            "book.yaml:4: m.txt falls apart into 8 separate parts (2, 1, 1, 1, 1 cells and 3 more); a maze "
            "is one piece",
        ),
    ],
)
def test_a_mask_that_cannot_be_a_maze_says_what_to_fix(text, expected):
    mask, found = parse_mask(text, "m.txt", "book.yaml:4")
    assert mask is None
    assert f"{found[0].where}: {found[0].message}".startswith(expected)


@pytest.mark.parametrize("algorithm", WALKERS)
def test_every_walking_generator_makes_a_perfect_maze_of_the_shape(algorithm):
    mask, _ = parse_mask(HEART, "heart.txt", "")
    for seed in range(6):
        puzzle = make_puzzle(algorithm, mask.width, mask.height, seed, marks="suggested", masked=mask.off)
        cells = puzzle.maze.rows()
        assert problems(cells, mask.off) == []
        assert puzzle.start not in mask.off and puzzle.end not in mask.off
        route = puzzle.solution
        assert len(route) == len(shortest_path(cells, puzzle.start, puzzle.end))


def outline(mask):
    """Cells with a side on the outside of the shape: beyond the box, or a left-out cell the outside
    reaches (a hole inside the shape is not outside; see ``holes``)."""
    inside, hole = set(cells_of(mask)), holes(mask)
    return [
        c
        for c in cells_of(mask)
        if any(
            (c[0] + dx, c[1] + dy) not in inside and (c[0] + dx, c[1] + dy) not in hole
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
        )
    ]


@st.composite
def masks(draw):
    """A random connected shape: a random walk of cells in a small box."""
    w, h = draw(st.integers(2, 9)), draw(st.integers(2, 9))
    rng = random.Random(draw(st.integers(0, 2**32)))
    x, y = rng.randrange(w), rng.randrange(h)
    on = {(x, y)}
    for _ in range(draw(st.integers(1, w * h * 2))):
        dx, dy = rng.choice(((1, 0), (-1, 0), (0, 1), (0, -1)))
        x, y = min(w - 1, max(0, x + dx)), min(h - 1, max(0, y + dy))
        on.add((x, y))
    return "\n".join("".join("X" if (i, j) in on else "." for i in range(w)) for j in range(h))


@settings(max_examples=80, deadline=None)
@given(text=masks(), seed=st.integers(0, 2**32), algorithm=st.sampled_from(WALKERS))
def test_suggested_ends_run_across_the_shape_as_far_as_any_pair_does(text, seed, algorithm):
    """Brute force over every pair of outline cells at least half the shape's width apart, of those with
    a clear view out when such a pair exists, and of those on opposite sides of the middle of the
    shape's box (three eighths of a turn apart or more, seen from there) when such a pair exists: the
    suggested start and end are the longest pair along the maze, or, when a pair at least ``NEAR``
    times as long has room beyond both ends (then one) for a picture, the longest of those; each end
    opens on a side with room, else with a clear view out, when it has one, of those the one facing
    most squarely away from the middle."""
    from puzzlebook.shapelimits import NEAR, OPPOSITE

    mask, _ = parse_mask(text, "m.txt", "")
    if mask is None or not mask.off:
        return  # fewer than two cells, or a full rectangle: its ends sit on opposite sides (test_solve)
    puzzle = make_puzzle(algorithm, mask.width, mask.height, seed, marks="suggested", masked=mask.off)
    cells = puzzle.maze.rows()
    apart = (mask.width / 2) ** 2
    xs, ys = zip(*outline(mask), strict=True)
    mx, my = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2

    def opposite(a, b):  # 135 degrees apart or more, seen from the middle
        (ax, ay), (bx, by) = (a[0] - mx, a[1] - my), (b[0] - mx, b[1] - my)
        return ax * bx + ay * by <= OPPOSITE * math.hypot(ax, ay) * math.hypot(bx, by)

    def far_pairs(edge):
        far = [
            (a, b)
            for a, b in itertools.combinations(edge, 2)
            if (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2 >= apart
        ]
        return [(a, b) for a, b in far if opposite(a, b)] or far

    pairs = far_pairs([cell for cell in outline(mask) if clear_views(mask, cell)]) or far_pairs(outline(mask))
    steps = {8: (-1, 0), 4: (1, 0), 1: (0, -1), 2: (0, 1)}
    for cell, side in zip((puzzle.start, puzzle.end), puzzle.sides, strict=True):
        offered = room_views(mask, cell) or clear_views(mask, cell)
        assert side in offered or not offered
        # of those, one facing most squarely away from the middle: its arrow points away from the shape
        away = {s: steps[s][0] * (cell[0] - mx) + steps[s][1] * (cell[1] - my) for s in offered}
        assert not offered or away[side] == max(away.values()), (cell, side, away)
    length = len(puzzle.solution)
    assert length == len(shortest_path(cells, puzzle.start, puzzle.end))
    if pairs:
        assert (puzzle.start, puzzle.end) in pairs or (puzzle.end, puzzle.start) in pairs
        from_each = {a: path_lengths(cells, a) for a in {a for a, _ in pairs}}  # one search a start
        lengths = {(a, b): from_each[a][b] for a, b in pairs}
        longest = max(lengths.values())
        for ends_with_room in (2, 1, 0):
            near = [
                n
                for (a, b), n in lengths.items()
                if bool(room_views(mask, a)) + bool(room_views(mask, b)) >= ends_with_room
            ]
            if near and max(near) >= NEAR * longest:
                break
        assert length - 1 == max(near), ends_with_room
        assert bool(room_views(mask, puzzle.start)) + bool(room_views(mask, puzzle.end)) >= ends_with_room


def test_a_shapes_ends_leave_room_for_their_pictures_when_a_pair_nearly_as_long_does(tmp_path):
    """4 of 10 hearts in a paperback with pictures had no planet at the finish: its end fell on a step
    of the heart's slanting side, or between the lobes, where the picture would lie on the maze. Ends
    are now chosen among pairs nearly as long that leave room beyond both openings: built as a book,
    (nearly) every shape on squares and triangles shows both pictures, and the ways are hardly shorter."""
    lines = ["title: T", "layout: activity-book", "page_size: 8.5x11in", "seed: 2", "marks: suggested"]
    lines += ["pictures: rocket-planet", "mazes:"]
    for shape in ("heart", "star", "cat", "fish", "apple", "cloud", "diamond", "triangle", "circle"):
        for grid, cells in (("rectangle", (16, 16)), ("triangle", (24, 16))):
            w, h = aged_size(shape, grid, cells)  # as many cells, in the shape's own proportions
            lines.append(f"  - {{shape: {shape}, size: {w}x{h}, grid: {grid}, count: 4}}")
    spec = tmp_path / "book.yaml"
    spec.write_text("\n".join(lines) + "\n")
    result = invoke(["build", str(spec), "-o", str(tmp_path / "b.pdf")])
    assert result.exit_code == 0, result.stderr
    told = re.findall(
        r"mazes? ([\d, -]+) (?:is|are) drawn without the (?:words and )?pictures", result.stderr
    )
    lost = 0
    for part in ",".join(told).split(",") if told else []:  # "3", or a run "1-9"; none told: none lost
        first, _, last = part.strip().partition("-")
        lost += int(last or first) - int(first) + 1
    assert lost <= 2, result.stderr  # of 72 mazes: 10 or more lost a picture before


def write_book(tmp_path, entry, marks="suggested"):
    (tmp_path / "heart.txt").write_text(HEART)
    spec = tmp_path / "book.yaml"
    spec.write_text(f"title: Hearts\nmarks: {marks}\nmazes:\n  - {entry}\n")
    return spec


def test_a_spec_takes_the_size_from_its_mask_and_the_book_is_print_ready(tmp_path):
    spec = write_book(tmp_path, "{mask: heart.txt, algorithm: wilson, count: 2}")
    checked = check_book(spec)
    assert [(m.width, m.height) for m in checked.mazes] == [(13, 10), (13, 10)]
    puzzles = make_puzzles(checked.mazes)
    for puzzle in puzzles.values():
        assert problems(puzzle.maze.rows(), puzzle.maze.grid.masked) == []
    build_book(spec, tmp_path / "hearts.pdf")
    assert (tmp_path / "hearts.pdf").read_bytes().startswith(b"%PDF")
    spec.write_text(spec.read_text().replace("marks:", "pad: true\nmarks:"))
    result = invoke(["check", str(spec)])  # nothing in the margins, no hairlines
    assert result.exit_code == 0 and "ready for print" in result.stdout, result.stderr


@pytest.mark.parametrize(
    ("entry", "marks", "expected"),
    [
        (
            "{mask: heart.txt, size: 20x20}",
            "suggested",
            "mazes[0].size: 20x20, but the mask's cells fill 13x10",
        ),
        (
            "{mask: heart.txt, algorithm: eller}",
            "suggested",
            "mazes[0].algorithm: eller builds a plain rectangle",
        ),
        ("{mask: heart.txt}", "corners", "mazes[0].marks: corners names sides a shape may not have"),
        (
            "{mask: heart.txt, marks: {start: [0, 0], end: [6, 9]}}",
            "none",
            "mazes[0].marks: start [0, 0] is not a cell",
        ),
        ("{mask: nowhere.txt}", "none", "mazes[0].mask:"),
        ("{mask: heart.gif}", "none", 'mazes[0].mask: "heart.gif" is neither a .txt drawing nor a .png'),
        ("{mask: ../heart.txt}", "none", "mazes[0].mask:"),
    ],
)
def test_a_mask_the_entry_cannot_use_is_refused_with_its_line(tmp_path, entry, marks, expected):
    spec = write_book(tmp_path, entry, marks)
    result = invoke(["validate", str(spec)])
    assert result.exit_code == 2
    first = result.stderr.splitlines()[0]
    assert first.startswith("error: book.yaml:4: ") and expected in first, first
    assert "Traceback" not in result.stderr


def test_the_command_line_draws_a_masked_maze_and_its_json_lists_the_cells_left_out(tmp_path):
    (tmp_path / "heart.txt").write_text(HEART)
    out = tmp_path / "m.json"
    result = invoke(
        ["maze", "-a", "prim", "--mask", str(tmp_path / "heart.txt"), "--seed", "3", "-o", str(out)]
    )
    assert result.exit_code == 0, result.stderr
    made = json.loads(out.read_text())
    mask, _ = parse_mask(HEART, "heart.txt", "")
    assert {tuple(c) for c in made["grid"]["masked"]} == mask.off
    assert all(made["cells"][y][x] == 0 for x, y in mask.off)
    assert "graph" not in made  # maze/3: a square-celled maze is its cells' bitmasks
    assert problems(made["cells"], frozenset(mask.off)) == []  # a perfect maze of the shape's cells only
    text = invoke(["maze", "-a", "prim", "--mask", str(tmp_path / "heart.txt"), "--seed", "3"]).stdout
    assert text.splitlines()[0].startswith("      +--+")  # the heart's left lobe starts two cells in
    assert "+  +  +" not in text.splitlines()[0]  # no grid dots outside the shape


def test_a_names_size_too_dense_for_its_page_is_drawn_smaller_within_it(tmp_path):
    """A size written for a name is the most it is drawn over (issue 29): 60x20 drew Ana over 53x19,
    too dense for a handout, and was refused ("make it at most ..."); the name is now drawn as large as
    its slot allows within it, its letters still 12 cells tall. A name no size can take on the page is
    told where it is written, with what takes it."""
    spec = tmp_path / "book.yaml"
    spec.write_text(
        "title: N\nlayout: handout\npage_size: letter landscape\nmazes_per_page: 1\nstudents: [Ana, Ben]\n"
        "mazes:\n  - {shape: {text: '{student}'}, size: 60x20}\n"
    )
    result = invoke(["validate", str(spec)])
    assert result.exit_code == 0, result.stderr
    checked = check_book(spec)
    for maze in checked.mazes:
        assert maze.width < 53 and maze.height <= 20, (maze.student, maze.width, maze.height)
    spec.write_text(  # two a sheet, one above the other: too low for Anne- / Charlotte, too narrow whole
        spec.read_text()
        .replace("[Ana, Ben]", "[Ana, Anne-Charlotte]")
        .replace("60x20", "90x38")
        .replace("mazes_per_page: 1", "mazes_per_page: 2")
    )
    result = invoke(["validate", str(spec)])
    assert result.exit_code == 2
    (said,) = result.stderr.splitlines()
    assert said.startswith('error: book.yaml:5: students[1]: "Anne-Charlotte" takes at least '), said
    assert said.endswith(
        "7 pt; use mazes_per_page: 1, or use layout: activity-book, or use smaller cells (a layout file "
        "of base: handout and min_cell: 6)"
    ), said
    two = spec.read_text()
    (tmp_path / "small.yaml").write_text("base: handout\nmin_cell: 6\n")
    spec.write_text(two.replace("layout: handout", "layout: small.yaml"))
    assert invoke(["validate", str(spec)]).exit_code == 0, "the third fix it gives"
    spec.write_text(two.replace("layout: handout", "layout: activity-book"))
    assert invoke(["validate", str(spec)]).exit_code == 0, "the second fix it gives"
    spec.write_text(two.replace("mazes_per_page: 2", "mazes_per_page: 1"))
    assert invoke(["validate", str(spec)]).exit_code == 0, "the first fix it gives"


def test_the_command_line_never_writes_its_maze_over_its_mask(tmp_path):
    heart = tmp_path / "heart.txt"
    heart.write_text(HEART)
    for name in ("heart.txt", "./heart.txt"):
        result = invoke(["maze", "-a", "prim", "--mask", str(heart), "-o", str(tmp_path / name)])
        assert result.exit_code == 2 and "one of this book's own input files" in result.stderr
    assert heart.read_text() == HEART


def test_a_shape_or_mask_named_many_times_is_drawn_once_and_all_are_bounded(tmp_path, monkeypatch):
    """A 7 KB spec of 1,000 aliases to one 500x500 heart drew it 1,000 times (1.6 s each) before any
    limit was checked; twenty entries naming one big mask file read it twenty times."""
    from puzzlebook.errors import SpecError
    from puzzlebook.spec import fits as spec_module
    from puzzlebook.spec.fits import SHAPE_CELLS
    from puzzlebook.spec.load import load_spec

    drawn = []
    real = spec_module.shape_mask
    monkeypatch.setattr(spec_module, "shape_mask", lambda *a: drawn.append(a[:3]) or real(*a))
    book = tmp_path / "book.yaml"
    book.write_text("title: x\nmazes:\n  - &s {shape: heart, size: 40x40}\n" + "  - *s\n" * 99)
    spec = load_spec(book)
    assert drawn == [("heart", 40, 40)] and len(spec.masks) == 100
    assert len({id(mask) for mask in spec.masks.values()}) == 1
    assert SHAPE_CELLS == 400_000
    monkeypatch.setattr(spec_module, "SHAPE_CELLS", 5000)  # three 40x40 shapes fit, the fourth does not
    book.write_text(
        "title: x\nmazes:\n" + "".join(f"  - {{shape: heart, size: 40x{40 - i}}}\n" for i in range(4))
    )
    with pytest.raises(SpecError) as refused:
        load_spec(book)
    assert [str(p) for p in refused.value.problems] == [
        "book.yaml:6: mazes[3].shape: this spec's shapes are drawn over more than 5,000 cells in all: use "
        "fewer or smaller shapes"
    ]
    (tmp_path / "m.txt").write_text(HEART)
    read = []
    real_mask = spec_module.load_mask
    monkeypatch.setattr(spec_module, "load_mask", lambda *a, **k: read.append(a[0]) or real_mask(*a, **k))
    book.write_text("title: x\nmazes:\n" + "  - {mask: m.txt}\n" * 20)
    assert len(load_spec(book).masks) == 20 and len(read) == 1


def test_a_huge_drawing_is_refused_before_its_cells_are_collected(tmp_path):
    mask, found = parse_mask(("X" * 1001 + "\n") * 1000, "big.txt", "book.yaml:4")
    assert mask is None
    assert f"{found[0].where}: {found[0].message}" == (
        "book.yaml:4: big.txt is 1,001,000 characters across and down; a drawing may be at most 1,000,000"
    )


def test_the_search_for_a_shapes_ends_counts_in_the_books_work_limit(tmp_path):
    """A shape's ends cost a walk of the maze, its outline's pairs and looking out from each: 2,000
    diamonds are 7.4 million cells to make and 56 million with their ends, which a spec cannot ask for."""
    diamond = "\n".join(
        "".join("X" if abs(x - 30) + abs(y - 30) <= 30 else "." for x in range(61)) for y in range(61)
    )
    (tmp_path / "diamond.txt").write_text(diamond)
    spec = tmp_path / "book.yaml"
    spec.write_text("title: D\nlayout: poster\nmazes:\n" + "  - {mask: diamond.txt, count: 1000}\n" * 2)
    result = invoke(["validate", str(spec)])
    assert result.exit_code == 2
    assert "the searches for shaped mazes' ends; the limit is 40,000,000" in result.stderr
    spec.write_text("title: D\nlayout: poster\nmazes:\n  - {mask: diamond.txt, count: 20}\n")
    assert invoke(["validate", str(spec)]).exit_code == 0


def test_looking_out_from_a_shapes_outline_counts_in_the_books_work_limit(tmp_path):
    """Each outline cell looks out from its sides for a clear one (up to 16 cells each): a comb of thin
    teeth is nearly all outline, so hundreds of them cost far more than their cells."""
    comb = "\n".join("".join("X" if x % 3 == 0 or y >= 78 else "." for x in range(120)) for y in range(80))
    (tmp_path / "comb.txt").write_text(comb)
    spec = tmp_path / "book.yaml"
    spec.write_text("title: C\nlayout: poster\nmazes:\n  - {mask: comb.txt, count: 400}\n")
    result = invoke(["validate", str(spec)])
    assert result.exit_code == 2
    assert "the limit is 40,000,000" in result.stderr
    spec.write_text("title: C\nlayout: poster\nmazes:\n  - {mask: comb.txt, count: 70}\n")
    assert invoke(["validate", str(spec)]).exit_code == 0


def star_picture(path, background=(0, 0, 0, 0)):
    """A dark five-pointed star on a transparent (or any) background, 400 pixels square."""
    import math

    from PIL import Image, ImageDraw

    picture = Image.new("RGBA", (400, 300), background)
    corners = []
    for k in range(10):
        r = 140 if k % 2 == 0 else 85
        a = math.pi / 2 + k * math.pi / 5
        corners.append((200 + r * math.cos(a), 160 - r * math.sin(a)))
    ImageDraw.Draw(picture).polygon(corners, fill=(30, 30, 30, 255))
    picture.save(path)


def test_a_picture_is_fitted_into_the_size_keeping_its_proportions(tmp_path):
    from puzzlebook.masks import picture_mask

    star_picture(tmp_path / "star.png")
    mask, found = picture_mask((tmp_path / "star.png").read_bytes(), "star.png", "book.yaml:4", 40, 40)
    assert found == []
    assert mask.width <= 40 and mask.height <= 30  # 400x300 in 40x40 cells: 40x30 at most, then cropped
    assert 24 <= mask.width <= 28  # the star spans 280 of the picture's 400 pixels across
    assert mask.cells < mask.width * mask.height * 0.6  # a star: much of its box is outside it
    inside = set(cells_of(mask))
    assert (mask.width // 2, mask.height // 2) in inside and (0, mask.height - 1) not in inside
    star_picture(tmp_path / "white.png", background=(255, 255, 255, 255))
    same, _ = picture_mask((tmp_path / "white.png").read_bytes(), "white.png", "", 40, 40)
    assert same == mask  # a light background is outside, as a transparent one is
    for seed in range(3):
        puzzle = make_puzzle("wilson", mask.width, mask.height, seed, marks="suggested", masked=mask.off)
        assert problems(puzzle.maze.rows(), mask.off) == []


def test_a_picture_mask_in_a_spec_needs_its_size_and_must_be_a_picture(tmp_path):
    star_picture(tmp_path / "star.png")
    spec = tmp_path / "book.yaml"
    spec.write_text(
        "title: S\nmarks: suggested\nmazes:\n  - {mask: star.png, size: 24x24, algorithm: prim}\n"
    )
    checked = check_book(spec)
    assert checked.mazes[0].width <= 24 and checked.mazes[0].masked
    spec.write_text("title: S\nmazes:\n  - {mask: star.png}\n")
    result = invoke(["validate", str(spec)])
    assert result.stderr.splitlines()[0] == (
        "error: book.yaml:3: mazes[0].mask: a picture needs size: WxH too, the cells it is fitted into"
    )
    (tmp_path / "fake.png").write_bytes(b"not a picture at all")
    spec.write_text("title: S\nmazes:\n  - {mask: fake.png, size: 20x20}\n")
    result = invoke(["validate", str(spec)])
    assert result.exit_code == 2
    assert "fake.png is not a picture puzzlebook can read" in result.stderr


def test_a_picture_too_large_is_refused_from_its_header(tmp_path):
    from PIL import Image

    from puzzlebook.masks import MAX_PICTURE, picture_mask

    Image.new("1", (8000, 6000), 1).save(tmp_path / "huge.png")  # 48 million pixels, a few KB on disk
    assert MAX_PICTURE < 8000 * 6000
    mask, found = picture_mask((tmp_path / "huge.png").read_bytes(), "huge.png", "--mask", 30, 30)
    assert mask is None and "huge.png is 8000x6000 pixels" in found[0].message


def test_a_picture_is_read_once_however_many_entries_and_sizes_name_it_and_only_as_a_png(
    tmp_path, monkeypatch
):
    from PIL import Image

    from puzzlebook import masks

    star_picture(tmp_path / "star.png")
    (tmp_path / "copy.png").write_bytes((tmp_path / "star.png").read_bytes())
    read = []
    real = masks._inside
    monkeypatch.setattr(masks, "_inside", lambda *a: read.append(a[1]) or real(*a))
    spec = tmp_path / "book.yaml"
    sizes = "".join(f"  - {{mask: {n}, size: {w}x{w}}}\n" for n in ("star.png", "copy.png") for w in (24, 30))
    spec.write_text(f"title: S\nmazes:\n{sizes}")
    checked = check_book(spec)
    assert [m.width for m in checked.mazes] != [checked.mazes[0].width] * 4  # fitted anew for each size
    assert read == ["star.png"]  # the copy has the same bytes
    Image.open(tmp_path / "star.png").convert("RGB").save(tmp_path / "photo.png", "JPEG")  # named .png
    mask, found = masks.picture_mask((tmp_path / "photo.png").read_bytes(), "photo.png", "--mask", 30, 30)
    assert (
        mask is None
        and found[0].message == "photo.png is not a picture puzzlebook can read; save it as a PNG"
    )


def test_the_command_line_takes_a_picture_with_a_size(tmp_path):
    star_picture(tmp_path / "star.png")
    result = invoke(
        [
            "maze",
            "-a",
            "kruskal",
            "--mask",
            str(tmp_path / "star.png"),
            "-s",
            "20x20",
            "-o",
            str(tmp_path / "s.json"),
        ],
    )
    assert result.exit_code == 0, result.stderr
    made = json.loads((tmp_path / "s.json").read_text())
    assert problems(made["cells"], frozenset(tuple(c) for c in made["grid"]["masked"])) == []
    result = invoke(["maze", "-a", "kruskal", "--mask", str(tmp_path / "star.png")])
    assert result.exit_code == 2 and "--mask: a picture needs --size" in result.stderr


@pytest.mark.parametrize("name", sorted(__import__("puzzlebook.shapes").shapes.SHAPES))
def test_every_built_in_shape_is_one_piece_at_every_size_and_fills_its_box(name):
    """A shape that came apart at some size would refuse a child's book: none does, from 12 to 60. Its
    cells fill their box nearly as much as its own outline fills its own (sampled 240x240 over the unit
    square): 0.9 of it at least, a circle 70%, a star 31%."""
    from puzzlebook.shapes import drawn, shape_mask

    for w in range(12, 61, 6):
        for h in (w, w * 3 // 4, w * 4 // 3):
            mask, found = shape_mask(name, w, h, "")
            assert mask is not None, (w, h, found)
            assert mask.width >= w * 0.8 and mask.height >= h * 0.6  # it uses the size it was given
            inside, n = drawn(name, w, h), 240
            spots = [(i, j) for i in range(n) for j in range(n) if inside((i + 0.5) / n, (j + 0.5) / n)]
            xs, ys = [i for i, _ in spots], [j for _, j in spots]
            share = len(spots) / ((max(xs) - min(xs) + 1) * (max(ys) - min(ys) + 1))
            assert mask.cells >= 0.9 * share * mask.width * mask.height, (w, h, mask.cells, share)


def test_a_built_in_shape_in_a_spec_and_on_the_command_line(tmp_path):
    spec = tmp_path / "book.yaml"
    spec.write_text(
        "title: S\nmarks: suggested\nmazes:\n  - {shape: heart, size: 20x20, algorithm: kruskal}\n"
    )
    checked = check_book(spec)
    puzzle = make_puzzles(checked.mazes)[1]
    assert problems(puzzle.maze.rows(), puzzle.maze.grid.masked) == []
    assert puzzle.maze.grid.masked and puzzle.start is not None
    for entry, expected in (
        ("{shape: heart}", "mazes[0].shape: a shape needs size: WxH too"),
        ("{shape: hart, size: 20x20}", "mazes[0].shape:"),
        ("{shape: heart, mask: heart.txt, size: 20x20}", "mazes[0].shape: give a mask or a shape, not both"),
        ("{shape: cat, size: 20x20, algorithm: sidewinder}", "mazes[0].algorithm: sidewinder builds a plain"),
    ):
        spec.write_text(f"title: S\nmazes:\n  - {entry}\n")
        result = invoke(["validate", str(spec)])
        assert result.exit_code == 2 and expected in result.stderr.splitlines()[0], result.stderr
    out = tmp_path / "cat.json"
    result = invoke(["maze", "-a", "wilson", "--shape", "cat", "-s", "16x16", "-o", str(out)])
    assert result.exit_code == 0, result.stderr
    made = json.loads(out.read_text())
    assert (
        made["grid"]["masked"]
        and problems(made["cells"], frozenset(tuple(c) for c in made["grid"]["masked"])) == []
    )


@pytest.mark.parametrize("word", ["ANA", "Lisa", "jij", "Zoë", "MAXIMILIAN", "7"])
def test_a_word_is_one_piece_in_its_letters_shape(word):
    """Letters stand apart and i and j have dots: every piece is bridged into one maze."""
    from puzzlebook.words import MIN_WORD_ROWS, word_mask

    for width, height in ((30, 12), (60, 24), (90, 20)):
        mask, found = word_mask(word, width, height, "")
        if width == 30 or word == "MAXIMILIAN":  # letters under 12 cells: refused, with a size that reads
            assert mask is None and "too thin to read" in found[0].message, found
            width, height = map(int, found[0].message.rsplit(" ", 1)[1].split("x"))
            mask, found = word_mask(word, width, height, "")
            assert mask is not None and mask.height >= MIN_WORD_ROWS
        assert mask is not None, (word, width, height, found)
        assert mask.cells < mask.width * mask.height  # letters, not a block
        assert mask.width <= width and mask.height <= height
        puzzle = make_puzzle(
            "recursive-backtracker", mask.width, mask.height, 1, marks="suggested", masked=mask.off
        )
        assert problems(puzzle.maze.rows(), mask.off) == []


def test_a_word_shape_in_a_spec_and_on_the_command_line(tmp_path):
    spec = tmp_path / "book.yaml"
    spec.write_text(
        "title: N\nmarks: suggested\nmazes:\n  - {shape: {text: ANA}, size: 40x16, algorithm: wilson}\n"
    )
    checked = check_book(spec)
    assert checked.mazes[0].masked and checked.mazes[0].width <= 40
    spec.write_text("title: N\nmazes:\n  - {shape: {text: ABCDEFGHIJKLMNO}, size: 40x16}\n")
    result = invoke(["validate", str(spec)])
    assert result.exit_code == 2 and "mazes[0].shape.text" in result.stderr.splitlines()[0]
    out = tmp_path / "ana.json"
    result = invoke(["maze", "-a", "prim", "--shape", "text:ANA", "-s", "40x16", "-o", str(out)])
    assert result.exit_code == 0, result.stderr
    made = json.loads(out.read_text())
    assert problems(made["cells"], frozenset(tuple(c) for c in made["grid"]["masked"])) == []
    result = invoke(["maze", "-a", "prim", "--shape", "text:   ", "-s", "40x16"])
    assert result.exit_code == 2 and "the word is empty" in result.stderr


@pytest.mark.parametrize("word", ["HI🙂", "迷宫", "Ω🎈"])
def test_a_word_shape_with_a_letter_its_font_lacks_is_refused_as_printed_text_is(tmp_path, word):
    """A word shape drew an emoji or a CJK name as boxes where a title with the same letters is refused:
    both are told by one rule, the font and the fix being the place's own."""
    from puzzlebook.letters import not_in_fonts
    from puzzlebook.words import WORD_FONT, word_mask

    mask, found = word_mask(word, 60, 20, "book.yaml:4")
    lacked = next(c for c in word if not c.isascii() and c != "Ω")
    assert mask is None and found[0].where == "book.yaml:4"
    assert found[0].message == not_in_fonts(lacked, "write the word with letters it has", WORD_FONT)
    spec = tmp_path / "book.yaml"
    spec.write_text(f"title: '{word}'\nmazes:\n  - {{size: 5x5}}\n")
    title = invoke(["validate", str(spec)]).stderr.splitlines()[0]
    assert title == f"error: book.yaml:1: title: {not_in_fonts(lacked)}"
    names = tmp_path / "names.yaml"
    names.write_text(
        f"title: T\nstudents: [Ana, '{word}']\nmazes:\n  - {{shape: {{text: '{{student}}'}}, size: 60x20}}\n"
    )
    result = invoke(["validate", str(names)])
    assert result.exit_code == 2
    assert result.stderr.splitlines()[0] == f"error: names.yaml:2: students[1]: {found[0].message}"
    for fine in (
        "Zoë",
        "שרה",
        "Иван",
        "ANA\u200d",
    ):  # letters the bold font has, and a joiner that draws nothing
        assert word_mask(fine, 60, 20, "")[0] is not None


def test_a_class_set_gives_each_child_their_own_name_as_a_maze(tmp_path):
    from puzzlebook.words import word_mask

    spec = tmp_path / "book.yaml"
    (tmp_path / "names.txt").write_text("Ana\nBenedikt\nZoë\n")
    spec.write_text(
        "title: Names\nstudents: names.txt\nmarks: suggested\npage_size: letter landscape\nmazes:\n"
        '  - {shape: {text: "{student}"}, size: 90x20, algorithm: recursive-backtracker}\n  - {size: 8x8}\n'
    )
    checked = check_book(spec)
    named = [m for m in checked.mazes if m.masked]
    assert [m.student for m in named] == ["Ana", "Benedikt", "Zoë"]
    for maze in named:
        mask, _ = word_mask(maze.student, 90, 20, "")
        assert (maze.width, maze.height, maze.masked) == (mask.width, mask.height, mask.off)
    assert len({m.seed for m in named}) == 3
    puzzles = make_puzzles(checked.mazes)
    for maze in named:
        assert problems(puzzles[maze.number].maze.rows(), maze.masked) == []
    assert all(
        m.match is not None for m in checked.mazes if not m.masked
    )  # the plain maze stays a matched set
    (tmp_path / "names.txt").write_text("Ana\nMaximilianaSophia\n")
    result = invoke(["validate", str(spec)])
    assert result.exit_code == 2
    assert result.stderr.splitlines()[0].startswith('error: names.txt:2: "MaximilianaSophia" has 17 letters')
    spec.write_text('title: N\nmazes:\n  - {shape: {text: "{student}"}, size: 60x20}\n')
    result = invoke(["validate", str(spec)])
    assert result.exit_code == 2 and "{student} is each student's name: add students:" in result.stderr
    spec.write_text(
        'title: N\nstudents: [Ana]\nmazes:\n  - {shape: {text: "{student}"}, size: 60x20, difficulty: hard}\n'
    )
    result = invoke(["validate", str(spec)])
    assert result.exit_code == 2 and "mazes[0].difficulty: each name is a shape of its own" in result.stderr


def test_ends_open_on_the_outside_of_a_word_never_into_a_hole_of_its_letters():
    from puzzlebook.words import word_mask

    for word in ("BOB", "Abe", "Opa"):
        mask, _ = word_mask(word, 60, 20, "")
        edge = set(outline(mask))
        for seed in range(4):
            puzzle = make_puzzle("wilson", mask.width, mask.height, seed, marks="suggested", masked=mask.off)
            assert puzzle.start in edge and puzzle.end in edge
            for (x, y), side in zip((puzzle.start, puzzle.end), puzzle.sides, strict=True):
                dx, dy = {8: (-1, 0), 4: (1, 0), 1: (0, -1), 2: (0, 1)}[side]
                beyond = (x + dx, y + dy)
                assert beyond not in set(cells_of(mask))
                assert beyond not in holes(mask), (word, seed, beyond)


def clear_views(mask, cell, ray=16):
    """The sides of a cell with nothing of the shape, and no hole of it, in line beyond them, for ``ray``
    cells or to the edge of the box."""
    shape, closed = set(cells_of(mask)), holes(mask)
    views = set()
    for side, (dx, dy) in {8: (-1, 0), 4: (1, 0), 1: (0, -1), 2: (0, 1)}.items():
        ahead = [(cell[0] + dx * k, cell[1] + dy * k) for k in range(1, ray + 1)]
        ahead = [(x, y) for x, y in ahead if 0 <= x < mask.width and 0 <= y < mask.height]
        if not any(spot in shape or spot in closed for spot in ahead):
            views.add(side)
    return views


def room_views(mask, cell, depth=4, wide=2):
    """The clear views of a cell with room for a picture beyond them: nothing of the shape, nor a hole
    of it, ``depth`` cells out and ``wide`` cells to each side of the line out (beyond the box is
    the page's margin)."""
    shape, closed = set(cells_of(mask)), holes(mask)
    steps = {8: (-1, 0), 4: (1, 0), 1: (0, -1), 2: (0, 1)}
    return {
        side
        for side in clear_views(mask, cell)
        if not any(
            spot in shape or spot in closed
            for k in range(1, depth + 1)
            for o in range(-wide, wide + 1)
            for spot in [
                (
                    cell[0] + steps[side][0] * k + steps[side][1] * o,
                    cell[1] + steps[side][1] * k + steps[side][0] * o,
                )
            ]
        )
    }


def holes(mask):
    """Left-out cells the outside cannot reach: the insides of letters like O and B."""
    inside = set(cells_of(mask))
    frame = {(x, y) for x in range(-1, mask.width + 1) for y in range(-1, mask.height + 1)} - inside
    outside, todo = {(-1, -1)}, [(-1, -1)]
    while todo:
        x, y = todo.pop()
        for near in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if near in frame and near not in outside:
                outside.add(near)
                todo.append(near)
    return frame - outside


def test_a_word_shape_is_bounded_for_one_name_and_for_a_whole_class(tmp_path):
    """Joining letters costs a pass over the box a piece: a spec cannot make it take minutes."""
    from puzzlebook.words import MAX_WORD_CELLS, word_mask

    mask, found = word_mask("IIIIIIIIIIII", 201, 200, "book.yaml:4")
    assert mask is None and found[0].message == "201x200 is too large for a word: at most 40,000 cells"
    assert MAX_WORD_CELLS >= 200 * 200
    mask, _ = word_mask("IIIIIIIIIIII", 200, 200, "")  # twelve pieces to join in the largest box
    assert (
        mask is not None
        and problems(
            make_puzzle("kruskal", mask.width, mask.height, 1, masked=mask.off).maze.rows(), mask.off
        )
        == []
    )
    spec = tmp_path / "book.yaml"
    names = ", ".join(f"N{i}" for i in range(101))
    spec.write_text(
        f'title: T\nstudents: [{names}]\nmazes:\n  - {{shape: {{text: "{{student}}"}}, size: 200x200}}\n'
    )
    result = invoke(["validate", str(spec)])
    assert result.exit_code == 2
    assert (
        "101 names drawn over 200x200 cells each: the book's name mazes would be more than 4,000,000 cells in all"
        in result.stderr
    )


@pytest.mark.parametrize(
    "shape", ["fish 18x13", "heart", "star 20x20", "text Ana", "text Benjamin", "text Zoë", "text BOB"]
)
def test_start_and_finish_arrows_and_words_stay_off_the_shapes_cells(shape):
    """A shape's outline may come back round beside an opening (a fish's belly, the legs of an n): the
    arrows and the words beside them never lie on a cell of the maze."""
    from puzzlebook.geometry import Placement
    from puzzlebook.layout.signs import marks
    from puzzlebook.shapes import shape_mask
    from puzzlebook.words import word_mask

    kind, _, name = shape.partition(" ")
    if kind == "heart":
        mask, _ = parse_mask(HEART, "heart.txt", "")
    elif kind == "text":
        mask, _ = word_mask(name, 90, 24, "")
    else:
        size = [int(n) for n in name.split("x")] if "x" in name else [20, 20]
        mask, _ = shape_mask(kind, size[0], size[1], "")
    cell = 10.0
    place = Placement(0, 0, cell, mask.height)
    boxes = [
        (x * cell, (mask.height - y - 1) * cell, (x + 1) * cell, (mask.height - y) * cell)
        for x, y in cells_of(mask)
    ]

    def on_a_cell(x0, y0, x1, y1):
        return [
            b for b in boxes if x0 < b[2] - 0.5 and b[0] + 0.5 < x1 and y0 < b[3] - 0.5 and b[1] + 0.5 < y1
        ]

    pictures = []
    for seed, picture in itertools.product(range(6), (0.0, 26.0)):  # arrows alone, and with pictures
        puzzle = make_puzzle("wilson", mask.width, mask.height, seed, marks="suggested", masked=mask.off)
        for mark in marks(puzzle, place, 30.0, lambda word, size: 0.62 * size * len(word), picture=picture):
            xs, ys = [p[0] for p in mark.polygon], [p[1] for p in mark.polygon]
            assert not on_a_cell(min(xs), min(ys), max(xs), max(ys)), (shape, seed, mark.role, "arrow")
            if mark.picture:
                x, y, side = mark.picture
                assert not on_a_cell(x, y, x + side, y + side), (shape, seed, mark.role, "picture")
                pictures.append(mark.picture)
            if mark.label:
                x, y, align = mark.label
                width = 0.62 * mark.size * len(mark.word)
                left = x - width if align == "right" else x - width / 2 if align == "center" else x
                box = (left, y - mark.size * 0.25, left + width, y + mark.size * 0.8)
                assert not on_a_cell(*box), (shape, seed, mark.role, mark.word)
    assert len(pictures) >= 6, shape  # most ends keep their pictures: the test sees some


@pytest.mark.parametrize("grid", ["rectangle", "hex"])
def test_a_name_is_traced_from_its_first_letter(grid):
    """The start goes on the side of the word's first letter: the left, or for a right-to-left name,
    drawn in reading order, the right."""
    from puzzlebook.kinds import kind_for
    from puzzlebook.words import word_mask

    for word, first in (
        ("Ana", "left"),
        ("Benjamin", "left"),
        ("Zoë", "left"),
        ("שרה", "right"),
    ):
        mask, _ = word_mask(word, 110, 24, "", grid)
        assert mask.first == first, word
        kind = kind_for(grid, mask.width) if grid != "rectangle" else None
        for seed in range(5):
            puzzle = make_puzzle(
                "wilson",
                mask.width,
                mask.height,
                seed,
                marks="suggested",
                masked=mask.off,
                grid=grid,
                first=mask.first,
            )
            start, end = (kind.centre(*c)[0] if kind else c[0] for c in (puzzle.start, puzzle.end))
            assert (start < end) if first == "left" else (start > end), (word, seed, puzzle.start, puzzle.end)
            assert puzzle.solution[0] == puzzle.start and puzzle.solution[-1] == puzzle.end


def test_every_name_of_a_class_set_starts_at_its_first_letter(tmp_path):
    spec = tmp_path / "book.yaml"
    spec.write_text(
        "title: Names\nmarks: suggested\npage_size: letter landscape\nstudents: [Ana, Benjamin, Li, Tom, Zoë]\n"
        "mazes:\n  - {shape: {text: '{student}'}, size: 90x24, algorithm: wilson}\n"
    )
    checked = check_book(spec, None)
    puzzles = make_puzzles(checked.mazes)
    assert len(puzzles) == 5
    for maze in checked.mazes:
        assert maze.first == "left"
        puzzle = puzzles[maze.number]
        assert puzzle.start[0] < puzzle.end[0], (maze.student, puzzle.start, puzzle.end)


def test_a_word_makes_the_same_maze_with_or_without_raqm(monkeypatch):
    """Pillow lays text out with raqm where the system has FriBiDi, and raqm kerns pairs such as AV,
    To and Wo: a word's cells must not depend on it, or one spec makes other mazes on another machine."""
    from PIL import ImageFont

    from puzzlebook.words import word_mask

    words = ("AVATAR", "Tom", "Wolfgang", "שרה")
    here = [word_mask(word, 60, 24, "")[0] for word in words]
    monkeypatch.setattr(ImageFont.core, "HAVE_RAQM", False)
    assert [word_mask(word, 60, 24, "")[0] for word in words] == here


@pytest.mark.parametrize("grid", ["hex", "triangle"])
def test_start_and_finish_words_stay_off_the_cells_of_shapes_on_other_grids(grid):
    """On hexagons and triangles too, a shape's arrows and words never lie on its cells: no word's box
    and no arrow reaches the disc inside any cell (0.28 of a corridor round its centre, inside a hexagon
    and a triangle alike), and no word its own arrow."""
    from puzzlebook.geometry import Placement, extent
    from puzzlebook.kinds import kind_for
    from puzzlebook.layout.signs import marks
    from puzzlebook.shapes import shape_mask
    from puzzlebook.words import word_mask

    cell = 12.0
    for name in ("heart", "diamond", "apple", "fish", "star", "text:Benjamin", "text:Ana"):
        if name.startswith("text:"):
            mask, _ = word_mask(name[5:], 160, 20, "", grid)  # 40x16 triangles drew Benjamin 5 rows tall
        else:
            mask, _ = shape_mask(name, 24, 20, "", grid)
        kind = kind_for(grid, mask.width)
        for seed in range(4):
            puzzle = make_puzzle(
                "recursive-backtracker",
                mask.width,
                mask.height,
                seed,
                marks="suggested",
                masked=mask.off,
                grid=grid,
            )
            place = Placement(40, 40, cell, extent(puzzle.maze)[1])
            centres = [place.point(*kind.centre(x, y)) for x, y in puzzle.maze.grid.cells]
            for mark in marks(puzzle, place, 30.0, lambda word, size: 0.62 * size * len(word)):
                if not mark.label:
                    continue
                x, y, align = mark.label
                width = 0.62 * mark.size * len(mark.word)
                left = x - width if align == "right" else x - width / 2 if align == "center" else x
                x0, y0, x1, y1 = left, y - mark.size * 0.25, left + width, y + mark.size * 0.8
                for cx, cy in centres:
                    dx, dy = max(x0 - cx, 0, cx - x1), max(y0 - cy, 0, cy - y1)
                    assert dx * dx + dy * dy >= (0.28 * cell) ** 2, (grid, name, seed, mark.word)
                xs, ys = [p[0] for p in mark.polygon], [p[1] for p in mark.polygon]
                assert not (x0 < max(xs) and min(xs) < x1 and y0 < max(ys) and min(ys) < y1), (
                    name,
                    seed,
                    "arrow",
                )
            for mark in marks(puzzle, place, 30.0, picture=26.0):  # pictures beyond the arrows
                if mark.picture:
                    x0, y0, side = mark.picture
                    for cx, cy in centres:
                        dx, dy = max(x0 - cx, 0, cx - x0 - side), max(y0 - cy, 0, cy - y0 - side)
                        assert dx * dx + dy * dy >= (0.28 * cell) ** 2, (grid, name, seed, "picture")
            for mark in marks(puzzle, place, 30.0):  # the arrows too: corners, middle and the way between
                (tx, ty) = mark.polygon[0]
                mx, my = sum(p[0] for p in mark.polygon) / 7, sum(p[1] for p in mark.polygon) / 7
                points = [*mark.polygon, (mx, my), ((tx + mx) / 2, (ty + my) / 2)]
                for cx, cy in centres:
                    near = [
                        (px, py) for px, py in points if (px - cx) ** 2 + (py - cy) ** 2 < (0.28 * cell) ** 2
                    ]
                    assert not near, (grid, name, seed, mark.role, "arrow on a cell")


def test_a_class_sets_names_are_bounded_for_the_whole_book_and_never_drawn_past_the_student_limit(
    tmp_path, monkeypatch
):
    """16,000 names took two minutes to draw, then the class list was refused for its size; four entries
    of names could each draw the whole budget (here made small, so that few names reach it)."""
    import puzzlebook.spec.fits as spec_module

    (tmp_path / "names.txt").write_text("".join(f"N{i:05d}\n" for i in range(16_000)))
    spec = tmp_path / "book.yaml"
    entry = "  - {shape: {text: '{student}'}, size: 25x10}\n"
    spec.write_text("title: T\nstudents: names.txt\nmazes:\n" + entry * 4)
    drawn = []
    real = spec_module.word_mask
    monkeypatch.setattr(spec_module, "word_mask", lambda *a, **k: drawn.append(1) or real(*a, **k))
    result = invoke(["validate", str(spec)])
    assert result.exit_code == 2 and "16,000 students; a class set may have at most 1,000" in result.stderr
    assert drawn == []  # refused before a single name was drawn
    monkeypatch.setattr(spec_module, "NAME_CELLS", 30_000)  # ten names of 70x40 are 28,000 cells
    (tmp_path / "names.txt").write_text("".join(f"Name{i}\n" for i in range(10)))
    spec.write_text(
        "title: T\nstudents: names.txt\nmazes:\n" + "  - {shape: {text: '{student}'}, size: 70x40}\n" * 2
    )
    result = invoke(["validate", str(spec)])
    assert result.exit_code == 2 and "the book's name mazes would be more than 30,000 cells" in result.stderr
    assert len(drawn) == 10  # the second entry is refused on the book's budget, not drawn


def test_a_shape_over_too_few_cells_to_read_is_told(tmp_path, monkeypatch):
    """An age-6 book drew a heart over its 10x14 cells and an age-4 one over 7x8: blobs, without a word.
    A size written too small is refused (issue 29); an age's is now the least that reads where the page
    takes it, and else made as large as the page takes, and told."""
    from clirun import invoke

    monkeypatch.chdir(tmp_path)
    (tmp_path / "book.yaml").write_text(
        "title: T\ndifficulty: age-6\nmarks: suggested\nmazes:\n  - {shape: heart, count: 2}\n"
        "  - {shape: star, size: 16x16}\n  - {shape: heart, grid: triangle, size: 17x7}\n"
    )
    result = invoke(["validate", "book.yaml"])
    assert result.exit_code == 2, result.stderr
    assert result.stderr.splitlines() == [
        "error: book.yaml:7: mazes[2].size: a heart drawn over 17x7 cells hardly reads as one; it reads "
        "from about 20x10 triangles: set size to 20x10",
    ]
    (tmp_path / "book.yaml").write_text(
        "title: T\ndifficulty: age-4\nmarks: suggested\nmazes:\n  - {shape: heart, count: 2}\n"
    )
    result = invoke(["validate", "book.yaml"])
    assert result.exit_code == 0, result.stderr
    assert result.stderr.splitlines() == [  # age-4's 56 cells, in the heart's own proportions
        "note: book.yaml:5: mazes[0].shape: a heart drawn over 7x7 cells hardly reads as one; it reads "
        "from about 12x12, and at these cells the page takes none so large: give the book an age for older "
        "children than its difficulty: age-4, which sets the cells of every maze, or a larger page_size",
    ]
    from puzzlebook.shapes import shape_reads

    assert shape_reads("rectangle", 16, 11) and shape_reads("rectangle", 11, 15)  # a fish of 16x11 reads
    assert not shape_reads("rectangle", 40, 6) and shape_reads("triangle", 23, 10)
    assert not shape_reads("rectangle", 14, 14, "star") and shape_reads("rectangle", 15, 15, "star")
    assert shape_reads("hex", 13, 12, "star") and shape_reads("octagon", 12, 12, "star")  # slanted points


@pytest.mark.parametrize("grid", ["rectangle", "hex", "triangle"])
def test_a_shape_an_age_sizes_keeps_its_own_proportions_and_reads(tmp_path, grid):
    """Drawn over an age's own 10x14, a circle came out an egg, a star a house and a fish stood on its
    tail. Each built-in shape an age sizes is drawn over about the age's cells in its own proportions,
    at least the size it reads at, and without a note where the page takes it."""
    from puzzlebook.build import check_book
    from puzzlebook.report import notes
    from puzzlebook.shapes import ACROSS, PROPORTIONS, SHAPES, least_size, shape_reads
    from puzzlebook.spec.request import AGES

    book = tmp_path / "book.yaml"
    # on a letter page age-6's cells take no fish, cloud or star of triangles that reads (told: above)
    for age in ("age-6", "age-10", "adult") if grid != "triangle" else ("age-10", "adult"):
        entries = "".join(f"  - {{shape: {name}, grid: {grid}}}\n" for name in SHAPES)
        book.write_text(f"title: T\ndifficulty: {age}\nmarks: suggested\nmazes:\n{entries}")
        checked = check_book(book)
        assert [n.message for n in notes(checked)] == []
        for name, maze in zip(SHAPES, checked.mazes, strict=True):
            assert maze.drawn_over is not None
            w, h = maze.drawn_over
            assert shape_reads(grid, w, h, name) and w >= least_size(name, grid)[0], (age, name, w, h)
            across, down = PROPORTIONS.get(name, (1, 1))
            assert math.isclose(w / h, across * ACROSS.get(grid, 1.0) / down, rel_tol=0.2), (age, name, w, h)
            aw, ah = AGES[age].size
            assert w * h <= max(aw * ah * 1.25, math.prod(least_size(name, grid))), (age, name, w, h)


@pytest.mark.parametrize(("page", "pictures"), [("5x8in", False), ("5x8in", True)])
def test_a_small_shapes_note_offers_only_a_size_the_page_takes(tmp_path, page, pictures):
    """On a 6 x 9 in age-6 book the note said "set size to 11x15", which was then refused as too dense
    for the age's cells, whose fix, "a lower min_cell", an age's cells do not heed. A 5 x 8 in page
    takes no heart that reads at age-6's cells: the heart is made as large as it takes, and the note
    offers no size, but another age; a size that reads, written, is refused in the same words."""
    from clirun import invoke

    spec = tmp_path / "book.yaml"
    body = (
        f"title: T\npage_size: {page}\ndifficulty: age-6\nmarks: suggested\nmazes:\n  - {{shape: heart}}\n"
        + "pictures: mouse-cheese\n" * pictures
    )
    spec.write_text(body)
    result = invoke(["validate", str(spec)])
    assert result.exit_code == 0, result.stderr
    (note,) = result.stderr.splitlines()
    assert note.startswith("note: book.yaml:6: mazes[0].shape: a heart drawn over ")
    assert "hardly reads" in note and "set size" not in note
    fix = "give the book an age for older children than its difficulty: age-6, which sets the cells of every maze"
    assert note.endswith(f"{fix}, or a larger page_size"), note
    spec.write_text(body.replace("{shape: heart}", "{shape: heart, size: 12x12}"))
    refused = invoke(["validate", str(spec)])
    assert refused.exit_code == 2 and "min_cell" not in refused.stderr
    assert f"{fix}, or a larger page_size" in refused.stderr  # in the same words
    for older in ("age-8", "age-10", "age-12", "adult"):  # the fix told: an older age's heart reads
        spec.write_text(body.replace("age-6", older))
        taken = invoke(["validate", str(spec)])
        assert taken.exit_code == 0, taken.stderr
        if "hardly reads" not in taken.stderr:
            break
    else:
        raise AssertionError("no age for older children draws a heart that reads")


def test_a_small_shapes_note_offers_no_older_age_where_none_takes_it(tmp_path):
    """On a 6 x 9 in age-6 book a heart of octagons hardly read, and the note said to give the book an
    age for older children: at age-8 and age-10 it still hardly read, and its size written was refused
    as too dense (a newcomer's trial). Where no child's older age takes a heart that reads, the note
    offers the two fixes that do, and each, made, leaves no note: a larger page, or the age on the
    mazes rather than the book. A written size refused is told the same."""
    from clirun import invoke

    spec = tmp_path / "book.yaml"
    body = (
        "title: T\npage_size: 6x9in\ndifficulty: age-6\nmarks: suggested\nmazes:\n"
        "  - {shape: heart, grid: octagon}\n  - {shape: star}\n"
    )
    spec.write_text(body)
    result = invoke(["validate", str(spec)])
    assert result.exit_code == 0, result.stderr
    (note,) = result.stderr.splitlines()
    fix = "a larger page_size, or difficulty: age-6 on the mazes rather than the book"
    assert "hardly reads" in note and fix in note and "older children" not in note, note
    spec.write_text(body.replace("6x9in", "letter"))
    assert invoke(["validate", str(spec)]).stderr == ""
    spec.write_text(body.replace("difficulty: age-6\n", "").replace("}\n", ", difficulty: age-6}\n"))
    assert invoke(["validate", str(spec)]).stderr == ""
    spec.write_text(body.replace("age-6", "age-8").replace("grid: octagon}", "grid: octagon, size: 12x12}"))
    refused = invoke(["validate", str(spec)])
    assert refused.exit_code == 2 and "age-8 on the mazes rather than the book" in refused.stderr


def _inside(point, polygon):
    """Whether a point lies inside a polygon (even-odd rule)."""
    x, y = point
    inside = False
    for (x0, y0), (x1, y1) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            inside = not inside
    return inside


def _shaped(grid, size):
    """(name, seed, puzzle) of every built-in shape over ``grid`` at ``size``, three seeds each."""
    from puzzlebook.shapes import SHAPES, shape_mask

    for name in sorted(SHAPES):
        mask, _ = shape_mask(name, *size, "", grid)
        for seed in range(3):
            yield (
                name,
                seed,
                make_puzzle(
                    "wilson", mask.width, mask.height, seed, marks="suggested", masked=mask.off, grid=grid
                ),
            )


@pytest.mark.parametrize(("grid", "size"), [("hex", (18, 18)), ("hex", (30, 30)), ("triangle", (24, 12))])
def test_arrows_out_of_a_hexagon_or_triangle_shape_lie_in_empty_space(grid, size):
    """A triangle's corners reach a whole corridor from its centre, and an arrow is a corridor wide: the
    look out from an opening took every cell for a disc of 0.6, so a triangle star's Finish arrow was
    drawn into a notch across its walls, and a hexagon star's Start ran up the flank of an arm. Each end
    on a side with a clear view out now has an arrow that touches no cell of the shape."""
    from puzzlebook.geometry import Placement
    from puzzlebook.layout.signs import marks
    from puzzlebook.openings import clear_sides

    cell = 12.0
    clear_ends = ends = 0
    for name, seed, puzzle in _shaped(grid, size):
        topology = puzzle.maze.grid
        height = topology.extent[1]
        place = Placement(0, 0, cell, height)
        clear = clear_sides(topology)
        signs = marks(puzzle, place, 3 * cell, lambda word, size: 0.62 * size * len(word))
        for sign, end, side in zip(signs, (puzzle.start, puzzle.end), puzzle.sides, strict=True):
            ends += 1
            if side not in clear.get(topology.id(*end), ()):
                continue
            clear_ends += 1
            arrow = [(x / cell, height - y / cell) for x, y in sign.polygon]  # in cells, y down
            xs, ys = [p[0] for p in arrow], [p[1] for p in arrow]
            points = [
                (x0 + i * 0.05, y0 + j * 0.05)
                for x0, y0 in [(min(xs), min(ys))]
                for i in range(int((max(xs) - x0) / 0.05) + 1)
                for j in range(int((max(ys) - y0) / 0.05) + 1)
            ]
            points = [p for p in points if _inside(p, arrow)]
            for c in range(topology.count):
                cx, cy = topology.centre(c)
                if not (min(xs) - 1 < cx < max(xs) + 1 and min(ys) - 1 < cy < max(ys) + 1):
                    continue  # too far to touch it
                corners = list(topology.corners(c))
                shrunk = [(cx + (x - cx) * 0.97, cy + (y - cy) * 0.97) for x, y in corners]
                hit = next((p for p in points if _inside(p, shrunk)), None)
                assert hit is None, (name, seed, sign.role, topology.xy(c), hit)
    assert clear_ends >= 0.9 * ends, (clear_ends, ends)  # nearly every end has a clear view out


def _segment_gap(p, a, b):
    dx, dy = b[0] - a[0], b[1] - a[1]
    t = max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy or 1.0)))
    return math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy)


@pytest.mark.parametrize(("grid", "size"), [("hex", (18, 18)), ("triangle", (24, 12)), ("octagon", (16, 16))])
def test_arrows_by_a_zigzag_outline_keep_off_its_ink(grid, size):
    """A honeycomb's Finish arrow stood 0.75 pt from its thick outline: its opening lay in a notch, and
    the neighbouring cells' sides ran down beside the arrow's tail (a diamond's came within 0.2 pt of
    the outline's corner at its own opening, a cat's crossed it). Every arrow with a clear view out
    keeps 4 pt of paper from the ink of the outline round its opening (twice the walls' weight),
    measured on the outer sides as drawn (at 2.5 pt it read as joined to the outline in print)."""
    from puzzlebook.geometry import OUTLINE, Placement, all_walls
    from puzzlebook.layout.signs import marks
    from puzzlebook.openings import clear_sides

    cell, wall = 12.0, 1.5
    ink = wall * OUTLINE / 2
    measured = 0
    for name, seed, puzzle in _shaped(grid, size):
        topology = puzzle.maze.grid
        place = Placement(0, 0, cell, topology.extent[1])
        outline = {  # the outer sides, as drawn
            (round(x0, 6), round(y0, 6), round(x1, 6), round(y1, 6))
            for c in range(topology.count)
            for s in topology.outer_sides(c)
            for side in [topology.side(c, s)]
            if side is not None
            for (x0, y0), (x1, y1) in [(side.start, side.end)]
        }
        drawn = {(round(a, 6), round(b, 6), round(c, 6), round(d, 6)) for a, b, c, d in all_walls(puzzle)[0]}
        walls = [
            (place.point(x0, y0), place.point(x1, y1))
            for x0, y0, x1, y1 in outline & (drawn | {(c, d, a, b) for a, b, c, d in drawn})
        ]
        clear = clear_sides(topology)
        signs = marks(puzzle, place, 3 * cell, wall=wall)
        for sign, end, side in zip(signs, (puzzle.start, puzzle.end), puzzle.sides, strict=True):
            if sign.kind != "arrow" or side not in clear.get(topology.id(*end), ()):
                continue
            arrow = list(sign.polygon)
            edges = list(zip(arrow, arrow[1:] + arrow[:1], strict=True))
            gap = min(
                [_segment_gap(p, *w) for a, b in edges for p in (a, b) for w in walls]
                + [_segment_gap(p, a, b) for a, b in edges for w in walls for p in w]
            )
            measured += 1
            assert gap - ink >= 4.0 - 0.01, (grid, name, seed, sign.role, round(gap - ink, 2))
    assert measured >= 20


@pytest.mark.parametrize(("grid", "size"), [("hex", (18, 18)), ("hex", (30, 30)), ("octagon", (16, 16))])
def test_an_answers_line_reaches_its_arrows_kept_off_a_zigzag(grid, size):
    """A honeycomb's answer line stopped at its opening, 3-6 pt short of an arrow moved out of a notch to
    keep off the outline, where on squares the line meets its arrows (a design review). The line as drawn
    (through the opening, and on along ``Mark.lead``) ends as near each arrow as it does an arrow by
    its opening, and the way on starts where the line leaves the maze. An arrow by its opening stands
    off a shape's heavier outline by as much more as its ink reaches (``covering.outer_ink``)."""
    from puzzlebook.geometry import Placement, solution_line
    from puzzlebook.layout.boxes import arrow_gap
    from puzzlebook.layout.covering import outer_ink
    from puzzlebook.layout.signs import marks

    cell = 12.0
    moved = 0
    for name, seed, puzzle in _shaped(grid, size):
        place = Placement(0, 0, cell, puzzle.maze.grid.extent[1])
        line = solution_line(puzzle)
        for sign in marks(puzzle, place, 3 * cell, wall=1.5):
            if sign.kind != "arrow":
                continue
            out = place.point(*line[0 if sign.role == "start" else -1])
            if sign.lead:
                moved += 1
                assert math.dist(sign.lead[0], out) < 1e-6, (name, seed, sign.role)
                out = sign.lead[1]
            arrow = list(sign.polygon)
            near = min(_segment_gap(out, a, b) for a, b in zip(arrow, arrow[1:] + arrow[:1], strict=True))
            by_opening = arrow_gap(cell) + outer_ink(puzzle.maze, 1.5) - 1.5 / 2
            assert near <= by_opening + 0.01, (grid, name, seed, sign.role, round(near, 2))
    assert moved >= 5, moved


@pytest.mark.parametrize(
    ("grid", "size"), [("hex", (23, 20)), ("rectangle", (20, 20)), ("octagon", (16, 16))]
)
def test_words_by_the_arrows_keep_their_paper_from_a_shapes_heavier_outline(grid, size):
    """A word by an arrow keeps 4 pt of paper from the walls' ink (``signs.CLEAR``), measured as if the
    walls round a shape were as thin as those inside it: a shape's outline is drawn twice their weight,
    and a heart of hexagons' Finish stood 3.75 pt from it (a design review). Every word, read against
    the outline's segments as drawn, keeps 4 pt from their ink."""
    from puzzlebook.geometry import OUTLINE, Placement, outline_runs
    from puzzlebook.layout.signs import CLEAR, marks
    from puzzlebook.shapes import SHAPES, shape_mask

    cell, wall = 12.0, 2.0
    words = 0
    for name in sorted(SHAPES):
        mask, _ = shape_mask(name, *size, "", grid)
        for seed in range(2):
            puzzle = make_puzzle(
                "wilson", mask.width, mask.height, seed, marks="suggested", masked=mask.off, grid=grid
            )
            place = Placement(0, 0, cell, puzzle.maze.grid.extent[1] if grid != "rectangle" else mask.height)
            runs = [(place.point(a, b), place.point(c, d)) for a, b, c, d in outline_runs(puzzle, cell)]
            for mark in marks(puzzle, place, 3 * cell, lambda word, size: 0.62 * size * len(word), wall=wall):
                if not mark.label:
                    continue
                x, y, align = mark.label
                width = 0.62 * mark.size * len(mark.word)
                left = x - width if align == "right" else x - width / 2 if align == "center" else x
                box = (left, y - mark.size * 0.25, left + width, y + mark.size * 0.8)
                near = min(_box_gap(box, a, b) for a, b in runs)
                words += 1
                assert near - wall * OUTLINE / 2 >= CLEAR - 0.01, (name, seed, mark.word, round(near, 2))
    assert words >= 20, words


def _box_gap(box, a, b):
    """How far a segment comes from a box (0 where it enters it), sampled every tenth of a point."""
    steps = max(1, int(math.dist(a, b) * 10))
    gaps = []
    for k in range(steps + 1):
        px, py = a[0] + (b[0] - a[0]) * k / steps, a[1] + (b[1] - a[1]) * k / steps
        gaps.append(math.hypot(max(box[0] - px, 0.0, px - box[2]), max(box[1] - py, 0.0, py - box[3])))
    return min(gaps)


def test_drawings_are_counted_by_their_boxes_and_shared_by_file_whatever_their_names(tmp_path, monkeypatch):
    """A 3 KB drawing, one row of 1,000 cells over 999 short rows, is a box of a million cells, each cell
    left out held for the whole build: counted by its file's bytes, 24 names of it (./g.txt, ././g.txt)
    were 24 masks and 2.9 GB before validate refused them. One file is one mask, counted by its box."""
    from puzzlebook.spec import fits
    from puzzlebook.spec.load import load_spec

    rows = ["X" * 100] + ["X"] * 99  # a 100x100 box of 199 cells, in 397 bytes
    (tmp_path / "g.txt").write_text("\n".join(rows) + "\n")
    (tmp_path / "h.txt").write_text("\n".join(rows) + "\n")
    names = ["g.txt", "./g.txt", "././g.txt", "sub/../g.txt"]
    (tmp_path / "sub").mkdir()
    spec = tmp_path / "book.yaml"
    spec.write_text("title: G\nlayout: poster\nmazes:\n" + "".join(f"  - {{mask: {n}}}\n" for n in names))
    made = []
    real = fits.load_mask
    monkeypatch.setattr(fits, "load_mask", lambda *a, **k: made.append(a[0]) or real(*a, **k))
    assert len(load_spec(spec).masks) == 4 and len(made) == 1  # one file read once, by any name
    monkeypatch.setattr(fits, "MASK_CELLS", 15_000)  # room for one 100x100 box, not two
    spec.write_text("title: G\nlayout: poster\nmazes:\n  - {mask: g.txt}\n  - {mask: h.txt}\n")
    result = invoke(["validate", str(spec)])
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        "error: book.yaml:5: mazes[1].mask: this spec's masks are drawn over more than 15,000 cells in all: "
        "use fewer or smaller masks"
    ]


def test_a_shape_on_octagons_with_a_huge_outline_is_refused_before_it_looks_out(tmp_path):
    """Every outline cell of a shape on hexagons, triangles or octagons looks out for room for the ends:
    an octagon comb of 60,031 outline cells passed validate and took 13 s and 1.7 GB doing it."""
    comb = "\n".join("".join("X" if y == 0 or x % 2 == 0 else "." for x in range(346)) for y in range(346))
    (tmp_path / "comb.txt").write_text(comb)
    spec = tmp_path / "book.yaml"
    spec.write_text(
        "title: C\nlayout: poster\nmarks: suggested\nmazes:\n  - {mask: comb.txt, grid: octagon}\n"
    )
    result = invoke(["validate", str(spec)])
    assert result.exit_code == 2
    assert (
        "error: book.yaml:5: mazes[0].mask: the shape has 60,031 cells on its outline; on octagons a shape "
        "may have at most 20,000 (each looks out for room for the ends): draw it with fewer or wider teeth, "
        "or on squares"
    ) in result.stderr.splitlines()
    spec.write_text(spec.read_text().replace("grid: octagon", "grid: rectangle"))
    assert "cells on its outline" not in invoke(["validate", str(spec)]).stderr


def test_a_shapes_looking_out_is_counted_in_its_work(tmp_path):
    """Each shape on octagons (hexagons, triangles) looks out from every outline cell for room for its
    ends, once: an octagon comb of some 20,000 outline cells takes 3.5 s at it. It was not counted, so
    five such combs passed validate as 15 s of work and took 27 s of CPU; it is now counted with the
    shapes' drawing, by the grid's cost an outline cell."""
    spec = tmp_path / "book.yaml"
    entries = ""
    for k in range(5):
        side = 190 + k  # five drawings, each looked out from once
        comb = "\n".join(
            "".join("X" if y == 0 or x % 2 == 0 else "." for x in range(side)) for y in range(side)
        )
        (tmp_path / f"comb{k}.txt").write_text(comb)
        entries += f"  - {{mask: comb{k}.txt, grid: octagon}}\n"
    spec.write_text(f"title: C\nlayout: poster\npage_size: 150x150in\nmarks: suggested\nmazes:\n{entries}")
    result = invoke(["validate", str(spec)])
    assert result.exit_code == 2
    assert (
        "this book needs about 40 s of work here (drawing its shapes 20 s, making its mazes 19 s); the "
        "limit is 20 s: use fewer or smaller shapes"
    ) in result.stderr
    spec.write_text(spec.read_text().replace("grid: octagon", "grid: rectangle"))  # squares look along rows
    assert invoke(["validate", str(spec)]).exit_code == 0
    spec.write_text(spec.read_text().replace("grid: rectangle", "grid: octagon").split("  - {mask: comb2")[0])
    assert invoke(["validate", str(spec)]).exit_code == 0  # two combs: about 14 s


def _serpentine(width: int, rows: int) -> str:
    """A corridor one cell wide, winding row by row: its rows joined at alternate ends."""
    lines = []
    for r in range(rows):
        if r % 2 == 0:
            lines.append("X" * width)
        else:
            lines.append(" " * (width - 1) + "X" if (r // 2) % 2 == 0 else "X" + " " * (width - 1))
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("algorithm", ["aldous-broder", "wilson"])
@pytest.mark.parametrize("grid", ["rectangle", "hex"])
def test_a_random_walk_is_stopped_in_a_shape_of_long_corridors_and_says_why(
    tmp_path, monkeypatch, algorithm, grid
):
    """A random walk covers a blob of a shape in n ln² n steps but a corridor one cell wide in n²: a
    300x299 serpentine's Aldous-Broder maze ran for minutes, inside every limit (an attacker's trial).
    The walk stops after ``walk_most`` draws and says why; a blob of the same cells is made as before.
    Here with the limit lowered, so the corridor meets it in a moment."""
    from puzzlebook.generators import _base

    monkeypatch.setattr(_base, "walk_most", lambda cells: 40 * cells * 8)
    (tmp_path / "serpentine.txt").write_text(_serpentine(60, 41))  # 1,260 cells
    (tmp_path / "blob.txt").write_text(("X" * 36 + "\n") * 35)
    for mask, made in (("serpentine", False), ("blob", True)):
        out = tmp_path / f"{mask}.json"
        args = [
            "maze",
            "-a",
            algorithm,
            "--grid",
            grid,
            "--mask",
            str(tmp_path / f"{mask}.txt"),
            "--seed",
            "3",
        ]
        result = invoke([*args, "-o", str(out)])
        assert result.exit_code == (0 if made else 2), (mask, result.stderr)  # the input's: exit 2
        if made:
            doc = json.loads(out.read_text())
            assert (graph_problems(doc, grid) if "graph" in doc else problems(doc["cells"])) == []
        else:
            assert result.stderr.startswith(f"error: {algorithm}'s random walk did not cover this shape's")
            assert "use another algorithm, such as recursive-backtracker or kruskal" in result.stderr
            assert not out.exists()


def test_a_walks_limit_is_far_above_what_it_takes_on_squares():
    """Measured: Aldous-Broder covers a field of squares in 0.34-0.5 n ln² n draws, Wilson's in under
    0.1; the limit is four times n ln² n, so no maze of a blob ever meets it."""
    from puzzlebook.generators import _base
    from puzzlebook.grid import Grid

    taken = []
    draws = _base.random_indices

    def counted(rng, k):
        for index in draws(rng, k):
            taken[-1] += 1
            yield index

    for algorithm in ("aldous-broder", "wilson"):
        for size in (40, 120):
            taken.append(0)
            with pytest.MonkeyPatch.context() as patch:
                patch.setattr(_base, "random_indices", counted)
                generators.get(algorithm).generate(Grid(size, size), random.Random(size))
            n = size * size
            assert 0 < taken[-1] <= 0.6 * n * math.log(n) ** 2 < _base.walk_most(n) / 6, (algorithm, taken)


def test_a_walk_stopped_in_a_book_is_told_at_its_mazes_line(tmp_path, monkeypatch):
    """In a book, a failure in making a maze is told at the maze's line; a walk stopped in a shape of
    corridors is the input's, so as a problem there with exit 2 (a book wrapped every such failure as
    a plain line, exit 1), and no book is written."""
    from puzzlebook.generators import _base

    monkeypatch.setattr(_base, "walk_most", lambda cells: 40 * cells * 8)
    (tmp_path / "serpentine.txt").write_text(_serpentine(60, 41))
    book = tmp_path / "book.yaml"
    book.write_text(
        "title: Corridors\nmazes:\n  - {size: 8x8}\n  - {mask: serpentine.txt, algorithm: aldous-broder}\n"
    )
    for band in ("", ", difficulty: easy"):  # made as the book draws, or tried for a band first
        book.write_text(book.read_text().replace("aldous-broder}", f"aldous-broder{band}}}"))
        result = invoke(["build", str(book)])
        assert result.exit_code == 2, result.stderr
        said = "error: book.yaml:4: mazes[1]: aldous-broder's random walk did not cover"
        assert result.stderr.startswith(said), result.stderr
        assert len(result.stderr.splitlines()) == 1 and not (tmp_path / "book.pdf").exists()
