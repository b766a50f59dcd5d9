"""What the cover shows of the book: the maze on its front (one of the book's, framed as its page
frames it, or a round maze made for the cover) and the maze page drawn small on its back."""

from __future__ import annotations

from pathlib import Path

from ..errors import At, Problem
from ..geometry import extent
from ..kinds import ring_counts
from ..layout.items import BookPlan, MazeFrame, Page
from ..masks import Mask
from ..puzzles import Puzzle, Recipe
from ..rng import derive_seed
from ..shapes import reads_from, shape_mask
from ..words import MAX_WORD, too_thin, word_mask, word_picture, word_refused

LEGIBLE = 900
"""Cells of the largest book maze the front shows: a bigger one reads as grey texture on a shelf."""
RINGS = (5, 12)
"""The fewest and most rings of the front's round maze, when ``art: circle`` asks for one (the centre
its goal): as many as keep it no harder than the book's own maze the front would show."""
SHAPE_SIZE = 24
"""Cells across and down a built-in shape on the front at most: it reads as itself, and its paths at a
glance; fewer where the book's own mazes are smaller, down to the least that reads as the shape."""
WORD_SCALE = 1
"""A word on the front drawn over this many times the least size that reads as letters: the front is
narrow for a word, so more cells would only make its paths too fine."""


def title_word(title: str) -> str:
    """The title's longest word, letters and digits only, in capitals: the word the front draws."""
    words = ["".join(c for c in word if c.isalnum()) for word in title.split()]
    return max(words, key=len, default="").upper()[:MAX_WORD]


def art_mask(kind: str, title: str, where: At, cells: int = LEGIBLE) -> tuple[Mask | None, list[Problem]]:
    """The cells of a shaped front maze (``art:`` a shape's name, or word), or why there are none; a
    shape of about ``cells`` cells at most (``shape_side``)."""
    if kind == "word":
        word = title_word(title)
        if not word:
            return None, [
                Problem(where, "the title has no word of letters or digits to draw: choose another art")
            ]
        refused = word_refused(word, where)
        picture = None if refused else word_picture(word)
        if picture is None:
            return None, refused or [
                Problem(where, f'the title\'s word "{word}" draws nothing: choose another art')
            ]
        thin = too_thin(picture, 1, 1, "rectangle")  # one cell is always too thin: it says what reads
        width, height = thin[1] if thin else (len(word) * 6, 8)
        return word_mask(word, width * WORD_SCALE, height * WORD_SCALE, where)
    side = shape_side(kind, cells)
    return shape_mask(kind, side, side, where)


def shape_side(kind: str, cells: int) -> int:
    """The side of the box a built-in shape on the front is drawn over: as large as keeps its cells to
    ``cells`` (the book's own maze the front would show), from ``SHAPE_SIZE`` down to the least that
    reads as the shape. A 24x24 heart, 348 cells, fronted an age-4 book whose mazes have 56."""
    least = reads_from("rectangle", kind)[0]
    for side in range(SHAPE_SIZE, least, -1):
        mask = shape_mask(kind, side, side, "")[0]
        if mask is not None and mask.width * mask.height - len(mask.off) <= cells:
            return side
    return least


def circle_rings(cells: int) -> tuple[int, int]:
    """The rings of the front's round maze, and the empty ones at its centre: as many as keep its cells
    to ``cells``, within ``RINGS``; a small one has a small hole (two of five rings left a ring of road)."""
    fewest, most = RINGS

    def hole(rings: int) -> int:
        return 2 if rings >= 10 else 1

    rings = max([fewest, *(r for r in range(fewest, most + 1) if sum(ring_counts(r, hole(r))) <= cells)])
    return rings, hole(rings)


def book_cells(plan: BookPlan, puzzles: dict[int, Puzzle]) -> int:
    """The cells of the book's maze the front would show (``front_maze``): what a maze made for the
    front may have at most, so that it is no harder than the book."""
    number = front_maze(plan, puzzles)
    if number is None:
        return LEGIBLE
    width, height = extent(puzzles[number].maze)
    return int(width * height)


def _marked(cell: float, plan: BookPlan) -> MazeFrame:
    """A frame for a maze made for the cover: arrows ``COVER_ARROW`` cells long, and the book's words
    for its ends beside them (arrows of 0.85 cell and no words left a round maze's finish 11 pt of
    unlabelled arrow, not to be found from a shelf)."""
    words = next((frame.words for _, frame in maze_frames(plan)), ("Start", "Finish"))
    mark = cell * COVER_ARROW
    return MazeFrame(0, 0.0, 0.0, cell, 1.5, False, mark, (0.0, 0.0, 0.0), words=words, beside=mark * 1.4)


COVER_ARROW = 2.4
"""A cover-made maze's arrows, in its cells, with room beside them for a word 1.4 times as long."""


def cover_path(book: str) -> str:
    """``book.pdf`` -> ``book-cover.pdf``, beside it."""
    path = Path(book)
    return str(path.with_name(f"{path.stem}-cover.pdf"))


def maze_frames(plan: BookPlan) -> list[tuple[Page, MazeFrame]]:
    """The book's mazes as its maze pages frame them (not its answers), in page order."""
    return [
        (page, item)
        for page in plan.pages
        if page.kind == "maze"
        for item in page.items
        if isinstance(item, MazeFrame) and not item.answer
    ]


def front_maze(plan: BookPlan, puzzles: dict[int, Puzzle]) -> int | None:
    """The number of the book's maze the front shows: its largest that still reads at a glance, or its
    smallest when every one is larger; one the back's small page does not show, where the book has
    another (the same maze on both sides of a cover looked like a mistake)."""
    frames = [frame for _, frame in maze_frames(plan)]
    back = numbers_on(thumbnail_page(plan))
    frames = [frame for frame in frames if frame.number not in back] or frames
    if not frames:
        return None

    def cells(frame: MazeFrame) -> float:
        width, height = extent(puzzles[frame.number].maze)
        return width * height

    legible = [f for f in frames if cells(f) <= LEGIBLE]
    chosen = max(legible, key=cells) if legible else min(frames, key=cells)
    return chosen.number


def art_of(
    plan: BookPlan, puzzles: dict[int, Puzzle], kind: str, seed: int, title: str = ""
) -> tuple[MazeFrame, Puzzle] | None:
    """The front's maze: its frame on its book page (or one for a maze made for the cover: a circle,
    a shape, the ``title``'s word) and the maze itself."""
    if kind == "none":
        return None
    if kind == "circle":
        rings, hole = circle_rings(book_cells(plan, puzzles))
        circle = Recipe("recursive-backtracker", rings, rings, grid="circle", marks="center-out", inner=hole)
        return _marked(10.0, plan), circle.make(derive_seed(seed, "cover"))
    if kind != "maze":
        # refused before any work when it cannot be
        mask, _ = art_mask(kind, title, "cover.art", book_cells(plan, puzzles))
        if mask is None:
            return None
        recipe = Recipe(
            "recursive-backtracker",
            mask.width,
            mask.height,
            marks="suggested",
            masked=mask.off,
            first=mask.first,
            joins=mask.joins,  # the title's word drawn as a name is: its letters outlined apart
            accents=mask.accents,
        )
        return _marked(10.0, plan), recipe.make(derive_seed(seed, "cover"))
    number = front_maze(plan, puzzles)
    if number is None:
        return None
    frame = next(f for _, f in maze_frames(plan) if f.number == number)
    return frame, puzzles[number]


def thumbnail_page(plan: BookPlan) -> Page | None:
    """The back's small page: the book's first maze page."""
    frames = maze_frames(plan)
    return frames[0][0] if frames else None


def numbers_on(page: Page | None) -> set[int]:
    """The mazes a page draws: the cover needs them after the book has let them go."""
    return {i.number for i in page.items if isinstance(i, MazeFrame)} if page else set()
