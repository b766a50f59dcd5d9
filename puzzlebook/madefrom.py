"""What a book was made from, as one digest written into its PDF: puzzlebook's own files, every file the
spec made it read, and a seed given instead of the spec's. ``check`` reads a built book back instead of
making it again when the digest in the file is the one its spec makes now.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterable
from functools import cache

from .errors import PuzzlebookError
from .inputs import PACKAGE, read_bytes
from .yamlread import parse_yaml


def made_from(inputs: Iterable[str | os.PathLike[str]], seed: int | None) -> str:
    """A digest of everything a book is made from: puzzlebook's own files, every file the spec made it
    read, and a seed given instead of the spec's. ``build`` writes it into the PDF; ``check`` reads a
    built book back instead of making it again when the digest in the file is the one its spec makes.
    Only contents count, never paths or times, so the same spec makes the same file on any machine."""
    digest = hashlib.sha256(_own_files())
    digest.update(f"seed {seed}\n".encode())
    for path in inputs:
        data = _content(path)
        digest.update(len(data).to_bytes(8, "little") + data)
    return digest.hexdigest()


def _content(path: str | os.PathLike[str]) -> bytes:
    """What a file gives a book: a YAML file's data as the spec reads it (every value a string, so
    nothing the book depends on is lost), any other file's bytes. A comment or a blank line edited in a
    spec leaves its book as it was, and ``check`` then finds the built book still the spec's."""
    data = read_bytes(path, "input").data
    if os.fspath(path).lower().endswith((".yaml", ".yml")):
        try:
            parsed, _, problems = parse_yaml(data.decode("utf-8-sig"), "")
        except (PuzzlebookError, UnicodeDecodeError):
            return data
        if not problems:
            return b"yaml\0" + repr(parsed).encode()
    return data


@cache
def _own_files() -> bytes:
    """A digest of puzzlebook's code and the fonts it ships: a new version, or a changed checkout, makes
    every book anew. The presets are left to the inputs (a book's own is one), as an installed copy
    keeps them inside the package and a checkout beside it: both must make the same bytes."""
    code = [p for p in PACKAGE.rglob("*.py") if "__pycache__" not in p.parts and p.parts[-2] != "layouts"]
    digest = hashlib.sha256()
    for path in sorted(code) + sorted((PACKAGE / "fonts").glob("*.ttf")):
        digest.update(path.relative_to(PACKAGE).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.digest()
