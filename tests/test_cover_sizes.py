"""The wrap cover's size: the formula, against figures worked out by hand and the printers' table."""

from __future__ import annotations

import pytest
from clirun import invoke

from puzzlebook.cover.sizes import (
    PAPERS,
    PRINTERS,
    pages_problem,
    spine_text,
    thickness,
    trim_problem,
    wrap,
)

PAGES = (24, 100, 300, 828)


@pytest.mark.parametrize("printer", list(PRINTERS))
@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("pages", PAGES)
def test_wrap_is_edges_panels_hinges_and_spine(printer, paper, pages):
    """Width = edge + back + hinge + spine + hinge + front + edge; height = trim + 2 edges."""
    table = PRINTERS[printer]
    made = wrap((6.0, 9.0), pages, paper, printer)
    assert made.spine == pytest.approx(pages * table.thickness[paper])
    assert made.width == pytest.approx(
        2 * table.edge + 12.0 + 2 * table.hinge + pages * table.thickness[paper]
    )
    assert made.height == pytest.approx(9.0 + 2 * table.edge)
    assert made.points == pytest.approx((made.width * 72, made.height * 72))
    # the spine sits between the back panel and its hinge, and the front's mirror of them
    assert made.spine_x == pytest.approx(table.edge + 6.0 + table.hinge)
    assert made.width - (made.spine_x + made.spine) == pytest.approx(made.spine_x)


# Worked by hand from KDP's published thicknesses (in a page: white and colour 0.002252, cream 0.0025,
# premium colour 0.002347), for an 8.5 x 11 in trim: width = 0.25 + 17 + spine, height 11.25.
KDP_SPINES = {
    ("white", 24): 0.054048,
    ("white", 100): 0.2252,
    ("white", 300): 0.6756,
    ("white", 828): 1.864656,
    ("cream", 24): 0.06,
    ("cream", 100): 0.25,
    ("cream", 300): 0.75,
    ("cream", 828): 2.07,
    ("color", 100): 0.2252,
    ("premium-color", 24): 0.056328,
    ("premium-color", 100): 0.2347,
    ("premium-color", 300): 0.7041,
    ("premium-color", 828): 1.943316,
}


@pytest.mark.parametrize(("paper", "pages"), list(KDP_SPINES))
def test_kdp_paperback_sizes_worked_by_hand(paper, pages):
    made = wrap((8.5, 11.0), pages, paper, "kdp")
    assert made.spine == pytest.approx(KDP_SPINES[paper, pages], abs=1e-9)
    assert made.width == pytest.approx(17.25 + KDP_SPINES[paper, pages], abs=1e-9)
    assert made.height == pytest.approx(11.25)


def test_a_published_example_6x9_200_pages_white_is_12_7_inches():
    made = wrap((6, 9), 200, "white", "kdp")
    assert round(made.width, 3) == 12.700 and made.height == 9.25


def test_spine_per_page_overrides_the_table():
    assert thickness("white", "kdp", 0.003) == 0.003
    assert wrap((6, 9), 100, "white", "kdp", 0.003).spine == pytest.approx(0.3)
    assert wrap((6, 9), 100, "cream", "ingramspark").spine != wrap((6, 9), 100, "cream", "kdp").spine


def test_every_printer_names_its_source_and_date_and_says_when_unverified():
    for table in PRINTERS.values():
        assert table.source and len(table.read) == 7 and table.read[4] == "-"
        assert set(table.thickness) == set(PAPERS)
    assert PRINTERS["kdp"].verified
    assert not PRINTERS["kdp-hardcover"].verified and not PRINTERS["ingramspark"].verified


def test_spine_text_needs_the_printers_minimum_pages_and_room_for_7pt():
    """Spine text needs the printer's pages and a title of 7 pt: 100 pages had room for a 7 pt line,
    and the title set in 70% of it came out at 5.1 pt, which the cover's own check refused."""
    from puzzlebook.cover.sizes import spine_size
    from puzzlebook.settings import MIN_TEXT

    assert not spine_text(78, "kdp", wrap((6, 9), 78, "white").spine)
    assert not spine_text(100, "kdp", wrap((6, 9), 100, "white").spine)  # a 5.1 pt title
    assert spine_text(120, "kdp", wrap((6, 9), 120, "white").spine)
    assert not spine_text(100, "kdp", 0.2)  # 0.075 in between the clear strips: under 7 pt
    assert spine_text(828, "kdp", wrap((6, 9), 828, "white").spine)
    for pages in range(79, 829):
        spine = wrap((6, 9), pages, "white").spine
        assert spine_text(pages, "kdp", spine) == (spine_size(spine) >= MIN_TEXT), pages


def test_page_counts_the_printer_binds():
    assert pages_problem(24, "kdp") is None and pages_problem(828, "kdp") is None
    assert "75 to 550" in (pages_problem(24, "kdp-hardcover") or "")
    assert pages_problem(830, "kdp") is not None


def test_trims_the_printer_binds():
    """A 12x12 in book with a KDP cover passed `check` as ready for print: KDP binds paperbacks 4 to 8.5
    in wide and 6 to 11.69 in high, and hardcovers in five sizes only."""
    for fits in ((4.0, 6.0), (6.0, 9.0), (8.5, 8.5), (8.5, 11.0), (8.27, 11.69), (8.5, 6.0)):
        assert trim_problem(fits, "kdp") is None, fits
    for wide in ((12.0, 12.0), (3.5, 6.0), (8.5, 12.0), (11.0, 8.5)):
        assert "4 to 8.5 in wide and 6 to 11.69 in high" in (trim_problem(wide, "kdp") or ""), wide
    assert trim_problem((6.0, 9.0), "kdp-hardcover") is None
    assert trim_problem((6.14, 9.21), "kdp-hardcover") is None
    assert "binds only 5.5x8.5in, 6x9in" in (trim_problem((8.5, 11.0), "kdp-hardcover") or "")
    assert trim_problem((12.0, 12.0), "ingramspark") is None  # its trims are not known to us: not told


def test_validate_refuses_a_trim_the_covers_printer_does_not_bind(tmp_path):
    """Told at the page size written, in one line, before anything is built."""
    spec = tmp_path / "big.yaml"
    spec.write_text(
        "title: Big\npage_size: 12x12in\npad: true\ncover:\n  printer: kdp\nmazes:\n  - {size: 10x10, count: 30}\n"
    )
    result = invoke(["validate", str(spec)])
    assert result.exit_code == 2
    assert result.stderr.startswith(
        "error: big.yaml:2: page_size: the pages are 12x12 in; Amazon KDP paperback binds"
    )
    spec.write_text(spec.read_text().replace("12x12in", "8.5x8.5in"))
    assert invoke(["validate", str(spec)]).exit_code == 0
