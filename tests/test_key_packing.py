"""A name class set's answer key packed as a shop's book is, read back from the built PDF: a key page ended
early only where the next answer would not fit the paper left, answers in reading order, rows that do
not overlap, a lone answer of a row centred across the page, and no answer's cell under 4 pt."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path
from typing import NamedTuple

import pytest

from puzzlebook.build import build_book
from puzzlebook.kinds import kind
from puzzlebook.layout.items import MazeFrame
from puzzlebook.pdfread import Char, Page, read

NAMES = """\
title: Names
layout: handout
marks: suggested
seed: 4
answer_key: true
students: [Al, Zoë, Chloé, Łukasz, Дмитрий, Benjamin, Mary Jane, Maximiliano, Αλεξάνδρα, Anne-Charlotte,
  Bartholomew, Guðrún]
mazes:
  - {shape: {text: '{student}'}, algorithm: wilson}
"""


class Run(NamedTuple):
    """One line of text as drawn: its letters, where it stands and its box."""

    text: str
    x0: float
    y0: float
    x1: float
    y1: float


class Answer(NamedTuple):
    page: int  # the book page the maze is on, as its label says
    label: Run
    bottom: float  # its lowest ink: its seed line's lowest letter, or in a book for sale its arrows'
    x0: float  # its walls' extent across
    x1: float
    cell: float  # read from its walls: their span over the maze's width in cells
    down: float  # the maze's height in cells


def _runs(chars: list[Char]) -> list[Run]:
    """The page's letters as runs of text, a run ending where the next letter starts another line or
    leaves a gap (two labels on one baseline are two runs)."""
    runs: list[list[Char]] = []
    for c in chars:
        last = runs[-1][-1] if runs else None
        if last and abs(c.y0 - last.y0) < 0.5 and -0.5 < c.x0 - last.x1 < c.size:
            runs[-1].append(c)
        else:
            runs.append([c])
    return [
        Run(
            "".join(c.text for c in r),
            min(c.x0 for c in r),
            min(c.y0 for c in r),
            max(c.x1 for c in r),
            max(c.y1 for c in r),
        )
        for r in runs
    ]


@pytest.fixture(scope="module")
def key(tmp_path_factory):
    return _key_pages(tmp_path_factory.mktemp("names"), NAMES)


def _key_pages(folder: Path, spec: str) -> list[tuple[Run, Run, list[Answer]]]:
    """Every key page: (its heading, its footer's page number, its answers top to bottom, left to right)."""
    (folder / "book.yaml").write_text(spec)
    target, checked = build_book(folder / "book.yaml")
    sizes = {m.number: kind(m.grid).extent(m.width, m.height) for m in checked.mazes}
    frames = {  # where the plan put each answer: to know which walls are whose
        (p.number - 1, i.number): i
        for p in checked.plan.pages
        for i in p.items
        if isinstance(i, MazeFrame) and i.answer
    }
    pages = []
    for index, page in enumerate(read(Path(target).read_bytes())):
        runs = _runs(list(page.chars))
        if not any(r.text.startswith("Answer key") for r in runs):
            continue
        heading = next(r for r in runs if r.text.startswith("Answer key"))
        footer = min(runs, key=lambda r: r.y0)
        labels = [r for r in runs if " · page " in r.text]
        seeds = [r for r in runs if r.text.startswith("seed ")]
        placed = [f for (i, _), f in frames.items() if i == index]
        assert len(labels) == len(placed) and len(seeds) in (0, len(placed))  # a book for sale says none
        answers = []
        for label in sorted(labels, key=lambda r: (-r.y0, r.x0)):  # reading order
            middle = (label.x0 + label.x1) / 2
            frame = max(  # the maze right under the label
                (f for f in placed if f.x < middle < f.x + f.cell * sizes[f.number][0] and f.y < label.y0),
                key=lambda f: f.y,
            )
            across, down = sizes[frame.number]
            walls = _walls(page, frame, across, down)
            span = max(s.x1 for s in walls) - min(s.x0 for s in walls)
            below = [s for s in seeds if s.x0 < middle < s.x1 and s.y1 < label.y0]
            bottom = max(s.y0 for s in below) if below else _lowest_ink(page, frame, across)
            answers.append(
                Answer(
                    int(label.text.rsplit(" ", 1)[1]),
                    label,
                    bottom,
                    min(s.x0 for s in walls),
                    max(s.x1 for s in walls),
                    span / across,
                    down,
                )
            )
        pages.append((heading, footer, answers))
    return pages


def _lowest_ink(page: Page, frame: MazeFrame, across: float) -> float:
    """The lowest point drawn in the room planned round an answer (its walls, line and arrows)."""
    room = frame.beside
    x0, x1 = frame.x - room, frame.x + frame.cell * across + room
    return min(s.y0 for s in page.shapes if x0 <= s.x0 and s.x1 <= x1 and s.y0 >= frame.y - room - 0.5)


def _walls(page: Page, frame: MazeFrame, across: float, down: float) -> list:
    x0, y0 = frame.x - 1, frame.y - 1
    x1, y1 = frame.x + frame.cell * across + 1, frame.y + frame.cell * down + 1
    return [
        s
        for s in page.shapes
        if s.stroke
        and s.kind in ("line", "curve")
        and s.stroke_color != (0.0,)  # the walls' gray, not the answer line's black
        and x0 <= s.x0
        and s.x1 <= x1
        and y0 <= s.y0
        and s.y1 <= y1
    ]


def test_no_key_page_but_the_last_is_left_a_third_blank_where_the_next_answer_would_fit(key):
    """The first key page held Al, Zoë and Chloé and left 60% of itself blank, as Łukasz took a row half a
    page tall on the next: now a page ends early only where the next answer, its cell down to 4 pt, would
    not fit the paper left under the last one. Answers still read in order, each row's labels on one
    baseline and its ink clear of the next row's labels, no cell under 4 pt."""
    assert len(key) >= 2
    for (heading, footer, answers), (_, _, following) in pairwise(key):
        paper = heading.y0 - footer.y1
        blank = min(a.bottom for a in answers) - footer.y1
        nxt = following[0]
        drawn = nxt.label.y1 - nxt.bottom  # label to seed line, as drawn at its cell
        least = drawn - (nxt.cell - 4) * nxt.down  # the same at a 4 pt cell
        assert blank <= paper / 3 or blank < least, (answers[-1].label.text, blank, paper, least)
    assert len(key) == 4  # 5 pages, the first 60% blank, before
    # and packed so, the answers read in the mazes' order, each row's labels on one baseline and its
    # answers' ink clear of the next row's labels (an answer made smaller to fit a page's foot too)
    order = [a.page for _, _, answers in key for a in answers]
    assert order == sorted(order) == list(range(1, 13))
    for _, _, answers in key:
        rows: dict[float, list[Answer]] = {}
        for a in answers:
            rows.setdefault(round(a.label.y0, 1), []).append(a)
        baselines = sorted(rows, reverse=True)
        for upper, lower in pairwise(baselines):
            assert min(a.bottom for a in rows[upper]) > max(a.label.y1 for a in rows[lower])
        for a in answers:
            assert a.cell >= 4 - 0.01, (a.label.text, a.cell)


def test_an_answer_alone_in_its_row_stands_centred_across_the_page(key):
    """Chloé fitted two to a row, but Łukasz after her did not: she stood in the left half of her row
    with the right half empty. A row cut short by a wider answer now spreads its answers across it."""
    alone = 0
    for heading, _, answers in key:
        middle = (heading.x0 + heading.x1) / 2
        rows: dict[float, list[Answer]] = {}
        for a in answers:
            rows.setdefault(round(a.label.y0, 1), []).append(a)
        for row in rows.values():
            if len(row) == 1:
                alone += 1
                (a,) = row
                assert abs((a.x0 + a.x1) / 2 - middle) < 2, (a.label.text, (a.x0 + a.x1) / 2, middle)
                assert abs((a.label.x0 + a.label.x1) / 2 - middle) < 2, a.label.text
    assert alone >= 3


MIXED = """\
title: Maze Adventures
layout: activity-book
print_on_demand: false
seed: 2026
marks: suggested
mazes:
  - {size: 12x12, algorithm: hunt-and-kill, seed: 7, title: Warm-up}
  - {size: 30x40, algorithm: eller, options: {horizontal: 0.6}, count: 4}
  - {size: 20x20, algorithm: wilson, marks: {start: [0, 0], end: [19, 19]}}
  - {size: 16x16, algorithm: kruskal, marks: none}
"""


def test_the_keys_last_answer_alone_under_a_wider_one_stands_centred(tmp_path):
    """The README's ten-line book, its key saying seeds (sheets for an office printer): maze 6 (20x20)
    takes two-a-row slots, and is the key's last answer, under maze 5 (30x40) alone across the page; it
    stood in the left half, the right half empty."""
    pages = _key_pages(tmp_path, MIXED)
    heading, _, answers = pages[-1]
    assert [a.page for a in answers] == [6, 7]  # mazes 5 and 6, each alone in its row
    middle = (heading.x0 + heading.x1) / 2
    for a in answers:
        assert abs((a.x0 + a.x1) / 2 - middle) < 2, (a.label.text, (a.x0 + a.x1) / 2, middle)
        assert abs((a.label.x0 + a.label.x1) / 2 - middle) < 2, a.label.text


def test_the_keys_last_answer_alone_under_answers_of_its_own_grid_keeps_their_column(tmp_path):
    """A key of like mazes is a table: its last row, short of answers, keeps the columns of the rows
    above it rather than standing in the middle under one of them."""
    spec = (
        "title: Like\nlayout: activity-book\nseed: 3\nmarks: suggested\nmazes:\n  - {size: 12x12, count: 3}\n"
    )
    (_, _, answers), *more = _key_pages(tmp_path, spec)
    assert not more
    rows: dict[float, list[Answer]] = {}
    for a in answers:
        rows.setdefault(round(a.label.y0, 1), []).append(a)
    first, last = (rows[y] for y in sorted(rows, reverse=True))
    assert len(first) == 2 and len(last) == 1
    assert abs(last[0].x0 - first[0].x0) < 0.5 and abs(last[0].x1 - first[0].x1) < 0.5


@pytest.mark.parametrize(
    ("size", "across"),
    [("26x34", 3), ("34x26", 2)],  # tall mazes go three across on a portrait page; wide ones two
)
def test_a_portrait_keys_grid_turns_where_that_draws_every_answer_larger(tmp_path, size, across):
    """The paperback sample's key drew its 26x34 answers two across on a Letter page, 5 pt cells 2 in
    apart. Three across and two down draw them at 5.5 pt, read from the walls: a portrait page turns
    the layout's grid where that draws every answer larger, and only where the grid held them all (a
    class set's key keeps its grid: its small mazes' answers would be smaller)."""
    spec = (
        "title: Tall\nlayout: activity-book\nseed: 3\nmarks: suggested\nanswer_key: true\n"
        f"mazes:\n  - {{size: {size}, count: 12}}\n"
    )
    pages = _key_pages(tmp_path, spec)
    assert len(pages) == 2
    for _, _, answers in pages:
        rows: dict[float, list[Answer]] = {}
        for a in answers:
            rows.setdefault(round(a.label.y0, 1), []).append(a)
        assert {len(row) for row in rows.values()} == {across} and len(rows) == 6 // across
    cells = [a.cell for _, _, answers in pages for a in answers]
    assert min(cells) >= 5.4, cells  # two across, the tall ones had 5.0 pt


def test_a_class_sets_key_keeps_a_row_for_each_child(tmp_path):
    """Turned three across, a class set's key drew each child's small warm-up smaller to draw the
    challenge larger, and its rows mixed the children: it keeps the layout's two across, a child a row."""
    spec = (
        "title: Room 12\nlayout: handout\nmazes_per_page: 1\ndifficulty: age-8\nstudents: [Ana, Ben, Chloé]\n"
        "marks: suggested\nanswer_key: true\nseed: 12\nmazes:\n"
        "  - {algorithm: recursive-backtracker, size: 8x6}\n  - {algorithm: hunt-and-kill}\n"
    )
    (_, _, answers), *more = _key_pages(tmp_path, spec)
    assert not more
    rows: dict[float, list[str]] = {}
    for a in answers:
        rows.setdefault(round(a.label.y0, 1), []).append(a.label.text.split(" · ")[0])
    assert [names for _, names in sorted(rows.items(), reverse=True)] == [
        ["Ana"] * 2,
        ["Ben"] * 2,
        ["Chloé"] * 2,
    ]


def test_a_key_pages_rows_stand_in_their_bands_as_a_maze_stands_on_its_page(tmp_path):
    """Tall answers three across, two rows a page, hung from the tops of their bands: no paper under
    the heading, 1.6 in under each row, and a key page's foot blank (a design review); stood in the
    middles of their bands, twice the paper between the rows as under the heading (a second review).
    The rows are spaced evenly: read back, the paper under the heading, between the rows and under the
    last row's ink is alike, within a fifth."""
    spec = (
        "title: Tall\nlayout: activity-book\nseed: 3\nmarks: suggested\nanswer_key: true\n"
        "mazes:\n  - {size: 26x34, count: 6}\n"
    )
    ((heading, footer, answers),) = _key_pages(tmp_path, spec)
    rows: dict[float, list[Answer]] = {}
    for a in answers:
        rows.setdefault(round(a.label.y1, 1), []).append(a)
    assert len(rows) == 2 and {len(row) for row in rows.values()} == {3}
    first, last = max(rows), min(rows)
    above = heading.y0 - first  # the heading's foot to the first row's labels' top
    between = min(a.bottom for a in rows[first]) - last  # the first row's ink to the next's labels
    under = min(a.bottom for a in rows[last]) - footer.y1  # the last row's ink to the page number
    assert max(above, between, under) <= 1.2 * min(above, between, under), (above, between, under)
