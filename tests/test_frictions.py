"""The last frictions a new user meets (issue 33): each as the user meets it, from the command line."""

from __future__ import annotations

import re
import typing
from pathlib import Path

from clirun import invoke

from puzzlebook.spec.model import MarksSetting
from puzzlebook.units import PAGE_SIZES

DOCS = Path(__file__).parent.parent / "docs"


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def test_a_missing_colon_on_line_one_is_told_at_line_one(tmp_path):
    book = write(tmp_path / "book.yaml", "title Room 7 Mazes\nmazes:\n  - {size: 5x5}\n")
    result = invoke(["validate", str(book)])
    assert result.exit_code == 2
    assert result.stderr == (
        'error: book.yaml:1: this is not valid YAML: a setting\'s name is followed by a colon: "title: Room 7 Mazes"\n'
    )
    # deeper down too: the line without the colon, not the one after it where YAML notices
    book = write(tmp_path / "book.yaml", "title: T\nmazes:\n  - size 5x5\n    algorithm: wilson\n")
    result = invoke(["validate", str(book)])
    assert result.stderr.startswith(
        'error: book.yaml:3: this is not valid YAML: a setting\'s name is followed by a colon: "size: 5x5"'
    )


def test_a_preset_is_named_in_any_case(tmp_path):
    for written in ("Handout", "HANDOUT", " handout"):
        book = write(tmp_path / "book.yaml", f"title: T\nlayout: '{written}'\nmazes:\n  - {{size: 5x5}}\n")
        result = invoke(["build", str(book)])
        assert result.exit_code == 0, result.output
        own = write(tmp_path / "mine.yaml", f"base: {written.strip()}\nfooter: 'p {{page}}'\n")
        book = write(tmp_path / "book.yaml", f"title: T\nlayout: {own.name}\nmazes:\n  - {{size: 5x5}}\n")
        assert invoke(["validate", str(book)]).exit_code == 0
    # a handout's own mark: the Name line, on the page as the lower-case name prints it
    from pdfcheck import page_texts

    book = write(tmp_path / "book.yaml", "title: T\nlayout: Handout\nmazes:\n  - {size: 5x5}\n")
    invoke(["build", str(book)])
    assert "Name" in page_texts(tmp_path / "book.pdf")[0]


def test_every_page_size_is_documented_with_its_size():
    docs = (DOCS / "layouts.md").read_text()
    for name, (w, h) in PAGE_SIZES.items():
        row = re.search(rf"^\| `{re.escape(name)}` \| ([\d.]+) x ([\d.]+) \| (\d+) x (\d+) \|$", docs, re.M)
        assert row, name
        assert (float(row[1]), float(row[2])) == (round(w / 72, 2), round(h / 72, 2)), name
        assert (int(row[3]), int(row[4])) == (round(w / 72 * 25.4), round(h / 72 * 25.4)), name
    from puzzlebook.settings import Layout
    from puzzlebook.spec.model import BookSpec

    for description in (
        Layout.model_fields["page_size"].description,
        BookSpec.model_fields["page_size"].description,
    ):
        assert all(name in (description or "") for name in PAGE_SIZES)


def test_maze_help_lists_every_marks_rule():
    result = invoke(["maze", "--help"], terminal_width=200)
    listed = " ".join(result.output.split())
    for rule in typing.get_args(MarksSetting):
        assert re.search(rf"--marks <str> .*\b{rule}\b", listed), rule


def _too_dense(tmp_path: Path, spec: str) -> str:
    book = write(tmp_path / "book.yaml", spec)
    result = invoke(["validate", str(book)])
    assert result.exit_code == 2, result.output
    (line,) = result.stderr.splitlines()
    return line


def test_too_dense_speaks_in_the_page_units_beside_points(tmp_path):
    for page, unit, per_unit in (("letter", "in", 72), ("a4", "mm", 72 / 25.4), ("6x9in", "in", 72)):
        line = _too_dense(tmp_path, f"title: T\npage_size: {page}\nmazes:\n  - {{size: 150x150}}\n")
        found = re.findall(rf"([\d.]+) pt \(([\d.]+) {unit}\)", line)
        assert len(found) == 2, line  # the cell it would have and the minimum, each in both units
        for points, beside in found:
            assert abs(float(points) / per_unit - float(beside)) < 0.06, line


def test_too_dense_offers_the_most_mazes_a_page_that_fit_and_they_do(tmp_path):
    """Six a page too many was sent to one a page, where four take the mazes on a quarter the paper."""
    body = "title: T\nlayout: handout\nmazes_per_page: 6\nmazes:\n  - {size: 10x12, count: 6}\n"
    line = _too_dense(tmp_path, body)
    assert "at 6 a page" in line and "; use mazes_per_page: 4, or " in line, line
    book = write(tmp_path / "book.yaml", body.replace("mazes_per_page: 6", "mazes_per_page: 4"))
    assert invoke(["validate", str(book)]).exit_code == 0


def test_too_dense_offers_one_maze_a_page_where_that_fits_and_it_does(tmp_path):
    line = _too_dense(tmp_path, "title: T\nlayout: handout\nmazes:\n  - {size: 30x30}\n")
    assert "at 2 a page" in line and "use mazes_per_page: 1" in line
    book = write(
        tmp_path / "book.yaml", "title: T\nlayout: handout\nmazes_per_page: 1\nmazes:\n  - {size: 30x30}\n"
    )
    assert invoke(["validate", str(book)]).exit_code == 0
    # a layout with no room for even a 1x1 maze at two a page, where one a page has room
    own = "base: handout\nmin_cell: 120pt\npage_size: 4x6in\nmargins: {top: 0.25in, bottom: 0.25in, inside: 0.25in, outside: 0.25in}\n"
    write(tmp_path / "mine.yaml", own)
    line = _too_dense(tmp_path, "title: T\nlayout: mine.yaml\nmazes:\n  - {size: 1x1}\n")
    assert line.startswith("error: mine.yaml:2: min_cell: ") and line.endswith("; use mazes_per_page: 1"), (
        line
    )
    write(tmp_path / "mine.yaml", own + "mazes_per_page: 1\n")
    assert invoke(["validate", str(tmp_path / "book.yaml")]).exit_code == 0


def test_a_class_list_or_mask_not_found_says_which_folder_was_searched(tmp_path, monkeypatch):
    (tmp_path / "books").mkdir()
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)  # run from another folder: names are read from the spec's
    write(
        tmp_path / "books" / "book.yaml",
        "title: T\nstudents: kids.txt\nmazes:\n  - {size: 5x5, mask: pics/heart.png}\n",
    )
    result = invoke(["validate", "../books/book.yaml"])
    assert result.exit_code == 2
    folder = tmp_path / "books"
    assert result.stderr.splitlines() == [
        f'error: book.yaml:2: students: class list "kids.txt" not found (looked for kids.txt in {folder})',
        f'error: book.yaml:4: mazes[0].mask: mask "pics/heart.png" not found (looked for heart.png in '
        f"{folder / 'pics'}, and there is no such folder)",
    ]
    write(folder / "kids.txt", "Ana\n")  # put where the message says, it is found
    (folder / "pics").mkdir()
    result = invoke(["validate", "../books/book.yaml"])
    assert result.stderr.splitlines() == [
        f'error: book.yaml:4: mazes[0].mask: mask "pics/heart.png" not found (looked for heart.png in {folder / "pics"})'
    ]


def test_each_maze_of_a_print_edition_may_say_where_its_answer_is(tmp_path):
    from pdfcheck import page_texts

    spec = "title: T\nmarks: suggested\nmazes_per_page: 2\nmazes:\n  - {size: 8x8, count: 15}\n"
    book = write(tmp_path / "book.yaml", spec + "show_answer_page: true\n")
    assert invoke(["build", str(book)]).exit_code == 0
    texts = page_texts(tmp_path / "book.pdf")
    said = 0
    for number, text in enumerate(texts, 1):
        for maze, answer in re.findall(r"Maze (\d+)\s.*?Answer on page (\d+)", text, re.S):
            said += 1  # the page named holds this maze's answer, labelled with this page
            assert f"Maze {maze} · page {number}" in texts[int(answer) - 1], (maze, answer)
    assert said == 15
    answers = set(re.findall(r"Answer on page (\d+)", "".join(texts)))
    assert len(answers) >= 2  # 15 answers take more than one page of the key, and each maze names its own
    # off unless asked for
    write(book, spec)
    assert invoke(["build", str(book)]).exit_code == 0
    assert "Answer on page" not in "".join(page_texts(tmp_path / "book.pdf"))
