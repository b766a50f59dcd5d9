"""A name maze needs no size: each name is drawn as large as its place on the page allows, its letters
still 12 cells tall, so one class-set spec suits "Al" and "Maximiliano" on a handout or a full page."""

from __future__ import annotations

import json
import re
from dataclasses import replace

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from puzzlebook.build import check_book
from puzzlebook.cli import app
from puzzlebook.layout import MazeFrame
from puzzlebook.layout.density import fits
from puzzlebook.layout.names import FITTED_NAMES
from puzzlebook.masks import Mask
from puzzlebook.words import MAX_WORD_CELLS, MIN_WORD_ROWS, line_choices, word_field, word_mask, word_picture
from tests.pdfcheck import page_texts, wall_lines
from tests.test_names_read import _bands

runner = CliRunner()
NAMES = ["Al", "Zoë", "Chloé", "Łukasz", "Дмитрий", "Benjamin", "Mary Jane", "Maximiliano", "Αλεξάνδρα",
         "Anne-Charlotte"]  # fmt: skip  # 2 to 14 letters, one line and two


def _spec(tmp_path, head: str, names: list[str], entry: str = "") -> str:
    spec = tmp_path / "names.yaml"
    listed = ", ".join(f"'{n}'" for n in names)
    spec.write_text(
        f"title: Names\n{head}marks: suggested\nstudents: [{listed}]\n"
        f"mazes:\n  - {{shape: {{text: '{{student}}'}}, algorithm: wilson{entry}}}\n"
    )
    return str(spec)


def _frames(checked) -> dict[int, MazeFrame]:
    return {
        item.number: item
        for page in checked.plan.pages
        for item in page.items
        if isinstance(item, MazeFrame) and not item.answer
    }


def _mask(spec, maze) -> Mask:
    return spec.name_masks[(maze.entry, spec.students().index(maze.student))]


def _cells(spec, maze) -> set[tuple[int, int]]:
    mask = _mask(spec, maze)
    return {(x, y) for y in range(mask.height) for x in range(mask.width) if (x, y) not in mask.off}


CLASS = [
    "Eva", "Zoë", "Ana", "Chloé", "Björn", "Łukasz", "Дмитрий", "Siobhán", "Benjamin", "Mary Jane",
    "Ευαγγελία", "Αλεξάνδρα", "Anastasiya", "Wilhelmina", "Παναγιώτης", "Александра", "Maximiliano",
    "Bartholomew", "Marie-Éloïse", "Anne-Charlotte",
]  # fmt: skip
"""A class set of twenty names of 3 to 14 letters: Latin with accents, Greek and Cyrillic."""
WIDE = {"Maximiliano", "Bartholomew", "Anne-Charlotte"}
"""The names a portrait letter page cannot take at 7 pt cells: even broken in two, a line of them at
12 cells tall is wider than the page's 66 columns (Maxim- 71, Bartho- 73, Charlotte 89)."""
PAGES = {
    "handout": "layout: small.yaml\npage_size: letter landscape\nmazes_per_page: 1\n",  # the docs sheet's
    "portrait": "layout: activity-book\n",
    "landscape": "layout: activity-book\npage_size: letter landscape\n",
}


def _fitted(tmp_path, head: str, names: list[str]):
    """The class set built with no size: its plan, and the PDF."""
    (tmp_path / "small.yaml").write_text("base: handout\nmin_cell: 7\n")  # the handout of 7 pt cells
    spec = _spec(tmp_path, head, names)
    out = tmp_path / "names.pdf"
    result = runner.invoke(app, ["build", spec, "-o", str(out)])
    assert result.exit_code == 0, result.stderr
    return spec, out, check_book(spec)


def _lines(cells: set[tuple[int, int]]) -> list[int]:
    """The heights of a name's lines of letters: its bands of rows over 5 tall (an accent lifted apart
    from its letter is a band of a few rows)."""
    return [b for b in _bands(cells) if b > 5]


@pytest.mark.parametrize("page", list(PAGES))
def test_a_class_set_of_twenty_names_with_no_size_fills_each_slot(tmp_path, page):
    names = [n for n in CLASS if n not in WIDE] if page == "portrait" else CLASS
    _, out, checked = _fitted(tmp_path, PAGES[page], names)
    layout, frames = checked.layout, _frames(checked)
    assert len(checked.mazes) == len(names)
    reader = PdfReader(out)
    texts = page_texts(out)
    for maze in checked.mazes:
        name, frame = maze.student or "", frames[maze.number]
        cells = _cells(checked.spec, maze)
        # the letters stand 12 cells tall or more, on one line or two
        lines = _lines(cells)
        assert 1 <= len(lines) <= 2 and min(lines) >= MIN_WORD_ROWS, (name, _bands(cells))
        # the break suits the slot: a long name on two lines in a tall slot, a short one whole
        if page != "landscape" and len(name) >= 9:
            assert len(lines) == 2, (page, name, lines)
        if len(name) <= 6 and " " not in name:
            assert len(lines) == 1, (page, name, lines)
        assert frame.cell >= layout.min_cell - 1e-9, (name, frame.cell)  # it prints
        # as large as its slot allows: the field it was drawn over, found again, and the name drawn over
        # the field a row taller no longer gets min_cell (or is more cells than a word takes). A mask
        # says in its first side whether it was drawn on two lines ("left top"), so the ways of the
        # other number of lines, which could not give it, are not drawn (a one-line Benjamin 260 cells
        # wide, twelve times over, was half this test's time)
        first = _mask(checked.spec, maze).first
        drawn = next(
            (lines, rows)
            for lines in line_choices(name)
            if (len(lines) > 1) == first.endswith(" top")
            for rows in range(maze.height, maze.height + 12)
            if (m := word_mask(name, *word_field(word_picture(name, lines=lines), rows), "", lines=lines)[0])
            and (m.width, m.height, m.off, m.first) == (maze.width, maze.height, maze.masked, first)
        )
        w, h = word_field(word_picture(name, lines=drawn[0]), drawn[1] + 1)
        taller, _ = word_mask(name, w, h, "", lines=drawn[0])
        assert taller is not None
        assert w * h > MAX_WORD_CELLS or not fits(
            layout, replace(maze, width=taller.width, height=taller.height, masked=taller.off)
        ), (name, maze.width, maze.height)
        # read back from the PDF: the name's page, and its heavy outline filling the room planned for the
        # maze across or down (no thin strip with the slot's height unused when it could be taller)
        number = next(i for i, p in enumerate(checked.plan.pages) if any(it is frame for it in p.items))
        assert name in texts[number], name
        outline = wall_lines(out, number, frame.wall * 2)
        assert outline, name
        across = max(max(a, c) for a, _, c, _ in outline) - min(min(a, c) for a, _, c, _ in outline)
        down = max(max(b, d) for _, b, _, d in outline) - min(min(b, d) for _, b, _, d in outline)
        assert abs(across - maze.width * frame.cell) < frame.cell + 1, (name, across)
        assert frame.area is not None and frame.reach is not None
        room = (frame.area.w - 2 * frame.reach[0], frame.area.h - 2 * frame.reach[1])
        assert across >= 0.9 * room[0] or down >= 0.9 * room[1], (name, across, down, room)
    assert len(reader.pages) >= len(names)


def test_a_name_a_portrait_page_cannot_take_is_told_with_a_fix_that_builds(tmp_path):
    """Maximiliano on two lines at 12 cells tall is 71 columns; the portrait page holds 66 at 7 pt."""
    spec = _spec(tmp_path, PAGES["portrait"], CLASS)
    result = runner.invoke(app, ["validate", spec])
    assert result.exit_code == 2
    said = result.stderr.splitlines()
    assert len(said) == len(WIDE), said
    for name, line in zip(sorted(WIDE, key=CLASS.index), said, strict=True):
        took = re.search(rf'"{name}" takes at least (\d+)x(\d+) cells', line)
        assert took and int(took[1]) < 100 and "use page_size: letter landscape" in line, line
    with open(spec) as f:
        text = f.read()
    with open(spec, "w") as f:
        f.write(text.replace("layout: activity-book\n", PAGES["landscape"]))
    assert runner.invoke(app, ["validate", spec]).exit_code == 0, "the fix the message gives"


def test_a_size_given_is_an_upper_bound(tmp_path):
    """A size written is what the names fill at most, however much room the page has."""
    spec = _spec(tmp_path, "layout: activity-book\npage_size: letter landscape\n", NAMES, ", size: 100x42")
    checked = check_book(spec)
    frames, shrunk = _frames(checked), []
    for maze in checked.mazes:
        assert maze.width <= 100 and maze.height <= 42, (maze.student, maze.width, maze.height)
        assert frames[maze.number].cell >= checked.layout.min_cell - 1e-9
        written, _ = word_mask(maze.student or "", 100, 42, "")
        assert written is not None
        if fits(
            checked.layout, replace(maze, width=written.width, height=written.height, masked=written.off)
        ):
            assert (maze.width, maze.height) == (written.width, written.height)  # drawn over the size written
        else:  # too dense there (Chloé's 96 columns): drawn smaller, as large as the slot allows
            assert maze.width < written.width and maze.height >= MIN_WORD_ROWS, maze.student
            shrunk.append(maze.student)
    assert "Chloé" in shrunk and "Al" not in shrunk, shrunk
    unsized = check_book(_spec(tmp_path, "layout: activity-book\npage_size: letter landscape\n", NAMES))
    assert any(m.height > 42 for m in unsized.mazes)  # with no size the short names stand taller


def test_a_name_its_slot_cannot_take_is_refused_in_one_line_with_a_fix_that_builds(tmp_path):
    spec = _spec(
        tmp_path, "layout: handout\npage_size: letter landscape\nmazes_per_page: 1\n", ["Al", "Maximiliano"]
    )
    result = runner.invoke(app, ["validate", spec])
    assert result.exit_code == 2
    (said,) = result.stderr.splitlines()
    assert said.startswith('error: names.yaml:6: students[1]: "Maximiliano" takes at least '), said
    cells = re.search(
        r"use layout: activity-book, or use smaller cells \(a layout file of base: handout and min_cell: (\d+)\)$",
        said,
    )
    assert cells, said
    with open(spec) as f:
        text = f.read()
    for fix in ("layout: activity-book", "layout: cells.yaml"):  # each fix it gives builds
        (tmp_path / "cells.yaml").write_text(f"base: handout\nmin_cell: {cells[1]}\n")
        with open(spec, "w") as f:
            f.write(text.replace("layout: handout", fix))
        assert runner.invoke(app, ["validate", spec]).exit_code == 0, fix


def test_a_word_with_no_size_is_fitted_too_and_start_cells_need_a_size(tmp_path):
    spec = tmp_path / "word.yaml"
    spec.write_text("title: W\nlayout: activity-book\nmazes:\n  - {shape: {text: ANA}, algorithm: wilson}\n")
    checked = check_book(spec)
    (maze,) = checked.mazes
    assert maze.height >= 14 and checked.spec.masks[0].height == maze.height
    spec.write_text(
        "title: W\nstudents: [Ana]\nmazes:\n  - {shape: {text: '{student}'}, marks: {start: [0, 0], end: [1, 1]}}\n"
    )
    result = runner.invoke(app, ["validate", str(spec)])
    assert result.exit_code == 2
    assert result.stderr.startswith(
        "error: word.yaml:4: mazes[0].marks: start and end cells need the size"
    ), result.stderr


def test_names_are_fitted_the_same_every_time(tmp_path):
    spec = _spec(tmp_path, "layout: activity-book\npage_size: a4 landscape\n", ["Al", "Maximiliano"])
    one, two = tmp_path / "1.pdf", tmp_path / "2.pdf"
    for out in (one, two):
        assert runner.invoke(app, ["build", spec, "-o", str(out)]).exit_code == 0
    assert one.read_bytes() == two.read_bytes()


def test_many_names_without_room_are_told_in_one_line(tmp_path):
    long = ["Maximiliano", "Anne-Charlotte", "Bartholomew", "Παναγιώτης", "Александра"]
    spec = _spec(tmp_path, "layout: handout\npage_size: letter landscape\nmazes_per_page: 1\n", ["Al", *long])
    result = runner.invoke(app, ["validate", spec])
    assert result.exit_code == 2
    (said,) = result.stderr.splitlines()
    assert said.startswith(
        "error: names.yaml:8: mazes[0].shape: 5 names take more cells for letters 12 cells "
    ), said
    assert "and 1 more); use layout: activity-book" in said, said
    with open(spec) as f:
        text = f.read()
    with open(spec, "w") as f:
        f.write(text.replace("layout: handout", "layout: activity-book"))
    assert runner.invoke(app, ["validate", spec]).exit_code == 0


def test_a_roster_too_long_to_fit_one_by_one_is_asked_for_a_size_at_once(tmp_path):
    """Each name fitted to its page costs a few drawings: a roster past what a book fits is told at once,
    before any is drawn, and the fix (a size) validates."""
    names = [f"Kid{chr(65 + k // 26)}{chr(97 + k % 26)}" for k in range(FITTED_NAMES + 1)]
    spec = _spec(tmp_path, "layout: activity-book\npage_size: letter landscape\n", names)
    result = runner.invoke(app, ["validate", spec])
    assert result.exit_code == 2
    (said,) = result.stderr.splitlines()
    assert f"mazes[0].shape: {FITTED_NAMES + 1} names to draw as large as their page allows" in said
    size = re.search(r"give a size, such as size: (\d+x\d+) \(", said)
    assert size and said.endswith("which each name fills at most"), said
    with open(spec) as f:
        text = f.read()
    with open(spec, "w") as f:
        f.write(text.replace("shape:", f"size: {size[1]}, shape:"))
    assert runner.invoke(app, ["validate", spec]).exit_code == 0, "the fix the message gives"


def test_a_size_tall_for_a_name_draws_it_on_two_lines(tmp_path):
    """A size written picks the break as the slot does: Дмитрий over 52x40 is two lines 12 cells tall,
    where on one line its letters stood 7 cells tall and the size was refused as too thin."""
    spec = _spec(tmp_path, PAGES["landscape"], ["Дмитрий", "Eva"], ", size: 52x40")
    checked = check_book(spec)
    lines = {m.student: _lines(_cells(checked.spec, m)) if m.student != "Eva" else [] for m in checked.mazes}
    assert len(lines["Дмитрий"]) == 2 and min(lines["Дмитрий"]) >= MIN_WORD_ROWS, lines
    for size, count in (("52x40", 2), ("90x20", 1)):  # the maze command alike; one line in a wide field
        out = tmp_path / "name.json"
        args = ["maze", "-a", "wilson", "-f", "json", "--shape", "text:Дмитрий", "-s", size, "-o", str(out)]
        assert runner.invoke(app, args).exit_code == 0, size
        made = json.loads(out.read_text())
        masked = {tuple(c) for c in made["grid"]["masked"]}
        w, h = made["grid"]["width"], made["grid"]["height"]
        cells = {(x, y) for y in range(h) for x in range(w) if (x, y) not in masked}
        assert len(_lines(cells)) == count and min(_lines(cells)) >= MIN_WORD_ROWS, (size, _bands(cells))
