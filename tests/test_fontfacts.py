"""Fonts' kept facts (``fontfacts``): the shipped fonts' are what reportlab and fontTools read from them,
facts are used only for the font, reportlab and format they were read with, a book's words are measured
from them exactly as the PDF draws them, and a spec's own font is read by reportlab once, then kept.

After a change to the shipped fonts or to reportlab, make the shipped facts again with
``PUZZLEBOOK_UPDATE_GOLDEN=1 pytest tests/test_fontfacts.py`` and review the diff.
"""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from puzzlebook import fontfacts
from puzzlebook.build import check_book
from puzzlebook.errors import SpecError
from puzzlebook.letters import font_advances
from puzzlebook.render.fonts import BUNDLED, TaggedFont, facts_of, setters
from puzzlebook.textfit import Known, check_setters

ROOT = Path(__file__).parent.parent
KIDS = ROOT / "sample_configs" / "kids-activity-book.yaml"


def read_by_the_libraries(stem):
    """The facts of a shipped font as reportlab and fontTools read it now."""
    facts = facts_of(TaggedFont(f"read-{stem}", str(BUNDLED[stem])))
    advances, per_em = font_advances(BUNDLED[stem])
    assert per_em == facts.per_em
    return fontfacts.Facts(facts.glyphs, facts.widths, facts.default, facts.weight, advances, per_em)


@pytest.mark.parametrize("stem", ["DejaVuSans", "DejaVuSans-Bold"])
def test_the_shipped_facts_are_what_reportlab_and_fonttools_read(stem):
    read = read_by_the_libraries(stem)
    if os.environ.get("PUZZLEBOOK_UPDATE_GOLDEN"):
        data = BUNDLED[stem].read_bytes()
        fontfacts.shipped_path(stem).write_bytes(fontfacts.to_bytes(read, fontfacts.digest(data)))
        fontfacts.shipped.cache_clear()
    assert fontfacts.shipped(stem) == read, "make them again: PUZZLEBOOK_UPDATE_GOLDEN=1 pytest " + __file__
    assert len(read.glyphs) > 5000 and read.weight == (700 if "Bold" in stem else 400)  # a real reading


def test_facts_hold_only_for_their_font_reportlab_and_format():
    stem = "DejaVuSans"
    data = fontfacts.shipped_path(stem).read_bytes()
    font = fontfacts.digest(BUNDLED[stem].read_bytes())
    assert fontfacts.from_bytes(data, font) is not None
    assert fontfacts.from_bytes(data, fontfacts.digest(BUNDLED[stem].read_bytes() + b"\0")) is None
    line, _, arrays = data.removeprefix(fontfacts.MAGIC).partition(b"\n")
    head = json.loads(line)
    for key, other in (("reportlab", "0.0.1"), ("format", fontfacts.FORMAT + 1), ("font", "0" * 64)):
        changed = fontfacts.MAGIC + json.dumps({**head, key: other}).encode() + b"\n" + arrays
        assert fontfacts.from_bytes(changed, font) is None, key
    assert fontfacts.from_bytes(b"not facts", font) is None
    assert fontfacts.from_bytes(data[:-8], font) is None  # cut short
    assert fontfacts.from_bytes(data + b"\0" * 8, font) is None


WORDS = [
    "Amazing Mazes",
    "Start",
    "Finish",
    "Zoë and Zoe\u0308",  # a mark composed, and one shaped with its letter
    "مهر\u200cنوش",  # right to left, joined: shaped by HarfBuzz
    "Ана, Βήτα, Đặng",
    "迷宫",  # in no font here
    "\ue000 private",
    "",
]


def test_a_book_is_checked_with_the_widths_and_letters_it_is_drawn_with(tmp_path):
    """The check's fonts come from the kept facts, the drawing's from reportlab: the same lines, the
    same widths to the last bit, the same letters missing."""
    plan = check_book(KIDS).plan
    checking, drawing = check_setters(plan), setters(plan)
    assert all(isinstance(face, Known) for setter in checking for face in setter.faces)
    for check, draw in zip(checking, drawing, strict=True):
        assert check.fonts == draw.fonts
        for text in WORDS:
            assert check.missing(text) == draw.missing(text), text
            line, drawn = check.line(text), draw.line(text)
            assert line.width == drawn.width and [r.font for r in line.runs] == [r.font for r in drawn.runs]
            assert [str(r.text) for r in line.runs] == [str(r.text) for r in drawn.runs], text
    assert checking[0].line("Amazing Mazes").width > 5  # measured, not zero


def loaded_after_checking(spec, env=None):
    code = (
        f"from puzzlebook.build import check_book\ncheck_book({str(spec)!r})\nimport sys; print(*sys.modules)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        env={**os.environ, "PYTHONPATH": str(ROOT), **(env or {})},
        capture_output=True,
        text=True,
        check=True,
    )
    return set(done.stdout.split())


def test_validate_loads_no_font_library():
    loaded = loaded_after_checking(KIDS)
    assert "puzzlebook.textfit" in loaded and "puzzlebook.layout" in loaded  # it did plan and measure
    assert not {m for m in loaded if m.split(".")[0] in ("reportlab", "fontTools")}


def test_a_specs_own_font_is_read_by_reportlab_once_then_kept(tmp_path, monkeypatch):
    cache = tmp_path / "cache"
    shutil.copy(BUNDLED["DejaVuSans"], tmp_path / "mine.ttf")
    spec = tmp_path / "book.yaml"
    spec.write_text("title: Mine\nfallback_fonts: [mine.ttf]\nmazes:\n  - {size: 6x6}\n")
    env = {"XDG_CACHE_HOME": str(cache)}
    first = loaded_after_checking(spec, env)
    assert "reportlab.pdfbase.ttfonts" in first  # read, found usable, kept
    (kept,) = (cache / "puzzlebook" / "facts").glob("*.facts")
    assert kept.name.startswith(fontfacts.digest((tmp_path / "mine.ttf").read_bytes())[:32])
    second = loaded_after_checking(spec, env)
    assert not {m for m in second if m.startswith(("reportlab", "fontTools"))}
    (tmp_path / "mine.ttf").write_bytes(BUNDLED["DejaVuSans"].read_bytes()[:4000])  # the same name, damaged
    monkeypatch.setenv("XDG_CACHE_HOME", str(cache))
    with pytest.raises(SpecError, match="cannot be embedded"):
        check_book(spec)
    assert len(list((cache / "puzzlebook" / "facts").glob("*.facts"))) == 1  # a damaged font is never kept
