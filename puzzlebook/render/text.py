"""ASCII art of a maze: quick looks in a terminal and golden files in the tests."""

from __future__ import annotations

from ..errors import GenerationError
from ..grid import E, S
from ..maze import Maze
from ..puzzles import Puzzle


def ascii_art(puzzle: Puzzle, show_solution: bool = False) -> str:
    """``+--+`` style; S and E mark the ends, with a gap in the outer wall; ``()`` marks the path."""
    maze = puzzle.maze
    if not isinstance(maze, Maze):
        raise GenerationError("text draws square cells only: write this maze as pdf, svg, png or json")
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

    contains = maze.grid.contains

    def wall_below(x: int, y: int) -> bool:
        """Is there a wall between (x, y) and the cell below? y = -1 is above the top row. A wall stands
        where at least one side is a cell of the maze (masked cells and the outside are none)."""
        above, below = contains(x, y), contains(x, y + 1)
        if not (above or below) or (x, y, S) in gaps or (x, y + 1, 1) in gaps:  # 1: N
            return False
        return not (above and below and maze.at(x, y) & S)

    def wall_right(x: int, y: int) -> bool:
        """Is there a wall between (x, y) and the cell to its right? x = -1 is left of the first column."""
        left, right = contains(x, y), contains(x + 1, y)
        if not (left or right) or (x, y, E) in gaps or (x + 1, y, 8) in gaps:  # 8: W
            return False
        return not (left and right and maze.at(x, y) & E)

    def corner(x: int, y: int) -> str:
        """The grid corner at the top left of (x, y): a + where a wall meets it, blank inside a mask's
        hole or between loops."""
        meets = (
            wall_below(x - 1, y - 1)
            or wall_below(x, y - 1)
            or wall_right(x - 1, y - 1)
            or wall_right(x - 1, y)
        )
        return "+" if meets else " "

    def border(y: int) -> str:
        """The line of walls below row y (y = -1: above the first row)."""
        return "".join(corner(x, y + 1) + ("--" if wall_below(x, y) else "  ") for x in range(w)) + corner(
            w, y + 1
        )

    lines = [border(-1)]
    for y in range(h):
        row = "|" if wall_right(-1, y) else " "
        for x in range(w):
            row += labels.get((x, y), "  ") + ("|" if wall_right(x, y) else " ")
        lines.append(row)
        lines.append(border(y))
    return "\n".join(lines) + "\n"
