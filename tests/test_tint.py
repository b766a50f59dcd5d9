"""A shape's light tint (``tint:``), read back from the PDF: filled inside the shape's cells in its
colour, under the walls, on the maze pages only; absent without the option."""

from __future__ import annotations

import pytest
from pypdf import PdfReader

from puzzlebook.accents import drawn_marks
from puzzlebook.build import build_book, make_puzzles
from puzzlebook.layout import MazeFrame
from puzzlebook.pdfread import Document, Lines, Shape
from puzzlebook.settings import LIGHTEST_TINT, TINTS, lightness

SPEC = """title: Tinted
layout: activity-book
page_size: letter landscape
marks: suggested
students: [Zoë, Дмитрий]
mazes:
  - {shape: {text: '{student}'}, tint: true, algorithm: wilson}
  - {shape: heart, size: 20x20, tint: blue}
  - {shape: star, size: 18x18, grid: hex, tint: '#ffe4f0'}
  - {shape: heart, size: 20x20}
"""


def _fills(drawn: list[Shape | Lines], rgb: tuple[float, ...]) -> list[int]:
    """The places in the page's drawing order of the shapes filled in ``rgb``."""
    return [
        i
        for i, d in enumerate(drawn)
        if d.fill
        and len(d.fill_color) == 3
        and all(abs(a - b) < 0.002 for a, b in zip(d.fill_color, rgb, strict=True))
    ]


def _area(d: Shape | Lines) -> float:
    x0, y0, x1, y1 = d.extent() if isinstance(d, Lines) else (d.x0, d.y0, d.x1, d.y1)
    return (x1 - x0) * (y1 - y0)


def test_a_tint_fills_the_shape_under_its_walls_on_maze_pages_only(tmp_path):
    spec = tmp_path / "tint.yaml"
    spec.write_text(SPEC, encoding="utf-8")
    target, checked = build_book(spec)
    doc = Document(PdfReader(target))
    puzzles = make_puzzles(checked.mazes)
    tints = {0: TINTS["yellow"], 1: TINTS["blue"], 2: (1.0, 228 / 255, 240 / 255), 3: None}
    every = [rgb for rgb in tints.values() if rgb]
    seen = 0
    for page in checked.plan.pages:
        for frame in (it for it in page.items if isinstance(it, MazeFrame)):
            maze = next(m for m in checked.mazes if m.number == frame.number)
            drawn = doc.page(page.number - 1).drawn
            rgb = tints[maze.entry]
            if frame.answer or rgb is None:  # no tint in the answer key, nor on a maze without one
                assert not any(_fills(drawn, c) for c in every), (page.number, maze.entry)
                continue
            seen += 1
            filled = _fills(drawn, rgb)
            assert filled, (page.number, maze.entry)
            walls = [i for i, d in enumerate(drawn) if isinstance(d, Lines) and d.stroke]
            inside = [i for i in walls if abs(drawn[i].linewidth - frame.wall) < 0.01]
            assert inside and max(filled) < min(inside), "under the walls"
            # the fill covers the shape's cells: on squares, its rectangles add up to the cells' area; a
            # name's joins between its letters stay paper, so its letters read apart; a dot or accent
            # outlined as its letters are is tinted as they are
            outlined = drawn_marks(puzzles[maze.number], frame.cell)[1]
            cells = maze.width * maze.height - len(maze.masked) - len(maze.joins) + len(outlined)
            if maze.grid == "rectangle":
                area = sum(_area(drawn[i]) for i in filled)
                assert abs(area - cells * frame.cell**2) < 0.01 * cells * frame.cell**2, (area, cells)
            # light enough to colour over, and to print gray on an office printer
            assert lightness(rgb) >= LIGHTEST_TINT
    assert seen == 6  # each student's name, heart and hexagon star


@pytest.mark.parametrize("value", ["yellow", "blue", "green", "pink", "orange", "purple", "gray"])
def test_every_named_tint_prints_light(value):
    assert lightness(TINTS[value]) >= LIGHTEST_TINT


def test_a_dot_outlined_as_its_letters_is_tinted_as_they_are(tmp_path):
    """A short name drawn large outlines its i's dot like its letters; tinted, the letters stood pink
    round a white dot (a newcomer's trial). The dot's cells are tinted too, and only where it is
    outlined: a small dot stays solid in the walls' ink."""
    spec = tmp_path / "mia.yaml"
    spec.write_text(
        "title: T\ndifficulty: age-6\nmarks: suggested\nmazes:\n  - {shape: {text: Mia}, tint: pink}\n"
    )
    target, checked = build_book(spec)
    doc = Document(PdfReader(target))
    (maze,) = checked.mazes
    puzzle = make_puzzles(checked.mazes)[maze.number]
    page = next(
        p for p in checked.plan.pages if any(isinstance(i, MazeFrame) and not i.answer for i in p.items)
    )
    frame = next(i for i in page.items if isinstance(i, MazeFrame))
    solid, outlined = drawn_marks(puzzle, frame.cell)
    assert outlined and not solid  # the i's dot, drawn large
    drawn = doc.page(page.number - 1).drawn
    area = sum(_area(drawn[i]) for i in _fills(drawn, TINTS["pink"]))
    cells = maze.width * maze.height - len(maze.masked) - len(maze.joins) + len(outlined)
    assert abs(area - cells * frame.cell**2) < 0.01 * cells * frame.cell**2, (area, cells)


def test_a_tint_named_as_a_dark_colour_is_offered_its_light_one(tmp_path):
    """`tint: red` was offered "green", nearest by its letters (a newcomer's trial): it is offered pink,
    the light one to colour over; and grey, as much of the world spells it, is gray."""
    from puzzlebook.errors import SpecError
    from puzzlebook.spec.load import load_spec

    spec = tmp_path / "book.yaml"
    spec.write_text("title: T\nmazes:\n  - {shape: heart, size: 20x20, tint: red}\n")
    with pytest.raises(SpecError) as told:
        load_spec(spec)
    assert str(told.value).endswith(
        'mazes[0].tint: unknown tint "red": a tint is light, to colour over; use pink'
    )
    spec.write_text("title: T\nmazes:\n  - {shape: heart, size: 20x20, tint: Grey}\n")
    assert load_spec(spec).book.mazes[0].tint == "gray"
