"""Pages for children and for the books bought for them: no jargon, a name line, a copyright page."""

from __future__ import annotations

import re
from pathlib import Path

import pdfplumber
import pytest
from clirun import invoke
from pdfcheck import page_texts

from puzzlebook.build import build_book
from puzzlebook.errors import SpecError
from puzzlebook.spec.load import load_spec

ROOT = Path(__file__).parent.parent
BOOK = "title: Maze Quest\nauthor: Maple Street Press\nmarks: suggested\nmazes:\n  - {size: 8x8, count: 2}\n"


def test_title_page_has_a_line_for_the_owner_and_a_copyright_page_follows(tmp_path):
    spec = tmp_path / "book.yaml"
    spec.write_text(
        BOOK + "belongs_to: true\ncopyright: All rights reserved.\nyear: 2026\nisbn: 978-0-306-40615-7\n"
    )
    target, checked = build_book(spec)
    texts = page_texts(target)
    assert "This book belongs to" in texts[0]
    assert [p.kind for p in checked.plan.pages][:3] == ["title", "copyright", "maze"]
    lines = texts[1].splitlines()
    for line in ("Maze Quest", "by Maple Street Press", "© 2026 Maple Street Press", "All rights reserved.",
                 "ISBN 978-0-306-40615-7"):  # fmt: skip
        assert line in lines
    assert "Maze 1" in texts[2]


def test_a_long_title_takes_two_lines_on_the_copyright_page_too(tmp_path):
    """The copyright page set the title on one line, so a title the title page wraps was refused, and
    the error blamed the title; the summary also left the copyright page out of its count."""
    from clirun import invoke

    title = "The Enormous, Extraordinarily Complicated and Utterly Bewildering Labyrinth Compendium for Minds"
    spec = tmp_path / "book.yaml"
    spec.write_text(
        BOOK.replace("title: Maze Quest", f"title: {title}")
        + "page_size: 6x9in\ncopyright: All rights reserved.\nyear: 2026\n"
    )
    result = invoke(["build", str(spec)])
    assert result.exit_code == 0, result.output
    assert "on 5 pages (1 title page, 1 copyright page, 2 maze pages, 1 answer page)" in result.stderr
    lines = page_texts(tmp_path / "book.pdf")[1].splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith("The Enormous"))
    assert " ".join(lines[first : first + 2]) == title


def test_no_copyright_page_unless_asked(tmp_path):
    spec = tmp_path / "book.yaml"
    spec.write_text(BOOK)
    _, checked = build_book(spec)
    assert [p.kind for p in checked.plan.pages] == ["title", "maze", "maze", "answers"]


@pytest.mark.parametrize(
    "isbn, ok",
    [("978-0-306-40615-7", True), ("0-306-40615-2", True), ("080442957X", True),
     ("978-0-306-40615-8", False), ("0-306-40615-3", False), ("12345", False)],
)  # fmt: skip
def test_an_isbn_with_a_wrong_check_digit_is_refused(tmp_path, isbn, ok):
    spec = tmp_path / "book.yaml"
    spec.write_text(BOOK + f"isbn: {isbn}\n")
    if ok:
        assert load_spec(spec).book.isbn == isbn
    else:
        with pytest.raises(SpecError, match=r"book\.yaml:6: isbn: "):
            load_spec(spec)


def test_poster_marks_and_their_words_grow_with_the_page(tmp_path):

    sizes = {}
    for layout in ("activity-book", "poster"):
        spec = tmp_path / f"{layout}.yaml"
        spec.write_text(f"title: T\nlayout: {layout}\nmarks: left-right\nmazes:\n  - {{size: 40x50}}\n")
        target, _ = build_book(spec)
        with pdfplumber.open(target) as pdf:
            page = pdf.pages[1 if layout == "activity-book" else 0]
            words = [w for w in page.extract_words(extra_attrs=["size"]) if w["text"] in ("Start", "Finish")]
        assert len(words) == 2
        sizes[layout] = min(w["size"] for w in words)
    assert sizes["activity-book"] >= 7
    assert sizes["poster"] >= 1.4 * sizes["activity-book"]  # a poster's words read from across a room


@pytest.mark.parametrize(("layout", "shown"), [("poster", 72.0), ("square-poster", 60.0), ("handout", 0.0)])
def test_a_posters_maze_with_no_title_is_headed_by_the_books(tmp_path, layout, shown):
    """A poster whose one maze had no title printed no title at all (a newcomer's trial, following the
    docs' "one big maze per page under a 72 pt title"). Read back: the book's title once, at the
    poster's heading size, over its maze; a handout, which heads its sheet with the book's title
    already, does not say it twice."""
    spec = tmp_path / "book.yaml"
    spec.write_text(
        f"title: The Great Labyrinth\nlayout: {layout}\nmarks: suggested\nmazes:\n  - {{size: 12x12}}\n"
    )
    target, _ = build_book(spec)
    with pdfplumber.open(target) as pdf:
        words = pdf.pages[0].extract_words(extra_attrs=["size"])
    title = [w for w in words if w["text"] == "Labyrinth"]
    assert len(title) == 1, words  # once
    if shown:
        assert title[0]["size"] == pytest.approx(shown)


def test_a_posters_start_and_finish_stay_under_its_title():
    """The poster sample's Start and Finish were 36.9 pt under its 40 pt title, competing with it; they
    grow with the page only to 0.6 of the heading, and to twice a Letter book's 12 pt. The poster's
    title is 72 pt now, as a poster's is; at 36.9 pt beside it its words dwarfed their arrows."""
    from puzzlebook.build import check_book
    from puzzlebook.layout import MazeFrame

    for sample, heading, words in (("poster", 72.0, 24.0), ("kdp-paperback", 18.0, 12.0)):
        checked = check_book(ROOT / "sample_configs" / f"{sample}.yaml")
        assert checked.layout.heading_size == heading
        frames = [i for p in checked.plan.pages for i in p.items if isinstance(i, MazeFrame)]
        assert {f.label for f in frames if not f.answer} == {words}, sample


def test_a_posters_answer_says_start_and_finish_as_the_poster_does(sample_book):
    """The poster's answer page printed its Start and Finish at 12.6 pt, a fifth of its arrows' room,
    under the poster's own 24 pt words beside the same arrows."""
    target, _ = sample_book("poster.yaml")
    with pdfplumber.open(target) as pdf:
        sizes = [
            {
                round(w["size"], 1)
                for w in page.extract_words(extra_attrs=["size"])
                if w["text"] in ("Start", "Finish")
            }
            for page in pdf.pages
        ]
    assert sizes == [{24.0}, {24.0}]  # the poster, then its answer


def test_pictures_and_words_at_the_start_and_end_print_inside_the_page(tmp_path):
    from clirun import invoke

    from puzzlebook.layout import MazeFrame

    spec = tmp_path / "book.yaml"
    spec.write_text(
        "title: Mouse Maze\nmarks: suggested\npictures: mouse-cheese\nstart_label: Mouse\nend_label: Cheese\n"
        "pad: true\nmazes:\n  - {size: 10x12, count: 3}\n  - {size: 14x9, marks: top-bottom}\n"
        "  - {size: 12x12, marks: left-right}\n"
    )
    result = invoke(["check", str(spec)])  # preflight: nothing in the margins, no hairline
    assert result.exit_code == 0, result.output
    target, checked = build_book(spec)
    texts = page_texts(target)
    for page in checked.plan.pages:
        frames = [i for i in page.items if isinstance(i, MazeFrame)]
        if page.kind == "maze":
            assert frames[0].pictures == ("mouse", "cheese") and frames[0].picture >= 25
            assert "Mouse" in texts[page.number - 1] and "Cheese" in texts[page.number - 1]
            assert "Start" not in texts[page.number - 1]
        elif page.kind == "answers":
            assert all(f.pictures is None for f in frames)  # thumbnails keep to arrows


def test_unknown_pictures_get_a_hint(tmp_path):
    spec = tmp_path / "book.yaml"
    spec.write_text(BOOK + "pictures: mouse-chese\n")
    from puzzlebook.build import check_book

    with pytest.raises(
        SpecError,
        match=r'book\.yaml:6: pictures: unknown pictures "mouse-chese"\. Did you mean "mouse-cheese"\? Choose one of',
    ):
        check_book(spec)


def test_pictures_none_turns_a_layouts_pictures_off(tmp_path):
    """`pictures: none` was told "Did you mean dog-bone?", where marks: none and art: none are words a
    spec takes: it now leaves a layout's pictures out, and a wrong name lists none among the choices."""
    from puzzlebook.build import check_book
    from puzzlebook.layout import MazeFrame

    (tmp_path / "pics.yaml").write_text("base: activity-book\npictures: mouse-cheese\n")
    spec = tmp_path / "book.yaml"
    spec.write_text(BOOK + "layout: pics.yaml\npictures: none\n")
    frames = [i for p in check_book(spec).plan.pages for i in p.items if isinstance(i, MazeFrame)]
    assert frames and all(f.pictures is None and not f.picture for f in frames)
    spec.write_text(BOOK + "layout: pics.yaml\n")
    frames = [i for p in check_book(spec).plan.pages for i in p.items if isinstance(i, MazeFrame)]
    assert all(f.pictures is not None and f.picture for f in frames if not f.answer)
    spec.write_text(BOOK + "pictures: giraffe\n")
    with pytest.raises(SpecError, match=r'unknown pictures "giraffe"\. Choose one of .*, or none\.'):
        check_book(spec)


def test_pictures_with_no_start_or_end_to_stand_by_are_told(tmp_path):
    """`pictures: mouse-cheese` without `marks:` drew closed boxes and said nothing of the pictures (a
    newcomer); the note says why, and goes once the mazes have ends."""
    spec = tmp_path / "book.yaml"
    spec.write_text("title: T\npictures: mouse-cheese\nmazes:\n  - {size: 10x10}\n")
    result = invoke(["validate", str(spec)])
    assert result.exit_code == 0
    assert (
        "note: book.yaml:2: pictures: the mouse-cheese pictures stand by a maze's start and end, and no "
        "maze has them: add marks: suggested"
    ) in result.stderr
    spec.write_text(spec.read_text().replace("mazes:", "marks: suggested\nmazes:"))
    assert "pictures stand by" not in invoke(["validate", str(spec)]).stderr


def test_an_age_on_one_maze_drawn_with_cells_under_its_own_is_told(tmp_path):
    """`{difficulty: age-4}` at 4 a page drew cells of 29.7 pt, where age-4 asks for 45, without a word:
    on one maze an age sets only the size. Told with the cells as drawn, and a size that draws them
    large enough in the age's place; following it, nothing more is told (the age moved to the top was
    offered first, and refused a name maze beside it: a parent went round in circles)."""
    import re
    from collections import Counter

    from pypdf import PdfReader

    from puzzlebook.pdfread import Document

    def first_cell(pdf, cells_across: int) -> float:
        page = Document(PdfReader(pdf)).page(1)
        width, height = 612, 792  # Letter: the first maze of four, at the top left (y up)
        first = [
            s
            for s in page.shapes
            if s.kind == "line" and s.stroke_color == (0.0,) and s.x1 < width / 2 and s.y0 > height / 2
        ]
        weight = Counter(round(s.linewidth, 3) for s in first).most_common(1)[0][0]  # walls, not arrows
        walls = [s for s in first if round(s.linewidth, 3) == weight]
        return (max(s.x1 for s in walls) - min(s.x0 for s in walls)) / cells_across  # wall centres

    spec = tmp_path / "book.yaml"
    text = "title: T\nmazes_per_page: 4\nmazes:\n  - {difficulty: age-4}\n  - {size: 10x10}\n"
    spec.write_text(text)
    result = invoke(["build", str(spec)])
    assert result.exit_code == 0, result.stderr
    told = [line for line in result.stderr.splitlines() if "sets only its size" in line]
    assert len(told) == 1, result.stderr
    found = re.fullmatch(
        r"note: book\.yaml:4: mazes\[0\]\.difficulty: on one maze, age-4 sets only its size: its cells are "
        r"([\d.]+) pt \([\d.]+ in\), under the 45\.0 pt \(0\.62 in\) age-4 asks for; write size: "
        r"(\d+)x(\d+) in place of difficulty: age-4 to draw them so large",
        told[0],
    )
    assert found, told
    assert abs(first_cell(tmp_path / "book.pdf", 7) - float(found[1])) < 0.1  # age-4's 7x8, as drawn
    spec.write_text(text.replace("difficulty: age-4", f"size: {found[2]}x{found[3]}"))
    result = invoke(["build", str(spec)])
    assert result.exit_code == 0 and "note:" not in result.stderr, result.stderr
    assert first_cell(tmp_path / "book.pdf", int(found[2])) >= 45.0
    # the age's cells held by the book's age, or cells as large as it asks for: nothing to tell
    spec.write_text("title: T\nmazes:\n  - {difficulty: age-4}\n")
    assert "sets only its size" not in invoke(["validate", str(spec)]).stderr


def test_an_age_beside_a_size_on_one_maze_is_told_it_changes_nothing(tmp_path):
    """`{difficulty: age-4, size: 20x30}` made a 20x30 maze, 11 times age-4's cells, without a word (a
    self-publisher's warm-up for four-year-olds): on one maze an age sets only the size."""
    spec = tmp_path / "book.yaml"
    spec.write_text(
        "title: T\nmarks: suggested\nmazes:\n  - {difficulty: age-4, size: 20x30}\n  - {difficulty: age-4}\n"
        "  - {difficulty: age-6, size: 5, grid: circle}\n  - {size: 10x10}\n"
    )
    result = invoke(["validate", str(spec)])
    assert result.exit_code == 0, result.stderr
    told = [line for line in result.stderr.splitlines() if "beside it" in line]
    assert told == [
        "note: book.yaml:4: mazes[0].size: the maze is 20x30, with difficulty: age-4 beside it: on one "
        "maze an age sets only the size; leave out size for age-4's (7x8, or the most the page takes)",
        "note: book.yaml:6: mazes[2].size: the maze is 5 rings, with difficulty: age-6 beside it: on one "
        "maze an age sets only the size; leave out size for age-6's (10 rings, or the most the page takes)",
    ]
    # the age's own size written out, or a shape's (whose note asks for a size), is not told against it
    spec.write_text(
        "title: T\nmarks: suggested\nmazes:\n  - {difficulty: age-6, size: 10x14}\n"
        "  - {difficulty: age-6, size: 15x15, shape: star}\n"
    )
    result = invoke(["validate", str(spec)])
    assert result.exit_code == 0 and "beside it" not in result.stderr, result.stderr
    spec.write_text("title: T\ndifficulty: age-4\nmazes:\n  - {size: 6x6}\n")  # the book's age sets cells
    assert "beside it" not in invoke(["validate", str(spec)]).stderr
    # too dense under the book's age, the size is what to change: the maze's own age sets nothing here
    # (it was told to leave the age out, or to put age-4 at the top as the "oldest readers")
    spec.write_text(
        "title: T\ndifficulty: age-6\npage_size: 6x9in\nmarks: suggested\nmazes:\n"
        "  - {difficulty: age-4, size: 20x30}\n"
    )
    result = invoke(["validate", str(spec)])
    assert result.exit_code == 2
    assert result.stderr.startswith("error: book.yaml:6: mazes[0].size: 20x30 is too dense"), result.stderr
    hint = re.search(r"make it at most (\d+x\d+)$", result.stderr.rstrip())
    assert hint and "oldest" not in result.stderr, result.stderr
    spec.write_text(spec.read_text().replace("20x30", hint[1]))  # the size it names fits
    assert invoke(["validate", str(spec)]).exit_code == 0


def test_a_long_title_takes_two_lines_on_the_title_page_before_it_shrinks(tmp_path):

    title = "The Most Amazing Book of Mazes Ever"
    spec = tmp_path / "book.yaml"
    spec.write_text(BOOK.replace("title: Maze Quest", f"title: {title}"))
    target, checked = build_book(spec)
    with pdfplumber.open(target) as pdf:
        words = pdf.pages[0].extract_words(extra_attrs=["size"])
    heading = [w for w in words if w["size"] > 20]
    rows = sorted({round(w["top"]) for w in heading})
    assert len(rows) == 2  # two lines ...
    assert {round(w["size"]) for w in heading} == {36}  # ... at the full title size, not shrunk
    assert " ".join(w["text"] for w in sorted(heading, key=lambda w: (round(w["top"]), w["x0"]))) == title
    width = checked.plan.pages[0].items[0].max_width
    assert all(w["x1"] - w["x0"] <= width for w in heading)


@pytest.mark.parametrize(
    "grid,size", [("rectangle", "8x8"), ("hex", "10x10"), ("triangle", "16x8"), ("circle", "5")]
)
def test_the_two_ends_signs_never_run_into_each_other(grid, size):
    """Two ends on one side a few cells apart put the start's word on the finish's picture ("StarFinish"):
    each word now goes away from the other end, and ends too close for pictures get arrows and words."""
    from puzzlebook.geometry import Placement, extent
    from puzzlebook.grid import parse_size
    from puzzlebook.layout.signs import _collide, marks
    from puzzlebook.puzzles import make_puzzle

    def measure(word, size):
        return 0.62 * size * len(word)

    width, height = (int(size), 1) if grid == "circle" else parse_size(size)
    kept = 0
    for seed in range(40):
        puzzle = make_puzzle("hunt-and-kill", width, height, seed, marks="suggested", grid=grid)
        place = Placement(100, 100, 14.0, extent(puzzle.maze)[1])
        signs = marks(puzzle, place, 30.0, measure, picture=26.0)
        assert len(signs) == 2 and not _collide(signs, measure), (grid, seed)
        kept += all(sign.picture for sign in signs)
    assert kept >= 30, (grid, kept)  # pictures are given up only where the ends crowd each other


@pytest.mark.parametrize("layout", ["activity-book", "handout", "activity-book-a4\nmazes_per_page: 6"])
def test_start_and_finish_words_in_other_languages_get_the_room_they_need(tmp_path, layout):
    """ "Arrivée", "Llegada" and "Entrance" were refused as too long beside the arrows of a 10x10 maze
    on Letter (26 pt of room): a layout's room was sized for "Finish". Now the room grows to the words."""
    from clirun import invoke

    spec = tmp_path / "book.yaml"
    for start, end in (("Départ", "Arrivée"), ("Entrance", "Llegada")):
        spec.write_text(
            f"title: T\nmarks: suggested\nlayout: {layout}\nstart_label: {start}\nend_label: {end}\npad: true\n"
            "mazes:\n  - {size: 10x10, count: 6}\n"
        )
        (tmp_path / "book.pdf").unlink(missing_ok=True)  # the last words' book: out of date
        result = invoke(["check", str(spec)])  # built in memory, and read as printed
        assert result.exit_code == 0, result.output
        target, _ = build_book(spec)
        text = " ".join(page_texts(target))
        assert text.count(start) >= 6 and text.count(end) >= 6
    spec.write_text(spec.read_text().replace("Llegada", "Por aqui se sale, amigos"[:20]))
    result = invoke(["validate", str(spec)])
    if layout != "activity-book":  # two or six to a page, 20 letters are still too many: said so
        assert result.exit_code == 2 and "is too long to fit beside the arrows even at 7 pt" in result.stderr
    else:
        assert result.exit_code == 0, result.output


def _sizes(pdf_path, page_number):

    with pdfplumber.open(pdf_path) as pdf:
        words = pdf.pages[page_number].extract_words(extra_attrs=["size"])
    return [(w["text"], w["size"], w["top"]) for w in words]


def test_a_long_title_stays_the_largest_words_of_its_title_page(tmp_path):
    """A 108-character title on 6x9 was set at 11 pt on two lines, under "This book belongs to" at 14."""
    title = (
        "Mazes for Adults: 100 Challenging Labyrinth Puzzles for Stress Relief, Relaxation and Brain "
        "Training Fun"
    )
    subtitle = "Large print hard mazes with solutions, a perfect gift for puzzle lovers of every age"
    spec = tmp_path / "book.yaml"
    spec.write_text(
        f'title: "{title}"\nsubtitle: "{subtitle}"\nauthor: Pat\npage_size: 6x9in\nbelongs_to: true\n'
        "mazes: [{size: 8x8}]\n"
    )
    target, _ = build_book(spec)
    words = _sizes(target, 0)
    only_title = set(title.split()) - set(subtitle.split())  # "for" is in both
    title_size = min(size for text, size, _ in words if text in only_title)
    rest = [*subtitle.split(), "This", "book", "belongs", "to", "Pat", "maze"]
    others = [size for text, size, _ in words if text in rest and text not in title.split()]
    assert len(others) >= len(rest) - 1
    assert title_size > max(others) and title_size >= 16
    only_subtitle = set(subtitle.split()) - set(title.split())
    assert len({round(top) for text, _, top in words if text in only_title}) <= 4  # lines
    assert 2 <= len({round(top) for text, _, top in words if text in only_subtitle}) <= 3  # wrapped lines
    assert (
        min(size for text, size, _ in words if text in only_subtitle) >= 16
    )  # three lines before it shrinks


def test_a_copyright_notice_wraps_and_keeps_its_line_breaks(tmp_path):
    """A usual one-sentence notice (151 characters) was refused on 6x9, and a block of lines was
    refused for holding a line break."""
    notice = (
        "All rights reserved. No part of this publication may be reproduced, distributed, or "
        "transmitted in any form or by any means without prior written permission."
    )
    spec = tmp_path / "book.yaml"
    spec.write_text(
        f"title: T\npage_size: 6x9in\nyear: 2026\ncopyright: |\n  {notice}\n\n  Published by Maze House"
        "\n  First edition\nmazes: [{size: 8x8}]\n"
    )
    target, _ = build_book(spec)
    words = _sizes(target, 1)
    text = " ".join(w for w, _, _ in words)
    assert notice in text and "Published by Maze House" in text and "First edition" in text
    tops = {w: top for w, _, top in words}
    assert tops["All"] < tops["permission."] < tops["Published"] < tops["First"]  # wrapped, in order
    assert min(size for _, size, _ in words) >= 7
    spec.write_text(spec.read_text().replace("copyright: |", "copyright: |\n" + "  line\n" * 12))
    result = invoke(["validate", str(spec)])
    assert result.exit_code == 2 and "at most 12 fit the page" in result.stderr


def test_a_copyright_notice_too_long_for_its_page_is_refused_not_cut(tmp_path):
    """Twelve long lines on a 2.3x3.1 in page lost the title and their first lines off the top: only
    `check` noticed."""
    notice = "".join(f"  {'Wi ' * 27}\n" for _ in range(12))
    spec = tmp_path / "book.yaml"
    spec.write_text(
        f"title: T\npage_size: 2.3x3.1in\nyear: 2026\ncopyright: |\n{notice}mazes: [{{size: 3x3}}]\n"
    )
    result = invoke(["build", str(spec)])
    assert result.exit_code == 2 and not (tmp_path / "book.pdf").exists()
    assert result.stderr.startswith("error: book.yaml:4: copyright: takes ") and "shorten it" in result.stderr


@pytest.mark.parametrize("per_page", [1, 2])
def test_a_maze_with_pictures_is_moved_never_scaled_to_stand_in_its_area(tmp_path, per_page):
    """Growing a maze into the room its ends left printed two 6x6 mazes 4.8 and 6.1 in wide. Room for
    pictures is planned on all four sides; drawn, each group is only moved: the same cell, its signs
    inside its area, and its info line still under everything it drew."""
    from puzzlebook.artwork import ink
    from puzzlebook.build import check_book, generate
    from puzzlebook.geometry import Placement, extent
    from puzzlebook.layout import MazeFrame, MazeInfo
    from puzzlebook.layout.settle import settled
    from puzzlebook.layout.signs import marks, sign_boxes
    from puzzlebook.render.fonts import setters

    spec = tmp_path / "book.yaml"
    spec.write_text(
        f"title: Mouse Maze\nmarks: suggested\npictures: mouse-cheese\nshow_difficulty: true\nseed: 3\npad: true\n"
        f"mazes_per_page: {per_page}\nmazes:\n  - {{size: 12x16, marks: left-right}}\n"
        "  - {size: 30x12, marks: top-bottom}\n  - {size: 16x16, count: 4}\n  - {size: 12x12, grid: hex}\n"
        "  - {size: 7, grid: circle}\n  - {size: 20x15, shape: star}\n  - {size: 14x10, grid: triangle}\n"
    )
    checked, puzzles = generate(check_book(spec))
    bold = setters(checked.plan)[1]

    def measure(word, size):
        return bold.line(word).width * size

    def signs_of(frame, puzzle, signs=None):  # a picture's box is its ink's: its square's blank bands
        place = Placement(frame.x, frame.y, frame.cell, extent(puzzle.maze)[1])  # are not drawn
        if signs is None:
            signs = marks(puzzle, place, frame.mark, measure, frame.label, frame.words, frame.picture)
        inks = [ink(frame.pictures[s.role != "start"], s.mirror) for s in signs]
        boxes = [
            box for sign, inked in zip(signs, inks, strict=True) for box in sign_boxes(sign, measure, inked)
        ]
        return boxes, sum((s.picture is not None) + (s.label is not None) for s in signs)

    frames = [i for p in checked.plan.pages if p.kind == "maze" for i in p.items if isinstance(i, MazeFrame)]
    assert len(frames) == 10 and all(f.area is not None for f in frames)
    for planned in frames:
        puzzle = puzzles[planned.number]
        frame, drop, drawn = settled(planned, puzzle, measure)
        assert frame.cell == planned.cell
        area = frame.area
        boxes, kept = signs_of(frame, puzzle, drawn)  # the signs drawn, as the maze was settled
        assert kept == signs_of(planned, puzzle)[1], planned.number
        bottom = planned.y - planned.reach[1] + drop  # where its info line hangs
        for x0, y0, x1, y1 in boxes:
            assert area.x0 - 0.01 <= x0 and x1 <= area.x1 + 0.01
            assert area.y0 - 0.01 <= y0 and y1 <= area.y1 + 0.01
            assert bottom <= y0 + 0.01  # the info line goes under all of it

    target, _ = build_book(spec)  # drawn so: the rating under its maze, and nothing in the margins
    result = invoke(["check", str(spec)])
    assert result.exit_code == 0, result.output

    pages = [p for p in checked.plan.pages if p.kind == "maze"]
    assert sum(isinstance(i, MazeInfo) for p in pages for i in p.items) == 10
    if per_page == 1:
        with pdfplumber.open(target) as pdf:
            for number in (p.number for p in pages):
                page = pdf.pages[number - 1]
                words = page.extract_words()
                ratings = [w for w in words if w["text"] in ("Easy", "Medium", "Hard")]
                ink = [  # all but the rating's own tag, round it
                    o
                    for o in [*page.lines, *page.curves, *page.rects]
                    if not any(
                        o["x0"] < r["x0"] and r["x1"] < o["x1"] and o["top"] < r["top"] for r in ratings
                    )
                ]
                signs = [w["top"] for w in words if w["text"] in ("Start", "Finish")]
                highest = min([obj["top"] for obj in ink] + signs)  # top down: the maze's group
                assert len(ratings) == 1 and ratings[0]["bottom"] < highest, number  # under the heading


def test_pictures_above_and_below_a_maze_as_wide_as_its_page_keep_their_size(tmp_path):
    """A fish and a cloud at age-6 on a 6x9 in page fill its width: their pictures, centred on ends by a
    corner, hung past the maze's side, and were shrunk to 0.44 in for it over 1.5 in of blank paper.
    They stay as large as a plain maze's (1.25 in), with no note, inside the page's area and their
    middles over the maze's width: by a corner, half a picture may hang past the side where the page
    has paper there, and no more than the area allows."""
    from puzzlebook.artwork import ink
    from puzzlebook.build import check_book, generate
    from puzzlebook.layout import MazeFrame
    from puzzlebook.layout.settle import settled
    from puzzlebook.render.fonts import setters
    from puzzlebook.report import notes

    spec = tmp_path / "book.yaml"
    spec.write_text(
        "title: T\npage_size: 6x9in\ndifficulty: age-6\npictures: mouse-cheese\nmarks: suggested\nseed: 5\n"
        "mazes:\n  - {shape: fish, count: 3}\n  - {shape: cloud, count: 3}\n"
    )
    checked = check_book(spec)
    assert [n.message for n in notes(checked)] == []
    checked, puzzles = generate(checked)
    bold = setters(checked.plan)[1]
    frames = [i for p in checked.plan.pages for i in p.items if isinstance(i, MazeFrame) and not i.answer]
    assert len(frames) == 6
    for planned in frames:
        assert planned.picture >= 90 and planned.axis == "top-bottom", planned
        puzzle = puzzles[planned.number]
        frame, _, signs = settled(planned, puzzle, lambda word, size: bold.line(word).width * size)
        left, right = frame.x, frame.x + puzzle.maze.width * frame.cell
        shown = [(s.picture, ink(frame.pictures[s.role != "start"], s.mirror)) for s in signs if s.picture]
        assert len(shown) == 2, planned.number
        area = frame.area
        for (x, _, side), inked in shown:
            assert left - 0.01 <= x + side / 2 <= right + 0.01, (planned.number, x, side, left, right)
            # its ink inside the area: its square's blank bands are not drawn
            assert area.x0 - 0.01 <= x + inked[0] * side and x + inked[2] * side <= area.x1 + 0.01


def test_a_kids_books_pictures_are_an_inch_on_every_maze_from_the_first_to_the_largest(tmp_path):
    """The kids sample's mouse and cheese were 0.69 in (50 pt, their lines 1 pt) on every page, beside
    a first maze of 63 pt cells and 6 pt walls: a doodle by the headline of the book. The book's one
    size for them comes from its largest maze, and is now an inch: each maze gives up a tenth more of
    its cell for them, and every maze keeps cells its readers can draw in."""
    from puzzlebook.build import check_book
    from puzzlebook.layout import MazeFrame
    from puzzlebook.layout.boxes import least_cell

    def frames(spec: Path) -> dict[int, MazeFrame]:
        checked = check_book(spec, output_given=True)
        mazes = {m.number: m for m in checked.mazes}
        found = {
            i.number: i
            for p in checked.plan.pages
            for i in p.items
            if isinstance(i, MazeFrame) and not i.answer
        }
        for number, frame in found.items():
            assert frame.cell >= least_cell(checked.layout, mazes[number]), number
        return found

    sample = ROOT / "sample_configs" / "kids-activity-book.yaml"
    pictured = frames(sample)
    assert len(pictured) == 30
    assert {frame.picture for frame in pictured.values()} == {72.0}  # one size, an inch, throughout
    plain = tmp_path / "plain.yaml"  # the same book without them
    plain.write_text(sample.read_text().replace("pictures: mouse-cheese", "pictures: none"))
    for number, frame in frames(plain).items():  # room for an inch of picture at each end costs each
        # maze at most a third of the cell it has without them (0.68-0.75 here; 0.76-0.84 at 0.69 in)
        assert pictured[number].cell >= frame.cell * 2 / 3, (number, pictured[number].cell, frame.cell)


def test_an_age_made_smaller_for_its_page_names_fewer_mazes_a_page_where_they_take_its_size(tmp_path):
    """A handout at age-8, two a sheet, made its mazes 9x12 and said only that: one a sheet takes the
    age's 12x16 (a newcomer's trial). The note says so; with one a sheet there is nothing to tell."""
    from puzzlebook.build import check_book
    from puzzlebook.report import notes

    spec = tmp_path / "handout.yaml"
    body = "title: H\nlayout: handout\ndifficulty: age-8\nmarks: suggested\n{per}mazes:\n  - {{count: 3}}\n"
    spec.write_text(body.format(per=""))
    checked = check_book(spec)
    said = [str(line) for line in notes(checked) if "age-8 sets" in str(line)]
    assert said == [
        "handout.yaml:6: mazes[0]: difficulty: age-8 sets 12x16; made 9x12, the most the page takes at its"
        " cells; use mazes_per_page: 1 for 12x16"
    ]
    spec.write_text(body.format(per="mazes_per_page: 1\n"))  # as the note says
    checked = check_book(spec)
    assert not [line for line in notes(checked) if "age-8 sets" in str(line)]
    assert {(m.width, m.height) for m in checked.mazes} == {(12, 16)}
    spec.write_text(body.format(per="page_size: 4x6in\n").replace("handout", "activity-book"))  # one a page
    said = [str(line) for line in notes(check_book(spec)) if "age-8 sets" in str(line)]
    assert said and "mazes_per_page" not in said[0], said
