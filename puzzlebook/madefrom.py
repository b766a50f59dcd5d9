"""What a book was made from, as a digest written into its PDF (and its cover's): puzzlebook's own
files, every file the spec made it read, and a seed given instead of the spec's. ``check`` reads a built
book back instead of making it again when the digest in the file is the one its spec makes now.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
from collections.abc import Iterable
from functools import cache
from typing import Any, NamedTuple

from .errors import PuzzlebookError
from .inputs import PACKAGE, read_bytes
from .yamlread import parse_yaml


class MadeFrom(NamedTuple):
    """The digests a book's files carry: the interior's (and a separate answer key's), which leaves the
    spec's `cover:` out, since nothing inside the book depends on it (a badge's words edited asked for
    the interior to be uploaded again), and the cover's, of everything."""

    book: str
    cover: str


def made_from(inputs: Iterable[str | os.PathLike[str]], seed: int | None) -> MadeFrom:
    """Digests of everything a book is made from: puzzlebook's own files, every file the spec made it
    read (the spec first), and a seed given instead of the spec's. ``build`` writes them into the PDFs;
    ``check`` reads a built book back instead of making it again when the digest in the file is the one
    its spec makes. Only contents count, never paths or times, so the same spec makes the same file on
    any machine."""
    digests = hashlib.sha256(_own_files()), hashlib.sha256(_own_files())
    for digest in digests:
        digest.update(f"seed {seed}\n".encode())
    for k, path in enumerate(inputs):
        data = read_bytes(path, "input").data
        for digest, leave_out in zip(digests, (("cover",), ()), strict=True):
            content = _spec_content(data, leave_out) if k == 0 else data
            digest.update(len(content).to_bytes(8, "little") + content)
    return MadeFrom(*(digest.hexdigest() for digest in digests))


def _spec_content(data: bytes, leave_out: tuple[str, ...] = ()) -> bytes:
    """What a spec gives a book: its data as the spec is read (every value a string, so nothing the
    book depends on is lost; its mappings' keys in order, as no meaning rests on their order), without
    its top-level keys ``leave_out``. A comment, a blank line or keys reordered leave its book as it
    was, and ``check`` then finds the built book still the spec's. Its other files count by their
    bytes: a class list is read a name a line, whatever its name ends with."""
    try:
        parsed, _, problems = parse_yaml(data.decode("utf-8-sig"), "")
    except (PuzzlebookError, UnicodeDecodeError):
        return data
    if problems:  # a key given twice: its bytes
        return data
    if isinstance(parsed, dict):
        parsed = {key: value for key, value in parsed.items() if key not in leave_out}
    try:
        return b"yaml\0" + json.dumps(parsed, sort_keys=True, ensure_ascii=False).encode()
    except (TypeError, ValueError):  # a key that is not text (``~:``): its order kept
        return b"yaml\0" + repr(parsed).encode()


def said_made_from(pdf: bytes) -> str:
    """The digest a PDF says it was made from (``made_from``), or "" where it says none or cannot be
    read: what ``check`` compares with the spec's."""
    from pypdf import PdfReader  # only check reads a book back

    from .render.pdfstream import MADE_FROM

    try:
        info: Any = PdfReader(io.BytesIO(pdf)).metadata or {}
    except Exception:  # not a PDF, or damaged: pypdf raises many kinds
        return ""
    return str(info.get(MADE_FROM, ""))


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
