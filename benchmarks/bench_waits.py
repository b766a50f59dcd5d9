"""Where people wait: preflight, difficulty bands, big pictures and big books, side by side in one run.

    python benchmarks/bench_waits.py                          # this checkout only
    python benchmarks/bench_waits.py --baseline OLD/bin/puzzlebook   # and an older build, the same runs

Each row is one `puzzlebook` command in a fresh process (wall time, and peak memory of the process from
ru_maxrss), run ``--runs`` times (3 by default) in interleaved rounds, this checkout and the baseline in
turn for each row; the tables show medians, and each ratio the issue asks for is taken within each round
(a build and its check, or the book with and without bands, minutes apart at most) and its median shown. The baseline is another installed puzzlebook, for example one made from an earlier commit:
    git worktree add /tmp/base COMMIT && python3 -m venv /tmp/base/.venv && /tmp/base/.venv/bin/pip install /tmp/base
Compare within a run: this machine's speed drifts by up to 2x within the hour.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from bench_book import SPEC  # the same 500-maze book the whole-book table builds

SAMPLES = Path(__file__).resolve().parent.parent / "sample_configs"


def timed(cmd: list[str]) -> tuple[float, float, bool]:
    """(seconds, peak MB, succeeded) of one child process; an older build may fail where ours does not."""
    start = time.perf_counter()
    pid = os.fork()
    if pid == 0:  # child: quiet, as a user's script would run it
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, 1)
        os.dup2(null, 2)
        os.execvp(cmd[0], cmd)
    _, status, usage = os.wait4(pid, 0)
    return time.perf_counter() - start, usage.ru_maxrss / 1024, status == 0


FIVE_HUNDRED = SPEC.replace("{count}", "500")
"""The book of benchmarks/bench_book.py: 500 mazes of 30x30 with an answer key."""


def specs(folder: Path) -> dict[str, Path]:
    """The books the rows build: the paperback sample at ten times its mazes (498 pages), the same
    without difficulty bands, and a 5,000-maze screen book."""
    paperback = (SAMPLES / "kdp-paperback.yaml").read_text().replace("count: 8", "count: 85")
    books = {
        "paperback": paperback,
        "paperback-unbuilt": paperback.replace("output: kdp-paperback.pdf", "output: never-built.pdf"),
        "paperback-no-bands": "\n".join(
            line.replace(", difficulty: easy", "")
            .replace(", difficulty: medium", "")
            .replace(", difficulty: hard", "")
            for line in paperback.splitlines()
        )
        + "\n",
        "five-thousand": "title: Big\nedition: screen\nmarks: suggested\nmazes:\n"
        + "  - {size: 20x20, algorithm: recursive-backtracker, count: 1000}\n" * 5,
        "five-hundred": FIVE_HUNDRED,
    }
    paths = {}
    for name, text in books.items():
        paths[name] = folder / f"{name}.yaml"
        paths[name].write_text(text)
    return paths


Run = tuple[float, float, bool]
"""(seconds, peak MB, succeeded) of one command."""


def commands(folder: Path) -> list[tuple[str, list[str]]]:
    """Each row's label and arguments, for one puzzlebook working in ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    books = specs(folder)
    out = folder / "out"
    out.mkdir(exist_ok=True)
    return [
        ("build the 498-page paperback", ["build", "-q", str(books["paperback"])]),
        ("check it, once built (reads the built book)", ["check", str(books["paperback"])]),
        ("check it, never built (makes it in memory)", ["check", str(books["paperback-unbuilt"])]),
        (
            "build it without difficulty bands",
            ["build", "-q", str(books["paperback-no-bands"]), "-o", str(out / "n.pdf")],
        ),
        (
            "maze -a wilson -s 2000x2000 --format png",
            ["maze", "-a", "wilson", "-s", "2000x2000", "--seed", "1", "-f", "png", "-o", str(out / "m.png")],
        ),
        ("build a 5,000-maze book", ["build", "-q", str(books["five-thousand"]), "-o", str(out / "b.pdf")]),
        (
            "build 500 mazes of 30x30 with answers",
            ["build", "-q", str(books["five-hundred"]), "-o", str(out / "f.pdf")],
        ),
    ]


def median(runs: list[Run]) -> Run:
    """The run of median time (the lower middle one of an even count), failed if any failed."""
    ordered = sorted(runs)
    middle = ordered[(len(ordered) - 1) // 2]
    return middle[0], middle[1], all(ok for _, _, ok in runs)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--baseline", help="an older puzzlebook command to run the same rows with")
    parser.add_argument("--runs", type=int, default=3, help="rounds of every row; medians are shown")
    parser.add_argument("--rows", type=int, default=None, help="only the first ROWS rows (4: the ratios)")
    args = parser.parse_args()
    sides = {"ours": [sys.executable, "-m", "puzzlebook"]}
    if args.baseline:
        sides["baseline"] = [args.baseline]
    with tempfile.TemporaryDirectory() as tmp:
        rows = {side: commands(Path(tmp) / side)[: args.rows] for side in sides}  # each its own folder
        times: dict[str, list[list[Run]]] = {side: [[] for _ in rows[side]] for side in sides}
        for round_ in range(args.runs):  # interleaved: each row by each side in turn, round after round
            for i in range(len(rows["ours"])):
                for side, puzzlebook in sides.items():
                    label, command = rows[side][i]
                    run = timed([*puzzlebook, *command])
                    times[side][i].append(run)
                    print(
                        f"round {round_ + 1}, {side}: {label}: {run[0]:.2f} s, {run[1]:.0f} MB",
                        file=sys.stderr,
                    )
        per_maze = {
            side: (Path(tmp) / side / "out" / "f.pdf").stat().st_size / 500 / 1024
            for side in sides
            if (Path(tmp) / side / "out" / "f.pdf").exists()
        }
    ours = [median(runs) for runs in times["ours"]]
    theirs = [median(runs) for runs in times["baseline"]] if args.baseline else []
    print(f"medians of {args.runs} interleaved rounds")
    print("| what | time | peak memory |" + (" baseline time | baseline memory |" if theirs else ""))
    print("|---|---:|---:|" + ("---:|---:|" if theirs else ""))
    for i, (seconds, peak, ok) in enumerate(ours):
        label = rows["ours"][i][0]
        if label.startswith("build 500") and "ours" in per_maze:
            label += f" ({per_maze['ours']:.1f} KB a maze" + (
                f"; baseline {per_maze['baseline']:.1f})" if "baseline" in per_maze else ")"
            )
        line = f"| {label} | {seconds:.2f} s{'' if ok else ' (failed)'} | {peak:.0f} MB |"
        if theirs:
            failed = "" if theirs[i][2] else " (failed)"
            line += f" {theirs[i][0]:.2f} s{failed} | {theirs[i][1]:.0f} MB |"
        print(line)
    pairs = list(zip(*(times["ours"][i] for i in (0, 1, 2, 3)), strict=True))  # each round's four runs
    built = statistics.median(r[1][0] / r[0][0] for r in pairs)
    unbuilt = statistics.median(r[2][0] / r[0][0] for r in pairs)
    bands = statistics.median(r[0][0] / r[3][0] for r in pairs)
    print(
        f"\nratios within each round, median: check / build {built:.2f}x once built, "
        f"{unbuilt:.2f}x never built; bands / no bands {bands:.2f}x"
    )


if __name__ == "__main__":
    main()
