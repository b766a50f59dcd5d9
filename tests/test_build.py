import io
import json
import os
import re
import subprocess
import sys
from itertools import pairwise
from pathlib import Path

import pytest
from clirun import invoke
from examples import EXAMPLE as BOOK
from pdfcheck import fonts, page_texts, rebuild, wall_lines
from pypdf import PdfReader

from puzzlebook.build import build_book, check_book, generate, make_puzzles
from puzzlebook.geometry import gaps
from puzzlebook.layout.answers import MIN_ANSWER_CELL
from puzzlebook.layout.items import MazeFrame
from puzzlebook.pdfread import read
from puzzlebook.render.pdf import write_pdf

SAMPLES = Path(__file__).parent.parent / "sample_configs"


@pytest.fixture
def book(tmp_path):
    spec = tmp_path / "book.yaml"
    spec.write_text(BOOK)
    return spec


@pytest.fixture
def built(book):
    target, checked = build_book(book)
    return Path(target), checked


def test_output_lands_beside_the_spec_under_its_output_name(built, book):
    target, _ = built
    assert target == book.parent / "maze-adventures.pdf"
    assert sorted(p.name for p in book.parent.iterdir()) == ["book.yaml", "maze-adventures.pdf"]


def test_pages_in_order_with_their_text(built):
    target, checked = built
    texts = page_texts(target)
    # title, 7 maze pages, the answers of the 6 marked mazes on one page (six a page, the 30x40 mazes'
    # cells still 4 pt or more), the unmarked one noted under them
    assert len(texts) == len(checked.plan.pages) == 1 + 7 + 1
    cells = [i.cell for p in checked.plan.pages for i in p.items if isinstance(i, MazeFrame) and i.answer]
    assert len(cells) == 6 and min(cells) >= MIN_ANSWER_CELL
    assert "Maze Adventures" in texts[0] and "Room 12" in texts[0] and "7 mazes" in texts[0]
    assert "Maze 1 · Warm-up" in texts[1]
    assert not any("seed" in text for text in texts)  # no jargon in a book for sale, its key's included
    for number in range(1, 8):
        assert f"Maze {number}" in texts[number]
        assert str(number + 1) in texts[number].splitlines()  # the page number, on a line of its own
    assert "Start" in texts[1] and "Finish" in texts[1]
    assert "Start" not in texts[7]  # maze 7 has marks: none
    answers = "\n".join(texts[8:])
    assert "Answer key" in texts[8]
    for number in range(1, 7):
        assert f"Maze {number} · page {number + 1}" in answers
    assert "Maze 7 · page" not in answers
    assert "the reader picks the start and the end of maze 7 (page 8)" in " ".join(answers.split())


@pytest.mark.parametrize(
    ("settings", "keyed", "paged"),
    [
        ("", False, False),  # a book for sale: its key reads as a shop's book's does
        ("print_on_demand: false\n", True, False),  # a grown-up's sheets: the key says how to make it again
        ("show_seed: true\n", True, True),  # asked for: under each maze and its answer
        # said outright: a five-year-old's book printed at home had "seed 400630727" under every answer
        # whatever it said (a newcomer's trial)
        ("print_on_demand: false\nshow_seed: false\n", False, False),
    ],
)
def test_the_key_says_each_mazes_seed_unless_the_book_is_for_sale(tmp_path, settings, keyed, paged):
    """Two reviews read "seed 876253008" under every answer of a paperback as leftover debug text."""
    spec = tmp_path / "book.yaml"
    spec.write_text(
        f"title: Seeds\nlayout: activity-book\nmarks: suggested\n{settings}mazes:\n"
        "  - {size: 8x8, seed: 7}\n  - {size: 8x8, seed: 8, difficulty: hard}\n"
    )
    target, checked = build_book(spec)
    puzzles = make_puzzles(checked.mazes)
    texts = page_texts(target)
    key = " ".join(t for t in texts if "Answer key" in t)
    pages = " ".join(t for t in texts if "Answer key" not in t)
    for maze in checked.mazes:  # the hard one's seed is the one its search chose
        seed = f"seed {puzzles[maze.number].seed}"
        assert (seed in key) == keyed and (seed in pages) == paged, (settings, seed)


def test_a_title_page_says_its_count_once(tmp_path):
    """ "40 mazes for clever kids" over "40 mazes" in small gray said it twice: the count stands under
    the title only where the title and subtitle do not say it."""
    spec = tmp_path / "book.yaml"
    for subtitle, shown, digits in (
        ("16 circular mazes", False, 1),
        ("Round and round we go", True, 1),
        ("116 days", True, 1),
        ("Sixteen circular mazes", False, 0),  # in words too: "thirty-two" over "32 mazes" said it twice
        ("A hundred and sixteen days", True, 1),
        ("Sixty-six days", True, 1),
    ):
        spec.write_text(f"title: Round\nsubtitle: {subtitle}\nmazes:\n  - {{size: 5x5, count: 16}}\n")
        target, _ = build_book(spec)
        first = page_texts(target)[0].splitlines()
        assert ("16 mazes" in first) is shown, (subtitle, first)
        said = [n for line in first for n in re.findall(r"\d+", line) if n == "16"]
        assert len(said) == digits, (subtitle, first)  # said once, in figures or words


def test_a_title_pages_count_stands_with_its_title_not_at_its_foot(tmp_path):
    """A design review: "15 mazes" in 8 pt gray at the title page's foot, where a page number goes,
    read as a stray footer. Read back: the count stands between the subtitle and the author, within
    an inch of the subtitle, in the upper half of the page."""
    spec = tmp_path / "book.yaml"
    spec.write_text(
        "title: Twelve Ways\nsubtitle: The same grid, twelve algorithms\nauthor: Maple Street Press\n"
        "mazes:\n  - {size: 5x5, count: 15}\n"
    )
    target, _ = build_book(spec)
    page = next(read(Path(target).read_bytes()))
    rows: dict[float, str] = {}
    for c in page.chars:
        rows[round(c.y0, 1)] = rows.get(round(c.y0, 1), "") + c.text
    at = {text: y for y, text in rows.items()}
    subtitle, count, author = at["The same grid, twelve algorithms"], at["15 mazes"], at["Maple Street Press"]
    assert author < count < subtitle and subtitle - count <= 72, at
    assert count > 792 / 2, at  # in the upper half of the Letter page


def test_metadata_and_fonts(built):
    target, _ = built
    reader = PdfReader(target)
    meta = reader.metadata
    assert meta.title == "Maze Adventures"
    assert meta.author == "Room 12"
    assert meta.subject == "7 mazes"
    assert meta.creator.startswith("puzzlebook ")
    found = fonts(target)
    assert found, "no fonts found"
    assert all(embedded for _, embedded in found), found
    assert not any("Helvetica" in name for name, _ in found)
    assert reader.outline == []  # print edition: no bookmarks
    for page in reader.pages:
        assert "/Annots" not in page


def test_the_walls_drawn_are_the_maze_that_was_generated(built):
    target, checked = built
    puzzles = make_puzzles(checked.mazes)
    for number in (1, 2, 6, 7):  # border marks, tall maze, explicit corner marks, no marks
        puzzle = puzzles[number]
        frame = next(
            i for i in checked.plan.pages[number].items if getattr(i, "cell", 0) and i.number == number
        )
        assert frame.wall >= checked.layout.wall_weight  # never thinner than the layout asks
        lines = wall_lines(target, number, frame.wall)
        cells, openings = rebuild(lines, puzzle.maze.width, puzzle.maze.height)
        assert cells == puzzle.maze.rows()
        assert openings == gaps(puzzle)


def test_a_maze_and_its_answer_share_one_drawing_of_the_walls(built):
    """A maze shown on its page and in the answer key has its walls written once, as a form both pages
    place, and each page draws them at its own weight: the answer's walls read back as the maze."""
    target, checked = built
    puzzles = make_puzzles(checked.mazes)
    reader = PdfReader(target)
    placed: dict[int, list[int]] = {}
    for index, page in enumerate(reader.pages):
        for ref in (page["/Resources"].get("/XObject") or {}).values():
            placed.setdefault(ref.idnum, []).append(index)
    answered = [n for n, p in puzzles.items() if p.start is not None]
    assert len(placed) == len(answered) == 6  # maze 7 has no answer: its walls are drawn in place
    assert all(len(pages) == 2 for pages in placed.values())
    height = checked.plan.height
    frames = [
        (p, i) for p in checked.plan.pages if p.kind == "answers" for i in p.items if hasattr(i, "cell")
    ]
    assert len(frames) == 6
    for page, frame in frames:
        puzzle = puzzles[frame.number]
        x0, x1 = frame.x - 0.01, frame.x + frame.cell * puzzle.maze.width + 0.01
        top, bottom = height - frame.y - frame.cell * puzzle.maze.height - 0.01, height - frame.y + 0.01
        lines = [
            line
            for line in wall_lines(target, page.number - 1, frame.wall, frame.wall_gray)
            if x0 <= line[0] <= x1
            and x0 <= line[2] <= x1
            and top <= line[1] <= bottom
            and top <= line[3] <= bottom
        ]
        cells, openings = rebuild(lines, puzzle.maze.width, puzzle.maze.height)
        assert cells == puzzle.maze.rows()
        assert openings == gaps(puzzle)


def test_maze_fills_its_box_inside_the_safe_area(built):
    _, checked = built
    layout = checked.layout
    w, h = layout.size
    for page in checked.plan.pages:
        left = layout.margins.inside if page.number % 2 else layout.margins.outside
        right = layout.margins.outside if page.number % 2 else layout.margins.inside
        for item in page.items:
            if hasattr(item, "cell"):
                maze = next(m for m in checked.mazes if m.number == item.number)
                # the room planned for its signs: beside it, and above and below it (on the two sides
                # only that its ends are sure to fall on, where the plan chose an axis)
                wide, tall = item.reach or (item.mark, item.mark)
                assert item.x - wide >= left - 0.01
                assert item.x + item.cell * maze.width + wide <= w - right + 0.01
                assert item.y - tall >= layout.margins.bottom
                assert item.y + item.cell * maze.height + tall <= h - layout.margins.top
                if page.kind == "maze":  # as large as the box allows: touches one pair of sides
                    assert item.cell >= 7


def test_same_spec_same_bytes_other_seed_other_bytes(book, tmp_path):
    a, b, c = tmp_path / "a.pdf", tmp_path / "b.pdf", tmp_path / "c.pdf"
    build_book(book, a)
    build_book(book, b)
    build_book(book, c, seed=99)
    assert a.read_bytes() == b.read_bytes()
    assert a.read_bytes() != c.read_bytes()


def test_same_bytes_in_another_process_and_hash_seed(book, tmp_path):
    outs = []
    for hash_seed in ("0", "123"):
        out = tmp_path / f"h{hash_seed}.pdf"
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        subprocess.run(
            [sys.executable, "-m", "puzzlebook", "build", str(book), "-o", str(out), "-q"],
            env=env,
            check=True,
        )
        outs.append(out.read_bytes())
    assert outs[0] == outs[1]


def test_validate_reports_the_plan_without_building(book):
    result = invoke(["validate", str(book)])
    assert result.exit_code == 0, result.output
    assert (
        "7 mazes on 9 pages (1 title page, 7 maze pages, 1 answer page); 6 with a marked start and end"
        in result.stdout
    )
    assert not (book.parent / "maze-adventures.pdf").exists()


def test_cli_build_with_output_and_seed(book, tmp_path):
    out = tmp_path / "custom.pdf"
    result = invoke(["build", str(book), "-o", str(out), "--seed", "5"])
    assert result.exit_code == 0, result.output
    assert "wrote" in result.stderr and out.exists()
    assert not (tmp_path / "maze-adventures.pdf").exists()
    assert "Building" not in result.stderr  # no progress bar when stderr is not a terminal


def test_stdout_streams(book):
    for target in ("-", "/dev/stdout"):
        result = subprocess.run(
            [sys.executable, "-m", "puzzlebook", "build", str(book), "-o", target, "-q"],
            capture_output=True,
            check=True,
        )
        assert result.stdout.startswith(b"%PDF-") and result.stdout.rstrip().endswith(b"%%EOF")


def test_dev_stdout_redirected_to_a_file_is_written_through_not_renamed(book, tmp_path):
    out = tmp_path / "redirected.pdf"
    with open(out, "wb") as stream:
        subprocess.run(
            [sys.executable, "-m", "puzzlebook", "build", str(book), "-o", "/dev/stdout", "-q"],
            stdout=stream,
            check=True,
        )
    assert out.read_bytes().startswith(b"%PDF-")
    assert Path("/dev/stdout").is_symlink()
    assert not list(Path("/dev").glob(".stdout.*"))  # no temp file beside the device


def test_a_symlinked_target_keeps_its_link(book, tmp_path):
    real = tmp_path / "real.pdf"
    real.write_bytes(b"old")
    link = tmp_path / "link.pdf"
    link.symlink_to(real)
    build_book(book, link)
    assert link.is_symlink() and real.read_bytes().startswith(b"%PDF-")


BAD_SPECS = {
    "unknown algorithm": ("title: x\nmazes:\n  - {size: 5x5, algorithm: wislon}\n", 'Did you mean "wilson"'),
    "size zero": ("title: x\nmazes:\n  - size: 0x5\n", "at least 1x1"),
    "huge": ("title: x\nmazes:\n  - size: 100000x100000\n", "too large"),
    "wrong type": ("title: x\nmazes:\n  - {size: 5x5, count: lots}\n", "expected a whole number"),
    "missing layout": ("title: x\nlayout: pamphlet\nmazes:\n  - size: 5x5\n", 'unknown layout "pamphlet"'),
    "missing layout file": ("title: x\nlayout: mine.yaml\nmazes:\n  - size: 5x5\n", "not found"),
    "bad yaml": ("title: x\nmazes: [\n", "not valid YAML"),
    "too dense": ("title: x\nmazes:\n  - size: 300x300\n", "too dense for activity-book"),
}


@pytest.mark.parametrize("case", BAD_SPECS)
def test_bad_specs_fail_cleanly_and_write_nothing(tmp_path, case):
    text, needle = BAD_SPECS[case]
    spec = tmp_path / "book.yaml"
    spec.write_text(text)
    existing = tmp_path / "book.pdf"
    existing.write_bytes(b"old book")
    result = invoke(["build", str(spec)])
    assert result.exit_code == 2, result.output
    assert needle in result.stderr
    assert "Traceback" not in result.output
    assert all(line.startswith("error: book.yaml") for line in result.stderr.splitlines())
    assert existing.read_bytes() == b"old book"  # untouched
    assert sorted(p.name for p in tmp_path.iterdir()) == ["book.pdf", "book.yaml"]  # no temp file left


def test_too_dense_names_what_fits(tmp_path):
    spec = tmp_path / "book.yaml"
    spec.write_text("title: x\nmazes:\n  - size: 120x150\n")
    result = invoke(["validate", str(spec)])
    assert result.exit_code == 2
    assert "book.yaml:3: mazes[0].size: 120x150 is too dense for activity-book on letter" in result.stderr
    assert "or use layout: poster" in result.stderr
    assert "make it at most" in result.stderr


def test_a_failed_build_keeps_the_previous_pdf(book, tmp_path, monkeypatch):
    target = tmp_path / "keep.pdf"
    target.write_bytes(b"previous")

    def boom(plan, puzzle_for, out, progress=None, made_from=None, left_out=None, drawn=None):
        out.write(b"%PDF-1.4 the first pages of a book")  # the book is written as it is drawn
        raise RuntimeError("disk on fire")

    monkeypatch.setattr("puzzlebook.build.stream_pdf", boom)
    with pytest.raises(RuntimeError):
        build_book(book, target)
    assert target.read_bytes() == b"previous"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["book.yaml", "keep.pdf"]  # no part left behind


def test_an_error_reading_a_file_is_not_called_a_failure_to_write(book, tmp_path, monkeypatch):
    def unreadable(plan, puzzle_for, out, progress=None, made_from=None, left_out=None, drawn=None):
        out.write(b"%PDF-1.4")
        raise PermissionError(13, "Permission denied", "picture.png")

    monkeypatch.setattr("puzzlebook.build.stream_pdf", unreadable)
    with pytest.raises(PermissionError):  # the work's own error, as it was: not "cannot write keep.pdf"
        build_book(book, tmp_path / "keep.pdf")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["book.yaml"]


def test_each_page_is_written_when_it_is_finished(book):
    """A book is streamed: every page adds to the file as soon as it is drawn, so nothing holds the
    pages until the end (a 5,000-maze book's memory stays flat; see bench_waits)."""
    from puzzlebook.render.pdf import stream_pdf

    checked, puzzles = generate(check_book(book))
    written: list[bytes] = []
    sizes: list[int] = []
    stream_pdf(
        checked.plan, puzzles.__getitem__, Sink(written), lambda _: sizes.append(len(b"".join(written)))
    )
    assert len(sizes) == len(checked.plan.pages) >= 9
    assert all(a < b for a, b in pairwise(sizes))  # every page wrote something at once
    whole = b"".join(written)
    page_object = re.compile(rb"/Type /Page(?!s)")
    head, tail = whole[: sizes[-1]], whole[sizes[-1] :]
    assert len(page_object.findall(head)) == len(sizes) and not page_object.search(tail)  # fonts come last
    reader = PdfReader(io.BytesIO(whole))
    assert len(reader.pages) == len(checked.plan.pages)
    assert whole == write_pdf(checked.plan, puzzles.__getitem__)  # the same bytes as in memory


class Sink:
    def __init__(self, chunks: list[bytes]) -> None:
        self.chunks = chunks

    def write(self, data: bytes) -> None:
        self.chunks.append(data)


def test_screen_edition_has_bookmarks(book, tmp_path):
    book.write_text(BOOK.replace("answer_key: true", "answer_key: true\nedition: screen"))
    target, _ = build_book(book, tmp_path / "screen.pdf")
    titles = [entry.title for entry in PdfReader(target).outline]
    assert titles == ["Title", "Contents", "Mazes", "Answer key"]


@pytest.mark.parametrize("sample", sorted(p.name for p in SAMPLES.glob("*.yaml")))
def test_every_sample_builds(sample, sample_book):
    target, folder = sample_book(sample)  # built once for the run (test_pdfread reads it too)
    checked = check_book(folder / sample)
    texts = page_texts(target)
    assert len(texts) == len(checked.plan.pages)
    text = "".join(texts)
    poster = len(checked.mazes) == 1 and checked.plan.maze_pages[checked.mazes[0].number] == 1
    assert all((m.title if poster else f"Maze {m.shown}") in text for m in checked.mazes)
    assert all(embedded for _, embedded in fonts(target))
    # ready for its printer as shipped: three samples failed `check` (19, 13 and 11 pages, where
    # print-on-demand takes 24 or more, an even count)
    preflight = invoke(["check", str(target)])
    assert preflight.exit_code == 0 and ": ready " in preflight.stdout, preflight.output


def test_words_and_pictures_left_out_for_want_of_room_are_told(tmp_path, monkeypatch):
    """A 42x56 maze on a 6x9 page lost its Start and Finish words, and a centre start its picture,
    without a word from the build. (Its ends left and right: run top to bottom, as ``suggested`` now
    may, its words by the arrows take no room beside it and print.)"""
    monkeypatch.chdir(tmp_path)
    Path("book.yaml").write_text(
        "title: T\npage_size: 6x9in\nmarks: suggested\nmazes:\n"
        "  - {size: 12x12, count: 2}\n  - {size: 42x56, count: 3, marks: left-right}\n"
    )
    result = invoke(["build", "book.yaml"])
    assert result.exit_code == 0, result.stderr
    notes = [line for line in result.stderr.splitlines() if line.startswith("note:")]
    assert notes == [
        "note: book.yaml:6: mazes[1]: mazes 3-5 are drawn without the words by the arrows (no room); a smaller "
        "size, or a shorter start_label and end_label, makes room"
    ]
    texts = page_texts("book.pdf")
    assert "Start" in texts[1] and "Finish" in texts[1] and "Start" not in texts[3]
    Path("round.yaml").write_text(
        "title: T\npictures: mouse-cheese\nmazes:\n  - {grid: circle, size: 5, marks: center-out}\n"
    )
    inside = (  # not for want of room: a centre start is a badge, with no picture to leave out
        "note: round.yaml:4: mazes[0]: maze 1 is drawn with no picture at the start: it is inside the maze, "
        "a badge; marks: suggested puts both ends on the rim, each with its picture"
    )
    for command in ("build", "validate"):  # told as the spec is read (validate said nothing), and once
        result = invoke([command, "round.yaml"])
        assert result.exit_code == 0, result.stderr
        assert result.stderr.count(inside) == 1, (command, result.stderr)
    Path("class.yaml").write_text(  # each student's maze 2 is told once, not "mazes 2, 2, 2", and
        # whose it is, since every child has a maze 2
        "title: T\nstudents: [Ana, Ben, Chloe]\nmarks: suggested\npage_size: 6x9in\nmazes:\n"
        "  - {size: 12x12}\n  - {size: 42x56, marks: left-right}\n"
    )
    result = invoke(["build", "class.yaml"])
    assert result.exit_code == 0, result.stderr
    assert (
        "note: class.yaml:7: mazes[1]: maze 2 is drawn without the words by the arrows for Ana, Ben and "
        "Chloe (no room)"
    ) in result.stderr
    Path("class.yaml").write_text(
        Path("class.yaml").read_text().replace("[Ana, Ben, Chloe]", "[Ana, Ben, Chloe, Dan, Eve, Fay]")
    )
    result = invoke(["build", "class.yaml"])
    assert "maze 2 is drawn without the words by the arrows for Ana, Ben, Chloe and 3 more (no room)" in (
        result.stderr
    )


def test_problems_are_data_to_the_end(tmp_path):
    """A problem keeps its file, line and key as fields until printed: the studio's child build hands
    them over as JSON (never as text to parse back), in the line order the command line prints."""
    spec = tmp_path / "book.yaml"
    spec.write_text("title: T\npictures: cats\nmazes:\n  - {size: 0x5, algorithm: wilsn}\n", encoding="utf-8")
    told = tmp_path / "problems.json"
    done = subprocess.run(
        [sys.executable, "-m", "puzzlebook", "build", str(spec), "--problems-to", str(told)],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(Path(__file__).parent.parent)},
    )
    problems = json.loads(told.read_text())
    assert done.returncode == 2 and len(problems) == 3
    assert [(p["file"], p["line"], p["key"]) for p in problems] == [
        ("book.yaml", 2, "pictures"),
        ("book.yaml", 4, "mazes[0].algorithm"),
        ("book.yaml", 4, "mazes[0].size"),
    ]
    printed = [line.removeprefix("error: ") for line in done.stderr.splitlines()]
    assert printed == [f"{p['file']}:{p['line']}: {p['key']}: {p['message']}" for p in problems]


def test_a_name_drawn_as_large_as_its_place_is_told_a_way_it_has_when_its_words_are_left_out(tmp_path):
    """A name's Finish left out in a notch of its last letter was told "a smaller size, or a shorter
    start_label and end_label, makes room": the name has no size. A name drawn as large as its place is
    told shorter words (Go and End gave Xiu and Zoë theirs on a 9 x 6 in page, which a row of seeds did
    not) or another seed, which moves its ends out of a notch; a maze with a size keeps its own advice."""
    from puzzlebook.build import check_book
    from puzzlebook.leftout import left_out_notes

    spec = tmp_path / "class.yaml"
    spec.write_text(
        "title: T\nlayout: handout\nstudents: [Xiu, Ana]\nmarks: suggested\nmazes:\n"
        '  - shape: {text: "{student}"}\n  - {size: 10x10}\n'
    )
    checked = check_book(spec)
    number = {(m.student, m.entry): m.number for m in checked.mazes}
    lost = {number["Xiu", 0]: {("end", "words")}, number["Ana", 1]: {("start", "words")}}
    said = [problem.message for problem in left_out_notes(checked, lost)]
    assert said == [
        "maze 1 is drawn without the words at the finish for Xiu (no room); a shorter start_label and "
        "end_label, or another seed (which moves its ends), may make room",
        "maze 2 is drawn without the words at the start for Ana (no room); a smaller size, or a shorter "
        "start_label and end_label, makes room",
    ], said
