"""Print-on-demand editions: trim sizes, bleed, mirrored margins, padding, and the preflight check."""

import io
import re
from dataclasses import replace
from pathlib import Path

import pytest
from clirun import invoke
from pdfcheck import page_texts
from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from puzzlebook.build import build_book
from puzzlebook.layout import Margins, MazeFrame, gutter, load_layout, padded, print_margins
from puzzlebook.preflight import preflight


def spec(tmp_path, body):
    path = tmp_path / "book.yaml"
    path.write_text("title: Print Test\nmarks: suggested\n" + body)
    return path


@pytest.mark.parametrize(
    "trim,points", [("8.5x11in", (612, 792)), ("8x10in", (576, 720)), ("8.5x8.5in", (612, 612)),
                    ("7x10in", (504, 720)), ("6x9in", (432, 648)), ("a5", (419.53, 595.28))]
)  # fmt: skip
def test_trim_sizes_without_bleed_are_exactly_the_page(tmp_path, trim, points):
    target, _ = build_book(spec(tmp_path, f"page_size: {trim}\nmazes:\n  - {{size: 6x8, count: 2}}\n"))
    for page in PdfReader(target).pages:
        assert [float(v) for v in page.mediabox] == pytest.approx([0, 0, *points], abs=0.01)
        assert [float(v) for v in page.trimbox] == pytest.approx([0, 0, *points], abs=0.01)


def test_bleed_grows_the_outside_top_and_bottom_and_mirrors(tmp_path):
    target, _ = build_book(
        spec(tmp_path, "page_size: 6x9in\nbleed: true\nmazes:\n  - {size: 6x8, count: 3}\n")
    )
    pages = PdfReader(target).pages
    for number, page in enumerate(pages, 1):
        assert [float(v) for v in page.mediabox] == pytest.approx([0, 0, 432 + 9, 648 + 18])
        assert [float(v) for v in page.bleedbox] == pytest.approx([0, 0, 441, 666])
        x0 = 0 if number % 2 else 9  # the spine side has no bleed
        assert [float(v) for v in page.trimbox] == pytest.approx([x0, 9, x0 + 432, 657])


def test_gutter_follows_the_page_count_and_margins_only_grow():
    assert [gutter(n) for n in (24, 150, 151, 300, 301, 500, 501, 700, 701, 828)] == [
        27, 27, 36, 36, 45, 45, 54, 54, 63, 63,
    ]  # fmt: skip
    margins = Margins(top=5, bottom=5, inside=5, outside=80)
    tight = load_layout("activity-book").model_copy(update={"margins": margins})
    wide = print_margins(tight, 400)
    assert (wide.margins.inside, wide.margins.outside, wide.margins.top) == (45, 80, 18)
    with_bleed = print_margins(tight.model_copy(update={"bleed": True}), 30)
    assert with_bleed.margins.top == with_bleed.margins.bottom == 27


def test_pad_reaches_an_even_count_of_at_least_24(tmp_path):
    assert [padded(n) for n in (1, 23, 24, 25, 40)] == [24, 24, 24, 26, 40]
    target, checked = build_book(spec(tmp_path, "pad: true\nmazes:\n  - {size: 6x8, count: 5}\n"))
    kinds = [p.kind for p in checked.plan.pages]
    assert len(PdfReader(target).pages) == 24 and kinds.count("notes") == 24 - 1 - 5 - 1
    assert kinds[-1] == "notes"
    # a notes page is lined to write on (it was blank but for its heading), inside the page's trim
    import itertools

    import pdfplumber

    with pdfplumber.open(target) as pdf:
        page = pdf.pages[-1]
        lines = [line for line in page.lines if line["y0"] == line["y1"]]
        heading = next(w for w in page.extract_words() if w["text"] == "Notes")
    assert len(lines) >= 20 and all(line["top"] > heading["bottom"] for line in lines)
    middle = (min(line["x0"] for line in lines) + max(line["x1"] for line in lines)) / 2
    assert abs((heading["x0"] + heading["x1"]) / 2 - middle) < 0.5  # centred over its lines
    gaps = {round(b["top"] - a["top"], 1) for a, b in itertools.pairwise(lines)}
    assert gaps == {24.0}, gaps  # wide-ruled, a third of an inch apart


@pytest.mark.parametrize("count,per_page", [(15, 4), (21, 6)])
def test_a_padded_books_key_takes_its_notes_pages_room_for_larger_answers(tmp_path, count, per_page):
    """Three notes pages followed a key of six small answers a page (a design review). A padded book's
    key takes a row fewer a page where the pages it is padded with hold what that adds, the book as
    many pages as before: 15 answers on 4 pages, not 3, of 24. 21 answers need 6 pages so, where 26
    pages (1 title page, 21 mazes, 4 key pages) leave no spare: six a page."""
    target, checked = build_book(
        spec(tmp_path, f"pad: true\nanswer_key: true\nmazes:\n  - {{size: 24x30, count: {count}}}\n")
    )
    pages = page_texts(target)
    keys = [page.count(" · page ") for page in pages if "Answer key" in page]
    assert len(pages) == padded(1 + count + -(-count // 6)) and sum(keys) == count
    assert max(keys) == per_page and len(keys) == -(-count // per_page)
    plain = build_book(spec(tmp_path, f"answer_key: true\nmazes:\n  - {{size: 24x30, count: {count}}}\n"))[1]

    def cells(plan):
        return [i.cell for p in plan.pages for i in p.items if isinstance(i, MazeFrame) and i.answer]

    larger = min(cells(checked.plan)) / min(cells(plain.plan))
    assert larger > 1.25 if per_page == 4 else larger == 1.0


def test_a_book_mostly_of_notes_pages_is_told_so(tmp_path):
    """pad: true made 13 of a sample's 24 pages blank ruled notes: sold, that reads as filler, and
    validate, build and check said only the count. A quarter or more of notes pages is a note."""
    result = invoke(["validate", str(spec(tmp_path, "pad: true\nmazes:\n  - {size: 6x8, count: 8}\n"))])
    assert result.exit_code == 0, result.output
    assert result.stderr.splitlines() == [
        "note: book.yaml:3: pad: 13 of the book's 24 pages are notes pages, added to reach a page count "
        "print-on-demand takes; more mazes would fill them instead"
    ]
    result = invoke(["validate", str(spec(tmp_path, "pad: true\nmazes:\n  - {size: 6x8, count: 16}\n"))])
    # (three: the 16 answers take four pages, four a page, where the notes pages leave room for them)
    assert result.exit_code == 0 and "3 notes pages" in result.stdout and result.stderr == "", result.output


def test_a_padded_print_book_passes_preflight(tmp_path):
    result = invoke(
        ["check", str(spec(tmp_path, "pad: true\nbleed: true\nmazes:\n  - {size: 9x12, count: 8}\n"))]
    )
    assert result.exit_code == 0, result.output
    assert "ready for print" in result.stdout


def test_a_screen_edition_is_not_called_ready_for_print(tmp_path):
    """A 12-page screen book passed check as "ready for print", yet as a print book it is refused."""
    body = "edition: screen\nmazes:\n  - {size: 6x8, count: 5}\n"
    result = invoke(["check", str(spec(tmp_path, body))])
    assert result.exit_code == 0, result.output
    assert (
        "ready as a screen edition (print rules, such as an even page count, are not checked)"
        in result.stdout
    )
    assert "ready for print" not in result.stdout
    printed = invoke(["check", str(spec(tmp_path, body.replace("screen", "print")))])
    assert printed.exit_code == 1 and "print-on-demand needs at least 24" in printed.stderr


def bad_pdf(
    pages=3,
    thin=False,
    small=False,
    helvetica=False,
    margin=False,
    link=False,
    bookmark=False,
    box=False,
    by_gutter=False,
):
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    from puzzlebook.render.fonts import BUNDLED

    pdfmetrics.registerFont(TTFont("Vera", str(BUNDLED["Vera"])))
    out = io.BytesIO()
    canvas = Canvas(out, pagesize=(612, 792), initialFontName="Vera", invariant=1)
    for number in range(1, pages + 1):
        canvas.setFont("Vera", 12)
        canvas.drawString(100, 400, f"page {number}")
        canvas.setLineWidth(0.3 if thin and number == 2 else 1)
        canvas.line(100, 300, 300, 300)
        if small and number == 1:
            canvas.setFont("Vera", 5)
            canvas.drawString(100, 200, "tiny")
        if helvetica and number == 1:
            canvas.setFont("Helvetica", 12)
            canvas.drawString(100, 250, "standard font")
        if box and number == 5:
            canvas.setFont("Vera", 12)
            canvas.drawString(100, 500, "Ana 迷宫")  # Vera has no CJK: two empty boxes
        if margin and number == 3:
            canvas.setFont("Vera", 10)
            canvas.drawString(3, 400, "in the margin")
        if margin and number == 4:
            canvas.setFont("Vera", 10)
            canvas.drawRightString(600, 400, "by the gutter")
        if by_gutter and number == 3:  # 22 pt from the left edge: in a book's gutter, not a sheet's edge
            canvas.setFont("Vera", 10)
            canvas.drawString(22, 400, "near the spine")
        if link and number == 1:
            canvas.linkURL("https://example.org", (100, 100, 200, 120))
        if bookmark and number == 1:
            canvas.bookmarkPage("p1")
            canvas.addOutlineEntry("Start", "p1")
        canvas.showPage()
    canvas.save()
    return out.getvalue()


@pytest.mark.parametrize(
    "kind,needle",
    [
        (
            {"pages": 3},
            "book: 3 pages; print-on-demand needs at least 24 and an even number: add `pad: true`",
        ),
        ({"pages": 24, "thin": True}, "page 2: 1 line(s) as thin as 0.30 pt"),
        ({"pages": 24, "small": True}, 'page 1: text "tiny" is 5.0 pt'),
        ({"pages": 24, "helvetica": True}, "page 1: font Helvetica is not embedded"),
        (
            {"pages": 24, "margin": True},
            "page 3: 6 mark(s) in the left margin, which must stay clear (the gutter of a 24-page book, 27 pt)",
        ),
        ({"pages": 24, "link": True}, "page 1: has links or annotations"),
        ({"pages": 24, "bookmark": True}, "book: has bookmarks"),
        (
            {"pages": 24, "box": True},
            "page 5: 2 letter(s) in font ",
        ),  # then its name, "drawn as an empty box"
    ],
)
def test_preflight_catches_each_kind_of_problem(kind, needle):
    problems = preflight(bad_pdf(**kind))
    assert any(needle in p for p in problems), problems
    # and nothing else: the rest of the deliberately bad book is fine (page 4's words sit by its gutter)
    assert len(problems) == 1 + ("margin" in kind), problems
    if "margin" in kind:
        assert problems[1] == (
            "page 4: 4 mark(s) in the right margin, which must stay clear (the gutter of a 24-page book, "
            "27 pt); widen the layout's margins"
        )


def test_loose_sheets_have_no_gutter_to_keep_clear():
    """`check` of a class set's handouts refused a name maze 25 pt from the left edge as in "the gutter
    of a 48-page book": sheets printed in an office are not bound, and keep only their edges clear."""
    pdf = bad_pdf(pages=48, by_gutter=True)
    assert preflight(pdf, "print") == [
        "page 3: 1 mark(s) in the left margin, which must stay clear (the gutter of a 48-page book, "
        "27 pt); widen the layout's margins"
    ]
    assert preflight(pdf, "office") == []
    assert preflight(bad_pdf(pages=48, margin=True), "office") == [
        "page 3: 4 mark(s) in the left margin, which must stay clear (18 pt); widen the layout's margins",
        "page 4: 2 mark(s) in the right margin, which must stay clear (18 pt); widen the layout's margins",
    ]


@pytest.mark.parametrize("add", ["script", "opening script", "attachment"])
def test_preflight_catches_javascript_and_attached_files(add):
    """Printers take PDF/X, which forbids both; a file handed over with a spec could carry either."""
    from pypdf import PdfWriter
    from pypdf.generic import ArrayObject, DictionaryObject, NameObject, TextStringObject

    writer = PdfWriter(clone_from=io.BytesIO(bad_pdf(pages=24)))
    action = DictionaryObject(
        {NameObject("/S"): NameObject("/JavaScript"), NameObject("/JS"): TextStringObject("1;")}
    )
    if add == "script":  # a named script, run as the file opens
        named = DictionaryObject({NameObject("/Names"): ArrayObject([TextStringObject("js"), action])})
        writer._root_object[NameObject("/Names")] = DictionaryObject({NameObject("/JavaScript"): named})
    elif add == "opening script":
        writer._root_object[NameObject("/OpenAction")] = action
    else:
        writer.add_attachment("notes.txt", b"hello")
    out = io.BytesIO()
    writer.write(out)
    assert preflight(bad_pdf(pages=24)) == []
    assert preflight(out.getvalue()) == [
        "book: has JavaScript or attached files; a print file must not (printers take PDF/X, which forbids "
        "both): build it again from its spec"
    ]


def test_strict_build_refuses_and_writes_nothing(tmp_path):
    path = spec(tmp_path, "mazes:\n  - size: 6x8\n")
    result = invoke(["build", str(path), "--strict"])
    assert result.exit_code == 1
    assert result.stderr.startswith(
        f"error: {tmp_path / 'book.pdf'} (not written): 3 pages; print-on-demand needs"
    )  # it names the file it would have written, and says it did not
    assert not (tmp_path / "book.pdf").exists()
    assert [p.name for p in tmp_path.iterdir()] == [path.name]  # nor the file it was checked in
    assert invoke(["build", str(path)]).exit_code == 0  # without --strict it builds


def test_screen_edition_skips_print_only_rules(tmp_path):
    path = spec(tmp_path, "edition: screen\nmazes:\n  - size: 6x8\n")
    target, _ = build_book(path)
    assert preflight(Path(target).read_bytes(), "screen") == []


def test_a_screen_edition_keeps_its_pages_still_from_one_to_the_next(tmp_path):
    """A screen edition kept the print book's gutter, so its pages jumped left and right as they were
    turned on screen. It now has the same margin on both sides, and its mazes keep their size."""
    from puzzlebook.layout import MazeFrame, Text

    body = "mazes:\n  - {size: 12x16, count: 6}\n"
    frames = {}
    for edition in ("print", "screen"):
        _, checked = build_book(spec(tmp_path, body + f"edition: {edition}\n"))
        pages = [p for p in checked.plan.pages if p.kind == "maze"]
        frames[edition] = [next(i for i in p.items if isinstance(i, MazeFrame)) for p in pages]
        headings = [next(i for i in p.items if isinstance(i, Text)) for p in pages]
        xs = {round(f.x, 2) for f in frames[edition]}
        centres = {round(h.x, 2) for h in headings}
        if edition == "screen":
            assert len(xs) == 1 and len(centres) == 1, (xs, centres)  # still
            assert centres == {round(checked.layout.size[0] / 2, 2)}  # and centred on the page
        else:
            assert len(xs) == 2  # a printed book keeps its gutter on the inside
    assert [f.cell for f in frames["screen"]] == [f.cell for f in frames["print"]]


def link_targets(path):
    """(page, target page) for every link, 1-based."""
    reader = PdfReader(path)
    numbers = {page.indirect_reference.idnum: i for i, page in enumerate(reader.pages, 1)}
    found = []
    for i, page in enumerate(reader.pages, 1):
        for annot in page.get("/Annots") or []:
            annot = annot.get_object()
            assert annot["/Subtype"] == "/Link"
            found.append((i, numbers[annot["/Dest"][0].idnum]))
    return found


def test_screen_edition_has_a_clickable_contents_and_links_both_ways(tmp_path):
    path = spec(
        tmp_path,
        "edition: screen\nmazes:\n  - {size: 8x8, count: 3, title: Easy}\n  - {size: 8x8, marks: none}\n",
    )
    target, checked = build_book(path)
    kinds = [p.kind for p in checked.plan.pages]
    assert kinds == ["title", "contents", "maze", "maze", "maze", "maze", "answers"]
    texts = page_texts(target)
    assert "Contents" in texts[1] and "Maze 1 · Easy" in texts[1] and "Answer key" in texts[1]
    links = link_targets(target)
    assert [t for p, t in links if p == 2] == [3, 4, 5, 6, 7]  # contents: each maze and the answer key
    assert {(p, t) for p, t in links if p in (3, 4, 5)} == {(3, 7), (4, 7), (5, 7)}  # maze -> its answer
    assert not [t for p, t in links if p == 6]  # maze 4 has no single answer
    assert [t for p, t in links if p == 7] == [3, 4, 5]  # answer -> its maze
    assert "Answer on page 7" in texts[2]
    assert [o.title for o in PdfReader(target).outline] == ["Title", "Contents", "Mazes", "Answer key"]


def test_print_edition_has_no_links_contents_or_bookmarks(tmp_path):
    target, checked = build_book(spec(tmp_path, "mazes:\n  - {size: 8x8, count: 3}\n"))
    assert link_targets(target) == []
    assert "contents" not in [p.kind for p in checked.plan.pages]
    assert PdfReader(target).outline == []


def test_start_and_finish_words_stay_in_the_room_beside_the_maze():
    """The words once ran 10 pt past the room into a 498-page book's gutter; now they shrink to fit."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from puzzlebook.geometry import Placement
    from puzzlebook.layout.signs import marks
    from puzzlebook.puzzles import make_puzzle
    from puzzlebook.render.fonts import register_font

    bold = register_font("VeraBd")

    def measure(word, size):
        return stringWidth(word, bold, size)

    puzzle = make_puzzle("wilson", 12, 16, seed=3, marks="left-right")
    for room in (14.0, 29.0, 40.0, 80.0):
        place = Placement(100, 100, 20, 16)
        words = 0
        for mark in marks(puzzle, place, room, measure):
            if not mark.label:
                continue
            words += 1
            x, _, align = mark.label
            width = measure(mark.word, mark.size)
            left = x - width if align == "right" else x
            assert 100 - room - 0.01 <= left and left + width <= 100 + 12 * 20 + room + 0.01
            assert mark.size >= 7
        # 14 pt of room is too small for a printable word, and 29 pt since a word keeps 4 pt from the walls
        assert words == 2 if room >= 40 else words <= (room >= 29)  # 29 pt: Start alone, 4 pt off the wall


def test_a_long_book_is_read_on_two_cores_with_the_same_findings(tmp_path, monkeypatch):
    """From 100 pages a second process reads part of the book; the problems found, and their order, are
    those of reading every page here. Pages that draw the same maze's walls are read by one process."""
    import puzzlebook.preflight as preflight_module

    (tmp_path / "tight.yaml").write_text(
        "base: activity-book\nmargins: {top: 6pt, bottom: 6pt, inside: 6pt, outside: 6pt}\n"
    )
    path = spec(tmp_path, "edition: screen\nlayout: tight.yaml\nmazes:\n  - {size: 8x8, count: 110}\n")
    target, _ = build_book(path)
    data = Path(target).read_bytes()
    assert len(PdfReader(io.BytesIO(data)).pages) >= preflight_module.PARALLEL_FROM
    reader = PdfReader(io.BytesIO(data))
    shares = preflight_module._shares(len(reader.pages), reader)
    assert len(shares) == (2 if preflight_module.cores() > 1 else 1)
    assert sorted(p for share in shares for p in share) == list(range(1, len(reader.pages) + 1))
    drawn_by = {}  # each form: the shares that draw it
    for index, share in enumerate(shares):
        for number in share:
            for form in preflight_module._forms(reader.pages[number - 1]):
                drawn_by.setdefault(form, set()).add(index)
    assert len(drawn_by) >= 110 and all(len(sides) == 1 for sides in drawn_by.values())
    if len(shares) == 2:
        assert abs(len(shares[0]) - len(shares[1])) <= 0.2 * len(reader.pages)
    both = preflight(data, "print")  # a screen book checked as print: problems on odd and even pages
    monkeypatch.setattr(preflight_module, "PARALLEL_FROM", 10**9)
    here = preflight(data, "print")
    assert both == here
    pages = {int(line.split()[1].rstrip(":")) for line in here if line.startswith("page ")}
    assert {p % 2 for p in pages} == {0, 1} and len(pages) > 100


PADDED = "pad: true\nbleed: true\nmazes:\n  - {size: 9x12, count: 8}\n"


def test_check_reads_the_book_built_from_the_spec_as_it_is(tmp_path, monkeypatch):
    """After a build, check reads that file (what will be uploaded) rather than making it again, so a
    change made to the file since is found too."""
    from pypdf import PdfWriter
    from pypdf.annotations import Link

    path = spec(tmp_path, PADDED)
    assert invoke(["build", str(path)]).exit_code == 0
    monkeypatch.setattr("puzzlebook.build.generate", lambda *a, **k: pytest.fail("check made the book again"))
    result = invoke(["check", str(path)])
    assert result.exit_code == 0, result.output
    # the file read, said first: at the end of the line it went unseen (a newcomer's trial)
    read = f"{tmp_path / 'book.pdf'} checked, built from this spec as it is: "
    assert result.stdout.startswith(f"{path}: {read}ready for print, 8 mazes on 24 pages ")
    edited = PdfWriter(clone_from=str(tmp_path / "book.pdf"))  # keeps the document information
    edited.add_annotation(page_number=2, annotation=Link(rect=(50, 50, 90, 90), url="https://example.com"))
    edited.write(str(tmp_path / "book.pdf"))
    result = invoke(["check", str(path)])
    assert result.exit_code == 1
    assert "page 3: has links or annotations; a print file must not" in result.stderr


@pytest.mark.parametrize("change", ["spec", "seed", "damaged", "folder", "too big"])
def test_check_makes_the_book_again_when_the_file_is_not_from_the_spec_as_it_is(
    tmp_path, change, monkeypatch
):
    path = spec(tmp_path, PADDED)
    assert invoke(["build", str(path)]).exit_code == 0
    book = tmp_path / "book.pdf"
    args = ["check", str(path)]
    if change == "spec":
        path.write_text(path.read_text().replace("Print Test", "Print Test Two"))
    elif change == "seed":
        args += ["--seed", "3"]
    elif change == "damaged":
        book.write_bytes(book.read_bytes()[:5000])
    elif change == "folder":  # a folder where the book would be: never opened
        book.unlink()
        book.mkdir()
    else:  # a file over the size a book may have is not read into memory
        from puzzlebook import inputs

        monkeypatch.setitem(inputs.LIMITS, "book", book.stat().st_size - 1)
    result = invoke(args)
    stale = change in ("spec", "seed")
    # the older file is what would be uploaded: told where there is one to read (it said nothing), and
    # not ready until built again (it was a warning under "ready for print", exit 0: a self-publisher
    # read the headline and would have uploaded the old book); so is a damaged one (it said "ready")
    told = stale or change == "damaged"
    assert result.exit_code == (1 if told else 0), result.output
    ready = (
        "ready for print once built again (the file there is older: below), " if told else "ready for print, "
    )
    assert ready in result.stdout and "(read" not in result.stdout
    older = f"error: {book} is older than the book checked (made before the spec, its files, the seed or "
    assert (older in result.stderr) == stale, result.stderr
    damaged = f"error: {book} cannot be read as a book puzzlebook built (damaged, or made otherwise): build"
    assert (damaged in result.stderr) == (change == "damaged"), result.stderr
    assert "build it again before you upload it" in result.stderr or not told


def test_check_before_any_build_says_the_book_is_not_built_yet(tmp_path):
    """ "ready for print" with no book.pdf in the folder read as a file ready to upload (a self-publisher):
    the book checked was made in memory, and check says so."""
    path = spec(tmp_path, PADDED)
    result = invoke(["check", str(path)])
    assert result.exit_code == 0, result.output
    book = tmp_path / "book.pdf"
    assert result.stdout.startswith(  # said first: at the end of a long line it went unseen
        f"{path}: {book} is not built yet (puzzlebook build writes it), so made in memory: ready for print, "
    )
    assert invoke(["build", str(path)]).exit_code == 0
    assert "not built yet" not in invoke(["check", str(path)]).stdout


def test_a_class_list_named_yml_counts_by_its_lines(tmp_path):
    """Only the spec counts by its YAML values: a class list called kids.yml is read a name a line, and
    read as YAML, "Ana / Ben / Carla" and "Ana Ben / Carla" were one list, and an old book passed."""
    (tmp_path / "kids.yml").write_text("Ana\nBen\nCarla\n")
    path = spec(tmp_path, "pad: true\nstudents: kids.yml\nmazes:\n  - {size: 9x12}\n")
    assert invoke(["build", str(path)]).exit_code == 0
    (tmp_path / "kids.yml").write_text("Ana Ben\nCarla\n")
    result = invoke(["check", str(path)])
    assert result.exit_code == 1 and "book.pdf is older than the book checked" in result.stderr, result.output


def test_check_of_a_separate_key_tells_each_file_older_than_the_spec(tmp_path):
    """With the answers apart, check made the book in memory and never looked at the files: after a new
    seed both old files passed as "ready" (a reviewer)."""
    path = spec(tmp_path, "answer_key: separate\npad: true\nmazes:\n  - {size: 9x12, count: 2}\n")
    result = invoke(["check", str(path)])
    assert result.exit_code == 0, result.output
    book, answers = tmp_path / "book.pdf", tmp_path / "book-answers.pdf"
    assert result.stdout.startswith(f"{path}: {book} and {answers} are not built yet (puzzlebook build")
    assert invoke(["build", str(path)]).exit_code == 0
    result = invoke(["check", str(path)])
    assert result.exit_code == 0 and "not built yet" not in result.stdout, result.output
    # the files there said to be the book checked (it said nothing of them: a newcomer's trial)
    said = f"{path}: {book} and {answers} built from this spec as it is, checked as made in memory: ready"
    assert result.stdout.startswith(said), result.stdout
    result = invoke(["check", str(path), "--seed", "5"])
    assert result.exit_code == 1
    for name in (book, answers):
        assert f"error: {name} is older than the book checked" in result.stderr, result.stderr


def test_a_comment_edited_in_the_spec_leaves_its_book_ready_for_print(tmp_path, monkeypatch):
    """A self-publisher who noted the date proofed in a comment was told the book was older than its
    spec and to build it again. A comment, a blank line, spacing, quotes or keys in another order make
    no other book: check reads the built one and finds it the spec's, and a build makes the same bytes."""
    path = spec(tmp_path, PADDED)
    assert invoke(["build", str(path)]).exit_code == 0
    book = tmp_path / "book.pdf"
    before = book.read_bytes()
    text = path.read_text().replace("title: Print Test", 'title:   "Print Test"   # proofed 28 Nov')
    text = text.replace("{size: 9x12, count: 8}", "{count: 8, size: 9x12}")  # no meaning in the order
    lines = text.splitlines()
    path.write_text("# for the printer\n\n" + "\n".join([lines[1], lines[0], *lines[2:]]) + "\n\n# the end\n")
    monkeypatch.setattr("puzzlebook.build.generate", lambda *a, **k: pytest.fail("check made the book again"))
    result = invoke(["check", str(path)])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith(f"{path}: {book} checked, built from this spec as it is: ready for print")
    monkeypatch.undo()
    assert invoke(["build", str(path)]).exit_code == 0 and book.read_bytes() == before
    path.write_text(path.read_text().replace("count: 8", "count: 9"))
    assert invoke(["check", str(path)]).exit_code == 1  # a value edited: the book is older than the spec


def test_what_a_book_was_made_from_is_its_contents_not_where_it_lies(tmp_path):
    """Two copies of a spec in different folders make byte-identical books."""
    first, second = tmp_path / "a", tmp_path / "b"
    first.mkdir()
    second.mkdir()
    for folder in (first, second):
        assert invoke(["build", str(spec(folder, PADDED))]).exit_code == 0
    made = [PdfReader(folder / "book.pdf").metadata["/PuzzlebookMadeFrom"] for folder in (first, second)]
    assert made[0] == made[1] and len(made[0]) == 64
    assert (first / "book.pdf").read_bytes() == (second / "book.pdf").read_bytes()


def test_what_a_book_was_made_from_is_the_same_installed_or_checked_out(tmp_path, monkeypatch):
    """An installed puzzlebook keeps its presets inside the package, a checkout beside it: the digest of
    its own files (and so every book's bytes) must not tell them apart."""
    import shutil

    from puzzlebook import madefrom

    checkout = madefrom._own_files()
    installed = tmp_path / "puzzlebook"
    shutil.copytree(madefrom.PACKAGE, installed, ignore=shutil.ignore_patterns("__pycache__"))
    presets = madefrom.PACKAGE.parent / "layouts"  # in a checkout; an installed copy has them already
    if presets.is_dir():
        shutil.copytree(presets, installed / "layouts", dirs_exist_ok=True)
    assert (installed / "layouts" / "activity-book.yaml").is_file()
    monkeypatch.setattr(madefrom, "PACKAGE", installed)
    madefrom._own_files.cache_clear()
    try:
        assert madefrom._own_files() == checkout
        (installed / "render" / "pdf.py").write_text("# a changed line of code\n", encoding="utf-8")
        madefrom._own_files.cache_clear()
        assert madefrom._own_files() != checkout
    finally:
        madefrom._own_files.cache_clear()


@pytest.mark.parametrize("bleed", [False, True])
def test_a_layout_with_no_margins_still_makes_a_book_ready_for_print(tmp_path, bleed):
    """A print edition raises every margin to what printers keep clear, and the page number, its
    descenders included, sits above the raised bottom margin."""
    (tmp_path / "zero.yaml").write_text(
        "base: activity-book\nmargins: {top: 0in, bottom: 0in, inside: 0in, outside: 0in}\n"
    )
    path = spec(
        tmp_path,
        f"layout: zero.yaml\nbleed: {str(bleed).lower()}\npad: true\nmazes:\n  - {{size: 10x10, count: 4}}\n",
    )
    target, _ = build_book(path)
    data = Path(target).read_bytes()
    assert preflight(data, "print", bleed) == []
    assert "2" in page_texts(target)[1].split()  # the page number is there


def _answer_pages(pages: list[str]) -> list[str]:
    return [p for p in pages if "Answer key" in p]


def test_answers_too_detailed_for_a_thumbnail_share_pages_and_none_is_empty(tmp_path):
    """30x40 mazes on 6x9 do not read at six a page: each went to a page of its own with an empty
    "Answer key (continued)" page before it, 24 pages for 12 answers, and preflight passed it. Padded,
    the key takes four a page, larger than two a page of the layout's grid draw them (the padding's
    notes pages give way to it); without the padding, two a page, down the page's length."""
    for pad, apiece in ((True, 4), (False, 2)):
        body = f"page_size: 6x9in\nbleed: true\npad: {str(pad).lower()}\nmazes:\n  - {{size: 30x40, count: 12}}\n"
        target, _ = build_book(spec(tmp_path, body))
        answers = _answer_pages(page_texts(target))
        assert len(answers) == 12 // apiece
        for number, page in enumerate(answers):
            assert page.count(" · page ") == apiece, page  # as many on every page, none empty
            assert all(f"Maze {apiece * number + k} · page" in page for k in range(1, apiece + 1))
        if pad:  # a book print-on-demand takes
            assert preflight(Path(target).read_bytes(), bleed=True) == []


def test_small_and_large_answers_each_take_the_densest_grid_that_reads(tmp_path):
    path = spec(
        tmp_path,
        # not padded: a padded book's key may take a grid a row fewer (four a page) for them all
        "page_size: 6x9in\nprint_on_demand: false\nmazes:\n  - {size: 8x10, count: 7}\n"
        "  - {size: 30x40, count: 3}\n  - {size: 8x10, count: 1}\n",
    )
    target, _ = build_book(path)
    counts = [page.count(" · page ") for page in _answer_pages(page_texts(target))]
    # six thumbnails; the seventh, and under its row a large one's (rows of two a page, the page's other
    # half); two large; the last thumbnail (it left a page with one answer on it twice)
    assert counts == [6, 2, 2, 1]
    assert preflight(Path(target).read_bytes(), "office") == []


def test_the_answer_heading_stays_inside_a_small_trims_margins(tmp_path):
    """On 4x6 in with bleed, "Answer key (continued)" at 18 pt reached into the margins: `build` wrote a
    book `check` refused, page after page, and the advice (widen the margins) was for a preset."""
    path = spec(tmp_path, "page_size: 4x6in\nbleed: true\npad: true\nmazes:\n  - {size: 10x14, count: 20}\n")
    target, _ = build_book(path)
    assert len(_answer_pages(page_texts(target))) > 2
    assert preflight(Path(target).read_bytes(), bleed=True) == []


def test_a_poster_larger_than_office_paper_is_ready_for_a_print_shop(tmp_path):
    """An 18 x 24 in poster was "ready to print on an office printer", whose paper stops at A3 and
    11 x 17 in; from its spec and from its PDF, it is ready for a print shop, and a letter-size handout
    still for the office."""
    path = tmp_path / "poster.yaml"
    path.write_text("title: Big\nlayout: poster\nmarks: suggested\nmazes: [{size: 30x40}]\n")
    said = "ready to print at a print shop: 18 x 24 in is larger than office paper"
    result = invoke(["check", str(path)])
    assert result.exit_code == 0, result.stderr
    memory = f"{tmp_path / 'poster.pdf'} is not built yet (puzzlebook build writes it), so made in memory: "
    assert result.stdout.startswith(f"{path}: {memory}{said} (print-on-demand's"), result.stdout
    assert invoke(["build", str(path), "-q"]).exit_code == 0
    result = invoke(["check", str(tmp_path / "poster.pdf")])
    assert result.exit_code == 0 and result.stdout == f"{tmp_path / 'poster.pdf'}: {said}\n", result.output
    path.write_text(path.read_text().replace("layout: poster", "layout: poster\npage_size: tabloid"))
    result = invoke(["check", str(path)])
    assert result.stdout.startswith(f"{path}: ready to print on an office printer"), (
        result.output
    )  # older PDF there


def test_a_handout_is_checked_for_an_office_printer_not_for_print_on_demand(tmp_path):
    """`check` failed every classroom handout ("3 pages; print-on-demand needs at least 24"), and its
    fix, `pad: true`, made each child's sheet a 24-page book of Notes pages."""
    path = tmp_path / "sheet.yaml"
    path.write_text("title: Sheet\nlayout: handout\nmarks: suggested\nmazes: [{size: 10x10, count: 3}]\n")
    result = invoke(["check", str(path)])
    assert result.exit_code == 0, result.stderr
    memory = f"{tmp_path / 'sheet.pdf'} is not built yet (puzzlebook build writes it), so made in memory: "
    assert result.stdout.startswith(f"{path}: {memory}ready to print on an office printer (print-on-demand's")
    (tmp_path / "mine.yaml").write_text("base: handout\nprint_on_demand: true\n")  # a book after all
    path.write_text(path.read_text().replace("layout: handout", "layout: mine.yaml"))
    result = invoke(["check", str(path)])
    assert result.exit_code == 1 and "print-on-demand needs at least 24" in result.stderr


def test_a_book_printed_at_home_is_told_one_key_and_then_checked_for_an_office_printer(tmp_path):
    """A parent's 14-page activity book, printed at home, failed `check` on print-on-demand's 24 pages,
    and was told to write a layout file of its own with `base:` and `print_on_demand: false`. The spec
    takes `print_on_demand: false` itself, and the error says so; the book then passes as an office
    printer's, and its PDF says so for `check book.pdf` too."""
    path = tmp_path / "home.yaml"
    text = "title: For Leo\nmarks: suggested\nmazes: [{difficulty: age-4, count: 3}]\n"
    path.write_text(text)
    assert invoke(["build", str(path)]).exit_code == 0
    result = invoke(["check", str(path)])
    assert result.exit_code == 1
    assert "for a printer at home or school, add `print_on_demand: false`" in result.stderr, result.stderr
    path.write_text(text + "print_on_demand: false\n")
    assert invoke(["build", str(path)]).exit_code == 0
    for checked in (path, tmp_path / "home.pdf"):
        result = invoke(["check", str(checked)])
        assert result.exit_code == 0, result.stderr
        read = f"{tmp_path / 'home.pdf'} checked, built from this spec as it is: " if checked == path else ""
        assert result.stdout.startswith(f"{checked}: {read}ready to print on an office printer"), (
            result.stdout
        )
    # and it says why: the spec's key, not the layout's
    assert (
        "(print-on-demand's page counts are not checked for print_on_demand: false)"
        in invoke(["check", str(path)]).stdout
    )


def test_check_reads_a_pdf_by_itself(tmp_path):
    """`check book.pdf` said "a NUL byte: this does not look like a text file"; a book written elsewhere
    with -o could not be checked at all."""
    path = spec(tmp_path, "page_size: 6x9in\nbleed: true\npad: true\nmazes:\n  - {size: 10x12, count: 3}\n")
    elsewhere = tmp_path / "proof.pdf"
    assert invoke(["build", str(path), "-o", str(elsewhere)]).exit_code == 0
    result = invoke(["check", str(elsewhere)])
    assert result.exit_code == 0, result.stderr
    assert result.stdout == f"{elsewhere}: ready for print (with bleed)\n"
    short = spec(tmp_path, "mazes:\n  - {size: 10x12, count: 3}\n")
    assert invoke(["build", str(short), "-o", str(elsewhere)]).exit_code == 0
    result = invoke(["check", str(elsewhere)])
    assert result.exit_code == 1
    assert result.stderr.startswith(f"error: {elsewhere}: 5 pages; print-on-demand needs at least 24")
    (tmp_path / "not.pdf").write_text("hello")
    result = invoke(["check", str(tmp_path / "not.pdf")])
    assert result.exit_code == 2 and "cannot be checked" in result.stderr and "Traceback" not in result.output


@pytest.mark.parametrize("trim", ["5.5x8.5in", "6x9in", "7x10in"])
def test_start_and_finish_both_print_beside_sideways_arrows_on_small_trims(tmp_path, trim):
    """On 5.5x8.5 and 6x9 the arrows had no words, and on 7x10 "Start" printed but not "Finish": the
    room beside the maze was too narrow for the words at 7 pt. It now grows to take them."""
    path = spec(tmp_path, f"page_size: {trim}\nmazes:\n  - {{size: 10x14, marks: left-right, count: 3}}\n")
    target, _ = build_book(path)
    mazes = [page for page in page_texts(target) if "Maze " in page and "Answer key" not in page]
    assert len(mazes) == 3
    for page in mazes:
        assert "Start" in page.split() and "Finish" in page.split(), page


@pytest.mark.parametrize("age,written", [("age-4", (7, 8)), ("adult", (36, 42))])
def test_an_age_size_too_large_for_a_small_trim_is_fitted_to_it(tmp_path, age, written):
    """On 6x9 age-4 and adult were refused ("cells would be 22.4 pt, the minimum is 22.5"): the reader
    asked for an age, not a size, so the size is the largest the page takes at the age's cells. (6x9
    takes both whole now that no room is kept for arrows on the sides the ends do not fall on: 5.5x8.5
    is the trim too small for them.)"""
    path = spec(
        tmp_path,
        f"page_size: 5.5x8.5in\nbleed: true\npad: true\ndifficulty: {age}\nmazes:\n  - {{count: 3}}\n",
    )
    result = invoke(["build", str(path), "--strict"])
    assert result.exit_code == 0, result.stderr
    from puzzlebook.build import check_book

    size = (check_book(path).mazes[0].width, check_book(path).mazes[0].height)
    assert size < written and size[0] * size[1] * 2 >= written[0] * written[1]
    mazes = [p.split() for p in page_texts(tmp_path / "book.pdf") if "Maze " in p and "Answer key" not in p]
    assert len(mazes) == 3 and all("Start" in p and "Finish" in p for p in mazes)  # sized to keep its words
    path.write_text(path.read_text().replace("{count: 3}", f"{{count: 3, size: {written[0]}x{written[1]}}}"))
    result = invoke(["validate", str(path)])
    assert result.exit_code == 2 and "is too dense" in result.stderr  # a size written is never changed


def test_a_layouts_margins_under_a_printers_least_are_raised_with_a_note(tmp_path):
    (tmp_path / "thin.yaml").write_text(
        "base: activity-book\nmargins: {top: 0.1in, bottom: 0.1in, inside: 0.1in, outside: 0.5in}\n"
    )
    path = spec(
        tmp_path,
        "layout: thin.yaml\npage_size: 6x9in\nbleed: true\npad: true\nmazes: [{size: 8x8, count: 16}]\n",
    )
    result = invoke(["build", str(path)])
    assert result.exit_code == 0, result.stderr
    assert result.stderr.splitlines()[-1] == (
        "note: thin.yaml:2: margins: raised to what a printer takes for 24 pages: top 0.1 in to 0.375 in, "
        "bottom 0.1 in to 0.375 in, inside 0.1 in to 0.375 in"
    )
    assert preflight((tmp_path / "book.pdf").read_bytes(), bleed=True) == []
    (tmp_path / "thin.yaml").write_text(
        "base: activity-book\nmargins: {top: 1in, bottom: 1in, inside: 1in, outside: 1in}\n"
    )
    assert "note:" not in invoke(["build", str(path)]).stderr  # wide enough: nothing to say


def test_an_age_size_fitted_to_the_page_is_told(tmp_path):
    path = spec(
        tmp_path, "page_size: 5.5x8.5in\nbleed: true\npad: true\ndifficulty: adult\nmazes:\n  - {count: 2}\n"
    )
    result = invoke(["validate", str(path)])
    assert result.exit_code == 0, result.stderr
    assert result.stderr.startswith("note: book.yaml:8: mazes[0]: difficulty: adult sets 36x42; made ")


@pytest.mark.parametrize("page", ["letter", "a4", "6x9in"])
@pytest.mark.parametrize("per_page", [1, 2, 4])
@pytest.mark.parametrize("age", ["age-6", "age-8", "age-10", "adult"])
def test_an_age_size_fitted_to_the_page_is_taken_by_it(tmp_path, page, per_page, age):
    """A handout of two a page on Letter at age-8 made its maze 10x13 to fit, then refused that size as
    too dense (a teacher, following the class-set sample): it was sized with its words at the least
    size, and the page gave them 13.5 pt. Whatever the page, the size an age's maze is made is taken."""
    path = spec(
        tmp_path,
        f"layout: handout\npage_size: {page}\nmazes_per_page: {per_page}\ndifficulty: {age}\n"
        "mazes:\n  - {count: 4}\n",
    )
    from puzzlebook.spec.request import AGES

    result = invoke(["validate", str(path)])
    refused = re.search(rf"(\d+)x(\d+) \(the size difficulty: {age} sets\) is too dense", result.stderr)
    # an age's size the page refuses is refused as the age sets it, never as it was made to fit
    assert refused is None or (int(refused[1]), int(refused[2])) == AGES[age].size, result.stderr
    assert result.exit_code == 0 or refused, result.stderr


def test_mazes_printed_smaller_than_their_answers_are_told(tmp_path):
    """Six a page on 6x9 with a two-line title and the seed line under each: each puzzle printed at
    two-thirds the size of its own answer, without a word. (Mazes whose ends run on an axis now keep
    room for arrows and words on those two sides only and print as large as their answers there; ends
    in the corners keep it on all four, and at four a page print smaller than their answers.)"""
    (tmp_path / "six.yaml").write_text("base: activity-book\npage_size: 6x9in\nmazes_per_page: 4\n")
    body = (
        "layout: six.yaml\npad: true\nshow_seed: true\n"
        "mazes:\n  - {size: 10x8, marks: corners, count: 12, title: Twisty Little Passages All Alike}\n"
    )
    result = invoke(["validate", str(spec(tmp_path, body))])
    assert result.exit_code == 0, result.output
    told = [line for line in result.stderr.splitlines() if "smaller than" in line]
    assert len(told) == 1 and told[0].startswith("note: book.yaml:6: mazes: 12 of the 12 mazes print smaller")
    assert told[0].endswith("mazes_per_page: 2 gives them more room")
    (tmp_path / "six.yaml").write_text("base: activity-book\npage_size: 6x9in\nmazes_per_page: 2\n")
    result = invoke(["validate", str(tmp_path / "book.yaml")])  # as told: no more
    assert result.exit_code == 0 and "smaller than" not in result.stderr, result.stderr
    # in a class set every sheet has a maze 1: the note names the maze as its sheet does, and whose
    (tmp_path / "six.yaml").write_text("base: activity-book\npage_size: 6x9in\nmazes_per_page: 4\n")
    (tmp_path / "book.yaml").write_text(
        (tmp_path / "book.yaml").read_text().replace("count: 12", "count: 2") + "students: [Ana, Ben]\n"
    )
    result = invoke(["validate", str(tmp_path / "book.yaml")])
    told = [line for line in result.stderr.splitlines() if "smaller than" in line]
    assert len(told) == 1 and re.search(r"of the 4 mazes .* answers \(maze [12] for (Ana|Ben): ", told[0]), (
        told
    )


def test_a_contents_of_several_pages_says_it_goes_on_as_the_answer_key_does(tmp_path):
    """A second contents page repeated plain "Contents", where the answer key says "(continued)"."""
    target, checked = build_book(spec(tmp_path, "edition: screen\nmazes:\n  - {size: 5x5, count: 60}\n"))
    texts = page_texts(target)
    contents = [p.number for p in checked.plan.pages if p.kind == "contents"]
    assert len(contents) >= 2
    first = texts[contents[0] - 1]
    assert "Contents" in first and "(continued)" not in first
    assert all("Contents (continued)" in texts[n - 1] for n in contents[1:])


def test_the_reportlab_internals_the_streaming_writer_needs_are_there(monkeypatch):
    """render/pdfstream.py writes through reportlab's private document internals (the reason reportlab
    is pinned to one minor version): a release that drops one is named here before a book is drawn wrong."""
    from reportlab.pdfbase import pdfdoc

    from puzzlebook.render.pdfstream import missing_internals

    assert missing_internals() == [], (
        f"this reportlab lacks what render/pdfstream.py relies on: {missing_internals()}; keep the pin"
    )
    monkeypatch.delattr(pdfdoc, "PDFTrailer")
    monkeypatch.delattr(pdfdoc.PDFInfo, "digest")
    assert missing_internals() == ["reportlab.pdfbase.pdfdoc.PDFTrailer", "PDFInfo.digest"]


@pytest.mark.parametrize(
    "body",
    [
        "answer_key: true\nmazes:\n  - {size: 8x10, count: 7}\n  - {size: 30x40, count: 3}\n  - {size: 8x10}\n",
        "answer_key: true\npage_size: 6x9in\nbleed: true\nmazes:\n  - {size: 30x40, count: 12}\n",
        "answer_key: true\nmazes:\n  - {size: 12x12, count: 9}\n  - {size: 10x10, count: 4, marks: none}\n",
        "copyright: Mine\nisbn: 978-3-16-148410-0\nlayout: activity-book\nmazes:\n  - {size: 20x20, count: 5}\n",
        "layout: handout\nanswer_key: true\nstudents: [Ann, Bo, Cy]\nmazes:\n  - {size: 9x9, count: 2}\n",
        # a class set with its answers apart, two sheets a page: the book counts its sheets alone
        "layout: handout\nmazes_per_page: 2\nanswer_key: separate\nstudents: [Ann, Bo, Cy]\nmazes:\n"
        "  - {size: 9x9, title: One}\n  - {size: 14x12, title: Two}\n",
        # a cover, padded to a printer's count
        "pad: true\nbleed: true\nanswer_key: true\ncover:\n  paper: white\nmazes:\n  - {size: 12x15, count: 9}\n",
        # pictures by the ends, shapes and circles among squares
        "pictures: mouse-cheese\nanswer_key: true\nmazes:\n  - {size: 14x14, count: 5}\n"
        "  - {shape: heart, size: 16x16}\n  - {size: 9, grid: circle}\n",
        # answers too dense for six a page take two or one, after pages of the layout's six; long titles
        # keep a second line
        "mazes_per_page: 2\nanswer_key: true\nmazes:\n  - {size: 20x20, count: 13}\n  - {size: 30x40, count: 3}\n"
        "  - {size: 8x8, count: 4, title: A rather long title for a small maze that wraps}\n",
        # answers drawn with their ends' axes, in the layout's rows and in rows of fewer, larger slots
        "pictures: mouse-cheese\nanswer_key: true\nmazes:\n  - {size: 10x14, count: 7}\n"
        "  - {size: 40x50, count: 2}\n  - {size: 12x8, count: 3}\n",
        # answers just too dense for six a page with arrow room on every side, and not with room at
        # their sides alone: the count, which knows no sides, must still come to as many pages
        "page_size: 11x8.5in\npictures: mouse-cheese\nanswer_key: true\nmazes:\n"
        "  - {size: 50x40, count: 8}\n",
    ],
)
def test_a_print_book_is_counted_without_placing_and_planned_once(tmp_path, body, monkeypatch):
    """A print book's margins follow its page count: the pages are counted with nothing placed on them,
    as many as placing makes, and the book is placed once, with the margins that count asks for. The
    mazes come as a plan gets them, before their ends are told an axis (its answers are told theirs by
    the pages placed: a count that knew none must come to as many pages)."""
    from puzzlebook.build import check_book
    from puzzlebook.layout import pages

    checked = check_book(spec(tmp_path, body), output_given=True)
    layout, mazes = checked.layout, [replace(m, axis="") for m in checked.mazes]
    counted = pages._plan(checked.spec, layout, mazes, placing=False)
    placed = pages._plan(checked.spec, layout, mazes)
    assert [(p.number, p.kind) for p in counted.pages] == [(p.number, p.kind) for p in placed.pages]
    assert not any(i for p in counted.pages if p.kind == "maze" for i in p.items if hasattr(i, "cell"))
    assert counted.maze_pages == placed.maze_pages
    calls = []
    real = pages._plan
    monkeypatch.setattr(pages, "_plan", lambda *a, **k: calls.append(k.get("placing", True)) or real(*a, **k))
    plan = pages.plan_book(checked.spec, layout, mazes)
    # counted, then placed once (a padded book's key is also tried a row fewer a page, in full)
    assert calls == [False, True] or ("pad" in body and calls[0] is False and calls[-1] is True)
    chosen = pages._roomier_key(checked.spec, layout, mazes, "")[0] if "pad" in body else layout
    twice = real(checked.spec, print_margins(chosen, len(plan.pages)), mazes)  # as it was planned before

    def frames(pages):
        return [(p.number, i.number, i.x, i.y, i.cell) for p in pages for i in p.items if hasattr(i, "cell")]

    assert frames(plan.pages) == frames(twice.pages) and frames(twice.pages)


def test_a_maze_too_dense_for_a_thick_book_is_told_a_size_that_fits_its_margins(tmp_path):
    """A print book's gutter grows with its pages: a 6x9 in book of 700 mazes of 44x44 was told the
    cells and the size that fit the layout's own margins ("at most 43x43"), and 43x43 was refused
    again. The message now reads the margins the book gets, and the size it names builds (47x47 here,
    which the layout's own margins take, since a maze with no arrows keeps no room for them)."""
    import re

    from puzzlebook.build import check_book
    from puzzlebook.errors import SpecError

    path = tmp_path / "thick.yaml"
    path.write_text("title: Thick\npage_size: 6x9in\nmazes:\n  - {size: 47x47, count: 700}\n")
    with pytest.raises(SpecError) as refused:
        check_book(path)
    told = re.search(r"make it at most (\d+)x(\d+)", str(refused.value))
    assert told, str(refused.value)
    fits = f"{told[1]}x{told[2]}"
    path.write_text(f"title: Thick\npage_size: 6x9in\nmazes:\n  - {{size: {fits}, count: 700}}\n")
    checked = check_book(path)
    assert len(checked.plan.pages) > 700


def test_the_cross_reference_table_is_written_as_reportlab_formats_it():
    """``Writer`` writes the table itself, a part at a time (formatted whole it held 6 MB for a
    5,000-maze book): the same bytes as reportlab's table of the same document, past a part's 1,000
    entries, and each entry the offset of its object."""
    from reportlab.pdfbase.pdfdoc import PDFCrossReferenceTable

    from puzzlebook.render.pdfstream import Writer

    out = io.BytesIO()
    canvas = Canvas(io.BytesIO(), invariant=1)
    writer = Writer(canvas, out)
    for n in range(600):
        canvas.drawString(72, 72, f"page {n}")
        canvas.showPage()
        writer.page()
    writer.finish()
    data, doc = out.getvalue(), canvas._doc
    names = [doc.numberToId[n] for n in range(1, len(doc.numberToId) + 1)]
    assert len(names) > 1200
    table = PDFCrossReferenceTable()
    table.addsection(0, names)
    start = data.index(b"\nxref\n") + 1
    written = data[start : data.index(b"trailer\n", start)]
    assert written == table.format(doc)
    entries = written.split(b"\n")[3:-1]
    assert len(entries) == len(names)
    for number, entry in enumerate(entries, 1):
        assert data[int(entry[:10]) :].startswith(b"%d 0 obj" % number)
    assert len(PdfReader(io.BytesIO(data)).pages) == 600


def test_check_tells_the_notes_validate_and_build_tell(tmp_path):
    """A parent ran `check` as the last step before printing: "ready for print", and not the note
    `validate` gave that the age-4 hearts hardly read as hearts."""
    path = spec(tmp_path, "pad: true\ndifficulty: age-4\nmazes:\n  - {shape: heart, count: 2}\n")
    noted = [line for line in invoke(["validate", str(path)]).stderr.splitlines() if line.startswith("note:")]
    assert any("hardly reads as one" in line for line in noted), noted
    for built in (False, True):  # made in memory, and read from the file built
        if built:
            assert invoke(["build", str(path)]).exit_code == 0
        result = invoke(["check", str(path)])
        assert result.exit_code == 0, result.output
        assert "ready for print" in result.stdout
        assert [line for line in result.stderr.splitlines() if line.startswith("note:")] == noted


def test_a_copyright_notice_that_says_its_copyright_is_not_said_twice(tmp_path):
    """`year: 2026` with `copyright: "Copyright © 2026 Lantern Hill Puzzles. All rights reserved."`
    printed "© 2026 Lantern Hill Puzzles" above the notice's own line (a self-publisher's walk); a notice
    without one still gets the line from `year:`."""
    from pdfcheck import page_texts

    for notice, lines in (("Copyright © 2026 Lantern Hill Puzzles. All rights reserved.", 1), ("Mine", 1)):
        path = spec(
            tmp_path,
            f'year: 2026\nauthor: Lantern Hill Puzzles\ncopyright: "{notice}"\nmazes:\n  - {{size: 8x8}}\n',
        )
        target, _ = build_book(path)
        text = page_texts(target)[1]  # the copyright page, after the title page
        assert text.count("2026") == lines, text
        assert notice in text.replace("\n", " "), text


def test_a_books_answers_apart_are_checked_as_sheets_not_a_bound_book(tmp_path):
    """`check book-answers.pdf` held a print-on-demand book's separate answers to a bound interior's page
    counts, and told them to add pad: true, which pads the book alone: they are sheets."""
    path = spec(
        tmp_path,
        "layout: activity-book\npad: true\nanswer_key: separate\nmazes:\n  - {size: 8x8, count: 6}\n",
    )
    target, _ = build_book(path)
    answers = Path(target).with_name(Path(target).stem + "-answers.pdf")
    result = invoke(["check", str(answers)])
    assert result.exit_code == 0, result.output
    assert "office printer" in result.stdout and "pad" not in result.output
    assert invoke(["check", str(path)]).exit_code == 0  # the book itself: a bound book, padded to 24


def test_pad_reaches_the_page_count_a_spec_names(tmp_path):
    """`pad: true` padded to 24 pages alone: a self-publisher after 100 pages worked out how many mazes
    and answers make them (a newcomer's trial). `pad: 100` adds notes pages up to 100 (an even count:
    101 makes 102), is told in one line outside 24 to 828, and a book already longer is not cut, but
    told."""
    from puzzlebook.build import check_book
    from puzzlebook.report import notes

    path = spec(tmp_path, PADDED.replace("pad: true", "pad: 100"))
    target, checked = build_book(path)
    reader = PdfReader(target)
    assert len(reader.pages) == 100 and [p.kind for p in checked.plan.pages][-1] == "notes"
    assert invoke(["check", str(path)]).exit_code == 0  # ready for print at 100 pages
    path.write_text(path.read_text().replace("pad: 100", "pad: 101"))
    assert len(check_book(path).plan.pages) == 102
    for wrong in ("10", "2000", "many"):
        path.write_text(
            path.read_text().replace("pad: 101", f"pad: {wrong}").replace("pad: 10\n", f"pad: {wrong}\n")
        )
        result = invoke(["validate", str(path)])
        assert result.exit_code == 2 and len(result.stderr.splitlines()) == 1, result.stderr
        assert (
            "pad: expected true, or a page count from 24 to 828 to reach (such as pad: 100)" in result.stderr
        )
        path.write_text(path.read_text().replace(f"pad: {wrong}", "pad: 101"))
    path.write_text(path.read_text().replace("pad: 101", "pad: 30").replace("count: 8", "count: 40"))
    checked = check_book(path)
    told = [str(n) for n in notes(checked) if "pad" in str(n)]
    pages = len(checked.plan.pages)
    assert pages > 30 and told == [
        f"book.yaml:3: pad: asks for 30 pages, and the book has {pages}: it is not cut; "
        f"use fewer mazes, more a page, or pad: {pages} or more"
    ], told


def test_a_two_line_heading_hangs_below_its_place_inside_the_top_margin(tmp_path):
    """A heading too long for one line drew its first line above the one-line place, 20 pt from a bleed
    book's trim where 27 pt must stay clear: ``build`` wrote it and ``check`` refused it. The second
    line hangs below, in the room kept for it: read back, the first line's baseline is a one-line
    heading's, both lines stand in the margins, and the book passes ``check``."""
    from puzzlebook.pdfread import Document

    spec = tmp_path / "long.yaml"
    spec.write_text(
        "title: Long\nbleed: true\npad: true\nmarks: suggested\ntitle_page: false\nmazes:\n"
        '  - {size: 12x16, title: "Tents, Tents, Tents and More Tents in the Valley"}\n'
        "  - {size: 12x16, title: Short}\n"
    )
    target, checked = build_book(spec)
    assert invoke(["check", str(spec)]).exit_code == 0
    doc = Document(PdfReader(target))
    baselines = []
    for i, (page, words) in enumerate(zip(checked.plan.pages, page_texts(target), strict=True)):
        if page.kind != "maze" or ("Valley" not in words and "Short" not in words):
            continue
        chars = [c for c in doc.page(i).chars if c.size > 14]  # the heading's, at 18 pt
        rows = sorted({round(c.y0, 1) for c in chars}, reverse=True)
        assert len(rows) == (2 if "Valley" in words else 1), rows
        baselines.append(rows[0])
        top_clear = float(PdfReader(target).pages[i].trimbox.top) - checked.layout.margins.top
        assert max(c.y1 for c in chars) <= top_clear, (max(c.y1 for c in chars), top_clear)
    assert len(baselines) == 2 and abs(baselines[0] - baselines[1]) < 0.01, baselines
