"""The command line: parse arguments, call the library, turn expected failures into one-line messages.

This is the only module that prints or chooses exit codes: 2 for bad input (spec, options, arguments),
1 for other expected failures. Anything else is a bug and keeps its traceback.
"""

from __future__ import annotations

import io
import json
import math
import secrets
import sys
import time
from enum import StrEnum
from functools import partial
from pathlib import Path
from typing import Annotated, Any, NoReturn, TextIO

import typer

from . import __version__, generators, grid, kinds
from .build import (
    Checked,
    built_book,
    check_book,
    generate,
    made_from,
    targets,
    work_units,
    write_books,
)
from .errors import NotReady, Problem, PuzzlebookError, SpecError
from .graph import GraphMaze
from .inputs import read_bytes
from .layout import MazeFrame, load_layout, plan_single, preset_names, print_margins
from .masks import Mask, load_mask
from .output import plan_output, write_output
from .puzzles import Puzzle, make_puzzle, to_json
from .registry import suggest
from .render.pdf import RULES, write_pdf
from .render.text import ascii_art
from .rng import MAX_SEED
from .shapes import SHAPES, shape_mask, word_mask
from .solve import ends_problem
from .spec import SHAPED_MARKS, MazeRequest, json_schema
from .starter import SCHEMA_FILE, starter_spec

app = typer.Typer(
    help="Make print-ready PDF puzzle books of mazes from a short YAML spec.",
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


class Marks(StrEnum):
    none = "none"
    suggested = "suggested"
    farthest = "farthest"
    left_right = "left-right"
    top_bottom = "top-bottom"
    corners = "corners"
    center_out = "center-out"


class GridKind(StrEnum):
    rectangle = "rectangle"
    hex = "hex"
    triangle = "triangle"
    circle = "circle"


class TextFormat(StrEnum):
    txt = "txt"
    json = "json"
    pdf = "pdf"
    svg = "svg"
    png = "png"


def fail(error: PuzzlebookError) -> NoReturn:
    problems = error.problems if isinstance(error, SpecError | NotReady) else [str(error)]
    for problem in problems:
        typer.echo(f"error: {problem}", err=True)
    raise typer.Exit(error.exit_code)


def parse_size(text: str) -> tuple[int, int]:
    try:
        return grid.parse_size(text)
    except ValueError as exc:
        raise SpecError([Problem("--size", str(exc))]) from None


def choose(value: str, choices: type[StrEnum], option: str) -> str:
    """A choice from a fixed list, with a did-you-mean hint for typos."""
    names = [c.value for c in choices]
    if value in names:
        return value
    hint = suggest(value, names) or ""
    raise SpecError(
        [Problem(option, f'expected one of {", ".join(names)}, got "{value}".{hint}'.rstrip("."))]
    )


def check_seed(seed: int | None) -> None:
    """One rule for seeds everywhere: the spec's, --seed on every command."""
    if seed is not None and not 0 <= seed <= MAX_SEED:
        raise SpecError([Problem("--seed", f"must be a whole number from 0 to {MAX_SEED}, got {seed}")])


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


def version_callback(value: bool) -> None:
    if value:
        typer.echo(f"puzzlebook {__version__}")
        raise typer.Exit()


@app.callback()
def main_options(
    version: Annotated[
        bool,
        typer.Option("--version", callback=version_callback, is_eager=True, help="Show the version."),
    ] = False,
) -> None:
    """Make print-ready PDF puzzle books of mazes from a short YAML spec."""


@app.command()
def maze(
    algorithm: Annotated[
        str,
        typer.Option("--algorithm", "-a", help="See `puzzlebook algorithms`; as in a book, hunt-and-kill."),
    ] = "hunt-and-kill",
    size: Annotated[
        str | None, typer.Option("--size", "-s", help="WxH in cells, e.g. 20x30 (with --mask: the mask's).")
    ] = None,
    seed: Annotated[int | None, typer.Option(help="Same seed, same maze. Default: a fresh one.")] = None,
    option: Annotated[
        list[str] | None, typer.Option("--option", help="Algorithm option KEY=VALUE; repeatable.")
    ] = None,
    marks: Annotated[
        str,
        typer.Option(help="none, suggested (opposite sides), farthest, left-right, top-bottom or corners."),
    ] = "none",
    fmt: Annotated[
        str | None,
        typer.Option(
            "--format", "-f", help="txt, json, pdf, svg or png. Default: from -o's extension, or txt."
        ),
    ] = None,
    output: Annotated[str, typer.Option("--output", "-o", help="File to write; - for stdout.")] = "-",
    solution: Annotated[
        bool, typer.Option(help="Draw the solution; with no --marks, marks the suggested ends.")
    ] = False,
    dpi: Annotated[int, typer.Option(help="PNG resolution, 72 to 1200.")] = 300,
    braid: Annotated[
        float, typer.Option(help="Share of dead ends opened into loops, 0 to 1 (0: a perfect maze).")
    ] = 0.0,
    mask: Annotated[
        str | None,
        typer.Option(
            help="The maze's shape: a .txt drawing (X or # a cell, . or space none), or a .png picture "
            "(dark, opaque pixels are the shape) fitted into --size."
        ),
    ] = None,
    shape: Annotated[
        str | None,
        typer.Option(help=f"A built-in shape drawn over --size: {', '.join(SHAPES)}, or text:WORD."),
    ] = None,
    grid_kind: Annotated[
        str,
        typer.Option(
            "--grid",
            help="rectangle, hex (columns of hexagons), triangle (up and down in turn) or circle (-s R rings).",
        ),
    ] = "rectangle",
    inner: Annotated[int, typer.Option(help="With --grid circle: a round hole this many rings wide.")] = 0,
) -> None:
    """Make one maze: text, JSON, or a picture (pdf, svg, png)."""
    try:
        built: Mask | None
        grid_kind = choose(grid_kind, GridKind, "--grid")
        if grid_kind == "circle":
            if mask or shape:
                raise SpecError(
                    [Problem("--grid", "a circle is its own shape: leave out --mask and --shape")]
                )
            if size is None or not size.strip().isdigit() or len(size.strip()) > 9:
                raise SpecError(
                    [Problem("--size", f"a circle's size is its number of rings, such as -s 12; got {size}")]
                )
            size = f"{int(size)}x{int(size)}"
        elif inner:
            raise SpecError([Problem("--inner", "is the hole in the middle of a circle: add --grid circle")])
        if mask and shape:
            raise SpecError([Problem("--shape", "give --mask or --shape, not both")])
        if shape:
            if shape not in SHAPES and not shape.startswith("text:"):
                hint = suggest(shape, list(SHAPES)) or ""
                raise SpecError(
                    [
                        Problem(
                            "--shape",
                            f'expected one of {", ".join(SHAPES)} or text:WORD, got "{shape}".{hint}'.rstrip(
                                "."
                            ),
                        )
                    ]
                )
            if size is None:
                raise SpecError(
                    [Problem("--shape", "needs --size WxH too, the cells it is drawn over, e.g. 20x20")]
                )
            if shape.startswith("text:"):
                built, problems = word_mask(
                    shape.removeprefix("text:"), *parse_size(size), "--shape", grid_kind
                )
            else:
                built, problems = shape_mask(shape, *parse_size(size), "--shape", grid_kind)
            if built is None:
                raise SpecError(problems)
        else:
            built = None
        shaped = built if shape else read_mask(mask, size, grid_kind) if mask else None
        if size is None and shaped is None:
            raise SpecError([Problem("--size", "is required (WxH in cells, such as 20x30), or give --mask")])
        width, height = (shaped.width, shaped.height) if shaped else parse_size(str(size))
        if (
            shaped
            and size is not None
            and mask
            and mask.lower().endswith(".txt")
            and parse_size(size) != (width, height)
        ):
            raise SpecError(
                [Problem("--size", f"{size}, but the mask's cells fill {width}x{height}: leave --size out")]
            )
        if shaped and generators.get(algorithm).rectangle_only:
            raise SpecError(
                [Problem("--algorithm", f"{algorithm} cannot follow a mask; {_mask_algorithms()}")]
            )
        if grid_kind != "rectangle":
            if algorithm not in generators.on_graphs():
                raise SpecError(
                    [
                        Problem(
                            "--algorithm",
                            f"{algorithm} builds a plain rectangle row by row and cannot make a {grid_kind} "
                            f"grid; use one of {', '.join(generators.on_graphs())}",
                        )
                    ]
                )
            wrong = kinds.field_problem(grid_kind, width, height, inner)
            if wrong:
                raise SpecError([Problem("--size", wrong)])
        options = parse_options(option or [])
        mark = Marks(choose(marks, Marks, "--marks"))
        if solution and mark is Marks.none:
            mark = Marks.suggested  # a solution needs a start and an end
        asked = "--marks" if marks != "none" else "--solution"
        alone = (
            ends_problem(grid_kind, width, height, inner, f"leave out {asked}")
            if mark is not Marks.none
            else None
        )
        if alone:
            raise SpecError([Problem(asked, alone)])
        takes = (*SHAPED_MARKS, "center-out") if grid_kind == "circle" else SHAPED_MARKS
        if mark.value == "center-out" and grid_kind != "circle":
            raise SpecError(
                [Problem("--marks", "center-out starts in the centre of a circle: add --grid circle")]
            )
        if (shaped or grid_kind != "rectangle") and mark.value not in takes:
            raise SpecError(
                [
                    Problem(
                        "--marks",
                        f"{mark.value} names sides a shape may not have; use {', '.join(takes)}",
                    )
                ]
            )
        form = output_format(fmt, output)
        if form is TextFormat.txt and grid_kind != "rectangle":
            raise SpecError(
                [
                    Problem(
                        "--format",
                        f"text draws square cells only; a {grid_kind} maze is written as pdf, svg, png or json",
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
        plan_output(output, inputs)
        if form in (TextFormat.pdf, TextFormat.png) and output == "-" and _terminal(sys.stdout):
            raise SpecError(
                [Problem("--format", f"{form.value} is not for a terminal: add -o FILE.{form.value}")]
            )
        if form is TextFormat.png:
            from .render.png import png_dpi

            try:
                across, down = kinds.kind_for(grid_kind, width, inner).extent(width, height)
                drawn = png_dpi(math.ceil(across), math.ceil(down), dpi)  # the drawing's size, in cells
            except PuzzlebookError as exc:
                raise SpecError([Problem("--size", str(exc))]) from None
            if drawn < dpi:
                typer.echo(f"note: drawn at {drawn} dpi, to keep the PNG under 100 million pixels", err=True)
            dpi = drawn
        chosen = seed if seed is not None else secrets.randbelow(2**31)
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
        )
        write_output(output, export(puzzle, form, solution, dpi), inputs)
        if seed is None:
            typer.echo(f"seed {chosen} (use --seed {chosen} to make this maze again)", err=True)
    except PuzzlebookError as error:
        fail(error)


def read_mask(name: str, size: str | None, grid_kind: str = "rectangle") -> Mask:
    """--mask: the shape drawn in a text file or a picture (see masks.py), or a SpecError saying what is
    wrong."""
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


def _mask_algorithms() -> str:
    works = [n for n in generators.ALGORITHMS.names() if not generators.get(n).rectangle_only]
    return f"use one of {', '.join(works)}"


def output_format(given: str | None, output: str) -> TextFormat:
    """--format, or the output file's extension; the two must agree when both are given."""
    suffix = Path(output).suffix.lower().lstrip(".")
    from_name = TextFormat(suffix) if suffix in {f.value for f in TextFormat} else None
    if given is None:
        if suffix and from_name is None:
            names = ", ".join(f".{f.value}" for f in TextFormat)
            raise SpecError(
                [
                    Problem(
                        "--output", f"{output} ends in .{suffix}; puzzlebook writes {names} (or add --format)"
                    )
                ]
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


def export(puzzle: Puzzle, fmt: TextFormat, solution: bool, dpi: int = 300) -> bytes:
    if fmt is TextFormat.json:
        return (json.dumps(to_json(puzzle), separators=(",", ":")) + "\n").encode()
    if fmt is TextFormat.svg:
        from .render.svg import maze_svg

        return maze_svg(puzzle, show_solution=solution).encode()
    if fmt is TextFormat.png:
        from .render.png import maze_png  # Pillow loads only when a PNG is asked for

        return maze_png(puzzle, dpi, show_solution=solution)
    if fmt is TextFormat.pdf:
        request = MazeRequest(
            1,
            0,
            "",
            puzzle.maze.width,
            puzzle.maze.height,
            puzzle.algorithm,
            dict(puzzle.options),
            puzzle.seed,
            None,
            "suggested",
            grid=puzzle.maze.grid.kind.name if isinstance(puzzle.maze, GraphMaze) else "rectangle",
        )
        return write_pdf(plan_single(request, answer=solution), lambda _: puzzle)
    return ascii_art(puzzle, show_solution=solution).encode()


@app.command()
def algorithms() -> None:
    """List the maze algorithms with what they look like and their options."""
    for name in generators.ALGORITHMS:
        algo = generators.get(name)
        typer.echo(f"{name:22s} {algo.summary}")
        for key, field in algo.options.model_fields.items():
            default = "unlimited" if field.default is None else field.default
            typer.echo(f"{'':24s}{key}: {field.description} (default {default})")


@app.command()
def build(
    spec: Annotated[str, typer.Argument(help="The book spec, a .yaml file.")],
    output: Annotated[
        str | None, typer.Option("--output", "-o", help="PDF to write (- for stdout); wins over the spec.")
    ] = None,
    seed: Annotated[int | None, typer.Option(help="Use this book seed instead of the spec's.")] = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar, no summary.")] = False,
    strict: Annotated[bool, typer.Option(help="Run the print preflight; write nothing if it fails.")] = False,
) -> None:
    """Build the PDF book described by a spec."""
    try:
        check_seed(seed)
        checked = check_book(spec, seed, output_given=output is not None)
        places = targets(checked, output)
        if places[0][0] == "-" and _terminal(sys.stdout):
            where = "--output -" if output is not None else places[0][1]
            raise SpecError(
                [Problem(where, "is the terminal: a PDF there is noise; add -o book.pdf, or pipe it")]
            )
        made = made_from(checked, seed)
        show = not quiet and _terminal(sys.stderr)
        # no time left shown: mazes come back from the cores in batches and pages draw far faster than
        # mazes are made, so an estimate from the first steps read hours for a book of seconds
        with typer.progressbar(
            length=work_units(checked), label="Building", file=sys.stderr, hidden=not show, show_eta=False
        ) as bar:
            step = bar.update if show or quiet else Progress(work_units(checked))
            checked, puzzles = generate(checked, step)
            left_out: dict[int, set[tuple[str, str]]] = {}
            write_books(
                checked,
                places,
                puzzles,
                step,
                partial(report_preflight, checked, f"{places[0][0]} (not written)") if strict else None,
                made,
                left_out,
            )
        if not quiet and places[0][0] != "-":
            also = f" and {places[1][0]}" if len(places) > 1 else ""
            typer.echo(f"wrote {places[0][0]}{also}: {summary(checked)}", err=True)
            tell_notes(checked)
            left_out_note(checked, left_out)
    except PuzzlebookError as error:
        fail(error)


def _terminal(stream: TextIO | None) -> bool:
    """Whether a standard stream is a terminal: a closed or missing one is not."""
    try:
        return stream is not None and stream.isatty()
    except (ValueError, OSError):
        return False


PROGRESS_EVERY = 5.0  # seconds between progress lines when stderr is a log, not a terminal


class Progress:
    """A line on stderr every few seconds, for builds whose stderr is a file or a pipe (a bar would
    fill the log with control characters, and silence looks like a hang)."""

    def __init__(self, total: int) -> None:
        self.total, self.done = total, 0
        self.last = time.monotonic()

    def __call__(self, steps: int) -> None:
        self.done += steps
        now = time.monotonic()
        if now - self.last >= PROGRESS_EVERY and self.done < self.total:
            self.last = now
            typer.echo(
                f"building: {self.done} of {self.total} steps ({100 * self.done // self.total}%)", err=True
            )


@app.command()
def check(
    spec: Annotated[str, typer.Argument(help="The book spec, a .yaml file.")],
    seed: Annotated[int | None, typer.Option(help="Use this book seed instead of the spec's.")] = None,
) -> None:
    """Preflight for print-on-demand: list what a printer would reject in the book. A book built from
    this spec as it is now (and the files it reads, the seed and this puzzlebook) is read from its file;
    otherwise the book is built in memory. A .pdf is read as it is, whoever made it."""
    if spec.lower().endswith(".pdf"):
        check_pdf(spec)
        return
    try:
        check_seed(seed)
        checked = check_book(spec, seed)
        quiet_reader()
        built = built_book(checked, made_from(checked, seed))
        if built is not None and built[2]:
            report_preflight(checked, built[0], built[1])
        else:
            checked, puzzles = generate(checked)
            report_preflight(checked, spec, write_pdf(checked.plan, puzzles.__getitem__))
    except PuzzlebookError as error:
        fail(error)
    read = f" (read {built[0]}, built from it)" if built is not None and built[2] else ""
    ready = {
        "print": "ready for print",
        "office": f"ready to print on an office printer (print-on-demand's page counts are not checked for "
        f"layout {checked.spec.book.layout})",
        "screen": "ready as a screen edition (print rules, such as an even page count, are not checked)",
    }[_edition(checked)]
    typer.echo(f"{spec}: {ready}{read}, {summary(checked)}")
    if built is not None and not built[2]:  # the file there is what would be uploaded, and is not this
        typer.echo(
            f"warning: {built[0]} is older than the book checked (made since the spec, its files, the seed or "
            "puzzlebook changed): build it again before you upload it",
            err=True,
        )


def check_pdf(name: str) -> None:
    """Preflight of a PDF by itself (one written elsewhere with -o, or by another program): a print
    edition, with bleed when its pages are larger than their trim box."""
    from pypdf import PdfReader

    quiet_reader()
    try:
        data = read_bytes(name, "book").data
        rules = "print"
        try:
            reader = PdfReader(io.BytesIO(data))
            page = reader.pages[0]
            bleed = tuple(page.trimbox) != tuple(page.mediabox)
            info: Any = reader.metadata or {}
            rules = "office" if info.get(RULES) == "office" else "print"
        except Exception:  # preflight says in one line that it cannot be read
            bleed = False
        problems = _preflight_lines(name, data, rules, bleed)
        if problems:
            raise NotReady(problems)
    except PuzzlebookError as error:
        fail(error)
    ready = "ready to print on an office printer" if rules == "office" else "ready for print"
    typer.echo(f"{name}: {ready}{' (with bleed)' if bleed else ''}")


def quiet_reader() -> None:
    """pypdf tells of every oddity it mends as a warning on stderr: a crafted file printed 24,000 lines.
    What matters reaches the reader as preflight's findings, or as one line that it cannot be read."""
    import logging

    logging.getLogger("pypdf").setLevel(logging.CRITICAL)


def report_preflight(checked: Checked, book: str, data: bytes) -> None:
    """Fail with preflight's findings in ``data``, each line naming ``book``, the file the book is in
    (or the spec, for a book made in memory)."""
    problems = _preflight_lines(book, data, _edition(checked), checked.plan.bleed)
    if problems:
        raise NotReady(problems)


def _edition(checked: Checked) -> str:
    """The rules a book is checked by: a print edition of a layout for office printers (a handout, a
    poster) is "office", the print rules without print-on-demand's page counts, as its plan says."""
    return checked.plan.rules or checked.spec.book.edition


def _preflight_lines(book: str, data: bytes, edition: str, bleed: bool) -> list[str]:
    """Preflight's findings in ``data``, each line naming ``book``."""
    from .preflight import preflight  # loads pypdf and fontTools: only check and --strict need them

    quiet_reader()
    try:
        problems = preflight(data, edition, bleed)
    except PuzzlebookError:
        raise
    except Exception as exc:  # a damaged file, or one made to trouble a reader: one line, no traceback
        words = " ".join(str(exc).split())
        said = f"{type(exc).__name__}: {words[:117] + '...' if len(words) > 120 else words}"
        fix = "build it again from its spec, then check it"
        raise SpecError([Problem(book, f"cannot be checked ({said}); {fix}")]) from None  # a bad file: exit 2
    return [f"{book}: {line.removeprefix('book: ')}" for line in problems]


@app.command()
def studio(
    folder: Annotated[
        str, typer.Argument(help="Where specs, class lists, masks and fonts are read and PDFs saved.")
    ] = ".",
    port: Annotated[int, typer.Option(help="The port on 127.0.0.1; default: a free one.")] = 0,
    no_browser: Annotated[bool, typer.Option("--no-browser", help="Do not open the page.")] = False,
) -> None:
    """Make a book in the browser: a page on this machine only, with a live preview."""
    from .entry import give_back_signals
    from .studio import serve  # the server loads only for the studio

    give_back_signals()  # Ctrl-C stops the server as the KeyboardInterrupt below
    place = Path(folder)
    if not place.is_dir():
        fail(PuzzlebookError(f"studio: {folder} is not a folder"))
    if not 0 <= port <= 65535:
        fail(PuzzlebookError(f"studio: --port must be from 1 to 65535, got {port}"))
    try:
        server = serve(place, port)
    except OSError as exc:
        fail(PuzzlebookError(f"studio: cannot listen on 127.0.0.1:{port}: {exc.strerror}"))
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    typer.echo(f"puzzlebook studio: {url}")
    typer.echo(f"serving {place.resolve()}; press Ctrl-C to stop", err=True)
    if not no_browser:
        import webbrowser

        webbrowser.open(url)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        typer.echo("studio stopped", err=True)
    finally:
        server.server_close()
        server.studio.close()  # builds under way stopped, their hidden files removed


@app.command()
def validate(spec: Annotated[str, typer.Argument(help="The book spec, a .yaml file.")]) -> None:
    """Check a spec and its layout without building; print what the book will hold."""
    try:
        checked = check_book(spec)
    except PuzzlebookError as error:
        fail(error)
    typer.echo(f"{spec}: OK, {summary(checked)}")
    tell_notes(checked)


@app.command()
def init(
    spec: Annotated[str, typer.Argument(help="Where to write the starter spec.")] = "book.yaml",
    force: Annotated[bool, typer.Option("--force", help="Overwrite an existing file.")] = False,
) -> None:
    """Write a commented starter spec (and its JSON Schema, for editors) that builds as it is."""
    path = Path(spec)
    schema = path.parent / SCHEMA_FILE
    content = (json.dumps(json_schema(), indent=2) + "\n").encode()
    try:
        plan_output(spec, where=spec)
        if path.exists() and not force:
            raise SpecError([Problem(spec, "already exists; pick another name or add --force")])
        kept = schema.exists() and not force and schema.read_bytes() != content
        write_output(path, starter_spec(path.name).encode())
        if not kept:
            write_output(schema, content, where=str(schema))
    except PuzzlebookError as error:
        fail(error)
    if kept:
        typer.echo(f"wrote {path}; kept the existing {schema} (add --force to refresh it)")
    else:
        typer.echo(f"wrote {path} and {schema}; build it with: puzzlebook build {path}")


@app.command()
def schema() -> None:
    """Print the JSON Schema of the book spec."""
    typer.echo(json.dumps(json_schema(), indent=2))


@app.command()
def layouts() -> None:
    """List the layout presets."""
    for name in preset_names():
        typer.echo(f"{name:18s} {load_layout(name).description}")


def notes(checked: Checked) -> list[str]:
    """What a book does other than the spec says, each as "where: what": margins raised, an age's size
    made smaller, a shape too small to read. ``build`` and ``validate`` print them; the studio shows them."""
    return [
        *_margins_notes(checked),
        *_ages_notes(checked),
        *_shapes_notes(checked),
        *_sheet_notes(checked),
        *_smaller_than_answers_notes(checked),
    ]


def _smaller_than_answers_notes(checked: Checked) -> list[str]:
    """Mazes drawn smaller than their own answers (six a page with long titles and the seed line under
    each): the puzzle is what the reader works on, so fewer a page is told."""
    maze_cells: dict[int, float] = {}
    answer_cells: dict[int, float] = {}
    for page in checked.plan.pages:
        for item in page.items:
            if isinstance(item, MazeFrame):
                (answer_cells if item.answer else maze_cells)[item.number] = item.cell
    smaller = [n for n, cell in maze_cells.items() if n in answer_cells and cell < 0.9 * answer_cells[n]]
    per_page = checked.layout.mazes_per_page
    if not smaller or per_page == 1:
        return []
    fewer = max(n for n in (1, 2, 4) if n < per_page)
    worst = min(smaller, key=lambda n: maze_cells[n] / answer_cells[n])
    return [
        f"{checked.spec.where('mazes')}: {len(smaller)} of the {len(maze_cells)} mazes print smaller than "
        f"their own answers (maze {worst}: {maze_cells[worst]:.1f} pt cells, its answer "
        f"{answer_cells[worst]:.1f} pt); mazes_per_page: {fewer} gives them more room"
    ]


def _sheet_notes(checked: Checked) -> list[str]:
    """A class set whose students have fewer mazes than a sheet has places: each sheet is part blank
    (one maze on a handout of two a page), where fewer a page would give the mazes the whole sheet."""
    spec, per_page = checked.spec, checked.layout.mazes_per_page
    students = spec.students()
    if not students or per_page == 1:
        return []
    each = len(checked.mazes) // len(students)
    if each >= per_page or each not in (1, 2, 4):
        return []
    return [
        f"{spec.where('students')}: each student's {each} maze{'s' * (each > 1)} fill{'s' * (each == 1)} "
        f"{each} of the {per_page} places on their sheet, the rest left blank; mazes_per_page: {each} gives "
        f"{'it' if each == 1 else 'them'} the whole sheet"
    ]


def tell_notes(checked: Checked) -> None:
    for line in notes(checked):
        typer.echo(f"note: {line}", err=True)


def _margins_notes(checked: Checked) -> list[str]:
    """A layout's own margins under a printer's least are raised (never lowered): said once."""
    layout = checked.layout
    if checked.spec.book.edition != "print" or "margins" not in layout._where or not checked.plan.trims:
        return []
    used = print_margins(layout, len(checked.plan.pages)).margins
    raised = [
        f"{side} {getattr(layout.margins, side) / 72:g} in to {getattr(used, side) / 72:g} in"
        for side in ("top", "bottom", "inside", "outside")
        if getattr(used, side) > getattr(layout.margins, side) + 0.01
    ]
    if not raised:
        return []
    pages = len(checked.plan.pages)
    return [
        f"{layout.where('margins')}: raised to what a printer takes for {pages} pages: {', '.join(raised)}"
    ]


def _ages_notes(checked: Checked) -> list[str]:
    """An age's maze size made smaller to fit the page (``layout.age_sizes_to_fit``): once an entry."""
    from .spec import AGES

    told: dict[str, str] = {}
    for maze in checked.mazes:
        age = AGES.get(maze.size_from.removeprefix("difficulty: ")) if maze.size_from else None
        if age and (maze.width, maze.height) != age.size and maze.where not in told:
            set_, made = (
                (f"{age.size[0]} rings", f"{maze.width} rings")
                if maze.grid == "circle"
                else (f"{age.size[0]}x{age.size[1]}", f"{maze.width}x{maze.height}")
            )
            told[maze.where] = (
                f"{maze.where}: {maze.size_from} sets {set_}; made {made}, the most the page takes at its cells"
            )
    return list(told.values())


def _shapes_notes(checked: Checked) -> list[str]:
    """A built-in shape drawn over too few cells is a blob (a heart over an age-4 book's 7x8 cells):
    allowed, since a small blob still makes a maze, but said, once an entry."""
    from .shapes import SHAPE_READS, shape_reads, size_that_reads

    told: dict[str, str] = {}
    for maze in checked.mazes:
        entry = checked.spec.book.mazes[maze.entry] if maze.entry < len(checked.spec.book.mazes) else None
        least = SHAPE_READS.get(maze.grid)
        if entry is None or not isinstance(entry.shape, str) or least is None or maze.where in told:
            continue
        w, h = maze.drawn_over or (maze.width, maze.height)
        if not shape_reads(maze.grid, w, h):
            grown = size_that_reads(maze.grid, w, h)
            told[maze.where] = (
                f"{maze.where}: a {entry.shape} drawn over {w}x{h} cells hardly reads as one; shapes "
                f"read from about {least[0]}x{least[1]}{' triangles' if maze.grid == 'triangle' else ''}: "
                f"write size: {grown[0]}x{grown[1]} (with fewer mazes a page, or an older age, if the page "
                "then refuses it)"
            )
    return list(told.values())


def left_out_note(checked: Checked, left_out: dict[int, set[tuple[str, str]]]) -> None:
    """Words or pictures by the arrows that found no room are left out as the page is drawn: say where,
    and at which end, once an entry, rather than let a book lose them silently on some of its pages."""
    told: dict[str, tuple[set[tuple[str, str]], list[int]]] = {}
    for maze in checked.mazes:
        lost = left_out.get(maze.number)
        if lost:
            things, shown = told.setdefault(maze.where, (set(), []))
            things |= lost
            shown.append(maze.shown)
    for where, (things, shown) in told.items():
        what = " and ".join(sorted({thing for _, thing in things}, reverse=True))  # words and pictures
        ends = {end for end, _ in things}
        at = (
            {"start": "at the start", "end": "at the finish"}[ends.pop()]
            if len(ends) == 1
            else "by the arrows"
        )
        fix = (
            "another seed or size may leave room where its ends lie"
            if any(thing == "pictures" for _, thing in things)
            else "a smaller size, or a shorter start_label and end_label, makes room"
        )
        shown = list(dict.fromkeys(shown))  # a class set prints each number once a student
        mazes = f"maze {shown[0]} is" if len(shown) == 1 else f"mazes {_spans(shown)} are"
        typer.echo(f"note: {where}: {mazes} drawn without the {what} {at} (no room); {fix}", err=True)


def _spans(numbers: list[int]) -> str:
    """1, 2, 3, 7 -> "1-3, 7"."""
    runs: list[list[int]] = []
    for n in numbers:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ", ".join(f"{r[0]}-{r[-1]}" if len(r) > 2 else ", ".join(map(str, r)) for r in runs)


def summary(checked: Checked) -> str:
    pages = checked.plan.pages
    kinds = {
        k: sum(1 for p in pages if p.kind == k)
        for k in ("title", "copyright", "contents", "maze", "answers", "notes")
    }
    mazes = len(checked.mazes)
    answered = sum(1 for m in checked.mazes if m.has_answer)
    parts = [f"{mazes} maze{'s' * (mazes != 1)}", f"{len(pages)} page{'s' * (len(pages) != 1)}"]
    detail = ", ".join(
        f"{n} {name}"
        for name, n in (
            ("title", kinds["title"]),
            ("copyright", kinds["copyright"]),
            ("contents", kinds["contents"]),
            ("maze", kinds["maze"]),
            ("answer", kinds["answers"]),
            ("notes", kinds["notes"]),
        )
        if n
    )
    layout = checked.spec.book.layout
    answers = checked.plan.answers
    apart = f"; answers on {len(answers.pages)} pages of their own" if answers else ""
    marked = f"{answered} with a marked start and end"
    if not answered and checked.spec.book.answer_key:
        marked = "none with a marked start and end, so no answer key (marks: suggested gives them one)"
    return f"{parts[0]} on {parts[1]} ({detail}){apart}; {marked}, layout {layout}"


def main() -> None:
    """Console entry point: the last word on failures no command expected, each one line."""
    try:
        app()
    except BrokenPipeError:  # e.g. `puzzlebook maze ... | head`
        sys.stderr.close()
    except MemoryError:
        typer.echo("error: out of memory; make the book or its mazes smaller", err=True)
        sys.exit(1)
    except KeyboardInterrupt:
        typer.echo("error: interrupted; no file was written", err=True)
        sys.exit(130)
