"""Loading a spec: read, checked in full (every problem at once), and its mazes in book order."""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from pydantic import (
    ValidationError,
)

from .. import generators, inputs, rules
from ..errors import At, Problem, SpecError, Where
from ..fields import caseless, is_one_line, isolate
from ..masks import Mask
from ..messages import Loc, errors_of
from ..output import spec_output_problem
from ..rng import derive_seed
from ..yamlread import parse_yaml, sort_problems, where
from .classlist import roster_of
from .fits import (
    Drawings,
    builtin_shape,
    check_algorithm,
    mask_of,
    name_shapes,
)
from .model import BookSpec, Cells, MazeEntry, WordShape, layout_key
from .request import NO_MASK, STUDENT, MazeRequest, placeholder_problem


@dataclass(frozen=True)
class Spec:
    book: BookSpec
    path: Path
    lines: dict[Loc, int] = field(default_factory=dict)
    roster: list[tuple[str, At]] = field(default_factory=list)  # (name, where it is written)
    masks: dict[int, Mask] = field(default_factory=dict)  # entry index -> its mask:, read and checked
    name_masks: dict[tuple[int, int], Mask] = field(default_factory=dict)  # (entry, student) -> name shape

    def where(self, *loc: int | str) -> Where:
        return where(self.path.name, self.lines, *loc)

    @property
    def fallback_fonts(self) -> list[str]:
        return self.book.fallback_fonts

    def mazes(self, seed: int | None = None) -> Iterator[MazeRequest]:
        """Every maze in book order, seeds settled: a maze's own seed is used exactly (its copies derive
        theirs from it); the others derive theirs from the book seed and their position."""
        book_seed = self.book.seed if seed is None else seed
        one_set = list(self._one_set(book_seed))
        if not self.roster:
            yield from one_set
            return
        number = 0
        for k, (name, at) in enumerate(self.roster):
            for label, maze in enumerate(one_set, 1):
                number += 1
                match = (k, len(self.roster))
                mine = replace(
                    maze,
                    number=number,
                    student=name,
                    student_where=at,
                    label=label,
                    only=len(one_set) == 1,
                    match=match,
                )
                if maze.title and STUDENT in maze.title:  # "{student}'s maze": Ana's maze
                    # isolated: "محمد's maze" would otherwise read as a right-to-left line, "s maze'محمد"
                    mine = replace(mine, title=maze.title.replace(STUDENT, isolate(name)))
                shape = self.name_masks.get((maze.entry, k))
                if shape:  # the student's own name: a maze of its own, not one of a matched set
                    seed = derive_seed(maze.seed, "student", k)
                    mine = replace(
                        mine,
                        width=shape.width,
                        height=shape.height,
                        masked=shape.off,
                        match=None,
                        seed=seed,
                        first=shape.first,
                        min_cell=shape.min_cell,
                        ends_on_axis=shape.ends_on_axis,
                        joins=shape.joins,
                        accents=shape.accents,
                    )
                yield mine

    def first_of(self, entry: int) -> MazeRequest:
        """The first maze of entry ``entry``, made without the others (a limit asks of one entry)."""
        return next(self._one_set(self.book.seed, entry))

    def _one_set(self, book_seed: int, only: int | None = None) -> Iterator[MazeRequest]:
        number = 0
        for i, entry in enumerate(self.book.mazes):
            if only is not None and i != only:
                number += entry.count
                continue
            marks = entry.marks if entry.marks is not None else self.book.marks
            options = generators.validate_options(entry.algorithm, entry.options).model_dump()
            drawn = entry.drawn_size(self.book)
            mask = self.masks.get(i)
            width, height = (mask.width, mask.height) if mask else drawn or (1, 1)
            band = None if entry.age else entry.difficulty
            for copy in range(entry.count):
                number += 1
                if entry.seed is None:
                    maze_seed = derive_seed(book_seed, i, copy)
                else:
                    maze_seed = entry.seed if copy == 0 else derive_seed(entry.seed, "copy", copy)
                yield MazeRequest(
                    number=number,
                    entry=i,
                    where=self.where("mazes", i),
                    width=width,
                    height=height,
                    algorithm=entry.algorithm,
                    options=options,
                    seed=maze_seed,
                    title=entry.title,
                    marks=(marks.start, marks.end) if isinstance(marks, Cells) else marks,
                    difficulty=band,
                    size_from="" if isinstance(entry.shape, WordShape) else entry.sized_by(self.book),
                    braid=entry.braid,
                    weave=rules.weave_share(entry.weave),
                    masked=mask.off if mask else NO_MASK,
                    grid=entry.grid,
                    inner=entry.inner or 0,
                    first=mask.first if mask else "",
                    joins=mask.joins if mask else NO_MASK,
                    accents=mask.accents if mask else NO_MASK,
                    min_cell=mask.min_cell if mask else 0.0,
                    ends_on_axis=mask.ends_on_axis if mask else False,
                    word=isinstance(entry.shape, WordShape),
                    drawn_over=drawn if entry.shape else None,
                    tint=entry.tint_rgb,
                )

    def students(self) -> list[str]:
        return [name for name, _ in self.roster]

    @property
    def inputs(self) -> list[Path]:
        """The files this spec made puzzlebook read: no output may land on one of them."""
        files = [self.path]
        if isinstance(self.book.students, str):
            files.append(self.path.parent / self.book.students)
        files += [self.path.parent / entry.mask for entry in self.book.mazes if entry.mask]
        return files


@dataclass(frozen=True)
class Read:
    """A spec's file read and its YAML parsed, once: its data, the line of every key, and the keys given
    twice. Its checks (``load_spec``) and, when they fail, its layout's (``load_partial``) share it: a
    spec of 50,000 values takes seconds to parse."""

    data: Any
    lines: dict[Loc, int]
    problems: tuple[Problem, ...]


def read_spec(path: str | os.PathLike[str]) -> Read:
    """The spec's file read and parsed; a SpecError when it cannot be, and then nothing else of it can."""
    path = Path(path)
    text, _ = inputs.read_text(path, "spec")
    data, lines, problems = parse_yaml(text, path.name)
    return Read(data, lines, tuple(problems))


def load_spec(path: str | os.PathLike[str], output_given: bool = False, read: Read | None = None) -> Spec:
    """Read and check a book spec (or check ``read``, the same spec's file read already); a SpecError
    lists every problem found. With ``output_given`` (``-o``) the spec's own `output:` is not where the
    book goes, so a folder it names need not exist."""
    path = Path(path)
    read = read or read_spec(path)
    data, lines, problems = read.data, read.lines, list(read.problems)
    if data is None:
        raise SpecError([Problem(Where(path.name, 1), "the spec is empty; start with `title: My Maze Book`")])
    if not isinstance(data, dict):
        raise SpecError(
            [Problem(Where(path.name, 1), "a spec is a list of `key: value` lines, such as `title: My Book`")]
        )
    mazes: list[Any] = data["mazes"] if isinstance(data.get("mazes"), list) else []
    braced: dict[int, dict[str, str]] = {}  # each entry's placeholders that are not filled in, by key
    for i, entry in enumerate(mazes):
        if isinstance(entry, dict):
            if "algorithm" in entry:  # Wilson, Hunt-And-Kill: read in any case, as a spec's other words
                entry = mazes[i] = {**entry, "algorithm": generators.ALGORITHMS.spelled(entry["algorithm"])}
            problems += check_algorithm(path.name, lines, i, entry)
            braced[i] = _placeholders(entry, data.get("students") is not None)
            problems += [Problem(where(path.name, lines, "mazes", i, k), s) for k, s in braced[i].items()]
    roster: list[tuple[str, At]] = []
    masks: dict[int, Mask] = {}
    name_masks: dict[tuple[int, int], Mask] = {}
    if isinstance(data.get("students"), str) and is_one_line(data["students"]):  # files are checked
        roster, more = roster_of(data["students"], path, lines)  # whatever else is wrong; a name the
        problems += more  # model refuses (a control character in it) is told once, by the model
    output = data.get("output")
    if (
        isinstance(output, str)
        and is_one_line(output)
        and not output_given
        and (wrong := spec_output_problem(path.parent, output))
    ):
        problems.append(Problem(where(path.name, lines, "output"), wrong))
    try:
        book = BookSpec.model_validate(data)
    except ValidationError as exc:
        said = errors_of(exc, BookSpec)
        problems += [Problem(where(path.name, lines, *loc), layout_key(loc, msg)) for loc, msg in said]
        problems += _clashes_alone(data, {loc[:2] for loc, _ in said}, braced, path, lines)
        problems += _masks_alone(data, {loc[:3] for loc, _ in said}, path, lines)
    else:
        if isinstance(book.students, list):
            roster, more = roster_of(book.students, path, lines)
            problems += more
        drawings = Drawings()
        named_cells = [0]  # the class set's names drawn so far, in cells (NAME_CELLS)
        for i, entry in enumerate(book.mazes):
            plan = _plan(entry, book.marks)
            found = rules.clashes(plan)
            problems += _told(found, entry, i, path, lines)
            if "shape" in braced.get(i, {}) or any(clash.key in ("mask", "shape") for clash in found):
                # a circle is its own shape, one entry takes a mask or a shape, and a word with a wrong
                # placeholder is not the word meant: none is drawn
                continue
            if isinstance(entry.shape, WordShape) and STUDENT in entry.shape.text:
                more = name_shapes(entry, book, i, path, lines, roster, name_masks, named_cells)
                problems += more
                continue
            if entry.mask or entry.shape:
                shaped = builtin_shape if entry.shape else mask_of
                mask, more = shaped(entry, book, i, path, lines, drawings)
                problems += more
                if mask:  # its cells are the field; a drawing's must fill the size given
                    masks[i] = mask
                    cells = (mask.width, mask.height)
                    drawing = entry.size is not None and Path(entry.mask or "").suffix.lower() == ".txt"
                    drawn = rules.clashes(
                        replace(plan, size=entry.size if drawing else cells, drawn=cells if drawing else None)
                    )
                    problems += _told([c for c in drawn if c not in found], entry, i, path, lines)
                continue
            if entry.size is None and entry.age is None and book.difficulty is None:
                problems.append(
                    Problem(
                        where(path.name, lines, "mazes", i, "size"),
                        "is required: give one such as 20x30, or an age such as difficulty: age-6",
                    )
                )
    if problems:  # a drawing two entries name is told once
        raise SpecError(sort_problems(list(dict.fromkeys(problems))))
    return Spec(book, path, lines, roster, masks, name_masks)


def _placeholders(entry: dict[str, Any], students: bool) -> dict[str, str]:
    """What is wrong with the placeholders of a maze's title and word shape, as written: told with
    every other problem of the spec, a wrong key's included (``placeholder_problem``)."""
    shape = entry.get("shape")
    texts = {"title": entry.get("title"), "shape": shape.get("text") if isinstance(shape, dict) else None}
    return {
        key: said
        for key, text in texts.items()
        if isinstance(text, str) and (said := placeholder_problem(text, key, students))
    }


def _clashes_alone(
    data: dict[str, Any],
    wrong: set[Loc],
    braced: dict[int, dict[str, str]],
    path: Path,
    lines: dict[Loc, int],
) -> list[Problem]:
    """Where the spec has other problems (it cannot be read whole), each maze entry right on its own is
    still judged by ``rules`` with the book's marks, so that its clashes (a star over too few cells to
    read) are told with them rather than once those are mended; none where the book's marks is wrong."""
    if ("marks",) in wrong or not isinstance(data.get("mazes"), list):
        return []
    marks = caseless(BookSpec, data).get("marks", BookSpec.model_fields["marks"].default)
    told: list[Problem] = []
    for i, given in enumerate(data["mazes"]):
        if ("mazes", i) in wrong or braced.get(i) or not isinstance(given, dict):
            continue
        try:
            entry = MazeEntry.model_validate(given)
        except ValidationError:
            continue  # wrong in a way the book's check tells at its key
        told += _told(rules.clashes(_plan(entry, marks)), entry, i, path, lines)
    return told


def _masks_alone(data: dict[str, Any], wrong: set[Loc], path: Path, lines: dict[Loc, int]) -> list[Problem]:
    """Where the spec has other problems, each maze's mask file that cannot be read (not there, outside
    the spec's folder), told with them: found only once those were mended, a missing star.txt was a
    second round of fixes (a newcomer's trial). Read as every mask is (``inputs.read_bytes``), each file
    once however many entries name it, as a book's drawings are."""
    told: list[Problem] = []
    read: dict[str, list[Problem]] = {}  # each file's problems (by its real path: ./a.txt is a.txt)
    for i, given in enumerate(data["mazes"] if isinstance(data.get("mazes"), list) else []):
        named = given.get("mask") if isinstance(given, dict) else None
        if not (isinstance(named, str) and is_one_line(named)) or ("mazes", i, "mask") in wrong:
            continue
        at = where(path.name, lines, "mazes", i, "mask")
        real = os.path.realpath(path.parent / named)
        if real not in read:
            try:
                inputs.read_bytes(path.parent / named, "mask", at, path.parent, named)
                read[real] = []
            except SpecError as exc:
                read[real] = exc.problems
        told += [Problem(at, problem.message) for problem in read[real]]
    return told


def _plan(entry: MazeEntry, book_marks: Any) -> rules.Plan:
    """The entry as ``rules`` judges it before any drawing: the book's marks when it has none of its own,
    and no size for a mask or shape, whose cells are the field once drawn."""
    marks = entry.marks if entry.marks is not None else book_marks
    return rules.Plan(
        grid=entry.grid,
        algorithm=entry.algorithm,
        marks=None if isinstance(marks, Cells) else marks,
        mask=entry.mask is not None,
        shape=entry.shape is not None,
        inner=entry.inner,
        size=None if entry.mask or entry.shape else entry.size or (entry.age.size if entry.age else None),
        named=entry.shape if isinstance(entry.shape, str) else "",
        over=entry.size if isinstance(entry.shape, str) else None,
        weave=rules.weave_share(entry.weave),
        braid=entry.braid,
        options=bool(entry.options),
    )


def _told(
    found: list[rules.Clash], entry: MazeEntry, i: int, path: Path, lines: dict[Loc, int]
) -> list[Problem]:
    """Each clash at its key on the entry, or at ``also`` (the size) when the key was not written there."""
    told = []
    for clash in found:
        key = clash.also if clash.also and clash.key not in entry.model_fields_set else clash.key
        told.append(Problem(where(path.name, lines, "mazes", i, key), clash.message))
    return told


def load_partial(
    path: Path, keys: Iterable[str] = (), read: Read | None = None
) -> tuple[Spec, dict[str, Any]]:
    """Just enough of a spec that has problems to check its layout too, and the values it gives for
    ``keys`` (the settings that override the layout's), as written; from ``read`` when it is given."""
    read = read or read_spec(path)
    data, lines = read.data if isinstance(read.data, dict) else {}, read.lines
    layout = data.get("layout")
    layout = layout if isinstance(layout, str) else BookSpec.model_fields["layout"].default
    given = {key: data[key] for key in keys if key in data}
    return Spec(BookSpec.model_construct(title="", layout=layout, mazes=[]), path, lines), given
