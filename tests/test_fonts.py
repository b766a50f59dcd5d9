"""Every reader's name prints: the bundled fonts, fallback fonts, right-to-left names, and no empty boxes."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import pytest
from pdfcheck import fonts, page_texts
from typer.testing import CliRunner

from puzzlebook.build import build_book
from puzzlebook.cli import app

runner = CliRunner()

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
        ("NoSuchFont.ttf", 'font "NoSuchFont.ttf" not found (looked for {folder}/NoSuchFont.ttf)'),
        ("fonts", 'font "fonts" is a folder; give the path of a font file'),
        (
            "/dev/zero",
            'font "/dev/zero" is a device or system file, not a file; give the path of a font file',
        ),
        ("names.txt", '"names.txt" is not a TrueType or OpenType font (.ttf, .otf, .ttc)'),
        ("cff.otf", '"cff.otf" has PostScript (CFF) outlines, which cannot be embedded; use a TrueType font'),
    ],
)
@pytest.mark.parametrize("where", ["spec", "layout"])
def test_a_fallback_font_that_is_no_font_is_refused_with_its_line(tmp_path, where, font, message):
    (tmp_path / "fonts").mkdir()
    write(tmp_path / "names.txt", "Ana\n")
    (tmp_path / "cff.otf").write_bytes(b"OTTO" + bytes(200))
    if where == "spec":
        book = write(tmp_path / "book.yaml", BOOK + f"fallback_fonts:\n  - {font}\n")
        at, folder = "book.yaml:6: fallback_fonts[0]", tmp_path
    else:
        (tmp_path / "look").mkdir()
        for name in ("fonts", "names.txt", "cff.otf"):
            (tmp_path / "look" / name).symlink_to(tmp_path / name)
        write(tmp_path / "look" / "my.yaml", f"base: handout\nfallback_fonts: [DejaVuSans, {font}]\n")
        book = write(tmp_path / "book.yaml", BOOK + "layout: look/my.yaml\n")
        at, folder = "my.yaml:2: fallback_fonts[1]", tmp_path / "look"
    for command in ("validate", "build"):
        result = runner.invoke(app, [command, str(book)])
        assert result.exit_code == 2, result.output
        expected = f"error: {at}: {message.format(folder=folder)}"
        assert result.stderr.splitlines()[0].startswith(expected), result.stderr
    assert not (tmp_path / "book.pdf").exists()


def test_at_most_eight_fallback_fonts(tmp_path):
    book = write(tmp_path / "book.yaml", BOOK + "fallback_fonts: [" + ", ".join(["DejaVuSans"] * 9) + "]\n")
    result = runner.invoke(app, ["validate", str(book)])
    assert result.exit_code == 2
    assert "book.yaml:5: fallback_fonts: is 9 items long; the limit is 8" in result.stderr
