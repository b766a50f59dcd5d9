"""build_book: spec -> puzzles -> layout -> PDF, the whole pipeline behind `puzzlebook build`."""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, fields, replace
from itertools import islice
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .errors import NO_PART, At, Problem, PuzzlebookError, SpecError, Where, made_at
from .inputs import read_bytes
from .layout import (
    BookPlan,
    Layout,
    MazeFrame,
    MazeInfo,
    age_sizes_to_fit,
    answered,
    drawn_twice,
    fit_words,
    for_book,
    load_layout,
    page_most,
    plan_book,
    print_margins,
    with_axes,
)
from .madefrom import MadeFrom, made_from, said_made_from
from .output import writing_all
from .places import Place, answers_path, output_path, targets
from .puzzles import (
    SAMPLE,
    Puzzle,
    Recipe,
    banded_puzzles,
    candidate_seeds,
    matched_puzzles,
)
from .puzzles import rate as ratings
from .spec.fits import sized_to_slot
from .spec.load import Read, Spec, load_partial, load_spec, read_spec
from .spec.request import MazeRequest
from .textfit import text_problems
from .workload import workload_problems
from .yamlread import sort_problems

if TYPE_CHECKING:  # the covers, the workers and reportlab load when a book is made, not when one is checked
    from .render.pdf import LeftOut
    from .render.pdfstream import Writable
    from .workers import Makers


@dataclass(frozen=True)
class Checked:
    """A spec that passed every check, with its layout and page plan: what `validate` reports."""

    spec: Spec
    layout: Layout
    mazes: list[MazeRequest]
    plan: BookPlan

    @property
    def inputs(self) -> list[Path]:
        """Every file the build read: the output may never be one of them."""
        return [*self.spec.inputs, *self.layout.files]


def check_book(
    spec_path: str | os.PathLike[str],
    seed: int | None = None,
    page_size: str | None = None,
    output_given: bool = False,
    read: Read | None = None,
) -> Checked:
    """Every check that needs no maze: spec, layout, and whether each maze fits its page (and where the
    spec's `output:` goes, unless ``output_given``: -o wins). ``read``: the spec's file read already."""
    name = Path(spec_path).name
    try:
        read = read or read_spec(spec_path)  # parsed once, for the spec's checks and its layout's
    except SpecError as exc:  # not YAML at all: no layout's name to check either
        raise SpecError(_by_line(exc.problems, name)) from None
    try:
        spec = load_spec(spec_path, output_given, read)
    except SpecError as exc:
        said = {problem.where for problem in exc.problems}
        more = [p for p in _layout_problems(spec_path, read, page_size) if p.where not in said]
        raise SpecError(_by_line(exc.problems + more, name)) from None
    overrides = {key: getattr(spec.book, key) for key in OVERRIDES} | {
        "page_size": page_size or spec.book.page_size
    }
    layout = load_layout(spec.book.layout, spec, {k: v for k, v in overrides.items() if v is not None})
    layout = for_book(layout, spec)
    limits = workload_problems(spec, page_most(layout, spec))
    if limits:
        raise SpecError(limits)
    if any(sized_to_slot(entry) for entry in spec.book.mazes):  # words drawn for their slots
        spec, problems = fit_words(spec, layout, seed)
        if problems := problems or workload_problems(spec):
            raise SpecError(sort_problems(problems))
    mazes = list(spec.mazes(seed))
    if any(maze.size_from for maze in mazes):  # an age chose sizes: fitted to the margins they will get
        final = layout
        if spec.book.edition == "print":
            pages = len(
                plan_book(spec, layout, age_sizes_to_fit(layout, mazes, spec), spec.book.layout).pages
            )
            final = print_margins(layout, pages)
        mazes = age_sizes_to_fit(final, mazes, spec)
    plan = plan_book(spec, layout, mazes, spec.book.layout)
    mazes = with_axes(plan.pages, mazes)  # the ends go where the pictures' room was planned
    problems = text_problems(plan) or _cover_problems(spec, layout, plan, len(mazes))
    if problems:
        raise SpecError(problems)
    return Checked(spec, layout, mazes, plan)


def _cover_problems(spec: Spec, layout: Layout, plan: BookPlan, count: int) -> list[Problem]:
    """A cover the spec asks for that cannot be made, told before any maze is."""
    if spec.book.cover is None:
        return []
    from .cover.art import art_mask, thumbnail_page
    from .cover.make import cover_fonts
    from .cover.plan import cover_problems, plan_cover
    from .render.cover import cover_text_problems

    problems = cover_problems(spec, plan, layout.trim)
    if problems and problems[0].where == spec.where("cover"):  # no cover at all: nothing more to say
        return problems
    cover_spec = spec.book.cover
    if cover_spec.art not in ("maze", "circle", "none"):  # a shape or the title's word, drawn now
        problems += art_mask(cover_spec.art, cover_spec.title or spec.book.title, spec.where("cover", "art"))[
            1
        ]
    cover = plan_cover(spec, plan, layout.trim, None, thumbnail_page(plan), count, cover_fonts(spec, plan))
    given = spec.book.cover.model_fields_set

    def where(key: str) -> At:  # the cover's own words, or the book's it took
        return spec.where("cover", key) if key in given or key == "back" else spec.where(key)

    return problems + cover_text_problems(cover, plan, where)


OVERRIDES = (
    "page_size",
    "bleed",
    "mazes_per_page",
    "show_seed",
    "show_difficulty",
    "show_answer_page",
    "print_on_demand",
    "start_label",
    "end_label",
    "pictures",
)
"""The spec's settings that override its layout's, checked with the layout."""


def _by_line(problems: list[Problem], spec_name: str) -> list[Problem]:
    """The spec's problems in line order (a setting the layout checks, such as pictures on line 2, came
    after line 19's), then the other files'; each file's own order kept otherwise."""

    def line(problem: Problem) -> tuple[int, int]:
        at = problem.at
        return (0, at.line or 0) if at.file == spec_name else (1, 0)

    return sorted(problems, key=line)


def _layout_problems(
    spec_path: str | os.PathLike[str], read: Read, page_size: str | None = None
) -> list[Problem]:
    """The layout's own problems, and those of the settings the spec overrides it with, for a spec that
    has others: every problem of a build is reported at once, the spec's first (in line order), then
    its layout's."""
    partial, given = load_partial(Path(spec_path), OVERRIDES, read)
    overrides = given | ({"page_size": page_size} if page_size else {})
    try:
        load_layout(partial.book.layout, partial, {k: v for k, v in overrides.items() if v is not None})
    except SpecError as exc:
        return exc.problems
    return []


def make_puzzles(
    mazes: list[MazeRequest], progress: Callable[[int], None] | None = None, rate: bool = False
) -> dict[int, Puzzle]:
    """Every maze of the book, on every core the work repays (see ``workers``); with ``rate``, each also
    gets its Easy/Medium/Hard rating."""
    from .workers import Makers

    with Makers() as makers:
        puzzles = _make_puzzles(mazes, makers, progress)
    puzzles = {m.number: puzzles[m.number] for m in mazes}  # in book order, however they were made
    if not rate:
        return puzzles
    sets = {m.number: (m.entry, m.label, m.seed) for m in mazes if m.match is not None}  # as made
    return ratings(puzzles, {m.number: m.difficulty for m in mazes}, sets)


def _recipe(maze: MazeRequest) -> Recipe:
    """What makes ``maze``: every field of a recipe has a field of that name on the request."""
    return Recipe(*(getattr(maze, field.name) for field in fields(Recipe)))


def _make_puzzles(
    mazes: list[MazeRequest], makers: Makers, progress: Callable[[int], None] | None
) -> dict[int, Puzzle]:
    """Plain mazes first, all in one batch; then each difficulty band's search, and each class set's."""
    plain = [m for m in mazes if m.match is None and m.difficulty is None]
    try:
        made = makers.make_all([(_recipe(m), m.seed) for m in plain], progress)
    except PuzzlebookError:
        made = []  # say which maze failed: make them one by one below
    puzzles = {m.number: p for m, p in zip(plain, made, strict=False)}
    class_sets: dict[tuple[int, int, int], list[Puzzle]] = {}  # a pool per maze of the set
    banded: dict[int, list[Puzzle]] = {}  # an entry's mazes in its band, from one search
    copies = Counter(m.entry for m in mazes if m.match is None and m.difficulty is not None)
    thirds = {m.entry: m for m in reversed(mazes) if m.match is None and isinstance(m.difficulty, str)}
    # every band's first 30 seeds are needed: queue them all now, so the cores never wait between searches
    samples = makers.stream(
        [(_recipe(m), s) for m in reversed(thirds.values()) for s in islice(candidate_seeds(m.seed), SAMPLE)]
    )
    for maze in mazes:
        if maze.number in puzzles:
            continue
        recipe = _recipe(maze)
        try:
            if maze.match is not None:
                student, students = maze.match
                key = (maze.entry, maze.label, maze.seed)
                if key not in class_sets:
                    class_sets[key] = matched_puzzles(
                        recipe, maze.seed, maze.difficulty, students, makers.make
                    )
                puzzles[maze.number] = class_sets[key][student]
            elif maze.difficulty is None:
                puzzles[maze.number] = recipe.make(maze.seed)
            else:
                if maze.entry not in banded:  # the entry's first copy: its seed starts the search
                    sample = list(islice(samples, SAMPLE)) if maze.entry in thirds else None
                    banded[maze.entry] = banded_puzzles(
                        recipe,
                        maze.seed,
                        maze.difficulty,
                        copies[maze.entry],
                        makers.ahead,
                        makers.parallel,
                        sample,
                    )
                puzzles[maze.number] = banded[maze.entry].pop(0)
        except PuzzlebookError as exc:
            raise made_at(maze.where, exc) from None
        if progress:
            progress(1)
    return puzzles


def generate(
    checked: Checked, progress: Callable[[int], None] | None = None, ahead: bool = False
) -> tuple[Checked, dict[int, Puzzle]]:
    """Make every puzzle; with `order: difficulty`, renumber the mazes easiest first and plan again.
    With ``ahead``, a book whose pages need no maze before their own (no ratings, order, searches or
    cover) gets its puzzles as they are made (``Coming``): ``write_books`` draws meanwhile."""
    book, plan = checked.spec.book, checked.plan
    plain = all(m.match is None and m.difficulty is None for m in checked.mazes) and book.cover is None
    if ahead and plain and not checked.layout.show_difficulty and book.order != "difficulty":
        twice = drawn_twice(plan)
        jobs = [(m.number, m.where, _recipe(m), m.seed, m.number in twice) for m in checked.mazes]
        answers = answered([plan] if plan.answers is None else [plan, plan.answers])
        # the worker pool loads when mazes are made, not for validate; its processes start before
        # reportlab loads (``write_books``), which they never need
        from .coming import Coming

        return checked, Coming(jobs, answers, progress)
    puzzles = make_puzzles(checked.mazes, progress, checked.layout.show_difficulty)
    if checked.spec.book.order != "difficulty":
        return checked, puzzles
    # stable, ties keep order; shown ratings go first, so the labels never step back: a band's "Easy"
    # is easy for its own entry, and its score may lie among the book's medium ones
    rank = {"Easy": 0, "Medium": 1, "Hard": 2}
    ranked = sorted(
        checked.mazes,
        key=lambda m: (rank.get(puzzles[m.number].rating or "", 0), puzzles[m.number].metrics.difficulty),
    )
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
    checked = check_book(spec_path, seed, output_given=out is not None)
    places = targets(checked, out)
    checked, puzzles = generate(checked, progress, ahead=True)
    inputs = checked.inputs
    write_books(checked, places, puzzles, progress, made=lambda: made_from(inputs, seed))
    return places[0][0], checked


def write_books(
    checked: Checked,
    places: list[Place],
    puzzles: dict[int, Puzzle],
    progress: Callable[[int], None] | None = None,
    check: Callable[[int, bytes], None] | None = None,
    made: Callable[[], MadeFrom] | None = None,
    left_out: LeftOut | None = None,
    check_cover: Callable[[bytes], None] | None = None,
) -> None:
    """Draw the book (and its answers, with ``answer_key: separate``, and its cover) straight into its
    file, page by page; ``check`` (given each file's number: 0 the book, 1 its answers) and
    ``check_cover`` read the written files back before they replace anything (``--strict``). The book
    carries ``made()``, what it was made from (see ``made_from``): worked out once the cores are making
    the mazes, since no maze depends on it (hashing puzzlebook's own files held them back 10 ms)."""
    plans = [checked.plan] if checked.plan.answers is None else [checked.plan, checked.plan.answers]
    cover = None
    if checked.spec.book.cover is not None:  # the cover's drawing loads only for a book that has one
        from .cover.make import CoverMaker

        cover = CoverMaker(checked.spec, checked.plan, checked.layout.trim, len(checked.mazes), puzzles)
    puzzle_for = _last_use_lets_go(plans, puzzles)
    from .coming import drawing

    # all written whole before any replaces a file; puzzles still coming are drawn as they come
    with drawing(puzzles) as ahead, writing_all(places, checked.inputs) as outs:
        digests = made() if made else None
        for number, (out, plan) in enumerate(zip(outs, plans, strict=False)):
            book = digests.book if digests else None
            stream_pdf(plan, puzzle_for, out, progress if number == 0 else None, book, left_out, ahead)
            if check:
                check(number, out.read_back())
        if cover is not None:
            cover.write(outs[-1], digests.cover if digests else "")
            if check_cover:
                check_cover(outs[-1].read_back())


def stream_pdf(plan: BookPlan, puzzle_for: Callable[[int], Puzzle], out: Writable, *more: Any) -> None:
    """``render.pdf.stream_pdf`` (``more``: its progress, made_from, left_out and ahead), loaded with
    reportlab when a book is written, not when one is checked."""
    from .render.pdf import stream_pdf as stream

    stream(plan, puzzle_for, out, *more)


def build_cover(spec_path: str | os.PathLike[str], seed: int | None = None) -> tuple[str, Checked]:
    """The cover alone, where ``build`` would write it beside the book: for a cover made again after
    its words or colours changed (the book's mazes are made again, as the cover shows them)."""
    checked = check_book(spec_path, seed)
    if checked.spec.book.cover is None:
        where = Where(checked.spec.path.name, 1)
        raise SpecError([Problem(where, NO_PART["cover"][1])])
    place = targets(checked, None)[-1]
    made = made_from(checked.inputs, seed)
    checked, puzzles = generate(checked)
    from .cover.make import CoverMaker

    cover = CoverMaker(checked.spec, checked.plan, checked.layout.trim, len(checked.mazes), puzzles)
    with writing_all([place], checked.inputs) as outs:
        cover.write(outs[0], made.cover)
    return place.path, checked


def built_book(checked: Checked, made: MadeFrom) -> tuple[str, bytes, bool] | None:
    """The book's file, its bytes, and whether it was built from exactly these inputs (see
    ``made_from``): an older one is there to be told of, since it is what someone would upload. None
    when there is no file, or none that can be read as a book puzzlebook built."""
    try:
        places = targets(checked, None)
        if checked.plan.answers is not None or places[0][0] == "-":  # answers apart, or no file: in memory
            return None
        path = places[0][0]
        data = read_bytes(path, "book").data
    except Exception:  # not there, not a file: make it in memory
        return None
    digest = said_made_from(data)
    return (path, data, digest == made.book) if digest else None  # not a PDF, damaged, not ours


def _last_use_lets_go(plans: list[BookPlan], puzzles: dict[int, Puzzle]) -> Callable[[int], Puzzle]:
    """``puzzles.__getitem__``, but each puzzle leaves ``puzzles`` when drawn for the last time: the
    answer pages come last, and what they free is what the end of the file is made in."""
    uses = Counter(
        item.number
        for plan in plans
        for page in plan.pages
        for item in page.items
        if isinstance(item, MazeFrame | MazeInfo)
    )

    def puzzle_for(number: int) -> Puzzle:
        uses[number] -= 1
        puzzle = puzzles[number]  # a puzzle still ``Coming`` is waited for
        if uses[number] <= 0:
            del puzzles[number]
        return puzzle

    return puzzle_for


def work_units(checked: Checked) -> int:
    """Steps reported to a progress bar: one per maze generated, one per page drawn."""
    return len(checked.mazes) + len(checked.plan.pages)


__all__ = [
    "Checked",
    "Place",
    "answers_path",
    "build_book",
    "build_cover",
    "check_book",
    "generate",
    "output_path",
    "targets",
    "work_units",
    "workload_problems",
    "write_books",
]
