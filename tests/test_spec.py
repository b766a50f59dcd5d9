import re
import textwrap

import pytest
from clirun import invoke
from examples import EXAMPLE as GOOD

from puzzlebook.errors import PuzzlebookError, SpecError
from puzzlebook.rng import derive_seed
from puzzlebook.spec.load import load_spec


def write(tmp_path, text, name="book.yaml"):
    path = tmp_path / name
    path.write_text(textwrap.dedent(text))
    return path


def problems_of(tmp_path, text):
    with pytest.raises(SpecError) as err:
        load_spec(write(tmp_path, text))
    return [str(p) for p in err.value.problems]


def test_the_documented_example_loads_and_expands(tmp_path):
    spec = load_spec(write(tmp_path, GOOD))
    mazes = list(spec.mazes())
    assert [m.number for m in mazes] == list(range(1, 8))
    assert [m.algorithm for m in mazes] == ["hunt-and-kill"] + ["eller"] * 4 + ["wilson", "kruskal"]
    assert mazes[0].seed == 7 and mazes[0].title == "Warm-up"
    assert mazes[1].options == {"horizontal": 0.6, "vertical": 0.3}
    assert [m.seed for m in mazes[1:5]] == [derive_seed(2026, 1, k) for k in range(4)]
    assert len({m.seed for m in mazes}) == 7
    assert mazes[5].marks == ((0, 0), (19, 19))
    assert mazes[6].marks == "none" and mazes[0].marks == "suggested"
    assert str(mazes[1].where) == "book.yaml:14: mazes[1]"


def test_an_entrys_own_check_is_told_at_its_key_and_its_line(tmp_path):
    """An entry's checks of several keys at once said "mazes[2]: size: ..." at the entry's first line,
    where a key's own check says "mazes[2].size: ..." at its line: one way of saying where, whichever
    check found it."""
    found = problems_of(
        tmp_path,
        """\
        title: T
        mazes:
          - grid: circle
            algorithm: wilson
            size: 9x9
          - size: 12x16
            marks:
              start: [0, 0]
              end: [12, 16]
          - algorithm: prim
            size: 8x8
            tint: true
        """,
    )
    assert found == [
        "book.yaml:5: mazes[0].size: a circle's size is its number of rings, such as size: 12; got '9x9'",
        "book.yaml:9: mazes[1].marks.end: [12, 16] is outside the 12x16 maze (x from 0 to 11, y from 0 to 15)",
        "book.yaml:12: mazes[2].tint: colours the inside of a shape: give the maze a shape: or mask:, or "
        "leave tint out",
    ]


def test_a_covers_keys_and_printers_in_other_words_get_a_hint(tmp_path):
    """A blurb, a colour, and the printer called Amazon are other words for the cover's back, background
    and kdp, spelt nothing alike: each error says which key or value is meant."""
    found = problems_of(
        tmp_path,
        """\
        title: T
        cover:
          blurb: Forty mazes.
          colour: navy
          printer: amazon
        mazes:
          - size: 8x8
        """,
    )
    assert found == [
        'book.yaml:3: cover.blurb: unknown key "blurb". Did you mean "back"?',
        'book.yaml:4: cover.colour: unknown key "colour". Did you mean "background"?',
        "book.yaml:5: cover.printer: expected 'kdp', 'kdp-hardcover' or 'ingramspark', got \"amazon\". "
        'Did you mean "kdp"?',
    ]


def test_a_books_difficulty_written_as_a_number_or_a_band_is_told_what_it_takes(tmp_path):
    """`difficulty: 6` at the top listed the ages alone, and `difficulty: easy` too, though easy is a
    maze's: each now says what was meant."""
    assert problems_of(tmp_path, "title: T\ndifficulty: 6\nmazes:\n  - {size: 5x5}\n") == [
        "book.yaml:2: difficulty: expected 'age-4', 'age-6', 'age-8', 'age-10', 'age-12' or 'adult', got 6. "
        'Did you mean "age-6"?'
    ]
    assert problems_of(tmp_path, "title: T\ndifficulty: easy\nmazes:\n  - {size: 5x5}\n") == [
        "book.yaml:2: difficulty: expected 'age-4', 'age-6', 'age-8', 'age-10', 'age-12' or 'adult', got "
        '"easy". A book\'s difficulty is an age; easy is for a maze: write difficulty: easy in its entry'
    ]


def test_an_entrys_clash_is_told_with_the_specs_other_mistakes(tmp_path):
    """A star over too few cells to read was told only once every other mistake was mended: a second
    round of errors for a spec said to report all at once. Each entry right on its own is judged with
    the others' mistakes; an entry with mistakes of its own, or a book whose marks are wrong, is not
    judged (its clashes would be guesses)."""
    found = problems_of(
        tmp_path,
        """\
        title: T
        mazes:
          - {size: 10x10, algoritm: prim}
          - {size: 8x8, shape: star}
          - {size: 8x8, shape: star, count: 0}
        """,
    )
    assert found == [
        'book.yaml:3: mazes[0].algoritm: unknown key "algoritm". Did you mean "algorithm"?',
        "book.yaml:4: mazes[1].size: a star drawn over 8x8 cells hardly reads as one; it reads from about "
        "15x15: set size to 15x15",
        "book.yaml:5: mazes[2].count: must be at least 1, got 0",
    ]
    found = problems_of(tmp_path, "title: T\nmarks: sugested\nmazes:\n  - {size: 8x8, shape: star}\n")
    assert len(found) == 1 and found[0].startswith("book.yaml:2: marks:"), found


def test_seed_override_changes_derived_seeds_but_not_own_seeds(tmp_path):
    spec = load_spec(write(tmp_path, GOOD))
    a, b = list(spec.mazes()), list(spec.mazes(seed=5))
    assert a[0].seed == b[0].seed == 7
    assert all(x.seed != y.seed for x, y in zip(a[1:], b[1:], strict=True))


def test_adding_a_maze_at_the_end_keeps_every_other_seed(tmp_path):
    before = [m.seed for m in load_spec(write(tmp_path, GOOD)).mazes()]
    after = [m.seed for m in load_spec(write(tmp_path, GOOD + "  - size: 5x5\n")).mazes()]
    assert after[:-1] == before


def test_keys_written_beside_an_empty_key_are_told_to_indent(tmp_path):
    """``options:`` with nothing under it and ``bias: 0.3`` written beside it, not indented, was told as
    two slips: "expected a mapping, got nothing" and an unknown key "bias" ("did you mean mask?"), and
    neither said indentation (a newcomer's trial). Both now say it; a key left empty alone is told as
    before."""
    found = problems_of(tmp_path, "title: T\nmazes:\n  - size: 10x10\n    options:\n    bias: 0.3\n")
    assert found == [
        "book.yaml:4: mazes[0].options: expected a mapping of keys to values, got nothing; the keys that "
        "belong under options: go on the lines after it, indented further",
        'book.yaml:5: mazes[0].bias: unknown key "bias". Did you mean "mask"? (if it belongs under '
        "options:, indent it further than options:)",
    ]
    alone = problems_of(tmp_path, "title: T\nmazes:\n  - size: 10x10\n    options:\n")
    assert alone == ["book.yaml:4: mazes[0].options: expected a mapping of keys to values, got nothing"]


def test_yaml_1_1_surprises_are_guarded(tmp_path):
    spec = load_spec(write(tmp_path, "title: no\nauthor: 12:30\nanswer_key: yes\nmazes:\n  - size: 3x3\n"))
    assert spec.book.title == "no"
    assert spec.book.author == "12:30"
    assert spec.book.answer_key is True
    numbers = load_spec(write(tmp_path, "title: 1984\nmazes:\n  - {size: 3x3, title: 007}\n"))
    assert numbers.book.title == "1984"
    assert numbers.book.mazes[0].title == "007"


def test_every_problem_is_reported_at_once(tmp_path):
    found = problems_of(
        tmp_path,
        """\
        title: Bad
        layout: activity-book
        mazes:
          - size: 12x12
            algorithm: hunt-and-kil
          - size: 20 by 30
            algorithm: eller
            options: {horizontal: 1.6, vert: 1}
          - size: 20x20
            marks: {start: [0, 0], end: [20, 19]}
          - size: 16x16
            marks: nope
            colour: red
          - size: 100000x100000
            count: many
          - size: 20x12
            shape: Emma
        """,
    )
    assert found == [
        'book.yaml:5: mazes[0].algorithm: unknown algorithm "hunt-and-kil". Did you mean "hunt-and-kill"?',
        'book.yaml:6: mazes[1].size: expected WxH such as 20x30, got "20 by 30"',
        "book.yaml:8: mazes[1].options.horizontal: must be at most 1, got 1.6",
        'book.yaml:8: mazes[1].options.vert: unknown option "vert" for eller. Did you mean "vertical"?',
        "book.yaml:10: mazes[2].marks.end: [20, 19] is outside the 20x20 maze "
        "(x from 0 to 19, y from 0 to 19)",
        "book.yaml:12: mazes[3].marks: expected 'none', 'suggested', 'farthest', 'left-right', 'top-bottom', "
        "'corners' or 'center-out', or {start: ..., end: ...}, got \"nope\". Did you mean \"none\"?",
        'book.yaml:13: mazes[3].colour: unknown key "colour". Did you mean "count"?',
        "book.yaml:14: mazes[4].size: 100000x100000 is too large: each side may be at most 10,000 cells",
        'book.yaml:15: mazes[4].count: expected a whole number, got "many"',
        # a word for a shape: the way to draw it is named (a newcomer's trial wrote the name so)
        "book.yaml:17: mazes[5].shape: expected 'heart', 'star', 'circle', 'diamond', 'hexagon', "
        "'triangle', 'cloud', 'apple', 'fish' or 'cat', or {text: ...}, got \"Emma\". Did you mean {text: Emma}?",
    ]


@pytest.mark.parametrize(
    "text,expected",
    [
        ("", "book.yaml:1: the spec is empty; start with `title: My Maze Book`"),
        ("- a\n- b\n", "book.yaml:1: a spec is a list of `key: value` lines, such as `title: My Book`"),
        ("title: x\nmazes: [\n", "book.yaml:3: this is not valid YAML"),
        (  # with what to write (the studio showed "is required but missing" alone: a newcomer's trial)
            "mazes:\n  - size: 3x3\n",
            "book.yaml:1: title: is required but missing: write it, such as title: My Maze Book",
        ),
        (
            "title: x\n",
            "book.yaml:1: mazes: is required but missing: write it, such as mazes: [{size: 15x15}]",
        ),
        ("title: x\nmazes: []\n", "book.yaml:2: mazes: needs at least 1 entry; the list is empty"),
        (  # pydantic said "value should have at least 1 item after validation, not 0"
            'title: x\ncover:\n  title: ""\nmazes:\n  - size: 3x3\n',
            "book.yaml:3: cover.title: is empty: write it, or leave the key out for its default",
        ),
        ("title: x\ntitle: y\nmazes:\n  - size: 3x3\n", "book.yaml:2: title: appears twice (also on line 1)"),
        ("title: x\nseed: -1\nmazes:\n  - size: 3x3\n", "book.yaml:2: seed: must be at least 0, got -1"),
        (
            "title: x\npage_size: huge\nmazes:\n  - size: 3x3\n",
            "book.yaml:2: page_size: expected a page size",
        ),
        (
            "title: x\nmarks: maybe\nmazes:\n  - size: 3x3\n",
            "book.yaml:2: marks: expected 'none', 'suggested', 'farthest', 'left-right', 'top-bottom', 'corners' or 'center-out'",
        ),
        ("title: x\nmazes:\n  - size: 0x5\n", "book.yaml:3: mazes[0].size: a maze needs at least 1x1 cells"),
        (
            "title: x\nmazes:\n  - size: 3x3\n    marks: {start: [1, 1], end: [1, 1]}\n",
            "start and end must be",
        ),
        ("title: x\nmazes:\n  - size: 3x3\n    count: 0\n", "mazes[0].count: must be at least 1, got 0"),
        ("title: x\nmazes:\n  - size: 3x3\n    algorithm: 5\n", 'mazes[0].algorithm: unknown algorithm "5"'),
        (
            "title: x\nanswer_key: sometimes\nmazes:\n  - size: 3x3\n",
            "answer_key: expected true, false or separate",
        ),
        # as people write them: each told what to write instead
        (
            'title: "Maze Book\\u202e end"\nmazes: [{size: 3x3}]\n',  # printed "Maze Bookdne"
            "book.yaml:1: title: holds the invisible direction control U+202E, which turns the text after it",
        ),
        (
            "title: x\nanswer_key: seperate\nmazes: [{size: 3x3}]\n",
            'got "seperate". Did you mean "separate"?',
        ),
        (
            "title: x\ndifficulty: age-5\nmazes: [{count: 1}]\n",
            'got "age-5". Did you mean "age-4" or "age-6"?',
        ),
        ("title: x\ndifficulty: age-14\nmazes: [{count: 1}]\n", 'got "age-14". Did you mean "age-12"?'),
        ("title: x\npage_size: US Letter\nmazes: [{size: 3x3}]\n", 'got "US Letter": write "letter"'),
        ("title: x\npage_size: landscape a4\nmazes: [{size: 3x3}]\n", ': write "a4 landscape"'),
        ("title: x\npage_size: '6\"x9\"'\nmazes: [{size: 3x3}]\n", 'got "6"x9"": write 6x9in'),
        ("title: x\npage_size: 8.5 x 11 inches\nmazes: [{size: 3x3}]\n", ": write 8.5x11in"),
        ("title: x\npage_size: leter\nmazes: [{size: 3x3}]\n", 'got "leter". Did you mean "letter"?'),
        (  # a number alone: a square meant, or a round maze's rings (a newcomer's trial)
            "title: x\nmazes: [{size: 20}]\n",
            "book.yaml:2: mazes[0].size: expected WxH such as 20x20, got 20; a number alone is a round maze's "
            "rings, with grid: circle",
        ),
        ("title: x\nmazes: [{size: '12'}]\n", "expected WxH such as 12x12, got 12; a number alone is"),
        # the grids as the studio's list names them, and as people do (a newcomer's trial wrote "round")
        ("title: x\nmazes: [{size: 9, grid: rings}]\n", 'got "rings". Did you mean "circle"?'),
        ("title: x\nmazes: [{size: 9x9, grid: round}]\n", 'got "round". Did you mean "circle"?'),
        ("title: x\nmazes: [{size: 9x9, grid: hexagons}]\n", 'got "hexagons". Did you mean "hex"?'),
        ("title: x\nmazes: [{size: 9x9, grid: squares}]\n", 'got "squares". Did you mean "rectangle"?'),
        ("title: x\nmazes: [{size: 20x20, shape: kitten}]\n", 'got "kitten". Did you mean "cat"?'),
        # a word as --shape takes it
        ("title: x\nmazes: [{size: 20x9, shape: 'text:Mia'}]\n", 'got "text:Mia". Did you mean {text: Mia}?'),
    ],
)
def test_bad_specs_get_one_clear_line_each(tmp_path, text, expected):
    found = problems_of(tmp_path, text)
    assert any(expected in p for p in found), found


def test_unreadable_files_are_explained(tmp_path):
    with pytest.raises(PuzzlebookError, match="no such spec file"):
        load_spec(tmp_path / "missing.yaml")
    with pytest.raises(PuzzlebookError, match="is a folder"):
        load_spec(tmp_path)
    binary = tmp_path / "b.yaml"
    binary.write_bytes(b"\xff\xfe\x00\x81")
    with pytest.raises(
        PuzzlebookError, match=re.escape("b.yaml:1: this spec is saved as UTF-16; save it as UTF-8")
    ):
        load_spec(binary)
    binary.write_bytes(b"title: Caf\xe9\n")
    with pytest.raises(PuzzlebookError, match=re.escape("b.yaml:1: byte 0xE9 is not UTF-8 text")):
        load_spec(binary)


def test_a_file_of_another_kind_or_name_given_for_a_spec_or_class_list_is_told_what_to_give(tmp_path):
    """`build book.pdf` said "a NUL byte on line 48"; `build book.yml` and `students: kids.txt`, beside
    book.yaml and kids, said only that there was no such file; a class list saved as .xlsx went on to a
    NUL byte too."""
    (tmp_path / "book.yaml").write_text("title: T\nstudents: kids.txt\nmazes: [{size: 5x5}]\n")
    (tmp_path / "book.pdf").write_bytes(b"%PDF-1.4\n%\x93\x8c\x8b\x9e\n1 0 obj\x00")
    (tmp_path / "kids").write_text("Ana\nBen\n")
    told = {
        "book.pdf": "error: book.pdf: this is a PDF, not a spec: give the book's .yaml file; "
        "puzzlebook check book.pdf checks a PDF\n",
        "book.yml": f'error: {tmp_path / "book.yml"}: no such spec file; did you mean "book.yaml"?\n',
        "book": f'error: {tmp_path / "book"}: no such spec file; did you mean "book.yaml"?\n',
        "book.yaml": 'error: book.yaml:2: students: class list "kids.txt" not found (looked for kids.txt in '
        f'{tmp_path}); did you mean "kids"?\n',
    }
    for given, expected in told.items():
        result = invoke(["validate", str(tmp_path / given)])
        assert (result.exit_code, result.stderr) == (2, expected)
    import zipfile

    with zipfile.ZipFile(tmp_path / "kids.txt", "w") as sheet:
        sheet.writestr("xl/workbook.xml", "<workbook/>")
    result = invoke(["validate", str(tmp_path / "book.yaml")])
    assert result.stderr == (
        "error: kids.txt: this is a spreadsheet's or a word processor's file, not a class list: save it as "
        "plain text (.txt or .yaml, UTF-8)\n"
    )


def test_a_layouts_setting_in_a_spec_is_told_where_it_goes(tmp_path):
    path = write(tmp_path, "title: T\ninstructions: Go!\nwords: {name: Nom}\nmazes: [{size: 5x5}]\n")
    with pytest.raises(SpecError) as caught:
        load_spec(path)
    said = [f"{p.where}: {p.message}" for p in caught.value.problems]
    assert said == [
        "book.yaml:2: instructions: a layout's setting, not a spec's: write it in a layout file beside the spec "
        "(base: the layout you use, such as activity-book, then instructions: ...) and name that file in layout:",
        "book.yaml:3: words: a layout's setting, not a spec's: write it in a layout file beside the spec "
        "(base: the layout you use, such as activity-book, then words: ...) and name that file in layout:",
    ]


@pytest.mark.parametrize(
    "text,where",
    [
        ('title: T\npage_size: "\\ud800 landscape"\nmazes: [{size: 10x10}]\n', "book.yaml:2: page_size"),
        ('title: T\nmazes: [{size: 10x10, mask: "a\\udc00.txt"}]\n', "book.yaml:2: mazes[0].mask"),
        ('"\\ud800k": 1\ntitle: T\nmazes: [{size: 10x10}]\n', "book.yaml:1"),
    ],
)
def test_half_a_character_is_refused_where_it_is_written(tmp_path, text, where):
    """A \\u escape of a lone surrogate gave a UnicodeEncodeError traceback (page_size, a mask, a font)."""
    path = write(tmp_path, text)
    with pytest.raises(SpecError) as caught:
        load_spec(path)
    (problem,) = caught.value.problems
    assert str(problem.where) == where and "holds half of a character (U+D800 to U+DFFF" in problem.message


SLIPS = [
    # (what a person typed, extra files, the one line they get back)
    (
        "title: T\nmazes:\n  - size: 12x12, algorithm: wilson\n",
        {},
        "error: book.yaml:3: this is not valid YAML: several settings on one line go in braces: "
        "- {size: 12x12, algorithm: wilson}",
    ),
    (
        "title: T\nmazes:\n  - size:12x12\n",
        {},
        'error: book.yaml:3: mazes[0]: expected a mapping of keys to values, got "size:12x12"; put a space '
        'after the colon: "size: 12x12"',
    ),
    (
        "title:Maze Fun\nmazes: [{size: 5x5}]\n",  # YAML saw this only on the next line, as a ':' misplaced
        {},
        'error: book.yaml:1: this is not valid YAML: put a space after the colon: "title: Maze Fun"',
    ),
    (  # a { left open is told on its own line, not where YAML noticed (the next, or past the end)
        "title: T\nmazes:\n  - {size: 10x10, count: 2\n  - {size: 8x8}\n",
        {},
        "error: book.yaml:3: this is not valid YAML: a mapping in { } is not closed: check its commas and the "
        "closing }",
    ),
    (
        "title: T\nstudents: [Ana, Ben\nmazes:\n  - {size: 10x10}\n",
        {},
        "error: book.yaml:2: this is not valid YAML: a list in [ ] is not closed: check its commas and the "
        "closing ]",
    ),
    (
        "title: T\nmazes:\n  - {size: 10x10, title: Fun: part 2}\n",  # was "a mapping in { } is not closed"
        {},
        "error: book.yaml:3: this is not valid YAML: text holding ': ' or an apostrophe goes in double quotes, "
        'such as title: "Tom\'s maze: part 2"',
    ),
    (
        "title: 'Tom's maze'\nmazes: [{size: 5x5}]\n",  # was "indentation does not line up"
        {},
        "error: book.yaml:1: this is not valid YAML: text holding ': ' or an apostrophe goes in double quotes, "
        'such as title: "Tom\'s maze: part 2"',
    ),
    (  # a newcomer's trial: was 'unknown key "-size". Did you mean "page_size"?'
        "title: T\n-size: 12x12\nmazes: [{size: 5x5}]\n",
        {},
        'error: book.yaml:2: -size: unknown key "-size": a list item starts with a dash and a space, indented '
        'under its list (mazes:), such as "  - size: ..."',
    ),
    (  # a newcomer's trial: was "a mapping in { } is not closed: check its commas"
        "title: T\nmazes:\n  - {size: 10x10, title: It's: tricky}\n",
        {},
        "error: book.yaml:3: this is not valid YAML: text holding ': ' or an apostrophe goes in double quotes, "
        'such as title: "Tom\'s maze: part 2"',
    ),
    (  # a newcomer's trial: was "indentation does not line up with the lines above it", on line 1
        'title: "Grandma\'s "Big" Book"\nmazes: [{size: 5x5}]\n',
        {},
        "error: book.yaml:1: this is not valid YAML: a quote mark inside double quotes ends the text: write "
        'each one inside as \\", such as title: "Grandma\'s \\"Big\\" Book"',
    ),
    (
        "title: T\nstudents: [Ana, Ben, 'O'Brien']\nmazes: [{size: 5x5}]\n",  # was "a list in [ ] is not closed"
        {},
        "error: book.yaml:2: this is not valid YAML: an apostrophe inside single quotes ends the text: put it "
        'in double quotes, such as "O\'Brien"',
    ),
    (
        "title: T\nstudents:\n  - Ana\n  - 'O'Brien'\nmazes: [{size: 5x5}]\n",  # was "indentation"
        {},
        "error: book.yaml:4: this is not valid YAML: an apostrophe inside single quotes ends the text: put it "
        'in double quotes, such as "O\'Brien"',
    ),
    (
        "title: T\nstudents:\n  - Ana\n  -Chloé\nmazes: [{size: 5x5}]\n",  # was "write key: value"
        {},
        'error: book.yaml:4: this is not valid YAML: a list item needs a space after its dash: "- Chloé"',
    ),
    (
        "title: T\nbleed: ture\nmazes: [{size: 5x5}]\n",
        {},
        'error: book.yaml:2: bleed: expected true or false, got "ture". Did you mean "true"?',
    ),
    (
        "Title: T\nmazes: [{size: 5x5}]\n",
        {},
        'error: book.yaml:1: Title: unknown key "Title". Did you mean "title"?',
    ),
    (
        'title: T\nmazes:\n  - size: "12x12\n',
        {},
        "error: book.yaml:3: this is not valid YAML: a quote is opened and never closed",
    ),
    (
        "title: T\nlayout: mine\nmazes: [{size: 5x5}]\n",
        {"mine.yaml": "base: handout\n"},
        'error: book.yaml:2: layout: unknown layout "mine". Did you mean "mine.yaml"? A layout file is named '
        "with its .yaml.",
    ),
    (
        "title: T\nmazes: [{mask: 'C:\\pics\\heart.txt'}]\n",
        {},
        'error: book.yaml:2: mazes[0].mask: mask "C:\\pics\\heart.txt" not found (looked for C:\\pics\\heart.txt in {folder}); '
        "a file is named by its place from the folder of the file that names it, with / between folders: copy "
        "it there and write heart.txt",
    ),
    (
        "title: T\nlayout: mine.yaml\nmazes: [{size: 5x5}]\n",
        {"mine.yaml": "font: Arial\n"},
        'error: mine.yaml:1: font: font "Arial" is not a font file: a font is a .ttf, .otf or .ttc file, '
        "named from the folder of the file that names it (font: Arial.ttf), or one of DejaVuSans, "
        "DejaVuSans-Bold, Vera, VeraBd",
    ),
    (
        "title: T\nfallback_fonts: [Arial]\nmazes: [{size: 5x5}]\n",  # told as the layout's font: key
        {},
        'error: book.yaml:2: fallback_fonts[0]: font "Arial" is not a font file: a font is a .ttf, .otf or .ttc '
        "file, named from the folder of the file that names it (fallback_fonts: [Arial.ttf]), or one of "
        "DejaVuSans, DejaVuSans-Bold, Vera, VeraBd",
    ),
    (
        "title: T\nmazes: [{mask: stray.txt}, {mask: stray.txt, algorithm: wilson}]\n",
        {"stray.txt": "XXZ\nXXX\n"},
        'error: stray.txt:1: column 3: "Z" is neither a cell (X or #) nor empty (. or a space)',
    ),
]


@pytest.mark.parametrize("text, extra, said", SLIPS, ids=range(len(SLIPS)))
def test_a_slip_is_told_with_its_fix_in_one_line(tmp_path, monkeypatch, text, extra, said):
    monkeypatch.chdir(tmp_path)  # as a person runs it, beside the spec
    for name, content in extra.items():
        (tmp_path / name).write_text(content)
    (tmp_path / "book.yaml").write_text(text)
    result = invoke(["validate", "book.yaml"])
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [said.replace("{folder}", str(tmp_path))], result.stderr


def test_a_specs_problems_come_in_line_order_whoever_checks_them(tmp_path):
    """`pictures:` is checked with the layout, and its problem came after every other: line 2 after 5."""
    path = tmp_path / "book.yaml"
    path.write_text("title: T\npictures: mouse-chese\nseed: -4\nmazes:\n  - {size: 0x5}\n")
    result = invoke(["validate", str(path)])
    lines = [line.split(":")[2] for line in result.stderr.splitlines()]
    assert result.exit_code == 2 and lines == ["2", "3", "5"], result.stderr


@pytest.mark.parametrize(
    ("text", "told"),
    [
        (  # a cover's key at the top: it was "Did you mean "pad"?"
            "title: T\npaper: white\nmazes:\n  - {size: 10x10}\n",
            'book.yaml:2: paper: "paper" is a cover setting: write it under cover:',
        ),
        (  # the book's bleed under cover:, its belongs_to in a maze: they got the section's keys listed
            "title: T\ncover: {bleed: true}\nmazes:\n  - {size: 10x10}\n",
            'book.yaml:2: cover.bleed: "bleed" is set for the whole book: write it at the top of the spec, '
            "not under cover:",
        ),
        (
            "title: T\nmazes:\n  - {size: 10x10, belongs_to: true}\n",
            'book.yaml:3: mazes[0].belongs_to: "belongs_to" is set for the whole book: write it at the top '
            "of the spec, not in a maze",
        ),
        (
            "title: T\nsize: 20x20\nmazes:\n  - {size: 10x10}\n",
            'book.yaml:2: size: "size" is a maze\'s setting: write it in a maze, under mazes:',
        ),
        (  # a print-on-demand service's word for page_size: it got all 31 keys listed
            "title: T\ntrim: 6x9in\nmazes:\n  - {size: 10x10}\n",
            'book.yaml:2: trim: unknown key "trim". Did you mean "page_size"?',
        ),
        (  # a slip in a key's own section is still told by its near spelling
            "title: T\nmazes:\n  - {size: 10x10, algoritm: wilson}\n",
            'book.yaml:3: mazes[0].algoritm: unknown key "algoritm". Did you mean "algorithm"?',
        ),
    ],
)
def test_a_key_at_the_wrong_level_is_told_where_it_goes(tmp_path, text, told):
    assert problems_of(tmp_path, text) == [told]


@pytest.mark.parametrize(
    ("entry", "book", "found"),
    [
        ("{size: 10x10, marks: Suggested, grid: Hex}", "", {"marks": "suggested", "grid": "hex"}),
        ("{grid: CIRCLE, size: 8}", "", {"grid": "circle", "size": (8, 8)}),
        ("{size: 12x12, shape: Heart, difficulty: Easy}", "", {"shape": "heart", "difficulty": "easy"}),
        ("{size: 10x10, algorithm: growing-tree, options: {select: Newest}}", "", {}),
        ("{size: 10x10}", "marks: Top-Bottom\n", {}),
        # an algorithm too (a newcomer's trial: `algorithm: Wilson` was refused, `grid: Hex` read)
        ("{size: 10x10, algorithm: Wilson}", "", {"algorithm": "wilson"}),
        (
            "{size: 10x10, algorithm: ' Hunt-And-Kill', options: {scan: Columns}}",
            "",
            {"algorithm": "hunt-and-kill"},
        ),
    ],
)
def test_a_word_chosen_from_a_list_is_read_in_any_case(tmp_path, entry, book, found):
    """A newcomer's trial: `page_size: A4` and `layout: Handout` were read, `printer: KDP` and
    `marks: Suggested` refused. Every word a key chooses from is read in any case, in the spec, its
    entries, a generator's options and the cover; a word not on the list is still refused."""
    spec = tmp_path / "book.yaml"
    spec.write_text(f"title: T\n{book}cover: {{printer: KDP, paper: White}}\nmazes:\n  - {entry}\n")
    loaded = load_spec(spec)
    maze = loaded.book.mazes[0]
    assert {key: getattr(maze, key) for key in found} == found
    assert (loaded.book.cover.printer, loaded.book.cover.paper) == ("kdp", "white")
    if book:
        assert loaded.book.marks == "top-bottom"
    if "select" in entry:
        assert next(loaded.mazes()).options["select"] == "newest"
    assert next(loaded.mazes()).algorithm == maze.algorithm  # as the book and its key name it
    spec.write_text("title: T\nmazes:\n  - {size: 10x10, marks: Sugested}\n")
    with pytest.raises(SpecError) as told:
        load_spec(spec)
    assert 'got "Sugested". Did you mean "suggested"?' in str(told.value)


def test_a_missing_mask_is_told_with_the_specs_other_problems(tmp_path):
    """A newcomer's trial: with `page_size: A7` wrong, a missing star.txt was told only once the page
    size was mended, a second round of fixes. Every problem is told at once, in line order; a mask
    outside the spec's folder too."""
    spec = tmp_path / "book.yaml"
    spec.write_text(
        "title: T\npage_size: A7\nmazes:\n  - {mask: star.txt}\n  - {size: 10x10, algorithm: wilsom}\n"
        "  - {mask: ../heart.txt}\n"
    )
    (tmp_path.parent / "heart.txt").write_text("XX\nXX\n")
    result = invoke(["validate", str(spec)])
    assert result.exit_code == 2
    told = result.stderr.splitlines()
    assert [line.split(":")[2] for line in told] == ["2", "4", "5", "6"], told
    assert 'mazes[0].mask: mask "star.txt" not found' in told[1]
    assert "mazes[2].mask" in told[3] and "outside the spec's folder" in told[3]


def test_a_mask_many_entries_name_is_read_once_where_the_spec_has_other_problems(tmp_path, monkeypatch):
    """The mask check that runs beside the spec's other problems must not let a small spec ask for much
    work: 300 entries naming one 20 MB picture would read it 300 times. Each file is read once, and each
    entry naming a missing one is told at its own line."""
    from puzzlebook import inputs

    calls: list[str] = []
    real = inputs.read_bytes

    def counted(path, *args, **kwargs):
        calls.append(str(path))
        return real(path, *args, **kwargs)

    monkeypatch.setattr(inputs, "read_bytes", counted)
    spec = tmp_path / "book.yaml"
    spec.write_text(
        "title: T\npage_size: A7\nmazes:\n" + "  - {mask: star.txt}\n  - {mask: ./star.txt}\n" * 150
    )
    with pytest.raises(SpecError) as told:
        load_spec(spec)
    said = [str(problem) for problem in told.value.problems]
    assert len(said) == 301 and all("not found" in line for line in said[1:]), said[:3]
    assert said[1].startswith("book.yaml:4:") and said[-1].startswith("book.yaml:303:")
    assert [call for call in calls if call.endswith("star.txt")] == [str(tmp_path / "star.txt")]


def test_reading_words_in_any_case_keeps_nothing_for_keys_a_spec_invents(tmp_path):
    """The studio checks specs from a browser in one long-lived process: the choices of each field are
    kept, never those of a key a spec makes up (1,000 of them, in capitals, each refused)."""
    from puzzlebook.fields import _choices

    spec = tmp_path / "book.yaml"
    spec.write_text(
        "title: T\n" + "".join(f"Key{i}: Value\n" for i in range(1000)) + "mazes: [{size: 5x5}]\n"
    )
    before = _choices.cache_info().currsize
    with pytest.raises(SpecError) as told:
        load_spec(spec)
    assert len(told.value.problems) == 1000
    assert _choices.cache_info().currsize - before < 50


def test_none_is_offered_only_for_a_near_spelling_of_it(tmp_path):
    """`pictures: unicorn` was asked whether it meant "none", the nearest word by its letters."""
    spec = tmp_path / "book.yaml"
    spec.write_text("title: x\npictures: unicorn\nmazes: [{size: 9x9}]\n")
    told = invoke(["validate", str(spec)]).stderr
    assert 'unknown pictures "unicorn". Choose one of' in told and "Did you mean" not in told, told
    said = problems_of(tmp_path, "title: x\nmazes: [{size: 9x9, marks: nnoe}]\n")
    assert said[0].endswith('got "nnoe". Did you mean "none"?'), said


def test_a_page_of_exactly_200_inches_in_millimetres_is_taken(tmp_path):
    """5080 mm is 200 in, the largest page: in points it came to 14400.000000000002 and was refused as
    more than 200 in (an attacker's trial). A page just over it still is."""
    from puzzlebook.units import page_size

    assert page_size("5080x5080mm") == (14400.0, 14400.0) == page_size("200x200in")
    with pytest.raises(ValueError, match="between 1in and 200in"):
        page_size("5081x5080mm")
