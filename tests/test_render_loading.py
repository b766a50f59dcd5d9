"""What loads when a book is drawn: reportlab imports Pillow's ``Image`` and HarfBuzz as it loads, and
``puzzlebook.render`` puts a stand-in in their place until one is used. A book that shapes no letter and
draws no bitmap loads neither; one that does loads what it needs, and comes out the same bytes as where
both were loaded from the start. Each build runs in a fresh process: the tests' own process has loaded
Pillow long before."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.pdfcheck import page_texts

ROOT = Path(__file__).parent.parent
KIDS = ROOT / "sample_configs" / "kids-activity-book.yaml"
LAZY = ("PIL.Image", "uharfbuzz")

BUILD = f"""
import json, sys
if sys.argv[3] == "first":
    import PIL.Image, uharfbuzz  # noqa: F401  (as if something else had loaded them)
from puzzlebook.build import build_book
build_book(sys.argv[1], sys.argv[2])
loaded = {{name: type(sys.modules.get(name)).__name__ == "module" for name in {LAZY!r}}}
print(json.dumps(loaded))
"""

MAZE_PNG = """
import json, sys
if sys.argv[2] == "first":
    import PIL.Image  # noqa: F401
from puzzlebook.cli import main
sys.argv = ["puzzlebook", "maze", "-s", "12x9", "--seed", "3", "-f", "png", "-o", sys.argv[1]]
try:
    main()
except SystemExit:
    pass
print(json.dumps({"PIL.Image": type(sys.modules.get("PIL.Image")).__name__ == "module"}))
"""


def run(code: str, *args: str) -> dict[str, bool]:
    done = subprocess.run(
        [sys.executable, "-c", code, *args],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    loaded: dict[str, bool] = json.loads(done.stdout.strip().splitlines()[-1])
    return loaded


def test_a_book_that_shapes_no_letter_and_draws_no_bitmap_loads_neither(tmp_path):
    book = tmp_path / "kids.pdf"
    assert run(BUILD, str(KIDS), str(book), "later") == {"PIL.Image": False, "uharfbuzz": False}
    assert len(page_texts(book)) > 10  # the whole book was drawn, its pictures too


@pytest.mark.parametrize("first", ["later", "first"])
def test_shaped_names_load_harfbuzz_as_they_are_drawn(tmp_path, first):
    spec = tmp_path / "book.yaml"
    spec.write_text(
        "title: Room 12\nlayout: handout\nstudents: [محمد علي, Ana]\nmarks: suggested\nmazes:\n  - {size: 6x6}\n"
    )
    book = tmp_path / f"{first}.pdf"
    loaded = run(BUILD, str(spec), str(book), first)
    assert loaded["uharfbuzz"]
    assert "\ufecb\ufee0\ufef2" in page_texts(book)[0]  # علي joined: initial ain, medial lam, final yeh


def test_a_shaped_book_is_the_same_whether_harfbuzz_loaded_first_or_on_first_use(tmp_path):
    spec = tmp_path / "book.yaml"
    spec.write_text(
        "title: Room 12\nstudents: [محمد علي, דוד כהן]\nmarks: suggested\nmazes:\n  - {size: 6x6}\n"
    )
    run(BUILD, str(spec), str(tmp_path / "later.pdf"), "later")
    run(BUILD, str(spec), str(tmp_path / "first.pdf"), "first")
    assert (tmp_path / "later.pdf").read_bytes() == (tmp_path / "first.pdf").read_bytes()


def test_a_png_loads_pillow_on_first_use_and_is_the_same_image(tmp_path):
    later, first = tmp_path / "later.png", tmp_path / "first.png"
    assert run(MAZE_PNG, str(later), "later") == {"PIL.Image": True}
    run(MAZE_PNG, str(first), "first")
    assert later.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert later.read_bytes() == first.read_bytes()
