"""What the cover shows of the book: the maze on its front (one of the book's, framed as its page
frames it, or a round maze made for the cover) and the maze page drawn small on its back."""

from __future__ import annotations

from pathlib import Path

from ..geometry import extent
from ..layout.items import BookPlan, MazeFrame, Page
from ..puzzles import Puzzle, Recipe
from ..rng import derive_seed

LEGIBLE = 900
"""Cells of the largest book maze the front shows: a bigger one reads as grey texture on a shelf."""
CIRCLE = Recipe("recursive-backtracker", 12, 12, grid="circle", marks="center-out", inner=2)
"""The front's round maze, when ``art: circle`` asks for one: twelve rings, the centre its goal."""


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
    smallest when every one is larger."""
    frames = [frame for _, frame in maze_frames(plan)]
    if not frames:
        return None

    def cells(frame: MazeFrame) -> float:
        width, height = extent(puzzles[frame.number].maze)
        return width * height

    legible = [f for f in frames if cells(f) <= LEGIBLE]
    chosen = max(legible, key=cells) if legible else min(frames, key=cells)
    return chosen.number


def art_of(
    plan: BookPlan, puzzles: dict[int, Puzzle], kind: str, seed: int
) -> tuple[MazeFrame, Puzzle] | None:
    """The front's maze: its frame on its book page and the maze itself."""
    if kind == "none":
        return None
    if kind == "circle":
        puzzle = CIRCLE.make(derive_seed(seed, "cover"))
        frame = MazeFrame(0, 0.0, 0.0, 10.0, 1.5, False, 8.5, (0.0, 0.0, 0.0), label=0.0)
        return frame, puzzle
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
