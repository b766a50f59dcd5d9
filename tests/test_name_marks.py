"""A name's accents and dots as drawn: small ones solid in the walls' ink, where they read as marks; all of
a name's outlined like its letters where one is 0.3 in across or more (``OUTLINED_MARK``, its narrower
way), on its page and in its answer alike. A short name drawn as large as its page allows had made Li's
i-dot a black square over an inch wide."""

from __future__ import annotations

import pytest

from puzzlebook.accents import OUTLINED_MARK, accent_areas, drawn_marks, round_marks
from puzzlebook.geometry import outline_runs
from puzzlebook.puzzles import Recipe
from puzzlebook.words import legible_size, word_field, word_mask, word_picture

Cell = tuple[int, int]


def _puzzle(name: str, grid: str = "rectangle", accents: bool = True, grow: int = 0):
    picture = word_picture(name)
    width, height = word_field(picture, legible_size(picture, grid)[1] + 2 + grow, grid)
    mask, problems = word_mask(name, width, height, "", grid)
    assert mask is not None and mask.accents and not problems, name
    marks = mask.accents if accents else frozenset()
    return Recipe(
        "wilson", mask.width, mask.height, masked=mask.off, grid=grid, joins=mask.joins, accents=marks
    ).make(5)


def _parts(cells: frozenset[Cell]) -> list[set[Cell]]:
    """The marks among ``cells`` on squares: cells side by side or corner to corner, one mark."""
    left, found = set(cells), []
    while left:
        part, todo = set(), [left.pop()]
        while todo:
            x, y = todo.pop()
            part.add((x, y))
            near = {(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)} & left
            left -= near
            todo += near
        found.append(part)
    return found


def _sides(cells) -> set[tuple[Cell, Cell]]:
    """The unit sides of square ``cells`` that no other of them shares."""
    count: dict[tuple[Cell, Cell], int] = {}
    for x, y in cells:
        for side in (
            ((x, y), (x + 1, y)),
            ((x, y + 1), (x + 1, y + 1)),
            ((x, y), (x, y + 1)),
            ((x + 1, y), (x + 1, y + 1)),
        ):
            count[side] = count.get(side, 0) + 1
    return {side for side, n in count.items() if n == 1}


def _units(runs) -> set[tuple[Cell, Cell]]:
    found = set()
    for x0, y0, x1, y1 in runs:
        if y0 == y1:
            found |= {((x, int(y0)), (x + 1, int(y0))) for x in range(int(min(x0, x1)), int(max(x0, x1)))}
        else:
            found |= {((int(x0), y), (int(x0), y + 1)) for y in range(int(min(y0, y1)), int(max(y0, y1)))}
    return found


@pytest.mark.parametrize("name", ["Li", "Zoë", "Amélie", "Jiří", "Eun-ji", "Nguyễn"])
@pytest.mark.parametrize("cell", [3.0, 5.0, 7.0, 20.0])
def test_a_words_marks_are_filled_when_small_and_all_outlined_when_any_is_large(name, cell):
    """A word's marks are drawn alike: an outlined acute beside a solid i-dot (Amélie) read as two
    hands at work. An outlined dot (a mark filling most of a box near square) is an ellipse in its box:
    outlined square, Zoë's two read as empty boxes."""
    puzzle = _puzzle(name)
    solid, outlined = drawn_marks(puzzle, cell)
    large = [
        part
        for part in _parts(puzzle.accents)
        if min(
            max(x for x, _ in part) - min(x for x, _ in part) + 1,
            max(y for _, y in part) - min(y for _, y in part) + 1,
        )
        * cell
        >= OUTLINED_MARK
    ]
    assert (solid, outlined) == ((frozenset(), puzzle.accents) if large else (puzzle.accents, frozenset()))
    filled = {
        (x, int(area[0][1]))
        for area in accent_areas(puzzle, cell)
        for x in range(int(area[0][0]), int(area[1][0]))
    }
    assert filled == solid
    letters_alone = _units(outline_runs(_puzzle(name, accents=False), cell))
    dots = [part for part in _parts(outlined) if _dot(part)]
    assert sorted(round_marks(puzzle, cell)) == sorted(
        (min(x for x, _ in d) + _w(d) / 2, min(y for _, y in d) + _h(d) / 2, _w(d) / 2, _h(d) / 2)
        for d in dots
    )
    rounded = {c for d in dots for c in d}
    assert _units(outline_runs(puzzle, cell)) == letters_alone | _sides(outlined - rounded)
    if name in ("Li", "Zoë") and outlined:  # their dots are round; an acute or a caron keeps its cells
        assert len(dots) == len(_parts(outlined))


def _w(part) -> int:
    return max(x for x, _ in part) - min(x for x, _ in part) + 1


def _h(part) -> int:
    return max(y for _, y in part) - min(y for _, y in part) + 1


def _dot(part) -> bool:
    """Whether a mark is a dot: its cells fill three quarters of a box at most half as long again one
    way as the other (Jiří's i-dot is 5 cells by 4)."""
    return len(part) >= 0.75 * _w(part) * _h(part) and max(_w(part), _h(part)) <= 1.5 * min(
        _w(part), _h(part)
    )


def test_the_same_dot_is_filled_small_and_outlined_large():
    """Li's dot at its least size: 4 cells across; filled in 5 pt cells (0.28 in), outlined in 7 pt."""
    puzzle = _puzzle("Li")
    (dot,) = _parts(puzzle.accents)
    across = max(x for x, _ in dot) - min(x for x, _ in dot) + 1
    small, large = (OUTLINED_MARK - 1) / across, (OUTLINED_MARK + 1) / across
    assert drawn_marks(puzzle, small) == (puzzle.accents, frozenset())
    assert drawn_marks(puzzle, large) == (frozenset(), puzzle.accents)


@pytest.mark.parametrize("name", ["Li", "Zoë", "Jiří"])
def test_on_hexagons_each_filled_mark_is_its_cells_and_an_outlined_one_runs_round_them(name):
    puzzle = _puzzle(name, "hex")
    shape = puzzle.maze.grid.kind
    small, large = drawn_marks(puzzle, 1.0), drawn_marks(puzzle, 100.0)
    assert small == (puzzle.accents, frozenset()) and large == (frozenset(), puzzle.accents)
    assert len(accent_areas(puzzle, 1.0)) == len(puzzle.accents) and not accent_areas(puzzle, 100.0)

    plain = outline_runs(puzzle, 1.0)
    assert plain == outline_runs(_puzzle(name, "hex", accents=False), 1.0)
    added = [run for run in outline_runs(puzzle, 100.0) if run not in plain]
    for mark in _marks_of(puzzle.accents, shape.corners):  # each mark outlined, by its own corners
        corners = {(round(x, 6), round(y, 6)) for c in mark for x, y in shape.corners(*c)}
        own = [
            r
            for r in added
            if {(round(r[0], 6), round(r[1], 6)), (round(r[2], 6), round(r[3], 6))} <= corners
        ]
        assert len(own) >= 6, (name, sorted(mark))  # round a hexagon at the least
    assert len(added) == sum(
        len(_open_sides(mark, shape.corners)) for mark in _marks_of(puzzle.accents, shape.corners)
    )


def _open_sides(mark, corners_of) -> set[frozenset]:
    """The sides of a mark's cells that no other of its cells shares."""
    count: dict[frozenset, int] = {}
    for c in mark:
        points = [(round(x, 6), round(y, 6)) for x, y in corners_of(*c)]
        for a, b in zip(points, points[1:] + points[:1], strict=True):
            count[frozenset((a, b))] = count.get(frozenset((a, b)), 0) + 1
    return {side for side, n in count.items() if n == 1}


def _marks_of(cells, corners_of):
    """The marks among ``cells`` on any grid: cells that share a corner, one mark."""
    left, found = set(cells), []
    points = {c: {(round(x, 6), round(y, 6)) for x, y in corners_of(*c)} for c in cells}
    while left:
        part, todo = set(), [left.pop()]
        while todo:
            here = todo.pop()
            part.add(here)
            near = {c for c in left if points[c] & points[here]}
            left -= near
            todo += near
        found.append(part)
    return found


def test_a_names_marks_read_back_from_the_book_filled_small_and_outlined_large(tmp_path):
    """Read back from a class set's book: each filled mark is in the walls' ink (black on the child's
    page, the key's gray in the answer); each page fills as many as the rule fills at the cells of each
    maze's own page, its answer too; Li's dot, drawn large, is an empty ring in the heavy outline (an
    ellipse: an empty box read as a letter the font lacked)."""
    from pypdf import PdfReader

    from puzzlebook.build import build_book, make_puzzles
    from puzzlebook.layout import MazeFrame
    from puzzlebook.pdfread import Document, Lines

    spec = tmp_path / "names.yaml"
    spec.write_text(
        "title: Names\nlayout: handout\nmazes_per_page: 1\nmarks: suggested\nanswer_key: true\n"
        "students: [Zoë, Amélie, Li, Bob, Anežka Dvořák]\nmazes:\n  - {shape: {text: '{student}'}, algorithm: wilson}\n"
    )
    target, checked = build_book(spec)
    puzzles = make_puzzles(checked.mazes)  # the same mazes: a maze is its recipe and seed
    doc = Document(PdfReader(target))
    kinds = {"solid": 0, "outlined": 0}
    first: dict[int, float] = {}  # each maze's first drawing's cells: its answer draws marks as it does
    for number, page in enumerate(checked.plan.pages):
        frames = [i for i in page.items if isinstance(i, MazeFrame)]
        expected = 0
        for frame in frames:
            solid, outlined = drawn_marks(puzzles[frame.number], first.setdefault(frame.number, frame.cell))
            expected += len(_parts(solid))
            kinds["solid"] += bool(solid)
            kinds["outlined"] += bool(outlined)
        drawn = doc.page(number)
        inks = {d.stroke_color for d in drawn.drawn if isinstance(d, Lines) and d.stroke}
        filled = [s for s in drawn.shapes if s.fill and not s.stroke and s.kind == "rect"]
        assert all(s.fill_color in inks for s in filled), (page.kind, {s.fill_color for s in filled}, inks)
        marks = _touching(filled)
        for box in marks if page.kind == "maze" else ():  # an answer's follow its page's, at any size
            assert min(box[2] - box[0], box[3] - box[1]) < OUTLINED_MARK, (page.number, box)
        assert len(marks) == expected, (page.number, page.kind)
    assert kinds["solid"] and kinds["outlined"], kinds  # the book tries both
    (li_maze,) = [m.number for m in checked.mazes if m.student == "Li"]
    li = next(
        n
        for n, p in enumerate(checked.plan.pages)
        if p.kind == "maze" and any(isinstance(i, MazeFrame) and i.number == li_maze for i in p.items)
    )
    shapes = doc.page(li).shapes
    heavy = max(s.linewidth for s in shapes if s.stroke)
    rings = [s for s in shapes if s.kind == "curve" and s.stroke and not s.fill and s.linewidth == heavy]
    lines = [s for s in shapes if s.kind == "line" and s.stroke]
    empty = [  # as wide as a large mark, and nothing drawn inside it
        ring
        for ring in rings
        if min(ring.x1 - ring.x0, ring.y1 - ring.y0) >= OUTLINED_MARK
        and not any(
            ring.x0 < (s.x0 + s.x1) / 2 < ring.x1 and ring.y0 < (s.y0 + s.y1) / 2 < ring.y1 for s in lines
        )
    ]
    assert len(empty) == 1, rings  # the dot


def _touching(shapes) -> list[tuple[float, float, float, float]]:
    """Boxes of the filled shapes that touch one another (a mark's runs of cells), one box a mark."""
    boxes = [[s.x0, s.y0, s.x1, s.y1] for s in shapes]
    merged = True
    while merged:
        merged = False
        for i, a in enumerate(boxes):
            for b in boxes[i + 1 :]:
                if (
                    a[0] <= b[2] + 0.01
                    and b[0] <= a[2] + 0.01
                    and a[1] <= b[3] + 0.01
                    and b[1] <= a[3] + 0.01
                ):
                    a[:] = [min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3])]
                    boxes.remove(b)
                    merged = True
                    break
            if merged:
                break
    return [tuple(b) for b in boxes]


@pytest.mark.parametrize("name", ["Nguyễn", "Đỗ", "Lễ"])
def test_a_mark_over_a_mark_stands_a_cell_clear_of_it(name):
    """Vietnamese ễ and ỗ carry a tilde over a circumflex: fitted into cells as one blot, the two read as
    an H over the letter. Each is now lifted clear of the one below, so a name of these letters, as
    large as reads and larger, has two marks over each such letter, a cell apart (corners too), each
    above its letter's top."""
    picture = word_picture(name)
    rows = legible_size(picture)[1]
    for height in (rows + 2, rows + 6, rows + 12):
        width, height = word_field(picture, height)
        mask, problems = word_mask(name, width, height, "")
        assert mask is not None and not problems, (name, height)
        marks = _parts(mask.accents)
        letters = {(x, y) for y in range(mask.height) for x in range(mask.width)} - mask.off - mask.accents
        assert len(marks) == 2, (name, height, marks)
        lower, upper = sorted(marks, key=lambda m: -max(y for _, y in m))
        assert max(y for _, y in upper) < min(y for _, y in lower)  # one over the other
        xs = {x for x, _ in lower} & {x for x, _ in upper}
        assert xs and min(y for x, y in letters if x in xs) > max(y for _, y in lower)


@pytest.mark.parametrize(("name", "marks"), [("Phương", 0), ("Ząbek", 0), ("Şule", 0), ("François", 1)])
def test_a_mark_attached_to_its_letter_stays_part_of_it(name, marks):
    """Vietnamese ư's and ơ's horns were set apart from their letters as accents are, a square floating
    over the u's stem: "Phương" read "Phuiơng". A horn, a cedilla and an ogonek are now drawn as part of
    their letters' strokes; dots and accents above (François's i-dot) still stand apart."""
    picture = word_picture(name)
    width, height = word_field(picture, legible_size(picture)[1] + 4)
    mask, problems = word_mask(name, width, height, "")
    assert mask is not None and not problems, name
    assert len(_parts(mask.accents)) == marks, (name, _parts(mask.accents))


def test_stacked_marks_fitted_together_are_the_cells_each_gets_alone():
    """The marks of a name's stacks are fitted a few at a time, those too far apart to share a cell
    together (a class set of 200 names of 14 stacked letters took 70 s fitted one by one): each gets
    exactly the cells it gets fitted into the field on its own."""
    from PIL import Image, ImageDraw

    from puzzlebook.masks import fit
    from puzzlebook.wordmarks import stack_parts, stack_pieces

    for name in ("Nguyễn", "Hồ Đỗ", "Ễễễễễễễễễễễễễ"):
        picture, bare = word_picture(name), word_picture(name, bare=True)
        pieces = stack_pieces(picture, bare)
        assert len(pieces) >= 2, name
        for height in range(8, 100, 7):
            for width in (height * len(name) // 2, height * len(name), 2 * height * len(name)):
                alone = []
                for top, bottom, runs in pieces:
                    image = Image.new("L", picture.size, 0)
                    for y, x0, x1 in runs:
                        ImageDraw.Draw(image).line([(x0, y), (x1 - 1, y)], fill=255)
                    alone.append((top, bottom, fit(image, width, height)))
                assert stack_parts(pieces, picture.size, width, height, "rectangle") == alone, (name, width)


def test_an_arrow_keeps_the_paper_from_a_names_outline_it_keeps_from_a_plain_mazes_wall(tmp_path):
    """A name's Start arrow stood with its tip on the name's outline (drawn twice the walls' weight): the
    gap before it was measured from the middle of a wall of the walls' weight. Read from the planned
    signs: every arrow's end by its opening keeps from the ink round its maze at least the paper a
    plain maze's arrow keeps from its wall."""
    import math

    from puzzlebook.build import check_book, generate
    from puzzlebook.geometry import OUTLINE, Placement, extent, opening
    from puzzlebook.layout import MazeFrame
    from puzzlebook.layout.boxes import arrow_gap
    from puzzlebook.layout.settle import settled
    from puzzlebook.render.fonts import setters

    spec = tmp_path / "book.yaml"
    spec.write_text(
        "title: T\nmarks: suggested\nanswer_key: false\nmazes:\n  - shape: {text: Zoë}\n"
        "  - shape: {text: Maxwell}\n  - {size: 20x12}\n"
    )
    checked, puzzles = generate(check_book(spec))
    bold = setters(checked.plan)[1]
    papers = []
    for planned in (i for p in checked.plan.pages for i in p.items if isinstance(i, MazeFrame)):
        puzzle = puzzles[planned.number]
        frame, _, signs = settled(planned, puzzle, lambda word, size: bold.line(word).width * size)
        place = Placement(frame.x, frame.y, frame.cell, extent(puzzle.maze)[1])
        ink = frame.wall * (OUTLINE if puzzle.maze.grid.masked else 1.0) / 2  # past the opening's line
        arrows = [sign.polygon for sign in signs if sign.kind == "arrow"]
        for role, arrow in zip(("start", "end"), arrows, strict=True):
            spot = opening(puzzle, role)
            assert spot is not None
            middle = place.point(*spot[0])
            tail = ((arrow[3][0] + arrow[4][0]) / 2, (arrow[3][1] + arrow[4][1]) / 2)
            near = min(math.dist(middle, arrow[0]), math.dist(middle, tail))  # a Start's tip, a Finish's tail
            papers.append((planned.number, role, near - ink, arrow_gap(frame.cell) - frame.wall / 2))
    assert len(papers) == 6
    assert all(paper >= least - 1e-6 for *_, paper, least in papers), papers


def test_a_large_dot_is_drawn_round_in_every_output(tmp_path):
    """Mia's i-dot, outlined at her name's size, was an empty square in the PDF, the SVG and the PNG
    alike (a design review: it read as a letter the font lacked). Each output draws it as a circle: the
    PDF's page as curves, the SVG as a circle element, the PNG as a ring (paper inside, ink round it)."""
    from clirun import invoke
    from PIL import Image
    from pypdf import PdfReader

    made = {}
    for kind in ("pdf", "svg", "png"):
        out = tmp_path / f"mia.{kind}"
        args = ["maze", "-a", "wilson", "--shape", "text:Mia", "-s", "40x16", "--seed", "3", "-f", kind]
        assert invoke([*args, "-o", str(out)]).exit_code == 0
        made[kind] = out
    content = PdfReader(made["pdf"]).pages[0].get_contents().get_data().decode("latin-1")
    assert content.count(" c ") + content.count(" c\n") == 4, "one circle of four curves"
    assert made["svg"].read_text().count("<ellipse ") == 1
    picture = Image.open(made["png"]).convert("L")
    width, height = picture.size
    ink = {(x, y) for y in range(height) for x in range(width) if picture.getpixel((x, y)) < 128}
    ring, todo = set(), [min(ink, key=lambda p: (p[1], p[0]))]  # the dot stands above every letter
    while todo:  # its ink, joined
        x, y = todo.pop()
        if (x, y) in ink and (x, y) not in ring:
            ring.add((x, y))
            todo += [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]
    xs, ys = [x for x, _ in ring], [y for _, y in ring]
    middle = ((min(xs) + max(xs)) // 2, (min(ys) + max(ys)) // 2)
    assert picture.getpixel(middle) > 200  # a ring: paper inside
    assert abs((max(xs) - min(xs)) - (max(ys) - min(ys))) <= 2  # as wide as tall
