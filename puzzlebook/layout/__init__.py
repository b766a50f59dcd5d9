"""Page layout: presets and the pure geometry of a book, in rooms.

``plan_book`` turns the list of mazes into pages of positioned items, in PDF points with y up, using only
sizes from the spec: no maze is generated here and nothing is drawn, so ``validate`` can report the page
count and every too-dense maze before any work, and the geometry is testable without a PDF.

- ``presets``: the settings a layout holds and loading one (the preset files are in ``puzzlebook/layouts``,
  top-level ``layouts/`` in the repository);
- ``items``: what a planned page holds, the renderers' input;
- ``boxes``: trim and content boxes, print margins and slots;
- ``frames``: one maze in its slot, with caption and marks;
- ``answers``: the answer key, the contents page and their links;
- ``density``: mazes too dense to print, and what would fit;
- ``names``: words with no size (a class set's names) drawn as large as their slot allows;
- ``pages``: the whole book, page by page; ``single``: one maze on one page.
"""

from ..settings import (
    BLEED,
    BUNDLED_FONTS,
    FONT_MAGIC,
    GRIDS,
    GUTTERS,
    MAX_LINE,
    MAX_MARGIN,
    MAX_PAGES,
    MIN_LINE,
    MIN_OUTER,
    MIN_TEXT,
    PAGES,
    PLACEHOLDERS,
    AnswerKey,
    Layout,
    Length,
    Margin,
    Margins,
)
from .answers import plan_answers
from .boxes import (
    GAP,
    Figure,
    content_box,
    grid_of,
    gutter,
    mark_room,
    padded,
    page_scale,
    print_margins,
    solution_width,
    split,
    trim_box,
    wall_for,
)
from .contents import answer_links, contents_pages, fill_contents
from .density import age_sizes_to_fit, page_most, too_dense
from .frames import slot_items
from .furniture import by_student, page_frame
from .items import (
    BookPlan,
    Box,
    Item,
    Link,
    MazeFrame,
    MazeInfo,
    Page,
    PageKind,
    Rule,
    Text,
    answered,
    drawing_order,
    drawn_twice,
)
from .pages import plan_book, with_axes
from .presets import load_layout, preset_names
from .single import plan_single
from .slotplan import for_book
from .wordfit import fit_words

__all__ = [
    "BLEED",
    "BUNDLED_FONTS",
    "FONT_MAGIC",
    "GAP",
    "GRIDS",
    "GUTTERS",
    "MAX_LINE",
    "MAX_MARGIN",
    "MAX_PAGES",
    "MIN_LINE",
    "MIN_OUTER",
    "MIN_TEXT",
    "PAGES",
    "PLACEHOLDERS",
    "AnswerKey",
    "BookPlan",
    "Box",
    "Figure",
    "Item",
    "Layout",
    "Length",
    "Link",
    "Margin",
    "Margins",
    "MazeFrame",
    "MazeInfo",
    "Page",
    "PageKind",
    "Rule",
    "Text",
    "age_sizes_to_fit",
    "answer_links",
    "answered",
    "by_student",
    "content_box",
    "contents_pages",
    "drawing_order",
    "drawn_twice",
    "fill_contents",
    "fit_words",
    "for_book",
    "grid_of",
    "gutter",
    "load_layout",
    "mark_room",
    "padded",
    "page_frame",
    "page_most",
    "page_scale",
    "plan_answers",
    "plan_book",
    "plan_single",
    "preset_names",
    "print_margins",
    "slot_items",
    "solution_width",
    "split",
    "too_dense",
    "trim_box",
    "wall_for",
    "with_axes",
]
