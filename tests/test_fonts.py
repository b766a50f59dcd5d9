"""Every reader's name prints: the bundled fonts, fallback fonts, right-to-left names, and no empty boxes."""

from __future__ import annotations

import unicodedata
from dataclasses import replace
from importlib import resources
from pathlib import Path

import pdfplumber
import pytest
from clirun import invoke
from fontmaker import make_font
from pdfcheck import fonts, page_texts

from puzzlebook.build import build_book
from puzzlebook.preflight import preflight
from puzzlebook.render.fonts import BUNDLED, Setter, register_font

CJK = "迷宫探险"


BOOK = "title: Font Test\nmarks: suggested\nmazes:\n  - {size: 6x6, algorithm: wilson}\n"


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def test_dejavu_sans_is_bundled_with_its_license():
    folder = resources.files("puzzlebook") / "fonts"
    for name in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf"):
        assert (folder / name).read_bytes()[:4] == b"\x00\x01\x00\x00"
    assert "Bitstream Vera" in (folder / "LICENSE").read_text()


def test_the_default_font_is_dejavu_sans_embedded(tmp_path):
    target, _ = build_book(write(tmp_path / "book.yaml", BOOK.replace("Font Test", "Dvořák, Ελένη, Жанна")))
    found = fonts(target)
    assert {name.split("+")[1] for name, _ in found} == {"DejaVuSans", "DejaVuSans-Bold"}
    assert all(embedded for _, embedded in found)
    assert "Dvořák, Ελένη, Жанна" in page_texts(target)[0]


def test_vera_still_works_by_name(tmp_path):
    write(tmp_path / "old.yaml", "base: activity-book\nfont: Vera\nbold_font: VeraBd\n")
    target, _ = build_book(write(tmp_path / "book.yaml", BOOK + "layout: old.yaml\n"))
    assert {name.split("+")[1] for name, _ in fonts(target)} == {
        "BitstreamVeraSans-Roman",
        "BitstreamVeraSans-Bold",
    }


def test_every_subset_has_its_own_stable_tag(tmp_path):
    """Over 256 different letters make a second subset of the regular font: four subsets, four tags."""
    letters = [chr(c) for c in range(0x100, 0x17F)] + [chr(c) for c in range(0x410, 0x450)]
    letters += [chr(c) for c in range(0x3B1, 0x3CA)] + [chr(c) for c in range(0x1EA0, 0x1EF9)]
    titles = ["".join(letters[i : i + 40]) for i in range(0, len(letters), 40)]
    entries = "".join(f"  - {{size: 6x6, title: {title}}}\n" for title in titles)
    book = write(tmp_path / "book.yaml", BOOK + entries)
    target, _ = build_book(book)
    names = sorted({name for name, _ in fonts(target)})
    tags = [name.lstrip("/").split("+")[0] for name in names]
    assert len(names) == 3 and len(set(tags)) == 3, names  # regular, and bold in two subsets
    assert all(len(tag) == 6 and tag.isalpha() and tag.isupper() for tag in tags)
    first = Path(target).read_bytes()
    build_book(book)
    assert Path(target).read_bytes() == first


# ---- fallback fonts: files checked like font and bold_font --------------------------------------


@pytest.mark.parametrize(
    "font,message",
    [
        ("NoSuchFont.ttf", 'font "NoSuchFont.ttf" not found (looked for NoSuchFont.ttf in {folder})'),
        ("fonts.ttf", 'font "fonts.ttf" is a folder; give the path of a font file'),
        ("zero.ttf", 'font "zero.ttf" is a device, not a file; give the path of a font file'),
        ("mislabelled.ttf", '"mislabelled.ttf" is not a TrueType or OpenType font (.ttf, .otf, .ttc)'),
        ("cff.otf", 'font "cff.otf" cannot be embedded: its PostScript (CFF) outlines cannot be read'),
        # named as no font file: never opened (a shared spec's font could be any file on the
        # machine, and its answer told what was there)
        (
            "fonts",
            'font "fonts" is not a font file: a font is a .ttf, .otf or .ttc file, named from the folder',
        ),
        ("/dev/zero", 'font "/dev/zero" is not a font file: a font is a .ttf, .otf or .ttc file'),
        ("names.txt", 'font "names.txt" is not a font file: a font is a .ttf, .otf or .ttc file, named'),
    ],
)
@pytest.mark.parametrize("where", ["spec", "layout"])
def test_a_fallback_font_that_is_no_font_is_refused_with_its_line(tmp_path, where, font, message):
    (tmp_path / "fonts").mkdir()
    (tmp_path / "fonts.ttf").mkdir()
    (tmp_path / "zero.ttf").symlink_to("/dev/zero")
    write(tmp_path / "names.txt", "Ana\n")
    write(tmp_path / "mislabelled.ttf", "Ana\n")
    (tmp_path / "cff.otf").write_bytes(b"OTTO" + bytes(200))
    if where == "spec":
        book = write(tmp_path / "book.yaml", BOOK + f"fallback_fonts:\n  - {font}\n")
        at, folder = "book.yaml:6: fallback_fonts[0]", tmp_path
    else:
        (tmp_path / "look").mkdir()
        for name in ("fonts", "fonts.ttf", "zero.ttf", "names.txt", "mislabelled.ttf", "cff.otf"):
            (tmp_path / "look" / name).symlink_to(tmp_path / name)
        write(tmp_path / "look" / "my.yaml", f"base: handout\nfallback_fonts: [DejaVuSans, {font}]\n")
        book = write(tmp_path / "book.yaml", BOOK + "layout: look/my.yaml\n")
        at, folder = "my.yaml:2: fallback_fonts[1]", tmp_path / "look"
    for command in ("validate", "build"):
        result = invoke([command, str(book)])
        assert result.exit_code == 2, result.output
        expected = f"error: {at}: {message.format(folder=folder)}"
        assert result.stderr.splitlines()[0].startswith(expected), result.stderr
    assert not (tmp_path / "book.pdf").exists()


def test_at_most_eight_fallback_fonts(tmp_path):
    book = write(tmp_path / "book.yaml", BOOK + "fallback_fonts: [" + ", ".join(["DejaVuSans"] * 9) + "]\n")
    result = invoke(["validate", str(book)])
    assert result.exit_code == 2
    assert "book.yaml:5: fallback_fonts: is 9 items long; the limit is 8" in result.stderr


# ---- letters no font has are refused; fallback fonts draw them -----------------------------------


def test_a_name_no_font_has_is_refused_before_any_work(tmp_path):
    book = write(
        tmp_path / "book.yaml",
        "title: Class\nstudents:\n  - Ana\n  - Ben\n  - 迷宫\nmazes:\n  - {size: 6x6}\n",
    )
    for command in ("validate", "build", "check"):
        result = invoke([command, str(book)])
        assert result.exit_code == 2, result.output
        assert result.stderr == (
            'error: book.yaml:5: students[2]: "迷" (U+8FF7) is in none of the fonts; add a font that has it, '
            "e.g. fallback_fonts: [NotoSansSC-Regular.ttf] (free from https://fonts.google.com/noto/specimen/Noto+Sans+SC)\n"
        )
    assert not (tmp_path / "book.pdf").exists()


def test_each_place_is_named_once_with_its_first_missing_letter(tmp_path):
    write(tmp_path / "names.txt", "Ana\n# a comment\n探险 Ben\n")
    write(tmp_path / "big.yaml", "base: handout\nfooter: '{page} ✈ 🙂'\n")
    book = write(
        tmp_path / "book.yaml",
        "title: 迷宫\nlayout: big.yaml\nstudents: names.txt\nmazes:\n  - {size: 6x6}\n",
    )
    result = invoke(["validate", str(book)])
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        'error: big.yaml:2: footer: "🙂" (U+1F642) is in none of the fonts; add a font that has it, e.g. '
        "fallback_fonts: [NotoEmoji-Regular.ttf] "
        "(free from https://fonts.google.com/noto/specimen/Noto+Emoji)",
        'error: book.yaml:1: title: "迷" (U+8FF7) is in none of the fonts; add a font that has it, e.g. '
        "fallback_fonts: [NotoSansSC-Regular.ttf] "
        "(free from https://fonts.google.com/noto/specimen/Noto+Sans+SC)",
        'error: names.txt:3: "探" (U+63A2) is in none of the fonts; add a font that has it, e.g. '
        "fallback_fonts: [NotoSansSC-Regular.ttf] "
        "(free from https://fonts.google.com/noto/specimen/Noto+Sans+SC)",
    ]  # a handout prints the title at the top of every sheet


def test_a_fallback_font_draws_what_the_main_font_lacks(tmp_path):
    make_font(tmp_path / "cjk.ttf", CJK)
    book = write(
        tmp_path / "book.yaml", f"title: {CJK} Ana\nfallback_fonts: [cjk.ttf]\n" + BOOK.split("\n", 1)[1]
    )
    target, _ = build_book(book)
    assert f"{CJK} Ana" in page_texts(target)[0]
    assert {name.split("+")[1] for name, _ in fonts(target)} == {
        "DejaVuSans",
        "DejaVuSans-Bold",
        "TestFallback-Regular",
    }


def chars(target: str, page: int = 0) -> list[dict]:
    with pdfplumber.open(target) as pdf:
        return list(pdf.pages[page].chars)


def test_a_mixed_line_is_centred_and_shrunk_as_a_whole(tmp_path):
    make_font(tmp_path / "cjk.ttf", CJK)
    title = f"{CJK * 3}·Dvořák·{CJK * 3}"  # wider than a 6x9in page at 36 pt, and one word: no wrapping
    book = write(tmp_path / "book.yaml", f"title: {title}\npage_size: 6x9in\nfallback_fonts: [cjk.ttf]\n")
    book.write_text(book.read_text() + BOOK.split("\n", 1)[1])
    target, checked = build_book(book)
    on_page = chars(target)
    baseline = next(c["matrix"][5] for c in on_page if c["text"] == CJK[0])
    drawn = [c for c in on_page if c["matrix"][5] == baseline]
    assert "".join(c["text"] for c in drawn) == title
    assert len({round(c["size"], 3) for c in drawn}) == 1 and 7 <= drawn[0]["size"] < 36  # one size, shrunk
    item = next(i for i in checked.plan.pages[0].items if getattr(i, "text", "") == title)
    left, right = min(c["x0"] for c in drawn), max(c["x1"] for c in drawn)
    assert (left + right) / 2 == pytest.approx(item.x, abs=0.01)
    assert right - left == pytest.approx(item.max_width, abs=0.01)  # shrunk to just fit


def test_fallbacks_from_a_ttc_in_the_layout_and_a_ttf_in_the_spec_add_up(tmp_path):
    (tmp_path / "look").mkdir()
    make_font(tmp_path / "look" / "first.ttc", "迷宫", name="FirstFallback", ttc=True)
    make_font(tmp_path / "second.ttf", "探险", name="SecondFallback")
    write(tmp_path / "look" / "my.yaml", "base: handout\nfallback_fonts: [first.ttc]\n")
    book = write(tmp_path / "book.yaml", "title: T\nlayout: look/my.yaml\nfallback_fonts: [second.ttf]\n")
    book.write_text(book.read_text() + f"students: [{CJK}]\nmazes:\n  - {{size: 6x6}}\n")
    target, checked = build_book(book)
    assert [Path(f).name for f in checked.layout.fallback_fonts] == ["first.ttc", "second.ttf"]
    assert CJK in page_texts(target)[0]
    names = {name.split("+")[1] for name, _ in fonts(target)}
    assert {"FirstFallback-Regular-0", "SecondFallback-Regular"} <= names  # -0: the first of the .ttc


# ---- a class from everywhere ----------------------------------------------------------------------

NAMES = {
    "Czech": "Anežka Dvořák",
    "Vietnamese": "Nguyễn Văn An",
    "Polish": "Zofia Łukasiewicz",
    "Turkish": "Çağrı Şahin",
    "Greek": "Ελένη Παπαδοπούλου",
    "Russian": "Дмитрий Иванов",
    "Danish": "Søren Kierkegård",
    "Hebrew": "דוד כהן",
    "Arabic": "محمد علي",
}
RTL = ("Hebrew", "Arabic")


@pytest.fixture(scope="module")
def class_set(tmp_path_factory):
    folder = tmp_path_factory.mktemp("class")
    write(folder / "names.txt", "\n".join(NAMES.values()) + "\n")
    book = write(
        folder / "book.yaml",
        "title: Room 12\nlayout: handout\nstudents: names.txt\nmarks: suggested\nmazes:\n  - {size: 6x6}\n",
    )
    target, checked = build_book(book)
    return target, checked


def name_line(target: str, page: int) -> str:
    """The name printed on the Name line of a page (in bold, unlike the line's words), left to right as
    drawn."""
    on_page = chars(target, page)
    line = next(c for c in on_page if c["text"] == "N")["matrix"][5]  # the N of "Name"
    return "".join(c["text"] for c in on_page if c["matrix"][5] == line and "Bold" in c["fontname"])


@pytest.mark.parametrize("language", list(NAMES))
def test_every_name_is_printed_and_reads_back(class_set, language):
    target, _ = class_set
    page = list(NAMES).index(language)
    drawn = name_line(target, page)
    if language not in RTL:
        assert drawn == NAMES[language]
    else:  # drawn right to left: reversed, and Arabic in its joined (presentation) forms
        assert unicodedata.normalize("NFKC", drawn[::-1]) == NAMES[language]


def test_arabic_letters_are_joined_and_hebrew_reads_right_to_left(class_set):
    target, _ = class_set
    arabic = name_line(target, list(NAMES).index("Arabic"))
    # محمد علي as drawn from the left: final yeh, medial lam, initial ain; final dal, medial meem,
    # medial hah, initial meem
    assert arabic == "\ufef2\ufee0\ufecb \ufeaa\ufee4\ufea4\ufee3"
    assert name_line(target, list(NAMES).index("Hebrew")) == "ןהכ דוד"


def test_a_name_keeps_its_direction_inside_an_english_label(class_set):
    target, _ = class_set
    texts = unicodedata.normalize("NFKC", "\n".join(page_texts(target)))  # pypdf puts Hebrew and Arabic
    assert "Søren Kierkegård · page 7" in texts  # in reading order, and the name first
    assert "דוד כהן · page 8" in texts  # means it is on the left, as Søren's is
    assert "محمد علي · page 9" in texts


def test_no_letter_of_the_class_set_is_an_empty_box(class_set):
    target, checked = class_set
    problems = preflight(Path(target).read_bytes(), "print", checked.plan.bleed)
    assert not [p for p in problems if "empty box" in p]
    assert problems == [
        "book: 11 pages; print-on-demand needs at least 24 and an even number: add `pad: true`"
        + PRINTED_AT_HOME
    ]


PRINTED_AT_HOME = "; for a printer at home or school, add `print_on_demand: false`"


def drawn(text: str, *fonts: str) -> list[str]:
    """The runs of a line, left to right as drawn."""
    setter = Setter(tuple(register_font(f) for f in (fonts or ["DejaVuSans"])))
    return [str(run.text) for run in setter.line(text).runs]


def test_bidi_order_follows_the_unicode_algorithm():
    assert drawn("Ana") == ["Ana"]
    assert drawn("דוד כהן") == ["ןהכ דוד"]  # a right-to-left paragraph
    assert drawn("כיתה 3") == ["3", " התיכ"]  # a number inside it keeps its own order
    assert drawn("Ana (דוד) 12 x") == ["Ana (", "דוד", ") ", "12", " x"]  # brackets pair (UAX #9, N0)
    assert drawn("\u2068דוד כהן\u2069 · Maze 1") == ["ןהכ דוד", " · Maze 1"]  # an isolate, left out


def test_marks_and_joiners_are_shaped_not_boxed(tmp_path):
    assert drawn("Zoe\u0308") == ["Zoë"]  # decomposed letters are composed first
    assert drawn("مهر\u200cنوش")[0].count("\u200c") == 0  # a zero-width non-joiner breaks the joining
    write(tmp_path / "names.txt", "Zoe\u0308 Ra\u0301c\n\u0645\u0647\u0631\u200c\u0646\u0648\u0634\nשָׁלוֹם\n")
    book = write(tmp_path / "book.yaml", "title: T\nstudents: names.txt\nmazes:\n  - {size: 6x6}\n")
    target, _ = build_book(book)
    assert not [p for p in preflight(Path(target).read_bytes()) if "empty box" in p]


def test_check_and_strict_report_empty_boxes_with_their_page(tmp_path, monkeypatch):
    """Were a letter no font has to slip past the checks before drawing, the finished PDF is caught."""
    monkeypatch.setattr("puzzlebook.build.text_problems", lambda plan: [])
    book = write(
        tmp_path / "book.yaml",
        "title: T\npad: true\nstudents: [Ana, Ben 迷宫]\nmarks: suggested\nmazes:\n  - {size: 6x6}\n",
    )
    # each line names the file: the spec for a book checked in memory, the book for --strict
    for command, named in (
        (["check"], book),
        (["build", "--strict"], f"{tmp_path / 'book.pdf'} (not written)"),
    ):
        result = invoke([*command, str(book)])
        assert result.exit_code == 1, result.output
        lines = result.stderr.splitlines()
        assert lines[0].startswith(f"error: {named}: page 3: 2 letter(s) in font ")  # on the Name line
        assert lines[1].startswith(f"error: {named}: page 4: 2 letter(s) in font ")  # the answer's label
        assert len(lines) == 2 and lines[0].endswith(
            "+DejaVuSans-Bold drawn as an empty box (glyph 0, .notdef): the font lacks them; add a font "
            "that has them with fallback_fonts"
        )
    assert not (tmp_path / "book.pdf").exists()


@pytest.mark.parametrize("font", ["DejaVuSans", "DejaVuSans-Bold"])
def test_the_default_font_covers_latin_greek_and_cyrillic(font):
    setter = Setter((register_font(font),))
    blocks = {
        "Latin-1, Latin Extended-A and -B": (0xA0, 0x24F),
        "Vietnamese": (0x1EA0, 0x1EF9),
        "Latin Extended Additional": (0x1E00, 0x1EFB),
        "Greek and Coptic": (0x370, 0x3FF),
        "Greek Extended": (0x1F00, 0x1FFE),
        "Cyrillic": (0x400, 0x4FF),
    }
    for low, high in blocks.values():
        letters = "".join(chr(c) for c in range(low, high + 1) if unicodedata.category(chr(c))[0] in "LMNPS")
        assert setter.missing(letters) is None
    assert setter.missing("·×") is None and setter.missing("迷") == "迷"


def test_a_right_to_left_name_in_a_title_keeps_the_title_reading_left_to_right(tmp_path):
    """ "{student}'s maze" for محمد printed "Maze 1 · s maze'محمد": the name made the whole title a
    right-to-left paragraph."""
    from puzzlebook.build import check_book
    from puzzlebook.fields import isolate

    book = write(
        tmp_path / "book.yaml",
        'title: T\nstudents: [محمد, Ana]\nmazes:\n  - {size: 6x6, title: "{student}\'s maze"}\n',
    )
    titles = [m.title for m in check_book(book).mazes]
    assert drawn(f"Maze 1 · {isolate(titles[0])}") == ["Maze 1 · ", "ﺪﻤﺤﻣ", "\u2019s maze"]  # curled
    assert titles[1] == "Ana's maze"


# ---- fonts whose tables lie ----------------------------------------------------------------------


def _lying(data: bytes, tag: bytes, at: int, value: bytes, in_directory: bool = False) -> bytes:
    """``data`` with ``value`` written ``at`` bytes into table ``tag`` (or into its directory record)."""
    count = int.from_bytes(data[4:6], "big")
    for record in range(12, 12 + 16 * count, 16):
        if data[record : record + 4] == tag:
            start = record if in_directory else int.from_bytes(data[record + 8 : record + 12], "big")
            return data[: start + at] + value + data[start + at + len(value) :]
    raise AssertionError(tag)


@pytest.mark.parametrize(
    "lie,message",
    [
        ((b"maxp", 4, b"\x00\x00"), "its maxp table counts no glyphs"),
        ((b"maxp", 4, b"\x00\x14"), "its cmap maps a letter to glyph "),
        ((b"glyf", 0, b"gly_", True), "it has no glyf table (the outlines of its letters)"),
        ((b"glyf", 12, b"\x00\x00\x00\x64", True), "its loca table places outlines past the end of its glyf"),
    ],
)
def test_a_font_whose_tables_lie_is_refused_at_its_line_by_validate(tmp_path, lie, message):
    """Vera with one table changed: each passed validate and failed in reportlab's subsetter as the book
    was written (an IndexError, a KeyError, a struct.error)."""
    vera = Path(BUNDLED["Vera"]).read_bytes()
    (tmp_path / "Lying.ttf").write_bytes(_lying(vera, *lie))
    write(tmp_path / "my.yaml", "base: handout\nfont: Lying.ttf\n")
    book = write(tmp_path / "book.yaml", BOOK + "layout: my.yaml\n")
    for command in ("validate", "build"):
        result = invoke([command, str(book)])
        assert result.exit_code == 2, result.output
        assert result.stderr.startswith(
            f'error: my.yaml:2: font: font "Lying.ttf" cannot be embedded: {message}'
        )
        assert result.stderr.rstrip().endswith(
            "; the file is damaged: use another copy of the font, or another font"
        )
        assert len(result.stderr.splitlines()) == 1
    assert not (tmp_path / "book.pdf").exists()


def test_no_real_font_is_taken_for_a_damaged_one():
    from reportlab.pdfbase import pdfmetrics

    from puzzlebook.render.fonts import damage

    for name in BUNDLED:
        assert damage(pdfmetrics.getFont(register_font(name)).face) is None, name


def test_a_plain_line_is_written_as_reportlabs_text_object_writes_it():
    """Lines of plain runs skip reportlab's text object: the same operators, the same letters given
    the same subsets (over 256 letters make a second one), and the same file once saved."""
    import io

    from reportlab.pdfgen.canvas import Canvas

    from puzzlebook.render.fonts import draw_line, text_object

    regular = Setter(tuple(register_font(f) for f in ["DejaVuSans"]))
    bold = Setter((register_font("DejaVuSans-Bold"),), bold=True)
    letters = "".join(chr(c) for c in range(0x100, 0x250) if regular.missing(chr(c)) is None)
    texts = ["Start", "Finish", "Maze 12 (a) \\ b", "", "é · ×", letters[:150], "Start", letters, "42"]
    made = []
    for plain in (True, False):
        canvas = Canvas(buffer := io.BytesIO(), invariant=1, initialFontName=regular.fonts[0])
        for number, text in enumerate(texts):
            setter = bold if number % 2 else regular
            line = setter.line(text)
            assert all(type(run.text) is str and not run.emboldened for run in line.runs)
            (draw_line if plain else text_object)(canvas, 10.123 * number, 700.456 - 3 * number, line, 7.5)
        made.append((list(canvas._code), canvas))
        canvas.showPage()
        canvas.save()
        made[-1] = (*made[-1][:1], buffer.getvalue())
    assert made[0] == made[1]
    assert "+1 7.5 Tf 9 TL (" in " ".join(made[0][0])  # a font's second subset was used


def _key_apart(tmp_path: Path) -> Path:
    """A class set with a name only the fallback font has, and its answer key apart."""
    make_font(tmp_path / "cjk.ttf", CJK)
    write(tmp_path / "names.txt", f"Ana\n{CJK}\n")
    return write(
        tmp_path / "book.yaml",
        "title: Room 12\nlayout: handout\nstudents: names.txt\nfallback_fonts: [cjk.ttf]\nmarks: suggested\n"
        "answer_key: separate\nmazes:\n  - {size: 6x6}\n",
    )


def test_a_separate_answer_keys_names_are_drawn_in_the_fallback_fonts_and_checked(tmp_path):
    """A separate answer key headed its pages with each child's name in the bundled fonts alone: 王小明
    printed as empty boxes on the teacher's key while the sheets were right, and check and --strict,
    which read the book only, called it ready."""
    book = _key_apart(tmp_path)
    result = invoke(["build", "--strict", str(book)])
    assert result.exit_code == 0, result.output
    key = tmp_path / "book-answers.pdf"
    assert any(f"{CJK} · " in text for text in page_texts(str(key))), page_texts(str(key))
    assert "TestFallback-Regular" in {name.split("+")[1] for name, _ in fonts(str(key))}
    assert preflight(key.read_bytes(), "office") == []
    checked = invoke(["check", str(book)])
    assert checked.exit_code == 0 and ": ready to print on an office printer " in checked.stdout, (
        checked.output
    )


def test_check_reads_a_separate_answer_key_as_it_reads_the_book(tmp_path, monkeypatch):
    """The key is a file of its own: a letter it draws as an empty box is found by check and --strict."""
    from puzzlebook.layout import pages

    book = _key_apart(tmp_path)
    made = pages._answers_plan
    monkeypatch.setattr(pages, "_answers_plan", lambda *a: replace(made(*a), fallbacks=()))  # as it was
    for command in (["check", str(book)], ["build", "--strict", str(book)]):
        result = invoke(command)
        assert result.exit_code != 0, result.output
        assert "answer" in result.output and "empty box" in result.output, result.output
    assert not (tmp_path / "book-answers.pdf").exists()


def test_straight_quotes_print_curled_where_the_fonts_have_them(tmp_path):
    """ "Kruskal's" printed with a typewriter's straight mark in an 18 pt heading (a design review). Read
    back from the page: the apostrophe and the quotes curled, opening and closing as a typesetter sets
    them, in the heading and the title; the spec's own text is left as written."""
    spec = tmp_path / "book.yaml"
    spec.write_text(
        'title: "The Kids\' \\"Best\\" Mazes"\nmazes:\n  - {size: 5x5, title: "Kruskal\'s \'90s maze"}\n'
    )
    target, checked = build_book(spec)
    title, maze = page_texts(target)[:2]
    assert "The Kids\u2019 \u201cBest\u201d Mazes" in title, title
    assert "Kruskal\u2019s \u201990s maze" in maze, maze
    assert "'" not in title + maze and '"' not in title + maze
    assert checked.spec.book.title == 'The Kids\' "Best" Mazes'


def test_a_quote_no_font_has_curled_stays_straight():
    """A font without the curled marks keeps the straight ones, never an empty box."""
    from puzzlebook.typeset import curled

    every = [{ord(c): 1 for c in "\u2018\u2019\u201c\u201d"}]
    assert curled("'Hi,' she said. \"Go!\"", every) == "\u2018Hi,\u2019 she said. \u201cGo!\u201d"
    assert curled("rock's 'n' \"roll\"", [{}]) == "rock's 'n' \"roll\""
    # a name's direction isolates are not letters before the mark: it closes after the name
    assert curled("\u2068محمد\u2069's maze", every) == "\u2068محمد\u2069\u2019s maze"


def test_a_range_of_small_numbers_prints_with_an_en_dash_where_a_font_has_one():
    """The cover's age badge said "Ages 6-8" with a hyphen, which reads as a minus sign (a design
    review). A range of small numbers standing alone takes an en dash; a chain of numbers (an ISBN, a
    date) and a longer number (a telephone's) keep their hyphens, as does a font without the dash."""
    from puzzlebook.typeset import ranged

    dash = [{0x2013: 1}]
    assert ranged("Ages 6-8, pages 10-12", dash) == "Ages 6\u20138, pages 10\u201312"
    for kept in ("ISBN 978-1-7777-1234-5", "2026-11-29", "call 555-1234", "Hunt-and-kill", "6-8-"):
        assert ranged(kept, dash) == kept
    assert ranged("Ages 6-8", [{}]) == "Ages 6-8"


def test_a_size_prints_with_a_multiplication_sign_where_a_font_has_one():
    """A subtitle's "24 x 30 grid" printed with the letter x (a design review). A size standing alone
    takes a multiplication sign, its spacing as written; a hexadecimal number, a part number and a
    word with an x in it keep the letter, as does a font without the sign."""
    from puzzlebook.typeset import multiplied

    times = [{0xD7: 1}]
    assert multiplied("The same 24 x 30 grid, a 5x5 and 10X12", times) == (
        "The same 24 \u00d7 30 grid, a 5\u00d75 and 10\u00d712"
    )
    for kept in ("0x1F", "12x4B", "box 3", "6x", "x9", "1.5x2", "2x faster", "24 x 30", "24x 30x"):
        assert multiplied(kept, times if kept != "24 x 30" else [{}]) == kept


def test_a_title_breaks_into_even_lines_not_greedy_ones():
    """A cover's title broken greedily read "The Big Book of Amazing / Mazes for Curious / Young
    Explorers" (a design review). Broken evenly: as many lines, the widest narrower than the greedy
    break's, so the title is set larger in its room."""
    from puzzlebook.typeset import even_lines, wrap_lines

    bold = Setter((register_font("DejaVuSans-Bold"),), bold=True)
    title = "The Big Book of Amazing Mazes for Curious Young Explorers"
    width = bold.line("The Big Book of Amazing").width * 1.01  # what the greedy break fills
    greedy, even = wrap_lines(title, bold, width, 3), even_lines(title, bold, width, 3)
    assert len(even) == len(greedy) == 3
    assert max(line.width for line in even) < max(line.width for line in greedy)  # so it prints larger
    assert " ".join(run.text for line in even for run in line.runs) == title
