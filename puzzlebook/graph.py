"""A field of cells of any kind as flat arrays, and a maze on it as one byte of open slots a cell.

``Topology`` numbers the cells that exist (masked ones do not) in reading order and lists, for each cell
and slot, the neighbour across it (``nbr``, -1 where the field or the mask ends) and the slot on that
neighbour that faces back (``back``), so carving opens both sides and no search ever asks the kind.
Squares keep their padded fast path in ``grid.Grid``; ``Topology.of`` gives any maze's field in this form.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from itertools import chain, compress, repeat
from operator import gt

from .errors import GenerationError
from .grid import check_size
from .kinds import Kind, Point, kind_for
from .kinds._kind import Side

Cell = tuple[int, int]


@dataclass(frozen=True, eq=False)
class Topology:
    kind: Kind
    width: int
    height: int
    masked: frozenset[Cell] = field(default_factory=frozenset)

    def __post_init__(self) -> None:
        check_size(self.width, self.height)
        problem = self.kind.size_problem(self.width, self.height)
        if problem:
            raise GenerationError(problem)
        if not self.count:
            raise GenerationError(f"the mask leaves no cells of the {self}")

    def __str__(self) -> str:
        if self.kind.name == "circle":
            return f"{self.width}-ring circle"
        return f"{self.width}x{self.height} {self.kind.name} grid"

    @cached_property
    def box(self) -> tuple[int, int]:
        """The box of places the cells are stored in, read row by row (the field's own size but for
        circles, whose rows are rings)."""
        return self.kind.box(self.width, self.height)

    @classmethod
    def of(cls, name: str, width: int, height: int, masked: Iterable[Cell] = (), inner: int = 0) -> Topology:
        return _field(name, width, height, frozenset(masked), inner)

    @property
    def slots(self) -> int:
        return self.kind.slots

    @property
    def is_rectangle(self) -> bool:
        return False

    @cached_property
    def kept(self) -> bytearray:
        """1 for each place of the box that is a cell, 0 where the kind has none or the mask is."""
        bw, bh = self.box
        keep = self.kind.present(self.width, self.height) or bytearray(b"\x01") * (bw * bh)
        for x, y in self.masked:
            px, py = self.kind.place(x, y)
            keep[py * bw + px] = 0
        return keep

    @cached_property
    def dense(self) -> array[int] | None:
        """For each cell id, its place in the box read row by row; None when every place is a cell
        (the two are then the same)."""
        if self.count == len(self.kept):
            return None
        return array("i", compress(range(len(self.kept)), self.kept))

    @cached_property
    def count(self) -> int:
        return self.kept.count(1)

    def xy(self, cell: int) -> Cell:
        """The name of a cell: (x, y) on lattices, (ring, place) on circles."""
        d = cell if self.dense is None else self.dense[cell]
        y, x = divmod(d, self.box[0])
        return self.kind.position(x, y)

    @property
    def cells(self) -> list[Cell]:
        """(x, y) of every cell, in reading order: a cell's id is its place here."""
        return [self.xy(i) for i in range(self.count)]

    @cached_property
    def ids(self) -> array[int]:
        """Cell id of each place in the box read row by row, -1 where there is none, and one -1 more at
        the end, so that an id looked up for "no neighbour" (-1) is -1 again."""
        size = len(self.kept)
        if self.dense is None:
            return array("i", range(size)) + array("i", [-1])
        out = array("i", [-1]) * (size + 1)
        for i, d in enumerate(self.dense):
            out[d] = i
        return out

    def id(self, x: int, y: int) -> int:
        """The id of the cell named (x, y), or -1 where there is none."""
        bx, by = self.kind.place(x, y)
        bw, bh = self.box
        if 0 <= bx < bw and 0 <= by < bh:
            return self.ids[by * bw + bx]
        return -1

    @cached_property
    def links(self) -> tuple[array[int], bytes]:
        """(nbr, back): for cell i and slot s, ``nbr[i * slots + s]`` is the neighbour's id (-1: none)
        and ``back[i * slots + s]`` the neighbour's slot facing i. Made for the whole box at once, then
        the masked cells are taken out."""
        own = getattr(self.kind, "cell_links", None)  # a kind whose box has holes may number its cells
        if own is not None and not self.masked:
            return own(self.width, self.height)  # type: ignore[no-any-return]
        nbr, back = self.kind.links(self.width, self.height)
        if self.dense is None:
            return nbr, bytes(back)
        slots_kept = self._slots_kept
        kept_nbr = array("i", map(self.ids.__getitem__, compress(nbr, slots_kept)))
        return kept_nbr, bytes(compress(back, slots_kept))

    @cached_property
    def walls(self) -> array[int]:
        """Every inner wall once, as the code cell * slots + slot of its lower-numbered cell, ascending.
        Made once a field, as the links are: every Kruskal maze of a shape orders the same list."""
        k, n = self.slots, self.count
        owner = chain.from_iterable(map(repeat, range(n), repeat(k)))  # code // k, for every code
        return array("I", compress(range(n * k), map(gt, self.nbr, owner)))

    @property
    def nbr(self) -> array[int]:
        return self.links[0]

    @property
    def back(self) -> bytes:
        return self.links[1]

    def outline(self) -> list[int]:
        """Cells with a side on the edge of the field or of the mask, in reading order."""
        nbr, k = self.nbr, self.slots
        if any(None in steps for steps in self.kind.steps):
            nbr = self._sided  # a cell may lack slots: those are no edge
        return [i for i in range(self.count) if -1 in nbr[i * k : i * k + k]]

    @cached_property
    def _sided(self) -> array[int]:
        """``nbr`` with every slot a cell lacks (an octagon grid's square has four of the eight) pointing
        at the cell itself, so that -1 is only where the field or the mask ends. Marked a row, a column
        parity and a slot at a time, as ``kinds.lattice_links`` makes the links: a million cells take a
        fraction of a second, where asking each cell its pattern took six."""
        kind, k = self.kind, self.slots
        bw, bh = self.box
        lack = bytearray(bw * bh * k)
        for y in range(bh):
            for parity in range(min(2, bw)):
                count = len(range(parity, bw, 2))
                for slot, step in enumerate(kind.steps[kind.pattern(parity, y)]):
                    if step is None:
                        first = (y * bw + parity) * k + slot
                        lack[first : first + 2 * k * (count - 1) + 1 : 2 * k] = b"\x01" * count
        if self.dense is not None:
            lack = bytearray(compress(lack, self._slots_kept))
        out = array("i", self.nbr)
        for code in compress(range(len(out)), lack):
            out[code] = code // k
        return out

    @cached_property
    def _slots_kept(self) -> bytearray:
        """Each place's ``slots`` bytes: its byte of ``kept``, ``slots`` times."""
        k = self.slots
        slots_kept = bytearray(len(self.kept) * k)
        for slot in range(k):
            slots_kept[slot::k] = self.kept
        return slots_kept

    def outer_sides(self, cell: int) -> list[int]:
        """The slots of a cell that face the outside of the whole shape (not a hole inside it)."""
        x, y = self.xy(cell)
        rim = self.kind.rim(x, y, self.width, self.height)
        if rim is not None:
            return rim
        pattern = self.kind.steps[self.kind.pattern(x, y)]
        out = []
        for s, dx_dy in enumerate(pattern):
            if dx_dy is None:
                continue
            nx, ny = x + dx_dy[0], y + dx_dy[1]
            if self.id(nx, ny) < 0 and (
                not (0 <= nx < self.width and 0 <= ny < self.height) or (nx, ny) in self._outside
            ):
                out.append(s)
        return out

    @cached_property
    def _outside(self) -> frozenset[Cell]:
        """Masked cells joined to the box's edge through other masked cells: holes are not outside."""
        w, h = self.width, self.height
        todo = [(x, y) for x, y in self.masked if x in (0, w - 1) or y in (0, h - 1)]
        seen = set(todo)
        steps, pattern = self.kind.steps, self.kind.pattern
        while todo:
            x, y = todo.pop()
            for dx_dy in steps[pattern(x, y)]:
                if dx_dy is None:
                    continue
                near = (x + dx_dy[0], y + dx_dy[1])
                if near in self.masked and near not in seen:
                    seen.add(near)
                    todo.append(near)
        return frozenset(seen)

    def centre(self, cell: int) -> Point:
        return self.kind.centre(*self.xy(cell))

    def corners(self, cell: int) -> tuple[Point, ...]:
        return self.kind.corners(*self.xy(cell))

    def side(self, cell: int, slot: int) -> Side | None:
        return self.kind.side(*self.xy(cell), slot)

    @property
    def extent(self) -> Point:
        return self.kind.extent(self.width, self.height)

    def parts(self) -> list[int]:
        """The sizes of the connected regions of cells, largest first."""
        nbr, k = self.nbr, self.slots
        seen = bytearray(self.count)
        sizes = []
        for first in range(self.count):
            if seen[first]:
                continue
            seen[first] = 1
            todo, size = [first], 0
            while todo:
                cell = todo.pop()
                size += 1
                for j in nbr[cell * k : cell * k + k]:
                    if j >= 0 and not seen[j]:
                        seen[j] = 1
                        todo.append(j)
            sizes.append(size)
        return sorted(sizes, reverse=True)

    def check_connected(self) -> None:
        sizes = self.parts()
        if len(sizes) > 1:
            shown = ", ".join(str(s) for s in sizes[:6]) + (", ..." if len(sizes) > 6 else "")
            raise GenerationError(
                f"the mask splits the {self} into {len(sizes)} separate parts ({shown} cells); "
                "a maze needs one connected region"
            )


def crossings(maze: GraphMaze) -> list[tuple[int, str]]:
    """A weave maze's crossings, in reading order: the cell a tunnel runs under, and the way it runs
    there ("EW" or "NS"); none on other fields. Read from the tunnels' own slots (east and south two
    cells away, ``kinds.weave``), so they are the maze's links and nothing kept beside them."""
    if maze.grid.kind.name != "weave":
        return []
    nbr, out = maze.grid.nbr, []
    for cell in compress(range(len(maze.passages)), maze.passages.translate(_TUNNELS)):
        bits = maze.passages[cell]
        if bits & 32:
            out.append((nbr[cell * 8 + 1], "EW"))
        if bits & 64:
            out.append((nbr[cell * 8 + 2], "NS"))
    return sorted(out)


_TUNNELS = bytes(int(bool(b & 96)) for b in range(256))  # a tunnel east or south starts here


@lru_cache(maxsize=4)
def _field(name: str, width: int, height: int, masked: frozenset[Cell], inner: int) -> Topology:
    """Fields are made once per shape: a book's mazes of one entry share theirs, arrays and all."""
    return Topology(kind_for(name, width, inner), width, height, masked)


@dataclass(frozen=True, eq=False)
class GraphMaze:
    """A maze on a ``Topology``: bit s of ``passages[i]`` is open when slot s of cell i is."""

    grid: Topology
    passages: bytes

    @property
    def width(self) -> int:
        return self.grid.width

    @property
    def height(self) -> int:
        return self.grid.height

    def passage_count(self) -> int:
        return sum(bin(b).count("1") for b in self.passages) // 2

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, GraphMaze)
            and (self.grid.kind.name, self.width, self.height, self.grid.masked)
            == (other.grid.kind.name, other.width, other.height, other.grid.masked)
            and self.passages == other.passages
        )

    __hash__ = None  # type: ignore[assignment]

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        """Sent between processes as the field's name and the passages: the receiver takes its own
        copy of the field (made once per shape), not the sender's arrays."""
        grid = self.grid
        inner = getattr(grid.kind, "inner", 0)
        return _maze_on, (grid.kind.name, grid.width, grid.height, grid.masked, inner, self.passages)


def _maze_on(
    name: str, width: int, height: int, masked: frozenset[Cell], inner: int, passages: bytes
) -> GraphMaze:
    return GraphMaze(Topology.of(name, width, height, masked, inner), passages)
