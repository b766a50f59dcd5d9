"""Make docs/images/shapes-sheet.png and docs/images/names-sheet.png: every built-in shape beside its
silhouette at the smallest size it is offered at and at the size the Shape Safari sample draws it, and
ten names of 3 to 14 letters (Latin with accents, Greek, Cyrillic) as a class set prints them.

    python scripts/shapes_sheet.py      # from the repository's root; then look at both pictures
"""

from __future__ import annotations

import io
import tempfile
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from puzzlebook.build import build_book
from puzzlebook.puzzles import make_puzzle
from puzzlebook.render.png import maze_png
from puzzlebook.shapes import SHAPES, drawn, least_size, shape_mask
from puzzlebook.wordfont import BOLD

ROOT = Path(__file__).resolve().parent.parent
IMAGES = ROOT / "docs" / "images"
SAFARI = {
    "heart": (14, 14), "star": (16, 16), "circle": (20, 20), "diamond": (20, 20), "hexagon": (23, 20),
    "triangle": (22, 19), "cloud": (20, 15), "apple": (18, 18), "fish": (18, 13), "cat": (16, 18),
}  # fmt: skip
"""The sizes sample_configs/shape-safari.yaml draws each shape at (on squares)."""
NAMES = [
    "Zoë", "Chloé", "Łukasz", "Дмитрий", "Siobhán", "Ευαγγελία", "Αλεξάνδρα", "Александра", "Maximiliano",
    "Anne-Charlotte",
]  # fmt: skip
BOX = 260  # pixels a picture's square on the sheet
FONT = ImageFont.truetype(str(BOLD), 22)


def _fitted(picture: Image.Image) -> Image.Image:
    """The picture scaled into the sheet's square, centred on white."""
    picture = picture.convert("L")
    picture.thumbnail((BOX - 10, BOX - 10), Image.Resampling.LANCZOS)
    square = Image.new("L", (BOX, BOX), 255)
    square.paste(picture, ((BOX - picture.width) // 2, (BOX - picture.height) // 2))
    return square


def _silhouette(name: str, size: tuple[int, int]) -> Image.Image:
    """The shape's own outline, filled, in the proportions of ``size``."""
    w, h = size
    scale = 200 / max(w, h)
    pw, ph = round(w * scale), round(h * scale)
    inside = drawn(name, w, h)
    picture = Image.new("L", (pw, ph), 255)
    picture.putdata(
        [0 if inside((x + 0.5) / pw, (y + 0.5) / ph) else 225 for y in range(ph) for x in range(pw)]
    )
    return picture


def _maze(name: str, size: tuple[int, int]) -> Image.Image:
    mask, problems = shape_mask(name, *size, "")
    assert mask is not None, problems
    puzzle = make_puzzle("wilson", mask.width, mask.height, 7, marks="suggested", masked=mask.off)
    return Image.open(io.BytesIO(maze_png(puzzle, dpi=60)))


def shapes_sheet() -> Image.Image:
    """Two blocks of five rows: the shape's name, its silhouette, its maze at its smallest size, and at
    the sample's size."""
    names = list(SHAPES)
    head = 40
    sheet = Image.new("L", (2 * 3 * BOX + 40, head + 5 * (BOX + 34)), 255)
    draw = ImageDraw.Draw(sheet)
    for block in range(2):
        x0 = block * (3 * BOX + 40)
        for k, title in enumerate(("silhouette", "smallest", "sample")):
            draw.text((x0 + k * BOX + 8, 8), title, fill=0, font=FONT)
        for row, name in enumerate(names[block * 5 : block * 5 + 5]):
            y = head + row * (BOX + 34)
            least, sample = least_size(name), SAFARI[name]
            pictures = (_silhouette(name, least), _maze(name, least), _maze(name, sample))
            for k, picture in enumerate(pictures):
                sheet.paste(_fitted(picture), (x0 + k * BOX, y))
            label = f"{name}: {least[0]}x{least[1]}, {sample[0]}x{sample[1]}"
            draw.text((x0 + 8, y + BOX + 4), label, fill=0, font=FONT)
    return sheet


def names_sheet() -> Image.Image:
    """The ten names as a class set prints them, a page each, in two rows of five."""
    import pypdfium2 as pdfium

    with tempfile.TemporaryDirectory() as folder:
        here = Path(folder)
        (here / "names.yaml").write_text(  # the handout's own cells: 14 pt, smaller for a long name
            "title: Our names\nlayout: handout\npage_size: letter landscape\nmazes_per_page: 1\n"
            f"marks: suggested\nanswer_key: false\nstudents: [{', '.join(NAMES)}]\n"
            "mazes:\n  - {shape: {text: '{student}'}, algorithm: wilson}\n",
            encoding="utf-8",
        )
        target, _ = build_book(here / "names.yaml")
        document = pdfium.PdfDocument(str(target))
        pages = [document[i].render(scale=0.5).to_pil().convert("L") for i in range(len(document))]
    width, height = pages[0].size
    sheet = Image.new("L", (5 * width + 40, 2 * height + 10), 255)
    for i, page in enumerate(pages[: len(NAMES)]):
        framed = page.copy()
        ImageDraw.Draw(framed).rectangle((0, 0, width - 1, height - 1), outline=160)
        sheet.paste(framed, ((i % 5) * (width + 10), (i // 5) * (height + 10)))
    return sheet


if __name__ == "__main__":
    shapes_sheet().save(IMAGES / "shapes-sheet.png", optimize=True)
    names_sheet().save(IMAGES / "names-sheet.png", optimize=True)
