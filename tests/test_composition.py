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
from puzzlebook.layout import MIN_LINE, MazeFrame
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


def _segments(lines: Lines) -> list[tuple[float, float, float, float, float]]:
    """Each wall as drawn, from one end to the other, and its width: not ``Lines.shapes``, whose boxes
    lose which diagonal a slanting wall runs along (a hexagon's or a triangle's sides)."""
    a, b, c, d, e, f = lines.ctm
    coords = iter(lines.numbers)
    return [
        (a * xa + c * ya + e, b * xa + d * ya + f, a * xb + c * yb + e, b * xb + d * yb + f, lines.linewidth)
        for xa, ya, xb, yb in zip(coords, coords, coords, coords, strict=True)
    ]


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


def _clear(box, segment, width: float) -> bool:
    """Whether a word's box clears a wall's segment by 4 pt (0.05 given) beyond half the wall's width, by
    ``_gap``'s samples. A wall whose own box is farther than that clears it without them: every sample
    lies in that box (to within rounding, which the 1e-6 covers), and most walls of a page are far from
    a word, so their 21 samples were most of these tests' time."""
    x0, y0, x1, y1 = segment
    dx = max(box[0] - max(x0, x1), 0.0, min(x0, x1) - box[2])
    dy = max(box[1] - max(y0, y1), 0.0, min(y0, y1) - box[3])
    if math.hypot(dx, dy) > width / 2 + 4 - 0.05 + 1e-6:
        return True
    return _gap(box, segment) - width / 2 >= 4 - 0.05


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
        segments = [seg for w in walls for seg in _segments(w)]
        for _, _, box in words:
            seen += 1
            for x0, y0, x1, y1, width in segments:
                assert _clear(box, (x0, y0, x1, y1), width)
    assert seen >= 3


@pytest.mark.parametrize("grid", ["hex", "triangle"])
def test_six_to_a_page_every_maze_shows_both_words_clear_of_every_wall(tmp_path, grid):
    """Six hexagon mazes to a page: two of them lost their Start, its arrow in a valley of the zigzag
    top with a cell standing higher on each side and the heading close above. The word now rises along
    its arrow, in the room planned for it, until it clears both."""
    reader, doc = _book(
        tmp_path, f"mazes_per_page: 6\nmazes:\n  - {{size: 10x8, grid: {grid}, count: 18}}\n", 3
    )
    pages = 0
    for i in range(len(reader.pages)):
        page = doc.page(i)
        text = "".join(c.text for c in page.chars)
        if "Answer" in text or "Start" not in text:
            continue
        pages += 1
        words = _words(page)
        mazes = text.count("Maze ")
        assert [w for w, _, _ in words].count("Start") == mazes == [w for w, _, _ in words].count("Finish")
        assert len({size for _, size, _ in words}) == 1
        runs = [d for d in page.drawn if isinstance(d, Lines) and d.stroke and d.linewidth > 0.9]
        segments = [seg for w in runs for seg in _segments(w)]
        for _, _, box in words:
            for x0, y0, x1, y1, width in segments:
                assert _clear(box, (x0, y0, x1, y1), width)
    assert pages == 3


@pytest.mark.parametrize(
    "body",
    [
        "mazes:\n  - {size: 6x7, count: 3}\n  - {size: 12x16, count: 2}\n",
        "pictures: mouse-cheese\nmazes:\n  - {size: 8x6, count: 3}\n  - {size: 10x8, grid: hex, count: 2}\n",
        "mazes:\n  - {size: 14x14, shape: heart}\n  - {size: 8, grid: circle}\n  - {size: 24x10}\n",
        "pictures: mouse-cheese\nmazes:\n  - {size: 9x7, grid: octagon, count: 2}\n  - {size: 7x11, grid: octagon}\n",
        "mazes:\n  - {size: 7, grid: circle, count: 4, marks: center-out}\n",
    ],
)
def test_every_maze_stands_centred_in_its_room_under_its_heading(tmp_path, body):
    """Mazes hung under their heading left up to 64% of the page blank below them. Then each drawn group
    (maze, arrows, words, pictures) was centred, so a maze moved with its signs: a circle whose exit fell
    at the bottom stood 0.35 in higher than the one on the facing page. Each maze now stands with the
    room planned round it for its signs centred across its area and a little above the middle of the
    paper under its heading (the band above no larger than the band below, and neither larger than a
    sixth of that paper unless the maze's proportions left no choice: then it is centred), read from
    its walls on the page; and everything drawn stays between the heading and the footer."""
    spec = tmp_path / "book.yaml"
    spec.write_text("title: T\nmarks: suggested\nseed: 11\ntitle_page: false\n" + body)
    target, checked = build_book(spec)
    reader = PdfReader(target)
    doc = Document(reader)
    planned = {  # page index -> the maze's frame: its area, and the room planned round it (``reach``)
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
        page = doc.page(i)
        heading, group, footer = _parts(page)
        area = frame.area
        assert area is not None
        x0, y0, x1, y1 = _maze_box(page)
        # centred across: the maze, whatever its signs (a word by one arrow only)
        assert abs((x0 - area.x0) - (area.x1 - x1)) <= 1.5, (x0, x1, area)
        wide, tall = frame.reach or (0.0, 0.0)
        paper = heading - footer
        above, under = heading - (y1 + tall), (y0 - tall) - footer  # round the maze and its room
        maze = next(m for m in checked.mazes if m.number == frame.number)
        across = kind(maze.grid).extent(maze.width, maze.height)[0]
        fills_across = across * frame.cell + 2 * wide >= 0.98 * area.w
        fills_down = y1 - y0 + 2 * tall >= 0.9 * paper
        if not fills_down:
            assert above <= under + 1, (above, under)  # at or a little above the middle
        if not (fills_across or fills_down):
            assert max(above, under) <= paper / 6, (above, under, paper)
        else:  # centred, give or take the heading's and the footer's gaps
            assert abs(above - under) <= 0.25 * (above + under) + 12, (above, under)
        # and nothing drawn leaves the paper under the heading, or the area across
        assert footer - 0.5 <= group[1] and group[3] <= heading + 0.5, (group, heading, footer)
        assert area.x0 - 0.5 <= group[0] and group[2] <= area.x1 + 0.5, (group, area)
    assert pages >= 3


def test_mazes_of_one_size_stand_at_one_height_on_every_page(tmp_path):
    """A circle's exit falls at the top or the bottom of its rim, and its arrow and word with it: the
    circles of one size stood 0.35 in higher or lower from page to page (Round and Round's facing
    pages). Each stands in the room planned round it, whatever its exit: read from the walls of every
    maze page, one height, and one place across on the pages of each side of the spread."""
    reader, doc = _book(
        tmp_path,
        "layout: activity-book\nmazes:\n  - {size: 7, grid: circle, count: 8, marks: center-out}\n",
        7,
    )
    boxes: dict[int, list[tuple[float, float, float, float]]] = {0: [], 1: []}
    exits = set()
    for i in range(len(reader.pages)):
        page = doc.page(i)
        text = "".join(c.text for c in page.chars)
        if "Finish" not in text or "Answer" in text:
            continue
        box = _maze_box(page)
        boxes[i % 2].append(box)
        finish = next(box for word, _, box in _words(page) if word == "Finish")
        exits.add(finish[1] > (box[1] + box[3]) / 2)  # the exit above the middle or below it
    assert exits == {True, False}  # both kinds of page were made, or the test would prove nothing
    everything = boxes[0] + boxes[1]
    assert max(b[1] for b in everything) - min(b[1] for b in everything) <= 0.5, everything
    assert max(b[3] for b in everything) - min(b[3] for b in everything) <= 0.5, everything
    for side in boxes.values():
        assert max(b[0] for b in side) - min(b[0] for b in side) <= 0.5, side


def _maze_box(page) -> tuple[float, float, float, float]:
    """The box of a maze's heaviest strokes: its walls, or a shape's outline round them."""
    heaviest = max(s.linewidth for s in page.shapes if s.stroke)
    walls = [s for s in page.shapes if s.stroke and s.linewidth >= heaviest - 0.01]
    return (
        min(s.x0 for s in walls),
        min(s.y0 for s in walls),
        max(s.x1 for s in walls),
        max(s.y1 for s in walls),
    )


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
        if "circle" in entry:  # the picture's ink (strokes thinner than walls) 4 pt clear of the rim
            _clear_of_the_rim(page)
        else:  # and the picture's ink (its curves) 4 pt clear of every wall
            segments = [seg for w in walls for seg in _segments(w)]
            curves = [d for d in page.shapes if d.kind == "curve" and d.stroke]  # not the arrows
            assert curves
            for d in curves:
                for x0, y0, x1, y1, width in segments:
                    assert _clear((d.x0, d.y0, d.x1, d.y1), (x0, y0, x1, y1), width), entry
    assert pages == 3


@pytest.mark.parametrize("entry", ["{size: 8x8}", "{size: 14x8}", "{size: 10x8, grid: hex}"])
def test_a_pictures_word_stands_right_under_its_ink_nearer_it_than_its_arrow(tmp_path, entry):
    """A design review of the kids sample: "Mouse" stood 19 pt under the mouse's ink (under its square,
    whose foot a wide mouse leaves blank) and 7 pt over the arrow, and read as the arrow's word. Read
    back from every maze page: each word's top within 0.4 of its size under the picture's ink over it,
    and the arrows' ink farther from the word than that."""
    reader, doc = _book(tmp_path, f"pictures: mouse-cheese\nmazes:\n  - {entry[:-1]}, count: 3}}\n")
    pages = 0
    for page, _walls, words in _maze_pages(reader, doc):
        pages += 1
        pictures = [d for d in page.shapes if d.kind == "curve" and d.stroke]  # outlines, not arrows
        arrows = [  # solid black, and larger than a picture's eyes
            d for d in page.shapes if d.fill and not d.stroke and min(d.x1 - d.x0, d.y1 - d.y0) >= 8
        ]
        assert pictures and len(arrows) == 2, (len(pictures), len(arrows))
        for word, size, (x0, _y0, x1, y1) in words:
            middle = (x0 + x1) / 2
            over = [d for d in pictures if d.y0 >= y1 - 1 and abs((d.x0 + d.x1) / 2 - middle) < 60]
            gap = min(d.y0 for d in over) - y1
            assert -1 <= gap <= 0.4 * size, (word, gap, size, entry)
            for d in arrows:  # no arrow nearer the word than its picture
                dx, dy = max(d.x0 - x1, 0.0, x0 - d.x1), max(d.y0 - y1, 0.0, _y0 - d.y1)
                assert math.hypot(dx, dy) > gap, (word, (dx, dy), gap, entry)
    assert pages == 3


def _clear_of_the_rim(page) -> None:
    """Every stroke of a round maze's page thinner than its walls (a picture's outline) stands 4 pt clear
    of the rim's ink. The centre is where the radial walls meet (least squares; a line is read as its
    box, so each takes the diagonal nearer the walls' middle), the rim's radius the farthest end of one:
    both read from the walls drawn, not from the plan."""
    wall = max(s.linewidth for s in page.shapes if s.stroke)
    ring = [s for s in page.shapes if s.stroke and s.linewidth == wall]
    mx = (min(s.x0 for s in ring) + max(s.x1 for s in ring)) / 2
    my = (min(s.y0 for s in ring) + max(s.y1 for s in ring)) / 2
    segments = []
    for s in ring:
        if s.kind != "line":
            continue
        pairs = (((s.x0, s.y0), (s.x1, s.y1)), ((s.x0, s.y1), (s.x1, s.y0)))
        segments.append(min(pairs, key=lambda ab: _off(ab, mx, my)))
    sxx = sxy = syy = bx = by = 0.0
    radial = [ab for ab in segments if _off(ab, mx, my) < 3]  # chords of short arcs left out
    assert len(radial) >= 6, len(radial)
    for (x0, y0), (x1, y1) in radial:  # on a line through the centre: n . p = n . a for its normal n
        nx, ny = -(y1 - y0), x1 - x0
        norm = math.hypot(nx, ny)
        nx, ny = nx / norm, ny / norm
        c = nx * x0 + ny * y0
        sxx, sxy, syy, bx, by = sxx + nx * nx, sxy + nx * ny, syy + ny * ny, bx + nx * c, by + ny * c
    det = sxx * syy - sxy * sxy
    cx, cy = (bx * syy - by * sxy) / det, (by * sxx - bx * sxy) / det
    assert all(_off(ab, cx, cy) < 0.05 for ab in radial)  # every radial wall points at the centre found
    rim = max(math.hypot(x - cx, y - cy) for ab in radial for x, y in ab)
    ink = [s for s in page.shapes if s.stroke and s.linewidth < wall - 0.3]  # thinner than the walls
    assert len(ink) >= 4, len(ink)  # both pictures' outlines
    for s in ink:
        dx, dy = max(s.x0 - cx, 0.0, cx - s.x1), max(s.y0 - cy, 0.0, cy - s.y1)
        assert math.hypot(dx, dy) - rim - wall / 2 >= 4 - 0.05, ((s.x0, s.y0, s.x1, s.y1), rim)


def _off(segment, cx: float, cy: float) -> float:
    """How far the line through ``segment`` passes from (cx, cy)."""
    (x0, y0), (x1, y1) = segment
    return abs((x1 - x0) * (cy - y0) - (y1 - y0) * (cx - x0)) / math.hypot(x1 - x0, y1 - y0)


def test_a_round_maze_on_a_tall_page_has_its_pictures_above_and_below_at_an_inch_and_more(tmp_path):
    """A round maze kept its pictures' room on all four sides, so on a Letter page they were 0.6 in and
    a third of the page stayed blank: its ends now run top to bottom, and its pictures take the paper the
    page's proportions leave, each over 1.1 in, one above the maze and one below it."""
    reader, doc = _book(tmp_path, "pictures: mouse-cheese\nmazes:\n  - {size: 7, grid: circle, count: 2}\n")
    pages = 0
    for page, _, words in _maze_pages(reader, doc):
        pages += 1
        wall = max(s.linewidth for s in page.shapes if s.stroke)
        maze = [s for s in page.shapes if s.stroke and s.linewidth == wall]
        top, bottom = max(s.y1 for s in maze), min(s.y0 for s in maze)
        ink = [s for s in page.shapes if s.stroke and s.linewidth < wall - 0.3]  # thinner than the walls
        above = [s for s in ink if s.y0 > top]
        below = [s for s in ink if s.y1 < bottom]
        assert above and below and len(above) + len(below) == len(ink)
        for group in (above, below):
            span = max(
                max(s.x1 for s in group) - min(s.x0 for s in group),
                max(s.y1 for s in group) - min(s.y0 for s in group),
            )
            assert span >= 80, span
        assert {w for w, _, _ in words} == set(WORDS)
    assert pages == 2


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
            if badge.x0 < bx0 and bx1 < badge.x1 and badge.y0 < by0 and by1 < badge.y1:
                continue  # the start's own word, spelled in its badge
            seen += 1
            dx, dy = max(bx0 - cx, 0.0, cx - bx1), max(by0 - cy, 0.0, cy - by1)
            assert math.hypot(dx, dy) - rim - wall / 2 >= 4 - 0.05, ((bx0, by0, bx1, by1), rim)
    assert seen >= 4


def test_the_rating_keeps_one_place_on_every_page_in_its_tag_under_the_heading(tmp_path):
    """Easy, Medium or Hard hung under each maze, at another height on every page; then at the page's
    foot, where a Finish word over it read "Cheese / Easy / 5" and it read as part of the footer (two
    design reviews). It stands in a gray outline, a tag, under the maze's heading: one place on every
    page whatever the maze's size or where its ends fall, centred under the heading, above every wall,
    arrow, word and picture of the maze."""
    reader, doc = _book(
        tmp_path,
        "show_difficulty: true\npictures: mouse-cheese\n"
        "mazes:\n  - {size: 6x7, count: 2}\n  - {size: 12x16, count: 2}\n  - {size: 20x14}\n",
    )
    places = set()
    for page, _, words in _maze_pages(reader, doc):
        text = "".join(c.text for c in page.chars)
        rating = next(r for r in ("Easy", "Medium", "Hard") if r in text)
        start = text.index(rating)
        chars = page.chars[start : start + len(rating)]
        y = round(min(c.y0 for c in chars), 1)
        heading = [c for c in page.chars if c.size > 12]  # "Maze 1", over it
        assert heading and min(c.y0 for c in heading) > max(c.y1 for c in chars), rating
        middle = (chars[0].x0 + chars[-1].x1) / 2
        assert abs(middle - (min(c.x0 for c in heading) + max(c.x1 for c in heading)) / 2) < 1
        tags = [
            s
            for s in page.shapes
            if s.stroke
            and s.stroke_color == (0.45,)
            and s.linewidth >= MIN_LINE
            and s.x0 < chars[0].x0 - 2
            and chars[-1].x1 + 2 < s.x1
            and s.y0 < y < max(c.y1 for c in chars) < s.y1
        ]
        assert len(tags) == 1, rating
        tag = tags[0]
        assert tag.y1 < min(c.y0 for c in heading) - 2  # clear of the heading's descenders
        ink = [s for s in page.shapes if s is not tag and (s.fill or s.stroke)]
        assert ink and all(s.y1 < tag.y0 for s in ink), rating  # every wall, arrow and picture under it
        assert all(box[3] < tag.y0 for _, _, box in words), rating  # and Start and Finish
        places.add(y)
    assert len(places) == 1, places


def test_the_words_by_a_mazes_side_arrows_take_one_side_of_them():
    """A handout's maze entered in its top row printed Start under its arrow and Finish over its own: two
    rules on one sheet (a design review). Both words stand over their arrows, or both under them where
    an end is in the top row; only a maze with an end in its top row and the other in its bottom row
    keeps each word by the maze."""
    from puzzlebook.geometry import Placement
    from puzzlebook.layout.signs import marks
    from puzzlebook.puzzles import make_puzzle

    kinds = set()
    for seed in range(60):
        puzzle = make_puzzle("hunt-and-kill", 8, 6, seed=seed, marks="left-right")
        drawn = {m.role: m for m in marks(puzzle, Placement(100, 100, 30, 6), 60.0) if m.label}
        assert set(drawn) == {"start", "end"}, seed
        # over its arrow: its baseline above the arrow's middle (the page's y runs up)
        over = {role: m.label[1] > sum(y for _, y in m.polygon) / len(m.polygon) for role, m in drawn.items()}
        rows = {puzzle.start[1], puzzle.end[1]}  # row 0 is the top row
        if 0 in rows and 5 in rows:  # each by the maze: under in the top row, over in the bottom one
            assert over == {"start": puzzle.start[1] == 5, "end": puzzle.end[1] == 5}, seed
            kinds.add("split")
        else:
            assert over == {"start": 0 not in rows, "end": 0 not in rows}, (seed, rows, over)
            kinds.add("under" if 0 in rows else "over")
    assert kinds == {"split", "under", "over"}  # every case met


def test_a_word_by_a_side_arrow_stays_beside_the_maze(sample_book):
    """A word by an arrow on the left or right went above or below it away from the other end, so the
    Finish of a maze entered at its top left hung 9.7 pt under the maze's bottom wall: it goes towards
    the maze's middle now (away from the other end only where both are on one side), beside the maze."""
    target, _ = sample_book("class-set.yaml")  # a maze a sheet: its walls are the page's
    reader = PdfReader(target)
    seen = 0
    for page, walls, words in _maze_pages(reader, Document(reader)):
        x0, y0, x1, y1 = _extent(walls)
        bold = {(round(c.x0, 1), round(c.y0, 1)) for c in page.chars if "Bold" in c.font}
        for word, _, (bx0, by0, bx1, by1) in words:
            if (round(bx0, 1), round(by0, 1)) not in bold:
                continue  # the instructions' words, not an arrow's
            if bx1 <= x0 or bx0 >= x1:  # beside the maze: a side arrow's word
                seen += 1
                assert y0 <= by0 and by1 <= y1, (word, (by0, by1), (y0, y1))
    assert seen >= 10


def test_a_maze_with_no_start_or_end_keeps_no_room_for_arrows(tmp_path):
    """A maze with no marks (the default) has no arrows, and stood an inch narrower than its page for
    the room they would take: read back from the walls, its maze reaches its area's sides (within the
    few points of paper kept beside any maze), where the same maze with a Start and a Finish at its
    sides keeps their room."""
    spans = {}
    for marks in ("none", "left-right"):
        spec = tmp_path / f"{marks}.yaml"
        spec.write_text(f"title: T\nmarks: {marks}\ntitle_page: false\nmazes:\n  - {{size: 60x20}}\n")
        target, checked = build_book(spec)
        frame = next(
            item
            for page in checked.plan.pages
            for item in page.items
            if isinstance(item, MazeFrame) and not item.answer
        )
        assert frame.area is not None
        x0, _, x1, _ = _maze_box(Document(PdfReader(target)).page(0))
        spans[marks] = (x0 - frame.area.x0, frame.area.x1 - x1)
    assert max(spans["none"]) <= 8, spans  # six points of paper and half a wall
    assert min(spans["left-right"]) >= 20, spans  # the arrows' room, on either side
