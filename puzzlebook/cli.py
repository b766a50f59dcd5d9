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
from dataclasses import replace
from enum import StrEnum
from functools import partial
from pathlib import Path
from typing import Annotated, Any, TextIO

import typer

from . import __version__, cost, generators, grid, kinds, rules
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
from .exports import TextFormat, export
from .inputs import read_bytes
from .layout import load_layout, preset_names
from .masks import Mask, load_mask
from .output import Home, plan_output, write_output
from .puzzles import make_puzzle
from .registry import suggest
from .render.pdf import write_pdf
from .render.pdfstream import RULES
from .report import left_out_notes, notes, summary
from .rng import MAX_SEED
from .shapes import SHAPES, shape_mask, word_mask
from .spec import json_schema
from .starter import SCHEMA_FILE, starter_spec
from .usage import OneLineGroup, fail, seed_problem

app = typer.Typer(
    cls=OneLineGroup,
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
    if seed is not None and not 0 <= seed <= MAX_SEED:
        raise SpecError([seed_problem(str(seed))])


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
        generators.get(algorithm)  # an unknown name, with a did-you-mean hint
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
        )
        asked = "--marks" if marks != "none" else "--solution"
        _refuse(rules.clashes(plan), asked)
        if shape and size is None:
            raise SpecError(
                [Problem("--shape", "needs --size WxH too, the cells it is drawn over, e.g. 20x20")]
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
        terminal = plan_output(output, inputs).terminal or (output == "-" and _terminal(sys.stdout))
        if form in (TextFormat.pdf, TextFormat.png) and terminal:
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
        _within_budget(
            algorithm, grid_kind, width, height, inner, form, form is TextFormat.json or mark.value != "none"
        )
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


def _refuse(clashes: list[rules.Clash], asked: str) -> None:
    """The rules' clashes, each told at its option: the marks at --solution when that asked for them."""
    if clashes:
        raise SpecError([Problem(asked if c.key == "marks" else f"--{c.key}", c.message) for c in clashes])


def _shaped(shape: str | None, mask: str | None, size: str | None, grid_kind: str) -> Mask | None:
    """--shape drawn over --size, or --mask read; None for a plain field."""
    if shape:
        assert size is not None
        if shape.startswith("text:"):
            built, problems = word_mask(shape.removeprefix("text:"), *parse_size(size), "--shape", grid_kind)
        else:
            built, problems = shape_mask(shape, *parse_size(size), "--shape", grid_kind)
        if built is None:
            raise SpecError(problems)
        return built
    return read_mask(mask, size, grid_kind) if mask else None


def _within_budget(
    algorithm: str, grid_kind: str, width: int, height: int, inner: int, form: TextFormat, searched: bool
) -> None:
    """Refuse a maze that would take more than ``cost.BUDGET`` seconds or ``cost.MEMORY`` MB to make and
    write, before any of it is made: say the size that would do, and a faster algorithm or format."""
    cells = sum(kinds.ring_counts(width, inner)) if grid_kind == "circle" else width * height
    seconds = cost.maze_seconds(algorithm, grid_kind, cells, form.value, searched)
    mb = cost.megabytes(cells, form.value)
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
        and cost.maze_seconds(algorithm, grid_kind, cells, f.value, False) <= cost.BUDGET
        and cost.megabytes(cells, f.value) <= cost.MEMORY
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
    from .render.png import png_dpi

    try:
        across, down = kinds.kind_for(grid_kind, width, inner).extent(width, height)
        png_dpi(math.ceil(across), math.ceil(down), 72)
    except PuzzlebookError:
        return False
    return True


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
    problems_to: Annotated[str | None, typer.Option(hidden=True)] = None,
) -> None:
    """Build the PDF book described by a spec."""
    try:
        check_seed(seed)
        checked = check_book(spec, seed, output_given=output is not None)
        places = targets(checked, output)
        book = places[0]
        if (book.path == "-" and _terminal(sys.stdout)) or plan_output(book.path).terminal:  # or /dev/tty
            where = f"--output {book.path}" if output is not None else book.where
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
        fail(error, problems_to)


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
    from .preflight import quiet_reader  # pypdf and fontTools load only for check and --strict

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

    from .preflight import findings, quiet_reader

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
        problems = findings(name, data, rules, bleed)
        if problems:
            raise NotReady(problems)
    except PuzzlebookError as error:
        fail(error)
    ready = "ready to print on an office printer" if rules == "office" else "ready for print"
    typer.echo(f"{name}: {ready}{' (with bleed)' if bleed else ''}")


def report_preflight(checked: Checked, book: str, data: bytes) -> None:
    """Fail with preflight's findings in ``data``, each line naming ``book``, the file the book is in
    (or the spec, for a book made in memory)."""
    from .preflight import findings

    problems = findings(book, data, _edition(checked), checked.plan.bleed)
    if problems:
        raise NotReady(problems)


@app.command()
def studio(
    folder: Annotated[
        str, typer.Argument(help="Where specs, class lists, masks and fonts are read and PDFs saved.")
    ] = ".",
    port: Annotated[int, typer.Option(help="The port on 127.0.0.1; default: a free one.")] = 0,
    no_browser: Annotated[bool, typer.Option("--no-browser", help="Do not open the page.")] = False,
) -> None:
    """Make a book in the browser: a page on this machine only, with a live preview."""
    from .signals import give_back_signals
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
        beside = Home(
            path.parent, fix="remove the link, or init in another folder"
        )  # the schema's name is puzzlebook's: it stays in the spec's folder
        if plan_output(schema, where=str(schema), inside=beside).file is None:  # a pipe would never end
            raise SpecError([Problem(str(schema), "is not a regular file; remove it, or init elsewhere")])
        if path.exists() and not force:
            raise SpecError([Problem(spec, "already exists; pick another name or add --force")])
        kept = (
            schema.exists()
            and not force
            and (schema.stat().st_size != len(content) or schema.read_bytes() != content)
        )
        write_output(path, starter_spec(path.name).encode())
        if not kept:
            write_output(schema, content, where=str(schema), inside=beside)
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


def _edition(checked: Checked) -> str:
    """The rules a book is checked by: a print edition of a layout for office printers (a handout, a
    poster) is "office", the print rules without print-on-demand's page counts, as its plan says."""
    return checked.plan.rules or checked.spec.book.edition


def tell_notes(checked: Checked) -> None:
    for line in notes(checked):
        typer.echo(f"note: {line}", err=True)


def left_out_note(checked: Checked, left_out: dict[int, set[tuple[str, str]]]) -> None:
    for line in left_out_notes(checked, left_out):
        typer.echo(f"note: {line}", err=True)


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
