"""A maze's walls and its answer's turns found for the whole maze at once (what the book's workers
draw) are the runs and corners found line by line and cell by cell."""

import random
from itertools import chain

from puzzlebook.errors import PuzzlebookError
from puzzlebook.geometry import _corners, gaps, opening, solution_line, solution_lines
from puzzlebook.grid import E, N, S, W
from puzzlebook.puzzles import make_puzzle
from puzzlebook.walls import wall_lines, wall_runs

ALGORITHMS = ["wilson", "kruskal", "recursive-backtracker", "prim", "binary-tree"]


def _puzzles(seed, count):
    """Mazes of every shape a book draws: thin, square, masked, braided, with openings or without."""
    rng = random.Random(seed)
    made = 0
    for number in range(count * 2):
        w, h = rng.randint(1, 32), rng.randint(1, 32)
        masked = frozenset()
        if w * h > 12 and number % 3 == 0:
            masked = frozenset((rng.randrange(w), rng.randrange(h)) for _ in range(rng.randint(1, 4)))
        try:
            puzzle = make_puzzle(
                rng.choice(ALGORITHMS),
                w,
                h,
                number,
                marks=rng.choice(["suggested", "corners", "none"]),
                masked=masked,
                braid=rng.choice([0.0, 0.0, 0.5, 1.0]),
            )
        except PuzzlebookError:  # a mask that cuts the field in two
            continue
        yield rng, puzzle
        made += 1
        if made == count:
            return


def test_the_walls_found_at_once_are_the_walls_found_line_by_line():
    for rng, puzzle in _puzzles(31, 300):
        maze = puzzle.maze
        w, h = maze.width, maze.height
        sides = {
            *gaps(puzzle),
            *((rng.randrange(w), 0, N) for _ in range(rng.randint(0, 2))),
            *((rng.randrange(w), h - 1, S) for _ in range(rng.randint(0, 2))),
            *((0, rng.randrange(h), W) for _ in range(rng.randint(0, 2))),
            *((w - 1, rng.randrange(h), E) for _ in range(rng.randint(0, 2))),
        }
        for opened in (frozenset(), gaps(puzzle), sides):
            runs = wall_runs(maze, opened)
            assert runs == list(chain.from_iterable(wall_lines(maze, opened)))
            assert runs  # a maze has walls: the comparison compares something


def test_the_answers_turns_found_by_index_are_the_corners_of_every_centre():
    answered = 0
    for _, puzzle in _puzzles(5, 300):
        cells = puzzle.solution or []
        points = [(x + 0.5, y + 0.5) for x, y in cells]
        start, end = opening(puzzle, "start"), opening(puzzle, "end")
        if cells:
            points = [start[0]] * (start is not None) + points + [end[0]] * (end is not None)
        expected = _corners(points)
        assert solution_line(puzzle) == expected
        assert solution_lines(puzzle) == ([expected] if expected else [])
        assert solution_line(puzzle, corners=False) == points
        answered += len(expected) > 2
    assert answered > 100  # most of them turn


def test_a_mazes_walls_are_written_as_the_numbers_of_their_runs():
    """The walls' path writes each run's corners as their numbers, whatever the maze's shape (thin, tall,
    wide, masked): the corners' text is made once a maze, for every number its runs can reach."""
    from puzzlebook.drawn import wall_path

    for _, puzzle in _puzzles(47, 120):
        runs = wall_runs(puzzle.maze, gaps(puzzle))
        written = "\n".join(f"{x0} {y0} m {x1} {y1} l" for x0, y0, x1, y1 in runs)
        assert wall_path(puzzle) == f"n\n{written}\nS"
