"""The costs behind the workload limits (``puzzlebook/cost.py``), in CPU seconds, so they can be measured
again on another machine and the figures in ``cost.py`` and the README's Safety section kept honest.

    python benchmarks/bench_limits.py            # every figure, a few minutes
    python benchmarks/bench_limits.py --quick    # smaller fields, under a minute (the figures are lower:
                                                 # big fields no longer fit the processor's caches)
    python benchmarks/bench_limits.py --grid octagon --grid hex   # the making figures of those grids only

Each figure is CPU time (this process's and its workers', ``getrusage``) of one run, never wall time:
the machine is shared. Beside each, the figure ``cost.py`` holds. It prints, per million cells:
generating a maze by algorithm and grid kind, and then searching it for its ends and metrics (a book's
every maze and every seed a difficulty band tries pays both; ``puzzlebook maze`` skips the search for a
picture); each export format of ``puzzlebook maze``; drawing a maze into a book; drawing each built-in
shape; a shape's looking out for its ends on hexagons, triangles and octagons, an outline cell. Then milliseconds a page of a screen edition, what a difficulty band costs against one maze, and
the YAML reader's time a value.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from puzzlebook import cost, generators
from puzzlebook.build import build_book
from puzzlebook.exports import TextFormat, export
from puzzlebook.graph import Topology
from puzzlebook.grid import Grid
from puzzlebook.kinds import ring_counts
from puzzlebook.puzzles import SAMPLE, Recipe, banded_puzzles, make_puzzle
from puzzlebook.render.png import png_dpi
from puzzlebook.shapes import SHAPES, shape_mask
from puzzlebook.yamlread import parse_yaml


def _used() -> float:
    """CPU seconds of this process and of the children it has waited for (a build's workers)."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def cpu(run: Callable[[], Any]) -> tuple[float, Any]:
    start = _used()
    out = run()
    return _used() - start, out


def fields(side: int) -> dict[str, tuple[int, int]]:
    """A field of about ``side`` squared cells of each kind (a circle's size is its rings)."""
    rings = next(r for r in range(1, 10_000) if sum(ring_counts(r, 0)) >= side * side)
    return {
        "rectangle": (side, side),
        "hex": (side, side),
        "triangle": (side, side),
        "circle": (rings, rings),
        "octagon": (side, side),
    }


def making(side: int, only: list[str] | None = None) -> None:
    print(
        f"\nmaking a maze, CPU s a million cells (about {side * side:,} cells), beside cost.GENERATE and SEARCH"
    )
    print(f"{'grid':10} {'algorithm':22} {'gen':>6} {'cost.py':>8} {'search':>7} {'cost.py':>8}")
    for grid, (w, h) in fields(side).items():
        if only and grid not in only:
            continue
        Recipe("aldous-broder", 3, 3, grid=grid).make(1)  # its compiled walk loads once a process
        for name in generators.ALGORITHMS.names():
            if grid != "rectangle" and name not in generators.on_graphs():
                continue
            field = Grid(w, h) if grid == "rectangle" else Topology.of(grid, w, h, frozenset(), 0)
            cells = w * h if isinstance(field, Grid) else field.count
            gen, _ = cpu(lambda: generators.generate(name, field, random.Random(1), {}))  # noqa: B023
            made, _ = cpu(lambda: Recipe(name, w, h, grid=grid).make(1))  # noqa: B023
            print(
                f"{grid:10} {name:22} {gen * 1e6 / cells:6.2f} {cost.GENERATE[grid][name]:8.2f} "
                f"{(made - gen) * 1e6 / cells:7.2f} {cost.SEARCH[grid]:8.2f}"
            )


def exporting(side: int) -> None:
    print(f"\nexports of `puzzlebook maze`, CPU s a million cells ({side}x{side}, hunt-and-kill)")
    for fmt in TextFormat:
        at = min(side, 150) if fmt is TextFormat.pdf else side  # a PDF is one page: never large
        puzzle = make_puzzle("hunt-and-kill", at, at, 1, solve_unmarked=fmt is TextFormat.json)
        dpi = png_dpi(at, at, 300)
        took, _ = cpu(lambda: export(puzzle, fmt, False, dpi))  # noqa: B023
        print(f"{fmt.value:5} {took * 1e6 / at**2:6.2f}   cost.EXPORT {cost.EXPORT[fmt.value]:.2f}")


def drawing(side: int) -> None:
    """A book of one maze on a page that takes it: the build's CPU less the maze's own making and less
    a book of one 2x2 maze (what every build pays)."""
    with tempfile.TemporaryDirectory() as folder:
        spec = Path(folder) / "b.yaml"
        spent = []
        for n in (2, side):
            spec.write_text(f"title: T\npage_size: 200x200in\nmazes:\n  - {{size: {n}x{n}}}\n")
            spent.append(cpu(lambda: build_book(spec, Path(folder) / "b.pdf"))[0])
        made, _ = cpu(lambda: Recipe("hunt-and-kill", side, side).make(1))
    drawn = spent[1] - spent[0] - made
    print(
        f"\ndrawing a maze into a book, CPU s a million cells: {drawn * 1e6 / side**2:.2f}   cost.DRAW {cost.DRAW:.2f}"
    )


def shapes(side: int) -> None:
    print(f"\ndrawing a built-in shape over {side}x{side}, CPU s a million cells")
    for name in SHAPES:
        took, _ = cpu(lambda: shape_mask(name, side, side, "", "rectangle"))  # noqa: B023
        print(f"{name:8} {took * 1e6 / side**2:6.2f}   cost.SHAPE {cost.SHAPE:.2f}")


def looking_out(side: int) -> None:
    """A shape's looking out for room for its ends (``paths.clear_sides``), once a shape on hexagons,
    triangles and octagons: on a comb of ``side`` x ``side`` cells, whose close teeth are the worst
    measured, in milliseconds an outline cell (triangles' combs need teeth two cells wide)."""
    from puzzlebook import paths
    from puzzlebook.masks import parse_mask

    print(f"\nlooking out from a {side}x{side} comb's outline, CPU ms an outline cell")
    for grid, step in (("hex", 2), ("triangle", 4), ("octagon", 2)):
        tooth = "".join("X" if x % step != step - 1 else "." for x in range(side))
        drawing = "\n".join("X" * side if y < step - 1 else tooth for y in range(side))
        mask, problems = parse_mask(drawing, "comb.txt", "", grid)
        assert mask is not None, problems
        field = Topology.of(grid, mask.width, mask.height, mask.off, 0)
        took, _ = cpu(lambda: paths._outlook.__wrapped__(field))  # noqa: B023
        print(f"{grid:9} {took * 1e3 / mask.outline:6.2f}   cost.LOOK_OUT {cost.LOOK_OUT[grid]:.2f}")


def pages(count: int) -> None:
    """A screen edition of ``count`` tiny mazes with answers, a page each: nearly all of it pages."""
    with tempfile.TemporaryDirectory() as folder:
        spec = Path(folder) / "b.yaml"
        entries = "".join(
            f"  - {{size: 5x5, count: {min(1000, count - k)}}}\n" for k in range(0, count, 1000)
        )
        spec.write_text(f"title: T\nedition: screen\nmarks: suggested\nmazes_per_page: 1\nmazes:\n{entries}")
        took, _ = cpu(lambda: build_book(spec, Path(folder) / "b.pdf"))
    print(
        f"\na screen edition of {count} 5x5 mazes and their answers: {took:.2f} s, "
        f"{took / (2 * count) * 1000:.2f} ms a page   cost.PAGE {cost.PAGE:.2f}"
    )


def bands(side: int) -> None:
    """What easy, medium or hard costs against one maze: the tries of its search."""
    recipe = Recipe("hunt-and-kill", side, side)
    one, _ = cpu(lambda: recipe.make(1))
    band, _ = cpu(lambda: banded_puzzles(recipe, 1, "easy", 1))
    print(
        f"\na difficulty band at {side}x{side}: {band:.2f} s, {band / one:.0f} mazes' worth (SAMPLE: {SAMPLE})"
    )


def reading(values: int) -> None:
    """The YAML reader's own time, a value at a time (``spec.MAX_NODES``)."""
    text = "title: T\nmazes: [" + ", ".join(["{size: 5x5, count: 2}"] * (values // 5 - 1)) + "]\n"
    took, _ = cpu(lambda: parse_yaml(text, "b.yaml"))
    print(f"\nreading a spec of {values:,} values: {took:.2f} s, {took / values * 1e6:.0f} us a value")


def peak_mb(args: list[str]) -> float:
    """Peak memory of `puzzlebook ARGS` in a fresh process, in MB."""
    pid = os.fork()
    if pid == 0:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, 1)
        os.dup2(null, 2)
        os.execv(sys.executable, [sys.executable, "-m", "puzzlebook", *args])
    _, _, usage = os.wait4(pid, 0)
    return usage.ru_maxrss / 1024


def memory(small: int, large: int) -> None:
    """Bytes a cell, from the peaks at two sizes (what a process holds before any maze drops out)."""
    print(
        f"\npeak bytes a cell, from {small}x{small} and {large}x{large} in fresh processes, beside cost.BYTES"
    )
    with tempfile.TemporaryDirectory() as folder:
        for fmt in ("txt", "json", "svg", "png"):
            out = str(Path(folder) / f"m.{fmt}")
            peaks = [
                peak_mb(["maze", "-a", "binary-tree", "-s", f"{n}x{n}", "--seed", "1", "-o", out])
                for n in (small, large)
            ]
            print(f"{fmt:5} {(peaks[1] - peaks[0]) * 1e6 / (large**2 - small**2):6.0f}   {cost.BYTES[fmt]}")
        peaks = []
        for n in (small, large):
            spec = Path(folder) / "b.yaml"
            spec.write_text(
                f"title: T\npage_size: 200x200in\nmarks: suggested\nmazes:\n  - {{size: {n}x{n}}}\n"
            )
            peaks.append(peak_mb(["build", "-q", str(spec), "-o", str(Path(folder) / "b.pdf")]))
        print(f"book  {(peaks[1] - peaks[0]) * 1e6 / (large**2 - small**2):6.0f}   {cost.BYTES['book']}")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--grid", action="append", help="only the making figures, of this grid (repeatable)")
    args = parser.parse_args()
    quick = args.quick
    side = 300 if quick else 1000
    if args.grid:
        making(side, args.grid)
        return
    making(side)
    exporting(side)
    drawing(side)
    shapes(250 if quick else 500)
    looking_out(100 if quick else 200)
    pages(500 if quick else 2000)
    bands(60 if quick else 200)
    reading(20_000 if quick else 200_000)
    memory(*((300, 600) if quick else (500, 1000)))


if __name__ == "__main__":
    main()
