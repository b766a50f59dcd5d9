"""A book's pages and their drawings formatted by ``pdfformat`` are the bytes reportlab formats."""

import pytest
from reportlab.pdfbase import pdfdoc
from reportlab.pdfbase.pdfdoc import PDFPage, PDFStream

from puzzlebook.build import build_book
from puzzlebook.render import pdfformat, pdfstream

BOOKS = {
    "print": "title: Print\nseed: 4\nbleed: true\nanswer_key: true\nmazes:\n  - {size: 12x12, count: 5}\n",
    "screen": "title: Screen\nedition: screen\nseed: 9\nanswer_key: true\nmazes:\n"
    "  - {size: 10x10, count: 4}\n  - {size: 6, grid: circle, count: 2}\n",
    "pictures": "title: Zoo\nseed: 2\npictures: dog-bone\nanswer_key: separate\npad: true\ncover: {paper: white}\n"
    "mazes:\n  - {size: 9x9, count: 3, grid: hex}\n",
}


@pytest.mark.parametrize("book", sorted(BOOKS))
def test_pages_and_drawings_are_formatted_as_reportlab_formats_them(tmp_path, monkeypatch, book):
    compared: dict[type, int] = {}

    def both(obj, doc):
        ours = pdfformat.formatted(obj, doc)
        assert ours == pdfdoc.format(obj, doc, toplevel=1), type(obj)
        compared[type(obj)] = compared.get(type(obj), 0) + 1
        return ours

    monkeypatch.setattr(pdfstream, "formatted", both)
    spec = tmp_path / "book.yaml"
    spec.write_text(BOOKS[book])
    build_book(spec, tmp_path / "book.pdf")
    assert compared[PDFPage] >= 6 and compared[PDFStream] >= compared[PDFPage]  # every page, and more
    assert len(compared) > 2  # fonts, the page tree, links: reportlab's own formatting, compared too


def test_values_a_page_does_not_hold_are_left_to_reportlab():
    document = pdfdoc.PDFDocument(invariant=1)
    values = [
        True,
        None,
        b"raw",
        "/Näme",
        1e-7,
        pdfdoc.PDFString("(text)"),
        pdfdoc.PDFArray(list(range(25))),
        pdfdoc.PDFDictionary({f"K{n}": n / 3 for n in range(14)}),
    ]
    for value in values:
        assert pdfformat._value(value, document) == pdfdoc.format(value, document)
