"""The one place that reads files: the spec, layouts, class lists and fonts.

A spec is a file people share, so nothing it names is trusted: only regular files are opened (a device,
a named pipe or a /proc entry could block forever, never end, or hold the environment), each kind has a
size limit that is enforced while reading (a file may grow, and /proc files claim to be empty), and text
must be UTF-8. Every refusal is a SpecError that names the file and, where it can, the line.
"""

from __future__ import annotations

import difflib
import itertools
import os
import re
import stat
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path

from .errors import At, Problem, SpecError, Where
from .files import HIDDEN, below, hidden, what_it_is

KB = 1024
MB = 1024 * KB
LIMITS = {
    "spec": 1 * MB,
    "layout": 256 * KB,
    "class list": 1 * MB,
    "font": 50 * MB,
    "mask": 20 * MB,
    "input": 50 * MB,  # any of the above, read again for a book's digest (``madefrom.made_from``)
    "book": 100 * MB,  # a built PDF that ``check`` reads back (5,000 mazes take 14 MB)
}
"""Bytes each kind of file may hold: far more than any real one, far less than would hurt."""

STUDIO_FOLDER = "PUZZLEBOOK_STUDIO_FOLDER"
"""Set by ``puzzlebook studio`` for the builds it runs: no file outside that folder (or the package's own
fonts) is opened, whatever a spec from the browser names."""

PACKAGE = Path(__file__).resolve().parent

CONFINED: ContextVar[str | None] = ContextVar("confined", default=None)
"""The same confinement for one thread of the studio's server, while it checks a spec in-process."""


def studio_folder() -> str | None:
    """The folder the studio confines this build or check to, or None outside the studio."""
    return CONFINED.get() or os.environ.get(STUDIO_FOLDER)


@dataclass(frozen=True)
class Source:
    """What was read, and from where: the real path is kept so no output ever lands on an input."""

    path: Path
    data: bytes

    @property
    def real(self) -> Path:
        return Path(os.path.realpath(self.path))


def _looked(path: Path) -> str:
    """Which folder was searched for a file not found, as a full path: a name is read from the folder of
    the file that names it, which is not always the folder a command runs in."""
    folder = Path(os.path.abspath(path.parent))
    if not folder.is_dir():
        return f"looked for {path.name} in {folder}, and there is no such folder"
    return f"looked for {path.name} in {folder}"


def _bring_in(named: str, kind: str, path: Path, folder: Path) -> str:
    """What is said of a file outside the studio's folder: the step that brings it in (the copy, as a
    command to run, and the name to write instead), since the studio reads nothing else."""
    import shlex

    return (
        f"{named} is outside the studio's folder, and the studio reads files only there: copy the {kind} "
        f"into it ({shlex.join(['cp', str(path), str(folder) + os.sep])}), then write its name, "
        f"{path.name}, in its place"
    )


def _refuse(where: At, message: str) -> SpecError:
    return SpecError([Problem(where, message)])


def _size(n: int) -> str:
    return f"{n / MB:g} MB" if n >= MB else f"{n / KB:g} KB"


def _near(path: Path) -> str:
    """A file of a like name in the same folder, as a hint: "Class.txt" for "class list.txt"."""
    try:
        entries = itertools.islice(path.parent.iterdir(), 1000)  # a folder of a million files: the first few
        names = [p.name for p in entries if not p.name.startswith(".") and p.is_file()]
    except OSError:
        return ""
    stem = path.stem.casefold()  # "book.yml" or "book" for book.yaml, "kids.txt" for kids
    texts = {".yaml", ".yml", ".txt", path.suffix.casefold()}  # book.yaml before book.pdf
    same = [n for n in names if n.casefold() == path.name.casefold()] or sorted(
        (n for n in names if stem in (Path(n).stem.casefold(), n.casefold())),
        key=lambda n: (Path(n).suffix.casefold() not in texts, n),
    )
    stems = {Path(n).stem.casefold(): n for n in names if Path(n).suffix.casefold() == path.suffix.casefold()}
    near = same or difflib.get_close_matches(stem, list(stems), n=1, cutoff=0.6)
    shown = near[0] if same else stems[near[0]] if near else ""
    return f'; did you mean "{shown}"?' if shown else ""


def read_bytes(
    path: str | os.PathLike[str],
    kind: str,
    where: At = "",
    inside: Path | None = None,
    shown: str = "",
) -> Source:
    """The bytes of a regular file of at most ``LIMITS[kind]``; ``where`` is who named it (for messages).

    With ``inside``, the file must lie in that folder or below it, by its real path (no ``..``, no
    absolute path elsewhere, no link leading out): a shared spec reads only what was shared with it. The
    file is checked before it is opened (so a named pipe never blocks), opened non-blocking and checked
    again on the open file, and read no further than its limit.
    """
    if "\x00" in str(path):  # no file has one, and the system calls refuse it with a traceback
        raise _refuse(
            where or kind, f"the {kind}'s name holds a NUL character (U+0000); write the name plainly"
        )
    path = Path(path)
    where = where or str(path)
    named = f'{kind} "{shown or path}"' if where != str(path) else f"the {kind} file"
    limit = LIMITS[kind]
    confined = studio_folder()
    resolved = Path(os.path.realpath(path))
    if confined and not (
        resolved.is_relative_to(os.path.realpath(confined)) or resolved.is_relative_to(PACKAGE)
    ):
        raise _refuse(where, _bring_in(named, kind, path, Path(os.path.realpath(confined))))
    place = below(path, inside) if inside is not None else None
    if inside is not None and place is None:
        raise _refuse(
            where,
            f"{named} is outside the spec's folder; a spec reads files only from its own folder and "
            f"below: copy the {kind} beside the spec",
        )
    if place is not None and hidden(place.parts):
        raise _refuse(where, f"{named} {HIDDEN}; a spec never reads one: rename the {kind}")
    try:
        info = os.stat(path)
    except FileNotFoundError:
        if path.is_symlink():
            raise _refuse(where, f"{named} is a link to {os.readlink(path)}, which does not exist") from None
        if where == str(path):
            raise _refuse(where, f"no such {kind} file{_near(path)}") from None
        hint, written = _near(path), shown or str(path)
        if not hint and "\\" in written:  # C:\Users\Me\layout.yaml, copied from Windows
            name = re.split(r"[\\/]", written)[-1]
            hint = (
                "; a file is named by its place from the folder of the file that names it, with / between "
                f"folders: copy it there and write {name}"
            )
        raise _refuse(where, f"{named} not found ({_looked(path)}){hint}") from None
    except NotADirectoryError:
        raise _refuse(where, f"{named} not found: a part of {path} is a file, not a folder") from None
    except OSError as exc:
        raise _refuse(where, f"cannot read {named}: {exc.strerror}") from None
    what = what_it_is(info, os.path.realpath(path))
    if what is not None:  # named by its own path (`check /proc/self/mem`), it is no "spec file" to call so
        it = "" if where == str(path) else f"{named} "
        fix = "; give" if what == "a folder" else ", not a file; give"
        raise _refuse(where, f"{it}is {what}{fix} the path of a {kind} file")
    if info.st_size > limit:
        raise _refuse(where, f"{named} is {info.st_size:,} bytes; a {kind} may be at most {_size(limit)}")
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY)
    except OSError as exc:
        raise _refuse(where, f"cannot read {named}: {exc.strerror}") from None
    with os.fdopen(fd, "rb") as stream:
        if not stat.S_ISREG(os.fstat(stream.fileno()).st_mode):  # swapped since the check
            raise _refuse(where, f"{named} is not a file; give the path of a {kind} file")
        try:
            data = stream.read(limit + 1)
        except OSError as exc:
            raise _refuse(where, f"cannot read {named}: {exc.strerror}") from None
    if len(data) > limit:
        raise _refuse(where, f"{named} is over {_size(limit)}; a {kind} may be at most {_size(limit)}")
    return Source(path, data)


def decode(data: bytes, name: str, kind: str) -> str:
    """UTF-8 text (a byte-order mark is fine); anything else is refused with the line it goes wrong on."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff", b"\x00\x00\xfe\xff")):  # UTF-32's marks begin alike
        wide = "UTF-32" if data.startswith((b"\xff\xfe\x00\x00", b"\x00\x00\xfe\xff")) else "UTF-16"
        raise _refuse(Where(name, 1), f"this {kind} is saved as {wide}; save it as UTF-8 text")
    if data.startswith(b"%PDF-"):  # `build book.pdf` for `build book.yaml`
        fix = f"give the book's .yaml file; puzzlebook check {name} checks a PDF" if kind == "spec" else ""
        raise _refuse(name, f"this is a PDF, not a {kind}: {fix or 'give a text file'}")
    if data.startswith(b"PK\x03\x04"):  # a spreadsheet or a word processor's file (.xlsx, .docx, .ods)
        raise _refuse(
            name,
            f"this is a spreadsheet's or a word processor's file, not a {kind}: save it as plain text "
            "(.txt or .yaml, UTF-8)",
        )
    if b"\0" in data:
        line = data[: data.index(b"\0")].count(b"\n") + 1
        raise _refuse(Where(name, line), "a NUL byte: this does not look like a text file")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        byte = data[exc.start]
        raise _refuse(
            Where(name, line),
            f"byte 0x{byte:02X} is not UTF-8 text; save the {kind} as UTF-8 "
            "(most editors offer it under Save As or Encoding)",
        ) from None
    found = _CONTROL.search(text)  # one search: a character at a time took 0.6 s for a 1 MB spec
    if found is not None:
        bad, number = found[0], text.count("\n", 0, found.start()) + 1
        what = "a NUL byte" if bad == "\0" else f"the control character U+{ord(bad):04X}"
        raise _refuse(Where(name, number), f"{what}: this does not look like a text file")
    return text


_CONTROL = re.compile("[\x00-\x08\x0b\x0e-\x1f\x7f-\x9f]")
"""The control characters no text file holds: all but tab, line feed, form feed and carriage return."""


def read_text(
    path: str | os.PathLike[str], kind: str, where: At = "", inside: Path | None = None, shown: str = ""
) -> tuple[str, Source]:
    """A text file of the given kind, decoded, with its Source (for the list of the build's inputs)."""
    source = read_bytes(path, kind, where, inside, shown)
    return decode(source.data, Path(path).name, kind), source
