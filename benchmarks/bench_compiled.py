"""Big mazes against compiled code: every generator at 1000x1000 beside a plain C recursive backtracker.

    python benchmarks/bench_compiled.py                 # this tree, with and without numba, and the C loop
    python benchmarks/bench_compiled.py --base d40bbc7  # ... and that commit's code, in the same run
    python benchmarks/bench_compiled.py --fields        # the neighbour arrays of every kind of grid

The C loop is a small program written here and compiled with the system's ``cc`` (skipped, with a line
saying so, where there is none; no binary is kept). Each figure is the median of ``--runs`` fresh
processes, and the runs are interleaved (base, Python, compiled, C; base, Python, ...), so a machine
shared with others slows every column alike. Each Python process times the reference workload of
``bench_generators.py`` around its maze; the last column holds the compiled figure against the C loop.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import textwrap
from io import BytesIO
from pathlib import Path

from bench_generators import REFERENCE

ROOT = Path(__file__).resolve().parent.parent

C_LOOP = r"""
/* A plain recursive backtracker: padded grid of bytes, explicit stack, xorshift64* draws. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static uint64_t state = 88172645463325252ULL;
static uint64_t draw(void) {
    state ^= state >> 12; state ^= state << 25; state ^= state >> 27;
    return state * 2685821657736338717ULL;
}

int main(int argc, char **argv) {
    int w = atoi(argv[1]), h = atoi(argv[2]), stride = w + 2;
    long slots = (long)stride * (h + 2);
    unsigned char *cells = calloc(slots, 1);
    int *stack = malloc(sizeof(int) * (long)w * h);
    for (long i = 0; i < slots; i++) {
        long x = i % stride, y = i / stride;
        if (x == 0 || y == 0 || x == w + 1 || y == h + 1) cells[i] = 16;  /* outside */
    }
    int off[4] = {-stride, stride, 1, -1}, bit[4] = {1, 2, 4, 8}, back[4] = {2, 1, 8, 4};
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    int top = 0, cell = stride + 1 + (int)(draw() % w) + stride * (int)(draw() % h);
    cells[cell] = 32;
    stack[top++] = cell;
    while (top) {
        int free[4], n = 0;
        for (int d = 0; d < 4; d++) if (!cells[cell + off[d]]) free[n++] = d;
        if (!n) { top--; if (top) cell = stack[top - 1]; continue; }
        int d = free[draw() % n], next = cell + off[d];
        cells[cell] |= bit[d]; cells[next] |= back[d];
        stack[top++] = next; cell = next;
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    long open = 0;
    for (long i = 0; i < slots; i++) open += __builtin_popcount(cells[i] & 15);
    printf("{\"seconds\": %.6f, \"passages\": %ld}\n",
           (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9, open / 2);
    return 0;
}
"""

CHILD = REFERENCE + textwrap.dedent(
    """
    import json, random, sys, time
    from puzzlebook import generators
    from puzzlebook.generators import aldous_broder
    from puzzlebook.grid import Grid
    name, mode, w, h, seed = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
    try:
        from puzzlebook.generators import _base
    except ImportError:
        _base = None
    far = 10**12
    load = 0.0
    if mode == "python":  # no compiled loop, whatever the size
        aldous_broder.FAST_FROM = far
        if hasattr(_base, "FAST_FROM"):
            _base.FAST_FROM = far
    elif mode == "compiled":  # numba and the loops loaded first, their time told apart
        t = time.perf_counter()
        saved = getattr(_base, "FAST_FROM", None)
        if saved is not None:
            _base.FAST_FROM = 0
        aldous_broder.compiled()
        generators.generate(name, Grid(20, 20), random.Random(0))
        if saved is not None:
            _base.FAST_FROM = saved
        load = time.perf_counter() - t
    grid = Grid(w, h)
    _ = grid.inside, grid.steps
    before = reference()
    t = time.perf_counter()
    maze = generators.generate(name, grid, random.Random(seed))
    dt = time.perf_counter() - t
    assert maze.passage_count() == w * h - 1
    print(json.dumps({"seconds": dt, "reference": (before + reference()) / 2, "load": load}))
    """
)

FIELDS = textwrap.dedent(
    """
    import json, sys, time
    from puzzlebook.graph import Topology
    name, w, h = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    field = Topology.of(name, w, h)
    t = time.perf_counter()
    field.links
    dt = time.perf_counter() - t
    print(json.dumps({"seconds": dt, "cells": field.count}))
    """
)


def base_tree(commit: str, into: Path) -> Path:
    """That commit's ``puzzlebook`` package, unpacked from git (nothing else of it is needed)."""
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", commit, "puzzlebook"], capture_output=True, check=True
    ).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    return into


def c_loop(into: Path) -> Path | None:
    """The C loop, compiled with ``cc -O2``; None (and a line saying so) where there is no ``cc``."""
    cc = shutil.which("cc")
    if cc is None:
        print("No C compiler (cc) on this machine: the C loop is skipped.\n")
        return None
    source = into / "backtracker.c"
    source.write_text(C_LOOP)
    binary = into / "backtracker"
    subprocess.run([cc, "-O2", "-o", str(binary), str(source)], check=True)
    return binary


def in_tree(tree: Path, *args: object) -> dict[str, float]:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    out = subprocess.run(
        [sys.executable, "-c", CHILD, *map(str, args)],
        capture_output=True,
        text=True,
        check=True,
        env=env,
        cwd=tempfile.gettempdir(),  # ``-c`` puts the current folder before PYTHONPATH
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--base", help="a commit whose code runs beside this tree's, e.g. d40bbc7")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--size", type=int, default=1000)
    parser.add_argument("--only", nargs="*", help="these algorithms only")
    parser.add_argument("--fields", action="store_true", help="the neighbour arrays of every kind")
    args = parser.parse_args()
    print(
        f"Load average when starting: {', '.join(f'{x:.1f}' for x in os.getloadavg())} on {os.cpu_count()} cores\n"
    )
    if args.fields:
        with tempfile.TemporaryDirectory() as tmp:
            base = base_tree(args.base, Path(tmp)) if args.base else None
            fields(args.runs, base, args.base or "")
        return
    sys.path.insert(0, str(ROOT))
    from puzzlebook import generators

    w = h = args.size
    cells = w * h
    with tempfile.TemporaryDirectory() as tmp:
        binary = c_loop(Path(tmp))
        base = base_tree(args.base, Path(tmp) / "base") if args.base else None
        names = args.only or generators.ALGORITHMS.names()
        print(
            f"| algorithm | {'base ' + args.base + ' | ' if base else ''}Python loops | compiled (numba) |",
            end="",
        )
        print(" C backtracker | C / compiled | compiled / Python |")
        print("|---|" + ("---:|" if base else "") + "---:|---:|---:|---:|---:|")
        loads = []
        for name in names:
            speeds: dict[str, list[float]] = {"base": [], "python": [], "compiled": [], "c": []}
            for seed in range(args.runs):
                if base:
                    speeds["base"].append(cells / in_tree(base, name, "as-is", w, h, seed)["seconds"])
                if name != "aldous-broder":  # its Python walk takes minutes at this size
                    speeds["python"].append(cells / in_tree(ROOT, name, "python", w, h, seed)["seconds"])
                made = in_tree(ROOT, name, "compiled", w, h, seed)
                loads.append(made["load"])
                speeds["compiled"].append(cells / made["seconds"])
                if binary:
                    out = subprocess.run(
                        [str(binary), str(w), str(h)], capture_output=True, text=True, check=True
                    )
                    speeds["c"].append(cells / json.loads(out.stdout)["seconds"])
            m = {key: statistics.median(v) if v else 0.0 for key, v in speeds.items()}
            row = f"| {name} |" + (f" {m['base']:,.0f} |" if base else "")
            row += f" {m['python']:,.0f} |" if m["python"] else " (minutes: not run) |"
            row += f" {m['compiled']:,.0f} | {m['c']:,.0f} |" if binary else f" {m['compiled']:,.0f} | - |"
            row += f" {m['c'] / m['compiled']:.1f}x |" if binary else " - |"
            row += f" {m['compiled'] / m['python']:.1f}x |" if m["python"] else " |"
            print(row, flush=True)
        print(
            f"\nLoading numba and the compiled loops, once a process (median): {statistics.median(loads):.2f} s"
        )
    print(f"Load average when done: {', '.join(f'{x:.1f}' for x in os.getloadavg())}")


def fields(runs: int, base: Path | None, label: str) -> None:
    """Neighbour arrays of a million cells of each kind, interleaved with the base commit's code."""
    print(f"| kind | cells | {'base ' + label + ' cells/s | ' if base else ''}cells/s (median) |")
    print("|---|---:|" + ("---:|" if base else "") + "---:|")
    for name, w, h in (
        ("rectangle", 1000, 1000),
        ("hex", 1000, 1000),
        ("triangle", 1000, 1000),
        ("circle", 560, 560),
    ):
        speeds: dict[Path, list[float]] = {}
        for _ in range(runs):
            for tree in [base, ROOT] if base else [ROOT]:
                env = {**os.environ, "PYTHONPATH": str(tree)}
                cli = [sys.executable, "-c", FIELDS, name, str(w), str(h)]
                r = json.loads(
                    subprocess.run(
                        cli, capture_output=True, text=True, check=True, env=env, cwd=tempfile.gettempdir()
                    ).stdout
                )
                speeds.setdefault(tree, []).append(r["cells"] / r["seconds"])
        m = {tree: statistics.median(v) for tree, v in speeds.items()}
        row = f"| {name} | {r['cells']:,.0f} |" + (f" {m[base]:,.0f} |" if base else "")
        print(row + f" {m[ROOT]:,.0f} |", flush=True)


if __name__ == "__main__":
    main()
