"""A name maze needs no size: each name is drawn as large as its place on the page allows, its letters
still 12 cells tall, so one class-set spec suits "Al" and "Maximiliano" on a handout or a full page."""

from __future__ import annotations

import json
import math
import re
from dataclasses import replace
from statistics import median

import pdfplumber
import pytest
from clirun import invoke
from pypdf import PdfReader

from puzzlebook import wordfont, words
from puzzlebook.build import check_book
from puzzlebook.layout import MazeFrame
from puzzlebook.layout.boxes import content_box, least_of, wall_for
from puzzlebook.layout.names import CELL_STEP, NAME_CELL, TOLD_APART
from puzzlebook.layout.slotplan import fits, words_read
from puzzlebook.layout.wordfit import FITTED_NAMES, REFUSED_MOST
from puzzlebook.pdfread import Document, Lines
from puzzlebook.settings import MIN_TEXT
from puzzlebook.wordbreaks import line_choices
from puzzlebook.wordforms import FORMS, REGULAR, Form
from puzzlebook.words import (
    MAX_WORD_CELLS,
    MIN_WORD_ROWS,
    legible_size,
    word_field,
    word_mask,
    word_picture,
)
from tests.pdfcheck import page_texts, wall_lines
from tests.test_composition import _gap, _maze_pages, _segments
from tests.test_names_read import _bands, _cut_pieces, _runs

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


def _cells(spec, maze) -> set[tuple[int, int]]:
    mask = spec.name_masks[(maze.entry, spec.students().index(maze.student))]
    return {(x, y) for y in range(mask.height) for x in range(mask.width) if (x, y) not in mask.off}


CLASS = [
    "Eva", "Zoë", "Ana", "Chloé", "Björn", "Łukasz", "Дмитрий", "Siobhán", "Benjamin", "Mary Jane",
    "Ευαγγελία", "Αλεξάνδρα", "Anastasiya", "Wilhelmina", "Παναγιώτης", "Александра", "Maximiliano",
    "Bartholomew", "Marie-Éloïse", "Anne-Charlotte",
]  # fmt: skip
"""A class set of twenty names of 3 to 14 letters: Latin with accents, Greek and Cyrillic."""
PAGES = {
    "handout": "layout: small.yaml\npage_size: letter landscape\nmazes_per_page: 1\n",  # the docs sheet's
    "two-a-page": "layout: handout\n",  # the handout as it comes: 14 pt cells, two places a sheet
    "portrait": "layout: activity-book\n",
    "landscape": "layout: activity-book\npage_size: letter landscape\n",
    "a4": "layout: activity-book\npage_size: A4\n",
}


def _fitted(tmp_path, head: str, names: list[str]):
    """The class set built with no size: its plan, and the PDF."""
    (tmp_path / "small.yaml").write_text("base: handout\nmin_cell: 7\n")  # the handout of 7 pt cells
    spec = _spec(tmp_path, head, names)
    out = tmp_path / "names.pdf"
    result = invoke(["build", spec, "-o", str(out)])
    assert result.exit_code == 0, result.stderr
    return result.stderr, out, check_book(spec)


def _drawn(name: str, maze, form: Form, first: str) -> tuple[tuple[str, ...], int]:
    """The lines a name was drawn on and the rows of the field it was drawn over, found again. A mask
    says in its first side whether it was drawn on two lines ("left top"), so the ways of the other
    number of lines, which could not give it, are not drawn (a one-line Benjamin 260 cells wide, twelve
    times over, was half this test's time)."""
    return next(
        (lines, rows)
        for lines in line_choices(name)
        if (len(lines) > 1) == first.endswith(" top")
        for rows in range(maze.height, maze.height + 12)
        if (
            m := word_mask(
                name,
                *word_field(word_picture(name, lines=lines, form=form), rows),
                "",
                lines=lines,
                form=form,
            )[0]
        )
        and (m.width, m.height, m.off, m.first) == (maze.width, maze.height, maze.masked, first)
    )


def _least_band(line: str) -> float:
    """The rows a line's letters stand above their baseline at capitals ``MIN_WORD_ROWS`` tall: 12 for a
    line with a capital or a tall letter, about 9 for one of small letters alone ("amin")."""
    font = wordfont.font()
    _, cap_top, _, base = font.getbbox("H")
    _, top, _, _ = font.getbbox(words._bare(line))
    return MIN_WORD_ROWS * min(1.0, (base - top) / (base - cap_top))


def _line_heights(cells: set[tuple[int, int]]) -> list[int]:
    """The heights of a name's lines of letters, read from its cells: its letters are the pieces left
    when every bridge one cell wide is cut (accents and dots, apart from their letters, are small pieces
    and left out); the letters of a line stand side by side, their middles within a few rows, where two
    lines' middles are 12 rows apart or more, even set close, a descender of one beside an accent of
    the next. A line's height is its tallest letter's."""
    pieces = []
    for piece in _cut_pieces(cells):
        ys = [y for _, y in piece]
        if max(ys) - min(ys) >= 6:  # a letter, not a mark or a hyphen
            pieces.append(((max(ys) + min(ys)) / 2, max(ys) - min(ys) + 1))
    pieces.sort()
    lines = [[pieces[0]]]
    for middle, tall in pieces[1:]:
        if middle - lines[-1][-1][0] > 6:
            lines.append([])
        lines[-1].append((middle, tall))
    return [max(tall for _, tall in line) for line in lines]


def _lines(cells: set[tuple[int, int]]) -> list[int]:
    """The heights of a name's lines of letters: its bands of rows over 5 tall (an accent lifted apart
    from its letter is a band of a few rows)."""
    return [b for b in _bands(cells) if b > 5]


@pytest.mark.parametrize("page", list(PAGES))
def test_a_class_set_of_twenty_names_with_no_size_fills_each_slot(tmp_path, page):
    """Every page takes every name: Maximiliano on a portrait page with its ends on the left and right
    of its box (room for arrows on two sides, not four), Anne-Charlotte narrower, a handout's long names
    in cells under its 14 pt, down to a full page's 7 pt."""
    names = CLASS
    notes, out, checked = _fitted(tmp_path, PAGES[page], names)
    layout, frames = checked.layout, _frames(checked)
    assert len(checked.mazes) == len(names)
    reader = PdfReader(out)
    texts = page_texts(out)
    for maze in checked.mazes:
        name, frame = maze.student or "", frames[maze.number]
        cells = _cells(checked.spec, maze)
        mask = checked.spec.name_masks[(maze.entry, checked.spec.students().index(name))]
        form = Form(*mask.form)
        assert form in FORMS and (page != "landscape" or form == REGULAR), (page, name, form)
        assert median(_runs(cells)) >= 3, (name, sorted(_runs(cells)))  # strokes 3 cells wide, narrower too
        # the letters stand 12 cells tall or more, on one line or two (a line without a capital or a
        # tall letter, as "amin" of Benj- / amin, as tall as its letters stand beside a capital of 12)
        lines = _line_heights(cells)
        drawn = _drawn(name, maze, form, mask.first)
        shown = drawn[0]
        assert 1 <= len(lines) == len(shown) <= 2, (name, _bands(cells), shown)
        assert lines[0] >= MIN_WORD_ROWS, (name, _bands(cells))
        assert all(b >= math.floor(_least_band(t)) for b, t in zip(lines, shown, strict=True)), (name, lines)
        # the break suits the slot: a long name on two lines in a tall slot, a short one whole
        if page != "landscape" and len(name) >= 9:
            assert len(lines) == 2, (page, name, lines)
        if len(name) <= 6 and " " not in name:
            assert len(lines) == 1, (page, name, lines)
        # it prints: in the layout's cells, or a name's own as large as its place allows, down to 7 pt
        # (less a tenth for its Start and Finish words, not under 7), with the layout's walls (a tenth of
        # the cell where that is heavier)
        assert frame.cell >= least_of(layout, maze) - 1e-9, (name, frame.cell)
        assert maze.min_cell == 0 or NAME_CELL <= maze.min_cell < layout.min_cell, (name, maze.min_cell)
        assert frame.wall == wall_for(frame.cell, layout.wall_weight) and 3 * frame.wall <= frame.cell
        # as large as its slot allows with its Start and Finish readable: the field it was drawn over,
        # found again, and the name drawn over the field a row taller no longer gets min_cell (or is
        # more cells than a word takes), or no longer leaves its words room to read where this one does
        w, h = word_field(word_picture(name, lines=drawn[0], form=form), drawn[1] + 1)
        taller, _ = word_mask(name, w, h, "", lines=drawn[0], form=form)
        assert taller is not None
        larger = replace(maze, width=taller.width, height=taller.height, masked=taller.off)
        assert (
            w * h > MAX_WORD_CELLS
            or not fits(layout, larger)
            or (words_read(layout, maze) and not words_read(layout, larger))
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
    # every name's page shows Start and Finish, each clear of every wall by 4 pt (as every maze's), or
    # the build says a word was left out for want of room (a landscape page's Siobhán, as before)
    dropped = "is drawn without the words" in notes
    assert not dropped or page in ("landscape", "handout"), notes  # the pages long names are fitted to
    shown = 0  # pages read as maze pages: walls and a Start or Finish word
    for _page, walls, signs in _maze_pages(reader, Document(reader)):
        assert dropped or {"Start", "Finish"} <= {word for word, _, _ in signs}, [w for w, _, _ in signs]
        segments = [seg for w in walls for seg in _segments(w)]
        for _, _, box in signs:
            assert all(
                _gap(box, (x0, y0, x1, y1)) - width / 2 >= 4 - 0.05 for x0, y0, x1, y1, width in segments
            )
        shown += 1
    # nothing strays into the margins beside a name: its outline, its arrows and words (a word by an end
    # in the e's mouth of Anne-Charlotte pushed her 8 pt into both, as settled under her caption)
    doc = Document(reader)
    for i in range(len(reader.pages)):
        box, page = content_box(layout, i + 1), doc.page(i)
        boxes = [d.extent() if isinstance(d, Lines) else (d.x0, d.y0, d.x1, d.y1) for d in page.drawn]
        xs = [x for b in boxes for x in (b[0], b[2])] + [x for c in page.chars for x in (c.x0, c.x1)]
        assert box.x0 - 0.5 <= min(xs) and max(xs) <= box.x1 + 0.5, (page, i, min(xs), max(xs), box)
    # a page whose both words were left out (told, as above: Marie-Éloïse on a landscape page) may have
    # no word to be read by; every other name's page is read
    wordless = notes.count("is drawn without the words by the arrows")
    assert len(names) - wordless <= shown <= len(names) and wordless <= 1, (shown, notes)


def _no_room(layout, maze, name: str, form: Form, cell: float, ways=(False, True)) -> bool:
    """Whether no field that reads of ``name`` in ``form`` (on any of its lines) gets cells of ``cell``
    pt in the maze's place, its ends anywhere or on its box's sides (``ways``: ``ends_on_axis``)."""
    at = layout.model_copy(update={"min_cell": cell})
    for lines in line_choices(name):
        mask, _ = word_mask(
            name, *legible_size(word_picture(name, lines=lines, form=form)), "", lines=lines, form=form
        )
        assert mask is not None
        for along in ways:
            if fits(
                at,
                replace(
                    maze,
                    width=mask.width,
                    height=mask.height,
                    masked=mask.off,
                    ends_on_axis=along,
                    min_cell=0,
                ),
            ):
                return False
    return True


def test_a_name_is_drawn_narrower_only_where_its_own_letters_have_no_room(tmp_path):
    """Anne-Charlotte on a portrait page: "Charlotte" at capitals 12 cells tall is 87 columns, more than
    the page takes at 7 pt even with the name's ends on its box's sides; drawn narrower, its upright
    strokes are still 3 cells wide. Every other name keeps
    the bold's own width, and on a landscape page so does Anne-Charlotte."""
    checked = check_book(_spec(tmp_path, PAGES["portrait"], ["Al", "Maximiliano", "Anne-Charlotte"]))
    forms = {}
    for maze in checked.mazes:
        mask = checked.spec.name_masks[(maze.entry, checked.spec.students().index(maze.student))]
        forms[maze.student] = Form(*mask.form)
        if forms[maze.student] != REGULAR:  # the forms before it in FORMS have no room at 7 pt
            for form in FORMS[: FORMS.index(forms[maze.student])]:
                assert _no_room(checked.layout, maze, maze.student, form, NAME_CELL), form
        runs = _runs(_cells(checked.spec, maze))
        assert median(runs) >= 3, sorted(runs)
    assert forms["Al"] == forms["Maximiliano"] == REGULAR
    assert forms["Anne-Charlotte"].narrow < 1, forms
    wide = check_book(_spec(tmp_path, PAGES["landscape"], ["Anne-Charlotte"]))
    assert all(mask.form == REGULAR for mask in wide.spec.name_masks.values())


def test_a_handout_draws_a_long_name_in_cells_as_large_as_its_place_allows(tmp_path):
    """The handout's cells are 14 pt, which took names of 3 or 4 letters: a longer name is drawn in the
    largest cells its place takes (half a point apart), down to a full page's 7 pt, its walls the
    handout's 2 pt; a name that fits keeps the handout's cells."""
    spec = _spec(
        tmp_path, "layout: handout\npage_size: letter landscape\nmazes_per_page: 1\n", ["Al", "Maximiliano"]
    )
    checked = check_book(spec)
    layout, frames = checked.layout, _frames(checked)
    al, maxi = checked.mazes
    assert al.min_cell == 0 and frames[al.number].cell >= layout.min_cell == 14
    assert NAME_CELL <= maxi.min_cell < layout.min_cell and frames[maxi.number].cell >= least_of(layout, maxi)
    assert frames[maxi.number].wall == wall_for(frames[maxi.number].cell, 2.0) >= 2.0
    form = Form(*checked.spec.name_masks[(maxi.entry, 1)].form)
    larger = maxi.min_cell + CELL_STEP  # no larger cells take it, its ends as they are
    assert _no_room(layout, maxi, "Maximiliano", form, larger, (maxi.ends_on_axis,))


def test_a_name_its_slot_cannot_take_is_refused_in_one_line_with_a_fix_that_builds(tmp_path):
    """Two places a landscape sheet, one above the other: "Charlotte" on one line is too wide, "Anne- /
    Charlotte" too tall, even narrower and in 7 pt cells."""
    spec = _spec(tmp_path, "layout: handout\npage_size: letter landscape\n", ["Al", "Anne-Charlotte"])
    result = invoke(["validate", spec])
    assert result.exit_code == 2
    (said,) = result.stderr.splitlines()
    assert said.startswith('error: names.yaml:5: students[1]: "Anne-Charlotte" takes at least '), said
    assert (
        "page holds at cells of 7 pt; use mazes_per_page: 1, or use layout: activity-book, or use smaller cells (a layout file of base: handout and min_cell: 6)"
        in said
    ), said
    with open(spec) as f:
        text = f.read()
    for fix in (
        "mazes_per_page: 1\n",
        "layout: activity-book\n",
        "layout: cells.yaml\n",
    ):  # each fix it gives builds
        (tmp_path / "cells.yaml").write_text("base: handout\nmin_cell: 6\n")
        with open(spec, "w") as f:
            f.write(
                text.replace(
                    "layout: handout\n", fix if fix.startswith("layout") else "layout: handout\n" + fix
                )
            )
        assert invoke(["validate", spec]).exit_code == 0, fix


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


def test_a_word_with_no_size_is_fitted_too_and_start_cells_need_a_size(tmp_path):
    spec = tmp_path / "word.yaml"
    spec.write_text("title: W\nlayout: activity-book\nmazes:\n  - {shape: {text: ANA}, algorithm: wilson}\n")
    checked = check_book(spec)
    (maze,) = checked.mazes
    assert maze.height >= 14 and checked.spec.masks[0].height == maze.height
    spec.write_text(
        "title: W\nstudents: [Ana]\nmazes:\n  - {shape: {text: '{student}'}, marks: {start: [0, 0], end: [1, 1]}}\n"
    )
    result = invoke(["validate", str(spec)])
    assert result.exit_code == 2
    assert result.stderr.startswith(
        "error: word.yaml:4: mazes[0].marks: start and end cells need the size"
    ), result.stderr


def test_names_are_fitted_the_same_every_time(tmp_path):
    spec = _spec(tmp_path, "layout: activity-book\npage_size: a4 landscape\n", ["Al", "Maximiliano"])
    one, two = tmp_path / "1.pdf", tmp_path / "2.pdf"
    for out in (one, two):
        assert invoke(["build", spec, "-o", str(out)]).exit_code == 0
    assert one.read_bytes() == two.read_bytes()


def test_many_names_without_room_are_told_in_one_line(tmp_path):
    long = ["Maximiliano", "Anne-Charlotte", "Bartholomew", "Παναγιώτης", "Александра"]
    spec = _spec(tmp_path, "layout: handout\nmazes_per_page: 4\n", ["Al", *long])
    result = invoke(["validate", spec])
    assert result.exit_code == 2
    (said,) = result.stderr.splitlines()
    assert said.startswith(
        "error: names.yaml:7: mazes[0].shape: 5 names take more cells for letters 12 cells "
    ), said
    # the most a page that takes them: it was 1, where 2 took them on half the paper
    assert "and 1 more); use mazes_per_page: 2, or " in said, said
    with open(spec) as f:
        text = f.read()
    with open(spec, "w") as f:
        f.write(text.replace("mazes_per_page: 4", "mazes_per_page: 2"))
    assert invoke(["validate", spec]).exit_code == 0


def test_words_of_their_own_past_what_a_book_fits_are_asked_for_a_size_at_once(tmp_path):
    """A roster's names were counted against what a book fits, but words of their own were not: 200
    entries of a 14-letter word took 400 s to fit, or refuse, one by one (an attacker's trial). Past
    the names a book fits, words are asked for a size at once, before any is drawn."""
    spec = tmp_path / "words.yaml"
    spec.write_text(
        "title: T\nmazes:\n"
        + "".join(
            f"  - shape: {{text: W{chr(65 + k // 26)}{chr(97 + k % 26)}}}\n" for k in range(FITTED_NAMES + 1)
        )
    )
    result = invoke(["validate", str(spec)])
    assert result.exit_code == 2
    (said,) = result.stderr.splitlines()
    assert f"mazes[0].shape: {FITTED_NAMES + 1} words to draw as large as their page allows" in said, said
    assert said.endswith("give each a size, such as size: 60x30, which it fills at most"), said


def test_words_refused_for_their_page_stop_after_a_few_and_say_how_many_wait(tmp_path):
    """Finding that a word has no room on its page, and the size it takes, costs a second or more: after
    ``REFUSED_MOST`` words refused, the rest are not fitted but counted, in one line at the first of them;
    the searched fixes (a preset, smaller cells) are told for the first few."""
    wide = "WMШЩЖЮФÆŒ"
    long = [wide[k % 9 :] + wide[: k % 9] + wide[:5] for k in range(9)] + ["ŒÆФЮЖЩШMWŒÆФЮЖ"] * 3
    spec = tmp_path / "long.yaml"
    spec.write_text(
        "title: T\nmazes:\n" + "".join(f'  - shape: {{text: "{long[k]}"}}\n' for k in range(REFUSED_MOST + 2))
    )
    result = invoke(["validate", str(spec)])
    assert result.exit_code == 2
    lines = result.stderr.splitlines()
    assert len(lines) == REFUSED_MOST + 1, lines
    assert sum("takes at least" in line for line in lines) == REFUSED_MOST
    assert f"mazes[{REFUSED_MOST}].shape: 2 more words not fitted to the page yet" in lines[-1], lines
    assert sum("use layout:" in line for line in lines) == TOLD_APART  # searched for the first few


def test_a_roster_too_long_to_fit_one_by_one_is_asked_for_a_size_at_once(tmp_path):
    """Each name fitted to its page costs a few drawings: a roster past what a book fits is told at once,
    before any is drawn, and the fix (a size) validates."""
    names = [f"Kid{chr(65 + k // 26)}{chr(97 + k % 26)}" for k in range(FITTED_NAMES + 1)]
    spec = _spec(tmp_path, "layout: activity-book\npage_size: letter landscape\n", names)
    result = invoke(["validate", spec])
    assert result.exit_code == 2
    (said,) = result.stderr.splitlines()
    assert f"mazes[0].shape: {FITTED_NAMES + 1} names to draw as large as their page allows" in said
    size = re.search(r"give a size, such as size: (\d+x\d+) \(", said)
    assert size and said.endswith("which each name fills at most"), said
    with open(spec) as f:
        text = f.read()
    with open(spec, "w") as f:
        f.write(text.replace("shape:", f"size: {size[1]}, shape:"))
    assert invoke(["validate", spec]).exit_code == 0, "the fix the message gives"


def test_a_size_tall_for_a_name_draws_it_on_two_lines(tmp_path):
    """A size written picks the break as the slot does: Maximiliano over 71x32 is two lines 12 cells
    tall, where on one line its letters stood 7 cells tall and the size was refused as too thin. A name of
    7 letters or fewer with no space or hyphen stays whole (``WHOLE_NAME``): Дмитрий over a tall field is
    told the size that draws it whole, not broken after a hyphen of our own."""
    spec = _spec(tmp_path, PAGES["landscape"], ["Maximiliano", "Eva"], ", size: 71x32")
    checked = check_book(spec)
    lines = {m.student: _lines(_cells(checked.spec, m)) if m.student != "Eva" else [] for m in checked.mazes}
    assert len(lines["Maximiliano"]) == 2 and min(lines["Maximiliano"]) >= MIN_WORD_ROWS, lines
    for size, count in (("71x32", 2), ("130x20", 1)):  # the maze command alike; one line in a wide field
        out = tmp_path / "name.json"
        args = [
            "maze",
            "-a",
            "wilson",
            "-f",
            "json",
            "--shape",
            "text:Maximiliano",
            "-s",
            size,
            "-o",
            str(out),
        ]
        assert invoke(args).exit_code == 0, size
        made = json.loads(out.read_text())
        masked = {tuple(c) for c in made["grid"]["masked"]}
        w, h = made["grid"]["width"], made["grid"]["height"]
        cells = {(x, y) for y in range(h) for x in range(w) if (x, y) not in masked}
        assert len(_lines(cells)) == count and min(_lines(cells)) >= MIN_WORD_ROWS, (size, _bands(cells))
    said = invoke(["maze", "-a", "wilson", "--shape", "text:Дмитрий", "-s", "52x40", "-o", str(out)]).stderr
    size = re.search(r"make the maze about (\d+)x(\d+)", said)
    assert size and int(size[1]) > int(size[2]), said  # whole, on one line: wider than tall
    assert (
        invoke(
            ["maze", "-a", "wilson", "--shape", "text:Дмитрий", "-s", f"{size[1]}x{size[2]}", "-o", str(out)]
        ).exit_code
        == 0
    )


@pytest.mark.parametrize(
    ("name", "lines"),
    [("Maximiliano", ("Maxim-", "iliano")), ("Anne-Charlotte", ("Anne-", "Charlotte")), ("אלכסנדרה", None)],
)
@pytest.mark.parametrize("axis", ["left-right", "top-bottom"])
def test_a_names_ends_on_an_axis_start_by_its_first_letter_and_open_on_that_axis(name, lines, axis):
    """A name whose page keeps room for its arrows on two sides only has its ends there: on the left and
    right of its box, or its top and bottom, the start on its first line by its first letter (on the
    right for a name read from the right), the finish on its last line, each arrow out of the box clear
    of the name's other cells."""
    from puzzlebook.grid import E, N, S, W
    from puzzlebook.puzzles import make_puzzle
    from puzzlebook.words import first_side

    shown = lines or (name[:4] + "-", name[4:])
    mask, _ = word_mask(name, *legible_size(word_picture(name, lines=shown)), "", lines=shown)
    assert mask is not None
    cells = {(x, y) for y in range(mask.height) for x in range(mask.width)} - mask.off
    right = first_side(name) == "right"
    for seed in range(3):
        made = make_puzzle(
            "wilson", mask.width, mask.height, seed, marks="suggested", masked=mask.off,
            first=mask.first, axis=axis,
        )  # fmt: skip
        (sx, sy), (ex, ey) = made.start, made.end
        w, h = mask.width, mask.height
        facing = ((E, W) if right else (W, E)) if axis == "left-right" else (N, S)
        assert made.sides == facing, (name, made.sides)
        if axis == "left-right":  # each the outermost cell of its row, facing out of the box on its side
            assert sy < h / 2 <= ey, (name, made.start, made.end)  # first line, then last
            assert (sx > w * 2 / 3 and ex < w / 3) if right else (sx < w / 3 and ex > w * 2 / 3)
            assert not any((x, sy) in cells for x in (range(sx + 1, w) if right else range(sx)))
            assert not any((x, ey) in cells for x in (range(ex) if right else range(ex + 1, w)))
        else:  # the top of a column by the first letter, the bottom of one by the last
            assert sy < h / 3 and ey > h * 2 / 3, (name, made.start, made.end)
            assert (sx > w * 2 / 3 and ex < w / 3) if right else (sx < w / 3 and ex > w * 2 / 3)
            assert not any((sx, y) in cells for y in range(sy)) and not any(
                (ex, y) in cells for y in range(ey + 1, h)
            )
        # and on the box's side itself, or a cell in: an arrow into a notch of the name (down into the
        # mouth of Anne-Charlotte's last e) had no room for its word beside it
        first = [c for c in cells if (3 * c[0] >= 2 * w if right else 3 * c[0] < w)]
        last = [c for c in cells if (3 * c[0] < w if right else 3 * c[0] >= 2 * w)]
        if axis == "left-right":
            top, bottom = [c for c in cells if 2 * c[1] < h], [c for c in cells if 2 * c[1] >= h]
            outer = (
                (max(x for x, _ in top) - sx, ex - min(x for x, _ in bottom))
                if right
                else (sx - min(x for x, _ in top), max(x for x, _ in bottom) - ex)
            )
        else:
            outer = (sy - min(y for _, y in first), max(y for _, y in last) - ey)
        assert max(outer) <= 1, (name, seed, made.start, made.end, outer)


def test_a_class_sets_other_mazes_keep_their_own_start_and_finish_size(tmp_path):
    """Start and Finish print at one size through a book, so a name drawn as large as its page allows,
    which leaves its words 7.5 pt, made them 7.5 pt on every maze of the class set: the age-6 mazes
    beside the names, which children up to eight get at 14 pt. The other mazes' words are one size
    among themselves; each child's name maze has its own, as large as that name leaves room for, as if
    the class were that child alone (a long name held every child's words at 7.5 pt)."""

    def sizes(students: str) -> dict[str, set[float]]:
        spec = tmp_path / "names.yaml"
        spec.write_text(
            "title: Names\nlayout: handout\nmazes_per_page: 1\npage_size: a4\nmarks: suggested\n"
            f"students: [{students}]\nmazes:\n"
            "  - {shape: {text: '{student}'}}\n  - {algorithm: recursive-backtracker, difficulty: age-6}\n"
        )
        out = tmp_path / "names.pdf"
        result = invoke(["build", str(spec), "-o", str(out)])
        assert result.exit_code == 0, result.stderr
        found: dict[str, set[float]] = {"plain": set()}
        with pdfplumber.open(out) as pdf:
            for page in pdf.pages:
                text = page.extract_text()
                said = {
                    round(w["size"], 1)
                    for w in page.extract_words(extra_attrs=["size"])
                    if w["text"] in ("Start", "Finish") and w["top"] > 150  # not the instructions' line
                }
                whose = next(name for name in students.split(", ") if name in text)
                found.setdefault(whose if "Maze 1" in text else "plain", set()).update(said)
        return found

    class_set = sizes("Zoë, Anne-Charlotte, Maximiliano")
    assert class_set["plain"] == {14.0}, class_set  # the young's size, as a book of such mazes alone gets
    for name in ("Zoë", "Anne-Charlotte", "Maximiliano"):
        (size,) = class_set[name]  # one size on a child's sheet
        assert MIN_TEXT <= size <= 14.0 and class_set[name] == sizes(name)[name], (name, class_set)
    assert len({size for name, said in class_set.items() if name != "plain" for size in said}) > 1, class_set


@pytest.mark.parametrize("page", ["handout", "two-a-page", "portrait", "landscape", "a4"])
def test_a_name_of_seven_letters_is_never_broken_after_a_hyphen_of_our_own(tmp_path, page):
    """Two teachers found "Dan- / iela", "Gab- / riel" and "Ola- / mide" on their sheets: hyphens the
    children's names do not have (and a landscape page had room for them whole). A name of 7 letters
    or fewer with no space or hyphen is drawn whole on every page; one with its own hyphen may still
    break there (Eun- / ji)."""
    (tmp_path / "small.yaml").write_text("base: handout\nmin_cell: 7\n")  # the handout of 7 pt cells
    names = ["Daniela", "Gabriel", "Olamide", "Ignacio", "Pádraig", "Eun-ji"]
    checked = check_book(_spec(tmp_path, PAGES[page], names))
    broken = set()
    for maze in checked.mazes:
        mask = checked.spec.name_masks[(maze.entry, checked.spec.students().index(maze.student))]
        if mask.first.endswith(" top"):  # drawn on two lines
            broken.add(maze.student)
    assert broken <= {"Eun-ji"}, (page, broken)


def test_a_name_maze_sized_to_its_slot_names_no_age_as_what_set_its_size(tmp_path):
    """A name maze has no size and no age: its slot sets its size. Its request said the size was set
    by "difficulty: None", which a too-dense message then printed."""
    from puzzlebook.build import check_book

    spec = tmp_path / "names.yaml"
    spec.write_text(
        "title: Names\nlayout: handout\nmarks: suggested\nstudents: [Ana, Maximiliano]\nmazes:\n"
        "  - shape: {text: '{student}'}\n  - {difficulty: age-6}\n"
    )
    said = {m.student: m.size_from for m in check_book(spec).mazes if m.worded}
    assert said == {"Ana": "", "Maximiliano": ""}, said


@pytest.mark.parametrize("page", ["letter", "letter landscape", "a4"])
def test_a_short_names_start_and_finish_print_at_a_size_that_reads(tmp_path, page):
    """A short name drawn as large as its page allows filled its width in the layout's least cells and
    left its Start and Finish 7 pt: small print beside a maze the size of the page. It is drawn a few
    rows smaller where that lets them print at 10 pt (``room.READABLE``), read back from the file."""
    from puzzlebook.layout.room import READABLE

    spec = tmp_path / "names.yaml"
    spec.write_text(
        f"title: Names\nlayout: activity-book\npage_size: {page}\nmarks: suggested\nanswer_key: false\n"
        "students: [Al, Li, Ana, Ben, Zoë, Hồ]\nmazes:\n  - shape: {text: '{student}'}\n"
    )
    out = tmp_path / "names.pdf"
    result = invoke(["build", str(spec), "-o", str(out)])
    assert result.exit_code == 0, result.stderr
    with pdfplumber.open(out) as pdf:
        sizes = [
            [
                round(w["size"], 1)
                for w in p.extract_words(extra_attrs=["size"])
                if w["text"] in ("Start", "Finish")
            ]
            for p in pdf.pages[1:]
        ]
    assert len(sizes) == 6 and all(len(s) == 2 and min(s) >= READABLE for s in sizes), sizes


def test_a_name_takes_the_larger_cells_of_its_two_ways_of_ends(tmp_path, monkeypatch):
    """A name too large for its place may have its ends anywhere on its outline or, on squares, on two
    sides of its box. The first that fitted was taken: on a handout of two a page, Juliette fitted with
    ends anywhere in 7.1 pt cells, where ends on the left and right of its box give 8.5 pt. The larger is
    taken, and its Start and Finish still print (read back from the file); both ways are built here."""
    from puzzlebook.layout import namewords

    names = ["Juliette", "Brittany", "Everett", "Harry", "Fern"]
    spec = _spec(tmp_path, "layout: handout\nanswer_key: false\n", names)
    chosen = {f.number: f.cell for f in _frames(check_book(spec)).values()}
    out = tmp_path / "names.pdf"
    assert invoke(["build", spec, "-o", str(out)]).exit_code == 0
    with pdfplumber.open(out) as pdf:
        words = [{w["text"] for w in page.extract_words()} & {"Start", "Finish"} for page in pdf.pages]
    assert words == [{"Start", "Finish"}] * len(names), words
    monkeypatch.setattr(namewords, "larger", lambda layout, maze, found: found[0])  # as it was
    monkeypatch.setattr("puzzlebook.layout.names.larger", namewords.larger)
    anywhere = {f.number: f.cell for f in _frames(check_book(spec)).values()}
    assert all(chosen[n] >= anywhere[n] - 1e-6 for n in chosen), (chosen, anywhere)
    assert sum(chosen[n] > 1.1 * anywhere[n] for n in chosen) >= 3, (chosen, anywhere)


@pytest.mark.parametrize("marks", ["none", "suggested"])
def test_a_short_word_with_no_room_whole_is_broken_inside_not_refused(tmp_path, marks):
    """PENGUIN, DOLPHIN and MAMMOTH were refused on the kids' letter page: their capitals take 71 to 82
    cells across at the least, the page 66 (and no word of 7 letters was broken). A short word is
    broken inside only where it has no room whole (``wordbreaks.breakable``): MAMMOTH on two lines, its
    letters standing ``MIN_WORD_ROWS`` tall; GIRAFFE and PENGUIN, which have room, stay whole."""
    spec = tmp_path / "words.yaml"
    spec.write_text(
        f"title: Animals\nmarks: {marks}\nmazes:\n"
        + "".join(f"  - shape: {{text: {w}}}\n" for w in ("PENGUIN", "GIRAFFE", "MAMMOTH"))
    )
    result = invoke(["validate", str(spec)])
    assert result.exit_code == 0, result.stderr
    checked = check_book(str(spec))
    lines = {}
    for entry, word in enumerate(("PENGUIN", "GIRAFFE", "MAMMOTH")):
        mask = checked.spec.masks[entry]
        cells = {(x, y) for y in range(mask.height) for x in range(mask.width) if (x, y) not in mask.off}
        lines[word] = _lines(cells)
        assert min(lines[word]) >= MIN_WORD_ROWS, (word, lines[word])
    assert [len(lines[w]) for w in ("PENGUIN", "GIRAFFE", "MAMMOTH")] == [1, 1, 2], lines


def test_a_short_word_is_broken_only_between_letters():
    """Breaking a short word with no room whole hyphenated digits and marks ("123- / 4567", "A.B- /
    .C.D") and split a letter from its combining diaeresis ("MOE- / ̈WWW", a lone dot drawn before the
    W's): only a word of letters alone is broken, never before a combining mark, at any length."""
    import unicodedata

    from puzzlebook.wordbreaks import breakable, inside, line_choices

    assert breakable("PENGUIN") and breakable("Zoëlle")
    for word in ("1234567", "A.B.C.D", "MOE\u0308WWW", "R2D2R2D"):
        assert not breakable(word), word
        assert all(len(lines) == 1 for lines in line_choices(word, short=True)), word
    for word in (
        "Zoe\u0308lle-Marie",
        "Nguye\u0302\u0303nThiMinh",
        "Zoe\u0308llelle",
        "a\u0301b\u0301c\u0301d\u0301e\u0301f",
    ):
        assert all(not unicodedata.category(word[i]).startswith("M") for i in inside(word)), word
        for lines in line_choices(word):
            assert all(not unicodedata.category(line[0]).startswith("M") for line in lines), (word, lines)
