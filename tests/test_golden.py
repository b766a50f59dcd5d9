"""Pinned outputs: an unintended change to any generator, the seeding or the text format shows up here.

After an intended change, regenerate with ``PUZZLEBOOK_UPDATE_GOLDEN=1 pytest tests/test_golden.py`` and
review the diff of tests/golden/ like any other change.
"""

import os
from pathlib import Path

import pytest

from puzzlebook import generators
from puzzlebook.puzzles import make_puzzle
from puzzlebook.render.text import ascii_art

GOLDEN = Path(__file__).parent / "golden"


@pytest.mark.parametrize("name", generators.ALGORITHMS.names())
def test_tiny_maze_is_unchanged(name):
    puzzle = make_puzzle(name, 9, 6, seed=2026, marks="suggested")
    text = ascii_art(puzzle, show_solution=True)
    golden = GOLDEN / f"{name}.txt"
    if os.environ.get("PUZZLEBOOK_UPDATE_GOLDEN"):
        golden.write_text(text)
    assert golden.read_text() == text
