"""``maze``: one maze in a format, its options checked against the same rules a spec's maze is
(``rules``), each clash told at its option; and ``algorithms``, what the generators are."""

from __future__ import annotations

import math
import secrets
import sys
from dataclasses import replace
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import Problem, PuzzlebookError, SpecError
from ..exports import TextFormat
from ..kinds.weave import SHARE
from ..registry import suggest
from ..shapes import SHAPES, a_shape
from ..usage import fail
from .app import Option, check_seed, choose, command, parse_size, terminal

if TYPE_CHECKING:  # the generators, rules and renderers load when a maze is made, not for --help
    from .. import rules
    from ..masks import Mask


class Marks(StrEnum):
    none = "none"
    suggested = "suggested"
    farthest = "farthest"
    left_right = "left-right"
    top_bottom = "top-bottom"
    corners = "corners"
    center_out = "center-out"


_MARK_NOTES = {"suggested": "opposite sides", "center-out": "a circle, from its centre"}
MARKS_HELP = (
    ", ".join(f"{m.value} ({_MARK_NOTES[m.value]})" if m.value in _MARK_NOTES else m.value for m in Marks)
    + "."
)
"""Every marks rule, as --help lists them: made from ``Marks``, so a rule added is never left out."""


class GridKind(StrEnum):
    rectangle = "rectangle"
    hex = "hex"
    triangle = "triangle"
    circle = "circle"
    octagon = "octagon"


def parse_options(pairs: list[str]) -> dict[str, str]:
    options: dict[str, str] = {}
    problems = []
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            problems.append(Problem("--option", f'expected KEY=VALUE such as scan=columns, got "{pair}"'))
        else:
            options[key.strip()] = value.strip()
    if problems:
        raise SpecError(problems)
    return options


@command(
    Option(
        "--algorithm",
        "-a",
        help="See `puzzlebook algorithms`; as in a book, hunt-and-kill.",
        default="hunt-and-kill",
    ),
    Option("--size", "-s", help="WxH in cells, e.g. 20x30 (with --mask: the mask's)."),
    Option("--seed", kind="whole", help="Same seed, same maze. Default: a fresh one."),
    Option("--option", kind="list", help="Algorithm option KEY=VALUE; repeatable."),
    Option("--marks", help=MARKS_HELP, default="none"),
    Option(
        "--format",
        "-f",
        help="txt, json, pdf, svg or png. Default: from -o's extension, or txt.",
        dest="fmt",
    ),
    Option("--output", "-o", help="File to write; - for stdout.", default="-"),
    Option(
        "--solution",
        kind="switch",
        help="Draw the solution; with no --marks, marks the suggested ends.",
        default=False,
    ),
    Option("--dpi", kind="whole", help="PNG resolution, 72 to 1200.", default=300),
    Option(
        "--braid",
        kind="number",
        help="Share of dead ends opened into loops, 0 to 1 (0: a perfect maze).",
        default=0.0,
    ),
    Option(
        "--mask",
        help="The maze's shape: a .txt drawing (X or # a cell, . or space none), or a .png picture "
        "(dark, opaque pixels are the shape) fitted into --size.",
    ),
    Option("--shape", help=f"A built-in shape drawn over --size: {', '.join(SHAPES)}, or text:WORD."),
    Option(
        "--grid",
        help="rectangle, hex (columns of hexagons), triangle (up and down in turn), circle (-s R rings) "
        "or octagon (octagons and small squares in turn).",
        default="rectangle",
        dest="grid_kind",
    ),
    Option("--inner", kind="whole", help="With --grid circle: a round hole this many rings wide.", default=0),
    Option(
        "--weave",
        kind="switch",
        help="Passages crossing under others, on rectangles (kruskal, recursive-backtracker, growing-tree or "
        f"hunt-and-kill); --weave-share says how many ({SHARE:g} unless given).",
        default=False,
    ),
    Option(
        "--weave-share",
        kind="number",
        help="With --weave, or alone: a share of the most crossings that fit, 0 to 1.",
    ),
)
def maze(
    algorithm: str,
    size: str | None,
    seed: int | None,
    option: list[str] | None,
    marks: str,
    fmt: str | None,
    output: str,
    solution: bool,
    dpi: int,
    braid: float,
    mask: str | None,
    shape: str | None,
    grid_kind: str,
    inner: int,
    weave: bool,
    weave_share: float | None,
) -> None:
    """Make one maze: text, JSON, or a picture (pdf, svg, png)."""
    from .. import generators, kinds, rules
    from ..exports import export_chunks, page_axis
    from ..files import other_kind
    from ..layout.room import FOLLOW_AXIS
    from ..output import plan_output, writing
    from ..puzzles import make_puzzle

    try:
        grid_kind = choose(grid_kind, GridKind, "--grid")
        mark = Marks(choose(marks, Marks, "--marks"))
        if solution and mark is Marks.none:
            mark = Marks.suggested  # a solution needs a start and an end
        if shape and shape not in SHAPES and not shape.startswith("text:"):
            hint = suggest(shape, list(SHAPES)) or ""
            raise SpecError(
                [
                    Problem(
                        "--shape",
                        f'expected one of {", ".join(SHAPES)} or text:WORD, got "{shape}".{hint}'.rstrip("."),
                    )
                ]
            )
        algorithm = generators.ALGORITHMS.spelled(algorithm)  # as a spec reads it: Wilson is wilson
        try:
            generators.get(algorithm)
        except SpecError as unknown:  # with a did-you-mean hint, told at its option as every other choice
            raise SpecError([Problem("--algorithm", p.message) for p in unknown.problems]) from None
        options = parse_options(option or [])
        if grid_kind == "circle" and not (mask or shape):
            if size is None or not size.strip().isdigit() or len(size.strip()) > 9:
                raise SpecError(
                    [Problem("--size", f"a circle's size is its number of rings, such as -s 12; got {size}")]
                )
            size = f"{int(size)}x{int(size)}"
        plan = rules.Plan(
            grid=grid_kind,
            algorithm=algorithm,
            marks=mark.value,
            mask=mask is not None,
            shape=shape is not None,
            inner=inner or None,
            size=parse_size(size) if size and not (mask or shape) else None,
            named=shape if shape and not shape.startswith("text:") else "",
            over=parse_size(size) if size and shape and not shape.startswith("text:") else None,
            weave=weave_share if weave_share is not None else rules.WEAVE if weave else 0.0,
            braid=braid,
            options=bool(options),
        )
        asked = "--marks" if marks != "none" else "--solution"
        _refuse(rules.clashes(plan), asked)
        if shape and size is None:  # a word's example is the least size it reads at (20x20 was refused)
            raise SpecError(
                [
                    Problem(
                        "--shape",
                        f"needs --size WxH too, the cells it is drawn over, e.g. {_example(shape, grid_kind)}",
                    )
                ]
            )
        shaped = _shaped(shape, mask, size, grid_kind)
        if size is None and shaped is None:
            raise SpecError([Problem("--size", "is required (WxH in cells, such as 20x30), or give --mask")])
        width, height = (shaped.width, shaped.height) if shaped else parse_size(str(size))
        if shaped:  # its cells are the field; a drawing's must fill the size given
            drawing = size is not None and mask is not None and mask.lower().endswith(".txt")
            cells = (width, height)
            given = parse_size(size) if drawing and size else cells
            _refuse(rules.clashes(replace(plan, size=given, drawn=cells if drawing else None)), asked)
        form = output_format(fmt, output)
        if form is TextFormat.txt and plan.weave:
            raise SpecError(
                [
                    Problem(
                        "--format",
                        "text cannot show a passage under another; write a weave maze as pdf, svg, png or json",
                    )
                ]
            )
        if form is TextFormat.txt and grid_kind != "rectangle":
            a_kind = a_shape(grid_kind)  # the name with its article: "an octagon"
            raise SpecError(
                [
                    Problem(
                        "--format",
                        f"text draws square cells only; {a_kind} maze is written as pdf, svg, png or json",
                    )
                ]
            )
        check_seed(seed)
        if not 72 <= dpi <= 1200:
            raise SpecError([Problem("--dpi", f"must be from 72 to 1200, got {dpi}")])
        if not 0 <= braid <= 1:
            raise SpecError(
                [Problem("--braid", f"must be from 0 to 1 (a share of the dead ends), got {braid:g}")]
            )
        inputs = [Path(mask)] if mask else []  # -o onto the mask would destroy it
        target = plan_output(output, inputs)
        if (
            target.file is not None
            and target.file.is_file()
            and Path(output).suffix.lower() != f".{form.value}"
        ):
            # -o notes replaced a file of notes with a text maze (-o /etc/hostname, as root, that file)
            said = other_kind(output, "maze", f"a .{form.value} file", f".{form.value}")
            raise SpecError([Problem(f"--output {output}", said)])
        on_screen = target.terminal or (output == "-" and terminal(sys.stdout))
        if form in (TextFormat.pdf, TextFormat.png) and on_screen:
            raise SpecError(
                [Problem("--format", f"{form.value} is not for a terminal: add -o FILE.{form.value}")]
            )
        if form is TextFormat.png:
            from ..render.png import png_dpi

            try:
                across, down = kinds.kind_for(grid_kind, width, inner).extent(width, height)
                drawn = png_dpi(math.ceil(across), math.ceil(down), dpi)  # the drawing's size, in cells
            except PuzzlebookError as exc:
                raise SpecError([Problem("--size", str(exc))]) from None
            if drawn < dpi:
                print(
                    f"note: drawn at {drawn} dpi, to keep the PNG under 100 million pixels", file=sys.stderr
                )
            dpi = drawn
        _within_budget(
            algorithm,
            grid_kind,
            width,
            height,
            inner,
            form,
            form is TextFormat.json or mark.value != "none",
            options,
        )
        chosen = seed if seed is not None else secrets.randbelow(2**31)
        axis = ""
        if form is TextFormat.pdf and mark.value in FOLLOW_AXIS and not shaped:  # ends where its page
            axis = page_axis(width, height, grid_kind, plan.weave)  # keeps room for their words
        puzzle = make_puzzle(  # metrics of the unmarked path go only into JSON: pictures skip the search
            algorithm,
            width,
            height,
            chosen,
            options,
            mark.value,
            solve_unmarked=form is TextFormat.json,
            braid=braid,
            masked=shaped.off if shaped else frozenset(),
            grid=grid_kind,
            inner=inner,
            first=shaped.first if shaped else "",
            weave=plan.weave,
            joins=shaped.joins if shaped else frozenset(),  # a word's letters outlined apart, as in a book
            accents=shaped.accents if shaped else frozenset(),
            axis=axis,
        )
        with writing(output, inputs) as out:  # a few rows at a time: memory stays flat in the size
            for chunk in export_chunks(puzzle, form, solution, dpi):
                out.write(chunk)
        again = f"seed {chosen} (use --seed {chosen} to make this maze again)" if seed is None else ""
        if output != "-" and not on_screen:  # a file: where it went, as build says
            print(f"wrote {output}" + (f": {again}" if again else ""), file=sys.stderr)
        elif again:
            print(again, file=sys.stderr)
    except PuzzlebookError as error:
        fail(error)


def _refuse(clashes: list[rules.Clash], asked: str) -> None:
    """The rules' clashes, each told at its option: the marks at --solution when that asked for them."""
    if clashes:
        raise SpecError([Problem(_option(c.key, asked), c.message) for c in clashes])


def _option(key: str, asked: str) -> str:
    """The option a rule's key is given by here: the marks by --solution when that asked for them, the
    share of crossings by --weave-share."""
    return asked if key == "marks" else "--weave-share" if key == "weave" else f"--{key}"


def _example(shape: str, grid: str) -> str:
    """A size a built-in shape is drawn over, or the least a word reads at on ``grid``: a word it cannot
    draw (100,000 letters drew for minutes) is refused first, as it would be with a size."""
    from ..words import legible_size, word_picture, word_refused

    word = shape.removeprefix("text:")
    if shape.startswith("text:") and (refused := word_refused(word, "--shape")):
        raise SpecError(refused)
    picture = word_picture(word) if shape.startswith("text:") else None
    width, height = legible_size(picture, grid) if picture is not None else (20, 20)
    return f"{width}x{height}"


def _shaped(shape: str | None, mask: str | None, size: str | None, grid_kind: str) -> Mask | None:
    """--shape drawn over --size, or --mask read; None for a plain field."""
    if shape:
        assert size is not None
        if shape.startswith("text:"):
            from ..words import word_mask  # loaded only for a word's shape

            built, problems = word_mask(shape.removeprefix("text:"), *parse_size(size), "--shape", grid_kind)
        else:
            from ..shapes import shape_mask

            built, problems = shape_mask(shape, *parse_size(size), "--shape", grid_kind)
        if built is None:
            raise SpecError(problems)
        return built
    return read_mask(mask, size, grid_kind) if mask else None


def _within_budget(
    algorithm: str,
    grid_kind: str,
    width: int,
    height: int,
    inner: int,
    form: TextFormat,
    searched: bool,
    options: dict[str, str],
) -> None:
    """Refuse a maze that would take more than ``cost.BUDGET`` seconds or ``cost.MEMORY`` MB to make and
    write, before any of it is made: say the size that would do, and a faster algorithm or format."""
    from .. import cost, kinds

    cells = sum(kinds.ring_counts(width, inner)) if grid_kind == "circle" else width * height
    seconds = cost.maze_seconds(algorithm, grid_kind, cells, form.value, searched, options)
    mb = cost.megabytes(cells, form.value, searched)
    if seconds <= cost.BUDGET and mb <= cost.MEMORY:
        return
    w, h = cost.within(width, height, seconds, mb)
    size = f"{w} rings" if grid_kind == "circle" else f"{w}x{h}"
    shown = f"{width} rings" if grid_kind == "circle" else f"{width}x{height}"
    fixes = [f"make it at most {size}"]
    quick = cost.QUICK
    if (
        quick != algorithm
        and cost.maze_seconds(quick, grid_kind, cells, form.value, searched) < seconds * 0.8
    ):
        fixes.append(f"use -a {quick}")
    cheaper = [
        f.value
        for f in (TextFormat.svg, TextFormat.png)
        if f is not form
        and cost.maze_seconds(algorithm, grid_kind, cells, f.value, False, options) <= cost.BUDGET
        and cost.megabytes(cells, f.value, searched) <= cost.MEMORY
        and (f is not TextFormat.png or _png_takes(grid_kind, width, height, inner))
    ]
    if cheaper:
        fixes.append(f"write it as {' or '.join(cheaper)}")
    raise SpecError(
        [
            Problem(
                "--size",
                f"a {shown} {algorithm} maze as {form.value} would take about {seconds:.0f} s and "
                f"{mb:,.0f} MB here; the limit is {cost.BUDGET:.0f} s and {cost.MEMORY} MB: "
                f"{', or '.join(fixes)}",
            )
        ]
    )


def _png_takes(grid_kind: str, width: int, height: int, inner: int) -> bool:
    """Whether a PNG can hold the maze at all (under its 100 million pixels, at 72 dpi or more)."""
    from .. import kinds
    from ..render.png import png_dpi

    try:
        across, down = kinds.kind_for(grid_kind, width, inner).extent(width, height)
        png_dpi(math.ceil(across), math.ceil(down), 72)
    except PuzzlebookError:
        return False
    return True


def read_mask(name: str, size: str | None, grid_kind: str = "rectangle") -> Mask:
    """--mask: the shape drawn in a text file or a picture (see masks.py), or a SpecError saying what is
    wrong."""
    from ..masks import load_mask

    shape, problems = load_mask(
        Path(name),
        "--mask",
        parse_size(size) if size else None,
        shown=name,
        size_is="--size WxH",
        grid=grid_kind,
    )
    if shape is None:
        raise SpecError(problems)
    return shape


@command()
def algorithms() -> None:
    """List the maze algorithms with what they look like and their options."""
    from .. import generators

    for name in generators.ALGORITHMS:
        algo = generators.get(name)
        print(f"{name:22s} {algo.summary}")
        for line in generators.option_lines(name):
            print(f"{'':24s}{line}")


def output_format(given: str | None, output: str) -> TextFormat:
    """--format, or the output file's extension; the two must agree when both are given."""
    name = Path(output).name
    if name.rstrip().endswith(".") and name.strip(" ."):  # y.pdf. wrote a text maze by that name
        meant = output.rstrip(" .")
        meant += "" if Path(meant).suffix else ".txt"
        said = f"{output} ends in a dot; end it in its format's ending, such as {meant}"
        raise SpecError([Problem("--output", said)])
    suffix = Path(output).suffix.lower().lstrip(".")
    from_name = TextFormat(suffix) if suffix in {f.value for f in TextFormat} else None
    if given is None:
        if suffix and from_name is None:
            names = ", ".join(f".{f.value}" for f in TextFormat)
            said = f"{output} ends in .{suffix}, which puzzlebook does not write: end it in one of {names}"
            raise SpecError(
                [Problem("--output", f"{said} (a picture: .png), or name the format with --format")]
            )
        return from_name or TextFormat.txt
    aliases = {"text": "txt"}  # as people say it
    form = TextFormat(choose(aliases.get(given.lower(), given.lower()), TextFormat, "--format"))
    if from_name is not None and from_name is not form:
        raise SpecError(
            [
                Problem(
                    "--format",
                    f"{form.value}, but the file name {output} ends in .{suffix}; "
                    "leave out --format or make the two agree",
                )
            ]
        )
    return form
