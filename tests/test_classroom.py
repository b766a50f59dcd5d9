"""Classroom features: class sets with names on the pages, matched difficulty, age presets, handouts."""

import re

import pytest
from clirun import invoke
from pdfcheck import page_texts

from puzzlebook.build import build_book, check_book, generate
from puzzlebook.errors import SpecError
from puzzlebook.layout import MazeFrame, load_layout
from puzzlebook.spec.load import load_spec
from puzzlebook.spec.request import AGES


def spec(tmp_path, body):
    path = tmp_path / "class.yaml"
    path.write_text(body)
    return path


CLASS = """\
title: Room 12
layout: handout
marks: suggested
students: [Ana, Ben, Chloé]
mazes:
  - {size: 8x6, title: Warm-up}
  - {size: 10x7, difficulty: medium}
"""


def test_each_student_gets_their_own_set_with_their_name(tmp_path):
    target, checked = build_book(spec(tmp_path, CLASS))
    texts = page_texts(target)
    maze_pages = [p for p in checked.plan.pages if p.kind == "maze"]
    assert len(maze_pages) == 3  # two mazes a page, one page per student
    for page, name in zip(maze_pages, ("Ana", "Ben", "Chloé"), strict=True):
        text = texts[page.number - 1]
        assert name in text and "Maze 1 · Warm-up" in text and "Maze 2" in text
        assert all(other not in text for other in {"Ana", "Ben", "Chloé"} - {name})
    answers = " ".join(texts[p.number - 1] for p in checked.plan.pages if p.kind == "answers")
    for name in ("Ana", "Ben", "Chloé"):
        assert f"{name} · Maze 1 · page" in answers and f"{name} · Maze 2 · page" in answers


def test_student_in_a_title_is_each_childs_name(tmp_path):
    """`{student}` was filled in only inside a word shape: a title printed it as written."""
    target, checked = build_book(
        spec(tmp_path, CLASS.replace("title: Warm-up", 'title: "{student}\'s maze"'))
    )
    texts = page_texts(target)
    maze_pages = [p for p in checked.plan.pages if p.kind == "maze"]
    for page, name in zip(maze_pages, ("Ana", "Ben", "Chloé"), strict=True):
        assert f"Maze 1 · {name}\u2019s maze" in texts[page.number - 1]  # curled on the page
    assert "{student}" not in " ".join(texts)
    alone = spec(tmp_path, 'title: T\nmazes:\n  - {size: 8x6, title: "{student}\'s maze"}\n')
    result = invoke(["validate", str(alone)])
    assert result.exit_code == 2
    assert result.stderr == (
        "error: class.yaml:3: mazes[0].title: {student} is each student's name: add students: to the "
        "spec, or write the title out\n"
    )


def test_an_unknown_placeholder_is_refused_not_printed(tmp_path):
    """`{name}` (a guess at `{student}`) was drawn as the six characters "{name}" on every child's
    sheet; any placeholder but `{student}` is refused where it is written, a near miss named."""
    guessed = CLASS.replace("title: Warm-up", 'shape: {text: "{name}"}, title: "{studnet}\'s maze"')
    result = invoke(["validate", str(spec(tmp_path, guessed))])
    assert result.exit_code == 2
    lines = result.stderr.splitlines()
    assert len(lines) == 2 and all(line.startswith("error: class.yaml:") for line in lines)
    assert "mazes[0].title: {studnet} is not filled in (did you mean {student}?):" in result.stderr
    assert "mazes[0].shape: {name} is not filled in: write {student} for each student's name" in result.stderr
    assert not list(tmp_path.glob("*.pdf"))
    plain = spec(tmp_path, 'title: T\nmazes:\n  - {size: 8x6, title: "Brace {yourself}"}\n')
    result = invoke(["validate", str(plain)])
    assert result.exit_code == 2 and "{yourself} is not filled in: write {student}" in result.stderr
    # told with every other problem: a key the models refuse hid it until that was mended
    wrong = spec(tmp_path, 'title: T\ncolour: red\nmazes:\n  - {size: 8x6, title: "{name}\'s maze"}\n')
    result = invoke(["validate", str(wrong)])
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        'error: class.yaml:2: colour: unknown key "colour". Did you mean "cover"?',
        "error: class.yaml:4: mazes[0].title: {name} is not filled in: write {student} for each student's "
        "name in a class set, or leave the braces out",
    ]


def test_class_set_mazes_differ_but_match_in_difficulty(tmp_path):
    body = CLASS.replace("[Ana, Ben, Chloé]", "[" + ", ".join(f"S{i}" for i in range(12)) + "]")
    checked, puzzles = generate(check_book(spec(tmp_path, body)))
    for label in (1, 2):
        mine = [puzzles[m.number] for m in checked.mazes if m.label == label]
        assert len(mine) == 12
        assert len({bytes(p.maze.passages) for p in mine}) == 12  # all different
        scores = [p.metrics.difficulty for p in mine]
        alone = [
            p.metrics.difficulty
            for p in generate(check_book(spec(tmp_path, CLASS.replace("students: [Ana, Ben, Chloé]\n", ""))))[
                1
            ].values()
        ]
        assert max(scores) - min(scores) <= max(12, 0.35 * max(scores)), scores
        assert alone  # the same spec without students still builds


def test_every_child_of_a_class_set_reads_the_same_rating(tmp_path):
    """The mazes of a set are matched, but each was rated by its own score among the book's: on a sheet
    of one maze a child, one child's read Easy and the next one's Hard, and children compare sheets. A
    set now reads one rating, from its middle score; a band asked for is kept."""
    names = "[" + ", ".join(f"S{i}" for i in range(9)) + "]"
    body = (
        f"title: Room 12\nlayout: handout\nmarks: suggested\nshow_difficulty: true\nstudents: {names}\n"
        "mazes:\n  - {size: 10x10, title: Warm-up}\n  - {size: 10x10, title: Second}\n"
        "  - {size: 10x10, difficulty: hard}\n"
    )
    checked, puzzles = generate(check_book(spec(tmp_path, body)))
    by_label = {}
    for maze in checked.mazes:
        by_label.setdefault(maze.label, []).append(puzzles[maze.number])
    ratings = {label: {p.rating for p in mine} for label, mine in by_label.items()}
    assert all(len(found) == 1 for found in ratings.values()), ratings
    assert ratings[3] == {"Hard"}, ratings  # the band asked for
    scores = sorted(p.metrics.difficulty for p in by_label[1] + by_label[2])
    assert scores[len(scores) // 3] < scores[2 * len(scores) // 3]  # by its own score, each would differ
    target, _ = build_book(spec(tmp_path, body))
    sheets = [text for text in page_texts(target) if "Maze 1 · Warm-up" in text and "Answer key" not in text]
    assert len(sheets) == 9 and len({re.findall(r"\b(Easy|Medium|Hard)\b", t)[0] for t in sheets}) == 1


def test_class_list_from_a_text_file(tmp_path):
    (tmp_path / "names.txt").write_text("# Room 12\nAna\n\nBen\n")
    path = spec(tmp_path, CLASS.replace("[Ana, Ben, Chloé]", "names.txt"))
    assert load_spec(path).students() == ["Ana", "Ben"]
    (tmp_path / "names.txt").unlink()
    with pytest.raises(
        SpecError, match=re.escape('class.yaml:4: students: class list "names.txt" not found')
    ):
        list(load_spec(path).mazes())


@pytest.mark.parametrize("heading", ["Student Name", "\ufeffNames", "name", "First name", "Élèves", "Pupils"])
def test_a_class_list_saved_with_its_spreadsheet_heading_is_told_at_the_heading(tmp_path, heading):
    """ "Student Name", the first line of a list saved from a spreadsheet, became a student with their own
    sheet ("Maze 1 · Student Name's maze") and answers, without a word."""
    (tmp_path / "names.txt").write_bytes(f"{heading}\r\nAna\r\nBen\r\n".encode())
    result = invoke(["validate", str(spec(tmp_path, CLASS.replace("[Ana, Ben, Chloé]", "names.txt")))])
    assert result.exit_code == 2
    shown = heading.removeprefix("\ufeff")
    assert result.stderr == (
        f"error: names.txt:1: \"{shown}\" looks like a spreadsheet's column heading, not a student's name: "
        "delete that line (or put # before it)\n"
    )
    (tmp_path / "names.txt").write_text(f"# {shown}\nAna\nBen\nNameeta\nKids Kidman\n")  # as told
    result = invoke(["validate", str(tmp_path / "class.yaml")])
    assert result.exit_code == 0, result.output


def test_a_long_name_and_a_long_word_for_name_get_the_room_the_name_line_has(tmp_path):
    """The Name, Date and Class fields took a third of the width each: "Benjamin-Alexander
    Worthington" was refused as too long for the page, a 26-letter name printed at 7 pt, and a
    translated "Nombre y apellidos" shrank all three words to 7 pt. The name's field now takes the room
    the others leave, and the words share the size the longest of them allows."""
    import pdfplumber

    (tmp_path / "ficha.yaml").write_text(
        "base: handout\nwords: {name: Nombre y apellidos, date: Fecha, class: Clase}\n"
    )
    body = (
        "title: Laberintos\nlayout: ficha.yaml\nmarks: suggested\nmazes_per_page: 1\n"
        'students: [Ana, "María-Fernanda Gutiérrez", Benjamin-Alexander Worthington]\nmazes: [{size: 8x8}]\n'
    )
    target, checked = build_book(spec(tmp_path, body))
    with pdfplumber.open(target) as pdf:
        for number, name in zip(
            (1, 2, 3), ("Ana", "María-Fernanda Gutiérrez", "Benjamin-Alexander Worthington"), strict=True
        ):
            page = pdf.pages[number - 1]
            words = page.extract_words(extra_attrs=["size", "fontname"])
            first = next(w for w in words if w["text"] == "Nombre")
            row = [w for w in words if abs(w["top"] - first["top"]) < 3]  # the Name, Date and Class line
            labels = [w for w in row if "Bold" not in w["fontname"]]
            printed = [w for w in row if "Bold" in w["fontname"]]
            assert " ".join(w["text"] for w in labels) == "Nombre y apellidos Fecha Clase"
            assert " ".join(w["text"] for w in printed) == name
            assert min(w["size"] for w in labels) >= 9, [(w["text"], w["size"]) for w in labels]
            assert min(w["size"] for w in printed) >= 8, [(w["text"], w["size"]) for w in printed]
            assert (
                printed[-1]["x1"] < next(w for w in labels if w["text"] == "Fecha")["x0"]
            )  # on its own line
            assert labels[-1]["x1"] < page.width - checked.layout.margins.outside
    english = spec(tmp_path, body.replace("layout: ficha.yaml", "layout: handout"))
    target, _ = build_book(english)
    with pdfplumber.open(target) as pdf:
        words = pdf.pages[0].extract_words(extra_attrs=["size"])
    sizes = {w["size"] for w in words if w["text"] in ("Name", "Date", "Class", "Ana")}
    assert sizes == {load_layout("handout").caption_size}  # English keeps its full size


def test_name_date_and_class_each_keep_a_space_before_their_line(tmp_path):
    """Name took its 2.9 ems to the letter: its line began under its e, and a class set's printed name
    ("Name Chloé") all but touched the word, where Date and Class had half an em of paper. Read from
    the page: each word ends a quarter of an em or more before its line begins, the three alike."""
    import pdfplumber

    target, _ = build_book(spec(tmp_path, CLASS))
    with pdfplumber.open(target) as pdf:
        page = pdf.pages[0]
        words = page.extract_words(extra_attrs=["size"])
        lines = [e for e in page.edges if e["orientation"] == "h"]
    gaps = []
    for word in ("Name", "Date", "Class"):
        w = next(w for w in words if w["text"] == word)
        rule = min(
            (e for e in lines if abs(e["top"] - w["bottom"]) < 4 and e["x0"] > w["x0"]), key=lambda e: e["x0"]
        )
        gaps.append((rule["x0"] - w["x1"]) / w["size"])
    assert min(gaps) >= 0.25 and max(gaps) - min(gaps) < 0.15, gaps


def test_a_printed_name_stands_clear_of_its_line(tmp_path):
    """A class set's name printed on its Name line stood struck through at its p, q, g and y: the line
    ran 2 pt under the baseline. Read from the page: every line of the Name, Date and Class row runs
    under the printed name's letters, descenders and all, with paper between."""
    import pdfplumber
    from fontTools.ttLib import TTFont

    from puzzlebook.wordfont import BOLD

    font = TTFont(BOLD)
    em, glyphs, cmap = font["head"].unitsPerEm, font["glyf"], font.getBestCmap()
    low = {ch: glyphs[cmap[ord(ch)]].yMin / em for ch in "PippaQuigleyGaryJörg"}  # under the baseline: < 0
    body = CLASS.replace("[Ana, Ben, Chloé]", "[Pippa Quigley, Gary, Jörg]")
    target, _ = build_book(spec(tmp_path, body))
    with pdfplumber.open(target) as pdf:
        for page, name in zip(pdf.pages, ("Pippa Quigley", "Gary", "Jörg"), strict=False):
            label = next(w for w in page.extract_words() if w["text"] == "Name")
            printed = [c for c in page.chars if "Bold" in c["fontname"] and abs(c["top"] - label["top"]) < 3]
            assert "".join(c["text"] for c in printed).replace(" ", "") == name.replace(" ", ""), printed
            base = page.height - printed[0]["matrix"][5]  # the baseline, from the top as the rules are
            under = max(base - c["size"] * low[c["text"]] for c in printed if c["text"].strip())  # its ink
            rules = [e for e in page.edges if e["orientation"] == "h" and 0 < e["top"] - under < 12]
            assert len(rules) == 3, (name, under, [e["top"] for e in page.edges if e["orientation"] == "h"])
            assert min(e["top"] for e in rules) - under >= 0.5, (name, under, rules)


def test_an_older_age_on_one_maze_of_a_younger_book_is_told_whose_cells_they_are(tmp_path):
    """age-6 on one maze of an age-4 handout was told to make it 3x4 or use a square poster: the book's
    age sets every maze's cells, the maze's own only its size. With a size written beside it, leaving
    the maze's age out changes nothing (it was told to), and the size that fits is a fix."""
    body = "title: Little\nlayout: handout\ndifficulty: age-4\nmazes_per_page: 1\nmazes:\n  - {count: 1}\n"
    body += "  - {difficulty: age-6, size: 10x14}\n"
    result = invoke(["validate", str(spec(tmp_path, body))])
    assert result.exit_code == 2
    assert result.stderr.endswith(
        "the minimum is 45.0 pt (0.62 in) (the cells difficulty: age-4 asks for); the book's difficulty: age-4 sets the "
        "cells of every maze: give the book the age of its oldest readers (difficulty: age-6 at the top), or "
        "make it at most 8x11\n"
    ), result.stderr
    shrunk = body.replace("size: 10x14", "size: 8x11")  # as told
    assert invoke(["validate", str(spec(tmp_path, shrunk))]).exit_code == 0
    fixed = body.replace("difficulty: age-4", "difficulty: age-6", 1)  # as told
    assert invoke(["validate", str(spec(tmp_path, fixed))]).exit_code == 0


@pytest.mark.parametrize("age", list(AGES))
def test_age_presets_pick_size_cells_and_lines(tmp_path, age):
    path = spec(tmp_path, f"title: Ages\ndifficulty: {age}\nmarks: suggested\nmazes:\n  - count: 2\n")
    checked = check_book(path)
    preset = AGES[age]
    assert {(m.width, m.height) for m in checked.mazes} == {preset.size}
    assert checked.layout.wall_weight == max(preset.wall, load_layout("activity-book").wall_weight)
    frames = [i for p in checked.plan.pages if p.kind == "maze" for i in p.items if isinstance(i, MazeFrame)]
    assert all(f.cell >= preset.cell * 0.75 for f in frames)
    build_book(path)


def test_a_maze_needs_a_size_or_an_age(tmp_path):
    with pytest.raises(SpecError, match=r"class.yaml:3: mazes\[0\].size: is required"):
        load_spec(spec(tmp_path, "title: x\nmazes:\n  - {algorithm: kruskal}\n"))
    entry_age = load_spec(spec(tmp_path, "title: x\nmazes:\n  - {difficulty: age-4}\n"))
    assert [(m.width, m.height) for m in entry_age.mazes()] == [AGES["age-4"].size]


@pytest.mark.parametrize("per_page,size", [(1, "letter"), (2, "letter"), (4, "a4"), (2, "a4")])
def test_handouts_hold_1_2_or_4_mazes_on_letter_or_a4(tmp_path, per_page, size):
    path = spec(
        tmp_path,
        f"title: H\nlayout: handout\nmazes_per_page: {per_page}\npage_size: {size}\nmarks: suggested\n"
        "mazes:\n  - {size: 6x5, count: 4}\n",
    )
    checked = check_book(path)
    maze_pages = [p for p in checked.plan.pages if p.kind == "maze"]
    assert len(maze_pages) == 4 // per_page
    assert all(sum(isinstance(i, MazeFrame) for i in p.items) == per_page for p in maze_pages)
    assert "Name" in page_texts(build_book(path)[0])[0]


def test_validate_counts_a_class_set(tmp_path):
    result = invoke(["validate", str(spec(tmp_path, CLASS))])
    assert result.exit_code == 0, result.output
    assert "6 mazes on" in result.stdout


def test_a_wrong_mazes_per_page_points_at_the_spec(tmp_path):
    path = spec(tmp_path, "title: H\nlayout: handout\nmazes_per_page: 3\nmazes:\n  - size: 6x5\n")
    with pytest.raises(
        SpecError, match=re.escape("class.yaml:3: mazes_per_page: expected 1, 2, 4 or 6, got 3")
    ):
        check_book(path)


INVISIBLE = ["\u200b", "\u200d\u200c", "\u0301\u0308", "\u3164", "\u2800", "\u00a0\u2060", "\ufe0f", "\u2063"]
SHOWN = [
    "Zoë",
    "Noe\u0308l",
    "Ma\u200cryam",
    "مريم",
    "민준",
    "Ève",
    "👩\u200d🚀 Ana",
    "O'Neil",
    "Nguyễn",
    "7",
]


@pytest.mark.parametrize("inline", [True, False])
def test_a_name_that_prints_nothing_is_refused_at_its_line_and_every_real_name_passes(tmp_path, inline):
    names = ["Ana", *INVISIBLE, *SHOWN]
    if inline:
        path = spec(
            tmp_path, CLASS.replace("[Ana, Ben, Chloé]", "[" + ", ".join(f'"{n}"' for n in names) + "]")
        )
        at = [f"class.yaml:4: students[{i}]" for i in range(1, 1 + len(INVISIBLE))]
    else:
        (tmp_path / "names.txt").write_text("\n".join(names) + "\n", encoding="utf-8")
        path = spec(tmp_path, CLASS.replace("[Ana, Ben, Chloé]", "names.txt"))
        at = [f"names.txt:{i}" for i in range(2, 2 + len(INVISIBLE))]
    with pytest.raises(SpecError) as refused:
        load_spec(path)
    problems = refused.value.problems
    assert [str(p.where) for p in problems] == at
    assert all(p.message.startswith("prints nothing: it holds only ") for p in problems)
    assert all(p.message.endswith("; write the name in letters, or delete it") for p in problems)


def test_a_name_too_long_for_a_word_shape_is_told_how_to_shorten_it(tmp_path):
    """ "has 16 letters; a word shape takes at most 14" gave a teacher no way on."""
    body = 'title: Names\nstudents: [Ana, Alexandrina-Rose]\nmazes:\n  - {shape: {text: "{student}"}}\n'
    result = invoke(["validate", str(spec(tmp_path, body))])
    assert result.exit_code == 2
    assert result.stderr == (
        'error: class.yaml:2: students[1]: "Alexandrina-Rose" has 16 letters; a word shape takes at most 14: '
        "write it shorter, such as a first name alone, or Max for Maximiliano\n"
    )
