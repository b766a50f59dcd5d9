"""What a teacher asks of a book: a separate answer packet, the class's title on every sheet, and advice
on sizes that really fits."""

from __future__ import annotations

import re

import pytest
from clirun import invoke
from pdfcheck import ink, page_texts

from puzzlebook.build import build_book, check_book
from puzzlebook.errors import SpecError

CLASS = """\
title: Room 12 Mazes
layout: handout
students: [Ana, Ben, Chloé]
marks: suggested
answer_key: separate
mazes:
  - {size: 8x6, algorithm: wilson, title: Warm-up}
  - {size: 10x7, algorithm: kruskal}
"""


def test_separate_answers_go_to_their_own_file_beside_the_book(tmp_path):
    spec = tmp_path / "room12.yaml"
    spec.write_text(CLASS)
    result = invoke(["build", str(spec)])
    assert result.exit_code == 0, result.output
    assert "room12-answers.pdf" in result.stderr
    book, answers = page_texts(tmp_path / "room12.pdf"), page_texts(tmp_path / "room12-answers.pdf")
    assert all("Answer key" not in page for page in book)
    assert len(book) == 3  # one sheet per student: two mazes a page
    assert "Answer key" in answers[0]
    for page, (student, key) in enumerate(zip(("Ana", "Ben", "Chloé"), answers, strict=True), start=1):
        assert f"Answer key · {student} · page {page}" in key and "Maze 1" in key and "Maze 2" in key


def test_a_separate_keys_answer_with_side_arrows_keeps_its_label_and_seed_by_it(tmp_path):
    """In a separate key, laid beside its sheet, an answer whose ends are at its sides (as its sheet put
    them) kept room above and below it for arrows it does not have: its label stood 40 pt over its
    walls and its seed 48 pt under them (a newcomer's trial). Both now stand by the maze: read from the
    plan, the label's baseline at most 16 pt over its top wall and the seed's at most 20 pt under its
    foot, where a hexagon field's slanting corner arrow keeps its room."""
    from puzzlebook.layout import MazeFrame
    from puzzlebook.layout.items import MazeInfo, Text

    spec = tmp_path / "handout.yaml"
    spec.write_text(
        "title: T\nlayout: handout\nmarks: suggested\nanswer_key: separate\nseed: 12\nmazes:\n"
        "  - {size: 10x10, title: Warm-up}\n  - {size: 12x12, count: 2}\n  - {size: 10x10, grid: hex}\n"
    )
    checked = check_book(spec)
    rows = {m.number: m for m in checked.mazes}
    sides = 0
    for page in checked.plan.answers.pages:
        for frame in (i for i in page.items if isinstance(i, MazeFrame)):
            maze = rows[frame.number]
            top = frame.y + frame.cell * maze.height
            label = min((i for i in page.items if isinstance(i, Text) and i.y > top), key=lambda t: t.y)
            (seed,) = [i for i in page.items if isinstance(i, MazeInfo) and i.number == frame.number]
            if maze.grid == "rectangle" and maze.axis == "left-right":
                sides += 1
                assert label.y - top <= 16 and frame.y - seed.y <= 20, (maze.number, label.y - top, seed.y)
    assert sides >= 2


def test_separate_answers_cannot_stream(tmp_path):
    spec = tmp_path / "room12.yaml"
    spec.write_text(CLASS)
    result = invoke(["build", str(spec), "-o", "-"])
    assert result.exit_code == 2
    assert result.stderr.startswith(
        "error: room12.yaml:5: answer_key: separate writes the answers to a second"
    )
    assert result.stdout == ""


def test_handouts_print_the_book_title_on_every_sheet(tmp_path):
    spec = tmp_path / "room12.yaml"
    spec.write_text(CLASS)
    target, _ = build_book(spec)
    for page in page_texts(target):
        assert "Room 12 Mazes" in page.splitlines()


def fix_of(message):
    """The fixes a too-dense message offers, as spec edits."""
    fixes = []
    if "use mazes_per_page: 1" in message:
        fixes.append(("mazes_per_page", "1"))
    size = re.search(r"make it at most (\d+x\d+|\d+(?= rings))", message)
    if size:
        fixes.append(("size", size[1]))
    drawing = re.search(r"draw (\S+) at most (\d+) columns by (\d+) rows", message)
    if drawing:
        fixes.append(("mask", f"{drawing[1]}:{drawing[2]}x{drawing[3]}"))
    layout = re.search(r"use layout: ([a-z0-9-]+)", message)
    if layout:
        fixes.append(("layout", layout[1]))
    return fixes


@pytest.mark.parametrize(
    "book, entry",
    [
        ("layout: handout\nmazes_per_page: 6\ndifficulty: age-6", "{algorithm: wilson}"),
        ("layout: handout\ndifficulty: age-4", "{algorithm: wilson}"),
        ("layout: activity-book", "{size: 120x150}"),
        ("layout: handout", "{size: 60x80}"),
        ("layout: handout\nmazes_per_page: 4", "{size: 30x30}"),
        ("page_size: 3x4in", "{size: 40x40}"),
        ("layout: poster\ndifficulty: adult", "{size: 400x400}"),
        # a round maze's size is in rings, a mask's is its drawing's, a shape's cells do not scale exactly,
        # and a layout offered for a page the spec sizes must fit that page (a square-poster did not)
        ("page_size: 8.5x8.5in\ndifficulty: age-4", "{grid: circle, size: 8}"),
        ("page_size: 8.5x8.5in\ndifficulty: age-4", "{mask: heart.txt}"),
        (
            "page_size: 8.5x8.5in\ndifficulty: age-6\nmarks: suggested",
            "{shape: heart, size: 40x20, grid: triangle}",
        ),
        ("page_size: 8.5x8.5in\ndifficulty: age-6", "{shape: star, size: 30x30}"),
        ("page_size: 8.5x8.5in\ndifficulty: age-6", "{size: 40x40}"),
        # the book's own words must print beside the size offered: 9x13 had room for Start, not these
        (
            "layout: handout\nmazes_per_page: 4\ndifficulty: age-8\nmarks: suggested\nstart_label: Begin here",
            "{algorithm: wilson}",
        ),
    ],
)
def test_every_fix_a_too_dense_message_offers_fits(tmp_path, book, entry):
    (tmp_path / "heart.txt").write_text(
        "..XX.XX..\n.XXXXXXX.\nXXXXXXXXX\n.XXXXXXX.\n..XXXXX..\n...XXX...\n" * 3
    )
    spec = tmp_path / "book.yaml"
    spec.write_text(f"title: T\n{book}\nmazes:\n  - {entry}\n")
    with pytest.raises(SpecError) as caught:
        check_book(spec)
    message = str(caught.value)
    fixes = fix_of(message)
    assert fixes, message
    for key, value in fixes:
        text = spec.read_text()
        if key == "mask":
            name, size = value.split(":")
            columns, rows = map(int, size.split("x"))
            (tmp_path / name).write_text(("X" * columns + "\n") * rows)
        elif key == "size":
            sized = (
                re.sub(r"size: \d+(x\d+)?", f"size: {value}", entry)
                if "size:" in entry
                else entry.replace("{", f"{{size: {value}, ")
            )
            text = text.replace(entry, sized)
        else:
            text = re.sub(rf"^{key}: .*\n", "", text, flags=re.MULTILINE)
            text = text.replace("title: T\n", f"title: T\n{key}: {value}\n")
        fixed = tmp_path / f"fixed-{key}.yaml"
        fixed.write_text(text)
        check_book(fixed)  # the fix is offered only when it works


def test_an_age_preset_is_named_as_what_set_the_size(tmp_path):
    spec = tmp_path / "book.yaml"
    spec.write_text(
        "title: T\nlayout: handout\nmazes_per_page: 6\ndifficulty: age-6\nmazes:\n  - {algorithm: wilson}\n"
    )
    with pytest.raises(SpecError) as caught:
        check_book(spec)
    assert str(caught.value).startswith(
        "book.yaml:6: mazes[0].size: 10x14 (the size difficulty: age-6 sets) is too dense for handout at 6 a "
        "page on letter"
    )
    assert "use mazes_per_page: 1, or make it at most" in str(caught.value)


def test_a_too_dense_class_set_is_explained_once_per_entry_not_per_student(tmp_path, monkeypatch):
    """validate took 6 s to refuse 300 students: the advice was worked out for every copy of the maze."""
    from puzzlebook.layout import pages

    calls = []
    real = pages.too_dense
    monkeypatch.setattr(pages, "too_dense", lambda *args: calls.append(args) or real(*args))
    names = ", ".join(f"S{i}" for i in range(300))
    spec = tmp_path / "book.yaml"
    spec.write_text(
        f"title: T\nlayout: handout\nstudents: [{names}]\nmazes:\n  - {{size: 60x80}}\n  - {{size: 5x5}}\n"
    )
    with pytest.raises(SpecError) as caught:
        check_book(spec)
    assert len(calls) == 1 and len(caught.value.problems) == 1


UNMARKED = "Mark a start and a finish on the edge, then find the path between them."
ARROWS = "Start at the arrow pointing in and find your way to the arrow pointing out."


@pytest.mark.parametrize("answer_key", ["true", "separate"])
def test_a_handout_without_marks_speaks_of_none_and_has_no_empty_answer_key(tmp_path, answer_key):
    """No arrows, so the instructions do not send children looking for them, and no answer key of
    pages that only say each maze has no single answer."""
    spec = tmp_path / "sheet.yaml"
    spec.write_text(
        f"title: My Mazes\nlayout: handout\nanswer_key: {answer_key}\nmazes: [{{size: 10x10}}, {{size: 8x8}}]\n"
    )
    result = invoke(["build", str(spec)])
    assert result.exit_code == 0, result.output
    assert "none with a marked start and end, so no answer key (marks: suggested" in result.stderr
    pages = page_texts(tmp_path / "sheet.pdf")
    assert len(pages) == 1
    assert UNMARKED in pages[0] and "arrow" not in pages[0]
    assert not (tmp_path / "sheet-answers.pdf").exists()


def test_a_sheet_with_arrows_keeps_the_arrows_line(tmp_path):
    spec = tmp_path / "sheet.yaml"
    spec.write_text(
        "title: My Mazes\nlayout: handout\nmazes:\n  - {size: 10x10, marks: suggested}\n"
        "  - {size: 8x8}\n  - {size: 8x8}\n  - {size: 8x8}\n"
    )
    target, _ = build_book(spec)
    pages = page_texts(target)
    assert ARROWS in pages[0] and UNMARKED not in pages[0]  # one maze of the two has arrows
    assert UNMARKED in pages[1] and ARROWS not in pages[1]
    assert "No single answer" in pages[2] and "Maze 1" in pages[2]  # a key for the one with an answer


def test_a_layouts_own_instructions_serve_every_page(tmp_path):
    (tmp_path / "mine.yaml").write_text("base: handout\ninstructions: Help the mouse find the cheese!\n")
    spec = tmp_path / "sheet.yaml"
    spec.write_text("title: My Mazes\nlayout: mine.yaml\nmazes: [{size: 10x10}]\n")
    target, _ = build_book(spec)
    assert "Help the mouse find the cheese!" in page_texts(target)[0]


def _name_frames(spec) -> dict[str, tuple[int, float, float, float]]:
    """Each student's name maze as planned: its cells, its cell size and its walls' weight (pt), and
    the cells it was fitted in under its layout's (0 for none)."""
    from puzzlebook.layout import MazeFrame

    checked = check_book(spec)
    mazes = {m.number: m for m in checked.mazes}
    return {
        mazes[item.number].student or "": (
            mazes[item.number].width * mazes[item.number].height,
            item.cell,
            item.wall,
            mazes[item.number].min_cell,
        )
        for page in checked.plan.pages
        for item in page.items
        if isinstance(item, MazeFrame) and not item.answer
    }


@pytest.mark.parametrize(("age", "layout"), [("age-4", "activity-book"), ("age-6", "handout")])
def test_names_for_an_age_are_drawn_over_the_fewest_cells_that_read_in_larger_cells(tmp_path, age, layout):
    """An age preset drew "Mary Jane" over its 10x14 cells as a corridor two cells long; then names for
    an age were refused, the age's cells too few for letters 12 cells tall, and the way out was to leave
    the age out, which drew a four-year-old's "Li" over 66x63 cells of 7 pt. A name for an age is now
    drawn in that age's cells where its place takes them, else in cells as large as its place allows:
    over far fewer cells, each larger, with the age's heavier walls where the cells are large enough
    for them."""
    from puzzlebook.spec.request import AGES

    spec = tmp_path / "names.yaml"
    body = (
        f"title: Names\nlayout: {layout}\ndifficulty: {age}\nmarks: suggested\n"
        "students: [Li, Mary Jane, Siobhán, Al]\nmazes:\n  - shape: {text: '{student}'}\n"
    )
    spec.write_text(body)
    result = invoke(["validate", str(spec)])
    assert result.exit_code == 0, result.stderr
    aged = _name_frames(spec)
    spec.write_text(body.replace(f"difficulty: {age}\n", ""))
    plain = _name_frames(spec)
    own = {"activity-book": 1.5, "handout": 2.0}[layout]  # the layout's walls without the age
    for name, (cells, cell, wall, fitted) in aged.items():
        assert cells <= plain[name][0] and cell >= plain[name][1] - 1e-9, (name, aged[name], plain[name])
        # the age's heavy walls, in a name fitted in smaller cells at most a fifth of them, never lighter
        # than the layout's own
        assert own - 1e-9 <= wall <= AGES[age].wall + 1e-9 and cell >= 3 * wall - 1e-9, (name, aged[name])
        if fitted:
            assert wall <= max(own, cell / 5) + 1e-9, (name, aged[name])
    if layout == "activity-book":  # a short name in cells a small hand follows: Li took 66x63 of 7 pt
        assert aged["Li"][1] >= 20 and aged["Li"][0] < plain["Li"][0], (aged, plain)
    # in cells five times the age's walls or more, the age's walls: Li's 33 pt cells on a full page
    heavy = [wall for _, cell, wall, _ in aged.values() if cell >= 5 * AGES[age].wall]
    assert all(wall >= AGES[age].wall - 1e-9 for wall in heavy) and (heavy or layout == "handout")


def test_a_young_name_sheets_start_and_finish_print_at_the_size_planned_for_them(tmp_path):
    """A name's Start and Finish were sized for the book (``book_signs``) as if its walls were the
    age's heavy ones, with a least cell three times those; its frame then kept room for words of 12 pt
    it never printed, and the arrows' room shrank them to 8.2 pt. The least cell is one rule
    (``boxes.least_cell``) with the walls each name is drawn with: every sheet's words print at the
    size its page was planned for, read back from the file."""
    import pdfplumber

    from puzzlebook.layout import MazeFrame

    spec = tmp_path / "names.yaml"
    spec.write_text(
        "title: Names\nlayout: activity-book\npage_size: letter landscape\ndifficulty: age-6\n"
        "marks: suggested\nanswer_key: false\nstudents: [Matthew, Everett, Kathryn, Tatiana, Nguyễn]\n"
        "mazes:\n  - shape: {text: '{student}'}\n"
    )
    out = tmp_path / "names.pdf"
    result = invoke(["build", str(spec), "-o", str(out)])
    assert result.exit_code == 0, result.stderr
    planned = {
        page.number: item.label
        for page in check_book(spec).plan.pages
        for item in page.items
        if isinstance(item, MazeFrame)
    }
    assert len(planned) == 5
    with pdfplumber.open(out) as pdf:
        for number, label in planned.items():
            words = pdf.pages[number - 1].extract_words(extra_attrs=["size"])
            sizes = [w["size"] for w in words if w["text"] in ("Start", "Finish")]
            assert len(sizes) == 2 and all(abs(size - label) < 0.05 for size in sizes), (number, label, sizes)


def test_a_long_name_for_an_age_prints_no_darker_than_without_it(tmp_path):
    """At age 4 a long name fits only in cells of 7-8 pt, where the age's 4 pt walls, thinned to a third
    of the cells, printed it half as dark again as the same name without the age: a texture of narrow
    corridors. Its walls are now at most a fifth of its cells, the layout's own 1.5 pt there, so the
    page, read back from the file, carries the ink it carries without the age for the paper its maze
    covers (a name the age draws in larger cells is larger on the page; Li, in 33 pt cells, keeps the
    age's bold walls: see above)."""
    body = (
        "title: Names\nlayout: activity-book\ndifficulty: age-4\nmarks: suggested\n"
        "students: [Li, Oluwaseun, Maximiliano, Nguyễn]\nmazes:\n  - shape: {text: '{student}'}\n"
    )
    spec = tmp_path / "names.yaml"

    def darkness(body: str, name: str) -> dict[str, float]:  # ink for each pt² of a name's box
        spec.write_text(body)
        built, _ = build_book(spec, tmp_path / name)
        frames = _name_frames(spec)
        return {
            student: ink(built, page) / (frames[student][0] * frames[student][1] ** 2)
            for page, student in enumerate(["Oluwaseun", "Maximiliano", "Nguyễn"], start=2)  # after Li
        }

    aged = darkness(body, "aged.pdf")
    plain = darkness(body.replace("difficulty: age-4\n", ""), "plain.pdf")
    for name, dark in aged.items():
        assert dark <= 1.05 * plain[name], name  # it was 1.5 times


def test_a_short_names_start_and_finish_take_room_from_its_cells(tmp_path):
    """A four-year-old's "Li", fitted as large as its page allows (33 pt cells), left its Start and
    Finish 7 pt beside arrows twice their height. A name fitted in its own cells now gives its words up
    to a tenth of them: read back from the page, Li's words print at 10 pt or more in cells of 30 pt or
    more; a long name in 7 pt cells, which have none to give, keeps them."""
    import pdfplumber

    from puzzlebook.layout.boxes import WORDS_SHARE

    spec = tmp_path / "names.yaml"
    spec.write_text(
        "title: Names\nlayout: activity-book\ndifficulty: age-4\nmarks: suggested\n"
        "students: [Li, Oluwaseun]\nmazes:\n  - shape: {text: '{student}'}\n"
    )
    target, _ = build_book(spec, tmp_path / "names.pdf")
    frames = _name_frames(spec)
    with pdfplumber.open(target) as pdf:
        for page, name in ((1, "Li"), (2, "Oluwaseun")):
            words = pdf.pages[page].extract_words(extra_attrs=["size"])
            sizes = {w["text"]: w["size"] for w in words if w["text"] in ("Start", "Finish")}
            _, cell, _, fitted = frames[name]
            assert len(sizes) == 2 and cell >= (1 - WORDS_SHARE) * fitted - 1e-9, (name, sizes, cell, fitted)
            if name == "Li":
                assert min(sizes.values()) >= 10 and cell >= 30, (sizes, cell)
            else:
                assert cell >= fitted - 1e-9, (name, cell, fitted)


def test_a_word_maze_in_a_book_for_an_age_builds_at_once(tmp_path):
    """A birthday book for age 6 with "Lily" in it was told "make the maze about 34x19", then that 34x19
    was too dense for the age's cells, and only then to move the age: two errors before a book. It now
    builds as written, Lily over the fewest cells that read in cells as large as its page allows, each
    larger than without the age; and so with the age on the word itself."""
    from puzzlebook.layout import MazeFrame

    spec = tmp_path / "book.yaml"
    body = (
        "title: Lily\nlayout: activity-book\ndifficulty: age-6\nmarks: suggested\nmazes:\n"
        "  - {shape: {text: Lily}}\n  - {shape: heart, size: 14x14}\n"
    )

    def lily() -> tuple[int, float]:
        checked = check_book(spec)
        frame = next(
            i for p in checked.plan.pages for i in p.items if isinstance(i, MazeFrame) and i.number == 1
        )
        return checked.mazes[0].width * checked.mazes[0].height, frame.cell

    for written in (
        body,
        body.replace("difficulty: age-6\n", "").replace("Lily}}", "Lily}, difficulty: age-6}"),
    ):
        spec.write_text(written)
        result = invoke(["validate", str(spec)])
        assert result.exit_code == 0 and "error" not in result.stderr, result.stderr
        aged = lily()
        spec.write_text(written.replace("difficulty: age-6\n", "").replace(", difficulty: age-6}", "}"))
        plain = lily()
        assert aged[0] < plain[0] and aged[1] > plain[1], (aged, plain)


def test_a_word_maze_beside_aged_mazes_is_told_its_fine_cells_and_the_size_that_enlarges_them(tmp_path):
    """Moved off the book, the age left "Lily" drawn as large as its page allows in the layout's 7 pt
    cells, beside age-6 mazes of 22.5 pt, with no word of it. A note says so, with the size whose
    letters just read, which draws its cells larger; a phrase too long for that is told that fewer
    letters do."""
    from puzzlebook.build import check_book
    from puzzlebook.layout import MazeFrame

    spec = tmp_path / "book.yaml"
    spec.write_text(
        "title: Lily\nlayout: activity-book\nmarks: suggested\nmazes:\n"
        "  - {shape: {text: Happy Birthday}}\n  - {shape: {text: Lily}}\n"
        "  - {shape: heart, size: 14x14, difficulty: age-6}\n"
    )

    def cells() -> dict[int, float]:
        return {
            item.number: item.cell
            for page in check_book(spec).plan.pages
            for item in page.items
            if isinstance(item, MazeFrame) and not item.answer
        }

    before = cells()
    result = invoke(["validate", str(spec)])
    notes = [line for line in result.stderr.splitlines() if line.startswith("note:")]
    assert result.exit_code == 0 and len(notes) == 2, result.stderr
    assert notes[0].startswith('note: book.yaml:5: mazes[0].shape: "Happy Birthday" is drawn in cells of 7')
    assert "under the 22.5 pt (0.31 in) the book's age-6 mazes ask for; a word of fewer letters" in notes[0]
    size = re.search(
        r'"Lily" is drawn in cells of .*; size: (\d+x\d+) draws it in the fewest cells', notes[1]
    )
    assert size, notes[1]
    spec.write_text(spec.read_text().replace("{text: Lily}}", f"{{text: Lily}}, size: {size[1]}}}"))
    after = cells()
    assert after[2] >= 1.2 * before[2], (before, after)
    assert '"Lily"' not in invoke(["validate", str(spec)]).stderr  # its size written: the note is heeded


def test_a_name_that_fits_only_too_thin_is_sent_to_a_landscape_page(tmp_path):
    """The advice went round in circles: 40x16 "at most about 34x14", which was too dense again, and each
    smaller size drew the names thinner. Now it says no smaller size reads, and what does."""
    spec = tmp_path / "names.yaml"
    body = (  # on one line (16 rows) at 12 cells tall, Maximiliano takes 88 columns even at its narrowest
        # (Benjamin at 89x19 is now drawn narrower on a portrait page), more than the page holds at 7 pt
        "title: Names\nlayout: activity-book\nmazes_per_page: 1\nstudents: [Maximiliano, Al]\n"
        "marks: suggested\nmazes:\n  - {shape: {text: '{student}'}, size: 118x16}\n"
    )
    spec.write_text(body)
    result = invoke(["validate", str(spec)])
    assert result.exit_code == 2
    # a size written is the most a name is drawn over (issue 29): told that no size takes the name here
    (said,) = result.stderr.splitlines()
    assert said.startswith(
        'error: names.yaml:4: students[0]: "Maximiliano" takes at least 88x16 cells for its '
    ), said
    assert "use page_size: letter landscape" in said, said
    assert "make it at most" not in said
    spec.write_text(body.replace("mazes_per_page: 1", "mazes_per_page: 1\npage_size: letter landscape"))
    result = invoke(["validate", str(spec)])
    assert result.exit_code == 0, result.stderr


def test_dash_o_wins_over_an_output_folder_that_is_not_there(tmp_path):
    spec = tmp_path / "sheet.yaml"
    spec.write_text("title: T\noutput: handouts/sheet.pdf\nmazes: [{size: 5x5}]\n")
    result = invoke(["build", str(spec), "-o", str(tmp_path / "My Handout.pdf")])
    assert result.exit_code == 0, result.stderr
    assert (tmp_path / "My Handout.pdf").stat().st_size > 0
    result = invoke(["build", str(spec)])  # without -o the spec's folder is still checked
    assert result.exit_code == 2 and 'output: the folder "handouts" does not exist' in result.stderr


@pytest.mark.parametrize(
    "students,said",
    [
        (
            "C:\\Users\\teacher\\Documents\\class.txt",
            '"C:\\Users\\teacher\\Documents\\class.txt": a spec reads files only from its own folder; put the '
            "class list there and write its name alone: students: class.txt",
        ),
        (
            '"C:\\Users\\teacher\\class.txt"',
            "this is not valid YAML: a backslash in double quotes starts an escape",
        ),
        ("Class.txt", 'class list "Class.txt" not found (looked for '),
        ("kids.csv", "kids.csv:1: every line holds a comma or a tab: this looks like a spreadsheet's table"),
    ],
)
def test_a_class_list_named_as_on_windows_or_saved_from_a_spreadsheet_is_told_plainly(
    tmp_path, students, said
):
    (tmp_path / "class list.txt").write_text("Ana\nBen\n")
    (tmp_path / "kids.csv").write_text("Name,Class\nZoë,2B\nAna,2B\n")  # was taken as three students
    spec = tmp_path / "sheet.yaml"
    spec.write_text(f"title: T\nstudents: {students}\nmazes: [{{size: 5x5}}]\n")
    result = invoke(["validate", str(spec)])
    assert result.exit_code == 2, result.stdout
    assert said in result.stderr and len(result.stderr.splitlines()) == 1, result.stderr
    if students == "Class.txt":
        assert result.stderr.rstrip().endswith('; did you mean "class list.txt"?')


FRENCH = """\
base: handout
words: {name: Prénom, class: Classe, maze: Labyrinthe, mazes: labyrinthes, answer_key: Solutions,
        continued: suite, contents: Sommaire, notes: Notes, belongs_to: Ce livre appartient à, by: par}
start_label: Départ
end_label: Arrivée
"""


def test_a_layout_puts_the_books_own_words_in_another_language(tmp_path):
    """ "Name / Date / Class", "Maze 1" and "Answer key" could not be changed: a French sheet was half
    English ("name_line: Prénom..." was refused as not true or false)."""
    import pdfplumber

    (tmp_path / "fr.yaml").write_text(FRENCH)
    spec = tmp_path / "sheet.yaml"
    spec.write_text(
        "title: Labyrinthes\nlayout: fr.yaml\nstudents: [Zoé, Léa]\nmarks: suggested\n"
        "mazes: [{size: 8x8, count: 7}]\n"
    )
    target, _ = build_book(spec)
    pages = page_texts(target)
    text = "\n".join(pages)
    for word in (
        "Prénom",
        "Classe",
        "Labyrinthe 1",
        "Solutions",
        "Solutions (suite)",
        "Zoé · Labyrinthe 1 · page",
    ):
        assert word in text, word
    for english in ("Name", "Class\n", "Maze", "Answer key"):
        assert english not in text, english
    with pdfplumber.open(target) as pdf:
        words = {w["text"]: w for w in pdf.pages[0].extract_words()}
    assert words["Prénom"]["x1"] < words["Zoé"]["x0"]  # the child's name is on the line, after the word
    (tmp_path / "fr.yaml").write_text(FRENCH.replace("name: Prénom", "nom: Prénom"))
    result = invoke(["validate", str(spec)])
    assert result.exit_code == 2 and result.stderr.startswith("error: fr.yaml:2: words.nom: "), result.stderr


def test_a_long_name_stays_on_its_line_and_long_instructions_take_two_lines(tmp_path):
    """ "Maximilienne-Éléonore Roc" at 7 pt ran into "Date"; a long instruction kept one line at 7 pt."""
    import pdfplumber

    (tmp_path / "mine.yaml").write_text(
        "base: handout\npage_size: a4\ninstructions: Start at the arrow that points in, follow the paths with "
        "your pencil and find your way out at the arrow that points out.\n"
    )
    spec = tmp_path / "sheet.yaml"
    spec.write_text(
        "title: T\nlayout: mine.yaml\nstudents: [Maximilienne-Éléonore Roc]\nmarks: suggested\n"
        "mazes: [{size: 8x8}]\n"
    )
    target, _ = build_book(spec)
    with pdfplumber.open(target) as pdf:
        page = pdf.pages[0]
        words = page.extract_words(extra_attrs=["size"])
        lines = [line for line in page.lines if abs(line["top"] - line["bottom"]) < 0.5]
    name = next(w for w in words if w["text"].startswith("Maximilienne"))
    roc = next(w for w in words if w["text"] == "Roc")
    date = next(w for w in words if w["text"] == "Date")
    rule = min((line for line in lines if line["x0"] < name["x0"] < line["x1"]), key=lambda line: line["x0"])
    assert roc["x1"] <= rule["x1"] < date["x0"]  # the name ends on its own line, before Date
    said = [w for w in words if w["text"] in ("pencil", "arrow")]
    assert min(w["size"] for w in said) >= 11  # two lines at the caption size, not one at 7 pt
    assert len({round(w["top"]) for w in words if w["text"] in ("follow", "out.")}) == 2


def test_check_knows_a_handouts_pdf_by_itself(tmp_path):
    spec = tmp_path / "sheet.yaml"
    spec.write_text("title: Sheet\nlayout: handout\nmarks: suggested\nmazes: [{size: 10x10, count: 3}]\n")
    target, _ = build_book(spec)
    result = invoke(["check", target])
    assert result.exit_code == 0, result.stderr
    assert result.stdout == f"{target}: ready to print on an office printer\n"


def test_following_the_advice_on_names_ends_in_a_book(tmp_path):
    """ "Too thin: about 50x8", then "too dense: at most 49x7", then "too thin: about 50x8" again: the
    advice went round. Each size it names is now new, and a few steps end in a book that builds."""
    (tmp_path / "fr.yaml").write_text(  # cells of 9 pt: a handout's 14 take names of four letters at most
        FRENCH + "instructions: Entre par la flèche qui entre et sors par celle qui sort.\nmin_cell: 9\n"
    )
    spec = tmp_path / "names.yaml"
    body = (
        "title: Names\nlayout: fr.yaml\npage_size: a4 landscape\nmazes_per_page: 1\nmarks: suggested\n"
        "students: [Zoé, Léa, Maël, Noémie, Éloïse, Côme]\n"  # one line each: a two-line name is as tall
        # as two, and one size for both kinds is more than a page of 9 pt cells takes
        "mazes:\n  - {size: SIZE, shape: {text: '{student}'}, title: 'Le labyrinthe de {student}'}\n"
    )
    size, tried = "46x12", []
    for _ in range(4):
        tried.append(size)
        spec.write_text(body.replace("SIZE", size))
        result = invoke(["validate", str(spec)])
        if result.exit_code == 0:
            break
        advice = re.search(r"(?:make the maze about|make it at most) (\d+x\d+)", result.stderr)
        assert advice, result.stderr
        size = advice[1]
        assert size not in tried, (tried, result.stderr)
    assert result.exit_code == 0, (tried, result.stderr)


def test_a_class_set_of_sixty_name_mazes_is_within_the_work_limit(tmp_path):
    """Sixty students' name mazes were refused as 55 million cells of work ("use fewer or smaller mazes,
    or fewer difficulty ranges", where the spec had neither a size nor a range): each name was counted
    at the largest name's cost. Counted each at its own, they are 19.5 million, and build in seconds."""
    first = ["Olivia", "Liam", "Emma", "Noah", "Ava", "Elijah", "Sophia", "Lucas", "Mia", "Mateo"]
    names = [f"{name} {initial}." for initial in "ABCDEF" for name in first]
    (tmp_path / "class.txt").write_text("\n".join(names) + "\n")
    spec = tmp_path / "names.yaml"
    spec.write_text(
        "title: T\nstudents: class.txt\nmarks: suggested\nmazes:\n  - {shape: {text: '{student}'}}\n"
    )
    checked = check_book(spec)
    assert len(checked.mazes) == 60


def test_a_class_sets_shape_too_dense_is_not_called_a_students_name(tmp_path):
    """A star in a class set too dense for its page read "12x16 (Ava's name fills 10x13 of it)": each
    student's maze carries the student, but only a word with {student} in it is their name. A word, and
    each child's name, is fitted to its page within its size (in a book for an age too, since an age no
    longer sizes a word), so there it builds."""
    spec = tmp_path / "set.yaml"
    body = (
        "title: T\nlayout: handout\ndifficulty: age-8\nstudents: [Ava, Ben]\nmarks: suggested\n"
        "mazes:\n  - {size: 8x6}\n  - SHAPE\n"
    )
    spec.write_text(body.replace("SHAPE", "{shape: star, size: 16x20}"))
    result = invoke(["validate", str(spec)])
    assert result.exit_code == 2 and "(the shape fills " in result.stderr, result.stderr
    for shape in ("{shape: {text: 'MIA'}, size: 40x14}", "{shape: {text: '{student}'}, size: 40x14}"):
        spec.write_text(body.replace("SHAPE", shape))
        result = invoke(["validate", str(spec)])
        assert result.exit_code == 0 and "name fills" not in result.stderr, (shape, result.stderr)


@pytest.mark.parametrize("age", ["age-6", "age-10", "adult"])
def test_name_mazes_for_an_age_are_told_a_way_that_ends_in_a_book(tmp_path, age):
    """Name mazes for age 6 were sent round: "make the maze about 70x29", then 70x29 was too dense for
    the age's cells, with "a lower min_cell, or an age for older children", which the next age refused
    again. At an age's cells a long name reads at no size a page takes, and the way out is said."""
    spec = tmp_path / "names.yaml"
    body = (
        f"title: Names\nlayout: handout\ndifficulty: {age}\nmarks: suggested\n"
        "students: [Ava, Chloé, Esperanza, Katarzyna, Mohammed]\n"
        "mazes:\n  - {SIZE shape: {text: '{student}'}}\n"
    )
    size, tried = "", []
    for _ in range(4):
        spec.write_text(body.replace("SIZE", f"size: {size}," if size else ""))
        result = invoke(["validate", str(spec)])
        if result.exit_code == 0:
            break
        assert "min_cell" not in result.stderr and "older children" not in result.stderr, result.stderr
        if f"leave difficulty: {age} out" in result.stderr:
            body = body.replace(f"difficulty: {age}\n", "")
            continue
        advice = re.search(r"(?:make the maze about|make it at most) (\d+x\d+)", result.stderr)
        assert advice and advice[1] not in tried, (tried, result.stderr)
        size = advice[1]
        tried.append(size)
    assert result.exit_code == 0, (tried, result.stderr)


def test_a_screen_edition_with_ratings_speaks_the_books_language_too(tmp_path):
    (tmp_path / "fr.yaml").write_text(
        "base: activity-book\nshow_difficulty: true\n"
        + "words: {maze: Labyrinthe, mazes: labyrinthes, answer_key: Solutions, continued: suite, contents: Sommaire,"
        " easy: Facile, medium: Moyen, hard: Difficile, answer_on: Solution page, title_page: Titre, page: feuille,"
        " no_answer: 'Pas de réponse unique : {mazes}.'}\n"
    )
    spec = tmp_path / "book.yaml"
    spec.write_text(
        "title: Labyrinthes\nlayout: fr.yaml\nedition: screen\ntitle_page: true\nmazes:\n"
        "  - {size: 8x8, count: 3, difficulty: easy, marks: suggested}\n  - {size: 8x8, marks: none}\n"
    )
    target, _ = build_book(spec)
    text = "\n".join(page_texts(target))
    for word in ("Facile", "Solution page", "Pas de réponse unique : Labyrinthe 4 (feuille ", "Sommaire"):
        assert word in text, word
    for english in ("Easy", "Answer on page", "No single answer", "Contents"):
        assert english not in text, english
    from pypdf import PdfReader

    assert [item.title for item in PdfReader(target).outline][:2] == ["Titre", "Sommaire"]


def test_a_size_far_too_large_is_told_what_its_page_takes_at_once(tmp_path):
    """3000x3000 was told the memory limit's "at most 2130x2130", and that size then its page's "at most
    66x66": two refusals before the one that counts. Then 4000x4000 was told its page's size twice, as
    memory and as time (and in the studio a third time, as its limit): it is told once, in one line,
    with the size its page takes, which builds (its cells said in points alone where inches would read
    0.00)."""
    spec = tmp_path / "book.yaml"
    for size in ("3000x3000", "4000x4000"):
        spec.write_text(f"title: T\nmazes:\n  - {{size: {size}}}\n")
        result = invoke(["validate", str(spec)])
        assert result.exit_code == 2
        (line,) = result.stderr.splitlines()
        offered = re.findall(r"make it at most (\d+x\d+)", line)
        assert len(offered) == 1 and "MB of memory" not in line, line
        assert "(0.00 in)" not in line, line
        spec.write_text(f"title: T\nmazes:\n  - {{size: {offered[0]}}}\n")
        assert invoke(["validate", str(spec)]).exit_code == 0


def test_too_dense_for_the_room_longer_words_take_says_so(tmp_path):
    (tmp_path / "frl.yaml").write_text("base: activity-book\nstart_label: Départ\nend_label: Arrivée\n")
    spec = tmp_path / "book.yaml"
    spec.write_text(
        "title: T\nlayout: frl.yaml\npage_size: 6x9in\nmarks: left-right\nmazes: [{size: 40x42}]\n"
    )
    result = invoke(["validate", str(spec)])
    assert result.exit_code == 2
    assert 'or shorten start_label or end_label ("Arrivée" takes the room round the maze)' in result.stderr
    spec.write_text(spec.read_text().replace("layout: frl.yaml", "layout: activity-book"))
    assert invoke(["validate", str(spec)]).exit_code == 0  # the same maze with Start and Finish


def test_name_date_and_class_share_one_size(tmp_path):
    """A long word of the layout's own for "Name" shrank alone, beside "Date" and "Classe" at full size."""
    import pdfplumber

    (tmp_path / "fr.yaml").write_text(FRENCH.replace("name: Prénom", "name: Nom de l'élève"))
    spec = tmp_path / "sheet.yaml"
    spec.write_text("title: Labyrinthes\nlayout: fr.yaml\npage_size: a5\nmazes: [{size: 6x6}]\n")
    target, _ = build_book(spec)
    with pdfplumber.open(target) as pdf:
        page = pdf.pages[0]
        words = {w["text"]: w for w in page.extract_words(extra_attrs=["size"])}
        rules = sorted(page.lines, key=lambda line: line["x0"])
    sizes = {round(words[w]["size"], 2) for w in ("Nom", "l\u2019élève", "Date", "Classe")}  # curled
    assert len(sizes) == 1 and min(sizes) >= 7, sizes
    assert words["l\u2019élève"]["x1"] < rules[0]["x0"]  # the word ends before its line begins


def test_words_for_arrows_a_sheet_does_not_draw_are_not_refused(tmp_path):
    """A handout without marks was refused because "Arrivée" would not fit beside arrows it never draws."""
    (tmp_path / "fr.yaml").write_text(FRENCH)
    spec = tmp_path / "sheet.yaml"
    spec.write_text("title: Labyrinthes\nlayout: fr.yaml\npage_size: a5\nmazes: [{size: 6x6}]\n")
    result = invoke(["validate", str(spec)])
    assert result.exit_code == 0, result.stderr
    # with marks, the room beside the maze is planned for the words it shows: "Arrivée" was refused as
    # too long for the arrow's own room; it now gets the room it takes, and prints (by sideways arrows)
    spec.write_text(spec.read_text().replace("title:", "marks: left-right\ntitle:"))
    result = invoke(["build", str(spec), "-o", str(tmp_path / "sheet.pdf")])
    assert result.exit_code == 0 and "without the words" not in result.stderr, result.stderr
    (text,) = page_texts(tmp_path / "sheet.pdf")[:1]
    assert "Départ" in text and "Arrivée" in text


def test_the_seed_line_and_the_document_information_take_the_books_words(tmp_path):
    """ "seed 42", "10 rings" and the PDF's subject stayed English in a French book."""
    from pypdf import PdfReader

    (tmp_path / "fr.yaml").write_text(
        FRENCH.replace("by: par}", "by: par, seed: graine, rings: anneaux}") + "show_seed: true\n"
    )
    spec = tmp_path / "sheet.yaml"
    spec.write_text(
        "title: Labyrinthes\nlayout: fr.yaml\nmarks: suggested\nanswer_key: separate\n"
        "mazes: [{size: 8x8, seed: 42}, {grid: circle, size: 4, seed: 43}]\n"
    )
    target, _ = build_book(spec)
    text = "\n".join(page_texts(target))
    assert "graine 42" in text and "4 anneaux" in text and "8×8" in text
    assert "seed" not in text and "rings" not in text
    answers = tmp_path / "sheet-answers.pdf"
    assert "graine 42" in "\n".join(page_texts(answers))
    assert PdfReader(target).metadata["/Subject"] == "2 labyrinthes"
    info = PdfReader(answers).metadata
    assert (info["/Subject"], info["/Title"]) == ("Solutions", "Labyrinthes: Solutions")


def test_a_too_dense_round_maze_is_told_in_rings_and_the_age_that_sets_its_cells(tmp_path):
    spec = tmp_path / "book.yaml"
    spec.write_text(
        "title: T\npage_size: 8.5x8.5in\ndifficulty: age-4\nmazes:\n  - {grid: circle, size: 8}\n"
    )
    with pytest.raises(SpecError) as caught:
        check_book(spec)
    said = str(caught.value)
    assert said.startswith("book.yaml:5: mazes[0].size: 8 rings is too dense for activity-book"), said
    assert "the minimum is 45.0 pt (0.62 in) (the cells difficulty: age-4 asks for)" in said
    assert re.search(r"make it at most \d+ rings$", said), said


@pytest.mark.parametrize(
    "book, entry",
    [
        (
            "layout: handout\ndifficulty: age-6\npage_size: 6x9in\nmazes_per_page: 1",
            "{shape: star, grid: triangle, size: 60x30}",
        ),
        ("layout: handout\nmazes_per_page: 6\ndifficulty: age-8", "{shape: fish, size: 32x22}"),
        ("layout: handout\ndifficulty: age-6", "{shape: cat, size: 20x30}"),
        ("layout: handout\ndifficulty: age-6", "{shape: heart, grid: hex, size: 30x26}"),
        # no size fits at all: the heart was said to draw "the letters under 12 cells tall"
        ("layout: handout\nmazes_per_page: 6\ndifficulty: age-4", "{shape: heart, grid: hex, size: 20x20}"),
    ],
)
def test_a_shape_is_never_offered_a_size_too_small_to_read(tmp_path, book, entry):
    """The largest size that fitted was offered however small: "make it at most 4x6" for a cat, after
    which the build's note asked for 12x12 and the page refused that again."""
    from puzzlebook.shapes import shape_reads

    spec = tmp_path / "book.yaml"
    spec.write_text(f"title: T\n{book}\nmarks: suggested\nmazes:\n  - {entry}\n")
    with pytest.raises(SpecError) as caught:
        check_book(spec)
    said = str(caught.value)
    grid = "triangle" if "triangle" in entry else "hex" if "hex" in entry else "rectangle"
    offered = re.search(r"make it at most (\d+)x(\d+)", said)
    if offered:
        assert shape_reads(grid, int(offered[1]), int(offered[2])), said
    else:
        assert "which hardly reads as one: " in said, said
    assert "letters" not in said, said  # a shape has none


def test_a_layout_file_is_not_told_to_use_a_preset_instead(tmp_path):
    """A French layout built on the handout was told "or use layout: handout", which drops its words."""
    (tmp_path / "fr.yaml").write_text(FRENCH)
    spec = tmp_path / "sheet.yaml"
    spec.write_text("title: T\nlayout: fr.yaml\nmazes: [{size: 80x100}]\n")
    with pytest.raises(SpecError) as caught:
        check_book(spec)
    said = str(caught.value)
    assert "is too dense for fr.yaml" in said and "use layout:" not in said and "make it at most" in said
    spec.write_text("title: T\nlayout: handout\nmazes: [{size: 80x100}]\n")
    with pytest.raises(SpecError) as caught:
        check_book(spec)
    assert "use layout: square-poster" in str(caught.value)  # a preset is still offered the one that fits


def test_a_class_set_of_one_maze_each_on_a_sheet_of_two_is_told(tmp_path):
    """Each child's single maze took the top half of a handout sheet and left the bottom blank, unsaid."""
    spec = tmp_path / "sheet.yaml"
    spec.write_text(
        "title: T\nlayout: handout\nstudents: [Ana, Ben, Chloe]\nmarks: suggested\nmazes: [{size: 12x12}]\n"
    )
    result = invoke(["validate", str(spec)])
    assert result.exit_code == 0 and result.stderr == (
        "note: sheet.yaml:3: students: each student's 1 maze fills 1 of the 2 places on their sheet, the rest "
        "left blank; mazes_per_page: 1 gives it the whole sheet\n"
    ), result.stderr
    spec.write_text(spec.read_text().replace("layout: handout", "layout: handout\nmazes_per_page: 1"))
    assert invoke(["validate", str(spec)]).stderr == ""


def test_a_class_set_whose_last_sheet_is_part_blank_is_told(tmp_path):
    """A newcomer's trial: three mazes a child on a handout of two a page left each child's second sheet
    half blank, unsaid (the note told only of fewer mazes than one sheet holds). Read back: each child's
    last sheet holds one maze, and the note says so, with counts that fill the sheets."""
    spec = tmp_path / "sheet.yaml"
    spec.write_text("title: T\nlayout: handout\nstudents: [Ana, Ben]\nmazes:\n  - {size: 8x8, count: 3}\n")
    result = invoke(["build", str(spec)])
    assert result.exit_code == 0
    assert [line for line in result.stderr.splitlines() if line.startswith("note:")] == [
        "note: sheet.yaml:3: students: each student's 3 mazes take 2 sheets, the last with 1 of its 2 places "
        "filled, the rest left blank; 4 mazes each would fill them, or mazes_per_page: 1 gives every maze its "
        "own sheet"
    ], result.stderr
    texts = page_texts(tmp_path / "sheet.pdf")
    assert [text.count("Maze ") for text in texts] == [2, 1, 2, 1], texts
    spec.write_text(spec.read_text().replace("count: 3", "count: 4"))
    assert invoke(["validate", str(spec)]).stderr == ""


def test_two_hundred_name_mazes_are_within_the_work_limit_and_more_are_told_to_split(tmp_path):
    """200 names with initials were refused as 67 million cells of work, the search for each name's
    ends counted as a search from every outline cell (it compares the outline's pairs, from one walk of
    the maze): they build in about 13 s. A class list over the limit is told how to split it."""
    first = ["Olivia", "Liam", "Emma", "Noah", "Amelia", "Oliver", "Sophia", "Elijah", "Charlotte", "Mateo"]
    first += ["Isabella", "Lucas", "Mia", "Benjamin", "Evelyn", "Alexander", "Harper", "Sebastian", "Ava"]
    names = [f"{name} {initial}." for initial in "ABCDEFGHIJK" for name in first][:200]
    (tmp_path / "class.txt").write_text("\n".join(names) + "\n")
    spec = tmp_path / "names.yaml"
    spec.write_text(
        "title: T\nstudents: class.txt\nmarks: suggested\nmazes:\n  - {shape: {text: '{student}'}}\n"
    )
    assert len(check_book(spec).mazes) == 200
    spec.write_text(
        "title: T\nstudents: class.txt\nmarks: suggested\nmazes:\n  - {size: 40x40, count: 5}\n"
        "  - {shape: {text: '{student}'}, count: 3}\n"
    )
    result = invoke(["validate", str(spec)])
    assert result.exit_code == 2
    assert result.stderr.strip().endswith(
        "the limit is 40,000,000: split the class list into smaller books, or use fewer or smaller "
        "mazes, or fewer difficulty ranges"
    ), result.stderr
    (tmp_path / "class.txt").write_text("\n".join(names[:100]) + "\n")
    assert "the limit is 40,000,000" not in invoke(["validate", str(spec)]).stderr


def test_one_name_for_a_young_child_in_small_cells_is_noted_once(tmp_path):
    """A parent's birthday book at age 4 drew "Maximiliano" in 7.5 pt cells, a sixth of the age's, and
    said nothing: the note was a class set's. A word with the book's age now gets it, once, beside
    mazes of another age too (which had a note of their own for words without an age)."""
    spec = tmp_path / "party.yaml"
    spec.write_text(
        "title: Party\nlayout: activity-book\nmarks: suggested\ndifficulty: age-4\nmazes:\n"
        "  - {shape: {text: Maximiliano}, count: 2}\n  - {size: 7x8}\n"
    )
    noted = _small_cells_notes(spec)
    assert len(noted) == 1 and noted[0].startswith(
        'note: party.yaml:6: mazes[0].shape: "Maximiliano" is drawn in cells of 7.5 pt, under the 45 pt '
        "of difficulty: age-4, to fit its place; fewer letters, a landscape page"
    ), noted
    spec.write_text(spec.read_text().replace("{size: 7x8}", "{size: 7x8, difficulty: age-6}"))
    assert _small_cells_notes(spec) == noted


def _small_cells_notes(spec) -> list[str]:
    """What ``validate`` of a spec that builds notes of names and words drawn in small cells."""
    result = invoke(["validate", str(spec)])
    assert result.exit_code == 0, result.output
    return [line for line in result.stderr.splitlines() if "drawn in cells of" in line]


def test_names_drawn_in_cells_well_under_the_layouts_are_noted(tmp_path):
    """A handout's 14 pt cells are for small hands: long names fitted into their half page were drawn in
    7 pt cells, and the teacher found it only by looking at the sheets."""
    spec = tmp_path / "names.yaml"
    spec.write_text(
        "title: T\nlayout: handout\nmarks: suggested\nstudents: [Ana, Maximiliano, Bartholomew]\n"
        "mazes:\n  - shape: {text: '{student}'}\n"
    )
    assert _small_cells_notes(spec) == [
        "note: names.yaml:6: mazes[0].shape: 2 name(s) drawn in cells of 7.5 pt, under the layout's 14 pt, to "
        "fit their place (Maximiliano and Bartholomew); a shorter form of a name (Max for Maximiliano), or a "
        "larger page, draws it larger"
    ]
    spec.write_text(spec.read_text().replace("Maximiliano, Bartholomew", "Max, Bart"))
    assert "drawn in cells of" not in invoke(["validate", str(spec)]).stderr
    # one name a portrait sheet: a wide name leaves most of its place's height unused, and turning the
    # page draws it larger (a teacher's 26 names on A4: 16 in small cells, 2 on A4 landscape)
    class_list = "[Ana, Maximiliano, Bartholomew, Anastasiya, Wilhelmina]"
    spec.write_text(
        f"title: T\nlayout: handout\nmazes_per_page: 1\nmarks: suggested\nstudents: {class_list}\n"
        "mazes:\n  - shape: {text: '{student}'}\n"
    )

    def least(said: str) -> float:
        """The least cell the note says its names are drawn in (none: the layout's own)."""
        found = re.search(r"name\(s\) drawn in cells of ([\d.]+)", said)
        return float(found[1]) if found else 14.0

    said = invoke(["validate", str(spec)]).stderr
    assert "a landscape page (page_size: letter landscape), or a larger page, draws it larger" in said
    spec.write_text(
        spec.read_text().replace("mazes_per_page: 1\n", "mazes_per_page: 1\npage_size: letter landscape\n")
    )
    turned = invoke(["validate", str(spec)]).stderr
    assert least(turned) > least(said) and "a landscape page" not in turned, turned
    # a child's short name is not told to have fewer letters (a newcomer's trial: "Mia"); a long word is
    spec.write_text("title: T\ndifficulty: age-6\nmarks: suggested\nmazes:\n  - {shape: {text: Mia}}\n")
    (said,) = _small_cells_notes(spec)
    assert "fewer letters" not in said and said.endswith(
        "a landscape page (page_size: letter landscape), or a larger page, draws it larger"
    ), said
    spec.write_text(spec.read_text().replace("Mia", "Maximiliano"))
    (said,) = _small_cells_notes(spec)
    assert said.endswith(
        "; fewer letters, a landscape page (page_size: letter landscape), or a larger page, draws it larger"
    ), said


def test_a_childs_one_maze_says_no_maze_1(tmp_path):
    """Every sheet of a class set of name mazes said "Maze 1" under the child's name, and every answer
    "Ana · Maze 1 · page 2": a number where each child has one maze says nothing. A child's one maze is
    headed by its title alone (none here) and its answer by the child and the page; where each child has
    two mazes, they are numbered as before."""
    spec = tmp_path / "names.yaml"
    spec.write_text(
        "title: Names\nlayout: activity-book\nmarks: suggested\nanswer_key: true\nstudents: [Ana, Ben]\n"
        "mazes:\n  - shape: {text: '{student}'}\n"
    )
    out = tmp_path / "names.pdf"
    result = invoke(["build", str(spec), "-o", str(out)])
    assert result.exit_code == 0, result.stderr
    text = "\n".join(page_texts(out))
    assert "Maze 1" not in text and "Ana · page 2" in text and "Ben · page 3" in text, text
    spec.write_text(spec.read_text() + "  - {algorithm: recursive-backtracker, size: 8x8}\n")
    result = invoke(["build", str(spec), "-o", str(out)])
    assert result.exit_code == 0, result.stderr
    text = "\n".join(page_texts(out))
    assert text.count("Maze 1") >= 4 and "Ana · Maze 2 · page 3" in text, text


def test_the_name_lines_last_rule_ends_at_the_margin(tmp_path):
    """A design review: a class set's Name, Date and Class rules ended 14 pt short of the right margin,
    where the maze's wall and the text reach, so the header lined up with nothing. Read back: the first
    rule starts after Name, the last ends at the page's right margin, as the instructions may."""
    import pdfplumber

    spec = tmp_path / "sheet.yaml"
    spec.write_text("title: T\nlayout: handout\nstudents: [Ana]\nmazes: [{size: 8x6}]\n")
    target, checked = build_book(spec)
    right = 612 - checked.layout.margins.outside
    with pdfplumber.open(target) as pdf:
        thin = [line for line in pdf.pages[0].lines if line["linewidth"] < 1 and line["y0"] == line["y1"]]
        rules = sorted(thin, key=lambda line: line["x0"])  # the name line's, not the maze's walls
    assert len(rules) == 3
    assert rules[-1]["x1"] == pytest.approx(right, abs=0.01), (rules[-1]["x1"], right)
