"""Every reader's name prints: the bundled fonts, fallback fonts, right-to-left names, and no empty boxes."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from pdfcheck import fonts, page_texts

from puzzlebook.build import build_book

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
