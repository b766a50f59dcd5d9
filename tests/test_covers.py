"""Wrap covers: built beside the book, read back from the PDF (size, boxes, words, spine, barcode),
made alone, checked against the interior, byte-identical on rebuilds."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from clirun import invoke
from coverscheck import bars, chars, decode_ean13, modules
from fontmaker import make_font
from pypdf import PdfReader

from puzzlebook.build import build_book
from puzzlebook.cover.sizes import thickness
from puzzlebook.pdfread import Char, Document, Page, Shape

INCH = 72.0
CJK = "迷宫探险"
BLURB = "A book of mazes from a first gentle walk to long winding puzzles. Every answer is at the back."


def book(tmp_path: Path, trim: str, count: int, cover: str, more: str = "", size: str = "8x10") -> Path:
    path = tmp_path / "book.yaml"
    path.write_text(
        f"title: Maze Quest\nauthor: Maple Street Press\npage_size: {trim}\nbleed: true\npad: true\n"
        f"marks: suggested\nseed: 5\n{more}cover:\n{cover}mazes:\n  - {{size: {size}, count: {count}}}\n"
    )
    return path


def made(tmp_path: Path, spec: str) -> tuple[PdfReader, Path, PdfReader]:
    """The built book, its cover's path and the cover."""
    target, _ = build_book(spec)
    cover = Path(target).with_name(Path(target).stem + "-cover.pdf")
    return PdfReader(target), cover, PdfReader(cover)


def size_in(reader: PdfReader) -> tuple[float, float]:
    box = reader.pages[0].mediabox
    return float(box.width) / INCH, float(box.height) / INCH


def test_kdp_letter_paperback_of_100_mazes(tmp_path):
    """8.5 x 11 in, 100 mazes with answers: the cover is bleed + back + spine + front + bleed across and
    trim + 2 bleeds high, from the interior's own page count (white paper, 0.002252 in a page)."""
    spec = book(tmp_path, "8.5x11in", 100, f"  isbn: 978-0-306-40615-7\n  back: {BLURB}\n")
    interior, _, cover = made(tmp_path, str(spec))
    pages = len(interior.pages)
    assert pages >= 100 and pages % 2 == 0
    width, height = size_in(cover)
    assert width == pytest.approx(0.125 + 8.5 + pages * 0.002252 + 8.5 + 0.125, abs=1e-3)
    assert height == pytest.approx(11.25, abs=1e-3)
    page = cover.pages[0]
    assert [float(v) for v in page.trimbox] == pytest.approx(
        [9, 9, width * 72 - 9, height * 72 - 9], abs=0.01
    )
    assert [float(v) for v in page.bleedbox] == pytest.approx([0, 0, width * 72, height * 72], abs=0.01)
    assert len(cover.pages) == 1 and "/Annots" not in page


def test_words_stay_in_the_safe_zones_and_the_spine_carries_title_and_author(tmp_path):
    spec = book(tmp_path, "6x9in", 120, f"  back: {BLURB}\n", size="6x8")
    interior, cover_path, _ = made(tmp_path, str(spec))
    pages = len(interior.pages)
    spine = pages * 0.002252 * INCH
    back_x1, front_x0 = 9 + 6 * INCH, 9 + 6 * INCH + spine
    safe, clear = 0.125 * INCH, 0.0625 * INCH
    on_spine = []
    for c in chars(cover_path):
        if back_x1 <= c.x0 and c.x1 <= front_x0:
            assert c.x0 >= back_x1 + clear - 0.01 and c.x1 <= front_x0 - clear + 0.01, c
            assert c.y0 >= 9 + safe - 0.01 and c.y1 <= 9 + 9 * INCH - safe + 0.01, c
            on_spine.append(c)
        else:
            back = c.x1 <= back_x1
            x0, x1 = (9, back_x1) if back else (front_x0, front_x0 + 6 * INCH)
            assert x0 + safe - 0.01 <= c.x0 and c.x1 <= x1 - safe + 0.01, c
            assert 9 + safe - 0.01 <= c.y0 and c.y1 <= 9 + 9 * INCH - safe + 0.01, c
    text = "".join(c.text for c in sorted(on_spine, key=lambda c: -c.y1))
    assert text.replace(" ", "") == "MazeQuestMapleStreetPress"  # top to bottom, along the spine
    # turned: the letters run down the page in drawing order, one column each for title and author
    assert [c.y1 for c in on_spine] == sorted((c.y1 for c in on_spine), reverse=True)
    title = [c for c in on_spine if c.text.strip()][:9]
    assert max(c.x0 for c in title) - min(c.x0 for c in title) < 0.5
    front_text = "".join(c.text for c in chars(cover_path) if c.x0 >= front_x0)
    for words in ("Maze Quest", "120 mazes with solutions", "Maple Street Press"):
        assert words.replace(" ", "") in front_text.replace(" ", "")
    assert min(c.size for c in chars(cover_path)) >= 7  # the spine's author, the page drawn small: none under
    back_text = "".join(c.text for c in chars(cover_path) if c.x1 <= back_x1)
    assert "Everyansweris" in back_text.replace(" ", "")


def test_a_front_says_the_count_once(tmp_path):
    """ "40 mazes for clever kids" under the title, then "40 mazes with solutions" under the art: where
    the subtitle gives the count, the line under the art says "With solutions"."""
    spec = book(
        tmp_path, "6x9in", 40, "  paper: white\n", more="subtitle: 40 mazes for clever kids\n", size="6x8"
    )
    _, cover_path, _ = made(tmp_path, str(spec))
    front = "".join(c.text for c in chars(cover_path) if c.x0 >= 9 + 6 * INCH).replace(" ", "")
    assert "40mazesforcleverkids" in front and "Withsolutions" in front
    assert front.count("40") == 1, front


def test_a_thin_book_has_no_spine_text_and_says_so(tmp_path):
    spec = book(tmp_path, "6x9in", 4, "  paper: cream\n", size="6x8")
    result = invoke(["build", str(spec)])
    assert result.exit_code == 0, result.output
    assert "no words on the spine: 24 pages make a spine of 0.060 in" in result.output
    cover = tmp_path / "book-cover.pdf"
    spine_x0 = 9 + 6 * INCH
    assert size_in(PdfReader(cover))[0] == pytest.approx(0.25 + 12 + 24 * 0.0025, abs=1e-3)
    assert not [c for c in chars(cover) if spine_x0 - 1 <= c.x0 and c.x1 <= spine_x0 + 24 * 0.0025 * INCH + 1]


def test_the_barcode_decodes_to_the_isbn_from_its_bars_widths(tmp_path):
    spec = book(tmp_path, "8.5x11in", 30, "  isbn: 0-306-40615-2\n")  # an ISBN-10: its EAN is 978...
    _, cover_path, cover = made(tmp_path, str(spec))
    width, _ = size_in(cover)
    spine_x0 = (0.125 + 8.5) * INCH
    area = (spine_x0 - 0.25 * INCH - 2 * INCH, 9 + 0.25 * INCH, spine_x0 - 0.25 * INCH, 9 + 1.45 * INCH)
    found = bars(cover_path, area)
    assert len(found) == 30  # 3 + 5 + 3 guard bars and two bars a digit for 12 digits, less those merged
    assert decode_ean13(modules(found)) == "9780306406157"
    # nothing of it outside the 2 x 1.2 in area, 0.25 in from the trim and the spine
    assert bars(cover_path, (0, 0, width * INCH, 11.25 * INCH)) == found


def test_an_isbn_10_prints_as_its_13_digits_on_the_copyright_page_and_the_cover(tmp_path):
    """The ISBN-10 as written on the copyright page and 978... over the bars read as two ISBNs (a
    newcomer's trial): both print the 13 digits the barcode carries."""
    spec = book(tmp_path, "8.5x11in", 30, "  paper: white\n", more="isbn: 0-306-40615-2\n")
    interior, _, cover = made(tmp_path, str(spec))
    said = [t for page in interior.pages if "ISBN" in (t := page.extract_text() or "")]
    assert len(said) == 1 and "ISBN 9780306406157" in said[0] and "0-306-40615-2" not in said[0], said
    assert "ISBN 9780306406157" in (cover.pages[0].extract_text() or "")
    spec.write_text(spec.read_text().replace("0-306-40615-2", "978-0-306-40615-7"))  # as written
    interior, _, cover = made(tmp_path, str(spec))
    said = [t for page in interior.pages if "ISBN" in (t := page.extract_text() or "")]
    assert "ISBN 978-0-306-40615-7" in said[0] and "ISBN 978-0-306-40615-7" in cover.pages[0].extract_text()


def test_without_an_isbn_the_barcode_area_is_left_clear(tmp_path):
    spec = book(tmp_path, "8.5x11in", 30, f"  back: {BLURB}\n")
    _, cover_path, _ = made(tmp_path, str(spec))
    spine_x0 = (0.125 + 8.5) * INCH
    x0, y0, x1, y1 = spine_x0 - 2.25 * INCH, 9 + 0.25 * INCH, spine_x0 - 0.25 * INCH, 9 + 1.45 * INCH
    from puzzlebook.pdfread import Document

    page = Document(PdfReader(cover_path)).page(0)
    inside = [m for m in [*page.shapes, *page.chars] if m.x0 < x1 and m.x1 > x0 and m.y0 < y1 and m.y1 > y0]
    assert len(inside) == 1 and inside[0].kind == "rect" and inside[0].x0 == 0  # the background alone


def test_300_page_6x9_book_on_cream(tmp_path):
    spec = book(tmp_path, "6x9in", 298, "  paper: cream\n", more="answer_key: false\n", size="10x14")
    interior, _, cover = made(tmp_path, str(spec))
    assert len(interior.pages) == 300
    assert size_in(cover) == pytest.approx((0.25 + 12 + 300 * 0.0025, 9.25), abs=1e-3)


def test_hardcover_and_spine_per_page(tmp_path):
    spec = book(tmp_path, "6x9in", 80, "  printer: kdp-hardcover\n  spine_per_page: 0.003\n", size="6x8")
    interior, _, cover = made(tmp_path, str(spec))
    pages = len(interior.pages)
    assert size_in(cover) == pytest.approx(
        (2 * 0.59 + 12 + 2 * 0.375 + pages * 0.003, 9 + 2 * 0.59), abs=1e-3
    )


def test_rebuilds_are_byte_identical_and_cover_alone_makes_the_same_file(tmp_path):
    spec = book(tmp_path, "8.5x11in", 30, f"  isbn: 978-0-306-40615-7\n  back: {BLURB}\n  art: circle\n")
    _, cover_path, _ = made(tmp_path, str(spec))
    first = cover_path.read_bytes()
    cover_path.unlink()
    book_pdf = (tmp_path / "book.pdf").read_bytes()
    result = invoke(["cover", str(spec)])
    assert result.exit_code == 0, result.output
    assert cover_path.read_bytes() == first
    assert (tmp_path / "book.pdf").read_bytes() == book_pdf  # the book untouched
    build_book(str(spec))
    assert cover_path.read_bytes() == first


def test_check_refuses_a_cover_made_for_another_page_count(tmp_path):
    spec = book(tmp_path, "6x9in", 94, "  paper: white\n", more="answer_key: false\n", size="6x8")
    build_book(str(spec))
    book_pdf = (tmp_path / "book.pdf").read_bytes()
    result = invoke(["check", str(spec)])
    assert result.exit_code == 0, result.output
    assert "book-cover.pdf: ready for print, the cover of these 96 pages" in result.output
    spec.write_text(spec.read_text().replace("count: 94", "count: 98"))  # 100 pages now
    build_book(str(spec), out=str(tmp_path / "other.pdf"))  # the book rebuilt elsewhere, the cover left
    (tmp_path / "book.pdf").write_bytes((tmp_path / "other.pdf").read_bytes())
    result = invoke(["check", str(spec)])
    assert result.exit_code != 0
    said = result.output
    assert "book-cover.pdf: is 12.466 x 9.250 in, a spine of 0.216 in (about 96 pages" in said
    assert "the interior has 100, a spine of 0.225 in and a cover of 12.475 x 9.250 in" in said
    assert "older than the book checked" not in said  # the book itself is this spec's
    # an edit that changes the page count, both files left: the cover's size and the old book are told
    # in one round (the old book was found only once the cover had been made again), the book first
    (tmp_path / "book.pdf").write_bytes(book_pdf)
    result = invoke(["check", str(spec)])
    lines = result.stderr.splitlines()
    assert result.exit_code == 1 and len(lines) == 2, result.stderr
    assert "book.pdf is older than the book checked" in lines[0] and "build it again" in lines[0]
    assert "book-cover.pdf: is 12.466 x 9.250 in, a spine of 0.216 in (about 96 pages" in lines[1]


def test_cover_alone_needs_a_cover_section(tmp_path):
    path = tmp_path / "plain.yaml"
    path.write_text("title: Plain\nmazes:\n  - {size: 5x5}\n")
    result = invoke(["cover", str(path)])
    assert result.exit_code == 2
    assert (
        result.output.strip()
        == "error: plain.yaml:1: has no cover: section; add one, such as cover: {paper: white}"
    )


def test_check_finds_words_off_the_safe_zones_marks_in_the_barcode_area_loose_fonts_and_links(tmp_path):
    """A cover of the right size made elsewhere, with every mistake check looks for."""
    import io

    from reportlab.pdfgen.canvas import Canvas

    from puzzlebook.build import check_book
    from puzzlebook.cover.art import thumbnail_page
    from puzzlebook.cover.check import cover_findings
    from puzzlebook.cover.make import cover_fonts
    from puzzlebook.cover.plan import plan_cover

    spec = book(tmp_path, "6x9in", 30, "  paper: white\n", size="6x8")
    checked = check_book(str(spec))
    expected = plan_cover(
        checked.spec,
        checked.plan,
        checked.layout.trim,
        None,
        thumbnail_page(checked.plan),
        30,
        cover_fonts(checked.spec, checked.plan),
    )
    out = io.BytesIO()
    canvas = Canvas(out, pagesize=(expected.width, expected.height))
    canvas.drawString(2, 300, "Too close")  # in the bleed, off the back's safe zone (Helvetica: not embedded)
    canvas.setFont("Helvetica", 5)
    canvas.drawString(100, 300, "tiny")
    area = expected.barcode
    canvas.rect(area.x0 + 10, area.y0 + 10, 20, 20, fill=1)  # a mark in the barcode area
    canvas.linkURL("https://example.com", (100, 100, 200, 200))
    canvas.showPage()
    canvas.save()
    found = cover_findings("c.pdf", out.getvalue(), expected, 0.002252)
    assert any("font Helvetica is not embedded" in line for line in found), found
    assert any('text "Too" is outside the safe zones' in line for line in found), found  # " close" is in
    assert any("1 mark(s) in the barcode area" in line for line in found), found
    assert any("links or annotations" in line for line in found), found
    assert any('text "tiny" is 5.0 pt; printers need at least 7 pt' in line for line in found), found
    assert len(found) == 5


def test_a_blurb_keeps_its_line_breaks(tmp_path):
    spec = book(
        tmp_path, "6x9in", 30, "  back: |\n    First line of the blurb.\n    Second line.\n", size="6x8"
    )
    _, cover_path, _ = made(tmp_path, str(spec))
    back = [c for c in chars(cover_path) if c.x1 <= 9 + 6 * INCH and "Bold" not in c.font]  # no title
    rows: dict[float, str] = {}
    for c in back:
        rows[round(c.y0, 1)] = rows.get(round(c.y0, 1), "") + c.text
    texts = [rows[y].strip() for y in sorted(rows, reverse=True) if "line" in rows[y]]
    assert texts == ["First line of the blurb.", "Second line."]


def test_a_blurbs_paragraph_is_broken_into_even_lines(tmp_path):
    """The paperback sample's blurb, broken greedily on its back: "Forty mazes ... from a first" (510
    pt) over "gentle walk to long winding puzzles." (363 pt), centred, a ragged pair (a designer, looking
    at the cover). A paragraph takes as many lines as before, no wider, as even as its words allow:
    read back from the cover, each paragraph's lines within a few words' width of each other."""
    blurb = (
        "Forty mazes that grow with the reader, from a first gentle walk to long winding puzzles.\n"
        "Every answer is at the back of the book.\n"
    )
    back = "  back: |\n" + "".join(f"    {line}\n" for line in blurb.splitlines())
    spec = book(tmp_path, "8.5x11in", 30, back)
    _, cover_path, _ = made(tmp_path, str(spec))
    back_chars = [c for c in chars(cover_path) if c.x1 <= 9 + 8.5 * INCH and "Bold" not in c.font]
    rows: dict[float, list] = {}
    for c in back_chars:
        rows.setdefault(round(c.y0, 1), []).append(c)
    lines = [sorted(rows[y], key=lambda c: c.x0) for y in sorted(rows, reverse=True)]
    texts = ["".join(c.text for c in line).strip() for line in lines]
    assert " ".join(texts).split() == blurb.split()  # every word, in order
    first = [line for line, text in zip(lines, texts, strict=True) if not text.startswith("Every")]
    assert len(first) == 2, texts  # the long sentence takes two lines, as it did
    widths = [line[-1].x1 - line[0].x0 for line in first]
    size = first[0][0].size
    assert abs(widths[0] - widths[1]) <= 4 * size, (texts, widths)  # a word or so apart, not 147 pt


def test_a_blurbs_paragraph_never_ends_in_a_word_alone(tmp_path):
    """ "Perfect for rainy days, car trips and quiet" over "time." on a 6 x 9 in back: a word alone on
    a paragraph's last line, under a full one, reads as a mistake on a printed cover."""
    blurb = (
        "Step into the forest and find your way!\n\n"
        "Twenty-four mazes grow from a first gentle walk to long winding trails, each sized for small "
        "hands, with big clear paths and every answer at the back of the book.\n\n"
        "Perfect for rainy days, car trips and quiet time.\n"
    )
    back = "  back: |\n" + "".join(f"    {line}\n" for line in blurb.splitlines())
    spec = book(tmp_path, "6x9in", 30, back, size="6x8")
    _, cover_path, _ = made(tmp_path, str(spec))
    back_chars = [c for c in chars(cover_path) if c.x1 <= 9 + 6 * INCH and "Bold" not in c.font]
    rows: dict[float, str] = {}
    for c in back_chars:
        rows[round(c.y0, 1)] = rows.get(round(c.y0, 1), "") + c.text
    texts = [rows[y].strip() for y in sorted(rows, reverse=True)]
    assert " ".join(texts).split() == blurb.split()  # every word, in order
    ends = [i for i, text in enumerate(texts) if text.endswith((".", "!"))]  # each paragraph's last line
    assert len(ends) == 3, texts
    for end in ends:
        first = end == 0 or texts[end - 1].endswith((".", "!"))
        assert first or len(texts[end].split()) > 1 or len(texts[end - 1].split()) < 3, texts


def test_strict_build_checks_the_cover_and_check_sends_a_lone_cover_to_its_spec(tmp_path):
    spec = book(tmp_path, "6x9in", 30, "  isbn: 978-0-306-40615-7\n", size="6x8")
    result = invoke(["build", "--strict", str(spec)])
    assert result.exit_code == 0, result.output
    quest = spec.rename(tmp_path / "quest.yaml")
    assert invoke(["build", str(quest)]).exit_code == 0
    said = "is a wrap cover, whose size depends on its book: check it with the book's spec (puzzlebook check"
    result = invoke(["check", str(tmp_path / "quest-cover.pdf")])
    assert result.exit_code == 2
    assert f"{said} {quest})" in result.output  # the spec beside it, named as the book is
    (tmp_path / "quest-cover.pdf").rename(tmp_path / "wrap.pdf")
    result = invoke(["check", str(tmp_path / "wrap.pdf")])
    assert result.exit_code == 2 and f"{said} book.yaml)" in result.output  # none beside it


def test_strict_writes_neither_book_nor_cover_when_the_cover_fails(tmp_path, monkeypatch):
    """The wiring: --strict reads the cover back before anything replaces a file."""
    import puzzlebook.cover.check as check

    monkeypatch.setattr(check, "cover_findings", lambda name, *_: [f"{name}: wrong on purpose"])
    spec = book(tmp_path, "6x9in", 30, "  paper: white\n", size="6x8")
    result = invoke(["build", "--strict", str(spec)])
    assert result.exit_code != 0
    assert "book-cover.pdf (not written): wrong on purpose" in result.output
    assert not (tmp_path / "book.pdf").exists() and not (tmp_path / "book-cover.pdf").exists()


def test_a_cover_needs_a_file_beside_the_book(tmp_path):
    spec = book(tmp_path, "6x9in", 4, "  paper: white\n", size="6x8")
    result = invoke(["build", str(spec), "-o", "-"])
    assert result.exit_code == 2
    assert result.output.startswith(
        "error: book.yaml:8: cover: the cover is written to a second file beside the book, so the book cannot "
        "go to standard output or a pipe; give -o a file name"
    )


def test_an_ingramspark_cover_is_in_cmyk_and_check_refuses_rgb(tmp_path):
    import io

    from reportlab.pdfgen.canvas import Canvas

    from puzzlebook.build import check_book
    from puzzlebook.cover.check import findings_for_book
    from puzzlebook.pdfread import Document

    cover = "  printer: ingramspark\n  background: '#2a5d3b'\n  isbn: 978-0-306-40615-7\n"
    spec = book(tmp_path, "6x9in", 30, cover, size="6x8")
    _, cover_path, _ = made(tmp_path, str(spec))
    shapes = Document(PdfReader(cover_path)).page(0).shapes
    colours = {len(s.fill_color) for s in shapes if s.fill} | {
        len(s.stroke_color) for s in shapes if s.stroke
    }
    assert colours == {1, 4}  # gray (the maze, the barcode's black) and CMYK, never RGB
    background = next(s for s in shapes if s.kind == "rect" and s.x0 == 0 and s.y0 == 0)
    assert background.fill_color == pytest.approx((0.5484, 0.0, 0.3656, 0.6353), abs=1e-4)  # #2a5d3b
    checked = check_book(str(spec))
    trim = checked.layout.trim
    assert findings_for_book(checked.spec, checked.plan, trim, "c.pdf", cover_path.read_bytes()) == []
    out = io.BytesIO()
    canvas = Canvas(out, pagesize=PdfReader(cover_path).pages[0].mediabox[2:])
    canvas.setFillColorRGB(0.2, 0.4, 0.6)
    canvas.rect(0, 0, 100, 100, fill=1)
    canvas.showPage()
    canvas.save()
    found = findings_for_book(checked.spec, checked.plan, trim, "c.pdf", out.getvalue())
    assert "c.pdf: 1 shape(s) in RGB colour; this printer takes CMYK: make it again" in found


def test_check_refuses_a_cover_made_from_an_older_spec(tmp_path):
    spec = book(tmp_path, "6x9in", 4, "  paper: white\n", size="6x8")
    build_book(str(spec))
    result = invoke(["check", str(spec)])
    assert result.exit_code == 0 and "warning" not in result.output, result.output
    spec.write_text(spec.read_text().replace("Maple Street Press", "Oak Lane Press"))
    build_book(str(spec), out=str(tmp_path / "other.pdf"))  # the book anew elsewhere: the cover is old
    (tmp_path / "book.pdf").write_bytes((tmp_path / "other.pdf").read_bytes())
    result = invoke(["check", str(spec)])
    assert result.exit_code == 1  # the cover that would be uploaded is not this book's
    assert (
        "error: " in result.stderr and "book-cover.pdf was made from another spec, seed or " in result.stderr
    )
    assert "older than the book checked" not in result.output  # the book itself is this spec's
    # "ready" beside the error read as a contradiction: the cover is ready once made again, the book now
    assert "book-cover.pdf: ready for print once made again (the file there is older: below)" in result.stdout
    assert "book.yaml: " + str(
        tmp_path / "book.pdf"
    ) + " checked, built from this spec as it is: ready for print, " in (result.stdout)


def test_a_cover_edited_leaves_the_interior_ready(tmp_path):
    """A badge's words edited made check call the interior older than its spec, and `cover`, as the
    docs advise after such an edit, never brought it to ready: nothing inside the book depends on the
    spec's `cover:`, so only the cover is to be made again."""
    spec = book(tmp_path, "6x9in", 4, "  badge: Ages 4-6\n", size="6x8")
    build_book(str(spec))
    interior = (tmp_path / "book.pdf").read_bytes()
    spec.write_text(spec.read_text().replace("Ages 4-6", "Ages 4 to 6"))
    result = invoke(["check", str(spec)])
    assert result.exit_code == 1
    assert "older than the book checked" not in result.stderr  # the interior is this spec's
    assert "book-cover.pdf was made from another spec" in result.stderr
    assert invoke(["cover", str(spec)]).exit_code == 0
    result = invoke(["check", str(spec)])
    assert result.exit_code == 0, result.output
    assert "book.pdf checked, built from this spec as it is" in result.stdout
    build_book(str(spec))
    assert (tmp_path / "book.pdf").read_bytes() == interior  # the same interior, digest and all


def test_check_of_a_cover_not_built_or_damaged(tmp_path):
    """A cover not built yet read as ready; an empty cover file crashed check with a traceback."""
    spec = book(tmp_path, "6x9in", 4, "  paper: white\n", size="6x8")
    result = invoke(["check", str(spec)])
    cover = tmp_path / "book-cover.pdf"
    assert result.exit_code == 0, result.output
    said = f"{spec} (cover): {cover} is not built yet (puzzlebook cover writes it), so made in memory: ready"
    assert said in result.stdout, result.stdout
    build_book(str(spec))
    cover.write_bytes(b"")
    result = invoke(["check", str(spec)])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert result.stderr == (
        f"error: {cover}: cannot be read as a PDF (EmptyFileError: Cannot read an empty file): make it "
        "again with puzzlebook cover\n"
    )


@pytest.mark.parametrize("art", ["heart", "word", "circle", "maze"])
def test_the_front_draws_the_art_asked_for(tmp_path, art):
    """A shape, the title's word, a circle or the book's maze: its walls drawn on the front."""
    from puzzlebook.pdfread import Document

    spec = book(tmp_path, "6x9in", 4, f"  art: {art}\n", size="6x8")
    _, cover_path, _ = made(tmp_path, str(spec))
    page = Document(PdfReader(cover_path)).page(0)
    front_x0 = 9 + 6 * INCH + 24 * 0.002252 * INCH
    walls = [s for s in page.shapes if s.stroke and s.x0 > front_x0 and s.kind in ("line", "curve")]
    assert len(walls) > 20, len(walls)
    if art == "circle":
        assert any(s.kind == "curve" for s in walls)
    if art == "maze":  # the book's own 6x8 maze
        assert {round(s.x1 - s.x0, 1) for s in walls if s.kind == "line"} - {0.0}


def test_the_title_word_is_its_longest_word_in_capitals():
    from puzzlebook.cover.art import title_word

    assert title_word("The Big Book of Winding Mazes!") == "WINDING"
    assert title_word("Émile's Mazes") == "ÉMILES"
    assert title_word("★ ★") == ""


@pytest.mark.parametrize("art", ["cat", "maze"])
def test_the_age_badge_stands_clear_of_the_fronts_maze(tmp_path, art):
    """The age badge sat on the art panel's top right corner, over the maze there: a cat's ear. It now
    stands off the maze and its signs, the art a little smaller where the front has no room for it."""
    from puzzlebook.pdfread import Document
    from puzzlebook.pdfread.interpreter import Lines
    from tests.test_composition import _gap, _segments, _words

    spec = book(tmp_path, "6x9in", 24, f"  art: {art}\n", "difficulty: age-8\n", size="12x16")
    _, cover_path, _ = made(tmp_path, str(spec))
    page = Document(PdfReader(cover_path)).page(0)
    front_x0 = 9 + 6 * INCH + 24 * 0.002252 * INCH
    orange = [s for s in page.shapes if s.fill and len(s.fill_color) == 3 and s.fill_color[2] < 0.2]
    assert len(orange) == 1 and orange[0].x0 > front_x0, orange  # the badge's disc
    disc = orange[0]
    box = (disc.x0, disc.y0, disc.x1, disc.y1)
    segments = [
        seg[:4]
        for lines in page.drawn
        if isinstance(lines, Lines)
        for seg in _segments(lines)
        if seg[0] > front_x0
    ]
    assert len(segments) > 50  # the front's maze
    r = (disc.x1 - disc.x0) / 2
    centre = ((disc.x0 + disc.x1) / 2, (disc.y0 + disc.y1) / 2)
    for segment in segments:  # every wall clear of the disc (its box first, then its round edge)
        if _gap(box, segment) == 0:
            x0, y0, x1, y1 = segment
            nearest = min(
                math.hypot(x0 + (x1 - x0) * k / 20 - centre[0], y0 + (y1 - y0) * k / 20 - centre[1])
                for k in range(21)
            )
            assert nearest >= r, (segment, centre, r)
    # and it costs the art little: it kept clear of all the room planned round the maze for signs,
    # mostly paper, and halved a 6x9 front's art (a self-publisher's)
    spec.write_text(spec.read_text().replace("cover:\n", "cover:\n  badge: none\n"))
    _, bare_path, _ = made(tmp_path, str(spec))
    bare = Document(PdfReader(bare_path)).page(0)
    alone = [seg[:4] for lines in bare.drawn if isinstance(lines, Lines) for seg in _segments(lines)]
    alone = [s for s in alone if s[0] > front_x0]

    def across(found):
        return max(max(s[0], s[2]) for s in found) - min(min(s[0], s[2]) for s in found)

    assert across(segments) >= 0.8 * across(alone), (across(segments), across(alone))
    sizes = {round(size, 2) for _, size, box in _words(page) if box[0] > front_x0}
    assert len(sizes) <= 1, sizes  # Start and Finish at one size
    assert sizes or art != "maze", "the book's own maze shows its words"


def test_the_badge_says_what_the_cover_gives_it(tmp_path):
    """A book of age-6 and age-8 mazes is "Ages 6-10" by its presets; a self-publisher selling it for
    5 to 7 could not say so. `badge:` sets the sticker's words (on two lines where that sets them
    larger, inside its disc), `badge: none` leaves it off, and words too long for it are refused."""
    from puzzlebook.pdfread import Document

    def front(cover_key: str, more: str = "difficulty: age-8\n"):
        spec = book(tmp_path, "6x9in", 24, cover_key, more, size="12x16")
        page = Document(made(tmp_path, str(spec))[2]).page(0)
        discs = [s for s in page.shapes if s.fill and len(s.fill_color) == 3 and s.fill_color[2] < 0.2]
        return page, discs

    page, discs = front("  paper: white\n")
    shown = "".join(c.text for c in page.chars).replace(" ", "")
    assert len(discs) == 1 and "Ages7\u201310" in shown  # the presets' ages, a range's en dash
    page, discs = front("  paper: white\n", "difficulty: adult\n")  # an "Adults" sticker read as adult
    assert not discs and "adults" not in "".join(c.text for c in page.chars).lower()  # content: none
    page, discs = front("  badge: For grown-ups\n", "difficulty: adult\n")  # unless asked for
    assert len(discs) == 1
    page, discs = front("  badge: Ages 3 and up\n", "")  # no age preset: the sticker still says it
    assert len(discs) == 1
    disc = discs[0]
    inside = [
        c for c in page.chars if disc.x0 < c.x0 and c.x1 < disc.x1 and disc.y0 < c.y0 and c.y1 < disc.y1
    ]
    rows = sorted({round(c.y0, 1) for c in inside}, reverse=True)
    assert len(rows) == 2, rows  # "Ages 3" above "and up", centred on the disc
    assert ["".join(c.text for c in inside if round(c.y0, 1) == y) for y in rows] == ["Ages 3", "and up"]
    middle = (min(c.y0 for c in inside) + max(c.y1 for c in inside)) / 2
    assert abs(middle - (disc.y0 + disc.y1) / 2) < 0.1 * (disc.y1 - disc.y0), (middle, disc)
    page, discs = front("  badge: Ages 4 to 6\n", "")  # a range of ages is never broken: not "to 6"
    disc = discs[0]
    inside = [
        c for c in page.chars if disc.x0 < c.x0 and c.x1 < disc.x1 and disc.y0 < c.y0 and c.y1 < disc.y1
    ]
    rows = sorted({round(c.y0, 1) for c in inside}, reverse=True)
    assert ["".join(c.text for c in inside if round(c.y0, 1) == y) for y in rows] == ["Ages", "4 to 6"]
    for off in ("none", "false", "no", '""'):  # as bleed: false says it: no sticker reading "false"
        page, discs = front(f"  badge: {off}\n")
        text = "".join(c.text for c in page.chars).lower()
        assert not discs and "ages" not in text and off not in text.split(), off
    spec = book(tmp_path, "6x9in", 24, "  badge: Incomprehensibility\n", size="12x16")
    result = invoke(["validate", str(spec)])
    assert result.exit_code == 2
    assert result.stderr == (
        "error: book.yaml:9: cover.badge: is too long for the front's round sticker even at 7 pt: give it "
        "fewer words, such as badge: Ages 6-8\n"
    )
    # with no art on the front, a badge asked for is not drawn: told, not dropped without a word
    spec = book(tmp_path, "6x9in", 24, "  badge: Ages 5-7\n  art: none\n", size="12x16")
    result = invoke(["validate", str(spec)])
    assert result.exit_code == 0, result.stderr
    told = (
        'note: book.yaml:9: cover.badge: no badge: "Ages 5-7" stands by the front\'s art, and art: none '
        "has none; choose an art"
    )
    assert told in result.stderr
    cover = invoke(["cover", str(spec)])  # the cover alone says its notes at their lines too
    assert cover.exit_code == 0 and told in cover.stderr, cover.stderr
    assert "no badge" not in invoke(["validate", str(book(tmp_path, "6x9in", 24, "  art: none\n"))]).stderr


@pytest.mark.parametrize("art", ["heart", "circle"])
def test_a_maze_made_for_the_front_is_no_harder_than_the_books(tmp_path, art):
    """A 24x24 heart of 348 cells fronted an age-4 book whose mazes have 56, and a parent buys by the
    front. A maze made for the front has about as many cells as the book's maze the front would show,
    at least what the shape needs to read as itself; a book of large mazes keeps a full-size front."""
    from puzzlebook.build import check_book, generate
    from puzzlebook.cover.make import CoverMaker

    def cells(entry: str) -> tuple[int, int]:
        spec = tmp_path / "book.yaml"
        spec.write_text(
            f"title: Hearts\npage_size: 8.5x11in\npad: true\nmarks: suggested\ncover:\n  art: {art}\n"
            f"mazes:\n  - {entry}\n"
        )
        checked, puzzles = generate(check_book(spec))
        book = max(p.maze.grid.count for p in puzzles.values())
        _, front = CoverMaker(checked.spec, checked.plan, checked.layout.trim, 4, puzzles).art or (0, None)
        assert front is not None
        return front.maze.grid.count, book

    front, book = cells("{difficulty: age-4, count: 4}")
    assert book == 56 and front <= 2 * book, (front, book)  # 7x8; a heart reads from 12x12 (88 cells)
    front, book = cells("{size: 30x30, count: 4}")
    assert book == 900 and front >= 300, (front, book)  # as large as it was: 24x24, 12 rings


def test_the_front_and_the_back_show_different_mazes(tmp_path):
    """The front showed the book's first maze, and the back's small page is the book's first maze page:
    the same maze on both sides of the cover (a parent took it for a mistake)."""
    from puzzlebook.build import check_book, generate
    from puzzlebook.cover.art import numbers_on
    from puzzlebook.cover.make import CoverMaker

    for count, apart in ((6, True), (1, False)):  # a book of one maze has only that one to show
        spec = book(tmp_path, "8.5x11in", count, "  paper: white\n")
        checked, puzzles = generate(check_book(spec))
        maker = CoverMaker(checked.spec, checked.plan, checked.layout.trim, count, puzzles)
        assert maker.art is not None
        front, back = maker.art[0].number, numbers_on(maker.page)
        assert (front not in back) == apart, (front, back)


@pytest.mark.parametrize("count", [84, 92])
def test_a_spine_has_words_of_7_pt_or_none(tmp_path, count):
    """A 100-page book's spine had room for a 7 pt line, and its title was set in 70% of it, at 5.1 pt:
    the cover's own check refused it, after build had written it without a word. From about 100 to 114
    pages, a spine now has no words and a note, or words of 7 pt and more, and check passes."""
    from puzzlebook.pdfread import Document

    spec = book(tmp_path, "8.5x11in", count, "  paper: white\n", size="10x13")
    result = invoke(["build", str(spec)])
    assert result.exit_code == 0, result.output
    page = Document(PdfReader(tmp_path / "book-cover.pdf")).page(0)
    pages = len(PdfReader(tmp_path / "book.pdf").pages)
    spine_x0 = 9 + 8.5 * INCH
    spine_x1 = spine_x0 + pages * 0.002252 * INCH
    on_spine = [c for c in page.chars if spine_x0 <= c.x0 and c.x1 <= spine_x1]
    assert all(c.size >= 7 - 1e-6 for c in on_spine), sorted({round(c.size, 2) for c in on_spine})
    assert on_spine or "no words on the spine" in result.stderr, result.stderr
    checked = invoke(["check", str(spec)])
    assert checked.exit_code == 0, checked.output


def test_check_tells_a_cover_made_on_other_paper_by_its_spine(tmp_path):
    """A cover made for white paper, checked after the spec turned to cream, was said to be "a cover
    for about 86 pages" of a 96-page book, blaming a page count that had not changed. It is told by its
    spine beside the spine this book's pages on the spec's paper take, and that the count or the paper
    changed."""
    spec = book(tmp_path, "6x9in", 94, "  paper: white\n", more="answer_key: false\n", size="6x8")
    build_book(str(spec))
    spec.write_text(spec.read_text().replace("paper: white", "paper: cream"))
    result = invoke(["check", str(spec)])
    assert result.exit_code == 1
    (line,) = result.stderr.splitlines()
    cream = 96 * thickness("cream", "kdp")
    assert "book-cover.pdf: is 12.466 x 9.250 in, a spine of 0.216 in" in line, line
    assert f"the interior has 96, a spine of {cream:.3f} in" in line, line
    assert "the page count or the paper changed" in line and line.endswith("puzzlebook cover"), line


def _letter_back(tmp_path: Path, spec: Path) -> tuple[Page, Shape, float]:
    """An 8.5 x 11 in book's cover built: its page, the book's page drawn on its back (a white panel),
    and where the back ends across."""
    _, cover_path, _ = made(tmp_path, str(spec))
    page = Document(PdfReader(cover_path)).page(0)
    back_x1 = 9 + 8.5 * INCH
    panel = next(
        s
        for s in page.shapes
        if s.kind == "rect" and s.fill and s.fill_color == (1.0, 1.0, 1.0) and s.x1 < back_x1
    )
    return page, panel, back_x1


def test_a_back_without_a_blurb_keeps_its_page_at_the_bottom(tmp_path):
    """With no blurb to stand under, the page drawn on the back stays at the bottom of its room: centred
    across the back, just above the barcode's area (2 x 1.2 in, 0.25 in from the trim), as large as a
    page stands there."""
    spec = book(tmp_path, "8.5x11in", 30, "  paper: white\n")
    _, panel, _ = _letter_back(tmp_path, spec)
    assert panel.y0 == pytest.approx(9 + (0.25 + 1.2 + 0.25) * INCH)  # the bleed, the barcode's area
    assert (panel.x0 + panel.x1) / 2 == pytest.approx(9 + 8.5 * INCH / 2)
    assert (panel.y1 - panel.y0) / INCH > 0.55 * 11


def test_a_blurb_in_a_fallback_font_is_planned_as_it_is_drawn(tmp_path):
    """The back's plan guessed the blurb's lines from the shipped font, half an em a letter it lacks:
    a blurb in a wide fallback font, planned at half its lines, was squeezed to fit the room left. The
    plan wraps it as the drawing does, so it prints at its full 20 pt, right above the page."""
    make_font(tmp_path / "cjk.ttf", CJK)
    blurb = " ".join(["迷宫探险迷宫"] * 28)
    spec = book(tmp_path, "8.5x11in", 30, f"  back: {blurb}\n", more="fallback_fonts: [cjk.ttf]\n")
    page, panel, back_x1 = _letter_back(tmp_path, spec)
    words = [c for c in page.chars if c.x1 < back_x1 and c.text in CJK]
    assert len(words) == 168 and {round(c.size, 1) for c in words} == {20.0}  # 14.5 pt
    assert 0.25 * INCH <= min(c.y0 for c in words) - panel.y1 < 0.8 * INCH


@pytest.mark.parametrize("repeat", [1, 12])
def test_the_page_drawn_on_the_back_takes_the_room_a_short_blurb_leaves(tmp_path, repeat):
    """Under three lines of blurb, a page drawn half the back's height left 3 in of empty back between
    them on an 8.5 x 11 in book: it now stands up to 0.62 of the height, as far as the blurb leaves the
    room, the blurb at its full 20 pt, centred over it; under a long blurb it keeps half the height,
    beside the barcode's area, its words at the left."""
    blurb = " ".join([BLURB] * repeat)
    spec = book(tmp_path, "8.5x11in", 30, f"  back: {blurb}\n")
    page, panel, back_x1 = _letter_back(tmp_path, spec)
    words = [c for c in page.chars if c.x1 < back_x1 and "Bold" not in c.font and c.text.strip()]
    lowest = min(c.y0 for c in words)
    tall = (panel.y1 - panel.y0) / INCH
    assert lowest - panel.y1 >= 0.25 * INCH  # never under the blurb
    if repeat == 1:  # centred across the back, above the barcode's area (it stood at the left edge)
        assert {round(c.size, 1) for c in words} == {20.0}
        assert tall > 0.55 * 11
        assert lowest - panel.y1 < 0.8 * INCH  # the page under the blurb, not 3 in below it
        assert (panel.x0 + panel.x1) / 2 == pytest.approx(9 + 8.5 * INCH / 2)
        assert panel.y0 >= 9 + (0.25 + 1.2 + 0.25) * INCH - 0.01
    else:  # no room above the barcode's area: beside it, from the margin
        assert tall == pytest.approx(0.5 * 11, abs=0.01)
        assert panel.x0 == pytest.approx(9 + 0.375 * INCH)
    lines: dict[float, list[float]] = {}  # the title's and the blurb's lines: on the page's axis
    for c in page.chars:
        if c.x1 < back_x1 and c.text.strip():
            lines.setdefault(round(c.y0, 1), []).extend((c.x0, c.x1))
    for ends in lines.values():
        if repeat == 1:
            assert (min(ends) + max(ends)) / 2 == pytest.approx((panel.x0 + panel.x1) / 2, abs=1.0)
        else:
            assert min(ends) == pytest.approx(panel.x0, abs=1.0)


def test_the_fronts_words_rank_title_subtitle_count_then_author(tmp_path):
    """The publisher's name stood bold at the subtitle's size, larger than the count line: a review read
    the front's words in the wrong order. Read back from the front: each smaller than the one before."""
    spec = book(tmp_path, "8.5x11in", 30, "  paper: white\n", more="subtitle: For clever kids\n")
    _, cover_path, _ = made(tmp_path, str(spec))
    rows: dict[float, list[Char]] = {}
    for c in chars(cover_path):
        if c.x0 > 9 + 8.5 * INCH:  # the spine and the front
            rows.setdefault(round(c.y0, 1), []).append(c)
    size = {"".join(c.text for c in row): row[0].size for row in rows.values()}
    order = ["Maze Quest", "For clever kids", "30 mazes with solutions", "Maple Street Press"]
    assert [size[text] for text in order] == sorted((size[text] for text in order), reverse=True), size
    assert len({size[text] for text in order}) == 4


def test_check_of_a_book_with_its_answers_apart_and_a_cover_reads_the_cover_as_a_cover(tmp_path):
    """With `answer_key: separate`, `check` held every file beside the book to the book's inputs, the
    cover too, which is made from its own: a book just built was told to build its cover again, for
    ever. The cover is checked as a cover; the book and its answers as the book."""
    spec = book(tmp_path, "8.5x11in", 6, "  paper: white\n", more="answer_key: separate\n")
    assert invoke(["build", str(spec)]).exit_code == 0
    result = invoke(["check", str(spec)])
    assert result.exit_code == 0, result.output
    assert "book-cover.pdf: ready for print, the cover" in result.stdout
    spec.write_text(spec.read_text().replace("seed: 5", "seed: 6"))  # now all three are older
    result = invoke(["check", str(spec)])
    assert result.exit_code == 1
    for name in ("book.pdf is older", "book-answers.pdf is older", "book-cover.pdf was made from another"):
        assert name in result.stderr, result.stderr


@pytest.mark.parametrize(("printer", "key"), [("", "cover"), (", printer: ingramspark", "cover.printer")])
def test_a_page_count_no_printer_binds_is_told_where_the_spec_says_it(tmp_path, printer, key):
    """A spec that never named a printer was told "cover.printer: the interior has 4 pages": a key it
    never wrote (a newcomer's trial, following the fix to add a cover). The cover's line says it then."""
    spec = tmp_path / "book.yaml"
    spec.write_text(f"title: T\nmazes:\n  - {{size: 8x8, count: 3}}\ncover: {{paper: white{printer}}}\n")
    result = invoke(["validate", str(spec)])
    assert result.exit_code == 2
    assert result.stderr.startswith(f"error: book.yaml:4: {key}: the interior has 4 pages;"), result.stderr


def _front_rows(cover_path: Path) -> tuple[list[float], list[tuple[str, list[Char]]]]:
    """The front's trim box and its lines of words, top first (the badge's and the art's signs too)."""
    trim = [float(v) for v in PdfReader(cover_path).pages[0].trimbox]
    rows: dict[float, list[Char]] = {}
    for c in chars(cover_path):
        if c.x0 > (trim[0] + trim[2]) / 2 + 20 and c.text.strip():
            rows.setdefault(round(c.y0, 1), []).append(c)
    return trim, [("".join(c.text for c in row), row) for _, row in sorted(rows.items(), reverse=True)]


@pytest.mark.parametrize("trim", ["8.5x11in", "6x9in"])
def test_the_fronts_words_stand_as_far_from_the_foot_as_from_the_head(tmp_path, trim):
    """A review of the paperback's front: the title 69 pt under the trim and 62 pt over its subtitle
    (the room of a second line it did not need), the publisher's name 0.33 in over the trim. Read back:
    the title's top and the name's foot as far from their trims, within 0.1 in; the subtitle close under
    the title."""
    spec = book(tmp_path, trim, 12, "  paper: white\n", more="subtitle: For clever kids\n")
    _, cover_path, _ = made(tmp_path, str(spec))
    edges, rows = _front_rows(cover_path)
    text = [words for words, _ in rows]
    assert text[0] == "MazeQuest" and text[1] == "Forcleverkids" and text[-1] == "MapleStreetPress", text
    title, subtitle, author = rows[0][1], rows[1][1], rows[-1][1]
    head = edges[3] - max(c.y1 for c in title)
    foot = min(c.y0 for c in author) - edges[1]
    assert head >= 0.45 * INCH and abs(head - foot) <= 0.1 * INCH, (head, foot)
    gap = min(c.y0 for c in title) - max(c.y1 for c in subtitle)
    assert 0 < gap <= 0.75 * title[0].size, gap


def test_a_long_title_wraps_on_the_front_before_it_shrinks(tmp_path):
    """ "The Enormous Book of Winding Mazes for Clever Kids" printed at 16 pt on a 6 x 9 in front: two
    lines at most, shrunk to the width of its long second line. It wraps into three lines at over 28 pt
    now, each within the front's margins, and on the back into two."""
    spec = book(tmp_path, "6x9in", 4, "  paper: white\n  back: A book of mazes.\n")
    spec.write_text(
        spec.read_text().replace("Maze Quest", "The Enormous Book of Winding Mazes for Clever Kids")
    )
    _, cover_path, _ = made(tmp_path, str(spec))
    edges, rows = _front_rows(cover_path)
    lines = [row for _, row in rows if row[0].size == rows[0][1][0].size]
    assert [words for words, _ in rows[:3]] == ["TheEnormousBook", "ofWindingMazes", "forCleverKids"], rows
    assert len(lines) == 3 and lines[0][0].size > 28
    margin = 0.375 * INCH  # the front's words keep it inside the trim
    for row in lines:
        assert min(c.x0 for c in row) >= edges[2] - 6 * INCH + margin - 0.5
        assert max(c.x1 for c in row) <= edges[2] - margin + 0.5
    back = [c for c in chars(cover_path) if c.x1 < edges[0] + 6 * INCH and c.size > 20]
    assert len({round(c.y0, 1) for c in back}) == 2  # the back's title on two lines, at over 20 pt


def test_check_tells_an_older_book_before_the_cover_it_makes_again(tmp_path):
    """A newcomer's trial: after a count was raised, `check` said first that the cover was made for 78
    pages and the interior has 142, and to make the cover again, while the book file there had 72; the
    book's line came second. The book's line comes first now (its build makes the cover too), then the
    cover's size."""
    spec = book(tmp_path, "6x9in", 30, "  paper: cream\n")
    assert invoke(["build", str(spec)]).exit_code == 0
    spec.write_text(spec.read_text().replace("count: 30", "count: 60"))
    result = invoke(["check", str(spec)])
    assert result.exit_code == 1
    told = result.stderr.splitlines()
    assert len(told) == 2, told
    assert told[0].startswith("error: ") and "book.pdf is older than the book checked" in told[0]
    assert "book-cover.pdf: is " in told[1] and "make it again" in told[1]


def test_a_page_on_the_back_a_little_smaller_centred_stands_centred(tmp_path):
    """Under a blurb of four lines, the page on the back stood at the left margin, at 0.62 of the back's
    height, with 2.9 in of empty back beside it (a design review): centred above the barcode's area it
    is 0.86 as large. Read back: it stands centred, over 5.5 in tall, its blurb's lines centred on it."""
    spec = book(tmp_path, "8.5x11in", 30, f"  back: {' '.join([BLURB] * 3)}\n")
    page, panel, back_x1 = _letter_back(tmp_path, spec)
    assert (panel.x0 + panel.x1) / 2 == pytest.approx(9 + 8.5 * INCH / 2)
    assert (panel.y1 - panel.y0) / INCH > 5.5
    lines: dict[float, list[float]] = {}
    for c in page.chars:
        if c.x1 < back_x1 and c.text.strip() and c.y0 > panel.y1:
            lines.setdefault(round(c.y0, 1), []).extend((c.x0, c.x1))
    assert len(lines) >= 4
    for ends in lines.values():
        assert (min(ends) + max(ends)) / 2 == pytest.approx((panel.x0 + panel.x1) / 2, abs=1.0)


@pytest.mark.parametrize("art", ["heart", "circle"])
def test_a_maze_made_for_the_front_says_where_it_ends(tmp_path, art):
    """A heart or a circle made for the front had arrows of 0.85 cell and no words: a round maze's
    finish was 11 pt of unlabelled arrow, not to be found from a shelf (a design review). Read back:
    the book's own word for the finish, by its arrow, at a size that prints; and with an age badge, a
    heart as large as without it, the badge in the corner its lobe leaves (it took a fifth of it)."""
    from puzzlebook.pdfread import Document

    spec = book(
        tmp_path, "6x9in", 24, f"  art: {art}\n", "difficulty: age-8\nend_label: Home\n", size="12x16"
    )
    _, cover_path, _ = made(tmp_path, str(spec))
    page = Document(PdfReader(cover_path)).page(0)
    front_x0 = 9 + 6 * INCH + 24 * 0.002252 * INCH
    text = "".join(c.text for c in page.chars if c.x0 > front_x0)
    assert "Home" in text, text
    assert all(c.size >= 7 for c in page.chars if c.x0 > front_x0)
    if art == "heart":

        def across(path: Path) -> float:
            shapes = Document(PdfReader(path)).page(0).shapes
            walls = [s for s in shapes if s.stroke and s.x0 > front_x0 and s.kind in ("line", "curve")]
            return max(s.x1 for s in walls) - min(s.x0 for s in walls)

        badged = across(cover_path)
        spec.write_text(spec.read_text().replace("cover:\n", "cover:\n  badge: none\n"))
        assert badged >= 0.95 * across(made(tmp_path, str(spec))[1]), badged
