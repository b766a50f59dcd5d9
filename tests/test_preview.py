"""``puzzlebook preview``: a page of the book as a PNG, drawn from the same PDF ``build`` writes; the
page and the image's size bounded, and nothing written outside the spec's folder unless -o says so."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pypdfium2 as pdfium
from clirun import invoke
from PIL import Image

SPEC = "title: Preview\nmarks: suggested\nmazes:\n  - {size: 8x8, count: 3}\n"


def book(folder: Path) -> Path:
    folder.mkdir(exist_ok=True)
    spec = folder / "book.yaml"
    spec.write_text(SPEC)
    return spec


def test_a_page_is_drawn_as_the_built_book_draws_it(tmp_path):
    spec = book(tmp_path / "books")
    result = invoke(["preview", str(spec), "--page", "3", "--dpi", "50"])
    assert result.exit_code == 0, result.output
    made = tmp_path / "books" / "book-page-3.png"
    image = Image.open(made)
    assert invoke(["build", str(spec)]).exit_code == 0
    document = pdfium.PdfDocument(str(tmp_path / "books" / "book.pdf"))
    page = document[2]
    assert image.size == (round(page.get_width() * 50 / 72), round(page.get_height() * 50 / 72))
    expected = page.render(scale=50 / 72).to_pil()
    assert image.convert("RGB").tobytes() == expected.convert("RGB").tobytes()  # the book's page 3
    assert result.stderr == f"wrote {made}: page 3 of {len(document)} at 50 dpi\n"


def test_a_page_outside_the_book_is_refused_before_any_work(tmp_path):
    spec = book(tmp_path)
    assert invoke(["build", str(spec)]).exit_code == 0
    pages = len(pdfium.PdfDocument(str(tmp_path / "book.pdf")))
    for page in (0, pages + 1, -1, 99999999999):
        result = invoke(["preview", str(spec), "--page", str(page)])
        assert result.exit_code == 2, result.output
        assert result.stderr == f"error: --page: must be 1 to {pages}, the book's pages, got {page}\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["book.pdf", "book.yaml"]
    assert invoke(["preview", str(spec), "--page", str(pages)]).exit_code == 0  # the last


def test_an_image_too_large_is_refused_with_the_resolution_that_fits(tmp_path):
    spec = tmp_path / "poster.yaml"
    spec.write_text("title: P\nlayout: poster\nmazes:\n  - {size: 20x20}\n")
    result = invoke(["preview", str(spec), "--dpi", "600"])
    assert result.exit_code == 2
    (line,) = result.stderr.splitlines()
    assert (
        line.startswith("error: --dpi: page 1 at 600 dpi would be ") and "million pixels, more than" in line
    )
    most = int(line.rsplit("use --dpi ", 1)[1].split(" ")[0])
    assert invoke(["preview", str(spec), "--dpi", str(most + 1)]).exit_code == 2  # the most
    assert invoke(["preview", str(spec), "--dpi", str(most), "-o", str(tmp_path / "p.png")]).exit_code == 0
    width, height = Image.open(tmp_path / "p.png").size
    assert width * height <= 40_000_000
    for dpi in ("0", "35", "601"):
        result = invoke(["preview", str(spec), "--dpi", dpi])
        assert result.stderr == f"error: --dpi: must be 36 to 600, got {dpi}\n"


def test_a_page_too_large_at_any_resolution_is_not_sent_to_one_below_the_least(tmp_path):
    """A 200 x 200 in page was told "use --dpi 31 or less", which --dpi refuses (36 at least)."""
    spec = tmp_path / "huge.yaml"
    spec.write_text("title: P\nlayout: poster\npage_size: 200x200in\nmazes:\n  - {size: 20x20}\n")
    result = invoke(["preview", str(spec)])
    assert result.exit_code == 2 and "--dpi 3" not in result.stderr
    assert result.stderr.endswith(
        "a page this large has no preview; open the PDF itself (puzzlebook build huge.yaml)\n"
    )


def test_the_picture_goes_beside_the_spec_never_where_the_command_runs(tmp_path, monkeypatch):
    spec = book(tmp_path / "books")
    here = tmp_path / "here"
    here.mkdir()
    monkeypatch.chdir(here)
    assert invoke(["preview", str(spec)]).exit_code == 0
    assert not list(here.iterdir()) and (tmp_path / "books" / "book-page-1.png").is_file()
    # a link there that leads out of the spec's folder is not followed
    (tmp_path / "books" / "book-page-2.png").symlink_to(tmp_path / "precious.png")
    (tmp_path / "precious.png").write_bytes(b"mine")
    result = invoke(["preview", str(spec), "--page", "2"])
    assert result.exit_code == 2 and "leads out of the spec's folder" in result.stderr, result.stderr
    assert (tmp_path / "precious.png").read_bytes() == b"mine"
    # -o names the place, as with every command
    result = invoke(["preview", str(spec), "--page", "2", "-o", "p2.png"])
    assert result.exit_code == 0 and (here / "p2.png").is_file()
    result = invoke(["preview", str(spec), "-o", "p2.pdf"])
    assert result.exit_code == 2 and "a preview is a PNG picture: name it p2.png" in result.stderr
    result = invoke(["preview", str(spec), "-o", "-"])
    assert result.exit_code == 0 and Image.open(io.BytesIO(result.stdout_bytes)).format == "PNG"
    assert os.listdir(here) == ["p2.png"]


def test_the_separate_answers_and_the_cover_are_drawn_as_their_built_files_draw_them(tmp_path):
    """`preview` drew the book's pages alone: a self-publisher checking a cover, or a teacher the
    separate key, had to build and open the PDF. ``--part`` draws either, from the files ``build``
    writes, named beside the spec."""
    spec = tmp_path / "book.yaml"
    spec.write_text(SPEC.replace("mazes:", "answer_key: separate\ncover: {paper: white}\npad: true\nmazes:"))
    drawn = {}
    for part, page, name in (("answers", "2", "book-answers-page-2.png"), ("cover", "1", "book-cover.png")):
        result = invoke(["preview", str(spec), "--part", part, "--page", page, "--dpi", "40"])
        assert result.exit_code == 0, result.output
        shown = "the cover" if part == "cover" else "answers page 2 of 3"
        assert result.stderr == f"wrote {tmp_path / name}: {shown} at 40 dpi\n"
        drawn[part] = Image.open(tmp_path / name).convert("RGB")
    assert invoke(["build", str(spec)]).exit_code == 0
    for part, file, index in (("answers", "book-answers.pdf", 1), ("cover", "book-cover.pdf", 0)):
        page = pdfium.PdfDocument(str(tmp_path / file))[index]
        expected = page.render(scale=40 / 72).to_pil().convert("RGB")
        assert drawn[part].size == expected.size and drawn[part].tobytes() == expected.tobytes(), part


def test_a_part_the_book_lacks_or_misspelt_is_refused_with_the_fix(tmp_path):
    spec = book(tmp_path)
    for part, said in (
        (
            "answers",
            "answers: book.yaml has no separate answers: add answer_key: separate to make them a file of their"
            " own; its answer key is in the book, page 5",
        ),
        ("cover", "cover: book.yaml has no cover: section; add one, such as cover: {paper: white}"),
        ("answer", 'expected one of book, answers, cover, got "answer". Did you mean "answers"?'),
    ):
        result = invoke(["preview", str(spec), "--part", part])
        assert result.exit_code == 2 and result.stderr.startswith(f"error: --part: {said}"), result.stderr
    spec.write_text(SPEC.replace("mazes:", "cover: {paper: white}\npad: true\nmazes:"))
    result = invoke(["preview", str(spec), "--part", "cover", "--page", "2"])
    assert (result.exit_code, result.stderr) == (2, "error: --page: a cover is one page; leave --page out\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["book.yaml"]  # nothing written


def test_a_part_asked_of_a_book_with_no_answer_key_at_all_is_refused_in_a_line(tmp_path):
    """A book with no marked ends has no answer key, in it or apart: ``--part answers`` and ``--part
    cover`` failed with a traceback looking for its key's pages."""
    spec = tmp_path / "book.yaml"
    spec.write_text("title: T\nmazes: [{size: 20x20}]\n")
    for part, said in (
        ("answers", "answers: book.yaml has no separate answers: add answer_key: separate"),
        ("cover", "cover: book.yaml has no cover: section"),
    ):
        result = invoke(["preview", str(spec), "--part", part])
        assert result.exit_code == 2 and result.stderr.startswith(f"error: --part: {said}"), result.stderr
        assert result.stderr.count("\n") == 1 and "in the book, page" not in result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["book.yaml"]  # nothing written
