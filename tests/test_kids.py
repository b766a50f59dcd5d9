"""Pages for children and for the books bought for them: no jargon, a name line, a copyright page."""

from __future__ import annotations

import pytest
from pdfcheck import page_texts

from puzzlebook.build import build_book
from puzzlebook.errors import SpecError
from puzzlebook.spec import load_spec

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
    import pdfplumber

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
