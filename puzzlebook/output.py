"""The one place that writes results: never a half-written file, never onto an input, streams stay streams.

A regular file (new, or reached through a symlink) is written to a temporary file beside it and renamed
into place, keeping the permissions of the file it replaces; a failure (a full disk, a kill) leaves the old
file whole, and files that belong together (a book and its answers) are renamed only once all are whole.
A file the user did not name stays in its folder, whatever a link there says (``confined``). Standard
output, devices and named pipes are written through, since renaming over them would replace the link or
the device instead of writing to it. Everything that can be checked before the work starts is checked by
``plan_output``, so a long build never ends in "cannot write".
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import sys
import tempfile
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import IO

from .errors import At, Problem, PuzzlebookError, SpecError
from .files import HIDDEN, below, hidden, what_it_is

STREAM_FOLDERS = ("/dev/", "/proc/")  # /dev/stdout, /dev/fd/1, /proc/self/fd/1: written through
PART = ".part"


@dataclass(frozen=True)
class Target:
    """Where the output goes: ``path`` as the user gave it, ``file`` the regular file to replace or create
    (symlinks resolved), or None for a stream; ``terminal`` when that stream is a terminal."""

    path: str
    file: Path | None
    terminal: bool = False


LONGEST_NAME, LONGEST_PATH = 200, 1000
"""Bytes a written file's name (and each folder's) and its path may have: file systems take 255 and
4096, and a file is first written to a longer hidden name beside it (``.NAME.XXXXXXXX.PID.part``)."""


def long_name(path: str) -> str | None:
    """Why ``path`` is too long to write, or holds a name too long, or None."""
    if len(os.fsencode(path)) > LONGEST_PATH:
        return f"is {len(os.fsencode(path))} bytes long; a path may have at most {LONGEST_PATH}: shorten it"
    for part in Path(path).parts:
        size = len(os.fsencode(part))
        if size > LONGEST_NAME:
            shown = part if len(part) <= 24 else part[:20] + "..."
            return (
                f'the name "{shown}" is {size} bytes long; a name may have at most {LONGEST_NAME}: shorten it'
            )
    return None


PICTURES = ("png", "svg", "txt", "json")
WRITTEN = ("pdf", "yaml", "yml", *PICTURES)
"""The extensions puzzlebook writes (a maze alone is a picture): a name that is only one of them
(``-o .pdf``) is a slip that would make a hidden file."""


def _refuse(where: At, message: str) -> SpecError:
    return SpecError([Problem(where, message)])


def plan_output(
    path: str | os.PathLike[str],
    inputs: Iterable[Path] = (),
    where: At = "--output",
    inside: Home | None = None,
) -> Target:
    """Check an output path before any work: a folder, a missing folder, a dangling link, a
    write-protected file, a socket or one of the build's own input files is refused, each in one line.
    With ``inside``, the file was not named by the user (see ``confined``) and must stay in that folder."""
    text = str(path)
    if text == "-":
        return Target(text, None)
    shown = f"{where} {text}" if isinstance(where, str) and where.startswith("-") else where
    if not text.strip():
        raise _refuse(where, "is empty; give a file name such as book.pdf")
    if any(ord(c) < 32 or ord(c) == 127 for c in text):  # a newline in a name splits every line about it
        raise _refuse(where, f"{text!r} holds a control character; give a plain file name such as book.pdf")
    if text.endswith(("/", os.sep)):
        raise _refuse(shown, f"ends in '/', so it names a folder; give a file name such as {text}book.pdf")
    too_long = long_name(text)
    if too_long:
        raise _refuse(shown, too_long)
    folder, name = os.path.split(text)
    if name.startswith(".") and name[1:].lower() in WRITTEN:
        instead = os.path.join(folder, ("maze" if name[1:].lower() in PICTURES else "book") + name)
        raise _refuse(shown, f"is only an extension: it would make a hidden file; name it, such as {instead}")
    wrong = confined(text, inside) if inside is not None else None
    if wrong:
        raise _refuse(shown, wrong)
    given = Path(text)
    real = Path(os.path.realpath(given))
    try:
        info: os.stat_result | None = os.stat(given)
    except FileNotFoundError:
        if given.is_symlink():
            raise _refuse(shown, f"is a link to {os.readlink(given)}, which does not exist") from None
        info = None
    except OSError as exc:
        raise _refuse(shown, f"cannot write there: {exc.strerror}") from None
    if info is not None and stat.S_ISDIR(info.st_mode):
        raise _refuse(shown, f"is a folder; give a file name such as {given / 'book.pdf'}")
    if name in (".", ".."):  # x/.. while x is missing: found only when the book was renamed onto it
        instead = os.path.join(os.path.normpath(text), "book.pdf").removeprefix("./")
        raise _refuse(shown, f"ends in '{name}', so it names a folder; give a file name such as {instead}")
    for source in inputs if info is not None else ():  # by any name: /proc/self/cwd/book.yaml, /dev/stdin
        if info is not None and _same(source, info):
            raise _refuse(
                shown,
                f"is {source.name}, one of this book's own input files; writing the PDF there would "
                "destroy it. Choose another name",
            )
    if info is not None and not stat.S_ISREG(info.st_mode):
        if inside is not None:  # a pipe or a device where a file goes: only one the user names is used
            fix, what = inside.fix.removeprefix("remove the link, or "), what_it_is(info, str(real))
            raise _refuse(shown, f"{name} is {what}, not a file; remove it, or {fix}")
        return _stream_target(text, info, shown)
    if str(real).startswith(STREAM_FOLDERS) or text.startswith(STREAM_FOLDERS):
        return Target(text, None)  # /dev/stdout redirected to a file: the shell opened it for us
    if info is not None and real.suffix.lower() != given.suffix.lower():  # through a link: a shared
        # folder's book.pdf -> notes.txt would have a build replace the notes with the book
        raise _refuse(
            shown,
            f"is a link to {real.name}, a file of another kind, which writing there would replace; "
            "remove the link, or choose another name",
        )
    if info is not None and not info.st_mode & 0o222:
        raise _refuse(shown, "is write-protected; choose another name, or make it writable first")
    if not (real.parent.is_dir() and os.path.isdir(folder or ".")):  # x/../book.pdf with x missing
        missing = real.parent if os.path.isdir(folder or ".") else folder
        raise _refuse(shown, f"cannot be written: the folder {missing} does not exist")
    if not os.access(real.parent, os.W_OK):  # the book goes to a new file beside the old: the folder
        raise _refuse(shown, f"cannot be written: the folder {real.parent} is read-only; choose another")
    return Target(text, real)


def _stream_target(text: str, info: os.stat_result, shown: At) -> Target:
    """A pipe or a device, written through; a socket or a disk is refused, and a device is opened now
    (and closed), so one that leads nowhere is told before the work rather than after it."""
    what = what_it_is(info, os.path.realpath(text)) or "not a file"
    if stat.S_ISSOCK(info.st_mode) or stat.S_ISBLK(info.st_mode):
        raise _refuse(shown, f"is {what}, not a file; give a file name such as book.pdf")
    if not stat.S_ISCHR(info.st_mode):
        return Target(text, None)  # a pipe: its reader may come while the book is made
    try:
        fd = os.open(text, os.O_WRONLY | os.O_NONBLOCK | os.O_NOCTTY)
    except OSError as exc:
        if exc.errno == errno.ENXIO and what == "a terminal":
            raise _refuse(
                shown,
                "is the terminal, and puzzlebook runs without one here (from a script, a service or "
                "cron); give a file name such as book.pdf",
            ) from None
        raise _refuse(shown, f"cannot write there ({what}): {exc.strerror}") from None
    try:
        return Target(text, None, os.isatty(fd))
    finally:
        os.close(fd)


@dataclass(frozen=True)
class Home:
    """The folder a file the user did not name must stay in (see ``confined``), as a message calls it,
    and what to do instead."""

    folder: Path
    said: str = "the spec's folder"
    fix: str = "remove the link, or choose where the book goes with -o PATH"


def confined(path: str, home: Home) -> str | None:
    """What is wrong with writing ``path``, a file the user did not name (the book under the spec's name
    or its ``output:``, the answers beside a book), or None: by its real path it must stay in the home
    folder, and no link may lead it into a hidden file there. A shared folder (a git repository, a tar
    file) can carry links, and ``book.pdf -> ~/thesis.pdf`` would have replaced the thesis."""
    shown = os.path.relpath(os.path.abspath(path), os.path.abspath(home.folder))
    fix = home.fix
    if shown == ".." or shown.startswith("../"):
        return f'"{shown}" is outside {home.said}; {fix.removeprefix("remove the link, or ")}'
    place = below(path, home.folder)
    if place is None:
        return f'"{shown}" leads out of {home.said} through a link (to {os.path.realpath(path)}); {fix}'
    if place.parts != Path(shown).parts and hidden(place.parts):
        return f'"{shown}" is a link to "{place}", which {HIDDEN}; {fix}'
    return None


def _same(source: Path, info: os.stat_result) -> bool:
    try:
        other = os.stat(source)
    except OSError:
        return False
    return (other.st_dev, other.st_ino) == (info.st_dev, info.st_ino)


def write_output(
    path: str | os.PathLike[str],
    data: bytes,
    inputs: Iterable[Path] = (),
    where: At = "--output",
    inside: Home | None = None,
) -> None:
    """Write ``data`` all at once to ``path`` (``-`` is standard output); see the module's rules."""
    with writing(path, inputs, where, inside) as out:
        out.write(data)


def write_together(files: Sequence[tuple[str | os.PathLike[str], bytes]], inside: Home | None = None) -> None:
    """Write files that belong together (a book and its answers) all at once: every one, or none."""
    with writing_all([(path, "--output", inside) for path, _ in files]) as outs:
        for out, (_, data) in zip(outs, files, strict=True):
            out.write(data)


class Output:
    """The file a result is written into (see ``writing``): it can be read back (``--strict`` checks the
    book it wrote), and a failed write is told apart from other errors of the work that writes."""

    def __init__(self, file: IO[bytes], target: Target) -> None:
        self.file = file
        self.target = target

    def write(self, data: bytes) -> None:
        try:
            self.file.write(data)
        except OSError as exc:
            raise _Unwritten(exc, self.target) from None

    def read_back(self) -> bytes:
        self.file.flush()
        self.file.seek(0)
        data = self.file.read()
        self.file.seek(0, os.SEEK_END)
        return data


class _Unwritten(Exception):
    def __init__(self, cause: OSError, target: Target) -> None:
        self.cause = cause
        self.target = target


@contextmanager
def writing(
    path: str | os.PathLike[str],
    inputs: Iterable[Path] = (),
    where: At = "--output",
    inside: Home | None = None,
) -> Iterator[Output]:
    """Write one result piece by piece into ``path`` (``-`` is standard output): see ``writing_all``."""
    with writing_all([(path, where, inside)], inputs) as (out,):
        yield out


@contextmanager
def writing_all(
    places: Sequence[tuple[str | os.PathLike[str], At, Home | None]], inputs: Iterable[Path] = ()
) -> Iterator[list[Output]]:
    """Write results that belong together (a book and its separate answers) piece by piece, all or
    none: each regular file gets a temporary file beside it, and only when every one is whole and on
    disk are they renamed into place, so a full disk never leaves a new book beside old answers; a
    stream gets a spool on disk, copied out when the work succeeds. Memory holds no copy of them.
    Only a failure to write is reported as one; any other error of the work passes through unchanged.
    Each of ``places`` is a path, who named it, and the folder it must stay in (see ``plan_output``)."""
    inputs = list(inputs)
    targets = [plan_output(path, inputs, where, inside) for path, where, inside in places]
    parts: list[_Part] = []
    current = targets[0]  # the file a failure is told of
    replaced: list[str] = []
    try:
        try:
            for current in targets:
                parts.append(_Part(current))
            try:
                yield [Output(part.stream, part.target) for part in parts]
            except OSError as exc:  # the work's own, such as a file it reads: not a failure to write
                raise _Passed(exc) from exc
            for part in parts:
                current = part.target
                part.finish()
            for part in parts:
                current = part.target
                part.commit()
                replaced.append(part.target.path)
        finally:
            for part in parts:
                part.close()
    except _Passed as passed:
        raise passed.error from None
    except (OSError, _Unwritten) as failure:
        cause, current = (
            (failure.cause, failure.target) if isinstance(failure, _Unwritten) else (failure, current)
        )
        name = "to standard output" if current.path == "-" else current.path
        raise PuzzlebookError(
            f"cannot write {name}: {_reason(cause, current, len(targets), replaced)}"
        ) from None


class _Passed(Exception):
    """An OSError of the work itself, carried past the handler for failures to write."""

    def __init__(self, error: OSError) -> None:
        self.error = error


def _reason(exc: OSError, target: Target, together: int = 1, replaced: Sequence[str] = ()) -> str:
    stream = target.file is None
    if exc.errno == errno.ENOSPC and stream:
        said = "no space left on the device"
    elif exc.errno == errno.ENOSPC and not replaced:
        left = {1: "the file was left as it was", 2: "both files were left as they were"}
        said = (
            f"no space left on the disk; {left.get(together, 'the files were left as they were')} (free "
            "some space and try again)"
        )
    elif exc.errno == errno.EBADF:
        said = "it is closed"
    elif exc.errno == errno.ENXIO:  # opened without blocking: a pipe's reader must be there already
        what = _what(target.path)
        said = (
            f"it is {what} {'that nobody is reading' if what == 'a named pipe' else 'with nothing behind it'}"
        )
    else:
        said = exc.strerror or str(exc)
    if replaced:  # a rename failed after another: rare, but never to be passed over
        said += f"; {' and '.join(replaced)} {'was' if len(replaced) == 1 else 'were'} written: write again"
    return said


def _what(path: str) -> str:
    """What a stream that leads nowhere is (a pipe without a reader, a device without its hardware)."""
    try:
        return what_it_is(os.stat(path), os.path.realpath(path)) or "a file"
    except OSError:
        return "a file"


def _stream(path: str, chunks: Iterable[bytes]) -> None:
    if path == "-":
        out = sys.stdout
        if out is None:
            raise OSError(errno.EBADF, "closed")
        out.flush()
        try:
            fd = out.fileno()
        except (OSError, ValueError):  # not a file (a test's captured stream): write through its buffer
            for chunk in chunks:
                out.buffer.write(chunk)
            out.buffer.flush()
            return
        for chunk in chunks:
            _write_all(fd, chunk)  # unbuffered: nothing is left to fail again when Python exits
        return
    # Non-blocking open: a named pipe with no reader fails at once (ENXIO) instead of hanging.
    flags = os.O_WRONLY | os.O_NONBLOCK | os.O_NOCTTY
    if stat.S_ISREG(os.stat(path).st_mode):
        flags |= os.O_TRUNC
    fd = os.open(path, flags)
    os.set_blocking(fd, True)
    with os.fdopen(fd, "wb") as stream:
        for chunk in chunks:
            stream.write(chunk)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


class _Part:
    """Where one result waits until every result of the work is whole: a temporary file beside its file,
    renamed over it at the end (the old file stays whole until then, keeping its permissions); for a
    stream, a spool on disk, copied out at the end. ``close`` removes whatever is left."""

    def __init__(self, target: Target) -> None:
        self.target = target
        self.tmp: str | None = None
        if target.file is None:
            self.stream: IO[bytes] = tempfile.TemporaryFile()  # noqa: SIM115 (closed by close)
            return
        try:
            self.mode = stat.S_IMODE(os.stat(target.file).st_mode)
        except FileNotFoundError:
            self.mode = 0o666 & ~_umask()
        clean_stale_parts(target.file)
        fd, self.tmp = tempfile.mkstemp(
            prefix=f".{target.file.name}.", suffix=f".{os.getpid()}{PART}", dir=target.file.parent
        )
        _WRITING.add(self.tmp)
        self.stream = os.fdopen(fd, "w+b")

    def finish(self) -> None:
        """Every byte on disk: a full disk is told here, before any file is replaced."""
        self.stream.flush()
        if self.tmp is not None:
            os.fsync(self.stream.fileno())

    def commit(self) -> None:
        if self.tmp is None or self.target.file is None:
            self.stream.seek(0)
            _stream(self.target.path, iter(partial(self.stream.read, 1 << 20), b""))
            return
        os.chmod(self.tmp, self.mode)
        os.replace(self.tmp, self.target.file)

    def close(self) -> None:
        self.stream.close()
        if self.tmp is not None:  # renamed, or left by a failure: gone either way
            Path(self.tmp).unlink(missing_ok=True)
            _WRITING.discard(self.tmp)


_WRITING: set[str] = set()
"""The temporary files this process is writing, for a Ctrl-C to remove (see ``signals.stop``)."""


def remove_parts() -> None:
    """Remove the temporary files being written, as the process is about to end."""
    for tmp in list(_WRITING):
        with contextlib.suppress(OSError):
            os.unlink(tmp)


def clean_stale_parts(file: Path) -> None:
    """Remove temporary files a killed build left beside ``file`` (``.book.pdf.XXXX.PID.part``), where
    that process no longer runs; a build still running elsewhere keeps its own."""
    prefix = f".{file.name}."
    try:
        names = os.listdir(file.parent)
    except OSError:
        return
    for name in names:
        if not (name.startswith(prefix) and name.endswith(PART)):
            continue
        pid = name[: -len(PART)].rpartition(".")[2]
        if pid.isdigit() and not process_running(int(pid)):
            (file.parent / name).unlink(missing_ok=True)


def process_running(pid: int) -> bool:
    """Whether process ``pid`` runs on this machine (one of another user's counts as running)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def spec_output_problem(folder: Path, output: str) -> str | None:
    """What is wrong with a spec's ``output:``: a shared spec may only write a PDF inside its own folder."""
    if "\x00" in output:  # the system calls below would refuse it with a traceback
        return "holds a NUL character (U+0000); write the file name plainly"
    if not output.lower().endswith(".pdf"):
        return f'must be a .pdf file name, such as "my-book.pdf", got "{output}"'
    too_long = long_name(output)  # before any system call, which would refuse it with a traceback
    if too_long:
        return too_long
    parts = Path(output).parts
    if Path(output).is_absolute() or output.startswith("~") or ".." in parts:
        return (
            f'"{output}" is outside the spec\'s folder; a spec writes only inside its own folder '
            "(to write elsewhere, use puzzlebook build -o PATH)"
        )
    if hidden(parts):  # .git/hooks.pdf, or .pdf: no name before the extension
        name = parts[-1].lstrip(".")
        instead = "/".join(
            [p for p in parts[:-1] if not hidden([p])] + [name if name.lower() != "pdf" else "book.pdf"]
        )
        return f'"{output}" {HIDDEN}; a spec never writes one: write "{instead}"'
    wrong = confined(str(folder / output), Home(folder))
    if wrong:
        return wrong
    real = Path(os.path.realpath(folder / output))
    if output.endswith(("/", os.sep)) or (folder / output).is_dir():
        return f'"{output}" is a folder; give a file name such as "{output.rstrip("/")}/book.pdf"'
    if not real.parent.is_dir():
        missing = os.path.dirname(output)
        return f'the folder "{missing}" does not exist; make it first, or write "{Path(output).name}"'
    return None
