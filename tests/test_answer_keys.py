"""Answer keys a parent can follow, and the weights and hierarchy of a page (issue 28, parts 6 and 7),
read back from the built PDFs: the cells of dense answers, the answer line against its walls, a
separate key page for each sheet, the labels of a row on one baseline, the walls' weights, and a
handout's title."""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import replace
from pathlib import Path

import pytest
from pdfcheck import page_texts

from puzzlebook.build import build_book
from puzzlebook.kinds import kind
from puzzlebook.layout.boxes import MARK_SHARE
from puzzlebook.layout.items import MazeFrame
from puzzlebook.pdfread import Lines, Page, read

DENSE = """\
title: Dense
layout: activity-book
seed: 5
marks: suggested
answer_key: true
mazes:
  - {size: 6x7, count: 6, title: Small}
  - {size: 40x50, count: 3, title: Squares}
  - {grid: hex, size: 30x30, count: 2}
  - {grid: circle, size: 30, count: 2}
"""


@pytest.fixture(scope="module")
def dense(tmp_path_factory):
    folder = tmp_path_factory.mktemp("dense")
    (folder / "book.yaml").write_text(DENSE)
    target, checked = build_book(folder / "book.yaml")
    return list(read(Path(target).read_bytes())), checked


def _strokes(page: Page) -> list:
    """Every stroked line and curve of a page, one by one."""
    return [s for s in page.shapes if s.stroke and s.kind in ("line", "curve")]


def _answers(checked) -> list[tuple[int, MazeFrame]]:
    return [
        (p.number - 1, i)
        for p in checked.plan.pages
        for i in p.items
        if isinstance(i, MazeFrame) and i.answer
    ]


def test_no_answer_cell_is_under_4_pt_and_small_mazes_stay_six_a_page(dense):
    """Six 40x50 squares, hexes and circles to a page printed at 3.9 pt a cell: a dark texture. Each
    answer's cell is measured on the page: the span of its walls over the maze's extent in cells."""
    pages, checked = dense
    requests = {m.number: m for m in checked.mazes}
    answers = _answers(checked)
    assert len(answers) == 13
    for index, frame in answers:
        maze = requests[frame.number]
        across, down = kind(maze.grid).extent(maze.width, maze.height)
        x0, y0 = frame.x - 1, frame.y - 1
        x1, y1 = frame.x + frame.cell * across + 1, frame.y + frame.cell * down + 1
        walls = [
            s
            for s in _strokes(pages[index])
            if s.stroke_color != (0.0,) and x0 <= s.x0 and s.x1 <= x1 and y0 <= s.y0 and s.y1 <= y1
        ]
        span = max(s.x1 for s in walls) - min(s.x0 for s in walls)
        cell = span / across
        assert cell >= 4 - 0.01, (maze.grid, maze.width, cell)
        assert cell == pytest.approx(frame.cell, rel=0.02)
    texts = page_texts_of(pages)
    first = next(t for t in texts if "Answer key" in t)
    assert sum(f"Maze {n} · page" in first for n in range(1, 7)) == 6  # the layout's 2 x 3
    for n in range(7, 14):
        assert sum(f"Maze {n} · page" in t for t in texts) == 1


def page_texts_of(pages: list[Page]) -> list[str]:
    return ["".join(c.text for c in page.chars) for page in pages]


def test_the_answer_line_is_black_and_heavier_than_its_gray_walls(dense):
    """The gray line was about as heavy as the black walls; now the walls are a mid gray and the line
    solid black over them, heavier, on square, hex and circle answers alike."""
    pages, checked = dense
    for index in sorted({i for i, _ in _answers(checked)}):
        strokes = _strokes(pages[index])
        walls = [s for s in strokes if s.stroke_color != (0.0,)]
        line = [s for s in strokes if s.stroke_color == (0.0,)]
        assert walls and line
        assert {s.stroke_color for s in walls} == {(0.55,)}  # lighter than the line's black
        widths = defaultdict(list)  # each answer's line against its own walls
        for _, frame in (a for a in _answers(checked) if a[0] == index):
            widths[frame.number] = [frame.wall, frame.solution_width]
            assert frame.solution_width > frame.wall
        drawn_walls = {round(s.linewidth, 3) for s in walls}
        drawn_line = {round(s.linewidth, 3) for s in line}
        assert drawn_walls == {round(w, 3) for w, _ in widths.values()}
        assert drawn_line == {round(s, 3) for _, s in widths.values()}
        assert min(drawn_line) > max(drawn_walls)


def test_a_layout_may_name_the_answer_line_colour(tmp_path):
    (tmp_path / "mine.yaml").write_text("base: activity-book\nsolution_color: red\n")
    (tmp_path / "book.yaml").write_text(
        "title: T\nlayout: mine.yaml\nmarks: suggested\nanswer_key: true\nmazes: [{size: 8x8}]\n"
    )
    target, _ = build_book(tmp_path / "book.yaml")
    answer = list(read(Path(target).read_bytes()))[-1]
    colours = {s.stroke_color for s in _strokes(answer)}
    assert (0.85, 0.1, 0.1) in colours and (0.55,) in colours


def test_an_unknown_colour_is_refused_at_its_line_with_the_choices(tmp_path):
    from clirun import invoke

    (tmp_path / "mine.yaml").write_text("base: activity-book\nsolution_color: redd\n")
    (tmp_path / "book.yaml").write_text("title: T\nlayout: mine.yaml\nmazes: [{size: 8x8}]\n")
    result = invoke(["validate", str(tmp_path / "book.yaml")])
    assert result.exit_code == 2
    assert result.stderr.startswith(
        'error: mine.yaml:2: solution_color: unknown colour "redd". Did you mean "red"?'
    )
    assert "#rrggbb" in result.stderr and len(result.stderr.strip().splitlines()) == 1


CLASS = """\
title: Room 12 Mazes
layout: handout
students: [Ana, Ben, Chloé]
marks: suggested
answer_key: separate
mazes:
  - {size: 8x6, algorithm: wilson, title: Warm-up}
  - {size: 10x7, algorithm: kruskal, count: 3}
"""


@pytest.mark.parametrize("per_page", [1, 2, 4])
def test_a_class_sets_separate_key_has_a_page_for_each_sheet_answering_exactly_it(tmp_path, per_page):
    """Six answers a key page against four mazes a sheet ran one child's answers into the next one's:
    each key page now answers exactly one sheet, its child's, in the sheet's grid. Its heading names
    the child and the sheet's page, and each answer the maze alone (each had said the child and page
    again: "Ana · Maze 1 · page 1" under "Answer key · Ana · page 1")."""
    (tmp_path / "room12.yaml").write_text(CLASS + f"mazes_per_page: {per_page}\n")
    target, _ = build_book(tmp_path / "room12.yaml")
    sheets = page_texts(target)
    keys = page_texts(tmp_path / "room12-answers.pdf")
    assert len(keys) == len(sheets) == 3 * (4 // per_page)
    for number, (sheet, key) in enumerate(zip(sheets, keys, strict=True), start=1):
        on_sheet = set(re.findall(r"Maze (\d+)", sheet))
        student = next(s for s in ("Ana", "Ben", "Chloé") if s in sheet)
        heading = f"Answer key · {student} · page {number}"
        assert heading in key
        answered = re.findall(r"Maze (\d+)", key)
        assert set(answered) == on_sheet and len(answered) == len(on_sheet)
        assert key.count(student) == 1 and key.count(" · page ") == 1, key  # said once, by the heading


def test_a_sheets_answer_alone_on_its_key_page_stands_as_the_sheet_stands_it(tmp_path):
    """A wide name's answer hung from the top of its key page, two thirds of an A4 page blank under it (a
    teacher's class set, a name a sheet): it now stands a little above the middle, as on the sheet."""
    (tmp_path / "room12.yaml").write_text(
        "title: Room 12\nlayout: handout\npage_size: a4\nmazes_per_page: 1\nstudents: [Ana, Maximiliano]\n"
        'marks: suggested\nanswer_key: separate\nmazes:\n  - shape: {text: "{student}"}\n'
    )
    build_book(tmp_path / "room12.yaml")
    for key in read((tmp_path / "room12-answers.pdf").read_bytes()):
        heading = min(c.y0 for c in key.chars if c.size >= 12)
        small = [c for c in key.chars if c.size < 12]
        label = max(c.y0 + c.size for c in small)  # the answer's label, its top
        seed = min(c.y0 for c in small if c.y0 > min(c.y0 for c in small))  # above the page's number
        footer = min(c.y0 for c in small)
        above, below = heading - label, seed - footer
        assert 0.5 * below < above < below, (above, below)


@pytest.mark.parametrize(("page", "per_page"), [("a4", 1), ("letter", 2)])
def test_a_separate_keys_answers_say_start_and_finish(tmp_path, page, per_page):
    """Finish by an arrow pointing out of a name's side was left out of every key page (a teacher): at
    7 pt it wanted 0.6 pt more than the arrow's length; it may take the room kept beside the answer.
    Two a Letter page, the key's answers had arrows alone, in the room an answer grid keeps: a key
    page laid beside its sheet keeps room for the words, as the sheet does."""
    (tmp_path / "names.yaml").write_text(
        f"title: Names\nlayout: handout\npage_size: {page}\nmazes_per_page: {per_page}\n"
        "students: [Chidi, Élodie, Eun-ji]\nmarks: suggested\nseed: 7\nanswer_key: separate\nmazes:\n"
        '  - shape: {text: "{student}"}\n  - {size: 10x12}\n'
    )
    build_book(tmp_path / "names.yaml")
    keys = page_texts(tmp_path / "names-answers.pdf")
    assert len(keys) == 6 // per_page
    for key in keys:
        assert key.count("Start") == key.count("Finish") == per_page, key


def test_labels_in_one_row_of_the_key_share_a_baseline(tmp_path):
    """Mazes of different shapes side by side put their labels 6-13 pt apart: the labels stand at the
    top of their slots now, whatever the maze under them, and the seeds of a row on one baseline (a
    key that says seeds: sheets for an office printer)."""
    (tmp_path / "book.yaml").write_text(
        "title: T\nlayout: activity-book\nmarks: suggested\nanswer_key: true\nprint_on_demand: false\n"
        "mazes:\n  - {size: 6x9, count: 1}\n  - {size: 12x5, count: 1}\n  - {size: 9x9, count: 1}\n"
        "  - {size: 5x10, count: 1}\n  - {size: 10x6, count: 1}\n  - {size: 7x7, count: 1}\n"
    )
    target, _ = build_book(tmp_path / "book.yaml")
    key = list(read(Path(target).read_bytes()))[-1]
    text = "".join(c.text for c in key.chars)
    assert text.count(" · page ") == 6
    rows = defaultdict(str)  # the labels' letters by the baseline they stand on
    for c in key.chars:
        if c.size < 12:  # the labels, not the heading
            rows[round(c.y0, 2)] += c.text
    labelled = {y: t for y, t in rows.items() if "page" in t}
    assert len(labelled) == 3 and all(t.count("Maze") == 2 for t in labelled.values())
    # and so do the seeds under them: under a short, wide answer beside a tall one, a seed stood 0.3 in
    # higher than its neighbour's (a self-publisher's fish beside a cat)
    seeds = {y: t for y, t in rows.items() if "seed" in t}
    assert len(seeds) == 3 and all(t.count("seed") == 2 for t in seeds.values()), seeds


SHAPES = """\
title: T
layout: activity-book
marks: suggested
mazes:
  - {shape: heart, size: 14x14, title: Heart}
  - {grid: circle, size: 6, marks: center-out}
  - {size: 6x7}
  - {size: 40x50}
  - {grid: hex, size: 8x8}
"""


def test_walls_are_a_tenth_of_the_cell_and_3_pt_at_cells_of_30_pt(tmp_path):
    """Shape and round books for young children had 1.5 pt walls on 33 pt cells (commercial books:
    3-4 pt). Every maze page's walls, as drawn, weigh the layout's 1.5 pt or a tenth of the cell; a
    shape's outline, and only a shape's, twice that (issue 29: the shape reads before its corridors)."""
    (tmp_path / "book.yaml").write_text(SHAPES)
    target, checked = build_book(tmp_path / "book.yaml")
    pages = list(read(Path(target).read_bytes()))
    frames = [
        (p.number - 1, i)
        for p in checked.plan.pages
        for i in p.items
        if isinstance(i, MazeFrame) and not i.answer
    ]
    assert len(frames) == 5
    big = 0
    for index, frame in frames:
        drawn = {round(s.linewidth, 2) for s in pages[index].drawn if isinstance(s, Lines) and s.stroke}
        drawn |= {round(s.linewidth, 2) for s in _strokes(pages[index]) if s.kind == "curve"}
        wall = max(1.5, frame.cell / 10)
        shaped = frame.number == 1  # the heart
        expected = {round(wall, 2), round(2 * wall, 2)} if shaped else {round(wall, 2)}
        assert drawn == expected, (frame.number, frame.cell, drawn)
        if frame.cell >= 30:
            big += 1
            assert min(drawn) >= 3
    assert big >= 3  # the heart, the circle, the 6x7
    assert min(f.cell for _, f in frames) < 15  # and a 40x50 keeps the layout's weight


def test_a_handouts_title_is_its_largest_text_with_room_above_the_name_line(tmp_path):
    """The sheet's title was 13 pt beside mazes' titles of 16 pt, and pressed against the Name line."""
    for per_page in (1, 2):
        (tmp_path / "sheet.yaml").write_text(
            f"title: Room 12 Mazes\nlayout: handout\nmazes_per_page: {per_page}\nmarks: suggested\n"
            "mazes:\n  - {size: 8x6, title: Warm-up}\n  - {size: 8x6, title: Challenge}\n"
        )
        target, _ = build_book(tmp_path / "sheet.yaml")
        page = next(read(Path(target).read_bytes()))
        lines = defaultdict(list)
        for c in page.chars:
            lines[round(c.y0, 1)].append(c)
        text = {y: "".join(c.text for c in cs) for y, cs in lines.items()}
        title = next(y for y, t in text.items() if t == "Room 12 Mazes")
        name = next(y for y, t in text.items() if t.startswith("Name"))
        size = lines[title][0].size
        assert size > max(c.size for y, cs in lines.items() if y != title for c in cs)
        clear = min(c.y0 for c in lines[title]) - max(c.y1 for c in lines[name])
        assert clear >= 8, clear  # the title's descenders and the Name line's tops, apart


def test_an_answers_cell_asked_alone_is_the_cell_its_slot_gives_it(dense):
    """The key tries each maze in every grid by its cell alone (``answer_cell``), in a plan and in a
    print book's page count; that cell is the one the answer is then placed at, for squares, hexes and
    circles, short labels and labels of two lines, in slots of every grid the key tries, where its
    maze's ends are told no axis. Told one, it is placed at that cell or larger (room for arrows on its
    ends' sides alone), never smaller: a grid the key chose for it still holds it."""
    from puzzlebook.layout import slot_items
    from puzzlebook.layout.answers import ANSWER_LABEL
    from puzzlebook.layout.boxes import GAP, split
    from puzzlebook.layout.frames import answer_cell
    from puzzlebook.layout.items import Box

    _, checked = dense
    layout = checked.layout
    size = layout.caption_size * ANSWER_LABEL
    page = Box(54, 54, 558, 738)
    slots = [split(page, columns, rows, GAP)[0] for columns, rows in ((2, 3), (1, 2), (1, 1), (3, 4))]
    long = 10**40  # a label too wide for one line in the narrowest slots
    mazes = [*checked.mazes, *(replace(m, label=long) for m in checked.mazes[:2])]
    assert any(len(f"Maze {long}") * size * 0.62 > slot.w for slot in slots)
    assert any(m.axis for m in mazes)
    larger = 0
    for slot in slots:
        for maze in mazes:
            plain = replace(maze, axis="")
            placed = slot_items(layout, slot, plain, size, True, layout.answer_wall_weight)[1]
            assert answer_cell(layout, slot, maze, size) == placed, (slot, maze.number, maze.grid)
            told = slot_items(layout, slot, maze, size, True, layout.answer_wall_weight)[1]
            assert told >= placed, (slot, maze.number, maze.grid)
            larger += told > placed
    assert larger


def test_a_landscape_page_lays_its_answers_three_across(tmp_path):
    """Five round mazes on a landscape Letter page took three answer pages: the layout's grid, two
    across and three down, made for a portrait page, gave each answer a tall, narrow slot, too small
    for 14 rings, which then took a page to itself. On a landscape page the grid is turned: three
    across, two down, and all five answers share one page."""
    from puzzlebook.build import check_book
    from puzzlebook.layout import Text

    spec = tmp_path / "round.yaml"
    spec.write_text(
        "title: R\nlayout: activity-book\npage_size: letter landscape\nmarks: suggested\nseed: 11\n"
        "answer_key: true\nmazes:\n  - {grid: circle, size: 8, count: 3}\n  - {grid: circle, size: 14}\n"
        "  - {grid: circle, size: 5, inner: 2}\n"
    )
    plan = check_book(spec).plan
    keys = [page for page in plan.pages if page.kind == "answers"]
    assert len(keys) == 1, len(keys)
    frames = [item for item in keys[0].items if isinstance(item, MazeFrame)]
    labels = [item for item in keys[0].items if isinstance(item, Text) and " · page " in item.text]
    assert len(frames) == len(labels) == 5
    rows: dict[float, int] = {}
    for label in labels:  # the labels of a row share a baseline: three in the first, two under them
        rows[round(label.y, 1)] = rows.get(round(label.y, 1), 0) + 1
    assert [rows[y] for y in sorted(rows, reverse=True)] == [3, 2], rows


def test_a_key_of_fewer_answers_than_a_page_holds_spreads_them_over_it(tmp_path):
    """A handout's four answers stood small in the top of a six-slot page, its lower 40% blank: a key
    that does not fill a page of its grid takes as few rows as hold its answers, in the columns that
    draw them largest."""
    (tmp_path / "book.yaml").write_text(
        "title: T\nlayout: handout\nseed: 12\nmarks: suggested\nanswer_key: true\n"
        "mazes:\n  - {size: 8x6}\n  - {size: 10x7, count: 3}\n"
    )
    _, checked = build_book(tmp_path / "book.yaml")
    (key,) = [p for p in checked.plan.pages if p.kind == "answers"]
    frames = [i for i in key.items if isinstance(i, MazeFrame)]
    assert len(frames) == 4 and len({round(f.y) for f in frames if f.x > frames[0].x + 1}) == 2  # 2 by 2
    assert min(f.y for f in frames) < checked.plan.height / 3  # the lower row low on the page


@pytest.mark.parametrize(
    ("unanswered", "words", "listed"),
    [
        (1, "", "of maze 2 (page 3)."),
        (2, "", "of maze 2 (page 3) and maze 3 (page 4)."),
        (3, "", "of maze 2 (page 3), maze 3 (page 4) and maze 4 (page 5)."),
        (
            3,
            "words: {maze: Labyrinthe, page: page, and: et}\n",
            "Labyrinthe 2 (page 3), Labyrinthe 3 (page 4) et Labyrinthe 4 (page 5).",
        ),
    ],
)
def test_the_keys_note_lists_the_mazes_without_an_answer_as_a_sentence(tmp_path, unanswered, words, listed):
    """It read "of maze 2 (page 3), maze 3 (page 4), maze 4 (page 5).": a list, not a sentence; the word
    before the last is the book's own."""
    (tmp_path / "mine.yaml").write_text("base: activity-book\n" + words)
    spec = tmp_path / "book.yaml"
    spec.write_text(
        "title: T\nlayout: mine.yaml\nanswer_key: true\nmazes:\n  - {size: 8x8, marks: suggested}\n"
        f"  - {{size: 8x8, marks: none, count: {unanswered}}}\n"
    )
    target, _ = build_book(spec)
    key = " ".join(page_texts(target)[-1].split())  # the note's lines as one
    assert listed in key, key


def test_an_answers_arrows_are_half_a_cell_long_and_wider_than_its_line(tmp_path):
    """A class set's key drew its Warm-up answers' 5.4 pt line into arrows 7.5 pt long and 3 pt wide at
    the shaft: a blob at the line's end (a design review). Read back from every answer, of few big cells
    and of many small ones: both arrows at least half a cell long, their heads wider than the line."""
    spec = tmp_path / "set.yaml"
    spec.write_text(
        "title: T\nlayout: handout\nmazes_per_page: 1\nstudents: [Ana, Ben, Chloé]\nmarks: suggested\n"
        "answer_key: true\nseed: 12\nmazes:\n  - {size: 8x6, title: Warm-up}\n  - {size: 14x18, title: Challenge}\n"
    )
    target, checked = build_book(spec)
    pages = list(read(Path(target).read_bytes()))
    requests = {m.number: m for m in checked.mazes}
    answers = _answers(checked)
    assert len(answers) == 6
    for index, frame in answers:
        maze, room = requests[frame.number], frame.mark / MARK_SHARE + 1  # the room planned round it
        x1, y1 = frame.x + frame.cell * maze.width + room, frame.y + frame.cell * maze.height + room
        inside = [
            s
            for s in pages[index].shapes
            if frame.x - room <= s.x0 and s.x1 <= x1 and frame.y - room <= s.y0 and s.y1 <= y1
        ]
        arrows = [s for s in inside if s.fill and not s.stroke and s.fill_color == (0.0,)]
        line = {round(s.linewidth, 3) for s in inside if s.stroke and s.stroke_color == (0.0,)}
        assert len(arrows) == 2 and len(line) == 1, (len(arrows), line)
        for arrow in arrows:
            long, wide = sorted((arrow.x1 - arrow.x0, arrow.y1 - arrow.y0), reverse=True)
            assert long >= 0.45 * frame.cell, (maze.width, long, frame.cell)
            assert wide > 1.2 * max(line), (maze.width, wide, line)


def test_an_answer_keeps_room_for_its_arrows_on_its_ends_sides_alone(tmp_path):
    """A key's answers kept room for arrows on all four sides, whatever sides their mazes' ends were
    told: with ends at its sides, an answer stood a tenth smaller than it could, the paper above and
    below it blank. Read from the plan of a book whose pages put some mazes' ends at their sides and
    some above and below: each answer's label stands over its walls by the room its ends' sides need
    (in a row of answers with side arrows, no more than the paper kept beside an axis, ``OFF_AXIS``,
    and such an answer drawn larger than with room on every side, ``answer_cell``); its arrows and
    label clear of the row under it; and a row's mazes hung at one depth under their labels (beside
    an answer with arrows above it, one with side arrows stood 7.75 pt higher: a design review)."""
    from puzzlebook.build import check_book
    from puzzlebook.layout.answers import ANSWER_LABEL
    from puzzlebook.layout.boxes import planned_room
    from puzzlebook.layout.frames import answer_cell
    from puzzlebook.layout.items import Box, Text
    from puzzlebook.layout.room import OFF_AXIS

    (tmp_path / "book.yaml").write_text(
        "title: T\nlayout: activity-book\npictures: mouse-cheese\nmarks: suggested\nanswer_key: true\n"
        "seed: 3\nmazes:\n  - {size: 10x14, count: 5}\n  - {size: 8x10, count: 7}\n"
    )
    checked = check_book(tmp_path / "book.yaml")
    told = {m.number: m for m in checked.mazes}
    size = checked.layout.caption_size * ANSWER_LABEL
    axes, mixed = set(), False
    for page in (p for p in checked.plan.pages if p.kind == "answers"):
        labels = sorted(
            (i for i in page.items if isinstance(i, Text) and "page" in i.text), key=lambda t: -t.y
        )
        frames = [i for i in page.items if isinstance(i, MazeFrame)]
        rows: dict[float, list[tuple[str, float]]] = {}  # by their labels' baseline: axes and maze tops
        for frame in frames:
            maze = told[frame.number]
            axes.add(maze.axis)
            down = kind(maze.grid).extent(maze.width, maze.height)[1]
            top = frame.y + frame.cell * down
            above = [
                t for t in labels if t.y > top and abs(t.x - (frame.x + frame.cell * maze.width / 2)) < 1
            ]
            label = min(above, key=lambda t: t.y)
            rows.setdefault(round(label.y, 2), []).append((maze.axis, top))
        for frame in frames:
            maze = told[frame.number]
            down = kind(maze.grid).extent(maze.width, maze.height)[1]
            top = frame.y + frame.cell * down
            label = min((t for t in labels if t.y > top), key=lambda t: t.y)
            row = rows[round(label.y, 2)]
            assert max(t for _, t in row) - min(t for _, t in row) < 0.01, row  # hung at one depth
            wide, tall = planned_room(frame)
            if {axis for axis, _ in row} == {"left-right"}:
                assert label.y - top <= OFF_AXIS + 8 + 0.01 and tall == OFF_AXIS, (maze.number, label.y - top)
                slot = Box(
                    frame.x - wide, frame.y - tall, frame.x + frame.cell * maze.width + wide, label.y + size
                )
                assert frame.cell > answer_cell(checked.layout, slot, replace(maze, axis=""), size) + 0.1
            else:
                assert label.y - top >= frame.mark / MARK_SHARE, (maze.number, label.y - top)
            under = [t for t in labels if t.y < frame.y and abs(t.x - label.x) < 1]
            if under:  # the row below starts under this answer's arrows
                assert frame.y - tall > max(t.y for t in under) + size, maze.number
        mixed |= any(len({axis for axis, _ in row}) == 2 for row in rows.values())
    assert axes == {"left-right", "top-bottom"} and mixed


def test_a_keys_rows_stand_at_one_height_on_every_page(tmp_path):
    """Each row of a key took its share of the page's paper from what its own answers left: shapes of
    different heights put Shape Safari's rows 10-40 pt under the heading page by page, 9 pt apart
    across a spread (a design review). Read from the built PDF: every full page of the key has its
    labels on the same baselines."""
    (tmp_path / "book.yaml").write_text(
        "title: T\nlayout: activity-book\nmarks: suggested\nanswer_key: true\nseed: 4\nmazes:\n"
        "  - {shape: heart, size: 14x14}\n  - {shape: fish, size: 18x13}\n  - {shape: cat, size: 16x18}\n"
        "  - {shape: cloud, size: 20x15}\n  - {shape: apple, size: 18x18, grid: hex}\n"
        "  - {shape: star, size: 16x16}\n  - {shape: circle, size: 14x14}\n  - {shape: diamond, size: 14x14}\n"
        "  - {shape: cloud, size: 15x10}\n  - {shape: fish, size: 15x10}\n  - {shape: heart, size: 20x20}\n"
        "  - {shape: cat, size: 12x12}\n"
    )
    target, _ = build_book(tmp_path / "book.yaml")
    rows = []
    for page in read(Path(target).read_bytes()):
        baselines = sorted({round(c.y0, 1) for c in page.chars if c.size < 12}, reverse=True)
        text = "".join(c.text for c in page.chars)
        if "Answer key" in text and text.count(" · page ") == 6:
            rows.append(
                [y for y in baselines if any(c.text == "M" and round(c.y0, 1) == y for c in page.chars)]
            )
    assert len(rows) == 2 and len(rows[0]) == 3, rows
    assert rows[0] == rows[1], rows


def test_an_answers_words_keep_within_its_slot_or_are_left_out(tmp_path):
    """Nothing settles an answer after its signs are placed (a maze page's group is moved back into its
    area): a key's Finish, with no room beside its arrow, stood beyond it past the page's margin. An
    answer keeps its words within its slot (``MazeFrame.bounds``), or leaves them out: read from the
    planned signs of every answer, and of each again in a slot ending just past its arrows."""
    from dataclasses import replace

    from puzzlebook.build import check_book, generate
    from puzzlebook.layout import MazeFrame
    from puzzlebook.layout.items import Box
    from puzzlebook.layout.settle import frame_signs
    from puzzlebook.layout.signs import sign_boxes
    from puzzlebook.render.fonts import setters

    (tmp_path / "names.yaml").write_text(
        "title: Names\nlayout: handout\nmazes_per_page: 2\nstudents: [Chidi, Élodie, Eun-ji]\n"
        'marks: suggested\nseed: 7\nanswer_key: separate\nmazes:\n  - shape: {text: "{student}"}\n'
        "  - {size: 10x12}\n"
    )
    checked, puzzles = generate(check_book(tmp_path / "names.yaml"))
    bold = setters(checked.plan)[1]

    def measure(word: str, size: float) -> float:
        return bold.line(word).width * size

    assert checked.plan.answers is not None
    answers = [i for p in checked.plan.answers.pages for i in p.items if isinstance(i, MazeFrame)]
    assert len(answers) == 6
    tried = 0
    for frame in answers:
        assert frame.bounds is not None
        for bounds in (frame.bounds, None):
            if bounds is None:  # a slot ending a point past the arrows: no word fits beyond them
                arrows = [m.polygon for m in frame_signs(frame, puzzles[frame.number], measure) if m.polygon]
                right = max(x for polygon in arrows for x, _ in polygon) + 1
                bounds = Box(frame.bounds.x0, frame.bounds.y0, right, frame.bounds.y1)
                tried += 1
            signs = frame_signs(replace(frame, bounds=bounds), puzzles[frame.number], measure)
            for sign in signs:
                for x0, y0, x1, y1 in sign_boxes(sign, measure):
                    inside = bounds.x0 - 1e-6 <= x0 and x1 <= bounds.x1 + 1e-6
                    assert inside and bounds.y0 - 1e-6 <= y0 and y1 <= bounds.y1 + 1e-6, (frame.number, sign)
    assert tried == 6
