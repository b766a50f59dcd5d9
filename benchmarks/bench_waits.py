"""Where people wait: preflight, difficulty bands, big pictures and big books, side by side in one run.

    python benchmarks/bench_waits.py                          # this checkout only
    python benchmarks/bench_waits.py --baseline OLD/bin/puzzlebook   # and an older build, the same runs

Each row is one `puzzlebook` command in a fresh process (wall time, and peak memory of the process from
ru_maxrss). The baseline is another installed puzzlebook, for example one made from an earlier commit:
    git worktree add /tmp/base COMMIT && python3 -m venv /tmp/base/.venv && /tmp/base/.venv/bin/pip install /tmp/base
Compare within a run: this machine's speed drifts by up to 2x within the hour.
"""

from __future__ import annotations

import argparse
import os
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


def rows(puzzlebook: list[str], folder: Path) -> list[tuple[str, float, float, bool]]:
    books = specs(folder)
    out = folder / "out"
    out.mkdir(exist_ok=True)
    (folder / "kdp-paperback.pdf").unlink(missing_ok=True)  # the build below writes it
    runs = [
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
    results = []
    for label, args in runs:
        seconds, peak, ok = timed([*puzzlebook, *args])
        if label.startswith("build 500") and ok:
            label += f" ({(out / 'f.pdf').stat().st_size / 500 / 1024:.1f} KB a maze)"
        results.append((label, seconds, peak, ok))
        print(f"{label}: {seconds:.2f} s, {peak:.0f} MB{'' if ok else ' (failed)'}", file=sys.stderr)
    return results


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--baseline", help="an older puzzlebook command to run the same rows with")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        ours = rows([sys.executable, "-m", "puzzlebook"], Path(tmp))
        theirs = rows([args.baseline], Path(tmp)) if args.baseline else []
    print("| what | time | peak memory |" + (" baseline time | baseline memory |" if theirs else ""))
    print("|---|---:|---:|" + ("---:|---:|" if theirs else ""))
    for i, (label, seconds, peak, ok) in enumerate(ours):
        line = f"| {label} | {seconds:.2f} s{'' if ok else ' (failed)'} | {peak:.0f} MB |"
        if theirs:
            failed = "" if theirs[i][3] else " (failed)"
            line += f" {theirs[i][1]:.2f} s{failed} | {theirs[i][2]:.0f} MB |"
        print(line)
    build, built, unbuilt, plain = (ours[i][1] for i in range(4))
    print(
        f"\ncheck / build: {built / build:.2f}x once built, {unbuilt / build:.2f}x never built; "
        f"bands / no bands: {build / plain:.2f}x"
    )


if __name__ == "__main__":
    main()
