"""build_book: spec -> puzzles -> layout -> PDF, the whole pipeline behind `puzzlebook build`."""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, replace

from .errors import PuzzlebookError
from .layout import BookPlan, Layout, load_layout, plan_book
from .output import write_output
from .puzzles import Puzzle, Recipe, make_puzzle_with_difficulty, matched_puzzles
from .render.pdf import write_pdf
from .spec import AGES, MazeRequest, Spec, load_spec


@dataclass(frozen=True)
class Checked:
    """A spec that passed every check, with its layout and page plan: what `validate` reports."""

    spec: Spec
    layout: Layout
    mazes: list[MazeRequest]
    plan: BookPlan


def check_book(
    spec_path: str | os.PathLike[str], seed: int | None = None, page_size: str | None = None
) -> Checked:
    """Every check that needs no maze: spec, layout, and whether each maze fits its page."""
    spec = load_spec(spec_path)
    overrides: dict[str, object] = {
        "page_size": page_size or spec.book.page_size,
        "bleed": spec.book.bleed,
        "mazes_per_page": spec.book.mazes_per_page,
    }
    layout = load_layout(spec.book.layout, spec, {k: v for k, v in overrides.items() if v is not None})
    if spec.book.difficulty is not None:  # an age preset: heavier lines and bigger cells, never lighter
        age = AGES[spec.book.difficulty]
        update = {
            "wall_weight": max(layout.wall_weight, age.wall),
            "min_cell": max(layout.min_cell, age.cell * 0.75),
        }
        layout = layout.model_copy(update=update)
    if spec.book.students:
        layout = layout.model_copy(update={"name_line": True})
    mazes = list(spec.mazes(seed))
    plan = plan_book(spec, layout, mazes, spec.book.layout)
    return Checked(spec, layout, mazes, plan)


def output_path(spec: Spec, out: str | os.PathLike[str] | None) -> str:
    """-o wins; then the spec's `output` (relative to the spec file); then the spec's name with .pdf."""
    if out is not None:
        return str(out)
    if spec.book.output:
        return str(spec.path.parent / spec.book.output)
    return str(spec.path.with_suffix(".pdf"))


def make_puzzles(
    mazes: list[MazeRequest], progress: Callable[[int], None] | None = None
) -> dict[int, Puzzle]:
    puzzles = {}
    class_sets: dict[tuple[int, int, int], list[Puzzle]] = {}  # a pool per maze of the set
    for maze in mazes:
        recipe = Recipe(maze.algorithm, maze.width, maze.height, maze.options, maze.marks)
        try:
            if maze.match is not None:
                student, students = maze.match
                key = (maze.entry, maze.label, maze.seed)
                if key not in class_sets:
                    class_sets[key] = matched_puzzles(recipe, maze.seed, maze.difficulty, students)
                puzzles[maze.number] = class_sets[key][student]
            elif maze.difficulty is None:
                puzzles[maze.number] = recipe.make(maze.seed)
            else:
                puzzles[maze.number] = make_puzzle_with_difficulty(recipe, maze.seed, maze.difficulty)
        except PuzzlebookError as exc:
            raise PuzzlebookError(f"{maze.where}: {exc}") from None
        if progress:
            progress(1)
    return puzzles


def generate(
    checked: Checked, progress: Callable[[int], None] | None = None
) -> tuple[Checked, dict[int, Puzzle]]:
    """Make every puzzle; with `order: difficulty`, renumber the mazes easiest first and plan again."""
    puzzles = make_puzzles(checked.mazes, progress)
    if checked.spec.book.order != "difficulty":
        return checked, puzzles
    ranked = sorted(
        checked.mazes, key=lambda m: puzzles[m.number].metrics.difficulty
    )  # stable: ties keep order
    mazes = [replace(m, number=i + 1) for i, m in enumerate(ranked)]
    renumbered = {new.number: puzzles[old.number] for new, old in zip(mazes, ranked, strict=True)}
    plan = plan_book(checked.spec, checked.layout, mazes, checked.spec.book.layout)
    return Checked(checked.spec, checked.layout, mazes, plan), renumbered


def build_book(
    spec_path: str | os.PathLike[str],
    out: str | os.PathLike[str] | None = None,
    seed: int | None = None,
    progress: Callable[[int], None] | None = None,
) -> tuple[str, Checked]:
    """Build the PDF; returns where it was written. Nothing is written unless everything succeeded."""
    checked, puzzles = generate(check_book(spec_path, seed), progress)
    data = write_pdf(checked.plan, puzzles.__getitem__, progress)
    target = output_path(checked.spec, out)
    write_output(target, data)
    return target, checked


def work_units(checked: Checked) -> int:
    """Steps reported to a progress bar: one per maze generated, one per page drawn."""
    return len(checked.mazes) + len(checked.plan.pages)


__all__ = ["Checked", "build_book", "check_book", "generate", "output_path", "work_units"]
