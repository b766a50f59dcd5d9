"""A child's name reads first and the maze second: read back from the maze as JSON, every name's
letters stand at least 12 cells tall with strokes 3 cells wide, on one line or two, and its accents and
dots stand apart from their letters."""

from __future__ import annotations

import itertools
import json
from statistics import median

import pytest
from clirun import invoke

from puzzlebook.wordbreaks import word_lines
from puzzlebook.words import MIN_WORD_ROWS, legible_size, word_picture

NAMES = [
    "Ana",  # 3
    "Zoë",
    "Chloé",
    "Łukasz",
    "Siobhán",
    "Дмитрий",
    "Ευαγγελία",
    "Παναγιώτης",
    "Maximiliano",
    "Marie-Éloïse",
    "Александра",
    "Anne-Charlotte",  # 14
]


def _field(tmp_path, name: str, size: tuple[int, int], grid: str = "rectangle") -> set[tuple[int, int]]:
    """The cells of the name's maze, read back from ``maze --format json``."""
    out = tmp_path / "name.json"
    args = ["maze", "-a", "wilson", "--seed", "3", "-f", "json", "--marks", "suggested", "--grid", grid]
    result = invoke([*args, "--shape", f"text:{name}", "-s", f"{size[0]}x{size[1]}", "-o", str(out)])
    assert result.exit_code == 0, result.stderr
    made = json.loads(out.read_text())
    masked = {tuple(c) for c in made["grid"]["masked"]}
    w, h = made["grid"]["width"], made["grid"]["height"]
    return {(x, y) for y in range(h) for x in range(w) if (x, y) not in masked}


def _bands(cells: set[tuple[int, int]]) -> list[int]:
    """The heights of the runs of rows that each hold a stroke's 3 cells or more: a line of letters is
    one such run from its capitals' tops to its baseline (a bridge between lines is 1 cell a row)."""
    rows = [sum(1 for _, y in cells if y == r) for r in range(max(y for _, y in cells) + 1)]
    bands, run = [], 0
    for count in [*rows, 0]:
        if count >= 3:
            run += 1
        elif run:
            bands.append(run)
            run = 0
    return bands


def _runs(cells: set[tuple[int, int]]) -> list[int]:
    """The lengths of the runs of cells across each row: a stroke's width where it runs up and down."""
    runs = []
    for y in {y for _, y in cells}:
        xs = sorted(x for x, yy in cells if yy == y)
        length = 1
        for a, b in itertools.pairwise(xs):
            if b == a + 1:
                length += 1
            else:
                runs.append(length)
                length = 1
        runs.append(length)
    return runs


@pytest.mark.parametrize("name", NAMES)
def test_a_names_letters_stand_12_cells_tall_with_strokes_3_wide_on_one_line_or_two(tmp_path, name):
    assert 3 <= len(name) <= 14
    lines = word_lines(name)
    assert len(lines) == (1 if len(name) <= 8 else 2), lines
    picture = word_picture(name)
    cells = _field(tmp_path, name, legible_size(picture))
    tall = [b for b in _bands(cells) if b >= MIN_WORD_ROWS]
    assert len(tall) == len(lines), (_bands(cells), lines)  # each line's letters 12 rows or more
    assert median(_runs(cells)) >= 3, sorted(_runs(cells))  # strokes 3 cells wide


@pytest.mark.parametrize("name", ["Ana", "Maximiliano", "Дмитрий"])
def test_a_size_too_small_for_a_name_is_refused_with_one_that_reads(tmp_path, name):
    w, h = legible_size(word_picture(name))
    result = invoke(["maze", "-a", "wilson", "--shape", f"text:{name}", "-s", f"{w}x{h - 2}"])
    assert result.exit_code == 2
    (said,) = result.stderr.splitlines()
    assert said.startswith(
        f'error: --shape: "{name}" drawn over {w}x{h - 2} cells has letters '
    ) and said.endswith(f"too thin to read (they take {MIN_WORD_ROWS}): make the maze about {w}x{h}"), said
    assert _field(tmp_path, name, (w, h))  # and that size builds


def _cut_pieces(cells: set[tuple[int, int]]) -> list[set[tuple[int, int]]]:
    """The pieces left when every one-cell-wide bridge is cut (a cell walled in on both sides across):
    letters and the marks over them, apart."""
    kept = {
        (x, y)
        for x, y in cells
        if not (
            ((x - 1, y) not in cells and (x + 1, y) not in cells)
            or ((x, y - 1) not in cells and (x, y + 1) not in cells)
        )
    }
    pieces: list[set[tuple[int, int]]] = []
    seen: set[tuple[int, int]] = set()
    for cell in sorted(kept):
        if cell in seen:
            continue
        piece, todo = {cell}, [cell]
        seen.add(cell)
        while todo:
            x, y = todo.pop()
            for near in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if near in kept and near not in seen:
                    seen.add(near)
                    piece.add(near)
                    todo.append(near)
        pieces.append(piece)
    return pieces


def _pieces(cells: set[tuple[int, int]]) -> int:
    """How many pieces a name's cells fall into (see ``_cut_pieces``)."""
    return len(_cut_pieces(cells))


@pytest.mark.parametrize(
    ("marked", "marks"), [("Zoë", 2), ("Åsa", 1), ("Йоханна", 1), ("Παναγιώτης", 1), ("Giulia", 2)]
)
def test_accents_and_dots_stand_apart_from_their_letters(marked, marks):
    """The dots of ë had merged into a cap over the e; then, joined to their letters by a neck, they
    read as part of them: a teacher read "Chidi" as "Chldl" and "Lily" as "Llly". Each mark now stands
    a cell clear of every letter, out of the maze (no corridor leads to it, no join runs beside it),
    drawn solid."""
    from puzzlebook.wordmarks import around as _around
    from puzzlebook.words import word_mask

    width, height = legible_size(word_picture(marked))
    mask, problems = word_mask(marked, width, height, "")
    assert mask is not None and not problems
    cells = {(x, y) for y in range(mask.height) for x in range(mask.width)} - mask.off
    assert len(_accents(mask.accents)) == marks, (marked, sorted(mask.accents))
    assert mask.accents <= mask.off  # not the maze's
    assert not any(n in cells for x, y in mask.accents for n in _around(x, y, "rectangle")), marked


def test_marks_are_kept_a_cell_clear_of_their_letters_however_small():
    """At 12 cells the font's own gaps part a mark from its letter; at the issue's 30x12 (letters 7 cells
    tall, since refused) ë's dots merged into a cap. The parting holds at any size, on every grid."""
    from puzzlebook.wordmarks import around as _around
    from puzzlebook.words import _marks_apart

    for grid in ("rectangle", "hex", "triangle"):
        for word in ("Zoë", "Åsa", "Йоханна"):
            cells, marks = _marks_apart(word, word_picture(word), 30, 12, grid)
            assert marks or word == "Йоханна", (word, grid)  # a breve 1 row tall may be lost
            letters = cells - marks
            assert not any(n in letters for x, y in marks for n in _around(x, y, grid)), (word, grid)


@pytest.mark.parametrize("grid", ["rectangle", "hex"])
def test_a_name_on_two_lines_is_walked_from_its_first_line(tmp_path, grid):
    """Maximi- / liano started under "liano" and finished after "Maximi-": read backwards."""
    from puzzlebook.kinds import kind

    for name in ("Maximiliano", "Anne-Charlotte", "Παναγιώτης"):
        size = legible_size(word_picture(name), grid)
        for seed in range(4):
            out = tmp_path / "name.json"
            args = ["maze", "-a", "wilson", "--seed", str(seed), "-f", "json", "--marks", "suggested"]
            shape = ["--shape", f"text:{name}", "-s", f"{size[0]}x{size[1]}", "--grid", grid]
            assert invoke([*args, *shape, "-o", str(out)]).exit_code == 0
            made = json.loads(out.read_text())
            down = (lambda c: c[1]) if grid == "rectangle" else (lambda c: kind(grid).centre(*c)[1])
            start, end = (down(made[role]) for role in ("start", "end"))
            tall = made["grid"]["height"]
            assert abs(start - end) <= tall / 3 or start < end, (name, seed, start, end)


def _joined_by_finding_the_pieces_again(cells, grid, marks):
    """The join as it was first written: every piece found again after each bridge, the smallest piece
    (of two alike, the one whose first cell comes first) bridged by the same rules, off the marks."""
    from puzzlebook.masks import near_cells, parts_of
    from puzzlebook.wordjoins import bridge, bridged_rows, letter_lines

    cells = set(cells)
    box = max(x for x, _ in cells | marks), max(y for _, y in cells | marks)
    keep = set(marks).union(*(near_cells(x, y, grid, (0, 0)) for x, y in marks)) - cells
    rows = letter_lines(parts_of(cells, grid))
    while len(parts := sorted(parts_of(cells, grid), key=lambda p: (len(p), min(p)))) > 1:
        path = bridge(parts[0], cells, grid, box, rows, keep) or bridge(parts[0], cells, grid, box, rows)
        cells |= path
        rows.update(bridged_rows(path, rows, grid))
    return cells


@pytest.mark.parametrize("grid", ["rectangle", "hex", "triangle", "octagon"])
@pytest.mark.parametrize("name", ["Zoë", "Ïïï", "Anne-Marie", "ÅÄÖ ÆØ", "Bartholomew", "MMMM"])
def test_a_names_pieces_are_joined_into_one_the_same_whatever_order_its_cells_came_in(name, grid):
    """Joining merges the pieces a bridge touches rather than finding them all again: the same cells
    as finding them again, one piece, and the same whatever order the set of cells was built in (the
    order of a set's cells is CPython's business, not the maze's). The letters are joined; their marks
    stay apart, no join running through or beside them."""
    from puzzlebook.masks import near_cells, parts_of
    from puzzlebook.wordjoins import joined
    from puzzlebook.words import _marks_apart, word_field

    for lines in {tuple(word_lines(name)), (name,)}:
        picture = word_picture(name, lines=lines)
        width, height = word_field(picture, legible_size(picture, grid)[1] + 3, grid)
        cells, marks = _marks_apart(name, picture, width, height, grid, lines)
        letters = cells - marks
        assert len(parts_of(letters, grid)) > 1  # there is something to join
        whole = joined(letters, grid, marks)
        assert len(parts_of(whole, grid)) == 1
        assert letters <= whole and not whole & marks
        beside = set(marks).union(*(near_cells(x, y, grid, (0, 0)) for x, y in marks))
        assert not (whole - letters) & beside, (name, grid, lines)
        assert whole == _joined_by_finding_the_pieces_again(letters, grid, marks)
        backwards = set()
        for cell in sorted(letters, reverse=True):
            backwards.add(cell)
        assert joined(backwards, grid, marks) == whole


@pytest.mark.parametrize("name", ["Amelia", "Olivia", "Zoë", "Jürgen", "Chloé", "Illi"])
def test_a_dot_or_accent_stands_over_its_own_letter_and_no_join_comes_near(name):
    """An i's dot was joined to the nearest cell of any letter, often the l beside it ("AmeПa"); then by a
    straight neck, which read as the top of an l. A mark now stands over its own letter (a letter's
    cells in its columns, under it, before any other's), and no join runs within a cell of it."""
    from puzzlebook.wordmarks import around as _around
    from puzzlebook.words import word_field, word_mask

    picture = word_picture(name)
    for extra in (0, 4):
        width, height = word_field(picture, legible_size(picture)[1] + extra)
        mask, _ = word_mask(name, width, height, "", lines=(name,))
        assert mask is not None and mask.accents, "the name has marks apart from their letters"
        cells = {(x, y) for y in range(mask.height) for x in range(mask.width)} - mask.off
        letters = cells - mask.joins
        for accent in _accents(set(mask.accents)):
            below = max(y for _, y in accent)
            columns = {x for x, _ in accent}
            under = [min((y for cx, y in letters if cx == x and y > below), default=None) for x in columns]
            assert any(y is not None for y in under), (name, sorted(accent))
            assert not any(n in mask.joins for x, y in accent for n in _around(x, y, "rectangle")), name


def _accents(marks):
    """The marks as accents: cells side by side or corner to corner, one accent."""
    left, found = set(marks), []
    while left:
        todo = [left.pop()]
        accent = set(todo)
        while todo:
            x, y = todo.pop()
            for near in [(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)]:
                if near in left:
                    left.remove(near)
                    accent.add(near)
                    todo.append(near)
        found.append(accent)
    return found


def test_letters_are_joined_along_their_baseline_where_any_row_would_do():
    """Of bridges alike, the lowest: straight letters (l, a bare bar; a capital I has serifs) joined at
    their tops read as a П or an n."""
    from puzzlebook.wordjoins import joined
    from puzzlebook.words import _marks_apart, word_field

    picture = word_picture("llll")
    width, height = word_field(picture, legible_size(picture)[1])
    cells, marks = _marks_apart("llll", picture, width, height, "rectangle", ("llll",))
    bridge = joined(cells, "rectangle", marks) - cells
    assert bridge and {y for _, y in bridge} == {max(y for _, y in cells)}


def _letters_and_joins(name: str, extra: int, lines: tuple[str, ...] | None = None, grid: str = "rectangle"):
    """A name's letters (left to right) and joins over its legible field and ``extra`` rows more."""
    from puzzlebook.masks import parts_of
    from puzzlebook.words import word_field, word_mask

    picture = word_picture(name, lines=lines)
    width, height = word_field(picture, legible_size(picture, grid)[1] + extra, grid)
    mask, _ = word_mask(name, width, height, "", grid, lines=lines or (name,))
    assert mask is not None and mask.joins
    cells = {(x, y) for y in range(mask.height) for x in range(mask.width)} - mask.off
    return sorted(parts_of(cells - mask.joins - mask.accents, grid), key=min), set(mask.joins)


@pytest.mark.parametrize("name", ["rn", "Harris", "Fern", "Arnie", "Marni"])
@pytest.mark.parametrize(
    "grid, extra", [("rectangle", 0), ("rectangle", 6), ("triangle", 6), ("triangle", 12)]
)
def test_an_r_joins_the_next_letter_low_where_a_way_not_much_longer_is(name, grid, extra):
    """The shortest join from an r to the next letter runs from the r's arm to that letter's top:
    Harry's "rr" read as an m, Fern's "rn" likewise. Joined near the foot of the line, where a way not
    much longer is (on triangles, whose rows are 1.7 cells across for a row's height, as far): each
    join leaving an r lies in the lower half of the letters' x-height, read from the mask."""
    from puzzlebook.masks import near_cells, parts_of

    letters, joins = _letters_and_joins(name, extra, grid=grid)
    assert len(letters) == len(name)  # each letter a piece of its own, joined by the joins alone
    small = [p for p, c in zip(letters, name, strict=True) if c in "aemnru"]
    top = median(min(y for _, y in p) for p in small)
    foot = median(max(y for _, y in p) for p in small)
    rs = [p for p, c in zip(letters, name, strict=True) if c == "r"]
    leaving = [
        join
        for join in parts_of(joins, grid)
        if any(n in r for r in rs for x, y in join for n in near_cells(x, y, grid, (0, 0)))
    ]
    assert leaving
    for join in leaving:
        assert min(y for _, y in join) > (top + foot) / 2, (name, sorted(join), top, foot)


@pytest.mark.parametrize("name", ["Fern", "Freya", "Patrick", "Tyler", "Björn", "Oluwaseun"])
@pytest.mark.parametrize("extra", [0, 6, 14])
def test_a_join_runs_between_two_letters_never_along_one(name, extra):
    """A join that may run longer to meet its letters lower could follow the side of the next letter
    down to its foot (Fern's F to the e, seven cells along the e's side), which then read as part of
    the e. A join leaves one letter and enters the next: in each piece of joins, at most three cells
    lie beside a letter (its two ends, and a third where two joins meet)."""
    from puzzlebook.masks import parts_of

    found, joins = _letters_and_joins(name, extra, tuple(word_lines(name)))
    letters = set().union(*found)
    for join in parts_of(joins):
        beside = [
            (x, y)
            for x, y in join
            if any(n in letters for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)))
        ]
        assert len(beside) <= 3, (name, extra, sorted(beside))


@pytest.mark.parametrize("grid", ["rectangle", "hex", "triangle"])
@pytest.mark.parametrize("narrow", [1.0, 0.75])
@pytest.mark.parametrize(
    "name", ["Charlotte", "Matthew", "Rafferty", "Everett", "Wyatt", "Harry", "Kathryn", "Anne-Charlotte"]
)
def test_no_two_letters_touch(name, narrow, grid):
    """Letters closer than a cell in the font (a t's bar by the next t's, an r's arm by an l, an f's bar
    by the next f's, most letters of a narrowed name) fell into touching cells, and the maze ran through
    them as one blot (Charlotte's "tt"). Read from the mask over the name's legible field and a third
    larger: without its joins, the name falls into as many pieces as it has letters where cells that
    share a corner make one piece, each letter a cell clear of the others; on hexagons, whose cells may
    draw a thin stroke as two pieces, at least as many."""
    from puzzlebook import kinds
    from puzzlebook.wordforms import Form
    from puzzlebook.words import word_mask

    def pieces(cells: set[tuple[int, int]]) -> int:
        """The pieces of ``cells``, those that share a corner together."""
        by_corner: dict[tuple[float, float], list[tuple[int, int]]] = {}
        for cell in cells:
            for a, b in kinds.kind(grid).corners(*cell):
                by_corner.setdefault((round(a, 6), round(b, 6)), []).append(cell)
        piece = {cell: cell for cell in cells}

        def root(cell):
            while piece[cell] != cell:
                cell = piece[cell]
            return cell

        for sharing in by_corner.values():
            for cell in sharing[1:]:
                piece[root(cell)] = root(sharing[0])
        return len({root(cell) for cell in cells})

    lines = tuple(word_lines(name))
    form = Form(narrow, narrow < 1)
    picture = word_picture(name, lines=lines, form=form)
    for grow in (1.0, 1.3):
        width, height = (round(side * grow) for side in legible_size(picture, grid))
        mask, problems = word_mask(name, width, height, "", grid, lines=lines, form=form)
        assert mask is not None and not problems
        cells = {(x, y) for y in range(mask.height) for x in range(mask.width)} - mask.off
        found = pieces(cells - mask.joins - mask.accents)
        drawn = sum(c != " " for c in "".join(lines))  # a hyphen of ours too (Char- / lotte)
        assert (min(found, drawn) if grid == "hex" else found) == drawn, (
            lines,
            form,
            grid,
            (width, height),
            found,
        )


@pytest.mark.parametrize("narrow", [1.0, 0.95, 0.85, 0.75])
@pytest.mark.parametrize("name", ["Rafferty", "Anne-Charlotte", "Ingrid"])
def test_letters_drawn_alone_make_the_names_picture(name, narrow):
    """Two letters that touch in a name's picture are told apart by each drawn alone where the picture
    draws it (``wordforms.letter_alone``, in a crop, narrowed as the picture is). Laid back together,
    the letters drawn alone make the picture: under 1% of its ink pixels differ."""
    from PIL import Image, ImageChops

    from puzzlebook import wordfont
    from puzzlebook.wordforms import Form, letter_alone
    from puzzlebook.words import _placed, _stroke

    lines = tuple(word_lines(name))
    form = Form(narrow, narrow < 1)
    picture = word_picture(name, bare=True, lines=lines, form=form)
    placed = _placed(lines, form.close and len(lines) > 1)
    together = Image.new("L", picture.size, 0)
    for (text, at, y), box in zip(placed[2], placed[1], strict=True):
        left, alone = letter_alone(
            wordfont.font(), text, at, y, box, placed[0][0], narrow, _stroke(), wordfont.stem()
        )
        laid = Image.new("L", picture.size, 0)
        laid.paste(alone, (left, 0))
        together = ImageChops.lighter(together, laid)
    ink = picture.point(lambda v: 255 if v >= 128 else 0)
    differ = ImageChops.difference(ink, together.point(lambda v: 255 if v >= 128 else 0))
    assert sum(differ.histogram()[128:]) < 0.01 * sum(ink.histogram()[128:]), (name, narrow)


@pytest.mark.parametrize("name", ["Fern", "Freya", "Fe"])
@pytest.mark.parametrize("extra", [0, 6, 14])
def test_an_f_is_never_joined_at_its_foot_where_that_reads_as_an_e(name, extra):
    """Joined by a bar along its foot, an F read as an E ("Eern"): no join runs under the F's arms in
    the lowest quarter of its height."""
    letters, joins = _letters_and_joins(name, extra)
    f = letters[0]
    top, foot = min(y for _, y in f), max(y for _, y in f)
    stem = max(x for x, y in f if y == foot)  # the right of its stem
    right = max(x for x, _ in f)
    low = {(x, y) for x, y in joins if stem < x <= right and y > foot - (foot - top + 1) / 4}
    assert not low, (name, extra, sorted(low))


@pytest.mark.parametrize("extra", [0, 6])
def test_no_join_runs_into_a_letters_mouth(extra):
    """The bar from Алекс- to its hyphen ran through the с's open mouth, which read as an е: no join
    cell lies inside a letter's columns between its strokes above and below, within half its height."""
    name, lines = "Александра", ("Алекс-", "андра")
    letters, joins = _letters_and_joins(name, extra, lines)
    for letter in letters:
        top, foot = min(y for _, y in letter), max(y for _, y in letter)
        left, right = min(x for x, _ in letter), max(x for x, _ in letter)
        reach = range(1, (foot - top + 2) // 2)
        inside = {
            (x, y)
            for x, y in joins
            if left < x < right
            and any((x, y - k) in letter for k in reach)
            and any((x, y + k) in letter for k in reach)
        }
        assert not inside, (extra, sorted(inside))


@pytest.mark.parametrize(
    "name, lines",
    [
        ("Amelia", ("Amelia",)),
        ("William", ("Wil-", "liam")),
        ("Mary Jane", ("Mary", "Jane")),
        ("Benjamin", ("Benj-", "amin")),
        ("Bartholomew", ("Bartho-", "lomew")),
        ("Eun-ji", ("Eun-", "ji")),
    ],
)
@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("rows", [2, 22])
def test_a_name_starts_by_its_first_letter_and_ends_by_its_last(name, lines, seed, rows):
    """A two-line name had both ends at the ends of its lines: William ("Wil- / liam") was started at
    the hyphen, by the last letter of its first line. Its ends are now one by the first letter (the
    first third across, on the top line) and one by the last (the last third, on the bottom line).
    Drawn as large as a landscape page allows (``rows`` more), a name took the two outline cells
    farthest apart, in no order (Bartholomew's at 22 rows more, 970 outline cells over 2,223), and
    Benjamin started inside the eye of his B. Each end opens to the outside of the name, never into a
    hole of a letter."""
    from puzzlebook.grid import E, N, S, W
    from puzzlebook.puzzles import make_puzzle
    from puzzlebook.words import word_field, word_mask

    picture = word_picture(name, lines=lines)
    width, height = word_field(picture, legible_size(picture)[1] + rows)
    mask, _ = word_mask(name, width, height, "", lines=lines)
    assert mask is not None
    puzzle = make_puzzle(
        "wilson", mask.width, mask.height, seed, marks="suggested", masked=mask.off, first=mask.first
    )
    assert puzzle.start is not None and puzzle.end is not None
    (sx, sy), (ex, ey) = puzzle.start, puzzle.end
    if len(lines) == 2:
        assert sy < mask.height / 2 <= ey, (puzzle.start, puzzle.end, mask.height)
    # by the first letter of its first line and the last of its last: thirds of each line's own width
    # (Eun-ji's "ji", short under the left of "Eun-", had none in the box's last third)
    cells = {(x, y) for y in range(mask.height) for x in range(mask.width)} - mask.off
    middle = (min(y for _, y in cells) + max(y for _, y in cells)) / 2
    top = [x for x, y in cells if len(lines) == 1 or y <= middle]
    bottom = [x for x, y in cells if len(lines) == 1 or y > middle]
    first = min(top) + (max(top) - min(top)) / 3
    last = max(bottom) - (max(bottom) - min(bottom)) / 3
    assert sx <= first + 1 and ex >= last - 1, (puzzle.start, puzzle.end, first, last)
    w, h = mask.width, mask.height
    outside = {(x, y) for x, y in mask.off if x in (0, w - 1) or y in (0, h - 1)}
    todo = list(outside)
    while todo:  # the paper round the name, reached from the box's edge: not the eyes of its letters
        x, y = todo.pop()
        for near in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if near in mask.off and near not in outside:
                outside.add(near)
                todo.append(near)
    step = {W: (-1, 0), E: (1, 0), N: (0, -1), S: (0, 1)}
    for (x, y), side in zip((puzzle.start, puzzle.end), puzzle.sides, strict=True):
        beyond = (x + step[side][0], y + step[side][1])
        assert beyond in outside or not (0 <= beyond[0] < w and 0 <= beyond[1] < h), (name, x, y, side)


@pytest.mark.parametrize(("name", "grid"), [("Mei", "rectangle"), ("Giulia", "rectangle"), ("Zoë", "hex")])
def test_a_names_letters_are_outlined_apart_and_its_joins_left_paper(name, grid):
    """The heavy outline ran round a name's joins as round its letters, and the tint filled them: an i's
    dot on its neck read as the top of an l ("Giulia" read "Glulla"). The outline now runs round the
    letters alone, crossing no join, and the tint leaves the joins paper: each letter stands apart,
    each dot above its own letter."""
    import math

    from puzzlebook.geometry import inside_areas, outline_runs
    from puzzlebook.puzzles import Recipe
    from puzzlebook.words import word_field, word_mask

    picture = word_picture(name)
    width, height = word_field(picture, legible_size(picture, grid)[1] + 2, grid)
    mask, problems = word_mask(name, width, height, "", grid)
    assert mask is not None and not problems
    letters = {(x, y) for y in range(mask.height) for x in range(mask.width)} - mask.off - mask.joins
    assert mask.joins and letters, "a name of several letters has joins"
    puzzle = Recipe("wilson", mask.width, mask.height, masked=mask.off, grid=grid, joins=mask.joins).make(7)
    plain = Recipe("wilson", mask.width, mask.height, masked=mask.off, grid=grid).make(7)
    assert puzzle.joins == mask.joins and plain.maze.passages == puzzle.maze.passages  # the same maze

    def length(runs):
        return sum(math.hypot(x1 - x0, y1 - y0) for x0, y0, x1, y1 in runs)

    assert length(outline_runs(puzzle, 7.0)) < length(outline_runs(plain, 7.0))  # the joins' sides are gone
    if grid != "rectangle":
        assert len(inside_areas(puzzle)) == len(letters)  # a polygon a tinted cell
        return

    def units(runs):  # each run as the unit sides it covers
        found = set()
        for x0, y0, x1, y1 in runs:
            if y0 == y1:
                found |= {((x, y0), (x + 1, y0)) for x in range(int(min(x0, x1)), int(max(x0, x1)))}
            else:
                found |= {((x0, y), (x0, y + 1)) for y in range(int(min(y0, y1)), int(max(y0, y1)))}
        return found

    def sides(x, y):
        return {
            ((x, y), (x + 1, y)),
            ((x, y + 1), (x + 1, y + 1)),
            ((x, y), (x, y + 1)),
            ((x + 1, y), (x + 1, y + 1)),
        }

    out = mask.off | {(x, y) for x in range(-1, mask.width + 1) for y in (-1, mask.height)}
    out |= {(x, y) for y in range(mask.height) for x in (-1, mask.width)}
    # a letter's side to the paper, and no other, is outlined (this maze has no ends to open)
    to_paper = {side for cell in letters for side in sides(*cell)} & {
        side for cell in out for side in sides(*cell)
    }
    assert units(outline_runs(puzzle, 7.0)) == to_paper
    tinted = {
        (x, int(area[0][1])) for area in inside_areas(puzzle) for x in range(int(area[0][0]), int(area[1][0]))
    }
    assert tinted == letters


@pytest.mark.parametrize("grid", ["rectangle", "hex"])
@pytest.mark.parametrize(
    "name", ["Wilhelmina", "Giulia", "Anne-Charlotte", "Zoë", "Ijeoma", "Eun-ji", "Kofi"]
)
def test_a_names_ends_open_into_its_letters_not_its_joins(name, grid):
    """Wilhelmina's start opened on a cell of the corridor joining her W to the dot of her i: with the
    joins drawn as corridors between the letters, its arrow pointed at no letter. An end opens into a
    letter wherever one will do, on one line or two, its ends anywhere or on two sides of its box."""
    from puzzlebook.grid import E, N, S, W
    from puzzlebook.puzzles import Recipe
    from puzzlebook.shapelimits import RAY
    from puzzlebook.words import word_field, word_mask

    for lines in {tuple(word_lines(name)), (name,)}:
        picture = word_picture(name, lines=lines)
        width, height = word_field(picture, legible_size(picture, grid)[1] + 1, grid)
        mask, problems = word_mask(name, width, height, "", grid, lines=lines)
        assert mask is not None and mask.joins and not problems
        for axis in ("", "left-right") if grid == "rectangle" else ("",):
            recipe = Recipe(
                "wilson",
                mask.width,
                mask.height,
                marks="suggested",
                masked=mask.off,
                grid=grid,
                first=mask.first,
                axis=axis,
                joins=mask.joins,
                accents=mask.accents,
            )
            for seed in range(12):
                puzzle = recipe.make(seed)
                assert not {puzzle.start, puzzle.end} & mask.joins, (name, lines, axis, seed)
                if grid != "rectangle":
                    continue
                # nor towards a dot or accent as near as its arrow and word reach: an arrow up out of an
                # i pointed into its dot
                for (x, y), side in zip((puzzle.start, puzzle.end), puzzle.sides, strict=True):
                    dx, dy = {W: (-1, 0), E: (1, 0), N: (0, -1), S: (0, 1)}[side]
                    ahead = [(x + dx * k, y + dy * k) for k in range(1, RAY + 1)]
                    assert not set(ahead) & mask.accents, (name, lines, axis, seed, (x, y), side)


@pytest.mark.parametrize(
    ("name", "size"), [("Zoë", None), ("Björn", None), ("Jörg", None), ("Chidi", None), ("Chloé", (60, 18))]
)
def test_a_dot_drawn_in_cells_as_an_l_is_drawn_square(name, size):
    """An umlaut's dots came out of the cells as an L and a square, and read as flags (a teacher): a dot
    filling most of its box is drawn as its whole box, none coming within a cell of a letter. A word with
    another mark keeps its marks' own cells: Chloé's acute over 60x18, drawn as an L, had been squared
    into a block over the e."""
    from puzzlebook.wordmarks import DOT_FILL, dotted
    from puzzlebook.words import word_mask

    width, height = size or (lambda w, h: (w, h + 4))(*legible_size(word_picture(name)))
    mask, _ = word_mask(name, width, height, "")
    assert mask is not None and mask.accents
    cells = {(x, y) for y in range(mask.height) for x in range(mask.width)} - mask.off
    near = {(x + dx, y + dy) for x, y in mask.accents for dx in (-1, 0, 1) for dy in (-1, 0, 1)}
    assert not near & cells
    for mark in _accents(set(mask.accents)):
        xs, ys = [x for x, _ in mark], [y for _, y in mark]
        box = {(x, y) for x in range(min(xs), max(xs) + 1) for y in range(min(ys), max(ys) + 1)}
        if dotted(name):
            assert mark == box or len(mark) < DOT_FILL * len(box), (name, sorted(mark))
        else:
            assert mark != box, (name, sorted(mark))  # the acute keeps its slant


@pytest.mark.parametrize("name", ["Jörg", "Björn", "Eun-ji", "Zoë", "Chidi", "Jürgen", "Anaïs", "Mija"])
@pytest.mark.parametrize("grow", [0, 1, 3, 5, 7])
def test_a_words_dots_are_squares_of_one_size(name, grow):
    """Jörg's two dots came out of the cells as a bar and a square, and Eun-ji's j's dot as a bar beside
    its i's square (a teacher): every dot of a word is now the same square, a cell clear of its letters
    and of the other dots."""
    from puzzlebook.words import word_mask

    width, height = legible_size(word_picture(name))
    mask, _ = word_mask(name, width + 3 * grow, height + grow, "")
    assert mask is not None
    dots = _accents(set(mask.accents))
    assert len(dots) == sum(name.count(c) for c in "ijöüëï") + sum(name.count(c) for c in "öüëï")
    sides = set()
    for dot in dots:
        xs, ys = [x for x, _ in dot], [y for _, y in dot]
        side = max(xs) - min(xs) + 1
        assert max(ys) - min(ys) + 1 == side and len(dot) == side * side, (name, sorted(dot))
        sides.add(side)
    assert len(sides) == 1, (name, sorted(sorted(d) for d in dots))
    cells = {(x, y) for y in range(mask.height) for x in range(mask.width)} - mask.off
    for dot in dots:
        near = {(x + dx, y + dy) for x, y in dot for dx in (-1, 0, 1) for dy in (-1, 0, 1)}
        assert not near & (cells | (set(mask.accents) - dot)), name


def test_large_dots_are_left_as_the_font_draws_them():
    """The search for each dot's square grows with the fourth power of its size: a two-dot word over
    200x200 cells took 17 s to validate. Past ``ALIKE_MOST`` cells the dots are left as drawn."""
    from puzzlebook.wordmarks import ALIKE_MOST, alike

    big = ALIKE_MOST + 1
    dots = {(x, y) for x in range(big) for y in range(big + 1)} | {
        (x, y) for x in range(big + 3, 2 * big + 3) for y in range(big)
    }
    assert alike(dots, set(), (100, 100)) == dots  # not made one size: left as they are
    small = {(x, y) for x in range(2) for y in range(3)} | {(x, y) for x in range(5, 7) for y in range(2)}
    squares = alike(small, set(), (100, 100))
    assert squares != small and len(squares) == 18  # two squares of 3x3, the longest side a dot has


@pytest.mark.parametrize("grid", ["rectangle", "hex"])
def test_a_capital_i_has_serifs_and_reads_apart_from_an_l(grid):
    """The bundled sans draws a capital I as a bare bar: in cells, Ignacio read as "lgnacio". A capital
    I's top and bottom rows now reach out past its stem on both sides, two rows thick at the least size;
    an l's stay its stem's width."""
    from puzzlebook.masks import fit, parts_of

    def first_letter(name: str) -> dict[int, int]:
        picture = word_picture(name)
        cells = fit(picture, *legible_size(picture, grid), grid)
        letter = min(parts_of(cells, grid), key=lambda piece: min(x for x, _ in piece))
        return {y: sum(1 for _, yy in letter if yy == y) for y in sorted({y for _, y in letter})}

    for name in ("Ignacio", "Íñigo", "Ivan"):
        rows = list(first_letter(name).values())
        stem = median(rows)
        assert min(max(rows[:3]), max(rows[-3:])) >= stem + 2, (name, rows)  # a hex row may be half
    rows = list(first_letter("lgnacio").values())
    assert max(rows) - min(rows) <= 1, rows


@pytest.mark.parametrize(
    ("layout", "per_page", "page"),
    [("handout", 1, "a4"), ("handout", 2, "letter"), ("activity-book", 1, "letter")],
)
def test_no_start_or_finish_is_drawn_over_a_names_accents(tmp_path, layout, per_page, page):
    """The words by the arrows kept clear of the maze's cells but not of its accents and dots, drawn
    beside them: Start was printed over Íñigo's acute and Élodie's, and Finish over Öykü's dots."""
    from puzzlebook import build
    from puzzlebook.geometry import extent
    from puzzlebook.layout import MazeFrame
    from puzzlebook.layout.settle import settled
    from puzzlebook.layout.signs import _word_box
    from puzzlebook.render.svg import measure

    spec = tmp_path / "names.yaml"
    checked_words = 0
    for seed in range(1, 6):
        spec.write_text(
            f"title: N\nlayout: {layout}\npage_size: {page}\nmazes_per_page: {per_page}\n"
            f"students: [Íñigo, Élodie, Ümit, Öykü, Jürgen]\nmarks: suggested\nseed: {seed}\n"
            'mazes:\n  - shape: {text: "{student}"}\n'
        )
        checked, puzzles = build.generate(build.check_book(spec))
        frames = [i for p in checked.plan.pages for i in p.items if isinstance(i, MazeFrame) and not i.answer]
        for item in frames:
            puzzle = puzzles[item.number]
            frame, _, signs = settled(item, puzzle, measure)
            height = extent(puzzle.maze)[1]
            cells = [
                (frame.x + x * frame.cell, frame.y + (height - y - 1) * frame.cell, frame.cell)
                for x, y in puzzle.accents
            ]
            for sign in (s for s in signs if s.label):
                checked_words += 1
                x0, y0, x1, y1 = _word_box(sign.label, sign.size, measure(sign.word, sign.size))
                assert not any(x0 < x + c and x < x1 and y0 < y + c and y < y1 for x, y, c in cells), (
                    seed,
                    checked.mazes[item.number - 1].student,
                    sign.role,
                )
    assert checked_words >= 40


SYLLABLES = {  # as a child says them: the places a name may be broken over two lines
    "Muhammad": "Mu-ham-mad",
    "Oluwaseun": "O-lu-wa-seun",
    "Florence": "Flo-ren-ce",
    "Maximiliano": "Ma-xi-mi-lia-no",
    "Christopher": "Chris-to-pher",
    "Nathaniel": "Na-tha-niel",
    "Gabriella": "Ga-briel-la",
    "Aleksandra": "A-lek-san-dra",
    "Bartholomew": "Bar-tho-lo-mew",
    "Konstantin": "Kon-stan-tin",
    "Mitchell": "Mit-chell",
}


@pytest.mark.parametrize(("name", "said"), SYLLABLES.items())
def test_a_name_is_cut_into_syllables_as_a_child_says_it(name, said):
    """ "Muha- / mmad", "Oluw- / aseun" and "Flor- / ence" were on a class's sheets: broken where the two
    lines came out nearest in width. A break falls between syllables: before a consonant between vowels,
    between two, never inside ch, th or ph, nor before the r of br or dr."""
    from puzzlebook.syllables import syllable_breaks

    breaks = syllable_breaks(name)
    assert "-".join(name[i:j] for i, j in zip([0, *breaks], [*breaks, len(name)], strict=True)) == said


LONG_NAMES = ["Muhammad", "Oluwaseun", "Florence", "Maximiliano", "Christopher", "Gabriella", "Wilhelmina",
              "Chukwuemeka", "Przemyslaw", "Oluwadamilare", "Evangeline", "Bartholomew", "Anastasiya"]  # fmt: skip


@pytest.mark.parametrize("name", LONG_NAMES)
def test_a_long_name_broken_over_two_lines_is_broken_between_syllables(name):
    """Every way a long name is drawn on two lines breaks it where the syllables allow, each line keeping
    three letters at least, or between two vowels where no syllable does (Gabri- / ella)."""
    from puzzlebook.syllables import VOWELS, syllable_breaks
    from puzzlebook.wordbreaks import LEAST_PART, line_choices

    broken = [lines for lines in [tuple(word_lines(name)), *line_choices(name)] if len(lines) == 2]
    assert broken, name
    allowed = [i for i in syllable_breaks(name) if LEAST_PART <= i <= len(name) - LEAST_PART]
    for first, second in broken:
        assert first.endswith("-") and first[:-1] + second == name, (first, second)
        at = len(first) - 1
        assert min(at, len(second)) >= LEAST_PART, (first, second)
        if allowed:
            assert at in allowed, (first, second, allowed)
        else:
            assert name[at - 1].lower() in VOWELS and name[at].lower() in VOWELS, (first, second)


def test_a_names_ends_leave_room_for_their_words(tmp_path):
    """Xiu finished inside the bowl of her u, her arrow between its stems and her Finish left out for
    want of room: a way a little longer there beat one that ended beside the u. A name's ends now take
    room for their words wherever a way half as long as the longest has it (``WORD_NEAR``): no Start or
    Finish of a class's names is left out, on any of these sheets."""
    from puzzlebook.build import check_book, generate, targets, write_books

    names = "Anne-Marie, Maximilian, José, Kyle, Bartholomew, Zoë, Mo, Gwendolyn, Xiu, Priya, Quincy"
    spec = tmp_path / "names.yaml"
    for seed in (5, 6, 7, 8):
        spec.write_text(
            f"title: N\nlayout: handout\npage_size: a4\nstudents: [{names}, Wyatt, Aaliyah, Bob, Yves, "
            f'Élodie]\nmarks: suggested\nseed: {seed}\nmazes:\n  - shape: {{text: "{{student}}"}}\n'
        )
        left_out: dict[int, set[tuple[str, str]]] = {}
        checked, puzzles = generate(check_book(spec))
        write_books(checked, targets(checked, str(tmp_path / "out.pdf")), puzzles, left_out=left_out)
        lost = {checked.mazes[n - 1].student: sorted(what) for n, what in left_out.items()}
        assert not lost, (seed, lost)


@pytest.mark.parametrize("layout", ["handout", "activity-book"])
def test_a_name_with_a_hyphen_of_its_own_is_broken_there(tmp_path, monkeypatch, layout):
    """A teacher found "Charlot- / te-Rose" on a child's sheet: a name with a hyphen of its own was given
    another inside a word, its letters a little taller so. It is broken at its own hyphen or space
    wherever that fits its place, and given a hyphen of ours only where nothing of its own does."""
    from puzzlebook import words
    from puzzlebook.build import check_book
    from puzzlebook.layout import names as fitting

    drawn: list[tuple[str, tuple[str, ...], frozenset[tuple[int, int]]]] = []  # each word drawn, and how

    def word_mask(word, *args, **kwargs):
        found = words.word_mask(word, *args, **kwargs)
        if found[0] is not None:
            drawn.append((word, kwargs.get("lines") or (), found[0].off))
        return found

    monkeypatch.setattr(fitting, "word_mask", word_mask)
    names = ["Charlotte-Rose", "Anne-Charlotte", "Mary Jane", "Jean-Baptiste", "Ali Al-Hassan"]
    spec = tmp_path / "names.yaml"
    spec.write_text(
        f"title: N\nlayout: {layout}\npage_size: a4\nstudents: [{', '.join(names)}]\nmarks: suggested\n"
        'mazes:\n  - shape: {text: "{student}"}\n'
    )
    for maze in check_book(spec).mazes:
        name = maze.student
        lines = {lines for word, lines, off in drawn if word == name and off == maze.masked}
        assert lines, name  # the drawing that made its maze, found
        assert all("".join(ways).count("-") == name.count("-") for ways in lines), (name, lines)


@pytest.mark.parametrize("grid", ["rectangle", "hex", "triangle"])
@pytest.mark.parametrize("narrow", [1.0, 0.75])
@pytest.mark.parametrize("name", ["Charlotte", "Matthew", "Scarlett", "Attila", "Anne-Charlotte"])
def test_a_t_kept_apart_keeps_its_bar_on_both_sides(name, narrow, grid):
    """Where two letters touch, one gives up the cells that touch; a t that gave up its bar's end on
    one side and the next letter's cells on the other lost its bar there and read as an l
    (Anne-Charlotte on triangles read "Charlotle"). Over the name's legible field, a third larger and
    two thirds larger: every t's bar still reaches past its stem on both sides."""
    from puzzlebook import wordgaps
    from puzzlebook.masks import fit
    from puzzlebook.wordforms import Form
    from puzzlebook.words import _letter_ink

    lines = tuple(word_lines(name))
    form = Form(narrow, narrow < 1)
    bare = word_picture(name, bare=True, lines=lines, form=form)
    ink = _letter_ink(name, lines, form)
    ts = [k for k, c in enumerate(c for c in "".join(lines) if c != " ") if c == "t"]
    for grow in (1.0, 1.3, 1.7):
        width, height = (round(side * grow) for side in legible_size(bare, grid))
        cells = fit(bare, width, height, grid)
        owner, _ = wordgaps._owners(cells, ink, width, height, grid)
        kept = wordgaps.letters_apart(cells, ink, width, height, grid)
        for k in ts:
            rows: dict[int, list[int]] = {}
            for x, y in kept:
                if owner.get((x, y)) == k:
                    rows.setdefault(y, []).append(x)
            top, foot = min(rows), max(rows)
            bar = max(range(top, (top + foot) // 2), key=lambda y: len(rows.get(y, ())))
            third = (foot - bar) // 3  # the stem's middle third, below the bar and above the hook
            stem = set.intersection(*(set(rows.get(y, ())) for y in range(bar + third, foot - third + 1)))
            left, right = min(stem), max(stem)  # the columns all its rows hold: a row may take in a cell
            # more where a stem's edge falls near a cell's middle, or where another letter touches it
            near_bar = [x for y in (bar - 1, bar, bar + 1) for x in rows.get(y, ())]
            assert min(near_bar) < left and max(near_bar) > right, (lines, grid, (width, height), k)
