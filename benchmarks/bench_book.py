"""Whole-book builds, end to end, as a user runs them: `puzzlebook build` in a fresh process.

    python benchmarks/bench_book.py                  # 100- and 500-maze books of 30x30 with answer keys
    python benchmarks/bench_book.py --ctrlgrid PATH  # the same books with ctrlgrid, side by side

Reports wall time (median of 5 runs, interpreter start-up included), peak memory of the process
(ru_maxrss) and PDF bytes per maze page. Figures are for comparison within one run: this machine is noisy.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

SPEC = """\
title: Benchmark Book
layout: activity-book
seed: 4711
marks: suggested
answer_key: true
mazes:
  - size: 30x30
    algorithm: recursive-backtracker
    count: {count}
"""

CTRLGRID = """\
version: 1
page: {format: a4, margin: 12mm}
generator: maze
cells: {x: 30, y: 30}
algorithm: backtracker
wall_weight: 0.75pt
solution: separate_page
"""


def timed(cmd: list[str]) -> tuple[float, float]:
    """(seconds, peak MB) of one child process."""
    start = time.perf_counter()
    pid = os.fork()
    if pid == 0:  # child: its messages (ctrlgrid prints the file it wrote) would clutter the table
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, 1)
        os.execvp(cmd[0], cmd)
    _, status, usage = os.wait4(pid, 0)
    seconds = time.perf_counter() - start
    if status != 0:
        raise SystemExit(f"{cmd} failed")
    return seconds, usage.ru_maxrss / 1024


def median_run(cmd: list[str], runs: int = 5) -> tuple[float, float]:
    results = [timed(cmd) for _ in range(runs)]
    return statistics.median(r[0] for r in results), max(r[1] for r in results)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--ctrlgrid", help="path to the ctrlgrid command (in its own venv)")
    parser.add_argument("--counts", type=int, nargs="+", default=[100, 500])
    args = parser.parse_args()
    puzzlebook = [sys.executable, "-m", "puzzlebook"]
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        base = timed([*puzzlebook, "--version"])
        for count in args.counts:
            spec = folder / f"book{count}.yaml"
            spec.write_text(SPEC.replace("{count}", str(count)))
            out = folder / f"book{count}.pdf"
            seconds, peak = median_run([*puzzlebook, "build", str(spec), "-o", str(out), "-q"])
            size = out.stat().st_size
            rows.append(("puzzlebook", count, seconds, peak, size / count))
        spec = folder / "pages.yaml"
        spec.write_text(SPEC.replace("{count}", "100").replace("answer_key: true", "answer_key: false"))
        out = folder / "pages.pdf"
        timed([*puzzlebook, "build", str(spec), "-o", str(out), "-q"])
        per_page = out.stat().st_size / 100
        if args.ctrlgrid:
            definition = folder / "ctrlgrid.yaml"
            definition.write_text(CTRLGRID)
            for count in args.counts:  # the same mazes and answers; fewer runs, it is slow
                out = folder / f"ctrlgrid{count}.pdf"
                cmd = [args.ctrlgrid, "-d", str(definition), "--pages", str(count), "--seed", "4711"]
                seconds, peak = median_run([*cmd, "-o", str(out), "--force", "--quiet"], runs=3)
                rows.append(("ctrlgrid", count, seconds, peak, out.stat().st_size / count))
    print(f"Python start-up with puzzlebook imported: {base[0]:.2f} s, {base[1]:.0f} MB\n")
    print("| tool | mazes (30x30, with answers) | time | peak memory | PDF bytes per maze |")
    print("|---|---:|---:|---:|---:|")
    for tool, count, seconds, peak, per in rows:
        print(f"| {tool} | {count} | {seconds:.2f} s | {peak:.0f} MB | {per / 1024:.1f} KB |")
    print(
        "\nPDF bytes per 30x30 maze page (the same 100 mazes without the answer key): "
        f"{per_page / 1024:.1f} KB"
    )
    ours = {count: s for tool, count, s, _, _ in rows if tool == "puzzlebook"}
    for tool, count, seconds, _, _ in rows:
        if tool == "ctrlgrid":
            print(f"\nctrlgrid / puzzlebook time for {count} mazes: {seconds / ours[count]:.1f}x", end="")
    print()


if __name__ == "__main__":
    main()
