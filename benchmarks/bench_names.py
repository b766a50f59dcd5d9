"""Fitting a class set's names to their pages: `puzzlebook validate` of name mazes, beside an older
checkout, in one run.

    python benchmarks/bench_names.py                          # this checkout
    python benchmarks/bench_names.py --baseline OLD_CHECKOUT  # and the same specs checked by it

Each spec is a class set of `shape: {text: "{student}"}` mazes with no size, so every name is fitted
to its page (``layout.names``): a class of 25 everyday names (Olivia to Bartholomew, Zoë, Anne-Marie),
and 20 names of 14 wide letters, the longest a name shape takes, which a letter page can only just hold
(some are refused: the search for a size that fits is the work). Each round checks every spec once
with every tree, in a fresh process, in turn; the table gives the median CPU of the rounds.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
CLASS = [
    "Olivia",
    "Liam",
    "Emma",
    "Noah",
    "Amelia",
    "Oliver",
    "Sophia",
    "Elijah",
    "Charlotte",
    "Mateo",
    "Isabella",
    "Lucas",
    "Mia",
    "Benjamin",
    "Evelyn",
    "Alexander",
    "Harper",
    "Sebastian",
    "Anne-Marie",
    "Maximiliano",
    "Zoë",
    "José",
    "Chloé",
    "Bartholomew",
    "Mary Jane",
]
SPEC = """\
title: Our Names
layout: activity-book
marks: suggested
students: names.txt
mazes:
  - shape: {text: "{student}"}
"""


def long_names() -> list[str]:
    pick = random.Random(7)
    return ["".join(pick.choice("MWQGODHNU") for _ in range(14)).capitalize() for _ in range(20)]


def cpu(tree: Path, spec: Path) -> float:
    """CPU seconds of `puzzlebook validate spec` in a fresh process of ``tree``."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    cmd = [sys.executable, "-m", "puzzlebook", "validate", str(spec)]
    with subprocess.Popen(cmd, env=env, cwd=spec.parent, stdout=subprocess.DEVNULL) as child:
        _, status, usage = os.wait4(child.pid, 0)
        child.returncode = 0  # reaped here, for its resource usage
    if os.waitstatus_to_exitcode(status) not in (0, 2):  # 2: some long names are refused, as meant
        raise SystemExit(f"{cmd} failed")
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", type=Path, help="an older checkout to check the same specs with")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    trees = {"this checkout": HERE} | ({"baseline": args.baseline.resolve()} if args.baseline else {})
    with tempfile.TemporaryDirectory() as folder:
        specs = {}
        for label, names in (("25 everyday names", CLASS), ("20 names of 14 wide letters", long_names())):
            place = Path(folder) / label.replace(" ", "-")
            place.mkdir()
            (place / "names.txt").write_text("\n".join(names) + "\n")
            (place / "book.yaml").write_text(SPEC)
            specs[label] = place / "book.yaml"
        times: dict[tuple[str, str], list[float]] = {}
        for _ in range(args.rounds):
            for label, spec in specs.items():
                for tree_label, tree in trees.items():
                    times.setdefault((label, tree_label), []).append(cpu(tree, spec))
    print(f"{args.rounds} rounds, CPU seconds of `puzzlebook validate` (medians)\n")
    print("| class set | " + " | ".join(trees) + (" | this / baseline |" if args.baseline else " |"))
    print("|---|" + "---:|" * (len(trees) + bool(args.baseline)))
    for label in specs:
        row = [statistics.median(times[label, tree]) for tree in trees]
        ratio = f" {row[0] / row[1]:.2f}x |" if args.baseline else ""
        print(f"| {label} | " + " | ".join(f"{t:.2f}" for t in row) + " |" + ratio)


if __name__ == "__main__":
    main()
