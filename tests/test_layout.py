import re
from pathlib import Path

import pytest

from puzzlebook.errors import SpecError
from puzzlebook.layout import (
    MIN_LINE,
    MIN_TEXT,
    MazeFrame,
    Rule,
    Text,
    content_box,
    load_layout,
    plan_book,
    preset_names,
)
from puzzlebook.layout.room import AXES
from puzzlebook.spec.load import load_spec
from puzzlebook.units import length, page_size


def test_presets_ship_with_the_package():
    assert {"activity-book", "activity-book-a4", "handout", "poster", "square-poster"} <= set(preset_names())
    for name in preset_names():
        layout = load_layout(name)
        assert layout.description
        assert layout.wall_weight >= MIN_LINE and layout.answer_wall_weight >= MIN_LINE
    assert load_layout("activity-book").size == (612, 792)
    assert load_layout("activity-book-a4").size == pytest.approx((595.28, 841.89))
    assert load_layout("handout").mazes_per_page == 2 and load_layout("handout").name_line
    assert load_layout("square-poster").size == (1440, 1440)  # square, for one circle
    poster = load_layout("poster")
    assert poster.size[0] * poster.size[1] == max(
        load_layout(n).size[0] * load_layout(n).size[1] for n in preset_names()
    )


@pytest.mark.parametrize(
    "text,points",
    [("12mm", 34.0157), ("0.5in", 36), ("18pt", 18), ("2.5cm", 70.8661), (10, 10), ("7", 7)],
)
def test_lengths(text, points):
    assert length(text) == pytest.approx(points, abs=1e-3)


@pytest.mark.parametrize(
    "text,size",
    [
        ("letter", (612, 792)),
        ("A4", (595.28, 841.89)),
        ("6x9in", (432, 648)),
        ("210x297mm", (595.28, 841.89)),
        ("letter landscape", (792, 612)),
        ("A4-Landscape", (841.89, 595.28)),
        ("11x8.5in portrait", (612, 792)),
        ("6x9in landscape", (648, 432)),
    ],
)
def test_page_sizes(text, size):
    assert page_size(text) == pytest.approx(size, abs=0.01)


def test_a_size_without_its_unit_is_told_how_to_write_it():
    with pytest.raises(ValueError, match=r'^"8.5x11" needs a unit: 8.5x11in for inches'):
        page_size("8.5x11")
    # numbers of a page in millimetres are offered millimetres first, not a page of 152 inches
    with pytest.raises(ValueError, match=r'^"152x229" needs a unit: 152x229mm for millimetres, or in'):
        page_size("152x229")
    with pytest.raises(ValueError, match="expected a page size"):  # one turn, not a recursion per word
        page_size("letter" + " landscape" * 10_000)


def test_a_landscape_handout_is_built_on_its_side(tmp_path):
    from pypdf import PdfReader

    from puzzlebook.build import build_book

    spec = tmp_path / "book.yaml"
    # 11x7: the sheet's title, now its largest text with room above the Name line, leaves a 12x8 cells
    # of 13.7 pt at 2 a page, under the handout's 14 pt
    spec.write_text("title: T\nlayout: handout\npage_size: a4 landscape\nmazes: [{size: 11x7}]\n")
    target, _ = build_book(spec)
    box = PdfReader(target).pages[0].mediabox
    assert (float(box.width), float(box.height)) == pytest.approx((841.89, 595.28), abs=0.01)


@pytest.mark.parametrize("read", [length, page_size])
@pytest.mark.parametrize(
    "text", ["1" + " " * 300_000 + "q", "1in" + " " * 300_000 + "q", "1x" + " " * 300_000]
)
def test_a_length_of_a_million_blanks_is_refused_in_linear_time_on_one_line(read, text):
    """Two runs of blanks side by side in the pattern made "1", 300 KB of blanks and "q" take about an
    hour (a megabyte: hours; the studio's server stood still meanwhile). The error quotes 40 characters."""
    with pytest.raises(ValueError) as refused:
        read(text)
    assert len(str(refused.value)) < 200 and "(300,00" in str(refused.value)


def spec_file(tmp_path, body):
    path = tmp_path / "book.yaml"
    path.write_text(body)
    return load_spec(path)


def test_a_layout_file_can_build_on_a_preset(tmp_path):
    (tmp_path / "mine.yaml").write_text(
        "base: handout\nwall_weight: 3pt\npage_size: a4\nmargins: {top: 36, bottom: 0, inside: 1in, outside: 20mm}\n"
    )
    spec = spec_file(tmp_path, "title: x\nlayout: mine.yaml\nmazes:\n  - size: 5x5\n")
    layout = load_layout(spec.book.layout, spec)
    assert layout.wall_weight == 3 and layout.mazes_per_page == 2 and layout.page_size == "a4"
    assert (layout.margins.top, layout.margins.bottom, layout.margins.inside) == (36, 0, 72)


@pytest.mark.parametrize(
    "body,needle",
    [
        ("wall_weight: 0.2pt\n", "mine.yaml:1: wall_weight: must be at least 0.75 pt, got 0.2 pt"),
        ("margins: {top: 5in}\n", "margins.top: must be at most 216 pt (3 in), got 5in (360 pt)"),
        # a bare number is points: half an inch meant was taken as half a point, with a note at most
        ("margins: {top: 0.5}\n", "margins.top: 0.5 has no unit, so it would be 0.5 pt: write 0.5in"),
        ('margins: {inside: "0.75"}\n', "margins.inside: 0.75 has no unit, so it would be 0.75 pt"),
        ("small_size: 5pt\n", "small_size: must be at least 7"),
        ("mazes_per_page: 3\n", "mazes_per_page: expected 1, 2, 4 or 6, got 3"),
        ("page_size: napkin\n", "page_size: expected a page size"),
        ("base: handot\n", 'unknown preset "handot". Did you mean "handout"?'),
        ("colour: red\n", 'unknown key "colour"'),
    ],
)
def test_bad_layout_files_are_explained(tmp_path, body, needle):
    (tmp_path / "mine.yaml").write_text(body)
    spec = spec_file(tmp_path, "title: x\nlayout: mine.yaml\nmazes:\n  - size: 5x5\n")
    with pytest.raises(SpecError) as err:
        load_layout(spec.book.layout, spec)
    assert needle in str(err.value)


def test_a_layouts_wrong_base_is_told_with_its_other_problems(tmp_path):
    """A newcomer's trial: `base: hand-out` hid a misspelt key and a margin without a unit until it was
    mended. All three are told at once, in line order."""
    (tmp_path / "mine.yaml").write_text("base: hand-out\nwall_wieght: 2pt\nmargins: {top: 0.5}\n")
    spec = spec_file(tmp_path, "title: x\nlayout: mine.yaml\nmazes:\n  - size: 5x5\n")
    with pytest.raises(SpecError) as err:
        load_layout(spec.book.layout, spec)
    told = [str(problem) for problem in err.value.problems]
    assert len(told) == 3, told
    assert 'mine.yaml:1: base: unknown preset "hand-out". Did you mean "handout"?' in told[0]
    assert 'mine.yaml:2: wall_wieght: unknown key "wall_wieght"' in told[1]
    assert "mine.yaml:3: margins.top: 0.5 has no unit" in told[2]


def test_unknown_preset_suggests_one(tmp_path):
    spec = spec_file(tmp_path, "title: x\nlayout: activty-book\nmazes:\n  - size: 5x5\n")
    with pytest.raises(
        SpecError, match=re.escape('book.yaml:2: layout: unknown layout "activty-book". Did you mean')
    ):
        load_layout(spec.book.layout, spec)


def test_a_layout_written_for_an_older_puzzlebook_is_told_what_took_a_key_s_place(tmp_path):
    (tmp_path / "old.yaml").write_text("page_size: letter\nsolution_gray: 0.4\n")
    spec = spec_file(tmp_path, "title: x\nlayout: old.yaml\nmazes:\n  - size: 5x5\n")
    with pytest.raises(SpecError) as err:
        load_layout(spec.book.layout, spec)
    message = str(err.value)
    assert "old.yaml:2: solution_gray: is no longer a key" in message
    assert "use solution_color" in message and "answer_wall_gray" in message


def items_of(plan, kind):
    return [item for page in plan.pages for item in page.items if isinstance(item, kind)]


@pytest.mark.parametrize("name", ["activity-book", "activity-book-a4", "handout", "poster", "square-poster"])
def test_everything_stays_inside_the_margins_and_prints(tmp_path, name):
    spec = spec_file(
        tmp_path,
        f"title: A rather long title for a maze book that must still fit\nlayout: {name}\nmarks: suggested\n"
        "mazes:\n  - {size: 10x14, count: 5}\n  - {size: 16x12, marks: none}\n"
        "  - {size: 2x1}\n  - {size: 1x1, marks: none}\n  - {size: 1x9}\n",  # one cell takes no ends
    )
    layout = load_layout(name)
    mazes = list(spec.mazes())
    plan = plan_book(spec, layout, mazes)
    sizes = {m.number: (m.width, m.height) for m in mazes}
    for page in plan.pages:
        box = content_box(layout, page.number)
        for item in page.items:
            if isinstance(item, MazeFrame):
                w, h = sizes[item.number]
                # the room planned beside and above and below the maze for what its ends show (only
                # on the two sides its ends are sure to fall on, where the plan chose an axis)
                wide, tall = item.reach or (item.mark, item.mark)
                assert box.x0 - 0.01 <= item.x - wide and item.x + w * item.cell + wide <= box.x1 + 0.01
                assert box.y0 - 0.01 <= item.y - tall and item.y + h * item.cell + tall <= box.y1 + 0.01
                assert item.wall >= MIN_LINE
            elif isinstance(item, Text):
                assert item.size >= MIN_TEXT
                assert box.x0 - 0.01 <= item.x <= box.x1 + 0.01 and box.y0 - 0.01 <= item.y <= box.y1
            elif isinstance(item, Rule):
                assert item.width >= MIN_LINE
                assert box.x0 <= min(item.x0, item.x1) and max(item.x0, item.x1) <= box.x1


def test_mirrored_margins_put_the_gutter_inside():
    layout = load_layout("activity-book")
    odd, even = content_box(layout, 1), content_box(layout, 2)
    assert odd.x0 == layout.margins.inside and even.x0 == layout.margins.outside
    assert layout.size[0] - odd.x1 == layout.margins.outside


def test_pages_and_answer_key_arrangement(tmp_path):
    spec = spec_file(
        tmp_path,
        "title: x\nmarks: suggested\nmazes:\n  - {size: 8x8, count: 13}\n  - size: 8x8\n    marks: none\n",
    )
    plan = plan_book(spec, load_layout("activity-book"), list(spec.mazes()))
    kinds = [p.kind for p in plan.pages]
    assert kinds == ["title"] + ["maze"] * 14 + ["answers"] * 3  # 13 answers at 6 a page, then the note
    assert plan.maze_pages == {n: n + 1 for n in range(1, 15)}
    answers = [item for p in plan.pages if p.kind == "answers" for item in p.items]
    frames = [i for i in answers if isinstance(i, MazeFrame)]
    assert [f.number for f in frames] == list(range(1, 14)) and all(f.answer for f in frames)
    texts = " ".join(i.text for i in answers if isinstance(i, Text))
    assert "Answer key (continued)" in texts and "maze 14 (page 15)" in texts


@pytest.mark.parametrize("unmarked", [1, 12])
def test_the_note_on_mazes_without_an_answer_stands_under_the_last_answers(tmp_path, unmarked):
    """Six answers filled the key's page, and the note naming the maze with no answer took a page of its
    own, blank but for two lines; a long note may still go on, but never starts a page alone."""
    spec = spec_file(
        tmp_path,
        "title: x\nmarks: suggested\nmazes:\n  - {size: 8x8, count: 6}\n"
        f"  - {{size: 8x8, count: {unmarked}, marks: none}}\n",
    )
    layout = load_layout("activity-book")
    plan = plan_book(spec, layout, list(spec.mazes()))
    key = [p for p in plan.pages if p.kind == "answers"]
    first = key[0].items
    frames = [i for i in first if isinstance(i, MazeFrame)]
    notes = [
        i for p in key for i in p.items if isinstance(i, Text) and not i.bold and not i.gray
    ]  # no footer
    assert len(frames) == 6 and notes
    lowest = min(f.y - f.mark for f in frames)  # the last row's arrows
    assert notes[0] in first and notes[0].y + notes[0].size < lowest
    assert notes[-1].y > layout.margins.bottom  # above the footer's room
    assert len(key) == 1 or len(notes) > 3


def test_mazes_grow_to_fill_their_box(tmp_path):
    spec = spec_file(tmp_path, "title: x\nmazes:\n  - size: 10x10\n  - size: 20x20\n  - size: 6x7\n")
    layout = load_layout("activity-book")
    plan = plan_book(spec, layout, list(spec.mazes()))
    for frame, (w, h) in zip(items_of(plan, MazeFrame), [(10, 10), (20, 20), (6, 7)], strict=True):
        box = content_box(layout, plan.maze_pages[frame.number])
        room = frame.mark / 0.85
        # square mazes on a tall page: the maze and the room for its arrows span the text width
        assert w * frame.cell + 2 * room == pytest.approx(box.w, abs=0.5)
        assert h * frame.cell + 2 * room <= box.h
    small, big, tiny = items_of(plan, MazeFrame)
    assert big.cell * 2 == pytest.approx(small.cell, rel=0.1)
    assert tiny.mark > big.mark  # big cells get big arrows


def test_a_poster_of_few_big_cells_keeps_bold_walls_answer_line_and_words(tmp_path):
    """Walls, the answer line, arrows and their words were sized for book cells: on a poster's 200 pt
    cells the walls stayed at 4 pt, the answer line at 3 pt (thinner than the walls) and the words
    shrank to 10 pt beside a wide gap."""
    from puzzlebook.build import build_book
    from puzzlebook.pdfread import Lines, read

    (tmp_path / "book.yaml").write_text(
        "title: Floor\nlayout: square-poster\nmarks: suggested\nmazes:\n  - {size: 6x6, seed: 3}\n"
    )
    target, checked = build_book(tmp_path / "book.yaml")
    frames = items_of(checked.plan, MazeFrame)
    maze, answer = (next(f for f in frames if f.answer is a) for a in (False, True))
    assert maze.cell > 150 and maze.wall == 10  # a tenth of the cell, up to 10 pt
    pages = list(read(Path(target).read_bytes()))
    walls = [s for s in pages[0].drawn if isinstance(s, Lines) and s.stroke]
    assert walls and min(s.linewidth for s in walls) == pytest.approx(10, abs=0.01)
    words = [c for c in pages[0].chars if c.text in "StartFinish" and c.size > MIN_TEXT]
    assert {c.text for c in words} >= set("StartFinish") and min(c.size for c in words) >= 12
    answer_walls = [
        s for s in pages[1].drawn if isinstance(s, Lines) and s.stroke and s.stroke_color != (0.0,)
    ]
    line = [s for s in pages[1].shapes if s.stroke and s.stroke_color == (0.0,)]  # black over gray walls
    assert line and answer_walls
    assert (
        min(s.linewidth for s in line)
        > max(s.linewidth for s in answer_walls)
        >= min(answer.cell / 10, 10) - 0.01
    )
    (tmp_path / "book.yaml").write_text(
        "title: Floor\nlayout: square-poster\nmarks: suggested\nmazes:\n  - {size: 2x2, seed: 3}\n"
    )
    target, checked = build_book(tmp_path / "book.yaml")
    frame = items_of(checked.plan, MazeFrame)[0]
    assert frame.cell > 400 and frame.wall == 10  # a 2x2 poster's walls stay walls, not bars
    shapes = next(read(Path(target).read_bytes())).drawn
    assert max(s.linewidth for s in shapes if isinstance(s, Lines) and s.stroke) == pytest.approx(
        10, abs=0.01
    )


def test_big_cells_grow_their_arrows_past_a_layouts_mark_room(tmp_path):
    """The handout's 36 pt room held the arrows and words of an age-4 maze's 66 pt cells at 7 pt: a
    layout's mark_room is the least room, and big cells still grow it, as they do without one."""
    spec = spec_file(
        tmp_path, "title: x\nlayout: handout\ndifficulty: age-4\nmazes_per_page: 1\nmazes:\n  - {}\n"
    )
    layout = load_layout("handout").model_copy(update={"mazes_per_page": 1})
    assert layout.mark_room == 36
    (frame,) = (f for f in items_of(plan_book(spec, layout, list(spec.mazes())), MazeFrame) if not f.answer)
    room = frame.mark / 0.85
    assert frame.cell > 50 and room > 1.4 * 36 and room >= frame.cell * 0.8


def test_a_long_maze_title_takes_two_lines_where_the_slot_has_room(tmp_path):
    """A title too wide for its slot shrank to 7 pt beside 14 pt ones; it takes a second line above
    when the maze leaves the room, and shrinks only where it does not."""
    from puzzlebook.build import build_book
    from puzzlebook.pdfread import read

    title = "Défi très long pour voir si le titre déborde de sa case"
    (tmp_path / "book.yaml").write_text(
        f"title: T\nlayout: handout\npage_size: a4\nmazes_per_page: 4\nmazes:\n  - {{size: 8x8, count: 4, "
        f"title: {title}}}\n"
    )
    target, checked = build_book(tmp_path / "book.yaml")
    captions = [i for i in checked.plan.pages[0].items if isinstance(i, Text) and title in i.text]
    assert len(captions) == 4 and all(c.wrap for c in captions)
    chars = [c for c in next(read(Path(target).read_bytes())).chars if c.text in "Défi"]
    size = load_layout("handout").caption_size
    assert chars and min(c.size for c in chars) == pytest.approx(size, abs=0.01)  # not shrunk


def test_a_long_title_keeps_a_second_lines_room_above_its_maze(tmp_path):
    """Four square mazes to a handout leave no room above: a 60-letter title was refused as not
    fitting even at 7 pt, and a 45-letter one set at 7 pt. A title about too wide now keeps room for
    a second line, and is set at the caption's size."""
    from clirun import invoke

    from puzzlebook.build import build_book
    from puzzlebook.pdfread import read

    long = "A rather long title that has many words in it to wrap nicely"
    (tmp_path / "book.yaml").write_text(
        "title: T\nlayout: handout\nmazes_per_page: 4\npad: true\nmazes:\n"
        f"  - {{size: 8x8, count: 3, title: {long}}}\n  - {{size: 8x8, title: Short}}\n"
    )
    result = invoke(["check", str(tmp_path / "book.yaml")])
    assert result.exit_code == 0, result.output
    target, _ = build_book(tmp_path / "book.yaml")
    size = load_layout("handout").caption_size
    chars = [c for c in next(read(Path(target).read_bytes())).chars if c.font.endswith("Bold") and c.size > 7]
    assert sum(c.text == "w" for c in chars) == 3 * long.count("w")  # every long title at full size
    assert {round(c.size, 2) for c in chars if c.text in "wrap"} == {size}

    spec = spec_file(tmp_path, "title: x\nmazes:\n  - size: 10x10\n  - size: 200x260\n  - size: 90x100\n")
    with pytest.raises(SpecError) as err:
        plan_book(spec, load_layout("activity-book"), list(spec.mazes()), "activity-book")
    lines = [str(p) for p in err.value.problems]
    assert len(lines) == 2
    assert lines[0].startswith("book.yaml:4: mazes[1].size: 200x260 is too dense for activity-book on letter")
    assert "the minimum is 7.0 pt" in lines[0] and "make it at most" in lines[0]
    assert "or use layout:" not in lines[0]  # not even the poster takes it
    assert lines[1].endswith("or use layout: square-poster")  # the smallest paper that takes it


def test_too_dense_says_how_far_apart_a_near_miss_is(tmp_path):
    """A cell just under the minimum is shown with the decimals that tell the two apart."""
    (tmp_path / "poster.yaml").write_text(
        "base: activity-book\npage_size: 60x60in\nmin_cell: 2pt\nwall_weight: 0.75pt\n"
    )
    spec = spec_file(tmp_path, "title: x\nlayout: poster.yaml\nmazes:\n  - size: 1870x1870\n")
    layout = load_layout(str(tmp_path / "poster.yaml"))
    with pytest.raises(SpecError) as err:
        plan_book(spec, layout, list(spec.mazes()), "poster.yaml")
    (line,) = [str(p) for p in err.value.problems]
    cell, minimum = (
        float(n)
        for n in re.findall(r"would be ([\d.]+) pt \([\d.]+ in\), the minimum is ([\d.]+) pt", line)[0]
    )
    assert cell < minimum == 2.25, line
    # both 0.03 in: the minimum is said in points alone, not as the same inches again
    assert re.search(r"would be [\d.]+ pt \(0\.03 in\), the minimum is 2\.25 pt;", line), line

    from puzzlebook.build import check_book

    (tmp_path / "aged.yaml").write_text(
        "title: x\ndifficulty: age-8\nmarks: suggested\npictures: mouse-cheese\nmazes:\n  - {shape: heart, size: 26x26}\n"
    )
    with pytest.raises(SpecError) as err:
        check_book(tmp_path / "aged.yaml")
    (line,) = [str(p) for p in err.value.problems]
    assert "the minimum is 20.2 pt (the cells difficulty: age-8 asks for)" in line, line
    assert line.count(" in)") == 1, line


def test_a_headings_height_is_the_same_on_every_page_and_its_maze_stands_balanced_under_it(tmp_path):
    """A heading sat just above its maze, and the maze was centred in the page: "Maze N" moved up and
    down from page to page (47, 53, 65 pt from the top in a paperback). The heading keeps one place;
    the maze no longer hangs under it (that left up to 64% of a page blank below): it stands in the
    paper between the heading and the footer, a little above the middle, with no band above it taller
    than a sixth of that paper unless it fills the page's width (then it is centred)."""
    from puzzlebook.build import build_book
    from puzzlebook.layout.boxes import under_caption
    from puzzlebook.pdfread import Lines, Shape, read

    spec = tmp_path / "book.yaml"
    spec.write_text(
        "title: T\npage_size: 6x9in\nmarks: suggested\nmazes:\n  - {size: 10x14}\n  - {size: 30x12}\n"
        "  - {size: 12x12}\n  - {grid: circle, size: 6}\n  - {shape: fish, size: 24x16}\n"
    )
    target, _ = build_book(spec)
    headings = set()
    for page in list(read(Path(target).read_bytes()))[1:6]:
        heading = next(c for c in page.chars if c.text == "M")  # the M of "Maze N"
        headings.add(round(heading.y0, 2))
        boxes = [run.extent() for run in page.drawn if isinstance(run, Lines)]
        boxes += [(s.x0, s.y0, s.x1, s.y1) for s in page.drawn if isinstance(s, Shape) and s.kind == "curve"]
        x0, y0 = min(b[0] for b in boxes), min(b[1] for b in boxes)
        x1, y1 = max(b[2] for b in boxes), max(b[3] for b in boxes)
        walls = x1 - x0
        words = [c for c in page.chars if c.y0 < heading.y0 - 1 and c.y1 > y0 - 30]
        for c in words:  # the words by its arrows are part of its group; the footer is not
            x0, y0, x1, y1 = min(x0, c.x0), min(y0, c.y0), max(x1, c.x1), max(y1, c.y1)
        # a maze whose ends may open on any side keeps room for a word on both: with it, it may fill
        longest = max((sum(c.x1 - c.x0 for c in words if c.size == w.size) / 2 for w in words[:1]), default=0)
        footer = max([c.y1 for c in page.chars if c.y1 < y0 - 0.5], default=36.0)  # or the margin
        # the paper under the heading starts below the gap every caption keeps under it
        paper = heading.y0 - under_caption(heading.size) - footer
        above, under = heading.y0 - under_caption(heading.size) - y1, y0 - footer
        if above + under > 12:  # a group filling the paper from heading to footer has nothing to balance
            assert above <= under + 1, (above, under)  # at or a little above the middle
        fills = max(x1 - x0, walls + 2 * longest) >= 0.9 * (432 - 72)  # the width: then it is centred
        assert above <= paper / 6 or fills, (above, paper)
    assert len(headings) == 1, headings


def test_mazes_sharing_a_page_are_parted_by_light_lines_between_them(tmp_path):
    """Four a page put maze 3's Finish arrow a fifth of an inch from maze 4's Start, pointing the same
    way: a child read the two as one way through. A light line now parts each maze from the one beside
    it and the one under it, and no line runs past the last maze of a page."""
    from puzzlebook.build import check_book
    from puzzlebook.layout import MazeFrame, Rule
    from puzzlebook.layout.pages import DIVIDER_GRAY

    path = tmp_path / "book.yaml"
    path.write_text(
        "title: T\nlayout: handout\nmazes_per_page: 4\nmarks: suggested\nmazes: [{size: 8x8, count: 7}]\n"
    )
    plan = check_book(path).plan
    for page, mazes in zip([p for p in plan.pages if p.kind == "maze"], (4, 3), strict=True):
        frames = [i for i in page.items if isinstance(i, MazeFrame)]
        lines = [i for i in page.items if isinstance(i, Rule) and i.gray == DIVIDER_GRAY]
        assert len(frames) == mazes
        upright = [r for r in lines if r.x0 == r.x1]
        across = [r for r in lines if r.y0 == r.y1]
        assert (len(upright), len(across)) == ((2, 2) if mazes == 4 else (1, 1)), lines
        for rule in lines:  # between mazes, never over one or its arrows
            for frame in frames:
                size = 8 * frame.cell
                wide, tall = frame.reach or (frame.mark / 0.85,) * 2  # the room its arrows have
                x0, y0, x1, y1 = frame.x - wide, frame.y - tall, frame.x + size + wide, frame.y + size + tall
                assert not (rule.x0 < x1 and x0 < rule.x1 + 0.01 and rule.y0 < y1 and y0 < rule.y1 + 0.01)
    one = tmp_path / "one.yaml"
    one.write_text("title: T\nlayout: handout\nmazes_per_page: 1\nmazes: [{size: 8x8, count: 2}]\n")
    assert not [
        i
        for p in check_book(one).plan.pages
        for i in p.items
        if isinstance(i, Rule) and i.gray == DIVIDER_GRAY
    ]


def test_a_posters_answer_is_labelled_by_its_title_not_maze_1_page_1(tmp_path):
    """The poster says neither "Maze 1" nor a page number: its answer read "Maze 1 · page 1". A book of
    more mazes, or one maze after a title page, keeps "Maze N · page P"."""
    from puzzlebook.build import check_book

    poster = (
        "title: T\nlayout: poster\nmarks: suggested\nmazes:\n  - {size: 20x26, title: The Great Labyrinth}\n"
    )
    (tmp_path / "poster.yaml").write_text(poster)
    labels = [t.text for t in items_of(check_book(tmp_path / "poster.yaml").plan, Text)]
    assert "The Great Labyrinth" in labels and not any("Maze 1" in text for text in labels), labels
    # nor its answer page a number: the answer poster printed "2" under it
    assert not any(text.strip() in ("1", "2") for text in labels), labels
    (tmp_path / "book.yaml").write_text(
        poster.replace("layout: poster\n", "layout: poster\ntitle_page: true\n")
    )
    labels = [t.text for t in items_of(check_book(tmp_path / "book.yaml").plan, Text)]
    assert "Maze 1 · page 2" in labels, labels


@pytest.mark.parametrize("page", ["6x9in", "letter"])
def test_shapes_on_squares_run_on_an_axis_with_their_words_large(tmp_path, page):
    """Shapes on squares without pictures kept room for arrows and words on all four sides, their ends
    wherever the longest way fell: a star at age-8 on a 6x9 in page had its Start and Finish at 7 pt
    by its sides, with two inches of paper above and below it. They now run on the axis the page has
    room on, as with pictures: every frame is planned on an axis, every word is drawn, at 10 pt or more,
    and each maze's ends open on that axis's two sides of its box."""
    frames = _on_axes(
        tmp_path,
        f"title: S\npage_size: {page}\ndifficulty: age-8\nmarks: suggested\nseed: 4\nmazes:\n"
        "  - {shape: star, count: 2}\n  - {shape: cat}\n  - {shape: heart}\n  - {shape: apple}\n",
    )
    assert len(frames) == 5 and all(axis in AXES and label >= 10 for axis, label in frames), frames


def _on_axes(folder, text):
    """Each maze page's frame of the book ``text`` makes: its axis ("" for none), where its ends open on
    that axis's two sides of its box ("mismatch" where they do not), and its words' size; every word
    and picture drawn."""
    from puzzlebook.build import check_book, generate, targets, write_books
    from puzzlebook.geometry import opening
    from puzzlebook.grid import E, N, S, W
    from puzzlebook.layout import MazeFrame

    spec = folder / "book.yaml"
    spec.write_text(text)
    left_out: dict[int, set[tuple[str, str]]] = {}
    checked, puzzles = generate(check_book(spec))
    sides = {n: tuple(opening(p, role)[2] for role in ("start", "end")) for n, p in puzzles.items()}
    write_books(checked, targets(checked, str(folder / "book.pdf")), puzzles, left_out=left_out)
    assert not left_out, left_out
    frames = [i for p in checked.plan.pages for i in p.items if isinstance(i, MazeFrame) and not i.answer]
    ways = {"top-bottom": (N, S), "left-right": (W, E)}
    return [
        (f.axis if sides[f.number] == ways.get(f.axis) else "mismatch" if f.axis in ways else "", f.label)
        for f in frames
    ]


@pytest.mark.parametrize(
    ("page", "pictures"), [("6x9in", ""), ("letter", ""), ("letter", "pictures: mouse-cheese\n")]
)
def test_shapes_on_other_grids_run_on_an_axis_as_shapes_on_squares_do(tmp_path, page, pictures):
    """A honeycomb, a heart of hexagons and a star of octagons opened their ends anywhere, so the page
    kept room for arrows and words on all four sides: the honeycomb was drawn a sixth smaller than a
    square shape, with paper to spare above and below (a design review). They run on an axis the page
    has room on, as shapes on squares do: every word and picture is drawn, and each end opens on that
    axis's sides. A mountain of triangles, whose top is a point, keeps room on all four sides."""
    frames = _on_axes(
        tmp_path,
        f"title: S\npage_size: {page}\nmarks: suggested\nseed: 4\n{pictures}mazes:\n"
        "  - {shape: hexagon, grid: hex, size: 23x20}\n  - {shape: heart, grid: hex, size: 21x20}\n"
        "  - {shape: star, grid: octagon, size: 16x16}\n  - {shape: triangle, grid: triangle, size: 25x13}\n"
        "  - {shape: apple, grid: hex, size: 23x24}\n",
    )
    axes = [axis for axis, _ in frames]
    assert len(axes) == 5 and all(axis in AXES for axis in axes[:3] + axes[4:]), axes
    assert not axes[3]  # the triangle's: room on all four sides (its ends anywhere)


def test_a_maze_told_its_axis_is_a_copy_equal_to_replace_and_still_frozen(tmp_path):
    """``MazeRequest.told`` copies one field where ``dataclasses.replace`` remade all 30 (a 500-maze
    build told its mazes three times over): the same request ``replace`` makes, the first untouched,
    the copy as frozen, and a maze told the axis it has is itself."""
    from dataclasses import FrozenInstanceError, replace

    from puzzlebook.build import check_book

    spec = tmp_path / "book.yaml"
    spec.write_text("title: T\nmazes:\n  - {size: 8x8, count: 2}\n")
    maze = check_book(spec).mazes[0]
    told = maze.told("left-right")
    assert told == replace(maze, axis="left-right") and told.axis == "left-right" and maze.axis == ""
    with pytest.raises(FrozenInstanceError):
        told.axis = "top-bottom"  # type: ignore[misc]
    assert maze.told(maze.axis) is maze
