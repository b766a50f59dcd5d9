"""ASCII art of a maze: quick looks in a terminal and golden files in the tests."""

from __future__ import annotations

from ..grid import E, S
from ..puzzles import Puzzle


def ascii_art(puzzle: Puzzle, show_solution: bool = False) -> str:
    """``+--+`` style; S and E mark the ends, with a gap in the outer wall; ``()`` marks the path."""
    maze = puzzle.maze
    w, h = maze.width, maze.height
    labels = {}
    if show_solution and puzzle.route is not None:
        labels = dict.fromkeys(puzzle.solution or [], "()")
    gaps: set[tuple[int, int, int]] = set()
    for cell, label, side in ((puzzle.start, "S ", puzzle.sides[0]), (puzzle.end, "E ", puzzle.sides[1])):
        if cell is not None:
            labels[cell] = "SE" if puzzle.start == puzzle.end else label
            if side is not None:
                gaps.add((*cell, side))

    def wall_below(x: int, y: int) -> bool:
        """Is there a wall on the south side of (x, y)? y = -1 means the top border."""
        if y < 0:
            return (x, 0, 1) not in gaps  # N = 1
        if y == h - 1:
            return (x, y, S) not in gaps
        return not maze.at(x, y) & S

    def wall_right(x: int, y: int) -> bool:
        """Is there a wall on the east side of (x, y)? x = -1 means the left border."""
        if x < 0:
            return (0, y, 8) not in gaps  # W = 8
        if x == w - 1:
            return (x, y, E) not in gaps
        return not maze.at(x, y) & E

    lines = ["+" + "+".join("--" if wall_below(x, -1) else "  " for x in range(w)) + "+"]
    for y in range(h):
        row = "|" if wall_right(-1, y) else " "
        for x in range(w):
            row += labels.get((x, y), "  ") + ("|" if wall_right(x, y) else " ")
        lines.append(row)
        lines.append("+" + "+".join("--" if wall_below(x, y) else "  " for x in range(w)) + "+")
    return "\n".join(lines) + "\n"
