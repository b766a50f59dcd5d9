"""The book spec: a YAML file a person writes, checked in full before any work starts.

Every problem is reported at once, each at its file, line and key with what to do. In rooms: ``model``
(every key, its type and bounds), ``load`` (reading and checking a spec, its mazes in book order),
``classlist`` (a class set's names), ``fits`` (a mask, shape or word drawn, and the cells named in it).
What a maze's grid, algorithm, marks, mask, shape, inner and size may go with is ``puzzlebook.rules``,
which the ``maze`` command asks too. The YAML reader is ``yamlread`` and the text field types the layout
shares are ``fields``, beside this package.
"""

from ..rules import SHAPED_MARKS
from .fits import NAME_CELLS, SHAPE_CELLS, STUDENT, sized_to_slot
from .load import MazeRequest, Read, Spec, load_partial, load_spec, read_spec
from .model import AGES, NO_MASK, Age, BookSpec, Cells, MazeEntry, WordShape, json_schema

__all__ = [
    "AGES",
    "NAME_CELLS",
    "NO_MASK",
    "SHAPED_MARKS",
    "SHAPE_CELLS",
    "STUDENT",
    "Age",
    "BookSpec",
    "Cells",
    "MazeEntry",
    "MazeRequest",
    "Read",
    "Spec",
    "WordShape",
    "json_schema",
    "load_partial",
    "load_spec",
    "read_spec",
    "sized_to_slot",
]
