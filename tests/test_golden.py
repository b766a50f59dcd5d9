"""Pinned outputs: an unintended change to any generator, the seeding or the text format shows up here.

After an intended change, regenerate with ``PUZZLEBOOK_UPDATE_GOLDEN=1 pytest tests/test_golden.py`` and
review the diff of tests/golden/ like any other change.
"""

import os
from pathlib import Path

import pytest

from puzzlebook import generators
from puzzlebook.grid import Grid
from puzzlebook.paths import choose_ends
from puzzlebook.puzzles import make_puzzle
from puzzlebook.render.text import ascii_art
from puzzlebook.rng import make_rng

GOLDEN = Path(__file__).parent / "golden"


@pytest.mark.parametrize("name", generators.ALGORITHMS.names())
def test_tiny_maze_is_unchanged(name):
    puzzle = make_puzzle(name, 9, 6, seed=2026, marks="suggested")
    text = ascii_art(puzzle, show_solution=True)
    golden = GOLDEN / f"{name}.txt"
    if os.environ.get("PUZZLEBOOK_UPDATE_GOLDEN"):
        golden.write_text(text)
    assert golden.read_text() == text


def test_chosen_ends_are_unchanged():
    """The ends every side rule picks, for every algorithm on thin, square and book-sized mazes: the
    searches behind them may change, the ends (ties included) may not, or books change."""
    lines = []
    for name in generators.ALGORITHMS.names():
        for w, h in ((1, 1), (1, 7), (7, 1), (9, 6), (20, 26), (26, 34)):
            for seed in range(4):
                maze = generators.generate(name, Grid(w, h), make_rng(seed))
                picks = []
                for rule in ("suggested", "left-right", "top-bottom"):
                    ends = choose_ends(maze, rule)
                    picks.append(f"{rule} {ends.start} {ends.end} {len(ends.cells)}")
                lines.append(f"{name} {w}x{h} seed {seed}: " + "; ".join(picks))
    text = "\n".join(lines) + "\n"
    golden = GOLDEN / "ends.txt"
    if os.environ.get("PUZZLEBOOK_UPDATE_GOLDEN"):
        golden.write_text(text)
    assert golden.read_text() == text
