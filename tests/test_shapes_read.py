"""Each built-in shape reads as itself at the smallest size it is offered at: its cells cover its
silhouette closely, and the detail that names it (the heart's lobes, the fish's tail fin, the cat's ears,
the apple's stem) is there in cells."""

from __future__ import annotations

import pytest

from puzzlebook.shapes import SHAPES, drawn, least_size, shape_cells, shape_mask

IOU = {
    "heart": 0.88, "star": 0.84, "circle": 0.92, "diamond": 0.84, "hexagon": 0.9, "triangle": 0.9,
    "cloud": 0.93, "apple": 0.87, "fish": 0.89, "cat": 0.89,
}  # fmt: skip
"""Each shape's measured overlap (cells and silhouette in common, over both together) at its smallest
size, rounded down: a shape redrawn worse fails here."""


def _cells(name: str, grid: str = "rectangle") -> tuple[set[tuple[int, int]], int, int]:
    w, h = least_size(name, grid)
    mask, problems = shape_mask(name, w, h, "", grid)
    assert mask is not None, problems
    cells = {(x, y) for y in range(mask.height) for x in range(mask.width) if (x, y) not in mask.off}
    return cells, mask.width, mask.height


def _overlap(name: str) -> float:
    """Intersection over union of the shape's cells and its silhouette, the silhouette sampled 8x8 a
    cell."""
    w, h = least_size(name)
    inside, on, n = drawn(name, w, h), shape_cells(name, w, h), 8
    cover = {
        (x, y): sum(
            inside((x + (i + 0.5) / n) / w, (y + (j + 0.5) / n) / h) for i in range(n) for j in range(n)
        )
        / (n * n)
        for y in range(h)
        for x in range(w)
    }
    common = sum(cover[c] for c in on)
    return common / (len(on) + sum(cover.values()) - common)


@pytest.mark.parametrize("name", list(SHAPES))
def test_each_shape_covers_its_silhouette_at_its_smallest_size(name):
    assert set(IOU) == set(SHAPES)
    assert _overlap(name) >= IOU[name], (name, round(_overlap(name), 3))


def _row(cells: set[tuple[int, int]], y: int) -> list[int]:
    return sorted(x for x, yy in cells if yy == y)


def _runs(xs: list[int]) -> list[tuple[int, int]]:
    runs: list[tuple[int, int]] = []
    for x in xs:
        if runs and runs[-1][1] == x - 1:
            runs[-1] = (runs[-1][0], x)
        else:
            runs.append((x, x))
    return runs


SYMMETRIC = {
    "heart": "",
    "star": "",
    "cat": "",
    "triangle": "",
    "circle": "v",
    "diamond": "v",
    "hexagon": "v",
}
"""The built-in shapes drawn alike left and right, and those (``v``) alike above and below too."""


@pytest.mark.parametrize("name", list(SYMMETRIC))
def test_a_symmetric_shape_is_drawn_in_cells_as_symmetric_at_every_size(name):
    for w in range(12, 41):
        for h in sorted({w, w + 1, w + 4}):
            cells = shape_cells(name, w, h)
            assert {(w - 1 - x, y) for x, y in cells} == cells, (name, w, h)
            if SYMMETRIC[name]:
                assert {(x, h - 1 - y) for x, y in cells} == cells, (name, w, h)


@pytest.mark.parametrize("name", list(SYMMETRIC))
def test_a_symmetric_shape_sized_by_an_age_on_octagons_is_drawn_symmetric(name):
    """A field of octagons and squares is a chessboard with an octagon at its top left: over an even
    width, its top right is a square, and a cat's right cheek bulged where its left did not. The sizes
    puzzlebook chooses for a symmetric shape on octagons (an age's, the least that reads, the one it
    offers) are odd widths, over which the shape is drawn alike left and right."""
    from puzzlebook.kinds import kind
    from puzzlebook.shapes import aged_size, size_that_reads
    from puzzlebook.spec.request import AGES

    grid = kind("octagon")
    sizes = {aged_size(name, "octagon", age.size) for age in AGES.values()}
    sizes |= {least_size(name, "octagon"), size_that_reads("octagon", 8, 6, name)}
    for w, h in sizes:
        assert w % 2, (name, w, h)
        cells = shape_cells(name, w, h, "octagon")
        # over an odd width the field mirrors itself, cell for cell and kind for kind
        mirror = {(w - 1 - x, y) for x, y in cells}
        assert all(len(grid.corners(*c)) == len(grid.corners(w - 1 - c[0], c[1])) for c in cells)
        assert mirror == cells, (name, w, h)


@pytest.mark.parametrize("grid", ["rectangle", "hex", "triangle"])
def test_the_heart_has_two_lobes_with_a_notch_between(grid):
    cells, w, _ = _cells("heart", grid)
    top = _runs(_row(cells, 0))
    assert len(top) == 2 and top[0][1] < w // 2 <= top[1][0], top  # two lobes, the middle open
    bottom = _row(cells, max(y for _, y in cells))
    assert len(bottom) <= max(3, w // 4) and abs(sum(bottom) / len(bottom) - (w - 1) / 2) <= 1.5  # a point


def test_the_fish_has_a_tail_fin_forked_behind_a_narrow_waist():
    cells, w, _ = _cells("fish")
    column = [sum(1 for x, _ in cells if x == c) for c in range(w)]
    body = max(column[: w // 2])
    waist = min(range(w // 2, w - 1), key=lambda c: column[c])
    assert column[waist] <= body // 2 and column[w - 1] > column[waist], column  # narrow, then the fin
    tail = _runs(sorted(y for x, y in cells if x == w - 1))
    assert len(tail) == 2, tail  # the fin's two lobes, forked


@pytest.mark.parametrize("grid", ["rectangle", "hex", "triangle"])
def test_the_cat_has_two_pointed_ears_above_its_head(grid):
    cells, w, h = _cells("cat", grid)
    for y in range(1, max(2, h // 5)):  # the top fifth (past a triangle field's first row): two ears
        runs = _runs(_row(cells, y))
        assert len(runs) == 2 and runs[1][0] - runs[0][1] > w // 4, (y, runs)
    assert len(_row(cells, 0)) < len(_row(cells, h // 5)) < len(_row(cells, h // 2))  # pointed, widening


def test_the_apple_has_a_stem_and_a_leaf_over_its_body():
    cells, w, h = _cells("apple")
    widths = [len(_row(cells, y)) for y in range(h)]
    body = max(widths)
    assert widths[0] <= w // 2 and widths[1] <= w // 2 and body >= w - 1, widths  # stem and leaf above
    top = _row(cells, 0)
    assert min(top) >= w // 3, top  # standing up from the middle, the leaf to the right


@pytest.mark.parametrize("grid", ["rectangle", "hex", "triangle"])
def test_the_star_stands_on_two_legs_apart_when_drawn_large(grid):
    """At 30x30 the star's lower half was a block with a notch two cells deep, and read as a house: its
    arms now slim as the cells allow, so below four fifths of its height it stands on two legs, their
    feet a third of its width apart or more."""
    across = {"hex": 1.15, "triangle": 2.0}.get(grid, 1.0)
    for size in (24, 30, 40):
        mask, problems = shape_mask("star", round(size * across), size, "", grid)
        assert mask is not None, problems
        cells = {(x, y) for y in range(mask.height) for x in range(mask.width) if (x, y) not in mask.off}
        # to the row above the last: a hexagon field's last row may hold one foot's tip alone
        legs = [_runs(_row(cells, y)) for y in range(round(mask.height * 0.8), mask.height - 1)]
        assert all(len(row) == 2 for row in legs), (size, legs)
        (_, left), (right, _) = legs[-1]
        assert right - left >= mask.width / 3, (size, legs[-1])


@pytest.mark.parametrize(("grid", "size"), [("rectangle", (24, 26)), ("hex", (23, 24))])
def test_the_apples_stem_is_slim_and_its_leaf_apart_from_it_when_drawn_large(grid, size):
    """The stem was 6 cells wide where it met the body, the leaf against it: one lump on the apple.
    Above the body (rows under half its width), the stem is at most 3 cells wide where it stands on
    it, and the leaf stands apart from the stem in some row, a gap between them."""
    mask, problems = shape_mask("apple", *size, "", grid)
    assert mask is not None, problems
    cells = {(x, y) for y in range(mask.height) for x in range(mask.width) if (x, y) not in mask.off}
    above = [_runs(_row(cells, y)) for y in range(mask.height)]
    top = next(y for y, runs in enumerate(above) if sum(b - a + 1 for a, b in runs) >= mask.width / 2)
    stem = [runs for runs in above[:top] if len(runs) == 1]
    assert stem and stem[-1][0][1] - stem[-1][0][0] + 1 <= 3, above[:top]
    assert any(len(runs) == 2 for runs in above[:top]), above[:top]


def test_the_cloud_has_puffs_over_a_flat_bottom():
    """At 15x10 the cloud was a dome over shoulders, a bell more than a cloud: its top now stands in
    two round puffs apart, with a smaller puff lower down each side, over a flat bottom."""
    cells, w, h = _cells("cloud")
    assert len(_row(cells, h - 1)) >= w * 2 // 3  # flat below
    assert len(_row(cells, 0)) <= w * 2 // 3 and len(_runs(_row(cells, 0))) == 2, _row(cells, 0)  # two puffs
    left, right = _runs(_row(cells, 0))
    assert left[1] - left[0] >= 2 and right[1] - right[0] >= 2  # each round, 3 cells or more across
    sides = [_row(cells, y) for y in range(h)]
    widest = max(range(h), key=lambda y: len(sides[y]))
    assert 0 < min(y for y in range(h) if min(sides[y]) <= 1) < widest, "a side puff, lower down"
    for size in ((18, 12), (20, 15), (21, 14), (24, 16), (30, 20)):  # and as the sample draws it, and larger
        mask, _ = shape_mask("cloud", *size, "")
        assert mask is not None
        top = [x for x in range(mask.width) if (x, 0) not in mask.off]
        assert len(_runs(top)) == 2, (size, top)


def _strokes(path):
    """Every stroked straight line of the first page: (width, x0, y0, x1, y1)."""
    from pypdf import PdfReader

    from puzzlebook.pdfread import Document

    return [
        (round(s.linewidth, 3), s.x0, s.y0, s.x1, s.y1)
        for s in Document(PdfReader(path)).page(0).shapes
        if s.kind == "line" and s.stroke
    ]


@pytest.mark.parametrize(("shape", "grid"), [("heart", "rectangle"), ("cat", "hex"), ("fish", "rectangle")])
def test_a_shapes_outline_is_drawn_twice_as_heavy_as_its_inner_walls(tmp_path, shape, grid):
    """The outline is every side between a cell and the paper, but for the two openings, at twice the
    walls' weight; a plain rectangle has no heavier line."""
    from clirun import invoke

    from puzzlebook.masks import near_cells

    out = tmp_path / "m.pdf"
    args = ["maze", "-a", "wilson", "--seed", "4", "--marks", "suggested", "--grid", grid]
    result = invoke([*args, "--shape", shape, "-s", "16x14", "-o", str(out)])
    assert result.exit_code == 0, result.stderr
    strokes = _strokes(out)
    widths = sorted({w for w, *_ in strokes})
    assert len(widths) == 2 and widths[1] == pytest.approx(2 * widths[0], rel=1e-3), widths
    heavy = [s for s in strokes if s[0] == widths[1]]
    mask, _ = shape_mask(shape, 16, 14, "", grid)
    assert mask is not None
    cells = {(x, y) for y in range(mask.height) for x in range(mask.width) if (x, y) not in mask.off}
    outside = sum(1 for x, y in cells for n in near_cells(x, y, grid, (0, 0)) if n not in cells)
    if grid == "rectangle":  # the heavy lines' length, in cells, is the outline's sides but the two openings
        cell = (max(max(s[1], s[3]) for s in heavy) - min(min(s[1], s[3]) for s in heavy)) / mask.width
        length = sum(abs(s[3] - s[1]) + abs(s[4] - s[2]) for s in heavy) / cell
        assert length == pytest.approx(outside - 2, abs=0.01)
    else:
        assert outside > 0 and heavy
    plain = tmp_path / "p.pdf"
    result = invoke([*args, "-s", "16x14", "-o", str(plain)])
    assert result.exit_code == 0 and len({w for w, *_ in _strokes(plain)}) == 1


def test_the_svg_draws_a_shapes_outline_heavier_too(tmp_path):
    import re

    from clirun import invoke

    out = tmp_path / "m.svg"
    args = ["maze", "-a", "wilson", "--seed", "2", "--marks", "suggested", "--shape", "cat", "-s", "14x14"]
    assert invoke([*args, "-o", str(out)]).exit_code == 0
    widths = [float(w) for w in re.findall(r'<path d="[^"]*" [^>]*stroke-width="([\d.]+)"', out.read_text())]
    assert len(widths) == 2 and widths[1] == pytest.approx(2 * widths[0])


@pytest.mark.parametrize("grid", ["rectangle", "hex", "triangle"])
def test_a_shape_stretched_out_of_its_proportions_is_refused_with_a_size_in_them(grid):
    """A cat over 16x16 triangles (twice as many across as down look square) stood 2.5 times too tall,
    and was taken: a size more than 1.5 times off a shape's own proportions, as its grid draws them, is
    refused with the size of about as many cells in them, which is taken."""
    from puzzlebook.rules import STRETCH, Plan, clashes
    from puzzlebook.shapes import aged_size, drawn_proportions

    for name in SHAPES:
        across, down = drawn_proportions(name, grid)
        w, h = aged_size(name, grid, (24, 24))
        own = Plan(grid=grid, shape=True, named=name, over=(w, h))
        assert not clashes(own), (name, grid, w, h)
        for wide, tall in ((2 * w, h), (w, 2 * h)):
            said = [c.message for c in clashes(Plan(grid=grid, shape=True, named=name, over=(wide, tall)))]
            assert len(said) == 1 and " is stretched " in said[0], (name, grid, wide, tall, said)
            fix = said[0].rsplit("set size to ", 1)[1]
            fw, fh = map(int, fix.split("x"))
            ratio = (fw / fh) / (across / down)
            assert 1 / STRETCH <= ratio <= STRETCH, (name, grid, fix)
            assert not clashes(Plan(grid=grid, shape=True, named=name, over=(fw, fh))), (name, grid, fix)
