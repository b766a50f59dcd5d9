"""The maze page's composition, read back from built PDFs (forms included, as pdfread follows them):
one cell size for same-size mazes, each group balanced under its heading, one size for Start and
Finish in a book, every word clear of every wall, and both pictures beside every maze of a pictures
book, each with its word under it."""

from __future__ import annotations

import math

import pytest
from pypdf import PdfReader

from puzzlebook.build import build_book
from puzzlebook.kinds import kind
from puzzlebook.layout import MazeFrame
from puzzlebook.pdfread import Document, Lines

WORDS = ("Start", "Finish")


def _book(tmp_path, body: str, seed: int = 11):
    spec = tmp_path / "book.yaml"
    spec.write_text(f"title: T\nmarks: suggested\nseed: {seed}\ntitle_page: false\n" + body)
    target, _ = build_book(spec)
    reader = PdfReader(target)
    return reader, Document(reader)


def _maze_pages(reader, doc):
    """(page, walls, words) of every page that draws walls and a Start word: the maze pages."""
    for i in range(len(reader.pages)):
        page = doc.page(i)
        runs = [d for d in page.drawn if isinstance(d, Lines) and d.stroke and d.linewidth > 0.9]
        walls = [max(runs, key=len)] if runs else []  # the maze's walls: its one long run of lines
        text = "".join(c.text for c in page.chars)
        if walls and "Answer" not in text and any(w in text for w in WORDS):
            yield page, walls, _words(page)


def _words(page) -> list[tuple[str, float, tuple[float, float, float, float]]]:
    """Each Start or Finish word shown: its text, size and box."""
    found = []
    chars = page.chars
    for i in range(len(chars)):
        for word in WORDS:
            run = chars[i : i + len(word)]
            if "".join(c.text for c in run) == word and len({c.size for c in run}) == 1:
                box = (
                    min(c.x0 for c in run),
                    min(c.y0 for c in run),
                    max(c.x1 for c in run),
                    max(c.y1 for c in run),
                )
                found.append((word, run[0].size, box))
    return found


def _extent(walls) -> tuple[float, float, float, float]:
    boxes = [w.extent() for w in walls]
    return (
        min(b[0] for b in boxes),
        min(b[1] for b in boxes),
        max(b[2] for b in boxes),
        max(b[3] for b in boxes),
    )


def _gap(box, segment) -> float:
    """Distance between a box and a line segment (0 when they touch), sampled along the segment."""
    x0, y0, x1, y1 = segment
    best = math.inf
    for k in range(21):
        px, py = x0 + (x1 - x0) * k / 20, y0 + (y1 - y0) * k / 20
        dx = max(box[0] - px, 0.0, px - box[2])
        dy = max(box[1] - py, 0.0, py - box[3])
        best = min(best, math.hypot(dx, dy))
    return best


@pytest.mark.parametrize("seed", [1, 7])
def test_same_size_mazes_share_one_cell_size_and_words_one_size(tmp_path, seed):
    """Two 6x6 mazes printed 4.8 in and 6.1 in wide: the room for pictures was taken from the maze on the
    sides where its ends fell. Planned for the book, it is the same for every maze of a size."""
    reader, doc = _book(
        tmp_path,
        "pictures: mouse-cheese\nmazes:\n  - {size: 6x6, count: 4}\n  - {size: 8x6, grid: hex, count: 3}\n",
        seed,
    )
    widths: dict[int, list[float]] = {}
    sizes = set()
    for n, (_page, walls, words) in enumerate(_maze_pages(reader, doc)):
        x0, _, x1, _ = _extent(walls)
        widths.setdefault(n < 4, []).append(x1 - x0)
        sizes |= {round(size, 2) for _, size, _ in words}
    assert sum(map(len, widths.values())) == 7
    for same in widths.values():
        assert max(same) <= min(same) * 1.01, same
    assert len(sizes) == 1, sizes


def test_young_books_print_start_and_finish_at_14_pt(tmp_path):
    reader, doc = _book(tmp_path, "difficulty: age-6\nmazes:\n  - {count: 3}\n")
    sizes = {round(size, 2) for _, _, words in _maze_pages(reader, doc) for _, size, _ in words}
    assert len(sizes) == 1 and min(sizes) >= 14, sizes


@pytest.mark.parametrize(
    "grid",
    [
        "{size: 8x10}",
        "{size: 10x8, grid: hex}",
        "{size: 12x8, grid: triangle}",
        "{size: 9x7, grid: octagon}",
        "{size: 16x16, grid: octagon, shape: heart}",
    ],
)
def test_every_word_clears_every_wall_by_4_pt(tmp_path, grid):
    """On hex pages the "t" of Start and the "h" of Finish touched the zigzag edge."""
    reader, doc = _book(tmp_path, f"mazes:\n  - {grid[:-1]}, count: 3}}\n")
    seen = 0
    for _page, walls, words in _maze_pages(reader, doc):
        segments = [(s.x0, s.y0, s.x1, s.y1, s.linewidth) for w in walls for s in w.shapes()]
        for _, _, box in words:
            seen += 1
            for x0, y0, x1, y1, width in segments:
                assert _gap(box, (x0, y0, x1, y1)) - width / 2 >= 4 - 0.05
    assert seen >= 3


@pytest.mark.parametrize(
    "body",
    [
        "mazes:\n  - {size: 6x7, count: 3}\n  - {size: 12x16, count: 2}\n",
        "pictures: mouse-cheese\nmazes:\n  - {size: 8x6, count: 3}\n  - {size: 10x8, grid: hex, count: 2}\n",
        "mazes:\n  - {size: 14x14, shape: heart}\n  - {size: 8, grid: circle}\n  - {size: 24x10}\n",
        "pictures: mouse-cheese\nmazes:\n  - {size: 9x7, grid: octagon, count: 2}\n  - {size: 7x11, grid: octagon}\n",
    ],
)
def test_every_group_stands_balanced_under_its_heading(tmp_path, body):
    """Mazes hung under their heading left up to 64% of the page blank below them. Each group (maze,
    arrows, words, pictures, info line) is centred across and stands a little above the middle of the
    paper under its heading: the band above it no larger than the band below, and neither larger than
    a sixth of that paper unless the group fills its width or height (the maze's proportions left no
    choice: then it is centred)."""
    spec = tmp_path / "book.yaml"
    spec.write_text("title: T\nmarks: suggested\nseed: 11\ntitle_page: false\n" + body)
    target, checked = build_book(spec)
    reader = PdfReader(target)
    doc = Document(reader)
    planned = {  # page index -> the room the plan kept round its maze: (wide, tall, cell, area)
        page.number - 1: item
        for page in checked.plan.pages
        for item in page.items
        if isinstance(item, MazeFrame)
    }
    pages = 0
    for i in range(len(reader.pages)):
        frame = planned[i]
        if frame.answer:
            continue
        pages += 1
        heading, group, footer = _parts(doc.page(i))
        x0, y0, x1, y1 = group
        paper = heading - footer
        above, under = heading - y1, y0 - footer
        area = frame.area
        assert area is not None
        # centred across: the maze and the room planned round it are, so the drawn group is within 2%
        # of the width (a word by one arrow only)
        assert abs((x0 - area.x0) - (area.x1 - x1)) <= 0.04 * area.w, (x0, x1, area)
        # the group as planned, its room kept on every side it may need it: wide or tall as the paper,
        # the maze's proportions leave no choice (then it is centred down)
        wide = frame.reach[0] if frame.reach else 0.0
        maze = next(m for m in checked.mazes if m.number == frame.number)
        across = kind(maze.grid).extent(maze.width, maze.height)[0]
        fills_across = across * frame.cell + 2 * wide >= 0.98 * area.w
        fills_down = y1 - y0 >= 0.9 * paper
        if not fills_down:
            assert above <= under + 1, (above, under)  # at or a little above the middle
        if not (fills_across or fills_down):
            assert max(above, under) <= paper / 6, (above, under, paper)
        else:  # centred, give or take the heading's and the footer's gaps
            assert abs(above - under) <= 0.25 * (above + under) + 12, (above, under)
    assert pages >= 3


def _parts(page) -> tuple[float, tuple[float, float, float, float], float]:
    """A maze page's heading (the bottom of its top line of text), its group's box (everything drawn,
    and every word between heading and footer), and its footer's top (the page number's line, or the
    bottom margin)."""
    chars = list(page.chars)
    top = max(c.y0 for c in chars)
    heading = min(c.y0 for c in chars if c.y0 > top - 2)
    boxes = [d.extent() if isinstance(d, Lines) else (d.x0, d.y0, d.x1, d.y1) for d in page.drawn]
    boxes = [b for b in boxes if b[2] > b[0] or b[3] > b[1]]
    footer = max((c.y1 for c in chars if c.y0 < 36 + 6), default=36.0)  # on the 0.5 in bottom margin
    boxes += [(c.x0, c.y0, c.x1, c.y1) for c in chars if c.y0 < heading - 2 and c.y1 > footer + 0.5]
    group = (
        min(b[0] for b in boxes),
        min(b[1] for b in boxes),
        max(b[2] for b in boxes),
        max(b[3] for b in boxes),
    )
    return heading, group, footer


@pytest.mark.parametrize(
    "entry",
    [
        "{size: 8x8}",
        "{size: 10x8, grid: hex}",
        "{size: 14x14, shape: heart}",
        "{size: 6, grid: circle}",
        "{size: 8x8, grid: octagon}",
        "{size: 16x16, grid: octagon, shape: star}",
    ],
)
def test_every_maze_page_of_a_pictures_book_shows_both_pictures_each_over_its_word(tmp_path, entry):
    """4 of 10 hearts had no planet at the finish, and round mazes got an "S" and no picture: every maze
    of a pictures book now shows both, each word under its picture (the same place on every page)."""
    reader, doc = _book(tmp_path, f"pictures: mouse-cheese\nmazes:\n  - {entry[:-1]}, count: 3}}\n")
    pages = 0
    for page, walls, words in _maze_pages(reader, doc):
        pages += 1
        assert {word for word, _, _ in words} == set(WORDS), words  # both ends' words, each once
        assert len(words) == 2
        ink = [
            d.extent() if isinstance(d, Lines) else (d.x0, d.y0, d.x1, d.y1)
            for d in page.drawn
            if d not in walls and not (isinstance(d, Lines) and d.linewidth > 0.9 and len(d) > 40)
        ]
        for word, size, (x0, _y0, x1, y1) in words:
            middle = (x0 + x1) / 2
            # a drawing stands right over the word, centred on it, and spans most of an inch
            over = [
                b for b in ink if y1 - 1 <= b[1] and b[3] <= y1 + 110 and abs((b[0] + b[2]) / 2 - middle) < 60
            ]
            assert over, (word, entry)
            assert min(b[1] for b in over) <= y1 + 2.5 * size, (word, entry)  # right over it
            span = (
                max(b[2] for b in over) - min(b[0] for b in over),
                max(b[3] for b in over) - min(b[1] for b in over),
            )
            assert max(span) >= 45, (word, span, entry)  # a picture, not an arrow's head
        if "circle" not in entry:  # and the picture's ink (its curves) 4 pt clear of every wall
            segments = [(s.x0, s.y0, s.x1, s.y1, s.linewidth) for w in walls for s in w.shapes()]
            curves = [d for d in page.shapes if d.kind == "curve" and d.stroke]  # not the arrows
            assert curves
            for d in curves:
                for x0, y0, x1, y1, width in segments:
                    assert _gap((d.x0, d.y0, d.x1, d.y1), (x0, y0, x1, y1)) - width / 2 >= 4 - 0.05, entry
    assert pages == 3


def test_on_circle_pages_every_word_clears_the_rim_by_4_pt(tmp_path):
    """The words by a round maze's arrows kept clear of its square box, not of its rim: measured from
    the circle itself (its centre the badge drawn there, its radius the rings' the plan drew), each word
    stands 4 pt clear of the rim's ink."""
    spec = tmp_path / "book.yaml"
    spec.write_text(
        "title: T\nmarks: center-out\nseed: 5\ntitle_page: false\n"
        "mazes:\n  - {size: 7, grid: circle, count: 2}\n  - {size: 12, grid: circle, count: 2}\n"
    )
    target, checked = build_book(spec)
    reader = PdfReader(target)
    doc = Document(reader)
    frames = {
        page.number - 1: item
        for page in checked.plan.pages
        for item in page.items
        if isinstance(item, MazeFrame)
    }
    seen = 0
    for i in range(len(reader.pages)):
        frame = frames[i]
        if frame.answer:
            continue
        page = doc.page(i)
        maze = next(m for m in checked.mazes if m.number == frame.number)
        rim = kind("circle").extent(maze.width, maze.height)[0] / 2 * frame.cell
        discs = [
            s
            for s in page.shapes
            if s.fill and s.kind == "curve" and abs((s.x1 - s.x0) - (s.y1 - s.y0)) < 0.5
        ]
        badge = max(discs, key=lambda s: s.x1 - s.x0)
        cx, cy = (badge.x0 + badge.x1) / 2, (badge.y0 + badge.y1) / 2  # the start: a disc at the centre
        arcs = [s for s in page.shapes if s.stroke and s.kind == "curve"]
        wall = max(s.linewidth for s in arcs)
        for _, _, (bx0, by0, bx1, by1) in _words(page):
            seen += 1
            dx, dy = max(bx0 - cx, 0.0, cx - bx1), max(by0 - cy, 0.0, cy - by1)
            assert math.hypot(dx, dy) - rim - wall / 2 >= 4 - 0.05, ((bx0, by0, bx1, by1), rim)
    assert seen >= 4


def test_the_rating_keeps_one_place_on_every_page_above_the_page_number(tmp_path):
    """Easy, Medium or Hard hung under each maze, at another height on every page: it is part of the
    footer now, one place on every page whatever the maze's size or where its ends fall."""
    reader, doc = _book(
        tmp_path,
        "show_difficulty: true\npictures: mouse-cheese\n"
        "mazes:\n  - {size: 6x7, count: 2}\n  - {size: 12x16, count: 2}\n  - {size: 20x14}\n",
    )
    places = set()
    for page, walls, _ in _maze_pages(reader, doc):
        text = "".join(c.text for c in page.chars)
        rating = next(r for r in ("Easy", "Medium", "Hard") if r in text)
        start = text.index(rating)
        chars = page.chars[start : start + len(rating)]
        y = round(min(c.y0 for c in chars), 1)
        assert y < _extent(walls)[1]  # under the maze
        number = [c for c in page.chars if c.text.isdigit() and c.y0 < y]  # the page number, under it
        assert number
        middle = (chars[0].x0 + chars[-1].x1) / 2
        assert abs(middle - (min(c.x0 for c in number) + max(c.x1 for c in number)) / 2) < 1
        places.add(y)
    assert len(places) == 1, places
